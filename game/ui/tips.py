"""First-game tips for the three card games: a few coach marks at a person's first turn of a game
they have never played here, like the Labyrinth tutorial's one-time tips.

Each tip lights the part of the table it talks about and sits beside it (never over it), with
Next / Got it, Rules (the rules page about that very thing) and Skip tips; keyboard, mouse, gamepad
and touch all work (it is an ordinary menu overlay). A person sees a game's tips once: the game and
their name go into `Settings.tips_seen` the moment the tips open, and `Settings.first_game_tips`
turns them off for good.

Hooking a table is one line, called every step (it is cheap and does nothing once offered):

    def update_table(self, dt):
        offer_first_game_tips(self)

The tips open only when that person can act, no curtain is up, nothing animates and the table is
the top scene (or, at a LAN table, its wrapper with the link up), and has been so for a moment
(SETTLE_SECONDS), so they speak about a still table waiting for the newcomer. Nobody gets them at a
table of bots only or as a spectator; at a shared screen each person gets them after lifting their
curtain; a LAN table that loses its host closes them.

Later, the first time a person's table reaches a moment with a rule of its own (MOMENT_TIPS: unable to
travel, a row that needs the emergency move), one more tip tells it then, once; Skip tips skips those too.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.chrome import CANVAS_H, CANVAS_W, KeptBackdrop, MenuScene
from game.ui.input import Intent
from game.ui.hint_glyphs import page_keys_words
from game.ui.look import palette as P
from game.ui.look.fonts import legible_factor, text_surface, wrap
from game.ui.widgets import Button, panel_surface

PLATE_W = 700
TEXT_PX = 28
LINE_H = 38
BUTTON_H = 72  # touch: every control at least 64 px
GAP = 28  # px between a tip's plate and what it talks about
SAFE = pygame.Rect(16, 16, CANVAS_W - 32, CANVAS_H - 96)  # the plate stays clear of the hints footer
SETTLE_SECONDS = 1.2  # the table waits still this long first: a move's last bubble has faded, the eye has landed
HEADLESS_TIPS = False  # tests and `main.py screenshot` run headless: no tips there unless a test asks

MENU_TIP_TEXT = ("Unsure what to do? Menu, then Suggest a move, shows what an expert would play from "
                 "your seat. Menu, then Rules, explains everything.")


@dataclass(frozen=True)
class Tip:
    text: str
    target: tuple[int, int, int, int]  # canvas rect of what the tip talks about (lit, never covered)
    topic: str  # the title of the rules page about it (Rules opens there)


# Targets are the tables' fixed places on the 1920x1080 canvas (the tables lay out on that canvas).
FIRST_GAME_TIPS: dict[str, tuple[Tip, ...]] = {
    "lost-cities": (
        Tip("Your turn has two steps, always in this order: play or discard one card, then draw one. "
            "This panel lights the step you are on.", (36, 300, 408, 240), "A turn"),
        Tip("Your expeditions: one per colour, in this row. Each card you add must be higher than the "
            "last. Starting an expedition costs 20 points, so start only those your cards can pay back.",
            (524, 580, 876, 146), "Expeditions and wagers"),
        Tip("Pick up a card: the places it can go light up. A card with coins is a wager: played before "
            "any number, it doubles, triples or quadruples that expedition, profit or loss. Changed your "
            "mind before drawing? Take back, in the turn panel (or Back), returns it.", (456, 866, 944, 214), "Expeditions and wagers"),
        Tip(MENU_TIP_TEXT, (36, 20, 160, 72), "A turn"),
    ),
    "lost-in-time": (
        Tip("Build your own timeline here, one card a turn. When the game ends, the total closest to 2031 "
            "wins, but a total past 2031 loses.", (466, 584, 988, 180), "The goal"),
        Tip("Chronos shows which way everyone travels this round. To the future: each card you place must "
            "be a later year than your youngest. To the past: an earlier year than your oldest. The arrow on "
            "the discard pile's top card when a round ends sets the next round's way.",
            (806, 352, 302, 206), "Travelling in time"),  # Chronos and the discard pile beside it
        Tip("Each turn: first an action or Skip, then travel (place one card). A VIP played on an opponent "
            "steals a card from their hand; a Disaster costs them their next turn (only its action, if the "
            "table chose so). Kept on your timeline, they add 10 or 20 years.", (1466, 776, 440, 290), "Your turn"),
        Tip(MENU_TIP_TEXT, (12, 14, 156, 74), "Your turn"),
    ),
    "time-after-time": (
        Tip("Each turn, draw one card from your neighbour's hand. You choose it by its place; you cannot "
            "see what it is.", (570, 398, 780, 210), "A turn"),
        Tip("Put the hour you drew on one of your seven slots, so the hours rise from left to right. The "
            "slots that work light up.", (500, 640, 920, 172), "The goal"),
        Tip("The first to fill seven rising hours with no Ghost in hand wins. Your neighbour draws from "
            "your hand, so hide a Ghost by moving it: drag a card, or focus it and press {page_keys}.", (456, 846, 1006, 234), "Your hand"),
        Tip(MENU_TIP_TEXT, (20, 14, 158, 74), "A turn"),
    ),
}

# Tips for a moment that comes later in a game, shown once to each person the first time their table is at
# it (the table's rules_topic names the moment): the rule is told when it is needed, not at turn one. Only
# where the table's own line says what to press but not what follows (a card that will not fit is told
# whole by its prompt, "Keep it: someone else could place it", and the player who could).
MOMENT_TIPS: dict[str, dict[str, Tip]] = {
    "lost-in-time": {
        "Unable to travel": Tip("None of your cards can travel this way, so press Cannot travel: the outer card "
                                "at that end of your timeline turns sideways. Travel on your next turn and it "
                                "straightens; fail again and it leaves your timeline.",
                                (1466, 776, 440, 290), "Unable to travel"),
    },
    "time-after-time": {
        "The emergency move": Tip("Your row can no longer be completed: some free slots have fewer hours left to "
                                  "fit them than slots. Instead of drawing, you may shift one or two of your "
                                  "cards by one slot each: Emergency move, on the right.",
                                  (500, 640, 920, 172), "The emergency move"),
    },
}

_offered: "weakref.WeakKeyDictionary[Any, set[str]]" = weakref.WeakKeyDictionary()
_still_since: "weakref.WeakKeyDictionary[Any, float]" = weakref.WeakKeyDictionary()  # table -> its clock
_still_for: "weakref.WeakKeyDictionary[Any, str]" = weakref.WeakKeyDictionary()  # table -> whose turn it waits on


def tips_key(game_id: str, name: str, moment: str = "") -> str:
    """The settings entry that says this person has seen this game's tips ("lost-cities:ann"), or the
    tip of one of its later moments ("lost-in-time:ann:unable to travel")."""
    key = f"{game_id}:{' '.join(name.split()).casefold()}"
    return f"{key}:{moment.casefold()}" if moment else key


def has_seen(settings: Any, game_id: str, name: str, moment: str = "") -> bool:
    return tips_key(game_id, name, moment) in settings.tips_seen


def mark_seen(app: Any, game_id: str, name: str, moment: str = "") -> None:
    key = tips_key(game_id, name, moment)
    if key not in app.settings.tips_seen:
        app.settings.tips_seen.append(key)
        app.save_settings()


def plate_rect(target: pygame.Rect, height: int, width: int = PLATE_W) -> pygame.Rect:
    """Where a tip's plate goes: below, above, right of or left of its target, the first side where it
    fits on the canvas without covering the target; else the roomiest side, pushed on screen."""
    plate = pygame.Rect(0, 0, width, height)
    sides = {
        "below": (target.centerx - width // 2, target.bottom + GAP),
        "above": (target.centerx - width // 2, target.top - GAP - height),
        "right": (target.right + GAP, target.centery - height // 2),
        "left": (target.left - GAP - width, target.centery - height // 2),
    }
    for x, y in sides.values():
        plate.topleft = (x, y)
        plate.clamp_ip(SAFE)
        if SAFE.contains(plate) and not plate.colliderect(target):
            return plate
    room = {"below": SAFE.bottom - target.bottom, "above": target.top - SAFE.top,
            "right": SAFE.right - target.right, "left": target.left - SAFE.left}
    best = max(room, key=lambda side: room[side])
    plate.topleft = sides[best]
    return plate.clamp(SAFE)


def plate_widths(width: int) -> list[int]:
    """The widths a plate tries, widest first: on a small window, whose larger type makes the plate
    wide, a narrower and taller one still finds a side of its target where the full one covered it
    (Lost in Time's Chronos tip lay over the discard pile it explains, on a 1024x768 screen)."""
    return [width] + [round(width * share) for share in (0.9, 0.8, 0.7, 0.6)]


class FirstGameTips(MenuScene):
    """The tips of one game for one person, one at a time over the still table."""

    name = "tips"
    transparent = True
    hints = (("move", "Move"), ("confirm", "Select"), ("back", "Skip tips"))

    def __init__(self, app: Any, game_id: str, tips: tuple[Tip, ...], who: str = "", below: Any = None,
                 moment: str = "") -> None:
        super().__init__(app)
        self.game_id = game_id
        self.moment = moment  # a later moment's one tip ("Unable to travel"), not the first-game set
        self.tips = tips
        self.who = who  # "Ben" at a shared screen, so the right person reads them
        self.below = below  # the table's scene (a LAN table's wrapper): its lost link closes the tips
        self.index = 0
        self._plates: dict[int, tuple[pygame.Surface, pygame.Rect]] = {}
        self.factor = legible_factor()  # a small window reads the plates in larger type
        self.backdrop = KeptBackdrop(self)  # the still table under the tips, kept as one image

    @property
    def tip(self) -> Tip:
        return self.tips[self.index]

    def _plate(self) -> tuple[pygame.Surface, pygame.Rect]:
        """The current tip's plate, rendered once (the overlay re-renders nothing per frame)."""
        if self.index not in self._plates:
            grow = self.factor  # 1.0 from 0.7 scale up; on 1024x768 28 px text read as 15 px, now 20
            text_px, line_h, head_px = round(TEXT_PX * grow), round(LINE_H * grow), round(22 * grow)
            target = pygame.Rect(self.tip.target)
            for width in plate_widths(round(PLATE_W * grow)):
                lines = wrap(tip_words(self.tip.text), "ui", text_px, width - 64)
                height = 32 + head_px + 26 + len(lines) * line_h + 24 + BUTTON_H + 28
                rect = plate_rect(target, height, width)
                if not rect.colliderect(target):
                    break
            image = panel_surface(rect.size, 20, (24, 23, 28, 250), P.BRASS, 2).copy()
            if self.moment:
                head = f"{self.who + ' · ' if self.who else ''}TIP · {self.moment}".upper()
            else:
                whose = f"{self.who}'s first game" if self.who else "First game"
                head = f"{whose.upper()} · TIP {self.index + 1} OF {len(self.tips)}"
            image.blit(text_surface(head, "ui-bold", head_px, P.BRASS_LIGHT), (32, 30))
            y = 32 + head_px + 26
            for line in lines:
                image.blit(text_surface(line, "ui", text_px, P.IVORY), (32, y))
                y += line_h
            self._plates[self.index] = (image, rect)
        return self._plates[self.index]

    def build(self) -> None:
        _, rect = self._plate()
        last = self.index == len(self.tips) - 1
        top = rect.bottom - 28 - BUTTON_H
        width = (rect.width - 64 - 2 * 16) // 3
        px = round(28 * self.factor)
        self.group.widgets = [
            Button((rect.x + 32, top, width, BUTTON_H), "Got it" if last else "Next", self.next_tip, primary=True,
                   px=px),
            Button((rect.x + 32 + width + 16, top, width, BUTTON_H), "Rules", self.open_rules, px=px),
            Button((rect.x + 32 + 2 * (width + 16), top, width, BUTTON_H), "Skip tips", self.skip, px=px),
        ]
        self.group.focus = 0

    def next_tip(self) -> None:
        if self.index >= len(self.tips) - 1:
            self.close()
            return
        self.index += 1
        if self.app is not None:
            self.app.assets.play("page", 0.6)
        self.build()

    def open_rules(self) -> None:
        """The rules page about what this tip shows; back from it returns to the same tip."""
        from game.ui.rules import RulesScene

        if self.app is not None:
            self.app.push(RulesScene(self.app, self.game_id, topic=self.tip.topic))

    def close(self) -> None:
        if self.app is not None and self.app.scenes.top is self:
            self.app.pop()

    def skip(self) -> None:
        """Skip tips: these and the game's later moments' tips too (who skips wants none)."""
        table = getattr(self.below, "table", self.below)
        name = table.name_of(table.viewer) if table is not None and hasattr(table, "name_of") else ""
        if self.app is not None and name:
            for topic in MOMENT_TIPS.get(self.game_id, {}):
                mark_seen(self.app, self.game_id, name, topic)
        self.close()

    def on_back(self) -> None:
        self.skip()

    def update(self, dt: float) -> None:
        super().update(dt)
        if legible_factor() != self.factor:  # the window was resized across the legible scale
            self.factor = legible_factor()
            self._plates.clear()
            self.build()
        if getattr(self.below, "mode", "ok") != "ok":
            self.close()  # a LAN table lost its host: its card (Back to title) is what matters now

    def handle(self, intent: Intent) -> None:
        table = getattr(self.below, "table", self.below)  # a LAN table's wrapper holds the table
        refusal = table.pad_refusal(intent) if hasattr(table, "pad_refusal") else ""
        if refusal:  # at a TV with a pad each, only this person's pad (or the shared devices) reads on
            if not intent.repeat and self.app is not None:
                self.app.toast(refusal, "info")
            return
        if intent.kind == "menu":
            self.close()  # the pause menu's key leaves the tips for the table (its menu is one more press)
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        target = pygame.Rect(self.tip.target)
        self.backdrop.draw(surface, 150, lit=target)  # all dim but the target
        pygame.draw.rect(surface, P.BRASS_LIGHT, target.inflate(12, 12), width=4, border_radius=16)
        image, rect = self._plate()
        surface.blit(image, rect.topleft)
        self.group.draw(surface)
        # no footer of key hints: it would cover a hand at the bottom edge, and the buttons say it all


def tip_words(text: str) -> str:
    """A tip's text with the keys as bound now ("{page_keys}": "Q or E (LB or RB on a gamepad)")."""
    return text.format(page_keys=page_keys_words()) if "{" in text else text


def tips_for(game_id: str) -> tuple[Tip, ...]:
    return FIRST_GAME_TIPS.get(game_id, ())


def offer_first_game_tips(table: Any) -> bool:
    """Open this game's first-game tips over `table` if the person whose turn it is has never seen them,
    and later the tip of a moment they meet for the first time (True when tips opened). Cheap to call
    every step: each person is offered each once per table."""
    app = table.app
    if app is None or (app.headless and not HEADLESS_TIPS):
        return False
    tips = tips_for(table.game_id)
    if not tips or not getattr(app.settings, "first_game_tips", True):
        return False
    seat = table.viewer
    if seat is None or seat not in table.local_seats or getattr(table.session, "spectator", False):
        return False
    name = table.name_of(seat)
    if name in _offered.get(table, ()):
        return _offer_moment_tip(table, name)  # the first-game set is behind: a later moment's tip, once
    if not _settled(table, name):
        return False
    _offered.setdefault(table, set()).add(name)
    if has_seen(app.settings, table.game_id, name):
        return False
    mark_seen(app, table.game_id, name)  # shown once, even if the person leaves halfway through
    who = name if len(table.local_seats) > 1 else ""
    app.push(FirstGameTips(app, table.game_id, tips, who, below=_shown_by(app, table)))
    return True


def _settled(table: Any, waiting_for: str) -> bool:
    """Whether the table has been still, on `waiting_for`'s move and on top, for SETTLE_SECONDS (the
    tips speak about a still table, after a move's last bubble has faded)."""
    if not table.can_act or table.animating or table.curtain_seat is not None or _shown_by(table.app, table) is None:
        _still_since.pop(table, None)
        return False
    if table not in _still_since or _still_for.get(table) != waiting_for:  # still for this from now on
        _still_since[table], _still_for[table] = table.clock, waiting_for
    return table.clock - _still_since[table] >= SETTLE_SECONDS


def _offer_moment_tip(table: Any, name: str) -> bool:
    """The tip of the moment the table is at (its rules_topic: "Unable to travel"), the first time this
    person meets it here; nothing for a moment without a tip or one they have seen."""
    moments = MOMENT_TIPS.get(table.game_id)
    topic = table.rules_topic() if moments and hasattr(table, "rules_topic") else None
    if topic not in (moments or {}):
        return False
    marker = f"{name}\n{topic}"
    offered = _offered[table]
    if marker in offered:
        return False
    app = table.app
    if has_seen(app.settings, table.game_id, name, topic):
        offered.add(marker)
        return False
    if not _settled(table, marker):
        return False
    offered.add(marker)
    mark_seen(app, table.game_id, name, topic)
    who = name if len(table.local_seats) > 1 else ""
    app.push(FirstGameTips(app, table.game_id, (moments[topic],), who, below=_shown_by(app, table), moment=topic))
    return True


def _shown_by(app: Any, table: Any) -> Any:
    """The scene on top that shows `table` now: the table itself, or the LAN wrapper around it while
    its link is fine (None while something else is on top, or the wrapper shows a lost link)."""
    top = app.scenes.top
    if top is table:
        return top
    if top is not None and getattr(top, "table", None) is table and getattr(top, "mode", "ok") == "ok":
        return top
    return None
