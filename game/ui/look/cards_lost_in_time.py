"""Lost in Time card faces: era rims, the year as the biggest thing, the travel arrow in a corner
that a fanned hand still shows, payment chips as coins; the Chronos dial; the back.

`card_face(card, width)` takes the engine's card dict: {"id", "title", "year", "era", "kind"
(event|vip|disaster), "arrow" (past|future), "chips" (0-2), "caption"}. Years < 0 are BC."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

import pygame

from game.ui.look.cache import SurfaceLRU

from . import palette as P
from .draw import (aa_circle, aa_shape, card_height, clip_round, outlined_text, rounded_rect, surface, vgradient)
from .fonts import font, text_surface, wrap
from .symbols import paint

RATIO = 1.4
KIND_BONUS = {"vip": "+10", "disaster": "+20"}  # years added at the end (rulebook §7)


def year_label(year: int) -> str:
    """1989 -> "1989"; -776 -> "776 BC"."""
    return f"{-year} BC" if year < 0 else str(year)


def rim_colour(card: Mapping[str, Any]) -> P.Colour:
    """Era colour for events, grey for VIPs and Disasters (rulebook §2)."""
    if card.get("kind") in ("vip", "disaster"):
        return P.LT_GREY
    return P.LT_ERA_COLOURS.get(str(card.get("era")), P.LT_GREY)


def title_colour(card: Mapping[str, Any]) -> P.Colour:
    kind = card.get("kind")
    return P.LT_VIP_GREEN if kind == "vip" else P.LT_DISASTER_RED if kind == "disaster" else P.INK


def arrow_colour(direction: str) -> P.Colour:
    """The colour a table writes a direction in and outlines its slot with (red to the past, blue
    to the future): the light tints that read at 4.5:1 on the felt and on dark plates."""
    return P.LT_ARROW_PAST_TEXT if direction == "past" else P.LT_ARROW_FUTURE_TEXT


def arrow_badge_colour(direction: str) -> P.Colour:
    """The saturated arrow colour of the badges on the cards (an ivory arrow sits on it)."""
    return P.LT_ARROW_PAST if direction == "past" else P.LT_ARROW_FUTURE


@lru_cache(maxsize=32)
def _vortex(size: int, colour: P.Colour, alpha: int) -> pygame.Surface:
    """The time vortex: three spiral arms winding into the centre."""
    def painter(big: pygame.Surface, k: float) -> None:
        c = size * k / 2
        for arm in range(3):
            pts = []
            for i in range(90):
                t = i / 89
                a = arm * 2 * math.pi / 3 + t * 2.6 * math.pi
                r = c * 0.96 * (1 - t) ** 0.9
                pts.append((c + math.cos(a) * r, c + math.sin(a) * r))
            for j in range(len(pts) - 1):
                width = max(1, round(c * 0.16 * (1 - j / len(pts)) + k))
                pygame.draw.line(big, (*colour, alpha), pts[j], pts[j + 1], width)
                pygame.draw.circle(big, (*colour, alpha), pts[j + 1], width / 2)
        for rr, aa in ((0.98, alpha // 2), (0.7, alpha // 3)):
            pygame.draw.circle(big, (*colour, aa), (c, c), c * rr, max(1, round(c * 0.02)))
    return aa_shape((size, size), painter)


VORTEX_MASTER = 128


@lru_cache(maxsize=256)
def _small_vortex(size: int, colour: P.Colour, alpha: int) -> pygame.Surface:
    """The vortex behind a compact face's year: one drawing per colour, scaled to each row's card
    size (rows change size as they grow: drawing every size anew cost 5 ms a card)."""
    return pygame.transform.smoothscale(_vortex(VORTEX_MASTER, colour, alpha), (size, size))


def _arrow_badge(card: pygame.Surface, direction: str, centre: tuple[float, float], r: float) -> None:
    colour = arrow_badge_colour(direction)
    aa_circle(card, (centre[0] + r * 0.06, centre[1] + r * 0.1), r, (0, 0, 0, 70))
    aa_circle(card, centre, r, (*colour, 255))
    aa_circle(card, centre, r, (*P.shade(colour, -0.45), 255), max(1, round(r * 0.08)))
    paint(card, "arrow-left" if direction == "past" else "arrow-right", centre, round(r * 1.3), (*P.IVORY, 255))


def _chip(card: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    aa_circle(card, (centre[0] + r * 0.1, centre[1] + r * 0.14), r, (0, 0, 0, 80))
    aa_circle(card, centre, r, (*P.BRASS, 255))
    aa_circle(card, centre, r * 0.66, (*P.BRASS_LIGHT, 255), max(1, round(r * 0.16)))
    aa_circle(card, centre, r, (*P.BRASS_DARK, 255), max(1, round(r * 0.12)))


@lru_cache(maxsize=128)
def _gradient(size: tuple[int, int], top: P.Colour, bottom: P.Colour) -> pygame.Surface:
    """A card's rim or paper gradient (shared: only ever blitted from). Drawn a row at a time in
    Python, it was two thirds of a card's cost, and the cards of a row share their size."""
    return vgradient(size, [(0.0, top), (1.0, bottom)])


def _frame(w: int, h: int, rim: P.Colour) -> tuple[pygame.Surface, pygame.Rect]:
    card = surface((w, h))
    card.blit(_gradient((w, h), P.shade(rim, 0.1), P.shade(rim, -0.35)), (0, 0))
    m = max(3, round(w * 0.05))
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    paper = _gradient(inner.size, P.shade(P.LT_PAPER, 0.3), P.shade(P.LT_PAPER, -0.06))
    paper_alpha = surface(inner.size)
    paper_alpha.blit(paper, (0, 0))
    clip_round(paper_alpha, max(2, round(w * 0.04)))
    card.blit(paper_alpha, inner)
    return card, inner


def _draw_card(card_data: Mapping[str, Any], w: int) -> pygame.Surface:
    h = card_height(w, RATIO)
    rim = rim_colour(card_data)
    kind = str(card_data.get("kind", "event"))
    card, inner = _frame(w, h, rim)
    year = int(card_data.get("year", 0))
    direction = str(card_data.get("arrow", "future"))
    vortex_colour = rim if kind == "event" else title_colour(card_data)
    vortex = _vortex(round(w * 0.74), vortex_colour, 95)
    centre_y = inner.top + inner.height * 0.42
    card.blit(vortex, vortex.get_rect(center=(w // 2, round(centre_y))))
    # the year: the biggest thing on the card
    label = year_label(year)
    px = max(10, round(w * 0.4))
    while px > 8 and font("display", px).size(label)[0] > inner.width * 0.9:
        px -= 1
    year_img = outlined_text(label, "display", px, P.INK, P.shade(P.LT_PAPER, 0.4), max(1, round(w * 0.012)))
    card.blit(year_img, year_img.get_rect(center=(w // 2, round(centre_y + w * 0.02))))
    # the travel arrow and a small year in the top-left corner: visible in a fanned hand
    badge_r = w * 0.11
    _arrow_badge(card, direction, (inner.left + badge_r + w * 0.02, inner.top + badge_r + w * 0.02), badge_r)
    corner = text_surface(label, "display", max(8, round(w * 0.12)), P.shade(rim, -0.5))
    card.blit(corner, corner.get_rect(midtop=(round(inner.left + badge_r + w * 0.02),
                                              round(inner.top + 2 * badge_r + w * 0.035))))
    # kind badge top-right: era name for events, VIP +10 / DISASTER +20 for the others
    if kind in KIND_BONUS:
        tag = f"{'VIP' if kind == 'vip' else 'DISASTER'} {KIND_BONUS[kind]}"
        tag_colour = title_colour(card_data)
    else:
        tag = P.LT_ERA_NAMES.get(str(card_data.get("era")), "").upper()
        tag_colour = P.shade(rim, -0.35)
    tag_img = text_surface(tag, "display", max(8, round(w * 0.085)), P.IVORY)
    pill = pygame.Rect(0, 0, tag_img.get_width() + round(w * 0.06), tag_img.get_height())
    pill.topright = (inner.right - round(w * 0.03), inner.top + round(w * 0.04))
    rounded_rect(card, pill, (*tag_colour, 255), pill.height // 2)
    card.blit(tag_img, tag_img.get_rect(center=pill.center))
    # title (and caption when there is room) in Garamond, as large as the space under the year allows
    caption = str(card_data.get("caption", "")) if w >= 240 else ""
    text_top = inner.top + inner.height * (0.62 if caption else 0.69)
    text_width = inner.width - round(w * 0.08)
    text_bottom = inner.bottom - w * 0.04
    pygame.draw.line(card, (*P.shade(rim, -0.2), 255), (inner.left + w * 0.12, text_top - w * 0.03),
                     (inner.right - w * 0.12, text_top - w * 0.03), max(1, round(w * 0.008)))
    title = str(card_data.get("title", ""))
    cap_px = max(8, round(w * 0.062))
    cap_lines = wrap(caption, "story-italic", cap_px, text_width) if caption else []
    cap_line_h = font("story-italic", cap_px).get_linesize() * 0.92
    if caption:
        room = round(text_bottom - text_top - len(cap_lines) * cap_line_h - w * 0.02)
        title_px, lines = title_fit(title, text_width, room, round(w * 0.1), max(8, round(w * 0.075)))
    else:
        title_px, lines = title_fit(title, text_width, round(text_bottom - text_top), round(w * 0.125),
                                    max(8, round(w * 0.095)))
    y = text_top
    title_line_h = font("story", title_px).get_linesize() * 0.86
    for line in lines:
        img = text_surface(line, "story", title_px, title_colour(card_data))
        card.blit(img, img.get_rect(midtop=(w // 2, round(y))))
        y += title_line_h
    for i, line in enumerate(cap_lines):  # the whole caption, or its lines that fit and an ellipsis
        last = y + w * 0.01 + 2 * cap_line_h > text_bottom + cap_px * 0.3
        if last and i < len(cap_lines) - 1:
            face = font("story-italic", cap_px)
            while line and face.size(line + "\u2026")[0] > text_width:
                line = line[:-1].rstrip()
            line += "\u2026"
        img = text_surface(line, "story-italic", cap_px, P.shade(P.INK, 0.25))
        card.blit(img, img.get_rect(midtop=(w // 2, round(y + w * 0.01))))
        y += cap_line_h
        if last:
            break
    chips = max(0, min(2, int(card_data.get("chips", 0))))
    chip_r = w * 0.05
    for i in range(chips):
        _chip(card, (inner.right - chip_r * 1.6 - i * chip_r * 2.3, pill.bottom + chip_r * 1.7), chip_r)
    return clip_round(card, max(3, round(w * 0.06)))


COMPACT_TITLE_MIN_PX = 11  # below this a compact title is cut short (the whole card is read enlarged)
COMPACT_TITLE_MAX_LINES = 4


def title_fit(title: str, width: int, height: int, max_px: int,
              min_px: int = COMPACT_TITLE_MIN_PX) -> tuple[int, list[str]]:
    """The largest Garamond size (between `min_px` and `max_px`) at which `title` wraps into `width`
    and `height` without splitting a word, and its lines. When even `min_px` is too big the lines
    at `min_px` that fit are kept and the last one ends in an ellipsis (never a clipped glyph)."""
    for px in range(max(min_px, max_px), min_px - 1, -1):
        face = font("story", px)
        line_h = face.get_linesize() * 0.86
        lines = wrap(title, "story", px, width)
        words_fit = all(face.size(word)[0] <= width for word in title.split())
        if words_fit and len(lines) <= COMPACT_TITLE_MAX_LINES and len(lines) * line_h <= height + px * 0.2:
            return px, lines
    face = font("story", min_px)
    keep = max(1, min(COMPACT_TITLE_MAX_LINES, int((height + min_px * 0.2) // (face.get_linesize() * 0.86))))
    lines = wrap(title, "story", min_px, width, hyphen=True)
    if len(lines) > keep:
        last = lines[keep - 1]
        while last and face.size(last + "\u2026")[0] > width:
            last = last[:-1].rstrip()
        lines = lines[:keep - 1] + [last + "\u2026"]
    return min_px, lines


@dataclass(frozen=True)
class CompactLayout:
    """Where the parts of a compact face go (see `_draw_compact`): its margins, the arrow badge, the
    year's size and top, the rule under it, and the title's size, lines and box."""

    inner: pygame.Rect
    pad: int
    badge_r: float
    year_px: int
    year_top: int
    rule_y: float
    title_px: int
    title_lines: tuple[str, ...]
    title_box: pygame.Rect

    @property
    def title_line_h(self) -> float:
        return font("story", self.title_px).get_linesize() * 0.86


def compact_layout(card_data: Mapping[str, Any], w: int) -> CompactLayout:
    """The layout of a compact face `w` px wide: the year as large as the card's width allows, the
    title as large as the space under it allows (see `title_fit`)."""
    h = card_height(w, RATIO)
    m = max(3, round(w * 0.05))
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    pad = max(2, round(w * 0.04))
    badge_r = max(6.0, w * 0.105)
    label = year_label(int(card_data.get("year", 0)))
    year_px = max(10, round(w * 0.4))
    while year_px > 10 and font("display", year_px).size(label)[0] > inner.width - 2 * pad:
        year_px -= 1
    year_top = round(inner.top + pad + 2 * badge_r - w * 0.02)
    year_h = font("display", year_px).get_height() + 2 * max(1, round(w * 0.012))
    rule_y = year_top + year_h * 0.86
    text_top = rule_y + max(2, w * 0.03)
    box = pygame.Rect(inner.left + pad, round(text_top), inner.width - 2 * pad, round(inner.bottom - pad - text_top))
    px, lines = title_fit(str(card_data.get("title", "")), box.width, box.height, round(w * 0.2))
    return CompactLayout(inner, pad, badge_r, year_px, year_top, rule_y, px, tuple(lines), box)


def _draw_compact(card_data: Mapping[str, Any], w: int) -> pygame.Surface:
    """The face of a card on a timeline or a pile (about 60-130 px wide): drawn at its own size, not
    shrunk from the hand's face, so its print stays sharp, and laid out for its size: the year big,
    the title as large as its lines allow (the era reads from the rim, so its name is left out)."""
    h = card_height(w, RATIO)
    rim = rim_colour(card_data)
    kind = str(card_data.get("kind", "event"))
    card, inner = _frame(w, h, rim)
    layout = compact_layout(card_data, w)
    pad, badge_r = layout.pad, layout.badge_r
    _arrow_badge(card, str(card_data.get("arrow", "future")), (inner.left + pad + badge_r, inner.top + pad + badge_r),
                 badge_r)
    chips_right = inner.right - pad
    if kind in KIND_BONUS:  # the years a VIP or Disaster adds at the end: it changes a total
        tag_img = text_surface(KIND_BONUS[kind], "display", max(10, round(w * 0.17)), P.IVORY)
        pill = pygame.Rect(0, 0, tag_img.get_width() + round(w * 0.08), tag_img.get_height())
        pill.midright = (inner.right - pad, round(inner.top + pad + badge_r))
        rounded_rect(card, pill, (*title_colour(card_data), 255), pill.height // 2)
        card.blit(tag_img, tag_img.get_rect(center=pill.center))
        chips_right = pill.left - max(1, round(w * 0.02))
    chips = max(0, min(2, int(card_data.get("chips", 0))))
    chip_r = max(3.5, w * 0.05)
    for i in range(chips):  # payment chips: in the top row, between the arrow and the bonus
        _chip(card, (chips_right - chip_r - i * chip_r * 2.2, inner.top + pad + badge_r), chip_r)
    label = year_label(int(card_data.get("year", 0)))
    year_img = outlined_text(label, "display", layout.year_px, P.INK, P.shade(P.LT_PAPER, 0.4),
                             max(1, round(w * 0.012)))
    vortex = _small_vortex(round(w * 0.62), rim if kind == "event" else title_colour(card_data), 80)
    card.blit(vortex, vortex.get_rect(center=(w // 2, layout.year_top + year_img.get_height() // 2)))
    card.blit(year_img, year_img.get_rect(midtop=(w // 2, layout.year_top)))
    pygame.draw.line(card, (*P.shade(rim, -0.2), 255), (inner.left + w * 0.14, layout.rule_y),
                     (inner.right - w * 0.14, layout.rule_y), max(1, round(w * 0.01)))
    box, line_h = layout.title_box, layout.title_line_h  # the title fills what is left, centred in it
    y = box.top + max(0.0, (box.height - line_h * len(layout.title_lines)) / 2) - layout.title_px * 0.08
    for line in layout.title_lines:
        img = text_surface(line, "story", layout.title_px, title_colour(card_data))
        card.blit(img, img.get_rect(midtop=(w // 2, round(y))))
        y += line_h
    return clip_round(card, max(3, round(w * 0.06)))


def _key(card: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple(str(card.get(k, "")) for k in ("id", "title", "year", "era", "kind", "arrow", "chips", "caption"))


FACE_CACHE_BYTES = 32 * 1024 * 1024  # least recently used faces go past this (six timelines fit many times)
_face_cache = SurfaceLRU("lost in time faces", FACE_CACHE_BYTES)


def _cached_face(card: Mapping[str, Any], width: int, compact: bool) -> pygame.Surface:
    """One cache for both layouts, per card content, width and layout (do not draw on the result)."""
    key = (_key(card), int(width), compact)
    return _face_cache.get_or_build(key, lambda: (_draw_compact if compact else _draw_card)(card, int(width)))


def card_face(card: Mapping[str, Any], width: int) -> pygame.Surface:
    """The face of a Lost in Time card (cached per card content and width; do not draw on it)."""
    return _cached_face(card, width, compact=False)


COMPACT_MAX_W = 130  # a card drawn at most this wide uses the compact layout


def compact_face(card: Mapping[str, Any], width: int) -> pygame.Surface:
    """The face of a card at the size it lies on a timeline or a pile (see `_draw_compact`);
    cached like `card_face`. Wider than COMPACT_MAX_W it is the ordinary face."""
    return _cached_face(card, width, compact=int(width) <= COMPACT_MAX_W)


@lru_cache(maxsize=16)
def card_back(width: int) -> pygame.Surface:
    """The back: a night vortex in the five era colours and the title."""
    w, h = int(width), card_height(int(width), RATIO)
    card = surface((w, h))
    card.blit(vgradient((w, h), [(0.0, P.hex_colour("#3A1830")), (1.0, P.hex_colour("#12060F"))]), (0, 0))
    v = _vortex(round(w * 0.8), P.BRASS, 200)
    card.blit(v, v.get_rect(center=(w // 2, round(h * 0.45))))
    for i, era in enumerate(P.LT_ERA_COLOURS.values()):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        aa_circle(card, (w / 2 + math.cos(a) * w * 0.42, h * 0.45 + math.sin(a) * w * 0.42), w * 0.045, (*era, 255))
    m = round(w * 0.05)
    rounded_rect(card, (m, m, w - 2 * m, h - 2 * m), (*P.BRASS, 220), round(w * 0.05), max(1, round(w * 0.012)))
    title = text_surface("LOST IN TIME", "display", max(8, round(w * 0.15)), P.BRASS_LIGHT)
    card.blit(title, title.get_rect(midbottom=(w // 2, round(h - m * 1.8))))
    return clip_round(card, max(3, round(w * 0.06)))


@lru_cache(maxsize=16)
def chronos(direction: str, width: int) -> pygame.Surface:
    """The Chronos card: a brass dial showing the red (past) or blue (future) arrow."""
    if direction not in ("past", "future"):
        raise ValueError(f"direction is 'past' or 'future', not {direction!r}")
    w, h = int(width), card_height(int(width), RATIO)
    card = surface((w, h))
    card.blit(vgradient((w, h), [(0.0, P.shade(P.BRASS, 0.2)), (1.0, P.BRASS_DARK)]), (0, 0))
    m = round(w * 0.05)
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    rounded_rect(card, inner, (*P.hex_colour("#1D1820"), 255), round(w * 0.04))
    cx, cy, r = w / 2, h * 0.45, w * 0.38
    aa_circle(card, (cx, cy), r, (*P.BRASS, 255))
    aa_circle(card, (cx - r * 0.05, cy - r * 0.05), r * 0.86, (*P.BRASS_LIGHT, 255))
    aa_circle(card, (cx, cy), r * 0.84, (*P.shade(P.BRASS, 0.25), 255))
    for i in range(24):
        a = i * math.pi / 12
        r0 = r * (0.68 if i % 6 == 0 else 0.74)
        pygame.draw.line(card, (*P.BRASS_DARK, 255), (cx + math.cos(a) * r0, cy + math.sin(a) * r0),
                         (cx + math.cos(a) * r * 0.8, cy + math.sin(a) * r * 0.8),
                         max(1, round(w * (0.014 if i % 6 == 0 else 0.007))))
    aa_circle(card, (cx, cy), r, (*P.BRASS_DARK, 255), max(1, round(r * 0.05)))
    colour = arrow_badge_colour(direction)
    aa_circle(card, (cx, cy), r * 0.56, (*colour, 255))
    aa_circle(card, (cx, cy), r * 0.56, (*P.shade(colour, -0.45), 255), max(1, round(r * 0.04)))
    paint(card, "arrow-left" if direction == "past" else "arrow-right", (cx, cy), round(r * 0.85), (*P.IVORY, 255))
    name = text_surface("CHRONOS", "display", max(8, round(w * 0.16)), P.BRASS_LIGHT)
    card.blit(name, name.get_rect(midtop=(w // 2, round(cy + r + w * 0.04))))
    word = "TO THE PAST" if direction == "past" else "TO THE FUTURE"
    sub = text_surface(word, "display", max(8, round(w * 0.1)), arrow_colour(direction))  # light: it is text
    card.blit(sub, sub.get_rect(midtop=(w // 2, round(cy + r + w * 0.2))))
    return clip_round(card, max(3, round(w * 0.06)))
