"""Lost Cities, a second look (session 18): rulebook cases and edges no earlier test pinned.

Each test cites the rulebook section (/work/shared/rulebooks/lost-cities.txt) or the LC ruling of
RULINGS.md it holds the engine to. Positions are built as the other Lost Cities tests build them
(`arranged`: a real deal, chosen cards put in place, the rest in the draw pile)."""

from __future__ import annotations

import pytest

from game.core import Action, GameConfig, IllegalAction
from game.core.wire import pack, unpack
from game.rules.lost_cities import ENGINE, ROUND_ACTION_CAP, card_id
from test_lost_cities import arranged, cards
from test_lost_cities_rulebook_audit import discard, draw, play


# --- illegal moves submitted anyway: refused in words, the state untouched (engine contract) ------

RED_FOUR = card_id("r", "04")


def _play_phase() -> dict:
    """Seat 0 to play, holding the Red 4, with no Red expedition yet (the move that crashed)."""
    return arranged([[RED_FOUR], []])


def _draw_phase() -> dict:
    """Seat 0 has discarded the Red 4 and must draw; Blue's pile has a card to take."""
    state = arranged([[RED_FOUR], []], discards={"b": cards("b", 5)})
    state, _ = ENGINE.apply(state, discard(0, RED_FOUR))
    return state


@pytest.mark.parametrize("phase,action,reason", [
    # a card that would fit, on an expedition not yet started, sent with an extra argument: the
    # refusal read the empty expedition's top card and raised IndexError (a LAN guest's garbled move
    # closed its own link with host/internal instead of getting the rules' sentence)
    ("play", Action.make(0, "play", card=RED_FOUR, note=1), "a 'play' move takes card: not note"),
    ("play", Action.make(0, "play"), "a 'play' move takes card: card is missing"),
    ("play", Action.make(0, "discard", card=RED_FOUR, to="b"), "a 'discard' move takes card: not to"),
    ("play", Action.make(0, "play", card=card_id("r", "w1")), "you do not hold the Red wager"),
    ("play", Action.make(0, "play", card="lc-r-99"), "you do not hold that card"),
    ("play", Action.make(0, "draw", source="deck"), "first play or discard a card, then draw"),
    # in the draw step the deck is never empty (LC-5), so a deck draw that is refused is a garbled one;
    # it was refused as "the draw pile is empty"
    ("draw", Action.make(0, "draw", source="deck", count=2), "a 'draw' move takes source: not count"),
    ("draw", Action.make(0, "draw"), "a 'draw' move takes source: source is missing"),
    ("draw", Action.make(0, "undo", card=RED_FOUR), "an 'undo' move takes nothing: not card"),
    ("draw", Action.make(0, "draw", source="p"), "there is no draw source 'p'"),  # five colours: no purple
    ("draw", Action.make(0, "draw", source="w"), "the White discard pile is empty"),
    ("draw", Action.make(0, "draw", source="r"), "you may not draw back the Red 4 you just discarded"),
    ("draw", Action.make(0, "play", card=RED_FOUR), "you have played this turn"),
    ("draw", Action.make(1, "draw", source="b"), "it is not your turn"),
    ("draw", Action.make(2, "draw", source="b"), "Lost Cities has seats 0 and 1, not 2"),
    ("draw", Action.make(0, "fly"), "Lost Cities has no 'fly' action"),
])
def test_an_illegal_or_garbled_move_is_refused_with_a_reason_and_changes_nothing(phase, action, reason):
    """Engine contract (DESIGN.md): apply raises IllegalAction with a clear message and nothing
    changes, also for moves no table offers (extra or missing arguments, a pile the match lacks);
    ruling LC-2 names the moves and their arguments, LC-3 the pile closed this turn."""
    state = _play_phase() if phase == "play" else _draw_phase()
    before = ENGINE.state_hash(state)
    with pytest.raises(IllegalAction) as refusal:
        ENGINE.apply(state, action)
    assert reason in str(refusal.value)
    assert ENGINE.state_hash(state) == before


def test_a_garbled_move_from_the_wire_is_refused_like_any_other():
    """The move a LAN guest sends is rebuilt by Action.from_wire, which accepts any argument names:
    the engine, not the wire, must refuse the extra one in words (engine contract)."""
    state = _play_phase()
    garbled = Action.from_wire({"seat": 0, "kind": "play", "args": {"card": RED_FOUR, "x": 0}})
    with pytest.raises(IllegalAction, match="a 'play' move takes card: not x"):
        ENGINE.apply(state, garbled)
    state, _ = ENGINE.apply(state, Action.from_wire(play(0, RED_FOUR).to_wire()))  # the honest one plays
    assert state["expeditions"][0]["r"] == [RED_FOUR]


# --- the last card of the deck (rulings LC-3, LC-5) -------------------------------------------------

def test_lc3_with_one_card_left_and_no_other_pile_the_discarder_must_end_the_round():
    """LC-3 + LC-5: a player who discards onto the only pile with cards may not take it back by
    drawing, so with one card in the deck the only draw is the deck's last card, which ends the
    round at once (the undo stays offered: the card was not drawn yet)."""
    green_nine = cards("g", 9)[0]
    state = arranged([[green_nine], []], deck_size=1)
    for colour, pile in state["discards"].items():  # `arranged` parks the surplus on the piles:
        for card in pile:                             # send it to seat 1's expeditions instead
            state["expeditions"][1][colour].append(card)
        state["discards"][colour] = []
    for colour in state["colours"]:
        state["expeditions"][1][colour].sort(key=lambda c: (c[5] != "w", c))
    ENGINE.check_invariants(state)
    state, _ = ENGINE.apply(state, discard(0, green_nine))
    assert set(ENGINE.legal_actions(state, 0)) == {draw(0, "deck"), Action.make(0, "undo")}
    state, events = ENGINE.apply(state, draw(0, "deck"))
    assert any(e.kind == "round_end" for e in events)
    assert state["history"][0]["reason"] == "deck" and state["round"] == 2
    assert state["history"][0]["scores"][0] == 0  # the Green 9 lies on its pile: it scores nothing


@pytest.mark.parametrize("colours,deck_draws", [(5, 44), (6, 56)])
def test_lc1_lc5_a_round_of_deck_draws_lasts_exactly_the_draw_pile(colours, deck_draws):
    """LC-1: the draw pile starts at 44 (56 in the long game); LC-5: the round ends with the turn
    that takes its last card, not a turn earlier or later; the waiting seat never acts."""
    state = ENGINE.new_game(GameConfig.make("lost-cities", 2, colours=colours, rounds=1), 5)
    turns = 0
    while not ENGINE.is_over(state):
        seat = state["turn"]
        assert ENGINE.legal_actions(state, 1 - seat) == []
        state, _ = ENGINE.apply(state, discard(seat, state["hands"][seat][0]))
        state, _ = ENGINE.apply(state, draw(seat, "deck"))
        turns += 1
        assert (len(state["deck"]) == deck_draws - turns) or ENGINE.is_over(state)
    assert turns == deck_draws and state["history"][0]["reason"] == "deck"


def test_lc5_lc8_the_last_card_drawn_on_the_capped_action_ends_the_round_once_by_the_deck():
    """Two ends at once: the draw that takes the deck's last card (LC-5) is also the round's
    10,000th action (LC-8). The round ends once, for the deck, and the next round is dealt."""
    state = arranged([cards("y", 9), []], deck_size=1, rounds=2)
    state["round_actions"] = ROUND_ACTION_CAP - 2
    state, _ = ENGINE.apply(state, discard(0, card_id("y", "09")))
    state, events = ENGINE.apply(state, draw(0, "deck"))
    assert [e["reason"] for e in events if e.kind == "round_end"] == ["deck"]
    assert [h["reason"] for h in state["history"]] == ["deck"] and state["round"] == 2
    assert state["round_actions"] == 0 and len(state["deck"]) == 44


# --- a move legal for exactly one player (rulings LC-2, LC-4) ---------------------------------------

def _taken_from_the_pile(taker: int) -> tuple[dict, str]:
    """Blue: seat 0 has wagers alone, seat 1 is at 3; the third Blue wager lies on Blue's pile.
    `taker` discards a Yellow card and takes the wager, the other seat discards and draws from
    the deck, and it is `taker`'s turn again, the wager in hand."""
    wager = card_id("b", "w3")
    state = arranged([[], []], expeditions=[{"b": cards("b", "w1", "w2")}, {"b": cards("b", 3)}],
                     discards={"b": [wager]}, turn=taker)
    state, _ = ENGINE.apply(state, discard(taker, state["hands"][taker][0]))
    state, _ = ENGINE.apply(state, draw(taker, "b"))
    other = 1 - taker
    state, _ = ENGINE.apply(state, discard(other, state["hands"][other][0]))
    state, _ = ENGINE.apply(state, draw(other, "deck"))
    assert state["turn"] == taker and wager in state["hands"][taker]
    assert ENGINE.view(state, other)["known_in_hand"][taker] == [wager]  # taken in full view
    return state, wager


def test_lc4_a_wager_taken_from_a_pile_may_raise_only_a_row_without_numbers():
    """LC-4: "The special multiplier card can only be placed before numbered cards": the Blue wager
    on the pile can be taken by either seat, but only seat 0 (wagers alone on Blue) may play it, as
    its third multiplier; seat 1 (Blue at 3) may only discard it again."""
    state, wager = _taken_from_the_pile(0)
    assert play(0, wager) in ENGINE.legal_actions(state, 0)
    state, _ = ENGINE.apply(state, play(0, wager))
    assert state["expeditions"][0]["b"] == cards("b", "w1", "w2", "w3")
    assert ENGINE.view(state, 0)["round_scores_so_far"][0]["b"] == -80  # (0 - 20) x 4
    state, wager = _taken_from_the_pile(1)
    legal = ENGINE.legal_actions(state, 1)
    assert play(1, wager) not in legal and discard(1, wager) in legal
    with pytest.raises(IllegalAction, match="wagers go only before the first number card"):
        ENGINE.apply(state, play(1, wager))


# --- saving mid-turn (ruling G-2; LC-3 and the take-back survive the trip) --------------------------

def test_a_state_saved_mid_turn_comes_back_with_its_ban_and_its_take_back():
    """A state between a discard and its draw, packed as plain data and read back, has the same hash
    (G-2), still refuses the card just discarded (LC-3), still offers the take-back, and plays on
    exactly as the original does."""
    state = arranged([[RED_FOUR], []], discards={"r": cards("r", 2)})
    state, _ = ENGINE.apply(state, discard(0, RED_FOUR))
    copy = ENGINE.from_plain(unpack(pack(ENGINE.to_plain(state))))
    assert ENGINE.state_hash(copy) == ENGINE.state_hash(state)
    assert ENGINE.legal_actions(copy, 0) == ENGINE.legal_actions(state, 0)
    assert draw(0, "r") not in ENGINE.legal_actions(copy, 0) and Action.make(0, "undo") in ENGINE.legal_actions(copy, 0)
    for action in (Action.make(0, "undo"), discard(0, RED_FOUR), draw(0, "deck")):
        state, events = ENGINE.apply(state, action)
        copy, copied_events = ENGINE.apply(copy, action)
        assert events == copied_events and ENGINE.state_hash(copy) == ENGINE.state_hash(state)


def test_the_same_seed_deals_the_same_match_and_the_starter_depends_on_the_seed():
    """Determinism (DESIGN.md, G-2): a seed fixes the deal and the round-1 starter (LC-7: chosen at
    random), so replaying a seed and its moves gives the same hashes; over seeds both seats start."""
    config = GameConfig.make("lost-cities", 2)
    starters = {ENGINE.new_game(config, seed)["starter"] for seed in range(12)}
    assert starters == {0, 1}
    first, again = ENGINE.new_game(config, 77), ENGINE.new_game(config, 77)
    assert ENGINE.state_hash(first) == ENGINE.state_hash(again)
    assert ENGINE.state_hash(first) != ENGINE.state_hash(ENGINE.new_game(config, 78))
    moves = []
    for _ in range(30):
        seat = first["turn"]
        action = ENGINE.legal_actions(first, seat)[-1]
        moves.append(action)
        first, _ = ENGINE.apply(first, action)
    assert ENGINE.state_hash(ENGINE.replay(config, 77, moves)) == ENGINE.state_hash(first)
