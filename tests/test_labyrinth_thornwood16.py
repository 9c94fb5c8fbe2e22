"""The Thornwood Maze's great root (i-054) said "the way back is gone for ever", while ruling LA-4
lets the hero walk to any discovered scenery and LA-4b use any card still in play from anywhere: a
party that climbed before opening the door of roots (i-051) could still turn the bone key from the
heart and walk down to the cave of lost things for the mason's chisel. The root's paragraph now says
what is still reachable: the old paths, cleared behind the hero, and, while the bone key is still held,
that one door. Nothing else of the first three wings is left in play after the climb."""

from __future__ import annotations

from game.rules.labyrinth import ENGINE
from game.rules.labyrinth.checker import check_scenario
from game.rules.labyrinth.scenario import SCENARIO_DIR
from test_labyrinth_adventure_yewmaze import CAREFUL, MAZE, WING_1, WING_2, WING_3, move, play, texts_of, use

DOOR = ("use", "i-051", "it-N3")
ROOT = ("use", "i-054", "it-C")
DOOR_WAITS = "the door of roots is still shut"


def before_the_root(open_the_door: bool) -> dict:
    """The careful path up to the foot of the great root, with or without the door of roots opened."""
    steps = WING_1 + WING_2 + [s for s in WING_3 if s != ROOT]
    if not open_the_door:
        steps = [s for s in steps if s not in (DOOR, ("move", 27))]
    return play(steps)


def left_below(state: dict) -> list[str]:
    """The interaction cards in play that belong to the first three wings (scenery 1-28)."""
    return sorted(c for c in state["in_play"] if MAZE.interactions[c].number < 29)


def test_the_root_no_longer_says_the_way_back_is_gone_and_says_the_old_paths_are_cleared():
    said = texts_of(before_the_root(True), *ROOT[1:])
    story = " ".join(said)
    assert "the way back is gone" not in story
    assert "other paths still wind down to every place you came by" in story and "stays undone" in story
    assert DOOR_WAITS not in story  # the door was opened: nothing waits below
    climbed = use(before_the_root(True), *ROOT[1:])
    assert climbed["hero"] == 29 and left_below(climbed) == []
    # and the old paths are indeed there to walk (ruling LA-4), though nothing waits on them
    walked = move(climbed, 13)
    assert walked["hero"] == 13 and left_below(walked) == []


def test_a_party_that_climbed_with_the_bone_key_is_told_the_door_still_waits_and_it_does():
    foot = before_the_root(False)
    assert "it-N3" in foot["held"] and "i-051" in foot["in_play"]
    said = texts_of(foot, *ROOT[1:])
    door = [line for line in said if DOOR_WAITS in line]
    climb = next(i for i, line in enumerate(said) if line.startswith("You leave the lantern"))
    assert len(door) == 1 and said.index(door[0]) == climb + 1  # read right after the climb, before the heart lawn
    climbed = use(foot, *ROOT[1:])
    assert left_below(climbed) == ["i-051"]  # the one thing below still in play, as the story says
    opened = use(climbed, *DOOR[1:])  # from the heart (LA-4b)
    assert "it-N3" not in opened["held"] and "i-051" not in opened["in_play"]
    down = move(opened, 27)
    assert down["hero"] == 27 and "it-X1" in down["held"]  # the mason's chisel, for the green folk


def test_the_careful_path_and_the_proof_are_unchanged():
    state = play(CAREFUL)
    assert ENGINE.is_over(state) and state["ending"] == "e-1" and state["favours"] == 8
    report = check_scenario(SCENARIO_DIR / "yewmaze.toml", budget=60)
    assert report.complete and report.dead_end_count == 0 and report.states == 29786
