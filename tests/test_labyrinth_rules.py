"""Lost in Adventure: The Labyrinth — rules engine golden tests (rulebook, FAQ, rulings LA-1…LA-7).

Most cases run on tests/labyrinth_fixtures/lab.toml, a rules laboratory with one card per
instruction or matching case; the tutorial covers play as a whole."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.core.conformance import random_playouts
from game.core.types import Action, Event, GameConfig, IllegalAction
from game.core.wire import iter_scalars, pack, unpack
from game.rules.labyrinth import ENGINE, ScenarioChanged, load_scenario, match_paragraph, rank_for, score_of

FIXTURES = Path(__file__).parent / "labyrinth_fixtures"
LAB = load_scenario(FIXTURES / "lab.toml")
TUTORIAL = load_scenario("tutorial")


def lab(seats: int = 1, mode: str = "together") -> dict:
    return ENGINE.start(LAB, seats, mode)


def act(state: dict, kind: str, seat: int = 0, **args):
    return ENGINE.apply(state, Action.make(seat, kind, **args))


def use(state: dict, card: str, *items: str, seat: int = 0):
    return act(state, "interact", seat, card=card, items=sorted(items))


def texts(events) -> list[str]:
    return [e["text"] for e in events if e.kind == "text"]


def supplied() -> dict:
    """The lab after its supply card: items A, B1, B2, D held; #2, #3, #4, #5, #23 placed face down."""
    return use(lab(), "i-001")[0]


# --- setup and discovery (LA-2, LA-2b) -------------------------------------------------------------

def test_setup_turns_over_scenery_1_as_a_discovery_ruling_la_2b():
    state = ENGINE.start(TUTORIAL)
    assert state["stacks"] == {"1": ["s-1"], "2": ["s-2"], "3": ["s-3"]}
    assert state["face_up"] == ["s-1"] and state["hero"] == 1
    assert state["in_play"] == ["i-002"]  # i-001 was turned over immediately and discarded
    assert state["discard"] == [{"card": "i-001", "deck": "interaction", "read": ["i-001#top", "i-001#top~1"]}]
    assert state["prophecies"] == {"p-1": "revealed", "p-2": "hidden"}
    assert state["favours"] == 8 and state["held"] == []


def test_rulebook_example_discovering_23_takes_two_cards_and_resolves_the_immediate_one():
    state, events = act(supplied(), "move", to=23)
    kinds = [(e.kind, e.get("card")) for e in events]
    assert ("interaction_placed", "i-040") in kinds and ("interaction_placed", "i-041") in kinds
    assert kinds.index(("interaction_placed", "i-041")) < kinds.index(("interaction_turned", "i-040"))
    assert texts(events) == ["Twenty-three, turned over immediately."]
    assert "i-041" in state["in_play"] and "i-040" not in state["in_play"]
    assert state["hero"] == 23 and "s-23" in state["face_up"]


# --- matching (LA-3) -------------------------------------------------------------------------------

def test_letter_and_number_beats_letter_beats_star():
    state = supplied()
    assert texts(use(state, "i-002", "it-B2")[1]) == ["Specificity card.", "Exact paragraph."]
    assert texts(use(state, "i-002", "it-B1")[1]) == ["Specificity card.", "Letter paragraph."]  # letter-only key
    assert texts(use(state, "i-002", "it-D")[1]) == ["Specificity card.", "Generic paragraph."]  # generic *


def test_no_match_puts_the_card_back_unread_and_keeps_the_item():
    state = supplied()
    after, events = use(state, "i-003", "it-A")
    assert [e.kind for e in events] == ["no_match"] and texts(events) == []
    assert "i-003" in after["in_play"] and "it-A" in after["held"]
    assert after["read"] == state["read"]
    assert texts(use(after, "i-003", "it-D")[1]) == ["Rope only card.", "The rope fits."]  # usable again


def test_two_item_cards_match_a_pair_as_a_whole_in_either_order():
    state = supplied()
    assert texts(use(state, "i-004", "it-D", "it-B1")[1])[1] == "Key and rope."
    assert texts(use(state, "i-004", "it-B2", "it-D")[1])[1] == "Key and rope."  # letter-only B takes B2
    assert texts(use(state, "i-004", "it-A", "it-B1")[1])[1] == "Key and anything."
    assert [e.kind for e in use(state, "i-004", "it-A", "it-D")[1]] == ["no_match"]
    card, items = LAB.interactions["i-004"], LAB.items
    assert match_paragraph(card, [items["it-D"], items["it-B1"]]).key == "B+D"
    assert match_paragraph(card, [items["it-B1"], items["it-D"]]).key == "B+D"


def test_item_choices_offered_match_the_card_icon():
    legal = ENGINE.legal_actions(supplied(), 0)
    one = [a["items"] for a in legal if a.kind == "interact" and a["card"] == "i-003"]
    two = [a["items"] for a in legal if a.kind == "interact" and a["card"] == "i-004"]
    assert sorted(one) == [("it-A",), ("it-B1",), ("it-B2",), ("it-D",)]
    assert len(two) == 6 and all(len(pair) == 2 and pair[0] < pair[1] for pair in two)
    assert not [a for a in ENGINE.legal_actions(lab(), 0) if a.kind == "interact" and a["card"] == "i-003"]


# --- instructions (LA-2) ---------------------------------------------------------------------------

def test_take_and_place_scenery_face_down():
    state = supplied()
    assert state["held"] == ["it-A", "it-B1", "it-B2", "it-D"]
    assert state["stacks"]["5"] == ["s-5"] and "s-5" not in state["face_up"]
    assert LAB.positions[5] == (1, -1) and LAB.positions[23] == (0, 1)  # next_to and arrows


def test_favour_loss_stops_at_zero_and_regain_stops_at_eight():
    state = supplied()
    state, events = use(state, "i-005")
    assert state["favours"] == 6 and [e["index"] for e in events if e.kind == "favour_lost"] == [7, 6]
    assert "i-005" in state["in_play"]  # TURN THIS CARD BACK OVER
    for _ in range(4):
        state, _ = use(state, "i-005")
    assert state["favours"] == 0
    state, events = use(state, "i-006")
    assert state["favours"] == 1 and [e.kind for e in events].count("favour_regained") == 1
    full, events = use(supplied(), "i-006")
    assert full["favours"] == 8 and "favour_regained" not in [e.kind for e in events]


def test_reveal_and_fulfilling_a_prophecy_not_yet_revealed_faq():
    state, _ = use(supplied(), "i-005")  # 6 favours
    state, events = use(state, "i-007")
    assert state["prophecies"] == {"p-1": "revealed", "p-2": "fulfilled"}
    kinds = [(e.kind, e.get("card")) for e in events]
    assert kinds.index(("prophecy_revealed", "p-2")) < kinds.index(("prophecy_fulfilled", "p-2"))
    assert kinds.count(("prophecy_revealed", "p-2")) == 1 and kinds.count(("prophecy_fulfilled", "p-2")) == 1
    assert state["favours"] == 7  # the "when fulfilled" effect ran once
    assert "Prophecy two's gift." in texts(events)


def test_cover_x_and_the_hero_icon_ruling_la_2c():
    state, events = use(supplied(), "i-008")
    assert state["stacks"]["4"] == ["s-4", "s-4b"]
    assert "s-4b" in state["face_up"] and "s-4" not in state["face_up"]
    assert state["hero"] == 4
    placed = next(e for e in events if e.kind == "scenery_placed")
    assert placed["covers"] == "s-4" and (placed["x"], placed["y"]) == (0, -1)


def test_remove_scenery_from_play_sends_the_hero_where_it_says():
    state, _ = use(supplied(), "i-008")
    state, events = use(state, "i-013")
    assert state["stacks"]["4"] == ["s-4"] and state["hero"] == 2
    assert "s-2" in state["face_up"]  # stepping onto a face-down card turns it over
    assert {"card": "s-4b", "deck": "scenery", "read": ["s-4b#title"]} in state["discard"]
    assert "scenery_removed" in [e.kind for e in events]


def test_move_the_hero_instruction_discovers_its_target():
    state, _ = use(supplied(), "i-015")
    assert state["hero"] == 3 and "s-3" in state["face_up"]


def test_put_into_play_discard_remove_from_deck_and_impossible_instructions_faq():
    state, events = use(supplied(), "i-010")
    assert "i-030" in state["in_play"]
    assert "i-031" not in state["in_play"] and "Put into play and turned at once." in texts(events)
    assert {"card": "i-011", "deck": "interaction", "read": []} in state["discard"]  # discarded unread
    assert {"card": "it-E", "deck": "item", "read": []} in state["discard"]  # removed from the item deck
    assert {"card": "i-032", "deck": "interaction", "read": []} in state["discard"]
    assert "it-E" not in state["held"] and "i-032" not in state["in_play"]  # gone from its deck: ignored
    assert "it-D" not in state["held"] and {"card": "it-D", "deck": "item", "read": []} in state["discard"]
    state, events = use(state, "i-009")  # DISCOVER SCENERY #6 takes the #6 cards still in the deck
    assert "s-6" in state["face_up"] and state["stacks"]["6"] == ["s-6"]
    assert [e["card"] for e in events if e.kind == "interaction_placed"] == ["i-033"]
    ENGINE.check_invariants(state)


def test_conditional_branches():
    said = texts(use(supplied(), "i-012")[1])[1:]
    assert said == ["Holding a B.", "Holding B1.", "Eight favours.", "One is not revealed.", "Not both."]
    state, _ = act(supplied(), "move", to=2)
    state, _ = use(state, "i-005")
    state, _ = use(state, "i-007")
    said = texts(use(state, "i-012")[1])[1:]
    assert said == ["Holding a B.", "Holding B1.", "Fewer than eight.", "One is revealed.", "East room seen, lamp held."]


def test_an_ending_closes_the_story_at_once():
    state, events = use(supplied(), "i-014")
    assert ENGINE.is_over(state) and state["ending"] == "e-1"
    assert "Never read after the end." not in texts(events)
    assert ENGINE.legal_actions(state, 0) == []
    outcome = ENGINE.result(state)
    assert outcome.cooperative and outcome.winners == (0,)
    assert outcome.scores == (6,)  # 8 favours - 2 prophecies never fulfilled (revealed or not)


# --- movement (LA-4, LA-4b) ------------------------------------------------------------------------

def test_movement_needs_adjacency_an_arrow_and_enough_favours():
    state = supplied()
    targets = [a["to"] for a in ENGINE.legal_actions(state, 0) if a.kind == "move"]
    assert targets == [2, 4, 23]  # not 5 (diagonal), not 3 (not next to a discovered card)
    state, _ = act(state, "move", to=2)
    targets = [a["to"] for a in ENGINE.legal_actions(state, 0) if a.kind == "move"]
    assert 1 in targets and 3 in targets and 5 not in targets  # 5 is adjacent but without an arrow
    with pytest.raises(IllegalAction, match="arrow"):
        act(state, "move", to=5)
    poorer, _ = use(state, "i-005")  # 6 favours: #3 asks for 7
    assert 3 not in [a["to"] for a in ENGINE.legal_actions(poorer, 0) if a.kind == "move"]
    with pytest.raises(IllegalAction, match="at least 7 favours"):
        act(poorer, "move", to=3)


def test_interactions_are_usable_wherever_the_hero_stands_ruling_la_4b():
    state, _ = act(supplied(), "move", to=23)
    assert state["hero"] == 23
    assert texts(use(state, "i-003", "it-D")[1])[1] == "The rope fits."  # a #1 card, hero on #23


# --- score and rank (LA-6) -------------------------------------------------------------------------

def test_score_example_seven_favours_minus_two_prophecies_is_five():
    assert score_of({"favours": 7, "prophecies": {"p-1": "revealed", "p-2": "hidden", "p-3": "fulfilled"}}) == 5


@pytest.mark.parametrize("score, rank", [(-2, "Apprentice"), (0, "Apprentice"), (3, "Apprentice"), (4, "Adventurer"),
                                         (5, "Adventurer"), (6, "Explorer"), (7, "Explorer"), (8, "Hero")])
def test_rank_table(score, rank):
    assert rank_for(score)[0] == rank


# --- play modes (LA-5) and undo --------------------------------------------------------------------

def test_in_turns_each_seat_moves_once_and_interacts_once():
    state = lab(seats=2, mode="turns")
    assert ENGINE.active_seats(state) == [0] and ENGINE.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction, match="not your turn: the party plays in turns"):
        use(state, "i-001", seat=1)
    state, _ = use(state, "i-001")
    state, _ = act(state, "move", to=23)  # its immediate card does not count as the interaction
    assert state["turn"] == {"seat": 1, "moved": False, "interacted": False}
    state, _ = act(state, "move", seat=1, to=1)
    assert not [a for a in ENGINE.legal_actions(state, 1) if a.kind == "move"]
    state, events = act(state, "end_turn", seat=1)
    assert state["turn"]["seat"] == 0 and events[-1].kind == "turn"


def test_in_turns_the_next_seat_cannot_undo_the_turn_handed_to_it():
    state = lab(seats=2, mode="turns")
    state, _ = use(state, "i-001")  # items taken, #2 placed face down
    state, _ = act(state, "move", to=2)  # a discovery; seat 0 moved and interacted: seat 1's turn
    assert state["turn"]["seat"] == 1
    state, _ = act(state, "move", seat=1, to=1)  # back to a known card: nothing new, undoable
    assert Action.make(1, "undo") in ENGINE.legal_actions(state, 1)  # still seat 1's own turn
    state, events = act(state, "end_turn", seat=1)
    assert events[-1].kind == "turn" and state["turn"]["seat"] == 0
    assert not [a for a in ENGINE.legal_actions(state, 0) if a.kind == "undo"]
    assert ENGINE.view(state, 0)["can_undo"] is False


def test_together_every_seat_may_act():
    state = lab(seats=3)
    assert ENGINE.active_seats(state) == [0, 1, 2]
    state, _ = use(state, "i-001", seat=2)
    assert state["held"]


def test_undo_back_to_the_last_checkpoint_while_nothing_new_is_revealed():
    state = supplied()
    assert Action.make(0, "undo") not in ENGINE.legal_actions(state, 0)
    state, _ = act(state, "move", to=2)  # a discovery: a new checkpoint, nothing to undo
    assert Action.make(0, "undo") not in ENGINE.legal_actions(state, 0)
    checkpoint = ENGINE.state_hash(state)
    moved, _ = act(state, "move", to=1)
    tried, _ = use(moved, "i-003", "it-A")  # no match reveals nothing either
    undone, events = act(tried, "undo")
    assert ENGINE.state_hash(undone) == checkpoint and events[0].kind == "undo"
    revealed, _ = use(tried, "i-003", "it-D")
    assert Action.make(0, "undo") not in ENGINE.legal_actions(revealed, 0)


# --- views, secrets and saves (LA-7, LA-6) ---------------------------------------------------------

def test_views_never_show_unread_text_and_the_discard_shows_only_what_was_read():
    state = supplied()
    state, _ = use(state, "i-002", "it-B2")
    state, _ = use(state, "i-010")
    view = ENGINE.view(state, 0)
    strings = {s for s in iter_scalars(unpack(pack(view))) if isinstance(s, str)}
    assert "Letter paragraph." not in strings and "Generic paragraph." not in strings
    assert "Discarded unread." not in strings and "Lab gem" not in strings
    assert not strings & ENGINE.secrets(state, 0)
    discard = {entry["card"]: entry for entry in view["discard"]}
    assert discard["i-002"]["texts"] == ["Specificity card.", "Exact paragraph."]
    assert isinstance(discard["i-011"].pop("number"), int)  # printed on the card's back: public (LA-7)
    assert discard["i-011"] == {"card": "i-011", "deck": "interaction", "face": "down", "texts": []}
    assert discard["it-E"]["face"] == "down" and discard["it-D"]["texts"] == ["Lab rope"]
    down = next(entry["stack"][-1] for entry in view["map"] if entry["number"] == 5)
    assert down["face"] == "down" and "title" not in down and down["arrows"] == {}
    assert ENGINE.view(state, 0) == ENGINE.view(state, None)  # cooperative: one table for all


def test_tutorial_view_is_enough_to_draw_the_table():
    view = ENGINE.view(ENGINE.start(TUTORIAL), 0)
    assert [(e["number"], e["x"], e["y"], e["stack"][-1]["face"]) for e in view["map"]] == [
        (1, 0, 0, "up"), (2, 0, -1, "down"), (3, 1, 0, "down")]
    assert view["hero"] == {"number": 1, "x": 0, "y": 0}
    assert view["interactions"] == {"1": [{"card": "i-002", "number": 1, "dots": 2, "needs": 0,
                                           "immediate": False, "tried": []}]}
    assert view["favours"]["tokens"] == [True] * 8
    assert [p["state"] for p in view["prophecies"]] == ["revealed", "hidden"] and "text" not in view["prophecies"][1]
    assert view["last"][0]["text"].startswith("You land hard") and view["score"] == 6


def test_save_and_resume_anywhere_and_refuse_a_changed_scenario(tmp_path):
    state, _ = act(ENGINE.start(TUTORIAL), "move", to=3)
    saved = pack(state)
    resumed = ENGINE.from_plain(unpack(saved))
    assert ENGINE.state_hash(resumed) == ENGINE.state_hash(state)
    assert ENGINE.legal_actions(resumed, 0) == ENGINE.legal_actions(state, 0)
    copy = tmp_path / "tutorial-copy.toml"
    shutil.copy(FIXTURES.parent.parent / "game" / "content" / "labyrinth" / "tutorial.toml", copy)
    game = ENGINE.start(load_scenario(copy))
    # a renamed card is prose: the game resumes and reads the new name (session 18's rules digest)
    copy.write_text(copy.read_text().replace("The Fallen Grating", "The Broken Grating"))
    renamed = ENGINE.from_plain(unpack(pack(game)))
    assert "The Broken Grating" in ENGINE.scenario(renamed).texts.values()
    # a changed instruction is rules: refused, saying so
    copy.write_text(copy.read_text().replace("do = [{ favour = -1 }", "do = [{ favour = -2 }", 1))
    with pytest.raises(ScenarioChanged, match="rules in .* have changed"):
        ENGINE.from_plain(unpack(pack(game)))


# --- whole games -----------------------------------------------------------------------------------

def _no_undo(legal, rng, state):
    return rng.choice([a for a in legal if a.kind != "undo"])


def test_random_playouts_conformance_on_the_tutorial():
    configs = [GameConfig.make("labyrinth", 1 + n % 3, mode="turns" if n % 2 else "together") for n in range(12)]
    stats = random_playouts(ENGINE, configs, range(12), policy=_no_undo)
    assert stats.games == 12
    assert all(o.winners for o in stats.outcomes)  # the tutorial has no dead end: every game ends well


def test_bots_finish_the_tutorial_in_both_modes():
    from game.bots.simulate import simulate

    for level in ("easy", "expert", "master"):
        for mode in ("together", "turns"):
            report = simulate("labyrinth", [level, level], 4, 11, options={"mode": mode})
            assert report["games"] == 4 and all(score is not None for score in report["mean_score"])


def test_bots_are_deterministic_and_read_only_views():
    from game.bots.labyrinth import BOTS

    state = ENGINE.start(TUTORIAL, 2)
    for level, cls in BOTS.items():
        view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
        first, second = cls(ENGINE, 0, 5).choose(view, legal), cls(ENGINE, 0, 5).choose(view, legal)
        assert first == second and first in legal and first.kind != "undo"


def test_every_event_has_a_log_line():
    from game.bots.labyrinth import MasterBot

    state = lab()
    seen: dict[str, str] = {}
    for step in (("i-001",), ("i-008",), ("i-013",), ("i-010",), ("i-007",), ("i-005",), ("i-006",)):
        state, events = use(state, *step)
        seen.update({e.kind: ENGINE.describe(e, 0) for e in events})
    state, events = use(state, "i-003", "it-A")
    seen.update({e.kind: ENGINE.describe(e, 0) for e in events})
    assert seen["no_match"] == "No match: card 1 goes back face down; you keep the Lab lamp."
    bot, state = MasterBot(ENGINE, 0, 3), ENGINE.start(TUTORIAL)
    while not ENGINE.is_over(state):
        state, events = ENGINE.apply(state, bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)))
        seen.update({e.kind: ENGINE.describe(e, 0) for e in events})
    for kind in ("scenery_placed", "scenery_discovered", "scenery_removed", "interaction_placed", "interaction_turned",
                 "interaction_discarded", "interaction_returned", "no_match", "item_taken", "item_discarded",
                 "removed_from_deck", "favour_lost", "favour_regained", "prophecy_revealed", "prophecy_fulfilled",
                 "hero_moved", "ending_reached", "text"):
        assert kind in seen and seen[kind] and seen[kind] != kind, kind
    # the log speaks the players' words (card numbers, item names), never the data's card ids, so
    # every client - local table, LAN guest, spectator - shows the same lines
    for kind, line in seen.items():
        if kind != "text":
            assert not re.search(r"\b(i|it|s|p|e)-[A-Za-z0-9]+", line), (kind, line)


def test_a_face_down_cover_under_the_hero_can_be_discovered_where_it_stands():
    from game.rules.labyrinth import parse_scenario

    scenario = parse_scenario("""
[scenario]
id = "cover-under-hero"
title = "Cover under the hero"
best_score = 8
[[scenery]]
id = "s-1"
number = 1
title = "Old floor"
text = "Before."
arrows = { east = 2 }
[[scenery]]
id = "s-1b"
number = 1
cover = 1
title = "New floor"
text = "After."
arrows = { east = 2 }
[[scenery]]
id = "s-2"
number = 2
title = "Side room"
text = "Beside."
arrows = { west = 1 }
[[ending]]
id = "e-1"
title = "Done"
text = "The floor changed."
[[interaction]]
id = "i-001"
number = 1
top = "The floor shifts."
do = [{ discover_scenery = "s-2" }, { place_scenery = "s-1b" }]
[[interaction]]
id = "i-002"
number = 1
immediate = true
top = "Arrival."
[[interaction]]
id = "i-003"
number = 1
top = "Leave."
do = [{ ending = "e-1" }]
""", "cover.toml")
    state, _ = use(ENGINE.start(scenario), "i-001")
    assert state["stacks"]["1"] == ["s-1", "s-1b"] and state["hero"] == 1 and "s-1b" not in state["face_up"]
    # ruling LA-2c: only the top card counts; it lies next to discovered #2, joined by an arrow (LA-4)
    assert Action.make(0, "move", to=1) in ENGINE.legal_actions(state, 0)
    state, events = act(state, "move", to=1)
    assert "s-1b" in state["face_up"] and "scenery_discovered" in [e.kind for e in events]


def test_the_log_never_names_a_card_by_its_id():
    covered = Event.make("scenery_placed", card="s-2b", number=2, x=1, y=0, covers="s-2")
    assert ENGINE.describe(covered, 0).endswith(", covering the old #2.") and "s-2" not in ENGINE.describe(covered, 0)
    ending = Event.make("ending_reached", ending="e-1", title="Out at dawn", score=6, rank="Explorer")
    assert ENGINE.describe(ending, 0) == "The end: Out at dawn \u2013 score 6, Explorer."


def test_the_setup_names_the_tutorial_as_one():
    from game.rules.labyrinth.scenario import shipped_scenarios

    assert shipped_scenarios()[0] == ("tutorial", "The Lamplighter's Vault (tutorial)")


def test_the_card_a_seat_uses_says_who_used_it_and_a_card_that_turns_itself_over_says_nobody():
    """A table of several says who tried what, the same live and when opened later on the game (its
    log is rebuilt from events alone)."""
    from game.core import SeatConfig

    config = GameConfig.make("labyrinth", [SeatConfig("human", "A"), SeatConfig("human", "B")],
                             scenario="tutorial", mode="together")
    state = ENGINE.new_game(config, 1)
    used = next(a for a in ENGINE.legal_actions(state, 1) if a.kind == "interact")
    state, events = ENGINE.apply(state, used)
    turned = [e for e in events if e.kind == "interaction_turned"]
    assert turned[0]["card"] == used["card"] and turned[0]["seat"] == 1
    assert all(e.get("seat") is None for e in turned[1:])  # immediate cards it brought: nobody's
