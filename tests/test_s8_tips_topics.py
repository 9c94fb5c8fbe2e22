"""Session 8: the first-game tips hooked into the three card tables (they open by themselves at a
newcomer's first turn, never with the switch off, for bots or a spectator, nor behind a curtain; a LAN
table gets them too, and a lost link closes them).

Every socket here is on 127.0.0.1 and nothing starts zeroconf."""

from __future__ import annotations

import time

import pygame
import pytest

from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui import tips
from game.ui.tables import table_scene_for
from game.ui.tips import FirstGameTips, tips_key
from ui_helpers import key, recording_app

CARD_GAMES = ("lost-cities", "lost-in-time", "time-after-time")


@pytest.fixture
def app(data_dir, monkeypatch):
    monkeypatch.setattr(tips, "HEADLESS_TIPS", True)
    with recording_app() as application:
        yield application


def open_table(app, game: str, names=("Ann",), bots: int = 1, spectator: bool = False):
    seats = [SeatConfig("human", name) for name in names] + [SeatConfig("bot", "Ada", "easy")] * bots
    session = LocalSession(GameConfig.make(game, seats), 3, bot_delay=0.0, spectator=spectator)
    table = table_scene_for(game)(app, session)
    app.clear_to(table)
    return table


def step_until_tips(app, frames: int = 900) -> FirstGameTips | None:
    """Only the App's own steps: the table's update_table is what offers the tips."""
    for _ in range(frames):
        app.run_frames(1, 1 / 30)
        if isinstance(app.scenes.top, FirstGameTips):
            return app.scenes.top
    return None


# --- Task 1: the tips are hooked into each card table ------------------------------------------
@pytest.mark.parametrize("game", CARD_GAMES)
def test_each_card_table_offers_its_tips_by_itself_at_the_first_turn(app, game):
    table = open_table(app, game)
    overlay = step_until_tips(app)
    assert overlay is not None, "the table's update_table never offered the tips"
    assert overlay.game_id == game and overlay.who == ""  # one person here: no name on the plate
    assert table.can_act and table.name_of(table.viewer) == "Ann"
    assert tips_key(game, "Ann") in app.settings.tips_seen
    for _ in overlay.tips:
        key(app, pygame.K_RETURN)
    assert app.scenes.top is table
    assert step_until_tips(app, 120) is None  # once


@pytest.mark.parametrize("game", CARD_GAMES)
def test_the_settings_switch_off_means_no_tips(app, game):
    app.settings.first_game_tips = False
    table = open_table(app, game)
    assert step_until_tips(app, 240) is None
    assert app.scenes.top is table and app.settings.tips_seen == []


@pytest.mark.parametrize("game", CARD_GAMES)
def test_bots_only_and_spectator_tables_get_no_tips(app, game):
    open_table(app, game, names=(), bots=2)
    assert step_until_tips(app, 240) is None
    open_table(app, game, names=(), bots=2, spectator=True)
    assert step_until_tips(app, 240) is None
    assert app.settings.tips_seen == []


@pytest.mark.parametrize("game", CARD_GAMES)
def test_a_hot_seat_curtain_hides_the_tips_until_the_person_lifts_it(app, game):
    table = open_table(app, game, names=("Ann", "Ben"), bots=0)
    for _ in range(240):  # however long the curtain stays up, no tips over it (they would show the hand)
        app.run_frames(1, 1 / 30)
        assert not isinstance(app.scenes.top, FirstGameTips)
        if table.curtain_seat is not None and table.clock > 3:
            break
    assert table.curtain_seat is not None
    name = table.name_of(table.curtain_seat)
    assert app.settings.tips_seen == []
    lifted = table.clock
    key(app, pygame.K_RETURN)  # the person lifts it
    assert table.curtain_seat is None
    overlay = step_until_tips(app)
    assert overlay is not None and overlay.who == name  # at a shared screen the plate names its reader
    assert table.clock - lifted >= tips.SETTLE_SECONDS
    key(app, pygame.K_ESCAPE)  # Skip tips
    table.submit(table.suggested_move())  # play on until the other person's curtain is up
    for _ in range(900):
        app.run_frames(1, 1 / 30)
        assert not isinstance(app.scenes.top, FirstGameTips)
        if table.curtain_seat is not None and table.name_of(table.curtain_seat) != name:
            break
        if table.can_act and table.name_of(table.viewer) == name:
            table.submit(table.suggested_move())
    other = table.name_of(table.curtain_seat)
    lifted = table.clock
    key(app, pygame.K_RETURN)
    overlay = step_until_tips(app)
    assert overlay is not None and overlay.who == other
    assert table.clock - lifted >= tips.SETTLE_SECONDS  # the settle starts over for the next person


def lan_table(app, game: str, port: int, name: str = "Ann"):
    from game.ui.lobby_room import LanTableScene
    from net.client import RemoteSession

    session = RemoteSession("127.0.0.1", port, name=name, seats=[0])
    assert session.wait_until(lambda: session.ready, 5)
    wrapper = LanTableScene(app, session, table_scene_for(game)(app, session))
    app.clear_to(wrapper)
    return wrapper


def step_real_time_until(app, predicate, seconds: float = 8.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.run_frames(1, 1 / 30)
        found = predicate()
        if found:
            return found
        time.sleep(0.002)
    raise AssertionError(f"timed out; the top scene is {type(app.scenes.top).__name__}")


def test_a_lan_table_offers_the_tips_and_a_lost_host_closes_them(app):
    from net.host import start_host

    handle = start_host("lost-cities", "open,bot:easy", address="127.0.0.1", port=0, bot_delay=0.0)
    try:
        wrapper = lan_table(app, "lost-cities", handle.port)
        overlay = step_real_time_until(app, lambda: isinstance(app.scenes.top, FirstGameTips) and app.scenes.top)
        assert overlay.below is wrapper and wrapper.table.can_act
        assert tips_key("lost-cities", "Ann") in app.settings.tips_seen
        handle.stop()  # the host goes: its "Back to title" card is what the person needs now
        step_real_time_until(app, lambda: app.scenes.top is wrapper and wrapper.mode == "gone")
    finally:
        handle.stop()

