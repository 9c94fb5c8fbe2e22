"""Pure core: no pygame, no sockets. The engine contract, value types, RNG, wire and registry."""

from game.core.engine import Engine, Option, replay, state_hash
from game.core.registry import GAMES, GameInfo, UnknownGame, find_game, game_info, is_available
from game.core.rng import Rng
from game.core.types import (
    Action,
    Event,
    GameConfig,
    IllegalAction,
    InvalidAction,
    Outcome,
    SPECTATORS,
    SeatConfig,
    events_for,
    others,
    rank_by_score,
)
from game.core.wire import WireError, canonical, digest, pack, unpack

__all__ = [
    "Action", "Engine", "Event", "GAMES", "GameConfig", "GameInfo", "IllegalAction", "InvalidAction",
    "Option", "Outcome", "Rng", "SPECTATORS", "SeatConfig", "UnknownGame", "WireError", "canonical", "digest",
    "events_for", "find_game", "game_info", "others", "is_available", "pack", "rank_by_score", "replay",
    "state_hash", "unpack",
]
