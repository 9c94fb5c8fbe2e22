"""The Lost Cities table, checked through whole matches played through real input events:
what a player saw that was wrong, each pinned by a test that failed before its fix."""

from __future__ import annotations

import pygame
import pytest

from game.core.types import GameConfig, SeatConfig
from game.rules.lost_cities import card_colour
from game.session import LocalSession
from game.ui.table_lost_cities import LostCitiesTable
from game.ui.tween import MOTION
from tests.ui_helpers import canvas_to_window, make_app

STEP = 1 / 60


@pytest.fixture
def app(data_dir):
    application = make_app((1920, 1080))
    speed, reduced = MOTION.speed, MOTION.reduced
    yield application
    MOTION.speed, MOTION.reduced = speed, reduced
    application.shutdown()


def run(app, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(STEP)


def solo_table(app, seed: int = 1, level: str = "easy") -> tuple[LostCitiesTable, LocalSession]:
    config = GameConfig.make("lost-cities", [SeatConfig("human", "You"), SeatConfig("bot", "Ada", level)])
    session = LocalSession(config, seed, bot_delay=0.0)
    table = LostCitiesTable(app, session)
    app.clear_to(table)
    return table, session


def my_step(app, table: LostCitiesTable, phase: str = "play") -> None:
    for _ in range(1200):
        run(app)
        if table.can_act and table.phase == phase and not table.animating \
                and not any(s.moving for s in table.sprites.values()):
            return
    raise AssertionError(f"no {phase} step came for the person")


def mouse(app, kind: str, pos: tuple[float, float]) -> None:
    window = tuple(int(v) for v in canvas_to_window(app, pos))
    if kind == "move":
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=window, rel=(0, 0), buttons=(1, 0, 0)))
    elif kind == "hover":
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=window, rel=(0, 0), buttons=(0, 0, 0)))
    elif kind == "down":
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window, button=1))
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window, button=1))
    run(app)


def mouse_drag(app, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    mouse(app, "hover", start)
    run(app, 20)  # the pointer rests on the card a moment: it lifts, as under a real hand
    mouse(app, "down", start)
    for i in range(1, steps + 1):
        t = i / steps
        mouse(app, "move", (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t))
    mouse(app, "up", end)


def card_grip(table: LostCitiesTable, key: str) -> tuple[int, int]:
    rect = table.sprites[key].draw_rect(1.0)
    return rect.centerx, rect.top + 40  # the corner band no neighbour covers


# --- a card dragged onto an expedition lies flat ----------------------------------------------------
def test_a_card_dragged_onto_an_expedition_does_not_stay_lifted_over_the_score_chip(app):
    """Seen: after a mouse drag the played card hovered 30 px above its place, its shadow left
    behind, the card's top over the expedition's running-score chip (and it kept bobbing)."""
    table, _session = solo_table(app)
    my_step(app, table, "play")
    card = next(str(a["card"]) for a in table.legal if a.kind == "play")
    mouse_drag(app, card_grip(table, card), table.expedition_zone(card_colour(card)).center)
    run(app, 60)
    assert card in table.board.expeditions[table.bottom_seat][card_colour(card)]
    sprite = table.sprites[card]
    assert sprite.lift.current == 0.0 and not sprite.focused
    chip = table.chip_rect(table.chip_centre(table.bottom_seat, card_colour(card)), "0", "")
    assert sprite.draw_rect(1.0).top > chip.bottom - 2  # the card starts below its chip


# --- a wager's closed expedition says why -----------------------------------------------------------
def test_a_lifted_wager_on_an_expedition_with_numbers_is_marked_too_late_not_too_low(app):
    """Seen: lifting a wager whose expedition already had a number marked it "TOO LOW" (a wager
    has no number to be low; ruling LC-4: wagers only before the first number)."""
    from game.core.types import Action

    table, session = solo_table(app, seed=1)
    assert {"lc-y-w1", "lc-y-02"} <= set(session.state["hands"][0])
    my_step(app, table, "play")
    table.submit(Action.make(0, "play", card="lc-y-02"))
    my_step(app, table, "draw")
    table.submit(Action.make(0, "draw", source="deck"))
    my_step(app, table, "play")
    badges: list[str] = []
    table._badge = lambda surface, text, centre, colour: badges.append(text)  # type: ignore[method-assign]
    table.select("lc-y-w1")
    table.draw_table(app.canvas, 1.0)
    assert badges == ["TOO LATE"]
    numbers = [c for c in table.board.hands[0] if card_colour(c) == "y" and not table.playable(c)
               and "-w" not in c]
    if numbers:  # a number below the expedition's last is still "too low"
        badges.clear()
        table.put_back_card()
        table.select(numbers[0])
        table.draw_table(app.canvas, 1.0)
        assert badges == ["TOO LOW"]


def test_clicking_a_pile_before_picking_a_card_says_click_to_a_mouse_player(app):
    """Seen: a mouse player clicking a discard pile first was told to "tap where it goes"."""
    table, _session = solo_table(app, seed=2)
    my_step(app, table, "play")
    mouse(app, "hover", table.pile_rect("y").center)
    mouse(app, "down", table.pile_rect("y").center)
    mouse(app, "up", table.pile_rect("y").center)
    run(app, 2)
    texts = [toast.text for toast in app.toasts.items]
    assert "First pick a card from your hand, then click where it goes." in texts, texts


# --- the "10" keeps its medallion whole -------------------------------------------------------------
@pytest.mark.parametrize("colour", ["y", "b", "w", "g", "r", "p"])
@pytest.mark.parametrize("width", [150, 87])
def test_a_ten_shows_its_centre_medallion_as_whole_as_a_nine_does(colour, width):
    """Seen: on every 10 the wider corner tabs ("10" and its symbol) lay over the centre medallion,
    shading a quarter of it on two sides and crossing its symbol: it looked unfinished."""
    import math

    from game.ui.look.cards_lost_cities import card_face
    from game.ui.look.draw import card_height

    pygame.init()
    nine, ten = card_face(f"lc-{colour}-09", width), card_face(f"lc-{colour}-10", width)
    height = card_height(width)
    cx, cy, radius = width * 0.5, height * 0.5, width * 0.18
    for step in range(72):  # a ring inside the medallion's light face, outside its symbol
        angle = math.radians(step * 5)
        x, y = round(cx + math.cos(angle) * radius * 0.8), round(cy + math.sin(angle) * radius * 0.8)
        assert ten.get_at((x, y)) == nine.get_at((x, y)), (step, x, y)


# --- between rounds the left panel tells the truth ------------------------------------------------
def test_while_the_next_round_is_dealt_the_panel_says_so_and_shows_the_new_totals(app, monkeypatch):
    """Seen: after "Deal the next round" the turn panel said "YOUR TURN · 2 Draw a card" (the
    last round's final draw) all through the deal, and the match box still showed the totals from
    before the round just scored, until the deal had landed."""
    import game.ui.table_lost_cities as module
    from game.core.types import Action
    from game.rules.lost_cities import MINUS

    config = GameConfig.make("lost-cities", [SeatConfig("human", "You"), SeatConfig("bot", "Ada", "easy")])
    session = LocalSession(config, 3, bot_delay=0.0)
    deck = session.state["deck"]
    while len(deck) > 3:  # a short round: the rest lies face up on the discard piles
        card = deck.pop(0)
        session.state["discards"][card_colour(card)].append(card)
    session._pending.clear()
    session._queue_updates([], None)
    table = LostCitiesTable(app, session)
    app.clear_to(table)
    for _ in range(6):
        for _ in range(2000):
            run(app)
            if table.scoring is not None or (table.can_act and not table.animating):
                break
        if table.scoring is not None:
            break
        if table.phase == "play":
            plays = [a for a in table.legal if a.kind == "play"]
            table.submit(plays[0] if plays else next(a for a in table.legal if a.kind == "discard"))
        else:
            table.submit(Action.make(table.viewer, "draw", source="deck"))
    assert table.scoring is not None and table.scoring.round == 1
    totals = list(table.scoring.totals)
    assert totals != [0, 0]  # the round scored something: a stale box would show 0
    for _ in range(400):
        run(app)
        if table.scoring.counted:
            break
    table.close_scoring()
    for _ in range(30):  # the round's end holds a moment more, then the next deal flies
        run(app)
        if table.board.round == 2:
            break
    assert table.board.round == 2 and table.view.get("round") == 1  # dealt on screen, not yet in the view
    texts: list[str] = []
    real = module.text_surface
    monkeypatch.setattr(module, "text_surface", lambda text, *a, **k: (texts.append(text), real(text, *a, **k))[1])
    table._draw_left_panel(app.canvas)
    assert "DEALING ROUND 2" in texts and "YOUR TURN" not in texts and "Draw a card" not in texts, texts
    shown = [f"{MINUS}{-t}" if t < 0 else str(t) for t in totals]
    assert all(text in texts for text in shown), (shown, texts)


# --- touch hints name nothing a touchscreen lacks ---------------------------------------------------
def test_touch_hints_never_send_a_player_to_a_back_button_the_table_does_not_have(app):
    """Seen: on a touchscreen a lifted card's hint read "Back button: Cancel" and the draw step's
    "Back button: Take back"; this table has no Back button (tapping the card again puts it back,
    the turn panel's Take back button takes the card back)."""
    from game.core.types import Action

    table, _session = solo_table(app, seed=1)
    my_step(app, table, "play")
    card = table.board.hands[0][0]
    table.select(card)
    picked = table.hint_row("touch")
    assert all(action != "back" for action, _ in picked), picked
    assert ("confirm", "Place") in picked and ("confirm", "again: put back") in picked
    table.put_back_card()
    table.submit(Action.make(0, "discard", card=card))
    my_step(app, table, "draw")
    assert table.taken_back_card() == card
    drawing = table.hint_row("touch")
    assert all(action != "back" for action, _ in drawing) and ("confirm", "Draw") in drawing, drawing
    assert ("back", "Take back") in table.hint_row("mouse")  # a right-click still takes back


# --- a drop on the opponent's side says where your cards go -------------------------------------------
def test_a_card_dropped_on_the_opponents_side_says_where_your_expeditions_are(app):
    """Seen: a card dropped on the opponent's expeditions slid back to the hand with no word why."""
    table, _session = solo_table(app)
    my_step(app, table, "play")
    card = table.board.hands[table.bottom_seat][0]
    their_side = (table.lane_x(card_colour(card)), 300)
    assert table.target_at(their_side) is None and table.on_their_side(their_side)
    mouse_drag(app, card_grip(table, card), their_side)
    run(app, 5)
    assert card in table.board.hands[table.bottom_seat]
    assert app.toasts.items and app.toasts.items[-1].text == \
        "That side is Ada's. Your expeditions are below the discard piles."
    app.toasts.items.clear()
    mouse_drag(app, card_grip(table, card), (table.lane_x(card_colour(card)), 1000))  # back onto the hand: silent
    run(app, 5)
    assert not app.toasts.items
