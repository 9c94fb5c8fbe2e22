"""Small readers for an engine's `check_view`: each takes a value from a view that came over the
wire, returns it when it is what an honest engine sends, and raises ViewProblem saying what is
wrong otherwise. A guest's table indexes and counts with what these let through, so a host's
nonsense is named here instead of breaking a table scene.

Plain functions on plain data (no pygame): engines stay pure and the checks stay cheap.
"""

from __future__ import annotations

from typing import Any, Collection, Sequence


class ViewProblem(ValueError):
    """A view no honest engine of this table could have made; the message says why, in words."""


def need(condition: bool, why: str) -> None:
    """Raise ViewProblem(why) unless `condition` holds."""
    if not condition:
        raise ViewProblem(why)


def field(view: dict[str, Any], name: str) -> Any:
    """view[name]; a missing field is named, not a KeyError."""
    if name not in view:
        raise ViewProblem(f"its view lacks {name}")
    return view[name]


def mapping(value: Any, name: str, keys: Collection[str] | None = None) -> dict[str, Any]:
    """A map; with `keys`, one holding at least those fields."""
    if not isinstance(value, dict):
        raise ViewProblem(f"its {name} is not a map")
    if keys is not None:
        missing = [key for key in keys if key not in value]
        if missing:
            raise ViewProblem(f"its {name} lacks {missing[0]}")
    return value


def items(value: Any, name: str, length: int | None = None, most: int | None = None) -> list[Any]:
    """A list; of exactly `length` entries, or at most `most`."""
    if not isinstance(value, list):
        raise ViewProblem(f"its {name} is not a list")
    if length is not None and len(value) != length:
        raise ViewProblem(f"its {name} has {len(value)} entries, not {length}")
    if most is not None and len(value) > most:
        raise ViewProblem(f"its {name} has {len(value)} entries, more than {most}")
    return value


def whole(value: Any, name: str, low: int, high: int) -> int:
    """A whole number from `low` to `high` (True, 2.0 or 0.5 are none)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ViewProblem(f"its {name} is not a whole number")
    if not low <= value <= high:
        raise ViewProblem(f"its {name} is {value}, not {low}–{high}")
    return value


def seat_number(value: Any, name: str, seats: int, none: bool = False) -> int | None:
    """A seat of a `seats`-seat table (or None when `none`)."""
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise ViewProblem(f"its {name} is {str(value)[:20]}, not a seat of a {seats}-seat table")
    return value


def flag(value: Any, name: str) -> bool:
    """True or False, nothing that merely reads as one."""
    if not isinstance(value, bool):
        raise ViewProblem(f"its {name} is not true or false")
    return value


def one_of(value: Any, name: str, choices: Collection[Any]) -> Any:
    """One of `choices` (strings: the same string; others: equal and of the same type)."""
    if isinstance(value, (dict, list)) or value not in choices or \
            not any(type(value) is type(choice) for choice in choices if choice == value):
        raise ViewProblem(f"its {name} is {str(value)[:30]!r}, which this game does not have")
    return value


def text(value: Any, name: str, most: int = 4000, none: bool = False) -> str | None:
    """A string of at most `most` characters (None too when `none`)."""
    if value is None and none:
        return None
    if not isinstance(value, str):
        raise ViewProblem(f"its {name} is not words")
    if len(value) > most:
        raise ViewProblem(f"its {name} runs to {len(value)} characters")
    return value


def cards(value: Any, name: str, known: Collection[str], most: int | None = None,
          length: int | None = None, kind: str = "card of this game") -> list[str]:
    """A list of card ids of this game (`known`, each a `kind`), none twice."""
    found = items(value, name, length=length, most=most)
    for card in found:
        if not isinstance(card, str) or card not in known:
            raise ViewProblem(f"its {name} holds {str(card)[:30]!r}, no {kind}")
    if len(set(found)) != len(found):
        raise ViewProblem(f"its {name} holds a card twice")
    return found


def distinct(groups: Sequence[Sequence[str]], what: str) -> None:
    """No card in two of these places (a card is in one place at a time)."""
    seen: set[str] = set()
    total = 0
    for group in groups:
        seen.update(group)
        total += len(group)
    if len(seen) != total:
        raise ViewProblem(f"its {what} shows one card in two places")
