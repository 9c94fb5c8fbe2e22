"""Plain data <-> msgpack bytes, canonically, so hashes and frames agree everywhere (RULINGS G-2).

"Plain" means: None, bool, int, float, str, bytes, lists/tuples of plain, and dicts with str or int
keys whose values are plain. Tuples become lists on the wire; dict keys are sorted on encode.
"""

from __future__ import annotations

import hashlib
from operator import itemgetter
from typing import Any, Callable, Sequence

import msgpack

MAX_WIRE_BYTES = 8 * 1024 * 1024
"""A hard cap for a single decoded blob (saves, in-process frames). LAN frames cap lower."""


class WireError(ValueError):
    """Bytes or data that are not valid plain wire data."""


def _key_order(key: Any) -> tuple[int, Any]:
    if isinstance(key, bool) or not isinstance(key, (int, str)):
        raise WireError(f"dict keys must be str or int, not {type(key).__name__}")
    return (0, key) if isinstance(key, int) else (1, key)


_MAX_DEPTH = 64
_INT_LOW, _INT_HIGH = -(2**63), 2**64
_NONE_TYPE = type(None)
_LEAVES = frozenset((str, float, bool, bytes, _NONE_TYPE))
"""Exact types that pass through unchanged and unchecked (an int needs its range checked)."""
_SCALARS = _LEAVES | {int}
_STR_ONLY, _INT_ONLY = frozenset((str,)), frozenset((int,))
_SMALL = 6
"""Containers up to this size are checked item by item: cheaper than the whole-container tests."""


_KEY_ORDERS: dict[tuple, Callable[[tuple], tuple] | None] = {}
"""All-str key tuples of small dicts, in the dict's own order -> None when that is wire order, else
what picks the dict's own keys in wire order. Views and states repeat a few shapes of dict thousands
of times; bounded by `_KEY_ORDERS_MAX` shapes of at most `_KEY_ORDERS_KEYS` keys."""
_KEY_ORDERS_MAX, _KEY_ORDERS_KEYS = 4096, 16


def _sorted_keys(obj: dict) -> tuple[Sequence, bool]:
    """The keys in wire order: ints (by value) before strs (by code point), WireError for others;
    and whether the dict holds them in that order already. Keys of one exact type sort by
    themselves; anything else goes through `_key_order` (the first bad key in the dict's order
    names the error, as it always has)."""
    own_order = tuple(obj)
    if own_order in _KEY_ORDERS:
        pick = _KEY_ORDERS[own_order]
        return (own_order, True) if pick is None else (pick(own_order), False)
    key_types = set(map(type, own_order))
    if key_types == _STR_ONLY:
        keys = sorted(own_order)
        in_order = keys == list(own_order)
        if len(own_order) <= _KEY_ORDERS_KEYS and len(_KEY_ORDERS) < _KEY_ORDERS_MAX:
            _KEY_ORDERS[own_order] = None if in_order else itemgetter(*map(own_order.index, keys))
        return keys, in_order
    keys = sorted(own_order) if key_types == _INT_ONLY else sorted(own_order, key=_key_order)
    return keys, keys == list(own_order)


def _plain_leaves(values: Any) -> bool:
    """True when every value is a scalar the wire takes as it is (ints in range): nothing to visit."""
    value_types = set(map(type, values))
    if value_types <= _LEAVES:
        return True
    if value_types == _INT_ONLY:
        return _INT_LOW <= min(values) and max(values) < _INT_HIGH
    return False


def _visit_all(values: Any, depth: int, copy: bool) -> tuple[list, bool]:
    """Each value visited at `depth` (their container's depth + 1), scalars checked in line (a call
    per card id would cost more than the check); and whether every one came back as itself."""
    out: list = []
    append = out.append
    same = True
    for value in values:
        kind = type(value)
        if kind in _LEAVES:
            append(value)
        elif kind is int:
            if not _INT_LOW <= value < _INT_HIGH:
                raise WireError("integer out of the 64-bit range")
            append(value)
        else:
            new = _visit(value, depth, copy)
            if new is not value:
                same = False
            append(new)
    return out, same


def _visit(obj: Any, depth: int, copy: bool) -> Any:
    """`canonical`'s walk. With `copy` False it hands back `obj` itself wherever msgpack writes the
    very same bytes for it (a tuple packs as a list; a dict whose keys already come in wire order),
    which is what `pack` needs; with `copy` True every list and dict is new, as `canonical` says."""
    if depth > _MAX_DEPTH:
        raise WireError("data nested too deeply")
    kind = type(obj)
    if kind in _LEAVES:
        return obj
    if kind is int:
        if not _INT_LOW <= obj < _INT_HIGH:
            raise WireError("integer out of the 64-bit range")
        return obj
    if kind is list or kind is tuple:
        if not obj:
            return [] if copy else obj
        if depth < _MAX_DEPTH:
            if len(obj) > _SMALL and _plain_leaves(obj):
                return list(obj) if copy else obj
            items, same = _visit_all(obj, depth + 1, copy)
        else:
            items, same = [_visit(item, depth + 1, copy) for item in obj], False
        return obj if same and not copy else items
    if kind is dict:
        if not obj:
            return {} if copy else obj
        keys, in_order = _sorted_keys(obj)
        if depth < _MAX_DEPTH:
            if len(obj) > _SMALL and _plain_leaves(obj.values()):
                if in_order:
                    return obj.copy() if copy else obj
                return {key: obj[key] for key in keys}
            values, same = _visit_all(map(obj.__getitem__, keys), depth + 1, copy)
        else:
            values, same = [_visit(obj[key], depth + 1, copy) for key in keys], False
        if same and in_order and not copy:
            return obj
        return dict(zip(keys, values))
    return _visit_other(obj, depth, copy)


def _visit_other(obj: Any, depth: int, copy: bool) -> Any:
    """Subclasses of the plain types and objects with `to_wire`: the original checks, in order."""
    if obj is None or isinstance(obj, (bool, int, float, str, bytes)):
        if isinstance(obj, int) and not isinstance(obj, bool) and not _INT_LOW <= obj < _INT_HIGH:
            raise WireError("integer out of the 64-bit range")
        return obj
    if isinstance(obj, (list, tuple)):
        return [_visit(item, depth + 1, copy) for item in obj]
    if isinstance(obj, dict):
        return {key: _visit(obj[key], depth + 1, copy) for key in sorted(obj, key=_key_order)}
    if hasattr(obj, "to_wire"):
        return _visit(obj.to_wire(), depth + 1, copy)
    raise WireError(f"not plain wire data: {type(obj).__name__}")


def canonical(obj: Any, _depth: int = 0) -> Any:
    """Return a copy of `obj` with dicts key-sorted and tuples as lists; raise WireError on non-plain data."""
    return _visit(obj, _depth, True)


def pack(obj: Any) -> bytes:
    """Canonical msgpack bytes of plain data.

    The bytes of `msgpack.packb(canonical(obj))`, without copying what is already in wire order:
    the walk is the hot path of every LAN frame and every state hash."""
    return msgpack.packb(_visit(obj, 0, False), use_bin_type=True)


def unpack(data: bytes, max_bytes: int = MAX_WIRE_BYTES) -> Any:
    """Decode msgpack bytes into plain data; every failure becomes a WireError with a clear message."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise WireError("wire data must be bytes")
    if len(data) > max_bytes:
        raise WireError(f"wire data too large ({len(data)} bytes, limit {max_bytes})")
    try:
        return msgpack.unpackb(
            bytes(data),
            raw=False,
            strict_map_key=False,
            use_list=True,
        )
    except Exception as exc:  # msgpack raises several unrelated types
        raise WireError(f"undecodable wire data ({type(exc).__name__})") from None


def digest(obj: Any) -> str:
    """SHA-256 hex digest of the canonical msgpack encoding of plain data (RULINGS G-2)."""
    return hashlib.sha256(pack(obj)).hexdigest()


def iter_scalars(obj: Any):
    """Yield every scalar inside plain data (keys included) - what a leak test scans."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield key
            if type(value) in _SCALARS:  # no call (and no generator) per card id
                yield value
            else:
                yield from iter_scalars(value)
    elif isinstance(obj, (list, tuple)):
        for item in obj:
            if type(item) in _SCALARS:
                yield item
            else:
                yield from iter_scalars(item)
    else:
        yield obj
