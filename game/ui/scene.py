"""Scenes and the scene stack (after Tuxemon's state stack).

The top scene takes input and updates; scenes below keep drawing while everything above them is
`transparent` (a pause menu over a table). Opaque changes cross-fade from a snapshot of the last
frame in at most 250 ms; overlays fade themselves in through `appear`, and fade out the same way
from a snapshot when they close (a pause menu that vanished in one frame was the one cut left).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui.input import Intent
from game.ui.tween import MOTION

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.chrome import KeptBackdrop

TRANSITION_SECONDS = 0.2
OVERLAY_APPEAR_SECONDS = 0.15
OVERLAY_CLOSE_SECONDS = 0.15  # an overlay closing fades out of the frame it left (ART.md: <= 250 ms)


class Scene:
    """Subclasses override the hooks they need. `draw` must never change state."""

    transparent = False  # draw the scene below as well (overlays)
    name = "scene"
    backdrop: "KeptBackdrop | None" = None  # an overlay's kept picture of the scenes below it

    def __init__(self, app: "App | None" = None) -> None:
        self.app = app
        self.appear = 1.0  # 0 -> 1 while an overlay fades in
        self.clock = 0.0  # seconds this scene has been updated (attract motion, bobbing)

    # lifecycle
    def enter(self) -> None:
        """Pushed onto the stack (or replaced another scene)."""

    def exit(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped."""

    # loop
    def handle(self, intent: Intent) -> None:
        """One player intent (only the top scene receives them)."""

    def covers_below(self) -> bool:
        """A transparent scene that holds a picture of everything under it (an overlay keeps the
        still table under it as one image: its `backdrop`) says so here: the scenes below are not
        drawn that frame."""
        return self.backdrop is not None and self.backdrop.covers()

    def tick_background(self, dt: float) -> None:
        """Called every step while another scene is on top (a pause menu, the rules): only what
        must not freeze under it, e.g. a LAN table noticing that its host is gone."""

    def update(self, dt: float) -> None:
        """One fixed step."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw at `alpha` of the way between the last two steps."""


class SceneStack:
    def __init__(self, snapshot: Any = None) -> None:
        """`snapshot()` returns a copy of the last drawn frame for cross-fades (None: no fades)."""
        self.scenes: list[Scene] = []
        self.snapshot = snapshot
        self._fade_from: pygame.Surface | None = None
        self._fade_left = 0.0
        self._fade_total = TRANSITION_SECONDS

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def _start_fade(self, seconds: float = TRANSITION_SECONDS) -> None:
        """Cross-fade from the last drawn frame over `seconds` (scaled by the animation speed, at
        least 80 ms so reduced motion still softens the cut, never more than `seconds`)."""
        if self.snapshot is None or not self.scenes:
            return
        frame = self.snapshot()
        if frame is None:
            return
        self._fade_from = frame
        self._fade_total = min(seconds, max(0.08, MOTION.duration(seconds)))
        self._fade_left = self._fade_total

    def end_fade(self) -> None:
        """Drop a cross-fade under way: another transition (the picture turning to the far side of a
        touch table) shows this change instead."""
        self._fade_from, self._fade_left = None, 0.0

    def push(self, scene: Scene) -> None:
        if scene.transparent:
            scene.appear = 0.0  # it dims what lies under it and slides in through `appear`,
            self._start_fade(OVERLAY_APPEAR_SECONDS)  # and fades in as it fades out (its panel popped in whole)
        else:
            self._start_fade()
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes[-1]
        self._start_fade(OVERLAY_CLOSE_SECONDS if scene.transparent else TRANSITION_SECONDS)
        self.scenes.pop()
        scene.exit()
        _forget_backdrop(scene)
        if self.scenes:
            # what was above may have changed what lies under this one (the pause menu's Settings)
            _forget_backdrop(self.scenes[-1])
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene (exit the old, enter the new) without resuming the one below."""
        self._start_fade()
        if self.scenes:
            old = self.scenes.pop()
            old.exit()
            _forget_backdrop(old)
        self.scenes.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Drop every scene and start over from `scene` (Quit to title)."""
        self._start_fade()
        while self.scenes:
            old = self.scenes.pop()
            old.exit()
            _forget_backdrop(old)
        self.scenes.append(scene)
        scene.enter()

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def handle(self, intent: Intent) -> None:
        if self.scenes:
            self.scenes[-1].handle(intent)

    def update(self, dt: float) -> None:
        if self._fade_left > 0:
            self._fade_left = max(0.0, self._fade_left - dt)
            if self._fade_left == 0:
                self._fade_from = None
        top = self.top
        if top is None:
            return
        if top.appear < 1.0:
            top.appear = min(1.0, top.appear + dt / max(0.01, MOTION.duration(OVERLAY_APPEAR_SECONDS)))
        top.clock += dt
        top.update(dt)
        for scene in self.scenes[:-1]:
            scene.tick_background(dt)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: the top one and everything under transparent ones."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent and not self.scenes[start].covers_below():
            start -= 1
        return self.scenes[max(0, start):]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        for scene in self.visible():
            scene.draw(surface, alpha)
        if self._fade_from is not None and self._fade_left > 0:
            self._fade_from.set_alpha(int(255 * self._fade_left / self._fade_total))
            surface.blit(self._fade_from, (0, 0))


def _forget_backdrop(scene: Scene) -> None:
    """An overlay left the stack, or the scene above it went: its kept picture goes (drawn anew)."""
    if scene.backdrop is not None:
        scene.backdrop.forget()
