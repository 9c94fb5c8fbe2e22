"""A LAN host's own screen with people on both sides of a touch table: the host setup gives the
people here (not LAN players, not bots) the seat setup's Near/Far and pad badges under the same
conditions; the hosted table turns for a far-side person's turn like a local table (curtain, pause
menu, taps mapped back), keeps the sides and pads in its save for Resume, and no guest's or
spectator's screen ever turns for them.

Every socket is on 127.0.0.1 and nothing here starts zeroconf (discovery is off).
"""

from __future__ import annotations

from pathlib import Path
import sys

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import highcard  # noqa: E402,F401 - registers the test engine
from game.session import read_save  # noqa: E402
from game.ui.app import turned_point  # noqa: E402
from game.ui.lobby_host import HostedTable, HostScreenSession, HostSetupScene, LanOptions, hosted_save_path  # noqa: E402
from game.ui.lobby_room import LanTableScene, WaitingRoomScene  # noqa: E402
from game.ui.pause import PauseOverlay  # noqa: E402
from game.ui.results import ResultsScene  # noqa: E402
from game.ui.setup import SeatPadButton, SeatSideButton, seat_role  # noqa: E402
from game.ui.table_base import FAR_SEATS_KEY  # noqa: E402
from game.ui.table_lost_cities import LostCitiesTable  # noqa: E402
from game.ui.title import TitleScene  # noqa: E402
from net.host import SeatSpec  # noqa: E402
from test_lan_seats_and_drops import MiniTable, mini_table  # noqa: E402,F401 - High Card's smallest table
from test_table_sides16 import (app, lifted_curtain_of, settle_table, settle_turn, shows_as_drawn,  # noqa: E402,F401
                                shows_turned)
from ui_helpers import click, frames, key, make_app, pad, step_until, tap, widget_labelled  # noqa: E402


def quiet_lan(game: str) -> LanOptions:
    """Loopback only, no zeroconf, bots without a pause."""
    return LanOptions(discovery=False, port=0, games=(game,), interfaces=["127.0.0.1"], bot_delay=0.0)


def host_setup(app, game: str = "lost-in-time", seats: int = 3) -> HostSetupScene:
    """The host setup: Ann (the host) and Ben at this screen, the other seats open to LAN players."""
    app.settings.player_name = "Ann"
    setup = HostSetupScene(app, quiet_lan(game))
    app.push(setup)
    frames(app, 2)
    if setup.seat_count != seats:
        setup.set_seat_count(seats)
    setup.names[1] = "Ben"
    setup.set_who(1, "local")
    frames(app, 2)
    return setup


def side_badges(setup) -> list[SeatSideButton]:
    return [w for w in setup.group.widgets if isinstance(w, SeatSideButton)]


def pad_badges(setup) -> list[SeatPadButton]:
    return [w for w in setup.group.widgets if isinstance(w, SeatPadButton)]


def badge_of(setup, seat: int) -> SeatSideButton:
    return next(b for b in side_badges(setup) if b.seat == seat)


# --- the host setup -------------------------------------------------------------------------------
def test_the_people_here_get_side_badges_and_lan_players_and_bots_none(app):
    setup = HostSetupScene(app, quiet_lan("lost-in-time"))
    app.push(setup)
    frames(app, 2)
    setup.set_seat_count(3)
    assert side_badges(setup) == []  # the host alone here, the others over the network: nothing turns
    setup.set_who(1, "local")
    frames(app, 2)
    assert [b.seat for b in side_badges(setup)] == [0, 1]  # not the open seat 3
    assert pad_badges(setup) == []  # no gamepad plugged in: nobody is asked to press A
    setup.set_who(2, "expert")
    frames(app, 2)
    assert [b.seat for b in side_badges(setup)] == [0, 1]  # nor a bot's
    setup.turn_side(1)
    setup.set_who(1, "open")  # Ben plays from his own screen after all
    frames(app, 2)
    assert side_badges(setup) == [] and setup.far_seats == set()
    setup.set_who(1, "local")
    setup.set_seat_count(3)
    setup.turn_side(1)
    setup.set_seat_count(2)
    assert 1 in setup.far_seats
    setup.set_who(1, "easy")
    assert setup.far_seats == set()
    app.input.pad_number(0)  # a gamepad: pad badges for the people here
    setup.set_who(1, "local")
    frames(app, 2)
    assert [b.seat for b in pad_badges(setup)] == [0, 1]


def test_a_labyrinth_played_together_offers_no_sides_but_in_turns_does(app):
    setup = host_setup(app, "labyrinth", seats=2)
    setup.set_option("mode", "turns")
    frames(app, 2)
    assert [b.seat for b in side_badges(setup)] == [0, 1]
    setup.turn_side(1)
    setup.set_option("mode", "together")
    frames(app, 2)
    assert side_badges(setup) == [] and setup.far_seats_for_table() == set()


def test_tab_steps_through_each_seats_name_plays_and_side_in_order(app):
    setup = host_setup(app)
    setup.group.focus = 0  # Game
    roles = []
    for _ in range(len(setup.group.widgets)):
        widget = setup.group.focused
        roles.append(seat_role(widget) or widget.label)
        key(app, pygame.K_TAB)
    # (seat 3's name is the LAN player's to give: its field is off, and skipped)
    assert roles[:10] == ["Game", "Table", "Seats", ("name", 0), ("who", 0), ("side", 0), ("name", 1), ("who", 1),
                          ("side", 1), ("who", 2)]
    assert roles[-3:] == ["Open the table", "Back", "Game"]  # and round again


def test_a_second_person_here_keeps_the_focus_on_their_plays(app):
    """Seat 3 turned from a LAN player to a person here by Right: the badges that come narrow every
    row, and the focus stays on seat 3's "Plays" (not on whatever took its index)."""
    setup = host_setup(app)
    setup.set_who(1, "open")
    frames(app, 2)
    who = next(w for w in setup.group.widgets if seat_role(w) == ("who", 2))
    setup.group.focus = setup.group.widgets.index(who)
    key(app, pygame.K_RIGHT)  # LAN player -> Person here
    assert setup.who[2] == "local" and [b.seat for b in side_badges(setup)] == [0, 2]
    assert seat_role(setup.group.focused) == ("who", 2)
    assert setup.hints[1] == ("confirm", "Change")
    setup.group.focus = setup.group.widgets.index(badge_of(setup, 2))
    frames(app, 2)
    assert setup.hints[1] == ("confirm", "Select") and "across" in setup.help_text


@pytest.mark.parametrize("device", ["keyboard", "gamepad", "mouse", "touch"])
def test_the_side_badge_turns_bens_seat_by_each_device(app, device):
    setup = host_setup(app)
    if device == "keyboard":
        start = widget_labelled(setup, "Open the table")
        setup.group.focus = setup.group.widgets.index(start)
        while setup.group.focused is not badge_of(setup, 1):
            key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # back through the options to Ben's badge
        key(app, pygame.K_RETURN)
    elif device == "gamepad":  # Ben takes his seat with his pad, then turns his side with it
        app.input.pad_number(0)
        frames(app, 2)
        setup.group.focus = setup.group.widgets.index(pad_badges(setup)[1])
        pad(app, pygame.CONTROLLER_BUTTON_A)
        assert setup.seat_pads == {1: 0} and pad_badges(setup)[1].label == "Pad 1"
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
        assert setup.group.focused is badge_of(setup, 1)
        pad(app, pygame.CONTROLLER_BUTTON_A)
    else:
        pointer = {"mouse": click, "touch": tap}[device]
        pointer(app, badge_of(setup, 1).rect.center)
    assert setup.far_seats == {1} and badge_of(setup, 1).label == "Far" and badge_of(setup, 0).label == "Near"


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768)])
def test_the_badged_rows_fit_and_read_at_both_sizes(size, data_dir):
    """Two people here and a LAN seat, a pad plugged in: name, "Plays", side and pad badge side by
    side stay inside the seats' column, apart, with a 16-letter name still at a readable size."""
    from game.ui.setup import NAME_BOX_LEFT, RIGHT_X
    from game.ui.widgets import VALUE_PX, fit_px, min_px

    app = make_app(size)
    try:
        setup = host_setup(app)
        app.input.pad_number(0)
        frames(app, 3)
        for seat in range(3):
            row = sorted((w for w in setup.group.widgets if (seat_role(w) or ("",))[1:] == (seat,)),
                         key=lambda w: w.rect.x)
            assert len(row) == (4 if seat < 2 else 2)
            for left, right in zip(row, row[1:]):
                assert left.rect.right + 10 <= right.rect.left  # apart
            assert row[-1].rect.right < RIGHT_X  # clear of the options
            name_box = row[0].rect.width - NAME_BOX_LEFT - 10
            assert fit_px("Constantinopolis", "ui", VALUE_PX, name_box - 32) >= min_px()  # 16 letters read
        pygame.image.save(app.window, str(Path(data_dir) / "host-setup.png"))
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768)])
def test_six_seats_with_badges_keep_every_plays_readable_above_the_hints(size, data_dir):
    """Six seats, three people here and a pad: "Person here" beside the badges took one 11 px row
    in a 66 px row on a 1024x768 screen, and "Press to free" sat on its badge's rim. The badged rows
    are the seat setup's height (a value takes two rows at the menus' least size), closer together,
    and the last ends above the hint row."""
    from game.ui.chrome import CANVAS_H
    from game.ui.setup import ROW_H as SEAT_SETUP_ROW_H
    from game.ui.widgets import VALUE_PX, min_px, two_rows

    app = make_app(size)
    try:
        setup = host_setup(app)
        setup.set_seat_count(6)
        for seat, who in ((2, "local"), (3, "expert"), (5, "local")):
            setup.set_who(seat, who)
        app.input.pad_number(0)
        frames(app, 3)
        setup.pad_claims(5, 0)
        whos = [w for w in setup.group.widgets if (seat_role(w) or ("",))[0] == "who"]
        assert len(whos) == 6 and len(side_badges(setup)) == 4
        for who in whos:
            left, right = who._arrows()
            text = who.choices[who.index][1]
            px, _ = two_rows(text, "ui-bold", VALUE_PX, right.left - left.right - 12, who.value_height())
            assert px >= min(VALUE_PX, min_px()), (text, px)
        assert {b.rect.height for b in pad_badges(setup) + side_badges(setup)} == {SEAT_SETUP_ROW_H}
        assert max(w.rect.bottom for w in whos) <= CANVAS_H - 46 - 30  # clear of the hint row
    finally:
        app.shutdown()


# --- the hosted table -----------------------------------------------------------------------------
def open_hosted_lost_cities(app, far: set[int]) -> LanTableScene:
    """Ann and Ben at this screen host Lost Cities (Ben across the table when 1 is in `far`),
    opened and started by real inputs; returns the LAN table once its first curtain is up."""
    setup = host_setup(app, "lost-cities", seats=2)
    for seat in far:
        tap(app, badge_of(setup, seat).rect.center)
    tap(app, widget_labelled(setup, "Open the table").rect.center)
    room = step_until(app, lambda: isinstance(app.scenes.top, WaitingRoomScene) and app.scenes.top)
    assert isinstance(room.session, HostScreenSession)
    step_until(app, lambda: room.session.ready and room.missing_players() == 0)
    tap(app, room.start_button.rect.center)
    lan = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
    step_until(app, lambda: lan.table.curtain_seat is not None)
    return lan


def play_a_turn_by_keys(app, table: LostCitiesTable) -> None:
    """Enter lifts the focused card, Enter lays it on its first target, Enter draws: each move
    waits for the host's answer (over loopback) before the next key."""
    for presses in (2, 1):
        settle_table(app, table)
        version = table.shown.version
        for _ in range(presses):
            key(app, pygame.K_RETURN)
        step_until(app, lambda version=version: table.shown.version > version)


def to_bens_curtain(app, lan: LanTableScene) -> LostCitiesTable:
    table = lan.table
    if table.curtain_seat == 0:  # Ann (near) starts: her turn is shown as drawn
        lifted_curtain_of(app, table, 0)
        assert not app.turned and shows_as_drawn(app)
        play_a_turn_by_keys(app, table)
    step_until(app, lambda: table.curtain_seat == 1)
    settle_turn(app)
    step_until(app, lambda: not app.turning)  # (a loaded machine may still be in the dip)
    return table


def test_two_people_at_the_hosts_screen_are_not_told_they_were_renamed(app):
    """Ann hosting with Ben here read "Another player here is called Ann: this table calls Ann Ben."
    in the waiting room: the screen's session asked for every seat under Ann's name. Each seat is
    asked for under the name the setup gave it, and only a real renaming is said."""
    said: list[str] = []
    toast = app.toast
    app.toast = lambda message, kind="info": (said.append(message), toast(message, kind))[1]  # type: ignore[method-assign]
    setup = host_setup(app, "lost-cities", seats=2)
    setup.names[0] = "Ann at home"
    tap(app, widget_labelled(setup, "Open the table").rect.center)
    room = step_until(app, lambda: isinstance(app.scenes.top, WaitingRoomScene) and app.scenes.top)
    step_until(app, lambda: room.session.ready and room.session.table is not None and room._names_said)
    frames(app, 5)
    assert [seat.name for seat in room.session.table.seats] == ["Ann at home", "Ben"]
    assert not [line for line in said if "called" in line]


def test_the_hosts_table_turns_for_bens_turn_and_taps_and_the_pause_menu_follow(app):
    lan = open_hosted_lost_cities(app, far={1})
    table = to_bens_curtain(app, lan)
    assert table.far_seats == {1}
    assert app.turned and shows_turned(app)  # "Pass to Ben" faces Ben
    lifted_curtain_of(app, table, 1)
    assert app.turned and shows_turned(app)
    hand = list(table.board.hands[table.bottom_seat])
    card = hand[4]
    rect = table.sprites[card].draw_rect()
    tap(app, turned_point((rect.left + 24, rect.top + 70)))  # where Ben sees the card
    assert table.selected == card
    key(app, pygame.K_p)  # (Escape would first put the card back)
    menu = app.scenes.top
    assert isinstance(menu, PauseOverlay)
    frames(app, 20)
    assert app.turned and shows_turned(app)  # the pause menu faces Ben too
    resume = next(w for w in menu.group.widgets if w.label == "Resume")
    tap(app, turned_point(resume.rect.center))  # where Ben sees "Resume"
    frames(app, 5)
    assert app.scenes.top is lan and app.turned


def test_a_near_side_hosted_table_never_turns(app):
    lan = open_hosted_lost_cities(app, far=set())
    table = lan.table
    for seat in (table.curtain_seat, 1 - table.curtain_seat):
        step_until(app, lambda seat=seat: table.curtain_seat == seat)
        settle_turn(app)
        assert not app.turned and lan.screen_side() == "near"
        lifted_curtain_of(app, table, seat)
        play_a_turn_by_keys(app, table)


def test_the_hosted_save_keeps_the_sides_and_resume_turns_the_same_way(data_dir):
    from game.ui.lobby import LobbyScene

    app = make_app()
    try:
        app.push(TitleScene(app))
        lan = open_hosted_lost_cities(app, far={1})
        table = to_bens_curtain(app, lan)
        assert read_save(hosted_save_path()).table.get(FAR_SEATS_KEY) == 0b10  # from the first save on
        lifted_curtain_of(app, table, 1)
        play_a_turn_by_keys(app, table)  # a move or two, so the table is worth resuming
    finally:
        app.shutdown()  # the hosting program closes mid-game
    assert read_save(hosted_save_path()).table == {FAR_SEATS_KEY: 0b10}

    app = make_app()
    try:
        app.settings.player_name = "Ann"
        app.push(TitleScene(app))
        lobby = LobbyScene(app, quiet_lan("lost-cities"))
        app.push(lobby)
        frames(app, 2)
        assert not app.turned
        tap(app, widget_labelled(lobby, "Resume the last hosted table").rect.center)
        again = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
        assert isinstance(again.session, HostScreenSession)
        step_until(app, lambda: again.table.curtain_seat is not None)
        assert again.table.far_seats == {1}
        settle_turn(app)
        assert app.turned == (again.table.curtain_seat == 1) and again.screen_side() == (
            "far" if again.table.curtain_seat == 1 else "near")
    finally:
        app.shutdown()


def test_an_old_hosted_save_without_sides_resumes_all_near(app):
    """A table hosted by an older Tabletime (its save has no sides): resumed, everyone sits near."""
    from game.ui.lobby import LobbyScene

    lan_options = quiet_lan("lost-cities")
    hosted = HostedTable.open("lost-cities", [SeatSpec("local", name="Ann"), SeatSpec("local", name="Ben")],
                              table_name="T", options={}, lan=lan_options)  # as before: no sides given
    session = hosted.connect("Ann", lan_options)
    hosted.start_game()
    assert session.wait_until(lambda: session.ready and session.latest(0) is not None, 10)
    mover = session.latest(0).active[0]
    session.submit(session.latest(mover).legal[0])
    assert session.wait_until(lambda: session.latest(0).version == 1, 10)
    session.close()
    hosted.handle.stop()  # the program closed mid-game: its save stays
    save = read_save(hosted_save_path())
    assert save.actions and save.table == {} and save.pads == {}
    lobby = LobbyScene(app, lan_options)
    app.push(lobby)
    frames(app, 2)
    tap(app, widget_labelled(lobby, "Resume the last hosted table").rect.center)
    lan = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
    step_until(app, lambda: lan.table.curtain_seat is not None)
    settle_turn(app)
    assert lan.table.far_seats == set() and lan.screen_side() == "near" and not app.turned
    app.clear_to(TitleScene(app))  # (closes the resumed table)
    frames(app, 2)


# --- pads ---------------------------------------------------------------------------------------------
def test_a_pad_claimed_at_the_host_setup_plays_bens_seat_and_is_saved_by_number(app):
    setup = host_setup(app, "lost-cities", seats=2)
    app.input.pad_number(0)
    app.input.pad_number(7)  # two pads: Pad 1 and Pad 2
    frames(app, 2)
    setup.pad_claims(1, 7)
    tap(app, widget_labelled(setup, "Open the table").rect.center)
    room = step_until(app, lambda: isinstance(app.scenes.top, WaitingRoomScene) and app.scenes.top)
    step_until(app, lambda: room.session.ready)
    room.hosted.start_game()
    lan = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
    assert lan.table.seat_pads == {1: 7}
    assert read_save(hosted_save_path()).pads == {1: 2}  # "Pad 2" kept for Resume
    table = lan.table
    step_until(app, lambda: table.curtain_seat is not None)
    if table.curtain_seat == 0:
        lifted_curtain_of(app, table, 0, by_tap=False)
        play_a_turn_by_keys(app, table)
    step_until(app, lambda: table.curtain_seat == 1)
    press_a(app, 0)
    assert table.curtain_seat == 1  # Pad 1 is not Ben's: his curtain stays, and says whose turn it is
    press_a(app, 7)
    assert table.curtain_seat is None and table.viewer == 1  # his own pad lifts it
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=7))
    frames(app, 3)
    assert table.seat_pads == {}  # Ben's pad unplugged: his seat is shared again, and the save says so
    step_until(app, lambda: read_save(hosted_save_path()).pads == {})


def press_a(app, instance: int) -> None:
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=pygame.CONTROLLER_BUTTON_A, instance_id=instance))
    frames(app, 3)


# --- guests and spectators ----------------------------------------------------------------------------
def test_a_spectators_screen_never_turns_and_the_sides_never_leave_the_host(mini_table, data_dir):
    """Ann and Ben host High Card with Ben across the table; a friend watches from another screen.
    On Ben's turn the host's picture turns, the spectator's does not, and no frame the host sends
    carries the sides. Play again keeps Ben across the table."""
    from net.client import RemoteSession

    sent: list[bytes] = []
    lan_options = quiet_lan("highcard")
    hosted = HostedTable.open("highcard", [SeatSpec("local", name="Ann"), SeatSpec("local", name="Ben")],
                              table_name="T", options={"tricks": 1}, lan=lan_options, far_seats=[1])
    hosted.handle.host.tap = lambda seats, spectator, frame: sent.append(frame)
    host_app, watch_app = make_app(), make_app()
    ann = hosted.connect("Ann", lan_options)
    watcher = RemoteSession("127.0.0.1", hosted.handle.port, name="Wes", spectator=True)
    try:
        assert watcher.wait_until(lambda: watcher.ready, 10)
        hosted.start_game()
        host_lan = LanTableScene(host_app, ann, MiniTable(host_app, ann), hosted)
        assert ann.wait_until(lambda: ann.latest(0) is not None and ann.latest(1) is not None, 10)
        assert watcher.wait_until(lambda: watcher.latest(None) is not None, 10)
        watch_lan = LanTableScene(watch_app, watcher, MiniTable(watch_app, watcher))
        for app, lan in ((host_app, host_lan), (watch_app, watch_lan)):
            app.push(TitleScene(app))
            app.push(lan)
            frames(app, 2)
        for _ in range(2):  # each of Ann's and Ben's turns (one trick: one card each)
            step_until(host_app, lambda: host_lan.table.curtain_seat is not None)
            seat = host_lan.table.curtain_seat
            frames(host_app, 30)
            frames(watch_app, 30)
            assert host_app.turned == (seat == 1)
            assert not watch_app.turned and watch_lan.screen_side() == "near"
            key(host_app, pygame.K_RETURN)  # lift the curtain
            # the card is played once the table can act (an Enter before that is rightly ignored: a
            # loaded machine's run once pressed it while the lifted curtain's move still arrived)
            step_until(host_app, lambda: host_lan.table.can_act)
            key(host_app, pygame.K_RETURN)  # play the first card
            step_until(host_app, lambda seat=seat: host_lan.table.curtain_seat != seat)
        assert not any(FAR_SEATS_KEY.encode() in frame for frame in sent)
        assert watch_lan.table.far_seats == set() and not hasattr(watcher, "table_state")
        step_until(host_app, lambda: isinstance(host_app.scenes.top, ResultsScene))
        step_until(watch_app, lambda: isinstance(watch_app.scenes.top, ResultsScene))
        frames(host_app, 30)
        assert host_app.turned == (host_lan.table.viewer == 1)  # the results face whoever played last
        assert not watch_app.turned
        assert hosted.new_game()
        step_until(host_app, lambda: host_lan.table.shown is not None and host_lan.table.shown.version == 0)
        assert host_lan.table.far_seats == {1}  # the same people sit where they sat
        assert ann.table_state == {FAR_SEATS_KEY: 0b10}
    finally:
        ann.close()
        watcher.close()
        host_app.shutdown()
        watch_app.shutdown()
        hosted.stop()
