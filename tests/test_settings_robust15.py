"""A hand-edited settings.json that gives one key (or gamepad button) to two actions: both used to
fire at one press (Q as Confirm and Previous page picked and turned the page at once). The key now
stays with the first action in a fixed order (Confirm, Back, the directions, Menu, the pages), the
player is told once at start which binding was dropped and why, and the file keeps what they wrote
until they change the bindings themselves."""

from __future__ import annotations

import json

import pygame

from game.ui.app import App
from game.ui.input import InputMapper
from game.ui.settings import BINDING_PRIORITY, ESSENTIAL_INTENTS, Settings, load_settings
from ui_helpers import frames, key

HAND_EDITED = {
    "key_bindings": {"confirm": ["return", "q"], "prev": ["Page Up", "Q"]},
    "pad_bindings": {"back": ["a", "b"], "menu": ["start", "b"]},
    "master_volume": 0.5,
}


def write_settings(data_dir, data) -> str:
    text = json.dumps(data, indent=1)
    (data_dir / "settings.json").write_text(text)
    return text


def key_events(code: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)]


def pad_events(button: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0),
            pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0)]


def test_one_key_for_two_actions_stays_with_the_first_and_fires_once(data_dir):
    pygame.init()
    write_settings(data_dir, HAND_EDITED)
    told: list[str] = []
    settings = load_settings(told.append)
    assert settings.key_bindings["confirm"] == ["return", "q"]
    assert settings.key_bindings["prev"] == ["page up"]  # Q left it; its other key stays
    assert settings.pad_bindings["back"] == ["b"] and settings.pad_bindings["confirm"] == ["a"]
    assert settings.pad_bindings["menu"] == ["start"]  # B stays Back (before Menu in the order)
    mapper = InputMapper(settings)
    assert [i.kind for i in mapper.feed(key_events(pygame.K_q))] == ["confirm"]
    assert [i.kind for i in mapper.feed(pad_events(pygame.CONTROLLER_BUTTON_A))] == ["confirm"]
    assert [i.kind for i in mapper.feed(pad_events(pygame.CONTROLLER_BUTTON_B))] == ["back"]
    # told once which bindings went and why
    assert len(told) == 1
    assert "one key or button to two actions" in told[0] and "Q is Confirm, not also Previous page" in told[0]
    assert "gamepad A is Confirm, not also Back" in told[0] and "gamepad B is Back, not also Menu / pause" in told[0]
    assert "Change it in Settings" in told[0]


def test_the_same_key_spelt_two_ways_is_one_key():
    """'Return' and 'return' are one key: a file binding both to two actions is caught too, and the
    names come out as pygame spells them (the settings screen compares names)."""
    settings = Settings.from_json({"key_bindings": {"confirm": ["Return"], "down": ["return", "S"]}})
    assert settings.key_bindings["confirm"] == ["return"]
    assert settings.key_bindings["down"] == ["s"]
    assert settings.load_notes and "Enter is Confirm, not also Down" in settings.load_notes[0]


def test_confirm_and_back_are_never_dropped_and_a_stranded_direction_gets_its_keys_back():
    settings = Settings.from_json({"key_bindings": {"up": ["escape"], "back": ["escape"]},
                                   "pad_bindings": {"confirm": ["dpup"], "up": ["dpup"]}})
    assert settings.key_bindings["back"] == ["escape"]
    assert settings.key_bindings["up"] == ["up", "w"]
    # the pad's Up had only D-pad up, which Confirm holds, and no usual button left: pad defaults
    assert settings.pad_bindings == Settings().pad_bindings
    assert "gamepad Up had no gamepad button of its own left, so the gamepad controls are back as they came" \
        in settings.load_notes[0]
    for intent in ESSENTIAL_INTENTS:
        assert settings.key_bindings[intent] and settings.pad_bindings[intent]
    assert "Up gets its usual keys back (Up, W)" in settings.load_notes[0]


def test_a_file_leaving_a_direction_no_key_at_all_gets_the_devices_defaults():
    """Up given only keys Confirm and Back already hold, and its usual ones taken too: the keyboard
    goes back to its defaults, and says so."""
    settings = Settings.from_json({"key_bindings": {"confirm": ["up", "w"], "up": ["up", "w"]}})
    assert settings.key_bindings == Settings().key_bindings
    assert "keyboard controls are back as they came" in settings.load_notes[0]


def test_the_file_keeps_what_the_player_wrote_until_they_change_the_bindings(data_dir):
    """Muting (M) saves the settings: the bindings in the file stay as written. Rebinding a row in
    Settings writes the bindings as they are now, one action per key."""
    from game.ui.settings_scene import BindingRow, SettingsScene

    written = write_settings(data_dir, HAND_EDITED)
    app = App(headless=True, size=(1920, 1080), windowed=True)
    try:
        frames(app, 2)
        notes = [t.text for t in app.toasts.items if "two actions" in t.text]
        assert len(notes) == 1 and all(t.kind == "warning" for t in app.toasts.items if t.text in notes)
        key(app, pygame.K_m)  # mute: a save
        assert app.settings.muted
        saved = json.loads((data_dir / "settings.json").read_text())
        assert saved["muted"] is True
        assert saved["key_bindings"] == json.loads(written)["key_bindings"]
        assert saved["pad_bindings"] == json.loads(written)["pad_bindings"]
        scene = SettingsScene(app)
        app.push(scene)
        frames(app, 2)
        row = next(w for w in scene.group.widgets if isinstance(w, BindingRow) and w.intent == "next")
        scene.group.focus = scene.group.widgets.index(row)
        key(app, pygame.K_RETURN)
        key(app, pygame.K_x)
        app.pop()  # saved on the way out
        saved = json.loads((data_dir / "settings.json").read_text())
        assert saved["key_bindings"]["next"][0] == "x"
        owners: dict[str, list[str]] = {}
        for intent, names in saved["key_bindings"].items():
            for name in names:
                owners.setdefault(name, []).append(intent)
        assert all(len(intents) == 1 for intents in owners.values()), owners
    finally:
        app.shutdown()
    again: list[str] = []
    load_settings(again.append)  # the keys were changed and written; the pad's part is still as written
    repeated = [note for note in again if "two actions" in note]
    assert len(repeated) == 1 and "gamepad A is Confirm" in repeated[0] and "Q is Confirm" not in repeated[0]


def test_settings_made_in_code_with_a_shared_key_fire_one_action():
    """The mapper keeps one action per key whatever Settings it is given (the first in the order)."""
    pygame.init()
    settings = Settings()
    settings.key_bindings["next"] = ["page down", "return"]
    mapper = InputMapper(settings)
    assert [i.kind for i in mapper.feed(key_events(pygame.K_RETURN))] == ["confirm"]
    assert BINDING_PRIORITY[:2] == ("confirm", "back")
