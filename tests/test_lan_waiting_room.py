"""A guest's waiting room (all on 127.0.0.1): "How to play" is focused, so a stray A press reads the
rules instead of leaving the table; a game the host starts meanwhile opens over the rules."""

from __future__ import annotations


import pygame

from game.core.registry import GAMES
from game.ui.lobby_room import LanTableScene, WaitingRoomScene
from game.ui.rules import RulesScene
from net.client import RemoteSession
from net.host import start_host
from ui_helpers import frames, make_app, pad, step_until
from waits16 import CEILING



def test_a_guest_reads_the_rules_while_waiting_and_the_game_opens_over_them(data_dir):
    handle = start_host("time-after-time", "open,open", address="127.0.0.1", port=0, bot_delay=0.0,
                        table_name="Kitchen table")
    app = make_app()
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    sam = None
    try:
        room = WaitingRoomScene(app, ann)
        app.push(room)
        step_until(app, lambda: ann.ready and ann.table is not None)
        assert room.group.focused.label == "How to play"
        pad(app, pygame.CONTROLLER_BUTTON_A)  # the stray press: the rules, not leaving
        rules = app.scenes.top
        assert isinstance(rules, RulesScene) and GAMES[rules.game_index].game_id == "time-after-time"
        assert not room.leaving and ann.status_text != "left"
        sam = RemoteSession("127.0.0.1", handle.port, name="Sam", seats=[1])  # the table fills: it starts
        step_until(app, lambda: isinstance(app.scenes.top, LanTableScene))
        assert not any(isinstance(scene, (RulesScene, WaitingRoomScene)) for scene in app.scenes.scenes)
    finally:
        for session in (ann, sam):
            if session is not None:
                session.close()
        app.shutdown()
        handle.stop()


def test_a_guests_results_say_the_host_can_deal_another_game(data_dir):
    """A guest's results have no Play again (the host deals the next game): their footer says so,
    under the record; "LAN play" takes them straight back to the LAN lobby, with its options."""
    import highcard  # noqa: F401 - registers the test engine
    from net_driver import BotDriver
    from test_lan_whole_games import MiniTable

    from game.ui.lobby import LanOptions, LobbyScene
    from game.ui.lobby_room import open_lan_table
    from game.ui.results import ResultsScene
    from game.ui.tables import register_table, unregister_table
    from game.ui.title import TitleScene

    register_table("highcard", MiniTable)
    handle = start_host("highcard", "open,open", address="127.0.0.1", port=0, bot_delay=0.0, seed=3)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1])
    app = make_app()
    try:
        assert BotDriver([ann, bob], seed=2).play(CEILING)
        app.push(TitleScene(app))
        came_through = LobbyScene(app, LanOptions(discovery=False, port=0), lambda *a, **k: None)
        app.scenes.scenes.append(came_through)  # the lobby this guest joined from, under its table
        lan = open_lan_table(app, ann)
        assert lan is not None
        app.push(lan)
        step_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
        results = app.scenes.top
        assert results.note == "The host can deal another game: stay at this table for it."
        # besides waiting, a guest can go straight back to the LAN lobby, with the same options
        assert [w.label for w in results.group.widgets] == ["LAN play", "Back to title"]
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)  # from the focused "Back to title"
        pad(app, pygame.CONTROLLER_BUTTON_A)
        frames(app, 3)
        lobby = app.scenes.top
        assert isinstance(lobby, LobbyScene) and lobby is not came_through and lobby.lan is came_through.lan
        assert isinstance(app.scenes.scenes[0], TitleScene) and len(app.scenes) == 2
    finally:
        ann.close()
        bob.close()
        app.shutdown()
        handle.stop()
        unregister_table("highcard")


def test_the_options_the_host_chose_are_said_in_the_setups_words():
    from game.core.types import GameConfig
    from game.ui.lobby_room import options_line

    assert options_line(GameConfig.make("labyrinth", 2, scenario="tower", mode="turns")) == \
        "Scenario: The Tower of Stopped Hours · Play mode: In turns"
    assert options_line(GameConfig.make("lost-cities", 2)) == "Rounds: 3 rounds · Colours: 5 colours (60 cards)"
    assert options_line(None) == "" and options_line(GameConfig.make("chess", 2)) == ""


def test_a_guest_sees_which_adventure_the_host_chose_under_the_seats(data_dir, monkeypatch):
    """A guest sat down without knowing the game's options (which Labyrinth adventure, how many
    rounds): the waiting room says them under the seats, above the footer even at six seats."""
    import game.ui.lobby_room as room_module
    from game.ui.chrome import CANVAS_H

    handle = start_host("labyrinth", "open,open,open,open,open,open", address="127.0.0.1", port=0, bot_delay=0.0,
                        options={"scenario": "saltmere", "mode": "turns"})
    app = make_app()
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    drawn: list[tuple[str, int]] = []
    real = room_module.text_surface

    def spy(text, role, px, colour):
        drawn.append((text, px))
        return real(text, role, px, colour)

    try:
        room = WaitingRoomScene(app, ann)
        app.push(room)
        step_until(app, lambda: ann.ready and ann.table is not None)
        monkeypatch.setattr(room_module, "text_surface", spy)
        frames(app, 1)
        assert ("Scenario: The Bell Beneath Saltmere · Play mode: In turns", 28) in drawn
        assert room.board.bottom(ann.table) + 24 + 48 + 40 < CANVAS_H - 80  # heading and line above the hints
    finally:
        ann.close()
        app.shutdown()
        handle.stop()
