"""Session 7 sweep of the Time After Time table: what a player at the screen saw wrong, each fixed
and held here (hot-seat log, the pick fan's fit, the prompts and hints of the rarer moments)."""

from __future__ import annotations

import math

import pygame
import pytest

from game.core.types import Event
from game.ui.look.fonts import fit_px, text_surface
from game.ui.table_time_after_time import PICK_CENTRE, PICK_PROMPT_Y
from test_ui_table_time_after_time import make_session, seed_where_human_draws, settle, table_for
from ui_helpers import recording_app


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        yield application


# --- hot-seat: the log is read by everyone at the screen ---------------------------------------------
def test_a_hot_seat_log_names_every_player_and_never_shows_a_card_drawn_secretly_from_the_pile(app):
    """Several people share one screen and the log stays up when the curtain passes the table on:
    "You drew 21H00 from the pile" written for Ann was read by Ben as his own, and told him Ann's
    secret card (RULING TT-6: the card drawn from the pile is not shown)."""
    session = make_session(3, 4, humans=3)
    scene = table_for(app, session)
    app.run_frames(2)
    refill = Event.make("refill", [0], seat=0, reason="no_time_card", card="tt-21-a", hand_position=1,
                        draw_count=5, name="Ann")
    assert scene.describe(refill) == "Ann had no Time card left and drew a card from the pile"
    out_refill = Event.make("refill", [0], seat=0, reason="discard_out", card="tt-21-a", hand_position=1,
                            draw_count=5, name="Ann")
    assert "21H00" not in scene.describe(out_refill) and scene.describe(out_refill).startswith("Ann drew")
    draw = Event.make("draw", None, seat=0, from_seat=2, position=1, card="tt-17-b", name="Ann", from_name="Cat")
    assert scene.describe(draw) == "Ann drew 17H00 from Cat"
    ghost = Event.make("draw", [0], seat=1, from_seat=0, position=0, card="tt-ghost-1", hand_position=0,
                       name="Ben", from_name="Ann")
    assert scene.describe(ghost) == "Ben drew a Ghost from Ann and it ends the turn"


def test_a_whole_hot_seat_game_logs_no_you_and_no_secret_pile_card(app):
    app.settings.animation_speed = 4.0
    app.apply_motion()
    from game.bots.time_after_time import BOTS
    from game.rules.time_after_time import ENGINE

    session = make_session(3, 4, humans=3)
    scene = table_for(app, session)
    choosers = {seat: BOTS["expert"](ENGINE, seat, 99) for seat in range(3)}
    curtains = 0
    for _ in range(20000):
        app.run_frames(1, 1 / 15)
        if scene.curtain_seat is not None:
            curtains += 1
            scene.lift_curtain()
            app.run_frames(1)
        if scene.results_shown:
            break
        if scene.can_act:
            legal = [a for a in scene.legal if a.kind != "reorder"] or list(scene.legal)
            scene.submit(choosers[scene.viewer].choose(scene.view, legal))
    assert scene.results_shown and curtains > 5
    refills = [line for line in scene.log if "from the pile" in line]
    assert refills, "this seed has refills"
    assert all("H00" not in line for line in refills)
    assert not any(line.startswith("You ") or " you" in line for line in scene.log)


def test_a_solo_log_still_tells_you_the_card_you_drew_from_the_pile(app):
    session = make_session(2, 3)
    scene = table_for(app, session)
    app.run_frames(2)
    refill = Event.make("refill", [0], seat=0, reason="no_time_card", card="tt-21-a", hand_position=1,
                        draw_count=5, name="Ann")
    assert scene.describe(refill) == "You had no Time card left and drew 21H00 from the pile"


# --- the pick fan fits between its prompt and your row ------------------------------------------------
def _rotated_box(sprite, alpha: float = 1.0) -> pygame.Rect:
    rect = sprite.draw_rect(alpha)
    angle = math.radians(abs(float(sprite.angle.current)))
    w = rect.width * math.cos(angle) + rect.height * math.sin(angle)
    h = rect.height * math.cos(angle) + rect.width * math.sin(angle)
    box = pygame.Rect(0, 0, round(w), round(h))
    box.center = rect.center
    return box


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_pick_fan_and_its_lifted_card_clear_the_prompt_and_the_row_label(app, seats):
    """The fanned hand you draw from covered the tops of "YOUR ROW" / "YOUR TURN", and the prompt
    plate above it covered the top of the card the focus lifts."""
    session, _ = seed_where_human_draws(seats)
    scene = table_for(app, session)
    settle(app, scene)
    assert scene.picking
    app.run_frames(40)  # the fan has flown in
    fan = scene.hands[scene.victim]
    scene.focus = ("pick", len(fan) // 2)
    app.run_frames(30)  # lifted
    label_top = scene.geometry[0].slots[0].y - 36
    for sprite in fan:
        assert _rotated_box(sprite).bottom <= label_top + 2, "the fan covers the row label"
    text = scene.prompt()
    image = text_surface(text, "ui-bold", fit_px(text, "ui-bold", 32, 900), (255, 255, 255))
    plate_bottom = PICK_PROMPT_Y + image.get_height() / 2 + 9
    lifted = fan[len(fan) // 2].draw_rect()
    assert lifted.top >= plate_bottom, "the prompt plate covers the lifted card"
    assert PICK_CENTRE[0] == 960
