"""The first-game tips hooked into the three card tables (they open by themselves at a
newcomer's first turn, never with the switch off, for bots or a spectator, nor behind a curtain; a LAN
table gets them too, and a lost link closes them), and the pause menu's Rules opening at the section
about the step the table is at.

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
from ui_helpers import click, key, recording_app
from waits16 import CEILING

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


# --- the tips are hooked into each card table ---------------------------------------------------
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
    assert session.wait_until(lambda: session.ready, CEILING)
    wrapper = LanTableScene(app, session, table_scene_for(game)(app, session))
    app.clear_to(wrapper)
    return wrapper


def step_real_time_until(app, predicate, seconds: float = CEILING):
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


# --- Rules from the pause menu open at the section about the table's step ----------------------------
def moves_until(game: str, bots: int, wanted, seeds=range(1, 400), limit: int = 400):
    """(config, seed, actions) of a random game up to the first moment seat 0 may move and `wanted(kinds)`
    holds for the kinds of its legal moves (reorders aside)."""
    import random

    from game.core.registry import find_game

    engine = find_game(game)
    seats = [SeatConfig("human", "Ann")] + [SeatConfig("bot", "Ada", "easy")] * bots
    config = GameConfig.make(game, seats)
    for seed in seeds:
        state, actions, rng = engine.new_game(config, seed), [], random.Random(seed)
        for _ in range(limit):
            if engine.is_over(state):
                break
            mine = [a for a in engine.legal_actions(state, 0) if a.kind not in ("reorder", "undo")]
            if mine and wanted({a.kind for a in mine}):
                return config, seed, actions
            for seat in range(len(seats)):
                legal = [a for a in engine.legal_actions(state, seat) if a.kind not in ("reorder", "undo")]
                if legal:
                    action = rng.choice(legal)
                    state, _ = engine.apply(state, action)
                    actions.append(action)
                    break
    raise AssertionError(f"no {game} game reached the wanted moment")


def table_at(app, config, seed, actions):
    app.settings.first_game_tips = False  # (these tests are about the pause menu)
    session = LocalSession(config, seed, bot_delay=0.0, actions=list(actions))
    table = table_scene_for(config.game)(app, session)
    app.clear_to(table)
    for _ in range(300):
        app.run_frames(1, 1 / 30)
        if table.can_act:
            return table
    raise AssertionError("the table never waited for the person")


def rules_from_the_pause_menu(app, table):
    """Menu, then Rules: the section title of the page the rules open at."""
    from game.ui.pause import PauseOverlay
    from game.ui.rules import RulesScene
    from ui_helpers import widget_labelled

    key(app, pygame.K_p)
    pause = app.scenes.top
    assert isinstance(pause, PauseOverlay)
    click(app, widget_labelled(pause, "Rules").rect.center)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene)
    _, screens = rules.doc()
    title = screens[rules.page][0]
    key(app, pygame.K_ESCAPE)  # back to the pause menu
    key(app, pygame.K_ESCAPE)  # and to the table
    assert app.scenes.top is table
    return title


def test_every_topic_of_the_card_tables_is_a_section_of_that_games_rules(app):
    from game.ui.rules import RulesScene

    topics = {"lost-cities": ["A turn"],
              "lost-in-time": ["Your turn", "Travelling in time", "Unable to travel"],
              "time-after-time": ["A turn", "When a card will not fit", "The emergency move"]}
    for game, names in topics.items():
        for topic in names:
            rules = RulesScene(app, game, topic=topic)
            assert rules.doc()[1][rules.page][0] == topic, (game, topic)


def test_lost_cities_rules_open_at_a_turn(app):
    config, seed, actions = moves_until("lost-cities", 1, lambda kinds: "play" in kinds)
    table = table_at(app, config, seed, actions)
    assert table.rules_topic() == "A turn" == rules_from_the_pause_menu(app, table)


@pytest.mark.parametrize("wanted, topic", [
    (lambda kinds: "pass" in kinds, "Your turn"),
    (lambda kinds: "place" in kinds, "Travelling in time"),
    (lambda kinds: kinds == {"cannot_travel"}, "Unable to travel"),
])
def test_lost_in_time_rules_open_at_the_step_of_the_turn(app, wanted, topic):
    config, seed, actions = moves_until("lost-in-time", 1, wanted)
    table = table_at(app, config, seed, actions)
    assert table.rules_topic() == topic == rules_from_the_pause_menu(app, table)


@pytest.mark.parametrize("wanted, topic", [
    (lambda kinds: kinds == {"draw"}, "A turn"),
    (lambda kinds: "keep" in kinds, "When a card will not fit"),
    (lambda kinds: "shift" in kinds, "The emergency move"),
])
def test_time_after_time_rules_open_at_the_step_of_the_turn(app, wanted, topic):
    config, seed, actions = moves_until("time-after-time", 1, wanted)
    table = table_at(app, config, seed, actions)
    assert table.rules_topic() == topic == rules_from_the_pause_menu(app, table)


def test_time_after_time_asking_the_table_about_a_card_opens_that_section(app):
    config, seed, actions = moves_until("time-after-time", 1, lambda kinds: kinds == {"draw"})
    table = table_at(app, config, seed, actions)
    table.herald("CAN ANYONE PLACE 14H00?", ["Yes: Ada could.", "You keep it in hand."])
    assert table.rules_topic() == "When a card will not fit" == rules_from_the_pause_menu(app, table)
    table.heralds[-1].age = table.heralds[-1].seconds  # the question has been read
    assert table.rules_topic() == "A turn"
