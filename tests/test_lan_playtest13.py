"""LAN play as paying players met it in the session-13 playtest (host and guests as separate
processes of the real program, in a private network namespace), and what was fixed.

Every socket here is on 127.0.0.1 and nothing starts zeroconf (discovery is off).
"""

from __future__ import annotations

from pathlib import Path
import sys

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import highcard  # noqa: E402,F401 - registers the test engine
from game.ui.lobby_host import HostedTable, LanOptions  # noqa: E402
from game.ui.lobby_room import LanTableScene, WaitingRoomScene  # noqa: E402
from game.ui.table_base import TableSceneBase  # noqa: E402
from game.ui.tables import register_table, unregister_table  # noqa: E402
from game.ui.title import TitleScene  # noqa: E402
from net.client import RemoteSession  # noqa: E402
from net.host import SeatSpec, start_host  # noqa: E402
from net_driver import BotDriver  # noqa: E402
from ui_helpers import click, key, make_app, step_until, widget_labelled  # noqa: E402


class MiniTable(TableSceneBase):
    """A table that draws nothing: enough to start a game and play it out."""


@pytest.fixture
def mini_table():
    register_table("highcard", MiniTable)
    yield
    unregister_table("highcard")


def quick_lan() -> LanOptions:
    return LanOptions(discovery=False, port=0, reconnect_window=1.0, connect_timeout=2.0, games=("highcard",),
                      bot_delay=0.0)


# --- two players with the same name ------------------------------------------------------------
def test_a_second_player_with_a_taken_name_is_numbered_and_keeps_it_on_rejoin():
    """Two guests who both kept their program's name (Gus) sat as 'Gus' and 'Gus': the log said
    'Gus played 11H00' and nobody knew which. The host numbers the second one, on every screen and
    in the game's own words; a bot's name counts as taken too; a seat rejoining keeps its name."""
    handle = start_host("time-after-time", "open,open,open,bot:easy", bot_delay=0.0, seed=4, auto_start=False)
    bot_name = handle.table_status().seats[3].name
    first = RemoteSession("127.0.0.1", handle.port, name="Gus", seats=[0])
    second = RemoteSession("127.0.0.1", handle.port, name="gus", seats=[1])
    third = RemoteSession("127.0.0.1", handle.port, name=bot_name, seats=[2])
    try:
        for session in (first, second, third):
            assert session.wait_until(lambda s=session: s.ready, 5)
        assert [s.name for s in handle.table_status().seats] == ["Gus", "gus 2", f"{bot_name} 2", bot_name]
        token = second.token
        second.close()
        again = RemoteSession("127.0.0.1", handle.port, name="gus", token=token)
        try:
            assert again.wait_until(lambda: again.ready, 5)
            assert handle.table_status().seats[1].name == "gus 2"  # not 'gus 3': the seat is its own
            handle.start_game()
            assert again.wait_until(lambda: again.latest(1) is not None, 5)
            names = [seat.name for seat in handle.host.config.seats]
            assert names[:3] == ["Gus", "gus 2", f"{bot_name} 2"]  # what the game's log lines say
        finally:
            again.close()
    finally:
        first.close()
        third.close()
        handle.stop()


def test_a_numbered_name_still_fits_the_longest_name_a_seat_may_have():
    handle = start_host("highcard", "open,open", bot_delay=0.0, auto_start=False)
    long_name = "A" * 40
    one = RemoteSession("127.0.0.1", handle.port, name=long_name, seats=[0])
    two = RemoteSession("127.0.0.1", handle.port, name=long_name, seats=[1])
    try:
        assert one.wait_until(lambda: one.ready, 5) and two.wait_until(lambda: two.ready, 5)
        names = [s.name for s in handle.table_status().seats]
        assert names == [long_name, "A" * 38 + " 2"]
    finally:
        one.close()
        two.close()
        handle.stop()


# --- a friend who did not come: bots in the open seats ------------------------------------------
def test_the_host_starts_with_a_bot_in_a_seat_nobody_took(data_dir, mini_table):
    """A seat set up for a LAN player, and the friend did not come: 'Start the game' only said
    'Waiting for 1 more player', and the way on was to close the table and host it again (everyone
    joining anew). The waiting room now offers 'Start with a bot' while a seat is empty: the seat
    becomes an Expert bot on every screen (a spectator's too), the game starts and plays to its end."""
    lan = quick_lan()
    hosted = HostedTable.open("highcard", [SeatSpec("local", name="Hana"), SeatSpec("open")],
                              table_name="T", options={}, lan=lan)
    app = make_app()
    watcher = RemoteSession("127.0.0.1", hosted.handle.port, name="Wes", spectator=True)
    hana = hosted.connect("Hana", lan)
    try:
        app.push(TitleScene(app))
        room = WaitingRoomScene(app, hana, hosted)
        app.push(room)
        assert watcher.wait_until(lambda: watcher.ready, 5)
        step_until(app, lambda: room.session.table is not None and room.missing_players() == 1)
        step_until(app, lambda: any(w.label == "Start with a bot" for w in room.group.widgets))
        offer = widget_labelled(room, "Start with a bot")
        assert offer.sub == "An Expert bot in the empty seat"
        key(app, pygame.K_RETURN)  # Start the game (focused first) is still refused
        assert not room.session.started and hosted.handle.free_seats() == 1
        click(app, offer.rect.center)
        table = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
        seats = hosted.handle.table_status().seats
        assert [(s.kind, s.level, s.taken) for s in seats] == [("local", "", True), ("bot", "expert", True)]
        assert watcher.wait_until(lambda: watcher.started and watcher.table.seats[1].kind == "bot", 5)
        assert hosted.handle.host.config.seats[1].kind == "bot"
        assert hosted.handle.free_seats() == 0  # the announcement says the table is full
        assert BotDriver([hana], seed=3).play(20)  # the bot plays its turns: the game ends
        assert table.session is hana
    finally:
        hana.close()
        watcher.close()
        app.shutdown()
        hosted.stop()


def test_the_offer_goes_once_every_seat_is_taken(data_dir, mini_table):
    lan = quick_lan()
    hosted = HostedTable.open("highcard", [SeatSpec("local", name="Hana"), SeatSpec("open")], table_name="T",
                              options={}, lan=lan)
    app = make_app()
    hana = hosted.connect("Hana", lan)
    guest: RemoteSession | None = None
    try:
        app.push(TitleScene(app))
        room = WaitingRoomScene(app, hana, hosted)
        app.push(room)
        step_until(app, lambda: any(w.label == "Start with a bot" for w in room.group.widgets))
        guest = RemoteSession("127.0.0.1", hosted.handle.port, name="Gus")
        step_until(app, lambda: room.missing_players() == 0)
        step_until(app, lambda: not any(w.label == "Start with a bot" for w in room.group.widgets))
        assert room.group.focused is room.start_button
    finally:
        hana.close()
        if guest is not None:
            guest.close()
        app.shutdown()
        hosted.stop()


def test_a_bot_is_not_seated_where_the_chosen_options_are_for_people_only():
    """The Labyrinth played together cannot have a bot in the party (the players were welcomed with
    'together'): the host says why and changes nothing."""
    handle = start_host("labyrinth", "open,open", options={"mode": "together"}, bot_delay=0.0, auto_start=False)
    assert handle.bots_for_empty_seats() == "nobody has sat down yet"  # bots alone would play to nobody
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    try:
        assert ann.wait_until(lambda: ann.ready, 5)
        why_not = handle.bots_for_empty_seats()
        assert why_not.startswith("a bot cannot play") and "together" in why_not.lower()
        assert [s.kind for s in handle.table_status().seats] == ["open", "open"]
        assert handle.free_seats() == 1 and handle.host.config.seats[1].kind == "remote"
    finally:
        ann.close()
        handle.stop()


def test_no_bot_is_seated_once_the_game_is_on():
    handle = start_host("highcard", "open,open", bot_delay=0.0, seed=2, auto_start=False)
    one = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    try:
        assert one.wait_until(lambda: one.ready, 5)
        handle.start_game()
        assert handle.bots_for_empty_seats() == "the game has already started"
        assert handle.table_status().seats[1].kind == "open"
    finally:
        one.close()
        handle.stop()
