"""The Tower of Stopped Hours, the Labyrinth's third adventure (game/content/labyrinth/tower.toml):
what `check-scenario` proves of it, the mechanics it plays with that Saltmere leaves aside (two
items soldered into a third, a lift that carries the hero, a forge whose light opens a trapdoor
and lets the solder flow, the place replaced when time runs again, prophecies kept by restraint),
the careful path through the engine to score 8, what careless play costs, and bot games."""

from __future__ import annotations

import re

import pytest

from game.core.types import Action, GameConfig, SeatConfig
from game.rules.labyrinth import ENGINE, load_scenario, match_paragraph
from game.rules.labyrinth.checker import EXIT_PROVEN, all_instructions, check_scenario, removable_numbers
from game.rules.labyrinth.scenario import SCENARIO_DIR, shipped_scenario_pitches, shipped_scenarios
from labyrinth_adventure import AdventurePlay

TOWER = load_scenario("tower")


@pytest.fixture(scope="module")
def report():
    return check_scenario(SCENARIO_DIR / "tower.toml", budget=60)


PLAY = AdventurePlay(TOWER)
start, act, move, use, texts_of, play = PLAY.start, PLAY.act, PLAY.move, PLAY.use, PLAY.texts_of, PLAY.play


# The careful player's path: read the journal, free the key's shaft with oil, light the forge with
# the lamp and solder the key, wind the spring, fetch Vell's own ruby with his receipt, ride the lift,
# cut the bell rope, mend the escapement, step onto the icy ledge with the rope in hand and tie Vell,
# oil the cockerel, and only then set the pendulum going.
CAREFUL = [
    ("move", 2), ("move", 3), ("use", "i-007"), ("use", "i-002", "it-C"), ("use", "i-008", "it-A"),
    ("use", "i-009", "it-B1", "it-B2"), ("use", "i-003", "it-B3"), ("move", 5), ("use", "i-013", "it-E"),
    ("move", 7), ("use", "i-017", "it-C"), ("use", "i-021", "it-I"), ("move", 8), ("use", "i-019", "it-G1"),
    ("move", 6), ("move", 10), ("use", "i-023", "it-D"), ("move", 11), ("use", "i-025", "it-C"),
    ("move", 4), ("use", "i-011", "it-H"), ("move", 13),
]
RESTART = ("use", "i-011", "it-H")


def until(marker: tuple, path: list[tuple] = CAREFUL) -> list[tuple]:
    """A path up to (not including) one of its steps."""
    return path[:path.index(marker)]


def without(*steps: tuple) -> list[tuple]:
    return [step for step in CAREFUL if step not in steps]


# --- what the checker proves -----------------------------------------------------------------------

def test_report_counts_endings_and_declared_best(report):
    assert report.exit_code == EXIT_PROVEN and report.complete and not report.problems
    assert report.dead_end_count == 0
    assert report.counts == {"scenery": 19, "items": 12, "interactions": 30, "prophecies": 5, "endings": 3}
    assert {e.ending: e.best_score for e in report.endings.values()} == {"e-1": 8, "e-2": 7, "e-3": 5}
    assert report.declared_best == 8
    assert 0 < report.states < 60_000  # reshape the adventure before this grows: CI proves it on 2 busy cores


def test_the_setup_offers_it_after_saltmere_and_says_what_it_is():
    assert shipped_scenarios()[:3] == [("tutorial", "The Lamplighter's Vault (tutorial)"),
                                       ("saltmere", "The Bell Beneath Saltmere"),
                                       ("tower", "The Tower of Stopped Hours")]
    pitch = dict(shipped_scenario_pitches())["tower"]
    assert pitch.startswith("A long adventure, about 45 minutes") and "Three endings" in pitch


# --- its shape, its keys and its cards -------------------------------------------------------------

def test_it_has_the_shape_of_a_long_adventure():
    scenery, cards = TOWER.scenery.values(), list(TOWER.interactions.values())
    assert 18 <= len(scenery) <= 22 and 10 <= len(TOWER.items) <= 14 and 30 <= len(cards) <= 40
    assert sorted(s.id for s in scenery if s.cover) == ["s-1b", "s-2b", "s-3b", "s-4b", "s-8b", "s-9b"]
    assert sorted(s.id for s in scenery if s.hero) == ["s-3b", "s-4b"]
    assert [(s.id, s.min_favours) for s in scenery if s.min_favours] == [("s-11", 7)]
    assert TOWER.scenery["s-8"].next_to == (4, "north")
    assert sum(1 for c in cards if c.immediate) >= 10 and {c.needs for c in cards} == {0, 1, 2}
    numbered = {i.code for i in TOWER.items.values() if i.number}
    assert numbered == {"B1", "B2", "B3", "G1", "G2"}
    assert len(TOWER.prophecies) == 5 and len(TOWER.endings) == 3


def test_letter_and_number_keys_tell_the_key_halves_and_the_rubies_apart():
    items, cards = TOWER.items, TOWER.interactions

    def key(card: str, *codes: str) -> str | None:
        paragraph = match_paragraph(cards[card], [items[c] for c in codes])
        return paragraph.key if paragraph else None

    assert key("i-003", "it-B3") == "B3" and key("i-003", "it-B1") == key("i-003", "it-B2") == "B"  # half a key
    assert key("i-009", "it-B1", "it-B2") == "B1+B2" and key("i-009", "it-B1", "it-A") == "B+*"
    assert key("i-009", "it-A", "it-C") is None  # no half of a key: the vice stays face down, unread
    assert key("i-019", "it-G1") == "G1" and key("i-019", "it-G2") == "G" and key("i-019", "it-A") == "*"
    assert key("i-013", "it-E") == "E" and key("i-017", "it-C") == "C" and key("i-017", "it-A") == "A"
    assert key("i-023", "it-D") == "D" and key("i-023", "it-H") == "H"


def test_every_item_name_has_a_picture_word_and_fits_a_tray_tile():
    from game.ui.look.cards_labyrinth import ITEM_ICONS

    for item in TOWER.items.values():
        name = TOWER.text(item.name_key)
        words = set(re.findall(r"[a-z]+", name.lower()))
        assert any(words & set(spellings) for spellings in ITEM_ICONS.values()), name
        assert len(name) <= 14, name


def test_the_map_lies_on_its_grid_as_drawn_in_the_file():
    assert TOWER.positions == {1: (0, 0), 2: (-1, 0), 3: (1, 0), 4: (0, -1), 5: (-2, 0), 6: (-1, -1),
                               7: (1, 1), 8: (0, -2), 9: (0, -3), 10: (-1, -2), 11: (-1, -3), 12: (-1, 1),
                               13: (0, 1)}


def test_every_removal_happens_where_the_hero_cannot_stand():
    """The restart's hero icon puts the hero on the pendulum stair before the snow stair and the roof
    are removed, so no removal needs to say where the hero goes (and the search stays small)."""
    removals = [i for _, i in all_instructions(TOWER) if i[0] == "remove_scenery"]
    assert {i[1] for i in removals} == {"s-6", "s-10", "s-11"} and all(i[2] is None for i in removals)
    assert removable_numbers(TOWER) == frozenset()
    state = play(until(RESTART) + [("move", 11)])
    state = use(state, "i-011", "it-H")
    assert state["hero"] == 4 and "11" not in state["stacks"]


# --- the careful path through the engine -----------------------------------------------------------

def test_the_careful_path_reaches_the_year_turns_with_score_8():
    state = play(CAREFUL)
    assert ENGINE.is_over(state) and state["ending"] == "e-1"
    assert state["favours"] == 8 and set(state["prophecies"].values()) == {"fulfilled"}
    outcome = ENGINE.result(state)
    assert outcome.cooperative and outcome.scores == (8,) and outcome.winners == (0,)
    assert ENGINE.view(state, 0)["rank"] == "Hero"


def test_the_soldering_waits_for_a_lit_forge_and_makes_one_key_of_two():
    cold = play(until(("use", "i-008", "it-A")))
    assert {"it-B1", "it-B2"} <= set(cold["held"])
    said = texts_of(cold, "i-009", "it-B1", "it-B2")
    assert any("stone cold" in t for t in said)
    cold = use(cold, "i-009", "it-B1", "it-B2")
    assert "i-009" in cold["in_play"] and "it-B3" not in cold["held"]  # turned back over: try again later
    assert "7" not in cold["stacks"]  # the trapdoor shows only in the forge's light
    lit = use(cold, "i-008", "it-A")
    assert lit["stacks"]["3"] == ["s-3", "s-3b"] and lit["hero"] == 3 and lit["stacks"]["7"] == ["s-7"]
    lit = use(lit, "i-009", "it-B1", "it-B2")
    assert "it-B3" in lit["held"] and not {"it-B1", "it-B2"} & set(lit["held"])
    dropped = {e["card"] for e in lit["discard"] if e["deck"] == "item"}
    assert dropped == {"it-B1", "it-B2"}


def test_half_a_key_turns_nothing_and_the_whole_one_winds_the_spring():
    state = play(until(("use", "i-009", "it-B1", "it-B2")))
    assert texts_of(state, "i-003", "it-B1")[-1] == "Half a key turns nothing. You need the whole crank."
    state = play([("use", "i-009", "it-B1", "it-B2"), ("use", "i-003", "it-B3")], state)
    assert state["stacks"]["1"] == ["s-1", "s-1b"] and "s-1b" in state["face_up"]
    assert ENGINE.view(state, 0)["map"][0]["stack"][-1]["arrows"]["south"] == 13  # the steps, once time runs


def test_the_lift_carries_the_hero_to_the_top_of_the_tower():
    state = play(until(("use", "i-017", "it-C")))
    assert state["hero"] == 7 and "9" not in state["stacks"]
    state = use(state, "i-017", "it-C")
    assert state["hero"] == 9 and "s-9" in state["face_up"]  # MOVE THE HERO: from #7 to #9, four squares up
    assert state["stacks"]["8"] == ["s-8"] and state["stacks"]["6"] == ["s-6"]  # the clockwork, the snow stair
    assert "4" not in state["stacks"]  # the pendulum stair shows only from the clockwork above
    assert move(state, 8)["stacks"]["4"] == ["s-4"]


def test_setting_the_clock_going_changes_the_town_for_good():
    state = play(until(RESTART))
    assert {"i-028", "i-029", "i-030"} <= set(state["interaction_deck"])
    state = use(state, *RESTART[1:])
    assert state["prophecies"]["p-1"] == "fulfilled" and "it-H" not in state["held"]
    assert state["hero"] == 4 and state["stacks"]["4"] == ["s-4", "s-4b"]  # the hero icon
    assert state["stacks"]["9"] == ["s-9", "s-9b"] and state["stacks"]["2"] == ["s-2", "s-2b"]
    assert "6" not in state["stacks"] and "11" not in state["stacks"]  # the snow stair and the roof fall
    assert state["stacks"]["10"] == ["s-10"]  # Vell still hangs on your rope there
    assert TOWER.scenery["s-2b"].arrows == {"east": 1, "west": 5, "south": 12}  # no way north any more
    assert state["stacks"]["13"] == ["s-13"] and "s-13" not in state["face_up"]
    assert not {"i-005", "i-014", "i-027"} & set(state["in_play"])  # the sparks, the window, the gate
    assert {"i-028", "i-029", "i-030"} <= set(state["interaction_deck"])  # they wait on the tower steps
    assert ENGINE.legal_actions(state, 0).count(Action.make(0, "move", to=13)) == 1


def test_the_pendulum_will_not_run_before_the_clock_is_mended_and_wound():
    early = play(until(("use", "i-019", "it-G1")) + [("move", 4)])
    said = texts_of(early, "i-011", "it-H")
    assert any("the pallet is broken" in t for t in said)
    early = use(early, "i-011", "it-H")
    assert early["favours"] == 8 and "i-011" in early["in_play"] and "it-H" in early["held"]
    unwound = play(without(("use", "i-003", "it-B3"))[:CAREFUL.index(RESTART) - 1])
    assert any("the spring is slack" in t for t in texts_of(unwound, "i-011", "it-H"))
    assert "i-011" in use(unwound, "i-011", "it-H")["in_play"]


# --- restraint: what the careful hand leaves alone -------------------------------------------------

def test_a_spark_from_the_star_lights_the_forge_but_spoils_the_star():
    sparked = play([("move", 2), ("use", "i-005", "it-C")])
    assert "it-F" in sparked["held"] and "i-029" not in sparked["interaction_deck"]
    state = play([("move", 3), ("use", "i-008", "it-F")], sparked)
    assert "s-3b" in state["face_up"] and "it-F" not in state["held"]  # the spark lit the coals
    rest = [s for s in CAREFUL[2:] if s != ("use", "i-008", "it-A")]
    state = play(rest, state)
    assert state["ending"] == "e-1" and state["prophecies"]["p-5"] == "revealed"
    assert ENGINE.result(state).scores == (7,)


def test_a_ruby_from_the_window_mends_the_clock_but_costs_honest_hands():
    thief = play(until(("use", "i-013", "it-E")) + [("use", "i-014")])
    assert "it-G2" in thief["held"] and "i-028" not in thief["interaction_deck"]
    rest = [("use", "i-019", "it-G2") if s == ("use", "i-019", "it-G1") else s
            for s in CAREFUL[CAREFUL.index(("use", "i-013", "it-E")) + 1:]]
    state = play(rest, thief)
    assert state["ending"] == "e-1" and state["prophecies"]["p-3"] == "revealed"
    assert ENGINE.result(state).scores == (7,)


def test_the_window_tempts_no_one_who_has_what_is_theirs():
    state = play(until(("move", 7)) + [("use", "i-014")])
    assert "it-G2" not in state["held"] and "i-028" in state["interaction_deck"]
    mended = play(until(("move", 6)))
    mended = use(mended, "i-014")  # the ruby is already in the clock
    assert "it-G2" not in mended["held"] and "i-028" in mended["interaction_deck"]


def test_leaving_by_the_gate_keeps_hollin_stopped():
    state = play([("move", 2), ("use", "i-027")])
    assert state["ending"] == "e-3" and state["prophecies"]["p-1"] == "revealed"
    assert ENGINE.result(state).scores == (3,)  # 8 favours, five prophecies unkept


# --- what careless play costs ----------------------------------------------------------------------

def test_the_ledge_without_a_rope_costs_a_favour():
    rushed = play(until(("use", "i-021", "it-I")) + [("move", 6), ("move", 10)])
    assert rushed["favours"] == 7 and rushed["prophecies"]["p-2"] == "revealed"
    careful = play(until(("use", "i-023", "it-D")))
    assert careful["favours"] == 8


def test_forcing_the_lift_costs_a_favour_and_the_cockerel_lights_it_again():
    forced = play(until(("use", "i-017", "it-C")) + [("use", "i-017", "it-I")])
    assert forced["hero"] == 9 and forced["favours"] == 7  # up all the same, but bruised
    state = play(CAREFUL[CAREFUL.index(("use", "i-017", "it-C")) + 1:], forced)
    assert state["ending"] == "e-1" and state["favours"] == 8 and ENGINE.result(state).scores == (8,)


def test_two_careless_falls_shut_the_roof():
    state = play(until(("use", "i-017", "it-C")) + [("use", "i-017", "it-I"), ("move", 8), ("move", 6), ("move", 10)])
    assert state["favours"] == 6 and "11" in state["stacks"]
    assert Action.make(0, "move", to=11) not in ENGINE.legal_actions(state, 0)  # at least 7 favours
    state = play([("use", "i-021", "it-I"), ("use", "i-023", "it-D"), ("use", "i-019", "it-G1"), ("move", 4),
                  RESTART, ("move", 13)], state)
    assert state["ending"] == "e-1" and state["prophecies"]["p-4"] == "revealed"
    assert ENGINE.result(state).scores == (5,)


def test_the_hourglass_beside_a_falling_man_lets_him_fall():
    state = play(until(("use", "i-023", "it-D")))
    state = use(state, "i-023", "it-H")
    assert state["favours"] == 7 and "i-023" not in state["in_play"] and "it-D" in state["held"]
    state = play([("move", 11), ("use", "i-025", "it-C"), ("move", 4), RESTART, ("move", 13)], state)
    assert state["ending"] == "e-2" and state["prophecies"]["p-2"] == "revealed"
    assert ENGINE.result(state).scores == (7,)  # the cockerel lit the favour again; Vell's fall is not undone


def test_starting_the_clock_before_vell_is_tied_leaves_a_hard_new_year():
    state = play(without(("use", "i-023", "it-D")))
    assert state["ending"] == "e-2" and ENGINE.result(state).scores == (7,)
    assert {"card": "i-023", "deck": "interaction", "read": []} in state["discard"]  # discarded unread


def test_the_rope_cannot_pull_vell_in_and_costs_nothing():
    state = play(until(("use", "i-023", "it-D")))
    assert "You cannot pull him in" in texts_of(state, "i-023", "it-A")[-1]
    assert use(state, "i-023", "it-A")["favours"] == 8


# --- bots ------------------------------------------------------------------------------------------

# (every level's bot games on every shipped adventure: tests/test_labyrinth_bots.py)
