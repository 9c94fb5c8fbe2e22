"""The sans-IO protocol core on raw bytes: framing, limits, validation, the state machine, a fuzzer."""

from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import Action, Event, GameConfig, Outcome, SeatConfig
from net.protocol import (
    ERROR_CODES,
    MAX_FRAME_FROM_CLIENT,
    PROTOCOL_VERSION,
    TRANSITIONS,
    ActionMsg,
    Bye,
    Connection,
    ErrorMsg,
    Hello,
    Ping,
    Pong,
    ProtocolError,
    Resync,
    SeatInfo,
    Sender,
    Start,
    State,
    TableStatus,
    UpdateMsg,
    Welcome,
)

TOKEN = "abcdefghijklmnopqrstuvwxyz012345"
HASH = "ab" * 32
CONFIG = GameConfig.make("highcard", [SeatConfig("remote", "Ann"), SeatConfig("bot", "Bob")])


def raw_frame(data: object) -> bytes:
    body = msgpack.packb(data, use_bin_type=True)
    return struct.pack(">I", len(body)) + body


def host_and_client() -> tuple[Connection, Connection]:
    return Connection(Sender.HOST), Connection(Sender.CLIENT)


def in_game_pair() -> tuple[Connection, Connection]:
    """A host and a client connection walked to in_game through real bytes."""
    host, client = host_and_client()
    host.receive_data(client.send(Hello("Ann", seats=(0,))))
    client.receive_data(host.send(Welcome(TOKEN, (0,), False, "Table", CONFIG, 5.0)))
    client.receive_data(host.send(Start()))
    assert host.state is client.state is State.IN_GAME
    return host, client


def sample_update() -> UpdateMsg:
    return UpdateMsg(0, (Event.make("play", None, seat=0, card="hc-3"),), {"hand": ["hc-1"], "n": 2},
                     (Action.make(0, "play", card="hc-1"),), (0,), 3, HASH,
                     Outcome((1, 0), ((0,), (1,)), (0,), (({"label": "Tricks", "value": 1},), ()), "x"), 1)


def test_every_message_type_round_trips_through_bytes():
    host, client = in_game_pair()
    for message in (sample_update(), TableStatus((SeatInfo("Ann", "open", "", True, True),
                                                  SeatInfo("Bot", "bot", "easy", True, True)), True, 1),
                    ErrorMsg("action/stale", "late", 0, 3), Ping(7), Pong(8)):
        assert client.receive_data(host.send(message)) == [message]
    for message in (ActionMsg(Action.make(0, "play", card="hc-1"), 3), Resync(), Ping(1), Pong(2)):
        assert host.receive_data(client.send(message)) == [message]
    assert host.receive_data(client.send(Bye())) == [Bye()]
    assert host.state is State.CLOSED


def test_frames_split_anywhere_and_many_in_one_chunk():
    host, client = in_game_pair()
    frames = [host.send(sample_update()), host.send(Ping(1)), host.send(ErrorMsg("action/illegal", "no", 0, 3))]
    stream = b"".join(frames)
    for cut in range(len(stream) + 1):
        _, reader = in_game_pair()
        got = reader.receive_data(stream[:cut]) + reader.receive_data(stream[cut:])
        assert [m.TYPE for m in got] == ["update", "ping", "error"]
    _, reader = in_game_pair()
    got = []
    for i in range(len(stream)):  # one byte at a time
        got += reader.receive_data(stream[i:i + 1])
        assert reader.buffered <= len(stream)
    assert len(got) == 3


def test_oversized_frame_is_refused_from_its_header_without_buffering():
    host = Connection(Sender.HOST)
    with pytest.raises(ProtocolError) as info:
        host.receive_data(struct.pack(">I", MAX_FRAME_FROM_CLIENT + 1) + b"\x80")
    assert info.value.code == "protocol/too_big"
    assert host.state is State.CLOSED and host.buffered == 0


def test_oversized_outgoing_frame_is_a_local_error():
    host, client = host_and_client()
    host.receive_data(client.send(Hello("Ann")))
    huge = Welcome(TOKEN, (0,), False, "T", GameConfig.make("highcard", [SeatConfig("remote", "x" * 40)] * 8,
                                                               blob="y" * 300_000), 5.0)
    with pytest.raises(ProtocolError) as info:
        host.send(huge)
    assert info.value.code == "protocol/too_big"


@pytest.mark.parametrize("payload, code", [
    (b"\xc1", "protocol/bad_frame"),  # never-used msgpack byte
    (b"\x92\x01", "protocol/bad_frame"),  # truncated array
    (msgpack.packb([1, 2, 3]), "protocol/bad_frame"),  # not a map
    (msgpack.packb("hello"), "protocol/bad_frame"),
    (msgpack.packb({"kind": "hello"}), "protocol/bad_message"),  # no type
    (msgpack.packb({"type": 5}), "protocol/bad_message"),
    (msgpack.packb({"type": "teleport"}), "protocol/unknown_type"),
    (msgpack.packb({"type": "welcome"}), "protocol/unexpected"),  # a host message from a client
    (msgpack.packb({"type": "action", "version": 0, "action": {}}), "protocol/unexpected"),  # before hello
    (msgpack.packb({"type": "hello", "version": 99, "name": "A"}), "protocol/version"),
    (msgpack.packb({"type": "hello", "version": "1", "name": "A"}), "protocol/version"),
    (msgpack.packb({"type": "hello", "version": 1, "name": ""}), "protocol/bad_message"),
    (msgpack.packb({"type": "hello", "version": 1, "name": "A" * 41}), "protocol/bad_message"),
    (msgpack.packb({"type": "hello", "version": 1, "name": "A", "seats": [0, 0]}), "protocol/bad_message"),
    (msgpack.packb({"type": "hello", "version": 1, "name": "A", "seats": [64]}), "protocol/bad_message"),
    (msgpack.packb({"type": "hello", "version": 1, "name": "A", "token": "short"}), "protocol/bad_message"),
    (msgpack.packb({"type": "hello", "version": 1, "name": "A", "spectator": 1}), "protocol/bad_message"),
    (msgpack.packb({"type": "hello", "version": 1, "name": b"A"}), "protocol/bad_message"),
    (msgpack.packb({"type": "hello", "version": 1, "name": "A\x00"}), "protocol/bad_message"),
    (msgpack.packb({"type": "hello", "version": 1, "name": "A", "names": "Bo"}), "protocol/bad_message"),
    (msgpack.packb({"type": "hello", "version": 1, "name": "A", "names": [" "]}), "protocol/bad_message"),
    (msgpack.packb({"type": "hello", "version": 1, "name": "A", "names": [7]}), "protocol/bad_message"),
    (msgpack.packb({"type": "hello", "version": 1, "name": "A", "names": ["B" * 41]}), "protocol/bad_message"),
    (msgpack.packb({"type": "hello", "version": 1, "name": "A", "names": ["B"] * 65}), "protocol/bad_message"),
    (msgpack.packb({"type": "hello", "version": 1, "name": "A", "seats": [0], "names": ["B", "C"]}),
     "protocol/bad_message"),
])
def test_garbage_wrong_types_unknown_types_and_versions_have_codes(payload, code):
    host = Connection(Sender.HOST)
    with pytest.raises(ProtocolError) as info:
        host.receive_data(struct.pack(">I", len(payload)) + payload)
    assert info.value.code == code
    assert host.state is State.CLOSED
    with pytest.raises(ProtocolError):  # a failed connection stays failed
        host.receive_data(raw_frame({"type": "hello", "version": 1, "name": "A"}))


@pytest.mark.parametrize("action, version", [
    ({"seat": -1, "kind": "play", "args": {}}, 0),
    ({"seat": 0, "kind": "", "args": {}}, 0),
    ({"seat": 0, "kind": "play", "args": {"card": {"nested": 1}}}, 0),
    ({"seat": 0, "kind": "play", "args": {"card": [[{"x": 1}]]}}, 0),
    ({"seat": 0, "kind": "play", "args": {"card": b"bytes"}}, 0),
    ({"seat": True, "kind": "play", "args": {}}, 0),
    ({"seat": 0, "kind": "play", "args": {}}, -1),
    ({"seat": 0, "kind": "play", "args": {}}, "3"),
    ("play", 0),
])
def test_malformed_actions_never_reach_an_engine(action, version):
    host, client = in_game_pair()
    with pytest.raises(ProtocolError) as info:
        host.receive_data(raw_frame({"type": "action", "version": version, "action": action}))
    assert info.value.code == "protocol/bad_message"


def test_hello_names_each_seat_and_stays_valid_without_them():
    host, client = host_and_client()
    hello = Hello("Ann", seats=(3, 1), names=("Ann", "Bo"))
    assert host.receive_data(client.send(hello)) == [hello]
    assert hello.seat_names((1, 3)) == {3: "Ann", 1: "Bo"}  # names follow the seats asked for
    assert Hello("Ann", seats=(3, 1), names=("Cy",)).seat_names((1, 3)) == {3: "Cy", 1: "Ann"}
    # with a token the seats come from the host: names follow them in seat order
    assert Hello("Ann", token=TOKEN, names=("Ann", "Bo")).seat_names((4, 2)) == {2: "Ann", 4: "Bo"}
    assert Hello("Ann").seat_names((5,)) == {5: "Ann"}
    older = {"type": "hello", "version": 1, "name": "Ann", "token": None, "seats": [0], "spectator": False}
    decoded = Connection(Sender.HOST).receive_data(raw_frame(older))  # a hello from before `names`
    assert decoded == [Hello("Ann", seats=(0,))] and decoded[0].seat_names((0,)) == {0: "Ann"}


def test_good_messages_before_a_bad_one_are_kept():
    host, client = in_game_pair()
    good = client.send(Ping(1))
    with pytest.raises(ProtocolError) as info:
        host.receive_data(good + raw_frame({"type": "nope"}))
    assert info.value.decoded == [Ping(1)] and info.value.code == "protocol/unknown_type"


def test_deep_nesting_is_refused():
    host, client = in_game_pair()
    deep: object = "x"
    for _ in range(200):
        deep = [deep]
    with pytest.raises(ProtocolError) as info:
        client.receive_data(raw_frame({**sample_update().to_wire(), "view": {"d": deep}}))
    assert info.value.code == "protocol/bad_message"


def test_update_validation_on_the_client_side():
    for patch in ({"hash": "nothex"}, {"seat": 99}, {"legal": [{"seat": 1, "kind": "play", "args": {}}]},
                  {"events": [{"nokind": 1}]}, {"view": [1]}, {"version": -1}, {"outcome": {"scores": 1}},
                  {"active": [0, 0]}):
        _, client = in_game_pair()
        with pytest.raises(ProtocolError) as info:
            client.receive_data(raw_frame({**sample_update().to_wire(), **patch}))
        assert info.value.code == "protocol/bad_message", patch


def test_state_machine_follows_the_one_table():
    host, client = host_and_client()
    with pytest.raises(ProtocolError):  # a client cannot act before hello/welcome/start
        client.send(ActionMsg(Action.make(0, "play", card="hc-1"), 0))
    host.receive_data(client.send(Hello("Ann")))
    with pytest.raises(ProtocolError) as info:  # one hello only
        host.receive_data(raw_frame(Hello("Ann").to_wire()))
    assert info.value.code == "protocol/unexpected"
    host, client = host_and_client()
    host.receive_data(client.send(Hello("Ann")))
    client.receive_data(host.send(Welcome(TOKEN, (0,), False, "T", CONFIG, 5.0)))
    assert client.state is State.LOBBY
    with pytest.raises(ProtocolError):  # updates only once the game started
        host.send(sample_update())
    client.receive_data(host.send(TableStatus((SeatInfo("Ann", "open", "", True, True),), False)))
    client.receive_data(host.send(Start()))
    assert client.state is State.IN_GAME
    client.receive_data(host.send(Bye.for_error("host/closing")))
    assert client.state is State.CLOSED
    states = {key[0] for key in TRANSITIONS} | set(TRANSITIONS.values())
    assert states == set(State)


def test_error_texts_are_fixed_and_free_of_internals():
    for code, text in ERROR_CODES.items():
        assert "/" in code and text and "Traceback" not in text and "{" not in text
    error = ProtocolError("protocol/bad_frame", "msgpack ExtraData at offset 17")
    assert Bye.for_error(error).message == ERROR_CODES["protocol/bad_frame"]
    assert "offset" not in Bye.for_error(error).message


def test_welcome_version_mismatch_is_detected_by_the_client():
    _, client = host_and_client()
    client.send(Hello("Ann"))
    wire = Welcome(TOKEN, (0,), False, "T", CONFIG, 5.0).to_wire()
    with pytest.raises(ProtocolError) as info:
        client.receive_data(raw_frame({**wire, "version": PROTOCOL_VERSION + 1}))
    assert info.value.code == "protocol/version"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300), st.booleans())
def test_fuzz_raw_bytes_raise_a_coded_error_or_decode(data, as_host):
    connection = Connection(Sender.HOST if as_host else Sender.CLIENT)
    try:
        messages = connection.receive_data(data)
    except ProtocolError as exc:
        assert exc.code in ERROR_CODES
        return
    assert all(hasattr(m, "TYPE") for m in messages)


plain = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1) | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.binary(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6) | st.integers(-2**63, 2**63 - 1), inner, max_size=4),
    max_leaves=20)
fields = st.dictionaries(st.sampled_from(["type", "version", "name", "names", "token", "seats", "spectator", "action",
                                          "nonce", "code", "message", "seat", "view", "events", "legal",
                                          "hash", "active", "outcome", "config", "heartbeat", "table"]),
                         plain | st.sampled_from(["hello", "action", "ping", "pong", "bye", "resync", "update",
                                                  "welcome", "table", "start", "error", 1]),
                         max_size=8)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(fields, min_size=1, max_size=4), st.integers(0, 3))
def test_fuzz_structured_maps_in_valid_frames(maps, start_state):
    """Well-framed maps with plausible fields at every connection state: coded error or a message."""
    host, client = in_game_pair() if start_state >= 2 else host_and_client()
    if start_state == 1:
        host.receive_data(client.send(Hello("Ann")))
    for target in (host, client):
        try:
            for data in maps:
                for message in target.receive_data(raw_frame(data)):
                    assert message.to_wire()["type"] == message.TYPE
        except ProtocolError as exc:
            assert exc.code in ERROR_CODES
