"""The shell against bad input: hostile files and command lines get a sentence, never a traceback,
and never cost what was saved; rebinding can never strand a keyboard or gamepad player."""

from __future__ import annotations

import json

import pygame
import pytest

import main
from game.session.records import load_records, records_path
from game.session.storage import MAX_JSON_BYTES
from game.ui.settings import Settings, load_settings, settings_path
from ui_helpers import frames, key, make_app, pad, widget_labelled


# --- damaged files ------------------------------------------------------------------------------
@pytest.mark.parametrize("content, reason", [
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b"\x93\xff\x00binary", "not text"),
    (b'{"fullscreen": tr', "cut short"),
])
def test_hostile_settings_warn_in_words_and_are_kept(data_dir, content, reason):
    settings_path().write_bytes(content)
    warnings: list[str] = []
    assert load_settings(warnings.append) == Settings()
    assert len(warnings) == 1 and reason in warnings[0] and "default settings" in warnings[0]
    kept = list(data_dir.glob("settings.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content


def test_a_huge_settings_file_is_not_read_and_is_kept(data_dir):
    with open(settings_path(), "wb") as handle:
        handle.truncate(MAX_JSON_BYTES + 1)
    warnings: list[str] = []
    assert load_settings(warnings.append) == Settings()
    assert "too large" in warnings[0] and len(list(data_dir.glob("settings.json.bad-*"))) == 1


def test_a_folder_named_settings_json_is_moved_aside_not_a_crash(data_dir):
    settings_path().mkdir()
    warnings: list[str] = []
    assert load_settings(warnings.append) == Settings()
    assert "folder" in warnings[0] and len(list(data_dir.glob("settings.json.bad-*"))) == 1


def test_a_name_with_control_characters_is_cleaned_and_renders(data_dir):
    """A NUL in the name used to crash the seat setup (a font cannot draw it)."""
    settings_path().write_text(json.dumps({"player_name": "Ann\u0000a\n\t"}), encoding="utf-8")
    settings = load_settings(print)
    assert settings.player_name == "Ann a"
    app = make_app()
    app.settings.player_name = settings.player_name
    main.write_screenshot("setup", str(data_dir / "setup.png"), game="lost-cities", frames=2, app=app)
    app.shutdown()


def test_empty_confirm_and_back_in_a_file_get_their_defaults_back(data_dir):
    settings_path().write_text(json.dumps({"key_bindings": {"confirm": [], "prev": []},
                                           "pad_bindings": {"back": []}}), encoding="utf-8")
    settings = load_settings(print)
    assert settings.key_bindings["confirm"] == ["return", "space", "enter"]
    assert settings.pad_bindings["back"] == ["b"]
    assert settings.key_bindings["prev"] == []  # an optional intent may stay unbound


def test_damaged_records_say_the_record_starts_again(data_dir):
    records_path().write_text('{"format": 1, "ga', encoding="utf-8")
    warnings: list[str] = []
    assert not load_records(warnings.append).games
    assert "record starts again" in warnings[0] and len(list(data_dir.glob("records.json.bad-*"))) == 1


def test_the_picker_warns_of_damaged_records_as_a_warning(data_dir):
    from game.ui.picker import GamePickerScene

    records_path().write_text("[1, 2", encoding="utf-8")
    app = make_app()
    app.push(GamePickerScene(app))
    frames(app, 2)
    assert [t.kind for t in app.toasts.items] == ["warning"]
    app.shutdown()


def continue_a_damaged_save(data_dir, blob: bytes):
    """Write `blob` as the autosave, press Continue (offered as "the saved game looks damaged") and
    check the save went aside whole, never read twice: (app, title), for more checks (shut it down)."""
    from game.ui.title import TitleScene, autosave_path

    autosave_path().write_bytes(blob)
    app = make_app()
    app.push(TitleScene(app))
    frames(app, 2)
    title = app.scenes.top
    assert widget_labelled(title, "Continue").sub == "the saved game looks damaged"
    widget_labelled(title, "Continue").activate()
    frames(app, 2)
    assert app.scenes.top is title and not autosave_path().exists()
    assert [p.read_bytes() for p in data_dir.glob("autosave.tt.bad-*")] == [blob]
    return app, title


def test_continue_on_a_damaged_autosave_sets_it_aside_and_stops_offering_it(data_dir):
    """Before, the damaged save stayed and the next game's autosave overwrote it."""
    app, title = continue_a_damaged_save(data_dir, b"\x81\xa6format\x01 damaged")
    assert "kept as autosave.tt.bad-" in app.toasts.items[-1].text
    assert "Continue" not in [w.label for w in title.group.widgets]
    assert title.group.focused is not None
    app.shutdown()


# --- rebinding ----------------------------------------------------------------------------------
def _settings_scene():
    from game.ui.settings_scene import SettingsScene

    app = make_app()
    scene = SettingsScene(app)
    app.push(scene)
    frames(app, 2)
    return app, scene


def _row(scene, intent):
    return next(w for w in scene.group.widgets if getattr(w, "intent", None) == intent)


def test_the_only_gamepad_confirm_button_cannot_be_taken_by_another_row():
    """Binding South to Up used to leave Confirm with no button: a gamepad player was stranded."""
    app, scene = _settings_scene()
    scene.group.focus = scene.group.widgets.index(_row(scene, "up"))
    pad(app, pygame.CONTROLLER_BUTTON_A)  # South: starts waiting for a button
    assert _row(scene, "up").waiting == "pad"
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert app.settings.pad_bindings["confirm"] == ["a"] and "a" not in app.settings.pad_bindings["up"]
    assert "only gamepad button for Confirm" in app.toasts.items[-1].text
    pad(app, pygame.CONTROLLER_BUTTON_A)  # Confirm still works on the pad
    assert _row(scene, "up").waiting == "pad"
    pad(app, pygame.CONTROLLER_BUTTON_X)  # West is free: it binds
    assert app.settings.pad_bindings["up"][0] == "x"
    app.shutdown()


def test_a_gamepad_back_button_cancels_waiting_and_keeps_back():
    app, scene = _settings_scene()
    scene.group.focus = scene.group.widgets.index(_row(scene, "next"))
    pad(app, pygame.CONTROLLER_BUTTON_A)
    surface = pygame.Surface((1920, 1080))
    scene.draw(surface, 1.0)  # the waiting row says which button cancels
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert _row(scene, "next").waiting is None and scene.capturing is None
    assert app.settings.pad_bindings["back"] == ["b"] and "b" not in app.settings.pad_bindings["next"]
    assert app.scenes.top is scene
    app.shutdown()


def test_the_only_key_for_back_stays_with_back():
    app, scene = _settings_scene()
    app.settings.key_bindings["back"] = ["backspace"]
    app.input.rebuild_bindings()
    scene.group.focus = scene.group.widgets.index(_row(scene, "menu"))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_BACKSPACE)
    assert app.settings.key_bindings["back"] == ["backspace"] and "backspace" not in app.settings.key_bindings["menu"]
    assert "only key for Back" in app.toasts.items[-1].text
    key(app, pygame.K_RETURN)
    key(app, pygame.K_m)  # a free key binds as before
    assert app.settings.key_bindings["menu"][0] == "m"
    app.shutdown()


# --- the command line -----------------------------------------------------------------------------
@pytest.mark.parametrize("argv, words", [
    (["nosuch"], "unknown command 'nosuch'"),
    (["simulat", "lost-cities"], "unknown command 'simulat'"),
    (["screenshot", "title", "--out", "x.png", "--frames", "-5"], "at least 1"),
])
def test_command_line_mistakes_are_named(argv, words, capsys):
    with pytest.raises(SystemExit) as stop:
        main.main(argv)
    assert stop.value.code == 2 and words in capsys.readouterr().err


@pytest.mark.parametrize("extra, words", [
    (["rules", "--game", "chess"], "unknown game 'chess'"),
    (["table", "--game", "lost-cities", "--seats", "9"], "Lost Cities takes 2 seats, not 9"),
])
def test_screenshot_refuses_what_it_would_quietly_bend(tmp_path, extra, words, capsys):
    out = tmp_path / "x.png"
    assert main.main(["screenshot", *extra, "--out", str(out), "--frames", "1"]) == 2
    assert words in capsys.readouterr().err and not out.exists()


def test_screenshot_into_a_missing_folder_or_odd_suffix_is_a_sentence(tmp_path, capsys):
    assert main.main(["screenshot", "title", "--out", str(tmp_path / "no" / "x.png")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main.main(["screenshot", "title", "--out", str(tmp_path / "x.pngx")]) == 2
    assert "--out must end in" in capsys.readouterr().err


def test_a_data_dir_that_is_a_file_is_a_sentence(tmp_path, capsys):
    a_file = tmp_path / "file"
    a_file.write_text("mine", encoding="utf-8")
    assert main.main(["--data-dir", str(a_file), "--windowed", "--quit-after-frames", "1"]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err and a_file.read_text(encoding="utf-8") == "mine"


def test_simulate_says_a_fixed_seat_count_plainly(capsys):
    assert main.main(["simulate", "lost-cities", "--seats", "bot:easy"]) == 2
    assert "takes 2 seats, not 1" in capsys.readouterr().err


# --- the last hosted table ------------------------------------------------------------------------
@pytest.mark.parametrize("save, seats", [
    (b"\x00\x01binary", b'{"format": 1, "seats": []}'),  # a damaged save
    (None, b'{"format": 1, "seats": [1, 2'),  # a good save beside a cut-short seats file
])
def test_a_damaged_hosted_table_is_set_aside_with_a_warning(data_dir, save, seats):
    """Before, a damaged seats file kept offering Resume (which then failed), and the next table
    hosted overwrote both files."""
    from game.core.types import GameConfig
    from game.session.saves import SaveGame, write_save
    from game.ui.lobby import LanOptions, LobbyScene
    from game.ui.lobby_host import hosted_save_path
    from net.host import sidecar_path

    path = hosted_save_path()
    if save is None:
        from game.core.registry import find_game

        config = GameConfig.make("lost-cities", 2)
        engine = find_game("lost-cities")
        write_save(path, SaveGame(config, 3, [], engine.state_hash(engine.new_game(config, 3))))
    else:
        path.write_bytes(save)
    sidecar_path(path).write_bytes(seats)
    app = make_app()
    lobby = LobbyScene(app, LanOptions(discovery=False, port=0, interfaces=["127.0.0.1"]))
    app.push(lobby)
    frames(app, 2)
    assert "Resume the last hosted table" not in [w.label for w in lobby.group.widgets]
    assert app.toasts.items and app.toasts.items[-1].kind == "warning"
    assert "cannot be resumed" in app.toasts.items[-1].text and "kept as lan-host.tt.bad-" in app.toasts.items[-1].text
    assert not path.exists() and not sidecar_path(path).exists()
    assert len(list(data_dir.glob("lan-host.tt.bad-*"))) == 1
    assert [p.read_bytes() for p in data_dir.glob("lan-host.tt.seats.bad-*")] == [seats]
    app.shutdown()


# --- the on-screen keyboard and buttons -----------------------------------------------------------
def test_the_on_screen_keyboard_types_digits_and_an_emptied_seat_name_comes_back():
    """A touch or gamepad player can type "Ada 2"; erasing a seat's name and pressing Done keeps the
    seat's name, not "Player"; its own hints are drawn on an opaque footer, with no "Back button"
    for touch (it has none)."""
    from game.ui.osk import OnScreenKeyboard
    from game.ui.widgets import TextEntry

    app = make_app()
    entry = TextEntry((100, 100, 500, 80), "Seat 2", "Ada", lambda text: None, max_len=5)
    osk = OnScreenKeyboard(app, entry)
    app.push(osk)
    frames(app, 2)
    assert osk.group.focused.label == "A"
    widget_labelled(osk, "Space").activate()
    widget_labelled(osk, "2").activate()
    assert entry.text == "Ada 2"
    played: list[str] = []
    app.assets.play = lambda name, volume=1.0: played.append(name)
    widget_labelled(osk, "3").activate()  # full: refused with a sound
    assert entry.text == "Ada 2" and played == ["invalid"]
    for _ in range(5):
        osk.erase()
    widget_labelled(osk, "Done").activate()
    assert entry.text == "Ada"
    app.input.last_device = "touch"
    canvas = pygame.Surface((1920, 1080))
    canvas.fill((255, 0, 0))
    osk.draw_hints(canvas)
    assert canvas.get_at((40, 1060))[:3] == (14, 14, 19)  # the footer hides the hints below it
    app.shutdown()


def test_a_disabled_primary_button_does_not_look_like_the_main_one():
    from game.ui.widgets import Button

    surface = pygame.Surface((400, 200), pygame.SRCALPHA)
    button = Button((0, 0, 400, 100), "Join", lambda: None, primary=True)
    button.enabled = False
    button.draw(surface, False)
    r, g, b, _ = surface.get_at((20, 50))
    assert abs(r - b) < 20 and r < 90  # grey, not brass


def test_a_hosted_save_that_fails_to_resume_is_set_aside_quietly_after_the_error(data_dir):
    from game.ui.lobby import LanOptions, LobbyScene
    from game.ui.lobby_host import hosted_save_path
    from net.host import sidecar_path

    app = make_app()
    lobby = LobbyScene(app, LanOptions(discovery=False, port=0, interfaces=["127.0.0.1"]))
    app.push(lobby)
    frames(app, 2)
    hosted_save_path().write_bytes(b"not a save")
    sidecar_path(hosted_save_path()).write_text("{}")
    lobby.resume_hosted()
    assert [t.kind for t in app.toasts.items] == ["error"]  # one toast says why
    assert not hosted_save_path().exists() and len(list(data_dir.glob("lan-host.tt*.bad-*"))) == 2
    app.shutdown()


def test_a_huge_autosave_is_refused_without_reading_it(data_dir):
    from game.session.saves import MAX_SAVE_BYTES, SaveError, read_save
    from game.ui.title import autosave_path

    with open(autosave_path(), "wb") as handle:
        handle.truncate(MAX_SAVE_BYTES + 1)
    with pytest.raises(SaveError, match="too large"):
        read_save(autosave_path())


def test_settings_are_saved_when_the_window_closes_on_the_settings_screen(data_dir):
    app, scene = _settings_scene()
    scene.set_master(0.3)
    app.shutdown()  # what closing the window does
    assert load_settings(print).master_volume == 0.3


def test_player_counts_are_ranges_with_an_en_dash():
    from game.core.registry import game_info
    from game.ui.picker import players_text

    assert players_text(game_info("lost-in-time")) == "2–6 players"
    assert players_text(game_info("labyrinth")) == "1–6 players · co-op"
    assert players_text(game_info("lost-cities")) == "2 players"
