"""The rules screen for someone looking for one thing: the game's contents jump to a section by
every device, follow the page turns, and a caller (a first-game tip, a table) opens at a topic."""

from __future__ import annotations

import pygame
import pytest

from game.core.registry import GAMES
from game.ui.rules import RulesScene
from game.ui.widgets import MIN_TARGET
from ui_helpers import frames, key, make_app, pad, tap


@pytest.fixture
def app(data_dir):
    application = make_app()
    yield application
    application.shutdown()


def open_rules(app, game_id: str, topic: str | None = None) -> RulesScene:
    rules = RulesScene(app, game_id, topic=topic)
    app.push(rules)
    frames(app, 2)
    return rules


def title_now(rules: RulesScene) -> str:
    return rules.doc()[1][rules.page][0]


@pytest.mark.parametrize("info", GAMES, ids=[info.game_id for info in GAMES])
def test_every_game_lists_its_sections_in_order_and_each_opens_at_its_first_page(app, info):
    rules = open_rules(app, info.game_id)
    titles = [title for title, _ in rules.sections()]
    assert rules.contents.items == titles and len(titles) == len(set(titles)) >= 5
    assert titles == [page.title for page in rules.doc()[0].pages]
    for index, (title, first) in enumerate(rules.sections()):
        rules.select_section(index)
        assert rules.page == first and title_now(rules) == title
        assert RulesScene(app, info.game_id, topic=title).page == first  # a topic opens there too
    assert rules.contents.row_height >= MIN_TARGET


def test_a_tap_on_a_section_jumps_there(app):
    rules = open_rules(app, "lost-cities")
    row = rules.contents.rect.y + rules.contents.row_height * 2.5  # the third section
    tap(app, (rules.contents.rect.centerx, row))
    assert title_now(rules) == rules.sections()[2][0] == "A turn"


@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_keys_and_pads_reach_the_contents_below_the_games(app, device):
    down = (lambda: key(app, pygame.K_DOWN)) if device == "keyboard" else (
        lambda: pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN))
    rules = open_rules(app, "labyrinth")
    assert rules.game_index == 3
    down()  # from the last game into the contents
    assert rules.group.focused is rules.contents
    down()
    down()
    assert title_now(rules) == rules.sections()[2][0] and rules.game_index == 3


def test_the_contents_follow_the_page_turns_and_scroll_to_show_the_section(app):
    rules = open_rules(app, "labyrinth")  # eight sections, five rows
    for _ in range(len(rules.doc()[1]) - 1):
        key(app, pygame.K_RIGHT)
    assert rules.contents.index == len(rules.sections()) - 1
    last_row = rules.contents.scroll + rules.contents.visible_rows - 1
    assert rules.contents.scroll <= rules.contents.index <= last_row
    rules.list.select(0)  # another game starts at its first section
    frames(app, 1)
    assert rules.page == 0 and rules.contents.index == 0 and rules.contents.scroll == 0
    assert rules.contents.items[0] == "The goal" and len(rules.contents.items) == 6


def test_an_unknown_topic_opens_at_the_first_page_and_a_partial_one_at_its_section(app):
    assert RulesScene(app, "lost-in-time", topic="No such page").page == 0
    rules = RulesScene(app, "lost-in-time", topic="travelling")
    assert title_now(rules) == "Travelling in time"


@pytest.mark.parametrize("info", GAMES, ids=[info.game_id for info in GAMES])
def test_every_game_shows_its_cards_in_a_strip_that_fits_the_text_column(app, info):
    """The Labyrinth too: a newcomer sees what a scenery card, an interaction card, an item, a
    prophecy and a favour look like before meeting them at the table."""
    from game.ui.rules import PICTURE_BAND, TEXT_W
    from game.ui.rules_pictures import card_pictures

    pictures = card_pictures(info.game_id)
    assert len(pictures) >= 5
    assert sum(p.get_width() for p in pictures) + 24 * (len(pictures) - 1) <= TEXT_W
    assert max(p.get_height() for p in pictures) <= PICTURE_BAND - 20
    rules = open_rules(app, info.game_id, topic="The cards")
    assert title_now(rules).startswith("The cards") and rules.page == 1
