"""Random-playout conformance for any engine (OpenSpiel's random_sim_test, for our contract).

Each playout checks, at every step: some seat is active and has legal actions until the end; an
action that is not legal raises IllegalAction and changes nothing; a legal one never mutates the
state it was given; actions, views and events survive the msgpack wire; the engine's invariants
hold; every view, as it arrives over the wire, passes the engine's own `check_view`, and the seat's
legal moves beside it its `check_moves` (a LAN guest refuses what fails them, so nothing honest
may); and no view or event a seat receives contains a secret of that seat. At the end, replaying
(config, seed, actions) reproduces the state hash and the result is an Outcome.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from game.core.engine import Engine
from game.core.rng import Rng
from game.core.types import Action, Event, GameConfig, IllegalAction, Outcome, events_for
from game.core.wire import iter_scalars, pack, unpack

Policy = Callable[[list[Action], Rng, Any], Action]


def uniform_policy(legal: list[Action], rng: Rng, state: Any) -> Action:
    return rng.choice(legal)


@dataclass
class PlayoutStats:
    games: int = 0
    actions: int = 0
    max_actions: int = 0
    outcomes: list[Outcome] = field(default_factory=list)


class ConformanceError(AssertionError):
    pass


def _leaks(data: Any, secrets: set[str]) -> set[str]:
    if not secrets:
        return set()
    return {s for s in iter_scalars(data) if isinstance(s, str) and s in secrets}


def check_view_and_events(engine: Engine, state: Any, events: list[Event], before_secrets: dict,
                          seats: list[int | None], where: str, actor: int | None = None,
                          config: GameConfig | None = None) -> None:
    """Views must hold no secret of their seat and (given the game's `config`) pass the engine's
    `check_view`. Events must hold nothing that was secret to their seat both before and after the
    action - except, for the acting seat, what was hidden from every seat before (a card it drew
    from the deck may be reshuffled out of sight in the same action)."""
    hidden_from_all: set[str] = set()
    if before_secrets:
        hidden_from_all = set.intersection(*(set(v) for v in before_secrets.values()))
    for seat in seats:
        after = engine.secrets(state, seat)
        view = engine.view(state, seat)
        wire_view = unpack(pack(view))
        leaked = _leaks(wire_view, after)
        if leaked:
            raise ConformanceError(f"{where}: view of seat {seat} leaks {sorted(leaked)[:5]}")
        if config is not None:
            problem = engine.view_problem(wire_view, seat, config)
            if problem is not None:
                raise ConformanceError(f"{where}: the honest view of seat {seat} fails check_view: {problem}")
            legal = [] if seat is None or engine.is_over(state) else engine.legal_actions(state, seat)
            wire_legal = [Action.from_wire(unpack(pack(action.to_wire()))) for action in legal]
            problem = engine.moves_problem(wire_view, wire_legal, seat, config)
            if problem is not None:
                raise ConformanceError(f"{where}: the honest moves of seat {seat} fail check_moves: {problem}")
        both = after & before_secrets.get(seat, after)
        if seat is not None and seat == actor:
            both -= hidden_from_all
        for event in events_for(events, seat):
            wire = unpack(pack(event.to_wire()))
            if Event.from_wire(wire).to_wire() != event.to_wire():
                raise ConformanceError(f"{where}: event {event.kind} does not survive the wire")
            leaked = _leaks(wire, both)
            if leaked:
                raise ConformanceError(f"{where}: event {event.kind} to seat {seat} leaks {sorted(leaked)[:5]}")


def random_playouts(engine: Engine, configs: Iterable[GameConfig], seeds: Iterable[int],
                    policy: Policy = uniform_policy, max_actions: int = 20_000,
                    check_secrets_every: int = 1) -> PlayoutStats:
    """Play one random game per (config, seed) pair and check the whole contract on the way."""
    stats = PlayoutStats()
    for config, seed in zip(configs, seeds):
        where = f"{engine.game_id} seed {seed}"
        state = engine.new_game(config, seed)
        engine.check_invariants(state)
        rng = Rng.from_seed(seed, "playout")
        seats: list[int | None] = [*range(config.seat_count), None]
        check_view_and_events(engine, state, [], {}, seats, where + " start", config=config)
        history: list[Action] = []
        while not engine.is_over(state):
            step = f"{where} action {len(history)}"
            if len(history) >= max_actions:
                raise ConformanceError(f"{step}: game did not end")
            active = engine.active_seats(state)
            if not active:
                raise ConformanceError(f"{step}: no active seat before the end")
            seat = rng.choice(active)
            legal = engine.legal_actions(state, seat)
            if not legal:
                raise ConformanceError(f"{step}: active seat {seat} has no legal action")
            before_hash = engine.state_hash(state)
            bogus = Action.make(seat, "no-such-action", x=1)
            try:
                engine.apply(state, bogus)
                raise ConformanceError(f"{step}: an unknown action was accepted")
            except IllegalAction as exc:
                if not str(exc):
                    raise ConformanceError(f"{step}: IllegalAction without a message") from None
            action = policy(legal, rng, state)
            if Action.from_wire(unpack(pack(action.to_wire()))) != action:
                raise ConformanceError(f"{step}: action {action!r} does not survive the wire")
            check_now = len(history) % check_secrets_every == 0
            before_secrets = {s: engine.secrets(state, s) for s in seats} if check_now else {}
            new_state, events = engine.apply(state, action)
            if engine.state_hash(state) != before_hash:
                raise ConformanceError(f"{step}: apply mutated the state it was given")
            state = new_state
            history.append(action)
            engine.check_invariants(state)
            if check_now:
                check_view_and_events(engine, state, events, before_secrets, seats, step, action.seat, config)
        final_hash = engine.state_hash(state)
        if engine.state_hash(engine.replay(config, seed, history)) != final_hash:
            raise ConformanceError(f"{where}: replay does not reproduce the final state hash")
        outcome = engine.result(state)
        if not isinstance(outcome, Outcome):
            raise ConformanceError(f"{where}: result() of a finished game is not an Outcome")
        if len(outcome.scores) != config.seat_count:
            raise ConformanceError(f"{where}: outcome has {len(outcome.scores)} scores")
        if not engine.legal_actions(state, 0) == []:
            raise ConformanceError(f"{where}: legal actions remain after the end")
        stats.games += 1
        stats.actions += len(history)
        stats.max_actions = max(stats.max_actions, len(history))
        stats.outcomes.append(outcome)
    return stats
