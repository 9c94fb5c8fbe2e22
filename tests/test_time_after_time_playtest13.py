"""Time After Time, played end to end through the program (session 13 playtest): what a paying player
met, pinned. A mouse or finger on your own hand while the bots' moves play moves the card (it used to
hurry the table instead, so the hand could not be rearranged by pointer out of turn); a drawn hour's
focus starts on the slot where it belongs; at four seats the line over the pick fan stays between the
side panels; the confetti flies under the win announcement; planning the emergency move shows its
next step over older news."""

from __future__ import annotations

import pygame
import pytest

from game.core.types import Action
from game.rules.time_after_time import ENGINE
from game.session import LocalSession
from game.ui.look import palette as P
from game.ui.table_time_after_time import FAN_LINE_MIN_PX, HERALD_RECT, Herald, Spark, TimeAfterTimeTable
from test_ui_table_time_after_time import app  # noqa: F401 - the recording App fixture
from test_ui_table_time_after_time import (_stuck_session, make_session, post, seed_where_human_draws,
                                           session_with_row, settle, table_for)
from ui_helpers import canvas_to_window


def finger(app, kind: int, pos: tuple[float, float]) -> pygame.event.Event:
    wx, wy = canvas_to_window(app, pos)
    width, height = app.letterbox.window
    return pygame.event.Event(kind, touch_id=1, finger_id=1, x=wx / width, y=wy / height, dx=0.0, dy=0.0,
                              pressure=1.0, window_id=0)


def mouse_drag(app, start: tuple[float, float], end: tuple[float, float]) -> None:
    a = tuple(int(v) for v in canvas_to_window(app, start))
    b = tuple(int(v) for v in canvas_to_window(app, end))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.run_frames(1)
    for pos in (((a[0] + b[0]) // 2, (a[1] + b[1]) // 2), b):
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        app.run_frames(1)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.run_frames(2)


def tap(app, pos: tuple[float, float]) -> None:
    post(finger(app, pygame.FINGERDOWN, pos), finger(app, pygame.FINGERUP, pos))
    app.run_frames(2)


def my_reorders(session: LocalSession) -> list[Action]:
    return [action for action in session.actions if action.kind == "reorder" and action.seat == 0]


def while_the_bots_play(app, scene: TimeAfterTimeTable) -> None:
    """Run frames until three bots' moves are animating and the hand on screen is the engine's."""
    for _ in range(600):
        app.run_frames(1)
        if scene.animating and scene._sequence_seconds > 0.2 and scene.can_reorder() and not scene.can_act:
            return
    raise AssertionError("the bots' moves never played with the hand free to rearrange")


def four_seats_after_my_move(app) -> tuple[LocalSession, TimeAfterTimeTable]:
    session, _ = seed_where_human_draws(4)
    scene = table_for(app, session)
    settle(app, scene)
    scene.submit(scene.legal_of("draw")[0])
    for _ in range(600):  # the person's card placed or kept: then the three bots answer
        app.run_frames(1)
        if scene.can_act:
            follow = scene.legal_of("place") or scene.legal_of("keep")
            if follow:
                scene.submit(follow[0])
                break
        elif scene.shown is not None and scene.shown.active and scene.shown.active[0] != 0:
            break
    return session, scene


@pytest.mark.parametrize("device", ["mouse", "touch"])
def test_a_drag_or_tap_on_your_own_hand_while_the_bots_play_moves_the_card_and_does_not_hurry(app, device):
    session, scene = four_seats_after_my_move(app)
    while_the_bots_play(app, scene)
    hand = scene.hands[0]
    first, second = hand[0], hand[1]
    a = (first.pos.current[0], first.pos.current[1] - 40)
    b = scene.hand_targets(0, len(hand))[1][0]
    if device == "mouse":
        mouse_drag(app, a, (b[0] + 20, b[1] - 40))
    else:
        tap(app, a)
        tap(app, (b[0], b[1] - 40))
    assert scene.hurries == 0 and not scene.hurrying
    assert [(int(r["from"]), int(r["to"])) for r in my_reorders(session)] == [(0, 1)]
    assert scene.hands[0][:2] == [second, first]
    # a press anywhere else on the table still hurries the bots' moves
    for _ in range(200):
        if scene.can_hurry:
            break
        app.run_frames(1)
    if device == "mouse":
        window = tuple(int(v) for v in canvas_to_window(app, (1700, 450)))
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window, button=1))
        app.run_frames(2)
    else:
        tap(app, (1700, 450))
    assert scene.hurries == 1


def test_enter_puts_a_carried_card_down_while_the_bots_play(app):
    """The keyboard carries a card with Enter and the arrows; the Enter that puts it down is not
    spent on a hurry (the card would stay carried)."""
    session, scene = four_seats_after_my_move(app)
    while_the_bots_play(app, scene)
    scene.focus = ("hand", 0)
    scene.carrying, scene.selected_hand = True, 0
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0),
         pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.run_frames(2)
    assert not scene.carrying and scene.selected_hand is None and scene.hurries == 0


def drawn_hour_to_place(app, hour: str, pieces: dict[int, str]) -> tuple[LocalSession, TimeAfterTimeTable, str]:
    """Seat 0 with `pieces` in its row has drawn a copy of `hour` (it stood first in the neighbour's
    hand) and may place it; returns the copy."""
    session, scene, hour = drawn_hour_to_place_or_keep(app, hour, pieces)
    assert scene.placing
    return session, scene, hour


def drawn_hour_to_place_or_keep(app, hour: str, pieces: dict[int, str]) -> tuple[LocalSession, TimeAfterTimeTable, str]:
    """Seat 0 with `pieces` in its row has drawn a copy of `hour` (it stood first in the neighbour's
    hand); returns the copy."""
    session = session_with_row(pieces)
    state = session.state
    victim = ENGINE.view(state, 0)["draw_from"]
    free = [(pile, card) for copy in "ab" for pile in state["hands"] + [state["pile"]]
            for card in pile if card == hour[:-1] + copy]
    assert free, f"both copies of {hour} are placed already"
    pile, hour = free[0]
    index = pile.index(hour)
    pile[index], state["hands"][victim][0] = state["hands"][victim][0], hour
    ENGINE.check_invariants(state)
    session._queue_updates([], None)
    session.poll()
    scene = table_for(app, session)
    settle(app, scene)
    scene.submit(Action.make(0, "draw", position=0))
    settle(app, scene)
    assert scene.view["pending"] == hour
    return session, scene, hour


@pytest.mark.parametrize("hour,pieces,expected", [
    ("tt-22-a", {}, 6),  # the far right, not the first lit slot at the far left
    ("tt-06-a", {}, 0),
    ("tt-14-a", {}, 3),
    ("tt-22-a", {0: "tt-07-a", 4: "tt-12-a"}, 6),  # lit 5 and 6: 22H00 at the end
    ("tt-09-a", {3: "tt-15-a"}, 1),  # 09H00 belongs near slot 2 of 1-3
])
def test_the_focus_for_a_drawn_hour_starts_on_the_lit_slot_where_it_belongs(app, hour, pieces, expected):
    session, scene, hour = drawn_hour_to_place(app, hour, pieces)
    assert scene.focus == ("row", expected)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0),
         pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.run_frames(2)
    placed = [a for a in session.actions if a.seat == 0 and a.kind == "place"]
    assert placed and int(placed[-1]["slot"]) == expected
    assert session.state["rows"][0][expected] == hour


def test_at_four_seats_the_line_over_the_fan_stays_between_the_side_panels(app):
    scene = table_for(app, make_session(4, 1))
    settle(app, scene)
    scene.seat_names = ["Constantinopolis"] * 4
    scene.rebuild()
    left_panel = scene.geometry[(scene.viewer + 1) % 4].panel
    right_panel = scene.geometry[(scene.viewer + 3) % 4].panel
    assert left_panel is not None and right_panel is not None
    long = "Pick a card from Constantinopolis's hand: your row is full, you keep it."
    for text in (long, "A Ghost! \u2014 Constantinopolis drew a Ghost from Constantinopolis.", "Pick a card."):
        plate = scene.draw_fan_line(app.canvas, text, P.BRASS_LIGHT)
        assert left_panel.right <= plate.left and plate.right <= right_panel.left, (text, plate)
        assert plate.bottom <= 440  # above the fan's lifted card
    assert scene.fan_line_px(long) >= FAN_LINE_MIN_PX
    # at two or three seats the line keeps its width
    two = table_for(app, make_session(2, 1))
    settle(app, two)
    assert two.fan_line_width() == 900


def test_the_confetti_flies_under_the_win_announcement(app):
    session, _ = seed_where_human_draws(2)
    scene = table_for(app, session)
    settle(app, scene)
    scene.submit(scene.legal_of("draw")[0])
    for _ in range(400):  # until the drawn card is announced and the centre shows the announcement
        app.run_frames(1)
        if not scene.picking and scene.shift is None:
            break
    scene.heralds = [Herald("YOU WIN!", ["Seven rising hours, no Ghost."], P.BRASS_LIGHT, 60.0, age=1.0)]
    magenta = (255, 0, 255)
    spark = Spark(scene._rng, (0, 0))
    spark.x, spark.y, spark.colour, spark.size = HERALD_RECT.centerx - 10, HERALD_RECT.centery - 40, magenta, 20
    scene.sparks = [spark]
    scene.draw(app.canvas, 1.0)
    herald = scene.heralds[-1].image
    assert herald is not None
    top = HERALD_RECT.centery - herald.get_height() // 2
    inside = [app.canvas.get_at((x, y))[:3] for x in range(int(spark.x), int(spark.x) + 20)
              for y in range(int(spark.y), int(spark.y) + 20) if y >= top]
    assert inside and magenta not in inside
    far = Spark(scene._rng, (0, 0))
    far.x, far.y, far.colour, far.size = 40, 200, magenta, 12  # over the felt it still shows
    scene.sparks = [far]
    scene.draw(app.canvas, 1.0)
    assert app.canvas.get_at((44, 204))[:3] == magenta


def test_planning_the_emergency_move_shows_its_next_step_over_older_news(app):
    session = _stuck_session()
    scene = table_for(app, session)
    settle(app, scene)
    scene.herald("A GHOST!", ["Ben drew a Ghost from Cat.", "The turn is over."], P.TT_GHOST_GLOW, 3.0,
                 brief="")
    assert scene.fan_line()[0].startswith("A Ghost!")  # fresh news shows while you look at the fan
    scene.start_shift()
    assert scene.fan_line()[0] == "Emergency move: choose a card of your row to shift."
    scene.shift_pick(3)
    assert scene.fan_line()[0] == "Now choose the free slot beside it."


@pytest.mark.parametrize("pieces,reason,gap", [
    ({0: "tt-08-a", 3: "tt-10-a"}, "2 SLOTS BETWEEN 08H00 AND 10H00, ONLY 1 HOUR LEFT", (1, 2)),
    ({0: "tt-07-a", 1: "tt-20-a", 5: "tt-21-a"}, "3 SLOTS BETWEEN 20H00 AND 21H00, NO HOUR LEFT", (2, 3)),
    ({2: "tt-07-a"}, "2 SLOTS BEFORE 07H00, ONLY 1 HOUR LEFT", (0, 2)),
])
def test_a_stuck_row_says_which_gap_is_stuck_and_outlines_it(app, pieces, reason, gap):
    """RULING TT-7: "can no longer be completed" alone left the player to find the gap and count the
    hours; the heading names it, its wells are outlined while the player draws, and the prompt offers
    the emergency move beside the draw."""
    session = session_with_row(pieces)
    scene = table_for(app, session)
    settle(app, scene)
    assert scene.legal_of("shift") and not scene.view["completable"][0]
    assert scene.stuck_reason(0) == reason
    assert scene.stuck_gap(0)[:2] == gap
    assert scene.prompt() == f"Pick a card from {scene.name_of(scene.victim)}'s hand, or make the emergency move."
    written: list[str] = []
    outlined: list[tuple[int, int]] = []
    import game.ui.table_time_after_time as table_module
    real_text, real_outline = table_module.text_surface, table_module.slot_outline

    def spy_text(text, *args, **kwargs):
        written.append(text)
        return real_text(text, *args, **kwargs)

    def spy_outline(size, colour, *args, **kwargs):
        outlined.append(colour)
        return real_outline(size, colour, *args, **kwargs)
    table_module.text_surface, table_module.slot_outline = spy_text, spy_outline
    try:
        scene.draw(app.canvas, 1.0)
    finally:
        table_module.text_surface, table_module.slot_outline = real_text, real_outline
    assert f"STUCK: {reason}" in written
    assert outlined.count(P.WARNING) == gap[1]
    # planning the move lights the cards that may shift instead; the outline of the gap goes
    scene.start_shift()
    outlined.clear()
    table_module.slot_outline = spy_outline
    try:
        scene.draw(app.canvas, 1.0)
    finally:
        table_module.slot_outline = real_outline
    assert outlined.count(P.WARNING) == len(scene.shift_sources())


def test_a_completable_row_has_no_stuck_gap(app):
    session = session_with_row({0: "tt-08-a", 3: "tt-12-a"})
    scene = table_for(app, session)
    settle(app, scene)
    assert scene.stuck_gap(0) is None and scene.stuck_reason(0) == ""
    assert scene.prompt() == f"Pick a card from {scene.name_of(scene.victim)}'s hand."


def test_a_tie_is_heard_at_the_table_as_a_win_is(app):
    from game.core.types import Event

    session, _ = seed_where_human_draws(2)
    scene = table_for(app, session)
    settle(app, scene)
    app.played.clear()
    scene.animate_event(Event.make("game_over", None, winner=None, reason="empty_hand"), scene.shown)
    assert scene.heralds[-1].title == "A TIE" and "score" in app.played


def ben_to_draw_from_ann(app) -> tuple[LocalSession, TimeAfterTimeTable]:
    """Two seats, Ben (a bot held back) to draw from Ann's hand; the table shows Ann's hand."""
    from game.core.types import GameConfig, SeatConfig

    config = GameConfig.make("time-after-time", [SeatConfig("human", "Ann"), SeatConfig("bot", "Ben", "expert")])
    session = next(s for s in (LocalSession(config, seed, bot_delay=0) for seed in range(1, 60))
                   if s.state["turn"] == 1)
    scene = table_for(app, session)
    session.bot_delay = 10_000  # Ben's draw is made below, where the test wants it
    app.run_frames(60)
    assert scene.can_reorder() and len(scene.hands[0]) == 7
    return session, scene


@pytest.mark.parametrize("drawn,kept", [(1, True), (3, False)])
def test_a_card_chosen_in_your_hand_stays_chosen_when_the_neighbour_draws_another(app, drawn, kept):
    session, scene = ben_to_draw_from_ann(app)
    hand = scene.hands[0]
    x, y = hand[3].pos.current
    tap(app, (x, y - 40))
    chosen = scene.hands[0][3]
    assert scene.selected_hand == 3
    session._apply(Action.make(1, "draw", position=drawn))  # Ben draws, as his bot would
    app.run_frames(240)
    if not kept:  # the chosen card itself was drawn: nothing stays chosen
        assert scene.selected_hand is None and chosen not in scene.hands[0]
        return
    assert scene.selected_hand == 2 and scene.hands[0][2] is chosen
    # the second tap moves the chosen card, not the one that slid into its place
    target = scene.hand_targets(0, len(scene.hands[0]))[4][0]
    tap(app, (target[0], target[1] - 40))
    assert scene.hands[0][4] is chosen
    assert my_reorders(session)[-1]["from"] == 2 and my_reorders(session)[-1]["to"] == 4
    assert session.state["hands"][0][4] == chosen.key


def test_you_draw_here_is_said_only_while_you_may_draw(app):
    """The tag stayed on the neighbour's panel while the person's own draw, its refill and its
    announcements played (the view before the move still said "draw")."""
    from game.ui.look.fonts import text_surface

    session, _ = seed_where_human_draws(3)
    scene = table_for(app, session)
    settle(app, scene)
    draw_here = text_surface("YOU DRAW HERE", "display", 28, P.TT_GHOST_GLOW)

    def tagged() -> bool:
        placed: list[pygame.Surface] = []

        class Canvas:
            def blit(self, image, *args, **kwargs):
                placed.append(image)
                return pygame.Rect(0, 0, 1, 1)
        scene.draw_panel(Canvas(), scene.victim, scene.geometry[scene.victim])  # type: ignore[arg-type]
        return any(image is draw_here for image in placed)
    assert scene.picking and tagged()
    scene.submit(scene.legal_of("draw")[0])
    app.run_frames(3)
    assert scene.animating and scene.view["phase"] == "draw"  # the move plays; the view is the one before it
    assert not tagged()


def test_a_drawn_hour_that_fits_none_of_your_slots_says_so_as_it_is_announced(app):
    """RULING TT-5: only "Keep it" is offered; the announcement of the hour says why at once (the
    prompt that said it was hidden under it for its three seconds)."""
    session, scene, hour = drawn_hour_to_place_or_keep(app, "tt-12-a", {0: "tt-08-a", 1: "tt-10-a",
                                                                       2: "tt-14-a"})
    assert scene.legal_of("keep") and not scene.legal_of("place")
    announced = next(h for h in scene.heralds if h.title == "12H00")
    assert announced.lines[0] == "It fits none of your free slots."
    assert announced.lines[1].startswith("You drew it from ")


def test_a_drawn_hour_that_fits_is_announced_in_words(app):
    session, scene, hour = drawn_hour_to_place_or_keep(app, "tt-12-a", {})
    announced = next(h for h in scene.heralds if h.title == "12H00")
    assert announced.lines[0] == "\u201ctwelve hours\u201d"


@pytest.mark.parametrize("device", ["mouse", "touch"])
def test_the_menu_button_opens_the_pause_menu_while_the_bots_play(app, device):
    """A mouse's or finger's only way to the pause menu: one press opened nothing and hurried the
    bots' moves instead."""
    from game.ui.pause import PauseOverlay
    from game.ui.table_time_after_time import MENU_RECT

    session, scene = four_seats_after_my_move(app)
    while_the_bots_play(app, scene)
    if device == "mouse":
        window = tuple(int(v) for v in canvas_to_window(app, MENU_RECT.center))
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window, button=1))
        app.run_frames(2)
    else:
        tap(app, MENU_RECT.center)
    assert isinstance(app.scenes.top, PauseOverlay) and scene.hurries == 0


def test_a_ghost_drawn_says_whose_turn_it_ended(app):
    from game.core.types import Event

    session, _ = seed_where_human_draws(3)
    scene = table_for(app, session)
    settle(app, scene)
    victim, other = scene.victim, next(s for s in range(3) if s not in (0, scene.victim))
    cases = ((0, victim, "Your turn is over."), (other, 0, f"{scene.name_of(other)}'s turn is over."))
    for seat, source, expected in cases:
        ghost = Event.make("draw", None, seat=seat, from_seat=source, position=0, card="tt-ghost-1")
        scene._on_draw(ghost)
        for _ in range(120):
            app.run_frames(1)
            if any(h.title == "A GHOST!" for h in scene.heralds):
                break
        herald = next(h for h in reversed(scene.heralds) if h.title == "A GHOST!")
        assert herald.lines[-1] == expected
        scene.heralds.clear()
