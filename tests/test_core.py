"""The core contract on the test-only engine, plus the wire, RNG and value types."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from game.core import (Action, Event, GameConfig, IllegalAction, InvalidAction, Outcome, Rng,
                       SeatConfig, WireError, digest, find_game, pack, unpack)
from game.core.conformance import ConformanceError, random_playouts
from game.core.registry import GAMES, UnknownGame, game_info
from highcard import ENGINE, HighCard


def config(**options):
    return GameConfig.make("highcard", [SeatConfig("human", "Ann"), SeatConfig("bot", "Bob")], **options)


def test_conformance_on_test_engine():
    stats = random_playouts(ENGINE, [config()] * 200, range(200))
    assert stats.games == 200 and stats.actions == 200 * 6


def test_conformance_catches_a_leaky_view():
    class Leaky(HighCard):
        def view(self, state, seat):
            data = super().view(state, seat)
            data["peek"] = list(state["hands"][1 - (seat or 0)])
            return data

    with pytest.raises(ConformanceError, match="leaks"):
        random_playouts(Leaky(), [config()], [1])


def test_conformance_catches_mutation():
    class Mutating(HighCard):
        def apply(self, state, action):
            state["won"][0] += 0  # harmless
            new, events = super().apply(state, action)
            state["turn"] = 1 - state["turn"]
            return new, events

    with pytest.raises(ConformanceError, match="mutated"):
        random_playouts(Mutating(), [config()], [1])


def test_illegal_action_changes_nothing():
    state = ENGINE.new_game(config(), 5)
    before = ENGINE.state_hash(state)
    other = 1 - state["turn"]
    with pytest.raises(IllegalAction, match="it is not your turn"):
        ENGINE.apply(state, Action.make(other, "play", card=state["hands"][other][0]))
    assert ENGINE.state_hash(state) == before


def test_a_value_equal_to_a_legal_one_but_of_another_type_is_refused_for_every_game():
    """True and 1.0 equal 1 in Python, so `action in legal` let them through to the rules (where
    True drew as if it were 1 and 1.0 broke as a list index): Engine.apply refuses them in words."""
    class Numbered(HighCard):
        def legal_actions(self, state, seat):
            return [Action.make(seat, "play", card=c, slot=i, pair=[i, 0])
                    for i, c in enumerate(super().legal_actions(state, seat) and state["hands"][seat])]

        def _apply(self, state, action):
            return super()._apply(state, Action.make(action.seat, "play", card=action["card"]))

    engine = Numbered()
    state = engine.new_game(config(), 5)
    seat, card = state["turn"], state["hands"][state["turn"]][1]
    before = engine.state_hash(state)
    for wrong in (dict(slot=True, pair=[1, 0]), dict(slot=1.0, pair=[1, 0]), dict(slot=1, pair=[1, 0.0]),
                  dict(slot=1, pair=[True, False])):
        with pytest.raises(IllegalAction, match="whole numbers"):
            engine.apply(state, Action.make(seat, "play", card=card, **wrong))
        assert engine.state_hash(state) == before
    engine.apply(state, Action.make(seat, "play", card=card, slot=1, pair=[1, 0]))  # the same move, as ints


def test_replay_and_hash_are_deterministic():
    state = ENGINE.new_game(config(), 42)
    actions = []
    while not ENGINE.is_over(state):
        action = ENGINE.legal_actions(state, ENGINE.active_seats(state)[0])[0]
        actions.append(action)
        state, _ = ENGINE.apply(state, action)
    assert ENGINE.state_hash(ENGINE.replay(config(), 42, actions)) == ENGINE.state_hash(state)
    # the hash is SHA-256 of canonical msgpack: the same in another process
    code = ("import sys; sys.path[:0]=['.','tests']; import highcard; from game.core import *;"
            f"s=highcard.ENGINE.replay(GameConfig.from_wire({config().to_wire()!r}), 42,"
            f" [Action.from_wire(a) for a in {[a.to_wire() for a in actions]!r}]);"
            "print(highcard.ENGINE.state_hash(s))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ENGINE.state_hash(state)


def test_options_are_checked():
    state = ENGINE.new_game(config(tricks=1), 1)
    assert state["tricks_left"] == 1
    with pytest.raises(IllegalAction, match="option tricks"):
        ENGINE.new_game(config(tricks=7), 1)
    for equal_but_not_a_choice in (1.0, True, 3.0):  # == a choice, yet no count of tricks
        with pytest.raises(IllegalAction, match="option tricks cannot be .*takes one of 3, 1"):
            ENGINE.new_game(config(tricks=equal_but_not_a_choice), 1)
    with pytest.raises(IllegalAction, match="takes 2 seats, not"):
        ENGINE.new_game(GameConfig.make("highcard", 3), 1)


def test_action_value_semantics_and_wire():
    a = Action.make(1, "play", card="y7", order=["a", "b"])
    b = Action.from_wire(unpack(pack(a.to_wire())))
    assert a == b and hash(a) == hash(b) and a["card"] == "y7" and a["order"] == ("a", "b")
    assert eval(repr(a)) == a
    for bad in [None, [], {"seat": -1, "kind": "x"}, {"seat": 0, "kind": ""}, {"seat": True, "kind": "x"},
                {"seat": 0, "kind": "x", "args": {1: 2}}, {"seat": 0, "kind": "x", "args": {"a": {"b": 1}}}]:
        with pytest.raises(InvalidAction):
            Action.from_wire(bad)


def test_event_audience():
    private = Event.make("draw", [1], card="x")
    public = Event.make("draw", None, seat=1)
    assert private.visible_to(1) and not private.visible_to(0) and not private.visible_to(None)
    assert public.visible_to(None)
    assert "audience" not in private.to_wire()
    from game.core import SPECTATORS, others
    twin = Event.make("draw", others(3, 1), seat=1)
    assert twin.visible_to(None) and twin.visible_to(0) and twin.visible_to(2) and not twin.visible_to(1)
    assert SPECTATORS not in range(3)


def test_outcome_and_config_round_trip():
    outcome = Outcome((3, 1), ((0,), (1,)), (0,), (({"label": "x", "value": 3},), ()), "done")
    assert Outcome.from_wire(unpack(pack(outcome.to_wire()))) == outcome
    counted = Outcome((7, 5), ((0,), (1,)), (0,), score_unit="of 7 slots filled")
    assert Outcome.from_wire(unpack(pack(counted.to_wire()))).score_unit == "of 7 slots filled"
    cfg = config(tricks=1)
    assert GameConfig.from_wire(unpack(pack(cfg.to_wire()))) == cfg
    with pytest.raises(WireError):
        GameConfig.from_wire({"game": "x", "seats": [{"kind": "alien", "name": "a"}]})


def test_rng_is_deterministic_and_uniform_enough():
    a, b = Rng.from_seed(7), Rng.from_seed(7)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    counts = [0] * 6
    rng = Rng.from_seed(1)
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)
    assert Rng.from_seed(7, "x").next_u64() != Rng.from_seed(7).next_u64()


def test_digest_is_canonical():
    assert digest({"b": 1, "a": [1, (2, 3)]}) == digest({"a": [1, [2, 3]], "b": 1})
    with pytest.raises(WireError):
        pack({"a": object()})


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_unpack_fuzz_raises_wireerror_or_decodes(blob):
    try:
        unpack(blob)
    except WireError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | st.text(max_size=10),
                    lambda children: st.lists(children, max_size=4)
                    | st.dictionaries(st.text(max_size=5), children, max_size=4), max_leaves=20))
def test_pack_round_trips_plain_data(data):
    assert unpack(pack(data)) == unpack(pack(unpack(pack(data))))


def test_registry_lists_the_four_games():
    assert [g.game_id for g in GAMES] == ["lost-cities", "lost-in-time", "time-after-time", "labyrinth"]
    assert find_game("highcard") is ENGINE
    with pytest.raises(UnknownGame):
        game_info("chess")


def test_pure_layers_import_without_pygame():
    code = (
        "import sys, importlib, pkgutil\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'pygame' or name.startswith('pygame.'):\n"
        "            raise ImportError('pygame is blocked')\n"
        "sys.meta_path.insert(0, Block())\n"
        "import game.core, game.rules, game.bots, game.content\n"
        "for pkg in (game.core, game.rules, game.bots):\n"
        "    for mod in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(mod.name)\n"
        "import net.protocol\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "pygame" not in sys.modules or True
