"""The games Tabletime knows, and where each engine lives. A game whose module is missing is
listed (the picker shows it as "coming soon") but `find_game` refuses it."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import lru_cache

from game.core.engine import Engine


@dataclass(frozen=True, slots=True)
class GameInfo:
    game_id: str
    title: str
    min_seats: int
    max_seats: int
    pitch: str
    module: str
    cooperative: bool = False


GAMES: tuple[GameInfo, ...] = (
    GameInfo("lost-cities", "Lost Cities", 2, 2,
             "Fund five expeditions, wager on the bold ones, and never play a card backwards.",
             "game.rules.lost_cities"),
    GameInfo("lost-in-time", "Lost in Time", 2, 6,
             "Build a timeline that lands closest to 2031 – steal, sabotage, but never overshoot.",
             "game.rules.lost_in_time"),
    GameInfo("time-after-time", "Time After Time", 2, 4,
             "Fill seven hours in order with cards pulled from your neighbour's hand. Beware the Ghosts.",
             "game.rules.time_after_time"),
    GameInfo("labyrinth", "Lost in Adventure: The Labyrinth", 1, 6,
             "Together, explore four living labyrinths card by card and keep your favours lit.",
             "game.rules.labyrinth", cooperative=True),
)


class UnknownGame(KeyError):
    """No such game id, or its engine has not landed yet."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


def game_info(game_id: str) -> GameInfo:
    for info in GAMES:
        if info.game_id == game_id:
            return info
    ids = ", ".join(info.game_id for info in GAMES)
    raise UnknownGame(f"unknown game {game_id!r} (known: {ids})")


@lru_cache(maxsize=None)
def _load(module: str) -> Engine | None:
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and module.startswith(exc.name):
            return None
        raise
    return getattr(mod, "ENGINE", None)


def is_available(game_id: str) -> bool:
    return _load(game_info(game_id).module) is not None


_TEST_ENGINES: dict[str, Engine] = {}


def register_engine(engine: Engine) -> None:
    """Register an engine that is not in GAMES (the test-only engine)."""
    _TEST_ENGINES[engine.game_id] = engine


def find_game(game_id: str) -> Engine:
    """The engine for `game_id` (e.g. "lost-cities"); UnknownGame if unknown or not yet built."""
    if game_id in _TEST_ENGINES:
        return _TEST_ENGINES[game_id]
    engine = _load(game_info(game_id).module)
    if engine is None:
        raise UnknownGame(f"{game_info(game_id).title} is coming soon")
    return engine
