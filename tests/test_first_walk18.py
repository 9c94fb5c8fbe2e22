"""A first-time player's walk outside the tables (session 18): what a newcomer met on the menus,
the rules help, the seat setup, the results and the settings, and what was fixed."""

from __future__ import annotations

import itertools

import pygame
import pytest

from ui_helpers import frames, make_app

SMALL = (1024, 768)


@pytest.fixture
def small_app(data_dir):
    application = make_app(SMALL)
    yield application
    application.shutdown()


# --- the rules help: the card pictures' names --------------------------------------------------------
@pytest.mark.parametrize("game_id", ["lost-cities", "lost-in-time", "time-after-time", "labyrinth"])
def test_the_names_under_the_card_pictures_never_touch_on_a_small_screen(small_app, game_id):
    """On a 1024x768 screen the names under Lost in Time's card pictures grew with the small window's
    larger type and ran together ("Event, futureEvent, 2 chips"). Each picture now gets a slot as wide
    as its name: the names keep a gap between them, sit under their own pictures, and stay inside the
    text column, at no less than the designed 20 px."""
    from game.ui.look.fonts import legible_factor
    from game.ui.rules import CAPTION_PX, PANEL, PICTURE_GAP, TEXT_W, TEXT_X, draw_picture_strip
    from game.ui.rules_pictures import card_captions, card_pictures

    pictures, captions = card_pictures(game_id), card_captions(game_id)
    assert pictures and len(captions) == len(pictures)
    factor = legible_factor()
    assert factor > 1.2  # the small window's larger type, which made them collide
    placed = draw_picture_strip(pygame.Surface(PANEL.size, pygame.SRCALPHA), pictures, captions, factor)
    assert len(placed) == len(captions)
    for left, right in itertools.pairwise(placed):
        assert right.left - left.right >= PICTURE_GAP // 2, (game_id, left, right)
    assert all(TEXT_X <= rect.left and rect.right <= TEXT_X + TEXT_W for rect in placed)
    assert all(rect.height >= CAPTION_PX for rect in placed)
