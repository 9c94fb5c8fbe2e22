"""Where Tabletime keeps settings and saves, and how it writes them without ever losing one.

The user data directory is `--data-dir`, else `TABLETIME_DATA_DIR`, else the platform's (XDG on Linux).
Writes are atomic (temporary file, fsync, rename, fsync of the folder): a crash, a SIGKILL or a full
disk leaves either the old file or the new one, never half of one. A file that cannot be read is
moved aside as `NAME.bad-<time>` (never deleted) and the caller gets a clear warning. A write that
fails says why in a player's words (`write_problem`). Read-modify-write of a shared file (two
windows on one machine) goes through `locked`.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator

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


STALE_TEMP_SECONDS = 600.0  # a write takes milliseconds: an older temporary file was left by a killed process


def atomic_write(path: Path, data: bytes, sync_folder: bool = True) -> None:
    """Replace `path` with `data` whole or not at all: the temporary file is fsynced before the
    rename, so even a power cut keeps the old file or the new one. The folder is fsynced after it
    too (the rename itself survives a power cut), except where the caller writes again at the next
    move anyway (autosaves: 3-4 ms a move on the UI thread, for at most one move)."""
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
    if sync_folder:
        _sync_folder(path.parent)
    remove_stale_temporaries(path)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); where folders cannot be opened (Windows) it is a no-op."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temporaries(path: Path, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Temporary files a killed writer of `path` left behind (`NAME.xxxx.tmp`), once they are old
    enough that no live writer (another window) can still be about to rename them."""
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = list(path.parent.glob(f"{glob_escape(path.name)}.*.tmp"))
    except OSError:
        return removed
    for candidate in candidates:
        try:
            if now - candidate.stat().st_mtime > older_than:
                candidate.unlink()
                removed.append(candidate)
        except OSError:
            pass
    return removed


def glob_escape(name: str) -> str:
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


WRITE_PROBLEMS = {
    errno.ENOSPC: "the disk is full",
    errno.EROFS: "the save folder has become read-only",
    errno.EACCES: "Tabletime is not allowed to write to the save folder",
    errno.EPERM: "Tabletime is not allowed to write to the save folder",
    errno.EDQUOT: "your disk quota is used up",
    errno.EIO: "the disk reported an error",
}


def write_problem(exc: OSError) -> str:
    """Why a write failed, in a player's words ("the disk is full")."""
    known = WRITE_PROBLEMS.get(exc.errno or 0)
    if known is not None:
        return known
    return (exc.strerror or str(exc) or "the file could not be written").rstrip(".")


@contextlib.contextmanager
def locked(path: Path, timeout: float = 5.0) -> Iterator[None]:
    """Hold an exclusive lock on `path` (through `NAME.lock` beside it) for a read-modify-write, so
    two Tabletime windows on one machine cannot lose each other's update. Where locking is not
    available, or the lock cannot be had within `timeout`, the update goes ahead unlocked: a record
    is worth less than a frozen window."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks in the standard library worth the risk
        yield
        return
    try:
        fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield
        return
    try:
        deadline = time.monotonic() + timeout
        held = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                held = True
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.005)
            except OSError:
                break
        try:
            yield
        finally:
            if held:
                fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


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


def read_json_file(path: Path) -> Any:
    """The JSON in a small file of ours. A pipe or a device is refused, never waited on (a FIFO froze
    start-up, /dev/zero never ends), a huge file too; OSError, ValueError (JSON's errors among them)
    or RecursionError (a deeply nested file) say why."""
    if not path.is_file() and not path.is_dir():  # a folder fails below with IsADirectoryError
        raise ValueError("it is not a regular file")
    if path.is_file() and path.stat().st_size > MAX_JSON_BYTES:
        raise ValueError(f"it is too large ({path.stat().st_size // (1024 * 1024)} MB)")
    return json.loads(path.read_text(encoding="utf-8"))


def load_json(path: Path, validate: Callable[[Any], Any], warn: Callable[[str], None],
              fallback: str = "using defaults") -> Any | None:
    """Read and validate a JSON file. Missing: None. Broken (damaged, wrong types, huge, binary,
    a folder): warn, quarantine, None; `fallback` says what happens instead."""
    if not path.exists():
        return None
    try:
        return validate(read_json_file(path))
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
