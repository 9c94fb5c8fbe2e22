"""The Labyrinth's Hint: a careful companion's advice for a stuck player, from the seat's own view.

The table keeps one `Advisor` (game/bots/labyrinth.py) per seat played at this screen and feeds it
every view it shows, as a bot lives through a game. Asked once (the Hint button, H, the pad's north
button Y, a tap), the advice is gentle: the place to look glows and a parchment note says why in one
sentence. Asked again (or "More" on the note), it is exact: which item on which card, or "move to
#7", with "Do it", which plays that move through the session as any input would. Back or Close puts
the note away; a new state of the table does too (the advice was for the old one).

In turns a hint is only for the seat whose turn it is; playing together, for the seat at the
screen. A LAN guest's advisor reads the guest's own view. Hints are not game actions: the table
counts them for the results ("Hints: 2"), the engine never sees them (ruling LA-7 keeps the advice
to what the view holds; tests/test_labyrinth_hints.py compares it against everything hidden).

Measured (tests/test_labyrinth_hints.py's benchmark line, a whole Tower game on this 2-core machine):
feeding a view to an advisor 0.03 ms on average (0.1 ms at most), a hint 0.9 ms on average (3 ms at
most), so a hint is computed on the frame it is asked for, well inside it. The open note adds about
0.3 ms to a 1920x1080 frame (5.3 -> 5.6 ms, the Tower after 40 moves).
"""

from __future__ import annotations

import math
import time
from typing import Any

import pygame

from game.bots.labyrinth import Advice, Advisor
from game.core.types import Action
from game.ui.labyrinth_layout import INFO_RECT, MAP_RECT, Target
from game.ui.labyrinth_map import reach_outline
from game.ui.labyrinth_reading import INK, RED_INK, parchment_page
from game.ui.look import palette as P
from game.ui.look.fonts import text_surface, wrapped
from game.ui.table_base import whose_turn
from game.ui.widgets import fit_px, panel_surface

HINT_KEYS = {"keyboard": "H", "gamepad": "Y", "mouse": "H", "touch": ""}  # what asks again, shown on More (input.py)
NOTE_TEXT_PX = 26
NOTE_BUTTON_W, NOTE_BUTTON_H = 176, 64
NOTE_MAX_LINES = 4


HINTS_KEPT = "labyrinth_hints"  # the key of the hint count in the session's (and the save's) table state


class LabyrinthHints:
    """Mixed into LabyrinthTable: the advisors, the note and its glow."""

    def init_hints(self) -> None:
        self.advisors: dict[int, Advisor] = {}
        self.hint: Advice | None = None
        self.hint_level = 0  # 0: no note; 1: the gentle nudge; 2: the exact move
        self.hint_version: int | None = None  # the table state the note was written for
        self.hints_asked = 0  # every nudge asked at this table (the results count them)
        self.hint_costs: list[float] = []  # seconds each hint took (tests, the benchmark line)
        self.see_costs: list[float] = []  # seconds each view took to feed the advisors

    # --- living through the game -----------------------------------------------------------------
    def advisor_for(self, seat: int) -> Advisor:
        advisor = self.advisors.get(seat)
        if advisor is None:
            advisor = self.advisors[seat] = Advisor(seat, "master", seat)
        return advisor

    def feed_advisors(self, view: dict[str, Any], version: int) -> None:
        """Every seat played here reads the view shown (the game is cooperative: every seat's view is
        the same, LA-7). A note written for an older state of the table is put away."""
        started = time.perf_counter()
        for seat in self.local_seats:
            self.advisor_for(seat).see(view)
        self.see_costs.append(time.perf_counter() - started)
        if self.hint_level and self.hint_version != version:
            self.close_hint()

    def advisor_saw_played(self, action: Action) -> None:
        if self.viewer in self.advisors:
            self.advisors[self.viewer].played(action)

    # --- asking ------------------------------------------------------------------------------------
    def hint_refusal(self) -> str:
        """Why no hint can be given now, in a kind sentence ("" = it can)."""
        shown = self.shown
        if shown is None or self.viewer not in self.local_seats:
            return "Hints are for the people playing at this table."
        if self.game_over:
            return ""  # the note says kindly that nothing is left
        if self.view.get("mode") == "turns" and self.viewer not in shown.active:
            seat = shown.active[0] if shown.active else None
            return f"It is {whose_turn(self.name_of(seat))}: a hint is for whoever is playing it."
        if self.animating or not self.can_act:
            return "A moment: the table is still moving. Ask again when it is your move."
        return ""

    def ask_hint(self, device: str = "keyboard") -> None:
        """The first ask gives the gentle nudge, the next the exact move; each is counted and logged."""
        refusal = self.hint_refusal()
        if refusal:
            self.play("invalid", 0.5)
            if self.app is not None:
                self.app.toast(refusal, "info")
            return
        version = self.shown.version if self.shown is not None else None
        if self.hint_level == 0 or self.hint is None or self.hint_version != version:
            started = time.perf_counter()
            advice = self.advisor_for(self.viewer).advise(dict(self.view), list(self.legal)) \
                if not self.game_over else None
            self.hint_costs.append(time.perf_counter() - started)
            if advice is None:
                done = "The adventure has reached its end: there is nothing left to advise." if self.game_over \
                    else "There is nothing to advise right now."
                advice = Advice(None, done, done)
            self.hint, self.hint_level, self.hint_version = advice, 1, version
            counted = advice.action is not None
            line = "asked for a hint"
        elif self.hint_level == 1 and self.hint.action is not None:
            self.hint_level = 2
            counted, line = True, "asked for the exact move"
        else:
            counted, line = False, ""
        if counted:
            self.hints_asked += 1
            self.keep_hint_count()
            who = "You" if len(self.local_seats) == 1 else self.actor_name(self.viewer)
            self.log.append(f"{who} {line}.")
        self.play("chime", 0.5)
        self.show_hint_target(device)

    def keep_hint_count(self) -> None:
        """The count goes into the session's table state, which the autosave keeps with the game, so
        Continue can count on from it (a session without one, e.g. a LAN guest's, keeps none)."""
        kept = getattr(self.session, "table_state", None)
        if isinstance(kept, dict):
            kept[HINTS_KEPT] = self.hints_asked
            flush = getattr(self.session, "save_table_state", None)
            if callable(flush):
                flush()  # written at once: asked and then closed, the count is not lost

    def restore_hint_count(self) -> bool:
        """A game continued from its save counts on from the hints it was saved with; False when the
        save kept no count (an older save: the results count only this table's, and say so)."""
        kept = getattr(self.session, "table_state", None)
        count = kept.get(HINTS_KEPT) if isinstance(kept, dict) else None
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            return False
        self.hints_asked = count
        return True

    def show_hint_target(self, device: str) -> None:
        """The glowing place is brought into view; keys and pads land on the note's first button."""
        hint = self.hint
        if hint is None:
            return
        for target in hint.targets[:1]:
            if target[0] in ("tile", "inter"):
                self.reveal_on_map(target)
        if device in ("keyboard", "gamepad"):
            names = [name for name, _ in self.note_buttons()]
            self.focus = ("note", names[0])

    def close_hint(self) -> None:
        self.hint, self.hint_level, self.hint_version = None, 0, None
        if self.focus is not None and self.focus[0] == "note":
            self.focus = None

    def do_hint(self) -> None:
        """"Do it": the advised move goes through the session as any input's would."""
        hint = self.hint
        if hint is None or hint.action is None:
            return
        action = next((a for a in self.legal if a == hint.action), None)
        self.close_hint()
        if action is None or not self.can_act:
            self.play("invalid", 0.5)
            return
        self.clear_selection()
        self.focus = None
        self.submit(action)

    def press_note(self, name: str, device: str = "keyboard") -> None:
        self.play("click", 0.6)
        if name == "more":
            self.ask_hint(device)
        elif name == "do":
            self.do_hint()
        else:
            self.close_hint()

    # --- the note ----------------------------------------------------------------------------------
    def hint_words(self) -> str:
        hint = self.hint
        if hint is None:
            return ""
        return hint.exact if self.hint_level >= 2 else hint.gentle

    def note_buttons(self) -> list[tuple[str, str]]:
        """(name, label) of the note's buttons: More first, then Do it; Close always."""
        hint = self.hint
        if hint is None:
            return []
        out: list[tuple[str, str]] = []
        if hint.action is not None:
            out.append(("more", "More") if self.hint_level < 2 else ("do", "Do it"))
        return out + [("close", "Close")]

    def note_rect(self) -> pygame.Rect | None:
        """The parchment note lies over the caption under the map, growing upward with its lines."""
        if not self.hint_level:
            return None
        lines = len(self.note_lines()) + len(self.caution_lines())
        _, head_h, step = self.note_type()
        height = max(self.info_rect().height, head_h + lines * step + 14)  # covers the caption, grown or not
        return pygame.Rect(INFO_RECT.x, INFO_RECT.bottom - height, INFO_RECT.width, height)

    def note_type(self) -> tuple[int, int, int]:
        """(text px, where the text starts under the note's top, line step): larger on a small window
        (`legible_factor`, as the caption under it), as designed from 1366x768 up."""
        factor = getattr(self, "type_factor", 1.0)
        return round(NOTE_TEXT_PX * factor), round(58 * factor), round(32 * factor)

    def note_text_width(self) -> int:
        return INFO_RECT.width - 48 - (NOTE_BUTTON_W + 16) * 2

    def note_lines(self) -> tuple[str, ...]:
        lines = wrapped(self.hint_words(), "story-italic", self.note_type()[0], self.note_text_width())
        if len(lines) > NOTE_MAX_LINES:
            lines = lines[:NOTE_MAX_LINES - 1] + (lines[NOTE_MAX_LINES - 1].rstrip(".,;") + " …",)
        return lines

    def caution_lines(self) -> tuple[str, ...]:
        """What a text says to leave alone meanwhile, under the advice in red ink (two lines at most)."""
        caution = self.hint.caution if self.hint is not None else ""
        lines = wrapped(caution, "story-italic", self.note_type()[0], self.note_text_width()) if caution else ()
        return lines[:2]

    def note_button_rects(self) -> dict[str, pygame.Rect]:
        rect = self.note_rect()
        if rect is None:
            return {}
        out: dict[str, pygame.Rect] = {}
        right = rect.right - 20
        for name, _ in reversed(self.note_buttons()):
            box = pygame.Rect(0, 0, NOTE_BUTTON_W, NOTE_BUTTON_H)
            box.bottomright = (right, rect.bottom - 17)
            out[name] = box
            right = box.left - 16
        return out

    def hint_glow_targets(self) -> list[Target]:
        """What glows: the place, and in the exact move the items it uses (and End turn)."""
        hint = self.hint
        if hint is None or not self.hint_level:
            return []
        targets = list(hint.targets)
        return targets if self.hint_level >= 2 else [t for t in targets if t[0] != "item"]

    def draw_hint(self, surface: pygame.Surface) -> None:
        rect = self.note_rect()
        if rect is None:
            return
        glow = 0.5 + 0.5 * math.sin(self.time * 2 * math.pi / 1.6)
        for target in self.hint_glow_targets():
            where = self.target_rect(target)
            if where is None or (target[0] in ("tile", "inter") and not MAP_RECT.colliderect(where)):
                continue
            clip = surface.get_clip()
            if target[0] in ("tile", "inter"):
                surface.set_clip(MAP_RECT)
            colour = P.mix(P.LA_TORCH, P.LA_PARCHMENT, glow)
            surface.blit(reach_outline(where.size, 14, colour, 6), (where.x - 12, where.y - 12))
            mark = text_surface("?", "display", 40, INK)
            badge = pygame.Rect(0, 0, 46, 46)
            badge.center = (where.right - 6, where.y + 6)
            pygame.draw.circle(surface, P.LA_PARCHMENT, badge.center, 23)
            pygame.draw.circle(surface, P.LA_TORCH, badge.center, 23, 3)
            surface.blit(mark, mark.get_rect(center=(badge.centerx, badge.centery + 2)))
            surface.set_clip(clip)
        shadow = panel_surface((rect.width, rect.height), 18, (0, 0, 0, 90))
        surface.blit(shadow, (rect.x + 5, rect.y + 7))
        surface.blit(parchment_page(rect.size), rect.topleft)
        exact = self.hint_level >= 2
        head = "A CAREFUL COMPANION · THE MOVE" if exact else "A CAREFUL COMPANION WHISPERS"
        px, head_h, step = self.note_type()
        factor = getattr(self, "type_factor", 1.0)
        surface.blit(text_surface(head, "display", round(28 * factor), P.shade(INK, 0.25)), (rect.x + 24, rect.y + 14))
        y = rect.y + head_h - 6
        for line in self.note_lines():
            surface.blit(text_surface(line, "story-italic", px, INK), (rect.x + 24, y))
            y += step
        for line in self.caution_lines():
            surface.blit(text_surface(line, "story-italic", px, RED_INK), (rect.x + 24, y))
            y += step
        rects = self.note_button_rects()
        key = HINT_KEYS.get(self.app.input.last_device if self.app is not None else "keyboard", "")
        for name, label in self.note_buttons():
            box = rects[name]
            primary = name in ("more", "do")
            fill = (*P.LA_SEPIA, 255) if primary else (*P.LA_PARCHMENT_DARK, 255)
            surface.blit(panel_surface(box.size, 16, fill, (*INK, 255), 2), box.topleft)
            colour = P.LA_PARCHMENT if primary else INK
            if name == "more" and key:
                label = f"{label} · {key}"  # the same key again asks for the exact move
            text = text_surface(label, "ui-bold", fit_px(label, "ui-bold", round(28 * factor), box.width - 16), colour)
            surface.blit(text, text.get_rect(center=box.center))
