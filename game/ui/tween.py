"""Easing curves and tweens for the fixed-step loop.

Tweens advance only in `update(dt)`; drawing reads `value_at(alpha)`, which interpolates between the
previous and the current step so motion stays smooth at any display rate (drawing never changes
state). `MOTION` holds the player's animation speed and reduced-motion choice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

Easing = Callable[[float], float]
Value = float | tuple[float, ...]


def linear(t: float) -> float:
    return t


def ease_in_cubic(t: float) -> float:
    return t * t * t


def ease_out_cubic(t: float) -> float:
    u = 1.0 - t
    return 1.0 - u * u * u


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_in_quad(t: float) -> float:
    return t * t


EASINGS: dict[str, Easing] = {
    "linear": linear, "in_cubic": ease_in_cubic, "out_cubic": ease_out_cubic, "in_out_cubic": ease_in_out_cubic,
    "out_quad": ease_out_quad, "in_quad": ease_in_quad, "out_back": ease_out_back,
}


@dataclass
class Motion:
    """Global motion preferences (Settings.animation_speed, Settings.reduced_motion)."""

    speed: float = 1.0
    reduced: bool = False

    def duration(self, seconds: float) -> float:
        """A requested duration scaled by the speed; reduced motion keeps only a short fade-like step."""
        scaled = seconds / max(0.1, self.speed)
        return min(scaled, 0.06) if self.reduced else scaled

    def wait(self, seconds: float) -> float:
        """A pause to read or follow something (a panel before it moves on by itself, a herald):
        scaled by the speed, but never cut short by reduced motion, which is about movement."""
        return seconds / max(0.1, self.speed)


MOTION = Motion()


def lerp(a: Value, b: Value, t: float) -> Value:
    if isinstance(a, tuple):
        assert isinstance(b, tuple)
        return tuple(x + (y - x) * t for x, y in zip(a, b))
    assert not isinstance(b, tuple)
    return a + (b - a) * t


class Tween:
    """One value going from `start` to `end` over `duration` seconds after `delay`."""

    __slots__ = ("start", "end", "duration", "delay", "ease", "elapsed")

    def __init__(self, start: Value, end: Value, duration: float, ease: Easing = ease_out_cubic,
                 delay: float = 0.0) -> None:
        self.start, self.end = start, end
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.ease = ease
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> Value:
        return lerp(self.start, self.end, self.ease(self.progress))

    def update(self, dt: float) -> None:
        self.elapsed += dt


class Animated:
    """A property (float or tuple) that tweens towards targets and interpolates for drawing.

    `set(v)` jumps; `to(v, seconds)` tweens from where it is now; chained `then(...)` steps run after.
    """

    __slots__ = ("current", "previous", "_tween", "_queue")

    def __init__(self, value: Value) -> None:
        self.current: Value = value
        self.previous: Value = value
        self._tween: Tween | None = None
        self._queue: list[tuple[Value, float, Easing, float]] = []

    def set(self, value: Value) -> None:
        self.current = self.previous = value
        self._tween = None
        self._queue.clear()

    def to(self, value: Value, seconds: float, ease: Easing = ease_out_cubic, delay: float = 0.0,
           scaled: bool = True) -> "Animated":
        duration = MOTION.duration(seconds) if scaled else seconds
        wait = MOTION.duration(delay) if scaled else delay
        self._queue.clear()
        if duration <= 0 and wait <= 0:
            self.current = value
            self._tween = None
        else:
            self._tween = Tween(self.current, value, duration, ease, wait)
        return self

    def then(self, value: Value, seconds: float, ease: Easing = ease_out_cubic) -> "Animated":
        """Queue a further step after the running tween (e.g. the second half of a flip)."""
        self._queue.append((value, MOTION.duration(seconds), ease, 0.0))
        return self

    @property
    def target(self) -> Value:
        if self._queue:
            return self._queue[-1][0]
        return self._tween.end if self._tween else self.current

    @property
    def moving(self) -> bool:
        return self._tween is not None or bool(self._queue)

    def update(self, dt: float) -> None:
        self.previous = self.current
        if self._tween is None:
            return
        self._tween.update(dt)
        self.current = self._tween.value
        if self._tween.done:
            self.current = self._tween.end
            self._tween = None
            if self._queue:
                value, duration, ease, delay = self._queue.pop(0)
                self._tween = Tween(self.current, value, duration, ease, delay)

    def value_at(self, alpha: float) -> Value:
        """The value to draw, `alpha` of the way from the previous step to the current one."""
        if self.previous == self.current:
            return self.current
        return lerp(self.previous, self.current, alpha)


def fade_envelope(age: float, seconds: float, fade_in: float, fade_out: float) -> int:
    """Opacity 0-255 of something shown for `seconds`: fades in, holds, fades out at the end."""
    rise = min(1.0, age / fade_in)
    fall = min(1.0, max(0.0, (seconds - age) / fade_out))
    return int(255 * min(rise, fall))


def stagger(count: int, step: float = 0.05) -> list[float]:
    """Delays for a staggered deal (ART.md: 40-60 ms apart)."""
    return [i * step for i in range(count)]


def bob(time_s: float, amplitude: float = 6.0, period: float = 1.6) -> float:
    """A gentle vertical bob for a focused card (zero under reduced motion)."""
    if MOTION.reduced:
        return 0.0
    return amplitude * math.sin(time_s * 2 * math.pi / period)


def interpolate_points(points: Sequence[tuple[float, float]], t: float) -> tuple[float, float]:
    """A point along a polyline at fraction t (for arcs of dealt cards)."""
    if len(points) == 1:
        return points[0]
    t = max(0.0, min(1.0, t)) * (len(points) - 1)
    i = min(int(t), len(points) - 2)
    f = t - i
    (x0, y0), (x1, y1) = points[i], points[i + 1]
    return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)
