"""The results screen keeps the finished table under it as one dimmed image (and, once the confetti
is over, its headline and cards too) instead of drawing the table and dimming it every frame. What
it shows must not change: each frame equals the one drawn the long way, and anything that changes
the table's picture (the device in use, a scene that runs under the results) is drawn again. (While
the dim fades in it blends per pixel, within one level of the settled screen's dim.)"""

from __future__ import annotations

import pygame
import pytest

from game.core.types import Outcome
from game.ui.results import ResultsScene
from game.ui.scene import Scene
from game.ui.tween import MOTION
from ui_helpers import frames, make_app


class Still(Scene):
    """A screen under an overlay that counts its draws (nothing runs it while it is covered)."""

    def __init__(self, colour=(40, 110, 70)) -> None:
        super().__init__(None)
        self.draws = 0
        self.colour = colour
        self.text = ""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draws += 1
        surface.fill(self.colour)
        for k in range(12):  # every level of a few channels, so that a dim off by one shows
            pygame.draw.rect(surface, ((k * 23) % 256, (k * 71) % 256, 255 - k * 19), (k * 150, 80, 150, 900))
        pygame.draw.rect(surface, (200, 180, 90), (100, 100, 600, 300 + 10 * len(self.text)))


class Ticking(Still):
    """A screen that changes while the overlay covers it (as a LAN table follows its link)."""

    def tick_background(self, dt: float) -> None:
        self.colour = (self.colour[0], (self.colour[1] + 1) % 256, self.colour[2])


def result(winner: int = 1) -> Outcome:
    lines = tuple(({"label": "Points", "value": 10 + s}, {"label": "Total", "value": 10 + s}) for s in range(2))
    return Outcome((10, 11), ((winner,), (1 - winner,)), (winner,), lines, f"Seat {winner + 1} wins.")


def results_over(below: Scene, winner: int = 1) -> tuple:
    app = make_app()
    app.push(below)
    scene = ResultsScene(app, result(winner), ["Ann", "Bob"], [0], None, "test", record="Your record: 1 win")
    app.push(scene)
    return app, scene


def picture(app) -> bytes:
    return pygame.image.tobytes(app.canvas, "RGB")


def largest_difference(a: bytes, b: bytes) -> int:
    return 0 if a == b else max(abs(x - y) for x, y in zip(a, b))


def drawn_the_long_way(app, scene: ResultsScene, alpha: float = 1.0) -> bytes:
    """The frame with nothing kept: the scenes below drawn, dimmed, and everything over them."""
    scene.backdrop.forget()
    assert not scene.covers_below()
    app.scenes.draw(app.canvas, alpha)
    return picture(app)


def test_a_still_table_is_drawn_once_then_kept_and_the_frames_are_unchanged():
    below = Still()
    app, scene = results_over(below)
    drawn = below.draws
    assert not scene.covers_below()  # nothing kept yet
    frames(app, 1)
    assert below.draws == drawn + 1 and scene.covers_below()
    frames(app, 2)
    assert below.draws == drawn + 1 and scene.appear < 1.0
    fading = picture(app)  # the dim fades in over the kept table
    assert drawn_the_long_way(app, scene) == fading
    frames(app, 30)
    assert scene.appear == 1.0 and below.draws == drawn + 2  # (+1: the frame drawn the long way)
    kept = picture(app)
    assert drawn_the_long_way(app, scene) == kept
    assert below.draws == drawn + 3
    app.shutdown()


def test_the_device_in_use_has_the_table_drawn_again():
    below = Still()
    app, scene = results_over(below)
    frames(app, 30)
    drawn = below.draws
    app.input.last_device = "touch"  # a table words its hints for the device and rings only for keys
    assert not scene.covers_below()
    frames(app, 1)
    assert below.draws == drawn + 1 and scene.covers_below()
    frames(app, 5)
    assert below.draws == drawn + 1
    app.shutdown()


def test_a_scene_that_runs_under_the_results_is_drawn_every_frame():
    below = Ticking()
    app, scene = results_over(below)
    frames(app, 30)
    drawn, before = below.draws, app.canvas.get_at((1500, 50))
    frames(app, 20)
    assert below.draws == drawn + 20 and not scene.covers_below()
    assert app.canvas.get_at((1500, 50)) != before  # its change shows through the dim
    app.shutdown()


def test_the_confetti_falls_between_the_kept_table_and_the_cards_then_the_cards_are_kept_too():
    below = Still()
    app, scene = results_over(below, winner=0)  # "You win": confetti
    assert scene.celebrating
    frames(app, 60)
    assert scene.particles and scene.covers_below() and not scene.backdrop.holds_more
    kept = picture(app)
    assert drawn_the_long_way(app, scene) == kept
    for _ in range(600):
        if scene.confetti_over:
            break
        frames(app, 5)
    assert scene.confetti_over
    frames(app, 2)
    assert scene.backdrop.holds_more and scene.covers_below()
    kept = picture(app)
    assert drawn_the_long_way(app, scene) == kept
    app.shutdown()


def test_the_score_still_counts_up_over_a_kept_table():
    below = Still()
    app, scene = results_over(below)
    frames(app, 12)
    assert scene.covers_below() and scene.count < 1.0
    first = picture(app)
    frames(app, 20)
    assert picture(app) != first  # the scores moved on
    assert drawn_the_long_way(app, scene) == picture(app)
    app.shutdown()


@pytest.mark.parametrize("game,seats", [("lost-cities", 2), ("lost-in-time", 6), ("time-after-time", 4),
                                        ("labyrinth", 1)])
def test_each_games_results_look_as_drawn_the_long_way(game, seats, data_dir):
    """Over each game's finished table: the table stands still under the results, so the kept image
    is the frame drawn the long way. (The Labyrinth's journal glow stops one step into its fade when
    the results open; drawn the long way it wavered by one level between interpolations, kept it
    does not.)"""
    import main

    app = make_app()
    try:
        app.clear_to(main.build_scene(app, "results", game, seats, seed=3))
        for _ in range(100):
            if isinstance(app.scenes.top, ResultsScene) and app.scenes.top.appear == 1.0:
                break
            frames(app, 2)
        scene = app.scenes.top
        assert isinstance(scene, ResultsScene)
        frames(app, 2)
        assert scene.covers_below()
        table = app.scenes.scenes[0]
        drawn = []
        table.draw = lambda surface, alpha, draw=table.draw: (drawn.append(alpha), draw(surface, alpha))[-1]
        frames(app, 3)
        assert drawn == []
        kept = picture(app)
        assert largest_difference(drawn_the_long_way(app, scene, 0.0), kept) <= 1
        assert largest_difference(drawn_the_long_way(app, scene, 1.0), kept) <= 1
        frames(app, 3)  # kept again from the last frame drawn the long way (at 1.0): exactly that frame
        assert drawn == [0.0, 1.0] and scene.covers_below()
        assert drawn_the_long_way(app, scene, 1.0) == picture(app)
        for _ in range(100):
            if scene.confetti_over:
                break
            frames(app, 10)
        frames(app, 2)
        assert scene.backdrop.holds_more
        kept = picture(app)
        assert largest_difference(drawn_the_long_way(app, scene, 0.5), kept) <= 1
    finally:
        app.shutdown()
        MOTION.speed, MOTION.reduced = 1.0, False
