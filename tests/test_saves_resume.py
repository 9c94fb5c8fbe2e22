"""Nothing a player saved is lost, and a saved game comes back as it was.

Autosaves of whole games in all four games resume exactly; a full disk or a read-only folder
never stops the game; a writer killed mid-write leaves a whole file; saves of another format or of
changed content are refused in words; two windows writing the record lose nothing.
"""

from __future__ import annotations

import errno
import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.core.types import GameConfig, SeatConfig
from game.core.wire import pack, unpack
from game.session import LocalSession, SaveError, read_save, resume, write_save
from game.session import storage
from game.session.records import Records, load_records, save_records
from game.session.saves import NewerSaveError
from waits16 import wait_for

ROOT = Path(__file__).resolve().parent.parent
GAMES = (("lost-cities", 2), ("lost-in-time", 2), ("time-after-time", 3), ("labyrinth", 2))


def bots(game: str, count: int) -> GameConfig:
    return GameConfig.make(game, [SeatConfig("bot", f"Bot {i + 1}", "easy") for i in range(count)])


def step_bot(session: LocalSession) -> bool:
    """One bot move (bot_delay 0); False when nobody moved (the game is over)."""
    before = len(session.actions)
    session._drive_bots()
    return len(session.actions) > before


@pytest.fixture
def quick_disk(monkeypatch):
    """fsync is what makes a save durable, not what makes it right: skipped where only the
    content is checked, so whole games stay fast."""
    monkeypatch.setattr(storage.os, "fsync", lambda fd: None)


@pytest.mark.parametrize("game,count", GAMES)
def test_continue_at_many_points_of_a_whole_game_gives_back_the_same_table(tmp_path, quick_disk, game, count):
    path = tmp_path / "autosave.tt"
    session = LocalSession(bots(game, count), 11, autosave=path, bot_delay=0.0, spectator=True)
    checked = 0
    while step_bot(session):
        if len(session.actions) > 2 and len(session.actions) % 29 and not session.is_over():
            continue
        resumed = resume(path, bot_delay=0.0, spectator=True)
        assert resumed.engine.state_hash(resumed.state) == session.engine.state_hash(session.state)
        assert resumed.actions == session.actions
        for seat in [None, *range(count)]:
            mine, theirs = resumed.latest(seat), session.latest(seat)
            assert (mine.view, mine.legal, mine.active, mine.version) == \
                   (theirs.view, theirs.legal, theirs.active, theirs.version)
            assert resumed.recent_moves(seat, 10**9) == session.recent_moves(seat, 10**9)  # the log
        checked += 1
    assert session.is_over() and checked >= 3
    assert read_save(path).state_hash == session.engine.state_hash(session.state)


def fail_with(code: int):
    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    return fail


@pytest.mark.parametrize("target,code,words", [
    ("fsync", errno.ENOSPC, "the disk is full"),
    ("mkstemp", errno.EROFS, "read-only"),
])
def test_a_save_that_cannot_be_written_never_stops_the_game_and_says_so_once(
        tmp_path, monkeypatch, target, code, words):
    """Before: the OSError left LocalSession and the table stopped ('The game so far is saved')."""
    path = tmp_path / "autosave.tt"
    session = LocalSession(bots("lost-cities", 2), 5, autosave=path, bot_delay=0.0, spectator=True)
    for _ in range(4):
        step_bot(session)
    good = path.read_bytes()
    if target == "fsync":
        monkeypatch.setattr(storage.os, "fsync", fail_with(code))
    else:
        monkeypatch.setattr(storage.tempfile, "mkstemp", fail_with(code))
    for _ in range(6):
        assert step_bot(session)  # the game goes on
    notice = session.take_save_notice()
    assert notice is not None and words in notice and "goes on" in notice
    assert session.take_save_notice() is None  # said once, not after every move
    assert path.read_bytes() == good  # the last good save is whole
    assert not list(tmp_path.glob("*.tmp"))
    monkeypatch.undo()
    step_bot(session)
    assert session.take_save_notice() == "Your game is being saved again."
    assert resume(path, bot_delay=0.0).actions == session.actions


WRITER = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    real_fsync = os.fsync
    def slow_fsync(fd):  # a slow disk: most of the time a temporary file is half-way to the disk
        time.sleep(0.1)
        real_fsync(fd)
    os.fsync = slow_fsync
    from game.core.types import Action, GameConfig, SeatConfig
    from game.session.saves import SaveGame, write_save
    config = GameConfig.make("lost-cities", [SeatConfig("bot", "A", "easy"), SeatConfig("bot", "B", "easy")])
    path = Path(sys.argv[1])
    n = 0
    print("ready", flush=True)
    while True:
        n += 1
        actions = [Action.make(0, "draw", pile="deck")] * (2000 + n % 7)
        write_save(path, SaveGame(config, n, actions, str(n)))
""")


def test_a_writer_killed_mid_write_leaves_a_whole_save_and_its_litter_is_swept_later(tmp_path):
    path = tmp_path / "autosave.tt"
    for attempt in range(24):  # at least four kills, and on until one has landed mid-write (a loaded
        # machine may let a few land between writes)
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], cwd=ROOT, stdout=subprocess.PIPE)
        try:
            assert proc.stdout is not None and proc.stdout.readline().strip() == b"ready"
            wait_for(path.exists, what="the writer's first whole save")  # a loaded machine writes slowly
            time.sleep(0.2 + 0.037 * (attempt % 7))
        finally:
            os.kill(proc.pid, signal.SIGKILL)  # only the process this test started
            proc.wait()
        save = read_save(path)  # never half a file
        assert len(save.actions) >= 2000 and save.state_hash == str(save.seed)
        if attempt >= 3 and list(tmp_path.glob("autosave.tt.*.tmp")):
            break
    litter = list(tmp_path.glob("autosave.tt.*.tmp"))
    assert litter  # the kills did land mid-write
    old = time.time() - storage.STALE_TEMP_SECONDS - 60
    fresh = tmp_path / "autosave.tt.livewriter.tmp"  # another window may be about to rename this one
    fresh.write_bytes(b"x")
    for stale in litter:
        os.utime(stale, (old, old))
    write_save(path, read_save(path))
    assert sorted(tmp_path.glob("autosave.tt.*.tmp")) == [fresh]


def resave(path: Path, **changes) -> None:
    data = unpack(path.read_bytes())
    data.update(changes)
    path.write_bytes(pack(data))


def played(tmp_path: Path, game: str = "lost-cities", count: int = 2, moves: int = 5) -> LocalSession:
    session = LocalSession(bots(game, count), 3, autosave=tmp_path / "autosave.tt", bot_delay=0.0, spectator=True)
    for _ in range(moves):
        step_bot(session)
    return session


def test_saves_of_another_format_are_refused_in_words(tmp_path):
    path = played(tmp_path).autosave_path
    resave(path, format=2)
    with pytest.raises(NewerSaveError, match="newer version of Tabletime .*update Tabletime"):
        resume(path)
    resave(path, format=0)
    with pytest.raises(SaveError, match="older version of Tabletime") as older:
        resume(path)
    assert not isinstance(older.value, NewerSaveError)
    resave(path, format=1)
    data = unpack(path.read_bytes())
    del data["start"]  # written before saves carried their starting position: still continues
    path.write_bytes(pack(data))
    assert len(resume(path, bot_delay=0.0).actions) == 5


def test_a_newer_format_save_is_kept_aside_by_continue(data_dir):
    from ui_helpers import frames, make_app
    from game.ui.title import TitleScene, autosave_path

    played(data_dir)
    resave(autosave_path(), format=7)
    app = make_app()
    app.push(TitleScene(app))
    frames(app, 2)
    title = app.scenes.top
    assert title._save_note() == "saved by a newer Tabletime"  # under Continue: whole, not "damaged"
    title.continue_game()
    frames(app, 2)
    assert any("newer version of Tabletime" in t.text for t in app.toasts.items)
    assert app.scenes.top is title and not autosave_path().exists()
    assert len(list(data_dir.glob("autosave.tt.bad-*"))) == 1
    app.shutdown()


@pytest.fixture
def own_scenarios(tmp_path, monkeypatch):
    """The shipped tutorial copied where a test may edit it."""
    import game.rules.labyrinth.scenario as scenario

    folder = tmp_path / "content"
    folder.mkdir()
    shutil.copy(scenario.SCENARIO_DIR / "tutorial.toml", folder / "tutorial.toml")
    monkeypatch.setattr(scenario, "SCENARIO_DIR", folder)
    return folder / "tutorial.toml"


@pytest.mark.parametrize("edit", ["rule", "cut", "removed"])
def test_a_labyrinth_save_whose_scenario_changed_names_the_scenario(tmp_path, own_scenarios, edit):
    """Before: an edit blamed 'the rules', and a removed file escaped as FileNotFoundError (Continue
    failed every time and a second failure ended the program)."""
    session = played(tmp_path, "labyrinth", 1, moves=4)
    assert len(resume(session.autosave_path, bot_delay=0.0).actions) == 4
    text = own_scenarios.read_text(encoding="utf-8")
    if edit == "rule":  # a reworded card resumes (tests/test_labyrinth_saves18.py); a changed instruction does not
        own_scenarios.write_text(text.replace("do = [{ favour = -1 }", "do = [{ favour = -2 }", 1), encoding="utf-8")
    elif edit == "cut":
        own_scenarios.write_text(text[: len(text) // 2], encoding="utf-8")
    else:
        own_scenarios.unlink()
    with pytest.raises(SaveError, match="its scenario file has changed since it was saved"):
        resume(session.autosave_path, bot_delay=0.0)


def test_a_labyrinth_save_resumes_after_edits_that_only_change_how_it_looks(tmp_path, own_scenarios):
    """A comment, the setup's pitch line or a scenery picture's description changes nothing that
    happens in the adventure: the saved game goes on (it was refused, as for a changed story)."""
    session = played(tmp_path, "labyrinth", 1, moves=4)
    text = own_scenarios.read_text(encoding="utf-8")
    assert "You land hard" in text and "pitch = " in text and "picture = " in text
    edited = text.replace('pitch = "A short', 'pitch = "A brief', 1).replace('picture = "a square stone cell',
                                                                              'picture = "a small square cell', 1)
    own_scenarios.write_text("# edited after the game was saved\n" + edited + "\n# a note\n", encoding="utf-8")
    resumed = resume(session.autosave_path, bot_delay=0.0)
    assert len(resumed.actions) == 4 and resumed.engine.state_hash(resumed.state) == session.engine.state_hash(session.state)


def test_two_windows_adding_to_the_record_at_once_lose_no_game(tmp_path):
    path = tmp_path / "records.json"
    first, second = load_records(print, path), load_records(print, path)  # both windows open
    first.add("lost-cities", "easy", True, False)
    save_records(first, path)
    second.add("lost-cities", "expert", False, False)
    second.add("time-after-time", "people", False, True)
    save_records(second, path)
    on_disk = load_records(print, path)
    assert on_disk.games["lost-cities"].total.played == 2
    assert on_disk.games["time-after-time"].total.drawn == 1
    assert second.games == on_disk.games  # the window shows both games now
    built = Records()  # not read from disk: written as it is
    built.add("labyrinth", "people", True, False)
    save_records(built, path)
    assert set(load_records(print, path).games) == {"labyrinth"}


ADDER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from game.session.records import load_records, save_records
    path = Path(sys.argv[1])
    for _ in range(int(sys.argv[2])):
        records = load_records(print, path)
        records.add("lost-cities", "easy", True, False)
        save_records(records, path)
""")


def test_two_processes_hammering_the_record_count_every_game(tmp_path):
    path = tmp_path / "records.json"
    procs = [subprocess.Popen([sys.executable, "-c", ADDER, str(path), "40"], cwd=ROOT) for _ in range(2)]
    for proc in procs:
        assert proc.wait(timeout=60) == 0
    assert load_records(print, path).games["lost-cities"].total.to_json() == [80, 80, 0]


def test_ten_thousand_games_keep_the_record_small(tmp_path):
    path = tmp_path / "records.json"
    records = load_records(print, path)
    chooser = random.Random(1)
    for n in range(10_000):
        game, _ = GAMES[n % 4]
        records.add(game, chooser.choice(("easy", "expert", "master", "people")), chooser.random() < 0.5, False)
    save_records(records, path)
    assert path.stat().st_size < 4096
    again = load_records(print, path)  # its load time: tools/bench.py
    assert sum(r.total.played for r in again.games.values()) == 10_000


PLAYER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from game.core.types import GameConfig, SeatConfig
    from game.session import LocalSession
    config = GameConfig.make(sys.argv[2], [SeatConfig("bot", f"Bot {i}", "easy") for i in range(int(sys.argv[3]))])
    session = LocalSession(config, 21, autosave=Path(sys.argv[1]), bot_delay=0.0, spectator=True)
    while True:
        before = len(session.actions)
        session._drive_bots()
        if len(session.actions) == before:
            break
        if len(session.actions) == 8:
            print("playing", flush=True)
    print("over", flush=True)
""")


def test_a_game_killed_while_playing_continues_from_its_last_whole_save(tmp_path):
    path = tmp_path / "autosave.tt"
    proc = subprocess.Popen([sys.executable, "-c", PLAYER, str(path), "lost-cities", "2"], cwd=ROOT,
                            stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == b"playing"
        time.sleep(0.1)
    finally:
        os.kill(proc.pid, signal.SIGKILL)  # only the process this test started
        proc.wait()
    save = read_save(path)
    session = resume(path, bot_delay=0.0, spectator=True)
    assert len(session.actions) == len(save.actions) >= 8
    assert session.engine.state_hash(session.state) == save.state_hash
    for _ in range(10):  # and it plays on from there
        assert step_bot(session)


@pytest.mark.parametrize("edit", ["rule", "removed"])
def test_a_hosted_labyrinth_whose_scenario_changed_is_refused_by_name(tmp_path, own_scenarios, edit):
    """The LAN host's resume: a removed scenario file escaped as FileNotFoundError before."""
    from game.session.saves import SaveGame, write_save
    from net.host import SeatSpec, TableHost

    save_path = tmp_path / "lan-host.tt"
    host = TableHost("labyrinth", [SeatSpec("open")], seed=5, save_path=save_path, auto_start=False)
    host._write_sidecar()
    write_save(save_path, SaveGame(host.config, host.seed, [], host.engine.state_hash(host.state), host.start_hash))
    assert TableHost.resume(save_path).version == 0
    if edit == "rule":
        own_scenarios.write_text(own_scenarios.read_text(encoding="utf-8").replace("do = [{ favour = -1 }", "do = [{ favour = -2 }", 1),
                                 encoding="utf-8")
    else:
        own_scenarios.unlink()
    with pytest.raises(SaveError, match="its scenario file has changed since it was saved"):
        TableHost.resume(save_path)
