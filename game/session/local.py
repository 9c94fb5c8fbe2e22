"""LocalSession: the engine in this process, bots on a worker thread, autosave after every action.

Every action, event and view crosses `game.core.wire` as msgpack bytes even here, so solo play
exercises exactly what LAN play sends.

An autosave that cannot be written (a full disk, a folder gone read-only) never stops the game:
the last good save stays on disk, every later action tries again, and `take_save_notice()` hands
the table one message when saving stops and one when it works again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

from game.bots.base import Bot, make_bot
from game.core.registry import find_game
from game.core.types import Action, Event, GameConfig, IllegalAction, InvalidAction, Outcome, events_for
from game.core.wire import WireError, pack, unpack
from game.session.base import SeatStatus, Session, Update
from game.session.saves import SaveGame, write_save
from game.session.storage import write_problem

log = logging.getLogger(__name__)


def through_wire_action(action: Action) -> Action:
    return Action.from_wire(unpack(pack(action.to_wire())))


def through_wire_events(events: list[Event]) -> tuple[Event, ...]:
    return tuple(Event.from_wire(e) for e in unpack(pack([e.to_wire() for e in events])))


def through_wire_view(view: dict[str, Any]) -> dict[str, Any]:
    return unpack(pack(view))


HISTORY_ACTIONS = 24  # how many past actions a table opening on a game under way can log


class LocalSession(Session):
    """One table in this process. `bot_delay` paces bots so people can follow (tests use 0)."""

    def __init__(self, config: GameConfig, seed: int, *, autosave: Path | None = None,
                 bot_delay: float = 0.7, actions: list[Action] | None = None,
                 spectator: bool = False) -> None:
        self.game_id = config.game
        self.config = config
        self.seed = seed
        self.engine = find_game(config.game)
        self.engine.check_config(config)
        self.autosave_path = autosave
        self.bot_delay = bot_delay
        self.spectator = spectator
        self.actions: list[Action] = []
        self.state = self.engine.new_game(config, seed)
        self.start_hash = self.engine.state_hash(self.state)  # saved, so a changed content is named on resume
        self.save_problem = ""  # why the last autosave failed; "" while saving works
        self.pad_numbers: dict[int, int] = {}  # seat -> its claimed pad's number, kept in the save (the table sets it)
        self.table_state: dict[str, int] = {}  # what the table keeps beside the game (the hint count), saved with it
        self._save_notices: list[str] = []
        self._history: dict[int | None, deque[tuple[int, tuple[Event, ...]]]] = {
            seat: deque(maxlen=HISTORY_ACTIONS) for seat in self._viewers()}
        replayed = actions or []
        for index, action in enumerate(replayed):
            self.state, events = self.engine.apply(self.state, action)
            self.actions.append(action)
            if index >= len(replayed) - HISTORY_ACTIONS:
                self._remember(self._events_per_viewer(events))
        self._bots: dict[int, Bot] = {
            seat: make_bot(config.game, sc.level, self.engine, seat, seed * 1_000_003 + seat)
            for seat, sc in enumerate(config.seats) if sc.kind == "bot"
        }
        self._lock = threading.Lock()
        self._pending: list[Update] = []
        self._latest: dict[int | None, Update] = {}
        self._bot_thread: threading.Thread | None = None
        self._bot_result: tuple[int, Action] | None = None
        self._bot_error: BaseException | None = None
        self._next_bot_time = 0.0
        self._closed = False
        self._queue_updates([], None)

    # --- Session interface ----------------------------------------------------------------------
    def local_seats(self) -> list[int]:
        return [i for i, sc in enumerate(self.config.seats) if sc.kind == "human"]

    def seats(self) -> list[SeatStatus]:
        return [SeatStatus(sc.name, sc.kind, sc.level if sc.kind == "bot" else "", True, sc.kind == "human")
                for sc in self.config.seats]

    def latest(self, seat: int | None) -> Update | None:
        return self._latest.get(seat)

    def submit(self, action: Action) -> None:
        if action.seat not in self.local_seats():
            self._reject(action.seat, "that seat is not played at this table", "action/not_your_seat")
            return
        self._apply(action)

    def poll(self) -> list[Update]:
        self._drive_bots()
        out, self._pending = self._pending, []
        return out

    def close(self) -> None:
        self._closed = True

    def recent_moves(self, seat: int | None, before_version: int) -> tuple[tuple[int, tuple[Event, ...]], ...]:
        return tuple((version, events) for version, events in self._history.get(seat, ())
                     if version < before_version and events)

    # --- state queries for tools and tests ------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.actions)

    def is_over(self) -> bool:
        return self.engine.is_over(self.state)

    def outcome(self) -> Outcome | None:
        return self.engine.result(self.state)

    def save_game(self) -> SaveGame:
        return SaveGame(self.config, self.seed, list(self.actions), self.engine.state_hash(self.state),
                        self.start_hash, dict(self.pad_numbers), dict(self.table_state))

    def save_table_state(self) -> None:
        """The table changed what it keeps beside the game (a hint asked): write the autosave now,
        not only at the next move, so closing right after keeps it."""
        if self.actions:
            self._autosave()

    def take_save_notice(self) -> str | None:
        """What the table should tell the people here about the autosave, once: that it stopped
        working (and the game goes on), or that it works again. None when there is nothing new."""
        return self._save_notices.pop(0) if self._save_notices else None

    # --- internals ------------------------------------------------------------------------------
    def _reject(self, seat: int | None, reason: str, code: str) -> None:
        last = self._latest.get(seat)
        if last is None:
            return
        self._pending.append(Update(seat, (), last.view, last.legal, last.active, last.version,
                                    last.state_hash, last.outcome, reason, code))

    def _apply(self, action: Action) -> bool:
        try:
            action = through_wire_action(action)
            new_state, events = self.engine.apply(self.state, action)
        except (IllegalAction, InvalidAction, WireError) as exc:
            code = "action/illegal"
            if action.seat not in self.engine.active_seats(self.state) and not self.engine.legal_actions(
                    self.state, action.seat):
                code = "action/not_your_turn"
            self._reject(action.seat, str(exc), code)
            return False
        self.state = new_state
        self.actions.append(action)
        self._queue_updates(events, action.seat)
        self._autosave()
        return True

    def _viewers(self) -> list[int | None]:
        viewers: list[int | None] = list(range(self.config.seat_count))
        if self.spectator:
            viewers.append(None)
        return viewers

    def _events_per_viewer(self, events: list[Event]) -> dict[int | None, tuple[Event, ...]]:
        """What each viewer may see of `events`, through the wire."""
        return {seat: through_wire_events(events_for(events, seat)) for seat in self._viewers()}

    def _remember(self, seen: dict[int | None, tuple[Event, ...]]) -> None:
        """Each viewer's events of the action just applied (its version), for `recent_moves`."""
        for seat, history in self._history.items():
            history.append((len(self.actions), seen[seat]))

    def _queue_updates(self, events: list[Event], actor: int | None) -> None:
        seen = self._events_per_viewer(events)
        if events:
            self._remember(seen)
        active = tuple(self.engine.active_seats(self.state))
        outcome = self.engine.result(self.state)
        digest = self.engine.state_hash(self.state)
        for seat in self._viewers():
            update = Update(
                seat=seat,
                events=seen[seat],
                view=through_wire_view(self.engine.view(self.state, seat)),
                legal=tuple(through_wire_action(a) for a in self.engine.legal_actions(self.state, seat))
                if seat is not None else (),
                active=active,
                version=len(self.actions),
                state_hash=digest,
                outcome=outcome,
                actor=actor,
            )
            self._latest[seat] = update
            if seat is None or self.config.seats[seat].kind == "human":
                self._pending.append(update)

    def _autosave(self) -> None:
        """Write the autosave; a failure is logged and noticed, never raised into the game."""
        if self.autosave_path is None:
            return
        try:
            write_save(self.autosave_path, self.save_game(), sync_folder=False)  # again next move
        except OSError as exc:
            problem = write_problem(exc)
            if problem != self.save_problem:
                log.warning("autosave to %s failed: %s", self.autosave_path, exc)
                self._save_notices.append(f"Your game cannot be saved: {problem}. Play goes on, and "
                                          "every move tries to save it again.")
            self.save_problem = problem
            return
        if self.save_problem:
            self.save_problem = ""
            self._save_notices.append("Your game is being saved again.")

    def _drive_bots(self) -> None:
        """Start a bot's thinking on a worker thread; apply its move when done and paced."""
        if self._closed or self.engine.is_over(self.state):
            return
        if self._bot_error is not None:
            error, self._bot_error = self._bot_error, None
            raise RuntimeError("a bot failed") from error
        if self._bot_thread is not None:
            if self._bot_thread.is_alive():
                return
            self._bot_thread = None
            result, self._bot_result = self._bot_result, None
            if result is not None and result[0] == len(self.actions):
                self._apply(result[1])
                self._next_bot_time = time.monotonic() + self.bot_delay
            return
        bot_seats = [s for s in self.engine.active_seats(self.state) if s in self._bots]
        if not bot_seats or time.monotonic() < self._next_bot_time:
            return
        seat = bot_seats[0]
        view = through_wire_view(self.engine.view(self.state, seat))
        legal = [through_wire_action(a) for a in self.engine.legal_actions(self.state, seat)]
        version = len(self.actions)
        bot = self._bots[seat]

        def think() -> None:
            try:
                self._bot_result = (version, bot.choose(view, legal))
            except BaseException as exc:  # surfaced on the UI thread by the next poll
                self._bot_error = exc

        if self.bot_delay <= 0:
            think()
            if self._bot_result is not None:
                _, action = self._bot_result
                self._bot_result = None
                self._apply(action)
            return
        self._bot_thread = threading.Thread(target=think, name=f"bot-{seat}", daemon=True)
        self._bot_thread.start()

    def run_bots_until_human(self, limit: int = 100_000) -> None:
        """Synchronously let bots play until a human must act or the game ends (tests, screenshots)."""
        saved_delay, self.bot_delay = self.bot_delay, 0.0
        try:
            for _ in range(limit):
                before = len(self.actions)
                self._drive_bots()
                if len(self.actions) == before:
                    return
        finally:
            self.bot_delay = saved_delay
