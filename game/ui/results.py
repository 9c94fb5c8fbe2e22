"""The generic end-of-game screen, built from an Outcome: scores count up, each seat's breakdown
lines, the winner with particles and the win stinger; Play again or Back to title."""

from __future__ import annotations

import math
from typing import Callable

import pygame

from game.core.rng import Rng
from game.core.types import Outcome
from game.ui.chrome import CANVAS_H, CANVAS_W, MenuScene, dim_screen
from game.ui.look import palette as P
from game.ui.look.fonts import text_surface
from game.ui.tween import MOTION
from game.ui.widgets import Button, fit_px, panel_surface

COUNT_UP_SECONDS = 1.2
PARTICLE_COLOURS = (P.BRASS, P.BRASS_LIGHT, P.IVORY, P.GOOD, P.LC_BLUE, P.LC_RED)


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


class ResultsScene(MenuScene):
    name = "results"
    transparent = True
    hints = (("move", "Move"), ("confirm", "Select"))

    def __init__(self, app, outcome: Outcome, names: list[str], local_seats: list[int],
                 on_again: Callable[[], None] | None, title: str = "") -> None:
        super().__init__(app)
        self.outcome = outcome
        self.names = names
        self.local_seats = local_seats
        self.on_again = on_again
        self.title = title
        self.count = 0.0
        self.particles: list[Particle] = []
        self._rng = Rng.from_seed(len(names) * 31 + len(outcome.winners), "confetti")
        self._burst = 0.0

    @property
    def headline(self) -> str:
        o = self.outcome
        if o.cooperative:
            return "You made it out!" if o.winners else "The labyrinth wins this time"
        if not o.winners:
            return "Nobody wins"
        if len(o.winners) > 1:
            return "Shared win: " + " & ".join(self.names[s] for s in o.winners)
        winner = o.winners[0]
        if winner in self.local_seats and len(self.local_seats) == 1:
            return "You win!"
        return f"{self.names[winner]} wins!"

    @property
    def happy(self) -> bool:
        """Stinger choice: the win stinger unless every local person lost to someone."""
        o = self.outcome
        if not self.local_seats or not o.winners:
            return bool(o.winners)
        return any(seat in o.winners for seat in self.local_seats) or len(self.local_seats) > 1

    def enter(self) -> None:
        super().enter()
        if self.app is not None:
            self.app.assets.play("win" if self.happy else "lose")
        if self.outcome.winners and not MOTION.reduced:
            self.particles = [Particle(self._rng) for _ in range(140)]

    def build(self) -> None:
        widgets = []
        y = CANVAS_H - 190
        if self.on_again is not None:
            widgets.append(Button((CANVAS_W // 2 - 520, y, 500, 92), "Play again", self.again, primary=True))
            widgets.append(Button((CANVAS_W // 2 + 20, y, 500, 92), "Back to title", self.to_title))
        else:
            widgets.append(Button((CANVAS_W // 2 - 250, y, 500, 92), "Back to title", self.to_title, primary=True))
        self.group.widgets = widgets
        self.group.focus = 0

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
        if self.outcome.winners and not MOTION.reduced and 0.9 < self._burst < 0.9 + dt * 1.5:
            self.particles += [Particle(self._rng) for _ in range(60)]

    def _score_text(self, seat: int) -> str:
        score = self.outcome.scores[seat] if seat < len(self.outcome.scores) else None
        if score is None:
            return "—"
        if isinstance(score, (int, float)):
            shown = score * self.count
            return str(round(shown)) if float(score).is_integer() else f"{shown:.1f}"
        return str(score)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim_screen(surface, 165 * self.appear)
        for particle in self.particles:  # confetti falls behind the score cards
            size = max(2, int(particle.size * (0.6 + 0.4 * abs(math.sin(particle.spin)))))
            pygame.draw.rect(surface, particle.colour, (int(particle.x), int(particle.y), size, particle.size))
        head = self.headline
        px = fit_px(head.upper(), "display", 140, CANVAS_W - 200)
        shadow = text_surface(head.upper(), "display", px, (0, 0, 0))
        word = text_surface(head.upper(), "display", px, P.BRASS_LIGHT if self.outcome.winners else P.IVORY)
        rect = word.get_rect(midtop=(CANVAS_W // 2, 90))
        surface.blit(shadow, rect.move(5, 7))
        surface.blit(word, rect)
        if self.outcome.summary:
            line = text_surface(self.outcome.summary, "ui", 28, P.IVORY_DIM)
            surface.blit(line, line.get_rect(midtop=(CANVAS_W // 2, rect.bottom + 6)))
        self._draw_seats(surface)
        self.group.draw(surface)
        self.draw_hints(surface)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        order = [seat for group in self.outcome.ranking for seat in group]
        order += [s for s in range(len(self.names)) if s not in order]
        n = len(order)
        width = min(420, (CANVAS_W - 240 - (n - 1) * 24) // max(1, n))
        left = CANVAS_W // 2 - (n * width + (n - 1) * 24) // 2
        top = 320
        longest = max((len(self.outcome.breakdown[s]) for s in order if s < len(self.outcome.breakdown)), default=0)
        height = min(540, max(330, 270 + 36 * min(7, longest)))
        for slot, seat in enumerate(order):
            card = pygame.Rect(left + slot * (width + 24), top, width, height)
            won = seat in self.outcome.winners
            border = P.BRASS if won else (80, 78, 88)
            surface.blit(panel_surface(card.size, 20, (24, 23, 28, 235), border, 4 if won else 2), card.topleft)
            rank = next((i for i, g in enumerate(self.outcome.ranking) if seat in g), len(order) - 1)
            place = text_surface(("WINNER" if won else f"#{rank + 1}"), "display", 36,
                                 P.BRASS_LIGHT if won else P.IVORY_DIM)
            surface.blit(place, place.get_rect(midtop=(card.centerx, card.y + 18)))
            name = self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"
            npx = fit_px(name, "ui-bold", 34, card.width - 40)
            label = text_surface(name, "ui-bold", npx, P.IVORY)
            surface.blit(label, label.get_rect(midtop=(card.centerx, card.y + 62)))
            score = text_surface(self._score_text(seat), "display", 120, P.IVORY)
            surface.blit(score, score.get_rect(midtop=(card.centerx, card.y + 110)))
            lines = self.outcome.breakdown[seat] if seat < len(self.outcome.breakdown) else ()
            y = card.y + 250
            for line in list(lines)[:7]:
                label_text = str(line.get("label", ""))
                value_text = str(line.get("value", ""))
                lpx = fit_px(label_text, "ui", 24, card.width - 130)
                surface.blit(text_surface(label_text, "ui", lpx, P.IVORY_DIM), (card.x + 24, y))
                value = text_surface(value_text, "ui-bold", 24, P.IVORY)
                surface.blit(value, value.get_rect(topright=(card.right - 24, y)))
                y += 36
