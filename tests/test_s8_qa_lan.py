"""Session 8 LAN QA: whole games between a host screen and guests over loopback, and what a guest
sees when the table ends after its game.

Every socket is on 127.0.0.1 and nothing here starts zeroconf (discovery is off).
"""

from __future__ import annotations

import time
from pathlib import Path
import sys

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import highcard  # noqa: E402,F401 - registers the test engine
from game.ui.lobby_room import LanTableScene  # noqa: E402
from game.ui.results import ResultsScene  # noqa: E402
from game.ui.table_base import TableSceneBase  # noqa: E402
from game.ui.title import TitleScene  # noqa: E402
from net.client import RemoteSession  # noqa: E402
from net.host import start_host  # noqa: E402
from net_driver import BotDriver  # noqa: E402
from ui_helpers import frames, make_app  # noqa: E402


class MiniTable(TableSceneBase):
    """A table that draws nothing: enough to reach the results screen."""


def step_until(app, predicate, timeout: float = 8.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        frames(app, 1)
        found = predicate()
        if found:
            return found
        time.sleep(0.002)
    raise AssertionError(f"timed out; top scene is {type(app.scenes.top).__name__}")


def test_a_host_closing_after_the_game_leaves_the_guests_results_uncovered(data_dir):
    """The host pressed 'Back to title' on its results (which closes the table): the guest looking at
    the results saw the red 'The host closed the table' card drawn between the table and the result
    cards, its words and button peeking out around them. After the last move the results stay
    clean; a toast says the table was closed."""
    handle = start_host("highcard", "open,open", bot_delay=0.0, seed=3)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1])
    app = make_app()
    toasts: list[str] = []
    app.toast = lambda message, kind="info": toasts.append(message)  # type: ignore[method-assign]
    try:
        assert BotDriver([ann, bob], seed=2).play(20)
        app.push(TitleScene(app))
        lan = LanTableScene(app, ann, MiniTable(app, ann))
        app.push(lan)
        step_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
        handle.stop()  # the host's own results: Back to title
        step_until(app, lambda: ann.failure == "host/closing")
        frames(app, 5)
        assert lan.mode == "ended" and isinstance(app.scenes.top, ResultsScene)
        drawn: list[str] = []
        lan.draw_overlay = lambda surface: drawn.append("card")  # type: ignore[method-assign]
        lan.draw(app.canvas, 1.0)
        assert drawn == []
        assert toasts[-1] == "The host closed the table after the game: the results stay on your screen."
    finally:
        ann.close()
        bob.close()
        app.shutdown()
        handle.stop()
