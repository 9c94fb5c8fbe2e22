"""Cooperative bots for the Labyrinth. They see only their view and legal actions — never the
scenario file — so they explore like players: read what is free, discover what is reachable, then
try items on the cards that want them, skipping what the table already tried (the view lists it)."""

from __future__ import annotations

import re
from typing import Any

from game.core.engine import Engine
from game.core.rng import Rng
from game.core.types import Action

_WORD = re.compile(r"[a-z]{4,}")
_COMMON = {"that", "with", "this", "from", "your", "they", "have", "there", "their", "into", "like", "every",
           "something", "which", "where", "when", "then", "than", "were", "what", "will", "them", "over"}


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in _WORD.findall(text.lower()) if w not in _COMMON}


class EasyBot:
    """Random legal moves, but never undo, never a walk onto a card already discovered and never a
    try the table has already seen come back face down."""

    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        self.engine, self.seat, self.rng = engine, seat, Rng.from_seed(seed, f"labyrinth-bot{seat}")

    def useful(self, view: dict[str, Any], legal: list[Action]) -> list[Action]:
        face_down = {entry["number"] for entry in view["map"] if entry["stack"][-1]["face"] == "down"}
        tried = {(entry["card"], tuple(items)) for cards in view["interactions"].values()
                 for entry in cards for items in entry["tried"]}
        keep = [a for a in legal if (a.kind == "interact" and (a["card"], tuple(a["items"])) not in tried)
                or (a.kind == "move" and a["to"] in face_down)]
        return keep or [a for a in legal if a.kind != "undo"] or legal

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(self.useful(view, legal))


class ExpertBot(EasyBot):
    """Discovery first, then free cards, then each item choice the table has not tried yet."""

    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        super().__init__(engine, seat, seed)
        self.tried: set[tuple[str, tuple[str, ...]]] = set()

    def item_rank(self, view: dict[str, Any], action: Action) -> float:
        """Lower is tried sooner; the expert has no clue to go by, so every untried choice ties."""
        return 0.0

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        for cards in view["interactions"].values():  # what the table already tried (public)
            for entry in cards:
                self.tried.update((entry["card"], tuple(items)) for items in entry["tried"])
        face_down = {entry["number"] for entry in view["map"] if entry["stack"][-1]["face"] == "down"}
        free = [a for a in legal if a.kind == "interact" and not a["items"]]
        discover = [a for a in legal if a.kind == "move" and a["to"] in face_down]
        with_items = [a for a in legal if a.kind == "interact" and a["items"]
                      and (a["card"], tuple(a["items"])) not in self.tried]
        if not (free or discover or with_items) and any(a.kind == "interact" for a in legal):
            self.tried.clear()  # everything tried once: something may have changed, go round again
            with_items = [a for a in legal if a.kind == "interact" and a["items"]]
        for group in (discover, free):  # see the whole map before spending anything
            if group:
                return group[0] if len(group) == 1 else self.rng.choice(group)
        if with_items:
            best = min(with_items, key=lambda a: (self.item_rank(view, a), self.rng.random()))
            return best
        end_turn = [a for a in legal if a.kind == "end_turn"]
        if end_turn:
            return end_turn[0]
        return self.rng.choice(self.useful(view, legal))


class MasterBot(ExpertBot):
    """As the expert, but first tries items whose names and texts echo the words of the card's
    scenery and of the latest texts read (the clues a careful player follows)."""

    def item_rank(self, view: dict[str, Any], action: Action) -> float:
        context: set[str] = set()
        number = None
        for cards in view["interactions"].values():
            for entry in cards:
                if entry["card"] == action["card"]:
                    number = entry["number"]
        for entry in view["map"]:
            top = entry["stack"][-1]
            if entry["number"] == number and top["face"] == "up":
                context |= _words(top.get("title", "") + " " + top.get("text", ""))
        for line in view["last"]:
            context |= _words(line["text"])
        names = {item["card"]: _words(item["name"] + " " + item["text"]) for item in view["items"]}
        overlap = sum(len(names.get(i, set()) & context) for i in action["items"])
        return -3 * overlap + super().item_rank(view, action)


BOTS = {"easy": EasyBot, "expert": ExpertBot, "master": MasterBot}
