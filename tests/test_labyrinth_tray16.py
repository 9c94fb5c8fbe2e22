"""A crowded Labyrinth tray on a 1024x768 window (the canvas at 0.53): with nine and more items and
ten prophecies (the Thornwood Maze), the items' names, the strips' titles and the seals' numbers read
as 11-13 px there while the rest of the table read at 14 px or more. On a small window a crowded tray
now lays its items out as low tiles a name fits on in legible print (three columns, then four), sets
every name and title in that print (cut with an ellipsis, never shrunk, where one is too long: the
caption names it whole on focus), and grows the strips' seals so their numbers read too. From
1366x768 up the tray is as designed."""

from __future__ import annotations

import itertools

import pygame
import pytest

import game.ui.look.cards_labyrinth as kit
from game.rules.labyrinth.scenario import load_scenario
from game.session import LocalSession
from game.ui.labyrinth_layout import (ITEM_AREA, PROPHECY_AREA, item_look, item_tray_rects,
                                      legible_item_tray_rects, prophecy_tray_rects)
from game.ui.labyrinth_legible import asked_px
from game.ui.look.fonts import LEGIBLE_SCALE, font
from game.ui.tables import table_scene_for
from game.ui.title import TitleScene
from game.ui.tween import MOTION
from test_labyrinth_small_windows14 import played, resize
from ui_helpers import frames, key, make_app

SMALL_FACTOR = 0.7 / (1024 / 1920)  # legible_factor at 1024x768
SCREEN_PX = LEGIBLE_SCALE * kit.TILE_NAME_PX - 0.5  # 14 px on the screen, as the other small-window tests measure
MAZE = load_scenario("yewmaze")


@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def maze_table(size: tuple[int, int], moves: int):
    """The Thornwood Maze `moves` careful moves in, on a window of `size`, its story sheets closed."""
    app = make_app(size)
    app.settings.reduced_motion = True
    app.apply_motion()
    app.push(TitleScene(app))
    cfg, actions = played(moves, "yewmaze")
    table = table_scene_for("labyrinth")(app, LocalSession(cfg, 7, bot_delay=0, actions=actions))
    app.push(table)
    frames(app, 20)
    while app.scenes.top is not table:
        key(app, pygame.K_RETURN, settle=10)
    frames(app, 40)
    return app, table


def tray_words_drawn(monkeypatch, table) -> list[tuple[str, int]]:
    """Every word the look kit draws into the tray's faces (text, px), the faces built afresh."""
    drawn: list[tuple[str, int]] = []
    real_text, real_outlined = kit.text_surface, kit.outlined_text

    def text_spy(text, role, px, colour):  # type: ignore[no-untyped-def]
        drawn.append((text, int(px)))
        return real_text(text, role, px, colour)

    def outlined_spy(text, role, px, *rest):  # type: ignore[no-untyped-def]
        drawn.append((text, int(px)))
        return real_outlined(text, role, px, *rest)

    kit._cache.clear()
    monkeypatch.setattr(kit, "text_surface", text_spy)
    monkeypatch.setattr(kit, "outlined_text", outlined_spy)
    table.item_faces = {card: ("stale",) for card in table.item_faces}
    table.prophecy_faces = {card: ("stale",) for card in table.prophecy_faces}
    table.layout_items(True)
    table.layout_prophecies(True)
    monkeypatch.setattr(kit, "text_surface", real_text)
    monkeypatch.setattr(kit, "outlined_text", real_outlined)
    return drawn


@pytest.mark.parametrize("moves", [14, 30])  # nine items, then fourteen; ten prophecies each time
def test_a_played_crowded_tray_reads_at_14px_on_a_1024x768_screen(moves, monkeypatch):
    app, table = maze_table((1024, 768), moves)
    try:
        scale = app.letterbox.scale
        assert len(table.item_order) >= 9 and len(table.prophecy_order) == 10
        drawn = tray_words_drawn(monkeypatch, table)
        small = [(text, px) for text, px in drawn if px * scale < SCREEN_PX]
        assert not small, small
        words = {text for text, _ in drawn}
        for card in table.item_order:  # each name whole, each letter and number
            entry = table.item_entries[card]
            assert entry["name"] in words and f"{entry['letter']}{entry.get('number') or ''}" in words
        for card in table.prophecy_order:
            entry = table.prophecy_entries[card]
            assert str(entry["number"]) in words
            if entry.get("state") != "hidden":
                assert entry["title"] in words
        # the tiles and strips lie inside their trays, none over another
        tiles = [table.item_sprites[c].draw_rect(1.0) for c in table.item_order]
        strips = [table.prophecy_sprites[c].draw_rect(1.0) for c in table.prophecy_order]
        assert all(ITEM_AREA.contains(r) for r in tiles) and all(PROPHECY_AREA.contains(r) for r in strips)
        assert not any(a.colliderect(b) for a, b in itertools.combinations(tiles, 2))
        assert not any(a.colliderect(b) for a, b in itertools.combinations(strips, 2))
    finally:
        app.shutdown()


def test_1920_keeps_the_designed_crowded_tray(data_dir):
    app, table = maze_table((1920, 1080), 30)
    try:
        count = len(table.item_order)
        assert table.type_factor == 1.0 and count > 10
        tiles = item_tray_rects(count)
        assert tiles is not None and item_tray_rects(count, 1.0) == tiles and tiles != legible_item_tray_rects(count)
        for card, rect in zip(table.item_order, tiles):
            sprite = table.item_sprites[card]
            assert sprite.face is kit.item_tile(item_look(table.item_entries[card]), rect.size)
            assert sprite.draw_rect(1.0).center == rect.center
        strip = prophecy_tray_rects(len(table.prophecy_order))[0].size
        for card in table.prophecy_order:
            entry = table.prophecy_entries[card]
            assert table.prophecy_sprites[card].face is kit.prophecy_strip(entry, strip, table.scroll_state(entry))
    finally:
        app.shutdown()


def test_a_live_resize_lays_the_crowded_tray_out_for_the_window_and_back(data_dir):
    app, table = maze_table((1920, 1080), 30)
    try:
        count = len(table.item_order)
        resize(app, (1024, 768))
        frames(app, 5)
        legible = legible_item_tray_rects(count)
        assert [table.item_sprites[c].draw_rect(1.0).center for c in table.item_order] == [r.center for r in legible]
        resize(app, (1920, 1080))
        frames(app, 5)
        designed = item_tray_rects(count)
        assert designed is not None
        assert [table.item_sprites[c].draw_rect(1.0).center for c in table.item_order] == [r.center for r in designed]
    finally:
        app.shutdown()


@pytest.mark.parametrize("count", range(6, 21))
def test_every_maze_item_reads_whole_in_legible_print_on_its_small_window_tile(count):
    """Up to twenty items (the careful path holds fifteen at most) every name of the maze fits its
    tile on one line in the print asked, beside a letter and number set larger still."""
    pygame.init()
    asked = asked_px(kit.TILE_NAME_PX, SMALL_FACTOR)
    assert asked is not None and asked * (1024 / 1920) >= SCREEN_PX
    rects = item_tray_rects(count, SMALL_FACTOR)
    assert rects is not None and len(rects) == count and all(ITEM_AREA.contains(r) for r in rects)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))
    size = rects[0].size
    for item in MAZE.items.values():
        name = MAZE.text(item.name_key)
        code = item.letter + (str(item.number) if item.number else "")
        placed = kit.item_tile_name_layout(name, code, size, asked)
        assert placed is not None, (name, size)
        area, px, lines, step = placed
        assert px == asked and " ".join(lines) == name, (name, size, lines)
        assert area.width >= max(font("story", px).size(line)[0] for line in lines)
        if size[1] < 80:  # a low tile: the letter beside the name
            assert asked <= kit.tile_code_px(size[1], asked) <= size[1] - 4


def test_a_name_too_long_for_its_tile_is_cut_in_legible_print_not_shrunk():
    pygame.init()
    asked = asked_px(kit.TILE_NAME_PX, SMALL_FACTOR)
    placed = kit.item_tile_name_layout("Bronze key of the lamp room in the north tower", "K1", (195, 45), asked)
    assert placed is not None
    area, px, lines, _ = placed
    assert px == asked and len(lines) == 1 and lines[0].endswith("…")
    assert font("story", px).size(lines[0])[0] <= area.width


@pytest.mark.parametrize("count", [3, 5, 10])
def test_a_strips_seal_number_and_title_read_at_14px_and_keep_apart(count):
    """A 34 px strip's seal held a 20 px number (10 px on the screen): asked for larger print the seal
    grows to most of the strip's height, its number is at least the print asked, and the words (cut,
    never shrunk) start right of the seal, the tick of a fulfilled one on the seal."""
    pygame.init()
    asked = asked_px(kit.TILE_NAME_PX, SMALL_FACTOR)
    assert asked is not None
    size = prophecy_tray_rects(count)[0].size
    seal_x, r, number_px = kit.strip_seal(size, asked)
    assert number_px >= asked and size[1] * 0.36 <= r and 2 * r <= size[1]
    assert seal_x - r >= max(3, round(size[1] * 0.12))  # clear of the rolled end
    for card in MAZE.prophecies.values():
        entry = {"number": card.number, "title": MAZE.text(card.title_key)}
        for state in kit.PROPHECY_STATES:
            area, px, words = kit.strip_title_layout(entry, size, state, asked)
            assert px == asked and area.x > seal_x + r
            role = "story-italic" if state == "sealed" else "story"
            assert font(role, px).size(words)[0] <= area.width
            if state != "sealed":
                assert words == entry["title"]  # the maze's titles all fit whole
    designed = kit.strip_seal(size)
    assert designed[1] == size[1] * 0.36 and designed[2] == max(8, round(size[1] * 0.36 * 1.3))


def test_the_chosen_badge_sits_astride_a_low_tiles_corner_off_its_name(monkeypatch):
    """Choosing items for a card numbers them with a brass badge; inside a 45 px tile's corner it
    covered the end of a long name ("Storm lanter(n)")."""
    from game.ui.look.fonts import text_surface

    app, table = maze_table((1024, 768), 30)
    try:
        app.input.last_device = "keyboard"
        table.focus = ("inter", sorted(table.usable_cards())[0])
        frames(app, 3)
        key(app, pygame.K_RETURN, settle=20)  # choose items for it
        key(app, pygame.K_RETURN, settle=20)  # the item in focus
        assert len(table.chosen) == 1
        card = table.chosen[0]
        rect = table.item_sprites[card].draw_rect(1.0)
        size = item_tray_rects(len(table.item_order), table.type_factor)[0].size
        assert rect.size == size and size[1] < 100
        entry = table.item_entries[card]
        code = f"{entry['letter']}{entry.get('number') or ''}"
        asked = asked_px(kit.TILE_NAME_PX, table.type_factor)
        area, px, lines, step = kit.item_tile_name_layout(entry["name"], code, size, asked)
        assert len(lines) == 1
        image = text_surface(lines[0], "story", px, (0, 0, 0))
        drawn = image.get_rect(midleft=(rect.x + area.x, rect.y + round(size[1] / 2 + 1)))
        glyphs = image.get_bounding_rect().move(drawn.topleft)
        drawn_circles: list[tuple[tuple[float, float], float]] = []
        real = pygame.draw.circle

        def spy(surface, colour, centre, radius, *rest):  # type: ignore[no-untyped-def]
            drawn_circles.append((tuple(centre), radius))
            return real(surface, colour, centre, radius, *rest)

        monkeypatch.setattr(pygame.draw, "circle", spy)
        table.draw_tray(pygame.Surface((1920, 1080)), 1.0)
        monkeypatch.setattr(pygame.draw, "circle", real)
        (cx, cy), radius = next(c for c in drawn_circles if rect.inflate(60, 60).collidepoint(c[0]))
        nearest = (min(max(cx, glyphs.left), glyphs.right), min(max(cy, glyphs.top), glyphs.bottom))
        assert (nearest[0] - cx) ** 2 + (nearest[1] - cy) ** 2 > radius ** 2, (glyphs, (cx, cy))
    finally:
        app.shutdown()
