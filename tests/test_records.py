"""The player's record (records.json): tallies per game and opponent, a damaged file moved aside
with a warning, and tables that add a game seen to its end once, for one person here only."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.types import GameConfig, Outcome, SeatConfig
from game.session import LocalSession
from game.session.records import (
    PEOPLE, Records, Tally, load_records, opponent_of, outcome_for, record_line, records_path, save_records,
)
from game.ui.results import ResultsScene
from game.ui.tables import table_scene_for
from game.ui.tween import MOTION
from ui_helpers import recording_app


def test_tallies_add_up_per_game_and_opponent_and_survive_a_round_trip(data_dir):
    records = Records()
    records.add("lost-cities", "expert", won=True, drawn=False)
    records.add("lost-cities", "expert", won=False, drawn=True)
    records.add("lost-cities", "master", won=False, drawn=False)
    save_records(records)
    again = load_records(lambda m: pytest.fail(m))
    game = again.games["lost-cities"]
    assert game.total == Tally(3, 1, 1)
    assert game.against == {"expert": Tally(2, 1, 1), "master": Tally(1, 0, 0)}
    line = record_line(again, "lost-cities", "Lost Cities", "master", cooperative=False)
    assert line == "Your record in Lost Cities: 1 win, 1 draw in 3 games · against Master bots 0 of 1"
    assert record_line(again, "labyrinth", "The Labyrinth", "expert", cooperative=False) == ""


def test_the_best_score_of_each_adventure_is_kept_and_two_windows_keep_the_higher(data_dir):
    records = Records()
    records.add("labyrinth", "expert", won=True, drawn=False, variant="tutorial", score=6)
    records.add("labyrinth", "expert", won=True, drawn=False, variant="tutorial", score=8)
    records.add("labyrinth", "expert", won=True, drawn=False, variant="tutorial", score=7)
    records.add("labyrinth", "expert", won=False, drawn=False, variant="saltmere", score=-2)
    records.add("lost-cities", "expert", won=True, drawn=False)
    save_records(records)
    again = load_records(lambda m: pytest.fail(m))
    assert again.games["labyrinth"].best == {"tutorial": 8, "saltmere": -2}
    assert again.best("labyrinth", "tutorial") == 8 and again.best("labyrinth", "nowhere") is None
    assert again.best("time-after-time", "tutorial") is None
    assert "best" not in json.loads(records_path().read_text("utf-8"))["games"]["lost-cities"]
    other = load_records(lambda m: pytest.fail(m))  # a second window, read before the first adds more
    again.add("labyrinth", "expert", won=True, drawn=False, variant="saltmere", score=5)
    save_records(again)
    other.add("labyrinth", "expert", won=True, drawn=False, variant="saltmere", score=3)
    save_records(other)
    merged = load_records(lambda m: pytest.fail(m)).games["labyrinth"]
    assert merged.best == {"tutorial": 8, "saltmere": 5} and merged.total.played == 6
    line = record_line(again, "labyrinth", "The Labyrinth", "expert", True, "Best in The Vault: 8, Hero")
    assert line.endswith("adventures escaped\nBest in The Vault: 8, Hero")


def test_a_labyrinth_adventure_seen_to_its_end_keeps_its_best_score_with_its_rank(data_dir):
    from game.bots.labyrinth import BOTS
    from game.rules.labyrinth import ENGINE, rank_for

    config = GameConfig.make("labyrinth", [SeatConfig("human", "You")], scenario="saltmere")
    state, bot, actions = ENGINE.new_game(config, 4), BOTS["expert"](ENGINE, 0, 4), []
    while not ENGINE.is_over(state):
        action = bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
        state, _ = ENGINE.apply(state, action)
        actions.append(action)
    with recording_app() as app:
        session = LocalSession(config, 4, bot_delay=0.0, actions=actions)
        table = table_scene_for("labyrinth")(app, session)
        app.clear_to(table)
        app.run_frames(2, 1 / 60)
        outcome = session.outcome()
        table._add_to_record(outcome)
        score = int(outcome.scores[0])
        assert load_records(lambda m: pytest.fail(m)).best("labyrinth", "saltmere") == score
        assert table.record_summary == ("Your record in Lost in Adventure: The Labyrinth: 1 of 1 adventure escaped\n"
                                        f"Best in The Bell Beneath Saltmere: {score}, {rank_for(score)[0]}")


@pytest.mark.parametrize("content", ["{not json", json.dumps({"format": 9}),
                                     json.dumps({"format": 1, "games": {"lost-cities": {"total": [1, 2, 0],
                                                                                        "against": {}}}}),
                                     json.dumps({"format": 1, "games": {"x": {"total": [1, 1, 0],
                                                                              "against": {"god": [1, 1, 0]}}}})])
def test_a_damaged_record_is_kept_aside_with_a_warning_and_starts_again(data_dir, content):
    path = records_path()
    path.write_text(content, encoding="utf-8")
    warnings: list[str] = []
    assert load_records(warnings.append) == Records()
    assert len(warnings) == 1 and "records.json" in warnings[0]
    assert not path.exists() and len(list(data_dir.glob("records.json.bad-*"))) == 1


def test_who_was_played_against_and_what_counts_as_a_win():
    assert opponent_of([("bot", "easy"), ("bot", "master"), ("bot", "expert")]) == "master"
    assert opponent_of([("bot", "expert"), ("remote", "")]) == PEOPLE
    shared = Outcome((5, 5, 1), ((0, 1), (2,)), (0, 1))
    assert outcome_for(shared, 1) == (True, False) and outcome_for(shared, 2) == (False, False)
    nobody = Outcome((0, 0), ((0, 1),), (), draw=True)
    assert outcome_for(nobody, 0) == (False, True)


def finish_through_a_table(app, session, seat_chooser=None):
    table = table_scene_for(session.game_id)(app, session)
    app.clear_to(table)
    for _ in range(20000):
        app.run_frames(1, 1 / 15)
        if table.results_shown:
            return table
        if table.can_act and app.scenes.top is table and seat_chooser is not None:
            table.submit(seat_chooser(table))
    raise AssertionError("the game did not finish")


def test_a_solo_game_seen_to_its_end_goes_into_the_record_once(data_dir):
    from game.bots.time_after_time import BOTS
    from game.rules.time_after_time import ENGINE

    with recording_app() as app:
        MOTION.speed = 8.0
        config = GameConfig.make("time-after-time", [SeatConfig("human", "You"), SeatConfig("bot", "Ada", "expert"),
                                                     SeatConfig("bot", "Basil", "master")])
        session = LocalSession(config, 4, bot_delay=0.0)
        chooser = BOTS["expert"](ENGINE, 0, 4)
        table = finish_through_a_table(app, session, lambda t: chooser.choose(
            t.view, [a for a in t.legal if a.kind != "reorder"] or list(t.legal)))
        records = load_records(lambda m: pytest.fail(m))
        won = 0 in session.outcome().winners
        assert records.games["time-after-time"].total == Tally(1, int(won), 0)
        assert records.games["time-after-time"].against == {"master": Tally(1, int(won), 0)}
        results = app.scenes.top
        assert isinstance(results, ResultsScene)
        assert results.record == "Your record in Time After Time: " + ("1 win" if won else "0 wins") + " in 1 game"
        app.run_frames(2, 1 / 60)  # the footer draws it

        # the same finished game opened again (a finished save, a LAN join) adds nothing
        replayed = LocalSession(config, 4, bot_delay=0.0, actions=list(session.actions))
        again = table_scene_for("time-after-time")(app, replayed)
        app.clear_to(again)
        app.run_frames(60, 1 / 15)
        assert load_records(lambda m: pytest.fail(m)).games["time-after-time"].total.played == 1
        assert table.record_summary == results.record and again.record_summary == ""


def test_a_game_of_bots_or_of_two_people_here_is_nobodys_record(data_dir):
    with recording_app() as app:
        MOTION.speed = 8.0
        bots = GameConfig.make("lost-cities", [SeatConfig("bot", "A", "easy"), SeatConfig("bot", "B", "easy")],
                               rounds=1)
        finish_through_a_table(app, LocalSession(bots, 2, bot_delay=0.0, spectator=True))
        assert not records_path().exists()
        two_here = GameConfig.make("lost-cities", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben")])
        table = table_scene_for("lost-cities")(app, LocalSession(two_here, 2, bot_delay=0.0))
        app.clear_to(table)
        table._add_to_record(Outcome((10, 5), ((0,), (1,)), (0,)))
        assert not records_path().exists() and table.record_summary == ""


def test_the_game_picker_shows_each_games_record_and_survives_a_damaged_file(data_dir):
    from game.ui.picker import GamePickerScene
    from ui_helpers import frames, make_app

    records = Records()
    records.add("lost-cities", "expert", won=True, drawn=False)
    records.add("labyrinth", "expert", won=False, drawn=False)
    save_records(records)
    app = make_app()
    picker = GamePickerScene(app)
    app.clear_to(picker)
    frames(app, 2)
    tiles = {w.info.game_id: w.record for w in picker.group.widgets if hasattr(w, "info")}
    assert tiles == {"lost-cities": "Won 1 of 1", "lost-in-time": "", "time-after-time": "",
                     "labyrinth": "Escaped 0 of 1"}
    records_path().write_text("[]", encoding="utf-8")
    again = GamePickerScene(app)
    app.clear_to(again)
    frames(app, 2)
    assert all(w.record == "" for w in again.group.widgets if hasattr(w, "info"))
    assert any("records.json" in toast.text for toast in app.toasts.items)


def json_containers(children: st.SearchStrategy) -> st.SearchStrategy:
    keys = st.sampled_from(["format", "games", "total", "against", "expert", "lost-cities", "people", "x", "best",
                            "tutorial"])
    return st.lists(children, max_size=4) | st.dictionaries(keys, children, max_size=4)


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-5, 10) | st.text(max_size=8), json_containers,
                           max_leaves=25)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES)
def test_any_json_either_loads_as_a_sound_record_or_is_refused_with_valueerror(data):
    """The decoder of records.json: whatever a damaged file holds, it refuses it with a ValueError
    (which load_json turns into a warning) or yields tallies that add up and save again the same."""
    try:
        records = Records.from_json(data)
    except ValueError:
        return
    for record in records.games.values():
        for tally in (record.total, *record.against.values()):
            assert 0 <= tally.won + tally.drawn <= tally.played
    assert Records.from_json(records.to_json()) == records


TALLIES = st.lists(st.integers(-1, 6), min_size=2, max_size=4)
NEAR_RECORDS = st.fixed_dictionaries({
    "format": st.sampled_from([1, 1, 1, 2, "1"]),
    "games": st.dictionaries(st.sampled_from(["lost-cities", "labyrinth", ""]),
                             st.fixed_dictionaries({"total": TALLIES,
                                                    "against": st.dictionaries(st.sampled_from(["easy", "master", "people", "god"]),
                                                                               TALLIES, max_size=3)}),
                             max_size=3)})


@settings(max_examples=300, deadline=None)
@given(NEAR_RECORDS)
def test_nearly_valid_records_load_soundly_or_are_refused(data):
    test_any_json_either_loads_as_a_sound_record_or_is_refused_with_valueerror.hypothesis.inner_test(data)


def test_a_record_that_cannot_be_written_costs_the_record_not_the_game(data_dir, monkeypatch):
    import game.session.records as records_module

    def full_disk(records, path=None):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(records_module, "save_records", full_disk)
    with recording_app() as app:
        config = GameConfig.make("lost-cities", [SeatConfig("human", "You"), SeatConfig("bot", "Ada", "easy")],
                                 rounds=1)
        table = table_scene_for("lost-cities")(app, LocalSession(config, 3, bot_delay=0.0))
        app.clear_to(table)
        table._add_to_record(Outcome((10, 5), ((0,), (1,)), (0,)))
        assert table.record_summary == "" and not records_path().exists()
        app.run_frames(3, 1 / 60)  # the table goes on


@pytest.mark.parametrize("note", ["", "The host deals the next game."])
def test_the_record_and_its_best_line_fit_the_footer_beside_the_hints(data_dir, note):
    """The record's lines (and a LAN guest's note) stay inside the footer band, one under another,
    and end before the key hints at the right, in print of at least 20 px."""
    from game.ui.chrome import CANVAS_H, CANVAS_W, MARGIN, hint_row_width
    from game.ui.look.fonts import font

    with recording_app() as app:
        record = ("Your record in Lost in Adventure: The Labyrinth: 12 of 14 adventures escaped\n"
                  "Best in The Bell Beneath Saltmere: 8, Hero")
        outcome = Outcome((8,), ((0,),), (0,), cooperative=True)
        results = ResultsScene(app, outcome, ["You"], [0], None, record=record, note=note)
        app.push(results)
        app.run_frames(3, 1 / 60)
        lines = results.footer_lines()
        assert [text for text, *_ in lines] == record.split("\n") + ([note] if note else [])
        hints_left = CANVAS_W - MARGIN - hint_row_width(results.device(), results.hints)
        ys = [y for *_, y in lines]
        assert ys == sorted(ys) and min(b - a for a, b in zip(ys, ys[1:])) >= 24
        for text, _, px, y in lines:
            width, height = font("ui", px).size(text)
            assert px >= 20 and MARGIN + width < hints_left
            assert CANVAS_H - 80 <= y - height / 2 and y + height / 2 <= CANVAS_H
