"""The Labyrinth with a full map, long texts and a LAN guest's table.

- A scenario's long title ran under the "Your turn" banner in the top bar.
- A map too wide to fit even at the smallest zoom was centred on its middle: the hero, the card in
  focus and the cards around them were off the map panel at the start.
- A prophecy scroll broke a word too long for its line ("The Cartographer'" / "s Last") and dropped
  the rest of its title without a sign.
- On a LAN table the connection strip sits along the map's bottom edge (lobby_room.MAP_CORNER) and
  covered the corner of a fitted scenery card.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.labyrinth_layout import LAN_STRIP_BAND, MAP_RECT, MENU_RECT
from game.ui.labyrinth_overlays import StorySheet
from game.ui.look.cards_labyrinth import scroll_title_lines
from game.ui.look.fonts import font
from game.ui.tables import table_scene_for
from game.ui.title import TitleScene
from game.ui.tween import MOTION
from ui_helpers import frames, key, make_app

LONG_TITLE = "The Endless Undercroft of the Forgotten Cartographers' Guild of Marrowgate"


@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def grid_scenario(path: Path, width: int, height: int) -> Path:
    """A scenario whose first immediate card places a `width` x `height` grid of scenery at once."""
    def number(x: int, y: int) -> int:
        return y * width + x + 1

    out = ["[scenario]", 'id = "grid"', f'title = "{LONG_TITLE}"', 'intro = "A test map."', "best_score = 8", ""]
    for y in range(height):
        for x in range(width):
            arrows = [f"west = {number(x - 1, y)}"] if x > 0 else []
            arrows += [f"east = {number(x + 1, y)}"] if x < width - 1 else []
            arrows += [f"south = {number(x, y - 1)}"] if y > 0 else []
            arrows += [f"north = {number(x, y + 1)}"] if y < height - 1 else []
            n = number(x, y)
            out += ["[[scenery]]", f'id = "s-{n}"', f"number = {n}", f'title = "Hall {n}"', 'text = "A room."',
                    "arrows = { %s }" % ", ".join(arrows), ""]
    out += ["[[item]]", 'id = "it-A"', 'letter = "A"', 'name = "Lamp"', 'text = "A lamp."', ""]
    out += ["[[prophecy]]", 'id = "p-1"', "number = 1", 'title = "The Cartographer\'s Last Unfinished Map of the Deep"',
            'text = "Finish the map."', 'fulfilled = "Done."', ""]
    out += ["[[ending]]", 'id = "e-1"', 'title = "Out"', 'text = "You are out."', ""]
    others = ", ".join(f'"s-{n}"' for n in range(2, width * height + 1))
    out += ["[[interaction]]", 'id = "i-001"', "number = 1", "immediate = true", 'top = "The map unrolls."',
            f'do = [{{ place_scenery = [{others}] }}, {{ reveal = "p-1" }}]', ""]
    out += ["[[interaction]]", 'id = "i-002"', "number = 1", 'top = "A lamp."', 'do = [{ take = "it-A" }]', ""]
    out += ["[[interaction]]", 'id = "i-003"', f"number = {width * height}", 'top = "The way out."',
            'do = [{ fulfil = "p-1" }, { ending = "e-1" }]', ""]
    path.write_text("\n".join(out), "utf-8")
    return path


@pytest.fixture
def grid(monkeypatch, tmp_path):
    """Start every Labyrinth game on a grid scenario of the size asked for."""
    from game.rules.labyrinth import load_scenario
    from game.rules.labyrinth.engine import LabyrinthEngine

    def use(width: int, height: int) -> None:
        scenario = load_scenario(str(grid_scenario(tmp_path / f"grid{width}x{height}.toml", width, height)))
        monkeypatch.setattr(LabyrinthEngine, "new_game",
                            lambda self, cfg, seed: self.start(scenario, cfg.seat_count, "together"))
    return use


class FarSession:
    """A session that is not this machine's own (as a LAN guest's is): every call goes to a local one."""

    def __init__(self, inner: LocalSession) -> None:
        self._inner = inner

    def __getattr__(self, name: str):
        return getattr(self._inner, name)


def open_table(far: bool = False):
    app = make_app()
    app.settings.reduced_motion = True
    app.apply_motion()
    app.push(TitleScene(app))
    cfg = GameConfig.make("labyrinth", [SeatConfig("human", "P1", "expert")], scenario="tutorial", mode="together")
    session = LocalSession(cfg, 7, bot_delay=0)
    table = table_scene_for("labyrinth")(app, FarSession(session) if far else session)
    app.push(table)
    frames(app, 3)
    for _ in range(600):
        if isinstance(app.scenes.top, StorySheet):
            key(app, pygame.K_RETURN)
        if table.can_act and app.scenes.top is table:
            break
        app.step(1 / 30)
    frames(app, 30)
    return app, table


def test_a_long_scenario_title_stays_left_of_the_turn_banner(grid, monkeypatch):
    import game.ui.labyrinth_painter as painter

    grid(3, 2)
    app, table = open_table()
    drawn: list[tuple[str, str, int]] = []
    real = painter.text_surface
    monkeypatch.setattr(painter, "text_surface", lambda text, role, px, *a, **k: (drawn.append((text, role, px)),
                                                                                   real(text, role, px, *a, **k))[1])
    table.draw(app.canvas, 1.0)
    banner = table.turn_banner_rect()
    assert banner is not None
    title = next((t, px) for t, role, px in drawn if role == "story" and t.startswith("The Endless"))
    assert MENU_RECT.right + 18 + font("story", title[1]).size(title[0])[0] <= banner.left - 16
    assert title[0].endswith("…") or title[0] == LONG_TITLE
    assert title[1] >= 26  # still the top bar's headline, not small print


def test_a_map_too_wide_to_fit_shows_the_hero_and_the_focused_card(grid):
    grid(22, 2)  # 44 scenery cards in two rows: wider than the panel even at the smallest zoom
    app, table = open_table()
    assert table.tiles[1].screen_rect(table.camera).colliderect(MAP_RECT)
    hero = table.hero_rect()
    assert hero is not None and MAP_RECT.contains(hero)
    focused = table.target_rect(table.focus)
    assert focused is not None and MAP_RECT.contains(focused)


def test_a_full_map_of_forty_cards_is_reached_by_the_arrows_card_by_card(grid):
    grid(8, 5)
    app, table = open_table()
    reached = set()
    for start in range(1, 9):  # each column walked up from its bottom card
        table.focus = ("tile", str(start))
        for _ in range(5):
            reached.add(table.focus)
            key(app, pygame.K_UP, settle=1)
    assert {("tile", str(n)) for n in range(1, 41)} <= reached
    # too big to read whole, the map is followed at a readable zoom: a corner the arrows reach is
    # brought onto the panel, readable
    for start, corner in ((1, 33), (8, 40), (33, 1), (40, 8)):
        table.focus = ("tile", str(start))
        for _ in range(4):
            key(app, pygame.K_UP if start < corner else pygame.K_DOWN, settle=1)
        assert table.focus == ("tile", str(corner))
        frames(app, 40)
        rect = table.tiles[corner].screen_rect(table.camera)
        assert MAP_RECT.contains(rect) and rect.width >= 150


def test_a_scroll_title_never_splits_a_word_and_marks_what_it_leaves_out():
    make_app()
    title = "The Cartographer's Last Unfinished Map of the Deep"
    px, lines = scroll_title_lines(title, 19, 103)
    words = title.split()
    assert len(lines) <= 3 and lines[-1].endswith("…")
    for line in lines:
        assert all(word in words for word in line.rstrip("…").split())
        assert font("story", px).size(line)[0] <= 103
    assert scroll_title_lines("The Great Lamp", 19, 103) == (19, ["The Great", "Lamp"]) or \
        scroll_title_lines("The Great Lamp", 19, 103)[0] == 19  # the tutorial's titles keep their size


def test_a_lan_tables_map_keeps_clear_of_the_connection_strip():
    from game.ui.lobby_room import LanTableScene, strip_box
    from net.protocol import SeatInfo, TableStatus

    app, table = open_table(far=True)
    seats = (SeatInfo("Robin", "open", "", True, True), SeatInfo("Sam", "open", "", True, True))
    strip = LanTableScene._render_strip(TableStatus(seats, True, 0), {0})
    box = strip_box("labyrinth", strip.get_size())
    assert box.top >= MAP_RECT.bottom - LAN_STRIP_BAND
    for number, tile in table.tiles.items():
        assert not tile.screen_rect(table.camera).colliderect(box), number
    _, near = open_table()  # at this screen the map keeps the whole panel
    assert max(t.screen_rect(near.camera).bottom for t in near.tiles.values()) > box.top


LONG_TEXT = "The corridor bends and bends again; water runs along a gutter cut in the floor. " * 40


def test_a_long_story_sheet_scrolls_to_its_end_by_keys_wheel_or_drag_and_shows_there_is_more():
    from game.ui.labyrinth_overlays import RED_INK, StorySheet
    from ui_helpers import canvas_to_window

    app = make_app()
    app.push(TitleScene(app))
    sheet = StorySheet(app, [("title", "A long ending"), ("text", LONG_TEXT)], "See the results", lambda: None)
    app.push(sheet)
    frames(app, 20)
    assert sheet.most_scroll > 0
    area = sheet.text_area.inflate(60, 0)
    corner = pygame.Rect(area.right - 40, area.bottom - 20, 40, 20)

    def marked(rect: pygame.Rect) -> bool:
        return any(tuple(app.canvas.get_at((x, y)))[:3] == RED_INK for x in range(rect.left, rect.right)
                   for y in range(rect.top, rect.bottom))

    assert marked(corner)  # more below
    for _ in range(60):
        key(app, pygame.K_DOWN, settle=1)
    assert sheet.scroll == sheet.most_scroll
    frames(app, 2)
    assert not marked(corner) and marked(pygame.Rect(area.right - 40, area.top, 40, 20))  # now more above
    start = canvas_to_window(app, (960, 600))
    for kind, y in ((pygame.MOUSEBUTTONDOWN, 600), (pygame.MOUSEMOTION, 700), (pygame.MOUSEMOTION, 800),
                    (pygame.MOUSEBUTTONUP, 800)):
        pos = (int(start[0]), int(canvas_to_window(app, (960, y))[1]))
        extra = {"button": 1} if kind != pygame.MOUSEMOTION else {"rel": (0, 50), "buttons": (1, 0, 0)}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
        frames(app, 1)
    assert sheet.scroll < sheet.most_scroll  # a drag down pulls the text back


def test_a_long_card_in_the_discard_pile_reads_on_with_up_and_down_and_browses_with_left_and_right():
    from game.ui.labyrinth_overlays import DiscardBrowser

    app = make_app()
    app.push(TitleScene(app))
    discard = [{"card": "i-1", "deck": "interaction", "face": "up", "texts": [LONG_TEXT]},
               {"card": "i-2", "deck": "interaction", "face": "up", "texts": [LONG_TEXT]}]
    browser = DiscardBrowser(app, discard, {"i-1": 3, "i-2": 4})
    app.push(browser)
    frames(app, 10)
    assert browser.most_scroll() > 0
    for _ in range(80):
        key(app, pygame.K_DOWN, settle=1)
    assert browser.index == 0 and browser.scroll == browser.most_scroll()  # read to its last line
    key(app, pygame.K_RIGHT)
    assert browser.index == 1 and browser.scroll == 0  # the next card from its top


def test_the_ending_sheet_says_no_prophecy_was_missed_plainly_and_ranks_eight_as_the_rulebook_does(monkeypatch):
    from game.ui import table_labyrinth
    from game.ui.labyrinth_overlays import RANK_ROWS

    assert RANK_ROWS[0] == ("8", "Hero")  # rulebook: 8 Hero; eight favours are the most a score reaches
    seen: list = []
    monkeypatch.setattr(table_labyrinth, "rank_table", lambda score, rank, lines: seen.append(lines) or None)
    app, table = open_table()
    table.ending_played = True
    table.shown.view["prophecies"] = [{"card": "p-1", "state": "fulfilled"}]  # type: ignore[union-attr]
    table.before_results(lambda: None)
    assert dict(seen[0])["Prophecies unfulfilled"] == "0"


def test_a_tutorial_tip_comes_under_the_whole_story_of_the_move_not_between_its_texts():
    from game.core import Action
    from game.ui.table_labyrinth import TUTORIAL_TIPS

    app, table = open_table()
    session = table.session
    # stepping onto #2 discovers it: card 2 (wants an item, the tip) comes into play, then the
    # immediate card beside it is read ("A draught tugs…")
    for action in (Action.make(0, "move", to=2),):
        session.submit(action)
        app.step(1 / 15)
        for _ in range(600):
            if table.can_act and not table.animating:
                break
            app.step(1 / 15)
    page = table.journal.pages[-1]
    kinds = [b.kind for b in page.blocks]
    assert TUTORIAL_TIPS["needs-1"] in [b.text for b in page.blocks]
    assert kinds[-1] == "tip" and "draught" in " ".join(b.text for b in page.blocks if b.kind != "tip")
