"""The Lost Cities table driven headless: whole games through the scene, one human move by each
input device (mouse, keyboard, gamepad, touch), snapping back after illegal drops, the LC-3 dimmed
pile, the hot-seat curtain, the 6-colour layout, the scoring panel and the screenshot command."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.bots.base import make_bot
from game.core.types import Action, GameConfig, SeatConfig
from game.rules.lost_cities import ENGINE, card_colour, card_name
from game.session import LocalSession
from game.ui.app import App
from game.ui.pause import PauseOverlay
from game.ui.results import ResultsScene
from game.ui.settings import Settings
from game.ui.tables import table_scene_for
from game.ui.table_lost_cities import BOTTOM_LIMIT, DECK_POS, MENU_RECT, TAKE_BACK_RECT, LostCitiesTable
from game.ui.tween import MOTION

W, H = 1920, 1080


@pytest.fixture
def app(data_dir):
    pygame.init()
    pygame.event.clear()
    application = App(Settings(), headless=True, size=(W, H), windowed=True)
    speed = MOTION.speed
    yield application
    MOTION.speed = speed
    application.shutdown()


def config(*seats: SeatConfig, **options) -> GameConfig:
    return GameConfig.make("lost-cities", list(seats), **options)


HUMAN = SeatConfig("human", "You")
BOT = SeatConfig("bot", "Ada", "expert")


def open_table(app: App, session: LocalSession) -> LostCitiesTable:
    table = LostCitiesTable(app, session)
    app.clear_to(table)
    return table


def run(app: App, frames: int = 1, seconds: float = 1 / 60) -> None:
    for _ in range(frames):
        app.step(seconds)


def settle(app: App, table: LostCitiesTable, limit: int = 600) -> None:
    """Step until the table is idle (no animation, every sprite at rest)."""
    for _ in range(limit):
        app.step(1 / 60)
        if not table.animating and not any(s.moving for s in table.sprites.values()) and table.scoring is None:
            return
    raise AssertionError("the table never came to rest")


def human_turn(app: App, seed: int = 2, **options) -> tuple[LocalSession, LostCitiesTable]:
    """A person against an expert, at the person's play step."""
    session = LocalSession(config(HUMAN, BOT, **options), seed, bot_delay=0.0)
    table = open_table(app, session)
    for _ in range(300):
        app.step(1 / 60)
        if table.can_act and table.phase == "play" and not any(s.moving for s in table.sprites.values()):
            return session, table
    raise AssertionError("the person never got a turn")


def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def key(app: App, code: int) -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    run(app)
    post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    run(app)


def pad(app: App, button: int) -> None:
    post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0))
    run(app)
    post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0))
    run(app)


def mouse_drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    run(app)
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (middle, end):
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        run(app)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    run(app)


def mouse_click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    run(app)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run(app)


def touch_tap(app: App, pos: tuple[int, int], finger: int = 1) -> None:
    x, y = pos[0] / W, pos[1] / H
    post(pygame.event.Event(pygame.FINGERDOWN, x=x, y=y, dx=0.0, dy=0.0, finger_id=finger, touch_id=1))
    run(app)
    post(pygame.event.Event(pygame.FINGERUP, x=x, y=y, dx=0.0, dy=0.0, finger_id=finger, touch_id=1))
    run(app)


def card_point(table: LostCitiesTable, card: str) -> tuple[int, int]:
    """A point on the visible (left) part of a fanned hand card."""
    rect = table.sprites[card].draw_rect()
    return (rect.left + 24, rect.top + 70)


def best_move(table: LostCitiesTable) -> tuple[str, Action]:
    """A hand card and the move the first light-up target means: play if legal, else discard."""
    viewer = table.viewer
    assert viewer is not None
    for card in table.board.hands[table.bottom_seat]:
        action = Action.make(viewer, "play", card=card)
        if action in table.legal:
            return card, action
    card = table.board.hands[table.bottom_seat][0]
    return card, Action.make(viewer, "discard", card=card)


# --- registration and whole games -----------------------------------------------------------------
def test_table_is_registered_for_lost_cities():
    assert table_scene_for("lost-cities") is LostCitiesTable


def test_bot_vs_bot_match_plays_through_the_table_to_the_results(app):
    """A whole 3-round match animated event by event (a spectator seat sees every public move);
    each round opens the scoring panel, which moves on by itself when nobody sits at the table."""
    MOTION.speed = 8.0
    session = LocalSession(config(SeatConfig("bot", "Ada", "expert"), SeatConfig("bot", "Basil", "easy")), 7,
                           bot_delay=0.0, spectator=True)
    table = open_table(app, session)
    panels = 0
    was_open = False
    for _ in range(4000):
        app.step(1 / 15)
        if table.scoring is not None and not was_open:
            panels += 1
        was_open = table.scoring is not None
        if isinstance(app.scenes.top, ResultsScene):
            break
    assert isinstance(app.scenes.top, ResultsScene)
    assert session.is_over()
    assert panels == 3
    assert table.animated_events.count("round_end") == 3
    assert {"play", "discard", "match_end"} <= set(table.animated_events)
    # the board the scene shows is exactly the final view
    final = session.latest(None).view
    for seat in (0, 1):
        for colour in final["colours"]:
            assert table.board.expeditions[seat][colour] == final["expeditions"][seat][colour]


def test_person_vs_bot_round_holds_the_scoring_panel_until_confirmed(app):
    MOTION.speed = 8.0
    session = LocalSession(config(HUMAN, BOT, rounds=1), 11, bot_delay=0.0)
    table = open_table(app, session)
    me = make_bot("lost-cities", "expert", ENGINE, 0, 5)
    frames = 0
    for frames in range(6000):
        app.step(1 / 15)
        if table.scoring is not None:
            break
        if table.can_act:
            table.submit(me.choose(table.view, list(table.legal)))
    assert table.scoring is not None and table.scoring.last_round
    print("frames to the end of the round", frames)
    run(app, 120, 1 / 15)  # long after the count: still waiting for the person
    assert table.scoring is not None and table.scoring.counted
    assert not isinstance(app.scenes.top, ResultsScene)
    key(app, pygame.K_RETURN)
    assert table.scoring is None
    run(app, 90)
    assert isinstance(app.scenes.top, ResultsScene)


# --- one human move per input device ------------------------------------------------------------------
def test_mouse_drag_and_drop_plays_a_card_then_a_click_draws(app):
    session, table = human_turn(app)
    card, action = best_move(table)
    target = table.expedition_zone(card_colour(card)) if action.kind == "play" else table.pile_zone(card_colour(card))
    before = len(session.actions)
    mouse_drag(app, card_point(table, card), target.center)
    assert session.actions[before] == action
    settle(app, table)
    assert table.can_act and table.phase == "draw"
    mouse_click(app, (round(DECK_POS[0]), round(DECK_POS[1])))
    assert session.actions[before + 1] == Action.make(0, "draw", source="deck")


def test_keyboard_picks_a_card_places_it_and_draws(app):
    session, table = human_turn(app)
    before = len(session.actions)
    assert table.focus is not None and table.focus[0] == "hand"
    key(app, pygame.K_RIGHT)
    card = table.focus[1]
    key(app, pygame.K_RETURN)  # pick up: its legal targets take the focus
    assert table.selected == card
    target = table.focus[1]
    key(app, pygame.K_RETURN)
    expected = Action.make(0, "play" if target[0] == "exp" else "discard", card=card)
    assert session.actions[before] == expected
    settle(app, table)
    assert table.focus == ("target", ("deck", ""))
    key(app, pygame.K_RETURN)
    assert session.actions[before + 1] == Action.make(0, "draw", source="deck")


def test_gamepad_picks_a_card_cancels_and_places_it(app):
    session, table = human_turn(app)
    before = len(session.actions)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    card = table.focus[1]
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert table.selected == card
    pad(app, pygame.CONTROLLER_BUTTON_B)  # back cancels the selection (it does not pause)
    assert table.selected is None and app.scenes.top is table
    pad(app, pygame.CONTROLLER_BUTTON_A)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)  # up: the discard pile of its colour
    assert table.focus == ("target", ("pile", card_colour(card)))
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert session.actions[before] == Action.make(0, "discard", card=card)


def test_touch_tap_a_card_then_tap_its_discard_pile(app):
    session, table = human_turn(app)
    before = len(session.actions)
    card = table.board.hands[0][-1]
    touch_tap(app, card_point(table, card))
    assert table.selected == card
    assert ("pile", card_colour(card)) in table.lit_targets()
    touch_tap(app, table.pile_zone(card_colour(card)).center)
    assert session.actions[before] == Action.make(0, "discard", card=card)
    assert app.input.last_device == "touch"


def test_touch_menu_button_pauses_the_table(app):
    session, table = human_turn(app)
    touch_tap(app, MENU_RECT.center)
    assert isinstance(app.scenes.top, PauseOverlay)


def test_opponent_moves_are_animated_at_a_followable_pace(app, monkeypatch):
    """The bot's lay and its draw each take about 0.4 s on screen (ART.md), one after the other."""
    session, table = human_turn(app)
    seen: list[tuple[str, int, float]] = []
    original = table.animate_event

    def spy(event, update):
        seconds = original(event, update)
        seen.append((event.kind, int(event.get("seat", -1)), seconds))
        return seconds

    monkeypatch.setattr(table, "animate_event", spy)
    card, action = best_move(table)
    table.attempt_lay(card, ("exp" if action.kind == "play" else "pile", card_colour(card)))
    settle(app, table)
    table.attempt_draw("deck")
    for _ in range(400):
        app.step(1 / 60)
        if table.can_act:
            break
    theirs = [(kind, seconds) for kind, seat, seconds in seen if seat == 1]
    assert [kind for kind, _ in theirs][:2] in (["play", "draw"], ["discard", "draw"])
    assert all(0.35 <= seconds <= 0.6 for _, seconds in theirs[:2])
    mine = [seconds for kind, seat, seconds in seen if seat == 0]
    assert mine and all(0.18 <= seconds <= 0.32 for seconds in mine)


# --- refusals snap back --------------------------------------------------------------------------
def _at_rest(table: LostCitiesTable, card: str) -> bool:
    sprite = table.sprites[card]
    place = table.placements()[card]
    x, y = sprite.pos.current
    return abs(x - place.pos[0]) < 1 and abs(y - place.pos[1]) < 1 and not sprite.moving


def test_drop_on_another_colour_snaps_back_with_the_invalid_sound(app, monkeypatch):
    session, table = human_turn(app)
    played: list[str] = []
    monkeypatch.setattr(app.assets, "play", lambda name, volume=1.0: played.append(name))
    before = len(session.actions)
    card = table.board.hands[0][0]
    other = next(c for c in table.board.colours if c != card_colour(card))
    mouse_drag(app, card_point(table, card), table.pile_zone(other).center)
    assert len(session.actions) == before
    assert "invalid" in played
    assert any(t.kind == "error" for t in app.toasts.items)
    assert table.drag is None and table.selected is None
    settle(app, table)
    assert _at_rest(table, card)


def _unplayable_turn(app: App) -> tuple[LocalSession, LostCitiesTable, str]:
    """A person's play step holding a card that its own expedition cannot take (ruling LC-4)."""
    for seed in range(1, 40):
        session = LocalSession(config(HUMAN, BOT), seed, bot_delay=0.0)
        me = make_bot("lost-cities", "expert", ENGINE, 0, seed)
        for _ in range(60):
            session.run_bots_until_human()
            if session.is_over():
                break
            state = session.state
            legal = ENGINE.legal_actions(state, 0)
            if state["phase"] == "play":
                stuck = [c for c in state["hands"][0] if Action.make(0, "play", card=c) not in legal]
                if stuck:
                    table = open_table(app, session)  # the backlog of old updates is not replayed
                    settle(app, table)
                    return session, table, stuck[0]
            session.submit(me.choose(ENGINE.view(state, 0), legal))
    raise AssertionError("no seed gave a blocked card")


def test_refused_play_on_own_expedition_snaps_back_and_explains(app):
    session, table, card = _unplayable_turn(app)
    before = len(session.actions)
    mouse_drag(app, card_point(table, card), table.expedition_zone(card_colour(card)).center)
    run(app, 2)
    assert len(session.actions) == before
    errors = [t.text for t in app.toasts.items if t.kind == "error"]
    assert errors and ("higher than" in errors[-1] or "Wagers go only before" in errors[-1])  # ruling LC-4
    assert "ruling" not in errors[-1] and "LC-" not in errors[-1] and errors[-1].endswith(".")
    settle(app, table)
    assert _at_rest(table, card)
    assert table.selected is None


def test_just_discarded_card_is_dimmed_and_cannot_be_drawn_back(app):
    """Ruling LC-3: after a discard its pile does not light up, and tapping it is refused."""
    session, table = human_turn(app)
    card = table.board.hands[0][0]
    colour = card_colour(card)
    table.attempt_lay(card, ("pile", colour))
    settle(app, table)
    assert table.phase == "draw"
    lit = table.lit_targets()
    assert ("pile", colour) not in lit and ("deck", "") in lit
    before = len(session.actions)
    mouse_click(app, table.pile_zone(colour).center)
    run(app, 2)
    assert len(session.actions) == before
    assert any("you just discarded" in t.text and "LC-3" not in t.text for t in app.toasts.items if t.kind == "error")  # ruling LC-3


# --- people at one screen, the long game, looks --------------------------------------------------
def test_hot_seat_curtain_and_only_the_viewer_hand_is_shown(app):
    session = LocalSession(config(SeatConfig("human", "Ann"), SeatConfig("human", "Ben")), 3, bot_delay=0.0)
    table = open_table(app, session)
    run(app, 5)
    first = table.curtain_seat
    assert first is not None
    key(app, pygame.K_RETURN)  # lift the curtain
    assert table.curtain_seat is None and table.viewer == first
    shown_faces = [k for k in table.board.hands[table.bottom_seat]]
    assert shown_faces == sorted(table.view["hand"], key=lambda c: (c[3], c)) or set(shown_faces) == set(table.view["hand"])
    assert all(k.startswith("back-") for k in table.board.hands[1 - first])
    settle(app, table)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # place the focused card on its first target
    settle(app, table)
    key(app, pygame.K_RETURN)  # draw from the deck
    for _ in range(120):
        app.step(1 / 60)
        if table.curtain_seat is not None:
            break
    assert table.curtain_seat == 1 - first
    key(app, pygame.K_RETURN)
    assert table.viewer == 1 - first
    other_hand = set(session.state["hands"][first])
    face_keys = {k for k in table.sprites if not k.startswith("back-")}
    assert not (set(table.board.hands[first]) & other_hand)
    assert all(k.startswith("back-") for k in table.board.hands[first])
    assert set(table.board.hands[1 - first]) == set(session.state["hands"][1 - first])
    assert face_keys.isdisjoint(other_hand - set(session.engine.view(session.state, 1 - first)["known_in_hand"][first]))


def test_six_colour_game_lays_out_six_lanes_between_the_panels(app):
    session, table = human_turn(app, colours=6)
    colours = table.board.colours
    assert len(colours) == 6
    zones = [table.pile_zone(c) for c in colours]
    for a, b in zip(zones, zones[1:]):
        assert a.right <= b.left
    assert zones[0].left > 440 and zones[-1].right < table.deck_rect().left - 40
    for c in colours:  # twelve cards still fit above the hand
        last = table.expedition_slot(table.bottom_seat, c, 11, 12)
        assert last[1] <= BOTTOM_LIMIT
        top = table.expedition_slot(1 - table.bottom_seat, c, 11, 12)
        assert top[1] > 0


def test_screenshot_command_writes_table_and_results(tmp_path: Path, data_dir):
    import main

    for scene in ("table", "results"):
        out = tmp_path / f"{scene}.png"
        main.write_screenshot(scene, str(out), game="lost-cities", seats=2, seed=3, frames=120)
        image = pygame.image.load(str(out))
        assert image.get_size() == (W, H)


# --- taking back this turn's card (the engine's undo, before the draw) ------------------------------
@pytest.mark.parametrize("device", ["keyboard", "gamepad", "mouse", "touch"])
def test_a_card_laid_this_turn_is_taken_back_by_each_device(app, device):
    MOTION.speed = 4.0
    session, table = human_turn(app)
    card, action = best_move(table)
    session.submit(action)
    settle(app, table)
    assert table.phase == "draw" and table.taken_back_card() == card
    hand_before_draw = list(table.board.hands[table.bottom_seat])
    if device == "keyboard":
        key(app, pygame.K_BACKSPACE)
    elif device == "gamepad":
        pad(app, pygame.CONTROLLER_BUTTON_B)
    elif device == "mouse":
        mouse_click(app, TAKE_BACK_RECT.center)
    else:
        touch_tap(app, TAKE_BACK_RECT.center)
    settle(app, table)
    assert session.actions[-1] == Action.make(0, "undo")
    assert table.phase == "play" and table.taken_back_card() is None
    assert card in table.board.hands[table.bottom_seat] and len(table.board.hands[table.bottom_seat]) == len(hand_before_draw) + 1
    assert table.sprites[card].pos.current == table.placements()[card].pos  # it glided home
    assert table.log[-1] == f"You took back {card_name(card)}"
    assert not isinstance(app.scenes.top, PauseOverlay)  # Back took the card back; it opened no menu


def test_after_the_draw_back_opens_the_menu_again_and_no_take_back_is_drawn(app):
    MOTION.speed = 4.0
    session, table = human_turn(app)
    _, action = best_move(table)
    session.submit(action)
    settle(app, table)
    session.submit(Action.make(0, "draw", source="deck"))
    settle(app, table)
    assert table.taken_back_card() is None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseOverlay)
