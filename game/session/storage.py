"""Where Tabletime keeps settings and saves, and how it writes them without ever losing one.

The user data directory is `--data-dir`, else `TABLETIME_DATA_DIR`, else the platform's (XDG on Linux).
Writes are atomic (temporary file, fsync, rename). A file that cannot be read is moved aside as
`NAME.bad-<time>` (never deleted) and the caller gets a clear warning.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

_override: Path | None = None
MAX_JSON_BYTES = 4 * 1024 * 1024  # settings and records are a few kilobytes; a huge file is not ours


class StorageError(ValueError):
    """A file that exists but cannot be used; the message says which and why."""


def set_data_dir(path: str | os.PathLike[str] | None) -> None:
    """Called once by main.py for `--data-dir`."""
    global _override
    _override = Path(path).expanduser() if path else None


def data_dir() -> Path:
    if _override is not None:
        base = _override
    elif os.environ.get("TABLETIME_DATA_DIR"):
        base = Path(os.environ["TABLETIME_DATA_DIR"]).expanduser()
    else:
        import platformdirs

        base = Path(platformdirs.user_data_dir("tabletime", appauthor=False))
    base.mkdir(parents=True, exist_ok=True)
    return base


def atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def quarantine(path: Path) -> Path:
    """Move an unreadable file aside so nothing is lost and a fresh one can be written."""
    target = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    os.replace(path, target)
    return target


def unreadable_reason(exc: BaseException) -> str:
    """Why a file could not be used, in a player's words (not a parser's)."""
    if isinstance(exc, json.JSONDecodeError):
        return f"it is cut short or is not JSON (line {exc.lineno})"
    if isinstance(exc, UnicodeDecodeError):
        return "it is not text"
    if isinstance(exc, RecursionError):
        return "it is nested too deeply"
    if isinstance(exc, IsADirectoryError):
        return "it is a folder"
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)


def load_json(path: Path, validate: Callable[[Any], Any], warn: Callable[[str], None],
              fallback: str = "using defaults") -> Any | None:
    """Read and validate a JSON file. Missing: None. Broken (damaged, wrong types, huge, binary,
    a folder): warn, quarantine, None; `fallback` says what happens instead."""
    if not path.exists():
        return None
    try:
        if path.is_file() and path.stat().st_size > MAX_JSON_BYTES:
            raise ValueError(f"it is too large ({path.stat().st_size // (1024 * 1024)} MB)")
        data = json.loads(path.read_text(encoding="utf-8"))
        return validate(data)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError, TypeError, KeyError,
            RecursionError) as exc:
        try:
            kept = quarantine(path)
            where = f"the old file is kept as {kept.name}"
        except OSError:
            where = "the old file was left in place"
        warn(f"{path.name} could not be read ({unreadable_reason(exc)}); {fallback} - {where}")
        return None


def save_json(path: Path, data: Any) -> None:
    atomic_write(path, (json.dumps(data, indent=2, sort_keys=True) + "\n").encode("utf-8"))
