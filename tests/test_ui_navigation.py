"""Every menu screen is usable with one device alone: keyboard only, gamepad only, touch only,
from the title through Settings, Rules and back, down to the game picker and a seat setup."""

from __future__ import annotations

import pygame
import pytest

import highcard  # noqa: F401 - registers the test engine
from game.ui.picker import GamePickerScene
from game.ui.rules import RulesScene
from game.ui.settings_scene import SettingsScene
from game.ui.setup import SeatSetupScene
from game.ui.tables import register_table, unregister_table
from game.ui.title import TitleScene
from ui_helpers import click, frames, key, make_app, pad, tap, widget_labelled

DEVICES = {
    "keyboard": {"down": lambda app: key(app, pygame.K_DOWN), "up": lambda app: key(app, pygame.K_UP),
                 "right": lambda app: key(app, pygame.K_RIGHT), "left": lambda app: key(app, pygame.K_LEFT),
                 "confirm": lambda app: key(app, pygame.K_RETURN), "back": lambda app: key(app, pygame.K_ESCAPE)},
    "gamepad": {"down": lambda app: pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN),
                "up": lambda app: pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP),
                "right": lambda app: pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT),
                "left": lambda app: pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT),
                "confirm": lambda app: pad(app, pygame.CONTROLLER_BUTTON_A),
                "back": lambda app: pad(app, pygame.CONTROLLER_BUTTON_B)},
}


def focus_to(app, label: str, press) -> None:
    scene = app.scenes.top
    for _ in range(len(scene.group.widgets) + 2):
        if scene.group.focused is not None and scene.group.focused.label == label:
            return
        press["down"](app)
    raise AssertionError(f"could not reach {label!r}")


@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_menus_with_buttons_only(device, data_dir):
    press = DEVICES[device]
    app = make_app()
    app.push(TitleScene(app))
    frames(app, 2)
    focus_to(app, "Settings", press)
    press["confirm"](app)
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    before = app.settings.master_volume
    press["down"](app)
    press["down"](app)  # Fullscreen -> Window size -> Master volume
    press["left"](app)
    assert app.settings.master_volume == pytest.approx(before - 0.1)
    press["back"](app)
    assert isinstance(app.scenes.top, TitleScene)
    assert (data_dir / "settings.json").exists()  # saved on the way out
    focus_to(app, "Rules", press)
    press["confirm"](app)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene)
    press["down"](app)
    assert rules.game_index == 1
    press["back"](app)
    focus_to(app, "Play", press)
    press["confirm"](app)
    picker = app.scenes.top
    assert isinstance(picker, GamePickerScene)
    press["right"](app)
    assert picker.group.focus == 1
    press["confirm"](app)  # a coming-soon game says so instead of opening
    assert app.scenes.top is picker or isinstance(app.scenes.top, SeatSetupScene)


def test_menus_with_touch_only(data_dir):
    app = make_app(size=(1280, 800))  # letterboxed: taps go through the bars' offset
    app.push(TitleScene(app))
    frames(app, 2)

    def tap_label(label: str) -> None:
        tap(app, widget_labelled(app.scenes.top, label).rect.center)

    tap_label("Settings")
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    toggle = widget_labelled(settings, "Reduced motion")
    tap(app, toggle.rect.center)
    assert app.settings.reduced_motion is True
    tap_label("Back")
    assert isinstance(app.scenes.top, TitleScene)
    tap_label("Rules")
    rules = app.scenes.top
    tap(app, (rules.list.rect.centerx, rules.list.rect.y + rules.list.row_height * 1.5))  # the second row
    assert rules.game_index == 1
    tap_label("Back")
    tap_label("Play")
    assert isinstance(app.scenes.top, GamePickerScene)


@pytest.mark.parametrize("device", ["keyboard", "gamepad", "touch"])
def test_the_title_opens_the_lan_lobby_and_back_returns(device, data_dir, monkeypatch):
    import game.ui.lobby as lobby_module
    from game.ui.lobby import LobbyScene
    from net.discovery import DiscoveryError

    def no_zeroconf(lan):  # never start discovery from a test on this machine's network
        raise DiscoveryError("not in tests")

    monkeypatch.setattr(lobby_module, "default_browser", no_zeroconf)
    app = make_app()
    app.push(TitleScene(app))
    frames(app, 2)
    labels = [w.label for w in app.scenes.top.group.widgets]
    assert labels[:2] == ["Play", "LAN play"] and labels[-1] == "Quit"
    if device == "touch":
        tap(app, widget_labelled(app.scenes.top, "LAN play").rect.center)
    else:
        press = DEVICES[device]
        focus_to(app, "LAN play", press)
        press["confirm"](app)
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene)
    app.pop()
    frames(app, 2)
    assert isinstance(app.scenes.top, TitleScene)


@pytest.mark.parametrize("with_save", [False, True])
def test_title_buttons_clear_the_logo_and_the_hints(with_save, data_dir):
    if with_save:
        (data_dir / "autosave.tt").write_bytes(b"not a save, but there")
    app = make_app()
    title = TitleScene(app)
    app.push(title)
    frames(app, 2)
    buttons = title.group.widgets
    assert len(buttons) == (6 if with_save else 5)
    assert buttons[0].rect.top >= 455  # the logo is 360 px tall round y=270
    assert buttons[-1].rect.bottom <= 1010  # the control hints sit below
    for upper, lower in zip(buttons, buttons[1:]):
        assert upper.rect.bottom < lower.rect.top


def test_mouse_hover_moves_focus_and_click_activates(data_dir):
    app = make_app()
    app.push(TitleScene(app))
    frames(app, 2)
    click(app, widget_labelled(app.scenes.top, "Play").rect.center)
    assert isinstance(app.scenes.top, GamePickerScene)
    click(app, app.scenes.top.group.widgets[-1].rect.center)  # Back
    assert isinstance(app.scenes.top, TitleScene)


@pytest.fixture
def highcard_table():
    from test_ui_table import HighCardTable

    register_table("highcard", HighCardTable)
    yield HighCardTable
    unregister_table("highcard")


@pytest.mark.parametrize("device", ["keyboard", "gamepad", "touch"])
def test_seat_setup_with_one_device(device, data_dir, highcard_table):
    app = make_app()
    app.push(TitleScene(app))
    setup = SeatSetupScene(app, "highcard")
    app.push(setup)
    frames(app, 2)
    who = [w for w in setup.group.widgets if w.label == "Plays"]
    if device == "touch":
        tap(app, (who[1].rect.right - 30, who[1].rect.centery))  # the › arrow: Bot · Easy -> Bot · Expert
        tap(app, widget_labelled(setup, "Start the game").rect.center)
    else:
        press = DEVICES[device]
        assert setup.group.focused.label == "Seat 1"  # High Card's fixed seat count is not focused
        press["down"](app)  # seat 1 name -> seat 2 name (spatial focus)
        press["right"](app)  # -> seat 2 "Plays"
        assert setup.group.focused is who[1]
        press["right"](app)  # Bot · Easy (a first game here) -> Bot · Expert
        focus_to(app, "Start the game", press)
        press["confirm"](app)
    table = app.scenes.top
    assert isinstance(table, highcard_table)
    assert table.session.config.seats[1].level == "expert"
    assert table.session.config.seats[0].name == app.settings.player_name


@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_name_entry_with_keyboard_and_on_screen_keyboard(device, data_dir):
    from game.ui.osk import OnScreenKeyboard

    app = make_app()
    app.push(SettingsScene(app))
    frames(app, 2)
    scene = app.scenes.top
    entry = widget_labelled(scene, "Your name")
    scene.group.set_focus(entry)
    if device == "keyboard":
        key(app, pygame.K_RETURN)
        assert entry.editing
        for _ in range(len(entry.text)):
            key(app, pygame.K_BACKSPACE)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoë"))
        key(app, pygame.K_RETURN)
    else:
        pad(app, pygame.CONTROLLER_BUTTON_A)
        osk = app.scenes.top
        assert isinstance(osk, OnScreenKeyboard)
        for _ in range(len(entry.text)):
            osk.erase()
        pad(app, pygame.CONTROLLER_BUTTON_A)  # "A" is focused first
        pad(app, pygame.CONTROLLER_BUTTON_B)  # done
        assert app.scenes.top is scene
    assert app.settings.player_name == ("Zoë" if device == "keyboard" else "A")


@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_rebinding_a_key_and_a_gamepad_button_in_settings(device, data_dir):
    from game.ui.settings import load_settings

    app = make_app()
    app.push(SettingsScene(app))
    frames(app, 2)
    scene = app.scenes.top
    row = next(w for w in scene.group.widgets if getattr(w, "intent", None) == "menu")
    scene.group.set_focus(row)
    if device == "keyboard":
        key(app, pygame.K_RETURN)
        assert row.waiting == "key"
        key(app, pygame.K_m)
        assert app.settings.key_bindings["menu"][0] == "m"
        key(app, pygame.K_ESCAPE)  # leave: saved
        assert load_settings(print).key_bindings["menu"][0] == "m"
    else:
        pad(app, pygame.CONTROLLER_BUTTON_A)
        assert row.waiting == "pad"
        pad(app, pygame.CONTROLLER_BUTTON_Y)
        assert app.settings.pad_bindings["menu"][0] == "y"
        pad(app, pygame.CONTROLLER_BUTTON_B)
        assert load_settings(print).pad_bindings["menu"][0] == "y"


@pytest.mark.parametrize("playable", [True, False])
def test_picker_opens_setup_only_for_playable_games(playable, data_dir, monkeypatch):
    import game.ui.picker as picker_module

    monkeypatch.setattr(picker_module, "is_playable", lambda game_id: playable and game_id == "lost-cities")
    app = make_app()
    app.push(GamePickerScene(app))
    frames(app, 2)
    picker = app.scenes.top
    assert [tile.playable for tile in picker.group.widgets[:4]] == [playable, False, False, False]
    key(app, pygame.K_RETURN)
    if playable:
        assert isinstance(app.scenes.top, SeatSetupScene) and app.scenes.top.game_id == "lost-cities"
    else:
        assert app.scenes.top is picker and "coming soon" in app.toasts.items[-1].text
    key(app, pygame.K_ESCAPE)


def test_a_table_of_bots_only_is_watched_as_a_spectator(data_dir, highcard_table):
    app = make_app()
    setup = SeatSetupScene(app, "highcard")
    app.push(setup)
    frames(app, 2)
    setup.set_who(0, "easy")
    widget_labelled(setup, "Start the game").activate("keyboard")
    table = app.scenes.top
    assert isinstance(table, highcard_table)
    assert table.session.spectator and table.viewer is None and not table.can_act


@pytest.mark.parametrize("device", ["mouse", "touch"])
def test_seat_setup_opens_the_games_rules_and_back_comes_back(device, data_dir):
    app = make_app()
    app.push(TitleScene(app))
    setup = SeatSetupScene(app, "time-after-time")
    app.push(setup)
    frames(app, 2)
    button = widget_labelled(setup, "How to play").rect.center
    (click if device == "mouse" else tap)(app, button)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and rules.doc()[0].title == "Time After Time"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is setup


def test_starting_a_game_over_a_saved_one_asks_first_with_keep_it_focused(data_dir):
    from game.ui.confirm import ConfirmOverlay
    from game.ui.setup import SeatSetupScene

    from game.core.types import GameConfig, SeatConfig
    from game.session import LocalSession

    save = data_dir / "autosave.tt"
    bots = GameConfig.make("time-after-time", [SeatConfig("bot", "Ada", "easy"), SeatConfig("bot", "Basil", "easy")])
    under_way = LocalSession(bots, 5, autosave=save, bot_delay=0.0, spectator=True)
    while not save.exists():  # a game under way: its autosave is what Continue offers
        under_way.poll()
    under_way.close()
    app = make_app()
    app.push(TitleScene(app))
    setup = SeatSetupScene(app, "time-after-time")
    app.push(setup)
    frames(app, 2)
    setup.start()
    ask = app.scenes.top
    assert isinstance(ask, ConfirmOverlay) and "Time After Time" in " ".join(ask.lines)
    key(app, pygame.K_RETURN)  # Enter by habit keeps the saved game
    assert app.scenes.top is setup and save.exists()
    setup.start()
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert type(app.scenes.top).__name__ == "TimeAfterTimeTable"


def test_settings_turn_first_game_tips_off_and_on_again_for_everyone(data_dir):
    from game.ui.settings_scene import SettingsScene

    app = make_app()
    app.push(TitleScene(app))
    app.settings.tips_seen = ["lost-cities:Ann"]
    scene = SettingsScene(app)
    app.push(scene)
    frames(app, 2)
    toggle = widget_labelled(scene, "First-game tips")
    scene.group.set_focus(toggle)
    key(app, pygame.K_RETURN)
    assert app.settings.first_game_tips is False
    key(app, pygame.K_RETURN)
    assert app.settings.first_game_tips is True and app.settings.tips_seen == []
