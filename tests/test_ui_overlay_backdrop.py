"""Every overlay that dims a still screen (the pause menu, a question, the on-screen keyboard, the
Labyrinth's sheets, the first-game tips, the address dialog, the score details) keeps the screen under
it as one dimmed image (chrome.KeptBackdrop) instead of drawing it and dimming it every frame. What
it shows must not change: a settled frame equals the frame drawn the old way (the scenes below drawn,
then `dim_screen`), a frame fading in equals it too, and whatever changes the picture
below (a scene ticked under the overlay, the device in use, a name typed on the keyboard, a setting
changed from the pause menu) has it drawn again."""

from __future__ import annotations

from contextlib import contextmanager
from types import SimpleNamespace

import pygame
import pytest

from game.ui import chrome
from game.ui.chrome import KeptBackdrop, dim_screen
from game.ui.confirm import ConfirmOverlay
from game.ui.labyrinth_overlays import DiscardBrowser, StorySheet
from game.ui.lobby import AddressScene
from game.ui.osk import OnScreenKeyboard
from game.ui.pause import PauseOverlay
from game.ui.results import BreakdownScene, ResultsScene
from game.ui.scene import Scene
from game.ui.tips import FirstGameTips, Tip
from game.ui.tween import MOTION
from game.ui.widgets import TextEntry
from test_ui_results_backdrop import Still, Ticking, result
from ui_helpers import frames, make_app


class OldWay:
    """An overlay's dim as it was drawn before screens were kept: the scenes below drawn every frame,
    then `dim_screen` (or, for the tips, the bands around the lit target) at the overlay's alpha."""

    holds_more = False

    def __init__(self, scene) -> None:
        self.scene = scene

    def covers(self) -> bool:
        return False

    def forget(self) -> None:
        pass

    def drop_more(self) -> None:
        pass

    def keep_more(self, surface: pygame.Surface) -> None:
        pass

    def draw(self, surface: pygame.Surface, level: float, lit=None) -> bool:
        alpha = level * self.scene.appear
        if lit is None:
            dim_screen(surface, alpha)
            return False
        target = pygame.Rect(lit)
        w, h = surface.get_size()
        for band in (pygame.Rect(0, 0, w, target.top), pygame.Rect(0, target.bottom, w, h - target.bottom),
                     pygame.Rect(0, target.top, target.left, target.height),
                     pygame.Rect(target.right, target.top, w - target.right, target.height)):
            band = band.clip(surface.get_rect())
            if band.width > 0 and band.height > 0:
                dim_screen(surface.subsurface(band), alpha)
        return False


def picture(app) -> bytes:
    return pygame.image.tobytes(app.canvas, "RGB")


def largest_difference(a: bytes, b: bytes) -> int:
    return 0 if a == b else max(abs(x - y) for x, y in zip(a, b))


def kept_frame(app, alpha: float = 1.0) -> bytes:
    """The stack drawn as it is drawn now (kept pictures blitted where they are right)."""
    app.scenes.draw(app.canvas, alpha)
    return picture(app)


@contextmanager
def the_old_way(app):
    kept = [(scene, scene.backdrop) for scene in app.scenes.scenes if scene.backdrop is not None]
    for scene, _ in kept:
        scene.backdrop = OldWay(scene)
    try:
        yield
    finally:
        for scene, backdrop in kept:
            scene.backdrop = backdrop


def old_way_frame(app, alpha: float = 1.0) -> bytes:
    """The frame with nothing kept: every scene under the overlays drawn, dimmed, the overlays over it."""
    with the_old_way(app):
        assert not any(scene.covers_below() for scene in app.scenes.scenes)
        app.scenes.draw(app.canvas, alpha)
    return picture(app)


def recapture(app, alpha: float = 1.0) -> None:
    """Have every overlay keep the screen under it anew, drawn at `alpha` (a table's picture may
    waver by a level between interpolations: a kept picture is that of the frame it was taken at)."""
    for scene in app.scenes.scenes:
        if scene.backdrop is not None:
            scene.backdrop.forget()
    app.scenes.draw(app.canvas, alpha)


def counting(scene: Scene) -> list[float]:
    """Count a scene's draws from now on (the alphas it was drawn at)."""
    drawn: list[float] = []
    scene.draw = lambda surface, alpha, draw=scene.draw: (drawn.append(alpha), draw(surface, alpha))[-1]
    return drawn


def settle(app, overlay: Scene) -> None:
    for _ in range(60):
        if overlay.appear >= 1.0:
            break
        frames(app, 1)
    frames(app, 2)
    assert overlay.appear == 1.0


def assert_kept_and_unchanged(app, overlay: Scene, below: Scene) -> None:
    """Once settled, the screen below is not drawn, and the frame is the one drawn the old way."""
    settle(app, overlay)
    recapture(app)
    drawn = counting(below)
    frames(app, 3)
    assert drawn == [] and overlay.covers_below()
    assert kept_frame(app, 0.5) == old_way_frame(app, 1.0)
    assert drawn == [1.0]  # (drawn once: the old way)
    frames(app, 2)
    assert drawn == [1.0] and overlay.covers_below()


# --- the pause menu over each game's table ------------------------------------------------------------

@pytest.mark.parametrize("game,seats", [("lost-cities", 2), ("lost-in-time", 6), ("time-after-time", 4),
                                        ("labyrinth", 1)])
def test_the_pause_menu_over_each_games_table_keeps_it_and_looks_as_before(game, seats, data_dir):
    import main

    app = make_app()
    try:
        table = main.build_scene(app, "table", game, seats, seed=3)
        app.clear_to(table)
        frames(app, 90)
        pause = PauseOverlay(app, game)
        app.push(pause)
        frames(app, 1)  # the first frame draws the table and keeps it
        assert pause.covers_below() and pause.appear < 1.0
        recapture(app)
        drawn = counting(table)
        frames(app, 1)
        fading = kept_frame(app, 1.0)
        assert 0 < pause.appear < 1.0 and drawn == []
        # the dim fades in over the kept table as over the table drawn again
        assert old_way_frame(app, 1.0) == fading
        drawn.clear()
        assert_kept_and_unchanged(app, pause, table)
    finally:
        app.shutdown()
        MOTION.speed, MOTION.reduced = 1.0, False


def test_pause_over_a_still_screen_draws_it_once():
    app = make_app()
    below = Still()
    app.push(below)
    pause = PauseOverlay(app, "lost-cities")
    app.push(pause)
    drawn = below.draws
    assert not pause.covers_below()
    frames(app, 1)
    assert below.draws == drawn + 1 and pause.covers_below()
    frames(app, 40)
    assert below.draws == drawn + 1 and pause.appear == 1.0
    assert_kept_and_unchanged(app, pause, below)
    app.shutdown()


def test_the_dim_is_an_ink_layer_blended_over_the_screen_within_rounding():
    """`dim_screen` multiplies and adds instead of blending a layer (4× faster): every level of every
    channel lands where the blend c·(255−α)/255 + ink·α/255 puts it, within the rounding of two
    integer fills (1.5 levels; SDL's own surface-alpha blend came within 1)."""
    shared = pygame.Surface((256, 3))
    for x in range(256):  # every level of each channel
        for y in range(3):
            shared.set_at((x, y), (x, 255 - x, (x * 7) % 256))
    for alpha in range(1, 256):
        dimmed = shared.copy()
        dim_screen(dimmed, alpha)
        for x in range(256):
            for channel, (before, after) in enumerate(zip(shared.get_at((x, 0))[:3], dimmed.get_at((x, 0))[:3])):
                exact = (before * (255 - alpha) + chrome.DIM_COLOUR[channel] * alpha) / 255
                assert abs(after - exact) <= 1.5, (alpha, x, channel, after, exact)
    untouched = shared.copy()
    dim_screen(untouched, 0)
    assert pygame.image.tobytes(untouched, "RGB") == pygame.image.tobytes(shared, "RGB")


def test_a_screen_ticked_under_the_pause_menu_is_drawn_every_frame():
    app = make_app()
    below = Ticking()
    app.push(below)
    pause = PauseOverlay(app, "lost-cities")
    app.push(pause)
    frames(app, 30)
    drawn, before = below.draws, app.canvas.get_at((1500, 40))
    frames(app, 10)
    assert below.draws == drawn + 10 and not pause.covers_below()
    assert app.canvas.get_at((1500, 40)) != before  # its change shows through the dim
    assert kept_frame(app) == old_way_frame(app)
    app.shutdown()


@pytest.mark.parametrize("overlay", ["pause", "results"])
def test_a_lan_table_under_an_overlay_is_kept_while_its_link_is_fine(overlay):
    """A LAN table is ticked under an overlay (its link must not freeze): it is kept only while
    what it says its picture depends on (`still_key`) stays the same."""
    from game.ui.lobby_room import LanTableScene

    session = SimpleNamespace(table=("Ann", "Bob"), spectator=False, game_number=1, local_seats=lambda: [0],
                              latest=lambda seat: None, close=lambda: None, failure=None, status_text="",
                              poll=lambda: None)
    app = make_app()
    lan = LanTableScene(None, session, Still())
    app.push(lan)
    if overlay == "pause":
        lan.game_over = lambda: False
        lan._follow_link = lambda dt: None
        scene = PauseOverlay(app, "lost-cities")
    else:
        scene = ResultsScene(app, result(1), ["Ann", "Bob"], [0], None, "test", record="Your record: 1 win")
    app.push(scene)
    frames(app, 30)
    assert scene.covers_below()
    session.table = ("Ann", "Bob · away")  # the seats changed: the strip and name plates show it
    assert not scene.covers_below()
    frames(app, 1)
    assert scene.covers_below()
    lan.mode = "reconnecting"  # its card animates: drawn every frame
    assert lan.still_key() is None and not scene.covers_below()
    app.shutdown()


def test_the_device_in_use_has_the_screen_below_drawn_again():
    app = make_app()
    below = Still()
    app.push(below)
    pause = PauseOverlay(app, "lost-cities")
    app.push(pause)
    frames(app, 30)
    drawn = below.draws
    app.input.last_device = "touch"  # a table words its hints for the device
    assert not pause.covers_below()
    frames(app, 1)
    assert below.draws == drawn + 1 and pause.covers_below()
    app.shutdown()


def test_what_changes_under_the_pause_menus_settings_shows_when_they_close():
    """Settings (an opaque screen) opened from the pause menu may change how the table looks: back
    in the pause menu, the table is drawn again, then kept again."""
    app = make_app()
    below = Still()
    app.push(below)
    pause = PauseOverlay(app, "lost-cities")
    app.push(pause)
    settle(app, pause)
    app.push(Still((90, 20, 20)))  # the settings
    frames(app, 3)
    assert app.scenes.visible()[0] is app.scenes.top
    below.colour = (20, 40, 140)  # a setting changed the table's look
    app.pop()
    drawn = below.draws
    frames(app, 1)
    assert below.draws == drawn + 1
    frames(app, 3)
    assert below.draws == drawn + 1 and pause.covers_below()
    assert kept_frame(app) == old_way_frame(app)  # the new look, not the one kept before the settings
    app.shutdown()


def test_the_pause_menu_leaving_lets_its_images_go():
    app = make_app()
    app.push(Still())
    pause = PauseOverlay(app, "lost-cities")
    app.push(pause)
    frames(app, 30)
    assert pause.backdrop.covers()
    app.pop()
    assert pause.backdrop._under is None and pause.backdrop._dimmed is None
    app.shutdown()


# --- the other overlays ---------------------------------------------------------------------------

def test_a_question_over_the_results_keeps_both_and_looks_as_before():
    """An overlay on an overlay: the results (over a still table) under a question."""
    from game.core.types import Outcome

    app = make_app()
    table = Still()
    app.push(table)
    lines = tuple(({"label": "Points", "value": 10 + s}, {"label": "Total", "value": 10 + s}) for s in range(2))
    outcome = Outcome((10, 11), ((1,), (0,)), (1,), lines, "Seat 2 wins.")
    results = ResultsScene(app, outcome, ["Ann", "Bob"], [0], None, "test")
    app.push(results)
    frames(app, 90)
    question = ConfirmOverlay(app, "Leave?", "The table closes for everyone.", "Leave", lambda: None)
    app.push(question)
    under = counting(results)
    frames(app, 1)
    assert question.covers_below() and len(under) == 1
    assert_kept_and_unchanged(app, question, results)
    app.pop()  # back to the results: they draw the table again once, then keep it
    drawn = table.draws
    frames(app, 1)
    frames(app, 3)
    assert table.draws == drawn + 1 and results.covers_below()
    assert kept_frame(app) == old_way_frame(app)
    app.shutdown()


def test_the_score_details_over_the_results_keep_them():
    from game.core.types import Outcome

    app = make_app()
    app.push(Still())
    lines = tuple(({"label": "Points", "value": 10 + s}, {"label": "Total", "value": 10 + s}) for s in range(2))
    outcome = Outcome((10, 11), ((1,), (0,)), (1,), lines, "Seat 2 wins.")
    results = ResultsScene(app, outcome, ["Ann", "Bob"], [0], None, "test")
    app.push(results)
    frames(app, 60)
    details = BreakdownScene(app, outcome, ["Ann", "Bob"], [1, 0])
    app.push(details)
    assert_kept_and_unchanged(app, details, results)
    app.shutdown()


def test_the_on_screen_keyboard_keeps_the_screen_but_for_the_name_typed():
    app = make_app()
    below = Still()
    entry = TextEntry((100, 960, 800, 80), "Name", "Ann", lambda text: setattr(below, "text", text))
    app.push(below)
    keyboard = OnScreenKeyboard(app, entry)
    app.push(keyboard)
    assert_kept_and_unchanged(app, keyboard, below)
    drawn = below.draws
    keyboard.type("e")  # the name below grows (its field shows it)
    assert not keyboard.covers_below()
    frames(app, 1)
    assert below.draws == drawn + 1 and keyboard.covers_below()
    assert kept_frame(app) == old_way_frame(app)
    app.shutdown()


def test_the_address_dialog_keeps_the_lobby_under_it():
    app = make_app()
    below = Still()
    app.push(below)
    dialog = AddressScene(app, "192.168.1.4", lambda address, port: None)
    app.push(dialog)
    assert_kept_and_unchanged(app, dialog, below)
    app.shutdown()


def test_the_tips_keep_the_table_and_leave_their_target_lit():
    app = make_app()
    below = Still()
    app.push(below)
    tips = (Tip("Your hand: play a card from it.", (300, 500, 400, 300), "Your turn"),
            Tip("The pile: draw from it.", (1500, 60, 300, 200), "Drawing"))
    overlay = FirstGameTips(app, "lost-cities", tips)
    app.push(overlay)
    assert_kept_and_unchanged(app, overlay, below)
    inside = app.canvas.get_at((310, 510))
    overlay.next_tip()  # another target is lit: the kept table is dimmed anew, not drawn again
    drawn = below.draws
    frames(app, 2)
    assert below.draws == drawn and overlay.covers_below()
    assert app.canvas.get_at((310, 510)) != inside  # dimmed now
    assert kept_frame(app) == old_way_frame(app)
    app.shutdown()


def labyrinth_table(app):
    import main

    table = main.build_scene(app, "table", "labyrinth", 1, seed=3)
    app.clear_to(table)
    frames(app, 90)
    return table


def test_a_labyrinth_story_sheet_keeps_the_table(data_dir):
    app = make_app()
    try:
        table = labyrinth_table(app)
        sheet = StorySheet(app, [("title", "#3 · The well"), ("text", "A cold wind rises from below. " * 30)],
                           "Close", lambda: None)
        app.push(sheet)
        assert_kept_and_unchanged(app, sheet, table)
        sheet.scroll_by(120)  # it scrolls over the kept table
        frames(app, 2)
        assert kept_frame(app) == old_way_frame(app)
    finally:
        app.shutdown()
        MOTION.speed, MOTION.reduced = 1.0, False


def test_the_labyrinth_discard_pile_keeps_the_table(data_dir):
    app = make_app()
    try:
        table = labyrinth_table(app)
        discard = [{"deck": "interaction", "card": "a", "face": "down"},
                   {"deck": "interaction", "card": "b", "face": "up", "texts": ["Read it. " * 40]}]
        browser = DiscardBrowser(app, discard, {"a": 7})
        app.push(browser)
        assert_kept_and_unchanged(app, browser, table)
        browser.step(1)
        frames(app, 2)
        assert browser.covers_below() and kept_frame(app) == old_way_frame(app)
    finally:
        app.shutdown()
        MOTION.speed, MOTION.reduced = 1.0, False


def test_a_backdrop_out_of_the_stack_keeps_nothing():
    app = make_app()
    loose = Scene(app)
    backdrop = KeptBackdrop(loose)
    assert backdrop.below_key() is None and not backdrop.covers()
    surface = pygame.Surface((64, 64))
    surface.fill((200, 200, 200))
    backdrop.draw(surface, 170)  # a loose scene has appeared: settled
    expected = pygame.Surface((64, 64))
    expected.fill((200, 200, 200))
    dim_screen(expected, 170)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(expected, "RGB")
    assert backdrop._under is None
    app.shutdown()


def test_an_overlay_drawn_onto_another_surface_dims_what_is_there_and_keeps_nothing_of_it():
    """A test may draw an overlay onto a canvas of its own (to see where its parts go): the overlay
    dims that canvas, not the kept screen, and what it keeps is still the app's screen."""
    from game.core.types import Outcome

    app = make_app()
    app.push(Still())
    lines = tuple(({"label": "Points", "value": 10 + s}, {"label": "Total", "value": 10 + s}) for s in range(2))
    results = ResultsScene(app, Outcome((10, 11), ((1,), (0,)), (1,), lines, "Seat 2 wins."), ["Ann", "Bob"], [0],
                           None, "test")
    app.push(results)
    frames(app, 60)
    assert results.covers_below() and results.backdrop.holds_more
    black = pygame.Surface(app.canvas.get_size())
    results.draw(black, 1.0)
    dimmed = pygame.Surface(app.canvas.get_size())
    dim_screen(dimmed, results.dim)
    assert black.get_at((5, 5)) == dimmed.get_at((5, 5))  # black dimmed: no kept table in it
    frames(app, 2)
    assert kept_frame(app) == old_way_frame(app)
    app.shutdown()
