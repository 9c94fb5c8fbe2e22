"""Session 8 QA of the menus, walked with one device at a time (mouse, keyboard, gamepad, touch) at
several window sizes: what a new player met and what was fixed."""

from __future__ import annotations

import pygame
import pytest

from game.ui.title import TitleScene
from ui_helpers import frames, key, make_app

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
    drawn: list[str] = []
    import game.ui.chrome as chrome

    real = chrome.text_surface

    def spy(text, *args, **kwargs):
        drawn.append(text)
        return real(text, *args, **kwargs)

    chrome.text_surface = spy
    try:
        scene.draw_hints(pygame.Surface((1920, 1080)))
    finally:
        chrome.text_surface = real
    return drawn


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

