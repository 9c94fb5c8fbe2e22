"""Lost Cities played end to end through the real program (session 13's playtest): what a paying
player met at the table and what was fixed.

- a wager dragged over its own expedition after a number: the "TOO LATE" badge that says why it
  cannot go there lay under the very card being dragged; it now rides just above that card there
  (and stays on the expedition while the card is carried elsewhere);
- a bot's long think (the master searches for seconds) left the table still, "Ada is playing"
  with nothing moving, as if frozen; after a moment the turn panel says "Ada is thinking" with
  dots that light in turn, and a bot's ordinary paced turn never flickers into it;
- "Suggest a move" stayed up after its move was made (into the next step, onto the title);
- at a touchscreen the middle hand card stood lifted as the focus and hid its neighbour's number;
- the deck's last card looked like any other count, though drawing it ends the round;
- a hand card clicked, tapped or dragged at the draw step did nothing, silently.
"""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.app import App
from game.ui.look import palette as P
from game.ui.settings import Settings
from game.ui.table_lost_cities import THINKING_AFTER_SECONDS, LostCitiesTable
from game.ui.tween import MOTION
from waits16 import CEILING, wait_for

W, H = 1920, 1080
STEP = 1 / 60


@pytest.fixture
def app(data_dir):
    pygame.init()
    pygame.event.clear()
    application = App(Settings(), headless=True, size=(W, H), windowed=True)
    speed, reduced = MOTION.speed, MOTION.reduced
    yield application
    MOTION.speed, MOTION.reduced = speed, reduced
    application.shutdown()


def run(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(STEP)


def open_table(app: App, session: LocalSession) -> LostCitiesTable:
    table = LostCitiesTable(app, session)
    app.clear_to(table)
    return table


def my_play_step(app: App, table: LostCitiesTable, limit: int = 900) -> None:
    for _ in range(limit):
        run(app)
        if table.can_act and table.phase == "play" and not any(s.moving for s in table.sprites.values()):
            return
    raise AssertionError("the person never got a play step")


def text_drawn_by(table: LostCitiesTable, app: App) -> list[str]:
    """Every text the table draws in one frame, read back through the table module's text_surface."""
    import game.ui.table_lost_cities as module

    drawn: list[str] = []
    real = module.text_surface

    def spy(text, *args, **kwargs):
        drawn.append(text)
        return real(text, *args, **kwargs)

    module.text_surface = spy
    try:
        table.draw(pygame.Surface((W, H)), 1.0)
    finally:
        module.text_surface = real
    return drawn


# --- the wager that comes too late -------------------------------------------------------------------
def wager_too_late_session() -> LocalSession:
    """You start; your Yellow expedition already holds the Yellow 2, and your hand two Yellow wagers
    (seed 3's deal, the 2 moved from the hand onto the expedition and a card drawn in its place)."""
    session = LocalSession(GameConfig.make("lost-cities", [SeatConfig("human", "You"),
                                                           SeatConfig("bot", "Ada", "expert")]), 3, bot_delay=0.0)
    state = session.state
    hand = state["hands"][0]
    assert {"lc-y-w2", "lc-y-02"} <= set(hand)
    hand.remove("lc-y-02")
    state["expeditions"][0]["y"].append("lc-y-02")
    hand.append(state["deck"].pop())
    state["turn"] = state["starter"] = 0
    session._pending.clear()
    session._queue_updates([], None)
    return session


def test_the_too_late_badge_stays_in_sight_while_the_wager_is_dragged_over_its_expedition(app):
    """Dragged onto its expedition, the wager hid the red "TOO LATE" badge under itself (the badge
    was drawn on the expedition, the card over it): the one moment the badge matters it was unseen."""
    MOTION.reduced = True
    table = open_table(app, wager_too_late_session())
    my_play_step(app, table)
    wager = "lc-y-w2"
    assert ("exp", "y") not in table.legal_targets(wager)
    card = table.sprites[wager].draw_rect()
    start = (card.left + 24, card.top + 70)
    goal = table.expedition_zone("y").center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    run(app)
    for i in range(1, 7):
        pos = (start[0] + (goal[0] - start[0]) * i // 6, start[1] + (goal[1] - start[1]) * i // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        run(app)
    run(app, 10)
    assert table.drag is not None and table.drag.key == wager
    badge = table.closed_badge_rect()
    assert badge is not None
    dragged = table.sprites[wager].draw_rect()
    assert not badge.colliderect(dragged) and badge.bottom <= dragged.top  # above the card, not under it
    assert table.target_rect(("exp", "y")).colliderect(dragged)  # the card does cover the expedition
    canvas = pygame.Surface((W, H))
    table.draw(canvas, 1.0)
    inside = canvas.get_at((badge.x + 5, badge.centery))[:3]
    assert all(abs(a - b) <= 12 for a, b in zip(inside, P.ERROR)), inside  # the badge is what shows there
    assert "TOO LATE" in text_drawn_by(table, app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=goal, button=1))
    run(app, 5)
    assert table.closed_badge_rect() is None  # dropped: refused, and the badge goes with the drag
    assert any("Wagers go only before the first number card" in toast.text for toast in app.toasts.items)


def test_a_number_card_too_low_for_its_expedition_says_too_low_above_the_dragged_card(app):
    MOTION.reduced = True
    session = wager_too_late_session()
    hand = session.state["hands"][0]
    session.state["expeditions"][0]["y"].append(hand.pop(hand.index("lc-y-04")))  # Yellow now ends on 4
    hand.append("lc-y-03")
    session.state["deck"].remove("lc-y-03")
    session._pending.clear()
    session._queue_updates([], None)
    table = open_table(app, session)
    my_play_step(app, table)
    card = table.sprites["lc-y-03"].draw_rect()
    start = (card.left + 24, card.top + 70)
    goal = table.expedition_zone("y").center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    run(app)
    for pos in ((start[0], start[1] - 60), goal):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        run(app, 3)
    assert table.drag is not None
    badge = table.closed_badge_rect()
    assert badge is not None and badge.bottom <= table.sprites["lc-y-03"].draw_rect().top
    assert "TOO LOW" in text_drawn_by(table, app)


# --- the bot that thinks --------------------------------------------------------------------------
def test_a_bot_that_thinks_long_is_said_to_be_thinking_until_it_moves(app):
    """The master's search keeps the table still for seconds: "ADA IS PLAYING" with nothing moving
    looked frozen. After a moment of stillness the panel says "ADA IS THINKING", dots lighting in turn."""
    MOTION.reduced = True
    session = LocalSession(GameConfig.make("lost-cities", [SeatConfig("human", "You"),
                                                           SeatConfig("bot", "Ada", "master")]), 3, bot_delay=0.05)
    release = threading.Event()
    bot = session._bots[1]
    real_choose = bot.choose

    def slow_choose(view, legal):
        release.wait()  # a long search, over when the test says so (the `finally` below always does)
        return real_choose(view, legal)

    bot.choose = slow_choose  # type: ignore[method-assign]
    table = open_table(app, session)
    try:
        for _ in range(600):  # the deal lands, then the bot (seed 3: Ada starts) thinks
            run(app)
            if not table.animating and table._still_seconds > 0:
                break
        assert table.shown is not None and list(table.shown.active) == [1]
        assert not table.bot_thinking  # the first moment of stillness: still "is playing"
        assert "ADA IS PLAYING" in text_drawn_by(table, app)
        run(app, round(THINKING_AFTER_SECONDS / STEP) + 2)
        assert table.bot_thinking
        words = text_drawn_by(table, app)
        assert "ADA IS THINKING" in words and "ADA IS PLAYING" not in words
        MOTION.reduced = False
        levels = set()
        for _ in range(3):
            run(app, 9)
            levels.add(tuple(table.thinking_dot_levels()))
        assert len(levels) == 3  # the dots move
        MOTION.reduced = True
        assert table.thinking_dot_levels() == [1.0, 1.0, 1.0]  # and stand still with reduced motion
    finally:
        release.set()

    def moved() -> bool:  # the master's real search runs on as slowly as the machine lets it
        run(app)
        return table.animating

    wait_for(moved, pause=0.002, what="the bot's move")
    assert not table.bot_thinking  # it moved: the cards say what it does
    my_play_step(app, table)
    assert not table.bot_thinking and "YOUR TURN" in text_drawn_by(table, app)


class VirtualClock:
    """`time` for the session, whose bots pause by `time.monotonic()`: here it advances one frame
    per frame stepped, so a bot's pace is measured in the table's own time, however slow the machine."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def __getattr__(self, name: str):
        return getattr(time, name)


@pytest.mark.parametrize("speed", [0.25, 1.0, 3.0])
def test_a_bot_turn_at_its_ordinary_pace_never_flickers_into_thinking(app, monkeypatch, speed):
    """Between a bot's play and its draw the session waits its pace (0.7 s at normal speed, longer
    when the animations are slowed); that is not "thinking", and the words must not blink in and out
    between the two halves of a turn, at any animation speed."""
    import game.session.local as local

    clock = VirtualClock()
    monkeypatch.setattr(local, "time", clock)
    MOTION.speed = speed
    session = LocalSession(GameConfig.make("lost-cities", [SeatConfig("human", "You"),
                                                           SeatConfig("bot", "Ada", "easy")]), 3, bot_delay=0.7)
    table = open_table(app, session)  # entering paces the bots by the speed
    assert session.bot_delay == pytest.approx(0.7 / speed)
    seen_thinking = False
    for _ in range(int(30 / STEP)):
        run(app)
        clock.now += STEP
        bot = session._bot_thread
        if bot is not None:  # the easy bot's choice is instant; only its pace takes time, on the virtual clock
            bot.join(CEILING)
            assert not bot.is_alive(), "the easy bot's instant choice never came"
        if {"play", "discard"} & set(table.animated_events):  # between Ada's lay and her draw
            seen_thinking = seen_thinking or table.bot_thinking
        if table.can_act and table.phase == "play":
            break
    assert table.can_act and "draw" in table.animated_events  # Ada played and drew: a whole turn
    assert not seen_thinking


# --- "Suggest a move" does not outlive its step ------------------------------------------------------
def press(app: App, code: int, frames: int = 3) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    run(app, frames)


def suggestion_toasts(app: App) -> list[str]:
    return [toast.text for toast in app.toasts.items if toast.text.startswith("Suggestion")]


def suggest_by_keyboard(app: App, table: LostCitiesTable) -> None:
    """P opens the pause menu (Esc would take the laid card back); Down, Enter: Suggest a move."""
    from game.ui.pause import PauseOverlay

    press(app, pygame.K_p, 5)
    pause = app.scenes.top
    assert isinstance(pause, PauseOverlay)
    press(app, pygame.K_DOWN)
    assert pause.group.focused.label == "Suggest a move"
    press(app, pygame.K_RETURN, 5)
    assert app.scenes.top is table


def test_a_suggestion_leaves_the_screen_once_the_move_it_was_about_is_made(app):
    """"Suggestion: draw from the deck." stayed up for its 7 s into the next play step (and over the
    title after Quit), naming a move that was no longer there to make."""
    MOTION.reduced = True
    session = LocalSession(GameConfig.make("lost-cities", [SeatConfig("human", "You"),
                                                           SeatConfig("bot", "Ada", "expert")]), 2, bot_delay=0.0)
    table = open_table(app, session)
    my_play_step(app, table)
    press(app, pygame.K_RETURN)  # pick up the focused card
    press(app, pygame.K_RETURN, 10)  # and lay it where the focus went (its first lit place)
    for _ in range(120):
        run(app)
        if table.can_act and table.phase == "draw":
            break
    assert table.can_act and table.phase == "draw"
    suggest_by_keyboard(app, table)
    [words] = suggestion_toasts(app)
    assert words.startswith("Suggestion: ") and ("draw" in words or "take" in words)
    run(app, 30)
    assert suggestion_toasts(app) == [words]  # it stays while the step it is about waits
    press(app, pygame.K_RETURN)  # the focus is on the suggested source: draw it
    for _ in range(60):
        run(app)
        if not suggestion_toasts(app):
            break
    assert not suggestion_toasts(app)
    assert any(action.kind == "draw" and action.seat == 0 for action in session.actions)  # made: it went


def test_a_suggestion_does_not_follow_the_person_to_the_title(app):
    from game.ui.title import TitleScene

    MOTION.reduced = True
    session = LocalSession(GameConfig.make("lost-cities", [SeatConfig("human", "You"),
                                                           SeatConfig("bot", "Ada", "expert")]), 2, bot_delay=0.0)
    table = open_table(app, session)
    my_play_step(app, table)
    suggest_by_keyboard(app, table)
    assert suggestion_toasts(app)
    press(app, pygame.K_p, 5)
    pause = app.scenes.top
    for _ in range(len(pause.group.widgets)):
        if pause.group.focused.label == "Quit to title":
            break
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN, 5)
    assert isinstance(app.scenes.top, TitleScene)
    run(app, 20)
    assert not suggestion_toasts(app)


# --- a finger has no focus to show ----------------------------------------------------------------
def finger_tap(app: App, pos: tuple[int, int]) -> None:
    common = dict(touch_id=1, finger_id=1, x=pos[0] / W, y=pos[1] / H, dx=0.0, dy=0.0, pressure=1.0, window_id=0)
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, **common))
    run(app)
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, **common))
    run(app, 10)


def glows_drawn(table: LostCitiesTable) -> int:
    import game.ui.table_lost_cities as module

    calls = []
    real = module.focus_glow

    def spy(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    module.focus_glow = spy
    try:
        table._draw_hand_focus(pygame.Surface((W, H)), 1.0)
    finally:
        module.focus_glow = real
    return len(calls)


def test_at_a_touchscreen_no_hand_card_stands_lifted_over_its_neighbour(app):
    """Played by touch, the middle card of the hand stood lifted and drawn over its neighbours (the
    keyboard focus, which a finger never moves): it hid the number of the card to its right, and
    looked picked up though nothing was. The focus shows again when a key or the pad is used."""
    MOTION.reduced = True
    session = LocalSession(GameConfig.make("lost-cities", [SeatConfig("human", "You"),
                                                           SeatConfig("bot", "Ada", "expert")]), 2, bot_delay=0.0)
    table = open_table(app, session)
    my_play_step(app, table)
    finger_tap(app, (1500, 700))  # bare felt: the finger is the device now, nothing picked up
    assert app.input.last_device == "touch" and table.selected is None
    hand = table.board.hands[table.bottom_seat]
    assert table.focus is not None and table.focus[0] == "hand"
    assert all(table.sprites[key].lift.target == 0.0 and not table.sprites[key].focused for key in hand)
    assert glows_drawn(table) == 0
    card = hand[2]
    rect = table.sprites[card].draw_rect()
    finger_tap(app, (rect.left + 20, rect.top + 60))  # a tap still picks a card up, and shows it
    assert table.selected == card and table.sprites[card].lift.target > 0 and glows_drawn(table) == 1
    finger_tap(app, (rect.left + 20, rect.top + 60))  # and a second tap puts it back
    assert table.selected is None
    press(app, pygame.K_RIGHT, 10)  # the keys move the focus: it shows again
    focused = table.focus[1]
    assert table.sprites[focused].lift.target > 0 and table.sprites[focused].focused and glows_drawn(table) == 1


# --- the deck's last card -------------------------------------------------------------------------
def test_the_decks_last_card_says_that_drawing_it_ends_the_round(app):
    """With one card left the deck read "1 CARD LEFT" like any other count; a newcomer drew it and the
    round was over at once (ruling LC-5), when a discard pile would have played on. It now reads
    "LAST CARD" and a note under it says what drawing it does."""
    from test_lost_cities_table_findings import short_session

    MOTION.reduced = True
    seats = [SeatConfig("human", "You"), SeatConfig("bot", "Ada", "expert")]
    table = open_table(app, short_session(seats, 5, deck_left=2))
    my_play_step(app, table)
    words = text_drawn_by(table, app)
    assert "CARDS LEFT" in words and "LAST CARD" not in words and "Drawing it" not in words
    table = open_table(app, short_session(seats, 5, deck_left=1))
    my_play_step(app, table)
    assert table.board.deck_count == 1
    words = text_drawn_by(table, app)
    assert "LAST CARD" in words and "CARD LEFT" not in words
    assert "Drawing it" in words and "ends the round." in words
    note = table.last_card_note_rect()
    assert note.top > table.deck_rect().bottom and note.right <= W and not note.colliderect(
        table.sprites[table.board.hands[table.bottom_seat][-1]].draw_rect())  # clear of the hand


# --- a second card at the draw step ------------------------------------------------------------------
def test_a_hand_card_clicked_tapped_or_dragged_at_the_draw_step_says_to_draw(app):
    """After laying a card, a click, a tap or a drag on another hand card did nothing at all: no
    sound, no word, the card did not even lift. The table now says the step due is the draw."""
    MOTION.reduced = True
    session = LocalSession(GameConfig.make("lost-cities", [SeatConfig("human", "You"),
                                                           SeatConfig("bot", "Ada", "expert")]), 2, bot_delay=0.0)
    table = open_table(app, session)
    my_play_step(app, table)
    laid = next(a for a in table.legal if a.kind == "discard")
    table.submit(laid)
    for _ in range(120):
        run(app)
        if table.can_act and table.phase == "draw" and not any(s.moving for s in table.sprites.values()):
            break
    assert table.phase == "draw"
    actions_before = len(session.actions)
    sounds: list[str] = []
    app.assets.play = lambda name, volume=1.0: sounds.append(name)  # type: ignore[method-assign]

    def said() -> list[str]:
        return [toast.text for toast in app.toasts.items if toast.text.startswith("Now draw a card")]

    rect = table.sprites[table.board.hands[table.bottom_seat][3]].draw_rect()
    point = (rect.left + 20, rect.top + 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1))
    run(app, 3)
    from game.rules.lost_cities import card_name

    assert said() == [f"Now draw a card: from the deck or the top of a discard pile "
                      f"(or take back the {card_name(str(laid['card']))} first)."]
    assert sounds[-1:] == ["invalid"]
    app.toasts.items.clear()
    finger_tap(app, point)
    assert said()
    app.toasts.items.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    run(app)
    for pos in ((point[0], point[1] - 80), (point[0], point[1] - 300)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        run(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(point[0], point[1] - 300), button=1))
    run(app, 3)
    assert said() and table.drag is None
    assert len(session.actions) == actions_before and table.phase == "draw"  # nothing was played


def test_the_too_late_badge_stays_on_the_expedition_while_the_wager_is_dragged_elsewhere(app):
    """Carried to its discard pile (a legal place), the wager does not wear "TOO LATE" as if the
    discard were refused: the badge rides on the card only over the closed expedition."""
    MOTION.reduced = True
    table = open_table(app, wager_too_late_session())
    my_play_step(app, table)
    card = table.sprites["lc-y-w2"].draw_rect()
    start = (card.left + 24, card.top + 70)
    goal = table.pile_zone("y").center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    run(app)
    for i in range(1, 7):
        pos = (start[0] + (goal[0] - start[0]) * i // 6, start[1] + (goal[1] - start[1]) * i // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        run(app)
    run(app, 10)
    assert table.drag is not None
    assert not table.sprites["lc-y-w2"].draw_rect().colliderect(table.target_rect(("exp", "y")))
    assert table.closed_badge_rect() is None
    canvas = pygame.Surface((W, H))
    table.draw(canvas, 1.0)
    centre = table.target_rect(("exp", "y")).center
    assert all(abs(a - b) <= 12 for a, b in zip(canvas.get_at((centre[0] - 30, centre[1]))[:3], P.ERROR))


def test_the_deck_counts_down_as_the_deal_leaves_it(app):
    """A new round's deal: the deck read the round's 44 while the sixteen cards were still on it; it
    now starts from all of them and ticks down as they fly, to 44 once the hands are dealt."""
    session = LocalSession(GameConfig.make("lost-cities", [SeatConfig("human", "Ann"),
                                                           SeatConfig("bot", "Ada", "easy")]), 2, bot_delay=0.0)
    table = LostCitiesTable(app, session)
    app.clear_to(table)  # the first round is dealt as the table opens
    seen: list[int] = [table.deck_shown()]
    for _ in range(120):
        app.run_frames(1, STEP)
        seen.append(table.deck_shown())
    assert seen[0] >= 59 and seen[-1] == table.board.deck_count >= 43  # (the first card leaves at once; Ada may draw)
    assert all(a >= b for a, b in zip(seen, seen[1:])) and len(set(seen)) > 8  # one card at a time


def test_the_match_boxs_turn_dot_is_off_while_a_round_is_scored(app):
    """The dot marking who is on the move stayed lit behind the round's scoring panel."""
    from game.ui.table_lost_cities import RoundScoring

    session = LocalSession(GameConfig.make("lost-cities", [SeatConfig("human", "Ann"),
                                                           SeatConfig("bot", "Ada", "easy")]), 2, bot_delay=0.0)
    table = open_table(app, session)
    my_play_step(app, table)
    assert table.match_box_turn() == 0
    table.scoring = RoundScoring(1, list(table.board.colours), [[], []], [0, 0], [0, 0], False, True)
    assert table.match_box_turn() is None
    table.scoring = None
