"""The menus around the tables, played through as a new customer would (title, picker, setup,
on-screen keyboard, settings, rules, pause): what that playtest found and what was fixed."""

from __future__ import annotations

import time

import pygame
import pytest

from game.ui.title import TitleScene, autosave_path
from ui_helpers import frames, key, make_app, pad, tap, widget_labelled
from waits16 import CEILING


@pytest.fixture
def app(data_dir):
    application = make_app()
    yield application
    application.shutdown()


def start_lost_cities(app):
    """Title -> Play -> Lost Cities -> Start, by keyboard; returns the table."""
    app.push(TitleScene(app))
    frames(app, 3)
    key(app, pygame.K_RETURN, settle=6)  # Play
    key(app, pygame.K_RETURN, settle=6)  # Lost Cities
    setup = app.scenes.top
    setup.group.set_focus(widget_labelled(setup, "Start the game"))
    key(app, pygame.K_RETURN, settle=30)
    table = app.scenes.top
    assert type(table).__name__ == "LostCitiesTable"
    return table


# --- the pause menu says what Quit does to the game ---------------------------------------------------
def test_pause_menu_says_the_game_is_saved_before_quitting(app):
    """"Quit to title" alone left a player wondering whether the game was lost; its button now says
    that Continue picks the game up, and the title's Continue keeps that promise."""
    table = start_lost_cities(app)
    session = table.session
    session.bot_delay = 0
    for _ in range(300):  # whoever starts: the bot's first move, or this person's
        if session.actions:
            break
        if 0 in session.engine.active_seats(session.state):
            session.submit(session.engine.legal_actions(session.state, 0)[0])
        frames(app, 1)
    moves = len(session.actions)
    assert moves and autosave_path().exists()
    key(app, pygame.K_ESCAPE, settle=6)
    quit_button = widget_labelled(app.scenes.top, "Quit to title")
    assert quit_button.sub == "Saved: Continue on the title picks it up"
    quit_button.activate()
    frames(app, 5)
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    assert widget_labelled(title, "Continue").sub == f"Lost Cities · {moves} move{'s' if moves > 1 else ''} in"


def test_pause_menu_says_nothing_is_saved_before_the_first_move(app):
    from game.core.types import GameConfig, SeatConfig
    from game.session import LocalSession
    from game.ui.tables import table_scene_for

    config = GameConfig.make("lost-cities", [SeatConfig("human", "Ann"), SeatConfig("bot", "Ada", "easy")])
    session = LocalSession(config, 5, autosave=autosave_path(), bot_delay=600)
    app.push(table_scene_for("lost-cities")(app, session))
    frames(app, 10)
    key(app, pygame.K_ESCAPE, settle=6)
    assert not session.actions
    assert widget_labelled(app.scenes.top, "Quit to title").sub == "Nothing played yet, so nothing is saved"


def test_pause_menu_names_a_failing_save(app):
    from game.core.types import GameConfig, SeatConfig
    from game.session import LocalSession
    from game.ui.tables import table_scene_for

    config = GameConfig.make("lost-cities", [SeatConfig("human", "Ann"), SeatConfig("bot", "Ada", "easy")])
    session = LocalSession(config, 5, autosave=autosave_path(), bot_delay=600)  # no bot move clears it
    app.push(table_scene_for("lost-cities")(app, session))
    frames(app, 5)
    session.save_problem = "the disk is full"
    key(app, pygame.K_ESCAPE, settle=6)
    assert widget_labelled(app.scenes.top, "Quit to title").sub == "Saving failed: Continue has the last save"


def test_a_hosts_pause_menu_promises_no_continue(app):
    from game.ui.pause import PauseOverlay

    table = start_lost_cities(app)
    app.push(PauseOverlay(app, "lost-cities", hosting=True))
    frames(app, 3)
    assert widget_labelled(app.scenes.top, "Close the table for everyone").sub == ""
    assert table.session.autosave_path is not None  # the line is left out for the host, not for want of a save


# --- the on-screen keyboard's capitals --------------------------------------------------------------
def test_on_screen_keyboard_types_a_name_by_pad_without_switching_case(app):
    """By pad "Zoe" took a trip to "abc" after the Z (and "ABC" again for the next name): the keys turn
    to small letters after a word's first letter, and to capitals again at a new word or empty field."""
    from game.ui.osk import OnScreenKeyboard
    from game.ui.setup import SeatSetupScene

    setup = SeatSetupScene(app, "lost-in-time")
    app.push(setup)
    frames(app, 3)
    setup.group.set_focus(widget_labelled(setup, "Seat 2"))
    pad(app, pygame.CONTROLLER_BUTTON_A)
    osk = app.scenes.top
    assert isinstance(osk, OnScreenKeyboard)
    for _ in range(3):
        pad(app, pygame.CONTROLLER_BUTTON_X)  # erase "Ada"
    assert osk.entry.text == "" and widget_labelled(osk, "Z")

    def press(letter: str) -> None:
        osk.group.set_focus(widget_labelled(osk, letter))
        pad(app, pygame.CONTROLLER_BUTTON_A)

    press("Z")
    press("o")  # no "abc" press between: the keys are small letters now
    press("e")
    press("Space")
    press("A")  # a new word starts with a capital again
    press("n")
    assert osk.entry.text == "Zoe An"
    pad(app, pygame.CONTROLLER_BUTTON_B)  # done
    assert setup.names[1] == "Zoe An"


def test_on_screen_keyboard_capitals_come_back_when_a_name_is_erased_by_touch(app):
    from game.ui.osk import OnScreenKeyboard
    from game.ui.widgets import TextEntry

    entry = TextEntry((100, 100, 500, 80), "Seat 2", "", lambda text: None, max_len=12)
    osk = OnScreenKeyboard(app, entry)
    app.push(osk)
    frames(app, 3)
    tap(app, widget_labelled(osk, "B").rect.center)
    assert widget_labelled(osk, "ABC")  # the case key offers capitals back
    tap(app, widget_labelled(osk, "Erase").rect.center)
    assert entry.text == "" and widget_labelled(osk, "abc")
    tap(app, widget_labelled(osk, "abc").rect.center)  # asked for small letters: a first letter obeys
    tap(app, widget_labelled(osk, "d").rect.center)
    tap(app, widget_labelled(osk, "4").rect.center)
    assert entry.text == "d4" and widget_labelled(osk, "ABC")  # a digit leaves the case alone


# --- the title keeps the focus on the button it was on --------------------------------------------
def test_a_failed_continue_leaves_the_focus_on_play_not_on_the_next_button(app):
    """Continue on a damaged save is refused and the button goes; the focus stayed on the third row,
    now Settings, so the next Enter opened Settings. It goes to Play."""
    autosave_path().write_bytes(b"not a save")
    title = TitleScene(app)
    app.push(title)
    frames(app, 3)
    title.group.set_focus(widget_labelled(title, "Continue"))
    key(app, pygame.K_RETURN, settle=5)
    assert [w.label for w in title.group.widgets] == ["Play", "LAN play", "Settings", "Rules", "Quit"]
    assert title.group.focused.label == "Play"
    assert any(path.name.startswith("autosave.tt.bad-") for path in autosave_path().parent.iterdir())


def test_the_title_keeps_its_focus_when_a_save_appears_behind_it(app):
    title = TitleScene(app)
    app.push(title)
    frames(app, 3)
    title.group.set_focus(widget_labelled(title, "Rules"))
    from game.core.types import GameConfig
    from game.session import LocalSession

    session = LocalSession(GameConfig.make("lost-cities", 2), 3, autosave=autosave_path(), bot_delay=0)
    session.run_bots_until_human(limit=2)  # two bots: a game under way, saved
    title.resume()
    assert "Continue" in [w.label for w in title.group.widgets]
    assert title.group.focused.label == "Rules"


# --- settings say what each row does ------------------------------------------------------------------
def test_settings_say_what_the_focused_row_does(app):
    """"First-game tips" gave no hint that turning it on again shows every game's tips once more,
    nor "Window size" that it waits for a window; the subtitle says what the focused row does."""
    from game.ui.settings_scene import SUBTITLE, SettingsScene

    settings = SettingsScene(app)
    app.push(settings)
    frames(app, 3)
    seen = {}
    for _ in range(9):
        seen[settings.group.focused.label] = settings.subtitle()
        key(app, pygame.K_DOWN)
    assert "everyone sees them once more" in seen["First-game tips"]
    assert "not fullscreen" in seen["Window size"]
    assert all(text and text != SUBTITLE for text in seen.values())
    app.fullscreen = True
    settings.group.set_focus(widget_labelled(settings, "Window size"))
    assert settings.subtitle().startswith("Used when you leave fullscreen")


def test_binding_help_names_the_bound_buttons_and_a_tap_can_leave(app):
    from game.ui.settings_scene import SettingsScene

    settings = SettingsScene(app)
    app.push(settings)
    frames(app, 3)
    app.settings.key_bindings["confirm"] = ["space"]
    app.settings.pad_bindings["confirm"] = ["y"]
    app.input.rebuild_bindings()
    row = next(w for w in settings.group.widgets if getattr(w, "intent", None) == "menu")
    settings.group.set_focus(row)
    assert settings.subtitle().startswith("Space (or a click) then a key") and "Y on a gamepad" in settings.subtitle()
    tap(app, row.rect.center)  # a finger on a touch table asks for a key it has not got
    assert row.waiting == "key"
    assert "tap anywhere else" in settings.subtitle()
    tap(app, (60, 1060))
    assert row.waiting is None and app.settings.key_bindings["menu"] == ["f10", "p"]


# --- the seat setup ----------------------------------------------------------------------------------
def test_turning_a_bot_seat_into_a_person_keeps_the_focus_on_plays_and_drops_the_bots_name(app):
    """At a TV with pads, seat 2's "Plays" turned from a bot to "Person here": the pad badges came
    and the focus slid onto seat 2's name (the next Left did nothing there), and the person was
    called "Ada", the bot's name ("Pass to Ada"). The focus stays on Plays; the seat is "Player 2"."""
    from game.ui.setup import SeatSetupScene, seat_role

    app.input.pad_number(11)  # a gamepad is plugged in: two people get pad badges
    setup = SeatSetupScene(app, "lost-in-time")
    app.push(setup)
    frames(app, 3)
    plays = [w for w in setup.group.widgets if w.label == "Plays"][1]
    setup.group.set_focus(plays)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)  # Bot · Easy (a first game here) -> Person here
    assert setup.who[1] == "human"
    assert any(type(w).__name__ == "SeatPadButton" for w in setup.group.widgets)
    # (two people here bring side badges too, and the row narrows: "Plays" moves and drops its word)
    assert seat_role(setup.group.focused) == ("who", 1)
    assert setup.names[1] == "Player 2"
    assert widget_labelled(setup, "Seat 2").text == "Player 2"
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # back to a bot: its own name again, focus still here
    assert setup.who[1] == "easy" and setup.names[1] == "Ada"
    assert setup.group.focused.label == "Plays" and setup.group.focused.rect == plays.rect
    assert seat_role(setup.group.focused) == ("who", 1)


def test_a_name_somebody_typed_stays_when_the_seat_changes_hands(app):
    from game.ui.setup import SeatSetupScene

    setup = SeatSetupScene(app, "time-after-time")
    app.push(setup)
    frames(app, 3)
    setup.names[1] = "Ben"
    setup.set_who(1, "human")
    assert setup.names[1] == "Ben"
    setup.set_who(1, "master")
    assert setup.names[1] == "Ben"


# --- the rules: swipes, and pages ready before they are asked for --------------------------------------
def swipe(app, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    """One finger dragged from `start` to `end` (canvas px) and lifted."""
    from ui_helpers import canvas_to_window

    width, height = app.letterbox.window
    for i in range(steps + 1):
        x = start[0] + (end[0] - start[0]) * i / steps
        y = start[1] + (end[1] - start[1]) * i / steps
        wx, wy = canvas_to_window(app, (x, y))
        kind = pygame.FINGERDOWN if i == 0 else pygame.FINGERMOTION
        pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=1, x=wx / width, y=wy / height,
                                             dx=0.0, dy=0.0, pressure=1.0, window_id=0))
        frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, touch_id=1, finger_id=1, x=wx / width, y=wy / height,
                                         dx=0.0, dy=0.0, pressure=1.0, window_id=0))
    frames(app, 3)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_a_swipe_over_the_rules_turns_the_page(data_dir, size):
    """At a touch table only the small page buttons turned the rules' pages; the README promised a
    swipe. Right to left is the next page, left to right the one before; a swipe down is no turn."""
    from game.ui.rules import PANEL, RulesScene

    app = make_app(size)
    rules = RulesScene(app, "labyrinth")
    app.push(rules)
    frames(app, 3)
    y = PANEL.y + 300
    swipe(app, (PANEL.right - 200, y), (PANEL.x + 300, y))
    assert rules.page == 1
    swipe(app, (PANEL.right - 200, y), (PANEL.x + 300, y))
    assert rules.page == 2
    swipe(app, (PANEL.x + 300, y), (PANEL.right - 200, y))
    assert rules.page == 1
    swipe(app, (PANEL.centerx, PANEL.y + 150), (PANEL.centerx + 60, PANEL.y + 500))  # mostly down: no turn
    assert rules.page == 1
    assert rules.game_index == 3  # the swipe did not touch the game list
    app.shutdown()


def test_rules_prepare_the_next_page_and_keep_only_a_few_pages(app):
    """While the reader reads, the page after this one and the other games' layouts are made ready
    (switching games took ~175 ms on a cold start, a first turn ~60 ms); and only PAGES_KEPT drawn
    pages are kept (every page read stayed, ~4 MB each)."""
    from game.core.registry import GAMES
    from game.ui.rules import PAGES_KEPT, RulesScene

    rules = RulesScene(app, "lost-cities")
    app.push(rules)
    frames(app, 60)  # a second of reading
    assert set(rules.docs) == set(range(len(GAMES)))
    assert (0, 1) in rules._rendered  # the next page is drawn before it is asked for
    for _ in range(8):
        key(app, pygame.K_RIGHT)
        frames(app, 40)
    key(app, pygame.K_DOWN, settle=40)  # Lost in Time
    for _ in range(8):
        key(app, pygame.K_RIGHT)
    assert len(rules._rendered) <= PAGES_KEPT
    assert (rules.game_index, rules.page) in rules._rendered


def test_the_setup_remembers_the_last_table_of_each_game(app):
    """Four names typed by pad, a game, Back to title, Play: every name and choice was gone. The
    setup opens as the game last started (seat 1 keeps the Settings name); other games keep theirs."""
    from game.ui.setup import SeatSetupScene

    app.push(TitleScene(app))
    frames(app, 3)
    setup = SeatSetupScene(app, "lost-in-time")
    app.push(setup)
    frames(app, 3)
    widget_labelled(setup, "Seats at the table").on_change(4)
    setup.set_who(1, "human")
    setup.set_who(3, "master")
    setup.names[1] = "Ben"
    setup.set_option("chips", True)
    widget_labelled(setup, "Start the game").activate()
    frames(app, 5)
    key(app, pygame.K_ESCAPE, settle=6)
    widget_labelled(app.scenes.top, "Quit to title").activate()
    frames(app, 5)
    again = SeatSetupScene(app, "lost-in-time")
    app.push(again)
    frames(app, 3)
    assert again.seat_count == 4
    assert again.who[:4] == ["human", "human", "easy", "master"]  # Easy: no game of it was played here
    assert again.names[:4] == [app.settings.player_name, "Ben", "Basil", "Clio"]
    assert again.options["chips"] is True
    assert [w.text for w in again.group.widgets if type(w).__name__ == "SeatNameEntry"][1] == "Ben"
    other = SeatSetupScene(app, "time-after-time")
    assert other.seat_count == 2 and other.who[1] == "easy"  # another game opens as a first game does
    assert "last_tables" not in app.settings.to_json()  # kept while Tabletime runs, not in the file


def test_reset_controls_asks_first_and_keep_mine_is_the_safe_answer(app):
    """One stray Enter on "Reset controls" wiped every binding the player had set, without a word of
    warning; it asks, with "Keep mine" focused, and says when there is nothing to reset."""
    from game.ui.confirm import ConfirmOverlay
    from game.ui.settings import DEFAULT_KEYS
    from game.ui.settings_scene import SettingsScene

    settings = SettingsScene(app)
    app.push(settings)
    frames(app, 3)
    reset = widget_labelled(settings, "Reset controls")
    settings.group.set_focus(reset)
    key(app, pygame.K_RETURN, settle=4)
    assert app.scenes.top is settings and "already" in app.toasts.items[-1].text  # nothing to reset
    row = next(w for w in settings.group.widgets if getattr(w, "intent", None) == "menu")
    settings.group.set_focus(row)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_m)
    assert app.settings.key_bindings["menu"][0] == "m"
    settings.group.set_focus(reset)
    key(app, pygame.K_RETURN, settle=4)
    question = app.scenes.top
    assert isinstance(question, ConfirmOverlay) and question.group.focused.label == "Keep mine"
    key(app, pygame.K_RETURN, settle=4)  # the habit press keeps them
    assert app.scenes.top is settings and app.settings.key_bindings["menu"][0] == "m"
    key(app, pygame.K_RETURN, settle=4)
    tap(app, widget_labelled(app.scenes.top, "Reset").rect.center)
    assert app.scenes.top is settings and app.settings.key_bindings == DEFAULT_KEYS
    fed = app.input.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0)])
    assert [intent.kind for intent in fed] == ["mute"]  # no longer Menu: M is free again (it mutes)


def test_a_key_taken_from_another_action_is_said_not_silently_moved(app):
    """Binding the Up arrow to Confirm quietly took it from Up (the player found out when Up no
    longer worked); the screen says what moved, and that a fourth key pushed the oldest out."""
    from game.ui.settings_scene import SettingsScene

    settings = SettingsScene(app)
    app.push(settings)
    frames(app, 3)
    confirm_row = next(w for w in settings.group.widgets if getattr(w, "intent", None) == "confirm")
    settings.group.set_focus(confirm_row)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_UP)
    assert app.settings.key_bindings["up"] == ["w"]
    assert app.settings.key_bindings["confirm"] == ["up", "return", "space"]
    said = app.toasts.items[-1].text
    assert "Up now means Confirm, no longer Up." in said
    assert "Num Enter no longer does it" in said
    up_row = next(w for w in settings.group.widgets if getattr(w, "intent", None) == "up")
    settings.group.set_focus(up_row)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_i)  # a free key: nothing to say
    assert app.settings.key_bindings["up"] == ["i", "w"] and app.toasts.items[-1].text == said


def test_continue_names_the_labyrinth_short_enough_to_sit_inside_its_button(app):
    from game.core.types import GameConfig, SeatConfig
    from game.session import LocalSession
    from game.ui.look.fonts import font

    session = LocalSession(GameConfig.make("labyrinth", [SeatConfig("bot", "Ada", "easy")]), 3,
                           autosave=autosave_path(), bot_delay=0)
    session.run_bots_until_human(limit=3)
    title = TitleScene(app)
    app.push(title)
    frames(app, 3)
    button = widget_labelled(title, "Continue")
    assert button.sub == f"The Labyrinth · {len(session.actions)} moves in"
    assert font("ui", 22).size(button.sub.replace(str(len(session.actions)), "999"))[0] < button.rect.width - 80


def test_the_rules_name_the_page_keys_as_they_are_bound(app):
    """Time After Time's rules said "press Q or E (LB or RB on a gamepad)" whatever the bindings
    (the tables' hints follow them); they read the player's own keys and buttons now."""
    from game.ui.rules import RulesScene

    rules = RulesScene(app, "time-after-time")
    words = " ".join(line for _, lines in rules.doc()[1] for _, line, _ in lines)
    assert "press Q or E (LB or RB on a gamepad)." in " ".join(words.split())
    app.settings.key_bindings["prev"] = ["z"]
    app.settings.pad_bindings["next"] = ["y"]
    app.input.rebuild_bindings()
    rules = RulesScene(app, "time-after-time")
    app.push(rules)
    frames(app, 2)
    words = " ".join(line for _, lines in rules.doc()[1] for _, line, _ in lines)
    assert "press Z or E (LB or Y on a gamepad)." in " ".join(words.split())


def test_the_confirm_hint_says_what_the_focused_control_does(app):
    """The seat setup's and the settings' hint rows said "Enter Change" on Start the game, Back and
    Reset controls; a button says Select, a name Edit, a choice Change."""
    from game.ui.settings_scene import SettingsScene
    from game.ui.setup import SeatSetupScene
    from test_menus_by_device import hint_texts

    setup = SeatSetupScene(app, "lost-in-time")
    app.push(setup)
    frames(app, 2)
    assert "Change" in hint_texts(app, setup)  # the seat count
    setup.group.set_focus(widget_labelled(setup, "Seat 1"))
    assert "Edit" in hint_texts(app, setup)
    setup.group.set_focus(widget_labelled(setup, "Start the game"))
    words = hint_texts(app, setup)
    assert "Select" in words and "Change" not in words
    settings = SettingsScene(app)
    app.push(settings)
    frames(app, 2)
    settings.group.set_focus(widget_labelled(settings, "Reset controls"))
    assert "Select" in hint_texts(app, settings)
    settings.group.set_focus(widget_labelled(settings, "Master volume"))
    assert "Change" in hint_texts(app, settings)


def test_two_seats_with_one_name_are_told_apart(app):
    """Seat 1 "Player" and seat 2 renamed "player": the curtain said "Pass to Player" to both and the
    results "Player wins". The later seat plays as "player 2", and the table is told why."""
    from game.ui.setup import SeatSetupScene

    setup = SeatSetupScene(app, "lost-in-time")
    app.push(setup)
    frames(app, 2)
    setup.set_who(1, "human")
    widget_labelled(setup, "Seats at the table").on_change(3)
    setup.names[1] = "player"
    setup.names[2] = "Player"
    assert setup.seat_names() == ["Player", "player 2", "Player 3"]
    widget_labelled(setup, "Start the game").activate()
    table = app.scenes.top
    deadline = time.monotonic() + CEILING  # a bot may move first, after its pause in real time
    while table.curtain_seat is None and time.monotonic() < deadline:  # the curtain clears notes, not this
        frames(app, 1)
    assert table.curtain_seat is not None
    assert [seat.name for seat in table.session.config.seats] == ["Player", "player 2", "Player 3"]
    assert any("Seat 2 plays as player 2: player was taken. Seat 3 plays as Player 3" in toast.text
               for toast in app.toasts.items)


@pytest.mark.parametrize("opened", ["Rules", "Settings"])
def test_menu_on_a_screen_opened_from_the_pause_menu_goes_back_to_the_table(app, opened):
    """Start (or P) in the pause menu's Rules or Settings did nothing; on the pause menu itself it
    resumes. It goes straight back to the game from there too; from the title's Settings it stays."""
    from game.ui.settings_scene import SettingsScene

    table = start_lost_cities(app)
    key(app, pygame.K_ESCAPE, settle=6)
    widget_labelled(app.scenes.top, opened).activate()
    frames(app, 3)
    pad(app, pygame.CONTROLLER_BUTTON_START, settle=4)
    assert app.scenes.top is table
    key(app, pygame.K_ESCAPE, settle=6)
    widget_labelled(app.scenes.top, opened).activate()
    frames(app, 3)
    key(app, pygame.K_p, settle=4)
    assert app.scenes.top is table
    app.pop()  # the table: back to the title
    frames(app, 3)
    settings = SettingsScene(app)
    app.push(settings)
    frames(app, 3)
    key(app, pygame.K_p, settle=4)
    assert app.scenes.top is settings
