"""The Labyrinth's Discard Pile browser keeps its hints clear of the table's Discards button (and of
its own count, card and buttons) at 1920x1080 and 1280x720 for every device, and the ending sheet's
long text stays in its own area: it never reaches the score lines under it, fades where it is cut,
shows a mark while more lies beyond, and scrolls to its last line."""

from __future__ import annotations

import pygame
import pytest

from game.core import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.chrome import CANVAS_H, CANVAS_W
from game.ui.labyrinth_layout import BUTTON_ROW
from game.ui.labyrinth_overlays import (RED_INK, DiscardBrowser, RankTable, StorySheet, more_mark_centres,
                                        rank_table, scrolled_view)
from game.ui.tables import table_scene_for
from game.ui.title import TitleScene
from ui_helpers import frames, key, make_app

DEVICES = ["keyboard", "gamepad", "mouse", "touch"]
SIZES = [(1920, 1080), (1280, 720)]
CANVAS = pygame.Rect(0, 0, CANVAS_W, CANVAS_H)
LONG = ("The corridor narrows and the torch gutters as you squeeze past the fallen statue; beyond it lies a "
        "hall of echoes where every step answers twice. ") * 14
ENDING = ("The vault breathes out at last and the lamp burns again in the hands of the hero who found it. "
          "Above, in the market square, the first shutters open on a town that can see again. ") * 9


@pytest.fixture(autouse=True)
def fresh_data(data_dir):
    yield


def open_table(size):
    app = make_app(size)
    app.push(TitleScene(app))
    config = GameConfig.make("labyrinth", [SeatConfig("human", "P1", "expert")], scenario="tutorial",
                             mode="together")
    table = table_scene_for("labyrinth")(app, LocalSession(config, 7, bot_delay=0))
    app.push(table)
    frames(app, 3)
    for _ in range(600):  # the intro sheet, then the table
        if isinstance(app.scenes.top, StorySheet):
            key(app, pygame.K_RETURN)
        if app.scenes.top is table and table.can_act:
            break
        app.step(1 / 60)
    frames(app, 20)
    return app, table


def diff_box(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect | None:
    """The smallest rect holding every pixel in which two same-sized opaque canvases differ."""
    one, two = a.copy(), b.copy()
    one.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    two.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    one.blit(two, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    mask = pygame.mask.from_threshold(one, (0, 0, 0, 255), (1, 1, 1, 255))
    mask.invert()
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else None


def has_red_ink(canvas: pygame.Surface, centre: tuple[int, int]) -> bool:
    return any(tuple(canvas.get_at((centre[0] + dx, centre[1] + dy)))[:3] == RED_INK
               for dx in range(-12, 13, 3) for dy in range(-12, 13, 3))


# --- the discard pile's hints ----------------------------------------------------------------------
PILES = {
    "long card": [{"deck": "interaction", "card": "i-1", "face": "up", "texts": ["A lever juts from the wall.", LONG]}],
    "short card": [{"deck": "item", "card": "it-1", "face": "up", "texts": ["A coil of rope."]}],
    "face down": [{"deck": "interaction", "card": "i-2", "face": "down"}],
    "empty": [],
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("device", DEVICES)
def test_the_discard_piles_hints_keep_clear_of_the_discards_button_and_of_its_own_parts(size, device):
    app, table = open_table(size)
    buttons = table.button_rects()
    discard = buttons["discard"]
    for pile, entries in PILES.items():
        browser = DiscardBrowser(app, list(entries), {"i-1": 3})
        app.push(browser)
        frames(app, 20)
        app.input.last_device = device
        frames(app, 2)
        hint = browser.hint_rect()
        assert CANVAS.contains(hint), (pile, hint)
        assert not hint.colliderect(discard), (pile, hint, discard)
        assert not any(hint.colliderect(r) for r in buttons.values()), pile  # the table's whole button row
        assert hint.bottom <= BUTTON_ROW.top
        for own in (browser.close_rect, browser.prev_rect, browser.next_rect):
            assert not hint.colliderect(own), (pile, own)
        if entries:
            assert not hint.colliderect(browser.count_rect()), pile
            entry = browser.entries[0]
            if entry.get("face") == "up":
                assert not hint.colliderect(browser.sheet_rect(entry)), pile
                assert not browser.count_rect().colliderect(browser.sheet_rect(entry)), pile
        # drawn there: on a black canvas the hint's rect lights up and the Discards button's is only
        # the dimming, as in an empty corner
        canvas = pygame.Surface((CANVAS_W, CANVAS_H))
        browser.draw(canvas, 1.0)
        dimmed = pygame.transform.average_color(canvas, (0, CANVAS_H - 40, 40, 40))[:3]
        assert max(pygame.transform.average_color(canvas, hint)[:3]) > max(dimmed) + 10, pile
        assert pygame.transform.average_color(canvas, discard)[:3] == dimmed, pile
        app.pop()
        frames(app, 20)


@pytest.mark.parametrize("device", DEVICES)
def test_the_discard_piles_hints_say_what_the_device_does(device):
    app = make_app()
    app.push(TitleScene(app))
    browser = DiscardBrowser(app, PILES["face down"] + PILES["long card"])  # newest first: the long card
    app.push(browser)
    app.input.last_device = device
    frames(app, 4)
    long_hint = browser.hint_strip()
    browser.step(1)  # the face-down card: nothing to read on
    frames(app, 2)
    short_hint = browser.hint_strip()
    assert long_hint.get_width() > short_hint.get_width()  # "Read on" only where there is more to read


def test_a_long_discarded_card_stays_in_its_text_area_and_fades_where_it_is_cut():
    app = make_app()
    app.push(TitleScene(app))
    browser = DiscardBrowser(app, PILES["long card"])
    app.push(browser)
    frames(app, 20)
    entry = browser.entries[0]
    area = browser.text_area(browser.sheet_rect(entry))
    assert browser.most_scroll() > 0
    for scroll in (0, browser.most_scroll() // 2, browser.most_scroll()):
        browser.scroll = scroll
        real = pygame.Surface((CANVAS_W, CANVAS_H))
        browser.draw(real, 1.0)
        text = browser._sheet[0]
        browser._sheet[0] = pygame.Surface(text.get_size(), pygame.SRCALPHA)  # the same sheet, no words
        blank = pygame.Surface((CANVAS_W, CANVAS_H))
        browser.draw(blank, 1.0)
        browser._sheet[0] = text
        box = diff_box(real, blank)
        assert box is not None and area.contains(box), (scroll, box, area)


# --- the ending sheet ------------------------------------------------------------------------------
def ending_sheet(app) -> StorySheet:
    lines = [("Favours still burning", "5"), ("Prophecies unfulfilled", "− 1")]
    return StorySheet(app, [("title", "The Lamp Relit"), ("text", ENDING)], "See the results", lambda: None,
                      extra=rank_table(4, "Adventurer", lines), extra_height=230)


def favours_line(sheet: StorySheet) -> pygame.Rect:
    assert isinstance(sheet.extra, RankTable)
    return sheet.extra.line_rects(sheet.extra_rect)[0]


@pytest.mark.parametrize("size", SIZES)
def test_the_ending_texts_clip_rect_and_the_favours_line_do_not_meet(size):
    app, table = open_table(size)
    sheet = ending_sheet(app)
    app.push(sheet)
    frames(app, 20)
    assert sheet.most_scroll > 0  # the text is longer than its area
    favours = favours_line(sheet)
    assert not sheet.text_area.colliderect(favours), (sheet.text_area, favours)
    assert favours.top - sheet.text_area.bottom >= 16  # a clear gap, not text touching the line
    assert sheet.rect.contains(sheet.text_area) and sheet.rect.contains(favours)
    assert not sheet.text_area.colliderect(sheet.button.inflate(12, 12))
    # at the top, half way and at the end the words draw inside the text area only: with the text
    # taken away, everything outside it (the favours line above all) is the very same picture
    for scroll in (0, sheet.most_scroll // 2, sheet.most_scroll):
        sheet.scroll = scroll
        real = pygame.Surface((CANVAS_W, CANVAS_H))
        sheet.draw(real, 1.0)
        body = sheet.body
        sheet.body = pygame.Surface(body.get_size(), pygame.SRCALPHA)
        blank = pygame.Surface((CANVAS_W, CANVAS_H))
        sheet.draw(blank, 1.0)
        sheet.body = body
        box = diff_box(real, blank)
        assert box is not None and sheet.text_area.contains(box), (scroll, box, sheet.text_area)
        assert not box.colliderect(favours)


def test_the_ending_text_fades_at_its_cut_and_marks_that_more_lies_below():
    app = make_app()
    app.push(TitleScene(app))
    sheet = ending_sheet(app)
    app.push(sheet)
    frames(app, 20)
    area = sheet.text_area
    up, down = more_mark_centres(area, (sheet.rect.width - area.width) // 2)
    assert area.right < down[0] - 12 and down[0] + 12 < sheet.rect.right  # in the margin, clear of the text
    assert has_red_ink(app.canvas, down) and not has_red_ink(app.canvas, up)
    # the soft fade: the lines at the bottom edge are much fainter in the view than in the text itself
    view = scrolled_view(sheet.body, area.size, 0, sheet.most_scroll)
    sharp = sheet.body.subsurface((0, area.height - 8, area.width, 8))
    faded = view.subsurface((0, area.height - 8, area.width, 8))

    def most_alpha(image: pygame.Surface) -> int:
        return max(image.get_at((x, y)).a for x in range(0, image.get_width(), 2) for y in range(image.get_height()))

    assert most_alpha(sharp) > 200 and most_alpha(faded) < 60
    middle = view.subsurface((0, area.height // 2 - 20, area.width, 40))
    assert most_alpha(middle) > 200  # the text itself is not faded
    # scrolled to the end, the last line is whole: no fade and no mark below, a mark above
    end = scrolled_view(sheet.body, area.size, sheet.most_scroll, sheet.most_scroll)
    last = end.subsurface((0, area.height - 60, area.width, 60))
    assert most_alpha(last) > 200


@pytest.mark.parametrize("how", ["keys", "wheel", "pad"])
def test_the_ending_text_scrolls_to_its_last_line(how):
    from ui_helpers import pad

    app = make_app()
    app.push(TitleScene(app))
    sheet = ending_sheet(app)
    app.push(sheet)
    frames(app, 20)
    for _ in range(60):
        if how == "keys":
            key(app, pygame.K_DOWN, settle=1)
        elif how == "pad":
            pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN, settle=1)
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                                 precise_y=-1.0))
            frames(app, 1)
    assert sheet.scroll == sheet.most_scroll
    assert sheet.body.get_height() - sheet.scroll <= sheet.text_area.height  # the last line is in the area
    frames(app, 2)
    area = sheet.text_area
    up, down = more_mark_centres(area, (sheet.rect.width - area.width) // 2)
    assert has_red_ink(app.canvas, up) and not has_red_ink(app.canvas, down)
    assert not sheet.closed  # scrolling never closes the sheet
