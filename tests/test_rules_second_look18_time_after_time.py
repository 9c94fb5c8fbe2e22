"""Time After Time, a second look by fresh eyes (session 18): positions the earlier audits did not
build (rulebook shared/rulebooks/time-after-time.txt, RULINGS TT-1...TT-8 and G-1), the one engine
fix they led to (an empty row is offered no emergency move), and the faster hour_of / hours_gone /
view / check_view pinned to the old implementations, kept here as the reference.

Positions are built as test_time_after_time.py builds them: a real deal, then chosen cards put in
place, every other Time card in the draw pile (or, with the pile empty, out of the game)."""

from __future__ import annotations

from typing import Any

import pytest

from game.core import Action, GameConfig, IllegalAction, Rng, events_for, pack, unpack
from game.rules import time_after_time as tt
from game.rules.time_after_time import ENGINE, GHOSTS, TIME_CARDS
from test_time_after_time import arrange, card, config, play, row

GHOST1, GHOST2 = GHOSTS


def turn_moves(state: dict, seat: int) -> set[Action]:
    """The seat's moves without the reorders that are always there (TT-3b)."""
    return {a for a in ENGINE.legal_actions(state, seat) if a.kind != "reorder"}


def kinds(events: list, seat: int | None = None) -> list[str]:
    return [e.kind for e in events_for(events, seat)]


# --- the old implementations, kept as the reference for the faster ones ---------------------------

def reference_hour_of(card_id: str) -> int:
    """hour_of before session 18: parse the id every call."""
    if tt.is_ghost(card_id):
        raise ValueError(f"{card_id} is a Ghost, it shows no hour")
    return int(card_id[3:5])


def reference_hours_gone(cards_gone: list[str]) -> set[int]:
    """hours_gone before session 18: count the copies of each hour."""
    count: dict[int, int] = {}
    for card_id in cards_gone:
        if not tt.is_ghost(card_id):
            count[reference_hour_of(card_id)] = count.get(reference_hour_of(card_id), 0) + 1
    return {hour for hour, copies in count.items() if copies >= 2}


def reference_completable(state: dict) -> list[bool]:
    """The view's "completable" before session 18: the hours gone worked out again for each row."""
    return [tt.row_completable(state["rows"][s], reference_hours_gone(ENGINE.cards_gone(state)))
            for s in range(state["seats"])]


def reference_emergency(state: dict, seat: int | None) -> bool:
    """The view's "emergency_available" before session 18, with the session's one rule fix: a row
    with no placed card has nothing to shift (see the empty-row test below)."""
    if seat is None:
        return False
    row_ = state["rows"][seat]
    return (state["phase"] == tt.PHASE_DRAW and seat == state["turn"] and None in row_
            and any(c is not None for c in row_) and not reference_completable(state)[seat])


def reference_legal_actions(state: dict, seat: int) -> list[Action]:
    """legal_actions before session 18, when every draw and reorder Action was made anew each call."""
    if ENGINE.is_over(state) or not 0 <= seat < state["seats"]:
        return []
    actions: list[Action] = []
    if seat == state["turn"]:
        phase = state["phase"]
        if phase in (tt.PHASE_DRAW, tt.PHASE_REDRAW):
            victim = tt.right_neighbour(seat, state["seats"])
            actions += [Action.make(seat, "draw", position=i) for i in range(len(state["hands"][victim]))]
            if phase == tt.PHASE_DRAW and ENGINE.emergency_available(state, seat):
                actions += [Action.make(seat, "shift", moves=moves) for moves in tt.shift_sequences(state["rows"][seat])]
        elif phase == tt.PHASE_PLACE:
            facts = ENGINE.turn_facts(state)
            if facts.legal_slots:
                actions += [Action.make(seat, "place", slot=slot) for slot in facts.legal_slots]
            else:
                actions.append(Action.make(seat, "keep"))
    hand_size = len(state["hands"][seat])
    actions += [Action.make(seat, "reorder", **{"from": i, "to": j})
                for i in range(hand_size) for j in range(hand_size) if i != j]
    return actions


def random_game_states(seats: int, seed: int, redraw: bool = False) -> list[dict]:
    """Every state of one random game (no reorders, so it ends)."""
    state = ENGINE.new_game(GameConfig.make("time-after-time", seats, ghost_redraw=redraw), seed)
    rng = Rng.from_seed(seed, "second-look-18")
    states = [state]
    while not ENGINE.is_over(state):
        legal = sorted(turn_moves(state, state["turn"]), key=repr)
        state, _ = ENGINE.apply(state, rng.choice(legal))
        states.append(state)
    return states


# --- the faster hour_of / hours_gone / view / check_view: same answers ---------------------------

ODD_IDS = ["tt-07-c", "tt-99-z", "tt-ghost-9", "tt-ghost", "xx-12-a", "tt-1x-a", "", "tt-", "tt-06"]


@pytest.mark.parametrize("card_id", list(TIME_CARDS) + list(GHOSTS) + ODD_IDS + [None, 7])
def test_hour_of_answers_as_the_old_parse_for_every_card_and_any_other_input(card_id):
    """The deck's 34 Time cards are looked up in a table made once; a Ghost still raises ValueError
    with the same words, and anything else (no card of the deck) is read, or refused, as before."""
    try:
        expected: Any = reference_hour_of(card_id)
    except Exception as exc:  # noqa: BLE001 - the same kind of failure, with the same words
        with pytest.raises(type(exc)) as raised:
            tt.hour_of(card_id)
        assert str(raised.value) == str(exc)
        return
    assert tt.hour_of(card_id) == expected and type(tt.hour_of(card_id)) is int


def test_hours_gone_answers_as_the_old_count_on_random_card_lists():
    """Lists of the deck's cards, Ghosts and ids outside the deck, with repeats: the same hours."""
    rng = Rng.from_seed(18, "hours-gone")
    pool = list(TIME_CARDS) + list(GHOSTS) + ["tt-07-c", "tt-13-q", "tt-ghost-3"]
    for _ in range(1500):
        cards_gone = [rng.choice(pool) for _ in range(rng.below(40))]
        assert tt.hours_gone(cards_gone) == reference_hours_gone(cards_gone), cards_gone
    assert tt.hours_gone([card(9), card(9, "b"), card(12), GHOST1, "tt-12-c"]) == {9, 12}


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_view_works_out_rows_and_the_emergency_move_as_before_at_every_step(seats):
    """view() now works the hours gone out once for all rows: "completable" and
    "emergency_available" agree with the old row-by-row count for every seat and the spectator at
    every step of random games, and check_view accepts each view; legal_actions, whose draws and
    reorders are now made once per seat and hand size, offers the same moves in the same order."""
    checked = 0
    for seed in range(3):
        for state in random_game_states(seats, 1800 + seed, redraw=seed == 2):
            completable = reference_completable(state)
            for seat in [None, *range(seats)]:
                view = ENGINE.view(state, seat)
                assert view["completable"] == completable
                assert view["emergency_available"] is reference_emergency(state, seat)
                assert ENGINE.view_problem(view, seat, config(seats, ghost_redraw=seed == 2)) is None
                if seat is not None:  # the same moves in the same order (bots draw from that order)
                    assert ENGINE.legal_actions(state, seat) == reference_legal_actions(state, seat)
                checked += 1
    assert checked > 200


def test_the_made_once_draws_and_reorders_are_the_moves_a_fresh_build_makes():
    """The cached moves equal freshly made ones, for a hand of 0, 1 and 7 cards and beyond."""
    for seat in range(4):
        for size in (0, 1, 2, 7, 12):
            assert tt.draw_actions(seat, size) == tuple(Action.make(seat, "draw", position=i) for i in range(size))
            assert tt.reorder_actions(seat, size) == tuple(
                Action.make(seat, "reorder", **{"from": i, "to": j}) for i in range(size) for j in range(size) if i != j)
    assert len(tt.reorder_actions(0, 7)) == 42 and tt.reorder_actions(0, 1) == ()


def test_check_view_still_refuses_a_falling_row_and_miscounted_ghosts():
    """check_view reads the hours of a row's cards (checked as the deck's Time cards first) from the
    table and counts Ghosts as the deck's Ghost ids: a falling row, a card outside the deck in a row
    and a wrong Ghost count are still refused with their reasons."""
    state = arrange(3, [[card(6), GHOST1], [card(8)], [card(14), GHOST2]],
                    rows=[row(None, 9, None, 12, None, None, None), [None] * 7, [None] * 7], turn=0)
    honest = ENGINE.view(state, 0)
    assert ENGINE.view_problem(honest, 0, config(3)) is None
    falling = dict(honest, rows=[row(None, 12, None, 9, None, None, None)] + honest["rows"][1:])
    assert ENGINE.view_problem(falling, 0, config(3)) == "its row does not rise (ruling TT-4)"
    foreign = dict(honest, rows=[[None, "tt-ghost-1"] + [None] * 5] + honest["rows"][1:])
    assert "no Time card" in ENGINE.view_problem(foreign, 0, config(3))
    miscounted = dict(honest, ghost_holders=[1, 0, 0])
    assert ENGINE.view_problem(miscounted, 0, config(3)) == "its Ghost holders are not the Ghosts it shows"
    unseen = dict(honest, ghosts_unseen=2)  # seat 0 sees its own Ghost: one is unseen
    assert honest["ghosts_unseen"] == 1
    assert ENGINE.view_problem(unseen, 0, config(3)) == "its unseen Ghosts do not add up"


# --- TT-7: an empty row has nothing to shift (the engine fix) -------------------------------------

def test_an_empty_row_that_cannot_be_completed_is_not_said_to_have_the_emergency_move_tt7():
    """TT-7 lets a player "move either one or two of their Time cards already placed". Late in a
    4-player game eleven hours can be gone for good (both copies in rows or out of the game), and
    an empty row then cannot be completed (seven slots, six hours left): STUCK is true, but there is
    no placed card to shift. The view said the emergency move was open while no move was offered
    (a table or a bot reading the flag was promised a move that did not exist); now it says it is
    not, the draw is the turn, and a shift sent anyway is refused in words, nothing changed."""
    out = [card(hour, copy) for hour in range(6, 17) for copy in "ab"]  # 06H00...16H00 all gone
    state = arrange(4, [[card(17)], [card(18)], [card(19), GHOST2], [card(20), GHOST1]], out=out, turn=0)
    view = ENGINE.view(state, 0)
    assert view["completable"][0] is False  # only 17H00...22H00 left for seven slots
    assert view["emergency_available"] is False
    assert turn_moves(state, 0) == {Action.make(0, "draw", position=0), Action.make(0, "draw", position=1)}
    assert ENGINE.view_problem(view, 0, config(4)) is None
    before = ENGINE.state_hash(state)
    with pytest.raises(IllegalAction, match="your row has none yet"):
        ENGINE.apply(state, Action.make(0, "shift", moves=[(0, 1)]))
    assert ENGINE.state_hash(state) == before
    # a view that says the move is open there is one no honest host sends
    lying = dict(view, emergency_available=True)
    assert ENGINE.view_problem(lying, 0, config(4)) == "its emergency move is offered when it is not open (TT-7)"


def test_a_stuck_row_with_one_card_has_a_shift_for_it_and_the_view_says_so_tt7():
    """The other side of the fix: one placed card is enough. 21H00 on slot 2 leaves four slots to its
    right for 22H00 alone: the move is open, said so, and offered (21H00 one slot left or right)."""
    state = arrange(2, [[card(6)], [card(15), card(16)]], rows=[row(None, None, 21, None, None, None, None),
                                                                [None] * 7], turn=0)
    assert ENGINE.view(state, 0)["emergency_available"] is True
    shifts = {tuple(a["moves"]) for a in turn_moves(state, 0) if a.kind == "shift"}
    assert ((2, 1),) in shifts and ((2, 3),) in shifts
    assert all(len(moves) == 1 for moves in shifts)  # one card: never two shifts


def test_only_the_seat_in_turn_is_offered_the_emergency_move_and_it_gets_it_on_its_turn_tt7():
    """TT-7 "on their turn": a stuck row of a seat waiting for its turn is offered nothing and its
    view says the move is not open; the moment its turn comes, it is."""
    stuck = row(None, 8, None, None, 10, None, None)
    state = arrange(3, [[card(6)], [card(15), card(16)], [card(12), card(13)]],
                    rows=[[None] * 7, stuck, [None] * 7], turn=0)
    assert not any(a.kind == "shift" for a in ENGINE.legal_actions(state, 1))
    assert ENGINE.view(state, 1)["emergency_available"] is False and ENGINE.view(state, 1)["completable"][1] is False
    with pytest.raises(IllegalAction, match="it is not your turn"):
        ENGINE.apply(state, Action.make(1, "shift", moves=[(4, 3)]))
    state, _ = play(state, 0, "draw", position=state["hands"][2].index(card(12)))
    state, _ = play(state, 0, "place", slot=0)
    assert state["turn"] == 1 and ENGINE.view(state, 1)["emergency_available"] is True
    assert Action.make(1, "shift", moves=((4, 3),)) in turn_moves(state, 1)


@pytest.mark.parametrize("gone, completable", [
    ((), True),                       # 08 _ _ _ 12: 09, 10, 11 for three slots - exactly enough
    ((11,), False),                   # one hour fewer than slots
    ((9,), False),                    # the hour just above the left card counts as much
    ((8, 12), True),                  # the neighbours' own second copies are not "between"
    ((7, 13), True),                  # hours outside the gap do not matter
])
def test_tt7_a_gap_of_three_between_08h00_and_12h00_at_its_boundaries(gone, completable):
    """TT-7's count "at least k distinct hours strictly between a and b that are still in play",
    off by one either way: the view, the emergency offer and the engine's own count agree."""
    mine = row(None, 8, None, None, None, 12, None)
    out = [card(hour, "b") for hour in gone]  # one copy out of the game ...
    elsewhere = [card(hour) for hour in gone if hour not in (8, 12)]  # ... the other in a row
    rows = [mine, elsewhere + [None] * (7 - len(elsewhere))]
    state = arrange(2, [[card(20)], [card(21), card(22)]], rows=rows, out=out, turn=0)
    assert ENGINE.view(state, 0)["completable"][0] is completable
    assert ENGINE.view(state, 0)["emergency_available"] is (not completable)
    assert any(a.kind == "shift" for a in ENGINE.legal_actions(state, 0)) is (not completable)


# --- TT-6b / TT-8: the full row waiting for its Ghost ---------------------------------------------

def test_a_full_row_keeps_a_card_nobody_could_place_it_is_not_sent_out_tt6b():
    """TT-6b "no 'can anyone place this?' question is asked": a full row keeps an hour that fits no
    row at all - it does not leave the game, no pile card is drawn for it, the turn passes."""
    full = row(6, 8, 10, 12, 14, 16, 18)
    other = row(7, 9, 11, 13, 15, 17, None, copy="b")  # 12H00 fits neither row
    state = arrange(2, [[GHOST1, card(7)], [card(12, "b"), card(21)]], rows=[full, other], turn=0)
    pile_before = list(state["pile"])
    state, events = play(state, 0, "draw", position=state["hands"][1].index(card(12, "b")))
    assert card(12, "b") in state["hands"][0] and card(12, "b") not in state["out"]
    assert state["pile"] == pile_before and "discard_out" not in kinds(events)
    assert next(e for e in events if e.kind == "keep")["reason"] == "full_row"
    assert state["turn"] == 1 and state["phase"] == tt.PHASE_DRAW and not ENGINE.is_over(state)
    assert ENGINE.view(state, 1)["public_hand_cards"][0] == sorted([card(12, "b")])


def test_a_full_row_that_draws_the_other_ghost_holds_both_and_waits_for_both_tt3_tt8():
    """A full row's holder draws on their turn "as usual" (TT-8) - and may draw the second Ghost: it
    goes into the hand (TT-3), no keep, the turn is over, and now both must be drawn away."""
    full = row(6, 8, 10, 12, 14, 16, 18)
    hands = [[GHOST1, card(7)], [card(20), card(9)], [GHOST2, card(11)]]
    state = arrange(3, hands, rows=[full, [None] * 7, [None] * 7], turn=0)
    state, events = play(state, 0, "draw", position=state["hands"][2].index(GHOST2))  # seat 2 is seat 0's right
    assert sorted(c for c in state["hands"][0] if tt.is_ghost(c)) == [GHOST1, GHOST2]
    assert "keep" not in kinds(events) and state["turn"] == 1
    assert ENGINE.view(state, 1)["ghost_holders"] == [1, 0, 0]  # the drawn one is public (TT-3)
    state, _ = play(state, 1, "draw", position=state["hands"][0].index(GHOST2))
    assert not ENGINE.is_over(state)  # one Ghost still in the full row's hand


def test_a_full_row_whose_last_time_card_is_taken_refills_and_does_not_win_tt6_tt8():
    """The left neighbour takes the full row's only Time card, leaving just its Ghost: that is a
    hand with no Time card (TT-6), so it takes the pile's top card at once - and it has not won,
    since the Ghost is still there (TT-8)."""
    full = row(6, 8, 10, 12, 14, 16, 18)
    state = arrange(2, [[GHOST1, card(20)], [card(21), card(9)]], rows=[full, [None] * 7],
                    pile_top=[card(22)], turn=1)
    state, events = play(state, 1, "draw", position=state["hands"][0].index(card(20)))
    assert sorted(state["hands"][0]) == sorted([GHOST1, card(22)])
    assert not ENGINE.is_over(state) and "win" not in kinds(events)
    assert next(e for e in events if e.kind == "refill")["reason"] == "no_time_card"


def test_a_kept_time_card_in_hand_does_not_stop_the_win_only_a_ghost_does_tt8():
    """End of the Game: "a player who has no Ghost in hand" wins with seven rising hours - Time
    cards kept in the hand (TT-5) do not matter."""
    rows = [row(6, 8, 10, 12, 14, 16, None), [None] * 7]
    state = arrange(2, [[card(9, "b"), card(13, "b")], [card(20), card(21)]], rows=rows, turn=0)
    state, events = play(state, 0, "draw", position=state["hands"][1].index(card(20)))
    state, events = play(state, 0, "place", slot=6)
    assert ENGINE.is_over(state) and state["winner"] == 0 and state["end_reason"] == "row_complete"
    assert len(state["hands"][0]) == 2 and kinds(events)[-2:] == ["win", "game_over"]


# --- TT-5: a move legal for exactly one opponent ---------------------------------------------------

def test_tt5_when_only_the_seat_across_the_table_could_place_it_the_drawer_keeps_it():
    """4 players: the drawer (seat 0) draws from seat 3 (G-1) an hour that fits neither its own row
    nor its neighbours' rows, only seat 2's: "at least one opponent" answers yes - it is kept, and
    who could place it is that one seat."""
    rows = [row(6, 7, 8, 9, 10, 14, None), row(None, 11, 12, 14, 15, 16, None, copy="b"),
            row(10, None, None, None, None, None, None, copy="b"), row(None, None, None, None, 7, 8, None, copy="b")]
    rows[3][6] = card(12)
    hands = [[card(20)], [card(21)], [card(22)], [card(13), card(19)]]
    state = arrange(4, hands, rows=rows, turn=0)
    state, _ = play(state, 0, "draw", position=state["hands"][3].index(card(13)))
    assert ENGINE.view(state, 0)["legal_slots"] == [] and ENGINE.view(state, 0)["who_could_place"] == [2]
    assert turn_moves(state, 0) == {Action.make(0, "keep")}
    state, _ = play(state, 0, "keep")
    assert card(13) in state["hands"][0] and state["turn"] == 1


# --- who plays next after each kind of turn (G-1) --------------------------------------------------

def _next_after(kind: str) -> tuple[dict, list]:
    """Seat 2 of 3 plays one turn of `kind`; seat 1 is its right-hand neighbour (G-1). Seat 0's row
    takes no 09H00 (except when it must, for a keep), nor does seat 1's."""
    mine = {"place": [None] * 7, "ghost": [None] * 7, "keep": row(6, 7, 8, 9, 10, None, None),
            "discard": row(6, 7, 8, 9, 10, None, None), "full_row": row(6, 8, 10, 12, 14, 16, 18),
            "shift": row(None, 8, None, None, 10, None, None)}[kind]
    first = [None] * 7 if kind == "keep" else row(10, 11, 12, 13, 14, 15, None, copy="b")
    second = [None] * 5 + [card(8, "b"), card(17)]
    drawn = card(9, "b") if kind in ("keep", "discard") else card(19)
    hands = [[card(20, "b")], [drawn, GHOST1], [card(21), GHOST2] if kind == "full_row" else [card(21)]]
    state = arrange(3, hands, rows=[first, second, mine], turn=2)
    if kind == "shift":
        return play(state, 2, "shift", moves=[(1, 0)])
    state, events = play(state, 2, "draw", position=state["hands"][1].index(GHOST1 if kind == "ghost" else drawn))
    if kind == "place":
        state, more = play(state, 2, "place", slot=ENGINE.view(state, 2)["legal_slots"][0])
        events += more
    elif kind == "keep":
        state, more = play(state, 2, "keep")
        events += more
    return state, events


@pytest.mark.parametrize("kind, sign", [("place", "place"), ("ghost", "draw"), ("keep", "keep"),
                                         ("discard", "discard_out"), ("full_row", "keep"), ("shift", "shift")])
def test_after_every_kind_of_turn_the_next_seat_clockwise_plays_wrapping_to_seat_0_g1(kind, sign):
    """G-1 and Gameplay: "the next player does the same" - after a placing, a Ghost (TT-3), a kept
    card (TT-5), a card out of the game (TT-5), a full row's keep (TT-6b) and the emergency move
    (TT-7), the last seat hands the turn to seat 0, who draws from seat 2."""
    state, events = _next_after(kind)
    assert sign in kinds(events)
    assert not ENGINE.is_over(state)
    assert (state["turn"], state["phase"], state["pending"]) == (0, tt.PHASE_DRAW, None)
    assert ENGINE.view(state, 0)["draw_from"] == 2
    assert {a["position"] for a in turn_moves(state, 0) if a.kind == "draw"} == set(range(len(state["hands"][2])))


# --- the exhausted draw pile with the Ghost redraw option -----------------------------------------

def test_exhausted_pile_a_redraw_from_a_hand_the_ghost_emptied_never_happens_the_game_ends_tt3_tt8():
    """Option "ghost redraw" (TT-3) with the pile gone: the neighbour's last card is a Ghost. Drawing
    it empties that hand, which ends the game (Exhausted Draw Pile) - a tie, as the emptied player's
    row is not full - instead of leaving the drawer in a second draw from an empty hand."""
    hands = [[card(6)], [card(8), card(12)], [GHOST1]]
    state = arrange(3, hands, turn=0, pile_empty=True, ghost_redraw=True)
    state, events = play(state, 0, "draw", position=0)
    assert ENGINE.is_over(state) and state["winner"] is None and state["end_reason"] == "empty_hand"
    assert kinds(events)[-1] == "game_over" and ENGINE.legal_actions(state, 0) == []
    assert ENGINE.result(state).draw and ENGINE.result(state).ranking == ((0, 1, 2),)


def test_a_lone_ghost_in_a_hand_happens_only_once_the_pile_is_empty_tt6():
    """TT-6 refills a hand left with only Ghosts at once, so while the pile lasts no hand is ever a
    lone Ghost (the redraw above cannot meet an empty hand before the pile is gone): the engine's
    invariant says so, and the refill after a Ghost-only hand is the pile's top card."""
    with pytest.raises(AssertionError, match="was not refilled"):
        arrange(3, [[card(6)], [card(8), card(12)], [GHOST1]], turn=0, pile_top=[card(17)])
    state = arrange(3, [[card(6)], [card(8), card(12)], [GHOST1, card(15)]], turn=0, pile_top=[card(17)])
    state, events = play(state, 0, "draw", position=state["hands"][2].index(card(15)))
    assert sorted(state["hands"][2]) == sorted([GHOST1, card(17)]) and kinds(events, 2)[:2] == ["draw", "refill"]


# --- determinism and a save in the middle of a turn -------------------------------------------------

def test_a_state_saved_while_a_card_waits_to_be_placed_plays_on_to_the_same_end():
    """A game saved (packed) between the draw and the placing, read back, and played on with the same
    moves reaches the same state hash as the game never saved; the same seed deals the same game."""
    seats, seed = 3, 1818
    cfg = GameConfig.make("time-after-time", seats)
    assert ENGINE.state_hash(ENGINE.new_game(cfg, seed)) == ENGINE.state_hash(ENGINE.new_game(cfg, seed))
    assert ENGINE.new_game(cfg, seed)["hands"] != ENGINE.new_game(cfg, seed + 1)["hands"]
    state = ENGINE.new_game(cfg, seed)
    rng = Rng.from_seed(seed, "save")
    moves: list[Action] = []
    saved_at = None
    while not ENGINE.is_over(state):
        if saved_at is None and state["phase"] == tt.PHASE_PLACE and len(moves) > 10:
            saved_at = (unpack(pack(ENGINE.to_plain(state))), len(moves))
        action = rng.choice(sorted(turn_moves(state, state["turn"]), key=repr))
        moves.append(action)
        state, _ = ENGINE.apply(state, action)
    assert saved_at is not None
    restored, done = saved_at
    restored = ENGINE.from_plain(restored)
    assert restored["pending"] is not None
    for action in moves[done:]:
        restored, _ = ENGINE.apply(restored, action)
    assert ENGINE.state_hash(restored) == ENGINE.state_hash(state)
    assert ENGINE.state_hash(ENGINE.replay(cfg, seed, moves)) == ENGINE.state_hash(state)
