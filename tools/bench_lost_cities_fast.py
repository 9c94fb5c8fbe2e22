"""Lost Cities: the fast expert (game/bots/lost_cities_fast.py) against the expert it reimplements.

    .venv/bin/python tools/bench_lost_cities_fast.py                 # timing + a 20,000-decision check
    .venv/bin/python tools/bench_lost_cities_fast.py --quick         # a few seconds
    .venv/bin/python tools/bench_lost_cities_fast.py --verify 200000 --rounds 0   # the full equality proof

Two timings, CPU time of this process (`time.process_time`; the machine is shared):

- playouts: random deals played to the end by the expert on both seats of one full Table, as the
  master's playouts do (play, then the draw on the same table), by `fast_play` + `fast_draw` and
  by `fast_turn` (the whole turn in one call). Each side plays the same rounds;
  the time of replaying the recorded moves without deciding is taken off, so what is left is the
  decisions. Blocks of rounds alternate between the two sides and the best of three passes counts.
- single decisions: snapshots of those decisions (and of `Table.from_view` tables from engine
  rounds), each decided once by each side: no play->draw reuse.

The check compares decisions (play and draw) over `--verify` decisions from all three sources
of `playout_decisions`: full simulation tables (`unseen` None), the same decisions from one seat's
knowledge (`unseen` set), and `Table.from_view` on engine views; 5 and 6 colours. The option lists
are compared as well, value for value.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots.lost_cities import PLAY, Judge, Table, expert_draw, expert_play  # noqa: E402
from game.bots.lost_cities_fast import (deal_table, fast_draw, fast_draw_options, fast_play,  # noqa: E402
                                        fast_play_options, fast_turn, playout_decisions)
from game.core.rng import Rng  # noqa: E402

Play = Callable[[Table, int], tuple[int, int, int]]
Draw = Callable[[Table, int], int]


def _deals(seed: int, rounds: int, colours: int) -> list[Table]:
    rng = Rng.from_seed(seed, "bench-lost-cities-fast")
    return [deal_table(rng, colours) for _ in range(rounds)]


def _play_out(table: Table, play: Play, draw: Draw) -> list[tuple[int, int, int, int]]:
    """Play a round to its end with one bot on both seats; the turns made."""
    turns: list[tuple[int, int, int, int]] = []
    ended = False
    while not ended:
        seat = table.turn
        kind, c, v = play(table, seat)
        (table.play if kind == PLAY else table.discard)(seat, c, v)
        source = draw(table, seat)
        turns.append((kind, c, v, source))
        ended = table.draw(seat, source)
    return turns


def _play_out_by_turns(table: Table) -> list[tuple[int, int, int, int]]:
    """`_play_out` with `fast_turn` (it makes the play itself)."""
    turns: list[tuple[int, int, int, int]] = []
    ended = False
    while not ended:
        seat = table.turn
        turn = fast_turn(table, seat)
        turns.append(turn)
        ended = table.draw(seat, turn[3])
    return turns


def _replay(table: Table, turns: list[tuple[int, int, int, int]]) -> None:
    for kind, c, v, source in turns:
        seat = table.turn
        (table.play if kind == PLAY else table.discard)(seat, c, v)
        table.draw(seat, source)


def playout_timing(rounds: int, seed: int, colours: int = 5, block: int = 10, passes: int = 3) -> dict[str, Any]:
    """Microseconds per decision in whole playouts, expert against fast (same deals, same turns)."""
    deals = _deals(seed, rounds, colours)
    recorded = [_play_out(deal.copy(), expert_play, expert_draw) for deal in deals]
    decisions = 2 * sum(len(turns) for turns in recorded)
    best = {"expert": float("inf"), "fast": float("inf"), "turn": float("inf"), "replay": float("inf")}
    sides: dict[str, Callable[[int], None]] = {
        "expert": lambda i: _check_turns(_play_out(deals[i].copy(), expert_play, expert_draw), recorded[i]),
        "fast": lambda i: _check_turns(_play_out(deals[i].copy(), fast_play, fast_draw), recorded[i]),
        "turn": lambda i: _check_turns(_play_out_by_turns(deals[i].copy()), recorded[i]),
        "replay": lambda i: _replay(deals[i].copy(), recorded[i]),
    }
    for _ in range(passes):
        spent = dict.fromkeys(best, 0.0)
        for start in range(0, rounds, block):
            for name, run in sides.items():
                began = time.process_time()
                for i in range(start, min(rounds, start + block)):
                    run(i)
                spent[name] += time.process_time() - began
        for name in best:
            best[name] = min(best[name], spent[name])
    expert, fast, turn = ((best[name] - best["replay"]) / decisions * 1e6 for name in ("expert", "fast", "turn"))
    return {"rounds": rounds, "colours": colours, "decisions": decisions, "expert_us": round(expert, 2),
            "fast_us": round(fast, 2), "speedup": round(expert / fast, 2), "fast_turn_us": round(turn, 2),
            "fast_turn_speedup": round(expert / turn, 2)}


def _check_turns(made: list[tuple[int, int, int, int]], recorded: list[tuple[int, int, int, int]]) -> None:
    if made != recorded:
        raise AssertionError("the fast expert left the expert's playout")


def decision_timing(rounds: int, seed: int, passes: int = 3) -> dict[str, Any]:
    """Microseconds per single decision on snapshots (no reuse between a play and its draw), per
    source of `playout_decisions`."""
    decisions = list(playout_decisions(seed, rounds))
    report: dict[str, Any] = {}
    for source in ("simulation", "single-seat", "view"):
        for phase in ("play", "draw"):
            chosen = [(table, seat) for s, p, table, seat in decisions if s == source and p == phase]
            sides = {"expert": expert_play if phase == "play" else expert_draw,
                     "fast": fast_play if phase == "play" else fast_draw}
            best = dict.fromkeys(sides, float("inf"))
            for _ in range(passes):
                for name, decide in sides.items():
                    began = time.process_time()
                    for table, seat in chosen:
                        decide(table, seat)
                    best[name] = min(best[name], time.process_time() - began)
            expert, fast = (best[name] / len(chosen) * 1e6 for name in ("expert", "fast"))
            report[f"{source} {phase}"] = {"decisions": len(chosen), "expert_us": round(expert, 2),
                                           "fast_us": round(fast, 2), "speedup": round(expert / fast, 2)}
    return report


def _copy(table: Table) -> Table:
    """`Table.copy`, keeping a single seat's knowledge (`unseen`) when there is one."""
    other = table.copy()
    other.unseen, other.unknown_count, other._deck_count = table.unseen, table.unknown_count, table._deck_count
    return other


def _expert_turn(table: Table, seat: int) -> tuple[int, int, int, int]:
    kind, c, v = expert_play(table, seat)
    (table.play if kind == PLAY else table.discard)(seat, c, v)
    return kind, c, v, expert_draw(table, seat)


def verify(decisions: int, seed: int) -> dict[str, Any]:
    """Compare the fast expert's decisions and option lists with the expert's over at least
    `decisions` decisions from playouts (both tables kinds, 5 and 6 colours, three in four
    decisions from 5-colour rounds), and `fast_turn` with the expert's play then draw at every play
    decision; raises on the first difference."""
    counts: dict[str, int] = {}
    checked = 0
    round_seed = seed
    while checked < decisions:
        colours = 6 if round_seed % 4 == 3 else 5
        for source, phase, table, seat in playout_decisions(round_seed, 1, colours):
            if phase == "play":
                same = fast_play(table, seat) == expert_play(table, seat)
                same = same and fast_play_options(table, seat) == Judge(table, seat).play_options()
                same = same and fast_turn(_copy(table), seat) == _expert_turn(_copy(table), seat)
            else:
                same = fast_draw(table, seat) == expert_draw(table, seat)
                same = same and fast_draw_options(table, seat) == Judge(table, seat).draw_options(table.banned)
            if not same:
                raise AssertionError(f"decisions differ: seed {round_seed}, {source} {phase}, seat {seat}")
            key = f"{source} {phase}"
            counts[key] = counts.get(key, 0) + 1
            checked += 1
        round_seed += 1
    return {"decisions": checked, "identical": True, "by_source": counts}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=60, help="playout rounds timed (0: no timing)")
    parser.add_argument("--verify", type=int, default=20_000, help="decisions compared with the expert")
    parser.add_argument("--seed", type=int, default=31_000)
    parser.add_argument("--quick", action="store_true", help="a few seconds: 10 rounds, 2,000 decisions")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.verify = 10, 2_000
    results: dict[str, Any] = {}
    if args.rounds:
        results["playouts"] = playout_timing(args.rounds, args.seed)
        results["playouts_6_colours"] = playout_timing(max(2, args.rounds // 3), args.seed + 1, colours=6)
        results["single_decisions"] = decision_timing(max(2, args.rounds // 3), args.seed + 2)
    if args.verify:
        results["check"] = verify(args.verify, args.seed + 3)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    for key in ("playouts", "playouts_6_colours"):
        if key in results:
            r = results[key]
            print(f"{key}: {r['decisions']} decisions ({r['rounds']} rounds, {r['colours']} colours): "
                  f"expert {r['expert_us']} us, fast_play/fast_draw {r['fast_us']} us per decision, "
                  f"speedup {r['speedup']}x; fast_turn {r['fast_turn_us']} us, speedup {r['fast_turn_speedup']}x")
    for name, r in results.get("single_decisions", {}).items():
        print(f"single {name:18s} {r['decisions']:6d} decisions: expert {r['expert_us']:6.2f} us, "
              f"fast {r['fast_us']:6.2f} us, speedup {r['speedup']}x")
    if "check" in results:
        r = results["check"]
        print(f"check: {r['decisions']} decisions identical to the expert's (decisions, option lists, "
              "fast_turn at each play): "
              + ", ".join(f"{k} {v}" for k, v in r["by_source"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
