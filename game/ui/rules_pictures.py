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


def _labyrinth(width: int) -> list[pygame.Surface]:
    """What the Labyrinth's "The cards" page names, left to right: a discovered scenery card, a
    face-down one, an interaction card wanting an item, an item, a sealed prophecy and a lit favour."""
    module = importlib.import_module("game.ui.look.cards_labyrinth")
    scenery = {"id": "rules-s1", "number": 1, "title": "The Fallen Grating",
               "picture": "a square stone cell, a round iron grating high in the ceiling letting in pale light, "
                          "a puddle on the floor, dark archways to the north and east",
               "arrows": {"north": 2, "east": 3}}
    hidden = {"id": "rules-s2", "number": 2, "arrows": {"south": 1, "north": 4}}
    interaction = {"id": "rules-i1", "number": 3, "dots": 2, "needs": 1}
    item = {"id": "rules-it", "letter": "A", "name": "Tinderbox"}
    sealed = {"id": "rules-p1", "number": 1}
    wide, narrow = round(width * 1.3), round(width * 0.86)  # landscape scenery, portrait cards: one strip
    return [module.scenery_face(scenery, wide), module.scenery_back(hidden, wide),
            module.interaction_back(interaction, narrow), module.item_card(item, narrow),
            module.prophecy(sealed, narrow, "sealed"), module.favour_token(True, round(width * 0.52))]


BUILDERS: dict[str, Callable[[int], list[pygame.Surface]]] = {
    "labyrinth": _labyrinth,
    "lost-cities": _lost_cities,
    "time-after-time": _time_after_time,
    "lost-in-time": _lost_in_time,
}


CAPTIONS: dict[str, tuple[str, ...]] = {  # the name under each picture, in the builders' order
    "lost-cities": ("Wager", "Blue 3", "White 6", "Green 8", "Red 10"),
    "lost-in-time": ("Event, past", "Event, future", "Event, 2 chips", "VIP +10", "Disaster +20"),
    "time-after-time": ("Earliest hour", "Time card", "Time card", "Latest hour", "Ghost"),
    "labyrinth": ("Scenery, up", "Scenery, down", "Interaction", "Item", "Prophecy", "Favour"),
}


def card_captions(game_id: str) -> tuple[str, ...]:
    """What each of the game's card pictures is, said under it (empty when it has no pictures)."""
    return CAPTIONS.get(game_id, ()) if card_pictures(game_id) else ()


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
    """The page that names the cards ("The cards…") gets their pictures."""
    return title.strip().lower().startswith("the cards")
