"""Intents from every device: keyboard, mouse, posted game-controller and touch events."""

from __future__ import annotations

import pygame
import pytest

from game.ui.input import REPEAT_DELAY, REPEAT_EVERY, InputMapper
from game.ui.settings import Settings


@pytest.fixture
def mapper():
    pygame.init()
    # a 1280x720 window: canvas coordinates are window coordinates * 1.5
    m = InputMapper(Settings(), to_canvas=lambda pos: (pos[0] * 1.5, pos[1] * 1.5))
    m.window_size = lambda: (1280, 720)
    return m


def kinds(intents):
    return [i.kind for i in intents]


def ev(kind, **attrs):
    return pygame.event.Event(kind, **attrs)


def test_keyboard_intents_and_tab_order(mapper):
    out = mapper.feed([ev(pygame.KEYDOWN, key=k, mod=0) for k in
                       (pygame.K_DOWN, pygame.K_UP, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN,
                        pygame.K_ESCAPE, pygame.K_p, pygame.K_q, pygame.K_e, pygame.K_TAB)])
    assert kinds(out) == ["down", "up", "left", "right", "confirm", "back", "menu", "prev", "next", "down"]
    assert all(i.device == "keyboard" for i in out)
    assert kinds(mapper.feed([ev(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT)])) == ["up"]


def test_held_direction_repeats_until_released(mapper):
    mapper.feed([ev(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0)])
    repeats = []
    for _ in range(int((REPEAT_DELAY + 3 * REPEAT_EVERY) * 120) + 1):
        repeats += mapper.update(1 / 120)
    assert kinds(repeats) == ["down"] * 4 and all(i.repeat for i in repeats)
    mapper.feed([ev(pygame.KEYUP, key=pygame.K_DOWN, mod=0)])
    assert mapper.update(1.0) == []


def test_f11_and_alt_enter_toggle_fullscreen_not_confirm(mapper):
    out = mapper.feed([ev(pygame.KEYDOWN, key=pygame.K_F11, mod=0),
                       ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=pygame.KMOD_LALT)])
    assert out == [] and mapper.system == ["fullscreen", "fullscreen"]


def test_text_mode_types_text_and_erases(mapper):
    mapper.start_text()
    out = mapper.feed([ev(pygame.KEYDOWN, key=pygame.K_a, mod=0), ev(pygame.TEXTINPUT, text="a"),
                       ev(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0), ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])
    assert kinds(out) == ["text", "erase", "confirm"] and out[0].text == "a"  # "a" is not "left" while typing
    mapper.stop_text()


def test_rebinding_changes_the_keys(mapper):
    mapper.settings.key_bindings["confirm"] = ["x"]
    mapper.rebuild_bindings()
    assert kinds(mapper.feed([ev(pygame.KEYDOWN, key=pygame.K_x, mod=0)])) == ["confirm"]
    assert kinds(mapper.feed([ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])) == []


def test_capture_reports_the_raw_key_or_button(mapper):
    mapper.capture = "key"
    out = mapper.feed([ev(pygame.KEYDOWN, key=pygame.K_j, mod=0)])
    assert kinds(out) == ["captured"] and out[0].text == "j" and mapper.capture is None
    mapper.capture = "pad"
    out = mapper.feed([ev(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_Y, instance_id=0)])
    assert out[0].kind == "captured" and out[0].text == "y" and out[0].device == "gamepad"


def test_mouse_point_hover_drag_and_back(mapper):
    out = mapper.feed([ev(pygame.MOUSEMOTION, pos=(100, 100), rel=(0, 0), buttons=(0, 0, 0)),
                       ev(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1),
                       ev(pygame.MOUSEMOTION, pos=(104, 100), rel=(4, 0), buttons=(1, 0, 0)),
                       ev(pygame.MOUSEMOTION, pos=(200, 150), rel=(96, 50), buttons=(1, 0, 0)),
                       ev(pygame.MOUSEBUTTONUP, pos=(200, 150), button=1),
                       ev(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=3)])
    assert kinds(out) == ["hover", "point", "drag_start", "drag_move", "drag_end", "back"]
    assert out[1].pos == (150.0, 150.0)  # mapped to the canvas
    assert out[2].pos == (150.0, 150.0) and out[4].pos == (300.0, 225.0)
    assert mapper.last_device == "mouse"
    click = mapper.feed([ev(pygame.MOUSEBUTTONDOWN, pos=(50, 50), button=1), ev(pygame.MOUSEBUTTONUP, pos=(50, 50), button=1)])
    assert kinds(click) == ["point", "release"]


def test_touch_fingers_map_through_the_letterbox(mapper):
    base = dict(touch_id=1, dx=0.0, dy=0.0, pressure=1.0)
    out = mapper.feed([ev(pygame.FINGERDOWN, finger_id=3, x=0.5, y=0.5, **base),
                       ev(pygame.FINGERMOTION, finger_id=3, x=0.6, y=0.5, **base),
                       ev(pygame.FINGERUP, finger_id=3, x=0.6, y=0.5, **base)])
    assert kinds(out) == ["point", "drag_start", "drag_move", "drag_end"]
    assert out[0].pos == (960.0, 540.0) and out[0].device == "touch"
    # SDL's synthetic mouse copy of a touch is ignored (no double taps)
    assert mapper.feed([ev(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1, touch=True)]) == []


def test_two_fingers_pinch_and_neither_taps_nor_drags_after(mapper):
    """A second finger turns the touch into a pinch: zoom factors between the fingers, no tap when
    they lift, and the finger left down does nothing until it lifts too."""
    base = dict(touch_id=1, dx=0.0, dy=0.0, pressure=1.0)
    f = lambda kind, finger, x, y: ev(kind, finger_id=finger, x=x, y=y, **base)
    out = mapper.feed([f(pygame.FINGERDOWN, 1, 0.4, 0.5), f(pygame.FINGERDOWN, 2, 0.6, 0.5),
                       f(pygame.FINGERMOTION, 2, 0.8, 0.5), f(pygame.FINGERMOTION, 1, 0.2, 0.5)])
    assert kinds(out) == ["point", "pinch", "pinch"]
    first, second = out[1], out[2]
    assert first.amount == pytest.approx(2.0) and first.pos == (pytest.approx(1152.0), 540.0)
    assert second.amount == pytest.approx(1.5) and second.pos == (pytest.approx(960.0), 540.0)
    closing = mapper.feed([f(pygame.FINGERMOTION, 2, 0.6, 0.5)])
    assert kinds(closing) == ["pinch"] and closing[0].amount < 1
    later = mapper.feed([f(pygame.FINGERUP, 2, 0.6, 0.5), f(pygame.FINGERMOTION, 1, 0.1, 0.5),
                         f(pygame.FINGERUP, 1, 0.1, 0.5)])
    assert later == []
    tap = mapper.feed([f(pygame.FINGERDOWN, 3, 0.5, 0.5), f(pygame.FINGERUP, 3, 0.5, 0.5)])
    assert kinds(tap) == ["point", "release"]  # one finger taps again


def test_a_finger_whose_lift_was_lost_long_ago_does_not_turn_the_next_tap_into_a_pinch(mapper, monkeypatch):
    import game.ui.input as input_module

    base = dict(touch_id=1, dx=0.0, dy=0.0, pressure=1.0)
    f = lambda kind, finger, x, y: ev(kind, finger_id=finger, x=x, y=y, **base)
    clock = [100.0]
    monkeypatch.setattr(input_module.time, "monotonic", lambda: clock[0])
    assert kinds(mapper.feed([f(pygame.FINGERDOWN, 1, 0.4, 0.5)])) == ["point"]  # its FINGERUP never comes
    clock[0] += input_module.STALE_FINGER_SECONDS + 1
    tap = mapper.feed([f(pygame.FINGERDOWN, 2, 0.6, 0.5), f(pygame.FINGERUP, 2, 0.6, 0.5)])
    assert kinds(tap) == ["point", "release"]
    assert mapper.feed([f(pygame.FINGERUP, 1, 0.4, 0.5)]) == []  # the late lift says nothing
    clock[0] += 0.5  # a finger held briefly, then a second one: that is a pinch
    mapper.feed([f(pygame.FINGERDOWN, 3, 0.4, 0.5)])
    clock[0] += 0.5
    assert kinds(mapper.feed([f(pygame.FINGERDOWN, 4, 0.6, 0.5), f(pygame.FINGERMOTION, 4, 0.8, 0.5)])) == ["pinch"]


def test_a_drag_a_second_finger_joins_ends_where_the_first_finger_is(mapper):
    base = dict(touch_id=1, dx=0.0, dy=0.0, pressure=1.0)
    f = lambda kind, finger, x, y: ev(kind, finger_id=finger, x=x, y=y, **base)
    out = mapper.feed([f(pygame.FINGERDOWN, 1, 0.4, 0.5), f(pygame.FINGERMOTION, 1, 0.45, 0.5),
                       f(pygame.FINGERDOWN, 2, 0.7, 0.5)])
    assert kinds(out) == ["point", "drag_start", "drag_move", "drag_end"]
    assert out[-1].pos == (pytest.approx(864.0), 540.0)


def test_posted_controller_buttons_by_position_and_stick_with_repeat(mapper):
    press = lambda b: [ev(pygame.CONTROLLERBUTTONDOWN, button=b, instance_id=0),
                       ev(pygame.CONTROLLERBUTTONUP, button=b, instance_id=0)]
    out = mapper.feed(press(pygame.CONTROLLER_BUTTON_A) + press(pygame.CONTROLLER_BUTTON_B)
                      + press(pygame.CONTROLLER_BUTTON_START) + press(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
                      + press(pygame.CONTROLLER_BUTTON_LEFTSHOULDER) + press(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER))
    assert kinds(out) == ["confirm", "back", "menu", "down", "prev", "next"]
    assert all(i.device == "gamepad" for i in out)
    out = mapper.feed([ev(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_LEFTX, value=32000),
                       ev(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_LEFTX, value=31000)])
    assert kinds(out) == ["right"]  # held, not re-sent on every wiggle
    held = []
    for _ in range(int(REPEAT_DELAY * 120) + 2):
        held += mapper.update(1 / 120)
    assert kinds(held) == ["right"]
    out = mapper.feed([ev(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_LEFTX, value=0),
                       ev(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_LEFTY, value=-32000)])
    assert kinds(out) == ["up"]


def test_controller_hot_plug_of_a_missing_device_is_soft(mapper):
    out = mapper.feed([ev(pygame.CONTROLLERDEVICEADDED, device_index=57, guid=""),
                       ev(pygame.CONTROLLERDEVICEREMOVED, instance_id=57)])
    assert out == [] and mapper.controllers == {}
