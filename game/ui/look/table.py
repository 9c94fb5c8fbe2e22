"""The table under the cards: felt with a vignette, a lamp glow and a fine grain (ART.md)."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from . import palette as P
from .draw import drop_shadow, noise_tile, surface, tile_over


@lru_cache(maxsize=8)
def felt(size: tuple[int, int], tone: str = "green") -> pygame.Surface:
    """An opaque table of `size` in a tone of `palette.TABLE_TONES` (cached; do not draw on it).

    The colour fades from the tone's centre colour to its edge colour (vignette), a warm lamp
    glow sits a little above the centre, and a grain texture breaks up the gradient banding."""
    if tone not in P.TABLE_TONES:
        raise KeyError(f"unknown table tone {tone!r}; tones: {', '.join(P.TABLE_TONES)}")
    centre, edge = P.TABLE_TONES[tone]
    w, h = max(1, size[0]), max(1, size[1])
    gw, gh = 96, 54
    small = pygame.Surface((gw, gh))
    lamp = P.mix(centre, P.LAMP, 0.22)
    for y in range(gh):
        for x in range(gw):
            dx = (x - (gw - 1) / 2) / (gw / 2)
            dy = (y - (gh - 1) / 2) / (gh / 2)
            d = min(1.0, math.hypot(dx * 0.92, dy * 1.05) / 1.25)
            base = P.mix(centre, edge, d ** 1.6)
            glow = max(0.0, 1 - math.hypot(dx * 1.2, (dy + 0.15) * 1.5)) ** 2
            small.set_at((x, y), P.mix(base, lamp, glow * 0.55))
    table = pygame.transform.smoothscale(small, (w, h))
    tile_over(table, noise_tile(128, 7, 14))
    tile_over(table, weave_tile())
    return table


@lru_cache(maxsize=1)
def weave_tile() -> pygame.Surface:
    """A faint woven diagonal (felt fibres): an 8 px pattern laid out over 128 px, so a 1080p table
    takes 135 blits of it, not 32,400."""
    weave = surface((8, 8))
    for i in range(8):
        weave.set_at((i, i), (0, 0, 0, 10))
        weave.set_at((i, 7 - i), (255, 255, 255, 6))
    tile = surface((128, 128))
    tile_over(tile, weave)
    return tile


def card_shadow(size: tuple[int, int], lifted: float = 0.0) -> pygame.Surface:
    """A soft shadow to blit under a card of `size`, offset by the caller (about +4, +8 px);
    `lifted` 0..1 makes it wider and lighter for a focused, raised card."""
    blur = round(6 + 10 * lifted)
    alpha = round(120 - 40 * lifted)
    return drop_shadow(size, max(3, round(size[0] * 0.06)), blur, alpha)


@lru_cache(maxsize=32)
def focus_glow(size: tuple[int, int], radius: int = 12) -> pygame.Surface:
    """Brass outline with a soft glow around a rect of `size`; blit at rect.topleft - (pad, pad)
    where pad = size of the margin = 14 px. Focus is never colour alone: the outline is solid."""
    pad = 14
    w, h = size[0] + 2 * pad, size[1] + 2 * pad
    out = surface((w, h))
    halo = drop_shadow((size[0] + 8, size[1] + 8), radius + 4, pad - 4, 200).copy()
    halo.fill((*P.BRASS_LIGHT, 255), special_flags=pygame.BLEND_RGB_ADD)
    out.blit(halo, halo.get_rect(center=(w // 2, h // 2)))
    from .draw import rounded_rect
    inner = pygame.Rect(pad - 3, pad - 3, size[0] + 6, size[1] + 6)
    rounded_rect(out, inner, (*P.BRASS_LIGHT, 255), radius + 3, 3)
    return out
