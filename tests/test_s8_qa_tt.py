"""Session 8 QA of the Time After Time table, played through real input events: what a player saw
wrong, each held here."""

from __future__ import annotations

import pygame
import pytest

from game.ui.table_time_after_time import PICK_CENTRE
from test_ui_table_time_after_time import _stuck_session, settle, table_for
from ui_helpers import recording_app, tap


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        yield application


def _fan_centres(scene) -> list[float]:
    return [float(sprite.pos.target[1]) for sprite in scene.hands[scene.victim]]


def test_the_neighbours_fan_stays_put_while_the_emergency_move_is_planned(app):
    """RULING TT-7 by touch: Emergency move, tap a card, tap the slot beside it - and the fan you
    would have drawn from flew back up into the neighbour's panel mid-plan, under the prompt plate
    (it had stayed in the centre until then, so Cancel brought it flying back down again)."""
    scene = table_for(app, _stuck_session())
    settle(app, scene)
    app.run_frames(40)
    assert all(abs(y - PICK_CENTRE[1]) < 40 for y in _fan_centres(scene))
    button = next(b for b in scene.buttons() if b.label == "Emergency move")
    tap(app, button.rect.center, settle=10)
    assert scene.shift is not None
    tap(app, scene.geometry[0].slots[0].center, settle=4)
    tap(app, scene.geometry[0].slots[1].center, settle=30)
    assert scene.shift.moves == [(0, 1)]
    assert all(abs(y - PICK_CENTRE[1]) < 40 for y in _fan_centres(scene)), "the fan left the centre"
    tap(app, next(b for b in scene.buttons() if b.label == "Cancel").rect.center, settle=30)
    assert scene.shift is None and scene.picking
    assert all(abs(y - PICK_CENTRE[1]) < 40 for y in _fan_centres(scene))
