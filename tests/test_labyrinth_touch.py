"""A touch player at the Labyrinth table has no hover: a finger held still on a card (a long press)
looks at it as a mouse hovers it — a small scenery card shown full size in the map's corner while the
finger stays down, any card's or button's words in the caption — and lifting it then is no tap (the
hero does not move, the card is not turned over). The favours' flames say what they mean when
tapped or held."""

from __future__ import annotations

import pygame

from game.ui.input import LONG_PRESS
from game.ui.labyrinth_layout import FAVOUR_RECT, MAP_RECT
from game.ui.labyrinth_overlays import DiscardBrowser, StorySheet
from test_labyrinth_camera import motion, open_table, ready, run_until  # noqa: F401
from test_labyrinth_pinch import finger, pinch
from ui_helpers import frames, tap

SIZE = (1280, 720)


def spot(table, target) -> tuple[float, float]:
    """A point of `target` that no other target covers (interaction cards overlap a little)."""
    rect = table.target_rect(target)
    assert rect is not None, target
    for fy in (0.5, 0.3, 0.15, 0.7, 0.85):
        for fx in (0.5, 0.3, 0.7):
            point = (rect.x + rect.w * fx, rect.y + rect.h * fy)
            if table.hit(point) == target:
                return point
    raise AssertionError(f"no visible spot on {target}")


def press(app, pos, seconds: float) -> None:
    finger(app, pygame.FINGERDOWN, 1, pos)
    frames(app, round(seconds * 60))


def lift(app, pos) -> None:
    finger(app, pygame.FINGERUP, 1, pos)
    frames(app, 3)


def settled(app, table) -> None:
    run_until(app, lambda: table.can_act and not table.animating and app.scenes.top is table)
    frames(app, 40)


def peek(table) -> pygame.Rect | None:
    return table.draw_peek(pygame.Surface((1920, 1080)))


def test_a_finger_held_on_a_small_scenery_card_shows_it_big_and_lifting_it_moves_nothing(data_dir):
    app, table, session = open_table(SIZE)
    ready(app, table)
    tap(app, spot(table, ("tile", "2")))  # a short tap still moves the hero
    settled(app, table)
    assert table.hero_number == 2 and len(session.actions) == 1
    pinch(app, MAP_RECT.center, 420, 120)  # zoomed far out: the titles are tiny
    frames(app, 30)
    target = ("tile", "1")
    assert 1 in table.move_targets() and table.tiles[1].face_up
    assert table.target_rect(target).width < table.tiles[1].image().get_width() * 0.8
    at = spot(table, target)
    press(app, at, LONG_PRESS * 0.5)
    assert peek(table) is None  # not yet: a tap on its way
    frames(app, round(LONG_PRESS * 60) + 12)
    shown = peek(table)
    assert shown is not None, "held still, the card is shown full size"
    assert not shown.colliderect(table.target_rect(target))  # beside the finger, not under it
    assert table.info_lines()[0].startswith("#1 ·")  # its title and text in the caption
    frames(app, 60)
    assert peek(table) is not None, "for as long as the finger stays down"
    lift(app, at)
    frames(app, 20)
    assert peek(table) is None
    assert len(session.actions) == 1 and table.hero_number == 2, "a long press is no tap: the hero stays"
    assert table.info_lines()[0].startswith("#1 ·")  # the caption keeps what was looked at
    app.shutdown()


def test_a_long_press_on_the_heros_card_does_not_open_its_reading_a_tap_does(data_dir):
    app, table, session = open_table(SIZE)
    ready(app, table)
    at = spot(table, ("tile", str(table.hero_number)))
    press(app, at, LONG_PRESS + 0.2)
    lift(app, at)
    frames(app, 10)
    assert app.scenes.top is table
    tap(app, at)
    frames(app, 10)
    assert isinstance(app.scenes.top, StorySheet)
    app.shutdown()


def test_a_long_press_on_an_interaction_card_tells_about_it_without_turning_it_over(data_dir):
    app, table, session = open_table(SIZE)
    ready(app, table)
    card = sorted(table.usable_cards())[0]
    at = spot(table, ("inter", card))
    press(app, at, LONG_PRESS + 0.2)
    title, text, _ = table.info_lines()
    assert title.startswith("Card ") and "wants" in text
    lift(app, at)
    frames(app, 30)
    assert len(session.actions) == 0 and card in table.inters and table.stage is None
    tap(app, at)  # and a tap turns it over as before
    frames(app, 10)
    assert len(session.actions) == 1
    app.shutdown()


def test_a_long_press_on_a_button_says_what_it_does_and_presses_nothing(data_dir):
    app, table, session = open_table(SIZE)
    ready(app, table)
    at = table.button_rects()["discard"].center
    press(app, at, LONG_PRESS + 0.2)
    assert table.info_lines()[0] == "Discards"
    lift(app, at)
    frames(app, 10)
    assert app.scenes.top is table
    tap(app, at)
    frames(app, 10)
    assert isinstance(app.scenes.top, DiscardBrowser)
    app.shutdown()


def test_while_items_are_chosen_a_long_press_reads_an_item_and_a_tap_picks_it(data_dir):
    app, table, session = open_table(SIZE)
    ready(app, table)
    for _ in range(30):  # play on by touch until a card wants an item we hold
        wanting = [c for c in sorted(table.usable_cards()) if 0 < table.interaction_needs(c) <= len(table.item_order)]
        if wanting:
            break
        free = [c for c in sorted(table.usable_cards()) if table.interaction_needs(c) == 0]
        moves = sorted(n for n in table.move_targets() if not table.tiles[n].face_up)
        tap(app, spot(table, ("inter", free[0]) if free else ("tile", str(moves[0]))))
        settled(app, table)
    card = wanting[0]
    tap(app, spot(table, ("inter", card)))
    assert table.selected == card
    item = table.item_order[0]
    at = spot(table, ("item", item))
    press(app, at, LONG_PRESS + 0.2)
    title, text, hint = table.info_lines()
    assert title.startswith(table.item_name(item)) and text and hint == "Pick it"
    lift(app, at)
    assert table.chosen == [] and table.selected == card  # looked at, not picked
    assert table.info_lines()[0].startswith("Card ")  # the choice's caption is back
    tap(app, at)
    assert table.chosen == [item]
    app.shutdown()


def test_a_second_finger_makes_a_pinch_not_a_long_press(data_dir):
    app, table, session = open_table(SIZE)
    ready(app, table)
    at = spot(table, ("tile", str(table.hero_number)))
    finger(app, pygame.FINGERDOWN, 1, at)
    frames(app, 2)
    finger(app, pygame.FINGERDOWN, 2, (at[0] + 200, at[1]))
    frames(app, round(LONG_PRESS * 60) + 20)  # both held still
    assert table.resting is None and table.hover is None
    finger(app, pygame.FINGERUP, 2, (at[0] + 200, at[1]))
    finger(app, pygame.FINGERUP, 1, at)
    frames(app, 10)
    assert app.scenes.top is table and len(session.actions) == 0


def test_the_favours_say_what_they_mean_to_a_tap(data_dir):
    app, table, session = open_table(SIZE)
    ready(app, table)
    tap(app, FAVOUR_RECT.center)
    title, text, _ = table.info_lines()
    assert title == "Favours · 8 of 8 still burn"
    assert "score" in text
    at = (FAVOUR_RECT.x + 20, FAVOUR_RECT.centery)
    press(app, at, LONG_PRESS + 0.2)
    assert table.info_lines()[0].startswith("Favours")
    lift(app, at)
    assert len(session.actions) == 0
    app.shutdown()
