"""The engine contract of DESIGN.md as a base class. One subclass per game lives in game/rules.

States are the engine's own business but must turn into plain data (`to_plain`) for hashing, saving
and resync. The default assumes the state *is* plain data (dicts, lists, scalars), which is the
recommended shape: cheap to copy with `marshal`, trivially hashable with `state_hash`.
"""

from __future__ import annotations

import marshal
from dataclasses import dataclass
from typing import Any, Generic, Iterable, Sequence, TypeVar

from game.core.types import Action, Event, GameConfig, IllegalAction, InvalidAction, Outcome, a_or_an
from game.core.view_checks import ViewProblem
from game.core.wire import digest

State = TypeVar("State")


def seats_range(low: int, high: int) -> str:
    """"2 seats", "2–6 seats": how many seats a game takes, in words (a range takes an en dash)."""
    return f"{low} seat{'s' if low != 1 else ''}" if low == high else f"{low}–{high} seats"


@dataclass(frozen=True, slots=True)
class Option:
    """A setup-screen option (RULINGS: the first choice is the default)."""

    name: str
    label: str
    choices: tuple[tuple[Any, str], ...]  # (value, label shown)
    help: str = ""
    # values that cannot be played with bots and people at one table (a bot acting whenever it likes
    # would play the game for the people, e.g. the Labyrinth played together), and why, in words
    people_only: tuple[Any, ...] = ()
    people_only_reason: str = ""
    # what the setup says of one choice beside `help` while it is chosen (an adventure's length)
    choice_help: tuple[tuple[Any, str], ...] = ()

    @property
    def default(self) -> Any:
        return self.choices[0][0]

    def label_for(self, value: Any) -> str | None:
        """The label of the choice `value` is, same type and all (True or 5.0 is no choice of 1 or
        5), or None when it is none of them."""
        return said_of(self.choices, value)

    def help_for(self, value: Any) -> str:
        """`help`, and what is said of `value` when it is chosen."""
        note = said_of(self.choice_help, value)
        return f"{self.help} {note}".strip() if note else self.help

    def choices_for(self, seat_kinds: Sequence[str]) -> tuple[tuple[Any, str], ...]:
        """The choices open to a table of these seat kinds ("human", "bot", "open", ...)."""
        if not mixes_bots_and_people(seat_kinds):
            return self.choices
        return tuple(choice for choice in self.choices if choice[0] not in self.people_only) or self.choices


def wrong_arguments(action: Action, expected: Sequence[str], noun: str = "move") -> str | None:
    """Why `action` cannot be a move of its kind by its argument names alone (a garbled guest's
    move: missing or extra arguments), in words; None when its names are `expected`. Asked before
    any argument is read, so it is refused as what it is, not as a card that does not fit."""
    given = [name for name, _ in action.args]
    unknown = [name for name in given if name not in expected]
    missing = [name for name in expected if name not in given]
    if not unknown and not missing:
        return None
    takes = " and ".join(expected) if expected else "nothing"
    wrong = f"not {', '.join(unknown)}" if unknown else f"{', '.join(missing)} is missing"
    return f"{a_or_an(action.kind)} '{action.kind}' {noun} takes {takes}: {wrong}"


def mixes_bots_and_people(seat_kinds: Sequence[str]) -> bool:
    return "bot" in seat_kinds and any(kind != "bot" for kind in seat_kinds)


def unknown_option(title: str, options: Sequence[Option], names: Iterable[str]) -> str:
    """What is wrong with option names a game does not have ("" when all are known), for a command
    line's `--option`: a typo such as `round=1` was ignored and the game played with the default."""
    known = [option.name for option in options]
    wrong = [name for name in names if name not in known]
    if not wrong:
        return ""
    offered = f"its options: {', '.join(known)}" if known else "it has no options"
    return f"{title} has no option {wrong[0]!r} ({offered})"


def fit_options(options: Sequence[Option], seat_kinds: Sequence[str], chosen: dict[str, Any]
                ) -> tuple[dict[str, Any], list[str]]:
    """The chosen option values with any a table of these seats cannot play replaced by the first
    open choice, and a sentence for each replacement (for a setup screen to say)."""
    fitted, notes = dict(chosen), []
    for option in options:
        open_values = [value for value, _ in option.choices_for(seat_kinds)]
        if option.name in fitted and fitted[option.name] not in open_values:
            fitted[option.name] = open_values[0]
            label = dict(option.choices)[open_values[0]]
            notes.append(f"{option.label}: {label}. {option.people_only_reason}".strip())
    return fitted, notes


def said_of(pairs: Sequence[tuple[Any, str]], value: Any) -> str | None:
    """The words paired with `value` (equal to it with the same type at every level), or None."""
    return next((words for choice, words in pairs if choice == value and same_kinds_of_value(value, choice)), None)


def same_kinds_of_value(given: Any, expected: Any) -> bool:
    """True when `given` equals `expected` with the same type at every level (1 is not True or 1.0)."""
    if isinstance(expected, tuple):
        return (isinstance(given, tuple) and len(given) == len(expected)
                and all(same_kinds_of_value(a, b) for a, b in zip(given, expected)))
    return type(given) is type(expected)


class Engine(Generic[State]):
    """Pure, deterministic rules of one game. Never mutates a state it was given."""

    game_id: str = ""
    title: str = ""
    min_seats: int = 2
    max_seats: int = 2
    options: tuple[Option, ...] = ()
    action_kinds: tuple[str, ...] = ()
    """Every kind of move `legal_actions` can offer (the wire and saves carry them): a LAN guest
    refuses a host offering moves of other kinds, and explanations list them from here."""

    # --- to implement -------------------------------------------------------------------------
    def new_game(self, config: GameConfig, seed: int) -> State:
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every action `seat` may take now (complete: the UI offers exactly these)."""
        raise NotImplementedError

    def active_seats(self, state: State) -> list[int]:
        """Seats the game is waiting on now (whose turn it is). Others may still have legal actions
        (e.g. reordering a hand out of turn) but bots and playouts act only for these."""
        raise NotImplementedError

    def _apply(self, state: State, action: Action) -> list[Event]:
        """Apply a legal action to `state` IN PLACE (a private copy) and return its events."""
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Plain data with exactly what `seat` may see (None: a spectator)."""
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    def result(self, state: State) -> Outcome | None:
        """The outcome once the game is over, else None."""
        raise NotImplementedError

    def secrets(self, state: State, seat: int | None) -> set[str]:
        """String tokens (card ids, hidden texts) that `seat` must not find in any view or event."""
        raise NotImplementedError

    # --- may override -------------------------------------------------------------------------
    def check_invariants(self, state: State) -> None:
        """Raise AssertionError if the state breaks a rule-level invariant (cards conserved...)."""

    def check_view(self, view: dict[str, Any], seat: int | None, config: GameConfig) -> None:
        """Raise ViewProblem (game.core.view_checks) when `view` cannot be what `view(state, seat)`
        of an honest game of `config` returns: a LAN guest draws what its host sends, so what its
        table indexes and counts (seats, lists of a length, known cards, phases) is checked here.
        It must never refuse an honest view, and stays cheap (well under a millisecond)."""

    def check_moves(self, view: dict[str, Any], legal: Sequence[Action], seat: int | None,
                    config: GameConfig) -> None:
        """Raise ViewProblem when `legal`, the moves a host offers `seat` beside `view` (one that
        passed `check_view`), cannot be what `legal_actions` offers at a table showing that view:
        the table scene offers a move on what it shows (a slot, a position, a card in hand), and a
        slot beyond the row broke it. Never refuse honest moves; keep it cheap."""

    def explain_illegal(self, state: State, action: Action) -> str:
        """A clear sentence why `action` is not allowed now."""
        if self.is_over(state):
            return "the game is over"
        if action.seat not in self.active_seats(state):
            return "it is not your turn"
        return f"{action.kind} is not allowed now"

    def describe(self, event: Event, seat: int | None) -> str:
        """A short line for the game log, from the point of view of `seat`."""
        return event.kind

    def to_plain(self, state: State) -> Any:
        return state

    def from_plain(self, data: Any) -> State:
        return data

    def past_state_hashes(self, state: State) -> frozenset[str]:
        """Hashes an older Tabletime wrote for this same position (none here): a save naming one still
        resumes (game/session/saves.py). The Labyrinth's states once named their scenario by a content
        hash that session 18 replaced by its rules digest."""
        return frozenset()

    def copy_state(self, state: State) -> State:
        return marshal.loads(marshal.dumps(state))

    def option_value(self, config: GameConfig, name: str) -> Any:
        for option in self.options:
            if option.name == name:
                value = config.option(name, option.default)
                # the same type too: 5.0 or True equal a choice of 5 or 1 and then break the deal
                if option.label_for(value) is None:
                    shown = ", ".join(repr(choice) for choice, _ in option.choices)
                    raise IllegalAction(f"option {name} cannot be {value!r}: it takes one of {shown}")
                return value
        raise KeyError(name)

    def check_config(self, config: GameConfig) -> None:
        """Raise IllegalAction with a clear message for a config this game cannot start with."""
        if config.game != self.game_id:
            raise IllegalAction(f"this config is for {config.game}, not {self.game_id}")
        if not self.min_seats <= config.seat_count <= self.max_seats:
            raise IllegalAction(
                f"{self.title} takes {seats_range(self.min_seats, self.max_seats)}, not {config.seat_count}"
            )
        kinds = [seat.kind for seat in config.seats]
        for option in self.options:
            value = self.option_value(config, option.name)
            if value in option.people_only and mixes_bots_and_people(kinds):
                raise IllegalAction(f"{option.label} '{dict(option.choices)[value]}' is for people only. "
                                    f"{option.people_only_reason or 'A bot cannot share it.'}")

    # --- provided -----------------------------------------------------------------------------
    def view_problem(self, view: Any, seat: int | None, config: GameConfig) -> str | None:
        """Why `view` cannot come from an honest engine of `config` (`check_view`), in words; None
        when it could. Whatever a checker trips on in a malformed view is a reason too, never a crash."""
        if not isinstance(view, dict):
            return "its view is not a map"
        try:
            self.check_view(view, seat, config)
        except ViewProblem as problem:
            return str(problem)
        except Exception as exc:  # noqa: BLE001 - a view this malformed is refused, whatever broke
            return f"its view cannot be read ({type(exc).__name__})"
        return None

    def moves_problem(self, view: dict[str, Any], legal: Sequence[Action], seat: int | None,
                      config: GameConfig) -> str | None:
        """Why these moves cannot be offered beside `view` (`check_moves`), in words; None when they
        can. As `view_problem`, anything a check trips on is a reason, never a crash."""
        try:
            self.check_moves(view, legal, seat, config)
        except ViewProblem as problem:
            return str(problem)
        except Exception as exc:  # noqa: BLE001 - moves this malformed are refused, whatever broke
            return f"its moves cannot be read ({type(exc).__name__})"
        return None

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        """Check and apply; raises IllegalAction/InvalidAction and then nothing has changed."""
        if not isinstance(action, Action):
            raise InvalidAction("not an Action")
        legal = [] if self.is_over(state) else self.legal_actions(state, action.seat)
        if action not in legal:
            raise IllegalAction(self.explain_illegal(state, action))
        if not same_kinds_of_value(action.args, legal[legal.index(action)].args):
            # True and 1.0 equal 1 in Python: such a move matched a legal one and then misled (True
            # drew as 1) or broke as a list index deep in the rules
            raise IllegalAction(f"{action.kind}: positions, slots and counts are whole numbers "
                                f"(0, 1, 2 ...), not True/False or decimals")
        new_state = self.copy_state(state)
        events = self._apply(new_state, action)
        return new_state, events

    def apply_unchecked(self, state: State, action: Action) -> tuple[State, list[Event]]:
        """Apply an action known to be legal (bots' search); still never mutates `state`."""
        new_state = self.copy_state(state)
        return new_state, self._apply(new_state, action)

    def state_hash(self, state: State) -> str:
        """SHA-256 of the canonical msgpack of the whole state (RULINGS G-2)."""
        return digest(self.to_plain(state))

    def replay(self, config: GameConfig, seed: int, actions: Iterable[Action]) -> State:
        state = self.new_game(config, seed)
        for action in actions:
            state, _ = self.apply(state, action)
        return state


def replay(config: GameConfig, seed: int, actions: Sequence[Action]) -> Any:
    """Rebuild a game from its config, seed and actions (autosave, resync, bug reports)."""
    from game.core.registry import find_game

    return find_game(config.game).replay(config, seed, actions)


def state_hash(game_id: str, state: Any) -> str:
    from game.core.registry import find_game

    return find_game(game_id).state_hash(state)
