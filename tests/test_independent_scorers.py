"""Independent referees: the rules re-derived from the rulebooks and RULINGS, without the engines' code,
checked against the engines over many random games.

Each referee reads only the engine's state layout (the facts on the table) and decides by itself
which moves are legal and what everything scores; the engine must agree at every step. CI plays a
few hundred games per game; `TABLETIME_REFEREE_GAMES=5000` runs thousands.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from game.core import Action, GameConfig, Rng, find_game

GAMES = int(os.environ.get("TABLETIME_REFEREE_GAMES", "0"))
ROOT = Path(__file__).resolve().parent.parent


def _games(default: int) -> int:
    return GAMES or default


# --- Lost Cities -------------------------------------------------------------------------------------
LC_COLOURS = ("y", "b", "w", "g", "r", "p")  # the state's colour letters in lane order; the 6th is the long game
LC_RANKS = ("w1", "w2", "w3") + tuple(f"{n:02d}" for n in range(2, 11))  # LC-1: 3 wagers and 2-10
LC_ROUND_CAP = 10_000  # LC-8


def lc_rank(card: str) -> str:
    return card.split("-")[2]


def lc_value(card: str) -> int | None:
    rank = lc_rank(card)
    return None if rank.startswith("w") else int(rank)


def lc_colour(card: str) -> str:
    return card.split("-")[1]


def lc_expedition_score(cards: list[str]) -> int:
    """LC-6: (sum - 20) x (1 + wagers), +20 for 8 or more cards; an unstarted colour scores 0."""
    if not cards:
        return 0
    numbers = [lc_value(c) for c in cards if lc_value(c) is not None]
    wagers = sum(1 for c in cards if lc_value(c) is None)
    score = (sum(numbers) - 20) * (1 + wagers)
    return score + (20 if len(cards) >= 8 else 0)


def lc_may_extend(lane: list[str], card: str) -> bool:
    """LC-4: wagers only while the lane has no number; a number above every number in the lane."""
    numbers = [lc_value(c) for c in lane if lc_value(c) is not None]
    if lc_value(card) is None:
        return not numbers
    return not numbers or lc_value(card) > max(numbers)


class LcReferee:
    """A match of Lost Cities followed from the actions alone: whose turn and which step (LC-2), the
    card discarded this turn (LC-3), where every card goes, when a round ends (LC-5, LC-8), what it
    scores (LC-6), who deals next and when the match is over (LC-7). It reads the engine's state only
    to compare it with what it expects."""

    def __init__(self, state: dict, colours: int, rounds: int, tag: str) -> None:
        self.colours, self.rounds = LC_COLOURS[:colours], rounds
        self.round, self.totals = 1, [0, 0]
        self.check_deal(state, None, tag)

    def check_deal(self, state: dict, starter: int | None, tag: str) -> None:
        """LC-1: every card shuffled in, 8 to each hand, the rest in the draw pile, an empty table;
        LC-7: round 1 starts with either seat, a later round with the loser of the last."""
        full = sorted(f"lc-{c}-{r}" for c in self.colours for r in LC_RANKS)
        hands = state["hands"]
        assert state["colours"] == list(self.colours), f"{tag}: colours differ"
        assert len(hands[0]) == len(hands[1]) == 8 and len(state["deck"]) == len(full) - 16, f"{tag}: bad deal"
        assert sorted(hands[0] + hands[1] + state["deck"]) == full, f"{tag}: the deal lost or doubled a card"
        assert not any(state["discards"][c] for c in self.colours), f"{tag}: a discard pile is not empty"
        assert not any(state["expeditions"][s][c] for s in (0, 1) for c in self.colours), f"{tag}: a lane is not empty"
        assert state["round"] == self.round, f"{tag}: round number differs"
        assert state["turn"] in (0, 1) if starter is None else state["turn"] == starter, f"{tag}: wrong starter"
        self.turn, self.phase, self.discarded, self.actions = state["turn"], "play", None, 0
        self.lay_before: dict | None = None

    def expected_legal(self, state: dict) -> set[Action]:
        """LC-2, LC-3, LC-4 from the table as it lies and this turn's own memory."""
        seat, legal = self.turn, set()
        if self.phase == "play":
            for card in state["hands"][seat]:
                legal.add(Action.make(seat, "discard", card=card))
                if lc_may_extend(state["expeditions"][seat][lc_colour(card)], card):
                    legal.add(Action.make(seat, "play", card=card))
            return legal
        legal.add(Action.make(seat, "undo"))  # the card laid this turn may come back until the draw
        if state["deck"]:
            legal.add(Action.make(seat, "draw", source="deck"))
        for colour in self.colours:
            pile = state["discards"][colour]
            if pile and pile[-1] != self.discarded:  # LC-3
                legal.add(Action.make(seat, "draw", source=colour))
        return legal

    def step(self, before: dict, action: Action, after: dict, tag: str) -> None:
        seat, kind = action.seat, action.kind
        assert seat == self.turn, f"{tag}: not this seat's turn"
        self.actions += 1
        hand = sorted(before["hands"][seat])
        lanes = {s: {c: list(before["expeditions"][s][c]) for c in self.colours} for s in (0, 1)}
        piles = {c: list(before["discards"][c]) for c in self.colours}
        deck = len(before["deck"])
        if kind in ("play", "discard"):
            card = action["card"]
            hand.remove(card)
            if kind == "play":
                lanes[seat][lc_colour(card)].append(card)  # LC-2: on top of its own colour, own side
            else:
                piles[lc_colour(card)].append(card)  # LC-2: face up on its colour's pile
            self.phase, self.discarded, self.lay_before = "draw", card if kind == "discard" else None, before
            ends = False
        elif kind == "undo":
            assert self.lay_before is not None, f"{tag}: undo with nothing laid"
            lay = self.lay_before
            hand = sorted(lay["hands"][seat])
            lanes = {s: {c: list(lay["expeditions"][s][c]) for c in self.colours} for s in (0, 1)}
            piles = {c: list(lay["discards"][c]) for c in self.colours}
            self.phase, self.discarded, self.lay_before = "play", None, None
            ends = False
        else:
            source = action["source"]
            if source == "deck":
                hand.append(before["deck"][-1])
                deck -= 1
            else:
                hand.append(piles[source].pop())  # LC-2: the top card only
            hand.sort()
            self.turn, self.phase, self.discarded, self.lay_before = 1 - seat, "play", None, None
            ends = deck == 0  # LC-5: the last card of the draw pile ends the round at once
        ends = ends or self.actions == LC_ROUND_CAP  # LC-8
        if not ends:
            assert after["round"] == self.round and not after["over"], f"{tag}: the round ended too soon"
            assert sorted(after["hands"][seat]) == hand, f"{tag}: the hand differs"
            assert len(after["hands"][1 - seat]) == 8, f"{tag}: the waiting hand is not 8 cards"
            assert after["expeditions"] == [lanes[0], lanes[1]], f"{tag}: expeditions differ"
            assert after["discards"] == piles and len(after["deck"]) == deck, f"{tag}: piles differ"
            assert after["turn"] == self.turn and after["phase"] == self.phase, f"{tag}: turn or step differs"
            if kind == "draw":
                assert len(after["hands"][seat]) == 8, f"{tag}: a turn did not end with 8 cards"
            return
        # LC-5, LC-6: the round is scored from the expeditions as they lie; hands score nothing
        scores = [sum(lc_expedition_score(lanes[s][c]) for c in self.colours) for s in (0, 1)]
        self.totals = [self.totals[0] + scores[0], self.totals[1] + scores[1]]
        assert after["totals"] == self.totals, f"{tag}: match totals differ"
        assert after["history"][-1]["scores"] == scores, f"{tag}: round scores differ"
        if self.round == self.rounds:  # LC-7: the match is over after its last round
            assert after["over"] and after["round"] == self.round, f"{tag}: the match did not end"
            self.round += 1
            return
        self.round += 1
        loser = 0 if scores[0] <= scores[1] else 1  # LC-7: the loser starts; seat 0 breaks a tie
        assert not after["over"], f"{tag}: the match ended early"
        self.check_deal(after, loser, tag)


def lc_style(seed: int, seat: int) -> str:
    """How a seat of a seeded game plays: mostly at random; in some games seat 0 builds long lanes
    (the 8-card bonus, unstarted colours), in some both only discard (0 to 0: a drawn match), in one
    nobody lets the draw pile run down (the LC-8 cap)."""
    if seed == 11:
        return "stall"
    style = {6: "builder", 7: "builder", 8: "idle", 9: "builder"}.get(seed % 10, "random")
    return "random" if style == "builder" and seat == 1 else style


def lc_builder_play(legal: list[Action], rng: Rng, state: dict, seat: int) -> Action:
    """One or two lanes with few gaps: a card goes on only once every lower card it would skip is
    out of the draw pile (a test policy may look at the whole table)."""
    lanes, hand, deck = state["expeditions"][seat], state["hands"][seat], set(state["deck"])
    started = [c for c, lane in lanes.items() if lane]
    playable = {a["card"] for a in legal if a.kind == "play"}
    for colour in started:
        mine = sorted((c for c in hand if lc_colour(c) == colour and c in playable), key=lambda c: lc_value(c) or 0)
        if not mine:
            continue
        low, top = mine[0], max([lc_value(c) or 1 for c in lanes[colour]])
        skipped = [f"lc-{colour}-{v:02d}" for v in range(top + 1, lc_value(low) or 2)]
        if not any(c in deck for c in skipped) or len(deck) < 6:
            return Action.make(seat, "play", card=low)
    held = [lc_colour(c) for c in hand]
    if len(started) < 2:
        best = max(set(held), key=lambda c: (held.count(c), c))
        if held.count(best) >= 3 and best not in started:
            return Action.make(seat, "play", card=min((c for c in hand if lc_colour(c) == best),
                                                      key=lambda c: lc_value(c) or 0))
    spare = [c for c in hand if lc_colour(c) not in started] or hand
    return Action.make(seat, "discard", card=rng.choice(spare))


def lc_choose(style: str, legal: list[Action], rng: Rng, state: dict, seat: int) -> Action:
    plays = [a for a in legal if a.kind == "play"]
    discards = [a for a in legal if a.kind == "discard"]
    draws = [a for a in legal if a.kind == "draw"]
    if style == "random":
        return rng.choice(plays) if plays and rng.random() < 0.5 else rng.choice(legal)
    if style == "idle":
        return discards[0] if discards else next(a for a in draws if a["source"] == "deck")
    if style == "stall":
        if discards:
            return rng.choice(discards)
        piles = [a for a in draws if a["source"] != "deck"]
        return rng.choice(piles or draws)
    if discards:
        return lc_builder_play(legal, rng, state, seat)
    lanes = state["expeditions"][seat]
    useful = [a for a in draws if a["source"] != "deck" and lanes[a["source"]]
              and lc_may_extend(lanes[a["source"]], state["discards"][a["source"]][-1])]
    return useful[0] if useful else next((a for a in draws if a["source"] == "deck"), draws[0])


@pytest.mark.parametrize("colours", [5, 6])
def test_lost_cities_against_an_independent_referee(colours):
    engine = find_game("lost-cities")
    games = _games(60)
    rounds_checked = rounds_expected = 0
    bonus_seen = capped = False
    first_starters: set[int] = set()
    for seed in range(games):
        rounds = (3, 1, 2, 4, 5)[seed % 5]  # LC-7: 3 by default, 1 to 5 as an option
        rounds_expected += rounds
        config = GameConfig.make("lost-cities", 2, rounds=rounds, colours=colours)
        state = engine.new_game(config, seed)
        referee = LcReferee(state, colours, rounds, f"seed {seed}, deal")
        first_starters.add(state["turn"])
        rng, styles = Rng.from_seed(seed, "referee"), (lc_style(seed, 0), lc_style(seed, 1))
        while not engine.is_over(state):
            seat = referee.turn
            tag = f"seed {seed}, round {referee.round}, action {referee.actions + 1}"
            assert engine.active_seats(state) == [seat], f"{tag}: active seats differ"
            legal = engine.legal_actions(state, seat)
            assert set(legal) == referee.expected_legal(state), f"{tag}: legal moves differ"
            assert len(legal) == len(set(legal)), f"{tag}: a legal move is listed twice"
            assert engine.legal_actions(state, 1 - seat) == [], f"{tag}: the waiting seat may act"
            action = lc_choose(styles[seat], legal, rng, state, seat)
            before = state
            state, _ = engine.apply(state, action)
            referee.step(before, action, state, f"{tag} {action}")
            rounds_checked += referee.round != before["round"]
            bonus_seen |= any(len(lane) >= 8 for side in before["expeditions"] for lane in side.values())
            capped |= bool(state["history"]) and state["history"][-1]["reason"] == "cap"
        assert referee.round == rounds + 1, f"seed {seed}: the match ended after {referee.round - 1} rounds"
        outcome = engine.result(state)
        totals = referee.totals
        assert list(outcome.scores) == totals
        if totals[0] == totals[1]:  # LC-7: a tied match stays a draw
            assert set(outcome.winners) == {0, 1} and outcome.draw and outcome.ranking == ((0, 1),)
        else:
            winner = 0 if totals[0] > totals[1] else 1
            assert list(outcome.winners) == [winner] and not outcome.draw
            assert outcome.ranking == ((winner,), (1 - winner,))
    assert rounds_checked == rounds_expected
    assert bonus_seen and (capped or games <= 11), "the games never reached the 8-card bonus or the LC-8 cap"
    assert first_starters == {0, 1} or games < 10, "LC-7: round 1 is always started by the same seat"


# --- Lost in Time ------------------------------------------------------------------------------------
LT_DECK = {card["id"]: card for card in tomllib.loads(
    (ROOT / "game/content/lost_in_time_deck.toml").read_text(encoding="utf-8"))["card"]}


def lt_fits(card: str, timeline: list[str], direction: str) -> bool:
    """LT-4: an empty timeline takes anything; otherwise only strictly beyond the end in the direction."""
    if not timeline:
        return True
    years = [LT_DECK[c]["year"] for c in timeline]
    year = LT_DECK[card]["year"]
    return year > max(years) if direction == "future" else year < min(years)


def lt_total(timeline: list[str], chips: bool) -> int | None:
    """LT-10: youngest year + 10 per VIP + 20 per Disaster (+3 per chip in the variant)."""
    if not timeline:
        return None
    cards = [LT_DECK[c] for c in timeline]
    total = max(c["year"] for c in cards)
    total += 10 * sum(c["kind"] == "vip" for c in cards) + 20 * sum(c["kind"] == "disaster" for c in cards)
    if chips:
        total += 3 * sum(c.get("chips", 0) for c in cards)
    return total


def lt_winners(timelines: list[list[str]], chips: bool) -> set[int]:
    """LT-10: closest to 2031 from below or on it; then longest timeline; then most chips; shared."""
    candidates = []
    for seat, line in enumerate(timelines):
        total = lt_total(line, chips)
        if total is not None and total <= 2031:
            candidates.append((total, len(line), sum(LT_DECK[c].get("chips", 0) for c in line), seat))
    if not candidates:
        return set()
    best = max(c[:3] for c in candidates)
    return {c[3] for c in candidates if c[:3] == best}


LT_ROUND_CAP = 300  # the engine's safety limit (not in the rulebook): the game ends after this round


def lt_arrow(card: str) -> str:
    return LT_DECK[card]["arrow"]


def lt_expected_legal(state: dict, seat: int) -> set[Action]:
    """LT-3, LT-4, LT-5, LT-5b, LT-7, LT-8, LT-11 from the table as it lies."""
    hand, line, direction = state["hands"][seat], state["timelines"][seat], state["direction"]
    if state["phase"] == "travel":
        places = {Action.make(seat, "place", card=c) for c in hand if lt_fits(c, line, direction)}
        return places or {Action.make(seat, "cannot_travel")}
    n = len(state["hands"])
    legal = {Action.make(seat, "pass")}
    for card in hand:
        for target in range(n):
            if target == seat:
                continue
            if LT_DECK[card]["kind"] == "vip" and state["hands"][target]:
                legal.add(Action.make(seat, "vip", card=card, target=target))
            if LT_DECK[card]["kind"] == "disaster":
                legal.add(Action.make(seat, "disaster", card=card, target=target))
    could = any(lt_fits(c, line, direction) for c in hand)
    for first in hand:
        for second in [None] + hand:
            if second == first:
                continue
            cards = [first] if second is None else [first, second]
            rest = [c for c in hand if c not in cards]
            if not could or any(lt_fits(c, line, direction) for c in rest):  # LT-8: no cheating
                legal.add(Action.make(seat, "discard", cards=cards))
    return legal


class LtReferee:
    """Who plays next, which way, who skips, which card lies sideways and when the game ends
    (LT-2, LT-5, LT-6, LT-7, LT-10), followed move by move from the actions alone."""

    def __init__(self, state: dict, skip: str) -> None:
        n = len(state["hands"])
        self.n, self.skip = n, skip
        self.dealer, self.round, self.index = state["dealer"], 1, 0
        self.direction, self.final, self.over = "future", False, False  # LT-2: Chronos starts blue
        self.skips, self.tilted = [0] * n, [None] * n
        self.turn, self.phase = (self.dealer + 1) % n, "action"

    def step(self, before: dict, action: Action, after: dict, tag: str) -> None:
        seat, kind = action.seat, action.kind
        if kind == "disaster":
            self.skips[action["target"]] += 1
        if kind in ("pass", "vip", "disaster", "discard"):
            self.phase = "travel"
            return
        line = after["timelines"][seat]
        if kind == "place":
            card, old = action["card"], before["timelines"][seat]
            expected = old + [card] if self.direction == "future" or not old else [card] + old
            assert line == expected, f"{tag}: the card went to the wrong end"
            self.tilted[seat] = None  # LT-7: travelling straightens
            if len(line) >= 8:
                self.final = True  # LT-10
        else:
            old = before["timelines"][seat]
            if self.tilted[seat] is not None:  # LT-7: unable again: the turned card is lost
                lost = self.tilted[seat]
                assert line == [c for c in old if c != lost], f"{tag}: the sideways card was not lost"
                # to the side pile, never the discard pile (LT-7); a refill right after may reshuffle it (LT-9)
                assert lost not in after["discard"], f"{tag}: the lost card may set the direction"
                if after["round"] == before["round"]:
                    assert after["side"][-1] == lost, f"{tag}: the lost card is not on the side pile"
                self.tilted[seat] = None
            else:
                assert line == old, f"{tag}: a card left the timeline on a first failure"
                if old:
                    self.tilted[seat] = old[-1] if self.direction == "future" else old[0]
        self.index += 1
        self._next_seat(before)

    def _next_seat(self, before: dict) -> None:
        while True:
            if self.index >= self.n:
                if self.final or self.round >= LT_ROUND_CAP:
                    self.over = True
                    return
                self.dealer, self.round, self.index = (self.dealer + 1) % self.n, self.round + 1, 0
                if before["discard"]:  # LT-6: the top card at the end of the round sets the way
                    self.direction = lt_arrow(before["discard"][-1])
                continue
            seat = (self.dealer + 1 + self.index) % self.n
            if self.skips[seat]:  # LT-5: the Disaster's victim loses this turn (or its action)
                self.skips[seat] -= 1
                if self.skip == "turn":
                    self.index += 1
                    continue
                self.turn, self.phase = seat, "travel"
                return
            self.turn, self.phase = seat, "action"
            return

    def check(self, state: dict, tag: str) -> None:
        assert state["over"] == self.over, f"{tag}: the game should {'' if self.over else 'not '}be over"
        assert state["tilted"] == self.tilted, f"{tag}: sideways cards differ"
        if self.over:
            return
        for key, value in (("turn", self.turn), ("phase", self.phase), ("dealer", self.dealer),
                           ("round", self.round), ("direction", self.direction), ("skips", self.skips)):
            assert state[key] == value, f"{tag}: {key} is {state[key]!r}, the rules say {value!r}"


def lt_check_table(state: dict, new_round: bool, before: dict | None, tag: str) -> None:
    """Every card somewhere exactly once (LT-1); hands refilled to 5 at a round start unless nothing
    is left to draw; the reshuffle keeps the discard pile's top card (LT-6, LT-9)."""
    everywhere = state["draw"] + state["discard"] + state["side"]
    for hand, line in zip(state["hands"], state["timelines"]):
        everywhere += hand + line
        years = [LT_DECK[c]["year"] for c in line]
        assert years == sorted(years) and len(set(years)) == len(years), f"{tag}: timeline out of order"
    assert sorted(everywhere) == sorted(LT_DECK), f"{tag}: cards not conserved"
    assert all(len(hand) <= 5 for hand in state["hands"]), f"{tag}: a hand above 5"
    if new_round:
        if any(len(hand) < 5 for hand in state["hands"]):
            assert not state["draw"] and len(state["discard"]) <= 1 and not state["side"], f"{tag}: a hand short"
        if before is not None and before["discard"]:
            assert state["discard"][-1] == before["discard"][-1], f"{tag}: the discard top moved"


@pytest.mark.parametrize("seats,chips,skip", [(2, False, "turn"), (3, True, "action"), (4, False, "turn"),
                                              (5, False, "action"), (6, True, "turn")])
def test_lost_in_time_against_an_independent_referee(seats, chips, skip):
    engine = find_game("lost-in-time")
    games = _games(25)
    for seed in range(games):
        config = GameConfig.make("lost-in-time", seats, chips=chips, disaster_skip=skip)
        state = engine.new_game(config, seed)
        rng = Rng.from_seed(seed, "referee")
        # LT-2: five cards each, the rest face down; left of the dealer starts
        assert [len(h) for h in state["hands"]] == [5] * seats and len(state["draw"]) == 75 - 5 * seats
        referee = LtReferee(state, skip)
        referee.check(state, f"seed {seed} setup")
        lt_check_table(state, False, None, f"seed {seed} setup")
        while not engine.is_over(state):
            seat = engine.active_seats(state)[0]
            legal = engine.legal_actions(state, seat)
            assert set(legal) == lt_expected_legal(state, seat), f"seed {seed}: legal moves differ"
            assert len(legal) == len(set(legal)), f"seed {seed}: a move is offered twice"
            kind = rng.choice(sorted({a.kind for a in legal}))  # a kind first: VIPs and Disasters get played
            action = rng.choice([a for a in legal if a.kind == kind])
            before = state
            state, _ = engine.apply(state, action)
            tag = f"seed {seed}, round {before['round']}, {action}"
            referee.step(before, action, state, tag)
            referee.check(state, tag)
            lt_check_table(state, state["round"] != before["round"], before, tag)
        outcome = engine.result(state)
        expected_scores = [lt_total(line, chips) for line in state["timelines"]]
        assert list(outcome.scores) == expected_scores, f"seed {seed}: totals differ"
        winners = lt_winners(state["timelines"], chips)
        assert set(outcome.winners) == winners, f"seed {seed}: winners differ"
        assert outcome.draw == (len(winners) > 1), f"seed {seed}: a shared win is a draw"


# --- Time After Time ---------------------------------------------------------------------------------
TT_DEAL = {2: (13, 1), 3: (19, 2), 4: (26, 2)}  # TT-1: Time cards and Ghosts dealt, 7 to each seat
TT_TIME_CARDS = sorted(f"tt-{hour:02d}-{copy}" for hour in range(6, 23) for copy in "ab")  # TT-1: 34


def tt_hour(card: str) -> int | None:
    part = card.split("-")[1]
    return None if part == "ghost" else int(part)


def tt_legal_slots(row: list[str | None], hour: int) -> set[int]:
    """TT-4: a free slot that keeps the filled slots strictly increasing left to right."""
    slots = set()
    for i, card in enumerate(row):
        if card is not None:
            continue
        left = [tt_hour(c) for c in row[:i] if c is not None]
        right = [tt_hour(c) for c in row[i + 1:] if c is not None]
        if all(h < hour for h in left) and all(h > hour for h in right):
            slots.add(i)
    return slots


def tt_completable(row: list[str | None], gone: list[str]) -> bool:
    """TT-7: every run of k free slots between placed hours a and b (the ends count as 05 and 23)
    has k distinct hours strictly between them with a copy not yet in a row or out of the game."""
    in_play = {h for h in range(6, 23) if sum(1 for c in gone if tt_hour(c) == h) < 2}
    hours = [5] + [tt_hour(c) if c is not None else None for c in row] + [23]
    left, free = 5, 0
    for value in hours[1:]:
        if value is None:
            free += 1
            continue
        if free and len({h for h in in_play if left < h < value}) < free:
            return False
        left, free = value, 0
    return True


def tt_emergency_moves(row: list[str | None]) -> set[tuple[tuple[int, int], ...]]:
    """TT-7: one placed card moved one slot into a free neighbouring slot, or that and then a
    different placed card moved the same way (the order of the row can never change so)."""
    def steps(cells: list[str | None], not_card: str | None) -> list[tuple[int, int]]:
        return [(i, j) for i, c in enumerate(cells) if c is not None and c != not_card
                for j in (i - 1, i + 1) if 0 <= j < 7 and cells[j] is None]

    moves: set[tuple[tuple[int, int], ...]] = set()
    for first in steps(row, None):
        moves.add((first,))
        moved = list(row)
        moved[first[1]], moved[first[0]] = moved[first[0]], None
        moves.update((first, second) for second in steps(moved, row[first[0]]))
    return moves


def tt_expected_legal(state: dict, seat: int) -> set[Action]:
    """TT-2..TT-7 from the table as it lies (TT-3b: every seat may reorder its hand at any time)."""
    hand = state["hands"][seat]
    legal = {Action.make(seat, "reorder", **{"from": i, "to": j})
             for i in range(len(hand)) for j in range(len(hand)) if i != j}
    if state["phase"] == "over" or seat != state["turn"]:
        return legal
    row = state["rows"][seat]
    if state["phase"] in ("draw", "redraw"):
        source = (seat - 1) % state["seats"]  # G-1: the right-hand neighbour
        legal |= {Action.make(seat, "draw", position=i) for i in range(len(state["hands"][source]))}
        gone = [c for r in state["rows"] for c in r if c is not None] + state["out"]
        if state["phase"] == "draw" and None in row and not tt_completable(row, gone):
            legal |= {Action.make(seat, "shift", moves=moves) for moves in tt_emergency_moves(row)}
    else:  # a drawn Time card waits: onto a legal slot, else kept (TT-5: someone else could place it)
        slots = tt_legal_slots(row, tt_hour(state["pending"]))
        legal |= {Action.make(seat, "place", slot=s) for s in slots} if slots else {Action.make(seat, "keep")}
    return legal


def tt_check_step(seed: int, before: dict, action: Action, after: dict, redraw: bool) -> None:
    """TT-3..TT-8 and the turn order for one applied action, read from the table as it lay."""
    seats = before["seats"]
    seat = action.seat
    tag = f"seed {seed}, {action}"
    # TT-1: every card is somewhere, once; Ghosts only ever in hands
    cards = [c for hand in after["hands"] for c in hand] + after["pile"] + after["out"]
    cards += [c for r in after["rows"] for c in r if c is not None] + ([after["pending"]] if after["pending"] else [])
    assert sorted(c for c in cards if tt_hour(c) is not None) == TT_TIME_CARDS, f"{tag}: Time cards not conserved"
    assert sum(tt_hour(c) is None for c in cards) == TT_DEAL[seats][1], f"{tag}: Ghosts not conserved"
    assert all(tt_hour(c) is not None for c in after["pile"] + after["out"]), f"{tag}: a Ghost left the hands"
    for r in after["rows"]:
        hours = [tt_hour(c) for c in r if c is not None]
        assert hours == sorted(set(hours)), f"{tag}: a row is out of order"
    if action.kind == "reorder":  # TT-3b: the hand's order changes, nothing else
        hand = list(before["hands"][seat])
        hand.insert(action["to"], hand.pop(action["from"]))
        assert after["hands"][seat] == hand, f"{tag}: the reorder moved the wrong card"
        for key in ("rows", "pile", "out", "turn", "phase", "pending", "winner"):
            assert after[key] == before[key], f"{tag}: a reorder changed {key}"
        return
    # TT-8: nobody with seven slots and no Ghost is still playing; a winner is such a player
    complete = [s for s in range(seats) if None not in after["rows"][s]
                and all(tt_hour(c) is not None for c in after["hands"][s])]
    if after["phase"] != "over":
        assert not complete, f"{tag}: seat {complete} has won but the game goes on"
        # TT-8: once the pile is out, the first hand to empty ends the game
        assert after["pile"] or all(after["hands"]), f"{tag}: a hand emptied with no pile and the game goes on"
    elif after["winner"] is not None:
        assert complete == [after["winner"]], f"{tag}: the winner has not won"
    else:  # TT-8: a tie only once the pile is out and a hand is empty
        assert not complete and not after["pile"] and any(not hand for hand in after["hands"]), f"{tag}: a tie too soon"
    if after["phase"] == "over":
        return
    # TT-6: while the pile lasts, every hand holds a Time card
    if after["pile"]:
        for s in range(seats):
            assert any(tt_hour(c) is not None for c in after["hands"][s]), f"{tag}: seat {s} holds no Time card"
    turn_passed = after["turn"] == (seat + 1) % seats and after["phase"] == "draw" and after["pending"] is None
    row = before["rows"][seat]
    if action.kind == "place":  # TT-4
        expected = list(row)
        expected[action["slot"]] = before["pending"]
        assert after["rows"][seat] == expected and turn_passed, f"{tag}: the card was not placed there"
        return
    if action.kind == "keep":  # TT-5: kept in hand, the turn is over
        assert before["pending"] in after["hands"][seat] and turn_passed, f"{tag}: the card was not kept"
        return
    if action.kind == "shift":  # TT-7: the same cards in the same order, no card drawn; the turn is over
        assert [c for c in after["rows"][seat] if c] == [c for c in row if c], f"{tag}: the shift changed the row"
        assert after["hands"] == before["hands"] and after["pile"] == before["pile"], f"{tag}: the shift drew"
        assert turn_passed, f"{tag}: the turn did not pass after the emergency move"
        return
    source = (seat - 1) % seats
    card = before["hands"][source][action["position"]]
    left_behind = [c for c in before["hands"][source] if c != card]
    pile = list(before["pile"])
    if tt_hour(card) is None:  # TT-3: a Ghost goes into the hand; the turn is over (or: draw again)
        assert card in after["hands"][seat] and after["pending"] is None, f"{tag}: the Ghost was not kept"
        if redraw:
            assert after["turn"] == seat and after["phase"] == "redraw", f"{tag}: no second draw after the Ghost"
        else:
            assert turn_passed, f"{tag}: the turn did not end after the Ghost"
        return
    # TT-6: the neighbour left without a Time card takes the pile's top card at once, first
    if pile and all(tt_hour(c) is None for c in left_behind):
        assert pile[-1] in after["hands"][source], f"{tag}: the emptied neighbour did not refill first"
        pile.pop()
    if None not in row:  # TT-6b: a full row keeps what it draws, no question asked
        assert card in after["hands"][seat] and turn_passed, f"{tag}: a full row did not keep it"
    elif tt_legal_slots(row, tt_hour(card)) or any(
            tt_legal_slots(before["rows"][s], tt_hour(card)) for s in range(seats) if s != seat):
        # placeable here, or TT-5: someone else could place it: it waits to be placed or kept
        assert after["pending"] == card and after["phase"] == "place" and after["turn"] == seat, \
            f"{tag}: the drawn card is not waiting"
    else:  # TT-5: nobody could: out of the game, and the pile's next card (if any) instead
        assert card in after["out"] and card not in after["hands"][seat], f"{tag}: the card did not leave the game"
        if pile:
            assert pile.pop() in after["hands"][seat], f"{tag}: no card came from the pile"
        assert turn_passed, f"{tag}: the turn did not end after the card left the game"
    assert after["pile"] == pile, f"{tag}: the pile lost the wrong cards"


@pytest.mark.parametrize("seats,redraw", [(2, False), (3, False), (4, False), (2, True), (3, True), (4, True)])
def test_time_after_time_against_an_independent_referee(seats, redraw):
    engine = find_game("time-after-time")
    games = _games(40)
    starters = set()
    for seed in range(games):
        state = engine.new_game(GameConfig.make("time-after-time", seats, ghost_redraw=redraw), seed)
        rng = Rng.from_seed(seed, "referee")
        # TT-1: the deal
        time_cards, ghosts = TT_DEAL[seats]
        assert [len(hand) for hand in state["hands"]] == [7] * seats
        dealt = [c for hand in state["hands"] for c in hand]
        assert sum(tt_hour(c) is None for c in dealt) == ghosts and len(dealt) == time_cards + ghosts
        assert sorted(c for c in dealt + state["pile"] if tt_hour(c) is not None) == TT_TIME_CARDS
        assert all(tt_hour(c) is not None for c in state["pile"]), "a Ghost in the draw pile"
        assert state["rows"] == [[None] * 7] * seats and not state["out"] and state["phase"] == "draw"
        starters.add(state["turn"])
        while not engine.is_over(state):
            seat = engine.active_seats(state)[0]
            assert seat == state["turn"]
            for s in range(seats):
                legal = set(engine.legal_actions(state, s))
                assert legal == tt_expected_legal(state, s), f"seed {seed}: seat {s}'s legal moves differ"
            if rng.below(10) == 0:  # TT-3b: now and then a seat reorders its hand, in turn or not
                s = rng.below(seats)
                reorders = [a for a in engine.legal_actions(state, s) if a.kind == "reorder"]
                action = rng.choice(reorders) if reorders else None
            else:
                action = rng.choice([a for a in engine.legal_actions(state, seat) if a.kind != "reorder"])
            if action is None:
                continue
            before = state
            state, _ = engine.apply(state, action)
            tt_check_step(seed, before, action, state, redraw)
        outcome = engine.result(state)
        assert outcome.scores == tuple(sum(c is not None for c in r) for r in state["rows"])
        winner = state["winner"]
        if winner is not None:  # TT-8: seven rising hours, no Ghost in hand
            assert None not in state["rows"][winner] and all(tt_hour(c) is not None for c in state["hands"][winner])
            assert outcome.winners == (winner,) and outcome.ranking[0] == (winner,) and not outcome.draw
        else:  # TT-8: the exhausted pile's tie
            assert outcome.winners == () and outcome.draw and outcome.ranking == (tuple(range(seats)),)
    if games >= 20:  # TT-2: the starting seat is chosen at random
        assert starters == set(range(seats))
