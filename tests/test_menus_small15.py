"""The menus at the window sizes customers have: a toast on a menu covers neither its heading nor
its controls (it stacked at the top centre, over a setup's long game title and the Rules page), and
every menu's text reaches the screen at about 14 px or more on a 1024x768 window (the picker's
pitches and the setup's option labels showed 11-13 px)."""

from __future__ import annotations

import pygame
import pytest

import main
from game.ui.chrome import MARGIN
from game.ui.look import fonts as F
from game.ui.look.fonts import text_surface
from ui_helpers import frames, make_app

SETUP_NOTE = ("Play mode: In turns. With a bot at the table the adventure is played in turns: together, "
              "the bot would play it for the people.")
SIZES = [(1024, 768), (1920, 1080)]
OVERLAP_PX = 8  # a plate's rounded edge may touch a control's edge; no more


def heading_rects(title: str, subtitle: str = "") -> list[pygame.Rect]:
    """Where `chrome.draw_heading` draws a menu's title and subtitle."""
    head = text_surface(title, "display", 112, (255, 255, 255)).get_rect(topleft=(MARGIN, 52))
    rects = [head]
    if subtitle:
        rects.append(text_surface(subtitle, "ui", 28, (255, 255, 255)).get_rect(topleft=(MARGIN, head.bottom + 18)))
    return rects


def open_menu(app, name: str):
    """The menu `name`, on top of the app's stack, settled; the rectangles of its heading; and those
    of what else a single toast must leave alone besides its controls."""
    from game.ui.rules import RulesScene
    from game.ui.settings_scene import SettingsScene
    from game.ui.title import TitleScene

    if name == "title":
        scene = TitleScene(app)
        app.clear_to(scene)
        frames(app, 5)
        logo = pygame.Rect(0, 0, 980, 360)
        logo.center = (960, 270)
        return scene, [logo], []
    if name == "picker":
        scene = main.build_scene(app, "picker")
        app.clear_to(scene)
        frames(app, 5)
        return scene, heading_rects("Choose a game", "Four tables are set. Pick one and take a seat."), []
    if name == "setup":
        scene = main.build_scene(app, "setup", "labyrinth", 6)
        app.clear_to(scene)
        frames(app, 5)
        return scene, heading_rects(scene.title, scene.subtitle), []
    if name == "settings":
        scene = SettingsScene(app)
        app.clear_to(scene)
        frames(app, 5)
        return scene, heading_rects("Settings"), []  # a long note may cover the row's help under it
    if name == "rules":
        scene = RulesScene(app, "labyrinth")
        app.clear_to(scene)
        frames(app, 5)
        from game.ui.rules import PANEL

        return scene, heading_rects("Rules"), [PANEL]  # the page's text: a single toast leaves it alone
    if name in ("results", "details"):
        table = main.build_scene(app, "results", "lost-in-time", 6, seed=1)
        app.clear_to(table)
        for _ in range(200):
            frames(app, 5)
            if type(app.scenes.top).__name__ == "ResultsScene":
                break
        scene = app.scenes.top
        frames(app, 120)
        headline = pygame.Rect(100, 90, 1720, 150)  # the headline and the summary under it
        if name == "details":
            scene.open_details()
            frames(app, 20)
            scene = app.scenes.top
            headline = pygame.Rect(400, 60, 1120, 100)
        return scene, [headline], []
    raise KeyError(name)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["title", "picker", "setup", "settings", "rules", "results", "details"])
def test_a_toast_on_a_menu_covers_neither_its_heading_nor_its_controls(name, size, data_dir):
    """The setup's two-line note (three at a 1024x768 window before) and a short one after it: at
    the top centre they covered the heading; now they are on the screen, clear of the heading, and
    a single toast leaves every control alone."""
    app = make_app(size)
    try:
        scene, heading, content = open_menu(app, name)
        app.toasts.items.clear()
        app.toast(SETUP_NOTE)
        frames(app, 30)
        [(_, _, rect)] = app.toasts.placements(app.canvas.get_size())
        assert app.canvas.get_rect().contains(rect)
        for box in heading:
            assert not rect.colliderect(box), (name, rect, box)
        for widget in scene.group.widgets:
            overlap = rect.clip(widget.rect)
            assert overlap.height <= OVERLAP_PX or overlap.width == 0, (name, widget.label, rect, widget.rect)
        for box in content:
            assert not rect.colliderect(box), (name, rect, box)
        app.toast("Virtual Controller connected: Pad 2")
        frames(app, 30)
        placed = [rect for _, _, rect in app.toasts.placements(app.canvas.get_size())]
        assert len(placed) == 2 and placed[0].bottom + 12 == placed[1].top  # oldest above, stacked
        for rect in placed:
            assert app.canvas.get_rect().contains(rect)
            for box in heading:
                assert not rect.colliderect(box), (name, rect, box)
    finally:
        app.shutdown()


def test_a_toast_at_a_menus_foot_is_opaque_and_slides_up_into_place(data_dir):
    """Over the hint row no key cap shows through the plate (the top centre's plates let the logo
    through), and it comes up from below, as a stack at the foot should."""
    app = make_app((1024, 768))
    try:
        open_menu(app, "picker")
        app.toasts.items.clear()
        toast = app.toast("Virtual Controller connected: Pad 2")
        frames(app, 2)
        [(_, image, rect)] = app.toasts.placements(app.canvas.get_size())
        toast.age = 0.05  # on its way in
        canvas = pygame.Surface(app.canvas.get_size(), pygame.SRCALPHA)
        app.toasts.draw(canvas)
        drawn = canvas.get_bounding_rect()
        assert drawn.top > rect.top  # below where it settles: it rises
        assert image.get_at((image.get_width() // 2, 4))[3] == 255  # the plate's ink is opaque
    finally:
        app.shutdown()


# --- menu text at a 1024x768 window -------------------------------------------------------------------
MENU_MODULES = ("picker", "setup", "title", "toast", "widgets", "settings_scene", "rules", "pause", "confirm",
                "results", "osk", "chrome")
LEAST_ON_SCREEN = 13.8  # px: 20 px on the canvas grown by `legible_px` (26 px x 0.533)


def spy_on_menu_text(monkeypatch) -> list[tuple[str, str, int]]:
    """Every text the menu modules render from now on, as (text, role, px on the canvas)."""
    drawn: list[tuple[str, str, int]] = []
    real = F.text_surface

    def spy(text, role, px, colour):
        drawn.append((text, role, px))
        return real(text, role, px, colour)

    import importlib

    for name in MENU_MODULES:
        module = importlib.import_module(f"game.ui.{name}")
        if getattr(module, "text_surface", None) is real:
            monkeypatch.setattr(module, "text_surface", spy)
    return drawn


def open_screen(app, name: str) -> None:
    """One menu screen as a player meets it, settled (its widgets and text drawn)."""
    from game.ui.confirm import ConfirmOverlay
    from game.ui.osk import OnScreenKeyboard
    from game.ui.pause import PauseOverlay
    from game.ui.rules import RulesScene
    from game.ui.settings_scene import BindingRow, SettingsScene
    from game.ui.widgets import OptionCycler

    kind, _, game = name.partition(":")
    if kind == "title":  # with Continue and the line under it (an unreadable save says so there)
        from game.ui.title import autosave_path

        autosave_path().write_bytes(b"not a save")
    if kind in ("title", "picker"):
        app.clear_to(main.build_scene(app, kind))
    elif kind == "setup":
        setup = main.build_scene(app, "setup", game, 6)
        app.clear_to(setup)
        frames(app, 2)
        option = next((w for w in setup.group.widgets if isinstance(w, OptionCycler) and w.stacked), None)
        if option is not None:  # its help in the right column, and its longest value
            setup.group.set_focus(option)
            longest = max(range(len(option.choices)), key=lambda i: len(option.choices[i][1]))
            option.cycle(longest - option.index)
    elif kind == "settings":
        settings = SettingsScene(app)
        app.clear_to(settings)
        frames(app, 2)
        row = next(w for w in settings.group.widgets if isinstance(w, BindingRow))
        settings.group.set_focus(row)
        settings.capture(row, "pad")  # "Press a gamepad button… (B cancels)"
    elif kind == "rules":
        app.clear_to(RulesScene(app, game))
    elif kind in ("pause", "confirm", "osk"):
        from game.core.types import GameConfig, SeatConfig
        from game.session import LocalSession
        from game.session.storage import data_dir
        from game.ui.tables import table_scene_for

        # a saved game: the pause menu's Quit says so on its second line
        config = GameConfig.make("lost-cities", [SeatConfig("human", "You"), SeatConfig("bot", "Ada", "easy")])
        session = LocalSession(config, 1, autosave=data_dir() / "autosave.tt", bot_delay=0.0)
        app.clear_to(table_scene_for("lost-cities")(app, session))
        frames(app, 20)
        if kind == "pause":
            app.push(PauseOverlay(app, "lost-cities", suggest=lambda: None))
        elif kind == "confirm":
            app.push(ConfirmOverlay(app, "Start a new game?", "Continue holds your saved game: Lost Cities · 14 "
                                    "moves in. A new game takes its place.", "Start the new game", lambda: None,
                                    no_label="Keep it"))
        else:
            from game.ui.widgets import TextEntry

            app.push(OnScreenKeyboard(app, TextEntry((0, 0, 400, 64), "Your name", "Ada", lambda text: None)))
    elif kind in ("results", "details"):
        seats = {"lost-cities": 2, "lost-in-time": 6, "time-after-time": 4, "labyrinth": 2}[game]
        app.clear_to(main.build_scene(app, "results", game, seats, seed=1))
        for _ in range(200):
            frames(app, 5)
            if type(app.scenes.top).__name__ == "ResultsScene":
                break
        if kind == "details":
            app.scenes.top.open_details()
    frames(app, 90)


GAMES = ("lost-cities", "lost-in-time", "time-after-time", "labyrinth")
SCREENS = (["title", "picker", "settings", "pause", "confirm", "osk", "details:lost-in-time"]
           + [f"{kind}:{game}" for kind in ("setup", "rules", "results") for game in GAMES])


@pytest.mark.parametrize("name", SCREENS)
def test_every_menu_text_reads_at_14_px_on_a_1024x768_screen(name, monkeypatch, data_dir):
    """The picker's pitches and times, the setup's option labels and values, the rules' game list,
    the results' lines and a button's second line were 11-13 px high on a 1024x768 screen: every
    text a menu draws now reaches it at 14 px or more."""
    app = make_app((1024, 768))
    try:
        drawn = spy_on_menu_text(monkeypatch)
        open_screen(app, name)
        assert drawn, name
        small = sorted({(round(px * app.letterbox.scale, 1), text) for text, _, px in drawn
                        if text.strip() and px * app.letterbox.scale < LEAST_ON_SCREEN})
        assert not small, small
    finally:
        app.shutdown()


# --- what the larger type must still fit ------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_a_scenarios_help_ends_above_start_and_how_to_play_sits_under_back(size, data_dir):
    """The focused option's help (the Thornwood Maze's, 196 letters) ran over "How to play" above
    Start once its type grew on a small window: How to play now sits under Back, and the help, as
    large as the column holds, ends above Start."""
    from game.ui.setup import help_layout, option_height
    from game.ui.widgets import Button, OptionCycler, min_px

    app = make_app(size)
    try:
        setup = main.build_scene(app, "setup", "labyrinth", 2)
        app.clear_to(setup)
        frames(app, 2)
        scenario = next(w for w in setup.group.widgets if isinstance(w, OptionCycler) and w.stacked)
        setup.group.set_focus(scenario)
        scenario.cycle(3)  # The Thornwood Maze, the longest help
        frames(app, 2)
        start = next(w for w in setup.group.widgets if w.label == "Start the game")
        back = next(w for w in setup.group.widgets if w.label == "Back")
        how = next(w for w in setup.group.widgets if w.label == "How to play")
        assert isinstance(how, Button) and how.rect.top > back.rect.bottom and how.rect.x == back.rect.x
        options_end = 300 + len(setup.engine.options) * (option_height() + 14)
        px, step, lines = help_layout(setup.help_text, setup.art_bottom - options_end - 8)
        assert px * app.letterbox.scale >= LEAST_ON_SCREEN and px >= min(24, min_px())
        assert options_end + 8 + len(lines) * step <= start.rect.top
        for heading in heading_rects(setup.title, setup.subtitle):
            assert not how.rect.colliderect(heading)
    finally:
        app.shutdown()


def test_long_values_and_list_rows_take_two_rows_inside_their_boxes_on_a_1024x768_screen(data_dir):
    """"The Lamplighter's Vault (tutorial)" and "Lost in Adventure: The Labyrinth" shrank to 11-13 px:
    they now take two rows at the menus' least size, inside their boxes."""
    from game.ui.look.fonts import font
    from game.ui.setup import option_height
    from game.ui.widgets import OptionCycler, min_px, two_rows

    app = make_app((1024, 768))
    try:
        cycler = OptionCycler((1300, 300, 500, option_height()), "Scenario",
                              [(0, "The Lamplighter's Vault (tutorial)")], 0, lambda value: None, stacked=True)
        left, right = cycler._arrows()
        px, rows = two_rows("The Lamplighter's Vault (tutorial)", "ui-bold", 30, right.left - left.right - 12,
                            cycler.value_height())
        assert len(rows) == 2 and px == min_px() and px * app.letterbox.scale >= LEAST_ON_SCREEN
        block = 2 * font("ui-bold", px).get_linesize()
        label_bottom = cycler.rect.y + 10 + font("ui", 31).get_linesize()
        assert label_bottom <= left.centery - block // 2 and left.centery + block // 2 <= cycler.rect.bottom
        px, rows = two_rows("Lost in Adventure: The Labyrinth", "ui-bold", 28, 440 - 40, 80 - 8 - 4)
        assert len(rows) == 2 and px * app.letterbox.scale >= LEAST_ON_SCREEN
    finally:
        app.shutdown()


def test_the_more_lines_note_stays_on_a_six_seat_card_on_a_1024x768_screen(data_dir):
    """"+ 3 more lines · see Details" ran past both edges of a six-seat Lost in Time card once its type
    grew; the short form fits, at the menus' least size or more."""
    from game.ui.look.fonts import font
    from game.ui.results import min_line_px, more_note

    app = make_app((1024, 768))
    try:
        width = 290 - 40  # a six-seat card's text width
        note, px = more_note(3, True, width)
        assert note == "+ 3 more · Details" and px >= min_line_px()
        assert font("ui", px).size(note)[0] <= width
    finally:
        app.shutdown()


def test_three_keys_and_three_buttons_read_on_their_binding_row_on_a_1024x768_screen(monkeypatch, data_dir):
    """Confirm bound to three keys and three buttons shrank its line to 14 px on the canvas (8 px on a
    1024x768 screen): the keys now sit over the buttons, each row at the menus' least size or more,
    inside the row."""
    from game.ui.settings_scene import BindingRow, SettingsScene

    app = make_app((1024, 768))
    try:
        app.settings.key_bindings["confirm"] = ["keypad enter", "right ctrl", "left shift"]
        app.settings.pad_bindings["confirm"] = ["dpdown", "dpleft", "dpright"]
        settings = SettingsScene(app)
        app.clear_to(settings)
        frames(app, 2)
        row = next(w for w in settings.group.widgets if isinstance(w, BindingRow) and w.intent == "confirm")
        drawn = spy_on_menu_text(monkeypatch)
        canvas = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        row.draw(canvas, False)
        lines = [(text, px) for text, _, px in drawn if "Keypad Enter" in text or "D-pad" in text]
        assert len(lines) == 2 and "D-pad down" not in lines[0][0]  # the keys over the buttons
        assert all(px * app.letterbox.scale >= LEAST_ON_SCREEN for _, px in lines), lines
        assert row.rect.contains(canvas.get_bounding_rect())
    finally:
        app.shutdown()


def test_toasts_over_the_on_screen_keyboard_leave_the_name_being_typed_alone(data_dir):
    """Two toasts at the top centre covered the keyboard's "Your name" and the name being typed on a
    1024x768 window: they rise from just above its panel now."""
    from game.ui.osk import OnScreenKeyboard
    from game.ui.title import TitleScene
    from game.ui.widgets import TextEntry

    app = make_app((1024, 768))
    try:
        app.clear_to(TitleScene(app))
        frames(app, 2)
        osk = OnScreenKeyboard(app, TextEntry((0, 0, 400, 64), "Your name", "Ada", lambda text: None))
        app.push(osk)
        frames(app, 10)
        app.toasts.items.clear()
        app.toast("Virtual Controller connected: Pad 2")
        app.toast("Virtual Controller 2 connected: Pad 3")
        frames(app, 30)
        field = pygame.Rect(osk.panel.x + 40, osk.panel.y + 30, osk.panel.width - 80, 140)  # the label and the name
        placed = [rect for _, _, rect in app.toasts.placements(app.canvas.get_size())]
        assert len(placed) == 2
        for rect in placed:
            assert app.canvas.get_rect().contains(rect) and not rect.colliderect(field), (rect, field)
    finally:
        app.shutdown()


def test_pad_badges_and_a_buttons_second_line_read_inside_their_buttons_on_a_1024x768_screen(monkeypatch, data_dir):
    """"Press A to take" on a seat's pad badge and "the saved game looks damaged" under Continue were
    22 px on the canvas (12 px on a 1024x768 screen): they grow, the badge is wider, and both lines
    stay inside their buttons."""
    from game.ui.setup import SeatPadButton, SeatSetupScene
    from game.ui.title import TitleScene
    from game.ui.widgets import Button

    app = make_app((1024, 768))
    try:
        app.push(TitleScene(app))
        setup = SeatSetupScene(app, "lost-in-time")
        app.push(setup)
        frames(app, 2)
        setup.set_seat_count(3)
        for instance in (21, 22):
            app.input.pad_number(instance)  # two pads plugged in: the people's seats get badges
        setup.set_who(1, "human")
        setup.seat_pads[0] = 21
        setup.build()
        frames(app, 2)
        badges = [w for w in setup.group.widgets if isinstance(w, SeatPadButton)]
        continue_button = Button((710, 500, 500, 76), "Continue", lambda: None, "the saved game looks damaged")
        assert len(badges) == 2 and {badge.bound for badge in badges} == {True, False}
        drawn = spy_on_menu_text(monkeypatch)
        for button in (*badges, continue_button):
            drawn.clear()
            canvas = pygame.Surface((1920, 1080), pygame.SRCALPHA)
            button.draw(canvas, False)
            assert button.sub in [text for text, _, _ in drawn]
            assert all(px * app.letterbox.scale >= LEAST_ON_SCREEN for _, _, px in drawn), drawn
            assert button.rect.contains(canvas.get_bounding_rect()), (button.label, canvas.get_bounding_rect())
        for badge in badges:
            assert badge.rect.right < 1300 - 14  # clear of the options' column and its focus glow
    finally:
        app.shutdown()


def test_a_wrapped_toast_keeps_its_lines_even(data_dir):
    """A narrow toast (the title's, beside its menu, on a 1024x768 window) wrapped "Virtual Controller
    connected: Pad" over a lone "2": its lines are now as even as they can be, in as few lines."""
    from game.ui.look.fonts import font, wrap
    from game.ui.toast import balanced_wrap

    app = make_app((1024, 768))
    try:
        text, px, width = "Virtual Controller connected: Pad 2", 31, 500
        greedy = wrap(text, "ui", px, width)
        even = balanced_wrap(text, px, width)
        assert greedy[-1] == "2" and len(even) == len(greedy) == 2
        widths = [font("ui", px).size(line)[0] for line in even]
        assert max(widths) <= width and min(widths) > 0.5 * max(widths), even
        assert balanced_wrap("Saved.", px, width) == ["Saved."]
    finally:
        app.shutdown()


def test_toasts_over_the_pause_menu_leave_its_title_alone_and_hide_the_table(data_dir):
    """Two toasts at the top centre covered the pause menu's PAUSED on a 1024x768 window, and the
    table's numbers read through their 85 % plates: they stay above the panel now, on opaque plates
    (a single one where it always was)."""
    from game.ui.pause import PauseOverlay

    app = make_app((1024, 768))
    try:
        app.clear_to(main.build_scene(app, "table", "lost-in-time", 3, seed=1))
        frames(app, 20)
        pause = PauseOverlay(app, "lost-in-time", suggest=lambda: None)
        app.push(pause)
        frames(app, 10)
        app.toasts.items.clear()
        app.toast("Virtual Controller connected: Pad 2")
        frames(app, 30)
        [(_, image, rect)] = app.toasts.placements(app.canvas.get_size())
        assert rect.top == 28 and rect.centerx == 960
        app.toast(SETUP_NOTE)
        frames(app, 30)
        paused = text_surface("PAUSED", "display", 96, (255, 255, 255))
        title = paused.get_bounding_rect().move(paused.get_rect(midtop=(pause.panel.centerx, pause.panel.y + 40)).topleft)
        placed = app.toasts.placements(app.canvas.get_size())
        assert len(placed) == 2
        for _, image, rect in placed:
            assert not rect.colliderect(title) and rect.top >= 0, (rect, title)
            assert image.get_at((image.get_width() // 2, 6))[3] == 255
    finally:
        app.shutdown()
