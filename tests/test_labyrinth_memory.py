"""The Labyrinth's memory (playtest findings 4, 7 and 9a): at the end of The Thornwood Maze (77 pages,
114 discards) the first page is a few inputs away by every device through the reading panel's
Contents; page titles name the place; the discard pile opens as a list grouped by place with jumps,
each card saying where it was; item names take "the" by a rule that fits every item of the four
adventures; a seat named "You" has "Your turn"; the whole log opens on a sheet; a table of several
seats says who tried an item; the ending sheet and the results both say "Favours lit"."""

from __future__ import annotations

import tomllib

import pygame
import pytest

from game.core import Action, GameConfig, SeatConfig
from game.core.types import Event
from game.rules.labyrinth.scenario import SCENARIO_DIR
from game.session import LocalSession
from game.ui.labyrinth_layout import LOG_RECT
from game.ui.labyrinth_overlays import DiscardBrowser, DiscardList, ReadingContents, StorySheet, contents_rows
from game.ui.labyrinth_reading import Journal, Page, item_phrase, items_phrase, takes_article
from game.ui.tables import table_scene_for
from test_labyrinth_adventure_yewmaze import CAREFUL
from ui_helpers import click, frames, key, make_app, pad, tap


@pytest.fixture(autouse=True)
def fresh_data(data_dir):
    yield


def to_action(step: tuple, seat: int = 0) -> Action:
    if step[0] == "move":
        return Action.make(seat, "move", to=step[1])
    return Action.make(seat, "interact", card=step[1], items=sorted(step[2:]))


def settle(app, table, limit: int = 3000) -> None:
    """Frames until a person can act, closing the story sheets that open on the way."""
    for _ in range(limit):
        frames(app, 1)
        if isinstance(app.scenes.top, StorySheet):
            key(app, pygame.K_RETURN, settle=1)
            continue
        if app.scenes.top is table and table.can_act and not table.animating:
            return
    raise AssertionError("the table never settled")


def late_maze(steps_live: int = 1, size=(1920, 1080), names=("P1",), mode="together"):
    """The Thornwood Maze near its end: resumed from the careful path, the last steps played live."""
    app = make_app(size)
    seats = [SeatConfig("human", name, "expert") for name in names]
    config = GameConfig.make("labyrinth", seats, scenario="yewmaze", mode=mode)
    played = CAREFUL[:-3]
    session = LocalSession(config, 7, bot_delay=0, actions=[to_action(s) for s in played])
    table = table_scene_for("labyrinth")(app, session)
    app.push(table)
    settle(app, table)
    for step in CAREFUL[-3:-3 + steps_live]:
        table.submit(to_action(step))
        settle(app, table)
    frames(app, 10)
    return app, table


@pytest.fixture(scope="module")
def maze_app():
    return late_maze(2)  # the move to #34 and the first two hour stones, live


# --- finding an earlier page ------------------------------------------------------------------------
def test_the_keyboard_reaches_the_first_page_of_a_long_story_in_a_few_presses():
    app, table = late_maze(0)
    assert len(table.journal.pages) > 60 and table.journal.index == len(table.journal.pages) - 1
    presses = 0
    while table.focus != ("page", "next") and presses < 6:
        key(app, pygame.K_RIGHT)
        presses += 1
    while table.focus != ("page", "contents") and presses < 9:
        key(app, pygame.K_UP)
        presses += 1
    assert table.focus == ("page", "contents")
    key(app, pygame.K_RETURN, settle=5)
    assert isinstance(app.scenes.top, ReadingContents)
    key(app, pygame.K_q, settle=3)  # Q: to the first page's row
    key(app, pygame.K_RETURN, settle=5)
    presses += 3
    assert app.scenes.top is table and table.journal.index == 0
    assert presses <= 8, presses  # the playtest needed 75 presses of Q


def test_a_gamepad_reaches_the_first_page_with_the_shoulder_button_in_the_contents():
    app, table = late_maze(0)
    presses = 0
    while table.focus != ("page", "next") and presses < 6:
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        presses += 1
    while table.focus != ("page", "contents") and presses < 9:
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
        presses += 1
    pad(app, pygame.CONTROLLER_BUTTON_A, settle=5)
    assert isinstance(app.scenes.top, ReadingContents)
    pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER, settle=3)
    pad(app, pygame.CONTROLLER_BUTTON_A, settle=5)
    assert app.scenes.top is table and table.journal.index == 0
    assert presses + 3 <= 8
    # and back to the newest: RB in the contents
    table.activate(("page", "contents"), "gamepad")
    frames(app, 3)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, settle=3)
    pad(app, pygame.CONTROLLER_BUTTON_A, settle=5)
    assert table.journal.index == len(table.journal.pages) - 1


@pytest.mark.parametrize("device", ["mouse", "touch"])
def test_a_pointer_reaches_the_first_page_in_two_taps(device):
    app, table = late_maze(0, size=(1280, 720))
    press = click if device == "mouse" else tap
    press(app, table.journal.contents_rect.center, settle=5)
    contents = app.scenes.top
    assert isinstance(contents, ReadingContents)
    press(app, contents.first_rect.center, settle=5)
    assert app.scenes.top is table and table.journal.index == 0
    # a page chosen in the list: the third row of the second place
    press(app, table.journal.contents_rect.center, settle=5)
    contents = app.scenes.top
    press(app, contents.group_next_rect.center, settle=3)
    row = contents.selected
    assert contents.rows[row - 1][0] == "heading" and contents.rows[row - 1][2].startswith("#")
    press(app, contents.row_rect(row).center, settle=5)
    assert app.scenes.top is table and table.journal.index == contents.rows[row][1]


def test_the_contents_group_pages_by_place_and_gather_the_prophecies(maze_app):
    app, table = maze_app
    rows = contents_rows(table.journal.pages)
    headings = [text for kind, _, text in rows if kind == "heading"]
    assert headings[0] == "The story" and headings[-1] == "Prophecies"
    assert len(headings) == len(set(headings))  # each place once
    assert "#4 The Sundial Court" in headings
    listed = [index for kind, index, _ in rows if kind == "page"]
    assert set(listed) == set(range(len(table.journal.pages)))  # every page can be reached
    prophecy_pages = [i for i, page in enumerate(table.journal.pages) if page.tells_prophecy]
    assert prophecy_pages and listed[-len(prophecy_pages):] == prophecy_pages


def test_page_titles_name_the_place_they_were_read_at(maze_app):
    app, table = maze_app
    titles = [page.title for page in table.journal.pages]
    earlier = [t for t in titles if t.endswith("read earlier")]
    assert len(earlier) > 50
    assert all(t.startswith("#") for t in earlier), [t for t in earlier if not t.startswith("#")][:3]
    assert "#4 The Sundial Court · read earlier" in titles
    assert not any(t.startswith("Card ") for t in titles)
    # a scenery the table saw discovered is named; one gone from the map before the game was resumed
    # keeps its number (its card and title are in the discards, not on the map)
    unnamed = {t for t in earlier if t.split(" · ")[0].count(" ") == 0}
    assert unnamed <= {"#28 · read earlier"}, unnamed
    live = table.journal.pages[-1]
    assert live.title.startswith("#34 The Sunrise Gate · with the Sunset stone")
    assert live.place == "#34 The Sunrise Gate"


def test_a_long_page_title_is_cut_not_shrunk_below_a_readable_size():
    from game.ui.labyrinth_reading import TITLE_MIN_PX, fitted_title

    journal = Journal(pygame.Rect(1248, 96, 656, 718))
    long_title = "#34 The Sunrise Gate · with the Sunset stone and the Dusk stone and the Midnight stone"
    cut = fitted_title(long_title, TITLE_MIN_PX, journal.contents_rect.x - journal.rect.x - 44)
    assert cut.endswith("…") and cut.startswith("#34 The Sunrise Gate")


# --- the discard pile ---------------------------------------------------------------------------------
def test_a_big_discard_pile_opens_as_a_list_that_jumps_by_place_and_says_where_each_card_was(maze_app):
    app, table = maze_app
    table.press_button("discard")
    frames(app, 5)
    pile = app.scenes.top
    assert isinstance(pile, DiscardList) and len(pile.entries) > 100
    headings = [text for kind, _, text in pile.rows if kind == "heading"]
    assert "#4 The Sundial Court" in headings and "Items you held" in headings
    # the oldest card: two inputs (First place, then the group's last row is the oldest there)
    key(app, pygame.K_q, settle=2)
    first = pile.selected
    assert pile.rows[first - 1][0] == "heading"
    # right jumps place by place: each jump lands on a new place's first card
    seen = []
    for _ in range(3):
        key(app, pygame.K_RIGHT, settle=2)
        seen.append(pile.group_of(pile.selected))
    assert len(set(seen)) == 3 and all(s.startswith("#") for s in seen)
    key(app, pygame.K_RETURN, settle=5)
    browser = app.scenes.top
    assert isinstance(browser, DiscardBrowser)
    entry = browser.entries[browser.index]
    assert browser.where(entry) == seen[-1]  # the card read says where it was
    assert seen[-1] in browser.face_up_caption(entry) or entry.get("face") != "up"
    key(app, pygame.K_ESCAPE, settle=5)
    assert app.scenes.top is pile  # Back from a card goes back to the list
    key(app, pygame.K_ESCAPE, settle=5)
    assert app.scenes.top is table


def test_a_touch_on_the_place_arrows_and_a_row_opens_that_card(maze_app):
    app, table = maze_app
    table.press_button("discard")
    frames(app, 5)
    pile = app.scenes.top
    tap(app, pile.first_rect.center, settle=5)  # First place: its newest card opens
    browser = app.scenes.top
    assert isinstance(browser, DiscardBrowser)
    assert browser.where(browser.entries[browser.index]) == pile.group_of(pile.first_row())
    tap(app, browser.close_rect.center, settle=5)
    tap(app, pile.group_next_rect.center, settle=3)
    assert pile.group_of(pile.selected) != pile.group_of(pile.first_row())
    tap(app, pile.close_rect.center, settle=5)
    assert app.scenes.top is table


def test_a_small_pile_still_opens_card_by_card():
    app = make_app()
    discard = [{"card": "i-1", "deck": "interaction", "face": "up", "texts": ["A note."], "number": 6}]
    table_places = {6: "The Sundial Court"}
    browser = DiscardBrowser(app, discard, {}, table_places)
    assert browser.face_up_caption(browser.entries[0]) == "Card 6 at #6 The Sundial Court, as it was read"


# --- the log's words ----------------------------------------------------------------------------------
def every_item_name() -> list[str]:
    names: list[str] = []

    def walk(node):
        if isinstance(node, dict):
            if "letter" in node and "name" in node:
                names.append(str(node["name"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted(SCENARIO_DIR.glob("*.toml")):
        if path.stem in ("tutorial", "saltmere", "tower", "yewmaze"):
            walk(tomllib.loads(path.read_text()))
    return names


def test_the_article_rule_fits_every_item_name_of_the_four_adventures():
    names = every_item_name()
    assert len(names) == 66  # 4 + 10 + 12 + 40
    for name in names:
        possessive = name.split()[0].endswith("'s")
        assert takes_article(name) is not possessive, name
        assert item_phrase(name) == (name if possessive else f"the {name}")
    assert item_phrase("Hester's map") == "Hester's map" and item_phrase("Bone key") == "the Bone key"
    assert items_phrase(["Shed key", "Alder's letter"]) == "the Shed key and Alder's letter"
    assert item_phrase("The Queen's ring") == "The Queen's ring"  # a name with its own article


def two_seat_table(names=("You", "Rowan")):
    app = make_app()
    seats = [SeatConfig("human", names[0], "expert"), SeatConfig("bot", names[1], "expert")]
    config = GameConfig.make("labyrinth", seats, scenario="yewmaze", mode="turns")
    table = table_scene_for("labyrinth")(app, LocalSession(config, 7, bot_delay=0))
    app.push(table)
    frames(app, 3)
    return app, table


def test_the_log_says_items_with_the_right_article_and_your_turn_for_a_seat_named_you():
    app, table = two_seat_table()
    turned = Event.make("interaction_turned", card="i-001", number=5, items=["it-2"], item_names=["Hester's map"])
    assert table.log_line(turned) == "Card 5 is turned over with Hester's map."
    assert table.log_line(Event.make("item_discarded", card="it-22", name="Alder's letter")) == "Alder's letter is discarded."
    assert table.log_line(Event.make("item_discarded", card="it-25", name="Bone key")) == "The Bone key is discarded."
    no_match = Event.make("no_match", card="i-001", number=5, items=["it-1"], item_names=["Shed key"])
    assert table.log_line(no_match).endswith("you keep the Shed key.")
    assert table.log_line(Event.make("turn", seat=0)) == "Your turn."
    assert table.log_line(Event.make("turn", seat=1)) == "Rowan's turn."


def test_a_table_of_several_seats_says_who_tried_an_item():
    app, table = two_seat_table(("Ann", "Rowan"))
    # the engine tells who used the card in its event (so a table opened later logs the same)
    turned = Event.make("interaction_turned", card="i-032", number=32, items=["it-25"], item_names=["Bone key"], seat=1)
    assert table.log_line(turned) == "Rowan tries the Bone key on card 32."
    turned = Event.make("interaction_turned", card="i-032", number=32, items=["it-25"], item_names=["Bone key"], seat=0)
    assert table.log_line(turned) == "Ann tries the Bone key on card 32."
    plain = Event.make("interaction_turned", card="i-033", number=33, items=[], item_names=[], seat=1)
    assert table.log_line(plain) == "Rowan turns over card 33."
    immediate = Event.make("interaction_turned", card="i-034", number=34, items=[], item_names=[])
    assert table.log_line(immediate) == "Card 34 is turned over."  # it turned itself over: nobody did
    assert table.who_tries(1) == "Rowan tries"


def test_alone_at_the_table_the_log_stays_impersonal_and_the_journal_says_you_try():
    app, table = late_maze(0, names=("Ann",))
    turned = Event.make("interaction_turned", card="i-032", number=32, items=["it-25"], item_names=["Bone key"])
    assert table.log_line(turned) == "Card 32 is turned over with the Bone key."
    assert table.who_tries(0) == "You try"


@pytest.mark.parametrize("device", ["mouse", "touch", "keyboard"])
def test_the_log_box_opens_the_whole_log_scrolled_to_the_newest(maze_app, device):
    app, table = maze_app
    assert len(table.log) > 20  # a chain writes more than the box's four lines
    if device == "mouse":
        click(app, LOG_RECT.center, settle=5)
    elif device == "touch":
        tap(app, LOG_RECT.center, settle=5)
    else:
        table.focus = ("log", "log")
        key(app, pygame.K_RETURN, settle=5)
    sheet = app.scenes.top
    assert isinstance(sheet, StorySheet) and sheet.most_scroll > 0
    assert sheet.scroll == sheet.most_scroll  # the newest lines in view
    key(app, pygame.K_UP, settle=2)
    assert sheet.scroll < sheet.most_scroll  # and it scrolls back to the older ones
    key(app, pygame.K_ESCAPE, settle=5)
    assert app.scenes.top is table


def test_the_ending_sheet_says_favours_lit_as_the_results_do(monkeypatch):
    from game.ui import table_labyrinth

    seen: list = []
    monkeypatch.setattr(table_labyrinth, "rank_table", lambda score, rank, lines: seen.append(lines) or None)
    app, table = two_seat_table(("Ann", "Rowan"))
    table.ending_played = True
    table.before_results(lambda: None)
    assert seen and seen[0][0][0] == "Favours lit"


def test_a_journal_page_knows_its_place_and_its_prophecy():
    page = Page("#4 The Sundial Court · read earlier", place="#4 The Sundial Court")
    assert not page.tells_prophecy
    journal = Journal(pygame.Rect(1248, 96, 656, 718))
    journal.pages.append(page)
    journal.add("prophecy", "A prophecy's words.", animate=False)
    assert page.tells_prophecy
    journal.new_page("Later")
    assert journal.jump(0) and journal.index == 0 and not journal.jump(0)


def test_a_page_put_away_keeps_its_words_not_its_rendered_lines():
    journal = Journal(pygame.Rect(1248, 96, 656, 718))
    journal.new_page("One")
    block = journal.add("story", "The first clue, read long ago.", animate=False)
    block.render(journal.text_width)
    assert block.image is not None
    journal.new_page("Two")
    assert block.image is None and block.text  # drawn again only if the page is opened again
    assert journal.jump(0) and journal.page.blocks[0].render(journal.text_width).get_width() == journal.text_width


def test_a_card_opened_from_the_discard_list_goes_back_to_the_list(maze_app):
    app, table = maze_app
    table.press_button("discard")
    frames(app, 5)
    pile = app.scenes.top
    key(app, pygame.K_RETURN, settle=5)
    browser = app.scenes.top
    assert isinstance(browser, DiscardBrowser) and browser.close_label == "To the list"
    click(app, browser.close_rect.center, settle=5)
    assert app.scenes.top is pile
    click(app, pile.close_rect.center, settle=5)
    assert app.scenes.top is table
