"""Duel a variant of the Lost Cities expert's constants against the expert itself, fast.

    .venv/bin/python tools/duel_lost_cities.py --deals 10000                 # OWN_TURNS, the master's own turns
    .venv/bin/python tools/duel_lost_cities.py --deals 10000 --set open_cost=2.0 --set contested_reach=1.0
    .venv/bin/python tools/duel_lost_cities.py --deals 10000 --seed 5 --json

Each deal is played twice, the variant in either seat, both seats on `fast_turn` (the expert's
decisions exactly, ~3x faster than the bots' own code) with the full table and no engine: a
single round takes ~1.3 ms, so 20,000 rounds take ~16 s on two cores. A pair of rounds on one deal
cancels most of the luck of the deal, which is what lets a change worth half a point show
(a win-rate run of the master, at ~1 s a round, cannot). This loop found `OWN_TURNS`
(docs/bench/lost-cities.md); the master's own win rate must still be measured with
tools/bench_lost_cities.py, since the master searches where the variant only plays.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots.lost_cities_fast import EXPERT, OWN_TURNS, ExpertParams, deal_table, fast_turn  # noqa: E402
from game.core.rng import Rng  # noqa: E402

ROUND_TURN_CAP = 400  # far past any real round (pile draws stretch one, never this far)


def play_deal_both_ways(variant: ExpertParams, rng: Rng, colours: int) -> list[int]:
    """One fresh deal played twice, the variant in seat 0 then in seat 1: the variant's score
    difference (its score less the expert's) in each."""
    deal = deal_table(rng, colours)
    differences = []
    for variant_seat in (0, 1):
        table = deal.copy()
        params = [EXPERT, EXPERT]
        params[variant_seat] = variant
        ended, turns = False, 0
        while not ended and turns < ROUND_TURN_CAP:
            seat = table.turn
            ended = table.draw(seat, fast_turn(table, seat, params[seat])[3])
            turns += 1
        differences.append(table.score(variant_seat) - table.score(1 - variant_seat))
    return differences


def duel_shard(job: tuple[ExpertParams, int, int, int]) -> list[int]:
    variant, seed, deals, colours = job
    rng = Rng.from_seed(seed, "lost-cities-duel")
    differences: list[int] = []
    for _ in range(deals):
        differences += play_deal_both_ways(variant, rng, colours)
    return differences


def duel(variant: ExpertParams, deals: int, seed: int = 1, workers: int = 2, colours: int = 5) -> dict[str, Any]:
    """The variant against the expert on `deals` deals (2 x deals rounds): its share of the rounds
    won (a draw counts half), its mean score difference and that mean's standard error. Shard k
    plays its deals from seed*1000+k, so the figures depend on `workers` as well as on the seed."""
    shards = [(variant, seed * 1000 + k, deals // workers + (k < deals % workers), colours) for k in range(workers)]
    if workers == 1:
        results = [duel_shard(shards[0])]
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            results = pool.map(duel_shard, shards)
    differences = [d for shard in results for d in shard]
    rounds = len(differences)
    won = sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in differences)
    # the standard error over deals (the two rounds of a deal are not independent)
    per_deal = [differences[i] + differences[i + 1] for i in range(0, rounds, 2)]
    mean_pair = sum(per_deal) / len(per_deal)
    spread = (sum((p - mean_pair) ** 2 for p in per_deal) / max(1, len(per_deal) - 1)) ** 0.5
    return {"rounds": rounds, "win_rate": won / rounds, "mean_difference": mean_pair / 2,
            "mean_difference_se": spread / 2 / len(per_deal) ** 0.5, "variant": dataclasses.asdict(variant)}


def constant(text: str) -> tuple[str, float | int]:
    """NAME=VALUE for one ExpertParams field (argparse type)."""
    name, _, value = text.partition("=")
    fields = {f.name: f for f in dataclasses.fields(ExpertParams)}
    if name not in fields:
        raise argparse.ArgumentTypeError(f"{name!r} is not one of the expert's constants: {', '.join(fields)}")
    try:
        return name, (int(value) if fields[name].type in (int, "int") else float(value))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name} needs a number, not {value!r}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10_000, help="deals, each played both ways (default 10,000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--colours", type=int, default=5, choices=(5, 6))
    parser.add_argument("--set", type=constant, action="append", default=[], metavar="NAME=VALUE",
                        help="a constant of the variant (repeatable); the others are OWN_TURNS'")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    variant = dataclasses.replace(OWN_TURNS, **dict(args.set))
    start = time.time()
    report = duel(variant, args.deals, args.seed, max(1, args.workers), args.colours)
    report["seconds"] = round(time.time() - start, 1)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"variant vs expert: {report['rounds']} rounds, wins {report['win_rate']:.2%}, mean score "
              f"difference {report['mean_difference']:+.2f} ± {report['mean_difference_se']:.2f}, "
              f"{report['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
