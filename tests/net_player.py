"""A LAN client process for the process tests: joins a table, plays its seats with bots, prints JSON."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import highcard  # noqa: E402,F401 - registers the test engine
from net.client import RemoteSession  # noqa: E402
from net_driver import BotDriver  # noqa: E402
from waits16 import CEILING  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--name", default="Player")
    parser.add_argument("--seats", default="", help="comma-separated seat numbers; empty = any free seat")
    parser.add_argument("--spectator", action="store_true")
    parser.add_argument("--timeout", type=float, default=4 * CEILING, help="seconds for the whole game")
    args = parser.parse_args()
    seats = [int(s) for s in args.seats.split(",") if s]
    session = RemoteSession("127.0.0.1", args.port, name=args.name, seats=seats, spectator=args.spectator)
    driver = BotDriver([session], seed=sum(seats) + 7)
    started = time.perf_counter()
    finished = driver.play(args.timeout)
    session.ping_now()
    session.wait_until(lambda: session.rtt is not None, CEILING)
    latest = [session.latest(s) for s in (session.local_seats() or [None])]
    print(json.dumps({
        "finished": finished, "seats": session.local_seats(), "status": session.status_text,
        "hashes": [u.state_hash if u else None for u in latest],
        "versions": [u.version if u else None for u in latest],
        "errors": driver.errors, "seconds": time.perf_counter() - started, "rtt": session.rtt,
    }), flush=True)
    session.close()
    return 0 if finished else 1


if __name__ == "__main__":
    sys.exit(main())
