"""Value types every engine shares: actions, events, seats, configs, outcomes and the two errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from game.core.wire import WireError

Scalar = Any  # None | bool | int | float | str | tuple[Scalar, ...]


class IllegalAction(ValueError):
    """A well-formed action that the rules do not allow now. Nothing changed."""


class InvalidAction(ValueError):
    """Data that is not an action at all (bad shape or types), e.g. from a broken frame or save."""


_PLAIN_SCALARS = frozenset((type(None), bool, int, float, str))
"""Exact types `_freeze` hands back as they are: the common case, tested without a call."""


def _freeze(value: Any, where: str) -> Scalar:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(item, where) for item in value)
    raise InvalidAction(f"{where}: values must be scalars or sequences, not {type(value).__name__}")


def _frozen_args(args: dict[str, Any], where: str) -> tuple[tuple[str, Scalar], ...]:
    """Sorted (name, frozen value) pairs; values are frozen in the order given (so the first bad one
    names the error) and sorted after. The hot path of every move and event an engine builds."""
    if not args:
        return ()
    pairs = []
    for name, value in args.items():  # a loop, not a comprehension: no frame of its own (3.11)
        pairs.append((name, value if type(value) in _PLAIN_SCALARS else _freeze(value, where)))
    if len(pairs) > 1:
        pairs.sort()
    return tuple(pairs)


def _thaw(value: Scalar) -> Any:
    if isinstance(value, tuple):
        return [_thaw(item) for item in value]
    return value


def _thawed_args(args: tuple[tuple[str, Scalar], ...]) -> dict[str, Any]:
    return {k: v if type(v) in _PLAIN_SCALARS else _thaw(v) for k, v in args}


class _NamedArgs:
    """Read access to sorted (name, value) pairs, shared by actions and events."""

    __slots__ = ()
    args: tuple[tuple[str, Scalar], ...]

    def __getitem__(self, name: str) -> Scalar:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: Scalar = None) -> Scalar:
        for key, value in self.args:
            if key == name:
                return value
        return default


@dataclass(frozen=True, slots=True)
class Action(_NamedArgs):
    """One move by one seat: `kind` names it, `args` are sorted (name, value) pairs.

    Equality is by value, so an engine may check legality with `action in legal_actions(...)`.
    Build with `Action.make(seat, "play", card="y7")`; read with `action["card"]`.
    """

    seat: int
    kind: str
    args: tuple[tuple[str, Scalar], ...] = ()

    @classmethod
    def make(cls, seat: int, kind: str, **args: Any) -> "Action":
        return cls(seat, kind, _frozen_args(args, kind))

    def to_wire(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "args": _thawed_args(self.args)}

    @classmethod
    def from_wire(cls, data: Any) -> "Action":
        """Rebuild an action from plain data; InvalidAction names what is wrong."""
        if type(data) is not dict and not isinstance(data, Mapping):  # the ABC check costs; a dict is usual
            raise InvalidAction("an action must be a map")
        seat, kind, args = data.get("seat"), data.get("kind"), data.get("args", {})
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 64:
            raise InvalidAction("action seat must be an int 0..63")
        if not isinstance(kind, str) or not kind or len(kind) > 64:
            raise InvalidAction("action kind must be a short non-empty string")
        if (type(args) is not dict and not isinstance(args, Mapping)) or len(args) > 32:
            raise InvalidAction("action args must be a small map")
        for key in args:
            if not isinstance(key, str):
                raise InvalidAction("action arg names must be strings")
        if "seat" in args or "kind" in args:  # they are the action's own fields, never its arguments
            raise InvalidAction("'seat' and 'kind' are not move arguments")
        return cls.make(seat, kind, **args)

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self.args)
        return f"Action.make({self.seat}, {self.kind!r}{inner})"


@dataclass(frozen=True, slots=True)
class Event(_NamedArgs):
    """An animation fact ("card y7 moved from seat 1's hand to the yellow lane").

    `audience` None means every seat and spectators see it; otherwise only those seats do, and
    spectators too when it holds `SPECTATORS`. Engines emit a private event for the seats that may
    know a secret and a redacted twin for the rest (`others(n, seat)` builds that audience).
    """

    kind: str
    args: tuple[tuple[str, Scalar], ...] = ()
    audience: frozenset[int] | None = None

    @classmethod
    def make(cls, kind: str, audience: Iterable[int] | None = None, **args: Any) -> "Event":
        aud = None if audience is None else frozenset(audience)
        return cls(kind, _frozen_args(args, kind), aud)

    def visible_to(self, seat: int | None) -> bool:
        if self.audience is None:
            return True
        return (SPECTATORS if seat is None else seat) in self.audience

    def to_wire(self) -> dict[str, Any]:
        """The wire form leaves out the audience: it is only ever sent to those who may see it."""
        return {"kind": self.kind, "args": _thawed_args(self.args)}

    @classmethod
    def from_wire(cls, data: Any) -> "Event":
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise WireError("an event must be a map with a kind")
        args = data.get("args", {})
        if not isinstance(args, Mapping) or not all(isinstance(k, str) for k in args):
            raise WireError("event args must be a map with string keys")
        try:
            return cls.make(data["kind"], None, **dict(args))
        except InvalidAction as exc:
            raise WireError(str(exc)) from None


SPECTATORS = -1
"""Put in an Event's audience so spectators see it too (redacted twins usually want it)."""


def others(seat_count: int, *excluded: int) -> list[int]:
    """Every seat but `excluded`, plus spectators: the audience of a redacted twin."""
    return [s for s in range(seat_count) if s not in excluded] + [SPECTATORS]


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events a seat (None: a spectator) may see, in order."""
    return [event for event in events if event.visible_to(seat)]


SEAT_KINDS = ("human", "bot", "remote")
BOT_LEVELS = ("easy", "expert", "master")


def printable_name(text: str) -> str:
    """A name as it can be drawn: control characters (a NUL, a newline, a tab) become spaces, runs of
    spaces one, and the ends are trimmed (a font cannot render a NUL at all). For every name that
    comes from outside: typed, in a settings or seats file, announced on the network."""
    return " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())


SILENT_H = ("hour", "honest", "honour", "heir")  # an hour, an honest try


def a_or_an(word: str) -> str:
    """The indefinite article a sentence puts before `word` ("an item card", "a lock", "an hour")."""
    return "an" if word.lower().startswith(("a", "e", "i", "o", "u") + SILENT_H) else "a"


def unique_name(wanted: str, taken: Iterable[str], max_len: int | None = None) -> str:
    """`wanted`, or `wanted 2`, `wanted 3`... when another seat goes by it already (case aside): two
    seats both called Ann made "Pass to Ann", "Ann wins" and the log mean either of them. With
    `max_len`, the name is shortened to leave the number room."""
    others = {name.casefold() for name in taken}
    if wanted.casefold() not in others:
        return wanted
    number = 2
    while True:
        suffix = f" {number}"
        base = wanted if max_len is None else wanted[:max_len - len(suffix)].rstrip()
        if (base + suffix).casefold() not in others:
            return base + suffix
        number += 1


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """Who sits in a seat. Engines only count seats; sessions use kind/level/name."""

    kind: str = "human"
    name: str = "Player"
    level: str = "expert"

    def to_wire(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "level": self.level}

    @classmethod
    def from_wire(cls, data: Any) -> "SeatConfig":
        if not isinstance(data, Mapping):
            raise WireError("a seat must be a map")
        kind, name, level = data.get("kind"), data.get("name"), data.get("level", "expert")
        if kind not in SEAT_KINDS:
            raise WireError(f"seat kind must be one of {', '.join(SEAT_KINDS)}")
        if not isinstance(name, str) or not 0 < len(name) <= 40:
            raise WireError("seat name must be 1-40 characters")
        if level not in BOT_LEVELS:
            raise WireError(f"bot level must be one of {', '.join(BOT_LEVELS)}")
        return cls(kind, name, level)


@dataclass(frozen=True, slots=True)
class GameConfig:
    """What a table is set up with: the game, its seats in play order (G-1) and its options."""

    game: str
    seats: tuple[SeatConfig, ...]
    options: tuple[tuple[str, Scalar], ...] = ()

    @classmethod
    def make(cls, game: str, seats: Iterable[SeatConfig] | int, **options: Any) -> "GameConfig":
        if isinstance(seats, int):
            seats = [SeatConfig("bot", f"Seat {i + 1}") for i in range(seats)]
        return cls(game, tuple(seats), _frozen_args(options, "option"))

    @property
    def seat_count(self) -> int:
        return len(self.seats)

    def option(self, name: str, default: Scalar = None) -> Scalar:
        for key, value in self.options:
            if key == name:
                return value
        return default

    def to_wire(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seats": [seat.to_wire() for seat in self.seats],
            "options": {k: _thaw(v) for k, v in self.options},
        }

    @classmethod
    def from_wire(cls, data: Any) -> "GameConfig":
        if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
            raise WireError("a game config must be a map with a game id")
        seats = data.get("seats")
        if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
            raise WireError("a game config needs 1-8 seats")
        options = data.get("options", {})
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise WireError("game options must be a map with string keys")
        try:
            return cls.make(data["game"], [SeatConfig.from_wire(s) for s in seats], **dict(options))
        except InvalidAction as exc:
            raise WireError(str(exc)) from None


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game as data.

    `scores` per seat (None where a seat has no score, e.g. an empty Lost in Time timeline);
    `ranking` groups seats best first, tied seats share a group; `winners` may be empty (nobody won)
    or hold several seats (a shared win); `breakdown` per seat is plain data the results screen shows
    line by line: a list of {"label": str, "value": number|str}; `summary` is one sentence.
    `score_unit` names what a score counts when it is not points (e.g. "slots filled"): the results
    screen writes it under each score.
    """

    scores: tuple[float | int | None, ...]
    ranking: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    breakdown: tuple[tuple[dict[str, Any], ...], ...] = ()
    summary: str = ""
    cooperative: bool = False
    draw: bool = field(default=False)
    score_unit: str = ""

    def to_wire(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranking": [list(group) for group in self.ranking],
            "winners": list(self.winners),
            "breakdown": [[dict(line) for line in lines] for lines in self.breakdown],
            "summary": self.summary,
            "cooperative": self.cooperative,
            "draw": self.draw,
            "score_unit": self.score_unit,
        }

    @classmethod
    def from_wire(cls, data: Any) -> "Outcome":
        if not isinstance(data, Mapping):
            raise WireError("an outcome must be a map")
        try:
            return cls(
                scores=tuple(data["scores"]),
                ranking=tuple(tuple(int(s) for s in group) for group in data["ranking"]),
                winners=tuple(int(s) for s in data["winners"]),
                breakdown=tuple(tuple(dict(line) for line in lines) for lines in data.get("breakdown", [])),
                summary=str(data.get("summary", "")),
                cooperative=bool(data.get("cooperative", False)),
                draw=bool(data.get("draw", False)),
                score_unit=str(data.get("score_unit", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise WireError(f"malformed outcome ({exc})") from None


def rank_by_score(scores: list[float | int | None], higher_is_better: bool = True) -> tuple[tuple[int, ...], ...]:
    """Group seats best first by score; None scores rank last together."""
    present = sorted({s for s in scores if s is not None}, reverse=higher_is_better)
    groups = [tuple(i for i, s in enumerate(scores) if s == value) for value in present]
    missing = tuple(i for i, s in enumerate(scores) if s is None)
    if missing:
        groups.append(missing)
    return tuple(groups)
