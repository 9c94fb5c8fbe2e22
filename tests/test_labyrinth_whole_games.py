"""The Labyrinth played through to its endings with mouse, keys, pad and touch.

- The story panel, scrolled to follow a long page, cut its top line through: a sliver of descenders
  lay under the page's title rule. The cut lines now fade out.
- A short reading sheet (a prophecy, an item) put its "Enter Close" hint over the table's caption,
  right beside the caption's own "Enter Read it": two Enter hints side by side under a sheet.
- Undo took back every move since the checkpoint, but the button said "the last move", the toast
  spoke of a "checkpoint", and the "Nothing happens" page of a try it took back stayed on the panel.
"""

from __future__ import annotations

import pygame
import pytest

from game.core import Action, GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.labyrinth_layout import READ_RECT
from game.ui.labyrinth_overlays import StorySheet
from game.ui.labyrinth_reading import Journal, parchment_page
from game.ui.tables import table_scene_for
from game.ui.title import TitleScene
from game.ui.tween import MOTION
from ui_helpers import frames, key, make_app

FAST = 1 / 15


@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def config(*kinds: str, mode: str = "together") -> GameConfig:
    return GameConfig.make("labyrinth", [SeatConfig(k, f"P{i + 1}", "expert") for i, k in enumerate(kinds)],
                           scenario="tutorial", mode=mode)


def open_table(cfg: GameConfig, actions: list[Action] | None = None):
    app = make_app()
    app.settings.reduced_motion = True
    app.apply_motion()
    app.push(TitleScene(app))
    session = LocalSession(cfg, 7, bot_delay=0, actions=actions)
    table = table_scene_for("labyrinth")(app, session)
    app.push(table)
    return app, table, session


def run_until(app, condition, limit: int = 900, frame: float = 1 / 60) -> None:
    for _ in range(limit):
        if condition():
            return
        app.step(frame)
    raise AssertionError("condition not reached")


def ready(app, table) -> None:
    frames(app, 3)
    run_until(app, lambda: isinstance(app.scenes.top, StorySheet) or table.can_act)
    if isinstance(app.scenes.top, StorySheet):
        key(app, pygame.K_RETURN)
    run_until(app, lambda: table.can_act and app.scenes.top is table)
    frames(app, 10)


def settle(app, table) -> None:
    app.step(FAST)
    run_until(app, lambda: table.can_act and not table.animating and not table.timers, frame=FAST)


def test_the_story_panel_fades_a_line_it_cuts_instead_of_leaving_a_sliver_of_it():
    pygame.init()
    journal = Journal(READ_RECT)
    journal.new_page("Card 3 · with Smooth key (B2)")
    for _ in range(9):
        journal.add("story", "On a shelf a jar glows faintly. Its lid is rusted shut, and something inside beats "
                             "softly against the glass, again and again, as if it wanted out.", animate=False)
    assert journal.max_scroll() > 200
    content = journal.content
    paper = pygame.Surface((1920, 1080), pygame.SRCALPHA)
    paper.blit(parchment_page(READ_RECT.size), READ_RECT.topleft)
    worst = 0
    for scroll in range(0, int(journal.max_scroll()), 3):  # wherever the page is cut
        journal.scroll.set(float(scroll))
        canvas = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        journal.draw(canvas, 1.0)
        for y in (content.top, content.bottom - 1):  # the area's first and last rows
            for x in range(content.left, content.right, 2):
                a, b = canvas.get_at((x, y)), paper.get_at((x, y))
                worst = max(worst, sum(abs(a[i] - b[i]) for i in range(3)))
    assert worst < 40, f"ink at the panel's cut edge: a colour difference of {worst}"


def test_under_a_reading_sheet_the_tables_caption_hint_gives_way_to_the_sheets(monkeypatch):
    import game.ui.labyrinth_painter as painter

    app, table, session = open_table(config("human"))
    ready(app, table)
    table.focus = ("tile", str(table.hero_number))
    seen: list[str] = []
    real = painter.text_surface
    monkeypatch.setattr(painter, "text_surface", lambda text, *a, **k: (seen.append(str(text)), real(text, *a, **k))[1])
    key(app, pygame.K_RETURN, settle=20)  # the hero's card: read on a sheet
    assert isinstance(app.scenes.top, StorySheet)
    seen.clear()
    frames(app, 2)
    assert "Read it" not in seen  # the caption's Enter hint would sit beside the sheet's "Enter Close"
    key(app, pygame.K_RETURN, settle=20)
    assert app.scenes.top is table
    seen.clear()
    frames(app, 2)
    assert "Read it" in seen


def test_undo_says_how_many_moves_it_takes_back_and_takes_their_story_pages_with_them():
    opening = [Action.make(0, "interact", card="i-002", items=[]), Action.make(0, "move", to=2),
               Action.make(0, "move", to=3), Action.make(0, "interact", card="i-005", items=[])]
    app, table, session = open_table(config("human"), actions=opening)
    ready(app, table)
    toasts: list[str] = []
    real_toast = app.toast
    app.toast = lambda text, kind="info", *a, **k: (toasts.append(text), real_toast(text, kind, *a, **k))[1]
    pages = len(table.journal.pages)
    before = [p.title for p in table.journal.pages]
    session.submit(Action.make(0, "move", to=1))  # nothing new: the first move Undo would take back
    settle(app, table)
    session.submit(Action.make(0, "interact", card="i-006", items=["it-C"]))  # the jar has no C paragraph
    settle(app, table)
    assert table.journal.pages[-1].title == "Nothing happens"
    assert table.undo_moves == 2
    table.focus = ("button", "undo")
    assert table.info_lines()[1].startswith("Take back the last 2 moves")
    table.press_button("undo")
    settle(app, table)
    assert [p.title for p in table.journal.pages] == before and len(table.journal.pages) == pages
    assert "Undone: the last 2 moves are taken back." in toasts
    assert list(table.log)[-1] == "Undone: the last 2 moves are taken back."
    assert not [t for t in toasts if "checkpoint" in t]
    assert table.hero_number == 3
    session.submit(Action.make(0, "move", to=1))
    settle(app, table)
    table.focus = ("button", "undo")
    assert table.info_lines()[1].startswith("Take back the last move:")


@pytest.mark.parametrize("device, back", [("touch", False), ("mouse", False), ("keyboard", True), ("gamepad", True)])
def test_choosing_items_speaks_of_back_only_to_keys_and_pads(device, back):
    """A finger has no Back: 'Back cancels' under a card waiting for items pointed at nothing; the
    Cancel button beside Use is what a finger or a mouse uses."""
    app, table, session = open_table(config("human"), actions=[Action.make(0, "interact", card="i-002", items=[]),
                                                               Action.make(0, "move", to=2)])
    ready(app, table)
    app.input.last_device = device
    table.choose_interaction("i-003", device)
    assert table.selected == "i-003"
    hint = table.info_lines()[2]
    assert hint.startswith("Pick from your items, then Use")
    assert ("Back cancels" in hint) is back
    assert [label for name, label, _ in table.buttons() if name == "cancel"] == ["Cancel"]
