"""The game picker: four tiles with their art, player counts and one-line pitch. A game is
playable when its engine and its table scene have both landed; otherwise it says "coming soon"."""

from __future__ import annotations

import pygame

from game.core.registry import GAMES, GameInfo
from game.session.records import Records, load_records
from game.ui.chrome import CANVAS_W, MenuScene, back_button, draw_background, draw_heading
from game.ui.look import palette as P
from game.ui.look.draw import drop_shadow
from game.ui.look.fonts import text_surface, wrap
from game.ui.tables import is_playable
from game.ui.hint_glyphs import hint_glyphs
from game.ui.input import Intent
from game.ui.widgets import Button, Widget, draw_focus, fit_px, panel_surface

TILE_W, TILE_H = 400, 250
CARD_H = 620  # room under the pitch for the kind of game and how long it takes

# How long a first game takes at one screen, measured from bot games (turns per game) at a
# newcomer's pace; a tile says it so a newcomer knows what they commit to.
PLAY_TIME: dict[str, str] = {
    "lost-cities": "about 25 min",
    "lost-in-time": "about 20 min",
    "time-after-time": "about 10 min",
    "labyrinth": "15–90 min",  # from the tutorial to the longest adventure
}


def players_text(info: GameInfo) -> str:
    if info.min_seats == info.max_seats:
        return f"{info.min_seats} players"
    if info.min_seats == 1:
        return f"1–{info.max_seats} players · co-op" if info.cooperative else f"1–{info.max_seats} players"
    return f"{info.min_seats}–{info.max_seats} players"  # a range takes an en dash, not a hyphen


def facts_text(info: GameInfo) -> str:
    """The tile's second line: the kind of game and how long it takes ("Competitive · about 10 min")."""
    kind = "Win or lose together" if info.cooperative else "Competitive"
    time = PLAY_TIME.get(info.game_id, "")
    return f"{kind} · {time}" if time else kind


def tile_record(records: Records, info: GameInfo) -> str:
    """A tile's corner line: "Won 3 of 5" ("Escaped 2 of 3" together), nothing before a first game."""
    record = records.games.get(info.game_id)
    if record is None or record.total.played == 0:
        return ""
    return f"{'Escaped' if info.cooperative else 'Won'} {record.total.won} of {record.total.played}"


class GameTile(Widget):
    def __init__(self, rect: pygame.Rect, info: GameInfo, playable: bool, art: pygame.Surface | None,
                 on_choose, record: str = "") -> None:
        super().__init__(rect, info.title)
        self.info = info
        self.record = record  # "Won 3 of 5": the player's record in this game, if any
        self.playable = playable
        self.art = art
        self.on_choose = on_choose
        self._text = self._render_text()

    def _render_text(self) -> pygame.Surface:
        """Title, players and pitch rendered once (menus re-render nothing per frame)."""
        width = self.rect.width - 48
        out = pygame.Surface((self.rect.width, self.rect.height - TILE_H), pygame.SRCALPHA)
        px = fit_px(self.info.title.upper(), "display", 52, width)
        y = 22
        title = text_surface(self.info.title.upper(), "display", px, P.IVORY)
        if px < 40:  # long titles (the Labyrinth) wrap onto two lines instead of shrinking
            lines = wrap(self.info.title.upper(), "display", 48, width)
            for line in lines:
                image = text_surface(line, "display", 48, P.IVORY)
                out.blit(image, (24, y))
                y += 46
        else:
            out.blit(title, (24, y))
            y += title.get_height() + 2
        players = text_surface(players_text(self.info), "ui-bold", 24, P.BRASS_LIGHT)
        out.blit(players, (24, y + 4))
        y += players.get_height() + 6
        facts_px = fit_px(facts_text(self.info), "ui", 22, width)
        facts = text_surface(facts_text(self.info), "ui", facts_px, P.BRASS_LIGHT)
        out.blit(facts, (24, y + 4))
        y += facts.get_height() + 16
        for line in wrap(self.info.pitch, "ui", 24, width):
            out.blit(text_surface(line, "ui", 24, P.IVORY_DIM), (24, y))
            y += 34
        return out

    def activate(self, device: str = "keyboard") -> None:
        self.on_choose(self)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        lift = 10 if focused else 0
        rect = self.rect.move(0, -lift)
        shadow = drop_shadow(rect.size, 18, 16, 150)
        surface.blit(shadow, (rect.x - 16 + 4, rect.y - 16 + 10 + lift))
        if focused:
            draw_focus(surface, rect, 18)
        surface.blit(panel_surface(rect.size, 18, (24, 24, 30, 240)), rect.topleft)
        art_rect = pygame.Rect(rect.x + 10, rect.y + 10, rect.width - 20, TILE_H - 20)
        if self.art is not None:
            surface.blit(self.art, art_rect.topleft)
        else:
            surface.blit(panel_surface(art_rect.size, 12, P.FELT_EDGE, P.BRASS_DARK, 2), art_rect.topleft)
            initial = text_surface(self.info.title.split(":")[0].upper(), "display", 60, P.BRASS)
            surface.blit(initial, initial.get_rect(center=art_rect.center))
        if not self.playable:
            soon = text_surface("COMING SOON", "display", 34, P.INK)
            badge = pygame.Rect(0, 0, soon.get_width() + 36, 48)
            badge.topright = (art_rect.right - 12, art_rect.y + 12)
            surface.blit(panel_surface(badge.size, 24, P.WARNING, P.INK, 2), badge.topleft)
            surface.blit(soon, soon.get_rect(center=(badge.centerx, badge.centery + 1)))
        surface.blit(self._text, (rect.x, rect.y + TILE_H))
        if self.playable:
            cta = text_surface("PRESS TO PLAY" if focused else "READY TO PLAY", "display", 34,
                               P.BRASS_LIGHT if focused else P.GOOD)
            surface.blit(cta, cta.get_rect(bottomleft=(rect.x + 24, rect.bottom - 18)))
            if self.record:
                tally = text_surface(self.record, "ui-bold", 22, P.IVORY_DIM)
                surface.blit(tally, tally.get_rect(bottomright=(rect.right - 24, rect.bottom - 22)))
        if focused:
            marker = text_surface("▲", "ui-bold", 28, P.BRASS_LIGHT)
            surface.blit(marker, marker.get_rect(midtop=(rect.centerx, self.rect.bottom + 14)))


class GamePickerScene(MenuScene):
    name = "picker"
    hints = (("move", "Move"), ("confirm", "Choose"), ("back", "Back"))

    def build(self) -> None:
        gap = 36
        total = 4 * TILE_W + 3 * gap
        left = (CANVAS_W - total) // 2
        records = load_records(self.app.warn if self.app is not None else (lambda message: None))
        tiles: list[Widget] = []
        for i, info in enumerate(GAMES):
            art = self.app.assets.image_scaled(f"tiles/{info.game_id}", (TILE_W - 20, TILE_H - 20)) if self.app else None
            rect = pygame.Rect(left + i * (TILE_W + gap), 300, TILE_W, CARD_H)
            tiles.append(GameTile(rect, info, is_playable(info.game_id), art, self.choose,
                                  tile_record(records, info)))
        back = back_button(self.on_back)
        rules = Button((back.rect.x - 24 - 300, back.rect.y, 300, back.rect.height), "How to play",
                       self.how_to_play)
        tiles.extend([rules, back])
        self.group.widgets = tiles
        self.group.focus = 0
        self.last_tile_game = GAMES[0].game_id  # the game How to play opens (the tile last in focus)

    def focused_game(self) -> str:
        """The game whose tile has the focus, or last had it (a pointer moving from a tile to the How
        to play button means that tile's game)."""
        focused = self.group.focused
        if isinstance(focused, GameTile):
            self.last_tile_game = focused.info.game_id
        return self.last_tile_game

    def update(self, dt: float) -> None:
        super().update(dt)
        self.focused_game()  # remembers the tile last in focus

    def how_to_play(self) -> None:
        """The rules of the game in focus, before choosing it (a newcomer reads before sitting down;
        the rules screen moves between games too)."""
        from game.ui.rules import RulesScene

        if self.app is not None:
            self.app.push(RulesScene(self.app, self.focused_game()))

    def unhandled(self, intent: Intent) -> None:
        if intent.kind == "hint":  # H or Y: the focused game's rules
            self.how_to_play()

    def draw_hints(self, surface: pygame.Surface) -> None:
        device = self.device()
        extra = (("hint", "How to play"),) if "hint" in hint_glyphs(device) else ()
        from game.ui.chrome import draw_hints

        draw_hints(surface, device, (*self.hints, *extra), backed=self.transparent)

    def choose(self, tile: GameTile) -> None:
        assert self.app is not None
        if not tile.playable:
            self.app.assets.play("invalid", 0.6)
            self.app.toast(f"{tile.info.title} is coming soon.", "info")
            return
        from game.ui.setup import SeatSetupScene

        self.app.push(SeatSetupScene(self.app, tile.info.game_id))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        draw_heading(surface, "Choose a game", "Four tables are set. Pick one and take a seat.")
        self.group.draw(surface)
        self.draw_hints(surface)
