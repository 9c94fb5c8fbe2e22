"""The player's record: games finished at this machine with one person here, per game and per
opponent (the strongest bot at the table, or "people" when another person played).

Kept in `records.json` beside the settings, written atomically; an unreadable file is moved aside
(storage.load_json) and the record starts again, saying so. Only games seen to their end by a
table count, each once. Two Tabletime windows on one machine share the file: a record loaded from
disk remembers the games added to it, and `save_records` adds just those to what the file holds
now, under a lock, so neither window's games are lost.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from game.core.types import BOT_LEVELS, Outcome
from game.session.storage import data_dir, load_json, locked, save_json

RECORDS_FILE = "records.json"
RECORDS_FORMAT = 1
PEOPLE = "people"
OPPONENTS = (*BOT_LEVELS, PEOPLE)
MAX_GAMES = 1_000_000  # games in one tally: more is a damaged file, not a record
MAX_SCORE = 1_000  # a best score's size either way (a Labyrinth adventure scores -20 to 8)
OPPONENT_WORDS = {"easy": "Easy bots", "expert": "Expert bots", "master": "Master bots", PEOPLE: "people"}


@dataclass
class Tally:
    played: int = 0
    won: int = 0
    drawn: int = 0

    def to_json(self) -> list[int]:
        return [self.played, self.won, self.drawn]

    @classmethod
    def from_json(cls, data: Any) -> "Tally":
        if not (isinstance(data, list) and len(data) == 3 and all(type(n) is int and n >= 0 for n in data)):
            raise ValueError(f"a tally is [played, won, drawn], not {str(data)[:60]}")
        if data[0] > MAX_GAMES:  # nobody plays a million games: such a number is damage (it ran off the tiles)
            raise ValueError(f"{str(data[0])[:30]} games is not a real count")
        played, won, drawn = data
        if won + drawn > played:
            raise ValueError(f"more wins and draws than games in {data!r}")
        return cls(played, won, drawn)


@dataclass
class GameRecord:
    total: Tally = field(default_factory=Tally)
    against: dict[str, Tally] = field(default_factory=dict)
    # the best score in each variant that has one worth keeping (a Labyrinth adventure: its id)
    best: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"total": self.total.to_json(),
                                 "against": {who: t.to_json() for who, t in sorted(self.against.items())}}
        if self.best:  # (older Tabletimes read the file and leave this out)
            entry["best"] = dict(sorted(self.best.items()))
        return entry


Added = tuple[str, str, bool, bool, str | None, int | None]  # game, opponent, won, drawn, variant, score


@dataclass
class Records:
    games: dict[str, GameRecord] = field(default_factory=dict)
    # games added since this record was read from disk (None: not read from disk, saved as it is)
    added_since_load: list[Added] | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"format": RECORDS_FORMAT, "games": {game: r.to_json() for game, r in sorted(self.games.items())}}

    @classmethod
    def from_json(cls, data: Any) -> "Records":
        if not isinstance(data, dict) or data.get("format") != RECORDS_FORMAT:
            raise ValueError(f"not a Tabletime record (format {RECORDS_FORMAT})")
        games = data.get("games")
        if not isinstance(games, dict):
            raise ValueError("the record has no games")
        records = cls()
        for game, entry in games.items():
            if not isinstance(game, str) or not isinstance(entry, dict) or not isinstance(entry.get("against"), dict):
                raise ValueError(f"the record of {str(game)[:40]!r} is damaged")
            against = {}
            for who, tally in entry["against"].items():
                if who not in OPPONENTS:
                    raise ValueError(f"unknown opponent {str(who)[:40]!r} in the record of {game[:40]}")
                against[who] = Tally.from_json(tally)
            best = entry.get("best", {})
            if not isinstance(best, dict) or not all(isinstance(k, str) and len(k) <= MAX_VARIANT and type(v) is int
                                                     and abs(v) <= MAX_SCORE for k, v in best.items()):
                raise ValueError(f"the best scores of {game[:40]!r} are damaged")
            records.games[game] = GameRecord(Tally.from_json(entry.get("total")), against, dict(best))
        return records

    def add(self, game: str, opponent: str, won: bool, drawn: bool, variant: str | None = None,
            score: int | None = None) -> None:
        """Count a finished game; with a `variant` and a `score`, keep the best score in it."""
        if self.added_since_load is not None:
            self.added_since_load.append((game, opponent, won, drawn, variant, score))
        self._count(game, opponent, won, drawn, variant, score)

    def _count(self, game: str, opponent: str, won: bool, drawn: bool, variant: str | None = None,
               score: int | None = None) -> None:
        record = self.games.setdefault(game, GameRecord())
        for tally in (record.total, record.against.setdefault(opponent, Tally())):
            tally.played += 1
            tally.won += int(won)
            tally.drawn += int(drawn and not won)
        if variant is not None and score is not None and keepable_best(variant, score):
            record.best[variant] = max(score, record.best.get(variant, score))

    def best(self, game: str, variant: str) -> int | None:
        record = self.games.get(game)
        return None if record is None else record.best.get(variant)


MAX_VARIANT = 80  # a variant's id in the file (a Labyrinth adventure's is a word)


def keepable_best(variant: str, score: Any) -> bool:
    """A best score the record can keep: one `from_json` reads back. A score no game makes (a LAN
    host's result of 5000 in an adventure scored -20 to 8) counts the game but is not kept as a
    best: written, it made the whole file unreadable at the next start, and the record began again."""
    return (isinstance(variant, str) and 0 < len(variant) <= MAX_VARIANT and type(score) is int
            and abs(score) <= MAX_SCORE)


def opponent_of(kinds_and_levels: Iterable[tuple[str, str]]) -> str:
    """Who the person here played against: "people" if anyone else was a person, else the
    strongest bot level at the table."""
    others = list(kinds_and_levels)
    if any(kind != "bot" for kind, _ in others):
        return PEOPLE
    levels = [level for _, level in others if level in BOT_LEVELS]
    return max(levels, key=BOT_LEVELS.index) if levels else PEOPLE


FAINT_BELOW = 4  # a cooperative score under this (the Labyrinth's Apprentice) ends without a cheer


def faint_ending(outcome: Outcome) -> bool:
    """A cooperative story reached with an Apprentice's score (under 4: "you have completed the
    story, but the game still hides many secrets"): the results tell it plainly, without cheer, and
    the record does not count it as an adventure escaped."""
    numbers = [s for s in outcome.scores if isinstance(s, (int, float)) and not isinstance(s, bool)]
    return outcome.cooperative and bool(numbers) and max(numbers) < FAINT_BELOW


def outcome_for(outcome: Outcome, seat: int) -> tuple[bool, bool]:
    """(won, drawn) for `seat`: a shared win is a win; a game nobody won is a draw; a story that
    ended faintly is neither (played, not escaped)."""
    if faint_ending(outcome):
        return False, False
    won = seat in outcome.winners
    return won, (not outcome.winners or outcome.draw) and not won


def records_path() -> Path:
    return data_dir() / RECORDS_FILE


def load_records(warn: Callable[[str], None], path: Path | None = None) -> Records:
    loaded = load_json(path or records_path(), Records.from_json, warn, "your record starts again")
    records = loaded if isinstance(loaded, Records) else Records()
    records.added_since_load = []
    return records


def save_records(records: Records, path: Path | None = None) -> None:
    """Write the record. One read from disk is merged: the file is read again under the lock and
    only the games added since are counted into it, so another window's games stay (and `records`
    shows both afterwards). OSError if it cannot be written."""
    target = path or records_path()
    if records.added_since_load is None:
        save_json(target, records.to_json())
        return
    with locked(target):
        problems: list[str] = []
        current = load_json(target, Records.from_json, problems.append, "your record starts again")
        if not isinstance(current, Records):
            current = Records()
        for game, opponent, won, drawn, variant, score in records.added_since_load:
            current._count(game, opponent, won, drawn, variant, score)
        save_json(target, current.to_json())
    records.games = current.games
    records.added_since_load = []


def record_line(records: Records, game: str, title: str, opponent: str, cooperative: bool,
                best: str = "") -> str:
    """One line for the results screen: the whole record in this game, and against this opponent;
    `best` says the best score kept for the variant played ("Best in The Vault: 8, Hero"), on a
    line of its own."""
    record = records.games.get(game)
    if record is None or record.total.played == 0:
        return ""
    total = record.total
    if cooperative:
        line = f"Your record in {title}: {total.won} of {total.played} adventure{'s' if total.played != 1 else ''} escaped"
        return f"{line}\n{best}" if best else line
    line = f"Your record in {title}: {total.won} win{'s' if total.won != 1 else ''}"
    if total.drawn:  # a tie is not a loss: "0 wins in 1 game" after a drawn match read as one
        line += f", {total.drawn} draw{'s' if total.drawn != 1 else ''}"
    line += f" in {total.played} game{'s' if total.played != 1 else ''}"
    versus = record.against.get(opponent)
    if versus is not None and versus.played != total.played:
        line += f" · against {OPPONENT_WORDS[opponent]} {versus.won} of {versus.played}"
    return line
