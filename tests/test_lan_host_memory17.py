"""The LAN host setup remembers its last table while Tabletime runs, as the seat setup does (the
shared TableMemory): close the hosted table in the waiting room, or come back after its results, and
Host a table shows the same game, table name, seats, names, who plays each, options and the people's
sides; each game keeps its own table. What no longer fits is dropped; pads are never remembered (a
pad may be unplugged); Resume of a saved hosted table reads its save, not the memory.

Every socket is on 127.0.0.1 and nothing here starts zeroconf (discovery is off).
"""

from __future__ import annotations

from pathlib import Path
import sys

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent))

import highcard  # noqa: E402,F401 - registers the test engine
from game.ui.lobby import LobbyScene  # noqa: E402
from game.ui.lobby_host import HostSetupScene, LanOptions  # noqa: E402
from game.ui.lobby_room import LanTableScene, WaitingRoomScene  # noqa: E402
from game.ui.pause import PauseOverlay  # noqa: E402
from game.ui.results import ResultsScene  # noqa: E402
from game.ui.setup import SeatPadButton, SeatSetupScene, SeatSideButton  # noqa: E402
from game.ui.title import TitleScene  # noqa: E402
from test_lan_seats_and_drops import mini_table  # noqa: E402,F401 - High Card's smallest table
from test_table_sides16 import app  # noqa: E402,F401
from ui_helpers import frames, key, make_app, step_until, tap, widget_labelled  # noqa: E402

GAMES = ("lost-cities", "lost-in-time", "labyrinth")


def quiet_lan(games: tuple[str, ...] = GAMES) -> LanOptions:
    """Loopback only, no zeroconf, bots without a pause."""
    return LanOptions(discovery=False, port=0, games=games, interfaces=["127.0.0.1"], bot_delay=0.0)


def lan_lobby(app, games: tuple[str, ...] = GAMES) -> LobbyScene:
    """LAN play, as Ann chose it on the title."""
    app.settings.player_name = "Ann"
    lobby = LobbyScene(app, quiet_lan(games))
    app.push(lobby)
    frames(app, 2)
    return lobby


def host_a_table(app, lobby: LobbyScene) -> HostSetupScene:
    """A tap on the lobby's Host a table."""
    tap(app, widget_labelled(lobby, "Host a table").rect.center)
    return step_until(app, lambda: isinstance(app.scenes.top, HostSetupScene) and app.scenes.top)


def choose_game(app, setup: HostSetupScene, game: str, way: int = pygame.K_RIGHT) -> None:
    """Right (or Left) on the Game cycler until it shows `game`."""
    setup.group.focus = 0
    while setup.game_id != game:
        key(app, way)


def side_of(setup: HostSetupScene, seat: int) -> SeatSideButton:
    return next(w for w in setup.group.widgets if isinstance(w, SeatSideButton) and w.seat == seat)


def pad_of(setup: HostSetupScene, seat: int) -> SeatPadButton:
    return next(w for w in setup.group.widgets if isinstance(w, SeatPadButton) and w.seat == seat)


def as_set(setup: HostSetupScene) -> tuple:
    """What Ann set on the host setup, seat by seat (only the seats at the table)."""
    count = setup.seat_count
    return (setup.game_id, setup.table_name, count, setup.who[:count], setup.names[:count], dict(setup.options),
            set(setup.far_seats))


def seats_of(setup: HostSetupScene) -> tuple:
    """What Ann set for the game in the cycler (the table's name is not the game's)."""
    game, _, *seats = as_set(setup)
    return (game, *seats)


def open_and_wait(app, setup: HostSetupScene) -> WaitingRoomScene:
    """A tap on Open the table; the waiting room, once its session is seated."""
    tap(app, widget_labelled(setup, "Open the table").rect.center)
    room = step_until(app, lambda: isinstance(app.scenes.top, WaitingRoomScene) and app.scenes.top)
    step_until(app, lambda: room.session.ready)
    return room


def bens_lost_in_time(app, setup: HostSetupScene) -> None:
    """Lost in Time for four: Ann and Ben here (Ben across the table, on his own pad), a Master bot
    called Cy, a LAN player; the action-skip rule, and the table called "Friday games"."""
    choose_game(app, setup, "lost-in-time")
    setup.set_seat_count(4)
    setup.names[1] = "Ben"
    setup.set_who(1, "local")
    setup.set_who(2, "master")
    setup.names[2] = "Cy"
    setup.set_option("disaster_skip", "action")
    setup.set_table_name("Friday games")
    app.input.pad_number(0)  # a gamepad: Ben takes his seat with it
    frames(app, 2)
    setup.pad_claims(1, 0)
    tap(app, side_of(setup, 1).rect.center)
    assert 1 in setup.far_seats and setup.seat_pads == {1: 0}


# --- closing the table and hosting again ----------------------------------------------------------------
def test_a_table_closed_in_the_waiting_room_is_the_table_hosting_offers_again(app):
    lobby = lan_lobby(app)
    setup = host_a_table(app, lobby)
    assert setup.game_id == "lost-cities" and setup.table_name == "Ann's table"  # nothing hosted yet
    bens_lost_in_time(app, setup)
    hosted = as_set(setup)
    room = open_and_wait(app, setup)
    key(app, pygame.K_ESCAPE)  # nobody from another screen is seated: the table closes at once
    step_until(app, lambda: app.scenes.top is lobby)
    assert room.hosted.handle.thread.is_alive() is False

    again = host_a_table(app, lobby)
    assert as_set(again) == hosted
    assert again.who[:4] == ["local", "local", "master", "open"] and again.names[:3] == ["Ann", "Ben", "Cy"]
    assert again.options["disaster_skip"] == "action"
    assert side_of(again, 1).label == "Far" and side_of(again, 0).label == "Near"
    # the pad is not remembered: it may be unplugged by now, so Ben presses A again
    assert again.seat_pads == {} and pad_of(again, 1).label == "Any pad"


def test_each_game_keeps_its_own_table_and_the_game_cycler_comes_back_to_what_was_set(app):
    lobby = lan_lobby(app)
    setup = host_a_table(app, lobby)
    choose_game(app, setup, "labyrinth")  # a Labyrinth for three, in turns, The Tower
    setup.set_seat_count(3)
    setup.names[1] = "Dee"
    setup.set_who(1, "local")
    setup.set_option("mode", "turns")
    setup.set_option("scenario", "tower")
    frames(app, 2)
    tap(app, side_of(setup, 0).rect.center)  # Ann sits across the table this time
    labyrinth = seats_of(setup)
    open_and_wait(app, setup)
    key(app, pygame.K_ESCAPE)
    step_until(app, lambda: app.scenes.top is lobby)

    setup = host_a_table(app, lobby)
    assert seats_of(setup) == labyrinth
    choose_game(app, setup, "lost-cities")  # never hosted: the Labyrinth's first two seats, as they are
    assert setup.seat_count == 2 and setup.names[:2] == ["Ann", "Dee"] and setup.far_seats == {0}
    bens_lost_in_time(app, setup)  # Lost in Time, never hosted: the seats carry over, then Ann sets them
    lost_in_time = seats_of(setup)
    choose_game(app, setup, "lost-cities", pygame.K_LEFT)  # only passed through before: the seats as they are now
    assert setup.names[:2] == ["Ann", "Ben"] and setup.who[:2] == ["local", "local"] and 1 in setup.far_seats
    choose_game(app, setup, "labyrinth")  # (Right: Lost in Time comes back as Ann left it, then the Labyrinth)
    assert seats_of(setup) == labyrinth  # the Labyrinth as it last opened
    choose_game(app, setup, "lost-in-time", pygame.K_LEFT)
    assert seats_of(setup) == lost_in_time  # and Lost in Time as Ann left it, not as it came
    assert setup.seat_pads == {1: 0}  # (Ben's pad stays with him on this screen)


def test_a_remembered_seat_that_no_longer_fits_is_dropped(app):
    lobby = lan_lobby(app, ("lost-in-time", "labyrinth", "lost-cities"))
    setup = host_a_table(app, lobby)
    setup.set_seat_count(6)
    for seat in (1, 5):
        setup.set_who(seat, "local")
    app.input.pad_number(0)
    frames(app, 2)
    setup.pad_claims(5, 0)
    setup.turn_side(5)
    setup.turn_side(1)
    choose_game(app, setup, "labyrinth")  # never hosted: its seats are Lost in Time's, all six fit
    assert setup.seat_count == 6 and setup.far_seats == {1, 5}
    choose_game(app, setup, "lost-cities")  # two seats: seat 6's side and pad go
    assert setup.seat_count == 2 and setup.far_seats == {1} and setup.seat_pads == {}
    setup.set_who(1, "master")  # (and a bot keeps no side)
    assert setup.far_seats == set()

    # a remembered table that this game cannot seat any more keeps the setup's defaults
    app.settings.last_tables["lan-host"] = {"game": "chess", "table": 12}
    app.settings.last_tables["lan-host:lost-in-time"] = {
        "seats": 9, "who": ["local", "gremlin", "master"], "names": ["Zed", 5, "Cy"],
        "options": {"disaster_skip": "never", "chips": True}, "far": [0, 2, 7, "x"]}
    app.pop()
    frames(app, 2)
    setup = host_a_table(app, lobby)
    assert setup.game_id == "lost-in-time" and setup.table_name == "Ann's table"  # no chess here
    assert setup.seat_count == 2  # nine seats are not a Lost in Time table
    assert setup.names[:3] == ["Ann", "Ada", "Cy"] and setup.who[:3] == ["local", "open", "master"]
    assert setup.options == {"disaster_skip": "turn", "chips": True}  # no rule "never"
    assert setup.far_seats == {0}  # a bot's seat, a seat past the table and a word sit nowhere


def test_a_table_that_could_not_open_is_not_remembered(app):
    lobby = lan_lobby(app)
    setup = host_a_table(app, lobby)
    bens_lost_in_time(app, setup)
    setup.lan.interfaces = ["no such address"]
    tap(app, widget_labelled(setup, "Open the table").rect.center)
    assert app.scenes.top is setup and not any(key.startswith("lan-host") for key in app.settings.last_tables)


def test_the_default_table_name_follows_a_new_name_and_a_typed_one_stays(app):
    lobby = lan_lobby(app)
    open_and_wait(app, host_a_table(app, lobby))
    key(app, pygame.K_ESCAPE)
    step_until(app, lambda: app.scenes.top is lobby)
    app.settings.player_name = "Bea"  # (typed in the lobby's name field)
    setup = host_a_table(app, lobby)
    assert setup.table_name == "Bea's table" and setup.names[0] == "Bea"
    setup.set_table_name("Quiz night")
    open_and_wait(app, setup)
    key(app, pygame.K_ESCAPE)
    step_until(app, lambda: app.scenes.top is lobby)
    assert host_a_table(app, lobby).table_name == "Quiz night"


def test_the_seat_setup_and_the_host_setup_each_keep_their_own(app):
    """Hosting Lost Cities with Ben at a LAN seat does not seat a LAN player in the solo setup, and
    the solo setup's table does not come to the host setup."""
    lobby = lan_lobby(app)
    setup = host_a_table(app, lobby)
    setup.set_who(0, "open")  # Ann hosts for two friends on their own screens
    hosted = as_set(setup)
    open_and_wait(app, setup)
    key(app, pygame.K_ESCAPE)
    step_until(app, lambda: app.scenes.top is lobby)
    solo = SeatSetupScene(app, "lost-cities")
    assert solo.who[:2] == ["human", "easy"]  # as a first game here: nothing from the LAN table
    solo.names[1] = "Max"
    solo.set_who(1, "human")
    solo.turn_side(1)
    solo.remember_table("lost-cities")  # (what Start the game does)
    again = SeatSetupScene(app, "lost-cities")
    assert again.who[:2] == ["human", "human"] and again.names[1] == "Max" and again.far_seats == {1}
    assert as_set(host_a_table(app, lobby)) == hosted


# --- after a hosted game's results; Resume -----------------------------------------------------------
def test_after_a_hosted_games_results_hosting_again_shows_the_same_table(app, mini_table):
    lobby = lan_lobby(app, ("highcard",))
    setup = host_a_table(app, lobby)
    setup.set_who(1, "easy")
    setup.names[1] = "Robo"
    setup.set_option("tricks", 1)
    setup.set_table_name("One trick")
    hosted = as_set(setup)
    room = open_and_wait(app, setup)
    # every seat taken first: a Start pressed while the host's own seat is still on its way is
    # rightly refused ("Waiting for the host"), which a loaded run once met
    step_until(app, lambda: room.start_button is not None and room.missing_players() == 0)
    tap(app, room.start_button.rect.center)
    lan = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
    step_until(app, lambda: lan.table.can_act or isinstance(app.scenes.top, ResultsScene))
    if not isinstance(app.scenes.top, ResultsScene):
        key(app, pygame.K_RETURN)  # Ann plays her card
    results = step_until(app, lambda: isinstance(app.scenes.top, ResultsScene) and app.scenes.top)
    tap(app, widget_labelled(results, "Back to title").rect.center)
    step_until(app, lambda: isinstance(app.scenes.top, TitleScene))
    lobby = lan_lobby(app, ("highcard",))  # LAN play again
    assert "Resume the last hosted table" not in [w.label for w in lobby.group.widgets]  # (the game was over)
    assert as_set(host_a_table(app, lobby)) == hosted


def test_resume_reads_the_hosted_save_not_the_memory_and_leaves_the_memory_be(app):
    lobby = lan_lobby(app, ("lost-cities",))
    setup = host_a_table(app, lobby)
    setup.names[1] = "Ben"
    setup.set_who(1, "local")
    frames(app, 2)
    tap(app, side_of(setup, 1).rect.center)
    hosted = as_set(setup)
    room = open_and_wait(app, setup)
    step_until(app, lambda: room.missing_players() == 0)
    tap(app, room.start_button.rect.center)
    lan = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
    session = lan.session
    step_until(app, lambda: session.latest(0) is not None)
    mover = session.latest(0).active[0]
    version = session.latest(mover).version
    session.submit(session.latest(mover).legal[0])  # a move, so the table is worth resuming
    step_until(app, lambda: session.latest(mover).version > version)
    key(app, pygame.K_p)
    menu = step_until(app, lambda: isinstance(app.scenes.top, PauseOverlay) and app.scenes.top)
    menu.group.focus = menu.group.widgets.index(widget_labelled(menu, "Close the table for everyone"))
    key(app, pygame.K_RETURN)  # (Enter: Ben's turn may have turned the screen to him)
    step_until(app, lambda: isinstance(app.scenes.top, TitleScene))

    app.settings.last_tables["lan-host:lost-cities"]["far"] = []  # the memory says otherwise now
    remembered = {key: dict(value) for key, value in app.settings.last_tables.items()}
    lobby = lan_lobby(app, ("lost-cities",))
    tap(app, widget_labelled(lobby, "Resume the last hosted table").rect.center)
    again = step_until(app, lambda: isinstance(app.scenes.top, LanTableScene) and app.scenes.top)
    step_until(app, lambda: again.table.curtain_seat is not None)
    assert again.table.far_seats == {1}  # from the save
    assert [seat.name for seat in again.session.table.seats] == ["Ann", "Ben"]
    assert app.settings.last_tables == remembered  # Resume neither reads nor writes it
    app.clear_to(TitleScene(app))  # (closes the resumed table)
    frames(app, 2)
    lobby = lan_lobby(app, ("lost-cities",))
    assert as_set(host_a_table(app, lobby)) == hosted[:-1] + (set(),)
