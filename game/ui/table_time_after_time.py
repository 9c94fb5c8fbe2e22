"""The Time After Time table: seven "?" wells per player that fill with clock-face hours, the
right-hand neighbour's hand fanned face down to draw from, Ghosts revealed in a darkened room.

Where things are (1920x1080 canvas): the viewer at the bottom (row of 7 wells above a fanned hand),
the other seats around the top (2p: top; 3p: top-left, top-right; 4p: left, top, right, in
clockwise play order, so the right-hand neighbour sits to the right, RULING G-1), the revealed
card and the announcements in the centre, the draw pile and the action buttons bottom right, the
log bottom left.

The scene only animates and asks: what is legal comes from `self.legal`, every move goes through
`self.submit`. Events mutate the sprites as they play (a drawn card leaves its hand, flies to the
centre and flips); `on_view` then reconciles every sprite with the fresh view, so a missed or
redacted event can never leave the table wrong. Other hands are drawn from their sizes only:
a card entering another hand goes to its middle and the hand is shuffled on screen, because the
engine puts it at a secret position (nothing on screen may suggest where a Ghost sits).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

import pygame

from game.core.registry import find_game
from game.core.rng import Rng
from game.core.types import Action, Event
from game.rules.time_after_time import LEFT_END_HOUR, RIGHT_END_HOUR, hours_gone, stuck_gap
from game.session.base import Session, Update
from game.ui.chrome import CANVAS_H, CANVAS_W, dim_screen, draw_background, draw_hint_row, draw_menu_label
from game.ui.input import Intent
from game.ui.look import palette as P
from game.ui.look.cards_time_after_time import card_back, card_face, slot_well
from game.ui.look.draw import drop_shadow, radial_alpha, rounded_rect, surface as alpha_surface
from game.ui.look.fonts import fit_px, legible_px, log_tail_entries, text_surface, wrap, wrapped
from game.ui.look.table import card_shadow, focus_glow
from game.ui.sprites import CardSprite, fan_layout
from game.ui.table_base import TableSceneBase, draw_log_lines, log_type, touch_rect, whose_turn
from game.ui.tables import register_table
from game.ui.tips import offer_first_game_tips
from game.ui.tween import MOTION, Animated, ease_in_quad, ease_out_cubic, fade_envelope
from game.ui.widgets import Button, draw_focus, panel_surface

GAME_ID = "time-after-time"
SLOTS = 7
BASE_W = 170  # every face is rendered once at this width; sprites scale it down
BASE_H = round(BASE_W * 1.4)
HAND_W = 150  # ART.md: hand cards >= 140 px wide at 1080p
MY_SLOT_W = 118
MY_SLOT_GAP = 14
PICK_W = 118  # the fan and the lifted card fit between the prompt plate and "YOUR ROW"
BACK_W = 58  # other players' hands: small backs, only their count matters
REVEAL_W = BASE_W

MY_ROW_Y = 728
MY_HAND_Y = 948
MY_HAND_MAX_W = 1000
REVEAL_POS = (760.0, 505.0)
PICK_CENTRE = (960.0, 514.0)
PICK_PROMPT_Y = PICK_CENTRE[1] - 142  # the one-line prompt above the fan, clear of a lifted card
HERALD_RECT = pygame.Rect(870, 398, 450, 236)
PILE_POS = (1560.0, 905.0)
OUT_POS = (1800.0, 905.0)
OUT_RECT = pygame.Rect(1640, 946, 256, 72)  # the hours out of the game: beside the pile, above the hints
OUT_LINE = 24
FOUR_SEAT_FAN_LINE_W = 680  # between the side panels (x 588..1332) less the plate's margins
FAN_LINE_MIN_PX = 20  # ART.md small print
LOG_RECT = pygame.Rect(24, 664, 440, 392)
BUTTON_RECTS = (pygame.Rect(1476, 616, 420, 84), pygame.Rect(1476, 710, 420, 84))
MENU_RECT = pygame.Rect(24, 18, 150, 66)

MINE_SECONDS = 0.24  # ART.md: moves 180-260 ms
THEIRS_SECONDS = 0.4  # an opponent's move is slow enough to follow
FLIP_SECONDS = 0.18
HERALD_SECONDS = 2.8
HERALD_READ_SECONDS = 1.0  # an announcement stays up at least this long before the next may replace it
QUIET_EVENTS = ("place", "reorder")  # events that raise no announcement of their own
GHOST_DARKNESS = 150
LOG_LINES = 9
DROP_DRAW_DISTANCE = 70.0  # a picked card dragged this far from the fan is drawn

HOUR_WORDS = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve",
              13: "thirteen", 14: "fourteen", 15: "fifteen", 16: "sixteen", 17: "seventeen", 18: "eighteen",
              19: "nineteen", 20: "twenty", 21: "twenty-one", 22: "twenty-two"}

Pos = tuple[float, float]
Target = tuple[str, int]  # (zone, index): zones "pick", "row", "button", "hand", "pending"


def is_ghost(card: str | None) -> bool:
    return bool(card) and str(card).startswith("tt-ghost")


def hour_of(card: str) -> int:
    return int(card[3:5])


def card_label(card: str) -> str:
    return "a Ghost" if is_ghost(card) else f"{hour_of(card):02d}H00"


# --- cached drawing helpers ----------------------------------------------------------------------
@lru_cache(maxsize=32)
def slot_glow(size: tuple[int, int], colour: tuple[int, int, int], pad: int = 14) -> pygame.Surface:
    """A soft coloured halo with a solid outline around a well of `size` (a lit, legal slot)."""
    w, h = size[0] + 2 * pad, size[1] + 2 * pad
    out = alpha_surface((w, h))
    halo = drop_shadow((size[0] + 6, size[1] + 6), 12, pad - 3, 230).copy()
    halo.fill((*colour, 0), special_flags=pygame.BLEND_RGBA_ADD)
    out.blit(halo, halo.get_rect(center=(w // 2, h // 2)))
    rounded_rect(out, pygame.Rect(pad - 2, pad - 2, size[0] + 4, size[1] + 4), (*colour, 255), 10, 3)
    return out


@lru_cache(maxsize=32)
def slot_outline(size: tuple[int, int], colour: tuple[int, int, int], width: int = 3) -> pygame.Surface:
    """A solid rounded outline 4 px outside a well of `size`."""
    out = alpha_surface((size[0] + 8, size[1] + 8))
    rounded_rect(out, out.get_rect(), (*colour, 255), 12, width)
    return out


@lru_cache(maxsize=16)
def veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A dark rounded veil over an illegal slot (dimmed, not hidden)."""
    out = alpha_surface(size)
    rounded_rect(out, out.get_rect(), (4, 6, 12, alpha), max(3, size[0] // 16))
    return out


@lru_cache(maxsize=8)
def chevron(width: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A downward chevron drawn into a lit well: the slot is legal by shape, not only colour."""
    h = width // 2 + 4
    out = alpha_surface((width + 4, h + 4))
    pts = [(2, 2), (width // 2 + 2, h - 2), (width + 2, 2)]
    pygame.draw.lines(out, colour, False, pts, max(3, width // 8))
    return out


@lru_cache(maxsize=8)
def focus_pointer(width: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A filled downward triangle in the focused well, where the lit ones show an open chevron: to a
    red-green colour-blind eye the green lit wells and the brass focused one are the same yellow, so
    the focus is told by its shape too."""
    h = width // 2 + 4
    out = alpha_surface((width + 4, h + 4))
    pts = [(2, 2), (width // 2 + 2, h + 2), (width + 2, 2)]
    pygame.draw.polygon(out, (*colour, 255), pts)
    pygame.draw.polygon(out, (*P.INK, 255), pts, 2)
    return out


@lru_cache(maxsize=8)
def focus_outline(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    """The focused well's outline: a thick ring and a thin one inside it (a double line, where a lit
    well has one), so it stands out of a row of lit wells in greyscale as well as in colour."""
    out = alpha_surface((size[0] + 8, size[1] + 8))
    rounded_rect(out, out.get_rect(), (*colour, 255), 12, 4)
    rounded_rect(out, out.get_rect().inflate(-14, -14), (*colour, 255), 8, 2)
    return out


@lru_cache(maxsize=48)
def tilted_focus(size: tuple[int, int], angle: int) -> pygame.Surface:
    """The focus glow turned with a fanned card (whole degrees), so the ring hugs the card rather
    than standing upright around it."""
    glow = focus_glow(size, 10)
    return glow if angle == 0 else pygame.transform.rotozoom(glow, angle, 1.0)


def draw_card_focus(surface: pygame.Surface, sprite: CardSprite, alpha: float) -> None:
    rect = sprite.draw_rect(alpha)
    glow = tilted_focus(rect.size, round(float(sprite.angle.value_at(alpha))))  # type: ignore[arg-type]
    surface.blit(glow, glow.get_rect(center=rect.center))


@lru_cache(maxsize=4)
def ghost_icon(width: int) -> pygame.Surface:
    return card_face("tt-ghost-1", width)


@lru_cache(maxsize=4)
def pile_stack(width: int) -> pygame.Surface:
    """The draw pile: three offset backs with a shadow, rendered once."""
    back = pygame.transform.smoothscale(card_back(BASE_W), (width, round(width * 1.4)))
    out = alpha_surface((width + 24, round(width * 1.4) + 30))
    shadow = card_shadow(back.get_size())
    out.blit(shadow, (4, 14))
    for k in range(3):
        out.blit(back, (8 - k * 4, 12 - k * 5))
    return out


class Spark:
    """One confetti piece of the winner's celebration on the table."""

    __slots__ = ("x", "y", "vx", "vy", "life", "colour", "size")

    def __init__(self, rng: Rng, origin: Pos) -> None:
        self.x, self.y = origin[0] + (rng.random() - 0.5) * 600, origin[1] + (rng.random() - 0.5) * 40
        angle = math.pi * (0.15 + 0.7 * rng.random())
        speed = 380 + rng.random() * 520
        self.vx, self.vy = math.cos(angle) * speed, -math.sin(angle) * speed
        self.life = 1.6 + rng.random() * 1.2
        colours = (P.BRASS, P.BRASS_LIGHT, P.IVORY, P.TT_SKY[12][1], P.TT_SKY[18][1], P.TT_SKY[6][1])
        self.colour = colours[rng.below(len(colours))]
        self.size = 5 + rng.below(7)

    def update(self, dt: float) -> None:
        self.vy += 820 * dt
        self.x += self.vx * dt
        self.y += self.vy * dt
        self.life -= dt


@dataclass
class Herald:
    """An announcement in the centre: a big title ("14H00", "A GHOST!") and a few lines."""

    title: str
    lines: list[str]
    colour: tuple[int, int, int] = P.IVORY
    seconds: float = HERALD_SECONDS
    age: float = 0.0
    image: pygame.Surface | None = None
    ribbon: pygame.Surface | None = None
    brief: str = ""  # the one line shown above the pick fan ("" = title and first line)
    version: int | None = None  # the update (move) whose event raised it

    @property
    def done(self) -> bool:
        return self.age >= self.seconds

    def opacity(self) -> int:
        return fade_envelope(self.age, self.seconds, 0.15, 0.4)


@dataclass
class Geometry:
    """Where one seat's things sit on the canvas for the current viewer and seat count."""

    seat: int
    slots: list[pygame.Rect]
    hand_centre: Pos
    hand_card_w: int
    hand_max_w: float
    panel: pygame.Rect | None = None  # opponents only
    place: str = "bottom"


@dataclass
class Drag:
    target: Target
    sprite: CardSprite | None
    offset: Pos
    origin: Pos
    pos: Pos = (0.0, 0.0)


@dataclass
class ShiftPlan:
    """The emergency move being built (RULING TT-7): one or two single-slot moves."""

    moves: list[tuple[int, int]] = field(default_factory=list)
    source: int | None = None


class TimeAfterTimeTable(TableSceneBase):
    tone = P.GAME_TABLE_TONE.get(GAME_ID, "midnight")
    suggestions = True  # "Suggest a move" in the pause menu (describe_move)
    menu_button_rect = MENU_RECT

    def __init__(self, app: Any, session: Session, viewer: int | None = None) -> None:
        super().__init__(app, session, viewer)
        self.engine = find_game(GAME_ID)
        self.geometry: dict[int, Geometry] = {}
        self.rows: dict[int, list[CardSprite | None]] = {}
        self.hands: dict[int, list[CardSprite]] = {}
        self.pending: CardSprite | None = None
        self._hand_was_veiled = False  # the hand lay face down while a bot played (hot-seat)
        # Ghosts seen changing hands while a move animates: (that move's version, counts per seat)
        self.moved_ghosts: tuple[int, list[int]] | None = None
        # the draw pile and the hours out of the game as a move's events leave them, while the view is
        # still the one before the move: (that move's version, pile count, hours out). RULINGS TT-5/TT-6:
        # one move can take two pile cards (the emptied neighbour's first, then the drawer's)
        self.moved_pile: tuple[int, tuple[int, list[str]]] | None = None
        self.leaving: list[CardSprite] = []  # cards fading out of the game
        self.built_for: tuple[int | None, int] | None = None
        self.focus: Target | None = None
        self.hover: Target | None = None
        self.selected_hand: int | None = None  # tap-then-tap reorder, or carried by keys
        self.carrying = False
        self.press: Target | None = None
        self.drag: Drag | None = None
        self.shift: ShiftPlan | None = None
        self.heralds: list[Herald] = []
        self.log: list[str] = []
        self.log_opened = False  # the opening line is written (once, on the first view)
        self.darkness = Animated(0.0)
        self.sparks: list[Spark] = []
        self.winner_seat: int | None = None
        self.win_glow = 0.0
        self.time = 0.0
        self.timeline: list[list[Any]] = []  # [seconds left, callback]
        self.reorders_in_flight = 0
        self._rng = Rng.from_seed(7, "tt-table")
        self._shadow = card_shadow((BASE_W, BASE_H))
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[Any, ...] | None = None
        self._move_events: tuple[Event, ...] = ()  # the events of a past move being logged
        self._press_keeps_pace = False  # the intent being handled presses the person's hand or Menu: no hurry
        self._chosen: tuple[int, CardSprite] | None = None  # (selected_hand, its card) as last seen

    # --- small queries ---------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return int(self.view.get("seats", len(self.seat_names) or 2))

    def mine(self, seat: int | None) -> bool:
        return seat is not None and seat == self.viewer

    def who(self, seat: int) -> str:
        return "You" if self.mine(seat) and len(self.local_seats) == 1 else self.name_of(seat)

    def whom(self, seat: int) -> str:
        """`who` inside a sentence ("none for you", "drew from Ada")."""
        name = self.who(seat)
        return "you" if name == "You" else name

    def legal_of(self, kind: str) -> list[Action]:
        return [action for action in self.legal if action.kind == kind]

    @property
    def picking(self) -> bool:
        """The viewer chooses a card from the right-hand neighbour's hand (RULING TT-2)."""
        return self.can_act and bool(self.legal_of("draw")) and self.shift is None

    @property
    def fanned(self) -> bool:
        """The neighbour's hand is fanned in the centre: the viewer may draw from it now, or is
        planning the emergency move instead (the fan stays put, so Cancel finds it where it was)."""
        return self.can_act and bool(self.legal_of("draw"))

    @property
    def placing(self) -> bool:
        return self.can_act and bool(self.legal_of("place"))

    @property
    def victim(self) -> int:
        return int(self.view.get("draw_from", 0))

    def session_hand(self) -> list[str] | None:
        latest = self.session.latest(self.viewer)
        if latest is None:
            return None
        return list(latest.view.get("hand", []))

    def can_reorder(self) -> bool:
        """RULING TT-3b: allowed any time, as long as the hand on screen is the hand the engine has
        (a card drawn from it that is still animating would make positions ambiguous)."""
        if self.curtain_seat is not None or self.shown is None or self.shown.outcome is not None:
            return False
        if self.viewer not in self.local_seats or not self.legal_of("reorder"):
            return False
        return self.session_hand() == [s.key for s in self.hands.get(self.viewer, [])]

    def after(self, seconds: float, callback: Callable[[], None]) -> None:
        self.timeline.append([MOTION.duration(seconds), callback])

    def speed(self, seat: int | None) -> float:
        return MINE_SECONDS if self.mine(seat) else THEIRS_SECONDS

    # --- geometry --------------------------------------------------------------------------------
    def build_geometry(self) -> None:
        n, me = self.seats, self.viewer if self.viewer is not None else 0
        self.geometry = {}
        my_slots = self._slot_rects(CANVAS_W / 2, MY_ROW_Y, MY_SLOT_W, MY_SLOT_GAP)
        self.geometry[me] = Geometry(me, my_slots, (CANVAS_W / 2, MY_HAND_Y), HAND_W, MY_HAND_MAX_W)
        others = [(me + k) % n for k in range(1, n)]  # clockwise: left, top, right
        if n == 2:
            panels = [(pygame.Rect(540, 96, 840, 0), 98, "top")]
        elif n == 3:
            panels = [(pygame.Rect(44, 96, 880, 0), 98, "top-left"),
                      (pygame.Rect(996, 96, 880, 0), 98, "top-right")]
        else:
            panels = [(pygame.Rect(20, 250, 568, 0), 68, "left"),
                      (pygame.Rect(612, 96, 696, 0), 72, "top"),  # 84 put its backs under the pick prompt
                      (pygame.Rect(1332, 250, 568, 0), 68, "right")]
        for seat, (panel, slot_w, place) in zip(others, panels):
            slot_h = round(slot_w * 1.4)
            row_y = panel.y + 50 + slot_h / 2
            gap = 10 if slot_w > 70 else 8
            slots = self._slot_rects(panel.centerx, row_y, slot_w, gap)
            hand_y = row_y + slot_h / 2 + 10 + BACK_W * 0.7
            panel.height = round(hand_y + BACK_W * 0.7 + 8 - panel.y)
            self.geometry[seat] = Geometry(seat, slots, (panel.centerx, hand_y), BACK_W, panel.width - 80,
                                           panel, place)

    @staticmethod
    def _slot_rects(cx: float, cy: float, width: int, gap: int) -> list[pygame.Rect]:
        height = round(width * 1.4)
        total = SLOTS * width + (SLOTS - 1) * gap
        left = cx - total / 2
        return [pygame.Rect(round(left + i * (width + gap)), round(cy - height / 2), width, height)
                for i in range(SLOTS)]

    def hand_targets(self, seat: int, count: int) -> list[tuple[Pos, float, float]]:
        """(centre, angle, scale) of each card of a hand, fanned where that hand is shown now."""
        geo = self.geometry.get(seat)
        if geo is None:
            return [((CANVAS_W / 2, CANVAS_H / 2), 0.0, 0.3)] * count
        if seat == self.victim and self.fanned:
            max_w = 700.0 if self.seats == 4 else 1000.0
            fan = fan_layout(count, PICK_CENTRE, PICK_W, max_w, 4.0, 5.0)
            return [(pos, angle, PICK_W / BASE_W) for pos, angle in fan]
        if self.mine(seat):
            fan = fan_layout(count, geo.hand_centre, HAND_W, geo.hand_max_w, 7.0, 16.0)
            return [(pos, angle, HAND_W / BASE_W) for pos, angle in fan]
        fan = fan_layout(count, geo.hand_centre, geo.hand_card_w, geo.hand_max_w * 0.55, 5.0, 4.0)
        return [(pos, angle, geo.hand_card_w / BASE_W) for pos, angle in fan]

    def slot_pos(self, seat: int, slot: int) -> tuple[Pos, float]:
        geo = self.geometry.get(seat)
        if geo is None:
            return (CANVAS_W / 2, CANVAS_H / 2), 0.3
        rect = geo.slots[slot]
        return (float(rect.centerx), float(rect.centery)), rect.width / BASE_W

    # --- sprites ---------------------------------------------------------------------------------
    def make_sprite(self, card: str | None, pos: Pos, scale: float, face_up: bool = True) -> CardSprite:
        face = card_face(card, BASE_W) if card else None
        sprite = CardSprite(card or "back", face, card_back(BASE_W), pos, face_up=face_up and face is not None,
                            scale=scale)
        sprite.shadow = self._shadow
        return sprite

    def set_face(self, sprite: CardSprite, card: str) -> None:
        sprite.key = card
        sprite.face = card_face(card, BASE_W)

    def rebuild(self) -> None:
        """Lay the whole table out from the view at once (start, curtain, another viewer)."""
        view = self.view
        self.built_for = (self.viewer, self.seats)
        self.build_geometry()
        self.rows = {}
        self.hands = {}
        self.pending = None
        self.leaving = []
        for seat in range(self.seats):
            row = view.get("rows", [[None] * SLOTS] * self.seats)[seat]
            self.rows[seat] = []
            for slot, card in enumerate(row):
                if card is None:
                    self.rows[seat].append(None)
                    continue
                pos, scale = self.slot_pos(seat, slot)
                self.rows[seat].append(self.make_sprite(card, pos, scale))
            self.hands[seat] = []
        self.reconcile_hands()
        self.reconcile_pending()
        self.relayout(immediate=True)

    def reconcile(self) -> None:
        """Make every sprite agree with the view (after an update's events have played)."""
        if self.built_for != (self.viewer, self.seats) or not self.geometry:
            self.rebuild()
            return
        view = self.view
        for seat in range(self.seats):
            row = view["rows"][seat]
            sprites = self.rows.setdefault(seat, [None] * SLOTS)
            for slot, card in enumerate(row):
                sprite = sprites[slot]
                if card is None:
                    sprites[slot] = None
                elif sprite is None or sprite.key != card:
                    if self.pending is not None and self.pending.key == card:
                        sprites[slot], self.pending = self.pending, None
                    else:
                        pos, scale = self.slot_pos(seat, slot)
                        sprites[slot] = self.make_sprite(card, pos, scale)
        self.reconcile_hands()
        self.reconcile_pending()
        self.relayout()

    def reconcile_hands(self) -> None:
        view = self.view
        sizes = view.get("hand_size", [0] * self.seats)
        for seat in range(self.seats):
            hand = self.hands.setdefault(seat, [])
            geo = self.geometry.get(seat)
            centre = geo.hand_centre if geo else (CANVAS_W / 2, CANVAS_H / 2)
            if self.mine(seat):
                cards = list(view.get("hand", []))
                if self.reorders_in_flight and sorted(cards) == sorted(s.key for s in hand):
                    continue  # our own reorder is on its way: keep the order on screen
                by_key = {s.key: s for s in hand}
                rebuilt = []
                veiled = self.hand_veiled()
                for card in cards:
                    sprite = by_key.pop(card, None)
                    if sprite is None:
                        sprite = self.make_sprite(card, centre, HAND_W / BASE_W, face_up=not veiled)
                    elif sprite.face is None or (not sprite.face_up and not veiled):
                        self.set_face(sprite, card)
                        sprite.face_up = not veiled
                    rebuilt.append(sprite)
                self.hands[seat] = rebuilt
            else:
                size = int(sizes[seat]) if seat < len(sizes) else 0
                while len(hand) > size:
                    hand.pop()
                while len(hand) < size:
                    hand.append(self.make_sprite(None, centre, BACK_W / BASE_W, face_up=False))
                for sprite in hand:  # another hand never shows a face, whatever flew in
                    if sprite.face_up and not sprite._flip_pending:
                        sprite.face_up = False
                    sprite.key = "back"

    def reconcile_pending(self) -> None:
        card = self.view.get("pending")
        if card:
            if self.pending is None or self.pending.key != card:
                self.pending = self.make_sprite(card, REVEAL_POS, REVEAL_W / BASE_W)
        else:
            self.pending = None

    def relayout(self, immediate: bool = False) -> None:
        """Slide every sprite that is not where the layout wants it (dragged ones stay put)."""
        dragged = self.drag.sprite if self.drag is not None else None
        for seat, hand in self.hands.items():
            targets = self.hand_targets(seat, len(hand))
            seconds = MINE_SECONDS if self.mine(seat) or seat == self.victim else THEIRS_SECONDS
            for sprite, (pos, angle, scale) in zip(hand, targets):
                if sprite is not dragged:
                    self._move(sprite, pos, angle, scale, seconds, immediate)
        preview = self.shift_preview()
        for seat, row in self.rows.items():
            mapping = preview if (self.mine(seat) and preview is not None) else None
            for slot, sprite in enumerate(row):
                if sprite is None or sprite is dragged:
                    continue
                where = mapping.get(slot, slot) if mapping else slot
                pos, scale = self.slot_pos(seat, where)
                self._move(sprite, pos, 0.0, scale, MINE_SECONDS, immediate)
        if self.pending is not None and self.pending is not dragged and not self.pending.pos.moving:
            self._move(self.pending, REVEAL_POS, 0.0, REVEAL_W / BASE_W, MINE_SECONDS, immediate)

    @staticmethod
    def _move(sprite: CardSprite, pos: Pos, angle: float, scale: float, seconds: float, immediate: bool) -> None:
        if immediate:
            sprite.pos.set(pos)
            sprite.angle.set(angle)
            sprite.scale.set(scale)
            return
        target = sprite.pos.target
        if (abs(target[0] - pos[0]) > 0.5 or abs(target[1] - pos[1]) > 0.5  # type: ignore[index]
                or abs(float(sprite.angle.target) - angle) > 0.3  # type: ignore[arg-type]
                or abs(float(sprite.scale.target) - scale) > 0.005):  # type: ignore[arg-type]
            sprite.slide_to(pos, seconds, angle=angle, scale=scale)

    def insert_secretly(self, seat: int, sprite: CardSprite, card: str | None, position: int | None,
                        seconds: float, delay: float = 0.0) -> None:
        """A card joins a hand. Ours: at its position, face up. Another's: into the middle, face
        down, and the hand is shuffled on screen - the engine keeps the real position secret."""
        hand = self.hands.setdefault(seat, [])
        if self.mine(seat) and card:
            self.set_face(sprite, card)
            index = position if position is not None and 0 <= position <= len(hand) else len(hand)
            hand.insert(index, sprite)
            self.relayout()
            for s in hand:
                if s is sprite:
                    target = self.hand_targets(seat, len(hand))[index]
                    s.pos.to(s.pos.current, 0.0)
                    s.slide_to(target[0], seconds, delay, angle=target[1], scale=target[2])
            if sprite.face_up == self.hand_veiled():  # face up, unless a bot plays at a shared screen
                sprite.flip(not self.hand_veiled(), FLIP_SECONDS, delay)
            return
        hand.insert(len(hand) // 2, sprite)
        sprite.key = "back"  # from now on it is one back among others
        sprite.flip(False, FLIP_SECONDS, delay)
        targets = self.hand_targets(seat, len(hand))
        geo = self.geometry.get(seat)
        centre = geo.hand_centre if geo else (CANVAS_W / 2, CANVAS_H / 2)
        for s, (pos, angle, scale) in zip(hand, targets):
            if s is sprite:
                s.slide_to(pos, seconds, delay, angle=angle, scale=scale)
            else:
                s.pos.to(centre, 0.14, ease_in_quad, delay + seconds * 0.6).then(pos, 0.2, ease_out_cubic)
        self.after(delay + seconds * 0.6, lambda: self.play("shuffle", 0.5))

    # --- events ----------------------------------------------------------------------------------
    def animate_event(self, event: Event, update: Update) -> float:
        if not self.geometry:
            self.rebuild()
        if event.kind != "draw":  # a drawn card is logged when it turns face up, not before
            self.log_event(event)
        handler = getattr(self, f"_on_{event.kind}", None)
        if handler is None:
            return 0.0
        return float(handler(event))  # at normal speed: the base applies the player's animation speed

    def describe(self, event: Event) -> str:
        """The log line of an event; none for reorders (the fan shows them shuffling, and a line for
        each would fill a third of the log with "rearranged their hand"), nor for the end of a game
        somebody won (the line before already says who completed the row and won)."""
        if event.kind == "reorder" or (event.kind == "game_over" and event.get("winner") is not None):
            return ""
        taker = self.last_ghost_taker(event)
        if taker is not None:  # RULING TT-8: the row was full already; the last Ghost leaving wins it
            name = self.who(int(event["seat"]))
            drawer = self.who(taker)
            drawer = "you" if drawer == "You" else drawer
            return (f"You won: {drawer} drew the last Ghost from your full row" if name == "You"
                    else f"{name} won: {drawer} drew the last Ghost from {name}'s full row")
        viewer = self.viewer
        if len(self.local_seats) > 1:
            # hot-seat: the log stays on screen when the curtain passes the table on, so it is
            # written for everyone at the screen - names, never "You", and a card drawn secretly
            # from the pile (RULING TT-6) is "a card", as the others were told
            viewer = None
            if event.kind == "refill" and event.get("card") is not None:
                event = Event.make(event.kind, event.audience,
                                   **{k: v for k, v in event.args if k not in ("card", "hand_position")})
        event = self.with_table_names(event)
        try:
            line = self.engine.describe(event, viewer)
        except (KeyError, ValueError, TypeError):
            return ""
        if event.kind == "refill" and event.get("draw_count") == 0 and line:
            # RULING TT-8: from now on nobody refills, and the first hand to empty ends the game
            line += ": it was the last one, the pile is empty"
        if event.kind == "discard_out" and event.get("draw_count") == 0 and line:
            # RULING TT-5 with the pile empty (maybe just emptied by the neighbour's refill, TT-6):
            # the drawer takes no card instead
            drawer = "you" if viewer is not None and event.get("seat") == viewer else event.get("name")
            line += f"; the pile is empty: no card for {drawer or 'the drawer'}"
        return line  # a Ghost drawn with the 'ghost redraw' option says 'draw again' itself (the engine, TT-3)

    def with_table_names(self, event: Event) -> Event:
        """The event with the names this table shows (panels, heralds, curtain): at a LAN table the
        names the engine carries are the host's ("Seat 3", a bot's "Ada"), not those the players
        gave, and the log named Constantinopolis "Seat 3" beside a panel saying Constantinopolis."""
        names = {name_key: self.name_of(int(event.get(seat_key)))
                 for seat_key, name_key in (("seat", "name"), ("from_seat", "from_name"), ("winner", "winner_name"))
                 if event.get(seat_key) is not None}
        if not names or not self.seat_names:
            return event
        return Event.make(event.kind, event.audience, **{**dict(event.args), **names})

    def last_ghost_taker(self, event: Event) -> int | None:
        """For a win: the seat that drew a Ghost from the winner in the same move (the winner's row
        was full and waited for it, RULING TT-8), else None (the row was completed by a placing)."""
        if event.kind != "win":
            return None
        events = self._move_events or (self._current.events if self._current is not None else ())
        takers = [int(e["seat"]) for e in events if e.kind == "draw" and is_ghost(e.get("card"))
                  and e.get("from_seat") == event.get("seat")]
        return takers[-1] if takers else None

    def ghost_redraw(self) -> bool:
        options = self.view.get("options") or {}
        if "ghost_redraw" in options:
            return bool(options["ghost_redraw"])
        return bool(self.session.config.option("ghost_redraw", False))

    def add_log(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-40]

    def point_at(self, action: Action) -> None:
        if action.kind == "place":
            self.focus = ("row", int(action["slot"]))
        elif action.kind in ("keep", "shift"):  # the button that does it
            label = "Keep it" if action.kind == "keep" else "Emergency move"
            labels = [button.label for button in self.buttons()]
            if label in labels:
                self.focus = ("button", labels.index(label))

    def rules_topic(self) -> str | None:
        """Rules from the pause menu open at the turn's step: a drawn hour that fits no free slot (or
        the table asking whether anyone could place one), the emergency move when it is offered, else
        the turn itself."""
        if self.legal_of("keep"):
            return "When a card will not fit"
        if self.shift is not None or self.legal_of("shift"):
            return "The emergency move"
        if any(h.title.startswith("CAN ANYONE PLACE") and not h.done for h in self.heralds):
            return "When a card will not fit"
        return "A turn"

    def describe_move(self, action: Action) -> str:
        view = self.view
        if action.kind == "draw":
            return (f"pick any card from {self.name_of(self.victim)}'s hand \u2014 the draw is blind, so no position "
                    "is better than another")
        if action.kind == "place":
            return f"put {card_label(str(view.get('pending')))} on slot {int(action['slot']) + 1} of your row"
        if action.kind == "keep":
            return "keep it: someone else could still place it"
        if action.kind == "shift":
            row = view.get("rows", [[]] * self.seats)[self.viewer or 0]
            moves = [(int(a), int(b)) for a, b in action["moves"]]
            parts = [f"{card_label(str(row[a])) if 0 <= a < len(row) and row[a] else 'the card'} from slot {a + 1} "
                     f"to {b + 1}" for a, b in moves]
            return "make the emergency move: shift " + " and ".join(parts)
        return super().describe_move(action)

    def log_event(self, event: Event) -> None:
        line = self.describe(event)
        if line:
            self.add_log(line)

    def herald(self, title: str, lines: list[str], colour: tuple[int, int, int] = P.IVORY,
               seconds: float = HERALD_SECONDS, brief: str = "") -> None:
        version = self._current.version if self._current is not None else None
        self.heralds.append(Herald(title, lines, colour, seconds, brief=brief, version=version))
        del self.heralds[:-3]

    def _on_draw(self, event: Event) -> float:
        """RULINGS TT-2/TT-3: the card leaves the neighbour's hand by position, flies to the centre,
        flips and is announced; a Ghost darkens the table and goes into the drawer's hand."""
        seat, victim, card = int(event["seat"]), int(event["from_seat"]), str(event["card"])
        position = int(event.get("position", 0))
        hand = self.hands.setdefault(victim, [])
        if 0 <= position < len(hand):
            sprite = hand.pop(position)
        else:
            geo = self.geometry.get(victim)
            sprite = self.make_sprite(None, geo.hand_centre if geo else PICK_CENTRE, BACK_W / BASE_W, False)
        sprite.set_focus(False)
        was_face_up = sprite.face_up
        self.set_face(sprite, card)
        travel = self.speed(seat)
        sprite.slide_to(REVEAL_POS, travel, angle=0.0, scale=REVEAL_W / BASE_W)
        if not was_face_up:
            sprite.flip(True, FLIP_SECONDS, travel * 0.7)
        self.pending = sprite
        self.relayout()
        self.play("deal", 0.8)  # an ordinary draw (Lost in Time's take-that sting tired by the tenth)
        shown_at = travel * 0.7 + FLIP_SECONDS / 2
        drawer = self.who(seat)
        giver = self.whom(victim)  # names at a shared screen
        if is_ghost(card):
            version = self._current.version if self._current is not None else -1

            def reveal() -> None:
                ghosts = self.ghosts_shown()
                ghosts[victim], ghosts[seat] = max(0, ghosts[victim] - 1), ghosts[seat] + 1
                self.moved_ghosts = (version, ghosts)
                self.log_event(event)
                self.play("ghost")
                self.darkness.to(GHOST_DARKNESS, 0.22).then(GHOST_DARKNESS, 0.7).then(0.0, 0.6)
                # RULING TT-3; whose turn is over, named ("The turn is over." read, to the one drawn
                # from, as if their own turn had ended)
                again = (f"{drawer} draw{'' if drawer == 'You' else 's'} again from the same hand."
                         if self.ghost_redraw() else "Your turn is over." if drawer == "You"
                         else f"{drawer}'s turn is over.")
                self.herald("A GHOST!", [f"{drawer} drew a Ghost from {giver}.", again], P.TT_GHOST_GLOW, 3.0)
            self.after(shown_at, reveal)
            into = travel * 0.7 + FLIP_SECONDS + 1.0

            def stash() -> None:
                if self.pending is sprite:
                    self.pending = None
                position_in = event.get("hand_position")
                self.insert_secretly(seat, sprite, card if self.mine(seat) else None,
                                     None if position_in is None else int(position_in), self.speed(seat))
            self.after(into, stash)
            return into + self.speed(seat) + 0.05

        kept = self.must_keep(seat, card)

        def announce() -> None:
            self.log_event(event)
            self.play("hour", 0.8)  # a clock's strike for the hour announced
            hour = hour_of(card)
            # above the next pick fan "09H00 - nine hours" alone read as the name of the focused
            # face-down card: that line says who drew it
            spoken = f"\u201c{HOUR_WORDS.get(hour, str(hour))} hours\u201d"
            if kept:  # RULING TT-5 at once, not after the announcement: why only "Keep it" is offered
                spoken = "It fits none of your free slots." if drawer == "You" else \
                    f"It fits none of {drawer}'s free slots."
            self.herald(f"{hour:02d}H00", [spoken, f"{drawer} drew it from {giver}."], P.BRASS_LIGHT,
                        brief=f"{drawer} drew {hour:02d}H00 from {giver}.")
        self.after(shown_at, announce)
        # your own card: yours to place the moment it has turned (ART.md: input waits no longer than
        # the animation; it waited 350 ms more on a still card); another's stays a moment to be followed
        return travel * 0.7 + FLIP_SECONDS + (0.0 if self.mine(seat) else 0.55)

    def must_keep(self, seat: int, card: str) -> bool:
        """`seat`, a person at this screen, drew `card` and the move's view asks them to keep it: no
        free slot of theirs fits, someone else's does (RULING TT-5)."""
        update = self._current
        if update is None or seat not in self.local_seats or update.seat != seat:
            return False
        kinds = {action.kind for action in update.legal}
        return (update.view or {}).get("pending") == card and "keep" in kinds and "place" not in kinds

    def _on_place(self, event: Event) -> float:
        seat, card, slot = int(event["seat"]), str(event["card"]), int(event["slot"])
        sprite = self.pending if self.pending is not None and self.pending.key == card else None
        if sprite is None:
            sprite = self.make_sprite(card, REVEAL_POS, REVEAL_W / BASE_W)
        self.pending = None
        self.rows.setdefault(seat, [None] * SLOTS)[slot] = sprite
        pos, scale = self.slot_pos(seat, slot)
        travel = self.speed(seat)
        sprite.slide_to(pos, travel, angle=0.0, scale=scale)
        self.after(travel * 0.85, lambda: self.play("place"))
        return travel + 0.05

    def _on_keep(self, event: Event) -> float:
        """RULING TT-5 (someone else could place it) or TT-6b (a full row keeps what it draws)."""
        seat, card = int(event["seat"]), str(event["card"])
        sprite = self.pending if self.pending is not None and self.pending.key == card else None
        if sprite is None:
            sprite = self.make_sprite(card, REVEAL_POS, REVEAL_W / BASE_W)
        self.pending = None
        name = self.who(seat)
        if event.get("reason") == "full_row":
            self.herald(f"{hour_of(card):02d}H00 KEPT", [f"{name}'s row is full: the card stays in hand."
                                                         if name != "You" else "Your row is full: you keep it."])
        else:
            could = [self.whom(s) for s in self.view.get("who_could_place", []) if s != seat]
            yes = (", ".join(could[:-1]) + " and " + could[-1] if len(could) > 1 else could[0]) if could \
                else "another player"
            self.herald(f"CAN ANYONE PLACE {hour_of(card):02d}H00?",
                        [f"Yes: {yes} could.", f"{name} keep{'s' if name != 'You' else ''} it in hand."], P.IVORY)
        hold = 0.35
        position = event.get("hand_position")
        self.after(hold, lambda: self.insert_secretly(seat, sprite, card if self.mine(seat) else None,
                                                      None if position is None else int(position),
                                                      self.speed(seat)))
        self.after(hold, lambda: self.play("slide", 0.7))
        return hold + self.speed(seat) + 0.05

    def _on_discard_out(self, event: Event) -> float:
        """RULING TT-5: nobody could place it: it leaves the game."""
        card = str(event["card"])
        sprite = self.pending if self.pending is not None and self.pending.key == card else None
        self.pending = None
        if sprite is None:
            sprite = self.make_sprite(card, REVEAL_POS, REVEAL_W / BASE_W)
        self.leaving.append(sprite)

        def go() -> None:
            sprite.slide_to(OUT_POS, THEIRS_SECONDS, scale=60 / BASE_W, angle=-12.0)  # slow enough to follow
            sprite.fade_to(0.0, THEIRS_SECONDS)
            self.play("slide", 0.8)  # a card leaving the game is no lost game
            self.after(0.35, lambda: self.note_pile(out=card))  # listed out of the game as it gets there
        seat = int(event["seat"])
        self.note_pile(event.get("draw_count"))
        draws = f"{self.who(seat)} draw{'s' if not self.mine(seat) else ''}"
        # the pile as it is now (the event says): a neighbour whose last card this was has already
        # taken the top card (RULING TT-6 comes first), so a single card left went to them
        left = int(event["draw_count"]) if event.get("draw_count") is not None else self.pile_count()
        emptier = self.pile_emptied_by(event)
        # RULING TT-5 draws from the pile; an empty pile gives nothing (TT-8: play goes on without it)
        if left <= 0 and emptier is not None:
            drawer = self.whom(seat)
            then = f"{self.who(emptier)} took the pile's last card: none for {drawer}."
        else:
            then = ("The pile is empty: no card to draw." if left <= 0
                    else f"{draws} the pile's last card." if left == 1 else f"{draws} from the pile instead.")
        self.herald(f"CAN ANYONE PLACE {hour_of(card):02d}H00?", ["Nobody can: it leaves the game.", then],
                    P.WARNING)
        self.after(0.55, go)
        return 1.0

    def pile_emptied_by(self, event: Event) -> int | None:
        """The seat whose refill (RULING TT-6) took the pile's last card earlier in the move that
        `event` belongs to, or None."""
        events = self._move_events or (self._current.events if self._current is not None else ())
        emptier = None
        for earlier in events:
            if earlier is event or earlier == event:
                break
            if earlier.kind == "refill" and earlier.get("draw_count") == 0:
                emptier = int(earlier["seat"])
        return emptier

    def _on_refill(self, event: Event) -> float:
        """RULING TT-6: announced to all; the card itself only to its owner."""
        seat = int(event["seat"])
        card = event.get("card")
        name = self.who(seat)
        self.note_pile(event.get("draw_count"))  # the card leaves the pile now
        if event.get("reason") == "no_time_card":
            ghosts = int(event.get("ghosts") or 0)  # a hand of only Ghosts announces them (TT-6)
            left = (f"only {'a Ghost' if ghosts == 1 else f'{ghosts} Ghosts'}" if ghosts else "no Time card")
            text = (f"You have {left} left and draw from the pile." if name == "You"
                    else f"{name} has {left} left and draws from the pile.")
            title = "THE PILE'S LAST CARD" if event.get("draw_count") == 0 else "FROM THE PILE"
            self.herald(title, [text], P.BRASS_LIGHT, 3.2)
        sprite = self.make_sprite(str(card) if card else None, PILE_POS, 110 / BASE_W, face_up=False)
        position = event.get("hand_position")
        self.insert_secretly(seat, sprite, str(card) if card and self.mine(seat) else None,
                             None if position is None else int(position), self.speed(seat))
        self.play("deal", 0.8)
        return self.speed(seat) + 0.1

    def _on_shift(self, event: Event) -> float:
        """RULING TT-7: one or two placed cards each slide one slot."""
        seat = int(event["seat"])
        row = self.rows.setdefault(seat, [None] * SLOTS)
        travel = self.speed(seat)
        self.shift = None if self.mine(seat) else self.shift
        for k, move in enumerate(event["moves"]):  # type: ignore[union-attr]
            source, target = int(move[0]), int(move[1])
            sprite = row[source]
            row[source] = None
            row[target] = sprite
            if sprite is not None:
                pos, scale = self.slot_pos(seat, target)
                sprite.slide_to(pos, travel, delay=k * travel, scale=scale)
        count = len(event["moves"])  # type: ignore[arg-type]
        self.herald("EMERGENCY MOVE", [f"{self.who(seat)} shift{'s' if not self.mine(seat) else ''} "
                                       f"{count} card{'s' if count > 1 else ''} to rescue the row."], P.WARNING)
        self.play("slide")
        return travel * count + 0.1

    def _on_reorder(self, event: Event) -> float:
        """RULING TT-3b: others see which positions moved, never which card."""
        seat = int(event["seat"])
        if self.mine(seat):
            self.reorders_in_flight = max(0, self.reorders_in_flight - 1)
            return 0.0
        hand = self.hands.get(seat, [])
        source, target = int(event["from"]), int(event["to"])
        if 0 <= source < len(hand) and 0 <= target < len(hand):
            hand.insert(target, hand.pop(source))
            self.relayout()
            self.play("slide", 0.35)
        return 0.18

    def _on_win(self, event: Event) -> float:
        seat = int(event["seat"])
        self.winner_seat = seat
        # the fanfare for a win at this screen; another's win chimes (the results play the stinger)
        self.play("win" if seat in self.local_seats else "chime", 1.0 if seat in self.local_seats else 0.8)
        geo = self.geometry.get(seat)
        origin = ((geo.slots[0].centerx + geo.slots[-1].centerx) / 2, geo.slots[0].centery) if geo else (960, 540)
        self.sparks += [Spark(self._rng, origin) for _ in range(0 if MOTION.reduced else 90)]
        lines = ["Seven rising hours, no Ghost."]
        taker = self.last_ghost_taker(event)
        if taker is not None:
            name = self.who(seat)
            lines.insert(0, f"{self.who(taker)} drew {'your' if name == 'You' else name + chr(39) + 's'} last Ghost.")
        self.herald("YOU WIN!" if self.mine(seat) and len(self.local_seats) == 1 else f"{self.name_of(seat)} WINS!",
                    lines, P.BRASS_LIGHT, 3.5)
        return 1.8

    def _on_game_over(self, event: Event) -> float:
        if event.get("winner") is None:
            reason = event.get("reason")
            line = "The game went on too long."
            if reason == "empty_hand":  # RULING TT-8: the pile is gone and this hand emptied
                empty = [self.who(seat) for seat in range(self.seats) if not self.hands.get(seat)]
                line = (f"{empty[0]} {'have' if empty[0] == 'You' else 'has'} no card left and the pile is empty."
                        if empty else "The pile ran out and a hand emptied.")
            self.herald("A TIE", [line], P.IVORY, 3.0)
            self.play("score", 0.8)  # the end is heard, as a win is (and Lost in Time's end)
            return 0.8
        return 0.0

    # --- views -----------------------------------------------------------------------------------
    def on_view(self, update: Update) -> None:
        self.moved_ghosts = None
        self.moved_pile = None
        self.reconcile()
        if self.shift is not None and not self.legal_of("shift"):
            self.shift = None
        hand = self.hands.get(self.viewer, [])
        if self.selected_hand is not None and self.selected_hand >= len(hand):
            self.selected_hand, self.carrying = None, False
        if self.can_act:
            self.focus = self.default_focus()
        elif self.focus is not None and self.focus[0] not in self.zones():
            self.focus = ("hand", 0) if hand else None
        if not self.log_opened and update.view and update.outcome is None:
            self.log_opened = True
            line = self.opening_line(update.view)
            if line:
                self.add_log(line)
        self.relayout()

    def log_history(self, moves: tuple[tuple[int, tuple[Event, ...]], ...]) -> None:
        """The moves before this table opened; from the game's first one, who started it first."""
        if moves and moves[0][0] == 1:
            starter = next((e.get("seat") for e in moves[0][1] if e.kind in ("draw", "shift")), None)
            if starter is not None:
                self.add_log(self.start_line(int(starter)))
        for _, events in moves:
            self._move_events = events  # what else happened in that move (describe reads it)
            for event in events:
                self.log_event(event)
        self._move_events = ()

    def opening_line(self, view: dict[str, Any]) -> str:
        """The line under the moves the table opened after: who starts, or, for a game joined or
        resumed part-way, whose turn it is now ("" when the log already says so)."""
        turn = int(view.get("turn", 0))
        number = int(view.get("turn_number", 1))
        if number <= 1:
            line = self.start_line(turn)
            # opened on the first turn after its draw (a card still to place): the history began with it
            return "" if line in self.log else line
        who = self.who(turn)
        return f"Turn {number}: {whose_turn(who)}."

    def start_line(self, seat: int) -> str:
        who = self.who(seat)
        return f"{who} start{'' if who == 'You' else 's'} the game."

    def default_focus(self) -> Target | None:
        if self.picking:
            count = len(self.hands.get(self.victim, []))
            return ("pick", count // 2) if count else None
        if self.placing:
            slots = sorted(int(a["slot"]) for a in self.legal_of("place"))
            return ("row", self.natural_slot(slots)) if slots else None
        if self.buttons():
            return ("button", 0)
        return ("hand", 0) if self.hands.get(self.viewer) else None

    def natural_slot(self, slots: list[int]) -> int:
        """Of the lit `slots`, the one nearest where the drawn hour belongs in a day spread over seven
        slots (06H00 far left, 22H00 far right, as the rulebook advises): the focus starts there, so
        Enter or A at once puts 22H00 at the right end, not on the first lit slot at the far left."""
        pending = self.view.get("pending")
        if not pending or is_ghost(str(pending)):
            return slots[0]
        where = (hour_of(str(pending)) - 6) / 16 * (SLOTS - 1)
        return min(slots, key=lambda slot: (abs(slot - where), slot))

    def on_error(self, update: Update) -> None:
        """A refused move: everything dragged or previewed goes back where the view says."""
        self.drag = None
        self.reorders_in_flight = 0
        self.reconcile()
        self.relayout()

    # --- buttons ---------------------------------------------------------------------------------
    def buttons(self) -> list[Button]:
        out: list[tuple[str, Callable[[], None], str]] = []
        if self.can_act:
            if self.shift is not None:
                if self.shift.moves:
                    out.append((f"Shift {len(self.shift.moves)} card", self.submit_shift, "emergency move"))
                out.append(("Cancel", self.cancel_shift, "back to drawing"))
            else:
                if self.legal_of("keep"):
                    out.append(("Keep it", self.keep, "someone else could place it"))
                if self.legal_of("shift"):
                    out.append(("Emergency move", self.start_shift, "shift 1 or 2 of your cards"))
        buttons = []
        for rect, (label, action, sub) in zip(BUTTON_RECTS, out):
            buttons.append(Button(rect, label, action, sub=sub, primary=label != "Cancel", px=32))
        return buttons

    def keep(self) -> None:
        actions = self.legal_of("keep")
        if actions:
            self.submit(actions[0])

    def start_shift(self) -> None:
        if self.legal_of("shift"):
            self.shift = ShiftPlan()
            self.play("click", 0.6)
            sources = sorted({int(a["moves"][0][0]) for a in self.legal_of("shift")})  # type: ignore[index]
            self.focus = ("row", sources[0]) if sources else self.focus

    def cancel_shift(self) -> None:
        self.shift = None
        self.play("click", 0.5)
        self.relayout()
        self.focus = self.default_focus()

    def shift_sequences(self) -> list[tuple[tuple[int, int], ...]]:
        return [tuple((int(m[0]), int(m[1])) for m in a["moves"]) for a in self.legal_of("shift")]  # type: ignore[union-attr]

    def shift_preview(self) -> dict[int, int] | None:
        """Slot -> slot where each of the viewer's placed cards shows while a shift is planned."""
        if self.shift is None or not self.shift.moves:
            return None
        where = {slot: slot for slot in range(SLOTS)}
        for source, target in self.shift.moves:
            origin = next(k for k, v in where.items() if v == source)
            where[origin] = target
        return where

    def shift_row(self) -> list[str | None]:
        row = list(self.own_row())
        for source, target in (self.shift.moves if self.shift else []):
            row[target], row[source] = row[source], None
        return row

    def shift_targets(self, source: int) -> list[int]:
        done = tuple(self.shift.moves) if self.shift else ()
        return sorted({seq[len(done)][1] for seq in self.shift_sequences()
                       if len(seq) > len(done) and seq[:len(done)] == done and seq[len(done)][0] == source})

    def shift_sources(self) -> list[int]:
        done = tuple(self.shift.moves) if self.shift else ()
        return sorted({seq[len(done)][0] for seq in self.shift_sequences()
                       if len(seq) > len(done) and seq[:len(done)] == done})

    def shift_pick(self, slot: int) -> None:
        """Tap or confirm on a slot while planning: choose a card, then the free slot beside it."""
        if self.shift is None:
            return
        if self.shift.source is None or slot == self.shift.source:
            if slot == self.shift.source:
                self.shift.source = None
            elif slot in self.shift_sources():
                self.shift.source = slot
                self.play("focus", 0.5)
            else:
                self.refuse(self.shift_refusal(slot), "info", 0.6)
            return
        if slot in self.shift_targets(self.shift.source):
            self.shift.moves.append((self.shift.source, slot))
            self.shift.source = None
            self.play("slide", 0.6)
            self.relayout()
            if len(self.shift.moves) == 2 or not self.shift_sources():
                self.submit_shift()
        elif slot in self.shift_sources():
            self.shift.source = slot
        else:
            self.refuse(self.shift_refusal(slot), "info", 0.6)

    def own_row(self) -> list[str | None]:
        """The row at the bottom of the screen as the latest view has it (seat 0's for a spectator)."""
        return self.view.get("rows", [[None] * SLOTS] * self.seats)[self.viewer or 0]

    def shift_refusal(self, slot: int) -> str:
        """Why a slot pressed while planning the emergency move did nothing (it only buzzed): the
        move takes a lit card of the row, then a lit free slot beside it."""
        row = self.own_row()
        here = row[slot] if 0 <= slot < len(row) else None
        if self.shift is not None and self.shift.source is not None:
            return "Move it to a lit free slot beside it, or choose another lit card of your row."
        if here is None:
            return "First choose a lit card of your row, then the free slot beside it."
        return f"{card_label(str(here))} cannot shift now: choose a lit card of your row."

    def submit_shift(self) -> None:
        if self.shift is None or not self.shift.moves:
            return
        wanted = tuple(self.shift.moves)
        for action in self.legal_of("shift"):
            if tuple((int(m[0]), int(m[1])) for m in action["moves"]) == wanted:  # type: ignore[union-attr]
                self.submit(action)
                return
        self.submit(Action.make(self.viewer or 0, "shift", moves=wanted))  # refused: the engine says why

    # --- moves -----------------------------------------------------------------------------------
    def draw_from(self, position: int) -> None:
        action = Action.make(self.viewer or 0, "draw", position=position)
        if action in self.legal:
            self.submit(action)

    def place_on(self, slot: int) -> None:
        """Place the card; a slot the engine's legal moves leave out is refused here, in words that
        point at the lit slots (the slots carry no numbers on screen), and the card snaps back."""
        action = Action.make(self.viewer or 0, "place", slot=slot)
        if action in self.legal or not self.legal_of("place"):
            self.submit(action)
            return
        card = card_label(str(self.view.get("pending")))
        row = self.own_row()
        why = ("That slot is already filled." if 0 <= slot < len(row) and row[slot] is not None
               else f"{card} cannot go there: the hours must rise from left to right.")  # RULING TT-4
        self.refuse(f"{why} Put it on a lit slot.")
        self.relayout()

    def reorder(self, source: int, target: int) -> bool:
        hand = self.hands.get(self.viewer, [])
        if source == target or not (0 <= source < len(hand) and 0 <= target < len(hand)):
            return False
        if not self.can_reorder():
            self.refuse("Wait a moment: a card is moving in your hand.", "info", 0.5)
            return False
        hand.insert(target, hand.pop(source))
        self.reorders_in_flight += 1
        self.relayout()
        self.play("slide", 0.5)
        self.submit(Action.make(self.viewer or 0, "reorder", **{"from": source, "to": target}))
        return True

    # --- input -----------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        """A press on the person's own hand is a reorder, never a hurry: the others' moves are when
        a hand is rearranged (RULING TT-3b, a Ghost hidden before the neighbour draws), and they
        animate nearly all that time, so a click or tap there that hurried them made the hand
        unmovable by mouse or touch (the Menu button opens the menu at every table: `menu_button_rect`).
        Presses anywhere else still hurry."""
        self.follow_hand_choice()  # a move animated since the last frame may have changed the hand
        self._press_keeps_pace = self.presses_own_hand(intent)
        try:
            super().handle(intent)
        finally:
            self._press_keeps_pace = False

    def follow_hand_choice(self) -> None:
        """The card chosen in the hand (tapped, or carried by keys) stays the same card when the
        hand changes under it: a neighbour drawing a card to its left moved the choice onto the next
        card, and the second tap then moved that one."""
        hand = self.hands.get(self.viewer, []) if self.viewer is not None else []
        index = self.selected_hand
        if index is None:
            self._chosen = None
            return
        at = hand[index] if 0 <= index < len(hand) else None
        if self._chosen is not None and self._chosen[0] == index and at is not self._chosen[1]:
            sprite = self._chosen[1]
            if sprite not in hand:  # the chosen card itself left the hand
                self.selected_hand, self.carrying, self._chosen = None, False, None
                return
            index = hand.index(sprite)
            self.selected_hand = index
            focus = self.focus
            if focus is not None and focus[0] == "hand" and (self.carrying or focus[1] == self._chosen[0]):
                self.focus = ("hand", index)
        self._chosen = (index, hand[index]) if 0 <= index < len(hand) else None

    def presses_own_hand(self, intent: Intent) -> bool:
        """The intent picks up, drops or carries a card of the person's own hand."""
        if self.curtain_seat is not None or not self.legal_of("reorder"):
            return False
        if intent.kind == "point" and intent.pos is not None:
            target = self.hit(intent.pos)
            return target is not None and target[0] == "hand"
        return intent.kind == "confirm" and self.carrying  # Enter puts the carried card down

    def hurry(self) -> bool:
        if self._press_keeps_pace:
            return False
        return super().hurry()

    def zones(self) -> list[str]:
        zones = []
        if self.picking:
            zones.append("pick")
        if self.placing or (self.shift is not None and self.can_act):
            zones.append("row")
        if self.buttons():
            zones.append("button")
        if self.hands.get(self.viewer):
            zones.append("hand")
        return zones

    def zone_size(self, zone: str) -> int:
        if zone == "pick":
            return len(self.hands.get(self.victim, []))
        if zone == "row":
            return SLOTS
        if zone == "button":
            return len(self.buttons())
        if zone == "hand":
            return len(self.hands.get(self.viewer, []))
        return 0

    def cancel_selection(self) -> bool:
        """Back: drop a drag, a carried or chosen hand card, or one step of the emergency move."""
        if self.drag is not None:
            self.drag = None
            self.relayout()
            return True
        if self.carrying or self.selected_hand is not None:
            self.carrying, self.selected_hand = False, None
            self.play("click", 0.4)
            return True
        if self.shift is not None:
            if self.shift.source is not None:
                self.shift.source = None
            else:
                self.cancel_shift()
            return True
        return False

    def handle_table(self, intent: Intent) -> None:
        kind = intent.kind
        if intent.pos is not None:
            self.pointer(intent)
        elif kind in ("up", "down", "left", "right"):
            self.move_focus(kind)
        elif kind == "confirm":
            if self.focus is not None:
                self.activate(self.focus)
        elif kind in ("prev", "next"):
            self.shoulder(-1 if kind == "prev" else 1)

    def move_focus(self, direction: str) -> None:
        zones = self.zones()
        if not zones:
            return
        if self.focus is None or self.focus[0] not in zones:
            self.focus = self.default_focus() or (zones[0], 0)
            return
        zone, index = self.focus
        if self.carrying and zone == "hand" and direction in ("left", "right"):
            step = -1 if direction == "left" else 1
            if self.reorder(index, index + step):
                self.focus = ("hand", index + step)
                self.selected_hand = index + step
            return
        if direction in ("left", "right"):
            size = self.zone_size(zone)
            step = -1 if direction == "left" else 1
            index = max(0, min(size - 1, index + step))
            if zone == "row" and self.placing and self.shift is None:
                legal = sorted(int(a["slot"]) for a in self.legal_of("place"))
                ahead = [s for s in legal if (s - self.focus[1]) * step > 0]
                if ahead:
                    index = ahead[0] if step > 0 else ahead[-1]
            self.focus = (zone, index)
        else:
            order = zones.index(zone) + (-1 if direction == "up" else 1)
            if not 0 <= order < len(zones):
                return
            zone = zones[order]
            size = self.zone_size(zone)
            self.focus = (zone, min(size - 1, size // 2 if zone in ("pick", "hand") else 0))
            if zone == "row":
                self.focus = self.default_focus() if self.placing else ("row", (self.shift_sources() or [0])[0])
            self.carrying = False
        self.play("focus", 0.35)

    def activate(self, target: Target) -> None:
        zone, index = target
        if zone == "pick" and self.picking:
            self.draw_from(index)
        elif zone == "row":
            if self.shift is not None:
                self.shift_pick(index)
            elif self.placing:
                self.place_on(index)
        elif zone == "button":
            buttons = self.buttons()
            if 0 <= index < len(buttons):
                self.play("click", 0.7)
                buttons[index].activate()
        elif zone == "hand":
            if self.carrying:
                self.carrying, self.selected_hand = False, None
                self.play("place", 0.4)
            elif self.legal_of("reorder"):
                self.carrying, self.selected_hand = True, index
                self.play("click", 0.5)
        elif zone == "pending" and self.legal_of("keep") and not self.legal_of("place"):
            self.keep()

    def shoulder(self, step: int) -> None:
        """LB/RB (Q/E, Page Up/Down): move the focused hand card one place (RULING TT-3b)."""
        hand = self.hands.get(self.viewer, [])
        if not hand:
            return
        if self.focus is None or self.focus[0] != "hand":
            self.focus = ("hand", self.selected_hand if self.selected_hand is not None else len(hand) // 2)
            self.play("focus", 0.35)
            return
        index = self.focus[1]
        if self.reorder(index, index + step):
            self.focus = ("hand", index + step)
            if self.selected_hand is not None:
                self.selected_hand = index + step

    # pointer --------------------------------------------------------------------------------------
    def hit(self, pos: Pos, ignore: CardSprite | None = None) -> Target | None:
        """What is under the pointer, topmost first (`ignore`: the card being dragged)."""
        if MENU_RECT.collidepoint(pos):
            return ("menu", 0)
        for index, button in enumerate(self.buttons()):
            if touch_rect(button.rect).collidepoint(pos):  # a ~40 px target at 1024x768 too
                return ("button", index)
        if self.pending is not None and self.pending is not ignore and self.can_act and self.pending.contains(pos):
            return ("pending", 0)
        if self.picking:
            for index in reversed(range(len(self.hands.get(self.victim, [])))):
                sprite = self.hands[self.victim][index]
                if sprite is not ignore and sprite.contains(pos):
                    return ("pick", index)
        hand = self.hands.get(self.viewer, [])
        for index in reversed(range(len(hand))):
            if hand[index] is not ignore and hand[index].contains(pos):
                return ("hand", index)
        geo = self.geometry.get(self.viewer)
        if geo is not None:
            for index, rect in enumerate(geo.slots):
                if rect.inflate(8, 8).collidepoint(pos):
                    return ("row", index)
        if self.picking and pile_stack(110).get_rect(center=(round(PILE_POS[0]), round(PILE_POS[1]))).collidepoint(pos):
            return ("pile", 0)  # not a way to draw: a tap on it is told where the draw is (`tap`)
        return None

    def sprite_of(self, target: Target) -> CardSprite | None:
        zone, index = target
        if zone == "pick":
            hand = self.hands.get(self.victim, [])
        elif zone == "hand":
            hand = self.hands.get(self.viewer, [])
        elif zone == "pending":
            return self.pending
        elif zone == "row" and self.shift is not None:
            row = self.rows.get(self.viewer, [])
            preview = self.shift_preview() or {}
            inverse = {v: k for k, v in preview.items()} if preview else {}
            origin = inverse.get(index, index)
            return row[origin] if 0 <= origin < len(row) else None
        else:
            return None
        return hand[index] if 0 <= index < len(hand) else None

    def pointer(self, intent: Intent) -> None:
        pos = intent.pos
        assert pos is not None
        kind = intent.kind
        if kind == "hover":
            target = self.hit(pos)
            self.hover = target
            if target is not None and target[0] in self.zones() and target != self.focus:
                self.focus = target
            return
        if kind == "point":
            self.press = self.hit(pos)
            return
        if kind == "release":
            target, self.press = self.press, None
            if target is not None and self.hit(pos) == target:
                self.tap(target)
            return
        if kind == "drag_start":
            self.start_drag(pos)
        elif kind == "drag_move" and self.drag is not None:
            self.drag.pos = pos
            if self.drag.sprite is not None:
                self.drag.sprite.pos.set((pos[0] + self.drag.offset[0], pos[1] + self.drag.offset[1]))
        elif kind == "drag_end":
            self.end_drag(pos)

    def tap(self, target: Target) -> None:
        zone, index = target
        self.focus = target if zone != "pending" else self.focus
        if zone == "hand":
            if self.selected_hand is None:
                if self.legal_of("reorder"):
                    self.selected_hand = index
                    self.play("click", 0.4)
            elif self.selected_hand == index:
                self.selected_hand, self.carrying = None, False
            else:
                source, self.selected_hand, self.carrying = self.selected_hand, None, False
                self.reorder(source, index)
            return
        if zone == "menu":
            self._pause()
            return
        if zone == "row" and self.picking:
            # a slot tapped before the draw did nothing at all: the turn starts in the neighbour's hand
            self.refuse(f"First draw a card from {self.whom(self.victim)}'s hand; then place it.", "info", 0.6)
            return
        if zone == "pile":  # RULING TT-2: you draw from your neighbour, the pile only refills hands (TT-6)
            self.refuse(f"You draw from {self.whom(self.victim)}'s hand, not from the pile: "
                        "pick one of the cards in the middle.", "info", 0.6)
            return
        self.activate(target)

    def start_drag(self, pos: Pos) -> None:
        target = self.press
        self.press = None
        if target is None:
            return
        zone, _ = target
        allowed = ((zone == "pick" and self.picking) or (zone == "pending" and self.can_act)
                   or (zone == "hand" and bool(self.legal_of("reorder")))
                   or (zone == "row" and self.shift is not None and self.can_act))
        sprite = self.sprite_of(target) if allowed else None
        if sprite is None:
            return
        centre = sprite.pos.current
        offset = (centre[0] - pos[0], centre[1] - pos[1])  # type: ignore[index]
        self.drag = Drag(target, sprite, offset, (float(centre[0]), float(centre[1])), pos)  # type: ignore[index]
        sprite.angle.to(0.0, 0.1)
        sprite.set_focus(False)
        self.selected_hand, self.carrying = None, False
        self.play("slide", 0.4)

    def end_drag(self, pos: Pos) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        zone, index = drag.target
        acted = False
        if zone == "pick":
            moved = math.hypot(pos[0] - drag.origin[0], pos[1] - drag.origin[1])
            if moved >= DROP_DRAW_DISTANCE and self.picking:
                self.draw_from(index)
                acted = True
        elif zone == "pending":
            target = self.hit(pos, drag.sprite)
            if target is not None and target[0] == "row" and self.legal_of("place"):
                self.place_on(target[1])  # a wrong slot is refused and on_error snaps the card back
                acted = True
            elif target is not None and target[0] == "hand" and self.legal_of("keep"):
                self.keep()
                acted = True
            elif self.legal_of("keep") and pos[1] > MY_ROW_Y + 90:
                self.keep()
                acted = True
        elif zone == "hand":
            hand = self.hands.get(self.viewer, [])
            geo = self.geometry.get(self.viewer)
            if geo is not None and abs(pos[1] - geo.hand_centre[1]) < 190:
                targets = self.hand_targets(self.viewer or 0, len(hand))
                nearest = min(range(len(targets)), key=lambda k: abs(targets[k][0][0] - pos[0]))
                acted = self.reorder(index, nearest)
                if acted:
                    self.focus = ("hand", nearest)
        elif zone == "row" and self.shift is not None:
            target = self.hit(pos, drag.sprite)
            source = self.shift_row_index(index)
            if target is not None and target[0] == "row" and source is not None:
                self.shift.source = source
                self.shift_pick(target[1])
                acted = True
        if not acted:
            self.play("slide", 0.3)
        self.relayout()

    def shift_row_index(self, slot: int) -> int | None:
        row = self.shift_row()
        return slot if 0 <= slot < SLOTS and row[slot] is not None else None

    # --- loop ------------------------------------------------------------------------------------
    def holding(self) -> bool:
        """The next event of the same move waits while the newest announcement is still being read:
        with reduced motion a draw, the card leaving the game and the pile's refill came in one
        update and each herald replaced the last within a frame. Reading time is scaled by the
        speed, never cut by reduced motion (MOTION.wait), which is about movement."""
        if self._busy > 0:
            return False  # the event's own time runs first and counts as reading time (the base
            # stops that clock while a table holds, so holding now would add the two up)
        coming = self._events[0] if self._events else None
        if coming is None or coming.kind in QUIET_EVENTS:  # a place leaves the herald up
            return False
        if self.timeline:
            return True  # the last event's own herald is still to come (its card is mid-flip)
        herald = self.heralds[-1] if self.heralds else None
        # only within one move's events: between moves the bots' pause (BOT_PAUSE) gives the time
        return (herald is not None and self._current is not None and herald.version == self._current.version
                and herald.age < min(herald.seconds, MOTION.wait(HERALD_READ_SECONDS)))

    def update_table(self, dt: float) -> None:
        self.time += dt
        offer_first_game_tips(self)  # at a newcomer's first turn: a few coach marks (once each)
        veiled = self.hand_veiled()
        if veiled != self._hand_was_veiled:
            self._hand_was_veiled = veiled
            for sprite in self.hands.get(self.viewer, []) if self.viewer is not None else []:
                if sprite.face is not None:
                    sprite.flip(not veiled, FLIP_SECONDS)
        if self.built_for is None and self.shown is not None:
            self.rebuild()
        for item in list(self.timeline):
            item[0] -= dt
            if item[0] <= 0:
                self.timeline.remove(item)
                item[1]()
        for sprites in self.all_sprites():
            sprites.update(dt)
        self.leaving = [s for s in self.leaving if float(s.alpha.current) > 1.0]  # type: ignore[arg-type]
        self.darkness.update(dt)
        for herald in self.heralds:
            herald.age += dt
        self.heralds = [h for h in self.heralds if not h.done]
        for spark in self.sparks:
            spark.update(dt)
        self.sparks = [s for s in self.sparks if s.life > 0 and s.y < CANVAS_H + 40]
        if self.winner_seat is not None:
            self.win_glow += dt
        self.follow_hand_choice()
        self.update_focus_lift()

    def all_sprites(self) -> list[CardSprite]:
        out: list[CardSprite] = []
        for hand in self.hands.values():
            out += hand
        for row in self.rows.values():
            out += [s for s in row if s is not None]
        if self.pending is not None:
            out.append(self.pending)
        return out + self.leaving

    def update_focus_lift(self) -> None:
        lifted: set[int] = set()
        focus = self.focus
        if focus is not None and focus[0] in ("pick", "hand") and (self.drag is None):
            sprite = self.sprite_of(focus)
            if sprite is not None:
                lifted.add(id(sprite))
        if self.selected_hand is not None:
            sprite = self.sprite_of(("hand", self.selected_hand))
            if sprite is not None:
                lifted.add(id(sprite))
        for seat in {self.viewer, self.victim}:
            for sprite in self.hands.get(seat, []):
                sprite.set_focus(id(sprite) in lifted and (seat == self.viewer or self.picking))

    # --- drawing ---------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        if not self.geometry:
            return
        for seat, geo in self.geometry.items():
            if geo.panel is not None:
                self.draw_panel(surface, seat, geo)
        self.draw_my_row_frame(surface)
        self.draw_under_wells(surface)
        self.draw_wells_over_glows(surface)
        for seat, row in self.rows.items():
            for sprite in row:
                if sprite is not None and (self.drag is None or sprite is not self.drag.sprite):
                    sprite.draw(surface, alpha)
        self.draw_row_marks(surface)
        self.draw_pile(surface)
        for seat, hand in self.hands.items():
            if self.mine(seat) or (seat == self.victim and self.picking):
                continue
            for sprite in hand:
                sprite.draw(surface, alpha)
        self.draw_log(surface)
        for sprite in self.hands.get(self.viewer, []):
            if self.drag is None or sprite is not self.drag.sprite:
                sprite.draw(surface, alpha)
        self.draw_hand_focus(surface, alpha)
        darkness = float(self.darkness.value_at(alpha))  # type: ignore[arg-type]
        if darkness > 1:
            dim_screen(surface, darkness)
        for spark in self.sparks:  # the confetti flies over the table, under the win announcement
            pygame.draw.rect(surface, spark.colour, (int(spark.x), int(spark.y), spark.size, spark.size))
        self.draw_centre(surface, alpha, darkness)
        for sprite in self.leaving:
            sprite.draw(surface, alpha)
        self.draw_buttons(surface)
        if self.drag is not None and self.drag.sprite is not None:
            self.draw_drop_hint(surface)
            self.drag.sprite.draw(surface, alpha)
        self.draw_hint_bar(surface)
        self.draw_menu_button(surface)

    def draw_panel(self, surface: pygame.Surface, seat: int, geo: Geometry) -> None:
        """The header: name and what the seat is doing on the left; its card count and known
        Ghosts on the right, laid out first so that a long name shrinks rather than running into
        them. The row's state (STUCK, FULL ROW) sits in the bottom-right corner, beside the backs."""
        panel = geo.panel
        assert panel is not None
        view = self.view
        over = self.game_over  # the last move's view may still be the one before it: no tags then
        active = view.get("turn") == seat and self.shown is not None and not over
        could = seat in view.get("who_could_place", []) and bool(view.get("pending")) and not over
        # the cards on screen: during a move's animation they are ahead of the view's count
        size = len(self.hands[seat]) if seat in self.hands else int(view.get("hand_size", [0] * self.seats)[seat])
        count = text_surface(f"{size} card{'s' if size != 1 else ''}", "ui", legible_px(24), P.IVORY_DIM)
        right = panel.right - 22
        surface.blit(count, count.get_rect(topright=(right, panel.y + 14)))
        right -= count.get_width() + 12
        ghosts = self.ghosts_shown()[seat]
        if ghosts:
            icon = ghost_icon(24)
            for k in range(ghosts):
                surface.blit(icon, icon.get_rect(topright=(right - k * 28, panel.y + 8)))
            right -= ghosts * 28 + 8
        tags = []
        if active:
            tags.append(text_surface("PLAYING", "display", 28, P.BRASS))
        if seat == self.victim and self.fanned and not over:  # only while you may draw: not over your own
            # move's last announcements (a refill, a card leaving the game) once you have drawn
            tags.append(text_surface("YOU DRAW HERE", "display", 28, P.TT_GHOST_GLOW))
        if could:  # in the header, where the fan under it cannot cover it (RULING TT-5's answer)
            tags.append(text_surface("COULD PLACE IT", "display", 28, P.GOOD))
        name = self.name_of(seat)
        room = right - 12 - (panel.x + 22) - sum(tag.get_width() + 14 for tag in tags)
        px = fit_px(name, "ui-bold", 30, min(panel.width // 2 - 40, room), min_px=20)
        image = text_surface(name, "ui-bold", px, P.BRASS_LIGHT if active else P.IVORY)
        surface.blit(image, image.get_rect(midleft=(panel.x + 22, panel.y + 28)))
        x = panel.x + 22 + image.get_width() + 14
        for tag in tags:
            surface.blit(tag, (x, panel.y + 12))
            x += tag.get_width() + 14
        status = None
        if not view.get("completable", [True] * self.seats)[seat]:
            status = text_surface("STUCK", "display", 26, P.WARNING)
        elif self.waiting_for_ghosts(seat) and self.winner_seat is None:
            # RULING TT-8: seven hours and a Ghost in hand - it wins when its Ghosts are drawn
            status = text_surface("FULL ROW", "display", 26, P.TT_GHOST_GLOW)
        if status is not None:
            surface.blit(status, status.get_rect(bottomright=(panel.right - 22, panel.bottom - 12)))

    def ghosts_shown(self) -> list[int]:
        """The Ghosts known to be in each hand as the screen has it: the view's count, moved along
        by the Ghost draws animated since (so a panel never shows a Ghost its owner just lost)."""
        moved = self.while_move_plays(self.moved_ghosts)
        if moved is not None:
            return list(moved)
        counts = [int(c) for c in self.view.get("ghost_holders", [])]
        return counts + [0] * (self.seats - len(counts))

    def draw_my_row_frame(self, surface: pygame.Surface) -> None:
        """The bottom row's heading and tags. A spectator sees seat 0 there: it is named and spoken
        of in the third person ("CONSTANTINOPOLIS'S ROW", "PLAYING"), never "YOUR ROW"."""
        me = self.viewer if self.viewer is not None else 0
        geo = self.geometry.get(me)
        if geo is None:
            return
        view = self.view
        watching = self.viewer not in self.local_seats
        first, last = geo.slots[0], geo.slots[-1]
        shared = len(self.local_seats) > 1  # several people read it: "BEN'S ROW", never "YOU"
        label = "YOUR ROW" if not shared and not watching else f"{self.name_of(me).upper()}'S ROW"
        third = watching or shared
        surface.blit(text_surface(label, "display", 30, P.IVORY_DIM), (first.x, first.y - 36))
        x = first.x + text_surface(label, "display", 30, P.IVORY_DIM).get_width() + 16
        ended = self.winner_seat is not None or self.game_over
        corner = None  # the tag in the heading's right corner
        if not ended and view.get("pending") and me in view.get("who_could_place", []):
            corner = text_surface("COULD PLACE IT" if third else "YOU COULD PLACE IT", "display", 30, P.GOOD)
        elif not ended and watching and view.get("turn") == me and self.shown is not None:
            # a player's own turn is said once, in the turn banner at the top
            corner = text_surface("PLAYING", "display", 30, P.BRASS_LIGHT)
        if view and not view.get("completable", [True] * self.seats)[me] and None in view["rows"][me]:
            room = last.right - x - (corner.get_width() + 16 if corner is not None else 0)
            reason = self.stuck_reason(me)
            words = f"STUCK: {reason}" if reason else ""
            if not words or text_surface(words, "display", 30, P.WARNING).get_width() > room:
                words = "CAN NO LONGER BE COMPLETED"
            surface.blit(text_surface(words, "display", 30, P.WARNING), (x, first.y - 36))
        elif self.waiting_for_ghosts(me) and self.winner_seat is None:
            words = "FULL: WINS WHEN ITS GHOST IS DRAWN" if third else "FULL: YOU WIN WHEN YOUR GHOST IS DRAWN"
            tag = text_surface(words, "display", 30, P.TT_GHOST_GLOW)
            surface.blit(tag, (x, first.y - 36))
        if corner is not None:
            surface.blit(corner, corner.get_rect(topright=(last.right, first.y - 36)))

    def stuck_gap(self, seat: int) -> tuple[int, int, int, int, int] | None:
        """The first run of free slots in `seat`'s row with more slots than hours still in play
        between its neighbours (RULING TT-7, the row's ends counting as 05H and 23H), as (first slot,
        slots, hour on the left, hour on the right, hours left), or None: why the row is stuck."""
        rows = self.view.get("rows", [])
        if seat >= len(rows):
            return None
        gone = hours_gone([card for row in rows for card in row if card is not None]
                          + [str(card) for card in self.view.get("out_of_game", [])])
        return stuck_gap(list(rows[seat]), gone)  # the engine's own rule (TT-7) says which gap

    def stuck_reason(self, seat: int) -> str:
        """The stuck gap in words for the row's heading ("2 SLOTS BETWEEN 08H00 AND 10H00, ONLY 1 HOUR
        LEFT"): "can no longer be completed" alone left the player to find the gap and count hours."""
        gap = self.stuck_gap(seat)
        if gap is None:
            return ""
        _, length, low, high, left = gap
        where = (f"BEFORE {high:02d}H00" if low == LEFT_END_HOUR else f"AFTER {low:02d}H00" if high == RIGHT_END_HOUR
                 else f"BETWEEN {low:02d}H00 AND {high:02d}H00")
        hours = "NO HOUR" if left == 0 else f"ONLY {left} HOUR{'S' if left > 1 else ''}"
        return f"{length} SLOT{'S' if length > 1 else ''} {where}, {hours} LEFT"

    def waiting_for_ghosts(self, seat: int) -> bool:
        """RULING TT-8: a full row with a Ghost in hand has not won yet; it wins the moment the
        left-hand neighbour draws the last Ghost away (and keeps what it draws, TT-6b)."""
        view = self.view
        rows = view.get("rows", [])
        if not view or seat >= len(rows) or None in rows[seat] or self.game_over:
            return False
        if self.mine(seat):
            return any(is_ghost(card) for card in view.get("hand", []))
        return self.ghosts_shown()[seat] > 0

    def draw_wells(self, surface: pygame.Surface, seat: int, geo: Geometry) -> None:
        width = geo.slots[0].width
        well = slot_well(width)
        for rect in geo.slots:
            surface.blit(well, rect.topleft)

    def draw_wells_over_glows(self, surface: pygame.Surface) -> None:
        """The wells are in the cached layer; only those with a halo under them are drawn again."""
        lit = {(seat, slot) for seat, slot, _ in self.slot_lights()}
        if self.winner_seat is not None:
            lit |= {(self.winner_seat, slot) for slot in range(SLOTS)}
        focus = self.focus
        if focus is not None and focus[0] == "row" and self.viewer is not None:
            lit.add((self.viewer, focus[1]))
        for seat, slot in lit:
            geo = self.geometry.get(seat)
            if geo is not None:
                rect = geo.slots[slot]
                surface.blit(slot_well(rect.width), rect.topleft)

    # --- the cached table layer --------------------------------------------------------------------
    def layer_key(self) -> tuple[Any, ...]:
        view = self.view
        over = self.shown is None or self.game_over
        could = tuple(view.get("who_could_place", [])) if view.get("pending") else ()
        return (self.built_for, self.tone, None if over else view.get("turn"), could)

    def table_layer(self) -> pygame.Surface:
        """Felt, seat panels, wells and the log panel in one opaque surface, re-rendered only when
        a panel's border changes (once a turn): one blit instead of about forty per frame."""
        key = self.layer_key()
        if self._layer is not None and self._layer_key == key:
            return self._layer
        layer = self._layer if self._layer is not None else pygame.Surface((CANVAS_W, CANVAS_H))
        draw_background(layer, self.tone)
        view = self.view
        for seat, geo in self.geometry.items():
            if geo.panel is not None:
                active = key[2] == seat
                could = seat in key[3]
                border = P.BRASS if active else (P.GOOD if could else (70, 74, 96))
                layer.blit(panel_surface(geo.panel.size, 22, (14, 16, 34, 200), border, 3 if (active or could) else 2),
                           geo.panel.topleft)
            self.draw_wells(layer, seat, geo)
        layer.blit(panel_surface(LOG_RECT.size, 18, (10, 12, 28, 170)), LOG_RECT.topleft)
        del view
        self._layer, self._layer_key = layer, key
        return layer

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The felt, wells and panels from one cached layer once the seats are laid out."""
        if self.geometry:
            surface.blit(self.table_layer(), (0, 0))
        else:
            super().draw_backdrop(surface)

    def lit_slots(self) -> tuple[int | None, list[int]]:
        """(seat, slots) lit on the table: where the pending card may go (RULING TT-4)."""
        view = self.view
        if not view.get("pending") or self.shown is None or self.shown.outcome is not None:
            return None, []
        return int(view.get("turn", 0)), [int(s) for s in view.get("legal_slots", [])]

    def slot_lights(self) -> list[tuple[int, int, tuple[int, int, int]]]:
        """(seat, slot, colour) of every lit well: legal places for the pending card (RULING TT-4),
        or while planning the emergency move the cards that may shift and the slots they may take."""
        lights: list[tuple[int, int, tuple[int, int, int]]] = []
        if self.shift is not None and self.viewer is not None:
            if self.shift.source is None:
                lights += [(self.viewer, slot, P.WARNING) for slot in self.shift_sources()]
            else:
                lights += [(self.viewer, slot, P.GOOD) for slot in self.shift_targets(self.shift.source)]
            return lights
        seat, slots = self.lit_slots()
        if seat is None or seat not in self.geometry or self.animating_pending():
            return lights
        row = self.rows.get(seat, [])
        return [(seat, slot, P.GOOD) for slot in slots if slot < len(row) and row[slot] is None]

    def draw_under_wells(self, surface: pygame.Surface) -> None:
        """Halos go beneath the wells and cards, so they glow around them without filling them."""
        if self.winner_seat is not None and self.winner_seat in self.geometry:
            pulse = 1.0 if MOTION.reduced else 0.5 + 0.5 * math.sin(self.win_glow * 3.0)
            geo = self.geometry[self.winner_seat]
            glow = slot_glow(geo.slots[0].size, P.BRASS_LIGHT)
            glow.set_alpha(int(150 + 105 * pulse))
            for rect in geo.slots:
                surface.blit(glow, (rect.x - 14, rect.y - 14))
            glow.set_alpha(255)
        pulse = 1.0 if MOTION.reduced else 0.5 + 0.5 * math.sin(self.time * 4.0)
        for seat, slot, colour in self.slot_lights():
            rect = self.geometry[seat].slots[slot]
            glow = slot_glow(rect.size, colour)
            glow.set_alpha(int(150 + 105 * pulse))
            surface.blit(glow, (rect.x - 14, rect.y - 14))
            glow.set_alpha(255)
        focus = self.focus
        if focus is not None and focus[0] == "row" and self.viewer in self.geometry:
            draw_focus(surface, self.geometry[self.viewer].slots[focus[1]], 10)

    def draw_row_marks(self, surface: pygame.Surface) -> None:
        """On top of the wells: outlines and chevrons on lit slots (shape, not only colour), a veil
        over the viewer's free slots that cannot take the card, the focus outline."""
        lights = self.slot_lights()
        focused = self.focus[1] if self.focus is not None and self.focus[0] == "row" else None
        for seat, slot, colour in lights:
            rect = self.geometry[seat].slots[slot]
            surface.blit(slot_outline(rect.size, colour), (rect.x - 4, rect.y - 4))
            if seat == self.viewer and slot == focused:
                continue  # the focused well gets its own filled pointer below, not the open chevron
            if self.rows.get(seat, [None] * SLOTS)[slot] is None or self.shift is not None:
                mark = chevron(max(16, rect.width // 3), colour)
                surface.blit(mark, mark.get_rect(center=(rect.centerx, rect.bottom - rect.height // 5)))
        seat, slots = self.lit_slots()
        if self.shift is None and seat is not None and self.mine(seat) and not self.animating_pending():
            geo = self.geometry[seat]
            dark = veil(geo.slots[0].size, 150)
            for slot, sprite in enumerate(self.rows.get(seat, [])):
                if slot not in slots and sprite is None:
                    surface.blit(dark, geo.slots[slot].topleft)
        geo = self.geometry.get(self.viewer)
        if geo is None:
            return
        gap = self.stuck_gap(self.viewer) if self.fanned and self.shift is None else None
        if gap is not None:  # the gap that makes the row stuck (RULING TT-7), named in the heading
            for slot in range(gap[0], gap[0] + gap[1]):
                rect = geo.slots[slot]
                surface.blit(slot_outline(rect.size, P.WARNING), (rect.x - 4, rect.y - 4))
        if self.shift is not None and self.shift.source is not None:
            rect = geo.slots[self.shift.source]
            surface.blit(slot_outline(rect.size, P.BRASS_LIGHT), (rect.x - 4, rect.y - 4))
        if focused is not None:
            rect = geo.slots[focused]
            surface.blit(focus_outline(rect.size, P.BRASS_LIGHT), (rect.x - 4, rect.y - 4))
            if self.rows.get(self.viewer, [None] * SLOTS)[focused] is None or self.shift is not None:
                mark = focus_pointer(max(16, rect.width // 3), P.BRASS_LIGHT)
                surface.blit(mark, mark.get_rect(center=(rect.centerx, rect.bottom - rect.height // 5)))

    def animating_pending(self) -> bool:
        return self.pending is not None and self.pending.pos.moving and self.drag is None

    def note_pile(self, draw_count: Any = None, out: str | None = None) -> None:
        """A refill or a card leaving the game is played: the pile's count (an event's draw_count,
        what the pile holds after it) and the hours out of the game follow at once, not at the move's
        end, so a move that takes two pile cards counts down twice (RULINGS TT-5/TT-6)."""
        version = self._current.version if self._current is not None else None
        if version is None or (self.shown is not None and version <= self.shown.version):
            return  # no move playing, or its view is shown already (and says the same)
        count, gone = self.pile_count(), self.out_of_game()
        if draw_count is not None:
            count = int(draw_count)
        if out is not None:
            gone = gone + [out]
        self.moved_pile = (version, (count, gone))

    def while_move_plays(self, moved: tuple[int, Any] | None) -> Any:
        """The value a move's animation carried along, `moved` = (that move's version, value), while
        the view shown is still the one from before that move; else None (the view says it now)."""
        if moved is not None and (self.shown is None or moved[0] > self.shown.version):
            return moved[1]
        return None

    def pile_count(self) -> int:
        """The draw pile's count as the screen has it: the view's, moved along by the refills and
        the cards out of the game animated since."""
        moved = self.while_move_plays(self.moved_pile)
        return moved[0] if moved is not None else int(self.view.get("draw_count", 0))

    def out_of_game(self) -> list[str]:
        moved = self.while_move_plays(self.moved_pile)
        return list(moved[1]) if moved is not None else list(self.view.get("out_of_game", []))

    def draw_pile(self, surface: pygame.Surface) -> None:
        count = self.pile_count()
        stack = pile_stack(110)
        if count:
            surface.blit(stack, stack.get_rect(center=(round(PILE_POS[0]), round(PILE_POS[1]))))
        else:
            well = slot_well(110)
            surface.blit(well, well.get_rect(center=(round(PILE_POS[0]), round(PILE_POS[1]))))
        number = text_surface(str(count), "display", 64, P.IVORY)
        surface.blit(number, number.get_rect(midleft=(PILE_POS[0] + 78, PILE_POS[1] - 22)))
        label = text_surface("DRAW PILE" if count else "PILE EMPTY", "display", 26,
                             P.IVORY_DIM if count else P.WARNING)
        surface.blit(label, label.get_rect(midleft=(PILE_POS[0] + 80, PILE_POS[1] + 22)))
        for image, topleft in self.out_of_game_tokens(self.out_of_game()):
            surface.blit(image, topleft)

    @staticmethod
    def out_of_game_tokens(out: list[str]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """Every hour out of the game (RULING TT-5), under the pile's count: each hour once, "x2"
        and in the warning colour when both its copies are gone (nobody can place it any more,
        RULING TT-7). All of them, as a player counting hours needs them all. On a small window in
        larger type (`legible_px`: they showed at 11 px on a 1024x768 screen) while they fit
        OUT_RECT; a list too long for that keeps the designed sizes."""
        if not out:
            return []
        copies: dict[int, int] = {}
        for card in out:
            if not is_ghost(card):
                copies[hour_of(card)] = copies.get(hour_of(card), 0) + 1
        for grow in (legible_px, int):
            line = grow(OUT_LINE)
            tokens = [text_surface("OUT OF THE GAME", "display", grow(22), P.IVORY_DIM)]
            tokens += [text_surface(f"{hour:02d}\u00d72" if count > 1 else f"{hour:02d}", "ui-bold", grow(20),
                                    P.WARNING if count > 1 else P.IVORY)
                       for hour, count in sorted(copies.items())]
            placed: list[tuple[pygame.Surface, tuple[int, int]]] = []
            x, y = OUT_RECT.x, OUT_RECT.y
            for image in tokens:
                if x > OUT_RECT.x and x + image.get_width() > OUT_RECT.right:
                    x, y = OUT_RECT.x, y + line
                placed.append((image, (x, y + (line - image.get_height()) // 2)))
                x += image.get_width() + 10
            if y + line <= OUT_RECT.bottom:
                break
        return placed

    def log_area(self) -> pygame.Rect | None:
        return LOG_RECT

    def draw_log(self, surface: pygame.Surface) -> None:
        surface.blit(text_surface("TABLE LOG", "display", 26, P.BRASS), (LOG_RECT.x + 18, LOG_RECT.y + 10))
        px, step, lines = log_type(21, 29, LOG_LINES, room=LOG_RECT.height - 56)  # larger on a small window, fewer lines
        entries = log_tail_entries(self.log, "ui", px, LOG_RECT.width - 36, lines)
        draw_log_lines(surface, entries, LOG_RECT.x + 18, LOG_RECT.y + 46, px, step)

    def draw_hand_focus(self, surface: pygame.Surface, alpha: float) -> None:
        focus = self.focus
        if focus is None or focus[0] not in ("hand", "pick") or self.drag is not None:
            return
        if focus[0] == "pick" and not self.picking:
            return
        sprite = self.sprite_of(focus)
        if sprite is None:
            return
        if focus[0] == "hand":
            draw_card_focus(surface, sprite, alpha)
            sprite.draw(surface, alpha)  # the focused card on top of its neighbours
            if self.carrying:
                self.draw_carry_arrows(surface, sprite.draw_rect(alpha))

    def draw_carry_arrows(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        for side in (-1, 1):
            x = rect.centerx + side * (rect.width // 2 + 22)
            pts = [(x + side * 14, rect.centery), (x - side * 6, rect.centery - 18), (x - side * 6, rect.centery + 18)]
            pygame.draw.polygon(surface, P.BRASS_LIGHT, pts)

    def draw_centre(self, surface: pygame.Surface, alpha: float, darkness: float) -> None:
        if self.picking:
            hand = self.hands.get(self.victim, [])
            focus_sprite = self.sprite_of(self.focus) if self.focus and self.focus[0] == "pick" else None
            for sprite in hand:
                if self.drag is None or sprite is not self.drag.sprite:
                    sprite.draw(surface, alpha)
            if focus_sprite is not None and (self.drag is None or focus_sprite is not self.drag.sprite):
                draw_card_focus(surface, focus_sprite, alpha)
                focus_sprite.draw(surface, alpha)
        if self.pending is not None and (self.drag is None or self.pending is not self.drag.sprite):
            if is_ghost(self.pending.key) and self.pending.face_up:
                glow = radial_alpha(420, P.TT_GHOST_GLOW, 150, 1.6)
                x, y = self.pending.pos.value_at(alpha)  # type: ignore[misc]
                surface.blit(glow, glow.get_rect(center=(round(x), round(y))))
            self.pending.draw(surface, alpha)
            if self.focus is not None and self.focus[0] == "pending":
                draw_focus(surface, self.pending.draw_rect(alpha), 12)
        self.draw_herald(surface)

    def prompt(self) -> str:
        """What the person at the screen should do now, in a few words."""
        view = self.view
        if self.shown is None or self.game_over or not view:
            return ""
        turn = int(view.get("turn", 0))
        if not self.can_act:
            if self.viewer in self.local_seats and turn != self.viewer and self.legal_of("reorder"):
                return f"{self.name_of(turn)} is playing. Rearrange your hand any time."
            return ""
        if self.shift is not None:
            if self.shift.source is not None:
                return "Now choose the free slot beside it."
            if self.shift.moves:
                return f"Shift a second card, or confirm: Shift {len(self.shift.moves)} card."
            return "Emergency move: choose a card of your row to shift."
        if self.picking:
            if None not in view.get("rows", [[None]] * self.seats)[self.viewer or 0]:
                # RULING TT-6b
                return f"Pick a card from {self.name_of(self.victim)}'s hand: your row is full, you keep it."
            if self.legal_of("shift"):  # RULING TT-7: the move is offered instead of the draw
                return f"Pick a card from {self.name_of(self.victim)}'s hand, or make the emergency move."
            return f"Pick a card from {self.name_of(self.victim)}'s hand."
        if self.placing:
            return f"Place {card_label(str(view.get('pending')))} on a lit slot."
        if self.legal_of("keep"):
            return "No slot fits. Someone else could place it: keep it."
        return ""

    def fan_line(self) -> tuple[str, tuple[int, ...]]:
        """The one line above the pick fan: a fresh announcement, else the prompt."""
        herald = self.heralds[-1] if self.heralds else None
        if self.shift is not None:  # planning the emergency move: its next step, not the news before it
            herald = None
        if herald is not None and herald.age < herald.seconds - 0.4 and herald.title:
            text = herald.brief or (f"{herald.title.title()} \u2014 {herald.lines[0]}" if herald.lines else herald.title)
            return text, herald.colour
        return self.prompt(), P.BRASS_LIGHT

    def draw_herald(self, surface: pygame.Surface) -> None:
        herald = self.heralds[-1] if self.heralds else None
        if self.picking or self.shift is not None:  # the fan fills the centre: one line above it
            text, colour = self.fan_line()
            if text:
                self.draw_fan_line(surface, text, colour)
            return
        if herald is not None:
            if herald.image is None:
                herald.image = self.render_herald(herald)
            image = herald.image
            image.set_alpha(herald.opacity())
            rise = max(0.0, 1.0 - herald.age / 0.2) * 14
            top = HERALD_RECT.centery - image.get_height() // 2  # centred on the revealed card
            surface.blit(image, (HERALD_RECT.x, top + round(rise)))
            image.set_alpha(255)
            return
        text = self.prompt()
        if text:
            lines = wrapped(text, "ui-bold", 30, HERALD_RECT.width - 40)  # every frame: cached
            y = HERALD_RECT.centery - len(lines) * 20
            for line in lines:
                image = text_surface(line, "ui-bold", 30, P.BRASS_LIGHT if self.can_act else P.IVORY_DIM)
                surface.blit(image, image.get_rect(midtop=(HERALD_RECT.centerx, y)))
                y += 40

    def fan_line_width(self) -> int:
        """Room for the line over the pick fan: at four seats it lies between the side panels (it
        ran over the first slots of both, the right-hand neighbour's among them)."""
        if self.seats == 4:
            return FOUR_SEAT_FAN_LINE_W
        return 900

    def fan_line_lines(self, text: str) -> tuple[int, tuple[str, ...]]:
        """(px, lines) of the line over the fan: one line, shrunk to fit down to small print (ART.md:
        20 px); below that two lines at 26 px."""
        width = self.fan_line_width()
        px = fit_px(text, "ui-bold", 32, width, min_px=FAN_LINE_MIN_PX)
        if text_surface(text, "ui-bold", px, P.IVORY).get_width() <= width:
            return px, (text,)
        return 26, wrapped(text, "ui-bold", 26, width)

    def fan_line_px(self, text: str) -> int:
        return self.fan_line_lines(text)[0]

    def draw_fan_line(self, surface: pygame.Surface, text: str, colour: tuple[int, ...]) -> pygame.Rect:
        """The line on an ink plate above the fan (two lines grow upwards); returns the plate."""
        px, lines = self.fan_line_lines(text)
        images = [text_surface(line, "ui-bold", px, colour) for line in lines]
        step = images[0].get_height()
        box = pygame.Rect(0, 0, max(image.get_width() for image in images), step * len(images))
        box.midbottom = (int(PICK_CENTRE[0]), int(PICK_PROMPT_Y) + step // 2)
        plate = pygame.Rect(box.x - 24, box.y - 9, box.width + 48, box.height + 18)
        surface.blit(panel_surface(plate.size, 18, P.INK_ALPHA), plate.topleft)
        for k, image in enumerate(images):
            surface.blit(image, image.get_rect(midtop=(box.centerx, box.y + k * step)))
        return plate

    def render_herald(self, herald: Herald) -> pygame.Surface:
        """Rendered once per announcement; drawn with a fading alpha."""
        px = fit_px(herald.title, "display", 96, HERALD_RECT.width - 40)
        parts = [part for line in herald.lines for part in wrap(line, "ui", 26, HERALD_RECT.width - 40)]
        title = text_surface(herald.title, "display", px, herald.colour)
        height = min(HERALD_RECT.height, 14 + title.get_height() + 4 + 34 * len(parts) + 18)
        out = alpha_surface((HERALD_RECT.width, height))
        out.blit(panel_surface((HERALD_RECT.width, height), 22, (10, 12, 30, 225), herald.colour, 3), (0, 0))
        shadow = text_surface(herald.title, "display", px, (0, 0, 0))
        y = 14
        out.blit(shadow, shadow.get_rect(midtop=(HERALD_RECT.width // 2 + 3, y + 4)))
        out.blit(title, title.get_rect(midtop=(HERALD_RECT.width // 2, y)))
        y += title.get_height() + 4
        for part in parts:
            image = text_surface(part, "ui", 26, P.IVORY)
            out.blit(image, image.get_rect(midtop=(HERALD_RECT.width // 2, y)))
            y += 34
        return out

    def draw_buttons(self, surface: pygame.Surface) -> None:
        focus = self.focus
        for index, button in enumerate(self.buttons()):
            button.draw(surface, focus == ("button", index))

    def draw_drop_hint(self, surface: pygame.Surface) -> None:
        drag = self.drag
        if drag is None or drag.target[0] != "pending":
            return
        target = self.hit(drag.pos, drag.sprite)
        geo = self.geometry.get(self.viewer)
        if target is not None and target[0] == "row" and geo is not None:
            draw_focus(surface, geo.slots[target[1]], 10)

    def draw_hint_bar(self, surface: pygame.Surface) -> None:
        if self.app is None or self.viewer not in self.local_seats or self.winner_seat is not None:
            return
        if self.game_over:
            return
        device = self.app.input.last_device
        if device in ("keyboard", "gamepad"):
            # right-aligned at the canvas edge so the hints clear the fanned hand
            draw_hint_row(surface, device, self.hints()[:2], CANVAS_W - 24, CANVAS_H - 40, gap=28)

    def hints(self) -> list[tuple[str, str]]:
        """The keys a keyboard or gamepad player needs for what they may do now."""
        hints: list[tuple[str, str]] = []
        focus = self.focus
        buttons = self.buttons()
        if self.shift is None and focus is not None and focus[0] == "button" and 0 <= focus[1] < len(buttons):
            return [("move", "Choose"), ("confirm", buttons[focus[1]].label)]  # Enter presses that button
        if self.shift is not None:
            hints = [("confirm", "Pick card" if self.shift.source is None else "Move here"), ("back", "Back")]
        elif self.picking:
            hints = [("move", "Choose"), ("confirm", "Draw")]
        elif self.placing:
            hints = [("move", "Slot"), ("confirm", "Place")]
        elif self.can_act and self.legal_of("keep"):
            hints = [("move", "Choose"), ("confirm", "Select")]
        if self.hands.get(self.viewer) and not hints:
            hints = [("page", "Move card"), ("menu", "Menu")]
        return hints

    def draw_menu_button(self, surface: pygame.Surface) -> None:
        """Touch and mouse players have no Esc or Start: the pause (with Rules) is one tap away."""
        hovered = self.hover == ("menu", 0)
        surface.blit(panel_surface(MENU_RECT.size, 16, (20, 22, 44, 220), P.BRASS if hovered else (90, 94, 120), 2),
                     MENU_RECT.topleft)
        draw_menu_label(surface, MENU_RECT)


register_table(GAME_ID, TimeAfterTimeTable)
