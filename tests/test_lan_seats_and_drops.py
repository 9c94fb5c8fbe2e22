"""LAN tables: what a player is told when others sit down, drop, come back or get a stand-in;
what a guest's waiting room waits for; and a table everyone left waits instead of playing itself out.

Every socket is on 127.0.0.1 and nothing here starts zeroconf (discovery is off).
"""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace
import sys

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import highcard  # noqa: E402,F401 - registers the test engine
from game.ui.lobby import LanOptions, LobbyScene  # noqa: E402
from game.ui.lobby_room import LanTableScene, WaitingRoomScene, seat_changes  # noqa: E402
from game.ui.table_base import TableSceneBase  # noqa: E402
from game.ui.tables import register_table, unregister_table  # noqa: E402
from game.ui.title import TitleScene  # noqa: E402
from net.client import RemoteSession  # noqa: E402
from net.host import start_host  # noqa: E402
from net.protocol import SeatInfo, TableStatus  # noqa: E402
from net_driver import BotDriver  # noqa: E402
from ui_helpers import frames, key, make_app, step_until  # noqa: E402
from waits16 import CEILING, wait_for  # noqa: E402


class MiniTable(TableSceneBase):
    """The smallest High Card table: confirm plays the first legal card."""

    def handle_table(self, intent) -> None:
        if intent.kind == "confirm" and self.can_act:
            self.submit(self.legal[0])


@pytest.fixture
def mini_table():
    register_table("highcard", MiniTable)
    yield
    unregister_table("highcard")


def quick_lan() -> LanOptions:
    return LanOptions(discovery=False, port=0, reconnect_window=1.0, connect_timeout=2.0, games=("highcard",),
                      bot_delay=0.0)



def status(*seats: SeatInfo) -> TableStatus:
    return TableStatus(tuple(seats), True, 0)


def test_each_seat_change_of_another_player_is_said_in_words():
    robin = SeatInfo("Robin", "local", "", True, True)
    bot = SeatInfo("Ada", "bot", "expert", True, True)
    empty = SeatInfo("Seat 3", "open", "", False, False)
    sam = SeatInfo("Sam", "open", "", True, True)
    sam_away = SeatInfo("Sam", "open", "", True, False)
    sam_bot = SeatInfo("Sam", "open", "stand-in", True, False)
    mine = {0}
    assert seat_changes(status(robin, bot, empty), status(robin, bot, sam), mine) == [("Sam took seat 3.", "info")]
    assert seat_changes(status(robin, bot, sam), status(robin, bot, sam_away), mine) == [
        ("Sam lost the connection. Their seat is held for them.", "warning")]
    assert seat_changes(status(robin, bot, sam_away), status(robin, bot, sam_bot), mine) == [
        ("A bot plays for Sam until they come back.", "warning")]
    assert seat_changes(status(robin, bot, sam_bot), status(robin, bot, sam), mine) == [("Sam is back.", "info")]
    assert seat_changes(status(robin, bot, sam), status(robin, bot, empty), mine) == [
        ("Sam left seat 3: it is open again.", "warning")]
    # this screen's own seats, bots and a first look say nothing
    robin_away = SeatInfo("Robin", "local", "", True, False)
    assert seat_changes(status(robin, bot, sam), status(robin_away, bot, sam), mine) == []
    assert seat_changes(None, status(robin, bot, sam), mine) == []


def test_a_guest_waiting_room_says_it_waits_for_players_then_for_the_host(data_dir):
    handle = start_host("highcard", "open,open", auto_start=False, bot_delay=0.0, table_name="Kitchen table")
    app = make_app()
    toasts: list[str] = []
    app.toast = lambda message, kind="info": toasts.append(message)  # type: ignore[method-assign]
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    sam = None
    try:
        room = WaitingRoomScene(app, ann)
        app.push(room)
        step_until(app, lambda: ann.ready and ann.table is not None)
        assert room.status_line().endswith(" · 2 seats · waiting for 1 more player")
        sam = RemoteSession("127.0.0.1", handle.port, name="Sam", seats=[1])
        step_until(app, lambda: room.missing_players() == 0)
        assert room.status_line().endswith(" · 2 seats · waiting for the host to start")
        assert toasts == ["Sam took seat 2."]
        sam.close()
        step_until(app, lambda: not ann.table.seats[1].connected)
        assert toasts[-1] == "Sam lost the connection. Their seat is held for them."
    finally:
        for session in (ann, sam):
            if session is not None:
                session.close()
        app.shutdown()
        handle.stop()


def test_the_table_says_whom_it_waits_for_when_that_player_dropped(mini_table, data_dir):
    handle = start_host("highcard", "open,open", auto_start=False, bot_delay=0.0, grace=30.0)
    app = make_app()
    app.settings.player_name = "Robin"
    app.push(TitleScene(app))
    toasts: list[str] = []
    app.toast = lambda message, kind="info": toasts.append(message)  # type: ignore[method-assign]
    sam = RemoteSession("127.0.0.1", handle.port, name="Sam", seats=[1])
    try:
        lobby = LobbyScene(app, quick_lan())
        app.push(lobby)
        frames(app, 2)
        lobby.join_address("127.0.0.1", handle.port)
        pick = app.scenes.top
        step_until(app, lambda: pick.peek.table is not None)
        pick.take()
        step_until(app, lambda: app.scenes.top.session.ready and app.scenes.top.missing_players() == 0)
        handle.start_game()
        table = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
        step_until(app, lambda: table.table.can_act)  # seat 0 leads in High Card
        assert table.waiting_on_away() == ""
        sam.close()  # Sam's program quits: the seat is held for the grace window
        step_until(app, lambda: table.status is not None and not table.status.seats[1].connected)
        assert "Sam lost the connection. Their seat is held for them." in toasts
        key(app, pygame.K_RETURN)  # Robin plays; now the game waits on Sam
        step_until(app, lambda: table.waiting_on_away() == "Waiting for Sam to reconnect…")
        table.draw(app.canvas, 1.0)  # the note is drawn without trouble
        sam = RemoteSession("127.0.0.1", handle.port, name="Sam", token=sam.token)
        step_until(app, lambda: table.waiting_on_away() == "")
        assert toasts[-1] == "Sam is back."
    finally:
        sam.close()
        app.shutdown()
        handle.stop()


def test_stand_ins_wait_while_nobody_is_at_the_table_and_play_once_someone_returns():
    handle = start_host("highcard", "open,open", bot_delay=0, seed=4, grace=0.1, heartbeat=0.5)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1])
    try:
        assert ann.wait_until(lambda: ann.latest(0) is not None, CEILING) and bob.wait_until(lambda: bob.started, CEILING)
        token = ann.token
        # the seat not to move leaves first: however long a loaded host takes to see the second
        # goodbye, the stand-in it may seat meanwhile has no move to make while the other is still here
        to_move = ann.latest(0).active[0]
        for leaving in ((ann, bob) if to_move == 1 else (bob, ann)):
            leaving.close()
        time.sleep(0.6)  # both grace windows are long over: both seats have stand-ins
        version, _, over = handle.snapshot()
        assert (version, over) == (0, False), "stand-ins played a game nobody was at"
        ann = RemoteSession("127.0.0.1", handle.port, name="Ann", token=token)
        assert BotDriver([ann]).play(CEILING)  # with Ann back, Bob's stand-in plays on
        assert handle.snapshot()[2]
    finally:
        ann.close()
        bob.close()
        handle.stop()


def vanish(handle) -> None:
    """The host's machine drops off the network: no goodbye, nobody answers any more."""
    host = handle.host

    def cut() -> None:
        for server in host._servers:
            server.close()
        for link in list(host.links.values()):
            link.writer.transport.abort()

    handle.call(cut)


def test_a_lost_host_is_explained_to_a_player_with_the_way_back_and_to_a_spectator_without_a_seat():
    from game.ui.lobby_room import failure_text

    handle = start_host("highcard", "open,open", bot_delay=0.0)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0], reconnect_window=0.3)
    eve = RemoteSession("127.0.0.1", handle.port, name="Eve", spectator=True, reconnect_window=0.3)
    try:
        assert ann.wait_until(lambda: ann.ready, CEILING) and eve.wait_until(lambda: eve.ready, CEILING)
        vanish(handle)
        assert ann.wait_until(lambda: ann.status_text == "host gone", CEILING)
        assert eve.wait_until(lambda: eve.status_text == "host gone", CEILING)
        head, body = failure_text(ann)
        assert head == "The host is gone" and "offers your seat back" in body
        head, body = failure_text(eve)
        assert head == "The host is gone" and "seat" not in body and "watch" in body
    finally:
        ann.close()
        eve.close()
        handle.stop()


def test_a_host_closing_the_table_tells_only_players_their_seat_is_kept():
    from game.ui.lobby_room import failure_text

    handle = start_host("highcard", "open,open", bot_delay=0.0)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    eve = RemoteSession("127.0.0.1", handle.port, name="Eve", spectator=True)
    try:
        assert ann.wait_until(lambda: ann.ready, CEILING) and eve.wait_until(lambda: eve.ready, CEILING)
        handle.stop()
        assert ann.wait_until(lambda: ann.failure == "host/closing", CEILING)
        assert eve.wait_until(lambda: eve.failure == "host/closing", CEILING)
        assert "your seat is kept" in failure_text(ann)[1]
        assert "seat" not in failure_text(eve)[1]
    finally:
        ann.close()
        eve.close()


def test_a_spectator_waiting_for_the_host_is_not_told_of_a_held_seat(mini_table):
    handle = start_host("highcard", "open,open", bot_delay=0.0)
    app = make_app()
    eve = RemoteSession("127.0.0.1", handle.port, name="Eve", spectator=True)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    try:
        assert eve.wait_until(lambda: eve.ready, CEILING) and ann.wait_until(lambda: ann.ready, CEILING)
        table = LanTableScene(app, eve, MiniTable(app, eve))
        ann_table = LanTableScene(app, ann, MiniTable(app, ann))
        assert "seat" not in table.reconnecting_text()
        assert "Your seat is held" in ann_table.reconnecting_text()
        eve._status = "the host is restarting…"
        assert table.reconnecting_text().startswith("The host is restarting. The game goes on")
    finally:
        eve.close()
        ann.close()
        app.shutdown()
        handle.stop()


def test_hosting_the_labyrinth_with_a_bot_switches_to_turns_and_says_why(data_dir):
    from game.ui.lobby_host import HostSetupScene

    app = make_app()
    toasts: list[str] = []
    app.toast = lambda message, kind="info": toasts.append(message)  # type: ignore[method-assign]
    try:
        setup = HostSetupScene(app, LanOptions(discovery=False, port=0, games=("labyrinth",)))
        app.push(setup)
        frames(app, 2)
        assert setup.options["mode"] == "together"  # people only (a person here, a LAN player)
        setup.set_seat_count(3)
        setup.set_who(2, "expert")  # a bot joins: together is for people only
        assert setup.options["mode"] == "turns"
        assert toasts and toasts[-1].startswith("Play mode: In turns.")
        mode = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Play mode")
        assert [value for value, _ in mode.choices] == ["turns"]  # the cycler offers only what can be played
        setup.set_who(2, "open")  # the bot leaves: together may be chosen again
        mode = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Play mode")
        assert [value for value, _ in mode.choices] == ["together", "turns"]
    finally:
        app.shutdown()


class SlowAdvertiser:
    """A stand-in for TableAdvertiser (no zeroconf here) whose announcement takes as long as a test
    wants, as real mDNS probing takes a second or two: players may sit down meanwhile."""

    instances: list["SlowAdvertiser"] = []
    before_return = staticmethod(lambda: None)

    def __init__(self, **fields) -> None:
        self.fields = fields
        self.updates: list[dict] = []
        SlowAdvertiser.instances.append(self)
        SlowAdvertiser.before_return()

    def update(self, **fields) -> None:
        self.updates.append(fields)

    def close(self) -> None:
        pass


def test_a_seat_taken_while_the_lobby_announces_the_table_is_announced_too(monkeypatch, data_dir):
    import threading

    import game.ui.lobby_host as lobby_host
    from net.host import SeatSpec

    joined = threading.Event()
    SlowAdvertiser.instances = []
    monkeypatch.setattr(SlowAdvertiser, "before_return", staticmethod(lambda: joined.wait(CEILING)))
    monkeypatch.setattr(lobby_host, "TableAdvertiser", SlowAdvertiser)
    lan = LanOptions(discovery=True, port=0, interfaces=["127.0.0.1"], games=("highcard",))
    hosted = lobby_host.HostedTable.open("highcard", [SeatSpec("local"), SeatSpec("open")], table_name="T",
                                         options={}, lan=lan)
    sam = RemoteSession("127.0.0.1", hosted.handle.port, name="Sam")
    try:
        assert sam.wait_until(lambda: sam.ready, CEILING)
        joined.set()  # the announcement (made with 1 free seat) completes only now
        wait_for(lambda: SlowAdvertiser.instances and SlowAdvertiser.instances[0].updates, pause=0.01,
                 what="the announcement's update")
        (advertiser,) = SlowAdvertiser.instances
        assert advertiser.fields["free"] == 1 and advertiser.updates == [{"free": 0}]
    finally:
        joined.set()
        sam.close()
        hosted.stop()


def test_a_seat_taken_while_serve_announces_the_table_is_announced_too(monkeypatch):
    import asyncio

    import net.serve as serve
    from net.host import SeatSpec, TableHost

    async def scenario() -> list[dict]:
        host = TableHost("highcard", [SeatSpec("open"), SeatSpec("bot")], bot_delay=0.0)
        # someone sits down while the announcement is being made
        monkeypatch.setattr(SlowAdvertiser, "before_return",
                            staticmethod(lambda: setattr(host.seats[0], "token_hash", "0" * 64)))
        SlowAdvertiser.instances = []
        advertiser = await serve._advertise(host, 47474)
        deadline = time.monotonic() + CEILING
        while not advertiser.updates and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        return [advertiser.fields["free"], advertiser.updates]

    monkeypatch.setattr(serve, "TableAdvertiser", SlowAdvertiser)
    assert asyncio.run(scenario()) == [1, [{"free": 0}]]


def test_the_labyrinth_strip_leaves_its_score_and_favours_free_and_stays_in_the_map_with_six_long_names():
    from game.ui.lobby_room import STRIP_MAX_W, strip_box

    make_app().shutdown()  # fonts need pygame up
    pygame.init()
    long = [SeatInfo(f"Bartholomew Longname {i}", "open", "", True, i != 2) for i in range(6)]
    strip = LanTableScene._render_strip(status(*long), {0})
    assert strip.get_width() <= STRIP_MAX_W
    box = strip_box("labyrinth", strip.get_size())
    top_bar = pygame.Rect(0, 0, 1920, 92)  # the Labyrinth's title, turn, score and favour flames
    assert not box.colliderect(top_bar) and box.left >= 12 and box.right <= 1236 and box.bottom <= 712
    assert strip_box("time-after-time", (400, 48)).topright == (1896, 22)


def test_under_the_pause_menu_a_table_still_notices_its_host_is_gone(mini_table):
    """SceneStack ticks the scenes under an overlay (tick_background): a vanished host shows its card
    at once, through the see-through pause menu, not only when the menu closes."""
    from game.ui.pause import PauseOverlay

    handle = start_host("highcard", "open,open", bot_delay=0.0)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0], reconnect_window=0.3)
    app = make_app()
    try:
        assert ann.wait_until(lambda: ann.ready, CEILING)
        app.push(TitleScene(app))
        table = LanTableScene(app, ann, MiniTable(app, ann))
        assert table.table.lan_hosting is False  # a guest's Quit leaves; only the host's closes the table
        hosting = LanTableScene(app, ann, MiniTable(app, ann), hosted=SimpleNamespace(stop=lambda: None))
        assert hosting.table.lan_hosting is True
        app.push(table)
        frames(app, 3)
        app.push(PauseOverlay(app, "highcard"))
        vanish(handle)
        step_until(app, lambda: table.mode == "gone")
        assert isinstance(app.scenes.top, PauseOverlay)
    finally:
        ann.close()
        handle.stop()


def test_the_pause_menu_of_the_hosting_screen_says_leaving_closes_the_table():
    from game.ui.pause import PauseOverlay

    app = make_app()
    labels = {}
    for hosting in (False, True):
        overlay = PauseOverlay(app, "highcard", hosting=hosting)
        overlay.build()
        labels[hosting] = [button.label for button in overlay.group.widgets][-1]
    assert labels == {False: "Quit to title", True: "Close the table for everyone"}
