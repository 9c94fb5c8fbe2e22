"""Headless bot-vs-bot games for `main.py simulate` and the benchmarks."""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from typing import Any

from game.bots.base import make_bot
from game.bots.search_pool import PROCESSES_ENV
from game.core.registry import find_game
from game.core.types import GameConfig, SeatConfig


def play_one(game_id: str, levels: list[str], seed: int, options: dict[str, Any] | None = None,
             max_actions: int = 100_000) -> tuple[Any, int]:
    """Play one game with bots at `levels`; returns (outcome, actions taken)."""
    engine = find_game(game_id)
    seats = [SeatConfig("bot", f"{level.title()} {i + 1}", level if level != "random" else "easy")
             for i, level in enumerate(levels)]
    config = GameConfig.make(game_id, seats, **(options or {}))
    state = engine.new_game(config, seed)
    bots = [make_bot(game_id, level, engine, seat, seed * 7919 + seat) for seat, level in enumerate(levels)]
    actions = 0
    while not engine.is_over(state):
        if actions >= max_actions:
            raise RuntimeError(f"{game_id} seed {seed} did not end within {max_actions} actions")
        seat = engine.active_seats(state)[0]
        legal = engine.legal_actions(state, seat)
        action = bots[seat].choose(engine.view(state, seat), legal)
        state, _ = engine.apply(state, action)
        actions += 1
    return engine.result(state), actions


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % confidence interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def simulate(game_id: str, levels: list[str], games: int, seed: int,
             options: dict[str, Any] | None = None, rotate: bool = True) -> dict[str, Any]:
    """Run `games` games. With `rotate`, seat assignments rotate each game so no level always
    sits first; statistics are reported per *level slot* in the order given."""
    n = len(levels)
    wins = [0.0] * n
    score_sum = [0.0] * n
    score_count = [0] * n
    draws = 0
    team_wins = 0
    cooperative = False
    total_actions = 0
    started = time.perf_counter()
    for g in range(games):
        shift = g % n if rotate else 0
        order = [(slot + shift) % n for slot in range(n)]  # order[seat] = slot
        outcome, actions = play_one(game_id, [levels[order[s]] for s in range(n)], seed + g, options)
        total_actions += actions
        if outcome.cooperative:  # the table wins or loses together: a shared win is no draw
            cooperative = True
            team_wins += 1 if outcome.winners else 0
            for seat in outcome.winners:
                wins[order[seat]] += 1.0
        else:
            if not outcome.winners:
                draws += 1
            for seat in outcome.winners:
                wins[order[seat]] += 1.0 / len(outcome.winners) if len(outcome.winners) > 1 else 1.0
            if len(outcome.winners) > 1:
                draws += 1
        for seat, score in enumerate(outcome.scores):
            if score is not None:
                score_sum[order[seat]] += score
                score_count[order[seat]] += 1
    return _report(game_id, levels, games, wins, draws,
                   [score_sum[i] / score_count[i] if score_count[i] else None for i in range(n)],
                   total_actions / games if games else 0.0, time.perf_counter() - started,
                   team_wins if cooperative else None)


def _report(game_id: str, levels: list[str], games: int, wins: list[float], draws: int,
            mean_score: list[float | None], mean_actions: float, seconds: float,
            team_wins: int | None = None) -> dict[str, Any]:
    """The figures of a run, per level slot in the order given; for a cooperative game also how
    often the table won together (`team_wins`, None for a competitive one)."""
    return {
        "game": game_id,
        "games": games,
        "seats": levels,
        "cooperative": team_wins is not None,
        "team_wins": team_wins,
        "team_win_rate_ci95": list(wilson_interval(team_wins, games)) if team_wins is not None else None,
        "wins": wins,
        "win_rate": [w / games if games else 0.0 for w in wins],
        "win_rate_ci95": [list(wilson_interval(w, games)) for w in wins],
        "draws": draws,
        "mean_score": mean_score,
        "mean_actions": mean_actions,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 3) if seconds > 0 else None,
    }


def _no_search_helpers() -> None:
    os.environ[PROCESSES_ENV] = "0"


def _simulate_chunk(args: tuple[str, list[str], int, int, dict[str, Any] | None]) -> dict[str, Any]:
    game_id, levels, games, seed, options = args
    return simulate(game_id, levels, games, seed, options)


def simulate_parallel(game_id: str, levels: list[str], games: int, seed: int, workers: int = 2,
                      options: dict[str, Any] | None = None) -> dict[str, Any]:
    """`simulate` split over `workers` processes, with the same report.

    Chunks are whole seat rotations and chunk k starts at seed + (its first game), so game g is
    always played with seed + g in the same seats: the result does not depend on `workers`. The
    workers take the cores, so a searching bot plays its search shards in its own worker rather
    than in helper processes of its own (`search_pool`: the same decisions either way)."""
    n = len(levels)
    workers = max(1, workers)
    per_chunk = max(n, (games // (workers * 4)) // n * n)
    chunks = [(game_id, levels, min(per_chunk, games - start), seed + start, options)
              for start in range(0, games, per_chunk)]
    started = time.perf_counter()
    if workers > 1 and len(chunks) > 1:
        with multiprocessing.get_context("spawn").Pool(min(workers, len(chunks)), initializer=_no_search_helpers) as pool:
            parts = pool.map(_simulate_chunk, chunks)
    else:
        parts = [_simulate_chunk(chunk) for chunk in chunks]
    played = sum(p["games"] for p in parts)
    wins = [sum(p["wins"][i] for p in parts) for i in range(n)]

    def weighted_mean(i: int) -> float | None:
        scored = [(p["mean_score"][i], p["games"]) for p in parts if p["mean_score"][i] is not None]
        weight = sum(g for _, g in scored)
        return sum(m * g for m, g in scored) / weight if weight else None

    mean_actions = sum(p["mean_actions"] * p["games"] for p in parts) / played if played else 0.0
    team_wins = sum(p["team_wins"] for p in parts) if any(p["cooperative"] for p in parts) else None
    return _report(game_id, levels, played, wins, sum(p["draws"] for p in parts),
                   [weighted_mean(i) for i in range(n)], mean_actions, time.perf_counter() - started, team_wins)
