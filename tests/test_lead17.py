"""Lead's small fixes of session 17, each pinned."""

from __future__ import annotations

import pygame

from game.ui.widgets import OptionCycler


def test_a_cycler_without_a_label_gives_its_value_the_label_room() -> None:
    """The crowded seat rows drop the word "Plays" to make room for the side and pad badges; the
    left arrow used to stay 48 px in anyway, and "Person here" wrapped to two lines at 1024x768."""
    pygame.init()
    rect = pygame.Rect(300, 100, 180, 40)
    unlabelled = OptionCycler(rect, "", [("local", "Person here")], 0, lambda value: None)
    labelled = OptionCycler(rect, "Plays", [("local", "Person here")], 0, lambda value: None)
    left, right = unlabelled._arrows()
    assert left.left == rect.x + 8
    assert labelled._arrows()[0].left > left.left + 40  # a label keeps its room
    assert right.right == rect.right - 8


def test_the_tutorial_jar_does_not_ask_for_the_oil() -> None:
    """The jar opens to a key worked under its lid; "rusted shut" pointed at the lamp oil, which
    "loosens anything stiff" and does nothing there."""
    import tomllib
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "game/content/labyrinth/tutorial.toml").read_text()
    jar = next(line for line in text.splitlines() if "a jar glows faintly" in line)
    assert "rusted" not in jar and "too tight for fingers" in jar
    tomllib.loads(text)
