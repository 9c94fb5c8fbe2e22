"""Card sprites that slide, flip, fan, lift and bob, drawn from a cache of transformed surfaces.

A rotozoom per card per frame is far too slow at 1080p, so angles are quantised to 2 degrees and
scales to 2 % steps, and each (image, angle, scale, squash) is rendered once and kept in a
size-bounded LRU cache. A flip's squashed frames (twenty per flip, each drawn once and never again)
go to a small cache of their own, so they never push out what the table draws every frame.
"""

from __future__ import annotations

import math

import pygame

from game.ui.look.cache import SurfaceLRU
from game.ui.tween import MOTION, Animated, bob, ease_in_quad, ease_out_cubic

ANGLE_STEP = 2.0
SCALE_STEP = 0.02
SQUASH_STEP = 0.05
CACHE_BYTES = 40 * 1024 * 1024  # rotated and scaled cards the table draws again and again
PASSING_BYTES = 8 * 1024 * 1024  # a flip's squashed frames: kept only while the flip plays

SLIDE_SECONDS = 0.22  # ART.md: moves 180-260 ms
FLIP_SECONDS = 0.18  # flips 160-200 ms
OPPONENT_SLIDE_SECONDS = 0.4  # an opponent's move is slow enough to follow
LIFT_PX = 28.0


class TransformCache:
    """Rotated/scaled/squashed copies in two byte-bounded LRUs: squashed copies (a flip in progress)
    in a smaller one of their own, as they are drawn once each and keeping many only pushed out the
    steady ones. Each entry keeps its source image alive, so the `id` in its key can never be reused
    by a new image (a card face dropped from its own cache and drawn anew)."""

    def __init__(self, budget_bytes: int = CACHE_BYTES, passing_bytes: int = PASSING_BYTES) -> None:
        self.steady = SurfaceLRU("turned and scaled cards", budget_bytes)
        self.passing = SurfaceLRU("a flip's squashed frames", passing_bytes)

    @staticmethod
    def quantise(angle: float, scale: float, squash: float) -> tuple[float, float, float]:
        return (round(angle / ANGLE_STEP) * ANGLE_STEP % 360.0, round(scale / SCALE_STEP) * SCALE_STEP,
                round(squash / SQUASH_STEP) * SQUASH_STEP)

    def get(self, image: pygame.Surface, angle: float, scale: float = 1.0, squash: float = 1.0) -> pygame.Surface:
        angle, scale, squash = self.quantise(angle, scale, squash)
        if angle == 0.0 and abs(scale - 1.0) < 1e-6 and abs(squash - 1.0) < 1e-6:
            return image
        cache = self.passing if abs(squash - 1.0) > 1e-6 else self.steady

        def build() -> pygame.Surface:
            width, height = image.get_size()
            out = image
            if abs(squash - 1.0) > 1e-6 or abs(scale - 1.0) > 1e-6:
                out = pygame.transform.smoothscale(
                    image, (max(1, round(width * scale * max(squash, 0.0))), max(1, round(height * scale))))
            if angle != 0.0:
                out = pygame.transform.rotozoom(out, angle, 1.0)
            return out

        return cache.get_or_build((id(image), angle, scale, squash), build, keep=image)

    @property
    def misses(self) -> int:
        return self.steady.misses + self.passing.misses

    def __len__(self) -> int:
        return len(self.steady) + len(self.passing)

    def clear(self) -> None:
        self.steady.clear()
        self.passing.clear()


TRANSFORMS = TransformCache()


class CardSprite:
    """One card on the table. Position is the card's centre in canvas pixels; angle in degrees
    (counter-clockwise, pygame's convention). Call `update(dt)` each step, `draw(surface, alpha)`."""

    def __init__(self, key: str, face: pygame.Surface | None, back: pygame.Surface | None,
                 pos: tuple[float, float] = (0.0, 0.0), face_up: bool = True, angle: float = 0.0,
                 scale: float = 1.0) -> None:
        self.key = key
        self.face = face
        self.back = back
        self.face_up = face_up
        self.pos = Animated(pos)
        self.angle = Animated(angle)
        self.scale = Animated(scale)
        self.alpha = Animated(255.0)
        self.lift = Animated(0.0)
        self.squash = Animated(1.0)
        self.focused = False
        self.visible = True
        self.z = 0
        self._time = 0.0
        self._flip_pending = False
        self._flip_to: bool | None = None
        self.shadow: pygame.Surface | None = None

    # --- commands --------------------------------------------------------------------------------
    def slide_to(self, pos: tuple[float, float], seconds: float = SLIDE_SECONDS, delay: float = 0.0,
                 angle: float | None = None, scale: float | None = None) -> "CardSprite":
        self.pos.to(pos, seconds, ease_out_cubic, delay)
        if angle is not None:
            self.angle.to(angle, seconds, ease_out_cubic, delay)
        if scale is not None:
            self.scale.to(scale, seconds, ease_out_cubic, delay)
        return self

    def flip(self, face_up: bool | None = None, seconds: float = FLIP_SECONDS, delay: float = 0.0) -> "CardSprite":
        """Squash the x-scale to 0, swap the face, unsquash (the swap happens in update)."""
        target = (not self.face_up) if face_up is None else face_up
        if target == self.face_up and not self._flip_pending:
            return self
        half = seconds / 2
        self.squash.to(0.0, half, ease_in_quad, delay).then(1.0, half, ease_out_cubic)
        self._flip_pending = True
        self._flip_to = target
        return self

    def turn_to(self, face: pygame.Surface, at_once: bool = False, delay: float = 0.0,
                seconds: float = FLIP_SECONDS) -> None:
        """Show another drawing of the card: at once, or turned over to it (the drawing shown now
        goes on the back for the first half of the flip)."""
        if at_once:
            self.face = self.back = face
            self.face_up = True
        else:
            self.back, self.face, self.face_up = self.image(), face, False
            self.flip(True, seconds, delay)

    def set_focus(self, focused: bool) -> None:
        if focused != self.focused:
            self.focused = focused
            self.lift.to(LIFT_PX if focused else 0.0, 0.14)

    def fade_to(self, alpha: float, seconds: float = 0.2) -> None:
        self.alpha.to(alpha, seconds)

    @property
    def moving(self) -> bool:
        return any(a.moving for a in (self.pos, self.angle, self.scale, self.squash, self.alpha))

    # --- loop ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._time += dt
        for animated in (self.pos, self.angle, self.scale, self.alpha, self.lift, self.squash):
            animated.update(dt)
        if self._flip_pending and self.squash.current <= 0.0 + 1e-6:
            self.face_up = bool(self._flip_to)
            self._flip_pending = False

    def image(self) -> pygame.Surface | None:
        return self.face if self.face_up else self.back

    def draw_rect(self, alpha: float = 1.0) -> pygame.Rect:
        image = self.image()
        w, h = image.get_size() if image is not None else (100, 140)
        scale = float(self.scale.value_at(alpha))  # type: ignore[arg-type]
        x, y = self.pos.value_at(alpha)  # type: ignore[misc]
        rect = pygame.Rect(0, 0, round(w * scale), round(h * scale))
        rect.center = (round(x), round(y - self.lift.value_at(alpha)))
        return rect

    def contains(self, point: tuple[float, float]) -> bool:
        return self.visible and self.draw_rect().collidepoint(point)

    def shown_image(self, scale: float) -> tuple[pygame.Surface | None, float]:
        """The surface drawn at `scale` (the sprite's face or back) and the scale to draw it at; a
        subclass may hand in another drawing of the same card (see Lost in Time's row faces)."""
        return self.image(), scale

    def cover_image(self, scale: float) -> tuple[pygame.Surface, float, float] | None:
        """A second drawing of the card laid over `shown_image` (no shadow): (surface, its scale, its
        share of the opacity, 0-1); a subclass crossfades two faces with it. None: nothing over it."""
        return None

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        if not self.visible:
            return
        scale = float(self.scale.value_at(alpha))  # type: ignore[arg-type]
        image, image_scale = self.shown_image(scale)
        if image is None:
            return
        x, y = self.pos.value_at(alpha)  # type: ignore[misc]
        lift = float(self.lift.value_at(alpha))  # type: ignore[arg-type]
        if self.focused:
            lift += bob(self._time, 4.0)
        angle = float(self.angle.value_at(alpha))  # type: ignore[arg-type]
        squash = float(self.squash.value_at(alpha))  # type: ignore[arg-type]
        if squash <= 0.02:
            return
        drawn = TRANSFORMS.get(image, angle, image_scale, squash)
        if self.shadow is not None and squash > 0.5:
            shadow = TRANSFORMS.get(self.shadow, angle, scale, 1.0)
            offset = 6 + lift * 0.35
            surface.blit(shadow, shadow.get_rect(center=(round(x + offset * 0.5), round(y + offset))))
        rect = drawn.get_rect(center=(round(x), round(y - lift)))
        opacity = int(float(self.alpha.value_at(alpha)))  # type: ignore[arg-type]
        blit_faded(surface, drawn, rect, opacity)
        cover = self.cover_image(scale)
        if cover is not None and cover[2] > 0.0:
            over = TRANSFORMS.get(cover[0], angle, cover[1], squash)
            blit_faded(surface, over, over.get_rect(center=rect.center), round(opacity * min(1.0, cover[2])))


def blit_faded(target: pygame.Surface, image: pygame.Surface, at: pygame.Rect, opacity: int) -> None:
    """Blit `image` at `opacity` (0-255) without changing it for anyone else: it may be a shared
    cached face, so its alpha goes back to 255, never None (in pygame-ce 2.5 set_alpha(None) also
    switches off per-pixel blending, so its clear corners would turn opaque)."""
    if opacity < 255:
        image.set_alpha(opacity)
        target.blit(image, at)
        image.set_alpha(255)
    else:
        target.blit(image, at)


def fan_layout(count: int, centre: tuple[float, float], card_width: float, max_width: float,
               max_angle: float = 14.0, arc: float = 24.0) -> list[tuple[tuple[float, float], float]]:
    """Positions and angles of `count` cards fanned in a hand: evenly spread within `max_width`,
    tilted up to +-max_angle, on a gentle arc `arc` px deep. Returns [((x, y), angle), ...]."""
    if count <= 0:
        return []
    if count == 1:
        return [(centre, 0.0)]
    spacing = min(card_width * 0.92, (max_width - card_width) / (count - 1))
    total = spacing * (count - 1)
    out = []
    for i in range(count):
        t = i / (count - 1) * 2 - 1  # -1 .. 1
        x = centre[0] - total / 2 + i * spacing
        y = centre[1] + arc * t * t
        angle = -max_angle * t if not MOTION.reduced else -max_angle * t * 0.5
        out.append(((x, y), angle))
    return out


def row_layout(count: int, centre: tuple[float, float], card_width: float, gap: float = 16.0,
               max_width: float | None = None) -> list[tuple[float, float]]:
    """Centres of `count` cards in a straight row (overlapping if they do not fit `max_width`)."""
    if count <= 0:
        return []
    step = card_width + gap
    if max_width is not None and count > 1 and step * (count - 1) + card_width > max_width:
        step = (max_width - card_width) / (count - 1)
    total = step * (count - 1)
    return [(centre[0] - total / 2 + i * step, centre[1]) for i in range(count)]


def arc_point(start: tuple[float, float], end: tuple[float, float], t: float, height: float = 80.0) -> tuple[float, float]:
    """A point on a raised arc from start to end (dealt cards fly, they do not crawl)."""
    x = start[0] + (end[0] - start[0]) * t
    y = start[1] + (end[1] - start[1]) * t - height * math.sin(math.pi * t)
    return (x, y)
