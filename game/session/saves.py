"""Save files: the config, the seed and the actions (replay rebuilds the state, DESIGN.md), plus the
state hash to prove the replay. msgpack, written atomically. A bad file gives a clear SaveError."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.types import Action, GameConfig, InvalidAction
from game.core.wire import WireError, pack, unpack
from game.session.storage import atomic_write

SAVE_FORMAT = 1
MAX_SAVE_BYTES = 16 * 1024 * 1024


class SaveError(ValueError):
    """A save that cannot be resumed; the message says why. The file itself is left alone."""


@dataclass
class SaveGame:
    config: GameConfig
    seed: int
    actions: list[Action]
    state_hash: str

    def to_wire(self) -> dict:
        return {"format": SAVE_FORMAT, "config": self.config.to_wire(), "seed": self.seed,
                "actions": [a.to_wire() for a in self.actions], "hash": self.state_hash}

    @classmethod
    def from_wire(cls, data: object) -> "SaveGame":
        if not isinstance(data, dict):
            raise SaveError("not a Tabletime save")
        if data.get("format") != SAVE_FORMAT:
            raise SaveError(f"save format {data.get('format')!r} is not supported (expected {SAVE_FORMAT})")
        seed, actions, digest = data.get("seed"), data.get("actions"), data.get("hash")
        if isinstance(seed, bool) or not isinstance(seed, int) or not isinstance(actions, list) \
                or not isinstance(digest, str):
            raise SaveError("save is missing its seed, actions or hash")
        try:
            return cls(GameConfig.from_wire(data.get("config")), seed,
                       [Action.from_wire(a) for a in actions], digest)
        except (WireError, InvalidAction) as exc:
            raise SaveError(f"save is damaged: {exc}") from None


def write_save(path: Path, save: SaveGame) -> None:
    atomic_write(path, pack(save.to_wire()))


def read_save(path: Path) -> SaveGame:
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:  # not read into memory at all: no save is that large
            raise SaveError(f"{path.name} is too large to be a save ({path.stat().st_size // (1024 * 1024)} MB)")
        blob = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"cannot read {path.name}: {exc.strerror}") from None
    try:
        return SaveGame.from_wire(unpack(blob, MAX_SAVE_BYTES))
    except WireError as exc:
        raise SaveError(f"{path.name} is not a readable save ({exc})") from None


def resume(path: Path, **session_kwargs):
    """A LocalSession rebuilt from a save; SaveError if it cannot be replayed exactly."""
    from game.core.registry import UnknownGame, find_game
    from game.core.types import IllegalAction
    from game.session.local import LocalSession

    save = read_save(path)
    try:
        engine = find_game(save.config.game)
        session = LocalSession(save.config, save.seed, actions=save.actions, autosave=path, **session_kwargs)
    except UnknownGame as exc:
        raise SaveError(f"cannot resume: {exc}") from None
    except IllegalAction as exc:
        raise SaveError(f"save does not replay under the current rules: {exc}") from None
    if engine.state_hash(session.state) != save.state_hash:
        raise SaveError("save replays to a different position (rules changed since it was written)")
    return session
