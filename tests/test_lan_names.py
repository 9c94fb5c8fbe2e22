"""At a LAN table every screen names players by the names they sat down with.

The host writes the seated players' names into the game's config when it starts the game, so the
engine's own words (Lost in Time's "Ann wins, landing in 1969.", Time After Time's log names) agree
with the seat list; a bot nobody named is called by its bot name on the seat list too; a stand-in
keeps the person's name; a resumed table keeps the names; a table refreshes its names when a seat
changes hands; and the results screen orders seats tied in the ranking by score.

Every socket is on 127.0.0.1 and nothing here starts zeroconf.
"""

from __future__ import annotations

import time

import pytest

from game.core.registry import find_game
from game.core.types import Outcome
from game.session.saves import read_save
from game.ui.results import ResultsScene, named_summary
from game.ui.table_base import TableSceneBase
from net.client import RemoteSession
from net.host import sidecar_path, start_host
from net_driver import BotDriver
from ui_helpers import frames, make_app
from waits16 import CEILING

NAMES = ["Ann", "Constantinopolis", "Basil"]


class MiniTable(TableSceneBase):
    """A table that draws nothing: enough to reach the results screen of any game."""


def play_to_end(sessions, timeout: float = CEILING) -> None:
    driver = BotDriver(sessions, level="random", seed=3)
    assert driver.play(timeout), driver.errors


def results_of(session: RemoteSession) -> ResultsScene:
    """Open a table on a finished LAN game and step until its results screen is up."""
    app = make_app()
    table = MiniTable(app, session)
    app.push(table)
    deadline = time.monotonic() + CEILING
    while not table.results_shown and time.monotonic() < deadline:
        frames(app, 5)
    assert table.results_shown
    scene = app.scenes.top
    assert isinstance(scene, ResultsScene)
    return scene


def seat_names(session: RemoteSession) -> list[str]:
    return [s.name for s in session.seats()]


@pytest.mark.parametrize("game_id", ["lost-in-time", "time-after-time"])
def test_the_results_and_summary_name_the_players_as_they_sat_down(game_id, data_dir):
    handle = start_host(game_id, "open,open,bot:easy", seed=5, bot_delay=0.0)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    con = RemoteSession("127.0.0.1", handle.port, name="Constantinopolis", seats=[1])
    try:
        assert ann.wait_until(lambda: ann.latest(0) is not None, CEILING) and con.wait_until(lambda: con.latest(1) is not None, CEILING)
        # the engine knows the players by the names they gave, and so does the seat list (the bot too)
        assert [s.name for s in handle.host.config.seats] == NAMES
        assert ann.latest(0).view["names"] == NAMES
        assert seat_names(ann) == NAMES and seat_names(con) == NAMES
        play_to_end([ann, con])
        outcome = ann.latest(0).outcome
        assert outcome is not None
        assert "Seat " not in outcome.summary
        for winner in outcome.winners:
            assert NAMES[winner] in outcome.summary
        scene = results_of(ann)
        assert scene.names == NAMES
        # Ann's own card says "You", as her headline and summary do; the others' cards their names
        assert [scene.card_name(seat) for seat in range(3)] == ["You"] + NAMES[1:]
        assert "Seat " not in scene.summary and "Seat " not in scene.headline
        if len(outcome.winners) == 1:
            winner = outcome.winners[0]
            assert scene.headline == ("You win!" if winner == 0 else f"{NAMES[winner]} wins!")
    finally:
        ann.close()
        con.close()
        handle.stop()


def test_a_stand_in_plays_on_under_the_persons_name(data_dir):
    handle = start_host("lost-in-time", "open,open,bot:easy", seed=7, bot_delay=0.0, grace=0.2, heartbeat=0.5)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    con = RemoteSession("127.0.0.1", handle.port, name="Constantinopolis", seats=[1], reconnect_window=0.1)
    try:
        assert con.wait_until(lambda: con.latest(1) is not None, CEILING)
        con.close()
        assert ann.wait_until(lambda: ann.table is not None and ann.table.seats[1].level == "stand-in", CEILING)
        play_to_end([ann])
        assert seat_names(ann) == NAMES
        assert ann.latest(0).view["names"] == NAMES
        scene = results_of(ann)
        assert scene.card_name(1) == "Constantinopolis"
        if ann.latest(0).outcome.winners == (1,):
            assert scene.headline == "Constantinopolis wins!"
    finally:
        ann.close()
        handle.stop()


def test_a_resumed_table_keeps_the_names_and_its_players_rejoin(tmp_path, data_dir):
    save = tmp_path / "lan.tt"
    handle = start_host("lost-in-time", "open,open,bot:easy", seed=9, bot_delay=0.0, save_path=save)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    con = RemoteSession("127.0.0.1", handle.port, name="Constantinopolis", seats=[1])
    restarted = None
    try:
        assert BotDriver([ann, con], seed=2).play(CEILING, until=lambda: ann.latest(0) is not None and ann.latest(0).version >= 4)
        tokens = ann.token, con.token
        ann.close()
        con.close()
        handle.stop()  # the last autosave reaches the disk
        saved = read_save(save)
        assert [s.name for s in saved.config.seats] == NAMES
        engine = find_game("lost-in-time")
        assert engine.state_hash(engine.replay(saved.config, saved.seed, saved.actions)) == saved.state_hash
        restarted = start_host("lost-in-time", "", resume_from=save, bot_delay=0.0)
        assert [s.name for s in restarted.host.config.seats] == NAMES
        assert sidecar_path(save).exists()
        ann = RemoteSession("127.0.0.1", restarted.port, name="Ann", token=tokens[0])
        con = RemoteSession("127.0.0.1", restarted.port, name="Constantinopolis", token=tokens[1])
        assert ann.wait_until(lambda: ann.latest(0) is not None, CEILING)
        assert ann.latest(0).version >= len(saved.actions) and ann.latest(0).view["names"] == NAMES
        play_to_end([ann, con])
        assert seat_names(ann) == NAMES
    finally:
        ann.close()
        con.close()
        handle.stop()
        if restarted is not None:
            restarted.stop()


def test_a_table_renames_a_seat_that_changes_hands_during_the_game(data_dir):
    """Seat 3 stayed open when the host started; Bo sits down there mid-game: the table's names, its
    results and the engine's "Seat 3" in the summary all say Bo."""
    handle = start_host("lost-in-time", "open,open,open", seed=11, bot_delay=0.0, auto_start=False)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    con = RemoteSession("127.0.0.1", handle.port, name="Constantinopolis", seats=[1])
    bo = None
    app = make_app()
    try:
        assert ann.wait_until(lambda: ann.table is not None and ann.table.seats[1].taken, CEILING)
        handle.start_game()
        assert ann.wait_until(lambda: ann.latest(0) is not None, CEILING) and con.wait_until(lambda: con.latest(1) is not None, CEILING)
        assert [s.name for s in handle.host.config.seats] == ["Ann", "Constantinopolis", "Seat 3"]
        table = MiniTable(app, ann)
        app.push(table)
        frames(app, 3)
        assert table.name_of(2) == "Seat 3"
        bo = RemoteSession("127.0.0.1", handle.port, name="Bo", seats=[2])
        deadline = time.monotonic() + CEILING
        while table.name_of(2) != "Bo" and time.monotonic() < deadline:
            frames(app, 2)
        assert table.seat_names == ["Ann", "Constantinopolis", "Bo"]
        play_to_end([ann, con, bo])
        deadline = time.monotonic() + CEILING
        while not table.results_shown and time.monotonic() < deadline:
            frames(app, 5)
        scene = app.scenes.top
        assert isinstance(scene, ResultsScene)
        assert scene.names == ["Ann", "Constantinopolis", "Bo"]
        assert "Seat " not in scene.summary
    finally:
        for session in (ann, con, bo):
            if session is not None:
                session.close()
        app.shutdown()
        handle.stop()


def test_a_hosted_bot_without_a_name_has_one_name_on_the_seat_list_and_in_the_game():
    handle = start_host("lost-in-time", "open,bot:easy,bot:easy", seed=1, bot_delay=0.0)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    try:
        assert ann.wait_until(lambda: ann.latest(0) is not None and ann.table is not None, CEILING)
        assert seat_names(ann) == ann.latest(0).view["names"] == ["Ann", "Ada", "Basil"]
    finally:
        ann.close()
        handle.stop()


def test_summary_names_follow_the_seat_list_when_an_engine_name_is_out_of_date():
    # "Bob" rejoined as "Bob again" after the game started: the engine still says Bob
    assert named_summary("Bob wins, landing in 1969.", ["Ann", "Bob again"], ["Ann", "Bob"]) == \
        "Bob again wins, landing in 1969."
    assert named_summary("Ann and Annabel share the win in 1969.", ["Ann", "Anna"], ["Ann", "Annabel"]) == \
        "Ann and Anna share the win in 1969."
    assert named_summary("Seat 2 wins 40 to -3.", ["Ann", "Bo"]) == "Bo wins 40 to −3."


def outcome(scores, ranking, winners=(0,)) -> Outcome:
    return Outcome(tuple(scores), tuple(tuple(g) for g in ranking), tuple(winners),
                   tuple(({"label": "Total", "value": s},) for s in scores), "")


def test_results_order_seats_tied_in_the_ranking_by_score_with_equal_scores_together():
    # Time After Time ranks the winner, then everyone else together (TT-8); their rows differ
    scene = ResultsScene(None, outcome([7, 3, 5, 3], [[0], [1, 2, 3]]), ["A", "B", "C", "D"], [0], None)
    assert scene.seat_order() == [0, 2, 1, 3]
    assert [scene.outcome.scores[s] for s, _ in scene.card_rects()] == [7, 5, 3, 3]
    # a tie with no winner: everyone in one group, best row first
    scene = ResultsScene(None, outcome([2, 6, 2, 6], [[0, 1, 2, 3]], ()), ["A", "B", "C", "D"], [0], None)
    assert scene.seat_order() == [1, 3, 0, 2]
    # the ranking's own order of groups is kept (Lost in Time: over 2031 ranks below any valid total)
    scene = ResultsScene(None, outcome([1969, 2040, 1980], [[2], [0], [1]], (2,)), ["A", "B", "C"], [0], None)
    assert scene.seat_order() == [2, 0, 1]
