"""LAN play after the lobby: the waiting room (who sits where, the host starts) and the table itself
wrapped with its connection status.

A table scene only knows its Session, and only the top scene of the stack is updated, so the
connection status cannot be a separate overlay pushed over the table (the table would stop polling
its session). `LanTableScene` therefore wraps the game's own table scene: it forwards every hook to
it, then draws a small per-seat connection strip on top, a "reconnecting…" veil while the link is
down, and a clear "the host is gone" card with a way back to the title when the table is lost.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core.registry import UnknownGame, find_game, game_info
from game.core.types import GameConfig
from game.ui.chrome import CANVAS_H, CANVAS_W, MARGIN, MenuScene, back_button, dim_screen, draw_background, draw_heading, draw_hints
from game.ui.input import Intent
from game.ui.look import palette as P
from game.ui.look.fonts import legible_px, text_surface, wrap, wrapped
from game.ui.scene import Scene
from game.ui.toast import RisingToasts, footer_area
from game.ui.widgets import Button, FocusGroup, blit_text, fit_px, panel_surface
from net.client import (STATUS_CONNECTING, STATUS_HOST_CLOSED, STATUS_HOST_GONE, STATUS_HOST_RESTARTING,
                        STATUS_RECONNECTING, RemoteSession)
from net.protocol import ERROR_CODES, SeatInfo, TableStatus
from net.seat_tokens import SeatTokens, StoredSeats

if TYPE_CHECKING:
    from game.ui.lobby_host import HostedTable

log = logging.getLogger(__name__)

RECONNECT_VEIL_AFTER = 0.35  # s of a lost link before the veil shows (a blip should not flash)
GUEST_RESULTS_NOTE = "The host can deal another game: stay at this table for it."
HOST_RESULTS_NOTE = "Play again deals everyone a new game. Back to title closes the table for everyone."
LEAVE_ARMS_AFTER = 1.0
"""s the reconnecting card's 'Leave the table' (focused) ignores Confirm: a player pressing Enter or A
to play a card as the link dropped left the table by that very press."""
STRIP_PX = 22
BOT_STUCK_AFTER = 60.0
"""s the table may wait on the host's own bots without a move before the strip says the host may be
stuck (a bot moves within seconds; a host that stops sending left the table waiting without a word)."""

# Where the connection strip sits on each game's table, clear of that table's own panels.
STRIP_ANCHOR: dict[str, str] = {"lost-cities": "bottomleft", "time-after-time": "topright", "labyrinth": "map"}
DEFAULT_STRIP_ANCHOR = "topright"
MAP_CORNER = (1222, 698)  # the Labyrinth's top bar holds its score and favours: the strip sits in the
# bottom-right corner of its map panel instead
STRIP_MAX_W = 1180


def game_title(game_id: str | None) -> str:
    if not game_id:
        return "a table"
    try:
        return game_info(game_id).title
    except UnknownGame:
        return game_id.replace("-", " ").title()


UNFIT_HEADLINE = "Table cannot be shown"
HOST_DATA_CODES = frozenset({"protocol/bad_frame", "protocol/bad_message", "protocol/unknown_type",
                             "protocol/too_big"})
"""A session that ended on one of these ended on what the host sent (the same host would send it again)."""


def refuse_broken_table(session: RemoteSession, failure: Exception, what: str) -> None:
    """A guest's table failed on what the host sent (called from an `except`, so the log keeps the
    trace): leave the table, saying which failure it was."""
    log.exception(what)
    session.refuse_table(f"what it sent broke this screen's table ({type(failure).__name__})")


def seat_state(info: SeatInfo) -> tuple[str, str]:
    """(short state word, look) of a seat: look is "here" (connected), "away", "open" or "bot"."""
    if info.kind == "bot":
        return (f"Bot · {info.level.title()}" if info.level else "Bot"), "bot"
    if info.level == "stand-in":
        return "Away · a bot plays for now", "away"
    if not info.taken:
        return "Open · waiting for a player", "open"
    if not info.connected:
        return "Away · seat held", "away"
    return ("At the host's screen" if info.kind == "local" else "Connected"), "here"


def draw_status_mark(surface: pygame.Surface, centre: tuple[int, int], look: str, radius: int = 9) -> None:
    """The seat's state by shape as well as colour: a filled dot (here), a ring (open), a ring with
    a gap (away), a small square (bot)."""
    x, y = centre
    if look == "here":
        pygame.draw.circle(surface, P.GOOD, centre, radius)
    elif look == "open":
        pygame.draw.circle(surface, P.IVORY_DIM, centre, radius, 2)
    elif look == "away":
        pygame.draw.circle(surface, P.WARNING, centre, radius, 3)
        pygame.draw.line(surface, P.WARNING, (x - radius, y + radius), (x + radius, y - radius), 3)
    else:
        pygame.draw.rect(surface, P.BRASS, (x - radius + 1, y - radius + 1, 2 * radius - 2, 2 * radius - 2),
                         border_radius=3)


def failure_text(session: RemoteSession) -> tuple[str, str]:
    """(headline, explanation) for a session that ended for good."""
    code = session.failure
    unfit = getattr(session, "unfit", None)
    if unfit or code in HOST_DATA_CODES:
        why = f" What was wrong: {unfit}." if unfit else ""
        return (UNFIT_HEADLINE, "The host sent a table this version of Tabletime cannot show, so this screen "
                f"left it: join another table, or ask the host to update Tabletime.{why}")
    if code == "seat/taken":
        return ("Seat taken", "Someone else took that seat first, or this seat was joined again from "
                "another screen.")
    if code == "seat/none_free":
        return ("Table full", "Every open seat is taken. You can still watch the game.")
    if code == "protocol/version":
        return ("Different version", "That table runs another version of Tabletime; update both to play.")
    if code == "auth/bad_token":
        return ("Seat no longer yours", "The host does not know this seat any more (it was restarted "
                "without its save).")
    if code == "host/closing":
        kept = ("" if session.spectator or not session.local_seats() else
                " If they host it again, join it from the lobby: your seat is kept.")
        return (STATUS_HOST_CLOSED, "The host ended this table on purpose, so there is nothing to wait for."
                + kept)
    if code == "host/full":
        return ("Table busy", "The host has too many connections right now. Try again in a moment.")
    if code:
        return ("Connection closed", ERROR_CODES.get(code, "The host closed the connection.").capitalize() + ".")
    if session.ready:
        again = ("If the host starts this table again, join it from LAN play to watch on."
                 if session.spectator or not session.local_seats() else
                 "If the host starts this table again, open it from LAN play: it offers your seat back.")
        return ("The host is gone", "The table was closed, or the host's machine left the network, so the "
                f"game cannot go on for now. {again}")
    return ("No table there", f"Nothing answered at {session.address}:{session.port}. Check the address "
            "and that the host is on the same network.")


def seat_changes(before: TableStatus | None, after: TableStatus | None, mine: set[int]) -> list[tuple[str, str]]:
    """(sentence, toast kind) for each other player who sat down, left, dropped, came back or got
    a stand-in bot between two `table` messages, so a change never goes by unsaid."""
    if before is None or after is None or len(before.seats) != len(after.seats):
        return []
    said: list[tuple[str, str]] = []
    for index, (old, new) in enumerate(zip(before.seats, after.seats)):
        if index in mine or new.kind == "bot":
            continue
        name = new.name if new.taken else old.name
        if not old.taken and new.taken:
            said.append((f"{name} took seat {index + 1}.", "info"))
        elif old.taken and not new.taken:
            said.append((f"{name} left seat {index + 1}: it is open again.", "warning"))
        elif new.level == "stand-in" and old.level != "stand-in":
            said.append((f"A bot plays for {name} until they come back.", "warning"))
        elif old.connected and not new.connected:
            said.append((f"{name} lost the connection. Their seat is held for them.", "warning"))
        elif new.connected and not old.connected:
            said.append((f"{name} is back.", "info"))
    return said


def say_seat_changes(app: Any, before: TableStatus | None, after: TableStatus | None, mine: set[int]) -> list[Any]:
    """Toast `seat_changes` (with a soft sound for arrivals, the warning one for departures); the
    toasts shown (the waiting room retires them when the game opens)."""
    if app is None:
        return []
    shown = []
    for sentence, kind in seat_changes(before, after, mine):
        app.assets.play("chime" if kind == "info" else "leave", 0.6)
        shown.append(app.toast(sentence, kind))
    return shown


def renamed_seats(session: RemoteSession, status: TableStatus) -> list[str]:
    """A sentence for each of this screen's seats the host seated under another name than asked
    (another player had it: 'Gus' sits as 'Gus 2'), so the player knows which name is theirs in
    the log and on the other screens."""
    said = []
    mine = session.local_seats()
    for seat in mine:
        asked = session.seat_names.get(seat, session.name)
        got = status.seats[seat].name if 0 <= seat < len(status.seats) else asked
        if got.casefold() != asked.casefold():
            who = "you" if len(mine) == 1 else asked
            said.append(f"Another player here is called {asked}: this table calls {who} {got}.")
    return said


def session_lost(session: RemoteSession) -> bool:
    return session.failure is not None or session.status_text == STATUS_HOST_GONE


def remember_seats(session: RemoteSession, tokens: SeatTokens | None = None) -> None:
    """Keep a welcomed player's token in the data dir, so this program can rejoin its seats after a
    restart (a dropped connection alone is handled by the session itself)."""
    if not session.ready or session.token is None or not session.local_seats():
        return
    seats = session.local_seats()
    (tokens or SeatTokens()).remember(StoredSeats(
        session.address, session.port, session.token, session.table_name, session.game_id or "", seats,
        [session.seat_names.get(seat, session.name) for seat in seats]))


def back_to_lan_lobby(app: Any, lobby: Any) -> None:
    """A guest done with this table goes straight to the LAN lobby (to find another table), over the
    title as if they had chosen LAN play there, with the lobby's own options (its interfaces, its
    discovery)."""
    from game.ui.lobby import LobbyScene
    from game.ui.title import TitleScene

    app.clear_to(TitleScene(app))
    if lobby is not None:
        app.push(LobbyScene(app, lobby.lan, lobby.browser_factory))
    else:
        app.push(LobbyScene(app))


def open_lan_table(app: Any, session: RemoteSession, hosted: "HostedTable | None" = None) -> "LanTableScene | None":
    """The game's table scene for a started LAN session, wrapped with its connection status; None
    (and a toast) when this program has no table for that game."""
    from game.ui.tables import table_scene_for

    factory = table_scene_for(session.game_id or "")
    if factory is None:
        app.assets.play("invalid", 0.6)
        app.toast(f"This program cannot show {game_title(session.game_id)} tables yet.", "warning")
        return None
    try:
        table = factory(app, session)
    except Exception as exc:  # noqa: BLE001 - what a lying host sent must not take the program down
        if hosted is not None:
            raise  # our own host's table failing is a bug of ours, not the network's
        refuse_broken_table(session, exc, "the host's first views could not be shown")
        return None
    if hosted is None:  # a guest's or a spectator's results say where the next game comes from
        table.results_note = GUEST_RESULTS_NOTE
        from game.ui.lobby import LobbyScene

        lobby = app.scenes.find(LobbyScene)  # the lobby this guest came through, if still below
        table.results_more = (("LAN play", lambda: back_to_lan_lobby(app, lobby)),)
    else:  # the host's 'Back to title' ends the table for everyone: said before it is pressed
        table.results_note = HOST_RESULTS_NOTE
    return LanTableScene(app, session, table, hosted)


SIDE_X, SIDE_TOP, SIDE_W = 1300, 300, 500  # the waiting room's column beside the seats (its buttons below it)
SIDE_HIGH_TOP = 176  # where it may start when it needs the room: under the Back button


class SeatBoard:
    """The waiting room's list of seats, drawn from the host's last `table` message."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect

    @staticmethod
    def row_height(rect: pygame.Rect, count: int, row_h: int = 84) -> int:
        return min(row_h, max(64, (rect.height - 8 * count) // max(1, count)))

    def bottom(self, status: TableStatus | None) -> int:
        """Where the drawn seats end (the game's options are written under them)."""
        if status is None:
            return self.rect.y + 40
        return self.rect.y + len(status.seats) * (self.row_height(self.rect, len(status.seats)) + 10)

    def draw(self, surface: pygame.Surface, status: TableStatus | None, mine: set[int], row_h: int = 84) -> None:
        if status is None:
            blit_text(surface, "Waiting for the host…", "ui", 30, P.IVORY_DIM, "topleft", self.rect.topleft)
            return
        rows = status.seats
        row_h = self.row_height(self.rect, len(rows), row_h)
        for i, info in enumerate(rows):
            row = pygame.Rect(self.rect.x, self.rect.y + i * (row_h + 10), self.rect.width, row_h)
            yours = i in mine
            fill = (52, 48, 40, 235) if yours else P.INK_ALPHA
            surface.blit(panel_surface(row.size, 14, fill), row.topleft)
            if yours:
                pygame.draw.rect(surface, P.BRASS, (row.x + 8, row.y + 12, 6, row.height - 24), border_radius=3)
            badge = text_surface(str(i + 1), "display", 44, P.BRASS_LIGHT)
            surface.blit(badge, badge.get_rect(center=(row.x + 52, row.centery + 2)))
            word, look = seat_state(info)
            name = info.name if (info.taken or info.kind != "open") else "Empty seat"
            if yours:
                name += "  (you)"
            px = fit_px(name, "ui-bold", 32, row.width - 560)
            colour = P.IVORY if look in ("here", "bot") else P.IVORY_DIM
            blit_text(surface, name, "ui-bold", px, colour, "midleft", (row.x + 96, row.centery))
            draw_status_mark(surface, (row.right - 440, row.centery), look, 11)
            blit_text(surface, word, "ui", 26, P.WARNING if look == "away" else P.IVORY_DIM, "midleft",
                      (row.right - 416, row.centery))


def options_line(config: GameConfig | None) -> str:
    """The game's options as the host set them, in the setup's words ("Scenario: The Tower of Stopped
    Hours · Play mode: In turns"); "" before the host's welcome or for a game without options."""
    if config is None:
        return ""
    try:
        engine = find_game(config.game)
    except UnknownGame:
        return ""
    words = []
    for option in engine.options:
        label = option.label_for(config.option(option.name, option.default))
        if label is not None:
            words.append(f"{option.label}: {label}")
    return " · ".join(words)


class WaitingRoomScene(RisingToasts, MenuScene):
    """Who is connected to each seat until the game starts. The host has "Start the game"; a guest
    waits for it. Then the game's table replaces this screen."""

    name = "lan-waiting"

    def toast_area(self) -> pygame.Rect:
        """Toasts rise from the footer under the seats, left of the buttons: at the top centre they
        covered the table's name, across the whole footer the foot of "Leave the table"."""
        return footer_area(right=self.board.rect.right)

    def __init__(self, app: Any, session: RemoteSession, hosted: "HostedTable | None" = None) -> None:
        super().__init__(app)
        self.session = session
        self.hosted = hosted
        self.leaving = False
        self.board = SeatBoard(pygame.Rect(MARGIN, 300, 1100, 640))
        self.start_button: Button | None = None
        self._lost_built = False
        self._handed_over = False  # the table scene owns the session now
        self._remembered = False
        self._last_status: TableStatus | None = None
        self._bots_offered = False  # the host's 'Start with a bot' button is up (seats are empty)
        self._names_said = False  # a name the host numbered ('Gus 2') was said once
        self._seat_toasts: list[Any] = []  # 'Ann took seat 2.'-like toasts, retired when the game opens

    @property
    def hints(self):  # type: ignore[override]
        if self.hosted is not None:
            return (("move", "Move"), ("confirm", "Select"), ("back", "Close the table"))
        return (("move", "Move"), ("confirm", "Select"), ("back", "Leave"))

    def build(self) -> None:
        x = SIDE_X
        widgets: list[Any] = []
        if session_lost(self.session):
            self._lost_built = True
            widgets.append(Button((x, 820, 500, 96), "Back to the lobby", self.leave, primary=True, px=36))
        elif self.hosted is not None:
            self.start_button = Button((x, 820, 500, 96), "Start the game", self.start_game, primary=True, px=40)
            widgets.append(self.start_button)
            widgets.append(Button((x, 700, 500, 84), "Close the table", self.close_table))
            missing = self.missing_players()
            self._bots_offered = missing > 0
            if missing > 0:
                widgets.append(Button((x, 580, 500, 84), self._bots_label(missing), self.start_with_bots,
                                      "An Expert bot in each empty seat" if missing > 1 else
                                      "An Expert bot in the empty seat", px=32))
        else:
            # focused first: a guest waiting can read the rules, and a stray A press no longer leaves
            widgets.append(Button((x, 700, 500, 84), "How to play", self.how_to_play))
            widgets.append(Button((x, 820, 500, 96), "Leave the table", self.leave))
        widgets.append(back_button(self.on_back))
        self.group.widgets = widgets
        self.group.focus = 0

    # --- actions ---------------------------------------------------------------------------------
    def how_to_play(self) -> None:
        """The table's game's rules, while the guest waits (the game opens over them when it starts)."""
        from game.ui.rules import RulesScene

        if self.app is not None:
            self.app.push(RulesScene(self.app, self.session.game_id or None))

    def tick_background(self, dt: float) -> None:
        """Under the rules: the host may start the game meanwhile; its table must not wait for the
        guest to close the rules (their turn would hold everyone up), so the rules give way."""
        assert self.app is not None
        self.session.poll()  # the link's news (the start, the first views) comes in through poll
        if session_lost(self.session) or (self.session.ready and self.session.started and self._first_views_in()):
            self.app.pop_to(self)
            self.update(dt)

    def missing_players(self) -> int:
        status = self.session.table
        if status is None:
            return -1
        return sum(1 for seat in status.seats if not seat.taken)

    def start_game(self) -> None:
        assert self.app is not None
        if self.hosted is None:
            return
        missing = self.missing_players()
        if missing != 0:
            self.app.assets.play("invalid", 0.6)
            waiting = "the host" if missing < 0 else f"{missing} more player{'s' if missing != 1 else ''}"
            also = "" if missing < 0 else f" Or seat {'a bot' if missing == 1 else 'bots'}: {self._bots_label(missing)}."
            self.app.toast(f"Waiting for {waiting} before the game can start.{also}", "info")
            return
        self.app.assets.play("shuffle")
        self.hosted.start_game()

    @staticmethod
    def _bots_label(missing: int) -> str:
        return "Start with a bot" if missing == 1 else "Start with bots"

    def start_with_bots(self) -> None:
        """Seats still empty: start now with an Expert bot in each. Before, a host whose friend did
        not come could only close the table and host it again, everyone joining anew."""
        assert self.app is not None
        if self.hosted is None:
            return
        why_not = self.hosted.bots_for_empty_seats("expert")
        if why_not:
            self.app.assets.play("invalid", 0.6)
            self.app.toast(f"Cannot seat a bot: {why_not}", "warning")
            return
        self.app.assets.play("shuffle")
        self.hosted.start_game()

    def leave(self) -> None:
        assert self.app is not None
        self.leaving = True
        if self.hosted is None and not self.session.started:
            # a guest leaving before the start gives the seat up: the host frees it at once
            if self.session.token is not None:
                SeatTokens().forget(self.session.token)
            self.session.leave()
        else:
            self.session.close()
        if self.hosted is not None:
            self.hosted.stop()
        self.app.pop()

    def guests(self) -> list[str]:
        """The names of the players on other screens who sit at this table now."""
        status = self.session.table
        if status is None:
            return []
        return [seat.name for seat in status.seats if seat.kind == "open" and seat.taken and seat.connected]

    def close_table(self) -> None:
        """The host leaves: with players from other screens seated, a question first (B or Esc by
        habit would send them all back to their lobby); an empty table closes at once."""
        from game.ui.confirm import ConfirmOverlay

        assert self.app is not None
        guests = self.guests()
        if self.hosted is None or not guests or session_lost(self.session):
            self.leave()
            return
        who = guests[0] if len(guests) == 1 else f"{', '.join(guests[:-1])} and {guests[-1]}"
        self.app.push(ConfirmOverlay(self.app, "Close the table?",
                                     f"{who} {'is' if len(guests) == 1 else 'are'} seated and waiting. "
                                     f"Closing the table sends them back to the lobby.",
                                     "Close the table", self.leave, no_label="Keep it open"))

    def on_back(self) -> None:
        if self.app is not None:
            self.app.assets.play("click", 0.6)
        self.close_table()

    def exit(self) -> None:
        if not self.leaving and not self._handed_over:
            self.session.close()
            if self.hosted is not None:
                self.hosted.stop()

    # --- loop ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        assert self.app is not None
        self.session.poll()
        if session_lost(self.session):
            if not self._lost_built:
                self.app.assets.play("invalid", 0.6)
                if self.session.failure == "auth/bad_token" and self.session.token is not None:
                    SeatTokens().forget(self.session.token)  # that table no longer knows it
                self.build()
            return
        status = self.session.table
        if status is not self._last_status:
            self._seat_toasts += say_seat_changes(self.app, self._last_status, status, set(self.session.local_seats()))
            self._last_status = status
        if self.session.ready and not self._remembered:
            self._remembered = True
            if self.hosted is None:  # the host's own seats come back with the host, not a token
                remember_seats(self.session)
        if self.session.ready and status is not None and not self._names_said:
            self._names_said = True
            for sentence in renamed_seats(self.session, status):
                self.app.toast(sentence, "info")
        if self.start_button is not None:
            self.start_button.sub = self._start_hint()
            missing = self.missing_players()
            if (missing > 0) != self._bots_offered or (missing > 0 and self._bots_label(missing) not in
                                                        [w.label for w in self.group.widgets]):
                focused = getattr(self.group.focused, "label", None)
                self.build()  # the 'Start with a bot' button comes and goes with the empty seats
                labels = [w.label for w in self.group.widgets]
                if focused in labels:
                    self.group.focus = labels.index(focused)
        if self.session.ready and self.session.started and self._first_views_in():
            table = open_lan_table(self.app, self.session, self.hosted)
            if table is None:
                if not session_lost(self.session):  # (a table that could not be shown says so here)
                    self.leave()
                return
            self._handed_over = True
            self._retire_seat_toasts()
            self.app.replace(table)

    def _retire_seat_toasts(self) -> None:
        """Who sat down or left is old news once the game opens (the table's strip shows who is
        there): up to three such toasts stayed over the top of the new table for seconds, over the
        opponents' names and the turn banner."""
        toasts = getattr(self.app, "toasts", None)
        for toast in self._seat_toasts:
            if toast is not None and toasts is not None:
                toasts.retire(toast)
        self._seat_toasts = []

    def _first_views_in(self) -> bool:
        """The host sends `start` and then a full update per seat; the table opens once those are
        here too, so it starts from a real position (and a shared screen starts behind its curtain)."""
        return all(self.session.latest(seat) is not None for seat in (self.session.local_seats() or [None]))

    def _start_hint(self) -> str:
        missing = self.missing_players()
        if missing == 0:
            return "Everyone is seated"
        if missing < 0:
            return ""
        return f"Waiting for {missing} more player{'s' if missing != 1 else ''}"

    def status_line(self) -> str:
        """The heading's second line: the game, the seats and what this screen waits for."""
        session = self.session
        if not session.ready:
            return session.status_text.capitalize() or "Connecting…"
        count = len(session.config.seats) if session.config is not None else 0
        line = f"{game_title(session.game_id)} · {count} seats · "
        missing = self.missing_players()
        if self.hosted is not None:
            return line + "you are hosting"
        if session.started:  # a host that started but sends no table: not 'waiting for the host to start'
            return line + "the game has started: waiting for the host to send the table…"
        if session.spectator:
            return line + "you are watching"
        if missing > 0:
            return line + f"waiting for {missing} more player{'s' if missing != 1 else ''}"
        return line + "waiting for the host to start"

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        session = self.session
        draw_background(surface, P.GAME_TABLE_TONE.get(session.game_id or "", "green"))
        if session_lost(session):
            head, body = failure_text(session)
            draw_heading(surface, head, "")
            y = 300
            for line in wrap(body, "ui", 32, 1100):
                blit_text(surface, line, "ui", 32, P.IVORY, "topleft", (MARGIN, y))
                y += 46
            self.group.draw(surface)
            self.draw_hints(surface)
            return
        draw_heading(surface, session.table_name or "Joining the table…", self.status_line())
        head = text_surface("SEATS", "display", 40, P.BRASS_LIGHT)
        surface.blit(head, (MARGIN, 300 - head.get_height() - 6))
        self.board.draw(surface, session.table, set(session.local_seats()))
        chosen = options_line(session.config)
        if chosen:  # what the host chose, so a guest knows what they sat down to (which adventure)
            y = self.board.bottom(session.table) + 24
            head = text_surface("THE GAME", "display", 40, P.BRASS_LIGHT)
            surface.blit(head, (MARGIN, y))
            line = text_surface(chosen, "ui", fit_px(chosen, "ui", 28, self.board.rect.width), P.IVORY)
            surface.blit(line, (MARGIN, y + head.get_height() + 4))
        self._draw_side(surface)
        self.group.draw(surface)
        self.draw_hints(surface)

    def _draw_side(self, surface: pygame.Surface) -> None:
        y, rows = self.side_layout()
        for image, gap in rows:
            surface.blit(image, (SIDE_X, y))
            y += image.get_height() + gap

    def side_layout(self) -> tuple[int, list[tuple[pygame.Surface, int]]]:
        """The column beside the seats (how others join, for the host; what the table waits for):
        where it starts and its lines. It ends above the column's first button: several addresses
        and the note that the table is not announced ran into 'Start with a bot'. Its words are
        larger on a small window when they fit (`legible_px`); else as designed, then from higher up,
        last with fewer addresses."""
        tops = [w.rect.top for w in self.group.widgets if w.rect.left >= SIDE_X - 1 and w.rect.top > SIDE_TOP]
        bottom = min(tops, default=CANVAS_H - 120) - 16
        addresses = self.hosted.join_addresses()[:3] if self.hosted is not None else []
        tries = [(True, len(addresses), SIDE_TOP), (False, len(addresses), SIDE_TOP),
                 (False, len(addresses), SIDE_HIGH_TOP)] + [(False, n, SIDE_HIGH_TOP) for n in range(len(addresses) - 1, 0, -1)]
        rows: list[tuple[pygame.Surface, int]] = []
        top = SIDE_TOP
        for grow, shown, top in tries:
            rows = self.side_rows(grow, addresses[:shown])
            if top + sum(image.get_height() + gap for image, gap in rows) <= bottom:
                break
        return top, rows

    def side_rows(self, grow: bool, addresses: list[str]) -> list[tuple[pygame.Surface, int]]:
        """The column's lines, each with the space under it (a block ends 10 px further); its words
        in `legible_px` sizes when `grow`."""
        status = self.session.table
        blocks: list[tuple[str, str, int, tuple[int, ...]]] = []
        if self.hosted is not None:
            blocks.append(("JOIN FROM ANOTHER SCREEN", "display", 36, P.BRASS_LIGHT))
            blocks.append(("Players on this network see the table under LAN play → Join. Or they type:", "ui", 24,
                           P.IVORY_DIM))
            for address in addresses:
                blocks.append((address, "ui-bold", 34, P.IVORY))
            if not self.hosted.advertised:
                blocks.append((self.hosted.advertise_note, "ui", 22, P.WARNING))
        elif self.missing_players() > 0:
            missing = self.missing_players()
            blocks.append(("WAITING FOR PLAYERS", "display", 36, P.BRASS_LIGHT))
            blocks.append((f"{missing} open seat{'s are' if missing != 1 else ' is'} still free. The game begins "
                           "once every seat is taken and the host starts it. Stay on this screen.", "ui", 24,
                           P.IVORY_DIM))
        else:
            blocks.append(("THE HOST STARTS", "display", 36, P.BRASS_LIGHT))
            blocks.append(("Everyone is seated. The game begins when the host is ready. Stay on this screen.",
                           "ui", 24, P.IVORY_DIM))
        if status is not None and status.spectators:
            many = status.spectators != 1
            blocks.append((f"{status.spectators} watching", "ui", 24, P.IVORY_DIM) if many else
                          ("1 watching", "ui", 24, P.IVORY_DIM))
        rows: list[tuple[pygame.Surface, int]] = []
        for text, role, px, colour in blocks:
            size = legible_px(px) if grow and role == "ui" else px
            lines = wrapped(text, role, size, SIDE_W) if role == "ui" else (text,)
            for index, line in enumerate(lines):
                image = text_surface(line, role, fit_px(line, role, size, SIDE_W), colour)
                rows.append((image, 6 + (10 if index == len(lines) - 1 else 0)))
        return rows


class LanTableScene(Scene):
    """The game's own table scene plus the LAN connection status on top (see the module doc)."""

    name = "lan-table"

    def __init__(self, app: Any, session: RemoteSession, table: Scene, hosted: "HostedTable | None" = None) -> None:
        super().__init__(app)
        self.session = session
        self.table = table
        self.hosted = hosted
        self.tone = getattr(table, "tone", "green")
        self.down_for = 0.0  # seconds the link has been down
        self.overlay_age = 0.0  # seconds the reconnecting / gone card has been up
        self.mode = "ok"  # ok | reconnecting | gone | ended (the link is gone after the game)
        self.group = FocusGroup()
        self.status: TableStatus | None = None
        self._strip_key: tuple | None = None
        self._strip: pygame.Surface | None = None
        self._wire_table(table)
        self.game_number = getattr(session, "game_number", 0)
        self.broken = False  # the table failed on what the host sent: it is no longer asked anything
        self.quiet_for = 0.0  # s since the newest position from the host last changed
        self._quiet_version: int | None = None

    def _guarded(self, step: Callable[[], Any]) -> Any:
        """Run one of the table's hooks. At a guest's table, a failure there can only come from what
        the host sent (a view that fits no table of its game): the table is left with a card that
        says so and offers the lobby, where the whole program used to fall back to the title, or
        end at a second failure. At the host's own screen a failure is a bug of ours and is raised."""
        if self.broken:
            return None
        try:
            return step()
        except Exception as exc:  # noqa: BLE001 - see above
            if self.hosted is not None:
                raise
            self.broken = True
            refuse_broken_table(self.session, exc, "the table could not show what the host sent")
            if self.app is not None:
                self.app.pop_to(self)  # a pause menu or the results over the broken table go too
            self.mode = ""
            self._follow_link(0.0)
            return None

    def _wire_table(self, table: Scene) -> None:
        """A LAN table's results: the host's "Play again" deals a new game for everyone at this
        table; a guest's offer only the title (their next game comes when the host deals it)."""
        if hasattr(table, "lan_hosting"):
            table.lan_hosting = self.hosted is not None  # type: ignore[attr-defined]
        if hasattr(table, "play_again"):
            again = self.play_again_for_everyone if self.hosted is not None else None
            table.play_again = again  # type: ignore[attr-defined]
            if hasattr(table, "on_again"):
                table.on_again = again  # type: ignore[attr-defined]

    def play_again_for_everyone(self) -> None:
        """The host's Play again: the same seats, names and options, a fresh deal; every screen at
        the table opens the new game (see `_open_new_game`)."""
        if self.hosted is None or self.app is None:
            return
        self.app.assets.play("click", 0.6)
        if not self.hosted.new_game():
            self.app.toast("The table could not deal a new game.", "error")

    def _open_new_game(self) -> None:
        """The host dealt again: whatever lies over this table (results, pause menu) goes, and a fresh
        table scene starts from the new game's first view."""
        from game.ui.tables import table_scene_for

        assert self.app is not None
        factory = table_scene_for(self.session.game_id or "")
        if factory is None:
            return
        self.app.pop_to(self)
        dealt = getattr(self.session, "new_game_dealt", None)
        if callable(dealt):
            dealt()  # the hosting screen's kept counts (a Labyrinth's hints) start again; its sides stay
        old = self.table
        table = self._guarded(lambda: factory(self.app, self.session))
        if table is None:
            return
        self.table = table
        self.table.seat_pads = dict(getattr(old, "seat_pads", {}))  # type: ignore[attr-defined]
        self.table.far_seats = set(getattr(old, "far_seats", set()))  # type: ignore[attr-defined]  # where they sat
        self._wire_table(self.table)
        self.table.app = self.app
        self._guarded(self.table.enter)
        if self.broken:
            return
        if self.hosted is None:
            host = next((seat.name for seat in (self.status.seats if self.status else ()) if seat.kind == "local"),
                        "The host")
            self.app.toast(f"{host} dealt a new game at this table.", "info")
        else:
            self.app.toast("A new game for everyone at the table.", "info")

    # --- forwarding ------------------------------------------------------------------------------
    def screen_side(self) -> str:
        """The side the picture faces (the App asks): the table's answer, as at a local table. Its
        far-side seats come from this screen's own session only (the host's: HostScreenSession),
        never over the network, so a guest's or a spectator's screen stays near whatever sides the
        host's people chose."""
        if self.broken:
            return "near"
        side = getattr(self.table, "screen_side", None)
        return str(self._guarded(side) or "near") if callable(side) else "near"

    def enter(self) -> None:
        self.table.app = self.app
        self._guarded(self.table.enter)

    def exit(self) -> None:
        try:
            try:
                self.table.exit()
            except Exception:  # noqa: BLE001 - a table that failed on the host's data may fail closing too
                if not self.broken:
                    raise
                log.exception("a table that failed on the host's data failed closing")
        finally:
            if self.hosted is None and self.game_over() and self.session.token is not None:
                # the game was played out: nothing to rejoin. Kept, the token offered 'Rejoin your
                # seats' (focused first) at the next table hosted on the same port, which fails.
                SeatTokens().forget(self.session.token)
            self.session.close()
            if self.hosted is not None:
                self.hosted.stop()

    def pause(self) -> None:
        self._guarded(self.table.pause)

    def toast_area(self) -> pygame.Rect | None:
        """The table's own place for toasts (over its log)."""
        where = getattr(self.table, "toast_area", None)
        return self._guarded(where) if callable(where) else None  # (None once the table broke)

    def resume(self) -> None:
        self._guarded(self.table.resume)

    def handle(self, intent: Intent) -> None:
        if self.mode in ("ok", "ended") and not self.broken:
            self._guarded(lambda: self.table.handle(intent))
            return
        if self.mode == "reconnecting" and intent.kind in ("menu", "back"):
            self._guarded(lambda: self.table.handle(intent))  # the pause menu stays reachable while we wait
            return
        if self.mode == "reconnecting" and intent.kind == "confirm" and self.overlay_age < LEAVE_ARMS_AFTER:
            return  # a press meant for the table, made as the card came up
        if self.group.handle(intent):
            return
        if intent.kind == "back" and self.mode == "gone":
            self.leave_lost_table()

    def update(self, dt: float) -> None:
        if self.broken:
            self._follow_link(dt)
            return
        self.table.clock = self.clock
        self._guarded(lambda: self.table.update(dt))
        if self.broken:
            return
        self._follow_new_game()
        mine = self.session.local_seats()
        latest = self.session.latest(mine[0] if mine else None)
        version = latest.version if latest is not None else None
        self.quiet_for = self.quiet_for + dt if version == self._quiet_version and self.mode == "ok" else 0.0
        self._quiet_version = version
        status = self.session.table
        if status is not self.status and self.mode == "ok":
            say_seat_changes(self.app, self.status, status, set(self.session.local_seats()))
        self.status = status
        self._follow_link(dt)

    def tick_background(self, dt: float) -> None:
        """Under the pause menu or the rules the link is still followed: a vanished host shows its
        card at once (the overlay is see-through), not when the menu closes. Under the results
        the link's news is read too: a new game the host deals opens over them."""
        if self.broken:
            return
        if self.game_over() and not session_lost(self.session):
            self.session.poll()  # (only after the last move: nothing is left to animate)
            if self._follow_new_game():
                return
        self._follow_link(dt)

    def still_key(self) -> tuple | None:
        """What this screen's picture depends on while an overlay covers it (the overlay's
        KeptBackdrop, game/ui/chrome.py, keeps it as one image until this changes): the link's state and the seats (the strip and a
        table's name plates read them); None while the link is down (its card animates)."""
        if self.mode not in ("ok", "ended"):
            return None
        return (self.mode, self.status, getattr(self.session, "table", None), tuple(self.session.local_seats()),
                bool(getattr(self.session, "spectator", False)), self.game_number, self.waiting_on_away())

    def _follow_new_game(self) -> bool:
        """The host dealt again since this screen last looked (its session counts the games): open it."""
        if getattr(self.session, "game_number", 0) == self.game_number:
            return False
        self.game_number = self.session.game_number
        self._open_new_game()
        return True

    def game_over(self) -> bool:
        """This screen has the game's final position (its results are shown or due)."""
        mine = self.session.local_seats()
        latest = self.session.latest(mine[0] if mine else None)
        return latest is not None and latest.outcome is not None

    def _follow_link(self, dt: float) -> None:
        self.overlay_age += dt
        if getattr(self.session, "unfit", None) is not None:
            mode = "gone"  # what the host sent cannot be shown: even after a last move, say so
        elif self.game_over() and (session_lost(self.session) or self.mode == "ended"):
            # the game was played out: the host leaving its results screen (which closes the table)
            # or a link lost now takes nothing away, so no "host is gone" card covers the results
            mode = "ended"
        elif session_lost(self.session):
            mode = "gone"
        elif self.game_over():
            self.down_for = 0.0
            mode = "ok"  # a blip after the last move: the results stay, no reconnecting veil
        elif self.session.status_text in (STATUS_RECONNECTING, STATUS_CONNECTING, STATUS_HOST_RESTARTING):
            self.down_for += dt
            mode = "reconnecting" if self.down_for >= RECONNECT_VEIL_AFTER else "ok"
        else:
            self.down_for = 0.0
            mode = "ok"
        if mode != self.mode:
            self.mode = mode
            self._build_overlay()
            if mode == "gone" and self.app is not None:
                self.app.assets.play("invalid", 0.7)
            elif mode == "ended" and self.app is not None and self.hosted is None:
                closed = self.session.failure == "host/closing"
                self.app.toast(("The host closed the table" if closed else "The connection to the host ended")
                               + " after the game: the results stay on your screen.", "info")

    def _build_overlay(self) -> None:
        self.overlay_age = 0.0
        card = overlay_card()
        if self.mode == "gone" and self.unfit_table():
            self.group.widgets = [Button((card.centerx - 260, card.bottom - 130, 520, 92), "Back to the lobby",
                                         self.to_lobby, primary=True, px=38)]
        elif self.mode == "gone":
            self.group.widgets = [Button((card.centerx - 260, card.bottom - 130, 520, 92), "Back to title",
                                         self.to_title, primary=True, px=38)]
        elif self.mode == "reconnecting":
            self.group.widgets = [Button((card.centerx - 260, card.bottom - 130, 520, 92), "Leave the table",
                                         self.to_title, px=34)]
        else:
            self.group.widgets = []
        self.group.focus = 0

    def unfit_table(self) -> bool:
        """A guest's table ended on what the host sent (not on a lost link): the way on is another table."""
        return self.hosted is None and getattr(self.session, "unfit", None) is not None

    def leave_lost_table(self) -> None:
        """Back on the lost table's card: to the lobby after a table that could not be shown, else the title."""
        if self.unfit_table():
            self.to_lobby()
        else:
            self.to_title()

    def to_lobby(self) -> None:
        """A table that could not be shown: straight to the LAN lobby to find another one."""
        from game.ui.lobby import LobbyScene

        assert self.app is not None
        self.app.assets.play("click", 0.6)
        back_to_lan_lobby(self.app, self.app.scenes.find(LobbyScene))

    def to_title(self) -> None:
        from game.ui.title import TitleScene

        assert self.app is not None
        self.app.assets.play("click", 0.6)
        self.app.clear_to(TitleScene(self.app))

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.broken:
            draw_background(surface, self.tone)  # the table cannot draw what it was sent
        else:
            self._guarded(lambda: self.table.draw(surface, alpha))
        if self.broken:
            if self.mode == "gone":
                draw_background(surface, self.tone)
                self.draw_overlay(surface)
            return
        if getattr(self.table, "curtain_seat", None) is None and self.mode == "ok":
            self.draw_strip(surface)  # (not while the link is down: who is connected is not known then)
        if self.mode in ("reconnecting", "gone"):
            self.draw_overlay(surface)

    def draw_strip(self, surface: pygame.Surface) -> None:
        """One chip per seat: its state mark and the player's name (ruling: never colour alone)."""
        status = self.status
        if status is None:
            return
        mine = tuple(self.session.local_seats())
        key = (status, mine, self.session.spectator)
        if self._strip_key != key:
            self._strip_key, self._strip = key, self._render_strip(status, set(mine), self.session.spectator)
        strip = self._strip
        assert strip is not None
        anchor = STRIP_ANCHOR.get(self.session.game_id or "", DEFAULT_STRIP_ANCHOR)
        box = strip_box(self.session.game_id, strip.get_size())
        surface.blit(strip, box.topleft)
        waiting = self.waiting_on_away()
        if waiting:
            note = text_surface(waiting, "ui-bold", STRIP_PX, P.WARNING)
            plate = pygame.Rect(0, 0, note.get_width() + 40, 44)
            if anchor == "bottomleft":
                plate.bottomleft = (box.x, box.y - 8)
            elif anchor == "map":
                plate.bottomright = (box.right, box.y - 8)
            else:
                plate.topright = (box.right, box.bottom + 8)
            surface.blit(panel_surface(plate.size, 22, P.INK_ALPHA, P.WARNING, 2), plate.topleft)
            surface.blit(note, note.get_rect(center=plate.center))

    @staticmethod
    def _render_strip(status: TableStatus, mine: set[int], spectator: bool = False) -> pygame.Surface:
        """The strip as one surface (made again only when the seats change): a name is cut to 14
        characters, or to 8 if the strip would be wider than STRIP_MAX_W."""
        for cut in (14, 8):
            chips: list[pygame.Surface] = []
            for i, info in enumerate(status.seats):
                _, look = seat_state(info)
                name = info.name[:cut] + ("…" if len(info.name) > cut else "")
                if look == "away":
                    name += " · away"
                label = text_surface(name, "ui-bold" if i in mine else "ui", STRIP_PX,
                                     P.WARNING if look == "away" else P.IVORY)
                chip = pygame.Surface((label.get_width() + 40, 36), pygame.SRCALPHA)
                draw_status_mark(chip, (14, 18), look, 7)
                chip.blit(label, (30, 18 - label.get_height() // 2))
                chips.append(chip)
            lan = text_surface("LAN", "display", 28, P.BRASS_LIGHT)
            watch = text_surface("watching", "ui", STRIP_PX, P.IVORY_DIM) if spectator else None
            width = lan.get_width() + 24 + sum(c.get_width() + 6 for c in chips) + 8
            width += watch.get_width() + 16 if watch is not None else 0
            if width <= STRIP_MAX_W:
                break
        strip = pygame.Surface((width, 48), pygame.SRCALPHA)
        strip.blit(panel_surface(strip.get_size(), 24, P.INK_ALPHA), (0, 0))
        x = 16
        strip.blit(lan, lan.get_rect(midleft=(x, 25)))
        x += lan.get_width() + 10
        for chip in chips:
            strip.blit(chip, (x, 6))
            x += chip.get_width() + 6
        if watch is not None:
            strip.blit(watch, watch.get_rect(midleft=(x + 4, 24)))
        return strip

    def waiting_on_away(self) -> str:
        """'Waiting for Sam to reconnect…' while the game waits on a player whose link dropped (and
        no stand-in plays for them yet), or a word that the host's bot has not moved for a minute
        (a stuck or lying host), so a pause at the table is never unexplained."""
        status = self.status
        mine = self.session.local_seats()
        latest = self.session.latest(mine[0] if mine else None)
        if status is None or latest is None or latest.outcome is not None:
            return ""
        away = [status.seats[seat].name for seat in latest.active
                if 0 <= seat < len(status.seats) and seat not in mine and status.seats[seat].kind != "bot"
                and status.seats[seat].taken and not status.seats[seat].connected
                and status.seats[seat].level != "stand-in"]
        if away:
            return f"Waiting for {' and '.join(away)} to reconnect…"
        bots = [status.seats[seat].name for seat in latest.active if 0 <= seat < len(status.seats)
                and seat not in mine and (status.seats[seat].kind == "bot" or status.seats[seat].level == "stand-in")]
        if bots and len(bots) == len(latest.active) and self.quiet_for >= BOT_STUCK_AFTER:
            # short: on Lost Cities' table the note sits beside the hand (a stuck host is the news)
            return f"{' and '.join(bots)} {'has' if len(bots) == 1 else 'have'} not moved for a minute"
        return ""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        card = overlay_card()
        if self.mode == "gone":
            dim_screen(surface, 190)
            head, body = failure_text(self.session)
            colour: tuple[int, ...] = P.ERROR
        else:
            dim_screen(surface, 130)
            head = "Reconnecting…"
            body = self.reconnecting_text()
            colour = P.WARNING
        surface.blit(panel_surface(card.size, 26, (24, 23, 28, 245), colour, 3), card.topleft)
        shown = head.upper()
        image = text_surface(shown, "display", fit_px(shown, "display", 96, card.width - 80), P.IVORY)
        surface.blit(image, image.get_rect(midtop=(card.centerx, card.y + 40)))
        if self.mode == "reconnecting":
            dots = int(self.clock * 3) % 4
            for k in range(3):
                fill = P.BRASS_LIGHT if k < dots else (70, 70, 80)
                pygame.draw.circle(surface, fill, (card.centerx - 30 + k * 30, card.y + 168), 8)
        y = card.y + 200
        px, step = 30, 42
        lines = wrap(body, "ui", px, card.width - 120)
        if len(lines) > 4:  # (a table that cannot be shown says what was wrong too) clear of the button
            px, step = 25, 34
            lines = wrap(body, "ui", px, card.width - 100)[:5]
        for line in lines:
            blit_text(surface, line, "ui", px, P.IVORY_DIM, "midtop", (card.centerx, y))
            y += step
        self.group.draw(surface)
        device = self.app.input.last_device if self.app is not None else "keyboard"
        if self.mode == "gone":
            hints: tuple[tuple[str, str], ...] = (("confirm", "Back to the lobby" if self.unfit_table() else "Back to title"),)
        else:
            hints = (("confirm", "Leave"), ("menu", "Menu"))
        draw_hints(surface, device, hints, backed=True)  # the table's own hints do not show through

    def reconnecting_text(self) -> str:
        """What the reconnecting card says: a held seat for a player, just the wait for a spectator."""
        if self.hosted is not None:
            return "This screen lost its own table for a moment. Trying again…"
        player = bool(self.session.local_seats())
        if self.session.status_text == STATUS_HOST_RESTARTING:
            held = "Your seat is held; the game" if player else "The game"
            return f"The host is restarting. {held} goes on where it stopped as soon as the host is back."
        if player:
            return ("The connection to the host dropped. Your seat is held while we try again; "
                    "the game goes on where it stopped.")
        return "The connection to the host dropped. Trying again; the game goes on where it stopped."


def strip_box(game_id: str | None, size: tuple[int, int]) -> pygame.Rect:
    """Where the connection strip of `size` sits on this game's table (clear of its own panels)."""
    box = pygame.Rect((0, 0), size)
    anchor = STRIP_ANCHOR.get(game_id or "", DEFAULT_STRIP_ANCHOR)
    if anchor == "bottomleft":
        box.bottomleft = (40, CANVAS_H - 24)
    elif anchor == "map":
        box.bottomright = MAP_CORNER
    else:
        box.topright = (CANVAS_W - 24, 22)
    return box


def overlay_card() -> pygame.Rect:
    card = pygame.Rect(0, 0, 1000, 520)
    card.center = (CANVAS_W // 2, CANVAS_H // 2)
    return card

