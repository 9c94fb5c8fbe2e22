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
