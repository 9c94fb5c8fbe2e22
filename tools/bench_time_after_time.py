"""Time After Time bot benchmark: win rates of `master` against `expert` opponents (3 and 4 players),
the level ladder, and master's time per move. Too long for pytest; run it as a script:

    .venv/bin/python tools/bench_time_after_time.py --games 600 --workers 1 [--write docs/bench/time-after-time.md]

It also reports the solitaire model (one row, the 34 Time cards shuffled): the expected turns to
fill for the expert's rule and for master's exact placement, and what that difference is worth
in a race (`--solitaire 0` skips it).
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

from game.bots.base import make_bot  # noqa: E402
from game.bots.simulate import simulate_parallel  # noqa: E402
from game.core import GameConfig  # noqa: E402
from game.rules.time_after_time import ENGINE  # noqa: E402

GAME = "time-after-time"


def master_move_times(games: int, seed: int) -> dict[str, float]:
    """Wall time of master's choose() in 4-player games against experts."""
    times = []
    for g in range(games):
        state = ENGINE.new_game(GameConfig.make(GAME, 4), seed + g)
        bots = [make_bot(GAME, "master" if s == g % 4 else "expert", ENGINE, s, seed + g) for s in range(4)]
        while not ENGINE.is_over(state):
            seat = ENGINE.active_seats(state)[0]
            view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
            started = time.perf_counter()
            action = bots[seat].choose(view, legal)
            if seat == g % 4:
                times.append(time.perf_counter() - started)
            state, _ = ENGINE.apply(state, action)
    times.sort()
    return {"moves": len(times), "mean_ms": 1000 * sum(times) / len(times),
            "p99_ms": 1000 * times[int(0.99 * (len(times) - 1))], "worst_ms": 1000 * times[-1]}


def peeking_ceiling(seats: int, games: int, seed: int) -> float:
    """Diagnostic, not a bot: an expert that may look at the order of its right-hand neighbour's
    hand (which the rules keep blind) and so never draws a Ghost when a Time card is there, and
    prefers a card it can place. Its win rate against experts shows where this game's skill would
    lie if draws were not blind. Returns its win rate."""
    from game.bots.time_after_time import ExpertBot, hours_row, slots_for
    from game.rules.time_after_time import is_ghost, hour_of, right_neighbour

    wins = 0
    for g in range(games):
        state = ENGINE.new_game(GameConfig.make(GAME, seats), seed + g)
        peeker = g % seats
        bots = [ExpertBot(ENGINE, s, seed + g) for s in range(seats)]
        while not ENGINE.is_over(state):
            seat = ENGINE.active_seats(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            action = bots[seat].choose(ENGINE.view(state, seat), legal)
            if seat == peeker and action.kind == "draw":
                hand = state["hands"][right_neighbour(seat, seats)]
                row = hours_row(state["rows"][seat])

                def worth(position: int) -> int:
                    card = hand[position]
                    return 0 if is_ghost(card) else (2 if slots_for(row, hour_of(card)) else 1)

                best = max(range(len(hand)), key=worth)
                action = next(a for a in legal if a.kind == "draw" and a["position"] == best)
            state, _ = ENGINE.apply(state, action)
        wins += state["winner"] == peeker
    return wins / games


def solitaire_turns(policy: str, games: int, seed: int) -> list[int]:
    """The solitaire model: one row, draws from the 34 Time cards shuffled (no Ghost, no opponent),
    an unplaceable card wastes the turn. Turns to fill the row, per deal; every policy gets the same
    deals. `policy` is "expert" (the expert's proportional gaps, knowing what is gone as in a game)
    or "master" (FillTimeModel over the copies not yet drawn)."""
    from game.bots.time_after_time import (Availability, FillTimeModel, proportional_slot, slots_for)
    from game.core.rng import Rng
    from game.rules.time_after_time import HOURS, SLOTS, TIME_CARDS, hour_of

    results = []
    for game in range(games):
        deck = [hour_of(c) for c in Rng.from_seed(seed + game, "tt-solitaire").shuffled(TIME_CARDS)]
        row, gone, turns = [0] * SLOTS, [], 0
        for index, hour in enumerate(deck):
            if 0 not in row:
                break
            turns += 1
            slots = slots_for(row, hour)
            if not slots:
                gone.append(hour)
                continue
            if policy == "master" and len(slots) > 1:
                left = deck[index + 1:]
                slot, value = FillTimeModel({h: float(left.count(h)) for h in HOURS}, 0.0).best_slot(row, hour, slots)
                if value == float("inf"):  # as MasterBot: a row the model calls lost keeps the expert's rule
                    slot = proportional_slot(row, hour, slots, Availability({h: left.count(h) for h in HOURS}))
            elif policy == "master":
                slot = slots[0]
            else:
                # as a game's view: gone = in the row or out of the game (the unplaceable draws)
                slot = proportional_slot(row, hour, slots, Availability({h: 2 - gone.count(h) for h in HOURS}))
            row[slot] = hour
            gone.append(hour)
        results.append(turns if 0 not in row else len(deck) + 1)
    return results


def draw_model_turns(policy: str, games: int, seed: int) -> list[int]:
    """Turns to fill a row when every turn brings one of the 17 hours at random (with replacement:
    the model FillTimeModel solves exactly), so the simulated means must match its figures."""
    from game.bots.time_after_time import Availability, FillTimeModel, proportional_slot, slots_for
    from game.core.rng import Rng
    from game.rules.time_after_time import HOURS, SLOTS

    model = FillTimeModel({h: 2.0 for h in HOURS}, 0.0)
    avail = Availability({h: 2 for h in HOURS})
    results = []
    for game in range(games):
        rng = Rng.from_seed(seed + game, "tt-draw-model")
        row, turns = [0] * SLOTS, 0
        while 0 in row:
            turns += 1
            hour = HOURS[rng.below(len(HOURS))]
            slots = slots_for(row, hour)
            if slots:
                row[model.best_slot(row, hour, slots)[0] if policy == "master"
                    else proportional_slot(row, hour, slots, avail)] = hour
        results.append(turns)
    return results


def expert_in_model() -> float:
    """The expert's expected turns to fill a row under the uniform draw model (p = 1/17 each hour,
    with replacement), evaluated exactly, beside FillTimeModel's optimum for the same model."""
    from game.bots.time_after_time import Availability, proportional_slot, slots_for
    from game.rules.time_after_time import HOURS, SLOTS

    chance = 1.0 / len(HOURS)
    avail = Availability({h: 2 for h in HOURS})
    memo: dict[tuple[int, ...], float] = {}

    def value(row: tuple[int, ...]) -> float:
        if 0 not in row:
            return 0.0
        if row in memo:
            return memo[row]
        total, placeable = 1.0, 0.0
        for hour in HOURS:
            slots = slots_for(list(row), hour)
            if not slots:
                continue
            placeable += chance
            after = list(row)
            after[proportional_slot(list(row), hour, slots, avail)] = hour
            total += chance * value(tuple(after))
        memo[row] = total / placeable if placeable else float("inf")
        return memo[row]

    return value((0,) * SLOTS)


def race_share(own: list[int], others: list[int], opponents: int) -> float:
    """Chance that a row filled in `own` turns beats `opponents` independent rows filled in `others`
    turns (empirical distributions); a tie goes to each tied player equally (the seat order is
    random). What the placement gain alone is worth in a race, with no Ghosts and no shared cards."""
    from math import comb
    horizon = max(own + others) + 1
    own_pmf = [own.count(t) / len(own) for t in range(horizon + 1)]
    other_pmf = [others.count(t) / len(others) for t in range(horizon + 1)]
    share = 0.0
    for turns, chance in enumerate(own_pmf):
        if not chance:
            continue
        same, later = other_pmf[turns], sum(other_pmf[turns + 1:])
        share += chance * sum(comb(opponents, k) * same ** k * later ** (opponents - k) / (k + 1)
                              for k in range(opponents + 1))
    return share


def placement_agreement(games: int, seed: int) -> dict[str, float]:
    """In 3-player games of master against two experts: how many of master's placements offer a
    choice, how often an expert in its seat (same view) would have chosen another slot, and how
    many more turns master's model gives the expert's slot on average when they differ."""
    from game.bots.time_after_time import ExpertBot, MasterBot, hours_row
    from game.rules.time_after_time import hour_of

    placements = choices = differ = 0
    extra_turns = 0.0
    for g in range(games):
        state = ENGINE.new_game(GameConfig.make(GAME, 3), seed + g)
        master = MasterBot(ENGINE, 0, seed + g)
        bots = [master, ExpertBot(ENGINE, 1, seed + g), ExpertBot(ENGINE, 2, seed + g)]
        shadow = ExpertBot(ENGINE, 0, seed + g)
        while not ENGINE.is_over(state):
            seat = ENGINE.active_seats(state)[0]
            view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
            action = bots[seat].choose(view, legal)
            if seat == 0 and action.kind == "place":
                placements += 1
                slots = [a["slot"] for a in legal if a.kind == "place"]
                if len(slots) > 1:
                    choices += 1
                    hour = hour_of(view["pending"])
                    other = shadow.choose_slot(view, hour, slots)
                    if other != action["slot"]:
                        differ += 1
                        model, row = master.fill_model(view), hours_row(view["rows"][0])
                        row[other] = hour
                        expert_value = model.row_turns(row)
                        row[other], row[action["slot"]] = 0, hour
                        extra_turns += expert_value - model.row_turns(row)
            state, _ = ENGINE.apply(state, action)
    return {"games": games, "placements": placements, "choices": choices, "differ": differ,
            "extra_turns": extra_turns / differ if differ else 0.0}


def shifted(turns: list[int], by: int) -> list[int]:
    return [max(1, t - by) for t in turns]


def gain_needed(others: list[int], opponents: int, target: float) -> float:
    """How many turns faster than `others` (on every deal) a row must be filled to win `target`
    of a race against `opponents` of them: race_share of the distribution shifted by whole turns,
    interpolated linearly between the two shifts around the target."""
    previous = race_share(others, others, opponents)
    for by in range(1, 12):
        share = race_share(shifted(others, by), others, opponents)
        if share >= target:
            return by - 1 + (target - previous) / (share - previous)
        previous = share
    return float("inf")


def share_with_gain(others: list[int], opponents: int, gain: float) -> float:
    """race_share of a row `gain` turns faster than `others` on average: a whole turn faster on a
    fraction of the deals (the same interpolation as gain_needed)."""
    whole = int(gain)
    low = race_share(shifted(others, whole), others, opponents)
    high = race_share(shifted(others, whole + 1), others, opponents)
    return low + (gain - whole) * (high - low)


def solitaire_report(games: int, seed: int) -> dict[str, Any]:
    """Mean and SD of turns to fill for expert and master on the same deals, the mean paired
    difference with its standard error, the exact model figures, and the race shares they imply."""
    import statistics
    expert = solitaire_turns("expert", games, seed)
    master = solitaire_turns("master", games, seed)
    gains = [e - m for e, m in zip(expert, master)]
    from game.bots.time_after_time import FillTimeModel
    from game.rules.time_after_time import HOURS, SLOTS
    report = {
        "games": games,
        "expert_mean": statistics.fmean(expert), "expert_sd": statistics.stdev(expert),
        "master_mean": statistics.fmean(master), "master_sd": statistics.stdev(master),
        "gain_mean": statistics.fmean(gains), "gain_se": statistics.stdev(gains) / games ** 0.5,
        "model_optimum": FillTimeModel({h: 2.0 for h in HOURS}, 0.0).row_turns([0] * SLOTS),
        "model_expert": expert_in_model(),
        "race": {seats: race_share(master, expert, seats - 1) for seats in (3, 4)},
        "gain_for_1_3": {seats: gain_needed(expert, seats - 1, 1.3 / seats) for seats in (3, 4)},
    }
    simulated_expert, simulated_master = draw_model_turns("expert", 4 * games, seed), draw_model_turns("master", 4 * games, seed)
    model_gains = [e - m for e, m in zip(simulated_expert, simulated_master)]
    report["simulated_model"] = (statistics.fmean(simulated_expert), statistics.fmean(simulated_master),
                                 statistics.fmean(model_gains), statistics.stdev(model_gains) / len(model_gains) ** 0.5)
    report["model_gain_share"] = {seats: share_with_gain(expert, seats - 1, report["model_expert"] - report["model_optimum"])
                                  for seats in (3, 4)}
    return report


def solitaire_lines(report: dict[str, Any]) -> list[str]:
    lines = [f"solitaire model ({report['games']} deals of the 34 Time cards, same deals for both): "
             f"expert {report['expert_mean']:.2f} turns (SD {report['expert_sd']:.2f}), "
             f"master {report['master_mean']:.2f} (SD {report['master_sd']:.2f}); "
             f"expert minus master {report['gain_mean']:+.2f} ± {report['gain_se']:.2f} (1 SE)",
             f"draw model (p = 1/17 each hour, exact): optimum {report['model_optimum']:.3f} turns, "
             f"expert {report['model_expert']:.3f}; simulated ({4 * report['games']} rows each): expert "
             f"{report['simulated_model'][0]:.2f}, master {report['simulated_model'][1]:.2f}, expert minus master "
             f"{report['simulated_model'][2]:+.2f} ± {report['simulated_model'][3]:.2f}"]
    for seats in (3, 4):
        lines.append(f"solitaire race, {seats} rows: master's turns against expert's win "
                     f"{report['race'][seats]:.1%} ({report['race'][seats] * seats:.2f}× fair share); "
                     f"1.3× would need {report['gain_for_1_3'][seats]:.2f} turns faster than the expert on average; "
                     f"the draw model's whole gain ({report['model_expert'] - report['model_optimum']:.2f} turns) "
                     f"would be worth {report['model_gain_share'][seats] * seats:.2f}×")
    return lines


def markdown(results: list[dict[str, Any]], timing: dict[str, float], peeks: dict[int, float],
             solitaire: dict[str, Any] | None = None, agreement: dict[str, float] | None = None) -> str:
    lines = ["| seats (levels) | games | win rates, 95 % CI | ties | first level ÷ fair share | actions/game |",
             "|---|---|---|---|---|---|"]
    for r in results:
        seats = len(r["seats"])
        rates = ", ".join(f"{lvl} {rate:.1%} [{lo:.1%}–{hi:.1%}]"
                          for lvl, rate, (lo, hi) in zip(r["seats"], r["win_rate"], r["win_rate_ci95"]))
        ratio = r["win_rate"][0] / (1 / seats)
        lines.append(f"| {seats} ({', '.join(r['seats'])}) | {r['games']} | {rates} | {r['draws']} | "
                     f"{ratio:.2f}× | {r['mean_actions']:.0f} |")
    lines.append("")
    lines.append(f"master time per move (4 players, {timing['moves']} moves): mean {timing['mean_ms']:.1f} ms, "
                 f"p99 {timing['p99_ms']:.1f} ms, worst {timing['worst_ms']:.1f} ms")
    for seats, rate in peeks.items():
        lines.append(f"diagnostic, {seats} players: an expert allowed to see its neighbour's hand order wins "
                     f"{rate:.1%} against experts ({rate * seats:.2f}× fair share)")
    if solitaire is not None:
        lines += solitaire_lines(solitaire)
    if agreement is not None:
        lines.append(f"master against two experts ({agreement['games']} games): {agreement['placements']} placements, "
                     f"{agreement['choices']} with a choice of slot, {agreement['differ']} where an expert would have "
                     f"chosen another slot (there the model rates the expert's slot {agreement['extra_turns']:.2f} "
                     f"turns slower on average)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="games per table (default 300; 30 with --quick)")
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="only master vs experts, no ladder or diagnostics")
    parser.add_argument("--solitaire", type=int, default=1500, help="deals for the solitaire model (0: skip)")
    parser.add_argument("--write", type=Path, help="also write the table to this markdown file")
    args = parser.parse_args(argv)
    if args.games is None:
        args.games = 30 if args.quick else 300
    matchups = [["master", "expert", "expert"], ["master", "expert", "expert", "expert"]]
    if not args.quick:
        matchups += [["expert", "expert", "expert"], ["easy", "expert", "expert"], ["expert", "easy"],
                     ["master", "expert"]]
    results = []
    for levels in matchups:
        result = simulate_parallel(GAME, levels, args.games, args.seed, args.workers)
        results.append(result)
        print(f"{levels}: {[f'{r:.3f}' for r in result['win_rate']]} ties {result['draws']} "
              f"({result['seconds']:.0f} s)", flush=True)
    timing = master_move_times(8, args.seed)
    peeks = {} if args.quick else {seats: peeking_ceiling(seats, args.games, args.seed) for seats in (3, 4)}
    solitaire = solitaire_report(args.solitaire, args.seed) if args.solitaire and not args.quick else None
    agreement = None if args.quick else placement_agreement(150, args.seed)
    table = markdown(results, timing, peeks, solitaire, agreement)
    print(table)
    if args.write:
        args.write.parent.mkdir(parents=True, exist_ok=True)
        args.write.write_text(table + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
