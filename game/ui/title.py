"""The title screen: the logo over a lamp-lit table where cards are dealt, turned and swept away
(the attract mode), and the main menu: Play, LAN play, Continue, Settings, Rules, Quit."""

from __future__ import annotations

import logging
import math
from pathlib import Path

import pygame

from game.core.rng import Rng
from game.session.storage import data_dir
from game.ui.chrome import CANVAS_H, CANVAS_W, MenuScene
from game.ui.look import palette as P
from game.ui.look.draw import drop_shadow, radial_alpha
from game.ui.look.fonts import text_surface
from game.ui.sprites import CardSprite
from game.ui.tween import MOTION
from game.ui.toast import footer_area
from game.ui.widgets import Button

log = logging.getLogger(__name__)

AUTOSAVE_NAME = "autosave.tt"
CARD_W = 150
ATTRACT_CYCLE = 7.5
FAN_CENTRES = ((340.0, 700.0), (1580.0, 700.0))
DECK_POS = (960.0, -180.0)
MENU_BOTTOM = 1010  # the last title button ends above the control hints


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


def set_aside(path: Path) -> str:
    """Move a save that cannot be continued out of the way, so the next game's autosave does not
    overwrite it (nothing saved is ever lost) and Continue stops offering it; says where it went."""
    from game.session.storage import quarantine

    try:
        return f"It is kept as {quarantine(path).name}."
    except OSError as exc:
        return f"It could not be moved aside ({exc.strerror or exc})."


def _card_faces() -> tuple[list[pygame.Surface], pygame.Surface | None]:
    """Faces and back for the attract deal: Lost Cities cards when the look kit has them."""
    try:
        from game.ui.look import cards_lost_cities as lc

        ids = [i for i in lc.all_card_ids() if not i.startswith("lc-p")]
        rng = Rng.from_seed(7, "attract")
        chosen = rng.shuffled(ids)[:30]
        return [lc.card_face(card, CARD_W) for card in chosen], lc.card_back(CARD_W)
    except Exception as exc:  # the kit is still landing: plain cards still make a table
        log.warning("attract mode without card art: %s", exc)
        return [], None


def _plain_card(colour: tuple[int, int, int], label: str) -> pygame.Surface:
    from game.ui.widgets import panel_surface

    card = panel_surface((CARD_W, round(CARD_W * 1.4)), 12, P.IVORY, colour, 6).copy()
    mark = text_surface(label, "display", 72, colour)
    card.blit(mark, mark.get_rect(center=card.get_rect().center))
    return card


class AttractDeal:
    """Cards dealt into two fans, turned face up, then swept off; forever, deterministic."""

    def __init__(self) -> None:
        faces, back = _card_faces()
        if not faces:
            colours = (P.LC_YELLOW, P.LC_BLUE, P.LC_GREEN, P.LC_RED, P.BRASS)
            faces = [_plain_card(colours[i % 5], str(2 + i % 9)) for i in range(30)]
        self.faces = faces
        self.back = back if back is not None else _plain_card(P.FELT_EDGE, "T")
        self.shadow = drop_shadow((CARD_W, round(CARD_W * 1.4)), 10, 10, 110)
        self.cards: list[CardSprite] = []
        self.round = 0
        self.time = 0.0
        self._flipped = False
        self._swept = False
        self._deal()

    def _deal(self) -> None:
        self.cards = []
        self._flipped = self._swept = False
        per_fan = 5
        for i in range(per_fan * 2):
            fan = i % 2
            slot = i // 2
            face = self.faces[(self.round * 10 + i) % len(self.faces)]
            card = CardSprite(f"attract-{i}", face, self.back, DECK_POS, face_up=False, angle=0.0)
            card.shadow = self.shadow
            cx, cy = FAN_CENTRES[fan]
            t = (slot - (per_fan - 1) / 2) / ((per_fan - 1) / 2)
            target = (cx + t * 150, cy + 26 * t * t)
            card.slide_to(target, 0.5, delay=0.15 + i * 0.07, angle=-12 * t + (4 if fan else -4))
            card.z = slot
            self.cards.append(card)

    def update(self, dt: float) -> None:
        self.time += dt
        if not self._flipped and self.time > 1.6:
            self._flipped = True
            for i, card in enumerate(self.cards):
                card.flip(True, delay=i * 0.05)
        if not self._swept and self.time > 5.6:
            self._swept = True
            for i, card in enumerate(self.cards):
                x, _ = card.pos.current  # type: ignore[misc]
                card.slide_to((x + (i - 5) * 30, CANVAS_H + 260), 0.6, delay=i * 0.04, angle=30 if i % 2 else -30)
        if self.time >= ATTRACT_CYCLE:
            self.time = 0.0
            self.round += 1
            self._deal()
        for card in self.cards:
            card.update(dt)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        for card in sorted(self.cards, key=lambda c: c.z):
            card.draw(surface, alpha)


class AttractGame:
    """Two easy Lost Cities bots playing a real one-round match beside the menu (DESIGN.md: the
    title runs an attract mode of bots playing). Each side shows one bot's expeditions and its hand
    face up; discards sink under the menu, draws fly in from the top. The layout follows the
    engine's views after every move, so the picture is always a legal game."""

    MOVE_SECONDS = 0.6
    CARD_W = 100
    EXPEDITION_SCALE = 0.8
    SIDES = (350.0, 1570.0)

    def __init__(self, seed: int = 11) -> None:
        from game.bots.base import make_bot
        from game.core.registry import find_game
        from game.core.types import GameConfig
        from game.ui.look import cards_lost_cities as lc

        self.engine = find_game("lost-cities")
        self.config = GameConfig.make("lost-cities", 2, rounds=1)
        self.look = lc
        self.back = lc.card_back(self.CARD_W)
        self.shadow = drop_shadow((self.CARD_W, round(self.CARD_W * 1.4)), 8, 8, 100)
        self.make_bot = make_bot
        self.seed = seed
        self.sprites: dict[str, CardSprite] = {}
        self._unrendered = [card for card in lc.all_card_ids() if not card.startswith("lc-p")]
        self._new_game()

    def _new_game(self) -> None:
        self.state = self.engine.new_game(self.config, self.seed)
        self.bots = [self.make_bot("lost-cities", "easy", self.engine, seat, self.seed * 31 + seat) for seat in (0, 1)]
        self.sprites = {}
        self.wait = 0.4
        self.ending = 0.0
        self._layout()

    def _sprite(self, card: str) -> CardSprite:
        sprite = self.sprites.get(card)
        if sprite is None:
            sprite = CardSprite(card, self.look.card_face(card, self.CARD_W), self.back, (960.0, -180.0), face_up=False)
            sprite.shadow = self.shadow
            self.sprites[card] = sprite
        return sprite

    def _layout(self) -> None:
        """Send every card to where the current state puts it."""
        from game.ui.sprites import fan_layout

        placed: set[str] = set()
        for seat, cx in enumerate(self.SIDES):
            view = self.engine.view(self.state, seat)
            colours = view["colours"]
            hand = view["hand"]
            for i, ((pos, angle), card) in enumerate(zip(fan_layout(len(hand), (cx, 888.0), self.CARD_W, 540, 10, 16), hand)):
                sprite = self._sprite(card)
                sprite.z = 200 + i
                sprite.slide_to(pos, 0.4, angle=angle, scale=1.0)
                sprite.fade_to(255)
                if not sprite.face_up:
                    sprite.flip(True, delay=0.25)
                placed.add(card)
            for column, colour in enumerate(colours):
                x = cx + (column - (len(colours) - 1) / 2) * 88
                for depth, card in enumerate(view["expeditions"][seat][colour]):
                    sprite = self._sprite(card)
                    sprite.z = 10 + depth
                    sprite.slide_to((x, 470.0 + depth * 26), 0.4, angle=0.0, scale=self.EXPEDITION_SCALE)
                    sprite.fade_to(255)
                    if not sprite.face_up:
                        sprite.flip(True)
                    placed.add(card)
        for card, sprite in self.sprites.items():  # discards and anything else sink under the menu
            if card not in placed:
                sprite.z = 0
                sprite.slide_to((960.0, 760.0), 0.45, angle=0.0, scale=self.EXPEDITION_SCALE)
                sprite.fade_to(0, 0.45)

    def update(self, dt: float) -> None:
        if self._unrendered:  # draw the deck's faces one per step, so no frame renders a batch
            self.look.card_face(self._unrendered.pop(), self.CARD_W)
        for sprite in self.sprites.values():
            sprite.update(dt)
        if self.engine.is_over(self.state):
            self.ending += dt
            if self.ending > 4.0 and self.ending - dt <= 4.0:
                for i, sprite in enumerate(self.sprites.values()):
                    x, _ = sprite.pos.current  # type: ignore[misc]
                    sprite.slide_to((x, CANVAS_H + 260), 0.6, delay=(i % 12) * 0.03)
            if self.ending > 5.2:
                self.seed += 1
                self._new_game()
            return
        self.wait -= dt
        if self.wait > 0:
            return
        self.wait = self.MOVE_SECONDS
        seat = self.engine.active_seats(self.state)[0]
        action = self.bots[seat].choose(self.engine.view(self.state, seat), self.engine.legal_actions(self.state, seat))
        self.state, _ = self.engine.apply(self.state, action)
        self._layout()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        for sprite in sorted(self.sprites.values(), key=lambda c: c.z):
            sprite.draw(surface, alpha)


def make_attract() -> "AttractGame | AttractDeal":
    """Bots playing Lost Cities when its engine, bots and card art are here; else a card deal."""
    try:
        return AttractGame()
    except Exception as exc:  # a game still landing must never keep the title from opening
        log.info("attract mode deals cards instead of playing (%s)", exc)
        return AttractDeal()


class TitleScene(MenuScene):
    name = "title"
    hints = (("move", "Move"), ("confirm", "Select"))

    def __init__(self, app=None) -> None:
        super().__init__(app)
        self.attract = make_attract()
        self.has_save = False

    toast_rises = True

    def toast_area(self) -> pygame.Rect:
        """Toasts rise from the foot of the screen left of the menu, over the attract game's cards:
        at the top centre they covered the logo, and a saved game's long warning showed it through."""
        return footer_area(left=60, right=CANVAS_W // 2 - 270)

    def enter(self) -> None:
        super().enter()
        if self.app is not None and not self.app.headless:
            from game.ui.tables import preload_tables

            preload_tables()  # the picker opens without importing four tables on the click

    def build(self) -> None:
        self.has_save = autosave_path().exists()
        entries: list[tuple[str, object, str]] = [("Play", self.play, ""), ("LAN play", self.open_lan, "")]
        if self.has_save:
            entries.append(("Continue", self.continue_game, self._save_note()))
        entries += [("Settings", self.open_settings, ""), ("Rules", self.open_rules, ""), ("Quit", self.quit, "")]
        width, height, gap = 500, 76, 14
        top = MENU_BOTTOM - len(entries) * (height + gap)  # six entries still clear the logo
        buttons = []
        for i, (label, action, sub) in enumerate(entries):
            rect = (CANVAS_W // 2 - width // 2, top + i * (height + gap), width, height)
            buttons.append(Button(rect, label, action, sub, primary=(i == 0)))  # type: ignore[arg-type]
        # focus stays on the same button when Continue comes or goes (a failed Continue left it on
        # Settings, one row down, so the next Enter opened Settings); Continue gone: Play
        was = self.group.focused.label if self.group.widgets and self.group.focused is not None else "Play"
        labels = [button.label for button in buttons]
        self.group.widgets = buttons
        self.group.focus = labels.index(was) if was in labels else 0

    def resume(self) -> None:
        self.build()

    @staticmethod
    def _save_note() -> str:
        """"Lost Cities · 14 moves in" under Continue, so people know what they resume."""
        from game.core.registry import UnknownGame, game_info
        from game.session import SaveError, read_save
        from game.session.saves import NewerSaveError

        try:
            save = read_save(autosave_path())
        except NewerSaveError:
            return "saved by a newer Tabletime"
        except SaveError:
            return "the saved game looks damaged"
        try:
            title = game_info(save.config.game).title
        except UnknownGame:
            title = save.config.game
        # "Lost in Adventure: The Labyrinth · 120 moves in" filled the button edge to edge at 22 px
        title = title.split(": ")[-1]
        moves = len(save.actions)
        return f"{title} · {moves} move{'s' if moves != 1 else ''} in"

    # --- actions ---------------------------------------------------------------------------------
    def play(self) -> None:
        from game.ui.picker import GamePickerScene

        assert self.app is not None
        self.app.push(GamePickerScene(self.app))

    def open_lan(self) -> None:
        """Host a table or join one on this network."""
        from game.ui.lobby import LobbyScene

        assert self.app is not None
        self.app.push(LobbyScene(self.app))

    def continue_game(self) -> None:
        from game.session import SaveError, read_save, resume
        from game.ui.tables import table_scene_for

        assert self.app is not None
        path = autosave_path()
        try:
            watching = all(seat.kind == "bot" for seat in read_save(path).config.seats)
            session = resume(path, spectator=watching)
        except SaveError as exc:
            self.app.warn(f"The saved game cannot be continued: {exc}. {set_aside(path)}")
            self.build()
            return
        factory = table_scene_for(session.game_id)
        if factory is None:
            session.close()
            self.app.toast("That game's table has not landed yet; your save is kept.", "warning")
            return
        self.app.push(factory(self.app, session))

    def open_settings(self) -> None:
        from game.ui.settings_scene import SettingsScene

        assert self.app is not None
        self.app.push(SettingsScene(self.app))

    def open_rules(self) -> None:
        from game.ui.rules import RulesScene

        assert self.app is not None
        self.app.push(RulesScene(self.app))

    def quit(self) -> None:
        if self.app is not None:
            self.app.quit()

    def on_back(self) -> None:
        """Back on the title moves focus to Quit rather than quitting at once."""
        self.group.focus = len(self.group.widgets) - 1

    # --- loop ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.attract.update(dt)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        from game.ui.chrome import draw_background

        draw_background(surface)
        self.attract.draw(surface, alpha)
        glow = radial_alpha(900, P.LAMP, 70, 2.2)
        surface.blit(glow, glow.get_rect(center=(CANVAS_W // 2, 300)))
        self._draw_logo(surface)
        self.group.draw(surface)
        self.draw_hints(surface)

    def _draw_logo(self, surface: pygame.Surface) -> None:
        logo = None
        if self.app is not None:
            base = self.app.assets.image("logo")
            if base is not None:
                scale = min(1.0, 980 / base.get_width(), 360 / base.get_height())
                logo = self.app.assets.image_scaled("logo", (round(base.get_width() * scale),
                                                            round(base.get_height() * scale)))
        breathe = 0.0 if MOTION.reduced else 4.0 * math.sin(self.clock * 1.3)
        if logo is not None:
            surface.blit(logo, logo.get_rect(center=(CANVAS_W // 2, 270 + round(breathe))))
            return
        shadow = text_surface("TABLETIME", "display", 220, (0, 0, 0))
        word = text_surface("TABLETIME", "display", 220, P.IVORY)
        rect = word.get_rect(center=(CANVAS_W // 2, 260 + round(breathe)))
        surface.blit(shadow, rect.move(6, 8))
        surface.blit(word, rect)
        pygame.draw.rect(surface, P.BRASS, (rect.centerx - 200, rect.bottom - 6, 400, 6), border_radius=3)
        tag = text_surface("GAME NIGHT UNDER THE LAMP", "display", 44, P.BRASS_LIGHT)
        surface.blit(tag, tag.get_rect(center=(CANVAS_W // 2, rect.bottom + 36)))
