"""The base of every game's table scene.

It talks only to a Session (solo, hot-seat and LAN look the same), polls it every step, and plays
the incoming events one at a time: the subclass animates each event and says how long that takes,
and the next event waits. Between turns of two different people at this screen it raises the
"Pass to <name>" curtain so nobody sees another's hand. It chimes when a person's turn starts,
opens the pause overlay on menu/back, shows a refused move as an error toast with the invalid
sound, and ends with the results screen built from the Outcome.

A table is built as `MyTable(app, session)` and registered with
`game.ui.tables.register_table(game_id, MyTable)`.

Hooks to override (each has a harmless default):
    on_view(update)                 the viewer's fresh view after an update's events played
    animate_event(event, update)    start the animation of one event; return its seconds at normal
                                    speed (the base scales them by the animation-speed setting)
    handle_table(intent)            input that is not menu/back; act only when `self.can_act`
    cancel_selection() -> bool      back/escape: drop a choice in progress; True = used, else
                                    the pause menu opens
    holding() -> bool               True while the table must not play its next event (e.g. a
                                    scoring panel being read; polling goes on)
    before_results(proceed) -> bool the game is over: show something first and call `proceed()`
                                    later (return True), or return False for the results at once
    update_table(dt)                advance sprites (called every step, also while animating)
    draw_backdrop(surface)          the felt under everything (a table may blit a cached layer)
    draw_table(surface, alpha)      draw the table (never change state here)
    on_error(update)                a refused move (already toasted), e.g. snap a card back

What a subclass reads and calls: `self.viewer` (the seat whose view is shown; None for a
spectator), `self.shown` / `self.view` / `self.legal` (the last Update that finished animating),
`self.can_act`, `self.animating`, `self.name_of(seat)`, `self.local_seats`, `self.submit(action)`,
`self.hold(seconds)` (the next event waits), `self.play(name, volume)` (a sound),
`self.app.toast(text, kind)`. Set `base_menu_button = True` to get a touch Menu button when the
table draws none of its own.

Hurry: a long chain of effects (the Labyrinth's item uses play thirty-odd events) would lock the
people out for seconds, so while a sequence plays a press of Confirm (Enter, A), a click or a tap
hurries it: the updates queued at that moment play HURRY_SPEED times as fast (every event is still
animated, so each text still reaches the reading panel and each log line is still written), and
normal speed comes back for anything that arrives later (another LAN player's move, a bot's next
turn), at a curtain and while a panel is being read. The press is spent on the hurry (its release
is no tap on the table). After HURRY_HINT_AFTER seconds of one sequence with more to come a small
"Hurry" hint shows beside the turn banner.

What code around a table sets: `on_again` (None: the results offer only "Back to title", as on a
LAN table) and reads `status_anchor` (where a status strip may sit without covering the table:
(rect attribute, canvas point), e.g. ("topright", (1896, 22)) means `box.topright = (1896, 22)`).
"""

from __future__ import annotations

import ctypes
import logging
import re
import sys
from collections import deque
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Hashable, Iterable

import pygame

from game.core.types import Action, Event, Outcome
from game.session.storage import write_problem
from game.ui.hint_glyphs import hint_glyphs
from game.session.base import Session, Update
from game.ui.chrome import CANVAS_H, CANVAS_W, draw_background, draw_hint_row
from game.ui.input import Intent
from game.ui.look import palette as P
from game.ui.look.cache import release_all
from game.ui.look.fonts import legible_factor, text_surface
from game.ui.scene import Scene
from game.ui.toast import TOAST_WIDTH
from game.ui.sprites import CardSprite
from game.ui.tween import MOTION, Animated, ease_out_cubic
from game.ui.widgets import panel_surface

log = logging.getLogger(__name__)

BASE_MENU_RECT = pygame.Rect(24, 20, 150, 64)
PRESS_ENDINGS = ("release", "drag_start", "drag_move", "drag_end")
BOT_PAUSE = 0.7  # s a bot waits between moves at normal speed, so people can follow
RESULTS_DELAY = 0.8  # s between the last move's animation and the results screen
MAX_EVENT_SECONDS = 2.0  # a subclass can never hold the table longer than this per event (scaled)
HURRY_SPEED = 10.0  # a hurried sequence plays this many times as fast (a 9 s chain in under a second)
HURRY_HINT_AFTER = 0.8  # s a sequence has played before the "Hurry" hint shows (short moves never show it)
HURRY_HINT_EVENTS = 3  # and only while this many events are still to play
HURRY_HINT_RIGHT_LIMIT = CANVAS_W - 380  # beside the turn banner it stays left of this (Lost Cities'
# opponent's name plate); a table with more at the top says so (`hurry_hint_right_limit`)
HURRY_SOUND_GAP = 0.12  # s of real time between two sounds of a hurried sequence (not 37 at once)
COUNT_SECONDS = 0.4  # a score on the table counts to its new value in this long (ART.md: scores count up)
StatusAnchor = tuple[str, tuple[int, int]]
FAR_SEATS_KEY = "far_seats"  # the autosave's table counts: the far-side seats as bits (seat 2 far: 0b10)


def far_seat_bits(seats: Iterable[int]) -> int:
    """The far-side seats as the autosave's table counts keep them under FAR_SEATS_KEY (seat 2: 0b10)."""
    return sum(1 << seat for seat in set(seats))


RULING_REFERENCE = re.compile(r"\s*\((?:rulings? )?[A-Z]{1,3}-\d+[a-z]?\b[^)]*\)")  # "(ruling LC-4)", "(TT-5)"


def whose_turn(name: str) -> str:
    """ "Ann's turn", and "your turn" for a seat named You (a log line capitalises it where it starts
    the sentence)."""
    return "your turn" if name == "You" else f"{name}'s turn"


def draw_log_lines(surface: pygame.Surface, entries: list[list[str]], left: int, top: int, px: int,
                   step: int) -> None:
    """A table log's entries (each its wrapped lines), one line under the other; the newest two
    entries bright (a move is often two: drew, then placed), the older ones dimmed."""
    k = 0
    for index, rows in enumerate(entries):
        colour = P.IVORY if index >= len(entries) - 2 else P.IVORY_DIM
        for line in rows:
            surface.blit(text_surface(line, "ui", px, colour), (left, top + k * step))
            k += 1


MENU_TOUCH_SLOP = 8  # canvas px a tap may miss a table's Menu button by (nothing lies that close to it)
BUTTON_TOUCH_SLOP = 5  # a table's stacked buttons (10 px apart): half their gap


def touch_rect(rect: pygame.Rect, slop: int = BUTTON_TOUCH_SLOP) -> pygame.Rect:
    """Where a tap on a table's button counts: the button and `slop` px around it, so a 64 px
    button stays a ~40 px target on a 1024x768 screen (0.53 scale) without being drawn larger."""
    return rect.inflate(2 * slop, 2 * slop)


def log_type(px: int, step: int, lines: int, room: int | None = None) -> tuple[int, int, int]:
    """A table log's type size, line step and line count on this window: as designed from 0.7 scale
    up; on a smaller one larger (`legible_factor`: 20 px lines showed as 11 px on a 1024x768 screen),
    so fewer lines fit: as many as `room` px hold (else as the designed lines took)."""
    factor = legible_factor()
    if factor == 1.0:
        return px, step, lines
    grown = round(step * factor)
    return round(px * factor), grown, max(3, (lines * step if room is None else room) // grown)


def release_drawn_caches() -> None:
    """A table closed: its cards' faces, their turned and scaled copies and its texts are of no use
    to the next screen (a title, another game), so their memory goes back at once. The C allocator
    would keep the freed pixels for reuse (381 MB stayed after a playthrough); on glibc it is asked
    to give them back to the system (about 5 ms, once per table)."""
    release_all()  # the turned and scaled copies (sprites.TRANSFORMS) are among them
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@lru_cache(maxsize=1)
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, or None elsewhere (macOS, Windows, musl)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL("libc.so.6").malloc_trim  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return None


class CountUp:
    """Numbers a table shows that count to their new value instead of jumping (ART.md: scores count
    up): the update step aims each at the value it should show (`aim`), drawing reads `shown`. A
    number met for the first time shows its value at once (a table opening on a game under way),
    or counts from `start` when one is given (an expedition's first card counts from 0). Reduced
    motion makes every count a blink, as it does every tween."""

    def __init__(self, seconds: float = COUNT_SECONDS) -> None:
        self.seconds = seconds
        self._numbers: dict[Hashable, Animated] = {}
        self.snapping = True  # this frame's aims show the numbers as they are (a table just opened)

    def snap_next(self) -> None:
        """The next frame's aims land at once (a table reseated, or opened on a game under way)."""
        self.snapping = True

    def aimed(self) -> None:
        """A frame's aims are made: numbers aimed while snapping stand at their values."""
        if self.snapping:
            self.snap()
            self.snapping = False

    def aim(self, key: Hashable, value: int, start: int | None = None) -> None:
        number = self._numbers.get(key)
        if number is None:
            number = self._numbers[key] = Animated(float(value if start is None else start))
        if number.target != float(value):
            number.to(float(value), self.seconds, ease_out_cubic)

    def update(self, dt: float) -> None:
        for number in self._numbers.values():
            number.update(dt)

    def forget(self, key: Hashable) -> None:
        self._numbers.pop(key, None)

    def snap(self) -> None:
        """Every number at its value now (a table opened on a game under way, another person's view)."""
        for number in self._numbers.values():
            number.set(number.target)

    def knows(self, key: Hashable) -> bool:
        return key in self._numbers

    def shown(self, key: Hashable, default: int) -> int:
        """The number to draw for `key` (`default` when it was never aimed)."""
        number = self._numbers.get(key)
        return default if number is None else round(float(number.current))  # type: ignore[arg-type]

    @property
    def counting(self) -> bool:
        return any(number.moving for number in self._numbers.values())


@lru_cache(maxsize=8)
def hurry_plate(device: str, cap: str, factor: float = 1.0) -> pygame.Surface:
    """The "Hurry" hint (a key cap and its word, as the hint rows draw them) on an ink plate; keyed
    on the cap too, so a rebound Confirm shows its new key, and on the window's `legible_factor`
    (a small window draws hints larger), so a resized window draws it anew."""
    scratch = pygame.Surface((640, 60), pygame.SRCALPHA)
    draw_hint_row(scratch, device, (("confirm", "Hurry"),), 620, 30)
    box = scratch.get_bounding_rect()
    plate = panel_surface((box.width + 36, box.height + 12), 16, P.INK_ALPHA).copy()
    plate.blit(scratch, (18, 6), box)
    return plate


class TableSceneBase(Scene):
    name = "table"
    tone = "green"
    hurry_hint_right_limit = HURRY_HINT_RIGHT_LIMIT  # the Hurry hint beside the banner stays left of this
    results_note = ""  # a line in the results' footer (a LAN guest: where the next game comes from)
    # buttons the results offer before "Back to title" (a LAN guest's: back to the LAN lobby)
    results_more: tuple[tuple[str, Callable[[], None]], ...] = ()
    results_score_words: Callable[[int], str] | None = None  # how the results write a whole score (None: the number)
    results_dim = 165  # how dark the table goes under the results (the Labyrinth's parchment asks for more)
    # True: the base draws a touch-sized "Menu" button at BASE_MENU_RECT and opens the pause
    # overlay when it is tapped (for tables that draw no menu button of their own).
    base_menu_button = False
    # the table's own Menu button (canvas px), if it draws one: a press there opens the pause menu
    # at once, even while moves play (a mouse's or finger's only way there; it hurried them instead)
    menu_button_rect: pygame.Rect | None = None
    # Where a status strip (the LAN seats strip) may sit: a pygame.Rect attribute name and the canvas
    # point it goes to. Tables override it where their top-right corner is busy.
    status_anchor: StatusAnchor = ("topright", (CANVAS_W - 24, 22))

    def __init__(self, app: Any, session: Session, viewer: int | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.game_id = session.game_id
        self.local_seats: list[int] = session.local_seats()
        self.seat_names: list[str] = [status.name for status in session.seats()]
        # the seat status the names were read from: a LAN session's `table` (a new object whenever the
        # host says the seats changed); a local session's seats never change
        self._seats_read_from: object = getattr(session, "table", None)
        if viewer is None:
            viewer = self.local_seats[0] if self.local_seats else (None if getattr(session, "spectator", False) else 0)
        self.viewer: int | None = viewer
        self.shown: Update | None = None
        self._queue: deque[Update] = deque()
        self._current: Update | None = None
        self._events: deque[Event] = deque()
        self._busy = 0.0
        self.curtain_seat: int | None = None
        self._results_in: float | None = None
        self.results_shown = False
        self.animated_events: list[str] = []  # kinds played so far (tests, logs)
        self.session_failed = False
        self.record_summary = ""  # "Your record in ...", once this game went into the player's record
        self.suggested: Action | None = None  # the last move "Suggest a move" named
        # the toast "Suggest a move" put up and the version of the state it was about: it names a move
        # of that very step, so it leaves once the table moves on
        self._suggestion_toast: Any = None
        self._suggested_at: int | None = None
        self._toasts_before: list[Any] = []  # the toasts up when this table opened (not its own)
        # a press (mouse button, finger) began on this table: only then do its drag and release reach
        # handle_table. A pause-menu button acts on the press and closes, and the curtain lifts on the
        # press; the release that follows must not draw or play whatever lies under it here.
        self._pressed_here = False
        self.lan_hosting = False  # set by the LAN wrapper when this screen hosts the table
        # seat -> the SDL instance id of the gamepad that plays it (set by the seat setup, for this
        # game). That seat's turns and curtain take only its pad (and the shared keyboard, mouse and
        # touch); its pad acts for no other seat. Seats without one, and pads without a seat, are shared.
        self.seat_pads: dict[int, int] = {}
        self._screen_taken = False  # a person here lifted a curtain (hot-seat: the first one gets one too)
        self._told_pads: dict[int, int] = {}  # the seat_pads the session was last told (it saves their numbers)
        self._pad_refusals: set[str] = set()  # "It is Ben's turn." toasts, gone once Ben has the screen
        # seats whose person sits across a touch table lying flat (set by the seat setup, or read back
        # from the autosave): from their curtain through their turn the App shows the picture turned
        # to them. UI only: the engine never hears of it. Empty: everyone at the near side, as before.
        self.far_seats: set[int] = set()
        self._told_sides: set[int] | None = None  # the far seats the session was last told (it saves them)
        # "Play again" on the results screen; None offers only "Back to title" (LAN tables)
        self.on_again: Callable[[], None] | None = self.play_again
        # hurry: the newest version queued when a person hurried (None: normal speed); later updates
        # are not hurried. `_sequence_seconds` times the sequence playing now (for the hint).
        self._hurry_through: int | None = None
        self._sequence_seconds = 0.0
        self._sound_quiet = 0.0  # s of real time before a hurried sequence may sound again
        self.hurries = 0  # how many sequences were hurried (tests, logs)

    # --- what a subclass reads ---------------------------------------------------------------------
    @property
    def view(self) -> dict[str, Any]:
        return self.shown.view if self.shown is not None else {}

    @property
    def legal(self) -> tuple[Action, ...]:
        return self.shown.legal if self.shown is not None else ()

    @property
    def game_over(self) -> bool:
        """The game has ended on this screen: its last state is shown, or being animated (the win
        herald playing), so nobody is "playing" or "to move" any more."""
        return any(u is not None and u.outcome is not None for u in (self.shown, self._current))

    def hand_veiled(self) -> bool:
        """Several people at this screen and a bot to move: the last person's hand lies face down
        until the next person's curtain (the next person is already watching the bot play)."""
        shown = self.shown
        return (len(self.local_seats) > 1 and self.viewer in self.local_seats and shown is not None
                and shown.outcome is None and bool(shown.active)
                and not any(seat in self.local_seats for seat in shown.active))

    @property
    def animating(self) -> bool:
        return self._busy > 0 or self._current is not None or bool(self._queue)

    @property
    def can_act(self) -> bool:
        """A person at this screen may act now: their turn, nothing animating, no curtain."""
        return (self.shown is not None and self.viewer in self.local_seats and self.viewer in self.shown.active
                and bool(self.shown.legal) and not self.animating and self.curtain_seat is None
                and self.shown.outcome is None)

    def name_of(self, seat: int | None) -> str:
        if seat is None:
            return "Spectator"
        return self.seat_names[seat] if 0 <= seat < len(self.seat_names) else f"Seat {seat + 1}"

    def submit(self, action: Action) -> None:
        """Send a person's move; the result (or a refusal) arrives through the session."""
        self.session.submit(action)

    def refuse(self, message: str, kind: str = "error", volume: float = 1.0) -> None:
        """A person's move that did nothing: the invalid sound and a toast that says why ("error"
        for a move the rules refuse; "info", softer, for a step that must come first). The person
        acted, so it always sounds, even while the table hurries."""
        if self.app is None:
            return
        self.app.assets.play("invalid", volume)
        self.app.toast(message, kind)

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play a sound, if this table is shown by an App (tests may build one without); a hurried
        sequence sounds at most every HURRY_SOUND_GAP s."""
        if self.app is None:
            return
        if self.hurrying:
            if self._sound_quiet > 0:
                return
            self._sound_quiet = HURRY_SOUND_GAP
        self.app.assets.play(name, volume)

    # --- hurry -------------------------------------------------------------------------------------
    @property
    def hurrying(self) -> bool:
        """A person hurried the sequence that is playing."""
        return self._hurry_through is not None

    @property
    def can_hurry(self) -> bool:
        """Something is playing that a press may hurry: no curtain, no panel being read, not already
        hurried."""
        return (self.animating and self.curtain_seat is None and not self.hurrying and not self.holding()
                and self.shown is not None)

    def hurry(self) -> bool:
        """Play what is queued now at HURRY_SPEED; True if there was something to hurry."""
        if not self.can_hurry:
            return False
        self._hurry_through = self.newest_version()
        self.hurries += 1
        return True

    def stop_hurry(self) -> None:
        """Back to normal speed (the hurried updates are shown, a curtain rose, a game ended)."""
        self._hurry_through = None

    def hurry_speed(self) -> float:
        """How many times as fast the table runs this step: HURRY_SPEED while hurried, except while a
        panel is being read (a person reads at their own pace)."""
        if self._hurry_through is None or self.holding():
            return 1.0
        return HURRY_SPEED

    def hurry_offered(self) -> bool:
        """The "Hurry" hint shows: a sequence has played for HURRY_HINT_AFTER s and at least
        HURRY_HINT_EVENTS more events are to come (a bot's ordinary move ends before it would show:
        a hint that flashed up and vanished would only distract)."""
        if self._sequence_seconds < HURRY_HINT_AFTER or not self.can_hurry:
            return False
        return len(self._events) + sum(len(update.events) for update in self._queue) >= HURRY_HINT_EVENTS

    def hold(self, seconds: float) -> None:
        """Let the next event wait `seconds` (at normal animation speed; scaled like animate_event),
        e.g. while an opening deal that no event announced is still flying."""
        self._busy = max(self._busy, MOTION.duration(max(0.0, float(seconds))))

    # --- hooks -----------------------------------------------------------------------------------
    def on_view(self, update: Update) -> None:
        """The viewer's view after `update` (also at the start and after a curtain)."""

    def animate_event(self, event: Event, update: Update) -> float:
        """Start animating `event`; return how many seconds to wait before the next one."""
        return 0.0

    def handle_table(self, intent: Intent) -> None:
        """Input for the table while `can_act` (moves) or any time (focus, hover)."""

    def update_table(self, dt: float) -> None:
        """Advance the table's sprites and tweens."""

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw the table itself."""

    def on_error(self, update: Update) -> None:
        """A move was refused (already toasted); e.g. snap a dragged card back."""

    def cancel_selection(self) -> bool:
        """Back/escape at the table: undo a choice in progress (a lifted card, a drag). Return True
        if something was cancelled; otherwise the pause menu opens."""
        return False

    def holding(self) -> bool:
        """True while the table must not go on to its next event (a panel being read)."""
        return False

    def before_results(self, proceed: Callable[[], None]) -> bool:
        """The game is over and the results are due. Return True after arranging to call `proceed()`
        later (e.g. from an ending sheet's button); False shows the results screen now."""
        return False

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The felt under the table."""
        draw_background(surface, self.tone)

    # --- scene -----------------------------------------------------------------------------------
    def pace_bots(self) -> None:
        """Bots at this screen wait between moves as long as the animation speed says (x2: half as
        long), so a faster game is faster all through, not only in its animations."""
        if getattr(self.session, "bot_delay", 0) > 0:
            self.session.bot_delay = BOT_PAUSE / max(0.1, MOTION.speed)  # type: ignore[attr-defined]

    def enter(self) -> None:
        if self.app is not None:  # the menus' notes ("Play mode: In turns…") do not follow people to the table
            for toast in self.app.toasts.items:
                if toast.kind == "info":
                    self.app.toasts.retire(toast)
        self._toasts_before = list(self.app.toasts.items) if self.app is not None else []
        self.reclaim_saved_pads()
        self.reclaim_saved_sides()
        self.pace_bots()
        first = self.session.latest(self.viewer)
        if first is not None:
            self._log_the_past(first)
            self.shown = first
            self.on_view(first)
        self._after_update(first, start=True)

    def exit(self) -> None:
        self.retire_own_toasts()
        self.session.close()
        release_drawn_caches()

    # --- a gamepad per person --------------------------------------------------------------------
    def pads_share_the_turn(self) -> bool:
        """True while the people at this screen make each move together (Labyrinth played together,
        ruling LA-7): every pad may act for the table then. The Labyrinth's table says when."""
        return False

    def pad_label(self, seat: int | None) -> str:
        """"Pad 2" for a seat a gamepad plays, else ""."""
        pad = self.seat_pads.get(seat) if seat is not None else None
        return self.app.input.pad_label(pad) if pad is not None and self.app is not None else ""

    def pad_refusal(self, intent: Intent) -> str:
        """Why this gamepad may not act here now ("" = it may): a seat's pad acts only for that seat,
        and a seat with its own pad takes no other pad. The seat is the one behind the curtain, else
        the one whose view is shown."""
        if intent.device != "gamepad" or intent.pad is None or not self.seat_pads or self.game_over \
                or self.pads_share_the_turn():
            return ""
        seat = self.curtain_seat if self.curtain_seat is not None else self.viewer
        own_seat = next((s for s, pad in self.seat_pads.items() if pad == intent.pad), None)
        holder = self.seat_pads.get(seat) if seat is not None else None
        if own_seat == seat or (own_seat is None and holder is None):
            return ""
        turn = seat
        if self.curtain_seat is None and self.shown is not None and self.shown.active:
            turn = self.shown.active[0]  # a bot may be the one to move
        label = self.pad_label(turn)
        return f"It is {self.name_of(turn)}'s turn" + (f" ({label})." if label and own_seat is None else ".")

    def reclaim_saved_pads(self) -> None:
        """A game continued from its save: each seat that had claimed a pad gets the pad with that
        number back, if it is plugged in ("Pad 2" is the second pad seen). A pad that is not here
        leaves the seat shared, and the people are told."""
        saved = getattr(self.session, "pad_numbers", None)
        if self.app is None or self.seat_pads or not isinstance(saved, dict) or not saved:
            return
        present = {self.app.input.pad_number(pad): pad for pad in list(self.app.input.pad_numbers)}
        missing = []
        for seat, number in sorted(saved.items()):
            if number in present and present[number] not in self.seat_pads.values():
                self.seat_pads[seat] = present[number]
            else:
                missing.append(f"{self.name_of(seat)}'s Pad {number}")
        if missing:  # (the pads found need no word: each curtain says "Ann, press A on Pad 1")
            verb = "is" if len(missing) == 1 else "are"
            self.app.toast(f"{' and '.join(missing)} {verb} not plugged in: any pad plays those turns.", "warning")
        self._told_pads = dict(self.seat_pads)
        self.session.pad_numbers = {seat: saved[seat] for seat in self.seat_pads}

    def tell_session_the_pads(self) -> None:
        """The session keeps each claimed pad's number in the autosave (Continue gives it back)."""
        if self.seat_pads == self._told_pads or self.app is None:
            return
        self._told_pads = dict(self.seat_pads)
        if isinstance(getattr(self.session, "pad_numbers", None), dict):
            self.session.pad_numbers = {seat: self.app.input.pad_number(pad) for seat, pad in self.seat_pads.items()}

    # --- a touch table with people on both sides -----------------------------------------------------
    def screen_side(self) -> str:
        """The side of the table the picture faces (the App asks; overlays above follow it): the
        side of the person behind the curtain, else of the person whose view is shown, who keeps it
        through the bots' turns and the results (no spinning back and forth). Near for one person,
        for a game played together (anyone moves) and for a spectator."""
        if len(self.local_seats) < 2 or not self.far_seats or self.pads_share_the_turn():
            return "near"
        seat = self.curtain_seat if self.curtain_seat is not None else self.viewer
        return "far" if seat in self.far_seats and seat in self.local_seats else "near"

    def reclaim_saved_sides(self) -> None:
        """A game continued from its save: the far-side seats it kept (people at this screen only)."""
        kept = getattr(self.session, "table_state", None)
        if self.far_seats or not isinstance(kept, dict):
            return
        bits = kept.get(FAR_SEATS_KEY, 0)
        if isinstance(bits, int) and not isinstance(bits, bool) and bits > 0:
            self.far_seats = {seat for seat in self.local_seats if bits >> seat & 1}

    def tell_session_the_sides(self) -> None:
        """The session keeps the far-side seats with the game's counts in the autosave (Continue
        turns the screen the same way); nothing is written while everyone sits near, as before."""
        if self._told_sides == self.far_seats:
            return
        self._told_sides = set(self.far_seats)
        kept = getattr(self.session, "table_state", None)
        if not isinstance(kept, dict):
            return
        bits = far_seat_bits(seat for seat in self.far_seats if seat in self.local_seats)
        if bits:
            kept[FAR_SEATS_KEY] = bits
        else:
            kept.pop(FAR_SEATS_KEY, None)

    def forget_unplugged_pads(self) -> None:
        """A seat whose pad was unplugged goes back to the shared devices (any pad, keyboard, touch)."""
        if self.app is None:
            return
        for seat, pad in list(self.seat_pads.items()):
            if not self.app.input.pad_present(pad):
                del self.seat_pads[seat]
                name = self.name_of(seat)
                self.app.toast(f"{name}'s gamepad was unplugged: any pad or the keyboard can play {name}'s turns now.",
                               "warning")

    def handle(self, intent: Intent) -> None:
        refusal = self.pad_refusal(intent)
        if refusal:
            if intent.kind in ("menu", "back"):
                self._pause()  # the pause menu is open to every pad; another seat's choice is not cancelled
            elif not intent.repeat:
                self.app.toast(refusal, "info")
                self._pad_refusals.add(refusal)
            return
        if self.curtain_seat is not None:
            if intent.kind in ("confirm", "point", "release") or intent.kind == "menu":
                if intent.kind == "menu":
                    self._pause()
                elif intent.kind != "release":
                    self.lift_curtain()
            elif intent.kind == "back":
                self._pause()
            return
        if intent.kind == "back" and self.cancel_selection():
            return
        if intent.kind in ("menu", "back"):
            self._pause()
            return
        if intent.kind == "point" and intent.pos is not None and self.presses_menu_button(intent.pos):
            self._pause()
            return
        if intent.kind in ("confirm", "point") and self.can_hurry and self.hurry():
            return  # the press is spent on the hurry; its release (a point's) is no tap here
        if intent.kind == "point":
            self._pressed_here = True
        elif intent.kind in PRESS_ENDINGS and not self._pressed_here:
            return  # the rest of a press that a pause-menu button or the curtain took: not a tap here
        if intent.kind in ("release", "drag_end"):
            self._pressed_here = False
        self.handle_table(intent)

    def presses_menu_button(self, pos: tuple[float, float]) -> bool:
        """`pos` is on the table's Menu button (its own, or the base's), or just beside it
        (`touch_rect`: the 64 px button was a 34 px target on a 1024x768 screen)."""
        rect = BASE_MENU_RECT if self.base_menu_button else self.menu_button_rect
        return rect is not None and touch_rect(rect, MENU_TOUCH_SLOP).collidepoint(pos)

    def pause(self) -> None:
        """An overlay opened (the pause menu, the rules): a press under way ends there, and a
        suggestion's toast leaves (it lay over the rules' page)."""
        self._pressed_here = False
        self.retire_suggestion()

    def resume(self) -> None:
        self._pressed_here = False
        self.pace_bots()  # the speed may have changed in the pause menu's Settings

    def _pause(self) -> None:
        from game.ui.pause import PauseOverlay

        self.app.assets.play("click", 0.6)
        suggest = self.show_suggestion if self.can_act and self.suggestions else None
        self.app.push(PauseOverlay(self.app, self.game_id, suggest=suggest, hosting=self.lan_hosting,
                                   rules_topic=self.rules_topic()))

    def rules_topic(self) -> str | None:
        """The rules page (the start of its title) about the step this table is at, for the pause
        menu's Rules to open at; None opens the first page."""
        return None

    # --- "Suggest a move" (the pause menu) ---------------------------------------------------------
    suggestions = False  # True where describe_move puts every move of the game into words

    def suggested_move(self) -> Action | None:
        """What the expert bot would do now in this seat: it reads only this seat's own view and
        legal moves, as the person does. Reorders and take-backs are not suggested."""
        import copy

        from game.bots.base import make_bot
        from game.core.registry import find_game

        legal = [a for a in self.legal if a.kind not in ("reorder", "undo")]
        if not self.can_act or self.viewer is None or not legal:
            return None
        return make_bot(self.game_id, "expert", find_game(self.game_id), self.viewer, 0).choose(
            copy.deepcopy(dict(self.view)), legal)

    def suggestion(self, move: Action | None = None) -> str:
        """`move` (by default the suggested one) in words, or why there is none."""
        move = move if move is not None else self.suggested_move()
        if move is None:
            return "Nothing to suggest: it is not your move." if not self.can_act else "Nothing to suggest right now."
        return f"Suggestion: {self.describe_move(move)}."

    def show_suggestion(self) -> None:
        """The suggestion over the table, and the focus on the card or place it names."""
        self.suggested = self.suggested_move()
        if self.app is not None:
            self.app.assets.play("chime", 0.5)
            self._suggestion_toast = self.app.toasts.show(self.suggestion(self.suggested), "info", seconds=7.0)
            self._suggested_at = self.shown.version if self.shown is not None else None
        if self.suggested is not None:
            self.point_at(self.suggested)

    def retire_suggestion(self) -> None:
        """The suggestion's toast slides out now ("draw from the deck" lingered into the next step)."""
        toast, self._suggestion_toast = self._suggestion_toast, None
        if toast is not None and self.app is not None:
            self.app.toasts.retire(toast)

    def retire_own_toasts(self) -> None:
        """What this table said about its moves (a refusal, a suggestion, a note) is stale once it
        closes: it slides out instead of following the people onto the title or the rules. A warning
        (the autosave failing) stays, and so does what was up before the table opened."""
        if self.app is None:
            return
        for toast in list(self.app.toasts.items):
            if toast.kind != "warning" and not any(toast is kept for kept in self._toasts_before):
                self.app.toasts.retire(toast)

    def point_at(self, action: Action) -> None:
        """Move the focus onto what `action` moves or where it goes (tables that can say so)."""

    def describe_move(self, action: Action) -> str:
        """One of this seat's moves in the players' words ("play Yellow 7 on your expedition")."""
        return action.kind.replace("_", " ")

    def _say_save_notices(self) -> None:
        """The autosave stopped working (a full disk, a read-only folder) or works again: the game
        goes on either way, and the people here are told once each time."""
        take_notice = getattr(self.session, "take_save_notice", None)
        while take_notice is not None and (notice := take_notice()) is not None:
            problem = bool(getattr(self.session, "save_problem", ""))
            self.app.toast(notice, "warning" if problem else "good")
            if problem:
                self.app.assets.play("invalid", 0.5)

    def update(self, dt: float) -> None:
        if self.seat_pads:
            self.forget_unplugged_pads()
        self.tell_session_the_pads()
        self.tell_session_the_sides()
        if self.session_failed:
            self.update_table(dt)
            return
        try:
            updates = self.session.poll()
        except Exception as exc:  # a broken bot or connection must not take the program down
            log.exception("the session failed")
            self.session_failed = True
            self.app.toast(f"This table stopped: {exc}. The game so far is saved; use Menu to leave.", "error")
            return
        self._say_save_notices()
        if getattr(self.session, "table", None) is not self._seats_read_from:
            self.refresh_seat_names()
        newest = self.newest_version()
        for update in updates:
            if update.error:
                if update.seat in self.local_seats or update.seat == self.viewer:
                    self.refuse(self._error_text(update.error))
                    self.on_error(update)
                continue
            if update.seat != self.viewer:
                continue
            if newest is not None and update.version <= newest:
                continue  # a backlog from before the table opened, or a state already shown
            self._queue.append(update)
            newest = update.version
        if not self._queue and self._current is None:
            latest = self.session.latest(self.viewer)
            if latest is not None and (self.shown is None or latest.version > self.shown.version):
                self._queue.append(latest)  # no per-seat updates (e.g. bots only): show where it stands
        table_dt = dt * self.hurry_speed()
        self._sound_quiet = max(0.0, self._sound_quiet - dt)
        self.update_table(table_dt)
        held = self.holding()
        if self.curtain_seat is not None:
            self._queue.clear()
        elif not held:
            self._play_queue(table_dt)
        if self.animating and self.curtain_seat is None:
            self._sequence_seconds += dt
        else:
            self._sequence_seconds = 0.0
            self.stop_hurry()
        if self._results_in is not None and not held:
            self._results_in -= dt
            if self._results_in <= 0:
                self._results_in = None
                self._show_results()

    def refresh_seat_names(self) -> None:
        """The seats' names as the session tells them now: at a LAN table a seat can change hands
        during the game (someone sits down in a seat left open), and the panels, the log's new lines,
        the curtain and the results then say the new name."""
        self._seats_read_from = getattr(self.session, "table", None)
        names = [status.name for status in self.session.seats()]
        if names and names != self.seat_names:
            self.seat_names = names

    def _log_the_past(self, first: Update) -> None:
        """A table opening on a game under way starts its log with what happened up to the state
        it opens on (the session's memory of it), written as the live log would have it."""
        self.log_history(self.session.recent_moves(self.viewer, first.version + 1))

    def log_history(self, moves: tuple[tuple[int, tuple[Event, ...]], ...]) -> None:
        """The moves before this table opened, (version, events) oldest first, into the log."""
        for _, events in moves:
            for event in events:
                self.log_event(event)

    def log_event(self, event: Event) -> None:
        """One event into the table's log, as its line reads to this viewer (tables with a log
        say how); the live events and those from before the table opened go through it alike."""

    def newest_version(self) -> int | None:
        """The version of the newest state shown, being animated or queued (None: nothing yet)."""
        versions = [u.version for u in (self.shown, self._current) if u is not None]
        versions += [u.version for u in self._queue]
        return max(versions) if versions else None

    @staticmethod
    def _error_text(reason: str) -> str:
        """A refusal as a player reads it: a sentence, without the "(ruling LC-4)" the engine adds for
        developers and logs."""
        reason = RULING_REFERENCE.sub("", reason).strip()
        if not reason:
            return "That move is not allowed."
        reason = reason[:1].upper() + reason[1:]
        return reason if reason[-1] in ".!?" else reason + "."

    def _play_queue(self, dt: float) -> None:
        if self._busy > 0:
            self._busy -= dt
            if self._busy > 0:
                return
        while self._busy <= 0:
            if self.holding():  # an event that took no time may have opened a panel to be read
                return
            if self._current is not None and self._events:
                event = self._events.popleft()
                self.animated_events.append(event.kind)
                seconds = MOTION.duration(max(0.0, float(self.animate_event(event, self._current) or 0.0)))
                self._busy += min(MAX_EVENT_SECONDS, seconds)
                continue
            if self._current is not None:
                done, self._current = self._current, None
                previous = self.shown
                self.shown = done
                if self._suggestion_toast is not None and done.version != self._suggested_at:
                    self.retire_suggestion()  # a move was made since: it was about the step before
                self.on_view(done)
                self._after_update(done, previous=previous)
                if self.curtain_seat is not None:
                    return
                continue
            if self._queue:
                if self._hurry_through is not None and self._queue[0].version > self._hurry_through:
                    self.stop_hurry()  # came after the press (a LAN player's move, a bot's turn): seen at its pace
                    self._busy = 0.0  # and the hurried step's overshoot does not cut its first event short
                self._current = self._queue.popleft()
                self._events = deque(self._current.events)
                continue
            break

    def _after_update(self, update: Update | None, previous: Update | None = None, start: bool = False) -> None:
        if update is None:
            return
        if update.outcome is not None:
            if not self.results_shown and self._results_in is None:
                self._results_in = RESULTS_DELAY
                self._forget_autosave()
                if not start:  # seen to its end here (a table opened on a finished game adds nothing)
                    self._add_to_record(update.outcome)
            return
        waiting = [seat for seat in update.active if seat in self.local_seats]
        if not waiting:
            return
        if self.viewer not in waiting:
            if len(self.local_seats) > 1:
                self.raise_curtain(waiting[0])
            else:
                self.viewer = waiting[0]
            return
        if (start or not self._screen_taken) and len(self.local_seats) > 1:
            # hot-seat: the first person takes the screen too, also when a bot moved first (the table
            # showed the first seat's hand to everyone at the screen while the bot played)
            self.raise_curtain(self.viewer)
            return
        was_waiting = previous is not None and self.viewer in previous.active
        if not was_waiting or start:
            self.app.assets.play("turn", 0.9)  # softer than the bell: it is heard every turn

    # --- hot-seat curtain --------------------------------------------------------------------------
    def raise_curtain(self, seat: int) -> None:
        self.curtain_seat = seat
        self.stop_hurry()  # the next person's screen plays at its own pace
        self._queue.clear()
        if self.app is not None:  # a toast may name the last person's cards (a suggestion, a refusal)
            # (a warning stays: the autosave failing is news to everyone at the screen)
            self.app.toasts.items[:] = [toast for toast in self.app.toasts.items if toast.kind == "warning"]

    def lift_curtain(self) -> None:
        seat = self.curtain_seat
        if seat is None:
            return
        self.curtain_seat = None
        self.viewer = seat
        self._screen_taken = True
        if self._pad_refusals and self.app is not None:  # told to wait for this person, who is here now
            self.app.toasts.items = [t for t in self.app.toasts.items if t.text not in self._pad_refusals]
            self._pad_refusals.clear()
        self._queue.clear()
        self._current = None
        self._events.clear()
        self._busy = 0.0  # what played behind the curtain (an opening deal's hold) keeps nobody waiting
        latest = self.session.latest(seat)
        if latest is not None:
            self.shown = latest
            self.on_view(latest)
        self.app.assets.play("turn", 0.9)

    # --- end ---------------------------------------------------------------------------------------
    def _forget_autosave(self) -> None:
        """A finished game is not offered as Continue any more."""
        path = getattr(self.session, "autosave_path", None)
        if isinstance(path, Path):
            try:
                path.unlink(missing_ok=True)
            except OSError as exc:
                log.warning("could not remove the finished game's autosave: %s", exc)

    def _add_to_record(self, outcome: Outcome) -> None:
        """A game one person here played to its end goes into their record (records.json)."""
        from game.core.registry import GAMES
        from game.session.records import load_records, opponent_of, outcome_for, record_line, save_records

        if len(self.local_seats) != 1 or self.app is None:
            return
        me = self.local_seats[0]
        seats = self.session.seats()
        opponent = opponent_of((s.kind, s.level) for i, s in enumerate(seats) if i != me)
        won, drawn = outcome_for(outcome, me)
        variant = self.record_variant()
        score = outcome.scores[me] if me < len(outcome.scores) else None
        score = int(score) if isinstance(score, (int, float)) and variant is not None else None
        try:
            records = load_records(lambda message: self.app.toast(message, "warning"))
            records.add(self.game_id, opponent, won, drawn, variant[0] if variant else None, score)
            save_records(records)
        except OSError as exc:  # a full disk costs the record, never the table
            log.warning("could not save the record: %s", exc)
            self.app.toast(f"Your record could not be saved: {write_problem(exc)}.", "warning")
            return
        title = next((info.title for info in GAMES if info.game_id == self.game_id), self.game_id)
        best = records.best(self.game_id, variant[0]) if variant else None
        best_words = f"Best in {variant[1]}: {self.score_words(best)}" if variant and best is not None else ""
        self.record_summary = record_line(records, self.game_id, title, opponent, outcome.cooperative, best_words)

    def record_variant(self) -> tuple[str, str] | None:
        """(id, title) of the variant played whose best score the record keeps (a Labyrinth
        adventure), or None: the record keeps wins only."""
        return None

    def score_words(self, score: int) -> str:
        """A kept best score in words on the results screen."""
        return str(score)

    def _show_results(self) -> None:
        if self.shown is None or self.shown.outcome is None:
            return
        if not self.before_results(self.show_results_now):
            self.show_results_now()

    def show_results_now(self) -> None:
        """Push the results screen (what `before_results`' `proceed` calls)."""
        from game.ui.results import ResultsScene

        if self.results_shown or self.shown is None or self.shown.outcome is None or self.app is None:
            return
        self.results_shown = True
        # `play_again = None` is how LAN tables said "no Play again" before `on_again` existed
        again = self.on_again if getattr(self, "play_again", None) is not None else None
        self.refresh_seat_names()
        in_game = self.view.get("names") if isinstance(self.view, dict) else None  # the engine's own (its summary's)
        more = self.results_more
        if not more and again is not None and self.is_local_game():
            more = (("Change seats", self.change_seats),)
        self.app.push(ResultsScene(self.app, self.shown.outcome, list(self.seat_names), list(self.local_seats),
                                   again, self.game_id, record=self.record_summary,
                                   engine_names=[str(n) for n in in_game] if isinstance(in_game, (list, tuple)) else (),
                                   dim=self.results_dim, note=self.results_note, more=more,
                                   score_words=self.results_score_words))

    def is_local_game(self) -> bool:
        """A game of this screen alone (not a LAN table's)."""
        from game.session import LocalSession

        return isinstance(self.session, LocalSession) and not self.lan_hosting

    def change_seats(self) -> None:
        """From the results to this game's seat setup (as last set: names, bots, options), to play
        again with other seats or levels; Back there leads to the title."""
        from game.ui.setup import SeatSetupScene
        from game.ui.title import TitleScene

        self.app.clear_to(TitleScene(self.app))
        self.app.push(SeatSetupScene(self.app, self.game_id))

    def play_again(self) -> None:
        """A new game with the same seats and options (a fresh seed) at a fresh table."""
        import time

        from game.session import LocalSession
        from game.session.storage import data_dir

        config = self.session.config
        session = LocalSession(config, time.time_ns() & 0xFFFF_FFFF, autosave=data_dir() / "autosave.tt",
                               bot_delay=getattr(self.session, "bot_delay", 0.7),
                               spectator=bool(getattr(self.session, "spectator", False)))
        table = type(self)(self.app, session)
        table.seat_pads = dict(self.seat_pads)  # the same people hold the same pads
        table.far_seats = set(self.far_seats)  # and sit where they sat
        self.app.pop()  # the results overlay
        self.app.replace(table)

    # --- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.curtain_seat is not None:
            self.draw_curtain(surface)
            return
        self.draw_backdrop(surface)
        self.draw_table(surface, alpha)
        self.draw_turn_banner(surface)
        if self.base_menu_button:
            self._draw_base_menu_button(surface)
        if self.hurry_offered() and (self.app is None or self.app.scenes.top is self):  # not under a menu
            self.draw_hurry_hint(surface)

    def draw_hurry_hint(self, surface: pygame.Surface) -> None:
        """"Enter Hurry" (the last device's cap: A, Click, Tap) on a small ink plate beside the turn
        banner ("Bot is playing…", where people look while they wait; the tables' own hint rows lie
        over their hands), under it when the banner is long, at the top centre without one."""
        device = self.app.input.last_device if self.app is not None else "keyboard"
        plate = hurry_plate(device, hint_glyphs(device).get("confirm", "Enter"), legible_factor())
        surface.blit(plate, self.hurry_hint_rect(plate.get_size()))

    def hurry_hint_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the Hurry plate goes: right of the turn banner while it stays left of
        `hurry_hint_right_limit`, else under the banner; at the top centre without one."""
        box = pygame.Rect((0, 0), size)
        banner = self.turn_banner_rect()
        if banner is None:
            box.midtop = (CANVAS_W // 2, 24)
        else:
            box.midleft = (banner.right + 16, banner.centery)
            if box.right > self.hurry_hint_right_limit:  # a long banner ("Ann, your turn · Pad 2"): under it
                box.midtop = (banner.centerx, banner.bottom + 8)
        return box

    def _draw_base_menu_button(self, surface: pygame.Surface) -> None:
        rect = BASE_MENU_RECT
        surface.blit(panel_surface(rect.size, 14, P.INK_ALPHA, P.BRASS_DARK, 2), rect.topleft)
        for i in range(3):
            pygame.draw.rect(surface, P.IVORY, (rect.x + 22, rect.y + 20 + i * 10, 26, 4), border_radius=2)
        label = text_surface("MENU", "ui-bold", 24, P.IVORY)
        surface.blit(label, label.get_rect(midleft=(rect.x + 62, rect.centery)))

    def toast_area(self) -> pygame.Rect | None:
        """Where this table's toasts go (its log, where the table's news is read: at the top centre
        they hid the turn banner, lower the opponents' panels; without a log box, under the banner),
        or None for the top centre. Behind the "Pass to" curtain there is no table to cover."""
        if self.curtain_seat is not None:
            return None
        log_box = self.log_area()
        if log_box is not None:
            return log_box
        banner = self.turn_banner_rect()  # a table without a log box: under its banner, which stays readable
        if banner is None:
            return None
        return pygame.Rect((CANVAS_W - TOAST_WIDTH) // 2, banner.bottom + 12, TOAST_WIDTH, CANVAS_H - banner.bottom - 24)

    def log_area(self) -> pygame.Rect | None:
        """The table log's box (toasts go over it); None: a table without one."""
        return None

    def turn_banner(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """"Your turn" / "<name> is playing…" and its plate at the top centre, or None when no turn
        is shown; tables that put hints beside it ask where it ends."""
        if self.shown is None or self.game_over or not self.shown.active:
            return None
        seat = self.shown.active[0]
        if seat == self.viewer and seat in self.local_seats:
            ending = self._current
            if ending is not None and seat not in ending.active:
                return None  # this person's turn is ending on screen (a Ghost drawn): no "your turn" over it
            text, colour = ("Your turn" if len(self.local_seats) == 1 else f"{self.name_of(seat)}, your turn"), P.BRASS_LIGHT
            if self.pad_label(seat) and len(self.local_seats) > 1:
                text += f" · {self.pad_label(seat)}"
        else:
            text, colour = f"{self.name_of(seat)} is playing…", P.IVORY
        image = text_surface(text, "ui-bold", 30, colour)
        box = pygame.Rect(0, 0, image.get_width() + 64, 60)
        box.midtop = (CANVAS_W // 2, 20)
        return image, box

    def turn_banner_rect(self) -> pygame.Rect | None:
        """Where the turn banner's plate sits (None: no banner drawn); the Hurry hint goes beside it.
        A table that draws its own banner says where (or None for none at the top centre)."""
        banner = self.turn_banner()
        return banner[1] if banner is not None else None

    def draw_turn_banner(self, surface: pygame.Surface) -> None:
        banner = self.turn_banner()
        if banner is None:
            return
        image, box = banner
        surface.blit(panel_surface(box.size, 30, P.INK_ALPHA), box.topleft)
        surface.blit(image, image.get_rect(center=box.center))

    def draw_curtain(self, surface: pygame.Surface) -> None:
        draw_background(surface, self.tone)
        name = self.name_of(self.curtain_seat)
        head = text_surface(f"Pass to {name}".upper(), "display", 150, P.IVORY)
        rect = head.get_rect(center=(CANVAS_W // 2, CANVAS_H // 2 + 40))
        back = self.app.assets.image_scaled(f"backs/{self.game_id}", (180, 252)) if self.app is not None else None
        if back is not None:  # the game's card back: the hand stays face down until its owner looks
            surface.blit(back, back.get_rect(midbottom=(CANVAS_W // 2, rect.top - 10)))
        surface.blit(text_surface(f"Pass to {name}".upper(), "display", 150, (0, 0, 0)), rect.move(6, 8))
        surface.blit(head, rect)
        line = text_surface(f"{name}, {self.curtain_how()} when nobody else is looking.", "ui", 34, P.IVORY_DIM)
        surface.blit(line, line.get_rect(center=(CANVAS_W // 2, rect.bottom + 50)))

    def curtain_how(self) -> str:
        """How the person behind the curtain lifts it: "press A on Pad 2" when a pad plays their seat
        (only it, or the shared devices, lift it), else in the words of the last device used."""
        label = self.pad_label(self.curtain_seat)
        pad_confirm = hint_glyphs("gamepad")["confirm"]  # the player's own binding ("A" by default)
        if label:
            return f"press {pad_confirm} on {label}"
        device = self.app.input.last_device if self.app is not None else "keyboard"
        return {"gamepad": f"press {pad_confirm}", "touch": "tap the screen", "mouse": "click"}.get(
            device, f"press {hint_glyphs('keyboard')['confirm']}")


class LiftedCardTable(TableSceneBase):
    """A table where the person lifts one card from their hand (Enter, a tap or a drag) and lays it
    on a lit target: Lost Cities and Lost in Time. The subclass keeps `selected` (the lifted card's
    key), `drag` (an object with the card's `key` and `grab`, the pointer's offset from the card
    centre), `focus` (("hand", key) or its own target kinds) and `sprites`, and sends every sprite to
    its place in `relayout(seconds=...)`."""

    selected: str | None
    drag: Any
    focus: Any
    sprites: dict[str, CardSprite]

    def relayout(self, seconds: float) -> None:
        """Send every sprite to its place in `seconds` (each table lays out its own cards)."""
        raise NotImplementedError

    def put_back_card(self) -> None:
        """The lifted card goes back into the hand."""
        if self.selected is not None:
            key = self.selected
            self.selected = None
            self.focus = ("hand", key)
            self.play("click", 0.5)

    def follow_drag(self, pos: tuple[float, float]) -> None:
        """The dragged card stays under the pointer, held where it was grabbed."""
        sprite = self.sprites.get(self.drag.key)
        if sprite is not None:
            sprite.pos.set((pos[0] - self.drag.grab[0], pos[1] - self.drag.grab[1]))

    def on_error(self, update: Update) -> None:
        """A refused move: the card snaps back into the hand (the base toasted the reason)."""
        if self.selected is not None:
            self.focus = ("hand", self.selected)
        self.selected = None
        self.drag = None
        self.relayout(seconds=0.2)
