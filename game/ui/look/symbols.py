"""Flat, single-colour pictograms (sun, wave, peak, leaf, flame, crystal, arrows, ...).

Each painter draws into a big supersampled surface around centre (cx, cy) with half-size r;
`symbol(name, size, colour)` returns a cached antialiased Surface. Shapes differ in outline, not
only in colour, so every game stays playable in greyscale (ART.md)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable

import pygame

from .draw import aa_shape

Painter = Callable[[pygame.Surface, float, float, float, tuple[int, ...]], None]
CLEAR = (0, 0, 0, 0)  # drawing with it on an SRCALPHA surface cuts a hole


def _sun(s: pygame.Surface, cx: float, cy: float, r: float, c: tuple[int, ...]) -> None:
    pygame.draw.circle(s, c, (cx, cy), r * 0.46)
    for i in range(12):
        a = i * math.pi / 6
        half = math.pi / 24
        inner, outer = r * 0.6, r * (0.98 if i % 2 == 0 else 0.82)
        pts = [(cx + math.cos(a - half) * inner, cy + math.sin(a - half) * inner),
               (cx + math.cos(a) * outer, cy + math.sin(a) * outer),
               (cx + math.cos(a + half) * inner, cy + math.sin(a + half) * inner)]
        pygame.draw.polygon(s, c, pts)


def _wave(s: pygame.Surface, cx: float, cy: float, r: float, c: tuple[int, ...]) -> None:
    thickness = r * 0.26
    for band in range(3):
        y0 = cy - r * 0.62 + band * r * 0.62
        top, bottom = [], []
        n = 40
        for i in range(n + 1):
            x = cx - r + 2 * r * i / n
            y = y0 + math.sin(i / n * 2 * math.pi * 1.5) * r * 0.16
            top.append((x, y - thickness / 2))
            bottom.append((x, y + thickness / 2))
        pygame.draw.polygon(s, c, top + bottom[::-1])


def _peak(s: pygame.Surface, cx: float, cy: float, r: float, c: tuple[int, ...]) -> None:
    base = cy + r * 0.8
    pygame.draw.polygon(s, c, [(cx - r * 0.98, base), (cx - r * 0.05, cy - r * 0.85), (cx + r * 0.55, base)])
    pygame.draw.polygon(s, c, [(cx + r * 0.05, base), (cx + r * 0.5, cy - r * 0.25), (cx + r * 0.98, base)])
    # the snow line: a zigzag gap below the summit
    sx, sy = cx - r * 0.05, cy - r * 0.85
    k = 0.38
    left = (sx + (-r * 0.98 - (-r * 0.05)) * k, sy + (base - sy) * k)
    right = (sx + (r * 0.55 - (-r * 0.05)) * k, sy + (base - sy) * k)
    zig = [left, (left[0] + (right[0] - left[0]) * 0.3, left[1] + r * 0.14),
           (left[0] + (right[0] - left[0]) * 0.55, left[1] - r * 0.02),
           (left[0] + (right[0] - left[0]) * 0.8, left[1] + r * 0.16), right]
    pygame.draw.lines(s, CLEAR, False, zig, max(1, round(r * 0.09)))


def _leaf(s: pygame.Surface, cx: float, cy: float, r: float, c: tuple[int, ...]) -> None:
    angle = math.radians(-38)
    ca, sa = math.cos(angle), math.sin(angle)

    def rot(x: float, y: float) -> tuple[float, float]:
        return (cx + x * ca - y * sa, cy + x * sa + y * ca)

    n = 40
    right, left = [], []
    for i in range(n + 1):
        t = i / n
        y = -r * 0.92 + t * r * 1.6
        half = r * 0.46 * math.sin(math.pi * t) ** 0.85 * (1 - 0.25 * t)
        right.append(rot(half, y))
        left.append(rot(-half, y))
    pygame.draw.polygon(s, c, right + left[::-1])
    stem = [rot(-r * 0.05, r * 0.6), rot(r * 0.05, r * 0.6), rot(r * 0.05, r * 1.0), rot(-r * 0.05, r * 1.0)]
    pygame.draw.polygon(s, c, stem)
    w = max(1, round(r * 0.07))
    pygame.draw.line(s, CLEAR, rot(0, -r * 0.7), rot(0, r * 0.62), w)
    for i in range(4):
        y = -r * 0.45 + i * r * 0.28
        pygame.draw.line(s, CLEAR, rot(0, y + r * 0.12), rot(r * 0.27, y - r * 0.08), w)
        pygame.draw.line(s, CLEAR, rot(0, y + r * 0.12), rot(-r * 0.27, y - r * 0.08), w)


def _teardrop(cx: float, cy: float, w: float, h: float, lean: float) -> list[tuple[float, float]]:
    pts = []
    n = 60
    for i in range(n):
        t = i / n * 2 * math.pi
        x = math.sin(t) * math.sin(t / 2) ** 1.6
        y = -math.cos(t)
        x += lean * (1 - (y + 1) / 2) ** 2  # the tip leans to a side
        pts.append((cx + x * w, cy + y * h))
    return pts


def _flame(s: pygame.Surface, cx: float, cy: float, r: float, c: tuple[int, ...]) -> None:
    pygame.draw.polygon(s, c, _teardrop(cx + r * 0.02, cy + r * 0.12, r * 0.66, r * 0.86, 0.55))
    pygame.draw.polygon(s, c, _teardrop(cx - r * 0.42, cy + r * 0.42, r * 0.34, r * 0.56, -0.9))
    pygame.draw.polygon(s, c, _teardrop(cx + r * 0.44, cy + r * 0.5, r * 0.3, r * 0.46, 0.9))
    pygame.draw.polygon(s, CLEAR, _teardrop(cx + r * 0.02, cy + r * 0.55, r * 0.3, r * 0.4, -0.5))


def _crystal(s: pygame.Surface, cx: float, cy: float, r: float, c: tuple[int, ...]) -> None:
    w = r * 0.62
    top, shoulder, hip, bottom = cy - r * 0.98, cy - r * 0.42, cy + r * 0.42, cy + r * 0.98
    pygame.draw.polygon(s, c, [(cx, top), (cx + w, shoulder), (cx + w, hip), (cx, bottom), (cx - w, hip),
                               (cx - w, shoulder)])
    lw = max(1, round(r * 0.07))
    inner_w = w * 0.42
    facet = [(cx - inner_w, shoulder + r * 0.12), (cx, top + r * 0.28), (cx + inner_w, shoulder + r * 0.12),
             (cx + inner_w, hip - r * 0.12), (cx, bottom - r * 0.28), (cx - inner_w, hip - r * 0.12)]
    pygame.draw.lines(s, CLEAR, True, facet, lw)
    pygame.draw.line(s, CLEAR, (cx, top), (cx, top + r * 0.28), lw)
    pygame.draw.line(s, CLEAR, (cx, bottom), (cx, bottom - r * 0.28), lw)


def _arrow(direction: int) -> Painter:
    def paint(s: pygame.Surface, cx: float, cy: float, r: float, c: tuple[int, ...]) -> None:
        d = direction
        shaft = r * 0.3
        head_x = cx - d * r * 0.05
        pts = [(cx - d * r * 0.95, cy - shaft / 2), (head_x, cy - shaft / 2), (head_x, cy - r * 0.7),
               (cx + d * r * 0.95, cy), (head_x, cy + r * 0.7), (head_x, cy + shaft / 2),
               (cx - d * r * 0.95, cy + shaft / 2)]
        pygame.draw.polygon(s, c, pts)
    return paint


def _hourglass(s: pygame.Surface, cx: float, cy: float, r: float, c: tuple[int, ...]) -> None:
    w = r * 0.62
    pygame.draw.rect(s, c, (cx - r * 0.78, cy - r, r * 1.56, r * 0.18), border_radius=round(r * 0.06))
    pygame.draw.rect(s, c, (cx - r * 0.78, cy + r * 0.82, r * 1.56, r * 0.18), border_radius=round(r * 0.06))
    pygame.draw.polygon(s, c, [(cx - w, cy - r * 0.8), (cx + w, cy - r * 0.8), (cx + r * 0.08, cy), (cx + w, cy + r * 0.8),
                               (cx - w, cy + r * 0.8), (cx - r * 0.08, cy)])
    lw = max(1, round(r * 0.08))
    pygame.draw.polygon(s, CLEAR, [(cx - w * 0.65, cy - r * 0.68), (cx + w * 0.65, cy - r * 0.68), (cx, cy - r * 0.12)], lw)
    pygame.draw.polygon(s, CLEAR, [(cx - w * 0.18, cy + r * 0.5), (cx + w * 0.18, cy + r * 0.5), (cx, cy + r * 0.2)])


def _key(s: pygame.Surface, cx: float, cy: float, r: float, c: tuple[int, ...]) -> None:
    pygame.draw.circle(s, c, (cx - r * 0.5, cy), r * 0.42)
    pygame.draw.circle(s, CLEAR, (cx - r * 0.5, cy), r * 0.18)
    pygame.draw.rect(s, c, (cx - r * 0.15, cy - r * 0.1, r * 1.1, r * 0.2))
    pygame.draw.rect(s, c, (cx + r * 0.55, cy, r * 0.14, r * 0.4))
    pygame.draw.rect(s, c, (cx + r * 0.8, cy, r * 0.14, r * 0.3))


def _blade(s: pygame.Surface, cx: float, cy: float, r: float, c: tuple[int, ...]) -> None:
    """A knife on the diagonal: a pointed blade, a guard and a handle."""
    along, across = (math.sqrt(0.5), -math.sqrt(0.5)), (math.sqrt(0.5), math.sqrt(0.5))

    def at(a: float, b: float) -> tuple[float, float]:
        return (cx + (along[0] * a + across[0] * b) * r, cy + (along[1] * a + across[1] * b) * r)

    pygame.draw.polygon(s, c, [at(-0.15, -0.2), at(0.62, -0.2), at(1.0, 0.08), at(0.62, 0.16), at(-0.15, 0.16)])
    pygame.draw.polygon(s, c, [at(-0.3, -0.34), at(-0.2, -0.34), at(-0.2, 0.3), at(-0.3, 0.3)])
    pygame.draw.polygon(s, c, [at(-0.98, -0.14), at(-0.34, -0.14), at(-0.34, 0.12), at(-0.98, 0.12)])
    pygame.draw.line(s, CLEAR, at(-0.05, -0.04), at(0.6, -0.04), max(1, round(r * 0.06)))


def _book(s: pygame.Surface, cx: float, cy: float, r: float, c: tuple[int, ...]) -> None:
    """An open book: two pages rising from the spine, ruled with lines."""
    lw = max(1, round(r * 0.07))
    for d in (-1, 1):
        pygame.draw.polygon(s, c, [(cx, cy - r * 0.55), (cx + d * r * 0.95, cy - r * 0.75), (cx + d * r * 0.95, cy + r * 0.6),
                                   (cx, cy + r * 0.8)])
        for i in range(3):
            y = cy - r * 0.35 + i * r * 0.3
            pygame.draw.line(s, CLEAR, (cx + d * r * 0.18, y), (cx + d * r * 0.75, y - r * 0.12), lw)
    pygame.draw.line(s, CLEAR, (cx, cy - r * 0.55), (cx, cy + r * 0.8), lw)


def _bell(s: pygame.Surface, cx: float, cy: float, r: float, c: tuple[int, ...]) -> None:
    """A bell: a rounded crown flaring to a wide lip, a loop on top and its clapper below."""
    pygame.draw.circle(s, c, (cx, cy - r * 0.82), r * 0.16)
    pygame.draw.circle(s, CLEAR, (cx, cy - r * 0.82), r * 0.07)
    body = [(cx - r * 0.38, cy - r * 0.5), (cx + r * 0.38, cy - r * 0.5), (cx + r * 0.5, cy + r * 0.2),
            (cx + r * 0.9, cy + r * 0.55), (cx - r * 0.9, cy + r * 0.55), (cx - r * 0.5, cy + r * 0.2)]
    pygame.draw.polygon(s, c, body)
    pygame.draw.circle(s, c, (cx, cy - r * 0.45), r * 0.4)
    pygame.draw.circle(s, c, (cx, cy + r * 0.78), r * 0.17)


def _pearl(s: pygame.Surface, cx: float, cy: float, r: float, c: tuple[int, ...]) -> None:
    """A pearl on an open scallop shell: the shell a fluted half disc, the pearl round above it."""
    base = (cx, cy + r * 0.02)
    pygame.draw.circle(s, c, base, r * 0.95, draw_bottom_left=True, draw_bottom_right=True)
    lw = max(1, round(r * 0.07))
    for k in range(1, 6):
        angle = math.pi * k / 6
        pygame.draw.line(s, CLEAR, (base[0] + math.cos(angle) * r * 0.3, base[1] + math.sin(angle) * r * 0.3),
                         (base[0] + math.cos(angle) * r * 0.95, base[1] + math.sin(angle) * r * 0.95), lw)
    pygame.draw.circle(s, CLEAR, (cx, cy - r * 0.38), r * 0.5)
    pygame.draw.circle(s, c, (cx, cy - r * 0.38), r * 0.42)
    pygame.draw.circle(s, CLEAR, (cx - r * 0.14, cy - r * 0.52), r * 0.1)


PAINTERS: dict[str, Painter] = {
    "sun": _sun,
    "wave": _wave,
    "peak": _peak,
    "leaf": _leaf,
    "flame": _flame,
    "crystal": _crystal,
    "arrow-left": _arrow(-1),
    "arrow-right": _arrow(1),
    "hourglass": _hourglass,
    "key": _key,
    "blade": _blade,
    "book": _book,
    "bell": _bell,
    "pearl": _pearl,
}


@lru_cache(maxsize=512)
def symbol(name: str, size: int, colour: tuple[int, ...]) -> pygame.Surface:
    """A square antialiased pictogram of `size` px in `colour` on transparent (cached)."""
    painter = PAINTERS[name]
    return aa_shape((size, size), lambda big, k: painter(big, size * k / 2, size * k / 2, size * k / 2 * 0.94, colour))


def paint(target: pygame.Surface, name: str, centre: tuple[float, float], size: int, colour: tuple[int, ...]) -> None:
    """Blit `symbol(name, size, colour)` centred on `centre`."""
    image = symbol(name, size, colour)
    target.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))
