"""The Lost Cities master's helper processes: the same decisions with or without them, and a helper
that dies or never starts costs time, never a move."""

from __future__ import annotations

from game.bots import search_pool
from game.bots.lost_cities import BOTS, DECK, MasterBot, PlayoutShard, Table, playout_shard
from game.bots.lost_cities_fast import fast_play
from game.bots.search_pool import SearchPool, processes_wanted, shared_pool
from game.core import GameConfig, SeatConfig
from game.rules.lost_cities import ENGINE


def _master_round(pool: SearchPool, seed: int) -> list[str]:
    """A whole round of master (seat 0, using `pool`) against expert: every action, in order."""
    config = GameConfig.make("lost-cities", [SeatConfig("bot", "M"), SeatConfig("bot", "E")], rounds=1)
    state = ENGINE.new_game(config, seed)
    master = MasterBot(ENGINE, 0, seed)
    master.pool = pool
    bots = [master, BOTS["expert"](ENGINE, 1, seed + 1)]
    actions: list[str] = []
    while not ENGINE.is_over(state):
        seat = state["turn"]
        action = bots[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))
        actions.append(repr(action))
        state, _ = ENGINE.apply(state, action)
    return actions


def _late_shard() -> PlayoutShard:
    """A real shard: the expert's turn from a view with 15 cards left in the deck."""
    config = GameConfig.make("lost-cities", [SeatConfig("bot", "A"), SeatConfig("bot", "B")], rounds=1)
    state = ENGINE.new_game(config, 4)
    bots = [BOTS["expert"](ENGINE, seat, seat) for seat in range(2)]
    while state["phase"] != "play" or state["turn"] != 0 or len(state["deck"]) > 15:
        seat = state["turn"]
        state, _ = ENGINE.apply(state, bots[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)))
    table = Table.from_view(ENGINE.view(state, 0))
    kind, c, v = fast_play(table, 0)
    return PlayoutShard(table, 0, [(kind, c, v, DECK)], None, 4, 60, 12345, 6)


def test_master_decides_the_same_with_two_helper_processes_as_alone():
    alone, helped = SearchPool(0), SearchPool(2)
    try:
        assert helped.wait_ready() == 2
        assert _master_round(helped, 31) == _master_round(alone, 31)
        assert helped.size == 2  # both helpers took part and are still there
    finally:
        helped.close()


def test_a_helper_that_dies_leaves_its_share_to_the_caller_and_the_numbers_do_not_change():
    shard = _late_shard()
    expected = playout_shard(shard)
    pool = SearchPool(2)
    try:
        assert pool.wait_ready() == 2
        pool.helpers[0].process.kill()
        pool.helpers[0].process.wait()
        assert pool.run([shard, shard]) == [expected, expected]
        assert pool.size == 1
        assert pool.run([shard, shard, shard]) == [expected] * 3  # more shards than helpers: the rest here
    finally:
        pool.close()
    assert pool.size == 0
    assert pool.run([shard]) == [expected]  # a closed pool still answers, alone


def test_helpers_that_cannot_start_leave_a_pool_that_plays_alone(monkeypatch, capsys):
    def refuse(*args, **kwargs):
        raise OSError("no processes here")

    monkeypatch.setattr(search_pool.subprocess, "Popen", refuse)
    pool = SearchPool(2)
    assert pool.size == 0
    assert "did not start" in capsys.readouterr().err
    shard = _late_shard()
    assert pool.run([shard]) == [playout_shard(shard)]


def test_the_number_of_helpers_comes_from_the_environment(monkeypatch, capsys):
    monkeypatch.setenv(search_pool.PROCESSES_ENV, "0")
    assert processes_wanted() == 0
    monkeypatch.setenv(search_pool.PROCESSES_ENV, "3")
    assert processes_wanted() == 3
    monkeypatch.setenv(search_pool.PROCESSES_ENV, "lots")
    assert processes_wanted() == search_pool.DEFAULT_PROCESSES
    assert "not a number" in capsys.readouterr().err
    monkeypatch.delenv(search_pool.PROCESSES_ENV)
    assert processes_wanted() == search_pool.DEFAULT_PROCESSES


def test_the_shared_pool_is_one_per_process(monkeypatch):
    monkeypatch.setenv(search_pool.PROCESSES_ENV, "0")
    monkeypatch.setattr(search_pool, "_POOL", None)
    pool = shared_pool()
    assert shared_pool() is pool and pool.size == 0
    monkeypatch.setattr(pool, "owner", -1)  # as a forked child sees its parent's pool
    assert shared_pool() is not pool


def test_a_helper_ignores_ctrl_c_and_ends_when_its_parent_lets_go():
    """Ctrl-C reaches the whole process group: the parent decides what it means (serve closes its
    table), and its helpers must neither die mid-search nor print a traceback."""
    import signal

    shard = _late_shard()
    pool = SearchPool(1)
    try:
        assert pool.wait_ready() == 1
        process = pool.helpers[0].process
        process.send_signal(signal.SIGINT)
        assert pool.run([shard]) == [playout_shard(shard)] and pool.size == 1
    finally:
        pool.close()
    assert process.returncode == 0
