"""Lost in Adventure: The Labyrinth — parchment fronts, stone-grey backs, torch-amber light.

Scenery cards are landscape (width x width/1.4, `SCENERY_RATIO`): they tile the map. Their
picture is composed from the keywords of the card's description (wall, corridor, water, statue,
door, stairs, torch, bridge, ...) in one flat style. Other cards are portrait 5:7.
Card dicts follow the scenario data: keys are read leniently (`description` or `picture`,
arrows keyed `n`/`north`, ...), so an engine view can be passed as it is."""

from __future__ import annotations

import math
import random
import re
import zlib
from functools import lru_cache
from typing import Any, Callable, Mapping

import pygame

from game.ui.look.cache import SurfaceLRU

from . import palette as P
from .draw import (aa_circle, aa_polygon, card_height, clip_round, noise_tile, outlined_text, radial_alpha,
                   rounded_rect, surface, tile_over, vgradient)
from .fonts import font, text_surface, wrap
from .symbols import paint

SCENERY_RATIO = 1 / 1.4  # height = width / 1.4 (landscape)
RATIO = 1.4
DIRECTIONS = {"n": "n", "north": "n", "e": "e", "east": "e", "s": "s", "south": "s", "w": "w", "west": "w"}

Card = Mapping[str, Any]
# a card's drawing changes with its state (tried items, a fulfilled prophecy), so a long adventure
# draws hundreds: the least recently used go past this many bytes (a whole map of the Thornwood Maze's
# 44 scenery faces at full size is about 17 MB)
CACHE_BYTES = 32 * 1024 * 1024
_cache = SurfaceLRU("labyrinth cards", CACHE_BYTES)


def _cached(kind: str, card: Card | None, width: int, extra: Any, build: Callable[[], pygame.Surface]) -> pygame.Surface:
    key = (kind, repr(sorted(card.items())) if card is not None else None, int(width), extra)
    return _cache.get_or_build(key, build)


def arrows_of(card: Card) -> dict[str, int]:
    """Arrows as {"n"|"e"|"s"|"w": number}, whichever spelling the card uses."""
    raw = card.get("arrows") or {}
    return {DIRECTIONS[k]: int(v) for k, v in raw.items() if k in DIRECTIONS}


def _description(card: Card) -> str:
    return str(card.get("description") or card.get("picture") or card.get("text") or "")


# --- materials --------------------------------------------------------------------------------

def _parchment(size: tuple[int, int], seed: int) -> pygame.Surface:
    w, h = size
    s = surface(size)
    s.blit(vgradient(size, [(0.0, P.shade(P.LA_PARCHMENT, 0.12)), (1.0, P.LA_PARCHMENT_DARK)]), (0, 0))
    rng = random.Random(seed)
    for _ in range(6):  # age stains
        d = round(rng.uniform(0.2, 0.5) * max(w, h))
        stain = radial_alpha(d, P.LA_PARCHMENT_DARK, 60, 1.5)
        s.blit(stain, (rng.uniform(-d / 2, w - d / 2), rng.uniform(-d / 2, h - d / 2)))
    edge = radial_alpha(round(max(w, h) * 1.6), P.LA_PARCHMENT, 0, 1.0)  # keeps the centre light
    del edge
    tile_over(s, noise_tile(64, 3, 18))
    return s


def _stone(size: tuple[int, int], seed: int, base: P.Colour = P.LA_STONE) -> pygame.Surface:
    """Grey dressed stone: offset courses of blocks with bevels and grain."""
    w, h = size
    s = surface(size)
    s.blit(vgradient(size, [(0.0, P.shade(base, 0.1)), (1.0, P.shade(base, -0.3))]), (0, 0))
    rng = random.Random(seed)
    bh = max(6, round(min(w, h) * 0.14))
    blocks = surface(size)  # fill() replaces pixels, so blocks go on a layer blended over the base
    for row, y in enumerate(range(0, h, bh)):
        bw = bh * 2
        x = -(row % 2) * bw // 2
        while x < w:
            tone = rng.uniform(-0.08, 0.08)
            block = pygame.Rect(x + 1, y + 1, bw - 2, bh - 2)
            blocks.fill((*P.shade(base, tone), 60), block)
            pygame.draw.line(blocks, (255, 255, 255, 30), block.topleft, block.topright)
            pygame.draw.line(blocks, (0, 0, 0, 70), block.bottomleft, block.bottomright)
            x += bw
    s.blit(blocks, (0, 0))
    tile_over(s, noise_tile(64, seed % 97, 22))
    return s


# --- scenery illustration ---------------------------------------------------------------------

KEYWORDS: dict[str, tuple[str, ...]] = {
    "corridor": ("corridor", "passage", "tunnel", "hall", "hallway", "gallery", "archway"),
    "door": ("door", "doors", "doorway"),
    "gate": ("gate", "bars", "portcullis", "grate", "grille"),
    "water": ("water", "pool", "river", "lake", "stream", "flooded", "fountain", "well"),
    "statue": ("statue", "statues", "idol", "guardian", "sculpture"),
    "stairs": ("stairs", "staircase", "steps", "stair", "stairway"),
    "torch": ("torch", "torches", "brazier", "fire", "sconce", "candle", "candles"),
    "bridge": ("bridge", "plank", "planks"),
    "chasm": ("chasm", "pit", "abyss", "hole", "crevasse"),
    "chest": ("chest", "treasure", "coffer", "gold"),
    "altar": ("altar", "shrine", "pedestal", "plinth", "lectern", "book"),
    "bones": ("bones", "skeleton", "skull", "skulls", "remains", "crypt"),
    "pillar": ("pillar", "pillars", "column", "columns"),
    "vines": ("vines", "roots", "moss", "ivy", "plants", "garden"),
    "crystal": ("crystal", "crystals", "gem", "gems", "jewel"),
    "wall": ("wall", "walls", "dead", "end", "blocked", "rubble"),
    "exit": ("exit", "daylight", "sky", "outside", "light"),
}


def keywords(description: str) -> set[str]:
    """The picture elements a description asks for (see KEYWORDS)."""
    words = set(re.findall(r"[a-z]+", description.lower()))
    return {element for element, spellings in KEYWORDS.items() if words & set(spellings)}


def _room(w: int, h: int) -> tuple[pygame.Surface, int]:
    """Back wall of stone and a floor in one-point perspective; returns (picture, floor_y)."""
    pic = surface((w, h))
    floor_y = round(h * 0.68)
    pic.blit(_stone((w, floor_y), 11, P.shade(P.LA_STONE, 0.05)), (0, 0))
    floor = vgradient((w, h - floor_y), [(0.0, P.shade(P.LA_STONE, -0.45)), (1.0, P.shade(P.LA_STONE, -0.2))])
    pic.blit(floor, (0, floor_y))
    joints = surface((w, h))  # pygame.draw replaces pixels: translucent lines go on a layer
    for i in range(-4, 5):  # flagstone joints converging to the vanishing point
        pygame.draw.line(joints, (0, 0, 0, 60), (w / 2 + i * w * 0.08, floor_y), (w / 2 + i * w * 0.3, h), 1)
    for j in range(1, 4):
        y = floor_y + (h - floor_y) * (j / 4) ** 1.5
        pygame.draw.line(joints, (0, 0, 0, 50), (0, y), (w, y), 1)
    pygame.draw.line(joints, (0, 0, 0, 110), (0, floor_y), (w, floor_y), max(1, h // 80))
    pic.blit(joints, (0, 0))
    return pic, floor_y


def _arch(pic: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...]) -> None:
    pygame.draw.rect(pic, colour, (rect.left, rect.top + rect.width // 2, rect.width, rect.height - rect.width // 2))
    pygame.draw.ellipse(pic, colour, (rect.left, rect.top, rect.width, rect.width))


def _draw_corridor(pic: pygame.Surface, w: int, h: int, fy: int, cx: float) -> None:
    outer = pygame.Rect(0, 0, round(w * 0.26), round(fy * 0.8))
    outer.midbottom = (round(cx), fy)
    _arch(pic, outer.inflate(round(w * 0.03), round(w * 0.015)), (*P.shade(P.LA_STONE, 0.2), 255))
    _arch(pic, outer, (*P.hex_colour("#0D0B0E"), 255))
    deep = outer.inflate(-outer.width * 0.45, -outer.height * 0.4)
    deep.midbottom = (outer.centerx, fy - round(outer.height * 0.12))
    _arch(pic, deep, (*P.hex_colour("#1E1A1C"), 255))


def _draw_door(pic: pygame.Surface, w: int, h: int, fy: int, cx: float) -> None:
    door = pygame.Rect(0, 0, round(w * 0.2), round(fy * 0.7))
    door.midbottom = (round(cx), fy)
    _arch(pic, door.inflate(round(w * 0.03), round(w * 0.015)), (*P.shade(P.LA_STONE, 0.25), 255))
    _arch(pic, door, (*P.LA_WOOD, 255))
    for i in range(1, 4):
        x = door.left + door.width * i / 4
        pygame.draw.line(pic, (*P.shade(P.LA_WOOD, -0.35), 255), (x, door.top + door.width * 0.2), (x, door.bottom), 2)
    for yy in (0.45, 0.8):
        pygame.draw.rect(pic, (*P.hex_colour("#2B2B30"), 255),
                         (door.left, door.top + door.height * yy, door.width, max(2, door.height * 0.05)))
    pygame.draw.circle(pic, (*P.BRASS, 255), (door.right - door.width * 0.18, door.top + door.height * 0.62),
                       max(2, door.width * 0.06))


def _draw_gate(pic: pygame.Surface, w: int, h: int, fy: int, cx: float) -> None:
    gate = pygame.Rect(0, 0, round(w * 0.24), round(fy * 0.72))
    gate.midbottom = (round(cx), fy)
    _arch(pic, gate, (*P.hex_colour("#121014"), 255))
    bar = max(2, round(w * 0.012))
    for i in range(6):
        x = gate.left + gate.width * (i + 0.5) / 6
        pygame.draw.line(pic, (*P.hex_colour("#4A4A52"), 255), (x, gate.top + gate.width * 0.15), (x, gate.bottom), bar)
    for yy in (0.35, 0.7):
        pygame.draw.line(pic, (*P.hex_colour("#4A4A52"), 255), (gate.left, gate.top + gate.height * yy),
                         (gate.right, gate.top + gate.height * yy), bar)


def _draw_torch(pic: pygame.Surface, w: int, h: int, fy: int, x: float) -> None:
    y = fy * 0.42
    glow = radial_alpha(round(w * 0.55), P.LA_TORCH, 120, 1.8)
    pic.blit(glow, glow.get_rect(center=(round(x), round(y))))
    pygame.draw.polygon(pic, (*P.LA_WOOD, 255), [(x - w * 0.012, y), (x + w * 0.012, y), (x + w * 0.006, y + fy * 0.16),
                                                  (x - w * 0.006, y + fy * 0.16)])
    pygame.draw.rect(pic, (*P.hex_colour("#3A3A40"), 255), (x - w * 0.02, y + fy * 0.1, w * 0.04, fy * 0.03))
    paint(pic, "flame", (x, y - fy * 0.06), max(6, round(w * 0.07)), (*P.LA_TORCH, 255))
    paint(pic, "flame", (x, y - fy * 0.04), max(4, round(w * 0.035)), (*P.hex_colour("#FFF1B8"), 255))


def _draw_statue(pic: pygame.Surface, w: int, h: int, fy: int, x: float) -> None:
    stone = (*P.shade(P.LA_STONE, 0.35), 255)
    dark = (*P.shade(P.LA_STONE, -0.1), 255)
    plinth = pygame.Rect(0, 0, round(w * 0.14), round(fy * 0.14))
    plinth.midbottom = (round(x), fy + round(h * 0.04))
    pygame.draw.rect(pic, dark, plinth)
    body_top = fy * 0.35
    aa_polygon(pic, [(x - w * 0.05, plinth.top), (x - w * 0.035, body_top + fy * 0.1), (x + w * 0.035, body_top + fy * 0.1),
                     (x + w * 0.05, plinth.top)], stone)
    aa_circle(pic, (x, body_top + fy * 0.05), w * 0.03, stone)
    aa_polygon(pic, [(x + w * 0.03, body_top + fy * 0.14), (x + w * 0.07, body_top - fy * 0.05),
                     (x + w * 0.08, body_top - fy * 0.04), (x + w * 0.045, body_top + fy * 0.18)], stone)  # raised arm
    pygame.draw.line(pic, dark, (x + w * 0.075, body_top - fy * 0.12), (x + w * 0.075, plinth.top), max(1, w // 120))


def _draw_stairs(pic: pygame.Surface, w: int, h: int, fy: int, x: float) -> None:
    steps = 6
    sw = w * 0.24
    for i in range(steps):
        top = fy - (i + 1) * fy * 0.08
        rect = pygame.Rect(round(x - sw / 2 + i * sw * 0.06), round(top), round(sw - i * sw * 0.12), round(fy * 0.08) + 1)
        pygame.draw.rect(pic, (*P.shade(P.LA_STONE, 0.28 - i * 0.05), 255), rect)
        pygame.draw.line(pic, (*P.shade(P.LA_STONE, -0.6), 255), rect.bottomleft, rect.bottomright, max(1, h // 120))


def _draw_water(pic: pygame.Surface, w: int, h: int, fy: int) -> None:
    pool = pygame.Rect(round(w * 0.08), fy + round((h - fy) * 0.22), round(w * 0.84), round((h - fy) * 0.62))
    pygame.draw.ellipse(pic, (*P.shade(P.LA_WATER, -0.35), 255), pool.inflate(4, 4))
    pygame.draw.ellipse(pic, (*P.LA_WATER, 255), pool)
    rng = random.Random(5)
    for _ in range(7):
        rx = rng.uniform(pool.left + pool.width * 0.15, pool.right - pool.width * 0.3)
        ry = rng.uniform(pool.top + pool.height * 0.2, pool.bottom - pool.height * 0.3)
        pygame.draw.arc(pic, (*P.shade(P.LA_WATER, 0.45), 255), (rx, ry, pool.width * 0.16, pool.height * 0.18),
                        math.radians(20), math.radians(160), max(1, h // 100))


def _draw_chasm(pic: pygame.Surface, w: int, h: int, fy: int) -> None:
    pts = [(w * 0.3, fy), (w * 0.7, fy), (w * 0.86, h), (w * 0.14, h)]
    pygame.draw.polygon(pic, (*P.hex_colour("#08070A"), 255), pts)


def _draw_bridge(pic: pygame.Surface, w: int, h: int, fy: int) -> None:
    _draw_chasm(pic, w, h, fy)
    n = 7
    for i in range(n):
        y0 = fy + (h - fy) * i / n
        y1 = fy + (h - fy) * (i + 0.8) / n
        half0, half1 = w * (0.06 + 0.1 * i / n), w * (0.06 + 0.1 * (i + 0.8) / n)
        pygame.draw.polygon(pic, (*P.shade(P.LA_WOOD, 0.1 - 0.04 * (i % 2)), 255),
                            [(w / 2 - half0, y0), (w / 2 + half0, y0), (w / 2 + half1, y1), (w / 2 - half1, y1)])
    pygame.draw.line(pic, (*P.shade(P.LA_WOOD, 0.3), 255), (w * 0.44, fy - h * 0.08), (w * 0.34, h), max(1, h // 90))
    pygame.draw.line(pic, (*P.shade(P.LA_WOOD, 0.3), 255), (w * 0.56, fy - h * 0.08), (w * 0.66, h), max(1, h // 90))


def _draw_chest(pic: pygame.Surface, w: int, h: int, fy: int, x: float) -> None:
    box = pygame.Rect(0, 0, round(w * 0.14), round(h * 0.12))
    box.midbottom = (round(x), fy + round(h * 0.12))
    pygame.draw.rect(pic, (*P.LA_WOOD, 255), box)
    pygame.draw.ellipse(pic, (*P.shade(P.LA_WOOD, 0.15), 255), (box.left, box.top - box.height * 0.45, box.width, box.height * 0.9))
    pygame.draw.rect(pic, (*P.BRASS, 255), (box.centerx - box.width * 0.08, box.top - box.height * 0.1, box.width * 0.16, box.height * 0.45))
    pygame.draw.line(pic, (*P.BRASS_DARK, 255), box.topleft, box.topright, max(1, h // 90))


def _draw_altar(pic: pygame.Surface, w: int, h: int, fy: int, x: float) -> None:
    top = pygame.Rect(0, 0, round(w * 0.2), round(h * 0.04))
    top.midbottom = (round(x), fy - round(h * 0.1))
    pygame.draw.rect(pic, (*P.shade(P.LA_STONE, 0.3), 255), (x - w * 0.07, top.bottom, w * 0.14, fy - top.bottom + h * 0.03))
    pygame.draw.rect(pic, (*P.shade(P.LA_STONE, 0.45), 255), top)
    pygame.draw.rect(pic, (*P.hex_colour("#8E2B2B"), 255), (x - w * 0.05, top.top - h * 0.03, w * 0.1, h * 0.03))  # a book
    pygame.draw.rect(pic, (*P.IVORY, 255), (x + w * 0.06, top.top - h * 0.08, w * 0.012, h * 0.08))
    paint(pic, "flame", (x + w * 0.066, top.top - h * 0.1), max(4, round(w * 0.03)), (*P.LA_TORCH, 255))


def _draw_bones(pic: pygame.Surface, w: int, h: int, fy: int, x: float) -> None:
    bone = (*P.shade(P.IVORY, -0.08), 255)
    y = fy + (h - fy) * 0.55
    aa_circle(pic, (x, y - h * 0.02), w * 0.035, bone)
    pygame.draw.rect(pic, bone, (x - w * 0.02, y, w * 0.04, h * 0.03))
    for ex in (-1, 1):
        aa_circle(pic, (x + ex * w * 0.013, y - h * 0.025), w * 0.009, (20, 16, 16, 255))
    for dx in (-0.08, 0.06):
        pygame.draw.line(pic, bone, (x + dx * w, y + h * 0.05), (x + (dx + 0.06) * w, y + h * 0.02), max(1, h // 60))


def _draw_pillars(pic: pygame.Surface, w: int, h: int, fy: int) -> None:
    for x in (w * 0.07, w * 0.93):
        pygame.draw.rect(pic, (*P.shade(P.LA_STONE, 0.3), 255), (x - w * 0.04, 0, w * 0.08, fy + h * 0.02))
        for k in range(1, 4):
            pygame.draw.line(pic, (*P.shade(P.LA_STONE, 0.1), 255), (x - w * 0.04 + k * w * 0.02, 0), (x - w * 0.04 + k * w * 0.02, fy), 1)
        pygame.draw.rect(pic, (*P.shade(P.LA_STONE, 0.45), 255), (x - w * 0.055, fy - h * 0.02, w * 0.11, h * 0.04))


def _draw_vines(pic: pygame.Surface, w: int, h: int, fy: int) -> None:
    rng = random.Random(9)
    green = (*P.hex_colour("#3E7A3A"), 255)
    for i in range(6):
        x = rng.uniform(0, w)
        length = rng.uniform(0.2, 0.55) * fy
        pts = [(x + math.sin(t / 3) * w * 0.01, t / 10 * length) for t in range(11)]
        pygame.draw.lines(pic, green, False, pts, max(1, w // 150))
        for px, py in pts[2::2]:
            pygame.draw.ellipse(pic, green, (px - w * 0.012, py, w * 0.024, w * 0.014))


def _draw_crystals(pic: pygame.Surface, w: int, h: int, fy: int) -> None:
    for x, s in ((0.12, 0.09), (0.2, 0.06), (0.85, 0.08)):
        paint(pic, "crystal", (w * x, fy - h * 0.02), max(6, round(w * s)), (*P.hex_colour("#9FE3F5"), 235))


def _draw_dead_end(pic: pygame.Surface, w: int, h: int, fy: int) -> None:
    rng = random.Random(3)
    for _ in range(9):  # rubble
        x = rng.uniform(w * 0.15, w * 0.85)
        r = rng.uniform(0.02, 0.05) * w
        aa_circle(pic, (x, fy + rng.uniform(0.02, 0.2) * h), r, (*P.shade(P.LA_STONE, rng.uniform(-0.1, 0.25)), 255))


def _draw_daylight(pic: pygame.Surface, w: int, h: int, fy: int, cx: float) -> None:
    opening = pygame.Rect(0, 0, round(w * 0.24), round(fy * 0.78))
    opening.midbottom = (round(cx), fy)
    _arch(pic, opening, (*P.hex_colour("#BFE4FF"), 255))
    glow = radial_alpha(round(w * 0.6), P.hex_colour("#FFF6D8"), 140, 1.5)
    pic.blit(glow, glow.get_rect(center=opening.center))


def _illustration(description: str, size: tuple[int, int], seed: int) -> pygame.Surface:
    """A flat dungeon picture from the description's keywords; the same text, the same picture."""
    w, h = size
    pic, fy = _room(w, h)
    found = keywords(description)
    if "vines" in found:
        _draw_vines(pic, w, h, fy)
    if "pillar" in found:
        _draw_pillars(pic, w, h, fy)
    # the centre of the back wall: a way on, or a dead end
    centre = next((k for k in ("exit", "corridor", "gate", "door", "stairs") if k in found), None)
    if centre == "exit":
        _draw_daylight(pic, w, h, fy, w / 2)
    elif centre == "corridor":
        _draw_corridor(pic, w, h, fy, w / 2)
    elif centre == "gate":
        _draw_gate(pic, w, h, fy, w / 2)
    elif centre == "door":
        _draw_door(pic, w, h, fy, w / 2)
    elif centre == "stairs":
        _draw_stairs(pic, w, h, fy, w / 2)
    side_items = [k for k in ("door", "stairs", "statue", "altar", "chest") if k in found and k != centre]
    slots = [w * 0.22, w * 0.78, w * 0.36, w * 0.64]
    if "torch" in found:
        _draw_torch(pic, w, h, fy, w * 0.33 if centre else w * 0.3)
        _draw_torch(pic, w, h, fy, w * 0.67 if centre else w * 0.7)
    for item, x in zip(side_items, slots):
        {"door": _draw_door, "stairs": _draw_stairs, "statue": _draw_statue, "altar": _draw_altar,
         "chest": _draw_chest}[item](pic, w, h, fy, x)
    if "bridge" in found:
        _draw_bridge(pic, w, h, fy)
    elif "chasm" in found:
        _draw_chasm(pic, w, h, fy)
    elif "water" in found:
        _draw_water(pic, w, h, fy)
    if "crystal" in found:
        _draw_crystals(pic, w, h, fy)
    if "bones" in found:
        _draw_bones(pic, w, h, fy, w * 0.3 if "water" not in found else w * 0.12)
    if not found or found <= {"wall"}:
        _draw_dead_end(pic, w, h, fy)
    # torch-amber light from the left, darkness at the edges
    shade_layer = surface((w, h))
    shade_layer.blit(radial_alpha(round(max(w, h) * 1.8), P.hex_colour("#000000"), 0, 1), (0, 0))
    light = radial_alpha(round(w * 1.4), P.LA_TORCH, 55, 1.4)
    pic.blit(light, light.get_rect(center=(round(w * 0.4), round(h * 0.35))))
    vignette = surface((w, h))
    for i in range(8):
        a = 16 * (8 - i) // 8
        pygame.draw.rect(vignette, (0, 0, 0, a), vignette.get_rect().inflate(-i * w // 40, -i * h // 40),
                         max(1, w // 80))
    pic.blit(vignette, (0, 0))
    del seed
    return pic


# --- scenery cards ----------------------------------------------------------------------------

def _scenery_size(width: int) -> tuple[int, int]:
    return int(width), max(1, round(int(width) * SCENERY_RATIO))


def _number_seal(target: pygame.Surface, number: Any, centre: tuple[float, float], r: float,
                 colour: P.Colour = P.LA_ARROW_RED, number_share: float = 1.3) -> None:
    """A wax seal of radius `r` with a number `number_share` * r high (1.6 fills its inner ring)."""
    aa_circle(target, (centre[0] + r * 0.06, centre[1] + r * 0.1), r, (0, 0, 0, 90))
    aa_circle(target, centre, r, (*colour, 255))
    aa_circle(target, centre, r * 0.82, (*P.shade(colour, -0.3), 255), max(1, round(r * 0.08)))
    label = text_surface(str(number), "display", max(8, round(r * number_share)), P.IVORY)
    target.blit(label, label.get_rect(center=(round(centre[0]), round(centre[1] + r * 0.05))))


def _dots(target: pygame.Surface, count: int, left: float, cy: float, r: float, colour: tuple[int, ...]) -> None:
    for i in range(count):
        aa_circle(target, (left + r + i * r * 2.6, cy), r, colour)


def _hero_icon(target: pygame.Surface, centre: tuple[float, float], size: float, colour: tuple[int, ...]) -> None:
    """A meeple: the Hero."""
    cx, cy = centre
    aa_circle(target, (cx, cy - size * 0.28), size * 0.18, colour)
    aa_polygon(target, [(cx - size * 0.45, cy - size * 0.05), (cx + size * 0.45, cy - size * 0.05),
                        (cx + size * 0.2, cy + size * 0.08), (cx + size * 0.32, cy + size * 0.45),
                        (cx, cy + size * 0.3), (cx - size * 0.32, cy + size * 0.45), (cx - size * 0.2, cy + size * 0.08)],
               colour)


def scenery_face(card: Card, width: int) -> pygame.Surface:
    """The discovered side of a scenery card: picture, number, dots, title (cached)."""
    return _cached("scenery-face", card, width, None, lambda: _scenery_face(card, int(width)))


def _scenery_face(card: Card, width: int) -> pygame.Surface:
    w, h = _scenery_size(width)
    number = card.get("number", "")
    out = _parchment((w, h), 101 + zlib.crc32(str(number).encode()) % 1000)
    m = max(3, round(w * 0.035))
    title_h = max(10, round(h * 0.17))
    pic_rect = pygame.Rect(m, m, w - 2 * m, h - 2 * m - title_h)
    pic = _illustration(_description(card), pic_rect.size, zlib.crc32(_description(card).encode()))
    clip_round(pic, max(2, round(w * 0.02)))
    out.blit(pic, pic_rect)
    rounded_rect(out, pic_rect, (*P.LA_SEPIA, 255), max(2, round(w * 0.02)), max(1, round(w * 0.006)))
    title = str(card.get("title", ""))
    px = max(8, round(title_h * 0.72))
    while px > 8 and font("story", px).size(title)[0] > w * 0.72:
        px -= 1
    img = text_surface(title, "story", px, P.LA_SEPIA)
    out.blit(img, img.get_rect(center=(w // 2, round(h - m - title_h / 2))))
    seal_r = max(6, round(w * 0.055))
    _number_seal(out, number, (m + seal_r + w * 0.015, m + seal_r + w * 0.015), seal_r)
    _dots(out, int(card.get("dots", 0)), m + seal_r * 2 + w * 0.03, m + seal_r + w * 0.015, max(2, seal_r * 0.22),
          (*P.IVORY, 255))
    if card.get("hero"):
        _hero_icon(out, (w - m - seal_r - w * 0.015, m + seal_r + w * 0.02), seal_r * 1.8, (*P.LA_TORCH, 255))
    for d in arrows_of(card):  # small notches where the map goes on
        _edge_arrow(out, d, w, h, max(4, round(w * 0.03)), (*P.LA_ARROW_RED, 220), None)
    return clip_round(out, max(3, round(w * 0.04)))


def _edge_arrow(target: pygame.Surface, direction: str, w: int, h: int, size: int, colour: tuple[int, ...],
                label: Any) -> None:
    """A red triangle on the middle of an edge, pointing out, with the number it leads to."""
    cx, cy = {"n": (w / 2, size * 1.1), "s": (w / 2, h - size * 1.1), "w": (size * 1.1, h / 2),
              "e": (w - size * 1.1, h / 2)}[direction]
    dx, dy = {"n": (0, -1), "s": (0, 1), "w": (-1, 0), "e": (1, 0)}[direction]
    px, py = -dy, dx
    tip = (cx + dx * size, cy + dy * size)
    base = (cx - dx * size * 0.4, cy - dy * size * 0.4)
    aa_polygon(target, [tip, (base[0] + px * size, base[1] + py * size), (base[0] - px * size, base[1] - py * size)],
               colour)
    if label is not None:
        img = outlined_text(str(label), "display", max(8, round(size * 1.5)), P.IVORY, P.shade(P.LA_ARROW_RED, -0.5),
                            max(1, size // 8))
        lx, ly = cx - dx * size * 1.9, cy - dy * size * 1.9
        target.blit(img, img.get_rect(center=(round(lx), round(ly))))


def scenery_back(card: Card, width: int, arrow_labels: bool = True) -> pygame.Surface:
    """The face-down side of a scenery card: stone, its number, red arrows with numbers (cached).
    Without `arrow_labels` the arrows are drawn bare: the map sets their numbers over the scaled
    card itself (`arrow_label_spots`), so they keep a readable size however far it zooms out."""
    return _cached("scenery-back", card, width, bool(arrow_labels),
                   lambda: _scenery_back(card, int(width), bool(arrow_labels)))


def scenery_arrow_size(width: int) -> int:
    """How large a face-down card `width` wide draws its arrows (a triangle's half base)."""
    return max(4, round(width * 0.045))


def arrow_label_px(width: int) -> int:
    """The designed print of the number beside an arrow of a face-down card `width` wide."""
    return max(8, round(scenery_arrow_size(width) * 1.5))


def scenery_back_number_band(width: int) -> tuple[float, float]:
    """How far down a face-down card `width` wide its own large number's figures reach (top, bottom),
    for what is set over the card to keep clear of them."""
    _, h = _scenery_size(width)
    px = max(10, round(h * 0.46))
    return h * 0.46 - px * 0.36, h * 0.46 + px * 0.36


def arrow_label_spots(card: Card, width: int) -> list[tuple[str, str, tuple[float, float]]]:
    """Each arrow of a face-down card `width` wide: its direction ("n", "e", "s", "w"), the number it
    leads to and the centre of its triangle on the card; the number is set inward of it."""
    w, h = _scenery_size(width)
    size = scenery_arrow_size(width)
    inset = size * 1.1
    centres = {"n": (w / 2, inset), "s": (w / 2, h - inset), "w": (inset, h / 2), "e": (w - inset, h / 2)}
    return [(d, str(target), centres[d]) for d, target in arrows_of(card).items()]


@lru_cache(maxsize=512)
def arrow_label(text: str, px: int) -> pygame.Surface:
    """An arrow's number as a face-down card prints it, in `px` (cached per size: the map asks one
    size per zoom step)."""
    return outlined_text(text, "display", px, P.IVORY, P.shade(P.LA_ARROW_RED, -0.5), max(1, round(px / 12)))


def _scenery_back(card: Card, width: int, arrow_labels: bool = True) -> pygame.Surface:
    w, h = _scenery_size(width)
    out = _stone((w, h), 77)
    glow = radial_alpha(round(w * 0.9), P.LA_TORCH, 60, 1.6)
    out.blit(glow, glow.get_rect(center=(w // 2, h // 2)))
    number = card.get("number", "")
    big = outlined_text(str(number), "display", max(10, round(h * 0.46)), P.LA_TORCH, P.shade(P.LA_STONE_DARK, -0.4),
                        max(1, round(w * 0.008)))
    out.blit(big, big.get_rect(center=(w // 2, round(h * 0.46))))
    size = scenery_arrow_size(w)
    for d, target in arrows_of(card).items():
        _edge_arrow(out, d, w, h, size, (*P.LA_ARROW_RED, 255), target if arrow_labels else None)
    notes = []
    if card.get("cover") is not None:
        notes.append(f"Cover {card['cover']}")
    if card.get("next_to") is not None:
        nt = card["next_to"]
        notes.append(f"Next to {nt[0] if isinstance(nt, (list, tuple)) else nt}")
    if notes:
        img = text_surface(" · ".join(notes), "story-italic", max(8, round(h * 0.09)), P.IVORY)
        out.blit(img, img.get_rect(topleft=(round(w * 0.05), round(h * 0.05))))
    favours = int(card.get("min_favours", 0) or 0)
    if favours:  # "Discover only with at least X favours": one flame and the figure, read without counting
        paint(out, "flame", (w * 0.1, h * 0.88), max(6, round(w * 0.06)), (*P.LA_FAVOUR_LIT, 255))
        need = outlined_text(f"{favours}+", "display", max(8, round(h * 0.13)), P.LA_FAVOUR_LIT,
                             P.shade(P.LA_STONE_DARK, -0.4), max(1, round(w * 0.005)))
        out.blit(need, need.get_rect(midleft=(round(w * 0.14), round(h * 0.88))))
    if card.get("hero"):
        _hero_icon(out, (w * 0.86, h * 0.22), max(8, round(w * 0.1)), (*P.LA_TORCH, 255))
    rounded_rect(out, out.get_rect().inflate(-round(w * 0.03), -round(w * 0.03)), (*P.LA_STONE_DARK, 255),
                 max(2, round(w * 0.03)), max(1, round(w * 0.008)))
    return clip_round(out, max(3, round(w * 0.04)))


# --- interaction, item, prophecy, favour --------------------------------------------------------

def _item_triangle(target: pygame.Surface, centre: tuple[float, float], size: float, marks: str,
                   fill: tuple[int, ...], ink: P.Colour) -> None:
    cx, cy = centre
    aa_polygon(target, [(cx - size, cy - size * 0.55), (cx + size, cy - size * 0.55), (cx, cy + size * 0.75)], fill)
    if marks:
        img = text_surface(marks, "display", max(8, round(size * 0.9)), ink)
        target.blit(img, img.get_rect(center=(round(cx), round(cy - size * 0.08))))


def interaction_back(card: Card, width: int) -> pygame.Surface:
    """The face-down side of an interaction card: number, dots, and the item icon (0, 1 or 2 "?")."""
    return _cached("interaction-back", card, width, None, lambda: _interaction_back(card, int(width)))


def interaction_corner_right(width: int) -> float:
    """How far from its left edge an interaction back's corner index (the "?" triangle) reaches: what
    lies in the top right corner (a badge) keeps right of it."""
    return width * (0.2 + 0.11)


def _interaction_back(card: Card, width: int) -> pygame.Surface:
    w, h = width, card_height(width, RATIO)
    out = _stone((w, h), 55, P.shade(P.LA_STONE, -0.2))
    glow = radial_alpha(round(w * 1.2), P.LA_TORCH, 70, 1.6)
    out.blit(glow, glow.get_rect(center=(w // 2, round(h * 0.42))))
    number = card.get("number", "")
    big = outlined_text(str(number), "display", max(10, round(w * 0.5)), P.LA_TORCH, P.hex_colour("#1A1410"),
                        max(1, round(w * 0.012)))
    out.blit(big, big.get_rect(center=(w // 2, round(h * 0.38))))
    dots = int(card.get("dots", 0) or 0)
    r = max(2, round(w * 0.03))
    _dots(out, dots, w / 2 - (dots * r * 2.6 - r * 0.6) / 2, h * 0.58, r, (*P.IVORY, 255))
    needs = int(card.get("needs", card.get("items", 0)) or 0)
    if needs:
        _item_triangle(out, (w / 2, h * 0.78), w * 0.16, "?" * needs, (*P.LA_PARCHMENT, 255), P.LA_SEPIA)
        # a corner index as on playing cards: the cards beside one scenery overlap, each showing only
        # its top, and all share its number, so the top must tell which of them want items
        _item_triangle(out, (w * 0.2, h * 0.1), w * 0.11, "?" * needs, (*P.LA_PARCHMENT, 255), P.LA_SEPIA)  # to interaction_corner_right
    if card.get("immediate"):
        badge = text_surface("!", "display", max(8, round(w * 0.2)), P.IVORY)
        aa_circle(out, (w * 0.82, h * 0.1), w * 0.09, (*P.LA_ARROW_RED, 255))
        out.blit(badge, badge.get_rect(center=(round(w * 0.82), round(h * 0.105))))
    m = round(w * 0.04)
    rounded_rect(out, (m, m, w - 2 * m, h - 2 * m), (*P.LA_TORCH, 140), round(w * 0.05), max(1, round(w * 0.01)))
    return clip_round(out, max(3, round(w * 0.06)))


ITEM_ICONS: dict[str, tuple[str, ...]] = {
    "key": ("key",), "flame": ("torch", "lamp", "lantern", "fire", "candle", "match", "tinderbox", "flint", "spark"),
    "crystal": ("gem", "crystal", "jewel", "stone", "ruby", "emerald"), "hourglass": ("hourglass", "sand", "time"),
    "wave": ("water", "flask", "potion", "bottle", "rope"),
    "sun": ("amulet", "medallion", "coin", "sun", "mirror", "locket"),
    "blade": ("knife", "dagger", "sword", "blade", "axe", "chisel", "shears", "trowel"),
    "book": ("book", "logbook", "journal", "diary", "map", "letter", "scroll", "page", "log"),
    "bell": ("bell", "clapper", "chime"), "pearl": ("pearl", "shell", "oyster"),
    "leaf": ("leaf", "rose", "seed", "flower"),  # a garden's things (The Thornwood Maze)
}


def _item_icon_name(name: str) -> str:
    words = set(re.findall(r"[a-z]+", name.lower()))
    for icon, spellings in ITEM_ICONS.items():
        if words & set(spellings):
            return icon
    return "sun"


def item_card(card: Card, width: int, name_px: int | None = None) -> pygame.Surface:
    """An item: its letter (and number) large, an icon from its name, the name (cached per size
    asked). `name_px` asks for the name in larger print (a small window, where 21 px read as 11 px):
    see `item_name_layout`; None draws it as designed."""
    return _cached("item", card, width, name_px, lambda: _item_card(card, int(width), name_px))


def largest_whole_lines(text: str, role: str, largest_px: int, smallest_px: int, width: int, room: float,
                        most: int, step_share: float = 0.92) -> tuple[int, list[str]] | None:
    """`text` in the largest print from `largest_px` down to (not reaching) `smallest_px` whose lines
    keep every word whole, number at most `most` and fit `room` px high; None when none does."""
    px = largest_px
    while px > smallest_px:
        face = font(role, px)
        lines = wrap(text, role, px, width)
        step = face.get_linesize() * step_share
        whole = all(face.size(word)[0] <= width for word in text.split())
        if whole and len(lines) <= most and step * (len(lines) - 1) + px <= room:
            return px, lines
        px -= 1
    return None


def item_name_band(width: int) -> pygame.Rect:
    """The part of an item card (`width` wide) under its icon that a name may fill, inside the frame."""
    h = card_height(width, RATIO)
    m = round(width * 0.04)
    top = round(h * 0.6)
    return pygame.Rect(m + 3, top, width - 2 * m - 6, h - m - 9 - top)


def item_name_layout(name: str, width: int, name_px: int | None = None) -> tuple[int, list[str], float]:
    """The name's print, its lines and the first line's top: as designed (`item_name_lines`, from 62 %
    of the card down), or, asked a larger `name_px`, in the largest print up to it whose whole-word
    lines (three at most) fit the band under the icon, from the band's top."""
    px, lines = item_name_lines(name, width)
    if name_px is not None and name_px > px:
        band = item_name_band(width)
        grown = largest_whole_lines(name, "story", name_px, px, round(width * 0.86), band.height - 2, 3)
        if grown is not None:
            return grown[0], grown[1], float(band.y + 1)
    return px, lines, card_height(width, RATIO) * 0.62


def item_name_lines(name: str, w: int) -> tuple[int, list[str]]:
    """The item's name under its icon: at 150 px wide (the tray, ITEM_W) in print of at least 20 px
    (ART.md small print) on up to two lines; a name that needs three is set a size smaller."""
    px = max(8, round(w * 0.14))
    lines = wrap(name, "story", px, round(w * 0.86))
    if len(lines) > 2:
        px = max(8, round(w * 0.11))
        lines = wrap(name, "story", px, round(w * 0.86))[:3]
    return px, lines


def _item_card(card: Card, width: int, name_px: int | None) -> pygame.Surface:
    w, h = width, card_height(width, RATIO)
    out = _parchment((w, h), 301)
    letter = str(card.get("letter", "?"))
    number = card.get("number")
    code = letter + (str(number) if number not in (None, "") else "")
    _item_triangle(out, (w / 2, w * 0.1), w * 0.12, "", (*P.LA_SEPIA, 255), P.IVORY)
    aa_circle(out, (w / 2, h * 0.34), w * 0.27, (*P.LA_SEPIA, 255))
    aa_circle(out, (w / 2, h * 0.34), w * 0.24, (*P.shade(P.LA_PARCHMENT, 0.2), 255))
    paint(out, _item_icon_name(str(card.get("name", ""))), (w / 2, h * 0.34), round(w * 0.3), (*P.LA_SEPIA, 255))
    big = outlined_text(code, "display", max(10, round(w * 0.3)), P.LA_ARROW_RED, P.shade(P.LA_PARCHMENT, 0.3),
                        max(1, round(w * 0.01)))
    out.blit(big, (round(w * 0.07), round(w * 0.05)))
    px, lines, y = item_name_layout(str(card.get("name", "")), w, name_px)
    for line in lines:
        img = text_surface(line, "story", px, P.LA_SEPIA)
        out.blit(img, img.get_rect(midtop=(w // 2, round(y))))
        y += font("story", px).get_linesize() * 0.92
    m = round(w * 0.04)
    rounded_rect(out, (m, m, w - 2 * m, h - 2 * m), (*P.LA_SEPIA, 200), round(w * 0.05), max(1, round(w * 0.01)))
    return clip_round(out, max(3, round(w * 0.06)))


def item_tile(card: Card, size: tuple[int, int], name_px: int | None = None) -> pygame.Surface:
    """An item as a tile of a crowded tray (more items than full cards fit side by side): the same
    parchment, letter and name, laid out for the tile's shape (cached per size asked). `name_px` asks
    for the name in larger print: see `item_tile_name_layout`."""
    return _cached("item-tile", card, size[0], (size[1], name_px),
                   lambda: _item_tile(card, (int(size[0]), int(size[1])), name_px))


TILE_NAME_PX = 20  # ART.md small print: the names on tray tiles are never smaller


def _item_code(card: Card) -> str:
    """An item's letter and number as its card shows them ("K1"; "R" without a number)."""
    number = card.get("number")
    return str(card.get("letter", "?")) + (str(number) if number not in (None, "") else "")


def item_tile_name_layout(name: str, code: str, size: tuple[int, int], name_px: int | None
                          ) -> tuple[pygame.Rect, int, list[str], float] | None:
    """A tile's name in larger print (`name_px` asked, a small window): the tile's name area (under
    the letter and icon on a tall tile, beside the letter on a low one), the print, the lines and the
    line step; None where nothing is asked or even one line of it is too tall (the 20 px design stays).
    The print asked is the least that reads on that window, so the name never shrinks under it: on
    up to two lines with every word whole where it fits, else on one line cut with an ellipsis (the
    caption under the map names the item in full when it has the focus)."""
    if name_px is None or name_px <= TILE_NAME_PX:
        return None
    w, h = size
    pad = max(4, round(h * 0.08))
    m = max(2, round(h * 0.04))
    if h >= 80:  # the name under the letter and the icon
        top = pad + round(h * 0.46) + 2
        area = pygame.Rect(pad, top, w - 2 * pad, h - m - 2 - top)
        share = 0.92
    else:  # the name beside the letter (drawn with a 1 px outline)
        left = pad + 2 + font("display", tile_code_px(h, name_px)).size(code)[0] + 2 + 8
        area = pygame.Rect(left, m + 2, w - left - pad, h - 2 * m - 4)
        share = 0.9
    if name_px > area.height:
        return None
    step = font("story", name_px).get_linesize() * share
    whole = largest_whole_lines(name, "story", name_px, name_px - 1, area.width - 2, area.height, 2, share)
    lines = whole[1] if whole is not None else [_clipped(" ".join(name.split()), "story", name_px, area.width - 2)]
    return area, name_px, lines, step


def tile_code_px(height: int, name_px: int | None = None) -> int:
    """The print of a low tile's letter and number: most of its height; asked for a larger name (a
    small window), a quarter larger than the name (as a whole card's letter stands over its name),
    inside the tile (a 45 px tile's "J2" read as 11 px at 1024x768)."""
    designed = round(height * 0.62)
    return designed if name_px is None or name_px <= TILE_NAME_PX else min(max(designed, round(name_px * 1.25)), height - 4)


def _item_tile(card: Card, size: tuple[int, int], name_px: int | None) -> pygame.Surface:
    w, h = size
    out = _parchment((w, h), 301)
    code = _item_code(card)
    name = str(card.get("name", ""))
    grown = item_tile_name_layout(name, code, size, name_px)
    pad = max(4, round(h * 0.08))
    if h >= 80:  # two bands: the letter and the icon above, the name on up to two lines below
        band = round(h * 0.46)
        big = outlined_text(code, "display", round(band * 0.92), P.LA_ARROW_RED, P.shade(P.LA_PARCHMENT, 0.3), 1)
        out.blit(big, (pad + 2, pad - 2))
        r = band * 0.42
        centre = (w - pad - r - 2, pad + band / 2)
        aa_circle(out, centre, r, (*P.LA_SEPIA, 255))
        aa_circle(out, centre, r * 0.88, (*P.shade(P.LA_PARCHMENT, 0.2), 255))
        paint(out, _item_icon_name(name), centre, round(r * 1.1), (*P.LA_SEPIA, 255))
        if grown is not None:
            _, px, lines, step = grown
        else:
            px, step = TILE_NAME_PX, font("story", TILE_NAME_PX).get_linesize() * 0.92
            lines = wrap(name, "story", TILE_NAME_PX, w - 2 * pad)
            if len(lines) > 2:
                lines = lines[:1] + [_clipped(" ".join(lines[1:]), "story", TILE_NAME_PX, w - 2 * pad)]
        y = pad + band + 2
        for line in lines:
            out.blit(text_surface(line, "story", px, P.LA_SEPIA), (pad + 2, round(y)))
            y += step
    else:  # a low tile: the letter, then the name beside it (on two lines where one is too short)
        big = outlined_text(code, "display", tile_code_px(h, name_px), P.LA_ARROW_RED, P.shade(P.LA_PARCHMENT, 0.3), 1)
        out.blit(big, big.get_rect(midleft=(pad + 2, h // 2)))
        left = pad + 2 + big.get_width() + 8
        if grown is not None:
            _, px, lines, step = grown
        else:
            px, step = TILE_NAME_PX, font("story", TILE_NAME_PX).get_linesize() * 0.9
            lines = tile_name_lines(name, w - left - pad, 2 if 2 * step <= h - 2 * pad + 4 else 1)
        top = h / 2 + 1 - step * (len(lines) - 1) / 2
        for index, line in enumerate(lines):
            image = text_surface(line, "story", px, P.LA_SEPIA)
            out.blit(image, image.get_rect(midleft=(left, round(top + index * step))))
    m = max(2, round(h * 0.04))
    rounded_rect(out, (m, m, w - 2 * m, h - 2 * m), (*P.LA_SEPIA, 200), max(4, round(h * 0.08)), 1)
    return clip_round(out, max(3, round(h * 0.1)))


def tile_name_lines(name: str, width: int, most: int) -> list[str]:
    """An item's name on a tile `width` wide, on one line if it fits, else on up to `most` lines; only
    what still does not fit is cut with an ellipsis."""
    if most <= 1 or font("story", TILE_NAME_PX).size(name)[0] <= width:
        return [_clipped(name, "story", TILE_NAME_PX, width)]
    lines = wrap(name, "story", TILE_NAME_PX, width)
    if len(lines) > most:
        lines = lines[:most - 1] + [" ".join(lines[most - 1:])]
    return [_clipped(line, "story", TILE_NAME_PX, width) for line in lines]


def _clipped(text: str, role: str, px: int, width: int) -> str:
    """`text`, cut to fit `width` with an ellipsis when it does not."""
    face = font(role, px)
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


PROPHECY_STATES = ("sealed", "revealed", "fulfilled")


def prophecy(card: Card, width: int, state: str, title_px: int | None = None) -> pygame.Surface:
    """A prophecy: a scroll sealed with red wax (number only), revealed (title and text), or fulfilled
    (the revealed scroll dimmed under a green seal). Cached per card, width, state and size asked.
    `title_px` asks for the title in larger print (a small window): see `scroll_title_layout`."""
    if state not in PROPHECY_STATES:
        raise ValueError(f"prophecy state is one of {PROPHECY_STATES}, not {state!r}")
    asked = None if state == "sealed" else title_px  # a sealed scroll shows no title
    return _cached("prophecy", card, width, (state, asked), lambda: _prophecy(card, int(width), state, asked))


def scroll_body(width: int) -> pygame.Rect:
    """A revealed scroll's paper (`width` wide), between its two rods."""
    h = card_height(width, RATIO)
    return pygame.Rect(round(width * 0.12), round(h * 0.06), round(width * 0.76), round(h * 0.94 - h * 0.06))


def scroll_seal(width: int, title_px: int | None = None) -> tuple[tuple[float, float], float, float]:
    """A revealed scroll's number seal: its centre, radius and the number's share of the radius. A
    title asked larger (a small window) grows the seal as much and fills it with its number (16 px
    read as 8 px at 1024x768)."""
    body = scroll_body(width)
    centre = (body.right - width * 0.08, body.bottom - width * 0.12)
    designed = scroll_title_designed_px(width)
    if title_px is None or title_px <= designed:
        return centre, width * 0.08, 1.3
    return centre, width * 0.08 * title_px / designed, 1.6


def scroll_title_patch(width: int, title_px: int | None = None) -> pygame.Rect:
    """The paper of a revealed scroll that its title may fill: between the upper rod and the seal."""
    body = scroll_body(width)
    rod = max(4, round(width * 0.1))
    top = body.y + rod // 2 + 2
    (_, seal_y), seal_r, _ = scroll_seal(width, title_px)
    seal_top = round(seal_y - seal_r) - 2
    return pygame.Rect(body.x, top, body.width, seal_top - top)


def scroll_title_designed_px(width: int) -> int:
    """A scroll title's designed print: larger on a narrow scroll, which shows no text under it."""
    return max(8, round(width * (0.125 if width < 200 else 0.1)))


def scroll_title_layout(title: str, width: int, title_px: int | None = None) -> tuple[int, list[str]]:
    """A scroll's title print and lines: as designed (`scroll_title_lines`: three lines, shrinking to
    fit), or, asked a larger `title_px`, in the largest print up to it whose whole-word lines (four at
    most) and the rule under them keep above the seal."""
    base_px = scroll_title_designed_px(width)
    body = scroll_body(width)
    if title_px is not None and title_px > base_px:
        room = scroll_title_patch(width, title_px).bottom - round(body.y + width * 0.1) - 8  # the rule goes under it
        grown = largest_whole_lines(title, "story", title_px, base_px, round(body.width * 0.9), room, 4)
        if grown is not None:
            return grown
    return scroll_title_lines(title, base_px, round(body.width * 0.9))


def _scroll_shape(out: pygame.Surface, w: int, h: int, top: float, bottom: float) -> pygame.Rect:
    body = pygame.Rect(round(w * 0.12), round(top), round(w * 0.76), round(bottom - top))
    paper = _parchment(body.size, 77)
    out.blit(paper, body)
    for y in (body.top, body.bottom):  # the rolled ends
        rod = pygame.Rect(0, 0, round(w * 0.88), max(4, round(w * 0.1)))
        rod.center = (w // 2, y)
        rounded_rect(out, rod, (*P.shade(P.LA_PARCHMENT_DARK, -0.1), 255), rod.height // 2)
        rounded_rect(out, rod.inflate(-rod.width * 0.1, -rod.height * 0.5), (*P.shade(P.LA_PARCHMENT, 0.15), 255),
                     rod.height // 4)
        aa_circle(out, (rod.left + rod.height * 0.3, y), rod.height * 0.45, (*P.LA_WOOD, 255))
        aa_circle(out, (rod.right - rod.height * 0.3, y), rod.height * 0.45, (*P.LA_WOOD, 255))
    return body


def scroll_title_lines(title: str, px: int, width: int, most: int = 3) -> tuple[int, list[str]]:
    """A scroll's title in at most `most` lines of `width`, no word split between lines: the print
    shrinks (to 3/4 of `px` at least) until every word fits, and a title still too long ends its
    last line with an ellipsis ("The Cartographer'/s Last" lost its word and its end)."""
    smallest = max(8, round(px * 0.75))
    face_px = px
    while True:
        face = font("story", face_px)
        lines = wrap(title, "story", face_px, width)
        words_whole = all(face.size(word)[0] <= width for word in title.split())
        if (words_whole and len(lines) <= most) or face_px <= smallest:
            break
        face_px -= 1
    if len(lines) > most:
        last = lines[most - 1].split()
        while len(last) > 1 and font("story", face_px).size(" ".join(last) + "…")[0] > width:
            last.pop()
        lines = lines[:most - 1] + [" ".join(last).rstrip(",;:") + "…"]
    return face_px, lines


def _prophecy(card: Card, w: int, state: str, title_px: int | None) -> pygame.Surface:
    h = card_height(w, RATIO)
    out = surface((w, h))
    number = card.get("number", "")
    if state == "sealed":
        body = _scroll_shape(out, w, h, h * 0.22, h * 0.78)
        ribbon = pygame.Rect(0, 0, round(w * 0.1), body.height)
        ribbon.center = body.center
        out.fill((*P.shade(P.LA_ARROW_RED, -0.2), 255), ribbon)
        _number_seal(out, number, body.center, w * 0.17)
        label = outlined_text("PROPHECY", "display", max(8, round(w * 0.12)), P.LA_SEPIA, P.LA_PARCHMENT,
                              max(1, round(w * 0.012)))
        out.blit(label, label.get_rect(midbottom=(w // 2, round(body.bottom - w * 0.08))))
        return out
    body = _scroll_shape(out, w, h, h * 0.06, h * 0.94)
    title = str(card.get("title", ""))
    y = body.top + w * 0.1
    # a scroll too narrow for its text in readable print shows its title larger instead (the text
    # is read in the caption and the story); the rule goes under the last line, never through it
    tpx, lines = scroll_title_layout(title, w, title_px)
    step = font("story", tpx).get_linesize() * 0.92
    for line in lines:
        img = text_surface(line, "story", tpx, P.LA_ARROW_RED)
        out.blit(img, img.get_rect(midtop=(w // 2, round(y))))
        y += step
    y += tpx * 0.25
    pygame.draw.line(out, (*P.shade(P.LA_SEPIA, 0.35), 255), (body.left + w * 0.08, y + 2), (body.right - w * 0.08, y + 2), 1)
    if w >= 200:
        ppx = max(8, round(w * 0.065))
        for line in wrap(str(card.get("text", "")), "story-italic", ppx, round(body.width * 0.86)):
            if y + ppx * 2.2 > body.bottom:
                break
            img = text_surface(line, "story-italic", ppx, P.LA_SEPIA)
            out.blit(img, img.get_rect(midtop=(w // 2, round(y + w * 0.03))))
            y += img.get_height() * 0.95
    seal_centre, seal_r, number_share = scroll_seal(w, title_px)
    _number_seal(out, number, seal_centre, seal_r, number_share=number_share)
    if state == "fulfilled":
        inside = _alpha_mask_of(out)
        veil = surface((w, h))
        veil.fill((40, 30, 20, 90))
        out.blit(veil, (0, 0), special_flags=0)
        stamp = outlined_text("FULFILLED", "display", max(8, round(w * 0.2)), P.GOOD, P.shade(P.GOOD, -0.6),
                              max(1, round(w * 0.01)))
        stamp = pygame.transform.rotozoom(stamp, 18, 1.0)
        out.blit(stamp, stamp.get_rect(center=(w // 2, h // 2)))
        out.blit(inside, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def prophecy_strip(card: Card, size: tuple[int, int], state: str, title_px: int | None = None) -> pygame.Surface:
    """A prophecy as a strip of a tray holding more scrolls than fit side by side: its wax seal and
    number, then its title once revealed (ticked off once fulfilled), in print of at least 20 px.
    `title_px` asks for larger print (a small window): see `strip_title_layout`."""
    return _cached("prophecy-strip", card, size[0], (size[1], state, title_px),
                   lambda: _prophecy_strip(card, (int(size[0]), int(size[1])), state, title_px))


def strip_seal(size: tuple[int, int], title_px: int | None = None) -> tuple[float, float, int]:
    """A strip's wax seal: its centre's x, its radius and its number's print. Asked for larger print
    (a small window), the seal grows to most of the strip's height, nearer the rolled end, and its
    number is at least the print asked (a 34 px strip's 20 px number read as 10 px at 1024x768)."""
    w, h = size
    rod = max(3, round(h * 0.12))
    if not _strip_tick_on_seal(title_px):
        r = h * 0.36
        return rod + 6 + r, r, max(8, round(r * 1.3))
    assert title_px is not None
    r = max(h * 0.36, min(h * 0.47, title_px / 1.6))
    return rod + 3 + r, r, max(title_px, round(r * 1.6))


def _strip_words_room(size: tuple[int, int], state: str, title_px: int | None = None) -> tuple[int, int]:
    """The left and right ends of a strip's words: after the seal, before the rod (and the tick of a
    fulfilled one, unless it sits on the seal, as it does in larger print)."""
    w, h = size
    rod = max(3, round(h * 0.12))
    seal_x, r, _ = strip_seal(size, title_px)
    if _strip_tick_on_seal(title_px):
        return round(seal_x + r + 7), w - rod - 5
    right = w - rod - 8 - (round(h * 0.5) + 6 if state == "fulfilled" else 0)
    return round(seal_x + r + 10), right


def _strip_tick_on_seal(title_px: int | None) -> bool:
    """A strip asked for larger print (a small window) sets a fulfilled one's tick on its seal, so
    the title keeps the room the tick took at the strip's end ("The Robin" read as 11 px there)."""
    return title_px is not None and title_px > TILE_NAME_PX


def strip_title_layout(card: Card, size: tuple[int, int], state: str, title_px: int | None
                       ) -> tuple[pygame.Rect, int, str] | None:
    """A strip's words in larger print (`title_px` asked, a small window): where they lie, the print
    (the size asked, or the strip's height less 6 where that is lower) and the words ("Sealed
    prophecy", or "Sealed" where that is too long; a title too long for its one line is cut with an
    ellipsis, never set smaller: the caption under the map reads it whole when it has the focus);
    None where 20 px stays."""
    if title_px is None or title_px <= TILE_NAME_PX:
        return None
    w, h = size
    left, right = _strip_words_room(size, state, title_px)
    px = min(title_px, h - 6)
    if px <= TILE_NAME_PX:
        return None
    if state == "sealed":
        role = "story-italic"
        words = "Sealed prophecy" if font(role, px).size("Sealed prophecy")[0] <= right - left else "Sealed"
    else:
        words, role = str(card.get("title", "")), "story"
    return pygame.Rect(left - 1, 2, right - left + 2, h - 4), px, _clipped(words, role, px, right - left)


def _prophecy_strip(card: Card, size: tuple[int, int], state: str, title_px: int | None) -> pygame.Surface:
    w, h = size
    out = _parchment((w, h), 317)
    rod = max(3, round(h * 0.12))  # the rolled ends of the scroll
    for x in (0, w - rod):
        out.fill((*P.shade(P.LA_PARCHMENT_DARK, 0.25), 255), (x, 0, rod, h))
    seal_x, r, number_px = strip_seal(size, title_px)
    colour = P.LA_ARROW_RED if state != "fulfilled" else P.shade(P.LA_SEPIA, 0.1)
    tick_on_seal = _strip_tick_on_seal(title_px)  # asked for larger print: the number fills its seal too
    _number_seal(out, card.get("number", ""), (seal_x, h / 2), r, colour, number_px / r)
    left, right = _strip_words_room(size, state, title_px)
    if state == "sealed":
        role, ink = "story-italic", P.shade(P.LA_SEPIA, 0.25)
        line = "Sealed prophecy" if font(role, TILE_NAME_PX).size("Sealed prophecy")[0] <= right - left else "Sealed"
    else:
        line, role, ink = str(card.get("title", "")), "story", P.LA_ARROW_RED
    if state == "fulfilled":
        if tick_on_seal:  # across the seal's lower right, on a rim of paper so it reads over the wax
            tick = round(r * 1.15)
            cx, cy = seal_x + r * 0.4, h / 2 + r * 0.35
        else:  # at the strip's end: `_strip_words_room` keeps the words clear of it
            tick = round(h * 0.5)
            cx, cy = w - rod - 8 - tick / 2, h / 2
        points = [(cx - tick * 0.42, cy), (cx - tick * 0.1, cy + tick * 0.32), (cx + tick * 0.45, cy - tick * 0.36)]
        thickness = max(3, round(tick * 0.16))
        if tick_on_seal:
            pygame.draw.lines(out, P.shade(P.LA_PARCHMENT, 0.2), False, points, thickness + 4)
        pygame.draw.lines(out, P.shade(P.GOOD, -0.3), False, points, thickness)
        ink = P.shade(P.GOOD, -0.45)
    grown = strip_title_layout(card, size, state, title_px)
    if grown is not None:
        image = text_surface(grown[2], role, grown[1], ink)
    else:
        image = text_surface(_clipped(line, role, TILE_NAME_PX, right - left), role, TILE_NAME_PX, ink)
    out.blit(image, image.get_rect(midleft=(left, h // 2 + 1)))
    rounded_rect(out, (1, 1, w - 2, h - 2), (*P.LA_SEPIA, 160), max(3, round(h * 0.12)), 1)
    return clip_round(out, max(3, round(h * 0.14)))


def _alpha_mask_of(image: pygame.Surface) -> pygame.Surface:
    """Keeps a veil drawn over a transparent-cornered picture inside the picture."""
    mask = pygame.mask.from_surface(image, 8)
    return mask.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(255, 255, 255, 0))


@lru_cache(maxsize=32)
def favour_token(lit: bool, size: int) -> pygame.Surface:
    """A favour: a round token with a flame, lit (coloured, glowing) or dark (spent)."""
    s = int(size)
    out = surface((s, s))
    c = s / 2
    if lit:
        glow = radial_alpha(s, P.LA_FAVOUR_LIT, 120, 1.6)
        out.blit(glow, (0, 0))
    disc = P.hex_colour("#5A1E12") if lit else P.hex_colour("#26242A")
    rim = P.BRASS if lit else P.shade(P.LA_FAVOUR_DARK, -0.1)
    aa_circle(out, (c, c), s * 0.4, (*disc, 255))
    aa_circle(out, (c, c), s * 0.4, (*rim, 255), max(1, round(s * 0.04)))
    if lit:
        paint(out, "flame", (c, c), round(s * 0.52), (*P.LA_FAVOUR_LIT, 255))
        paint(out, "flame", (c, c + s * 0.06), round(s * 0.26), (*P.hex_colour("#FFE9A0"), 255))
    else:
        paint(out, "flame", (c, c), round(s * 0.52), (*P.LA_FAVOUR_DARK, 255))
    return out


@lru_cache(maxsize=16)
def card_back(width: int) -> pygame.Surface:
    """The generic back of the Labyrinth decks (portrait): stone, a maze emblem under torch light."""
    w, h = int(width), card_height(int(width), RATIO)
    out = _stone((w, h), 21)
    glow = radial_alpha(round(w * 1.3), P.LA_TORCH, 80, 1.6)
    out.blit(glow, glow.get_rect(center=(w // 2, round(h * 0.45))))
    cx, cy = w / 2, h * 0.45
    for i in range(5):  # concentric maze rings with gaps
        r = w * (0.08 + i * 0.07)
        gap = (i * 1.7) % (2 * math.pi)
        rect = pygame.Rect(cx - r, cy - r, 2 * r, 2 * r)
        pygame.draw.arc(out, (*P.LA_TORCH, 255), rect, gap + 0.5, gap + 2 * math.pi - 0.2, max(2, round(w * 0.02)))
    aa_circle(out, (cx, cy), w * 0.045, (*P.LA_TORCH, 255))
    title = text_surface("THE LABYRINTH", "display", max(8, round(w * 0.13)), P.LA_TORCH)
    out.blit(title, title.get_rect(midbottom=(w // 2, round(h - w * 0.1))))
    m = round(w * 0.04)
    rounded_rect(out, (m, m, w - 2 * m, h - 2 * m), (*P.LA_TORCH, 160), round(w * 0.05), max(1, round(w * 0.01)))
    return clip_round(out, max(3, round(w * 0.06)))
