"""The full-size Thornwood Maze at the real table, the playtest's findings 1, 2 and 6: at the maze's
heart (#29 and #32) six face-down interaction cards stand beside each scenery; a stack of three or
more opens (click, tap, Enter, pad A, an item carried over it) into a fan where every card is a
>= 64 px target, shows what the table has read of it, carries its own tried badge and a Read plate;
keys and pads step through the fan's cards. With keys, the default focus lies near the hero and the
camera brings the focus into view; the full-size peek never covers the hero or the card looked at;
at 1280x720 the camera's own zoom keeps the scenery titles >= 13 real pixels; a card flying into
Discards passes under the buttons' words."""

from __future__ import annotations

import os
from itertools import combinations

import pygame
import pytest

from game.core import Action, GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.labyrinth_layout import FIT_RECT, MAP_RECT
from game.ui.labyrinth_map import MIN_TOUCH, READABLE_SCALE, BASE_TILE_H, FanLayout, read_label
from game.ui.labyrinth_overlays import StorySheet
from game.ui.look import palette as P
from game.ui.sprites import CardSprite
from game.ui.tables import table_scene_for
from game.ui.tween import MOTION
from test_labyrinth_adventure_yewmaze import CAREFUL
from ui_helpers import click, frames, key, make_app, pad, tap

HEART = CAREFUL.index(("move", 32)) + 1  # the careful path up to the Green Ring: both stacks of six in play
FOLK = [(step[1], step[2]) for step in CAREFUL[HEART:HEART + 6]]  # (the card, the item it wants), in order


@pytest.fixture(autouse=True)
def motion(data_dir):
    MOTION.speed = 4.0  # the chains of effects play quicker; nothing here times an animation
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def to_action(step: tuple) -> Action:
    if step[0] == "move":
        return Action.make(0, "move", to=step[1])
    return Action.make(0, "interact", card=step[1], items=sorted(step[2:]))


def settle(app, table, limit: int = 4000) -> None:
    """Frames until a person can act, closing the story sheets that open on the way."""
    for _ in range(limit):
        frames(app, 1)
        if isinstance(app.scenes.top, StorySheet):
            key(app, pygame.K_RETURN, settle=1)
            continue
        if app.scenes.top is table and table.can_act and not table.animating:
            frames(app, 30)  # the camera's glide ends
            return
    raise AssertionError("the table never became ready")


def open_maze(steps: int, size: tuple[int, int] = (1920, 1080)):
    app = make_app(size)
    config = GameConfig.make("labyrinth", [SeatConfig("human", "You", "expert")], scenario="yewmaze", mode="together")
    session = LocalSession(config, 7, bot_delay=0, actions=[to_action(s) for s in CAREFUL[:steps]])
    table = table_scene_for("labyrinth")(app, session)
    app.push(table)
    settle(app, table)
    return app, table, session


def open_fan_by_click(app, table, number: int = 29) -> list[str]:
    rect = table.target_rect(("stack", str(number)))
    assert rect is not None and rect.width >= MIN_TOUCH and rect.height >= MIN_TOUCH
    click(app, rect.center)
    frames(app, 6)
    assert table.fanned == number
    return table.stacks()[number]


def assert_fanned_cards_are_targets(table, cards: list[str]) -> None:
    rects = [table.target_rect(("inter", c)) for c in cards]
    for card, rect in zip(cards, rects):
        assert rect is not None and rect.width >= MIN_TOUCH and rect.height >= MIN_TOUCH, (card, rect)
        assert MAP_RECT.contains(rect), (card, rect)
        assert table.hit(rect.center) == ("inter", card)
    for a, b in combinations(rects, 2):
        assert not a.colliderect(b), (a, b)


def try_item(app, table, card: str, item: str) -> None:
    """Choose `card` in the open fan with the mouse, then the item, then Use."""
    click(app, table.target_rect(("inter", card)).center)
    assert table.selected == card
    click(app, table.target_rect(("item", item)).center)
    click(app, table.button_rects()["use"].center)
    settle(app, table)


def test_the_hearts_stacks_open_by_mouse_into_cards_each_large_and_hit(data_dir):
    app, table, session = open_maze(HEART)
    stacks = table.stacks()
    assert sorted(stacks) == [29, 32] and all(len(cards) == 6 for cards in stacks.values())
    # closed, a stack is one target (its cards overlap): a click on its top card opens it, uses nothing
    top = table.inters[stacks[29][-1]].screen_rect(table.camera)
    assert table.hit(top.center) == ("stack", "29")
    cards = open_fan_by_click(app, table)
    assert len(session.actions) == HEART  # opening is no move
    assert_fanned_cards_are_targets(table, cards)
    pygame.image.save(app.canvas, "/tmp/stacks_fan_mouse.png") if os.environ.get("KEEP_SHOTS") else None
    # a click on the map beside the fan puts the cards back
    panel = table.fan_layout().panel
    beside = next((x, y) for y in range(MAP_RECT.y + 10, MAP_RECT.bottom, 40)
                  for x in range(MAP_RECT.x + 10, MAP_RECT.right, 40) if not panel.inflate(8, 8).collidepoint(x, y))
    assert table.hit(beside) == ("fan", "close")
    click(app, beside)
    assert table.fanned is None and all(table.inters[c].fan_rect is None for c in cards)


def test_by_touch_a_tap_opens_the_stack_and_a_tap_chooses_a_card_then_an_item_tries_it(data_dir):
    app, table, session = open_maze(HEART)
    tap(app, table.target_rect(("stack", "29")).center)
    frames(app, 6)
    assert table.fanned == 29
    answer, item = FOLK[0]
    tap(app, table.target_rect(("inter", answer)).center)
    assert table.selected == answer
    tap(app, table.target_rect(("item", item)).center)
    tap(app, table.button_rects()["use"].center)
    settle(app, table)
    assert session.actions[-1]["card"] == answer and answer not in table.inters  # solved, discarded
    assert table.fanned == 29 and len(table.stacks()[29]) == 5  # the fan stays open for the next one
    assert_fanned_cards_are_targets(table, table.stacks()[29])


def test_an_item_dragged_over_a_closed_stack_opens_it_and_drops_on_one_card(data_dir):
    app, table, session = open_maze(HEART)
    answer, item = FOLK[0]
    start = table.target_rect(("item", item)).center
    over = table.target_rect(("stack", "29")).center
    table.handle_table(_intent("drag_start", start))
    table.handle_table(_intent("drag_move", over))
    assert table.fanned == 29
    drop = table.target_rect(("inter", answer)).center
    table.handle_table(_intent("drag_move", drop))
    table.handle_table(_intent("drag_end", drop))
    settle(app, table)
    assert session.actions[-1]["card"] == answer and list(session.actions[-1]["items"]) == [item]


def _intent(kind: str, pos):
    from game.ui.input import Intent

    return Intent(kind, pos=(float(pos[0]), float(pos[1])), device="mouse")


@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_keys_and_pads_open_the_stack_and_step_through_every_card(data_dir, device):
    app, table, session = open_maze(HEART)
    confirm = (lambda: key(app, pygame.K_RETURN)) if device == "keyboard" else (
        lambda: pad(app, pygame.CONTROLLER_BUTTON_A))
    right = (lambda: key(app, pygame.K_RIGHT)) if device == "keyboard" else (
        lambda: pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT))
    left = (lambda: key(app, pygame.K_LEFT)) if device == "keyboard" else (
        lambda: pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT))
    table.focus = ("stack", "29")
    confirm()
    assert table.fanned == 29
    cards = table.stacks()[29]
    assert table.focus == ("inter", cards[0])
    seen = [table.focus[1]]
    for _ in range(len(cards) - 1):
        right()
        seen.append(table.focus[1])
    assert seen == cards  # left to right, each card in turn
    for _ in range(len(cards) - 1):
        left()
    assert table.focus == ("inter", cards[0])
    # the right card chosen by keys alone: Enter, the item, Use
    answer, item = FOLK[0]
    for _ in range(cards.index(answer)):
        right()
    confirm()
    assert table.selected == answer and table.focus[0] == "item"
    table.focus = ("item", item)  # (stepping over the tray of items is the table's old, tested way)
    confirm()
    assert table.focus == ("button", "use")
    confirm()
    settle(app, table)
    assert session.actions[-1]["card"] == answer
    # Back closes the fan; the focus goes back to the stack
    key(app, pygame.K_ESCAPE) if device == "keyboard" else pad(app, pygame.CONTROLLER_BUTTON_B)
    assert table.fanned is None and table.focus == ("stack", "29")


def test_a_card_of_a_closed_stack_pointed_at_by_a_suggestion_opens_its_stack(data_dir):
    app, table, session = open_maze(HEART)
    answer, item = FOLK[0]
    table.point_at(Action.make(0, "interact", card=answer, items=[item]))
    frames(app, 3)
    assert table.fanned == 29 and table.selected == answer
    assert table.target_rect(("inter", answer)) == table.fan_layout().cards[table.stacks()[29].index(answer)]


def test_a_card_read_and_turned_back_shows_what_was_read_and_its_own_badge(data_dir, monkeypatch):
    import game.ui.labyrinth_controls as controls

    sheets: list[list[tuple[str, str]]] = []

    class RecordedSheet(StorySheet):
        def __init__(self, app, blocks, *args, **kwargs) -> None:
            sheets.append(list(blocks))
            super().__init__(app, blocks, *args, **kwargs)

    monkeypatch.setattr(controls, "StorySheet", RecordedSheet)
    app, table, session = open_maze(HEART)
    cards = open_fan_by_click(app, table)
    answer, item = FOLK[0]
    wrong = [c for c in cards if c != answer][:3]
    for card in wrong:  # the mason's chisel given to three other figures: each shows who it is
        try_item(app, table, card, item)
    assert table.fanned == 29
    for card in wrong:
        label = table.card_label(card)
        top = table.card_reads()[card][0]
        assert label and top.startswith(label.rstrip("\u2026")), (label, top)
        assert table.info_lines_for(("inter", card))[0].endswith(label)  # the caption names it
    assert len({table.card_label(c) for c in wrong}) == 3  # each tells itself from the others
    assert all(table.card_label(c) == "" for c in cards if c not in wrong)
    surface = pygame.Surface((1920, 1080))
    table.draw_table(surface, 1.0)
    pygame.image.save(surface, "/tmp/stacks_read.png") if os.environ.get("KEEP_SHOTS") else None
    badges = table.badge_rects  # the three tried cards' and the closed stack of #32's count
    for a, b in combinations(badges, 2):
        assert not a.colliderect(b), (a, b)
    card_rects = [table.target_rect(("inter", c)) for c in wrong]
    assert [sum(card.contains(badge) for badge in badges) for card in card_rects] == [1, 1, 1]  # each its own
    assert len(badges) == 4
    # the Read plate opens what was read of that card on a sheet
    plate = table.target_rect(("read", wrong[0]))
    assert plate is not None and plate.height >= MIN_TOUCH and not plate.colliderect(card_rects[0])
    click(app, plate.center)
    assert isinstance(app.scenes.top, RecordedSheet) and sheets
    assert sheets[-1][0] == ("title", f"Card 29 · {table.card_label(wrong[0])}")
    assert ("italic", table.card_reads()[wrong[0]][0]) in sheets[-1]


def test_what_was_read_is_remembered_when_the_game_is_continued(data_dir):
    answer, item = FOLK[0]
    wrong = next(c for c in [f[0] for f in FOLK] if c != answer)
    app, table, session = open_maze(HEART)
    open_fan_by_click(app, table)
    try_item(app, table, wrong, item)
    actions = list(session.actions)
    config = session.config
    again = LocalSession(config, 7, bot_delay=0, actions=actions)
    app2 = make_app()
    table2 = table_scene_for("labyrinth")(app2, again)
    app2.push(table2)
    settle(app2, table2)
    assert table2.card_label(wrong) == table.card_label(wrong) != ""


def test_default_focus_is_near_the_hero_and_the_camera_shows_it(data_dir):
    app, table, session = open_maze(56)
    app.input.last_device = "keyboard"
    table.focus = None
    frames(app, 2)
    focus = table.default_focus()
    assert focus is not None
    hero = table.hero_spot(table.hero_number)
    reach = [n for n in table.move_targets() if n in table.tiles]
    assert focus != ("tile", str(min(reach)))  # the playtest's far-off lowest number
    assert focus[0] == "tile"

    def away(n: int) -> float:
        x, y = table.tiles[n].centre
        return (x - hero[0]) ** 2 + (y - hero[1]) ** 2

    # of the places of its kind (here one to discover), the nearest to the hero
    alike = [n for n in reach if table.tiles[n].face_up == table.tiles[int(focus[1])].face_up]
    assert away(int(focus[1])) == min(away(n) for n in alike)
    # pan far away, then let the focus come back: the camera brings it into view
    table.camera.pan(3000, 3000)
    table.focus = None
    table.followed = None
    table.on_view(table.shown)
    frames(app, 40)
    rect = table.target_rect(table.focus)
    assert rect is not None and MAP_RECT.contains(rect), (table.focus, rect)


def test_focus_moved_far_by_arrows_is_brought_into_view(data_dir):
    app, table, session = open_maze(HEART)
    app.input.last_device = "keyboard"
    for _ in range(12):
        key(app, pygame.K_LEFT, settle=30)
        rect = table.target_rect(table.focus)
        if table.focus[0] in ("tile", "inter", "stack"):
            assert MAP_RECT.colliderect(rect), table.focus


def test_the_full_size_peek_never_covers_the_hero_nor_the_card_looked_at(data_dir):
    app, table, session = open_maze(HEART)
    app.input.last_device = "keyboard"
    table.camera.zoom_at(MAP_RECT.center, 0.5, seconds=0)  # zoomed out: every card small enough to peek at
    frames(app, 20)
    hero = table.hero_rect()
    shown = 0
    surface = pygame.Surface((1920, 1080))
    for number, tile in table.tiles.items():
        if not tile.face_up or not MAP_RECT.colliderect(tile.screen_rect(table.camera)):
            continue
        table.peek_target, table.peek_time = ("tile", str(number)), 5.0
        box = table.draw_peek(surface)
        if box is None:
            continue
        shown += 1
        assert not box.colliderect(hero), (number, box, hero)
        assert not box.colliderect(tile.screen_rect(table.camera)), number
        assert not box.colliderect(FIT_RECT)  # zoomed by hand: "Fit map" is shown
        assert MAP_RECT.contains(box)
    assert shown >= 10


def test_at_720p_the_camera_keeps_the_titles_readable_in_real_pixels(data_dir):
    app, table, session = open_maze(HEART, size=(1280, 720))
    real = app.letterbox.scale
    assert real == pytest.approx(2 / 3)
    scale = table.camera.now()[0]
    floor = table.camera.readable_floor()
    assert floor == pytest.approx(READABLE_SCALE * 1.5)
    assert scale >= floor - 1e-6  # the map is far bigger than the view: the camera stops at the floor
    title_px = round(round(BASE_TILE_H * 0.17) * 0.72)  # the scenery face's title at scale 1 (cards_labyrinth)
    assert title_px * scale * real >= 13
    # the first view is fitted at that floor already: the table does not open with a zoom
    config = GameConfig.make("labyrinth", [SeatConfig("human", "You", "expert")], scenario="yewmaze", mode="together")
    again = table_scene_for("labyrinth")(app, LocalSession(config, 7, bot_delay=0, actions=list(session.actions)))
    app.push(again)
    assert again.camera.now()[0] == pytest.approx(floor)
    # at 1080p the floor is the same as ever
    app2, table2, _ = open_maze(HEART)
    assert table2.camera.readable_floor() == READABLE_SCALE
    assert table2.camera.now()[0] == pytest.approx(READABLE_SCALE)
    assert title_px * READABLE_SCALE >= 13


def test_a_small_map_at_720p_is_still_fitted_whole(data_dir):
    app, table, session = open_maze(1, size=(1280, 720))
    bounds = table.map_bounds()
    left, top = table.camera.to_screen((bounds[0], bounds[1]))
    right, bottom = table.camera.to_screen((bounds[2], bounds[3]))
    assert MAP_RECT.inflate(4, 4).contains(pygame.Rect(left, top, right - left, bottom - top))


def test_fan_layout_keeps_clear_of_its_scenery_and_the_hero_when_there_is_room():
    area = pygame.Rect(0, 0, 1216, 612)
    scenery = pygame.Rect(500, 40, 160, 114)
    hero = pygame.Rect(520, 60, 64, 64)
    layout = FanLayout(6, scenery, area, hero)
    assert area.contains(layout.panel) and not layout.panel.colliderect(scenery)
    assert all(layout.panel.contains(r) for r in layout.cards + layout.reads + [layout.close])
    assert all(r.width >= MIN_TOUCH and r.height >= MIN_TOUCH for r in layout.cards + layout.reads + [layout.close])
    tall = pygame.Rect(900, 200, 300, 300)  # no room above or below: beside it
    beside = FanLayout(3, tall, area, tall.inflate(-200, -200))
    assert area.contains(beside.panel) and not beside.panel.colliderect(tall)
    many = FanLayout(12, scenery, area)
    assert many.panel.width <= area.width and many.card_w >= MIN_TOUCH


def test_read_label_is_the_first_clause_cut_at_a_word():
    assert read_label("A broad man in a leather apron, clipped in yew. His hand") == "A broad man in a leather apron"
    long = read_label("A very long description of a figure without any stop at all for many words on end")
    assert long.endswith("\u2026") and len(long) <= 45


def test_a_card_flying_into_discards_passes_under_the_buttons_words(data_dir):
    app, table, session = open_maze(HEART)
    button = table.button_rects()["discard"]
    surface = pygame.Surface((1920, 1080))
    table.draw_table(surface, 1.0)
    plain = surface.subsurface(button).copy()
    back = table.inters[table.stacks()[29][0]].back()
    sprite = CardSprite("flying", back, back, button.center, scale=0.6)
    table.flying.append(sprite)
    table.draw_table(surface, 1.0)
    table.flying.remove(sprite)
    covered = surface.subsurface(button)
    label = pygame.Rect(0, 0, button.width // 3, 30)
    label.center = (button.width // 2, button.height // 2)
    same = sum(plain.get_at((x, y)) == covered.get_at((x, y))
               for x in range(label.left, label.right) for y in range(label.top, label.bottom))
    # the words are drawn over the card: their bright pixels are unchanged
    ivory = pygame.Color(*P.IVORY)
    bright = [(x, y) for x in range(label.left, label.right) for y in range(label.top, label.bottom)
              if plain.get_at((x, y)) == ivory]  # the letters' solid strokes
    assert bright and all(covered.get_at(p) == plain.get_at(p) for p in bright)
    assert same < label.width * label.height  # the card is there, under the panel
