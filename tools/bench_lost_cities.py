"""Lost Cities bot benchmarks: round win rates between levels and the master's time per move.

    .venv/bin/python tools/bench_lost_cities.py                 # the full runs of docs/bench/lost-cities.md
    .venv/bin/python tools/bench_lost_cities.py --games 200     # a quicker look
    .venv/bin/python tools/bench_lost_cities.py --pairs master:expert --timing-rounds 0

Win rates are single rounds (`rounds=1`), seats rotated by `simulate`, games split over worker
processes (`simulate_parallel`: the figures do not depend on the worker count). The time per move
is measured apart, as a player waits for it (the master's two search helpers included), over whole
rounds of master against expert: run it with nothing else on the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots.lost_cities import BOTS, MasterBot  # noqa: E402
from game.bots.search_pool import PROCESSES_ENV, shared_pool  # noqa: E402
from game.bots.simulate import simulate_parallel  # noqa: E402
from game.core import GameConfig, SeatConfig  # noqa: E402
from game.rules.lost_cities import ENGINE  # noqa: E402


def win_rate(first: str, second: str, games: int, seed: int, workers: int) -> dict[str, Any]:
    """`first` against `second` over `games` single rounds (seeds seed ... seed + games - 1): the
    `simulate_parallel` report, named by its pair. Draws count half a win to each side. (With
    more than one worker, each game's master searches in its worker: the same decisions as with
    its helper processes, tests/test_search_pool.py.)"""
    report = simulate_parallel("lost-cities", [first, second], games, seed, workers, {"rounds": 1})
    return {"pair": f"{first} vs {second}", **report}


def master_timing(rounds: int, seed: int) -> dict[str, Any]:
    """Seconds per master move (play and draw decisions) over whole rounds against expert, as a
    player waits for them: wall time, with the search shards in the two helper processes (started
    and warmed up before the first timed move). Run it with nothing else on the machine. The CPU
    time of the deciding process is reported too: with helpers it is only the bot's own
    bookkeeping (`--helpers 0` times the search in one process instead)."""
    shared_pool().wait_ready()
    times: list[float] = []
    cpu_times: list[float] = []
    searched: list[tuple[float, float]] = []  # (wall, CPU) of each searched play
    for r in range(rounds):
        config = GameConfig.make("lost-cities", [SeatConfig("bot", "M"), SeatConfig("bot", "E")], rounds=1)
        state = ENGINE.new_game(config, seed + r)
        master_seat = r % 2
        bots = {master_seat: BOTS["master"](ENGINE, master_seat, seed + r),
                1 - master_seat: BOTS["expert"](ENGINE, 1 - master_seat, seed + r + 1)}
        while not ENGINE.is_over(state):
            seat = state["turn"]
            view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
            started, cpu = time.perf_counter(), time.process_time()
            action = bots[seat].choose(view, legal)
            if seat == master_seat:
                times.append(time.perf_counter() - started)
                cpu_times.append(time.process_time() - cpu)
                if view["phase"] == "play" and view["deck_count"] <= MasterBot.search_below_deck:
                    searched.append((times[-1], cpu_times[-1]))
            state, _ = ENGINE.apply(state, action)
    times.sort()
    return {
        "rounds": rounds,
        "moves": len(times),
        "mean_s": sum(times) / len(times),
        "p95_s": times[int(0.95 * (len(times) - 1))],
        "max_s": times[-1],
        "cpu_max_s": max(cpu_times),
        "cpu_mean_s": sum(cpu_times) / len(cpu_times),
        "search_moves": len(searched),
        "mean_search_s": sum(wall for wall, _ in searched) / len(searched) if searched else 0.0,
        "cpu_mean_search_s": sum(cpu for _, cpu in searched) / len(searched) if searched else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="single rounds per pair (default 1000)")
    parser.add_argument("--pairs", default="master:expert,expert:easy", help="first:second,...")
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timing-rounds", type=int, default=20)
    parser.add_argument("--json", action="store_true", help="print JSON instead of lines")
    parser.add_argument("--quick", action="store_true", help="a few rounds only (proves the script runs)")
    parser.add_argument("--helpers", type=int, default=None,
                        help="search helper processes for the timing rounds (default: as the game, 2)")
    args = parser.parse_args(argv)
    if args.helpers is not None:
        os.environ[PROCESSES_ENV] = str(args.helpers)
    if args.quick:
        args.games, args.timing_rounds = 4, 1
    out: dict[str, Any] = {"win_rates": []}
    if args.timing_rounds:
        out["master_timing"] = master_timing(args.timing_rounds, args.seed)
        if not args.json:
            t = out["master_timing"]
            print(f"master time per move over {t['moves']} moves: mean {t['mean_s']:.3f} s, "
                  f"p95 {t['p95_s']:.3f} s, max {t['max_s']:.3f} s; the {t['search_moves']} searched plays "
                  f"{t['mean_search_s']:.3f} s on average; CPU time of the deciding process: mean "
                  f"{t['cpu_mean_s']:.3f} s, max {t['cpu_max_s']:.3f} s (searched plays {t['cpu_mean_search_s']:.3f} s)",
                  flush=True)
    for pair in filter(None, args.pairs.split(",")):
        first, second = pair.split(":")
        report = win_rate(first, second, args.games, args.seed, args.workers)
        out["win_rates"].append(report)
        if not args.json:
            lo, hi = report["win_rate_ci95"][0]
            print(f"{report['pair']}: {report['games']} rounds, {first} wins {report['win_rate'][0]:.1%} "
                  f"(95 % CI {lo:.1%}-{hi:.1%}), draws {report['draws']}, mean scores "
                  f"{report['mean_score'][0]:.1f} / {report['mean_score'][1]:.1f}, {report['seconds']:.1f} s", flush=True)
    if args.json:
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
