"""Lost Cities bots: `easy`, `expert` (a planning heuristic) and `master` (determinized rollouts).

Every bot decides from its own view only. The heuristic and the search work on a compact model of the
table (`Table`): colours are indices, a card is `(colour, value)` with value 0 for a wager, hands and
expeditions are small per-colour lists. `Table.from_view` builds it from a view; the master fills the
unseen cards in at random (determinization) and plays the round out: its own seat with its own
constants (`OWN_TURNS`), the opponent as the expert.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from game.bots.search_pool import SearchPool, shared_pool
from game.core.engine import Engine
from game.core.rng import Rng
from game.core.types import Action
from game.rules.lost_cities import HAND_SIZE, card_colour, card_id, card_value

if TYPE_CHECKING:
    from game.bots.lost_cities_fast import ExpertParams

NUMBERS = tuple(range(2, 11))
DECK = -1  # a draw source: the draw pile; otherwise a colour index
PLAY, DISCARD = 0, 1


def _card(colours: list[str], c: int, v: int, wager_index: int = 1) -> str:
    return card_id(colours[c], f"w{wager_index}" if v == 0 else f"{v:02d}")


class Table:
    """The round as the model sees it. `deck` and the opponent's hand are real cards in a
    determinization, or left empty when the model stands for one seat's knowledge only."""

    __slots__ = ("n", "hands", "cnt", "sum", "wag", "top", "piles", "deck", "turn", "banned", "totals",
                 "unseen", "unknown_count", "_deck_count")

    def __init__(self, n: int) -> None:
        self.n = n
        self.hands: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(2)]
        self.cnt = [[0] * n for _ in range(2)]
        self.sum = [[0] * n for _ in range(2)]
        self.wag = [[0] * n for _ in range(2)]
        self.top = [[-1] * n for _ in range(2)]  # -1 unstarted, 0 wagers only, else top number
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[tuple[int, int]] = []
        self.turn = 0
        self.banned = -2  # the colour a seat discarded to this turn (ruling LC-3)
        self.totals = [0, 0]
        # for a single seat's knowledge (expert on a real view): unseen numbers per colour, count
        self.unseen: list[list[int]] | None = None
        self.unknown_count = 0
        self._deck_count = 0

    # --- building ------------------------------------------------------------------------------
    @classmethod
    def from_view(cls, view: dict[str, Any]) -> "Table":
        colours: list[str] = list(view["colours"])
        n = len(colours)
        me = int(view["seat"])
        table = cls(n)
        index = {c: i for i, c in enumerate(colours)}
        for card in view["hand"]:
            table.hands[me][index[card_colour(card)]].append(card_value(card))
        opp = 1 - me
        for card in view["known_in_hand"][opp]:
            table.hands[opp][index[card_colour(card)]].append(card_value(card))
        for seat in range(2):
            for colour, cards in view["expeditions"][seat].items():
                c = index[colour]
                for card in cards:
                    table._add_to_expedition(seat, c, card_value(card))
        for colour, cards in view["discards"].items():
            table.piles[index[colour]] = [card_value(card) for card in cards]
        for hand in table.hands:
            for lane in hand:
                lane.sort()
        table.turn = int(view["turn"])
        last = view.get("last_discard")
        table.banned = index[card_colour(last)] if last else -2
        table.totals = list(view["totals"])
        # what this seat cannot see: every card not in its hand, an expedition, a pile or known
        unseen: list[list[int]] = [[0, 0, 0] + list(NUMBERS) for _ in range(n)]
        seen = list(view["hand"]) + list(view["known_in_hand"][opp])
        seen += [card for seat in range(2) for cards in view["expeditions"][seat].values() for card in cards]
        seen += [card for cards in view["discards"].values() for card in cards]
        for card in seen:
            unseen[index[card_colour(card)]].remove(card_value(card))
        table.unseen = unseen
        table.unknown_count = sum(len(u) for u in unseen)
        table._deck_count = int(view["deck_count"])
        return table

    def _add_to_expedition(self, seat: int, c: int, v: int) -> None:
        self.cnt[seat][c] += 1
        self.sum[seat][c] += v
        if v == 0:
            self.wag[seat][c] += 1
            if self.top[seat][c] < 0:
                self.top[seat][c] = 0
        else:
            self.top[seat][c] = v

    def copy(self) -> "Table":
        other = Table.__new__(Table)
        other.n = self.n
        other.hands = [[list(lane) for lane in hand] for hand in self.hands]
        other.cnt = [list(x) for x in self.cnt]
        other.sum = [list(x) for x in self.sum]
        other.wag = [list(x) for x in self.wag]
        other.top = [list(x) for x in self.top]
        other.piles = [list(p) for p in self.piles]
        other.deck = list(self.deck)
        other.turn, other.banned, other.totals = self.turn, self.banned, list(self.totals)
        other.unseen, other.unknown_count, other._deck_count = None, 0, 0
        return other

    # --- what a seat knows ---------------------------------------------------------------------
    def deck_count(self) -> int:
        return len(self.deck) if self.unseen is None else self._deck_count

    def unseen_for(self, seat: int) -> tuple[list[list[int]], int]:
        """Numbers per colour that `seat` cannot see, and how many unseen cards there are."""
        if self.unseen is not None:
            return self.unseen, self.unknown_count
        unseen: list[list[int]] = [[] for _ in range(self.n)]
        for c, v in self.deck:
            if v:
                unseen[c].append(v)
        count = len(self.deck)
        for c, lane in enumerate(self.hands[1 - seat]):
            count += len(lane)
            unseen[c].extend(v for v in lane if v)
        return unseen, count

    # --- rules on the model --------------------------------------------------------------------
    def can_play(self, seat: int, c: int, v: int) -> bool:
        top = self.top[seat][c]
        return top <= 0 if v == 0 else v > top

    def play(self, seat: int, c: int, v: int) -> None:
        self.hands[seat][c].remove(v)
        self._add_to_expedition(seat, c, v)
        self.banned = -2

    def discard(self, seat: int, c: int, v: int) -> None:
        self.hands[seat][c].remove(v)
        self.piles[c].append(v)
        self.banned = c

    def draw(self, seat: int, source: int) -> bool:
        """Draw; returns True when the round ended (ruling LC-5)."""
        if source == DECK:
            c, v = self.deck.pop()
        else:
            c, v = source, self.piles[source].pop()
        lane = self.hands[seat][c]
        lane.append(v)
        lane.sort()
        self.banned = -2
        self.turn = 1 - seat
        return not self.deck

    def score(self, seat: int) -> int:
        total = 0
        for c in range(self.n):
            cnt = self.cnt[seat][c]
            if cnt:
                total += (self.sum[seat][c] - 20) * (1 + self.wag[seat][c]) + (20 if cnt >= 8 else 0)
        return total


# --- the expert's judgement ---------------------------------------------------------------------

def plan_colour(hand: list[int], cnt: int, total: int, wagers: int, top: int, unseen: list[int],
                reach: float) -> tuple[float, float, list[float]]:
    """Expected final score of one expedition if it is (or gets) started, its value if the seat stays
    free to leave it unstarted, and the worth of each hand card it still needs a turn to play.

    `reach` is the chance that an unseen card comes to this seat in time to be played in order."""
    floor = top if top > 1 else 1
    numbers = [v for v in hand if v > floor]
    hand_wagers = hand.count(0) if top <= 0 else 0
    base = total + sum(numbers)
    future = [u for u in unseen if u > floor]
    extra = reach * sum(future)
    expected_cards = cnt + len(numbers) + reach * len(future)
    best_value, best_k = -1e9, 0
    for k in range(hand_wagers + 1):
        mult = 1 + wagers + k
        n = expected_cards + k
        bonus = 20.0 if n >= 8 else (10.0 * (n - 6) if n > 6 else 0.0)
        value = (base + extra - 20) * mult + bonus
        if k:
            value -= 7.0 * k  # a wager is a bet: only when the plan carries it with room to spare
        if value > best_value:
            best_value, best_k = value, k
    mult = 1 + wagers + best_k
    needs = [float(v * mult) for v in numbers]
    if best_k:
        needs += [max(0.0, base + extra - 20)] * best_k
    free = best_value if cnt else max(0.0, best_value)
    return best_value, free, needs


class Judge:
    """The expert's evaluation of one seat's position on a `Table` (its own knowledge only)."""

    __slots__ = ("table", "seat", "unseen", "reach", "turns_after", "values", "needs", "deck_count")

    def __init__(self, table: Table, seat: int) -> None:
        self.table, self.seat = table, seat
        unseen, unknown = table.unseen_for(seat)
        self.unseen = unseen
        deck_count = table.deck_count()
        self.deck_count = deck_count
        my_draws = deck_count // 2
        self.reach = 0.7 * my_draws / unknown if unknown else 0.0
        self.turns_after = (deck_count + 1) // 2 - 1  # turns left after the current one
        self.values: list[float] = []
        self.needs: list[list[float]] = []
        for c in range(table.n):
            value, needs = self.colour(c, table.hands[seat][c], table.top[seat][c], table.cnt[seat][c],
                                       table.sum[seat][c], table.wag[seat][c])
            self.values.append(value)
            self.needs.append(needs)

    def colour(self, c: int, hand: list[int], top: int, cnt: int, total: int, wagers: int
               ) -> tuple[float, list[float]]:
        committed, free, needs = plan_colour(hand, cnt, total, wagers, top, self.unseen[c], self.reach)
        if not cnt and free <= 0:
            return 0.0, []
        return free, needs

    def total(self, changed: int, value: float, needs: list[float], turns: int) -> float:
        """The whole position with colour `changed` replaced: values minus what cannot be played
        in the turns left (the smallest needs go unplayed)."""
        score = value
        pending = list(needs)
        for c in range(self.table.n):
            if c != changed:
                score += self.values[c]
                pending += self.needs[c]
        excess = len(pending) - max(0, turns)
        if excess > 0:
            pending.sort()
            score -= sum(pending[:excess])
        return score

    def opponent_use(self, c: int, v: int) -> float:
        """How much the opponent gains if they get card (c, v): feeding them is a cost."""
        t = self.table
        opp = 1 - self.seat
        top = t.top[opp][c]
        if t.cnt[opp][c]:
            if (v == 0 and top <= 0) or (v > top and v > 0):
                return (v if v else 6) * (1 + t.wag[opp][c]) * 0.8
            return 0.0
        return 0.25 * v if self.deck_count > 10 else 0.1 * v

    def play_options(self) -> list[tuple[float, int, int, int]]:
        """(value, kind, colour, card value) for every play and discard this seat may make."""
        t, seat = self.table, self.seat
        options: list[tuple[float, int, int, int]] = []
        for c in range(t.n):
            hand = t.hands[seat][c]
            top, cnt, total, wagers = t.top[seat][c], t.cnt[seat][c], t.sum[seat][c], t.wag[seat][c]
            for v in sorted(set(hand)):
                rest = list(hand)
                rest.remove(v)
                if (top <= 0) if v == 0 else (v > top):
                    # once played, the expedition is committed: its value may go below zero
                    if v == 0:
                        value, needs = self.colour(c, rest, 0, cnt + 1, total, wagers + 1)
                    else:
                        value, needs = self.colour(c, rest, v, cnt + 1, total + v, wagers)
                    options.append((self.total(c, value, needs, self.turns_after) + 0.5, PLAY, c, v))
                value, needs = self.colour(c, rest, top, cnt, total, wagers)
                feed = self.opponent_use(c, v)
                options.append((self.total(c, value, needs, self.turns_after) - feed, DISCARD, c, v))
        return options

    def draw_options(self, banned: int) -> list[tuple[float, int]]:
        """(value, source) for every draw: a pile top is worth what it adds to the plan plus what it
        keeps from the opponent; the deck is an average card and brings the end nearer."""
        t, seat = self.table, self.seat
        turns = self.turns_after + 1  # the play of this turn is done: count the turns still to come
        base_total = self.total(-1, 0.0, [], turns)
        options: list[tuple[float, int]] = []
        if self.deck_count:
            ahead = (t.totals[seat] + self.estimate(seat)) - (t.totals[1 - seat] + self.estimate(1 - seat))
            hurry = 2.0 if ahead > 0 and self.deck_count <= 12 else 0.0
            options.append((base_total + 2.0 + hurry, DECK))
        for c in range(t.n):
            pile = t.piles[c]
            if not pile or c == banned:
                continue
            v = pile[-1]
            hand = t.hands[seat][c] + [v]
            hand.sort()
            value, needs = self.colour(c, hand, t.top[seat][c], t.cnt[seat][c], t.sum[seat][c], t.wag[seat][c])
            gain = self.total(c, value, needs, turns + 1) - base_total
            pending = sum(len(x) for x in self.needs)
            stretch = 3.0 if pending > turns and self.deck_count <= 16 else 0.0
            options.append((base_total + gain + 0.5 * self.opponent_use(c, v) + stretch, c))
        return options

    def estimate(self, seat: int) -> float:
        """The round score a seat's expeditions stand at now (public)."""
        t = self.table
        score = 0.0
        for c in range(t.n):
            if t.cnt[seat][c]:
                score += (t.sum[seat][c] - 20) * (1 + t.wag[seat][c])
        return score


def expert_play(table: Table, seat: int) -> tuple[int, int, int]:
    options = Judge(table, seat).play_options()
    best = max(options)
    return best[1], best[2], best[3]


def expert_draw(table: Table, seat: int) -> int:
    return max(Judge(table, seat).draw_options(table.banned))[1]


# --- turning model moves into actions --------------------------------------------------------------

def _hand_card(view: dict[str, Any], colours: list[str], c: int, v: int) -> str:
    for card in view["hand"]:
        if card_colour(card) == colours[c] and card_value(card) == v:
            return card
    raise ValueError("card not in hand")


def _to_action(view: dict[str, Any], legal: list[Action], kind: int, c: int, v: int) -> Action:
    colours = list(view["colours"])
    card = _hand_card(view, colours, c, v)
    action = Action.make(int(view["seat"]), "play" if kind == PLAY else "discard", card=card)
    return action if action in legal else legal[0]


def _draw_action(view: dict[str, Any], legal: list[Action], source: int) -> Action:
    colours = list(view["colours"])
    action = Action.make(int(view["seat"]), "draw", source="deck" if source == DECK else colours[source])
    return action if action in legal else legal[0]


class LostCitiesBot:
    """Shared plumbing: a bot is built with (engine, seat, seed) and sees views only."""

    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng.from_seed(seed, f"lost-cities-bot{seat}")

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        legal = [a for a in legal if a.kind != "undo"]  # a bot means the card it laid
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "draw":
            return self.choose_draw(view, legal)
        return self.choose_play(view, legal)

    def choose_play(self, view: dict[str, Any], legal: list[Action]) -> Action:
        raise NotImplementedError

    def choose_draw(self, view: dict[str, Any], legal: list[Action]) -> Action:
        raise NotImplementedError


class EasyBot(LostCitiesBot):
    """Legal moves with a light bias: extend its own expeditions without big jumps, rarely open late,
    and take a pile top only when it plays straight onto an expedition."""

    def choose_play(self, view: dict[str, Any], legal: list[Action]) -> Action:
        mine = view["expeditions"][self.seat]
        gentle = []
        for action in legal:
            if action.kind != "play":
                continue
            card = str(action["card"])
            lane = mine[card_colour(card)]
            if lane:
                top = card_value(lane[-1])
                if card_value(card) - top <= 3 or top == 0:
                    gentle.append(action)
            elif view["deck_count"] > 20 and (card_value(card) <= 5):
                gentle.append(action)
        if gentle and self.rng.random() < 0.85:
            return self.rng.choice(gentle)
        discards = [a for a in legal if a.kind == "discard" and not mine[card_colour(str(a["card"]))]]
        return self.rng.choice(discards or legal)

    def choose_draw(self, view: dict[str, Any], legal: list[Action]) -> Action:
        mine = view["expeditions"][self.seat]
        for action in legal:
            source = action["source"]
            if source == "deck":
                continue
            lane = mine[source]
            pile = view["discards"][source]
            if lane and (card_value(pile[-1]) > card_value(lane[-1])):
                return action
        deck = [a for a in legal if a["source"] == "deck"]
        return deck[0] if deck else self.rng.choice(legal)


class ExpertBot(LostCitiesBot):
    """A planning heuristic: each expedition's expected final score from its cards and the unseen
    cards it may still draw, wagers only when the plan carries them, discards that feed the opponent
    cost what they would give, and pile tops weighed against the deck (tempo near the end)."""

    def choose_play(self, view: dict[str, Any], legal: list[Action]) -> Action:
        table = Table.from_view(view)
        kind, c, v = expert_play(table, self.seat)
        return _to_action(view, legal, kind, c, v)

    def choose_draw(self, view: dict[str, Any], legal: list[Action]) -> Action:
        table = Table.from_view(view)
        return _draw_action(view, legal, expert_draw(table, self.seat))


class MasterBot(LostCitiesBot):
    """Determinized search over whole turns (play or discard, then draw) once the deck runs low.

    The master's own turns are the expert's judgement with what its plan leaves out (`OWN_TURNS` in
    game/bots/lost_cities_fast.py: starting a colour has a price, the chance to start it later
    with better cards, lower where the opponent has started it; and cards of a colour the
    opponent collects are less likely to come). That alone beats the expert in ~56 % of rounds;
    it is what the master plays while the deck is long, and what it assumes of itself in its
    playouts.

    Its own turn and the next best few are tried on the same sampled deals of the unseen cards
    (consistent with the view: the opponent's publicly known cards stay in its hand, the rest of its
    hand and the deck order are drawn at random from the unseen cards) and the round is played out,
    its own seat by `OWN_TURNS` and the opponent by the expert, then scored exactly. The budget is
    split by sequential halving (its own turn always stays in), and the search leaves that turn
    only for a clear paired advantage on the same deals.

    The deals are fitted to the opponent's last turn where a few tries allow (`OpponentTurn`).

    Why only late: a playout turn costs ~0.03 ms (the expert's turn through `fast_turn`, exactly the
    expert's decisions, ~3x faster than `expert_play` + `expert_draw`), and a search plays 4,500
    simulated turns: with 20 cards left ~200 exact playouts, enough to see tempo (the deck is the
    clock), last wagers and which expeditions can still be finished. Earlier in the round the same
    budget gives a few long playouts per turn, too noisy to beat its own ranking, so there the
    master's own turn is kept (measured before `OWN_TURNS`: starting at 26 cards gained nothing;
    from 24 with a stricter threshold, departures that `tools/audit_lost_cities.py` finds worth
    +4.3 value units per 400 rounds did not show in the games: 22 rounds better, 25 worse of 400).
    More playouts stopped paying at this budget: 8,000 turns won 58.2 % of
    1,000 rounds against 59.3 % for 4,500 (docs/bench/lost-cities.md), so the two helper
    processes (`search_pool`) halve the wait instead (~0.08 s a search).
    The effort is a fixed count of simulated turns: the bot is deterministic for a seed."""

    plays_considered = 4
    draws_per_play = 2
    budget_turns = 4500  # simulated turns per decision: ~0.08 s a search on two helper processes
    horizon_turns = 60  # past the end of any round: playouts are scored exactly
    search_below_deck = 20
    caution = 0.5
    inference_tries = 4  # deals tried per playout deal to fit the opponent's last turn; 1 = none

    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        super().__init__(engine, seat, seed)
        # imported here, not at the top (the fast module builds on this one's Table), and now, so
        # that its one-time set-up is not paid inside a timed move
        from game.bots.lost_cities_fast import OWN_TURNS

        self.own_policy: ExpertParams = OWN_TURNS
        self.pool: SearchPool = shared_pool()
        self.planned_draw: tuple[int, int, Any] | None = None
        self.after_my_turn: dict[str, Any] | None = None  # the public table the opponent then faced
        self.evidence: OpponentTurn | None = None

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        action = super().choose(view, legal)
        if view["phase"] == "draw":
            self.after_my_turn = table_after_draw(view, action)
        return action

    def choose_play(self, view: dict[str, Any], legal: list[Action]) -> Action:
        table = Table.from_view(view)
        pairs = self.candidate_turns(table)
        if table.deck_count() > self.search_below_deck:
            pairs = pairs[:1]
        self.evidence = None
        if len(pairs) > 1 and self.inference_tries > 1:
            self.evidence = OpponentTurn.read(view, self.after_my_turn)
        choice = pairs[0] if len(pairs) == 1 else self.search(table, pairs)
        kind, c, v, source = choice
        self.planned_draw = (int(view["round"]), int(view["deck_count"]), source)
        return _to_action(view, legal, kind, c, v)

    def choose_draw(self, view: dict[str, Any], legal: list[Action]) -> Action:
        planned = self.planned_draw
        self.planned_draw = None
        if planned and planned[:2] == (int(view["round"]), int(view["deck_count"])):
            action = _draw_action(view, legal, planned[2])
            if action in legal:
                return action
        from game.bots.lost_cities_fast import fast_draw

        return _draw_action(view, legal, fast_draw(Table.from_view(view), self.seat, self.own_policy))

    def _after(self, table: Table, kind: int, c: int, v: int) -> Table:
        after = table.copy()
        after.unseen, after.unknown_count = table.unseen, table.unknown_count
        after._deck_count = table.deck_count()
        (after.play if kind == PLAY else after.discard)(self.seat, c, v)
        return after

    def candidate_turns(self, table: Table) -> list[tuple[int, int, int, int]]:
        """The master's own turn first (the expert's judgement with `own_policy`'s constants: its best
        play or discard and that play's best draw, as `fast_play` and `fast_draw` choose them), then
        its next best (play or discard, draw) pairs."""
        from game.bots.lost_cities_fast import fast_draw_options, fast_play_options

        policy = self.own_policy
        options = sorted(fast_play_options(table, self.seat, policy), reverse=True)
        pairs: list[tuple[int, int, int, int]] = []
        seen: set[tuple[int, int, int]] = set()
        for _, kind, c, v in options:
            if (kind, c, v) in seen:
                continue
            seen.add((kind, c, v))
            if len(seen) > self.plays_considered:
                break
            after = self._after(table, kind, c, v)
            draws = sorted(fast_draw_options(after, self.seat, policy), reverse=True)
            pairs.extend((kind, c, v, source) for _, source in draws[: self.draws_per_play])
        return pairs

    def search(self, table: Table, pairs: list[tuple[int, int, int, int]]) -> tuple[int, int, int, int]:
        """The turn to make: its own (the first candidate) unless `pick` finds a clear departure."""
        return pairs[self.pick(table, self.finalists(table, pairs))]

    def pick(self, table: Table, finalists: list["Departure"]) -> int:
        """Leave its own turn (the first candidate) only for a departure whose paired mean advantage
        on the same deals stands `caution` standard errors clear of zero: with few deals, picking the
        best of many noisy means is the winner's curse, and it loses to simply keeping its own turn.
        `tools/audit_lost_cities.py`, which measures each departure on the opponent's true hand,
        finds 0.5 as good as any threshold (docs/bench/lost-cities.md)."""
        best, best_edge = 0, 0.0
        for departure in finalists:
            edge = departure.mean - self.caution * departure.standard_error
            if edge > best_edge:
                best, best_edge = departure.index, edge
        return best

    def finalists(self, table: Table, pairs: list[tuple[int, int, int, int]]) -> list["Departure"]:
        """Sequential halving on common deals (its own turn, first, always stays in); the
        survivors' paired advantages over it on the deals they shared.

        Each phase's deals are split into `SHARDS` shards, each with its own seed drawn from the
        bot's stream, played out by `playout_shard` in the search pool's helper processes (one a
        core) or here when there are none: the same numbers either way, so the bot's decisions do
        not depend on where they were computed."""
        phases = max(1, (len(pairs) - 1).bit_length())
        results: list[list[float]] = [[] for _ in pairs]
        alive = list(range(len(pairs)))
        # the budget is simulated turns: a playout is at least the deck's length, longer when the
        # expert draws from the piles, so later phases size their deals by the turns seen so far
        spent, playouts = 0, 0
        length = min(table.deck_count(), self.horizon_turns) + 1.0
        for phase in range(phases):
            allowance = (self.budget_turns - spent) / (phases - phase)
            deals = max(SHARDS, int(allowance / (len(alive) * length)))
            shards = [PlayoutShard(table, self.seat, [pairs[i] for i in alive], self.evidence, self.inference_tries,
                                   self.horizon_turns, self.rng.next_u64(), deals // SHARDS + (k < deals % SHARDS),
                                   self.own_policy)
                      for k in range(SHARDS)]
            for shard_values, shard_turns in self.pool.run(shards):
                for i, values in zip(alive, shard_values):
                    results[i].extend(values)
                spent += shard_turns
            playouts += deals * len(alive)
            length = spent / playouts
            if phase < phases - 1:
                ranked = sorted(alive[1:], key=lambda i: -sum(results[i]) / len(results[i]))
                alive = [0] + ranked[: max(1, len(alive) // 2 - 1)]
        finalists = []
        for i in alive[1:]:
            diffs = [a - b for a, b in zip(results[i], results[0][-len(results[i]):])]
            n = len(diffs)
            mean = sum(diffs) / n
            spread = (sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)) ** 0.5
            finalists.append(Departure(i, mean, spread, n))
        return finalists


class Departure(NamedTuple):
    """A surviving alternative to the master's own turn: its paired advantage over that turn."""

    index: int  # in the search's pairs
    mean: float  # mean playout value difference on the shared deals
    spread: float  # standard deviation of that difference
    deals: int

    @property
    def standard_error(self) -> float:
        """Of `mean`."""
        return self.spread / self.deals ** 0.5


SHARDS = 2  # a search phase's deals come in this many seeded shards: one per core of the machine


class PlayoutShard(NamedTuple):
    """Part of one search phase, self-contained so that a helper process can play it: `deals`
    deals of the unseen cards drawn from `seed`, each played out after every one of `pairs`."""

    table: Table  # the deciding seat's knowledge (`unseen` set)
    seat: int
    pairs: list[tuple[int, int, int, int]]  # (kind, colour, value, draw source)
    evidence: "OpponentTurn | None"
    inference_tries: int
    horizon_turns: int
    seed: int
    deals: int
    own_policy: "ExpertParams | None" = None  # the searching seat's later turns; None: the expert's


def seat_turns(me: int, own_policy: "ExpertParams | None") -> Callable[[Table, int], tuple[int, int, int, int]]:
    """A playout's turn: `own_policy`'s for seat `me`, the expert's (the model of the opponent) for
    the other seat; the expert's for both when `own_policy` is None."""
    from game.bots.lost_cities_fast import EXPERT, fast_turn  # (the fast module builds on this one)

    if own_policy is None or own_policy == EXPERT:
        return fast_turn

    def turn(sim: Table, seat: int) -> tuple[int, int, int, int]:
        return fast_turn(sim, seat, own_policy if seat == me else EXPERT)

    return turn


def playout_shard(shard: PlayoutShard) -> tuple[list[list[float]], int]:
    """(values, turns): values[p][d] is the playout value of pair p on deal d (every pair on the
    same deals), and turns the simulated turns it took in all."""
    fast_turn = seat_turns(shard.seat, shard.own_policy)
    rng = Rng.from_seed(shard.seed, "lost-cities-shard")
    values: list[list[float]] = [[] for _ in shard.pairs]
    turns = 0
    for _ in range(shard.deals):
        world = determinize(shard.table, shard.seat, shard.evidence, shard.inference_tries, rng)
        for pair, out in zip(shard.pairs, values):
            value, steps = rollout(world.copy(), shard.seat, pair, shard.horizon_turns, fast_turn)
            out.append(value)
            turns += steps
    return values, turns


def determinize(table: Table, seat: int, evidence: "OpponentTurn | None", tries: int, rng: Rng) -> Table:
    """A deal consistent with the view and, when it can be found in a few tries, with the
    opponent's last turn: a hand with which the expert would have made that same play or
    discard (rejection sampling; the expert is the model of the opponent)."""
    world = deal(table, seat, rng)
    if evidence is not None:
        for _ in range(tries - 1):
            if evidence.fits(world, rng):
                break
            world = deal(table, seat, rng)
    return world


def deal(table: Table, seat: int, rng: Rng) -> Table:
    """A full table consistent with `seat`'s view: the unseen cards dealt at random into the
    opponent's hand (beside its known cards) and the deck."""
    world = table.copy()
    opp = 1 - seat
    unknown: list[tuple[int, int]] = []
    assert table.unseen is not None
    for c, lane in enumerate(table.unseen):
        unknown.extend((c, v) for v in lane)
    rng.shuffle(unknown)
    missing = HAND_SIZE - sum(len(lane) for lane in world.hands[opp])
    for c, v in unknown[:missing]:
        world.hands[opp][c].append(v)
    for lane in world.hands[opp]:
        lane.sort()
    world.deck = unknown[missing:]
    return world


def rollout(sim: Table, me: int, pair: tuple[int, int, int, int], horizon: int,
            fast_turn: Callable[[Table, int], tuple[int, int, int, int]]) -> tuple[float, int]:
    """Play the turn, then `fast_turn` for both seats up to the horizon; the value is a smooth
    function of the final score difference (or of its estimate at the horizon). Returns the value
    and the turns simulated (the pair's own counts as one).
    `fast_turn` decides a seat's whole turn (`seat_turns`: the master's own policy for its seat,
    the expert's, exactly and ~3x faster than expert_play + expert_draw, for the opponent)."""
    kind, c, v, source = pair
    (sim.play if kind == PLAY else sim.discard)(me, c, v)
    ended = sim.draw(me, source)
    steps = 0
    while not ended and steps < horizon:
        steps += 1
        seat = sim.turn
        ended = sim.draw(seat, fast_turn(sim, seat)[3])
    if ended:
        mine, theirs = float(sim.score(me)), float(sim.score(1 - me))
    else:
        mine, theirs = leaf_estimate(sim, me), leaf_estimate(sim, 1 - me)
    diff = (sim.totals[me] + mine) - (sim.totals[1 - me] + theirs)
    return diff / (abs(diff) + 25.0) + diff / 400.0, steps + 1


def table_after_draw(view: dict[str, Any], draw: Action) -> dict[str, Any]:
    """The public table right after this seat's draw: what the opponent's next turn starts from."""
    discards = {colour: list(pile) for colour, pile in view["discards"].items()}
    deck_count = int(view["deck_count"])
    if draw["source"] == "deck":
        deck_count -= 1
    else:
        discards[str(draw["source"])].pop()
    opp = 1 - int(view["seat"])
    return {"round": view["round"], "deck_count": deck_count, "discards": discards,
            "theirs": {colour: list(cards) for colour, cards in view["expeditions"][opp].items()}}


class OpponentTurn:
    """The opponent's last turn as seen in public (what it played or discarded, where it drew from)
    and the table it faced, to test whether a sampled hand explains that turn."""

    __slots__ = ("before", "opp", "kind", "colour", "value", "drawn", "known", "my_known")

    def __init__(self, before: Table, opp: int, kind: int, colour: int, value: int,
                 drawn: tuple[int, int] | None, known: list[tuple[int, int]]) -> None:
        self.before, self.opp, self.kind, self.colour, self.value = before, opp, kind, colour, value
        self.drawn = drawn  # the pile card it took, or None for the deck
        self.known = known  # the cards it held in public view before this turn
        self.my_known: list[tuple[int, int]] = []  # ours in public view: not unseen to it

    @classmethod
    def read(cls, view: dict[str, Any], after_my_turn: dict[str, Any] | None) -> "OpponentTurn | None":
        """Compare this view with the table after our own last draw; None when they don't connect
        (a new round, or no turn of ours was seen)."""
        if after_my_turn is None or after_my_turn["round"] != view["round"]:
            return None
        me = int(view["seat"])
        opp = 1 - me
        colours = list(view["colours"])
        theirs = {colour: list(cards) for colour, cards in view["expeditions"][opp].items()}
        discards = {colour: list(pile) for colour, pile in view["discards"].items()}
        laid: list[tuple[int, str]] = []
        for colour in colours:
            grown = len(theirs[colour]) - len(after_my_turn["theirs"][colour])
            if grown == 1:
                laid.append((PLAY, theirs[colour].pop()))
            grown = len(discards[colour]) - len(after_my_turn["discards"][colour])
            if grown == 1:
                laid.append((DISCARD, discards[colour].pop()))
        drawn_colour = [c for c in colours if len(discards[c]) == len(after_my_turn["discards"][c]) - 1]
        from_deck = int(view["deck_count"]) == after_my_turn["deck_count"] - 1
        if len(laid) != 1 or len(drawn_colour) + from_deck != 1:
            return None
        kind, card = laid[0]
        drawn: tuple[int, int] | None = None
        known = list(view["known_in_hand"][opp])
        if drawn_colour:
            pile_card = after_my_turn["discards"][drawn_colour[0]][-1]
            discards[drawn_colour[0]].append(pile_card)
            drawn = (colours.index(drawn_colour[0]), card_value(pile_card))
            if pile_card in known:
                known.remove(pile_card)
        before_view = dict(view)
        before_view.update({"expeditions": [view["expeditions"][0], view["expeditions"][1]], "discards": discards,
                            "known_in_hand": [[], []], "turn": opp, "last_discard": None,
                            "deck_count": int(view["deck_count"]) + (1 if from_deck else 0)})
        before_view["expeditions"][opp] = theirs
        before = Table.from_view(before_view)
        known_cards = [(colours.index(card_colour(k)), card_value(k)) for k in known]
        turn = cls(before, opp, kind, colours.index(card_colour(card)), card_value(card), drawn, known_cards)
        turn.my_known = [(colours.index(card_colour(k)), card_value(k)) for k in view["known_in_hand"][me]]
        return turn

    def fits(self, world: Table, rng: Rng) -> bool:
        """Would the expert, holding this world's hand as it was before its turn, have laid the same
        card the same way? The deck card it drew (if any) is one of its cards not publicly known."""
        opp = self.opp
        hand = [list(lane) for lane in world.hands[opp]]
        deck = list(world.deck)
        if self.drawn is not None:
            hand[self.drawn[0]].remove(self.drawn[1])
        else:
            loose = [(c, v) for c in range(world.n) for v in hand[c]]
            for card in self.known:
                loose.remove(card)
            c, v = loose[rng.below(len(loose))]
            hand[c].remove(v)
            deck.append((c, v))
        hand[self.colour].append(self.value)
        for lane in hand:
            lane.sort()
        before = self.before.copy()
        before.hands[opp] = hand
        before.deck = deck
        unseen, count = before.unseen_for(opp)
        for c, v in self.my_known:  # what the opponent's own view shows it of our hand
            count -= 1
            if v:
                unseen[c].remove(v)
        before.unseen, before.unknown_count, before._deck_count = unseen, count, len(deck)
        from game.bots.lost_cities_fast import fast_play  # exactly expert_play, faster

        return fast_play(before, opp) == (self.kind, self.colour, self.value)


def leaf_estimate(sim: Table, seat: int) -> float:
    """The expert's estimate of a seat's final round score, from that seat's knowledge."""
    judge = Judge(sim, seat)
    turns = judge.turns_after + (1 if sim.turn == seat else 0)
    return judge.total(-1, 0.0, [], turns)


BOTS = {"easy": EasyBot, "expert": ExpertBot, "master": MasterBot}
