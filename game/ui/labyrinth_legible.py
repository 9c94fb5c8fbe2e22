"""The Labyrinth tray's cards on a small window: an item's name and a prophecy's title set larger
(whole cards and scrolls, and the tiles and strips of a crowded tray).

At 1024x768 the canvas shows at 0.53, so the 21 px name on an item card read as 11 px and a
scroll's 19 px title as 10 px. Below the legible scale (`legible_factor` > 1) the tray draws the
look kit's card and sets its words again, larger, on the same parchment (the look kit's papers
are seeded, so the patch is the card's own paper). From 1366x768 up the look kit's faces are used
as they are.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.look import palette as P
from game.ui.look.cache import SurfaceLRU
from game.ui.look.cards_labyrinth import (TILE_NAME_PX, RATIO, _parchment, card_height, item_card, item_name_lines,
                                         item_tile, prophecy, prophecy_strip)
from game.ui.look.draw import outlined_text
from game.ui.look.fonts import font, text_surface, wrap

_faces = SurfaceLRU("labyrinth-legible", 8 * 1024 * 1024, max_items=128)


def grown_lines(text: str, base_px: int, factor: float, width: int, room: int, most: int,
                step_share: float = 0.92) -> tuple[int, list[str]] | None:
    """`text` in the largest print from `base_px * factor` down to `base_px` whose lines keep every
    word whole, number at most `most` and fit `room` px high; None when only `base_px` is left."""
    px = round(base_px * factor)
    while px > base_px:
        face = font("story", px)
        lines = wrap(text, "story", px, width)
        step = face.get_linesize() * step_share
        whole = all(face.size(word)[0] <= width for word in text.split())
        if whole and len(lines) <= most and step * (len(lines) - 1) + px <= room:
            return px, lines
        px -= 1
    return None


def item_name_px(look: dict[str, Any], width: int, factor: float) -> int:
    """The name's print on the legible face (the look kit's own size when it cannot grow)."""
    return _item_name(look, width, factor)[0]


def _item_name(look: dict[str, Any], width: int, factor: float) -> tuple[int, list[str]]:
    w, h = width, card_height(width, RATIO)
    base_px, base_lines = item_name_lines(str(look.get("name", "")), w)
    top, bottom = round(h * 0.6), h - round(w * 0.04) - 9
    grown = grown_lines(str(look.get("name", "")), base_px, factor, round(w * 0.86), bottom - top - 2, 3)
    return grown if grown is not None else (base_px, base_lines)


def legible_item_card(look: dict[str, Any], width: int, factor: float) -> pygame.Surface:
    """An item card whose name reads at >= 70 % of its size on this window (the look kit's card
    at factor 1)."""
    if factor <= 1.0:
        return item_card(look, width)
    key = ("item", repr(sorted(look.items())), width, round(factor, 4))
    return _faces.get_or_build(key, lambda: _legible_item_card(look, width, factor))


def _legible_item_card(look: dict[str, Any], width: int, factor: float) -> pygame.Surface:
    base = item_card(look, width)
    px, lines = _item_name(look, width, factor)
    if px == item_name_lines(str(look.get("name", "")), width)[0]:
        return base
    out = base.copy()
    w, h = base.get_size()
    m = round(w * 0.04)
    patch = pygame.Rect(m + 3, round(h * 0.6), w - 2 * m - 6, h - m - 9 - round(h * 0.6))
    out.blit(_parchment((w, h), 301), patch.topleft, patch)
    step = font("story", px).get_linesize() * 0.92
    y = patch.y + 1
    for line in lines:
        image = text_surface(line, "story", px, P.LA_SEPIA)
        out.blit(image, image.get_rect(midtop=(w // 2, round(y))))
        y += step
    return out


def scroll_body(width: int) -> pygame.Rect:
    """A revealed scroll's paper, as the look kit lays it (`_scroll_shape`)."""
    h = card_height(width, RATIO)
    return pygame.Rect(round(width * 0.12), round(h * 0.06), round(width * 0.76), round(h * 0.94 - h * 0.06))


def scroll_title_patch(width: int) -> pygame.Rect:
    """The part of a revealed scroll (`width` wide) that holds its title: the paper between the
    upper rod and the number's seal."""
    body = scroll_body(width)
    rod = max(4, round(width * 0.1))
    top = body.y + rod // 2 + 2
    seal_top = round(body.bottom - width * 0.12 - width * 0.08) - 2
    return pygame.Rect(body.x, top, body.width, seal_top - top)


def scroll_title(entry: dict[str, Any], width: int, factor: float) -> tuple[int, list[str]] | None:
    """A scroll's title in larger print for this window (None: the look kit's own is kept)."""
    patch = scroll_title_patch(width)
    base_px = max(8, round(width * (0.125 if width < 200 else 0.1)))
    room = patch.bottom - round(scroll_body(width).y + width * 0.1) - 8  # the rule goes under the last line
    return grown_lines(str(entry.get("title", "")), base_px, factor, round(patch.width * 0.9), room, 4)


def legible_prophecy(entry: dict[str, Any], width: int, state: str, factor: float) -> pygame.Surface:
    """A prophecy scroll whose title reads at >= 70 % of its size on this window (sealed scrolls,
    wide scrolls that also carry their text, and factor 1 keep the look kit's face)."""
    if factor <= 1.0 or state == "sealed" or width >= 200:
        return prophecy(entry, width, state)
    key = ("prophecy", repr(sorted(entry.items())), width, state, round(factor, 4))
    return _faces.get_or_build(key, lambda: _legible_prophecy(entry, width, state, factor))


def _legible_prophecy(entry: dict[str, Any], width: int, state: str, factor: float) -> pygame.Surface:
    base = prophecy(entry, width, state)
    title = scroll_title(entry, width, factor)
    if title is None:
        return base
    px, lines = title
    out = base.copy()
    h = base.get_height()
    patch = scroll_title_patch(width)
    body = scroll_body(width)
    paper = pygame.Surface(patch.size, pygame.SRCALPHA)  # the scroll's own paper where the title lies
    paper.blit(_parchment(body.size, 77), (0, 0), pygame.Rect(0, patch.y - body.y, patch.width, patch.height))
    y = body.y + width * 0.1 - patch.y
    step = font("story", px).get_linesize() * 0.92
    for line in lines:
        image = text_surface(line, "story", px, P.LA_ARROW_RED)
        paper.blit(image, image.get_rect(midtop=(patch.width // 2, round(y))))
        y += step
    y += px * 0.25
    rule = (*P.shade(P.LA_SEPIA, 0.35), 255)
    pygame.draw.line(paper, rule, (width * 0.08, y + 2), (patch.width - width * 0.08, y + 2), 1)
    if state == "fulfilled":
        veil = pygame.Surface(patch.size, pygame.SRCALPHA)
        veil.fill((40, 30, 20, 90))
        paper.blit(veil, (0, 0))
    out.blit(paper, patch.topleft)
    if state == "fulfilled":  # the green stamp again over the new title, as the look kit sets it
        stamp = outlined_text("FULFILLED", "display", max(8, round(width * 0.2)), P.GOOD, P.shade(P.GOOD, -0.6),
                              max(1, round(width * 0.01)))
        stamp = pygame.transform.rotozoom(stamp, 18, 1.0)
        out.set_clip(patch)
        out.blit(stamp, stamp.get_rect(center=(width // 2, h // 2)))
        out.set_clip(None)
    return out


# --- a crowded tray: items as tiles, prophecies as strips (20 px names read as 11 px at 1024x768) ---------
def tile_name(name: str, code: str, size: tuple[int, int], factor: float
              ) -> tuple[pygame.Rect, int, list[str], float] | None:
    """Where an item tile's name goes and in what print on this window: (the tile's name area, px,
    lines, line step); None where the look kit's 20 px stays (it cannot grow without cutting a word)."""
    w, h = size
    pad = max(4, round(h * 0.08))
    m = max(2, round(h * 0.04))
    if h >= 80:  # the name under the letter and the icon, on up to two lines
        top = pad + round(h * 0.46) + 2
        area = pygame.Rect(pad, top, w - 2 * pad, h - m - 2 - top)
        share = 0.92
    else:  # the name beside the letter
        left = pad + 2 + font("display", round(h * 0.62)).size(code)[0] + 2 + 8  # right of the letter (outlined)
        area = pygame.Rect(left, m + 2, w - left - pad, h - 2 * m - 4)
        share = 0.9
    grown = grown_lines(name, TILE_NAME_PX, factor, area.width - 2, area.height, 2, share)
    if grown is None:
        return None
    px, lines = grown
    return area, px, lines, font("story", px).get_linesize() * share


def legible_item_tile(look: dict[str, Any], size: tuple[int, int], factor: float) -> pygame.Surface:
    """An item tile whose name reads larger on a small window (the look kit's tile at factor 1)."""
    if factor <= 1.0:
        return item_tile(look, size)
    key = ("tile", repr(sorted(look.items())), size, round(factor, 4))
    return _faces.get_or_build(key, lambda: _legible_item_tile(look, size, factor))


def _legible_item_tile(look: dict[str, Any], size: tuple[int, int], factor: float) -> pygame.Surface:
    base = item_tile(look, size)
    number = look.get("number")
    code = str(look.get("letter", "?")) + (str(number) if number not in (None, "") else "")
    placed = tile_name(str(look.get("name", "")), code, size, factor)
    if placed is None:
        return base
    area, px, lines, step = placed
    out = base.copy()
    out.blit(_parchment(size, 301), area.topleft, area)
    if size[1] >= 80:
        y = float(area.y)
        for line in lines:
            out.blit(text_surface(line, "story", px, P.LA_SEPIA), (area.x + 2, round(y)))
            y += step
    else:
        middle = size[1] / 2 + 1 - step * (len(lines) - 1) / 2
        for index, line in enumerate(lines):
            image = text_surface(line, "story", px, P.LA_SEPIA)
            out.blit(image, image.get_rect(midleft=(area.x, round(middle + index * step))))
    return out


def strip_title(entry: dict[str, Any], size: tuple[int, int], state: str, factor: float
                ) -> tuple[pygame.Rect, int, str] | None:
    """Where a prophecy strip's words go and their print on this window (None: the look kit's stays)."""
    w, h = size
    rod = max(3, round(h * 0.12))
    r = h * 0.36
    left = round(rod + 6 + r + r + 10)
    right = w - rod - 8 - (round(h * 0.5) + 6 if state == "fulfilled" else 0)
    if state == "sealed":
        words = "Sealed prophecy" if font("story-italic", round(TILE_NAME_PX * factor)).size("Sealed prophecy")[0] \
            <= right - left else "Sealed"
        role = "story-italic"
    else:
        words, role = str(entry.get("title", "")), "story"
    px = min(round(TILE_NAME_PX * factor), h - 6)
    while px > TILE_NAME_PX and font(role, px).size(words)[0] > right - left:
        px -= 1
    if px <= TILE_NAME_PX:
        return None
    return pygame.Rect(left - 1, 2, right - left + 2, h - 4), px, words


def legible_prophecy_strip(entry: dict[str, Any], size: tuple[int, int], state: str, factor: float) -> pygame.Surface:
    """A prophecy strip whose words read larger on a small window (the look kit's at factor 1)."""
    if factor <= 1.0:
        return prophecy_strip(entry, size, state)
    key = ("strip", repr(sorted(entry.items())), size, state, round(factor, 4))
    return _faces.get_or_build(key, lambda: _legible_prophecy_strip(entry, size, state, factor))


def _legible_prophecy_strip(entry: dict[str, Any], size: tuple[int, int], state: str, factor: float
                            ) -> pygame.Surface:
    base = prophecy_strip(entry, size, state)
    placed = strip_title(entry, size, state, factor)
    if placed is None:
        return base
    area, px, words = placed
    out = base.copy()
    out.blit(_parchment(size, 317), area.topleft, area)
    if state == "sealed":
        role, ink = "story-italic", P.shade(P.LA_SEPIA, 0.25)
    else:
        role, ink = "story", (P.shade(P.GOOD, -0.45) if state == "fulfilled" else P.LA_ARROW_RED)
    image = text_surface(words, role, px, ink)
    out.blit(image, image.get_rect(midleft=(area.x + 1, size[1] // 2 + 1)))
    return out
