"""Lost in Time bots: legal, deterministic, views only (never a state), and stronger by level."""

from __future__ import annotations


import pytest

from game.bots.base import make_bot
from game.bots.lost_in_time import BOTS, MasterBot
from game.bots.simulate import simulate
from game.core import Action, GameConfig, Rng
from game.rules.lost_in_time import ENGINE

STATE_ONLY_KEYS = {"draw", "hands", "rng", "discard", "side", "tilted", "skips"}


def config(n: int) -> GameConfig:
    return GameConfig.make("lost-in-time", n)


class GuardedEngine:
    """Passes every call to the engine but refuses to hand a real game state to the bot."""

    def __init__(self, real_states: list[dict]) -> None:
        self.real_states = real_states

    def __getattr__(self, name):
        method = getattr(ENGINE, name)

        def guarded(*args, **kwargs):
            for arg in args:
                assert not any(arg is state for state in self.real_states), f"bot passed the real state to {name}"
            return method(*args, **kwargs)

        return guarded


@pytest.mark.parametrize("level", ["easy", "expert", "master"])
def test_bots_get_views_only_and_play_legal_moves(level):
    """The leak test: bots receive views (no hidden pile, no other hand), never the state."""
    state = ENGINE.new_game(config(3), 11)
    real_states = [state]
    guarded = GuardedEngine(real_states)
    bots = [BOTS[level](guarded, seat, 5 + seat) for seat in range(3)]
    moves = 0
    while not ENGINE.is_over(state) and moves < (50 if level == "master" else 400):
        seat = ENGINE.active_seats(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        assert not STATE_ONLY_KEYS & set(view)
        hidden = ENGINE.secrets(state, seat)
        assert not hidden & set(_strings(view))
        action = bots[seat].choose(view, legal)
        assert action in legal
        state, _ = ENGINE.apply(state, action)
        real_states.append(state)
        moves += 1
    assert moves > 10


def _strings(data):
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)
    elif isinstance(data, str):
        yield data


def hidden_swapped(state: dict, seat: int, seed: int) -> dict:
    """The same view for `seat`, different hidden cards: opponents' hands and the deck reshuffled."""
    other = ENGINE.copy_state(state)
    pool = list(other["draw"])
    for s, hand in enumerate(other["hands"]):
        if s != seat:
            pool += hand
    Rng.from_seed(seed).shuffle(pool)
    for s, hand in enumerate(other["hands"]):
        if s != seat:
            other["hands"][s], pool = pool[:len(hand)], pool[len(hand):]
    other["draw"] = pool
    other["rng"] = seed
    assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
    return other


@pytest.mark.parametrize("level", ["expert", "master"])
def test_decisions_depend_on_the_view_alone(level):
    state = ENGINE.new_game(config(4), 23)
    for step in range(8):
        seat = state["turn"]
        legal = ENGINE.legal_actions(state, seat)
        twin = hidden_swapped(state, seat, 1000 + step)
        first = BOTS[level](ENGINE, seat, 77).choose(ENGINE.view(state, seat), legal)
        second = BOTS[level](ENGINE, seat, 77).choose(ENGINE.view(twin, seat), ENGINE.legal_actions(twin, seat))
        assert first == second
        state, _ = ENGINE.apply(state, first)


def test_make_bot_and_determinism():
    bot = make_bot("lost-in-time", "expert", ENGINE, 0, 3)
    assert type(bot).__name__ == "ExpertBot"
    a = simulate("lost-in-time", ["expert", "easy", "easy"], 3, seed=40)
    b = simulate("lost-in-time", ["expert", "easy", "easy"], 3, seed=40)
    assert a["wins"] == b["wins"] and a["mean_actions"] == b["mean_actions"]


def test_expert_beats_easy_bots():
    result = simulate("lost-in-time", ["expert", "easy", "easy"], 24, seed=900)
    assert result["win_rate"][0] > 0.45  # fair share is 1/3; the bench measures it on many games


@pytest.mark.parametrize("n", [2, 5])
def test_master_plays_a_whole_game_legally(n):
    """(Its time per move is measured by tools/bench_lost_in_time.py, not here.)"""
    state = ENGINE.new_game(config(n), 31 + n)
    bots = [MasterBot(ENGINE, 0, 9)] + [BOTS["expert"](ENGINE, s, s) for s in range(1, n)]
    while not ENGINE.is_over(state):
        seat = state["turn"]
        legal = ENGINE.legal_actions(state, seat)
        action = bots[seat].choose(ENGINE.view(state, seat), legal)
        assert action in legal
        state, _ = ENGINE.apply(state, action)
    assert ENGINE.result(state) is not None


def test_cannot_travel_is_chosen_when_it_is_the_only_move():
    state = ENGINE.new_game(config(2), 3)
    seat = state["turn"]
    only = [Action.make(seat, "cannot_travel")]
    for level in ("easy", "expert", "master"):
        assert BOTS[level](ENGINE, seat, 1).choose(ENGINE.view(state, seat), only) == only[0]
