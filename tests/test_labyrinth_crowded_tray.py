"""The Labyrinth's tray with more items or prophecies than whole cards fit side by side (The Bell
Beneath Saltmere holds up to eight items and five prophecies at once): items become tiles in rows
and prophecies strips in a column, none over another, each showing its letter or number and name in
print of at least 20 px; they turn back into cards and scrolls when the tray empties."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.core import Action, GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.labyrinth_layout import (ITEM_AREA, PROPHECY_AREA, TRAY_FULL_CARDS, item_tray_rects,
                                      prophecy_tray_rects)
from game.ui.labyrinth_overlays import StorySheet
from game.ui.look import cards_labyrinth
from game.ui.look.fonts import font
from game.ui.tables import table_scene_for
from test_labyrinth_adventure_saltmere import CAREFUL
from ui_helpers import frames, key, make_app


def no_two_overlap(rects: list[pygame.Rect]) -> bool:
    return not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))


@pytest.mark.parametrize("count", range(1, 19))
def test_item_tiles_fill_rows_inside_the_tray_without_overlap(count):
    rects = item_tray_rects(count)
    if count <= TRAY_FULL_CARDS:
        assert rects is None  # whole cards, side by side
        return
    assert rects is not None and len(rects) == count
    assert all(ITEM_AREA.contains(r) for r in rects) and no_two_overlap(rects)
    assert len({r.size for r in rects}) == 1
    width, height = rects[0].size
    assert width >= 120 and height >= 56
    if count <= 10:
        assert height >= 80  # two rows: room for the name on two lines


@pytest.mark.parametrize("count", range(1, 11))
def test_prophecy_strips_stack_inside_the_tray_without_overlap(count):
    rects = prophecy_tray_rects(count)
    if count <= 2:
        assert rects is None
        return
    assert rects is not None and len(rects) == count
    assert all(PROPHECY_AREA.contains(r) for r in rects) and no_two_overlap(rects)
    assert min(r.height for r in rects) >= 30 and min(r.width for r in rects) >= 160


def test_a_tile_names_its_item_whole_in_small_print_or_cuts_it_with_an_ellipsis():
    assert cards_labyrinth.TILE_NAME_PX >= 20  # ART.md: small print
    width = item_tray_rects(10)[0].width - 2 * 8
    lines = cards_labyrinth.wrap("Flask of whale oil", "story", cards_labyrinth.TILE_NAME_PX, width)
    assert len(lines) <= 2
    cut = cards_labyrinth._clipped("A very long name for a small brass thing", "story", 20, 120)
    assert cut.endswith("…") and font("story", 20).size(cut)[0] <= 120
    assert cards_labyrinth._clipped("Rope", "story", 20, 120) == "Rope"


def test_a_low_tile_of_a_very_crowded_tray_puts_a_long_name_on_two_lines_rather_than_cutting_it():
    """With more than ten items the tiles are one row of print high beside the letter; a name longer
    than the room (the full-size maze's "Midnight stone", "Mason's chisel") takes two lines."""
    rect = item_tray_rects(16)[0]
    room = rect.width - 2 * 8 - 40  # the letter's width and the gaps, generously
    lines = cards_labyrinth.tile_name_lines("Midnight stone", room, 2)
    assert len(lines) == 2 and not any(line.endswith("…") for line in lines)
    assert cards_labyrinth.tile_name_lines("Rope", room, 2) == ["Rope"]
    assert cards_labyrinth.tile_name_lines("Midnight stone", room, 1)[0].endswith("…")
    tile = cards_labyrinth.item_tile({"id": "it-W", "letter": "W", "name": "Midnight stone"}, rect.size)
    assert tile.get_size() == rect.size


def saltmere_table(steps: int):
    """The Saltmere table after the careful path's first `steps` steps, its story pages closed."""
    app = make_app()
    config = GameConfig.make("labyrinth", [SeatConfig("human", "You", "expert")], scenario="saltmere", mode="together")
    actions = [Action.make(0, "move", to=s[1]) if s[0] == "move" else
               Action.make(0, "interact", card=s[1], items=sorted(s[2:])) for s in CAREFUL[:steps]]
    session = LocalSession(config, 7, bot_delay=0, actions=actions)
    table = table_scene_for("labyrinth")(app, session)
    app.push(table)
    settle(app)
    return app, session, table


def settle(app) -> None:
    for _ in range(200):
        app.step(1 / 30)
        if isinstance(app.scenes.top, StorySheet):
            key(app, pygame.K_RETURN)
    frames(app, 30)


def drawn_rects(sprites) -> list[pygame.Rect]:
    return [sprite.draw_rect() for sprite in sprites]


def test_a_crowded_tray_shows_tiles_and_strips_side_by_side_and_each_is_still_played():
    app, session, table = saltmere_table(CAREFUL.index(("move", 12)))
    items = [table.item_sprites[c] for c in table.item_order]
    assert len(items) > TRAY_FULL_CARDS
    assert {table.item_faces[c][0] for c in table.item_order} == {"tile"}
    assert all(sprite.face_up and sprite.image().get_size() == item_tray_rects(len(items))[0].size for sprite in items)
    rects = drawn_rects(items)
    assert no_two_overlap(rects) and all(ITEM_AREA.contains(r) for r in rects)
    scrolls = [table.prophecy_sprites[c] for c in table.prophecy_order]
    assert len(scrolls) == 5 and {table.prophecy_faces[c][0] for c in table.prophecy_order} == {"strip"}
    strips = drawn_rects(scrolls)
    assert no_two_overlap(strips) and all(PROPHECY_AREA.contains(r) for r in strips)
    # a tile is picked by a click like a card: the info line names it
    pos = items[-1].draw_rect().center
    table.hover = table.hit(pos)
    assert table.hover == ("item", table.item_order[-1])
    app.shutdown()


def test_the_tray_turns_its_cards_into_tiles_as_it_fills_and_back_as_it_empties():
    steps = next(i for i in range(len(CAREFUL)) if len(saltmere_items(i)) > TRAY_FULL_CARDS)
    app, session, table = saltmere_table(steps - 1)  # (make_app: full motion)
    assert len(table.item_order) <= TRAY_FULL_CARDS
    assert {table.item_faces[c] for c in table.item_order} == {("card",)}
    step = CAREFUL[steps - 1]
    session.submit(Action.make(0, "move", to=step[1]) if step[0] == "move" else
                   Action.make(0, "interact", card=step[1], items=sorted(step[2:])))
    settle(app)
    assert len(table.item_order) > TRAY_FULL_CARDS
    assert {table.item_faces[c][0] for c in table.item_order} == {"tile"}
    assert no_two_overlap(drawn_rects(table.item_sprites[c] for c in table.item_order))
    table.reconcile_items([table.item_entries[c] for c in table.item_order[:3]], immediate=False)
    frames(app, 40)
    assert [table.item_faces[c] for c in table.item_order] == [("card",)] * 3
    assert all(table.item_sprites[c].image().get_width() == 150 for c in table.item_order)
    app.shutdown()


def saltmere_items(steps: int) -> list[str]:
    from test_labyrinth_adventure_saltmere import play

    return list(play(CAREFUL[:steps])["held"])
