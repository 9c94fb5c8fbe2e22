"""Waits for the tests that meet real time (threads, sockets, processes, bot searches).

A CI box at load 16 on two cores runs a test many times slower than a quiet one: a fixed sleep, a
short deadline or "N frames suffice" then fails although nothing is broken, and a suite that cries
wolf teaches people to ignore it. So a test waits for the event it needs, polling a condition that
returns as soon as it holds, under a ceiling so generous that only something broken reaches it.
Where a test must see a window of real time run out (a reconnect window, a grace period), it
holds the program's clock still instead of racing it (`HeldClock`).
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

CEILING = 60.0
"""Seconds a wait may last before the test calls it broken: far beyond any loaded machine's delay
for an event that comes, far below the per-test timeout (pyproject: 600 s)."""


def wait_for(predicate: Callable[[], Any], ceiling: float = CEILING, pause: float = 0.005,
             what: str = "the condition") -> Any:
    """Poll `predicate()` until it is truthy and return its value; raise AssertionError after
    `ceiling` seconds. Returns at the first poll that holds, so a quiet machine waits no longer."""
    deadline = time.monotonic() + ceiling
    while True:
        found = predicate()
        if found:
            return found
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what} did not hold within {ceiling:.0f} s")
        time.sleep(pause)


class HeldClock:
    """A stand-in for a module's `time` (monkeypatch `module.time`) whose `monotonic()` runs with the
    real clock until held: while held it stands still, so a window measured by that module cannot run
    out however slowly the machine steps the test; `release(skip)` lets it run on from `skip`
    seconds later, so the window ends when the test says, not when the load says."""

    def __init__(self) -> None:
        self._offset = 0.0
        self._held_at: float | None = None
        self._reads: dict[int, int] = {}  # thread ident -> how often it looked at the clock

    def monotonic(self) -> float:
        ident = threading.get_ident()
        self._reads[ident] = self._reads.get(ident, 0) + 1
        held = self._held_at
        return held if held is not None else time.monotonic() + self._offset

    def reads_by(self, thread: threading.Thread) -> int:
        """How often `thread` looked at this clock: the pulse of a retry loop measuring a window."""
        return self._reads.get(thread.ident or 0, 0)

    @property
    def held(self) -> bool:
        return self._held_at is not None

    def hold(self) -> None:
        if self._held_at is None:
            self._held_at = self.monotonic()

    def advance(self, seconds: float) -> None:
        """While held: stand still again `seconds` later (part of a window has run)."""
        assert self._held_at is not None, "advance a held clock"
        self._held_at += seconds

    def release(self, skip: float = 0.0) -> None:
        """Run again from where it stood plus `skip` seconds."""
        if self._held_at is not None:
            self._offset = self._held_at + skip - time.monotonic()
            self._held_at = None

    def __getattr__(self, name: str) -> Any:  # sleep, time, perf_counter: the real ones
        return getattr(time, name)
