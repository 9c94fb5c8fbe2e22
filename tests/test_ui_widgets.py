"""Widgets one by one: each works with directions + confirm and with a pointer alone."""

from __future__ import annotations

import pygame

from game.ui.input import Intent
from game.ui.widgets import Button, FocusGroup, ListView, OptionCycler, Slider, TextEntry, Toggle


def point(kind: str, pos, device: str = "touch") -> Intent:
    return Intent(kind, device, pos=pos)


def test_slider_by_keys_and_by_dragging_a_finger():
    values: list[float] = []
    slider = Slider((100, 100, 800, 72), "Volume", 0.5, values.append)
    group = FocusGroup([slider])
    group.handle(Intent("right"))
    assert slider.value == 0.6
    track = slider.track
    group.handle(point("point", (track.left + 1, track.centery)))
    group.handle(point("drag_start", (track.left + 1, track.centery)))
    group.handle(point("drag_move", (track.right + 50, track.centery)))
    group.handle(point("drag_end", (track.right + 50, track.centery)))
    assert slider.value == 1.0 and values[-1] == 1.0


def test_toggle_and_cycler_by_keys_and_taps():
    seen: list[object] = []
    toggle = Toggle((0, 0, 600, 72), "Reduced motion", False, seen.append)
    cycler = OptionCycler((0, 100, 800, 72), "Speed", [(1, "Normal"), (2, "Fast"), (3, "Faster")], 0, seen.append)
    group = FocusGroup([toggle, cycler])
    group.handle(Intent("confirm"))
    assert toggle.value is True
    group.handle(Intent("down"))
    group.handle(Intent("left"))  # wraps to the last choice
    assert cycler.value == 3
    left, right = cycler._arrows()
    group.handle(point("point", right.center))
    assert cycler.value == 1
    group.handle(point("point", left.center))
    assert cycler.value == 3
    assert seen == [True, 3, 1, 3]


def test_list_moves_inside_then_out_and_a_second_tap_activates():
    chosen: list[int] = []
    activated: list[int] = []
    listing = ListView((0, 0, 400, 300), ["a", "b", "c"], 0, chosen.append, row_height=100,
                       on_activate=activated.append)
    below = Button((0, 400, 400, 80), "Below", lambda: None)
    group = FocusGroup([listing, below])
    group.handle(Intent("down"))
    group.handle(Intent("down"))
    assert listing.index == 2 and group.focused is listing
    group.handle(Intent("down"))  # at the end of the list the focus leaves it
    assert group.focused is below
    group.handle(point("point", (200, 150)))
    group.handle(point("point", (200, 150)))
    assert chosen[-1] == 1 and activated == [1]


def test_text_entry_typing_erasing_and_cancelling():
    names: list[str] = []
    entry = TextEntry((0, 0, 800, 72), "Name", "Ann", names.append, max_len=5)
    group = FocusGroup([entry])
    group.handle(Intent("confirm", "keyboard"))
    assert entry.editing
    group.handle(Intent("text", "keyboard", text="abcdef"))
    assert entry.text == "Annab"  # capped at max_len
    group.handle(Intent("erase", "keyboard"))
    group.handle(Intent("back", "keyboard"))  # cancel restores the name
    assert entry.text == "Ann" and not entry.editing
    opened: list[TextEntry] = []
    entry.open_keyboard = opened.append
    group.handle(Intent("confirm", "gamepad"))
    assert opened == [entry] and not entry.editing


def test_focus_moves_spatially_and_wraps_vertically():
    buttons = [Button((100, 100 + i * 100, 300, 80), f"B{i}", lambda: None) for i in range(3)]
    side = Button((600, 200, 300, 80), "Side", lambda: None)
    group = FocusGroup(buttons + [side])
    group.handle(Intent("right"))
    assert group.focused is side
    group.handle(Intent("left"))
    assert group.focused is buttons[1]
    group.handle(Intent("down"))
    group.handle(Intent("down"))  # wraps to the top
    assert group.focused is buttons[0]


def test_every_widget_draws_focused_and_unfocused():
    pygame.init()
    canvas = pygame.Surface((1920, 1080), pygame.SRCALPHA)
    widgets = [Button((0, 0, 300, 80), "Play", lambda: None, primary=True),
               Toggle((0, 100, 600, 72), "T", True, lambda v: None),
               Slider((0, 200, 800, 72), "S", 0.3, lambda v: None),
               OptionCycler((0, 300, 800, 72), "O", [(1, "One")], 0, lambda v: None),
               OptionCycler((0, 400, 500, 104), "A long option label", [(1, "One"), (2, "Two")], 0,
                            lambda v: None, stacked=True),
               TextEntry((0, 520, 800, 72), "N", "Ann", lambda v: None),
               ListView((900, 0, 400, 300), ["x", "y"], 0, lambda i: None)]
    for widget in widgets:
        assert widget.rect.height >= 64  # touch targets
        widget.draw(canvas, True)
        widget.draw(canvas, False)
