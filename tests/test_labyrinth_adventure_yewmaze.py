"""The Thornwood Maze, the Labyrinth's full-size adventure (game/content/labyrinth/yewmaze.toml):
the box's counts, what `check-scenario` proves of it while its search stays small (four wings, each
closed behind the hero), every mechanic the format knows, the careful path through the engine to
score 8, the prophecies kept early, by restraint and in several ways, and what careless play costs."""

from __future__ import annotations

import re

import pytest

from game.core.types import Action
from game.rules.labyrinth import ENGINE, load_scenario, match_paragraph
from game.rules.labyrinth.checker import EXIT_PROVEN, all_instructions, check_scenario, removable_numbers
from game.rules.labyrinth.scenario import SCENARIO_DIR, shipped_scenario_pitches, shipped_scenarios
from labyrinth_adventure import AdventurePlay

MAZE = load_scenario("yewmaze")


@pytest.fixture(scope="module")
def report():
    return check_scenario(SCENARIO_DIR / "yewmaze.toml", budget=60)


PLAY = AdventurePlay(MAZE)
start, move, use, texts_of, play = PLAY.start, PLAY.move, PLAY.use, PLAY.texts_of, PLAY.play

GREEN_FOLK = [("use", card, f"it-X{n}") for n, card in enumerate(
    ["i-056", "i-057", "i-058", "i-059", "i-060", "i-061", "i-069", "i-070", "i-071", "i-072", "i-073", "i-074"], 1)]

# The careful player's path, wing by wing. The outer hedges: the shed key from under the flowerpot,
# the map through the hare's burrows (Pip's sword and coin), the robin cut free with the shears, the
# rope down the well for the sundial's pointer (the hedges walk), the coin for the crow, the yew key.
# The rose garden: no rose picked, the brass key for the glasshouse, smoke for the bees, the rope for
# the pond's bell, Pip's sword for the knight, down the fountain stair. The undergarden: honey for the
# badger, the shears for the nightingale's cage, mirror and bottle at the moonwell, the lantern in
# the dark gallery, the bone key, the hoard, the rope up the great root. The heart: the green folk,
# Pip, Hester's heart, Alder's letter and rose, the last seed, the four hour stones.
WING_1 = [
    ("move", 2), ("move", 3), ("use", "i-005", "it-N1"), ("move", 5), ("use", "i-009", "it-U"), ("move", 10),
    ("move", 4), ("move", 6), ("use", "i-011", "it-B"), ("move", 7), ("use", "i-013", "it-C"),
    ("use", "i-007", "it-E"), ("move", 8), ("use", "i-016", "it-F"), ("move", 9), ("use", "i-018", "it-G"),
]
WING_2 = [
    ("move", 14), ("move", 15), ("use", "i-028", "it-N2"), ("use", "i-024", "it-K"), ("move", 16),
    ("use", "i-030", "it-C"), ("move", 18), ("move", 17), ("use", "i-033", "it-H"), ("use", "i-026"),
]
WING_3 = [
    ("move", 21), ("use", "i-039", "it-L"), ("use", "i-041", "it-B"), ("move", 23), ("move", 25),
    ("use", "i-047", "it-M", "it-R"), ("move", 24), ("use", "i-045", "it-A"), ("move", 26), ("use", "i-051", "it-N3"),
    ("move", 27), ("move", 28), ("use", "i-054", "it-C"),
]
WING_4 = [("move", 32)] + GREEN_FOLK + [
    ("use", "i-063", "it-S"), ("use", "i-066", "it-I"), ("use", "i-067", "it-J2", "it-Q"), ("move", 33),
    ("use", "i-076", "it-P", "it-T"), ("move", 34), ("use", "i-079", "it-Y", "it-Z"), ("use", "i-080", "it-V", "it-W"),
]
CAREFUL = WING_1 + WING_2 + WING_3 + WING_4


def until(marker: tuple, path: list[tuple] = CAREFUL) -> list[tuple]:
    """A path up to (not including) one of its steps."""
    return path[:path.index(marker)]


def after(marker: tuple, path: list[tuple] = CAREFUL) -> list[tuple]:
    """A path from just after one of its steps."""
    return path[path.index(marker) + 1:]


def swap(old: tuple, new: tuple, path: list[tuple] = CAREFUL) -> list[tuple]:
    return [new if step == old else step for step in path]


# --- what the checker proves -----------------------------------------------------------------------

def test_report_has_the_box_counts_four_endings_and_the_declared_best(report):
    assert report.exit_code == EXIT_PROVEN and report.complete and not report.problems
    assert report.dead_end_count == 0
    assert report.counts == {"scenery": 44, "items": 40, "interactions": 80, "prophecies": 10, "endings": 4}
    assert {e.ending: e.best_score for e in report.endings.values()} == {"e-1": 8, "e-2": 6, "e-3": 4, "e-4": -1}
    assert report.declared_best == 8
    assert 0 < report.states < 60_000  # four closed wings add up; reshape the adventure before this grows


def test_the_setup_offers_it_and_says_what_it_is():
    assert ("yewmaze", "The Thornwood Maze") in shipped_scenarios()
    pitch = dict(shipped_scenario_pitches())["yewmaze"]
    assert pitch.startswith("An evening-long adventure, about 90 minutes") and "Four endings" in pitch


# --- its shape, its keys and its cards -------------------------------------------------------------

def test_it_has_the_shape_of_the_full_size_labyrinth():
    scenery, cards = list(MAZE.scenery.values()), list(MAZE.interactions.values())
    assert (len(scenery), len(MAZE.items), len(cards), len(MAZE.prophecies), len(MAZE.endings)) == (44, 40, 80, 10, 4)
    assert sorted(s.id for s in scenery if s.cover) == sorted(
        ["s-2b", "s-9b", "s-12b", "s-14b", "s-17b", "s-21b", "s-25b", "s-30b", "s-31b", "s-32b", "s-34b"])
    assert sorted(s.id for s in scenery if s.hero) == ["s-11", "s-29"]
    assert [(s.id, s.min_favours) for s in scenery if s.min_favours] == [("s-33", 6)]
    assert MAZE.scenery["s-20"].next_to == (15, "west") and MAZE.scenery["s-29"].next_to == (7, "east")
    assert sum(1 for c in cards if c.immediate) >= 30 and {c.needs for c in cards} == {0, 1, 2}
    assert {i.code for i in MAZE.items.values() if i.number} == {"N1", "N2", "N3", "J1", "J2"} | {
        f"X{n}" for n in range(1, 13)}


def test_it_uses_every_instruction_and_condition_the_format_knows():
    ops = {instruction[0] for _, instruction in all_instructions(MAZE)}
    assert ops >= {"take", "put_into_play", "place_scenery", "discover_scenery", "discard", "remove_from_deck",
                   "reveal", "fulfil", "turn_back_over", "favour", "move_hero", "remove_scenery", "say", "if",
                   "ending"}
    amounts = {i[1] for _, i in all_instructions(MAZE) if i[0] == "favour"}
    assert {-1, 1} <= amounts
    conditions = {test[0] for _, i in all_instructions(MAZE) if i[0] == "if" for test in i[1]}
    assert conditions == {"holding", "prophecy", "discovered"}
    keys = {p.key for c in MAZE.interactions.values() for p in c.paragraphs}
    assert {"*", "J1", "N1", "X1", "X", "M+R", "R+*", "J2+Q", "P+T", "T+*", "V+W", "Y+Z"} <= keys


def test_letter_and_number_keys_tell_the_lost_things_roses_and_keys_apart():
    items, cards = MAZE.items, MAZE.interactions

    def key(card: str, *codes: str) -> str | None:
        paragraph = match_paragraph(cards[card], [items[c] for c in codes])
        return paragraph.key if paragraph else None

    assert key("i-057", "it-X2") == "X2" and key("i-057", "it-X3") == "X"  # the bride's ring; another's thing
    assert key("i-057", "it-A") == "*"
    assert key("i-033", "it-H") == "H" and key("i-033", "it-J1") == "J1" and key("i-033", "it-J2") == "*"
    assert key("i-028", "it-N2") == "N2" and key("i-028", "it-N1") is None  # each key fits its own lock
    assert key("i-047", "it-R", "it-M") == "M+R" and key("i-047", "it-R", "it-A") == "R+*"
    assert key("i-067", "it-Q", "it-J2") == "J2+Q"
    assert key("i-076", "it-T", "it-A") == "T+*" and key("i-076", "it-A", "it-B") == "*"


def test_a_lock_tried_with_the_wrong_thing_stays_face_down_unread():
    """The locks have no `*` paragraph: the rulebook's "no match" (the card goes back, nothing read)."""
    state = play(until(("use", "i-005", "it-N1")))
    events = ENGINE.apply(state, Action.make(0, "interact", card="i-005", items=["it-A"]))
    assert [e.kind for e in events[1]][:1] == ["no_match"] and not [e for e in events[1] if e.kind == "text"]
    assert "i-005" in events[0]["in_play"] and events[0]["tried"]["i-005"] == [["it-A"]]


def test_what_a_wing_no_longer_needs_stays_behind_and_the_tray_never_overflows():
    """Spent things stay behind as each wing closes (the map, the smoke candle, the lantern, shears and
    rope; the knight keeps Pip's sword for him), so the careful tray holds at most 15 items: tiles in
    three rows, well inside what the crowded tray lays out."""
    heart = play(WING_1 + WING_2 + WING_3)
    assert not {"it-A", "it-B", "it-C", "it-H", "it-K", "it-U"} & set(heart["held"])
    state, most = start(), 0
    for step in CAREFUL:
        state = play([step], state)
        most = max(most, len(state["held"]))
    assert most <= 15


def test_every_item_name_has_a_picture_word_and_fits_a_tray_tile():
    from game.ui.look.cards_labyrinth import ITEM_ICONS

    for item in MAZE.items.values():
        name = MAZE.text(item.name_key)
        words = set(re.findall(r"[a-z]+", name.lower()))
        assert any(words & set(spellings) for spellings in ITEM_ICONS.values()), name
        assert len(name) <= 14, name


def test_the_map_is_a_maze_of_seven_by_eight_squares():
    xs = {x for x, _ in MAZE.positions.values()}
    ys = {y for _, y in MAZE.positions.values()}
    assert len(MAZE.positions) == 33 and (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1) == (7, 8)
    assert MAZE.positions[1] == (0, 0) and MAZE.positions[29] == (2, -3) and MAZE.positions[20] == (-2, -5)


def test_no_removal_needs_to_send_the_hero_anywhere():
    """The hero icon of the heart lawn carries the hero off the great root before it is removed, so
    the search never has to keep the hero's square (and stays small)."""
    removals = [i for _, i in all_instructions(MAZE) if i[0] == "remove_scenery"]
    assert [(i[1], i[2]) for i in removals] == [("s-28", None)] and removable_numbers(MAZE) == frozenset()
    state = play(until(("use", "i-054", "it-C")))
    assert state["hero"] == 28
    state = use(state, "i-054", "it-C")
    assert state["hero"] == 29 and "28" not in state["stacks"] and "s-29" in state["face_up"]


# --- the careful path through the engine -----------------------------------------------------------

def test_the_careful_path_reaches_midsummer_morning_with_score_8():
    state = play(CAREFUL)
    assert ENGINE.is_over(state) and state["ending"] == "e-1"
    assert state["favours"] == 8 and set(state["prophecies"].values()) == {"fulfilled"}
    outcome = ENGINE.result(state)
    assert outcome.cooperative and outcome.scores == (8,) and outcome.winners == (0,)
    assert ENGINE.view(state, 0)["rank"] == "Hero"


def test_the_fullest_view_and_save_fit_a_lan_frame_with_room_to_spare():
    """The biggest adventure shows the most text: the view at its end (every page read, 80 cards'
    worth of discards) is a fraction of what a host may send in one frame, and its save is small."""
    import msgpack

    from net.protocol import MAX_FRAME_FROM_HOST

    state = play(CAREFUL)
    view = ENGINE.view(state, 0)
    assert len(msgpack.packb(view, use_bin_type=True)) < MAX_FRAME_FROM_HOST / 4
    assert len(msgpack.packb(state, use_bin_type=True)) < MAX_FRAME_FROM_HOST / 2


def test_each_wing_closes_behind_the_hero_and_clears_what_was_left():
    first = play(WING_1)
    assert first["hero"] == 11 and first["stacks"]["9"] == ["s-9", "s-9b"]  # the arch grew shut
    assert "i-002" not in first["in_play"]  # the way back to the Hall is gone
    roses = play(WING_2[:-1], first)
    assert "i-022" in roses["in_play"]  # the rose waits on its bush...
    down = use(roses, "i-026")
    assert down["hero"] == 20 and "i-022" not in down["in_play"]  # ...and is out of reach below
    assert {"it-J2", "it-Q"} <= set(down["held"])  # Sir Alder's rose and letter, for Hester
    caged = play([s for s in WING_3 if s != ("use", "i-041", "it-B")], down)
    assert caged["hero"] == 29 and "i-041" not in caged["in_play"]  # the cage is left behind for good
    assert caged["prophecies"]["p-6"] == "revealed" and "28" not in caged["stacks"]


def test_the_hedges_walk_when_the_sundial_casts_its_shadow():
    state = play(until(("use", "i-007", "it-E")))
    assert "8" not in state["stacks"] and MAZE.scenery["s-2"].arrows.get("north") is None
    state = use(state, "i-007", "it-E")
    assert state["stacks"]["2"] == ["s-2", "s-2b"] and state["stacks"]["8"] == ["s-8"]
    assert "it-Y" in state["held"]  # the sunset stone from the sundial's drawer
    assert any("Crows keep what shines" in line["text"] for line in ENGINE.view(state, 0)["last"])  # put into play


def test_the_knight_lifts_the_lid_and_the_stair_waits_for_him():
    state = play(until(("use", "i-033", "it-H")))
    said = texts_of(state, "i-026")
    assert any("would take a giant, or a knight" in t for t in said)
    assert "i-026" in use(state, "i-026")["in_play"]  # turned back over
    state = use(state, "i-033", "it-H")
    assert "s-14b" in state["face_up"] and "it-Z" in state["held"] and "it-H" not in state["held"]


def test_the_gate_opens_only_with_all_four_hour_stones():
    state = play(until(("use", "i-079", "it-Y", "it-Z")))
    half = use(state, "i-080", "it-V", "it-W")
    assert half["ending"] is None and "s-34b" not in half["face_up"]
    done = use(half, "i-079", "it-Y", "it-Z")
    assert done["ending"] == "e-1" and done["stacks"]["34"] == ["s-34", "s-34b"]


# --- prophecies: kept early, by restraint, in several ways ------------------------------------------

def test_the_robin_is_freed_long_before_its_prophecy_is_revealed_and_wakes_hester():
    freed = play(until(("move", 7)))
    assert freed["prophecies"]["p-2"] == "fulfilled"  # fulfilled in wing 1, never revealed there
    state = play(until(("use", "i-063", "it-S")))
    assert state["stacks"]["31"] == ["s-31", "s-31b"]  # the robin sang her awake
    assert "i-065" not in state["in_play"]  # the diary is not needed


def test_without_a_bird_hester_wakes_to_her_diary():
    thorny = swap(("use", "i-011", "it-B"), ("use", "i-011", "it-A"))
    skip_cage = [s for s in thorny if s != ("use", "i-041", "it-B")]
    state = play(until(("use", "i-063", "it-S"), skip_cage))
    assert state["prophecies"]["p-2"] == "revealed" and "s-31b" not in state["face_up"]
    state = use(state, "i-065", "it-D")
    assert "s-31b" in state["face_up"] and "it-D" not in state["held"]


def test_pip_wakes_to_moon_water_or_to_the_bell_that_calls_people_home():
    state = play(until(("use", "i-063", "it-S")))
    for item in ("it-S", "it-O"):
        woken = use(state, "i-063", item)
        assert woken["prophecies"]["p-1"] == "fulfilled" and woken["stacks"]["30"] == ["s-30", "s-30b"]
        assert item not in woken["held"]


def test_the_knight_wakes_to_the_stolen_rose_too_but_the_roses_remember():
    thief = play(WING_1 + [("move", 12), ("use", "i-022")])
    assert "it-J1" in thief["held"] and "i-037" not in thief["interaction_deck"]  # the roses' thanks is gone
    assert thief["stacks"]["12"] == ["s-12", "s-12b"]  # the torn bush
    rest = swap(("use", "i-033", "it-H"), ("use", "i-033", "it-J1"), WING_2 + WING_3 + WING_4)
    state = play(rest, thief)
    assert state["prophecies"]["p-3"] == "revealed" and state["prophecies"]["p-5"] == "fulfilled"
    assert state["ending"] == "e-1" and ENGINE.result(state).scores == (7,)


def test_restraint_keeps_the_roses_prophecy_on_the_next_wing():
    state = play(WING_1 + WING_2)
    assert state["prophecies"]["p-3"] == "fulfilled" and "it-J1" not in state["held"]


def test_a_rose_carried_down_the_stair_is_taken_back():
    state = play(WING_1 + [("move", 12), ("use", "i-022")] + WING_2)
    assert "it-J1" not in state["held"] and state["prophecies"]["p-3"] == "revealed"


def test_the_green_folk_wake_one_by_one_each_holding_the_next_ones_thing():
    state = play(until(GREEN_FOLK[0]))
    assert [i for i in state["held"] if i.startswith("it-X")] == ["it-X1"]
    assert texts_of(state, "i-057", "it-X1")[-1].startswith("That belongs to somebody, but not to this one")
    assert "i-057" in use(state, "i-057", "it-X1")["in_play"]  # not the bride's: turned back
    state = play(GREEN_FOLK[:11], state)
    assert state["prophecies"]["p-9"] == "revealed" and "it-X12" in state["held"]
    state = play(GREEN_FOLK[11:], state)
    assert state["prophecies"]["p-9"] == "fulfilled" and "it-V" in state["held"]
    assert state["stacks"]["32"] == ["s-32", "s-32b"] and {"s-30", "s-31"} <= set(state["face_up"])


# --- what careless play costs ----------------------------------------------------------------------

@pytest.mark.parametrize("careless, score", [
    ([("use", "i-011", "it-A")], 5),  # tearing through the brambles: a favour and the robin
    ([("use", "i-016", "it-A")], 6),  # grabbing the crow's key
    ([("use", "i-024", "it-A"), ("use", "i-039", "it-A")], 4),  # no smoke for the bees, so no honey either
    ([("use", "i-030", "it-A")], 6),  # wading into the pond
    ([("use", "i-039", "it-A")], 6),  # waking the badger empty-handed
])
def test_each_careless_step_costs_a_favour(careless, score):
    """With the nightingale left in its cage (one prophecy unkept, no favour lit again)."""
    path = [s for s in CAREFUL if s != ("use", "i-041", "it-B")]
    for step in careless:
        path = [step if (s[0], s[1]) == (step[0], step[1]) else s for s in path]
    state = play(path)
    assert state["ending"] == "e-1" and ENGINE.result(state).scores == (score,)


def test_the_nightingale_lights_a_dark_favour_again():
    state = play(swap(("use", "i-016", "it-F"), ("use", "i-016", "it-A")))
    assert state["favours"] == 8 and ENGINE.result(state).scores == (8,)


def test_three_careless_steps_shut_the_seed_bed():
    careless = swap(("use", "i-016", "it-F"), ("use", "i-016", "it-A"))
    careless = swap(("use", "i-030", "it-C"), ("use", "i-030", "it-A"), careless)
    careless = swap(("use", "i-039", "it-L"), ("use", "i-039", "it-A"), careless)
    careless = [s for s in careless if s != ("use", "i-041", "it-B")]
    state = play(until(("move", 33), careless))
    assert state["favours"] == 5 and "33" in state["stacks"]
    assert Action.make(0, "move", to=33) not in ENGINE.legal_actions(state, 0)  # at least 6 favours
    state = play([("move", 34), ("use", "i-079", "it-Y", "it-Z"), ("use", "i-080", "it-V", "it-W")], state)
    assert state["ending"] == "e-1" and state["prophecies"]["p-10"] == "revealed"
    assert ENGINE.result(state).scores == (3,)  # 5 favours; the nightingale and the last seed unkept


def test_leaving_pip_asleep_is_the_worst_way_out_but_one():
    skip_pip = [s for s in CAREFUL if s != ("use", "i-063", "it-S")]
    state = play(skip_pip)
    assert state["ending"] == "e-3" and state["favours"] == 5 and ENGINE.result(state).scores == (4,)


def test_skipping_hesters_heart_brings_pip_home_but_leaves_the_maze_awake():
    skip = [s for s in CAREFUL if s not in (("use", "i-066", "it-I"), ("move", 33), ("use", "i-076", "it-P", "it-T"))]
    state = play(skip)
    assert state["ending"] == "e-2" and ENGINE.result(state).scores == (6,)


def test_going_back_for_help_at_the_gate_ends_it_at_once():
    state = play([("move", 2), ("use", "i-002")])
    assert state["ending"] == "e-4" and ENGINE.result(state).scores == (-2,)  # ten prophecies unkept
