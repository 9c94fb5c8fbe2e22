"""A face-down scenery card's arrow numbers ("24" by the north arrow: where that way leads) were printed
into the card's picture and shrank with the map's zoom: 11 px at the zoom the map fits itself to at
1920x1080, 6 px zoomed right out. The map now draws the card without them and sets them over it, at
least ARROW_LABEL_SCREEN_PX real pixels high (as printed where that is larger), clear of their arrows
and of the card's own number, each size cached; the caption names where a face-down card's arrows
lead, and the Explore badge never covers one."""

from __future__ import annotations

import itertools

import pygame
import pytest

import game.ui.labyrinth_map as lmap
from game.core import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.labyrinth_layout import MAP_RECT
from game.ui.look.cards_labyrinth import (arrow_label, arrow_label_px, arrows_of, scenery_back,
                                         scenery_back_number_band)
from game.ui.sprites import TRANSFORMS
from game.ui.tables import table_scene_for
from game.ui.title import TitleScene
from game.ui.tween import MOTION
from ui_helpers import canvas_to_window, frames, key, make_app

WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}


@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def tutorial_table(size: tuple[int, int]):
    """The tutorial's first position (cards 2 and 3 lie face down beside the start), its intro read."""
    app = make_app(size)
    app.settings.reduced_motion = True
    app.apply_motion()
    app.push(TitleScene(app))
    cfg = GameConfig.make("labyrinth", [SeatConfig("human", "Ann", "expert")], scenario="tutorial", mode="together")
    table = table_scene_for("labyrinth")(app, LocalSession(cfg, 7, bot_delay=0))
    app.push(table)
    frames(app, 20)
    while app.scenes.top is not table:
        key(app, pygame.K_RETURN, settle=10)
    frames(app, 40)
    return app, table


def wheel_out(app, table, notches: int = 30) -> None:
    """The mouse wheel turned towards the player over the map's middle, `notches` times."""
    at = tuple(int(v) for v in canvas_to_window(app, MAP_RECT.center))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(notches):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
        frames(app, 3)
    frames(app, 20)


def labels_drawn(monkeypatch, table) -> list[tuple[str, int]]:
    """The arrow numbers one frame of the map sets (text, px)."""
    drawn: list[tuple[str, int]] = []
    real = lmap.arrow_label

    def spy(text: str, px: int) -> pygame.Surface:
        drawn.append((text, px))
        return real(text, px)

    monkeypatch.setattr(lmap, "arrow_label", spy)
    table.draw_map(pygame.Surface((1920, 1080)), 1.0)
    monkeypatch.setattr(lmap, "arrow_label", real)
    return drawn


def face_down(table) -> list:
    return [tile for tile in table.tiles.values() if not tile.face_up]


def assert_labels_clear(tile, at: pygame.Rect) -> None:
    """Inside the card, apart, and clear of the card's own number (its figures' band, middle third)."""
    rects = tile.label_rects
    assert rects and all(at.inflate(2, 2).contains(r) for r in rects)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))
    top, bottom = (at.y + y * at.width / lmap.BASE_TILE_W for y in scenery_back_number_band(lmap.BASE_TILE_W))
    figures = pygame.Rect(at.x + at.width * 0.35, round(top), round(at.width * 0.3), round(bottom - top))
    for rect in rects:
        digits = rect.inflate(-rect.width * 0.1, -rect.height * 0.28)  # the glyphs, not the font's line room
        assert not digits.colliderect(figures), (rect, figures)


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768)])
def test_the_arrow_numbers_read_at_16_real_px_at_the_fit_and_zoomed_out(size, monkeypatch):
    app, table = tutorial_table(size)
    try:
        scale = app.letterbox.scale
        tiles = face_down(table)
        assert len(tiles) == 2
        expected = sorted(str(n) for tile in tiles for n in arrows_of(tile.entry).values())
        for zoomed in (False, True):
            if zoomed:
                wheel_out(app, table)
                assert table.camera.now()[0] == pytest.approx(lmap.MIN_SCALE)
            drawn = labels_drawn(monkeypatch, table)
            assert sorted(text for text, _ in drawn) == expected
            card_h = tiles[0].screen_rect(table.camera).height
            for text, px in drawn:
                printed = arrow_label_px(lmap.BASE_TILE_W) * table.camera.now()[0]
                if size == (1920, 1080) or not zoomed:
                    assert px * scale >= lmap.ARROW_LABEL_SCREEN_PX - 0.5 and px >= round(printed), (text, px)
                    assert px * scale >= 2 * printed * scale or not zoomed  # zoomed out: far above the printed 6 px
                else:  # 1024x768 zoomed right out: a card 36 real px high; the numbers keep off its own
                    most = card_h * lmap.ARROW_LABEL_MOST  # (of the card as the transform cache's step draws it)
                    assert most - 2 <= px <= most + 1 and px * scale < lmap.ARROW_LABEL_SCREEN_PX and px > printed
            for tile in tiles:
                assert_labels_clear(tile, tile.screen_rect(table.camera))
    finally:
        app.shutdown()


def test_the_map_scales_a_bare_card_and_sets_the_numbers_as_printed_close_up(monkeypatch):
    app, table = tutorial_table((1920, 1080))
    try:
        tile = face_down(table)[0]
        assert tile.image() is scenery_back(tile.entry, lmap.BASE_TILE_W, arrow_labels=False)
        assert tile.image() is not scenery_back(tile.entry, lmap.BASE_TILE_W)
        at = pygame.Rect(100, 100, lmap.BASE_TILE_W, lmap.BASE_TILE_H)  # full size: the numbers as printed
        tile.draw_arrow_labels(pygame.Surface((1920, 1080)), at, 1.0, 255)
        assert len(tile.label_rects) == len(arrows_of(tile.entry))
        assert all(r.height == arrow_label(n, arrow_label_px(lmap.BASE_TILE_W)).get_height()
                   for r, n in zip(tile.label_rects, (str(v) for v in arrows_of(tile.entry).values())))
    finally:
        app.shutdown()


def test_each_size_is_built_once_and_a_steady_frame_builds_nothing(monkeypatch):
    app, table = tutorial_table((1920, 1080))
    try:
        wheel_out(app, table, 8)
        frames(app, 3)
        built, scaled = arrow_label.cache_info().misses, TRANSFORMS.misses
        frames(app, 30)
        assert arrow_label.cache_info().misses == built and TRANSFORMS.misses == scaled
        assert arrow_label.cache_info().hits > 0
    finally:
        app.shutdown()


def test_the_caption_says_where_a_face_down_cards_arrows_lead(data_dir):
    app, table = tutorial_table((1920, 1080))
    try:
        for tile in face_down(table):
            title, text, _ = table.info_lines_for(("tile", str(tile.number)))
            assert title == f"#{tile.number} · unexplored"
            arrows = arrows_of(tile.entry)
            assert text.startswith("Arrow")
            for direction, number in arrows.items():
                assert f"{number} ({WORDS[direction]})" in text
            assert "discovers it" in text
    finally:
        app.shutdown()


def test_the_explore_badge_stays_at_the_fit_and_gives_way_to_a_number_zoomed_out(data_dir):
    app, table = tutorial_table((1920, 1080))
    try:
        reach = [tile for tile in face_down(table) if tile.number in table.move_targets()]
        assert reach
        surface = pygame.Surface((1920, 1080))
        table.draw_map(surface, 1.0)
        for tile in reach:  # at the fit the badge and the south number both show
            rect = tile.screen_rect(table.camera)
            assert table.draw_step_badge(surface, rect, False, tile.label_rects) is not None
        covering = [pygame.Rect(0, 0, 10, 10)]
        rect = reach[0].screen_rect(table.camera)
        covering[0].bottomleft = (rect.x + 12, rect.bottom - 10)
        assert table.draw_step_badge(surface, rect, False, covering) is None
    finally:
        app.shutdown()
