"""Seat setup: how many seats, who sits in each (a person or a bot and its level), their names,
and the game's own options (RULINGS: the first choice is the default). Start opens the table."""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.core.engine import Engine
from game.core.registry import UnknownGame, find_game, game_info
from game.core.types import GameConfig, IllegalAction, SeatConfig
from game.session.storage import data_dir
from game.ui.chrome import MARGIN, MenuScene, back_button, draw_background, draw_heading
from game.ui.look import palette as P
from game.ui.look.fonts import text_surface, wrap
from game.ui.osk import OnScreenKeyboard
from game.ui.tables import table_scene_for
from game.ui.widgets import Button, OptionCycler, TextEntry, Widget

BOT_NAMES = ("Ada", "Basil", "Clio", "Dorian", "Esme", "Felix", "Greta", "Hugo")
WHO_CHOICES = (("human", "Person here"), ("easy", "Bot · Easy"), ("expert", "Bot · Expert"), ("master", "Bot · Master"))
ROW_H = 76
ROW_GAP = 14
OPTION_H = 104
LEFT_W = 1120
RIGHT_X = 1300
RIGHT_W = 500


class OptionsSetupScene(MenuScene):
    """What the solo seat setup and the LAN host setup share: the game's options in the right
    column with, below them, the game's tile picture or, in its place, the focused widget's help."""

    game_id: str
    art_bottom = 840  # the tile picture (or the focused widget's help) ends here

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.help_text = ""
        self._help_cache: tuple[str, list[pygame.Surface]] = ("", [])

    def update(self, dt: float) -> None:
        focused = self.group.focused
        self.help_text = getattr(focused, "help_text", "") if focused is not None else ""

    def draw_widgets_and_options(self, surface: pygame.Surface, option_count: int) -> None:
        """The OPTIONS heading (when there are any), the tile picture under the options or the
        focused widget's help there, and the widgets."""
        if option_count:
            head = text_surface("OPTIONS", "display", 40, P.BRASS_LIGHT)
            surface.blit(head, (RIGHT_X, 300 - head.get_height() - 6))
        options_end = 300 + option_count * (OPTION_H + ROW_GAP)
        art_h = min(312, self.art_bottom - options_end - 16)
        if self.app is not None and art_h >= 180 and not self.help_text:
            art = self.app.assets.image_scaled(f"tiles/{self.game_id}", (round(art_h * 1.6), art_h))
            if art is not None:
                surface.blit(art, art.get_rect(midbottom=(RIGHT_X + RIGHT_W // 2, self.art_bottom)))
        self.group.draw(surface)
        if self.help_text:
            if self._help_cache[0] != self.help_text:
                lines = wrap(self.help_text, "ui", 24, RIGHT_W)
                self._help_cache = (self.help_text, [text_surface(l, "ui", 24, P.IVORY_DIM) for l in lines])
            y = options_end + 8
            for image in self._help_cache[1]:
                surface.blit(image, (RIGHT_X, y))
                y += 32


class SeatSetupScene(OptionsSetupScene):
    name = "setup"
    hints = (("move", "Move"), ("confirm", "Change"), ("back", "Back"))
    art_bottom = 744  # room for "How to play" above "Start the game"

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.engine: Engine = find_game(game_id)
        try:
            info = game_info(game_id)
            self.title, self.pitch = info.title, info.pitch
        except UnknownGame:
            self.title, self.pitch = self.engine.title, ""
        player = app.settings.player_name if app is not None else "Player"
        self.seat_count = max(self.engine.min_seats, min(self.engine.max_seats, 2))
        self.who = ["human"] + ["expert"] * (self.engine.max_seats - 1)
        self.names = [player] + [BOT_NAMES[i % len(BOT_NAMES)] for i in range(self.engine.max_seats - 1)]
        self.options = {option.name: option.default for option in self.engine.options}

    # --- widgets ---------------------------------------------------------------------------------
    def build(self) -> None:
        keep = self.group.focus
        widgets: list[Widget] = []
        top = 300
        counts = [(n, f"{n} seat{'s' if n > 1 else ''}") for n in range(self.engine.min_seats, self.engine.max_seats + 1)]
        seats = OptionCycler((MARGIN, top, LEFT_W, ROW_H), "Seats at the table", counts,
                             self.seat_count - self.engine.min_seats, self.set_seat_count)
        seats.enabled = len(counts) > 1
        widgets.append(seats)
        for seat in range(self.seat_count):
            y = top + (seat + 1) * (ROW_H + ROW_GAP) + 10
            entry = TextEntry((MARGIN, y, 560, ROW_H), f"Seat {seat + 1}", self.names[seat],
                              lambda text, s=seat: self.set_name(s, text), max_len=16,
                              open_keyboard=self.open_keyboard,
                              start_text=self.app.input.start_text if self.app else None,
                              stop_text=self.app.input.stop_text if self.app else None)
            who_index = [value for value, _ in WHO_CHOICES].index(self.who[seat])
            who = OptionCycler((MARGIN + 580, y, LEFT_W - 580, ROW_H), "Plays", WHO_CHOICES, who_index,
                               lambda value, s=seat: self.set_who(s, value))
            widgets += [entry, who]
        y = top
        for option in self.engine.options:
            index = [value for value, _ in option.choices].index(self.options[option.name])
            cycler = OptionCycler((RIGHT_X, y, RIGHT_W, OPTION_H), option.label, option.choices, index,
                                  lambda value, name=option.name: self.set_option(name, value), option.help,
                                  stacked=True)
            widgets.append(cycler)
            y += OPTION_H + ROW_GAP
        widgets.append(Button((RIGHT_X, 760, RIGHT_W, 80), "How to play", self.how_to_play, px=32))
        widgets.append(Button((RIGHT_X, 860, RIGHT_W, 96), "Start the game", self.start, primary=True, px=40))
        widgets.append(back_button(self.on_back))
        self.group.widgets = widgets
        self.group.focus = min(keep, len(widgets) - 1)

    def how_to_play(self) -> None:
        """This game's rules, from where people choose to play it."""
        from game.ui.rules import RulesScene

        if self.app is not None:
            self.app.push(RulesScene(self.app, self.game_id))

    def open_keyboard(self, entry: TextEntry) -> None:
        if self.app is not None:
            self.app.push(OnScreenKeyboard(self.app, entry))

    def set_seat_count(self, count: int) -> None:
        self.seat_count = count
        self.build()

    def set_name(self, seat: int, text: str) -> None:
        self.names[seat] = text

    def set_who(self, seat: int, value: str) -> None:
        self.who[seat] = value

    def set_option(self, name: str, value: object) -> None:
        self.options[name] = value

    # --- start -----------------------------------------------------------------------------------
    def config(self) -> GameConfig:
        seats = []
        for seat in range(self.seat_count):
            name = self.names[seat].strip() or f"Seat {seat + 1}"
            who = self.who[seat]
            seats.append(SeatConfig("human", name) if who == "human" else SeatConfig("bot", name, who))
        return GameConfig.make(self.game_id, seats, **self.options)

    def start(self) -> None:
        from game.session import LocalSession

        assert self.app is not None
        factory = table_scene_for(self.game_id)
        if factory is None:
            self.app.toast(f"{self.title} is coming soon.", "info")
            return
        try:
            config = self.config()
            seed = time.time_ns() & 0xFFFF_FFFF
            watching = all(seat.kind == "bot" for seat in config.seats)  # bots only: watch as a spectator
            session = LocalSession(config, seed, autosave=data_dir() / "autosave.tt", spectator=watching)
        except (IllegalAction, ValueError) as exc:
            self.app.assets.play("invalid")
            self.app.toast(f"Cannot start: {exc}", "error")
            return
        self.app.assets.play("shuffle")
        self.app.push(factory(self.app, session))

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface, P.GAME_TABLE_TONE.get(self.game_id, "green"))
        draw_heading(surface, self.title, "Who is playing? People at this screen take turns; bots play themselves.")
        head = text_surface("SEATS", "display", 40, P.BRASS_LIGHT)
        surface.blit(head, (MARGIN, 300 - head.get_height() - 6))
        self.draw_widgets_and_options(surface, len(self.engine.options))
        self.draw_hints(surface)
