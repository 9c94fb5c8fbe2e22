"""Lost in Time's results write a total before Christ as a year ("44 BC"), as the table, the summary
and the breakdown do (session 18: the big number read "−44")."""

from __future__ import annotations

import pytest

from game.core.types import Outcome
from game.rules.lost_in_time import format_year
from game.ui.results import ResultsScene
from game.ui.table_base import TableSceneBase
from game.ui.table_lost_in_time import LostInTimeTable
from game.ui.title import TitleScene
from ui_helpers import frames, make_app


@pytest.fixture
def app(data_dir):
    application = make_app()
    application.push(TitleScene(application))
    yield application
    application.shutdown()


def bc_outcome() -> Outcome:
    """Ann lands in 44 BC (a timeline of a single Ides of March); Ben went beyond 2031."""
    return Outcome((-44, 2040), ((0,), (1,)), (0,), (), "Ann wins, landing in 44 BC.")


def test_the_big_number_of_a_total_before_christ_reads_as_a_year(app):
    scene = ResultsScene(app, bc_outcome(), ["Ann", "Ben"], [0, 1], None, "lost-in-time",
                         score_words=LostInTimeTable.results_score_words)
    app.push(scene)
    frames(app, 2)
    scene.count = 1.0
    assert scene._score_text(0) == "44 BC"
    assert scene._score_text(1) == "2040"
    scene.count = 0.5  # counting up from 0 to 44 BC passes through earlier years, never "−22"
    assert scene._score_text(0) == "22 BC"


def test_only_lost_in_time_writes_its_scores_as_years():
    assert LostInTimeTable.results_score_words is format_year or LostInTimeTable.results_score_words(-44) == "44 BC"
    assert TableSceneBase.results_score_words is None  # Lost Cities' −20 stays a number of points


def test_a_game_without_score_words_keeps_the_minus_sign(app):
    scene = ResultsScene(app, bc_outcome(), ["Ann", "Ben"], [0, 1], None, "lost-cities")
    app.push(scene)
    frames(app, 2)
    scene.count = 1.0
    assert scene._score_text(0) == "−44"


def test_a_lost_in_time_table_hands_its_year_words_to_the_results(app):
    from dataclasses import replace

    from game.core.types import GameConfig, SeatConfig
    from game.session import LocalSession

    config = GameConfig.make("lost-in-time", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben")])
    table = LostInTimeTable(app, LocalSession(config, 3, bot_delay=0.0))
    app.push(table)
    frames(app, 3)
    assert table.shown is not None
    table.shown = replace(table.shown, outcome=bc_outcome())
    table.show_results_now()
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    results.count = 1.0
    assert results._score_text(0) == "44 BC"
