"""The Labyrinth table's layout at 1920x1080 and its small shared pieces: where everything sits,
card dicts as the look kit draws them, the face of a card being read."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game.ui.look import palette as P
from game.ui.look.draw import (aa_circle, clip_round, noise_tile, outlined_text, radial_alpha, rounded_rect,
                               surface as alpha_surface, tile_over, vgradient)

Pos = tuple[float, float]
Target = tuple[str, str]  # (kind, key): tile/number, inter/card, item/card, prophecy/card, button/name, page/prev|next,
#                           note/more|do|close (the hint's note)

GAME_ID = "labyrinth"

MAP_RECT = pygame.Rect(16, 96, 1216, 612)
INFO_RECT = pygame.Rect(16, 716, 1216, 98)
READ_RECT = pygame.Rect(1248, 96, 656, 718)
ITEM_AREA = pygame.Rect(16, 824, 836, 248)
PROPHECY_AREA = pygame.Rect(864, 824, 368, 248)
LOG_RECT = pygame.Rect(1248, 824, 656, 124)
BUTTON_ROW = pygame.Rect(1248, 958, 656, 104)
MENU_RECT = pygame.Rect(16, 14, 150, 70)  # the touch Menu button, labelled as on every table
HINT_BUTTON_W = 120  # the Hint button at the end of the button row (one short word)
FIT_RECT = pygame.Rect(1232 - 176, 108, 160, 64)  # "Fit map", shown once the player zoomed or panned
LAN_STRIP_BAND = 60  # the map's bottom band a LAN table keeps free for the connection strip (36 px high)
ITEM_W = 150  # ART.md: cards held >= 140 px wide at 1080p
PROPHECY_W = 112
FAVOUR_PX = 58
FAVOUR_LEFT = 1904 - 8 * 64
FAVOUR_RECT = pygame.Rect(FAVOUR_LEFT, 14, 8 * 64, 72)  # the row of flames: looked at, it says what they mean
STAGE = (1000.0, 340.0)  # where an interaction card is turned over and read
STAGE_W = 190
DISCARD_POS = (BUTTON_ROW.right - 110.0, BUTTON_ROW.centery)
LOG_LINES = 3
ENDING_AUTO_SECONDS = 4.0  # with nobody at this screen (bots, spectators) the ending moves on by itself
MOVE_SECONDS = 0.26
THEIR_MOVE_SECONDS = 0.4

BUTTON_LABELS = {"use": "Use", "cancel": "Cancel", "undo": "Undo", "end_turn": "End turn", "discard": "Discards",
                 "hint": "Hint"}


TRAY_FULL_CARDS = 5  # items shown as whole cards side by side (ITEM_W each); more become tiles


def item_tray_rects(count: int, factor: float = 1.0) -> list[pygame.Rect] | None:
    """Where each of `count` items sits as a tile of a crowded tray, row by row (two rows up to ten
    items, then three); None while whole cards fit side by side. Overlapping cards hid the names.
    A small window (`factor`, the window's `legible_factor`, > 1) lays nine and more out as
    `legible_item_tray_rects`: the two-row tiles were too narrow for a name in legible print."""
    if count <= TRAY_FULL_CARDS:
        return None
    if factor > 1.0 and count > LEGIBLE_TALL_TILES:
        return legible_item_tray_rects(count)
    rows = 2 if count <= 10 else 3
    return tray_grid(ITEM_AREA, count, rows, -(-count // rows), (10, 10), by_rows=True)


LEGIBLE_TALL_TILES = 8  # up to eight items, two rows of tiles at least 195 px wide hold a name in legible print


def legible_item_tray_rects(count: int) -> list[pygame.Rect]:
    """A crowded tray on a small window: low tiles, each wide enough for its letter and a name on
    one line in legible print (three columns up to twelve items, four up to twenty, then five)."""
    cols = 3 if count <= 12 else 4 if count <= 20 else 5
    return tray_grid(ITEM_AREA, count, -(-count // cols), cols, (10, 6), by_rows=True)


def tray_grid(area: pygame.Rect, count: int, rows: int, cols: int, gaps: tuple[int, int], by_rows: bool,
              tallest: int | None = None) -> list[pygame.Rect]:
    """`count` equal cells in `rows` x `cols` below a tray's label, filled row by row (or column by
    column), each at most `tallest` high."""
    inner = pygame.Rect(area.x + 12, area.y + 40, area.width - 24, area.height - 50)
    w = (inner.width - gaps[0] * (cols - 1)) // cols
    h = (inner.height - gaps[1] * (rows - 1)) // rows
    h = h if tallest is None else min(tallest, h)
    cells = [(i % cols, i // cols) if by_rows else (i // rows, i % rows) for i in range(count)]
    return [pygame.Rect(inner.x + c * (w + gaps[0]), inner.y + r * (h + gaps[1]), w, h) for c, r in cells]


SCROLLS_SIDE_BY_SIDE = 2  # prophecies shown as scrolls; more become strips (a scroll's print grew too small)


def prophecy_tray_rects(count: int) -> list[pygame.Rect] | None:
    """Where each of `count` prophecies sits as a strip (one column up to five, then two); None
    while scrolls fit side by side."""
    if count <= SCROLLS_SIDE_BY_SIDE:
        return None
    cols = 1 if count <= 5 else 2
    return tray_grid(PROPHECY_AREA, count, -(-count // cols), cols, (8, 6), by_rows=False, tallest=56)


@dataclass
class Drag:
    kind: str  # item | hero | pan | read
    key: str
    start: Pos
    pos: Pos
    home: Pos = (0.0, 0.0)


@dataclass
class Smoke:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    size: float


def look_of(entry: dict[str, Any]) -> dict[str, Any]:
    """The drawing-relevant part of a scenery card dict, the same whether it came from the view
    or from events (so the look kit's cache keys agree)."""
    keys = ("number", "arrows", "cover", "next_to", "min_favours", "hero")
    look = {k: entry.get(k) for k in keys}
    look["arrows"] = dict(entry.get("arrows") or {})
    look["next_to"] = list(entry["next_to"]) if entry.get("next_to") else None
    look["min_favours"] = int(entry.get("min_favours") or 0)
    look["hero"] = bool(entry.get("hero"))
    look["face"] = entry.get("face", "down")
    if look["face"] == "up":
        look.update(title=entry.get("title", ""), picture=entry.get("picture") or entry.get("text", ""),
                    dots=int(entry.get("dots") or 0))
    return look


def item_look(entry: dict[str, Any]) -> dict[str, Any]:
    """An item as the look kit draws it: a bare letter has no number (the view sends 0)."""
    return {"letter": entry.get("letter", "?"), "number": entry.get("number") or None, "name": entry.get("name", "")}


@lru_cache(maxsize=32)
def interaction_front(number: int, dots: int, width: int) -> pygame.Surface:
    """The face of an interaction card while it is read: parchment, its number, and ink lines
    standing for the text that the reading panel shows in full."""
    w, h = width, round(width * 1.4)
    out = alpha_surface((w, h))  # per-pixel alpha, so the rounded corners stay clear when it tilts
    out.blit(vgradient((w, h), [(0.0, P.shade(P.LA_PARCHMENT, 0.12)), (1.0, P.LA_PARCHMENT_DARK)]), (0, 0))
    tile_over(out, noise_tile(64, 11, 16))
    seal = outlined_text(str(number), "display", round(w * 0.32), P.LA_ARROW_RED, P.shade(P.LA_PARCHMENT, 0.3), 2)
    out.blit(seal, (round(w * 0.08), round(w * 0.05)))
    for i in range(dots):
        aa_circle(out, (w * 0.62 + i * w * 0.08, w * 0.17), w * 0.025, (*P.LA_SEPIA, 255))
    y = w * 0.48
    for i in range(9):
        length = 0.78 if i % 4 != 3 else 0.45
        pygame.draw.line(out, (*P.shade(P.LA_SEPIA, 0.35), 255), (w * 0.11, y), (w * (0.11 + length), y), 2)
        y += w * 0.09
    rounded_rect(out, out.get_rect().inflate(-round(w * 0.08), -round(w * 0.08)), (*P.LA_SEPIA, 200),
                 round(w * 0.05), max(1, round(w * 0.012)))
    return clip_round(out, max(3, round(w * 0.06)))


@lru_cache(maxsize=64)
def smoke_puff(size: int) -> pygame.Surface:
    """A soft grey puff of a flame going out (cached per size; alpha set at blit time)."""
    return radial_alpha(max(4, size * 2), (150, 146, 140), 200, 1.4)


MEEPLE_SIZE = 76
