"""The command line: help, bad options, one screenshot as a real subprocess, simulate --json."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import main

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=env)


def test_help_lists_every_subcommand_with_one_line():
    result = run("--help")
    assert result.returncode == 0
    assert set(main.SUBCOMMANDS) >= {"play", "screenshot", "simulate", "check-scenario"}
    lines = result.stdout.splitlines()
    for name in [*main.SUBCOMMANDS, "serve"]:
        [row] = [i for i, line in enumerate(lines) if line.split()[:1] == [name]]
        assert len(lines[row].split()) > 2, f"{name} has no help on its own line"
        following = lines[row + 1] if row + 1 < len(lines) else ""
        assert not following.startswith(" " * 10), f"{name}'s help wraps onto a second line"
    assert "--lan-interfaces" in result.stdout


@pytest.mark.parametrize("args", [("--size", "big"), ("screenshot", "nowhere", "--out", "x.png"),
                                  ("simulate", "lost-cities", "--seats", "human:easy"), ("--frobnicate",),
                                  ("--quit-after-frames", "0"), ("--lan-interfaces", "not-an-ip")])
def test_bad_options_exit_2_without_a_traceback(args, capsys):
    with pytest.raises(SystemExit) as exc:
        main.main(list(args))
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err


def test_screenshot_subprocess_writes_a_png(tmp_path):
    out = tmp_path / "picker.png"
    result = run("screenshot", "picker", "--out", str(out), "--frames", "5", "--size", "960x540",
                 "--data-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(out))
    assert image.get_size() == (960, 540)
    assert "Traceback" not in result.stderr


def test_simulate_json_is_the_last_line(capsys):
    import highcard  # noqa: F401 - the test engine, registered in this process

    code = main.main(["simulate", "highcard", "--seats", "bot:easy,bot:expert", "--games", "6", "--seed", "2",
                      "--json", "--option", "tricks=1"])
    assert code == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    stats = json.loads(last)
    for field in ("game", "games", "seats", "wins", "draws", "mean_score", "mean_actions", "seconds",
                  "games_per_second"):
        assert field in stats
    assert stats["game"] == "highcard" and stats["games"] == 6 and stats["seats"] == ["easy", "expert"]
    assert len(stats["wins"]) == 2 and 0 <= sum(stats["wins"]) <= 6 and stats["mean_actions"] == 2


def test_simulate_reports_a_cooperative_game_as_the_table_winning_together(capsys):
    """The Labyrinth is won or lost by the whole table: simulate said "wins 10" per seat and counted
    every shared escape as a draw; it says how often the table won together, with its interval."""
    code = main.main(["simulate", "labyrinth", "--seats", "bot:expert,bot:expert", "--games", "4", "--json"])
    assert code == 0
    lines = capsys.readouterr().out.strip().splitlines()
    stats = json.loads(lines[-1])
    assert stats["cooperative"] is True and stats["draws"] == 0
    assert 0 <= stats["team_wins"] <= 4 and stats["wins"] == [stats["team_wins"]] * 2
    low, high = stats["team_win_rate_ci95"]
    assert 0 <= low <= stats["team_wins"] / 4 <= high <= 1
    assert any(line.startswith("  together (bot:expert, bot:expert): won ") and "of 4" in line for line in lines)
    assert not any("draws" in line for line in lines[:-1])
    main.main(["simulate", "highcard", "--seats", "bot:easy,bot:expert", "--games", "2", "--json"])
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["cooperative"] is False


def test_simulate_unknown_game_is_a_clear_error(capsys):
    assert main.main(["simulate", "chess", "--seats", "bot:easy,bot:easy"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_check_scenario_delegates_to_the_labyrinth_checker(monkeypatch, tmp_path):
    import types

    seen: list[list[str]] = []
    fake = types.SimpleNamespace(main=lambda argv: seen.append(argv) or 3)
    monkeypatch.setattr(main.importlib, "import_module", lambda name: fake)
    assert main.main(["check-scenario", str(tmp_path / "s.toml"), "--budget", "2.5"]) == 3
    assert seen == [[str(tmp_path / "s.toml"), "--budget", "2.5"]]
    main.main(["check-scenario", "tutorial", "--max-states", "1000", "--show-paths"])
    assert seen[-1] == ["tutorial", "--max-states", "1000", "--show-paths"]


def test_check_scenario_without_the_checker_says_so(monkeypatch, capsys, tmp_path):
    def missing(name):
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    monkeypatch.setattr(main.importlib, "import_module", missing)
    assert main.main(["check-scenario", str(tmp_path / "s.toml")]) == 2
    assert "has not landed yet" in capsys.readouterr().err


def test_lan_interfaces_from_option_or_environment(monkeypatch):
    parser = main.build_parser()
    args = parser.parse_args(["play", "--lan-interfaces", "127.0.0.1,10.0.0.2"])
    assert main.lan_interfaces(args) == ["127.0.0.1", "10.0.0.2"]
    monkeypatch.setenv("TABLETIME_LAN_INTERFACES", "127.0.0.1")
    assert main.lan_interfaces(parser.parse_args(["play"])) == ["127.0.0.1"]


def test_global_lan_interfaces_reaches_net_discovery(monkeypatch):
    import types

    import net.discovery

    chosen: list[str | None] = []
    monkeypatch.setattr(net.discovery, "set_lan_interfaces", chosen.append)
    monkeypatch.setattr(main.importlib, "import_module", lambda name: types.SimpleNamespace(main=lambda argv: 0))
    assert main.main(["--lan-interfaces", "10.0.0.2,10.0.0.3", "check-scenario", "tutorial"]) == 0
    assert chosen == ["10.0.0.2,10.0.0.3"]
    assert main.main(["--lan-interfaces=all", "check-scenario", "tutorial"]) == 0
    assert chosen[-1] == "all"
    assert main.with_default_subcommand(["--lan-interfaces", "10.0.0.2", "--windowed"], {"play", "serve"}) == \
        ["--lan-interfaces", "10.0.0.2", "play", "--windowed"]
    args = main.build_parser().parse_args(["--lan-interfaces", "10.0.0.2", "play"])
    assert main.lan_interfaces(args) == ["10.0.0.2"]  # the window's LAN lobby gets it too


def test_serve_is_wired_through_net_serve(monkeypatch):  # no --data-dir: it would stay set for later tests
    import net.discovery
    import net.serve

    seen: list = []
    monkeypatch.setattr(net.discovery, "set_lan_interfaces", lambda value: seen.append(("lan", value)))
    monkeypatch.setattr(net.serve, "run_serve", lambda args: seen.append(("serve", args.game, args.seats)) or 0)
    code = main.main(["--lan-interfaces", "127.0.0.1", "serve", "lost-cities", "--seats", "open,bot:easy",
                      "--no-advertise"])
    assert code == 0
    assert seen == [("lan", "127.0.0.1"), ("serve", "lost-cities", "open,bot:easy")]


@pytest.mark.parametrize("port, message", [("99999", "port must be 0-65535, not 99999"),
                                           ("-1", "port must be 0-65535, not -1"),
                                           ("x", "port must be a number 0-65535, not 'x'")])
def test_serve_refuses_a_port_out_of_range_with_a_message(port, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main.main(["serve", "lost-cities", "--no-advertise", "--interface", "127.0.0.1", "--port", port])
    assert exit_info.value.code == 2 and message in capsys.readouterr().err


def test_serve_refuses_a_save_path_that_is_a_folder_and_a_wrong_seat_count(tmp_path, capsys):
    base = ["serve", "lost-cities", "--no-advertise", "--interface", "127.0.0.1", "--port", "0"]
    assert main.main([*base, "--save", str(tmp_path)]) == 2
    assert "it is a folder" in capsys.readouterr().err
    assert main.main([*base, "--seats", "open,open,open", "--save", str(tmp_path / "t.tt")]) == 2
    assert "Lost Cities takes 2 seats, not 3" in capsys.readouterr().err


def test_time_after_time_screenshots_show_real_moves_not_reorders(data_dir):
    session = main.seeded_session("time-after-time", 3, 2, finished=False)
    mine = [a for a in session.actions if a.seat == 0]
    assert mine and all(a.kind != "reorder" for a in mine)


def test_a_table_screenshot_of_a_cooperative_game_is_mid_game(data_dir):
    session = main.seeded_session("labyrinth", 4, 1, finished=False)
    assert not session.is_over()
    assert main.seeded_session("labyrinth", 2, 1, finished=True).is_over()
