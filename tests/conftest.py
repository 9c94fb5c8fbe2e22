"""Headless everywhere: these must be set before pygame is imported by anything."""

import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ.setdefault("TABLETIME_DATA_DIR", tempfile.mkdtemp(prefix="tabletime-test-"))
os.environ.setdefault("TABLETIME_LAN_INTERFACES", "127.0.0.1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

import pytest  # noqa: E402


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A fresh user data directory for one test."""
    monkeypatch.setenv("TABLETIME_DATA_DIR", str(tmp_path))
    return tmp_path
