"""The Lost in Time table scene, headless: whole games through the scene, one human move by each
device (mouse, keyboard, gamepad, touch), illegal drops snapping back with the engine's reason, the
two discard cards landing in the chosen order (ruling LT-5b), the hot-seat curtain, and the
screenshot command for 2, 4 and 6 seats."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.bots.lost_in_time import BOTS
from game.core.types import GameConfig, SeatConfig
from game.rules.lost_in_time import ENGINE, KIND, YEAR, fits
from game.session import LocalSession
from game.ui.app import App
from game.ui.table_lost_in_time import DISCARD_POS, LostInTimeTable, row_centres
from game.ui.tables import table_scene_for
from game.ui.tween import MOTION
from ui_helpers import assert_screenshots_written, recording_app

GAME = "lost-in-time"
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        yield application


def make_session(seats: int, seed: int, humans: int = 1) -> LocalSession:
    config = GameConfig.make(GAME, [SeatConfig("human" if i < humans else "bot", NAMES[i], "expert")
                                    for i in range(seats)])
    return LocalSession(config, seed, bot_delay=0.0)


def table_for(app: App, session: LocalSession) -> LostInTimeTable:
    scene = LostInTimeTable(app, session)
    app.clear_to(scene)
    return scene


def settle(app: App, scene: LostInTimeTable, limit: int = 3000) -> None:
    """Run frames until the person at seat 0 may act, nothing moves (or the game ended)."""
    for _ in range(limit):
        app.run_frames(1, 1 / 15)
        if scene.results_shown:
            return
        if scene.can_act and not any(s.moving for s in scene.sprites.values()):
            return
    raise AssertionError("the table never came back to the person")


def human_action_turn(seats: int, want=lambda hand, state: True, seeds=range(1, 200)) -> LocalSession:
    """A seeded game where seat 0 is in its action step holding a hand that `want` accepts."""
    for seed in seeds:
        session = make_session(seats, seed)
        for _ in range(6):
            session.run_bots_until_human()
            state = session.state
            if state["over"]:
                break
            if state["turn"] == 0 and state["phase"] == "action" and want(state["hands"][0], state):
                return session
            legal = ENGINE.legal_actions(state, 0)
            session.submit(next(a for a in legal if a.kind == "pass") if state["phase"] == "action" else legal[0])
    raise AssertionError("no seed found")


def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def key(code: int) -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0),
         pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))


def pad(button: int) -> None:
    post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0),
         pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0))


def mouse_drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] - 30), rel=(30, -30), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))
    app.run_frames(2)


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
         pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.run_frames(2)


def finger(kind: int, x: float, y: float) -> pygame.event.Event:
    return pygame.event.Event(kind, x=x / 1920, y=y / 1080, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0)


def card_point(scene: LostInTimeTable, card: str) -> tuple[int, int]:
    """A point on the visible strip of a fanned hand card (the left edge of each is uncovered)."""
    rect = scene.sprites[card].draw_rect()
    hand = scene.board.hands[scene.me]
    point = (rect.centerx, rect.centery) if card == hand[-1] else (rect.left + 22, rect.centery + 20)
    assert scene.hand_card_at(point) == card
    return point


def button_centre(scene: LostInTimeTable, key_name: str) -> tuple[int, int]:
    for (name, _label, _primary), rect in zip(scene.buttons(), scene.button_rects()):
        if name == key_name:
            return rect.center
    raise AssertionError(f"no {key_name} button: {scene.buttons()}")


def mine(session: LocalSession) -> list:
    return [a for a in session.actions if a.seat == 0]


# --- registration and screenshots ----------------------------------------------------------------
def test_table_is_registered_for_the_game():
    assert table_scene_for(GAME) is LostInTimeTable


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_screenshot_writes_table_and_results(app, tmp_path: Path, seats: int):
    assert_screenshots_written(app, tmp_path, GAME, seats)


def test_rows_overlap_only_when_they_must():
    assert row_centres([100.0] * 3, 500.0, 1000.0, 10.0) == [390.0, 500.0, 610.0]
    squeezed = row_centres([100.0] * 9, 500.0, 600.0, 10.0)
    assert squeezed[0] - 50 == pytest.approx(200.0) and squeezed[-1] + 50 == pytest.approx(800.0)


# --- whole games ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seats,seed", [(2, 3), (5, 8)])
def test_whole_game_with_a_person_animates_every_event(app, seats, seed):
    """Seat 0 is a person whose moves an expert bot chooses from the scene's own view and legal
    actions; every event is animated with its sound, no other hand is ever shown face up, and the
    results screen follows."""
    app.settings.animation_speed = 4.0
    app.apply_motion()
    session = make_session(seats, seed)
    scene = table_for(app, session)
    chooser = BOTS["expert"](ENGINE, 0, 99)
    for _ in range(30000):
        app.run_frames(1, 1 / 15)
        board = scene.board
        if board is not None:
            for seat, hand in enumerate(board.hands):
                if seat != scene.viewer:
                    assert all(k.startswith("back-") for k in hand)
                    assert all(not scene.sprites[k].face_up for k in hand
                               if k in scene.sprites and not scene.sprites[k]._flip_pending)
        if scene.results_shown:
            break
        if scene.can_act:
            scene.submit(chooser.choose(scene.view, list(scene.legal)))
    assert scene.results_shown and app.scenes.top.name == "results"
    kinds = set(scene.animated_events)
    assert {"deal", "place", "round_start", "game_over"} <= kinds
    sounds = set(app.played)
    assert {"deal", "place"} <= sounds
    for event_kind, sound in (("steal", "steal"), ("disaster", "disaster"), ("reshuffle", "shuffle")):
        if event_kind in kinds:
            assert sound in sounds, event_kind
    # the table's own totals agree with the engine's at the end (ruling LT-10)
    for seat in range(seats):
        shown = scene.total_of(seat)
        expected = session.state and ENGINE.seat_total(session.state, seat)["total"]
        assert (shown["total"] if shown else None) == expected
    assert scene.log and any("travelled" in line for line in scene.log)


def test_bots_only_table_reaches_results(app):
    session = make_session(3, 4, humans=0)
    scene = table_for(app, session)
    for _ in range(3000):
        app.run_frames(1, 1 / 15)
        if scene.results_shown:
            break
    assert scene.results_shown and session.is_over()


def test_chronos_flips_with_its_sound_when_the_direction_changes(app):
    app.settings.animation_speed = 4.0
    app.apply_motion()
    session = make_session(3, 2)
    scene = table_for(app, session)
    chooser = BOTS["expert"](ENGINE, 0, 3)
    flipped = False
    for _ in range(20000):
        before = scene.board.direction if scene.board else None
        app.run_frames(1, 1 / 15)
        if scene.board is not None and before is not None and scene.board.direction != before:
            flipped = True
            assert "chronos" in app.played
            assert scene.chronos_sprite.face_up == (scene.board.direction == "future") or \
                scene.chronos_sprite._flip_pending
            break
        if scene.results_shown:
            break
        if scene.can_act:
            scene.submit(chooser.choose(scene.view, list(scene.legal)))
    assert flipped, "the direction never changed in this game"


# --- one human move per device -------------------------------------------------------------------
def test_mouse_skips_the_action_then_drags_a_card_onto_the_glowing_end(app):
    session = human_action_turn(3, lambda hand, state: any(fits(c, state["timelines"][0], state["direction"])
                                                           for c in hand))
    scene = table_for(app, session)
    settle(app, scene)
    assert scene.phase == "action" and [b[0] for b in scene.buttons()] == ["skip"]
    click(app, button_centre(scene, "skip"))
    assert mine(session)[-1].kind == "pass"
    settle(app, scene)
    assert scene.phase == "travel" and scene.slot_rect() is not None
    card = next(c for c in scene.board.hands[0] if scene.fits(c))
    before = len(mine(session))
    mouse_drag(app, card_point(scene, card), scene.slot_rect().center)
    assert len(mine(session)) == before + 1
    action = mine(session)[-1]
    assert action.kind == "place" and action["card"] == card


def test_mouse_discards_two_cards_in_the_chosen_order(app):
    """Ruling LT-5b: the cards land in the order they were dropped; the second sets the direction."""
    def two_spare(hand, state):
        return any(a.kind == "discard" and len(a["cards"]) == 2 for a in ENGINE.legal_actions(state, 0))
    session = human_action_turn(4, two_spare)
    scene = table_for(app, session)
    settle(app, scene)
    pair = next(tuple(a["cards"]) for a in scene.legal_of("discard") if len(a["cards"]) == 2)
    for card in pair:
        mouse_drag(app, card_point(scene, card), (int(DISCARD_POS[0]), int(DISCARD_POS[1])))
        app.run_frames(12, 1 / 30)
    assert scene.staged == list(pair)
    assert scene.buttons()[0][0] == "discard" and "2 cards" in scene.buttons()[0][1]
    click(app, button_centre(scene, "discard"))
    action = mine(session)[-1]
    assert action.kind == "discard" and tuple(action["cards"]) == pair
    assert session.state["discard"][-2:] == list(pair)


def test_keyboard_skips_then_places_with_enter(app):
    session = human_action_turn(2, lambda hand, state: any(fits(c, state["timelines"][0], state["direction"])
                                                           for c in hand))
    scene = table_for(app, session)
    settle(app, scene)
    for _ in range(8):  # right past the last hand card reaches the buttons
        key(pygame.K_RIGHT)
        app.run_frames(1)
        if scene.focus == ("button", "skip"):
            break
    assert scene.focus == ("button", "skip")
    key(pygame.K_RETURN)
    app.run_frames(2)
    assert mine(session)[-1].kind == "pass"
    settle(app, scene)
    focused = scene.focus
    assert focused is not None and focused[0] == "hand" and scene.fits(focused[1])  # a card that fits
    key(pygame.K_RETURN)
    app.run_frames(1)
    assert scene.selected == focused[1] and scene.focus == ("timeline",)
    key(pygame.K_RETURN)
    app.run_frames(2)
    assert mine(session)[-1].kind == "place" and mine(session)[-1]["card"] == focused[1]


def test_gamepad_stages_one_discard_and_confirms_it(app):
    def spare_event(hand, state):
        return any(a.kind == "discard" and len(a["cards"]) == 1 and KIND[a["cards"][0]] == "event"
                   for a in ENGINE.legal_actions(state, 0))
    session = human_action_turn(4, spare_event)
    scene = table_for(app, session)
    settle(app, scene)
    card = next(a["cards"][0] for a in scene.legal_of("discard")
                if len(a["cards"]) == 1 and KIND[a["cards"][0]] == "event")
    scene.focus = ("hand", card)
    pad(pygame.CONTROLLER_BUTTON_A)
    app.run_frames(1)
    assert scene.selected == card and scene.focus == ("discard",)
    pad(pygame.CONTROLLER_BUTTON_A)
    app.run_frames(1)
    assert scene.staged == [card] and scene.focus == ("button", "discard")
    pad(pygame.CONTROLLER_BUTTON_A)
    app.run_frames(2)
    action = mine(session)[-1]
    assert action.kind == "discard" and tuple(action["cards"]) == (card,)
    assert app.input.last_device == "gamepad"


def test_touch_taps_a_vip_or_disaster_then_an_opponent(app):
    session = human_action_turn(3, lambda hand, state: any(KIND[c] in ("vip", "disaster") for c in hand))
    scene = table_for(app, session)
    settle(app, scene)
    card = next(c for c in scene.board.hands[0] if KIND[c] in ("vip", "disaster"))
    target = next(int(a["target"]) for a in scene.legal_of(KIND[card]) if a["card"] == card)
    x, y = card_point(scene, card)
    post(finger(pygame.FINGERDOWN, x, y), finger(pygame.FINGERUP, x, y))
    app.run_frames(2)
    assert scene.selected == card and ("seat", target) in scene.lit_targets()
    tx, ty = scene.geo[target].panel.center
    post(finger(pygame.FINGERDOWN, tx, ty), finger(pygame.FINGERUP, tx, ty))
    app.run_frames(2)
    action = mine(session)[-1]
    assert action.kind == KIND[card] and action["card"] == card and action["target"] == target
    assert app.input.last_device == "touch"
    settle(app, scene)
    assert ("steal" if KIND[card] == "vip" else "disaster") in app.played


# --- refusals snap back ----------------------------------------------------------------------------
def _at_rest(scene: LostInTimeTable, card: str) -> bool:
    sprite = scene.sprites[card]
    place = scene.placements()[card]
    x, y = sprite.pos.current
    return abs(x - place.pos[0]) < 1 and abs(y - place.pos[1]) < 1 and not sprite.moving


def test_a_card_that_cannot_travel_snaps_back_with_the_engines_reason(app):
    """Ruling LT-4: dropped on the timeline, a card that does not fit is refused and returns."""
    def mixed(hand, state):
        row, direction = state["timelines"][0], state["direction"]
        return bool(row) and any(fits(c, row, direction) for c in hand) and any(
            not fits(c, row, direction) for c in hand)
    session = human_action_turn(3, mixed)
    scene = table_for(app, session)
    settle(app, scene)
    click(app, button_centre(scene, "skip"))
    settle(app, scene)
    card = next(c for c in scene.board.hands[0] if not scene.fits(c))
    before = len(session.actions)
    mouse_drag(app, card_point(scene, card), (scene.slot_rect() or scene.target_rect(("timeline",))).center)
    app.run_frames(2)
    assert len(session.actions) == before
    assert "invalid" in app.played
    assert any(t.kind == "error" and "cards never go in between" in t.text and "LT-4" not in t.text for t in app.toasts.items)  # ruling LT-4
    assert scene.drag is None and scene.selected is None
    settle(app, scene)
    for _ in range(30):
        app.run_frames(1, 1 / 30)
    assert _at_rest(scene, card)


def test_an_event_card_dropped_on_an_opponent_is_refused(app):
    session = human_action_turn(2, lambda hand, state: any(KIND[c] == "event" for c in hand))
    scene = table_for(app, session)
    settle(app, scene)
    card = next(c for c in scene.board.hands[0] if KIND[c] == "event")
    other = scene.seat_order()[0]
    before = len(session.actions)
    mouse_drag(app, card_point(scene, card), scene.geo[other].panel.center)
    assert len(session.actions) == before and "invalid" in app.played
    for _ in range(30):
        app.run_frames(1, 1 / 30)
    assert _at_rest(scene, card) and scene.selected is None


# --- hot seat --------------------------------------------------------------------------------------
def test_hot_seat_curtain_hides_the_previous_hand(app):
    session = make_session(2, 5, humans=2)
    scene = table_for(app, session)
    app.run_frames(2)
    assert scene.curtain_seat is not None
    first = scene.curtain_seat
    key(pygame.K_RETURN)
    app.run_frames(30, 1 / 15)
    assert scene.viewer == first and scene.board.hands[first] == session.state["hands"][first]
    scene.submit(next(a for a in scene.legal if a.kind == "pass"))
    settle(app, scene)
    scene.submit(scene.legal[0])  # travel (or admit being unable to)
    for _ in range(200):
        app.run_frames(1, 1 / 15)
        if scene.curtain_seat is not None:
            break
    second = scene.curtain_seat
    assert second is not None and second != first
    key(pygame.K_RETURN)
    app.run_frames(4, 1 / 15)
    assert scene.viewer == second
    assert scene.board.hands[second] == session.state["hands"][second]
    assert all(k.startswith("back-") for k in scene.board.hands[first])
    assert all(YEAR[k] for k in scene.board.hands[second])
