"""The one reader of pygame's event queue: keyboard, mouse, game controllers and touch become intents.

Scenes never see raw events. Directions, confirm, back, menu and page turns come from bindings
(rebindable, saved in Settings); pointers (mouse and fingers) come as point/hover/drag intents
already mapped from the window to the 1920x1080 canvas through the letterbox.

At a touch table lying flat a far-side person's turn shows the picture turned 180 degrees to face
them: pointers are mapped back by the App's `to_canvas` (a tap lands where they see a thing), while
keys, buttons and sticks are not turned. A gamepad is held, and a keyboard used, facing the person
who plays, who sees the picture upright: their Up is the picture's up, LB / Q the previous page and
the first of a list, as for the near side.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable

import pygame

from game.ui.hint_glyphs import use_bindings
from game.ui.settings import BINDING_PRIORITY, Settings, key_identity

log = logging.getLogger(__name__)

DIRECTIONS = ("up", "down", "left", "right")
Pos = tuple[float, float]
ToCanvas = Callable[[Pos], Pos | None]

REPEAT_DELAY = 0.38  # s before a held direction repeats
REPEAT_EVERY = 0.11  # s between repeats
STICK_THRESHOLD = 0.55  # of full deflection
DRAG_THRESHOLD = 14.0  # canvas px a pointer must travel before a press becomes a drag
LONG_PRESS = 0.45  # s a finger rests on a card, still, before it reads the card instead of tapping it
STALE_FINGER_SECONDS = 3.0  # a finger down this long without a word lost its lift (SDL never sent it)
SWIPE_PX = 120  # a finger (or a mouse) dragged this far sideways over a page turns it (rules, Labyrinth)
TAB = "tab"  # Tab's held direction: the focus order (next, previous)

try:  # pygame-ce ships the SDL game-controller API here
    from pygame._sdl2 import controller as sdl_controller
except ImportError:  # pragma: no cover - very old pygame
    sdl_controller = None


@dataclass(frozen=True, slots=True)
class Intent:
    """What the player means. kind: up/down/left/right, confirm, back, menu, prev, next,
    point (press at pos), hover (pointer moved, no button), drag_start/drag_move/drag_end (pos),
    pinch (two fingers: `amount` the zoom factor since the last pinch, at `pos` between them),
    release (press ended without a drag), scroll (amount), text (typed text), erase (backspace while
    typing), hint (H or the north pad button while unbound: a table's hint), captured (a raw key/button
    for rebinding, in `text`), device (hot-plug note in `text`).
    `pad` is the SDL instance id of the game controller a gamepad intent came from (None for every
    other device), so a table with a pad per person knows whose pad pressed."""

    kind: str
    device: str = "keyboard"  # keyboard | mouse | gamepad | touch | system
    pos: Pos | None = None
    text: str = ""
    amount: float = 0.0
    repeat: bool = False
    pad: int | None = None

    @property
    def is_direction(self) -> bool:
        return self.kind in DIRECTIONS

    @property
    def is_pointer(self) -> bool:
        return self.pos is not None


def _pad_button_name(button: int) -> str:
    names = {
        pygame.CONTROLLER_BUTTON_A: "a", pygame.CONTROLLER_BUTTON_B: "b", pygame.CONTROLLER_BUTTON_X: "x",
        pygame.CONTROLLER_BUTTON_Y: "y", pygame.CONTROLLER_BUTTON_BACK: "back",
        pygame.CONTROLLER_BUTTON_GUIDE: "guide", pygame.CONTROLLER_BUTTON_START: "start",
        pygame.CONTROLLER_BUTTON_LEFTSTICK: "leftstick", pygame.CONTROLLER_BUTTON_RIGHTSTICK: "rightstick",
        pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "leftshoulder",
        pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rightshoulder",
        pygame.CONTROLLER_BUTTON_DPAD_UP: "dpup", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "dpdown",
        pygame.CONTROLLER_BUTTON_DPAD_LEFT: "dpleft", pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "dpright",
    }
    return names.get(button, f"button{button}")


class InputMapper:
    """Turns raw events into intents. `feed(events)` for a batch, `update(dt)` for held-direction
    repeats; `poll()` reads pygame's queue itself (the app's only call to pygame.event.get)."""

    def __init__(self, settings: Settings, to_canvas: ToCanvas | None = None) -> None:
        self.settings = settings
        self.to_canvas: ToCanvas = to_canvas or (lambda pos: pos)
        self.window_size: Callable[[], tuple[int, int]] = lambda: (1920, 1080)
        self.controllers: dict[int, object] = {}  # instance id -> pygame._sdl2.controller.Controller
        self.last_device = "keyboard"
        self.text_mode = False
        self.text_owner: object | None = None  # the scene that started text input (see App)
        self.current_scene: Callable[[], object | None] = lambda: None
        self.capture: str | None = None  # "key" or "pad" while the settings screen waits for a binding
        self.quit_requested = False
        self.system: list[str] = []  # window-level requests for the app: "fullscreen", "resized"
        self._held: dict[tuple[str, str, int | None], float] = {}  # (device or TAB, direction, pad) -> s until repeat
        self._stick: dict[tuple[int, str], str | None] = {}  # (instance, axis group) -> direction held
        self._pointer_down: dict[str, Pos] = {}  # pointer id -> press pos (canvas)
        self._dragging: set[str] = set()
        self._fingers: dict[str, Pos] = {}  # touch pointers down now -> where they are (canvas)
        self._finger_seen: dict[str, float] = {}  # touch pointer -> when it last said anything (monotonic s)
        self._pinch: tuple[str, str, float] | None = None  # the two fingers and their last distance
        self._pinch_done: set[str] = set()  # fingers of an ended pinch: ignored until lifted
        self._out: list[Intent] = []
        self.pad_numbers: dict[int, int] = {}  # instance id -> "Pad N" as people read it, while plugged in
        self.rebuild_bindings()

    # --- bindings --------------------------------------------------------------------------------
    @staticmethod
    def _one_action_each(bindings: dict[str, list[str]], code_of: Callable[[str], Any],
                         what: str) -> dict[Any, list[str]]:
        """Each bound key's (or button's) action, the first of BINDING_PRIORITY that names it; a name
        `code_of` cannot read (ValueError) is left out, with a line in the log."""
        table: dict[Any, list[str]] = {}
        for intent in BINDING_PRIORITY:
            for name in bindings.get(intent, []):
                try:
                    code = code_of(name)
                except ValueError:
                    log.warning("unknown %s %r bound to %s; ignored", what, name, intent)
                    continue
                if code in table and intent not in table[code]:
                    log.warning("%s %r is bound to %s and %s; it stays %s", what, name, table[code][0], intent,
                                table[code][0])
                    continue
                table.setdefault(code, [intent])
        return table

    def rebuild_bindings(self) -> None:
        """Recompute lookup tables (and the hints' key caps) after the settings' bindings changed."""
        # one action per key and per button, the first in BINDING_PRIORITY: settings from a file are
        # resolved so already (and told), this keeps any other Settings from making one press two
        self._keys: dict[int, list[str]] = self._one_action_each(self.settings.key_bindings, key_identity, "key")
        self._pad: dict[str, list[str]] = self._one_action_each(self.settings.pad_bindings, str, "pad button")
        # the hint rows' key caps say the keys and buttons bound now (computed here, not per frame)
        use_bindings(self.settings.key_bindings, self.settings.pad_bindings)

    def start_text(self) -> None:
        self.text_mode = True
        self.text_owner = self.current_scene()
        try:
            pygame.key.start_text_input()
        except pygame.error:
            pass

    def stop_text(self) -> None:
        self.text_mode = False
        self.text_owner = None
        try:
            pygame.key.stop_text_input()
        except pygame.error:
            pass

    # --- reading ---------------------------------------------------------------------------------
    def poll(self) -> list[Intent]:
        return self.feed(pygame.event.get())

    def feed(self, events: Iterable[pygame.event.Event]) -> list[Intent]:
        for event in events:
            self._event(event)
        out, self._out = self._out, []
        return out

    def update(self, dt: float) -> list[Intent]:
        """Repeat held directions (keys, d-pad, stick) at a steady rate."""
        for key in list(self._held):
            self._held[key] -= dt
            if self._held[key] <= 0:
                self._held[key] += REPEAT_EVERY
                source, direction, pad = key
                if source == TAB:
                    self._emit(Intent(direction, "keyboard", text=TAB, repeat=True))
                else:
                    self._emit(Intent(direction, source, repeat=True, pad=pad))
        out, self._out = self._out, []
        return out

    def _emit(self, intent: Intent) -> None:
        if intent.device in ("keyboard", "mouse", "gamepad", "touch"):
            self.last_device = intent.device
        self._out.append(intent)

    def _press(self, intent_kind: str, device: str, pad: int | None = None) -> None:
        """A bound key or button went down; a held direction repeats until it is let go."""
        self._emit(Intent(intent_kind, device, pad=pad))
        if intent_kind in DIRECTIONS:
            self._held[(device, intent_kind, pad)] = REPEAT_DELAY

    def _release(self, intent_kind: str, device: str, pad: int | None = None) -> None:
        self._held.pop((device, intent_kind, pad), None)

    def _event(self, event: pygame.event.Event) -> None:
        etype = event.type
        if etype == pygame.QUIT:
            self.quit_requested = True
        elif etype == pygame.KEYDOWN:
            self._key_down(event)
        elif etype == pygame.KEYUP:
            if event.key == pygame.K_TAB:  # (a Tab let go kept repeating its "down" until another key)
                self._held.pop((TAB, "up", None), None)
                self._held.pop((TAB, "down", None), None)
            for kind in self._keys.get(event.key, []):
                self._release(kind, "keyboard")
        elif etype == pygame.TEXTINPUT:
            if self.text_mode and event.text:
                self._emit(Intent("text", "keyboard", text=event.text))
        elif etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return  # SDL's mouse copy of a finger; the FINGER event is handled instead
            self._mouse(event)
        elif etype == pygame.MOUSEWHEEL:
            if not getattr(event, "touch", False):
                self._emit(Intent("scroll", "mouse", amount=float(event.y)))
        elif etype in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            self._finger(event)
        elif etype == pygame.CONTROLLERDEVICEADDED:
            self._controller_added(event.device_index)
        elif etype == pygame.CONTROLLERDEVICEREMOVED:
            self._controller_removed(event.instance_id)
        elif etype == pygame.CONTROLLERBUTTONDOWN:
            self._pad_button(event.button, True, getattr(event, "instance_id", None))
        elif etype == pygame.CONTROLLERBUTTONUP:
            self._pad_button(event.button, False, getattr(event, "instance_id", None))
        elif etype == pygame.CONTROLLERAXISMOTION:
            self._pad_axis(event.instance_id, event.axis, event.value)
        elif etype in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.system.append("resized")

    def _key_down(self, event: pygame.event.Event) -> None:
        key, mod = event.key, event.mod
        if key == pygame.K_F11 or (key in (pygame.K_RETURN, pygame.K_KP_ENTER) and mod & pygame.KMOD_ALT):
            self.system.append("fullscreen")
            return
        if self.capture == "pad" and key == pygame.K_ESCAPE:
            # Esc gives up waiting for a gamepad button too: a pad unplugged (or never there) while
            # the settings wait for it must not leave a keyboard player with no way out but a mouse
            self.capture = None
            self._emit(Intent("captured", "keyboard", text=""))
            return
        if self.capture == "key":
            self.capture = None
            if key == pygame.K_ESCAPE:
                self._emit(Intent("captured", "keyboard", text=""))
            else:
                self._emit(Intent("captured", "keyboard", text=pygame.key.name(key)))
            return
        if self.text_mode:
            if key == pygame.K_BACKSPACE:
                self._emit(Intent("erase", "keyboard", repeat=False))
                return
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._emit(Intent("confirm", "keyboard"))
                return
            if key == pygame.K_ESCAPE:
                self._emit(Intent("back", "keyboard"))
                return
            if key not in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                return  # printable keys arrive as TEXTINPUT
        if key == pygame.K_TAB:  # focus order for keyboard players, independent of bindings
            kind = "up" if mod & pygame.KMOD_SHIFT else "down"
            self._emit(Intent(kind, "keyboard", text=TAB))  # menus step through their widgets in order
            self._held[(TAB, kind, None)] = REPEAT_DELAY
            return
        if key == pygame.K_m and not self._keys.get(key):
            # M mutes and unmutes everywhere (not while typing: letters arrive as text there); free
            # unless the player bound it
            self._emit(Intent("mute", "keyboard"))
            return
        if key == pygame.K_h and not self._keys.get(key):
            # H asks for a hint where a table offers one (the Labyrinth); free unless the player bound it
            self._emit(Intent("hint", "keyboard"))
            return
        for kind in self._keys.get(key, []):
            self._press(kind, "keyboard")

    # --- pointers --------------------------------------------------------------------------------
    def _pointer_press(self, pid: str, device: str, pos: Pos) -> None:
        # a press whose release never came (the button let go outside the window, a lost finger-up)
        # must not make this new press a drag already: it starts over, and drags only after moving
        self._dragging.discard(pid)
        self._pointer_down[pid] = pos
        self._emit(Intent("point", device, pos=pos))

    def _pointer_move(self, pid: str, device: str, pos: Pos) -> None:
        start = self._pointer_down.get(pid)
        if start is None:
            if device == "mouse":
                self._emit(Intent("hover", device, pos=pos))
            return
        if pid not in self._dragging:
            if (pos[0] - start[0]) ** 2 + (pos[1] - start[1]) ** 2 < DRAG_THRESHOLD ** 2:
                return
            self._dragging.add(pid)
            self._emit(Intent("drag_start", device, pos=start))
        self._emit(Intent("drag_move", device, pos=pos))

    def _pointer_release(self, pid: str, device: str, pos: Pos) -> None:
        if self._pointer_down.pop(pid, None) is None:
            return
        if pid in self._dragging:
            self._dragging.discard(pid)
            self._emit(Intent("drag_end", device, pos=pos))
        else:
            self._emit(Intent("release", device, pos=pos))

    def _mouse(self, event: pygame.event.Event) -> None:
        pos = self.to_canvas(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (4, 5):
                return  # wheel on old backends
            if event.button == 3:
                self._emit(Intent("back", "mouse"))
                return
            if event.button == 1 and pos is not None:
                self._pointer_press("mouse", "mouse", pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            if event.button == 1:
                fallback = pos if pos is not None else self._pointer_down.get("mouse", (0.0, 0.0))
                self._pointer_release("mouse", "mouse", fallback)
        elif pos is not None:
            self._pointer_move("mouse", "mouse", pos)

    def _finger(self, event: pygame.event.Event) -> None:
        width, height = self.window_size()
        pos = self.to_canvas((event.x * width, event.y * height))
        pid = f"finger{event.finger_id}"
        if event.type == pygame.FINGERDOWN:
            if pos is None:
                return
            # the same finger down again: its lift was lost, this is a new press, not a second finger;
            # a finger silent for long is one whose lift was lost too (nobody holds still that long
            # before pinching), so it is forgotten rather than pinched with
            now = time.monotonic()
            for stale in [f for f, seen in self._finger_seen.items() if now - seen > STALE_FINGER_SECONDS]:
                self._forget_finger(stale)
            others = [other for other in self._fingers if other not in self._pinch_done and other != pid]
            self._pinch_done.discard(pid)
            if self._pinch is not None and pid in self._pinch[:2]:
                self._pinch = None
            self._fingers[pid] = pos
            self._finger_seen[pid] = now
            if self._pinch is None and len(others) == 1:
                self._start_pinch(others[0], pid)
            elif self._pinch is None:
                self._pointer_press(pid, "touch", pos)
            else:
                self._pinch_done.add(pid)  # a third finger has no part in the pinch
        elif event.type == pygame.FINGERUP:
            self._fingers.pop(pid, None)
            self._finger_seen.pop(pid, None)
            if self._pinch is not None and pid in self._pinch[:2]:
                self._pinch_done.update(p for p in self._pinch[:2] if p != pid and p in self._fingers)
                self._pinch = None
                return
            if pid in self._pinch_done:
                self._pinch_done.discard(pid)
                return
            fallback = pos if pos is not None else self._pointer_down.get(pid, (0.0, 0.0))
            self._pointer_release(pid, "touch", fallback)
        elif pos is not None:
            if pid in self._fingers:
                self._fingers[pid] = pos
                self._finger_seen[pid] = time.monotonic()
            if self._pinch is not None and pid in self._pinch[:2]:
                self._move_pinch()
            elif pid not in self._pinch_done:
                self._pointer_move(pid, "touch", pos)

    def finger_pressing(self) -> bool:
        """A finger's press (or the drag it became) is still on; one that became a pinch is not. A
        table timing a long press asks, since a press that turns into a pinch ends with no release."""
        return any(pid.startswith("finger") for pid in self._pointer_down)

    def _forget_finger(self, pid: str) -> None:
        self._fingers.pop(pid, None)
        self._finger_seen.pop(pid, None)
        self._pointer_down.pop(pid, None)
        self._dragging.discard(pid)
        self._pinch_done.discard(pid)
        if self._pinch is not None and pid in self._pinch[:2]:
            self._pinch = None

    def _start_pinch(self, first: str, second: str) -> None:
        """A second finger down: the two pinch (zoom) from now on. The first finger's press ends
        here without a tap; a drag it had begun ends where that finger is."""
        if first in self._dragging:
            self._dragging.discard(first)
            self._emit(Intent("drag_end", "touch", pos=self._fingers[first]))
        self._pointer_down.pop(first, None)
        self._pinch = (first, second, max(1.0, self._finger_gap(first, second)))

    def _finger_gap(self, first: str, second: str) -> float:
        (ax, ay), (bx, by) = self._fingers[first], self._fingers[second]
        return ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5

    def _move_pinch(self) -> None:
        """Fingers apart: a "pinch" intent with the factor of the distance's change since the last
        one (> 1 spreading, < 1 closing), at the point between them."""
        assert self._pinch is not None
        first, second, last = self._pinch
        gap = max(1.0, self._finger_gap(first, second))
        if abs(gap / last - 1.0) < 0.02:
            return
        (ax, ay), (bx, by) = self._fingers[first], self._fingers[second]
        self._pinch = (first, second, gap)
        self._emit(Intent("pinch", "touch", pos=((ax + bx) / 2, (ay + by) / 2), amount=gap / last))

    # --- game controllers ------------------------------------------------------------------------
    def pad_number(self, instance: int) -> int:
        """The number people know a pad by ("Pad 2"): the lowest one free when it was first seen,
        kept while it stays plugged in."""
        number = self.pad_numbers.get(instance)
        if number is None:
            taken = set(self.pad_numbers.values())
            number = next(n for n in range(1, len(taken) + 2) if n not in taken)
            self.pad_numbers[instance] = number
        return number

    def pad_label(self, instance: int | None) -> str:
        return "" if instance is None else f"Pad {self.pad_number(instance)}"

    def pad_present(self, instance: int) -> bool:
        """The pad has been seen (opened, or pressed a button) and not unplugged since."""
        return instance in self.pad_numbers

    def open_existing_controllers(self) -> None:
        if sdl_controller is None:
            return
        try:
            sdl_controller.init()
            for index in range(sdl_controller.get_count()):
                if sdl_controller.is_controller(index):
                    self._controller_added(index, announce=False)
            if self.controllers:  # a TV with only a pad: the hints show its buttons from the start
                self.last_device = "gamepad"
        except pygame.error as exc:
            log.warning("game controllers unavailable: %s", exc)

    def _controller_added(self, device_index: int, announce: bool = True) -> None:
        if sdl_controller is None:
            return
        try:
            if not sdl_controller.get_init():
                sdl_controller.init()
            pad = sdl_controller.Controller(device_index)
            instance = pad.as_joystick().get_instance_id()
        except (pygame.error, IndexError) as exc:
            log.warning("could not open game controller %s: %s", device_index, exc)
            return
        if instance in self.controllers:
            return
        self.controllers[instance] = pad
        self.pad_number(instance)
        if announce:
            # the pad's number too: two alike pads plugged in read as two news, and say which is which
            self._emit(Intent("device", "system", text=f"{pad.name or 'Gamepad'} connected: {self.pad_label(instance)}"))

    def _controller_removed(self, instance_id: int) -> None:
        pad = self.controllers.pop(instance_id, None)
        self.pad_numbers.pop(instance_id, None)  # a seat bound to it goes back to the shared devices
        for key in [k for k in self._held if k[0] == "gamepad"]:
            del self._held[key]
        for stick in [k for k in self._stick if k[0] == instance_id]:
            del self._stick[stick]
        if pad is not None:
            try:
                pad.quit()
            except pygame.error:
                pass
            self._emit(Intent("device", "system", text="Gamepad disconnected", pad=instance_id))

    def _pad_button(self, button: int, down: bool, instance: int | None = None) -> None:
        name = _pad_button_name(button)
        if instance is not None:
            self.pad_number(instance)
        if down and self.capture == "pad":
            self.capture = None
            self._emit(Intent("captured", "gamepad", text=name, pad=instance))
            return
        if down and name == "x" and not self._pad.get("x"):
            # X erases a letter wherever letters are typed (the on-screen keyboard, the address
            # keypad, a name field), as Backspace does; it is free unless the player bound it
            self._emit(Intent("erase", "gamepad", repeat=False, pad=instance))
            return
        if down and name == "y" and not self._pad.get("y"):
            # Y (the north button) asks for a hint where a table offers one, as H does; free unless bound
            self._emit(Intent("hint", "gamepad", pad=instance))
            return
        for kind in self._pad.get(name, []):
            if down:
                self._press(kind, "gamepad", instance)
            else:
                self._release(kind, "gamepad", instance)

    def _pad_axis(self, instance: int, axis: int, value: int | float) -> None:
        """Left stick as a d-pad with repeat. pygame-ce reports controller axes as ints in +-32767."""
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return
        norm = value / 32767.0 if abs(value) > 1.0 else float(value)
        group = "x" if axis == pygame.CONTROLLER_AXIS_LEFTX else "y"
        if norm <= -STICK_THRESHOLD:
            direction: str | None = "left" if group == "x" else "up"
        elif norm >= STICK_THRESHOLD:
            direction = "right" if group == "x" else "down"
        elif abs(norm) < STICK_THRESHOLD * 0.6:  # hysteresis: release well inside the threshold
            direction = None
        else:
            return
        key = (instance, group)
        held = self._stick.get(key)
        if held == direction:
            return
        if held is not None:
            self._held.pop(("gamepad", held, instance), None)
        self._stick[key] = direction
        if direction is not None:
            self.pad_number(instance)
            self._press(direction, "gamepad", instance)


def time_finger_rest(hold: list[Any], dt: float, mapper: "InputMapper | None") -> str:
    """Time a finger resting still on a target (touch has no hover, so a long press reads a card),
    `hold` = [target, seconds held, read]: "lifted" when its press ended with no release seen (a
    second finger made it a pinch), "long" on a step at or past LONG_PRESS while not yet read, else
    "" (still waiting, or read already)."""
    if mapper is not None and not mapper.finger_pressing():
        return "lifted"
    if hold[2]:
        return ""
    hold[1] += dt
    return "long" if hold[1] >= LONG_PRESS else ""
