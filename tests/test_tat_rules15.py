"""Time After Time against its rulebook once more (session 15): a second, independent referee that
keeps its own copy of the whole table, and golden cases for the rule statements no test held yet.

Every rule statement of shared/rulebooks/time-after-time.txt and RULINGS TT-1...TT-8, and the test
that fails when the engine breaks it (t = tests/test_time_after_time.py, a = ..._rulebook_audit.py,
here = this file; the referee below checks every one of them again at every step of random games):

Contents / Setup
- 34 Time cards 06H00-22H00, two of each, 2 Ghosts (TT-1) ............ a::test_contents_34_time_cards...
- 7 "?" slots each; 2p one Ghost back in the box (TT-1) ............... t::test_two_players_leave_the_second_ghost...
- deal 13+1 / 19+2 / 26+2 shuffled, 7 each; the rest is the pile ..... t::test_deal_tt1, a::test_setup_the_pile_is...
- the pile never holds a Ghost (so "if it is a Ghost, draw again" never arises from the pile)
                                                                        a::test_setup_the_pile_is..., here::referee
Principle
- any placing order (Chloe's example) ................................. t::test_chloe_places_12_17_08_then_20_tt4
- strictly rising left to right, no duplicate (TT-4) ................... t::test_duplicates_and_falling_hours_are_illegal_tt4
- the difference between neighbours does not matter .................... a::test_principle_the_difference...
- "a 06H00 must go far left" is advice only ............................ a::test_setup_06h00_at_the_far_left...
Gameplay
- clockwise, the starting seat at random (TT-2, G-1) ................... a::test_gameplay_turns_pass_clockwise..., t::test_starting_seat_is_random_tt2
- draw by position from the right-hand neighbour (TT-2) ................ t::test_draw_by_position_from_right_hand_neighbour_g1_tt2
- a drawn Time card is shown and announced ............................. t::test_drawn_time_card_is_announced_to_all
- ... and must go on a free legal slot, then the turn is over .......... a::test_gameplay_a_card_that_fits_must_be_placed...
- Lucas/Martin example .................................................. t::test_lucas_draws_14_from_nicolas_then_martin_draws_21
- a drawn Ghost is shown, goes into the hand, the turn is over (TT-3) .. t::test_drawn_ghost_is_shown_and_ends_the_turn_tt3
- option: draw a second card after a Ghost (and after each Ghost) ...... t::test_ghost_redraw_option_draws_again_tt3, a::test_ghost_redraw_draws_again...
- option: a full row's last Ghost drawn away wins before any redraw .... here::test_ghost_redraw_a_full_rows_last_ghost_drawn_away_wins_at_once_tt3_tt8
- only Ghosts left in hand: announce and draw from the pile (TT-6) ..... a::test_gameplay_two_ghosts_left_in_hand...
- the last card taken: the pile's top card, unseen (TT-6) .............. a::test_gameplay_a_player_whose_last_card_is_taken...
- reorder your own hand at any time before a draw (TT-2, TT-3b) ........ t::test_owner_reorders_out_of_turn_before_the_draw_tt2_tt3b
- no slot, an opponent could place it: keep it, the turn is over (TT-5) a::test_gameplay_a_kept_card_ends_the_turn_tt5
- ... "could place" is a legal slot, even in a row that is stuck ....... here::test_tt5_an_opponent_whose_row_is_stuck_can_still_place_it
- ... the kept card is public, its position in the hand is not ......... here::test_tt5_a_kept_card_is_public_but_not_where_it_sits
- nobody could: out of the game, a pile card unplaced, turn over ........ t::test_discard_and_draw_when_nobody_can_tt5, a::test_tt5_an_opponent_with_a_full_row...
- a full row keeps every card it draws, no question (TT-6b) ............. t::test_full_row_keeps_what_it_draws_tt6b
Exhausted Draw Pile
- play on without drawing; no refill for a Ghost-only hand (TT-8) ...... t::test_exhausted_pile_no_refill_for_a_ghost_only_hand_tt8, a::test_tt5_with_the_pile_empty...
- a hand that empties ends the game: a tie .............................. t::test_exhausted_pile_then_empty_hand_is_a_tie_tt8
- ... at that very moment: the drawer cannot place the card it took ..... here::test_exhausted_pile_the_game_ends_when_the_hand_empties_before_the_drawer_places_tt8
- ... unless that player meets the victory conditions .................. a::test_exhausted_pile_the_hand_that_empties_wins...
Emergency Cases (TT-7)
- instead of drawing, one or two placed cards one slot each ............ t::test_emergency_move_only_when..., a::test_tt7_two_cards_each...
- only when the row can no longer be completed (the k-hours count) ..... t::test_08_gap_gap_10_cannot_be_completed_tt7, a::test_tt7_the_row_ends..., a::test_tt7_hours_gone...
- ... a copy in a hand, the pile or the pending card is still in play .. here::test_tt7_the_card_being_placed_still_counts_as_in_play
- optional; not after drawing; not with a full row ...................... a::test_tt7_the_emergency_move_is_optional..., t::test_no_emergency_move_after_drawing_tt7, a::test_tt8_a_full_row_waiting...
- the move is the turn: no card is drawn, the next seat plays ........... t::test_emergency_move_only_when...
End of the Game (TT-8)
- no Ghost and seven rising hours: wins at once ......................... t::test_ghost_holder_with_full_row_wins..., t::test_a_ghost_blocks_the_win_tt8
- full row with a Ghost: draw as usual, win when rid of every Ghost .... a::test_tt8_a_full_row_with_two_ghosts...
- an opponent may win first .............................................. a::test_tt8_an_opponent_may_get_ahead...
- the engine's own safety cap (a tie) ..................................... t::test_safety_cap_ends_in_a_tie

`TABLETIME_TAT15_GAMES=2000` plays that many games per seat count and Ghost option (the test itself
plays a few dozen so that it stays short).
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

from game.core import Action, GameConfig, IllegalAction, Rng, SeatConfig
from game.rules.time_after_time import ENGINE

GAMES = int(os.environ.get("TABLETIME_TAT15_GAMES", "0"))
N_SLOTS = 7
DEAL = {2: (13, 1), 3: (19, 2), 4: (26, 2)}  # Setup: Time cards and Ghosts shuffled together
ALL_TIME = sorted(f"tt-{h:02d}-{c}" for h in range(6, 23) for c in "ab")
CAP = 1000  # the engine's announced safety cap (not a rule of the box: a tie)


# --- the referee's own reading of the cards ------------------------------------------------------

def hour(card: str) -> int | None:
    """The hour on a Time card; None for a Ghost (the referee reads the printed face, not the engine)."""
    return None if "ghost" in card else int(card.split("-")[1])


def slots_for(row: list[str | None], h: int) -> list[int]:
    """TT-4: free slots where every filled slot to the left shows less and to the right more."""
    free = []
    for i, c in enumerate(row):
        if c is None and all(hour(x) < h for x in row[:i] if x) and all(hour(x) > h for x in row[i + 1:] if x):
            free.append(i)
    return free


def finishable(row: list[str | None], cards_out: list[str]) -> bool:
    """TT-7: each run of k free slots between placed hours a and b (ends 05 and 23) needs k distinct
    hours strictly between them with a copy neither in a row nor in the box."""
    used = Counter(hour(c) for c in cards_out if hour(c) is not None)
    alive = {h for h in range(6, 23) if used[h] < 2}
    marks = [(-1, 5)] + [(i, hour(c)) for i, c in enumerate(row) if c] + [(N_SLOTS, 23)]
    for (i, a), (j, b) in zip(marks, marks[1:]):
        if j - i - 1 > len([h for h in alive if a < h < b]):
            return False
    return True


def emergency_moves(row: list[str | None]) -> set[tuple[tuple[int, int], ...]]:
    """TT-7: one placed card into a free neighbouring slot, or that and then another card likewise."""
    def steps(r: list[str | None]) -> list[tuple[int, int]]:
        return [(i, t) for i, c in enumerate(r) if c for t in (i - 1, i + 1) if 0 <= t < N_SLOTS and r[t] is None]
    found: set[tuple[tuple[int, int], ...]] = set()
    for first in steps(row):
        found.add((first,))
        moved = list(row)
        moved[first[1]], moved[first[0]] = moved[first[0]], None
        found |= {(first, second) for second in steps(moved) if second[0] != first[1]}
    return found


class Referee:
    """Its own copy of the table, moved by the rulebook; the engine must agree after every action.
    Only where a card lands in a hand is learnt from the engine (a secret random position, TT-2)."""

    def __init__(self, state: dict, seats: int, redraw: bool) -> None:
        self.n, self.redraw = seats, redraw
        time_cards, ghosts = DEAL[seats]
        hands = state["hands"]
        dealt = [c for h in hands for c in h]
        assert [len(h) for h in hands] == [N_SLOTS] * seats, "Setup: 7 cards each"
        assert sum(hour(c) is None for c in dealt) == ghosts and len(dealt) == time_cards + ghosts, "Setup: the deal"
        assert sorted(dealt + state["pile"]) == sorted(ALL_TIME + [c for c in dealt if hour(c) is None])
        assert all(hour(c) is not None for c in state["pile"]), "TT-1: a Ghost in the pile"
        self.hands = [list(h) for h in hands]
        self.pile = list(state["pile"])  # its order is dealt by chance; from here on the referee keeps it
        self.rows: list[list[str | None]] = [[None] * N_SLOTS for _ in range(seats)]
        self.out: list[str] = []
        self.public: list[set[str]] = [set() for _ in range(seats)]
        self.turn, self.turn_number = state["turn"], 1
        assert 0 <= self.turn < seats
        self.phase, self.pending, self.winner, self.reason = "draw", None, None, None
        self.inserted: dict[int, str] = {}
        self.tally: Counter = Counter()

    # -- what the rules allow -------------------------------------------------------------------
    def gone(self) -> list[str]:
        return [c for r in self.rows for c in r if c] + self.out

    def shift_allowed(self, seat: int) -> bool:
        row = self.rows[seat]
        return (self.phase == "draw" and seat == self.turn and None in row and not finishable(row, self.gone())
                and any(card is not None for card in row))  # TT-7 shifts placed cards: an empty row has none

    def legal(self, seat: int) -> set[Action]:
        if self.phase == "over":
            return set()
        size = len(self.hands[seat])
        moves = {Action.make(seat, "reorder", **{"from": i, "to": j}) for i in range(size) for j in range(size) if i != j}
        if seat != self.turn:
            return moves
        if self.phase in ("draw", "redraw"):
            moves |= {Action.make(seat, "draw", position=p) for p in range(len(self.hands[(seat - 1) % self.n]))}
            if self.shift_allowed(seat):
                moves |= {Action.make(seat, "shift", moves=m) for m in emergency_moves(self.rows[seat])}
        else:
            slots = slots_for(self.rows[seat], hour(self.pending))
            moves |= {Action.make(seat, "place", slot=s) for s in slots} if slots else {Action.make(seat, "keep")}
        return moves

    def could_place(self, seat: int, card: str) -> list[int]:
        return [s for s in range(self.n) if s != seat and slots_for(self.rows[s], hour(card))]

    # -- moving the table -----------------------------------------------------------------------
    def into_hand(self, seat: int, card: str) -> None:
        assert seat not in self.inserted, "one card into a hand per action in this referee"
        self.inserted[seat] = card

    def from_pile(self, seat: int) -> None:
        if self.pile:
            self.into_hand(seat, self.pile.pop())
            self.tally["pile draws"] += 1

    def refill(self, seat: int) -> None:
        """TT-6: a hand of only Ghosts (or none) announces it and takes the pile's top card; the
        rulebook's "must announce this" makes those Ghosts public (session 18)."""
        if self.pile:
            self.public[seat] |= {c for c in self.hands[seat] if hour(c) is None}
        self.from_pile(seat)

    def holds_time(self, seat: int) -> bool:
        cards = self.hands[seat] + ([self.inserted[seat]] if seat in self.inserted else [])
        return any(hour(c) is not None for c in cards)

    def next_turn(self) -> None:
        self.phase, self.pending = "draw", None
        self.turn = (self.turn + 1) % self.n
        self.turn_number += 1

    def play(self, action: Action) -> None:
        seat, kind = action.seat, action.kind
        self.inserted = {}
        if kind == "reorder":
            hand = self.hands[seat]
            hand.insert(action["to"], hand.pop(action["from"]))
            self.tally["reorders"] += 1
            return
        if kind == "shift":
            row = self.rows[seat]
            for src, dst in action["moves"]:
                row[dst], row[src] = row[src], None
            self.tally["shifts"] += 1
            self.next_turn()
        elif kind == "place":
            self.rows[seat][action["slot"]] = self.pending
            self.tally["places"] += 1
            self.next_turn()
        elif kind == "keep":
            self.into_hand(seat, self.pending)
            self.public[seat].add(self.pending)
            self.tally["keeps"] += 1
            self.next_turn()
        elif kind == "draw":
            victim = (seat - 1) % self.n
            card = self.hands[victim].pop(action["position"])
            self.public[victim].discard(card)
            if hour(card) is None:  # TT-3
                self.into_hand(seat, card)
                self.public[seat].add(card)
                self.tally["ghosts drawn"] += 1
                if self.redraw:
                    self.phase = "redraw"
                    self.tally["redraws"] += 1
                else:
                    self.next_turn()
            else:
                if not self.holds_time(victim):  # TT-6 at once, before the rest of the turn
                    self.refill(victim)
                if None not in self.rows[seat]:  # TT-6b
                    self.into_hand(seat, card)
                    self.public[seat].add(card)
                    self.tally["full-row keeps"] += 1
                    self.next_turn()
                elif slots_for(self.rows[seat], hour(card)) or self.could_place(seat, card):
                    self.phase, self.pending = "place", card
                else:  # TT-5: nobody could place it
                    self.out.append(card)
                    self.tally["out of the game"] += 1
                    self.from_pile(seat)
                    self.next_turn()
        self.settle()

    def settle(self) -> None:
        winners = [s for s in range(self.n) if None not in self.rows[s]
                   and not any(hour(c) is None for c in self.hands[s] + ([self.inserted[s]] if s in self.inserted else []))]
        assert len(winners) <= 1, "two winners at once"
        if winners:  # TT-8: at once
            self.phase, self.winner, self.reason, self.pending = "over", winners[0], "row_complete", None
            return
        for i in range(self.n):  # TT-6
            s = (self.turn + i) % self.n
            if not self.holds_time(s):
                self.refill(s)
        if not self.pile and any(not self.hands[s] and s not in self.inserted for s in range(self.n)):
            self.phase, self.reason = "over", "empty_hand"  # TT-8: exhausted pile, a hand empty: a tie
        elif self.turn_number > CAP and self.phase == "draw":
            self.phase, self.reason = "over", "safety_cap"

    def learn_positions(self, state: dict, tag: str) -> None:
        """Where each card that entered a hand went: the engine's random secret choice."""
        for seat, card in self.inserted.items():
            theirs = list(state["hands"][seat])
            assert card in theirs, f"{tag}: {card} did not reach seat {seat}'s hand"
            theirs.remove(card)
            assert theirs == self.hands[seat], f"{tag}: seat {seat}'s other cards moved"
            self.hands[seat] = list(state["hands"][seat])
        self.inserted = {}

    def agree(self, state: dict, tag: str) -> None:
        self.learn_positions(state, tag)
        over = self.phase == "over"
        assert ENGINE.is_over(state) == over, f"{tag}: over {ENGINE.is_over(state)}, referee {over}"
        assert state["hands"] == self.hands, f"{tag}: hands differ"
        assert state["rows"] == self.rows, f"{tag}: rows differ"
        assert state["pile"] == self.pile, f"{tag}: pile differs"
        assert state["out"] == self.out, f"{tag}: the box differs"
        assert [sorted(k) for k in state["known"]] == [sorted(p) for p in self.public], f"{tag}: public cards differ"
        assert state["winner"] == self.winner and state["end_reason"] == self.reason, f"{tag}: the end differs"
        if not over:
            assert (state["turn"], state["phase"], state["pending"]) == (self.turn, self.phase, self.pending), tag
            assert state["turn_number"] == self.turn_number, f"{tag}: turn number"
            view = ENGINE.view(state, self.turn)
            assert view["completable"] == [finishable(r, self.gone()) for r in self.rows], f"{tag}: TT-7 count"
            assert view["emergency_available"] == self.shift_allowed(self.turn), f"{tag}: TT-7 offer"
            if self.pending:
                mine = slots_for(self.rows[self.turn], hour(self.pending))
                assert view["legal_slots"] == mine, f"{tag}: TT-4 slots"
                assert view["who_could_place"] == ([] if mine else self.could_place(self.turn, self.pending)), tag


# --- how the random seats choose -----------------------------------------------------------------

def choose(style: str, legal: list[Action], rng: Rng, ref: Referee) -> Action:
    """"wild": any move; "careful": keeps its row finishable where it can, and shifts only to mend it."""
    if style == "wild":
        return rng.choice(legal)
    seat = ref.turn
    def mends(a: Action) -> bool:
        row = list(ref.rows[seat])
        if a.kind == "place":
            row[a["slot"]] = ref.pending
        elif a.kind == "shift":
            for src, dst in a["moves"]:
                row[dst], row[src] = row[src], None
        return finishable(row, ref.gone() + ([ref.pending] if a.kind == "place" else []))
    good = [a for a in legal if a.kind in ("place", "shift") and mends(a)]
    if ref.phase == "place" and good:
        return rng.choice(good)
    if ref.phase == "draw" and good and rng.below(2) == 0:
        return rng.choice(good)
    draws = [a for a in legal if a.kind in ("draw", "keep")] or legal
    return rng.choice(draws)


def referee_games(seats: int, redraw: bool, games: int, first_seed: int = 0) -> Counter:
    tally: Counter = Counter()
    for seed in range(first_seed, first_seed + games):
        config = GameConfig.make("time-after-time", seats, ghost_redraw=redraw)
        state = ENGINE.new_game(config, seed)
        ref = Referee(state, seats, redraw)
        rng = Rng.from_seed(seed, "tat15")
        styles = [("wild", "careful")[rng.below(4) != 0] for _ in range(seats)]
        tally[f"starter {state['turn']}"] += 1
        steps = 0
        while not ENGINE.is_over(state):
            steps += 1
            tag = f"{seats}p redraw={redraw} seed {seed} step {steps}"
            assert ENGINE.active_seats(state) == [ref.turn], f"{tag}: whose turn"
            for s in range(seats):
                engine_legal = set(ENGINE.legal_actions(state, s))
                mine = ref.legal(s)
                assert engine_legal == mine, f"{tag} seat {s}: engine only {engine_legal - mine}, referee only {mine - engine_legal}"
            if rng.below(12) == 0:  # TT-3b: now and then someone reorders, in turn or not
                s = rng.below(seats)
                reorders = sorted((a for a in ref.legal(s) if a.kind == "reorder"), key=repr)
                if not reorders:
                    continue
                action = rng.choice(reorders)
            else:
                legal = sorted((a for a in ref.legal(ref.turn) if a.kind != "reorder"), key=repr)
                action = choose(styles[ref.turn], legal, rng, ref)
            if action.kind == "draw" and ref.phase == "draw":
                tally["turns ending full-row-ghost"] += None not in ref.rows[ref.turn] and any(
                    hour(c) is None for c in ref.hands[ref.turn])
            before = state
            state, _ = ENGINE.apply(state, action)
            ref.play(action)
            ref.agree(state, f"{tag} {action!r}")
            ENGINE.check_invariants(state)
            assert before is not state
        outcome = ENGINE.result(state)
        assert outcome.scores == tuple(sum(c is not None for c in r) for r in ref.rows)
        if ref.winner is not None:
            assert outcome.winners == (ref.winner,) and not outcome.draw
            assert outcome.ranking == ((ref.winner,), tuple(s for s in range(seats) if s != ref.winner))
            tally["wins"] += 1
            tally["wins after a Ghost left a full row"] += state["last"]["kind"] == "draw"
        else:
            assert outcome.winners == () and outcome.draw and outcome.ranking == (tuple(range(seats)),)
            tally[f"ties: {ref.reason}"] += 1
        tally += ref.tally
        tally["games"] += 1
        tally["actions"] += steps
    return tally


@pytest.mark.parametrize("seats,redraw", [(2, False), (3, False), (4, False), (2, True), (3, True), (4, True)])
def test_time_after_time_agrees_with_a_second_referee_at_every_step(seats, redraw):
    """Legal moves for every seat, then the whole table after each move: hands, rows, pile, box,
    public cards, turn, phase, the TT-7 count and offer, TT-5's answer, the end (TT-1...TT-8)."""
    games = GAMES or 25
    tally = referee_games(seats, redraw, games, first_seed=1500)
    assert tally["games"] == games
    if GAMES:
        print(f"\n{seats}p redraw={redraw}: {dict(sorted(tally.items()))}")
    else:  # the few games of a test run still reach the rules that matter
        assert tally["wins"] > 0 and tally["places"] > 0 and tally["ghosts drawn"] > 0
        assert tally["shifts"] > 0 and tally["keeps"] + tally["out of the game"] > 0


def test_the_referee_itself_knows_the_rulebook_cases():
    """The referee's own rules, pinned to the rulebook so it cannot drift with the engine."""
    def r(*hours: int | None) -> list[str | None]:
        return [None if h is None else f"tt-{h:02d}-a" for h in hours]
    assert not finishable(r(None, 8, None, None, 10, None, None), [])  # the ruling's example
    assert finishable(r(None, 8, None, None, 11, None, None), [])
    assert not finishable(r(None, 8, None, None, 11, None, None), ["tt-09-a", "tt-09-b"])
    assert not finishable(r(None, None, 7, None, None, None, None), [])  # the row's end is 05H
    assert slots_for(r(12, None, None, None, 17, None, None), 14) == [1, 2, 3]
    assert slots_for(r(12, None, None, None, 17, None, None), 12) == []  # no duplicate hour
    assert emergency_moves(r(None, None, 7, 8, None, None, None)) == {
        ((2, 1),), ((3, 4),), ((2, 1), (3, 2)), ((3, 4), (2, 3)), ((2, 1), (3, 4)), ((3, 4), (2, 1))}


# --- golden cases for statements no test held --------------------------------------------------

GHOST1, GHOST2 = "tt-ghost-1", "tt-ghost-2"


def card(h: int, copy: str = "a") -> str:
    return f"tt-{h:02d}-{copy}"


def line(*hours: int | None, copy: str = "a") -> list[str | None]:
    return [None if h is None else card(h, copy) for h in hours]


def table(seats: int, hands: list[list[str]], rows: list[list[str | None]] | None = None, *, turn: int = 0,
          pile_top: tuple[str, ...] = (), out: tuple[str, ...] = (), pile_empty: bool = False,
          **options: Any) -> dict:
    """A crafted position through the engine's own state layout; unnamed Time cards fill the pile
    (its top last) or, with the pile empty, the box."""
    config = GameConfig.make("time-after-time", [SeatConfig("human", f"P{i}") for i in range(seats)], **options)
    state = ENGINE.new_game(config, 7)
    rows = rows or [[None] * N_SLOTS for _ in range(seats)]
    named = {c for h in hands for c in h} | {c for r in rows for c in r if c} | set(out) | set(pile_top)
    rest = [c for c in ALL_TIME if c not in named]
    state.update(hands=[list(h) for h in hands], rows=[list(r) for r in rows], turn=turn, phase="draw", pending=None,
                 pile=[] if pile_empty else rest + list(pile_top), out=list(out) + (rest if pile_empty else []),
                 known=[[] for _ in range(seats)], ghosts=[g for g in (GHOST1, GHOST2) if any(g in h for h in hands)])
    ENGINE.check_invariants(state)
    return state


def act(state: dict, seat: int, kind: str, **args: Any) -> tuple[dict, list]:
    return ENGINE.apply(state, Action.make(seat, kind, **args))


def test_tt5_an_opponent_whose_row_is_stuck_can_still_place_it():
    """TT-5: the question is "could another player still place this card in front of them" - a
    legal slot, not a finishable row. Seat 1's row (08 _ _ 10) cannot be completed, yet it has a
    slot for 09H00, so seat 0 keeps the card instead of sending it to the box."""
    rows = [line(6, 7, 8, 9, 10, None, None), line(None, 8, None, None, 10, None, None, copy="b")]
    state = table(2, [[card(20)], [card(9, "b"), card(17)]], rows, turn=0, pile_top=(card(21),))
    assert ENGINE.view(state, 1)["completable"] == [True, False]
    state, _ = act(state, 0, "draw", position=0)
    assert ENGINE.view(state, 0)["who_could_place"] == [1]
    assert {a.kind for a in ENGINE.legal_actions(state, 0)} == {"keep"}  # one card in hand: nothing to reorder
    state, _ = act(state, 0, "keep")
    assert card(9, "b") in state["hands"][0] and card(9, "b") not in state["out"]


def test_tt5_a_kept_card_is_public_but_not_where_it_sits():
    """TT-5 with "they show the card and clearly announce the time": everyone knows the kept card is
    in that hand (the neighbour may avoid it), but where it lies in the hand stays secret (TT-2)."""
    rows = [line(6, 7, 8, 9, 10, None, None), line(None, 8, None, None, None, None, None, copy="b")]
    state = table(2, [[card(20), card(19), card(16)], [card(9, "b"), card(17)]], rows, turn=0)
    state, _ = act(state, 0, "draw", position=0)
    state, events = act(state, 0, "keep")
    seen_by_1 = ENGINE.view(state, 1)
    assert seen_by_1["public_hand_cards"][0] == [card(9, "b")]
    assert "hand" not in seen_by_1 or card(9, "b") not in seen_by_1["hand"]
    redacted = [e for e in events if e.kind == "keep" and e.visible_to(1)]
    assert redacted and all(e.get("hand_position") is None for e in redacted)
    # once seat 1 draws it back, it is nobody's public card any more
    state, _ = act(state, 1, "draw", position=state["hands"][0].index(card(9, "b")))
    assert ENGINE.view(state, 0)["public_hand_cards"][0] == []


def test_tt7_the_card_being_placed_still_counts_as_in_play():
    """TT-7 counts an hour gone only when both copies are "already in rows or out of the game": a
    copy drawn and waiting to be placed is neither. Seat 1 (08 _ _ 12) can still be finished with
    09H00 and 11H00 (10H00 is gone: one copy in a row, one in the box) while seat 0 holds the
    second 09H00 pending; with that copy in the box instead, the row is stuck."""
    rows = [[None] * N_SLOTS, line(None, 8, None, None, 12, None, None, copy="b"), line(9, 10, None, None, None, None, None)]
    state = table(3, [[card(6)], [card(14)], [card(9, "b"), card(16)]], rows, turn=0, out=(card(10, "b"),))
    state, _ = act(state, 0, "draw", position=0)  # seat 2 is seat 0's right-hand neighbour (G-1)
    assert state["pending"] == card(9, "b") and state["phase"] == "place"
    assert ENGINE.view(state, 1)["completable"][1] is True
    gone = table(3, [[card(6)], [card(14)], [card(16)]], rows, turn=0, out=(card(10, "b"), card(9, "b")))
    assert ENGINE.view(gone, 1)["completable"][1] is False


def test_exhausted_pile_the_game_ends_when_the_hand_empties_before_the_drawer_places_tt8():
    """Exhausted Draw Pile: "Play then continues without drawing until a player has no cards left in
    hand, which ends the game" (TT-8 "that ends the game"): at that moment, so the drawer who took
    the last card does not get to place it, even when it would have finished the drawer's row; the
    emptied player holds no Ghost but has no full row: a tie."""
    rows = [line(6, 8, 10, 12, 14, 16, None), [None] * N_SLOTS]
    state = table(2, [[card(7)], [card(20)]], rows, turn=0, pile_empty=True)
    state, events = act(state, 0, "draw", position=0)
    assert ENGINE.is_over(state) and state["winner"] is None and state["end_reason"] == "empty_hand"
    assert state["rows"][0][6] is None and [e.kind for e in events][-1] == "game_over"
    with pytest.raises(IllegalAction):
        act(state, 0, "place", slot=6)


def test_ghost_redraw_a_full_rows_last_ghost_drawn_away_wins_at_once_tt3_tt8():
    """Option "ghost redraw" with End of the Game: the left neighbour who draws a full row's last
    Ghost rids it of every Ghost - that player wins "immediately", so no second draw follows."""
    full = line(6, 8, 10, 12, 14, 16, 18)
    state = table(2, [[GHOST1, card(7)], [card(20), card(9)]], [full, [None] * N_SLOTS], turn=1, ghost_redraw=True)
    state, events = act(state, 1, "draw", position=state["hands"][0].index(GHOST1))
    assert ENGINE.is_over(state) and state["winner"] == 0 and state["phase"] == "over"
    assert ENGINE.legal_actions(state, 1) == []
    assert [e.kind for e in events][-2:] == ["win", "game_over"]


@pytest.mark.parametrize("redraw", [False, True])
def test_the_log_line_of_a_drawn_ghost_says_whether_the_turn_goes_on_tt3(redraw):
    """TT-3: by default a Ghost ends the turn ("Their turn is over"); with the option "ghost redraw"
    the player "must draw a second card". The engine's own log line said "and it ends the turn"
    either way (only the table scene rewrote it), so any other reader of `describe` was told the
    wrong rule."""
    state = table(3, [[card(6)], [card(8)], [GHOST1, card(14)]], turn=0, ghost_redraw=redraw)
    state, events = act(state, 0, "draw", position=state["hands"][2].index(GHOST1))
    assert state["turn"] == (0 if redraw else 1)
    mine = next(e for e in events if e.kind == "draw" and e.visible_to(0))
    theirs = next(e for e in events if e.kind == "draw" and e.visible_to(1))
    if redraw:
        assert ENGINE.describe(mine, 0) == "You drew a Ghost from P2 and draw again"
        assert ENGINE.describe(theirs, 1) == "P0 drew a Ghost from P2 and draws again"
    else:
        assert ENGINE.describe(mine, 0) == "You drew a Ghost from P2 and it ends the turn"
        assert ENGINE.describe(theirs, 2) == "P0 drew a Ghost from you and it ends the turn"
