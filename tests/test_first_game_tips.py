"""First-game tips (game/ui/tips.py): offered once per game per person at their first turn, saved in
the settings, dismissable by every device, never covering what they talk about, and their Rules
button opening the page about the tip."""

from __future__ import annotations

import pygame
import pytest

from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui import tips
from game.ui.rules import RulesScene
from game.ui.settings import Settings, load_settings
from game.ui.tables import table_scene_for
from game.ui.tips import FIRST_GAME_TIPS, SAFE, FirstGameTips, offer_first_game_tips, plate_rect, tips_key
from ui_helpers import click, key, pad, recording_app, tap

CARD_GAMES = ("lost-cities", "lost-in-time", "time-after-time")


@pytest.fixture
def app(data_dir, monkeypatch):
    monkeypatch.setattr(tips, "HEADLESS_TIPS", True)
    with recording_app() as application:
        yield application


def open_table(app, game: str, names=("Ann",), bots: int = 1):
    seats = [SeatConfig("human", name) for name in names] + [SeatConfig("bot", "Ada", "easy")] * bots
    session = LocalSession(GameConfig.make(game, seats), 3, bot_delay=0.0)
    table = table_scene_for(game)(app, session)
    app.clear_to(table)
    return table


def wait_for_tips(app, table, limit: int = 900) -> FirstGameTips:
    """Step the table as its own update_table hook would, until the tips open."""
    for _ in range(limit):
        app.run_frames(1, 1 / 30)
        if table.curtain_seat is not None:
            table.lift_curtain()
        offer_first_game_tips(table)
        if isinstance(app.scenes.top, FirstGameTips):
            return app.scenes.top
    raise AssertionError("the first-game tips never opened")


@pytest.mark.parametrize("game", CARD_GAMES)
def test_tips_open_at_the_first_turn_once_and_are_remembered(app, game):
    table = open_table(app, game)
    overlay = wait_for_tips(app, table)
    assert table.can_act and not table.animating  # they talk about a still table waiting for the person
    assert table.clock - tips._still_since[table] >= tips.SETTLE_SECONDS  # after its last bubble faded
    assert overlay.tips == FIRST_GAME_TIPS[game] and len(overlay.tips) >= 3
    assert tips_key(game, "Ann") in app.settings.tips_seen
    assert tips_key(game, "Ann") in load_settings(lambda m: None).tips_seen  # saved to settings.json
    for _ in overlay.tips:
        key(app, pygame.K_RETURN)  # Next, Next, ..., Got it
    assert app.scenes.top is table
    for _ in range(30):  # never again at this table, nor at the next one
        assert not offer_first_game_tips(table)
        app.run_frames(1, 1 / 30)
    again = open_table(app, game)
    for _ in range(120):
        app.run_frames(1, 1 / 30)
        assert not offer_first_game_tips(again)


def test_each_person_at_one_screen_gets_the_tips_at_their_own_first_turn(app):
    table = open_table(app, "time-after-time", names=("Ann", "Ben"), bots=0)
    first = wait_for_tips(app, table)
    name = table.name_of(table.viewer)
    assert first.who == name  # at a shared screen the plate says whose tips they are
    key(app, pygame.K_ESCAPE)  # Skip tips
    assert app.scenes.top is table
    table.suggested = None
    move = table.suggested_move()
    while table.name_of(table.viewer) == name:  # play until the other person has the screen
        table.submit(table.suggested_move() or move)
        for _ in range(120):
            app.run_frames(1, 1 / 30)
            if table.curtain_seat is not None:
                table.lift_curtain()
            if table.can_act and not table.animating:
                break
    second = wait_for_tips(app, table)
    assert second.who == table.name_of(table.viewer) != name
    assert {tips_key("time-after-time", "Ann"), tips_key("time-after-time", "Ben")} <= set(app.settings.tips_seen)


def test_every_device_dismisses_them(app):
    table = open_table(app, "lost-cities")
    overlay = wait_for_tips(app, table)
    pad(app, pygame.CONTROLLER_BUTTON_A)  # gamepad: Next
    assert overlay.index == 1
    next_button = overlay.group.widgets[0]
    click(app, next_button.rect.center)  # mouse: Next
    assert overlay.index == 2
    tap(app, overlay.group.widgets[0].rect.center)  # touch: Next
    assert overlay.index == 3
    pad(app, pygame.CONTROLLER_BUTTON_B)  # gamepad back: Skip tips
    assert app.scenes.top is table


def test_skip_tips_button_closes_them_and_the_menu_key_leaves_for_the_table(app):
    table = open_table(app, "lost-in-time")
    overlay = wait_for_tips(app, table)
    click(app, overlay.group.widgets[2].rect.center)
    assert overlay.group.widgets[2].label == "Skip tips" and app.scenes.top is table
    app.settings.tips_seen.clear()
    table = open_table(app, "lost-in-time")
    wait_for_tips(app, table)
    key(app, pygame.K_p)
    assert app.scenes.top is table


def test_rules_button_opens_the_page_about_the_tip_and_comes_back_to_it(app):
    table = open_table(app, "time-after-time")
    overlay = wait_for_tips(app, table)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # the third tip: your hand
    click(app, overlay.group.widgets[1].rect.center)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene)
    _, screens = rules.doc()
    assert screens[rules.page][0] == overlay.tip.topic == "Your hand"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is overlay and overlay.index == 2


@pytest.mark.parametrize("game", CARD_GAMES)
def test_a_plate_never_covers_what_it_talks_about_and_stays_on_screen(app, game):
    overlay = FirstGameTips(app, game, FIRST_GAME_TIPS[game])
    app.push(overlay)
    for index, tip in enumerate(FIRST_GAME_TIPS[game]):
        overlay.index = index
        overlay.build()
        _, plate = overlay._plate()
        assert SAFE.contains(plate), (game, index)
        assert not plate.colliderect(pygame.Rect(tip.target)), (game, index)
        for button in overlay.group.widgets:
            assert plate.contains(button.rect) and button.rect.height >= 64
        rules = RulesScene(app, game, topic=tip.topic)  # every tip's topic names a real rules page
        assert rules.doc()[1][rules.page][0] == tip.topic
        assert "tt-" not in tip.text and "lc-" not in tip.text


def test_plate_rect_tries_the_other_sides_when_below_is_full():
    bottom = pygame.Rect(400, 860, 900, 220)
    plate = plate_rect(bottom, 300)
    assert plate.bottom <= bottom.top and SAFE.contains(plate)
    corner = pygame.Rect(20, 20, 160, 70)
    assert not plate_rect(corner, 300).colliderect(corner)


def test_no_tips_when_turned_off_for_a_spectator_or_headless_by_default(app, monkeypatch):
    app.settings.first_game_tips = False
    table = open_table(app, "lost-cities")
    for _ in range(120):
        app.run_frames(1, 1 / 30)
        assert not offer_first_game_tips(table)
    app.settings.first_game_tips = True
    monkeypatch.setattr(tips, "HEADLESS_TIPS", False)  # tests and screenshots: headless shows none
    table = open_table(app, "lost-cities")
    for _ in range(120):
        app.run_frames(1, 1 / 30)
        assert not offer_first_game_tips(table)
    monkeypatch.setattr(tips, "HEADLESS_TIPS", True)
    watching = LocalSession(GameConfig.make("lost-cities", [SeatConfig("bot", "A", "easy"),
                                                            SeatConfig("bot", "B", "easy")]), 1, bot_delay=0.0)
    table = table_scene_for("lost-cities")(app, watching)
    app.clear_to(table)
    for _ in range(60):
        app.run_frames(1, 1 / 30)
        assert not offer_first_game_tips(table)
    assert not app.settings.tips_seen


def test_settings_keep_and_check_the_tips_seen():
    settings = Settings.from_json({"tips_seen": ["lost-cities:ann", "lost-cities:ann", "time-after-time:ben"],
                                   "first_game_tips": False})
    assert settings.tips_seen == ["lost-cities:ann", "time-after-time:ben"] and settings.first_game_tips is False
    assert Settings.from_json(settings.to_json()).tips_seen == settings.tips_seen
    assert Settings().tips_seen == [] and Settings().first_game_tips is True
    for bad in ({"tips_seen": "lost-cities:ann"}, {"tips_seen": [3]}, {"first_game_tips": "yes"}):
        with pytest.raises(ValueError):
            Settings.from_json(bad)
    assert len(Settings.from_json({"tips_seen": [f"g:{i}" for i in range(1000)]}).tips_seen) == 400
    assert tips_key("lost-cities", "  Ann   Lee ") == "lost-cities:ann lee"
    settings.set_first_game_tips(True)  # on again: every game's tips show again
    assert settings.first_game_tips is True and settings.tips_seen == []
    settings.tips_seen.append("lost-cities:ann")
    settings.set_first_game_tips(False)
    assert settings.first_game_tips is False and settings.tips_seen == ["lost-cities:ann"]


def test_at_a_tv_with_a_pad_each_only_the_readers_pad_turns_their_tips(app):
    """Ann's tips at a shared screen where Ann and Ben each claimed a pad: Ben's B closed them (and
    then Ben's and Cat's in turn). Another seat's pad is told whose turn it is; Ann's pad and the
    shared keyboard still turn them."""
    ann_pad, ben_pad = 41, 42
    table = open_table(app, "time-after-time", names=("Ann", "Ben"), bots=0)
    for instance in (ann_pad, ben_pad):
        app.input.pad_number(instance)
    overlay = wait_for_tips(app, table)
    reader = table.viewer
    table.seat_pads = {reader: ann_pad, 1 - reader: ben_pad}

    def press(button: int, instance: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=instance))
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=instance))
        app.run_frames(2)

    press(pygame.CONTROLLER_BUTTON_B, ben_pad)
    assert app.scenes.top is overlay and overlay.index == 0
    assert any(t.text.startswith(f"It is {table.name_of(reader)}'s turn") for t in app.toasts.items)
    press(pygame.CONTROLLER_BUTTON_A, ann_pad)
    assert overlay.index == 1
    key(app, pygame.K_RETURN)
    assert overlay.index == 2


def test_a_tip_names_the_keys_as_bound_now():
    """Time After Time's hand tip said "Q or E (LB or RB)" whatever the bindings: it takes the
    page keys from the bindings the hint rows use."""
    from game.ui.hint_glyphs import use_bindings
    from game.ui.settings import DEFAULT_KEYS, DEFAULT_PAD

    text = tips.tip_words(FIRST_GAME_TIPS["time-after-time"][2].text)
    assert "press Q or E (LB or RB on a gamepad)" in text and "{" not in text
    try:
        use_bindings({**DEFAULT_KEYS, "prev": ["z"], "next": ["x"]}, DEFAULT_PAD)
        assert "press Z or X (LB or RB" in tips.tip_words(FIRST_GAME_TIPS["time-after-time"][2].text)
    finally:
        use_bindings(DEFAULT_KEYS, DEFAULT_PAD)
