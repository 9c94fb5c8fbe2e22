"""What a table scene talks to. A scene cannot tell solo, hot-seat and LAN play apart.

The scene calls `poll()` once per update tick and gets `Update`s: for one seat, the events it may
see since the last update, its fresh view, its legal actions, the active seats and the outcome.
It calls `submit(action)` for a local human seat; a rejection comes back as an Update with
`error` set (and nothing changed). Everything that crosses a Session has been through the wire.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from game.core.types import Action, Event, GameConfig, Outcome


@dataclass(frozen=True, slots=True)
class Update:
    """What one seat (None: spectator) learns after an action, a join or a resync."""

    seat: int | None
    events: tuple[Event, ...]
    view: dict[str, Any]
    legal: tuple[Action, ...]
    active: tuple[int, ...]
    version: int  # number of actions applied so far; stale submissions are refused by it
    state_hash: str = ""
    outcome: Outcome | None = None
    error: str | None = None  # a refused action: the reason, and nothing changed
    error_code: str | None = None  # stable code, e.g. "action/illegal", "action/not_your_turn"
    actor: int | None = None  # the seat whose action produced these events


@dataclass
class SeatStatus:
    """Shown at the table: who sits where and whether they are connected."""

    name: str
    kind: str  # human | bot | remote
    level: str = ""
    connected: bool = True
    local: bool = False  # a human at this machine (hot-seat curtains apply between local seats)


class Session(ABC):
    """Abstract interface shared by LocalSession and RemoteSession."""

    game_id: str
    config: GameConfig

    @abstractmethod
    def poll(self) -> list[Update]:
        """Updates for the local seats (and spectator view) since the last poll; never blocks."""

    @abstractmethod
    def submit(self, action: Action) -> None:
        """Send an action for a local human seat; the result arrives through poll()."""

    @abstractmethod
    def latest(self, seat: int | None) -> Update | None:
        """The last full update for a local seat (or the spectator view), for redraws and resume."""

    @abstractmethod
    def seats(self) -> list[SeatStatus]:
        ...

    @abstractmethod
    def local_seats(self) -> list[int]:
        """Human seats played at this machine, in seat order."""

    @abstractmethod
    def close(self) -> None:
        ...

    def recent_moves(self, seat: int | None, before_version: int) -> tuple[tuple[int, tuple[Event, ...]], ...]:
        """What `seat` saw happen in the last actions before `before_version`, as (version, events)
        oldest first, for a table that opens on a game already under way (resumed, or its first
        moves made before it opened): its log starts with the recent past instead of empty.
        Sessions without a memory of it: nothing."""
        return ()

    @property
    def status_text(self) -> str:
        """Connection status for the table's overlay; empty when all is well."""
        return ""
