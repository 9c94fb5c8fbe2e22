"""The LAN protocol as a sans-IO core: bytes in, validated messages out; messages in, bytes out.

No sockets and no asyncio here (h11/websockets style), so every rule is tested on raw bytes.

* A frame is a 4-byte big-endian length followed by that many bytes of one msgpack map.
* Every map has a string `type`; each type is a frozen dataclass validated on construction from the
  wire (types, sizes, ranges) before anything reaches an engine.
* One transition table (`TRANSITIONS`) says which side may send which type in which connection
  state: hello -> joining -> lobby -> in_game -> closed.
* Every failure is a `ProtocolError` with a stable code from `ERROR_CODES`. What a peer is told is
  the fixed text of the code (plus, for rejected actions, the rules' own sentence); the local
  `detail` is for logs only, so internals never cross the wire.

docs/PROTOCOL.md is the reference for all of this.
"""

from __future__ import annotations

import enum
import re
import struct
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping

from game.core.types import Action, Event, GameConfig, InvalidAction, Outcome
from game.core.wire import WireError, pack, unpack

PROTOCOL_VERSION = 1

FEATURE_UPDATE_DELTA = "update-delta"
"""A hello may ask for compact updates (an addition within protocol 1; a host that predates it
ignores the hello's `features` and sends whole updates). On such a connection the host leaves out
of each `update` what this seat already received on it, and the client's Connection puts it back
before anything else sees the message (`UpdateMemory`), so a scene gets the very same view:

* `patch: [key]` - the view is a patch on the seat's previous one: only top-level keys whose value
  changed are sent, `patch` lists those that went away. A key that held a map and still does (Lost
  in Time's `cards`: the static title, year and caption of every card in sight) is sent as its new
  or changed entries; `drop: {key: [entry]}` lists entries that went away and `known: {key:
  [entry]}` entries that come back with the value they had when sent earlier on this connection;
* `moves: [[kind, [arg names], [[arg values]...]]...]` - the legal moves grouped by kind and
  argument names, in their order, instead of `legal` (which is then empty).

A `resync` update is always whole and starts the seat's memory again; a new connection starts
empty on both sides, so a guest joining or rejoining mid-game gets every fact in its first update."""
FEATURES = frozenset({FEATURE_UPDATE_DELTA})
"""The extensions this program understands (a client asks for them, a host grants them)."""

MAX_FRAME_FROM_CLIENT = 64 * 1024
"""Hard cap on one frame a host accepts (actions and hellos are tiny)."""
MAX_FRAME_FROM_HOST = 256 * 1024
"""Hard cap on one frame a client accepts (an update carries a whole view and its legal actions)."""

HEADER = struct.Struct(">I")
MAX_NAME = 40
MAX_TOKEN = 64
MAX_SEATS = 64
MAX_TEXT = 400
MAX_LIST = 4096
MAX_DEPTH = 32
MAX_VERSION = 2**53
MAX_FEATURES = 16
MAX_REMEMBERED = 4 * 1024 * 1024
"""Cap on what a client keeps of earlier updates for `update-delta` (packed bytes, per connection)."""
HASH_RE = re.compile(r"[0-9a-f]{64}")
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")

ERROR_CODES: dict[str, str] = {
    "protocol/bad_frame": "the data received is not a valid frame",
    "protocol/too_big": "a frame was larger than allowed",
    "protocol/bad_message": "a message had missing or invalid fields",
    "protocol/unknown_type": "a message had an unknown type",
    "protocol/unexpected": "that message is not allowed at this point",
    "protocol/version": "the two programs speak different protocol versions",
    "protocol/timeout": "the other side stopped answering",
    "auth/bad_token": "the reconnect token is not valid at this table",
    "seat/taken": "that seat is already taken",
    "seat/invalid": "that seat cannot be taken at this table",
    "seat/none_free": "there is no free seat at this table",
    "action/not_your_seat": "that seat is not yours",
    "action/not_your_turn": "that seat cannot act now",
    "action/stale": "the table changed before that move arrived",
    "action/illegal": "that move is not allowed now",
    "action/game_over": "the game is over",
    "host/closing": "the host closed the table",
    "host/restarting": "the host is restarting; its table resumes from its autosave",
    "host/full": "the table has no room for more connections",
    "host/internal": "the host could not handle that request",
}
"""Stable codes and the only texts ever sent for them (besides a rejected move's rule sentence)."""

FATAL_CODES = frozenset(code for code in ERROR_CODES if code.startswith(("protocol/", "host/", "auth/", "seat/")))


class ProtocolError(ValueError):
    """Something the peer sent (or we were about to send) breaks the protocol.

    `code` is stable and goes on the wire; `detail` stays local (logs, tests). `decoded` holds the
    messages of the same chunk that were valid before the failure, in order.
    """

    def __init__(self, code: str, detail: str = "", decoded: list["Message"] | None = None) -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(f"{code}: {detail or ERROR_CODES[code]}")
        self.code = code
        self.detail = detail
        self.decoded: list[Message] = decoded or []

    @property
    def public_message(self) -> str:
        return ERROR_CODES[self.code]


def _bad(detail: str) -> ProtocolError:
    return ProtocolError("protocol/bad_message", detail)


# --- field validators ------------------------------------------------------------------------------
def _get(data: Mapping[str, Any], name: str, default: Any = ...) -> Any:
    if name in data:
        return data[name]
    if default is ...:
        raise _bad(f"missing field {name!r}")
    return default


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(f"{name} must be an int in {low}..{high}")
    return value


def _opt_int(value: Any, name: str, low: int, high: int) -> int | None:
    return None if value is None else _int(value, name, low, high)


UNDRAWABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Control characters no text of ours holds (newline, tab and carriage return aside): a font cannot
draw a NUL at all, so one in a table name, a goodbye or a card's text from a hostile host (or a
guest's action) crashed the screen that showed it."""


def _str(value: Any, name: str, max_len: int, min_len: int = 0) -> str:
    if not isinstance(value, str) or not min_len <= len(value) <= max_len:
        raise _bad(f"{name} must be a string of {min_len}..{max_len} characters")
    if UNDRAWABLE.search(value):
        raise _bad(f"{name} holds a control character")
    return value


def _bool(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise _bad(f"{name} must be a bool")
    return value


def _seat_list(value: Any, name: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > MAX_SEATS:
        raise _bad(f"{name} must be a list of at most {MAX_SEATS} seats")
    seats = tuple(_int(s, name, 0, MAX_SEATS - 1) for s in value)
    if len(set(seats)) != len(seats):
        raise _bad(f"{name} lists a seat twice")
    return seats


def _token(value: Any, name: str = "token") -> str:
    if not isinstance(value, str) or not TOKEN_RE.fullmatch(value):
        raise _bad(f"{name} must be 16-64 url-safe characters")
    return value


def _name(value: Any, name: str = "name") -> str:
    text = _str(value, name, MAX_NAME, 1)
    if not text.isprintable() or not text.strip():
        raise _bad(f"{name} must be printable and not blank")
    return text


def check_plain(value: Any, name: str, depth: int = 0) -> None:
    """Bounded check that `value` is plain wire data (no bytes, no deep nesting, sane sizes)."""
    if depth > MAX_DEPTH:
        raise _bad(f"{name} is nested too deeply")
    if value is None or isinstance(value, (bool, int, float)):
        return
    if isinstance(value, str):
        if len(value) > 16 * 1024:
            raise _bad(f"{name} holds an overlong string")
        if UNDRAWABLE.search(value):
            raise _bad(f"{name} holds a control character")
        return
    if isinstance(value, list):
        if len(value) > MAX_LIST:
            raise _bad(f"{name} holds an overlong list")
        for item in value:
            check_plain(item, name, depth + 1)
        return
    if isinstance(value, dict):
        if len(value) > MAX_LIST:
            raise _bad(f"{name} holds an overlong map")
        for key, item in value.items():
            if isinstance(key, bool) or not isinstance(key, (str, int)):
                raise _bad(f"{name} has a map key that is not a string or int")
            if isinstance(key, str):
                check_plain(key, name, depth + 1)
            check_plain(item, name, depth + 1)
        return
    raise _bad(f"{name} holds a {type(value).__name__}, not plain data")


def _holds_map(value: Any) -> bool:
    if isinstance(value, dict):
        return True
    return isinstance(value, list) and any(_holds_map(item) for item in value)


def _action(value: Any, name: str = "action") -> Action:
    check_plain(value, name)
    if isinstance(value, dict):
        kind = value.get("kind")
        if isinstance(kind, str) and (len(kind) > 64 or not kind.isprintable()):
            raise _bad(f"{name} kind is not a short printable string")
        args = value.get("args")
        if isinstance(args, dict) and any(_holds_map(arg) for arg in args.values()):
            raise _bad(f"{name} args may only hold scalars and (nested) lists of scalars")
    try:
        return Action.from_wire(value)
    except (InvalidAction, WireError, TypeError) as exc:
        raise _bad(f"{name}: {exc}") from None


# --- messages ---------------------------------------------------------------------------------------
class Sender(enum.Enum):
    CLIENT = "client"
    HOST = "host"


@dataclass(frozen=True, slots=True)
class Message:
    """Base of every message; `TYPE` is the wire `type`, `SENDER` the side allowed to send it."""

    TYPE: ClassVar[str] = ""
    SENDERS: ClassVar[frozenset[Sender]] = frozenset()

    def fields(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_wire(self) -> dict[str, Any]:
        return {"type": self.TYPE, **self.fields()}

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> "Message":
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Hello(Message):
    """First message of a client: who it is, and what it wants (a token to rejoin, seats, or to watch).

    `seats` empty and not `spectator`: any one free open seat. A `token` rejoins every seat it holds.
    `names` gives each seat its own player (two people sharing one screen): `names[i]` names
    `seats[i]`, or with a token or no seats the i-th seat bound, in seat order; seats without a
    name take `name`. Optional, so hellos without it stay valid protocol 1.
    """

    TYPE: ClassVar[str] = "hello"
    SENDERS: ClassVar[frozenset[Sender]] = frozenset({Sender.CLIENT})
    name: str
    version: int = PROTOCOL_VERSION
    token: str | None = None
    seats: tuple[int, ...] = ()
    spectator: bool = False
    names: tuple[str, ...] = ()
    features: tuple[str, ...] = ()  # optional wire extensions the client reads (FEATURES)

    def __post_init__(self) -> None:
        if self.seats and len(self.names) > len(self.seats):
            raise _bad("more names than seats")

    def fields(self) -> dict[str, Any]:
        return {"version": self.version, "name": self.name, "token": self.token, "seats": list(self.seats),
                "spectator": self.spectator, "names": list(self.names), "features": list(self.features)}

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> "Hello":
        version = _get(data, "version")
        if isinstance(version, bool) or not isinstance(version, int) or version != PROTOCOL_VERSION:
            raise ProtocolError("protocol/version", f"peer speaks {version!r}")
        token = _get(data, "token", None)
        names = _get(data, "names", [])
        if not isinstance(names, list) or len(names) > MAX_SEATS:
            raise _bad(f"names must be a list of at most {MAX_SEATS} names")
        features = _get(data, "features", [])
        if not isinstance(features, list) or len(features) > MAX_FEATURES:
            raise _bad(f"features must be a list of at most {MAX_FEATURES} names")
        return cls(name=_name(_get(data, "name")), version=version,
                   token=None if token is None else _token(token),
                   seats=_seat_list(_get(data, "seats", []), "seats"),
                   spectator=_bool(_get(data, "spectator", False), "spectator"),
                   names=tuple(_name(n, "names") for n in names),
                   features=tuple(_str(f, "features", 32, 1) for f in features))

    def seat_names(self, bound: tuple[int, ...]) -> dict[int, str]:
        """The player name of each seat this hello ends up holding (`bound`, in seat order)."""
        order = self.seats if self.seats and not self.token else tuple(sorted(bound))
        given = dict(zip(order, self.names))
        return {seat: given.get(seat, self.name) for seat in bound}


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the waiting room and the table show it."""

    name: str
    kind: str  # "open" (a LAN player's seat), "bot", "local" (a human at the host's machine)
    level: str = ""
    taken: bool = False
    connected: bool = False

    KINDS: ClassVar[tuple[str, ...]] = ("open", "bot", "local")

    def to_wire(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level, "taken": self.taken,
                "connected": self.connected}

    @classmethod
    def from_wire(cls, data: Any) -> "SeatInfo":
        if not isinstance(data, dict):
            raise _bad("a seat must be a map")
        kind = _get(data, "kind")
        if kind not in cls.KINDS:
            raise _bad("seat kind must be open, bot or local")
        return cls(_name(_get(data, "name")), kind, _str(_get(data, "level", ""), "level", 16),
                   _bool(_get(data, "taken"), "taken"), _bool(_get(data, "connected"), "connected"))


@dataclass(frozen=True, slots=True)
class Welcome(Message):
    """The host accepted a hello: the token to rejoin with, the seats bound, and the table."""

    TYPE: ClassVar[str] = "welcome"
    SENDERS: ClassVar[frozenset[Sender]] = frozenset({Sender.HOST})
    token: str
    seats: tuple[int, ...]
    spectator: bool
    table: str
    config: GameConfig
    heartbeat: float
    version: int = PROTOCOL_VERSION

    def fields(self) -> dict[str, Any]:
        return {"version": self.version, "token": self.token, "seats": list(self.seats),
                "spectator": self.spectator, "table": self.table, "config": self.config.to_wire(),
                "heartbeat": self.heartbeat}

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> "Welcome":
        version = _get(data, "version")
        if version != PROTOCOL_VERSION or isinstance(version, bool):
            raise ProtocolError("protocol/version", f"host speaks {version!r}")
        heartbeat = _get(data, "heartbeat")
        if isinstance(heartbeat, bool) or not isinstance(heartbeat, (int, float)) or not 0.01 <= heartbeat <= 600:
            raise _bad("heartbeat must be a number of seconds in 0.01..600")
        check_plain(_get(data, "config"), "config")
        try:
            config = GameConfig.from_wire(data["config"])
        except (WireError, TypeError) as exc:
            raise _bad(f"config: {exc}") from None
        return cls(_token(_get(data, "token")), _seat_list(_get(data, "seats"), "seats"),
                   _bool(_get(data, "spectator"), "spectator"), _str(_get(data, "table"), "table", MAX_NAME),
                   config, float(heartbeat), version)


@dataclass(frozen=True, slots=True)
class TableStatus(Message):
    """Who sits where and who is connected; sent whenever that changes (waiting room and game)."""

    TYPE: ClassVar[str] = "table"
    SENDERS: ClassVar[frozenset[Sender]] = frozenset({Sender.HOST})
    seats: tuple[SeatInfo, ...]
    started: bool
    spectators: int = 0

    def fields(self) -> dict[str, Any]:
        return {"seats": [s.to_wire() for s in self.seats], "started": self.started,
                "spectators": self.spectators}

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> "TableStatus":
        seats = _get(data, "seats")
        if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
            raise _bad("seats must be a list of 1..64 seats")
        return cls(tuple(SeatInfo.from_wire(s) for s in seats), _bool(_get(data, "started"), "started"),
                   _int(_get(data, "spectators", 0), "spectators", 0, 10_000))


@dataclass(frozen=True, slots=True)
class Start(Message):
    """The game is on: updates follow. Sent once per connection (at start, or on joining a running game)."""

    TYPE: ClassVar[str] = "start"
    SENDERS: ClassVar[frozenset[Sender]] = frozenset({Sender.HOST})

    def fields(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> "Start":
        return cls()


@dataclass(frozen=True, slots=True)
class UpdateMsg(Message):
    """What one seat (None: a spectator) learns after an action, a join or a resync."""

    TYPE: ClassVar[str] = "update"
    SENDERS: ClassVar[frozenset[Sender]] = frozenset({Sender.HOST})
    seat: int | None
    events: tuple[Event, ...]
    view: dict[str, Any]
    legal: tuple[Action, ...]
    active: tuple[int, ...]
    version: int
    state_hash: str
    outcome: Outcome | None = None
    actor: int | None = None
    resync: bool = False

    def fields(self) -> dict[str, Any]:
        return {"seat": self.seat, "events": [e.to_wire() for e in self.events], "view": self.view,
                "legal": [a.to_wire() for a in self.legal], "active": list(self.active),
                "version": self.version, "hash": self.state_hash,
                "outcome": None if self.outcome is None else self.outcome.to_wire(),
                "actor": self.actor, "resync": self.resync}

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> "UpdateMsg":
        seat = _opt_int(_get(data, "seat"), "seat", 0, MAX_SEATS - 1)
        events_data, view, legal_data = _get(data, "events"), _get(data, "view"), _get(data, "legal")
        if not isinstance(events_data, list) or len(events_data) > MAX_LIST:
            raise _bad("events must be a list")
        if not isinstance(view, dict):
            raise _bad("view must be a map")
        if not isinstance(legal_data, list) or len(legal_data) > MAX_LIST:
            raise _bad("legal must be a list")
        check_plain(events_data, "events")
        check_plain(view, "view")
        try:
            events = tuple(Event.from_wire(e) for e in events_data)
        except (WireError, InvalidAction, TypeError) as exc:
            raise _bad(f"events: {exc}") from None
        legal = tuple(_action(a, "legal action") for a in legal_data)
        if seat is None and legal:
            raise _bad("a spectator has no legal actions")
        if any(a.seat != seat for a in legal):
            raise _bad("legal actions must belong to the update's seat")
        state_hash = _get(data, "hash")
        if not isinstance(state_hash, str) or not HASH_RE.fullmatch(state_hash):
            raise _bad("hash must be 64 lowercase hex digits")
        outcome_data = _get(data, "outcome", None)
        if outcome_data is not None:
            check_plain(outcome_data, "outcome")
            try:
                outcome = Outcome.from_wire(outcome_data)
            except (WireError, TypeError) as exc:
                raise _bad(f"outcome: {exc}") from None
        else:
            outcome = None
        return cls(seat, events, view, legal, _seat_list(_get(data, "active"), "active"),
                   _int(_get(data, "version"), "version", 0, MAX_VERSION), state_hash, outcome,
                   _opt_int(_get(data, "actor", None), "actor", 0, MAX_SEATS - 1),
                   _bool(_get(data, "resync", False), "resync"))


@dataclass(frozen=True, slots=True)
class ActionMsg(Message):
    """A move for one of the client's seats, made on the position numbered `version`."""

    TYPE: ClassVar[str] = "action"
    SENDERS: ClassVar[frozenset[Sender]] = frozenset({Sender.CLIENT})
    action: Action
    version: int

    def fields(self) -> dict[str, Any]:
        return {"action": self.action.to_wire(), "version": self.version}

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> "ActionMsg":
        return cls(_action(_get(data, "action")), _int(_get(data, "version"), "version", 0, MAX_VERSION))


@dataclass(frozen=True, slots=True)
class Resync(Message):
    """The client lost track (a version gap or a hash mismatch): send me full updates again."""

    TYPE: ClassVar[str] = "resync"
    SENDERS: ClassVar[frozenset[Sender]] = frozenset({Sender.CLIENT})

    def fields(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> "Resync":
        return cls()


@dataclass(frozen=True, slots=True)
class ErrorMsg(Message):
    """A refused request; the connection stays open (fatal problems end with `bye` instead)."""

    TYPE: ClassVar[str] = "error"
    SENDERS: ClassVar[frozenset[Sender]] = frozenset({Sender.HOST})
    code: str
    message: str
    seat: int | None = None
    version: int | None = None

    def fields(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "seat": self.seat, "version": self.version}

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> "ErrorMsg":
        code = _get(data, "code")
        if code not in ERROR_CODES:
            raise _bad("unknown error code")
        return cls(code, _str(_get(data, "message"), "message", MAX_TEXT),
                   _opt_int(_get(data, "seat", None), "seat", 0, MAX_SEATS - 1),
                   _opt_int(_get(data, "version", None), "version", 0, MAX_VERSION))


@dataclass(frozen=True, slots=True)
class Ping(Message):
    TYPE: ClassVar[str] = "ping"
    SENDERS: ClassVar[frozenset[Sender]] = frozenset({Sender.CLIENT, Sender.HOST})
    nonce: int

    def fields(self) -> dict[str, Any]:
        return {"nonce": self.nonce}

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> "Ping":
        return cls(_int(_get(data, "nonce"), "nonce", 0, 2**32 - 1))


@dataclass(frozen=True, slots=True)
class Pong(Message):
    TYPE: ClassVar[str] = "pong"
    SENDERS: ClassVar[frozenset[Sender]] = frozenset({Sender.CLIENT, Sender.HOST})
    nonce: int

    def fields(self) -> dict[str, Any]:
        return {"nonce": self.nonce}

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> "Pong":
        return cls(_int(_get(data, "nonce"), "nonce", 0, 2**32 - 1))


@dataclass(frozen=True, slots=True)
class Bye(Message):
    """The last message of a connection: `code` empty for a normal goodbye, else why it ends.

    `leave` (optional, an addition within version 1, sent only when true): a client gives up its
    seats on purpose ('Leave the table' in the waiting room), so a host frees them before the game
    starts instead of holding them for the grace window. A host that predates it ignores the key."""

    TYPE: ClassVar[str] = "bye"
    SENDERS: ClassVar[frozenset[Sender]] = frozenset({Sender.CLIENT, Sender.HOST})
    code: str = ""
    message: str = ""
    leave: bool = False

    @classmethod
    def for_error(cls, error: ProtocolError | str) -> "Bye":
        code = error.code if isinstance(error, ProtocolError) else error
        return cls(code, ERROR_CODES[code])

    def fields(self) -> dict[str, Any]:
        fields: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.leave:
            fields["leave"] = True
        return fields

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> "Bye":
        code = _get(data, "code", "")
        if code != "" and code not in ERROR_CODES:
            raise _bad("unknown bye code")
        return cls(code, _str(_get(data, "message", ""), "message", MAX_TEXT),
                   _bool(_get(data, "leave", False), "leave"))


MESSAGE_TYPES: dict[str, type[Message]] = {
    cls.TYPE: cls for cls in (Hello, Welcome, TableStatus, Start, UpdateMsg, ActionMsg, Resync, ErrorMsg,
                              Ping, Pong, Bye)
}


# --- compact updates (FEATURE_UPDATE_DELTA) ---------------------------------------------------------
def _entry_key(value: Any, name: str) -> str | int:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise _bad(f"{name} must name view keys (strings or ints)")
    return value


def _key_list(value: Any, name: str) -> list[str | int]:
    if not isinstance(value, list) or len(value) > MAX_LIST:
        raise _bad(f"{name} must be a list of keys")
    keys = [_entry_key(key, name) for key in value]
    if len(set(keys)) != len(keys):
        raise _bad(f"{name} names a key twice")
    return keys


def _key_lists(value: Any, name: str) -> dict[str | int, list[str | int]]:
    if not isinstance(value, dict) or len(value) > MAX_LIST:
        raise _bad(f"{name} must be a map of view keys to lists of entries")
    return {_entry_key(key, name): _key_list(entries, name) for key, entries in value.items()}


def _sorted_map(data: dict) -> dict:
    """Keys in the canonical order (ints before strings), as a whole update would have decoded."""
    return {key: data[key] for key in sorted(data, key=lambda k: (0, k) if isinstance(k, int) else (1, k))}


@dataclass(frozen=True)
class PackedView:
    """A view as canonical msgpack bytes: each top-level value, and each entry of the values that
    are maps. Packed once per update and shared by `compact` and `remember` (a Lost in Time view
    holds some sixty card entries: packing them twice doubled the host's cost of an update)."""

    values: dict[str | int, bytes]
    maps: dict[str | int, dict[str | int, bytes]]

    @classmethod
    def of(cls, view: dict[str, Any]) -> "PackedView":
        return cls({key: pack(value) for key, value in view.items()},
                   {key: {entry: pack(item) for entry, item in value.items()}
                    for key, value in view.items() if isinstance(value, dict)})


@dataclass
class _SeatMemory:
    """What one seat's stream on one connection carried: the previous view (each top-level value,
    and each entry of its maps) and every map entry ever sent, as canonical msgpack bytes (exact:
    1 and True differ, and nothing the receiver was handed can change them)."""

    view: dict[str | int, bytes] = field(default_factory=dict)
    maps: dict[str | int, dict[str | int, bytes]] = field(default_factory=dict)
    ever: dict[str | int, dict[str | int, bytes]] = field(default_factory=dict)


@dataclass
class UpdateMemory:
    """One side's memory of the updates of one connection. The host sends a seat's view as a patch
    on the previous one (`compact`) and the client rebuilds it (`expand`); both `remember` every
    update in the same order, so they agree. The facts of a card are sent once per connection.

    A compact update (`patch` present) carries in `view` only the top-level keys whose value changed;
    `patch` lists the keys that went away. A key that held a map before and still does is sent as
    the entries that are new or changed; `drop[key]` lists entries that went away, and `known[key]`
    entries that come back with a value sent earlier on this connection (a card seen again)."""

    seats: dict[int | None, _SeatMemory] = field(default_factory=dict)
    remembered: int = 0  # bytes held, capped on the client (MAX_REMEMBERED)

    def compact(self, wire: dict[str, Any], packed: PackedView | None = None) -> dict[str, Any]:
        """The compact form of a whole update's wire map (not yet remembered: see `remember`);
        `packed` is its view's PackedView when the caller has it already."""
        seat, view = wire["seat"], wire["view"]
        memory = None if wire["resync"] else self.seats.get(seat)
        out = dict(wire)
        if memory is not None:
            packed = packed or PackedView.of(view)
            changed: dict[Any, Any] = {}
            known: dict[Any, list[Any]] = {}
            drop: dict[Any, list[Any]] = {}
            for key, value in view.items():
                if memory.view.get(key) == packed.values[key]:
                    continue
                if isinstance(value, dict):
                    before, ever = memory.maps.get(key), memory.ever.get(key, {})
                    sent: dict[Any, Any] = {}
                    for entry, item in value.items():
                        item_bytes = packed.maps[key][entry]
                        if before is not None and before.get(entry) == item_bytes:
                            continue
                        if (before is None or entry not in before) and ever.get(entry) == item_bytes:
                            known.setdefault(key, []).append(entry)
                        else:
                            sent[entry] = item
                    if before is not None:
                        gone = [entry for entry in before if entry not in value]
                        if gone:
                            drop[key] = gone
                    value = sent
                changed[key] = value
            out["view"] = changed
            out["patch"] = [key for key in memory.view if key not in view]
            if known:
                out["known"] = known
            if drop:
                out["drop"] = drop
        if wire["legal"]:
            groups: list[list[Any]] = []
            for action in wire["legal"]:
                names = sorted(action["args"])
                if not groups or groups[-1][0] != action["kind"] or groups[-1][1] != names:
                    groups.append([action["kind"], names, []])
                groups[-1][2].append([action["args"][name] for name in names])
            out["legal"], out["moves"] = [], groups
        return out

    def expand(self, data: dict[str, Any]) -> dict[str, Any]:
        """The whole update's wire map from a compact one; ProtocolError if it is malformed or
        refers to anything this connection never carried. A whole update passes through as it is."""
        if not any(key in data for key in ("patch", "known", "drop", "moves")):
            return data
        out = dict(data)
        seat = data.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise _bad("seat must be an int or nil")
        if "patch" in out:
            out["view"] = self._patched(out, seat)
        elif "known" in out or "drop" in out:
            raise _bad("known and drop belong to a patch")
        if "moves" in out:
            out["legal"] = self._moves(out.pop("moves"), seat, out.get("legal"))
        return out

    def _patched(self, out: dict[str, Any], seat: int | None) -> dict[str, Any]:
        gone = _key_list(out.pop("patch"), "patch")
        known = _key_lists(out.pop("known", {}), "known")
        drop = _key_lists(out.pop("drop", {}), "drop")
        memory = None if out.get("resync") is True else self.seats.get(seat)
        if memory is None:
            raise _bad("a patch on an update this connection never carried")
        changed = out.get("view")
        if not isinstance(changed, dict):
            raise _bad("view must be a map")
        check_plain(changed, "view")
        for key in gone:
            if key not in memory.view or key in changed:
                raise _bad("patch removes a view key that was not there")
        for key in (*known, *drop):
            if key not in changed or not isinstance(changed[key], dict):
                raise _bad("known and drop name view keys whose map changed")
        view = {key: unpack(value) for key, value in memory.view.items() if key not in gone and key not in changed}
        for key, value in changed.items():
            if isinstance(value, dict):
                before, ever = memory.maps.get(key), memory.ever.get(key, {})
                entries = {entry: unpack(item) for entry, item in (before or {}).items()}
                for entry in drop.get(key, ()):
                    if before is None or entry not in before or entry in value:
                        raise _bad("drop names an entry that was not there")
                    del entries[entry]
                for entry in known.get(key, ()):
                    if entry in value or entry not in ever or (before is not None and entry in before):
                        raise _bad("known names an entry not sent before")
                    entries[entry] = unpack(ever[entry])
                entries.update(value)
                value = _sorted_map(entries)
            view[key] = value
        return _sorted_map(view)

    @staticmethod
    def _moves(groups: Any, seat: Any, legal: Any) -> list[dict[str, Any]]:
        if legal not in (None, []):
            raise _bad("an update carries legal and moves")
        if not isinstance(groups, list) or len(groups) > MAX_LIST:
            raise _bad("moves must be a list")
        actions: list[dict[str, Any]] = []
        for group in groups:
            if not isinstance(group, list) or len(group) != 3 or not isinstance(group[0], str):
                raise _bad("a group of moves is [kind, names, rows]")
            kind, names, rows = group
            names = _key_list(names, "moves")
            if len(names) > 32 or not all(isinstance(n, str) for n in names):
                raise _bad("moves name at most 32 string arguments")
            if not isinstance(rows, list) or len(actions) + len(rows) > MAX_LIST:
                raise _bad("too many moves")
            for row in rows:
                if not isinstance(row, list) or len(row) != len(names):
                    raise _bad("a move's values do not match its names")
                actions.append({"seat": seat, "kind": kind, "args": dict(zip(names, row))})
        return actions

    def remember(self, seat: int | None, view: dict[str, Any], resync: bool, cap: int | None = None,
                 packed: PackedView | None = None) -> None:
        """Note a whole update's view as sent or received (after `compact`, or after `expand`);
        `packed` is its PackedView when the caller has it already."""
        packed = packed or PackedView.of(view)
        old = self.seats.get(seat)
        if resync or old is None:
            if old is not None:
                self.remembered -= sum(len(b) for part in old.ever.values() for b in part.values())
                self.remembered -= sum(len(b) for b in old.view.values())
            old = self.seats[seat] = _SeatMemory()
        self.remembered -= sum(len(b) for b in old.view.values())
        old.view = dict(packed.values)
        self.remembered += sum(len(b) for b in old.view.values())
        old.maps = {}
        for key, entries in packed.maps.items():
            old.maps[key] = dict(entries)
            ever = old.ever.setdefault(key, {})
            for entry, item_bytes in entries.items():
                self.remembered += len(item_bytes) - len(ever.get(entry, b""))
                ever[entry] = item_bytes
        if cap is not None and self.remembered > cap:
            raise ProtocolError("protocol/too_big", f"{self.remembered} bytes of earlier updates to remember")


# --- the state machine ----------------------------------------------------------------------------
class State(enum.Enum):
    HELLO = "hello"  # nothing yet: the client must speak first
    JOINING = "joining"  # hello sent, waiting for welcome (or bye)
    LOBBY = "lobby"  # seated or watching, the game has not started for this connection
    IN_GAME = "in_game"  # start received: updates flow, actions may be sent
    CLOSED = "closed"  # bye sent or received, or a protocol error


_C, _H = Sender.CLIENT, Sender.HOST
_OPEN = (State.JOINING, State.LOBBY, State.IN_GAME)
TRANSITIONS: dict[tuple[State, Sender, str], State] = {
    (State.HELLO, _C, "hello"): State.JOINING,
    (State.JOINING, _H, "welcome"): State.LOBBY,
    (State.JOINING, _H, "error"): State.JOINING,
    (State.LOBBY, _H, "table"): State.LOBBY,
    (State.LOBBY, _H, "start"): State.IN_GAME,
    (State.IN_GAME, _H, "table"): State.IN_GAME,
    (State.IN_GAME, _H, "update"): State.IN_GAME,
    (State.IN_GAME, _H, "error"): State.IN_GAME,
    (State.IN_GAME, _C, "action"): State.IN_GAME,
    (State.IN_GAME, _C, "resync"): State.IN_GAME,
    **{(state, side, kind): state for state in _OPEN for side in (_C, _H) for kind in ("ping", "pong")},
    **{(state, side, "bye"): State.CLOSED
       for state in (State.HELLO, *_OPEN) for side in (_C, _H)},
}
"""(state, who sends, type) -> next state. Anything missing is `protocol/unexpected`."""


class Connection:
    """One end of one connection. `receive_data` turns the peer's bytes into messages; `send` turns
    our messages into bytes. Both enforce the transition table; the caller does the I/O."""

    def __init__(self, our_side: Sender, max_incoming: int | None = None) -> None:
        self.our_side = our_side
        self.their_side = Sender.HOST if our_side is Sender.CLIENT else Sender.CLIENT
        self.max_incoming = max_incoming or (MAX_FRAME_FROM_CLIENT if our_side is Sender.HOST
                                             else MAX_FRAME_FROM_HOST)
        self.max_outgoing = MAX_FRAME_FROM_HOST if our_side is Sender.HOST else MAX_FRAME_FROM_CLIENT
        self.state = State.HELLO
        self.error: ProtocolError | None = None
        self._buffer = bytearray()
        self._bye_sent = False
        self.features: frozenset[str] = frozenset()  # the extensions agreed by this connection's hello
        self._updates = UpdateMemory()  # FEATURE_UPDATE_DELTA: what each seat has had on this connection

    @property
    def bye_sent(self) -> bool:
        return self._bye_sent

    @property
    def buffered(self) -> int:
        """Bytes held for an unfinished frame (never more than one header plus the frame cap)."""
        return len(self._buffer)

    def receive_data(self, data: bytes) -> list[Message]:
        """Feed bytes from the peer; returns every complete message. On a violation the connection
        closes and ProtocolError is raised (its `decoded` holds the good messages before it)."""
        if self.error is not None:
            raise ProtocolError(self.error.code, "connection already failed")
        if self.state is State.CLOSED:
            raise ProtocolError("protocol/unexpected", "data after the connection closed")
        messages: list[Message] = []
        view = memoryview(data)
        while True:
            if len(self._buffer) < HEADER.size:
                take = min(HEADER.size - len(self._buffer), len(view))
                self._buffer += view[:take]
                view = view[take:]
                if len(self._buffer) < HEADER.size:
                    break
            (length,) = HEADER.unpack_from(self._buffer)
            if length > self.max_incoming:
                self._fail(ProtocolError("protocol/too_big", f"frame of {length} bytes"), messages)
            if length == 0:
                self._fail(ProtocolError("protocol/bad_frame", "empty frame"), messages)
            missing = HEADER.size + length - len(self._buffer)
            take = min(missing, len(view))
            self._buffer += view[:take]
            view = view[take:]
            if take < missing:
                break
            body = bytes(self._buffer[HEADER.size:])
            self._buffer.clear()
            try:
                message = self._decode(body)
            except ProtocolError as exc:
                self._fail(exc, messages)
            messages.append(message)
            if self.state is State.CLOSED:
                if len(view):
                    self._fail(ProtocolError("protocol/unexpected", "data after bye"), messages)
                break
        return messages

    def send(self, message: Message) -> bytes:
        """The frame for `message`; raises ProtocolError if we may not send it now (a local bug)."""
        if isinstance(message, Bye):
            if self._bye_sent:
                raise ProtocolError("protocol/unexpected", "bye already sent")
            self._bye_sent = True
            self.state = State.CLOSED
        else:
            if self.our_side not in message.SENDERS:
                raise ProtocolError("protocol/unexpected", f"{self.our_side.value} cannot send {message.TYPE}")
            key = (self.state, self.our_side, message.TYPE)
            if key not in TRANSITIONS:
                raise ProtocolError("protocol/unexpected", f"cannot send {message.TYPE} in {self.state.value}")
            self.state = TRANSITIONS[key]
        if isinstance(message, Hello):
            self.features = frozenset(message.features) & FEATURES
        wire = message.to_wire()
        if isinstance(message, UpdateMsg) and FEATURE_UPDATE_DELTA in self.features:
            packed = PackedView.of(message.view)  # once, for both
            frame = encode_frame(self._updates.compact(wire, packed), self.max_outgoing)
            self._updates.remember(message.seat, message.view, message.resync, packed=packed)  # once the frame exists
            return frame
        return encode_frame(wire, self.max_outgoing)

    def _decode(self, body: bytes) -> Message:
        try:
            data = unpack(body, self.max_incoming)
        except WireError as exc:
            raise ProtocolError("protocol/bad_frame", str(exc)) from None
        if not isinstance(data, dict):
            raise ProtocolError("protocol/bad_frame", "a frame must hold a map")
        kind = data.get("type")
        if not isinstance(kind, str):
            raise ProtocolError("protocol/bad_message", "missing type")
        cls = MESSAGE_TYPES.get(kind)
        if cls is None:
            raise ProtocolError("protocol/unknown_type", f"type {kind[:40]!r}")
        if self.their_side not in cls.SENDERS:
            raise ProtocolError("protocol/unexpected", f"{self.their_side.value} cannot send {kind}")
        key = (self.state, self.their_side, kind)
        if kind != "bye" and key not in TRANSITIONS:
            raise ProtocolError("protocol/unexpected", f"{kind} in state {self.state.value}")
        try:
            if kind == "update" and FEATURE_UPDATE_DELTA in self.features:
                data = self._updates.expand(data)
            message = cls.from_fields(data)
            if isinstance(message, Hello):
                self.features = frozenset(message.features) & FEATURES
            elif isinstance(message, UpdateMsg) and FEATURE_UPDATE_DELTA in self.features:
                self._updates.remember(message.seat, message.view, message.resync, MAX_REMEMBERED)
        except ProtocolError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError, OverflowError) as exc:
            raise ProtocolError("protocol/bad_message", f"{kind}: {type(exc).__name__}") from None
        self.state = TRANSITIONS.get(key, State.CLOSED)
        return message

    def _fail(self, error: ProtocolError, decoded: list[Message]) -> None:
        self.error = error
        self.state = State.CLOSED
        self._buffer.clear()
        error.decoded = decoded
        raise error


def encode_frame(data: dict[str, Any], max_bytes: int = MAX_FRAME_FROM_HOST) -> bytes:
    """Length-prefixed canonical msgpack of one map."""
    try:
        body = pack(data)
    except WireError as exc:
        raise ProtocolError("protocol/bad_message", f"cannot encode: {exc}") from None
    if len(body) > max_bytes:
        raise ProtocolError("protocol/too_big", f"outgoing frame of {len(body)} bytes")
    return HEADER.pack(len(body)) + body


def decode_frames(data: bytes) -> list[dict[str, Any]]:
    """Split a byte log into its raw maps (tests and tools that scan what was sent)."""
    out: list[dict[str, Any]] = []
    offset = 0
    while offset + HEADER.size <= len(data):
        (length,) = HEADER.unpack_from(data, offset)
        out.append(unpack(data[offset + HEADER.size: offset + HEADER.size + length]))
        offset += HEADER.size + length
    return out
