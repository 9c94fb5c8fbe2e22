"""The game picker: four tiles with their art, player counts and one-line pitch. A game is
playable when its engine and its table scene have both landed; otherwise it says "coming soon"."""

from __future__ import annotations

import pygame

from game.core.registry import GAMES, GameInfo
from game.session.records import Records, load_records
from game.ui.chrome import CANVAS_W, MenuScene, back_button, draw_background, draw_heading
from game.ui.look import palette as P
from game.ui.look.draw import drop_shadow
from game.ui.look.fonts import legible_factor, text_surface, wrap
from game.ui.tables import is_playable
from game.ui.hint_glyphs import hint_glyphs
from game.ui.input import Intent
from game.ui.toast import RisingToasts
from game.ui.widgets import Button, Widget, draw_focus, fit_px, panel_surface

TILE_W, TILE_H = 400, 250
CARD_H = 620  # room under the pitch for the kind of game and how long it takes
TILES_TOP = 300
TILE_GAP = 36
CTA_ROOM = 18 + 41 + 16  # the call to action at a tile's foot ("READY TO PLAY", 34 px display), and a gap

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


SMALL_TILE_W, SMALL_TILE_GAP = 428, 20  # a small window's tiles: as wide as the row allows
TALLEST_TILE = 688  # from 262 (the lifted, glowing tile clears the subtitle) to 950 (a two-line toast)


def tile_row(grow: float = 1.0) -> tuple[int, int, int, int]:
    """The tiles' width, the gap between them, their top and their height for type `grow` times
    its size: as designed from 1366x768 up; on a smaller window, whose larger type (`legible_px`:
    the pitches showed 13 px high on 1024x768) needs the room, wider, and as much taller (from
    higher up, down to the hints) as their tallest text needs."""
    if grow == 1.0:
        return TILE_W, TILE_GAP, TILES_TOP, CARD_H
    text = max(tile_text_height(info, SMALL_TILE_W - 48, grow) for info in GAMES)
    height = max(CARD_H, min(TALLEST_TILE, TILE_H + text + CTA_ROOM))
    top = TILES_TOP - round((height - CARD_H) * (TILES_TOP - 262) / (TALLEST_TILE - CARD_H))
    return SMALL_TILE_W, SMALL_TILE_GAP, top, height


def tile_lines(info: GameInfo, width: int, grow: float = 1.0) -> list[tuple[str, str, int, tuple[int, ...], int]]:
    """A tile's text under its picture as (text, role, px, colour, y) rows, `width` wide: the title
    (two lines for the Labyrinth's rather than shrinking), players, the kind of game and its time
    (two lines where one would shrink it), and the pitch; the small type `grow` times as large (a
    small window's `legible_factor`)."""
    rows: list[tuple[str, str, int, tuple[int, ...], int]] = []
    title = info.title.upper()
    px = fit_px(title, "display", 52, width)
    y = 22
    if px < 40:  # long titles (the Labyrinth) wrap onto two lines instead of shrinking
        for line in wrap(title, "display", 48, width):
            rows.append((line, "display", 48, P.IVORY, y))
            y += 46
    else:
        rows.append((title, "display", px, P.IVORY, y))
        y += text_surface(title, "display", px, P.IVORY).get_height() + 2
    players_px = round(24 * grow)
    rows.append((players_text(info), "ui-bold", players_px, P.BRASS_LIGHT, y + 4))
    y += round(players_px * 29 / 24) + 6
    facts_px = round(22 * grow)
    facts = [facts_text(info)] if fit_px(facts_text(info), "ui", facts_px, width) >= facts_px - 2 \
        else facts_text(info).split(" · ", 1)
    for line in facts:
        px = fit_px(line, "ui", facts_px, width)
        rows.append((line if line is facts[-1] or len(facts) == 1 else line + " ·", "ui", px, P.BRASS_LIGHT, y + 4))
        y += round(facts_px * 27 / 22)
    y += 16
    pitch_px = round(24 * grow)
    for line in wrap(info.pitch, "ui", pitch_px, width):
        rows.append((line, "ui", pitch_px, P.IVORY_DIM, y))
        y += round(pitch_px * 34 / 24)
    return rows


def tile_text_height(info: GameInfo, width: int, grow: float = 1.0) -> int:
    """How far down a tile's text reaches from the top of its text area."""
    line, role, px, _, y = tile_lines(info, width, grow)[-1]
    return y + text_surface(line, role, px, P.IVORY).get_height()


def crop_art(art: pygame.Surface | None, size: tuple[int, int]) -> pygame.Surface | None:
    """A tile's picture (scaled to the tile's width) cut to `size`, its foot kept: where the tiles
    grow their type on a small window the picture is shorter, and its lower part holds the game's
    name and its cards."""
    if art is None or art.get_size() == size:
        return art
    if art.get_width() != size[0]:
        art = pygame.transform.smoothscale(art, (size[0], round(art.get_height() * size[0] / art.get_width())))
    height = min(size[1], art.get_height())
    return art.subsurface((0, art.get_height() - height, size[0], height)).copy()


class GameTile(Widget):
    def __init__(self, rect: pygame.Rect, info: GameInfo, playable: bool, art: pygame.Surface | None,
                 on_choose, record: str = "", art_h: int = TILE_H, grow: float = 1.0) -> None:
        super().__init__(rect, info.title)
        self.info = info
        self.record = record  # "Won 3 of 5": the player's record in this game, if any
        self.playable = playable
        self.art_h = art_h  # the picture's band at the tile's top (shorter on a small window)
        self.grow = grow  # how much larger its small type is drawn (a small window's `legible_factor`)
        self.art = art
        self.on_choose = on_choose
        self._text = self._render_text()

    def _render_text(self) -> pygame.Surface:
        """Title, players and pitch rendered once (menus re-render nothing per frame)."""
        out = pygame.Surface((self.rect.width, self.rect.height - self.art_h), pygame.SRCALPHA)
        for text, role, px, colour, y in tile_lines(self.info, self.rect.width - 48, self.grow):
            out.blit(text_surface(text, role, px, colour), (24, y))
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
        art_rect = pygame.Rect(rect.x + 10, rect.y + 10, rect.width - 20, self.art_h - 20)
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
        surface.blit(self._text, (rect.x, rect.y + self.art_h))
        if self.playable:
            cta = text_surface("PRESS TO PLAY" if focused else "READY TO PLAY", "display", 34,
                               P.BRASS_LIGHT if focused else P.GOOD)
            surface.blit(cta, cta.get_rect(bottomleft=(rect.x + 24, rect.bottom - 18)))
            if self.record:
                tally = text_surface(self.record, "ui-bold", round(22 * self.grow), P.IVORY_DIM)
                surface.blit(tally, tally.get_rect(bottomright=(rect.right - 24, rect.bottom - 22)))
        if focused:
            marker = text_surface("▲", "ui-bold", 28, P.BRASS_LIGHT)
            surface.blit(marker, marker.get_rect(midtop=(rect.centerx, self.rect.bottom + 14)))


class GamePickerScene(RisingToasts, MenuScene):
    name = "picker"
    hints = (("move", "Move"), ("confirm", "Choose"), ("back", "Back"))

    def build(self) -> None:
        grow = legible_factor()
        width, gap, top, height = tile_row(grow)
        total = 4 * width + 3 * gap
        left = (CANVAS_W - total) // 2
        records = load_records(self.app.warn if self.app is not None else (lambda message: None))
        tallest = max(tile_text_height(info, width - 48, grow) for info in GAMES)
        art_h = min(TILE_H, height - tallest - CTA_ROOM)  # every tile's picture as tall, its text above its foot
        tiles: list[Widget] = []
        for i, info in enumerate(GAMES):
            rect = pygame.Rect(left + i * (width + gap), top, width, height)
            tiles.append(GameTile(rect, info, is_playable(info.game_id), self.tile_art(info, width - 20, art_h - 20),
                                  self.choose, tile_record(records, info), art_h, grow))
        back = back_button(self.on_back)
        rules = Button((back.rect.x - 24 - 300, back.rect.y, 300, back.rect.height), "How to play",
                       self.how_to_play)
        tiles.extend([rules, back])
        self.group.widgets = tiles
        self.group.focus = 0
        self.last_tile_game = GAMES[0].game_id  # the game How to play opens (the tile last in focus)

    def shown_hints(self) -> tuple[tuple[str, str], ...]:
        """The hint row's actions: How to play too where the device has a key for it."""
        return (*self.hints, *((("hint", "How to play"),) if "hint" in hint_glyphs(self.device()) else ()))

    def tile_art(self, info: GameInfo, width: int, height: int) -> pygame.Surface | None:
        """A tile's picture: as designed, scaled to its band; on a small window's shorter band, the
        picture at its own shape cut to the band, its foot kept (`crop_art`)."""
        if self.app is None:
            return None
        name = f"tiles/{info.game_id}"
        if (width, height) == (TILE_W - 20, TILE_H - 20):
            return self.app.assets.image_scaled(name, (width, height))
        base = self.app.assets.image(name)
        if base is None:
            return None
        return crop_art(self.app.assets.image_scaled(name, (width, round(base.get_height() * width / base.get_width()))),
                        (width, height))

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
        from game.ui.chrome import draw_hints

        draw_hints(surface, self.device(), self.shown_hints(), backed=self.transparent)

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
