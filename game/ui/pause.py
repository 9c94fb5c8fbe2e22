"""The pause overlay over any table: Resume, Suggest a move (on your move), Rules, Settings, Quit to
title."""

from __future__ import annotations

from typing import Callable

import pygame

from game.ui.chrome import CANVAS_H, CANVAS_W, KeptBackdrop, MenuScene
from game.ui.input import Intent
from game.ui.look import palette as P
from game.ui.look.fonts import font, legible_factor, legible_px, text_surface
from game.ui.toast import TOAST_WIDTH
from game.ui.widgets import Button, panel_surface

BUTTON_STEP = 104
TITLE_INK_TOP = 44  # PAUSED's letters begin this far under the panel's top edge


def panel_for(buttons: int, widest_line: str = "") -> pygame.Rect:
    """The overlay's panel: the title, then one row per button; wider than its 620 px where a
    button's second line (`widest_line`) needs it to keep a small window's larger type (it shrank
    "Saved: Continue on the title picks it up" to 11 px high on a 1024x768 screen)."""
    need = font("ui", legible_px(22)).size(widest_line)[0] + 32 + 140 if widest_line else 0
    panel = pygame.Rect(0, 0, min(CANVAS_W - 200, max(620, need)), 170 + buttons * BUTTON_STEP + 34)
    panel.center = (CANVAS_W // 2, CANVAS_H // 2)
    return panel


def resume_from_menus(app) -> bool:
    """Menu (Start, P) on a screen opened from the pause menu (its Rules, its Settings): back to the
    table at once, as Menu on the pause menu itself resumes (it did nothing there). False when no
    pause menu lies below (Settings from the title)."""
    if app is None or not any(isinstance(scene, PauseOverlay) for scene in app.scenes.scenes):
        return False
    while any(isinstance(scene, PauseOverlay) for scene in app.scenes.scenes):
        app.pop()
    return True


class PauseOverlay(MenuScene):
    name = "pause"
    transparent = True
    hints = (("move", "Move"), ("confirm", "Select"), ("back", "Resume"))

    def __init__(self, app=None, game_id: str | None = None, note: str = "",
                 suggest: Callable[[], None] | None = None, hosting: bool = False,
                 rules_topic: str | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.rules_topic = rules_topic  # Rules opens at the page about the step the table is at
        # the person hosts this LAN table: leaving it closes it for everyone, and the button says so
        self.hosting = hosting
        self.quit_label = "Close the table for everyone" if hosting else "Quit to title"
        self.note = note
        self.suggest = suggest  # the table's "what would an expert do", offered on your move
        self.panel = panel_for(5 if suggest is not None else 4)
        self.backdrop = KeptBackdrop(self)  # the paused table stands still: kept as one dimmed image

    toast_fits = True

    def toast_area(self) -> pygame.Rect:
        """Toasts at the top centre, as over any screen, but never down over the panel's title: two
        of them covered its PAUSED on a 1024x768 window, where they are as wide as the screen (their
        larger type takes fewer lines) and rise above the screen's top rather than reach it."""
        width = TOAST_WIDTH if legible_factor() == 1.0 else CANVAS_W - 2 * 120
        return pygame.Rect(CANVAS_W // 2 - width // 2, 28, width, self.panel.y + TITLE_INK_TOP - 28)

    def build(self) -> None:
        entries = [("Resume", self.resume_game, True)]
        if self.suggest is not None:
            entries.append(("Suggest a move", self.suggest_move, False))
        entries += [("Rules", self.rules, False), ("Settings", self.settings, False),
                    (self.quit_label, self.quit_to_title, False)]
        self.panel = panel_for(len(entries), self.save_line())
        top = self.panel.y + 170
        self.group.widgets = [Button((self.panel.x + 70, top + i * BUTTON_STEP, self.panel.width - 140, 84), label,
                                     action, primary=p) for i, (label, action, p) in enumerate(entries)]
        self.group.widgets[-1].sub = self.save_line()
        self.group.focus = 0

    def save_line(self) -> str:
        """What Quit does to the game, under its button: a player about to quit wants to know whether
        the game waits for them ("Quit to title" alone did not say it is saved after every move)."""
        stack = self.app.scenes.scenes if self.app is not None else []
        below = stack[:stack.index(self)] if self in stack else stack
        session = getattr(below[-1], "session", None) if below and not self.hosting else None
        if getattr(session, "autosave_path", None) is None:
            return ""  # a LAN table: Continue does not resume it (a host's button says what it does)
        if getattr(session, "save_problem", ""):
            return "Saving failed: Continue has the last save"
        if not getattr(session, "actions", None):
            return "Nothing played yet, so nothing is saved"
        return "Saved: Continue on the title picks it up"

    def resume_game(self) -> None:
        self.app.pop()

    def suggest_move(self) -> None:
        """Back to the table, where the suggestion appears."""
        self.app.pop()
        if self.suggest is not None:
            self.suggest()

    def rules(self) -> None:
        from game.ui.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game_id, topic=self.rules_topic))

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
        self.backdrop.draw(surface, 170)
        offset = int((1 - self.appear) * 40)
        panel = self.panel.move(0, offset)
        surface.blit(panel_surface(panel.size, 26, (24, 23, 28, 255), P.BRASS, 2), panel.topleft)  # opaque: no table text ghosts through
        title = text_surface("PAUSED", "display", 96, P.IVORY)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 40)))
        if self.note:
            note = text_surface(self.note, "ui", 24, P.IVORY_DIM)
            surface.blit(note, note.get_rect(midtop=(panel.centerx, panel.bottom + 20)))
        self.group.draw(surface)
        self.draw_hints(surface)
