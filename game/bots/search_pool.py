"""Helper processes for the Lost Cities master's search: one a core, so a 0.2 s move plays out twice
as many deals on this 2-core machine (issue 3).

A search phase is split into seeded, self-contained shards (`lost_cities.PlayoutShard`); the pool
plays one shard in each helper process at once and returns the values in shard order. Without
helpers (`TABLETIME_SEARCH_PROCESSES=0`, a helper that failed to start or died, a platform that
cannot start one) the shards are played here, one after another: the same numbers, only slower,
so a bot's decisions never depend on the pool.

The helpers are plain child processes (`python -m game.bots.search_pool`) talking pickled frames
over their stdin and stdout: they never import pygame or the caller's main module, and each exits
when its stdin closes (the parent ended, however it ended). A pool belongs to the process that
started it: a forked child (a bench worker) gets a fresh one.
"""

from __future__ import annotations

import atexit
import os
import pickle
import signal
import struct
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

PROCESSES_ENV = "TABLETIME_SEARCH_PROCESSES"
DEFAULT_PROCESSES = 2  # this machine's cores; the bot's shards are fixed at 2 whatever this is
_HEADER = struct.Struct("!I")
READY = "ready"
_PROJECT_ROOT = str(Path(__file__).resolve().parents[2])


def _playout_shard(shard: Any) -> Any:
    from game.bots.lost_cities import playout_shard

    return playout_shard(shard)


def _write_frame(stream: IO[bytes], payload: Any) -> None:
    data = pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _read_frame(stream: IO[bytes]) -> Any:
    """The next frame; EOFError when the other side has gone."""
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        raise EOFError("search helper closed its pipe")
    size = _HEADER.unpack(header)[0]
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("search helper closed its pipe mid-frame")
    return pickle.loads(data)


def processes_wanted() -> int:
    """Helper processes to start, from `TABLETIME_SEARCH_PROCESSES` (default 2; 0 = none)."""
    raw = os.environ.get(PROCESSES_ENV, "").strip()
    if not raw:
        return DEFAULT_PROCESSES
    try:
        wanted = int(raw)
    except ValueError:
        print(f"tabletime: {PROCESSES_ENV}={raw!r} is not a number; searching with {DEFAULT_PROCESSES} "
              "helper processes", file=sys.stderr)
        return DEFAULT_PROCESSES
    return max(0, min(wanted, 8))


class _Helper:
    """One child process and its pipes."""

    def __init__(self) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_PROJECT_ROOT, env.get("PYTHONPATH", "")) if p)
        self.process = subprocess.Popen([sys.executable, "-m", "game.bots.search_pool"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, env=env, cwd=_PROJECT_ROOT)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin: IO[bytes] = self.process.stdin
        self.stdout: IO[bytes] = self.process.stdout
        self.ready = False  # the helper says so once warmed up (`_serve`)

    def wait_ready(self) -> None:
        """Read the helper's ready frame (once); EOFError or OSError if it ended instead."""
        if not self.ready:
            if _read_frame(self.stdout) != (True, READY):
                raise EOFError("search helper did not start")
            self.ready = True

    def close(self) -> None:
        try:
            self.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class SearchPool:
    """Runs a search phase's shards, one per helper process at once, in the calling thread's turn
    (a lock: bots deciding at the same time take turns)."""

    def __init__(self, processes: int) -> None:
        self.owner = os.getpid()
        self.lock = threading.Lock()
        self.helpers: list[_Helper] = []
        try:
            for _ in range(processes):
                self.helpers.append(_Helper())
        except OSError as error:
            print(f"tabletime: the search helpers did not start ({error}); searching in one process",
                  file=sys.stderr)
            self.close()

    @property
    def size(self) -> int:
        return len(self.helpers)

    def wait_ready(self) -> int:
        """Wait until every helper has started and warmed up (timed runs start after this, not
        during the helpers' start-up, which takes both cores for ~0.2 s). Returns the helpers ready."""
        with self.lock:
            for helper in list(self.helpers):
                try:
                    helper.wait_ready()
                except (OSError, EOFError, pickle.UnpicklingError):
                    self._drop(helper)
            return len(self.helpers)

    def run(self, shards: list[Any]) -> list[Any]:
        """`playout_shard(shard)` for every shard, in order: the first ones in the helpers, any left
        over (or all, without helpers) here."""
        with self.lock:
            helpers = list(self.helpers) if os.getpid() == self.owner else []
            sent: list[tuple[_Helper, int]] = []
            for helper, index in zip(helpers, range(len(shards))):
                try:
                    _write_frame(helper.stdin, shards[index])
                    sent.append((helper, index))
                except (OSError, ValueError):
                    self._drop(helper)
            results: list[Any] = [None] * len(shards)
            done = {index for _, index in sent}
            for index, shard in enumerate(shards):
                if index not in done:
                    results[index] = _playout_shard(shard)
            for helper, index in sent:
                try:
                    helper.wait_ready()
                    ok, value = _read_frame(helper.stdout)
                except (OSError, EOFError, pickle.UnpicklingError):
                    ok, value = False, "the helper process ended"
                if ok:
                    results[index] = value
                else:
                    print(f"tabletime: a search helper failed ({value}); its share is played here", file=sys.stderr)
                    self._drop(helper)
                    results[index] = _playout_shard(shards[index])
            return results

    def _drop(self, helper: _Helper) -> None:
        if helper in self.helpers:
            self.helpers.remove(helper)
        helper.close()

    def close(self) -> None:
        for helper in list(self.helpers):
            self._drop(helper)


_POOL: SearchPool | None = None
_POOL_LOCK = threading.Lock()


def shared_pool() -> SearchPool:
    """The process's pool, started on first use. Its helpers start in the background (~0.2 s of
    both cores: imports and a warm-up shard); a search that comes before they are ready waits."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None or _POOL.owner != os.getpid():
            _POOL = SearchPool(processes_wanted())
            atexit.register(_POOL.close)
        return _POOL


def _warm_up() -> None:
    """Play one small shard before saying ready: the imports and the fast evaluator's tables are
    then behind the helper, not inside a move."""
    from game.bots.lost_cities import DECK, PlayoutShard, playout_shard
    from game.bots.lost_cities_fast import _single_seat, deal_table, fast_play
    from game.core.rng import Rng

    table = _single_seat(deal_table(Rng.from_seed(1, "warm-up"), 5), 0)
    kind, c, v = fast_play(table, 0)
    playout_shard(PlayoutShard(table, 0, [(kind, c, v, DECK)], None, 1, 60, 1, 3))


def _serve() -> None:
    """The helper's loop: read a shard, play it, write (True, values) or (False, the error)."""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must never corrupt a frame
    # Ctrl-C in a terminal reaches the whole process group: the parent decides what it means, and
    # the helper goes when its stdin closes
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _warm_up()
    _write_frame(stdout, (True, READY))
    while True:
        try:
            shard = _read_frame(stdin)
        except EOFError:
            return
        try:
            reply: tuple[bool, Any] = (True, _playout_shard(shard))
        except Exception as error:  # reported to the parent, which plays the shard itself
            reply = (False, f"{type(error).__name__}: {error}")
        _write_frame(stdout, reply)


if __name__ == "__main__":
    _serve()
