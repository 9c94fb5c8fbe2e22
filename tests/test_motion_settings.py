"""Motion settings honoured at every table: with reduced motion nothing flies, shakes, sparkles or
throws confetti (every tween is a blink of at most 60 ms and the games still end), and the
animation speed scales every duration (x2 halves it, never breaks it)."""

from __future__ import annotations

import copy
from typing import Any, Iterator

import pygame
import pytest

from game.bots.base import make_bot
from game.core.registry import find_game
from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.sprites import CardSprite, fan_layout
from game.ui.tables import table_scene_for
from game.ui.tween import MOTION, Animated, bob
from ui_helpers import recording_app

REDUCED_MOST = 0.06 + 1e-9
FRAME = 1 / 60


def test_reduced_motion_caps_every_tween_and_keeps_no_bob():
    MOTION.speed, MOTION.reduced = 1.0, True
    try:
        value = Animated(0.0).to(100.0, 0.26, delay=0.3).then(0.0, 0.2)
        assert value._tween is not None
        assert value._tween.duration <= REDUCED_MOST and value._tween.delay <= REDUCED_MOST
        assert all(step[1] <= REDUCED_MOST for step in value._queue)
        for _ in range(12):  # delay, move and the step after it: a fifth of a second, not a flight
            value.update(FRAME)
        assert not value.moving and value.current == 0.0
        assert bob(0.4) == 0.0
    finally:
        MOTION.reduced = False


def test_speed_two_halves_and_speed_half_doubles():
    try:
        for speed, expected in ((2.0, 0.13), (0.5, 0.52)):
            MOTION.speed = speed
            value = Animated(0.0).to(1.0, 0.26, delay=0.1)
            assert value._tween is not None
            assert value._tween.duration == pytest.approx(expected)
            assert value._tween.delay == pytest.approx(0.1 / speed)
    finally:
        MOTION.speed = 1.0


def test_a_fanned_hand_tilts_less_with_reduced_motion():
    MOTION.reduced = False
    tilted = fan_layout(5, (960, 1000), 150, 900)
    MOTION.reduced = True
    try:
        calm = fan_layout(5, (960, 1000), 150, 900)
    finally:
        MOTION.reduced = False
    assert abs(calm[0][1]) < abs(tilted[0][1])


def card_sprites(root: Any, depth: int = 0) -> Iterator[CardSprite]:
    """Every CardSprite a table holds (in its dicts, lists and attributes)."""
    if isinstance(root, CardSprite):
        yield root
    elif depth < 3 and isinstance(root, dict):
        for value in root.values():
            yield from card_sprites(value, depth + 1)
    elif depth < 3 and isinstance(root, (list, tuple)):
        for value in root:
            yield from card_sprites(value, depth + 1)


def longest_tween(table: Any) -> float:
    longest = 0.0
    for name, value in vars(table).items():
        if name.startswith("__"):
            continue
        for sprite in card_sprites(value):
            for animated in (sprite.pos, sprite.angle, sprite.scale, sprite.alpha, sprite.lift, sprite.squash):
                if animated._tween is not None:
                    longest = max(longest, animated._tween.duration, animated._tween.delay)
                longest = max([longest] + [step[1] for step in animated._queue])
    return longest


@pytest.mark.parametrize("game_id, seats, frames", [("time-after-time", 3, 1200), ("lost-in-time", 3, 1500),
                                                    ("lost-cities", 2, 400)])
def test_reduced_motion_at_the_table(data_dir, game_id, seats, frames):
    with recording_app() as app:
        MOTION.reduced = True
        config = GameConfig.make(game_id, [SeatConfig("human", "You")] +
                                 [SeatConfig("bot", f"Bot {i}", "expert") for i in range(1, seats)])
        table = table_scene_for(game_id)(app, LocalSession(config, 5, bot_delay=0.0))
        app.clear_to(table)
        me = make_bot(game_id, "expert", find_game(game_id), 0, 1)
        longest = 0.0
        for frame in range(frames):
            if table.can_act:
                legal = [a for a in table.legal if a.kind not in ("undo", "reorder")] or list(table.legal)
                table.submit(me.choose(copy.deepcopy(dict(table.view)), legal))
            app.step(FRAME)
            longest = max(longest, longest_tween(table))
            assert not getattr(table, "sparks", []), "sparks fly with reduced motion"
            for seat in range(seats):
                if hasattr(table, "shake_offset"):
                    assert table.shake_offset(seat) == 0, "a panel shakes with reduced motion"
            if table.results_shown:
                break
        assert longest <= REDUCED_MOST, f"a card tween of {longest:.2f} s with reduced motion"
        if game_id != "lost-cities":  # its scoring panel waits for a person; the others end by themselves
            assert table.results_shown, "the game did not reach its end with reduced motion"
            results = app.scenes.scenes[-1]
            assert type(results).__name__ == "ResultsScene"
            assert not results.particles, "confetti with reduced motion"


def test_reading_pauses_follow_the_speed_but_not_reduced_motion():
    """A scoring panel that moves on by itself must stay readable with reduced motion."""
    try:
        MOTION.speed, MOTION.reduced = 1.0, True
        assert MOTION.wait(2.5) == pytest.approx(2.5)
        assert MOTION.duration(2.5) <= REDUCED_MOST  # movement, by contrast, is a blink
        MOTION.speed = 2.0
        assert MOTION.wait(2.5) == pytest.approx(1.25)
    finally:
        MOTION.speed, MOTION.reduced = 1.0, False
