"""The Labyrinth table scene driven headless: a whole bot game to the results screen, a person's move
with each device, choosing items then Use, drops that snap back, the reading panel's texts (from the
view and events only, LA-7), the discard browser, turns mode, screenshots and frame time."""

from __future__ import annotations

import pygame
import pytest

from game.core import Action, GameConfig, IllegalAction, SeatConfig
from game.rules.labyrinth import ENGINE
from game.session import LocalSession
from game.ui.labyrinth_overlays import DiscardBrowser, StorySheet
from game.ui.results import ResultsScene
from game.ui.table_labyrinth import MAP_RECT, LabyrinthTable
from game.ui.tables import table_scene_for
from game.ui.title import TitleScene
from game.ui.tween import MOTION
from ui_helpers import canvas_to_window, click, frames, key, make_app, pad, tap

FAST = 1 / 15  # one display frame that runs the 8 fixed steps the clock allows


def config(*kinds: str, mode: str = "together") -> GameConfig:
    return GameConfig.make("labyrinth", [SeatConfig(k, f"P{i + 1}", "expert") for i, k in enumerate(kinds)],
                           scenario="tutorial", mode=mode)


@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def open_table(cfg: GameConfig, spectator: bool = False, actions: list[Action] | None = None, reduced: bool = False):
    app = make_app()
    app.settings.reduced_motion = reduced
    app.apply_motion()
    app.push(TitleScene(app))
    session = LocalSession(cfg, 7, bot_delay=0, spectator=spectator, actions=actions)
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
    """Past the intro sheet, with the table waiting for the person."""
    frames(app, 3)  # the intro opens on the table's first step
    run_until(app, lambda: isinstance(app.scenes.top, StorySheet) or table.can_act)
    if isinstance(app.scenes.top, StorySheet):
        key(app, pygame.K_RETURN)
    run_until(app, lambda: table.can_act and app.scenes.top is table)
    frames(app, 30)  # everything has slid into place


def test_the_table_is_registered():
    assert table_scene_for("labyrinth") is LabyrinthTable


def test_a_bot_game_plays_through_the_table_to_the_results_screen():
    app, table, session = open_table(config("bot", "bot"), spectator=True, reduced=True)
    run_until(app, lambda: isinstance(app.scenes.top, ResultsScene), limit=4000, frame=FAST)
    assert session.is_over()
    for kind in ("hero_moved", "scenery_placed", "scenery_discovered", "interaction_turned", "text"):
        assert kind in table.animated_events
    assert len(table.journal.pages) > 5  # one page per action that read something
    assert table.ending_shown  # the ending's sheet came first, then the results
    view = session.latest(None).view
    assert app.scenes.top.outcome == session.outcome()
    assert {int(s["number"]) for s in view["map"]} == set(table.tiles)


def test_the_intro_opens_the_story_and_its_texts_come_from_the_view():
    app, table, session = open_table(config("human"))
    run_until(app, lambda: isinstance(app.scenes.top, StorySheet))
    view = session.latest(0).view
    page = table.journal.pages[0]
    assert page.title == view["scenario"]["title"]
    shown = [block.text for block in page.blocks]
    assert shown[0] == view["scenario"]["intro"]
    assert shown[1:] == [entry["text"] for entry in view["last"]]
    key(app, pygame.K_RETURN)
    assert app.scenes.top is table


def first_action(session: LocalSession) -> Action:
    assert session.actions, "no action was submitted"
    return session.actions[0]


@pytest.mark.parametrize("device", ["keyboard", "gamepad", "mouse", "touch"])
def test_a_person_acts_with_each_device(device):
    app, table, session = open_table(config("human"))
    ready(app, table)
    reachable = sorted(int(a["to"]) for a in table.legal if a.kind == "move")
    if device == "keyboard":
        assert table.focus == ("tile", str(reachable[0]))  # focus starts on a card to discover
        key(app, pygame.K_RETURN)
        assert first_action(session) == Action.make(0, "move", to=reachable[0])
    elif device == "gamepad":
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # from #2 over the map to the east
        assert table.focus is not None and table.focus != ("tile", str(reachable[0]))
        target = table.focus
        pad(app, pygame.CONTROLLER_BUTTON_A)
        if target[0] == "tile" and int(target[1]) in reachable:
            assert first_action(session) == Action.make(0, "move", to=int(target[1]))
        else:
            assert first_action(session).kind in ("move", "interact")
    elif device == "mouse":
        rect = table.tiles[reachable[-1]].screen_rect(table.camera)
        click(app, rect.center)
        assert first_action(session) == Action.make(0, "move", to=reachable[-1])
    else:
        rect = table.inters["i-002"].hit_rect(table.camera)
        tap(app, rect.center)
        assert first_action(session) == Action.make(0, "interact", card="i-002", items=[])
        run_until(app, lambda: table.can_act)
        assert "it-A" in table.item_sprites  # the tinderbox arrived in the item row
        assert any("tinderbox" in text.lower() for text in table.journal.texts())


# The tutorial's opening: take the tinderbox, then walk north to the Hall of Cold Lanterns.
OPENING = [Action.make(0, "interact", card="i-002", items=[]), Action.make(0, "move", to=2)]


def test_choosing_an_item_then_use_turns_the_card_and_reads_the_paragraph():
    app, table, session = open_table(config("human"), actions=OPENING)
    ready(app, table)
    click(app, table.inters["i-003"].hit_rect(table.camera).center)
    assert table.selected == "i-003"
    labels = [name for name, _, _ in table.buttons()]
    assert labels == ["use", "cancel"]
    use_enabled = {name: enabled for name, _, enabled in table.buttons()}
    assert not use_enabled["use"]
    click(app, table.item_sprites["it-A"].draw_rect().center)
    assert table.chosen == ["it-A"]
    frames(app, 20)
    click(app, table.button_rects()["use"].center)
    assert session.actions[-1] == Action.make(0, "interact", card="i-003", items=["it-A"])
    run_until(app, lambda: table.can_act)
    texts = " ".join(table.journal.texts())
    assert "You strike the tinderbox" in texts  # the paragraph the item revealed
    assert "Dozens of lanterns" in texts  # and the card's top text before it
    assert table.tiles[2].entry.get("title") == "The Hall of Lit Lanterns"  # the covering card, found at once


def test_keyboard_back_cancels_a_choice_and_the_focus_walks_to_use():
    app, table, session = open_table(config("human"), actions=OPENING)
    ready(app, table)
    table.focus = ("inter", "i-003")
    key(app, pygame.K_RETURN)
    assert table.selected == "i-003" and table.focus == ("item", "it-A")
    key(app, pygame.K_RETURN)
    assert table.chosen == ["it-A"] and table.focus == ("button", "use")
    key(app, pygame.K_ESCAPE)
    assert table.selected is None and table.chosen == []
    assert app.scenes.top is table  # back cancelled the choice; it did not pause
    assert len(session.actions) == len(OPENING)


def drag(app, start, end, steps: int = 6) -> None:
    ws = tuple(int(v) for v in canvas_to_window(app, start))
    we = tuple(int(v) for v in canvas_to_window(app, end))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=ws, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ws, button=1))
    frames(app, 1)
    for i in range(1, steps + 1):
        pos = (ws[0] + (we[0] - ws[0]) * i // steps, ws[1] + (we[1] - ws[1]) * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=we, button=1))
    frames(app, 2)


def test_an_illegal_drop_snaps_back_and_a_legal_one_is_played():
    app, table, session = open_table(config("human"), actions=OPENING)
    ready(app, table)
    sprite = table.item_sprites["it-A"]
    home = sprite.pos.current
    drag(app, sprite.draw_rect().center, (MAP_RECT.x + 40, MAP_RECT.y + 40))  # onto bare table
    assert len(session.actions) == len(OPENING)
    assert app.toasts.items, "the refused drop is explained"
    frames(app, 40)
    assert sprite.pos.current == pytest.approx(home)  # back in the row
    hero = table.hero_rect()
    assert hero is not None
    assert table.hit((MAP_RECT.right - 30, MAP_RECT.y + 30)) is None  # bare table, no scenery there
    drag(app, hero.center, (MAP_RECT.right - 30, MAP_RECT.y + 30))
    assert len(session.actions) == len(OPENING)  # the hero went home
    drag(app, sprite.draw_rect().center, table.inters["i-003"].hit_rect(table.camera).center)
    assert session.actions[-1] == Action.make(0, "interact", card="i-003", items=["it-A"])


def test_a_failed_match_keeps_the_item_and_says_so():
    opening = OPENING + [Action.make(0, "move", to=3), Action.make(0, "interact", card="i-005", items=[])]
    app, table, session = open_table(config("human"), actions=opening)
    ready(app, table)
    click(app, table.inters["i-006"].hit_rect(table.camera).center)
    click(app, table.item_sprites["it-A"].draw_rect().center)
    click(app, table.button_rects()["use"].center)
    run_until(app, lambda: table.can_act)
    assert "no_match" in table.animated_events
    assert "it-A" in table.item_sprites
    assert any("goes back face down" in text for text in table.journal.texts())
    assert table.inters["i-006"].entry["tried"] == [["it-A"]]
    # the same try again can only fail: it is not sent, and the player is told why
    tries = len(session.actions)
    app.toasts.items.clear()
    click(app, table.inters["i-006"].hit_rect(table.camera).center)
    click(app, table.item_sprites["it-A"].draw_rect().center)
    click(app, table.button_rects()["use"].center)
    frames(app, 5)
    assert len(session.actions) == tries
    assert app.toasts.items[-1].text.endswith("already failed on this card: try something else.")
    click(app, table.button_rects()["cancel"].center)
    frames(app, 5)
    app.toasts.items.clear()
    drag(app, table.item_sprites["it-A"].draw_rect().center, table.inters["i-006"].hit_rect(table.camera).center)
    frames(app, 5)
    assert len(session.actions) == tries
    assert app.toasts.items[-1].text.endswith("already failed on this card: try something else.")


def test_no_text_on_the_table_is_a_secret_of_the_scenario():
    opening = OPENING + [Action.make(0, "interact", card="i-003", items=["it-A"])]
    app, table, session = open_table(config("human"), actions=opening)
    ready(app, table)
    secrets = session.engine.secrets(session.state, 0)
    shown = {block.text for page in table.journal.pages for block in page.blocks}
    shown |= {str(tile.entry.get("title", "")) for tile in table.tiles.values()}
    shown |= {str(e.get("text", "")) for e in table.prophecy_entries.values()}
    assert not (shown & secrets)


def test_the_discard_pile_shows_read_cards_and_hides_unread_ones():
    opening = OPENING + [Action.make(0, "interact", card="i-003", items=["it-A"])]
    app, table, session = open_table(config("human"), actions=opening)
    ready(app, table)
    click(app, table.button_rects()["discard"].center)
    browser = app.scenes.top
    assert isinstance(browser, DiscardBrowser)
    view = session.latest(0).view
    assert browser.entries == list(reversed(view["discard"]))
    frames(app, 4)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table


def test_turns_mode_offers_end_turn_and_names_whose_turn_it_is():
    app, table, session = open_table(config("human", "human", mode="turns"))
    run_until(app, lambda: table.curtain_seat == 0)
    key(app, pygame.K_RETURN)
    ready(app, table)
    assert "In turns" in table.mode_line() and "P1" in table.mode_line()
    assert "end_turn" in [name for name, _, _ in table.buttons()]
    click(app, table.button_rects()["end_turn"].center)
    assert session.actions[-1] == Action.make(0, "end_turn")
    run_until(app, lambda: table.curtain_seat == 1)


def test_undo_is_offered_after_a_move_that_revealed_nothing():
    app, table, session = open_table(config("human"), actions=OPENING)
    ready(app, table)
    click(app, table.tiles[1].screen_rect(table.camera).center)  # back to the start: nothing new
    run_until(app, lambda: table.can_act and any(n == "undo" for n, _, _ in table.buttons()))
    click(app, table.button_rects()["undo"].center)
    run_until(app, lambda: "undo" in table.animated_events and table.can_act)
    assert table.hero_number == 2


def test_table_and_results_screenshots(tmp_path):
    from main import write_screenshot
    from test_ui_screenshots import assert_not_blank

    app = make_app()
    for scene in ("table", "results"):
        out = tmp_path / f"{scene}.png"
        write_screenshot(scene, str(out), game="labyrinth", seats=1, seed=2, frames=60, app=app)
        assert_not_blank(out)
    assert isinstance(app.scenes.top, ResultsScene)


def test_a_frame_of_the_whole_map_while_a_card_pulses_blits_the_kept_surroundings(monkeypatch):
    """The whole map with a face-down card in reach pulses every frame, so the map is drawn each
    frame; what lies round it (felt, top bar, reading panel, tray, buttons) must come from the kept
    image, composed once. (This replaced a timed test, median frame < 12 ms, which failed on a loaded
    machine: how fast the frame is belongs to `make bench`, bench_frames' `explore` screen, goal
    8.3 ms; this test pins the mechanism that makes it fast.)"""
    opening = OPENING + [Action.make(0, "interact", card="i-003", items=["it-A"]), Action.make(0, "move", to=4)]
    app, table, session = open_table(config("human"), actions=opening)
    ready(app, table)
    run_until(app, lambda: table.journal.still_key(0.0, table.journal_focus()) is not None, limit=600, frame=1 / 120)
    app.step(1 / 120)  # the frame that composes the kept image
    calls = {"around": 0, "map": 0, "journal": 0}
    real_around, real_map, real_journal = table.draw_around, table.draw_map_under_hero, table.draw_journal

    def counting(name, real):
        def call(*args, **kwargs):
            calls[name] += 1
            return real(*args, **kwargs)
        return call

    monkeypatch.setattr(table, "draw_around", counting("around", real_around))
    monkeypatch.setattr(table, "draw_map_under_hero", counting("map", real_map))
    monkeypatch.setattr(table, "draw_journal", counting("journal", real_journal))
    for _ in range(30):
        app.step(1 / 120)
    assert calls == {"around": 0, "map": 30, "journal": 0}, calls


def test_the_reading_panel_sets_the_story_at_55_to_75_characters_a_line():
    from game.ui.labyrinth_reading import BODY_PX, Journal
    from game.ui.look.fonts import wrap

    app, table, session = open_table(config("human"))
    view = session.latest(0).view
    text = " ".join([view["scenario"]["intro"]] + [entry["text"] for entry in view["last"]])
    lines = wrap(text, "story", BODY_PX, Journal(table.journal.rect).text_width)[:-1]
    assert BODY_PX >= 24 and len(lines) >= 5
    assert 55 <= sum(len(line) for line in lines) / len(lines) <= 75
    assert all(48 <= len(line) <= 75 for line in lines)


def test_every_instruction_of_the_rules_lab_scenario_animates_and_the_table_agrees_with_the_view(monkeypatch):
    """Random legal play on the rules-lab fixture (every instruction kind) through the table."""
    import random
    from pathlib import Path

    from game.rules.labyrinth import load_scenario
    from game.rules.labyrinth.engine import LabyrinthEngine

    lab = load_scenario(str(Path(__file__).parent / "labyrinth_fixtures" / "lab.toml"))
    monkeypatch.setattr(LabyrinthEngine, "new_game", lambda self, cfg, seed: self.start(lab, cfg.seat_count, "together"))
    kinds: set[str] = set()
    for seed in (0, 4, 5):
        app, table, session = open_table(config("human"), reduced=True)
        ready(app, table)
        rng = random.Random(seed)
        while not session.is_over() and len(session.actions) < 60:
            run_until(app, lambda: table.can_act or session.is_over(), limit=3000, frame=FAST)
            if not session.is_over():
                session.submit(rng.choice(list(table.legal)))
                app.step(FAST)  # the table takes the update in
        app.step(FAST)
        run_until(app, lambda: not table.animating, limit=3000, frame=FAST)
        view = session.latest(0).view
        assert {int(s["number"]) for s in view["map"]} == set(table.tiles)
        assert set(table.item_order) == {i["card"] for i in view["items"]}
        kinds |= set(table.animated_events)
    assert {"item_discarded", "removed_from_deck", "favour_regained", "prophecy_fulfilled", "undo"} <= kinds


def test_the_wheel_zooms_the_map_and_fit_map_brings_it_back():
    from game.ui.labyrinth_layout import FIT_RECT

    app, table, session = open_table(config("human"), actions=OPENING)
    ready(app, table)
    before = table.camera.now()[0]
    at = tuple(int(v) for v in canvas_to_window(app, MAP_RECT.center))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    frames(app, 20)
    assert table.camera.manual and table.camera.now()[0] > before
    click(app, FIT_RECT.center)
    frames(app, 40)
    assert not table.camera.manual and table.camera.now()[0] == pytest.approx(before)


@pytest.mark.parametrize("device", ["touch", "mouse"])
def test_the_menu_button_opens_the_pause_overlay_by_pointer(device):
    from game.ui.labyrinth_layout import MENU_RECT
    from game.ui.pause import PauseOverlay

    app, table, session = open_table(config("human"))
    ready(app, table)
    (tap if device == "touch" else click)(app, MENU_RECT.center)
    assert isinstance(app.scenes.top, PauseOverlay) and app.scenes.scenes[-2] is table  # over the table (kept as one image once drawn)


def test_the_status_strip_anchor_keeps_clear_of_the_favours():
    from game.ui.labyrinth_layout import FAVOUR_LEFT

    attribute, point = LabyrinthTable.status_anchor
    strip = pygame.Rect(0, 0, 640, 48)
    setattr(strip, attribute, point)
    assert MAP_RECT.contains(strip) and strip.right < FAVOUR_LEFT


@pytest.mark.parametrize("mode, shared", [("together", True), ("turns", False)])
def test_pads_act_for_everyone_only_when_the_labyrinth_is_played_together(mode, shared):
    app, table, _ = open_table(config("human", "human", mode=mode))
    frames(app, 3)
    assert table.pads_share_the_turn() is shared  # ruling LA-7 (together) and LA-5 (in turns)


def test_with_a_bot_beside_a_person_the_labyrinth_is_set_up_in_turns():
    """Played together a bot acts whenever it likes and would play the adventure for the people
    (ruling LA-5 lets anyone act): with a bot and a person at the table, the setup plays in turns."""
    from game.ui.setup import SeatSetupScene

    app = make_app()
    app.push(TitleScene(app))
    setup = SeatSetupScene(app, "labyrinth")
    app.push(setup)
    frames(app, 2)
    assert setup.seat_count == 1 and setup.options["mode"] == "together"  # one person's adventure
    setup.set_seat_count(2)  # the second seat is a bot
    assert setup.options["mode"] == "turns"
    assert "played in turns" in app.toasts.items[-1].text
    mode = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Play mode")
    assert [label for _, label in mode.choices] == ["In turns"]
    setup.set_who(1, "human")  # two people: together is open again
    mode = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Play mode")
    assert [label for _, label in mode.choices] == ["Together", "In turns"]
    with pytest.raises(IllegalAction, match="for people only"):
        ENGINE.check_config(config("human", "bot", mode="together"))
    ENGINE.check_config(config("bot", "bot", mode="together"))  # bots alone may race together


def test_the_setup_says_what_each_adventure_is_while_it_is_chosen(monkeypatch, tmp_path):
    """Choosing an adventure, the setup says what it is (its `pitch`: how long, what it is like) under
    the options, and says it again for each choice cycled to; a file without a pitch is described by
    its declared sizes."""
    import game.rules.labyrinth.scenario as scenario_module
    from game.core.engine import Option
    from game.ui.setup import SeatSetupScene

    tutorial_pitch = dict(scenario_module.shipped_scenario_pitches())["tutorial"]
    assert "teaches the game" in tutorial_pitch
    assert "about 40 minutes" in dict(scenario_module.shipped_scenario_pitches())["saltmere"]
    (tmp_path / "tutorial.toml").write_bytes((scenario_module.SCENARIO_DIR / "tutorial.toml").read_bytes())
    (tmp_path / "deep.toml").write_text('[scenario]\nid = "deep"\ntitle = "The Deep"\n'
                                        'sizes = { scenery = 18, endings = 3 }\n', "utf-8")
    monkeypatch.setattr(scenario_module, "SCENARIO_DIR", tmp_path)
    pitches = dict(scenario_module.shipped_scenario_pitches())
    assert pitches == {"tutorial": tutorial_pitch, "deep": "18 scenery cards, 3 endings."}
    option = Option("scenario", "Scenario", tuple(scenario_module.shipped_scenarios()), "Which adventure to play.",
                    choice_help=tuple(pitches.items()))
    monkeypatch.setattr(type(ENGINE), "options", (option, *[o for o in ENGINE.options if o.name != "scenario"]))
    app = make_app()
    app.push(TitleScene(app))
    setup = SeatSetupScene(app, "labyrinth")
    app.push(setup)
    cycler = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Scenario")
    setup.group.set_focus(cycler)
    frames(app, 2)
    assert setup.help_text == f"Which adventure to play. {tutorial_pitch}"
    key(app, pygame.K_RIGHT)
    frames(app, 2)
    assert setup.options["scenario"] == "deep"
    assert setup.help_text == "Which adventure to play. 18 scenery cards, 3 endings."
    assert option.help_for(True) == option.help_for("nothing") == "Which adventure to play."


def test_the_rules_page_names_every_shipped_adventure():
    from pathlib import Path

    from game.rules.labyrinth.scenario import SCENARIO_DIR, shipped_scenarios

    page = (Path(__file__).parent.parent / "game/content/rules/labyrinth.md").read_text(encoding="utf-8")
    section = page.split("## The adventures", 1)[1]
    assert len(shipped_scenarios()) == len(list(SCENARIO_DIR.glob("*.toml"))) >= 2
    for _, title in shipped_scenarios():
        assert f"- {title.removesuffix(' (tutorial)')}:" in section, title


def test_a_pitch_that_is_not_text_is_reported_with_its_field():
    from game.rules.labyrinth import ScenarioError, parse_scenario
    from game.rules.labyrinth.scenario import SCENARIO_DIR

    data = (SCENARIO_DIR / "tutorial.toml").read_text("utf-8").replace('pitch = "A short', 'pitch = 3 # "A short', 1)
    with pytest.raises(ScenarioError, match="pitch.*must be a line of text"):
        parse_scenario(data.encode("utf-8"), "tutorial.toml", "tutorial.toml")


def test_rules_from_the_pause_menu_open_at_the_page_about_the_step():
    from game.ui.pause import PauseOverlay
    from game.ui.rules import RulesScene

    app, table, _ = open_table(config("human"))
    frames(app, 3)
    table._pause()
    pause = app.scenes.top
    assert isinstance(pause, PauseOverlay) and pause.rules_topic == "Moving the hero"
    pause.rules()
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and rules.page == rules.page_of("Moving the hero") > 0
