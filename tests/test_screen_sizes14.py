"""Every screen at the screen sizes customers have (1024x768 up to 3840x2160): small text stays
readable on a small window, toasts leave the turn banner and the opponents' panels alone, touch
targets stay about 40 px on a 1024x768 screen, and a window resized live redraws to fit."""

from __future__ import annotations

import pygame
import pytest

import game.ui.chrome as chrome
from game.ui.look.fonts import LEGIBLE_SCALE, legible_factor
from ui_helpers import frames, make_app



def drawn_caps(monkeypatch) -> list[tuple[str, int]]:
    """The key caps the hint rows draw (their text and pixel size), as they are drawn."""
    drawn: list[tuple[str, int]] = []
    real = chrome.text_surface

    def spy(text, role, px, colour):
        if role == "ui-bold" and tuple(colour[:3]) == tuple(chrome.P.INK[:3]):
            drawn.append((text, px))
        return real(text, role, px, colour)

    monkeypatch.setattr(chrome, "text_surface", spy)
    return drawn


def on_screen(app, px: int) -> float:
    return px * app.letterbox.scale


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720)])
def test_the_hint_caps_stay_readable_on_a_small_window(size, monkeypatch, data_dir):
    """At 1024x768 the 22 px caps of the title's hints showed as 12 px: now at least 70 % of their
    designed size reaches the screen, and from 1366x768 up the sizes are as designed."""
    from game.ui.title import TitleScene

    app = make_app(size)
    try:
        app.push(TitleScene(app))
        frames(app, 3)
        caps = drawn_caps(monkeypatch)
        frames(app, 1)
        enter = [px for text, px in caps if text == "Enter"]
        assert enter, caps
        assert on_screen(app, enter[-1]) >= 22 * LEGIBLE_SCALE - 0.5
    finally:
        app.shutdown()


def test_the_hint_caps_keep_their_sizes_from_1366x768_up(monkeypatch, data_dir):
    from game.ui.title import TitleScene

    for size in ((1366, 768), (1920, 1080), (3840, 2160)):
        app = make_app(size)
        try:
            assert legible_factor() == 1.0
            app.push(TitleScene(app))
            frames(app, 2)
            caps = drawn_caps(monkeypatch)
            frames(app, 1)
            assert ("Enter", 22) in caps
        finally:
            app.shutdown()


def test_a_hint_row_is_as_wide_as_its_width_says_on_a_small_window(data_dir):
    """Tables fit their hint rows by `hint_row_width` (Lost in Time's between Menu and the banner):
    it must measure the row as drawn, larger caps and all."""
    app = make_app((1024, 768))
    try:
        hints = (("move", "Choose"), ("confirm", "Pick up"), ("page", "Read cards"))
        scratch = pygame.Surface((1920, 120), pygame.SRCALPHA)
        chrome.draw_hint_row(scratch, "keyboard", hints, 1900, 60, gap=24, label_px=22, key_px=20, key_pad=18,
                             key_h=34, key_gap=8)
        drawn = scratch.get_bounding_rect()
        width = chrome.hint_row_width("keyboard", hints, gap=24, label_px=22, key_px=20, key_pad=18, key_gap=8)
        assert abs(drawn.width - width) <= 2
        assert drawn.height >= round(34 * legible_factor()) - 1  # the caps grew with their words
    finally:
        app.shutdown()


# --- toasts ---------------------------------------------------------------------------------------
TABLES = [("lost-cities", 2), ("lost-in-time", 6), ("time-after-time", 4)]


def opponent_boxes(table) -> list[pygame.Rect]:
    """Where this table draws its opponents: their panels (Lost in Time, Time After Time), or the
    opponent's name plate, hand and the upper half of the expeditions (Lost Cities)."""
    game = table.game_id
    if game == "lost-in-time":
        from game.ui.table_lost_in_time import opponent_rects

        return [rect for rect, _ in opponent_rects(len(table.session.seats()) - 1)]
    if game == "time-after-time":
        return [geo.panel for geo in table.geometry.values() if geo.panel is not None]
    from game.ui.table_lost_cities import OPPONENT_HAND_CENTRE

    hand = pygame.Rect(0, 0, 420, 200)
    hand.center = (round(OPPONENT_HAND_CENTRE[0]), round(OPPONENT_HAND_CENTRE[1]))
    return [hand, pygame.Rect(500, 0, 940, 400)]  # the plate over the hand and Ada's expeditions


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768)])
@pytest.mark.parametrize("game,seats", TABLES)
def test_a_toast_at_a_table_covers_neither_the_turn_banner_nor_an_opponent(game, seats, size, data_dir):
    """Toasts (4.5 s) stacked at the top centre over "Your turn" and the opponents' panels: at a
    table they now go over its log, on the screen and clear of both, at every window size."""
    import main

    app = make_app(size)
    try:
        table = main.build_scene(app, "table", game, seats, seed=1)
        app.clear_to(table)
        frames(app, 90)
        app.toast("Virtual Controller connected: Pad 2")
        app.toast("That card cannot go there: a timeline card must be older than your oldest card.", "error")
        frames(app, 30)
        banner = pygame.Rect(760, 0, 400, 90)  # the top centre's turn banner ("Your turn", "Ada is playing…")
        if table.turn_banner_rect() is not None:
            banner = banner.union(table.turn_banner_rect())
        placed = [rect for _, _, rect in app.toasts.placements(app.canvas.get_size())]
        assert len(placed) == 2
        for rect in placed:
            assert app.canvas.get_rect().contains(rect)
            assert not rect.colliderect(banner)
            for box in opponent_boxes(table):
                assert not rect.colliderect(box), (rect, box)
            assert rect.colliderect(table.log_area())
    finally:
        app.shutdown()


def test_toasts_on_the_menus_and_over_a_table_menu_stay_at_the_top_centre(data_dir):
    """Only a table moves them: on the pause menu over it (the top scene) they are where they were."""
    import main
    from game.ui.pause import PauseOverlay

    app = make_app()
    try:
        app.clear_to(main.build_scene(app, "table", "lost-in-time", 2, seed=1))
        frames(app, 30)
        app.push(PauseOverlay(app, "lost-in-time"))
        frames(app, 5)
        app.toast("Suggestion: play 1492 at the right end.")
        frames(app, 30)
        [(_, _, rect)] = app.toasts.placements(app.canvas.get_size())
        assert rect.centerx == 960 and rect.top == 28 and rect.width == 980
    finally:
        app.shutdown()


def test_a_lan_table_puts_toasts_where_its_table_does():
    from game.ui.lobby_room import LanTableScene

    class Inner:
        def toast_area(self):
            return pygame.Rect(1, 2, 3, 4)

    wrapper = LanTableScene.__new__(LanTableScene)
    wrapper.table = Inner()
    wrapper.broken = False  # built without __init__: a table that showed what the host sent
    assert wrapper.toast_area() == pygame.Rect(1, 2, 3, 4)


# --- touch targets --------------------------------------------------------------------------------
def test_settings_rows_are_40_px_targets_on_a_1024x768_touch_screen(data_dir):
    """The settings' rows are 66 px tall with 10 px between them: 35 px under a finger on a 1024x768
    screen. A tap in the gap now goes to the nearer row, so each row answers over its whole 76 px
    pitch (40 px on that screen), as its value would on the row itself."""
    from game.ui.settings_scene import SettingsScene
    from ui_helpers import tap, widget_labelled

    app = make_app((1024, 768))
    try:
        scene = SettingsScene(app)
        app.push(scene)
        frames(app, 3)
        motion = widget_labelled(scene, "Reduced motion")
        tips = widget_labelled(scene, "First-game tips")
        pitch = tips.rect.top - motion.rect.top
        assert pitch * app.letterbox.scale >= 40
        before = app.settings.reduced_motion
        tap(app, (motion.rect.centerx, motion.rect.bottom + (tips.rect.top - motion.rect.bottom) // 2 - 1))
        assert scene.group.focused is motion and app.settings.reduced_motion != before
        tap(app, (tips.rect.centerx, tips.rect.top - 3))
        assert scene.group.focused is tips
        volume = widget_labelled(scene, "Music volume")
        tap(app, (volume.track.left + volume.track.width // 4, volume.rect.top - 4))  # just above its slider
        assert abs(volume.value - 0.25) < 0.03
        focused = scene.group.focused
        tap(app, (1000, 1070))  # far from every widget: nothing
        assert scene.group.focused is focused
    finally:
        app.shutdown()


def test_a_tap_between_two_widgets_goes_to_the_nearer_one():
    from game.ui.widgets import Button, FocusGroup, TOUCH_SLOP

    pressed: list[str] = []
    group = FocusGroup()
    group.widgets = [Button((0, 0, 200, 66), "Upper", lambda: pressed.append("upper")),
                     Button((0, 76, 200, 66), "Lower", lambda: pressed.append("lower"))]
    assert group.widget_at((100, 69)).label == "Upper"
    assert group.widget_at((100, 72)).label == "Lower"
    assert group.widget_at((100, 142 + TOUCH_SLOP + 1)) is None
    assert group.widget_at((200 + TOUCH_SLOP - 1, 30)).label == "Upper"


# --- table logs -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game,seats", TABLES)
def test_a_table_log_reads_at_70_percent_of_its_size_on_a_1024x768_screen(game, seats, monkeypatch, data_dir):
    """The logs' 20-22 px lines showed as 11 px on a 1024x768 screen. They are drawn larger there,
    fewer of them, inside the log's box; at 1920x1080 they are as before."""
    import main

    for size in ((1024, 768), (1920, 1080)):
        app = make_app(size)
        try:
            table = main.build_scene(app, "table", game, seats, seed=1)
            app.clear_to(table)
            frames(app, 60)
            table.frame_cache = False  # a still table blits its kept image: its words are set only drawn whole
            module = __import__(type(table).__module__, fromlist=["text_surface"])
            drawn: list[tuple[str, int]] = []
            real = module.text_surface

            def spy(text, role, px, colour):
                drawn.append((text, px))
                return real(text, role, px, colour)

            monkeypatch.setattr(module, "text_surface", spy)
            if game != "lost-cities":
                import game.ui.table_base as base
                monkeypatch.setattr(base, "text_surface", spy)
            frames(app, 1)
            monkeypatch.undo()
            newest = table.log[-1]
            sizes = [px for text, px in drawn if text and newest.startswith(text)]
            assert sizes, (newest, drawn[:20])
            designed = {"lost-cities": 22, "lost-in-time": 20, "time-after-time": 21}[game]
            if size == (1920, 1080):
                assert sizes[-1] == designed
            else:
                assert sizes[-1] * app.letterbox.scale >= designed * LEGIBLE_SCALE - 0.5
        finally:
            app.shutdown()


# --- a window resized live ------------------------------------------------------------------------
def resize(app, size: tuple[int, int]) -> None:
    """The window dragged to `size`: SDL resizes it and says so (VIDEORESIZE)."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    frames(app, 2)


@pytest.mark.parametrize("game,seats", [("lost-in-time", 6), ("time-after-time", 4), ("lost-cities", 2)])
def test_a_table_resized_live_fits_its_window_and_its_hints_follow(game, seats, monkeypatch, data_dir):
    """Dragged from 1920x1080 to 1024x768 and back mid-game: the whole canvas shows inside the window
    (bars only where it is narrower), and the hints (also the Hurry plate, cached) grow and shrink."""
    import main
    from game.ui.table_base import hurry_plate

    app = make_app()
    try:
        table = main.build_scene(app, "table", game, seats, seed=1)
        table.frame_cache = False  # the caps are read as drawn: a kept still picture draws none
        app.clear_to(table)
        frames(app, 30)
        for size in ((1024, 768), (2560, 1080), (1280, 1024), (1920, 1080)):
            resize(app, size)
            box = app.letterbox
            assert app.window.get_size() == size and box.window == size
            shown = pygame.Rect(box.offset, box.size)
            assert app.window.get_rect().contains(shown)
            assert shown.width == size[0] or shown.height == size[1]  # it fills one side of the window
            plate = hurry_plate("keyboard", "Enter", legible_factor())
            assert plate.get_height() * box.scale >= 38 * LEGIBLE_SCALE - 1  # its cap reads on any window
            caps = drawn_caps(monkeypatch)
            frames(app, 1)
            monkeypatch.undo()
            if box.scale < LEGIBLE_SCALE:
                assert caps and min(px for _, px in caps) * box.scale >= 20 * LEGIBLE_SCALE - 0.5
            elif caps:
                assert max(px for _, px in caps) <= 22  # as designed from 0.7 scale up
    finally:
        app.shutdown()


@pytest.mark.parametrize("game,seats", TABLES + [("labyrinth", 1)])
def test_a_tap_just_below_a_tables_menu_button_opens_the_menu_on_a_1024x768_screen(game, seats, data_dir):
    """The tables' Menu buttons are 64-70 px tall: 34-37 px under a finger at 1024x768. A tap up to
    8 px beside one opens the menu too (about 43 px)."""
    import main
    from game.ui.pause import PauseOverlay
    from game.ui.table_base import MENU_TOUCH_SLOP
    from ui_helpers import tap

    app = make_app((1024, 768))
    try:
        table = main.build_scene(app, "table", game, seats, seed=1)
        app.clear_to(table)
        frames(app, 60)
        rect = table.menu_button_rect
        assert (rect.height + 2 * MENU_TOUCH_SLOP) * app.letterbox.scale >= 40
        tap(app, (rect.centerx, rect.bottom + MENU_TOUCH_SLOP - 2))
        assert isinstance(app.scenes.top, PauseOverlay)
    finally:
        app.shutdown()


def test_lost_in_time_buttons_answer_in_the_gap_beside_them(data_dir):
    """The turn panel's stacked buttons (64 px, 10 px apart) answer over their gaps: 74 px a button."""
    import main
    from game.ui.table_base import touch_rect

    app = make_app((1024, 768))
    try:
        table = main.build_scene(app, "table", "lost-in-time", 2, seed=3)  # stuck: "Cannot travel"
        app.clear_to(table)
        frames(app, 60)
        rects = table.button_rects()
        keys = [key for key, _label, _primary in table.buttons()]
        assert rects, "the turn panel offers a button at this point of the game"
        for key, rect in zip(keys, rects):
            assert table.button_at((rect.centerx, rect.top - 4)) == key
            assert touch_rect(rect).height * app.letterbox.scale >= 39
    finally:
        app.shutdown()


def test_lost_in_time_keeps_the_read_cards_hint_on_a_1024x768_screen(monkeypatch, data_dir):
    """With the caps grown on a small window the top row had room for the turn's keys and 'P Menu'
    but not 'Q / E Read cards', the only word of how to read the table's cards large: it stays, the
    arrows' hint gives way. At 1920x1080 the three show, as before."""
    import main

    for size, expected in (((1024, 768), {"Enter", "Q / E"}), ((1920, 1080), {"Arrows", "Enter", "Q / E"})):
        app = make_app(size)
        try:
            table = main.build_scene(app, "table", "lost-in-time", 6, seed=1)
            app.clear_to(table)
            frames(app, 60)
            assert table.can_act and table.readable_cards()
            caps = drawn_caps(monkeypatch)
            frames(app, 1)
            monkeypatch.undo()
            assert expected <= {text for text, _ in caps}, caps
        finally:
            app.shutdown()


def test_a_choices_back_arrow_answers_a_little_around_it(data_dir):
    """An option's '‹' is 64 px: 34 px under a finger at 1024x768. A tap up to 12 px beside it steps
    back too (about 47 px wide); further left, on the label, it only focuses the row, as before."""
    import main
    from game.ui.widgets import ARROW_SLOP, OptionCycler
    from ui_helpers import tap

    app = make_app((1024, 768))
    try:
        setup = main.build_scene(app, "setup", "lost-in-time", 6)
        app.clear_to(setup)
        frames(app, 5)
        seats = next(w for w in setup.group.widgets if isinstance(w, OptionCycler) and w.label == "Seats at the table")
        before = seats.index
        left, _right = seats._arrows()
        assert (left.width + 2 * ARROW_SLOP) * app.letterbox.scale >= 40
        tap(app, (left.left - ARROW_SLOP + 3, left.centery))
        assert seats.index == before - 1
        seats = next(w for w in setup.group.widgets if isinstance(w, OptionCycler) and w.label == "Seats at the table")
        tap(app, (seats.rect.x + 60, seats.rect.centery))  # the label: focus only (the rows were rebuilt)
        seats = next(w for w in setup.group.widgets if isinstance(w, OptionCycler) and w.label == "Seats at the table")
        assert seats.index == before - 1 and setup.group.focused is seats
    finally:
        app.shutdown()


def test_a_table_without_a_log_box_shows_its_toasts_under_its_turn_banner(data_dir):
    """The Labyrinth has no log box of the base's kind: its toasts stack under 'Your turn' (which
    they hid, with the score beside it), not over it."""
    import main

    app = make_app()
    try:
        table = main.build_scene(app, "table", "labyrinth", 1, seed=1)
        app.clear_to(table)
        frames(app, 90)
        banner = table.turn_banner_rect()
        assert banner is not None
        app.toast("Virtual Controller connected: Pad 2")
        frames(app, 30)
        [(_, _, rect)] = app.toasts.placements(app.canvas.get_size())
        assert rect.top > banner.bottom and not rect.colliderect(pygame.Rect(0, 0, 1920, banner.bottom + 1))
    finally:
        app.shutdown()


# --- the host's waiting room ----------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768)])
def test_the_hosts_join_column_ends_above_start_with_a_bot_with_three_addresses(size, monkeypatch, data_dir):
    """A host on three networks (Wi-Fi, cable, a VM bridge) whose table is not announced: the third
    address and the note were drawn over 'Start with a bot'. The column now starts higher when it
    must and keeps every address above the button, at any window size. (All on 127.0.0.1.)"""
    from game.ui.lobby import LanOptions
    from game.ui.lobby_host import HostedTable, HostSetupScene
    from game.ui.lobby_room import SIDE_X, WaitingRoomScene
    from game.ui.title import TitleScene
    from ui_helpers import step_until, widget_labelled

    addresses = ["192.168.1.20:47474", "10.0.0.7:47474", "172.17.0.1:47474"]
    monkeypatch.setattr(HostedTable, "join_addresses", lambda self: list(addresses))
    app = make_app(size)
    try:
        app.push(TitleScene(app))
        setup = HostSetupScene(app, LanOptions(discovery=False, port=0, games=("lost-in-time",), interfaces=["127.0.0.1"]))
        app.push(setup)
        frames(app, 3)
        widget_labelled(setup, "Open the table").activate()
        room = step_until(app, lambda: isinstance(app.scenes.top, WaitingRoomScene) and app.scenes.top.session.table
                          is not None and app.scenes.top)
        frames(app, 5)
        assert not room.hosted.advertised  # the note is in the column too
        bot = widget_labelled(room, "Start with a bot")
        top, rows = room.side_layout()
        assert top >= widget_labelled(room, "Back").rect.bottom
        assert top + sum(image.get_height() + gap for image, gap in rows) <= bot.rect.top
        assert len(rows) >= 1 + 2 + len(addresses) + 1  # heading, the sentence, every address, the note
        assert bot.rect.left == SIDE_X
    finally:
        app.shutdown()


def test_a_long_name_stays_on_its_results_card():
    """Twenty wide letters (names may be 20 long) ran past both edges of a six-seat results card:
    the name is cut with an ellipsis once the smallest size does not fit."""
    from game.ui.look.fonts import font
    from game.ui.results import MIN_LINE_PX, name_fitted

    pygame.font.init()
    name, px = name_fitted("M" * 20, 250)
    assert name.endswith("…") and px == MIN_LINE_PX and font("ui-bold", px).size(name)[0] <= 250
    assert name_fitted("Wilhelmina Wolfgangs", 250)[0] == "Wilhelmina Wolfgangs"
    assert name_fitted("Ada", 250) == ("Ada", 34)
