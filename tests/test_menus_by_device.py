"""The menus, walked with one device at a time (mouse, keyboard, gamepad, touch) at
several window sizes: what a new player met and what was fixed."""

from __future__ import annotations

import pygame
import pytest

from game.ui.chrome import HINT_GLYPHS
from game.ui.title import TitleScene
from ui_helpers import click, frames, key, make_app, pad, tap, texts_set, widget_labelled
from waits16 import CEILING

SIZES = ((1920, 1080), (1280, 720), (1024, 768), (2560, 1080), (3840, 2160))


@pytest.fixture
def app(data_dir):
    application = make_app()
    yield application
    application.shutdown()


def sized(size):
    application = make_app(size)
    application.push(TitleScene(application))
    frames(application, 5)
    return application


def hint_texts(app, scene) -> list[str]:
    """The words the hint row draws (key caps and labels), read back by drawing them."""
    import game.ui.chrome as chrome

    return [text for text, _ in texts_set(chrome, scene.draw_hints)]


# --- the seat setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_lost_cities_setup_opens_on_a_control_that_works(data_dir, size):
    """Lost Cities has two seats and no choice: the setup opened with the keyboard's focus on the
    greyed-out "Seats at the table", where Enter and the arrows did nothing. It opens on the first
    seat's name, and the arrows still reach everything."""
    app = sized(size)
    key(app, pygame.K_RETURN, settle=20)  # Play
    key(app, pygame.K_RETURN, settle=20)  # Lost Cities
    setup = app.scenes.top
    assert type(setup).__name__ == "SeatSetupScene" and setup.game_id == "lost-cities"
    assert setup.group.focused.enabled and setup.group.focused.label == "Seat 1"
    key(app, pygame.K_RIGHT)
    assert setup.group.focused.label == "Plays"
    key(app, pygame.K_RIGHT, settle=4)
    assert setup.who[0] == "easy"  # the arrows change who plays seat 1
    app.shutdown()


def test_a_game_with_a_seat_choice_still_opens_on_the_seat_count(app):
    from game.ui.setup import SeatSetupScene

    setup = SeatSetupScene(app, "lost-in-time")
    app.push(setup)
    frames(app, 2)
    assert setup.group.focused.label == "Seats at the table" and setup.group.focused.enabled


# --- hints that name a button the screen has -----------------------------------------------------
def test_touch_hints_on_the_pause_menu_do_not_name_a_back_button_it_lacks(app):
    """A finger on the pause menu read "[Back button] Resume", but the menu has no Back button (its
    Resume button is it); touch hints keep to what a finger can tap, as the on-screen keyboard's do."""
    from game.ui.pause import PauseOverlay

    pause = PauseOverlay(app, "lost-cities")
    app.push(pause)
    frames(app, 2)
    tap(app, (5, 5))  # the last device is a finger
    assert app.input.last_device == "touch"
    words = hint_texts(app, pause)
    assert HINT_GLYPHS["touch"]["back"] not in words and "Resume" not in words
    assert "Select" in words
    key(app, pygame.K_DOWN)  # keys still say Esc resumes
    words = hint_texts(app, pause)
    assert "Esc" in words and "Resume" in words


def test_touch_hints_of_a_question_and_the_address_pad_drop_the_missing_back_button(app):
    from game.ui.confirm import ConfirmOverlay
    from game.ui.lobby import AddressScene

    for scene in (ConfirmOverlay(app, "Start a new game?", "It replaces the saved one.", "Start", lambda: None,
                                 no_label="Keep it"),
                  AddressScene(app, "", lambda address, port: None)):
        app.push(scene)
        frames(app, 2)
        tap(app, (5, 5))
        assert HINT_GLYPHS["touch"]["back"] not in hint_texts(app, scene)
        app.pop()
        frames(app, 2)


def test_touch_hints_keep_the_back_button_where_there_is_one(app):
    from game.ui.settings_scene import SettingsScene

    settings = SettingsScene(app)
    app.push(settings)
    frames(app, 2)
    tap(app, (5, 5))
    words = hint_texts(app, settings)
    assert HINT_GLYPHS["touch"]["back"] in words and "Save and back" in words


# --- settings -------------------------------------------------------------------------------------
def test_the_controls_list_names_gamepad_buttons_as_the_hints_do(app):
    """The controls said Confirm "South" and Back "East" (and "East cancels" while waiting for a
    button) while every hint, the seat badges and the curtain say A and B."""
    from game.ui.settings_scene import SettingsScene

    settings = SettingsScene(app)
    app.push(settings)
    frames(app, 2)
    drawn: list[str] = []
    import game.ui.settings_scene as module

    real = module.blit_text

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    module.blit_text = spy
    try:
        settings.draw(pygame.Surface((1920, 1080)), 1.0)
        confirm = next(w for w in settings.group.widgets if getattr(w, "intent", None) == "next")
        settings.group.set_focus(confirm)
        pad(app, pygame.CONTROLLER_BUTTON_A)  # waits for a button
        settings.draw(pygame.Surface((1920, 1080)), 1.0)
    finally:
        module.blit_text = real
    rows = " ".join(drawn)
    assert "South" not in rows and "East" not in rows
    assert "|   A" in rows and "|   B" in rows
    assert "Press a gamepad button… (B cancels)" in drawn
    assert HINT_GLYPHS["gamepad"]["confirm"] == "A" and HINT_GLYPHS["gamepad"]["back"] == "B"


# --- rules ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("device", ["touch", "mouse"])
def test_a_finger_or_a_mouse_reaches_every_section_of_the_contents(app, device):
    """The Labyrinth's contents have more sections than the five rows shown ("▼ 9 sections"), and
    a tap or click could only pick among the five: the last sections were out of reach but by
    turning pages one by one. A tap on the last row in view now brings the next one up."""
    from game.ui.rules import RulesScene

    rules = RulesScene(app, "labyrinth")
    app.push(rules)
    frames(app, 2)
    press = tap if device == "touch" else click
    contents = rules.contents
    sections = rules.sections()
    assert len(sections) > contents.visible_rows
    for _ in range(len(sections) + 2):
        last_row = contents.rect.y + contents.row_height * (contents.visible_rows - 0.5)
        press(app, (contents.rect.centerx, last_row))
        if contents.index == len(sections) - 1:
            break
    assert contents.index == len(sections) - 1
    assert rules.page == sections[-1][1]  # the jump went to the last section's first page
    press(app, (contents.rect.centerx, contents.rect.y + contents.row_height * 0.5))
    assert contents.index < len(sections) - 1 and contents.scroll < len(sections) - contents.visible_rows


def test_the_contents_scroll_keeps_a_row_of_context_as_pages_turn(app):
    from game.ui.rules import RulesScene

    rules = RulesScene(app, "labyrinth")
    app.push(rules)
    frames(app, 2)
    contents = rules.contents
    for _ in range(len(rules.doc()[1]) - 1):
        key(app, pygame.K_RIGHT)
    assert contents.index == len(contents.items) - 1
    assert contents.scroll == len(contents.items) - contents.visible_rows  # never past the end
    for _ in range(len(rules.doc()[1]) - 1):
        key(app, pygame.K_LEFT)
    assert contents.index == 0 and contents.scroll == 0


# --- the LAN waiting room -------------------------------------------------------------------------
def test_the_host_asks_before_closing_a_table_where_a_player_waits(data_dir):
    """Hosting, one B (or Esc) on the waiting room closed the table at once and sent the player
    who had just sat down on another screen back to their lobby. With someone seated it asks
    first, the safe answer focused; an empty table still closes with one press."""
    from test_ui_lobby import MiniTable, open_lobby, step_until

    from game.ui.confirm import ConfirmOverlay
    from game.ui.lobby import LobbyScene
    from game.ui.lobby_room import WaitingRoomScene
    from game.ui.tables import register_table, unregister_table
    from net.client import RemoteSession

    register_table("highcard", MiniTable)
    app = make_app()
    guest = None
    try:
        lobby = open_lobby(app)
        pad(app, pygame.CONTROLLER_BUTTON_A)  # Host a table
        tap(app, widget_labelled(app.scenes.top, "Open the table").rect.center)
        room = app.scenes.top
        assert isinstance(room, WaitingRoomScene) and room.hosted is not None
        step_until(app, lambda: room.session.table is not None)
        guest = RemoteSession("127.0.0.1", room.hosted.handle.port, name="Sam")
        assert guest.wait_until(lambda: guest.ready, CEILING)
        step_until(app, lambda: room.guests() == ["Sam"])

        pad(app, pygame.CONTROLLER_BUTTON_B)
        question = app.scenes.top
        assert isinstance(question, ConfirmOverlay) and "Sam is seated" in " ".join(question.lines)
        assert question.group.focused.label == "Keep it open"
        pad(app, pygame.CONTROLLER_BUTTON_A)  # the habit press keeps the table
        assert app.scenes.top is room and room.hosted.handle.thread.is_alive()

        tap(app, widget_labelled(room, "Close the table").rect.center)  # the button asks too
        assert isinstance(app.scenes.top, ConfirmOverlay)
        tap(app, widget_labelled(app.scenes.top, "Close the table").rect.center)
        assert app.scenes.top is lobby
        step_until(app, lambda: not room.hosted.handle.thread.is_alive())

        key(app, pygame.K_RETURN)  # host again: nobody joins, Esc closes at once
        widget = widget_labelled(app.scenes.top, "Open the table")
        click(app, widget.rect.center)
        empty = app.scenes.top
        assert isinstance(empty, WaitingRoomScene)
        step_until(app, lambda: empty.session.table is not None)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, LobbyScene)
    finally:
        if guest is not None:
            guest.close()
        app.shutdown()
        unregister_table("highcard")
