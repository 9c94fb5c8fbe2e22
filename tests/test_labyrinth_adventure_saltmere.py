"""The Bell Beneath Saltmere, the Labyrinth's second adventure (game/content/labyrinth/saltmere.toml):
what `check-scenario` proves of it, that it uses every mechanic the format knows, the careful path
played through the engine to the best ending with score 8, what careless play costs, and bot games
that end. Also the checker's rule that only a REMOVE SCENERY naming where the hero goes (`hero_to`)
makes the hero's square matter to its search."""

from __future__ import annotations

import pytest

from game.core.types import Action, GameConfig, SeatConfig
from game.rules.labyrinth import ENGINE, load_scenario, match_paragraph, parse_scenario
from game.rules.labyrinth.checker import EXIT_PROVEN, all_instructions, check_scenario, removable_numbers
from game.rules.labyrinth.scenario import SCENARIO_DIR, shipped_scenarios
from labyrinth_adventure import AdventurePlay

SALTMERE = load_scenario("saltmere")


@pytest.fixture(scope="module")
def report():
    return check_scenario(SCENARIO_DIR / "saltmere.toml", budget=60)


PLAY = AdventurePlay(SALTMERE)
start, act, move, use, texts_of, play = PLAY.start, PLAY.act, PLAY.move, PLAY.use, PLAY.texts_of, PLAY.play


# The careful player's path: read before taking, cut the seal free before the tide, carry the rope
# over the causeway, fetch the true pearl at low water, light the lamp, and only then ring the bell.
CAREFUL = [
    ("move", 2), ("move", 3), ("use", "i-006", "it-C"), ("move", 4), ("use", "i-008"), ("use", "i-009"),
    ("use", "i-004", "it-B1"), ("use", "i-003", "it-B1"), ("move", 5), ("use", "i-011", "it-A"),
    ("move", 9), ("use", "i-020", "it-B2"), ("move", 6), ("move", 10), ("use", "i-022"),
    ("use", "i-017", "it-G1"), ("use", "i-018", "it-A", "it-H"), ("use", "i-015", "it-D", "it-E"),
    ("move", 12), ("use", "i-027", "it-F"), ("use", "i-028", "it-B1", "it-H"), ("move", 13),
]


def until(marker: tuple) -> list[tuple]:
    """The careful path up to (not including) one of its steps."""
    return CAREFUL[:CAREFUL.index(marker)]


# --- what the checker proves -----------------------------------------------------------------------

def test_report_counts_endings_and_declared_best(report):
    assert report.exit_code == EXIT_PROVEN and report.complete and not report.problems
    assert report.dead_end_count == 0
    assert report.counts == {"scenery": 16, "items": 10, "interactions": 29, "prophecies": 5, "endings": 3}
    assert {e.ending: e.best_score for e in report.endings.values()} == {"e-1": 8, "e-2": 7, "e-3": 6}
    assert report.declared_best == 8
    assert 0 < report.states < 20_000  # reshape the adventure before this grows: CI proves it on 2 busy cores


def test_the_setup_offers_it_after_the_tutorial():
    assert shipped_scenarios()[:2] == [("tutorial", "The Lamplighter's Vault (tutorial)"),
                                       ("saltmere", "The Bell Beneath Saltmere")]


# --- every mechanic of the format ------------------------------------------------------------------

def conditions(instructions) -> set[str]:
    found: set[str] = set()
    for instruction in instructions:
        if instruction[0] == "if":
            found |= {test[0] for test in instruction[1]}
            found |= conditions(instruction[2]) | conditions(instruction[3])
    return found


def test_it_uses_every_instruction_and_condition_of_ruling_la_2():
    ops = {instruction[0] for _, instruction in all_instructions(SALTMERE)}
    assert ops >= {"take", "put_into_play", "place_scenery", "discover_scenery", "discard", "remove_from_deck",
                   "reveal", "fulfil", "turn_back_over", "favour", "remove_scenery", "move_hero", "ending",
                   "say", "if"}
    favours = {i[1] for _, i in all_instructions(SALTMERE) if i[0] == "favour"}
    assert favours == {-1, 1}
    removed = [i for _, i in all_instructions(SALTMERE) if i[0] == "remove_scenery"]
    assert any(hero_to is not None for _, _, hero_to in removed)
    discarded = {i[1] for _, i in all_instructions(SALTMERE) if i[0] == "discard"}
    assert discarded & set(SALTMERE.items) and discarded & set(SALTMERE.interactions)  # items and cards
    cards = SALTMERE.interactions.values()
    every = [p.instructions for c in cards for p in c.paragraphs] + [c.top_instructions for c in cards]
    assert set().union(*(conditions(i) for i in every)) == {"holding", "favours_at_least", "prophecy", "discovered"}


def test_it_has_the_shape_of_a_longer_adventure():
    scenery, cards = SALTMERE.scenery.values(), list(SALTMERE.interactions.values())
    assert 16 <= len(scenery) <= 20 and 10 <= len(SALTMERE.items) <= 14 and 28 <= len(cards) <= 36
    assert sum(1 for s in scenery if s.cover) == 3 and sum(1 for s in scenery if s.hero) == 2
    assert [s.id for s in scenery if s.min_favours] == ["s-10"]
    assert sum(1 for c in cards if c.immediate) >= 8
    assert {c.needs for c in cards} == {0, 1, 2}
    costly_stars = [c.id for c in cards for p in c.paragraphs if "*" in p.parts
                    and ("favour", -1) in p.instructions and ("turn_back_over",) in p.instructions]
    assert len(costly_stars) >= 3
    numbered = {i.letter for i in SALTMERE.items.values() if i.number}
    assert numbered == {"B", "G"} and len(SALTMERE.prophecies) == 5 and len(SALTMERE.endings) == 3


def test_letter_only_and_letter_and_number_keys_tell_the_keys_and_pearls_apart():
    items, cards = SALTMERE.items, SALTMERE.interactions

    def key(card: str, *codes: str) -> str | None:
        paragraph = match_paragraph(cards[card], [items[c] for c in codes])
        return paragraph.key if paragraph else None

    assert key("i-004", "it-B1") == key("i-004", "it-B2") == "B"  # the cheap padlock takes any key
    assert key("i-003", "it-B1") == "B1" and key("i-003", "it-B2") == "*"  # the keeper's door: his key only
    assert key("i-020", "it-B2") == "B2" and key("i-020", "it-B1") == "B"  # the wreckers' door
    assert key("i-017", "it-G1") == "G1" and key("i-017", "it-G2") == "G" and key("i-017", "it-A") is None
    assert key("i-028", "it-B1", "it-H") == "B1+H" and key("i-028", "it-B2", "it-H") == "H+*"


def test_the_map_lies_on_its_grid_as_drawn_in_the_file():
    assert SALTMERE.positions == {1: (0, 0), 2: (1, 0), 3: (0, 1), 4: (1, 1), 5: (2, 0), 6: (3, 0), 7: (4, 0),
                                  8: (4, 1), 9: (2, 1), 10: (4, -1), 11: (2, 2), 12: (3, 1), 13: (3, 2)}


# --- the careful path through the engine -----------------------------------------------------------

def test_the_careful_path_reaches_the_seals_road_with_score_8():
    state = play(CAREFUL)
    assert ENGINE.is_over(state) and state["ending"] == "e-1"
    assert state["favours"] == 8 and set(state["prophecies"].values()) == {"fulfilled"}
    outcome = ENGINE.result(state)
    assert outcome.cooperative and outcome.scores == (8,) and outcome.winners == (0,)
    assert ENGINE.view(state, 0)["rank"] == "Hero"


def test_the_seal_can_be_freed_before_her_prophecy_is_revealed():
    state = play(until(("use", "i-006", "it-C")))
    assert state["prophecies"]["p-3"] == "hidden"
    state = use(state, "i-006", "it-C")
    assert state["prophecies"]["p-3"] == "fulfilled"
    state = play([("move", 4), ("use", "i-008")], state)  # the logbook reveals it: ignored, it is done
    assert state["prophecies"]["p-3"] == "fulfilled" and state["prophecies"]["p-4"] == "revealed"


def test_the_causeway_sinks_behind_the_hero_and_the_grotto_slides_into_the_shrine():
    state = play(until(("move", 6)))
    state = move(state, 6)  # both #6 cards turn over at once: the crossing, then REMOVE SCENERY
    assert "6" not in state["stacks"] and state["hero"] == 7 and "s-7" in state["face_up"]
    assert state["favours"] == 8  # the rope from the den held
    assert "it-B2" not in state["held"]  # the iron key stayed in the den's lock
    assert {"8", "10"} <= set(state["stacks"])
    state = play([("move", 10), ("use", "i-022")], state)
    assert state["hero"] == 8 and "s-8" in state["face_up"] and "it-G1" in state["held"]  # MOVE THE HERO
    assert state["prophecies"]["p-2"] == state["prophecies"]["p-5"] == "revealed"


def test_ringing_the_bell_turns_the_tide():
    state = play(until(("use", "i-015", "it-D", "it-E")))
    assert "i-025" in state["interaction_deck"] and "it-G2" in state["held"]
    state = use(state, "i-015", "it-D", "it-E")
    assert state["stacks"]["7"] == ["s-7", "s-7b"] and state["hero"] == 7  # the cover with the hero icon
    assert state["prophecies"]["p-1"] == "fulfilled" and "it-E" not in state["held"]
    assert "10" not in state["stacks"] and "11" not in state["stacks"]  # the grotto and the chimney flood
    assert state["stacks"]["12"] == ["s-12"] and "s-12" not in state["face_up"]
    assert "it-G2" not in state["held"]  # glass floats away
    resolved = {e["card"] for e in state["discard"] if e["deck"] == "interaction"}
    assert "i-025" in resolved  # PUT INTO PLAY, turned over at once
    assert not {"i-017", "i-018", "i-024"} & set(state["in_play"])


def test_ringing_first_drowns_the_seal_pool_and_leaves_the_long_swim():
    hasty = [step for step in CAREFUL if step != ("use", "i-006", "it-C")]
    state = play(hasty)
    assert state["ending"] == "e-2" and state["prophecies"]["p-3"] == "revealed"
    assert ENGINE.result(state).scores == (7,)
    assert {"card": "i-006", "deck": "interaction", "read": []} in state["discard"]  # discarded unread


def test_a_grotto_never_reached_is_removed_from_the_decks():
    lamp_then_bell = [("move", 8), ("use", "i-018", "it-A", "it-H"), ("use", "i-015", "it-D", "it-E")]
    state = play(until(("move", 10)) + lamp_then_bell)
    removed = [e["card"] for e in state["discard"] if not e["read"]]
    assert "i-021" in removed and "i-022" in removed and "10" not in state["stacks"]
    assert state["prophecies"]["p-2"] == "revealed"


def test_climbing_the_chimney_before_the_bell_is_a_silent_storm():
    state = play(until(("move", 6)) + [("move", 11), ("use", "i-024", "it-D")])
    assert state["ending"] == "e-3" and state["prophecies"]["p-1"] == "revealed"
    assert ENGINE.result(state).scores[0] <= 6


# --- what careless play costs ----------------------------------------------------------------------

def test_taking_the_key_before_reading_the_log_costs_a_favour():
    state = play([("move", 2), ("move", 3), ("move", 4), ("use", "i-009")])
    assert state["favours"] == 7 and "it-B1" in state["held"]


def test_crossing_untied_costs_a_favour_and_the_lamp_lights_it_again():
    early = [s for s in CAREFUL if s[0] != "use" or s[1] != "i-020"]
    state = play(early[:early.index(("move", 6)) + 1])
    assert state["favours"] == 7 and "it-D" not in state["held"]
    state = play([("use", "i-020", "it-B2"), ("move", 10), ("use", "i-022"), ("use", "i-018", "it-A", "it-H")], state)
    assert state["favours"] == 8 and state["prophecies"]["p-5"] == "fulfilled"  # LA-2: +1 favour


def test_wrong_items_cost_favours_and_turn_the_card_back():
    state = play(until(("use", "i-006", "it-C")))
    state = use(state, "i-006", "it-A")
    assert state["favours"] == 7 and "i-006" in state["in_play"]
    state = use(state, "i-006", "it-A")
    assert state["favours"] == 6  # turned back over: the same mistake costs again
    glass = play(until(("use", "i-017", "it-G1")))
    glass = use(glass, "i-017", "it-G2")
    assert glass["favours"] == 7 and "it-G2" not in glass["held"] and "i-017" in glass["in_play"]
    wrong_key = play(until(("use", "i-020", "it-B2")))
    assert texts_of(wrong_key, "i-020", "it-B1")[-1].startswith("The brass key slides into the lock")
    assert use(wrong_key, "i-020", "it-B1")["favours"] == 8  # no harm, the door stays shut


def test_the_shrine_whispers_its_clue_only_to_a_careful_hero():
    careful = play(until(("use", "i-022")))
    assert any("Glass floats" in t for t in texts_of(careful, "i-022"))
    seal, clam = CAREFUL.index(("use", "i-006", "it-C")), CAREFUL.index(("use", "i-022"))
    careless = use(play(CAREFUL[:seal]), "i-006", "it-A")  # the lantern in the seal's eyes
    careless = play(CAREFUL[seal:clam], careless)
    said = texts_of(careless, "i-022")
    assert not any("Glass floats" in t for t in said) and any("restless" in t for t in said)


# --- bots ------------------------------------------------------------------------------------------

# (every level's bot games on every shipped adventure: tests/test_labyrinth_bots.py)


# --- the checker: where the hero stands matters only where a removal sends it on -------------------

def test_only_removals_that_send_the_hero_on_make_its_square_matter():
    assert removable_numbers(SALTMERE) == frozenset({6})  # the grotto and the chimney go with no hero_to


def test_a_removal_without_hero_to_under_the_hero_still_leaves_a_proven_game(tmp_path):
    path = tmp_path / "sinking.toml"
    path.write_text("""
[scenario]
id = "sinking"
title = "Sinking floor"
best_score = 8
[[scenery]]
id = "s-1"
number = 1
title = "Shore"
text = "Sand."
arrows = { east = 2 }
[[scenery]]
id = "s-2"
number = 2
title = "Ice"
text = "Thin ice."
arrows = { west = 1 }
[[ending]]
id = "e-1"
title = "Home"
text = "Home."
[[interaction]]
id = "i-001"
number = 1
immediate = true
top = "Ice to the east."
do = [{ place_scenery = "s-2" }]
[[interaction]]
id = "i-002"
number = 2
top = "The ice cracks under you."
do = [{ remove_scenery = "s-2" }]
[[interaction]]
id = "i-003"
number = 1
top = "Go home."
do = [{ ending = "e-1" }]
""")
    scenario = parse_scenario(path.read_bytes(), path.name, str(path))
    assert removable_numbers(scenario) == frozenset()
    state = ENGINE.start(scenario)
    state = use(move(state, 2), "i-002")
    assert state["hero"] is None and "2" not in state["stacks"]  # the hero was standing on it
    report = check_scenario(path)
    assert report.exit_code == EXIT_PROVEN and report.dead_end_count == 0
    assert report.endings["e-1"].best_score == 8
