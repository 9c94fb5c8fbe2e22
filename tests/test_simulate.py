"""The shared bot-game runner: splitting games over processes must not change any figure."""

from __future__ import annotations

import pytest

from game.bots.simulate import simulate, simulate_parallel


def test_parallel_run_reports_exactly_what_one_process_does():
    levels = ["easy", "expert"]
    alone = simulate("lost-cities", levels, 16, 500, {"rounds": 1})
    split = simulate_parallel("lost-cities", levels, 16, 500, workers=2, options={"rounds": 1})
    for key in ("games", "wins", "draws", "win_rate", "win_rate_ci95", "mean_actions", "seats"):
        assert split[key] == alone[key], key
    assert split["mean_score"] == pytest.approx(alone["mean_score"])


def test_uneven_game_counts_still_play_every_game_once():
    report = simulate_parallel("time-after-time", ["easy", "easy", "easy"], 7, 3, workers=1)
    assert report["games"] == 7
    assert report["wins"] == simulate("time-after-time", ["easy", "easy", "easy"], 7, 3)["wins"]
