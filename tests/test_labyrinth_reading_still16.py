"""The reading panel composes a still page once, not every frame (its fill and a blit a block cost
~0.5 ms of a Labyrinth frame, which the far side's turned picture needs), and composes again the
moment anything it shows changes: a scroll, another page."""
from __future__ import annotations

import pygame

from test_table_sides_play16 import labyrinth_in_turns_read_a_while
from ui_helpers import frames


def test_a_still_page_is_composed_once_and_a_scroll_or_a_page_composes_it_again(data_dir):
    app, table = labyrinth_in_turns_read_a_while()
    try:
        journal = table.journal
        composed: list[float] = []
        compose = journal._compose

        def counting(view, images, shown, scroll):
            composed.append(scroll)
            compose(view, images, shown, scroll)

        journal._compose = counting  # type: ignore[method-assign]
        journal.jump(0)
        frames(app, 30)
        settled = len(composed)
        assert settled >= 1
        def page_pixels() -> bytes:
            return pygame.image.tobytes(app.canvas.subsurface(journal.content), "RGB")

        before = page_pixels()
        frames(app, 20)
        assert len(composed) == settled  # twenty still frames: nothing composed again
        assert page_pixels() == before  # and the page still shows
        if journal.max_scroll() > 0:
            journal.scroll_by(60)
            frames(app, 30)
            assert len(composed) > settled and composed[-1] > 0
        settled = len(composed)
        journal.turn(1)
        frames(app, 2)
        assert len(composed) > settled
        assert page_pixels() != before  # another page shows
    finally:
        app.shutdown()
