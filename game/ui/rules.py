"""The rules, readable at the table: pick a game on the left, turn pages on the right
(left/right, shoulders, or the page buttons). Long sections flow onto several pages; the game's
contents under the game list jump straight to a section, and a caller may open at a topic."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.registry import GAMES
from game.ui.chrome import CANVAS_W, MARGIN, MenuScene, back_button, draw_background, draw_heading
from game.ui.input import SWIPE_PX, Intent
from game.ui.look import palette as P
from game.ui.look.fonts import font, legible_factor, legible_px, text_surface, wrap
from game.ui.rules_pictures import card_captions, card_pictures, is_picture_page
from game.ui.rules_text import RulesDoc, load_rules
from game.ui.toast import TOAST_WIDTH
from game.ui.widgets import Button, ListView, panel_surface

LIST_W = 440
GAME_ROW_H = 80
CONTENTS_TOP = 600  # the current game's sections, under the four games
CONTENTS_ROW_H = 64
CONTENTS_ROWS = 6
PANEL = pygame.Rect(MARGIN + LIST_W + 40, 210, 1920 - 2 * MARGIN - LIST_W - 40, 790)
TEXT_X = 64
TEXT_W = 960  # about 70 characters of 28 px Inter per line (ART.md: 55-75)
BODY_PX = 28
LINE_H = 42
PARA_GAP = 16
TITLE_PX = 64
TEXT_TOP = 160  # px from the panel's top to the first line of body text
TEXT_HEIGHT = PANEL.height - 118 - TEXT_TOP  # px of body text a page holds: down to just above the page buttons
PICTURE_BAND = 250  # px kept free on "The cards" pages for a strip of card pictures and their names
CAPTION_PX = 20  # the name under each card picture (ART.md: small print >= 20 px)
PAGES_KEPT = 8  # rendered pages kept (each ~4 MB): reading all four games' 48 pages held ~190 MB
IDLE_BEFORE_PREPARING = 0.25  # s without a turn before the next page and the other games are prepared


Screen = tuple[str, list[tuple[str, str, bool]]]  # (section title, [(kind, text, first line of bullet)])


def keep_together(blocks: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
    """The blocks of a section in the runs a page should not split: a paragraph that leads into a list
    ("The rank table:", "Examples:") stays with the bullets after it; every other block stands alone."""
    runs: list[list[tuple[str, str]]] = []
    for kind, text in blocks:
        previous = runs[-1] if runs else None
        if previous is not None and kind == "bullet" and previous[0][0] == "para" \
                and previous[0][1].rstrip().endswith(":") and all(k == "bullet" for k, _ in previous[1:]):
            previous.append((kind, text))
        else:
            runs.append([(kind, text)])
    return runs


@dataclass(frozen=True)
class BodyType:
    """The body text's sizes on the canvas: as designed from a 1366x768 window up, larger below it so
    the rules read at least at 70 % of their size (28 px showed as 15 px on 1024x768): `legible_factor`."""

    px: int = BODY_PX
    line_h: int = LINE_H
    gap: int = PARA_GAP
    indent: int = 40  # a bullet's text, right of its dot

    @classmethod
    def for_factor(cls, factor: float) -> "BodyType":
        return cls(round(BODY_PX * factor), round(LINE_H * factor), round(PARA_GAP * factor), round(40 * factor))


DESIGNED = BodyType()
Laid = tuple[str, list[str], int]  # (kind, wrapped lines, px it takes with the gap below it)
MIN_LINES = 3  # a section's page holds at least this many lines when the page before can spare a block


def _lay(kind: str, text: str, body: BodyType) -> Laid:
    wrapped = wrap(text, "ui", body.px, TEXT_W - (body.indent if kind == "bullet" else 0)) or [""]
    return kind, wrapped, len(wrapped) * body.line_h + body.gap


def _section_pages(blocks: list[tuple[str, str]], height: int, reserved: int,
                   body: BodyType = DESIGNED) -> list[list[Laid]]:
    """One section's blocks broken into pages: never inside a block; a lead-in line and the list it
    leads into move on whole when they fit a page and this one is at least half full, and never part
    before the list's first item; a last page of a stray line or two takes a block from the page before."""
    def _fits(blocks: list[Laid], height: int, reserved: int = 0) -> bool:
        """Whether `blocks` fit `height` px (the last one's gap below needs no room on the page)."""
        return reserved + sum(need for _, _, need in blocks) - body.gap <= height

    pages: list[list[Laid]] = [[]]
    for run in keep_together(blocks):
        laid = [_lay(kind, text, body) for kind, text in run]
        page, room_taken = pages[-1], reserved if len(pages) == 1 else 0
        half_full = room_taken + sum(need for _, _, need in page) >= height // 2
        if page and not _fits(page + laid, height, room_taken) and (
                (_fits(laid, height) and half_full) or not _fits(page + laid[:2], height, room_taken)):
            pages.append([])
        for block in laid:
            page, room_taken = pages[-1], reserved if len(pages) == 1 else 0
            if page and not _fits(page + [block], height, room_taken):
                pages.append([])
            pages[-1].append(block)
    lines_of = lambda page: sum(len(wrapped) for _, wrapped, _ in page)  # noqa: E731
    while len(pages) > 1 and lines_of(pages[-1]) < MIN_LINES and len(pages[-2]) > 1:
        moved = pages[-2][-1]
        lead_in = moved[0] == "para" and moved[1][-1].rstrip().endswith(":")
        if lead_in or not _fits([moved] + pages[-1], height) or lines_of(pages[-2][:-1]) < MIN_LINES:
            break
        pages[-1].insert(0, pages[-2].pop())
    return pages


def paginate(doc: RulesDoc, height: int, picture_height: int = 0, body: BodyType = DESIGNED) -> list[Screen]:
    """Flow each section's blocks into screens of `height` px of body text; the card pages keep
    `picture_height` px free for pictures of the cards (see _section_pages for where pages break)."""
    screens: list[Screen] = []
    for page in doc.pages:
        reserved = picture_height if is_picture_page(page.title) else 0
        for blocks in _section_pages(page.blocks, height, reserved, body):
            lines: list[tuple[str, str, bool]] = []
            for kind, wrapped, _ in blocks:
                lines += [(kind, line, i == 0) for i, line in enumerate(wrapped)]
                lines.append(("gap", "", False))
            screens.append((page.title, lines))
    return screens


PICTURE_GAP = 24  # px between two card pictures, and at least between two of their names


def picture_strip_layout(widths: list[int], captions: tuple[str, ...],
                         caption_px: int) -> tuple[list[int], int]:
    """Where each card picture of the strip starts (x in the panel) and the size of the names under
    them: each picture gets a slot as wide as itself or its name, whichever is wider, so no two names
    touch (a small window's larger type ran "Event, future" into "Event, 2 chips"); the names shrink
    only when the slots would not fit the text column."""
    def slots(px: int) -> list[int]:
        return [max(width, font("ui-bold", px).size(caption)[0] if caption else 0)
                for width, caption in zip(widths, captions + ("",) * len(widths))]

    px = caption_px
    while px > CAPTION_PX and sum(slots(px)) + PICTURE_GAP * (len(widths) - 1) > TEXT_W:
        px -= 1
    wide = slots(px)
    x = TEXT_X + max(0, (TEXT_W - sum(wide) - PICTURE_GAP * (len(widths) - 1)) // 2)
    starts: list[int] = []
    for width, slot in zip(widths, wide):
        starts.append(x + (slot - width) // 2)
        x += slot + PICTURE_GAP
    return starts, px


def draw_picture_strip(out: pygame.Surface, pictures: tuple[pygame.Surface, ...], captions: tuple[str, ...],
                       caption_factor: float = 1.0) -> list[pygame.Rect]:
    """The card pictures in one row at the foot of the text column, each named underneath ("Wager",
    "Ghost"): the page names the cards above, and a newcomer should not have to match them up.
    Returns where the names went (in the panel)."""
    starts, px = picture_strip_layout([p.get_width() for p in pictures], captions,
                                      round(CAPTION_PX * caption_factor))
    top = TEXT_TOP + TEXT_HEIGHT - PICTURE_BAND + 14
    tallest = max(p.get_height() for p in pictures)
    placed: list[pygame.Rect] = []
    for x, picture, caption in zip(starts, pictures, captions + ("",) * len(pictures)):
        out.blit(picture, (x, top + (tallest - picture.get_height()) // 2))  # shapes share one middle line
        if caption:
            label = text_surface(caption, "ui-bold", px, P.IVORY_DIM)
            placed.append(out.blit(label, label.get_rect(midtop=(x + picture.get_width() // 2, top + tallest + 8))))
    return placed


class RulesScene(MenuScene):
    name = "rules"
    hints = (("updown", "Game / section"), ("leftright", "Page"), ("back", "Back"))

    def __init__(self, app=None, game_id: str | None = None, topic: str | None = None) -> None:
        """`topic`: open at the first page whose title starts with it ("A turn"), so Rules from a tip
        or a table shows the part that matters now; unknown topics open at the first page."""
        super().__init__(app)
        ids = [info.game_id for info in GAMES]
        self.game_index = ids.index(game_id) if game_id in ids else 0
        self.page = 0
        self.docs: dict[int, tuple[RulesDoc, list[Screen]]] = {}
        self.factor = legible_factor()
        self.body = BodyType.for_factor(self.factor)
        self._rendered: dict[tuple[int, int], pygame.Surface] = {}
        self._swipe_from: tuple[float, float] | None = None
        self._shown = (self.game_index, self.page)
        self._last_change = 0.0
        if topic:
            self.page = self.page_of(topic)

    def toast_area(self) -> pygame.Rect:
        """Toasts hang in the band between the heading and Back, above the page: at the top centre
        they covered the page's text and the list of games."""
        left = MARGIN + text_surface("Rules", "display", 112, P.IVORY).get_width() + 60
        right = CANVAS_W - MARGIN - 220 - 40  # the Back button's left edge, and a gap
        width = min(TOAST_WIDTH, right - left)
        return pygame.Rect(left + (right - left - width) // 2, 40, width, PANEL.y - 50)

    def page_of(self, topic: str) -> int:
        """The first screen of the current game whose section title starts with `topic` (else 0)."""
        wanted = topic.strip().casefold()
        _, screens = self.doc()
        return next((i for i, (title, _) in enumerate(screens) if title.casefold().startswith(wanted)), 0)

    def doc(self, index: int | None = None) -> tuple[RulesDoc, list[Screen]]:
        index = self.game_index if index is None else index
        if index not in self.docs:
            info = GAMES[index]
            doc = load_rules(info.game_id, info.title, info.pitch)
            pictures = card_pictures(info.game_id) if doc.complete else ()
            reserve = PICTURE_BAND if pictures else 0
            self.docs[index] = (doc, paginate(doc, TEXT_HEIGHT, reserve, self.body))
        return self.docs[index]

    def build(self) -> None:
        titles = [info.title for info in GAMES]
        self.list = ListView((MARGIN, PANEL.y, LIST_W, 4 * GAME_ROW_H), titles, self.game_index, self.select_game,
                             row_height=GAME_ROW_H)
        self.contents = ListView((MARGIN, CONTENTS_TOP, LIST_W, CONTENTS_ROWS * CONTENTS_ROW_H),
                                 [title for title, _ in self.sections()], self.section_index(), self.select_section,
                                 row_height=CONTENTS_ROW_H)
        self.contents.label = "Contents"
        self.prev_button = Button((PANEL.x + 40, PANEL.bottom - 100, 240, 72), "‹  Previous", lambda: self.turn(-1), px=28)
        self.next_button = Button((PANEL.right - 280, PANEL.bottom - 100, 240, 72), "Next  ›", lambda: self.turn(1), px=28)
        self.group.widgets = [self.list, self.contents, self.prev_button, self.next_button, back_button(self.on_back)]
        self.group.focus = 0

    def sections(self) -> list[tuple[str, int]]:
        """The current game's sections in order, each with its first screen (the contents list)."""
        _, screens = self.doc()
        out: list[tuple[str, int]] = []
        for i, (title, _) in enumerate(screens):
            if not out or out[-1][0] != title:
                out.append((title, i))
        return out

    def section_index(self) -> int:
        """The section the current page belongs to."""
        return max(i for i, (_, first) in enumerate(self.sections()) if first <= self.page)

    def select_game(self, index: int) -> None:
        self.game_index = index
        self.page = 0
        self.contents.items = [title for title, _ in self.sections()]
        self.contents.index = self.contents.scroll = 0
        if self.app is not None:
            self.app.assets.play("page", 0.6)

    def select_section(self, index: int) -> None:
        """Jump to the first page of a section of the contents."""
        self.page = self.sections()[index][1]
        if self.app is not None:
            self.app.assets.play("page", 0.7)

    def turn(self, step: int) -> None:
        _, screens = self.doc()
        page = max(0, min(len(screens) - 1, self.page + step))
        if page != self.page:
            self.page = page
            if self.app is not None:
                self.app.assets.play("page", 0.7)

    def handle(self, intent: Intent) -> None:
        if intent.kind in ("left", "prev"):
            self.turn(-1)
            return
        if intent.kind in ("right", "next"):
            self.turn(1)
            return
        if intent.kind == "scroll":
            self.turn(-int(intent.amount) if intent.amount else 0)
            return
        if intent.kind in ("drag_start", "drag_end") and self.swiped(intent):
            return
        super().handle(intent)

    def unhandled(self, intent: Intent) -> None:
        if intent.kind == "menu":
            from game.ui.pause import resume_from_menus

            resume_from_menus(self.app)

    def swiped(self, intent: Intent) -> bool:
        """A sideways swipe over the page turns it, as a book's would (a touch table had only the
        small page buttons; the README promised "swipe"): right to left is the next page."""
        pos = intent.pos
        if pos is None:
            return False
        if intent.kind == "drag_start":
            on_button = any(button.rect.collidepoint(pos) for button in (self.prev_button, self.next_button))
            self._swipe_from = pos if PANEL.collidepoint(pos) and not on_button else None
            return self._swipe_from is not None
        start, self._swipe_from = self._swipe_from, None
        if start is None:
            return False
        dx, dy = pos[0] - start[0], pos[1] - start[1]
        if abs(dx) >= SWIPE_PX and abs(dx) > 1.5 * abs(dy):
            self.turn(-1 if dx > 0 else 1)
        return True

    def prepare_one(self) -> bool:
        """While the reader reads: lay out one more game's pages, or draw the page after this one,
        so a turn or another game shows at once (a first turn took ~60 ms, a game ~175 ms); one piece
        of work a frame, nothing once all is ready. True if it did something."""
        for index in range(len(GAMES)):
            if index not in self.docs:
                self.doc(index)
                return True
        _, screens = self.doc()
        for page in (self.page + 1, self.page - 1):
            if 0 <= page < len(screens) and (self.game_index, page) not in self._rendered:
                self._page_surface(self.game_index, page)
                return True
        return False

    def follow_the_window(self) -> None:
        """A window resized across the legible scale lays the pages out again in the new type, and
        the reader stays at the section they were reading."""
        factor = legible_factor()
        if factor == self.factor:
            return
        title = self.doc()[1][self.page][0]
        self.factor, self.body = factor, BodyType.for_factor(factor)
        self.docs.clear()
        self._rendered.clear()
        self.page = self.page_of(title)
        self._shown = (self.game_index, self.page)

    def update(self, dt: float) -> None:
        self.follow_the_window()
        if self.clock - self._last_change >= IDLE_BEFORE_PREPARING:
            self.prepare_one()
        if (self.game_index, self.page) != self._shown:
            self._shown = (self.game_index, self.page)
            self._last_change = self.clock
        count = len(self.doc()[1])
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page < count - 1
        section = self.section_index()
        if self.contents.index != section:  # a page turn moves the contents' mark along, quietly
            self.contents.index = section
            self.contents.reveal(section)

    def _first_screen_of(self, title: str, game_index: int | None = None) -> int:
        _, screens = self.doc(game_index)
        return next(i for i, (t, _) in enumerate(screens) if t == title)

    def _screen_surface(self) -> pygame.Surface:
        return self._page_surface(self.game_index, self.page)

    def _page_surface(self, game_index: int, page: int) -> pygame.Surface:
        """One page of one game drawn once; the least recently shown give way past PAGES_KEPT."""
        key = (game_index, page)
        if key in self._rendered:
            self._rendered[key] = self._rendered.pop(key)  # the newest at the end
        else:
            while len(self._rendered) >= PAGES_KEPT:
                del self._rendered[next(iter(self._rendered))]
            doc, screens = self.doc(game_index)
            title, lines = screens[page]
            out = pygame.Surface(PANEL.size, pygame.SRCALPHA)
            out.blit(text_surface(doc.title.upper(), "display", 40, P.BRASS_LIGHT), (TEXT_X, 34))
            back = self.app.assets.image_scaled(f"backs/{GAMES[game_index].game_id}", (120, 168)) \
                if self.app is not None else None
            if back is not None:  # the game's own card, in the corner beside the text column
                out.blit(back, (PANEL.width - 48 - back.get_width(), 40))
            out.blit(text_surface(title, "ui-bold", 48, P.IVORY), (TEXT_X, 84))
            y = TEXT_TOP
            for kind, text, first in lines:
                if kind == "gap":
                    y += self.body.gap
                    continue
                x = TEXT_X
                if kind == "bullet":
                    if first:
                        pygame.draw.circle(out, P.BRASS, (x + 12, y + self.body.line_h // 2), 6)
                    x += self.body.indent
                out.blit(text_surface(text, "ui", self.body.px, P.IVORY), (x, y))
                y += self.body.line_h
            pictures = card_pictures(GAMES[game_index].game_id) if doc.complete else ()
            if pictures and is_picture_page(title) and page == self._first_screen_of(title, game_index):
                draw_picture_strip(out, pictures, card_captions(GAMES[game_index].game_id), self.factor)
            if not doc.complete:
                note = text_surface("Pictures of the cards and the full rules arrive with the game.", "ui", 24,
                                    P.IVORY_DIM)
                out.blit(note, (TEXT_X, y + 20))
            self._rendered[key] = out
        return self._rendered[key]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        draw_heading(surface, "Rules")
        heading = text_surface("CONTENTS", "display", 32, P.BRASS_LIGHT)
        surface.blit(heading, (MARGIN, CONTENTS_TOP - 44))
        hidden_above = self.contents.scroll
        hidden_below = len(self.contents.items) - self.contents.scroll - self.contents.visible_rows
        if hidden_above > 0 or hidden_below > 0:  # the list scrolls: say so and which way
            more = f"{'▲' if hidden_above > 0 else ''}{'▼' if hidden_below > 0 else ''} "
            more += f"{len(self.contents.items)} sections"
            note = text_surface(more, "ui-bold", legible_px(22), P.IVORY_DIM)
            surface.blit(note, note.get_rect(bottomright=(MARGIN + LIST_W, CONTENTS_TOP - 12)))
        surface.blit(panel_surface(PANEL.size, 22, (22, 21, 26, 232), P.BRASS_DARK, 2), PANEL.topleft)
        surface.blit(self._screen_surface(), PANEL.topleft)
        _, screens = self.doc()
        count = len(screens)
        indicator = text_surface(f"Page {self.page + 1} of {count}", "ui-bold", 26, P.IVORY)
        surface.blit(indicator, indicator.get_rect(center=(PANEL.centerx, PANEL.bottom - 84)))
        dots = min(count, 24)
        if dots > 1:
            start = PANEL.centerx - (dots - 1) * 11
            for i in range(dots):
                colour = P.BRASS if i == min(self.page, dots - 1) else (90, 88, 96)
                pygame.draw.circle(surface, colour, (start + i * 22, PANEL.bottom - 44), 6 if colour == P.BRASS else 4)
        self.group.draw(surface)
        self.draw_hints(surface)
