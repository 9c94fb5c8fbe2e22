"""The Time After Time table, played through real input events: what a player saw
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
    from test_time_after_time_table_findings import _move_card, _state_changed
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
    from test_time_after_time_table_findings import _wait_to_act

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


# --- a full row waiting for its Ghost to be drawn (RULING TT-8) --------------------------------------
def test_a_win_by_the_last_ghost_leaving_a_full_row_says_so_in_the_log_and_the_herald(app):
    """Ann's row had been full for turns; Ben drew her last Ghost and the log said "Ann completed the
    row and won!", as if she had just placed a card."""
    import dataclasses

    from game.core.types import Event
    from test_ui_table_time_after_time import make_session

    session = make_session(3, 2)
    scene = table_for(app, session)
    app.run_frames(2)
    draw = Event.make("draw", None, seat=1, from_seat=0, position=2, card="tt-ghost-2", name="Ben", from_name="Ann")
    win = Event.make("win", None, seat=0, row=[f"tt-{h:02d}-a" for h in range(6, 13)], name="Ann")
    update = dataclasses.replace(session.latest(0), events=(draw, win))
    scene._current = update
    scene.animate_event(win, update)
    assert scene.log[-1] == "You won: Ben drew the last Ghost from your full row"
    assert scene.heralds[-1].title == "YOU WIN!"
    assert scene.heralds[-1].lines == ["Ben drew your last Ghost.", "Seven rising hours, no Ghost."]

    scene._current = None
    placed = Event.make("place", None, seat=0, card="tt-12-a", slot=6, name="Ann")
    scene.log_history(((7, (Event.make("draw", None, seat=0, from_seat=2, position=0, card="tt-12-a", name="Ann",
                                       from_name="Cat"), placed, win)),
                       (9, (draw, win))))
    assert scene.log[-3:] == ["You completed the row and won!", "Ben drew a Ghost from you and it ends the turn",
                              "You won: Ben drew the last Ghost from your full row"]
    cat = Event.make("draw", None, seat=0, from_seat=2, position=1, card="tt-ghost-1", name="Ann", from_name="Cat")
    scene.log_history(((11, (cat, Event.make("win", None, seat=2, row=[], name="Cat"))),))
    assert scene.log[-1] == "Cat won: you drew the last Ghost from Cat's full row"


class _Recorder(pygame.Surface):
    """A canvas that remembers where each image went."""

    def __init__(self) -> None:
        super().__init__((1920, 1080))
        self.placed: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        rect = source.get_rect(topleft=dest.topleft if isinstance(dest, pygame.Rect) else dest)
        self.placed.append((source, rect))
        return super().blit(source, dest, area, special_flags)


def test_a_long_name_a_full_row_and_its_ghosts_do_not_write_over_each_other_in_a_panel(app):
    """Four players, the right-hand one Constantinopolis with a full row and both Ghosts: "YOU DRAW
    HERE" ran into the Ghost icons (and a STUCK tag would have too), and an opponent's full row
    waiting for its Ghost said nothing about it (only the viewer's own row did)."""
    from game.core.types import GameConfig, SeatConfig
    from game.session import LocalSession
    from game.ui.look.fonts import text_surface
    from game.ui.look import palette as P
    from test_time_after_time_table_findings import _state_changed

    names = ["Ann", "Bartholomew", "Maximiliana", "Constantinopolis"]
    config = GameConfig.make("time-after-time", [SeatConfig("human" if i == 0 else "bot", name, "expert")
                                                 for i, name in enumerate(names)])
    session = next(s for s in (LocalSession(config, seed, bot_delay=0.0) for seed in range(1, 60))
                   if s.run_bots_until_human() is None and s.state["turn"] == 0 and s.state["phase"] == "draw")
    state = session.state
    full = [f"tt-{6 + 2 * k:02d}-b" for k in range(7)]
    state["out"] += [card for card in state["rows"][3] if card is not None]
    for card in full + ["tt-ghost-1", "tt-ghost-2"]:
        for place in state["hands"] + [state["pile"], state["out"]]:
            if card in place:
                place.remove(card)
        for row in state["rows"]:
            row[:] = [None if placed == card else placed for placed in row]
    state["rows"][3] = list(full)
    state["hands"][3] += ["tt-ghost-1", "tt-ghost-2"]
    state["known"][3] = [c for c in state["known"][3] if not c.startswith("tt-ghost")] + ["tt-ghost-1", "tt-ghost-2"]
    _state_changed(session)
    scene = table_for(app, session)
    settle(app, scene)
    assert scene.picking and scene.victim == 3 and scene.ghosts_shown()[3] == 2 and scene.waiting_for_ghosts(3)
    canvas = _Recorder()
    geo = scene.geometry[3]
    scene.draw_panel(canvas, 3, geo)
    header = [rect for _, rect in canvas.placed if rect.top < geo.panel.y + 44]
    assert len(header) >= 5  # name, YOU DRAW HERE, two Ghosts, the count
    for k, a in enumerate(header):
        assert geo.panel.contains(a)
        for b in header[k + 1:]:
            assert not a.colliderect(b), "two things in the panel's header overlap"
    tag = text_surface("FULL ROW", "display", 26, P.TT_GHOST_GLOW)
    assert any(image is tag for image, _ in canvas.placed), "the full row waiting for its Ghost is not said"

    # the game ends in the next move (its view not shown yet): "YOU DRAW HERE" stayed up over the win
    import dataclasses

    draw_here = text_surface("YOU DRAW HERE", "display", 28, P.TT_GHOST_GLOW)
    assert any(image is draw_here for image, _ in canvas.placed)
    scene._current = dataclasses.replace(scene.shown, outcome=object())
    assert scene.game_over
    canvas = _Recorder()
    scene.draw_panel(canvas, 3, geo)
    assert not any(image is draw_here for image, _ in canvas.placed)
    scene._current = None


def test_at_a_shared_screen_the_bottom_row_is_spoken_of_by_name_not_as_you(app):
    """Two people and a bot at one screen: while the bot played, the bottom row read "BEN'S ROW ...
    YOU COULD PLACE IT", and a full row "FULL: YOU WIN WHEN YOUR GHOST IS DRAWN" - everyone at the
    screen reads it, so it speaks of Ben's row as the heading does."""
    import dataclasses

    from game.ui.look import palette as P
    from game.ui.look.fonts import text_surface
    from test_ui_table_time_after_time import make_session

    session = make_session(3, 4, humans=2)
    scene = table_for(app, session)
    app.run_frames(3)
    scene.lift_curtain()
    app.run_frames(2)
    me = scene.viewer
    view = dict(scene.view, pending="tt-12-a", who_could_place=[me], turn=2)
    scene.shown = dataclasses.replace(scene.shown, view=view)
    canvas = _Recorder()
    scene.draw_my_row_frame(canvas)
    images = [image for image, _ in canvas.placed]
    assert any(image is text_surface(f"{scene.name_of(me).upper()}'S ROW", "display", 30, P.IVORY_DIM) for image in images)
    assert any(image is text_surface("COULD PLACE IT", "display", 30, P.GOOD) for image in images)
    assert not any(image is text_surface("YOU COULD PLACE IT", "display", 30, P.GOOD) for image in images)
