"""The hint rows' key caps follow the player's bindings: with Confirm rebound to Space and Back to Q
the caps say "Space" and "Q" (before: always "Enter" and "Esc", whatever was bound), and a pad's
likewise; the defaults read as before, and the caps are worked out once per bindings change, not
every frame."""

from __future__ import annotations

import pathlib

import pygame
import pytest

import game.ui.chrome as chrome
import game.ui.hint_glyphs as hint_glyphs_module
from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.hint_glyphs import DEFAULT_GLYPHS, glyphs_for, hint_glyphs, use_bindings
from game.ui.picker import GamePickerScene
from game.ui.settings import DEFAULT_KEYS, DEFAULT_PAD, Settings
from ui_helpers import frames, key, make_app, pad, recording_app


@pytest.fixture
def app(data_dir):
    application = make_app()
    yield application
    application.shutdown()
    use_bindings(DEFAULT_KEYS, DEFAULT_PAD)  # the caps are the program's: no test leaves its own behind


def words_drawn(app, monkeypatch, n: int = 2) -> list[str]:
    seen: list[str] = []
    real = chrome.text_surface

    def recording(text, *args, **kwargs):
        seen.append(str(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(chrome, "text_surface", recording)
    frames(app, n)
    monkeypatch.setattr(chrome, "text_surface", real)
    return seen


def picker(app) -> GamePickerScene:
    scene = GamePickerScene(app)
    app.clear_to(scene)
    frames(app, 2)
    return scene


def test_the_default_caps_read_as_before(app, monkeypatch):
    assert glyphs_for(DEFAULT_KEYS, DEFAULT_PAD) == DEFAULT_GLYPHS
    assert hint_glyphs("keyboard")["confirm"] == "Enter" and hint_glyphs("keyboard")["page"] == "Q / E"
    assert hint_glyphs("keyboard")["menu"] == "P" and hint_glyphs("gamepad")["menu"] == "Start"
    picker(app)
    words = words_drawn(app, monkeypatch)
    assert "Enter" in words and "Esc" in words and "Arrows" in words


def test_rebound_keys_show_on_the_caps(app, monkeypatch):
    picker(app)
    app.settings.key_bindings["confirm"] = ["space"]
    app.settings.key_bindings["back"] = ["q"]
    app.settings.key_bindings["prev"] = ["z"]  # q went to Back
    app.input.rebuild_bindings()
    words = words_drawn(app, monkeypatch)
    assert "Space" in words and "Q" in words
    assert "Enter" not in words and "Esc" not in words
    assert hint_glyphs("keyboard")["page"] == "Z / E"
    assert "Arrows" in words  # the arrows still move


def test_the_arrows_cap_gives_way_only_when_no_arrow_moves(app):
    app.settings.key_bindings.update(up=["w", "up"], down=["s"], left=["a"], right=["d"])
    app.input.rebuild_bindings()
    assert hint_glyphs("keyboard")["move"] == "Arrows"
    app.settings.key_bindings["up"] = ["w"]
    app.input.rebuild_bindings()
    glyphs = hint_glyphs("keyboard")
    assert glyphs["move"] == "W A S D" and glyphs["updown"] == "W / S" and glyphs["leftright"] == "A / D"


def test_a_key_rebound_on_the_settings_screen_shows_at_once(app, monkeypatch):
    from game.ui.settings_scene import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    frames(app, 2)
    row = next(w for w in scene.group.widgets if getattr(w, "intent", None) == "confirm")
    scene.group.focus = scene.group.widgets.index(row)
    key(app, pygame.K_RETURN)
    assert row.waiting == "key"
    key(app, pygame.K_SPACE)
    assert app.settings.key_bindings["confirm"][0] == "space"
    words = words_drawn(app, monkeypatch)
    assert "Space" in words and "Enter" not in words


def test_esc_always_cancels_a_key_capture_as_the_screen_says(app):
    """"Press a key… (Esc cancels)" stays true with Back bound to Q only."""
    from game.ui.settings_scene import SettingsScene

    app.settings.key_bindings["back"] = ["q"]
    app.input.rebuild_bindings()
    scene = SettingsScene(app)
    app.push(scene)
    frames(app, 2)
    row = next(w for w in scene.group.widgets if getattr(w, "intent", None) == "menu")
    scene.group.focus = scene.group.widgets.index(row)
    key(app, pygame.K_SPACE)  # space still confirms
    assert row.waiting == "key"
    key(app, pygame.K_ESCAPE)
    assert row.waiting is None and scene.capturing is None and "escape" not in app.settings.key_bindings["menu"]


def test_rebound_pad_buttons_show_on_the_caps(app, monkeypatch):
    picker(app)
    app.settings.pad_bindings["confirm"] = ["x"]
    app.settings.pad_bindings["back"] = ["y"]
    app.input.rebuild_bindings()
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # the pad is the device in use
    assert app.input.last_device == "gamepad"
    words = words_drawn(app, monkeypatch)
    assert "X" in words and "Y" in words and "D-pad" in words
    assert "A" not in words and "B" not in words
    assert "erase" not in hint_glyphs("gamepad")  # X is bound: it no longer erases, no cap says it does


def test_the_pad_default_caps_read_as_before(app, monkeypatch):
    picker(app)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    words = words_drawn(app, monkeypatch)
    assert "A" in words and "B" in words and "D-pad" in words


def test_a_table_hint_row_follows_the_bindings(data_dir, monkeypatch):
    from game.ui.table_lost_cities import LostCitiesTable

    with recording_app() as application:
        application.settings.key_bindings["confirm"] = ["space"]
        application.input.rebuild_bindings()
        config = GameConfig.make("lost-cities", [SeatConfig("human", "You"), SeatConfig("bot", "Ada", "easy")])
        table = LostCitiesTable(application, LocalSession(config, 5, bot_delay=0.0))
        application.clear_to(table)
        frames(application, 120)  # the deal lands before the first move is offered (ART.md's motion)
        table.frame_cache = False  # a still table blits its kept image: its words are set only drawn whole
        words = words_drawn(application, monkeypatch)
        assert "Space" in words and "Enter" not in words
    use_bindings(DEFAULT_KEYS, DEFAULT_PAD)


def test_the_caps_are_worked_out_per_bindings_change_not_per_frame(app, monkeypatch):
    picker(app)
    calls: list[int] = []
    real = hint_glyphs_module.glyphs_for

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(hint_glyphs_module, "glyphs_for", counting)
    frames(app, 20)
    assert calls == []
    before = hint_glyphs_module.version
    app.settings.key_bindings["confirm"] = ["space"]
    app.input.rebuild_bindings()
    frames(app, 20)
    assert calls == [1] and hint_glyphs_module.version == before + 1


def test_a_fresh_input_mapper_reads_its_own_settings():
    settings = Settings()
    settings.key_bindings["back"] = ["q"]
    from game.ui.input import InputMapper

    InputMapper(settings)
    assert hint_glyphs("keyboard")["back"] == "Q"
    InputMapper(Settings())
    assert hint_glyphs("keyboard")["back"] == "Esc"


def test_no_screen_reads_the_default_caps_directly():
    root = pathlib.Path(__file__).resolve().parent.parent / "game"
    readers = [path.name for path in root.rglob("*.py")
               if "HINT_GLYPHS" in path.read_text(encoding="utf-8") and path.name != "chrome.py"]
    assert readers == []


def test_sentences_that_name_a_button_follow_the_bindings_too(app):
    """The curtain's "press A", the seat setup's "Press A to take" and its toast named the default
    buttons whatever was bound; they now name the player's."""
    from game.ui.setup import SeatPadButton, SeatSetupScene

    app.settings.pad_bindings["confirm"] = ["y"]
    app.settings.key_bindings["confirm"] = ["space"]
    app.input.rebuild_bindings()
    config = GameConfig.make("lost-cities", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben")])
    from game.ui.tables import table_scene_for

    table = table_scene_for("lost-cities")(app, LocalSession(config, 1, bot_delay=0.0))
    app.clear_to(table)
    frames(app, 2)
    table.curtain_seat = 0
    app.input.last_device = "gamepad"
    assert table.curtain_how() == "press Y"
    app.input.last_device = "keyboard"
    assert table.curtain_how() == "press Space"
    badge = SeatPadButton((0, 0, 200, 80), 0, "", lambda: None)
    assert badge.sub == "Press Y to take" and badge.help_text.startswith("Press Y on your gamepad")
    assert isinstance(SeatSetupScene(app, "lost-cities"), SeatSetupScene)
