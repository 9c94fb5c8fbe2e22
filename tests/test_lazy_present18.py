"""A headless App puts a frame into its window only when the window is read (session 18: thousands of
test frames each paid for a copy nobody looked at); what a reader finds is exactly the last frame as
an eager present would have put it, turned or not, and a benchmark's App presents every frame."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App


@pytest.fixture
def app(data_dir):
    application = App(headless=True, size=(1920, 1080), windowed=True)
    yield application
    application.shutdown()


def test_the_window_waits_for_a_reader_and_then_shows_the_last_frame(app):
    app.canvas.fill((200, 10, 10))
    app.present()
    app.canvas.fill((10, 10, 200))
    app.canvas.fill((250, 250, 0), pygame.Rect(0, 0, 40, 40))  # a corner to see the turn by
    app.present()
    assert app._window is not None and app._window.get_at((960, 540))[:3] != (10, 10, 200)  # not yet copied
    window = app.window
    assert window is not None
    assert window.get_at((960, 540))[:3] == (10, 10, 200) and window.get_at((5, 5))[:3] == (250, 250, 0)


def test_a_turned_frame_read_later_is_the_turned_picture(app):
    app.canvas.fill((10, 10, 200))
    app.canvas.fill((250, 250, 0), pygame.Rect(0, 0, 40, 40))
    app.turned = True
    app.present()
    window = app.window
    assert window is not None
    assert window.get_at((1914, 1074))[:3] == (250, 250, 0) and window.get_at((5, 5))[:3] == (10, 10, 200)


def test_an_app_that_presents_every_frame_copies_at_once(app):
    app.lazy_present = False
    app.canvas.fill((10, 200, 10))
    app.present()
    assert app._window is not None and app._window.get_at((960, 540))[:3] == (10, 200, 10)
