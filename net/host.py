"""The authoritative LAN host: one table, its engine, its seats and their reconnect tokens, on asyncio.

It runs as the main loop of `main.py serve`, or in a thread of its own inside the pygame program
(`start_host`). Bots think on a worker thread, never on the network loop. Before applying a move it
checks, in this order (boardgame.io's master does the same): is this connection bound to the seat,
may the seat act now, is the move stale, is it legal. Each connection then gets only what its own
seats may see; spectators get the public view. The game is autosaved after every action
(`game.session.saves`), and the seats with their token hashes sit beside it in a sidecar file, so a
host restarted on the same save resumes the table and every player can rejoin with their token.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import itertools
import json
import logging
import secrets as token_source
import socket
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from game.bots.base import Bot, bot_name, make_bot
from game.core.engine import fit_options
from game.core.registry import UnknownGame, find_game
from game.core.types import (BOT_LEVELS, Action, Event, GameConfig, IllegalAction, SeatConfig, events_for,
                             printable_name, unique_name)
from game.core.wire import iter_scalars, pack, unpack
from game.session.saves import SaveError, SaveGame, check_start, read_save, same_position, write_save
from game.session.storage import atomic_write, read_json_file
from net.protocol import (
    ERROR_CODES,
    MAX_NAME,
    ActionMsg,
    Bye,
    Connection,
    ErrorMsg,
    Hello,
    Message,
    Ping,
    Pong,
    ProtocolError,
    Resync,
    SeatInfo,
    Sender,
    Start,
    State,
    TableStatus,
    UpdateMsg,
    Welcome,
)

log = logging.getLogger("tabletime.host")

DEFAULT_GRACE = 120.0
TURN_GRACE = 45.0
"""s an absent player's turn waits for them before their stand-in plays it (at most the grace
window). The whole window held everyone at 'Waiting for Bo to reconnect…' for two minutes on a
player whose program had crashed; the seat stays theirs to take back all the same."""
DEFAULT_HEARTBEAT = 5.0
MAX_CONNECTIONS = 32
HELLO_TIMEOUT = 5.0
"""Seconds a new connection has to say hello (a program of ours does in milliseconds). Silent or
trickling sockets held every slot for three heartbeats each, and a guest who reopened them kept
everyone else out ('the table has no room'), the players rejoining after a drop too."""
MAX_WRITE_BUFFER = 4 * 1024 * 1024
SIDECAR_FORMAT = 1

Tap = Callable[[tuple[int, ...], bool, bytes], None]
"""Called on the loop thread with (seats, spectator, frame) for every frame sent (leak tests)."""


@dataclass
class SeatSpec:
    """A seat as the host is told to set it up: `open` (a LAN player), `bot:<level>` or `local`
    (a human at the hosting machine, claimed with the host's own token)."""

    kind: str
    level: str = "expert"
    name: str = ""

    @classmethod
    def parse(cls, text: str) -> "SeatSpec":
        kind, _, level = text.strip().partition(":")
        if kind == "bot":
            level = level or "expert"
            if level not in (*BOT_LEVELS, "random"):
                raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(BOT_LEVELS)})")
            return cls("bot", level)
        if kind in ("open", "local") and not level:
            return cls(kind)
        raise ValueError(f"a seat is open, local or bot:LEVEL, not {text!r}")


def parse_seats(text: str) -> list[SeatSpec]:
    """`open,open,bot:expert` -> seat specs (the `--seats` option)."""
    return [SeatSpec.parse(part) for part in text.split(",") if part.strip()]


def hash_token(token: str) -> str:
    """Tokens are stored and compared only as SHA-256 hashes (a leaked sidecar grants nothing)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return token_source.token_urlsafe(24)


def sidecar_path(save_path: Path) -> Path:
    return save_path.with_name(save_path.name + ".seats")


def read_seats_file(save_path: Path, seat_count: int) -> tuple[dict[str, Any], list["SeatSpec"]]:
    """The seats file beside a hosted table's save: its data and its seats. SaveError when it is
    missing, damaged or not this save's (`seat_count` seats); a pipe there is refused, not waited on.
    The lobby asks before it offers Resume, and resuming asks again."""
    path = sidecar_path(save_path)
    try:
        if not path.exists():
            raise ValueError("there is none")
        sidecar = read_json_file(path)
        specs = [SeatSpec(str(s["kind"]), str(s.get("level", "expert")),
                          printable_name(str(s.get("name", "")))[:MAX_NAME]) for s in sidecar["seats"]]
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        raise SaveError(f"the seats file beside {save_path.name} is missing or damaged ({exc})") from None
    if sidecar.get("format") != SIDECAR_FORMAT or len(specs) != seat_count:
        raise SaveError(f"the seats file beside {save_path.name} does not match the save")
    return sidecar, specs


@dataclass
class Seat:
    spec: SeatSpec
    player: str = ""  # the name the player gave in its hello
    token_hash: str | None = None
    link: "Link | None" = None
    dropped_at: float | None = None
    standin: Bot | None = None  # a bot playing the seat after the grace window

    @property
    def taken(self) -> bool:
        return self.spec.kind == "bot" or self.token_hash is not None

    def info(self, index: int, in_game: str = "") -> SeatInfo:
        """`in_game`: the seat's name in the game's config, what a seat nobody sat in is called (a
        bot nobody named is 'Ada' there, an empty seat 'Seat 3')."""
        name = (self.player or self.spec.name or in_game or f"Seat {index + 1}")[:MAX_NAME]
        level = self.spec.level if self.spec.kind == "bot" else ("stand-in" if self.standin else "")
        connected = self.spec.kind == "bot" or self.link is not None
        return SeatInfo(name, self.spec.kind, level, self.taken, connected)


@dataclass
class Link:
    """One TCP connection and the seats bound to it."""

    ident: int
    conn: Connection
    writer: asyncio.StreamWriter
    seats: tuple[int, ...] = ()
    spectator: bool = False
    name: str = ""
    closed: bool = False
    last_seen: float = field(default_factory=time.monotonic)
    opened: float = field(default_factory=time.monotonic)


class TableHost:
    """One hosted table. All methods run on the host's event loop thread."""

    def __init__(self, game: str, seats: Sequence[SeatSpec], *, options: dict[str, Any] | None = None,
                 seed: int | None = None, save_path: Path | None = None, table_name: str = "",
                 grace: float = DEFAULT_GRACE, heartbeat: float = DEFAULT_HEARTBEAT, bot_delay: float = 0.7,
                 turn_grace: float | None = None,
                 bot_takeover: bool = True, auto_start: bool = True, tap: Tap | None = None,
                 local_token: str | None = None, table_state: dict[str, int] | None = None,
                 pad_numbers: dict[int, int] | None = None, _resume: tuple[list[Action], dict] | None = None,
                 _names: Sequence[str] | None = None) -> None:
        self.engine = find_game(game)
        self.seats = [Seat(SeatSpec(s.kind, s.level, s.name)) for s in seats]
        seat_configs = [self._seat_config(i, s) for i, s in enumerate(self.seats)]
        if _names is not None and len(_names) == len(seat_configs):  # a saved game: the names it was played with
            seat_configs = [SeatConfig(c.kind, name, c.level) for c, name in zip(seat_configs, _names)]
        given = dict(options or {})
        # an option left to its default that these seats cannot play (the Labyrinth together, with a
        # bot among people) takes the first that they can; one chosen explicitly is refused below
        defaults = {o.name: o.default for o in self.engine.options if o.name not in given}
        fitted, self.option_notes = fit_options(self.engine.options, [c.kind for c in seat_configs], defaults)
        for note in self.option_notes:
            log.info("table options: %s", note)
        self.config = GameConfig.make(game, seat_configs, **fitted, **given)
        self.engine.check_config(self.config)
        self.seed = seed if seed is not None else token_source.randbits(62)
        self.save_path = save_path
        # what the hosting screen's table keeps beside the game (its far-side seats, the Labyrinth's
        # hint count) and the numbers of the pads its `local` seats claimed: saved with the game so a
        # resumed table gets them back, never sent to anyone (SaveGame.table and .pads)
        self.table_state: dict[str, int] = dict(table_state or {})
        self.pad_numbers: dict[int, int] = dict(pad_numbers or {})
        # printable: a table or seat name with a NUL (`serve --table`, a damaged seats file) could not
        # be sent in a welcome, and no guest got in
        self.table_name = (printable_name(table_name) or printable_name(f"{socket.gethostname()}'s table"))[:MAX_NAME]
        self.grace, self.heartbeat, self.bot_delay = grace, heartbeat, bot_delay
        self.turn_grace = min(grace, TURN_GRACE if turn_grace is None else turn_grace)
        self._turn_timers: set[tuple[int, float]] = set()  # (seat, dropped_at) with a turn-grace timer armed
        self.bot_takeover, self.auto_start, self.tap = bot_takeover, auto_start, tap
        self.local_token = local_token or new_token()
        self._deal()
        self.actions: list[Action] = []
        self.started = False
        self.links: dict[int, Link] = {}
        self.listeners: list[Callable[[TableHost], None]] = []  # told when seats change (discovery)
        self._ids = itertools.count(1)
        self._nonces = itertools.count(1)
        self._bots: dict[int, Bot] = self._seat_bots()
        self._bot_pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="host-bot")
        self._save_pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="host-save")
        self._save_lock = threading.Lock()
        self._save_snapshot: SaveGame | None = None
        self._save_running = False
        self._bot_task: asyncio.Task | None = None
        self._servers: list[asyncio.AbstractServer] = []
        self._tasks: set[asyncio.Task] = set()
        self._closing = False
        self.game_over = asyncio.Event()
        self.resumed = _resume is not None
        for i, seat in enumerate(self.seats):
            if seat.spec.kind == "local":
                seat.token_hash = hash_token(self.local_token)
                seat.player = seat.spec.name or f"Player {i + 1}"
        if _resume is not None:
            actions, sidecar = _resume
            for action in actions:
                self.previous_state = self.state
                self.state, _ = self.engine.apply(self.state, action)
                self.actions.append(action)
            self.started = bool(sidecar.get("started")) or bool(actions)
            for seat, data in zip(self.seats, sidecar.get("seats", [])):
                if seat.spec.kind == "local":  # claimed by whoever runs the host now, with its own token
                    continue
                seat.player = str(data.get("player") or "")[:MAX_NAME]
                seat.token_hash = data.get("token_sha256") or None
                if seat.token_hash is not None:
                    seat.dropped_at = time.monotonic()
        self._write_sidecar()

    @staticmethod
    def _seat_config(index: int, seat: Seat) -> SeatConfig:
        kind = {"open": "remote", "local": "human", "bot": "bot"}[seat.spec.kind]
        level = seat.spec.level if seat.spec.level in BOT_LEVELS else "easy"
        default = bot_name(index - 1) if kind == "bot" else f"Seat {index + 1}"
        return SeatConfig(kind, seat.spec.name or default, level)

    # --- persistence ----------------------------------------------------------------------------
    @classmethod
    def resume(cls, save_path: Path, **kwargs: Any) -> "TableHost":
        """Rebuild the table from its autosave and sidecar; SaveError if either is unusable."""
        save = read_save(save_path)
        if not sidecar_path(save_path).exists() and not any(seat.kind == "remote" for seat in save.config.seats):
            raise SaveError(f"{save_path.name} is the save of a game played at one screen, not of a LAN table "
                            "(it has no seats file); choose a new file to host a table")
        sidecar, specs = read_seats_file(save_path, save.config.seat_count)
        options = {k: v for k, v in save.config.options}
        try:
            engine = find_game(save.config.game)
        except UnknownGame as exc:  # a KeyError: it went past the lobby's and serve's handlers
            raise SaveError(f"it is a game this version does not have ({exc.args[0][:120]})") from None
        check_start(engine, save)  # a Labyrinth scenario file edited or gone
        try:
            local = {i for i, spec in enumerate(specs) if spec.kind == "local"}
            host = cls(save.config.game, specs, options=options, seed=save.seed, save_path=save_path,
                       table_name=str(sidecar.get("table", "")), _resume=(save.actions, sidecar),
                       _names=[seat.name for seat in save.config.seats], table_state=save.table,
                       pad_numbers={seat: number for seat, number in save.pads.items() if seat in local},
                       **kwargs)
        except (IllegalAction, OSError, ValueError, KeyError, TypeError) as exc:
            raise SaveError(f"save does not replay under the current rules: {exc}") from None
        if not same_position(host.engine, host.state, save.state_hash):
            raise SaveError("save replays to a different position (rules changed since it was written)")
        return host

    def _write_sidecar(self) -> None:
        if self.save_path is None:
            return
        data = {"format": SIDECAR_FORMAT, "table": self.table_name, "started": self.started,
                "seats": [{"kind": s.spec.kind, "level": s.spec.level, "name": s.spec.name,
                           "player": s.player, "token_sha256": s.token_hash} for s in self.seats]}
        try:
            atomic_write(sidecar_path(self.save_path), json.dumps(data, indent=1).encode("utf-8"))
        except OSError as exc:  # a full disk costs the seats file, never the table
            log.warning("could not write the seats file %s: %s", sidecar_path(self.save_path), exc)

    def _autosave(self) -> None:
        """Save after every action, on a writer thread so fsync never stalls the network loop. If
        moves come faster than the disk, the writer skips to the newest position (saves stay whole)."""
        if self.save_path is None:
            return
        snapshot = SaveGame(self.config, self.seed, list(self.actions), self.engine.state_hash(self.state),
                            self.start_hash, dict(self.pad_numbers), dict(self.table_state))
        with self._save_lock:
            self._save_snapshot = snapshot
            if not self._save_running:
                self._save_running = True
                self._save_pool.submit(self._write_saves)

    def keep_screen_state(self, table_state: dict[str, int], pad_numbers: dict[int, int]) -> None:
        """The hosting screen's table changed what it keeps beside the game: saved now, not only at
        the next move (closed right after, the table resumes with it)."""
        table_state, pad_numbers = dict(table_state), dict(pad_numbers)
        if self._closing or (table_state, pad_numbers) == (self.table_state, self.pad_numbers):
            return
        self.table_state, self.pad_numbers = table_state, pad_numbers
        self._autosave()

    def _write_saves(self) -> None:
        assert self.save_path is not None
        while True:
            with self._save_lock:
                snapshot, self._save_snapshot = self._save_snapshot, None
                if snapshot is None:
                    self._save_running = False
                    return
            try:
                write_save(self.save_path, snapshot)
            except OSError:
                log.exception("autosave to %s failed", self.save_path)

    # --- queries --------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.actions)

    @property
    def state_hash(self) -> str:
        return self.engine.state_hash(self.state)

    def free_seats(self) -> int:
        return sum(1 for s in self.seats if s.spec.kind == "open" and s.token_hash is None)

    def table_status(self) -> TableStatus:
        return TableStatus(tuple(s.info(i, c.name) for i, (s, c) in enumerate(zip(self.seats, self.config.seats))),
                           self.started,
                           sum(1 for link in self.links.values() if link.spectator))

    # --- listening ------------------------------------------------------------------------------
    async def listen(self, hosts: str | Sequence[str], port: int = 0) -> int:
        """Accept connections on `hosts` (addresses from lan_interfaces(); tests use 127.0.0.1)."""
        server = await asyncio.start_server(self._serve_link, host=hosts, port=port, reuse_address=True,
                                            limit=256 * 1024)
        self._servers.append(server)
        if self.save_path is not None and not self.resumed:
            self._autosave()  # a new table replaces whatever an older one left in the same file
        if self.started:
            self._schedule_bots()
            self._arm_grace_for_absent_seats()
        return server.sockets[0].getsockname()[1]

    async def close(self, code: str = "host/closing") -> None:
        """Say goodbye to everyone and stop listening."""
        self._closing = True
        for server in self._servers:
            server.close()
        for link in list(self.links.values()):
            self._send(link, Bye.for_error(code))
            link.writer.close()
        for task in list(self._tasks):
            task.cancel()
        if self._bot_task is not None:
            self._bot_task.cancel()
        self._bot_pool.shutdown(wait=False, cancel_futures=True)
        self._save_pool.shutdown(wait=True)  # the last autosave reaches the disk before we go

    # --- one connection -------------------------------------------------------------------------
    async def _serve_link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = Link(next(self._ids), Connection(Sender.HOST), writer)
        if len(self.links) >= MAX_CONNECTIONS and not self._closing:
            self._evict_a_silent_link()
        if len(self.links) >= MAX_CONNECTIONS or self._closing:
            writer.write(link.conn.send(Bye.for_error("host/full")))
            writer.close()
            return
        self.links[link.ident] = link
        pinger = asyncio.create_task(self._ping_loop(link))
        try:
            while not link.closed:
                wait = self.heartbeat * 3
                if link.conn.state is State.HELLO:  # not a word yet: a short deadline from the connect
                    wait = min(wait, max(0.05, link.opened + HELLO_TIMEOUT - time.monotonic()))
                try:
                    data = await asyncio.wait_for(reader.read(64 * 1024), timeout=wait)
                except asyncio.TimeoutError:
                    self._close_link(link, "protocol/timeout")
                    break
                if not data:
                    break
                link.last_seen = time.monotonic()
                try:
                    messages = link.conn.receive_data(data)
                except ProtocolError as exc:
                    for message in exc.decoded:
                        self._on_message(link, message)
                    log.info("link %s: %s", link.ident, exc)
                    self._close_link(link, exc.code)
                    break
                for message in messages:
                    if link.closed:
                        break
                    self._on_message(link, message)
        except (ConnectionError, OSError):
            pass
        except Exception:  # never let one connection take the table down
            log.exception("link %s failed", link.ident)
            self._close_link(link, "host/internal")
        finally:
            pinger.cancel()
            self._drop(link)

    def _evict_a_silent_link(self) -> None:
        """Every slot taken: the oldest connection that has not said hello yet makes room (a seated
        player or a spectator is never turned out for a newcomer)."""
        silent = [link for link in self.links.values() if link.conn.state is State.HELLO and not link.closed]
        if silent:
            oldest = min(silent, key=lambda link: link.opened)
            self._close_link(oldest, "protocol/timeout")
            self.links.pop(oldest.ident, None)

    async def _ping_loop(self, link: Link) -> None:
        while not link.closed:
            await asyncio.sleep(self.heartbeat)
            if link.conn.state in (State.LOBBY, State.IN_GAME):
                self._send(link, Ping(next(self._nonces) % 2**32))

    def _send(self, link: Link, message: Message) -> None:
        if link.closed or (link.conn.state is State.CLOSED and not isinstance(message, Bye)):
            return
        try:
            frame = link.conn.send(message)
        except ProtocolError:
            log.exception("link %s: cannot send %s", link.ident, message.TYPE)
            return
        if self.tap is not None:
            self.tap(link.seats, link.spectator, frame)
        transport = link.writer.transport
        if transport.is_closing():
            return
        if transport.get_write_buffer_size() > MAX_WRITE_BUFFER:
            link.closed = True
            link.writer.close()
            return
        link.writer.write(frame)

    def _close_link(self, link: Link, code: str | None) -> None:
        if link.closed:
            return
        if code is not None and not link.conn.bye_sent:
            self._send(link, Bye.for_error(code))
        link.closed = True
        link.writer.close()

    def _drop(self, link: Link) -> None:
        """A connection ended: hold its seats for the grace window."""
        link.closed = True
        if self.links.pop(link.ident, None) is None:
            return
        if not link.writer.is_closing():
            link.writer.close()
        now = time.monotonic()
        for seat_index in link.seats:
            seat = self.seats[seat_index]
            if seat.link is link:
                seat.link = None
                seat.dropped_at = now
                self._arm_grace(seat_index, now)
        self._table_changed()
        self._arm_turn_grace()  # (a player who dropped on their own turn)

    def _arm_grace(self, seat_index: int, dropped_at: float) -> None:
        asyncio.get_running_loop().call_later(self.grace, self._grace_expired, seat_index, dropped_at)

    def _arm_grace_for_absent_seats(self) -> None:
        for index, seat in enumerate(self.seats):
            if seat.spec.kind == "open" and seat.token_hash is not None and seat.link is None:
                seat.dropped_at = time.monotonic()
                self._arm_grace(index, seat.dropped_at)

    def _arm_turn_grace(self) -> None:
        """An absent player's seat to move: their stand-in plays once `turn_grace` has passed since
        they dropped (now, if it has), rather than the whole grace window."""
        if not self.started or self._closing or not self.bot_takeover or self.engine.is_over(self.state):
            return
        now = time.monotonic()
        for index in self.engine.active_seats(self.state):
            seat = self.seats[index]
            if seat.spec.kind == "bot" or seat.link is not None or seat.standin is not None or seat.dropped_at is None:
                continue
            key = (index, seat.dropped_at)
            if key in self._turn_timers:
                continue
            self._turn_timers.add(key)
            wait = max(0.0, self.turn_grace - (now - seat.dropped_at))
            asyncio.get_running_loop().call_later(wait, self._turn_grace_expired, index, seat.dropped_at)

    def _turn_grace_expired(self, seat_index: int, dropped_at: float) -> None:
        self._turn_timers.discard((seat_index, dropped_at))
        if self.started and seat_index in self.engine.active_seats(self.state):
            self._grace_expired(seat_index, dropped_at)

    def _grace_expired(self, seat_index: int, dropped_at: float) -> None:
        seat = self.seats[seat_index]
        if seat.link is not None or seat.dropped_at != dropped_at or self._closing:
            return
        if not self.started:
            if seat.spec.kind == "open":  # nobody waits for a player who left the waiting room
                seat.token_hash, seat.player = None, ""
        elif self.bot_takeover and seat.standin is None and seat.spec.kind != "bot":
            seat.standin = make_bot(self.config.game, "expert", self.engine, seat_index,
                                    self.seed * 1_000_003 + seat_index)
            self._schedule_bots()
        self._table_changed()

    # --- messages -------------------------------------------------------------------------------
    def _on_message(self, link: Link, message: Message) -> None:
        if isinstance(message, Hello):
            self._on_hello(link, message)
        elif isinstance(message, ActionMsg):
            self._on_action(link, message)
        elif isinstance(message, Resync):
            self._send_full_updates(link)
        elif isinstance(message, Ping):
            self._send(link, Pong(message.nonce))
        elif isinstance(message, Bye):
            if not self.started and message.leave:
                self._release_seats(link)
            self._close_link(link, None)

    def _release_seats(self, link: Link) -> None:
        """A player said goodbye in the waiting room (Leave the table): their open seats are free at
        once. Held for the grace window instead, the seat read 'lost the connection, held for them',
        counted as taken (the host could start without them) and was closed to the next friend."""
        released = [i for i in link.seats if self.seats[i].spec.kind == "open" and self.seats[i].link is link]
        for index in released:
            seat = self.seats[index]
            seat.link, seat.token_hash, seat.player, seat.dropped_at = None, None, "", None
        link.seats = tuple(i for i in link.seats if i not in released)
        if released:
            self._write_sidecar()

    def _on_hello(self, link: Link, hello: Hello) -> None:
        link.name = hello.name
        token = new_token()
        if hello.token is not None:
            wanted = hash_token(hello.token)
            mine = tuple(i for i, s in enumerate(self.seats) if s.token_hash == wanted)
            if not mine:
                self._close_link(link, "auth/bad_token")
                return
            token = hello.token
            for index in mine:
                old = self.seats[index].link
                if old is not None and old is not link:  # a half-open old connection: the new one wins
                    self._close_link(old, "seat/taken")
                    old.seats = ()
        elif hello.spectator:
            mine = ()
        else:
            if hello.seats:
                for index in hello.seats:
                    if index >= len(self.seats) or self.seats[index].spec.kind != "open":
                        self._close_link(link, "seat/invalid")
                        return
                    if self.seats[index].token_hash is not None:
                        self._close_link(link, "seat/taken")
                        return
                mine = hello.seats
            else:
                free = [i for i, s in enumerate(self.seats) if s.spec.kind == "open" and s.token_hash is None]
                if not free:
                    self._close_link(link, "seat/none_free")
                    return
                mine = (free[0],)
            for index in mine:
                self.seats[index].token_hash = hash_token(token)
        link.seats = tuple(sorted(mine))
        link.spectator = not mine
        players = hello.seat_names(link.seats)
        for index in link.seats:
            seat = self.seats[index]
            seat.link, seat.dropped_at, seat.standin = link, None, None
            # the people at the host's screen keep the names typed in its setup
            if seat.spec.kind == "local" and seat.spec.name:
                seat.player = seat.spec.name
            else:
                seat.player = self._unique_name(index, players[index])
        self._write_sidecar()
        self._send(link, Welcome(token, link.seats, link.spectator, self.table_name, self.config, self.heartbeat))
        self._table_changed()
        if self.started:
            self._send(link, Start())
            self._send_full_updates(link)
            self._schedule_bots()  # stand-ins for the others wait while nobody is at the table
        elif self.auto_start and all(s.taken for s in self.seats):
            self.start_game()

    def _unique_name(self, index: int, wanted: str) -> str:
        """`wanted`, or `wanted 2`, `wanted 3`... if another seat already goes by it: two guests who
        both kept the default name (or two Annas) would otherwise read "Ann played Red 7" in the log
        and never know which Ann. A seat rejoining keeps its own name (it is not another seat's)."""
        others = [info.name for i, info in enumerate(self.table_status().seats)
                  if i != index and (info.taken or self.seats[i].spec.kind == "local")]
        return unique_name(wanted, others, MAX_NAME)

    def start_game(self) -> None:
        """Deal and let everyone in: each connection gets `start` and a full update per seat."""
        if self.started:
            return
        self._name_the_seats()
        self.started = True
        self._write_sidecar()
        self._autosave()
        for link in list(self.links.values()):
            if link.conn.state is State.LOBBY:
                self._send(link, Start())
                self._send_full_updates(link)
        self._table_changed()
        self._schedule_bots()

    def bots_for_empty_seats(self, level: str = "expert") -> str:
        """Before the start, a bot of `level` sits in every open seat nobody took: a friend who did
        not come no longer means closing the table and hosting it again (everyone re-joining).
        Returns "" when done, else why not (nothing changes): a table already on, or a game whose
        chosen options a bot cannot play (the Labyrinth played together), since the players were
        welcomed with those options and keep them."""
        if self.started or self._closing:
            return "the game has already started"
        empty = [i for i, s in enumerate(self.seats) if s.spec.kind == "open" and s.token_hash is None]
        if not empty:
            return ""
        if not any(s.taken for s in self.seats if s.spec.kind != "bot"):
            return "nobody has sat down yet"  # bots alone would play the game out to nobody
        specs = [SeatSpec(s.spec.kind, s.spec.level, s.spec.name) for s in self.seats]
        for index in empty:
            specs[index] = SeatSpec("bot", level, bot_name(index - 1))
        configs = [self._seat_config(i, Seat(spec)) for i, spec in enumerate(specs)]
        options = dict(self.config.options)
        kinds = [c.kind for c in configs]
        for option in self.engine.options:
            if option.name in options and options[option.name] not in [v for v, _ in option.choices_for(kinds)]:
                chosen = dict(option.choices).get(options[option.name], str(options[option.name]))
                return f"a bot cannot play {option.label.lower()} '{chosen}'. {option.people_only_reason}".strip()
        config = GameConfig.make(self.config.game, configs, **options)
        try:
            self.engine.check_config(config)
        except (IllegalAction, ValueError) as exc:
            return str(exc)
        for index in empty:
            seat = self.seats[index]
            seat.spec, seat.dropped_at, seat.standin = specs[index], None, None
            seat.spec.name = self._unique_name(index, seat.spec.name)
        self.config = GameConfig.make(self.config.game, [self._seat_config(i, s) for i, s in enumerate(self.seats)],
                                      **options)
        self._deal()
        self._bots = self._seat_bots()
        self._write_sidecar()
        self._table_changed()
        return ""

    def new_game(self) -> bool:
        """Play again: once the game is over, a fresh deal (a new seed) for the same seats, names,
        tokens and options. Every connection in the game gets a full update (`resync`, version 0),
        which is how a client learns a new game began. False (nothing changes) while a game is on."""
        if not self.started or self._closing or not self.engine.is_over(self.state):
            return False
        self.seed = token_source.randbits(62)
        self._deal()
        self.actions = []
        self.game_over.clear()
        self._bots = self._seat_bots()
        self._autosave()
        for link in list(self.links.values()):
            if link.conn.state is State.IN_GAME:
                self._send_full_updates(link)
        self._schedule_bots()
        return True

    def _name_the_seats(self) -> None:
        """The game calls each player by the name they sat down with, as the seat list does: the
        engine's words ("Ann wins, landing in 1969.") then agree with every screen, and the save
        keeps the names. Only before the first move: the names are part of the game's state (the
        deal does not depend on them). A seat nobody sat in keeps its name ('Seat 3'); a stand-in
        later plays on under the person's name, as the seat is still theirs."""
        if self.actions:
            return
        names = [(seat.player or config.name)[:MAX_NAME] for seat, config in zip(self.seats, self.config.seats)]
        if names == [config.name for config in self.config.seats]:
            return
        seats = tuple(SeatConfig(c.kind, name, c.level) for c, name in zip(self.config.seats, names))
        self.config = GameConfig(self.config.game, seats, self.config.options)
        self._deal()

    def _deal(self) -> None:
        """The first position of a game of this config and seed."""
        self.state = self.previous_state = self.engine.new_game(self.config, self.seed)
        self.start_hash = self.engine.state_hash(self.state)  # saved, so a changed scenario is named on resume

    def _seat_bots(self) -> dict[int, Bot]:
        """The bots of the bot seats, seeded by the game's seed."""
        return {i: make_bot(self.config.game, s.spec.level, self.engine, i, self.seed * 1_000_003 + i)
                for i, s in enumerate(self.seats) if s.spec.kind == "bot"}

    def _reject(self, link: Link, code: str, seat: int, message: str = "") -> None:
        self._send(link, ErrorMsg(code, (message or ERROR_CODES[code])[:400], seat, self.version))

    def _on_action(self, link: Link, msg: ActionMsg) -> None:
        """The fixed order: bound to the seat, may act now, not stale, legal."""
        action, seat = msg.action, msg.action.seat
        if seat not in link.seats:
            return self._reject(link, "action/not_your_seat", seat)
        if self.engine.is_over(self.state):
            return self._reject(link, "action/game_over", seat)
        if not self.engine.legal_actions(self.state, seat):
            return self._reject(link, "action/not_your_turn", seat)
        if msg.version != self.version:
            return self._reject(link, "action/stale", seat)
        try:
            self._apply(action)
        except IllegalAction as exc:
            self._reject(link, "action/illegal", seat, self._safe_reason(str(exc), seat))

    def _safe_reason(self, reason: str, seat: int) -> str:
        """The rules' sentence, unless it would name something the seat may not know."""
        hidden = self.engine.secrets(self.state, seat)
        if any(token in reason for token in hidden):
            return ERROR_CODES["action/illegal"]
        return reason

    def _apply(self, action: Action) -> None:
        new_state, events = self.engine.apply(self.state, action)
        self.previous_state, self.state = self.state, new_state
        self.actions.append(action)
        self._autosave()
        self._broadcast(events, action.seat)
        if self.engine.is_over(self.state):
            self.game_over.set()
        else:
            self._schedule_bots()

    # --- updates --------------------------------------------------------------------------------
    def _update_for(self, seat: int | None, events: list[Event], actor: int | None, resync: bool,
                    common: tuple) -> UpdateMsg:
        active, outcome, digest = common
        view = unpack(pack(self.engine.view(self.state, seat)))
        legal = tuple(self.engine.legal_actions(self.state, seat)) if seat is not None else ()
        return UpdateMsg(seat, tuple(events_for(events, seat)), view, legal, active, self.version, digest,
                         outcome, actor, resync)

    def _common(self) -> tuple:
        return (tuple(self.engine.active_seats(self.state)), self.engine.result(self.state), self.state_hash)

    def _broadcast(self, events: list[Event], actor: int | None) -> None:
        common = self._common()
        cache: dict[int | None, UpdateMsg] = {}
        for link in list(self.links.values()):
            if link.conn.state is not State.IN_GAME:
                continue
            for seat in (link.seats if not link.spectator else (None,)):
                if seat not in cache:
                    cache[seat] = self._update_for(seat, events, actor, False, common)
                self._send(link, cache[seat])

    def _send_full_updates(self, link: Link) -> None:
        common = self._common()
        for seat in (link.seats if not link.spectator else (None,)):
            self._send(link, self._update_for(seat, [], None, True, common))

    def _table_changed(self) -> None:
        status = self.table_status()
        for link in list(self.links.values()):
            if link.conn.state in (State.LOBBY, State.IN_GAME):
                self._send(link, status)
        for listener in self.listeners:
            try:
                listener(self)
            except Exception:
                log.exception("table listener failed")

    # --- bots -----------------------------------------------------------------------------------
    def _bot_for(self, seat: int) -> Bot | None:
        """The seat's own bot, or its stand-in while at least one person is still at the table (a
        table everyone has left waits for them: stand-ins never play a game out to nobody)."""
        return self._bots.get(seat) or (self.seats[seat].standin if self.someone_connected() else None)

    def someone_connected(self) -> bool:
        """A person (not a spectator) holds a live connection to one of the seats."""
        return any(s.link is not None for s in self.seats if s.spec.kind != "bot")

    def _schedule_bots(self) -> None:
        if not self.started or self._closing or self.engine.is_over(self.state):
            return
        self._arm_turn_grace()
        if self._bot_task is not None and not self._bot_task.done():
            return
        if any(self._bot_for(s) for s in self.engine.active_seats(self.state)):
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_turn())

    async def _bot_turn(self) -> None:
        if self.bot_delay > 0:
            await asyncio.sleep(self.bot_delay)
        for seat in self.engine.active_seats(self.state):
            bot = self._bot_for(seat)
            if bot is None:
                continue
            version = self.version
            view = unpack(pack(self.engine.view(self.state, seat)))
            legal = [Action.from_wire(unpack(pack(a.to_wire()))) for a in self.engine.legal_actions(self.state, seat)]
            if not legal:
                continue
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(self._bot_pool, bot.choose, view, legal)
            self._bot_task = None
            if self.version == version and self._bot_for(seat) is bot and not self._closing:
                self._apply(action)
            else:  # a person moved meanwhile: think again on the new position
                self._schedule_bots()
            return
        self._bot_task = None


def secret_scalars_in(frame_maps: Iterable[Any], hidden: set[str]) -> set[str]:
    """The hidden strings that occur anywhere in decoded frames (the leak test's scanner)."""
    return {s for frame in frame_maps for s in iter_scalars(frame) if isinstance(s, str) and s in hidden}


class HostHandle:
    """A TableHost running on its own thread and event loop (the pygame program embeds it this way).

    Thread-safe: every call is marshalled onto the host's loop.
    """

    def __init__(self, host: TableHost, loop: asyncio.AbstractEventLoop, thread: threading.Thread,
                 address: str, port: int) -> None:
        self.host, self.loop, self.thread = host, loop, thread
        self.address, self.port = address, port

    @property
    def local_token(self) -> str:
        """The token that claims the `local` seats (the hosting machine's own RemoteSession)."""
        return self.host.local_token

    def call(self, fn: Callable[[], Any], timeout: float = 5.0) -> Any:
        """Run `fn` on the host's loop and return its result."""
        async def run() -> Any:
            return fn()
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    def start_game(self) -> None:
        self.call(self.host.start_game)

    def table_status(self) -> TableStatus:
        return self.call(self.host.table_status)

    def new_game(self) -> bool:
        """Play again at this table once its game is over (see TableHost.new_game)."""
        return self.call(self.host.new_game)

    def free_seats(self) -> int:
        return self.call(self.host.free_seats)

    def bots_for_empty_seats(self, level: str = "expert") -> str:
        """Seat bots in the open seats nobody took (see TableHost.bots_for_empty_seats)."""
        return self.call(lambda: self.host.bots_for_empty_seats(level))

    def keep_screen_state(self, table_state: dict[str, int], pad_numbers: dict[int, int]) -> None:
        """Hand the host what the hosting screen's table keeps beside the game (see
        TableHost.keep_screen_state) without waiting for it: the screen's frame never stalls on it."""
        kept = (dict(table_state), dict(pad_numbers))
        try:
            self.loop.call_soon_threadsafe(lambda: self.host.keep_screen_state(*kept))
        except RuntimeError:  # the host already stopped: nothing is saved any more
            log.info("the host stopped before it could keep the screen's table state")

    def screen_state(self) -> tuple[dict[str, int], dict[int, int]]:
        """What the host keeps for the hosting screen's table (table state, pad numbers), copied."""
        return self.call(lambda: (dict(self.host.table_state), dict(self.host.pad_numbers)))

    def snapshot(self) -> tuple[int, str, bool]:
        """(version, state hash, is over) as of now."""
        return self.call(lambda: (self.host.version, self.host.state_hash, self.host.engine.is_over(self.host.state)))

    def connect_local(self, name: str = "Host", **kwargs: Any):
        """A RemoteSession over loopback that plays this machine's `local` seats."""
        from net.client import RemoteSession

        return RemoteSession("127.0.0.1", self.port, name=name, token=self.local_token, **kwargs)

    def stop(self, timeout: float = 5.0) -> None:
        if not self.thread.is_alive():
            return
        try:
            asyncio.run_coroutine_threadsafe(self.host.close(), self.loop).result(timeout)
        except (concurrent.futures.TimeoutError, RuntimeError):
            pass
        async def drain() -> None:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        try:
            asyncio.run_coroutine_threadsafe(drain(), self.loop).result(timeout)
        except (concurrent.futures.TimeoutError, RuntimeError):
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout)


def start_host(game: str, seats: Sequence[SeatSpec] | str, *, address: str = "127.0.0.1", port: int = 0,
               resume_from: Path | None = None, **kwargs: Any) -> HostHandle:
    """Start a table on a background thread and return once it listens.

    `seats` is a list of SeatSpec or the `--seats` text; `address` should come from
    `net.discovery.host_addresses()` in the program (tests: 127.0.0.1); `resume_from` an autosave to
    resume (its sidecar must sit beside it). Other keywords go to TableHost.
    """
    specs = parse_seats(seats) if isinstance(seats, str) else list(seats)
    ready = threading.Event()
    box: dict[str, Any] = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        box["loop"] = loop
        try:
            async def setup() -> None:
                if resume_from is not None:
                    host = TableHost.resume(resume_from, **kwargs)
                else:
                    host = TableHost(game, specs, **kwargs)
                box["host"] = host
                box["port"] = await host.listen(address, port)
            loop.run_until_complete(setup())
        except BaseException as exc:
            box["error"] = exc
            ready.set()
            loop.close()
            return
        ready.set()
        try:
            loop.run_forever()
        finally:
            loop.close()

    thread = threading.Thread(target=run, name=f"host-{game}", daemon=True)
    thread.start()
    ready.wait(30)
    if "error" in box:
        raise box["error"]
    if "host" not in box:
        raise TimeoutError("the host did not start listening")
    return HostHandle(box["host"], box["loop"], thread, address, box["port"])
