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


# --- the draw pile running out (RULINGS TT-5, TT-6, TT-8) ---------------------------------------------
def _nobody_can_place_with_an_empty_pile():
    """Seat 0 holds 06H00..11H00 in slots 1-6 and is about to draw the other 06H00 from Ben, whose
    row starts with 07H00: nobody can place it. The pile is empty."""
    from test_s7_tt_table import _move_card, _state_changed
    from test_ui_table_time_after_time import session_with_row

    session = session_with_row({slot: f"tt-{6 + slot:02d}-a" for slot in range(6)})
    state = session.state
    state["out"] += [card for card in state["rows"][1] if card is not None]
    state["rows"][1] = [None] * 7
    _move_card(state, "tt-07-b", [])
    state["rows"][1][0] = "tt-07-b"
    _move_card(state, "tt-06-b", state["hands"][1])
    state["out"] += state["pile"]
    state["pile"] = []
    _state_changed(session)
    return session


def test_a_card_nobody_can_place_with_the_pile_empty_is_not_said_to_be_replaced_from_it(app):
    """The herald said "You draw from the pile instead." when the pile was empty and nothing was
    drawn (the hand stayed one card short)."""
    from test_s7_tt_table import _wait_to_act

    session = _nobody_can_place_with_an_empty_pile()
    scene = table_for(app, session)
    _wait_to_act(app, scene)
    scene.draw_from(0)
    lines: list[str] = []
    for _ in range(200):
        app.run_frames(1, 1 / 30)
        lines += [line for h in scene.heralds if h.title == "CAN ANYONE PLACE 06H00?" for line in h.lines]
        if lines:
            break
    assert lines == ["Nobody can: it leaves the game.", "The pile is empty: no card to draw."]


def test_the_pile_s_last_card_is_announced_in_the_log_and_the_herald(app):
    """When the last card left the pile nothing said so: from then on nobody refills and the first
    hand to empty ends the game (RULING TT-8), and the pile only showed a 0."""
    from game.core.types import Event
    from test_ui_table_time_after_time import make_session

    session = make_session(3, 2)
    scene = table_for(app, session)
    app.run_frames(2)
    last = Event.make("refill", None, seat=1, reason="no_time_card", draw_count=0, name="Ben")
    assert scene.describe(last) == ("Ben had no Time card left and drew a card from the pile: it was the last "
                                    "one, the pile is empty")
    more = Event.make("refill", None, seat=1, reason="no_time_card", draw_count=3, name="Ben")
    assert scene.describe(more) == "Ben had no Time card left and drew a card from the pile"
    scene.animate_event(last, session.latest(0))
    assert scene.heralds[-1].title == "THE PILE'S LAST CARD"
    assert scene.heralds[-1].lines == ["Ben has no Time card left and draws from the pile."]
    image = scene.render_herald(scene.heralds[-1])
    assert image.get_height() < 236  # title and both lines inside the plate
