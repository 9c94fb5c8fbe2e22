"""A question before something that cannot be undone (starting a new game over a saved one): a
panel over the dimmed screen with the safe answer focused, so Enter or A never destroys by habit."""

from __future__ import annotations

from typing import Callable

import pygame

from game.ui.chrome import CANVAS_H, CANVAS_W, KeptBackdrop, MenuScene
from game.ui.look import palette as P
from game.ui.look.fonts import text_surface, wrapped
from game.ui.widgets import Button, panel_surface

PANEL_W = 900
MESSAGE_PX = 30
MESSAGE_STEP = 42


class ConfirmOverlay(MenuScene):
    name = "confirm"
    transparent = True
    hints = (("move", "Move"), ("confirm", "Select"), ("back", "Cancel"))

    def __init__(self, app, title: str, message: str, yes_label: str, on_yes: Callable[[], None],
                 no_label: str = "Cancel") -> None:
        super().__init__(app)
        self.title = title
        self.lines = wrapped(message, "ui", MESSAGE_PX, PANEL_W - 120)
        self.yes_label, self.no_label = yes_label, no_label
        self.on_yes = on_yes
        height = 150 + len(self.lines) * MESSAGE_STEP + 40 + 96 + 50
        self.panel = pygame.Rect(0, 0, PANEL_W, height)
        self.panel.center = (CANVAS_W // 2, CANVAS_H // 2)
        self.backdrop = KeptBackdrop(self)  # the screen under the question stands still meanwhile

    def build(self) -> None:
        y = self.panel.bottom - 50 - 96
        half = (PANEL_W - 140) // 2
        keep = Button((self.panel.x + 50, y, half, 96), self.no_label, self.on_back, primary=True)
        go = Button((self.panel.right - 50 - half, y, half, 96), self.yes_label, self.accept)
        self.group.widgets = [keep, go]
        self.group.focus = 0  # the safe answer

    def accept(self) -> None:
        if self.app is not None:
            self.app.pop()
        self.on_yes()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.backdrop.draw(surface, 170)
        panel = self.panel.move(0, int((1 - self.appear) * 40))
        surface.blit(panel_surface(panel.size, 26, (24, 23, 28, 255), P.BRASS, 2), panel.topleft)
        title = text_surface(self.title, "display", 72, P.IVORY)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 40)))
        for index, line in enumerate(self.lines):
            image = text_surface(line, "ui", MESSAGE_PX, P.IVORY_DIM)
            surface.blit(image, image.get_rect(midtop=(panel.centerx, panel.y + 150 + index * MESSAGE_STEP)))
        self.group.draw(surface)
        self.draw_hints(surface)
