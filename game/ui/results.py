"""The generic end-of-game screen, built from an Outcome: scores count up, each seat's card shows
a compact summary of its breakdown (the totals when it is long), the winner gets particles and the
win stinger; Play again, Details (the whole breakdown, page by page) or Back to title."""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any, Callable, Sequence

import pygame

from game.core.rng import Rng
from game.core.types import Outcome
from game.session.records import faint_ending
from game.ui.chrome import CANVAS_H, CANVAS_W, MARGIN, KeptBackdrop, MenuScene, hint_row_width
from game.ui.input import Intent
from game.ui.look import palette as P
from game.ui.look.fonts import font, legible_px, text_surface, wrap
from game.ui.toast import RisingToasts
from game.ui.tween import MOTION
from game.ui.widgets import Button, fit_px, panel_surface

COUNT_UP_SECONDS = 1.2
PARTICLE_COLOURS = (P.BRASS, P.BRASS_LIGHT, P.IVORY, P.GOOD, P.LC_BLUE, P.LC_RED)

LINE_PX = 24  # a breakdown line's label at full size
MIN_LINE_PX = 20  # never smaller: a long label wraps onto a second row instead
ROW_STEP = 26  # a wrapped label's second row
# On a window smaller than 1366x768 these grow (`legible_px`): the six seats' lines of Lost in Time
# showed 13 px high on a 1024x768 screen; a card then keeps its totals and leaves the rest to Details.


def line_px() -> int:
    return legible_px(LINE_PX)


def min_line_px() -> int:
    return legible_px(MIN_LINE_PX)


def row_step() -> int:
    return legible_px(ROW_STEP)


def more_note_h() -> int:
    """The room the "n more lines" note takes at a card's foot (its 22 px grow on a small window)."""
    return MORE_NOTE_H + legible_px(22) - 22

LINE_GAP = 9  # between two breakdown lines
CARD_TOP = 320
CARD_LINES_TOP = 244  # the breakdown starts this far into a seat's card
CARD_HEIGHT = 550
MORE_NOTE_H = 34  # the "n more lines" note at a card's foot
BUTTON_Y = CANVAS_H - 190


def with_hints_asked(outcome: Outcome, hints: int, since_resumed: bool = False) -> Outcome:
    """The Labyrinth's outcome with a "Hints" line under each seat's breakdown: how many nudges the
    people at this table asked for (kept by the table, never the engine: a hint is no game action;
    a table opened on a game under way counts only its own, and says so)."""
    from dataclasses import replace

    line = {"label": "Hints since you resumed" if since_resumed else "Hints", "value": hints}
    return replace(outcome, breakdown=tuple(tuple(lines) + (line,) for lines in outcome.breakdown))


@lru_cache(maxsize=256)
def name_fitted(name: str, width: int, max_px: int = 34, least: int = MIN_LINE_PX) -> tuple[str, int]:
    """A seat card's name and size: the largest down to `least` that fits `width`, and below that
    cut with an ellipsis (twenty wide letters ran past both edges of a six-seat card)."""
    px = max(least, fit_px(name, "ui-bold", max_px, width))
    face = font("ui-bold", px)
    if face.size(name)[0] <= width:
        return name, px
    cut = name
    while len(cut) > 1 and face.size(cut + "…")[0] > width:
        cut = cut[:-1]
    return cut.rstrip() + "…", px


@lru_cache(maxsize=2048)
def label_rows(text: str, width: int, max_px: int = LINE_PX, max_rows: int = 2,
               least: int = MIN_LINE_PX) -> tuple[int, tuple[str, ...]]:
    """A label at the largest size down to `least` that fits `width`; below that it wraps at
    `least` onto up to `max_rows` rows, the last one cut with an ellipsis if it must be (the cards
    ask in the sizes of the window: `line_px`, `min_line_px`)."""
    width = max(40, width)
    px = fit_px(text, "ui", max_px, width)
    if px >= least:
        return px, (text,)
    rows = wrap(text, "ui", least, width)
    if len(rows) > max_rows:
        rows = rows[:max_rows]
        last = rows[-1]
        face = font("ui", least)
        while last and face.size(last + "…")[0] > width:
            last = last[:-1]
        rows[-1] = last.rstrip() + "…"
    return least, tuple(rows)


def line_height(rows: int) -> int:
    return line_px() + 4 + (rows - 1) * row_step() + LINE_GAP


NEGATIVE_NUMBER = re.compile(r"(?<![\w\-−])-(?=\d)")


def minus_signs(text: str) -> str:
    """"-75" as typeset: a true minus sign (U+2212) before a number, never a hyphen."""
    return NEGATIVE_NUMBER.sub("−", text)


def value_text(line: dict[str, Any]) -> str:
    return minus_signs(str(line.get("value", "")))


@lru_cache(maxsize=2048)
def _value_px(text: str, px: int) -> int:
    return font("ui-bold", px).size(text)[0]


def label_width(line: dict[str, Any], inner: int) -> int:
    """Room for a line's label: the text area less its own value (so one wide value, e.g.
    "yes: lost", does not squeeze every other label)."""
    return inner - _value_px(value_text(line), line_px()) - 16


def rows_of(line: dict[str, Any], inner: int) -> tuple[int, tuple[str, ...]]:
    return label_rows(str(line.get("label", "")), label_width(line, inner), line_px(), least=min_line_px())


def is_total(line: dict[str, Any]) -> bool:
    """Totals are what a compact summary keeps ("Round 2 total", "Match total", "Total")."""
    return "total" in str(line.get("label", "")).lower()


def summary_lines(lines: Sequence[dict[str, Any]], inner: int, height: int) -> tuple[list[dict[str, Any]], int]:
    """The lines a seat's card shows within `height` px (text `inner` px wide), and how many it
    leaves to Details: all of them when they fit, else the totals (or the last lines) that fit."""
    def needed(chosen: Sequence[dict[str, Any]]) -> int:
        return sum(line_height(len(rows_of(c, inner)[1])) for c in chosen)

    if needed(lines) <= height:
        return list(lines), 0
    room = height - more_note_h()
    pool = [line for line in lines if is_total(line)] or list(lines)
    chosen: list[dict[str, Any]] = []
    for line in reversed(pool):
        if needed([line, *chosen]) > room:
            break
        chosen.insert(0, line)
    if chosen and chosen[-1] is pool[-1] and pool is not lines:
        # room left under the last total: the lines after it (how a tie is broken: "Beyond 2031?",
        # "Timeline length") before anything else
        after = list(lines)[next(i for i, line in enumerate(lines) if line is pool[-1]) + 1:]
        for line in after:
            if needed([*chosen, line]) > room:
                break
            chosen.append(line)
    return chosen, len(lines) - len(chosen)


def named_summary(summary: str, names: Sequence[str], engine_names: Sequence[str] = ()) -> str:
    """The summary in the table's names: "Seat 2 wins" becomes "Ada wins" ("You win" for a "You").
    `engine_names` are the names the game itself uses (Lost in Time writes "Bob wins"); where a seat
    is called otherwise now (Bob rejoined a LAN table as "Bob again"), the seat's name replaces it."""
    renamed: dict[str, str] = {}
    for old, new in zip(engine_names, names):
        if old and new and old != new and list(engine_names).count(old) == 1:
            renamed[old] = new
    pattern = r"\b[Ss]eat (\d+)\b" + "".join(
        rf"|(?<!\w){re.escape(old)}(?!\w)" for old in sorted(renamed, key=len, reverse=True))

    def name(match: re.Match[str]) -> str:
        if match.group(1) is None:
            return renamed.get(match.group(0), match.group(0))
        index = int(match.group(1)) - 1
        return names[index] if 0 <= index < len(names) and names[index] else match.group(0)

    text = re.sub(pattern, name, minus_signs(summary))
    return re.sub(r"\bYou (wins|has|is)\b", lambda m: "You " + {"wins": "win", "has": "have", "is": "are"}[m.group(1)],
                  text)


class Particle:
    __slots__ = ("x", "y", "vx", "vy", "life", "colour", "size", "spin")

    def __init__(self, rng: Rng) -> None:
        self.x = CANVAS_W / 2 + (rng.random() - 0.5) * 900
        self.y = 240 + rng.random() * 60
        angle = rng.random() * math.pi
        speed = 300 + rng.random() * 500
        self.vx = math.cos(angle) * speed * 0.8
        self.vy = -math.sin(angle) * speed
        self.life = 2.2 + rng.random() * 1.4
        self.colour = PARTICLE_COLOURS[rng.below(len(PARTICLE_COLOURS))]
        self.size = 5 + rng.below(6)
        self.spin = rng.random() * 6

    def update(self, dt: float) -> None:
        self.vy += 900 * dt
        self.vx *= 0.995
        self.x += self.vx * dt
        self.y += self.vy * dt
        self.life -= dt
        self.spin += dt * 8


class ResultsScene(RisingToasts, MenuScene):
    name = "results"
    transparent = True
    hints = (("move", "Move"), ("confirm", "Select"))

    def __init__(self, app, outcome: Outcome, names: list[str], local_seats: list[int],
                 on_again: Callable[[], None] | None, title: str = "", record: str = "",
                 engine_names: Sequence[str] = (), dim: int = 165, note: str = "",
                 more: Sequence[tuple[str, Callable[[], None]]] = (),
                 score_words: Callable[[int], str] | None = None) -> None:
        super().__init__(app)
        self.score_words = score_words  # a whole score in the game's own words (Lost in Time: "44 BC")
        self.more = list(more)  # buttons before "Back to title" (a LAN guest: back to the LAN lobby)
        self.note = note  # in the footer under the record: where the next game comes from (a LAN guest)
        self.dim = dim  # how dark the table goes behind the cards (a bright table asks for more)
        self.outcome = outcome
        self.record = record  # "Your record in ...": the footer's left, when the game was recorded
        self.names = names
        self.engine_names = list(engine_names)  # what the game itself calls the seats (its summary's words)
        self.local_seats = local_seats
        self.on_again = on_again
        self.title = title
        self.count = 0.0
        self.particles: list[Particle] = []
        self._rng = Rng.from_seed(len(names) * 31 + len(outcome.winners), "confetti")
        self._burst = 0.0
        self._compact: dict[tuple[int, int, int], tuple[list[dict[str, Any]], int, int]] = {}
        self._has_details: bool | None = None
        self._cards: tuple[tuple[str, ...], list[tuple[int, pygame.Rect]]] | None = None
        self._card_images: dict[tuple[int, tuple[int, int], tuple[str, ...]], pygame.Surface] = {}
        # the finished table under this screen as one image, and that image dimmed (with the headline
        # and the cards but their scores once the confetti is over: `backdrop.holds_more`)
        self.backdrop = KeptBackdrop(self)

    @property
    def names_here(self) -> list[str]:
        """The seats' names as this screen says them: one person here is "You" (the headline says
        "You win!", the table "Your turn"), several people here keep their names."""
        names = list(self.names)
        if len(self.local_seats) == 1 and 0 <= self.local_seats[0] < len(names):
            names[self.local_seats[0]] = "You"
        return names

    @property
    def summary(self) -> str:
        """The line under the headline: "You win 91 to 80", not "Ann wins"."""
        return named_summary(self.outcome.summary, self.names_here, self.engine_names or self.names)

    @property
    def headline(self) -> str:
        o = self.outcome
        if o.cooperative:
            if o.winners and self.faint_ending:
                return "The story is over"  # reached, but an Apprentice's: no cheer over −4
            return "You made it out!" if o.winners else "The labyrinth wins this time"
        if not o.winners:
            return "Nobody wins"
        if self.is_draw:
            return "A draw!"
        if len(o.winners) > 1:
            return "Shared win: " + " & ".join(self.names[s] for s in o.winners)
        winner = o.winners[0]
        if winner in self.local_seats and len(self.local_seats) == 1:
            return "You win!"
        return f"{self.names[winner]} wins!"

    @property
    def is_draw(self) -> bool:
        """A competitive game that every seat won (a Lost Cities match level on points): a draw, not a
        "shared win" with a WINNER over each card. Two of three sharing a win is a shared win."""
        o = self.outcome
        n = len(self.names)
        return not o.cooperative and n > 1 and set(o.winners) >= set(range(n))

    @property
    def faint_ending(self) -> bool:
        """A cooperative story reached with an Apprentice's score (under 4: "you have completed the
        story, but the game still hides many secrets"): told plainly, without the cheer and confetti
        of a good ending (a −4 with every favour gone read "You made it out!" under confetti)."""
        return faint_ending(self.outcome)

    @property
    def happy(self) -> bool:
        """Stinger choice: the win stinger unless every local person lost to someone (or a shared
        story ended faintly)."""
        o = self.outcome
        if self.faint_ending:
            return False
        if not self.local_seats or not o.winners:
            return bool(o.winners)
        return any(seat in o.winners for seat in self.local_seats) or len(self.local_seats) > 1

    @property
    def celebrating(self) -> bool:
        """Confetti goes with the win stinger: no party over a player who just lost."""
        return bool(self.outcome.winners) and self.happy and not MOTION.reduced

    # toasts rise from just above the buttons, over the foot of the seats' cards a moment: at the top
    # centre they covered the headline, "You win!"; from the footer, two lines covered Play again
    toast_bottom = BUTTON_Y - 14

    def enter(self) -> None:
        super().enter()
        if self.app is not None:
            self.app.assets.play("draw" if self.is_draw else "win" if self.happy else "lose")
        if self.celebrating:
            self.particles = [Particle(self._rng) for _ in range(140)]

    @property
    def confetti_over(self) -> bool:
        """No confetti falls now or later (it falls between the table and the cards)."""
        return not self.particles and (not self.celebrating or self._burst > 1.0)

    def _draw_backdrop(self, surface: pygame.Surface) -> bool:
        """The dimmed table, kept as one image (`KeptBackdrop`); True when that image holds the
        headline and the cards but their scores too (kept once the confetti is over)."""
        if self.particles:
            self.backdrop.drop_more()  # confetti falls between the table and the cards
        return self.backdrop.draw(surface, self.dim)

    # --- widgets -----------------------------------------------------------------------------------
    def build(self) -> None:
        entries: list[tuple[str, Callable[[], None]]] = []
        if self.on_again is not None:
            entries.append(("Play again", self.again))
        if self.has_details:
            entries.append(("Details", self.open_details))
        entries += self.more
        entries.append(("Back to title", self.to_title))
        width, gap = (500, 40) if len(entries) < 3 else (440, 36) if len(entries) < 4 else (400, 30)
        left = CANVAS_W // 2 - (len(entries) * width + (len(entries) - 1) * gap) // 2
        main = "Play again" if self.on_again is not None else "Back to title"
        self.group.widgets = [Button((left + i * (width + gap), BUTTON_Y, width, 92), label, action,
                                     primary=(label == main), solid=True) for i, (label, action) in enumerate(entries)]
        self.group.focus = [label for label, _ in entries].index(main)

    # --- the seats' cards ------------------------------------------------------------------------
    @property
    def one_card(self) -> bool:
        """A cooperative game where every seat has the same score and lines: one card for all."""
        o = self.outcome
        n = len(self.names)
        return (o.cooperative and n > 1 and len(set(o.scores[:n])) == 1
                and len({repr(lines) for lines in o.breakdown[:n]}) == 1)

    def seat_order(self) -> list[int]:
        """The ranking's groups best first; within a group (seats the game ranks alike, e.g. every
        loser of Time After Time) the higher score first, equal scores side by side in seat order."""
        if self.one_card:
            return [0]
        order = [seat for group in self.outcome.ranking for seat in sorted(group, key=self._score_key)]
        return order + [s for s in range(len(self.names)) if s not in order]

    def _score_key(self, seat: int) -> tuple[int, float]:
        score = self.outcome.scores[seat] if seat < len(self.outcome.scores) else None
        if isinstance(score, (int, float)) and not isinstance(score, bool):
            return 0, -float(score)
        return 1, 0.0  # no score (or not a number): after those with one

    def card_name(self, seat: int) -> str:
        if self.one_card:  # one person with bot companions: "You & Ada"
            names = self.names_here
            return " & ".join([", ".join(names[:-1]), names[-1]])
        if seat >= len(self.names):
            return f"Seat {seat + 1}"
        return self.names_here[seat] if len(self.names) > 1 else self.names[seat]

    def card_rects(self) -> list[tuple[int, pygame.Rect]]:
        """Where each seat's card goes, best first (worked out once for these names)."""
        names = tuple(self.names)
        if self._cards is None or self._cards[0] != names:
            self._cards = names, self._card_rects()
        return [(seat, rect.copy()) for seat, rect in self._cards[1]]

    def _card_rects(self) -> list[tuple[int, pygame.Rect]]:
        order = self.seat_order()
        n = len(order)
        gap = 24 if n <= 4 else 16
        width = min(560 if self.one_card else 420, (CANVAS_W - (240 if n <= 4 else 96) - (n - 1) * gap) // max(1, n))
        left = CANVAS_W // 2 - (n * width + (n - 1) * gap) // 2
        inner = width - 48
        tallest = 0  # the card is as tall as its compact summary needs
        for seat in order:
            shown, hidden = summary_lines(self.lines_of(seat), inner, CARD_HEIGHT - CARD_LINES_TOP - 16)
            needed = sum(line_height(len(rows_of(line, inner)[1])) for line in shown) + (more_note_h() if hidden else 0)
            tallest = max(tallest, needed)
        height = min(CARD_HEIGHT, CARD_LINES_TOP + tallest + 16) if tallest else 270
        return [(seat, pygame.Rect(left + slot * (width + gap), CARD_TOP, width, height))
                for slot, seat in enumerate(order)]

    def lines_of(self, seat: int) -> tuple[dict[str, Any], ...]:
        return tuple(self.outcome.breakdown[seat]) if seat < len(self.outcome.breakdown) else ()

    def compact(self, seat: int, card: pygame.Rect) -> tuple[list[dict[str, Any]], int, int]:
        """(lines shown on the card, lines left to Details, text width); measured once."""
        key = (seat, card.width, card.height)
        cached = self._compact.get(key)
        if cached is None:
            inner = card.width - 48
            shown, hidden = summary_lines(self.lines_of(seat), inner, card.height - CARD_LINES_TOP - 16)
            cached = self._compact[key] = (shown, hidden, inner)
        return cached

    @property
    def has_details(self) -> bool:
        """Details is offered when a card leaves lines out or had to cut a label short."""
        if self._has_details is None:
            self._has_details = False
            for seat, card in self.card_rects():
                shown, hidden, inner = self.compact(seat, card)
                if hidden or any(rows_of(line, inner)[1][-1].endswith("…") for line in shown):
                    self._has_details = True
        return self._has_details

    def open_details(self) -> None:
        assert self.app is not None
        names = self.names if self.one_card else self.names_here  # as on the cards
        self.app.push(BreakdownScene(self.app, self.outcome, names, self.seat_order()))

    def again(self) -> None:
        if self.on_again is not None:
            self.on_again()

    def to_title(self) -> None:
        from game.ui.title import TitleScene

        self.app.clear_to(TitleScene(self.app))

    def on_back(self) -> None:
        self.to_title()

    def update(self, dt: float) -> None:
        before = self.count
        self.count = min(1.0, self.count + dt / max(0.05, MOTION.duration(COUNT_UP_SECONDS)))
        if self.app is not None and int(before * 10) != int(self.count * 10) and self.count < 1.0:
            self.app.assets.play("score", 0.25)
        for particle in self.particles:
            particle.update(dt)
        self.particles = [p for p in self.particles if p.life > 0 and p.y < CANVAS_H + 40]
        self._burst += dt
        if self.celebrating and 0.9 < self._burst < 0.9 + dt * 1.5:
            self.particles += [Particle(self._rng) for _ in range(60)]

    @property
    def count_from(self) -> float:
        """Where the scores count up from: 0, but years (Lost in Time's totals near 2031) from a little
        under the lowest, so a card never shows 1705 over its "Total 2029" line."""
        numbers = [float(s) for s in self.outcome.scores
                   if isinstance(s, (int, float)) and not isinstance(s, bool)]
        if not numbers or min(numbers) < 500:
            return 0.0
        low, high = min(numbers), max(numbers)
        return low - max(60.0, high - low)

    def _score_text(self, seat: int) -> str:
        score = self.outcome.scores[seat] if seat < len(self.outcome.scores) else None
        if score is None:
            return "—"
        if isinstance(score, (int, float)):
            base = self.count_from
            shown = base + (score - base) * self.count
            if self.score_words is not None and float(score).is_integer():
                return minus_signs(self.score_words(round(shown)))
            return minus_signs(str(round(shown)) if float(score).is_integer() else f"{shown:.1f}")
        return str(score)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if not self._draw_backdrop(surface):
            for particle in self.particles:  # confetti falls behind the score cards
                size = max(2, int(particle.size * (0.6 + 0.4 * abs(math.sin(particle.spin)))))
                pygame.draw.rect(surface, particle.colour, (int(particle.x), int(particle.y), size, particle.size))
            self._draw_still(surface)
            if self.confetti_over:
                self.backdrop.keep_more(surface)
        for seat, card in self.card_rects():
            self._draw_score(surface, seat, card)
        self.group.draw(surface)
        self.draw_hints(surface)
        for text, colour, px, y in self.footer_lines():
            line = text_surface(text, "ui", px, colour)
            surface.blit(line, line.get_rect(midleft=(MARGIN, y)))

    def footer_lines(self) -> list[tuple[str, tuple[int, ...], int, int]]:
        """The footer's left, left of the hints: your record (an adventure's best score on a line
        under the tally) and at a LAN guest's screen where the next game comes from; (text, colour,
        size, middle y) each."""
        footer = [(text, P.BRASS_LIGHT) for text in self.record.split("\n") if text]
        footer += [(self.note, P.IVORY_DIM)] if self.note else []
        step, middle = (legible_px(36), CANVAS_H - 46) if len(footer) <= 2 else (legible_px(24), CANVAS_H - 42)  # inside the footer band
        size = legible_px(24 if len(footer) == 1 else 21 if len(footer) == 2 else 20)
        room = CANVAS_W - 2 * MARGIN - hint_row_width(self.device(), self.hints) - 48
        return [(text, colour, max(min_line_px(), fit_px(text, "ui", size, room)),
                 round(middle + (k - (len(footer) - 1) / 2) * step)) for k, (text, colour) in enumerate(footer)]

    def _draw_still(self, surface: pygame.Surface) -> None:
        """What does not change once the results are up: the headline, the summary and the cards
        but for their scores (which count up)."""
        head = self.headline
        px = fit_px(head.upper(), "display", 140, CANVAS_W - 200)
        shadow = text_surface(head.upper(), "display", px, (0, 0, 0))
        word = text_surface(head.upper(), "display", px, P.BRASS_LIGHT if self.outcome.winners else P.IVORY)
        rect = word.get_rect(midtop=(CANVAS_W // 2, 90))
        surface.blit(shadow, rect.move(5, 7))
        surface.blit(word, rect)
        y = rect.bottom + 6
        for row in wrap(self.summary, "ui", 28, CANVAS_W - 240)[:2] if self.summary else []:
            line = text_surface(row, "ui", 28, P.IVORY)
            band = line.get_rect(midtop=(CANVAS_W // 2, y)).inflate(36, 6)
            surface.blit(panel_surface(band.size, band.height // 2, (10, 11, 14, 150)), band.topleft)
            surface.blit(line, line.get_rect(midtop=(CANVAS_W // 2, y)))
            y += 38
        for seat, card in self.card_rects():
            surface.blit(self._card_image(seat, card), card.topleft)

    def card_word(self, seat: int) -> str:
        """The word over a seat's card: how that seat came out."""
        won = seat in self.outcome.winners
        if self.outcome.cooperative:
            if won and self.faint_ending:
                return "THE END"
            return ("ESCAPED" if won else "TRAPPED") + (" TOGETHER" if len(self.names) > 1 else "")
        if won:
            return "DRAW" if self.is_draw else "WINNER"
        return self.place_word(seat)

    def place_word(self, seat: int) -> str:
        """A seat's place: its group's position counted in seats ahead of it (1, 2, 2, 4), and
        "tied" when it shares the place, so two rows that did not win never both read a bare "#2"."""
        ahead = 0
        for group in self.outcome.ranking:
            if seat in group:
                scores = {self.outcome.scores[s] for s in group if s < len(self.outcome.scores)}
                if len(scores) > 1 and self.outcome.winners:
                    # the game does not rank those who did not win (Time After Time): no "TIED #2"
                    # over a 6 beside a 5
                    return "NOT THIS TIME"
                return f"{'TIED ' if len(group) > 1 else ''}#{ahead + 1}"
            ahead += len(group)
        return f"#{len(self.names)}"

    def _draw_score(self, surface: pygame.Surface, seat: int, card: pygame.Rect) -> None:
        """A card's score (it counts up: drawn each frame over the card) and its unit under it."""
        score = text_surface(self._score_text(seat), "display", 120, P.IVORY)
        score_rect = surface.blit(score, score.get_rect(midtop=(card.centerx, card.y + 110)))
        if self.outcome.score_unit:
            unit = text_surface(self.outcome.score_unit.upper(), "display", 26, P.IVORY_DIM)
            surface.blit(unit, unit.get_rect(midtop=(card.centerx, score_rect.bottom - 24)))

    def _card_image(self, seat: int, card: pygame.Rect) -> pygame.Surface:
        """A seat's card without its score (the panel, place, name and lines), drawn once: the text
        lies on the panel's opaque inside, so it looks as if drawn on the screen each frame."""
        key = (seat, card.size, tuple(self.names))
        image = self._card_images.get(key)
        if image is None:
            image = self._card_images[key] = self._render_card(seat, card.move(-card.x, -card.y))
        return image

    def _render_card(self, seat: int, card: pygame.Rect) -> pygame.Surface:
        won = seat in self.outcome.winners
        border = P.BRASS if won else (80, 78, 88)
        image = panel_surface(card.size, 20, (24, 23, 28, 255), border, 4 if won else 2).copy()
        place = text_surface(self.card_word(seat), "display", 36, P.BRASS_LIGHT if won else P.IVORY_DIM)
        image.blit(place, place.get_rect(midtop=(card.centerx, card.y + 18)))
        name, npx = name_fitted(self.card_name(seat), card.width - 40, least=min_line_px())
        label = text_surface(name, "ui-bold", npx, P.IVORY)
        image.blit(label, label.get_rect(midtop=(card.centerx, card.y + 62)))
        shown, hidden, _ = self.compact(seat, card)
        bottom = draw_lines(image, shown, card.x + 24, card.right - 24, card.y + CARD_LINES_TOP)
        if hidden:
            note, px = more_note(hidden, self.has_details, card.width - 40)
            text = text_surface(note, "ui", px, P.IVORY_DIM)
            image.blit(text, text.get_rect(midtop=(card.centerx, max(bottom, card.bottom - more_note_h() - 4))))
        return image


def more_note(hidden: int, details: bool, width: int) -> tuple[str, int]:
    """The note at a card's foot for the lines it leaves out, and its size: "+ 3 more lines · see
    Details", or on a narrow card in a small window's larger type "+ 3 more · Details" (the long one
    ran past both edges of a six-seat card on a 1024x768 screen)."""
    plural = "s" if hidden != 1 else ""
    notes = [f"+ {hidden} more line{plural}" + (" · see Details" if details else ""),
             f"+ {hidden} more" + (" · Details" if details else f" line{plural}")]
    for note in notes:
        px = fit_px(note, "ui", legible_px(22), width)
        if px >= min_line_px():
            return note, px
    return notes[-1], fit_px(notes[-1], "ui", legible_px(22), width)


def draw_lines(surface: pygame.Surface, lines: Sequence[dict[str, Any]], left: int, right: int, top: int) -> int:
    """Breakdown lines, label left (wrapped if long) and value right; returns the y below them.
    A total is drawn brighter with a rule above it."""
    y = top
    for line in lines:
        px, rows = rows_of(line, right - left)
        total = is_total(line)
        if total:
            pygame.draw.line(surface, (90, 86, 80), (left, y - LINE_GAP // 2), (right, y - LINE_GAP // 2), 1)
        colour = P.IVORY if total else P.IVORY_DIM
        for k, row in enumerate(rows):
            surface.blit(text_surface(row, "ui-bold" if total else "ui", px, colour), (left, y + k * row_step()))
        value = text_surface(value_text(line), "ui-bold", line_px(), P.BRASS_LIGHT if total else P.IVORY)
        surface.blit(value, value.get_rect(topright=(right, y)))
        y += line_height(len(rows))
    return y


class BreakdownScene(RisingToasts, MenuScene):
    """Every line of every seat's breakdown, a few seats and as many lines as fit per page. Pages turn
    with left/right (arrows, d-pad), up/down, Q/E or LB/RB, the wheel, or the Previous/Next buttons;
    Close, Back or Esc returns to the results."""

    name = "breakdown"
    transparent = True
    hints = (("leftright", "Page"), ("confirm", "Select"), ("back", "Close"))
    TOP = 230
    BOTTOM = BUTTON_Y - 40

    toast_bottom = BUTTON_Y - 14  # as on the results: rising from just above the page buttons

    def __init__(self, app: Any, outcome: Outcome, names: Sequence[str], order: Sequence[int]) -> None:
        super().__init__(app)
        self.outcome = outcome
        self.names = list(names)
        self.order = list(order)
        self.per_page = max(1, min(3, len(self.order)))
        self.page = 0
        self.pages = self.paginate()
        self.backdrop = KeptBackdrop(self)  # the results (and the table under them) as one dimmed image

    # --- pages -----------------------------------------------------------------------------------
    def column_rects(self, count: int) -> list[pygame.Rect]:
        gap = 32
        width = min(760, (CANVAS_W - 240 - (self.per_page - 1) * gap) // self.per_page)
        left = CANVAS_W // 2 - (count * width + (count - 1) * gap) // 2
        return [pygame.Rect(left + i * (width + gap), self.TOP, width, self.BOTTOM - self.TOP) for i in range(count)]

    def lines_of(self, seat: int) -> tuple[dict[str, Any], ...]:
        return tuple(self.outcome.breakdown[seat]) if seat < len(self.outcome.breakdown) else ()

    def paginate(self) -> list[list[tuple[int, list[dict[str, Any]]]]]:
        """Pages of (seat, its lines on that page): seats in groups of `per_page`; a group's pages
        break at the same place in every column (after a total, such as "Round 1 total") where its
        parts fit a column, so a page shows every seat's same rounds side by side; otherwise each
        column's lines split where it is full."""
        pages: list[list[tuple[int, list[dict[str, Any]]]]] = []
        room = self.BOTTOM - self.TOP - 90
        for start in range(0, len(self.order), self.per_page):
            group = self.order[start:start + self.per_page]
            inners = [column.width - 56 for column in self.column_rects(len(group))]
            chunks = self.parts_together(group, inners, room)
            if chunks is None:
                chunks = [self.column_chunks(seat, inner, room) for seat, inner in zip(group, inners)]
            for k in range(max(len(c) for c in chunks)):
                pages.append([(seat, c[k] if k < len(c) else []) for seat, c in zip(group, chunks)])
        return pages or [[]]

    def parts_together(self, group: Sequence[int], inners: Sequence[int],
                       room: int) -> list[list[list[dict[str, Any]]]] | None:
        """Each seat's lines in parts ending after a total ("Round 2 total"), laid on pages part by
        part for every seat at once: Ada's round 2 beside yours, not beside your round 1 (each column
        used to break where it alone was full). None when a part is taller than a column."""
        parts: list[list[list[dict[str, Any]]]] = []
        for seat in group:
            seat_parts: list[list[dict[str, Any]]] = [[]]
            for line in self.lines_of(seat):
                seat_parts[-1].append(line)
                if is_total(line):
                    seat_parts.append([])
            parts.append([part for part in seat_parts if part])
        heights = [[sum(line_height(len(rows_of(line, inner)[1])) for line in part) for part in seat_parts]
                   for seat_parts, inner in zip(parts, inners)]
        if any(height > room for seat_heights in heights for height in seat_heights):
            return None
        chunks: list[list[list[dict[str, Any]]]] = [[[]] for _ in group]
        used = [0] * len(group)
        for k in range(max((len(seat_parts) for seat_parts in parts), default=0)):
            wanted = [seat_heights[k] if k < len(seat_heights) else 0 for seat_heights in heights]
            if any(used[i] + wanted[i] > room for i in range(len(group))):
                for seat_chunks in chunks:
                    seat_chunks.append([])
                used = [0] * len(group)
            for i, seat_parts in enumerate(parts):
                if k < len(seat_parts):
                    chunks[i][-1].extend(seat_parts[k])
                    used[i] += wanted[i]
        return chunks

    def column_chunks(self, seat: int, inner: int, room: int) -> list[list[dict[str, Any]]]:
        """One seat's lines split where its column is full (after its last total when it holds one)."""
        seat_chunks: list[list[dict[str, Any]]] = [[]]
        used = 0
        for line in self.lines_of(seat):
            step = line_height(len(rows_of(line, inner)[1]))
            if used + step > room and seat_chunks[-1]:
                current = seat_chunks[-1]
                cut = max((i + 1 for i, old in enumerate(current) if is_total(old)), default=len(current))
                seat_chunks[-1], carried = current[:cut], current[cut:]
                seat_chunks.append(carried)
                used = sum(line_height(len(rows_of(old, inner)[1])) for old in carried)
            seat_chunks[-1].append(line)
            used += step
        return seat_chunks

    def turn(self, step: int) -> None:
        page = max(0, min(len(self.pages) - 1, self.page + step))
        if page != self.page:
            self.page = page
            if self.app is not None:
                self.app.assets.play("page", 0.6)
        self.build()

    # --- widgets and input ----------------------------------------------------------------------
    def build(self) -> None:
        focused = self.group.focused.label if self.group.focused is not None else "Close"
        y, width, gap = BUTTON_Y, 360, 36
        left = CANVAS_W // 2 - (3 * width + 2 * gap) // 2
        previous = Button((left, y, width, 92), "‹ Previous", lambda: self.turn(-1))
        following = Button((left + width + gap, y, width, 92), "Next ›", lambda: self.turn(1))
        close = Button((left + 2 * (width + gap), y, width, 92), "Close", self.close, primary=True)
        previous.enabled = self.page > 0
        following.enabled = self.page < len(self.pages) - 1
        self.group.widgets = [previous, following, close]
        wanted = next((w for w in self.group.widgets if w.label == focused and w.enabled), close)
        self.group.focus = self.group.widgets.index(wanted)

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind in ("left", "up", "prev"):
            self.turn(-1)
        elif kind in ("right", "down", "next"):
            self.turn(1)
        elif kind == "scroll":
            self.turn(-1 if intent.amount > 0 else 1)
        else:
            super().handle(intent)

    def close(self) -> None:
        if self.app is not None:
            self.app.assets.play("click", 0.6)
            self.app.pop()

    def on_back(self) -> None:
        self.close()

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.backdrop.draw(surface, 240)
        head = text_surface("SCORE DETAILS", "display", 96, P.IVORY)
        surface.blit(text_surface("SCORE DETAILS", "display", 96, (0, 0, 0)), head.get_rect(midtop=(CANVAS_W // 2 + 4, 66)))
        surface.blit(head, head.get_rect(midtop=(CANVAS_W // 2, 60)))
        page = self.pages[self.page]
        if len(self.pages) > 1:
            where = f"Page {self.page + 1} of {len(self.pages)}"
            line = text_surface(where, "ui", 26, P.IVORY_DIM)
            surface.blit(line, line.get_rect(midtop=(CANVAS_W // 2, 170)))
        for (seat, lines), column in zip(page, self.column_rects(len(page))):
            won = seat in self.outcome.winners
            surface.blit(panel_surface(column.size, 20, (24, 23, 28, 255), P.BRASS if won else (80, 78, 88), 2),
                         column.topleft)
            name = self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"
            score = self.outcome.scores[seat] if seat < len(self.outcome.scores) else None
            score_text = "—" if score is None else minus_signs(str(score))
            score_image = text_surface(score_text, "display", 52, P.BRASS_LIGHT if won else P.IVORY)
            surface.blit(score_image, score_image.get_rect(topright=(column.right - 28, column.y + 14)))
            npx = fit_px(name, "ui-bold", 34, column.width - 84 - score_image.get_width())
            surface.blit(text_surface(name, "ui-bold", npx, P.IVORY), (column.x + 28, column.y + 24))
            draw_lines(surface, lines, column.x + 28, column.right - 28, column.y + 90)
        self.group.draw(surface)
        self.draw_hints(surface)
