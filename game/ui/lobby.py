"""The LAN lobby: host a table, or join one that zeroconf found on the network (or by address), or
watch one as a spectator.

    LobbyScene(app)                    the entry from the title menu ("LAN")
    LobbyScene(app, LanOptions(...))   tests: discovery off, port 0, a short reconnect window

Joining first connects as a spectator to read the table's seats ("peeking"), so the player can
choose which free seat(s) to take: one screen may take several (two people sharing it, with the
curtain between their turns), each under its own player's name. A table where this program held
seats before (its token is in the data dir, `net.seat_tokens`) offers "Rejoin your seats". Then
the waiting room, then the game's own table scene. The lobby also resumes the last table hosted
from it ("Resume the last hosted table").
"""

from __future__ import annotations

import logging
import threading
from typing import Any, Callable, Sequence

import pygame

from game.ui.chrome import (
    CANVAS_H, CANVAS_W, MARGIN, KeptBackdrop, MenuScene, back_button, draw_background, draw_heading,
)
from game.ui.input import Intent
from game.ui.lobby_host import (HostedTable, HostSetupScene, LanOptions, ResumableTable, enter_hosted_table,
                                resumable_hosted_table)
from game.ui.lobby_room import WaitingRoomScene, draw_status_mark, failure_text, game_title, seat_state, session_lost
from game.ui.look import palette as P
from game.ui.look.fonts import text_surface, wrap
from game.ui.osk import OnScreenKeyboard
from game.ui.toast import RisingToasts
from game.ui.widgets import Button, ListView, TextEntry, Widget, blit_text, draw_focus, fit_px, panel_surface
from net.client import RemoteSession
from net.discovery import DiscoveredTable, DiscoveryError, TableBrowser
from net.protocol import MAX_NAME, PROTOCOL_VERSION, SeatInfo
from net.seat_tokens import SeatTokens, StoredSeats
from net.serve import DEFAULT_PORT

__all__ = ["LanOptions", "LobbyScene", "SeatPickScene", "AddressScene", "parse_address"]

log = logging.getLogger(__name__)

LIST_RECT = pygame.Rect(760, 300, 1040, 520)
TABLE_ROW_H = 128
ADDRESS_CHARS = set("0123456789.:-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

BrowserFactory = Callable[[LanOptions], Any]
"""Makes the live table list (a TableBrowser; tests and screenshots pass a stand-in)."""


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """`"192.168.1.4:47474"` -> ("192.168.1.4", 47474); the port may be left out. ValueError if not."""
    text = text.strip()
    if not text:
        raise ValueError("type the address the host shows, like 192.168.1.4:47474")
    host, sep, port_text = text.rpartition(":")
    if not sep:
        host, port_text = text, str(default_port)
    if not host or any(ch not in ADDRESS_CHARS or ch == ":" for ch in host):
        raise ValueError(f"{text!r} is not an address like 192.168.1.4:47474")
    if len(host) > 253 or any(not 1 <= len(label) <= 63 for label in host.split(".")):
        raise ValueError(f"{host!r} is not a computer's name or address (a part between dots is empty or too long)")
    try:
        port = int(port_text)
    except ValueError:
        raise ValueError(f"the port must be a number, not {port_text!r}") from None
    if not 1 <= port <= 65535:
        raise ValueError(f"the port must be 1-65535, not {port}")
    return host, port


def same_player_name(seat_name: str, asked: str) -> bool:
    """The seat's name is the one a player asked for, as given or as the host numbered it when
    another seat had it already ('Gus' sits as 'Gus 2')."""
    seat_name, asked = seat_name.casefold(), asked.casefold()
    if seat_name == asked:
        return True
    stem, _, number = seat_name.rpartition(" ")
    return number.isdigit() and stem == asked


def default_browser(lan: LanOptions) -> TableBrowser:
    return TableBrowser(interfaces=lan.interfaces if lan.interfaces else "config")


class TableList(ListView):
    """The live list of tables found on the network; incompatible ones are marked, not hidden."""

    def __init__(self, rect: pygame.Rect, on_activate: Callable[[int], Any]) -> None:
        super().__init__(rect, [], 0, lambda index: None, TABLE_ROW_H, on_activate)
        self.tables: list[DiscoveredTable] = []
        self.held: set[str] = set()  # names of the tables where this program holds seats (a token kept)

    def set_tables(self, tables: Sequence[DiscoveredTable], tokens: SeatTokens | None = None) -> None:
        chosen = self.tables[self.index].name if 0 <= self.index < len(self.tables) else None
        self.tables = list(tables)
        tokens = tokens or SeatTokens()
        self.held = {t.name for t in self.tables if (entry := tokens.find(t.address, t.port, t.table, t.game))
                     is not None and (entry.table, entry.game) == (t.table, t.game)}
        self.items = [t.table for t in self.tables]
        names = [t.name for t in self.tables]
        self.index = names.index(chosen) if chosen in names else min(self.index, max(0, len(names) - 1))
        self.scroll = max(0, min(self.scroll, len(names) - self.visible_rows))
        self.enabled = bool(self.tables)

    @property
    def selected(self) -> DiscoveredTable | None:
        return self.tables[self.index] if 0 <= self.index < len(self.tables) else None

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        for slot in range(self.visible_rows):
            i = self.scroll + slot
            if i >= len(self.tables):
                break
            row = pygame.Rect(self.rect.x, self.rect.y + slot * self.row_height, self.rect.width, self.row_height - 12)
            self.draw_row(surface, row, self.tables[i], i == self.index, focused and i == self.index,
                          self.tables[i].name in self.held)
        if len(self.tables) > self.visible_rows:
            more = f"{self.scroll + 1}-{min(len(self.tables), self.scroll + self.visible_rows)} of {len(self.tables)}"
            blit_text(surface, more, "ui", 22, P.IVORY_DIM, "topright", (self.rect.right, self.rect.bottom + 2))

    @staticmethod
    def draw_row(surface: pygame.Surface, row: pygame.Rect, table: DiscoveredTable, chosen: bool, focused: bool,
                 held: bool = False) -> None:
        """`held`: this program holds seats there (it dropped, or was closed): the row says the seat
        waits, where 'FULL · you can watch' told a player who dropped that their seat was gone."""
        if focused:
            draw_focus(surface, row)
        fill = (52, 48, 40, 235) if chosen else P.INK_ALPHA
        surface.blit(panel_surface(row.size, 14, fill), row.topleft)
        if chosen:
            pygame.draw.rect(surface, P.BRASS, (row.x + 8, row.y + 14, 6, row.height - 28), border_radius=3)
        left = row.x + 32
        right_w = 300
        text_w = row.width - right_w - 60
        game = game_title(table.game).upper()
        blit_text(surface, game, "display", fit_px(game, "display", 32, text_w), P.BRASS_LIGHT, "topleft",
                  (left, row.y + 10))
        name_px = fit_px(table.table, "ui-bold", 32, text_w)
        blit_text(surface, table.table, "ui-bold", name_px, P.IVORY if table.compatible else P.IVORY_DIM,
                  "topleft", (left, row.y + 44))
        where = f"hosted by {table.host_name} · {table.address}:{table.port}" if table.host_name else \
            f"{table.address}:{table.port}"
        blit_text(surface, where, "ui", fit_px(where, "ui", 22, text_w), P.IVORY_DIM, "topleft", (left, row.y + 84))
        cx = row.right - right_w // 2 - 20
        if not table.compatible:
            badge_text = f"INCOMPATIBLE · v{table.protocol if table.protocol >= 0 else '?'}"
            word = text_surface(badge_text, "display", 30, P.INK)
            badge = pygame.Rect(0, 0, word.get_width() + 56, 46)
            badge.center = (cx, row.centery - 14)
            surface.blit(panel_surface(badge.size, 23, P.WARNING, P.INK, 2), badge.topleft)
            blit_text(surface, "!", "ui-bold", 26, P.INK, "center", (badge.x + 22, badge.centery))
            surface.blit(word, word.get_rect(midleft=(badge.x + 40, badge.centery + 1)))
            blit_text(surface, f"this program speaks v{PROTOCOL_VERSION}", "ui", 22, P.IVORY_DIM, "center",
                      (cx, row.centery + 30))
            return
        if held:
            blit_text(surface, "YOUR SEAT", "display", 44, P.BRASS_LIGHT, "center", (cx, row.centery - 14))
            blit_text(surface, "held for you · rejoin", "ui", 22, P.IVORY_DIM, "center", (cx, row.centery + 30))
        elif table.free_seats > 0:
            count = f"{table.free_seats} of {table.seats}" if table.seats > 0 else str(table.free_seats)
            blit_text(surface, count, "display", 52, P.IVORY, "center", (cx, row.centery - 14))
            blit_text(surface, "seats free" if table.free_seats != 1 else "seat free", "ui", 22, P.IVORY_DIM,
                      "center", (cx, row.centery + 30))
        else:
            blit_text(surface, "FULL", "display", 52, P.IVORY_DIM, "center", (cx, row.centery - 14))
            blit_text(surface, "you can watch", "ui", 22, P.IVORY_DIM, "center", (cx, row.centery + 30))


class LobbyScene(RisingToasts, MenuScene):
    """LAN play: Host a table, Join one from the live list (or by address), Watch one."""

    name = "lobby"
    hints = (("move", "Move"), ("confirm", "Select"), ("back", "Back"))

    def __init__(self, app: Any = None, lan: LanOptions | None = None,
                 browser_factory: BrowserFactory | None = None) -> None:
        super().__init__(app)
        self.lan = lan or LanOptions()
        if app is not None and not self.lan.interfaces and getattr(app, "lan_interfaces", None):
            self.lan.interfaces = list(app.lan_interfaces)
        self.browser_factory = browser_factory or default_browser
        self.browser: Any = None
        self.discovery_note = ""
        self._seen_changes = -1
        self.last_address = ""
        self.table_list = TableList(LIST_RECT, self.join_index)
        self.join_button: Button | None = None
        self.watch_button: Button | None = None
        self.resumable: ResumableTable | None = None
        self._name_at_entry = ""

    # --- lifecycle -------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.app is not None:
            self._name_at_entry = self.app.settings.player_name
        self.start_discovery()
        self.build()

    def exit(self) -> None:
        browser, self.browser = self.browser, None
        if browser is not None:
            closer = threading.Thread(target=browser.close, name="lan-browse-close", daemon=True)
            closer.start()
            closer.join(2)
        if self.app is not None and self.app.settings.player_name != self._name_at_entry:
            self.app.save_settings()

    def start_discovery(self) -> None:
        if not self.lan.discovery:
            self.discovery_note = "Looking for tables is off. Join by address instead."
            return
        try:
            self.browser = self.browser_factory(self.lan)
            self.discovery_note = ""
        except (DiscoveryError, OSError, ValueError, ImportError) as exc:
            log.warning("table discovery unavailable: %s", exc)
            self.browser = None
            self.discovery_note = f"Cannot look for tables on this network ({exc}). Join by address instead."

    # --- widgets ---------------------------------------------------------------------------------
    def build(self) -> None:
        keep = self.group.focus if self.group.widgets else 0
        assert self.app is not None
        name = TextEntry((MARGIN, 300, 560, 76), "Your name", self.app.settings.player_name, self.set_name,
                         max_len=20, open_keyboard=self.open_keyboard, start_text=self.app.input.start_text,
                         stop_text=self.app.input.stop_text, select_on_edit=True)
        host = Button((MARGIN, 420, 560, 120), "Host a table", self.host, "Seats for players on this network",
                      primary=True, px=42)
        address = Button((MARGIN, 560, 560, 110), "Join by address", self.ask_address, "When a table is not listed")
        # a hosted save that cannot be resumed is set aside; said in a toast unless Resume just said why
        quiet, self._resume_failed = getattr(self, "_resume_failed", False), False
        self.resumable = resumable_hosted_table(log.info if quiet else self.app.warn)
        resume: list[Widget] = []
        if self.resumable is not None:
            moves = self.resumable.moves
            resume.append(Button((MARGIN, 690, 560, 110), "Resume the last hosted table", self.resume_hosted,
                                 f"{game_title(self.resumable.game)} · {moves} move{'s' if moves != 1 else ''} in",
                                 px=32))
        self.join_button = Button((LIST_RECT.x, 850, 510, 96), "Join", self.join_selected, "Choose your seat",
                                  primary=True, px=40)
        self.watch_button = Button((LIST_RECT.right - 510, 850, 510, 96), "Watch", self.watch_selected,
                                   "As a spectator", px=40)
        self.group.widgets = [host, address, *resume, name, self.table_list, self.join_button, self.watch_button,
                              back_button(self.on_back)]
        self.refresh_tables(force=True)
        self.group.focus = min(keep, len(self.group.widgets) - 1)

    def refresh_tables(self, force: bool = False) -> None:
        browser = self.browser
        changes = getattr(browser, "changes", 0) if browser is not None else 0
        if not force and changes == self._seen_changes:
            return
        self._seen_changes = changes
        had_focus = self.group.focused is self.table_list
        self.table_list.set_tables(browser.tables() if browser is not None else [])
        usable = self.table_list.selected is not None
        for button in (self.join_button, self.watch_button):
            if button is not None:
                button.enabled = usable
        self._say_join()
        if had_focus and not self.table_list.enabled:
            self.group.focus = 0

    def _say_join(self) -> None:
        """Join says what it does for the chosen table: rejoin the seat held there, or choose one."""
        chosen = self.table_list.selected
        if self.join_button is not None:
            held = chosen is not None and chosen.name in self.table_list.held
            self.join_button.sub = "Rejoin your seat" if held else "Choose your seat"
            # a full table (no seat of ours there) is for watching: Watch is the lit button then
            full = chosen is not None and chosen.compatible and chosen.free_seats == 0 and not held
            self.join_button.primary = not full
            if self.watch_button is not None:
                self.watch_button.primary = full

    def open_keyboard(self, entry: TextEntry) -> None:
        if self.app is not None:
            self.app.push(OnScreenKeyboard(self.app, entry))

    def set_name(self, text: str) -> None:
        if self.app is not None and text.strip():
            self.app.settings.player_name = text.strip()[:20]

    # --- actions ---------------------------------------------------------------------------------
    def host(self) -> None:
        assert self.app is not None
        self.app.push(HostSetupScene(self.app, self.lan))

    def resume_hosted(self) -> None:
        """Host the last hosted table again from its autosave: the people here get their seats back
        at once, the others rejoin with the tokens their programs kept."""
        assert self.app is not None
        if not enter_hosted_table(self.app, self.lan, "resume the table", lambda: HostedTable.resume(self.lan),
                                  replace=False):
            self._resume_failed = True
            self.build()  # a save that cannot be read no longer offers itself (it is set aside)

    def resume(self) -> None:
        super().resume()
        self.build()  # the hosted table may have been played out or closed meanwhile

    def ask_address(self) -> None:
        assert self.app is not None
        self.app.push(AddressScene(self.app, self.last_address, self.join_address))

    def join_address(self, address: str, port: int) -> None:
        assert self.app is not None
        self.last_address = f"{address}:{port}"
        self.app.push(SeatPickScene(self.app, address, port, self.lan))

    def join_index(self, index: int) -> None:
        self.join_selected()

    def _selected_usable(self) -> DiscoveredTable | None:
        assert self.app is not None
        table = self.table_list.selected
        if table is None:
            return None
        if not table.compatible:
            self.app.assets.play("invalid", 0.6)
            self.app.toast(f"{table.table} runs protocol v{table.protocol}; this program speaks "
                           f"v{PROTOCOL_VERSION}. Update both to the same version.", "warning")
            return None
        return table

    def join_selected(self) -> None:
        table = self._selected_usable()
        if table is not None:
            assert self.app is not None
            self.app.push(SeatPickScene(self.app, table.address, table.port, self.lan, table.table))

    def watch_selected(self) -> None:
        table = self._selected_usable()
        if table is not None:
            assert self.app is not None
            pick = SeatPickScene(self.app, table.address, table.port, self.lan, table.table, watch=True)
            self.app.push(pick)

    # --- loop ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.refresh_tables()
        self._say_join()  # (the choice moves with the arrows between refreshes)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        draw_heading(surface, "LAN play", "Host a table for the room, or join one on your network.")
        head = text_surface("TABLES ON YOUR NETWORK", "display", 40, P.BRASS_LIGHT)
        surface.blit(head, (LIST_RECT.x, LIST_RECT.y - head.get_height() - 6))
        if not self.table_list.tables:
            self._draw_empty(surface)
        self.group.draw(surface)
        if self.app is None or self.app.scenes.top is self:  # an overlay above shows its own hints
            self.draw_hints(surface)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        box = LIST_RECT.copy()
        box.height = 2 * TABLE_ROW_H
        surface.blit(panel_surface(box.size, 16, (20, 20, 26, 170), (90, 88, 96), 2), box.topleft)
        if self.discovery_note:
            lines = wrap(self.discovery_note, "ui", 28, box.width - 80)
            colour = P.IVORY_DIM
        else:
            lines = ["Looking for tables…", "Tables appear here as soon as someone hosts one."]
            colour = P.IVORY
        y = box.y + 48
        for i, line in enumerate(lines[:4]):
            role = "ui-bold" if i == 0 and not self.discovery_note else "ui"
            blit_text(surface, line, role, 28, colour if i == 0 else P.IVORY_DIM, "topleft", (box.x + 40, y))
            y += 42
        if not self.discovery_note:
            dots = int(self.clock * 3) % 4
            for k in range(3):
                fill = P.BRASS_LIGHT if k < dots else (70, 70, 80)
                pygame.draw.circle(surface, fill, (box.right - 140 + k * 34, box.y + 66), 9)


class AddressScene(RisingToasts, MenuScene):
    """Type a host's address: keyboard players type, gamepad and touch players use the keypad."""

    name = "lan-address"
    transparent = True
    hints = (("move", "Move"), ("confirm", "Type"), ("back", "Cancel"))
    KEYS = ("123", "456", "789", ".0:")

    def __init__(self, app: Any, text: str, on_connect: Callable[[str, int], Any]) -> None:
        super().__init__(app)
        self.text = text
        self.on_connect = on_connect
        self.error = ""
        self.panel = pygame.Rect(0, 0, 900, 860)
        self.panel.center = (CANVAS_W // 2, CANVAS_H // 2 + 10)
        self.backdrop = KeptBackdrop(self)  # the lobby under the dialog stands still meanwhile

    def enter(self) -> None:
        super().enter()
        if self.app is not None:
            self.app.input.start_text()

    def exit(self) -> None:
        if self.app is not None:
            self.app.input.stop_text()

    def pause(self) -> None:
        self.exit()

    def resume(self) -> None:
        self.enter()

    def build(self) -> None:
        key, gap = 112, 14
        left = self.panel.x + 60
        top = self.panel.y + 270
        widgets: list[Widget] = []
        for r, row in enumerate(self.KEYS):
            for c, ch in enumerate(row):
                widgets.append(Button((left + c * (key + gap), top + r * (key + gap), key, key), ch,
                                      lambda ch=ch: self.type(ch), px=48))
        side = left + 3 * (key + gap) + 20
        width = self.panel.right - 60 - side
        widgets.append(Button((side, top, width, key), "Erase", self.erase, px=34))
        widgets.append(Button((side, top + key + gap, width, key), "Clear", self.clear, px=34))
        widgets.append(Button((side, top + 2 * (key + gap), width, 2 * key + gap), "Connect", self.connect,
                              primary=True, px=40))
        widgets.append(Button((self.panel.right - 60 - 200, self.panel.y + 36, 200, 72), "Cancel", self.on_back,
                              px=30))
        self.group.widgets = widgets
        self.group.focus = 0

    def type(self, text: str) -> None:
        clean = "".join(ch for ch in text if ch in ADDRESS_CHARS)
        self.text = (self.text + clean)[:60]
        self.error = ""

    def erase(self) -> None:
        self.text = self.text[:-1]

    def clear(self) -> None:
        self.text = ""

    def connect(self) -> None:
        assert self.app is not None
        try:
            address, port = parse_address(self.text)
        except ValueError as exc:
            self.app.assets.play("invalid", 0.6)
            self.error = str(exc)
            return
        self.app.pop()
        self.on_connect(address, port)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "text":
            self.type(intent.text)
            return
        if intent.kind == "erase":
            self.erase()
            return
        if intent.kind == "confirm" and intent.device == "keyboard":
            self.connect()  # Enter after typing connects; the keypad is for the other devices
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.backdrop.draw(surface, 160)
        panel = self.panel
        surface.blit(panel_surface(panel.size, 24, (22, 22, 28, 245), P.BRASS, 2), panel.topleft)
        head = text_surface("JOIN BY ADDRESS", "display", 64, P.IVORY)
        surface.blit(head, (panel.x + 60, panel.y + 36))
        tip = "The host's waiting room shows it, e.g. 192.168.1.4:47474"
        blit_text(surface, tip, "ui", 24, P.IVORY_DIM, "topleft", (panel.x + 60, panel.y + 110))
        field = pygame.Rect(panel.x + 60, panel.y + 156, panel.width - 120, 88)
        surface.blit(panel_surface(field.size, 12, (10, 10, 14, 255), P.BRASS_LIGHT, 2), field.topleft)
        shown = self.text + ("|" if int(self.clock * 2) % 2 == 0 else " ")
        blit_text(surface, shown, "ui-bold", fit_px(shown, "ui-bold", 46, field.width - 48), P.IVORY, "midleft",
                  (field.x + 24, field.centery))
        if self.error:
            blit_text(surface, self.error, "ui", fit_px(self.error, "ui", 24, panel.width - 120), P.ERROR,
                      "topleft", (panel.x + 60, panel.bottom - 60))
        self.group.draw(surface)
        self.draw_hints(surface)


NAME_BOX_W = 430
"""Width of the player-name box on the right of a ticked seat's row."""


class SeatToggle(Widget):
    """One seat of the table being joined: a free open seat can be ticked, the others only read.
    A ticked seat leaves the right end of its row to the name box of the person taking it."""

    def __init__(self, rect: tuple[int, int, int, int], index: int, info: SeatInfo, chosen: bool,
                 on_toggle: Callable[[int], Any]) -> None:
        self.row = pygame.Rect(rect)
        hit = self.row.copy()
        if chosen:
            hit.width -= NAME_BOX_W + 12
        super().__init__(hit, f"Seat {index + 1}")
        self.index, self.info, self.chosen = index, info, chosen
        self.on_toggle = on_toggle
        self.enabled = info.kind == "open" and not info.taken

    def activate(self, device: str = "keyboard") -> None:
        if self.enabled:
            self.on_toggle(self.index)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        row = self.row
        if focused:
            draw_focus(surface, self.rect)
        fill = (52, 48, 40, 235) if self.chosen else (P.INK_ALPHA if self.enabled else (27, 27, 34, 150))
        surface.blit(panel_surface(self.rect.size, 14, fill), self.rect.topleft)  # the name box has its own
        box = pygame.Rect(0, 0, 44, 44)
        box.midleft = (row.x + 24, row.centery)
        if self.enabled:
            surface.blit(panel_surface(box.size, 10, (14, 14, 20, 255), P.BRASS_LIGHT if focused else P.BRASS, 3),
                         box.topleft)
            if self.chosen:
                pygame.draw.lines(surface, P.BRASS_LIGHT, False, [(box.x + 10, box.centery + 2),
                                  (box.x + 19, box.bottom - 11), (box.right - 9, box.y + 11)], 6)
        else:
            blit_text(surface, str(self.index + 1), "display", 40, P.IVORY_DIM, "center", box.center)
        word, look = seat_state(self.info)
        name = f"Seat {self.index + 1} · {'yours' if self.chosen else 'free'}" if self.enabled else self.info.name
        colour = P.IVORY if self.enabled else P.IVORY_DIM
        room = row.width - (NAME_BOX_W + 120 if self.chosen else 520)
        blit_text(surface, name, "ui-bold", fit_px(name, "ui-bold", 32, room), colour, "midleft",
                  (row.x + 92, row.centery))
        if self.chosen:
            return  # the name box sits where the state would be
        if self.enabled:
            word = "Free · select to take"
        draw_status_mark(surface, (row.right - 380, row.centery), look, 10)
        blit_text(surface, word, "ui", fit_px(word, "ui", 26, 340), P.IVORY_DIM, "midleft",
                  (row.right - 358, row.centery))


class SeatNameEntry(TextEntry):
    """The name of the person taking a ticked seat: just the box, inside the seat's row (the row
    already says which seat). Two people sharing a screen each get their own name. An edit starts with
    the name selected, as everywhere else: the first letter replaces it."""

    select_on_edit = True

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        box = self.rect
        if focused:
            draw_focus(surface, box)
        border = P.BRASS_LIGHT if self.editing or focused else (90, 88, 96)
        surface.blit(panel_surface(box.size, 14, (14, 14, 20, 240), border, 2), box.topleft)
        blit_text(surface, "NAME", "ui", 18, P.IVORY_DIM, "topleft", (box.x + 18, box.y + 8))
        shown = self.text if self.text else " "
        px = fit_px(shown, "ui-bold", 30, box.width - 110)
        rect = blit_text(surface, shown, "ui-bold", px, P.IVORY, "midleft", (box.x + 18, box.centery + 10))
        if self.editing:
            pygame.draw.rect(surface, P.BRASS_LIGHT, (rect.right + 3, box.y + 32, 3, box.height - 42))
        elif focused:
            blit_text(surface, "Edit", "ui", 22, P.IVORY_DIM, "midright", (box.right - 14, box.centery))


class SeatPickScene(RisingToasts, MenuScene):
    """Which seat(s) to take at a table, read from the host itself; or watch it."""

    name = "lan-seats"
    hints = (("move", "Move"), ("confirm", "Select"), ("back", "Back"))

    def __init__(self, app: Any, address: str, port: int, lan: LanOptions | None = None, label: str = "",
                 watch: bool = False) -> None:
        super().__init__(app)
        self.address, self.port = address, port
        self.lan = lan or LanOptions()
        self.label = label or f"{address}:{port}"
        self.watch_now = watch  # Watch pressed in the lobby: go straight to the waiting room
        self.peek: RemoteSession | None = None
        self.chosen: list[int] = []
        self.seat_names: dict[int, str] = {}  # the person taking each ticked seat
        self.tokens = SeatTokens()
        self.stored: StoredSeats | None = None  # seats this program held here before a restart
        self._shown_status: Any = None
        self._handed_over = False
        self._lost_built = False

    def _player(self) -> str:
        return self.app.settings.player_name if self.app is not None else "Player"

    def enter(self) -> None:
        self.connect()
        super().enter()

    def connect(self) -> None:
        self.peek = RemoteSession(self.address, self.port, name=self._player(), spectator=True,
                                  reconnect_window=self.lan.reconnect_window,
                                  connect_timeout=self.lan.connect_timeout)
        self._shown_status = None
        self._lost_built = False

    def exit(self) -> None:
        if self.peek is not None and not self._handed_over:
            self.peek.close()

    def build(self) -> None:
        keep = self.group.focus if self.group.widgets else 0
        widgets: list[Widget] = []
        peek = self.peek
        status = peek.table if peek is not None else None
        x = 1300
        if peek is not None and session_lost(peek):
            widgets.append(Button((x, 740, 500, 96), "Try again", self.retry, primary=True, px=38))
            widgets.append(Button((x, 850, 500, 84), "Back to the lobby", self.on_back))
        elif status is not None:
            free = [i for i, s in enumerate(status.seats) if s.kind == "open" and not s.taken]
            self.chosen = [i for i in self.chosen if i in free] or free[:1]
            count = len(status.seats)
            row_h = 84 if count <= 5 else 72
            for i, info in enumerate(status.seats):
                y = 300 + i * (row_h + 12)
                widgets.append(SeatToggle((MARGIN, y, 1100, row_h), i, info, i in self.chosen, self.toggle))
                if i in self.chosen:
                    widgets.append(self._name_entry((MARGIN + 1100 - NAME_BOX_W, y, NAME_BOX_W, row_h), i))
            self.stored = self._still_held(self.tokens.find(self.address, self.port, peek.table_name,
                                                            peek.game_id or "")) if peek is not None else None
            if self.stored is not None:
                widgets.append(Button((x, 620, 500, 100), "Rejoin your seats", self.rejoin, self.stored.describe(),
                                      primary=True, px=36))
            if free:
                take = Button((x, 740, 500, 96), self._take_label(), self.take, primary=self.stored is None, px=38)
                take.enabled = bool(self.chosen)
                widgets.append(take)
            widgets.append(Button((x, 850, 500, 84), "Watch", self.watch, "As a spectator", primary=not free))
            first_look = self._shown_status is None
            if self.stored is not None and first_look:
                keep = next(i for i, w in enumerate(widgets) if w.label == "Rejoin your seats")
            elif not free:
                keep = len(widgets) - 1  # Watch
            elif first_look:
                keep = len(widgets) - 2  # a free seat is ticked already: Take is one press away
            elif keep >= len(widgets) or not widgets[keep].enabled:
                keep = next(i for i, w in enumerate(widgets) if isinstance(w, SeatToggle) and w.enabled)
        widgets.append(back_button(self.on_back))
        self.group.widgets = widgets
        self.group.focus = min(keep, len(widgets) - 1)

    def _still_held(self, stored: StoredSeats | None) -> StoredSeats | None:
        """`stored`, if this table still holds those seats for the people who sat there: each is an
        open seat, taken, under their name (or the host's numbered form of it, 'Gus 2'). A token from
        an older table on the same address (last week's game night, the same default port) offered
        'Rejoin your seats' first, and pressing it only failed. (A seat that still looks connected
        counts: a half-open old connection gives way to the rejoin.)"""
        status = self.peek.table if self.peek is not None else None
        if stored is None or status is None or not stored.seats:
            return None
        seats = status.seats
        for k, index in enumerate(stored.seats):
            if not 0 <= index < len(seats) or seats[index].kind != "open" or not seats[index].taken:
                return None
            name = stored.names[k] if k < len(stored.names) else ""
            if name and not same_player_name(seats[index].name, name):
                return None
        return stored

    def _name_entry(self, rect: tuple[int, int, int, int], seat: int) -> SeatNameEntry:
        name = self.seat_names.get(seat) or self._default_name(seat)
        self.seat_names[seat] = name
        return SeatNameEntry(rect, f"Name for seat {seat + 1}", name, lambda text, s=seat: self.set_seat_name(s, text),
                             max_len=20, open_keyboard=self.open_keyboard,
                             start_text=self.app.input.start_text if self.app else None,
                             stop_text=self.app.input.stop_text if self.app else None)

    def _default_name(self, seat: int) -> str:
        """The first seat ticked is the player's own; the others are for the people beside them."""
        taken = {self.seat_names.get(s) for s in self.chosen if s != seat}
        mine = self._player()
        return mine if mine not in taken else f"Player {seat + 1}"

    def set_seat_name(self, seat: int, text: str) -> None:
        if text.strip():
            self.seat_names[seat] = text.strip()[:MAX_NAME]

    def open_keyboard(self, entry: TextEntry) -> None:
        if self.app is not None:
            self.app.push(OnScreenKeyboard(self.app, entry))

    def chosen_names(self) -> list[str]:
        """One name per ticked seat, in seat order (what the hello's `names` carries)."""
        return [self.seat_names.get(seat) or self._default_name(seat) for seat in self.chosen]

    def _take_label(self) -> str:
        n = len(self.chosen)
        return "Take these seats" if n > 1 else "Take this seat"

    def toggle(self, seat: int) -> None:
        if seat in self.chosen:
            self.chosen.remove(seat)
            self.seat_names.pop(seat, None)
        else:
            self.chosen.append(seat)
            self.chosen.sort()
        self.build()

    def retry(self) -> None:
        if self.peek is not None:
            self.peek.close()
        self.connect()
        self.build()

    def take(self) -> None:
        assert self.app is not None and self.peek is not None
        if not self.chosen:
            return
        self.peek.close()
        session = RemoteSession(self.address, self.port, name=self._player(), seats=list(self.chosen),
                                names=self.chosen_names(), reconnect_window=self.lan.reconnect_window,
                                connect_timeout=self.lan.connect_timeout)
        self._handed_over = True
        self.app.assets.play("shuffle", 0.8)
        self.app.replace(WaitingRoomScene(self.app, session))

    def rejoin(self) -> None:
        """Back to the seats this program held here, with the token it kept (the host checks it)."""
        assert self.app is not None and self.peek is not None and self.stored is not None
        self.peek.close()
        session = RemoteSession(self.address, self.port, name=self._player(), token=self.stored.token,
                                names=self.stored.names, reconnect_window=self.lan.reconnect_window,
                                connect_timeout=self.lan.connect_timeout)
        self._handed_over = True
        self.app.assets.play("shuffle", 0.8)
        self.app.replace(WaitingRoomScene(self.app, session))

    def watch(self) -> None:
        assert self.app is not None and self.peek is not None
        self._handed_over = True  # the spectator's chair we already hold is the one to keep
        self.app.replace(WaitingRoomScene(self.app, self.peek))

    # --- loop ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        peek = self.peek
        if peek is None:
            return
        peek.poll()
        if session_lost(peek):
            if not self._lost_built:
                self._lost_built = True
                self.build()
            return
        if peek.ready and self.watch_now:
            self.watch()
            return
        editing = bool(getattr(self.group.focused, "editing", False))
        if peek.table is not None and peek.table != self._shown_status and not editing:
            self.build()  # (not while a name is being typed: the new seats show once it is done)
            self._shown_status = peek.table

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        peek = self.peek
        tone = P.GAME_TABLE_TONE.get(peek.game_id or "", "green") if peek is not None else "green"
        draw_background(surface, tone)
        if peek is not None and session_lost(peek):
            head, body = failure_text(peek)
            draw_heading(surface, head, self.label)
            y = 320
            for line in wrap(body, "ui", 32, 1100):
                blit_text(surface, line, "ui", 32, P.IVORY, "topleft", (MARGIN, y))
                y += 46
        elif peek is None or not peek.ready or peek.table is None:
            draw_heading(surface, "Joining…", f"Asking {self.label} for its seats")
            dots = int(self.clock * 3) % 4
            for k in range(3):
                pygame.draw.circle(surface, P.BRASS_LIGHT if k < dots else (70, 70, 80), (MARGIN + 20 + k * 36, 340), 10)
        else:
            started = " · the game is on" if peek.table.started else ""
            draw_heading(surface, peek.table_name or self.label,
                         f"{game_title(peek.game_id)}{started} · choose your seat, or watch")
            head = text_surface("SEATS", "display", 40, P.BRASS_LIGHT)
            surface.blit(head, (MARGIN, 300 - head.get_height() - 6))
            if any(s.kind == "open" and not s.taken for s in peek.table.seats):
                note = ("Two people sharing this screen? Take two seats: a curtain hides each hand "
                        "between your turns.")
            else:
                note = "Every seat is taken. You can still watch the game as a spectator."
            y = 300
            for line in wrap(note, "ui", 26, 500):
                blit_text(surface, line, "ui", 26, P.IVORY_DIM, "topleft", (1300, y))
                y += 38
        self.group.draw(surface)
        self.draw_hints(surface)
