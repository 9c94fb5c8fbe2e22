"""Shared helpers for the UI tests: a headless App and raw-event senders per device."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
import time
from typing import Any, Callable, Iterator

import pygame

from game.ui.app import App
from game.ui.settings import Settings
from game.ui.tween import MOTION
from waits16 import CEILING

FRAME = 1 / 60


def make_app(size: tuple[int, int] = (1920, 1080)) -> App:
    pygame.init()
    pygame.event.clear()
    return App(Settings(), headless=True, size=size, windowed=True)


@contextmanager
def recording_app() -> Iterator[App]:
    """A headless 1920x1080 App for a table test: the names of the sounds it plays are kept in
    `app.played` instead of reaching the mixer, and the animation speed and reduced motion a test set
    are back to normal afterwards."""
    application = App(headless=True, size=(1920, 1080), windowed=True)
    application.played = []  # type: ignore[attr-defined]
    application.assets.play = lambda name, volume=1.0: application.played.append(name)  # type: ignore[method-assign]
    pygame.event.clear()
    try:
        yield application
    finally:  # a failing test must not leave the next tests of its worker at its speed
        application.shutdown()
        MOTION.speed, MOTION.reduced = 1.0, False


def assert_screenshots_written(app: App, tmp_path: Path, game: str, seats: int) -> None:
    """`main.py screenshot` writes a full-size, non-blank table and results image for `game` at
    `seats` seats."""
    from main import write_screenshot

    for scene in ("table", "results"):
        out = tmp_path / f"{scene}-{seats}.png"
        write_screenshot(scene, str(out), game=game, seats=seats, frames=30, app=app)
        image = pygame.image.load(str(out))
        assert image.get_size() == (1920, 1080)
        assert len({tuple(image.get_at((x, 540))) for x in range(0, 1920, 40)}) > 8  # not a blank frame


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.step(FRAME)


def key(app: App, code: int, mod: int = 0, settle: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))
    frames(app, settle)


def pad(app: App, button: int, settle: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0))
    frames(app, settle)


def canvas_to_window(app: App, pos: tuple[float, float]) -> tuple[float, float]:
    box = app.letterbox
    return (pos[0] * box.scale + box.offset[0], pos[1] * box.scale + box.offset[1])


def click(app: App, pos: tuple[float, float], settle: int = 2) -> None:
    window_pos = tuple(int(v) for v in canvas_to_window(app, pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=window_pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window_pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window_pos, button=1))
    frames(app, settle)


def tap(app: App, pos: tuple[float, float], settle: int = 2, finger: int = 1) -> None:
    wx, wy = canvas_to_window(app, pos)
    width, height = app.letterbox.window
    x, y = wx / width, wy / height
    common = dict(touch_id=1, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0, window_id=0)
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, **common))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, **common))
    frames(app, settle)


def widget_labelled(scene, label: str):
    for widget in reversed(scene.group.widgets):  # the Back button, not the "Back" binding row
        if widget.label == label:
            return widget
    raise AssertionError(f"no widget {label!r} on {type(scene).__name__}: "
                         f"{[w.label for w in scene.group.widgets]}")


def step_until(app: App, predicate: Callable[[], Any], timeout: float = CEILING) -> Any:
    """Run frames (1/60 s each) until `predicate()` is truthy and return it; for waits on the
    network, which runs on its own threads. Returns at the first frame it holds; the ceiling
    (waits16.CEILING) is for something broken, not for a slow machine."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        frames(app, 1)
        found = predicate()
        if found:
            return found
        time.sleep(0.002)
    top = app.scenes.top
    focused = getattr(getattr(top, "group", None), "focused", None)
    raise AssertionError(f"timed out; top scene is {type(top).__name__}, focus on "
                         f"{getattr(focused, 'label', None)!r}")



def texts_set(module: Any, draw: Callable[[pygame.Surface], Any]) -> list[tuple[str, str | None]]:
    """Every (text, type role) `module` set through its `text_surface` while `draw` drew one frame on
    a scratch 1920x1080 canvas: what a screen says, read back from the drawing itself."""
    drawn: list[tuple[str, str | None]] = []
    real = module.text_surface

    def spy(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        role = args[0] if args else kwargs.get("role")
        drawn.append((text, role))
        return real(text, *args, **kwargs)

    module.text_surface = spy
    try:
        draw(pygame.Surface((1920, 1080)))
    finally:
        module.text_surface = real
    return drawn
