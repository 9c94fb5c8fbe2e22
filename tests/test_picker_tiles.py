"""The game picker tells a newcomer what each game is: players, co-op or competitive, and how long;
nothing on a tile is clipped or runs into its call to action."""

from __future__ import annotations

import pygame

from game.core.registry import GAMES, game_info
from game.ui.look.fonts import text_surface
from game.ui.picker import CARD_H, TILE_H, TILE_W, GameTile, facts_text
from game.ui.widgets import fit_px


def test_every_tile_says_co_op_or_competitive_and_how_long():
    assert facts_text(game_info("labyrinth")) == "Win or lose together · 15–90 min"
    assert facts_text(game_info("lost-cities")) == "Competitive · about 25 min"
    for info in GAMES:
        text = facts_text(info)
        assert "min" in text and ("Competitive" in text) != info.cooperative
        assert fit_px(text, "ui", 22, TILE_W - 48) >= 20  # fits the tile at a readable size


def test_tile_text_ends_above_the_call_to_action(data_dir):
    pygame.init()
    cta_top = CARD_H - 18 - text_surface("READY TO PLAY", "display", 34, (255, 255, 255)).get_height()
    for info in GAMES:
        tile = GameTile(pygame.Rect(0, 0, TILE_W, CARD_H), info, True, None, lambda tile: None)
        text = tile._text
        rows = [y for y in range(text.get_height())
                if any(text.get_at((x, y)).a > 40 for x in range(0, text.get_width(), 3))]
        assert rows and TILE_H + rows[-1] < cta_top - 6, info.game_id
        right = [x for x in range(text.get_width() - 1, 0, -1)
                 if any(text.get_at((x, y)).a > 40 for y in range(0, text.get_height(), 2))]
        assert right[0] < TILE_W - 20, info.game_id  # nothing runs past the tile's inner edge


def test_the_labyrinth_tile_counts_its_adventures_truly():
    """The tile says how many adventures ship: it must follow when one is added or removed."""
    from game.rules.labyrinth.scenario import shipped_scenarios

    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    assert f" {words[len(shipped_scenarios())]} living labyrinth" in game_info("labyrinth").pitch
