"""Low-level drawing helpers shared by the card modules: gradients, antialiased shapes by
supersampling, rounded masks, glows and noise. Everything here is deterministic."""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Callable, Sequence

import pygame

from .fonts import font, text_surface
from .palette import Colour

SUPERSAMPLE = 4  # shapes are drawn this many times larger, then smooth-scaled down (antialiasing)

Point = tuple[float, float]


def card_height(width: int, ratio: float = 1.4) -> int:
    """Height of a 5:7 card (or another ratio) for a width."""
    return max(1, round(width * ratio))


def same_pixel_format(one: pygame.Surface, other: pygame.Surface) -> bool:
    """Whether a raw copy of pixel values between the two surfaces keeps their colours (and a blit
    between them is a plain copy)."""
    return one.get_bitsize() == other.get_bitsize() and one.get_masks() == other.get_masks()


def surface(size: tuple[int, int]) -> pygame.Surface:
    """A transparent per-pixel-alpha surface (works without a display mode)."""
    return pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)


def vgradient(size: tuple[int, int], stops: Sequence[tuple[float, Colour]]) -> pygame.Surface:
    """Vertical gradient through colour stops [(0.0, top), ..., (1.0, bottom)]."""
    w, h = max(1, size[0]), max(1, size[1])
    column = pygame.Surface((1, h))
    for y in range(h):
        t = y / max(1, h - 1)
        for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
            if t0 <= t <= t1:
                f = (t - t0) / (t1 - t0) if t1 > t0 else 0.0
                column.set_at((0, y), tuple(round(c0[i] + (c1[i] - c0[i]) * f) for i in range(3)))
                break
        else:
            column.set_at((0, y), stops[-1][1] if t > stops[-1][0] else stops[0][1])
    return pygame.transform.scale(column, (w, h))


RADIAL_GRID = 64  # glows are computed on this many pixels a side, then smooth-scaled to their size


@lru_cache(maxsize=64)
def radial_alpha(diameter: int, colour: Colour, peak_alpha: int = 255, falloff: float = 2.0) -> pygame.Surface:
    """A round glow: `colour` with alpha fading from `peak_alpha` at the centre to 0 at the rim.

    Computed on a small grid and smooth-scaled, so large glows stay cheap."""
    return pygame.transform.smoothscale(_radial_grid(tuple(colour), peak_alpha, falloff),
                                        (max(1, diameter), max(1, diameter)))


@lru_cache(maxsize=64)
def _radial_grid(colour: Colour, peak_alpha: int, falloff: float) -> pygame.Surface:
    """The small grid of one glow, shared by all its sizes (a screen of Labyrinth cards asks for a
    dozen sizes of the same torch light: the grid was computed each time, 6 ms apiece)."""
    n = RADIAL_GRID
    r = (n - 1) / 2
    pixels = bytearray(n * n * 4)
    red, green, blue = colour[0], colour[1], colour[2]
    for y in range(n):
        for x in range(n):
            d = math.hypot(x - r, y - r) / r
            if d < 1:
                i = (y * n + x) * 4
                pixels[i:i + 4] = bytes((red, green, blue, int(peak_alpha * (1 - d) ** falloff)))
    small = surface((n, n))
    small.blit(pygame.image.frombytes(bytes(pixels), (n, n), "RGBA"), (0, 0))
    return small


@lru_cache(maxsize=16)
def noise_tile(size: int, seed: int, strength: int) -> pygame.Surface:
    """A tileable grain texture: grey pixels with alpha up to `strength`, light and dark mixed."""
    rng = random.Random(seed)
    tile = surface((size, size))
    for y in range(size):
        for x in range(size):
            v = rng.random()
            if v < 0.5:
                tile.set_at((x, y), (0, 0, 0, int(strength * (0.5 - v) * 2)))
            else:
                tile.set_at((x, y), (255, 255, 255, int(strength * (v - 0.5) * 2)))
    return tile


def tile_over(target: pygame.Surface, tile: pygame.Surface) -> None:
    """Repeat `tile` over the whole target (alpha-blended)."""
    tw, th = tile.get_size()
    w, h = target.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            target.blit(tile, (x, y))


@lru_cache(maxsize=128)
def rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    """White opaque rounded rectangle with antialiased corners on transparent; apply with `clip_round`."""
    w, h = size
    s = SUPERSAMPLE
    big = surface((w * s, h * s))
    pygame.draw.rect(big, (255, 255, 255, 255), big.get_rect(), border_radius=radius * s)
    return pygame.transform.smoothscale(big, (w, h))


def clip_round(target: pygame.Surface, radius: int) -> pygame.Surface:
    """Cut `target` (SRCALPHA) to a rounded rectangle in place, and return it."""
    target.blit(rounded_mask(target.get_size(), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return target


def aa_shape(size: tuple[int, int], painter: Callable[[pygame.Surface, float], None]) -> pygame.Surface:
    """Antialiased drawing: `painter(big_surface, scale)` draws in coordinates multiplied by
    `scale`; the result is smooth-scaled down to `size`."""
    w, h = max(1, size[0]), max(1, size[1])
    s = SUPERSAMPLE
    big = surface((w * s, h * s))
    painter(big, float(s))
    return pygame.transform.smoothscale(big, (w, h))


def scaled(points: Sequence[Point], k: float, dx: float = 0.0, dy: float = 0.0) -> list[tuple[float, float]]:
    return [((x + dx) * k, (y + dy) * k) for x, y in points]


def rounded_rect(target: pygame.Surface, rect: pygame.Rect | tuple[int, int, int, int], colour: tuple[int, ...],
                 radius: int, width: int = 0) -> None:
    """Antialiased rounded rectangle (filled, or an outline of `width`)."""
    r = pygame.Rect(rect)
    target.blit(rounded_rect_layer(r.size, colour, radius, width), r.topleft)


def rounded_rect_layer(size: tuple[int, int], colour: tuple[int, ...], radius: int, width: int = 0) -> pygame.Surface:
    """A rounded rectangle on transparent, as `aa_shape` draws it: only the four corners are drawn
    supersampled (a small square cut in quarters), the straight parts are filled at full size, so a
    panel as wide as the screen costs what a small one does (the whole 16x-sized surface took tens of
    milliseconds the first time a menu opened)."""
    w, h = max(1, size[0]), max(1, size[1])
    corner = max(int(radius), int(width), 1)  # the square each corner's curve (and edge) fits in
    if w < 2 * corner + 1 or h < 2 * corner + 1:  # no straight part between the corners
        return aa_shape((w, h), lambda big, k: pygame.draw.rect(
            big, colour, big.get_rect(), width=round(width * k), border_radius=round(radius * k)))
    side = 2 * corner + 1  # odd: one straight pixel between the quarters, so the curves are whole
    corners = aa_shape((side, side), lambda big, k: pygame.draw.rect(
        big, colour, big.get_rect(), width=round(width * k), border_radius=round(radius * k)))
    layer = surface((w, h))
    for cx, cy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        area = pygame.Rect(cx * (corner + 1), cy * (corner + 1), corner, corner)
        layer.blit(corners, (cx * (w - corner), cy * (h - corner)), area, special_flags=pygame.BLEND_RGBA_MAX)
    if width <= 0:
        layer.fill(colour, (corner, 0, w - 2 * corner, h))
        layer.fill(colour, (0, corner, w, h - 2 * corner))
    else:
        for strip in ((corner, 0, w - 2 * corner, width), (corner, h - width, w - 2 * corner, width),
                      (0, corner, width, h - 2 * corner), (w - width, corner, width, h - 2 * corner)):
            layer.fill(colour, strip)
    return layer


def aa_circle(target: pygame.Surface, centre: Point, radius: float, colour: tuple[int, ...], width: int = 0) -> None:
    """Antialiased circle (filled or ring)."""
    d = int(math.ceil(radius * 2)) + 4
    ox, oy = centre[0] - d / 2, centre[1] - d / 2
    ix, iy = math.floor(ox), math.floor(oy)
    fx, fy = ox - ix, oy - iy
    layer = aa_shape((d, d), lambda big, k: pygame.draw.circle(
        big, colour, ((d / 2 + fx) * k, (d / 2 + fy) * k), radius * k, round(width * k)))
    target.blit(layer, (ix, iy))


def aa_polygon(target: pygame.Surface, points: Sequence[Point], colour: tuple[int, ...]) -> None:
    """Antialiased filled polygon."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = math.floor(min(xs)) - 1, math.floor(min(ys)) - 1
    w, h = math.ceil(max(xs)) - x0 + 2, math.ceil(max(ys)) - y0 + 2
    layer = aa_shape((w, h), lambda big, k: pygame.draw.polygon(big, colour, scaled(points, k, -x0, -y0)))
    target.blit(layer, (x0, y0))


def drop_shadow(size: tuple[int, int], radius: int, blur: int = 8, alpha: int = 120) -> pygame.Surface:
    """A soft shadow for a rounded rectangle of `size`; it is `blur` px larger on each side."""
    return _drop_shadow(size, radius, blur, alpha)


@lru_cache(maxsize=64)
def _drop_shadow(size: tuple[int, int], radius: int, blur: int, alpha: int) -> pygame.Surface:
    w, h = size
    # blur at half resolution: a quarter of the pixels, and the upscale smooths it further
    k = 2 if blur >= 4 else 1
    pad = blur
    small = surface(((w + 2 * pad) // k, (h + 2 * pad) // k))
    pygame.draw.rect(small, (0, 0, 0, alpha), (pad // k, pad // k, w // k, h // k), border_radius=max(0, radius // k))
    if blur > 0:
        small = pygame.transform.gaussian_blur(small, max(1, blur // (2 * k)), repeat_edge_pixels=False)
    return pygame.transform.smoothscale(small, (w + 2 * pad, h + 2 * pad))


def text_with_shadow(text: str, role: str, px: int, colour: tuple[int, ...],
                     shadow: tuple[int, ...] = (0, 0, 0, 140), offset: int | None = None) -> pygame.Surface:
    """Text with a soft offset shadow beneath it, for reading on busy pictures."""
    front = text_surface(text, role, px, colour)
    off = offset if offset is not None else max(1, px // 18)
    back = font(role, px).render(text, True, shadow[:3])
    back.set_alpha(shadow[3] if len(shadow) > 3 else 140)
    out = surface((front.get_width() + off, front.get_height() + off))
    out.blit(back, (off, off))
    out.blit(front, (0, 0))
    return out


def outlined_text(text: str, role: str, px: int, colour: tuple[int, ...], outline: tuple[int, ...],
                  thickness: int) -> pygame.Surface:
    """Text with a solid outline around the glyphs (legible on any background)."""
    face = font(role, px)
    front = face.render(text, True, colour)
    edge = face.render(text, True, outline[:3])
    t = max(1, thickness)
    out = surface((front.get_width() + 2 * t, front.get_height() + 2 * t))
    for dx in range(-t, t + 1):
        for dy in range(-t, t + 1):
            if dx * dx + dy * dy <= t * t + 1:
                out.blit(edge, (t + dx, t + dy))
    out.blit(front, (t, t))
    return out


def blit_centered(target: pygame.Surface, image: pygame.Surface, centre: Point) -> pygame.Rect:
    rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
    target.blit(image, rect)
    return rect


def tint(image: pygame.Surface, colour: Colour) -> pygame.Surface:
    """A copy of `image` with its RGB multiplied by `colour` (alpha kept)."""
    out = image.copy()
    out.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def greyscale(image: pygame.Surface) -> pygame.Surface:
    """Greyscale copy (checks that a design still reads without colour)."""
    return pygame.transform.grayscale(image)
