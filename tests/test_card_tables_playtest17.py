"""Lost Cities, Lost in Time and Time After Time played through as a paying player (session 17's
playtest): what rubbed and was fixed.

- a press on a place before a card was picked did nothing at all: the Lost Cities deck in the play
  step (drawing first is the natural guess), a Lost in Time timeline, discard pile or opponent, a
  Time After Time slot or the draw pile before the draw. Each now says what comes first, with the
  refusal sound; a Lost in Time table card pressed so says how to read it large as well;
- on a 1024x768 screen the tables' small labels ("MATCH", "CARDS LEFT", a chip's "x2", "RUNNING
  TOTAL", "TURNED", "5 in hand", "4 cards", the step numbers, the hours out of the game, "Enter to
  continue"...) showed at 11-13 px; they grow with the window's legible factor as the menus and the
  logs already did (14 px or more), a squeezed SKIPS badge falling back to its designed size;
- Lost in Time's turn panel had no heading for most of a turn: the action step's Skip action button
  took the heading's place, though there was room for both; whose turn it is now heads it there too;
- Lost in Time's hint row said "Enter Pick up" with the focus on Skip action, Discard or Cannot
  travel; Lost Cities' said "Arrows Look" while a round's scores waited for Enter.
"""

from __future__ import annotations

import importlib

import pygame
import pytest

import main
from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.look import fonts as F
from game.ui.tables import table_scene_for
from ui_helpers import click, frames, make_app, recording_app, step_until, tap, texts_set

LEAST_ON_SCREEN = 13.8  # px on a 1024x768 screen: 20 px small print grown by `legible_px` (26 x 0.533)


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        yield application


def seated(game: str, seats: int, seed: int, people: int = 1) -> LocalSession:
    names = ["Ann", "Ben", "Cat"]
    config = [SeatConfig("human", names[i]) for i in range(people)]
    config += [SeatConfig("bot", f"Bot {i}", "easy") for i in range(people, seats)]
    return LocalSession(GameConfig.make(game, config), seed, bot_delay=0.0)


def my_turn_at(app, game: str, seats: int, ready) -> object:
    """A table of `game` at the first seed whose deal lets seat 0 act at once and `ready(table)`."""
    for seed in range(1, 30):
        table = table_scene_for(game)(app, seated(game, seats, seed))
        app.clear_to(table)
        frames(app, 2)
        step_until(app, lambda: table.can_act and not table.animating)
        frames(app, 30)
        if table.can_act and ready(table):
            return table
    raise AssertionError(f"no {game} deal gave seat 0 the move")


def new_messages(app, before: int) -> list[str]:
    return [toast.text for toast in app.toasts.items[before:]]


# --- a press before a card is picked -----------------------------------------------------------------
def test_lost_cities_deck_clicked_in_the_play_step_says_to_lay_a_card_first(app):
    """Clicking the deck to draw before laying a card (ruling LC-2: lay, then draw) did nothing."""
    table = my_turn_at(app, "lost-cities", 2, lambda t: t.phase == "play")
    app.toasts.items.clear()
    played = len(app.played)
    click(app, table.deck_rect().center, settle=4)
    assert any("First play or discard a card" in text for text in new_messages(app, 0))
    assert "invalid" in app.played[played:]
    assert table.phase == "play" and table.selected is None


@pytest.mark.parametrize("device", ["mouse", "touch"])
def test_lost_in_time_places_pressed_before_a_card_say_to_pick_one(app, device):
    """The timeline, the discard pile or an opponent's panel pressed with no card picked did nothing.
    A card on the table pressed so says how to read it large too (a press does not read it)."""
    from game.ui.table_lost_in_time import LOOK_HOW, MY_ROW_RECT

    def ready(table) -> bool:
        return table.phase == "action" and any(table.board.timelines[s] for s in table.seat_order())

    table = my_turn_at(app, "lost-in-time", 3, ready)
    press = click if device == "mouse" else tap
    verb = "click" if device == "mouse" else "tap"
    seat = next(s for s in table.seat_order() if table.board.timelines[s])
    panel = table.geo[seat].panel
    empty_spots = [(MY_ROW_RECT.right - 20, MY_ROW_RECT.bottom - 12), (panel.left + 24, panel.bottom - 14)]
    for place in empty_spots:
        assert table.readable_at(place) is None and table.target_at(place) is not None, place
        app.toasts.items.clear()
        played = len(app.played)
        press(app, place, settle=4)
        assert f"First pick a card from your hand, then {verb} where it goes." in new_messages(app, 0), place
        assert "invalid" in app.played[played:]
    card = table.board.timelines[seat][0]
    app.toasts.items.clear()
    press(app, table.shown_rect(card).center, settle=4)
    assert new_messages(app, 0) == [f"{LOOK_HOW[device]} to read it large. To play, first pick a card from your hand."]
    assert table.phase == "action" and table.selected is None and not table.staged


def test_lost_in_time_a_picked_card_still_goes_where_it_is_tapped(app):
    """The new message is only for a press with no card picked: a picked card still lands."""
    from game.ui.table_lost_in_time import MY_ROW_RECT

    table = my_turn_at(app, "lost-in-time", 3, lambda t: t.phase == "action")
    skip = dict(zip([b[0] for b in table.buttons()], table.button_rects()))["skip"]
    tap(app, skip.center, settle=4)
    step_until(app, lambda: table.phase == "travel" and table.can_act and not table.animating)
    card = next((c for c in table.board.hands[table.me] if table.fits(c)), None)
    if card is None:
        pytest.fail("the deal left no card that fits; pick another seed")
    rect = table.sprites[card].draw_rect()
    tap(app, (rect.centerx, rect.top + 40), settle=4)
    app.toasts.items.clear()
    tap(app, MY_ROW_RECT.center, settle=4)
    assert not any("First pick" in text for text in new_messages(app, 0))
    step_until(app, lambda: card in table.board.timelines[table.me])


def test_time_after_time_a_slot_pressed_before_the_draw_says_whose_hand_to_draw_from(app):
    """A slot of your row, or the draw pile, pressed before the draw did nothing."""
    table = my_turn_at(app, "time-after-time", 3, lambda t: t.picking)
    slot = table.geometry[table.viewer].slots[3]
    app.toasts.items.clear()
    played = len(app.played)
    click(app, slot.center, settle=4)
    victim = table.name_of(table.victim)
    assert f"First draw a card from {victim}'s hand; then place it." in new_messages(app, 0)
    assert "invalid" in app.played[played:]
    assert table.picking  # nothing was drawn or placed
    # the draw pile looks like where a card is drawn: it only refills hands (RULING TT-2, TT-6)
    from game.ui.table_time_after_time import PILE_POS

    app.toasts.items.clear()
    played = len(app.played)
    tap(app, PILE_POS, settle=4)
    assert new_messages(app, 0) == [f"You draw from {victim}'s hand, not from the pile: pick one of the cards "
                                    "in the middle."]
    assert "invalid" in app.played[played:] and table.picking


# --- small labels on a small screen ------------------------------------------------------------------
TABLE_MODULES = ("table_lost_cities", "table_lost_in_time", "table_time_after_time")
def spy_on_table_text(monkeypatch) -> list[tuple[str, int]]:
    drawn: list[tuple[str, int]] = []
    real = F.text_surface

    def spy(text, role, px, colour):
        drawn.append((text, px))
        return real(text, role, px, colour)

    for name in TABLE_MODULES:
        monkeypatch.setattr(importlib.import_module(f"game.ui.{name}"), "text_surface", spy)
    return drawn


@pytest.mark.parametrize("game,seats,seed", [("lost-cities", 2, 1), ("lost-in-time", 6, 4),
                                             ("time-after-time", 4, 2)])
def test_table_labels_read_at_14_px_on_a_1024x768_screen(game, seats, seed, monkeypatch, data_dir):
    small_app = make_app((1024, 768))
    try:
        drawn = spy_on_table_text(monkeypatch)
        small_app.clear_to(main.build_scene(small_app, "table", game, seats, seed=seed))
        frames(small_app, 240)
        scale = small_app.letterbox.scale
        texts = {text for text, _ in drawn}
        expected = {"lost-cities": {"MATCH", "THIS ROUND", "CARDS LEFT"},
                    "lost-in-time": {"RUNNING TOTAL", "5 in hand", "DEALER", "TURNED"},
                    "time-after-time": {"1"}}[game]
        if game == "time-after-time":
            assert any(text.endswith(" cards") or text.endswith(" card") for text in texts), texts
        else:
            assert expected <= texts, expected - texts
        small = sorted({(round(px * scale, 1), text) for text, px in drawn
                        if text.strip() and px * scale < LEAST_ON_SCREEN})
        assert not small, small
    finally:
        small_app.shutdown()


def test_the_lost_cities_scoring_panels_continue_line_reads_on_a_small_screen(monkeypatch, data_dir):
    """"Enter to continue" under the round's scores showed at 12 px on a 1024x768 screen, and the hint
    row beside the hand offered "Arrows Look" instead of how to go on."""
    from game.core.types import Action
    from game.ui.table_lost_cities import LostCitiesTable

    small_app = make_app((1024, 768))
    try:
        drawn = spy_on_table_text(monkeypatch)
        session = seated("lost-cities", 2, 1)
        table = LostCitiesTable(small_app, session)
        small_app.clear_to(table)
        step_until(small_app, lambda: table.can_act and table.phase == "play" and not table.animating)
        del session.state["deck"][1:]  # the next draw from the deck is the round's last card
        card = table.board.hands[0][0]
        session.submit(Action.make(0, "discard", card=card))
        step_until(small_app, lambda: table.can_act and table.phase == "draw" and not table.animating)
        session.submit(Action.make(0, "draw", source="deck"))
        step_until(small_app, lambda: table.scoring is not None and table.scoring.counted)
        frames(small_app, 2)
        hints = [px for text, px in drawn if text.endswith(" to continue")]
        assert hints and min(hints) * small_app.letterbox.scale >= LEAST_ON_SCREEN
        # the hint row under it said "Arrows Look", which moves nothing while the panel is up
        row = table.hint_row("keyboard")
        assert ("confirm", "Continue") in row and not any(action == "move" for action, _ in row), row
    finally:
        small_app.shutdown()


def test_sizes_at_full_hd_are_as_designed(monkeypatch, data_dir):
    """From 1366x768 up nothing changes: the labels keep their designed sizes."""
    big_app = make_app((1920, 1080))
    try:
        drawn = spy_on_table_text(monkeypatch)
        big_app.clear_to(main.build_scene(big_app, "table", "lost-cities", 2, seed=1))
        frames(big_app, 120)
        sizes = {text: px for text, px in drawn}
        assert sizes["MATCH"] == 20 and sizes["CARDS LEFT"] == 22
    finally:
        big_app.shutdown()


# --- Lost in Time's turn panel -----------------------------------------------------------------------
def panel_heads(table) -> list[str]:
    import game.ui.table_lost_in_time as module

    return [text for text, role in texts_set(module, table.draw_phase_panel) if role == "display"]


def test_lost_in_time_turn_panel_says_whose_turn_in_the_action_step(app):
    table = my_turn_at(app, "lost-in-time", 3, lambda t: t.phase == "action")
    assert [b[0] for b in table.buttons()] == ["skip"]
    assert "YOUR TURN" in panel_heads(table)


def test_lost_in_time_turn_panel_names_the_person_at_a_shared_screen(app):
    session = seated("lost-in-time", 3, 5, people=2)
    table = table_scene_for("lost-in-time")(app, session)
    app.clear_to(table)
    for _ in range(40):
        frames(app, 10)
        if table.curtain_seat is not None:
            click(app, (960, 540), settle=10)
        if table.can_act and table.phase == "action" and not table.animating:
            break
    assert table.can_act and table.phase == "action"
    heads = panel_heads(table)
    assert f"{table.name_of(table.viewer).upper()}, YOUR TURN" in heads, heads


# --- Time After Time's hours out of the game -------------------------------------------------------------
def test_hours_out_of_the_game_read_on_a_small_screen_and_stay_in_their_corner(data_dir):
    """The hours out of the game beside the pile showed at 11 px on a 1024x768 screen; a few now
    show at 14 px, and a list too long for the corner in that type keeps the designed size."""
    from game.ui.look.fonts import font
    from game.ui.table_time_after_time import OUT_RECT, TimeAfterTimeTable

    small_app = make_app((1024, 768))
    try:
        scale = small_app.letterbox.scale
        few = TimeAfterTimeTable.out_of_game_tokens(["tt-09-a", "tt-11-a", "tt-11-b", "tt-18-a"])
        assert len(few) == 1 + 3
        for image, (x, y) in few:
            assert OUT_RECT.x <= x and x + image.get_width() <= OUT_RECT.right and y + image.get_height() <= 1022
        hour_height = few[1][0].get_height()
        assert hour_height >= font("ui-bold", 26).get_height()  # 20 px grown to 26: 14 px on this screen
        assert 26 * scale >= LEAST_ON_SCREEN
        many = TimeAfterTimeTable.out_of_game_tokens(
            ["tt-06-a", "tt-08-a", "tt-08-b", "tt-10-b", "tt-12-a", "tt-13-a", "tt-15-b", "tt-17-a",
             "tt-18-a", "tt-18-b", "tt-20-a", "tt-21-b", "tt-22-a"])
        assert len(many) == 1 + 11
        for image, (x, y) in many:
            assert OUT_RECT.x <= x and x + image.get_width() <= OUT_RECT.right and y + image.get_height() <= 1022
    finally:
        small_app.shutdown()


# --- Lost in Time's hint row says what Enter does on the focus -------------------------------------------
def hint_words(table) -> list[str]:
    import game.ui.chrome as chrome

    return [text for text, _ in texts_set(chrome, table.draw_menu_button)]


def test_lost_in_time_hints_name_the_focused_button_not_pick_up(app):
    """With the keyboard focus on Skip action (or Discard 2 cards, Cannot travel) the hint row still
    read "Enter Pick up"; on a card staged for the discard Enter puts it back, not picks it up."""
    from ui_helpers import key

    table = my_turn_at(app, "lost-in-time", 3, lambda t: t.phase == "action")
    key(app, pygame.K_LEFT)  # the keyboard is the device: its hints show
    for _ in range(8):
        if table.focus is not None and table.focus[0] == "button":
            break
        key(app, pygame.K_RIGHT)
    assert table.focus == ("button", "skip")
    words = hint_words(table)
    assert "Skip action" in words and "Pick up" not in words, words
    key(app, pygame.K_LEFT)
    assert table.focus is not None and table.focus[0] == "hand"
    assert "Pick up" in hint_words(table)
    card = next((c for c in table.board.hands[table.me] if table.can_stage(c)), None)
    assert card is not None
    table.staged.append(card)
    table.focus = ("hand", card)
    words = hint_words(table)
    assert "Put back" in words and "Pick up" not in words, words


def test_a_skips_badge_squeezed_on_a_small_screen_keeps_the_designed_size_rather_than_vanish(monkeypatch, data_dir):
    """A seat's "SKIPS 2 TURNS" badge is left out when it would run into the total; its larger type
    on a small window must not make it vanish where the designed size still fits."""
    import game.ui.table_lost_in_time as module

    small_app = make_app((1024, 768))
    try:
        table = main.build_scene(small_app, "table", "lost-in-time", 3, seed=4)
        small_app.clear_to(table)
        frames(small_app, 5)
        sizes: list[int] = []
        real = module.text_surface

        def spy(text, role, px, colour):
            if text == "SKIPS 2 TURNS":
                sizes.append(px)
            return real(text, role, px, colour)

        monkeypatch.setattr(module, "text_surface", spy)
        surface = pygame.Surface((1920, 1080))
        designed = F.font("ui-bold", 20).size("SKIPS 2 TURNS")[0] + 18
        table.badge(surface, "SKIPS 2 TURNS", (100, 100), (200, 0, 0), anchor="midleft", max_right=100 + designed)
        assert sizes[-1] == 20  # squeezed: drawn at the designed size
        sizes.clear()
        table.badge(surface, "SKIPS 2 TURNS", (100, 100), (200, 0, 0), anchor="midleft", max_right=1000)
        assert sizes[-1] * small_app.letterbox.scale >= LEAST_ON_SCREEN  # room: the legible size
        sizes.clear()
        table.badge(surface, "SKIPS 2 TURNS", (100, 100), (200, 0, 0), anchor="midleft", max_right=100 + designed - 5)
        assert sizes == [F.legible_px(20), 20]  # no room even so: tried both, drawn neither (as before)
    finally:
        small_app.shutdown()
