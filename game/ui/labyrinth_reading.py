"""The Labyrinth's reading panel: the story as it is read, one page per action, in EB Garamond on
parchment (ART.md: body >= 24 px, 55-75 characters a line). Every text comes from the view or from
the events of an update, never from the scenario file (ruling LA-7).

A page holds blocks (a card's top text, the paragraph the items revealed, a prophecy, a discovered
scenery, an item taken, a note); new blocks fade and rise in, and the page follows the newest one.
Older pages stay browsable (prev/next), and the Contents button in the header opens a list of every
page grouped by the place it was read at (`ReadingContents` in labyrinth_overlays): a long game's
first clue is a few inputs away, not 75 presses of Q.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from game.rules.labyrinth.wording import item_phrase, items_phrase, takes_article  # noqa: F401 - the tables say items so
from game.ui.look import palette as P
from game.ui.look.draw import noise_tile, rounded_rect, surface as alpha_surface, tile_over, vgradient
from game.ui.look.fonts import text_surface, wrap
from game.ui.widgets import fit_px
from game.ui.tween import Animated, ease_out_cubic

BODY_PX = 26  # EB Garamond at 26 px: about 60 characters on a 590 px line
NOTE_PX = 22
TITLE_PX = 36
LINE = 1.36
PAD = 32
HEADER_H = 74
FOOTER_H = 70
BLOCK_GAP = 16
CONTENTS_W = 176  # the header's Contents button
PAGES_KEPT = 400  # the Thornwood Maze reads about 80 pages; the contents reach every one of them
TITLE_MIN_PX = 26  # a long page title is cut with an ellipsis below this size rather than shrunk
INK = P.LA_SEPIA
RED_INK = P.shade(P.LA_ARROW_RED, -0.25)
GREEN_INK = P.hex_colour("#2F6B35")
FADE_PX = 54  # a scrolled text fades out over about a line and a half where a sheet cuts it
JOURNAL_FADE_PX = 36  # ... and over about a line where the reading panel cuts its page

# kind -> (font role, px, colour, left indent, heading)
STYLES: dict[str, tuple[str, int, tuple[int, int, int], int]] = {
    "story": ("story", BODY_PX, INK, 0),
    "say": ("story-italic", BODY_PX, INK, 0),
    "scenery": ("story-italic", BODY_PX, INK, 0),
    "prophecy": ("story-italic", BODY_PX, RED_INK, 22),
    "fulfilled": ("story-italic", BODY_PX, GREEN_INK, 22),
    "ending": ("story", BODY_PX + 2, INK, 0),
    "item": ("story-italic", BODY_PX, INK, 22),
    "note": ("story-italic", NOTE_PX, P.shade(INK, 0.25), 0),
    "tip": ("ui", NOTE_PX - 2, P.shade(INK, 0.1), 22),  # the tutorial's coaching, set apart from the story
}
HEADINGS = {"heading", "scenery-title", "prophecy-title", "ending-title", "item-title"}


@dataclass
class Block:
    kind: str
    text: str
    appear: Animated = field(default_factory=lambda: Animated(1.0))
    image: pygame.Surface | None = None
    image_factor: float = 1.0  # the type size the image was set in (`Journal.factor`)

    def render(self, width: int, factor: float = 1.0) -> pygame.Surface:
        """The block's lines on a transparent surface, rendered once per width and type size (a small
        window sets the story larger: `legible_factor`)."""
        if self.image is not None and self.image.get_width() == width and self.image_factor == factor:
            return self.image
        self.image_factor = factor
        if self.kind in HEADINGS:
            colour = {"prophecy-title": RED_INK, "ending-title": RED_INK}.get(self.kind, INK)
            px = round((30 if self.kind != "ending-title" else 40) * factor)
            lines = wrap(self.text, "story", px, width)
            height = round(px * 1.2) * len(lines) + 4
            out = alpha_surface((width, height))
            y = 0
            for line in lines:
                out.blit(text_surface(line, "story", px, colour), (0, y))
                y += round(px * 1.2)
            pygame.draw.line(out, (*P.shade(INK, 0.45), 255), (0, height - 2), (min(width, 160), height - 2), 2)
            self.image = out
            return out
        role, px, colour, indent = STYLES.get(self.kind, STYLES["story"])
        px = round(px * factor)
        lines = wrap(self.text, role, px, width - indent)
        step = round(px * LINE)
        out = alpha_surface((width, max(step, step * len(lines))))
        y = 0
        for line in lines:
            out.blit(text_surface(line, role, px, colour), (indent, y))
            y += step
        if indent:
            bar = {"prophecy": RED_INK, "fulfilled": GREEN_INK, "tip": P.BRASS}.get(self.kind, P.LA_TORCH)
            pygame.draw.rect(out, (*bar, 255), (0, 4, 5, out.get_height() - 8), border_radius=2)
        self.image = out
        return out


PROPHECY_KINDS = frozenset({"prophecy", "prophecy-title", "fulfilled"})


@dataclass
class Page:
    """One action's story. `place` names the scenery it was read at ("#6 The Sundial Court", "" for
    none): the contents list groups the pages by it."""

    title: str
    blocks: list[Block] = field(default_factory=list)
    place: str = ""

    @property
    def tells_prophecy(self) -> bool:
        return any(block.kind in PROPHECY_KINDS for block in self.blocks)

    def snippet(self) -> str:
        """The page's first words of story, for its line in the contents."""
        for block in self.blocks:
            if block.kind not in HEADINGS and block.kind not in ("note", "tip") and block.text:
                return block.text
        return self.blocks[0].text if self.blocks else ""

    def height(self, width: int, factor: float = 1.0) -> int:
        return sum(b.render(width, factor).get_height() + BLOCK_GAP for b in self.blocks)


@lru_cache(maxsize=4)
def parchment_page(size: tuple[int, int]) -> pygame.Surface:
    """The panel itself: aged parchment under torchlight, a sepia rule inside the edge."""
    w, h = size
    out = alpha_surface(size)
    paper = vgradient(size, [(0.0, P.shade(P.LA_PARCHMENT, 0.1)), (0.6, P.LA_PARCHMENT), (1.0, P.LA_PARCHMENT_DARK)])
    tile_over(paper, noise_tile(64, 7, 14))
    paper, opaque = alpha_surface(size), paper  # the gradient has no alpha: its cut corners came out black
    paper.blit(opaque, (0, 0))
    mask = alpha_surface(size)
    rounded_rect(mask, mask.get_rect(), (255, 255, 255, 255), 18)
    paper.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(paper, (0, 0))
    rounded_rect(out, out.get_rect().inflate(-16, -16), (*P.shade(INK, 0.3), 200), 12, 2)
    rounded_rect(out, out.get_rect(), (*P.shade(P.LA_PARCHMENT_DARK, -0.45), 255), 18, 3)
    return out


@lru_cache(maxsize=16)
def fade_mask(width: int, height: int, top: bool, bottom: bool, fade_px: int = FADE_PX) -> pygame.Surface:
    """White with an alpha ramp at the cut edges: multiplied into a text view, the lines there fade
    out softly instead of being sliced through."""
    mask = pygame.Surface((width, height), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 255))
    fade = min(fade_px, height // 3)
    for i in range(fade):
        alpha = round(255 * ((i + 0.5) / fade) ** 1.3)
        if top:
            pygame.draw.line(mask, (255, 255, 255, alpha), (0, i), (width - 1, i))
        if bottom:
            pygame.draw.line(mask, (255, 255, 255, alpha), (0, height - 1 - i), (width - 1, height - 1 - i))
    return mask


HALO = 22


@lru_cache(maxsize=2)
def panel_halo(size: tuple[int, int]) -> pygame.Surface:
    """Torch-amber light spilling round the reading panel (its alpha is set when drawn)."""
    w, h = size
    out = alpha_surface((w + 2 * HALO, h + 2 * HALO))
    for i in range(HALO, 0, -2):
        pygame.draw.rect(out, (*P.LA_TORCH, int(150 * (1 - i / HALO)) + 8), (HALO - i, HALO - i, w + 2 * i, h + 2 * i),
                         width=2, border_radius=18 + i)
    return out


class Journal:
    """Pages of read text. `add()` appends to the newest page; the view follows it unless the
    player is browsing an older page."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.pages: list[Page] = []
        self.index = 0
        self.scroll = Animated(0.0)
        self.glow = Animated(0.0)  # torchlight around the panel when a new page opens: read here
        self.factor = 1.0  # the type's size on this window (`legible_factor`: larger on a small one)
        self.text_width = self.rect.width - 2 * PAD
        self.content = pygame.Rect(self.rect.x + PAD, self.rect.y + HEADER_H, self.text_width,
                                   self.rect.height - HEADER_H - FOOTER_H)
        self._view: pygame.Surface | None = None  # the page's text area, composed when it changes
        self._view_key: tuple[Any, ...] | None = None  # what the composed text area shows
        self.prev_rect = pygame.Rect(self.rect.x + 16, self.rect.bottom - FOOTER_H + 3, 96, 64)
        self.next_rect = pygame.Rect(self.rect.right - 112, self.rect.bottom - FOOTER_H + 3, 96, 64)
        # the header's Contents button: every page, grouped by place, to jump to (touch: >= 64 px high)
        self.contents_rect = pygame.Rect(self.rect.right - 16 - CONTENTS_W, self.rect.y + 6, CONTENTS_W, 64)

    def set_factor(self, factor: float) -> bool:
        """Set the story in type `factor` times its size (a window resized across the legible scale):
        the page shown is wrapped again, its scroll kept in range (at the end when it followed the
        newest line), the Contents button widened for its larger word. False when nothing changed."""
        if factor == self.factor:
            return False
        at_end = float(self.scroll.target) >= self.max_scroll() - 1  # type: ignore[arg-type]
        self.leave_page()
        self.factor = factor
        width = max(CONTENTS_W, round(CONTENTS_W * factor))
        self.contents_rect = pygame.Rect(self.rect.right - 16 - width, self.rect.y + 6, width, 64)
        self.scroll.set(self.max_scroll() if at_end and self.scroll.target else
                        min(float(self.scroll.target), self.max_scroll()))  # type: ignore[arg-type]
        return True

    def button_rect(self, name: str) -> pygame.Rect:
        """The panel's own buttons by name: prev, next, contents."""
        return {"prev": self.prev_rect, "next": self.next_rect}.get(name, self.contents_rect)

    # --- content -----------------------------------------------------------------------------------
    @property
    def page(self) -> Page | None:
        return self.pages[self.index] if self.pages else None

    def new_page(self, title: str, place: str = "") -> Page:
        page = Page(title, place=place)
        self.pages.append(page)
        if len(self.pages) > PAGES_KEPT:  # a very long game keeps its recent pages
            del self.pages[0]
        self.leave_page()
        self.index = len(self.pages) - 1
        self.scroll.set(0.0)
        self.glow.set(1.0)
        self.glow.to(0.0, 1.2, ease_out_cubic)
        return page

    def add(self, kind: str, text: str, animate: bool = True, seconds: float = 0.35) -> Block:
        if not self.pages:
            self.new_page("")
        block = Block(kind, text.strip())
        if animate:
            block.appear.set(0.0)
            block.appear.to(1.0, seconds, ease_out_cubic)
        self.pages[-1].blocks.append(block)
        if self.index == len(self.pages) - 1:
            self.follow()
        return block

    def texts(self) -> list[str]:
        """Everything on the newest page (tests, and the wording check)."""
        page = self.pages[-1] if self.pages else None
        return [b.text for b in page.blocks] if page else []

    # --- browsing ----------------------------------------------------------------------------------
    def max_scroll(self) -> float:
        page = self.page
        if page is None:
            return 0.0
        return max(0.0, page.height(self.text_width, self.factor) - self.content.height + 8)

    def follow(self) -> None:
        target = self.max_scroll()
        self.scroll.to(target, 0.3, ease_out_cubic)

    def turn(self, step: int) -> bool:
        """Show an older (-1) or newer (+1) page; False at either end."""
        index = max(0, min(len(self.pages) - 1, self.index + step))
        if index == self.index:
            return False
        self.leave_page()
        self.index = index
        self.scroll.set(0.0 if step < 0 or index < len(self.pages) - 1 else self.max_scroll())
        return True

    def leave_page(self) -> None:
        """The page shown is put away: its lines' images go (drawn again if it is opened again), so a
        long game's story costs its words, not a rendered sheet for each of its pages."""
        if 0 <= self.index < len(self.pages):
            for block in self.pages[self.index].blocks:
                block.image = None

    def jump(self, index: int) -> bool:
        """Show page `index` from its top (the newest at its end, where the story goes on)."""
        index = max(0, min(len(self.pages) - 1, index))
        if not self.pages or index == self.index:
            return False
        self.leave_page()
        self.index = index
        self.scroll.set(self.max_scroll() if index == len(self.pages) - 1 else 0.0)
        return True

    def read_on(self, step: int) -> bool:
        """Prev/next for keys and pads: scroll within a long page first, then turn the page."""
        value = float(self.scroll.target)  # type: ignore[arg-type]
        if step > 0 and value < self.max_scroll() - 1:
            self.scroll_by(self.content.height * 0.8)
            return True
        if step < 0 and value > 1:
            self.scroll_by(-self.content.height * 0.8)
            return True
        return self.turn(step)

    def scroll_by(self, pixels: float) -> None:
        value = float(self.scroll.target)  # type: ignore[arg-type]
        self.scroll.to(max(0.0, min(self.max_scroll(), value + pixels)), 0.12)

    def update(self, dt: float) -> None:
        self.scroll.update(dt)
        self.glow.update(dt)
        page = self.page
        if page is not None:
            for block in page.blocks:
                block.appear.update(dt)

    # --- drawing -----------------------------------------------------------------------------------
    def still_key(self, alpha: float, focus: str | None = None) -> tuple[Any, ...] | None:
        """Everything `draw` draws the panel from, while nothing on it moves; None while a line
        fades in or the torchlight round the panel glows (it reaches over the map's edge)."""
        if float(self.glow.value_at(alpha)) > 0.02:  # type: ignore[arg-type]
            return None
        page = self.page
        images: tuple[pygame.Surface, ...] = ()
        if page is not None:
            if any(float(block.appear.value_at(alpha)) < 0.99 for block in page.blocks):  # type: ignore[arg-type]
                return None
            images = tuple(block.render(self.text_width, self.factor) for block in page.blocks)
        return (tuple(self.rect), self.index, len(self.pages), page.title if page is not None else None,
                float(self.scroll.value_at(alpha)), self.max_scroll(), self.text_width, self.factor,  # type: ignore[arg-type]
                tuple(self.contents_rect), focus, images)

    def draw(self, target: pygame.Surface, alpha: float, focus: str | None = None) -> None:
        glow = float(self.glow.value_at(alpha))  # type: ignore[arg-type]
        if glow > 0.02:
            halo = panel_halo(self.rect.size)
            halo.set_alpha(int(255 * glow))
            target.blit(halo, (self.rect.x - HALO, self.rect.y - HALO))
            halo.set_alpha(255)
        target.blit(parchment_page(self.rect.size), self.rect.topleft)
        page = self.page
        title = page.title if page is not None and page.title else "The story so far"
        title_w = self.contents_rect.x - 12 - (self.rect.x + PAD)
        px = max(round(TITLE_MIN_PX * self.factor), fit_px(title, "story", round(TITLE_PX * self.factor), title_w))
        if text_surface(title, "story", px, RED_INK).get_width() > title_w:
            title = fitted_title(title, px, title_w)
        head = text_surface(title, "story", px, RED_INK)
        target.blit(head, head.get_rect(midleft=(self.rect.x + PAD, self.rect.y + HEADER_H // 2 + 4)))
        pygame.draw.line(target, P.shade(INK, 0.35), (self.rect.x + PAD, self.rect.y + HEADER_H - 8),
                         (self.rect.right - PAD, self.rect.y + HEADER_H - 8), 2)
        if page is not None:
            # the page is drawn on a sheet of the text area's size and faded where it is cut, so a line
            # scrolled half out of sight fades away instead of leaving a sliver of its descenders
            view = self._view
            if view is None or view.get_size() != self.content.size:
                view = self._view = alpha_surface(self.content.size)
                self._view_key = None
            scroll = float(self.scroll.value_at(alpha))  # type: ignore[arg-type]
            images = [block.render(self.text_width, self.factor) for block in page.blocks]
            shown = [float(block.appear.value_at(alpha)) for block in page.blocks]  # type: ignore[arg-type]
            # a still page (no line fading in, the same scroll) is composed once, not every frame: its
            # fill and a blit a block cost ~0.5 ms of a Labyrinth frame (the far side's turn needs it)
            still = min(shown, default=1.0) >= 0.99
            key = (self.index, scroll, self.text_width, self.factor, tuple(map(id, images))) if still else None
            if key is None or key != self._view_key:
                self._compose(view, images, shown, scroll)
            self._view_key = key
            target.blit(view, self.content.topleft)
            if self.max_scroll() > 0:
                self._scrollbar(target, alpha)
        self._footer(target, focus)

    def _compose(self, view: pygame.Surface, images: list[pygame.Surface], shown: list[float],
                 scroll: float) -> None:
        """The page's blocks on the text area from `scroll` down, each at its fade-in, faded where
        the area cuts them."""
        view.fill((0, 0, 0, 0))
        y = -scroll
        for image, appear in zip(images, shown):
            if y + image.get_height() >= -40 and y <= self.content.height and appear > 0.01:
                at = (0, round(y + (1 - appear) * 14))
                if appear < 0.99:
                    image.set_alpha(int(255 * appear))
                    view.blit(image, at)
                    image.set_alpha(255)
                else:
                    view.blit(image, at)
            y += image.get_height() + BLOCK_GAP
        above, below = scroll > 0.5, y - BLOCK_GAP > self.content.height + 0.5
        if above or below:
            view.blit(fade_mask(*self.content.size, above, below, JOURNAL_FADE_PX), (0, 0),
                      special_flags=pygame.BLEND_RGBA_MULT)

    def _scrollbar(self, target: pygame.Surface, alpha: float) -> None:
        total = self.max_scroll() + self.content.height
        bar_h = max(40, round(self.content.height * self.content.height / total))
        at = float(self.scroll.value_at(alpha)) / max(1.0, self.max_scroll())  # type: ignore[arg-type]
        y = self.content.y + round((self.content.height - bar_h) * at)
        pygame.draw.rect(target, P.shade(INK, 0.4), (self.rect.right - 18, y, 6, bar_h), border_radius=3)

    def _contents_button(self, target: pygame.Surface, focus: str | None) -> None:
        """A sepia tab in the header's corner, lettered like the page's title."""
        rect = self.contents_rect
        rounded_rect(target, rect.inflate(0, -12), (*P.shade(P.LA_PARCHMENT_DARK, -0.05), 255), 12)
        rounded_rect(target, rect.inflate(0, -12), (*P.shade(INK, 0.3), 255), 12, 2)
        label = text_surface("Contents", "story", round(28 * self.factor), INK)
        lines_x = rect.x + 18
        for i in range(3):  # a small list mark before the word
            y = rect.centery - 8 + i * 8
            pygame.draw.line(target, INK, (lines_x, y), (lines_x + 16, y), 2)
        target.blit(label, label.get_rect(midleft=(lines_x + 26, rect.centery + 1)))
        if focus == "contents":
            rounded_rect(target, rect.inflate(6, 0), (*P.BRASS, 255), 14, 4)

    def _footer(self, target: pygame.Surface, focus: str | None) -> None:
        self._contents_button(target, focus)
        for rect, glyph, enabled, name in ((self.prev_rect, "prev", self.index > 0, "prev"),
                                           (self.next_rect, "next", self.index < len(self.pages) - 1, "next")):
            colour = INK if enabled else P.shade(P.LA_PARCHMENT_DARK, -0.1)
            cx, cy = rect.center
            d = -1 if glyph == "prev" else 1
            pygame.draw.polygon(target, colour, [(cx + d * 16, cy), (cx - d * 10, cy - 16), (cx - d * 10, cy + 16)])
            if focus == name:
                rounded_rect(target, rect, (*P.BRASS, 255), 12, 4)
        if self.pages:
            label = f"Page {self.index + 1} of {len(self.pages)}"
            if self.index < len(self.pages) - 1:
                label += "  ·  newer pages ahead"
            px = round(24 * self.factor)
            if self.factor > 1:  # between the arrows, whatever the type's size
                room = self.next_rect.left - self.prev_rect.right - 16
                px = fit_px(label, "story-italic", px, room)
            image = text_surface(label, "story-italic", px, P.shade(INK, 0.15))
            target.blit(image, image.get_rect(center=(self.rect.centerx, self.prev_rect.centery)))


def fitted_title(title: str, px: int, width: int) -> str:
    """A page title cut at a word with an ellipsis where even the smallest size is too wide."""
    words = title.split()
    while len(words) > 1 and text_surface(" ".join(words) + "…", "story", px, RED_INK).get_width() > width:
        words.pop()
    return " ".join(words).rstrip(",·:;") + "…"


def block_kind_for_key(key: str, prophecy_ids: set[str], ending_id: str | None = None) -> str:
    """Classify a read text by its key in the view's `last` list ("<card>#<part>", a said line
    "<card>#<part>~<n>")."""
    source, _, part = key.partition("#")
    if source in prophecy_ids:
        return {"title": "prophecy-title", "reveal": "prophecy", "fulfilled": "fulfilled"}.get(part, "prophecy")
    if ending_id is not None and source == ending_id:
        return "ending-title" if part == "title" else "ending"
    return "say" if "~" in part else "story"


def describe_items(items: list[dict[str, Any]], articles: bool = False) -> str:
    """Items with their codes ("Bone key (B3)"); with `articles`, as a sentence says them."""
    names = [f"{item_phrase(str(i.get('name', '?'))) if articles else i.get('name', '?')}"
             f" ({i.get('letter', '')}{i.get('number') or ''})" for i in items]
    return " and ".join(names)
