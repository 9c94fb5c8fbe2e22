"""LAN play on 127.0.0.1 only: whole bot games through host and clients, no leaks, rejections with
their codes, reconnects, stand-in bots, and a host killed and restarted from its autosave.

Every socket here binds or connects on 127.0.0.1. Nothing here starts zeroconf (see test_net_discovery).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import msgpack
import pytest

import highcard  # noqa: F401 - registers the test engine
from game.core import Action, GameConfig
from game.core.registry import GAMES, find_game, is_available
from game.core.types import SPECTATORS, events_for
from game.core.wire import iter_scalars, unpack
from game.session.saves import read_save
from net.client import STATUS_HOST_CLOSED, STATUS_HOST_RESTARTING, STATUS_RECONNECTING, RemoteSession
from net.host import SeatSpec, TableHost, start_host
from net.seat_tokens import SeatTokens, StoredSeats
from net.protocol import (
    ActionMsg,
    Bye,
    Connection,
    ErrorMsg,
    Hello,
    Ping,
    Pong,
    Sender,
    State,
    TableStatus,
    UpdateMsg,
    decode_frames,
)
from net_driver import BotDriver
from waits16 import CEILING, wait_for

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
REAL_GAMES = [info.game_id for info in GAMES]


def available(game_id: str) -> bool:
    try:
        return is_available(game_id)
    except Exception:  # an engine mid-way through being written must not break LAN tests
        return False


def seat_plan(game_id: str) -> tuple[str, list[str]]:
    """(--seats, client seat lists) for a whole game: several client processes, one holding two
    seats where the game allows, and one bot seat on the host where there is room."""
    engine = find_game(game_id)
    count = max(engine.min_seats, min(engine.max_seats, 5))
    if count == 2:
        return "open,open", ["0", "1"]
    specs = ["open"] * (count - 1) + ["bot:easy"]
    clients = ["0,1"] + [str(s) for s in range(2, count - 1)]
    return ",".join(specs), clients


@pytest.fixture
def env(tmp_path):
    return dict(os.environ, TABLETIME_DATA_DIR=str(tmp_path), TABLETIME_LAN_INTERFACES="127.0.0.1",
                PYTHONPATH=str(ROOT))


def spawn_serve(env, args: list[str]) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, str(TESTS / "net_serve_entry.py"), *args, "--interface", "127.0.0.1",
                             "--no-advertise", "--heartbeat", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=str(ROOT))
    line = proc.stdout.readline()
    while line.startswith("serve: resuming"):
        line = proc.stdout.readline()
    if "listening" not in line:
        proc.kill()
        raise AssertionError(f"serve did not start: {line!r} {proc.stderr.read()[-2000:]}")
    return proc, int(line.split(" port ")[1].split(";")[0])


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait(10)


def shut_down(sessions: list[RemoteSession], *hosts: subprocess.Popen | None) -> None:
    """End a test's clients, then the host processes it started (by their own handles)."""
    for session in sessions:
        session.close()
    for host in hosts:
        if host is not None:
            stop(host)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# --- whole games in processes ------------------------------------------------------------------------
PLAYER_SECONDS = 4 * CEILING
"""How long a player process may take for a whole game: seconds on a quiet machine, minutes on a
loaded one (five processes sharing two cores with everything else)."""


@pytest.mark.timeout(PLAYER_SECONDS + 3 * CEILING)
@pytest.mark.parametrize("game_id", ["highcard", *REAL_GAMES])
def test_processes_play_whole_games_to_identical_hashes(game_id, env, tmp_path):
    if game_id != "highcard" and not available(game_id):
        pytest.skip(f"{game_id} has not landed yet")
    seats, clients = ("open,open", ["0", "1"]) if game_id == "highcard" else seat_plan(game_id)
    save = tmp_path / "table.tt"
    short = ["--option", "rounds=1"] if game_id == "lost-cities" else []  # one round is a whole game too
    host, port = spawn_serve(env, [game_id, "--seats", seats, "--port", "0", "--save", str(save),
                                   "--bot-delay", "0", "--exit-when-over", "--seed", "11", *short])
    watcher = subprocess.Popen([sys.executable, str(TESTS / "net_player.py"), "--port", str(port),
                                "--name", "Watcher", "--spectator", "--timeout", str(PLAYER_SECONDS)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=str(ROOT))
    players = [watcher]
    try:
        wait_for_spectators(port, 1)  # seated before the game can start, so it cannot arrive after the end
        players[:0] = [subprocess.Popen([sys.executable, str(TESTS / "net_player.py"), "--port", str(port),
                                         "--name", f"P{i}", "--seats", s, "--timeout", str(PLAYER_SECONDS)],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                                        cwd=str(ROOT))
                       for i, s in enumerate(clients)]
        results = []
        for player in players:
            out, err = player.communicate(timeout=PLAYER_SECONDS + CEILING)
            assert player.returncode == 0, err[-3000:]
            results.append(json.loads(out.strip().splitlines()[-1]))
        assert host.wait(CEILING) == 0
    finally:
        for proc in [*players, host]:
            stop(proc)
    saved = read_save(save)
    engine = find_game(game_id)
    final = engine.replay(saved.config, saved.seed, saved.actions)
    assert engine.is_over(final) and engine.state_hash(final) == saved.state_hash
    hashes = {h for r in results for h in r["hashes"]}
    assert hashes == {saved.state_hash}
    assert {v for r in results for v in r["versions"]} == {len(saved.actions)}
    assert sorted(s for r in results for s in r["seats"]) == sorted(int(s) for c in clients for s in c.split(","))
    # only simultaneous turns may race (two seats moving on the same position): the loser is stale (or, if the winner ended the game, too late)
    assert {code for r in results for _, code in r["errors"]} <= {"action/stale", "action/game_over"}, results


def wait_for_spectators(port: int, count: int, timeout: float = CEILING) -> None:
    """Watch the table from a probe connection until `count` other spectators sit at it."""
    probe = RawClient(port)
    try:
        probe.send(Hello("Probe", spectator=True))
        deadline = time.monotonic() + timeout
        while probe.receive(TableStatus, max(0.1, deadline - time.monotonic())).spectators < count + 1:
            pass
        probe.send(Bye())
    finally:
        probe.close()


# --- in-process host: leaks, rejections, reconnects ----------------------------------------------
class LeakTap:
    """Records every frame sent to every connection with the secrets its seats had at that moment."""

    def __init__(self) -> None:
        self.host: TableHost | None = None
        self.frames: list[tuple[tuple[int | None, ...], bytes, dict, dict, set]] = []

    def __call__(self, seats, spectator, frame) -> None:
        host = self.host
        assert host is not None
        viewers = (None,) if spectator or not seats else seats
        now = {seat: host.engine.secrets(host.state, seat) for seat in viewers}
        before = {seat: host.engine.secrets(host.previous_state, seat) for seat in viewers}
        # what was hidden from every seat before the move (the deck): the mover may learn it (a draw)
        hidden_from_all = set.intersection(*(host.engine.secrets(host.previous_state, seat)
                                             for seat in range(host.config.seat_count)))
        self.frames.append((viewers, frame, now, before, hidden_from_all))

    def check(self, seed_values: set[int]) -> int:
        """Scan every decoded frame: views and legal actions against the seat's secrets now; events
        against what was secret both before and after the move (a card may become public by it), except
        that the mover may see a card that nobody knew before (its own draw from the deck, even when
        the next round reshuffles it away again)."""
        scanned = 0
        for viewers, frame, now, before, hidden_from_all in self.frames:
            for data in decode_frames(frame):
                scanned += 1
                assert not (set(iter_scalars(data)) & seed_values), "the seed or RNG state was sent"
                events = data.pop("events", []) if data.get("type") == "update" else []
                for seat in viewers:
                    both = now[seat] & before[seat]
                    if seat is not None and data.get("actor") == seat:
                        both -= hidden_from_all
                    where = {f"{data.get('type')} v{data.get('version')} {key}": value for key, value in data.items()}
                    where["events"] = events
                    for place, value in where.items():
                        hidden = both if place == "events" else now[seat]
                        leaked = {s for s in iter_scalars(value) if isinstance(s, str) and s in hidden}
                        assert not leaked, f"seat {seat} was sent {sorted(leaked)[:5]} in {place}"
                    for secret in both:  # and the raw bytes, as msgpack strings
                        assert msgpack.packb(secret) not in frame, f"raw bytes to seat {seat} hold {secret}"
        return scanned


@pytest.mark.parametrize("game_id", ["highcard", *REAL_GAMES])
def test_no_frame_sent_to_a_seat_holds_another_seats_secret(game_id):
    if game_id != "highcard" and not available(game_id):
        pytest.skip(f"{game_id} has not landed yet")
    engine = find_game(game_id)
    count = 2 if game_id == "highcard" else max(engine.min_seats, min(engine.max_seats, 3))
    tap = LeakTap()
    specs = [SeatSpec("open")] * (count - 1) + [SeatSpec("bot", "easy")] if count > 2 else [SeatSpec("open")] * 2
    handle = start_host(game_id, specs, bot_delay=0, tap=tap, seed=987_654_321_123, auto_start=False)
    tap.host = handle.host
    sessions = [RemoteSession("127.0.0.1", handle.port, name=f"P{i}", seats=[i])
                for i, s in enumerate(specs) if s.kind == "open"]
    watcher = RemoteSession("127.0.0.1", handle.port, name="Watcher", spectator=True)
    try:
        assert all(s.wait_until(lambda s=s: s.ready, CEILING) for s in [*sessions, watcher])
        handle.start_game()
        assert BotDriver(sessions).play(CEILING)
        assert watcher.wait_until(lambda: watcher.latest(None) and watcher.latest(None).outcome, CEILING)
        host = handle.host
        seed_values = {host.seed, host.seed * 1_000_003}
        if isinstance(host.state, dict) and isinstance(host.state.get("rng"), int):
            seed_values.add(host.state["rng"])
        scanned = handle.call(lambda: tap.check(seed_values), timeout=60)
        assert scanned > len(host.actions)
        assert_spectators_saw_every_public_event_and_redacted_twin(tap, host)
    finally:
        for s in [*sessions, watcher]:
            s.close()
        handle.stop()


def assert_spectators_saw_every_public_event_and_redacted_twin(tap: LeakTap, host: TableHost) -> None:
    """Replays the game: each move's events a spectator may see (public ones and the redacted twins
    whose audience holds SPECTATORS) are exactly what the spectator's update for that move carried."""
    sent: dict[int, list] = {}
    for viewers, frame, *_ in tap.frames:
        if viewers != (None,):
            continue
        for data in decode_frames(frame):
            if data.get("type") == "update" and not data.get("resync"):
                assert data["seat"] is None and data["legal"] == []
                sent[data["version"]] = data["events"]
    state = host.engine.new_game(host.config, host.seed)
    twins = 0
    for number, action in enumerate(host.actions, start=1):
        state, events = host.engine.apply(state, action)
        twins += sum(1 for e in events if e.audience is not None and SPECTATORS in e.audience)
        expected = [e.to_wire() for e in events_for(events, None)]
        assert sent.get(number) == unpack_events(expected), f"move {number}: the spectator got {sent.get(number)}"
    if twins:  # this engine redacts for spectators: they did receive those twins
        assert any(sent.values())


def unpack_events(events: list) -> list:
    """Events as they look after a trip through msgpack (tuples become lists)."""
    return unpack(msgpack.packb(events)) if events else []


class RawClient:
    """A hand-written client on a blocking socket, to send what RemoteSession never would."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=CEILING)
        self.conn = Connection(Sender.CLIENT)
        self.pending: list = []

    def send(self, message) -> None:
        self.sock.sendall(self.conn.send(message))

    def send_raw(self, frame: bytes) -> None:
        self.sock.sendall(frame)

    def receive(self, wanted: type, timeout: float = CEILING):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for i, message in enumerate(self.pending):
                if isinstance(message, wanted):
                    return self.pending.pop(i)
            data = self.sock.recv(65536)
            if not data:
                raise ConnectionError("host closed the connection")
            for message in self.conn.receive_data(data):
                if isinstance(message, Ping):  # answered, as every client does: three heartbeats unanswered
                    self.send(Pong(message.nonce))  # and the host drops us (a slow machine takes that long)
                else:
                    self.pending.append(message)
        raise TimeoutError(wanted.__name__)

    def close(self) -> None:
        self.sock.close()


def test_out_of_turn_other_seat_stale_and_illegal_actions_are_rejected_with_codes():
    handle = start_host("highcard", "open,open", bot_delay=0, seed=3)
    one, two = RawClient(handle.port), RawClient(handle.port)
    try:
        one.send(Hello("One", seats=(0,)))
        two.send(Hello("Two", seats=(1,)))
        first = {c: c.receive(UpdateMsg) for c in (one, two)}
        active = first[one].active[0]
        mover, waiter = (one, two) if active == 0 else (two, one)
        version, digest = handle.snapshot()[:2]
        waiting_seat = 1 - active
        cases = [
            (waiter, Action.make(waiting_seat, "play", card=first[waiter].view["hand"][0]), version,
             "action/not_your_turn"),
            (waiter, Action.make(active, "play", card=first[mover].view["hand"][0]), version, "action/not_your_seat"),
            (mover, Action.make(active, "play", card=first[mover].view["hand"][0]), version + 5, "action/stale"),
            (mover, Action.make(active, "play", card="hc-99"), version, "action/illegal"),
            (mover, Action.make(active, "fly", to="moon"), version, "action/illegal"),
        ]
        for client, action, at, code in cases:
            client.send(ActionMsg(action, at))
            error = client.receive(ErrorMsg)
            assert error.code == code, (action, error)
            assert "Traceback" not in error.message and "hc-" not in error.message.replace(action.get("card") or "", "")
            assert handle.snapshot()[:2] == (version, digest), "a rejected action changed the table"
        mover.send(ActionMsg(first[mover].legal[0], version))
        assert mover.receive(UpdateMsg).version == version + 1
        # a malformed action is a protocol violation: the connection ends with a coded bye
        waiter.send_raw(b"\x00\x00\x00\x03\x93\x01\x02")
        assert waiter.receive(Bye).code == "protocol/bad_frame"
        assert waiter.conn.state is State.CLOSED
        assert handle.snapshot()[0] == version + 1
    finally:
        one.close()
        two.close()
        handle.stop()


def test_hello_problems_end_with_coded_byes():
    handle = start_host("highcard", "open,bot:easy", bot_delay=0, auto_start=False)
    try:
        for hello, code in [(Hello("X", token="A" * 32), "auth/bad_token"), (Hello("X", seats=(1,)), "seat/invalid"),
                            (Hello("X", seats=(5,)), "seat/invalid")]:
            session_probe = RawClient(handle.port)
            session_probe.send(hello)
            assert session_probe.receive(Bye).code == code
            session_probe.close()
        taken = RemoteSession("127.0.0.1", handle.port, name="First", seats=[0])
        assert taken.wait_until(lambda: taken.ready, CEILING)
        second = RemoteSession("127.0.0.1", handle.port, name="Second", seats=[0])
        assert second.wait_until(lambda: second.failure is not None, CEILING)
        assert second.failure == "seat/taken" and second.status_text
        assert taken.wait_until(lambda: taken.ready, CEILING) and taken.local_seats() == [0]
        taken.close()
        second.close()
    finally:
        handle.stop()


def test_reconnect_mid_game_with_the_token_and_full_resync():
    handle = start_host("highcard", "open,open", bot_delay=0, seed=8, heartbeat=0.5)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1])
    try:
        driver = BotDriver([ann, bob])
        assert driver.play(CEILING, until=lambda: handle.snapshot()[0] >= 2)
        ann.simulate_network_drop()
        assert ann.wait_until(lambda: ann.reconnects == 1 and ann.status_text == "", CEILING)
        assert ann.wait_until(lambda: ann.latest(0).version == handle.snapshot()[0], CEILING)
        assert bob.wait_until(lambda: bob.seats()[0].connected, CEILING)
        token = bob.token
        bob.close()  # the program on Bob's machine restarts and rejoins with the saved token
        bob = RemoteSession("127.0.0.1", handle.port, name="Bob again", token=token)
        assert bob.wait_until(lambda: bob.latest(1) is not None, CEILING) and bob.local_seats() == [1]
        driver = BotDriver([ann, bob])
        assert driver.play(CEILING)
        digest = handle.snapshot()[1]
        assert ann.latest(0).state_hash == bob.latest(1).state_hash == digest
        assert bob.seats()[1].name == "Bob again"
    finally:
        ann.close()
        bob.close()
        handle.stop()


def test_a_seat_dropped_past_the_grace_window_gets_a_stand_in_bot():
    handle = start_host("highcard", "open,open", bot_delay=0, seed=4, grace=0.2, heartbeat=0.5)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1], reconnect_window=0.1)
    try:
        assert ann.wait_until(lambda: ann.started, CEILING) and bob.wait_until(lambda: bob.started, CEILING)
        bob.close()
        assert BotDriver([ann]).play(CEILING)
        assert ann.latest(0).outcome is not None and handle.snapshot()[2]
        assert ann.seats()[1].level == "stand-in" and not ann.seats()[1].connected
    finally:
        ann.close()
        handle.stop()


def test_client_asks_for_a_resync_when_versions_jump():
    handle = start_host("highcard", "open,open", bot_delay=0, seed=6)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0, 1])
    try:
        assert ann.wait_until(lambda: ann.latest(0) is not None and ann.latest(1) is not None, CEILING)
        real = ann.latest(0)
        fake = UpdateMsg(0, (), {"hand": []}, (), real.active, real.version + 3, "0" * 64)
        ann._inbox.put(fake)  # as if updates had been lost on the way
        assert ann.wait_until(lambda: ann.latest(0).state_hash == real.state_hash
                              and ann.latest(0).version == real.version, CEILING)
        assert BotDriver([ann]).play(CEILING)  # one client, two seats
    finally:
        ann.close()
        handle.stop()


def test_host_killed_and_restarted_from_its_autosave_lets_everyone_rejoin(env, tmp_path):
    save, port = tmp_path / "lan.tt", free_port()
    args = ["highcard", "--seats", "open,open", "--port", str(port), "--save", str(save), "--bot-delay", "0",
            "--seed", "21"]
    host, _ = spawn_serve(env, args)
    ann = RemoteSession("127.0.0.1", port, name="Ann", seats=[0])
    bob = RemoteSession("127.0.0.1", port, name="Bob", seats=[1])
    restarted = None
    try:
        assert BotDriver([ann, bob]).play(CEILING, until=lambda: (ann.latest(0) and ann.latest(0).version >= 2))
        # the writer thread trails the moves: kill the host once two of them are on disk
        wait_for(lambda: save.exists() and len(read_save(save).actions) >= 2, what="two moves saved")
        stop(host)  # SIGKILL: no goodbye, no chance to save anything more
        moves_before = len(read_save(save).actions)
        assert 2 <= moves_before < 6
        assert ann.wait_until(lambda: ann.status_text == STATUS_RECONNECTING, CEILING)
        restarted, _ = spawn_serve(env, args)
        assert ann.wait_until(lambda: ann.status_text == "", CEILING) and bob.wait_until(lambda: bob.status_text == "", CEILING)
        # the host resumes its save, which may trail what the players saw (a move made just before the
        # kill and not written yet): the rejoined players are brought back to it
        assert ann.wait_until(lambda: ann.latest(0).version == moves_before, CEILING), (ann.latest(0), moves_before)
        driver = BotDriver([ann, bob])
        assert driver.play(CEILING), (driver.errors, ann.status_text, bob.status_text, ann.latest(0), bob.latest(1))
        wait_for(lambda: len(read_save(save).actions) >= 6, what="the whole game saved")  # the writer thread trails
        final = read_save(save)
        assert ann.latest(0).state_hash == bob.latest(1).state_hash == final.state_hash
        assert len(final.actions) == 6
    finally:
        shut_down([ann, bob], host, restarted)


def test_a_host_stopped_by_sigterm_says_it_restarts_and_its_players_wait_and_rejoin(env, tmp_path):
    """SIGTERM (a service manager restarting the host) sends `host/restarting`, not `host/closing`:
    the players keep their seats and reconnect to the host started again on the same save."""
    save, port = tmp_path / "lan.tt", free_port()
    args = ["highcard", "--seats", "open,open", "--port", str(port), "--save", str(save), "--bot-delay", "0",
            "--seed", "23"]
    host, _ = spawn_serve(env, args)
    ann = RemoteSession("127.0.0.1", port, name="Ann", seats=[0], reconnect_window=30.0)
    bob = RemoteSession("127.0.0.1", port, name="Bob", seats=[1], reconnect_window=30.0)
    restarted = None
    try:
        assert BotDriver([ann, bob]).play(CEILING, until=lambda: (ann.latest(0) and ann.latest(0).version >= 2))
        host.send_signal(signal.SIGTERM)
        host.wait(CEILING)
        assert ann.wait_until(lambda: ann.status_text == STATUS_HOST_RESTARTING, CEILING), ann.status_text
        assert ann.failure is None and bob.failure is None  # nobody was told the table is over
        moves_before = len(read_save(save).actions)
        restarted, _ = spawn_serve(env, args)
        assert ann.wait_until(lambda: ann.status_text == "", CEILING) and bob.wait_until(lambda: bob.status_text == "", CEILING)
        assert ann.latest(0).version == moves_before
        assert BotDriver([ann, bob]).play(CEILING)
    finally:
        shut_down([ann, bob], host, restarted)


# --- per-seat names, a deliberate close, kept tokens ------------------------------------------------
def test_one_connection_names_each_of_its_seats_and_local_seats_keep_the_hosts_names():
    handle = start_host("highcard", [SeatSpec("open"), SeatSpec("open")], bot_delay=0, seed=5, heartbeat=0.5)
    pair = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[1, 0], names=["Bo", "Ann"])
    try:
        assert pair.wait_until(lambda: pair.table is not None and pair.table.seats[1].taken, CEILING)
        assert [s.name for s in pair.table.seats] == ["Ann", "Bo"]
        assert pair.seat_names == {0: "Ann", 1: "Bo"}
        assert pair.wait_until(lambda: pair.latest(0) is not None, CEILING)
        pair.simulate_network_drop()  # the rejoin hello names the seats the same way
        assert pair.wait_until(lambda: pair.reconnects == 1 and pair.status_text == "", CEILING)
        assert pair.wait_until(lambda: all(s.connected for s in pair.table.seats), CEILING)
        assert [s.name for s in pair.table.seats] == ["Ann", "Bo"]
        assert [s.name for s in pair.seats()] == ["Ann", "Bo"]
    finally:
        pair.close()
        handle.stop()
    handle = start_host("highcard", [SeatSpec("local", name="Robin"), SeatSpec("open")], auto_start=False)
    here = handle.connect_local("Whoever started the program")
    guest = RemoteSession("127.0.0.1", handle.port, name="Sam")
    try:
        assert guest.wait_until(lambda: guest.table is not None and guest.table.seats[1].name == "Sam"
                                and guest.table.seats[0].connected, CEILING)
        assert guest.table.seats[0].name == "Robin"  # the setup's name, not the hello's
    finally:
        here.close()
        guest.close()
        handle.stop()


def test_a_host_closing_the_table_ends_the_client_at_once_but_a_drop_is_retried():
    handle = start_host("highcard", "open,open", bot_delay=0, seed=2)
    window = 10 * CEILING  # a client that waited out its window would fail every wait below
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0], reconnect_window=window)
    bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1], reconnect_window=window)
    try:
        assert ann.wait_until(lambda: ann.latest(0) is not None, CEILING) and bob.wait_until(lambda: bob.started, CEILING)
        bob.simulate_network_drop()  # a dropped line is worth retrying
        assert bob.wait_until(lambda: bob.reconnects == 1 and bob.status_text == "", CEILING) and bob.failure is None
        handle.stop()
        assert ann.wait_until(lambda: ann.failure is not None, CEILING)  # at once: the bye, not the window
        assert ann.failure == "host/closing" and ann.status_text == STATUS_HOST_CLOSED
        assert bob.wait_until(lambda: bob.failure == "host/closing", CEILING)
        assert ann.wait_until(lambda: not ann._thread.is_alive(), CEILING)  # no retry loop left behind
    finally:
        ann.close()
        bob.close()
        handle.stop()


def test_kept_tokens_are_found_by_address_or_by_table_and_forgotten(tmp_path):
    tokens = SeatTokens(tmp_path / "tokens.json")
    assert tokens.all() == [] and tokens.find("10.0.0.2", 47474) is None
    first = StoredSeats("10.0.0.2", 47474, "A" * 32, "Kitchen table", "highcard", [0, 1], ["Ann", "Bo"])
    tokens.remember(first)
    tokens.remember(StoredSeats("10.0.0.3", 47474, "B" * 32, "Attic", "highcard", [1], ["Cy"]))
    assert tokens.find("10.0.0.2", 47474).token == "A" * 32
    assert tokens.find("10.0.0.2", 50000, "Kitchen table", "highcard").token == "A" * 32  # host moved port
    assert tokens.find("10.0.0.2", 50000, "Kitchen table", "lost-cities") is None
    assert first.describe() == "Seats 1 and 2 as Ann and Bo"
    tokens.remember(StoredSeats("10.0.0.2", 47474, "C" * 32, "Kitchen table", "highcard", [1], ["Ann"]))
    assert [e.token for e in tokens.all()] == ["C" * 32, "B" * 32]  # one entry per address and port
    tokens.forget("C" * 32)
    assert [e.token for e in tokens.all()] == ["B" * 32]
    assert (tmp_path / "tokens.json").stat().st_mode & 0o077 == 0  # tokens are private to the user
    (tmp_path / "tokens.json").write_text("{not json")
    assert tokens.all() == []
    (tmp_path / "tokens.json").write_text(json.dumps({"tables": [{"address": "x", "port": 1, "token": "short"}]}))
    assert tokens.all() == []


def test_a_lost_cities_take_back_crosses_the_lan_to_both_seats():
    """The undo is an action like any other: the host applies it, both players see the card come
    back (its event names it for the opponent too: it was on the table) and their states agree."""
    handle = start_host("lost-cities", [SeatSpec("open"), SeatSpec("open")], bot_delay=0, seed=5)
    players = [RemoteSession("127.0.0.1", handle.port, name=f"P{i}", seats=[i]) for i in (0, 1)]
    received: dict[int, list] = {0: [], 1: []}

    def collect_until(seat: int, version: int) -> bool:
        player = players[seat]
        deadline = time.monotonic() + CEILING
        while time.monotonic() < deadline:
            received[seat] += [u for u in player.poll() if u.seat == seat]
            latest = player.latest(seat)
            if latest is not None and latest.version >= version:
                return True
            time.sleep(0.002)
        return False
    try:
        assert all(collect_until(seat, 0) for seat in (0, 1))
        turn = players[0].latest(0).active[0]
        mover = players[turn]
        play = next(a for a in mover.latest(turn).legal if a.kind == "discard")
        mover.submit(play)
        assert collect_until(turn, 1)
        undo = Action.make(turn, "undo")
        assert undo in mover.latest(turn).legal
        mover.submit(undo)
        assert collect_until(turn, 2) and collect_until(1 - turn, 2)
        for seat in (0, 1):
            events = [e for u in received[seat] for e in u.events if e.kind == "undo"]
            assert [(e["seat"], e["card"]) for e in events] == [(turn, play["card"])]
            assert play["card"] in players[seat].latest(seat).view["known_in_hand"][turn]
        assert players[0].latest(0).state_hash == players[1].latest(1).state_hash == handle.snapshot()[1]
        assert play["card"] in mover.latest(turn).view["hand"] and mover.latest(turn).view["phase"] == "play"
    finally:
        for p in players:
            p.close()
        handle.stop()


def test_a_hosted_labyrinth_with_a_bot_among_players_is_played_in_turns_unless_together_is_asked():
    """Played together a bot would play the adventure for the people (LA-5): left to its default,
    the mode becomes "in turns" and the host says so; asked for explicitly, it is refused."""
    from game.core.types import IllegalAction

    host = TableHost("labyrinth", [SeatSpec("open"), SeatSpec("bot", "easy")], seed=1, auto_start=False)
    assert dict(host.config.options)["mode"] == "turns" and "played in turns" in host.option_notes[0]
    people = TableHost("labyrinth", [SeatSpec("open"), SeatSpec("open")], seed=1, auto_start=False)
    assert dict(people.config.options)["mode"] == "together" and people.option_notes == []
    with pytest.raises(IllegalAction, match="for people only"):
        TableHost("labyrinth", [SeatSpec("open"), SeatSpec("bot", "easy")], options={"mode": "together"}, seed=1)


def test_a_hosted_bot_without_a_name_is_called_by_a_bot_name_not_a_seat_number():
    host = TableHost("lost-in-time", [SeatSpec("open"), SeatSpec("bot", "easy"), SeatSpec("bot", "easy")],
                     seed=1, auto_start=False)
    assert [seat.name for seat in host.config.seats] == ["Seat 1", "Ada", "Basil"]
