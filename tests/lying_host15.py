"""A LAN host that lies (tests only, on 127.0.0.1): it speaks the protocol correctly, so every frame
it sends is well formed, but what it says need not fit its own game. Each guest gets the script
named by its hello's player name, so one host serves a whole fuzz run."""

from __future__ import annotations

import random
import socket
import threading
from dataclasses import dataclass, field
from typing import Any

from game.core.registry import find_game
from game.core.types import Action, Event, GameConfig, Outcome, SeatConfig
from game.core.wire import pack, unpack
from net.client import RemoteSession, _kind
from net.protocol import Connection, Hello, Message, SeatInfo, Sender, Start, TableStatus, UpdateMsg, Welcome

HASH = "0" * 64
TOKEN = "T" * 32


@dataclass
class Script:
    """What the host sends one guest after its hello: the welcome's config and seats, then `updates`."""

    config: GameConfig
    seats: tuple[int, ...] = (0,)
    spectator: bool = False
    updates: list[UpdateMsg] = field(default_factory=list)
    table_seats: int | None = None  # how many seats the `table` message lists (None: the config's)
    bots: tuple[int, ...] = ()  # seats the `table` message says the host's bots play

    def status(self) -> TableStatus:
        count = self.table_seats if self.table_seats is not None else self.config.seat_count
        return TableStatus(tuple(SeatInfo(f"Bot {i + 1}", "bot", "expert", True, True) if i in self.bots else
                                 SeatInfo(f"P{i + 1}", "open", "", True, True) for i in range(count)), True)


class LyingHost:
    """One listening socket on 127.0.0.1 and a thread per guest; `scripts[name]` is what the guest
    called `name` is sent."""

    def __init__(self) -> None:
        self.scripts: dict[str, Script] = {}
        self.byes: list[Any] = []  # what the guests said when they left (a refusal names its code)
        self._server = socket.create_server(("127.0.0.1", 0))
        self.port = self._server.getsockname()[1]
        self._closing = False
        self._threads: list[threading.Thread] = []
        self._acceptor = threading.Thread(target=self._accept, daemon=True)
        self._acceptor.start()

    def _accept(self) -> None:
        while not self._closing:
            try:
                sock, _ = self._server.accept()
            except OSError:
                return
            thread = threading.Thread(target=self._serve, args=(sock,), daemon=True)
            thread.start()
            self._threads.append(thread)

    def _received(self, sock: socket.socket) -> bytes | None:
        """The next bytes from a guest, None when it hung up (b"" while it is only quiet)."""
        try:
            data = sock.recv(65536)
        except socket.timeout:
            return b""
        return data or None

    def _serve(self, sock: socket.socket) -> None:
        conn = Connection(Sender.HOST)
        sock.settimeout(0.2)
        try:
            hello = None
            while hello is None and not self._closing:
                data = self._received(sock)
                if data is None:
                    return
                for message in conn.receive_data(data):
                    hello = message
            script = self.scripts[hello.name]
            out = [Welcome(TOKEN, script.seats, script.spectator, "Liar's table", script.config, 600.0),
                   script.status(), Start()]
            out += script.updates
            sock.sendall(b"".join(conn.send(message) for message in out))
            while not self._closing:
                data = self._received(sock)
                if data is None:
                    return
                try:
                    self.byes += [m for m in conn.receive_data(data) if type(m).__name__ == "Bye"]
                except Exception:  # noqa: BLE001 - a guest's goodbye after ours: nothing to do
                    return
        except OSError:
            return
        finally:
            sock.close()

    def close(self) -> None:
        self._closing = True
        self._server.close()
        for thread in self._threads:
            thread.join(1)


def config_for(game: str, seats: int = 2, **options: Any) -> GameConfig:
    return GameConfig.make(game, [SeatConfig("human", f"P{i + 1}") for i in range(seats)], **options)


def honest_update(game: str, seats: int = 2, moves: int = 6, seat: int | None = 0, seed: int = 1,
                  to_the_end: bool = False, **options: Any) -> UpdateMsg:
    """A true update from a real game a few random moves in (or played to its end)."""
    config = config_for(game, seats, **options)
    engine = find_game(game)
    state = engine.new_game(config, seed)
    rng = random.Random(seed)
    done = 0
    while not engine.is_over(state) and (to_the_end or done < moves):
        active = engine.active_seats(state)
        state, _ = engine.apply(state, rng.choice(engine.legal_actions(state, active[0])))
        done += 1
    view = unpack(pack(engine.view(state, seat)))
    legal = tuple(engine.legal_actions(state, seat)) if seat is not None and not engine.is_over(state) else ()
    return UpdateMsg(seat, (), view, legal, tuple(engine.active_seats(state)), done, HASH,
                     engine.result(state), None, True)


def with_view(update: UpdateMsg, view: dict[str, Any], **changes: Any) -> UpdateMsg:
    fields = {name: getattr(update, name) for name in ("seat", "events", "view", "legal", "active", "version",
                                                       "state_hash", "outcome", "actor", "resync")}
    fields.update(changes, view=view)
    return UpdateMsg(**fields)


WRONG_KIND = {"list": 7, "dict": ["x"], "number": "seven", "str": 12345, "bool": "yes", "none": {"odd": 1}}


kind_of = _kind  # the guest's own reading of a value's kind: a lie of another kind is what it refuses


def breaking_values(value: Any) -> list[Any]:
    """Values of the same kind that break what the game promises about this field: unknown card
    ids, absurd counts, lists far too long or emptied, maps of nonsense."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, (int, float)):
        return [-1, -(10 ** 9), 10 ** 9, 2 ** 53, 0.5]
    if isinstance(value, str):
        return ["", "zz-99", "x" * 300]
    if isinstance(value, list):
        junk = [["zz-99"] * 3, [], [None] * 5, [-1, 10 ** 9], [{"odd": 1}] * 2, [[["deep"]]]]
        if value:
            junk.append(value * 8)
            junk.append([value[0]] * 60)
        return junk
    if isinstance(value, dict):
        junk: list[Any] = [{}, {"zz": "zz"}, {"0": None}]
        if value:
            first = next(iter(value))
            junk.append({first: None})
            junk.append({key: "zz-99" for key in value})
        return junk
    return [0]


def junk_events(seats: int) -> tuple[Event, ...]:
    return (Event.make("play", [0], seat=9, card="zz-99"), Event.make("frobnicate", [0, 1]),
            Event.make("draw", list(range(seats)), seat=0, card=None, count=-3))


def junk_legal(seat: int) -> tuple[Action, ...]:
    return (Action.make(seat, "frobnicate", card="zz-99"), Action.make(seat, "play", card=12, slot=-1))


def bad_outcome(seats: int) -> list[Outcome]:
    return [Outcome(tuple([float("inf")] * seats), (tuple(range(seats)),), (0,)),
            Outcome(tuple([float("nan")] * seats), (tuple(range(seats)),), (0,)),
            Outcome(tuple([10 ** 12] * seats), (tuple(range(seats)),), (0,)),
            Outcome(tuple([1] * seats), (tuple(range(seats + 3)),), (seats + 2,)),
            Outcome((1,) * (seats + 2), (tuple(range(seats)),), (0,)),
            Outcome((1,) * seats, (tuple(range(seats)),), (0,), (({"label": ["x"], "value": {"y": 1}},),))]


class InProcessGuest(RemoteSession):
    """A RemoteSession whose host messages are handed over here (no socket, no thread), taken
    through the same checks and the same inbox as the network thread's."""

    def _thread_main(self) -> None:
        return

    def deliver(self, script: Script) -> None:
        for message in [Welcome("T" * 32, script.seats, script.spectator, "Liar's table", script.config, 600.0),
                        script.status(), Start(), *script.updates]:
            problem = self._problem_with(message)
            if problem is not None:
                self._refuse(problem)
                return
            if isinstance(message, Welcome):
                self._welcomed(message, Hello(self.name, seats=self.wanted_seats))
            else:
                self._inbox.put(message)
