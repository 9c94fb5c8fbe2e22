"""Time After Time, TT-6: "a player who has only one (or two) Ghost(s) left in their hand must
announce this and draw immediately". The table's herald says what was announced (session 18: it
said "has no Time card left", and the view kept those Ghosts unknown though everyone could count
them)."""

from __future__ import annotations

import pytest

from game.core.types import Event, GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.table_time_after_time import TimeAfterTimeTable
from ui_helpers import recording_app


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        yield application


def table(app) -> TimeAfterTimeTable:
    config = GameConfig.make("time-after-time", [SeatConfig("human", "Ann"), SeatConfig("bot", "Ben", "expert"),
                                                 SeatConfig("bot", "Cat", "expert")])
    scene = TimeAfterTimeTable(app, LocalSession(config, 3, bot_delay=0.0))
    app.clear_to(scene)
    app.run_frames(2)
    return scene


@pytest.mark.parametrize("ghosts, words", [(1, "Cat has only a Ghost left and draws from the pile."),
                                           (2, "Cat has only 2 Ghosts left and draws from the pile."),
                                           (0, "Cat has no Time card left and draws from the pile.")])
def test_the_herald_says_what_a_hand_of_only_ghosts_announced(app, ghosts, words):
    scene = table(app)
    update = scene.session.latest(0)
    extra = {"ghosts": ghosts} if ghosts else {}
    scene.animate_event(Event.make("refill", None, seat=2, reason="no_time_card", draw_count=4, name="Cat",
                                   **extra), update)
    assert words in scene.heralds[-1].lines


def test_the_log_says_it_too(app):
    scene = table(app)
    event = Event.make("refill", None, seat=2, reason="no_time_card", draw_count=4, ghosts=1)
    assert scene.describe(event) == "Cat had only a Ghost left and drew a card from the pile"
