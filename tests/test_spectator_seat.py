"""A spectator (an all-bot game watched, a LAN spectator) sees seat 0 at the bottom of
Time After Time and Lost in Time. That seat is named there, never "YOUR ROW" / "YOUR TIMELINE" /
"YOUR TURN" (before: the Time After Time row had no name at all for a spectator, and Lost in Time's
plate said "YOUR TIMELINE")."""

from __future__ import annotations

import pytest

import game.ui.table_lost_in_time as lit_module
import game.ui.table_time_after_time as tt_module
from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession
from ui_helpers import recording_app

NAMES = ["Constantinopolis", "Bartholomew Kent", "Dorotheaaaaaaaaa"]


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        yield application


def words_drawn(app, module, monkeypatch, frames: int = 1) -> list[str]:
    seen: list[str] = []
    real = module.text_surface

    def recording(text, *args, **kwargs):
        seen.append(str(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(module, "text_surface", recording)
    app.run_frames(frames, 1 / 30)
    monkeypatch.setattr(module, "text_surface", real)
    return seen


def watched(app, game: str, factory, seats: int, kinds: list[str] | None = None):
    kinds = kinds or ["bot"] * seats
    config = GameConfig.make(game, [SeatConfig(kind, NAMES[i], "easy") for i, kind in enumerate(kinds)])
    session = LocalSession(config, 3, bot_delay=0.0, spectator=all(k == "bot" for k in kinds))
    scene = factory(app, session)
    app.clear_to(scene)
    return session, scene


@pytest.mark.parametrize("seats", [2, 3])
def test_a_spectator_reads_whose_row_is_at_the_bottom_of_time_after_time(app, monkeypatch, seats):
    session, scene = watched(app, "time-after-time", tt_module.TimeAfterTimeTable, seats)
    assert scene.viewer is None
    seen = []
    for _ in range(40):
        seen += words_drawn(app, tt_module, monkeypatch, 3)
        if "PLAYING" in seen and "CONSTANTINOPOLIS'S ROW" in seen and scene.view.get("turn") == 0:
            break
    assert "CONSTANTINOPOLIS'S ROW" in seen
    assert not [w for w in seen if w in ("YOUR ROW", "YOUR TURN", "YOU COULD PLACE IT")
                or w.startswith("FULL: YOU")], seen


def test_a_solo_player_still_reads_your_row(app, monkeypatch):
    session, scene = watched(app, "time-after-time", tt_module.TimeAfterTimeTable, 2, ["human", "bot"])
    seen = words_drawn(app, tt_module, monkeypatch, 5)
    assert "YOUR ROW" in seen


def test_a_spectator_reads_whose_timeline_is_at_the_bottom_of_lost_in_time(app, monkeypatch):
    session, scene = watched(app, "lost-in-time", lit_module.LostInTimeTable, 3)
    assert scene.viewer is None
    seen = words_drawn(app, lit_module, monkeypatch, 3)
    assert "CONSTANTINOPOLIS'S TIMELINE" in seen
    assert "YOUR TIMELINE" not in seen and not any(w.startswith("Your timeline") for w in seen), seen
    scene.board.skips[0] = 1
    seen = words_drawn(app, lit_module, monkeypatch, 1)
    assert "SKIPS A TURN" in seen and "YOU SKIP A TURN" not in seen


def test_a_solo_player_still_reads_your_timeline(app, monkeypatch):
    session, scene = watched(app, "lost-in-time", lit_module.LostInTimeTable, 2, ["human", "bot"])
    seen = words_drawn(app, lit_module, monkeypatch, 3)
    assert "YOUR TIMELINE" in seen
