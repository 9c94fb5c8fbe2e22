"""Lost Cities engine: rulebook golden cases, every LC ruling, views, events and random conformance."""

from __future__ import annotations

import pytest

from game.core import Action, Event, GameConfig, IllegalAction, Rng, SeatConfig, events_for, find_game
from game.core.conformance import random_playouts
from game.core.wire import iter_scalars, pack, unpack
from game.rules.lost_cities import (ENGINE, HAND_SIZE, ROUND_ACTION_CAP, card_id, deck_for, expedition_label,
                                    expedition_score, lane_sort_key)


def config(**options) -> GameConfig:
    return GameConfig.make("lost-cities", [SeatConfig("human", "Ann"), SeatConfig("bot", "Bob")], **options)


def cards(colour: str, *ranks: str | int) -> list[str]:
    return [card_id(colour, r if isinstance(r, str) else f"{r:02d}") for r in ranks]


def arranged(hands: list[list[str]], expeditions: list[dict[str, list[str]]] | None = None,
             discards: dict[str, list[str]] | None = None, deck_top: list[str] | None = None,
             turn: int = 0, deck_size: int | None = None, **options) -> dict:
    """A legal mid-round state with the given cards where asked; every other card goes to the deck.
    `deck_top` lists the next cards to be drawn, first drawn first."""
    state = ENGINE.new_game(config(**options), 1)
    expeditions = expeditions or [{}, {}]
    discards = discards or {}
    placed = [c for h in hands for c in h] + [c for e in expeditions for pile in e.values() for c in pile]
    placed += [c for pile in discards.values() for c in pile] + list(deck_top or [])
    assert len(placed) == len(set(placed))
    rest = [c for c in deck_for(state["colours"]) if c not in placed]
    filler = iter(rest)
    full_hands = []
    for hand in hands:
        hand = list(hand)
        while len(hand) < HAND_SIZE:
            hand.append(next(filler))
        full_hands.append(sorted(hand, key=lane_sort_key))
    deck = [c for c in rest if c not in full_hands[0] + full_hands[1]]
    if deck_size is not None:  # the surplus goes to a discard pile that nobody will look at
        surplus, deck = deck[: len(deck) - deck_size], deck[len(deck) - deck_size:]
        for card in surplus:
            discards.setdefault(card[3], []).append(card)
    deck += list(reversed(deck_top or []))
    state.update(hands=full_hands, deck=deck, turn=turn, phase="play", last_discard=None,
                 expeditions=[{c: list(e.get(c, [])) for c in state["colours"]} for e in expeditions],
                 discards={c: list(discards.get(c, [])) for c in state["colours"]}, known=[[], []])
    ENGINE.check_invariants(state)
    return state


# --- rulebook golden cases (ruling LC-6) --------------------------------------------------------

def test_rulebook_blue_example_one_wager_is_6():
    detail = expedition_score(cards("b", "w1", 2, 6, 7, 8))
    assert (detail["sum"], detail["wagers"], detail["score"]) == (23, 1, 6)
    assert expedition_label("b", detail) == "Blue: (23 \u2212 20) \u00d7 2"


def test_rulebook_white_example_is_16():
    assert expedition_score(cards("w", "w2", 4, 6, 8, 10))["score"] == 16


def test_eight_cards_earn_an_unmultiplied_bonus():
    plain = expedition_score(cards("g", 2, 3, 4, 5, 6, 7, 8, 9))
    assert plain["score"] == (44 - 20) + 20
    wagered = expedition_score(cards("g", "w1", "w2", 2, 3, 4, 5, 6, 7))  # wagers count as cards
    assert wagered["score"] == (27 - 20) * 3 + 20 and wagered["bonus"] == 20
    seven = expedition_score(cards("g", 4, 5, 6, 7, 8, 9, 10))
    assert seven["bonus"] == 0 and seven["score"] == 29


def test_negative_expedition_is_multiplied_too():
    assert expedition_score(cards("r", "w1", "w2", 3))["score"] == (3 - 20) * 3


def test_wagers_only_and_unstarted():
    assert expedition_score(cards("y", "w1"))["score"] == -40
    assert expedition_score(cards("y", "w1", "w2", "w3"))["score"] == -80
    assert expedition_score([])["score"] == 0


# --- deck and deal (ruling LC-1) -----------------------------------------------------------------

@pytest.mark.parametrize("colours,total", [(5, 60), (6, 72)])
def test_deck_sizes_and_deal(colours, total):
    state = ENGINE.new_game(config(colours=colours), 3)
    assert len(deck_for(state["colours"])) == total
    assert [len(h) for h in state["hands"]] == [8, 8] and len(state["deck"]) == total - 16
    assert state["colours"] == ["y", "b", "w", "g", "r", "p"][:colours]
    assert card_id("p", "w3") in deck_for(state["colours"]) if colours == 6 else True


def test_options_are_checked_and_default_to_three_rounds():
    assert ENGINE.new_game(config(), 1)["rounds"] == 3  # ruling LC-7
    assert ENGINE.new_game(config(rounds=5), 1)["rounds"] == 5
    with pytest.raises(IllegalAction, match="rounds"):
        ENGINE.new_game(config(rounds=6), 1)
    with pytest.raises(IllegalAction, match="colours"):
        ENGINE.new_game(config(colours=4), 1)
    assert find_game("lost-cities") is ENGINE


def test_round_one_starter_is_random():
    starters = {ENGINE.new_game(config(), seed)["starter"] for seed in range(20)}
    assert starters == {0, 1}


# --- a turn (rulings LC-2, LC-3, LC-4) ------------------------------------------------------------

def test_turn_is_play_or_discard_then_draw():
    state = arranged([cards("b", 5), []])
    legal = ENGINE.legal_actions(state, 0)
    assert {a.kind for a in legal} == {"play", "discard"}
    assert ENGINE.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction, match="first play or discard"):
        ENGINE.apply(state, Action.make(0, "draw", source="deck"))
    state, events = ENGINE.apply(state, Action.make(0, "play", card="lc-b-05"))
    assert [e.kind for e in events] == ["play"] and events[0]["opened"]
    assert state["phase"] == "draw" and state["turn"] == 0
    assert {a.kind for a in ENGINE.legal_actions(state, 0)} == {"draw", "undo"}
    with pytest.raises(IllegalAction, match="now draw"):
        ENGINE.apply(state, Action.make(0, "discard", card=state["hands"][0][0]))
    state, _ = ENGINE.apply(state, Action.make(0, "draw", source="deck"))
    assert state["turn"] == 1 and state["phase"] == "play" and len(state["hands"][0]) == 8


def test_lc3_may_not_draw_back_the_card_just_discarded():
    state = arranged([cards("r", 9), []], discards={"r": cards("r", 4)})
    state, _ = ENGINE.apply(state, Action.make(0, "discard", card="lc-r-09"))
    draw_red = Action.make(0, "draw", source="r")
    assert draw_red not in ENGINE.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="LC-3"):
        ENGINE.apply(state, draw_red)
    assert ENGINE.view(state, 0)["last_discard"] == "lc-r-09"
    state, _ = ENGINE.apply(state, Action.make(0, "draw", source="deck"))
    # the next player may take it
    assert draw_red.seat == 0 and Action.make(1, "play", card=state["hands"][1][0]) in ENGINE.legal_actions(state, 1)
    state, _ = ENGINE.apply(state, Action.make(1, "discard", card=state["hands"][1][0]))
    state, events = ENGINE.apply(state, Action.make(1, "draw", source="r"))
    assert "lc-r-09" in state["hands"][1] and events[0].audience is None and events[0]["card"] == "lc-r-09"


# --- undo: taking back this turn's card before the draw ---------------------------------------------

def test_undo_takes_back_a_play_before_the_draw_and_the_card_becomes_known():
    state = arranged([cards("b", 5, 8), []], expeditions=[{"b": cards("b", 3)}, {}])
    before = state
    state, events = ENGINE.apply(state, Action.make(0, "play", card="lc-b-05"))
    state, events = ENGINE.apply(state, Action.make(0, "undo"))
    assert [(e.kind, e["card"], e["from"], e.audience) for e in events] == [("undo", "lc-b-05", "expedition", None)]
    for key in ("hands", "expeditions", "discards", "deck", "turn", "phase", "last_discard"):
        assert state[key] == before[key], key
    # it was on the table for all to see: the opponent now knows it is in this hand
    assert state["known"][0] == ["lc-b-05"] and "lc-b-05" not in ENGINE.secrets(state, 1)
    assert ENGINE.view(state, 1)["known_in_hand"][0] == ["lc-b-05"]
    assert ENGINE.describe(events[0], 0) == "You took back Blue 5"
    assert ENGINE.describe(events[0], 1) == "Opponent took back Blue 5"
    assert state["round_actions"] == before["round_actions"] + 2  # ruling LC-8 counts the undo too
    # a different card may be laid now
    state, _ = ENGINE.apply(state, Action.make(0, "play", card="lc-b-08"))
    assert state["expeditions"][0]["b"] == cards("b", 3, 8)


def test_undo_takes_back_a_discard_and_lc3_no_longer_applies():
    state = arranged([cards("r", 9) + cards("y", 2), []], discards={"r": cards("r", 4)})
    state, _ = ENGINE.apply(state, Action.make(0, "discard", card="lc-r-09"))
    assert Action.make(0, "draw", source="r") not in ENGINE.legal_actions(state, 0)  # LC-3
    state, events = ENGINE.apply(state, Action.make(0, "undo"))
    assert events[0]["from"] == "discard" and state["discards"]["r"] == cards("r", 4)
    assert state["phase"] == "play" and state["last_discard"] is None and "lc-r-09" in state["hands"][0]
    state, _ = ENGINE.apply(state, Action.make(0, "discard", card="lc-y-02"))
    assert Action.make(0, "draw", source="r") in ENGINE.legal_actions(state, 0)  # red 4 is free to take


def test_undo_is_only_before_the_draw_and_only_for_the_seat_that_laid():
    state = arranged([cards("g", 6), []])
    assert Action.make(0, "undo") not in ENGINE.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="nothing to take back"):
        ENGINE.apply(state, Action.make(0, "undo"))
    state, _ = ENGINE.apply(state, Action.make(0, "play", card="lc-g-06"))
    with pytest.raises(IllegalAction, match="it is not your turn"):
        ENGINE.apply(state, Action.make(1, "undo"))
    state, _ = ENGINE.apply(state, Action.make(0, "draw", source="deck"))
    assert Action.make(0, "undo") not in ENGINE.legal_actions(state, 0)
    assert Action.make(1, "undo") not in ENGINE.legal_actions(state, 1)  # the next turn has laid nothing yet
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Action.make(0, "undo"))


def test_bots_never_take_back():
    from game.bots.lost_cities import BOTS

    state = arranged([cards("w", 4, 7), []])
    state, _ = ENGINE.apply(state, Action.make(0, "play", card="lc-w-04"))
    legal = ENGINE.legal_actions(state, 0)
    assert Action.make(0, "undo") in legal
    for level, bot_class in BOTS.items():
        assert bot_class(ENGINE, 0, 5).choose(ENGINE.view(state, 0), legal).kind == "draw", level


def test_lc4_wagers_only_before_numbers_and_numbers_increase():
    state = arranged([cards("y", "w2", 3, 6) + cards("g", "w1"), []],
                     expeditions=[{"y": cards("y", "w1", 5), "g": cards("g", "w2", "w3")}, {}])
    legal = set(ENGINE.legal_actions(state, 0))
    assert Action.make(0, "play", card="lc-y-06") in legal
    assert Action.make(0, "play", card="lc-g-w1") in legal  # a third wager before numbers
    with pytest.raises(IllegalAction, match="wagers go only before"):
        ENGINE.apply(state, Action.make(0, "play", card="lc-y-w2"))
    with pytest.raises(IllegalAction, match="must be higher"):
        ENGINE.apply(state, Action.make(0, "play", card="lc-y-03"))
    assert Action.make(0, "discard", card="lc-y-03") in legal
    with pytest.raises(IllegalAction, match="you do not hold the Yellow 10"):
        ENGINE.apply(state, Action.make(0, "play", card="lc-y-10"))


def test_an_illegal_action_changes_nothing():
    state = arranged([cards("y", 3), []], expeditions=[{"y": cards("y", 5)}, {}])
    before = ENGINE.state_hash(state)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Action.make(0, "play", card="lc-y-03"))
    with pytest.raises(IllegalAction, match="it is not your turn"):
        ENGINE.apply(state, Action.make(1, "discard", card=state["hands"][1][0]))
    assert ENGINE.state_hash(state) == before


# --- end of round and match (rulings LC-5, LC-6, LC-7, LC-8) --------------------------------------

def test_lc5_round_ends_when_the_last_card_is_drawn_and_scores():
    hand0 = cards("b", "w1", 2, 6, 7, 8) + cards("w", "w1", 4, 6)
    state = arranged([hand0, []], expeditions=[{"w": cards("w", 8, 10)}, {}], deck_size=1, rounds=2)
    # seat 0 cannot finish the white expedition in the right order: play blue wager, then the deck ends
    state, _ = ENGINE.apply(state, Action.make(0, "play", card="lc-b-w1"))
    state, events = ENGINE.apply(state, Action.make(0, "draw", source="deck"))
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["draw", "draw", "round_end"] and kinds[3:] == ["deal"] * 4
    round_end = events[2]
    assert round_end["scores"][0] == (0 - 20) * 2 + (18 - 20)  # hand cards don't score
    assert round_end["reason"] == "deck"
    assert state["round"] == 2 and state["totals"][0] == round_end["scores"][0]
    assert len(state["deck"]) == 44 and [len(h) for h in state["hands"]] == [8, 8]
    deal_for_0 = [e for e in events if e.kind == "deal" and e.visible_to(0)]
    assert len(deal_for_0) == 1 and sorted(deal_for_0[0]["cards"]) == sorted(state["hands"][0])
    deal_for_1 = [e for e in events if e.kind == "deal" and e.visible_to(1)]
    assert len(deal_for_1) == 1 and deal_for_1[0]["seat"] == 1


def test_spectators_see_the_deal_without_the_cards():
    state = arranged([[], []], deck_size=1, rounds=2)
    state, _ = ENGINE.apply(state, ENGINE.legal_actions(state, 0)[0])
    state, events = ENGINE.apply(state, Action.make(0, "draw", source="deck"))
    public = [e for e in events_for(events, None) if e.kind == "deal"]
    assert [e["seat"] for e in public] == [0, 1]
    assert all(e["round"] == 2 and e["deck_count"] == 44 and e.get("cards") is None for e in public)
    dealt = set(state["hands"][0]) | set(state["hands"][1])
    assert not dealt & set(iter_scalars([e.to_wire() for e in events_for(events, None)]))


def _finish_round(state: dict, seat_cards_to_play: dict[int, list[str]]) -> tuple[dict, list[Event]]:
    """Each seat plays its listed cards in turn (discarding otherwise) until the deck runs out."""
    events: list[Event] = []
    start_round = state["round"]
    while state["round"] == start_round and not state["over"]:
        seat = state["turn"]
        todo = [c for c in seat_cards_to_play.get(seat, []) if c in state["hands"][seat]]
        legal = ENGINE.legal_actions(state, seat)
        play = next((a for a in legal if a.kind == "play" and todo and a["card"] == todo[0]), None)
        state, new = ENGINE.apply(state, play or next(a for a in legal if a.kind == "discard"))
        events += new
        state, new = ENGINE.apply(state, Action.make(seat, "draw", source="deck"))
        events += new
    return state, events


def test_lc7_loser_starts_next_round_and_totals_carry():
    state = arranged([cards("w", 4, 6, 8, 10), []], deck_size=8, rounds=2)
    state, events = _finish_round(state, {0: cards("w", 4, 6, 8, 10)})
    round_end = next(e for e in events if e.kind == "round_end")
    assert list(round_end["scores"]) == [8, 0]
    assert state["starter"] == 1 and state["turn"] == 1  # the loser starts
    assert state["totals"] == [8, 0]
    assert ENGINE.view(state, 0)["totals"] == [8, 0]


def test_lc7_tied_round_is_started_by_seat_0_and_tied_match_is_a_draw():
    state = arranged([[], []], turn=1, deck_size=4, rounds=1)
    state, events = _finish_round(state, {})
    assert state["over"] and state["totals"] == [0, 0]
    outcome = ENGINE.result(state)
    assert outcome.draw and outcome.winners == (0, 1) and outcome.ranking == ((0, 1),)
    assert events[-1].kind == "match_end" and events[-1]["draw"]
    assert ENGINE.legal_actions(state, 0) == ENGINE.legal_actions(state, 1) == []
    state2 = arranged([[], []], turn=1, deck_size=4, rounds=2)
    state2, _ = _finish_round(state2, {})
    assert state2["starter"] == 0


def test_match_breakdown_lines_follow_the_rulebook():
    state = arranged([cards("b", "w1", 2, 6, 7, 8), []], deck_size=10, rounds=1)
    state, _ = _finish_round(state, {0: cards("b", "w1", 2, 6, 7, 8)})
    outcome = ENGINE.result(state)
    assert outcome.winners == (0,) and not outcome.draw and outcome.scores == (6, 0)
    lines = outcome.breakdown[0]
    assert {"label": "Round 1 \u00b7 Blue: (23 \u2212 20) \u00d7 2", "value": 6} in lines
    assert lines[-1] == {"label": "Match total", "value": 6}
    assert outcome.breakdown[1][-1] == {"label": "Match total", "value": 0}
    assert unpack(pack(outcome.to_wire()))["breakdown"][0][0]["value"] == 6


def test_lc8_safety_cap_ends_the_round():
    state = arranged([cards("y", 9), cards("b", 9)], discards={"g": cards("g", 2)}, rounds=1)
    state["round_actions"] = ROUND_ACTION_CAP - 2
    deck_before = len(state["deck"])
    state, _ = ENGINE.apply(state, Action.make(0, "discard", card="lc-y-09"))
    state, events = ENGINE.apply(state, Action.make(0, "draw", source="g"))
    assert deck_before == len(state["deck"]) > 0
    assert state["over"] and any(e.kind == "round_end" and e["reason"] == "cap" for e in events)


# --- views, events and the log ---------------------------------------------------------------------

def test_view_shows_the_table_but_never_the_opponent_hand_or_the_deck():
    state = ENGINE.new_game(config(), 9)
    view = ENGINE.view(state, 0)
    assert view["hand"] == sorted(state["hands"][0], key=lane_sort_key)
    assert view["hand_size"] == 8 and view["deck_count"] == 44
    assert set(view["expeditions"][1]) == set(view["discards"]) == {"y", "b", "w", "g", "r"}
    for key in ("turn", "phase", "round", "rounds", "totals", "round_scores_so_far", "last_discard",
                "colours", "starter"):
        assert key in view
    hidden = set(state["hands"][1]) | set(state["deck"])
    assert not hidden & set(iter_scalars(view))
    spectator = ENGINE.view(state, None)
    assert spectator["hand"] == [] and not (set(state["hands"][0]) | hidden) & set(iter_scalars(spectator))


def test_running_score_is_in_the_view():
    state = arranged([[], []], expeditions=[{"b": cards("b", "w1", 2, 6, 7, 8)}, {"r": cards("r", 5)}])
    view = ENGINE.view(state, 1)
    assert view["round_scores_so_far"][0]["b"] == 6 and view["round_scores_so_far"][1]["r"] == -15
    assert view["round_scores_so_far"][0]["y"] == 0


def test_deck_draw_event_is_private_to_the_drawer():
    state = arranged([cards("y", 2), []], deck_top=cards("g", 10))
    state, _ = ENGINE.apply(state, Action.make(0, "discard", card="lc-y-02"))
    state, events = ENGINE.apply(state, Action.make(0, "draw", source="deck"))
    mine, theirs, public = events_for(events, 0), events_for(events, 1), events_for(events, None)
    assert mine[0]["card"] == "lc-g-10"
    assert theirs[0].get("card") is None and theirs[0]["source"] == "deck"
    assert public == theirs  # spectators see the redacted twin (audience `others(2, drawer)`)
    assert "lc-g-10" not in set(iter_scalars([e.to_wire() for e in theirs + public]))
    assert ENGINE.describe(theirs[0], 1) == "Opponent drew from the deck (43 left)"
    assert ENGINE.describe(mine[0], 0) == "You drew Green 10 from the deck (43 left)"


def test_describe_lines():
    wager = Event.make("play", None, seat=0, card="lc-b-w1", colour="b", opened=True, wagers=1)
    assert ENGINE.describe(wager, 0) == "You opened Blue with a \u00d72 wager"
    assert ENGINE.describe(wager, 1) == "Opponent opened Blue with a \u00d72 wager"
    number = Event.make("play", None, seat=1, card="lc-r-07", colour="r", opened=False, wagers=0)
    assert ENGINE.describe(number, 0) == "Opponent played Red 7"
    assert ENGINE.describe(Event.make("discard", None, seat=0, card="lc-w-05", colour="w"), None) \
        == "Player 1 discarded White 5"
    eight = Event.make("play", None, seat=0, card="lc-w-08", colour="w", opened=True, wagers=0)
    seven = Event.make("play", None, seat=0, card="lc-w-07", colour="w", opened=True, wagers=0)
    assert ENGINE.describe(eight, 0) == "You opened White with an 8"  # not "a 8"
    assert ENGINE.describe(seven, 0) == "You opened White with a 7"


# --- random conformance --------------------------------------------------------------------------

def deck_leaning_policy(legal: list[Action], rng: Rng, state: object) -> Action:
    """Stated random policy: a uniform legal play or discard; a draw from the deck 4 times in 5
    (else a uniform legal draw), so a round lasts ~100 actions instead of ~350."""
    deck = [a for a in legal if a.kind == "draw" and a["source"] == "deck"]
    if deck and rng.random() < 0.8:
        return deck[0]
    return rng.choice(legal)


def test_conformance_harness_single_rounds():
    configs = [config(rounds=1)] * 50 + [config(rounds=1, colours=6)] * 30
    stats = random_playouts(ENGINE, configs, range(len(configs)), policy=deck_leaning_policy)
    assert stats.games == 80


def test_conformance_500_random_rounds_over_multi_round_matches():
    """500 seeded rounds (100 five-round matches, a quarter with 6 colours; 1,000 before session 18,
    and `test_conformance_harness_single_rounds` plays 80 more through `random_playouts`): legality, cards
    conserved (60 or 72), no mutation, no view or event shows a card the seat may not know
    (across the reshuffle between rounds too), and replaying reproduces the final hash."""
    rounds = 0
    for seed in range(100):
        cfg = config(rounds=5, colours=6 if seed % 4 == 0 else 5)
        state = ENGINE.new_game(cfg, seed)
        rng = Rng.from_seed(seed, "conformance")
        history: list[Action] = []
        while not ENGINE.is_over(state):
            seat = ENGINE.active_seats(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            assert legal and ENGINE.legal_actions(state, 1 - seat) == []
            action = deck_leaning_policy(legal, rng, state)
            check = len(history) % 5 == 0
            before = {s: ENGINE.secrets(state, s) for s in (0, 1, None)} if check else {}
            drawn_secretly = state["deck"][-1] if action.kind == "draw" and action["source"] == "deck" else None
            state, events = ENGINE.apply(state, action)
            history.append(action)
            ENGINE.check_invariants(state)
            if check:
                for viewer in (0, 1, None):
                    after = ENGINE.secrets(state, viewer)
                    assert not after & set(iter_scalars(ENGINE.view(state, viewer)))
                    own_draw = {drawn_secretly} if viewer == seat else set()
                    for event in events_for(events, viewer):
                        shown = set(iter_scalars(event.to_wire())) - own_draw
                        assert not shown & before[viewer] & after, (seed, event)
                        if event.kind == "draw":
                            assert viewer == seat or drawn_secretly not in shown, (seed, event)
        rounds += state["round"]
        assert ENGINE.state_hash(ENGINE.replay(cfg, seed, history)) == ENGINE.state_hash(state)
        assert ENGINE.result(state).scores == tuple(state["totals"])
    assert rounds == 500
