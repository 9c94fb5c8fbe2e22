"""The Lost Cities table: two expeditions rows facing each other across the discard piles.

The opponent sits at the top (their expeditions grow up from the centre, their hand as backs in the
top-right corner), you at the bottom (your expeditions grow down from the centre, your hand fanned
along the bottom edge). Between them one lane per colour carries its discard pile, flanked by the
running score of each expedition. The draw pile and its count sit at the right.

A turn has two steps (ruling LC-2), so the left panel always says which one is due, and only that
step's targets light up. What is legal comes from the Update's legal actions; the scene only
decides what to highlight and which action a gesture means. A move can be made by dragging a card
(mouse, touch), by tapping a card and then a target, or by focus (arrows / d-pad, confirm, back).

Everything on screen follows a local `Board` that the incoming events change one at a time (that is
what gets animated); the seat's fresh view replaces it after each update, so the two never drift.
The end of a round opens a scoring panel that counts each expedition up in turn and holds the
table (the session is not polled, so the next deal waits) until someone continues.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

import pygame

from game.core.types import Action, Event
from game.rules.lost_cities import (COLOUR_NAMES, ENGINE, MINUS, TIMES, card_colour, card_name,
                                    expedition_score, is_wager, lane_sort_key)
from game.session.base import Update
from game.ui.chrome import CANVAS_H, CANVAS_W, draw_hint_row, hint_glyphs
from game.ui.chrome import hint_row_width as chrome_hint_row_width
from game.ui.input import Intent
from game.ui.look import palette as P
from game.ui.look.cards_lost_cities import card_back, card_face, lane_marker
from game.ui.look.draw import card_height
from game.ui.look.fonts import fit_px, font, legible_factor, legible_px, text_surface
from game.ui.look.symbols import symbol
from game.ui.look.table import card_shadow, focus_glow
from game.ui.sprites import FLIP_SECONDS, OPPONENT_SLIDE_SECONDS, SLIDE_SECONDS, TRANSFORMS, CardSprite, fan_layout
from game.ui.still_layer import StillLayer, sprite_key
from game.ui.table_base import CountUp, LiftedCardTable, log_type, touch_rect
from game.ui.tables import register_table
from game.ui.tips import offer_first_game_tips
from game.ui.tween import MOTION, bob, ease_out_cubic
from game.ui.widgets import panel_surface

# --- geometry (logical canvas 1920x1080) --------------------------------------------------------
FACE_W = 150  # every sprite carries faces at hand size; other places scale them down (cached)
FACE_H = card_height(FACE_W)
HAND_CENTRE = (930.0, 1012.0)
HAND_MAX_W = 900.0
HAND_ZONE_TOP = 860  # a draw dragged below this line lands in the hand
LANE_SCALE = 0.58
LANE_W = round(FACE_W * LANE_SCALE)
LANE_H = round(FACE_H * LANE_SCALE)
OPPONENT_SCALE = 0.54
DECK_SCALE = 0.8
DECK_POS = (1665.0, 470.0)
OPPONENT_HAND_CENTRE = (1665.0, 190.0)
LANES_CENTRE_X = 965.0
DISCARD_Y = 470.0
CHIP_GAP = 26.0  # centre of the running-score chip from the discard card's edge
CHIP_SIZE = (128, 42)
CHIP_PAD = 24  # the chip's rim and breathing room around its text
STEP_MAX = 34.0  # an expedition card shows this much of the card under it (its whole number)
OPPONENT_TOP_LIMIT = 16.0
BOTTOM_LIMIT = 928.0
EXPEDITION_ZONE_BOTTOM = 880  # below this a drop means "back into my hand"
LEFT_X = 40
LEFT_W = 400
MENU_RECT = pygame.Rect(LEFT_X, 24, 150, 64)
PHASE_BOX = pygame.Rect(LEFT_X, 306, LEFT_W, 230)
# step 1's row, as a button: a touch target of 64 px (ART.md), from 6 px above the row to 2 px over it
TAKE_BACK_RECT = pygame.Rect(PHASE_BOX.x + 16, PHASE_BOX.y + 80, PHASE_BOX.width - 32, 64)
LOG_LINES = 6
LOG_ROWS = 8  # wrapped lines the log panel holds (its box is 300 px tall)
LEFT_NAME_W = 150  # a name in the match box, left of its total
SCORING_NAME_W = 420  # a name heading a column of the scoring panel (the second column's room)
HINT_RIGHT_MARGIN = 36
HINT_HAND_GAP = 18  # clear felt between the hand's last card and the first key cap
HINT_GAP, HINT_KEY_PAD, HINT_KEY_GAP = 22, 18, 8
LOG_UNIT = re.compile(r"\(\d+ left\)|\S+")  # "(32 left)" is never split over two log lines

SWEEP_SECONDS = SLIDE_SECONDS + 0.04  # a round's cards glide back onto the deck (ART.md: moves 180-260 ms)
SELECTED_LIFT = 64.0
FOCUS_LIFT = 30.0
PULSE_HZ = 1.1  # the glow on legal targets breathes (far below 3 flashes a second)

ROW_SECONDS = 0.55  # the scoring panel counts one expedition per step
AUTO_CONTINUE_SECONDS = 2.5  # a table without people moves on by itself after the count
SCORING_GRACE_SECONDS = 0.1  # what the round_end event "takes": enough for the panel to hold the deal
# a bot's turn that keeps the table still this long (at normal speed, scaled as the bots' pause is)
# says it is thinking; its paced pause between play and draw is shorter at every speed, so the words
# never flicker in between its two steps
THINKING_AFTER_SECONDS = 0.8
LAST_CARD_NOTE = ("Drawing it", "ends the round.")  # under the deck when one card is left (ruling LC-5)
THINKING_DOTS_W = 14 + 3 * 18  # the dots' room right of the turn panel's title
THINKING_DOTS_HZ = 1.2  # the dots light in turn, one cycle a second or so (never a flash)

Target = tuple[str, str]  # ("exp", colour) | ("pile", colour) | ("deck", "")

OPPONENT_WORD = re.compile(r"\b[Oo]pponent\b")  # in the engine's solo log lines


@functools.lru_cache(maxsize=64)
def fit_label(text: str, role: str, max_px: int, width: int, min_px: int) -> tuple[str, int]:
    """`text` and its size for one line of `width` px: shrunk down to `min_px` (no smaller, so it
    stays readable), then cut with an ellipsis ("Maximiliana W…")."""
    px = fit_px(text, role, max_px, width, min_px=min_px)
    if font(role, px).size(text)[0] <= width:
        return text, px
    cut = text
    while len(cut) > 1 and font(role, px).size(cut.rstrip() + "\u2026")[0] > width:
        cut = cut[:-1]
    return cut.rstrip() + "\u2026", px


@functools.lru_cache(maxsize=4)
def undo_icon(size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A take-back arrow (an arc over the top, its head pointing down on the left), drawn four
    times larger and smoothed down once, so its curve has no stair steps."""
    big = size * 4
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    centre, radius, width = (big * 0.55, big * 0.58), big * 0.32, max(4, big // 9)
    for step in range(0, 181, 3):  # the arc as overlapping dots: even width at every angle
        angle = math.radians(step)
        x, y = centre[0] + radius * math.cos(angle), centre[1] - radius * math.sin(angle)
        pygame.draw.circle(canvas, colour, (round(x), round(y)), width // 2)
    left = centre[0] - radius
    head = big * 0.2
    pygame.draw.polygon(canvas, colour, [(left - head, centre[1] - head * 0.1), (left + head, centre[1] - head * 0.1),
                                         (left, centre[1] + head * 0.9)])
    return pygame.transform.smoothscale(canvas, (size, size))


def hint_row_width(device: str, hints: tuple[tuple[str, str], ...]) -> int:
    """How wide `draw_hint_row` draws `hints` with this table's sizes (key caps and words)."""
    return chrome_hint_row_width(device, hints, gap=HINT_GAP, label_px=22, key_px=20, key_pad=HINT_KEY_PAD,
                                 key_gap=HINT_KEY_GAP)


@functools.lru_cache(maxsize=64)
def hints_that_fit(device: str, hints: tuple[tuple[str, str], ...], room: int) -> tuple[tuple[str, str], ...]:
    """The hint row right of the hand never runs over its cards: "Choose" goes first, then
    "Menu" (the Menu button is always on screen), until the row fits `room`."""
    row = hints
    for optional in ("move", "menu"):
        if hint_row_width(device, row) <= room:
            break
        row = tuple(hint for hint in row if hint[0] != optional) or row
    return row


# a step joins the kept image once its key held this many frames in a row: a count-up that steps
# every other frame, or a pulse that holds a frame or two, stays drawn over the image, not composed
# into it and dropped again the next frame
KEPT_AFTER_FRAMES = 3


class DrawStep(NamedTuple):
    """One step of drawing the table (see `LostCitiesTable.draw_kept`): what it is, everything it
    is drawn from (None: it changes every frame), where it may draw (None: anywhere), the drawing."""

    name: Any
    key: Callable[[], Any]
    footprint: Callable[[], list[pygame.Rect] | None]
    draw: Callable[[pygame.Surface], None]


def no_key() -> None:
    """The key of a step drawn fresh every frame (a dragged card, the round's scores)."""
    return None


def whole_canvas() -> None:
    """The footprint of a step that may draw anywhere."""
    return None


def sprite_footprint(sprite: CardSprite, alpha: float) -> list[pygame.Rect]:
    """Where `CardSprite.draw` draws the card and its shadow now (the same transformed images)."""
    if not sprite.visible:
        return []
    scale = float(sprite.scale.value_at(alpha))  # type: ignore[arg-type]
    image, image_scale = sprite.shown_image(scale)
    squash = float(sprite.squash.value_at(alpha))  # type: ignore[arg-type]
    if image is None or squash <= 0.02:
        return []
    x, y = sprite.pos.value_at(alpha)  # type: ignore[misc]
    lift = float(sprite.lift.value_at(alpha))  # type: ignore[arg-type]
    if sprite.focused:
        lift += bob(sprite._time, 4.0)
    angle = float(sprite.angle.value_at(alpha))  # type: ignore[arg-type]
    drawn = TRANSFORMS.get(image, angle, image_scale, squash)
    rects = [drawn.get_rect(center=(round(x), round(y - lift)))]
    cover = sprite.cover_image(scale)
    if cover is not None:
        rects.append(TRANSFORMS.get(cover[0], angle, cover[1], squash).get_rect(center=rects[0].center))
    if sprite.shadow is not None and squash > 0.5:
        shadow = TRANSFORMS.get(sprite.shadow, angle, scale, 1.0)
        offset = 6 + lift * 0.35
        rects.append(shadow.get_rect(center=(round(x + offset * 0.5), round(y + offset))))
    return rects


def opponent_plate_footprint() -> list[pygame.Rect]:
    """The opponent's name plate over their hand (at most 360 px of words and its rim)."""
    rect = pygame.Rect(0, 0, 360 + 48 + 16, 72)
    rect.center = (round(OPPONENT_HAND_CENTRE[0]), 52)
    return [rect]


@dataclass
class Placement:
    pos: tuple[float, float]
    angle: float
    scale: float
    z: int
    face_up: bool


@dataclass
class Board:
    """What the table shows: card keys per place. A key is a card id, or "back-<seat>-<n>" for a
    card whose face this seat may not see."""

    colours: list[str]
    bottom: int
    hands: list[list[str]]
    expeditions: list[dict[str, list[str]]]
    discards: dict[str, list[str]]
    deck_count: int
    round: int
    last_discard: str | None = None

    @property
    def top(self) -> int:
        return 1 - self.bottom


@dataclass
class Drag:
    key: str
    grab: tuple[float, float]  # pointer offset from the card centre
    source: str  # "hand" | "deck" | a colour (drawing from its discard pile)


@dataclass
class RoundScoring:
    """The end-of-round panel: each expedition scores in turn, its breakdown counting up."""

    round: int
    colours: list[str]
    breakdown: list[list[list[Any]]]  # per seat: [colour, cards, sum, wagers, bonus, score]
    scores: list[int]
    totals: list[int]
    last_round: bool
    needs_confirm: bool
    time: float = 0.0
    closed: bool = False
    ticked: set[int] = field(default_factory=set)

    @property
    def count_seconds(self) -> float:
        return MOTION.duration(ROW_SECONDS) * (len(self.colours) + 1)

    @property
    def counted(self) -> bool:
        return self.time >= self.count_seconds

    def row_progress(self, row: int) -> float:
        """0..1: how far row `row` has counted up (the last row is the round total)."""
        step = max(1e-3, MOTION.duration(ROW_SECONDS))
        return max(0.0, min(1.0, (self.time - row * step) / step))


class LostCitiesTable(LiftedCardTable):
    """The table scene of Lost Cities (see the module docstring)."""

    suggestions = True  # "Suggest a move" in the pause menu (describe_move)
    menu_button_rect = MENU_RECT

    tone = "green"
    status_anchor = ("bottomleft", (40, CANVAS_H - 24))  # the top right holds the opponent's hand

    def __init__(self, app: Any, session: Any, viewer: int | None = None) -> None:
        super().__init__(app, session, viewer)
        self.board: Board | None = None
        self.sprites: dict[str, CardSprite] = {}
        self.leaving: list[CardSprite] = []  # cards swept off the table between rounds
        self._rest_z: dict[str, int] = {}
        self._serial = 0
        self.hover_pos: tuple[float, float] | None = None  # where the mouse rests (hover looks)
        self.focus: tuple[str, Any] | None = None  # ("hand", key) or ("target", Target)
        self.selected: str | None = None
        self.drag: Drag | None = None
        self._draw_spawn: tuple[float, float] | None = None  # where a card dragged off the deck was let go
        self.scoring: RoundScoring | None = None
        self.log: list[str] = []
        self._dealt_round = 0  # the round whose deal was animated (spectators get one deal per seat)
        self._log_total = 0  # lines ever logged (the list itself keeps only the last 40)
        self._log_wrapped: tuple[tuple[int, int], list[tuple[str, bool]]] = ((-1, 0), [])
        self._unread_round_end: Event | None = None  # a round's scores the table opened just after
        self._scored_totals: list[int] | None = None  # the match totals a round's end brought, until its view
        self._time = 0.0
        # a deal under way, while cards still wait on the deck: when it began and when each card leaves
        self._deal_out: tuple[float, list[float]] | None = None
        self._still_seconds = 0.0  # how long nothing has moved on the table (a bot thinking shows it)
        self._back = card_back(FACE_W)
        self._shadow = card_shadow((FACE_W, FACE_H))
        self._dim_cache: dict[tuple[int, int], pygame.Surface] = {}
        self._lanes_base: tuple[tuple[Any, ...], pygame.Surface] | None = None  # (what it shows, the picture)
        # the scores on the table count to their new values (ART.md): each expedition's chip once its
        # newest card has landed, the match totals once the round's scoring panel is closed
        self.counts = CountUp()

    # --- who sits where ----------------------------------------------------------------------------
    @property
    def bottom_seat(self) -> int:
        return self.viewer if self.viewer is not None else 0

    @property
    def dealing(self) -> bool:
        """A new round's deal is on the table while the view shown is still the last round's."""
        return self.board is not None and self.board.round != int(self.view.get("round", self.board.round))

    @property
    def phase(self) -> str:
        return str(self.view.get("phase", "play"))

    def seat_label(self, seat: int) -> str:
        if len(self.local_seats) == 1 and seat == self.viewer:
            return "You"
        return self.name_of(seat)

    # --- legality, read from the Update --------------------------------------------------------
    def legal_action(self, kind: str, **args: Any) -> Action | None:
        if self.viewer is None:
            return None
        action = Action.make(self.viewer, kind, **args)
        return action if action in self.legal else None

    def taken_back_card(self) -> str | None:
        """The card this person laid this turn and may still take back (before drawing)."""
        if not self.can_act or self.phase != "draw" or self.legal_action("undo") is None:
            return None
        laid = self.view.get("laid")
        return str(laid) if laid else None

    def take_back(self) -> bool:
        """Undo this turn's play or discard (the engine's "undo", legal until the draw)."""
        action = self.legal_action("undo")
        if action is None or not self.can_act:
            return False
        self.submit(action)
        return True

    @property
    def bot_thinking(self) -> bool:
        """A bot's turn has kept the table still a while: it is choosing its move (the master's
        search can take seconds), and the turn panel says so instead of looking frozen."""
        shown = self.shown
        if shown is None or not shown.active or self.game_over or self.board is None:
            return False
        seat = shown.active[0]
        seats = self.session.seats()
        if seat in self.local_seats or seat >= len(seats) or seats[seat].kind != "bot":
            return False
        return self._still_seconds >= MOTION.wait(THINKING_AFTER_SECONDS)

    def rules_topic(self) -> str | None:
        """Rules from the pause menu open at the turn's two steps (play or discard, then draw), and
        at Scoring while a round's scores are being counted or the match is over."""
        return "Scoring" if self.scoring is not None or self.game_over else "A turn"

    def describe_move(self, action: Action) -> str:
        if action.kind in ("play", "discard"):
            card = str(action["card"])
            name = COLOUR_NAMES[card_colour(card)]
            if action.kind == "play":
                return f"play {card_name(card)} on your {name} expedition"
            return f"discard {card_name(card)} onto the {name} pile"
        if action.kind == "draw":
            source = str(action["source"])
            if source == "deck":
                return "draw from the deck"
            pile = self.view.get("discards", {}).get(source) or []
            top = card_name(str(pile[-1])) if pile else f"the {COLOUR_NAMES[source]} card"
            return f"take {top} from the {COLOUR_NAMES[source]} pile"
        return super().describe_move(action)

    def point_at(self, action: Action) -> None:
        if action.kind in ("play", "discard"):
            self.focus = ("hand", str(action["card"]))
        elif action.kind == "draw":
            source = str(action["source"])
            self.focus = ("target", ("deck", "") if source == "deck" else ("pile", source))

    def playable(self, card: str) -> bool:
        return self.legal_action("play", card=card) is not None

    def draw_sources(self) -> list[str]:
        """Legal draw sources in screen order: piles left to right, then the deck."""
        sources = [str(a["source"]) for a in self.legal if a.kind == "draw"]
        colours = self.board.colours if self.board else []
        ordered = [c for c in colours if c in sources]
        return ordered + (["deck"] if "deck" in sources else [])

    def legal_targets(self, card: str) -> list[Target]:
        targets: list[Target] = []
        colour = card_colour(card)
        if self.playable(card):
            targets.append(("exp", colour))
        if self.legal_action("discard", card=card) is not None:
            targets.append(("pile", colour))
        return targets

    # --- geometry ---------------------------------------------------------------------------------
    def lane_x(self, colour: str) -> float:
        colours = self.board.colours if self.board else list("ybwgr")
        n = len(colours)
        pitch = 180.0 if n <= 5 else 160.0
        return LANES_CENTRE_X + (colours.index(colour) - (n - 1) / 2) * pitch

    @property
    def lane_pitch(self) -> float:
        return 180.0 if self.board is None or len(self.board.colours) <= 5 else 160.0

    def chip_centre(self, seat: int, colour: str) -> tuple[float, float]:
        dy = LANE_H / 2 + CHIP_GAP
        return (self.lane_x(colour), DISCARD_Y + dy if seat == self.bottom_seat else DISCARD_Y - dy)

    def expedition_slot(self, seat: int, colour: str, index: int, count: int) -> tuple[float, float]:
        """Centre of card `index` of an expedition of `count` cards; the step shrinks so 12 fit."""
        bottom = seat == self.bottom_seat
        first = DISCARD_Y + LANE_H / 2 + 2 * CHIP_GAP + 6 + LANE_H / 2
        room = (BOTTOM_LIMIT - LANE_H / 2) - first if bottom else (DISCARD_Y - OPPONENT_TOP_LIMIT) - (
            LANE_H / 2 + 2 * CHIP_GAP + 6 + LANE_H / 2) - LANE_H / 2
        step = STEP_MAX if count <= 1 else min(STEP_MAX, room / (count - 1))
        if bottom:
            return (self.lane_x(colour), first + index * step)
        return (self.lane_x(colour), 2 * DISCARD_Y - first - index * step)

    def pile_rect(self, colour: str) -> pygame.Rect:
        rect = pygame.Rect(0, 0, LANE_W, LANE_H)
        rect.center = (round(self.lane_x(colour)), round(DISCARD_Y))
        return rect

    def expedition_zone(self, colour: str) -> pygame.Rect:
        """Where a card dropped or tapped means "play it on my expedition" (touch sized)."""
        width = int(self.lane_pitch) - 14
        top = int(DISCARD_Y + LANE_H / 2 + 6)
        return pygame.Rect(round(self.lane_x(colour) - width / 2), top, width, EXPEDITION_ZONE_BOTTOM - top)

    def on_their_side(self, pos: tuple[float, float]) -> bool:
        """Over the opponent's expeditions (above the discard piles, between the outer lanes)."""
        if self.board is None:
            return False
        colours = self.board.colours
        left = self.lane_x(colours[0]) - self.lane_pitch / 2
        right = self.lane_x(colours[-1]) + self.lane_pitch / 2
        return left <= pos[0] <= right and pos[1] < DISCARD_Y - LANE_H / 2 - 8

    def pile_zone(self, colour: str) -> pygame.Rect:
        return self.pile_rect(colour).inflate(int(self.lane_pitch) - 14 - LANE_W, 16)

    def deck_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, round(FACE_W * DECK_SCALE), round(FACE_H * DECK_SCALE))
        rect.center = (round(DECK_POS[0]), round(DECK_POS[1]))
        return rect

    def target_rect(self, target: Target) -> pygame.Rect:
        kind, colour = target
        if kind == "deck":
            return self.deck_rect()
        if kind == "pile":
            return self.pile_rect(colour)
        board = self.board
        count = len(board.expeditions[self.bottom_seat][colour]) if board else 0
        top = self.expedition_slot(self.bottom_seat, colour, 0, max(1, count))
        last = self.expedition_slot(self.bottom_seat, colour, max(0, count - 1), max(1, count))
        rect = pygame.Rect(0, 0, LANE_W, round(last[1] - top[1]) + LANE_H)
        rect.midtop = (round(top[0]), round(top[1] - LANE_H / 2))
        return rect

    def target_at(self, pos: tuple[float, float]) -> Target | None:
        if self.board is None:
            return None
        if self.deck_rect().inflate(20, 20).collidepoint(pos):
            return ("deck", "")
        for colour in self.board.colours:
            if self.pile_zone(colour).collidepoint(pos):
                return ("pile", colour)
            if self.expedition_zone(colour).collidepoint(pos):
                return ("exp", colour)
        return None

    def hand_key_at(self, pos: tuple[float, float]) -> str | None:
        if self.board is None:
            return None
        for key in reversed(self.board.hands[self.bottom_seat]):
            sprite = self.sprites.get(key)
            if sprite is not None and sprite.contains(pos):
                return key
        return None

    # --- placements -------------------------------------------------------------------------------
    def placements(self) -> dict[str, Placement]:
        board = self.board
        out: dict[str, Placement] = {}
        if board is None:
            return out
        bottom_hand = board.hands[board.bottom]
        for i, ((x, y), angle) in enumerate(fan_layout(len(bottom_hand), HAND_CENTRE, FACE_W, HAND_MAX_W,
                                                       max_angle=9.0, arc=22.0)):
            key = bottom_hand[i]
            out[key] = Placement((x, y), angle, 1.0, 400 + i, not key.startswith("back-"))
        top_hand = board.hands[board.top]
        width = FACE_W * OPPONENT_SCALE
        for i, ((x, y), angle) in enumerate(fan_layout(len(top_hand), OPPONENT_HAND_CENTRE, width, 380.0,
                                                       max_angle=7.0, arc=14.0)):
            key = top_hand[i]
            out[key] = Placement((x, 2 * OPPONENT_HAND_CENTRE[1] - y), -angle, OPPONENT_SCALE, 300 + i,
                                 not key.startswith("back-"))
        for seat in (0, 1):
            for colour in board.colours:
                cards = board.expeditions[seat][colour]
                for i, key in enumerate(cards):
                    z = 200 + i if seat == board.bottom else 200 - i  # the top seat's newest slides under
                    out[key] = Placement(self.expedition_slot(seat, colour, i, len(cards)), 0.0, LANE_SCALE, z, True)
        for colour in board.colours:
            pile = board.discards[colour]
            for i, key in enumerate(pile):
                depth = min(len(pile) - 1 - i, 4)
                out[key] = Placement((self.lane_x(colour) + depth * 1.5, DISCARD_Y + depth * 2.0), 0.0,
                                     LANE_SCALE, 100 + i, True)
        return out

    def _new_back_key(self, seat: int) -> str:
        self._serial += 1
        return f"back-{seat}-{self._serial}"

    def _make_sprite(self, key: str, pos: tuple[float, float], scale: float, face_up: bool) -> CardSprite:
        face = None if key.startswith("back-") else card_face(key, FACE_W)
        sprite = CardSprite(key, face, self._back, pos, face_up=face_up and face is not None, scale=scale)
        sprite.shadow = self._shadow
        self.sprites[key] = sprite
        return sprite

    def relayout(self, seconds: float = SLIDE_SECONDS, moving: dict[str, float] | None = None,
                 instant: bool = False) -> None:
        """Send every sprite to its place; cards named in `moving` travel for their own seconds,
        ride above the others meanwhile, and flip when their face changes."""
        moving = moving or {}
        places = self.placements()
        dragged = self.drag.key if self.drag is not None else None
        in_hand = set(self.board.hands[self.board.bottom]) if self.board is not None else set()
        for key, place in places.items():
            sprite = self.sprites.get(key)
            if sprite is None:
                sprite = self._make_sprite(key, DECK_POS, DECK_SCALE, False)
                if instant:
                    sprite.face_up = place.face_up
            if key == dragged:
                continue
            if key not in in_hand and (sprite.lift.target or sprite.focused):
                # a card that leaves the hand lifted or focused (the pointer rested on it when it
                # was dropped) lies flat where it lands: no hovering card with its shadow left
                # behind over the running score, no bob
                sprite.focused = False
                sprite.lift.to(0.0, moving.get(key, seconds))
            self._rest_z[key] = place.z
            if instant:
                sprite.pos.set(place.pos)
                sprite.angle.set(place.angle)
                sprite.scale.set(place.scale)
                sprite.face_up = place.face_up
                sprite.z = place.z
                continue
            duration = moving.get(key, seconds)
            if key in moving:
                sprite.z = 900 + len(moving)
            target = (float(place.pos[0]), float(place.pos[1]))
            if sprite.pos.target != target or sprite.angle.target != place.angle or sprite.scale.target != place.scale:
                sprite.slide_to(target, duration, angle=place.angle, scale=place.scale)
            if sprite.face_up != place.face_up:  # turned over mid-flight, in a flip's time (ART.md: 160-200 ms)
                flip = min(FLIP_SECONDS, duration)
                sprite.flip(place.face_up, flip, delay=(duration - flip) / 2)
            if key not in moving and not sprite.moving:
                sprite.z = place.z
        for key in [k for k in self.sprites if k not in places and k != dragged]:
            self._sweep(self.sprites.pop(key))
            self._rest_z.pop(key, None)
        self._fix_focus()

    def _sweep(self, sprite: CardSprite, delay: float = 0.0) -> None:
        """A card leaves the table (a new round): it turns over and glides onto the deck, where it
        is dropped once it lies there (no fade: a translucent blit would cost the card its
        rounded corners, see the report on `CardSprite.draw`)."""
        sprite.set_focus(False)
        sprite.slide_to(DECK_POS, SWEEP_SECONDS, delay=delay, angle=0.0, scale=DECK_SCALE)
        if sprite.face_up:
            sprite.flip(False, FLIP_SECONDS, delay)
        sprite.z = 50
        self.leaving.append(sprite)

    # --- the board from a view ------------------------------------------------------------------
    def board_from_view(self, view: dict[str, Any]) -> Board:
        colours = list(view.get("colours", []))
        bottom = self.bottom_seat
        old = self.board if self.board is not None and self.board.bottom == bottom else None
        hands: list[list[str]] = []
        for seat in (0, 1):
            if seat == self.viewer:
                hands.append(sorted(view.get("hand", []), key=lane_sort_key))
                continue
            known = sorted(view.get("known_in_hand", [[], []])[seat], key=lane_sort_key)
            sizes = view.get("hand_sizes", [0, 0])
            backs_needed = max(0, int(sizes[seat]) - len(known))
            reuse = [k for k in (old.hands[seat] if old else []) if k.startswith("back-")][:backs_needed]
            while len(reuse) < backs_needed:
                reuse.append(self._new_back_key(seat))
            hands.append(known + reuse)
        return Board(colours=colours, bottom=bottom, hands=hands,
                     expeditions=[{c: list(view["expeditions"][s][c]) for c in colours} for s in (0, 1)],
                     discards={c: list(view["discards"][c]) for c in colours},
                     deck_count=int(view.get("deck_count", 0)), round=int(view.get("round", 1)),
                     last_discard=view.get("last_discard"))

    def log_history(self, moves: tuple[tuple[int, tuple[Event, ...]], ...]) -> None:
        """The log of a game under way; if its last move ended a round, that round's scores are
        still unread (the game was left while its scoring panel was up) until a person here moved
        again; a bot's move of the next round may already be in (it plays while the panel is read)."""
        super().log_history(moves)
        self._unread_round_end = None
        for _, events in moves:
            for event in events:
                if event.kind == "round_end":
                    self._unread_round_end = event
                elif event.kind in ("play", "discard", "draw", "undo") and event.get("seat") in self.local_seats:
                    self._unread_round_end = None  # a person here played on after reading it

    def enter(self) -> None:
        """A table opened right after a round ended (Continue, a LAN seat taken back) shows that
        round's scoring panel first, as the live table did when the round ended."""
        super().enter()
        event, self._unread_round_end = self._unread_round_end, None
        if event is not None and self.board is not None and not self.game_over and self.scoring is None:
            self._open_scoring(event)

    def on_view(self, update: Update) -> None:
        view = update.view
        if not view or "colours" not in view:
            return
        first = self.board is None
        new_round = self.board is not None and self.board.round != int(view.get("round", 1))
        reseated = self.board is not None and self.board.bottom != self.bottom_seat
        if reseated:  # hot-seat: another person took the screen; nothing of the old hand may linger
            self.sprites.clear()
            self.leaving.clear()
            self.selected = None
            self.drag = None
        if new_round:
            for key in list(self.sprites):
                self._sweep(self.sprites.pop(key))
        self.board = self.board_from_view(view)
        if first or reseated:
            self.counts.snap_next()
        self._scored_totals = None  # the view's own totals are up to date now
        self._dealt_round = max(self._dealt_round, self.board.round)
        if first and not self.log:
            self.add_log(self._round_line(int(view.get("round", 1)), int(view.get("starter", 0))))
        if first and update.version == 0:
            self.hold(self.deal_in(0.0))  # the first move waits for the cards (a bot's flew amid the deal)
        else:
            self.relayout(instant=first or reseated)
        if self.selected is not None and self.selected not in self.board.hands[self.bottom_seat]:
            self.selected = None
        self._fix_focus(reset=True)

    def deal_in(self, delay: float) -> float:
        """Both hands arrive from the deck, one card at a time, alternating (ART.md: staggered)."""
        board = self.board
        assert board is not None
        step = 0.05
        order: list[str] = []
        for i in range(max(len(board.hands[0]), len(board.hands[1]))):
            for seat in (board.top, board.bottom):
                if i < len(board.hands[seat]):
                    order.append(board.hands[seat][i])
        places = self.placements()
        for n, key in enumerate(order):
            place = places[key]
            sprite = self.sprites.get(key) or self._make_sprite(key, DECK_POS, DECK_SCALE, False)
            sprite.pos.set(DECK_POS)
            sprite.scale.set(DECK_SCALE)
            sprite.angle.set(0.0)
            sprite.face_up = False
            sprite.z = 900 + n  # in flight; back to its resting z once it lands
            self._rest_z[key] = place.z
            sprite.slide_to(place.pos, SLIDE_SECONDS + 0.04, delay=delay + n * step, angle=place.angle,
                            scale=place.scale)
            if place.face_up:
                sprite.flip(True, FLIP_SECONDS, delay=delay + n * step + 0.06)
        self._fix_focus(reset=True)
        self.play("shuffle", 0.7)
        self._deal_out = (self._time, [MOTION.duration(delay + n * step) for n in range(len(order))])
        return delay + (len(order) - 1) * step + SLIDE_SECONDS + 0.06  # the last card has landed

    def deck_shown(self) -> int:
        """The deck's count as the table shows it: during a deal, the cards still waiting on it count
        too, so it ticks down as they leave (it read the new round's 44 before the first card left).
        Each card leaves when its flight's delay is over (the same scaled delay its sprite waits)."""
        board = self.board
        assert board is not None
        if self._deal_out is None:
            return board.deck_count
        began, departures = self._deal_out
        waiting = sum(self._time - began < leaves for leaves in departures)
        if not waiting:
            self._deal_out = None
        return board.deck_count + waiting

    # --- events -----------------------------------------------------------------------------------
    def animate_event(self, event: Event, update: Update) -> float:
        self.log_event(event)
        board = self.board
        if board is None:
            return 0.0
        kind = event.kind
        if kind in ("play", "discard"):
            return self._animate_lay(event)  # seconds at normal speed: the base applies the setting
        if kind == "undo":
            return self._animate_take_back(event)
        if kind == "draw":
            return self._animate_draw(event)
        if kind == "deal":
            return self._animate_deal(event)
        if kind == "round_end":
            self._open_scoring(event)
            # a moment of "busy": the base's event loop stops here, and from the next frame on
            # `holding()` keeps the next deal from running behind the panel while it is read
            return SCORING_GRACE_SECONDS
        return 0.0

    def _is_mine(self, seat: int) -> bool:
        return seat == self.viewer

    def _take_from_hand(self, seat: int, card: str) -> str:
        """Remove `card` from a hand on the board; a face-down card becomes it (and will flip)."""
        assert self.board is not None
        hand = self.board.hands[seat]
        if card in hand:
            hand.remove(card)
            return card
        backs = [k for k in hand if k.startswith("back-")]
        if backs:
            back = backs[len(backs) // 2]
            hand.remove(back)
            sprite = self.sprites.pop(back, None)
            if sprite is not None:
                sprite.key = card
                sprite.face = card_face(card, FACE_W)
                self.sprites[card] = sprite
        return card

    def _animate_lay(self, event: Event) -> float:
        assert self.board is not None
        seat, card, colour = int(event["seat"]), str(event["card"]), str(event["colour"])
        self._take_from_hand(seat, card)
        if event.kind == "play":
            self.board.expeditions[seat][colour].append(card)
            self.board.last_discard = None
        else:
            self.board.discards[colour].append(card)
            self.board.last_discard = card
        seconds = SLIDE_SECONDS if self._is_mine(seat) else OPPONENT_SLIDE_SECONDS
        if self.selected == card:
            self.selected = None
        if self.drag is not None and self.drag.key == card:
            self.drag = None
        self.relayout(moving={card: seconds})
        self.play("place" if event.kind == "play" else "slide", 0.9)
        return seconds + 0.03

    def _animate_take_back(self, event: Event) -> float:
        """The card laid this turn glides back into its hand, face up (everyone saw it)."""
        assert self.board is not None
        seat, card, colour = int(event["seat"]), str(event["card"]), str(event["colour"])
        for pile in (self.board.expeditions[seat][colour], self.board.discards[colour]):
            if card in pile:
                pile.remove(card)
        self.board.last_discard = None
        self.board.hands[seat].append(card)
        self.board.hands[seat] = self._sorted_hand(seat)
        seconds = SLIDE_SECONDS if self._is_mine(seat) else OPPONENT_SLIDE_SECONDS
        self.relayout(moving={card: seconds})
        if self._is_mine(seat):
            self.focus = ("hand", card)
        self.play("slide", 0.8)
        return seconds + 0.03

    def _animate_draw(self, event: Event) -> float:
        assert self.board is not None
        seat, source = int(event["seat"]), str(event["source"])
        card = event.get("card")
        seconds = SLIDE_SECONDS + 0.04 if self._is_mine(seat) else OPPONENT_SLIDE_SECONDS
        if source == "deck":
            self.board.deck_count = int(event.get("deck_count", max(0, self.board.deck_count - 1)))
            key = str(card) if card and (seat == self.viewer) else self._new_back_key(seat)
            if key in self.sprites:  # a leftover with the same id from an earlier round
                self.sprites.pop(key)
            spawn, self._draw_spawn = (self._draw_spawn or DECK_POS), None
            self._make_sprite(key, spawn, DECK_SCALE, False)
        else:
            key = str(card)
            pile = self.board.discards.get(source, [])
            if key in pile:
                pile.remove(key)
        self.board.hands[seat].append(key)
        if seat == self.bottom_seat or not key.startswith("back-"):
            self.board.hands[seat] = self._sorted_hand(seat)
        self.board.last_discard = None
        self.relayout(moving={key: seconds})
        self.play("flip" if self._is_mine(seat) and source == "deck" else "slide", 0.8)
        return seconds + 0.03

    def _sorted_hand(self, seat: int) -> list[str]:
        assert self.board is not None
        hand = self.board.hands[seat]
        faces = sorted((k for k in hand if not k.startswith("back-")), key=lane_sort_key)
        return faces + [k for k in hand if k.startswith("back-")]

    def _animate_deal(self, event: Event) -> float:
        """A new round (ruling LC-7): the old table is swept into the deck, then 8 cards each.
        A seat's own deal names its cards; a spectator gets a card-less twin per seat and deals
        once, face down."""
        assert self.board is not None
        round_number = int(event["round"])
        if self._dealt_round == round_number:
            return 0.0
        self._dealt_round = round_number
        for key in list(self.sprites):
            self._sweep(self.sprites.pop(key))
        self._rest_z.clear()
        sizes = list(event.get("hand_sizes", [8, 8]))
        colours = self.board.colours
        hands: list[list[str]] = [[], []]
        for seat in (0, 1):
            if seat == self.viewer and seat == int(event["seat"]) and event.get("cards") is not None:
                hands[seat] = sorted((str(c) for c in event["cards"]), key=lane_sort_key)
            else:
                hands[seat] = [self._new_back_key(seat) for _ in range(int(sizes[seat]))]
        self.board = Board(colours=colours, bottom=self.bottom_seat, hands=hands,
                           expeditions=[{c: [] for c in colours} for _ in (0, 1)],
                           discards={c: [] for c in colours}, deck_count=int(event["deck_count"]),
                           round=int(event["round"]))
        self.selected = None
        self.play("deal", 0.8)
        return self.deal_in(0.3)

    def _round_line(self, round_number: int, starter: int) -> str:
        who = "you start" if starter == self.viewer and len(self.local_seats) == 1 else f"{self.name_of(starter)} starts"
        return f"Round {round_number}: {who}"

    def log_event(self, event: Event) -> None:
        if event.kind == "deal" and self.log and self.log[-1].startswith(f"Round {event['round']}"):
            return
        solo = len(self.local_seats) == 1 and self.viewer is not None
        if event.kind == "round_end":
            self.add_log(self._round_end_line(event, solo))
            return
        if event.kind == "match_end":
            self.add_log(self._match_end_line(event, solo))
            return
        if not solo and event.kind == "draw" and event.get("source") == "deck" and event.get("card"):
            # hot-seat: the log stays on screen when the next person takes it, so the card
            # drawn blind from the deck is never named there (the drawer sees it in the hand)
            event = Event.make("draw", None, **{k: v for k, v in event.args if k != "card"})
        line = ENGINE.describe(event, self.viewer if solo else None)
        if solo:  # the engine says "Opponent"; this table knows who that is
            line = OPPONENT_WORD.sub(self.name_of(1 - int(self.viewer)), line)
        else:
            for seat in (0, 1):
                line = line.replace(f"Player {seat + 1}", self.name_of(seat))
        self.add_log(line)

    def _round_end_line(self, event: Event, solo: bool) -> str:
        """"Round 1 ends: you +12, Ada −5": each score with whose it is (the engine's line for a
        shared screen is a bare "12 to -5")."""
        scores = [int(s) for s in event["scores"]]
        head = f"Round {event['round']} ends" + (" (safety cap)" if event.get("reason") == "cap" else "")
        order = (self.bottom_seat, 1 - self.bottom_seat)
        parts = [f"{'you' if solo and seat == self.viewer else self.name_of(seat)} {self._signed(scores[seat])}"
                 for seat in order]
        return f"{head}: {', '.join(parts)}"

    def _match_end_line(self, event: Event, solo: bool) -> str:
        """"Ada wins the match, 40 to −8" or "The match is a draw at 31" (true minus signs)."""
        totals, winners = [int(t) for t in event["totals"]], [int(w) for w in event["winners"]]
        if len(winners) != 1:
            return f"The match is a draw at {self._minus(totals[0])}"
        win = winners[0]
        who = "You win" if solo and win == self.viewer else f"{self.name_of(win)} wins"
        return f"{who} the match, {self._minus(totals[win])} to {self._minus(totals[1 - win])}"

    def add_log(self, line: str) -> None:
        self.log.append(line)
        self._log_total += 1
        del self.log[:-40]

    # --- the scoring panel --------------------------------------------------------------------
    def _open_scoring(self, event: Event) -> None:
        assert self.board is not None
        self.scoring = RoundScoring(
            round=int(event["round"]), colours=list(self.board.colours),
            breakdown=[[list(row) for row in seat_rows] for seat_rows in event["breakdown"]],
            scores=[int(s) for s in event["scores"]], totals=[int(t) for t in event["totals"]],
            last_round=bool(event.get("last_round")), needs_confirm=bool(self.local_seats))
        self._scored_totals = [int(t) for t in event["totals"]]
        self.selected = None
        self.drag = None
        self.play("chime", 0.7)

    def close_scoring(self) -> None:
        if self.scoring is not None and self.scoring.counted:
            self.scoring.closed = True
            self.scoring = None
            self.play("click", 0.7)

    def _update_scoring(self, dt: float) -> None:
        scoring = self.scoring
        assert scoring is not None
        scoring.time += dt
        rows = len(scoring.colours) + 1
        step = max(1e-3, MOTION.duration(ROW_SECONDS))
        row = int(scoring.time / step)
        if row < rows and row not in scoring.ticked:
            scoring.ticked.add(row)
            self.play("score", 0.5 if row < rows - 1 else 0.9)
        if not scoring.needs_confirm and scoring.time >= scoring.count_seconds + MOTION.wait(AUTO_CONTINUE_SECONDS):
            self.close_scoring()

    # --- the loop -----------------------------------------------------------------------------
    def holding(self) -> bool:
        """The next events wait while the round's scores are read (longer than one event may take)."""
        return self.scoring is not None

    def update_table(self, dt: float) -> None:
        self._time += dt
        still = not self.animating and self.scoring is None and not self.dealing
        self._still_seconds = self._still_seconds + dt if still else 0.0
        offer_first_game_tips(self)  # at a newcomer's first turn: a few coach marks (once each)
        if self.scoring is not None:
            self._update_scoring(dt)
        for sprite in self.sprites.values():
            sprite.update(dt)
            if not sprite.moving and sprite.z >= 900 and (self.drag is None or self.drag.key != sprite.key):
                sprite.z = self._rest_z.get(sprite.key, sprite.z)
        for sprite in self.leaving:
            sprite.update(dt)
        self.leaving = [s for s in self.leaving if s.moving]
        self._update_lifts()
        self.counts.update(dt)
        self._aim_counts()

    def _aim_counts(self) -> None:
        """Each expedition's running score counts to its new value once its newest card lies there
        (not while the card is still flying in), from 0 for a new expedition; the match totals count
        once the scoring panel that announced them is closed."""
        board = self.board
        if board is None:
            return
        for seat in (0, 1):
            for colour in board.colours:
                cards = board.expeditions[seat][colour]
                key = ("expedition", seat, colour)
                if not cards:
                    self.counts.forget(key)
                    continue
                landing = self.sprites.get(cards[-1])
                if landing is not None and landing.pos.moving and not self.counts.snapping:
                    continue
                self.counts.aim(key, int(expedition_score(cards)["score"]), start=0)
            if self.scoring is None:
                totals = self._scored_totals or self.view.get("totals", [0, 0])
                self.counts.aim(("match", seat), int(totals[seat]))
        self.counts.aimed()

    def shown_score(self, seat: int, colour: str) -> int | None:
        """The running score an expedition's chip shows now (None: no chip yet, its first card is
        still on its way)."""
        key = ("expedition", seat, colour)
        return self.counts.shown(key, 0) if self.counts.knows(key) else None

    def _update_lifts(self) -> None:
        focus_key = self.focus[1] if self.focus is not None and self.focus[0] == "hand" and self.hand_focus_shown() else None
        dragged = self.drag.key if self.drag is not None else None
        for key in self.board.hands[self.bottom_seat] if self.board else []:
            sprite = self.sprites.get(key)
            if sprite is None or key == dragged:
                continue
            lifted = SELECTED_LIFT if key == self.selected else FOCUS_LIFT if key == focus_key else 0.0
            if sprite.lift.target != lifted:
                sprite.lift.to(lifted, 0.14)
            sprite.focused = key == focus_key and key != self.selected

    # --- focus --------------------------------------------------------------------------------
    def _fix_focus(self, reset: bool = False) -> None:
        """Keep the focus on something that exists, and where the current step happens."""
        board = self.board
        if board is None:
            return
        hand = board.hands[self.bottom_seat]
        if self.selected is not None:
            targets = self.legal_targets(self.selected)
            if self.focus is None or self.focus[0] != "target" or self.focus[1] not in targets:
                self.focus = ("target", targets[0]) if targets else None
            return
        if self.can_act and self.phase == "draw":
            sources = self.draw_sources()
            wanted = [("deck", "") if s == "deck" else ("pile", s) for s in sources]
            if self.focus is None or self.focus[0] != "target" or self.focus[1] not in wanted:
                if reset or self.focus is None or self.focus[0] != "hand":
                    self.focus = ("target", wanted[-1]) if wanted else None
            return
        if self.focus is not None and self.focus[0] == "hand" and self.focus[1] in hand:
            return
        if self.focus is not None and self.focus[0] == "hand" and hand:
            self.focus = ("hand", hand[min(len(hand) - 1, len(hand) // 2)])
            return
        self.focus = ("hand", hand[len(hand) // 2]) if hand and self.viewer is not None else None

    def move_focus(self, direction: str) -> None:
        board = self.board
        if board is None:
            return
        before = self.focus
        hand = board.hands[self.bottom_seat]
        if self.selected is not None:
            # the pile sits above your expedition, the hand below it: down from the expedition
            # (or from the pile when the expedition is closed) puts the card back
            targets = self.legal_targets(self.selected)
            current = self.focus[1] if self.focus is not None and self.focus[0] == "target" else None
            below = [t for t in targets if t[0] == "exp"]
            if direction == "down" and (current is None or current[0] == "exp" or not below):
                self.put_back_card()
                return
            if direction == "down":
                self.focus = ("target", below[0])
            elif direction == "up":
                self.focus = ("target", ("pile", card_colour(self.selected)))
            elif targets:
                index = targets.index(current) if current in targets else 0
                self.focus = ("target", targets[(index + (1 if direction == "right" else -1)) % len(targets)])
        elif self.focus is not None and self.focus[0] == "target":
            sources = [("deck", "") if s == "deck" else ("pile", s) for s in self.draw_sources()]
            if direction == "down" and hand:
                self.focus = ("hand", hand[len(hand) // 2])
            elif sources and direction in ("left", "right"):
                current = sources.index(self.focus[1]) if self.focus[1] in sources else 0
                self.focus = ("target", sources[(current + (1 if direction == "right" else -1)) % len(sources)])
        elif hand:
            current = hand.index(self.focus[1]) if self.focus and self.focus[1] in hand else len(hand) // 2
            if direction in ("left", "right"):
                self.focus = ("hand", hand[(current + (1 if direction == "right" else -1)) % len(hand)])
            elif direction == "up":
                if self.can_act and self.phase == "play":
                    self.select(hand[current])
                elif self.can_act and self.phase == "draw":
                    self._fix_focus(reset=True)
                    if self.focus is None or self.focus[0] == "hand":
                        sources = self.draw_sources()
                        if sources:
                            self.focus = ("target", ("deck", "") if sources[-1] == "deck" else ("pile", sources[-1]))
        if self.focus != before:
            self.play("focus", 0.4)

    def select(self, key: str) -> None:
        """Pick up a hand card: its legal targets light up and take the focus."""
        if not (self.can_act and self.phase == "play") or key.startswith("back-"):
            return
        self.selected = key
        targets = self.legal_targets(key)
        self.focus = ("target", targets[0]) if targets else ("hand", key)
        self.play("flip", 0.35)

    # --- input --------------------------------------------------------------------------------
    def cancel_selection(self) -> bool:
        """Back: closes the counted scoring panel (and is swallowed while it counts), or puts a
        lifted or dragged card back."""
        if self.scoring is not None:
            if self.scoring.counted:
                self.close_scoring()
            return True
        if self.selected or self.drag:
            self.drag = None
            self.put_back_card()
            self.relayout()
            return True
        return self.take_back()  # before the draw, Back takes this turn's card back

    def handle_table(self, intent: Intent) -> None:
        kind = intent.kind
        if self.scoring is not None:  # the panel takes the input: confirm or a tap goes on
            if kind in ("confirm", "release"):
                self.close_scoring()
            return
        if intent.is_direction:
            self.move_focus(kind)
        elif kind == "confirm":
            self.confirm()
        elif kind == "hover" and intent.pos is not None:
            self.hover_pos = intent.pos
            key = self.hand_key_at(intent.pos)
            if key is not None and self.selected is None and self.drag is None:
                self.focus = ("hand", key)
            elif key is None:
                target = self.target_at(intent.pos)
                if target is not None and target in self.lit_targets():
                    self.focus = ("target", target)
        elif kind == "point" and intent.pos is not None:
            key = self.hand_key_at(intent.pos)
            if key is not None and self.selected is None:
                self.focus = ("hand", key)
        elif kind == "release" and intent.pos is not None:
            self.tap(intent.pos)  # the base passes on only a release whose press began here
        elif kind == "drag_start" and intent.pos is not None:
            self.start_drag(intent.pos)
        elif kind == "drag_move" and intent.pos is not None and self.drag is not None:
            self.follow_drag(intent.pos)
        elif kind == "drag_end" and intent.pos is not None:
            self.end_drag(intent.pos)

    def confirm(self) -> None:
        focus = self.focus
        if focus is None:
            return
        if focus[0] == "hand":
            if self.can_act and self.phase == "play":
                self.select(str(focus[1]))
            elif self.can_act and self.phase == "draw":
                self.move_focus("up")
            return
        target: Target = focus[1]
        if self.selected is not None:
            self.attempt_lay(self.selected, target)
        elif self.can_act and self.phase == "draw":
            self.attempt_draw("deck" if target[0] == "deck" else target[1])

    def tap(self, pos: tuple[float, float]) -> None:
        if MENU_RECT.collidepoint(pos):
            self._pause()
            return
        if touch_rect(TAKE_BACK_RECT).collidepoint(pos) and self.taken_back_card() is not None:
            self.take_back()
            return
        key = self.hand_key_at(pos)
        target = self.target_at(pos)
        if key is not None:  # the hand lies on top of everything it overlaps
            if self.selected == key:
                self.put_back_card()
            elif self.can_act and self.phase == "play":
                self.select(key)
                self.relayout()
            else:
                self.focus = ("hand", key)
                if self.can_act and self.phase == "draw":
                    self.say_draw_first()
            return
        if target is None:
            if self.selected is not None:
                self.put_back_card()
            return
        if self.selected is not None:
            self.attempt_lay(self.selected, target)
        elif self.can_act and self.phase == "draw" and target[0] in ("deck", "pile"):
            self.attempt_draw("deck" if target[0] == "deck" else target[1])
        elif self.can_act and self.phase == "play" and target[0] == "deck":
            # drawing first is the natural guess; the click did nothing at all (ruling LC-2: lay, then draw)
            self.refuse("First play or discard a card from your hand; then you draw.")
        elif self.can_act and self.phase == "play":
            verb = "click" if self.app is not None and self.app.input.last_device == "mouse" else "tap"
            self.refuse(f"First pick a card from your hand, then {verb} where it goes.")

    def start_drag(self, pos: tuple[float, float]) -> None:
        if not self.can_act or self.board is None:
            return
        if self.phase == "play":
            key = self.hand_key_at(pos)
            if key is None:
                return
            self.selected = key
            source = "hand"
        else:
            target = self.target_at(pos)
            if target is None and self.hand_key_at(pos) is not None:
                self.say_draw_first()  # a second card dragged out of the hand: the turn's step is the draw
                return
            if target is None or target[0] == "exp":
                return
            source = "deck" if target[0] == "deck" else target[1]
            if source not in self.draw_sources():
                if source != "deck" and self.board.discards.get(source):
                    self.attempt_draw(source)  # let the engine say why (ruling LC-3)
                return
            if source == "deck":
                key = self._new_back_key(self.bottom_seat)
                self._make_sprite(key, DECK_POS, DECK_SCALE, False)
            else:
                key = self.board.discards[source][-1]
        sprite = self.sprites[key]
        x, y = sprite.pos.current  # type: ignore[misc]
        y -= float(sprite.lift.current)  # where the card is drawn: it stays under the finger
        sprite.pos.set((x, y))
        sprite.lift.set(0.0)
        self.drag = Drag(key, (pos[0] - x, pos[1] - y), source)
        sprite.z = 2000
        sprite.angle.to(0.0, 0.1)
        if source == "hand":
            sprite.scale.to(0.9, 0.12)
        self.play("flip", 0.35)

    def end_drag(self, pos: tuple[float, float]) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if drag.source == "hand":
            target = self.target_at(pos)
            if target is None or target[0] == "deck":
                self.selected = None
                self.focus = ("hand", drag.key)
                self.relayout()
                self.play("slide", 0.5)
                if self.on_their_side(pos) and self.app is not None:
                    self.app.toast(f"That side is {self.name_of(1 - self.bottom_seat)}'s. Your expeditions "
                                   "are below the discard piles.")
                return
            self.drag = drag  # the card stays where it was dropped until the move comes back
            if not self.attempt_lay(drag.key, target):
                self.drag = None
                self.relayout()
            else:
                self.drag = None
            return
        if pos[1] >= HAND_ZONE_TOP:
            self.drag = drag
            accepted = self.attempt_draw(drag.source)
            self.drag = None
            if accepted:
                if drag.source == "deck":  # the real card comes with the draw event, from here
                    self.sprites.pop(drag.key, None)
                    self._draw_spawn = (pos[0] - drag.grab[0], pos[1] - drag.grab[1])
                return
        if drag.source == "deck":
            sprite = self.sprites.pop(drag.key, None)
            if sprite is not None:
                sprite.slide_to(DECK_POS, SLIDE_SECONDS, angle=0.0, scale=DECK_SCALE)
                self.leaving.append(sprite)
        self.relayout()

    def say_draw_first(self) -> None:
        """A hand card clicked, tapped or dragged after the card of this turn was laid did nothing at
        all; the step due is the draw (ruling LC-2), so the table says so."""
        laid = self.taken_back_card()
        undo = " (or take back the " + card_name(laid) + " first)" if laid else ""
        self.refuse(f"Now draw a card: from the deck or the top of a discard pile{undo}.", "info", 0.6)

    def attempt_lay(self, card: str, target: Target) -> bool:
        """Play or discard `card` onto `target`. A move onto the card's own expedition that the
        engine refuses is still sent, so the refusal explains itself (ruling LC-4)."""
        if not self.can_act or self.viewer is None:
            return False
        kind, colour = target
        if kind == "deck" or colour != card_colour(card):
            name = COLOUR_NAMES[card_colour(card)]
            self.refuse(f"The {card_name(card)} goes on your {name} expedition or the {name} discard pile.")
            self.selected = None
            self.focus = ("hand", card)
            return False
        action = Action.make(self.viewer, "play" if kind == "exp" else "discard", card=card)
        self.submit(action)
        if action in self.legal:
            self.selected = None
            return True
        return False

    def attempt_draw(self, source: str) -> bool:
        if not self.can_act or self.viewer is None or self.board is None:
            return False
        if source != "deck" and not self.board.discards.get(source):
            self.refuse(f"The {COLOUR_NAMES[source]} discard pile is empty.")
            return False
        action = Action.make(self.viewer, "draw", source=source)
        self.submit(action)
        return action in self.legal

    # --- drawing --------------------------------------------------------------------------------
    frame_cache = True  # False: every frame drawn the long way (tests compare the two pictures)

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        """The table, bottom up (`draw_steps`). What stood still since the frame before comes from
        one kept image (`draw_kept`), what moves is drawn over it; else everything the long way."""
        if self.board is None:
            return
        steps = self.draw_steps(alpha)
        if self.frame_cache and self.draw_kept(surface, steps):
            return
        for step in steps:
            step.draw(surface)

    def draw_steps(self, alpha: float) -> list[DrawStep]:
        """What `draw_table` draws, in order: the felt, the glows, the deck, the chips, every card
        by its height (the dragged one last), the marks, the focus, the left panel, the opponent's
        plate, the hints and the round's scores."""
        steps = [DrawStep("felt", self.felt_key, whole_canvas, self._draw_felt),
                 DrawStep("glows", self.glows_key, self.glows_footprint, self._draw_target_glows),
                 DrawStep("deck", self.deck_key, self.deck_footprint, self._draw_deck),
                 # under the cards: only a card in flight or in hand passes over them
                 DrawStep("chips", self.chips_key, self.chips_footprint, self._draw_chips)]
        ordered = sorted(list(self.sprites.values()) + self.leaving, key=lambda s: s.z)
        dragged = self.drag.key if self.drag is not None else None
        for sprite in ordered:
            if sprite.key == dragged:
                continue
            steps.append(DrawStep(("card", id(sprite)), functools.partial(sprite_key, sprite, alpha),
                                  functools.partial(sprite_footprint, sprite, alpha),
                                  functools.partial(sprite.draw, alpha=alpha)))
        steps.append(DrawStep("marks", self.marks_key, self.marks_footprint, self._draw_target_marks))
        steps.append(DrawStep("focus", functools.partial(self.hand_focus_key, alpha),
                              functools.partial(self.hand_focus_footprint, alpha),
                              functools.partial(self._draw_hand_focus, alpha=alpha)))
        if dragged is not None and dragged in self.sprites:
            steps.append(DrawStep("dragged", no_key, whole_canvas, functools.partial(self._draw_dragged, alpha=alpha)))
        steps.append(DrawStep("left", self.left_panel_key, self.left_panel_footprint, self._draw_left_panel))
        steps.append(DrawStep("plate", self.opponent_plate_key, opponent_plate_footprint, self._draw_opponent_plate))
        if self.app is None or self.app.scenes.top is self:  # overlays bring their own hints
            steps.append(DrawStep("hints", self.hints_key, self.hints_footprint, self._draw_hints))
        if self.scoring is not None:
            steps.append(DrawStep("scoring", no_key, whole_canvas, self._draw_scoring))
        return steps

    def _draw_dragged(self, surface: pygame.Surface, alpha: float) -> None:
        assert self.drag is not None
        self.sprites[self.drag.key].draw(surface, alpha)
        self._draw_closed_badge_over_drag(surface)

    # --- the kept image ----------------------------------------------------------------------------
    # A Lost Cities frame drawn the long way costs a felt, five lanes, forty cards with their shadows
    # and some thirty translucent panels and words (about 4.5 ms on the benchmark machine); most frames
    # only the focused card's bob, a pulse or a card in flight changes. Each step of `draw_steps` has
    # a key (everything it draws from) and a footprint (where it may draw): a step whose key held
    # KEPT_AFTER_FRAMES frames in a row stands still, and the still steps are composed, in order,
    # into one kept image while their keys hold: at once when the still steps changed only because
    # some came to rest (nothing began to move), else on the second frame in a row they hold (a card
    # in flight over others changes them every frame: drawn the long way, not composed each frame).
    # Each frame blits it and draws the other steps over it in order. A still step drawn after a
    # moving one it overlaps is drawn over too, so every pixel sees the same blits in the same order
    # as the long way.
    _kept: StillLayer | None = None
    _kept_last: dict[Any, tuple[Any, int]] = {}  # each step's key the frame before, and the frames it held
    _kept_over: set[Any] = set()  # the names of the steps drawn over the kept image the frame before

    def draw_kept(self, surface: pygame.Surface, steps: list[DrawStep]) -> bool:
        """Blit the kept image and draw the moving steps over it (composing the image when its
        steps held still); False when this frame is drawn the long way."""
        if self.app is None or surface is not getattr(self.app, "canvas", None):
            return False  # a picture of the table drawn elsewhere (a test's, a thumbnail) is drawn whole
        if surface.get_size() != (CANVAS_W, CANVAS_H) or surface.get_clip() != surface.get_rect():
            return False
        if self._kept is None:
            self._kept, self._kept_last, self._kept_over = StillLayer(), {}, set()
        last, now = self._kept_last, {}
        still: list[DrawStep] = []
        over: list[DrawStep] = []
        moving: list[pygame.Rect] = []  # where the steps drawn over the kept image may draw
        anywhere = False  # a step drawn over it may draw anywhere: every later step is drawn over too
        for step in steps:
            key = step.key()
            before = last.get(step.name)
            held = before[1] + 1 if key is not None and before is not None and before[0] == key else 0
            now[step.name] = (key, held)
            steady = held >= KEPT_AFTER_FRAMES
            if steady and (anywhere or moving):
                footprint = step.footprint()
                steady = not anywhere and footprint is not None and \
                    not any(rect.colliderect(other) for rect in footprint for other in moving)
            if steady:
                still.append(step)
                continue
            over.append(step)
            if not anywhere:
                footprint = step.footprint()
                if footprint is None:
                    anywhere = True
                else:
                    moving.extend(footprint)
        began = {step.name for step in over} - self._kept_over  # what moves now and stood still before
        self._kept_last, self._kept_over = now, {step.name for step in over}
        still_key = (self.tone, legible_factor(), tuple((step.name, now[step.name][0]) for step in still)) if still else None
        wanted = self._kept.wanted(still_key, settled=not began)
        if wanted == "draw":
            return False
        if wanted == "compose":
            image = self._kept.image_like(surface)
            for step in still:
                step.draw(image)
            self._kept.composed(still_key)
        assert self._kept.image is not None
        surface.blit(self._kept.image, (0, 0))
        for step in over:
            step.draw(surface)
        return True

    def lanes_key(self) -> tuple[Any, ...]:
        board = self.board
        assert board is not None
        return (self.tone, tuple(board.colours), self.lane_pitch,
                tuple(tuple(self.pile_rect(colour)) for colour in board.colours))

    def felt_key(self) -> tuple[Any, ...]:
        board = self.board
        assert board is not None
        return (self.lanes_key(), tuple(tuple(bool(board.expeditions[seat][colour]) for colour in board.colours)
                                        for seat in (0, 1)))

    def glows_key(self) -> tuple[Any, ...] | None:
        """None while the glows breathe: their alpha holds a few frames at each crest and trough of
        the breath, and a key that held would compose a kept image twice a breath (with the cards over
        the glows) only to drop it a few frames later."""
        targets = self.lit_targets()
        if targets and not MOTION.reduced:
            return None
        focus = self.focus[1] if self.focus is not None and self.focus[0] == "target" else None
        return (int(255 * self._pulse()) if targets else None, tuple(targets),
                tuple(tuple(self.target_rect(target)) for target in targets),
                focus, None if focus is None else tuple(self.target_rect(focus)))

    def glows_footprint(self) -> list[pygame.Rect]:
        targets = list(self.lit_targets())
        if self.focus is not None and self.focus[0] == "target":
            targets.append(self.focus[1])
        return [self.target_rect(target).inflate(40, 40) for target in targets]

    def deck_key(self) -> tuple[Any, ...]:
        return (self.deck_shown(), self.dealing, tuple(self.deck_rect()), legible_px(22), legible_px(28))

    def deck_footprint(self) -> list[pygame.Rect]:
        """The deck's layers, its count box and the last card's note under it."""
        rect = self.deck_rect()
        shown = self.deck_shown()
        count = text_surface(str(shown), "display", 64, P.IVORY)
        last = shown == 1 and not self.dealing
        words = "LAST CARD" if last else "CARDS LEFT" if shown != 1 else "CARD LEFT"
        label = text_surface(words, "ui-bold", legible_px(22), P.IVORY_DIM)
        box = pygame.Rect(0, 0, max(count.get_width(), label.get_width()) + 40, self.count_box_height())
        box.midtop = (rect.centerx, rect.bottom + 22)
        rects = [pygame.Rect(rect.x, rect.y, rect.width + 8, rect.height + 14), box]
        if last:
            rects.append(self.last_card_note_rect())
        return rects

    def chips_key(self) -> tuple[Any, ...]:
        board = self.board
        assert board is not None
        return (tuple(board.colours), self.lane_pitch, legible_px(20),
                tuple(tuple((tuple(board.expeditions[seat][colour]), self.shown_score(seat, colour))
                            for colour in board.colours) for seat in (0, 1)))

    def chips_footprint(self) -> list[pygame.Rect]:
        """Each chip is at most its lane wide (`chip_width_limit`)."""
        board = self.board
        assert board is not None
        rects = []
        for seat in (0, 1):
            for colour in board.colours:
                rect = pygame.Rect(0, 0, int(self.lane_pitch) + 4, CHIP_SIZE[1] + 8)
                x, y = self.chip_centre(seat, colour)
                rect.center = (round(x), round(y))
                rects.append(rect)
        return rects

    def marks_key(self) -> tuple[Any, ...]:
        board = self.board
        assert board is not None
        card = self.active_card()
        focus = self.focus[1] if self.focus is not None and self.focus[0] == "target" else None
        focus_rect = None if focus is None else tuple(self.target_rect(focus))
        geometry = (tuple(board.colours), self.lane_pitch, legible_px(20))
        if card is not None:
            targets = tuple(self.legal_targets(card))
            own = ("exp", card_colour(card))
            badge = None if own in targets else (tuple(self.target_rect(own)), self.closed_badge(card),
                                                 self.closed_badge_rect() is None)
            return ("card", card, targets, badge, focus, focus_rect, geometry)
        if self.can_act and self.phase == "draw":
            return ("draw", tuple(self.draw_sources()), tuple(bool(board.discards[colour]) for colour in board.colours),
                    focus, focus_rect, geometry)
        return ("none", focus, focus_rect, geometry)

    def marks_footprint(self) -> list[pygame.Rect]:
        """The dimmed lanes, a dimmed spot and its badge (wider than the spot), the focus outline."""
        board = self.board
        assert board is not None
        rects = []
        card = self.active_card()
        if card is not None:
            rects.append(pygame.Rect(0, 0, CANVAS_W, 940).clip(self.lanes_area()))  # the lanes' columns
            own = self.target_rect(("exp", card_colour(card)))
            rects += [own, self.badge_rect(self.closed_badge(card), own.center)]
        elif self.can_act and self.phase == "draw":
            for colour in board.colours:
                pile = self.pile_rect(colour)
                rects += [pile, self.badge_rect("JUST DISCARDED", pile.center)]
        if self.focus is not None and self.focus[0] == "target":
            rects.append(self.target_rect(self.focus[1]).inflate(12, 12))
        return rects

    def lanes_area(self) -> pygame.Rect:
        """Round every lane's column (what a lifted card dims)."""
        board = self.board
        assert board is not None
        columns = []
        for colour in board.colours:
            column = pygame.Rect(0, 0, int(self.lane_pitch) - 22, 910)
            column.midtop = (round(self.lane_x(colour)), 10)
            columns.append(column)
        return columns[0].unionall(columns[1:]) if columns else pygame.Rect(0, 0, 0, 0)

    def badge_rect(self, text: str, centre: tuple[int, int]) -> pygame.Rect:
        """Where `_badge` draws its plate."""
        label = text_surface(text, "ui-bold", legible_px(20), P.INK)
        box = pygame.Rect(0, 0, label.get_width() + 20, max(32, label.get_height() + 6))
        box.center = centre
        return box

    def hand_focus_sprite(self) -> CardSprite | None:
        """The card `_draw_hand_focus` draws again over its neighbours, with its glow, if any."""
        focused = self.focus[1] if self.focus is not None and self.focus[0] == "hand" and self.hand_focus_shown() else None
        key = self.selected or focused
        if key is None or key not in self.sprites or (self.drag is not None and self.drag.key == key):
            return None
        sprite = self.sprites[key]
        return None if sprite.pos.moving else sprite

    def hand_focus_key(self, alpha: float) -> tuple[Any, ...] | None:
        sprite = self.hand_focus_sprite()
        return ("none",) if sprite is None else ("card", sprite.key, sprite_key(sprite, alpha), tuple(sprite.draw_rect(alpha)))

    def hand_focus_footprint(self, alpha: float) -> list[pygame.Rect]:
        sprite = self.hand_focus_sprite()
        if sprite is None:
            return []
        return [sprite.draw_rect(alpha).inflate(40, 40)] + sprite_footprint(sprite, alpha)

    def left_panel_key(self) -> tuple[Any, ...]:
        """Everything the left panel (menu, round, match box, turn box, log) is drawn from."""
        board, view, shown = self.board, self.view, self.shown
        assert board is not None
        totals = list(self._scored_totals or view.get("totals", [0, 0]))
        shown_totals = tuple(self.counts.shown(("match", seat), int(totals[seat])) for seat in (0, 1))
        running = tuple(sum(self.shown_score(seat, colour) or 0 for colour in board.colours) for seat in (0, 1))
        active = tuple(shown.active) if shown is not None and shown.active else None
        thinking = self.bot_thinking
        taken_back = self.taken_back_card()
        hovered = self.hover_pos is not None and TAKE_BACK_RECT.collidepoint(self.hover_pos)
        px, step, rows = log_type(22, 32, LOG_ROWS, room=self.log_area().height)
        return (legible_px(20), legible_px(22), legible_px(24), board.round, view.get("rounds", 3), board.bottom,
                board.top, shown_totals, running, self.match_box_turn(), tuple(self.seat_label(seat) for seat in (0, 1)),
                tuple(self.name_of(seat) for seat in (0, 1)), None if self.scoring is None else self.scoring.round,
                shown is None, self.game_over, active, self.dealing, self.viewer, tuple(sorted(self.local_seats)),
                thinking, tuple(self.thinking_dot_levels()) if thinking else None, self.phase if active else None,
                taken_back, hovered if taken_back is not None else None,
                self._log_total, tuple(self.log[-LOG_LINES:]), px, step, rows)

    def left_panel_footprint(self) -> list[pygame.Rect]:
        """The menu button, the round's title right of it, the match box, the turn box and the log."""
        board = self.board
        assert board is not None
        head = text_surface(f"ROUND {board.round} OF {int(self.view.get('rounds', 3))}", "display", 52, P.IVORY)
        title = head.get_rect(midleft=(MENU_RECT.right + 24, MENU_RECT.centery + 2)).inflate(8, 8)
        return [pygame.Rect(0, 0, LEFT_X + LEFT_W + 16, 880), title.union(pygame.Rect(0, 0, 1, 1))]

    def opponent_plate_key(self) -> tuple[Any, ...]:
        board = self.board
        assert board is not None
        seats = self.session.seats()
        status = seats[board.top] if board.top < len(seats) else None
        return (self.seat_label(board.top), status.level if status is not None else None)

    def hints_key(self) -> tuple[Any, ...]:
        device = self.app.input.last_device if self.app is not None else "keyboard"
        return (device, tuple(self.hint_row(device)), tuple(sorted(hint_glyphs(device).items())))

    def hints_footprint(self) -> list[pygame.Rect]:
        device = self.app.input.last_device if self.app is not None else "keyboard"
        width = hint_row_width(device, tuple(self.hint_row(device)))
        left = CANVAS_W - HINT_RIGHT_MARGIN - width - 24
        return [pygame.Rect(left, 990, CANVAS_W - left, CANVAS_H - 990)]

    def draw_turn_banner(self, surface: pygame.Surface) -> None:
        """The turn and its step are in the left panel (the top centre belongs to the opponent)."""

    def _dim(self, size: tuple[int, int]) -> pygame.Surface:
        image = self._dim_cache.get(size)
        if image is None:
            image = panel_surface(size, 10, (8, 12, 10, 150))
            self._dim_cache[size] = image
        return image

    def _pulse(self) -> float:
        if MOTION.reduced:
            return 1.0
        return 0.6 + 0.4 * (0.5 + 0.5 * math.sin(self._time * 2 * math.pi * PULSE_HZ))

    def active_card(self) -> str | None:
        if self.drag is not None and self.drag.source == "hand":
            return self.drag.key
        return self.selected

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The felt with the lanes (`draw_lanes_base`); on the App's canvas `draw_table` draws it, as
        the first step of its kept image."""
        if self.board is None:
            super().draw_backdrop(surface)
        elif self.app is None or surface is not getattr(self.app, "canvas", None):
            self.draw_lanes_base(surface)

    def _draw_felt(self, surface: pygame.Surface) -> None:
        self.draw_lanes_base(surface)
        self._draw_lanes(surface)

    def draw_lanes_base(self, surface: pygame.Surface) -> None:
        """The felt with each lane's coloured strip and discard-pile marker, kept as one opaque
        picture until the lanes change (every frame blitted the felt and five translucent strips,
        ≈ 1.5 ms of a 5 ms frame)."""
        board = self.board
        assert board is not None
        key = self.lanes_key() + (surface.get_size(),)
        if self._lanes_base is None or self._lanes_base[0] != key:
            base = pygame.Surface(surface.get_size())
            super().draw_backdrop(base)
            for colour in board.colours:
                strip = pygame.Rect(0, 0, int(self.lane_pitch) - 22, 910)
                strip.midtop = (round(self.lane_x(colour)), 10)
                base.blit(panel_surface(strip.size, 18, (*P.shade(P.LC_COLOURS[colour], -0.7), 70)), strip.topleft)
                pile = self.pile_rect(colour)
                base.blit(lane_marker(colour, (pile.width, pile.height)), pile.topleft)
            self._lanes_base = (key, base)
        surface.blit(self._lanes_base[1], (0, 0))

    def _draw_lanes(self, surface: pygame.Surface) -> None:
        """What the backdrop does not keep: the faint marker of an expedition not yet opened."""
        board = self.board
        assert board is not None
        for colour in board.colours:
            for seat in (0, 1):
                if not board.expeditions[seat][colour]:
                    slot = self.expedition_slot(seat, colour, 0, 1)
                    marker_faint = self._faint_marker(colour)
                    surface.blit(marker_faint, marker_faint.get_rect(center=(round(slot[0]), round(slot[1]))))

    def _faint_marker(self, colour: str) -> pygame.Surface:
        key = (hash(colour) & 0xFFFF, -1)
        image = self._dim_cache.get(key)
        if image is None:
            image = lane_marker(colour, (LANE_W, LANE_H)).copy()
            image.set_alpha(90)
            self._dim_cache[key] = image
        return image

    def match_box_turn(self) -> int | None:
        """The seat the match box's dot marks as on the move: none while a deal or the round's
        scoring is on the table (the dot stayed lit behind the scoring panel)."""
        if not (self.shown and self.shown.active) or self.dealing or self.scoring is not None:
            return None
        return int(self.shown.active[0])

    def _draw_deck(self, surface: pygame.Surface) -> None:
        board = self.board
        assert board is not None
        rect = self.deck_rect()
        back = self._deck_image()
        shown = self.deck_shown()
        layers = min(6, (shown + 7) // 8)
        for i in range(layers):
            surface.blit(back, rect.move(layers - i, (layers - i) * 2))
        if shown == 0:
            surface.blit(self._dim(rect.size), rect.topleft)
        last = shown == 1 and not self.dealing
        count = text_surface(str(shown), "display", 64, P.IVORY)
        words = "LAST CARD" if last else "CARDS LEFT" if shown != 1 else "CARD LEFT"
        label = text_surface(words, "ui-bold", legible_px(22), P.WARNING if last else P.IVORY_DIM)
        box = pygame.Rect(0, 0, max(count.get_width(), label.get_width()) + 40, self.count_box_height())
        box.midtop = (rect.centerx, rect.bottom + 22)
        surface.blit(panel_surface(box.size, 16, P.INK_ALPHA, P.WARNING if last else None, 2 if last else 0),
                     box.topleft)
        surface.blit(count, count.get_rect(midtop=(box.centerx, box.y + 4)))
        surface.blit(label, label.get_rect(midbottom=(box.centerx, box.bottom - 10)))
        if last:  # ruling LC-5: whoever draws it ends the round at once (a discard pile does not)
            self._draw_last_card_note(surface, box)

    @staticmethod
    def count_box_height() -> int:
        """The deck's count box: taller on a small window, whose larger "CARDS LEFT" (`legible_px`)
        would otherwise reach into the count."""
        return 104 + legible_px(22) - 22

    def last_card_note_rect(self) -> pygame.Rect:
        """Under the deck's count: the note that drawing the deck's last card ends the round."""
        lines = [text_surface(line, "ui", legible_px(22), P.IVORY) for line in LAST_CARD_NOTE]
        width = max(line.get_width() for line in lines) + 32
        deck = self.deck_rect()
        rect = pygame.Rect(0, 0, width, 18 + legible_px(28) * len(lines))
        rect.midtop = (deck.centerx, deck.bottom + 22 + self.count_box_height() + 12)
        return rect

    def _draw_last_card_note(self, surface: pygame.Surface, count_box: pygame.Rect) -> None:
        rect = self.last_card_note_rect()
        surface.blit(panel_surface(rect.size, 14, P.INK_ALPHA), rect.topleft)
        for i, line in enumerate(LAST_CARD_NOTE):
            image = text_surface(line, "ui", legible_px(22), P.IVORY)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.y + 9 + legible_px(28) * i)))

    def _deck_image(self) -> pygame.Surface:
        key = (-7, -7)
        image = self._dim_cache.get(key)
        if image is None:
            image = pygame.transform.smoothscale(self._back, self.deck_rect().size)
            self._dim_cache[key] = image
        return image

    def lit_targets(self) -> list[Target]:
        """What lights up now: the picked card's legal places, or the legal draw sources."""
        card = self.active_card()
        if card is not None:
            return self.legal_targets(card)
        if self.can_act and self.phase == "draw":
            return [("deck", "") if s == "deck" else ("pile", s) for s in self.draw_sources()]
        return []

    def _draw_target_glows(self, surface: pygame.Surface) -> None:
        """Under the cards: a breathing brass glow on every legal target."""
        alpha = int(255 * self._pulse())
        for target in self.lit_targets():
            rect = self.target_rect(target)
            ring = self._ring(rect.size)
            ring.set_alpha(alpha)
            surface.blit(ring, (rect.x - 14, rect.y - 14))
            ring.set_alpha(255)  # not None: that would switch off its per-pixel alpha
        if self.focus is not None and self.focus[0] == "target":
            rect = self.target_rect(self.focus[1])
            surface.blit(self._ring(rect.size), (rect.x - 14, rect.y - 14))

    def _ring(self, size: tuple[int, int]) -> pygame.Surface:
        """The brass focus glow with a clear middle, so an empty spot stays readable inside it."""
        key = (size[0], -size[1])
        image = self._dim_cache.get(key)
        if image is None:
            image = focus_glow(size, 10).copy()
            image.fill((0, 0, 0, 0), pygame.Rect(14, 14, size[0], size[1]))
            self._dim_cache[key] = image
        return image

    def _draw_target_marks(self, surface: pygame.Surface) -> None:
        """Over the cards: dim what may not be done (and the card just discarded, ruling LC-3),
        and outline the focused target (focus is never colour alone)."""
        board = self.board
        assert board is not None
        card = self.active_card()
        if card is not None:
            colour = card_colour(card)
            for other in board.colours:
                if other != colour:
                    column = pygame.Rect(0, 0, int(self.lane_pitch) - 22, 910)
                    column.midtop = (round(self.lane_x(other)), 10)
                    surface.blit(self._dim(column.size), column.topleft)
            if ("exp", colour) not in self.legal_targets(card):
                rect = self.target_rect(("exp", colour))
                surface.blit(self._dim(rect.size), rect.topleft)
                if self.closed_badge_rect() is None:  # else the dragged card hides it: drawn over the card
                    self._badge(surface, self.closed_badge(card), rect.center, P.ERROR)
        elif self.can_act and self.phase == "draw":
            sources = self.draw_sources()
            for colour in board.colours:
                pile = board.discards[colour]
                if pile and colour not in sources:
                    rect = self.pile_rect(colour)
                    surface.blit(self._dim(rect.size), rect.topleft)
                    self._badge(surface, "JUST DISCARDED", rect.center, P.WARNING)
        if self.focus is not None and self.focus[0] == "target":
            rect = self.target_rect(self.focus[1]).inflate(10, 10)
            pygame.draw.rect(surface, P.BRASS_LIGHT, rect, 4, border_radius=12)

    def closed_badge_rect(self) -> pygame.Rect | None:
        """Where the "TOO LATE" / "TOO LOW" badge sits while a card is dragged over its own
        expedition and that expedition is closed to it (None otherwise: the badge stays on the
        expedition): on top, just above the dragged card, so the card held there never hides why
        it cannot go there (ruling LC-4)."""
        drag = self.drag
        if drag is None or drag.source != "hand" or drag.key not in self.sprites:
            return None
        colour = card_colour(drag.key)
        if ("exp", colour) in self.legal_targets(drag.key):
            return None
        sprite = self.sprites[drag.key]
        x, y = sprite.pos.current  # type: ignore[misc]
        if not sprite.draw_rect().colliderect(self.target_rect(("exp", colour))):
            return None
        label = text_surface(self.closed_badge(drag.key), "ui-bold", legible_px(20), P.INK)
        box = pygame.Rect(0, 0, label.get_width() + 20, max(32, label.get_height() + 6))
        box.midbottom = (round(x), round(y - FACE_H * float(sprite.scale.current) / 2 - 6))
        return box

    def _draw_closed_badge_over_drag(self, surface: pygame.Surface) -> None:
        box = self.closed_badge_rect()
        if box is not None and self.drag is not None:
            self._badge(surface, self.closed_badge(self.drag.key), box.center, P.ERROR)

    def closed_badge(self, card: str) -> str:
        """Why the lifted card's own expedition is closed to it (ruling LC-4): a number is lower
        than the expedition's last number; a wager comes after its first number."""
        return "TOO LATE" if is_wager(card) else "TOO LOW"

    def _badge(self, surface: pygame.Surface, text: str, centre: tuple[int, int], colour: tuple[int, int, int]) -> None:
        label = text_surface(text, "ui-bold", legible_px(20), P.INK)
        box = pygame.Rect(0, 0, label.get_width() + 20, max(32, label.get_height() + 6))
        box.center = centre
        surface.blit(panel_surface(box.size, 10, colour), box.topleft)
        surface.blit(label, label.get_rect(center=box.center))

    def hand_focus_shown(self) -> bool:
        """The focus is shown on a hand card (lifted, glowing, over its neighbours) for the keys,
        the pad and the mouse, which move it; a finger has no focus to move, and the middle card
        lifted over its right neighbour only hid that card's number from it."""
        return self.app is None or self.app.input.last_device != "touch"

    def _draw_hand_focus(self, surface: pygame.Surface, alpha: float) -> None:
        focused = self.focus[1] if self.focus is not None and self.focus[0] == "hand" and self.hand_focus_shown() else None
        key = self.selected or focused
        if key is None or key not in self.sprites or (self.drag is not None and self.drag.key == key):
            return
        sprite = self.sprites[key]
        if sprite.pos.moving:
            return
        rect = sprite.draw_rect(alpha)
        surface.blit(focus_glow(rect.size, 10), (rect.x - 14, rect.y - 14))
        sprite.draw(surface, alpha)  # the focused card rides above its neighbours

    def _draw_chips(self, surface: pygame.Surface) -> None:
        """The running score of every expedition, as the rulebook asks, beside the discard row."""
        board = self.board
        assert board is not None
        for seat in (0, 1):
            for colour in board.colours:
                cards = board.expeditions[seat][colour]
                score = self.shown_score(seat, colour)
                if not cards or score is None:
                    continue
                centre = self.chip_centre(seat, colour)
                detail = expedition_score(cards)
                colour_value = P.GOOD if score > 0 else P.ERROR if score < 0 else P.IVORY_DIM
                text = f"+{score}" if score > 0 else (f"{MINUS}{-score}" if score < 0 else "0")
                extra = []
                if detail["wagers"]:
                    extra.append(f"{TIMES}{1 + detail['wagers']}")
                if detail["bonus"]:
                    extra.append("+20")
                rect = self.chip_rect(centre, text, " ".join(extra))
                surface.blit(panel_surface(rect.size, 20, P.INK_ALPHA, colour_value, 2), rect.topleft)
                number = text_surface(text, "display", self.chip_number_px(text, " ".join(extra)), P.IVORY)
                if extra:
                    small = text_surface(" ".join(extra), "ui-bold", legible_px(20), P.BRASS_LIGHT)
                    total_w = number.get_width() + 8 + small.get_width()
                    x = rect.centerx - total_w // 2
                    surface.blit(number, number.get_rect(midleft=(x, rect.centery + 1)))
                    surface.blit(small, small.get_rect(midleft=(x + number.get_width() + 8, rect.centery)))
                else:
                    surface.blit(number, number.get_rect(center=(rect.centerx, rect.centery + 1)))

    def chip_width_limit(self) -> int:
        """A chip may grow up to its lane's width, never into the neighbouring lane's chip."""
        return int(self.lane_pitch) - 14

    def chip_number_px(self, text: str, extra: str) -> int:
        """The score's size: 36 px, smaller only when "+156 ×4 +20" would not fit its lane."""
        room = self.chip_width_limit() - CHIP_PAD - (font("ui-bold", legible_px(20)).size(extra)[0] + 8 if extra else 0)
        return fit_px(text, "display", 36, room, min_px=24)

    def chip_rect(self, centre: tuple[float, float], text: str, extra: str) -> pygame.Rect:
        """The running-score chip: 128 px wide, wider when its score and marks need it."""
        width = font("display", self.chip_number_px(text, extra)).size(text)[0]
        if extra:
            width += 8 + font("ui-bold", legible_px(20)).size(extra)[0]
        rect = pygame.Rect(0, 0, max(CHIP_SIZE[0], min(self.chip_width_limit(), width + CHIP_PAD)), CHIP_SIZE[1])
        rect.center = (round(centre[0]), round(centre[1]))
        return rect

    def _draw_left_panel(self, surface: pygame.Surface) -> None:
        board = self.board
        assert board is not None
        view = self.view
        # the menu button: touch players have no Esc key (keys and pads use their menu binding)
        surface.blit(panel_surface(MENU_RECT.size, 14, P.INK_ALPHA), MENU_RECT.topleft)
        for i in range(3):
            pygame.draw.rect(surface, P.IVORY, (MENU_RECT.x + 22, MENU_RECT.y + 20 + i * 10, 26, 4), border_radius=2)
        menu_room = MENU_RECT.right - 12 - (MENU_RECT.x + 60)
        menu = text_surface("MENU", "ui-bold", fit_px("MENU", "ui-bold", legible_px(24), menu_room), P.IVORY)
        surface.blit(menu, menu.get_rect(midleft=(MENU_RECT.x + 60, MENU_RECT.centery)))
        rounds = int(view.get("rounds", 3))
        head = text_surface(f"ROUND {board.round} OF {rounds}", "display", 52, P.IVORY)
        surface.blit(head, head.get_rect(midleft=(MENU_RECT.right + 24, MENU_RECT.centery + 2)))
        # match totals and this round so far
        # the view shown is the one before the last draw until the round's end and the next deal
        # have played out: the totals the scoring panel just counted up are the match's now
        totals = list(self._scored_totals or view.get("totals", [0, 0]))
        totals = [self.counts.shown(("match", seat), int(totals[seat])) for seat in (0, 1)]
        y = 112
        box = pygame.Rect(LEFT_X, y, LEFT_W, 176)
        surface.blit(panel_surface(box.size, 18, P.INK_ALPHA), box.topleft)
        surface.blit(text_surface("MATCH", "ui-bold", legible_px(20), P.IVORY_DIM), (box.x + 24, box.y + 14))
        round_label = text_surface("THIS ROUND", "ui-bold", legible_px(20), P.IVORY_DIM)
        surface.blit(round_label, round_label.get_rect(topright=(box.right - 24, box.y + 14)))
        for row, seat in enumerate((board.bottom, board.top)):
            ry = box.y + 50 + row * 60
            if self.match_box_turn() == seat:
                pygame.draw.circle(surface, P.BRASS_LIGHT, (box.x + 30, ry + 26), 8)
            total = text_surface(self._minus(int(totals[seat])), "display", 54, P.IVORY)
            total_rect = surface.blit(total, total.get_rect(topright=(box.x + 270, ry)))
            room = min(LEFT_NAME_W, total_rect.left - 12 - (box.x + 48))  # "−157" takes more of it
            name, npx = fit_label(self.seat_label(seat), "ui-bold", 30, room, 22)
            name_image = text_surface(name, "ui-bold", npx, P.IVORY)
            surface.blit(name_image, name_image.get_rect(midleft=(box.x + 48, ry + 26)))
            running = sum(self.shown_score(seat, c) or 0 for c in board.colours)
            text = f"+{running}" if running > 0 else (f"{MINUS}{-running}" if running < 0 else "0")
            colour = P.GOOD if running > 0 else P.ERROR if running < 0 else P.IVORY_DIM
            run = text_surface(text, "display", 40, colour)
            surface.blit(run, run.get_rect(topright=(box.right - 24, ry + 8)))
        self._draw_phase(surface, PHASE_BOX)
        self._draw_log(surface, self.log_area())

    def _draw_phase(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Whose turn, and which of its two steps is due (ruling LC-2)."""
        shown = self.shown
        if self.scoring is not None:  # the last draw ended the round: nobody's step is due
            surface.blit(panel_surface(box.size, 18, P.INK_ALPHA), box.topleft)
            head = f"ROUND {self.scoring.round} IS OVER"
            px = fit_px(head, "display", 50, box.width - 48)
            surface.blit(text_surface(head, "display", px, P.IVORY), (box.x + 24, box.y + 16))
            return
        if shown is None or self.game_over or not shown.active:
            return
        if self.dealing:  # the view shown is the last round's final draw: nobody's step is due yet
            surface.blit(panel_surface(box.size, 18, P.INK_ALPHA), box.topleft)
            head = f"DEALING ROUND {self.board.round}" if self.board is not None else "DEALING"
            px = fit_px(head, "display", 50, box.width - 48)
            surface.blit(text_surface(head, "display", px, P.IVORY), (box.x + 24, box.y + 16))
            return
        seat = shown.active[0]
        mine = seat == self.viewer and seat in self.local_seats
        border = P.BRASS if mine else None
        surface.blit(panel_surface(box.size, 18, P.INK_ALPHA, border, 3 if mine else 0), box.topleft)
        if mine:
            head = "YOUR TURN" if len(self.local_seats) == 1 else f"{self.name_of(seat).upper()}, YOUR TURN"
        else:
            head = f"{self.name_of(seat).upper()} IS PLAYING"
        thinking = not mine and self.bot_thinking
        if thinking:
            head = f"{self.name_of(seat).upper()} IS THINKING"
        room = box.width - 48 - (THINKING_DOTS_W if thinking else 0)
        px = fit_px(head, "display", 50, room)
        title = text_surface(head, "display", px, P.BRASS_LIGHT if mine else P.IVORY)
        surface.blit(title, (box.x + 24, box.y + 16))
        if thinking:
            self._draw_thinking_dots(surface, (box.x + 24 + title.get_width() + 14, box.y + 16 + title.get_height() * 0.62))
        phase = self.phase
        steps = (("1", "Play or discard a card", "play"), ("2", "Draw a card", "draw"))
        taken_back = self.taken_back_card() if mine else None
        for i, (number, label, name) in enumerate(steps):
            if i == 0 and taken_back is not None:
                self._draw_take_back(surface, taken_back)
                continue
            y = box.y + 86 + i * 66
            current = phase == name
            row = pygame.Rect(box.x + 16, y, box.width - 32, 56)
            if current:
                surface.blit(panel_surface(row.size, 14, P.BRASS if mine else (70, 68, 78)), row.topleft)
            ink = P.INK if current and mine else P.IVORY if current else P.IVORY_DIM
            disc = pygame.Rect(row.x + 10, row.y + 10, 36, 36)
            pygame.draw.circle(surface, ink, disc.center, 18, 0 if current else 2)
            digit = text_surface(number, "ui-bold", legible_px(22), P.BRASS if current and mine else (70, 68, 78) if current else P.IVORY_DIM)
            surface.blit(digit, digit.get_rect(center=disc.center))
            lpx = fit_px(label, "ui-bold", 26, row.width - 70)
            surface.blit(text_surface(label, "ui-bold", lpx, ink), (row.x + 58, row.centery - 16))

    def thinking_dot_levels(self) -> list[float]:
        """How bright each of the three "thinking" dots is now (0.35..1): they light in turn; still
        and all lit with reduced motion."""
        if MOTION.reduced:
            return [1.0, 1.0, 1.0]
        phase = (self._time * THINKING_DOTS_HZ) % 1.0
        levels = []
        for i in range(3):
            distance = min(abs(phase - i / 3), 1 - abs(phase - i / 3))  # 0 when this dot's moment is now
            levels.append(0.35 + 0.65 * max(0.0, 1 - distance * 3))
        return levels

    def _draw_thinking_dots(self, surface: pygame.Surface, left_centre: tuple[float, float]) -> None:
        x, y = left_centre
        for i, level in enumerate(self.thinking_dot_levels()):
            colour = tuple(round(c * level) for c in P.IVORY)
            pygame.draw.circle(surface, colour, (round(x + 6 + i * 18), round(y)), 6)

    def _draw_take_back(self, surface: pygame.Surface, card: str) -> None:
        """Step 1 done: its row becomes a button that takes the card back (so does Back)."""
        row = TAKE_BACK_RECT
        hovered = self.hover_pos is not None and row.collidepoint(self.hover_pos)
        surface.blit(panel_surface(row.size, 14, (60, 56, 44) if hovered else (36, 35, 42), P.BRASS, 2),
                     row.topleft)
        icon = undo_icon(36, P.BRASS_LIGHT)
        surface.blit(icon, icon.get_rect(center=(row.x + 28, row.centery)))
        label = f"Take back {card_name(card)}"
        lpx = fit_px(label, "ui-bold", 26, row.width - 70)
        surface.blit(text_surface(label, "ui-bold", lpx, P.BRASS_LIGHT), (row.x + 58, row.centery - 16))

    def log_area(self) -> pygame.Rect:
        return pygame.Rect(LEFT_X, 556, LEFT_W, 300)

    def _draw_log(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The newest entries that fit whole in LOG_ROWS lines (an entry is never cut to a stray
        "(0 left)" at the top); the newest two bright, as on every table (a turn is a lay and a draw).
        On a small window the lines are larger and fewer (`log_type`)."""
        px, step, rows = log_type(22, 32, LOG_ROWS, room=box.height)
        if self._log_wrapped[0] != (self._log_total, px):
            self._log_wrapped = ((self._log_total, px), self.log_rows(box.width - 40, px, rows))
        lines = self._log_wrapped[1]
        if not lines:
            return
        height = 24 + len(lines) * step
        panel = pygame.Rect(box.x, box.y, box.width, height)  # grows down from under the turn box
        surface.blit(panel_surface(panel.size, 18, (27, 27, 34, 170)), panel.topleft)
        for i, (line, bright) in enumerate(lines):
            colour = P.IVORY if bright else P.IVORY_DIM
            surface.blit(text_surface(line, "ui", px, colour), (panel.x + 20, panel.y + 12 + i * step))

    def log_rows(self, width: int, px: int = 22, most: int = LOG_ROWS) -> list[tuple[str, bool]]:
        """The log as drawn: (line, bright) for the newest whole entries that fit in `most` lines."""
        entries: list[list[str]] = []
        used = 0
        for entry in reversed(self.log[-LOG_LINES:]):
            rows = self._wrap_log(entry, width, px)
            if entries and used + len(rows) > most:
                break
            entries.insert(0, rows[-most:])
            used += len(entries[0])
        return [(line, index >= len(entries) - 2) for index, rows in enumerate(entries) for line in rows]

    @staticmethod
    def _wrap_log(entry: str, width: int, px: int = 22) -> list[str]:
        """A log entry in lines of `width` px, word by word, a "(32 left)" kept whole."""
        face = font("ui", px)
        lines: list[str] = []
        line = ""
        for unit in LOG_UNIT.findall(entry):
            candidate = f"{line} {unit}" if line else unit
            if line and face.size(candidate)[0] > width:
                lines.append(line)
                candidate = unit
            line = candidate
        return lines + ([line] if line else [])

    def _draw_opponent_plate(self, surface: pygame.Surface) -> None:
        board = self.board
        assert board is not None
        seat = board.top
        name = self.seat_label(seat)
        status = self.session.seats()[seat] if seat < len(self.session.seats()) else None
        level = f" \u00b7 {status.level.capitalize()}" if status is not None and status.level else ""
        text = name + level
        px = fit_px(text, "ui-bold", 30, 360)
        label = text_surface(text, "ui-bold", px, P.IVORY)
        box = pygame.Rect(0, 0, label.get_width() + 48, 56)
        box.center = (round(OPPONENT_HAND_CENTRE[0]), 52)
        surface.blit(panel_surface(box.size, 18, P.INK_ALPHA), box.topleft)
        surface.blit(label, label.get_rect(center=box.center))

    def hint_room(self) -> int:
        """The width right of the hand that the hint row may take."""
        return round(CANVAS_W - HINT_RIGHT_MARGIN - self._hand_right() - HINT_HAND_GAP)

    def hint_row(self, device: str) -> list[tuple[str, str]]:
        """The hints of this moment for `device`, as many as fit beside the hand."""
        touch = device == "touch"  # a touchscreen has no Back button: its words say what to tap
        if self.scoring is not None:  # the panel takes the input: "Arrows Look" moved nothing there
            hints = [("confirm", "Continue")] if self.scoring.counted else []
        elif self.selected is not None:
            hints = [("confirm", "Place"), ("confirm", "again: put back") if touch else ("back", "Cancel")]
        elif self.can_act and self.phase == "draw":
            hints = [("move", "Choose"), ("confirm", "Draw")]
            if self.taken_back_card() is not None and not touch:  # touch has the Take back button
                hints.append(("back", "Take back"))
        elif self.can_act:
            hints = [("move", "Choose"), ("confirm", "Pick up")]
        else:
            hints = [("move", "Look")]
        if not any(action == "back" for action, _ in hints):  # Back cancels or takes back then: its
            hints.append(("menu", "Menu"))  # key is not the menu's (the Menu button stays on screen)
        return list(hints_that_fit(device, tuple(hints), self.hint_room()))

    def _draw_hints(self, surface: pygame.Surface) -> None:
        device = self.app.input.last_device if self.app is not None else "keyboard"
        draw_hint_row(surface, device, self.hint_row(device), CANVAS_W - HINT_RIGHT_MARGIN, 1040, gap=HINT_GAP,
                      label_px=22, key_px=20, key_pad=HINT_KEY_PAD, key_h=34, key_gap=HINT_KEY_GAP)

    def _hand_right(self) -> float:
        """The right edge of the fanned hand at rest (the rightmost card's tilted bounding box)."""
        count = len(self.board.hands[self.bottom_seat]) if self.board is not None else 0
        layout = fan_layout(count, HAND_CENTRE, FACE_W, HAND_MAX_W, max_angle=9.0, arc=22.0)
        if not layout:
            return HAND_CENTRE[0]
        (x, _y), angle = layout[-1]
        turn = math.radians(abs(angle))
        return x + (FACE_W * math.cos(turn) + FACE_H * math.sin(turn)) / 2

    def _draw_scoring(self, surface: pygame.Surface) -> None:
        scoring = self.scoring
        board = self.board
        assert scoring is not None and board is not None
        from game.ui.chrome import dim_screen

        dim_screen(surface, 150)
        rows = len(scoring.colours)
        panel = pygame.Rect(0, 0, 1280, 250 + rows * 78 + 190)
        panel.center = (CANVAS_W // 2, CANVAS_H // 2)
        surface.blit(panel_surface(panel.size, 26, (24, 23, 28, 242), P.BRASS, 2), panel.topleft)
        title = "FINAL ROUND SCORES" if scoring.last_round else f"ROUND {scoring.round} SCORES"
        head = text_surface(title, "display", 84, P.IVORY)
        surface.blit(head, head.get_rect(midtop=(panel.centerx, panel.y + 24)))
        seats = (board.bottom, board.top)
        col_x = (panel.x + 330, panel.x + 820)
        for seat, x in zip(seats, col_x):
            name, px = fit_label(self.seat_label(seat).upper(), "display", 44, SCORING_NAME_W, 32)
            label = text_surface(name, "display", px, P.BRASS_LIGHT)
            surface.blit(label, label.get_rect(midleft=(x, panel.y + 150)))
        y = panel.y + 190
        for row, colour in enumerate(scoring.colours):
            progress = scoring.row_progress(row)
            line = pygame.Rect(panel.x + 30, y, panel.width - 60, 70)
            if 0.0 < progress < 1.0 or (progress >= 1.0 and row == int(scoring.time / max(1e-3, MOTION.duration(ROW_SECONDS)))):
                surface.blit(panel_surface(line.size, 14, (*P.shade(P.LC_COLOURS[colour], -0.5), 160)), line.topleft)
            icon = symbol(P.LC_SYMBOLS[colour], 44, P.LC_COLOURS[colour])
            surface.blit(icon, icon.get_rect(center=(line.x + 40, line.centery)))
            name = text_surface(COLOUR_NAMES[colour], "ui-bold", 28, P.IVORY if progress > 0 else P.IVORY_DIM)
            surface.blit(name, name.get_rect(midleft=(line.x + 80, line.centery)))
            if progress > 0:
                for seat, x in zip(seats, col_x):
                    self._score_cell(surface, scoring, seat, row, progress, x, line.centery)
            y += 78
        # the round and the match
        total_progress = scoring.row_progress(rows)
        y += 14
        pygame.draw.line(surface, P.BRASS, (panel.x + 40, y), (panel.right - 40, y), 2)
        if total_progress > 0:
            for seat, x in zip(seats, col_x):
                shown_score = round(scoring.scores[seat] * ease_out_cubic(total_progress))
                before = scoring.totals[seat] - scoring.scores[seat]
                round_text = text_surface(f"Round {self._signed(shown_score)}", "display", 52, P.IVORY)
                surface.blit(round_text, round_text.get_rect(midleft=(x, y + 44)))
                match_text = text_surface(f"Match {self._minus(before + shown_score)}", "ui-bold", 28, P.IVORY_DIM)
                surface.blit(match_text, match_text.get_rect(midleft=(x + round_text.get_width() + 28, y + 46)))
        if scoring.counted:
            label = "See the match result" if scoring.last_round else "Deal the next round"
            button = pygame.Rect(0, 0, 520, 84)
            button.midbottom = (panel.centerx, panel.bottom - 24)
            surface.blit(focus_glow(button.size, 16), (button.x - 14, button.y - 14))
            surface.blit(panel_surface(button.size, 16, P.BRASS), button.topleft)
            text = text_surface(label, "ui-bold", 34, P.INK)
            surface.blit(text, text.get_rect(center=button.center))
            device = self.app.input.last_device if self.app is not None else "keyboard"
            glyph = hint_glyphs(device)["confirm"]
            hint = text_surface(f"{glyph} to continue", "ui", legible_px(22), P.IVORY)
            plate = hint.get_rect(midtop=(panel.centerx, panel.bottom + 12)).inflate(32, 10)
            # on its own ink plate: below the panel lie the hand's bright cards
            surface.blit(self._continue_plate(plate.size), plate.topleft)
            surface.blit(hint, hint.get_rect(center=plate.center))

    def _continue_plate(self, size: tuple[int, int]) -> pygame.Surface:
        key = (size[0], size[1] + 100_000)
        image = self._dim_cache.get(key)
        if image is None:
            image = panel_surface(size, size[1] // 2, (20, 20, 26, 235))
            self._dim_cache[key] = image
        return image

    @staticmethod
    def _signed(value: int) -> str:
        return f"+{value}" if value > 0 else (f"{MINUS}{-value}" if value < 0 else "0")

    @staticmethod
    def _minus(value: int) -> str:
        """A total as printed on this table: a true minus sign, never a hyphen, and no plus."""
        return f"{MINUS}{-value}" if value < 0 else str(value)

    def _score_cell(self, surface: pygame.Surface, scoring: RoundScoring, seat: int, row: int, progress: float,
                    x: int, y: int) -> None:
        _colour, cards, total, wagers, bonus, score = scoring.breakdown[seat][row]
        if not cards:
            text = text_surface("not started", "ui", 26, P.IVORY_DIM)
            surface.blit(text, text.get_rect(midleft=(x, y)))
            return
        shown_sum = round(int(total) * ease_out_cubic(min(1.0, progress * 1.6)))
        parts = f"({shown_sum} {MINUS} 20)"
        if wagers:
            parts += f" {TIMES} {1 + int(wagers)}"
        if bonus:
            parts += " + 20"
        formula = text_surface(parts, "ui", 28, P.IVORY)
        surface.blit(formula, formula.get_rect(midleft=(x, y)))
        if progress >= 0.6:
            value = round(int(score) * ease_out_cubic(min(1.0, (progress - 0.6) / 0.4)))
            colour = P.GOOD if int(score) > 0 else P.ERROR if int(score) < 0 else P.IVORY_DIM
            result = text_surface(f"= {self._signed(value)}", "display", 46, colour)
            surface.blit(result, result.get_rect(midleft=(x + 290, y + 2)))


register_table("lost-cities", LostCitiesTable)

__all__ = ["LostCitiesTable", "Board", "RoundScoring"]
