"""Audit the Lost Cities master's departures from its own turn, each measured on the opponent's true hand.

    .venv/bin/python tools/audit_lost_cities.py --games 400 --seed 40000
    .venv/bin/python tools/audit_lost_cities.py --games 400 --search-from 28   # what searching earlier would buy

A win-rate run says little about a change worth a point (1,000 rounds: ±3 points). This audit asks
a sharper question of every searched decision: the search's best departure from the master's own
turn (by its paired z-score), played out `--oracle-deals` times against that turn on the
opponent's TRUE hand with the deck in random order. The true hand is one draw from what the master
may believe, so the mean of these measured edges is an unbiased estimate of what departing is
worth, decision by decision (continuing as the search does: the master's own policy for its seat,
the expert for the opponent). Summed
over the departures a rule would take (z above a threshold), per band of cards left, it shows which
thresholds pay where; the spread over games gives the error of the total. Rough scale: the
shipped master's departures are worth ~45 value units per 400 rounds, its ~8 points of win rate
over the expert.

Development only: the audit reads the game state to know the true hand. The master itself never
does (it plays from its view). `--search-from D` lets the master search from D cards to measure
departures it would take there, while it still plays its own rule (its own turn above its
`search_below_deck`). Runs on `--workers` processes; the search runs in them (no helpers).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["TABLETIME_SEARCH_PROCESSES"] = "0"  # the workers are the cores

from game.bots.lost_cities import BOTS, Departure, MasterBot, Table, rollout, seat_turns  # noqa: E402
from game.core import GameConfig, SeatConfig  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.rules.lost_cities import ENGINE, card_colour, card_value  # noqa: E402

THRESHOLDS = [float("-inf"), 0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0]
BANDS = [(1, 4), (5, 8), (9, 12), (13, 16), (17, 20), (21, 22), (23, 24), (25, 26), (27, 28), (29, 44)]


def world_with_hand(table: Table, seat: int, hand: list[tuple[int, int]], rng: Rng) -> Table:
    """`table` completed with the opponent holding `hand` and the other unseen cards shuffled into
    the deck."""
    world = table.copy()
    opp = 1 - seat
    assert table.unseen is not None
    unknown = [(c, v) for c, lane in enumerate(table.unseen) for v in lane]
    unknown += [(c, v) for c, lane in enumerate(table.hands[opp]) for v in lane]
    for card in hand:
        unknown.remove(card)
    world.hands[opp] = [sorted(v for (colour, v) in hand if colour == c) for c in range(table.n)]
    rng.shuffle(unknown)
    world.deck = unknown
    return world


class AuditedMaster(MasterBot):
    """The master, recording each search's best departure and its edge on the true hand."""

    oracle_deals = 300

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.true_hand: list[tuple[int, int]] = []
        self.records: list[dict[str, Any]] = []
        self._pairs: list[tuple[int, int, int, int]] = []
        self.oracle_rng = Rng.from_seed(args[2], "lost-cities-audit")

    def search(self, table: Table, pairs: list[tuple[int, int, int, int]]) -> tuple[int, int, int, int]:
        self._pairs = pairs
        return super().search(table, pairs)

    def pick(self, table: Table, finalists: list[Departure]) -> int:
        # the master's own rule decides; searches above its `search_below_deck` are only measured
        choice = super().pick(table, finalists) if table.deck_count() <= MasterBot.search_below_deck else 0
        scored = [(d.mean / d.standard_error if d.spread > 0 else (99.0 if d.mean > 0 else -99.0), d)
                  for d in finalists]
        z, best = max(scored, key=lambda item: item[0])
        diffs = []
        fast_turn = seat_turns(self.seat, self.own_policy)
        for _ in range(self.oracle_deals):
            world = world_with_hand(table, self.seat, self.true_hand, self.oracle_rng)
            departed = rollout(world.copy(), self.seat, self._pairs[best.index], self.horizon_turns, fast_turn)[0]
            kept = rollout(world.copy(), self.seat, self._pairs[0], self.horizon_turns, fast_turn)[0]
            diffs.append(departed - kept)
        mean = sum(diffs) / len(diffs)
        spread = (sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) ** 0.5
        self.records.append({"deck": table.deck_count(), "z": z, "taken": choice == best.index,
                             "edge": mean, "edge_se": spread / len(diffs) ** 0.5})
        return choice


def audit_round(job: tuple[int, int, int]) -> list[dict[str, Any]]:
    """One single round, master against expert (the master's seat alternates with the game)."""
    seed, search_from, oracle_deals = job
    master_seat = seed % 2
    config = GameConfig.make("lost-cities", [SeatConfig("bot", "A"), SeatConfig("bot", "B")], rounds=1)
    state = ENGINE.new_game(config, seed)
    master = AuditedMaster(ENGINE, master_seat, seed)
    master.search_below_deck = max(search_from, MasterBot.search_below_deck)
    master.oracle_deals = oracle_deals
    bots = {master_seat: master, 1 - master_seat: BOTS["expert"](ENGINE, 1 - master_seat, seed + 1)}
    while not ENGINE.is_over(state):
        seat = state["turn"]
        view = ENGINE.view(state, seat)
        if seat == master_seat:
            colours = list(view["colours"])
            master.true_hand = [(colours.index(card_colour(card)), card_value(card))
                                for card in state["hands"][1 - master_seat]]
        state, _ = ENGINE.apply(state, bots[seat].choose(view, ENGINE.legal_actions(state, seat)))
    return master.records


def report(rounds: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """Sum of the measured edges of the departures each threshold would take, per band of cards
    left, with the standard error of each sum over rounds; and the same for the departures the
    master really took."""
    def total(pick: Any) -> tuple[float, float, int]:
        per_round = [sum(r["edge"] for r in records if pick(r)) for records in rounds]
        taken = sum(1 for records in rounds for r in records if pick(r))
        n = len(per_round)
        mean = sum(per_round) / n
        var = sum((x - mean) ** 2 for x in per_round) / max(1, n - 1)
        return sum(per_round), (var * n) ** 0.5, taken

    bands: dict[str, Any] = {}
    for low, high in BANDS:
        if not any(low <= r["deck"] <= high for records in rounds for r in records):
            continue
        bands[f"{low}-{high}"] = {
            ("all" if t == float("-inf") else f"z>{t:g}"):
                total(lambda r, t=t, low=low, high=high: low <= r["deck"] <= high and r["z"] > t)
            for t in THRESHOLDS}
    return {"rounds": len(rounds), "bands": bands, "taken": total(lambda r: r["taken"])}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=40000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--search-from", type=int, default=MasterBot.search_below_deck,
                        help="cards left from which searches are audited (the master still plays its own rule)")
    parser.add_argument("--oracle-deals", type=int, default=300, help="true-hand playouts per departure")
    parser.add_argument("--json", metavar="FILE", help="write every record and the report here")
    args = parser.parse_args(argv)
    jobs = [(args.seed + g, args.search_from, args.oracle_deals) for g in range(args.games)]
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        rounds = pool.map(audit_round, jobs, chunksize=2)
    result = report(rounds)
    print(f"{result['rounds']} rounds, seeds {args.seed}-{args.seed + args.games - 1}: the departures a rule "
          "'z above the threshold' would take, their measured edges summed ± the error of the sum")
    print("cards left " + "".join(f"{'z>' + format(t, 'g') if t > float('-inf') else 'all':>12}" for t in THRESHOLDS))
    for band, row in result["bands"].items():
        print(f"{band:>10} " + "".join(f"{format(s, '.2f') + '±' + format(e, '.1f'):>12}" for s, e, _ in row.values()))
    s, e, n = result["taken"]
    print(f"departures the master took: {n}, worth {s:.2f} ± {e:.2f} value units")
    if args.json:
        Path(args.json).write_text(json.dumps({"report": result, "rounds": rounds}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
