"""Lost Cities card faces, drawn at runtime and cached per (id, width).

Card ids are `"lc-{c}-{rank}"`: c in y b w g r p, rank "02".."10" or "w1".."w3" (wagers).
Number cards show the number huge in two corners; wagers show a coin and "×" (ART.md)."""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from . import palette as P
from .draw import (aa_circle, card_height, clip_round, outlined_text, rounded_rect, surface, vgradient)
from .fonts import font, text_surface
from .symbols import paint, symbol

RATIO = 1.4  # 5:7


def parse_id(card_id: str) -> tuple[str, str]:
    """`"lc-b-07"` -> `("b", "07")`; raises ValueError for anything else."""
    parts = card_id.split("-")
    if len(parts) != 3 or parts[0] != "lc" or parts[1] not in P.LC_COLOURS:
        raise ValueError(f"not a Lost Cities card id: {card_id!r}")
    rank = parts[2]
    if rank in ("w1", "w2", "w3"):
        return parts[1], rank
    if rank.isdigit() and 2 <= int(rank) <= 10 and len(rank) == 2:
        return parts[1], rank
    raise ValueError(f"not a Lost Cities card id: {card_id!r}")


def all_card_ids() -> list[str]:
    """The 72 ids of the six-colour deck (the five-colour deck leaves out purple)."""
    ranks = ["w1", "w2", "w3"] + [f"{n:02d}" for n in range(2, 11)]
    return [f"lc-{c}-{r}" for c in P.LC_COLOUR_ORDER for r in ranks]


def _is_light(letter: str) -> bool:
    return letter in ("y", "w")


def _ink_for(letter: str) -> P.Colour:
    """Dark tone of an expedition, for line work on its own colour."""
    return P.shade(P.LC_COLOURS[letter], -0.62 if letter != "w" else -0.7)


# --- landscapes ------------------------------------------------------------------------------

def _hills(s: pygame.Surface, w: int, h: int, base: float, amp: float, freq: float, phase: float,
           colour: P.Colour) -> None:
    pts = [(0, h)]
    for i in range(41):
        x = w * i / 40
        pts.append((x, base + math.sin(i / 40 * math.pi * freq + phase) * amp))
    pts.append((w, h))
    pygame.draw.polygon(s, colour, pts)


def _paint_landscape(s: pygame.Surface, letter: str) -> None:
    """A flat, layered scene in tones of the expedition colour (drawn at supersampled size)."""
    w, h = s.get_size()
    c = P.LC_COLOURS[letter]
    rng = random.Random(ord(letter))
    sky_top, sky_low = P.shade(c, 0.55), P.shade(c, 0.2)
    s.blit(vgradient((w, h), [(0.0, sky_top), (1.0, sky_low)]), (0, 0))
    far, mid, near = P.shade(c, 0.05), P.shade(c, -0.2), P.shade(c, -0.42)
    if letter == "y":  # desert: big sun, dunes
        pygame.draw.circle(s, P.shade(c, 0.75), (w * 0.68, h * 0.34), w * 0.2)
        _hills(s, w, h, h * 0.62, h * 0.05, 1.3, 0.4, far)
        _hills(s, w, h, h * 0.74, h * 0.07, 1.7, 2.0, mid)
        _hills(s, w, h, h * 0.88, h * 0.06, 1.1, 4.0, near)
        for px in (0.18, 0.3):  # distant pyramids
            x = w * px
            pygame.draw.polygon(s, mid, [(x - w * 0.08, h * 0.64), (x, h * 0.5), (x + w * 0.08, h * 0.64)])
    elif letter == "b":  # sea: horizon, sun glint, rolling waves
        pygame.draw.circle(s, P.shade(c, 0.7), (w * 0.3, h * 0.42), w * 0.12)
        pygame.draw.rect(s, far, (0, h * 0.5, w, h))
        for row in range(5):
            y = h * (0.55 + row * 0.1)
            col = P.mix(far, near, row / 4)
            _hills(s, w, h, y, h * 0.025 + row * h * 0.006, 6 + row, row * 1.3, col)
    elif letter == "w":  # mountains: snowy peaks
        peaks = [(0.2, 0.3, far), (0.62, 0.22, far), (0.4, 0.42, mid), (0.85, 0.45, mid)]
        for px, py, col in peaks:
            x, y = w * px, h * py
            pygame.draw.polygon(s, col, [(x - w * 0.42, h * 0.8), (x, y), (x + w * 0.42, h * 0.8)])
            cap = 0.28
            pygame.draw.polygon(s, P.shade(c, 0.85), [
                (x, y), (x - w * 0.42 * cap, y + (h * 0.8 - y) * cap), (x - w * 0.05, y + (h * 0.8 - y) * cap * 0.8),
                (x + w * 0.03, y + (h * 0.8 - y) * cap * 1.1), (x + w * 0.42 * cap, y + (h * 0.8 - y) * cap)])
        _hills(s, w, h, h * 0.82, h * 0.04, 1.5, 1.0, near)
    elif letter == "g":  # jungle: layered canopy and hanging leaves
        _hills(s, w, h, h * 0.5, h * 0.05, 5, 0.0, far)
        _hills(s, w, h, h * 0.64, h * 0.06, 4, 1.0, mid)
        _hills(s, w, h, h * 0.8, h * 0.05, 3, 2.0, near)
        for i in range(7):
            x = w * (0.05 + 0.15 * i) + rng.uniform(-w * 0.03, w * 0.03)
            length = h * rng.uniform(0.12, 0.3)
            pygame.draw.line(s, near, (x, 0), (x + w * 0.02, length), max(1, w // 90))
            pygame.draw.ellipse(s, near, (x - w * 0.04, length - h * 0.02, w * 0.1, h * 0.05))
    elif letter == "r":  # volcano: cone, lava, smoke
        for i, (dx, dy, rr) in enumerate([(0.55, 0.2, 0.1), (0.62, 0.12, 0.08), (0.5, 0.08, 0.07)]):
            pygame.draw.circle(s, P.shade(c, 0.4 + i * 0.1), (w * dx, h * dy), w * rr)
        pygame.draw.polygon(s, mid, [(w * 0.02, h * 0.85), (w * 0.42, h * 0.3), (w * 0.6, h * 0.3), (w * 1.0, h * 0.85)])
        pygame.draw.polygon(s, P.shade(c, 0.5), [(w * 0.45, h * 0.3), (w * 0.5, h * 0.5), (w * 0.47, h * 0.62),
                                                 (w * 0.53, h * 0.5), (w * 0.57, h * 0.3)])
        _hills(s, w, h, h * 0.82, h * 0.04, 2.0, 0.5, near)
    else:  # caves: an arch of rock, stalactites, glowing crystals
        pygame.draw.rect(s, P.shade(c, -0.55), (0, 0, w, h))
        pygame.draw.ellipse(s, P.shade(c, -0.15), (w * 0.12, h * 0.2, w * 0.76, h * 1.0))
        for i in range(9):
            x = w * (0.05 + i * 0.11)
            ln = h * rng.uniform(0.08, 0.22)
            pygame.draw.polygon(s, P.shade(c, -0.55), [(x - w * 0.04, 0), (x, ln), (x + w * 0.04, 0)])
        for x, y, sc in [(0.3, 0.78, 1.0), (0.68, 0.82, 0.8), (0.5, 0.72, 1.3)]:
            cx, cy, r = w * x, h * y, w * 0.06 * sc
            pygame.draw.polygon(s, P.shade(c, 0.45), [(cx, cy - r * 2), (cx + r, cy - r), (cx + r * 0.7, cy + r),
                                                      (cx - r * 0.7, cy + r), (cx - r, cy - r)])
        _hills(s, w, h, h * 0.86, h * 0.02, 2.0, 0.5, P.shade(c, -0.55))


@lru_cache(maxsize=64)
def _landscape(letter: str, size: tuple[int, int]) -> pygame.Surface:
    big = surface((size[0] * 2, size[1] * 2))
    _paint_landscape(big, letter)
    return pygame.transform.smoothscale(big, size)


# --- the card ---------------------------------------------------------------------------------

def _frame(letter: str, w: int, h: int) -> tuple[pygame.Surface, pygame.Rect]:
    """Card base: dark rim of the expedition colour, inner art window; returns (card, window)."""
    c = P.LC_COLOURS[letter]
    card = surface((w, h))
    card.blit(vgradient((w, h), [(0.0, P.shade(c, -0.35)), (1.0, P.shade(c, -0.6))]), (0, 0))
    m = max(2, round(w * 0.045))
    window = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    art = _landscape(letter, window.size).copy()
    clip_round(art, max(2, round(w * 0.045)))
    card.blit(art, window)
    rounded_rect(card, window, (*P.shade(c, 0.85), 120), max(2, round(w * 0.045)), max(1, round(w * 0.008)))
    return card, window


def _corner_index(card: pygame.Surface, letter: str, label: str, window: pygame.Rect) -> None:
    """The number (or ×) with the colour symbol beneath, top-left and rotated bottom-right."""
    w = card.get_width()
    c = P.LC_COLOURS[letter]
    px = max(10, round(w * 0.46))
    thickness = max(1, round(w * 0.014))
    glyphs = outlined_text(label, "display", px, P.IVORY if not _is_light(letter) else P.shade(c, 0.9),
                           _ink_for(letter), thickness)
    sym_size = max(10, round(w * 0.2))  # 17 px at the table's 87-px piles: the colour reads without colour
    tab_w = max(glyphs.get_width(), sym_size) + round(w * 0.06)
    tab_h = glyphs.get_height() - round(px * 0.16) + sym_size + round(w * 0.04)
    tab = surface((tab_w, tab_h))
    rounded_rect(tab, tab.get_rect(), (*_ink_for(letter), 150), round(w * 0.05))
    tab.blit(glyphs, glyphs.get_rect(midtop=(tab_w // 2, round(w * 0.01))))
    # under a wide "10" the symbol keeps to the outer edge (under the "1"), clear of the medallion
    sym_x = tab_w / 2 if glyphs.get_width() <= sym_size * 1.2 else round(w * 0.03) + sym_size / 2
    paint(tab, P.LC_SYMBOLS[letter], (sym_x, tab_h - sym_size / 2 - w * 0.02), sym_size, P.shade(c, 0.8))
    inset = round(w * 0.02)
    card.blit(tab, (window.left + inset, window.top + inset))
    flipped = pygame.transform.rotate(tab, 180)
    card.blit(flipped, flipped.get_rect(bottomright=(window.right - inset, window.bottom - inset)))


def _medallion(card: pygame.Surface, letter: str, centre: tuple[float, float], radius: float) -> None:
    c = P.LC_COLOURS[letter]
    aa_circle(card, (centre[0] + radius * 0.06, centre[1] + radius * 0.08), radius, (0, 0, 0, 70))
    aa_circle(card, centre, radius, (*P.IVORY, 255))
    aa_circle(card, centre, radius * 0.9, (*P.shade(c, 0.55), 255))
    aa_circle(card, centre, radius, (*_ink_for(letter), 255), max(1, round(radius * 0.06)))
    paint(card, P.LC_SYMBOLS[letter], centre, round(radius * 1.3), (*_ink_for(letter), 255))


def _coin(card: pygame.Surface, letter: str, centre: tuple[float, float], radius: float) -> None:
    """The wager motif: a brass coin struck with the expedition's symbol and a big ×."""
    w = card.get_width()
    cx, cy = centre
    for i in range(3, 0, -1):  # a small stack below the coin
        aa_circle(card, (cx + i * radius * 0.12, cy + i * radius * 0.16), radius, (*P.BRASS_DARK, 255))
        aa_circle(card, (cx + i * radius * 0.12, cy + i * radius * 0.16), radius, (*P.shade(P.BRASS_DARK, -0.4), 255),
                  max(1, round(radius * 0.04)))
    aa_circle(card, centre, radius, (*P.BRASS, 255))
    aa_circle(card, (cx - radius * 0.08, cy - radius * 0.08), radius * 0.82, (*P.BRASS_LIGHT, 255))
    aa_circle(card, centre, radius * 0.82, (*P.BRASS, 255))
    aa_circle(card, centre, radius * 0.74, (*P.BRASS_DARK, 255), max(1, round(radius * 0.04)))
    aa_circle(card, centre, radius, (*P.shade(P.BRASS_DARK, -0.4), 255), max(1, round(radius * 0.05)))
    # the symbol struck big and dark in the expedition's own ink, so a wager on a pile still says
    # its colour in greyscale (ART.md); the × under it is small, the corners carry the big ones
    paint(card, P.LC_SYMBOLS[letter], (cx, cy - radius * 0.12), round(radius * 1.0), (*_ink_for(letter), 255))
    times = text_surface("×", "display", round(radius * 0.5), P.BRASS_DARK)
    card.blit(times, times.get_rect(center=(round(cx), round(cy + radius * 0.52))))
    del w


@lru_cache(maxsize=512)
def card_face(card_id: str, width: int) -> pygame.Surface:
    """The face of a Lost Cities card, `width` x 1.4·width, rounded corners on transparent.

    Cached: the same Surface object for the same (id, width); do not draw on it."""
    letter, rank = parse_id(card_id)
    w, h = int(width), card_height(int(width), RATIO)
    card, window = _frame(letter, w, h)
    if rank.startswith("w"):
        # diagonal bands tell wagers apart at a glance, even in greyscale
        bands = surface(window.size)
        step = max(6, round(w * 0.12))
        for x in range(-window.height, window.width, step):
            pygame.draw.line(bands, (255, 255, 255, 34), (x, window.height), (x + window.height, 0), max(2, step // 3))
        card.blit(bands, window)
        _coin(card, letter, (w * 0.47, h * 0.47), w * 0.22)
        _corner_index(card, letter, "×", window)
    else:
        _corner_index(card, letter, str(int(rank)), window)
        # over the corner tabs: a "10"'s wider tabs reach under it, and must not shade it
        _medallion(card, letter, (w * 0.5, h * 0.5), w * 0.18)
    return clip_round(card, max(3, round(w * 0.06)))


@lru_cache(maxsize=16)
def card_back(width: int) -> pygame.Surface:
    """The common back: deep green with a brass compass rose and the six expedition symbols."""
    w, h = int(width), card_height(int(width), RATIO)
    card = surface((w, h))
    card.blit(vgradient((w, h), [(0.0, P.shade(P.FELT, 0.08)), (1.0, P.FELT_EDGE)]), (0, 0))
    m = round(w * 0.05)
    rounded_rect(card, (m, m, w - 2 * m, h - 2 * m), (*P.BRASS, 255), round(w * 0.05), max(1, round(w * 0.012)))
    rounded_rect(card, (m * 2, m * 2, w - 4 * m, h - 4 * m), (*P.BRASS, 110), round(w * 0.04), max(1, round(w * 0.006)))
    cx, cy = w / 2, h / 2
    r = w * 0.3
    aa_circle(card, (cx, cy), r, (*P.BRASS, 255), max(1, round(w * 0.012)))
    for i, letter in enumerate(P.LC_COLOUR_ORDER):
        a = -math.pi / 2 + i * math.pi / 3
        paint(card, P.LC_SYMBOLS[letter], (cx + math.cos(a) * r, cy + math.sin(a) * r), round(w * 0.13),
              (*P.LC_COLOURS[letter], 255))
    star = []
    for i in range(16):
        a = -math.pi / 2 + i * math.pi / 8
        rr = r * (0.72 if i % 4 == 0 else 0.3 if i % 2 == 0 else 0.16)
        star.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    from .draw import aa_polygon
    aa_polygon(card, star, (*P.BRASS_LIGHT, 255))
    title = text_surface("LOST CITIES", "display", max(8, round(w * 0.14)), P.BRASS_LIGHT)
    card.blit(title, title.get_rect(midbottom=(round(cx), round(h - m * 2.6))))
    return clip_round(card, max(3, round(w * 0.06)))


@lru_cache(maxsize=64)
def lane_marker(colour_letter: str, size: tuple[int, int] | int) -> pygame.Surface:
    """An empty expedition or discard spot: a translucent rounded well with the colour's symbol.

    `size` is (width, height) or a card width (then 5:7)."""
    if isinstance(size, int):
        size = (size, card_height(size, RATIO))
    w, h = size
    c = P.LC_COLOURS[colour_letter]
    spot = surface((w, h))
    radius = max(3, round(w * 0.06))
    rounded_rect(spot, spot.get_rect(), (*P.shade(c, -0.55), 120), radius)
    rounded_rect(spot, spot.get_rect(), (*c, 210), radius, max(2, round(w * 0.025)))
    paint(spot, P.LC_SYMBOLS[colour_letter], (w / 2, h / 2), round(min(w, h) * 0.5), (*c, 200))
    return spot
