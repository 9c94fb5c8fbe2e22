"""Drives RemoteSessions with bots, as a table scene would with people: poll, look, submit.

Shared by the in-process LAN tests and by `net_player.py`, the client process of the process tests.
"""

from __future__ import annotations

import time
from typing import Iterable

from game.bots.base import make_bot
from game.core.registry import find_game
from net.client import RemoteSession


class BotDriver:
    """Plays every local seat of some sessions with bots (level `random` works for any game)."""

    def __init__(self, sessions: Iterable[RemoteSession], level: str = "random", seed: int = 1) -> None:
        self.sessions = list(sessions)
        self.level, self.seed = level, seed
        self._bots: dict[int, object] = {}
        self._submitted: dict[int, int] = {}  # seat -> version we last moved on
        self.errors: list[tuple[int, str]] = []

    def step(self) -> None:
        for session in self.sessions:
            for update in session.poll():
                if update.error_code is not None:
                    self.errors.append((update.seat, update.error_code))
                    self._submitted.pop(update.seat, None)  # refused: think again on what is current
            for seat in session.local_seats():
                update = session.latest(seat)
                if update is None or update.outcome is not None or seat not in update.active or not update.legal:
                    continue
                if self._submitted.get(seat) == update.version:
                    continue
                if seat not in self._bots:
                    engine = find_game(session.game_id)
                    self._bots[seat] = make_bot(session.game_id, self.level, engine, seat, self.seed * 31 + seat)
                self._submitted[seat] = update.version
                session.submit(self._bots[seat].choose(update.view, list(update.legal)))

    def over(self) -> bool:
        return all(s.latest(seat) is not None and s.latest(seat).outcome is not None
                   for s in self.sessions for seat in (s.local_seats() or [None]))

    def play(self, timeout: float = 30.0, until=None) -> bool:
        """Step until the game is over (or `until()` holds); False on timeout."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.step()
            if (until or self.over)():
                return True
            time.sleep(0.001)
        return False
