"""Lost Cities, line by line against /work/shared/rulebooks/lost-cities.txt and rulings LC-1...LC-8:
one golden test for every rule statement that no other test pinned (the audit is in the session's
report). Each test names the rulebook section ("Flow of the game", "Playing and Scoring", ...) or the
ruling it holds the engine to."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core import Action, GameConfig, IllegalAction, SeatConfig, events_for
from game.core.wire import iter_scalars
from game.rules.lost_cities import ENGINE, ROUND_ACTION_CAP, card_id, deck_for, expedition_score, round_score
from test_lost_cities import _finish_round, arranged, cards, config


def play(seat: int, card: str) -> Action:
    return Action.make(seat, "play", card=card)


def discard(seat: int, card: str) -> Action:
    return Action.make(seat, "discard", card=card)


def draw(seat: int, source: str) -> Action:
    return Action.make(seat, "draw", source=source)


# --- Starting the game / Game Material (ruling LC-1) ------------------------------------------------

@pytest.mark.parametrize("seats", [1, 3])
def test_starting_the_game_takes_exactly_two_players(seats):
    """Rulebook "Starting The Game": 2 players join; any other count is refused in words."""
    with pytest.raises(IllegalAction, match=f"Lost Cities takes 2 seats, not {seats}"):
        ENGINE.new_game(GameConfig.make("lost-cities", seats), 1)


@pytest.mark.parametrize("colours", [5, 6])
def test_game_material_each_colour_is_nine_numbers_2_to_10_and_three_wagers(colours):
    """Rulebook "Game Material": 45 expedition cards 2-10 per colour and 15 multipliers, 3 per colour
    (ruling LC-1; the long game adds a sixth colour of the same twelve)."""
    deck = deck_for(ENGINE.new_game(config(colours=colours), 1)["colours"])
    assert len(deck) == len(set(deck)) == 12 * colours
    per_colour = Counter(card[3] for card in deck)
    assert set(per_colour.values()) == {12} and len(per_colour) == colours
    for colour in per_colour:
        ranks = sorted(card[5:] for card in deck if card[3] == colour)
        assert ranks == sorted([f"{n:02d}" for n in range(2, 11)] + ["w1", "w2", "w3"])
    numbers = [c for c in deck if c[5] != "w"]
    assert len(numbers) == 9 * colours and len(deck) - len(numbers) == 3 * colours
    assert sum(int(c[5:]) for c in numbers) == 54 * colours


@pytest.mark.parametrize("colours", [5, 6])
def test_flow_of_the_game_each_player_is_dealt_eight_and_the_table_starts_empty(colours):
    """Rulebook "Flow of the game": eight cards each; ruling LC-1: the rest is the draw pile (44, or 56
    in the long game); no expedition and no discard pile has a card yet; the starter plays first."""
    for seed in range(5):
        state = ENGINE.new_game(config(colours=colours), seed)
        hand0, hand1 = state["hands"]
        assert len(hand0) == len(hand1) == 8 and not set(hand0) & set(hand1)
        assert len(state["deck"]) == 12 * colours - 16
        assert sorted(hand0 + hand1 + state["deck"]) == sorted(deck_for(state["colours"]))
        assert all(not pile for pile in state["discards"].values())
        assert all(not lane for seat in (0, 1) for lane in state["expeditions"][seat].values())
        assert state["turn"] == state["starter"] and state["phase"] == "play" and state["totals"] == [0, 0]


@pytest.mark.parametrize("options", [{"rounds": 1.0}, {"rounds": True}, {"colours": 5.0}, {"colours": 6.0}])
def test_options_that_only_equal_a_choice_are_refused_in_words(options):
    """Rulings LC-1/LC-7 options are whole numbers: 5.0 colours used to crash the deal with a
    TypeError, and 1.0 or True rounds were taken as a round count."""
    name = next(iter(options))
    with pytest.raises(IllegalAction, match=f"option {name} cannot be .*takes one of"):
        ENGINE.new_game(config(**options), 1)


# --- Flow of the game: playing a card (rulings LC-2, LC-4) -----------------------------------------

def test_a_played_card_goes_on_top_of_its_own_colour_on_the_players_own_side():
    """Rulebook: "cards of one colour MUST be played onto of each other"; a player plays to one of
    *their* stacks. Nothing else on the table moves."""
    state = arranged([cards("g", 5), []], expeditions=[{"g": cards("g", 3)}, {"g": cards("g", 2)}])
    before = state
    state, _ = ENGINE.apply(state, play(0, "lc-g-05"))
    assert state["expeditions"][0]["g"] == cards("g", 3, 5)
    assert state["expeditions"][1] == before["expeditions"][1]
    assert {c: lane for c, lane in state["expeditions"][0].items() if c != "g"} == \
        {c: lane for c, lane in before["expeditions"][0].items() if c != "g"}
    assert state["discards"] == before["discards"] and "lc-g-05" not in state["hands"][0]


def test_the_opponents_expedition_never_limits_yours():
    """Rulebook: each player builds their own stacks. The opponent's Blue 9 does not stop a Blue 2
    on your side, and their wagers do not block your wagers."""
    state = arranged([cards("b", 2) + cards("r", "w1"), []],
                     expeditions=[{}, {"b": cards("b", 9), "r": cards("r", "w2", 4)}])
    legal = ENGINE.legal_actions(state, 0)
    assert play(0, "lc-b-02") in legal and play(0, "lc-r-w1") in legal


def test_gaps_are_allowed_but_skipped_cards_can_never_follow():
    """Rulebook: "Each card placed on a stack, must have a higher value than the previous card" —
    higher, not next: 3 then 9 is fine, and afterwards 4 to 8 are out while 10 still fits (LC-4)."""
    state = arranged([cards("w", 9, 4, 8), []], expeditions=[{"w": cards("w", 3)}, {}])
    assert play(0, "lc-w-09") in ENGINE.legal_actions(state, 0)
    state, _ = ENGINE.apply(state, play(0, "lc-w-09"))
    state, _ = ENGINE.apply(state, draw(0, "deck"))
    state, _ = ENGINE.apply(state, discard(1, state["hands"][1][0]))
    state, _ = ENGINE.apply(state, draw(1, "deck"))
    legal = ENGINE.legal_actions(state, 0)
    for low in ("lc-w-04", "lc-w-08"):
        assert play(0, low) not in legal and discard(0, low) in legal
    with pytest.raises(IllegalAction, match="White expedition is at 9"):
        ENGINE.apply(state, play(0, "lc-w-08"))


def test_any_number_may_follow_wagers_and_a_wager_may_open_a_colour():
    """Rulebook: multipliers "only before numbered cards", up to three; after a wager every number
    still fits, the 2 included (LC-4)."""
    state = arranged([cards("y", "w1", "w2", "w3", 2), []])
    for wager in ("lc-y-w1", "lc-y-w2", "lc-y-w3"):
        assert play(0, wager) in ENGINE.legal_actions(state, 0)
        state, _ = ENGINE.apply(state, play(0, wager))
        state, _ = ENGINE.apply(state, draw(0, "deck"))
        state, _ = ENGINE.apply(state, discard(1, state["hands"][1][0]))
        state, _ = ENGINE.apply(state, draw(1, "deck"))
    assert play(0, "lc-y-02") in ENGINE.legal_actions(state, 0)
    state, _ = ENGINE.apply(state, play(0, "lc-y-02"))
    assert state["expeditions"][0]["y"] == cards("y", "w1", "w2", "w3", 2)
    assert expedition_score(state["expeditions"][0]["y"])["score"] == (2 - 20) * 4


@pytest.mark.parametrize("colours", [5, 6])
def test_every_colour_may_be_an_expedition(colours):
    """Rulebook: "Each player can make up to 5 different coloured stacks" — one per colour, so six in
    the long game (LC-1)."""
    state = ENGINE.new_game(config(colours=colours), 1)
    lanes = {colour: [card_id(colour, "05")] for colour in state["colours"]}
    state = arranged([[], []], expeditions=[lanes, {}], colours=colours)
    assert round_score(state["expeditions"][0]) == (5 - 20) * colours
    assert ENGINE.view(state, 1)["round_totals_so_far"][0] == (5 - 20) * colours


# --- Flow of the game: discarding and drawing (rulings LC-2, LC-3) ---------------------------------

def test_a_discard_lies_face_up_on_its_own_colours_pile():
    """Rulebook: discard "to the center area" instead of playing; ruling LC-2: face up on that colour's
    pile, where both players and a spectator see it on top."""
    state = arranged([cards("y", 7), []], discards={"y": cards("y", 3)})
    state, events = ENGINE.apply(state, discard(0, "lc-y-07"))
    assert state["discards"]["y"] == cards("y", 3, 7)
    assert events[0].audience is None and events[0]["card"] == "lc-y-07"
    for viewer in (0, 1, None):
        assert ENGINE.view(state, viewer)["discards"]["y"][-1] == "lc-y-07"


def test_a_draw_from_a_discard_pile_takes_its_top_card_only():
    """Ruling LC-2: "the top of any discard pile": the Red 9 on the Red 4, never the 4 beneath."""
    state = arranged([cards("b", 2), []], discards={"r": cards("r", 4, 9)})
    state, _ = ENGINE.apply(state, discard(0, "lc-b-02"))
    state, events = ENGINE.apply(state, draw(0, "r"))
    assert "lc-r-09" in state["hands"][0] and "lc-r-04" not in state["hands"][0]
    assert state["discards"]["r"] == cards("r", 4) and events[0]["card"] == "lc-r-09"
    assert len(state["hands"][0]) == 8 and state["turn"] == 1


def test_after_a_discard_every_other_pile_and_the_deck_may_be_drawn():
    """Rulebook: "If you discard a card then you can still take another card either from the deck or
    from those in the central discard piles"; only the pile just discarded on is closed (LC-3)."""
    state = arranged([cards("g", 6), []], discards={"y": cards("y", 5), "r": cards("r", 8), "g": cards("g", 2)})
    state, _ = ENGINE.apply(state, discard(0, "lc-g-06"))
    sources = {a["source"] for a in ENGINE.legal_actions(state, 0) if a.kind == "draw"}
    assert sources == {"deck", "y", "r"}
    with pytest.raises(IllegalAction, match="White discard pile is empty"):
        ENGINE.apply(state, draw(0, "w"))


def test_after_playing_a_card_every_discard_pile_may_be_drawn():
    """Ruling LC-2: the draw follows a play as it follows a discard; LC-3 closes nothing then."""
    state = arranged([cards("g", 6), []], expeditions=[{"g": cards("g", 2)}, {}],
                     discards={"g": cards("g", 3), "b": cards("b", 10)})
    state, _ = ENGINE.apply(state, play(0, "lc-g-06"))
    sources = {a["source"] for a in ENGINE.legal_actions(state, 0) if a.kind == "draw"}
    assert sources == {"deck", "g", "b"}


def test_lc3_a_card_discarded_on_an_empty_pile_closes_that_pile_for_this_turn_only():
    """Ruling LC-3: the seat that discarded the only card of a pile cannot take it back by a draw; the
    opponent, on the next turn, can."""
    state = arranged([cards("p", 10), []], colours=6)
    state, _ = ENGINE.apply(state, discard(0, "lc-p-10"))
    assert [a["source"] for a in ENGINE.legal_actions(state, 0) if a.kind == "draw"] == ["deck"]
    with pytest.raises(IllegalAction, match="you may not draw back the Purple 10"):
        ENGINE.apply(state, draw(0, "p"))
    state, _ = ENGINE.apply(state, draw(0, "deck"))
    state, _ = ENGINE.apply(state, play(1, state["hands"][1][-1]))
    assert draw(1, "p") in ENGINE.legal_actions(state, 1)


def test_lc3_holds_again_when_the_taken_back_card_is_discarded_again():
    """Ruling LC-3 with the take-back: discard, take back, discard the same card again — it is still
    the card discarded this turn, so it still cannot be drawn."""
    state = arranged([cards("r", 9), []], discards={"r": cards("r", 4)})
    state, _ = ENGINE.apply(state, discard(0, "lc-r-09"))
    state, _ = ENGINE.apply(state, Action.make(0, "undo"))
    state, _ = ENGINE.apply(state, discard(0, "lc-r-09"))
    assert draw(0, "r") not in ENGINE.legal_actions(state, 0)


def test_players_alternate_and_every_turn_ends_with_eight_cards():
    """Rulebook "Flow of the game": "Players alternate turns"; each places a card and then replenishes,
    so a hand is eight again at every turn's end, whatever the draw source."""
    state = arranged([[], []], discards={"b": cards("b", 2, 3, 4, 5, 6)}, turn=1)
    expected = 1
    for step in range(12):
        seat = state["turn"]
        assert seat == expected and ENGINE.legal_actions(state, 1 - seat) == []
        state, _ = ENGINE.apply(state, discard(seat, state["hands"][seat][0]))
        source = "b" if step % 3 == 0 and draw(seat, "b") in ENGINE.legal_actions(state, seat) else "deck"
        state, _ = ENGINE.apply(state, draw(seat, source))
        assert len(state["hands"][seat]) == 8
        expected = 1 - seat


# --- Playing and Scoring: the end of a round (ruling LC-5) -----------------------------------------

def test_lc5_a_discard_pile_draw_with_one_card_left_does_not_end_the_round():
    """Rulebook: the game ends "as soon as a player takes the last card from the draw pile" — a card
    taken from a discard pile leaves the last card where it is."""
    state = arranged([cards("y", 4), []], discards={"r": cards("r", 7)}, deck_size=1)
    deck_before = list(state["deck"])
    state, events = ENGINE.apply(state, discard(0, "lc-y-04"))
    state, events = ENGINE.apply(state, draw(0, "r"))
    assert state["round"] == 1 and not state["over"] and state["deck"] == deck_before
    assert "round_end" not in [e.kind for e in events] and state["turn"] == 1 and state["phase"] == "play"


def test_lc5_the_last_card_drawn_is_never_played_and_does_not_score():
    """Rulebook: the game ends as soon as the last card is taken, so the Blue 10 it brings, which would
    fit the Blue expedition, stays in the hand and scores nothing (ruling LC-5)."""
    state = arranged([cards("y", 4), []], expeditions=[{"b": cards("b", 6, 8)}, {}],
                     deck_top=cards("b", 10), deck_size=0, rounds=1)
    state, _ = ENGINE.apply(state, discard(0, "lc-y-04"))
    state, events = ENGINE.apply(state, draw(0, "deck"))
    assert state["over"] and "lc-b-10" in state["hands"][0]
    round_end = next(e for e in events if e.kind == "round_end")
    assert list(round_end["scores"]) == [(6 + 8) - 20, 0] and round_end["reason"] == "deck"
    assert ENGINE.legal_actions(state, 0) == ENGINE.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction, match="the match is over"):
        ENGINE.apply(state, play(0, "lc-b-10"))


def test_lc5_both_players_rows_are_scored_whoever_drew_last():
    """Rulebook: "All the cards in each players rows are then scored" — the player who did not take
    the last card is scored too, each row on its own, unstarted rows at zero."""
    state = arranged([cards("y", 4), []], turn=0, deck_size=1, rounds=1,
                     expeditions=[{"w": cards("w", "w2", 4, 6, 8, 10)},
                                  {"r": cards("r", "w1", "w2", 3), "g": cards("g", 2, 3, 4, 5, 6, 7, 8, 9)}])
    state, _ = ENGINE.apply(state, discard(0, "lc-y-04"))
    state, events = ENGINE.apply(state, draw(0, "deck"))
    round_end = next(e for e in events if e.kind == "round_end")
    assert list(round_end["scores"]) == [16, (3 - 20) * 3 + (44 - 20) + 20]
    assert state["totals"] == [16, -51 + 44]
    rows = {line[0]: list(line) for line in round_end["breakdown"][1]}  # colour, cards, sum, wagers, bonus, score
    assert rows["r"] == ["r", 3, 3, 2, 0, -51] and rows["g"] == ["g", 8, 44, 0, 20, 44]
    assert rows["y"] == ["y", 0, 0, 0, 0, 0]


def test_a_new_round_gathers_every_card_and_deals_again():
    """Ruling LC-7 ("cont"): the next round starts from a fresh shuffle of the whole deck — no card
    stays on an expedition, a discard pile or in a hand from the round before."""
    state = arranged([cards("b", 9), []], expeditions=[{"w": cards("w", 4, 6)}, {"r": cards("r", 5)}],
                     discards={"g": cards("g", 2)}, deck_size=1, rounds=2)
    state, _ = ENGINE.apply(state, play(0, "lc-b-09"))
    state, _ = ENGINE.apply(state, draw(0, "deck"))
    assert state["round"] == 2 and state["totals"] == [(10 - 20) + (9 - 20), 5 - 20]
    assert all(not lane for seat in (0, 1) for lane in state["expeditions"][seat].values())
    assert all(not pile for pile in state["discards"].values()) and state["known"] == [[], []]
    assert len(state["deck"]) == 44 and [len(h) for h in state["hands"]] == [8, 8]
    assert sorted(state["deck"] + state["hands"][0] + state["hands"][1]) == sorted(deck_for(state["colours"]))


# --- Playing and Scoring: the score of an expedition (ruling LC-6) ----------------------------------

@pytest.mark.parametrize("ranks,score", [
    ((2, 6, 7, 8), 3),                           # Scoring Example, Blue, before the doubling
    (("w1", 2, 6, 7, 8), 6),                     # Scoring Example, Blue
    (("w2", 4, 6, 8, 10), 16),                   # Scoring Example, White
    ((10, ), -10),                               # a single card pays back half the cost
    ((2, 8, 10), 0),                             # exactly 20: the wagers multiply nothing
    (("w1", "w2", "w3", 2, 8, 10), 0),
    (("w1", 10), -20),                           # "(even if the value is negative!)"
    (("w1", "w2", 10), -30),
    (("w1", "w2", "w3", 10), -40),
    (("w1", "w2", "w3"), -80),                   # wagers alone still cost the 20, four times
    ((4, 5, 6, 7, 8, 9, 10), 29),                # seven cards: no bonus
    (("w1", "w2", 5, 6, 7, 8, 9), (35 - 20) * 3),  # seven cards with wagers: no bonus
    ((3, 4, 5, 6, 7, 8, 9, 10), (52 - 20) + 20),   # eight numbers: the bonus
    (("w1", "w2", "w3", 2, 3, 4, 5, 6), (20 - 20) * 4 + 20),  # eight with three wagers: bonus alone
    (("w1", 2, 3, 4, 5, 6, 7, 8, 9, 10), (54 - 20) * 2 + 20),  # ten cards: "at least eight", once
    (("w1", "w2", "w3", 2, 3, 4, 5, 6, 7, 8, 9, 10), (54 - 20) * 4 + 20),  # the whole colour: 156
    (("w1", "w2", "w3", 2, 3, 4, 5, 6, 7), (27 - 20) * 4 + 20),
])
def test_playing_and_scoring_expedition_values(ranks, score):
    """Rulebook "Playing and Scoring": sum − 20 per started row, times 2/3/4 for 1/2/3 multipliers
    (negative too), +20 for a row of at least eight cards; ruling LC-6: the bonus is not multiplied
    and wagers count among the eight."""
    assert expedition_score(cards("p", *ranks))["score"] == score


def test_rows_with_no_cards_score_zero_and_each_started_row_costs_20():
    """Rulebook: "20 points subtracted for each colour/expedition started. Rows with no cards score
    zero." A round's score is the sum of its rows."""
    rows = {"y": [], "b": cards("b", 10), "w": cards("w", 9), "g": [], "r": cards("r", "w1")}
    assert round_score(rows) == -10 + -11 + -40
    assert round_score({c: [] for c in "ybwgr"}) == 0


# --- the match (ruling LC-7) ---------------------------------------------------------------------

def _deck_out(state: dict) -> dict:
    """Both seats discard their first card and draw from the deck until this round ends."""
    state, _ = _finish_round(state, {})
    return state


@pytest.mark.parametrize("rounds", [1, 2, 3, 4, 5])
def test_lc7_a_match_is_exactly_the_chosen_number_of_rounds(rounds):
    """Ruling LC-7: three rounds by default, 1 to 5 as an option; each round is dealt afresh and the
    match ends after the last one."""
    state = ENGINE.new_game(config(rounds=rounds), 7)
    for number in range(1, rounds + 1):
        assert state["round"] == number and not state["over"] and len(state["deck"]) == 44
        state = _deck_out(state)
    assert state["over"] and len(state["history"]) == rounds and ENGINE.result(state) is not None


def test_lc7_the_loser_of_a_round_starts_the_next_even_when_ahead_in_the_match():
    """Ruling LC-7: the loser *of the previous round* starts — not the one behind in the match."""
    state = arranged([[], cards("w", 4, 6, 8, 10)], turn=0, deck_size=8, rounds=3)
    state["totals"] = [100, 0]
    state, events = _finish_round(state, {1: cards("w", 4, 6, 8, 10)})
    assert list(next(e for e in events if e.kind == "round_end")["scores"]) == [0, 8]
    assert state["totals"] == [100, 8] and state["starter"] == 0 and state["turn"] == 0
    deal = [e for e in events_for(events, 1) if e.kind == "deal"]
    assert deal and deal[-1]["starter"] == 0 and ENGINE.describe(deal[-1], 1) == "Round 2: opponent starts"


def test_lc7_the_match_goes_to_the_higher_total_not_to_more_rounds_won():
    """Rulebook "cont": scores add up from round to round; the higher total wins the match even if
    the other player won the last round."""
    state = arranged([[], cards("w", 4, 6, 8, 10)], turn=0, deck_size=8, rounds=3)
    state.update(round=3, totals=[50, 0])
    state, events = _finish_round(state, {1: cards("w", 4, 6, 8, 10)})
    outcome = ENGINE.result(state)
    assert state["over"] and outcome.scores == (50, 8) and outcome.winners == (0,) and not outcome.draw
    assert outcome.ranking == ((0,), (1,))
    assert events[-1].kind == "match_end" and list(events[-1]["winners"]) == [0]


def test_lc7_a_match_tied_on_totals_is_a_draw_even_after_unequal_rounds():
    """Ruling LC-7: "A tied match stays a draw" — equal totals, whatever the rounds were."""
    state = arranged([[], cards("w", 4, 6, 8, 10)], turn=0, deck_size=8, rounds=2)
    state.update(round=2, totals=[8, 0])
    state, _ = _finish_round(state, {1: cards("w", 4, 6, 8, 10)})
    outcome = ENGINE.result(state)
    assert outcome.scores == (8, 8) and outcome.draw and set(outcome.winners) == {0, 1}
    assert outcome.summary == "A draw at 8 points each."


# --- the safety cap (ruling LC-8) ---------------------------------------------------------------

def test_lc8_a_round_one_action_short_of_the_cap_goes_on():
    """Ruling LC-8: the round ends on its 10,000th action, not before."""
    state = arranged([cards("y", 9), cards("b", 9)], rounds=1)
    state["round_actions"] = ROUND_ACTION_CAP - 2
    state, events = ENGINE.apply(state, discard(0, "lc-y-09"))
    assert state["round_actions"] == ROUND_ACTION_CAP - 1 and not state["over"] and state["phase"] == "draw"
    assert "round_end" not in [e.kind for e in events]
    state, events = ENGINE.apply(state, draw(0, "deck"))
    assert state["over"] and [e["reason"] for e in events if e.kind == "round_end"] == ["cap"]


def test_lc8_a_capped_round_is_scored_from_the_expeditions_as_they_lie():
    """Ruling LC-8: "ends as if the deck ran out" — scored the same way, hands not counted, the
    next round dealt by the same rules."""
    state = arranged([cards("y", 9), []], expeditions=[{"b": cards("b", "w1", 2, 6, 7, 8)}, {}], rounds=2)
    state["round_actions"] = ROUND_ACTION_CAP - 1
    state, events = ENGINE.apply(state, play(0, "lc-y-09"))
    round_end = next(e for e in events if e.kind == "round_end")
    assert list(round_end["scores"]) == [6 + (9 - 20), 0] and round_end["reason"] == "cap"
    assert state["round"] == 2 and state["starter"] == 0 and state["round_actions"] == 0
    assert len(state["deck"]) == 44 and not set(iter_scalars(ENGINE.view(state, None))) & set(state["deck"])
