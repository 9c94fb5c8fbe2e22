"""Session 8 table checks: a player's own turn is said once (the banner), not again over the row."""

from __future__ import annotations

import game.ui.table_base as base_module
import game.ui.table_time_after_time as tt_module
from test_s7_tables2_watch import app, watched, words_drawn  # noqa: F401  (app: the fixture)


def test_time_after_time_says_your_turn_once_in_the_banner(app, monkeypatch):  # noqa: F811
    session, scene = watched(app, "time-after-time", tt_module.TimeAfterTimeTable, 2, ["human", "bot"])
    for _ in range(200):
        app.run_frames(1, 1 / 30)
        if scene.can_act:
            break
    assert scene.can_act and scene.view.get("turn") == scene.viewer
    seen = words_drawn(app, tt_module, monkeypatch, 5)
    assert "YOUR ROW" in seen
    assert "YOUR TURN" not in seen and "PLAYING" not in seen
    assert "Your turn" in words_drawn(app, base_module, monkeypatch, 2)  # the banner says it
