"""Short notifications drawn above every scene: warnings (a corrupt settings file), errors (an
illegal move), notes (a gamepad connected). Each stays a few seconds and slides out."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.look import palette as P
from game.ui.look.fonts import text_surface, wrap
from game.ui.widgets import panel_surface

KIND_COLOURS = {"info": P.BRASS, "good": P.GOOD, "warning": P.WARNING, "error": P.ERROR}
KIND_MARKS = {"info": "i", "good": "✓", "warning": "!", "error": "×"}
TOAST_SECONDS = 4.5
TOAST_WIDTH = 980
RETIRE_SECONDS = 0.25  # a toast made stale slides out this fast (its own exit at the end of its time)


def reading_seconds(text: str) -> float:
    """How long a toast of `text` stays: the usual 4.5 s, or three words a second for a long one."""
    return max(TOAST_SECONDS, len(text.split()) / 3.0)


@dataclass
class Toast:
    text: str
    kind: str = "info"
    age: float = 0.0
    seconds: float = TOAST_SECONDS

    @property
    def done(self) -> bool:
        return self.age >= self.seconds


class Toasts:
    def __init__(self) -> None:
        self.items: list[Toast] = []
        self._cache: dict[tuple[str, str], pygame.Surface] = {}

    def show(self, text: str, kind: str = "info", seconds: float = TOAST_SECONDS) -> Toast:
        """The toast now showing `text` (the same text twice in a row shows once, its time restarted)."""
        if self.items and self.items[-1].text == text:
            self.items[-1].age = 0.0
            return self.items[-1]
        toast = Toast(text, kind if kind in KIND_COLOURS else "info", 0.0, seconds)
        self.items.append(toast)
        del self.items[:-4]
        return toast

    def retire(self, toast: Toast) -> None:
        """Let a toast whose news is stale slide out now, as it would at the end of its time."""
        if toast in self.items:
            toast.age = max(toast.age, toast.seconds - RETIRE_SECONDS)

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.age += dt
        self.items = [t for t in self.items if not t.done]

    def _render(self, toast: Toast) -> pygame.Surface:
        key = (toast.text, toast.kind)
        if key not in self._cache:
            lines = wrap(toast.text, "ui", 26, TOAST_WIDTH - 120)
            height = 36 + 36 * len(lines)
            surf = panel_surface((TOAST_WIDTH, height), 16, P.INK_ALPHA, KIND_COLOURS[toast.kind], 3).copy()
            colour = KIND_COLOURS[toast.kind]
            pygame.draw.circle(surf, colour, (46, height // 2), 20)
            mark = text_surface(KIND_MARKS[toast.kind], "ui-bold", 28, P.INK)
            surf.blit(mark, mark.get_rect(center=(46, height // 2)))
            for i, line in enumerate(lines):
                surf.blit(text_surface(line, "ui", 26, P.IVORY), (86, 18 + 36 * i))
            self._cache[key] = surf
            if len(self._cache) > 64:
                self._cache.pop(next(iter(self._cache)))
        return self._cache[key]

    def draw(self, surface: pygame.Surface) -> None:
        y = 28
        for toast in self.items:
            image = self._render(toast)
            slide = min(1.0, toast.age / 0.18, (toast.seconds - toast.age) / 0.25)
            x = (surface.get_width() - image.get_width()) // 2
            top = y - int((1.0 - slide) * (image.get_height() + 30))
            image.set_alpha(int(255 * max(0.0, slide)))
            surface.blit(image, (x, top))
            y += image.get_height() + 12
