"""Frame cost without a visible change (session 17).

The App presents a far-side person's picture turned 180 degrees by copying the canvas's pixels in
reverse order into the window (no new 1080p surface a frame): the window must show exactly what
`pygame.transform.flip` of the canvas showed, at 1080p, in a letterbox, scaled down, and on a
window of another pixel format.

The Labyrinth table keeps what stands still as one composed image (everything round the map, then
that plus the map under the hero) and blits it: every frame must still be pixel for pixel the
frame the table draws the long way, and a hover, the focus, a zoom, an animation step or a toast
must show at once.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui.app import same_pixel_format
from ui_helpers import make_app

CANVAS = (1920, 1080)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def speckled_canvas(app) -> None:
    """A canvas no turn can map onto itself: random coloured blocks of every size."""
    chance = random.Random(17)
    app.canvas.fill((30, 40, 50))
    for _ in range(600):
        colour = (chance.randrange(256), chance.randrange(256), chance.randrange(256))
        app.canvas.fill(colour, (chance.randrange(1920), chance.randrange(1080), chance.randrange(1, 90),
                                 chance.randrange(1, 90)))
    app.canvas.set_at((0, 0), (255, 0, 0))  # the corners tell a turn from a mirror
    app.canvas.set_at((1919, 0), (0, 255, 0))


def flipped_the_old_way(app) -> pygame.Surface:
    """What the window showed before session 17: the (scaled) canvas flipped, blitted in its letterbox."""
    expected = pygame.Surface(app.window.get_size(), 0, app.window)
    expected.blit(app.window, (0, 0))  # the bars round a letterbox stay as present() filled them
    if app._scaled is not None:
        scaled = pygame.Surface(app._scaled.size, 0, app.window)
        pygame.transform.scale(app.canvas, app._scaled.size, scaled)
        expected.blit(pygame.transform.flip(scaled, True, True), app._scaled.topleft)
    else:
        expected.blit(pygame.transform.flip(app.canvas, True, True), app.letterbox.offset)
    return expected


@pytest.mark.parametrize("size", [(1920, 1080), (1920, 1200), (1280, 720), (1366, 1024)])
def test_the_turned_picture_is_the_canvas_flipped_pixel_for_pixel(data_dir, size):
    app = make_app(size)
    try:
        speckled_canvas(app)
        app.turned = True
        app.present()
        assert pixels(app.window) == pixels(flipped_the_old_way(app))
        app.turned = False
        app.present()
        if size == CANVAS:
            assert pixels(app.window) == pixels(app.canvas)  # the near side: the canvas as drawn
    finally:
        app.shutdown()


def test_a_window_of_another_pixel_format_gets_the_turned_colours_right(data_dir):
    """A raw reverse copy into a window whose red and blue lie the other way round would swap
    colours: such a window gets the turned picture through a buffer of the canvas's own format."""
    app = make_app()
    try:
        speckled_canvas(app)
        app.window = pygame.Surface(CANVAS, 0, 32, (0xFF, 0xFF00, 0xFF0000, 0))
        assert not same_pixel_format(app.window, app.canvas)
        app._layout()
        app.turned = True
        app.present()
        turned = pygame.transform.flip(app.canvas, True, True)
        assert pixels(app.window) == pixels(turned)
        assert tuple(app.window.get_at((1919, 1079)))[:3] == (255, 0, 0)  # the top left corner, turned
    finally:
        app.shutdown()
