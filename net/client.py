"""RemoteSession: a LAN table seen through the same Session interface as LocalSession.

The network runs on its own thread with its own asyncio loop; the UI's fixed-timestep loop only
touches two thread-safe queues (messages in, requests out), so `poll()` and `submit()` never block
and never stall a frame. The session reconnects by itself with its token when the link drops and
asks for a full resync when an update shows a version gap or a state-hash disagreement.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import math
import queue
import random
import threading
import time
from functools import lru_cache
from typing import Any, Callable, Sequence

from game.core.registry import UnknownGame, find_game, game_info
from game.core.types import Action, GameConfig, Outcome
from game.session.base import SeatStatus, Session, Update
from net.protocol import (
    ERROR_CODES,
    FEATURES,
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
    Sender,
    Start,
    State,
    TableStatus,
    UpdateMsg,
    Welcome,
)

log = logging.getLogger("tabletime.client")

FINAL_CODES = frozenset({"auth/bad_token", "seat/taken", "seat/invalid", "seat/none_free", "protocol/version",
                         "host/full", "host/closing"})
"""A bye with one of these means retrying cannot help (`host/closing`: the host closed the table on
purpose; only a dropped connection or a host that died is worth the reconnect window)."""

STATUS_CONNECTING = "connecting…"
STATUS_RECONNECTING = "reconnecting…"
STATUS_HOST_GONE = "host gone"
STATUS_HOST_CLOSED = "The host closed the table"
STATUS_HOST_RESTARTING = "the host is restarting…"
STATUS_UNFIT = "the host sent a table this program cannot show"
MAX_SCORE = 1_000_000  # a score from the host beyond this (or not a number at all) is no game's


def action_kinds(game: str) -> frozenset[str] | None:
    """The moves `game`'s rules offer (each engine declares its `action_kinds`): a host that offers
    moves of other names leaves the guest 'to play' with nothing the table can offer. None when
    this program has no engine for the game, or one that declares none."""
    try:
        return frozenset(find_game(game).action_kinds) or None
    except UnknownGame:
        return None


MAX_VIEW_NUMBER = 1_000_000
"""No game's view holds a number this large (a count, a year, a score); a host that sends one is
counting nothing real, and the table would draw it as it came."""
COUNTS = ("count", "size", "sizes", "round", "rounds", "players", "seats", "turn_number", "turn_cap")
"""Top-level view keys (by how their name ends) that count something, so never go below zero."""
SEAT_KEYS = ("turn", "seat", "dealer", "starter", "draw_from", "winner", "ender")
"""Top-level view keys that name a seat when they hold a number: a seat of this table, a whole number."""


def _absurd_number(value: Any, depth: int = 0) -> float | None:
    """The first number in `value` that no view holds (not finite, or beyond MAX_VIEW_NUMBER)."""
    if isinstance(value, bool) or depth > 40:
        return None
    if isinstance(value, (int, float)):
        return value if not math.isfinite(value) or abs(value) > MAX_VIEW_NUMBER else None
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for item in items:
        found = _absurd_number(item, depth + 1)
        if found is not None:
            return found
    return None


def _odd_count(view: dict[str, Any]) -> str | None:
    """A key that counts something (a deck, a hand, a round) holding a number below zero or a
    fraction (the table showed '-1 cards left', '0.5 cards left')."""
    for key, value in view.items():
        if not isinstance(key, str) or not key.endswith(COUNTS):
            continue
        numbers = value if isinstance(value, list) else [value]
        if any(isinstance(n, float) or isinstance(n, int) and not isinstance(n, bool) and n < 0 for n in numbers):
            return key
    return None


def _strings(value: Any, found: set[str], depth: int = 0) -> set[str]:
    """Every string in `value` (map keys too)."""
    if isinstance(value, str):
        found.add(value)
    elif depth <= 40 and isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str):
                found.add(key)
            _strings(item, found, depth + 1)
    elif depth <= 40 and isinstance(value, (list, tuple)):
        for item in value:
            _strings(item, found, depth + 1)
    return found


def _unseen_move_word(update: UpdateMsg) -> str | None:
    """A card or place a legal move names that the view nowhere shows (a plain word such as 'deck'
    aside): the table offers moves on what it shows, so such a move can never be made, and a seat
    whose every move is one waits for ever (the host sent an empty hand and 'play lc-y-02')."""
    if not update.legal:
        return None
    shown = _strings(update.view, set())
    hand = update.view.get("hand")
    held = set(hand) if isinstance(hand, list) and all(isinstance(card, str) for card in hand) else None
    for action in update.legal:
        for name, value in action.args:
            words = _strings(value, set())
            if held is not None and name in ("card", "cards"):  # a card played from the hand is in it
                shown_here = held
            else:
                shown_here = shown
            for word in words:
                if word not in shown_here and not (word.isalpha() and word.islower()):
                    return word
    return None


def _unknown_card(view: dict[str, Any]) -> str | None:
    """A card the view names but does not describe, where the view carries its cards' faces (a
    `cards` map, as Lost in Time's): a hand card missing from it, or any id of the map's kind
    ('lt-…') that it lacks. The table drew such a card as a blank '0 ?' and played on."""
    faces = view.get("cards")
    if not isinstance(faces, dict):
        return None
    hand = view.get("hand")
    for card in hand if isinstance(hand, list) else ():
        if not isinstance(card, str) or card not in faces:
            return str(card)
    prefixes = {key.split("-", 1)[0] + "-" for key in faces if isinstance(key, str) and "-" in key}
    if not prefixes:
        return None
    rest = _strings({key: value for key, value in view.items() if key != "cards"}, set())
    return next((word for word in sorted(rest) if word.startswith(tuple(prefixes)) and word not in faces), None)


def _kind(value: Any) -> str:
    """The plain-data kind of a view value (numbers alike: a host may send 2.0 for 2)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    return type(value).__name__


REFERENCE_MOVES = 24  # a few moves into a game dealt here, most values that start empty have a kind


@lru_cache(maxsize=8)
def _reference(config: GameConfig) -> tuple[dict[str, str], dict[str, frozenset[str]]] | None:
    """A game dealt here with the host's own config, seen by each seat and a spectator over its
    first moves: each top-level key's kind (see `reference_view`) and the fields of each map that
    was always there with the same fields (a hero's place, a deck's counts; maps keyed by card ids,
    which come and go, and maps that are sometimes None, such as the last move, are left out).
    None when this program has no engine for the game."""
    try:
        engine = find_game(config.game)
    except UnknownGame:
        return None
    state = engine.new_game(config, 0)
    kinds: dict[str, str] = {}
    fields: dict[str, frozenset[str] | None] = {}
    moves = random.Random(0)
    for _ in range(REFERENCE_MOVES):
        for seat in [None, *range(config.seat_count)]:  # a value None for one viewer has a kind for another
            for key, value in engine.view(state, seat).items():
                if kinds.get(str(key), "none") == "none":
                    kinds[str(key)] = _kind(value)
                if isinstance(value, dict):
                    names = frozenset(str(name) for name in value)
                    fields[str(key)] = names if fields.get(str(key), names) == names else None
                else:  # (a map that is sometimes None, as the last move is, changes with what it holds)
                    fields[str(key)] = None
        active = engine.active_seats(state)
        if engine.is_over(state) or not active:
            break
        state, _ = engine.apply(state, moves.choice(engine.legal_actions(state, active[0])))
    fixed = {key: names for key, names in fields.items()
             if names and not any(char.isdigit() for name in names for char in name)}
    return kinds, fixed


def reference_view(config: GameConfig) -> dict[str, str] | None:
    """Each top-level key of this game's view and the kind of its value, from a game dealt here
    with the host's own config, as each seat and a spectator see it over its first moves (every
    view of a game has the same keys; a value still empty by then is None and accepts any kind).
    None when this program has no engine for the game (no table opens for it anyway)."""
    reference = _reference(config)
    return None if reference is None else reference[0]


def config_problem(config: GameConfig, seats: Sequence[int]) -> str | None:
    """Why the host's welcome cannot be a table of its game (a seat count the game does not take,
    an option it does not have, seats given to us that the table does not have), or None."""
    try:
        engine = find_game(config.game)
    except UnknownGame:
        return None  # the waiting room says this program has no table for it
    try:
        engine.check_config(config)
        reference_view(config)
    except Exception as exc:  # noqa: BLE001 - whatever the engine makes of it, it is no table
        return f"its {_title(config.game)} table cannot be dealt here ({exc})"
    if any(seat >= config.seat_count for seat in seats):
        return f"it gave this screen seat {max(seats) + 1} of a {config.seat_count}-seat table"
    return None


def outcome_problem(outcome: Outcome, seat_count: int) -> str | None:
    """Why a game's end from the host cannot be this table's (seats it does not have, a score
    that is no number a game makes), or None. The results screen and the record trust it."""
    if len(outcome.scores) != seat_count:
        return f"its result scores {len(outcome.scores)} seats at a {seat_count}-seat table"
    for score in outcome.scores:
        if score is None:
            continue
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not math.isfinite(score) \
                or abs(score) > MAX_SCORE:
            return f"its result holds a score of {str(score)[:20]!r}"
    seats = [seat for group in outcome.ranking for seat in group] + list(outcome.winners)
    if any(not 0 <= seat < seat_count for seat in seats):
        return "its result ranks a seat the table does not have"
    if len(outcome.breakdown) > seat_count:
        return "its result explains more seats than the table has"
    for lines in outcome.breakdown:
        for line in lines:  # the results screen writes each as 'label ... value'
            label, value = line.get("label"), line.get("value")
            if not isinstance(label, str) or isinstance(value, bool) or not isinstance(value, (str, int, float)) \
                    or isinstance(value, float) and not math.isfinite(value):
                return "its result explains a score in lines that are not words and numbers"
    return None


def _title(game: str) -> str:
    try:
        return game_info(game).title
    except UnknownGame:
        return game


def update_problem(config: GameConfig, mine: Sequence[int], spectator: bool, update: UpdateMsg) -> str | None:
    """Why an update from the host cannot be shown at this table, in words for the log and the
    player; None when it fits. A hostile or broken host's view for another game, for a seat that
    is not ours, with fields of the wrong kind, empty, or a position where nobody (or we, without a
    single move) is to play, used to leave the guest at an empty or frozen table without a word.
    Last, the game's own rules say whether an honest table could show this view at all
    (`Engine.view_problem`: cards the game lacks, lists of the wrong length, seats it lacks...) and
    offer these moves beside it (`Engine.moves_problem`: a slot beyond the row, a card not in hand...)."""
    count = config.seat_count
    if spectator and update.seat is not None or not spectator and update.seat not in mine:
        who = "a spectator" if update.seat is None else f"seat {update.seat + 1}"
        return f"it sent this screen the view of {who}"
    if any(seat >= count for seat in update.active) or (update.actor is not None and update.actor >= count):
        return f"it named a seat a {count}-seat table does not have"
    if update.outcome is not None:
        problem = outcome_problem(update.outcome, count)
        if problem:
            return problem
    elif not update.active:
        return "its table waits for nobody, so no move can ever come"
    elif update.seat in update.active and not update.legal:
        return "it gave this screen the turn without a single move to make"
    kinds = action_kinds(config.game)
    strange = sorted({action.kind for action in update.legal if kinds is not None and action.kind not in kinds})
    if strange:
        return f"it offered a move {_title(config.game)} does not have ({strange[0][:30]!r})"
    known = _reference(config)
    if known is None:
        return None
    reference, fixed = known
    if not update.view:
        return "it sent an empty table"
    missing = [key for key in reference if key not in update.view]
    if missing:
        return (f"its view lacks {', '.join(sorted(missing)[:3])}{'…' if len(missing) > 3 else ''}: "
                f"it is not a {_title(config.game)} table as this version knows it")
    for key, kind in reference.items():
        got = _kind(update.view[key])
        if kind != "none" and got not in ("none", kind):
            return f"its view's {key} is a {got}, not a {kind}"
    for key, names in fixed.items():
        value = update.view.get(key)
        if isinstance(value, dict) and not names <= set(value):
            return f"its view's {key} lacks {', '.join(sorted(names - set(value))[:3])}"
    absurd = _absurd_number(update.view)
    if absurd is not None:
        return f"its view holds the number {str(absurd)[:24]}, which no table counts"
    odd = _odd_count(update.view)
    if odd is not None:
        return f"its view counts {odd} below zero or in fractions"
    unknown = _unknown_card(update.view)
    if unknown is not None:
        return f"its view names a card it does not show ({unknown[:30]!r})"
    unseen = _unseen_move_word(update)
    if unseen is not None:
        return f"it offered a move on {unseen[:30]!r}, which its table does not show"
    if any(name == "target" and isinstance(value, int) and not 0 <= value < count
           for action in update.legal for name, value in action.args):
        return f"it offered a move on a seat a {count}-seat table does not have"
    for key in SEAT_KEYS:
        seat = update.view.get(key)  # (a number here; the Labyrinth's turn is a map of the turn's state)
        if _kind(seat) == "number" and (not isinstance(seat, int) or not 0 <= seat < count):
            return f"its view's {key} is {str(seat)[:20]}, not a seat of a {count}-seat table"
    turn = update.view.get("turn")
    if (update.outcome is None and isinstance(turn, int) and not isinstance(turn, bool)
            and turn not in update.active):
        return "its view says it is another seat's turn than it waits for"
    if "seat" in reference and update.view.get("seat") != update.seat:
        return "its view is of another seat than it says"
    if "game" in reference and reference["game"] == "str" and update.view.get("game") != config.game:
        return f"its view is of {str(update.view.get('game'))[:30]!r}, not {_title(config.game)}"
    engine = find_game(config.game)
    return engine.view_problem(update.view, update.seat, config) or \
        engine.moves_problem(update.view, update.legal, update.seat, config)


class RemoteSession(Session):
    """A seat (or several, or a spectator's chair) at a table hosted elsewhere on the LAN.

    `seats` empty and not `spectator` takes any free seat; `token` rejoins the seats it was issued
    for (after a restart of this program, keep `session.token`). `names` gives each seat its own
    player (`names[i]` for `seats[i]`; with a token, for the token's seats in seat order); seats
    without one are called `name`. Until the host's welcome arrives, `config` and `game_id` are None
    and `ready` is False.
    """

    def __init__(self, address: str, port: int, *, name: str = "Player", seats: Sequence[int] = (),
                 spectator: bool = False, token: str | None = None, names: Sequence[str] = (),
                 reconnect_window: float = 120.0, connect_timeout: float = 5.0, ping_interval: float = 2.0,
                 features: Sequence[str] = tuple(sorted(FEATURES))) -> None:
        self.address, self.port, self.name = address, port, name
        self.features = tuple(features)  # wire extensions to ask for (compact updates); () for whole ones
        self.wanted_seats, self.spectator = tuple(seats), spectator
        self.names = tuple(names)
        self.seat_names: dict[int, str] = {}  # seat -> the player name we gave it (known once welcomed)
        self.token: str | None = token
        self.reconnect_window, self.connect_timeout, self.ping_interval = reconnect_window, connect_timeout, ping_interval
        self.game_id: str | None = None  # type: ignore[assignment]
        self.config: GameConfig | None = None  # type: ignore[assignment]
        self.table_name = ""
        self.rtt: float | None = None  # seconds, the last ping round trip
        self.failure: str | None = None  # the error code that ended the session for good
        self.unfit: str | None = None  # why the host's table could not be shown here (it ended the session)
        self._watching = spectator  # the host's welcome says whether we watch (updates for seat None)
        self.reconnects = 0  # times the link was lost and rejoined with the token
        self._my_seats: tuple[int, ...] = ()
        self._table: TableStatus | None = None
        self._started = False
        self._latest: dict[int | None, Update] = {}
        self.game_number = 0  # games dealt at this table after the first (the host's Play again)
        self._seen_hash: dict[int, str] = {}  # version -> hash, to spot drift between our seats
        self._inbox: queue.Queue[Message] = queue.Queue()
        self._ready = threading.Event()
        self._status = STATUS_CONNECTING
        self._connected = False
        self._closing = False
        self._leaving = False  # leave(): the goodbye gives the seats up
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[Message] | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._nonces = itertools.count(1)
        self._pings: dict[int, float] = {}
        self._thread = threading.Thread(target=self._thread_main, name="tabletime-client", daemon=True)
        self._thread.start()

    # --- Session interface ----------------------------------------------------------------------
    def poll(self) -> list[Update]:
        out: list[Update] = []
        while True:
            try:
                message = self._inbox.get_nowait()
            except queue.Empty:
                return out
            update = self._absorb(message)
            if update is not None:
                out.append(update)

    def submit(self, action: Action) -> None:
        if action.seat not in self._my_seats:
            self._local_reject(action.seat, "action/not_your_seat")
            return
        last = self._latest.get(action.seat)
        if not self._connected or last is None:
            self._local_reject(action.seat, "action/stale", "not connected to the host right now")
            return
        self._request(ActionMsg(action, last.version))

    def latest(self, seat: int | None) -> Update | None:
        return self._latest.get(seat)

    def seats(self) -> list[SeatStatus]:
        if self._table is None:
            return []
        kinds = {"open": "remote", "local": "remote", "bot": "bot"}
        return [SeatStatus(info.name, "human" if i in self._my_seats else kinds[info.kind], info.level,
                           info.connected, i in self._my_seats)
                for i, info in enumerate(self._table.seats)]

    def local_seats(self) -> list[int]:
        return list(self._my_seats)

    def leave(self) -> None:
        """Close, giving the seats up on purpose: before the game starts the host frees them at once
        (a plain close, or a lost link, holds them for the grace window)."""
        self._leaving = True
        self.close()

    def close(self) -> None:
        if self._closing:
            return
        self._closing = True
        if self._loop.is_running():
            self._loop.call_soon_threadsafe(self._say_goodbye)
        self._thread.join(3)

    @property
    def status_text(self) -> str:
        return self._status

    # --- extras for the lobby / waiting room and tests -------------------------------------------
    @property
    def ready(self) -> bool:
        """The host welcomed us: config, game_id and local seats are known."""
        return self._ready.is_set()

    @property
    def started(self) -> bool:
        return self._started

    @property
    def table(self) -> TableStatus | None:
        """The last waiting-room / seat status from the host."""
        return self._table

    def wait_until(self, predicate: Callable[[], bool], timeout: float = 10.0) -> bool:
        """Poll until `predicate()` holds (tests and headless tools; the UI polls once per tick)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.poll()
            if predicate():
                return True
            time.sleep(0.002)
        self.poll()
        return predicate()

    def request_resync(self) -> None:
        self._request(Resync())

    def simulate_network_drop(self) -> None:
        """Cut the TCP connection without a goodbye, as a pulled cable would (tests)."""
        def cut() -> None:
            if self._writer is not None:
                self._writer.transport.abort()
        self._loop.call_soon_threadsafe(cut)

    # --- UI side internals ----------------------------------------------------------------------
    def _local_reject(self, seat: int, code: str, message: str = "") -> None:
        last = self._latest.get(seat)
        if last is None:
            return
        self._inbox.put(ErrorMsg(code, message or ERROR_CODES[code], seat, last.version))

    def _request(self, message: Message) -> None:
        def put() -> None:
            if self._outbox is not None:
                self._outbox.put_nowait(message)
        if self._loop.is_running():
            self._loop.call_soon_threadsafe(put)

    def _absorb(self, message: Message) -> Update | None:
        if isinstance(message, Welcome):
            return None
        if isinstance(message, TableStatus):
            self._table = message
            return None
        if isinstance(message, Start):
            self._started = True
            return None
        if isinstance(message, ErrorMsg):
            last = self._latest.get(message.seat)
            if last is None:
                return None
            return Update(last.seat, (), last.view, last.legal, last.active, last.version, last.state_hash,
                          last.outcome, message.message, message.code)
        if isinstance(message, UpdateMsg):
            previous = self._latest.get(message.seat)
            if (message.resync and previous is not None and previous.outcome is not None
                    and message.version < previous.version and message.seat == self._lead_seat()):
                self.game_number += 1  # the host dealt a new game at this table (Play again)
            update = Update(message.seat, message.events, message.view, message.legal, message.active,
                            message.version, message.state_hash, message.outcome, None, None, message.actor)
            self._latest[message.seat] = update
            self._check_drift(message, previous)
            return update
        return None

    def _lead_seat(self) -> int | None:
        """The seat whose updates stand for this connection's (the lowest; None for a spectator)."""
        return min(self._my_seats) if self._my_seats else None

    def _check_drift(self, message: UpdateMsg, previous: Update | None) -> None:
        """A gap in versions or two hashes for one version means we missed something: resync."""
        drift = False
        if not message.resync and previous is not None and message.version != previous.version + 1:
            drift = True
        known = self._seen_hash.get(message.version)
        if known is not None and known != message.state_hash:
            drift = True
        self._seen_hash = {message.version: message.state_hash}
        if drift:
            log.info("state drift at version %s: asking for a resync", message.version)
            self.request_resync()

    # --- network thread -------------------------------------------------------------------------
    def _thread_main(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._run())
        finally:
            self._loop.close()

    async def _run(self) -> None:
        self._outbox = asyncio.Queue()
        ever_connected = False
        lost_at = time.monotonic()
        delay = 0.05
        while not self._closing:
            window = self.reconnect_window if ever_connected else self.connect_timeout
            if time.monotonic() - lost_at > window:
                self._status = STATUS_HOST_GONE
                return
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(self.address, self.port),
                                                        self.connect_timeout)
            except (OSError, asyncio.TimeoutError, UnicodeError):  # UnicodeError: a name no lookup takes ('a..b')
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
                continue
            outcome = await self._converse(reader, writer)
            if outcome == "final" or self._closing:
                return
            if outcome in ("welcomed", "restarting"):
                ever_connected = True
                lost_at = time.monotonic()
                delay = 0.05
            self._status = (STATUS_HOST_RESTARTING if outcome == "restarting"
                            else STATUS_RECONNECTING if ever_connected else STATUS_CONNECTING)

    async def _converse(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> str:
        """One connection from hello to its end: 'final' (do not retry), 'restarting' (the host said
        it restarts: retry), 'welcomed' or 'failed'."""
        conn = Connection(Sender.CLIENT)
        self._writer = writer
        welcomed = False
        assert self._outbox is not None
        while not self._outbox.empty():  # requests made while away refer to an old position
            self._drop_request(self._outbox.get_nowait())

        def send(message: Message) -> None:
            if conn.state is not State.CLOSED and not writer.transport.is_closing():
                writer.write(conn.send(message))

        hello = self._hello()
        send(hello)
        pump = asyncio.create_task(self._pump_outbox(conn, send))
        timeout = 15.0
        try:
            while True:
                try:
                    data = await asyncio.wait_for(reader.read(256 * 1024), timeout)
                except asyncio.TimeoutError:
                    return "welcomed" if welcomed else "failed"
                if not data:
                    return "welcomed" if welcomed else "failed"
                if conn.state is State.CLOSED:  # we said bye; whatever follows does not matter
                    return "final"
                try:
                    messages = conn.receive_data(data)
                except ProtocolError as exc:
                    log.warning("host sent something invalid: %s", exc)
                    messages = exc.decoded
                    for message in messages:
                        self._inbox.put(message)
                    try:
                        writer.write(Connection(Sender.CLIENT).send(Bye.for_error(exc)))
                    except (ProtocolError, OSError):
                        pass
                    self.failure = exc.code  # the same host would send the same again: give up
                    self._status = "the host sent data this program cannot read"
                    return "final"
                for message in messages:
                    problem = self._problem_with(message)
                    if problem is not None:
                        self._refuse(problem, writer)
                        return "final"
                    if isinstance(message, Welcome):
                        welcomed = True
                        self._welcomed(message, hello)
                        timeout = message.heartbeat * 3
                    elif isinstance(message, Ping):
                        send(Pong(message.nonce))
                        continue
                    elif isinstance(message, Pong):
                        sent = self._pings.pop(message.nonce, None)
                        if sent is not None:
                            self.rtt = time.monotonic() - sent
                        continue
                    elif isinstance(message, Bye):
                        if message.code in FINAL_CODES:
                            self.failure = message.code
                            self._status = STATUS_HOST_CLOSED if message.code == "host/closing" else \
                                (message.message or ERROR_CODES[message.code])
                            return "final"
                        if message.code == "host/restarting" and welcomed:
                            return "restarting"  # keep the seats: retry within the reconnect window
                        return "welcomed" if welcomed else "failed"
                    self._inbox.put(message)
        except (ConnectionError, OSError):
            return "welcomed" if welcomed else "failed"
        finally:
            self._connected = False
            pump.cancel()
            await asyncio.gather(pump, return_exceptions=True)
            writer.close()
            self._writer = None

    def _welcomed(self, message: Welcome, hello: Hello) -> None:
        """The host took our hello: the table, our seats and the token to rejoin them with."""
        if self._ready.is_set():
            self.reconnects += 1
        self.token = message.token
        self._my_seats = message.seats
        self.seat_names = hello.seat_names(message.seats)
        self.config, self.game_id = message.config, message.config.game
        self.table_name = message.table
        self._watching = message.spectator
        self._connected = True
        self._status = ""
        self._ready.set()

    def _problem_with(self, message: Message) -> str | None:
        """Why a well-formed message from the host still cannot be this table's (see
        `update_problem`), or None."""
        if isinstance(message, Welcome):
            return config_problem(message.config, message.seats)
        if self.config is None:
            return None
        if isinstance(message, TableStatus) and len(message.seats) != self.config.seat_count:
            return f"it listed {len(message.seats)} seats at a {self.config.seat_count}-seat table"
        if isinstance(message, UpdateMsg):
            try:
                return update_problem(self.config, self._my_seats, self._watching, message)
            except Exception as exc:  # noqa: BLE001 - an engine that cannot deal the host's config here
                return f"its table cannot be dealt here ({exc})"
        return None

    def _refuse(self, problem: str, writer: asyncio.StreamWriter | None = None) -> None:
        """Leave a table whose host sent something no table of its game can be (network thread):
        the host is told it was a bad message, and the screen says what went wrong."""
        self._mark_unfit(problem)
        if writer is not None:
            try:
                writer.write(Connection(Sender.CLIENT).send(Bye.for_error("protocol/bad_message")))
            except (ProtocolError, OSError):
                pass

    def refuse_table(self, problem: str) -> None:
        """The table scene could not show what the host sent (UI thread): leave it as `_refuse`
        does, so the screen says so instead of failing again at every frame."""
        self._mark_unfit(problem)
        self.close()

    def _mark_unfit(self, problem: str) -> None:
        """Remember the first reason the host's table cannot be shown here, and end the session for good."""
        if self.unfit is None:
            log.warning("the host sent a table this program cannot show: %s", problem)
            self.unfit = problem
            self.failure = "protocol/bad_message"  # the same host would send the same again: give up
            self._status = STATUS_UNFIT

    def _hello(self) -> Hello:
        """The first frame of every connection; a rejoin names the seats as the first join did."""
        if self.token is None:
            return Hello(self.name, seats=self.wanted_seats, spectator=self.spectator,
                         names=self.names[:len(self.wanted_seats)] if self.wanted_seats else self.names[:1],
                         features=self.features)
        if self.seat_names:
            names = tuple(self.seat_names[s] for s in sorted(self.seat_names))
        else:
            names = self.names
        return Hello(self.name, token=self.token, names=names, features=self.features)

    async def _pump_outbox(self, conn: Connection, send: Callable[[Message], None]) -> None:
        assert self._outbox is not None
        next_ping = time.monotonic() + self.ping_interval
        while True:
            try:
                message = await asyncio.wait_for(self._outbox.get(), max(0.01, next_ping - time.monotonic()))
            except asyncio.TimeoutError:
                message = None
            if message is not None:
                try:
                    send(message)
                except ProtocolError:  # e.g. an action before the game started: nothing to send
                    self._drop_request(message)
            if time.monotonic() >= next_ping:
                next_ping = time.monotonic() + self.ping_interval
                if conn.state in (State.LOBBY, State.IN_GAME):
                    self.ping_now(send)

    def _drop_request(self, message: Message) -> None:
        """A move that never reached the host comes back as a refusal, so the UI can offer it again."""
        if isinstance(message, ActionMsg):
            self._inbox.put(ErrorMsg("action/stale", "the connection to the host was lost; try again",
                                     message.action.seat, message.version))

    def ping_now(self, send: Callable[[Message], None] | None = None) -> None:
        nonce = next(self._nonces) % 2**32
        self._pings = {n: t for n, t in self._pings.items() if time.monotonic() - t < 30}
        self._pings[nonce] = time.monotonic()
        if send is not None:
            send(Ping(nonce))
        else:
            self._request(Ping(nonce))

    def _say_goodbye(self) -> None:
        self._closing = True
        if self._outbox is not None:
            self._outbox.put_nowait(Bye(leave=self._leaving))
        if self._writer is not None:
            self._loop.call_later(0.05, self._writer.close)
