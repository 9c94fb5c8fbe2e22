"""Pictures of each game's cards for its rules ("The cards" page), drawn by the look kit.

A game whose card art has not landed simply has no pictures; nothing here may break the rules
screen, so every failure is logged once and yields an empty strip.
"""

from __future__ import annotations

import importlib
import logging
from functools import lru_cache
from typing import Any, Callable

import pygame

log = logging.getLogger(__name__)

PICTURE_W = 140


def _lost_cities(width: int) -> list[pygame.Surface]:
    module = importlib.import_module("game.ui.look.cards_lost_cities")
    ids = ["lc-y-w1", "lc-b-03", "lc-w-06", "lc-g-08", "lc-r-10"]
    return [module.card_face(card, width) for card in ids]


def _time_after_time(width: int) -> list[pygame.Surface]:
    module = importlib.import_module("game.ui.look.cards_time_after_time")
    ids = ["tt-06-a", "tt-12-a", "tt-18-a", "tt-22-a", "tt-ghost-1"]
    return [module.card_face(card, width) for card in ids]


def _lost_in_time(width: int) -> list[pygame.Surface]:
    module = importlib.import_module("game.ui.look.cards_lost_in_time")
    samples: list[dict[str, Any]] = [
        {"id": "s1", "title": "First Olympic Games", "year": -776, "era": "antiquity", "kind": "event",
         "arrow": "past", "chips": 1},
        {"id": "s2", "title": "Printing press", "year": 1450, "era": "renaissance", "kind": "event",
         "arrow": "future", "chips": 0},
        {"id": "s3", "title": "Moon landing", "year": 1969, "era": "modern", "kind": "event",
         "arrow": "future", "chips": 2},
        {"id": "s4", "title": "Isaac Newton", "year": 1687, "era": "enlightenment", "kind": "vip",
         "arrow": "past", "chips": 0},
        {"id": "s5", "title": "Great Fire", "year": 1666, "era": "enlightenment", "kind": "disaster",
         "arrow": "past", "chips": 0},
    ]
    return [module.card_face(card, width) for card in samples]


BUILDERS: dict[str, Callable[[int], list[pygame.Surface]]] = {
    "lost-cities": _lost_cities,
    "time-after-time": _time_after_time,
    "lost-in-time": _lost_in_time,
}


@lru_cache(maxsize=8)
def card_pictures(game_id: str, width: int = PICTURE_W) -> tuple[pygame.Surface, ...]:
    """A few representative card faces of a game (empty when its art is not there yet)."""
    builder = BUILDERS.get(game_id)
    if builder is None:
        return ()
    try:
        return tuple(builder(width))
    except Exception as exc:  # art still landing or changed: the rules stay readable without pictures
        log.warning("no card pictures for %s in the rules: %s", game_id, exc)
        return ()


def is_picture_page(title: str) -> bool:
    return title.strip().lower().startswith("the cards")
