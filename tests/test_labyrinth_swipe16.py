"""A sideways swipe over the Labyrinth's reading panel turns its page, as over the rules' book (the
README promises swipes for pages; a finger has no page keys): right to left the newer page, left to
right the older, on the near side and for a person across a touch table, whose picture is turned."""
from __future__ import annotations

import pytest

from game.ui.labyrinth_layout import READ_RECT
from test_table_sides_play16 import labyrinth_in_turns_read_a_while, swipe_as_seen
from ui_helpers import frames


@pytest.mark.parametrize("far", [False, True])
def test_a_sideways_swipe_on_the_reading_panel_turns_the_page_each_way(data_dir, far):
    app, table = labyrinth_in_turns_read_a_while()
    try:
        if not far:
            table.far_seats = set()
            frames(app, 40)
        assert app.turned is far
        journal = table.journal
        assert len(journal.pages) >= 3
        journal.jump(1)
        frames(app, 3)
        y = READ_RECT.centery
        swipe_as_seen(app, (READ_RECT.right - 60, y), (READ_RECT.left + 60, y))
        assert journal.index == 2  # drawn leftwards: the next page, as a book's
        swipe_as_seen(app, (READ_RECT.left + 60, y), (READ_RECT.right - 60, y))
        swipe_as_seen(app, (READ_RECT.left + 60, y), (READ_RECT.right - 60, y))
        assert journal.index == 0
        swipe_as_seen(app, (READ_RECT.centerx, READ_RECT.top + 80), (READ_RECT.centerx + 40, READ_RECT.bottom - 80))
        assert journal.index == 0  # mostly downwards: a scroll, never a page turn
    finally:
        app.shutdown()
