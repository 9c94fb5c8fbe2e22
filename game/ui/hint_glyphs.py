"""The key caps in the hint rows ("[Enter] Select  [Esc] Back"), in the words of the device in use
and of the player's own bindings: with Confirm rebound to Space the cap says "Space", not "Enter".

The table is computed once per bindings change (InputMapper.rebuild_bindings calls `use_bindings`),
never per frame: a hint row only looks its glyphs up (`hint_glyphs(device)`).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from game.ui.settings import DEFAULT_KEYS, DEFAULT_PAD, key_label, pad_button_label

# What the caps say with the default bindings (and for an intent with nothing bound at all).
DEFAULT_GLYPHS: dict[str, dict[str, str]] = {
    "keyboard": {"confirm": "Enter", "back": "Esc", "move": "Arrows", "page": "Q / E", "menu": "P", "erase": "Backspace",
                 "updown": "Up / Down", "leftright": "Left / Right", "hint": "H"},
    "mouse": {"confirm": "Click", "back": "Right-click", "move": "Point", "page": "Click arrows", "menu": "Esc",
              "updown": "Click", "leftright": "Wheel"},
    "gamepad": {"confirm": "A", "back": "B", "move": "D-pad", "page": "LB / RB", "menu": "Start", "erase": "X",
                "updown": "D-pad up / down", "leftright": "D-pad left / right", "hint": "Y"},
    "touch": {"confirm": "Tap", "back": "Back button", "move": "Tap", "page": "Tap arrows", "menu": "Menu button",
              "updown": "Tap", "leftright": "Tap arrows"},
}

# The binding a default cap names when it is not the intent's first one (Menu is F10 then P, but the
# cap says "P"; pages are PgUp/PgDn then Q/E, the caps say "Q / E"): it keeps its cap while the
# intent's first binding is still the default first and it is still bound.
_SHOWN_KEY = {"menu": "p", "prev": "q", "next": "e"}
_SHOWN_PAD: dict[str, str] = {}
_ARROWS = {"up": "up", "down": "down", "left": "left", "right": "right"}
_DPAD = {"up": "dpup", "down": "dpdown", "left": "dpleft", "right": "dpright"}


def _bound_name(intent: str, names: Sequence[str], defaults: Mapping[str, Sequence[str]],
                shown: Mapping[str, str], direction: Mapping[str, str]) -> str | None:
    """The binding a cap names for `intent`: its arrow (or d-pad) while that is bound to it, the
    default cap's binding while the defaults lead, else the player's first binding; None if unbound."""
    if not names:
        return None
    if intent in direction and direction[intent] in names:
        return direction[intent]
    preferred = shown.get(intent)
    default = defaults.get(intent) or []
    if preferred in names and default and names[0] == default[0]:
        return preferred
    return names[0]


def _device_glyphs(bindings: Mapping[str, Sequence[str]], defaults: Mapping[str, Sequence[str]],
                   shown: Mapping[str, str], direction: Mapping[str, str], label, base: Mapping[str, str],
                   updown: str, leftright: str, move_sep: str) -> dict[str, str]:
    out = dict(base)

    def cap(intent: str) -> str | None:
        name = _bound_name(intent, list(bindings.get(intent, [])), defaults, shown, direction)
        return None if name is None else label(name)

    for intent in ("confirm", "back", "menu"):
        out[intent] = cap(intent) or base[intent]
    prev, nxt = cap("prev"), cap("next")
    if prev or nxt:
        out["page"] = " / ".join(c for c in (prev, nxt) if c)
    up, down, left, right = cap("up"), cap("down"), cap("left"), cap("right")
    if not all(direction[d] in bindings.get(d, []) for d in ("up", "down")):
        out["updown"] = " / ".join(c for c in (up, down) if c) or base["updown"]
    else:
        out["updown"] = updown
    if not all(direction[d] in bindings.get(d, []) for d in ("left", "right")):
        out["leftright"] = " / ".join(c for c in (left, right) if c) or base["leftright"]
    else:
        out["leftright"] = leftright
    if not any(direction[d] in bindings.get(d, []) for d in direction):  # "W A S D"
        caps = [c for c in (up, left, down, right) if c]
        sep = move_sep if all(len(c) == 1 for c in caps) else " / "
        out["move"] = sep.join(caps) or base["move"]
    return out


def glyphs_for(key_bindings: Mapping[str, Sequence[str]],
               pad_bindings: Mapping[str, Sequence[str]]) -> dict[str, dict[str, str]]:
    """Every device's caps for these bindings (mouse and touch never change)."""
    table = {device: dict(glyphs) for device, glyphs in DEFAULT_GLYPHS.items()}
    table["keyboard"] = _device_glyphs(key_bindings, DEFAULT_KEYS, _SHOWN_KEY, _ARROWS, key_label,
                                       DEFAULT_GLYPHS["keyboard"], "Up / Down", "Left / Right", " ")
    table["gamepad"] = _device_glyphs(pad_bindings, DEFAULT_PAD, _SHOWN_PAD, _DPAD, pad_button_label,
                                      DEFAULT_GLYPHS["gamepad"], "D-pad up / down", "D-pad left / right", " / ")
    if any("x" in names for names in pad_bindings.values()):
        del table["gamepad"]["erase"]  # X erases only while the player has not bound it (input.py)
    if any("h" in names for names in key_bindings.values()):
        del table["keyboard"]["hint"]  # H asks for a hint (rules, a Labyrinth hint) only while unbound
    if any("y" in names for names in pad_bindings.values()):
        del table["gamepad"]["hint"]  # so does Y
    return table


_ACTIVE: dict[str, dict[str, str]] = {device: dict(glyphs) for device, glyphs in DEFAULT_GLYPHS.items()}
version = 0  # counts bindings changes (tests; a cache keyed on the caps may use it)


def use_bindings(key_bindings: Mapping[str, Sequence[str]], pad_bindings: Mapping[str, Sequence[str]]) -> None:
    """The caps from now on follow these bindings (called when the bindings change)."""
    global version
    table = glyphs_for(key_bindings, pad_bindings)
    _ACTIVE.clear()
    _ACTIVE.update(table)
    version += 1


def hint_glyphs(device: str) -> dict[str, str]:
    """The caps of `device` (a keyboard's for an unknown one): intent -> what its key cap says."""
    return _ACTIVE.get(device) or _ACTIVE["keyboard"]


def page_keys_words() -> str:
    """The page keys as bound, in a sentence's words: "Q or E (LB or RB on a gamepad)" (the rules
    and the first-game tips name them so, and follow the bindings as the hint rows do)."""
    keys, pad = hint_glyphs("keyboard")["page"], hint_glyphs("gamepad")["page"]
    return f"{keys.replace(' / ', ' or ')} ({pad.replace(' / ', ' or ')} on a gamepad)"
