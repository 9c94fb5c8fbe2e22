"""The reconnect tokens this program holds, one per table, kept in the data dir.

A RemoteSession keeps its token in memory, which is enough for a dropped connection. When the
program itself restarts (a crash, a closed window, a flat battery) the token would be lost and the
seats with it; so the lobby writes each token here once the host has welcomed it, and offers to
rejoin with it the next time that table is opened. The file is created private (0600) by
`atomic_write`; a token only ever works at the table that issued it.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.session.storage import atomic_write, data_dir, read_json_file
from net.protocol import MAX_NAME, TOKEN_RE

log = logging.getLogger("tabletime.tokens")

TOKENS_FILE = "lan-tokens.json"
KEEP = 16
"""Tables remembered at most (the most recently joined win)."""


@dataclass
class StoredSeats:
    """Seats this program held at one table: where, which, under what names, and the token."""

    address: str
    port: int
    token: str
    table: str = ""
    game: str = ""
    seats: list[int] = field(default_factory=list)
    names: list[str] = field(default_factory=list)  # one per seat, in seat order
    saved_at: float = 0.0

    def describe(self) -> str:
        """"Seats 1 and 2 as Ann and Bo" for the rejoin button."""
        if not self.seats:
            return ""
        numbers = [str(s + 1) for s in self.seats]
        where = f"Seat {numbers[0]}" if len(numbers) == 1 else f"Seats {', '.join(numbers[:-1])} and {numbers[-1]}"
        who = [n for n in self.names if n]
        return f"{where} as {' and '.join(who)}" if who else where


class SeatTokens:
    """Read and write the token file. Every method tolerates a missing or damaged file."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / TOKENS_FILE

    def all(self) -> list[StoredSeats]:
        if not self.path.exists():
            return []
        try:
            data = read_json_file(self.path)
        except (OSError, ValueError, RecursionError) as exc:
            log.warning("ignoring the damaged token file %s (%s)", self.path, exc)
            return []
        items = data.get("tables") if isinstance(data, dict) else None
        if not isinstance(items, list):
            return []
        return [entry for entry in map(self._entry, items) if entry is not None]

    @staticmethod
    def _entry(item: Any) -> StoredSeats | None:
        try:
            entry = StoredSeats(str(item["address"]), int(item["port"]), str(item["token"]),
                                str(item.get("table", ""))[:MAX_NAME], str(item.get("game", "")),
                                [int(s) for s in item.get("seats", [])],
                                [str(n)[:MAX_NAME] for n in item.get("names", [])],
                                float(item.get("saved_at", 0.0)))
        except (KeyError, TypeError, ValueError):
            return None
        return entry if TOKEN_RE.fullmatch(entry.token) else None

    def remember(self, entry: StoredSeats) -> None:
        """Keep `entry`, replacing any older one with its token or its address and port."""
        entry.saved_at = entry.saved_at or time.time()
        kept = [e for e in self.all() if e.token != entry.token and (e.address, e.port) != (entry.address, entry.port)]
        self._write([entry, *kept][:KEEP])

    def find(self, address: str, port: int, table: str = "", game: str = "") -> StoredSeats | None:
        """The seats held at this address and port, else at a table of this name and game (a host
        that came back on another port)."""
        entries = self.all()
        for entry in entries:
            if (entry.address, entry.port) == (address, port):
                return entry
        if table and game:
            for entry in entries:
                if entry.table == table and entry.game == game:
                    return entry
        return None

    def forget(self, token: str) -> None:
        entries = self.all()
        kept = [e for e in entries if e.token != token]
        if len(kept) != len(entries):
            self._write(kept)

    def _write(self, entries: list[StoredSeats]) -> None:
        data = {"format": 1, "tables": [asdict(e) for e in entries]}
        try:
            atomic_write(self.path, json.dumps(data, indent=1).encode("utf-8"))
        except OSError as exc:  # losing a token costs a seat after a restart, never the game now
            log.warning("could not save the reconnect token: %s", exc)
