"""Compact LAN updates (`update-delta`, net/protocol.py): the host sends each seat's view as a patch
on the previous one, a card's static facts once per connection and the legal moves grouped; the
client's Connection rebuilds the very update a whole one would have been, so a table scene cannot
tell. A Lost in Time update was 7.3 KB a seat, nearly all of it the same card texts again.

Sockets here bind and connect on 127.0.0.1 only; nothing starts zeroconf."""

from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import net.protocol as protocol
from game.core import Action, GameConfig, Rng, SeatConfig, events_for, find_game
from game.core.wire import pack, unpack
from net.client import RemoteSession
from net.host import SeatSpec, start_host
from net.protocol import (
    ERROR_CODES,
    FEATURE_UPDATE_DELTA,
    Connection,
    Hello,
    ProtocolError,
    Sender,
    Start,
    UpdateMsg,
    Welcome,
    decode_frames,
)
from net_driver import BotDriver
from waits16 import CEILING

TOKEN = "abcdefghijklmnopqrstuvwxyz012345"
LT = find_game("lost-in-time")


def raw_frame(data: object) -> bytes:
    body = msgpack.packb(data, use_bin_type=True)
    return struct.pack(">I", len(body)) + body


def pair(features: tuple[str, ...] = (FEATURE_UPDATE_DELTA,), seats: int = 3) -> tuple[Connection, Connection]:
    """A host and a client connection walked to in_game through real bytes."""
    host, client = Connection(Sender.HOST), Connection(Sender.CLIENT)
    config = GameConfig.make("lost-in-time", [SeatConfig("remote", f"P{i}") for i in range(seats)])
    host.receive_data(client.send(Hello("Ann", seats=(0,), features=features)))
    client.receive_data(host.send(Welcome(TOKEN, (0,), False, "Table", config, 5.0)))
    client.receive_data(host.send(Start()))
    return host, client


def update_for(state: dict, seat: int | None, version: int, events=(), resync: bool = False) -> UpdateMsg:
    """What the host builds for a seat (net/host.py `_update_for`)."""
    view = unpack(pack(LT.view(state, seat)))
    legal = tuple(LT.legal_actions(state, seat)) if seat is not None else ()
    return UpdateMsg(seat, tuple(events_for(list(events), seat)), view, legal, tuple(LT.active_seats(state)),
                     version, LT.state_hash(state), LT.result(state), None, resync)


def lost_in_time_stream(seed: int, seats: int = 3, moves: int = 400):
    """Updates of one random Lost in Time game for every seat and a spectator, with a resync of seat
    1 now and then (a client that lost track), as (whole message, its frame size)."""
    config = GameConfig.make("lost-in-time", seats, disaster_skip="action" if seed % 2 else "turn")
    state = LT.new_game(config, seed)
    rng = Rng.from_seed(seed, "delta")
    viewers: list[int | None] = [*range(seats), None]
    yield from (update_for(state, seat, 0, resync=True) for seat in viewers)
    for version in range(1, moves + 1):
        if LT.is_over(state):
            return
        seat = LT.active_seats(state)[0]
        state, events = LT.apply(state, rng.choice(LT.legal_actions(state, seat)))
        for viewer in viewers:
            yield update_for(state, viewer, version, events)
        if version % 37 == 0:
            yield update_for(state, 1, version, resync=True)


def same_update(got: UpdateMsg, sent: UpdateMsg) -> bool:
    """Exactly the same message (canonical bytes: 1 and True, lists and tuples all count)."""
    return pack(got.to_wire()) == pack(sent.to_wire())


# --- the sans-IO core --------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_compact_stream_rebuilds_every_update_exactly_and_is_small(seed):
    host, client = pair()
    whole = compact = 0
    for sent in lost_in_time_stream(seed, seats=3 + seed % 3):
        frame = host.send(sent)
        (got,) = client.receive_data(frame)
        assert same_update(got, sent), f"version {sent.version} seat {sent.seat}"
        compact += len(frame)
        whole += len(protocol.encode_frame(sent.to_wire()))
    assert compact * 5 < whole, (compact, whole)


def test_the_scene_cannot_spoil_what_the_connection_remembers():
    """The rebuilt view is the client's own: changing it does not change the next rebuilt one."""
    host, client = pair()
    stream = lost_in_time_stream(4)
    first = next(stream)
    (got,) = client.receive_data(host.send(first))
    got.view["cards"].clear()
    got.view["hand"].append("lt-999")
    for sent in stream:
        (got,) = client.receive_data(host.send(sent))
        assert same_update(got, sent)
        if sent.version > 3:
            break


def test_a_client_that_does_not_ask_gets_whole_updates():
    host, client = pair(features=())
    for sent in lost_in_time_stream(5, moves=10):
        frame = host.send(sent)
        data = decode_frames(frame)[0]
        assert not {"patch", "known", "drop", "moves"} & set(data) and data["view"] == sent.view
        assert same_update(client.receive_data(frame)[0], sent)


def test_a_client_reads_whole_updates_from_a_host_that_predates_features():
    host, client = pair()
    host.features = frozenset()  # an older host ignores the hello's features
    for sent in lost_in_time_stream(6, moves=10):
        assert same_update(client.receive_data(host.send(sent))[0], sent)


def test_unknown_features_are_ignored_and_the_hello_field_is_optional():
    host = Connection(Sender.HOST)
    (hello,) = host.receive_data(raw_frame({"type": "hello", "version": 1, "name": "Ann", "token": None,
                                            "seats": [], "spectator": False, "features": ["teleport"]}))
    assert hello.features == ("teleport",) and host.features == frozenset()
    old = Connection(Sender.HOST)
    (hello,) = old.receive_data(raw_frame({"type": "hello", "version": 1, "name": "Ann", "token": None,
                                           "seats": [], "spectator": False}))
    assert hello.features == () and old.features == frozenset()


def primed() -> tuple[Connection, dict, dict]:
    """A negotiated pair after one whole update; returns the client and the next compact update's
    wire map (seat 0's view after one move), plus the memory's picture of the first view."""
    host, client = pair()
    stream = lost_in_time_stream(7)
    client.receive_data(host.send(next(stream)))
    for sent in stream:
        if sent.seat == 0 and sent.version == 2:
            return client, decode_frames(host.send(sent))[0], sent.view
        if sent.seat == 0:
            client.receive_data(host.send(sent))
    raise AssertionError("no second move")


@pytest.mark.parametrize("patch", [
    {"patch": ["no-such-key"]},
    {"patch": ["names"], "view": {"names": ["X"]}},  # removed and sent at once
    {"patch": "names"},
    {"patch": [True]},
    {"patch": [["hand"]]},
    {"patch": ["hand", "hand"]},
    {"known": {"cards": ["lt-000"]}},  # a card never sent
    {"known": {"hand": ["lt-001"]}},  # not a map
    {"drop": {"cards": ["lt-000"]}},  # not there before
    {"known": ["cards"]},
    {"moves": [["discard"]]},
    {"moves": [["discard", ["cards"], [["lt-001"], ["lt-002", "lt-003"]]]]},
    {"moves": [["pass", [1], [[1]]]]},
    {"moves": "pass"},
    {"moves": [], "legal": [{"seat": 0, "kind": "pass", "args": {}}]},
    {"moves": [["fly", ["to"], [[{"a": 1}]]]]},
    {"seat": "0"},
    {"view": [1]},
    {"resync": True},  # a whole update has no patch to apply
])
def test_malformed_compact_updates_end_the_connection_with_a_code(patch):
    client, data, _ = primed()
    with pytest.raises(ProtocolError) as info:
        client.receive_data(raw_frame({**data, **patch}))
    assert info.value.code == "protocol/bad_message", patch


def test_a_patch_on_the_first_update_of_a_connection_is_refused():
    client, data, _ = primed()
    fresh = pair()[1]
    with pytest.raises(ProtocolError) as info:
        fresh.receive_data(raw_frame(data))
    assert info.value.code == "protocol/bad_message"
    assert client.receive_data(raw_frame(data))  # the primed one takes it


def test_a_host_that_makes_a_client_remember_too_much_is_refused(monkeypatch):
    monkeypatch.setattr(protocol, "MAX_REMEMBERED", 20_000)
    host, client = pair()
    with pytest.raises(ProtocolError) as info:
        for version in range(200):
            facts = {f"c{version}-{i}": "x" * 40 for i in range(10)}
            sent = UpdateMsg(0, (), {"cards": facts}, (), (0,), version, "ab" * 32)
            client.receive_data(host.send(sent))
    assert info.value.code == "protocol/too_big"


def nested(inner: st.SearchStrategy) -> st.SearchStrategy:
    """Lists and maps of `inner` (a named function: hypothesis reads a lambda split over lines as
    one that ignores its argument, and warns that it cannot recurse)."""
    return st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6) | st.integers(0, 9), inner, max_size=4)


plain = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | st.text(max_size=8), nested, max_leaves=16)
keys = st.sampled_from(["hand", "cards", "names", "timelines", "turn", "lt-001", "lt-045", 0, "patch"])
compact_fields = st.fixed_dictionaries({}, optional={
    "patch": st.lists(keys, max_size=3) | plain,
    "known": st.dictionaries(keys, st.lists(keys, max_size=3) | plain, max_size=2) | plain,
    "drop": st.dictionaries(keys, st.lists(keys, max_size=3) | plain, max_size=2) | plain,
    "moves": st.lists(st.lists(plain | st.sampled_from(["pass", "place"]), max_size=4), max_size=3) | plain,
    "view": st.dictionaries(keys, plain, max_size=3) | plain,
    "legal": plain, "seat": plain | st.integers(0, 3), "resync": plain,
})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(compact_fields)
def test_fuzz_compact_updates_decode_or_raise_a_coded_error(fields):
    client, data, _ = primed()
    try:
        (message,) = client.receive_data(raw_frame({**data, **fields}))
    except ProtocolError as exc:
        assert exc.code in ERROR_CODES
        return
    assert isinstance(message, UpdateMsg) and isinstance(message.view, dict)


# --- over loopback: the whole table ------------------------------------------------------------

def recording(session: RemoteSession, log: list) -> RemoteSession:
    """Keep every update the session hands to its table (what a scene would receive)."""
    poll = session.poll

    def recorded():
        updates = poll()
        log.extend(u for u in updates if u.error is None)
        return updates

    session.poll = recorded  # type: ignore[method-assign]
    return session


def expected_updates(config: GameConfig, seed: int, actions: list[Action]) -> list:
    """The engine's own state after every number of moves, to compare what clients were shown."""
    states = [LT.new_game(config, seed)]
    for action in actions:
        states.append(LT.apply(states[-1], action)[0])
    return states


def assert_shown_what_the_engine_says(log: list, states: list) -> int:
    for update in log:
        state = states[update.version]
        view = unpack(pack(LT.view(state, update.seat)))
        assert pack(update.view) == pack(view), f"seat {update.seat} version {update.version}: view differs"
        legal = tuple(LT.legal_actions(state, update.seat)) if update.seat is not None else ()
        assert tuple(update.legal) == legal, f"seat {update.seat} version {update.version}: moves differ"
    return len(log)


class UpdateBytes:
    def __init__(self) -> None:
        self.updates, self.total, self.cards = 0, 0, 0

    def __call__(self, seats, spectator, frame: bytes) -> None:
        for data in decode_frames(frame):
            if data.get("type") == "update":
                self.updates += 1
                self.total += len(frame)
                self.cards += len(pack((data.get("view") or {}).get("cards")))


def test_lost_in_time_lan_updates_stay_small_and_show_exactly_the_engines_views():
    """Byte budget on a deterministic 3-seat game (seed 20310, easy bots): whole updates averaged
    7,311 bytes a seat (5,926 of them card facts); compact ones 724. A budget of 1,000 bytes a seat,
    150 of them card facts, fails if the facts come back on every update."""
    count = UpdateBytes()
    handle = start_host("lost-in-time", [SeatSpec("open")] * 3, bot_delay=0, tap=count, seed=20310,
                        auto_start=False)
    logs: list[list] = [[], [], [], []]
    sessions = [recording(RemoteSession("127.0.0.1", handle.port, name=f"P{i}", seats=[i]), logs[i])
                for i in range(3)]
    watcher = recording(RemoteSession("127.0.0.1", handle.port, name="W", spectator=True), logs[3])
    try:
        assert all(s.wait_until(lambda s=s: s.ready, CEILING) for s in [*sessions, watcher])
        handle.start_game()
        assert BotDriver(sessions, level="easy", seed=20310).play(2 * CEILING)
        assert watcher.wait_until(lambda: watcher.latest(None) is not None and watcher.latest(None).outcome, CEILING)
        host = handle.host
        states = expected_updates(host.config, host.seed, list(host.actions))
        shown = sum(assert_shown_what_the_engine_says(log, states) for log in logs)
        assert shown >= 4 * len(host.actions)
        assert count.updates >= shown
        assert count.total / count.updates <= 1_000, count.total / count.updates
        assert count.cards / count.updates <= 150, count.cards / count.updates
    finally:
        for s in [*sessions, watcher]:
            s.close()
        handle.stop()


def test_a_guest_who_joins_late_or_reconnects_gets_every_fact_it_needs():
    """A spectator arriving mid-game, and a player whose connection drops and comes back, start a
    fresh memory: their first update is whole (every card in sight with its facts), the patches
    after it build on that, and everything they are shown is the engine's view."""
    handle = start_host("lost-in-time", [SeatSpec("open")] * 2, bot_delay=0, seed=77, heartbeat=0.5,
                        auto_start=False)
    logs: list[list] = [[], [], []]
    ann = recording(RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0]), logs[0])
    bob = recording(RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1]), logs[1])
    late: RemoteSession | None = None
    try:
        assert ann.wait_until(lambda: ann.ready, CEILING) and bob.wait_until(lambda: bob.ready, CEILING)
        handle.start_game()
        driver = BotDriver([ann, bob], level="easy", seed=77)
        assert driver.play(CEILING, until=lambda: handle.snapshot()[0] >= 12)
        late = recording(RemoteSession("127.0.0.1", handle.port, name="Late", spectator=True), logs[2])
        assert late.wait_until(lambda: late.latest(None) is not None, CEILING)
        first = logs[2][0]
        assert first.version >= 12 and first.view["cards"]
        in_sight = set(first.view["hand"]) | set(first.view["discard_pile"]) | set(first.view["side_pile"])
        in_sight |= {entry["card"] for line in first.view["timelines"] for entry in line}
        assert set(first.view["cards"]) == in_sight and all(f["title"] for f in first.view["cards"].values())
        assert driver.play(CEILING, until=lambda: handle.snapshot()[0] >= 30)
        ann.simulate_network_drop()
        assert ann.wait_until(lambda: ann.reconnects == 1 and ann.status_text == "", CEILING)
        assert ann.wait_until(lambda: ann.latest(0).version == handle.snapshot()[0], CEILING)
        assert BotDriver([ann, bob], level="easy", seed=77).play(2 * CEILING)
        assert late.wait_until(lambda: late.latest(None).outcome is not None, CEILING)
        host = handle.host
        states = expected_updates(host.config, host.seed, list(host.actions))
        for log in logs:
            assert_shown_what_the_engine_says(log, states)
        assert ann.latest(0).state_hash == bob.latest(1).state_hash == late.latest(None).state_hash
    finally:
        for s in (ann, bob, late):
            if s is not None:
                s.close()
        handle.stop()
