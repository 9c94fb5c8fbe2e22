"""Lost in Time bots: easy, expert and master. Each sees only its own view and its legal actions.

- `easy` travels with a random fitting card and mostly skips its action.
- `expert` scores every legal action by the timeline it leads to: the total it banks (youngest year
  plus VIP/Disaster bonuses, never beyond 2031), the cards left in hand (a young card that would push it
  past 2031 is a trap once the Chronos card turns blue, because travelling is compulsory), the threat of
  the leader (steal from them or make them skip) and, as the last to act, the next round's direction.
- `master` deals the unseen cards at random consistently with its view (determinization), plays each
  of the expert's best few actions forward with expert play for every seat, and keeps the one that wins
  most often (exact outcome at the end of the game, a heuristic margin at the search horizon).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.engine import Engine
from game.core.rng import Rng
from game.core.types import Action
from game.rules.lost_in_time import (ARROW, CARD_IDS, CHIP_BONUS, CHIPS, DISASTER_BONUS, FINAL_LENGTH, KIND,
                                     TARGET_YEAR, VIP_BONUS, YEAR, timeline_total)

BONUS = {"event": 0, "vip": VIP_BONUS, "disaster": DISASTER_BONUS}
LOST = -4000.0  # a timeline beyond 2031 has lost the game


@dataclass(slots=True)
class Table:
    """What a decision needs, read from a view (bots) or from a search state (master's rollouts)."""

    seat: int
    players: int
    hand: list[str]
    timelines: list[list[str]]
    tilted: list[str | None]
    hand_size: list[int]
    skips: list[int]
    direction: str
    dealer: int
    turn: int
    chips: bool
    final_round: bool
    discard_top: str | None

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> "Table":
        timelines = [[entry["card"] for entry in line] for line in view["timelines"]]
        tilted = [next((e["card"] for e in line if e["tilted"]), None) for line in view["timelines"]]
        return cls(view["seat"], view["players"], list(view["hand"]), timelines, tilted, list(view["hand_size"]),
                   list(view["skips_pending"]), view["direction"], view["dealer"], view["turn"],
                   bool(view["options"]["chips"]), bool(view["final_round"]), view["discard_top"])

    @classmethod
    def from_state(cls, state: dict[str, Any], seat: int) -> "Table":
        """Only for master's own hypothetical states (never the real game state)."""
        return cls(seat, len(state["hands"]), state["hands"][seat], state["timelines"], state["tilted"],
                   [len(h) for h in state["hands"]], state["skips"], state["direction"], state["dealer"],
                   state["turn"], state["options"]["chips"], state["final_round"],
                   state["discard"][-1] if state["discard"] else None)


def card_bonus(card: str, chips: bool) -> int:
    return BONUS[KIND[card]] + (CHIP_BONUS * CHIPS[card] if chips else 0)


def total_of(timeline: list[str], chips: bool) -> int | None:
    return timeline_total(timeline, chips)


def total_term(total: int | None) -> float:
    """How good a banked total is: closer to 2031 from below is better; beyond it has lost."""
    if total is None:
        return 1700.0
    if total > TARGET_YEAR:
        return LOST - (total - TARGET_YEAR)
    return float(total)


def hand_value(hand: list[str], timeline: list[str], chips: bool) -> float:
    """What the cards kept in hand are worth to this timeline in the coming rounds."""
    if not timeline:
        return 4.0 * len(hand)
    total = total_of(timeline, chips) or 0
    youngest, oldest = YEAR[timeline[-1]], YEAR[timeline[0]]
    value = 0.0
    safe_future = safe_past = False
    traps = 0
    best_gain = 0.0
    for card in hand:
        year, kind = YEAR[card], KIND[card]
        bonus = card_bonus(card, chips)
        if year > youngest:
            after = total - youngest + year + bonus
            if after <= TARGET_YEAR:
                safe_future = True
                best_gain = max(best_gain, after - total)
                value += 3.0
            elif kind == "event":
                traps += 1  # compulsory travel would push us past 2031
            else:
                value += 2.0  # a VIP/Disaster can always be dumped on an opponent
        elif year < oldest:
            if total + bonus <= TARGET_YEAR:
                safe_past = True
                value += 3.0 + 0.5 * bonus
            elif kind != "event":
                value += 2.0
        elif kind != "event":
            value += 2.0  # a weapon even when it does not fit
    value += 0.45 * best_gain
    if not safe_future:
        value -= 10.0 + 12.0 * traps
    if not safe_past:
        value -= 6.0
    return value


def position_value(timeline: list[str], hand: list[str], tilted: str | None, chips: bool, length_weight: float) -> float:
    total = total_of(timeline, chips)
    value = total_term(total) + hand_value(hand, timeline, chips) + length_weight * len(timeline)
    if tilted is not None:
        value -= 8.0
    return value


def seat_strength(table: Table, seat: int) -> float:
    """A public estimate of how well an opponent stands (banked total and progress)."""
    timeline = table.timelines[seat]
    total = total_of(timeline, table.chips)
    if total is None:
        return 1600.0
    if total > TARGET_YEAR:
        return LOST
    return total + 6.0 * len(timeline) + 3.0 * table.hand_size[seat]


def fits(card: str, timeline: list[str], direction: str) -> bool:
    if not timeline:
        return True
    if direction == "future":
        return YEAR[card] > YEAR[timeline[-1]]
    return YEAR[card] < YEAR[timeline[0]]


def placed(timeline: list[str], card: str, direction: str) -> list[str]:
    if not timeline or direction == "future":
        return timeline + [card]
    return [card] + timeline


class ExpertPolicy:
    """The expert's scoring, shared by ExpertBot and master's rollouts. Deterministic: no chance."""

    def length_weight(self, table: Table) -> float:
        lead = max(len(t) for t in table.timelines)
        return 4.0 if lead < FINAL_LENGTH - 2 else 2.0

    def travel_value(self, table: Table, hand: list[str]) -> float:
        """The best position reachable by placing one card of `hand` (or failing to travel)."""
        timeline = table.timelines[table.seat]
        weight = self.length_weight(table)
        best = None
        for card in hand:
            if fits(card, timeline, table.direction):
                rest = [c for c in hand if c != card]
                value = position_value(placed(timeline, card, table.direction), rest, None, table.chips, weight)
                if best is None or value > best:
                    best = value
        if best is not None:
            return best
        tilted = table.tilted[table.seat]
        if tilted is not None:  # ruling LT-7: the tilted card is lost
            rest_line = [c for c in timeline if c != tilted]
            return position_value(rest_line, hand, None, table.chips, weight) - 4.0
        if not timeline:
            return position_value(timeline, hand, None, table.chips, weight)
        outer = timeline[-1] if table.direction == "future" else timeline[0]
        return position_value(timeline, hand, outer, table.chips, weight)

    def leader(self, table: Table) -> int:
        opponents = [s for s in range(table.players) if s != table.seat]
        return max(opponents, key=lambda s: (seat_strength(table, s), -((s - table.seat) % table.players)))

    def wanted_direction(self, table: Table, hand: list[str]) -> tuple[str, float]:
        """Which way we want the next round to go, and how much it matters to us."""
        timeline = table.timelines[table.seat]
        if not timeline:
            return "future", 0.0
        scores = {}
        weight = self.length_weight(table)
        for direction in ("future", "past"):
            best = -1e9
            for card in hand:
                if fits(card, timeline, direction):
                    rest = [c for c in hand if c != card]
                    best = max(best, position_value(placed(timeline, card, direction), rest, None, table.chips, weight))
            if best < -1e8:
                best = position_value(timeline, hand, timeline[-1], table.chips, weight) - 10.0
            scores[direction] = best
        want = "future" if scores["future"] >= scores["past"] else "past"
        return want, abs(scores["future"] - scores["past"])

    def score_action(self, table: Table, action: Action, refill: float) -> float:
        """The expert's value of an action-phase choice (higher is better)."""
        hand = table.hand
        kind = action.kind
        last_to_act = table.seat == table.dealer
        if kind == "pass":
            rest = hand
            value = self.travel_value(table, rest)
            top = table.discard_top
        elif kind == "discard":
            cards = list(action["cards"])
            rest = [c for c in hand if c not in cards]
            value = self.travel_value(table, rest) + refill * len(cards)
            top = cards[-1]
        else:
            card, target = action["card"], action["target"]
            rest = [c for c in hand if c != card]
            top = table.discard_top
            value = self.travel_value(table, rest)
            threat = seat_strength(table, target)
            best = max(seat_strength(table, s) for s in range(table.players) if s != table.seat)
            aim = 6.0 if threat >= best else 0.0
            if threat <= LOST:
                aim -= 10.0  # already beyond 2031: leave them be
            if kind == "vip":
                value += refill + 4.0 + aim
            else:
                close = len(table.timelines[target]) >= FINAL_LENGTH - 1
                value += 9.0 + aim + (6.0 if close else 0.0)
        if top is not None:
            # the top of the discard pile at the end of the round sets the next direction (LT-6)
            want, stake = self.wanted_direction(table, rest)
            sway = 0.5 if last_to_act else 0.15
            if ARROW[top] == want:
                value += sway * min(stake, 40.0)
        return value

    def choose_travel(self, table: Table, legal: list[Action]) -> Action:
        timeline = table.timelines[table.seat]
        weight = self.length_weight(table)
        best_action, best_value = legal[0], None
        for action in legal:
            if action.kind != "place":
                return action
            card = action["card"]
            rest = [c for c in table.hand if c != card]
            value = position_value(placed(timeline, card, table.direction), rest, None, table.chips, weight)
            if best_value is None or value > best_value:
                best_action, best_value = action, value
        return best_action

    def refill_value(self, table: Table) -> float:
        """A fresh card from the deck is worth about this much (it replaces what we discard)."""
        return 1.5

    def rank(self, table: Table, legal: list[Action]) -> list[tuple[float, Action]]:
        if legal[0].kind in ("place", "cannot_travel"):
            timeline = table.timelines[table.seat]
            weight = self.length_weight(table)
            scored = []
            for action in legal:
                if action.kind == "cannot_travel":
                    return [(0.0, action)]
                rest = [c for c in table.hand if c != action["card"]]
                scored.append((position_value(placed(timeline, action["card"], table.direction), rest, None,
                                              table.chips, weight), action))
            scored.sort(key=lambda item: -item[0])
            return scored
        refill = self.refill_value(table)
        scored = [(self.score_action(table, action, refill), action) for action in legal]
        scored.sort(key=lambda item: -item[0])
        return scored

    def choose(self, table: Table, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if legal[0].kind in ("place", "cannot_travel"):
            return self.choose_travel(table, legal)
        refill = self.refill_value(table)
        best_action, best_value = legal[0], None
        for action in legal:
            value = self.score_action(table, action, refill)
            if best_value is None or value > best_value:
                best_action, best_value = action, value
        return best_action


class EasyBot:
    """Mostly skips its action; travels with a random card that fits."""

    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        self.engine, self.seat, self.rng = engine, seat, Rng.from_seed(seed, f"lit-easy{seat}")

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if legal[0].kind in ("place", "cannot_travel"):
            return self.rng.choice(legal)
        roll = self.rng.random()
        if roll < 0.6:
            return next(a for a in legal if a.kind == "pass")
        others = [a for a in legal if a.kind != "pass"]
        return self.rng.choice(others) if others else legal[0]


class ExpertBot:
    """Steers its own timeline towards 2031 by scoring every legal action (see ExpertPolicy)."""

    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        self.engine, self.seat = engine, seat
        self.policy = ExpertPolicy()

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.policy.choose(Table.from_view(view), legal)


class MasterBot:
    """Determinized search over the expert's best candidates with expert rollouts."""

    candidates = 4
    worlds = 8
    horizon_rounds = 2

    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        self.engine, self.seat = engine, seat
        self.rng = Rng.from_seed(seed, f"lit-master{seat}")
        self.policy = ExpertPolicy()

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        table = Table.from_view(view)
        ranked = self.policy.rank(table, legal)
        shortlist = [action for _, action in ranked[: self.candidates]]
        if len(shortlist) == 1:
            return shortlist[0]
        totals = [0.0] * len(shortlist)
        for _ in range(self.worlds):
            world = self.determinize(view)
            for index, action in enumerate(shortlist):
                state = self.engine.copy_state(world)
                self.engine._apply(state, action)
                totals[index] += self.rollout(state, view["round"])
        best = max(range(len(shortlist)), key=lambda i: (totals[i], -i))
        return shortlist[best]

    def determinize(self, view: dict[str, Any]) -> dict[str, Any]:
        """A full state consistent with the view: unseen cards dealt at random to hands and deck."""
        n = view["players"]
        seen = set(view["hand"]) | set(view["discard_pile"]) | set(view["side_pile"])
        timelines = [[entry["card"] for entry in line] for line in view["timelines"]]
        for line in timelines:
            seen.update(line)
        unseen = [card for card in CARD_IDS if card not in seen]
        self.rng.shuffle(unseen)
        hands: list[list[str]] = []
        for seat in range(n):
            if seat == self.seat:
                hands.append(list(view["hand"]))
            else:
                size = view["hand_size"][seat]
                hands.append(unseen[:size])
                unseen = unseen[size:]
        turn_index = (view["turn"] - view["dealer"] - 1) % n
        return {
            "names": list(view["names"]), "options": dict(view["options"]),
            "draw": unseen, "discard": list(view["discard_pile"]), "side": list(view["side_pile"]),
            "hands": hands, "timelines": timelines,
            "tilted": [next((e["card"] for e in line if e["tilted"]), None) for line in view["timelines"]],
            "skips": list(view["skips_pending"]), "dealer": view["dealer"], "direction": view["direction"],
            "round": view["round"], "turn_index": turn_index, "turn": view["turn"], "phase": view["phase"],
            "final_round": view["final_round"], "ender": view["ender"], "over": False, "capped": False,
            "last": None, "rng": self.rng.next_u64(),
        }

    def rollout(self, state: dict[str, Any], start_round: int) -> float:
        """Play on with expert moves; 1 per win at the end, else a margin-based estimate."""
        engine = self.engine
        limit = start_round + self.horizon_rounds
        while not state["over"] and state["round"] <= limit:
            seat = state["turn"]
            legal = engine.legal_actions(state, seat)
            action = self.policy.choose(Table.from_state(state, seat), legal)
            engine._apply(state, action)
        if state["over"]:
            outcome = engine.result(state)
            if outcome is None or self.seat not in outcome.winners:
                return 0.0
            return 1.0 / len(outcome.winners)
        return self.estimate(state)

    def estimate(self, state: dict[str, Any]) -> float:
        """A win chance proxy at the horizon: our position against the best opponent's."""
        chips = state["options"]["chips"]
        weight = 3.0
        values = []
        for seat in range(len(state["hands"])):
            values.append(position_value(state["timelines"][seat], state["hands"][seat], state["tilted"][seat],
                                         chips, weight))
        mine = values[self.seat]
        best_other = max(v for s, v in enumerate(values) if s != self.seat)
        margin = (mine - best_other) / 15.0
        margin = max(-30.0, min(30.0, margin))
        return 1.0 / (1.0 + pow(2.718281828, -margin))


BOTS = {"easy": EasyBot, "expert": ExpertBot, "master": MasterBot}
