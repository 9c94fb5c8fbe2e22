"""A touch table with people on both sides: a person seat can sit on the far side (chosen in the
seat setup by any device, remembered, kept in the autosave); from that person's curtain through
their turn the App shows the picture turned 180 degrees and maps taps back (keys and pads, held or
used facing that person, are not turned);
bots' turns and the results keep the last person's side; near-side games look exactly as before."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.bots.base import make_bot
from game.core.registry import find_game
from game.core.types import Action, GameConfig, SeatConfig
from game.rules.lost_cities import card_colour
from game.session import LocalSession, read_save, write_save
from game.ui.app import TURN_SECONDS, turned_point
from game.ui.input import InputMapper
from game.ui.pause import PauseOverlay
from game.ui.results import ResultsScene
from game.ui.rules import RulesScene
from game.ui.settings import Settings
from game.ui.setup import SeatSideButton, SeatSetupScene
from game.ui.table_base import FAR_SEATS_KEY
from game.ui.table_lost_cities import LostCitiesTable
from game.ui.table_lost_in_time import LostInTimeTable
from game.ui.table_time_after_time import TimeAfterTimeTable
from game.ui.title import TitleScene, autosave_path
from game.ui.tween import MOTION
from ui_helpers import click, frames, key, make_app, pad, tap

CANVAS = (1920, 1080)


@pytest.fixture
def app(data_dir):
    application = make_app()
    application.push(TitleScene(application))
    frames(application, 2)
    yield application
    application.shutdown()
    MOTION.speed, MOTION.reduced = 1.0, False


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def shows_turned(app) -> bool:
    """The window shows exactly the canvas turned 180 degrees."""
    return pixels(app.window) == pixels(pygame.transform.flip(app.canvas, True, True))


def shows_as_drawn(app) -> bool:
    return pixels(app.window) == pixels(app.canvas)


def settle_turn(app) -> None:
    """Frames enough for the turn's dip to dark and back to end."""
    frames(app, int(TURN_SECONDS * 60) + 3)


def step_until(app, predicate, limit: int = 3000) -> None:
    for _ in range(limit):
        if predicate():
            return
        frames(app, 1)
    raise AssertionError("never happened")


# --- the seat setup ---------------------------------------------------------------------------------
def two_people_setup(app, game: str = "lost-cities") -> SeatSetupScene:
    setup = SeatSetupScene(app, game)
    app.push(setup)
    frames(app, 2)
    setup.names[:2] = ["Ann", "Ben"]
    setup.set_who(1, "human")
    frames(app, 2)
    return setup


def side_badges(setup: SeatSetupScene) -> list[SeatSideButton]:
    return [w for w in setup.group.widgets if isinstance(w, SeatSideButton)]


def badge_of(setup: SeatSetupScene, seat: int) -> SeatSideButton:
    return next(b for b in side_badges(setup) if b.seat == seat)


def focus_on_start(setup: SeatSetupScene) -> None:
    """The focus on "Start the game": from there Left reaches the last seat's badge (Right on a
    "Plays" cycler changes who plays)."""
    start = next(w for w in setup.group.widgets if w.label == "Start the game")
    setup.group.focus = setup.group.widgets.index(start)


@pytest.mark.parametrize("device", ["keyboard", "gamepad", "mouse", "touch"])
def test_the_side_badge_turns_a_seat_to_the_far_side_by_each_device(app, device):
    setup = two_people_setup(app)
    assert [b.seat for b in side_badges(setup)] == [0, 1]
    assert all(b.label == "Near" for b in side_badges(setup))
    if device == "keyboard":
        focus_on_start(setup)
        key(app, pygame.K_LEFT)
        assert setup.group.focused is badge_of(setup, 1)
        key(app, pygame.K_RETURN)
    elif device == "gamepad":
        app.input.pad_number(0)  # the pad is plugged in: pad badges join the side badges
        frames(app, 2)
        focus_on_start(setup)
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)  # onto Ben's pad badge, then his side badge
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
        assert setup.group.focused is badge_of(setup, 1)
        pad(app, pygame.CONTROLLER_BUTTON_A)
    elif device == "mouse":
        click(app, badge_of(setup, 1).rect.center)
    else:
        tap(app, badge_of(setup, 1).rect.center)
    assert setup.far_seats == {1}
    assert badge_of(setup, 1).label == "Far" and badge_of(setup, 0).label == "Near"
    assert "across" in setup.help_text or device in ("mouse", "touch")  # the focused badge's help says it
    setup.begin()
    table = app.scenes.top
    assert isinstance(table, LostCitiesTable) and table.far_seats == {1}
    # and again: a second press sits Ben on the near side once more
    app.pop()
    frames(app, 15)
    again = two_people_setup(app)
    assert again.far_seats == {1}  # remembered with the setup's other choices
    again.turn_side(1)
    assert again.far_seats == set() and badge_of(again, 1).label == "Near"


def test_side_badges_show_only_for_two_people_taking_turns(app):
    setup = SeatSetupScene(app, "lost-in-time")
    app.push(setup)
    frames(app, 2)
    setup.set_seat_count(3)
    assert side_badges(setup) == []  # one person against bots: nothing to turn
    setup.set_who(2, "human")
    frames(app, 2)
    assert [b.seat for b in side_badges(setup)] == [0, 2]  # people's seats only, not the bot's
    setup.turn_side(2)
    setup.set_who(2, "easy")
    frames(app, 2)
    assert side_badges(setup) == [] and setup.far_seats == set()  # a bot sits nowhere
    app.pop()
    frames(app, 15)
    labyrinth = SeatSetupScene(app, "labyrinth")
    app.push(labyrinth)
    frames(app, 2)
    labyrinth.set_seat_count(2)
    labyrinth.set_who(1, "human")
    labyrinth.set_option("mode", "turns")
    frames(app, 2)
    assert [b.seat for b in side_badges(labyrinth)] == [0, 1]  # in turns the screen can turn
    labyrinth.turn_side(1)
    labyrinth.set_option("mode", "together")
    frames(app, 2)
    assert side_badges(labyrinth) == []  # anyone moves: the screen stays near-side
    assert labyrinth.table_far_seats(labyrinth.config()) == set()


def test_a_crowded_row_keeps_readable_pad_and_side_badges(app):
    """Two people and a gamepad: the side badge and the pad badge share the row's end without
    running into the options column, and "Person here" stays on its cycler."""
    from game.ui.chrome import MARGIN
    from game.ui.setup import LEFT_W, SeatPadButton

    app.input.pad_number(21)
    setup = two_people_setup(app, "lost-in-time")
    frames(app, 2)
    pads = [w for w in setup.group.widgets if isinstance(w, SeatPadButton)]
    sides = side_badges(setup)
    assert len(pads) == 2 and len(sides) == 2
    for side, pad_badge in zip(sides, pads):
        assert side.rect.right < pad_badge.rect.left and pad_badge.rect.right <= MARGIN + LEFT_W
        assert pad_badge.rect.width >= 150 and side.rect.width >= 110


# --- a real Lost Cities game, Ben across the table ------------------------------------------------
def lost_cities_hot_seat(app, far: set[int], seed: int = 3) -> LostCitiesTable:
    session = LocalSession(GameConfig.make("lost-cities", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben")]),
                           seed, bot_delay=0.0, autosave=autosave_path())
    table = LostCitiesTable(app, session)
    table.far_seats = set(far)
    app.push(table)
    frames(app, 2)
    return table


def settle_table(app, table) -> None:
    step_until(app, lambda: not table.animating and not any(s.moving for s in table.sprites.values()))


def play_a_turn_by_keys(app, table: LostCitiesTable) -> None:
    """Enter lifts the focused card, Enter lays it on its first target, Enter draws."""
    settle_table(app, table)
    for _ in range(3):
        key(app, pygame.K_RETURN)
        settle_table(app, table)


def lifted_curtain_of(app, table, seat: int, by_tap: bool = True) -> None:
    step_until(app, lambda: table.curtain_seat == seat)
    if by_tap:
        tap(app, (960, 700))  # anywhere: a tap lifts it (the point is the same turned or not)
    else:
        key(app, pygame.K_RETURN)
    assert table.curtain_seat is None and table.viewer == seat
    settle_table(app, table)
    settle_turn(app)


def test_bens_turn_shows_the_table_turned_and_taps_and_arrows_follow(app):
    table = lost_cities_hot_seat(app, far={1})
    step_until(app, lambda: table.curtain_seat is not None)
    first = table.curtain_seat
    if first == 0:  # Ann (near) starts here: her turn is shown as drawn
        lifted_curtain_of(app, table, 0)
        assert not app.turned and shows_as_drawn(app)
        play_a_turn_by_keys(app, table)
    step_until(app, lambda: table.curtain_seat == 1)
    settle_turn(app)
    assert app.turned and shows_turned(app)  # "Pass to Ben" faces Ben
    lifted_curtain_of(app, table, 1)
    assert app.turned and shows_turned(app)

    # arrows: the picture faces Ben, so his Right is the picture's right (the keyboard faces him)
    hand = list(table.board.hands[table.bottom_seat])
    table.focus = ("hand", hand[2])
    key(app, pygame.K_RIGHT)
    assert table.focus == ("hand", hand[3])
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert table.focus == ("hand", hand[1])

    # a tap where Ben sees a card (the turned spot of its visible part) picks that very card
    card = hand[4]
    rect = table.sprites[card].draw_rect()
    seen_at = turned_point((rect.left + 24, rect.top + 70))
    tap(app, seen_at)
    assert table.selected == card
    before = len(table.session.actions)
    pile = table.pile_zone(card_colour(card)).center
    tap(app, turned_point(pile))
    assert table.session.actions[before] == Action.make(1, "discard", card=card)
    settle_table(app, table)
    tap(app, turned_point(table.deck_rect().center))  # Ben draws where he sees the deck
    step_until(app, lambda: table.curtain_seat == 0)
    settle_turn(app)
    assert not app.turned and shows_as_drawn(app)  # "Pass to Ann" faces Ann


def test_the_turn_dips_to_dark_and_back_and_reduced_motion_cuts(app):
    table = lost_cities_hot_seat(app, far={0, 1} - {0})
    step_until(app, lambda: table.curtain_seat is not None)
    if table.curtain_seat == 0:
        lifted_curtain_of(app, table, 0, by_tap=False)
        play_a_turn_by_keys(app, table)
    # the frame the curtain of Ben rises on starts the dip: darker than the picture, then turned
    step_until(app, lambda: app.turning)
    darkest = 255
    for _ in range(int(TURN_SECONDS * 60) + 2):
        frames(app, 1)
        darkest = min(darkest, max(app.window.get_at((960, 540))[:3]))
    assert darkest < 40  # it went (nearly) dark in the middle
    assert not app.turning and shows_turned(app)

    lifted_curtain_of(app, table, 1, by_tap=False)
    MOTION.reduced = True
    play_a_turn_by_keys(app, table)
    step_until(app, lambda: table.curtain_seat == 0)
    assert not app.turning and not app.turned and shows_as_drawn(app)  # a cut, at once


def test_the_pause_menu_and_its_rules_face_ben_and_taps_reach_their_buttons(app):
    table = lost_cities_hot_seat(app, far={1})
    step_until(app, lambda: table.curtain_seat is not None)
    if table.curtain_seat == 0:
        lifted_curtain_of(app, table, 0)
        play_a_turn_by_keys(app, table)
    lifted_curtain_of(app, table, 1)
    key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, PauseOverlay)
    frames(app, 20)
    assert app.turned and shows_turned(app)
    rules = next(w for w in menu.group.widgets if w.label == "Rules")
    tap(app, turned_point(rules.rect.center))  # where Ben sees "Rules"
    frames(app, 20)
    assert isinstance(app.scenes.top, RulesScene)
    assert app.turned and shows_turned(app)
    key(app, pygame.K_ESCAPE)
    frames(app, 20)
    assert app.scenes.top is menu and app.turned


def test_a_near_side_game_is_shown_pixel_for_pixel_as_before(app):
    table = lost_cities_hot_seat(app, far=set())
    step_until(app, lambda: table.curtain_seat is not None)
    for seat in (table.curtain_seat, 1 - table.curtain_seat):
        lifted_curtain_of(app, table, seat)
        assert not app.turned and not app.turning and shows_as_drawn(app)
        play_a_turn_by_keys(app, table)
    assert FAR_SEATS_KEY not in table.session.table_state  # nothing new in its save either


def test_a_smaller_window_shows_the_scaled_picture_turned(data_dir):
    application = make_app((1280, 720))
    try:
        application.push(TitleScene(application))
        frames(application, 2)
        table = lost_cities_hot_seat(application, far={0, 1})
        step_until(application, lambda: table.curtain_seat is not None)
        settle_turn(application)
        scaled = pygame.transform.scale(application.canvas, (1280, 720))
        assert pixels(application.window) == pixels(pygame.transform.flip(scaled, True, True))
        # a tap on the turned window lands where that spot of the canvas is
        assert application._window_to_canvas((0, 0)) == (1919, 1079)
        assert application._window_to_canvas((1279, 719)) == pytest.approx((0.5, 0.5), abs=0.01)
    finally:
        application.shutdown()


# --- the autosave keeps the sides ------------------------------------------------------------------
def test_continue_turns_the_screen_the_same_way(app, data_dir):
    setup = two_people_setup(app)
    setup.turn_side(1)
    setup.begin()
    table = app.scenes.top
    assert isinstance(table, LostCitiesTable)
    step_until(app, lambda: table.curtain_seat is not None)
    first = table.curtain_seat
    lifted_curtain_of(app, table, first)
    play_a_turn_by_keys(app, table)
    step_until(app, lambda: table.curtain_seat == 1 - first)
    assert autosave_path().exists()
    assert read_save(autosave_path()).table.get(FAR_SEATS_KEY) == 0b10
    app.clear_to(TitleScene(app))
    frames(app, 20)
    assert not app.turned  # the title faces the near side

    app.scenes.top.continue_game()
    resumed = app.scenes.top
    assert isinstance(resumed, LostCitiesTable) and resumed is not table
    assert resumed.far_seats == {1}
    step_until(app, lambda: resumed.curtain_seat is not None)
    settle_turn(app)
    assert app.turned == (resumed.curtain_seat == 1)


def test_an_old_save_without_sides_continues_near_and_the_sides_survive_a_rewrite(app, data_dir):
    session = LocalSession(GameConfig.make("lost-cities", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben")]),
                           5, bot_delay=0.0)
    save = session.save_game()
    assert save.table == {}
    path = Path(data_dir) / "old.tt"
    write_save(path, save)
    assert read_save(path).table == {}
    save.table = {FAR_SEATS_KEY: 0b01, "labyrinth_hints": 2}
    write_save(path, save)
    assert read_save(path).table == {FAR_SEATS_KEY: 1, "labyrinth_hints": 2}
    table = LostCitiesTable(app, session)  # no sides in its save: everyone near
    app.push(table)
    frames(app, 3)
    assert table.far_seats == set() and table.screen_side() == "near"


# --- Lost in Time at six, sides mixed; bots keep the last person's side -----------------------------
def play_through(app, table, far: set[int], people_bots: dict, limit: int = 40000,
                 curtains: int | None = None) -> dict[str, int]:
    """Play a hot-seat game to its results (or through `curtains` curtains) by the people's bots'
    choices; at every frame the picture faces the side of the person behind the curtain, else of the
    last person who played (bots' turns and the results keep it). Returns counts of what was checked."""
    seen = {"curtains": 0, "far_curtains": 0, "bot_frames": 0, "turns_of_picture": 0}
    last_person = None
    was_turned = app.turned
    for _ in range(limit):
        frames(app, 1)
        if app.turned != was_turned:
            seen["turns_of_picture"] += 1
            # the picture turns only to a curtain's person (never during a bot's turn)
            assert table.curtain_seat is not None, "the picture turned without a curtain"
            was_turned = app.turned
        if isinstance(app.scenes.top, ResultsScene):
            frames(app, 20)
            assert app.turned == (last_person in far)  # the results keep the last person's side
            return seen
        if curtains is not None and seen["curtains"] >= curtains and table.can_act:
            return seen
        if table.curtain_seat is not None:
            frames(app, 1)
            assert app.turned == (table.curtain_seat in far)
            seen["curtains"] += 1
            seen["far_curtains"] += table.curtain_seat in far
            key(app, pygame.K_RETURN, settle=1)
            last_person = table.viewer
            continue
        shown = table.shown
        if shown is not None and shown.outcome is None and shown.active and shown.active[0] not in table.local_seats:
            seen["bot_frames"] += 1
            assert app.turned == (table.viewer in far)
        if table.can_act and not table.holding():
            assert app.turned == (table.viewer in far)
            last_person = table.viewer
            table.submit(people_bots[table.viewer].choose(table.view, list(table.legal)))
            frames(app, 2)
    raise AssertionError("the game did not end")


def test_a_six_seat_lost_in_time_game_with_people_on_both_sides(app):
    app.settings.animation_speed = 4.0
    app.apply_motion()
    seats = [SeatConfig("human", "Ann"), SeatConfig("bot", "Bea", "easy"), SeatConfig("human", "Ben"),
             SeatConfig("bot", "Cy", "easy"), SeatConfig("human", "Dee"), SeatConfig("human", "Eve")]
    far = {2, 4}
    table = LostInTimeTable(app, LocalSession(GameConfig.make("lost-in-time", seats), 11, bot_delay=0.0))
    table.far_seats = set(far)
    app.push(table)
    people = {seat: make_bot("lost-in-time", "easy", find_game("lost-in-time"), seat, 7) for seat in (0, 2, 4, 5)}
    seen = play_through(app, table, far, people, curtains=10)  # two rounds and more (its end: below)
    assert seen["far_curtains"] >= 4 and seen["curtains"] > seen["far_curtains"] and seen["bot_frames"] > 0
    assert seen["turns_of_picture"] >= 4


def test_time_after_time_turns_to_the_far_person_too(app):
    app.settings.animation_speed = 4.0
    app.apply_motion()
    seats = [SeatConfig("human", "Ann"), SeatConfig("human", "Ben"), SeatConfig("bot", "Cy", "easy")]
    table = TimeAfterTimeTable(app, LocalSession(GameConfig.make("time-after-time", seats), 6, bot_delay=0.0))
    table.far_seats = {1}
    app.push(table)
    people = {seat: make_bot("time-after-time", "easy", find_game("time-after-time"), seat, 3) for seat in (0, 1)}
    seen = play_through(app, table, {1}, people)
    assert seen["far_curtains"] >= 2 and seen["bot_frames"] > 0 and seen["turns_of_picture"] >= 2


def test_the_labyrinth_turns_in_turns_and_stays_near_played_together(app):
    from game.ui.table_labyrinth import LabyrinthTable

    for mode, expected in (("turns", "far"), ("together", "near")):
        config = GameConfig.make("labyrinth", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben")], mode=mode)
        table = LabyrinthTable(app, LocalSession(config, 2, bot_delay=0.0))
        table.far_seats = {0}
        app.push(table)
        frames(app, 5)
        assert table.screen_side() == expected
        frames(app, int(TURN_SECONDS * 60) + 3)
        assert app.turned == (expected == "far")
        app.pop()
        frames(app, 20)
        assert not app.turned


# --- the input mapper ---------------------------------------------------------------------------------
def down(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def up(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)


def kinds(intents) -> list[str]:
    return [intent.kind for intent in intents]


def test_tab_keeps_the_focus_order_and_stops_when_let_go():
    pygame.init()
    mapper = InputMapper(Settings())
    tab = pygame.K_TAB
    assert kinds(mapper.feed([down(tab)])) == ["down"]  # the next in the focus order
    assert kinds(mapper.update(0.5)) == ["down"]  # held, it repeats
    mapper.feed([up(tab)])
    assert mapper.update(2.0) == []  # let go, it stops (it kept repeating until another key went up)


def test_turned_points_map_both_ways():
    assert turned_point((0, 0)) == (1919, 1079)
    assert turned_point(turned_point((123.5, 456.0))) == (123.5, 456.0)


def test_a_table_opened_facing_far_dips_without_the_menu_it_left_upside_down(app):
    """The dip is the change's one transition: the stack's cross-fade from the menu (which would show
    the title upside down as the picture comes up) does not run under it."""
    table = lost_cities_hot_seat(app, far={0, 1})
    assert app.turning and table.curtain_seat is not None
    assert app.scenes._fade_from is None
    settle_turn(app)
    assert shows_turned(app)


def test_a_smaller_window_near_side_is_scaled_as_before(data_dir):
    application = make_app((1280, 720))
    try:
        application.push(TitleScene(application))
        table = lost_cities_hot_seat(application, far=set())
        step_until(application, lambda: table.curtain_seat is not None)
        frames(application, 20)
        assert not application.turned
        scaled = pygame.transform.scale(application.canvas, (1280, 720))
        assert pixels(application.window) == pixels(scaled)
        assert application._window_to_canvas((0, 0)) == (0.0, 0.0)
    finally:
        application.shutdown()
