"""LAN play as paying players met it in the session-13 playtest (host and guests as separate
processes of the real program, in a private network namespace), and what was fixed.

Every socket here is on 127.0.0.1 and nothing starts zeroconf (discovery is off).
"""

from __future__ import annotations

from pathlib import Path
import sys
import time

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
from ui_helpers import click, frames, key, make_app, step_until, widget_labelled  # noqa: E402
from waits16 import CEILING, wait_for  # noqa: E402
from test_lan_seats_and_drops import quick_lan


class MiniTable(TableSceneBase):
    """A table that draws nothing: enough to start a game and play it out."""


@pytest.fixture
def mini_table():
    register_table("highcard", MiniTable)
    yield
    unregister_table("highcard")


# --- two players with the same name ------------------------------------------------------------
def test_a_second_player_with_a_taken_name_is_numbered_and_keeps_it_on_rejoin():
    """Two guests who both kept their program's name (Gus) sat as 'Gus' and 'Gus': the log said
    'Gus played 11H00' and nobody knew which. The host numbers the second one, on every screen and
    in the game's own words; a bot's name counts as taken too; a seat rejoining keeps its name."""
    handle = start_host("time-after-time", "open,open,open,bot:easy", bot_delay=0.0, seed=4, auto_start=False)
    bot_name = handle.table_status().seats[3].name
    sessions: list[RemoteSession] = []
    for seat, name in enumerate(("Gus", "gus", bot_name)):  # one after the other: the first keeps the name
        sessions.append(RemoteSession("127.0.0.1", handle.port, name=name, seats=[seat]))
        assert sessions[-1].wait_until(lambda: sessions[-1].ready, CEILING)
    first, second, third = sessions
    try:
        assert [s.name for s in handle.table_status().seats] == ["Gus", "gus 2", f"{bot_name} 2", bot_name]
        token = second.token
        second.close()
        again = RemoteSession("127.0.0.1", handle.port, name="gus", token=token)
        try:
            assert again.wait_until(lambda: again.ready, CEILING)
            assert handle.table_status().seats[1].name == "gus 2"  # not 'gus 3': the seat is its own
            handle.start_game()
            assert again.wait_until(lambda: again.latest(1) is not None, CEILING)
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
    assert one.wait_until(lambda: one.ready, CEILING)
    two = RemoteSession("127.0.0.1", handle.port, name=long_name, seats=[1])
    try:
        assert two.wait_until(lambda: two.ready, CEILING)
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
        assert watcher.wait_until(lambda: watcher.ready, CEILING)
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
        assert watcher.wait_until(lambda: watcher.started and watcher.table.seats[1].kind == "bot", CEILING)
        assert hosted.handle.host.config.seats[1].kind == "bot"
        assert hosted.handle.free_seats() == 0  # the announcement says the table is full
        assert BotDriver([hana], seed=3).play(CEILING)  # the bot plays its turns: the game ends
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
        assert ann.wait_until(lambda: ann.ready, CEILING)
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
        assert one.wait_until(lambda: one.ready, CEILING)
        handle.start_game()
        assert handle.bots_for_empty_seats() == "the game has already started"
        assert handle.table_status().seats[1].kind == "open"
    finally:
        one.close()
        handle.stop()


# --- a `serve` table after its game --------------------------------------------------------------
def test_a_headless_host_deals_again_to_the_players_still_at_the_table(capsys):
    """A guest's results at a `serve` table said 'The host can deal another game: stay at this table
    for it', but a headless host has nobody to press Play again: the players waited for nothing.
    `serve` now deals a new game a few seconds (`--again`) after one ends, if someone is still
    seated, and says so on its terminal."""
    import asyncio

    from net.serve import _deal_again

    handle = start_host("highcard", "open,open", bot_delay=0.0, seed=6)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1])
    dealer = asyncio.run_coroutine_threadsafe(_deal_again(handle.host, 0.2), handle.loop)
    try:
        assert BotDriver([ann, bob], seed=2).play(CEILING)
        assert ann.wait_until(lambda: ann.game_number == 1, CEILING)  # the client's sign of a new deal
        latest = ann.latest(0)
        assert ann.wait_until(lambda: ann.latest(0) is not None and ann.latest(0).version == 0, CEILING)
        assert latest is not None and ann.latest(0).outcome is None
        said: list[str] = []

        def dealt() -> bool:  # printed on the host's thread, just after the deal
            said.append(capsys.readouterr().out)
            return "serve: dealt a new game" in "".join(said)

        wait_for(dealt, pause=0.02, what="the terminal's word of a new deal")
        assert BotDriver([ann, bob], seed=3).play(CEILING)  # and that game plays to its end too
    finally:
        dealer.cancel()
        ann.close()
        bob.close()
        handle.stop()


def test_nobody_at_the_table_gets_no_new_deal():
    import asyncio

    from net.serve import _deal_again

    handle = start_host("highcard", "open,open", bot_delay=0.0, seed=6)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1])
    dealer = asyncio.run_coroutine_threadsafe(_deal_again(handle.host, 0.3), handle.loop)
    try:
        assert BotDriver([ann, bob], seed=2).play(CEILING)
        ann.close()
        bob.close()
        wait_for(lambda: not handle.call(handle.host.someone_connected), pause=0.02, what="everyone gone")
        time.sleep(0.8)  # the dealer's 0.3 s went by twice
        assert handle.snapshot()[2]  # still the finished game: nobody to deal to
    finally:
        dealer.cancel()
        handle.stop()


def test_serve_says_on_its_terminal_who_sits_down_drops_and_returns(capsys):
    from net.serve import _seat_reporter

    handle = start_host("highcard", "open,open", bot_delay=0.0, auto_start=False)
    handle.call(lambda: handle.host.listeners.append(_seat_reporter(handle.host)))
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0], reconnect_window=0.0)
    try:
        assert ann.wait_until(lambda: ann.ready, CEILING)
        handle.start_game()
        token = ann.token
        ann.close()
        wait_for(lambda: not handle.table_status().seats[0].connected, pause=0.02, what="Ann's drop seen")
        back = RemoteSession("127.0.0.1", handle.port, name="Ann", token=token)
        assert back.wait_until(lambda: back.ready, CEILING)
        back.close()
    finally:
        handle.stop()
    out = capsys.readouterr().out
    assert "serve: Ann took seat 1" in out and "serve: the game started (Ann, Seat 2)" in out
    assert "serve: Ann (seat 1) lost the connection; the seat is held" in out
    assert "serve: Ann (seat 1) is back" in out


# --- coming back to a table ----------------------------------------------------------------------
class ListedTables:
    """The lobby's table list, as zeroconf would fill it (no zeroconf here)."""

    def __init__(self, tables) -> None:
        self._tables, self.changes = list(tables), 1

    def tables(self):
        return list(self._tables)

    def close(self) -> None:
        pass


def test_the_list_says_your_seat_is_held_where_it_said_full_you_can_watch(data_dir, monkeypatch):
    """A player whose program died mid-game opened LAN play again: their table read 'FULL · you can
    watch', as if the seat was lost. The row now says the seat is held, and Join says it rejoins;
    a table of another name on the same address and port is not mistaken for it."""
    from game.ui.lobby import LobbyScene
    from net.discovery import DiscoveredTable
    from net.seat_tokens import SeatTokens, StoredSeats

    SeatTokens().remember(StoredSeats("127.0.0.1", 47474, "t" * 24, "Hana's table", "lost-in-time", [2], ["Bo"]))
    listed = ListedTables([
        DiscoveredTable("a", "Hana's table", "lost-in-time", "vm", "127.0.0.1", 47474, 0, 3, 1),
        DiscoveredTable("b", "Kitchen", "lost-cities", "pc", "127.0.0.1", 47475, 0, 2, 1)])
    app = make_app()
    try:
        lobby = LobbyScene(app, LanOptions(discovery=True, port=0), browser_factory=lambda lan: listed)
        app.push(lobby)
        step_until(app, lambda: len(lobby.table_list.tables) == 2)
        assert lobby.table_list.held == {"a"}
        assert lobby.join_button is not None and lobby.join_button.sub == "Rejoin your seat"
        assert lobby.join_button.primary and not lobby.watch_button.primary  # full, but the seat is ours
        lobby.table_list.index = 1
        step_until(app, lambda: lobby.join_button.sub == "Choose your seat")
        assert lobby.watch_button.primary and not lobby.join_button.primary  # full: watching is what is left
        drawn: list[str] = []
        import game.ui.lobby as lobby_module

        real_blit = lobby_module.blit_text

        def noting_blit(surface, text, *rest, **kw):
            drawn.append(text)
            return real_blit(surface, text, *rest, **kw)

        monkeypatch.setattr(lobby_module, "blit_text", noting_blit)
        lobby.draw(app.canvas, 1.0)
        assert "YOUR SEAT" in drawn and "held for you · rejoin" in drawn and drawn.count("FULL") == 1
        # last week's token at the same address and port, another table name: not held
        SeatTokens().forget("t" * 24)
        SeatTokens().remember(StoredSeats("127.0.0.1", 47474, "u" * 24, "Old table", "lost-in-time", [2], ["Bo"]))
        lobby.table_list.set_tables(listed.tables())
        assert lobby.table_list.held == set()
    finally:
        app.shutdown()


def test_rejoin_is_offered_only_where_the_seat_still_waits_for_its_player(data_dir):
    """A token kept from an older table on the same address and default port put 'Rejoin your
    seats' first on the seat list of a new table, and pressing it failed. It is offered only when
    the stored seats are taken under the player's name (also as the host numbered it: 'Gus 2')."""
    from game.ui.lobby import SeatPickScene, same_player_name
    from net.seat_tokens import SeatTokens, StoredSeats

    assert same_player_name("Gus 2", "gus") and same_player_name("Gus", "Gus")
    assert not same_player_name("Gustav", "Gus") and not same_player_name("Ann", "Gus")
    handle = start_host("highcard", "open,open", bot_delay=0.0, auto_start=False)
    app = make_app()
    first = RemoteSession("127.0.0.1", handle.port, name="Gus", seats=[0])
    second: RemoteSession | None = None
    try:
        assert first.wait_until(lambda: first.ready, CEILING)
        SeatTokens().remember(StoredSeats("127.0.0.1", handle.port, "s" * 24, "", "highcard", [1], ["Gus"]))
        app.push(TitleScene(app))
        pick = SeatPickScene(app, "127.0.0.1", handle.port, quick_lan())
        app.push(pick)
        step_until(app, lambda: pick.peek is not None and pick.peek.table is not None and pick.group.widgets
                   and any(w.label == "Take this seat" for w in pick.group.widgets))
        assert pick.stored is None and "Rejoin your seats" not in [w.label for w in pick.group.widgets]
        assert pick.group.focused.label == "Take this seat"  # seat 2 is free: the stale token is not offered
        app.pop()
        # now seat 2 is really held for a Gus who sat down (numbered 'Gus 2') and dropped
        second = RemoteSession("127.0.0.1", handle.port, name="Gus", seats=[1])
        assert second.wait_until(lambda: second.ready, CEILING)
        handle.start_game()  # (a goodbye in the waiting room would give the seat up)
        SeatTokens().forget("s" * 24)
        SeatTokens().remember(StoredSeats("127.0.0.1", handle.port, second.token, "", "highcard", [1], ["Gus"]))
        second.close()
        pick = SeatPickScene(app, "127.0.0.1", handle.port, quick_lan())
        app.push(pick)
        rejoin = step_until(app, lambda: pick.peek.table is not None and pick.group.focused is not None
                            and pick.group.focused.label == "Rejoin your seats" and pick.group.focused)
        assert rejoin.sub == "Seat 2 as Gus"
    finally:
        first.close()
        app.shutdown()
        handle.stop()


def test_leaving_a_finished_game_forgets_its_token_and_leaving_one_under_way_keeps_it(data_dir, mini_table):
    from net.seat_tokens import SeatTokens

    handle = start_host("highcard", "open,open", bot_delay=0.0, seed=3)
    app = make_app()
    try:
        for finish in (False, True):
            ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
            bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1])
            app.push(TitleScene(app))
            room = WaitingRoomScene(app, ann)
            app.push(room)
            table = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
            assert SeatTokens().find("127.0.0.1", handle.port) is not None  # kept on joining
            if finish:
                assert BotDriver([ann, bob], seed=2).play(CEILING)
                step_until(app, lambda: table.game_over())
            app.clear_to(TitleScene(app))  # Back to title (results) / Leave the table (pause menu)
            kept = SeatTokens().find("127.0.0.1", handle.port)
            assert (kept is None) if finish else (kept is not None and kept.token == ann.token)
            bob.close()
            if not finish:  # a new table for the finished round
                handle.stop()
                handle = start_host("highcard", "open,open", bot_delay=0.0, seed=3)
    finally:
        app.shutdown()
        handle.stop()


# --- the link drops mid-game ---------------------------------------------------------------------
def test_a_press_made_as_the_reconnecting_card_comes_up_does_not_leave_the_table(data_dir, mini_table):
    """The link dropped as a guest pressed Enter to play a card: the reconnecting card came up with
    'Leave the table' focused and that very press left the table. For a second after the card
    appears Confirm does nothing there; after that it leaves as before."""
    from game.ui.lobby_room import LEAVE_ARMS_AFTER

    handle = start_host("highcard", "local,open", bot_delay=0.0, seed=3, auto_start=False)
    host_screen = handle.connect_local("Alex")
    guest = RemoteSession("127.0.0.1", handle.port, name="Gus", seats=[1], reconnect_window=10 * CEILING)
    app = make_app()
    try:
        app.push(TitleScene(app))
        app.push(WaitingRoomScene(app, guest))
        assert guest.wait_until(lambda: guest.ready, CEILING)
        handle.start_game()
        table = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
        host = handle.host

        def cut() -> None:  # the host's machine drops off the network: no goodbye
            for server in host._servers:
                server.close()
            for link in list(host.links.values()):
                link.writer.transport.abort()

        handle.call(cut)
        step_until(app, lambda: table.mode == "reconnecting", CEILING)
        assert table.group.focused.label == "Leave the table"
        key(app, pygame.K_RETURN)  # meant for the table
        assert app.scenes.top is table and table.mode == "reconnecting"
        step_until(app, lambda: table.overlay_age >= LEAVE_ARMS_AFTER, CEILING)
        key(app, pygame.K_RETURN)  # now on purpose
        assert isinstance(app.scenes.top, TitleScene)
    finally:
        host_screen.close()
        guest.close()
        app.shutdown()
        handle.stop()


# --- leaving the waiting room --------------------------------------------------------------------
def test_a_guest_who_leaves_the_waiting_room_frees_the_seat_at_once(data_dir):
    """'Leave the table' in the waiting room kept the seat taken for the whole grace window (two
    minutes): the host read 'Gus lost the connection. Their seat is held for them.', 'Everyone is
    seated' let them start without Gus, and a friend arriving found the table full. Leave now says
    goodbye with `leave` and the host frees the seat at once; its screen says so; the next player
    takes it; the token kept for the table is forgotten."""
    from game.ui.lobby_room import seat_changes

    handle = start_host("highcard", "local,open", bot_delay=0.0, auto_start=False)
    host_screen = handle.connect_local("Hana")
    app = make_app()
    try:
        assert host_screen.wait_until(lambda: host_screen.ready, CEILING)
        app.push(TitleScene(app))
        gus = RemoteSession("127.0.0.1", handle.port, name="Gus", reconnect_window=0.0)
        room = WaitingRoomScene(app, gus)
        # a program closing (or a lost link) still holds the seat, as before: only Leave gives it up
        app.push(room)
        step_until(app, lambda: gus.ready and handle.free_seats() == 0)
        assert host_screen.wait_until(lambda: host_screen.table.seats[1].taken, CEILING)
        before = host_screen.table
        click(app, widget_labelled(room, "Leave the table").rect.center)
        assert isinstance(app.scenes.top, TitleScene)
        wait_for(lambda: handle.free_seats() == 1, pause=0.02, what="Gus's seat open again")
        assert not handle.table_status().seats[1].taken
        assert host_screen.wait_until(lambda: host_screen.table is not before and not host_screen.table.seats[1].taken, CEILING)
        assert seat_changes(before, host_screen.table, {0}) == [("Gus left seat 2: it is open again.", "warning")]
        from net.seat_tokens import SeatTokens

        assert SeatTokens().find("127.0.0.1", handle.port) is None
        ann = RemoteSession("127.0.0.1", handle.port, name="Ann")
        try:
            assert ann.wait_until(lambda: ann.ready, CEILING) and ann.local_seats() == [1]
        finally:
            ann.close()
    finally:
        host_screen.close()
        app.shutdown()
        handle.stop()


def test_a_goodbye_during_the_game_still_holds_the_seat():
    handle = start_host("highcard", "open,open", bot_delay=0.0, seed=2)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1], reconnect_window=0.0)
    try:
        assert bob.wait_until(lambda: bob.started, CEILING)
        bob.close()
        wait_for(lambda: not handle.table_status().seats[1].connected, pause=0.02, what="Bob's goodbye seen")
        seat = handle.table_status().seats[1]
        assert seat.taken and not seat.connected and seat.name == "Bob"  # held for Bob to come back
    finally:
        ann.close()
        handle.stop()


def test_the_leave_flag_is_sent_only_when_true_and_read_back():
    from net.protocol import Bye, Connection, Sender

    client, host = Connection(Sender.CLIENT), Connection(Sender.HOST)
    assert Bye().to_wire() == {"type": "bye", "code": "", "message": ""}  # the frames of before, unchanged
    assert host.receive_data(client.send(Bye(leave=True))) == [Bye(leave=True)]


# --- a player who dropped on their own turn ------------------------------------------------------
def test_a_turn_waits_less_than_the_whole_grace_window_for_an_absent_player():
    """Bo's program crashed on Bo's turn: everyone looked at 'Waiting for Bo to reconnect…' for the
    whole grace window (two minutes) before a stand-in played. Now the stand-in plays a turn once
    `turn_grace` (45 s by default) has passed since the drop; the seat is still Bo's, and a seat
    whose turn it is not keeps waiting for the whole window."""
    from net.host import TURN_GRACE

    assert TURN_GRACE < 120
    grace = 10 * CEILING  # the whole window: a stand-in that waited for it would fail the wait below
    handle = start_host("highcard", "open,open", bot_delay=0.0, seed=2, grace=grace, turn_grace=0.4)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1], reconnect_window=0.0)
    try:
        assert ann.wait_until(lambda: ann.latest(0) is not None, CEILING) and bob.wait_until(lambda: bob.latest(1) is not None, CEILING)
        driver = BotDriver([ann], seed=1)
        mover = ann.latest(0).active[0]
        if mover == 0:  # Ann leads: her move hands the turn to Bob
            assert driver.play(CEILING, until=lambda: ann.latest(0).active == (1,) or ann.latest(0).active == [1])
        bob.close()  # gone on his own turn
        dropped = time.monotonic()
        assert ann.wait_until(lambda: ann.table is not None and ann.table.seats[1].level == "stand-in", CEILING)
        waited = time.monotonic() - dropped
        assert 0.3 < waited < grace  # after the turn's grace, not the whole window
        assert ann.table.seats[1].name == "Bob" and ann.table.seats[1].taken  # still his seat
        assert driver.play(CEILING)  # the stand-in plays Bob's turns with Ann: the game ends
    finally:
        ann.close()
        handle.stop()


def test_an_absent_player_whose_turn_it_is_not_keeps_the_seat_without_a_stand_in():
    handle = start_host("highcard", "open,open", bot_delay=0.0, seed=2, grace=30.0, turn_grace=0.3)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1], reconnect_window=0.0)
    try:
        assert ann.wait_until(lambda: ann.latest(0) is not None, CEILING) and bob.wait_until(lambda: bob.latest(1) is not None, CEILING)
        if 1 in ann.latest(0).active:  # Bob leads: let his move hand the turn to Ann first
            assert BotDriver([bob], seed=1).play(CEILING, until=lambda: 0 in (bob.latest(1).active or ()))
        bob.close()  # Ann is to move: nobody waits for Bob yet
        assert ann.wait_until(lambda: ann.table is not None and not ann.table.seats[1].connected, CEILING)
        time.sleep(0.8)
        ann.poll()
        assert ann.table.seats[1].level != "stand-in"
    finally:
        ann.close()
        handle.stop()


def test_serve_reports_a_player_who_sits_down_while_the_table_is_being_announced(capsys, monkeypatch, tmp_path):
    """The terminal missed 'Gus took seat 1' and the start: the reporter was added after the
    announcement, which takes a second or two, and a quick player sat down during it."""
    import argparse
    import asyncio
    import os
    import signal
    import threading

    import net.serve as serve

    parser = argparse.ArgumentParser()
    serve._add_arguments(parser)
    args = parser.parse_args(["highcard", "--seats", "open,bot:easy", "--port", "0", "--interface", "127.0.0.1",
                              "--save", str(tmp_path / "t.tt"), "--bot-delay", "0"])
    seated = threading.Event()

    async def slow_announcement(host, port):  # a player sits down while zeroconf is still probing
        def join() -> None:
            gus = RemoteSession("127.0.0.1", port, name="Gus")
            gus.wait_until(lambda: gus.started, CEILING)
            gus.close()
            seated.set()

        threading.Thread(target=join, daemon=True).start()
        while not seated.is_set():
            await asyncio.sleep(0.02)
        asyncio.get_running_loop().call_later(0.3, os.kill, os.getpid(), signal.SIGINT)  # Ctrl-C: close
        return None

    monkeypatch.setattr(serve, "_advertise", slow_announcement)
    code = asyncio.run(serve._serve(args, serve.parse_seats(args.seats), ["127.0.0.1"], tmp_path / "t.tt", {}))
    out = capsys.readouterr().out
    assert code == 0
    assert "serve: Gus took seat 1" in out and "serve: the game started (Gus, " in out


def test_a_player_seated_under_a_numbered_name_is_told_which_name_is_theirs(data_dir):
    """The second Gus sat as 'Gus 2' without a word: the log's 'Gus 2 played…' did not look like
    them. Their waiting room says it once."""
    handle = start_host("highcard", "open,open", bot_delay=0.0, auto_start=False)
    first = RemoteSession("127.0.0.1", handle.port, name="Gus", seats=[0])
    app = make_app()
    toasts: list[str] = []
    app.toast = lambda message, kind="info": toasts.append(message)  # type: ignore[method-assign]
    try:
        assert first.wait_until(lambda: first.ready, CEILING)
        app.push(TitleScene(app))
        second = RemoteSession("127.0.0.1", handle.port, name="Gus")
        room = WaitingRoomScene(app, second)
        app.push(room)
        step_until(app, lambda: second.ready and second.table is not None and room._names_said)
        from game.ui.lobby_room import renamed_seats

        assert toasts.count("Another player here is called Gus: this table calls you Gus 2.") == 1
        assert first.wait_until(lambda: first.table is not None, CEILING)  # (its table message may lag under load)
        assert renamed_seats(first, first.table) == []  # the first Gus keeps the name: nothing to say
    finally:
        first.close()
        app.shutdown()
        handle.stop()


def test_the_hosts_results_say_that_back_to_title_closes_the_table(data_dir):
    """The host's results offered 'Play again' and 'Back to title' alike; the second silently ended
    the table for every guest. The host's footer now says so (a guest's says the host deals)."""
    from game.ui.lobby_room import GUEST_RESULTS_NOTE, HOST_RESULTS_NOTE, open_lan_table

    lan = quick_lan()
    hosted = HostedTable.open("lost-cities", [SeatSpec("local", name="Hana"), SeatSpec("open")], table_name="T",
                              options={"rounds": 1}, lan=lan)
    app = make_app()
    hana = hosted.connect("Hana", lan)
    gus = RemoteSession("127.0.0.1", hosted.handle.port, name="Gus")
    try:
        assert hana.wait_until(lambda: hana.ready, CEILING) and gus.wait_until(lambda: gus.ready, CEILING)
        hosted.start_game()
        assert hana.wait_until(lambda: hana.started and hana.latest(0) is not None, CEILING)
        assert gus.wait_until(lambda: gus.started and gus.latest(1) is not None, CEILING)
        host_table = open_lan_table(app, hana, hosted)
        guest_table = open_lan_table(app, gus)
        assert host_table is not None and host_table.table.results_note == HOST_RESULTS_NOTE
        assert guest_table is not None and guest_table.table.results_note == GUEST_RESULTS_NOTE
        assert "closes the table for everyone" in HOST_RESULTS_NOTE
    finally:
        hana.close()
        gus.close()
        app.shutdown()
        hosted.stop()


def test_the_waiting_rooms_seat_news_leaves_when_the_game_opens(data_dir, mini_table):
    """'Ann took seat 2.', 'Hana 2 took seat 3.', 'Hana 2 left seat 3' stayed stacked over the top of
    the new table for seconds, over the opponents' names and the turn banner. The seat news of the
    waiting room slides out as the game opens; other toasts stay."""
    from game.ui.toast import RETIRE_SECONDS

    lan = quick_lan()
    hosted = HostedTable.open("highcard", [SeatSpec("local", name="Hana"), SeatSpec("open")], table_name="T",
                              options={}, lan=lan)
    app = make_app()
    hana = hosted.connect("Hana", lan)
    gus: RemoteSession | None = None
    try:
        app.push(TitleScene(app))
        room = WaitingRoomScene(app, hana, hosted)
        app.push(room)
        step_until(app, lambda: room.session.table is not None)
        gus = RemoteSession("127.0.0.1", hosted.handle.port, name="Gus")
        step_until(app, lambda: room.missing_players() == 0)
        news = next(t for t in app.toasts.items if t.text == "Gus took seat 2.")
        other = app.toast("Your settings were reset.", "warning")  # not seat news: it stays
        hosted.start_game()
        step_until(app, lambda: isinstance(app.scenes.top, LanTableScene))
        assert news.age >= news.seconds - RETIRE_SECONDS - 0.05
        assert other in app.toasts.items and other.age < other.seconds - 1.0
    finally:
        hana.close()
        if gus is not None:
            gus.close()
        app.shutdown()
        hosted.stop()


def test_a_person_here_who_sits_where_a_bot_was_is_not_called_by_its_name(data_dir):
    """The host's setup: seat 2 turned from a bot (or an open seat) into a person at this screen
    kept the bot's name ("Pass to Ada" for Ben); it is "Player 2" now, a typed name stays, and a bot
    back in an unnamed seat gets its own name again (as the solo setup does)."""
    from game.ui.lobby_host import HostSetupScene

    app = make_app()
    try:
        setup = HostSetupScene(app, LanOptions(discovery=False, port=0, games=("time-after-time",)))
        app.push(setup)
        frames(app, 2)
        bot_name = setup.names[1]
        setup.set_who(1, "expert")
        setup.set_who(1, "local")
        assert setup.names[1] == "Player 2"
        setup.set_who(1, "easy")
        assert setup.names[1] == bot_name
        setup.set_who(1, "open")
        setup.set_who(1, "local")
        assert setup.names[1] == "Player 2"
        setup.set_name(1, "Ben")
        setup.set_who(1, "master")
        setup.set_who(1, "local")
        assert setup.names[1] == "Ben"
    finally:
        app.shutdown()
