"""The LAN lobby scenes: hosting from the lobby, joining from the live list (zeroconf, inside a private
network namespace), by typed address, with two seats on one screen, watching, and the host going away.

Every socket is on 127.0.0.1. Zeroconf only runs in the subprocess started under `unshare --net`
(this file re-executed with --in-netns, loopback brought up first); the test process never starts it.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
if __name__ == "__main__":  # the netns probe: headless and importable before pygame starts
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path[:0] = [str(ROOT), str(TESTS)]

import highcard  # noqa: E402,F401 - registers the test engine
from game.ui.lobby import AddressScene, LanOptions, LobbyScene, SeatNameEntry, SeatPickScene, parse_address  # noqa: E402
from game.ui.lobby_host import HostSetupScene, hosted_save_path, resumable_hosted_table  # noqa: E402
from game.ui.results import ResultsScene  # noqa: E402
from game.ui.lobby_room import LanTableScene, WaitingRoomScene, failure_text  # noqa: E402
from game.ui.table_base import TableSceneBase  # noqa: E402
from game.ui.tables import register_table, unregister_table  # noqa: E402
from game.ui.title import TitleScene  # noqa: E402
from net.client import RemoteSession  # noqa: E402
from net.discovery import DiscoveredTable  # noqa: E402
from net.host import sidecar_path, start_host  # noqa: E402
from net.seat_tokens import SeatTokens  # noqa: E402
from net_driver import BotDriver  # noqa: E402
from netns_helpers import entered_private_netns, run_script_in_netns, unshare_command  # noqa: E402
from ui_helpers import click, frames, key, make_app, pad, step_until, tap, widget_labelled  # noqa: E402
from waits16 import CEILING, HeldClock, wait_for  # noqa: E402


class MiniTable(TableSceneBase):
    """The smallest High Card table: confirm plays the first legal card."""

    def handle_table(self, intent) -> None:
        if intent.kind == "confirm" and self.can_act:
            self.submit(self.legal[0])


def quick_lan(**overrides: Any) -> LanOptions:
    values: dict[str, Any] = dict(discovery=False, port=0, reconnect_window=1.0, connect_timeout=2.0,
                                  games=("highcard",), bot_delay=0.0)
    values.update(overrides)
    return LanOptions(**values)



def open_lobby(app, lan: LanOptions | None = None) -> LobbyScene:
    """The LAN lobby on top of `app` (quick loopback options unless `lan`), two frames in."""
    lobby = LobbyScene(app, quick_lan() if lan is None else lan)
    app.push(lobby)
    frames(app, 2)
    return lobby


def centre(widget) -> tuple[float, float]:
    return widget.rect.center


@pytest.fixture
def mini_table():
    register_table("highcard", MiniTable)
    yield
    unregister_table("highcard")


@pytest.fixture
def host():
    handles = []

    def make(seats: str, **kwargs: Any):
        handle = start_host("highcard", seats, address="127.0.0.1", port=0, auto_start=False, bot_delay=0.0,
                            table_name="Kitchen table", **kwargs)
        handles.append(handle)
        return handle

    yield make
    for handle in handles:
        handle.stop()


# --- hosting -------------------------------------------------------------------------------------
def test_hosting_from_the_lobby_a_lan_player_joins_and_the_host_starts(mini_table, data_dir):
    app = make_app()
    app.settings.player_name = "Robin"
    lobby = open_lobby(app)
    assert "off" in lobby.discovery_note and lobby.browser is None  # no zeroconf in this process
    pad(app, pygame.CONTROLLER_BUTTON_A)  # focus starts on Host a table
    setup = app.scenes.top
    assert isinstance(setup, HostSetupScene)
    assert [spec.kind for spec in setup.seat_specs()] == ["local", "open"]
    setup.set_name(0, "Robin at home")  # the name typed for a seat at this screen wins over the hello's
    tap(app, centre(widget_labelled(setup, "Open the table")))
    room = app.scenes.top
    assert isinstance(room, WaitingRoomScene) and room.hosted is not None
    step_until(app, lambda: room.session.table is not None)
    step_until(app, lambda: room.session.table.seats[0].name == "Robin at home")
    assert not room.session.table.seats[1].taken
    assert room.hosted.join_addresses() == [f"127.0.0.1:{room.hosted.handle.port}"]

    key(app, pygame.K_RETURN)  # Start: refused while a seat is open
    assert not room.session.started and "1 more player" in room.start_button.sub

    guest = RemoteSession("127.0.0.1", room.hosted.handle.port, name="Sam")
    try:
        assert guest.wait_until(lambda: guest.ready, CEILING) and guest.local_seats() == [1]
        step_until(app, lambda: room.missing_players() == 0)
        assert room.start_button.sub == "Everyone is seated"
        key(app, pygame.K_RETURN)
        table = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
        assert isinstance(table.table, MiniTable) and table.hosted is room.hosted
        assert guest.wait_until(lambda: guest.started and guest.latest(1) is not None, CEILING)
        step_until(app, lambda: table.table.can_act)  # seat 0 leads in High Card
        assert table.table.seat_names == ["Robin at home", "Sam"]
        key(app, pygame.K_RETURN)  # the host's own move goes through its loopback RemoteSession
        assert guest.wait_until(lambda: guest.latest(1).version == 1, CEILING)
        assert table.mode == "ok" and table.status is not None and table.status.seats[1].connected
    finally:
        guest.close()
        app.shutdown()
    assert not room.hosted.handle.thread.is_alive()  # leaving the table closed the host


def test_a_table_that_cannot_be_hosted_is_said_and_the_screen_stays(mini_table, data_dir, monkeypatch):
    """The network refuses to host (an address this machine does not have): an error toast on the
    host set-up, which stays. A hosted save that turned unreadable before Resume was pressed: an
    error toast, and the lobby stops offering it."""
    import errno

    import game.ui.lobby_host

    def refuse(*args: Any, **kwargs: Any):
        raise OSError(errno.EADDRNOTAVAIL, "Cannot assign requested address")

    app = make_app()
    try:
        lobby = open_lobby(app)
        lobby.host()
        setup = app.scenes.top
        with monkeypatch.context() as patch:
            patch.setattr(game.ui.lobby_host, "start_host", refuse)
            tap(app, centre(widget_labelled(setup, "Open the table")))
        assert app.scenes.top is setup
        toast = app.toasts.items[-1]
        assert toast.kind == "error"
        assert toast.text == "Cannot open the table: the network refused (Cannot assign requested address)."

        app.pop()
        frames(app, 30)
        hosted_save_path().write_bytes(b"not a save")
        sidecar_path(hosted_save_path()).write_text("{}")
        lobby.resume_hosted()
        assert app.scenes.top is lobby
        toast = app.toasts.items[-1]
        assert toast.kind == "error" and toast.text.startswith("Cannot resume the table: ")
        assert lobby.resumable is None
    finally:
        app.shutdown()


# --- joining -------------------------------------------------------------------------------------
def test_join_by_typed_address_then_the_host_starts(mini_table, host, data_dir):
    handle = host("local,open")
    host_screen = handle.connect_local("Alex")
    app = make_app()
    lobby = open_lobby(app)
    key(app, pygame.K_DOWN)
    assert lobby.group.focused.label == "Join by address"
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, AddressScene) and app.input.text_mode
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=f"127.0.0.1:{handle.port}"))
    frames(app, 2)
    key(app, pygame.K_RETURN)
    pick = app.scenes.top
    assert isinstance(pick, SeatPickScene) and not app.input.text_mode
    step_until(app, lambda: pick.peek.table is not None and pick.group.focused.label == "Take this seat")
    assert pick.chosen == [1]  # the only free seat is ticked
    key(app, pygame.K_RETURN)
    room = app.scenes.top
    assert isinstance(room, WaitingRoomScene) and room.hosted is None
    step_until(app, lambda: room.session.ready and room.missing_players() == 0)
    assert lobby.last_address == f"127.0.0.1:{handle.port}"
    handle.start_game()
    table = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
    assert table.session.local_seats() == [1] and table.table.viewer == 1
    step_until(app, lambda: table.table.shown is not None)
    host_screen.close()
    app.shutdown()


def test_one_screen_takes_two_seats_by_touch_and_gets_the_curtain(mini_table, host, data_dir):
    handle = host("open,open")
    app = make_app()
    lobby = open_lobby(app)
    tap(app, centre(widget_labelled(lobby, "Join by address")))
    keypad = app.scenes.top
    assert isinstance(keypad, AddressScene)
    for ch in f"127.0.0.1:{handle.port}":
        tap(app, centre(widget_labelled(keypad, ch)))
    assert keypad.text == f"127.0.0.1:{handle.port}"
    tap(app, centre(widget_labelled(keypad, "Connect")))
    pick = app.scenes.top
    assert isinstance(pick, SeatPickScene)
    step_until(app, lambda: pick.peek.table is not None and pick.chosen == [0])
    second = next(w for w in pick.group.widgets if w.label == "Seat 2")
    tap(app, centre(second))
    assert pick.chosen == [0, 1]
    tap(app, centre(widget_labelled(pick, "Take these seats")))
    room = app.scenes.top
    step_until(app, lambda: room.session.ready and room.missing_players() == 0)
    handle.start_game()
    table = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
    assert table.session.local_seats() == [0, 1]
    step_until(app, lambda: table.table.curtain_seat == 0)  # hot-seat rules: pass to the first player
    app.shutdown()


class ListedTables:
    """A stand-in for TableBrowser: tables as zeroconf would list them."""

    def __init__(self, tables: list[DiscoveredTable]) -> None:
        self._tables = tables
        self.changes = 1
        self.closed = False

    def tables(self) -> list[DiscoveredTable]:
        return list(self._tables)

    def close(self) -> None:
        self.closed = True


def test_the_list_marks_incompatible_tables_and_watch_joins_as_a_spectator(mini_table, host, data_dir):
    handle = host("open,bot:easy")
    listed = ListedTables([
        DiscoveredTable("a", "Attic", "highcard", "old-pc", "127.0.0.1", 9, 1, 2, 99),
        DiscoveredTable("b", "Kitchen table", "highcard", "probe", "127.0.0.1", handle.port, 1, 2, 1)])
    app = make_app()
    lobby = LobbyScene(app, quick_lan(discovery=True), browser_factory=lambda lan: listed)
    app.push(lobby)
    frames(app, 2)
    assert [t.compatible for t in lobby.table_list.tables] == [False, True]  # listed, not hidden
    key(app, pygame.K_RIGHT)
    assert lobby.group.focused is lobby.table_list
    key(app, pygame.K_RETURN)  # the incompatible table: a note, and nothing opens
    assert app.scenes.top is lobby and "protocol v99" in app.toasts.items[-1].text
    key(app, pygame.K_DOWN)
    assert lobby.table_list.selected.table == "Kitchen table"
    tap(app, centre(widget_labelled(lobby, "Watch")))
    room = step_until(app, lambda: isinstance(app.scenes.top, WaitingRoomScene) and app.scenes.top)
    assert room.session.spectator
    step_until(app, lambda: room.session.table is not None and room.session.table.spectators == 1)
    handle.start_game()
    table = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
    assert table.table.viewer is None and table.session.local_seats() == []
    step_until(app, lambda: table.table.shown is not None and table.table.shown.seat is None)
    app.shutdown()
    assert listed.closed


def test_two_people_at_one_screen_each_name_their_seat_and_a_restarted_program_rejoins(mini_table, host,
                                                                                           data_dir):
    handle = host("open,open")
    app = make_app()
    app.settings.player_name = "Robin"
    lobby = open_lobby(app)
    lobby.join_address("127.0.0.1", handle.port)
    pick = app.scenes.top
    step_until(app, lambda: pick.peek.table is not None and pick.chosen == [0])
    tap(app, centre(widget_labelled(pick, "Seat 2")))
    entries = [w for w in pick.group.widgets if isinstance(w, SeatNameEntry)]
    assert [e.text for e in entries] == ["Robin", "Player 2"]  # a name box for each ticked seat
    click(app, centre(entries[1]))
    assert entries[1].editing and app.input.text_mode
    for _ in "Player 2":
        key(app, pygame.K_BACKSPACE, settle=1)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Bo"))
    frames(app, 2)
    key(app, pygame.K_RETURN)
    assert pick.chosen_names() == ["Robin", "Bo"] and not app.input.text_mode
    tap(app, centre(widget_labelled(pick, "Take these seats")))
    room = app.scenes.top
    step_until(app, lambda: room.session.ready and room.missing_players() == 0)
    assert [seat.name for seat in room.session.table.seats] == ["Robin", "Bo"]
    kept = SeatTokens().find("127.0.0.1", handle.port)
    assert kept is not None and kept.token == room.session.token and kept.names == ["Robin", "Bo"]
    handle.start_game()
    table = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
    assert table.table.seat_names == ["Robin", "Bo"]  # the curtain says whose turn by name
    step_until(app, lambda: table.table.curtain_seat == 0)
    app.shutdown()  # the program closes; the host holds both seats

    app = make_app()
    app.settings.player_name = "Robin"
    lobby = open_lobby(app)
    lobby.join_address("127.0.0.1", handle.port)
    pick = app.scenes.top
    rejoin = step_until(app, lambda: pick.peek.table is not None and pick.group.focused.label == "Rejoin your seats"
                        and pick.group.focused)
    assert rejoin.sub == "Seats 1 and 2 as Robin and Bo"
    key(app, pygame.K_RETURN)
    table = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
    assert table.session.local_seats() == [0, 1] and table.table.seat_names == ["Robin", "Bo"]
    step_until(app, lambda: table.table.curtain_seat == 0)
    app.shutdown()


def play_on(app, table: LanTableScene, guest: RemoteSession, handle, until) -> None:
    """The host's screen plays its seat with the confirm key; a bot plays the guest's."""
    driver = BotDriver([guest])
    deadline = time.monotonic() + CEILING
    while not until():
        assert time.monotonic() < deadline, "the game stalled"
        if table.table.can_act:
            key(app, pygame.K_RETURN, settle=1)
        else:
            frames(app, 1)
        driver.step()
        time.sleep(0.002)


def test_a_table_hosted_from_the_lobby_resumes_from_its_autosave_and_ends_back_at_the_title(mini_table, data_dir):
    app = make_app()
    app.settings.player_name = "Robin"
    app.push(TitleScene(app))
    lobby = open_lobby(app)
    assert lobby.resumable is None
    lobby.host()
    setup = app.scenes.top
    tap(app, centre(widget_labelled(setup, "Open the table")))
    room = app.scenes.top
    handle = room.hosted.handle
    guest = RemoteSession("127.0.0.1", handle.port, name="Sam")
    try:
        assert guest.wait_until(lambda: guest.ready, CEILING)
        step_until(app, lambda: room.missing_players() == 0)
        key(app, pygame.K_RETURN)  # Start the game
        table = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
        play_on(app, table, guest, handle, lambda: handle.snapshot()[0] >= 3)
        moves, digest, _ = handle.snapshot()
        token = guest.token
        app.shutdown()  # the hosting program closes mid-game
        assert guest.wait_until(lambda: guest.failure == "host/closing", CEILING)
        guest.close()
        assert hosted_save_path().exists() and sidecar_path(hosted_save_path()).exists()

        app = make_app()
        app.settings.player_name = "Robin"
        app.push(TitleScene(app))
        lobby = open_lobby(app)
        resume = widget_labelled(lobby, "Resume the last hosted table")
        assert resume.sub.endswith(f"{moves} moves in")
        tap(app, centre(resume))
        table = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
        handle = table.hosted.handle
        assert handle.snapshot()[:2] == (moves, digest)
        guest = RemoteSession("127.0.0.1", handle.port, name="Sam", token=token)  # Sam's program, restarted
        assert guest.wait_until(lambda: guest.latest(1) is not None, CEILING)
        assert (guest.latest(1).version, guest.latest(1).state_hash) == (moves, digest)
        step_until(app, lambda: table.table.shown is not None and table.table.shown.state_hash == digest)
        assert [seat.name for seat in table.status.seats] == ["Robin", "Sam"]

        play_on(app, table, guest, handle, lambda: isinstance(app.scenes.top, ResultsScene))
        results = app.scenes.top
        assert guest.latest(1).state_hash == handle.snapshot()[1] and handle.snapshot()[2]
        labels = [w.label for w in results.group.widgets]
        # the host's Play again deals a new LAN game for the same table (tests/test_lan_whole_games.py), never a local one
        assert labels == ["Play again", "Back to title"] and results.on_again == table.play_again_for_everyone
        tap(app, centre(widget_labelled(results, "Back to title")))
        assert isinstance(app.scenes.top, TitleScene) and len(app.scenes) == 1
        assert not handle.thread.is_alive()
        assert resumable_hosted_table() is None and not hosted_save_path().exists()  # played out: nothing to resume
    finally:
        guest.close()
        app.shutdown()


# --- the host goes away ---------------------------------------------------------------------------
def join_and_start(app, handle, lan: LanOptions) -> LanTableScene:
    """From the lobby: join `handle`'s free seat by address; the host starts; the table is shown."""
    lobby = open_lobby(app, lan)
    lobby.join_address("127.0.0.1", handle.port)
    pick = app.scenes.top
    step_until(app, lambda: pick.peek.table is not None)
    pick.take()
    step_until(app, lambda: app.scenes.top.session.ready)
    handle.start_game()
    return step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)


def vanish(handle) -> None:
    """The host's machine drops off the network: no goodbye, nobody answers any more."""
    host = handle.host

    def cut() -> None:
        for server in host._servers:
            server.close()
        for link in list(host.links.values()):
            link.writer.transport.abort()

    handle.call(cut)


def test_a_host_that_closes_the_table_ends_it_at_once_with_a_way_back_to_the_title(mini_table, host, data_dir):
    handle = host("local,open")
    host_screen = handle.connect_local("Alex")
    app = make_app()
    app.push(TitleScene(app))
    table = join_and_start(app, handle, quick_lan(reconnect_window=10 * CEILING))
    host_screen.close()
    handle.stop()  # closing on purpose: a bye with host/closing, not a dropped line
    # at once: a client that waited out its reconnect window (ten ceilings) would never get here
    step_until(app, lambda: table.mode == "gone")
    assert table.session.failure == "host/closing" and table.session.status_text == "The host closed the table"
    assert failure_text(table.session)[0] == "The host closed the table"
    assert table.group.focused.label == "Back to title"
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TitleScene) and len(app.scenes) == 1
    app.shutdown()


def test_a_vanished_host_is_waited_for_then_shown_as_gone(mini_table, host, data_dir, monkeypatch):
    """The client's clock is held while the host vanishes: the reconnect window cannot run out
    before the screen shows the wait, however slowly a loaded machine steps it; the test then moves
    that clock past the window, and only then may the host be gone."""
    import net.client

    handle = host("local,open")
    host_screen = handle.connect_local("Alex")
    app = make_app()
    app.push(TitleScene(app))
    window = 0.6
    table = join_and_start(app, handle, quick_lan(reconnect_window=window))
    clock = HeldClock()
    monkeypatch.setattr(net.client, "time", clock)
    clock.hold()
    vanish(handle)
    step_until(app, lambda: table.mode == "reconnecting")
    assert table.group.focused.label == "Leave the table"
    clock.advance(window / 2)  # half the window gone: the client retries and keeps waiting
    network = table.session._thread
    looked = clock.reads_by(network)
    step_until(app, lambda: clock.reads_by(network) >= looked + 2)  # it looked at its window again, and on
    assert table.mode == "reconnecting" and table.session.failure is None
    clock.advance(window)
    clock.release()
    step_until(app, lambda: table.mode == "gone")  # the window is over: gone at the next retry
    assert table.session.failure is None and failure_text(table.session)[0] == "The host is gone"
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TitleScene) and len(app.scenes) == 1
    host_screen.close()
    app.shutdown()


def test_nobody_at_the_address_is_said_plainly(data_dir):
    app = make_app()
    lobby = open_lobby(app, quick_lan(connect_timeout=0.3))
    lobby.join_address("127.0.0.1", 9)  # the discard port: nothing listens
    pick = app.scenes.top
    step_until(app, lambda: pick._lost_built, CEILING)
    assert [w.label for w in pick.group.widgets][:2] == ["Try again", "Back to the lobby"]
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is lobby
    app.shutdown()


def test_addresses_are_parsed_with_a_default_port():
    assert parse_address("192.168.1.4:5000") == ("192.168.1.4", 5000)
    assert parse_address(" 10.0.0.2 ") == ("10.0.0.2", 47474)
    assert parse_address("kitchen-pc.local:47474") == ("kitchen-pc.local", 47474)
    for bad in ("", ":47474", "1.2.3.4:0", "1.2.3.4:http", "a b:1", "a..b:9", ".kitchen", "kitchen.:1", "x" * 64):
        with pytest.raises(ValueError):
            parse_address(bad)


def test_a_name_no_lookup_takes_ends_the_guest_as_lost_not_its_thread():
    """'a..b' fails in the name's encoding (UnicodeError, before any lookup leaves the machine): the
    guest is told the host cannot be reached, as for any other address nobody answers at."""
    from net.client import STATUS_HOST_GONE

    guest = RemoteSession("a..b", 9, name="Sam", connect_timeout=0.3)
    try:
        wait_for(lambda: guest.status_text == STATUS_HOST_GONE, what="the guest given up")
    finally:
        guest.close()


# --- zeroconf, in a private network namespace ----------------------------------------------------
def test_the_lobby_joins_a_table_found_by_discovery():
    prefix = unshare_command()
    if prefix is None:
        pytest.skip("unshare/ip missing (tools/ensure-test-packages.sh installs them)")
    result = run_script_in_netns(prefix, __file__, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")  # 4 ceilings
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["listed"] == {"table": "Netns table", "game": "highcard", "host": "probe-host",
                                "free": 1, "seats": 2, "compatible": True}
    assert report["scenes"] == ["LobbyScene", "SeatPickScene", "WaitingRoomScene", "LanTableScene"]
    assert report["seats"] == [0] and report["table_shown"]


def discovery_probe() -> dict:
    """Inside the namespace: a host advertises; the lobby's browser lists it; keys join it."""
    import tempfile

    from net.discovery import TableAdvertiser

    os.environ.setdefault("TABLETIME_DATA_DIR", tempfile.mkdtemp(prefix="tabletime-netns-"))
    register_table("highcard", MiniTable)
    handle = start_host("highcard", "open,bot:easy", address="127.0.0.1", port=0, auto_start=False,
                        bot_delay=0.0, table_name="Netns table")
    advertiser = TableAdvertiser(table="Netns table", game="highcard", port=handle.port, free=1, seats=2,
                                 host_name="probe-host", cooperating_responders=True)
    app = make_app()
    scenes: list[str] = []

    def note_top() -> None:
        name = type(app.scenes.top).__name__
        if not scenes or scenes[-1] != name:
            scenes.append(name)

    try:
        lobby = LobbyScene(app, LanOptions(port=0, reconnect_window=2.0, connect_timeout=2.0, bot_delay=0.0))
        app.push(lobby)
        note_top()
        started = time.monotonic()
        step_until(app, lambda: lobby.table_list.tables)
        found_seconds = time.monotonic() - started
        listed = lobby.table_list.tables[0]
        key(app, pygame.K_RIGHT)  # Host a table -> the list
        key(app, pygame.K_RETURN)
        note_top()
        pick = app.scenes.top
        step_until(app, lambda: pick.peek.table is not None and pick.group.focused.label == "Take this seat")
        key(app, pygame.K_RETURN)
        note_top()
        room = app.scenes.top
        step_until(app, lambda: room.session.ready and room.missing_players() == 0)
        handle.start_game()
        table = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
        note_top()
        step_until(app, lambda: table.table.shown is not None)
        return {"listed": {"table": listed.table, "game": listed.game, "host": listed.host_name,
                           "free": listed.free_seats, "seats": listed.seats, "compatible": listed.compatible},
                "scenes": scenes, "seats": table.session.local_seats(), "table_shown": True,
                "found_seconds": found_seconds}
    finally:
        app.shutdown()
        advertiser.close()
        handle.stop()


def _main() -> int:
    if len(sys.argv) != 3 or sys.argv[1] != "--in-netns":
        print("usage: test_ui_lobby.py --in-netns PARENT_INODE", file=sys.stderr)
        return 2
    if not entered_private_netns(sys.argv[2]):
        return 3
    print(json.dumps(discovery_probe()))
    return 0


if __name__ == "__main__":
    sys.exit(_main())
