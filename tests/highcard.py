"""A tiny test-only engine: two seats, ten cards, three face-down tricks. It proves the harness
(contract, conformance, sessions, wire) before the real games exist."""

from __future__ import annotations

from typing import Any

from game.core.engine import Engine, Option
from game.core.registry import register_engine
from game.core.rng import Rng
from game.core.types import Action, Event, GameConfig, Outcome, others, rank_by_score

CARDS = [f"hc-{n}" for n in range(1, 11)]


def value(card: str) -> int:
    return int(card.split("-")[1])


class HighCard(Engine[dict]):
    game_id = "highcard"
    title = "High Card"
    min_seats = max_seats = 2
    options = (Option("tricks", "Tricks", ((3, "Three"), (1, "One"))),)

    def new_game(self, config: GameConfig, seed: int) -> dict:
        self.check_config(config)
        rng = Rng.from_seed(seed)
        deck = rng.shuffled(CARDS)
        tricks = self.option_value(config, "tricks")
        state = {"hands": [sorted(deck[:3]), sorted(deck[3:6])], "deck": deck[6:], "table": [None, None], "pile": [],
                 "won": [0, 0], "turn": 0, "tricks_left": tricks, "rng": rng.state}
        return state

    def active_seats(self, state: dict) -> list[int]:
        return [] if self.is_over(state) else [state["turn"]]

    def legal_actions(self, state: dict, seat: int) -> list[Action]:
        if self.is_over(state) or seat != state["turn"]:
            return []
        return [Action.make(seat, "play", card=c) for c in state["hands"][seat]]

    def _apply(self, state: dict, action: Action) -> list[Event]:
        seat, card = action.seat, action["card"]
        state["hands"][seat].remove(card)
        state["table"][seat] = card
        events = [Event.make("play", [seat], seat=seat, card=card),
                  Event.make("play", others(2, seat), seat=seat)]
        if None in state["table"]:
            state["turn"] = 1 - seat
            return events
        a, b = state["table"]
        winner = 0 if value(a) > value(b) else 1
        state["won"][winner] += 1
        events.append(Event.make("trick", None, cards=list(state["table"]), winner=winner))
        state["pile"].extend(state["table"])
        state["table"] = [None, None]
        state["tricks_left"] -= 1
        state["turn"] = winner
        return events

    def view(self, state: dict, seat: int | None) -> dict[str, Any]:
        return {
            "hand": list(state["hands"][seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in state["hands"]],
            "played": [c is not None and (c if i == seat else True) for i, c in enumerate(state["table"])],
            "won": list(state["won"]),
            "pile": list(state["pile"]),
            "turn": state["turn"],
            "over": self.is_over(state),
        }

    def is_over(self, state: dict) -> bool:
        return state["tricks_left"] == 0

    def result(self, state: dict) -> Outcome | None:
        if not self.is_over(state):
            return None
        scores = list(state["won"])
        ranking = rank_by_score(scores)
        return Outcome(tuple(scores), ranking, ranking[0] if len(ranking[0]) == 1 else ranking[0],
                       tuple(({"label": "Tricks", "value": s},) for s in scores), "High card wins tricks")

    def secrets(self, state: dict, seat: int | None) -> set[str]:
        hidden = set(state["deck"])
        for other in range(2):
            if other != seat:
                hidden.update(state["hands"][other])
                if state["table"][other] is not None:
                    hidden.add(state["table"][other])
        return hidden

    def check_invariants(self, state: dict) -> None:
        cards = state["deck"] + state["pile"] + state["hands"][0] + state["hands"][1] + [c for c in state["table"] if c]
        assert sorted(cards) == sorted(CARDS), "cards not conserved"


ENGINE = HighCard()
register_engine(ENGINE)
