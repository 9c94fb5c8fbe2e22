"""Continue (and a LAN host's resume) takes a Labyrinth game saved before the rules digest, whose
hashes name its scenario by the old content hash: saves.same_position asks the engine for the hashes
an older Tabletime wrote for the position (LabyrinthEngine.past_state_hashes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import game.rules.labyrinth.scenario as scn
from game.core.types import GameConfig, SeatConfig
from game.rules.labyrinth import ENGINE
from game.session import SaveError, SaveGame, resume, write_save
from test_labyrinth_saves18 import _old_save


def _old_save_file(tmp_path: Path, name: str) -> tuple[Path, list]:
    _, actions, start_hash, end_hash, _ = _old_save(name, 30, 7, seats=1)
    scn._BY_REF.clear()  # that Tabletime's scenario was in its memory, not in this one's
    config = GameConfig.make("labyrinth", [SeatConfig("bot", "Bot 1", "easy")], scenario=Path(name).stem)
    path = tmp_path / "autosave.tt"
    write_save(path, SaveGame(config, 3, actions, end_hash, start_hash))
    return path, actions


@pytest.mark.parametrize("name", ["yewmaze.toml", "saltmere.toml"])
def test_continue_resumes_a_game_saved_before_the_rewording(tmp_path, monkeypatch, name):
    monkeypatch.setattr(scn, "_BY_REF", {})
    path, actions = _old_save_file(tmp_path, name)
    session = resume(path, bot_delay=0.0)
    assert session.actions == actions
    today = scn.load_scenario(Path(name).stem)
    assert ENGINE.scenario(session.state) is today  # the game goes on in today's words
    assert session.start_hash == ENGINE.state_hash(ENGINE.start(today, 1, "together"))  # next autosave: new hashes


def test_continue_still_refuses_an_old_save_whose_position_does_not_replay(tmp_path, monkeypatch):
    monkeypatch.setattr(scn, "_BY_REF", {})
    path, actions = _old_save_file(tmp_path, "yewmaze.toml")
    _, _, start_hash, end_hash, _ = _old_save("yewmaze.toml", 29, 7, seats=1)  # one move short
    scn._BY_REF.clear()
    config = GameConfig.make("labyrinth", [SeatConfig("bot", "Bot 1", "easy")], scenario="yewmaze")
    write_save(path, SaveGame(config, 3, actions, end_hash, start_hash))
    with pytest.raises(SaveError, match="replay to a different position"):
        resume(path, bot_delay=0.0)
    assert path.exists()


def test_a_lan_host_resumes_a_game_saved_before_the_rewording(tmp_path, monkeypatch):
    from net.host import SeatSpec, TableHost

    monkeypatch.setattr(scn, "_BY_REF", {})
    save_path = tmp_path / "lan-host.tt"
    host = TableHost("labyrinth", [SeatSpec("open")], options={"scenario": "saltmere"}, seed=3,
                     save_path=save_path, auto_start=False)
    host._write_sidecar()
    _, actions, start_hash, end_hash, _ = _old_save("saltmere.toml", 20, 3, seats=1)
    scn._BY_REF.clear()
    write_save(save_path, SaveGame(host.config, 3, actions, end_hash, start_hash))
    resumed = TableHost.resume(save_path)
    assert resumed.version == len(actions)
    assert ENGINE.scenario(resumed.state) is scn.load_scenario("saltmere")
