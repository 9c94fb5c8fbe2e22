"""A touch table lying flat, played as the people at it: the picture turned to a far-side person is
upright for them, so what they hold or use facing them means what it says. Their own gamepad's
d-pad and stick, the keyboard's arrows, LB / RB and Q / E (previous / next page, first / newest of
a list) and the mouse wheel work as on the near side; only where a finger touches the glass is
turned back (taps, drags, swipes). A far-side Ben once found his d-pad's Right moving the focus to
the card on his left, and RB turning the rules back a page."""

from __future__ import annotations

import pygame

from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.app import TURN_SECONDS, turned_point
from game.ui.pause import PauseOverlay
from game.ui.rules import RulesScene
from game.ui.table_lost_cities import LostCitiesTable
from game.ui.title import autosave_path
from ui_helpers import canvas_to_window, frames, key, make_app, tap

from test_table_sides16 import app  # noqa: E402,F401 - the fixture: an app at the title

ANN_PAD, BEN_PAD = 21, 22  # SDL instance ids of the two claimed pads (Pad 1 near, Pad 2 far)


def step_until(app, predicate, limit: int = 3000) -> None:
    for _ in range(limit):
        if predicate():
            return
        frames(app, 1)
    raise AssertionError("never happened")


def press(app, button: int, instance: int, settle: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=instance))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=instance))
    frames(app, settle)


def stick(app, instance: int, value: int, settle: int = 2) -> None:
    """The left stick pushed sideways (negative: to the holder's left), then let go."""
    for amount in (value, 0):
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=instance,
                                             axis=pygame.CONTROLLER_AXIS_LEFTX, value=amount))
    frames(app, settle)


def finger_on_glass(app, kind: int, pos: tuple[float, float]) -> None:
    """A finger event where the glass shows canvas point `pos` as drawn (the caller turns it)."""
    wx, wy = canvas_to_window(app, pos)
    width, height = app.letterbox.window
    pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=1, x=wx / width, y=wy / height, dx=0.0,
                                         dy=0.0, pressure=1.0, window_id=0))


def swipe_as_seen(app, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger drawn from `start` to `end` as the person facing the picture sees them (canvas
    points); on the glass that is the turned spots while the picture is turned."""
    glass = turned_point if app.turned else (lambda point: point)
    steps = 8
    finger_on_glass(app, pygame.FINGERDOWN, glass(start))
    frames(app, 1)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i / steps
        y = start[1] + (end[1] - start[1]) * i / steps
        finger_on_glass(app, pygame.FINGERMOTION, glass((x, y)))
        frames(app, 1)
    finger_on_glass(app, pygame.FINGERUP, glass(end))
    frames(app, 2)


def wheel(app, amount: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=amount, flipped=False, touch=False))
    frames(app, 2)


def settle_table(app, table) -> None:
    step_until(app, lambda: not table.animating and not any(s.moving for s in table.sprites.values()))


def ann_and_ben_with_pads(app) -> LostCitiesTable:
    """Ann near with Pad 1, Ben across the table with Pad 2, a hot-seat Lost Cities game."""
    session = LocalSession(GameConfig.make("lost-cities", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben")]),
                           3, bot_delay=0.0, autosave=autosave_path())
    for instance in (ANN_PAD, BEN_PAD):
        app.input.pad_number(instance)  # plugged in: Pad 1 and Pad 2
    table = LostCitiesTable(app, session)
    table.far_seats = {1}
    table.seat_pads = {0: ANN_PAD, 1: BEN_PAD}
    app.push(table)
    frames(app, 2)
    return table


def lift_curtain(app, table, seat: int) -> None:
    """The seat's own pad lifts its curtain; the turn's dip ends."""
    step_until(app, lambda: table.curtain_seat == seat)
    press(app, pygame.CONTROLLER_BUTTON_A, ANN_PAD if seat == 0 else BEN_PAD)
    assert table.curtain_seat is None and table.viewer == seat
    settle_table(app, table)
    frames(app, int(TURN_SECONDS * 60) + 3)


def play_a_turn_by_pad(app, table, instance: int) -> None:
    for _ in range(3):  # lift the focused card, lay it on its first target, draw
        settle_table(app, table)
        press(app, pygame.CONTROLLER_BUTTON_A, instance)
    settle_table(app, table)


def to_bens_turn(app, table) -> None:
    step_until(app, lambda: table.curtain_seat is not None)
    if table.curtain_seat == 0:
        lift_curtain(app, table, 0)
        play_a_turn_by_pad(app, table, ANN_PAD)
    lift_curtain(app, table, 1)
    assert app.turned


def hand_focus_after(app, table, start: int, move) -> int:
    """Where the hand's focus goes from card `start` (left to right as drawn) after `move()`."""
    hand = list(table.board.hands[table.bottom_seat])
    table.focus = ("hand", hand[start])
    move()
    kind, card = table.focus
    assert kind == "hand"
    return hand.index(card)


def test_each_persons_pad_and_the_keyboard_move_the_focus_the_way_they_see_it(app):
    table = ann_and_ben_with_pads(app)
    to_bens_turn(app, table)
    # the picture faces Ben: the card on his right is the one drawn to the right
    assert hand_focus_after(app, table, 2, lambda: press(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT, BEN_PAD)) == 3
    assert hand_focus_after(app, table, 2, lambda: press(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT, BEN_PAD)) == 1
    assert hand_focus_after(app, table, 2, lambda: stick(app, BEN_PAD, 32000)) == 3
    assert hand_focus_after(app, table, 2, lambda: key(app, pygame.K_RIGHT)) == 3
    assert hand_focus_after(app, table, 2, lambda: key(app, pygame.K_a)) == 1
    play_a_turn_by_pad(app, table, BEN_PAD)
    lift_curtain(app, table, 0)
    assert not app.turned
    # and the same presses on Ann's side do the same
    assert hand_focus_after(app, table, 2, lambda: press(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT, ANN_PAD)) == 3
    assert hand_focus_after(app, table, 2, lambda: key(app, pygame.K_LEFT)) == 1


def open_rules_over_bens_turn(app, table) -> RulesScene:
    press(app, pygame.CONTROLLER_BUTTON_START, BEN_PAD, settle=20)
    menu = app.scenes.top
    assert isinstance(menu, PauseOverlay) and app.turned
    rules_row = next(w for w in menu.group.widgets if w.label == "Rules")
    tap(app, turned_point(rules_row.rect.center), settle=20)  # where Ben sees "Rules"
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and app.turned
    rules.page = 2
    return rules


def test_the_rules_on_a_far_turn_page_by_shoulder_buttons_keys_swipes_and_wheel_as_near(app):
    table = ann_and_ben_with_pads(app)
    to_bens_turn(app, table)
    rules = open_rules_over_bens_turn(app, table)
    press(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, BEN_PAD)  # RB: the next page
    assert rules.page == 3
    press(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER, BEN_PAD)  # LB: the previous one
    assert rules.page == 2
    key(app, pygame.K_e)
    assert rules.page == 3
    key(app, pygame.K_PAGEUP)
    assert rules.page == 2
    press(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT, BEN_PAD)  # Right: the page on his right
    assert rules.page == 3
    # Ben draws his finger from his right to his left over the page, as in a book: the next page
    centre = rules.next_button.rect.centery - 300
    swipe_as_seen(app, (1500, centre), (900, centre))
    assert rules.page == 4
    swipe_as_seen(app, (900, centre), (1500, centre))
    assert rules.page == 3
    wheel(app, -1)  # the wheel rolled toward him: on, as it does on the near side
    assert rules.page == 4
    # the "Next" button where he sees it
    tap(app, turned_point(rules.next_button.rect.center))
    assert rules.page == 5


# --- the Labyrinth in turns, its far-side person reading back through the story ----------------------
def labyrinth_in_turns_read_a_while():
    """Ann and Ben taking the Labyrinth's turns, both across the table (whoever lifts the curtain
    sees the picture turned to them), a few places discovered so the reading panel holds pages."""
    from game.ui.labyrinth_overlays import StorySheet
    from game.ui.table_labyrinth import LabyrinthTable

    app = make_app()
    config = GameConfig.make("labyrinth", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben")], mode="turns")
    table = LabyrinthTable(app, LocalSession(config, 2, bot_delay=0))
    table.far_seats = {0, 1}
    app.push(table)
    for _ in range(6000):
        frames(app, 1)
        if isinstance(app.scenes.top, StorySheet) or (app.scenes.top is table and table.curtain_seat is not None):
            key(app, pygame.K_RETURN, settle=1)
        elif app.scenes.top is table and table.can_act and not table.animating:
            if len(table.journal.pages) >= 4:
                break
            moves = [action for action in table.legal if action.kind == "move"]
            table.submit(moves[0] if moves else table.legal[0])
    frames(app, int(TURN_SECONDS * 60) + 3)
    return app, table


def test_the_labyrinths_list_keys_mean_first_and_newest_for_the_far_person(data_dir):
    from game.ui.labyrinth_overlays import ReadingContents

    app, table = labyrinth_in_turns_read_a_while()
    try:
        assert app.turned and len(table.journal.pages) >= 4
        table.activate(("page", "contents"), "keyboard")
        frames(app, 5)
        contents = app.scenes.top
        assert isinstance(contents, ReadingContents)
        first, last = contents.first_row(), contents.last_row()
        assert first is not None and last is not None and first != last
        key(app, pygame.K_e, settle=3)  # E: the newest end of the list, whichever side
        assert contents.selected == last
        key(app, pygame.K_q, settle=3)  # Q: the first page's row
        assert contents.selected == first
        key(app, pygame.K_RETURN, settle=5)
        assert app.scenes.top is table and table.journal.index == contents.rows[first][1]
        newest = len(table.journal.pages) - 1
        table.journal.jump(newest)
        key(app, pygame.K_q, settle=3)  # on the table, Q reads the page before, as on the near side
        assert table.journal.index == newest - 1
        assert app.turned
    finally:
        app.shutdown()


# --- the window changes while the picture is turned ---------------------------------------------------
def resize(app, size: tuple[int, int]) -> None:
    """The window dragged to `size`: SDL resizes it and says so (VIDEORESIZE)."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    frames(app, 1)


def test_a_window_resized_to_4_3_during_the_dip_and_on_bens_turn_stays_turned_and_taps_land(app):
    from game.rules.lost_cities import card_colour

    table = ann_and_ben_with_pads(app)
    step_until(app, lambda: table.curtain_seat is not None)
    if table.curtain_seat == 0:
        lift_curtain(app, table, 0)
        play_a_turn_by_pad(app, table, ANN_PAD)
    step_until(app, lambda: app.turning)  # the dip to Ben's side has begun
    resize(app, (1024, 768))
    frames(app, int(TURN_SECONDS * 60) + 3)
    assert app.turned and not app.turning
    # the picture fills the width, bars above and below in the table's dark edge, turned as a whole
    scaled = pygame.transform.scale(app.canvas, (1024, 576))
    shown = app.window.subsurface((0, 96, 1024, 576))
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(pygame.transform.flip(scaled, True, True), "RGB")
    edge = app.window.get_at((512, 10))
    assert edge == app.window.get_at((512, 760)) and max(edge[:3]) < 60
    lift_curtain(app, table, 1)
    # a tap where Ben sees a card, in the smaller window, picks that card
    hand = list(table.board.hands[table.bottom_seat])
    card = hand[3]
    rect = table.sprites[card].draw_rect()
    tap(app, turned_point((rect.left + 24, rect.top + 70)))
    assert table.selected == card
    resize(app, (1920, 1080))  # and back to the full size with the card still lifted
    frames(app, 3)
    flipped = pygame.transform.flip(app.canvas, True, True)
    assert pygame.image.tobytes(app.window, "RGB") == pygame.image.tobytes(flipped, "RGB")
    before = len(table.session.actions)
    tap(app, turned_point(table.pile_zone(card_colour(card)).center))
    assert len(table.session.actions) == before + 1 and table.session.actions[-1]["card"] == card


# --- the results of a game a far-side person ended, and the seat setup after them ----------------------
def one_round_to_its_last_move(seed: int = 4):
    """A one-round Lost Cities game between Ann and Ben played by bots up to its last move: the
    actions before it and that last move."""
    from game.bots.base import make_bot
    from game.core.registry import find_game

    engine = find_game("lost-cities")
    config = GameConfig.make("lost-cities", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben")], rounds=1)
    state = engine.new_game(config, seed)
    bots = {seat: make_bot("lost-cities", "easy", engine, seat, 5) for seat in (0, 1)}
    actions = []
    while not engine.is_over(state):
        seat = next(s for s in (0, 1) if engine.legal_actions(state, s))
        legal = [a for a in engine.legal_actions(state, seat) if a.kind != "undo"]
        action = bots[seat].choose(engine.view(state, seat), legal)
        state, _ = engine.apply(state, action)
        actions.append(action)
    return config, actions[:-1], actions[-1]


def test_the_results_face_the_far_person_who_ended_it_and_change_seats_brings_the_setup_near(app):
    from game.ui.results import ResultsScene
    from game.ui.setup import SeatSetupScene

    config, before, last = one_round_to_its_last_move()
    far = last.seat  # the person who makes the last move sits across the table
    table = LostCitiesTable(app, LocalSession(config, 4, bot_delay=0.0, actions=before, autosave=autosave_path()))
    table.far_seats = {far}
    app.push(table)
    step_until(app, lambda: table.curtain_seat == far)
    tap(app, (960, 700))
    settle_table(app, table)
    table.submit(last)
    step_until(app, lambda: table.scoring is not None and table.scoring.counted)  # the round's scores, counted up
    assert app.turned  # for the far person who ended the round
    tap(app, turned_point((960, 540)))
    step_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
    frames(app, int(TURN_SECONDS * 60) + 10)
    results = app.scenes.top
    assert app.turned  # the results keep the last person's side
    change = next(w for w in results.group.widgets if w.label == "Change seats")
    tap(app, turned_point(change.rect.center), settle=5)  # where the far person sees it
    setup = app.scenes.top
    assert isinstance(setup, SeatSetupScene)
    frames(app, int(TURN_SECONDS * 60) + 10)
    assert not app.turned and not app.turning  # the setup is everyone's screen: near side
    flat = pygame.image.tobytes(app.window, "RGB") == pygame.image.tobytes(app.canvas, "RGB")
    assert flat
