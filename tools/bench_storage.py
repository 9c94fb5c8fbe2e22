"""What saving costs a player: the autosave after every move, Continue, and the record file.

    .venv/bin/python tools/bench_storage.py            # 50 timed repeats of each
    .venv/bin/python tools/bench_storage.py --quick    # 3 repeats (proves the script runs)

For each game a seeded game some moves in (as `main.py screenshot table` builds it, the most seats
the game allows) and a whole game (the longest save, as at its last move) is autosaved the way LocalSession does it after every move (`write_save`, no folder
fsync) and resumed the way Continue does (`resume`: read, check and replay). The record file holds
10,000 finished games. Goals: an autosave fits in one 60 Hz frame (16.7 ms), Continue in 0.2 s, the
record's load in 50 ms; every file stays small.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("TABLETIME_SEARCH_PROCESSES", "0")

AUTOSAVE_GOAL_MS = 1000 / 60
CONTINUE_GOAL_MS = 200.0
RECORDS_GOAL_MS = 50.0
GAMES = ("lost-cities", "lost-in-time", "time-after-time", "labyrinth")


def timed_ms(work: Callable[[], Any], repeats: int) -> tuple[float, float]:
    """(median, worst) wall time of `work` in milliseconds."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), max(times)


def measure(repeats: int) -> dict[str, Any]:
    from game.core.registry import find_game
    from game.session import resume, write_save
    from game.session.records import load_records, save_records
    from main import seeded_session

    folder = Path(tempfile.mkdtemp(prefix="tabletime-bench-storage-"))
    out: dict[str, Any] = {"games": {}}
    for game in GAMES:
        for finished in (False, True):
            session = seeded_session(game, find_game(game).max_seats, 3, finished=finished)
            path = folder / f"{game}.tt"
            save = session.save_game()
            session.close()
            autosave = timed_ms(lambda: write_save(path, save, sync_folder=False), repeats)
            resumed = timed_ms(lambda: resume(path, bot_delay=0.0).close(), repeats)
            label = f"{game} {'whole game' if finished else 'moves in'}"
            out["games"][label] = {"autosave_ms": autosave, "continue_ms": resumed, "bytes": path.stat().st_size,
                                   "actions": len(save.actions)}
    records_path = folder / "records.json"
    records = load_records(print, records_path)
    chooser = random.Random(1)
    for n in range(10_000):
        records.add(GAMES[n % 4], chooser.choice(("easy", "expert", "master", "people")), chooser.random() < 0.5, False)
    save_records(records, records_path)
    out["records"] = {"load_ms": timed_ms(lambda: load_records(print, records_path), repeats),
                      "save_ms": timed_ms(lambda: save_records(records, records_path), repeats),
                      "bytes": records_path.stat().st_size}
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=50, help="timed repeats of each (default 50)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of lines")
    parser.add_argument("--quick", action="store_true", help="3 repeats only (proves the script runs)")
    args = parser.parse_args(argv)
    figures = measure(3 if args.quick else max(1, args.repeats))
    over = []
    for game, f in figures["games"].items():
        if f["autosave_ms"][0] > AUTOSAVE_GOAL_MS:
            over.append(f"{game} autosave")
        if f["continue_ms"][0] > CONTINUE_GOAL_MS:
            over.append(f"{game} Continue")
    if figures["records"]["load_ms"][0] > RECORDS_GOAL_MS:
        over.append("records load")
    if args.json:
        print(json.dumps(figures | {"over_goal": over}, indent=2))
    else:
        for game, f in figures["games"].items():
            print(f"{game:28} autosave {f['autosave_ms'][0]:5.1f} ms (worst {f['autosave_ms'][1]:5.1f})   "
                  f"Continue {f['continue_ms'][0]:6.1f} ms (worst {f['continue_ms'][1]:6.1f})   "
                  f"{f['bytes']:6d} bytes, {f['actions']} actions")
        r = figures["records"]
        print(f"records, 10,000 games: load {r['load_ms'][0]:.2f} ms, save {r['save_ms'][0]:.1f} ms, {r['bytes']} bytes")
        print("goals met" if not over else f"over goal: {', '.join(over)}")
    return 1 if over and not args.quick else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
