"""Short notifications drawn above every scene: warnings (a corrupt settings file), errors (an
illegal move), notes (a gamepad connected). Each stays a few seconds and slides out.

By default they stack at the top centre (over a pause menu or a question, whose panels sit lower).
A scene says where they go instead (`toast_area`): a table over its own log, where the table's news
is read (at the top centre they covered the turn banner, any lower the opponents' panels); a menu
where neither its heading nor its controls are (at the top centre they covered a setup's long game
title and the LAN waiting room's table name). A scene whose `toast_rises` is True anchors the stack
at its area's bottom edge, rising from there (a menu's footer, beside its hint row); one whose
`toast_fits` is True hangs it from the area's top but never past its bottom (the pause menu: two
toasts at the top centre covered its PAUSED)."""

from __future__ import annotations

from dataclasses import dataclass
import math
from typing import Any

import pygame

from game.ui.look import palette as P
from game.ui.look.draw import aa_circle, aa_polygon, aa_shape, rounded_rect
from game.ui.look.fonts import legible_factor, legible_px, text_surface, wrap
from game.ui.widgets import panel_surface

KIND_COLOURS = {"info": P.BRASS, "good": P.GOOD, "warning": P.WARNING, "error": P.ERROR}
KIND_MARKS = {"info": "i", "good": "✓", "warning": "!", "error": "×"}
# The plate each mark sits on. To a red-green colour-blind eye the green, brass, orange and red of
# the four kinds are all one olive yellow, and the small glyphs alone ("i" and "!", "✓" and "×") are
# easy to mistake; a road-sign shape tells the kind at a glance: a circle for news, a rounded square
# for good news, a triangle for a warning, an octagon (a stop sign) for an error.
KIND_SHAPES = {"info": "circle", "good": "square", "warning": "triangle", "error": "octagon"}
TOAST_SECONDS = 4.5
TOAST_WIDTH = 980
TOAST_PX = 26  # the text's size on the 1920x1080 canvas (raised on a small window: legible_px)
AREA_TOAST_PX = 24  # in a table's narrower area
RETIRE_SECONDS = 0.25  # a toast made stale slides out this fast (its own exit at the end of its time)


def reading_seconds(text: str) -> float:
    """How long a toast of `text` stays: the usual 4.5 s, or three words a second for a long one."""
    return max(TOAST_SECONDS, len(text.split()) / 3.0)


def balanced_wrap(text: str, px: int, width: int) -> list[str]:
    """`text` wrapped to `width` in as few lines as it takes, the lines as even as they can be: a
    narrow toast wrapped "…connected: Pad" over a lone "2"."""
    lines = wrap(text, "ui", px, width)
    if len(lines) < 2:
        return lines
    low, high = width // 2, width  # the narrowest width that still takes as few lines
    while low < high:
        middle = (low + high) // 2
        if len(wrap(text, "ui", px, middle)) <= len(lines):
            high = middle
        else:
            low = middle + 1
    return wrap(text, "ui", px, high)


@dataclass
class Toast:
    text: str
    kind: str = "info"
    age: float = 0.0
    seconds: float = TOAST_SECONDS

    @property
    def done(self) -> bool:
        return self.age >= self.seconds


def mark_outline(shape: str, centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The corners of a mark's plate `shape` ("triangle", "octagon") around `centre`."""
    x, y = centre
    if shape == "triangle":  # point up, a little larger than the circle so its glyph fits inside
        r = radius * 1.25
        return [(x, y - r), (x + r * 0.95, y + r * 0.72), (x - r * 0.95, y + r * 0.72)]
    corners = [(x + radius * math.cos(math.pi / 8 + i * math.pi / 4),
                y + radius * math.sin(math.pi / 8 + i * math.pi / 4)) for i in range(8)]
    return corners


def draw_kind_mark(surface: pygame.Surface, kind: str, centre: tuple[int, int], radius: int) -> None:
    """A toast's kind as a plate of its own shape and colour with its glyph drawn in ink: the shape
    (KIND_SHAPES) says the kind where the colours look alike; the tick and the cross are drawn as
    thick strokes, not a small font glyph."""
    colour = KIND_COLOURS.get(kind, P.BRASS)
    shape = KIND_SHAPES.get(kind, "circle")
    x, y = centre
    if shape == "circle":
        aa_circle(surface, centre, radius, (*colour, 255))
    elif shape == "square":
        side = round(radius * 1.8)
        rounded_rect(surface, pygame.Rect(x - side // 2, y - side // 2, side, side), (*colour, 255), max(3, radius // 3))
    else:
        aa_polygon(surface, mark_outline(shape, centre, radius), (*colour, 255))
    if kind in ("good", "error"):
        strokes = ([[(-0.55, 0.03), (-0.14, 0.41), (0.55, -0.38)]] if kind == "good"
                   else [[(-0.45, -0.45), (0.45, 0.45)], [(-0.45, 0.45), (0.45, -0.45)]])
        size = 2 * radius

        def paint(big: pygame.Surface, k: float) -> None:
            width = round(max(3.0, radius * 0.24) * k)
            for stroke in strokes:
                points = [((px + 1) * radius * k, (py + 1) * radius * k) for px, py in stroke]
                pygame.draw.lines(big, (*P.INK, 255), False, points, width)
                for point in points:  # round ends and joints
                    pygame.draw.circle(big, (*P.INK, 255), point, width / 2)

        surface.blit(aa_shape((size, size), paint), (x - radius, y - radius))
    else:
        mark = text_surface(KIND_MARKS.get(kind, "i"), "ui-bold", round(radius * 1.3), P.INK)
        lift = round(radius * 0.12) if shape == "triangle" else 0  # into the wide part of the triangle
        surface.blit(mark, mark.get_rect(center=(x, y + lift)))


class Toasts:
    def __init__(self) -> None:
        self.items: list[Toast] = []
        self._cache: dict[tuple[str, str, int, int], pygame.Surface] = {}
        # the app's scene stack, once a table has entered it: its top scene's `toast_area()` (a table
        # says where its toasts go) is asked at each draw; None or a scene without one: the top centre
        self.scenes: Any = None

    def show(self, text: str, kind: str = "info", seconds: float = TOAST_SECONDS) -> Toast:
        """The toast now showing `text` (the same text twice in a row shows once, its time restarted)."""
        if self.items and self.items[-1].text == text:
            self.items[-1].age = 0.0
            return self.items[-1]
        toast = Toast(text, kind if kind in KIND_COLOURS else "info", 0.0, seconds)
        self.items.append(toast)
        del self.items[:-4]
        return toast

    def retire(self, toast: Toast) -> None:
        """Let a toast whose news is stale slide out now, as it would at the end of its time."""
        if toast in self.items:
            toast.age = max(toast.age, toast.seconds - RETIRE_SECONDS)

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.age += dt
        self.items = [t for t in self.items if not t.done]

    def _render(self, toast: Toast, width: int = TOAST_WIDTH, base_px: int = TOAST_PX) -> pygame.Surface:
        """The toast's plate `width` wide: its mark on a plate of its kind's shape, its text wrapped
        beside it. Its ink is opaque: no log line, hint or heading shows through (at 85 % the title's
        logo read through a warning's words). On a small window the mark grows with the text
        (`legible_factor`)."""
        px = legible_px(base_px)
        narrow = width < TOAST_WIDTH
        key = (toast.text, toast.kind, width, px)
        if key not in self._cache:
            grow = legible_factor()
            mark_x, text_x = (34, 64) if narrow else (46, 86)
            radius = 16 if narrow else 20
            if grow > 1.0:  # a 16 px plate's "i" showed 11 px high on a 1024x768 screen
                radius = round(radius * grow)
                mark_x, text_x = round(mark_x * grow), round(text_x * grow)
            lines = balanced_wrap(toast.text, px, width - text_x - (20 if narrow else 34))
            step = round(px * 1.38)
            height = max(2 * round(px * 0.6) + step * len(lines), 2 * radius + 16)
            fill = (*P.INK[:3], 255)
            surf = panel_surface((width, height), 16, fill, KIND_COLOURS[toast.kind], 3).copy()
            draw_kind_mark(surf, toast.kind, (mark_x, height // 2), radius)
            top = (height - step * len(lines)) // 2
            for i, line in enumerate(lines):
                surf.blit(text_surface(line, "ui", px, P.IVORY), (text_x, top + step * i))
            self._cache[key] = surf
            if len(self._cache) > 64:
                self._cache.pop(next(iter(self._cache)))
        return self._cache[key]

    def _where(self) -> tuple[pygame.Rect | None, str]:
        """The top scene's `toast_area` (None: the top centre), and how the stack keeps to it:
        "rise" from its bottom edge (`toast_rises`: a menu's footer), "fit" hanging from its top but
        rising rather than passing its bottom (`toast_fits`), or "hang" from its top (a table)."""
        top = getattr(self.scenes, "top", None)
        where = getattr(top, "toast_area", None)
        area = where() if callable(where) else None
        if area is not None and getattr(top, "toast_rises", False):
            return area, "rise"
        return area, "fit" if area is not None and getattr(top, "toast_fits", False) else "hang"

    def placements(self, size: tuple[int, int]) -> list[tuple[Toast, pygame.Surface, pygame.Rect]]:
        """Each toast, its plate and where it shows in full on a canvas of `size` (oldest first, one
        under the other): at the top centre, or from the top of the top scene's `toast_area` (kept on
        the screen: a stack taller than the area rises above it), or rising from its bottom edge."""
        return self._place(size, *self._where())

    def _place(self, size: tuple[int, int], area: pygame.Rect | None, keep: str = "hang"
               ) -> list[tuple[Toast, pygame.Surface, pygame.Rect]]:
        if area is None:
            images = [self._render(toast) for toast in self.items]
            y = 28
        else:
            images = [self._render(toast, area.width, AREA_TOAST_PX) for toast in self.items]
            total = sum(image.get_height() + 12 for image in images) - 12
            lowest = area.bottom if keep == "fit" else size[1] - 12  # where the stack may end
            y = max(0, area.bottom - total if keep == "rise" else min(area.y, lowest - total))
        placed = []
        for toast, image in zip(self.items, images):
            x = (size[0] - image.get_width()) // 2 if area is None else area.x
            placed.append((toast, image, pygame.Rect((x, y), image.get_size())))
            y += image.get_height() + 12
        return placed

    def draw(self, surface: pygame.Surface) -> None:
        """Slide each toast in and out where `placements` puts it: from off the top at the top
        centre, a short rise in a table's area."""
        area, keep = self._where()
        placed = self._place(surface.get_size(), area, keep)  # the area asked once a frame
        in_area = area is not None
        shown: list[tuple[pygame.Rect, float]] = []
        for toast, image, rect in placed:
            slide = max(0.0, min(1.0, toast.age / 0.18, (toast.seconds - toast.age) / 0.25))
            distance = 30 if in_area else image.get_height() + 30
            way = 1 if keep == "rise" else -1  # a stack at a menu's foot comes up from below
            shown.append((rect.move(0, way * int((1.0 - slide) * distance)), slide))
        if in_area:
            self.draw_bridges(surface, shown)
        for (toast, image, _), (where, slide) in zip(placed, shown):
            image.set_alpha(int(255 * slide))
            surface.blit(image, where.topleft)

    @staticmethod
    def draw_bridges(surface: pygame.Surface, shown: list[tuple[pygame.Rect, float]]) -> None:
        """Over a table's log, the gap between two stacked toasts is filled with their ink, so no
        log line shows through it cut in half (it read as a line of a toast)."""
        for (upper, upper_slide), (lower, lower_slide) in zip(shown, shown[1:]):
            if lower.top <= upper.bottom:
                continue
            bridge = pygame.Rect(upper.x, upper.bottom - 16, upper.width, lower.top - upper.bottom + 32)
            alpha = int(255 * min(upper_slide, lower_slide))
            if alpha >= 255:
                surface.fill(P.INK, bridge)
            else:
                _blend_fill(surface, bridge, alpha)


def _blend_fill(surface: pygame.Surface, rect: pygame.Rect, alpha: int) -> None:
    """`rect` of `surface` covered with ink at `alpha` (a bridge fading with its toasts)."""
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    veil.fill((*P.INK, alpha))
    surface.blit(veil, rect.topleft)


class RisingToasts:
    """Mixed into a menu scene: its toasts rise from the footer (`footer_area`), clear of the heading
    they covered at the top centre (the picker's, a setup's game name, the LAN waiting room's table
    name) and, one or two at a time, of the controls above the footer."""

    toast_rises = True
    toast_bottom: int | None = None  # where the stack starts rising, when not at the screen's foot

    def toast_area(self) -> pygame.Rect:
        return footer_area(bottom=self.toast_bottom)


def footer_area(left: int | None = None, right: int | None = None, bottom: int | None = None) -> pygame.Rect:
    """A menu's place for toasts (with `toast_rises`): its footer from margin to margin, the stack
    rising from just above the screen's foot, over the hint row a moment: clear of the heading and,
    a toast of two lines at a 1024x768 window, of the controls above the footer (the room left of
    the hints alone wrapped "…connected: Pad 2" onto two lines and a setup's note onto four, over the
    last seat). `left` and `right` narrow it (the title's menu runs down to the footer); `bottom`
    raises it (the results' buttons sit on the footer)."""
    from game.ui.chrome import CANVAS_H, CANVAS_W, MARGIN

    left = MARGIN if left is None else left
    right = CANVAS_W - MARGIN if right is None else right
    bottom = CANVAS_H - 4 if bottom is None else bottom
    return pygame.Rect(left, bottom // 2, right - left, bottom - bottom // 2)
