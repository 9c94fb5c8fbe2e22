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


# The modules that cost the most (CPU seconds of a fresh clone's `make test`, session 18), most first.
# `pytest -n 2` hands tests out in collection order, so the long ones start early and both workers end
# on short ones: in alphabetical order a 20 s view check could run last on one worker while the other idled.
LONGEST_MODULES_FIRST = (
    "test_motion15.py", "test_view_checks16.py", "test_ui_hurry.py", "test_independent_scorers.py",
    "test_frame_cache17.py", "test_menus_small15.py", "test_labyrinth_bots.py", "test_labyrinth_checker_model.py",
    "test_labyrinth_referee.py", "test_lost_cities.py", "test_tips_at_tables.py", "test_labyrinth_map_stacks.py",
    "test_learning14.py", "test_net_play.py", "test_view_fuzz16.py", "test_frame_cache_lc17.py",
    "test_labyrinth_sheets.py", "test_table_sides16.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the longest modules first (each module's tests stay together and in their order, so a
    module fixture is still built once per worker); the rest keep pytest's order."""
    rank = {name: place for place, name in enumerate(LONGEST_MODULES_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))
