"""Sounds that say what happened: a bot's win chimes (the fanfare is for a win at this screen), a card
leaving Time After Time slides out (no lost-game stinger), and Lost in Time's skipped action and
'cannot travel' knock on the table instead of passing in silence."""

from __future__ import annotations

from game.core.types import Event, GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.tables import table_scene_for
from ui_helpers import recording_app


def open_table(app, game: str, seats: int):
    config = GameConfig.make(game, [SeatConfig("human", "You")] +
                             [SeatConfig("bot", f"Bot {i}", "easy") for i in range(1, seats)])
    table = table_scene_for(game)(app, LocalSession(config, 3, bot_delay=0.0))
    app.push(table)
    app.run_frames(5)
    return table


def test_time_after_time_fanfare_only_for_a_win_at_this_screen():
    with recording_app() as app:
        table = open_table(app, "time-after-time", 3)
        row = [f"tt-{h:02d}-a" for h in range(8, 15)]
        app.played.clear()
        table._on_win(Event.make("win", None, seat=1, row=row))
        assert "chime" in app.played and "win" not in app.played
        app.played.clear()
        table._on_win(Event.make("win", None, seat=0, row=row))
        assert "win" in app.played


def test_lost_in_time_a_skipped_action_and_cannot_travel_are_heard():
    with recording_app() as app:
        table = open_table(app, "lost-in-time", 3)
        app.played.clear()
        table._on_pass(Event.make("pass", None, seat=1))
        table._on_cannot_travel(Event.make("cannot_travel", None, seat=2, direction="past"))
        assert app.played.count("knock") == 2
