"""The Labyrinth's map: a camera that zooms to fit the placed scenery as the map grows, scenery
tiles that drop in and flip, interaction cards grouped beside their scenery, and the hero meeple.
A scenery's stack of FAN_FROM or more interaction cards (six at the Thornwood Maze's heart) overlaps
too much to touch one card: it opens into a fan (FanLayout) on the canvas, beside the scenery.

Everything on the map lives in "map space" (the grid times a fixed pitch at a 380 px tile); the
camera turns that into canvas pixels. Card images are rendered once at their base width by the look
kit and scaled through the shared TransformCache (scales quantised), never per frame.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import pygame

from game.ui.look import palette as P
from game.ui.look.cards_labyrinth import (SCENERY_RATIO, arrow_label, arrow_label_px, arrow_label_spots,
                                         interaction_back, scenery_arrow_size, scenery_back,
                                         scenery_back_number_band, scenery_face)
from game.ui.look.draw import aa_circle, aa_polygon, radial_alpha, surface as alpha_surface
from game.ui.sprites import TRANSFORMS, blit_faded
from game.ui.tween import Animated, ease_in_quad, ease_out_back, ease_out_cubic

Pos = tuple[float, float]

BASE_TILE_W = 380
BASE_TILE_H = round(BASE_TILE_W * SCENERY_RATIO)
GAP_X = 0.24  # room at the right of each tile for its interaction cards
GAP_Y = 0.08
PITCH_X = BASE_TILE_W * (1 + GAP_X)
PITCH_Y = BASE_TILE_H * (1 + GAP_Y)
INTER_BASE_W = 150  # interaction backs are rendered once at this width
INTER_MAP_W = 104  # ... and drawn this wide beside a tile at camera scale 1
INTER_MAP_H = round(INTER_MAP_W * 1.4)
MAX_SCALE = 1.0
MIN_SCALE = 0.25  # the farthest a player may zoom out (wheel, pinch): the whole of a big map
READABLE_SCALE = 0.42  # the farthest the camera zooms out by itself at 1080p: card titles stay ~14 px, pictures clear
ARROW_LABEL_SCREEN_PX = 16  # a face-down card's arrow numbers never show smaller on the screen (they were
#                             printed into the card: 11 px at the zoom the map fits itself to, 6 px zoomed out)
ARROW_LABEL_MOST = 0.25  # ... nor larger than this share of the card's height (they would cover its number)
MEEPLE_BASE = 96
MIN_TOUCH = 64
KEEP_IN_VIEW = 0.5  # a pan or zoom keeps at least this share of the map (or of the view, if smaller) in sight


class Camera:
    """Map space to canvas: `scale` and the map point shown at the centre of `rect`, both tweened."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = Animated(MAX_SCALE)
        self.centre = Animated((0.0, 0.0))
        self.manual = False  # the player zoomed or panned: keep it until the map grows
        self.bounds: tuple[float, float, float, float] | None = None  # the map-space box of the last fit
        self.pixel_scale = 1.0  # real window pixels per canvas pixel (the letterbox's scale)

    def readable_floor(self) -> float:
        """The farthest the camera zooms out by itself: READABLE_SCALE is for a 1080p window; a smaller
        window shows every canvas pixel smaller, so the floor rises until the titles read as large in
        real pixels (~14 px at 1080p, >= 13 px at 720p). A bigger window keeps the 1080p floor."""
        return min(MAX_SCALE, READABLE_SCALE / min(1.0, max(0.1, self.pixel_scale)))

    def fit(self, bounds: tuple[float, float, float, float], seconds: float = 0.3,
            within: pygame.Rect | None = None, keep: Pos | None = None, floor: float | None = None) -> None:
        """Zoom and pan so the map-space box (left, top, right, bottom) fills `within` (a part of the
        view left free of what sits over the map; the whole view by default). A map too big to fit
        at `floor` (a scale at which the cards still read; `readable_floor` by default) is centred on
        `keep` (the hero) instead of on its middle, so the hero and the cards around it stay in sight
        and readable; the rest is panned to, or seen whole by zooming out."""
        left, top, right, bottom = bounds
        floor = self.readable_floor() if floor is None else floor
        self.bounds = (float(left), float(top), float(right), float(bottom))
        area = pygame.Rect(within) if within is not None else self.rect
        width, height = max(1.0, right - left), max(1.0, bottom - top)
        scale = max(floor, min(MAX_SCALE, area.width * 0.95 / width, area.height * 0.94 / height))
        cx, cy = (left + right) / 2, (top + bottom) / 2
        if keep is not None:  # an axis that does not fit: as near the hero as the map's edges allow
            half_w, half_h = area.width * 0.95 / 2 / scale, area.height * 0.94 / 2 / scale  # the fit's margins
            if right - left > 2 * half_w:
                cx = min(max(keep[0], left + half_w), right - half_w)
            if bottom - top > 2 * half_h:
                cy = min(max(keep[1], top + half_h), bottom - half_h)
        # the view's centre is the map point that lands at `area`'s centre, moved to the view's centre
        centre = (cx + (self.rect.centerx - area.centerx) / scale, cy + (self.rect.centery - area.centery) / scale)
        if seconds <= 0:
            self.scale.set(scale)
            self.centre.set(centre)
        else:
            self.scale.to(scale, seconds, ease_out_cubic)
            self.centre.to(centre, seconds, ease_out_cubic)
        self.manual = False

    def now(self, alpha: float = 1.0) -> tuple[float, Pos]:
        scale = float(self.scale.value_at(alpha))  # type: ignore[arg-type]
        centre = self.centre.value_at(alpha)
        return scale, (float(centre[0]), float(centre[1]))  # type: ignore[index]

    def to_screen(self, point: Pos, alpha: float = 1.0) -> Pos:
        scale, centre = self.now(alpha)
        return (self.rect.centerx + (point[0] - centre[0]) * scale, self.rect.centery + (point[1] - centre[1]) * scale)

    def to_map(self, point: Pos) -> Pos:
        scale, centre = self.now()
        return (centre[0] + (point[0] - self.rect.centerx) / scale, centre[1] + (point[1] - self.rect.centery) / scale)

    def clamp(self, centre: Pos, scale: float) -> Pos:
        """The nearest centre to `centre` at `scale` from which the map stays in sight: on each axis the
        view and the map's bounds (from the last `fit`) overlap by at least KEEP_IN_VIEW of the smaller
        of the two, so a map bigger than the view can be panned until its edge reaches the view's middle
        and a map smaller than the view keeps at least half of itself on screen. A plain clamp of the
        position, so dragging past the edge just holds the map there (no jitter, no spring)."""
        if self.bounds is None:
            return centre
        left, top, right, bottom = self.bounds
        half_w, half_h = self.rect.width / 2 / scale, self.rect.height / 2 / scale
        keep_x = KEEP_IN_VIEW * min(right - left, 2 * half_w)
        keep_y = KEEP_IN_VIEW * min(bottom - top, 2 * half_h)
        cx = min(max(centre[0], left - half_w + keep_x), right + half_w - keep_x)
        cy = min(max(centre[1], top - half_h + keep_y), bottom + half_h - keep_y)
        return (cx, cy)

    def zoom_at(self, point: Pos, factor: float, seconds: float = 0.12) -> None:
        """Zoom by `factor` keeping the map point under `point` where it is (mouse wheel), as far as
        the map stays in sight (zooming out at a corner slides the map back into view). A pinch
        zooms at once (`seconds` 0): its many small steps follow the fingers."""
        scale, _ = self.now()
        anchor = self.to_map(point)
        new = max(MIN_SCALE, min(MAX_SCALE * 1.6, scale * factor))
        centre = (anchor[0] - (point[0] - self.rect.centerx) / new, anchor[1] - (point[1] - self.rect.centery) / new)
        if seconds <= 0:
            self.scale.set(new)
            self.centre.set(self.clamp(centre, new))
        else:
            self.scale.to(new, seconds)
            self.centre.to(self.clamp(centre, new), seconds)
        self.manual = True

    def pan(self, dx: float, dy: float) -> None:
        scale, centre = self.now()
        # clamped for the scale shown now and for the one a running zoom ends at, so the map is in
        # sight both while the zoom plays and after it
        target = float(self.scale.target)  # type: ignore[arg-type]
        moved = self.clamp(self.clamp((centre[0] - dx / scale, centre[1] - dy / scale), scale), target)
        self.centre.set(moved)
        self.manual = True

    def show(self, box: tuple[float, float, float, float], within: pygame.Rect | None = None) -> None:
        """Pan just enough that a map-space box is on screen (keyboard focus left the view), inside
        `within` (the part of the view nothing covers: a grown caption lies over the map's foot; the
        whole view by default)."""
        scale, centre = self.now()
        area = self.rect if within is None else within
        left, top, right, bottom = box
        # how far from the view's centre the area reaches on each side, in map units
        reach_left, reach_right = (self.rect.centerx - area.left) / scale, (area.right - self.rect.centerx) / scale
        reach_up, reach_down = (self.rect.centery - area.top) / scale, (area.bottom - self.rect.centery) / scale
        cx, cy = centre
        if left < cx - reach_left:
            cx = left + reach_left
        elif right > cx + reach_right:
            cx = right - reach_right
        if top < cy - reach_up:
            cy = top + reach_up
        elif bottom > cy + reach_down:
            cy = bottom - reach_down
        if (cx, cy) != centre:
            self.centre.to((cx, cy), 0.2)

    def update(self, dt: float) -> None:
        self.scale.update(dt)
        self.centre.update(dt)
        if self.bounds is not None and not self.scale.moving and not self.centre.moving:
            # the bounds changed under a manual view (a tile went away): glide back into sight
            scale, centre = self.now()
            inside = self.clamp(centre, scale)
            if abs(inside[0] - centre[0]) > 0.5 or abs(inside[1] - centre[1]) > 0.5:
                self.centre.to(inside, 0.2)

    def keep_bounds(self, bounds: tuple[float, float, float, float]) -> None:
        """The map's box changed while the player holds the view: pans and zooms are kept to it."""
        self.bounds = (float(bounds[0]), float(bounds[1]), float(bounds[2]), float(bounds[3]))


def grid_centre(x: int, y: int) -> Pos:
    return (x * PITCH_X, y * PITCH_Y)


class Tile:
    """The top scenery card of one grid square. Flips swap the card dict at the narrowest point."""

    def __init__(self, number: int, x: int, y: int, entry: dict[str, Any]) -> None:
        self.number = number
        self.x, self.y = x, y
        self.entry = dict(entry)
        self.squash = Animated(1.0)
        self.pop = Animated(1.0)
        self.alpha = Animated(255.0)
        self.shake = Animated(0.0)
        self._next: dict[str, Any] | None = None
        self.removed = False
        self.label_rects: list[pygame.Rect] = []  # where the arrows' numbers were last drawn (canvas px)

    @property
    def face_up(self) -> bool:
        return self.entry.get("face") == "up"

    @property
    def centre(self) -> Pos:
        return grid_centre(self.x, self.y)

    def box(self) -> tuple[float, float, float, float]:
        cx, cy = self.centre
        return (cx - BASE_TILE_W / 2, cy - BASE_TILE_H / 2, cx + BASE_TILE_W / 2 + INTER_MAP_W * 0.7,
                cy + BASE_TILE_H / 2)

    def image(self) -> pygame.Surface:
        """The card as the map scales it: a face-down one without its arrows' numbers (`draw` sets them)."""
        if self.face_up:
            return scenery_face(self.entry, BASE_TILE_W)
        return scenery_back(self.entry, BASE_TILE_W, arrow_labels=False)

    def drop_in(self, delay: float = 0.0) -> None:
        """A newly placed card: falls onto the table from a little above, fading in."""
        self.pop.set(1.25)
        self.pop.to(1.0, 0.26, ease_out_back, delay)
        self.alpha.set(0.0)
        self.alpha.to(255.0, 0.18, ease_out_cubic, delay)

    def turn_to(self, entry: dict[str, Any], seconds: float = 0.18) -> None:
        """Flip to another card dict (face down -> face up, or a covering card)."""
        if entry == self.entry and self._next is None:
            return
        self._next = dict(entry)
        half = seconds / 2
        self.squash.to(0.0, half, ease_in_quad).then(1.0, half, ease_out_cubic)

    def set_entry(self, entry: dict[str, Any]) -> None:
        if self._next is None:
            self.entry = dict(entry)
        else:
            self._next = dict(entry)

    def nudge(self) -> None:
        self.shake.set(1.0)
        self.shake.to(0.0, 0.35, ease_out_cubic)

    @property
    def busy(self) -> bool:
        return self._next is not None or self.squash.moving or self.pop.moving

    def update(self, dt: float) -> None:
        for animated in (self.squash, self.pop, self.alpha, self.shake):
            animated.update(dt)
        if self._next is not None and float(self.squash.current) <= 1e-6:  # type: ignore[arg-type]
            self.entry, self._next = self._next, None

    def screen_rect(self, camera: Camera, alpha: float = 1.0) -> pygame.Rect:
        scale, _ = camera.now(alpha)
        cx, cy = camera.to_screen(self.centre, alpha)
        rect = pygame.Rect(0, 0, round(BASE_TILE_W * scale), round(BASE_TILE_H * scale))
        rect.center = (round(cx), round(cy))
        return rect

    def draw(self, target: pygame.Surface, camera: Camera, alpha: float) -> pygame.Rect:
        scale, _ = camera.now(alpha)
        pop = float(self.pop.value_at(alpha))  # type: ignore[arg-type]
        squash = float(self.squash.value_at(alpha))  # type: ignore[arg-type]
        rect = self.screen_rect(camera, alpha)
        self.label_rects = []
        if squash <= 0.03:
            return rect
        image = TRANSFORMS.get(self.image(), 0.0, scale * pop, squash)
        shake = float(self.shake.value_at(alpha))  # type: ignore[arg-type]
        dx = math.sin(shake * 26) * 10 * shake * scale
        at = image.get_rect(center=(round(rect.centerx + dx), round(rect.centery - (pop - 1) * 80 * scale)))
        opacity = int(float(self.alpha.value_at(alpha)))  # type: ignore[arg-type]
        shadow = tile_shadow(image.get_size())
        target.blit(shadow, shadow.get_rect(center=(at.centerx + 5, at.centery + 8)))
        blit_faded(target, image, at, opacity)
        if not self.face_up and squash >= 0.999:  # (mid-flip they would slide over the squeezed card)
            self.draw_arrow_labels(target, at, camera.pixel_scale, opacity)
        return rect

    def draw_arrow_labels(self, target: pygame.Surface, at: pygame.Rect, pixel_scale: float, opacity: int) -> None:
        """The numbers beside a face-down card's arrows, over the card drawn at `at`: as the card prints
        them, or, where the map is zoomed out so far they would show under ARROW_LABEL_SCREEN_PX real
        pixels, at that size, set far enough inward to keep clear of their arrows; never over ARROW_LABEL_MOST
        of the card's height, where they would cover its own number (a small window zoomed right out;
        the caption names where the arrows lead)."""
        self.label_rects = []
        shown = at.width / BASE_TILE_W  # the card's scale as drawn (the transform cache's step)
        least = math.ceil(ARROW_LABEL_SCREEN_PX / max(0.1, pixel_scale))
        px = min(max(round(arrow_label_px(BASE_TILE_W) * shown), least), max(8, round(at.height * ARROW_LABEL_MOST)))
        arrow = scenery_arrow_size(BASE_TILE_W) * shown
        band_top, band_bottom = (at.y + y * shown for y in scenery_back_number_band(BASE_TILE_W))
        for direction, text, (x, y) in arrow_label_spots(self.entry, BASE_TILE_W):
            label = arrow_label(text, px)
            dx, dy = {"n": (0, 1), "s": (0, -1), "w": (1, 0), "e": (-1, 0)}[direction]  # inward
            reach = label.get_height() * 0.36 if dy else label.get_width() / 2  # a digit's half height or width
            inward = max(arrow * 1.9, arrow * 0.45 + reach + 2)
            centre = (at.x + x * shown + dx * inward, at.y + y * shown + dy * inward)
            if dy and (centre[1] + reach > band_top if dy > 0 else centre[1] - reach < band_bottom):
                # no room between the arrow and the card's number: beside the arrow, along the edge
                edge_y = at.y + y * shown
                centre = (at.x + x * shown + arrow * 1.3 + label.get_width() / 2,
                          max(edge_y, at.y + reach + 2) if dy > 0 else min(edge_y, at.bottom - reach - 2))
            spot = label.get_rect(center=(round(centre[0]), round(centre[1])))
            blit_faded(target, label, spot, opacity)
            self.label_rects.append(spot)


class InteractionOnMap:
    """An interaction card in play, drawn face down beside its scenery (LA-4b: usable from anywhere)."""

    def __init__(self, entry: dict[str, Any]) -> None:
        self.card = str(entry["card"])
        self.entry = dict(entry)
        self.number = int(entry["number"])
        self.slot = Animated((0.0, 0.0))  # map-space centre
        self.alpha = Animated(255.0)
        self.shake = Animated(0.0)
        self.hidden = False  # taken off the map while it is read
        self.fan_rect: pygame.Rect | None = None  # where it lies, in canvas pixels, while its stack is fanned out

    def back(self) -> pygame.Surface:
        shown = {k: self.entry[k] for k in ("number", "dots", "needs", "immediate") if k in self.entry}
        return interaction_back(shown, INTER_BASE_W)

    def nudge(self) -> None:
        self.shake.set(1.0)
        self.shake.to(0.0, 0.4, ease_out_cubic)

    def update(self, dt: float) -> None:
        self.slot.update(dt)
        self.alpha.update(dt)
        self.shake.update(dt)

    def screen_rect(self, camera: Camera, alpha: float = 1.0) -> pygame.Rect:
        if self.fan_rect is not None:
            return pygame.Rect(self.fan_rect)
        scale, _ = camera.now(alpha)
        cx, cy = camera.to_screen(self.slot.value_at(alpha), alpha)  # type: ignore[arg-type]
        rect = pygame.Rect(0, 0, round(INTER_MAP_W * scale), round(INTER_MAP_H * scale))
        rect.center = (round(cx), round(cy))
        return rect

    def hit_rect(self, camera: Camera) -> pygame.Rect:
        """At least a 64 px touch target, however far the map is zoomed out."""
        rect = self.screen_rect(camera)
        return rect.inflate(max(0, MIN_TOUCH - rect.width), max(0, MIN_TOUCH - rect.height))

    def draw(self, target: pygame.Surface, camera: Camera, alpha: float, lift: float = 0.0) -> pygame.Rect:
        rect = self.screen_rect(camera, alpha)
        if self.hidden or self.fan_rect is not None:  # a fanned card is drawn on its stack's panel
            return rect
        scale, _ = camera.now(alpha)
        image = TRANSFORMS.get(self.back(), 0.0, scale * INTER_MAP_W / INTER_BASE_W)
        shake = float(self.shake.value_at(alpha))  # type: ignore[arg-type]
        angle_dx = math.sin(shake * 30) * 8 * shake
        at = image.get_rect(center=(round(rect.centerx + angle_dx), round(rect.centery - lift)))
        shadow = tile_shadow(image.get_size())
        target.blit(shadow, shadow.get_rect(center=(at.centerx + 3, at.centery + 5)))
        blit_faded(target, image, at, int(float(self.alpha.value_at(alpha))))  # type: ignore[arg-type]
        return at


def interaction_slots(tile_centre: Pos, count: int) -> list[Pos]:
    """Map-space centres of `count` interaction cards standing along a tile's right edge."""
    if count <= 0:
        return []
    cx, cy = tile_centre
    x = cx + BASE_TILE_W / 2 + INTER_MAP_W * 0.12
    span = BASE_TILE_H + INTER_MAP_H * 0.15
    if count == 1:
        return [(x, cy)]
    step = min(INTER_MAP_H * 0.92, (span - INTER_MAP_H) / (count - 1) if count > 1 else 0)
    step = max(step, 26.0)
    top = cy - step * (count - 1) / 2
    return [(x + (i % 2) * 10, top + i * step) for i in range(count)]


FAN_FROM = 3  # a scenery's stack of this many interaction cards or more opens into a fan to be used
FAN_CARD_W = 160  # a fanned card's width at most (canvas px; a 720p window still shows it 107 px wide)
FAN_GAP = 16
FAN_PAD = 18
FAN_TITLE_H = 58  # room for the title and, under it, the focus's pointer above a card
FAN_READ_H = MIN_TOUCH  # the "Read" plate under a card whose text the table has read


class FanLayout:
    """Where a fanned-out stack sits on the canvas: its panel, each card, each card's Read plate and
    the panel's Close button. The panel lies below, above or beside its scenery (wherever there is room
    in `area`) and clear of the hero if it can be, so the cards are chosen beside the scenery they belong
    to."""

    def __init__(self, count: int, anchor: pygame.Rect, area: pygame.Rect, avoid: pygame.Rect | None = None) -> None:
        inner = area.width - 2 * FAN_PAD - 96  # room left for the Close button at the title's end
        self.card_w = max(MIN_TOUCH, min(FAN_CARD_W, (inner - FAN_GAP * (count - 1)) // max(1, count)))
        self.card_h = round(self.card_w * 1.4)
        width = max(count * self.card_w + FAN_GAP * (count - 1) + 2 * FAN_PAD, 420)
        height = FAN_PAD + FAN_TITLE_H + self.card_h + 10 + FAN_READ_H + FAN_PAD
        inside = area.inflate(-8, -8)
        spots = []  # below the scenery, above it, left or right of it, then against the bottom or top edge
        places = (("midtop", (anchor.centerx, anchor.bottom + 8)), ("midbottom", (anchor.centerx, anchor.top - 8)),
                  ("midright", (anchor.left - 8, anchor.centery)), ("midleft", (anchor.right + 8, anchor.centery)),
                  ("midbottom", (anchor.centerx, inside.bottom)), ("midtop", (anchor.centerx, inside.top)))
        for place, at in places:
            spot = pygame.Rect(0, 0, width, height)
            setattr(spot, place, at)
            spots.append(spot.clamp(inside) if width <= inside.width else spot)
        # the first spot that leaves the scenery in sight, and the hero (`avoid`) too if it can
        self.panel = min(spots, key=lambda r: (2 * r.colliderect(anchor) + (avoid is not None and r.colliderect(avoid)),
                                               spots.index(r)))
        row_w = count * self.card_w + FAN_GAP * (count - 1)
        left = self.panel.centerx - row_w // 2
        top = self.panel.y + FAN_PAD + FAN_TITLE_H
        step = self.card_w + FAN_GAP
        self.cards = [pygame.Rect(left + i * step, top, self.card_w, self.card_h) for i in range(count)]
        self.reads = [pygame.Rect(r.x, r.bottom + 10, r.width, FAN_READ_H) for r in self.cards]
        self.close = pygame.Rect(0, 0, 88, MIN_TOUCH)
        self.close.topright = (self.panel.right - 8, self.panel.y + 8)


def read_label(text: str, limit: int = 44) -> str:
    """A few words that tell a card from its neighbours once its top text was read: the text's first
    clause ("A broad man in a leather apron"), cut at a word."""
    first = text.strip()
    for stop in (". ", ", ", "; ", ": ", " - ", " – "):
        cut = first.find(stop)
        if 0 < cut:
            first = first[:cut]
    first = first.rstrip(".,;:")
    if len(first) <= limit:
        return first
    words = first[:limit].split()
    return " ".join(words[:-1]) + "…" if len(words) > 1 else first[:limit] + "…"


@lru_cache(maxsize=64)
def tile_shadow(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    out = alpha_surface((w + 16, h + 16))
    pygame.draw.rect(out, (0, 0, 0, 70), out.get_rect().inflate(-8, -8), border_radius=max(4, w // 20))
    pygame.draw.rect(out, (0, 0, 0, 60), out.get_rect().inflate(-16, -16), border_radius=max(4, w // 20))
    return out


@lru_cache(maxsize=8)
def meeple(size: int) -> pygame.Surface:
    """The hero: an amber meeple in its own torchlight, outlined so it reads on any card."""
    s = int(size)
    out = alpha_surface((s * 2, s * 2))
    glow = radial_alpha(s * 2, P.LA_TORCH, 110, 1.7)
    out.blit(glow, (0, 0))
    cx, cy = s, s

    def shape(grow: float) -> tuple[tuple[float, float], float, list[tuple[float, float]]]:
        head = (cx, cy - s * 0.3)
        body = [(cx - s * 0.46 - grow, cy - s * 0.06 - grow), (cx + s * 0.46 + grow, cy - s * 0.06 - grow),
                (cx + s * 0.2 + grow, cy + s * 0.08), (cx + s * 0.34 + grow, cy + s * 0.46 + grow),
                (cx, cy + s * 0.32), (cx - s * 0.34 - grow, cy + s * 0.46 + grow), (cx - s * 0.2 - grow, cy + s * 0.08)]
        return head, s * 0.19 + grow, body

    head, radius, body = shape(s * 0.05)
    aa_circle(out, head, radius, (40, 22, 10, 255))
    aa_polygon(out, body, (40, 22, 10, 255))
    head, radius, body = shape(0.0)
    aa_circle(out, head, radius, (*P.LA_TORCH, 255))
    aa_polygon(out, body, (*P.LA_TORCH, 255))
    aa_circle(out, (head[0] - radius * 0.3, head[1] - radius * 0.3), radius * 0.35, (255, 236, 190, 255))
    return out


@lru_cache(maxsize=32)
def reach_outline(size: tuple[int, int], radius: int, colour: tuple[int, int, int], width: int) -> pygame.Surface:
    """A glowing outline marking a scenery the hero may move to (cached per size and tone)."""
    w, h = size
    pad = 12
    out = alpha_surface((w + pad * 2, h + pad * 2))
    for i in range(pad, 0, -3):
        alpha = int(70 * (1 - i / pad)) + 10
        pygame.draw.rect(out, (*colour, alpha), pygame.Rect(pad - i, pad - i, w + 2 * i, h + 2 * i),
                         width=3, border_radius=radius + i)
    pygame.draw.rect(out, (*colour, 255), pygame.Rect(pad, pad, w, h), width=width, border_radius=radius)
    return out


@lru_cache(maxsize=32)
def veil(size: tuple[int, int], alpha: int, radius: int) -> pygame.Surface:
    out = alpha_surface(size)
    pygame.draw.rect(out, (8, 6, 10, alpha), out.get_rect(), border_radius=radius)
    return out
