"""Lost in Time against its rulebook once more (session 15): golden cases for the rule statements no
earlier test pinned, the `game_over` event's `decided_by` (ruling LT-10's tie-break, said by the
engine so no screen works it out again), and a referee of my own over random seeded games.

The referee re-derives every rule from `rulebooks/lost-in-time.txt` and RULINGS LT-1…LT-11: it reads
the deck file itself, keeps its own table and asks the engine nothing but the moves it offers, the
state it shows and the outcomes of chance (the first shuffle, which card a VIP stole, the order of
a reshuffled pile). `TABLETIME_LIT15_GAMES=2000` plays thousands per player count by hand.
"""

from __future__ import annotations

import os
import random
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from game.core import Action, Event, GameConfig, SeatConfig, events_for
from game.rules.lost_in_time import ENGINE
from test_lost_in_time import act, arrange, card, start

ROOT = Path(__file__).resolve().parent.parent
DECK_DATA = tomllib.loads((ROOT / "game" / "content" / "lost_in_time_deck.toml").read_text("utf-8"))
YEARS: dict[str, int] = {c["id"]: c["year"] for c in DECK_DATA["card"]}
KINDS: dict[str, str] = {c["id"]: c["kind"] for c in DECK_DATA["card"]}
ARROWS: dict[str, str] = {c["id"]: c["arrow"] for c in DECK_DATA["card"]}
CHIP_COUNT: dict[str, int] = {c["id"]: c["chips"] for c in DECK_DATA["card"]}
TARGET = 2031          # rulebook §1 / §9
HAND = 5               # §3, LT-2
LAST_LENGTH = 8        # §9, LT-10
SAFETY_ROUNDS = 300    # the engine's documented safety cap (not a rule): the game stops as if it ended
GAMES = int(os.environ.get("TABLETIME_LIT15_GAMES", "0"))


def at_turn(state: dict, seat: int, phase: str = "action") -> dict:
    """Make it `seat`'s turn in the current round (play order: left of the dealer first, G-1)."""
    n = len(state["hands"])
    state["turn"], state["phase"] = seat, phase
    state["turn_index"] = (seat - state["dealer"] - 1) % n
    return state


def play_to_the_end(state: dict) -> tuple[dict, list]:
    """Every seat still to act skips its action and travels with its first fitting card."""
    events: list = []
    while not state["over"]:
        seat = state["turn"]
        if state["phase"] == "action":
            state, more = act(state, seat, "pass")
            events += more
        state, more = ENGINE.apply(state, ENGINE.legal_actions(state, seat)[0])
        events += more
    return state, events


def final_round(state: dict, last_seat: int) -> dict:
    """The last round is on and only `last_seat` (the dealer) still has to travel."""
    state["final_round"], state["dealer"] = True, last_seat
    return at_turn(state, last_seat)


# --- my own reading of the rules: totals and the winner (LT-10) --------------------------------

def my_total(timeline: list[str], chips: bool) -> int | None:
    """§9 / LT-10: the youngest card's year, +10 per VIP, +20 per Disaster, +3 per chip in the
    variant; an empty timeline has no total."""
    if not timeline:
        return None
    total = max(YEARS[c] for c in timeline)
    total += sum(10 for c in timeline if KINDS[c] == "vip") + sum(20 for c in timeline if KINDS[c] == "disaster")
    return total + (3 * sum(CHIP_COUNT[c] for c in timeline) if chips else 0)


def my_verdict(timelines: list[list[str]], chips: bool) -> tuple[list[int], str | None]:
    """§9 / LT-10: the closest to 2031 on or before it wins; a tie goes to the longest timeline,
    then to the most payment chips; still tied: a shared win. Nobody under 2031: nobody wins."""
    totals = [my_total(t, chips) for t in timelines]
    under = [s for s, t in enumerate(totals) if t is not None and t <= TARGET]
    if not under:
        return [], None
    year = max(totals[s] for s in under)
    same_year = [s for s in under if totals[s] == year]
    if len(same_year) == 1:
        return same_year, "total"
    length = max(len(timelines[s]) for s in same_year)
    longest = [s for s in same_year if len(timelines[s]) == length]
    if len(longest) == 1:
        return longest, "timeline length"
    most = max(sum(CHIP_COUNT[c] for c in timelines[s]) for s in longest)
    richest = [s for s in longest if sum(CHIP_COUNT[c] for c in timelines[s]) == most]
    return richest, "payment chips" if len(richest) == 1 else "shared win"


# --- the referee ----------------------------------------------------------------------------------

class LitReferee:
    """A game of Lost in Time kept by the rulebook alone, move by move, beside the engine."""

    def __init__(self, state: dict, n: int, chips: bool, skip: str) -> None:
        self.n, self.chips, self.skip = n, chips, skip
        # §3 / LT-2: a random first dealer holding the Chronos blue side up; 5 cards each
        assert 0 <= state["dealer"] < n and state["direction"] == "future"
        assert [len(h) for h in state["hands"]] == [HAND] * n, "everyone starts with 5 cards (§3)"
        every = [c for h in state["hands"] for c in h] + list(state["draw"])
        assert sorted(every) == sorted(YEARS), "the basic version's 75 cards, no Chronos in the deck (§2)"
        self.draw = list(state["draw"])  # chance: the shuffle
        self.hands = [sorted(h) for h in state["hands"]]
        self.timelines: list[list[str]] = [[] for _ in range(n)]
        self.discard: list[str] = []
        self.side: list[str] = []
        self.tilted: list[str | None] = [None] * n
        self.skips = [0] * n
        self.dealer, self.round, self.direction = state["dealer"], 1, "future"
        self.order_index, self.final, self.over, self.capped = 0, False, False, False
        self.turn, self.phase = -1, "action"
        self.advance()

    # turns and rounds (§4, LT-2, LT-5, LT-6, LT-10)
    def advance(self) -> None:
        """Find the next seat to play: left of the dealer first, the dealer last; a seat hit by a
        Disaster loses its turn (or only its action); after the dealer a new round, or the end."""
        while True:
            if self.order_index >= self.n:
                if self.final or self.round >= SAFETY_ROUNDS:
                    self.over, self.capped = True, not self.final
                    return
                self.new_round()
                continue
            seat = (self.dealer + 1 + self.order_index) % self.n
            if self.skips[seat]:
                self.skips[seat] -= 1
                if self.skip == "turn":
                    self.order_index += 1
                    continue
                self.turn, self.phase = seat, "travel"
                return
            self.turn, self.phase = seat, "action"
            return

    def new_round(self) -> None:
        """§4 / §6 / LT-6: the Chronos passes left, takes the top discard's arrow (kept if none),
        then hands are topped up to 5 from the new dealer's left."""
        self.dealer = (self.dealer + 1) % self.n
        self.round += 1
        self.order_index = 0
        if self.discard:
            self.direction = ARROWS[self.discard[-1]]
        self.pending_deal = True

    def deal(self, after: dict, events: list) -> None:
        """Top up every hand from the dealer's left, each card from the top of the draw pile; when
        the pile runs out, LT-9's reshuffle (the new pile's order is chance: its cards are checked,
        its order taken from the engine)."""
        self.pending_deal = False
        pool: Counter | None = None  # the reshuffled cards, once the old pile has run out
        from_new_pile: Counter = Counter()
        for k in range(1, self.n + 1):
            seat = (self.dealer + k) % self.n
            from_old: list[str] = []
            unknown = 0
            while len(from_old) + unknown < HAND - len(self.hands[seat]):
                if not self.draw and pool is None:
                    pool = Counter(self.discard[:-1] + self.side)
                    if pool:
                        count = [e["count"] for e in events if e.kind == "reshuffle"]
                        assert count == [sum(pool.values())], "LT-9: the discard pile (but its top) and the side pile"
                        self.discard, self.side = self.discard[-1:], []
                        self.draw = [None] * sum(pool.values())  # placeholders: the order is chance
                if not self.draw:
                    break  # nothing left to deal: the hand stays short
                card = self.draw.pop()
                if card is None:
                    unknown += 1
                else:
                    from_old.append(card)
            new = Counter(after["hands"][seat]) - Counter(self.hands[seat])
            assert Counter(self.hands[seat]) <= Counter(after["hands"][seat]), "a deal never takes a card away"
            assert Counter(from_old) <= new and sum(new.values()) == len(from_old) + unknown, \
                f"seat {seat}: dealt {sorted(new)}, the pile's top gives {from_old} and {unknown} more (LT-6)"
            from_new_pile += new - Counter(from_old)
            self.hands[seat] = sorted(after["hands"][seat])
        if pool:
            assert pool == Counter(after["draw"]) + from_new_pile, "LT-9: the new pile is the old piles' cards"
            self.draw = list(after["draw"])

    def legal(self, seat: int) -> set[Action]:
        if self.over or seat != self.turn:
            return set()
        hand, line = self.hands[seat], self.timelines[seat]

        def fits(c: str) -> bool:  # §5 / LT-4: only beyond the end in the Chronos' direction
            if not line:
                return True
            if self.direction == "future":
                return YEARS[c] > max(YEARS[x] for x in line)
            return YEARS[c] < min(YEARS[x] for x in line)

        if self.phase == "travel":  # §4: he MUST play a card; LT-7/LT-11 when none fits
            places = {Action.make(seat, "place", card=c) for c in hand if fits(c)}
            return places or {Action.make(seat, "cannot_travel")}
        moves = {Action.make(seat, "pass")}
        for c in hand:
            for other in range(self.n):
                if other == seat:
                    continue
                if KINDS[c] == "vip" and self.hands[other]:
                    moves.add(Action.make(seat, "vip", card=c, target=other))
                if KINDS[c] == "disaster":
                    moves.add(Action.make(seat, "disaster", card=c, target=other))
        fitting = {c for c in hand if fits(c)}
        choices = [[a] for a in hand] + [[a, b] for a in hand for b in hand if a != b]
        for chosen in choices:
            if fitting and fitting <= set(chosen):
                continue  # §8 BEWARE / LT-8: no cheating by discard (every card that fits thrown away)
            moves.add(Action.make(seat, "discard", cards=chosen))
        return moves

    def apply(self, action: Action, after: dict, events: list) -> None:
        seat, kind = action.seat, action.kind
        hand = self.hands[seat]
        if kind == "pass":
            self.phase = "travel"
        elif kind == "vip":  # §7 / LT-5: a blind steal; the VIP to the side pile
            hand.remove(action["card"])
            self.side.append(action["card"])
            target = action["target"]
            taken = set(self.hands[target]) - set(after["hands"][target])
            assert len(taken) == 1 and len(after["hands"][target]) == len(self.hands[target]) - 1
            stolen = taken.pop()
            self.hands[target].remove(stolen)
            hand.append(stolen)
            hand.sort()
            self.phase = "travel"
        elif kind == "disaster":  # §7 / LT-5: the victim loses the next turn; to the side pile
            hand.remove(action["card"])
            self.side.append(action["card"])
            self.skips[action["target"]] += 1
            self.phase = "travel"
        elif kind == "discard":  # LT-5b: in the chosen order, the last on top
            for c in action["cards"]:
                hand.remove(c)
                self.discard.append(c)
            self.phase = "travel"
        elif kind == "place":
            c = action["card"]
            hand.remove(c)
            line = self.timelines[seat]
            if self.direction == "future" or not line:
                line.append(c)
            else:
                line.insert(0, c)
            self.tilted[seat] = None  # LT-7: travelling straightens it
            if len(line) == LAST_LENGTH:
                self.final = True  # §9 / LT-10: the round is played out, then the game ends
            self.order_index += 1
            self.advance()
        elif kind == "cannot_travel":  # §8 / LT-7
            line = self.timelines[seat]
            if self.tilted[seat] is not None:
                line.remove(self.tilted[seat])
                self.side.append(self.tilted[seat])
                self.tilted[seat] = None
            elif line:
                self.tilted[seat] = line[-1] if self.direction == "future" else line[0]
            self.order_index += 1
            self.advance()
        else:
            raise AssertionError(kind)
        if getattr(self, "pending_deal", False):
            self.deal(after, events)

    def compare(self, state: dict, tag: str) -> None:
        assert [sorted(h) for h in state["hands"]] == self.hands, f"{tag}: hands"
        assert state["timelines"] == self.timelines, f"{tag}: timelines"
        assert state["discard"] == self.discard and state["side"] == self.side, f"{tag}: piles"
        assert state["draw"] == self.draw, f"{tag}: draw pile"
        assert state["tilted"] == self.tilted and state["skips"] == self.skips, f"{tag}: tilts/skips"
        assert (state["dealer"], state["round"], state["direction"]) == (self.dealer, self.round, self.direction), tag
        assert bool(state["over"]) == self.over, f"{tag}: over"
        if not self.over:
            assert (state["turn"], state["phase"]) == (self.turn, self.phase), f"{tag}: turn"


def random_move(rng: random.Random, legal: set[Action]) -> Action:
    """A kind first (pass, VIP, Disaster, discard one, discard two, travel), then a move of it, so
    rare moves come up as often as the many discards."""
    by_kind: dict[str, list[Action]] = {}
    for move in sorted(legal, key=repr):
        label = f"discard{len(move['cards'])}" if move.kind == "discard" else move.kind
        by_kind.setdefault(label, []).append(move)
    return rng.choice(by_kind[rng.choice(sorted(by_kind))])


def referee_game(n: int, chips: bool, skip: str, seed: int) -> tuple[Counter, str | None]:
    """Play one seeded random game beside the referee; returns (the kinds of event seen, decided_by)."""
    config = GameConfig.make("lost-in-time", [SeatConfig("bot", f"P{i}") for i in range(n)],
                             chips=chips, disaster_skip=skip)
    state = ENGINE.new_game(config, seed)
    referee = LitReferee(state, n, chips, skip)
    referee.compare(state, f"seed {seed} start")
    rng = random.Random(seed)
    moves, last_events, seen = 0, [], Counter()
    while not state["over"]:
        legal = referee.legal(referee.turn)
        for seat in range(n):
            offered = ENGINE.legal_actions(state, seat)
            assert len(offered) == len(set(offered)), f"seed {seed}: a move offered twice"
            mine = legal if seat == referee.turn else referee.legal(seat)
            assert set(offered) == mine, f"seed {seed} move {moves} seat {seat}: legal moves"
        move = random_move(rng, legal)
        state, last_events = ENGINE.apply(state, move)
        referee.apply(move, state, last_events)
        seen.update(e.kind for e in last_events)
        moves += 1
        referee.compare(state, f"seed {seed} move {moves} {move!r}")
    outcome = ENGINE.result(state)
    totals = [my_total(t, chips) for t in referee.timelines]
    winners, decided = my_verdict(referee.timelines, chips)
    assert list(outcome.scores) == totals, f"seed {seed}: totals"
    assert list(outcome.winners) == winners, f"seed {seed}: winners"
    over = game_over_event(last_events)
    assert over["decided_by"] == decided, f"seed {seed}: decided_by"
    assert over["winners"] == winners and over["scores"] == totals
    seen["capped"] += referee.capped
    return seen, decided


# --- the referee over random games -----------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_engine_agrees_with_my_referee_over_random_games(n):
    """Every LT ruling at every step of seeded random games with both options both ways: the moves
    offered, the table after each move, the totals, the winners and the tie-break said."""
    games = GAMES or 24
    decided: Counter = Counter()
    seen: Counter = Counter()
    for seed in range(games):
        chips, skip = bool(seed % 2), ("turn", "action")[(seed // 2) % 2]
        kinds, how = referee_game(n, chips, skip, 15_000 + 97 * n + seed)
        decided[how] += 1
        seen += kinds
    print(f"{games} games with {n} seats: {dict(decided)}; events {dict(seen)}")
    # the games reached every rule the referee checks, not only the easy ones
    for kind in ("vip", "steal", "disaster", "turn_lost", "action_lost", "discard", "tilt", "card_lost",
                 "straighten", "reshuffle", "final_round", "round_start"):
        assert seen[kind] > 0, f"no {kind} in {games} games"
    assert seen["capped"] == 0, "a random game ran into the safety cap"


# --- decided_by: ruling LT-10's tie-break, said by the engine ---------------------------------
# Years are unique in the deck, so two timelines meet on one total through their bonuses: the VIPs
# of 800 and 1969 (no chips) lift [800, 1969] to 1969 + 10 + 10 = 1989, the year of the 1989 event.

def ending(timelines: list[list[int]], chips: bool = False) -> tuple[dict, list]:
    """A last round in which only the dealer (the last seat) still travels: to the past, with the
    oldest card of the deck (-776, no bonus), so the dealer's total stays its youngest card."""
    n = len(timelines)
    state = start(n, dealer=n - 1, chips=chips)
    arrange(state, hands=[[] for _ in range(n - 1)] + [[card(-776)]],
            timelines=[[card(y) for y in t] for t in timelines])
    state["direction"] = "past"
    return play_to_the_end(final_round(state, n - 1))


def game_over_event(events: list) -> dict:
    """The one public `game_over` event, as plain data (events freeze lists into tuples)."""
    over = [e for e in events_for(events, None) if e.kind == "game_over"]
    assert len(over) == 1
    return {name: list(value) if isinstance(value, tuple) else value for name, value in over[0].args}


def test_lt10_decided_by_total_when_nobody_else_lands_on_the_winners_year():
    """LT-10: the closest to 2031 from below wins outright: decided by the total."""
    state, events = ending([[1945, 1989], [1453, 2007], [1492, 1776]])
    event = game_over_event(events)
    assert event["winners"] == [1] and event["decided_by"] == "total" and event["tied_with"] == []
    assert event["scores"] == [1989, 2007, 1776]


def test_lt10_decided_by_timeline_length_names_the_rival_on_the_same_year():
    """LT-10 / §9: 'If more players end up on the same date … the player with the longest timeline
    is the winner': [800, 1969] (two VIPs) beats [1989] on 1989."""
    state, events = ending([[1989], [800, 1969], [1492, 1776]])
    event = game_over_event(events)
    assert event["scores"][:2] == [1989, 1989]
    assert event["winners"] == [1] and event["decided_by"] == "timeline length" and event["tied_with"] == [0]
    assert "the longer timeline wins" in ENGINE.result(state).summary


def test_lt10_decided_by_payment_chips_when_year_and_length_tie_even_in_the_basic_game():
    """LT-10 / §9: 'If this still doesn't provide a winner, then the number of payment chips on the
    timelines are compared' — in the basic game too, where chips add no years: [1903 (2 chips),
    1989] beats [800, 1969] (no chips), both 1989 with two cards."""
    state, events = ending([[800, 1969], [1903, 1989], [1492, 1776]])
    event = game_over_event(events)
    assert event["scores"][:2] == [1989, 1989]
    assert event["winners"] == [1] and event["decided_by"] == "payment chips" and event["tied_with"] == [0]
    assert "more payment chips win" in ENGINE.result(state).summary


def test_lt10_decided_by_shared_win_when_every_tie_break_ties():
    """LT-10: year, length and chips all equal ([1945, 1989] and [800, 1969], no chips): shared."""
    state, events = ending([[1945, 1989], [800, 1969], [1492, 1776]])
    event = game_over_event(events)
    assert event["winners"] == [0, 1] and event["decided_by"] == "shared win" and event["tied_with"] == []
    assert ENGINE.result(state).draw


def test_lt10_decided_by_names_every_rival_on_the_year_and_the_step_that_picked_the_winner():
    """Three land on 2031: [2011] (a Disaster, 2 chips) is out on length; of the two-card timelines
    [1517, 2021] (2 chips) beats [800, 2001] (none) on chips. Both rivals are named."""
    state, events = ending([[2011], [800, 2001], [1517, 2021], [1492, 1776]])
    event = game_over_event(events)
    assert event["scores"][:3] == [2031, 2031, 2031]
    assert event["winners"] == [2] and event["decided_by"] == "payment chips" and event["tied_with"] == [0, 1]


def test_lt10_the_summary_says_each_rival_on_the_year_lost_its_own_way():
    """Found in session 15: with three on 2031 the summary said 'Ben and Cat landed there too, with
    as many cards' — Ben's single card is no such thing. A shorter rival lost on length, one as
    long on payment chips, and the sentence says each."""
    state, _ = ending([[2011], [800, 2001], [1517, 2021], [1492, 1776]])
    assert ENGINE.result(state).summary == ("P2 wins, landing in 2031. P0 landed there too with a shorter "
                                            "timeline, P1 with as many cards but fewer payment chips.")


def test_lt10_nobody_wins_does_not_say_an_empty_timeline_went_beyond_2031():
    """LT-10: an empty timeline has no total; the summary of a game nobody won said 'Everybody
    travelled beyond 2031' over a seat that ended with no card at all."""
    state, _ = ending([[1986, 2011], [], [2001, 2024]])
    assert ENGINE.result(state).summary == ("Nobody wins: P1 ended with an empty timeline, everybody else "
                                            "beyond 2031.")
    state, _ = ending([[1986, 2011], [1916, 2001], [1912, 2024]])
    assert ENGINE.result(state).summary == "Everybody travelled beyond 2031: nobody wins."


def test_lt10_decided_by_is_none_when_everybody_is_beyond_2031_or_empty():
    """LT-10: 'If everybody is over 2031 nobody wins'; an empty timeline has no total and cannot win."""
    state, events = ending([[1986, 2011], [], [2001, 2024]])
    event = game_over_event(events)
    assert event["scores"] == [2051, None, 2044]
    assert event["winners"] == [] and event["decided_by"] is None and event["tied_with"] == []


def test_lt10_decided_by_reaches_a_seat_through_the_session_wire():
    """The table reads the field from the events its session hands it (LocalSession sends every
    event through the wire as LAN play does), so it must arrive there, to every seat."""
    from game.session import LocalSession

    config = GameConfig.make("lost-in-time", [SeatConfig("human", f"P{i}") for i in range(3)])
    session = LocalSession(config, 5, bot_delay=0.0)
    state = session.state
    arrange(state, hands=[[], [], [card(-776)]],
            timelines=[[card(y) for y in t] for t in ([1989], [800, 1969], [1492, 1776])])
    state["direction"] = "past"
    final_round(state, 2)
    session.poll()
    session.submit(Action.make(2, "pass"))
    session.submit(Action.make(2, "place", card=card(-776)))
    updates = [u for u in session.poll() if u.seat == 0]
    over = [e for u in updates for e in u.events if e.kind == "game_over"]
    assert len(over) == 1 and over[0]["decided_by"] == "timeline length" and list(over[0]["tied_with"]) == [0]


def test_lt10_the_log_says_which_tie_break_gave_the_win():
    """The table log's last line named the winner only; on a shared year it now says why (LT-10)."""
    from game.rules.lost_in_time import describe_event

    names = ["Ann", "Ben", "Cat", "Dan"]
    lines = {}
    for key, timelines in (("total", [[1945, 1989], [1453, 2007], [1492, 1776]]),
                           ("length", [[1989], [800, 1969], [1492, 1776]]),
                           ("chips", [[800, 1969], [1903, 1989], [1492, 1776]]),
                           ("shared", [[1945, 1989], [800, 1969], [1492, 1776]])):
        _, events = ending(timelines)
        over = next(e for e in events_for(events, None) if e.kind == "game_over")
        lines[key] = describe_event(over, None, names)
    assert lines == {"total": "Game over: Ben wins.",
                     "length": "Game over: Ben wins on the longer timeline (tied on the year).",
                     "chips": "Game over: Ben wins on payment chips (tied on the year, timelines as long).",
                     "shared": "Game over: Ann and Ben share the win (tied on the year, the length and the "
                               "payment chips)."}
    over = Event.make("game_over", None, winners=[1], decided_by="payment chips", tied_with=[0])
    assert describe_event(over, 1, names) == "Game over: You win on payment chips (tied on the year, timelines as long)."


# --- golden cases for rule statements no earlier test pinned ------------------------------------

def test_lt7_a_failure_after_a_straightening_travel_turns_a_card_again_and_removes_nothing():
    """§8 / LT-7: the loss needs failures in two rounds in a row; a successful travel in between
    straightens the card, so the next failure only turns the outer card."""
    state = at_turn(start(2, dealer=1), 0, "travel")
    arrange(state, hands=[[card(2007)], [card(313)]], timelines=[[card(1492), card(1989)], []])
    state["tilted"][0] = card(1989)
    state, events = act(state, 0, "place", card=card(2007))
    assert state["tilted"][0] is None and any(e.kind == "straighten" for e in events)
    arrange(state, hands=[[card(1453)], [card(313)]], timelines=[[card(1492), card(1989), card(2007)], []])
    at_turn(state, 0, "travel")
    state, events = act(state, 0, "cannot_travel")
    assert state["timelines"][0] == [card(1492), card(1989), card(2007)]
    assert state["tilted"][0] == card(2007) and not any(e.kind == "card_lost" for e in events)


def test_lt7_a_single_turned_card_lost_leaves_an_empty_timeline_that_cannot_win():
    """LT-7 + LT-10: a one-card timeline whose card is turned and then lost is empty: no total, and
    it cannot win even if everyone else went beyond 2031."""
    state = at_turn(start(2, dealer=1), 1, "travel")  # the dealer travels last: the game ends after it
    arrange(state, hands=[[], []], timelines=[[card(1986), card(2011)], [card(1492)]])
    state["tilted"][1] = card(1492)
    state["final_round"] = True
    state, events = act(state, 1, "cannot_travel")
    assert state["over"] and state["timelines"][1] == [] and card(1492) in state["side"]
    outcome = ENGINE.result(state)
    assert outcome.scores[1] is None and outcome.winners == ()


def test_lt5_a_vip_is_not_offered_against_an_opponent_with_an_empty_hand():
    """§7 / LT-5: a VIP 'blindly steals one card out of his hand': with nothing in that hand there
    is nothing to steal, so the move is not offered; a Disaster on that player still is."""
    vip = next(c["year"] for c in DECK_DATA["card"] if c["kind"] == "vip")
    disaster = next(c["year"] for c in DECK_DATA["card"] if c["kind"] == "disaster")
    state = at_turn(start(3, dealer=2), 0)
    arrange(state, hands=[[card(vip), card(disaster)], [], [card(313)]])
    legal = ENGINE.legal_actions(state, 0)
    assert Action.make(0, "vip", card=card(vip), target=1) not in legal
    assert Action.make(0, "vip", card=card(vip), target=2) in legal
    assert Action.make(0, "disaster", card=card(disaster), target=1) in legal


def test_lt6_a_reshuffle_does_not_move_the_chronos_which_the_kept_top_card_still_sets():
    """LT-9 + LT-6: after a reshuffle the old discard top (kept out of it) sets the next round's
    direction; only a new discard covering it changes that."""
    state = start(2, dealer=1)
    red = next(c for c in YEARS if ARROWS[c] == "past" and KINDS[c] == "event")
    others = [c for c in YEARS if c != red]
    arrange(state, hands=[[], []], discard=others[:30] + [red], side=others[30:40], draw=[])
    state["draw"] = []
    leftover = others[40:]
    state["timelines"] = [sorted(leftover[:len(leftover) // 2], key=YEARS.get),
                          sorted(leftover[len(leftover) // 2:], key=YEARS.get)]
    ENGINE.check_invariants(state)
    state = at_turn(state, 1, "travel")  # the dealer is last: its travel ends the round
    state, events = act(state, 1, "cannot_travel")
    assert any(e.kind == "reshuffle" for e in events) and state["discard"] == [red]
    assert state["direction"] == "past" and [len(h) for h in state["hands"]] == [5, 5]


def test_lt2_five_and_six_seats_deal_30_and_still_leave_a_draw_pile_that_refills():
    """LT-2: the 5–6 player table extension deals 5 each from the same 75 cards (45 left with six)
    and the dealer, who plays last, is refilled last."""
    state = ENGINE.new_game(GameConfig.make("lost-in-time", [SeatConfig("bot", f"P{i}") for i in range(6)]), 6)
    assert len(state["draw"]) == 75 - 30
    order = [(state["dealer"] + k) % 6 for k in range(1, 7)]
    assert state["turn"] == order[0]
    seen = []
    while state["round"] == 1:
        seen.append(state["turn"])
        state, _ = act(state, state["turn"], "pass")
        state, _ = ENGINE.apply(state, ENGINE.legal_actions(state, seen[-1])[0])
    assert seen == order  # §4: everyone once, from the dealer's left; the dealer last


def test_lt10_the_dealers_own_disaster_on_a_seat_that_has_played_does_not_prolong_the_last_round():
    """LT-10 + LT-5: in the last round a Disaster on a seat that has already travelled costs nothing
    (the game ends when the dealer has travelled); no extra turn is played to serve it."""
    disaster = next(c["year"] for c in DECK_DATA["card"] if c["kind"] == "disaster" and c["year"] < 1400)
    state = start(2, dealer=1)
    arrange(state, hands=[[], [card(disaster), card(2007)]], timelines=[[card(1492)], [card(1903)]])
    final_round(state, 1)
    state, events = act(state, 1, "disaster", card=card(disaster), target=0)
    assert next(e for e in events if e.kind == "disaster").get("moot") is True
    state, events = act(state, 1, "place", card=card(2007))
    assert state["over"] and state["skips"][0] == 1 and game_over_event(events)["winners"] == [1]
