"""Modal sheets over the Labyrinth table: the story's intro, the ending with score and rank, and the
discard pile browser (ruling LA-7: unread cards stay face down; resolved ones show only the top text
and the paragraph that was read). Each is a transparent scene; the table waits below."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Sequence

import pygame

from game.ui.chrome import CANVAS_H, CANVAS_W, KeptBackdrop, draw_hint_row
from game.ui.input import Intent
from game.ui.labyrinth_reading import INK, RED_INK, fade_mask, parchment_page
from game.ui.look import palette as P
from game.ui.look.cards_labyrinth import card_back
from game.ui.look.draw import rounded_rect, surface as alpha_surface
from game.ui.look.fonts import text_surface, wrap
from game.ui.scene import Scene
from game.ui.widgets import panel_surface

SHEET_W = 980
SHEET_TEXT_W = 820  # EB Garamond 30 px: about 72 characters a line
SHEET_PX = 30
SHEET_HINT_GAP = 44  # from the sheet's bottom edge to the middle of its hint row
EXTRA_GAP = 22  # between a sheet's scrolling text and the fixed lines under it (the ending's score)
HINT_PAD_X, HINT_PAD_Y = 18, 5  # the hint row's ink plate around it
RANK_ROWS = (("8", "Hero"),  # the rulebook's table; eight favours are the most a score can reach
             ("6 – 7", "Explorer"), ("4 – 5", "Adventurer"), ("3 or less", "Apprentice"))


@lru_cache(maxsize=16)
def hint_strip(device: str, actions: tuple[tuple[str, str], ...]) -> pygame.Surface:
    """A hint row (key caps and their words, as `draw_hint_row` draws them) on an ink plate of its own
    size, so a sheet can centre it where it likes instead of in the screen's corner; the plate keeps
    it readable over whatever part of the dimmed table lies there."""
    scratch = alpha_surface((CANVAS_W, 80))
    draw_hint_row(scratch, device, actions, CANVAS_W, 40)
    box = scratch.get_bounding_rect()
    if not box.width or not box.height:
        return alpha_surface((1, 1))
    plate = panel_surface((box.width + 2 * HINT_PAD_X, box.height + 2 * HINT_PAD_Y), 16, P.INK_ALPHA).copy()
    plate.blit(scratch, (HINT_PAD_X, HINT_PAD_Y), box)
    return plate


def sheet_lines(blocks: Sequence[tuple[str, str]], width: int = SHEET_TEXT_W) -> pygame.Surface:
    """Title and paragraphs of a story sheet rendered once onto one transparent surface."""
    rows: list[tuple[pygame.Surface, int]] = []
    for kind, text in blocks:
        if kind == "title":
            for line in wrap(text, "story", 50, width):
                rows.append((text_surface(line, "story", 50, RED_INK), 8))
            rows.append((alpha_surface((1, 10)), 0))
        elif kind == "note":
            for line in wrap(text, "story-italic", 24, width):
                rows.append((text_surface(line, "story-italic", 24, P.shade(INK, 0.2)), 2))
            rows.append((alpha_surface((1, 12)), 0))
        else:
            role = "story-italic" if kind == "italic" else "story"
            for line in wrap(text, role, SHEET_PX, width):
                rows.append((text_surface(line, role, SHEET_PX, INK), 5))
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
        self.body = sheet_lines(blocks)
        self.button_label = button
        self.on_close = on_close
        self.extra = extra
        self.extra_height = extra_height
        self.auto_seconds = auto_seconds
        self.closed = False
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
        self.scroll = 0
        self.drag_y: float | None = None
        self.backdrop = KeptBackdrop(self)  # the table waits under the sheet: kept as one dimmed image

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
        return rect


class RankTable:
    """Draws the score sum and the rulebook's rank table with the reached rank marked, in the fixed
    part of the ending sheet under its text; `line_rects` says where its sum lines go."""

    LINE_H = 36

    def __init__(self, score: int, rank: str, lines: Sequence[tuple[str, str]]) -> None:
        self.score, self.rank, self.lines = score, rank, list(lines)

    def line_rects(self, rect: pygame.Rect) -> list[pygame.Rect]:
        """Each sum line ("Favours still burning … 5") as drawn in `rect`, label to value."""
        out = []
        for i, (label, value) in enumerate(self.lines):
            y = rect.y + 6 + i * self.LINE_H
            left = text_surface(label, "ui", 26, INK).get_rect(topleft=(rect.x, y))
            out.append(left.union(text_surface(value, "ui-bold", 26, INK).get_rect(topright=(rect.x + 430, y))))
        return out

    def __call__(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        y = rect.y + 6
        for label, value in self.lines:
            surface.blit(text_surface(label, "ui", 26, INK), (rect.x, y))
            image = text_surface(value, "ui-bold", 26, INK)
            surface.blit(image, image.get_rect(topright=(rect.x + 430, y)))
            y += self.LINE_H
        big = text_surface(f"Score {self.score}", "display", 64, RED_INK)
        surface.blit(big, big.get_rect(topright=(rect.right, rect.y)))
        ranked = text_surface(self.rank.upper(), "display", 44, INK)
        surface.blit(ranked, ranked.get_rect(topright=(rect.right, rect.y + 64)))
        y = max(y, rect.y + 120) + 10
        col = rect.width // len(RANK_ROWS)
        for i, (scores, name) in enumerate(RANK_ROWS):
            cell = pygame.Rect(rect.x + i * col + 4, y, col - 8, 70)
            reached = name == self.rank
            fill = (*P.LA_SEPIA, 255) if reached else (*P.shade(P.LA_PARCHMENT_DARK, 0.1), 255)
            surface.blit(panel_surface(cell.size, 12, fill), cell.topleft)
            ink = P.LA_PARCHMENT if reached else INK
            top = text_surface(name, "ui-bold", 26, ink)
            surface.blit(top, top.get_rect(midtop=(cell.centerx, cell.y + 6)))
            low = text_surface(scores, "ui", 22, ink)
            surface.blit(low, low.get_rect(midtop=(cell.centerx, cell.y + 38)))


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

    def __init__(self, app: Any, discard: list[dict[str, Any]], numbers: dict[str, int] | None = None) -> None:
        super().__init__(app)
        self.entries = list(reversed(discard))
        self.numbers = dict(numbers or {})  # the number on each card's back, where the table saw it
        self.index = 0
        middle = (self.BAND[0] + self.BAND[1]) // 2
        self.prev_rect = pygame.Rect(CANVAS_W // 2 - 620, middle - 60, 110, 120)
        self.next_rect = pygame.Rect(CANVAS_W // 2 + 510, middle - 60, 110, 120)
        self.close_rect = pygame.Rect(CANVAS_W - 300, 60, 220, 84)
        self._sheet: dict[int, pygame.Surface] = {}
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
        if self.index not in self._sheet:
            texts = [str(t) for t in entry.get("texts", [])]
            blocks = [("text", t) for t in texts]
            self._sheet[self.index] = sheet_lines(blocks, 720)
        return self._sheet[self.index]

    def deck_label(self, entry: dict[str, Any]) -> str:
        """What the card was: "Card 3" for an interaction whose number the table saw (numbers are on
        the backs, public), otherwise its kind."""
        number = self.numbers.get(str(entry.get("card")))
        if entry.get("deck") == "interaction" and number is not None:
            return f"Card {number}"
        return {"interaction": "Interaction card", "item": "Item", "scenery": "Scenery card"}.get(
            str(entry.get("deck")), "Card")

    def face_up_caption(self, entry: dict[str, Any]) -> str:
        """What a face-up discard is: a card as it was read, an item once held, a scenery taken away."""
        if entry.get("deck") == "item":
            return "An item you held, discarded"
        if entry.get("deck") == "scenery":
            return "Scenery card, removed from play"
        return f"{self.deck_label(entry)}, as it was read"

    def sheet_rect(self, entry: dict[str, Any]) -> pygame.Rect:
        """The parchment a face-up card is read on, centred in the band between heading and count."""
        rect = pygame.Rect(0, 0, 820, min(self.CARD_ROOM, self.sheet(entry).get_height() + 120))
        rect.center = (CANVAS_W // 2, (self.BAND[0] + self.BAND[1]) // 2)
        return rect

    @staticmethod
    def text_area(rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(rect.x + 50, rect.y + 74, rect.width - 100, rect.height - 120)

    def count_image(self) -> pygame.Surface:
        return text_surface(f"{self.index + 1} of {len(self.entries)} · newest first", "ui", 26, P.IVORY_DIM)

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
        close = ("confirm", "Close") if device == "touch" else ("back", "Close")  # "Tap Close": the button
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
        label = text_surface("Close", "ui-bold", 32, P.IVORY)
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
            caption = text_surface(self.face_up_caption(entry), "story-italic", 26, RED_INK)
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
            caption = text_surface(f"{deck} · {note} — its text stays secret", "story-italic", 30, P.IVORY)
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
