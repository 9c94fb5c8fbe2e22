"""Time After Time, line by line against the rulebook (`rulebooks/time-after-time.txt`: Contents,
Principle, Setup, Gameplay, Exhausted Draw Pile, Emergency Cases, End of the Game) and rulings
TT-1...TT-8 and G-1: one golden case for every rule statement that no other test pinned (the
audit's checklist). Positions are built as in test_time_after_time.py: a real deal, then chosen
cards put in place with every other Time card left in the draw pile, so cards stay conserved."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core import Action, IllegalAction, events_for
from game.rules import time_after_time as tt
from game.rules.time_after_time import ENGINE, GHOSTS, TIME_CARDS
from test_time_after_time import arrange, card, config, play, row

GHOST1, GHOST2 = GHOSTS


def kinds(events: list, seat: int | None = None) -> list[str]:
    return [e.kind for e in events_for(events, seat)]


def turn_moves(state: dict, seat: int) -> set[Action]:
    """The seat's legal moves without the reorders that are always there (TT-3b)."""
    return {a for a in ENGINE.legal_actions(state, seat) if a.kind != "reorder"}


# --- Contents and Setup (ruling TT-1) -----------------------------------------------------------

def test_contents_34_time_cards_are_06h00_to_22h00_two_of_each_and_two_ghosts_tt1():
    """Contents: "34 Time cards (06H00 to 22H00, two copies of each)", "2 Ghost cards"."""
    hours = Counter(tt.hour_of(c) for c in TIME_CARDS)
    assert hours == Counter({hour: 2 for hour in range(6, 23)})
    assert len(GHOSTS) == 2 and all(tt.is_ghost(g) for g in GHOSTS)
    assert [tt.card_label(card(6)), tt.card_label(card(22, "b")), tt.card_label(GHOST1)] == ["06H00", "22H00", "a Ghost"]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_the_pile_is_exactly_the_time_cards_not_dealt_and_the_deal_is_shuffled_tt1(seats):
    """Setup: the Time cards are shuffled, a share taken with the Ghost(s), "This set ... is shuffled
    and dealt so that each player receives 7 cards. The remaining Time cards form the draw pile":
    every Time card is once in a hand or the pile, and a Ghost can land in any seat's hand."""
    ghost_seats, first_hands = set(), set()
    for seed in range(60):
        state = ENGINE.new_game(config(seats), seed)
        dealt = [c for hand in state["hands"] for c in hand]
        assert sorted(c for c in dealt + state["pile"] if not tt.is_ghost(c)) == sorted(TIME_CARDS)
        assert not state["out"] and state["pending"] is None and state["phase"] == tt.PHASE_DRAW
        ghost_seats |= {s for s, hand in enumerate(state["hands"]) if any(tt.is_ghost(c) for c in hand)}
        first_hands.add(tuple(sorted(state["hands"][0])))
    assert ghost_seats == set(range(seats))
    assert len(first_hands) == 60


# --- Principle of the Game (ruling TT-4) --------------------------------------------------------

def test_principle_the_difference_between_neighbouring_hours_does_not_matter_tt4():
    """Principle: "The difference between two neighbouring times does not matter, but the times must
    always advance": 22H00 may sit right beside 06H00."""
    state = arrange(2, [[card(7)], [card(22), card(8)]], rows=[row(6, None, None, None, None, None, None),
                                                                [None] * 7], turn=0)
    state, _ = play(state, 0, "draw", position=0)
    assert ENGINE.view(state, 0)["legal_slots"] == [1, 2, 3, 4, 5, 6]
    state, _ = play(state, 0, "place", slot=1)
    assert state["rows"][0][:2] == [card(6), card(22)]


def test_setup_06h00_at_the_far_left_is_advice_any_rising_slot_is_legal_tt4_tt7():
    """Setup's "a 06H00 card must be placed at the far left" is advice on placing "logically": TT-4
    allows any free slot that keeps the row rising, and the Emergency Cases exist because a player
    can place "illogically" - 06H00 on slot 4 leaves three slots that no hour can fill."""
    assert tt.legal_slots([None] * 7, 6) == list(range(7))
    assert tt.legal_slots([None] * 7, 22) == list(range(7))
    state = arrange(2, [[card(7)], [card(6), card(8)]], turn=0)
    state, _ = play(state, 0, "draw", position=0)
    state, _ = play(state, 0, "place", slot=3)
    assert state["rows"][0][3] == card(6)
    assert ENGINE.view(state, 0)["completable"][0] is False


def test_gameplay_a_card_that_fits_must_be_placed_on_a_free_slot_never_kept_tt4():
    """Gameplay: the drawn card is placed "on one of their still-free '?' spaces": with a legal slot
    the only moves are those slots - no keeping it, no placing onto a filled slot."""
    state = arrange(2, [[card(7)], [card(14), card(8)]], rows=[row(None, None, 10, None, None, 18, None),
                                                                [None] * 7], turn=0)
    state, _ = play(state, 0, "draw", position=0)
    assert turn_moves(state, 0) == {Action.make(0, "place", slot=3), Action.make(0, "place", slot=4)}
    for illegal, words in [(Action.make(0, "keep"), "only when you cannot place it"),
                           (Action.make(0, "place", slot=2), "slots 4 or 5"),
                           (Action.make(0, "place", slot=5), "slots 4 or 5")]:
        with pytest.raises(IllegalAction, match=words):
            ENGINE.apply(state, illegal)


# --- Gameplay: turn order (G-1, TT-2) -----------------------------------------------------------

def test_gameplay_turns_pass_clockwise_and_wrap_from_the_last_seat_to_the_first_g1():
    """Gameplay: "Players take turns clockwise" (G-1: the next seat) and each draws from the right-hand
    neighbour: seat 3 of 4 draws from seat 2 and hands on to seat 0, who draws from seat 3; after a
    Ghost and after a placement alike."""
    hands = [[card(6)], [card(8)], [card(7), GHOST1], [card(12), card(9)]]
    state = arrange(4, hands, turn=3)
    assert {a["position"] for a in turn_moves(state, 3)} == {0, 1}  # seat 2's two cards
    state, _ = play(state, 3, "draw", position=state["hands"][2].index(GHOST1))  # a Ghost
    assert state["turn"] == 0 and GHOST1 in state["hands"][3]
    assert {a["position"] for a in turn_moves(state, 0)} == {0, 1, 2}  # seat 3's three cards
    state, _ = play(state, 0, "draw", position=state["hands"][3].index(card(12)))
    state, _ = play(state, 0, "place", slot=3)  # a placement
    assert state["turn"] == 1 and {a["position"] for a in turn_moves(state, 1)} == {0}


def test_gameplay_a_kept_card_ends_the_turn_tt5():
    """TT-5: "the player must keep this card ... Their turn is over and the next player takes their
    turn"; every opponent who could place it is named."""
    rows = [row(6, 7, 8, 9, 10, None, None), row(None, 12, None, None, None, None, None, copy="b"), [None] * 7]
    state = arrange(3, [[card(14)], [card(15)], [card(9, "b"), card(16)]], rows=rows, turn=0)
    state, _ = play(state, 0, "draw", position=0)  # 09H00: seat 0 cannot, seat 1 and 2 could
    assert ENGINE.view(state, 0)["who_could_place"] == [1, 2]
    state, _ = play(state, 0, "keep")
    assert state["turn"] == 1 and state["phase"] == tt.PHASE_DRAW and card(9, "b") in state["hands"][0]


# --- Gameplay: Ghosts (TT-3, TT-6) ---------------------------------------------------------------

def test_gameplay_two_ghosts_left_in_hand_are_announced_and_a_pile_card_drawn_tt6():
    """Gameplay: "a player who has only one (or two) Ghost(s) left in their hand must announce this
    and draw immediately": both Ghosts and nothing else is a hand with no Time card."""
    hands = [[card(6)], [card(8)], [GHOST1, card(14), GHOST2]]
    state = arrange(3, hands, pile_top=[card(21)], turn=0)
    state, events = play(state, 0, "draw", position=1)  # seat 0 takes the 14H00: two Ghosts remain
    assert sorted(state["hands"][2]) == sorted([GHOST1, GHOST2, card(21)])
    refill = next(e for e in events_for(events, 1) if e.kind == "refill")
    assert refill["seat"] == 2 and refill["reason"] == "no_time_card" and refill.get("card") is None


def test_gameplay_a_player_whose_last_card_is_taken_draws_the_pile_top_unseen_tt6():
    """Gameplay: "A player whose last card is taken therefore takes the top card of the draw pile
    without showing it" - an empty hand, not only a hand of Ghosts."""
    state = arrange(2, [[card(6)], [card(14)]], pile_top=[card(21)], turn=0)
    state, events = play(state, 0, "draw", position=0)
    assert state["hands"][1] == [card(21)] and state["pile"][-1] != card(21)
    assert [e for e in events_for(events, 1) if e.kind == "refill"][0]["card"] == card(21)
    assert [e for e in events_for(events, 0) if e.kind == "refill"][0].get("card") is None
    assert card(21) in ENGINE.secrets(state, 0) and card(21) not in ENGINE.secrets(state, 1)
    assert ENGINE.view(state, 0)["hand_size"] == [1, 1]


def test_ghost_redraw_draws_again_after_each_ghost_and_the_emergency_move_is_not_offered_tt3_tt7():
    """TT-3 option "ghost redraw": "If the drawn card is a Ghost, the player must draw a second card"
    - and again if that one is the other Ghost (as the rules page says). The second draw is still the
    same turn's draw, so the emergency move (instead of drawing) is not offered then."""
    stuck = row(None, 8, None, None, 10, None, None)
    hands = [[card(6)], [card(20)], [GHOST1, GHOST2, card(12), card(15)]]
    state = arrange(3, hands, rows=[stuck, [None] * 7, [None] * 7], turn=0, ghost_redraw=True)
    assert any(a.kind == "shift" for a in turn_moves(state, 0))
    state, _ = play(state, 0, "draw", position=0)
    assert (state["turn"], state["phase"]) == (0, tt.PHASE_REDRAW)
    assert {a.kind for a in turn_moves(state, 0)} == {"draw"}
    with pytest.raises(IllegalAction, match="only allowed before drawing"):
        ENGINE.apply(state, Action.make(0, "shift", moves=[(4, 3)]))
    state, _ = play(state, 0, "draw", position=state["hands"][2].index(GHOST2))
    assert (state["turn"], state["phase"]) == (0, tt.PHASE_REDRAW)
    state, _ = play(state, 0, "draw", position=state["hands"][2].index(card(15)))
    assert state["pending"] == card(15) and state["phase"] == tt.PHASE_PLACE
    assert sorted(c for c in state["hands"][0] if tt.is_ghost(c)) == [GHOST1, GHOST2]


# --- "Can anyone place this?" (TT-5) ---------------------------------------------------------------

def test_tt5_an_opponent_with_a_full_row_cannot_place_it():
    """TT-5: only an opponent with a legal slot answers "yes"; a full row has none (TT-6b), so the
    card leaves the game."""
    rows = [row(6, 7, 8, 9, 10, None, None), row(6, 8, 11, 12, 13, 14, 15, copy="b")]
    hands = [[card(20)], [card(9, "b"), GHOST1, card(17)]]  # seat 1's Ghost keeps its full row from winning
    state = arrange(2, hands, rows=rows, pile_top=[card(21)], turn=0)
    state, events = play(state, 0, "draw", position=0)
    assert card(9, "b") in state["out"] and card(21) in state["hands"][0]
    assert kinds(events, 0) == ["draw", "discard_out", "refill"]


def test_tt5_with_the_pile_empty_the_card_leaves_and_nothing_is_drawn_tt8():
    """TT-5 with an exhausted pile ("Play then continues without drawing"): the card leaves the game,
    no card comes instead, the turn ends and the game goes on while every hand holds a card."""
    rows = [row(6, 7, 8, 9, 10, None, None), row(7, 8, 10, 11, 12, 13, None, copy="b")]
    state = arrange(2, [[card(20)], [card(9, "b"), card(17)]], rows=rows, turn=0, pile_empty=True)
    state, events = play(state, 0, "draw", position=0)
    assert card(9, "b") in state["out"] and state["hands"] == [[card(20)], [card(17)]]
    assert kinds(events, 0) == ["draw", "discard_out"] and not ENGINE.is_over(state)
    assert state["turn"] == 1 and state["phase"] == tt.PHASE_DRAW
    assert next(e for e in events if e.kind == "discard_out")["draw_count"] == 0


@pytest.mark.parametrize("pile_left", [2, 1])
def test_tt6_the_emptied_neighbour_takes_the_pile_top_before_the_tt5_replacement(pile_left):
    """Gameplay: "A player whose last card is taken therefore takes the top card of the draw pile"
    at once (TT-6 "immediately"); only then does the drawer, who cannot place the card and finds
    nobody who could, discard it and draw (TT-5). With one card left the neighbour gets it, the
    drawer gets none, and the game goes on (before the fix the drawer took it and the emptied hand
    ended the game in a tie)."""
    rows = [row(6, 7, 8, 9, 10, None, None), row(7, 8, 10, 11, 12, 13, None, copy="b")]
    pile_top = [card(18), card(21)][2 - pile_left:]  # the top is the last
    state = arrange(2, [[card(20)], [card(9, "b")]], rows=rows, pile_top=pile_top, turn=0, pile_empty=True)
    assert state["pile"] == pile_top
    state, events = play(state, 0, "draw", position=0)
    assert state["hands"][1] == [card(21)], "the emptied neighbour takes the pile's top card"
    assert card(9, "b") in state["out"] and state["pile"] == []
    assert sorted(state["hands"][0]) == ([card(18), card(20)] if pile_left == 2 else [card(20)])
    assert kinds(events, 0) == ["draw", "refill", "discard_out"] + (["refill"] if pile_left == 2 else [])
    assert next(e for e in events if e.kind == "discard_out")["draw_count"] == pile_left - 1
    assert not ENGINE.is_over(state) and state["turn"] == 1


# --- Emergency Cases (TT-7) ----------------------------------------------------------------------

def test_tt7_the_row_ends_count_as_05h_and_23h():
    """TT-7: the row's ends count as 05H and 23H: two free slots left of 07H00 have only 06H00 to
    take, two right of 21H00 only 22H00; one free slot each side is fine."""
    assert not tt.row_completable(row(None, None, 7, None, None, None, None), set())
    assert tt.row_completable(row(None, 7, None, None, None, None, None), set())
    assert not tt.row_completable(row(None, None, None, None, 21, None, None), set())
    assert tt.row_completable(row(None, None, None, None, None, 21, None), set())
    assert not tt.row_completable(row(None, 7, None, None, None, None, None), {6})


def test_tt7_hours_gone_count_every_row_and_the_cards_out_of_the_game():
    """TT-7: an hour no longer counts once both copies are "already in rows or out of the game" -
    another player's row and the box alike; a copy in a hand or the pile still counts."""
    mine = row(None, 8, None, None, 12, None, None)  # two slots; 09H00, 10H00 and 11H00 between
    rows = [mine, row(9, None, None, None, None, None, None, copy="b"), row(9, 10, None, None, None, None, None)]
    state = arrange(3, [[card(6)], [card(14)], [card(16), card(10, "b")]], rows=rows, turn=0)
    assert ENGINE.view(state, 0)["completable"][0] is True  # 10H00's second copy is in a hand, 11H00 free
    assert not any(a.kind == "shift" for a in ENGINE.legal_actions(state, 0))
    gone = arrange(3, [[card(6)], [card(14)], [card(16)]], rows=rows, out=[card(10, "b")], turn=0)
    assert ENGINE.view(gone, 0)["completable"][0] is False
    assert any(a.kind == "shift" for a in ENGINE.legal_actions(gone, 0))


def test_tt7_the_emergency_move_is_optional_drawing_stays_open():
    """TT-7 (the ruling's "you may"): with a row that cannot be completed the player may still draw."""
    state = arrange(2, [[card(6)], [card(15), card(16)]], rows=[row(None, 8, None, None, 10, None, None),
                                                                 [None] * 7], turn=0)
    moves = turn_moves(state, 0)
    assert {Action.make(0, "draw", position=0), Action.make(0, "draw", position=1)} <= moves
    state, _ = play(state, 0, "draw", position=1)
    assert state["pending"] == card(16)


def test_tt7_two_cards_each_by_one_slot_the_second_may_take_the_first_ones_place():
    """Emergency Cases: "move either one or two of their Time cards already placed by one position
    (to the left or to the right)": 07H00 08H00 side by side may both slide right, the second into
    the slot the first left; no card moves two slots, none moves twice, none jumps another."""
    stuck = row(None, None, 7, 8, None, None, None)  # two slots left of 07H00, only 06H00 can go there
    state = arrange(2, [[card(6)], [card(15), card(16)]], rows=[stuck, [None] * 7], turn=0)
    shifts = {tuple(tuple(m) for m in a["moves"]) for a in turn_moves(state, 0) if a.kind == "shift"}
    assert shifts == {((2, 1),), ((3, 4),), ((2, 1), (3, 2)), ((3, 4), (2, 3)),
                      ((2, 1), (3, 4)), ((3, 4), (2, 1))}
    for illegal in ([(2, 0)], [(3, 4), (4, 5)], [(2, 3)]):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, Action.make(0, "shift", moves=illegal))
    state, events = play(state, 0, "shift", moves=[(2, 1), (3, 2)])
    assert state["rows"][0] == row(None, 7, 8, None, None, None, None)
    assert list(events[0]["cards"]) == [card(7), card(8)]
    assert ENGINE.view(state, 1)["completable"][0] is True and state["turn"] == 1


def test_tt8_a_full_row_waiting_for_its_ghost_can_only_draw():
    """End of the Game: a player with a full row and a Ghost "may no longer place any card, but must
    continue to play. On their turn, they draw a card from their right-hand neighbour as usual" -
    drawing is the only move (no emergency move: the row is complete)."""
    full = row(6, 8, 10, 12, 14, 16, 18)
    state = arrange(2, [[GHOST1, card(7)], [card(20), card(9)]], rows=[full, [None] * 7], turn=0)
    assert turn_moves(state, 0) == {Action.make(0, "draw", position=0), Action.make(0, "draw", position=1)}
    assert ENGINE.view(state, 0)["emergency_available"] is False


# --- End of the Game (TT-8) ----------------------------------------------------------------------

def test_tt8_a_full_row_with_two_ghosts_wins_only_when_the_left_neighbour_took_both():
    """End of the Game: "They will win when their left-hand neighbour has rid them of all Ghosts":
    with both Ghosts, the first one drawn away is not enough; the second is."""
    full = row(6, 8, 10, 12, 14, 16, 18)
    hands = [[GHOST1, card(7), GHOST2], [card(20), card(9)], [card(11), card(13)]]
    state = arrange(3, hands, rows=[full, [None] * 7, [None] * 7], turn=1)
    state, _ = play(state, 1, "draw", position=state["hands"][0].index(GHOST1))  # seat 1 = seat 0's left
    assert not ENGINE.is_over(state) and state["turn"] == 2
    state, _ = play(state, 2, "draw", position=state["hands"][1].index(card(20)))
    state, _ = play(state, 2, "place", slot=3)
    state, _ = play(state, 0, "draw", position=0)  # the full row keeps what it draws (TT-6b)
    assert state["turn"] == 1 and not ENGINE.is_over(state)
    state, events = play(state, 1, "draw", position=state["hands"][0].index(GHOST2))
    assert ENGINE.is_over(state) and state["winner"] == 0 and state["end_reason"] == "row_complete"
    assert kinds(events)[-2:] == ["win", "game_over"]


def test_tt8_an_opponent_may_get_ahead_and_win_before_the_ghost_holder():
    """End of the Game: "An opponent may, however, get ahead and win before them!"."""
    full = row(6, 8, 10, 12, 14, 16, 18)
    almost = row(7, 9, 11, 13, 15, 17, None, copy="b")
    state = arrange(2, [[GHOST1, card(20)], [card(21), card(19)]], rows=[full, almost], turn=1)
    state, _ = play(state, 1, "draw", position=state["hands"][0].index(card(20)))
    state, _ = play(state, 1, "place", slot=6)
    assert ENGINE.is_over(state) and state["winner"] == 1
    assert ENGINE.result(state).winners == (1,) and ENGINE.result(state).ranking == ((1,), (0,))


def test_exhausted_pile_the_hand_that_empties_wins_if_it_meets_the_victory_conditions_tt8():
    """Exhausted Draw Pile: the game ends when a hand empties; "If this player does not meet the
    victory conditions, the game ends in a tie" - this one does (its last card was its Ghost)."""
    full = row(6, 8, 10, 12, 14, 16, 18)
    state = arrange(2, [[GHOST1], [card(20), card(9)]], rows=[full, [None] * 7], turn=1, pile_empty=True)
    state, _ = play(state, 1, "draw", position=0)
    assert ENGINE.is_over(state) and state["winner"] == 0 and state["end_reason"] == "row_complete"
    assert not ENGINE.result(state).draw


def test_exhausted_pile_a_tie_ranks_everyone_together_tt8():
    """Exhausted Draw Pile: "the game ends in a tie": nobody wins, every seat shares the one place."""
    state = arrange(3, [[card(6)], [card(8)], [card(14), GHOST1]], turn=1, pile_empty=True)
    state, _ = play(state, 1, "draw", position=0)
    outcome = ENGINE.result(state)
    assert outcome.winners == () and outcome.draw and outcome.ranking == ((0, 1, 2),)
    assert ENGINE.legal_actions(state, 0) == [] and ENGINE.legal_actions(state, 2) == []


# --- The rules page (game/content/rules/time-after-time.md) ---------------------------------------

def test_the_rules_page_says_what_the_audit_added():
    """The help page tells a player the rules this audit pinned: the refill happens at once, even in
    someone else's turn (TT-6); no pile card once the pile is empty (TT-5, TT-8); the second shifted
    card may take the first one's slot and the emergency move is optional (TT-7)."""
    from pathlib import Path

    page = (Path(__file__).parent.parent / "game/content/rules/time-after-time.md").read_text(encoding="utf-8")
    flat = " ".join(page.split())
    for fact in ("at once take the top card of the draw pile, even in the middle of someone else's turn",
                 "You take the pile's top card (if any) into your hand, unplaced",
                 "The second card may move into the slot the first one left",
                 "You may also draw as usual instead",
                 "nobody draws from it any more"):
        assert fact in flat, fact


# --- Bad input ----------------------------------------------------------------------------------

@pytest.mark.parametrize("action", [
    Action.make(0, "draw", position=1.0), Action.make(0, "draw", position=True),
    Action.make(0, "shift", moves=[(4.0, 3)]), Action.make(1, "reorder", **{"from": 0, "to": 1.0}),
])
def test_a_position_given_as_true_or_a_decimal_is_refused_in_words_not_a_traceback(action):  # core Engine.apply
    """True and 1.0 equal 1 in Python, so such a move matched a legal one: a draw at 1.0 then failed
    as a list index (TypeError) and True drew as if it were 1. Both are refused, nothing changes."""
    state = arrange(2, [[card(6), card(7)], [card(8, "b"), card(9)]],
                    rows=[row(None, 8, None, None, 10, None, None), [None] * 7], turn=0)
    before = ENGINE.state_hash(state)
    with pytest.raises(IllegalAction, match="whole numbers"):
        ENGINE.apply(state, action)
    assert ENGINE.state_hash(state) == before
