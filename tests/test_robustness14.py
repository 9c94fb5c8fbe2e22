"""Session 14's attack on bad input: hostile settings, saves, scenario files, command lines and LAN
frames each get a sentence (never a traceback), keep the program running and never cost what was
saved. Each test here failed before its fix."""

from __future__ import annotations

import json
from pathlib import Path

import msgpack
import pytest

import main
from game.session.saves import SaveError, read_save
from game.ui.settings import Settings, load_settings, settings_path
from waits16 import CEILING, wait_for


# --- settings -------------------------------------------------------------------------------------
@pytest.mark.parametrize("bindings, words", [
    ({"key_bindings": {"confirm": ["nonsense-key"]}}, "key_bindings.confirm: 'nonsense-key' is not a key name"),
    ({"key_bindings": {"down": ["\u0000"]}}, "key_bindings.down"),
    ({"pad_bindings": {"confirm": ["zz"]}}, "pad_bindings.confirm: 'zz' is not a gamepad button name"),
])
def test_a_binding_to_no_real_key_is_refused_in_words(data_dir, bindings, words):
    """Confirm bound only to a typo left a keyboard player with no Confirm at all (the input mapper
    skipped the name with a log line); a NUL in a key name crashed the settings screen."""
    settings_path().write_text(json.dumps(bindings), encoding="utf-8")
    warnings: list[str] = []
    assert load_settings(warnings.append) == Settings()
    assert len(warnings) == 1 and words in warnings[0] and "default settings" in warnings[0]
    assert len(list(data_dir.glob("settings.json.bad-*"))) == 1


def test_real_key_and_button_names_still_load(data_dir):
    settings_path().write_text(json.dumps({"key_bindings": {"confirm": ["space", "page up", "f10"]},
                                           "pad_bindings": {"menu": ["guide", "button15"]}}), encoding="utf-8")
    settings = load_settings(print)
    assert settings.key_bindings["confirm"] == ["space", "page up", "f10"]
    assert settings.pad_bindings["menu"] == ["guide", "button15"]


# --- saves ----------------------------------------------------------------------------------------
def _real_save_blob(path: Path) -> bytes:
    from game.core.types import GameConfig, SeatConfig
    from game.session import LocalSession

    session = LocalSession(GameConfig.make("lost-cities", [SeatConfig("human", "Ann"), SeatConfig("bot", "Bo", "easy")]),
                           5, bot_delay=0.0, autosave=path)
    session.submit(session.engine.legal_actions(session.state, 0)[0])
    session.close()
    return path.read_bytes()


def test_a_move_whose_arguments_repeat_seat_or_kind_is_a_damaged_save(data_dir):
    """Action.from_wire passed the arguments on as keywords: {"kind": ...} among them raised
    TypeError out of read_save, past Continue's SaveError handler (found by the save fuzzer)."""
    path = data_dir / "autosave.tt"
    data = msgpack.unpackb(_real_save_blob(path), raw=False, strict_map_key=False)
    data["actions"][0]["args"] = {"kind": "human"}
    path.write_bytes(msgpack.packb(data, use_bin_type=True))
    with pytest.raises(SaveError, match="damaged"):
        read_save(path)


def test_continue_on_such_a_save_sets_it_aside_with_a_warning(data_dir):
    from game.ui.title import autosave_path
    from test_bad_input import continue_a_damaged_save

    data = msgpack.unpackb(_real_save_blob(autosave_path()), raw=False, strict_map_key=False)
    data["actions"][0]["args"] = {"seat": 1}
    app, _ = continue_a_damaged_save(data_dir, msgpack.packb(data, use_bin_type=True))
    assert "cannot be continued" in app.toasts.items[-1].text
    app.shutdown()


# --- scenario files -------------------------------------------------------------------------------
def _check(path: Path, capsys) -> tuple[int, str]:
    code = main.main(["check-scenario", str(path), "--budget", "1"])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return code, out.out


@pytest.mark.parametrize("name, content, words", [
    ("deep.toml", b"a = " + b"[" * 5000 + b"]" * 5000 + b"\n", "nested too deeply"),
    ("latin1.toml", "[scenario]\ntitle = \"Caf\u00e9\"\n".encode("latin-1"), "not UTF-8 text (byte 0xe9"),
])
def test_scenario_files_an_author_gets_wrong_are_named(tmp_path, capsys, name, content, words):
    """A deeply nested array raised RecursionError out of check-scenario (a traceback)."""
    path = tmp_path / name
    path.write_bytes(content)
    code, out = _check(path, capsys)
    assert code != 0 and f"{name}: -:" in out and words in out


def test_a_folder_or_a_device_as_scenario_is_a_sentence_not_a_hang(tmp_path, capsys):
    """/dev/zero was read until memory ran out; a folder gave '[Errno 21] Is a directory'."""
    folder = tmp_path / "adventure.toml"
    folder.mkdir()
    code, out = _check(folder, capsys)
    assert code != 0 and "it is a folder, not a scenario file" in out
    code, out = _check(Path("/dev/zero"), capsys)
    assert code != 0 and "it is not a regular file" in out


def test_a_save_whose_scenario_became_a_folder_is_refused_in_words(tmp_path):
    from game.rules.labyrinth.scenario import ScenarioChanged, verify_scenario_file

    folder = tmp_path / "mine.toml"
    folder.mkdir()
    with pytest.raises(ScenarioChanged, match="cannot be read now"):
        verify_scenario_file({"id": "mine", "path": str(folder), "hash": "0" * 64})


# --- command lines --------------------------------------------------------------------------------
@pytest.mark.parametrize("argv, words", [
    (["check-scenario", "tutorial", "--budget", "nan"], "above 0, not nan"),
    (["check-scenario", "tutorial", "--budget", "-1"], "above 0, not -1"),
    (["--lan-interfaces"], "expected one argument"),
    (["serve", "lost-cities", "--grace", "nan"], "--grace: expected a number of seconds, 0 or more, not nan"),
    (["serve", "lost-cities", "--bot-delay", "-3"], "--bot-delay: expected a number of seconds"),
    (["serve", "lost-cities", "--again", "inf"], "--again: expected a number of seconds"),
    (["serve", "lost-cities", "--heartbeat", "0"], "at least 0.1 seconds"),
])
def test_extreme_options_are_refused_by_the_parser(argv, words, capsys):
    """`--budget -1` searched nothing and reported UNPROVEN; `--grace nan`, `--heartbeat 0` started a
    table that held seats for ever or dropped every guest at once; `--lan-interfaces` alone blamed
    the word 'play' (inserted after it) for not being an address."""
    with pytest.raises(SystemExit) as stop:
        main.main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and words in err and "Traceback" not in err


def test_an_unknown_game_option_is_named_not_ignored(capsys):
    """`--option round=1` (a typo of rounds) played three-round games without a word."""
    assert main.main(["simulate", "lost-cities", "--seats", "bot:easy,bot:easy", "--option", "round=1"]) == 2
    assert "Lost Cities has no option 'round' (its options: rounds, colours)" in capsys.readouterr().err


def test_serve_names_an_unknown_game_option(tmp_path, capsys):
    code = main.main(["serve", "lost-cities", "--option", "round=1", "--no-advertise", "--port", "0",
                      "--interface", "127.0.0.1", "--save", str(tmp_path / "t.tt")])
    assert code == 2 and "has no option 'round'" in capsys.readouterr().err
    assert not (tmp_path / "t.tt").exists()


def test_simulate_refuses_a_process_per_game(capsys):
    """`--workers 99999 --games 10000` started 5,000 Python processes at once."""
    assert main.main(["simulate", "lost-cities", "--seats", "bot:easy,bot:easy", "--workers", "99999"]) == 2
    assert "use at most" in capsys.readouterr().err


def test_screenshot_seats_without_a_game_are_checked_against_the_game_shown(tmp_path, capsys):
    out = tmp_path / "x.png"
    assert main.main(["screenshot", "table", "--seats", "9", "--out", str(out), "--frames", "1"]) == 2
    assert "takes 2 seats, not 9" in capsys.readouterr().err and not out.exists()


def test_garbage_lan_interfaces_in_the_environment_are_named(monkeypatch):
    """serve printed "Expected 4 octets in 'garbage'" without saying where the word came from."""
    from net.discovery import lan_interfaces, set_lan_interfaces

    set_lan_interfaces(None)
    monkeypatch.setenv("TABLETIME_LAN_INTERFACES", "127.0.0.1,garbage")
    with pytest.raises(ValueError, match=r"'garbage' in TABLETIME_LAN_INTERFACES='127.0.0.1,garbage' is not an IPv4"):
        lan_interfaces()
    with pytest.raises(ValueError, match=r"no address in ','"):
        lan_interfaces(",")


# --- the LAN host ---------------------------------------------------------------------------------
def test_silent_sockets_cannot_keep_players_out(monkeypatch):
    """Connections that never said hello held every slot (three heartbeats each, and a guest that
    reopened them kept everyone out: 'the table has no room'). A full table now turns out the
    oldest silent one for a newcomer, and a silent one goes after HELLO_TIMEOUT anyway."""
    import socket
    import time

    import net.host as host_module
    from net.client import RemoteSession
    from net.host import start_host

    monkeypatch.setattr(host_module, "MAX_CONNECTIONS", 4)
    monkeypatch.setattr(host_module, "HELLO_TIMEOUT", 0.6)
    handle = start_host("lost-cities", "open,open", bot_delay=0, seed=5, heartbeat=5.0)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    silent = []
    try:
        assert ann.wait_until(lambda: ann.ready, CEILING)
        silent = [socket.create_connection(("127.0.0.1", handle.port), timeout=3) for _ in range(3)]
        deadline = time.monotonic() + 3
        while len(handle.host.links) < 4 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(handle.host.links) == 4  # full: Ann and three silent sockets
        bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1])
        assert bob.wait_until(lambda: bob.ready, CEILING) and bob.failure is None
        assert ann.failure is None and ann.local_seats() == [0]  # a seated player is never turned out
        deadline = time.monotonic() + 5
        while len(handle.host.links) > 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(handle.host.links) == 2  # the silent ones went after HELLO_TIMEOUT
        bob.close()
    finally:
        for sock in silent:
            sock.close()
        ann.close()
        handle.stop()


# --- saves through the title ----------------------------------------------------------------------
def test_a_lan_tables_save_as_the_autosave_is_not_continued_into_a_table_nobody_can_play(data_dir):
    """A hosted table's save (its seats 'remote') copied as autosave.tt opened a table whose turn
    belonged to a seat nobody here plays: stuck for ever at 'Seat 1 is playing'."""
    import shutil

    from game.ui.title import TitleScene, autosave_path
    from net.host import start_host
    from ui_helpers import frames, make_app, widget_labelled

    hosted = data_dir / "lan-host.tt"
    handle = start_host("lost-cities", "open,bot:easy", bot_delay=0, save_path=hosted)
    handle.stop()
    shutil.copy(hosted, autosave_path())
    app = make_app()
    app.push(TitleScene(app))
    frames(app, 2)
    title = app.scenes.top
    widget_labelled(title, "Continue").activate()
    frames(app, 2)
    assert app.scenes.top is title
    assert "LAN table's save" in app.toasts.items[-1].text and "kept as autosave.tt.bad-" in app.toasts.items[-1].text
    assert hosted.exists()  # the hosted table itself is untouched
    app.shutdown()


@pytest.mark.parametrize("make, words", [
    (lambda path: path.write_bytes(b""), "autosave.tt is empty"),
    (lambda path: path.mkdir(), "autosave.tt is a folder, not a save"),
    (lambda path: __import__("os").mkfifo(path), "autosave.tt is not a file"),
])
def test_an_autosave_that_is_no_save_file_is_named_without_reading_it(data_dir, make, words):
    """A pipe named autosave.tt froze the title screen (its Continue note read it and waited for
    ever); an empty file said 'undecodable wire data (ValueError)'."""
    path = data_dir / "autosave.tt"
    make(path)
    with pytest.raises(SaveError, match=words):
        read_save(path)


# --- records --------------------------------------------------------------------------------------
@pytest.mark.parametrize("entry, words", [
    ({"total": [10**18, 5, 0], "against": {}}, "is not a real count"),
    ({"total": [2, 1, 0], "against": {}, "best": {"tutorial": 10**18}}, "best scores of 'labyrinth' are damaged"),
])
def test_absurd_numbers_in_the_record_are_damage_not_a_record(data_dir, entry, words):
    """A tally of 10**18 games loaded and ran across three tiles of the game picker."""
    from game.session.records import load_records, records_path

    records_path().write_text(json.dumps({"format": 1, "games": {"labyrinth": entry}}), encoding="utf-8")
    warnings: list[str] = []
    assert not load_records(warnings.append).games
    assert len(warnings) == 1 and words in warnings[0] and "record starts again" in warnings[0]
    assert len(list(data_dir.glob("records.json.bad-*"))) == 1


def test_serve_resuming_a_save_of_an_unknown_game_says_so(data_dir, capsys):
    """TableHost.resume let UnknownGame (a KeyError) out: `serve --save` printed a traceback."""
    from net.host import TableHost, start_host

    path = data_dir / "table.tt"
    handle = start_host("lost-cities", "open,bot:easy", bot_delay=0, save_path=path)
    handle.stop()
    data = msgpack.unpackb(path.read_bytes(), raw=False, strict_map_key=False)
    data["config"]["game"] = "chess"
    path.write_bytes(msgpack.packb(data, use_bin_type=True))
    with pytest.raises(SaveError, match="a game this version does not have"):
        TableHost.resume(path)
    code = main.main(["serve", "lost-cities", "--save", str(path), "--no-advertise", "--port", "0",
                      "--interface", "127.0.0.1"])
    err = capsys.readouterr().err
    assert code == 1 and "does not have" in err and "Traceback" not in err and path.exists()


def test_a_save_with_a_seat_name_that_cannot_be_drawn_is_damaged(data_dir):
    """A NUL in a seat's name passed read_save and crashed the table's first frame (save fuzzer)."""
    path = data_dir / "autosave.tt"
    data = msgpack.unpackb(_real_save_blob(path), raw=False, strict_map_key=False)
    data["config"]["seats"][0]["name"] = "Ann\u0000"
    path.write_bytes(msgpack.packb(data, use_bin_type=True))
    with pytest.raises(SaveError, match="cannot be shown"):
        read_save(path)


# --- what the network brings in -------------------------------------------------------------------
def test_control_characters_from_the_network_are_refused_before_any_screen_draws_them():
    """A font cannot draw a NUL: a host's table name, goodbye or card text (or a guest's action)
    holding one crashed the screen that showed it. Such frames are now bad messages."""
    from game.core.types import Action, GameConfig, SeatConfig
    from net.protocol import (Bye, Connection, Hello, ProtocolError, Sender, Start, UpdateMsg, Welcome,
                              encode_frame)

    config = GameConfig.make("lost-cities", [SeatConfig("remote", "Ann"), SeatConfig("remote", "Bo")])
    evil_config = GameConfig.make("lost-cities", [SeatConfig("remote", "Ann\u0000"), SeatConfig("remote", "Bo")])

    def host_frames(*messages) -> bytes:
        host = Connection(Sender.HOST)
        host.receive_data(Connection(Sender.CLIENT).send(Hello("Ann")))
        return b"".join(host.send(m) for m in messages)

    hostile = [
        [Welcome("A" * 32, (0,), False, "Evil\u0000", config, 1.0)],
        [Welcome("A" * 32, (0,), False, "Evil", evil_config, 1.0)],
        [Welcome("A" * 32, (0,), False, "Evil", config, 1.0), Start(),
         UpdateMsg(0, (), {"log": ["a\u0000b"]}, (), (0,), 1, "0" * 64)],
        [Welcome("A" * 32, (0,), False, "Evil", config, 1.0), Start(),
         UpdateMsg(0, (), {"k\u0007": 1}, (), (0,), 1, "0" * 64)],
        [Bye("host/closing", "bye\u0000")],
    ]
    for messages in hostile:
        client = Connection(Sender.CLIENT)
        client.send(Hello("Ann"))
        with pytest.raises(ProtocolError) as refused:
            client.receive_data(host_frames(*messages))
        assert refused.value.code == "protocol/bad_message"
    host = Connection(Sender.HOST)
    host.receive_data(Connection(Sender.CLIENT).send(Hello("Ann")))
    host.send(Welcome("A" * 32, (0,), False, "Fine", config, 1.0))
    host.send(Start())
    action = encode_frame({"type": "action", "action": {"seat": 0, "kind": "play", "args": {"card": "x\u0000"}},
                           "version": 0})
    with pytest.raises(ProtocolError):
        host.receive_data(action)
    fine = Connection(Sender.CLIENT)
    fine.send(Hello("Ann"))
    assert len(fine.receive_data(host_frames(Welcome("A" * 32, (0,), False, "Ann's\ttable", config, 1.0)))) == 1


def test_a_table_announced_with_control_characters_is_listed_in_clean_words():
    from net.discovery import _txt

    class Info:
        properties = {b"table": "Evil\u0000\u200b table\n".encode("utf-8"), b"host": b"\xff\xfehost"}

    assert _txt(Info(), "table") == "Evil table"
    assert "\u0000" not in _txt(Info(), "host") and _txt(Info(), "host").endswith("host")


def test_play_does_not_claim_it_ignores_garbage_lan_interfaces(monkeypatch, caplog):
    """It said 'ignored', yet LAN play then refused to host or look for tables because of it."""
    import argparse
    import logging

    monkeypatch.setenv("TABLETIME_LAN_INTERFACES", "garbage")
    with caplog.at_level(logging.WARNING, logger="tabletime"):
        assert main.lan_interfaces(argparse.Namespace(lan_interfaces=None, global_lan_interfaces=None)) == []
    assert "LAN play refuses to start until it is corrected or unset" in caplog.text and "ignored" not in caplog.text


def test_serve_on_a_solo_autosave_says_what_the_file_is(data_dir, capsys):
    """It said 'the seats file beside autosave.tt is missing or damaged ([Errno 2] ...)'."""
    path = data_dir / "autosave.tt"
    blob = _real_save_blob(path)
    code = main.main(["serve", "lost-cities", "--save", str(path), "--no-advertise", "--port", "0",
                      "--interface", "127.0.0.1"])
    err = capsys.readouterr().err
    assert code == 1 and "the save of a game played at one screen, not of a LAN table" in err
    assert path.read_bytes() == blob


@pytest.mark.parametrize("make", [
    lambda path: __import__("os").mkfifo(path),
    lambda path: path.symlink_to("/dev/zero"),
])
def test_settings_that_are_a_pipe_or_a_device_are_set_aside_not_read(data_dir, make):
    """A pipe named settings.json froze Tabletime at start (waiting for a writer); a link to /dev/zero
    read until memory ran out."""
    make(settings_path())
    warnings: list[str] = []
    assert load_settings(warnings.append) == Settings()
    assert len(warnings) == 1 and "not a regular file" in warnings[0]
    assert len(list(data_dir.glob("settings.json.bad-*"))) == 1


def test_a_hosted_tables_seats_file_that_is_a_pipe_is_refused_not_waited_on(data_dir):
    import os

    from net.host import TableHost, sidecar_path, start_host

    path = data_dir / "table.tt"
    handle = start_host("lost-cities", "open,bot:easy", bot_delay=0, save_path=path)
    handle.stop()
    sidecar_path(path).unlink()
    os.mkfifo(sidecar_path(path))
    with pytest.raises(SaveError, match="seats file beside table.tt is missing or damaged"):
        TableHost.resume(path)


def test_a_table_name_with_control_characters_still_lets_guests_in():
    """`serve --table $'Ann\\x01s'`: the welcome could not be sent, so every guest stayed at
    'connecting…'."""
    from net.client import RemoteSession
    from net.host import start_host

    handle = start_host("lost-cities", "open,open", bot_delay=0, seed=5, table_name="Ann\u0001s\ttable")
    guest = RemoteSession("127.0.0.1", handle.port, name="Bo", seats=[1])
    try:
        assert guest.wait_until(lambda: guest.ready, CEILING) and guest.table_name == "Ann s table"
    finally:
        guest.close()
        handle.stop()


def test_a_quit_request_stops_a_long_screenshot(tmp_path):
    """SDL turns SIGTERM into a quit event, which the screenshot's frame loop never looked at:
    `timeout 60 main.py screenshot … --frames 99999999999` ran on for 47 minutes, a core busy."""
    import time

    import pygame

    from ui_helpers import make_app

    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    started = time.monotonic()
    with pytest.raises(main.SceneError, match="asked to quit"):
        main.write_screenshot("title", str(tmp_path / "x.png"), frames=10**11, app=app)
    assert time.monotonic() - started < CEILING and not (tmp_path / "x.png").exists()  # not 10**11 frames
    app.shutdown()


def catches_sigterm(pid: int) -> bool:
    """Whether process `pid` has a handler for SIGTERM (Linux: the SigCgt mask in /proc)."""
    import signal

    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) & (1 << (signal.SIGTERM - 1)))
    return False


def test_screenshot_subprocess_ends_on_sigterm(tmp_path):
    import os
    import signal
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, str(Path(main.__file__)), "screenshot", "title", "--out",
                             str(tmp_path / "x.png"), "--frames", "99999999999", "--size", "320x240",
                             "--data-dir", str(tmp_path)], env=env, stderr=subprocess.PIPE, text=True)
    try:
        # SDL turns SIGTERM into a quit event once it has started; before that the signal would simply
        # end Python (a loaded machine takes seconds to get there): send it once SDL catches it
        wait_for(lambda: proc.poll() is not None or catches_sigterm(proc.pid), what="SDL catching SIGTERM")
        proc.send_signal(signal.SIGTERM)  # only the process this test started
        _, err = proc.communicate(timeout=CEILING)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 2 and "asked to quit" in err and "Traceback" not in err
