"""The Labyrinth's small print on the map at 1024x768 (the canvas at 0.53): the "tried ×N" badges, a
closed stack's count, and on an open stack's panel the slips of what was read, "Read", "not read yet"
and "Close" were drawn in 20-24 px and read as 11-13 px. They now grow as the rest of the table's small
print does (`legible_factor`), stay clear of one another and of the card's number and corner index,
and keep every word of a slip; at 1920x1080 they are as designed."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

import game.ui.labyrinth_painter as painter
from game.ui.look.cards_labyrinth import interaction_corner_right
from game.ui.look.fonts import LEGIBLE_SCALE, font
from game.ui.tween import MOTION
from test_labyrinth_map_stacks import FOLK, HEART, open_fan_by_click, open_maze, try_item
from ui_helpers import frames


@pytest.fixture(autouse=True)
def motion(data_dir):
    MOTION.speed = 4.0
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def drawn(monkeypatch, table) -> dict[str, int]:
    """The words the painter set in one frame of the table, with their size on the canvas."""
    seen: dict[str, int] = {}
    real = painter.text_surface

    def spy(text: str, role: str, px: int, colour):  # type: ignore[no-untyped-def]
        seen[text] = int(px)
        return real(text, role, px, colour)

    monkeypatch.setattr(painter, "text_surface", spy)
    table.draw_table(pygame.Surface((1920, 1080)), 1.0)
    monkeypatch.setattr(painter, "text_surface", real)
    return seen


def fan_with_three_tried(size: tuple[int, int]):
    app, table, _ = open_maze(HEART, size)
    cards = open_fan_by_click(app, table)
    answer, item = FOLK[0]
    wrong = [c for c in cards if c != answer][:3]
    for card in wrong:
        try_item(app, table, card, item)
    frames(app, 6)
    assert table.fanned == 29
    return app, table, wrong


def test_the_open_stacks_small_print_reads_at_seven_tenths_and_keeps_clear_at_1024x768(monkeypatch):
    app, table, wrong = fan_with_three_tried((1024, 768))
    try:
        scale = app.letterbox.scale
        seen = drawn(monkeypatch, table)
        for words, designed in (("tried ×1", 20), ("Read", 24), ("not read yet", 20)):
            assert seen[words] * scale >= LEGIBLE_SCALE * designed - 0.5, (words, seen[words])
        assert seen["Close"] * scale >= 14  # as large as its 88 px button holds (it was 12.8 px)
        layout = table.fan_layout()
        for card in wrong:
            rect = table.target_rect(("inter", card))
            label = table.card_label(card)
            px, lines = table.card_label_lines(rect, label)
            assert px * scale >= LEGIBLE_SCALE * 20 - 0.5
            assert " ".join(lines) == label  # every word: the last ones tell the figures apart
            assert all(seen.get(line) == px for line in lines)
            slip = table.draw_card_label(pygame.Surface((1920, 1080)), rect, label)
            assert rect.contains(slip) and slip.y > rect.y + rect.height * 0.45  # under the card's number
            assert all(font("story-italic", px).size(line)[0] <= slip.width - 8 for line in lines)
        # each tried card's badge lies on that card, right of its corner index, and on no other badge
        on_cards = [b for b in table.badge_rects if b.colliderect(layout.panel)
                    and any(table.target_rect(("inter", c)).contains(b) for c in wrong)]
        assert len(on_cards) == 3
        # nothing on the map peeks out from under the panel: a badge lies wholly inside it or clear of it
        assert all(layout.panel.contains(b) or not layout.panel.colliderect(b) for b in table.badge_rects)
        for card in wrong:
            rect = table.target_rect(("inter", card))
            badge = next(b for b in on_cards if rect.contains(b))
            assert badge.x >= rect.x + interaction_corner_right(rect.width)
        for a, b in combinations(table.badge_rects, 2):
            assert not a.colliderect(b), (a, b)
        close = layout.close
        assert font("ui-bold", seen["Close"]).size("Close")[0] <= close.width - 12
    finally:
        app.shutdown()


def test_the_open_stacks_small_print_is_as_designed_at_1920(monkeypatch):
    app, table, wrong = fan_with_three_tried((1920, 1080))
    try:
        seen = drawn(monkeypatch, table)
        assert (seen["tried ×1"], seen["Read"], seen["not read yet"], seen["Close"]) == (20, 24, 20, 24)
        rect = table.target_rect(("inter", wrong[0]))
        assert table.card_label_lines(rect, table.card_label(wrong[0]))[0] == 20
    finally:
        app.shutdown()


def test_the_maps_badges_read_larger_at_1024x768_and_overlap_nothing(monkeypatch):
    app, table, _ = open_maze(HEART, (1024, 768))
    try:
        scale = app.letterbox.scale
        piled = {c for cards in table.stacks().values() for c in cards}
        loose = [c for c, inter in table.inters.items() if not inter.hidden and c not in piled]
        for card in loose:
            table.inters[card].entry["tried"] = [["it-x"], ["it-y"]]
        seen = drawn(monkeypatch, table)
        assert seen["6 cards"] * scale >= LEGIBLE_SCALE * 20 - 0.5  # a closed stack's count
        if loose:
            assert seen["tried ×2"] * scale >= LEGIBLE_SCALE * 20 - 0.5
        assert len(table.badge_rects) >= 2
        for a, b in combinations(table.badge_rects, 2):
            assert not a.colliderect(b), (a, b)
    finally:
        app.shutdown()


def test_fit_map_and_the_empty_tray_read_larger_at_1024x768_and_fit(monkeypatch):
    """"Fit map" (26 px) and the empty tray's line (26 px) read as 13.9 px at 1024x768: they grow too,
    inside their button and their tray."""
    from game.ui.labyrinth_layout import FIT_RECT, ITEM_AREA
    from test_labyrinth_small_windows14 import open_table

    app, table = open_table((1024, 768), moves=0)
    try:
        scale = app.letterbox.scale
        assert not table.item_order
        table.camera.manual = True  # the player zoomed: "Fit map" shows over the map's corner
        seen = drawn(monkeypatch, table)
        empty = "Your hands are empty. Items you take will wait here."
        for words, role, room in (("Fit map", "ui-bold", FIT_RECT.width - 16), (empty, "story-italic", ITEM_AREA.width - 40)):
            assert seen[words] * scale >= LEGIBLE_SCALE * 26 - 0.5, words
            assert font(role, seen[words]).size(words)[0] <= room, words
    finally:
        app.shutdown()
