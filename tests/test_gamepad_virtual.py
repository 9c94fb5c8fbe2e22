"""A real SDL virtual gamepad, attached through ctypes on pygame's own SDL2, drives the menus:
hot-plug, the south button confirms, the d-pad moves focus, the east button goes back."""

from __future__ import annotations

import ctypes
import glob
from pathlib import Path

import pygame
import pytest

from ui_helpers import frames, make_app

SDL_JOYSTICK_TYPE_GAMECONTROLLER = 1
# SDL_GameControllerButton order, which virtual gamepads use for their buttons
BUTTON_A, BUTTON_B, BUTTON_DPAD_DOWN = 0, 1, 12


def bundled_sdl() -> ctypes.CDLL:
    package = Path(pygame.__file__).resolve().parent
    candidates = []
    for libs in (package.parent / "pygame_ce.libs", package.parent / "pygame.libs", package / ".dylibs", package):
        candidates += glob.glob(str(libs / "libSDL2-2*.so*")) + glob.glob(str(libs / "libSDL2*.dylib"))
    if not candidates:
        pytest.skip("pygame's bundled SDL2 library was not found (system SDL build)")
    lib = ctypes.CDLL(candidates[0])
    lib.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int] * 4
    lib.SDL_JoystickAttachVirtual.restype = ctypes.c_int
    lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
    lib.SDL_JoystickOpen.argtypes = [ctypes.c_int]
    lib.SDL_JoystickOpen.restype = ctypes.c_void_p
    lib.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
    lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    lib.SDL_JoystickSetVirtualButton.restype = ctypes.c_int
    return lib


def test_virtual_gamepad_navigates_title_to_picker_and_back(data_dir):
    from game.ui.picker import GamePickerScene
    from game.ui.title import TitleScene

    sdl = bundled_sdl()
    app = make_app()
    app.push(TitleScene(app))
    frames(app, 2)
    index = sdl.SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, 6, 15, 0)
    assert index >= 0, "SDL refused to attach a virtual joystick"
    handle = sdl.SDL_JoystickOpen(index)
    assert handle
    try:
        frames(app, 3)  # CONTROLLERDEVICEADDED arrives and the mapper opens the pad (hot-plug)
        assert app.input.controllers, "the virtual gamepad was not opened"

        def press(button: int) -> None:
            sdl.SDL_JoystickSetVirtualButton(handle, button, 1)
            frames(app, 2)
            sdl.SDL_JoystickSetVirtualButton(handle, button, 0)
            frames(app, 2)

        title = app.scenes.top
        press(BUTTON_DPAD_DOWN)
        assert title.group.focus == 1 and app.input.last_device == "gamepad"
        for _ in range(3):
            press(BUTTON_DPAD_DOWN)
        assert title.group.focused.label == "Quit"  # no autosave: Play, LAN play, Settings, Rules, Quit
        title.group.focus = 0
        press(BUTTON_A)
        assert isinstance(app.scenes.top, GamePickerScene)
        press(BUTTON_B)
        assert isinstance(app.scenes.top, TitleScene)
    finally:
        sdl.SDL_JoystickClose(handle)
        sdl.SDL_JoystickDetachVirtual(index)
        frames(app, 2)
    assert not app.input.controllers  # unplugged: closed, and a toast said so
    assert any("disconnected" in toast.text for toast in app.toasts.items)


def test_two_alike_pads_each_say_their_number_and_a_pad_at_start_shows_its_buttons(data_dir):
    """Two identical pads plugged in read as one "Virtual Controller connected" (a repeated toast
    shows once): each names its number. A TV started with only a pad showed keyboard hints until
    its first press: a pad open at start makes the hints the pad's."""
    sdl = bundled_sdl()
    app = make_app()
    frames(app, 2)
    indices = [sdl.SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, 6, 15, 0) for _ in range(2)]
    assert all(index >= 0 for index in indices)
    try:
        frames(app, 3)
        news = [t.text for t in app.toasts.items if "connected" in t.text]
        assert len(news) == 2 and news[0].endswith(": Pad 1") and news[1].endswith(": Pad 2")
        app.shutdown()
        later = make_app()  # started with the pads already plugged in, nothing pressed yet
        assert later.input.controllers and later.input.last_device == "gamepad"
        later.shutdown()
    finally:
        for index in reversed(indices):
            sdl.SDL_JoystickDetachVirtual(index)
