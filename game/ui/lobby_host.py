"""Hosting a LAN table from the program: the host setup screen and `HostedTable`, which runs the
host (net.host, on its own thread), announces it with zeroconf and connects this screen's own
seats to it over loopback, so the host plays through a RemoteSession like everybody else.

A hosted table autosaves to `data_dir()/"lan-host.tt"` (its seats and token hashes beside it in
`lan-host.tt.seats`), so the lobby can offer "Resume the last hosted table" after the program was
closed; players rejoin with the tokens their programs kept (`net.seat_tokens`). What this screen's
own table keeps beside the game (its people's Near/Far sides, their pads' numbers) is saved with it
(`HostScreenSession`), so a resumed table faces and answers them as before.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import pygame

from game.core.engine import Engine, fit_options
from game.core.registry import GAMES, UnknownGame, find_game, game_info
from game.core.types import IllegalAction
from game.session.saves import SaveError, read_save
from game.session.storage import data_dir
from game.ui.chrome import MARGIN, back_button, draw_background, draw_heading
from game.ui.look import palette as P
from game.ui.look.fonts import text_surface
from game.ui.osk import OnScreenKeyboard
from game.ui.setup import ROW_H as SEAT_SETUP_ROW_H
from game.ui.setup import (BOT_NAMES, LEFT_W, RIGHT_W, RIGHT_X, ROW_GAP, OptionsSetupScene, SeatBadges,
                           SeatNameEntry, TableMemory, anchored_focus, confirm_word, focus_anchor, option_height,
                           seat_row)
from game.ui.table_base import FAR_SEATS_KEY, far_seat_bits
from game.ui.tables import is_playable
from game.ui.widgets import Button, OptionCycler, TextEntry, Widget
from net.client import RemoteSession
from net.discovery import DiscoveryError, TableAdvertiser, lan_interfaces
from net.host import HostHandle, SeatSpec, read_seats_file, sidecar_path, start_host
from net.serve import DEFAULT_PORT

log = logging.getLogger(__name__)

HOSTED_SAVE = "lan-host.tt"
SEAT_CHOICES = (("open", "LAN player"), ("local", "Person here"), ("easy", "Bot · Easy"),
                ("expert", "Bot · Expert"), ("master", "Bot · Master"))
ROW_H = 74  # a little shorter than the solo setup's rows: a LAN table has one more row above the seats
BADGED_ROW_H = SEAT_SETUP_ROW_H  # seat rows with side or pad badges, as in the seat setup
CROWDED_BADGED_GAP = 8  # between six of them
# settings.last_tables: the game and table name last hosted; each game's seats under "lan-host:<game>"
HOST_MEMORY = "lan-host"


@dataclass
class LanOptions:
    """How the lobby reaches the network. The defaults are for people playing; tests turn discovery
    off, listen on port 0 and shorten the reconnect window."""

    discovery: bool = True
    port: int = DEFAULT_PORT
    interfaces: list[str] | None = None  # None: --lan-interfaces / TABLETIME_LAN_INTERFACES / all
    reconnect_window: float = 120.0
    connect_timeout: float = 5.0
    games: tuple[str, ...] | None = None  # games offered for hosting (None: every playable one)
    bot_delay: float = 0.7

    def lan_addresses(self) -> list[str] | None:
        """The addresses LAN play may use, or None for every interface. ValueError if misconfigured."""
        if self.interfaces:
            return [str(ipaddress.IPv4Address(a)) for a in self.interfaces]
        return lan_interfaces()

    def hostable_games(self) -> list[str]:
        if self.games is not None:
            return list(self.games)
        return [info.game_id for info in GAMES if is_playable(info.game_id)]


def hosted_save_path() -> Path:
    """Where the table hosted from the lobby autosaves (one at a time: the last one hosted)."""
    return data_dir() / HOSTED_SAVE


@dataclass(frozen=True)
class ResumableTable:
    """What the lobby says about the last hosted table before resuming it."""

    game: str
    moves: int
    path: Path


def set_aside_hosted(path: Path) -> str:
    """Move an unusable hosted save and its seats file aside (never deleted: the next table hosted
    would overwrite them); says where they went."""
    from game.session.storage import quarantine

    kept = []
    for file in (path, sidecar_path(path)):
        try:
            if file.exists():
                kept.append(quarantine(file).name)
        except OSError as exc:
            return f"It could not be moved aside ({exc.strerror or exc})."
    return f"It is kept as {' and '.join(kept)}." if kept else ""


def resumable_hosted_table(warn: Callable[[str], None] | None = None) -> ResumableTable | None:
    """The last hosted table if it can be resumed: its save and seats file exist and it is not over.
    With `warn`, a save or seats file that cannot be resumed is set aside and the player told."""
    path = hosted_save_path()
    if not path.exists() or not sidecar_path(path).exists():
        return None
    try:
        save = read_save(path)
        engine = find_game(save.config.game)
        read_seats_file(path, save.config.seat_count)  # a damaged one is caught before Resume is offered
        if engine.is_over(engine.replay(save.config, save.seed, save.actions)):
            return None
    except (SaveError, UnknownGame, IllegalAction) as exc:
        log.info("the last hosted table cannot be resumed: %s", exc)
        if warn is not None:
            warn(f"The last hosted table cannot be resumed: {exc}. {set_aside_hosted(path)}".strip())
        return None
    return ResumableTable(save.config.game, len(save.actions), path)


ADDRESSES_FRESH_SECONDS = 2.0  # a cable plugged in shows its address this soon in the waiting room


def local_ipv4s() -> list[str]:
    """This machine's non-loopback IPv4 addresses (what others type to join)."""
    try:
        import ifaddr
    except ImportError:
        return []
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ipaddress.IPv4Address(ip.ip).is_loopback and ip.ip not in found:
                found.append(ip.ip)
    return found


class HostScreenSession(RemoteSession):
    """The hosting screen's own session (its `local` seats): a player's like any other, plus what its
    table keeps beside the game, as a LocalSession keeps it for the autosave: `table_state` (the
    far-side seats as bits, the Labyrinth's hint count) and `pad_numbers` (seat -> the number of
    the pad it claimed). The table reads them when it opens and changes them as it goes; each
    change is handed to the host, which saves it with the game (a guest's session has neither, so
    a guest's screen never turns for the host's people)."""

    def __init__(self, handle: HostHandle, *, table_state: dict[str, int], pad_numbers: dict[int, int],
                 **kwargs: Any) -> None:
        super().__init__("127.0.0.1", handle.port, token=handle.local_token, **kwargs)
        self.handle = handle
        self.table_state: dict[str, int] = dict(table_state)
        self.pad_numbers: dict[int, int] = dict(pad_numbers)
        self._kept = (dict(table_state), dict(pad_numbers))

    def poll(self) -> list[Any]:
        self.save_table_state()  # (the table changes its dict in place: looked at once a frame)
        return super().poll()

    def save_table_state(self) -> None:
        """Hand the host what changed since it was last told (nothing when nothing did)."""
        now = (dict(self.table_state), dict(self.pad_numbers))
        if now != self._kept:
            self._kept = now
            self.handle.keep_screen_state(*now)

    def new_game_dealt(self) -> None:
        """Play again: the same people sit where they sat; what counted the last game (its hints) goes."""
        self.table_state = {key: value for key, value in self.table_state.items() if key == FAR_SEATS_KEY}


class HostedTable:
    """A table this program hosts: the host thread, its zeroconf announcement and the seat count it
    announces. `stop()` says goodbye to every player and withdraws the announcement."""

    def __init__(self, handle: HostHandle, addresses: list[str] | None, advertise: bool) -> None:
        self.handle = handle
        self.addresses = addresses
        self._join_addresses: tuple[float, list[str]] | None = None  # (when read, what) for join_addresses
        self.advertised = False
        self.advertise_note = "Not announced on the network: players type the address." if not advertise else \
            "Announcing the table on the network…"
        self._advertiser: TableAdvertiser | None = None
        self._lock = threading.Lock()
        self._stopped = False
        if advertise:
            threading.Thread(target=self._advertise, name="lan-advertise", daemon=True).start()

    @classmethod
    def open(cls, game: str, specs: Sequence[SeatSpec], *, table_name: str, options: dict[str, Any],
             lan: LanOptions, save_path: Path | None = None, far_seats: Sequence[int] = (),
             pad_numbers: dict[int, int] | None = None) -> "HostedTable":
        """Start listening, autosaving to `save_path` (default: `hosted_save_path()`, replacing the
        last hosted table). `far_seats` (people here across a touch table) and `pad_numbers` (seat ->
        the number of the pad that plays it) are for this screen's table, saved with the game.
        Raises ValueError (bad config or addresses) or OSError (no port)."""
        bits = far_seat_bits(seat for seat in far_seats if 0 <= seat < len(specs) and specs[seat].kind == "local")
        kwargs = dict(table_name=table_name, options=options, save_path=save_path or hosted_save_path(),
                      table_state={FAR_SEATS_KEY: bits} if bits else {}, pad_numbers=dict(pad_numbers or {}))
        return cls._start(lan, game, list(specs), kwargs)

    @classmethod
    def resume(cls, lan: LanOptions, save_path: Path | None = None) -> "HostedTable":
        """Start the last hosted table again where its autosave stopped; players rejoin with their
        tokens, the people here get their `local` seats back. Raises SaveError, ValueError or OSError."""
        return cls._start(lan, "", [], dict(resume_from=save_path or hosted_save_path()))

    @classmethod
    def _start(cls, lan: LanOptions, game: str, specs: list[SeatSpec], kwargs: dict[str, Any]) -> "HostedTable":
        addresses = lan.lan_addresses()
        hosts: Any = None if addresses is None else list(dict.fromkeys([*addresses, "127.0.0.1"]))
        kwargs.update(auto_start=False, bot_delay=lan.bot_delay)
        try:
            handle = start_host(game, specs, address=hosts, port=lan.port, **kwargs)
        except OSError:
            if lan.port == 0:
                raise
            log.info("port %s is busy; hosting on any free port", lan.port)
            handle = start_host(game, specs, address=hosts, port=0, **kwargs)
        return cls(handle, addresses, lan.discovery)

    # --- the host's own seats --------------------------------------------------------------------
    @property
    def local_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.handle.host.seats) if seat.spec.kind == "local"]

    def connect(self, player_name: str, lan: LanOptions) -> RemoteSession:
        """This screen's session: the `local` seats, or a spectator's chair if there are none."""
        if self.local_seats:
            table_state, pad_numbers = self.handle.screen_state()
            # each seat asked for under the name the setup gave it (the host keeps those): asked for
            # under the player's name, Ben's seat read as renamed ("Another player here is called
            # Ann: this table calls Ann Ben.")
            host = self.handle.host
            names = self.handle.call(lambda: [host.seats[seat].spec.name or player_name for seat in self.local_seats])
            return HostScreenSession(self.handle, table_state=table_state, pad_numbers=pad_numbers,
                                     name=player_name, names=names, reconnect_window=lan.reconnect_window,
                                     connect_timeout=lan.connect_timeout)
        return RemoteSession("127.0.0.1", self.handle.port, name=player_name, spectator=True,
                             reconnect_window=lan.reconnect_window, connect_timeout=lan.connect_timeout)

    def start_game(self) -> None:
        self.handle.start_game()

    def bots_for_empty_seats(self, level: str = "expert") -> str:
        """A bot in every open seat nobody took, before the start; "" or why not."""
        try:
            return self.handle.bots_for_empty_seats(level)
        except Exception:  # a host that cannot answer seats nobody
            log.exception("could not seat bots")
            return "the table does not answer"

    def new_game(self) -> bool:
        """Play again: a fresh deal for everyone at this table, once its game is over."""
        try:
            return bool(self.handle.new_game())
        except Exception:  # a host that cannot answer deals nothing
            log.exception("could not deal a new game")
            return False

    def join_addresses(self) -> list[str]:
        """What others type to join ("192.168.1.20:47474"); the machine's interfaces are read again
        at most every ADDRESSES_FRESH_SECONDS, not on every frame the waiting room draws them."""
        now = time.monotonic()
        if self._join_addresses is None or now - self._join_addresses[0] > ADDRESSES_FRESH_SECONDS:
            port = self.handle.port
            shown = [a for a in (self.addresses or local_ipv4s()) if not ipaddress.IPv4Address(a).is_loopback]
            self._join_addresses = (now, [f"{a}:{port}" for a in (shown or ["127.0.0.1"])])
        return self._join_addresses[1]

    # --- zeroconf --------------------------------------------------------------------------------
    def _advertise(self) -> None:
        """Announce on a worker thread: registering takes a second of mDNS probing."""
        host = self.handle.host
        announced = self.handle.free_seats()
        try:
            advertiser = TableAdvertiser(table=host.table_name, game=host.config.game, port=self.handle.port,
                                         free=announced, seats=len(host.seats),
                                         host_name=socket.gethostname(),
                                         interfaces=self.addresses if self.addresses is not None else "config")
        except (DiscoveryError, OSError, ValueError) as exc:
            log.warning("not announcing the table: %s", exc)
            self.advertise_note = "Not announced on the network: players type the address."
            return
        with self._lock:
            if self._stopped:
                threading.Thread(target=advertiser.close, daemon=True).start()
                return
            self._advertiser = advertiser
            self.advertised = True
        last_free = [announced]

        def on_change(changed: Any) -> None:  # on the host's loop thread
            free = changed.free_seats()
            if free != last_free[0]:
                last_free[0] = free
                changed_loop = self.handle.loop
                changed_loop.run_in_executor(None, self._announce_free, free)

        def listen_and_catch_up() -> None:
            host.listeners.append(on_change)
            on_change(host)  # players who sat down while the announcement was being made count too

        self.handle.call(listen_and_catch_up)

    def _announce_free(self, free: int) -> None:
        with self._lock:
            if self._advertiser is not None and not self._stopped:
                try:
                    self._advertiser.update(free=free)
                except Exception as exc:  # discovery trouble never stops the table
                    log.warning("could not re-announce the table: %s", exc)

    def stop(self) -> None:
        with self._lock:
            if self._stopped:
                return
            self._stopped = True
            advertiser, self._advertiser = self._advertiser, None
        started_and_going = False
        if self.handle.thread.is_alive():
            host = self.handle.host
            try:
                started_and_going = self.handle.call(lambda: host.started and not host.engine.is_over(host.state))
            except Exception:  # a host that cannot answer leaves its save for Resume to judge
                started_and_going = True
        self.handle.stop()
        if not started_and_going:
            self._forget_save()
        if advertiser is not None:
            closer = threading.Thread(target=advertiser.close, name="lan-withdraw", daemon=True)
            closer.start()
            closer.join(3)

    def _forget_save(self) -> None:
        """A table closed before it started, or played to the end, is not offered for resuming."""
        path = self.handle.host.save_path
        if path is None:
            return
        for stale in (path, sidecar_path(path)):
            try:
                stale.unlink(missing_ok=True)
            except OSError as exc:
                log.warning("could not remove %s: %s", stale, exc)


class HostSetupScene(TableMemory, SeatBadges, OptionsSetupScene):
    """Game, seats (LAN players, people at this screen, bots and their level), table name and the
    game's options; "Open the table" starts hosting and shows the waiting room. Two or more people
    here get the seat setup's Near/Far and pad badges (SeatBadges), for this screen's table. It
    opens as the last table hosted (TableMemory): its game and name, and each game's seats, names,
    options and sides as they last opened, so closing the table or coming back to host again does
    not ask for them all over."""

    name = "lan-host-setup"
    who_choices = SEAT_CHOICES

    @property
    def hints(self):  # type: ignore[override]
        return (("move", "Move"), ("confirm", confirm_word(self.group.focused)), ("back", "Back"))

    def __init__(self, app: Any, lan: LanOptions | None = None) -> None:
        super().__init__(app)
        self.lan = lan or LanOptions()
        self.games = self.lan.hostable_games()
        player = app.settings.player_name if app is not None else "Player"
        self.player = player
        self.table_name = self.default_table_name()
        self.game_id = self.games[0] if self.games else ""
        self.names = [player] + [BOT_NAMES[i % len(BOT_NAMES)] for i in range(7)]
        self.who = ["local"] + ["open"] * 7
        self.seat_count = 2
        self.options: dict[str, Any] = {}
        # each game's table as the player changed it here before the Game cycler left it (back to
        # it, it is as they left it, not as it last opened); a game only passed through has none,
        # and takes the seats as they are then
        self.drafts: dict[str, dict[str, Any]] = {}
        self.as_chosen: dict[str, Any] = {}  # the table as the game came up on the cycler
        last = self.app.settings.last_tables.get(HOST_MEMORY, {}) if self.app is not None else {}
        if last.get("game") in self.games:
            self.game_id = last["game"]
        if isinstance(last.get("table"), str) and last["table"].strip():
            self.table_name = last["table"]
        self._choose_game(self.game_id)

    def default_table_name(self) -> str:
        """The table's name until one is typed: the player's (it follows a new name in Settings)."""
        return f"{self.player}'s table"[:40]

    def memory_key(self, game_id: str) -> str:
        """A hosted game's last table is kept apart from the seat setup's (a LAN player's seat is
        no seat there)."""
        return f"{HOST_MEMORY}:{game_id}"

    def remember_table(self, game_id: str) -> None:
        """Keep the table that opened: the game, its name (when typed) and the game's seats, options
        and sides."""
        super().remember_table(game_id)
        if self.app is not None:
            typed = self.table_name.strip() not in ("", self.default_table_name())
            self.app.settings.last_tables[HOST_MEMORY] = {"game": game_id, "table": self.table_name if typed else None}

    @property
    def engine(self) -> Engine | None:
        try:
            return find_game(self.game_id) if self.game_id else None
        except UnknownGame:
            return None

    def _choose_game(self, game_id: str) -> None:
        """The game's table as last set here or last hosted, else the seats as they are (within
        its seat count) with its options' defaults."""
        self.game_id = game_id
        engine = self.engine
        if engine is None:
            return
        self.seat_count = max(engine.min_seats, min(engine.max_seats, self.seat_count))
        self.options, _ = fit_options(engine.options, self.seat_kinds(),
                                      {option.name: option.default for option in engine.options})
        last = self.drafts.get(game_id) or self.last_table(game_id)
        if last is not None:
            self.recall_table(engine, last)
        # a seat beyond the count, or no person's any more, keeps no side or pad
        self.keep_badges_below(self.seat_count)
        for seat in set(self.seat_pads) - set(self.person_seats()):
            self.forget_badges(seat)
        self.as_chosen = self.table_memory()

    def person_seats(self) -> list[int]:
        """The seats people at this screen play (LAN players have their own screens)."""
        return [seat for seat in range(self.seat_count) if self.who[seat] == "local"]

    def seat_kinds(self) -> list[str]:
        """Each seat as the rules' options see it: LAN players and people here are people."""
        return ["bot" if self.who[seat] in ("easy", "expert", "master") else "human"
                for seat in range(self.seat_count)]

    def fit_options(self) -> None:
        """A choice this table of seats cannot play (the Labyrinth together, with a bot at the table)
        gives way to one it can, and the screen says why, as the solo setup does."""
        engine = self.engine
        if engine is None:
            return
        self.options, notes = fit_options(engine.options, self.seat_kinds(), self.options)
        if notes and self.app is not None:
            self.app.toast(" ".join(notes), "info")

    def title_of(self, game_id: str) -> str:
        try:
            return game_info(game_id).title
        except UnknownGame:
            engine = find_game(game_id)
            return engine.title

    # --- widgets ---------------------------------------------------------------------------------
    def build(self) -> None:
        keep, anchor = self.group.focus, focus_anchor(self.group.focused)
        widgets: list[Widget] = []
        engine = self.engine
        top = 300
        if engine is None:
            self.group.widgets = [back_button(self.on_back)]
            self.group.focus = 0
            return
        game_cycler = OptionCycler((MARGIN, top, LEFT_W, ROW_H), "Game",
                                   [(g, self.title_of(g)) for g in self.games], self.games.index(self.game_id),
                                   self.set_game)
        widgets.append(game_cycler)
        y = top + ROW_H + ROW_GAP
        widgets.append(self._entry((MARGIN, y, 560, ROW_H), "Table", self.table_name, self.set_table_name, 24))
        counts = [(n, f"{n} seat{'s' if n > 1 else ''}") for n in range(engine.min_seats, engine.max_seats + 1)]
        seats = OptionCycler((MARGIN + 580, y, LEFT_W - 580, ROW_H), "Seats", counts,
                             self.seat_count - engine.min_seats, self.set_seat_count)
        seats.enabled = len(counts) > 1
        widgets.append(seats)
        y += ROW_H + ROW_GAP + 14
        pads, sides = self.pads_matter(), self.sides_matter()
        row = seat_row(pads, sides)
        badged = pads or sides  # the rows make room for the badges as the seat setup's do
        row_h, row_gap = ROW_H, ROW_GAP
        if badged:
            # as tall as the seat setup's rows: a badge's "Press to free" sat on its rim in a 74 px
            # row, and beside the badges "Plays" narrows, so "Person here" takes two rows on a small
            # window (a 66 px row held one, 11 px high); six rows close up instead
            row_h, row_gap = BADGED_ROW_H, (ROW_GAP if self.seat_count <= 5 else CROWDED_BADGED_GAP)
        elif self.seat_count > 5:
            row_h = 66  # six rows under the table's: a little shorter each
        for seat in range(self.seat_count):
            is_open = self.who[seat] == "open"
            name = "LAN player" if is_open else self.names[seat]
            on_name = (lambda text, s=seat: self.set_name(s, text))
            if badged:
                entry: TextEntry = self._entry((MARGIN, y, row.name_w, row_h), f"Seat {seat + 1}", name, on_name, 16,
                                               SeatNameEntry)
            else:
                entry = self._entry((MARGIN, y, 560, row_h), f"Seat {seat + 1}", name, on_name, 16)
            entry.enabled = not is_open
            who_index = [value for value, _ in SEAT_CHOICES].index(self.who[seat])
            who_rect = (MARGIN + row.who_x, y, row.who_w, row_h) if badged else (MARGIN + 580, y, LEFT_W - 580, row_h)
            who = OptionCycler(who_rect, row.who_label if badged else "Plays", SEAT_CHOICES, who_index,
                               lambda value, s=seat: self.set_who(s, value))
            entry.seat_role, who.seat_role = ("name", seat), ("who", seat)  # type: ignore[attr-defined]
            widgets += [entry, who, *self.seat_badges(seat, y, row_h, row, pads, sides)]
            y += row_h + row_gap
        y = top
        for option in engine.options:
            choices = option.choices_for(self.seat_kinds())  # only what this table of seats can play
            index = [value for value, _ in choices].index(self.options[option.name])
            widgets.append(OptionCycler((RIGHT_X, y, RIGHT_W, option_height()), option.label, choices, index,
                                        lambda value, name=option.name: self.set_option(name, value),
                                        option.help_for, stacked=True))
            y += option_height() + ROW_GAP  # a long value takes two rows on a small window
        widgets.append(Button((RIGHT_X, 860, RIGHT_W, 96), "Open the table", self.open_table, primary=True, px=40))
        widgets.append(back_button(self.on_back))
        self.group.widgets = widgets
        self.group.focus = anchored_focus(widgets, anchor, keep)

    def _entry(self, rect: tuple[int, int, int, int], label: str, text: str, on_change: Any, max_len: int,
               kind: type[TextEntry] = TextEntry) -> TextEntry:
        return kind(rect, label, text, on_change, max_len=max_len, open_keyboard=self.open_keyboard,
                    start_text=self.app.input.start_text if self.app else None,
                    stop_text=self.app.input.stop_text if self.app else None)

    def open_keyboard(self, entry: TextEntry) -> None:
        if self.app is not None:
            self.app.push(OnScreenKeyboard(self.app, entry))

    def set_game(self, game_id: str) -> None:
        if self.engine is not None and self.table_memory() != self.as_chosen:
            self.drafts[self.game_id] = self.table_memory()
        self._choose_game(game_id)
        self.build()

    def set_table_name(self, text: str) -> None:
        self.table_name = text

    def set_seat_count(self, count: int) -> None:
        self.seat_count = count
        self.keep_badges_below(count)
        self.fit_options()
        self.build()

    def set_name(self, seat: int, text: str) -> None:
        if self.who[seat] != "open":
            self.names[seat] = text

    def set_who(self, seat: int, value: str) -> None:
        was_open, was_bot = self.who[seat] == "open", self.seat_kinds()[seat] == "bot"
        self.who[seat] = value
        self.rename_seat(seat, becomes_person=value == "local" and (was_bot or was_open),
                         becomes_bot=self.seat_kinds()[seat] == "bot" and not was_bot)
        if value != "local":
            self.forget_badges(seat)  # a bot or a LAN player has no pad here, and the screen never turns to them
        if was_bot != (self.seat_kinds()[seat] == "bot"):
            self.fit_options()
            self.build()  # the options a bot at the table rules out come or go
        elif was_open != (value == "open"):
            self.build()  # the name field turns on or off

    def set_option(self, name: str, value: Any) -> None:
        self.options[name] = value

    # --- open ------------------------------------------------------------------------------------
    def seat_specs(self) -> list[SeatSpec]:
        specs = []
        for seat in range(self.seat_count):
            who = self.who[seat]
            name = (self.names[seat].strip() or f"Seat {seat + 1}")[:40]
            if who == "open":
                specs.append(SeatSpec("open"))
            elif who == "local":
                specs.append(SeatSpec("local", name=name))
            else:
                specs.append(SeatSpec("bot", who, name))
        return specs

    def open_table(self) -> None:
        assert self.app is not None
        if self.engine is None:
            return
        if enter_hosted_table(self.app, self.lan, "open the table", lambda: HostedTable.open(
                self.game_id, self.seat_specs(), table_name=self.table_name.strip() or self.default_table_name(),
                options=dict(self.options), lan=self.lan, far_seats=sorted(self.far_seats_for_table()),
                pad_numbers=self.table_pad_numbers()), replace=True):
            self.remember_table(self.game_id)

    def table_pad_numbers(self) -> dict[int, int]:
        """Each claimed pad by its number ("Pad 2"): the table finds the pad by it when it opens."""
        if self.app is None:
            return {}
        return {seat: self.app.input.pad_number(pad) for seat, pad in self.table_seat_pads().items()}

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface, P.GAME_TABLE_TONE.get(self.game_id, "green"))
        draw_heading(surface, "Host a table", "Open seats wait for players on your network; bots and people here "
                                              "fill the rest.")
        engine = self.engine
        if engine is None:
            line = text_surface("No game can be hosted yet: none of the tables has landed.", "ui", 32, P.IVORY)
            surface.blit(line, (MARGIN, 320))
            self.group.draw(surface)
            self.draw_hints(surface)
            return
        head = text_surface("TABLE", "display", 40, P.BRASS_LIGHT)
        surface.blit(head, (MARGIN, 300 - head.get_height() - 6))
        self.draw_widgets_and_options(surface, len(engine.options))
        self.draw_hints(surface)


def enter_hosted_table(app: Any, lan: LanOptions, doing: str, host: Callable[[], HostedTable], replace: bool) -> bool:
    """Host a table (`host` opens or resumes it) and take the person here to its waiting room,
    in place of this screen (`replace`) or above it. A table that cannot be hosted (bad options,
    an unreadable save, a network that refuses) is said in an error toast: "Cannot <doing>: ...".
    Returns whether the table opened."""
    from game.ui.lobby_room import WaitingRoomScene

    try:
        hosted = host()
    except (SaveError, IllegalAction, ValueError) as exc:
        message = f"Cannot {doing}: {exc}"
    except OSError as exc:
        message = f"Cannot {doing}: the network refused ({exc.strerror or exc})."
    else:
        session = hosted.connect(app.settings.player_name, lan)
        app.assets.play("shuffle")
        (app.replace if replace else app.push)(WaitingRoomScene(app, session, hosted))
        return True
    app.assets.play("invalid")
    app.toast(message, "error")
    return False
