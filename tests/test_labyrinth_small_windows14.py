"""The Labyrinth table on small windows (1024x768, 1280x720): the canvas shows at 0.53 / 0.67 there, and
the story (26 px), the caption under the map (24 px), the log (20 px), the items' names (21 px), the
scrolls' titles (19 px) and the sheets' text read at 11-14 px. They now grow as the other tables' small
print does (`legible_factor`), re-laid out when the window is resized live, and stay as designed from
1366x768 up."""

from __future__ import annotations

import pygame
import pytest

from game.core import Action, GameConfig, SeatConfig
from game.rules.labyrinth import ENGINE
from game.rules.labyrinth.scenario import load_scenario, shipped_scenarios
from game.session import LocalSession
from game.ui.labyrinth_layout import INFO_RECT, ITEM_AREA, ITEM_W, LOG_RECT, MAP_RECT
from game.ui.labyrinth_legible import item_name_px, legible_item_card, title_px
from game.ui.labyrinth_overlays import DiscardBrowser, ReadingContents, StorySheet
from game.ui.labyrinth_reading import BODY_PX, Journal
from game.ui.look.cards_labyrinth import (item_card, item_name_layout, item_name_lines, prophecy,
                                         scroll_title_designed_px, scroll_title_layout, scroll_title_patch)
from game.ui.look.fonts import LEGIBLE_SCALE, font, legible_factor, wrap
from game.ui.tables import table_scene_for
from game.ui.title import TitleScene
from game.ui.tween import MOTION
from ui_helpers import frames, key, make_app

SMALL = [(1024, 768), (1280, 720)]


@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def played(moves: int, scenario: str = "tutorial") -> tuple[GameConfig, list[Action]]:
    """A solo game `moves` careful moves in (items held, prophecies revealed, cards discarded)."""
    from game.bots.labyrinth import Advisor

    cfg = GameConfig.make("labyrinth", [SeatConfig("human", "Ann", "expert")], scenario=scenario, mode="together")
    state, advisor, actions = ENGINE.new_game(cfg, 7), Advisor(0, "master", 0), []
    while len(actions) < moves and not ENGINE.is_over(state):
        advice = advisor.advise(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
        advisor.played(advice.action)
        actions.append(advice.action)
        state, _ = ENGINE.apply(state, advice.action)
    return cfg, actions


def open_table(size: tuple[int, int], moves: int = 8):
    app = make_app(size)
    app.settings.reduced_motion = True
    app.apply_motion()
    app.push(TitleScene(app))
    cfg, actions = played(moves)
    table = table_scene_for("labyrinth")(app, LocalSession(cfg, 7, bot_delay=0, actions=actions))
    app.push(table)
    frames(app, 20)
    while app.scenes.top is not table:  # the intro sheet
        key(app, pygame.K_RETURN, settle=10)
    frames(app, 40)
    return app, table


def resize(app, size: tuple[int, int]) -> None:
    """The window dragged to `size`: SDL resizes it and says so (VIDEORESIZE)."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    frames(app, 3)


def drawn_sizes(monkeypatch, table, surface: pygame.Surface) -> dict[str, int]:
    """The type sizes the painter used for each text drawn (text -> px), from one frame."""
    import game.ui.labyrinth_painter as painter

    seen: dict[str, int] = {}
    real = painter.text_surface

    def spy(text: str, role: str, px: int, colour):  # type: ignore[no-untyped-def]
        seen[text] = px
        return real(text, role, px, colour)

    monkeypatch.setattr(painter, "text_surface", spy)
    table.draw_table(surface, 1.0)
    monkeypatch.setattr(painter, "text_surface", real)
    return seen


# --- the reading panel --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SMALL)
def test_the_story_reads_at_seven_tenths_of_its_size_and_wraps_inside_the_panel(size):
    app, table = open_table(size)
    try:
        scale = app.letterbox.scale
        journal = table.journal
        assert journal.factor == legible_factor() > 1.0
        assert round(BODY_PX * journal.factor) * scale >= LEGIBLE_SCALE * BODY_PX - 0.5
        page = journal.page
        assert page is not None and page.blocks
        for block in page.blocks:
            image = block.render(journal.text_width, journal.factor)
            assert image.get_width() == journal.text_width  # nothing reaches past the text column
        story = next(b for b in page.blocks if b.kind in ("story", "say", "scenery"))
        px = round(BODY_PX * journal.factor)
        lines = wrap(story.text, "story", px, journal.text_width)
        assert all(font("story", px).size(line)[0] <= journal.text_width for line in lines)
        # the page is taller in the larger type, and the panel scrolls to show all of it
        assert page.height(journal.text_width, journal.factor) > page.height(journal.text_width, 1.0)
    finally:
        app.shutdown()


def test_a_live_resize_wraps_the_story_again_and_back(data_dir):
    app, table = open_table((1920, 1080))
    try:
        journal = table.journal
        assert journal.factor == 1.0
        big = journal.page.height(journal.text_width, 1.0)
        resize(app, (1024, 768))
        assert journal.factor == pytest.approx(0.7 / (1024 / 1920))
        frames(app, 2)
        assert all(b.image is None or b.image_factor == journal.factor for b in journal.page.blocks)
        assert journal.page.height(journal.text_width, journal.factor) > big
        assert 0 <= float(journal.scroll.target) <= journal.max_scroll()
        assert journal.contents_rect.right == journal.rect.right - 16  # the wider Contents button stays inside
        resize(app, (1920, 1080))
        assert journal.factor == 1.0 and journal.page.height(journal.text_width, 1.0) == big
    finally:
        app.shutdown()


# --- the caption under the map, the log -----------------------------------------------------------------
@pytest.mark.parametrize("size", SMALL)
def test_the_caption_grows_holds_its_two_lines_and_the_map_keeps_clear_of_it(size, monkeypatch):
    app, table = open_table(size)
    try:
        scale = app.letterbox.scale
        table.app.input.last_device = "keyboard"
        table.focus = ("inter", next(iter(table.inters)))
        frames(app, 2)
        title, text, hint = table.info_lines()
        assert title and text and hint
        seen = drawn_sizes(monkeypatch, table, pygame.Surface((1920, 1080)))
        title_px, text_px, step, grow = table.info_type()
        assert seen[hint] * scale >= LEGIBLE_SCALE * 24 - 0.5
        assert title_px * scale >= LEGIBLE_SCALE * 28 - 0.5 and text_px * scale >= LEGIBLE_SCALE * 24 - 0.5
        band = table.info_rect()
        assert band.bottom == INFO_RECT.bottom <= ITEM_AREA.top  # grows up, never over the items
        lines = [line for line in seen if line in " ".join(wrap(text, "story-italic", text_px, table.info_text_width))
                 and seen[line] == text_px]
        assert lines, "the caption's text drawn in the grown type"
        assert band.y + 12 + title_px + 2 * step <= band.bottom  # two lines inside the band
        assert table.map_room().bottom <= band.y  # the fitted map lies above the caption
        # a click on the caption is not a click on a card that lies under it
        for x in range(band.x + 10, band.right - 10, 40):
            assert table.hit((x, band.y + 4)) is None or table.hit((x, band.y + 4))[0] not in ("tile", "inter")
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SMALL)
def test_the_log_box_reads_larger_with_as_many_lines_as_it_holds(size, monkeypatch):
    app, table = open_table(size)
    try:
        scale = app.letterbox.scale
        seen = drawn_sizes(monkeypatch, table, pygame.Surface((1920, 1080)))
        last = table.log[-1]
        assert last in seen and seen[last] * scale >= LEGIBLE_SCALE * 20 - 0.5
        shown = [line for line in seen if seen[line] == seen[last] and any(line in entry for entry in table.log)]
        from game.ui.table_base import log_type
        px, step, count = log_type(20, 26, 4, LOG_RECT.height - 18)
        assert 1 <= len(shown) <= count and 12 + count * step <= LOG_RECT.height
    finally:
        app.shutdown()


# --- items and scrolls --------------------------------------------------------------------------------
def test_every_item_name_and_scroll_title_of_every_adventure_grows_and_fits_at_1024x768():
    """At 1024x768 (factor 1.31) each name sets at >= 70 % of its size on up to three whole-word lines
    inside the card's lower band; each scroll title grows too (one title, "The Falling Clockmaker",
    has a word too wide for 70 % on a 150 px scroll: it grows as far as the word fits)."""
    factor, scale = 0.7 / (1024 / 1920), 1024 / 1920
    pygame.init()
    short = []
    for scenario_id, _ in shipped_scenarios():
        scenario = load_scenario(scenario_id)
        for item in scenario.items.values():
            name = scenario.text(item.name_key)
            look = {"letter": item.letter, "number": item.number, "name": name}
            px, lines, _ = item_name_layout(name, ITEM_W, item_name_px(look, ITEM_W, factor))
            base = item_name_lines(name, ITEM_W)[0]
            assert px * scale >= LEGIBLE_SCALE * base - 0.5, name
            assert len(lines) <= 3 and " ".join(lines) == " ".join(name.split()), name
            assert all(font("story", px).size(line)[0] <= round(ITEM_W * 0.86) for line in lines), name
        for card in scenario.prophecies.values():
            title = scenario.text(card.title_key)
            grown = scroll_title_layout(title, 150, title_px(150, "revealed", factor))
            assert grown[0] > scroll_title_designed_px(150) == round(150 * 0.125), title
            if grown[0] * scale < LEGIBLE_SCALE * round(150 * 0.125) - 0.5:
                short.append(title)
            patch = scroll_title_patch(150)
            assert all(font("story", grown[0]).size(line)[0] <= patch.width for line in grown[1]), title
    assert short == ["The Falling Clockmaker"]


def test_the_tray_shows_the_grown_faces_on_a_small_window_and_the_look_kits_at_1920(data_dir):
    app, table = open_table((1920, 1080))
    try:
        def faces() -> dict[str, pygame.Surface]:
            return {card: sprite.face for card, sprite in table.item_sprites.items()}

        assert table.item_order
        for card, face in faces().items():
            from game.ui.labyrinth_layout import item_look
            assert face is item_card(item_look(table.item_entries[card]), ITEM_W)  # as designed
        scrolls = {card: sprite.face for card, sprite in table.prophecy_sprites.items()}
        resize(app, (1024, 768))
        frames(app, 30)
        for card, face in faces().items():
            from game.ui.labyrinth_layout import item_look
            look = item_look(table.item_entries[card])
            assert face is legible_item_card(look, ITEM_W, table.type_factor)
            assert face is not item_card(look, ITEM_W)
        revealed = [c for c, e in table.prophecy_entries.items() if e.get("state") != "hidden"]
        assert revealed and all(table.prophecy_sprites[c].face is not scrolls[c] for c in revealed)
        resize(app, (1920, 1080))
        frames(app, 30)
        for card, face in faces().items():
            from game.ui.labyrinth_layout import item_look
            assert face is item_card(item_look(table.item_entries[card]), ITEM_W)
        for card in revealed:
            entry = table.prophecy_entries[card]
            assert table.prophecy_sprites[card].face is prophecy(entry, 150, table.scroll_state(entry))
    finally:
        app.shutdown()


def test_1920_draws_the_caption_log_and_story_as_designed(data_dir, monkeypatch):
    app, table = open_table((1920, 1080))
    try:
        assert table.info_type() == (28, 24, 25, 0) and table.info_rect() is INFO_RECT
        assert table.map_room() == MAP_RECT and table.journal.factor == 1.0
        seen = drawn_sizes(monkeypatch, table, pygame.Surface((1920, 1080)))
        assert seen[table.log[-1]] == 20
    finally:
        app.shutdown()


# --- the sheets -----------------------------------------------------------------------------------
def test_the_sheets_read_larger_on_a_small_window_and_lay_out_again_on_a_resize(data_dir):
    app, table = open_table((1920, 1080))
    try:
        table.open_log()
        frames(app, 3)
        sheet = app.scenes.top
        assert isinstance(sheet, StorySheet) and sheet.factor == 1.0
        tall, most = sheet.body.get_height(), sheet.most_scroll
        assert sheet.scroll == most  # the log opens at its newest lines
        resize(app, (1024, 768))
        assert sheet.factor > 1.0 and sheet.body.get_height() > tall
        assert sheet.scroll == sheet.most_scroll  # still at the newest lines
        assert sheet.body.get_width() <= sheet.text_area.width and sheet.rect.height <= 1080 - 80
        app.pop()
        frames(app, 2)
        table.open_contents()
        frames(app, 3)
        contents = app.scenes.top
        assert isinstance(contents, ReadingContents)
        surface = pygame.Surface((1920, 1080))
        contents.draw(surface, 1.0)
        assert contents._drawn is not None and contents._drawn[0][-1] == legible_factor()
        app.pop()
        frames(app, 2)
        browser = DiscardBrowser(app, list(table.view.get("discard", [])), table.card_numbers, dict(table.place_titles))
        app.push(browser)
        frames(app, 2)
        read = next(i for i, e in enumerate(browser.entries) if e.get("face") == "up" and e.get("texts"))
        browser.index = read
        small = browser.sheet(browser.entries[read]).get_height()
        resize(app, (1920, 1080))
        assert browser.sheet(browser.entries[read]).get_height() < small
    finally:
        app.shutdown()


def test_the_ending_sheets_rank_table_fits_its_room_in_the_larger_type(data_dir):
    from game.ui.labyrinth_overlays import rank_table

    app = make_app((1024, 768))
    try:
        ranks = rank_table(7, "Explorer", [("Favours lit", "7"), ("Prophecies unfulfilled", "0")])
        sheet = StorySheet(app, [("title", "Dawn"), ("text", "You climb out. " * 20)], "See the results",
                           lambda: None, extra=ranks, extra_height=230)
        px, small, line_h, cell_h = ranks.sizes()
        assert px * app.letterbox.scale >= LEGIBLE_SCALE * 26 - 0.5
        # sum lines, then the rank cells: all inside the fixed part under the text
        bottom = max(sheet.extra_rect.y + 6 + 2 * line_h, sheet.extra_rect.y + 120) + 10 + cell_h
        assert bottom <= sheet.extra_rect.bottom and sheet.extra_rect.bottom <= sheet.button.top
        assert sheet.text_area.bottom < sheet.extra_rect.top
    finally:
        app.shutdown()


def test_journal_on_its_own_keeps_the_designed_type():
    """A journal drawn with no window (tests, tools) is at factor 1 until the table sets it."""
    journal = Journal(pygame.Rect(0, 0, 656, 718))
    assert journal.factor == 1.0 and not journal.set_factor(1.0)


# --- a crowded tray -------------------------------------------------------------------------------
def test_a_crowded_trays_tiles_and_strips_grow_their_words_and_keep_them_inside_at_1024x768():
    """Eleven items as tiles and ten prophecies as strips (the Thornwood Maze) showed their names in
    20 px print (11 px on the screen). Every item of every adventure, in every crowded tray's tile
    on that window (`item_tray_rects` with the window's factor), now sets its name in the print asked,
    inside the tile, on whole-word lines wherever the adventure can hold that many items (a name too
    long is cut with an ellipsis, never shrunk); so do the strips' titles."""
    from game.ui.labyrinth_layout import item_tray_rects, prophecy_tray_rects
    from game.ui.labyrinth_legible import asked_px
    from game.ui.look.cards_labyrinth import TILE_NAME_PX, item_tile_name_layout, strip_title_layout

    factor = 0.7 / (1024 / 1920)
    asked = asked_px(TILE_NAME_PX, factor)
    assert asked is not None and asked > TILE_NAME_PX
    pygame.init()
    for scenario_id, _ in shipped_scenarios():
        scenario = load_scenario(scenario_id)
        for count in range(6, 16):
            size = item_tray_rects(count, factor)[0].size
            for item in scenario.items.values():
                name = scenario.text(item.name_key)
                code = item.letter + (str(item.number) if item.number else "")
                placed = item_tile_name_layout(name, code, size, asked)
                assert placed is not None, (name, size)
                area, px, lines, step = placed
                assert px == asked
                if count <= len(scenario.items):  # a tray this adventure can hold: every word whole
                    assert " ".join(lines) == " ".join(name.split()), (name, size)
                else:
                    assert " ".join(lines) == " ".join(name.split()) or (len(lines) == 1 and lines[0].endswith("…"))
                assert pygame.Rect((0, 0), size).contains(area)
                assert all(font("story", px).size(line)[0] <= area.width for line in lines)
                assert step * (len(lines) - 1) + px <= area.height
        for count in range(3, 11):
            size = prophecy_tray_rects(count)[0].size
            for card in scenario.prophecies.values():
                for state in ("sealed", "revealed", "fulfilled"):
                    placed = strip_title_layout({"title": scenario.text(card.title_key)}, size, state, asked)
                    assert placed is not None
                    area, px, words = placed
                    role = "story-italic" if state == "sealed" else "story"
                    assert px == asked and font(role, px).size(words)[0] <= area.width and px <= area.height


def test_the_thornwood_maze_s_crowded_tray_shows_the_grown_tiles_on_a_small_window(data_dir):
    from game.ui.labyrinth_layout import item_look, item_tray_rects
    from game.ui.labyrinth_legible import legible_item_tile
    from game.ui.look.cards_labyrinth import item_tile

    app = make_app((1024, 768))
    try:
        app.push(TitleScene(app))
        cfg, actions = played(30, "yewmaze")
        table = table_scene_for("labyrinth")(app, LocalSession(cfg, 7, bot_delay=0, actions=actions))
        app.push(table)
        frames(app, 20)
        while app.scenes.top is not table:
            key(app, pygame.K_RETURN, settle=10)
        frames(app, 40)
        tiles = item_tray_rects(len(table.item_order), table.type_factor)
        assert tiles is not None and table.type_factor > 1.0
        changed = 0
        for card in table.item_order:
            look = item_look(table.item_entries[card])
            face = table.item_sprites[card].face
            assert face is legible_item_tile(look, tiles[0].size, table.type_factor)
            changed += face is not item_tile(look, tiles[0].size)
        assert changed >= len(table.item_order) // 2
    finally:
        app.shutdown()


# --- the hint note and the top bar ----------------------------------------------------------------
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_hint_note_and_the_turn_line_read_larger_on_a_small_window_and_cover_the_caption(size, monkeypatch):
    """The companion's note (26 px) and the line under the adventure's title ("In turns · Dev: move to
    do, ...", 22 px) read at 14 and 12 px at 1024x768; they grow there, and the note still lies over the
    whole caption, grown or not. At 1920x1080 both are as designed."""
    from game.ui.labyrinth_hints import NOTE_TEXT_PX

    app, table = open_table(size, moves=6)
    try:
        key(app, pygame.K_h, settle=30)
        key(app, pygame.K_h, settle=30)
        note = table.note_rect()
        assert note is not None and note.contains(table.info_rect())
        px, head_h, step = table.note_type()
        assert note.y + head_h + step * (len(table.note_lines()) + len(table.caution_lines())) <= note.bottom
        seen: dict[str, int] = {}
        import game.ui.labyrinth_hints as hints
        real = hints.text_surface
        def spy(text: str, role: str, px: int, colour):  # type: ignore[no-untyped-def]
            seen[text] = px
            return real(text, role, px, colour)

        monkeypatch.setattr(hints, "text_surface", spy)
        table.draw_hint(pygame.Surface((1920, 1080)))
        monkeypatch.setattr(hints, "text_surface", real)
        line = table.note_lines()[0]
        mode = drawn_sizes(monkeypatch, table, pygame.Surface((1920, 1080)))[table.mode_line()]
        if size == (1920, 1080):
            assert seen[line] == NOTE_TEXT_PX and mode == 22
        else:
            scale = app.letterbox.scale
            assert seen[line] * scale >= LEGIBLE_SCALE * NOTE_TEXT_PX - 0.5 and mode * scale >= LEGIBLE_SCALE * 22 - 0.5
    finally:
        app.shutdown()


def test_a_peek_at_a_scenery_keeps_above_the_grown_caption(data_dir):
    """The full-size look at a scenery sat in the map's lower corners, partly under the caption once
    it grew over the map's foot; it now keeps to the part of the map no caption covers (as an open
    stack's fan does)."""
    app, table = open_table((1024, 768))
    try:
        band = table.info_rect()
        assert band.y < INFO_RECT.y and table.map_clear_rect().bottom == band.y
        looked = pygame.Rect(MAP_RECT.x + 20, MAP_RECT.y + 20, 60, 40)  # in the top left: a lower corner is farthest
        table.drag = None
        box = table.peek_box(pygame.Rect(0, 0, 400, 280), looked)
        assert box is not None and box.bottom <= band.y
    finally:
        app.shutdown()
