"""Lost in Time card faces: era rims, the year as the biggest thing, the travel arrow in a corner
that a fanned hand still shows, payment chips as coins; the Chronos dial; the back.

`card_face(card, width)` takes the engine's card dict: {"id", "title", "year", "era", "kind"
(event|vip|disaster), "arrow" (past|future), "chips" (0-2), "caption"}. Years < 0 are BC."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Mapping

import pygame

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


def _frame(w: int, h: int, rim: P.Colour) -> tuple[pygame.Surface, pygame.Rect]:
    card = surface((w, h))
    card.blit(vgradient((w, h), [(0.0, P.shade(rim, 0.1)), (1.0, P.shade(rim, -0.35))]), (0, 0))
    m = max(3, round(w * 0.05))
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    paper = vgradient(inner.size, [(0.0, P.shade(P.LT_PAPER, 0.3)), (1.0, P.shade(P.LT_PAPER, -0.06))])
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
    # title (and caption when there is room) in Garamond
    text_top = inner.top + inner.height * 0.69
    title_px = max(8, round(w * 0.095))
    text_width = inner.width - round(w * 0.08)
    lines = wrap(str(card_data.get("title", "")), "story", title_px, text_width)[:3]
    y = text_top
    pygame.draw.line(card, (*P.shade(rim, -0.2), 255), (inner.left + w * 0.12, y - w * 0.03),
                     (inner.right - w * 0.12, y - w * 0.03), max(1, round(w * 0.008)))
    for line in lines:
        img = text_surface(line, "story", title_px, title_colour(card_data))
        card.blit(img, img.get_rect(midtop=(w // 2, round(y))))
        y += img.get_height() * 0.9
    caption = str(card_data.get("caption", ""))
    if caption and w >= 240:
        cap_px = max(8, round(w * 0.062))
        for line in wrap(caption, "story-italic", cap_px, text_width)[:4]:
            if y + cap_px > inner.bottom - w * 0.1:
                break
            img = text_surface(line, "story-italic", cap_px, P.shade(P.INK, 0.25))
            card.blit(img, img.get_rect(midtop=(w // 2, round(y + w * 0.01))))
            y += img.get_height() * 0.92
    chips = max(0, min(2, int(card_data.get("chips", 0))))
    chip_r = w * 0.05
    for i in range(chips):
        _chip(card, (inner.right - chip_r * 1.6 - i * chip_r * 2.3, pill.bottom + chip_r * 1.7), chip_r)
    return clip_round(card, max(3, round(w * 0.06)))


def _key(card: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple(str(card.get(k, "")) for k in ("id", "title", "year", "era", "kind", "arrow", "chips", "caption"))


_face_cache: dict[tuple[tuple[Any, ...], int], pygame.Surface] = {}
FACE_CACHE_LIMIT = 600


def card_face(card: Mapping[str, Any], width: int) -> pygame.Surface:
    """The face of a Lost in Time card (cached per card content and width; do not draw on it)."""
    key = (_key(card), int(width))
    cached = _face_cache.get(key)
    if cached is None:
        if len(_face_cache) >= FACE_CACHE_LIMIT:
            _face_cache.clear()
        cached = _face_cache[key] = _draw_card(card, int(width))
    return cached


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
