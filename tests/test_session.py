"""LocalSession on the test engine: wire, bots off the frame, rejections, autosave and resume."""

from __future__ import annotations

import time

import pytest

import highcard  # noqa: F401 - registers the test engine
from game.core import Action, GameConfig, SeatConfig
from game.session import LocalSession, SaveError, read_save, resume
from game.session.storage import load_json, save_json
from waits16 import CEILING


def cfg(kinds=("human", "bot")):
    return GameConfig.make("highcard", [SeatConfig(k, f"P{i}", "easy") for i, k in enumerate(kinds)])


def test_human_vs_bot_game_through_session(tmp_path):
    save = tmp_path / "auto.tt"
    session = LocalSession(cfg(), 3, autosave=save, bot_delay=0)
    first = session.poll()
    assert [u.seat for u in first] == [0]
    while not session.is_over():
        session.poll()
        update = session.latest(0)
        if 0 in update.active and update.legal:
            session.submit(update.legal[0])
    assert session.outcome() is not None
    loaded = read_save(save)
    assert loaded.state_hash == session.engine.state_hash(session.state)
    again = resume(save, bot_delay=0)
    assert again.engine.state_hash(again.state) == loaded.state_hash


def test_bot_thinks_on_a_worker_thread_and_is_paced():
    session = LocalSession(cfg(("bot", "bot")), 1, bot_delay=0.01)
    deadline = time.monotonic() + CEILING
    while not session.is_over() and time.monotonic() < deadline:
        session.poll()
        time.sleep(0.002)
    assert session.is_over()


def test_rejected_action_comes_back_with_a_reason_and_changes_nothing():
    session = LocalSession(cfg(("human", "human")), 2, bot_delay=0)
    session.poll()
    active = session.latest(0).active[0]
    other = 1 - active
    card = session.latest(other).view["hand"][0]
    session.submit(Action.make(other, "play", card=card))
    updates = session.poll()
    assert updates and updates[-1].error and updates[-1].error_code == "action/not_your_turn"
    assert session.version == 0


def test_bot_seat_cannot_be_played_from_the_ui():
    session = LocalSession(cfg(("human", "bot")), 2, bot_delay=0)
    session.poll()
    before = session.version
    session.submit(Action.make(1, "play", card="hc-1"))
    assert session.version == before


def test_views_crossed_the_wire():
    session = LocalSession(cfg(), 4, bot_delay=0)
    update = session.poll()[0]
    assert isinstance(update.view["hand"], list)
    assert all(isinstance(a, Action) for a in update.legal)


def test_damaged_saves_give_clear_errors(tmp_path):
    bad = tmp_path / "bad.tt"
    bad.write_bytes(b"\x00\xffnot msgpack at all")
    with pytest.raises(SaveError, match="not a readable save|not a Tabletime save"):
        resume(bad)
    assert bad.exists()
    wrong = tmp_path / "wrong.tt"
    session = LocalSession(cfg(), 4, autosave=wrong, bot_delay=0)
    session.run_bots_until_human()
    if session.latest(0).legal:
        session.submit(session.latest(0).legal[0])
    data = read_save(wrong)
    data.state_hash = "0" * 64
    from game.session import write_save
    write_save(wrong, data)
    with pytest.raises(SaveError, match="different position"):
        resume(wrong)


def test_corrupt_json_is_kept_aside_and_defaults_used(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{broken")
    warnings = []
    assert load_json(path, dict, warnings.append) is None
    assert warnings and "kept as settings.json.bad-" in warnings[0]
    assert not path.exists() and list(tmp_path.glob("settings.json.bad-*"))
    save_json(path, {"a": 1})
    assert load_json(path, dict, warnings.append) == {"a": 1}
