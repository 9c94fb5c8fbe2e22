"""The Thornwood Maze holds ten prophecies at once, so its tray shows them as strips in two columns. A
title cut to "Hester's…" told three prophecies apart by nothing (a playtest found "Hester's…" three
times and "The Gree…" twice on the late table): every title must read whole on a fulfilled strip,
where the tick takes room, and no two may look alike there."""

from __future__ import annotations

import pygame
import pytest

from game.rules.labyrinth import load_scenario
from game.ui.labyrinth_layout import prophecy_tray_rects
from game.ui.look.cards_labyrinth import TILE_NAME_PX, _clipped

MAZE = load_scenario("yewmaze")
TITLES = [MAZE.text(p.title_key) for p in MAZE.prophecies.values()]


def title_room(fulfilled: bool) -> int:
    """The print's width on a strip of a ten-prophecy tray, as `_prophecy_strip` lays it out: the
    rolled ends, the wax seal and, once fulfilled, the tick."""
    w, h = prophecy_tray_rects(len(TITLES))[0].size
    rod = max(3, round(h * 0.12))
    seal_radius = h * 0.36
    left = round(rod + 6 + 2 * seal_radius + 10)
    right = w - rod - 8
    return right - left - ((round(h * 0.5) + 6) if fulfilled else 0)


def test_the_maze_has_ten_prophecies_and_so_strips():
    assert len(TITLES) == 10 and prophecy_tray_rects(10) is not None


@pytest.mark.parametrize("fulfilled", [False, True])
def test_every_title_reads_whole_on_its_strip(fulfilled):
    pygame.font.init()
    room = title_room(fulfilled)
    assert room > 40
    for title in TITLES:
        assert _clipped(title, "story", TILE_NAME_PX, room) == title, (title, room)


def test_no_two_titles_alike():
    assert len({title.lower() for title in TITLES}) == len(TITLES)
