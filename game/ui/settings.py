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
DEFAULT_PLAYER_NAME = "Player"  # "Your name" until the player gives one (in Settings or at a seat)
TIPS_SEEN_MAX = 400  # game:name entries kept (four games, a hundred names): a file cannot grow without end
# Intents a device cannot do without: with none of them bound, a keyboard or gamepad player could no
# longer reach (or leave) anything, so a file never leaves them empty and the screen never unbinds them.
ESSENTIAL_INTENTS: tuple[str, ...] = ("up", "down", "left", "right", "confirm", "back")


BINDING_PRIORITY: tuple[str, ...] = ("confirm", "back", "up", "down", "left", "right", "menu", "prev", "next")
"""Who keeps a key (or pad button) a hand-edited file gives to two actions: the first of them here.
Confirm and Back come first (without them nothing can be chosen or left), then the directions, then
the rest; a fixed order, so the same file always means the same thing."""


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


def key_identity(name: str) -> int:
    """The key a key name means: "Return", "RETURN" and "return" are one key (the file may spell
    it any way pygame reads; the settings screen writes pygame's own name)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return pygame.key.key_code(name)


def canonical_key_name(name: str) -> str:
    """pygame's own name of the key `name` means ("Return" -> "return", "keypad enter" -> "enter"),
    so the hints' key caps and the settings screen see one spelling of each key."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return pygame.key.name(key_identity(name)) or name


def binding_label(name: str, on_pad: bool) -> str:
    return pad_button_label(name) if on_pad else key_label(name)


def resolve_bindings(bindings: dict[str, list[str]], on_pad: bool) -> tuple[dict[str, list[str]], list[str]]:
    """One action per key (or pad button): a hand-edited file that gives one key to two actions made
    both fire at every press (Q as Confirm and Previous page turned the page and picked at once).
    The key stays with the action first in BINDING_PRIORITY and leaves the others; an essential
    action left with no key of its own gets its usual keys that are still free (all of them free,
    or the whole device goes back to its defaults). Returns the bindings and a sentence for each
    change, for the warning at start."""
    defaults = DEFAULT_PAD if on_pad else DEFAULT_KEYS
    identity: Callable[[str], Any] = (lambda name: name) if on_pad else key_identity
    spelled: Callable[[str], str] = (lambda name: name) if on_pad else canonical_key_name
    owner: dict[Any, str] = {}
    resolved: dict[str, list[str]] = {}
    notes: list[str] = []
    for intent in BINDING_PRIORITY:
        kept: list[str] = []
        for name in bindings.get(intent, []):
            name = spelled(name)
            holder = owner.get(identity(name))
            if holder is None:
                owner[identity(name)] = intent
                kept.append(name)
            elif holder != intent:
                notes.append(f"{binding_label(name, on_pad)} is {INTENT_LABELS[holder]}, "
                             f"not also {INTENT_LABELS[intent]}")
        resolved[intent] = kept
    for intent in ESSENTIAL_INTENTS:
        if resolved[intent]:
            continue
        free = [name for name in defaults[intent] if identity(name) not in owner]
        if not free:
            device = "gamepad" if on_pad else "keyboard"
            return (_copy_bindings(defaults), [f"{INTENT_LABELS[intent]} had no {device} "
                                               f"{'button' if on_pad else 'key'} of its own left, so the "
                                               f"{device} controls are back as they came"])
        for name in free:
            owner[identity(name)] = intent
        resolved[intent] = free
        notes.append(f"{INTENT_LABELS[intent]} gets its usual {'buttons' if on_pad else 'keys'} back "
                     f"({', '.join(binding_label(n, on_pad) for n in free)})")
    return resolved, notes


@dataclass
class Settings:
    fullscreen: bool = True
    window_size: tuple[int, int] = (1280, 720)
    master_volume: float = 0.8
    effects_volume: float = 0.8
    music_volume: float = 0.5  # the generative soundtrack (game/ui/music.py), under the effects
    muted: bool = False  # M silences everything at once, keeping the volumes for when it comes back
    player_name: str = DEFAULT_PLAYER_NAME
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
    # bindings the file gave one key to two actions in: "key_bindings" -> (as the file wrote them,
    # as they were resolved). Until the player changes them, the file keeps what they wrote.
    bindings_as_written: dict[str, tuple[dict[str, list[str]], dict[str, list[str]]]] = field(
        default_factory=dict, repr=False, compare=False)
    load_notes: list[str] = field(default_factory=list, repr=False, compare=False)  # said once at start

    # --- plain data ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        for unwritten in ("last_tables", "bindings_as_written", "load_notes"):
            del data[unwritten]
        for key, (written, resolved) in self.bindings_as_written.items():
            if data[key] == resolved:  # not changed since: what the player wrote stays in their file
                data[key] = _copy_bindings(written)
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Settings":
        """Validate a loaded file; ValueError/TypeError names the first bad field (the file is then
        quarantined by load_json). Unknown keys are ignored, missing keys take defaults."""
        if not isinstance(data, dict):
            raise ValueError("settings must be a JSON object")
        out = cls()
        known = {f.name for f in fields(cls)} - {"last_tables", "bindings_as_written", "load_notes"}
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
        said: list[str] = []
        for key, on_pad in (("key_bindings", False), ("pad_bindings", True)):
            written: dict[str, list[str]] = getattr(out, key)
            resolved, notes = resolve_bindings(written, on_pad)
            if resolved != written:
                setattr(out, key, resolved)
                if isinstance(data.get(key), dict):
                    out.bindings_as_written[key] = (_copy_bindings(data[key]), _copy_bindings(resolved))
            said += [f"gamepad {note}" if on_pad else note for note in notes]
        if said:  # one warning at start, however many bindings went
            out.load_notes.append(f"settings.json gives one key or button to two actions, which made both "
                                  f"happen at one press: {'; '.join(said)}. Change it in Settings (your file "
                                  f"stays as you wrote it until you do).")
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
    if not isinstance(loaded, Settings):
        return Settings()
    for note in loaded.load_notes:
        warn(note)
    return loaded


def save_settings(settings: Settings, path: Path | None = None) -> None:
    save_json(path or settings_path(), settings.to_json())
