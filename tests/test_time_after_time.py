"""Time After Time engine: golden cases for every ruling TT-1...TT-8 (and G-1), the rulebook's
examples, conformance playouts for 2-4 players and the Ghost leak test."""

from __future__ import annotations

from typing import Any

import pytest

from game.core import Action, GameConfig, IllegalAction, Rng, SeatConfig, events_for, pack, unpack
from game.core.conformance import random_playouts
from game.rules import time_after_time as tt
from game.rules.time_after_time import ENGINE, GHOSTS, TIME_CARDS, SLOTS

GHOST1, GHOST2 = GHOSTS


def card(hour: int, copy: str = "a") -> str:
    return f"tt-{hour:02d}-{copy}"


def config(seats: int, names: list[str] | None = None, **options: Any) -> GameConfig:
    names = names or [f"P{i}" for i in range(seats)]
    return GameConfig.make("time-after-time", [SeatConfig("human", name) for name in names], **options)


def arrange(seats: int, hands: list[list[str]], rows: list[list[str | None]] | None = None,
            pile_top: list[str] | None = None, out: list[str] | None = None, turn: int = 0,
            names: list[str] | None = None, pile_empty: bool = False, **options: Any) -> dict:
    """A hand-built position: every Time card not named goes into the pile (top = last) unless the
    pile must be empty, then into the out-of-game cards; only the Ghosts named are in the game."""
    state = ENGINE.new_game(config(seats, names, **options), 1)
    rows = rows or [[None] * SLOTS for _ in range(seats)]
    out = list(out or [])
    pile_top = list(pile_top or [])
    used = {c for hand in hands for c in hand} | {c for row in rows for c in row if c} | set(out) | set(pile_top)
    rest = [c for c in TIME_CARDS if c not in used]
    if pile_empty:
        out += rest
        rest = []
    state.update(hands=[list(h) for h in hands], rows=[list(r) for r in rows], pile=rest + pile_top,
                 out=out, turn=turn, phase=tt.PHASE_DRAW, pending=None, known=[[] for _ in range(seats)],
                 ghosts=[g for g in GHOSTS if any(g in hand for hand in hands)])
    ENGINE.check_invariants(state)
    return state


def row(*hours: int | None, copy: str = "a") -> list[str | None]:
    return [None if h is None else card(h, copy) for h in hours]


def play(state: dict, seat: int, kind: str, **args: Any) -> tuple[dict, list]:
    return ENGINE.apply(state, Action.make(seat, kind, **args))


def no_reorder(legal, rng, state):
    """Ruling TT-3b: random playouts leave reordering out so that games end."""
    return rng.choice([a for a in legal if a.kind != "reorder"])


# --- TT-1: the deal ---------------------------------------------------------------------------

@pytest.mark.parametrize("seats, dealt_time, ghosts, pile", [(2, 13, 1, 21), (3, 19, 2, 15), (4, 26, 2, 8)])
def test_deal_tt1(seats, dealt_time, ghosts, pile):
    for seed in range(5):
        state = ENGINE.new_game(config(seats), seed)
        hands = state["hands"]
        assert [len(h) for h in hands] == [7] * seats
        in_hands = [c for h in hands for c in h]
        assert sum(1 for c in in_hands if tt.is_ghost(c)) == ghosts
        assert len(in_hands) - ghosts == dealt_time
        assert len(state["pile"]) == pile and not any(tt.is_ghost(c) for c in state["pile"])
        assert state["ghosts"] == list(GHOSTS[:ghosts])
        assert len(TIME_CARDS) == 34 and len(set(TIME_CARDS)) == 34
        assert state["rows"] == [[None] * 7] * seats


def test_two_players_leave_the_second_ghost_in_the_box_tt1():
    state = ENGINE.new_game(config(2), 3)
    everything = [c for h in state["hands"] for c in h] + state["pile"]
    assert GHOST1 in everything and GHOST2 not in everything
    assert ENGINE.view(state, 0)["ghosts_in_game"] == 1


def test_starting_seat_is_random_tt2():
    starters = {ENGINE.new_game(config(4), seed)["turn"] for seed in range(40)}
    assert starters == {0, 1, 2, 3}


# --- TT-2 / G-1: drawing by position from the right-hand neighbour ---------------------------

def test_draw_by_position_from_right_hand_neighbour_g1_tt2():
    hands = [[card(6), card(7)], [card(8), card(9)], [card(10), card(11), card(12)]]
    state = arrange(3, hands, turn=0)
    legal = ENGINE.legal_actions(state, 0)
    assert sorted(a["position"] for a in legal if a.kind == "draw") == [0, 1, 2]  # seat 2's three cards
    state, events = play(state, 0, "draw", position=1)
    assert state["pending"] == card(11) and state["hands"][2] == [card(10), card(12)]
    draw = [e for e in events if e.kind == "draw"][0]
    assert (draw["seat"], draw["from_seat"], draw["position"], draw["card"]) == (0, 2, 1, card(11))
    # seat 1 draws from seat 0 next
    state, _ = play(state, 0, "place", slot=3)
    assert state["turn"] == 1
    assert [a["position"] for a in ENGINE.legal_actions(state, 1) if a.kind == "draw"] == [0, 1]


def test_owner_reorders_out_of_turn_before_the_draw_tt2_tt3b():
    hands = [[card(6), card(7)], [card(8), GHOST1, card(9)]]
    state = arrange(2, hands, turn=0)
    assert Action.make(1, "reorder", **{"from": 1, "to": 2}) in ENGINE.legal_actions(state, 1)
    assert ENGINE.active_seats(state) == [0]
    state, events = play(state, 1, "reorder", **{"from": 1, "to": 2})
    assert state["hands"][1] == [card(8), card(9), GHOST1]
    mine, theirs = events_for(events, 1), events_for(events, 0)
    assert mine[0]["card"] == GHOST1
    assert theirs[0].get("card") is None and (theirs[0]["from"], theirs[0]["to"]) == (1, 2)
    state, _ = play(state, 0, "draw", position=1)
    assert state["pending"] == card(9)


def test_drawn_time_card_is_announced_to_all():
    """The rulebook: "They show the card and clearly announce the time shown before placing it"."""
    state = arrange(3, [[card(6)], [card(8)], [card(14)]], turn=0)
    state, events = play(state, 0, "draw", position=0)
    for seat in (0, 1, 2, None):
        assert events_for(events, seat)[0]["card"] == card(14)
        assert ENGINE.view(state, seat)["pending"] == card(14)


# --- TT-3: Ghosts -------------------------------------------------------------------------------

def test_drawn_ghost_is_shown_and_ends_the_turn_tt3():
    hands = [[card(6), card(7)], [card(8), GHOST2, card(9)], [GHOST1, card(10)]]
    state = arrange(3, hands, turn=0)
    state, events = play(state, 0, "draw", position=0)
    assert GHOST1 in state["hands"][0] and state["pending"] is None
    assert state["turn"] == 1 and state["phase"] == tt.PHASE_DRAW
    for seat in (0, 1, 2):
        shown = [e for e in events_for(events, seat) if e.kind == "draw"]
        assert shown[0]["card"] == GHOST1  # shown to all
        assert ("hand_position" in dict(shown[0].args)) == (seat == 0)  # where it goes: owner only
    view = ENGINE.view(state, 2)
    assert view["ghost_holders"] == [1, 0, 0] and view["public_hand_cards"][0] == [GHOST1]
    assert view["ghosts_unseen"] == 1  # seat 2 cannot know that seat 1 was dealt the other Ghost
    assert ENGINE.view(state, 1)["ghosts_unseen"] == 0


def test_ghost_redraw_option_draws_again_tt3():
    hands = [[card(6), card(7)], [card(8), card(9)], [GHOST1, card(10), card(11)]]
    state = arrange(3, hands, turn=0, ghost_redraw=True)
    state, _ = play(state, 0, "draw", position=0)
    assert state["turn"] == 0 and state["phase"] == tt.PHASE_REDRAW
    legal = ENGINE.legal_actions(state, 0)
    assert {a.kind for a in legal} == {"draw", "reorder"}
    assert sorted(a["position"] for a in legal if a.kind == "draw") == [0, 1]
    state, _ = play(state, 0, "draw", position=1)
    assert state["pending"] == card(11) and state["phase"] == tt.PHASE_PLACE


def test_ghost_option_is_off_by_default_and_checked():
    assert ENGINE.new_game(config(3), 1)["ghost_redraw"] is False
    with pytest.raises(IllegalAction, match="ghost_redraw"):
        ENGINE.new_game(config(3, ghost_redraw="sometimes"), 1)


# --- TT-4: legal slots ----------------------------------------------------------------------

def test_chloe_places_12_17_08_then_20_tt4():
    """The rulebook's example: 12H00 first, then 17H00, then 08H00, ... 20H00 completes the row."""
    assert tt.legal_slots([None] * 7, 12) == [0, 1, 2, 3, 4, 5, 6]
    chloe = row(None, None, None, 12, None, None, None)
    assert tt.legal_slots(chloe, 17) == [4, 5, 6]
    chloe[5] = card(17)
    assert tt.legal_slots(chloe, 8) == [0, 1, 2]
    chloe[0] = card(8)
    assert tt.legal_slots(chloe, 12) == [] and tt.legal_slots(chloe, 10) == [1, 2]
    chloe[1], chloe[2], chloe[4] = card(9), card(11), card(14)
    assert tt.legal_slots(chloe, 20) == [6] and tt.legal_slots(chloe, 17) == []
    # played through the engine, her 20H00 is the seventh card and wins at once (TT-8)
    hands = [[card(6)], [card(20), card(7)]]
    state = arrange(2, hands, rows=[chloe, [None] * 7], turn=0, names=["Chloé", "Ann"])
    state, _ = play(state, 0, "draw", position=0)
    assert ENGINE.legal_actions(state, 0)[0] == Action.make(0, "place", slot=6)
    state, events = play(state, 0, "place", slot=6)
    assert ENGINE.is_over(state) and state["winner"] == 0
    assert ENGINE.result(state).winners == (0,)
    assert [e.kind for e in events][-2:] == ["win", "game_over"]


def test_duplicates_and_falling_hours_are_illegal_tt4():
    state = arrange(2, [[card(6)], [card(12, "b"), card(7)]], rows=[row(None, None, 12, None, None, None, None),
                                                                    [None] * 7], turn=0)
    state, _ = play(state, 0, "draw", position=0)
    assert ENGINE.view(state, 0)["legal_slots"] == []  # the second 12H00 can never sit beside the first
    with pytest.raises(IllegalAction, match="keep"):
        play(state, 0, "place", slot=1)


def test_placing_on_a_wrong_slot_is_explained_tt4():
    state = arrange(2, [[card(6)], [card(15), card(7)]], rows=[row(None, None, 12, None, None, None, None),
                                                               [None] * 7], turn=0)
    state, _ = play(state, 0, "draw", position=0)
    before = ENGINE.state_hash(state)
    with pytest.raises(IllegalAction, match="slots 4, 5, 6 or 7"):  # numbered 1-7 as in the log
        play(state, 0, "place", slot=1)
    assert ENGINE.state_hash(state) == before


# --- TT-5: "can anyone place this?" ---------------------------------------------------------

def test_keep_when_an_opponent_could_place_it_tt5():
    full_low = row(6, 7, 8, 9, 10, None, None)
    hands = [[card(6, "b")], [card(7, "b")], [card(9, "b"), card(12)]]
    state = arrange(3, hands, rows=[full_low, [None] * 7, row(10, None, None, None, None, None, None, copy="b")],
                    turn=0)
    state, events = play(state, 0, "draw", position=0)  # 09H00: seat 0 cannot, seat 1 could
    view = ENGINE.view(state, 2)
    assert view["pending"] == card(9, "b") and view["legal_slots"] == [] and view["who_could_place"] == [1]
    assert ENGINE.legal_actions(state, 0) == [Action.make(0, "keep")]
    state, events = play(state, 0, "keep")
    assert card(9, "b") in state["hands"][0] and state["turn"] == 1
    assert ENGINE.view(state, 1)["public_hand_cards"][0] == [card(9, "b")]
    assert [e for e in events_for(events, 1) if e.kind == "keep"][0].get("hand_position") is None


def test_discard_and_draw_when_nobody_can_tt5():
    rows = [row(6, 7, 8, 9, 10, None, None), [card(7, "b"), card(8, "b"), card(10, "b"), card(11), card(12),
                                                 card(13), None]]
    hands = [[card(20)], [card(9, "b"), card(15)]]
    state = arrange(2, hands, rows=rows, pile_top=[card(21)], turn=0)
    state, events = play(state, 0, "draw", position=0)
    kinds = [e.kind for e in events_for(events, 0)]
    assert kinds == ["draw", "discard_out", "refill"]
    assert state["out"][-1] == card(9, "b") and card(21) in state["hands"][0]
    assert state["pending"] is None and state["turn"] == 1
    assert events_for(events, 0)[-1]["card"] == card(21)
    assert events_for(events, 1)[-1].get("card") is None  # the card from the pile stays secret
    assert card(21) in ENGINE.secrets(state, 1)


# --- TT-6: refills, TT-6b full rows -----------------------------------------------------------

def test_refill_when_a_hand_holds_no_time_card_tt6():
    hands = [[card(6)], [card(8)], [card(14), GHOST1]]
    state = arrange(3, hands, pile_top=[card(22)], turn=0)
    state, events = play(state, 0, "draw", position=0)  # seat 2 keeps only its Ghost
    assert state["hands"][2][0:2].count(GHOST1) == 1 and card(22) in state["hands"][2]
    refill = [e for e in events_for(events, 2) if e.kind == "refill"][0]
    assert refill["card"] == card(22) and refill["reason"] == "no_time_card"
    announced = [e for e in events_for(events, 0) if e.kind == "refill"][0]
    assert announced["seat"] == 2 and announced.get("card") is None
    # "a player who has only one (or two) Ghost(s) left in their hand must announce this": the
    # Ghost is public from then on (not where it sits), and the log says what was announced
    assert ENGINE.describe(refill, 2) == "You had only a Ghost left and drew 22H00 from the pile"
    assert ENGINE.describe(announced, 0) == "P2 had only a Ghost left and drew a card from the pile"
    assert ENGINE.view(state, 0)["draw_count"] == len(state["pile"])
    assert ENGINE.view(state, 0)["public_hand_cards"][2] == [GHOST1]
    assert ENGINE.view(state, 1)["ghost_holders"][2] == 1


def test_an_emptied_hand_says_it_has_no_time_card_left_tt6():
    hands = [[card(6)], [card(8)], [card(14)]]
    state = arrange(3, hands, pile_top=[card(22)], turn=0)
    state, events = play(state, 0, "draw", position=0)  # seat 2's last card is taken
    announced = [e for e in events_for(events, 0) if e.kind == "refill"][0]
    assert ENGINE.describe(announced, 0) == "P2 had no Time card left and drew a card from the pile"
    assert ENGINE.view(state, 0)["public_hand_cards"][2] == []


def test_full_row_keeps_what_it_draws_tt6b():
    full = row(6, 8, 10, 12, 14, 16, 18)
    hands = [[GHOST1, card(7)], [card(20), card(9)]]
    state = arrange(2, hands, rows=[full, [None] * 7], turn=0)
    state, events = play(state, 0, "draw", position=0)  # 20H00 with a full row: kept, no question asked
    assert card(20) in state["hands"][0] and state["turn"] == 1
    keep = [e for e in events if e.kind == "keep"][0]
    assert keep["reason"] == "full_row"
    assert not ENGINE.is_over(state)  # still holding the Ghost


# --- TT-7: the emergency move -------------------------------------------------------------------

def test_08_gap_gap_10_cannot_be_completed_tt7():
    stuck = row(None, 8, None, None, 10, None, None)
    assert not tt.row_completable(stuck, set())
    assert tt.row_completable(row(None, 8, None, None, 11, None, None), set())
    # an hour whose both copies are gone no longer counts
    assert not tt.row_completable(row(None, 8, None, None, 11, None, None), {9})
    assert tt.hours_gone([card(9), card(9, "b"), card(12)]) == {9}


def test_emergency_move_only_when_the_row_cannot_be_completed_tt7():
    hands = [[card(6)], [card(15), card(16)]]
    ok = arrange(2, hands, rows=[row(None, 8, None, None, 11, None, None), [None] * 7], turn=0)
    assert not ENGINE.view(ok, 0)["emergency_available"]
    assert all(a.kind != "shift" for a in ENGINE.legal_actions(ok, 0))
    stuck = arrange(2, hands, rows=[row(None, 8, None, None, 10, None, None), [None] * 7], turn=0)
    view = ENGINE.view(stuck, 0)
    assert view["emergency_available"] and view["completable"] == [False, True]
    shifts = [a for a in ENGINE.legal_actions(stuck, 0) if a.kind == "shift"]
    assert Action.make(0, "shift", moves=[(4, 3)]) in shifts
    assert Action.make(0, "shift", moves=[(1, 2), (4, 3)]) in shifts
    assert Action.make(0, "shift", moves=[(1, 2), (2, 3)]) not in shifts  # the same card twice
    state, events = play(stuck, 0, "shift", moves=[(1, 0), (4, 5)])
    assert state["rows"][0] == row(8, None, None, None, None, 10, None)
    assert state["turn"] == 1 and state["hands"][1] == [card(15), card(16)]  # no draw happened
    assert events[0].kind == "shift"


def test_no_emergency_move_after_drawing_tt7():
    stuck = arrange(2, [[card(6)], [card(15), card(16)]],
                    rows=[row(None, 8, None, None, 10, None, None), [None] * 7], turn=0)
    state, _ = play(stuck, 0, "draw", position=0)
    with pytest.raises(IllegalAction, match="before drawing"):
        play(state, 0, "shift", moves=[(4, 3)])


# --- TT-8: the end -------------------------------------------------------------------------------

def test_ghost_holder_with_full_row_wins_when_rid_of_the_ghost_tt8():
    full = row(6, 8, 10, 12, 14, 16, 18)
    hands = [[GHOST1, card(7)], [card(20), card(9)]]
    state = arrange(2, hands, rows=[full, [None] * 7], turn=1)
    assert not ENGINE.is_over(state)
    position = state["hands"][0].index(GHOST1)
    state, events = play(state, 1, "draw", position=position)  # seat 1 takes the Ghost from seat 0
    assert ENGINE.is_over(state) and state["winner"] == 0
    assert ENGINE.result(state).winners == (0,)
    assert events[-1].kind == "game_over" and events[-2]["seat"] == 0


def test_a_ghost_blocks_the_win_tt8():
    hands = [[GHOST1, card(7)], [card(20), card(9)]]
    state = arrange(2, hands, rows=[row(6, 8, 10, 12, 14, 16, None), [None] * 7], turn=0)
    state, _ = play(state, 0, "draw", position=0)
    state, _ = play(state, 0, "place", slot=6)
    assert not ENGINE.is_over(state) and None not in state["rows"][0]


def test_exhausted_pile_then_empty_hand_is_a_tie_tt8():
    hands = [[card(6)], [card(8)], [card(14), GHOST1]]
    state = arrange(3, hands, turn=1, pile_empty=True)
    state, events = play(state, 1, "draw", position=0)  # seat 0 has no card left: game over
    assert ENGINE.is_over(state) and state["winner"] is None
    outcome = ENGINE.result(state)
    assert outcome.winners == () and outcome.draw and "tie" in outcome.summary
    assert ENGINE.legal_actions(state, 1) == []
    over = next(e for e in events if e.kind == "game_over")
    assert ENGINE.describe(over, 1) == "The game is over: a tie (the draw pile is empty and a hand emptied)"


def test_results_say_a_full_row_is_full_not_that_it_can_be_completed():
    """The results' "Row" line: full, completable (slots left that the hours still possible can fill)
    or blocked; it read "Row can be completed · full" for a full row."""
    full = row(6, 8, 10, 12, 14, 16, 18)
    state = arrange(2, [[GHOST1, card(7)], [card(20), card(9)]], rows=[full, [None] * 7], turn=1)
    state, _ = play(state, 1, "draw", position=state["hands"][0].index(GHOST1))
    rows_done = [next(item["value"] for item in seat if item["label"] == "Row")
                 for seat in ENGINE.result(state).breakdown]
    assert rows_done == ["full", "completable"]


def test_exhausted_pile_no_refill_for_a_ghost_only_hand_tt8():
    hands = [[card(6)], [card(8)], [card(14), GHOST1]]
    state = arrange(3, hands, turn=0, pile_empty=True)
    state, events = play(state, 0, "draw", position=0)
    assert state["hands"][2] == [GHOST1] and not ENGINE.is_over(state)
    assert not [e for e in events if e.kind == "refill"]


def test_safety_cap_ends_in_a_tie():
    state = arrange(2, [[card(6), card(7)], [card(12), card(13)]], turn=0,
                    rows=[row(None, 8, None, None, 10, None, None), [None] * 7])
    state["turn_number"] = tt.SAFETY_TURN_CAP
    state, events = play(state, 0, "shift", moves=[(1, 0)])
    assert ENGINE.is_over(state) and state["end_reason"] == "safety_cap"
    assert ENGINE.result(state).draw


# --- The rulebook's table example and the log ---------------------------------------------------

def test_lucas_draws_14_from_nicolas_then_martin_draws_21():
    """Lucas begins and draws 14H00 from his right-hand neighbour Nicolas; Martin, on Lucas's left,
    then draws 21H00 from Lucas and puts it at the far right."""
    names = ["Lucas", "Martin", "Nicolas"]
    hands = [[card(21), card(7)], [card(8), card(9)], [card(14), GHOST1]]
    state = arrange(3, hands, turn=0, names=names)
    state, events = play(state, 0, "draw", position=0)
    assert ENGINE.describe(events_for(events, 0)[0], 0) == "You drew 14H00 from Nicolas"
    assert ENGINE.describe(events_for(events, 1)[0], 1) == "Lucas drew 14H00 from Nicolas"
    assert ENGINE.describe(events_for(events, 2)[0], 2) == "Lucas drew 14H00 from you"
    state, events = play(state, 0, "place", slot=3)
    assert ENGINE.describe(events[0], 1) == "Lucas placed 14H00 on slot 4"
    assert state["turn"] == 1
    state, events = play(state, 1, "draw", position=0)
    assert state["pending"] == card(21) and ENGINE.describe(events[0], None) == "Martin drew 21H00 from Lucas"
    state, events = play(state, 1, "place", slot=6)
    assert state["rows"][1][6] == card(21)


# --- Views and leaks ----------------------------------------------------------------------------

def test_views_show_own_faces_other_counts_and_all_rows():
    state = ENGINE.new_game(config(3), 11)
    for seat in range(3):
        view = ENGINE.view(state, seat)
        assert view["hand"] == state["hands"][seat]
        assert view["hand_size"] == [7, 7, 7] and view["rows"] == state["rows"]
        others = {c for s in range(3) if s != seat for c in state["hands"][s]}
        flat = str(unpack(pack(view)))
        assert not any(c in flat for c in others)
    assert ENGINE.view(state, None)["hand"] == []


def _view_and_events_with_hands_permuted(engine: tt.TimeAfterTime, state: dict, action: Action, viewer: int,
                                         rng: Rng) -> tuple[dict, list]:
    """Permute every hand the viewer cannot see (except a draw victim's, whose positions the action
    names), apply the action and return what the viewer receives."""
    shuffled = engine.copy_state(state)
    victim = tt.right_neighbour(action.seat, state["seats"]) if action.kind == "draw" else None
    for other in range(state["seats"]):
        if other != viewer and other != victim:
            rng.shuffle(shuffled["hands"][other])
    new, events = engine.apply(shuffled, action)
    return engine.view(new, viewer), [e.to_wire() for e in events_for(events, viewer)]


def check_hidden_hand_order_is_invisible(engine: tt.TimeAfterTime, seats: int, games: int) -> int:
    """Play random games (with some reorders); at every step, what each seat receives must not
    change when the other hands are permuted. Returns how many checks had a Ghost in another hand."""
    rng = Rng.from_seed(seats, "leak")
    ghost_checks = 0
    for seed in range(games):
        state = engine.new_game(config(seats), seed)
        while not engine.is_over(state):
            seat = engine.active_seats(state)[0]
            legal = engine.legal_actions(state, seat)
            action = no_reorder(legal, rng, state)
            if rng.below(4) == 0 and len(state["hands"][seat]) > 1:
                action = rng.choice([a for a in legal if a.kind == "reorder"])
            for viewer in range(seats):
                if viewer == seat and action.kind != "draw":
                    continue
                if any(tt.is_ghost(c) for s in range(seats) if s != viewer for c in state["hands"][s]):
                    ghost_checks += 1
                base = _view_and_events_with_hands_permuted(engine, state, action, viewer, Rng(0))
                again = _view_and_events_with_hands_permuted(engine, state, action, viewer, Rng(rng.next_u64()))
                assert base[0] == again[0], f"view of seat {viewer} depends on hidden hand order"
                assert base[1] == again[1], f"events to seat {viewer} depend on hidden hand order"
            state, _ = engine.apply(state, action)
    return ghost_checks


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_no_view_or_event_shows_where_a_ghost_sits(seats):
    """The leak test: permuting the order of other seats' hands never changes what a seat sees,
    so nothing a seat receives can tell where a Ghost (or any card) sits in another hand."""
    assert check_hidden_hand_order_is_invisible(ENGINE, seats, games=6) > 50


def test_leak_test_catches_a_view_that_tells_where_a_ghost_sits():
    class GhostPointer(tt.TimeAfterTime):
        def view(self, state, seat):
            data = super().view(state, seat)
            data["ghost_positions"] = [[i for i, c in enumerate(hand) if tt.is_ghost(c)]
                                       for s, hand in enumerate(state["hands"]) if s != seat]
            return data

    with pytest.raises(AssertionError, match="depends on hidden hand order"):
        check_hidden_hand_order_is_invisible(GhostPointer(), 3, games=2)


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("redraw", [False, True])
def test_conformance_playouts(seats, redraw):
    """Cards conserved, rows rising, legal actions until the end, no secret in views or events,
    replay reproduces the hash; reordering left out (TT-3b) so random games end."""
    games = 12
    stats = random_playouts(ENGINE, [config(seats, ghost_redraw=redraw)] * games,
                            range(100 * seats, 100 * seats + games), policy=no_reorder)
    assert stats.games == games
    assert stats.max_actions < tt.SAFETY_TURN_CAP * 2


def test_conformance_checker_catches_a_view_that_leaks_hands():
    class Leaky(tt.TimeAfterTime):
        def view(self, state, seat):
            data = super().view(state, seat)
            data["peek"] = [list(h) for h in state["hands"]]
            return data

    from game.core.conformance import ConformanceError
    with pytest.raises(ConformanceError, match="leaks"):
        random_playouts(Leaky(), [config(3)], [1], policy=no_reorder)


def test_illegal_actions_are_explained_and_change_nothing():
    state = arrange(3, [[card(6)], [card(8)], [card(14), GHOST1]], turn=0)
    before = ENGINE.state_hash(state)
    for action, words in [(Action.make(1, "draw", position=0), "it is not your turn: P0 is playing"),
                          (Action.make(0, "place", slot=0), "draw a card first"),
                          (Action.make(0, "keep"), "draw a card first"),
                          (Action.make(0, "draw", position=5), "pick one of the 2 cards in P2's hand"),
                          (Action.make(0, "shift", moves=[(0, 1)]), "can no longer be completed"),
                          (Action.make(0, "reorder", **{"from": 0, "to": 0}), "two different positions"),
                          (Action.make(0, "fly"), "not a Time After Time move")]:
        with pytest.raises(IllegalAction, match=words):
            ENGINE.apply(state, action)
    assert ENGINE.state_hash(state) == before


def test_result_breakdown_and_describe_lines():
    hands = [[card(6)], [card(20), card(7)]]
    state = arrange(2, hands, rows=[row(8, 9, 11, 12, 14, 17, None), [None] * 7], turn=0, names=["Chloé", "Ann"])
    state, _ = play(state, 0, "draw", position=0)
    state, events = play(state, 0, "place", slot=6)
    outcome = ENGINE.result(state)
    assert outcome.scores == (7, 0) and outcome.ranking == ((0,), (1,)) and outcome.winners == (0,)
    assert outcome.score_unit == "of 7 slots filled"
    assert outcome.breakdown[0][0] == {"label": "Ghosts held", "value": 0}
    assert ENGINE.describe(events[-2], 0) == "You completed the row and won!"
    assert ENGINE.describe(events[-1], 1) == "The game is over: Chloé won"
