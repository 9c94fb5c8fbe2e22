"""On-screen keyboard for entering names with a gamepad or a touchscreen alone."""

from __future__ import annotations

import pygame

from game.ui.chrome import CANVAS_H, CANVAS_W, KeptBackdrop, MenuScene, draw_hints, hint_glyphs
from game.ui.input import Intent
from game.ui.look import palette as P
from game.ui.look.fonts import text_surface
from game.ui.toast import TOAST_WIDTH
from game.ui.widgets import Button, TextEntry, blit_selected, panel_surface

# digits first, as on a real keyboard: "Player 2" or "Table 3" must be typeable by touch and pad too
ROWS_UPPER = ("1234567890", "ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ-'.!")
ROWS_LOWER = ("1234567890", "abcdefghij", "klmnopqrst", "uvwxyz-'.!")
KEY = 96
GAP = 12


class OnScreenKeyboard(MenuScene):
    transparent = True
    hints = (("move", "Move"), ("confirm", "Type"), ("back", "Done"))

    def __init__(self, app, entry: TextEntry) -> None:
        super().__init__(app)
        self.entry = entry
        self.lower = False
        self.before = entry.text  # an emptied name goes back to this on Done
        entry.begin_edit()  # a name field that selects on edit: the first key replaces "Player"
        self.group.focus = len(ROWS_UPPER[0])  # "A": names start with a letter more often than a digit
        self.panel = pygame.Rect(0, 0, 10 * KEY + 9 * GAP + 80, (len(ROWS_UPPER) + 1) * (KEY + GAP) + 240)
        self.panel.center = (CANVAS_W // 2, CANVAS_H // 2 + 40)
        # the screen under the keyboard stands still but for the name typed into its field
        self.backdrop = KeptBackdrop(self, depends=lambda: self.entry.text)

    toast_rises = True

    def toast_area(self) -> pygame.Rect:
        """Toasts rise from just above the keyboard's panel: at the top centre a second one covered
        the name being typed on a small window."""
        width = min(TOAST_WIDTH, self.panel.width)
        return pygame.Rect(CANVAS_W // 2 - width // 2, 0, width, self.panel.y - 12)

    def build(self) -> None:
        focus = self.group.focus
        rows = ROWS_LOWER if self.lower else ROWS_UPPER
        widgets = []
        top = self.panel.y + 200
        left = self.panel.x + 40
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                rect = (left + c * (KEY + GAP), top + r * (KEY + GAP), KEY, KEY)
                widgets.append(Button(rect, ch, lambda ch=ch: self.type(ch), px=40))
        y = top + len(rows) * (KEY + GAP)
        wide = (10 * KEY + 9 * GAP - 3 * GAP) // 4
        widgets.append(Button((left, y, wide, KEY), "abc" if not self.lower else "ABC", self.toggle_case, px=32))
        widgets.append(Button((left + wide + GAP, y, wide, KEY), "Space", lambda: self.type(" "), px=32))
        widgets.append(Button((left + 2 * (wide + GAP), y, wide, KEY), "Erase", self.erase, px=32))
        widgets.append(Button((left + 3 * (wide + GAP), y, wide, KEY), "Done", self.done, primary=True, px=32))
        self.group.widgets = widgets
        self.group.focus = min(focus, len(widgets) - 1)

    def type(self, ch: str) -> None:
        before = self.entry.text
        self.entry.type_text(ch)
        if self.entry.text == before and self.app is not None:
            self.app.assets.play("invalid", 0.6)  # the name is as long as it may be
        self.follow_case()

    def erase(self) -> None:
        self.entry.erase_letter()
        self.follow_case()

    def follow_case(self) -> None:
        """Capitals where a name's word starts, small letters after, as a phone's keyboard does:
        "Zoe" by pad took 'Z', a trip to "abc", 'o', 'e' (and back to "ABC" for the next name)."""
        text = self.entry.text
        if not text or text.endswith(" "):
            wanted_lower = False
        elif text[-1].isalpha():
            wanted_lower = True
        else:
            return  # after a digit or a mark ("Table 2", "O'"), the keys stay as they are
        if wanted_lower != self.lower:
            self.toggle_case()

    def toggle_case(self) -> None:
        self.lower = not self.lower
        self.build()

    def done(self) -> None:
        self.entry.selected = False
        if not self.entry.text.strip():
            self.entry.set_text(self.before if self.before.strip() else "Player")
        if self.app is not None:
            self.app.pop()

    def on_back(self) -> None:
        self.done()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "erase":
            self.erase()
            return
        if intent.kind == "text":
            self.type(intent.text)
            return
        super().handle(intent)

    def draw_hints(self, surface: pygame.Surface) -> None:
        """No "Back button: Done" for touch: the keyboard has no Back button, its Done key is it."""
        device = self.device()
        hints = self.hints[:2] if device == "touch" else self.hints
        # X erases (the Erase key is a long way round on a pad) while the player has not bound X
        if device == "gamepad" and "erase" in hint_glyphs(device):
            hints = (*hints[:2], ("erase", "Erase"), *hints[2:])
        draw_hints(surface, self.device(), hints, backed=True)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.backdrop.draw(surface, 150)
        surface.blit(panel_surface(self.panel.size, 24, (22, 22, 28, 255), P.BRASS, 2), self.panel.topleft)
        surface.blit(text_surface(self.entry.label, "ui", 28, P.IVORY_DIM), (self.panel.x + 40, self.panel.y + 36))
        field = pygame.Rect(self.panel.x + 40, self.panel.y + 84, self.panel.width - 80, 84)
        surface.blit(panel_surface(field.size, 12, (10, 10, 14, 255), P.BRASS_LIGHT, 2), field.topleft)
        if self.entry.selected and self.entry.text:  # the whole name, selected: the next key replaces it
            blit_selected(surface, self.entry.text, "ui-bold", 44, (field.x + 24, field.centery), (12, 8))
        else:
            shown = text_surface(self.entry.text + "|", "ui-bold", 44, P.IVORY)
            surface.blit(shown, shown.get_rect(midleft=(field.x + 24, field.centery)))
        self.group.draw(surface)
        self.draw_hints(surface)  # its own hints, over those of the screen below
