"""The Time After Time table: what a player at the screen saw wrong, each fixed
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


# --- the rarer moments: keeping, a full row, the emergency move, the pile running out ------------------
def _state_changed(session) -> None:
    from game.rules.time_after_time import ENGINE

    ENGINE.check_invariants(session.state)
    session._queue_updates([], None)
    session.poll()


def _move_card(state, card: str, hand: list[str]) -> None:
    for place in state["hands"] + [state["pile"], state["out"]]:
        if card in place:
            place.remove(card)
    hand.insert(0, card)


def _wait_to_act(app, scene, limit: int = 600) -> None:
    for _ in range(limit):
        app.run_frames(1, 1 / 15)
        if scene.can_act and not scene.animating:
            return
    raise AssertionError("the person never got the move")


def test_keeping_a_card_shows_the_keep_key_in_the_hints(app):
    """RULING TT-5: with no slot for the card and an opponent who could place it, the hint row
    named only "Move card / Menu" - not the key that keeps it."""
    from test_ui_table_time_after_time import session_with_row

    session = session_with_row({slot: f"tt-{7 + slot:02d}-a" for slot in range(6)})
    _move_card(session.state, "tt-06-b", session.state["hands"][1])
    _state_changed(session)
    scene = table_for(app, session)
    _wait_to_act(app, scene)
    scene.draw_from(0)
    _wait_to_act(app, scene)
    assert scene.legal_of("keep") and not scene.legal_of("place")
    assert scene.focus == ("button", 0) and scene.buttons()[0].label == "Keep it"
    assert ("confirm", "Keep it") in scene.hints()
    scene.focus = ("hand", 0)
    assert ("confirm", "Keep it") not in scene.hints() and ("move", "Choose") in scene.hints()


def _full_row_with_a_ghost_session():
    from test_ui_table_time_after_time import session_with_row

    session = session_with_row({slot: f"tt-{6 + slot:02d}-a" for slot in range(7)})
    state = session.state
    ghost = next(card for hand in state["hands"] for card in hand if card.startswith("tt-ghost"))
    for hand in state["hands"]:
        if ghost in hand:
            hand.remove(ghost)
    state["hands"][0].append(ghost)
    state["hands"][1].append(state["hands"][0].pop(0))
    _state_changed(session)
    return session


def test_a_full_row_with_a_ghost_in_hand_says_why_it_has_not_won_and_what_wins_it(app):
    """RULING TT-8 / TT-6b: seven filled slots and a Ghost in hand: nothing on the table said why
    the game went on, nor that whatever you draw now is kept."""
    session = _full_row_with_a_ghost_session()
    scene = table_for(app, session)
    _wait_to_act(app, scene)
    assert scene.picking and scene.waiting_for_ghosts(0)
    assert scene.prompt().endswith("your row is full, you keep it.")
    assert not scene.waiting_for_ghosts(1)
    scene.draw(app.canvas if hasattr(app, "canvas") else pygame.Surface((1920, 1080)), 1.0)


def test_the_second_step_of_the_emergency_move_says_it_can_be_confirmed(app):
    from test_ui_table_time_after_time import _stuck_session

    scene = table_for(app, _stuck_session())
    _wait_to_act(app, scene)
    scene.start_shift()
    scene.shift_pick(0)
    assert scene.prompt() == "Now choose the free slot beside it."
    scene.shift_pick(1)
    assert scene.shift is not None and scene.shift.moves == [(0, 1)]
    assert scene.prompt() == "Shift a second card, or confirm: Shift 1 card."
    assert scene.buttons()[0].label == "Shift 1 card"


def test_the_exhausted_pile_tie_names_the_hand_that_emptied(app):
    """RULING TT-8: the herald said only "a hand emptied"; it names whose."""
    from test_ui_table_time_after_time import session_with_row

    session = session_with_row({0: "tt-06-a", 1: "tt-09-a"})
    state = session.state
    state["out"] += state["pile"]
    state["pile"] = []
    ben = state["hands"][1]
    last = next(card for card in ben if not card.startswith("tt-ghost"))
    for card in list(ben):
        if card != last:
            ben.remove(card)
            (state["hands"][0] if card.startswith("tt-ghost") else state["out"]).append(card)
    _state_changed(session)
    scene = table_for(app, session)
    _wait_to_act(app, scene)
    scene.draw_from(0)
    lines: list[str] = []
    for _ in range(200):
        app.run_frames(1, 1 / 30)
        lines += [line for herald in scene.heralds if herald.title == "A TIE" for line in herald.lines]
        if lines:
            break
    assert lines == ["Ben has no card left and the pile is empty."]


def test_every_hour_out_of_the_game_is_listed_beside_the_pile_above_the_hints():
    """The line under the pile showed only the six highest hours out of the game, as "Out of the
    game: 17, 18, 19, 19, 20, 21", so an hour gone for good (both copies, RULING TT-7) was lost."""
    from game.ui.table_time_after_time import OUT_RECT, TimeAfterTimeTable

    out = ["tt-06-a", "tt-08-a", "tt-08-b", "tt-10-b", "tt-12-a", "tt-13-a", "tt-15-b", "tt-17-a",
           "tt-18-a", "tt-18-b", "tt-20-a", "tt-21-b", "tt-22-a"]
    tokens = TimeAfterTimeTable.out_of_game_tokens(out)
    assert len(tokens) == 1 + 11  # the heading and each hour once
    for image, (x, y) in tokens:
        assert OUT_RECT.x <= x and x + image.get_width() <= OUT_RECT.right
        assert y + image.get_height() <= 1022  # the keyboard / gamepad hint row starts there
    assert TimeAfterTimeTable.out_of_game_tokens([]) == []


# --- option "ghost redraw" and Suggest a move ---------------------------------------------------------
def test_with_ghost_redraw_the_log_and_the_herald_say_the_drawer_draws_again(app):
    """RULING TT-3, option on: the log said "... and it ends the turn" and the herald told the
    person at the screen "Draw again from the same hand." when a bot had drawn the Ghost."""
    from game.core.types import GameConfig, SeatConfig
    from game.session import LocalSession

    config = GameConfig.make("time-after-time", [SeatConfig("human", "Ann"), SeatConfig("bot", "Ben", "expert"),
                                                 SeatConfig("bot", "Cat", "expert")], ghost_redraw=True)
    session = LocalSession(config, 8, bot_delay=0.0)
    scene = table_for(app, session)
    app.run_frames(2)
    theirs = Event.make("draw", None, seat=1, from_seat=0, position=0, card="tt-ghost-1", name="Ben", from_name="Ann",
                        again=True)  # as the engine says it with the option on
    assert scene.describe(theirs) == "Ben drew a Ghost from you and draws again"
    mine = Event.make("draw", None, seat=0, from_seat=2, position=0, card="tt-ghost-2", name="Ann", from_name="Cat",
                      again=True)
    assert scene.describe(mine) == "You drew a Ghost from Cat and draw again"
    scene.animate_event(theirs, session.latest(0))
    for _ in range(60):
        scene.update_table(1 / 60)
    ghost = next(h for h in scene.heralds if h.title == "A GHOST!")
    assert ghost.lines == ["Ben drew a Ghost from you.", "Ben draws again from the same hand."]

    plain = table_for(app, make_session(3, 8))
    app.run_frames(2)
    without_option = Event.make("draw", None, seat=1, from_seat=0, position=0, card="tt-ghost-1", name="Ben",
                                from_name="Ann")
    assert plain.describe(without_option) == "Ben drew a Ghost from you and it ends the turn"


def test_a_suggested_keep_or_emergency_move_takes_the_focus_to_its_button(app):
    from game.core.types import Action
    from test_ui_table_time_after_time import _stuck_session

    scene = table_for(app, _stuck_session())
    _wait_to_act(app, scene)
    shift = next(a for a in scene.legal if a.kind == "shift")
    scene.point_at(shift)
    assert scene.focus == ("button", [b.label for b in scene.buttons()].index("Emergency move"))
    scene.point_at(Action.make(0, "keep"))  # no Keep button now: the focus stays
    assert scene.buttons()[scene.focus[1]].label == "Emergency move"


def test_the_focus_ring_turns_with_the_fanned_card_it_surrounds(app, monkeypatch):
    """An upright ring stood around a tilted hand card, one corner off the card and one cut into."""
    import game.ui.table_time_after_time as table_module

    session, _ = seed_where_human_draws(2)
    scene = table_for(app, session)
    settle(app, scene)
    app.run_frames(30)
    scene.focus = ("hand", 0)
    app.run_frames(20)
    card = scene.hands[0][0]
    assert abs(float(card.angle.current)) >= 3  # the end of the fan is tilted
    seen: list[int] = []
    real = table_module.tilted_focus
    monkeypatch.setattr(table_module, "tilted_focus", lambda size, angle: seen.append(angle) or real(size, angle))
    scene.draw_hand_focus(pygame.Surface((1920, 1080), pygame.SRCALPHA), 1.0)
    assert seen == [round(float(card.angle.current))]
    upright, tilted = real((150, 210), 0), real((150, 210), 7)
    assert tilted.get_width() > upright.get_width()


def test_who_could_place_a_kept_card_reads_as_a_sentence(app):
    """RULING TT-5's answer read "Yes: You, Cat could." mid-sentence."""
    from game.session.base import Update

    session = make_session(3, 6)
    scene = table_for(app, session)
    app.run_frames(2)
    update = session.latest(0)
    scene.shown = Update(0, (), dict(update.view, pending="tt-12-a", who_could_place=[0, 2], legal_slots=[], turn=1),
                         (), (1,), update.version)
    scene.animate_event(Event.make("keep", None, seat=1, card="tt-12-a", reason="someone_could_place", name="Ben"),
                        scene.shown)
    assert scene.heralds[-1].lines == ["Yes: you and Cat could.", "Ben keeps it in hand."]


def test_with_the_focus_on_a_button_the_hints_name_that_button_not_the_draw(app):
    """Suggest a move put the focus on "Emergency move" while the hints still said "Enter: Draw"."""
    from test_ui_table_time_after_time import _stuck_session

    scene = table_for(app, _stuck_session())
    _wait_to_act(app, scene)
    assert scene.picking and ("confirm", "Draw") in scene.hints()
    scene.point_at(next(a for a in scene.legal if a.kind == "shift"))
    assert scene.hints() == [("move", "Choose"), ("confirm", "Emergency move")]


def test_a_wrong_slot_is_refused_in_words_that_point_at_the_lit_slots(app):
    """RULING TT-4: the refusal read "09H00 must go on a free slot that keeps the row rising:
    slots 1, 2" - but the slots carry no numbers on screen."""
    from test_ui_table_time_after_time import session_with_row

    session = session_with_row({2: "tt-12-a"})
    _move_card(session.state, "tt-09-b", session.state["hands"][1])
    _state_changed(session)
    scene = table_for(app, session)
    _wait_to_act(app, scene)
    scene.draw_from(0)
    _wait_to_act(app, scene)
    assert sorted(int(a["slot"]) for a in scene.legal_of("place")) == [0, 1]
    before = len(session.actions)
    scene.place_on(5)
    assert app.toasts.items[-1].text == ("09H00 cannot go there: the hours must rise from left to right. "
                                         "Put it on a lit slot.")
    scene.place_on(2)
    assert app.toasts.items[-1].text == "That slot is already filled. Put it on a lit slot."
    app.run_frames(5)
    assert len(session.actions) == before and scene.placing and "invalid" in app.played
    scene.place_on(1)
    app.run_frames(2)
    assert session.actions[before].kind == "place" and session.actions[before]["slot"] == 1


def test_at_a_shared_screen_the_draw_herald_names_the_player_drawn_from(app):
    """The log names everyone at a shared screen; the herald said "from you" to whoever looked."""
    session = make_session(3, 4, humans=3)
    scene = table_for(app, session)
    app.run_frames(2)
    scene.viewer = 0
    scene.animate_event(Event.make("draw", None, seat=1, from_seat=0, position=0, card="tt-14-a",
                                   name="Ben", from_name="Ann"), session.latest(0))
    for _ in range(60):
        scene.update_table(1 / 60)
    assert scene.heralds[-1].lines[-1] == "Ben drew it from Ann."
