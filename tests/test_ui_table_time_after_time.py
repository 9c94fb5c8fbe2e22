"""The Time After Time table scene, headless: whole games through the scene, one human move by
each device (mouse, keyboard, gamepad, touch), an illegal drop snapping back, the emergency move
offered only when TT-7 allows it, the Ghost and refill announcements, and the screenshots."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.bots.time_after_time import BOTS
from game.core.types import Action, Event, GameConfig, SeatConfig
from game.rules.time_after_time import ENGINE, legal_slots
from game.session import LocalSession
from game.session.base import Update
from game.session.local import HISTORY_ACTIONS
from game.ui.app import App
from game.ui.tables import table_scene_for
from game.ui.table_time_after_time import PICK_CENTRE, REVEAL_POS, TimeAfterTimeTable
from game.ui.tween import MOTION
from ui_helpers import assert_screenshots_written, recording_app

GAME = "time-after-time"


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        yield application


def make_session(seats: int, seed: int, humans: int = 1, level: str = "expert") -> LocalSession:
    names = ["Ann", "Ben", "Cat", "Dan"]
    config = GameConfig.make(GAME, [SeatConfig("human" if i < humans else "bot", names[i], level)
                                    for i in range(seats)])
    return LocalSession(config, seed, bot_delay=0.0)


def table_for(app: App, session: LocalSession) -> TimeAfterTimeTable:
    scene = TimeAfterTimeTable(app, session)
    app.clear_to(scene)
    return scene


def settle(app: App, scene: TimeAfterTimeTable, limit: int = 2000) -> None:
    """Run frames until the scene waits for the person at seat 0 (or the game ended)."""
    for _ in range(limit):
        app.run_frames(1, 1 / 15)
        if scene.can_act or scene.results_shown:
            return
    raise AssertionError("the table never came back to the person")


def seed_where_human_draws(seats: int) -> tuple[LocalSession, int]:
    """A seeded game where seat 0 is about to draw after the bots have played (bots run inline)."""
    for seed in range(1, 60):
        session = make_session(seats, seed)
        session.run_bots_until_human()
        if session.state["turn"] == 0 and session.state["phase"] == "draw":
            return session, seed
    raise AssertionError("no seed found")


def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def last_action(session: LocalSession):
    """The person's (seat 0) latest action: bots act inline right after it."""
    mine = [action for action in session.actions if action.seat == 0]
    return mine[-1] if mine else None


def pick_centre_of(scene: TimeAfterTimeTable, index: int) -> tuple[int, int]:
    sprite = scene.hands[scene.victim][index]
    x, y = sprite.pos.current
    return int(x), int(y) - 30  # above the next card's overlap


def slot_centre(scene: TimeAfterTimeTable, slot: int) -> tuple[int, int]:
    return scene.geometry[0].slots[slot].center


def session_with_row(pieces: dict[int, str], seats: int = 2) -> LocalSession:
    """Seat 0 about to draw, with only `pieces` (slot -> card) in its row; cards taken from
    elsewhere keep the deck conserved (its old row cards leave the game)."""
    session, _ = seed_where_human_draws(seats)
    state = session.state
    for slot, card in enumerate(state["rows"][0]):
        if card is not None and card not in pieces.values():
            state["out"].append(card)
        state["rows"][0][slot] = None
    for card in pieces.values():
        for pile in state["hands"] + [state["pile"], state["out"]]:
            if card in pile:
                pile.remove(card)
        for row in state["rows"]:
            row[:] = [None if placed == card else placed for placed in row]
    for slot, card in pieces.items():
        state["rows"][0][slot] = card
    ENGINE.check_invariants(state)
    session._queue_updates([], None)
    session.poll()
    return session


def _stuck_session() -> LocalSession:
    """08H00 _ _ 10H00: two slots, one hour between: not completable (RULING TT-7)."""
    session = session_with_row({0: "tt-08-a", 3: "tt-10-a"})
    assert ENGINE.emergency_available(session.state, 0)
    return session


# --- registration and screenshots ----------------------------------------------------------------
def test_the_log_opens_with_who_starts_and_a_game_under_way_with_its_moves_then_whose_turn_it_is(app):
    fresh = make_session(3, 4)
    fresh.run_bots_until_human()
    scene = table_for(app, fresh)
    app.run_frames(2, 1 / 60)
    starter = ENGINE.view(fresh.state, 0)["turn"]
    assert scene.log[0] == ("You start the game." if starter == 0 else f"{scene.name_of(starter)} starts the game.")

    under_way = make_session(3, 4)
    for _ in range(6):
        under_way.run_bots_until_human()
        under_way.submit(BOTS["expert"](ENGINE, 0, 1).choose(ENGINE.view(under_way.state, 0),
                                                            ENGINE.legal_actions(under_way.state, 0)))
    under_way.run_bots_until_human()
    scene = table_for(app, under_way)
    app.run_frames(2, 1 / 60)
    view = ENGINE.view(under_way.state, 0)
    assert view["turn_number"] > 1 and under_way.version <= HISTORY_ACTIONS  # the whole game is remembered
    assert scene.log[-1] == f"Turn {view['turn_number']}: your turn."  # the person is to move
    first = under_way.actions[0].seat
    assert scene.log[0] == ("You start the game." if first == 0 else f"{scene.name_of(first)} starts the game.")
    assert sum("drew" in line for line in scene.log) >= 6  # the moves so far, in between


def test_table_is_registered_for_the_game():
    assert table_scene_for(GAME) is TimeAfterTimeTable


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_screenshot_writes_table_and_results(app, tmp_path: Path, seats: int):
    assert_screenshots_written(app, tmp_path, GAME, seats)


# --- whole games ---------------------------------------------------------------------------------
def test_bot_only_game_reaches_results(app):
    session = make_session(3, 5, humans=0)
    scene = table_for(app, session)
    for _ in range(4000):
        app.run_frames(1, 1 / 15)
        if scene.results_shown:
            break
    assert scene.results_shown and app.scenes.top.name == "results"
    assert session.is_over()


def test_while_the_win_is_celebrated_nobody_is_playing_and_panels_follow_the_last_ghost_draws(app):
    """The final move's events play before its view is shown: the turn banner, the PLAYING tags
    and the prompt are gone already, and each panel's Ghosts and card count are those after the
    animated draws, not the view's before them."""
    app.settings.animation_speed = 4.0
    app.apply_motion()
    session = make_session(4, 5)  # the winner's last Ghost is drawn from them in the final move
    scene = table_for(app, session)
    chooser = BOTS["expert"](ENGINE, 0, 5)
    seen: dict[str, object] = {}
    original = scene.animate_event

    def watch(event, update):
        seconds = original(event, update)
        if event.kind == "win":
            seen.update(over=scene.game_over, prompt=scene.prompt(), ghosts=scene.ghosts_shown(),
                        sizes=[len(scene.hands.get(s, [])) for s in range(4)],
                        ghost_drawn=any(e.kind == "draw" and str(e["card"]).startswith("tt-ghost")
                                        for e in update.events))
        return seconds
    scene.animate_event = watch
    for _ in range(20000):
        app.run_frames(1, 1 / 15)
        if scene.results_shown:
            break
        if scene.can_act:
            legal = [a for a in scene.legal if a.kind != "reorder"] or list(scene.legal)
            scene.submit(chooser.choose(scene.view, legal))
    assert seen, "no win was animated"
    final = ENGINE.view(session.state, 0)
    assert seen["over"] is True and seen["prompt"] == ""
    assert seen["ghost_drawn"]
    assert seen["ghosts"] == list(final["ghost_holders"])
    # said once: no "The game is over" after it; the row was full before its last Ghost was drawn
    assert scene.log[-1] == "Cat won: Dan drew the last Ghost from Cat's full row"
    assert seen["sizes"] == list(final["hand_size"])


@pytest.mark.parametrize("seats,seed", [(2, 3), (4, 11)])
def test_whole_game_with_a_person_animates_every_event(app, seats, seed):
    """Seat 0 is a person whose moves an expert bot chooses from the scene's own view and legal
    actions; every event is animated, and no other hand is ever shown face up."""
    app.settings.animation_speed = 4.0
    app.apply_motion()
    session = make_session(seats, seed)
    scene = table_for(app, session)
    chooser = BOTS["expert"](ENGINE, 0, 99)
    for _ in range(20000):
        app.run_frames(1, 1 / 15)
        for seat, hand in scene.hands.items():
            if seat != scene.viewer:
                assert all(not sprite.face_up and sprite.key == "back" for sprite in hand if not sprite._flip_pending)
        if scene.results_shown:
            break
        if scene.can_act:
            legal = [a for a in scene.legal if a.kind != "reorder"] or list(scene.legal)
            scene.submit(chooser.choose(scene.view, legal))
    assert scene.results_shown, "the game did not finish through the scene"
    kinds = set(scene.animated_events)
    assert {"draw", "place", "game_over"} <= kinds
    assert scene.log and any("drew" in line for line in scene.log)


# --- one human move per device -------------------------------------------------------------------
def test_mouse_click_draws_then_drag_places(app):
    session, _ = seed_where_human_draws(3)
    scene = table_for(app, session)
    settle(app, scene)
    assert scene.picking
    x, y = pick_centre_of(scene, 0)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(x, y)))
    app.run_frames(2)
    action = last_action(session)
    assert action.seat == 0 and action.kind == "draw" and action["position"] == 0
    settle(app, scene)
    if not scene.placing:
        return  # the drawn card was a Ghost, or nobody could place it: the turn is already over
    slot = sorted(int(a["slot"]) for a in scene.legal_of("place"))[0]
    sx, sy = REVEAL_POS
    tx, ty = slot_centre(scene, slot)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(int(sx), int(sy))),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(int(sx) + 30, int(sy) + 30), rel=(30, 30), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(tx, ty), rel=(0, 0), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(tx, ty)))
    app.run_frames(2)
    action = last_action(session)
    assert action.kind == "place" and action["slot"] == slot


def test_keyboard_draws_and_places(app):
    session, _ = seed_where_human_draws(2)
    scene = table_for(app, session)
    settle(app, scene)
    before = len(session.actions)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0),
         pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    app.run_frames(1)
    assert scene.focus is not None and scene.focus[0] == "pick"
    chosen = scene.focus[1]
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0),
         pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.run_frames(2)
    assert session.actions[before].kind == "draw" and session.actions[before]["position"] == chosen
    settle(app, scene)
    if scene.placing:
        expected = scene.focus
        post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0),
             pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        app.run_frames(2)
        assert expected is not None and last_action(session).kind == "place"
        assert last_action(session)["slot"] == expected[1]


def test_gamepad_draws_and_shoulder_reorders(app):
    session, _ = seed_where_human_draws(4)
    scene = table_for(app, session)
    settle(app, scene)
    before = len(session.actions)
    post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A, instance_id=0),
         pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=pygame.CONTROLLER_BUTTON_A, instance_id=0))
    app.run_frames(2)
    assert last_action(session).kind == "draw"
    settle(app, scene)
    for _ in range(200):  # wait until the hand on screen is the engine's hand
        if scene.can_reorder() and not scene.animating:
            break
        app.run_frames(1, 1 / 15)
    hand_before = list(session.state["hands"][0])
    scene.focus = ("hand", 0)
    post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, instance_id=0),
         pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, instance_id=0))
    app.run_frames(2)
    reorder = [a for a in session.actions[before:] if a.kind == "reorder" and a.seat == 0]
    assert reorder and reorder[-1]["from"] == 0 and reorder[-1]["to"] == 1
    assert session.state["hands"][0][1] == hand_before[0]
    assert [s.key for s in scene.hands[0]] == session.state["hands"][0]


def test_touch_tap_draws_and_drag_places(app):
    session, _ = seed_where_human_draws(2)
    scene = table_for(app, session)
    settle(app, scene)
    x, y = pick_centre_of(scene, 1)

    def finger(kind: int, px: float, py: float) -> pygame.event.Event:
        return pygame.event.Event(kind, x=px / 1920, y=py / 1080, dx=0.0, dy=0.0, finger_id=1, touch_id=1,
                                  pressure=1.0)

    before = len(session.actions)
    post(finger(pygame.FINGERDOWN, x, y), finger(pygame.FINGERUP, x, y))
    app.run_frames(2)
    assert session.actions[before].kind == "draw" and session.actions[before]["position"] == 1
    assert app.input.last_device == "touch"
    settle(app, scene)
    if not scene.placing:
        return
    slot = sorted(int(a["slot"]) for a in scene.legal_of("place"))[-1]
    tx, ty = slot_centre(scene, slot)
    post(finger(pygame.FINGERDOWN, *REVEAL_POS), finger(pygame.FINGERMOTION, REVEAL_POS[0], REVEAL_POS[1] + 40),
         finger(pygame.FINGERMOTION, tx, ty), finger(pygame.FINGERUP, tx, ty))
    app.run_frames(2)
    assert last_action(session).kind == "place" and last_action(session)["slot"] == slot


def test_drag_from_the_pick_fan_draws(app):
    session, _ = seed_where_human_draws(3)
    scene = table_for(app, session)
    settle(app, scene)
    x, y = pick_centre_of(scene, 2)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y)),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y + 60), rel=(0, 60), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y + 180), rel=(0, 120), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(x, y + 180)))
    app.run_frames(2)
    assert last_action(session).kind == "draw" and last_action(session)["position"] == 2


def test_illegal_drop_snaps_back(app):
    session = session_with_row({3: "tt-13-a", 4: "tt-15-b"})
    victim = session.state["hands"][1]
    position = next(i for i, c in enumerate(victim) if not c.startswith("tt-ghost") and int(c[3:5]) not in (13, 14, 15))
    scene = table_for(app, session)
    settle(app, scene)
    scene.draw_from(position)
    settle(app, scene)
    assert scene.placing
    legal = {int(a["slot"]) for a in scene.legal_of("place")}
    wrong = next(s for s in range(7) if s not in legal and scene.view["rows"][0][s] is None)
    before = len(session.actions)
    tx, ty = slot_centre(scene, wrong)
    sx, sy = REVEAL_POS
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(int(sx), int(sy))),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(int(sx) + 40, int(sy) + 40), rel=(40, 40), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(tx, ty), rel=(0, 0), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(tx, ty)))
    app.run_frames(2)
    assert len(session.actions) == before, "an illegal place was applied"
    assert "invalid" in app.played and app.toasts.items and app.toasts.items[-1].kind == "error"
    app.run_frames(30)
    assert scene.pending is not None
    x, y = scene.pending.pos.current
    assert abs(x - REVEAL_POS[0]) < 2 and abs(y - REVEAL_POS[1]) < 2
    assert scene.rows[0][wrong] is None


def test_reorder_by_drag_out_of_turn(app):
    session = make_session(3, 4)
    session.run_bots_until_human()
    scene = table_for(app, session)
    settle(app, scene)
    hand = scene.hands[0]
    first, last = hand[0], hand[-1]
    fx, fy = (int(v) for v in first.pos.current)
    lx, ly = (int(v) for v in last.pos.current)
    before = list(session.state["hands"][0])
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(fx - 40, fy)),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(fx + 20, fy - 20), rel=(60, -20), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(lx + 30, ly), rel=(0, 0), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(lx + 30, ly)))
    app.run_frames(3)
    assert session.state["hands"][0] == before[1:] + before[:1]
    assert [s.key for s in scene.hands[0]] == session.state["hands"][0]


# --- the emergency move (RULING TT-7) --------------------------------------------------------------
def test_emergency_move_is_offered_only_when_allowed_and_played_by_keys(app):
    plain, _ = seed_where_human_draws(2)
    scene = table_for(app, plain)
    settle(app, scene)
    assert not any(b.label == "Emergency move" for b in scene.buttons())

    session = _stuck_session()
    scene = table_for(app, session)
    settle(app, scene)
    labels = [b.label for b in scene.buttons()]
    assert "Emergency move" in labels
    scene.focus = ("button", labels.index("Emergency move"))
    keys = [pygame.K_RETURN]
    for key in keys:
        post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.run_frames(2)
    assert scene.shift is not None
    assert 3 in scene.shift_sources()
    scene.focus = ("row", 3)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.run_frames(1)
    assert scene.shift.source == 3 and scene.shift_targets(3) == [2, 4]
    scene.focus = ("row", 4)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.run_frames(1)
    assert scene.shift.moves == [(3, 4)]
    assert any(b.label.startswith("Shift 1") for b in scene.buttons())
    scene.buttons()[0].activate()
    app.run_frames(2)
    action = last_action(session)
    assert action.kind == "shift" and [tuple(m) for m in action["moves"]] == [(3, 4)]
    assert session.state["rows"][0][4] == "tt-10-a"


# --- Ghosts, refills and the "can anyone place this?" moment -----------------------------------------
def _update_for(session: LocalSession) -> Update:
    latest = session.latest(0)
    assert latest is not None
    return latest


def test_ghost_draw_darkens_the_table_and_plays_the_ghost_sound(app):
    session = make_session(3, 8)
    scene = table_for(app, session)
    app.run_frames(2)
    update = _update_for(session)
    seconds = scene.animate_event(Event.make("draw", None, seat=1, from_seat=0, position=0, card="tt-ghost-1",
                                             name="Ben", from_name="Ann"), update)
    assert 1.0 < seconds <= 2.0
    # still face down in flight: neither the log nor the panels know it is a Ghost yet
    assert not any("Ghost" in line for line in scene.log) and scene.ghosts_shown()[1] == 0
    darkest = 0.0
    for _ in range(90):
        scene.update_table(1 / 60)
        darkest = max(darkest, float(scene.darkness.current))
    assert scene.log[-1].startswith("Ben drew a Ghost from you")
    assert scene.ghosts_shown()[1] == 1  # turned face up: Ben's panel shows it
    assert darkest > 100 and "ghost" in app.played
    assert any(h.title == "A GHOST!" for h in scene.heralds)
    assert all(not s.face_up for s in scene.hands[1] if not s._flip_pending)


def test_refill_is_announced_without_showing_the_card(app):
    session = make_session(4, 2)
    scene = table_for(app, session)
    app.run_frames(2)
    update = _update_for(session)
    size = len(scene.hands[2])
    scene.animate_event(Event.make("refill", None, seat=2, reason="no_time_card", draw_count=4, name="Cat"), update)
    herald = scene.heralds[-1]
    assert "Cat has no Time card left and draws from the pile." in herald.lines
    assert len(scene.hands[2]) == size + 1 and all(s.key == "back" for s in scene.hands[2])
    assert "deal" in app.played


def test_who_could_place_is_shown_when_keeping(app):
    session = make_session(3, 6)
    scene = table_for(app, session)
    app.run_frames(2)
    update = _update_for(session)
    scene.shown = Update(0, (), dict(update.view, pending="tt-12-a", who_could_place=[2], legal_slots=[], turn=1),
                         (), (1,), update.version)
    scene.pending = scene.make_sprite("tt-12-a", REVEAL_POS, 1.0)
    scene.animate_event(Event.make("keep", None, seat=1, card="tt-12-a", reason="someone_could_place", name="Ben"),
                        update)
    herald = scene.heralds[-1]
    assert herald.title == "CAN ANYONE PLACE 12H00?" and "Yes: Cat could." in herald.lines


def test_a_neighbours_reorder_shuffles_their_fan_but_writes_no_log_line(app):
    session = make_session(3, 8)
    scene = table_for(app, session)
    app.run_frames(2)
    before = list(scene.log)
    fan = list(scene.hands[1])
    scene.animate_event(Event.make("reorder", [0, 2], seat=1, **{"from": 0, "to": 2}), _update_for(session))
    assert scene.log == before
    assert scene.hands[1] == [fan[1], fan[2], fan[0], *fan[3:]]  # the card moved in the fan


def test_the_emergency_move_and_keeping_are_suggested_in_words(app):
    scene = table_for(app, _stuck_session())
    settle(app, scene)
    shift = next(a for a in scene.legal if a.kind == "shift" and [tuple(m) for m in a["moves"]] == [(3, 4)])
    assert scene.describe_move(shift) == "make the emergency move: shift 10H00 from slot 4 to 5"
    assert scene.describe_move(Action.make(0, "keep")) == "keep it: someone else could still place it"


def test_a_suggested_slot_takes_the_focus(app):
    for seed in range(1, 40):
        session = make_session(3, seed)
        scene = table_for(app, session)
        settle(app, scene)
        if scene.placing:
            break
        scene.submit(next(a for a in scene.legal if a.kind == "draw"))
        settle(app, scene)
        if scene.placing:
            break
    assert scene.placing
    scene.show_suggestion()
    assert scene.suggested.kind == "place" and scene.focus == ("row", int(scene.suggested["slot"]))
