"""Touch players zoom the Labyrinth map with two fingers (they had no way to zoom at all: the wheel
was the only zoom), and the map stays in sight while they do."""

from __future__ import annotations

import pygame

from game.ui.labyrinth_layout import MAP_RECT
from test_labyrinth_camera import assert_in_sight, motion, open_table, ready  # noqa: F401
from ui_helpers import frames


def finger(app, kind: int, finger_id: int, pos: tuple[float, float]) -> None:
    box = app.letterbox
    x = (box.offset[0] + pos[0] * box.scale) / box.window[0]
    y = (box.offset[1] + pos[1] * box.scale) / box.window[1]
    pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=finger_id, x=x, y=y, dx=0.0, dy=0.0,
                                         pressure=1.0))


def pinch(app, centre: tuple[float, float], start_gap: float, end_gap: float, steps: int = 10) -> None:
    cx, cy = centre
    finger(app, pygame.FINGERDOWN, 1, (cx - start_gap / 2, cy))
    frames(app, 1)
    finger(app, pygame.FINGERDOWN, 2, (cx + start_gap / 2, cy))
    frames(app, 1)
    for i in range(1, steps + 1):
        gap = start_gap + (end_gap - start_gap) * i / steps
        finger(app, pygame.FINGERMOTION, 1, (cx - gap / 2, cy))
        finger(app, pygame.FINGERMOTION, 2, (cx + gap / 2, cy))
        frames(app, 1)
    finger(app, pygame.FINGERUP, 1, (cx - end_gap / 2, cy))
    finger(app, pygame.FINGERUP, 2, (cx + end_gap / 2, cy))
    frames(app, 2)


def test_two_fingers_spread_zoom_the_map_in_and_pinch_it_out_again(data_dir):
    app, table, session = open_table((1280, 720))
    ready(app, table)
    bounds = table.map_bounds()
    before, _ = table.camera.now()
    centre = MAP_RECT.center
    pinch(app, centre, 120, 360)
    spread, _ = table.camera.now()
    assert spread > before * 1.4
    assert table.camera.manual and len(session.actions) == 0  # a pinch plays nothing, taps nothing
    pinch(app, centre, 400, 100)
    closed, _ = table.camera.now()
    assert closed < spread * 0.6
    for _ in range(6):  # far out and far in: the map stays in sight
        pinch(app, (MAP_RECT.right - 20, MAP_RECT.bottom - 20), 500, 60)
        assert_in_sight(table.camera, bounds)
    for _ in range(4):
        pinch(app, (MAP_RECT.x + 260, MAP_RECT.y + 40), 60, 500)
        assert_in_sight(table.camera, bounds)
    assert len(session.actions) == 0
    app.shutdown()
