"""A shipped Labyrinth adventure played through the engine by one seat, as the adventure tests
play it: start it, move the hero, use a card with items, read what a card says, replay a path."""

from __future__ import annotations

from game.core.types import Action
from game.rules.labyrinth import ENGINE
from game.rules.labyrinth.scenario import Scenario


class AdventurePlay:
    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario

    def start(self) -> dict:
        return ENGINE.start(self.scenario)

    @staticmethod
    def act(state: dict, kind: str, **args) -> dict:
        return ENGINE.apply(state, Action.make(0, kind, **args))[0]

    def move(self, state: dict, number: int) -> dict:
        return self.act(state, "move", to=number)

    def use(self, state: dict, card: str, *items: str) -> dict:
        return self.act(state, "interact", card=card, items=sorted(items))

    @staticmethod
    def texts_of(state: dict, card: str, *items: str) -> list[str]:
        """The texts a card would show if used now with `items` (the state is not changed)."""
        events = ENGINE.apply(state, Action.make(0, "interact", card=card, items=sorted(items)))[1]
        return [e["text"] for e in events if e.kind == "text"]

    def play(self, steps: list[tuple], state: dict | None = None) -> dict:
        """Replay ("move", number) and ("use", card, *items) steps, checking every state."""
        state = self.start() if state is None else state
        for step in steps:
            state = self.move(state, step[1]) if step[0] == "move" else self.use(state, step[1], *step[2:])
            ENGINE.check_invariants(state)
        return state
