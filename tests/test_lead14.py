"""Session 14: what players read from the engines — setup option help and refusals — is in their
words: no ruling ids, no seat numbers from 0, no raw card ids."""

from __future__ import annotations

import re

import pytest

from game.core import Action, GameConfig, IllegalAction, SeatConfig, find_game
from game.core.registry import GAMES
from game.rules import lost_cities, lost_in_time, time_after_time

RULING_ID = re.compile(r"\b[A-Z]{1,3}-\d+[a-z]?\b|[Rr]uling")


def config(game_id: str, seats: int) -> GameConfig:
    names = ("Ann", "Ben", "Cleo", "Dan")
    return GameConfig(game_id, tuple(SeatConfig("human", names[i]) for i in range(seats)))


@pytest.mark.parametrize("game_id", [info.game_id for info in GAMES])
def test_setup_option_help_never_shows_a_ruling_id(game_id):
    for option in find_game(game_id).options:
        for value, label in option.choices:
            said = option.help_for(value)
            assert said and not RULING_ID.search(said), (game_id, option.name, said)
            assert not RULING_ID.search(label), (game_id, option.name, label)


def test_each_choice_of_a_rule_option_says_what_it_does():
    disaster = next(o for o in lost_in_time.ENGINE.options if o.name == "disaster_skip")
    assert "no action and no travel" in disaster.help_for("turn")
    assert "then travel" in disaster.help_for("action") and "no travel" not in disaster.help_for("action")
    ghost = next(o for o in time_after_time.ENGINE.options if o.name == "ghost_redraw")
    assert "your turn is over" in ghost.help_for(False)
    assert "second card" in ghost.help_for(True) and "your turn is over" not in ghost.help_for(True)


def refusal(engine, state, action) -> str:
    with pytest.raises(IllegalAction) as raised:
        engine.apply(state, action)
    return str(raised.value)


def test_lost_cities_refusals_name_cards_and_never_seat_numbers():
    engine = lost_cities.ENGINE
    state = engine.new_game(config("lost-cities", 2), 3)
    other = 1 - state["turn"]
    assert "not your turn" in refusal(engine, state, Action.make(other, "play", card=state["hands"][other][0]))
    seat = state["turn"]
    missing = next(c for c in lost_cities.deck_for(state["colours"]) if c not in state["hands"][seat])
    said = refusal(engine, state, Action.make(seat, "play", card=missing))
    assert said == f"you do not hold the {lost_cities.card_name(missing)}" and missing not in said
    assert refusal(engine, state, Action.make(seat, "play", card="lc-zz-99")) == "you do not hold that card"


def test_lost_in_time_refusals_use_names_and_card_titles():
    engine = lost_in_time.ENGINE
    state = engine.new_game(config("lost-in-time", 3), 4)
    turn = state["turn"]
    other = (turn + 1) % 3
    said = refusal(engine, state, Action.make(other, "pass"))
    assert said == f"it is not your turn: {state['names'][turn]} is playing"
    said = refusal(engine, state, Action.make(turn, "vip", card="lit-nonsense", target=other))
    assert said == "that card is not in your hand"
    said = refusal(engine, state, Action.make(turn, "place", card=state["hands"][turn][0]))
    assert said.startswith("first your action (skip it, play a VIP or a Disaster on an opponent, or discard)")


def test_time_after_time_refusals_name_the_neighbour_and_count_slots_in_words():
    engine = time_after_time.ENGINE
    state = engine.new_game(config("time-after-time", 3), 2)
    turn = state["turn"]
    neighbour = time_after_time.right_neighbour(turn, 3)
    size = len(state["hands"][neighbour])
    said = refusal(engine, state, Action.make(turn, "draw", position=size + 3))
    assert said == f"pick one of the {size} cards in {state['names'][neighbour]}'s hand"
    other = (turn + 1) % 3
    said = refusal(engine, state, Action.make(other, "draw", position=0))
    assert said.startswith(f"it is not your turn: {state['names'][turn]} is playing")
    assert time_after_time.slot_list([2]) == "slot 3"
    assert time_after_time.slot_list([3, 4]) == "slots 4 or 5"
    assert time_after_time.slot_list([0, 1, 6]) == "slots 1, 2 or 7"


def test_labyrinth_refusals_name_cards_by_number_and_items_by_name():
    from game.rules.labyrinth.engine import ENGINE as LABYRINTH
    state = LABYRINTH.new_game(config("labyrinth", 1), 1)
    scenario = LABYRINTH.scenario(state)
    card = next(c for c in scenario.interactions.values() if c.id not in state["in_play"])
    said = refusal(LABYRINTH, state, Action.make(0, "interact", card=card.id, items=[]))
    assert said == f"card {card.number} is not in play" and card.id not in said
    assert refusal(LABYRINTH, state, Action.make(0, "interact", card="i-nonsense", items=[])) == \
        "that card is not in play"


def test_a_drawn_game_has_its_own_sting_and_a_win_keeps_the_fanfare():
    from game.core.types import Outcome
    from game.ui.results import ResultsScene
    from game.ui.title import TitleScene
    from ui_helpers import recording_app
    lines = ({"label": "Match total", "value": 40},)
    level = Outcome((40, 40), ((0, 1),), (0, 1), (lines, lines), "A draw at 40.", draw=True)
    won = Outcome((41, 40), ((0,), (1,)), (0,), (lines, lines), "Ann wins 41 to 40.")
    for outcome, sound in ((level, "draw"), (won, "win")):
        with recording_app() as app:
            app.push(TitleScene(app))
            app.played.clear()
            app.push(ResultsScene(app, outcome, ["Ann", "Ada"], [0], lambda: None, "lost-cities"))
            assert sound in app.played and not {"draw", "win", "lose"} - {sound} & set(app.played)


def test_the_autosave_failing_is_heard_as_well_as_read():
    from game.session import LocalSession
    from game.ui.tables import table_scene_for
    from ui_helpers import recording_app
    people = (SeatConfig("human", "Ann"), SeatConfig("bot", "Ada", "easy"))
    with recording_app() as app:
        session = LocalSession(GameConfig("lost-cities", people), 2, bot_delay=0.0)
        table = table_scene_for("lost-cities")(app, session)
        app.push(table)
        app.run_frames(3)
        notices = ["Cannot save: the disk is full. The game goes on."]
        session.take_save_notice = lambda: notices.pop() if notices else None  # type: ignore[method-assign]
        session.save_problem = "the disk is full"  # type: ignore[attr-defined]
        app.played.clear()
        app.run_frames(2)
        assert "invalid" in app.played
        assert any(t.kind == "warning" and "disk is full" in t.text for t in app.toasts.items)


def test_lost_in_time_travel_prompt_speaks_in_years():
    from game.ui.table_lost_in_time import travel_end_words
    assert travel_end_words("past") == "a card with an earlier year than your oldest (left end)"
    assert travel_end_words("future") == "a card with a later year than your youngest (right end)"
    assert not any("younger" in travel_end_words(d) for d in ("past", "future"))  # said in years


def test_lost_cities_rules_from_the_pause_menu_open_at_scoring_while_a_round_is_scored():
    from game.session import LocalSession
    from game.ui.tables import table_scene_for
    from ui_helpers import recording_app
    people = (SeatConfig("human", "Ann"), SeatConfig("bot", "Ada", "easy"))
    with recording_app() as app:
        table = table_scene_for("lost-cities")(app, LocalSession(GameConfig("lost-cities", people), 2, bot_delay=0.0))
        app.push(table)
        app.run_frames(3)
        assert table.rules_topic() == "A turn"
        table.scoring = object()  # type: ignore[assignment]  # a round's scores being counted
        assert table.rules_topic() == "Scoring"


def test_a_first_game_of_a_kind_starts_against_easy_bots_and_later_ones_against_experts(data_dir):
    from game.session.records import load_records, save_records
    from game.ui.setup import SeatSetupScene
    from ui_helpers import make_app
    app = make_app()
    first = SeatSetupScene(app, "lost-cities")
    assert first.who[1] == "easy"
    records = load_records(lambda message: None)
    records.add("lost-cities", "expert", won=False, drawn=False)
    save_records(records)
    assert SeatSetupScene(app, "lost-cities").who[1] == "expert"
    assert SeatSetupScene(app, "time-after-time").who[1:4] == ["easy"] * 3  # never played here


@pytest.mark.parametrize("device", ["keyboard", "gamepad", "mouse", "touch"])
def test_the_picker_opens_the_rules_of_the_game_in_focus_with_each_device(device, data_dir):
    import pygame

    from game.ui.picker import GamePickerScene, GameTile
    from game.ui.rules import RulesScene
    from game.ui.title import TitleScene
    from ui_helpers import click, frames, key, make_app, pad, tap, widget_labelled
    app = make_app()
    app.push(TitleScene(app))
    picker = GamePickerScene(app)
    app.push(picker)
    frames(app, 3)
    tiles = [w for w in picker.group.widgets if isinstance(w, GameTile)]
    picker.group.set_focus(tiles[2])  # Time After Time (a pointer over its tile, or keys that went there)
    frames(app, 1)
    if device == "keyboard":
        key(app, pygame.K_h)
    elif device == "gamepad":
        pad(app, pygame.CONTROLLER_BUTTON_Y)
    elif device == "mouse":
        click(app, widget_labelled(picker, "How to play").rect.center)
    else:
        tap(app, widget_labelled(picker, "How to play").rect.center)
    frames(app, 3)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene)
    assert GAMES[rules.game_index].game_id == "time-after-time"  # a pointer went from its tile to the button


def test_the_hint_key_cap_goes_when_the_player_binds_that_key():
    from game.ui.hint_glyphs import glyphs_for
    from game.ui.settings import DEFAULT_KEYS, DEFAULT_PAD
    assert glyphs_for(DEFAULT_KEYS, DEFAULT_PAD)["keyboard"]["hint"] == "H"
    assert glyphs_for(DEFAULT_KEYS, DEFAULT_PAD)["gamepad"]["hint"] == "Y"
    keys = {**DEFAULT_KEYS, "confirm": ["h"]}
    pads = {**DEFAULT_PAD, "back": ["y"]}
    assert "hint" not in glyphs_for(keys, pads)["keyboard"] and "hint" not in glyphs_for(keys, pads)["gamepad"]


def test_a_scaled_frame_fills_its_letterbox_and_the_bars_are_a_dark_shade_of_the_tables_edge(data_dir):
    import pygame

    from game.ui.app import App, bars_around
    app = App(headless=True, size=(1024, 768), windowed=True)
    try:
        app.canvas.fill((40, 90, 60))
        app.canvas.fill((200, 10, 10), pygame.Rect(900, 500, 120, 80))  # something in the middle
        app.present()
        box = pygame.Rect(app.letterbox.offset, app.letterbox.size)
        assert box.top > 0 and app.window.get_at((5, 5))[:3] == (16, 36, 24)  # a bar, a dark shade of the edge
        assert app.window.get_at(box.center)[:3] == (200, 10, 10)  # the picture, scaled into the window
        assert bars_around(pygame.Rect(0, 0, 1920, 1080), pygame.Rect(0, 0, 1920, 1080)) == []
        pygame.display.set_mode((800, 600), pygame.RESIZABLE)  # resized before its event is read
        app.window = pygame.display.get_surface()
        app.present()
        assert app.letterbox.window == (800, 600) and app.window.get_at((400, 300))[:3] == (200, 10, 10)
    finally:
        app.shutdown()


def test_the_labyrinth_engine_log_says_a_plural_item_are_discarded():
    from game.core.types import Event
    from game.rules.labyrinth.engine import ENGINE as LABYRINTH
    assert LABYRINTH.describe(Event.make("item_discarded", None, name="Hedge shears"), 0) == \
        "The Hedge shears are discarded."
    assert LABYRINTH.describe(Event.make("item_discarded", None, name="Hourglass"), 0) == \
        "The Hourglass is discarded."


def test_labyrinth_rules_from_the_pause_menu_follow_what_has_the_focus():
    from game.session import LocalSession
    from game.ui.tables import table_scene_for
    from ui_helpers import recording_app
    with recording_app() as app:
        session = LocalSession(GameConfig("labyrinth", (SeatConfig("human", "Ann"),)), 1, bot_delay=0.0)
        table = table_scene_for("labyrinth")(app, session)
        app.push(table)
        app.run_frames(5)
        table.focus = ("tile", "1")
        assert table.rules_topic() == "Moving the hero"
        table.focus = ("inter", "i-001")
        assert table.rules_topic() == "Interacting and items"
        table.focus = ("favours", "")
        assert table.rules_topic() == "What the cards tell you to do"


def test_a_labyrinth_sheets_hint_strip_follows_a_resized_window_and_rebound_keys(data_dir):
    import pygame

    from game.ui import hint_glyphs
    from game.ui.labyrinth_overlays import hint_strip
    from game.ui.settings import DEFAULT_KEYS, DEFAULT_PAD
    from ui_helpers import make_app
    app = make_app()
    try:
        actions = (("confirm", "Close"),)
        pygame.display.set_mode((1920, 1080))
        large = hint_strip("keyboard", actions)
        pygame.display.set_mode((1024, 768))
        small = hint_strip("keyboard", actions)
        assert small.get_height() > large.get_height()  # drawn larger to read on the small window
        hint_glyphs.use_bindings({**DEFAULT_KEYS, "confirm": ["space"]}, DEFAULT_PAD)
        assert hint_strip("keyboard", actions).get_width() != small.get_width()  # "Space", not "Enter"
    finally:
        hint_glyphs.use_bindings(DEFAULT_KEYS, DEFAULT_PAD)
        app.shutdown()


def test_starting_a_new_game_keeps_a_saved_game_that_cannot_be_continued(data_dir):
    from game.ui.setup import SeatSetupScene
    from game.ui.title import TitleScene
    from ui_helpers import frames, make_app
    damaged = b"\x93not a save at all"
    (data_dir / "autosave.tt").write_bytes(damaged)
    app = make_app()
    app.push(TitleScene(app))
    setup = SeatSetupScene(app, "lost-cities")
    app.push(setup)
    frames(app, 2)
    setup.begin()  # what "Start the new game" does
    frames(app, 2)
    kept = list(data_dir.glob("autosave.tt.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    assert any(t.kind == "warning" and kept[0].name in t.text for t in app.toasts.items)


def test_an_action_from_the_wire_with_seat_or_kind_among_its_arguments_is_refused_in_words():
    from game.core.types import InvalidAction
    for name in ("seat", "kind"):
        with pytest.raises(InvalidAction, match="'seat' and 'kind' are not move arguments"):
            Action.from_wire({"seat": 0, "kind": "draw", "args": {name: 1}})


def test_a_hosted_tables_seats_file_that_is_a_pipe_is_refused_not_waited_on(tmp_path):
    import os

    from game.session import SaveError
    from net.host import read_seats_file, sidecar_path
    save = tmp_path / "lan-host.tt"
    os.mkfifo(sidecar_path(save))
    with pytest.raises(SaveError, match="seats file"):
        read_seats_file(save, 2)


def test_a_labyrinth_games_hint_count_is_saved_with_it_and_continue_counts_on(data_dir):
    from game.session import LocalSession, resume
    from game.session.saves import read_save, saved_table
    from game.ui.tables import table_scene_for
    from ui_helpers import recording_app
    path = data_dir / "autosave.tt"
    with recording_app() as app:
        session = LocalSession(GameConfig("labyrinth", (SeatConfig("human", "Ann"),)), 1, autosave=path,
                               bot_delay=0.0)
        table = table_scene_for("labyrinth")(app, session)
        app.push(table)
        app.run_frames(3)
        move = session.engine.legal_actions(session.state, 0)[0]
        session.submit(move)
        app.run_frames(3)
        table.hints_asked = 3
        table.keep_hint_count()
        assert read_save(path).table == {"labyrinth_hints": 3}  # written at once, not at the next move
        continued = resume(path)
        again = table_scene_for("labyrinth")(app, continued)
        app.push(again)
        app.run_frames(3)
        assert again.hints_asked == 3
    assert saved_table({"labyrinth_hints": -1}) == {} and saved_table(["x"]) == {}
    assert saved_table({"labyrinth_hints": True}) == {} and saved_table({"labyrinth_hints": 2}) == {"labyrinth_hints": 2}


def test_a_story_ended_faintly_is_played_but_not_counted_as_escaped():
    from game.core.types import Outcome
    from game.session.records import Records, faint_ending, outcome_for, record_line
    faint = Outcome((2,), ((0,),), (0,), ((),), "Midsummer Morning: score 2, Apprentice.", cooperative=True)
    good = Outcome((8,), ((0,),), (0,), ((),), "Midsummer Morning: score 8, Hero.", cooperative=True)
    assert faint_ending(faint) and not faint_ending(good)
    assert outcome_for(faint, 0) == (False, False) and outcome_for(good, 0) == (True, False)
    records = Records()
    for outcome in (faint, good, faint):
        won, drawn = outcome_for(outcome, 0)
        records.add("labyrinth", "people", won, drawn, "yewmaze", int(outcome.scores[0]))
    line = record_line(records, "labyrinth", "The Labyrinth", "people", True)
    assert line == "Your record in The Labyrinth: 1 of 3 adventures escaped"
    assert records.best("labyrinth", "yewmaze") == 8


def test_m_mutes_every_sound_and_unmutes_it_and_a_volume_moved_unmutes(data_dir):
    import pygame

    from game.ui.settings import Settings, load_settings
    from game.ui.settings_scene import SettingsScene
    from game.ui.title import TitleScene
    from ui_helpers import frames, key, make_app
    app = make_app()
    app.push(TitleScene(app))
    frames(app, 2)
    assert app.settings.effects_gain > 0 and app.settings.music_gain > 0
    key(app, pygame.K_m)
    assert app.settings.muted and app.settings.effects_gain == 0 == app.settings.music_gain
    assert any("Sound off" in t.text for t in app.toasts.items)
    assert load_settings(lambda message: None).muted  # kept for the next start
    key(app, pygame.K_m)
    assert not app.settings.muted and app.settings.effects_gain > 0
    key(app, pygame.K_m)
    settings_scene = SettingsScene(app)
    app.push(settings_scene)
    frames(app, 2)
    assert any("All sound is off (M)" in t.text for t in app.toasts.items)
    settings_scene.set_music(0.4)
    assert not app.settings.muted
    assert Settings.from_json({"muted": True}).muted
    with pytest.raises((TypeError, ValueError)):
        Settings.from_json({"muted": "yes"})


def test_m_types_a_letter_in_a_name_field_instead_of_muting(data_dir):
    import pygame

    from game.ui.setup import SeatSetupScene
    from game.ui.title import TitleScene
    from ui_helpers import frames, key, make_app, widget_labelled
    app = make_app()
    app.push(TitleScene(app))
    setup = SeatSetupScene(app, "lost-cities")
    app.push(setup)
    frames(app, 2)
    entry = widget_labelled(setup, "Seat 1")
    setup.group.set_focus(entry)
    key(app, pygame.K_RETURN)  # start typing the name
    app.input.text_mode = True
    key(app, pygame.K_m)
    assert not app.settings.muted
