"""Modal sheets over the Labyrinth table: the story's intro, the ending with score and rank, and the
discard pile browser (ruling LA-7: unread cards stay face down; resolved ones show only the top text
and the paragraph that was read). Each is a transparent scene; the table waits below."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Sequence

import pygame

from game.ui import hint_glyphs as hint_glyphs_module
from game.ui.chrome import CANVAS_H, CANVAS_W, KeptBackdrop, draw_hint_row
from game.ui.input import Intent
from game.ui.labyrinth_layout import BUTTON_ROW
from game.ui.labyrinth_reading import INK, RED_INK, fade_mask, parchment_page
from game.ui.look import palette as P
from game.ui.look.cards_labyrinth import card_back
from game.ui.look.draw import rounded_rect, surface as alpha_surface
from game.ui.look.fonts import legible_factor, legible_px, text_surface, wrap
from game.ui.scene import Scene
from game.ui.widgets import fit_px, panel_surface

SHEET_W = 980
SHEET_TEXT_W = 820  # EB Garamond 30 px: about 72 characters a line
SHEET_PX = 30
SHEET_HINT_GAP = 44  # from the sheet's bottom edge to the middle of its hint row
EXTRA_GAP = 22  # between a sheet's scrolling text and the fixed lines under it (the ending's score)
HINT_PAD_X, HINT_PAD_Y = 18, 5  # the hint row's ink plate around it
RANK_ROWS = (("8", "Hero"),  # the rulebook's table; eight favours are the most a score can reach
             ("6 – 7", "Explorer"), ("4 – 5", "Adventurer"), ("3 or less", "Apprentice"))


def hint_strip(device: str, actions: tuple[tuple[str, str], ...]) -> pygame.Surface:
    """A hint row (key caps and their words, as `draw_hint_row` draws them) on an ink plate of its own
    size, so a sheet can centre it where it likes instead of in the screen's corner; the plate keeps
    it readable over whatever part of the dimmed table lies there. Drawn again when the window's
    size changes the hints' size or the bindings change their caps."""
    return _hint_strip(device, actions, legible_factor(), hint_glyphs_module.version)


@lru_cache(maxsize=16)
def _hint_strip(device: str, actions: tuple[tuple[str, str], ...], factor: float, bindings: int) -> pygame.Surface:
    scratch = alpha_surface((CANVAS_W, 80))
    draw_hint_row(scratch, device, actions, CANVAS_W, 40)
    box = scratch.get_bounding_rect()
    if not box.width or not box.height:
        return alpha_surface((1, 1))
    plate = panel_surface((box.width + 2 * HINT_PAD_X, box.height + 2 * HINT_PAD_Y), 16, P.INK_ALPHA).copy()
    plate.blit(scratch, (HINT_PAD_X, HINT_PAD_Y), box)
    return plate


def sheet_lines(blocks: Sequence[tuple[str, str]], width: int = SHEET_TEXT_W, factor: float = 1.0) -> pygame.Surface:
    """Title and paragraphs of a story sheet rendered once onto one transparent surface; the text
    (not the 50 px title) set `factor` times larger on a small window (`legible_factor`)."""
    rows: list[tuple[pygame.Surface, int]] = []
    line_px, note_px, body_px = round(26 * factor), round(24 * factor), round(SHEET_PX * factor)
    for kind, text in blocks:
        if kind == "title":
            for line in wrap(text, "story", 50, width):
                rows.append((text_surface(line, "story", 50, RED_INK), 8))
            rows.append((alpha_surface((1, 10)), 0))
        elif kind == "line":  # a log line: compact, one entry after another
            for line in wrap(text, "story", line_px, width):
                rows.append((text_surface(line, "story", line_px, INK), 2))
            rows.append((alpha_surface((1, 6)), 0))
        elif kind == "note":
            for line in wrap(text, "story-italic", note_px, width):
                rows.append((text_surface(line, "story-italic", note_px, P.shade(INK, 0.2)), 2))
            rows.append((alpha_surface((1, 12)), 0))
        else:
            role = "story-italic" if kind == "italic" else "story"
            for line in wrap(text, role, body_px, width):
                rows.append((text_surface(line, role, body_px, INK), 5))
            rows.append((alpha_surface((1, 14)), 0))
    height = sum(img.get_height() + gap for img, gap in rows)
    out = alpha_surface((width, max(1, height)))
    y = 0
    for image, gap in rows:
        out.blit(image, (0, y))
        y += image.get_height() + gap
    return out


_last_views: dict[int, tuple[tuple[Any, ...], pygame.Surface]] = {}  # id(body) -> (its key, the view)


def scrolled_view(body: pygame.Surface, size: tuple[int, int], scroll: float, most: float) -> pygame.Surface:
    """The part of a tall text `body` a text area of `size` shows at `scroll`, as a surface of exactly
    that size (nothing of the text can reach past the area), faded at an edge beyond which more lies.
    A sheet is drawn every frame but scrolls seldom: the view is made again only when it changes."""
    offset = round(scroll)
    above, below = scroll > 0.5, scroll < most - 0.5
    key = (body, size, offset, above, below)
    last = _last_views.get(id(body))
    if last is not None and last[0][0] is body and last[0][1:] == key[1:]:
        return last[1]
    view = alpha_surface(size)
    view.blit(body, (0, -offset))
    if above or below:
        view.blit(fade_mask(size[0], size[1], above, below), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    if len(_last_views) > 8:  # the sheets open now; older bodies are gone with their sheets
        _last_views.clear()
    _last_views[id(body)] = (key, view)
    return view


def more_mark_centres(area: pygame.Rect, margin: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where the "more above" and "more below" marks sit: in the margin right of the text `area`."""
    radius = min(20, margin // 2 - 4)
    cx = area.right + max(radius + 4, margin // 2 - 6)
    return (cx, area.top + radius), (cx, area.bottom - radius)


def draw_more_marks(surface: pygame.Surface, area: pygame.Rect, scroll: float, most: float, margin: int = 80) -> None:
    """Red-ink discs with a chevron at the top and bottom of a text `area` where more text lies beyond
    it (a long story or card must not look as if it ended where the sheet cuts it); they sit in the
    `margin` right of the area, clear of the text."""
    radius = min(20, margin // 2 - 4)
    up, down = more_mark_centres(area, margin)
    for shown, (cx, cy), d in ((scroll > 0.5, up, -1), (scroll < most - 0.5, down, 1)):
        if not shown:
            continue
        pygame.draw.circle(surface, RED_INK, (cx, cy), radius)
        w, h = radius * 0.55, radius * 0.28
        pygame.draw.lines(surface, P.LA_PARCHMENT, False,
                          [(cx - w, cy - d * h), (cx, cy + d * h), (cx + w, cy - d * h)], max(3, radius // 5))


class StorySheet(Scene):
    """A parchment sheet with a story text and one button (intro, ending). Confirm, a tap on the
    button, or Back closes it; `extra(surface, rect)` may draw more below the text (the rank table)."""

    transparent = True
    name = "labyrinth-sheet"

    def __init__(self, app: Any, blocks: Sequence[tuple[str, str]], button: str, on_close: Callable[[], None],
                 extra: Callable[[pygame.Surface, pygame.Rect], None] | None = None, extra_height: int = 0,
                 auto_seconds: float | None = None) -> None:
        super().__init__(app)
        self.blocks = list(blocks)
        self.button_label = button
        self.on_close = on_close
        self.extra = extra
        self.base_extra_height = extra_height
        self.auto_seconds = auto_seconds
        self.closed = False
        self.scroll = 0
        self.drag_y: float | None = None
        self.backdrop = KeptBackdrop(self)  # the table waits under the sheet: kept as one dimmed image
        self.factor = 0.0
        self.lay_out()

    def lay_out(self) -> None:
        """Set the text in the window's type (`legible_factor`: larger on a small window) and size
        the sheet round it; called again when a resize crosses the legible scale, the scroll kept
        at the same share of the text (at its end, the newest log lines, when it was there)."""
        factor = legible_factor()
        if factor == self.factor:
            return
        share = self.scroll / self.most_scroll if self.factor and self.most_scroll else 0.0
        at_end = bool(self.factor) and self.most_scroll > 0 and self.scroll >= self.most_scroll
        self.factor = factor
        self.body = sheet_lines(self.blocks, SHEET_TEXT_W, factor)
        extra = self.extra
        extra_height = self.extra_height = round(self.base_extra_height * factor)
        height = min(CANVAS_H - 80, self.body.get_height() + extra_height + 240)
        self.rect = pygame.Rect(0, 0, SHEET_W, height)
        self.rect.center = (CANVAS_W // 2, CANVAS_H // 2)
        self.button = pygame.Rect(0, 0, 420, 84)
        self.button.midbottom = (self.rect.centerx, self.rect.bottom - 34)
        below = extra_height + EXTRA_GAP if extra is not None and extra_height else 0
        self.text_area = pygame.Rect(self.rect.x + (SHEET_W - SHEET_TEXT_W) // 2, self.rect.y + 60, SHEET_TEXT_W,
                                     self.button.top - 24 - (self.rect.y + 60) - below)
        # the fixed part under the text (the ending's score and ranks): the text never reaches it
        self.extra_rect = pygame.Rect(self.text_area.x, self.text_area.bottom + EXTRA_GAP, SHEET_TEXT_W, extra_height)
        self.most_scroll = max(0, self.body.get_height() - self.text_area.height)
        self.scroll = self.most_scroll if at_end else round(share * self.most_scroll)

    def scroll_by(self, pixels: float) -> None:
        self.scroll = round(max(0, min(self.most_scroll, self.scroll + pixels)))

    def close(self) -> None:
        if self.closed or self.app is None:
            return
        self.closed = True
        self.app.assets.play("page", 0.8)
        self.app.pop()
        self.on_close()

    def handle(self, intent: Intent) -> None:
        if intent.kind in ("confirm", "back"):
            self.close()
        elif intent.kind in ("point", "release") and intent.pos is not None and self.button.collidepoint(intent.pos):
            if intent.kind == "release" or intent.device == "keyboard":
                self.close()
        elif intent.kind in ("down", "up", "scroll"):
            self.scroll_by(-60 if intent.kind == "up" or intent.amount > 0 else 60)
        elif intent.kind == "drag_start" and intent.pos is not None:
            self.drag_y = intent.pos[1]
        elif intent.kind == "drag_move" and intent.pos is not None and self.drag_y is not None:
            self.scroll_by(self.drag_y - intent.pos[1])  # a finger or a held button pulls the text along
            self.drag_y = intent.pos[1]
        elif intent.kind == "drag_end":
            self.drag_y = None

    def update(self, dt: float) -> None:
        self.clock += dt
        self.lay_out()  # a window resized across the legible scale
        if self.auto_seconds is not None and self.clock >= self.auto_seconds:
            self.close()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.backdrop.draw(surface, 150)
        surface.blit(parchment_page(self.rect.size), self.rect.topleft)
        surface.blit(scrolled_view(self.body, self.text_area.size, self.scroll, self.most_scroll), self.text_area)
        draw_more_marks(surface, self.text_area, self.scroll, self.most_scroll, (SHEET_W - SHEET_TEXT_W) // 2)
        if self.extra is not None:
            self.extra(surface, self.extra_rect)
        surface.blit(panel_surface(self.button.size, 20, (*P.LA_SEPIA, 255)), self.button.topleft)
        label = text_surface(self.button_label, "ui-bold", 34, P.LA_PARCHMENT)
        surface.blit(label, label.get_rect(center=self.button.center))
        rounded_rect(surface, self.button.inflate(12, 12), (*P.BRASS_LIGHT, 255), 24, 4)  # focus: an outline
        strip = self.hint_strip()
        surface.blit(strip, self.hint_rect(strip))

    def hint_strip(self) -> pygame.Surface:
        device = self.app.input.last_device if self.app is not None else "keyboard"
        scrolls = self.most_scroll > 0 and device in ("keyboard", "gamepad")
        return hint_strip(device, ((("updown", "Scroll"),) if scrolls else ()) + (("confirm", self.button_label),))

    def hint_rect(self, strip: pygame.Surface | None = None) -> pygame.Rect:
        """The hints sit centred under the sheet, not in the screen's bottom-right corner: there the
        table's Discards button lies and the hint was written across it."""
        rect = (strip or self.hint_strip()).get_rect()
        rect.center = (self.rect.centerx, min(self.rect.bottom + SHEET_HINT_GAP, CANVAS_H - 2 - rect.height // 2))
        if rect.bottom > BUTTON_ROW.y and rect.right > BUTTON_ROW.x - 8:  # a tall sheet's hints at the foot of
            rect.right = BUTTON_ROW.x - 8  # the screen, grown on a small window: left of the button row
        return rect


class RankTable:
    """Draws the score sum and the rulebook's rank table with the reached rank marked, in the fixed
    part of the ending sheet under its text; `line_rects` says where its sum lines go."""

    LINE_H = 36

    def __init__(self, score: int, rank: str, lines: Sequence[tuple[str, str]]) -> None:
        self.score, self.rank, self.lines = score, rank, list(lines)

    @staticmethod
    def sizes() -> tuple[int, int, int, int]:
        """(line px, small px, line height, rank cell height) on this window: larger on a small one."""
        factor = legible_factor()
        return round(26 * factor), round(22 * factor), round(RankTable.LINE_H * factor), round(70 * factor)

    def line_rects(self, rect: pygame.Rect) -> list[pygame.Rect]:
        """Each sum line ("Favours still burning … 5") as drawn in `rect`, label to value."""
        px, _, line_h, _ = self.sizes()
        out = []
        for i, (label, value) in enumerate(self.lines):
            y = rect.y + 6 + i * line_h
            left = text_surface(label, "ui", px, INK).get_rect(topleft=(rect.x, y))
            out.append(left.union(text_surface(value, "ui-bold", px, INK).get_rect(topright=(rect.x + 430, y))))
        return out

    def __call__(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px, small, line_h, cell_h = self.sizes()
        y = rect.y + 6
        for label, value in self.lines:
            surface.blit(text_surface(label, "ui", px, INK), (rect.x, y))
            image = text_surface(value, "ui-bold", px, INK)
            surface.blit(image, image.get_rect(topright=(rect.x + 430, y)))
            y += line_h
        big = text_surface(f"Score {self.score}", "display", 64, RED_INK)
        surface.blit(big, big.get_rect(topright=(rect.right, rect.y)))
        ranked = text_surface(self.rank.upper(), "display", 44, INK)
        surface.blit(ranked, ranked.get_rect(topright=(rect.right, rect.y + 64)))
        y = max(y, rect.y + 120) + 10
        col = rect.width // len(RANK_ROWS)
        for i, (scores, name) in enumerate(RANK_ROWS):
            cell = pygame.Rect(rect.x + i * col + 4, y, col - 8, cell_h)
            reached = name == self.rank
            fill = (*P.LA_SEPIA, 255) if reached else (*P.shade(P.LA_PARCHMENT_DARK, 0.1), 255)
            surface.blit(panel_surface(cell.size, 12, fill), cell.topleft)
            ink = P.LA_PARCHMENT if reached else INK
            top = text_surface(name, "ui-bold", px, ink)
            surface.blit(top, top.get_rect(midtop=(cell.centerx, cell.y + 6)))
            low = text_surface(scores, "ui", small, ink)
            surface.blit(low, low.get_rect(midtop=(cell.centerx, cell.y + round(38 * cell_h / 70))))


def rank_table(score: int, rank: str, lines: Sequence[tuple[str, str]]) -> RankTable:
    """The ending sheet's `extra`: score sum, score and rank, and the rulebook's rank table."""
    return RankTable(score, rank, lines)


class DiscardBrowser(Scene):
    """The discard pile, newest first, one card at a time: left/right to browse, Back to close."""

    transparent = True
    name = "labyrinth-discard"
    CARD_W = 260
    BAND = (170, 850)  # from under the heading to above the count line: the card is centred in it
    CARD_ROOM = BAND[1] - BAND[0]  # the tallest a face-up card's sheet grows; a longer text scrolls inside it
    COUNT_Y = BAND[1] + 12  # "1 of 5 · newest first", then the hints under it: all above the table's
    HINT_GAP = 10  # button row (its Discards button), which the hints used to be written across

    def __init__(self, app: Any, discard: list[dict[str, Any]], numbers: dict[str, int] | None = None,
                 places: dict[int, str] | None = None, start: int = 0, from_list: bool = False) -> None:
        super().__init__(app)
        self.close_label = "To the list" if from_list else "Close"  # Back goes where it came from
        self.entries = list(reversed(discard))
        self.numbers = dict(numbers or {})  # the number on each card's back, where the table saw it
        self.places = dict(places or {})  # scenery number -> its title, where the table saw it
        self.index = max(0, min(len(self.entries) - 1, start))
        middle = (self.BAND[0] + self.BAND[1]) // 2
        self.prev_rect = pygame.Rect(CANVAS_W // 2 - 620, middle - 60, 110, 120)
        self.next_rect = pygame.Rect(CANVAS_W // 2 + 510, middle - 60, 110, 120)
        self.close_rect = pygame.Rect(CANVAS_W - 300, 60, 220, 84)
        self._sheet: dict[int, pygame.Surface] = {}  # index -> the card's text, set in type `_sheet_factor`
        self._sheet_factor = legible_factor()
        self.scroll = 0
        self.drag_y: float | None = None
        self.backdrop = KeptBackdrop(self)  # the table waits under the pile: kept as one dimmed image

    def step(self, delta: int) -> None:
        index = max(0, min(len(self.entries) - 1, self.index + delta))
        if index != self.index and self.app is not None:
            self.index, self.scroll = index, 0
            self.app.assets.play("flip", 0.6)

    def most_scroll(self) -> int:
        """How far the card shown scrolls: a long read card is taller than the sheet's room."""
        if not self.entries or self.entries[self.index].get("face") != "up":
            return 0
        return max(0, self.sheet(self.entries[self.index]).get_height() - (self.CARD_ROOM - 120))

    def scroll_by(self, pixels: float) -> None:
        self.scroll = round(max(0, min(self.most_scroll(), self.scroll + pixels)))

    def close(self) -> None:
        if self.app is not None:
            self.app.assets.play("click", 0.6)
            self.app.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind in ("back", "menu", "confirm"):
            self.close()
        elif intent.kind in ("up", "down") and self.most_scroll() > 0:  # a long card: up/down read it on
            self.scroll_by(-60 if intent.kind == "up" else 60)
        elif intent.kind == "scroll":
            self.scroll_by(-intent.amount * 60)
        elif intent.kind == "drag_start" and intent.pos is not None:
            self.drag_y = intent.pos[1]
        elif intent.kind == "drag_move" and intent.pos is not None and self.drag_y is not None:
            self.scroll_by(self.drag_y - intent.pos[1])
            self.drag_y = intent.pos[1]
        elif intent.kind == "drag_end":
            self.drag_y = None
        elif intent.kind in ("left", "prev", "up"):
            self.step(-1)
        elif intent.kind in ("right", "next", "down"):
            self.step(1)
        elif intent.kind == "release" and intent.pos is not None:
            if self.prev_rect.collidepoint(intent.pos):
                self.step(-1)
            elif self.next_rect.collidepoint(intent.pos):
                self.step(1)
            elif self.close_rect.collidepoint(intent.pos):
                self.close()

    def sheet(self, entry: dict[str, Any]) -> pygame.Surface:
        """The card's text, set in the window's type (larger on a small window, again after a resize)."""
        factor = legible_factor()
        if factor != self._sheet_factor:  # the window was resized across the legible scale
            self._sheet, self._sheet_factor = {}, factor
        if self.index not in self._sheet:
            texts = [str(t) for t in entry.get("texts", [])]
            blocks = [("text", t) for t in texts]
            self._sheet[self.index] = sheet_lines(blocks, 720, factor)
            self.scroll = min(self.scroll, max(0, self._sheet[self.index].get_height() - (self.CARD_ROOM - 120)))
        return self._sheet[self.index]

    def deck_label(self, entry: dict[str, Any]) -> str:
        """What the card was: "Card 3" for an interaction whose number the table saw (numbers are on
        the backs, public), otherwise its kind."""
        number = entry.get("number", self.numbers.get(str(entry.get("card"))))  # printed on its back (LA-7)
        if entry.get("deck") == "interaction" and number is not None:
            return f"Card {number}"
        return {"interaction": "Interaction card", "item": "Item", "scenery": "Scenery card"}.get(
            str(entry.get("deck")), "Card")

    def where(self, entry: dict[str, Any]) -> str:
        """The scenery a discarded interaction card stood beside, when the table saw its title."""
        if entry.get("deck") != "interaction":
            return ""
        number = entry.get("number", self.numbers.get(str(entry.get("card"))))
        return place_label(int(number), self.places) if number is not None and int(number) in self.places else ""

    def face_up_caption(self, entry: dict[str, Any]) -> str:
        """What a face-up discard is: a card as it was read (and where), an item once held, a scenery
        taken away."""
        if entry.get("deck") == "item":
            return "An item you held, discarded"
        if entry.get("deck") == "scenery":
            return "Scenery card, removed from play"
        where = self.where(entry)
        return f"{self.deck_label(entry)} at {where}, as it was read" if where else f"{self.deck_label(entry)}, as it was read"

    def sheet_rect(self, entry: dict[str, Any]) -> pygame.Rect:
        """The parchment a face-up card is read on, centred in the band between heading and count."""
        rect = pygame.Rect(0, 0, 820, min(self.CARD_ROOM, self.sheet(entry).get_height() + 120))
        rect.center = (CANVAS_W // 2, (self.BAND[0] + self.BAND[1]) // 2)
        return rect

    @staticmethod
    def text_area(rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(rect.x + 50, rect.y + 74, rect.width - 100, rect.height - 120)

    def count_image(self) -> pygame.Surface:
        return text_surface(f"{self.index + 1} of {len(self.entries)} · newest first", "ui", legible_px(26), P.IVORY_DIM)

    def count_rect(self) -> pygame.Rect:
        return self.count_image().get_rect(midtop=(CANVAS_W // 2, self.COUNT_Y))

    def hint_strip(self) -> pygame.Surface:
        """What browses, reads on and closes, in the words of the device last used."""
        device = self.app.input.last_device if self.app is not None else "keyboard"
        scrolls = self.most_scroll() > 0
        if not self.entries:
            actions: tuple[tuple[str, str], ...] = ()
        elif device in ("keyboard", "gamepad"):
            actions = (("leftright", "Browse"), ("updown", "Read on")) if scrolls else (("move", "Browse"),)
        else:  # a mouse or a finger browses with the arrows at the sides and reads on with wheel or drag
            actions = (("page", "Browse"),) + (((("Wheel" if device == "mouse" else "Drag"), "Read on"),)
                                                if scrolls else ())
        close = ("confirm" if device == "touch" else "back", self.close_label)  # "Tap Close": the button
        return hint_strip(device, actions + (close,))

    def hint_rect(self, strip: pygame.Surface | None = None) -> pygame.Rect:
        """The hints sit centred under the count line, not in the screen's bottom-right corner: there
        the table's Discards button lies and the hint was written across it."""
        rect = (strip or self.hint_strip()).get_rect()
        rect.midtop = (CANVAS_W // 2, self.count_rect().bottom + self.HINT_GAP)
        return rect

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.backdrop.draw(surface, 220)  # the busy table must not read through
        head = text_surface("DISCARD PILE", "display", 84, P.IVORY)
        surface.blit(head, head.get_rect(midtop=(CANVAS_W // 2, 50)))
        surface.blit(panel_surface(self.close_rect.size, 20, P.INK_ALPHA, P.BRASS, 2), self.close_rect.topleft)
        label = text_surface(self.close_label, "ui-bold", fit_px(self.close_label, "ui-bold", 32, self.close_rect.width - 24),
                             P.IVORY)
        surface.blit(label, label.get_rect(center=self.close_rect.center))
        if not self.entries:
            empty = text_surface("Nothing has been discarded yet.", "story-italic", 34, P.IVORY)
            surface.blit(empty, empty.get_rect(center=(CANVAS_W // 2, CANVAS_H // 2)))
            strip = self.hint_strip()
            surface.blit(strip, self.hint_rect(strip))
            return
        entry = self.entries[self.index]
        deck = self.deck_label(entry)
        if entry.get("face") == "up":
            body = self.sheet(entry)
            rect = self.sheet_rect(entry)
            surface.blit(parchment_page(rect.size), rect.topleft)
            px = legible_px(26)
            caption = text_surface(cut_to(self.face_up_caption(entry), "story-italic", px, rect.width - 100),
                                   "story-italic", px, RED_INK)
            surface.blit(caption, (rect.x + 50, rect.y + 26))
            area = self.text_area(rect)
            most = self.most_scroll()
            surface.blit(scrolled_view(body, area.size, self.scroll, most), area)
            draw_more_marks(surface, area, self.scroll, most, 50)
        else:
            back = card_back(self.CARD_W)
            rect = back.get_rect(center=(CANVAS_W // 2, (self.BAND[0] + self.BAND[1]) // 2))
            surface.blit(back, rect)
            note = "Discarded unread" if entry.get("deck") == "interaction" else "Removed unseen"
            where = self.where(entry)
            words = f"{deck}{' at ' + where if where else ''} · {note} — its text stays secret"
            px = legible_px(30)
            caption = text_surface(words if px == 30 else cut_to(words, "story-italic", px, CANVAS_W - 80),
                                   "story-italic", px, P.IVORY)
            surface.blit(caption, caption.get_rect(midtop=(CANVAS_W // 2, rect.bottom + 20)))
        surface.blit(self.count_image(), self.count_rect())
        for rect, d, enabled in ((self.prev_rect, -1, self.index > 0),
                                 (self.next_rect, 1, self.index < len(self.entries) - 1)):
            surface.blit(panel_surface(rect.size, 20, P.INK_ALPHA), rect.topleft)
            colour = P.BRASS_LIGHT if enabled else P.IVORY_DIM
            cx, cy = rect.center
            pygame.draw.polygon(surface, colour, [(cx + d * 22, cy), (cx - d * 14, cy - 26), (cx - d * 14, cy + 26)])
        strip = self.hint_strip()
        surface.blit(strip, self.hint_rect(strip))


# --- the reading panel's contents ------------------------------------------------------------------------
ROW_H = 58  # a page's line in a list (touch targets >= 64 px with the gap between rows counted in)
HEADING_H = 54
LIST_GAP = 6


def contents_rows(pages: Sequence[Any]) -> list[tuple[str, int, str]]:
    """The contents of the reading panel as rows: ("heading", -1, place) then ("page", index, title)
    for each page read there. Places come in the order they were first read at (pages with no place,
    the story's opening, first); every page that tells a prophecy is listed again under Prophecies."""
    groups: dict[str, list[int]] = {}
    for index, page in enumerate(pages):
        groups.setdefault(page.place or "The story", []).append(index)
    prophecies = [i for i, page in enumerate(pages) if page.tells_prophecy]
    rows: list[tuple[str, int, str]] = []
    for place, indices in groups.items():
        rows.append(("heading", -1, place))
        rows += [("page", i, pages[i].title) for i in indices]
    if prophecies:
        rows.append(("heading", -1, "Prophecies"))
        rows += [("page", i, pages[i].title) for i in prophecies]
    return rows


class ListSheet(Scene):
    """A parchment list of rows to choose from, for every device: up/down (and a pointer, a finger)
    choose, left/right jump a group, Q/E (LB/RB) to the first or the newest, confirm (click, tap)
    picks, Back closes; the wheel or a drag scrolls. Subclasses say what the rows are."""

    transparent = True
    name = "labyrinth-list"
    RECT = pygame.Rect(CANVAS_W // 2 - 560, 60, 1120, 880)
    heading = ""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.rect = pygame.Rect(self.RECT)
        self.close_rect = pygame.Rect(self.rect.right - 40 - 180, self.rect.y + 28, 180, 68)
        self.first_rect = pygame.Rect(self.rect.x + 40, self.rect.y + 112, 250, 64)
        self.last_rect = pygame.Rect(self.first_rect.right + 16, self.first_rect.y, 250, 64)
        # the place bar: the group shown, arrows to the previous and next place (a jump for mouse and touch)
        self.group_prev_rect = pygame.Rect(self.last_rect.right + 40, self.first_rect.y, 72, 64)
        self.group_next_rect = pygame.Rect(self.rect.right - 40 - 72, self.first_rect.y, 72, 64)
        self.list_area = pygame.Rect(self.rect.x + 40, self.first_rect.bottom + 16, self.rect.width - 120,
                                     self.rect.bottom - 40 - (self.first_rect.bottom + 16))
        self.rows: list[tuple[str, int, str]] = []
        self.selected = 0  # an index into self.rows, always a choosable row
        self.scroll = 0.0
        self.drag_y: float | None = None
        self.dragged = 0.0
        self.backdrop = KeptBackdrop(self)
        self._drawn: tuple[tuple[Any, ...], pygame.Surface] | None = None  # (what it showed, the sheet drawn)

    # --- rows ---------------------------------------------------------------------------------------
    def choosable(self) -> list[int]:
        return [i for i, row in enumerate(self.rows) if row[0] != "heading"]

    def row_tops(self) -> list[int]:
        tops, y = [], 0
        for row in self.rows:
            tops.append(y)
            y += (HEADING_H if row[0] == "heading" else ROW_H) + LIST_GAP
        return tops

    def total_height(self) -> int:
        return sum((HEADING_H if r[0] == "heading" else ROW_H) + LIST_GAP for r in self.rows)

    def most_scroll(self) -> float:
        return float(max(0, self.total_height() - self.list_area.height))

    def scroll_by(self, pixels: float) -> None:
        self.scroll = max(0.0, min(self.most_scroll(), self.scroll + pixels))

    def row_rect(self, row: int) -> pygame.Rect:
        """Where row `row` is drawn now (it may lie outside the list area)."""
        top = self.row_tops()[row]
        h = HEADING_H if self.rows[row][0] == "heading" else ROW_H
        return pygame.Rect(self.list_area.x, self.list_area.y + top - round(self.scroll), self.list_area.width, h)

    def keep_in_view(self, row: int) -> None:
        top = self.row_tops()[row]
        # the group's heading shows with its first row
        if row > 0 and self.rows[row - 1][0] == "heading":
            top = self.row_tops()[row - 1]
        bottom = self.row_tops()[row] + ROW_H + 40  # clear of the fade at the cut edge
        if top < self.scroll + 24:
            self.scroll = float(top - 24)
        elif bottom > self.scroll + self.list_area.height:
            self.scroll = float(bottom - self.list_area.height)
        self.scroll = max(0.0, min(self.most_scroll(), self.scroll))

    def select(self, row: int) -> None:
        if row != self.selected and self.app is not None:
            self.app.assets.play("focus", 0.4)
        self.selected = row
        self.keep_in_view(row)

    def step(self, delta: int) -> None:
        rows = self.choosable()
        if not rows:
            return
        at = rows.index(self.selected) if self.selected in rows else 0
        self.select(rows[max(0, min(len(rows) - 1, at + delta))])

    def jump_group(self, delta: int) -> None:
        """To the first row of the previous (-1) or next (+1) group; back to this group's first row first."""
        rows = self.choosable()
        if not rows:
            return
        starts = [i for i in rows if i > 0 and self.rows[i - 1][0] == "heading"] or [rows[0]]
        if delta < 0:
            earlier = [s for s in starts if s < self.selected]
            self.select(earlier[-1] if earlier else rows[0])
        else:
            later = [s for s in starts if s > self.selected]
            self.select(later[0] if later else rows[-1])

    def first_row(self) -> int | None:
        rows = self.choosable()
        return rows[0] if rows else None

    def last_row(self) -> int | None:
        rows = self.choosable()
        return rows[-1] if rows else None

    def row_at(self, pos: tuple[float, float]) -> int | None:
        if not self.list_area.collidepoint(pos):
            return None
        for i in range(len(self.rows)):
            if self.rows[i][0] != "heading" and self.row_rect(i).collidepoint(pos):
                return i
        return None

    # --- acting -------------------------------------------------------------------------------------
    def pick(self, row: int) -> None:
        """Subclasses: what choosing row `row` does."""

    def close(self) -> None:
        if self.app is not None:
            self.app.assets.play("click", 0.6)
            self.app.pop()

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind in ("back", "menu"):
            self.close()
        elif kind == "confirm":
            if self.selected in self.choosable():
                self.pick(self.selected)
        elif kind == "up":
            self.step(-1)
        elif kind == "down":
            self.step(1)
        elif kind == "left":
            self.jump_group(-1)
        elif kind == "right":
            self.jump_group(1)
        elif kind in ("prev", "next"):
            row = self.first_row() if kind == "prev" else self.last_row()
            if row is not None:
                self.select(row)
        elif kind == "scroll":
            self.scroll_by(-intent.amount * 60)
        elif kind == "hover" and intent.pos is not None:
            row = self.row_at(intent.pos)
            if row is not None:
                self.selected = row
        elif kind == "drag_start" and intent.pos is not None:
            self.drag_y, self.dragged = intent.pos[1], 0.0
        elif kind == "drag_move" and intent.pos is not None and self.drag_y is not None:
            self.scroll_by(self.drag_y - intent.pos[1])  # a finger or a held button pulls the list along
            self.drag_y = intent.pos[1]
        elif kind == "drag_end":
            self.drag_y = None
        elif kind == "release" and intent.pos is not None:
            self.tap(intent.pos)

    def tap(self, pos: tuple[float, float]) -> None:
        if self.close_rect.collidepoint(pos):
            self.close()
            return
        for rect, delta in ((self.group_prev_rect, -1), (self.group_next_rect, 1)):
            if rect.collidepoint(pos):
                self.jump_group(delta)
                return
        for rect, row in ((self.first_rect, self.first_row()), (self.last_rect, self.last_row())):
            if rect.collidepoint(pos) and row is not None:
                self.select(row)
                self.pick(row)
                return
        row = self.row_at(pos)
        if row is not None:
            self.selected = row
            self.pick(row)

    # --- drawing ------------------------------------------------------------------------------------
    def row_words(self, row: int) -> tuple[str, str, str]:
        """(number, title, snippet) of a choosable row."""
        return "", self.rows[row][2], ""

    def buttons(self) -> tuple[str, str]:
        return "First page", "Newest page"

    def hint_actions(self, device: str) -> tuple[tuple[str, str], ...]:
        if device in ("keyboard", "gamepad"):
            return (("updown", "Choose"), ("leftright", "Place"), ("page", " / ".join(self.buttons())),
                    ("confirm", "Read"), ("back", "Close"))
        return ((("Wheel" if device == "mouse" else "Drag"), "Scroll"), ("confirm", "Read"),
                ("confirm" if device == "touch" else "back", "Close"))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.backdrop.draw(surface, 200)
        if self.app is not None and self.app.scenes.top is not self:
            return  # a card opened from the list is read over the table alone, not over the list
        device = self.app.input.last_device if self.app is not None else "keyboard"
        key = (round(self.scroll), self.selected, device, len(self.rows), legible_factor())  # a resize draws it anew
        if self._drawn is None or self._drawn[0] != key:  # drawn again only when it changed
            sheet = alpha_surface(self.rect.size)
            self.draw_sheet(sheet, device)
            self._drawn = (key, sheet)
        surface.blit(self._drawn[1], self.rect.topleft)
        strip = hint_strip(device, self.hint_actions(device))
        surface.blit(strip, strip.get_rect(midtop=(self.rect.centerx, min(self.rect.bottom + 12,
                                                                          CANVAS_H - strip.get_height() - 2))))

    def draw_sheet(self, surface: pygame.Surface, device: str) -> None:
        """The sheet with its header and the rows in view, on `surface` at the sheet's own origin."""
        offset = (-self.rect.x, -self.rect.y)
        surface.blit(parchment_page(self.rect.size), (0, 0))
        head = text_surface(self.heading, "story", 48, RED_INK)
        surface.blit(head, head.get_rect(midleft=(44, self.close_rect.centery - self.rect.y)))
        for rect, label in ((self.close_rect, "Close"), (self.first_rect, self.buttons()[0]),
                            (self.last_rect, self.buttons()[1])):
            rect = rect.move(offset)
            surface.blit(panel_surface(rect.size, 16, (*P.LA_SEPIA, 255)), rect.topleft)
            px = fit_px(label, "ui-bold", legible_px(28), rect.width - 16)
            image = text_surface(label, "ui-bold", px, P.LA_PARCHMENT)
            surface.blit(image, image.get_rect(center=rect.center))
        self.draw_extra(surface, offset)
        factor = legible_factor()
        heading_px, title_px, number_px, snippet_px = (legible_px(px) for px in (32, 28, 24, 24))
        area = self.list_area
        view = alpha_surface(area.size)
        for i, row in enumerate(self.rows):
            rect = self.row_rect(i).move(-area.x, -area.y)
            if rect.bottom < 0 or rect.top > area.height:
                continue
            if row[0] == "heading":
                image = text_surface(cut_to(row[2], "story", heading_px, rect.width - 8), "story", heading_px, RED_INK)
                view.blit(image, (rect.x + 4, rect.bottom - image.get_height() - 4))
                pygame.draw.line(view, (*P.shade(INK, 0.45), 255), (rect.x, rect.bottom - 2),
                                 (rect.x + 220, rect.bottom - 2), 2)
                continue
            chosen = i == self.selected
            fill = (*P.shade(P.LA_PARCHMENT_DARK, -0.05), 255) if chosen else (*P.shade(P.LA_PARCHMENT, -0.04), 150)
            rounded_rect(view, rect, fill, 10)
            if chosen and device in ("keyboard", "gamepad", "mouse"):
                rounded_rect(view, rect, (*P.BRASS, 255), 10, 3)
            number, title, snippet = self.row_words(i)
            x = rect.x + 14
            if number:
                image = text_surface(number, "ui-bold", number_px, P.shade(INK, 0.2))
                view.blit(image, image.get_rect(midright=(rect.x + round(70 * factor), rect.centery)))
                x = rect.x + round(86 * factor)
            image = text_surface(title, "story", title_px, INK)
            room = rect.right - 14 - x
            if image.get_width() > room:
                image = text_surface(cut_to(title, "story", title_px, room), "story", title_px, INK)
            view.blit(image, image.get_rect(midleft=(x, rect.centery)))
            if snippet and image.get_width() < room - 80:
                left = x + image.get_width() + 20
                cut = cut_to(f"“{snippet}", "story-italic", snippet_px, rect.right - 14 - left)
                if len(cut) > 4:
                    quote = text_surface(cut, "story-italic", snippet_px, P.shade(INK, 0.3))
                    view.blit(quote, quote.get_rect(midleft=(left, rect.centery + 1)))
        above, below = self.scroll > 0.5, self.scroll < self.most_scroll() - 0.5
        if above or below:
            view.blit(fade_mask(area.width, area.height, above, below, 36), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(view, area.move(offset).topleft)
        draw_more_marks(surface, area.move(offset), self.scroll, self.most_scroll(), 80)

    def group_of(self, row: int) -> str:
        """The heading of the group row `row` is in."""
        return next((self.rows[i][2] for i in range(row, -1, -1) if self.rows[i][0] == "heading"), "")

    def draw_extra(self, surface: pygame.Surface, offset: tuple[int, int] = (0, 0)) -> None:
        """The place bar: the chosen row's place between arrows to the previous and next place."""
        for rect, d in ((self.group_prev_rect.move(offset), -1), (self.group_next_rect.move(offset), 1)):
            surface.blit(panel_surface(rect.size, 16, (*P.LA_SEPIA, 255)), rect.topleft)
            cx, cy = rect.center
            pygame.draw.polygon(surface, P.LA_PARCHMENT, [(cx + d * 14, cy), (cx - d * 10, cy - 16), (cx - d * 10, cy + 16)])
        room = self.group_next_rect.x - self.group_prev_rect.right - 24
        px = legible_px(30)
        place = cut_to(self.group_of(self.selected) if self.rows else "", "story", px, room)
        image = text_surface(place, "story", px, INK)
        surface.blit(image, image.get_rect(center=((self.group_prev_rect.right + self.group_next_rect.x) // 2 + offset[0],
                                                   self.group_prev_rect.centery + offset[1])))


@lru_cache(maxsize=1024)
def cut_to(text: str, role: str, px: int, width: int) -> str:
    """`text` cut at a word with an ellipsis to fit `width` on one line."""
    if text_surface(text, role, px, INK).get_width() <= width:
        return text
    words = text.split()
    while len(words) > 1 and text_surface(" ".join(words) + "…", role, px, INK).get_width() > width:
        words.pop()
    return " ".join(words).rstrip(",;:·") + "…"


class ReadingContents(ListSheet):
    """The reading panel's contents: every page, grouped by the place it was read at, prophecies
    gathered again at the end; choosing one opens it in the panel."""

    name = "labyrinth-contents"
    heading = "Contents"

    def __init__(self, app: Any, journal: Any) -> None:
        super().__init__(app)
        self.journal = journal
        self.rows = contents_rows(journal.pages)
        here = next((i for i, row in enumerate(self.rows) if row[0] == "page" and row[1] == journal.index), None)
        if here is None:
            here = self.first_row() or 0
        self.select(here)

    def row_words(self, row: int) -> tuple[str, str, str]:
        index, title = self.rows[row][1], self.rows[row][2]
        page = self.journal.pages[index]
        place = page.place
        if place and title.startswith(place):  # under its place's heading the place is not said twice
            title = title[len(place):].lstrip(" ·") or "discovered"
        elif place and title.replace(" · ", " ", 1) == place:  # the page of its discovery
            title = "discovered"
        return f"p. {index + 1}", title or "The story so far", page.snippet()

    def pick(self, row: int) -> None:
        self.journal.jump(self.rows[row][1])
        if self.app is not None:
            self.app.assets.play("page", 0.6)
            self.app.pop()


# --- the discard pile as a list ---------------------------------------------------------------------------
LIST_FROM = 7  # a pile of this many cards opens as a list grouped by place; a smaller one card by card


def place_label(number: int | None, places: dict[int, str] | None) -> str:
    """ "#6 The Sundial Court" where the table saw the scenery's title, "#6" where not."""
    if number is None:
        return ""
    title = (places or {}).get(int(number), "")
    return f"#{number} {title}" if title else f"#{number}"


def discard_place(entry: dict[str, Any], numbers: dict[str, int] | None, places: dict[int, str] | None) -> str:
    """Where a discarded card was: an interaction card by the scenery it stood beside (its number,
    printed on its back, LA-7), the rest by what they were."""
    deck = entry.get("deck")
    if deck == "interaction":
        number = entry.get("number", (numbers or {}).get(str(entry.get("card"))))
        return place_label(int(number), places) if number is not None else "Cards never seen in play"
    if entry.get("face") != "up":
        return "Removed from the decks unseen"
    if deck == "item":
        return "Items you held"
    return "Scenery taken from the map"


class DiscardList(ListSheet):
    """A big discard pile as a list grouped by place (left/right, or the arrows, jump from place to
    place), newest first in each place; choosing a card opens it in the card-by-card browser."""

    name = "labyrinth-discard-list"
    heading = "Discard pile"

    def __init__(self, app: Any, discard: list[dict[str, Any]], numbers: dict[str, int] | None = None,
                 places: dict[int, str] | None = None) -> None:
        super().__init__(app)
        self.discard = list(discard)
        self.entries = list(reversed(self.discard))  # newest first, as the browser shows them
        self.numbers, self.places = dict(numbers or {}), dict(places or {})
        groups: dict[str, list[int]] = {}
        for index, entry in enumerate(self.entries):
            groups.setdefault(discard_place(entry, self.numbers, self.places), []).append(index)

        def order(place: str) -> tuple[int, int, str]:
            number = place[1:].split(" ")[0] if place.startswith("#") else ""
            return (0, int(number), place) if number.isdigit() else (1, 0, place)

        self.rows = []
        for place in sorted(groups, key=order):
            self.rows.append(("heading", -1, place))
            self.rows += [("page", i, "") for i in groups[place]]
        newest = next((i for i, row in enumerate(self.rows) if row[0] == "page" and row[1] == 0), None)
        self.select(newest if newest is not None else 0)
        self.heading = f"Discard pile · {len(self.entries)}"

    def buttons(self) -> tuple[str, str]:
        return "First place", "Last place"

    def hint_actions(self, device: str) -> tuple[tuple[str, str], ...]:
        if device in ("keyboard", "gamepad"):
            return (("updown", "Choose"), ("leftright", "Place"), ("page", "First / last place"), ("confirm", "Look"),
                    ("back", "Close"))
        return ((("Wheel" if device == "mouse" else "Drag"), "Scroll"), ("confirm", "Look"),
                ("confirm" if device == "touch" else "back", "Close"))

    def row_words(self, row: int) -> tuple[str, str, str]:
        index = self.rows[row][1]
        entry = self.entries[index]
        texts = [str(t) for t in entry.get("texts", [])]
        deck = entry.get("deck")
        number = entry.get("number", self.numbers.get(str(entry.get("card"))))
        if deck == "interaction":
            what = f"Card {number}" if number is not None else "Interaction card"
            title = f"{what} · {'read' if entry.get('face') == 'up' else 'discarded unread'}"
        elif entry.get("face") != "up":
            title = f"{'An item' if deck == 'item' else 'A scenery card'}, never seen"
        elif deck == "item":
            title = texts[0] if texts else "An item"
        else:
            title = f"Scenery · {texts[0]}" if texts else "A scenery card"
        snippet = texts[0] if texts and deck == "interaction" else ""
        return f"{len(self.entries) - index}", title, snippet

    def pick(self, row: int) -> None:
        if self.app is not None:
            self.app.assets.play("flip", 0.6)
            self.app.push(DiscardBrowser(self.app, self.discard, self.numbers, self.places, start=self.rows[row][1],
                                         from_list=True))
