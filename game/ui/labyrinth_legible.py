"""The Labyrinth tray's cards on a small window: an item's name and a prophecy's title set larger.

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
from game.ui.look.cards_labyrinth import _parchment, card_height, item_card, item_name_lines, prophecy, RATIO
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
