"""The Lost Cities table keeps what stands still as one image (session 17).

Each step of the table's picture (the felt, the glows, the deck, the chips, every card, the marks,
the focus, the left panel, the opponent's plate, the hints, the round's scores) that held still
since the frame before is composed into one kept image and blitted; what moves is drawn over it.
Every frame must still be pixel for pixel the frame the table draws the long way: hovering, the
focus, picking up, dragging and laying a card, drawing, taking back, bots' moves in flight, the
round's scores counting up, the hot-seat curtain, a small window, a finger's taps.
"""

from __future__ import annotations

import pygame
import pytest

from game.core.types import SeatConfig
from game.rules.lost_cities import card_colour
from game.session import LocalSession
from game.ui.results import ResultsScene
from game.ui.table_lost_cities import TAKE_BACK_RECT, LostCitiesTable
from game.ui.tween import MOTION
from test_frame_cache17 import pixels, same_picture
from test_ui_table_lost_cities import (BOT, app, best_move, card_point, config, human_turn, key,  # noqa: F401
                                       mouse_click, mouse_drag, open_table, run, settle, touch_tap)

CANVAS = (1920, 1080)


class EveryFrameChecked:
    """While open, every frame the App draws is drawn again the long way (`frame_cache` off, the
    same interpolation, the toasts over it) and compared pixel for pixel; counts the frames the
    table blitted its kept image and those it composed one. Fails on leaving if any differed."""

    def __init__(self, app, table: LostCitiesTable) -> None:
        self.app, self.table = app, table
        self.scratch = pygame.Surface(CANVAS)
        self.frames = self.kept = self.composed = 0
        self.differing: list[int] = []

    def __enter__(self) -> "EveryFrameChecked":
        self._draw = self.app.draw
        self.app.draw = self.draw
        return self

    def __exit__(self, kind, value, trace) -> None:
        self.app.draw = self._draw
        if kind is None:
            assert not self.differing, f"frames {self.differing[:10]} of {self.frames} differ from the long way"

    def draw(self, alpha: float) -> None:
        layer = getattr(self.table, "_kept", None)
        before = None if layer is None else layer.shows
        self._draw(alpha)
        layer = getattr(self.table, "_kept", None)
        if layer is not None and layer.shows is not None and layer.last == layer.shows:
            self.kept += layer.shows is before
            self.composed += layer.shows is not before
        if isinstance(self.app.scenes.top, ResultsScene):
            return  # the results keep their own backdrop and confetti: drawn twice they differ, as ever
        self.frames += 1
        if not same_picture(self.long_way(alpha), self.app.canvas):
            self.differing.append(self.frames)

    def long_way(self, alpha: float) -> pygame.Surface:
        self.table.frame_cache = False
        try:
            self.app.scenes.draw(self.scratch, alpha)
            self.app.toasts.draw(self.scratch)
        finally:
            del self.table.frame_cache  # back to the class's switch
        return self.scratch


def point(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def canvas_now(app) -> bytes:
    return pixels(app.canvas)


def test_a_still_table_is_composed_once_and_blitted_unchanged(app):
    """The benchmark's Lost Cities (bots, a few moves in) with reduced motion, the pointer away and
    the bots' turn held: thirty frames are one picture, blitted from the kept image."""
    import main

    app.settings.reduced_motion = True
    app.apply_motion()
    try:
        table = main.build_scene(app, "table", "lost-cities", 2, seed=3)
        app.clear_to(table)
        run(app, 150, 1 / 120)
        table.session.bot_delay = 10_000.0  # nobody moves while the picture is watched
        run(app, 10, 1 / 120)
        pictures = set()
        with EveryFrameChecked(app, table) as check:
            for _ in range(30):
                app.step(1 / 120)
                pictures.add(canvas_now(app))
        assert len(pictures) == 1 and (check.kept, check.composed) == (30, 0)
    finally:
        MOTION.reduced = False


def test_keys_pick_up_place_and_draw_each_frame_the_long_way(app):
    """The focused card bobs over the kept image; arrows move the focus, Enter picks a card up
    (its lanes dim, its targets pulse), places it, and draws: each frame as drawn the long way."""
    session, table = human_turn(app)
    with EveryFrameChecked(app, table) as check:
        run(app, 20)
        before = canvas_now(app)
        key(app, pygame.K_RIGHT)
        run(app, 10)
        assert canvas_now(app) != before
        key(app, pygame.K_LEFT)
        run(app, 10)
        key(app, pygame.K_RETURN)  # pick it up
        run(app, 20)
        key(app, pygame.K_RIGHT)  # another target
        run(app, 10)
        key(app, pygame.K_RETURN)  # place it
        settle(app, table)
        assert table.phase == "draw"
        run(app, 20)  # the draw sources pulse
        key(app, pygame.K_RETURN)  # draw
        for _ in range(240):
            run(app)
            if table.can_act and table.phase == "play" and not any(s.moving for s in table.sprites.values()):
                break
        run(app, 20)
    assert check.kept > 60 and check.frames > 150


def test_a_pointer_hovers_drags_takes_back_and_draws_the_same(app):
    """A mouse resting on cards, dragging a card onto a lane it may not go to (it snaps back),
    dropping one where it goes, hovering and pressing Take back, laying again and drawing."""
    session, table = human_turn(app)
    with EveryFrameChecked(app, table) as check:
        hand = table.board.hands[0]
        for card in hand[:3]:
            point(app, card_point(table, card))
            run(app, 8)
        card = hand[0]
        other = next(c for c in table.board.colours if c != card_colour(card))
        mouse_drag(app, card_point(table, card), table.pile_zone(other).center)
        settle(app, table)
        card, action = best_move(table)
        target = table.expedition_zone(card_colour(card)) if action.kind == "play" else table.pile_zone(card_colour(card))
        mouse_drag(app, card_point(table, card), target.center)
        settle(app, table)
        assert table.taken_back_card() == card
        point(app, TAKE_BACK_RECT.center)  # the Take back row lights under the pointer
        run(app, 10)
        mouse_click(app, TAKE_BACK_RECT.center)
        settle(app, table)
        assert table.taken_back_card() is None and table.phase == "play"
        session.submit(best_move(table)[1])
        settle(app, table)
        mouse_click(app, table.deck_rect().center)
        for _ in range(240):
            run(app)
            if table.can_act and table.phase == "play" and not any(s.moving for s in table.sprites.values()):
                break
        run(app, 20)
    assert check.kept > 30


def test_a_finger_taps_a_card_and_its_pile_the_same(app):
    """Touch shows no focus on the hand: a tap picks a card up, a tap on its pile discards it."""
    session, table = human_turn(app)
    with EveryFrameChecked(app, table) as check:
        card = table.board.hands[0][0]
        touch_tap(app, card_point(table, card))
        run(app, 20)
        assert table.selected == card
        touch_tap(app, table.pile_zone(card_colour(card)).center)
        settle(app, table)
        run(app, 20)
    assert check.kept > 10


def test_bots_play_a_round_to_its_scores_and_the_next_deal_the_same(app):
    """Two bots at a two-round match, watched at double speed: cards in flight, flips, the chips and
    the match totals counting, the round's scores counting up and continuing, the next deal, to the
    results (a third round, until session 18, showed nothing the second does not)."""
    MOTION.speed = 2.0
    session = LocalSession(config(SeatConfig("bot", "Ada", "easy"), SeatConfig("bot", "Bo", "easy"), rounds=2), 5,
                           bot_delay=0.0)
    table = open_table(app, session)
    scored = False
    with EveryFrameChecked(app, table) as check:
        for _ in range(1200):
            run(app)
            if table.scoring is not None:
                scored = True
            if isinstance(app.scenes.top, ResultsScene):
                break
    assert scored and table.board.round == 2 and check.frames > 200 and check.kept > 30


def test_the_hot_seat_curtain_and_a_small_window_draw_the_same(app):
    """Two people at one screen on a 1024x768 window (larger print): the curtain, lifted, a move
    by keys and the curtain for the other person."""
    app.window = pygame.display.set_mode((1024, 768))
    app._layout()
    session = LocalSession(config(SeatConfig("human", "Ann"), SeatConfig("human", "Ben")), 3, bot_delay=0.0)
    table = open_table(app, session)
    with EveryFrameChecked(app, table) as check:
        run(app, 5)
        assert table.curtain_seat is not None
        key(app, pygame.K_RETURN)  # lift the curtain
        settle(app, table)
        run(app, 90)  # the deal's last cards leave the deck
        key(app, pygame.K_RETURN)
        key(app, pygame.K_RETURN)  # place the focused card on its first target
        settle(app, table)
        key(app, pygame.K_RETURN)  # draw from the deck
        for _ in range(120):
            run(app)
            if table.curtain_seat is not None:
                break
        assert table.curtain_seat is not None
        run(app, 10)
    assert check.kept > 10
