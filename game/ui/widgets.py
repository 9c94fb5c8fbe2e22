"""Menu widgets: buttons, toggles, sliders, option cyclers, text entries and lists.

Every widget is focusable and works with each device alone: directions and confirm (keyboard,
gamepad), point/drag (mouse, touch; targets are at least 64 px tall). Focus is shown by a brass
outline with a soft glow, plus a marker, never by colour alone. Text surfaces and panels are cached:
drawing a menu re-renders nothing.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any, Callable, Sequence

import pygame

from game.ui.input import TAB, Intent
from game.ui.look import palette as P
from game.ui.look.draw import rounded_rect, surface as alpha_surface
from game.ui.look.fonts import fit_px as _fit_px, font, legible_px, text_surface, wrapped
from game.ui.look.table import focus_glow

MIN_TARGET = 64
# A tap this close to a widget (canvas px) still hits it when nothing lies under the finger: rows
# 66 px tall with 10 px between them were 35 px targets on a 1024x768 screen; their gaps count now.
TOUCH_SLOP = 12
ARROW_SLOP = 12  # a cycler's "‹" (64 px) answers this far around it too: the label beside it only focuses
GLOW_PAD = 14
LABEL_PX = 30
VALUE_PX = 30
BUTTON_PX = 36
SMALL_PX = 20  # the smallest menu text on the canvas: 14 px on a 1024x768 screen as `legible_px` grows it


def min_px() -> int:
    """The smallest size menu text may take on this window (20 px, grown on a small one: 26 px on
    1024x768, which shows as 14): `fit_px` shrinking a long value or label stops here and wraps."""
    return legible_px(SMALL_PX)


def two_rows(text: str, role: str, max_px: int, width: int, height: int) -> tuple[int, tuple[str, ...]]:
    """A label for a box `width` x `height`: one row at the largest size down to `min_px` that fits;
    too long for that, two rows at `min_px` when the box is tall enough, else one row as small as it
    must be (the 11 px "The Lamplighter's Vault (tutorial)" on a 1024x768 screen now wraps)."""
    px = fit_px(text, role, max_px, width)
    floor = min(max_px, min_px())
    if px >= floor:
        return px, (text,)
    rows = wrapped(text, role, floor, width)
    if len(rows) == 2 and 2 * font(role, floor).get_linesize() <= height and \
            all(font(role, floor).size(row)[0] <= width for row in rows):
        return floor, rows
    return px, (text,)


def blit_rows(surface: pygame.Surface, rows: Sequence[str], role: str, px: int, colour: tuple[int, ...],
              anchor: str, pos: tuple[int, int]) -> None:
    """`rows` (one or two, from `two_rows`) anchored as one block by its `anchor` ("center", "midleft")."""
    step = font(role, px).get_linesize()
    x, y = pos
    top = y - step * (len(rows) - 1) // 2
    for k, row in enumerate(rows):
        blit_text(surface, row, role, px, colour, anchor, (x, top + k * step))


@lru_cache(maxsize=1024)
def fit_px(text: str, role: str, max_px: int, width: int) -> int:
    """The largest size <= max_px at which `text` fits `width` (cached: menus measure nothing per frame)."""
    return _fit_px(text, role, max_px, width)


@lru_cache(maxsize=256)
def panel_surface(size: tuple[int, int], radius: int, fill: tuple[int, ...],
                  border: tuple[int, ...] | None = None, border_width: int = 0) -> pygame.Surface:
    """A rounded, antialiased panel (cached by its look; do not draw on the result)."""
    out = alpha_surface(size)
    rounded_rect(out, out.get_rect(), fill, radius)
    if border is not None and border_width > 0:
        rounded_rect(out, out.get_rect(), border, radius, border_width)
    return out


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, radius: int = 14) -> None:
    """Brass glow and outline around `rect` (ART.md: focus is always visible)."""
    surface.blit(focus_glow(rect.size, radius), (rect.x - GLOW_PAD, rect.y - GLOW_PAD))


def blit_text(surface: pygame.Surface, text: str, role: str, px: int, colour: tuple[int, ...],
              anchor: str, pos: tuple[int, int]) -> pygame.Rect:
    image = text_surface(text, role, px, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def draw_marker(surface: pygame.Surface, tip: tuple[int, int], size: int = 14,
                colour: tuple[int, ...] = P.BRASS_LIGHT) -> None:
    """A small right-pointing triangle whose tip is at `tip` (the focus marker beside a label)."""
    x, y = tip
    pygame.draw.polygon(surface, colour, [(x - size, y - size), (x, y), (x - size, y + size)])


class Widget:
    focusable = True

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str = "") -> None:
        self.rect = pygame.Rect(rect)
        if self.rect.height < MIN_TARGET:
            self.rect.height = MIN_TARGET
        self.label = label
        self.enabled = True

    def handle(self, intent: Intent) -> bool:
        """Intents for the focused widget; True when consumed."""
        return False

    def activate(self, device: str = "keyboard") -> None:
        """Confirm pressed (or the widget tapped)."""

    def pointer(self, intent: Intent) -> None:
        """point / drag_move / drag_end / release at intent.pos on this widget."""
        if intent.kind == "point":
            self.activate(intent.device)

    def contains(self, pos: tuple[float, float]) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        raise NotImplementedError

    def _row(self, surface: pygame.Surface, focused: bool) -> None:
        """The shared row panel of settings-like widgets, label on the left."""
        fill = (36, 36, 46, 225) if focused else P.INK_ALPHA
        if focused:
            draw_focus(surface, self.rect)
        surface.blit(panel_surface(self.rect.size, 14, fill), self.rect.topleft)
        colour = P.IVORY if self.enabled else P.IVORY_DIM
        x = self.rect.x + 28
        if focused:
            draw_marker(surface, (self.rect.x + 24, self.rect.centery), 9)
            x += 12
        blit_text(surface, self.label, "ui", LABEL_PX, colour, "midleft", (x, self.rect.centery))


class Button(Widget):
    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, on_press: Callable[[], Any],
                 sub: str = "", primary: bool = False, px: int = BUTTON_PX, solid: bool = False) -> None:
        super().__init__(rect, label)
        self.on_press = on_press
        self.sub = sub
        self.primary = primary
        self.px = px
        self.solid = solid  # opaque, for a button over a busy picture (the results over the table)

    def activate(self, device: str = "keyboard") -> None:
        if self.enabled:
            self.on_press()

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if focused:
            draw_focus(surface, self.rect)
        if not self.enabled:  # a button that cannot be pressed now must not look like the main one
            fill = (34, 34, 40, 200)
            ink: tuple[int, ...] = P.IVORY_DIM
        elif self.primary:
            fill = P.BRASS if focused else P.shade(P.BRASS, -0.25)
            ink = P.INK
        else:
            fill = (44, 42, 50, 235) if focused else P.INK_ALPHA
            if self.solid:
                fill = (*fill[:3], 255)
            ink = P.IVORY if self.enabled else P.IVORY_DIM
        surface.blit(panel_surface(self.rect.size, 16, tuple(fill)), self.rect.topleft)
        px = fit_px(self.label, "ui-bold", self.px, self.rect.width - 40)
        sub_px, lift, drop = self.sub_layout()
        cy = self.rect.centery - (lift if self.sub else 0)
        rect = blit_text(surface, self.label, "ui-bold", px, ink, "center", (self.rect.centerx, cy))
        if focused and not self.primary and self.rect.width > rect.width + 80:
            draw_marker(surface, (rect.left - 16, rect.centery), 11)
        if self.sub:
            blit_text(surface, self.sub, "ui", sub_px, P.IVORY_DIM if not (self.primary and self.enabled) else P.INK,
                      "center", (self.rect.centerx, self.rect.centery + drop))

    def sub_layout(self) -> tuple[int, int, int]:
        """The line under the label: its size (22 px, larger on a small window, to fit the button's
        width: "Saved: Continue on the title picks it up" showed 12 px high on 1024x768) and how far
        the label rises and the line sits below the middle."""
        sub_px = fit_px(self.sub, "ui", legible_px(22), self.rect.width - 32) if self.sub else 0
        if sub_px <= 22:
            return sub_px, 12, 24
        # the two lines as one block in the button's middle, their leading overlapping (a 76 px
        # button holds a 36 px label over a 29 px line)
        label = font("ui-bold", fit_px(self.label, "ui-bold", self.px, self.rect.width - 40)).get_linesize()
        line = font("ui", sub_px).get_linesize()
        block = label + line - 6
        return sub_px, round(block / 2 - label / 2), round(label - 6 + line / 2 - block / 2)


class Toggle(Widget):
    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, value: bool,
                 on_change: Callable[[bool], Any]) -> None:
        super().__init__(rect, label)
        self.value = value
        self.on_change = on_change

    def activate(self, device: str = "keyboard") -> None:
        self.value = not self.value
        self.on_change(self.value)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in ("left", "right"):
            wanted = intent.kind == "right"
            if wanted != self.value:
                self.activate(intent.device)
            return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        self._row(surface, focused)
        pill = pygame.Rect(0, 0, 104, 48)
        pill.midright = (self.rect.right - 28, self.rect.centery)
        surface.blit(panel_surface(pill.size, 24, P.GOOD if self.value else (70, 70, 80)), pill.topleft)
        knob_x = pill.right - 24 if self.value else pill.left + 24
        pygame.draw.circle(surface, P.IVORY, (knob_x, pill.centery), 18)
        word = "On" if self.value else "Off"
        blit_text(surface, word, "ui-bold", VALUE_PX, P.IVORY, "midright", (pill.left - 18, self.rect.centery))


class Slider(Widget):
    """A 0..1 value (volumes). Left/right step by `step`; a pointer sets it by position."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, value: float,
                 on_change: Callable[[float], Any], step: float = 0.1) -> None:
        super().__init__(rect, label)
        self.value = value
        self.on_change = on_change
        self.step = step

    @property
    def track(self) -> pygame.Rect:
        track = pygame.Rect(0, 0, min(360, self.rect.width // 2 - 40), 12)
        track.midright = (self.rect.right - 130, self.rect.centery)
        return track

    def _set(self, value: float) -> None:
        value = round(max(0.0, min(1.0, value)), 3)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "left":
            self._set(self.value - self.step)
            return True
        if intent.kind == "right":
            self._set(self.value + self.step)
            return True
        return False

    def pointer(self, intent: Intent) -> None:
        if intent.pos is None or intent.kind not in ("point", "drag_move", "drag_start", "drag_end"):
            return
        track = self.track
        if intent.kind == "point" and intent.pos[0] < track.left - 30:
            return  # a tap on the label only focuses
        self._set((intent.pos[0] - track.left) / track.width)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        self._row(surface, focused)
        track = self.track
        surface.blit(panel_surface(track.size, 6, (70, 70, 80)), track.topleft)
        filled = track.copy()
        filled.width = max(12, int(track.width * self.value))
        surface.blit(panel_surface(filled.size, 6, P.BRASS), filled.topleft)
        knob = (track.left + int(track.width * self.value), track.centery)
        pygame.draw.circle(surface, P.IVORY, knob, 20)
        pygame.draw.circle(surface, P.BRASS_DARK, knob, 20, 3)
        blit_text(surface, f"{round(self.value * 100)} %", "ui-bold", VALUE_PX, P.IVORY, "midright",
                  (self.rect.right - 28, self.rect.centery))


class OptionCycler(Widget):
    """One of several choices; left/right or the arrow targets cycle, confirm goes forward."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, choices: Sequence[tuple[Any, str]],
                 index: int, on_change: Callable[[Any], Any], help_text: str | Callable[[Any], str] = "",
                 stacked: bool = False) -> None:
        super().__init__(rect, label)
        self.stacked = stacked  # label above the value: for long labels in narrow columns
        self.choices = list(choices)
        self.index = max(0, min(index, len(self.choices) - 1))
        self.on_change = on_change
        self._help = help_text  # a text, or what to say of the value chosen (an option's `help_for`)

    @property
    def help_text(self) -> str:
        return self._help(self.value) if callable(self._help) else self._help

    @property
    def value(self) -> Any:
        return self.choices[self.index][0]

    def cycle(self, step: int) -> None:
        if len(self.choices) < 2 or not self.enabled:
            return
        self.index = (self.index + step) % len(self.choices)
        self.on_change(self.value)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in ("left", "right"):
            self.cycle(-1 if intent.kind == "left" else 1)
            return True
        return False

    def activate(self, device: str = "keyboard") -> None:
        self.cycle(1)

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        if self.stacked:
            right = pygame.Rect(0, 0, 64, 64)
            right.bottomright = (self.rect.right - 8, self.rect.bottom - 4)
            left = right.copy()
            left.left = self.rect.x + 8
            return left, right
        right = pygame.Rect(0, 0, 64, max(64, self.rect.height - 8))
        right.midright = (self.rect.right - 8, self.rect.centery)
        left = right.copy()
        # a cycler without a label (a crowded seat row's Plays) gives its value the label's room too
        label_end = self.rect.x + (40 + text_surface(self.label, "ui", LABEL_PX, P.IVORY).get_width() if self.label else 0)
        left.left = max(label_end + 8, right.left - 64 - 400)
        return left, right

    def pointer(self, intent: Intent) -> None:
        if intent.kind != "point" or intent.pos is None:
            return
        left, right = self._arrows()
        if left.inflate(ARROW_SLOP * 2, ARROW_SLOP).collidepoint(intent.pos):  # ~47 px wide at 1024x768, not 34
            self.cycle(-1)
        elif right.collidepoint(intent.pos) or (intent.pos[0] > left.right and intent.pos[1] >= left.top):
            self.cycle(1)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if self.stacked:
            if focused:
                draw_focus(surface, self.rect)
            fill = (36, 36, 46, 225) if focused else P.INK_ALPHA
            surface.blit(panel_surface(self.rect.size, 14, fill), self.rect.topleft)
            px = fit_px(self.label, "ui", legible_px(24), self.rect.width - 40)
            blit_text(surface, self.label, "ui", px, P.IVORY_DIM, "topleft", (self.rect.x + 24, self.rect.y + 10))
        else:
            self._row(surface, focused)
        left, right = self._arrows()
        colour = P.BRASS_LIGHT if focused else P.BRASS
        if not self.enabled or len(self.choices) < 2:
            colour = P.IVORY_DIM
        blit_text(surface, "‹", "ui-bold", 48, colour, "center", left.center)
        blit_text(surface, "›", "ui-bold", 48, colour, "center", right.center)
        text = self.choices[self.index][1]
        width = right.left - left.right - 12
        px, rows = two_rows(text, "ui-bold", VALUE_PX, width, self.value_height())
        blit_rows(surface, rows, "ui-bold", px, P.IVORY, "center", ((left.right + right.left) // 2, left.centery))

    @staticmethod
    def stacked_height() -> int:
        """The least height of a stacked cycler whose value may take two rows under its label on
        this window (104 px fits it as designed; a 1024x768 window's larger type needs 116)."""
        label = font("ui", legible_px(24)).get_linesize()
        value = font("ui-bold", min_px()).get_linesize()
        return 10 + label + value + 36 + 4  # the label from 10 px down, the value's middle 36 px up

    def value_height(self) -> int:
        """How tall the value may be: a stacked cycler's room under its label, else the row's."""
        if not self.stacked:
            return self.rect.height - 8
        label_bottom = 10 + font("ui", legible_px(24)).get_linesize()
        below = self._arrows()[0].centery - self.rect.y  # the value's middle, on the arrows' line
        return 2 * min(below - label_bottom, self.rect.height - below)


def blit_selected(surface: pygame.Surface, text: str, face: str, px: int, midleft: tuple[int, int],
                  margin: tuple[int, int]) -> pygame.Rect:
    """A name selected whole (the next letter replaces it): ink on a brass band `margin` px larger."""
    image = text_surface(text, face, px, P.INK)
    rect = image.get_rect(midleft=midleft)
    pygame.draw.rect(surface, P.BRASS_LIGHT, rect.inflate(*margin), border_radius=6)
    surface.blit(image, rect)
    return rect


def draw_entry_text(surface: pygame.Surface, text: str, px: int, box: pygame.Rect, editing: bool,
                    selected: bool) -> pygame.Rect:
    """A name field's text, 16 px in from `box`'s left: while it is being edited, with the caret
    after it or, while the whole name is selected (the next letter replaces it), on a brass band."""
    shown = text if text else " "
    if editing and selected and text:
        return blit_selected(surface, text, "ui", px, (box.x + 16, box.centery), (10, 6))
    rect = blit_text(surface, shown, "ui", px, P.IVORY, "midleft", (box.x + 16, box.centery))
    if editing:
        pygame.draw.rect(surface, P.BRASS_LIGHT, (rect.right + 3, box.y + 14, 3, box.height - 28))
    return rect


class TextEntry(Widget):
    """A name field. Keyboard players type in place; gamepad and touch players get the on-screen
    keyboard through `open_keyboard(entry)`.

    With `select_on_edit` an edit starts with the whole text selected: the first letter typed replaces
    it and the first erase clears it, as in a desktop field one tabs into (typing a name over the
    given "Player" made "PlayerZoe", or took six erases first)."""

    select_on_edit = False

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, text: str,
                 on_change: Callable[[str], Any], max_len: int = 20,
                 open_keyboard: Callable[["TextEntry"], Any] | None = None,
                 start_text: Callable[[], Any] | None = None, stop_text: Callable[[], Any] | None = None,
                 select_on_edit: bool | None = None) -> None:
        super().__init__(rect, label)
        self.text = text
        self.on_change = on_change
        self.max_len = max_len
        self.open_keyboard = open_keyboard
        self.start_text = start_text
        self.stop_text = stop_text
        self.editing = False
        self.selected = False  # the whole text is selected: the next letter replaces it
        if select_on_edit is not None:
            self.select_on_edit = select_on_edit
        self._before = text

    def set_text(self, text: str) -> None:
        text = "".join(ch for ch in text if ch.isprintable())[: self.max_len]  # a font cannot draw a NUL
        if text != self.text:
            self.text = text
            self.on_change(text)

    def type_text(self, typed: str) -> None:
        """Letters typed: they replace a selected text, else they follow it."""
        self.set_text(typed if self.selected else self.text + typed)
        self.selected = False

    def erase_letter(self) -> None:
        """Erase: a selected text goes at once, else its last letter."""
        self.set_text("" if self.selected else self.text[:-1])
        self.selected = False

    def begin_edit(self) -> None:
        """Where an edit starts (here, or on the on-screen keyboard): the whole text selected when
        this field selects on edit."""
        self._before = self.text
        self.selected = self.select_on_edit and bool(self.text)

    def activate(self, device: str = "keyboard") -> None:
        if self.editing:
            self.finish(True)
            return
        self.begin_edit()
        if device in ("keyboard", "mouse") or self.open_keyboard is None:
            self.editing = True
            if self.start_text:
                self.start_text()
        else:
            self.open_keyboard(self)

    def finish(self, keep: bool) -> None:
        self.editing = False
        self.selected = False
        if self.stop_text:
            self.stop_text()
        if not keep:
            self.set_text(self._before)
        elif not self.text.strip():
            self.set_text(self._before)

    def handle(self, intent: Intent) -> bool:
        if not self.editing:
            return False
        if intent.kind == "text":
            self.type_text(intent.text)
        elif intent.kind == "erase":
            self.erase_letter()
        elif intent.kind == "confirm":
            self.finish(True)
        elif intent.kind == "back":
            self.finish(False)
        elif intent.kind in ("up", "down") or intent.is_pointer:
            self.finish(True)
            return False
        return True

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        self._row(surface, focused)
        box = pygame.Rect(0, 0, min(440, self.rect.width // 2), self.rect.height - 16)
        box.midright = (self.rect.right - 10, self.rect.centery)
        border = P.BRASS_LIGHT if self.editing else (90, 88, 96)
        surface.blit(panel_surface(box.size, 10, (14, 14, 20, 240), border, 2), box.topleft)
        draw_entry_text(surface, self.text, VALUE_PX, box, self.editing, self.selected)
        if focused and not self.editing:
            blit_text(surface, "Edit", "ui", legible_px(22), P.IVORY_DIM, "midright", (box.right - 14, box.centery))


class ListView(Widget):
    """A vertical list of rows; up/down move within it (then out of it at the ends)."""

    def __init__(self, rect: pygame.Rect | Sequence[int], items: Sequence[str], index: int,
                 on_select: Callable[[int], Any], row_height: int = 72, on_activate: Callable[[int], Any] | None = None,
                 detail: Callable[[int], str] | None = None) -> None:
        super().__init__(rect, "")
        self.items = list(items)
        self.index = index
        self.on_select = on_select
        self.on_activate = on_activate
        self.row_height = max(MIN_TARGET, row_height)
        self.detail = detail
        self.scroll = 0

    @property
    def visible_rows(self) -> int:
        return max(1, self.rect.height // self.row_height)

    def select(self, index: int) -> None:
        index = max(0, min(len(self.items) - 1, index))
        if index != self.index:
            self.index = index
            self.on_select(index)
        self.reveal(self.index)

    def reveal(self, index: int) -> None:
        """Scroll so row `index` shows with, where there is one, a row beyond it: a tap on the last
        row in view brings the next one up, so a finger (which cannot press Down) reaches every row."""
        rows = self.visible_rows
        margin = 1 if rows >= 3 else 0
        most = max(0, len(self.items) - rows)
        if index - margin < self.scroll:
            self.scroll = index - margin
        elif index + margin >= self.scroll + rows:
            self.scroll = index + margin - rows + 1
        self.scroll = max(0, min(most, self.scroll))

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "up" and self.index > 0:
            self.select(self.index - 1)
            return True
        if intent.kind == "down" and self.index < len(self.items) - 1:
            self.select(self.index + 1)
            return True
        if intent.kind == "scroll":
            self.select(self.index - int(intent.amount))
            return True
        return False

    def activate(self, device: str = "keyboard") -> None:
        if self.on_activate:
            self.on_activate(self.index)

    def row_at(self, pos: tuple[float, float]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        row = self.scroll + int((pos[1] - self.rect.y) // self.row_height)
        return row if 0 <= row < len(self.items) else None

    def pointer(self, intent: Intent) -> None:
        if intent.kind == "point" and intent.pos is not None:
            row = self.row_at(intent.pos)
            if row is not None:
                already = row == self.index
                self.select(row)
                if already:
                    self.activate(intent.device)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        for slot in range(self.visible_rows):
            i = self.scroll + slot
            if i >= len(self.items):
                break
            row = pygame.Rect(self.rect.x, self.rect.y + slot * self.row_height, self.rect.width, self.row_height - 8)
            chosen = i == self.index
            if chosen and focused:
                draw_focus(surface, row)
            fill = (52, 48, 40, 235) if chosen else P.INK_ALPHA
            surface.blit(panel_surface(row.size, 12, fill), row.topleft)
            if chosen:
                pygame.draw.rect(surface, P.BRASS, (row.x + 8, row.y + 12, 6, row.height - 24), border_radius=3)
            colour = P.IVORY if chosen else P.IVORY_DIM
            px, rows = two_rows(self.items[i], "ui-bold", 28, row.width - 40, row.height - 4)
            blit_rows(surface, rows, "ui-bold", px, colour, "midleft", (row.x + 28, row.centery))


class FocusGroup:
    """The focusable widgets of a screen: spatial focus moves, pointer focus, confirm."""

    def __init__(self, widgets: Sequence[Widget] = (), focus: int = 0) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus = focus
        self._drag_target: Widget | None = None
        self.on_move: Callable[[], Any] | None = None  # e.g. the focus sound

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.focus < len(self.widgets):
            return self.widgets[self.focus]
        return None

    def set_focus(self, widget: Widget) -> None:
        if widget in self.widgets:
            index = self.widgets.index(widget)
            if index != self.focus:
                self.focus = index
                if self.on_move:
                    self.on_move()

    def widget_at(self, pos: tuple[float, float]) -> Widget | None:
        """The widget under `pos`; else the nearest one within TOUCH_SLOP of it (a tap in the gap
        between two rows goes to the row it is closer to), so small windows keep ~40 px targets."""
        near: tuple[float, Widget] | None = None
        for widget in self.widgets:
            if not (widget.focusable and widget.enabled):
                continue
            if widget.contains(pos):
                return widget
            rect = widget.rect
            dx = max(rect.left - pos[0], 0.0, pos[0] - (rect.right - 1))
            dy = max(rect.top - pos[1], 0.0, pos[1] - (rect.bottom - 1))
            distance = max(dx, dy)
            if distance <= TOUCH_SLOP and (near is None or distance < near[0]):
                near = (distance, widget)
        return near[1] if near is not None else None

    def handle(self, intent: Intent) -> bool:
        """True when a widget or the focus used the intent (back/menu are left to the scene)."""
        focused = self.focused
        if intent.is_pointer:
            return self._pointer(intent)
        if focused is not None and focused.handle(intent):
            return True
        if intent.is_direction and intent.text == TAB:
            return self.step(1 if intent.kind == "down" else -1)
        if intent.is_direction:
            return self.move(intent.kind)
        if intent.kind == "confirm" and focused is not None and focused.enabled:
            focused.activate(intent.device)
            return True
        return False

    def _pointer(self, intent: Intent) -> bool:
        assert intent.pos is not None
        focused = self.focused
        if focused is not None and getattr(focused, "editing", False) and not focused.contains(intent.pos):
            focused.handle(intent)
        if intent.kind in ("drag_start", "drag_move", "drag_end", "release"):
            target = self._drag_target
            if intent.kind in ("drag_end", "release"):
                self._drag_target = None
            if target is not None:
                target.pointer(intent)
                return True
            return False
        widget = self.widget_at(intent.pos)
        if widget is None:
            return False
        if intent.kind == "hover":
            self.set_focus(widget)
            return True
        if intent.kind == "point":
            self.set_focus(widget)
            self._drag_target = widget
            if not widget.contains(intent.pos):  # a tap in the slop beside it: as on its nearest edge
                rect = widget.rect
                inside = (min(max(intent.pos[0], rect.left), rect.right - 1), min(max(intent.pos[1], rect.top), rect.bottom - 1))
                intent = replace(intent, pos=inside)
            widget.pointer(intent)
            return True
        return False

    def step(self, by: int) -> bool:
        """Tab and Shift+Tab: the next or previous widget in the order the screen lists them (a
        seat's name, who plays it, its side, its pad), wrapping; arrows move by position, and a
        value's Left/Right changes it, so only Tab reaches every widget of a row from its first."""
        order = [w for w in self.widgets if (w.focusable and w.enabled) or w is self.focused]
        if len(order) < 2:
            return False
        current = self.focused
        at = order.index(current) if current in order else (-1 if by > 0 else 0)
        self.set_focus(order[(at + by) % len(order)])
        return True

    def move(self, direction: str) -> bool:
        current = self.focused
        candidates = [w for w in self.widgets if w.focusable and w.enabled and w is not current]
        if current is None:
            if candidates:
                self.set_focus(candidates[0])
                return True
            return False
        cx, cy = current.rect.center
        best: tuple[float, Widget] | None = None
        for widget in candidates:
            wx, wy = widget.rect.center
            dx, dy = wx - cx, wy - cy
            if direction == "down" and dy > 8:
                score = dy + 2.5 * abs(dx)
            elif direction == "up" and dy < -8:
                score = -dy + 2.5 * abs(dx)
            elif direction == "right" and dx > 8:
                score = dx + 2.5 * abs(dy)
            elif direction == "left" and dx < -8:
                score = -dx + 2.5 * abs(dy)
            else:
                continue
            if best is None or score < best[0]:
                best = (score, widget)
        if best is None and direction in ("up", "down") and candidates:
            # wrap around vertically: the farthest widget on the other side, best aligned
            key = (lambda w: (w.rect.centery, abs(w.rect.centerx - cx))) if direction == "down" else \
                (lambda w: (-w.rect.centery, abs(w.rect.centerx - cx)))
            best = (0.0, min(candidates, key=key))
        if best is None:
            return False
        self.set_focus(best[1])
        return True

    def draw(self, surface: pygame.Surface) -> None:
        focused = self.focused
        for widget in self.widgets:
            if widget is not focused:
                widget.draw(surface, False)
        if focused is not None:
            focused.draw(surface, True)
