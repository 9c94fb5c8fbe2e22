"""Time After Time at four seats: the "Pick a card from Dan's hand." plate over the pick fan lay over
the bottom of the top player's face-down hand (its "TIME AFTER TIME" label, session 18); the top
panel's slots are smaller now, so its hand ends above the plate."""

from __future__ import annotations

import pygame
import pytest

from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.look import palette as P
from game.ui.table_time_after_time import BASE_W, TimeAfterTimeTable
from ui_helpers import recording_app


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        yield application


def test_the_pick_prompt_leaves_the_top_players_hand_clear(app):
    names = ["Ann", "Ben", "Cat", "Dan"]
    config = GameConfig.make("time-after-time", [SeatConfig("human" if i == 0 else "bot", n, "expert")
                                                 for i, n in enumerate(names)])
    scene = TimeAfterTimeTable(app, LocalSession(config, 3, bot_delay=0.0))
    app.clear_to(scene)
    app.run_frames(2)
    top = next(seat for seat, geo in scene.geometry.items() if geo.place == "top")
    plate = scene.draw_fan_line(pygame.Surface((1920, 1080)), "Pick a card from Dan's hand.", P.BRASS_LIGHT)
    for (x, y), angle, scale in scene.hand_targets(top, 7):
        width = BASE_W * scale
        card = pygame.Rect(0, 0, round(width), round(width * 1.4))
        card.center = (round(x), round(y))
        assert card.bottom <= plate.top, (card, plate)
    assert scene.geometry[top].panel.bottom <= plate.top + 8  # the plate may touch the panel's edge, no more
