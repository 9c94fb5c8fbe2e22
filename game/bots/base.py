"""The bot contract: a bot sees only its seat's view and legal actions, never the state."""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from game.core.engine import Engine
from game.core.rng import Rng
from game.core.types import Action, BOT_LEVELS

BOT_NAMES = ("Ada", "Basil", "Clio", "Dorian", "Esme", "Felix", "Greta", "Hugo")  # what bots are called


def bot_name(index: int) -> str:
    """A bot's name for seat `index` when nobody gave it one (never a bare "Seat 2")."""
    return BOT_NAMES[index % len(BOT_NAMES)]


BOT_MODULES = {
    "lost-cities": "game.bots.lost_cities",
    "lost-in-time": "game.bots.lost_in_time",
    "time-after-time": "game.bots.time_after_time",
    "labyrinth": "game.bots.labyrinth",
}


class Bot(Protocol):
    seat: int

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Pick one of `legal` (never empty) from what `view` shows. Deterministic given the seed."""
        ...


class RandomBot:
    """Uniformly random legal moves; the floor every level must beat."""

    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        self.engine, self.seat, self.rng = engine, seat, Rng.from_seed(seed, f"bot{seat}")

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)


def make_bot(game_id: str, level: str, engine: Engine, seat: int, seed: int) -> Bot:
    """A bot of `level` for `seat`. Each game's bot module exposes BOTS = {level: class}."""
    if level not in BOT_LEVELS and level != "random":
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(BOT_LEVELS)})")
    if level == "random":
        return RandomBot(engine, seat, seed)
    module_name = BOT_MODULES.get(game_id)
    if module_name is None:
        return RandomBot(engine, seat, seed)
    module = importlib.import_module(module_name)
    return module.BOTS[level](engine, seat, seed)
