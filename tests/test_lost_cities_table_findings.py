"""The Lost Cities table: what a person at the screen must never see or suffer.

- hot-seat: the shared log never names a card drawn blind from the deck (the next person reads it);
- the next round is not dealt behind the scoring panel while it is read;
- a click on a pause-menu button ends there (its release does not draw or play at the table);
- the log and the totals print a true minus sign, and say whose score is whose;
- the hint row never runs over the hand, and a log line never splits "(32 left)".
"""

from __future__ import annotations

import pygame
import pytest

from game.core.types import Action, GameConfig, SeatConfig
from game.rules.lost_cities import MINUS, card_colour
from game.session import LocalSession
from game.ui.app import App
from game.ui.pause import PauseOverlay
from game.ui.settings import Settings
from game.ui.table_lost_cities import LostCitiesTable, hint_row_width
from game.ui.tween import MOTION

W, H = 1920, 1080
STEP = 1 / 60


@pytest.fixture
def app(data_dir):
    pygame.init()
    pygame.event.clear()
    application = App(Settings(), headless=True, size=(W, H), windowed=True)
    speed, reduced = MOTION.speed, MOTION.reduced
    MOTION.reduced = True  # every animation a few frames: these tests are about what is shown
    yield application
    MOTION.speed, MOTION.reduced = speed, reduced
    application.shutdown()


def run(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(STEP)


def settle(app: App, table: LostCitiesTable, limit: int = 400) -> None:
    """Step until nothing moves, or until the scoring panel holds the table."""
    for _ in range(limit):
        run(app)
        if table.scoring is not None or (not table.animating and not any(s.moving for s in table.sprites.values())):
            return
    raise AssertionError("the table never came to rest")


def short_session(seats: list[SeatConfig], seed: int, deck_left: int = 44, **options) -> LocalSession:
    """A match whose draw pile holds only `deck_left` cards: the rest lie face up on their colour's
    discard pile (all 60 cards stay in play), so a round ends after a few draws."""
    session = LocalSession(GameConfig.make("lost-cities", seats, **options), seed, bot_delay=0.0)
    deck = session.state["deck"]
    while len(deck) > deck_left:
        card = deck.pop(0)
        session.state["discards"][card_colour(card)].append(card)
    session._pending.clear()
    session._queue_updates([], None)  # the opening views, with the short deck
    return session


def open_table(app: App, session: LocalSession) -> LostCitiesTable:
    table = LostCitiesTable(app, session)
    app.clear_to(table)
    return table


def post_key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    run(app, 2)


def mouse_click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    run(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run(app, 2)


def my_turn(app: App, table: LostCitiesTable, phase: str = "play") -> None:
    for _ in range(600):
        run(app)
        if table.can_act and table.phase == phase and not any(s.moving for s in table.sprites.values()):
            return
    raise AssertionError(f"no {phase} step came for the person")


def lay_and_draw_from_deck(app: App, table: LostCitiesTable) -> None:
    """The person at the screen discards a card and draws from the deck (through the session)."""
    table.submit(next(a for a in table.legal if a.kind == "discard"))
    settle(app, table)
    table.submit(Action.make(table.viewer, "draw", source="deck"))
    settle(app, table)


# --- hot-seat: the log keeps the deck's secrets ----------------------------------------------------
def test_hot_seat_log_never_names_a_card_drawn_from_the_deck(app):
    session = short_session([SeatConfig("human", "Alice"), SeatConfig("human", "Bob")], 5)
    table = open_table(app, session)
    run(app, 3)
    post_key(app, pygame.K_RETURN)  # Alice takes the screen
    my_turn(app, table)
    hand_before = set(table.view["hand"])
    lay_and_draw_from_deck(app, table)
    assert table.curtain_seat == 1  # Bob is asked to take the screen, the log stays on it
    drawn = (set(session.state["hands"][0]) - hand_before).pop()
    from game.rules.lost_cities import card_name

    assert not any(card_name(drawn) in line for line in table.log), table.log
    assert "Alice drew from the deck (43 left)" in table.log
    post_key(app, pygame.K_RETURN)
    assert table.viewer == 1 and not any(card_name(drawn) in line for line in table.log)


def test_solo_log_still_names_the_card_you_drew(app):
    session = short_session([SeatConfig("human", "You"), SeatConfig("bot", "Ada", "easy")], 5)
    table = open_table(app, session)
    my_turn(app, table)
    hand_before = set(table.view["hand"])
    lay_and_draw_from_deck(app, table)
    from game.rules.lost_cities import card_name

    drawn = (set(session.state["hands"][0]) - hand_before).pop()
    assert any(line.startswith(f"You drew {card_name(drawn)} from the deck") for line in table.log), table.log


# --- the scoring panel holds the next deal ---------------------------------------------------------
def test_next_round_waits_behind_the_scoring_panel_and_the_log_says_whose_score(app):
    session = short_session([SeatConfig("human", "You"), SeatConfig("bot", "Ada", "easy")], 5, deck_left=1)  # seed 5: you start
    table = open_table(app, session)
    for _ in range(3):
        if table.scoring is not None:
            break
        my_turn(app, table)
        lay_and_draw_from_deck(app, table)
        for _ in range(200):
            run(app)
            if table.scoring is not None or table.can_act:
                break
    assert table.scoring is not None and table.scoring.round == 1
    ended = [dict(session.state["history"][0]["expeditions"][seat][i]) for seat in (0, 1) for i in range(5)]
    run(app, 240)  # the count is over, the panel waits for the person
    assert table.scoring is not None and table.scoring.counted
    # behind the panel: the round that ended, not the next deal
    assert table.board.round == 1
    assert sum(len(cards) for cards in table.board.expeditions[0].values()) == sum(d["cards"] for d in ended[:5])
    assert "deal" not in table.animated_events
    # nor does the turn panel behind it still ask for step 2, "Draw a card" (the round is over)
    from game.ui.table_lost_cities import PHASE_BOX

    step_two = app.canvas.get_at((PHASE_BOX.x + 262, PHASE_BOX.y + 86 + 66 + 28))  # right of its words
    assert step_two.r < 60, step_two  # no brass row, only the dimmed ink panel
    scores = table.scoring.scores
    signed = [f"+{v}" if v > 0 else (f"{MINUS}{-v}" if v < 0 else "0") for v in scores]
    assert table.log[-1] == f"Round 1 ends: you {signed[0]}, Ada {signed[1]}"
    post_key(app, pygame.K_RETURN)
    assert table.scoring is None
    settle(app, table)
    assert table.board.round == 2 and "deal" in table.animated_events
    assert len(table.board.hands[0]) == 8


def test_totals_and_match_end_use_a_true_minus_sign(app):
    session = short_session([SeatConfig("human", "You"), SeatConfig("bot", "Ada", "easy")], 3)
    table = open_table(app, session)
    assert table._minus(-157) == f"{MINUS}157" and table._minus(8) == "8"
    from game.core.types import Event

    line = table._match_end_line(Event.make("match_end", None, totals=[-157, -8], winners=[1], draw=False,
                                            rounds=3), solo=True)
    assert line == f"Ada wins the match, {MINUS}8 to {MINUS}157"
    assert "-" not in line
    draw = table._match_end_line(Event.make("match_end", None, totals=[-4, -4], winners=[0, 1], draw=True,
                                            rounds=3), solo=True)
    assert draw == f"The match is a draw at {MINUS}4"


# --- a pause-menu click ends in the menu -----------------------------------------------------------
@pytest.mark.parametrize("phase", ["play", "draw"])
def test_clicking_suggest_in_the_pause_menu_neither_draws_nor_errs(app, phase):
    """The menu's buttons act on the press and close; the release lands on the table under the
    button (the White pile and expedition lie under "Suggest a move")."""
    session = short_session([SeatConfig("human", "You"), SeatConfig("bot", "Ada", "easy")], 4, deck_left=30)
    table = open_table(app, session)
    my_turn(app, table)
    if phase == "draw":
        table.submit(next(a for a in table.legal if a.kind == "discard"))
        settle(app, table)
    version = session.version
    post_key(app, pygame.K_p)
    run(app, 10)
    overlay = app.scenes.top
    assert isinstance(overlay, PauseOverlay)
    button = next(w for w in overlay.group.widgets if w.label == "Suggest a move")
    assert table.target_at(button.rect.center) is not None  # something of the table lies under it
    app.toasts.items.clear()
    mouse_click(app, button.rect.center)
    run(app, 10)
    assert app.scenes.top is table
    assert session.version == version and table.phase == phase  # nothing was drawn or laid
    kinds = [toast.kind for toast in app.toasts.items]
    texts = [toast.text for toast in app.toasts.items]
    assert "error" not in kinds, texts
    assert any(text.startswith("Suggestion:") for text in texts)


def test_a_press_that_lifted_the_curtain_does_not_tap_the_table(app):
    session = short_session([SeatConfig("human", "Alice"), SeatConfig("human", "Bob")], 5)
    table = open_table(app, session)
    run(app, 3)
    assert table.curtain_seat == 0
    under = (int(table.lane_x("w")), 470)  # the White discard pile: a tap there in the play step errs
    app.toasts.items.clear()
    mouse_click(app, under)
    assert table.curtain_seat is None and table.can_act
    assert not any(toast.kind == "error" for toast in app.toasts.items), [t.text for t in app.toasts.items]
    mouse_click(app, under)  # a click of its own on the table still counts
    assert any(toast.kind == "error" for toast in app.toasts.items)


# --- hints beside the hand, the log's lines ---------------------------------------------------------
@pytest.mark.parametrize("device", ["keyboard", "mouse", "gamepad", "touch"])
def test_the_hint_row_fits_beside_the_hand_in_every_step(app, device):
    session = short_session([SeatConfig("human", "You"), SeatConfig("bot", "Ada", "easy")], 2)
    table = open_table(app, session)
    my_turn(app, table)
    rows = {"play": table.hint_row(device)}
    table.select(table.board.hands[0][0])
    rows["picked"] = table.hint_row(device)
    table.put_back_card()
    table.submit(next(a for a in table.legal if a.kind == "discard"))
    settle(app, table)
    rows["draw"] = table.hint_row(device)
    assert ("confirm", "Draw") in rows["draw"] and ("confirm", "Place") in rows["picked"]
    if device != "touch":  # a touchscreen has no Back button (test_lost_cities_whole_matches)
        assert ("back", "Take back") in rows["draw"] and ("back", "Cancel") in rows["picked"]
        assert ("menu", "Menu") not in rows["picked"]  # Back is not the menu key while a card is lifted
    for step, row in rows.items():
        assert hint_row_width(device, tuple(row)) <= table.hint_room(), (step, row)
    assert table.hint_room() < 500  # the hand does reach far right: there is something to fit


def test_a_log_line_never_splits_the_cards_left():
    pygame.init()
    lines = LostCitiesTable._wrap_log("You drew Blue 9 from the deck (32 left)", 360)
    assert len(lines) == 2 and lines[1] == "(32 left)"
    assert LostCitiesTable._wrap_log("Ada took Yellow 5 from the discards", 2000) == [
        "Ada took Yellow 5 from the discards"]


# --- the rules page ------------------------------------------------------------------------------
def test_the_rules_page_examples_score_as_the_engine_scores():
    from pathlib import Path

    from game.rules.lost_cities import expedition_score

    text = (Path(__file__).parent.parent / "game/content/rules/lost-cities.md").read_text(encoding="utf-8")
    examples = {  # the line on the page: the expedition it describes
        f"Blue, a wager with 2, 6, 7 and 8: (23 {MINUS} 20) × 2 = 6 points.": ["lc-b-w1", "lc-b-02", "lc-b-06",
                                                                             "lc-b-07", "lc-b-08"],
        f"White, a wager with 4, 6, 8 and 10: (28 {MINUS} 20) × 2 = 16 points.": ["lc-w-w1", "lc-w-04", "lc-w-06",
                                                                                "lc-w-08", "lc-w-10"],
        f"Red, two wagers and only a 3: (3 {MINUS} 20) × 3 = {MINUS}51 points.": ["lc-r-w1", "lc-r-w2", "lc-r-03"],
        f"Green, a wager alone: (0 {MINUS} 20) × 2 = {MINUS}40 points.": ["lc-g-w1"],
        f"Yellow, a wager with 2 to 8 (8 cards): (35 {MINUS} 20) × 2 + 20 = 50 points.":
            ["lc-y-w1"] + [f"lc-y-{n:02d}" for n in range(2, 9)],
    }
    for line, cards in examples.items():
        assert f"- {line}" in text, line
        points = int(line.rsplit("= ", 1)[1].split(" ")[0].replace(MINUS, "-"))
        assert expedition_score(cards)["score"] == points, line
    assert "handshake" not in text and "coins" in text  # the wager card's art is a stack of coins


def test_the_rules_page_has_no_page_with_a_lone_line():
    """Every screen of the Lost Cities rules carries at least two lines (no orphaned sentence)."""
    pygame.init()
    from game.ui.rules import PANEL, PICTURE_BAND, paginate
    from game.ui.rules_text import load_rules

    screens = paginate(load_rules("lost-cities", "Lost Cities", ""), PANEL.height - 300, PICTURE_BAND)
    for title, lines in screens:
        assert len([line for line in lines if line[0] != "gap"]) >= 2, title
    assert len(screens) <= 9


@pytest.mark.parametrize("colours", [5, 6])
def test_a_running_score_chip_holds_its_widest_text_inside_its_lane(app, colours):
    """"+156 ×4 +20" (three wagers, every number, the bonus) used to spill out of a 128 px chip."""
    from game.ui.look.fonts import font

    session = short_session([SeatConfig("human", "You"), SeatConfig("bot", "Ada", "easy")], 2, colours=colours)
    table = open_table(app, session)
    run(app, 2)
    for text, extra in (("+156", "×4 +20"), (f"{MINUS}72", "×4"), ("+3", "")):
        rect = table.chip_rect(table.chip_centre(0, "y"), text, extra)
        content = font("display", table.chip_number_px(text, extra)).size(text)[0]
        if extra:
            content += 8 + font("ui-bold", 20).size(extra)[0]
        assert content + 12 <= rect.width <= table.lane_pitch - 14, (text, extra, rect.width)
    assert table.chip_rect((0, 0), "+3", "").width == 128  # a plain score keeps the usual chip


def test_the_take_back_button_is_a_full_touch_target_above_the_draw_row():
    from game.ui.table_lost_cities import PHASE_BOX, TAKE_BACK_RECT

    assert TAKE_BACK_RECT.height >= 64 and TAKE_BACK_RECT.width >= 64
    draw_row_top = PHASE_BOX.y + 86 + 66  # step 2's row in `_draw_phase`
    assert TAKE_BACK_RECT.bottom < draw_row_top and PHASE_BOX.contains(TAKE_BACK_RECT)


def test_the_continue_hint_under_the_scoring_panel_sits_on_a_dark_plate(app):
    """Under the panel lie the hand's bright cards: the hint must not be read off them."""
    session = short_session([SeatConfig("human", "You"), SeatConfig("bot", "Ada", "easy")], 5, deck_left=1)
    table = open_table(app, session)
    my_turn(app, table)
    lay_and_draw_from_deck(app, table)
    assert table.scoring is not None
    run(app, 240)
    assert table.scoring.counted
    rows = len(table.scoring.colours)
    panel_bottom = 540 + (250 + rows * 78 + 190) // 2
    from game.ui.look.fonts import font

    half = font("ui", 22).size("Enter to continue")[0] // 2
    for x in (960 - half - 8, 960 + half + 8):  # the plate's margin, left and right of the words
        pixel = app.canvas.get_at((x, panel_bottom + 24))
        assert max(pixel.r, pixel.g, pixel.b) < 40, (x, pixel)


def test_long_names_are_cut_readably_not_shrunk_to_specks_or_spilled():
    """16 characters (the setup's limit) in the match box, and a LAN name in the scoring panel."""
    pygame.init()
    from game.ui.look.fonts import font
    from game.ui.table_lost_cities import LEFT_NAME_W, SCORING_NAME_W, fit_label

    text, px = fit_label("Maximiliana Wolk", "ui-bold", 30, LEFT_NAME_W - 20, 22)
    assert px >= 22 and text.endswith("\u2026") and text.startswith("Maximili")
    assert font("ui-bold", px).size(text)[0] <= LEFT_NAME_W - 20
    assert fit_label("Ada", "ui-bold", 30, LEFT_NAME_W, 22) == ("Ada", 30)
    text, px = fit_label("BARTHOLOMEW FEATHERSTONEHAUGH", "display", 44, SCORING_NAME_W, 32)
    assert px >= 32 and font("display", px).size(text)[0] <= SCORING_NAME_W
    # the second column of the scoring panel starts 820 px into a 1280 px panel with 30 px margins
    assert 820 + SCORING_NAME_W <= 1280 - 30


@pytest.mark.parametrize("colours", [5, 6])
def test_the_lanes_under_the_cards_are_one_kept_picture_drawn_as_before(app, colours):
    """The felt, the lanes' strips and the discard-pile markers are kept as one picture (a frame
    blitted five translucent strips over the felt: 1 ms of a 5 ms frame). It is made once, used
    every frame, and the table drawn on it is the table drawn the long way, pixel for pixel."""
    from game.ui.chrome import draw_background
    from game.ui.look.cards_lost_cities import lane_marker
    from game.ui.widgets import panel_surface
    from game.ui.look import palette as P

    seats = [SeatConfig("human", "Ann"), SeatConfig("bot", "Ada", "easy")]
    table = open_table(app, short_session(seats, 5, colours=colours))
    settle(app, table)
    kept = table._lanes_base
    run(app, 3)
    assert kept is not None and table._lanes_base is kept  # not made again while the lanes stay
    assert len(table.board.colours) == colours
    fast = pygame.Surface((W, H))
    table.draw_backdrop(fast)
    table._draw_lanes(fast)
    slow = pygame.Surface((W, H))
    draw_background(slow, table.tone)
    for colour in table.board.colours:  # the strips and markers as every frame drew them before
        strip = pygame.Rect(0, 0, int(table.lane_pitch) - 22, 910)
        strip.midtop = (round(table.lane_x(colour)), 10)
        slow.blit(panel_surface(strip.size, 18, (*P.shade(P.LC_COLOURS[colour], -0.7), 70)), strip.topleft)
        pile = table.pile_rect(colour)
        slow.blit(lane_marker(colour, (pile.width, pile.height)), pile.topleft)
    table._draw_lanes(slow)
    assert pygame.image.tobytes(fast, "RGB") == pygame.image.tobytes(slow, "RGB")
