"""Plain data <-> msgpack bytes, canonically, so hashes and frames agree everywhere (RULINGS G-2).

"Plain" means: None, bool, int, float, str, bytes, lists/tuples of plain, and dicts with str or int
keys whose values are plain. Tuples become lists on the wire; dict keys are sorted on encode.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgpack

MAX_WIRE_BYTES = 8 * 1024 * 1024
"""A hard cap for a single decoded blob (saves, in-process frames). LAN frames cap lower."""


class WireError(ValueError):
    """Bytes or data that are not valid plain wire data."""


def _key_order(key: Any) -> tuple[int, Any]:
    if isinstance(key, bool) or not isinstance(key, (int, str)):
        raise WireError(f"dict keys must be str or int, not {type(key).__name__}")
    return (0, key) if isinstance(key, int) else (1, key)


def canonical(obj: Any, _depth: int = 0) -> Any:
    """Return a copy of `obj` with dicts key-sorted and tuples as lists; raise WireError on non-plain data."""
    if _depth > 64:
        raise WireError("data nested too deeply")
    if obj is None or isinstance(obj, (bool, int, float, str, bytes)):
        if isinstance(obj, int) and not isinstance(obj, bool) and not -(2**63) <= obj < 2**64:
            raise WireError("integer out of the 64-bit range")
        return obj
    if isinstance(obj, (list, tuple)):
        return [canonical(item, _depth + 1) for item in obj]
    if isinstance(obj, dict):
        return {key: canonical(obj[key], _depth + 1) for key in sorted(obj, key=_key_order)}
    if hasattr(obj, "to_wire"):
        return canonical(obj.to_wire(), _depth + 1)
    raise WireError(f"not plain wire data: {type(obj).__name__}")


def pack(obj: Any) -> bytes:
    """Canonical msgpack bytes of plain data."""
    return msgpack.packb(canonical(obj), use_bin_type=True)


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
            yield from iter_scalars(value)
    elif isinstance(obj, (list, tuple)):
        for item in obj:
            yield from iter_scalars(item)
    else:
        yield obj
