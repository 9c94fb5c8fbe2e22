"""LAN bytes per update: a whole game played over loopback (127.0.0.1 only) by bot-driven
RemoteSessions, every frame the host sends recorded at its tap. Prints, per game, the mean size
of one seat's `update` frame and what in it weighs: the view's static card facts (`cards`), the
rest of the view, the legal moves and the events.

    .venv/bin/python tools/bench_lan_bytes.py                      # Lost in Time, 3 and 6 seats
    .venv/bin/python tools/bench_lan_bytes.py --game lost-cities --seats 2
    .venv/bin/python tools/bench_lan_bytes.py --quick              # one short table, proves it runs
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for extra in (ROOT, ROOT / "tests"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from game.core.wire import pack  # noqa: E402
from net.client import RemoteSession  # noqa: E402
from net.host import SeatSpec, start_host  # noqa: E402
from net.protocol import FEATURES, decode_frames  # noqa: E402


@dataclass
class ByteCount:
    """Sizes of every update frame the host sent, by part (bytes of canonical msgpack)."""

    updates: int = 0
    frame: int = 0
    parts: dict[str, int] = field(default_factory=dict)

    def __call__(self, seats: tuple[int, ...], spectator: bool, frame: bytes) -> None:
        for data in decode_frames(frame):
            if data.get("type") != "update":
                continue
            self.updates += 1
            self.frame += len(frame)
            view = dict(data.get("view") or {})
            cards = view.pop("cards", None)
            for name, value in (("view: card facts", cards), ("view: the rest", view),
                                ("legal moves", data.get("legal")), ("events", data.get("events"))):
                self.parts[name] = self.parts.get(name, 0) + len(pack(value))
            for key in ("patch", "known", "drop", "moves"):  # what a compact update carries besides
                if key in data:
                    self.parts[key] = self.parts.get(key, 0) + len(pack(data[key]))

    def mean(self, total: int) -> float:
        return total / self.updates if self.updates else 0.0


def measure(game: str, seats: int, seed: int, level: str = "easy", timeout: float = 300.0,
            compact: bool = True) -> ByteCount:
    """Play one game with `seats` LAN players (all bot-driven) and count what the host sent;
    `compact` False: the players ask for whole updates, as clients before `update-delta` did."""
    from net_driver import BotDriver

    count = ByteCount()
    handle = start_host(game, [SeatSpec("open")] * seats, bot_delay=0, tap=count, seed=seed, auto_start=False)
    features = tuple(sorted(FEATURES)) if compact else ()
    sessions = [RemoteSession("127.0.0.1", handle.port, name=f"P{i}", seats=[i], features=features)
                for i in range(seats)]
    try:
        if not all(s.wait_until(lambda s=s: s.ready, 10) for s in sessions):
            raise SystemExit("the sessions did not join the table")
        handle.start_game()
        if not BotDriver(sessions, level=level, seed=seed).play(timeout):
            raise SystemExit("the game did not finish in time")
    finally:
        for session in sessions:
            session.close()
        handle.stop()
    return count


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="lost-in-time")
    parser.add_argument("--seats", type=int, action="append", help="players (repeatable; default 3 and 6)")
    parser.add_argument("--seed", type=int, default=20310)
    parser.add_argument("--level", default="easy", help="bot level driving the players (default easy)")
    parser.add_argument("--quick", action="store_true", help="one 2-seat table only")
    args = parser.parse_args(argv)
    tables = [2] if args.quick else (args.seats or [3, 6])
    for seats in tables:
        for compact in (False, True):
            count = measure(args.game, seats, args.seed, args.level, compact=compact)
            print(f"{args.game}, {seats} seats, seed {args.seed}, {'compact' if compact else 'whole'} updates: "
                  f"{count.updates} updates, {count.mean(count.frame):,.0f} bytes per update frame on average")
            for name, total in count.parts.items():
                print(f"    {name:18} {count.mean(total):8,.0f} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
