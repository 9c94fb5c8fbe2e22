"""The pause overlay over any table: Resume, Rules, Settings, Quit to title."""

from __future__ import annotations

import pygame

from game.ui.chrome import CANVAS_H, CANVAS_W, MenuScene, dim_screen
from game.ui.input import Intent
from game.ui.look import palette as P
from game.ui.look.fonts import text_surface
from game.ui.widgets import Button, panel_surface

PANEL = pygame.Rect(0, 0, 620, 620)
PANEL.center = (CANVAS_W // 2, CANVAS_H // 2)


class PauseOverlay(MenuScene):
    name = "pause"
    transparent = True
    hints = (("move", "Move"), ("confirm", "Select"), ("back", "Resume"))

    def __init__(self, app=None, game_id: str | None = None, note: str = "") -> None:
        super().__init__(app)
        self.game_id = game_id
        self.note = note

    def build(self) -> None:
        entries = [("Resume", self.resume_game, True), ("Rules", self.rules, False),
                   ("Settings", self.settings, False), ("Quit to title", self.quit_to_title, False)]
        top = PANEL.y + 170
        self.group.widgets = [Button((PANEL.x + 70, top + i * 104, PANEL.width - 140, 84), label, action, primary=p)
                              for i, (label, action, p) in enumerate(entries)]
        self.group.focus = 0

    def resume_game(self) -> None:
        self.app.pop()

    def rules(self) -> None:
        from game.ui.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game_id))

    def settings(self) -> None:
        from game.ui.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit_to_title(self) -> None:
        from game.ui.title import TitleScene

        self.app.clear_to(TitleScene(self.app))

    def handle(self, intent: Intent) -> None:
        if intent.kind == "menu":
            self.resume_game()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim_screen(surface, 170 * self.appear)
        offset = int((1 - self.appear) * 40)
        panel = PANEL.move(0, offset)
        surface.blit(panel_surface(panel.size, 26, (24, 23, 28, 240), P.BRASS, 2), panel.topleft)
        title = text_surface("PAUSED", "display", 96, P.IVORY)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 40)))
        if self.note:
            note = text_surface(self.note, "ui", 24, P.IVORY_DIM)
            surface.blit(note, note.get_rect(midtop=(panel.centerx, panel.bottom + 20)))
        self.group.draw(surface)
        self.draw_hints(surface)
