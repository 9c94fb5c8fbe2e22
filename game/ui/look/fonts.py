"""Fonts by role, cached text surfaces and word wrapping (ART.md: Type)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.ui.look.cache import SurfaceLRU

from .paths import FONT_DIR

FONT_FILES: dict[str, str] = {
    "display": "BebasNeue-Regular.otf",  # headlines and big numbers: scores, hours, years
    "ui": "Inter-Regular.otf",
    "ui-bold": "Inter-SemiBold.otf",
    "story": "EBGaramond08-Regular.otf",  # Labyrinth texts, Lost in Time captions
    "story-italic": "EBGaramond08-Italic.otf",
}
ROLES: tuple[str, ...] = tuple(FONT_FILES)

CANVAS_SIZE = (1920, 1080)  # the canvas every screen is drawn on, then scaled to the window (app.py)
# Below this scale of the canvas on the window (1280x720 is 0.67, 1024x768 0.53) small text would
# shrink past reading (22 px key caps showed as 12 px): `legible_px` keeps it at this share of its size.
LEGIBLE_SCALE = 0.7

TEXT_CACHE_LIMIT = 1024
# the reading panel writes hundreds of long lines (590x27 px each): bounded by bytes as well as count
TEXT_CACHE_BYTES = 12 * 1024 * 1024
_text_cache = SurfaceLRU("text", TEXT_CACHE_BYTES, max_items=TEXT_CACHE_LIMIT)


@lru_cache(maxsize=256)
def font(role: str, px: int) -> pygame.font.Font:
    """The font of a role at a pixel size (cached: the same object every call)."""
    if role not in FONT_FILES:
        raise KeyError(f"unknown font role {role!r}; roles: {', '.join(ROLES)}")
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(FONT_DIR / FONT_FILES[role]), max(1, int(px)))


def canvas_scale(window: tuple[int, int], canvas: tuple[int, int] = CANVAS_SIZE) -> float:
    """How large the canvas shows, letterboxed whole, on a window of this size (1.0 for no size)."""
    if window[0] <= 0 or window[1] <= 0:
        return 1.0
    return min(window[0] / canvas[0], window[1] / canvas[1])


def window_scale() -> float:
    """How large the canvas shows on the window (1.0 with no window: tests drawing on their own)."""
    surface = pygame.display.get_surface() if pygame.display.get_init() else None
    return 1.0 if surface is None else canvas_scale(surface.get_size())


def legible_factor() -> float:
    """How much hint and body text grows on this window so it reads as it would at LEGIBLE_SCALE
    (1.0 from that scale up: a 1366x768 laptop or larger draws the sizes as designed)."""
    scale = window_scale()
    return 1.0 if scale >= LEGIBLE_SCALE else LEGIBLE_SCALE / scale


def legible_px(px: int) -> int:
    """`px` (a size on the 1920x1080 canvas) raised on a small window: 22 px caps show as 15 px on
    a 1024x768 screen, not 12."""
    return round(px * legible_factor())


def text_surface(text: str, role: str, px: int, colour: tuple[int, ...]) -> pygame.Surface:
    """Antialiased text with a transparent background; an LRU cache keeps the last renders.

    Callers must not draw onto the returned Surface: it is shared.
    """
    key = (text, role, int(px), tuple(colour))
    cached = _text_cache.get(key)
    if cached is not None:
        return cached
    _text_cache.misses += 1
    surface = font(role, px).render(text, True, colour)
    if len(colour) == 4 and colour[3] < 255:
        surface.set_alpha(colour[3])
    return _text_cache.put(key, surface)


def wrap(text: str, role: str, px: int, width: int, hyphen: bool = False) -> list[str]:
    """Greedy word wrap to `width` pixels; newlines start new lines, blank lines are kept,
    a word too long for a line is split between characters (ending in a hyphen with `hyphen`:
    "Constantinople" on a narrow card)."""
    mark = "-" if hyphen else ""
    face = font(role, px)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if face.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
                line = ""
            while face.size(word)[0] > width and len(word) > 1 + len(mark):
                cut = len(word) - 1
                while cut > 1 and face.size(word[:cut] + mark)[0] > width:
                    cut -= 1
                lines.append(word[:cut] + mark)
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


@lru_cache(maxsize=512)
def wrapped(text: str, role: str, px: int, width: int) -> tuple[str, ...]:
    """Word-wrapped lines, cached: captions and table logs are drawn every frame."""
    return tuple(wrap(text, role, px, width))


def log_tail(entries: Sequence[str], role: str, px: int, width: int, count: int) -> list[str]:
    """The newest entries of a log that fit in `count` wrapped lines (newest last), whole: an entry
    never shows only its end ("...call."). Only an entry longer than `count` lines alone is cut,
    to its last lines. Wraps only the entries it needs."""
    return [row for rows in log_tail_entries(entries, role, px, width, count) for row in rows]


def log_tail_entries(entries: Sequence[str], role: str, px: int, width: int, count: int) -> list[list[str]]:
    """`log_tail` with each entry's wrapped lines kept together (to colour an entry as one)."""
    kept: list[list[str]] = []
    used = 0
    for entry in reversed(entries):
        rows = list(wrapped(entry, role, px, width))
        if kept and used + len(rows) > count:
            break
        if not kept and len(rows) > count:
            rows = rows[-count:]
        kept.insert(0, rows)
        used += len(rows)
    return kept


def fit_px(text: str, role: str, max_px: int, width: int, min_px: int = 8) -> int:
    """The largest pixel size <= max_px at which `text` fits on one line of `width`."""
    px = max_px
    while px > min_px and font(role, px).size(text)[0] > width:
        px -= 1
    return px
