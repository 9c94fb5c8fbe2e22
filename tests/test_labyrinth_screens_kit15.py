"""The Labyrinth table looked at at 1024x768, 1280x800, 1920x1080 and 2560x1080 (session 15): what was cut,
overlapping or unreadable there."""

from __future__ import annotations

import pygame
import pytest

from game.ui.labyrinth_layout import MAP_RECT
from game.ui.tween import MOTION
from test_labyrinth_small_windows14 import open_table


@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


@pytest.mark.parametrize("device", ["keyboard", "mouse"])
def test_a_card_half_under_the_top_bar_is_ringed_inside_the_map_only(device, monkeypatch):
    """A face-down card the camera showed half under the top bar (the Tower, #11, at 1024x768) had its
    focus ring drawn across the adventure's title; the ring (and a pointer's edge) now keeps to the map."""
    app, table = open_table((1024, 768), moves=4)
    try:
        number = next(iter(table.tiles))
        straddling = pygame.Rect(300, MAP_RECT.y - 60, 300, 214)  # its top 60 px above the map
        monkeypatch.setattr(table, "target_rect", lambda target: straddling if target == ("tile", number) else None)
        table.app.input.last_device = device
        table.focus = table.hover = ("tile", number)
        table.drag = None
        surface = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        surface.fill((0, 0, 0, 0))
        surface.set_clip(pygame.Rect(0, 0, 1920, 1080))
        table.draw_focus_ring(surface)
        above = [surface.get_at((x, y)).a for y in range(straddling.y - 12, MAP_RECT.y) for x in range(288, 612, 3)]
        inside = [surface.get_at((x, y)).a for y in range(MAP_RECT.y, straddling.bottom + 12) for x in range(288, 612, 3)]
        assert max(above) == 0  # nothing over the top bar
        assert max(inside) > 0  # the ring shows where the card lies on the map
        assert surface.get_clip() == pygame.Rect(0, 0, 1920, 1080)  # the frame's clip is given back
    finally:
        app.shutdown()


def test_a_tried_badge_at_the_maps_side_slides_in_to_show_whole(monkeypatch):
    """A tried card standing at the map's right edge showed "triec" (its badge cut by the map's edge,
    the Tower at 1024x768); the badge now slides inside the map, under its card still."""
    app, table = open_table((1024, 768), moves=4)
    try:
        card, inter = next(iter(table.inters.items()))
        inter.entry["tried"] = [["it-x"]]
        piled = {c for cards in table.stacks().values() for c in cards}
        assert card not in piled
        at_edge = pygame.Rect(MAP_RECT.right - 60, MAP_RECT.y + 200, 80, 112)  # a card half over the right edge
        monkeypatch.setattr(type(inter), "draw", lambda self, *args, **kwargs: at_edge if self is inter else
                            pygame.Rect(-500, -500, 10, 10))
        table.draw_map(pygame.Surface((1920, 1080)), 1.0)
        badge = table.badge_rects[0]
        assert MAP_RECT.contains(badge)
        assert badge.right == MAP_RECT.right and badge.y == at_edge.bottom - 4  # still under its card
        # a card mostly past the edge (its middle outside the map, "tried" cut at the Lit Forge) too
        at_edge.x = MAP_RECT.right - 30
        table.draw_map(pygame.Surface((1920, 1080)), 1.0)
        assert MAP_RECT.contains(table.badge_rects[0]) and table.badge_rects[0].right == MAP_RECT.right
    finally:
        app.shutdown()


def test_after_the_map_refits_the_focused_card_is_brought_back_into_view():
    """After a move the camera refits round the hero; with keys, a focused card it left half under the
    top bar stayed so move after move (the Tower at 1024x768: #10's ring over the title). Once the
    camera rests, it pans just enough to show the focused card whole."""
    from ui_helpers import frames

    app, table = open_table((1024, 768), moves=8)
    try:
        table.app.input.last_device = "keyboard"
        number, tile = next((n, t) for n, t in table.tiles.items() if n != table.hero_number)
        table.focus = ("tile", number)
        frames(app, 40)  # the focus is followed, the camera rests
        assert table.followed == table.focus
        table.refit()
        frames(app, 60)  # the fit's glide ends
        scale, (cx, _) = table.camera.now()
        top = tile.centre[1] - tile.screen_rect(table.camera).height / scale / 2
        table.camera.centre.set((cx, top - (MAP_RECT.y - 60 - MAP_RECT.centery) / scale))  # its top 60 px over the bar
        table.reveal_after_fit = True  # as the refit left it
        assert tile.screen_rect(table.camera).y < MAP_RECT.y - 50
        frames(app, 40)
        assert MAP_RECT.y <= tile.screen_rect(table.camera).y
        assert not table.reveal_after_fit  # once: the player's own panning afterwards is left alone
    finally:
        app.shutdown()


def test_a_focused_card_is_brought_out_from_under_the_grown_caption():
    """At 1024x768 the caption grows up over the map's foot; a focused card lying under it counted as
    on screen, so the camera left it half covered (the tutorial's card #1, `main.py screenshot`). The
    camera now pans it into the part of the map nothing covers."""
    from ui_helpers import frames

    app, table = open_table((1024, 768), moves=8)
    try:
        table.app.input.last_device = "keyboard"
        clear = table.map_clear_rect()
        assert clear.bottom < MAP_RECT.bottom  # the caption grew over the map
        number, tile = next((n, t) for n, t in table.tiles.items() if n != table.hero_number)
        frames(app, 60)
        scale, (cx, cy) = table.camera.now()
        rect = tile.screen_rect(table.camera)
        under = clear.bottom + (MAP_RECT.bottom - clear.bottom) // 2  # its foot under the caption
        table.camera.centre.set((cx, cy + (rect.bottom - under) / scale))
        assert clear.bottom < tile.screen_rect(table.camera).bottom <= MAP_RECT.bottom
        table.reveal_on_map(("tile", number))
        frames(app, 30)
        shown = tile.screen_rect(table.camera)
        assert clear.top <= shown.top and shown.bottom <= clear.bottom
    finally:
        app.shutdown()
