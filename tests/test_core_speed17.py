"""Session 17: the engine core's hot paths (`wire.pack` / `canonical` / `iter_scalars`, and
`Action.make` / `Event.make` freezing their arguments) were rewritten for speed. Canonical bytes feed
the hashes a LAN host and guest compare (docs/PROTOCOL.md): a guest of an older build must agree
with a host of this one to the byte. So the implementations before session 17 are kept here,
verbatim, as the reference, and the new ones must give exactly what they gave - the same bytes, the
same canonical copy (types, key order, no shared lists or dicts), the same error with the same
words - on generated data of every shape the wire carries and on every view, move and event of
random games of all four engines."""

from __future__ import annotations

import enum
import hashlib
import math
import random
from collections import OrderedDict, namedtuple
from collections.abc import Mapping
from typing import Any, Callable

import msgpack
import pytest
from hypothesis import given, settings, strategies as st

from game.core import wire
from game.core.registry import find_game
from game.core.types import Action, Event, GameConfig, InvalidAction, SeatConfig
from game.core.wire import WireError


# --- the reference: game/core/wire.py and types.py as they were before session 17 -------------------
def old_key_order(key: Any) -> tuple[int, Any]:
    if isinstance(key, bool) or not isinstance(key, (int, str)):
        raise WireError(f"dict keys must be str or int, not {type(key).__name__}")
    return (0, key) if isinstance(key, int) else (1, key)


def old_canonical(obj: Any, _depth: int = 0) -> Any:
    if _depth > 64:
        raise WireError("data nested too deeply")
    if obj is None or isinstance(obj, (bool, int, float, str, bytes)):
        if isinstance(obj, int) and not isinstance(obj, bool) and not -(2**63) <= obj < 2**64:
            raise WireError("integer out of the 64-bit range")
        return obj
    if isinstance(obj, (list, tuple)):
        return [old_canonical(item, _depth + 1) for item in obj]
    if isinstance(obj, dict):
        return {key: old_canonical(obj[key], _depth + 1) for key in sorted(obj, key=old_key_order)}
    if hasattr(obj, "to_wire"):
        return old_canonical(obj.to_wire(), _depth + 1)
    raise WireError(f"not plain wire data: {type(obj).__name__}")


def old_pack(obj: Any) -> bytes:
    return msgpack.packb(old_canonical(obj), use_bin_type=True)


def old_iter_scalars(obj: Any):
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield key
            yield from old_iter_scalars(value)
    elif isinstance(obj, (list, tuple)):
        for item in obj:
            yield from old_iter_scalars(item)
    else:
        yield obj


def old_freeze(value: Any, where: str) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(old_freeze(item, where) for item in value)
    raise InvalidAction(f"{where}: values must be scalars or sequences, not {type(value).__name__}")


def old_thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [old_thaw(item) for item in value]
    return value


def old_action_args(kind: str, args: dict[str, Any]) -> tuple:
    return tuple(sorted((k, old_freeze(v, kind)) for k, v in args.items()))


def old_args_wire(args: tuple) -> dict[str, Any]:
    return {k: old_thaw(v) for k, v in args}


# --- comparing outcomes exactly ----------------------------------------------------------------------
def outcome(fn: Callable[[], Any]) -> tuple:
    """What a call gave: its value, or its error's exact type and words."""
    try:
        return ("value", fn())
    except Exception as exc:  # noqa: BLE001 - the point is to compare any failure
        return ("error", type(exc), str(exc))


def shape(value: Any) -> Any:
    """`value` spelled out so that == sees everything canonical promises: every container's exact
    type, every dict's key order, every scalar's exact type (1 is not True, 1.0 is not 1), NaN too."""
    if type(value) is dict:
        return ("dict", [(shape(k), shape(v)) for k, v in value.items()])
    if type(value) in (list, tuple):
        return (type(value).__name__, [shape(item) for item in value])
    if isinstance(value, float):
        return (type(value), repr(value))
    return (type(value), value)


def containers(value: Any) -> list[int]:
    """ids of every list and dict inside `value` (a canonical copy must share none with its source)."""
    found: list[int] = []
    if isinstance(value, dict):
        found.append(id(value))
        for item in value.values():
            found += containers(item)
    elif isinstance(value, (list, tuple)):
        if isinstance(value, list):
            found.append(id(value))
        for item in value:
            found += containers(item)
    return found


def assert_same_as_before(value: Any) -> None:
    old, new = outcome(lambda: old_pack(value)), outcome(lambda: wire.pack(value))
    assert old == new, (value, old, new)
    if new[0] == "value":
        assert wire.digest(value) == hashlib.sha256(new[1]).hexdigest()
    old, new = outcome(lambda: old_canonical(value)), outcome(lambda: wire.canonical(value))
    if old[0] == "value" and new[0] == "value":
        assert shape(old[1]) == shape(new[1]), value
        assert not set(containers(new[1])) & set(containers(value)), "canonical shares a container with its source"
    else:
        assert old == new, (value, old, new)
    old, new = outcome(lambda: list(old_iter_scalars(value))), outcome(lambda: list(wire.iter_scalars(value)))
    if old[0] == "value" and new[0] == "value":
        assert [shape(s) for s in old[1]] == [shape(s) for s in new[1]], value
    else:
        assert old == new


# --- every shape the wire carries ------------------------------------------------------------------
class Colour(enum.IntEnum):
    RED = 1
    BIG = 2**63


class Name(str):
    """A str subclass (keys and values of it are plain to the wire)."""


Pair = namedtuple("Pair", "left right")


class NotPlain:
    """No to_wire: the wire refuses it by name."""


class Wired:
    """Something with its own to_wire, which the wire asks."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def to_wire(self) -> Any:
        return self.inner


WORDS = st.sampled_from(["seat", "kind", "args", "card", "slot", "a", "b", "", "Z", "é", "zz", "hand", "rows"])
KEYS = (WORDS | st.text(max_size=4) | st.integers(-2**63, 2**64 - 1) | st.integers(-5, 5)
        | st.builds(Name, WORDS))
ARG_NAMES = WORDS.filter(lambda name: name not in ("", "seat", "kind"))
"""Names a move or an event may give an argument ('seat' and 'kind' are their own fields)."""
BAD_KEYS = st.booleans() | st.floats(allow_nan=False) | st.none() | st.integers(2**64, 2**66) | st.tuples(st.integers())
FROZEN = st.recursive(st.none() | st.booleans() | st.integers(-2**63, 2**63) | st.floats() | st.text(max_size=6),
                      lambda inner: st.lists(inner, max_size=3), max_leaves=6)
ACTIONS = st.builds(lambda seat, kind, args: Action.make(seat, kind, **args), st.integers(0, 63), WORDS,
                    st.dictionaries(ARG_NAMES, FROZEN, max_size=4))
EVENTS = st.builds(lambda kind, args: Event.make(kind, None, **args), WORDS,
                   st.dictionaries(ARG_NAMES, FROZEN, max_size=4))
LEAVES = (st.none() | st.booleans()
          | st.integers(-2**63, 2**64 - 1) | st.integers(-300, 300) | st.integers(-2**70, 2**70)
          | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=8) | WORDS | st.binary(max_size=8)
          | st.sampled_from([Colour.RED, Colour.BIG, Name("card"), 2**64, -(2**63) - 1, -(2**63), 2**64 - 1])
          | ACTIONS | EVENTS | st.builds(SeatConfig, st.sampled_from(["human", "bot"]), WORDS, WORDS))
RARE_BAD = st.sampled_from([NotPlain(), {1, 2}, bytearray(b"x"), frozenset(), 1j])


def children_of(inner):
    return (st.lists(inner, max_size=9) | st.lists(inner, max_size=9).map(tuple)
            | st.dictionaries(KEYS, inner, max_size=9)
            | st.dictionaries(WORDS, inner, max_size=20)  # small str-keyed maps: the cached key orders
            | st.dictionaries(KEYS | BAD_KEYS, inner, max_size=4)
            | st.dictionaries(WORDS, inner, max_size=5).map(lambda d: OrderedDict(reversed(list(d.items()))))
            | st.tuples(inner, inner).map(lambda p: Pair(*p))
            | inner.map(Wired)
            | st.lists(st.sampled_from(["tt-08-a", None, 7, True]), max_size=30))  # long leaf lists


VALUES = st.recursive(LEAVES | RARE_BAD, children_of, max_leaves=40)


@settings(max_examples=700, deadline=None)
@given(VALUES)
def test_pack_canonical_and_scalars_are_exactly_what_they_were(value):
    assert_same_as_before(value)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(WORDS, LEAVES, max_size=12), st.randoms(use_true_random=False))
def test_a_map_seen_again_in_another_key_order_packs_as_before(mapping, rnd):
    """The key orders the wire remembers: the same keys in a new order, and the same order again."""
    for _ in range(3):
        items = list(mapping.items())
        rnd.shuffle(items)
        assert_same_as_before(dict(items))
        assert_same_as_before([dict(items), {Name(k): v for k, v in items}])


@pytest.mark.parametrize("depth", range(58, 70))
@pytest.mark.parametrize("leaf", [None, 7, 2**64, "x", [], {}, (), {"a": 1}, {"b": [1, 2]}, [1, "x", None],
                                  Action.make(1, "play", card="y7"), NotPlain()])
@pytest.mark.parametrize("wrap", ["list", "tuple", "dict", "wired", "mixed"])
def test_the_nesting_limit_falls_exactly_where_it_did(depth, leaf, wrap):
    """64 levels and no more, counted the same way, at the edge and beyond, for every container."""
    value = leaf
    for level in range(depth):
        kind = wrap if wrap != "mixed" else ["list", "dict", "tuple", "wired"][level % 4]
        value = {"list": lambda v: [v], "tuple": lambda v: (v,), "dict": lambda v: {"k": v},
                 "wired": Wired}[kind](value)
    assert_same_as_before(value)


def test_errors_name_the_same_first_problem():
    """Where data holds several faults, the error names the one it always named first."""
    for value in [{"b": NotPlain(), "a": 2**65}, {"a": [1, {2.5: 1}], "b": {True: 1}},
                  {2.5: 1, None: 2}, {None: 1, 2.5: 2}, [{"x": 1}, {1: "y", "z": {False: 0}}],
                  {"a": [1] * 10 + [2**64], "b": NotPlain()}, {1: 1, "1": 2, -1: [None] * 9}]:
        assert_same_as_before(value)
        assert outcome(lambda: wire.pack(value))[0] == "error" or value == {1: 1, "1": 2, -1: [None] * 9}


LONG = 12  # longer than the containers the new walk checks item by item
EDGE_SHAPES = [
    [7] * LONG, [7] * LONG + [2**64], [-(2**63) - 1] + [0] * LONG, [2**64 - 1, -(2**63)] * LONG,
    [None, "x", 1.5, b"b", True] * 3, ["x"] * LONG + [2**64], ["x"] * LONG + [[2**64]], ("x",) * LONG,
    [[]] * LONG, [()] * LONG, [{}] * LONG, [Colour.RED] * LONG, [Name("a")] * LONG, list(range(-LONG, LONG)),
    {f"k{i:02}": i for i in range(LONG)}, {f"k{i:02}": "v" for i in reversed(range(LONG))},
    {f"k{i:02}": 2**64 if i == 5 else i for i in range(LONG)}, {i: f"v{i}" for i in range(LONG)},
    {i: i for i in reversed(range(LONG))}, {-i: [i] for i in range(LONG)}, {**{i: 1 for i in range(LONG)}, "a": 1},
    {f"k{i:02}": [i] * LONG for i in range(LONG)}, {Name("b"): 1, "a": 2}, {"b": 1, Name("a"): 2},
    OrderedDict((f"k{i:02}", i) for i in range(LONG)), {"k": {"k": {"k": [1] * LONG}}},
    [{f"k{i:02}": i for i in range(LONG)}] * 3, {f"k{i:02}": None for i in range(20)},
]


@pytest.mark.parametrize("value", EDGE_SHAPES, ids=range(len(EDGE_SHAPES)))
def test_long_and_sorted_containers_pack_and_copy_as_before(value):
    """The walk's whole-container shortcuts: long lists and maps of plain values, in wire order or
    not, with an integer out of range somewhere, and canonical's copy never the source itself."""
    assert_same_as_before(value)
    assert_same_as_before([value, value])


# --- actions and events ----------------------------------------------------------------------------
ARG_VALUES = FROZEN | st.lists(FROZEN, max_size=3).map(tuple) | st.sampled_from(
    [Colour.RED, Name("y7"), {"not": "scalar"}, {1}, b"bytes", NotPlain(), [1, [2, {3}]]])


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 63), WORDS, st.dictionaries(ARG_NAMES, ARG_VALUES, max_size=5))
def test_actions_and_events_freeze_their_arguments_as_before(seat, kind, args):
    old = outcome(lambda: old_action_args(kind, args))
    new = outcome(lambda: Action.make(seat, kind, **args).args)
    assert old[0] == new[0] and (old[1:] if old[0] == "error" else shape(old[1])) == \
        (new[1:] if new[0] == "error" else shape(new[1]))
    event = outcome(lambda: Event.make(kind, [0], **args).args)
    assert shape(event) == shape(new)
    config = outcome(lambda: GameConfig.make("g", 2, **args).options)
    before = outcome(lambda: old_action_args("option", args))
    assert (config[1:] if config[0] == "error" else shape(config[1])) == \
        (before[1:] if before[0] == "error" else shape(before[1]))
    if new[0] == "value":
        action = Action.make(seat, kind, **args)
        assert action.to_wire() == {"seat": seat, "kind": kind, "args": old_args_wire(old[1])}
        assert shape(action.to_wire()["args"]) == shape(old_args_wire(old[1]))
        assert shape(Event.make(kind, None, **args).to_wire()) == shape({"kind": kind, "args": old_args_wire(old[1])})
        if kind:  # a move of no kind is no move to the wire's reader
            assert wire.pack(Action.from_wire(wire.unpack(wire.pack(action)))) == wire.pack(action)  # NaN != NaN
        assert_same_as_before(action)


@pytest.mark.parametrize("args", [(("p", Pair(1, (2, 3))),), (("a", (1, (2, (3,)))), ("b", None)), (("c", Colour.RED),),
                                  (("d", Pair("x", Pair(1, 2))), ("e", 2.5))])
def test_an_action_built_by_hand_goes_on_the_wire_as_before(args):
    """An Action or Event built without `make` (a tuple subclass among its values) thaws as before."""
    action, event = Action(3, "play", args), Event("moved", args)
    assert shape(action.to_wire()["args"]) == shape(old_args_wire(args))
    assert shape(event.to_wire()["args"]) == shape(old_args_wire(args))
    assert_same_as_before(action)
    assert_same_as_before(event)


# --- every view, move and event of random games of all four engines -------------------------------------
TABLES = [("lost-cities", 2, {}), ("lost-cities", 2, {"colours": 6}), ("lost-in-time", 3, {}),
          ("lost-in-time", 5, {"chips": True}), ("time-after-time", 4, {}), ("time-after-time", 3, {"ghost_redraw": True}),
          ("labyrinth", 2, {}), ("labyrinth", 3, {"mode": "turns"}), ("labyrinth", 1, {"scenario": "saltmere"})]


@pytest.mark.parametrize("game, seats, options", TABLES, ids=str)
def test_every_view_move_event_and_state_of_random_games_packs_as_before(game, seats, options):
    engine = find_game(game)
    config = GameConfig.make(game, [SeatConfig("human", f"P{i + 1}") for i in range(seats)], **options)
    checked = 0
    for seed in range(2):
        state = engine.new_game(config, seed)
        rng = random.Random(seed)
        for step in range(150):  # a game's opening, middle and (for most) its end
            for seat in [*range(seats), None]:
                assert_same_as_before(engine.view(state, seat))
                checked += 1
            if step % 10 == 0:
                assert_same_as_before(engine.to_plain(state))
                assert wire.digest(engine.to_plain(state)) == \
                    hashlib.sha256(old_pack(engine.to_plain(state))).hexdigest()
            if engine.is_over(state):
                assert_same_as_before(engine.result(state))
                break
            legal = engine.legal_actions(state, rng.choice(engine.active_seats(state)))
            for action in legal[:6]:
                assert_same_as_before(action)
                assert_same_as_before(action.to_wire())
                assert shape(action.args) == shape(old_action_args(action.kind, dict(old_args_wire(action.args))))
            state, events = engine.apply(state, rng.choice(legal))
            for event in events:
                assert_same_as_before(event)
                assert_same_as_before(event.to_wire())
    assert checked > 40
    assert wire.pack(config) == old_pack(config)


def test_the_remembered_key_orders_stay_bounded():
    """Maps with ever new keys (a card id per key) do not grow the remembered orders without end."""
    for n in range(6000):
        assert wire.pack({f"c{n}": 1, f"b{n}": 2}) == old_pack({f"c{n}": 1, f"b{n}": 2})
    assert len(wire._KEY_ORDERS) <= wire._KEY_ORDERS_MAX


def test_nan_and_signed_zero_pack_as_before():
    for value in [math.nan, -0.0, 0.0, math.inf, [math.nan, -0.0], {"x": -math.inf}]:
        assert wire.pack(value) == old_pack(value)


class ReadOnlyMap:
    """A Mapping that is no dict: the wire's reader takes any map."""

    def __init__(self, data: dict) -> None:
        self.data = data

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def keys(self):
        return self.data.keys()

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


Mapping.register(ReadOnlyMap)


@pytest.mark.parametrize("data, said", [
    ({"seat": 1, "kind": "play", "args": {"card": "y7", "to": [1, 2]}}, None),
    (ReadOnlyMap({"seat": 1, "kind": "play", "args": ReadOnlyMap({"card": "y7"})}), None),
    (OrderedDict(seat=2, kind="draw"), None),
    ([("seat", 1)], "an action must be a map"), ({"seat": 1, "kind": "play", "args": [("a", 1)]}, "action args must be a small map"),
    ({"seat": 1, "kind": "play", "args": {"seat": 2}}, "'seat' and 'kind' are not move arguments"),
    ({"seat": 1, "kind": "play", "args": {1: 2}}, "action arg names must be strings"),
    ({"seat": 1, "kind": "play", "args": {"a": {1}}}, "play: values must be scalars or sequences, not set"),
])
def test_an_action_read_from_the_wire_is_what_it_was(data, said):
    """`Action.from_wire` takes any map (a dict is checked first, cheaply) and refuses the same data
    with the same words."""
    if said is None:
        action = Action.from_wire(data)
        args = data.get("args", {})
        assert action.args == old_action_args(data["kind"], {k: args[k] for k in args})
        assert (action.seat, action.kind) == (data["seat"], data["kind"])
    else:
        with pytest.raises(InvalidAction) as caught:
            Action.from_wire(data)
        assert str(caught.value) == said
