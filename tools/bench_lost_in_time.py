"""Lost in Time bot benchmark: master against experts (3 and 4 players), expert against easy, and
master's time per move. Goals: master wins >= 1.3x its fair share (>= 43 % with 3 players,
>= 33 % with 4) over >= 300 games each; a master move takes <= 0.3 s.

    .venv/bin/python tools/bench_lost_in_time.py            # the full run (>= 300 games per table)
    .venv/bin/python tools/bench_lost_in_time.py --quick    # a short pass that proves it runs
    .venv/bin/python tools/bench_lost_in_time.py --games 600 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.bots.simulate import simulate_parallel  # noqa: E402

GAME = "lost-in-time"
MOVE_BUDGET_SECONDS = 0.3


def move_times(games: int, seed: int) -> dict[str, float]:
    """Wall time of every master move in `games` games against two experts."""
    from game.bots.lost_in_time import BOTS
    from game.core import GameConfig
    from game.rules.lost_in_time import ENGINE

    times: list[float] = []
    for g in range(games):
        state = ENGINE.new_game(GameConfig.make(GAME, 3), seed + g)
        bots = [BOTS["master"](ENGINE, 0, g), BOTS["expert"](ENGINE, 1, g), BOTS["expert"](ENGINE, 2, g)]
        while not ENGINE.is_over(state):
            seat = state["turn"]
            legal = ENGINE.legal_actions(state, seat)
            view = ENGINE.view(state, seat)
            started = time.perf_counter()
            action = bots[seat].choose(view, legal)
            if seat == 0:
                times.append(time.perf_counter() - started)
            state, _ = ENGINE.apply(state, action)
    times.sort()
    return {"moves": len(times), "mean": sum(times) / len(times), "p95": times[int(0.95 * (len(times) - 1))],
            "max": times[-1]}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a few games only (proves the script runs)")
    parser.add_argument("--games", type=int, default=300, help="games per table (default 300)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=20310)
    args = parser.parse_args(argv)
    games = 12 if args.quick else args.games
    ok = True
    print(f"Lost in Time bots, {games} games per table, seed {args.seed}")
    tables = [(["master", "expert", "expert"], 1.3 / 3), (["master", "expert", "expert", "expert"], 1.3 / 4),
              (["expert", "easy", "easy"], 1 / 3)]
    for levels, goal in tables:
        r = simulate_parallel(GAME, levels, games, args.seed, args.jobs)
        low, high = r["win_rate_ci95"][0]
        verdict = "ok" if r["win_rate"][0] >= goal else "BELOW GOAL"
        if levels[0] == "master" and r["win_rate"][0] < goal and not args.quick:
            ok = False
        print(f"  {' vs '.join(levels)}: {levels[0]} wins {r['win_rate'][0]:.1%} "
              f"(95% CI {low:.1%}-{high:.1%}; goal {goal:.1%}: {verdict}); per slot "
              f"{', '.join(f'{w:.1%}' for w in r['win_rate'])}; nobody/shared {r['draws']}; "
              f"{r['mean_actions']:.0f} actions/game; {r['seconds']} s")
    timing = move_times(2 if args.quick else 10, args.seed)
    verdict = "ok" if timing["max"] <= MOVE_BUDGET_SECONDS else "OVER BUDGET"
    print(f"  master move time over {timing['moves']} moves: mean {timing['mean'] * 1000:.0f} ms, "
          f"p95 {timing['p95'] * 1000:.0f} ms, max {timing['max'] * 1000:.0f} ms ({verdict})")
    if timing["max"] > MOVE_BUDGET_SECONDS and not args.quick:
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
