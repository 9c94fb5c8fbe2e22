"""The Labyrinth map camera keeps the map in sight (pans and zooms are clamped to the bounds of the
last fit, smoothly, with the mouse on a real table too), and a story sheet's hints stay clear of the
table's Discards button at 1920x1080 and 1280x720."""

from __future__ import annotations

import pygame
import pytest

from game.core import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.chrome import CANVAS_H, CANVAS_W
from game.ui.labyrinth_layout import MAP_RECT
from game.ui.labyrinth_map import MIN_SCALE, READABLE_SCALE, Camera
from game.ui.labyrinth_overlays import StorySheet, rank_table
from game.ui.tables import table_scene_for
from game.ui.title import TitleScene
from game.ui.tween import MOTION
from ui_helpers import canvas_to_window, frames, key, make_app

SMALL = (-200.0, -300.0, 300.0, 300.0)  # one tile: smaller than the view at the largest scale
LARGE = (-3000.0, -2500.0, 4000.0, 3000.0)  # a sprawling map: bigger than the view even at the smallest


@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def map_on_screen(camera: Camera, bounds) -> pygame.Rect:
    left, top = camera.to_screen((bounds[0], bounds[1]))
    right, bottom = camera.to_screen((bounds[2], bounds[3]))
    return pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))


def assert_in_sight(camera: Camera, bounds, view: pygame.Rect = MAP_RECT) -> None:
    """The map and the view overlap by at least a third of the smaller of the two on each axis."""
    shown = map_on_screen(camera, bounds)
    overlap = shown.clip(view)
    assert overlap.width >= min(shown.width, view.width) / 3, (shown, view)
    assert overlap.height >= min(shown.height, view.height) / 3, (shown, view)


def settle(camera: Camera, seconds: float = 0.6) -> None:
    for _ in range(round(seconds * 60)):
        camera.update(1 / 60)


DIRECTIONS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]


@pytest.mark.parametrize("bounds", [SMALL, LARGE], ids=["small map", "large map"])
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_panning_far_in_any_direction_keeps_the_map_in_sight(bounds, direction):
    camera = Camera(MAP_RECT)
    camera.fit(bounds, 0.0)
    for _ in range(400):  # 400 drags of 40 px: many screens' worth
        camera.pan(direction[0] * 40, direction[1] * 40)
        assert_in_sight(camera, bounds)
    settle(camera)
    assert_in_sight(camera, bounds)
    assert camera.manual


@pytest.mark.parametrize("bounds", [SMALL, LARGE], ids=["small map", "large map"])
@pytest.mark.parametrize("corner", ["topleft", "topright", "bottomleft", "bottomright"])
def test_zooming_out_and_in_at_a_corner_keeps_the_map_in_sight(bounds, corner):
    camera = Camera(MAP_RECT)
    camera.fit(bounds, 0.0)
    at = getattr(MAP_RECT.inflate(-4, -4), corner)
    for factor in [1 / 1.12] * 30 + [1.12] * 40 + [1 / 1.12] * 10:
        camera.zoom_at(at, factor)
        settle(camera, 0.25)
        assert_in_sight(camera, bounds)
    for direction in DIRECTIONS:  # and panned away after the zooms
        for _ in range(100):
            camera.pan(direction[0] * 50, direction[1] * 50)
        assert_in_sight(camera, bounds)


def test_the_clamp_is_smooth_a_drag_past_the_edge_holds_and_a_drag_back_moves_at_once():
    camera = Camera(MAP_RECT)
    camera.fit(LARGE, 0.0)
    xs = []
    for _ in range(300):
        camera.pan(-30, 0)  # the map moves left: the view heads for its right edge
        xs.append(camera.now()[1][0])
    assert all(b >= a for a, b in zip(xs, xs[1:])), "no step back while dragging on"
    held = xs[-1]
    assert xs[-50:] == [held] * 50, "past the edge the map holds still (no jitter)"
    camera.pan(30, 0)
    assert camera.now()[1][0] < held  # dragging back answers straight away (no dead zone)
    settle(camera)
    assert camera.now()[1][0] < held  # and nothing springs afterwards


def test_a_map_that_grows_under_a_manual_view_can_be_panned_to_its_new_part():
    camera = Camera(MAP_RECT)
    camera.fit(SMALL, 0.0)
    camera.pan(-10, 0)
    grown = (SMALL[0], SMALL[1], SMALL[2] + 3000, SMALL[3])
    camera.keep_bounds(grown)
    for _ in range(200):
        camera.pan(-40, 0)
    far_right = camera.to_map(MAP_RECT.center)[0]
    assert far_right > SMALL[2] + 1500  # the new cards are reachable
    assert_in_sight(camera, grown)


def test_a_view_left_outside_shrunken_bounds_glides_back():
    camera = Camera(MAP_RECT)
    camera.fit(LARGE, 0.0)
    for _ in range(200):
        camera.pan(-40, -40)
    camera.keep_bounds(SMALL)  # the far cards went away
    settle(camera)
    assert_in_sight(camera, SMALL)


def test_a_map_too_big_to_read_whole_is_followed_at_a_readable_scale_and_zooms_out_by_hand():
    """The full-size adventure's 7 x 8 maze would fit only with cards ~95 px wide (titles ~8 px): the
    camera by itself stops at READABLE_SCALE around the hero; the wheel or a pinch still shows it whole."""
    camera = Camera(MAP_RECT)
    hero = (2500.0, -2000.0)
    camera.fit(LARGE, 0.0, keep=hero)
    scale, centre = camera.now()
    assert scale == READABLE_SCALE
    hero_on_screen = camera.to_screen(hero)
    assert MAP_RECT.collidepoint(hero_on_screen)
    camera.fit(SMALL, 0.0, keep=hero)
    assert camera.now()[0] > READABLE_SCALE  # a small map is still shown whole, larger
    camera.fit(LARGE, 0.0, keep=hero)
    for _ in range(40):
        camera.zoom_at(MAP_RECT.center, 1 / 1.12, seconds=0)
    assert camera.now()[0] == MIN_SCALE < READABLE_SCALE


# --- on a real table -----------------------------------------------------------------------------
def config() -> GameConfig:
    return GameConfig.make("labyrinth", [SeatConfig("human", "P1", "expert")], scenario="tutorial", mode="together")


def open_table(size=(1920, 1080)):
    app = make_app(size)
    app.push(TitleScene(app))
    session = LocalSession(config(), 7, bot_delay=0)
    table = table_scene_for("labyrinth")(app, session)
    app.push(table)
    return app, table, session


def run_until(app, condition, limit: int = 900) -> None:
    for _ in range(limit):
        if condition():
            return
        app.step(1 / 60)
    raise AssertionError("condition not reached")


def intro(app, table) -> StorySheet:
    frames(app, 3)
    run_until(app, lambda: isinstance(app.scenes.top, StorySheet))
    return app.scenes.top


def ready(app, table) -> None:
    intro(app, table)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: table.can_act and app.scenes.top is table)
    frames(app, 30)


def mouse_drag(app, start, end, steps: int = 8) -> None:
    ws = tuple(int(v) for v in canvas_to_window(app, start))
    we = tuple(int(v) for v in canvas_to_window(app, end))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=ws, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ws, button=1))
    frames(app, 1)
    for i in range(1, steps + 1):
        pos = (ws[0] + (we[0] - ws[0]) * i // steps, ws[1] + (we[1] - ws[1]) * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=we, button=1))
    frames(app, 2)


def bare_point(table) -> tuple[int, int]:
    """A point on the map with nothing under it (a drag there pans)."""
    hero = table.hero_rect()
    for x in range(MAP_RECT.x + 30, MAP_RECT.right - 30, 40):
        for y in range(MAP_RECT.y + 30, MAP_RECT.bottom - 30, 40):
            if table.hit((x, y)) is None and (hero is None or not hero.inflate(40, 40).collidepoint(x, y)):
                return (x, y)
    raise AssertionError("no bare spot on the map")


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_dragging_the_map_with_the_mouse_far_in_every_direction_leaves_it_in_sight(size):
    app, table, session = open_table(size)
    ready(app, table)
    bounds = table.map_bounds()
    for dx, dy in DIRECTIONS:
        for _ in range(3):  # three long drags in the same direction: 2,700 px, the map's width many times
            start = bare_point(table)
            end = (start[0] + dx * 900, start[1] + dy * 500)
            mouse_drag(app, start, end)
            assert table.camera.manual
            assert_in_sight(table.camera, bounds)
        frames(app, 20)
        assert_in_sight(table.camera, bounds)
        assert len(session.actions) == 0  # a pan plays nothing
    # the wheel at a corner, out then in, then back to the fit
    corner = tuple(int(v) for v in canvas_to_window(app, (MAP_RECT.right - 8, MAP_RECT.bottom - 8)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=corner, rel=(0, 0), buttons=(0, 0, 0)))
    for y in [-1] * 15 + [1] * 25:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                             precise_y=float(y)))
        frames(app, 4)
        assert_in_sight(table.camera, bounds)


# --- the story sheet's hints ---------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("device", ["keyboard", "gamepad", "mouse", "touch"])
def test_a_story_sheets_hints_keep_clear_of_the_discards_button(size, device):
    app, table, session = open_table(size)
    sheet = intro(app, table)
    app.input.last_device = device
    frames(app, 2)
    discard = table.button_rects()["discard"]
    tall = StorySheet(app, [("title", "The Lamp Relit"), ("text", "The vault breathes out at last. " * 120)],
                      "See the results", lambda: None, extra=rank_table(6, "Explorer", [("Favours", "6")]),
                      extra_height=230)
    for each in (sheet, tall):
        hint = each.hint_rect()
        assert not hint.colliderect(discard), (hint, discard)
        assert not hint.colliderect(each.button.inflate(12, 12))  # nor the sheet's own button and its outline
        assert pygame.Rect(0, 0, CANVAS_W, CANVAS_H).contains(hint)
    # and that is where it is drawn: on a black canvas the hint's rect lights up, the button's does not
    canvas = pygame.Surface((CANVAS_W, CANVAS_H))
    sheet.draw(canvas, 1.0)
    assert max(pygame.transform.average_color(canvas, sheet.hint_rect())[:3]) > 10
    assert max(pygame.transform.average_color(canvas, discard)[:3]) < 6
