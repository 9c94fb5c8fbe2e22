"""The Labyrinth tray's words on a small window: what print to ask the look kit's faces for.

At 1024x768 the canvas shows at 0.53, so the 21 px name on an item card read as 11 px and a
scroll's 19 px title as 10 px. Below the legible scale (`legible_factor` > 1) the tray asks the
look kit for an item's name (`name_px`) and a prophecy's title (`title_px`) `factor` times their
designed size; the kit sets them as large as its own layout lets them grow (every word whole,
inside the card; on a crowded tray's tiles and strips the size asked is the least, and a name too
long for it is cut with an ellipsis) and caches each face by the size asked. The table also lays a
crowded tray out for that print (`item_tray_rects` with the factor). From 1366x768 up nothing is asked, and
the faces are the look kit's as designed. This module only decides the size; the cards' geometry
is the look kit's.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.look.cards_labyrinth import (TILE_NAME_PX, item_card, item_name_lines, item_tile, prophecy,
                                         prophecy_strip, scroll_title_designed_px)

__all__ = ["asked_px", "item_name_px", "legible_item_card", "legible_item_tile", "legible_prophecy",
           "legible_prophecy_strip", "title_px"]


def asked_px(designed_px: int, factor: float) -> int | None:
    """The print to ask for on this window: `designed_px` grown by `factor`, or None (as designed)."""
    return None if factor <= 1.0 else round(designed_px * factor)


def item_name_px(look: dict[str, Any], width: int, factor: float) -> int | None:
    """The print asked for an item's name on a whole card `width` wide (None at factor 1)."""
    return asked_px(item_name_lines(str(look.get("name", "")), width)[0], factor)


def title_px(width: int, state: str, factor: float) -> int | None:
    """The print asked for a scroll's title: none for a sealed scroll (no title) or a wide one (it
    also carries its text, which a larger title would push off)."""
    if state == "sealed" or width >= 200:
        return None
    return asked_px(scroll_title_designed_px(width), factor)


def legible_item_card(look: dict[str, Any], width: int, factor: float) -> pygame.Surface:
    """An item card whose name reads at >= 70 % of its size on this window."""
    return item_card(look, width, item_name_px(look, width, factor))


def legible_item_tile(look: dict[str, Any], size: tuple[int, int], factor: float) -> pygame.Surface:
    """An item tile (a crowded tray) whose name reads larger on a small window."""
    return item_tile(look, size, asked_px(TILE_NAME_PX, factor))


def legible_prophecy(entry: dict[str, Any], width: int, state: str, factor: float) -> pygame.Surface:
    """A prophecy scroll whose title reads at >= 70 % of its size on this window."""
    return prophecy(entry, width, state, title_px(width, state, factor))


def legible_prophecy_strip(entry: dict[str, Any], size: tuple[int, int], state: str, factor: float) -> pygame.Surface:
    """A prophecy strip (a crowded tray) whose words read larger on a small window."""
    return prophecy_strip(entry, size, state, asked_px(TILE_NAME_PX, factor))
