"""Time After Time card faces: hour cards whose sky follows the day, ghosts, back, "?" wells.

Ids: `"tt-HH-a"` / `"tt-HH-b"` (HH 06..22, two copies of each hour) and `"tt-ghost-1"`/`"tt-ghost-2"`."""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from . import palette as P
from .draw import (aa_circle, aa_polygon, card_height, clip_round, outlined_text, radial_alpha, rounded_rect,
                   surface, vgradient)
from .fonts import text_surface

RATIO = 1.4
HOURS = tuple(range(6, 23))


def all_card_ids() -> list[str]:
    """The 36 ids: 34 hour cards and 2 ghosts."""
    return [f"tt-{h:02d}-{c}" for h in HOURS for c in "ab"] + ["tt-ghost-1", "tt-ghost-2"]


def parse_id(card_id: str) -> int | None:
    """The hour of an hour card, None for a ghost; ValueError for anything else."""
    parts = card_id.split("-")
    if len(parts) == 3 and parts[0] == "tt":
        if parts[1] == "ghost" and parts[2] in ("1", "2"):
            return None
        if parts[1].isdigit() and len(parts[1]) == 2 and int(parts[1]) in HOURS and parts[2] in ("a", "b"):
            return int(parts[1])
    raise ValueError(f"not a Time After Time card id: {card_id!r}")


def sky_colours(hour: float) -> tuple[P.Colour, P.Colour]:
    """(top, horizon) of the sky at an hour, interpolated between the palette's keyframes."""
    keys = sorted(P.TT_SKY)
    if hour <= keys[0]:
        return P.TT_SKY[keys[0]]
    if hour >= keys[-1]:
        return P.TT_SKY[keys[-1]]
    for a, b in zip(keys, keys[1:]):
        if a <= hour <= b:
            t = (hour - a) / (b - a)
            return P.mix(P.TT_SKY[a][0], P.TT_SKY[b][0], t), P.mix(P.TT_SKY[a][1], P.TT_SKY[b][1], t)
    raise AssertionError("unreachable")


def _is_night(hour: int) -> bool:
    return hour >= 20


def _scene(w: int, h: int, hour: int) -> pygame.Surface:
    """Sky, sun or moon on its arc, distant rooftops: the backdrop of an hour card."""
    top, horizon = sky_colours(hour)
    scene = surface((w, h))
    scene.blit(vgradient((w, h), [(0.0, top), (0.72, horizon), (1.0, horizon)]), (0, 0))
    rng = random.Random(hour)
    sparks = surface((w, h))  # fill() replaces pixels: stars and windows go on a blended layer
    if _is_night(hour) or hour <= 6:
        for _ in range(int(w * 0.25)):
            x, y = rng.uniform(0, w), rng.uniform(0, h * 0.6)
            a = rng.randint(60, 200) if _is_night(hour) else rng.randint(20, 80)
            sparks.fill((255, 255, 240, a), (round(x), round(y), 1 + (rng.random() < 0.2), 1))
    scene.blit(sparks, (0, 0))
    # the sun rises at 06, culminates at 14, sets at 20; the moon shows at night
    t = (hour - 6) / 14
    cx = w * (0.12 + 0.76 * t)
    cy = h * (0.62 - 0.42 * math.sin(math.pi * min(1.0, max(0.0, t))))
    if _is_night(hour):
        mx, my, mr = w * 0.78, h * 0.2, w * 0.09
        aa_circle(scene, (mx, my), mr * 2.2, (255, 255, 230, 18))
        aa_circle(scene, (mx, my), mr, (*P.shade(P.TT_CLOCK_FACE, -0.05), 255))
        aa_circle(scene, (mx + mr * 0.45, my - mr * 0.25), mr * 0.85, (*top, 255))
    else:
        glow = radial_alpha(round(w * 0.7), P.shade(horizon, 0.5), 150, 1.6)
        scene.blit(glow, glow.get_rect(center=(round(cx), round(cy))))
        aa_circle(scene, (cx, cy), w * 0.08, (*P.mix((255, 244, 200), horizon, 0.15 if 9 <= hour <= 16 else 0.0), 255))
    # rooftops on the horizon
    ground = P.shade(P.mix(top, horizon, 0.3), -0.55)
    x = 0.0
    base = h * 0.9
    pts = [(0, h), (0, base)]
    while x < w:
        bw = rng.uniform(0.08, 0.16) * w
        bh = rng.uniform(0.04, 0.13) * h
        pts += [(x, base - bh), (x + bw, base - bh)]
        if rng.random() < 0.3:  # a pointed roof
            pts[-1:] = [(x + bw / 2, base - bh - w * 0.05), (x + bw, base - bh)]
        x += bw
    pts += [(w, base), (w, h)]
    pygame.draw.polygon(scene, ground, pts)
    windows = surface((w, h))
    if _is_night(hour) or hour >= 18:
        for _ in range(int(w * 0.05)):  # lit windows
            wx, wy = rng.uniform(0, w), rng.uniform(base - h * 0.07, base - h * 0.01)
            windows.fill((255, 214, 120, 220), (round(wx), round(wy), max(1, w // 70), max(1, w // 60)))
    scene.blit(windows, (0, 0))
    return scene


def _clock(card: pygame.Surface, centre: tuple[float, float], r: float, hour: int) -> None:
    cx, cy = centre
    ink = (*P.INK, 255)
    aa_circle(card, (cx + r * 0.05, cy + r * 0.08), r, (0, 0, 0, 80))
    aa_circle(card, centre, r, (*P.BRASS, 255))
    aa_circle(card, centre, r * 0.9, (*P.TT_CLOCK_FACE, 255))
    aa_circle(card, centre, r, (*P.BRASS_DARK, 255), max(1, round(r * 0.03)))
    for i in range(12):
        a = i * math.pi / 6
        long = i % 3 == 0
        r0 = r * (0.66 if long else 0.74)
        wdt = r * (0.07 if long else 0.035)
        dx, dy = math.sin(a), -math.cos(a)
        px, py = -dy, dx
        p0 = (cx + dx * r0, cy + dy * r0)
        p1 = (cx + dx * r * 0.84, cy + dy * r * 0.84)
        aa_polygon(card, [(p0[0] + px * wdt / 2, p0[1] + py * wdt / 2), (p1[0] + px * wdt / 2, p1[1] + py * wdt / 2),
                          (p1[0] - px * wdt / 2, p1[1] - py * wdt / 2), (p0[0] - px * wdt / 2, p0[1] - py * wdt / 2)],
                   ink)

    def hand(angle: float, length: float, width: float, colour: tuple[int, ...]) -> None:
        dx, dy = math.sin(angle), -math.cos(angle)
        px, py = -dy, dx
        tip = (cx + dx * length, cy + dy * length)
        tail = (cx - dx * length * 0.16, cy - dy * length * 0.16)
        aa_polygon(card, [(tail[0] + px * width / 2, tail[1] + py * width / 2), (tip[0], tip[1]),
                          (tail[0] - px * width / 2, tail[1] - py * width / 2)], colour)

    hand((hour % 12) * math.pi / 6, r * 0.5, r * 0.16, ink)
    hand(0.0, r * 0.76, r * 0.1, ink)
    aa_circle(card, centre, r * 0.07, (*P.ERROR, 255))


@lru_cache(maxsize=512)
def card_face(card_id: str, width: int) -> pygame.Surface:
    """An hour card or a ghost, `width` x 1.4·width (cached; do not draw on it)."""
    hour = parse_id(card_id)
    if hour is None:
        return _ghost(int(width))
    w, h = int(width), card_height(int(width), RATIO)
    card = surface((w, h))
    card.blit(vgradient((w, h), [(0.0, P.IVORY), (1.0, P.shade(P.IVORY, -0.12))]), (0, 0))
    m = max(2, round(w * 0.04))
    window = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    scene = _scene(window.width, window.height, hour)
    clip_round(scene, max(2, round(w * 0.045)))
    card.blit(scene, window)
    label = f"{hour:02d}H00"
    top, _ = sky_colours(hour)
    big = outlined_text(label, "display", max(10, round(w * 0.42)), P.IVORY, P.shade(top, -0.6),
                        max(1, round(w * 0.014)))
    card.blit(big, big.get_rect(midtop=(w // 2, round(m + w * 0.02))))
    _clock(card, (w * 0.5, h * 0.64), w * 0.3, hour)
    small = outlined_text(f"{hour:02d}", "display", max(8, round(w * 0.17)), P.IVORY, P.shade(top, -0.6),
                          max(1, round(w * 0.008)))
    card.blit(small, small.get_rect(bottomleft=(round(m + w * 0.04), round(h - m - w * 0.01))))
    card.blit(small, small.get_rect(bottomright=(round(w - m - w * 0.04), round(h - m - w * 0.01))))
    rounded_rect(card, window, (255, 255, 255, 90), max(2, round(w * 0.045)), max(1, round(w * 0.008)))
    return clip_round(card, max(3, round(w * 0.06)))


def _ghost_shape(cx: float, cy: float, gw: float, gh: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(31):  # the round head
        a = math.pi + i / 30 * math.pi
        pts.append((cx + math.cos(a) * gw / 2, cy - gh * 0.2 + math.sin(a) * gw / 2))
    for i in range(41):  # the wavy hem, drifting to the right
        t = i / 40
        x = cx + gw / 2 - t * gw
        y = cy + gh * 0.5 + math.sin(t * math.pi * 6) * gh * 0.06 + t * gh * 0.04
        pts.append((x + math.sin(t * 3) * gw * 0.03, y))
    return pts


@lru_cache(maxsize=16)
def _ghost(w: int) -> pygame.Surface:
    h = card_height(w, RATIO)
    card = surface((w, h))
    card.blit(vgradient((w, h), [(0.0, P.hex_colour("#0C1F18")), (1.0, P.hex_colour("#050B09"))]), (0, 0))
    glow = radial_alpha(round(w * 1.3), P.TT_GHOST_GLOW, 150, 1.4)
    card.blit(glow, glow.get_rect(center=(w // 2, round(h * 0.45))))
    cx, cy = w * 0.5, h * 0.46
    gw, gh = w * 0.56, h * 0.5
    body = surface((w, h))
    aa_polygon(body, _ghost_shape(cx, cy, gw, gh), (*P.TT_GHOST, 255))
    body.set_alpha(205)  # translucent
    card.blit(body, (0, 0))
    for ex in (-1, 1):  # hollow eyes and an "oo" mouth
        pygame.draw.ellipse(card, (*P.hex_colour("#1E3A2E"), 255),
                            (cx + ex * gw * 0.17 - gw * 0.07, cy - gh * 0.22, gw * 0.14, gw * 0.2))
    pygame.draw.ellipse(card, (*P.hex_colour("#1E3A2E"), 255), (cx - gw * 0.06, cy + gh * 0.02, gw * 0.12, gw * 0.14))
    label = outlined_text("GHOST", "display", max(8, round(w * 0.22)), P.TT_GHOST, P.hex_colour("#0C1F18"),
                          max(1, round(w * 0.01)))
    card.blit(label, label.get_rect(midbottom=(w // 2, round(h - w * 0.06))))
    m = max(2, round(w * 0.04))
    rounded_rect(card, (m, m, w - 2 * m, h - 2 * m), (*P.TT_GHOST_GLOW, 150), max(2, round(w * 0.045)),
                 max(1, round(w * 0.012)))
    return clip_round(card, max(3, round(w * 0.06)))


@lru_cache(maxsize=16)
def card_back(width: int) -> pygame.Surface:
    """The back of every Time After Time card: midnight blue, a brass clock ring and the sun and moon."""
    w, h = int(width), card_height(int(width), RATIO)
    card = surface((w, h))
    card.blit(vgradient((w, h), [(0.0, P.hex_colour("#2B3A78")), (1.0, P.hex_colour("#0E1230"))]), (0, 0))
    cx, cy, r = w / 2, h / 2, w * 0.34
    for i in range(60):
        a = i * math.pi / 30
        rr = r * (0.86 if i % 5 == 0 else 0.92)
        p0 = (cx + math.sin(a) * rr, cy - math.cos(a) * rr)
        p1 = (cx + math.sin(a) * r, cy - math.cos(a) * r)
        pygame.draw.line(card, (*P.BRASS, 255), p0, p1, max(1, round(w * (0.012 if i % 5 == 0 else 0.005))))
    aa_circle(card, (cx, cy), r * 1.08, (*P.BRASS, 255), max(1, round(w * 0.012)))
    aa_circle(card, (cx, cy - r * 0.3), r * 0.26, (*P.hex_colour("#FFC857"), 255))
    aa_circle(card, (cx, cy + r * 0.32), r * 0.24, (*P.TT_CLOCK_FACE, 255))
    aa_circle(card, (cx + r * 0.11, cy + r * 0.26), r * 0.2, (*P.hex_colour("#1A2250"), 255))
    m = round(w * 0.05)
    rounded_rect(card, (m, m, w - 2 * m, h - 2 * m), (*P.BRASS, 200), round(w * 0.05), max(1, round(w * 0.01)))
    title = text_surface("TIME AFTER TIME", "display", max(8, round(w * 0.13)), P.BRASS_LIGHT)
    card.blit(title, title.get_rect(midbottom=(round(cx), round(h - m * 1.8))))
    return clip_round(card, max(3, round(w * 0.06)))


@lru_cache(maxsize=16)
def slot_well(width: int) -> pygame.Surface:
    """An empty "?" slot: a dark sunken well with a faint question mark."""
    w, h = int(width), card_height(int(width), RATIO)
    well = surface((w, h))
    radius = max(3, round(w * 0.06))
    rounded_rect(well, well.get_rect(), (*P.TT_WELL, 215), radius)
    inner = surface((w, h))  # inner shadow along the top edge: the well is sunken
    rounded_rect(inner, (0, 0, w, max(2, round(h * 0.12))), (0, 0, 0, 90), radius)
    well.blit(inner, (0, 0))
    rounded_rect(well, well.get_rect(), (255, 255, 255, 40), radius, max(1, round(w * 0.015)))
    mark = text_surface("?", "display", max(10, round(w * 0.7)), (255, 255, 255, 46))
    well.blit(mark, mark.get_rect(center=(w // 2, round(h * 0.52))))
    return well
