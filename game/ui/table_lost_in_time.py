"""The Lost in Time table: every player's timeline as a row of cards, the Chronos dial in the
centre, the discard pile (whose top arrow sets the next round's direction) and the side pile.

Where things are (1920x1080 canvas): the viewer at the bottom (timeline row above a fanned hand,
a name plate on the left, the running total on the right), the opponents in panels around the top
in clockwise play order (the next player sits on the viewer's left, RULING G-1), the draw pile,
the Chronos card, the discard pile and the side pile in the centre, the log bottom left and the
turn's two steps with their buttons bottom right.

A turn has two steps (ruling LT-3). In the action step a VIP or a Disaster is dragged (or tapped,
then its target tapped) onto an opponent's panel, cards are dragged onto the discard pile (up to
two, numbered in the order they will land, ruling LT-5b) and confirmed with the Discard button, or
"Skip action" is pressed. In the travel step the one end of the timeline the Chronos allows glows
(ruling LT-4) and the cards that fit are lit. The scene never decides rules: targets come from
`self.legal`, every move goes through `self.submit`, a refusal snaps the card back.

Everything on screen follows a local `Board` that the incoming events change one at a time (that is
what gets animated); the seat's fresh view replaces it after each update, so the two never drift.
Other hands are drawn from their sizes only; a stolen card flies face down unless this seat was
the thief or the victim.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.core.types import Action, Event
from game.rules.lost_in_time import format_year
from game.session.base import Session, Update
from game.ui.chrome import CANVAS_H, CANVAS_W, draw_background, draw_hint_row, draw_menu_label, hint_row_width
from game.ui.input import Intent, time_finger_rest
from game.ui.look import palette as P
from game.ui.look.cards_lost_in_time import (COMPACT_MAX_W, arrow_colour, card_back, card_face, chronos, compact_face,
                                             year_label)
from game.ui.look.draw import card_height, radial_alpha
from game.ui.look.fonts import font, legible_px, log_tail_entries, text_surface, window_scale
from game.ui.look.table import card_shadow, focus_glow
from game.ui.sprites import (FLIP_SECONDS, OPPONENT_SLIDE_SECONDS, SLIDE_SECONDS, CardSprite, blit_faded,
                             fan_layout)
from game.ui.table_base import CountUp, LiftedCardTable, draw_log_lines, log_type, touch_rect
from game.ui.tables import register_table
from game.ui.tips import offer_first_game_tips
from game.ui.tween import MOTION, ease_out_back, fade_envelope
from game.ui.widgets import fit_px, panel_surface

GAME_ID = "lost-in-time"
TARGET_YEAR = 2031
VIP_BONUS, DISASTER_BONUS, CHIP_BONUS = 10, 20, 3  # ruling LT-10

# --- geometry (logical canvas 1920x1080) --------------------------------------------------------
FACE_W = 150  # every face is rendered once at hand size; other places scale it down (cached)
FACE_H = card_height(FACE_W)
HAND_CENTRE = (960.0, 964.0)
HAND_MAX_W = 780.0
HAND_ZONE_TOP = 850  # a card dragged back below this line returns to the hand
MY_ROW_Y = 672.0
MY_CARD_W = 112  # the viewer's timeline cards (narrower only when nine would not fit the row)
MY_ROW_RECT = pygame.Rect(470, 584, 980, 176)  # the drop zone of the viewer's timeline
MY_PLATE = pygame.Rect(16, 584, 436, 176)
MY_TOTAL = pygame.Rect(1468, 584, 436, 176)
CENTRE_Y = 440.0
DECK_POS = (712.0, CENTRE_Y)
CHRONOS_POS = (876.0, CENTRE_Y)
DISCARD_POS = (1044.0, CENTRE_Y)
SIDE_POS = (1208.0, CENTRE_Y)
PILE_W = 104
CHRONOS_W = 116
MINI_W = 24  # opponents' hands: small backs, only their count matters
MENU_RECT = pygame.Rect(16, 18, 150, 66)
LOG_RECT = pygame.Rect(16, 778, 436, 286)
PHASE_RECT = pygame.Rect(1468, 778, 436, 286)
PHASE_HEAD_ROOM = 66  # px above the two step rows that the turn panel's heading needs
PROMPT_Y = 788
PROMPT_PX = 30
PROMPT_LEAST_ON_SCREEN = 14.0  # px in the window: a prompt that would show smaller on one line takes two
LOG_LINES = 7
PANEL_HEADER = 88  # an opponent panel's name, hand and total lines above its timeline
PANELS_TOP = 96  # below the menu button, the hints and the turn banner
PANELS_OVER_PILES_BOTTOM = 346  # a panel above the draw pile and the Chronos ends here
PANELS_BOTTOM = 572  # a panel beside the piles ends above the viewer's row (584)
OPPONENT_CARD_MAX_W = 124
ROW_CARD_MIN_W = 56  # narrower than this a long timeline overlaps instead of shrinking
SHADOW_MIN_SCALE = 0.3  # cards drawn at least this large cast a shadow: all but the opponents' hand backs

MINE_SECONDS = SLIDE_SECONDS
THEIRS_SECONDS = OPPONENT_SLIDE_SECONDS
DEAL_STEP = 0.05  # ART.md: deals staggered 40-60 ms
OPENING_DEAL_STEP = 0.04  # the opening deal, round the whole table: ART.md's quickest stagger
SWEEP_SECONDS = SLIDE_SECONDS + 0.04  # cards gliding back into the draw pile (ART.md: moves 180-260 ms)
HERALD_SECONDS = 1.6
HERALD_FADE_OUT = 0.35
BUBBLE_SECONDS = 1.8
SHAKE_SECONDS = 0.45
PULSE_HZ = 1.1  # legal targets breathe (far below 3 flashes a second)
SELECTED_LIFT = 44.0
STAGED_LIFT = 60.0
FOCUS_LIFT = 28.0
LOOK_W = 330  # a card read large: its title at 33 px and its whole caption at 20 px (ART.md small print)
LOOK_DELAY = 0.25  # s a mouse rests on a table card before it is shown large
LOOK_FADE = 0.12
LOOK_HOW = {"mouse": "Rest the pointer on a card", "touch": "Hold a card"}  # the hint's cap, by device

Pos = tuple[float, float]
Target = tuple[Any, ...]  # ("hand", card) | ("seat", s) | ("discard",) | ("timeline",) | ("button", key)


# --- small pure helpers -------------------------------------------------------------------------
def row_centres(widths: list[float], centre_x: float, max_width: float, gap: float) -> list[float]:
    """Centres of cards of the given widths in a row centred on `centre_x`; the gaps shrink (and the
    cards overlap) when the row would be wider than `max_width`."""
    n = len(widths)
    if n == 0:
        return []
    natural = sum(widths) + gap * (n - 1)
    step_gap = gap if natural <= max_width or n == 1 else gap - (natural - max_width) / (n - 1)
    total = sum(widths) + step_gap * (n - 1)
    x = centre_x - total / 2
    out = []
    for width in widths:
        out.append(x + width / 2)
        x += width + step_gap
    return out


def opponent_rects(count: int) -> list[tuple[pygame.Rect, int]]:
    """(panel, largest card width) for `count` opponents in clockwise order from the viewer's left.
    The panels take all the height the piles and the viewer's row leave: their cards are as large as
    that allows (a short timeline's cards larger still, see `row_card_w`)."""
    over_h = PANELS_OVER_PILES_BOTTOM - PANELS_TOP  # 250
    row_h = (PANELS_BOTTOM - PANELS_TOP - 8) // 2  # 234: two rows of panels beside the piles
    low_y = PANELS_BOTTOM - row_h
    left_up, left_low = pygame.Rect(16, PANELS_TOP, 584, row_h), pygame.Rect(16, low_y, 584, row_h)
    right_up, right_low = pygame.Rect(1320, PANELS_TOP, 584, row_h), pygame.Rect(1320, low_y, 584, row_h)
    if count <= 1:
        rects = [pygame.Rect(410, PANELS_TOP, 1100, over_h)]
    elif count == 2:
        rects = [pygame.Rect(40, PANELS_TOP, 900, over_h), pygame.Rect(980, PANELS_TOP, 900, over_h)]
    elif count == 3:
        rects = [pygame.Rect(16, 150, 584, 272), pygame.Rect(616, PANELS_TOP, 688, over_h),
                 pygame.Rect(1320, 150, 584, 272)]
    elif count == 4:  # nobody sits at the top centre: the upper two share its width
        rects = [left_low, pygame.Rect(16, PANELS_TOP, 934, row_h), pygame.Rect(970, PANELS_TOP, 934, row_h),
                 right_low]
    else:
        rects = [left_low, left_up, pygame.Rect(616, PANELS_TOP, 688, row_h), right_up, right_low][:count]
    return [(rect, min(OPPONENT_CARD_MAX_W, int((rect.height - PANEL_HEADER - 10) / 1.4))) for rect in rects]


def row_card_w(count: int, tilted: bool, max_w: int, row_w: float, gap: float) -> int:
    """The widest card (an even number of px, at most `max_w`) with which `count` cards, one of them
    turned sideways (as wide as a card is tall) when `tilted`, fit a row of `row_w` side by side, so
    no title is covered; never below ROW_CARD_MIN_W (a longer row then overlaps, see row_centres)."""
    if count <= 0:
        return max_w
    width = max_w - max_w % 2
    while width > ROW_CARD_MIN_W:
        upright = count - 1 if tilted else count
        need = upright * width + (card_height(width) if tilted else 0) + gap * (count - 1)
        if need <= row_w:
            return width
        width -= 2
    return min(max_w, ROW_CARD_MIN_W)


def card_words(card_id: str) -> str:
    """A card as the log and the suggestions name it: "Battle of the Somme (1916)", "Ides of March
    (44 BC)" (the title first, so a sentence never runs a year into a title)."""
    from game.rules.lost_in_time import CARDS

    card = CARDS.get(card_id)
    if card is None:
        return "a card"
    return f"{card.title} ({year_label(card.year)})"


def breakdown_lines(parts: list[str], px: int, width: int) -> list[str]:
    """The parts of a total ("youngest 1869", "1 VIP +10", ...) joined by dots into lines no wider
    than `width` at `px` (a part never splits)."""
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]}  \u00b7  {part}" if lines else part
        if lines and font("ui", px).size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines


def object_form(name: str) -> str:
    """ "You" in the middle of a sentence is "you"."""
    return "you" if name == "You" else name


def verb_for(name: str, you_form: str, they_form: str) -> str:
    """A bubble's subject and verb in capitals: "YOU LOSE", "ADA LOSES"."""
    return f"YOU {you_form}" if name == "You" else f"{name.upper()} {they_form}"


def travel_end_words(direction: str) -> str:
    """Where travel puts a card, in years (the rulebook's "an older / a younger card" alone reads
    backwards to many: a younger card is a later year); "oldest" and "youngest" stay the rulebook's
    names for the timeline's ends, as the running total says them."""
    if direction == "past":
        return "a card with an earlier year than your oldest (left end)"
    return "a card with a later year than your youngest (right end)"


@dataclass
class Placement:
    pos: Pos
    angle: float
    scale: float
    z: int
    face_up: bool
    visible: bool = True
    compact: int = 0  # on a timeline or a pile: the width its compact face is drawn at (0: the hand's face)


class TableCardSprite(CardSprite):
    """A card that, lying on a timeline or a pile, shows its compact face drawn at that width (sharp
    print, a title as large as the card allows) instead of the hand's face shrunk.

    A change of face never pops: when a card leaves the hand for a row or a pile, or its row narrows
    or widens as it grows, the face it showed fades into the new one while the card changes size (the
    share of the new face is how much of the way from the old width to the new the card has come), so
    the two layouts (the hand's year in the middle and title at the foot, the compact big year and
    title) blend during the move instead of swapping between two frames. Set faces with `set_compact`."""

    compact: pygame.Surface | None = None
    _fade: tuple[pygame.Surface, float] | None = None  # (the face shown before, the width shown then)

    def _plain(self, scale: float) -> tuple[pygame.Surface | None, float]:
        """The face shown without a fade: the compact one once the card is about its size."""
        compact = self.compact
        if compact is None or not self.face_up or self.face is None:
            return super().shown_image(scale)
        shown_w = self.face.get_width() * scale
        if shown_w > max(compact.get_width(), COMPACT_MAX_W) + 0.5:  # still as large as in the hand
            return super().shown_image(scale)
        return compact, shown_w / compact.get_width()

    def fade_share(self, scale: float) -> float:
        """How far the running fade has come at `scale` (0: the old face only, 1: the new one only)."""
        if self._fade is None or self.compact is None or self.face is None:
            return 1.0
        start_w, end_w = self._fade[1], float(self.compact.get_width())
        if abs(end_w - start_w) < 0.5:
            return 1.0
        return max(0.0, min(1.0, (self.face.get_width() * scale - start_w) / (end_w - start_w)))

    def set_compact(self, compact: pygame.Surface | None) -> None:
        """The card's face where it lies now (None: in a hand). From a face it shows, the change fades
        in as the card goes to its new size (see the class); from the back (a flip hides it) or at the
        same size (the same drawing) it is at once."""
        if compact is self.compact:
            return
        scale = float(self.scale.current)  # type: ignore[arg-type]
        fading = self._fade is not None and self.fade_share(scale) < 0.5
        before = self._fade[0] if fading and self._fade is not None else self._plain(scale)[0]
        self.compact, self._fade = compact, None
        if compact is None or before is None or before is compact or not self.face_up or self.face is None:
            return
        shown_w = self.face.get_width() * scale
        if abs(shown_w - compact.get_width()) >= 1.0:
            self._fade = (before, shown_w)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._fade is not None and not self.scale.moving:
            self._fade = None  # it reached its size: the new face alone

    def shown_image(self, scale: float) -> tuple[pygame.Surface | None, float]:
        fade = self._fade
        if fade is None or not self.face_up or self.face is None or self.fade_share(scale) >= 1.0:
            return self._plain(scale)
        old = fade[0]
        return old, self.face.get_width() * scale / old.get_width()

    def cover_image(self, scale: float) -> tuple[pygame.Surface, float, float] | None:
        if self._fade is None or not self.face_up or self.compact is None or self.face is None:
            return None
        share = self.fade_share(scale)
        if share >= 1.0:
            return None
        return self.compact, self.face.get_width() * scale / self.compact.get_width(), share


@dataclass
class Board:
    """What the table shows: card keys per place. A key is a card id, or "back-<seat>-<n>" for a
    card whose face this seat may not see."""

    players: int
    hands: list[list[str]]
    timelines: list[list[str]]
    tilted: list[str | None]
    discard: list[str]
    side: list[str]
    deck_count: int
    direction: str
    dealer: int
    skips: list[int]
    round: int
    final_round: bool


@dataclass
class Drag:
    key: str
    grab: Pos  # pointer offset from the card centre
    pos: Pos = (0.0, 0.0)


@dataclass
class Herald:
    """A big announcement over the centre of the table ("ROUND 3 · TO THE PAST")."""

    title: str
    line: str
    colour: tuple[int, int, int]
    age: float = 0.0
    seconds: float = HERALD_SECONDS

    def opacity(self) -> int:
        return fade_envelope(self.age, self.seconds, 0.15, HERALD_FADE_OUT)


@dataclass
class Bubble:
    """A short word floating up from a seat ("PASS", "CAN'T TRAVEL")."""

    seat: int
    text: str
    colour: tuple[int, int, int]
    age: float = 0.0
    readers: frozenset[int] | None = None  # the seats that may read it (a stolen card's name); None: all


@dataclass
class Timer:
    seconds: float
    callback: Callable[[], None]


@dataclass
class SeatGeo:
    panel: pygame.Rect
    card_w: int
    row_y: float
    row_centre_x: float
    row_max_w: float
    hand_pos: Pos
    mine: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


@functools.lru_cache(maxsize=16)
def digits_bottom(px: int) -> int:
    """How far below its top a year in the display type at `px` ends (digits have no descenders)."""
    return text_surface("0123456789", "display", px, P.IVORY).get_bounding_rect().bottom


@functools.lru_cache(maxsize=64)
def prompt_lines(text: str, width: int, least: int) -> tuple[tuple[str, ...], int]:
    """A prompt's lines and size: one line at up to PROMPT_PX fitted to `width`, or, where that
    would shrink below `least` px, two lines split after a sentence (else a colon, a comma) where
    both halves fit at PROMPT_PX, else at the word that evens them out (cached: drawn every frame)."""
    px = fit_px(text, "ui-bold", PROMPT_PX, width)
    words = text.split()
    if px >= least or len(words) < 2:
        return (text,), px
    face = font("ui-bold", PROMPT_PX)
    splits = [(" ".join(words[:cut]), " ".join(words[cut:])) for cut in range(1, len(words))]
    widest = {pair: max(face.size(half)[0] for half in pair) for pair in splits}
    for stop in (".", ":", ","):  # after a sentence, else its opening words ("Travel to the past:"), else a clause
        whole = [pair for pair in splits if pair[0].endswith(stop) and widest[pair] <= width]
        if whole:
            first, second = min(whole, key=lambda pair: widest[pair])
            break
    else:
        first, second = min(splits, key=lambda pair: widest[pair])
    return (first, second), min(fit_px(first, "ui-bold", PROMPT_PX, width), fit_px(second, "ui-bold", PROMPT_PX, width))


class LostInTimeTable(LiftedCardTable):
    """The table scene of Lost in Time (see the module docstring)."""

    tone = P.GAME_TABLE_TONE.get(GAME_ID, "burgundy")
    suggestions = True  # "Suggest a move" in the pause menu (describe_move)
    menu_button_rect = MENU_RECT
    results_score_words = staticmethod(format_year)  # a total before Christ is "44 BC", as on the table

    def __init__(self, app: Any, session: Session, viewer: int | None = None) -> None:
        super().__init__(app, session, viewer)
        self.board: Board | None = None
        self.facts: dict[str, dict[str, Any]] = {}
        self.sprites: dict[str, CardSprite] = {}
        self.leaving: list[CardSprite] = []
        self.floating: set[str] = set()  # cards in flight between places (a VIP or Disaster on its victim)
        self._rest_z: dict[str, int] = {}
        # each running total counts to its new year once the card that changed it lies in its timeline
        # (ART.md: scores count up); it jumped the moment the card left the hand
        self.counts = CountUp()
        self._serial = 0
        self.geo: dict[int, SeatGeo] = {}
        self.built_for: tuple[int | None, int] | None = None
        self.focus: Target | None = None
        self.selected: str | None = None
        self.staged: list[str] = []  # cards chosen for the discard, in landing order (ruling LT-5b)
        self.drag: Drag | None = None
        self.hover_target: Target | None = None
        self.log: list[str] = []  # the lines the person at the screen may read (see log_event)
        self._log_entries: list[tuple[frozenset[int] | None, str]] = []  # (who may read it, line)
        self.heralds: list[Herald] = []
        self.bubbles: list[Bubble] = []
        self.timers: list[Timer] = []
        self.shakes: dict[int, float] = {}
        self.flashes: dict[int, float] = {}
        self.time = 0.0
        self.winners: tuple[int, ...] = ()
        self._ends_now = False  # the update being animated ends the game (no "finish the round" herald)
        self._back = card_back(FACE_W)
        self._shadow = card_shadow((FACE_W, FACE_H))
        self.chronos_sprite = CardSprite("chronos", chronos("future", FACE_W), chronos("past", FACE_W),
                                         CHRONOS_POS, face_up=True, scale=CHRONOS_W / FACE_W)
        self.chronos_sprite.shadow = self._shadow
        self._cache: dict[Any, pygame.Surface] = {}
        self.levels: list[str] = [status.level.capitalize() if status.kind == "bot" and status.level else ""
                                  for status in session.seats()]
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[Any, ...] | None = None
        self._hand_was_veiled = False  # the hand lay face down while a bot played (hot-seat)
        self._hand_seen: dict[int, set[str]] = {}  # at one screen: each person's hand as they last saw it
        self.look: str | None = None  # the table card shown large to be read (see open_look)
        self.look_how = ""  # "pointer" (a mouse rests on it), "finger" (a long press), "keys" (Q/E, LB/RB)
        self.look_age = 0.0
        self._pointer_card: str | None = None  # the table card under the mouse, and how long it rested there
        self._pointer_rest = 0.0
        self._finger: list[Any] | None = None  # [card, seconds held, shown] of a finger resting on a card
        self._look_place: tuple[Any, ...] | None = None  # the timeline or pile the card read large lay on
        self._could_act = False  # the person could act at the last step (see update_look)

    # --- small queries -------------------------------------------------------------------------
    @property
    def me(self) -> int:
        return self.viewer if self.viewer is not None else 0

    @property
    def phase(self) -> str:
        return str(self.view.get("phase", "action"))

    @property
    def players(self) -> int:
        return int(self.view.get("players", len(self.seat_names) or 2))

    def who(self, seat: int) -> str:
        return "You" if seat == self.viewer and len(self.local_seats) == 1 else self.name_of(seat)

    def after(self, seconds: float, callback: Callable[[], None]) -> None:
        self.timers.append(Timer(MOTION.duration(seconds), callback))

    def speed(self, seat: int) -> float:
        return MINE_SECONDS if seat == self.viewer else THEIRS_SECONDS

    def fact(self, card: str) -> dict[str, Any]:
        return self.facts.get(card, {"id": card, "title": "?", "year": 0, "kind": "event", "era": "modern",
                                     "arrow": "future", "chips": 0, "caption": ""})

    def year(self, card: str) -> int:
        return int(self.fact(card).get("year", 0))

    def kind_of(self, card: str) -> str:
        return str(self.fact(card).get("kind", "event"))

    def total_of(self, seat: int) -> dict[str, Any] | None:
        """Ruling LT-10 on the timeline as shown: youngest year + 10 per VIP + 20 per Disaster
        (+3 per chip in the variant). Counted on screen so it follows the animation."""
        board = self.board
        if board is None or not board.timelines[seat]:
            return None
        row = board.timelines[seat]
        youngest = self.year(row[-1])
        vips = sum(1 for c in row if self.kind_of(c) == "vip")
        disasters = sum(1 for c in row if self.kind_of(c) == "disaster")
        chips = sum(int(self.fact(c).get("chips", 0)) for c in row)
        chip_on = bool(self.view.get("options", {}).get("chips", False))
        total = youngest + VIP_BONUS * vips + DISASTER_BONUS * disasters + (CHIP_BONUS * chips if chip_on else 0)
        return {"total": total, "youngest": youngest, "vips": vips, "disasters": disasters, "chips": chips,
                "chip_on": chip_on, "distance": TARGET_YEAR - total, "over": total > TARGET_YEAR}

    # --- legality, read from the Update ----------------------------------------------------------
    def action_only(self) -> bool:
        """The option "a Disaster skips the action only" (ruling LT-5): the victim still travels."""
        return str(self.view.get("options", {}).get("disaster_skip", "turn")) == "action"

    def skips_text(self, skips: int) -> str:
        """The badge of a seat hit by Disasters: what it will miss, by the table's option (LT-5)."""
        if self.action_only():
            return "SKIPS AN ACTION" if skips == 1 else f"SKIPS {skips} ACTIONS"
        return "SKIPS A TURN" if skips == 1 else f"SKIPS {skips} TURNS"

    def legal_of(self, kind: str) -> list[Action]:
        return [a for a in self.legal if a.kind == kind]

    def action_if_legal(self, kind: str, **args: Any) -> Action | None:
        if self.viewer is None:
            return None
        action = Action.make(self.viewer, kind, **args)
        return action if action in self.legal else None

    def can_stage(self, card: str) -> bool:
        """A legal discard begins with the staged cards and then `card` (ruling LT-8 decides)."""
        wanted = tuple(self.staged) + (card,)
        return any(tuple(a["cards"])[:len(wanted)] == wanted for a in self.legal_of("discard"))  # type: ignore[arg-type]

    def fits(self, card: str) -> bool:
        return self.action_if_legal("place", card=card) is not None

    def targets_for(self, card: str) -> list[Target]:
        """Where `card` may go now, in screen order (what lights up when it is picked up)."""
        if not self.can_act:
            return []
        out: list[Target] = []
        if self.phase == "action":
            kind = self.kind_of(card)
            if kind in ("vip", "disaster"):
                legal = {int(a["target"]) for a in self.legal_of(kind) if a["card"] == card}  # type: ignore[arg-type]
                out += [("seat", s) for s in self.seat_order() if s in legal]
            if card not in self.staged and len(self.staged) < 2 and self.can_stage(card):
                out.append(("discard",))
        elif self.fits(card):
            out.append(("timeline",))
        return out

    def seat_order(self) -> list[int]:
        """Opponents in clockwise order from the viewer's left (the next player first)."""
        n = self.board.players if self.board else self.players
        return [(self.me + k) % n for k in range(1, n)]

    def buttons(self) -> list[tuple[str, str, bool]]:
        """(key, label, primary) of the buttons the current step offers."""
        if not self.can_act:
            return []
        if self.phase == "action":
            out = [("skip", "Skip action", False)]
            if self.staged and self.action_if_legal("discard", cards=list(self.staged)) is not None:
                word = "card" if len(self.staged) == 1 else "cards"
                out.insert(0, ("discard", f"Discard {len(self.staged)} {word}", True))
            return out
        if self.legal_of("cannot_travel"):
            return [("stuck", "Cannot travel", True)]
        return []

    def button_rects(self) -> list[pygame.Rect]:
        count = len(self.buttons())
        rects = []
        for i in range(count):
            rect = pygame.Rect(0, 0, PHASE_RECT.width - 40, 64)
            rect.midbottom = (PHASE_RECT.centerx, PHASE_RECT.bottom - 16 - (count - 1 - i) * 74)
            rects.append(rect)
        return rects

    # --- geometry --------------------------------------------------------------------------------
    def build_geometry(self) -> None:
        n = self.board.players if self.board else self.players
        self.geo = {self.me: SeatGeo(MY_ROW_RECT, MY_CARD_W, MY_ROW_Y, MY_ROW_RECT.centerx, MY_ROW_RECT.width,
                                     HAND_CENTRE, mine=True)}
        for seat, (panel, card_w) in zip(self.seat_order(), opponent_rects(n - 1)):
            row_y = (panel.top + PANEL_HEADER + panel.bottom - 6) / 2  # the middle of the space under the header
            self.geo[seat] = SeatGeo(panel, card_w, row_y, panel.centerx, panel.width - 28,
                                     (panel.x + 16 + MINI_W / 2 + 28.0, panel.y + 64.0))
        self.built_for = (self.viewer, n)

    def timeline_layout(self, seat: int) -> list[tuple[str, Pos, float]]:
        """(key, centre, angle) of each card of a timeline, plus ("slot", ...) for the viewer's lit
        end while a card may travel there. A tilted card takes its height in the row (ruling LT-7)."""
        board = self.board
        geo = self.geo.get(seat)
        if board is None or geo is None:
            return []
        keys = list(board.timelines[seat])
        slot_at = self.slot_end() if seat == self.me else None
        if slot_at == "right":
            keys.append("slot")
        elif slot_at == "left":
            keys.insert(0, "slot")
        gap = 10.0 if geo.mine else 6.0
        w = self.row_card_width(seat, len(keys))
        h = card_height(w)
        widths = [h if board.tilted[seat] == key else w for key in keys]
        xs = row_centres([float(x) for x in widths], geo.row_centre_x, geo.row_max_w, gap)
        return [(key, (x, geo.row_y), 90.0 if board.tilted[seat] == key else 0.0) for key, x in zip(keys, xs)]

    def row_card_width(self, seat: int, count: int | None = None) -> int:
        """How wide the cards of a timeline are now: as wide as its place allows, narrower as it grows
        (`count` cards, the viewer's glowing slot included; by default the timeline's length)."""
        board = self.board
        geo = self.geo.get(seat)
        if board is None or geo is None:
            return MY_CARD_W
        if count is None:
            count = len(board.timelines[seat]) + (1 if seat == self.me and self.slot_end() is not None else 0)
        gap = 10.0 if geo.mine else 6.0
        return row_card_w(count, board.tilted[seat] is not None, geo.card_w, geo.row_max_w, gap)

    def slot_end(self) -> str | None:
        """Which end of the viewer's timeline glows: only in their travel step (ruling LT-4)."""
        if not self.can_act or self.phase != "travel" or self.board is None:
            return None
        if not self.legal_of("place"):
            return None
        if not self.board.timelines[self.me]:
            return "right"
        return "right" if self.board.direction == "future" else "left"

    def slot_rect(self) -> pygame.Rect | None:
        for key, pos, _angle in self.timeline_layout(self.me):
            if key == "slot":
                w = self.row_card_width(self.me)
                rect = pygame.Rect(0, 0, w, card_height(w))
                rect.center = (round(pos[0]), round(pos[1]))
                return rect
        return None

    def hand_layout(self, count: int) -> list[tuple[Pos, float]]:
        return fan_layout(count, HAND_CENTRE, FACE_W, HAND_MAX_W, max_angle=7.0, arc=14.0)

    def pile_rect(self, pos: Pos) -> pygame.Rect:
        rect = pygame.Rect(0, 0, PILE_W, card_height(PILE_W))
        rect.center = (round(pos[0]), round(pos[1]))
        return rect

    def seat_centre(self, seat: int) -> Pos:
        geo = self.geo.get(seat)
        if geo is None:
            return (CANVAS_W / 2, CANVAS_H / 2)
        if geo.mine:
            return (float(MY_ROW_RECT.centerx), MY_ROW_Y)
        return (float(geo.panel.centerx), float(geo.panel.centery))

    def placements(self) -> dict[str, Placement]:
        board = self.board
        out: dict[str, Placement] = {}
        if board is None:
            return out
        for seat in range(board.players):
            geo = self.geo.get(seat)
            if geo is None:
                continue
            hand = board.hands[seat]
            if seat == self.me:
                veiled = self.hand_veiled()
                for i, (pos, angle) in enumerate(self.hand_layout(len(hand))):
                    out[hand[i]] = Placement(pos, angle, 1.0, 400 + i, not hand[i].startswith("back-") and not veiled)
            else:
                step = 14.0
                x0 = geo.hand_pos[0] - step * (len(hand) - 1) / 2
                for i, key in enumerate(hand):
                    out[key] = Placement((x0 + i * step, geo.hand_pos[1]), 0.0, MINI_W / FACE_W, 300 + i, False)
            width = self.row_card_width(seat)
            for i, (key, pos, angle) in enumerate(self.timeline_layout(seat)):
                if key != "slot":
                    out[key] = Placement(pos, angle, width / FACE_W, 200 + i, True, compact=width)
        for pile, pos in ((board.discard, DISCARD_POS), (board.side, SIDE_POS)):
            for i, key in enumerate(pile):
                depth = min(len(pile) - 1 - i, 3)
                out[key] = Placement((pos[0] + depth * 1.5, pos[1] + depth * 2.0), 0.0, PILE_W / FACE_W, 100 + i,
                                     True, visible=len(pile) - 1 - i < 4, compact=PILE_W)
        return out

    # --- sprites ---------------------------------------------------------------------------------
    def _new_back_key(self, seat: int) -> str:
        self._serial += 1
        return f"back-{seat}-{self._serial}"

    def _make_sprite(self, key: str, pos: Pos, scale: float, face_up: bool) -> CardSprite:
        face = None if key.startswith("back-") else card_face(self.fact(key), FACE_W)
        sprite = TableCardSprite(key, face, self._back, pos, face_up=face_up and face is not None, scale=scale)
        sprite.shadow = self._shadow
        self.sprites[key] = sprite
        return sprite

    def rekey(self, old: str, new: str) -> CardSprite | None:
        """A sprite changes identity (a back that turns out to be a known card, or the reverse)."""
        sprite = self.sprites.pop(old, None)
        if sprite is None:
            return None
        sprite.key = new
        if isinstance(sprite, TableCardSprite):
            sprite.set_compact(None)  # the next relayout draws the new card's own
        if not new.startswith("back-"):
            sprite.face = card_face(self.fact(new), FACE_W)
        self.sprites[new] = sprite
        return sprite

    def relayout(self, seconds: float = SLIDE_SECONDS, moving: dict[str, float] | None = None,
                 instant: bool = False, delays: dict[str, float] | None = None) -> None:
        """Send every sprite to its place; cards named in `moving` travel for their own seconds and
        ride above the others meanwhile, flipping when their face changes."""
        moving = moving or {}
        delays = delays or {}
        places = self.placements()
        dragged = self.drag.key if self.drag is not None else None
        for key, place in places.items():
            sprite = self.sprites.get(key)
            if sprite is None:
                sprite = self._make_sprite(key, DECK_POS, PILE_W / FACE_W, False)
                if instant:
                    sprite.face_up = place.face_up and sprite.face is not None
            if key == dragged:
                continue
            self._rest_z[key] = place.z
            if isinstance(sprite, TableCardSprite):
                sprite.set_compact(compact_face(self.fact(key), place.compact)
                                   if place.compact and not key.startswith("back-") else None)
            sprite.visible = place.visible or key in moving
            # every card on the felt casts a shadow, however narrow its row (a row that narrowed past
            # some width dropped its shadows at once); the opponents' tiny hand backs do not
            sprite.shadow = self._shadow if place.scale >= SHADOW_MIN_SCALE else None
            if instant:
                sprite.pos.set(place.pos)
                sprite.angle.set(place.angle)
                sprite.scale.set(place.scale)
                sprite.face_up = place.face_up and sprite.face is not None
                sprite.z = place.z
                continue
            duration = moving.get(key, seconds)
            delay = delays.get(key, 0.0)
            if key in moving:
                sprite.z = 900 + len(moving)
            target = (float(place.pos[0]), float(place.pos[1]))
            if sprite.pos.target != target or sprite.angle.target != place.angle or sprite.scale.target != place.scale:
                sprite.slide_to(target, duration, delay=delay, angle=place.angle, scale=place.scale)
            want_up = place.face_up and sprite.face is not None
            if sprite.face_up != want_up:  # turned over on its way, in a flip's time (ART.md: 160-200 ms)
                flip = min(FLIP_SECONDS, duration)
                sprite.flip(want_up, flip, delay=delay + (duration - flip) * 0.4)
            if key not in moving and not sprite.moving:
                sprite.z = place.z
        for key in [k for k in self.sprites if k not in places and k != dragged and k not in self.floating]:
            self._sweep(self.sprites.pop(key))
            self._rest_z.pop(key, None)
        self._update_lifts()

    def _sweep(self, sprite: CardSprite) -> None:
        """A card leaves the table (a reshuffle): it glides into the draw pile and fades."""
        sprite.set_focus(False)
        sprite.visible = True
        sprite.slide_to(DECK_POS, SWEEP_SECONDS, angle=0.0, scale=PILE_W / FACE_W)
        if sprite.face_up:
            sprite.flip(False, FLIP_SECONDS)
        sprite.alpha.to(0.0, 0.12, delay=SWEEP_SECONDS - 0.1)
        sprite.z = 60
        self.leaving.append(sprite)

    # --- the board from a view -------------------------------------------------------------------
    def board_from_view(self, view: dict[str, Any]) -> Board:
        n = int(view.get("players", 2))
        old = self.board
        hands: list[list[str]] = []
        for seat in range(n):
            if seat == self.viewer:
                hands.append(list(view.get("hand", [])))
                continue
            size = int(view.get("hand_size", [0] * n)[seat])
            reuse = [k for k in (old.hands[seat] if old is not None and old.players == n else [])
                     if k.startswith("back-")][:size]
            while len(reuse) < size:
                reuse.append(self._new_back_key(seat))
            hands.append(reuse)
        timelines = [[str(entry["card"]) for entry in row] for row in view.get("timelines", [[] for _ in range(n)])]
        tilted = [next((str(e["card"]) for e in row if e.get("tilted")), None)
                  for row in view.get("timelines", [[] for _ in range(n)])]
        return Board(players=n, hands=hands, timelines=timelines, tilted=tilted,
                     discard=list(view.get("discard_pile", [])), side=list(view.get("side_pile", [])),
                     deck_count=int(view.get("deck_count", 0)), direction=str(view.get("direction", "future")),
                     dealer=int(view.get("dealer", 0)), skips=[int(s) for s in view.get("skips_pending", [0] * n)],
                     round=int(view.get("round", 1)), final_round=bool(view.get("final_round", False)))

    def learn(self, view: dict[str, Any]) -> None:
        for card, facts in (view.get("cards") or {}).items():
            self.facts[str(card)] = dict(facts)

    def on_view(self, update: Update) -> None:
        view = update.view
        if not view or "timelines" not in view:
            return
        self.learn(view)
        first = self.board is None
        reseated = self.built_for is not None and self.built_for[0] != self.viewer
        if reseated:  # hot-seat: another person took the screen; nothing of the old hand may linger
            self.sprites.clear()
            self.leaving.clear()
            self.board = None
            self.selected, self.drag, self.staged = None, None, []
        self.board = self.board_from_view(view)
        if first or reseated:
            self.counts.snap_next()
        self.floating.clear()
        if self.built_for != (self.viewer, self.board.players):
            self.build_geometry()
        self.chronos_sprite.face_up = self.board.direction == "future"
        self.staged = [c for c in self.staged if c in self.board.hands[self.me]] if self.can_act and self.phase == "action" else []
        if self.selected is not None and (self.selected not in self.board.hands[self.me] or not self.can_act):
            self.selected = None
        if update.outcome is not None:
            self.winners = tuple(update.outcome.winners)
        drawn = self._drawn_while_away() if reseated else []
        if reseated:
            self._refresh_log()
        if first and not self._log_entries:
            self._log_entries.append((None, f"Round {self.board.round}: {self.who(self.board.dealer)} "
                                            f"{'deal' if self.who(self.board.dealer) == 'You' else 'deals'}; "
                                            f"everyone travels to the {self.board.direction}."))
            self._refresh_log()
        if (first or reseated) and update.version == 0 and not reseated:
            self.relayout(instant=True)
            self.deal_in()
        else:
            self.relayout(instant=first or reseated)
        if drawn:
            self.deal_to_hand(drawn)
        if self.viewer in self.local_seats and not self.hand_veiled():
            self._hand_seen[self.me] = set(self.board.hands[self.me])
        self._follow_veil()  # a new view can veil or unveil the hand (and its log lines) at once
        self._fix_focus(reset=True)

    def _drawn_while_away(self) -> list[str]:
        """At one screen: the cards the person now taking it drew while someone else had it (a new
        round's refill under another person's view was only a count). Logged for them alone, as a
        solo player reads "You drew ..."; [] the first time they sit down."""
        assert self.board is not None
        seen = self._hand_seen.get(self.me)
        if seen is None or self.viewer not in self.local_seats:
            return []
        drawn = [card for card in self.board.hands[self.me] if card not in seen and not card.startswith("back-")]
        if drawn:
            self._log_entries.append((frozenset({self.me}), self.log_line(
                Event.make("deal", None, seat=self.me, cards=tuple(drawn)), None)))
            del self._log_entries[:-80]
        return drawn

    def deal_to_hand(self, cards: list[str]) -> None:
        """Cards drawn while the person was away fly in from the draw pile once their curtain lifts,
        so they see which ones are new."""
        places = self.placements()
        for n, key in enumerate(cards):
            sprite, place = self.sprites.get(key), places.get(key)
            if sprite is None or place is None:
                continue
            sprite.pos.set(DECK_POS)
            sprite.scale.set(PILE_W / FACE_W)
            sprite.angle.set(0.0)
            sprite.face_up = False
            sprite.z = 500 + n
            delay = 0.15 + n * DEAL_STEP
            sprite.slide_to(place.pos, SLIDE_SECONDS, delay=delay, angle=place.angle, scale=place.scale)
            sprite.flip(True, FLIP_SECONDS, delay=delay + 0.12)
        self.play("deal", 0.6)

    def deal_in(self) -> None:
        """The opening deal: five cards each fly from the draw pile, one at a time, round the table."""
        board = self.board
        assert board is not None
        order: list[str] = []
        for i in range(max(len(h) for h in board.hands)):
            for k in range(1, board.players + 1):
                seat = (board.dealer + k) % board.players
                if i < len(board.hands[seat]):
                    order.append(board.hands[seat][i])
        places = self.placements()
        for n, key in enumerate(order):
            sprite = self.sprites[key]
            place = places[key]
            sprite.pos.set(DECK_POS)
            sprite.scale.set(PILE_W / FACE_W)
            sprite.angle.set(0.0)
            sprite.face_up = False
            sprite.z = 500 + n
            sprite.slide_to(place.pos, SLIDE_SECONDS, delay=0.2 + n * OPENING_DEAL_STEP, angle=place.angle,
                            scale=place.scale)
            if place.face_up:
                sprite.flip(True, FLIP_SECONDS, delay=0.2 + n * OPENING_DEAL_STEP + 0.12)
        self.play("shuffle", 0.7)
        self.hold(0.2 + len(order) * OPENING_DEAL_STEP + SLIDE_SECONDS)  # the first moves wait for the cards

    # --- events ----------------------------------------------------------------------------------
    def animate_event(self, event: Event, update: Update) -> float:
        self.learn(update.view)
        self._ends_now = any(e.kind == "game_over" for e in update.events)
        self.log_event(event)
        if self.board is None:
            return 0.0
        handler = getattr(self, f"_on_{event.kind}", None)
        seconds = handler(event) if handler is not None else 0.0
        return float(seconds or 0.0)  # at normal speed: the base applies the animation-speed setting

    def _take_from_hand(self, seat: int, card: str | None) -> str:
        """Remove `card` from a hand on the board and return the key of the sprite that leaves.
        A card this seat could not see leaves as a face-down card, renamed to the card when known."""
        assert self.board is not None
        hand = self.board.hands[seat]
        if card is not None and card in hand:
            hand.remove(card)
            return card
        backs = [k for k in hand if k.startswith("back-")]
        if not backs:
            key = card or self._new_back_key(seat)
            geo = self.geo.get(seat)
            self._make_sprite(key, geo.hand_pos if geo else DECK_POS, MINI_W / FACE_W, False)
            return key
        back = backs[len(backs) // 2]
        hand.remove(back)
        if card is None:
            return back
        self.rekey(back, card)
        return card

    def _on_deal(self, event: Event) -> float:
        assert self.board is not None
        seat = int(event["seat"])
        cards = event.get("cards")
        count = int(event.get("count", 0) or 0)
        keys = [str(c) for c in cards] if cards else [self._new_back_key(seat) for _ in range(count)]
        self.board.deck_count = max(0, self.board.deck_count - len(keys))
        for key in keys:
            old = self.sprites.pop(key, None)
            if old is not None:
                self.leaving.append(old)
                old.alpha.to(0.0, 0.1)
            self._make_sprite(key, DECK_POS, PILE_W / FACE_W, False)
        hand = self.board.hands[seat] + keys
        if seat == self.me:
            hand.sort(key=lambda k: (self.year(k), k) if not k.startswith("back-") else (10_000, k))
            if cards and self.me in self._hand_seen and not self.hand_veiled():
                self._hand_seen[self.me].update(keys)  # seen flying in face up: not news at their next turn
        self.board.hands[seat] = hand
        seconds = SLIDE_SECONDS
        self.relayout(moving={k: seconds for k in keys}, delays={k: i * DEAL_STEP for i, k in enumerate(keys)})
        self.play("deal", 0.6)
        return DEAL_STEP * len(keys) + 0.08

    def _on_pass(self, event: Event) -> float:
        seat = int(event["seat"])
        self.bubble(seat, f"{verb_for(self.who(seat), 'SKIP', 'SKIPS')} THE ACTION", P.IVORY)
        self.play("knock", 0.7)
        return 0.25

    def _on_vip(self, event: Event) -> float:
        """The VIP is shown on its way to the victim, then set aside on the side pile (ruling LT-5)."""
        seat, target, card = int(event["seat"]), int(event["target"]), str(event["card"])
        _sprite, seconds = self._throw_at(seat, target, card, angle=0.0, scale=0.9, flip_at=0.3)
        self.after(seconds + 0.35, lambda: self._set_aside(card))
        self.bubble(target, "VIP: A CARD IS STOLEN", P.LT_VIP_GREEN)
        self.play("place", 0.8)
        return seconds + 0.4

    def _throw_at(self, seat: int, target: int, card: str, angle: float, scale: float,
                  flip_at: float) -> tuple[CardSprite, float]:
        """`seat` plays `card` on `target` (a VIP or a Disaster): it leaves the hand above everything
        and flies to the victim's area, turning face up `flip_at` of the way. Returns the sprite and
        the flight's seconds; `_set_aside` ends its journey on the side pile (ruling LT-5)."""
        assert self.board is not None
        key = self._take_from_hand(seat, card)
        self.floating.add(key)
        self.relayout()
        sprite = self.sprites[key]
        sprite.z = 950
        goal = self.seat_centre(target)
        seconds = self.speed(seat)
        sprite.slide_to(goal, seconds, angle=angle, scale=scale)
        if not sprite.face_up:
            sprite.flip(True, FLIP_SECONDS, delay=seconds * flip_at)
        return sprite, seconds

    def _set_aside(self, card: str) -> None:
        """A played VIP or Disaster lands on the side pile after its flight."""
        assert self.board is not None
        self.floating.discard(card)
        if card not in self.board.side:
            self.board.side.append(card)
        self.relayout(moving={card: SWEEP_SECONDS})

    def _on_steal(self, event: Event) -> float:
        """A card flies from the victim's hand to the thief's: face down unless this seat saw it."""
        assert self.board is not None
        seat, target = int(event["seat"]), int(event["target"])
        card = event.get("card")
        known = card is not None and self.me in (seat, target)
        key = self._take_from_hand(target, str(card) if known and target == self.me else None)
        new_key = str(card) if known and seat == self.me else self._new_back_key(seat)
        if key != new_key:
            if key.startswith("back-") and not new_key.startswith("back-"):
                self.rekey(key, new_key)
            elif not key.startswith("back-") and new_key.startswith("back-"):
                self.rekey(key, new_key)
                sprite = self.sprites[new_key]
                # the victim sees their own card leave, then it turns away (not while the hand lies
                # face down at a shared screen: the next person is watching)
                sprite.face_up = not self.hand_veiled()
            else:
                self.rekey(key, new_key)
        self.board.hands[seat].append(new_key)
        if seat == self.me:
            self.board.hands[seat].sort(key=lambda k: (self.year(k), k))
        if known and not self.hand_veiled():  # the two who know which card it was read it on the table
            year = year_label(self.year(str(card)))
            pair = frozenset({seat, target})
            if target == self.me:
                self.bubble(target, f"{self.who(seat).upper()} TOOK YOUR {year}", P.LT_VIP_GREEN, pair)
            else:
                self.bubble(target, f"{self.who(seat).upper()} TOOK {year}", P.LT_VIP_GREEN, pair)
        seconds = max(0.42, self.speed(seat))
        self.relayout(moving={new_key: seconds})
        sprite = self.sprites.get(new_key)
        if sprite is not None:  # it swells mid-flight so everyone sees a card change hands
            final = float(sprite.scale.target)  # type: ignore[arg-type]
            sprite.scale.to(max(final, 0.62), seconds / 2).then(final, seconds / 2)
        self.play("steal")
        return seconds + 0.05

    def _on_disaster(self, event: Event) -> float:
        """The Disaster lands on its victim's area (a thud and a shake), then goes to the side pile."""
        assert self.board is not None
        seat, target, card = int(event["seat"]), int(event["target"]), str(event["card"])
        sprite, seconds = self._throw_at(seat, target, card, angle=-8.0, scale=1.15, flip_at=0.2)
        sprite.scale.then(0.8, 0.16, ease_out_back)
        self.board.skips[target] = int(event.get("skips", self.board.skips[target] + 1) or 0)

        def land() -> None:
            self.shakes[target] = SHAKE_SECONDS
            self.flashes[target] = 0.6
            self.play("disaster")
            if event.get("moot"):  # the last round, already played: the game ends before it bites
                words = "DISASTER! THE GAME ENDS FIRST"
            else:
                words = f"DISASTER! LOSES {'AN ACTION' if self.action_only() else 'A TURN'}"
            self.bubble(target, words, P.LT_DISASTER_RED)
        self.after(seconds, land)
        self.after(seconds + 0.55, lambda: self._set_aside(card))
        return seconds + 0.6

    def _on_discard(self, event: Event) -> float:
        assert self.board is not None
        seat = int(event["seat"])
        cards = [str(c) for c in event["cards"]]
        seconds = self.speed(seat)
        moving, delays = {}, {}
        for i, card in enumerate(cards):  # ruling LT-5b: in the chosen order, the last on top
            self._take_from_hand(seat, card)
            self.board.discard.append(card)
            moving[card], delays[card] = seconds, i * 0.16
        if seat == self.me:
            self.staged = []
        self.selected = None if self.selected in cards else self.selected
        self.relayout(moving=moving, delays=delays)
        for i, card in enumerate(cards):
            sprite = self.sprites.get(card)
            if sprite is not None:
                sprite.z = 950 + i
        self.play("slide", 0.9)
        top = cards[-1]
        arrow = str(self.fact(top).get("arrow", "future"))
        self.bubble(seat, f"{verb_for(self.who(seat), 'DISCARD', 'DISCARDS')}: NEXT TO THE {arrow.upper()}",
                    arrow_colour(arrow))
        return seconds + 0.16 * (len(cards) - 1) + 0.04

    def _on_place(self, event: Event) -> float:
        assert self.board is not None
        seat, card, end = int(event["seat"]), str(event["card"]), str(event["end"])
        self._take_from_hand(seat, card)
        row = self.board.timelines[seat]
        if end == "left":
            row.insert(0, card)
        else:
            row.append(card)
        if self.selected == card:
            self.selected = None
        if self.drag is not None and self.drag.key == card:
            self.drag = None
        seconds = self.speed(seat)
        self.relayout(moving={card: seconds})
        self.play("place", 0.9)
        return seconds + 0.04

    def _on_straighten(self, event: Event) -> float:
        assert self.board is not None
        self.board.tilted[int(event["seat"])] = None
        self.relayout(seconds=0.2)
        self.play("flip", 0.5)
        return 0.2

    def _on_cannot_travel(self, event: Event) -> float:
        self.bubble(int(event["seat"]), f"CAN'T TRAVEL TO THE {str(event['direction']).upper()}", P.WARNING)
        self.play("knock", 0.8)
        return 0.35

    def _on_tilt(self, event: Event) -> float:
        """Ruling LT-7: the outer card turns 90 degrees."""
        assert self.board is not None
        card = str(event["card"])
        self.board.tilted[int(event["seat"])] = card
        self.relayout(moving={card: 0.26})
        self.play("flip", 0.8)
        return 0.3

    def _on_card_lost(self, event: Event) -> float:
        assert self.board is not None
        seat, card = int(event["seat"]), str(event["card"])
        if card in self.board.timelines[seat]:
            self.board.timelines[seat].remove(card)
        self.board.tilted[seat] = None
        self.board.side.append(card)
        self.relayout(moving={card: 0.4})
        self.bubble(seat, f"{verb_for(self.who(seat), 'LOSE', 'LOSES')} THE TURNED {year_label(self.year(card))}",
                    P.ERROR)
        self.play("slide", 0.8)
        return 0.45

    def _on_turn_lost(self, event: Event) -> float:
        assert self.board is not None
        seat = int(event["seat"])
        self.board.skips[seat] = int(event.get("skips", 0) or 0)
        self.bubble(seat, f"{verb_for(self.who(seat), 'LOSE', 'LOSES')} THIS TURN", P.LT_DISASTER_RED)
        self.shakes[seat] = SHAKE_SECONDS * 0.6
        self.play("page", 0.6)
        return 0.55

    def _on_action_lost(self, event: Event) -> float:
        assert self.board is not None
        seat = int(event["seat"])
        self.board.skips[seat] = int(event.get("skips", 0) or 0)
        self.bubble(seat, f"{verb_for(self.who(seat), 'LOSE', 'LOSES')} THE ACTION", P.LT_DISASTER_RED)
        self.play("page", 0.6)
        return 0.45

    def _on_final_round(self, event: Event) -> float:
        """Ruling LT-10: the round is finished first. When the 8th card was the round's last move
        (the dealer's), the game ends at once and only the winner's herald is shown."""
        if self._ends_now:
            return 0.0
        self.herald("LAST ROUND", f"{self.who(int(event['seat']))} placed an 8th card: finish the round.", P.BRASS_LIGHT)
        self.play("chime", 0.8)
        return 0.6

    def _on_round_start(self, event: Event) -> float:
        """Ruling LT-6: the dealer passes left; the Chronos takes the discard top's arrow."""
        assert self.board is not None
        direction = str(event["direction"])
        changed = direction != self.board.direction
        self.board.direction = direction
        self.board.dealer = int(event["dealer"])
        self.board.round = int(event["round"])
        if changed:
            self.chronos_sprite.flip(direction == "future", 0.2)
            self.chronos_sprite.scale.to(CHRONOS_W / FACE_W * 1.18, 0.1).then(CHRONOS_W / FACE_W, 0.16)
            self.play("chronos")
        colour = arrow_colour(direction)
        arrow = "\u2190" if direction == "past" else "\u2192"
        self.herald(f"ROUND {event['round']}", f"{arrow} To the {direction}  \u00b7  {self.who(int(event['dealer']))} "
                    f"{'deal' if self.who(int(event['dealer'])) == 'You' else 'deals'}", colour)
        self.relayout()
        return 0.55 if changed else 0.3

    def _on_reshuffle(self, event: Event) -> float:
        assert self.board is not None
        self.board.discard = self.board.discard[-1:]
        self.board.side = []
        self.board.deck_count += int(event.get("count", 0) or 0)
        self.relayout()
        self.play("shuffle", 0.8)
        round_herald = next((h for h in self.heralds if h.title.startswith("ROUND ")
                             and h.age < h.seconds - HERALD_FADE_OUT), None)
        if round_herald is not None:  # the deal of a new round ran the pile out (ruling LT-9)
            # one announcement: a bubble over the round's herald, itself over the piles, was a pile-up
            round_herald.line += "  \u00b7  Pile reshuffled"
        else:
            self.bubble(-1, "THE DRAW PILE IS RESHUFFLED", P.IVORY)
        return 0.45

    def _on_game_over(self, event: Event) -> float:
        winners = [int(s) for s in (event.get("winners") or ())]
        self.winners = tuple(winners)
        if not winners:
            self.herald("NOBODY WINS", self.nobody_reason(event.get("scores")), P.ERROR)
        else:
            names = " and ".join(self.who(s) for s in winners)
            tied_with = [int(s) for s in (event.get("tied_with") or ())]
            self.herald(f"{names.upper()} {'WIN' if len(winners) > 1 or names == 'You' else 'WINS'}",
                        self.win_reason(winners, event.get("decided_by"), tied_with), P.BRASS_LIGHT)
        self.play("score", 0.8)
        return 0.4

    @staticmethod
    def nobody_reason(scores: Any) -> str:
        """Why nobody won (ruling LT-10): every timeline beyond 2031, or some ended empty (an empty
        timeline has no total: the engine's score is None), which "went beyond" did not say."""
        empty = isinstance(scores, (list, tuple)) and any(score is None for score in scores)
        if not empty:
            return "Every timeline went beyond 2031."
        if all(score is None for score in scores):
            return "Every timeline ended empty."
        return "Every timeline went beyond 2031 or ended empty."

    def win_reason(self, winners: list[int], decided_by: str | None, tied_with: list[int]) -> str:
        """Why the winner won, in one line: the step of ruling LT-10 the engine says decided it
        (`decided_by`, against the seats on the same year, `tied_with`), with the table's figures, so
        a runner-up on the same total is not left wondering. It names the rivals the deciding step
        beat (with three on 2031 it named the first seat on the year, beaten by another step)."""
        board = self.board
        first = self.total_of(winners[0]) if board is not None and winners else None
        if board is None or first is None:
            return "Closest to 2031 without going beyond."
        year = year_label(first["total"])
        if decided_by == "shared win":
            return f"Tied on {year}, timelines as long, as many payment chips: a shared win."
        if decided_by in (None, "total") or not tied_with:
            return "Closest to 2031 without going beyond."
        mine = len(board.timelines[winners[0]])
        lengths = {s: len(board.timelines[s]) for s in tied_with}
        as_long = [s for s in tied_with if lengths[s] == mine]
        shorter = [s for s in tied_with if lengths[s] != mine]
        if decided_by == "timeline length" or not as_long:
            rivals = " and ".join(object_form(self.who(s)) for s in shorter)
            longest = max(lengths[s] for s in shorter)
            return f"Tied on {year} with {rivals}: the longer timeline wins ({mine} cards to {longest})."
        rivals = " and ".join(object_form(self.who(s)) for s in as_long)
        chips = first["chips"]
        most = max((self.total_of(s) or {}).get("chips", 0) for s in as_long)
        # a shorter rival on the year is left to the results' summary: the herald keeps to one line
        return f"Tied on {year} with {rivals}, timelines as long: more payment chips win ({chips} to {most})."

    # --- announcements and the log -------------------------------------------------------------
    def herald(self, title: str, line: str, colour: tuple[int, int, int]) -> None:
        self.heralds = [Herald(title, line, colour, seconds=MOTION.duration(HERALD_SECONDS) if not MOTION.reduced
                               else HERALD_SECONDS)]

    def dismiss_heralds(self) -> None:
        """The announcement fades out now (it lies over the Chronos and the discard pile)."""
        for herald in self.heralds:
            herald.age = max(herald.age, herald.seconds - HERALD_FADE_OUT)

    def bubble(self, seat: int, text: str, colour: tuple[int, int, int],
               readers: frozenset[int] | None = None) -> None:
        self.bubbles = [b for b in self.bubbles if b.seat != seat] + [Bubble(seat, text, colour, readers=readers)]

    def readable(self, bubble: Bubble) -> bool:
        """A bubble naming a stolen card shows only while one of the two who know it has the screen
        (at one screen the next person may lift their curtain before it has faded)."""
        return bubble.readers is None or (self.viewer in bubble.readers and not self.hand_veiled())

    def point_at(self, action: Action) -> None:
        """The suggested card gets the focus; a suggested skip or "Cannot travel" focuses its button."""
        button = {"pass": "skip", "cannot_travel": "stuck"}.get(action.kind)
        if button is not None and button in [b[0] for b in self.buttons()]:
            self.focus = ("button", button)
            return
        card = action.get("card") or (action["cards"][0] if action.kind == "discard" else None)
        if card is not None:
            self.focus = ("hand", str(card))

    def rules_topic(self) -> str | None:
        """Rules from the pause menu open at the turn's step: the action (Your turn), the travel, or
        what happens when no card of the hand can travel."""
        if self.phase != "travel":
            return "Your turn"
        return "Unable to travel" if self.legal_of("cannot_travel") else "Travelling in time"

    def describe_move(self, action: Action) -> str:
        kind = action.kind
        if kind == "pass":
            return "skip the action and go on to travel"
        if kind in ("vip", "disaster"):
            return f"play {card_words(str(action['card']))} on {self.who(int(action['target']))}"
        if kind == "discard":
            cards = [card_words(str(c)) for c in action["cards"]]
            if len(cards) == 2:
                return f"discard {cards[0]}, then {cards[1]} on top (it sets the next direction)"
            return f"discard {cards[0]}"
        if kind == "place":
            direction = self.board.direction if self.board is not None else "future"
            return f"travel to the {direction} with {card_words(str(action['card']))}"
        if kind == "cannot_travel":
            return "press Cannot travel: no card in your hand can go that way"
        return super().describe_move(action)

    def log_event(self, event: Event) -> None:
        """A line for the log. A line naming cards only some seats may know (a draw, a steal) is
        kept for those seats: at one screen the next person never reads the last one's cards."""
        if event.kind in ("turn", "deal") and not (event.kind == "deal" and event.get("cards")):
            return
        solo = len(self.local_seats) == 1 and self.viewer is not None
        line = self.log_line(event, self.viewer if solo else None)
        readers: frozenset[int] | None = None
        if event.kind == "deal":
            readers = frozenset({int(event["seat"])})
        elif event.kind == "steal" and event.get("card") is not None:
            readers = frozenset({int(event["seat"]), int(event["target"])})
        self._log_entries.append((readers, line))
        del self._log_entries[:-80]
        self._refresh_log()

    def _refresh_log(self) -> None:
        """The log lines the person now at the screen may read. While their hand lies face down (a
        bot plays between two people at one screen, and the next person is already watching) the
        lines naming its cards ("Ann drew ...", "Ann stole ...") are hidden with it."""
        private = self.viewer is not None and not self.hand_veiled()
        self.log = [line for readers, line in self._log_entries
                    if readers is None or (private and self.viewer in readers)][-40:]

    def log_line(self, event: Event, you: int | None) -> str:
        """One event in the players' words (the engine's `describe_event`, with this table's names and
        its Disaster option). `you` is the seat written as "You" (None at a shared screen)."""
        from game.rules.lost_in_time import describe_event

        return describe_event(event, you, list(self.seat_names), "action" if self.action_only() else "turn")

    # --- the loop --------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.time += dt
        offer_first_game_tips(self)  # at a newcomer's first turn: a few coach marks (once each)
        self._follow_veil()
        for timer in list(self.timers):
            timer.seconds -= dt
            if timer.seconds <= 0:
                self.timers.remove(timer)
                timer.callback()
        for sprite in self.sprites.values():
            sprite.update(dt)
            if not sprite.moving and sprite.z >= 900 and (self.drag is None or self.drag.key != sprite.key):
                sprite.z = self._rest_z.get(sprite.key, sprite.z)
                if self.board is not None:
                    place_visible = sprite.key not in self.board.discard[:-4] and sprite.key not in self.board.side[:-4]
                    sprite.visible = place_visible
        for sprite in self.leaving:
            sprite.update(dt)
        self.leaving = [s for s in self.leaving if s.moving]
        self.chronos_sprite.update(dt)
        for herald in self.heralds:
            herald.age += dt
        self.heralds = [h for h in self.heralds if h.age < h.seconds]
        for bubble in self.bubbles:
            bubble.age += dt
        self.bubbles = [b for b in self.bubbles if b.age < BUBBLE_SECONDS]
        for table in (self.shakes, self.flashes):
            for seat in list(table):
                table[seat] -= dt
                if table[seat] <= 0:
                    del table[seat]
        self._update_lifts()
        self.counts.update(dt)
        self._aim_totals()
        self.update_look(dt)

    def _aim_totals(self) -> None:
        """Each timeline's running total counts to its new value once none of its cards is moving."""
        board = self.board
        if board is None:
            return
        for seat, row in enumerate(board.timelines):
            key = ("total", seat)
            total = self.total_of(seat)
            if total is None:
                self.counts.forget(key)
                continue
            flying = any(sprite.pos.moving for sprite in (self.sprites.get(card) for card in row) if sprite is not None)
            if flying and not self.counts.snapping:
                continue
            self.counts.aim(key, int(total["total"]))
        self.counts.aimed()

    def shown_total(self, seat: int) -> dict[str, Any] | None:
        """`total_of(seat)` as the table draws it now: its year counting to the new value (and the
        distance to 2031 with it); a total never aimed yet is shown as it is."""
        total = self.total_of(seat)
        key = ("total", seat)
        if total is None or not self.counts.knows(key):
            return total
        shown = self.counts.shown(key, int(total["total"]))
        return {**total, "total": shown, "distance": TARGET_YEAR - shown, "over": shown > TARGET_YEAR}

    def _follow_veil(self) -> None:
        """At one screen the hand turns face down while a bot plays between two people, and back up
        when its owner's turn comes; the log lines naming its cards hide and return with it."""
        veiled = self.hand_veiled()
        if veiled != self._hand_was_veiled and self.board is not None:
            self._hand_was_veiled = veiled
            self.relayout()
            self._refresh_log()

    def _update_lifts(self) -> None:
        board = self.board
        if board is None:
            return
        focus_key = self.focus[1] if self.focus is not None and self.focus[0] == "hand" else None
        dim = self.can_act and self.phase == "travel"
        for key in board.hands[self.me]:
            sprite = self.sprites.get(key)
            if sprite is None or (self.drag is not None and self.drag.key == key):
                continue
            lifted = (STAGED_LIFT if key in self.staged else SELECTED_LIFT if key == self.selected
                      else FOCUS_LIFT if key == focus_key else 0.0)
            if sprite.lift.target != lifted:
                sprite.lift.to(lifted, 0.14)
            sprite.focused = key == focus_key and key != self.selected and key not in self.staged
            alpha = 150.0 if dim and not self.fits(key) else 255.0
            if sprite.alpha.target != alpha:
                sprite.alpha.to(alpha, 0.15)
        # a card that left the hand lifted (staged, selected, focused) settles flat where it lands: it
        # kept the lift and hovered over the discard pile or above its neighbours on a timeline
        hand = set(board.hands[self.me])
        for key, sprite in self.sprites.items():
            if key in hand or (self.drag is not None and self.drag.key == key):
                continue
            if sprite.lift.target != 0.0:
                sprite.lift.to(0.0, 0.14)
            sprite.focused = False

    # --- focus -----------------------------------------------------------------------------------
    def _fix_focus(self, reset: bool = False) -> None:
        board = self.board
        if board is None:
            return
        hand = board.hands[self.me]
        if self.selected is not None:
            targets = self.targets_for(self.selected)
            if self.focus not in targets:
                self.focus = targets[0] if targets else ("hand", self.selected)
            return
        keys = [b[0] for b in self.buttons()]
        if self.focus is not None and self.focus[0] == "button" and self.focus[1] in keys:
            return
        if self.focus is not None and self.focus[0] == "hand" and self.focus[1] in hand and not reset:
            return
        if self.can_act and self.phase == "travel":
            fitting = [k for k in hand if self.fits(k)]
            if fitting:
                self.focus = ("hand", fitting[len(fitting) // 2] if self.board and self.board.direction == "past"
                              else fitting[0])
                return
            if keys:
                self.focus = ("button", keys[0])
                return
        if self.focus is not None and self.focus[0] == "hand" and self.focus[1] in hand:
            return
        self.focus = ("hand", hand[len(hand) // 2]) if hand and self.viewer is not None else (
            ("button", keys[0]) if keys else None)

    def move_focus(self, direction: str) -> None:
        board = self.board
        if board is None:
            return
        before = self.focus
        hand = board.hands[self.me]
        keys = [b[0] for b in self.buttons()]
        if self.selected is not None:
            targets = self.targets_for(self.selected)
            if direction == "down":  # the hand lies below every target: down puts the card back
                self.put_back_card()
                return
            if targets:
                index = targets.index(self.focus) if self.focus in targets else 0
                self.focus = targets[(index + (1 if direction in ("right",) else -1)) % len(targets)]
        elif self.focus is not None and self.focus[0] == "button":
            index = keys.index(self.focus[1]) if self.focus[1] in keys else 0
            if direction == "up" and index > 0:
                self.focus = ("button", keys[index - 1])
            elif direction == "down" and index < len(keys) - 1:
                self.focus = ("button", keys[index + 1])
            elif direction in ("left", "down") and hand:
                self.focus = ("hand", hand[-1])
        elif hand:
            current = (hand.index(self.focus[1]) if self.focus and self.focus[0] == "hand" and self.focus[1] in hand
                       else len(hand) // 2)
            if direction == "left":
                self.focus = ("hand", hand[max(0, current - 1)])
            elif direction == "right":
                if current == len(hand) - 1 and keys:
                    self.focus = ("button", keys[0])
                else:
                    self.focus = ("hand", hand[min(len(hand) - 1, current + 1)])
            elif direction == "up":
                self.pick_up(hand[current])
        elif keys:
            self.focus = ("button", keys[0])
        if self.focus != before:
            self.play("focus", 0.4)

    def pick_up(self, card: str) -> None:
        """Select a hand card: its legal targets light up and take the focus. A card with nowhere to
        go is still offered to the engine, whose refusal explains why (e.g. ruling LT-4 or LT-8)."""
        if not self.can_act or card.startswith("back-"):
            return
        if card in self.staged:
            self.staged.remove(card)
            self.play("slide", 0.5)
            self.focus = ("hand", card)
            return
        targets = self.targets_for(card)
        if not targets:
            self.explain_unusable(card)
            return
        self.selected = card
        self.focus = targets[0]
        self.play("flip", 0.35)

    def refuse_stuck(self) -> None:
        """A card offered for travel when none can go (ruling LT-7): the way on is the Cannot travel
        button, which takes the focus (the engine's refusal would only say why this one card cannot)."""
        direction = self.board.direction if self.board is not None else "future"
        self.refuse(f"No card in your hand can travel to the {direction}: press Cannot travel.{self.stuck_outcome()}")
        self.selected = None
        self.focus = ("button", "stuck")

    def explain_unusable(self, card: str) -> None:
        if self.viewer is None:
            return
        if self.phase == "travel" and self.legal_of("cannot_travel"):
            self.refuse_stuck()
        elif self.phase == "travel":
            self.submit(Action.make(self.viewer, "place", card=card))  # the engine says why (LT-4)
        elif len(self.staged) >= 2:
            self.refuse("You discard at most two cards. Press Discard, or take one back.")  # ruling LT-3
        else:
            self.submit(Action.make(self.viewer, "discard", cards=list(self.staged) + [card]))  # LT-8

    # --- reading a card large --------------------------------------------------------------------
    def readable_cards(self) -> list[str]:
        """The face-up cards on the table in the order Q/E (LB/RB) step through them: each opponent's
        timeline clockwise from the viewer's left, the viewer's own, then the tops of the discard
        pile and the side pile. Small in a crowded panel, any of them can be read large."""
        board = self.board
        if board is None:
            return []
        keys = [key for seat in self.seat_order() + [self.me] for key in board.timelines[seat]]
        keys += [pile[-1] for pile in (board.discard, board.side) if pile]
        return [key for key in keys if not key.startswith("back-") and key in self.sprites]

    def shown_rect(self, key: str, alpha: float = 1.0) -> pygame.Rect:
        """Where a table card is drawn (a card turned sideways lies across its upright rect)."""
        sprite = self.sprites[key]
        rect = sprite.draw_rect(alpha)
        if abs(float(sprite.angle.value_at(alpha)) % 180.0 - 90.0) < 45.0:  # type: ignore[arg-type]
            turned = pygame.Rect(0, 0, rect.height, rect.width)
            turned.center = rect.center
            return turned
        return rect

    def readable_at(self, pos: Pos) -> str | None:
        """The table card under `pos` (the uppermost where a crowded row overlaps)."""
        hits = [key for key in self.readable_cards()
                if self.sprites[key].visible and self.shown_rect(key).collidepoint(pos)]
        return max(hits, key=lambda key: self.sprites[key].z) if hits else None

    def place_of(self, card: str) -> tuple[Any, ...] | None:
        """Where a table card lies: ("timeline", seat), ("discard",) or ("side",); None elsewhere."""
        board = self.board
        if board is None:
            return None
        for seat, row in enumerate(board.timelines):
            if card in row:
                return ("timeline", seat)
        for name, pile in (("discard", board.discard), ("side", board.side)):
            if card in pile:
                return (name,)
        return None

    def open_look(self, card: str, how: str) -> None:
        if card != self.look:
            self.look_age = 0.0
            self.play("focus", 0.4)
        self.look, self.look_how = card, how
        self._look_place = self.place_of(card)

    def close_look(self) -> None:
        self.look, self.look_how = None, ""

    def look_rect(self, source: pygame.Rect) -> pygame.Rect:
        """Where a card read large is drawn: beside, not over, the card on the table (below one in the
        upper half of the table, above one in the lower half), inside the canvas."""
        rect = pygame.Rect(0, 0, LOOK_W, card_height(LOOK_W))
        if source.centery < CANVAS_H / 2:
            rect.top = source.bottom + 16
        else:
            rect.bottom = source.top - 16
        rect.centerx = source.centerx
        return rect.clamp(pygame.Rect(8, 8, CANVAS_W - 16, CANVAS_H - 16))

    def handle_look(self, intent: Intent) -> bool:
        """Reading table cards large: a mouse resting on one, a finger held still on one, or Q/E
        (LB/RB) stepping through them all. True when the intent was used up here."""
        kind = intent.kind
        if kind in ("prev", "next"):
            cards = self.readable_cards()
            if cards:
                if self.look in cards and self.look_how == "keys":
                    index = (cards.index(self.look) + (1 if kind == "next" else -1)) % len(cards)
                else:
                    index = 0 if kind == "next" else len(cards) - 1
                self.open_look(cards[index], "keys")
            return True
        if kind == "hover" and intent.pos is not None:
            card = self.readable_at(intent.pos) if self.selected is None and self.drag is None else None
            if card != self._pointer_card:
                self._pointer_card, self._pointer_rest = card, 0.0
                if card is None and self.look_how == "pointer":
                    self.close_look()
            return False  # the hand's hover focus still follows the mouse
        if kind == "point" and intent.pos is not None and intent.device == "touch":
            card = self.readable_at(intent.pos)
            self._finger = [card, 0.0, False] if card is not None else None
            if self.look_how == "finger":
                self.close_look()
            return False
        if kind == "release" and self._finger is not None:
            hold, self._finger = self._finger, None
            if hold[2]:
                self.close_look()
                return True  # a long press only read the card: it is no tap
            return False
        if kind == "drag_start":
            self._finger = None
            if self.look_how == "finger":
                self.close_look()
            return False
        if self.look_how == "keys" and (intent.is_direction or kind == "confirm"):
            self.close_look()  # the keys go back to the hand; this press only closed the card
            return True
        return False

    def pause(self) -> None:
        """The menu, the rules or the results opened over the table: a card read large closes (its
        keys would belong to the screen on top)."""
        self.close_look()
        self._pointer_card, self._finger = None, None
        super().pause()

    def update_look(self, dt: float) -> None:
        self.look_age += dt
        if self.look is not None and self.look not in self.readable_cards():
            self.close_look()  # it left the table (a reshuffle, a pile's top covered)
        elif self.look is not None and self.place_of(self.look) != self._look_place:
            # it flies to another place (a turned card lost to the side pile): the large card would
            # jump across the table after it (from above the viewer's row to below the piles)
            self.close_look()
            self._pointer_card = None  # a mouse resting where it was does not call it back there
        can_act = self.can_act
        if can_act and not self._could_act and self.look_how == "keys":
            self.close_look()  # the turn has come: the keys (and the table under the card) are for playing
        self._could_act = can_act
        pointed = self._pointer_card
        if pointed is not None and pointed != self.look:
            self._pointer_rest += dt
            # resting long enough opens it; from one card read large to the next it follows at once
            if self._pointer_rest >= LOOK_DELAY or (self.look is not None and self.look_how == "pointer"):
                if pointed in self.readable_cards():
                    self.open_look(pointed, "pointer")
        hold = self._finger
        if hold is None or hold[2]:
            return
        rest = time_finger_rest(hold, dt, getattr(self.app, "input", None))
        if rest == "lifted":
            self._finger = None  # the press ended with no release here (a second finger made it a pinch)
            return
        if rest == "long" and hold[0] in self.readable_cards():
            hold[2] = True
            self.open_look(hold[0], "finger")

    # --- input -----------------------------------------------------------------------------------
    def cancel_selection(self) -> bool:
        """Back: close a card read large, drop a drag, put a lifted card back, or take back the cards
        staged for discard."""
        if self.look is not None:
            self.close_look()
            self._pointer_card = None  # a mouse resting there shows it again only once it moves
            return True
        if not (self.selected or self.drag or self.staged):
            return False
        if self.drag is not None:
            self.drag = None
        elif self.selected is not None:
            self.put_back_card()
        else:
            self.staged.clear()
            self.play("slide", 0.5)
        self.relayout()
        self._fix_focus()
        return True

    def handle_table(self, intent: Intent) -> None:
        kind = intent.kind
        if self.handle_look(intent):
            return
        if self.heralds and self.can_act and (intent.is_direction or kind in ("confirm", "release", "drag_start")):
            self.dismiss_heralds()  # the person is playing: the banner clears off the piles it covers
        if intent.is_direction:
            self.move_focus(kind)
        elif kind == "confirm":
            self.confirm()
        elif kind == "hover" and intent.pos is not None:
            card = self.hand_card_at(intent.pos)
            if card is not None and self.selected is None and self.drag is None and self.focus != ("hand", card):
                self.focus = ("hand", card)
        elif kind == "point" and intent.pos is not None:
            card = self.hand_card_at(intent.pos)
            if card is not None and self.selected is None:
                self.focus = ("hand", card)
        elif kind == "release" and intent.pos is not None:
            self.tap(intent.pos)
        elif kind == "drag_start" and intent.pos is not None:
            self.start_drag(intent.pos)
        elif kind == "drag_move" and intent.pos is not None and self.drag is not None:
            self.drag.pos = intent.pos
            self.follow_drag(intent.pos)
            self.hover_target = self.target_at(intent.pos)
        elif kind == "drag_end" and intent.pos is not None:
            self.end_drag(intent.pos)

    def hand_card_at(self, pos: Pos) -> str | None:
        if self.board is None:
            return None
        for key in reversed(self.board.hands[self.me]):
            sprite = self.sprites.get(key)
            if sprite is not None and sprite.contains(pos) and not key.startswith("back-"):
                return key
        return None

    def target_at(self, pos: Pos) -> Target | None:
        if self.board is None:
            return None
        if self.pile_rect(DISCARD_POS).inflate(40, 40).collidepoint(pos):
            return ("discard",)
        if MY_ROW_RECT.collidepoint(pos):
            return ("timeline",)
        for seat in self.seat_order():
            geo = self.geo.get(seat)
            if geo is not None and geo.panel.collidepoint(pos):
                return ("seat", seat)
        return None

    def button_at(self, pos: Pos) -> str | None:
        for (key, _label, _primary), rect in zip(self.buttons(), self.button_rects()):
            if touch_rect(rect).collidepoint(pos):  # its 10 px gaps count: a ~40 px target at 1024x768
                return key
        return None

    def confirm(self) -> None:
        focus = self.focus
        if focus is None:
            return
        if focus[0] == "hand":
            self.pick_up(str(focus[1]))
        elif focus[0] == "button":
            self.press(str(focus[1]))
        elif self.selected is not None:
            self.attempt(self.selected, focus)

    def tap(self, pos: Pos) -> None:
        if MENU_RECT.collidepoint(pos):
            self._pause()
            return
        button = self.button_at(pos)
        if button is not None:
            self.press(button)
            return
        card = self.hand_card_at(pos)
        if card is not None:
            if self.selected == card:
                self.put_back_card()
            else:
                self.selected = None
                self.focus = ("hand", card)
                self.pick_up(card)
            return
        target = self.target_at(pos)
        if target is not None and self.selected is not None:
            self.attempt(self.selected, target)
        elif self.selected is not None:
            self.put_back_card()
        elif target is not None and self.can_act:
            # the timeline, the discard pile or an opponent tapped first: it did nothing at all
            device = self.app.input.last_device if self.app is not None else "touch"
            if self.readable_at(pos) is not None and device in LOOK_HOW and self.app is not None:
                # a card on the table: perhaps to read it, which a tap does not do
                self.play("focus", 0.4)
                self.app.toast(f"{LOOK_HOW[device]} to read it large. To play, first pick a card from your hand.",
                               "info")
                return
            verb = "click" if device == "mouse" else "tap"
            self.refuse(f"First pick a card from your hand, then {verb} where it goes.")

    def start_drag(self, pos: Pos) -> None:
        if not self.can_act or self.board is None:
            return
        card = self.hand_card_at(pos)
        if card is None:
            return
        if card in self.staged:
            self.staged.remove(card)
        sprite = self.sprites[card]
        x, y = sprite.pos.current  # type: ignore[misc]
        self.selected = card
        self.drag = Drag(card, (pos[0] - x, pos[1] - y + float(sprite.lift.current)), pos)
        sprite.z = 2000
        sprite.angle.to(0.0, 0.1)
        sprite.lift.set(0.0)
        sprite.alpha.set(255.0)
        sprite.scale.to(0.92, 0.12)
        self.play("flip", 0.35)

    def end_drag(self, pos: Pos) -> None:
        drag = self.drag
        if drag is None:
            return
        target = self.target_at(pos)
        self.hover_target = None
        if target is None or pos[1] >= HAND_ZONE_TOP and target != ("timeline",):
            self.drag = None
            self.selected = None
            self.focus = ("hand", drag.key)
            self.relayout()
            self.play("slide", 0.5)
            return
        accepted = self.attempt(drag.key, target)
        self.drag = None
        if not accepted:
            self.selected = None
        if not accepted or drag.key in self.staged:
            # a card staged for the discard goes back to its place in the fan, lifted and numbered like
            # a staged card picked with keys (the relayout in `attempt` skipped it while it was still
            # being dragged, and it stayed over the discard pile); a played card flies on from here
            self.relayout()

    def press(self, key: str) -> None:
        if not self.can_act or self.viewer is None:
            return
        self.play("click", 0.6)
        if key == "skip":
            self.staged.clear()
            self.selected = None
            self.submit(Action.make(self.viewer, "pass"))
        elif key == "discard" and self.staged:
            self.submit(Action.make(self.viewer, "discard", cards=list(self.staged)))
        elif key == "stuck":
            self.submit(Action.make(self.viewer, "cannot_travel"))

    def attempt(self, card: str, target: Target) -> bool:
        """Play `card` onto `target`; True when the move was legal (sent, or staged for discard).
        Moves the engine would refuse are still sent so its reason is what the player reads."""
        if not self.can_act or self.viewer is None:
            return False
        seat = self.viewer
        if target[0] == "seat":
            kind = self.kind_of(card)
            if kind not in ("vip", "disaster"):
                self.refuse(f"Only a VIP or a Disaster is played on an opponent; "
                            f"{self.fact(card).get('title', 'this card')} travels or is discarded.")
                self.selected = None
                self.focus = ("hand", card)
                return False
            action = Action.make(seat, kind, card=card, target=int(target[1]))
            self.submit(action)
            ok = action in self.legal
        elif target[0] == "discard":
            if self.phase == "action" and len(self.staged) < 2 and self.can_stage(card):
                self.staged.append(card)
                self.selected = None
                self.focus = ("button", "discard")
                self.play("slide", 0.6)
                self.relayout()
                return True
            if self.phase == "action" and len(self.staged) >= 2:
                self.refuse("You discard at most two cards. Press Discard, or take one back.")  # ruling LT-3
                self.selected = None
                return False
            action = Action.make(seat, "discard", cards=list(self.staged) + [card])
            self.submit(action)
            ok = False
        elif target[0] == "timeline":
            if self.phase == "travel" and self.legal_of("cannot_travel"):
                self.refuse_stuck()
                return False
            action = Action.make(seat, "place", card=card)
            self.submit(action)
            ok = action in self.legal
        else:
            return False
        if ok:
            self.selected = None
        return ok

    def on_error(self, update: Update) -> None:
        """A refused move: the card snaps back into the hand, and no target stays lit for it."""
        self.hover_target = None
        super().on_error(update)

    # --- drawing ---------------------------------------------------------------------------------
    def pulse(self) -> float:
        if MOTION.reduced:
            return 1.0
        return 0.6 + 0.4 * (0.5 + 0.5 * math.sin(self.time * 2 * math.pi * PULSE_HZ))

    def active_card(self) -> str | None:
        return self.drag.key if self.drag is not None else self.selected

    def lit_targets(self) -> list[Target]:
        card = self.active_card()
        return self.targets_for(card) if card is not None else []

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The felt and every panel's background come from one cached layer (a frame re-blits one
        opaque image instead of a dozen large translucent panels)."""
        surface.blit(self.static_layer(), (0, 0))

    def static_layer(self) -> pygame.Surface:
        key = (self.viewer, self.board.players if self.board else 0, tuple(
            (g.panel.x, g.panel.y, g.panel.w, g.panel.h) for g in self.geo.values()))
        if self._layer is None or self._layer_key != key:
            layer = pygame.Surface((CANVAS_W, CANVAS_H))
            draw_background(layer, self.tone)
            for seat, geo in self.geo.items():
                if not geo.mine:
                    layer.blit(panel_surface(geo.panel.size, 18, (22, 10, 16, 200)), geo.panel.topleft)
            layer.blit(panel_surface(MY_ROW_RECT.size, 20, (0, 0, 0, 60)), MY_ROW_RECT.topleft)
            for rect in (MY_PLATE, MY_TOTAL, PHASE_RECT):
                layer.blit(panel_surface(rect.size, 18, P.INK_ALPHA), rect.topleft)
            layer.blit(panel_surface(LOG_RECT.size, 18, (20, 10, 14, 170)), LOG_RECT.topleft)
            layer.blit(text_surface("TABLE LOG", "display", 26, P.BRASS), (LOG_RECT.x + 18, LOG_RECT.y + 10))
            layer.blit(panel_surface(MENU_RECT.size, 16, P.INK_ALPHA), MENU_RECT.topleft)
            draw_menu_label(layer, MENU_RECT)
            self._layer, self._layer_key = layer, key
        return self._layer

    def outline(self, surface: pygame.Surface, rect: pygame.Rect, radius: int = 18) -> None:
        """The brass border of the seat whose turn it is (drawn over the cached panel)."""
        surface.blit(panel_surface(rect.size, radius, (0, 0, 0, 0), P.BRASS, 3), rect.topleft)

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        board = self.board
        if board is None:
            return
        lit = self.lit_targets()
        for seat in self.seat_order():
            self.draw_panel(surface, seat, ("seat", seat) in lit)
        self.draw_my_frame(surface, lit)
        self.draw_centre(surface, lit)
        ordered = sorted(list(self.sprites.values()) + self.leaving, key=lambda s: s.z)
        dragged = self.drag.key if self.drag is not None else None
        focus_key = self.focus[1] if self.focus is not None and self.focus[0] == "hand" else None
        self.draw_hand_glows(surface, alpha)
        for sprite in ordered:
            if sprite.key == dragged or sprite.key == focus_key:
                continue
            sprite.draw(surface, alpha)
        self.draw_tilt_marks(surface, alpha)
        if focus_key is not None and focus_key in self.sprites and focus_key != dragged:
            sprite = self.sprites[focus_key]
            rect = sprite.draw_rect(alpha)
            if self.viewer in self.local_seats:
                surface.blit(focus_glow(rect.size, 10), (rect.x - 14, rect.y - 14))
            sprite.draw(surface, alpha)
        self.draw_staged_badges(surface, alpha)
        self.draw_target_focus(surface)
        self.draw_bubbles(surface)
        self.draw_prompt(surface)
        self.draw_log(surface)
        self.draw_phase_panel(surface)
        self.draw_menu_button(surface)
        if dragged is not None and dragged in self.sprites:
            self.sprites[dragged].draw(surface, alpha)
        self.draw_herald(surface)
        self.draw_look(surface, alpha)

    def draw_look(self, surface: pygame.Surface, alpha: float) -> None:
        """The card being read, large (its caption too), with a brass frame on the card it is."""
        card = self.look
        if card is None or card not in self.sprites:
            return
        source = self.shown_rect(card, alpha)
        pygame.draw.rect(surface, P.BRASS_LIGHT, source.inflate(10, 10), 4, border_radius=10)
        rect = self.look_rect(source)
        image = card_face(self.fact(card), LOOK_W)
        shadow = self._cache.get("look-shadow")
        if shadow is None:
            shadow = self._cache["look-shadow"] = card_shadow(rect.size, 1.0)
        opacity = 255 if MOTION.reduced else int(255 * min(1.0, self.look_age / LOOK_FADE))
        blit_faded(surface, shadow, shadow.get_rect(center=(rect.centerx + 6, rect.centery + 12)), opacity)
        blit_faded(surface, image, rect, opacity)

    # panels ------------------------------------------------------------------------------------
    def shake_offset(self, seat: int) -> int:
        left = self.shakes.get(seat, 0.0)
        if left <= 0 or MOTION.reduced:
            return 0
        return round(math.sin(left * 60.0) * 10.0 * left / SHAKE_SECONDS)

    def draw_panel(self, surface: pygame.Surface, seat: int, lit: bool) -> None:
        board = self.board
        geo = self.geo.get(seat)
        assert board is not None
        if geo is None:
            return
        panel = geo.panel.move(self.shake_offset(seat), 0)
        turn = bool(self.shown and self.shown.active and self.shown.active[0] == seat and not self.game_over)
        winner = seat in self.winners and self.game_over
        if panel.topleft != geo.panel.topleft:  # shaking: the cached panel stays, a copy moves
            surface.blit(panel_surface(panel.size, 18, (22, 10, 16, 200)), panel.topleft)
        if turn or winner:
            self.outline(surface, panel)
        if lit:
            glow = focus_glow(panel.size, 18)
            glow.set_alpha(int(150 * self.pulse()))
            surface.blit(glow, (panel.x - 14, panel.y - 14))
            glow.set_alpha(255)
        elif self.active_card() is not None and self.phase == "action" and self.can_act \
                and self.kind_of(self.active_card() or "") in ("vip", "disaster"):
            surface.blit(panel_surface(panel.size, 18, (0, 0, 0, 110)), panel.topleft)
        flash = self.flashes.get(seat, 0.0)
        if flash > 0:
            glow = radial_alpha(panel.width, P.LT_DISASTER_RED, 160, 1.4)
            glow.set_alpha(int(255 * min(1.0, flash / 0.6)))
            surface.blit(glow, glow.get_rect(center=panel.center))
            glow.set_alpha(255)
        self.draw_seat_header(surface, seat, pygame.Rect(panel.x + 16, panel.y + 8, panel.width - 32, 76), geo)
        if not board.timelines[seat]:
            text = text_surface("No card yet", "ui", legible_px(24), P.IVORY_DIM)
            surface.blit(text, text.get_rect(center=(panel.centerx, round(geo.row_y))))

    def draw_seat_header(self, surface: pygame.Surface, seat: int, box: pygame.Rect, geo: SeatGeo) -> None:
        """Line 1: dealer mark and name; line 2: hand size and lost turns; right: the running total."""
        board = self.board
        assert board is not None
        total_w = self.draw_total_block(surface, seat, box)
        x = box.x
        line1 = box.y + 18
        if board.dealer == seat:
            x = self.draw_dealer_badge(surface, (x, line1)) + 12
        level = self.levels[seat] if seat < len(self.levels) else ""
        name = self.name_of(seat) + (f" \u00b7 {level}" if level else "")
        px = fit_px(name, "ui-bold", 30, max(60, box.right - total_w - 16 - x))
        label = text_surface(name, "ui-bold", px, P.IVORY)
        surface.blit(label, label.get_rect(midleft=(x, line1)))
        line2 = box.y + 56
        count = len(board.hands[seat])
        hand_right = geo.hand_pos[0] + 14 * max(0, count - 1) / 2 + MINI_W / 2 + 10
        words = text_surface(f"{count} in hand", "ui", legible_px(22), P.IVORY_DIM)
        surface.blit(words, words.get_rect(midleft=(round(hand_right), line2)))
        skips = self.skips_shown(seat)
        if skips > 0:
            text = self.skips_text(skips)
            self.badge(surface, text, (round(hand_right + words.get_width() + 14), line2), P.LT_DISASTER_RED,
                       anchor="midleft", max_right=box.right - total_w - 8)

    def skips_shown(self, seat: int) -> int:
        """The turns a seat will miss, as its badge says: none once the game is over, nor in the last
        round for a seat that has played it (the game ends before its next turn)."""
        board = self.board
        if board is None or self.game_over:
            return 0
        if board.final_round and self.view:
            n = len(board.skips)
            turn = int(self.view.get("turn", 0))
            if (seat - board.dealer - 1) % n < (turn - board.dealer - 1) % n:
                return 0
        return board.skips[seat]

    def draw_total_block(self, surface: pygame.Surface, seat: int, box: pygame.Rect) -> int:
        """The running total (ruling LT-10) and its distance to 2031, right-aligned; returns the width."""
        total = self.shown_total(seat)
        if total is None:
            number = text_surface("\u2014", "display", 50, P.IVORY_DIM)
            note = text_surface(" ", "display", 24, P.IVORY_DIM)  # the panel itself says "No card yet"
        else:
            number = text_surface(year_label(total["total"]), "display", 56, P.ERROR if total["over"] else P.IVORY)
            if total["over"]:
                note = text_surface("OVER 2031!", "display", 26, P.ERROR)
            elif total["distance"] == 0:
                note = text_surface("EXACTLY 2031!", "display", 26, P.GOOD)
            else:
                note = text_surface(f"+{total['distance']} TO 2031", "display", 26,
                                    P.GOOD if total["distance"] <= 40 else P.IVORY_DIM)
        surface.blit(number, number.get_rect(topright=(box.right, box.y - 6)))
        surface.blit(note, note.get_rect(topright=(box.right, box.y + 46)))
        return max(number.get_width(), note.get_width())

    def draw_dealer_badge(self, surface: pygame.Surface, midleft: tuple[int, int]) -> int:
        """The dealer holds the Chronos card (rulebook): a small dial and the word, returns its right."""
        key = ("dealer-icon", self.board.direction if self.board else "future")
        icon = self._cache.get(key)
        if icon is None:
            icon = pygame.transform.smoothscale(chronos(key[1], FACE_W), (28, card_height(28)))
            self._cache[key] = icon
        rect = icon.get_rect(midleft=midleft)
        surface.blit(icon, rect)
        word = text_surface("DEALER", "display", legible_px(24), P.BRASS_LIGHT)
        surface.blit(word, word.get_rect(midleft=(rect.right + 6, midleft[1] + 1)))
        return rect.right + 6 + word.get_width()

    def badge(self, surface: pygame.Surface, text: str, pos: tuple[int, int], colour: tuple[int, int, int],
              anchor: str = "center", max_right: int | None = None) -> None:
        for px in dict.fromkeys((legible_px(20), 20)):  # larger on a small window; designed size if that
            label = text_surface(text, "ui-bold", px, P.IVORY)  # alone fits (ART.md: no text under 20 px)
            box = pygame.Rect(0, 0, label.get_width() + 18, max(32, label.get_height() + 6))
            setattr(box, anchor, pos)
            if max_right is None or box.right <= max_right:
                break
        else:
            return
        surface.blit(panel_surface(box.size, 10, colour), box.topleft)
        surface.blit(label, label.get_rect(center=box.center))

    def draw_my_frame(self, surface: pygame.Surface, lit: list[Target]) -> None:
        board = self.board
        assert board is not None
        me = self.me
        dx = self.shake_offset(me)
        row = MY_ROW_RECT.move(dx, 0)
        flash = self.flashes.get(me, 0.0)
        if flash > 0:
            glow = radial_alpha(row.width, P.LT_DISASTER_RED, 150, 1.4)
            glow.set_alpha(int(255 * min(1.0, flash / 0.6)))
            surface.blit(glow, glow.get_rect(center=row.center))
            glow.set_alpha(255)
        if not board.timelines[me] and self.slot_end() is None:
            words = ("Your timeline: your first card may be any year" if self.viewer in self.local_seats
                     else f"{self.name_of(me)}'s timeline: the first card may be any year")  # a spectator
            text = text_surface(words, "ui", 26, P.IVORY_DIM)
            surface.blit(text, text.get_rect(center=row.center))
        slot = self.slot_rect()
        if slot is not None:
            self.draw_slot(surface, slot.move(dx, 0), ("timeline",) in lit or self.active_card() is None)
        # the name plate
        plate = MY_PLATE
        turn = bool(self.shown and self.shown.active and self.shown.active[0] == me and not self.game_over)
        if turn:
            self.outline(surface, plate)
        watching = self.viewer not in self.local_seats  # a spectator: the bottom seat is named, not "you"
        label = ("YOUR TIMELINE" if len(self.local_seats) <= 1 and not watching
                 else f"{self.name_of(me).upper()}'S TIMELINE")
        px = fit_px(label, "display", 40, plate.width - 40)
        surface.blit(text_surface(label, "display", px, P.IVORY), (plate.x + 20, plate.y + 12))
        y = plate.y + 64
        x = plate.x + 20
        if board.dealer == me:
            x = self.draw_dealer_badge(surface, (x, y + 16)) + 14
        if self.skips_shown(me) > 0:
            text = self.skips_text(board.skips[me])
            text = text if watching else text.replace("SKIPS", "YOU SKIP")
            self.badge(surface, text, (x, y + 16), P.LT_DISASTER_RED, anchor="midleft")
        round_text = f"ROUND {board.round}" + ("  \u00b7  LAST ROUND" if board.final_round else "")
        surface.blit(text_surface(round_text, "display", 30, P.BRASS_LIGHT if board.final_round else P.IVORY_DIM),
                     (plate.x + 20, plate.bottom - 46))
        length = text_surface(f"{len(board.timelines[me])} / 8 cards", "ui", legible_px(22), P.IVORY_DIM)
        surface.blit(length, length.get_rect(bottomright=(plate.right - 20, plate.bottom - 16)))
        self.draw_my_total(surface)

    def draw_my_total(self, surface: pygame.Surface) -> None:
        box = MY_TOTAL
        total = self.shown_total(self.me)
        head = text_surface("RUNNING TOTAL", "ui-bold", legible_px(20), P.IVORY_DIM)
        surface.blit(head, (box.x + 20, box.y + 14))
        below = head.get_height() - font("ui-bold", 20).get_height()  # 0 from 1366x768 up
        if total is None:
            surface.blit(text_surface("\u2014", "display", 86, P.IVORY_DIM), (box.x + 20, box.y + 38 + below))
            note = text_surface("Place a card to start", "ui", legible_px(24), P.IVORY_DIM)
            surface.blit(note, (box.x + 20, box.bottom - 44))
            return
        colour = P.ERROR if total["over"] else P.IVORY
        parts = [f"youngest {year_label(total['youngest'])}"]
        if total["vips"]:
            parts.append(f"{total['vips']} VIP{'s' if total['vips'] > 1 else ''} +{VIP_BONUS * total['vips']}")
        if total["disasters"]:
            parts.append(f"{total['disasters']} Disaster{'s' if total['disasters'] > 1 else ''} "
                         f"+{DISASTER_BONUS * total['disasters']}")
        if total["chip_on"] and total["chips"]:
            parts.append(f"{total['chips']} chip{'s' if total['chips'] > 1 else ''} +{CHIP_BONUS * total['chips']}")
        px, lines = legible_px(22), breakdown_lines(parts, legible_px(22), box.width - 40)
        if len(lines) > 2:
            px, lines = legible_px(20), breakdown_lines(parts, legible_px(20), box.width - 40)
        step = legible_px(26)  # a small window's larger lines (`legible_px`) keep their spacing
        lines_top = box.bottom - 14 - step * min(2, len(lines))
        number_y = box.y + 34 + below  # under the head, larger on a small window
        number_px = 96  # smaller where two lines of a small window's larger type would reach its digits
        while number_px > 56 and number_y + digits_bottom(number_px) > lines_top - 2:
            number_px -= 4
        number = text_surface(year_label(total["total"]), "display", number_px, colour)
        surface.blit(number, (box.x + 18, number_y))
        if total["over"]:
            text, note_colour = "OVER 2031!", P.ERROR
        elif total["distance"] == 0:
            text, note_colour = "EXACTLY 2031!", P.GOOD
        else:
            text, note_colour = f"+{total['distance']} TO 2031", P.GOOD
        note = text_surface(text, "display", 44, note_colour)
        surface.blit(note, note.get_rect(topright=(box.right - 20, box.y + 44 + below)))
        for i, line in enumerate(lines[-2:]):  # one line, or two under the big number, never below 20 px
            y = box.bottom - 14 - step - step * (min(2, len(lines)) - 1 - i)
            surface.blit(text_surface(line, "ui", fit_px(line, "ui", px, box.width - 40), P.IVORY_DIM),
                         (box.x + 20, y))

    def draw_slot(self, surface: pygame.Surface, rect: pygame.Rect, lit: bool) -> None:
        """The end of the viewer's timeline where a card may travel (ruling LT-4), with its arrow."""
        direction = self.board.direction if self.board else "future"
        colour = arrow_colour(direction) if self.board and self.board.timelines[self.me] else P.GOOD
        key = ("slot", rect.size, colour)
        image = self._cache.get(key)
        if image is None:
            image = panel_surface(rect.size, 12, (*colour, 70), (*colour, 255), 3).copy()
            arrow = "\u2190" if direction == "past" else "\u2192"
            if not (self.board and self.board.timelines[self.me]):
                arrow = "\u2193"
            mark = text_surface(arrow, "ui-bold", 64, P.IVORY)
            image.blit(mark, mark.get_rect(center=(rect.width // 2, rect.height // 2 - 10)))
            word = text_surface("HERE", "display", 30, P.IVORY)
            image.blit(word, word.get_rect(center=(rect.width // 2, rect.height // 2 + 40)))
            self._cache[key] = image
        if lit:
            glow = focus_glow(rect.size, 12)
            glow.set_alpha(int(255 * self.pulse()))
            surface.blit(glow, (rect.x - 14, rect.y - 14))
            glow.set_alpha(255)
        surface.blit(image, rect.topleft)

    # centre --------------------------------------------------------------------------------------
    def draw_centre(self, surface: pygame.Surface, lit: list[Target]) -> None:
        board = self.board
        assert board is not None
        # the draw pile
        deck = self.pile_rect(DECK_POS)
        back = self._cache.get("deck")
        if back is None:
            back = pygame.transform.smoothscale(self._back, deck.size)
            self._cache["deck"] = back
        layers = min(5, (board.deck_count + 9) // 10)
        for i in range(layers):
            surface.blit(back, deck.move(layers - i, (layers - i) * 2))
        if layers == 0:
            surface.blit(panel_surface(deck.size, 10, (0, 0, 0, 90), P.IVORY_DIM, 2), deck.topleft)
        self.pile_label(surface, deck, f"DRAW \u00b7 {board.deck_count}")
        # the Chronos card
        self.chronos_sprite.draw(surface)
        chron = self.pile_rect(CHRONOS_POS).inflate(CHRONOS_W - PILE_W, round((CHRONOS_W - PILE_W) * 1.4))
        self.pile_label(surface, chron, "TO THE PAST" if board.direction == "past" else "TO THE FUTURE",
                        arrow_colour(board.direction))
        # the discard pile (its top arrow sets the next round's direction, ruling LT-6)
        pile = self.pile_rect(DISCARD_POS)
        if ("discard",) in lit:
            glow = focus_glow(pile.size, 10)
            glow.set_alpha(int(255 * self.pulse()))
            surface.blit(glow, (pile.x - 14, pile.y - 14))
            glow.set_alpha(255)
        if not board.discard:
            surface.blit(panel_surface(pile.size, 10, (0, 0, 0, 90), P.IVORY_DIM, 2), pile.topleft)
            text = text_surface("DISCARD", "display", 26, P.IVORY_DIM)
            surface.blit(text, text.get_rect(center=pile.center))
        top = self.staged[-1] if self.staged and self.can_act else board.discard[-1] if board.discard else None
        if top is not None:  # the cards staged for the discard say where they would send the next round
            arrow = str(self.fact(top).get("arrow", "future"))
            self.pile_label(surface, pile, f"NEXT: TO THE {arrow.upper()}", arrow_colour(arrow))
        else:
            self.pile_label(surface, pile, "NEXT: SAME WAY")
        side = self.pile_rect(SIDE_POS)
        if not board.side:
            surface.blit(panel_surface(side.size, 10, (0, 0, 0, 70), (120, 110, 110), 2), side.topleft)
        self.pile_label(surface, side, f"SIDE PILE \u00b7 {len(board.side) - len(self.flying_to(board.side))}")

    def flying_to(self, keys: list[str]) -> list[str]:
        """Which of these cards are still in flight to their place (a count goes up as each lands)."""
        return [key for key in keys if key in self.sprites and self.sprites[key].moving and self.sprites[key].z >= 900]

    def pile_label(self, surface: pygame.Surface, rect: pygame.Rect, text: str,
                   colour: tuple[int, int, int] = P.IVORY_DIM) -> None:
        px = fit_px(text, "display", 26, 160)
        label = text_surface(text, "display", px, colour)
        surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + 10)))

    # hand --------------------------------------------------------------------------------------
    def draw_hand_glows(self, surface: pygame.Surface, alpha: float) -> None:
        """In the travel step the cards that fit glow green under the fan (ruling LT-4)."""
        board = self.board
        if board is None or not (self.can_act and self.phase == "travel"):
            return
        glow = self._cache.get("fit-glow")
        if glow is None:
            glow = radial_alpha(230, P.GOOD, 150, 1.5)
            self._cache["fit-glow"] = glow
        glow.set_alpha(int(255 * self.pulse()))
        for key in board.hands[self.me]:
            sprite = self.sprites.get(key)
            if sprite is None or not self.fits(key) or (self.drag is not None and self.drag.key == key):
                continue
            rect = sprite.draw_rect(alpha)
            surface.blit(glow, glow.get_rect(center=rect.center))
        glow.set_alpha(255)

    def draw_tilt_marks(self, surface: pygame.Surface, alpha: float) -> None:
        """A tilted card gets a warning ribbon: it is lost if its owner fails again (ruling LT-7)."""
        board = self.board
        assert board is not None
        for seat, card in enumerate(board.tilted):
            if card is None or card not in self.sprites:
                continue
            self.badge(surface, "TURNED", self.tilt_badge_centre(seat, self.sprites[card].draw_rect(alpha)), P.WARNING)

    def tilt_badge_centre(self, seat: int, card_rect: pygame.Rect) -> tuple[int, int]:
        """On the tilted card's lower edge, but inside its owner's panel (the badge is 30 px tall)."""
        y = card_rect.bottom - 4
        geo = self.geo.get(seat)
        if geo is not None and not geo.mine:
            y = min(y, geo.panel.bottom - 6 - 15)
        return (card_rect.centerx, y)

    def draw_staged_badges(self, surface: pygame.Surface, alpha: float) -> None:
        """The cards chosen for the discard carry the order they will land in (ruling LT-5b)."""
        for index, card in enumerate(self.staged):
            sprite = self.sprites.get(card)
            if sprite is None:
                continue
            rect = sprite.draw_rect(alpha)
            centre = (rect.centerx, rect.bottom - 44)  # over the title, clear of the prompt and the year
            pygame.draw.circle(surface, P.INK, centre, 26)
            pygame.draw.circle(surface, P.BRASS_LIGHT, centre, 26, 3)
            digit = text_surface(str(index + 1), "display", 40, P.BRASS_LIGHT)
            surface.blit(digit, digit.get_rect(center=(centre[0], centre[1] + 2)))
        if self.staged:
            pile = self.pile_rect(DISCARD_POS)
            self.badge(surface, f"{len(self.staged)} TO DISCARD", (pile.centerx, pile.top - 20), P.BRASS_DARK)

    def draw_target_focus(self, surface: pygame.Surface) -> None:
        """The focused (or hovered, while dragging) target gets a solid brass outline."""
        targets = [t for t in (self.focus, self.hover_target if self.drag is not None else None)
                   if t is not None and t[0] in ("seat", "discard", "timeline")]
        for target in targets:
            rect = self.target_rect(target)
            if rect is not None:
                pygame.draw.rect(surface, P.BRASS_LIGHT, rect.inflate(10, 10), 4, border_radius=16)

    def target_rect(self, target: Target) -> pygame.Rect | None:
        if target[0] == "seat":
            geo = self.geo.get(int(target[1]))
            return geo.panel if geo is not None else None
        if target[0] == "discard":
            return self.pile_rect(DISCARD_POS)
        if target[0] == "timeline":
            return self.slot_rect() or MY_ROW_RECT
        return None

    # words ---------------------------------------------------------------------------------------
    def draw_bubbles(self, surface: pygame.Surface) -> None:
        for bubble in self.bubbles:
            if not self.readable(bubble):
                continue
            if bubble.seat == -1:
                x, y = (CANVAS_W / 2, CENTRE_Y - 110)
            else:
                geo = self.geo.get(bubble.seat)
                if geo is None:
                    continue
                x, y = (float(geo.panel.centerx), float(geo.panel.top + 2)) if geo.mine else (
                    float(geo.panel.centerx), float(geo.panel.bottom - 4))  # beside, not over, a landing card
            rise = min(1.0, bubble.age / 0.25) * 18
            fade = min(1.0, max(0.0, (BUBBLE_SECONDS - bubble.age) / 0.4))
            geo = self.geo.get(bubble.seat)
            room = geo.panel.width - 60 if geo is not None and not geo.mine else 900  # a long name stays in its panel
            label = text_surface(bubble.text, "display", max(24, fit_px(bubble.text, "display", 34, room)), P.IVORY)
            box = pygame.Rect(0, 0, label.get_width() + 36, 50)
            box.center = (round(x), round(y - rise))
            panel = panel_surface(box.size, 16, (*P.shade(bubble.colour, -0.55), 235), bubble.colour, 3)
            panel.set_alpha(int(255 * fade))
            surface.blit(panel, box.topleft)
            panel.set_alpha(255)
            label.set_alpha(int(255 * fade))
            surface.blit(label, label.get_rect(center=box.center))
            label.set_alpha(255)

    def prompt(self) -> str:
        """What the person at the screen should do now, in a few words."""
        if self.shown is None or self.game_over or not self.view:
            return ""
        if not self.can_act:
            return ""  # whose move it is stands in the turn banner and the turn panel (a third time here)
        direction = self.board.direction if self.board else "future"
        if self.phase == "action":
            if self.selected is not None:
                kind = self.kind_of(self.selected)
                if kind in ("vip", "disaster"):
                    return "Drop it on an opponent, or on the discard pile."
                return "Drop it on the discard pile (up to two cards)."
            if self.staged:
                return "Add a second card, or press Discard. The last one sets the next direction."
            if not self.hand_can_travel():  # said before the action, while a steal could still help
                return f"Action: VIP, Disaster, discard or skip. No card of yours can travel to the {direction} yet."
            return "Action: play a VIP or Disaster on an opponent, discard up to two cards, or skip."
        if self.legal_of("cannot_travel"):
            return f"No card can travel to the {direction}: press Cannot travel.{self.stuck_outcome()}"
        if self.board is not None and not self.board.timelines[self.me]:
            return "Travel: your first card can be any year. Drop it on your timeline."
        tilted = self.board.tilted[self.me] if self.board is not None else None
        if tilted is not None:  # ruling LT-7: travelling now saves the card turned last time
            where = travel_end_words(direction)
            return f"Travel to the {direction}: {where} saves your turned {year_label(self.year(tilted))}."
        return f"Travel to the {direction}: {travel_end_words(direction)}."

    def hand_can_travel(self) -> bool:
        """Whether a card of the viewer's hand fits the end the Chronos points to (ruling LT-4), read
        from the board as shown (the action step's legal moves do not say it)."""
        from game.rules.lost_in_time import can_travel

        board = self.board
        if board is None:
            return True
        hand = [card for card in board.hands[self.me] if not card.startswith("back-")]
        return can_travel(hand, board.timelines[self.me], board.direction)

    def stuck_outcome(self) -> str:
        """What "Cannot travel" is about to do to the viewer's timeline (ruling LT-7), so the loss is
        never a surprise: the card turned last time leaves it, or the outer card at the end the Chronos
        points to turns sideways ("" for an empty timeline)."""
        board = self.board
        if board is None:
            return ""
        row, tilted = board.timelines[self.me], board.tilted[self.me]
        if tilted is not None:
            return f" Your turned {year_label(self.year(tilted))} is lost."
        if not row:
            return ""
        outer = row[-1] if board.direction == "future" else row[0]
        return f" Your {year_label(self.year(outer))} turns sideways."

    def draw_prompt(self, surface: pygame.Surface) -> None:
        """The prompt on a dark strip between the timeline and the hand: one line, or two where one
        would show below PROMPT_LEAST_ON_SCREEN px on this window (the two start under the timeline)."""
        text = self.prompt()
        if not text:
            return
        colour = P.BRASS_LIGHT if self.can_act else P.IVORY_DIM
        least = min(PROMPT_PX, math.ceil(PROMPT_LEAST_ON_SCREEN / window_scale()))
        lines, px = prompt_lines(text, MY_ROW_RECT.width, least)
        images = [text_surface(line, "ui-bold", px, colour) for line in lines]
        step = font("ui-bold", px).get_linesize() if len(images) > 1 else images[0].get_height()
        box = pygame.Rect(0, 0, max(image.get_width() for image in images), step * (len(images) - 1) + images[-1].get_height())
        box.center = (MY_ROW_RECT.centerx, PROMPT_Y)
        box.top = max(box.top, MY_ROW_RECT.bottom + 6)  # its plate meets the timeline, clear of a lifted card
        surface.blit(panel_surface((box.width + 40, box.height + 12), 16, (0, 0, 0, 120)), (box.x - 20, box.y - 6))
        for row, image in enumerate(images):
            surface.blit(image, image.get_rect(midtop=(box.centerx, box.y + row * step)))

    def log_area(self) -> pygame.Rect | None:
        return LOG_RECT

    def draw_log(self, surface: pygame.Surface) -> None:
        box = LOG_RECT
        px, step, lines = log_type(20, 30, LOG_LINES)  # larger on a small window, fewer lines
        entries = log_tail_entries(self.log, "ui", px, box.width - 36, lines)
        draw_log_lines(surface, entries, box.x + 18, box.y + 44, px, step)

    def draw_phase_panel(self, surface: pygame.Surface) -> None:
        """The turn's two steps (ruling LT-3), the current one lit, and its buttons."""
        box = PHASE_RECT
        mine = self.can_act
        if mine:
            self.outline(surface, box)
        shown = self.shown
        if shown is None or self.game_over or not shown.active:
            text = text_surface("GAME OVER" if self.game_over else "", "display", 48, P.IVORY)
            surface.blit(text, text.get_rect(center=box.center))
            return
        seat = shown.active[0]
        phase = self.phase
        direction = self.board.direction if self.board else "future"
        steps = (("1", "Action", "action"), ("2", f"Travel to the {direction}", "travel"))
        buttons = self.buttons()
        rows_bottom = box.bottom - 16 - len(buttons) * 74 if buttons else box.bottom - 18
        row_h = 52
        top = rows_bottom - 2 * row_h - 10 if buttons else box.y + 70
        if top - box.y >= PHASE_HEAD_ROOM:  # whose turn it is, over the steps (one button leaves room for it)
            head = self.phase_head(seat)
            px = fit_px(head, "display", 40, box.width - 40)
            surface.blit(text_surface(head, "display", px, P.BRASS_LIGHT if mine else P.IVORY), (box.x + 20, box.y + 14))
        for i, (number, label, name) in enumerate(steps):
            row = pygame.Rect(box.x + 14, top + i * (row_h + 6), box.width - 28, row_h)
            current = phase == name
            if current:
                surface.blit(panel_surface(row.size, 14, P.BRASS if mine else (80, 66, 70)), row.topleft)
            ink = P.INK if current and mine else P.IVORY if current else P.IVORY_DIM
            pygame.draw.circle(surface, ink, (row.x + 28, row.centery), 17, 0 if current else 2)
            digit_colour = P.BRASS if current and mine else (80, 66, 70) if current else P.IVORY_DIM
            digit = text_surface(number, "ui-bold", legible_px(22), digit_colour)
            surface.blit(digit, digit.get_rect(center=(row.x + 28, row.centery)))
            lpx = fit_px(label, "ui-bold", 28, row.width - 70)
            surface.blit(text_surface(label, "ui-bold", lpx, ink), text_surface(label, "ui-bold", lpx, ink).get_rect(
                midleft=(row.x + 58, row.centery)))
        for (key, label, primary), rect in zip(buttons, self.button_rects()):
            focused = self.focus == ("button", key) and self.viewer in self.local_seats
            if focused:
                surface.blit(focus_glow(rect.size, 14), (rect.x - 14, rect.y - 14))
            fill = P.BRASS if primary else (58, 44, 50, 240)
            surface.blit(panel_surface(rect.size, 14, fill, P.BRASS_LIGHT if focused else None, 3 if focused else 0),
                         rect.topleft)
            ink = P.INK if primary else P.IVORY
            text = text_surface(label, "ui-bold", 32, ink)
            surface.blit(text, text.get_rect(center=rect.center))

    def phase_head(self, seat: int) -> str:
        """The turn panel's heading: the action step (with its Skip action button) left it out, so
        the panel the eye looks to for whose turn it is said nothing for most of a turn."""
        if seat != self.viewer:
            return f"{self.name_of(seat).upper()} IS PLAYING"
        return "YOUR TURN" if len(self.local_seats) == 1 else f"{self.name_of(seat).upper()}, YOUR TURN"

    def confirm_word(self) -> str:
        """What Enter / A does on the focus, for the hint row: it said "Pick up" with the focus on
        Discard 2 cards, Skip action or Cannot travel, and on a card already staged (which it puts
        back into the hand)."""
        focus = self.focus
        if focus is not None and focus[0] == "button":
            return next((label for key, label, _primary in self.buttons() if key == focus[1]), "Select")
        if focus is not None and focus[0] == "hand" and focus[1] in self.staged:
            return "Put back"
        return "Pick up"

    def draw_menu_button(self, surface: pygame.Surface) -> None:
        """Touch and mouse players have no Esc or Start: the pause (with Rules) is one tap away. Beside
        it, the hints: how to read a table card large with the device in use, and the turn's keys."""
        if self.app is None or self.game_over:
            return
        device = self.app.input.last_device
        sizes = {"gap": 24, "label_px": 22, "key_px": 20, "key_pad": 18, "key_gap": 8}
        if device in ("mouse", "touch"):  # no keys to name: how a card is read without them
            if self.readable_cards() and self.drag is None:
                hints = [(LOOK_HOW[device], "Read it large")]
                right = MENU_RECT.right + 24 + hint_row_width(device, hints, **sizes)
                draw_hint_row(surface, device, hints, right, MENU_RECT.centery, key_h=34, **sizes)
            return
        if device not in ("keyboard", "gamepad"):
            return
        if self.can_act or self.look_how == "keys" or self.readable_cards():
            # key caps as on every other screen, left-aligned beside the Menu button and kept clear of
            # the turn banner: the turn's keys first, then Q/E to read the table's cards, then the menu
            if self.look_how == "keys":
                choices = [[("page", "Next card"), ("back", "Close")]]
            elif not self.can_act:
                choices = [[("page", "Read cards"), ("menu", "Menu")], [("page", "Read cards")]]
            elif self.selected is not None:
                choices = [[("confirm", "Play here"), ("back", "Put back")]]
            else:
                turn = [("move", "Choose"), ("confirm", self.confirm_word())]
                look = [("page", "Read cards")] if self.readable_cards() else []
                # on a small window (larger caps) Q/E outlasts the arrows: the Menu button is in sight,
                # the way to read the table's cards is not
                choices = [turn + look + [("menu", "Menu")], turn + look, turn[1:] + look, turn + [("menu", "Menu")],
                           turn]
            banner = self.turn_banner()
            room = (banner[1].left if banner is not None else CANVAS_W) - 24 - (MENU_RECT.right + 24)
            for hints in choices:  # the longest row that fits (else the shortest), each measured once
                width = hint_row_width(device, hints, **sizes)
                if width <= room:
                    break
            right = MENU_RECT.right + 24 + width
            draw_hint_row(surface, device, hints, right, MENU_RECT.centery, key_h=34, **sizes)

    def draw_herald(self, surface: pygame.Surface) -> None:
        if not self.heralds:
            return
        herald = self.heralds[-1]
        key = ("herald", herald.title, herald.line, herald.colour)
        image = self._cache.get(key)
        if image is None:
            title = text_surface(herald.title, "display", fit_px(herald.title, "display", 110, 900), herald.colour)
            line = text_surface(herald.line, "ui-bold", fit_px(herald.line, "ui-bold", 32, 900), P.IVORY)
            w = max(title.get_width(), line.get_width()) + 80
            h = title.get_height() + line.get_height() + 40
            image = panel_surface((w, h), 24, (18, 8, 14, 230), herald.colour, 3).copy()
            image.blit(title, title.get_rect(midtop=(w // 2, 10)))
            image.blit(line, line.get_rect(midtop=(w // 2, 16 + title.get_height())))
            if len(self._cache) > 200:
                self._cache = {k: v for k, v in self._cache.items() if not (isinstance(k, tuple) and k[0] == "herald")}
            self._cache[key] = image
        image.set_alpha(herald.opacity())
        rise = max(0.0, 1.0 - herald.age / 0.2) * 14
        surface.blit(image, image.get_rect(center=(CANVAS_W // 2, round(CENTRE_Y + rise))))
        image.set_alpha(255)


register_table(GAME_ID, LostInTimeTable)

__all__ = ["LostInTimeTable", "Board", "opponent_rects", "row_centres"]
