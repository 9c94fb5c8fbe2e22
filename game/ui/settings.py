"""Player settings: a dataclass saved as settings.json in the user data directory.

A file that cannot be read is moved aside by `load_json` (never deleted) and the game starts with
defaults plus a warning the title screen shows as a toast.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Callable

import pygame

from game.core.types import printable_name
from game.session.storage import data_dir, load_json, save_json

SETTINGS_FILE = "settings.json"

# Intents a player can rebind, in the order the settings screen lists them.
BINDABLE_INTENTS: tuple[str, ...] = ("up", "down", "left", "right", "confirm", "back", "menu", "prev", "next")
INTENT_LABELS: dict[str, str] = {
    "up": "Up", "down": "Down", "left": "Left", "right": "Right", "confirm": "Confirm", "back": "Back",
    "menu": "Menu / pause", "prev": "Previous page", "next": "Next page",
}

DEFAULT_KEYS: dict[str, list[str]] = {
    "up": ["up", "w"], "down": ["down", "s"], "left": ["left", "a"], "right": ["right", "d"],
    "confirm": ["return", "space", "enter"], "back": ["escape", "backspace"], "menu": ["f10", "p"],
    "prev": ["page up", "q"], "next": ["page down", "e"],
}
# SDL game-controller button names: positions, not labels (south confirms, east goes back).
DEFAULT_PAD: dict[str, list[str]] = {
    "up": ["dpup"], "down": ["dpdown"], "left": ["dpleft"], "right": ["dpright"],
    "confirm": ["a"], "back": ["b"], "menu": ["start", "back"],
    "prev": ["leftshoulder"], "next": ["rightshoulder"],
}
PAD_BUTTON_LABELS: dict[str, str] = {
    "a": "A", "b": "B", "x": "X", "y": "Y", "back": "Select", "guide": "Home",
    "start": "Start", "leftstick": "L3", "rightstick": "R3", "leftshoulder": "LB", "rightshoulder": "RB",
    "dpup": "D-pad up", "dpdown": "D-pad down", "dpleft": "D-pad left", "dpright": "D-pad right",
}
KEY_LABELS: dict[str, str] = {
    "return": "Enter", "escape": "Esc", "space": "Space", "backspace": "Backspace",
    "page up": "PgUp", "page down": "PgDn", "enter": "Num Enter",
}


def key_label(name: str) -> str:
    """A key as people read it on a key cap: "return" -> "Enter", "q" -> "Q", "f10" -> "F10"."""
    return KEY_LABELS.get(name, name.title() if len(name) > 1 else name.upper())


def pad_button_label(name: str) -> str:
    """A gamepad button as people read it: "leftshoulder" -> "LB" (unknown names as they are)."""
    return PAD_BUTTON_LABELS.get(name, name)


ANIMATION_SPEEDS: tuple[tuple[float, str], ...] = ((1.0, "Normal"), (1.5, "Fast"), (2.0, "Very fast"), (0.75, "Relaxed"))
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (1024, 576))
NAME_MAX = 20
TIPS_SEEN_MAX = 400  # game:name entries kept (four games, a hundred names): a file cannot grow without end
# Intents a device cannot do without: with none of them bound, a keyboard or gamepad player could no
# longer reach (or leave) anything, so a file never leaves them empty and the screen never unbinds them.
ESSENTIAL_INTENTS: tuple[str, ...] = ("up", "down", "left", "right", "confirm", "back")


PAD_BUTTON_NAME = re.compile(r"button[0-9]{1,2}")  # what the input mapper calls a button SDL has no name for


def is_key_name(name: str) -> bool:
    """A key name pygame knows ("return", "q", "page up"); a typo or a control character is not."""
    if not name.isprintable() or len(name) > 40:
        return False
    with warnings.catch_warnings():  # key_code works before pygame.init, and says it might not
        warnings.simplefilter("ignore")
        try:
            pygame.key.key_code(name)
        except ValueError:
            return False
    return True


def is_pad_button_name(name: str) -> bool:
    """An SDL game-controller button name as the input mapper reports it ("a", "dpup", "button15")."""
    return name in PAD_BUTTON_LABELS or PAD_BUTTON_NAME.fullmatch(name) is not None


def _copy_bindings(source: dict[str, list[str]]) -> dict[str, list[str]]:
    return {intent: list(names) for intent, names in source.items()}


@dataclass
class Settings:
    fullscreen: bool = True
    window_size: tuple[int, int] = (1280, 720)
    master_volume: float = 0.8
    effects_volume: float = 0.8
    music_volume: float = 0.5  # the generative soundtrack (game/ui/music.py), under the effects
    muted: bool = False  # M silences everything at once, keeping the volumes for when it comes back
    player_name: str = "Player"
    key_bindings: dict[str, list[str]] = field(default_factory=lambda: _copy_bindings(DEFAULT_KEYS))
    pad_bindings: dict[str, list[str]] = field(default_factory=lambda: _copy_bindings(DEFAULT_PAD))
    animation_speed: float = 1.0
    reduced_motion: bool = False
    # first-game tips (game/ui/tips.py): on or off, and who saw which game's tips ("lost-cities:ann")
    first_game_tips: bool = True
    tips_seen: list[str] = field(default_factory=list)
    # the seats and options of the last game started from each game's setup, for the next time it
    # opens (names typed with a pad took minutes); kept while Tabletime runs, not written to the file
    last_tables: dict[str, dict[str, Any]] = field(default_factory=dict)

    # --- plain data ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        del data["last_tables"]
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Settings":
        """Validate a loaded file; ValueError/TypeError names the first bad field (the file is then
        quarantined by load_json). Unknown keys are ignored, missing keys take defaults."""
        if not isinstance(data, dict):
            raise ValueError("settings must be a JSON object")
        out = cls()
        known = {f.name for f in fields(cls)} - {"last_tables"}
        for key, value in data.items():
            if key not in known:
                continue
            setattr(out, key, _validated(key, value))
        for intent in BINDABLE_INTENTS:  # a file from an older version keeps the new intents bound
            out.key_bindings.setdefault(intent, list(DEFAULT_KEYS[intent]))
            out.pad_bindings.setdefault(intent, list(DEFAULT_PAD[intent]))
        for intent in ESSENTIAL_INTENTS:  # an emptied Confirm or Back would strand a keyboard or gamepad
            out.key_bindings[intent] = out.key_bindings[intent] or list(DEFAULT_KEYS[intent])
            out.pad_bindings[intent] = out.pad_bindings[intent] or list(DEFAULT_PAD[intent])
        return out

    @property
    def effects_gain(self) -> float:
        return 0.0 if self.muted else max(0.0, min(1.0, self.master_volume * self.effects_volume))

    @property
    def music_gain(self) -> float:
        return 0.0 if self.muted else max(0.0, min(1.0, self.master_volume * self.music_volume))

    def set_first_game_tips(self, on: bool) -> None:
        """Tips on or off; turning them on again shows every game's tips again to everyone (a Settings
        toggle "First-game tips" calls this)."""
        self.first_game_tips = on
        if on:
            self.tips_seen = []

    def reset_bindings(self) -> None:
        self.key_bindings = _copy_bindings(DEFAULT_KEYS)
        self.pad_bindings = _copy_bindings(DEFAULT_PAD)


def _validated(key: str, value: Any) -> Any:
    if key in ("fullscreen", "reduced_motion", "first_game_tips", "muted"):
        if not isinstance(value, bool):
            raise ValueError(f"{key} must be true or false")
        return value
    if key == "window_size":
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) and 320 <= v <= 16384 for v in value)):
            raise ValueError("window_size must be [width, height] in pixels")
        return (value[0], value[1])
    if key in ("master_volume", "effects_volume", "music_volume"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise ValueError(f"{key} must be a number from 0 to 1")
        return float(value)
    if key == "animation_speed":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.25 <= value <= 4:
            raise ValueError("animation_speed must be a number from 0.25 to 4")
        return float(value)
    if key == "player_name":
        name = printable_name(value) if isinstance(value, str) else ""
        if not 0 < len(name) <= NAME_MAX:
            raise ValueError(f"player_name must be 1-{NAME_MAX} characters")
        return name
    if key in ("key_bindings", "pad_bindings"):
        if not isinstance(value, dict):
            raise ValueError(f"{key} must be an object")
        clean: dict[str, list[str]] = {}
        known = is_key_name if key == "key_bindings" else is_pad_button_name
        for intent, names in value.items():
            if intent not in BINDABLE_INTENTS:
                continue
            if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names) or len(names) > 6:
                raise ValueError(f"{key}.{intent} must be a list of button names")
            for name in names:
                if not known(name):  # a Confirm bound only to a typo left a keyboard player stranded
                    what = "key" if key == "key_bindings" else "gamepad button"
                    raise ValueError(f"{key}.{intent}: {printable_name(name)[:30]!r} is not a {what} name")
            clean[intent] = list(names)
        return clean
    if key == "tips_seen":
        if not isinstance(value, list) or not all(isinstance(v, str) and 0 < len(v) <= 80 for v in value):
            raise ValueError("tips_seen must be a list of game:name entries")
        return list(dict.fromkeys(value))[-TIPS_SEEN_MAX:]
    raise ValueError(f"unknown setting {key}")


def settings_path() -> Path:
    return data_dir() / SETTINGS_FILE


def load_settings(warn: Callable[[str], None], path: Path | None = None) -> Settings:
    """The saved settings, or defaults (with a warning if the file was unreadable)."""
    loaded = load_json(path or settings_path(), Settings.from_json, warn, "using the default settings")
    return loaded if isinstance(loaded, Settings) else Settings()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    save_json(path or settings_path(), settings.to_json())
