"""Save files: the config, the seed and the actions (replay rebuilds the state, DESIGN.md), plus the
state hash to prove the replay and the hash of the starting position (so a save whose content
changed, e.g. an edited Labyrinth scenario file, says so rather than blaming the rules). msgpack,
written atomically. A bad file, one from another version of Tabletime, or one that no longer
replays gives a clear SaveError; the file itself is never touched here."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.core.types import Action, GameConfig, InvalidAction
from game.core.wire import WireError, pack, unpack
from game.session.storage import atomic_write

SAVE_FORMAT = 1
MAX_SAVE_BYTES = 16 * 1024 * 1024


class SaveError(ValueError):
    """A save that cannot be resumed; the message says why. The file itself is left alone."""


class NewerSaveError(SaveError):
    """A save written by a newer Tabletime: whole, just not readable here (say so, not "damaged")."""


@dataclass
class SaveGame:
    config: GameConfig
    seed: int
    actions: list[Action]
    state_hash: str
    start_hash: str = ""  # the position before the first action; "" in saves written before it existed
    # seat -> the number of the gamepad that seat claimed at a TV ("Pad 2"): Continue gives each
    # person their pad back. Optional: a save without it (or a Tabletime that ignores it) shares every pad
    pads: dict[int, int] = field(default_factory=dict)
    # what a table keeps beside the game that is no game action (the Labyrinth's hint count, key
    # "labyrinth_hints"; the seats across a touch table, "far_seats" as bits): short names to small counts. Optional: a save without it (or a Tabletime
    # that ignores it) resumes with the table's defaults
    table: dict[str, int] = field(default_factory=dict)

    def to_wire(self) -> dict:
        wire = {"format": SAVE_FORMAT, "config": self.config.to_wire(), "seed": self.seed,
                "actions": [a.to_wire() for a in self.actions], "hash": self.state_hash}
        if self.start_hash:
            wire["start"] = self.start_hash  # optional: a Tabletime without it ignores the key
        if self.pads:
            wire["pads"] = [[seat, number] for seat, number in sorted(self.pads.items())]
        if self.table:
            wire["table"] = dict(sorted(self.table.items()))
        return wire

    @classmethod
    def from_wire(cls, data: object) -> "SaveGame":
        if not isinstance(data, dict):
            raise SaveError("it is not a Tabletime save")
        version = data.get("format")
        if version != SAVE_FORMAT:
            newer = isinstance(version, int) and not isinstance(version, bool) and version > SAVE_FORMAT
            raise (NewerSaveError if newer else SaveError)(format_problem(version))
        seed, actions, digest = data.get("seed"), data.get("actions"), data.get("hash")
        start = data.get("start", "")
        if isinstance(seed, bool) or not isinstance(seed, int) or not isinstance(actions, list) \
                or not isinstance(digest, str) or not isinstance(start, str):
            raise SaveError("the save is missing its seed, moves or check")
        seats = data.get("config", {}).get("seats") if isinstance(data.get("config"), dict) else None
        if isinstance(seats, list) and any(isinstance(seat, dict) and isinstance(seat.get("name"), str)
                                           and not seat["name"].isprintable() for seat in seats):
            # a NUL cannot be drawn: the table crashed on the first frame (the name is in the rules'
            # state, so it cannot be cleaned without the moves replaying to another position)
            raise SaveError("the save is damaged (a seat's name holds characters that cannot be shown)")
        try:
            return cls(GameConfig.from_wire(data.get("config")), seed,
                       [Action.from_wire(a) for a in actions], digest, start, saved_pads(data.get("pads", [])),
                       saved_table(data.get("table", {})))
        except (WireError, InvalidAction) as exc:
            raise SaveError(f"the save is damaged ({exc})") from None
        except (TypeError, ValueError) as exc:  # what the wire readers do not name themselves (the save fuzzer)
            raise SaveError(f"the save is damaged (a move cannot be read: {exc})") from None


def saved_pads(data: object) -> dict[int, int]:
    """The seats' claimed pad numbers as saved; anything malformed reads as none (the game itself is
    fine without them: every pad plays every seat)."""
    if not isinstance(data, list) or len(data) > 64:
        return {}
    pads: dict[int, int] = {}
    for pair in data:
        if not (isinstance(pair, list) and len(pair) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1000 for v in pair)):
            return {}
        pads[pair[0]] = pair[1]
    return pads


def saved_table(data: object) -> dict[str, int]:
    """A table's kept counts as saved; anything malformed reads as none (the game is fine without)."""
    if not isinstance(data, dict) or len(data) > 32:
        return {}
    if not all(isinstance(k, str) and len(k) <= 64 and isinstance(v, int) and not isinstance(v, bool)
               and 0 <= v < 1_000_000 for k, v in data.items()):
        return {}
    return dict(data)


def format_problem(version: object) -> str:
    """Why a save of another format cannot be read, in a player's words."""
    if isinstance(version, int) and not isinstance(version, bool):
        if version > SAVE_FORMAT:
            return (f"it was saved by a newer version of Tabletime (save format {version}; this version "
                    f"reads format {SAVE_FORMAT}) - update Tabletime to continue it")
        return f"it was saved by an older version of Tabletime in a format this version no longer reads ({version})"
    return "it is not a Tabletime save (it has no save format)"


def write_save(path: Path, save: SaveGame, sync_folder: bool = True) -> None:
    atomic_write(path, pack(save.to_wire()), sync_folder)


def read_save(path: Path) -> SaveGame:
    try:
        if path.is_dir():
            raise SaveError(f"{path.name} is a folder, not a save")
        if not path.is_file():  # a pipe or a device: reading it would wait for ever (or never end)
            raise SaveError(f"{path.name} is not a file")
        if path.stat().st_size > MAX_SAVE_BYTES:  # not read into memory at all: no save is that large
            raise SaveError(f"{path.name} is too large to be a save ({path.stat().st_size // (1024 * 1024)} MB)")
        blob = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"cannot read {path.name}: {exc.strerror}") from None
    if not blob:
        raise SaveError(f"{path.name} is empty")
    try:
        return SaveGame.from_wire(unpack(blob, MAX_SAVE_BYTES))
    except WireError as exc:
        raise SaveError(f"{path.name} is damaged: it is cut short or is not a Tabletime save ({exc})") from None


CONTENT_WORDS = {"labyrinth": "its scenario file"}  # games whose content lives in files a player can edit


def content_changed(game: str) -> str:
    return f"{CONTENT_WORDS.get(game, 'the game it was played with')} has changed since it was saved"


def same_position(engine, state, saved_hash: str) -> bool:
    """Whether a save's hash names this position: today's hash, or one an older Tabletime wrote for
    it (`Engine.past_state_hashes`: a Labyrinth game saved before its scenario was reworded)."""
    return saved_hash == engine.state_hash(state) or saved_hash in engine.past_state_hashes(state)


def check_start(engine, save: SaveGame) -> None:
    """The starting position must be the one the save began from; SaveError naming the content
    (a scenario file missing, unreadable or edited) when it is not, before any move is replayed."""
    try:
        start = engine.new_game(save.config, save.seed)
    except (OSError, ValueError) as exc:  # FileNotFoundError, ScenarioError, ScenarioChanged
        raise SaveError(f"{content_changed(save.config.game)} ({exc})") from None
    if save.start_hash and not same_position(engine, start, save.start_hash):
        raise SaveError(content_changed(save.config.game))


def resume(path: Path, **session_kwargs):
    """A LocalSession rebuilt from a save; SaveError (never anything else) if it cannot be replayed
    exactly, so Continue can set the save aside with a message instead of failing every time."""
    from game.core.registry import UnknownGame, find_game
    from game.session.local import LocalSession

    save = read_save(path)
    if any(seat.kind == "remote" for seat in save.config.seats):  # nobody here could play those seats
        raise SaveError("it is a LAN table's save (seats played from other machines): host it again "
                        "from LAN play, where the last hosted table can be resumed")
    try:
        engine = find_game(save.config.game)
    except UnknownGame as exc:
        raise SaveError(f"it is a game this version does not have ({exc})") from None
    check_start(engine, save)
    try:
        session = LocalSession(save.config, save.seed, actions=save.actions, autosave=path, **session_kwargs)
    except Exception as exc:  # IllegalAction, a bad option, content that fails mid-replay: all the same here
        raise SaveError(f"its moves do not replay under this version's rules ({exc})") from None
    if not same_position(engine, session.state, save.state_hash):
        raise SaveError("its moves replay to a different position (the rules changed since it was saved)")
    session.table_state = dict(save.table)
    session.pad_numbers = {seat: number for seat, number in save.pads.items()
                           if 0 <= seat < len(save.config.seats) and save.config.seats[seat].kind == "human"}
    return session
