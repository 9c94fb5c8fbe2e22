"""The Labyrinth look kit sets an item's name and a prophecy's title in the print the table asks for
(`name_px`, `title_px`), cached by that size. Until session 15 `labyrinth_legible` drew the kit's card,
then covered its words with a patch of the card's paper and set them again larger, repeating the kit's
geometry (patches, the scroll's body and seal, paper seeds, the FULFILLED stamp). Now the kit draws each
word once, in the size asked; `labyrinth_legible` only decides that size."""

from __future__ import annotations

import inspect

import pygame
import pytest

import game.ui.look.cards_labyrinth as kit
from game.ui.look.fonts import font
from game.ui import labyrinth_legible as legible
from game.ui.labyrinth_layout import ITEM_W, PROPHECY_W, item_tray_rects, prophecy_tray_rects

SMALL = 0.7 / (1024 / 1920)  # legible_factor at 1024x768
KEY = {"card": "it-K", "letter": "K", "number": 1, "name": "Bronze key of the lamp room"}
SCROLL = {"card": "p-2", "number": 2, "title": "The Captive Light", "text": "A light has been shut away."}


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()
    yield


def words_drawn(monkeypatch, build) -> list[tuple[str, int]]:
    """Every (text, px) the look kit set while building one face (its caches bypassed)."""
    seen: list[tuple[str, int]] = []
    real = kit.text_surface

    def spy(text: str, role: str, px: int, colour):  # type: ignore[no-untyped-def]
        seen.append((text, int(px)))
        return real(text, role, px, colour)

    monkeypatch.setattr(kit, "text_surface", spy)
    build()
    monkeypatch.setattr(kit, "text_surface", real)
    return seen


def test_an_item_card_sets_its_name_once_in_the_print_asked(monkeypatch):
    designed_px = kit.item_name_lines(KEY["name"], ITEM_W)[0]
    asked = legible.item_name_px(KEY, ITEM_W, SMALL)
    assert asked == round(designed_px * SMALL)
    px, lines, _ = kit.item_name_layout(KEY["name"], ITEM_W, asked)
    assert designed_px < px <= asked
    drawn = words_drawn(monkeypatch, lambda: kit._item_card(KEY, ITEM_W, asked))
    name_words = [(text, size) for text, size in drawn if text in lines]
    assert name_words == [(line, px) for line in lines]  # each line once, in the grown print
    assert not any(size == designed_px for _, size in drawn)  # the designed name was never drawn under it


def test_a_scroll_sets_its_title_once_in_the_print_asked_fulfilled_too(monkeypatch):
    for state in ("revealed", "fulfilled"):
        asked = legible.title_px(150, state, SMALL)
        designed = kit.scroll_title_designed_px(150)
        assert asked is not None and asked > designed
        px, lines = kit.scroll_title_layout(SCROLL["title"], 150, asked)
        assert px > designed
        drawn = words_drawn(monkeypatch, lambda: kit._prophecy(SCROLL, 150, state, asked))
        assert [(t, s) for t, s in drawn if t in lines] == [(line, px) for line in lines]
        assert not any(s == designed and t in SCROLL["title"] for t, s in drawn)
    # a sealed scroll has no title to grow, and a wide one keeps its text under the designed title
    assert legible.title_px(150, "sealed", SMALL) is None and legible.title_px(220, "revealed", SMALL) is None
    assert kit.prophecy(SCROLL, 150, "sealed", 30) is kit.prophecy(SCROLL, 150, "sealed")


def test_tiles_and_strips_set_their_words_in_the_print_asked(monkeypatch):
    size = item_tray_rects(9)[0].size
    asked = legible.asked_px(kit.TILE_NAME_PX, SMALL)
    placed = kit.item_tile_name_layout("Rope", "R", size, asked)
    assert placed is not None and placed[1] > kit.TILE_NAME_PX
    drawn = words_drawn(monkeypatch, lambda: kit._item_tile({"letter": "R", "name": "Rope"}, size, asked))
    assert ("Rope", placed[1]) in drawn and ("Rope", kit.TILE_NAME_PX) not in drawn
    strip = prophecy_tray_rects(3)[0].size  # a wide strip: 20 px titles there grow
    for state in ("sealed", "revealed", "fulfilled"):
        grown = kit.strip_title_layout(SCROLL, strip, state, asked)
        assert grown is not None
        _, px, words = grown
        drawn = words_drawn(monkeypatch, lambda: kit._prophecy_strip(SCROLL, strip, state, asked))
        assert (words, px) in drawn and all(size != kit.TILE_NAME_PX for _, size in drawn)


def test_at_the_legible_scale_and_up_the_faces_are_the_kits_designed_ones():
    """factor 1 (1366x768 and up) asks for nothing: the very faces the kit draws as designed."""
    tile, strip = item_tray_rects(9)[0].size, prophecy_tray_rects(6)[0].size
    assert legible.legible_item_card(KEY, ITEM_W, 1.0) is kit.item_card(KEY, ITEM_W)
    assert legible.legible_item_tile(KEY, tile, 1.0) is kit.item_tile(KEY, tile)
    for state in kit.PROPHECY_STATES:
        for width in (150, PROPHECY_W):
            assert legible.legible_prophecy(SCROLL, width, state, 1.0) is kit.prophecy(SCROLL, width, state)
        assert legible.legible_prophecy_strip(SCROLL, strip, state, 1.0) is kit.prophecy_strip(SCROLL, strip, state)


def test_the_faces_are_cached_by_the_size_asked():
    small = legible.legible_item_card(KEY, ITEM_W, SMALL)
    assert small is legible.legible_item_card(KEY, ITEM_W, SMALL)
    assert small is not kit.item_card(KEY, ITEM_W) and small.get_size() == kit.item_card(KEY, ITEM_W).get_size()
    assert legible.legible_prophecy(SCROLL, 150, "revealed", SMALL) is legible.legible_prophecy(SCROLL, 150, "revealed", SMALL)


def test_the_grown_face_differs_from_the_designed_one_only_in_the_words_band():
    """The icon, letter and frame are the kit's own in either print: only the name's band changes."""
    designed = kit.item_card(KEY, ITEM_W)
    grown = legible.legible_item_card(KEY, ITEM_W, SMALL)
    band = kit.item_name_band(ITEM_W)
    w, h = designed.get_size()
    changed = [(x, y) for x in range(w) for y in range(h) if designed.get_at((x, y)) != grown.get_at((x, y))]
    assert changed and all(band.collidepoint(point) for point in changed)


def test_labyrinth_legible_draws_nothing_itself():
    """The decision of the size stays; the drawing, the papers and the geometry are the kit's."""
    source = inspect.getsource(legible)
    for drawing in ("blit(", "_parchment", "outlined_text", "text_surface", "pygame.draw", "Rect("):
        assert drawing not in source, drawing


def test_a_fulfilled_strip_keeps_its_title_legible_with_the_tick_on_its_seal():
    """The Thornwood Maze's ten scrolls lie as 168x34 strips; once fulfilled, the tick at a strip's end
    left its title 88 px, and "The Robin", "Lost Heart" or "Green Folk" read as 11 px at 1024x768.
    Asked for larger print, the kit sets the tick on the seal: every title of every adventure, in every
    state, reads at >= 70 % of 20 px there, and the tick stays left of the words."""
    from game.rules.labyrinth.scenario import load_scenario, shipped_scenarios
    from game.ui.look import palette as P
    from game.ui.look.fonts import LEGIBLE_SCALE

    scale = 1024 / 1920
    tick = P.shade(P.GOOD, -0.3)
    for scenario_id, _ in shipped_scenarios():
        scenario = load_scenario(scenario_id)
        count = len(scenario.prophecies)
        if prophecy_tray_rects(count) is None:
            continue
        size = prophecy_tray_rects(count)[0].size
        for card in scenario.prophecies.values():
            entry = {"number": card.number, "title": scenario.text(card.title_key)}
            for state in kit.PROPHECY_STATES:
                placed = kit.strip_title_layout(entry, size, state, legible.asked_px(kit.TILE_NAME_PX, SMALL))
                assert placed is not None, (entry, state)
                area, px, _ = placed
                assert px * scale >= LEGIBLE_SCALE * kit.TILE_NAME_PX - 0.5, (entry, state, px)
                if state == "fulfilled":
                    face = legible.legible_prophecy_strip(entry, size, state, SMALL)
                    ticked = [x for x in range(size[0]) for y in range(size[1]) if face.get_at((x, y))[:3] == tick]
                    assert ticked and max(ticked) < area.x, entry
    # at 1920 the tick stays at the strip's end, as designed
    size = prophecy_tray_rects(10)[0].size
    assert kit.strip_title_layout(SCROLL, size, "fulfilled", None) is None
    face = kit.prophecy_strip(SCROLL, size, "fulfilled")
    ticked = [x for x in range(size[0]) for y in range(size[1]) if face.get_at((x, y))[:3] == tick]
    assert ticked and min(ticked) > size[0] // 2


def test_a_scrolls_and_a_strips_number_grow_with_their_title_and_keep_clear_of_it(monkeypatch):
    """A scroll's seal number was 16 px (8.5 px on a 1024x768 screen), a strip's 16 px too: asked for a
    larger title, the scroll's seal grows as much and both numbers fill their seals; the grown title
    still ends above the seal. As designed when nothing is asked."""
    title = legible.title_px(150, "revealed", SMALL)
    (_, seal_y), seal_r, share = kit.scroll_seal(150, title)
    (_, designed_y), designed_r, designed_share = kit.scroll_seal(150)
    assert (designed_r, designed_share) == (150 * 0.08, 1.3) and seal_y == designed_y
    assert seal_r > designed_r and share == 1.6
    drawn = words_drawn(monkeypatch, lambda: kit._prophecy(SCROLL, 150, "revealed", title))
    assert ("2", round(seal_r * 1.6)) in drawn and round(seal_r * 1.6) * 1024 / 1920 >= 13
    px, lines = kit.scroll_title_layout(SCROLL["title"], 150, title)
    top = kit.scroll_body(150).y + 150 * 0.1
    step = font("story", px).get_linesize() * 0.92
    assert top + step * (len(lines) - 1) + px <= kit.scroll_title_patch(150, title).bottom <= seal_y - seal_r
    strip = prophecy_tray_rects(10)[0].size
    asked = legible.asked_px(kit.TILE_NAME_PX, SMALL)
    _, r, number_px = kit.strip_seal(strip, asked)  # the seal grows too: its number reads at >= 14 px there
    assert r > strip[1] * 0.36 and number_px * 1024 / 1920 >= 13.5
    assert ("2", number_px) in words_drawn(monkeypatch, lambda: kit._prophecy_strip(SCROLL, strip, "revealed", asked))
    assert ("2", round(strip[1] * 0.36 * 1.3)) in words_drawn(monkeypatch, lambda: kit._prophecy_strip(SCROLL, strip, "revealed", None))
