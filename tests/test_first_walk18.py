"""A first-time player's walk outside the tables (session 18): what a newcomer met on the menus,
the rules help, the seat setup, the results and the settings, and what was fixed."""

from __future__ import annotations

import itertools

import pygame
import pytest

from ui_helpers import frames, make_app

SMALL = (1024, 768)


@pytest.fixture
def small_app(data_dir):
    application = make_app(SMALL)
    yield application
    application.shutdown()


# --- the rules help: the card pictures' names --------------------------------------------------------
@pytest.mark.parametrize("game_id", ["lost-cities", "lost-in-time", "time-after-time", "labyrinth"])
def test_the_names_under_the_card_pictures_never_touch_on_a_small_screen(small_app, game_id):
    """On a 1024x768 screen the names under Lost in Time's card pictures grew with the small window's
    larger type and ran together ("Event, futureEvent, 2 chips"). Each picture now gets a slot as wide
    as its name: the names keep a gap between them, sit under their own pictures, and stay inside the
    text column, at no less than the designed 20 px."""
    from game.ui.look.fonts import legible_factor
    from game.ui.rules import CAPTION_PX, PANEL, PICTURE_GAP, TEXT_W, TEXT_X, draw_picture_strip
    from game.ui.rules_pictures import card_captions, card_pictures

    pictures, captions = card_pictures(game_id), card_captions(game_id)
    assert pictures and len(captions) == len(pictures)
    factor = legible_factor()
    assert factor > 1.2  # the small window's larger type, which made them collide
    placed = draw_picture_strip(pygame.Surface(PANEL.size, pygame.SRCALPHA), pictures, captions, factor)
    assert len(placed) == len(captions)
    for left, right in itertools.pairwise(placed):
        assert right.left - left.right >= PICTURE_GAP // 2, (game_id, left, right)
    assert all(TEXT_X <= rect.left and rect.right <= TEXT_X + TEXT_W for rect in placed)
    assert all(rect.height >= CAPTION_PX for rect in placed)


# --- names: typed over the given one, and kept ---------------------------------------------------------
@pytest.fixture
def app(data_dir):
    application = make_app()
    yield application
    application.shutdown()


def test_a_name_typed_at_the_first_seat_replaces_player_and_is_kept(app):
    """A newcomer focuses Seat 1 ("Player"), presses Enter and types "Zoe": the field appended, making
    "PlayerZoe" (six Backspaces first, or six erases by pad). The edit now starts with the whole name
    selected, so the first letter replaces it; and that name, started with, becomes Your name while
    that is still the untouched "Player", for the next setup, LAN play and the next start."""
    from game.ui.settings import load_settings
    from game.ui.setup import SeatSetupScene
    from ui_helpers import key, widget_labelled

    setup = SeatSetupScene(app, "lost-cities")
    app.push(setup)
    frames(app, 3)
    entry = widget_labelled(setup, "Seat 1")
    setup.group.set_focus(entry)
    key(app, pygame.K_RETURN)
    assert entry.editing and entry.selected and entry.text == "Player"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zo"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="e"))
    frames(app, 2)
    key(app, pygame.K_RETURN)
    assert setup.names[0] == "Zoe" and not entry.editing
    setup.begin()
    frames(app, 3)
    assert app.settings.player_name == "Zoe"
    assert load_settings(print).player_name == "Zoe"  # saved: the next start knows it
    assert SeatSetupScene(app, "time-after-time").names[0] == "Zoe"


def test_a_name_someone_set_is_not_taken_over_by_a_seat(app):
    """Only the untouched "Player" gives way: a Your name the player chose stays when a friend plays
    the first seat."""
    from game.ui.setup import SeatSetupScene

    app.settings.player_name = "Robin"
    setup = SeatSetupScene(app, "lost-cities")
    app.push(setup)
    frames(app, 2)
    setup.set_name(0, "Sam")
    setup.begin()
    frames(app, 2)
    assert app.settings.player_name == "Robin"


def test_backspace_on_a_selected_name_clears_it_and_escape_brings_it_back(app):
    from game.ui.settings_scene import SettingsScene
    from ui_helpers import key, widget_labelled

    app.push(SettingsScene(app))
    frames(app, 2)
    settings = app.scenes.top
    entry = widget_labelled(settings, "Your name")
    settings.group.set_focus(entry)
    key(app, pygame.K_RETURN)
    assert entry.selected
    key(app, pygame.K_BACKSPACE)
    assert entry.text == "" and not entry.selected
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Al"))
    frames(app, 2)
    assert entry.text == "Al"  # after the selection went, letters follow
    key(app, pygame.K_ESCAPE)
    assert entry.text == "Player" and not entry.editing


def test_the_on_screen_keyboard_replaces_the_given_name_with_the_first_key(app):
    """By pad, "Player" took six presses of X before a name could be typed; the keyboard now opens with
    the name selected (drawn on a brass band): the first key replaces it."""
    from game.ui.osk import OnScreenKeyboard
    from game.ui.setup import SeatSetupScene
    from ui_helpers import pad, widget_labelled

    setup = SeatSetupScene(app, "lost-cities")
    app.push(setup)
    frames(app, 2)
    setup.group.set_focus(widget_labelled(setup, "Seat 1"))
    pad(app, pygame.CONTROLLER_BUTTON_A)
    osk = app.scenes.top
    assert isinstance(osk, OnScreenKeyboard) and osk.entry.selected
    osk.group.set_focus(widget_labelled(osk, "K"))
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert osk.entry.text == "K" and not osk.entry.selected and osk.lower  # small letters follow
    pad(app, pygame.CONTROLLER_BUTTON_X)
    pad(app, pygame.CONTROLLER_BUTTON_X)
    assert osk.entry.text == ""  # once the selection is gone, an erase takes one letter
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert setup.names[0] == "Player"  # emptied, Done gives the name back


# --- the results: score details side by side --------------------------------------------------------
def round_of(label: str) -> str:
    return label.split(" · ")[0].replace(" total", "")


def test_score_details_show_the_same_rounds_side_by_side(small_app):
    """In a Lost Cities match Ada had started four expeditions in round 2 and the player five: Details'
    first page showed Ada's rounds 1 and 2 beside only the player's round 1 (each column broke where
    it alone was full). The columns now break together, after the same round's total."""
    from game.core.types import Outcome
    from game.ui.results import BreakdownScene

    def match(colours_per_round: list[int]) -> tuple[dict, ...]:
        lines: list[dict] = []
        for number, colours in enumerate(colours_per_round, 1):
            lines += [{"label": f"Round {number} · Colour {c}: (12 − 20)", "value": -8} for c in range(colours)]
            lines.append({"label": f"Round {number} total", "value": -8 * colours})
        return (*lines, {"label": "Match total", "value": 0})

    ada, you = match([5, 4, 5]), match([5, 5, 5])
    outcome = Outcome((11, -79), ((0,), (1,)), (0,), (ada, you), "Ada wins.")
    details = BreakdownScene(small_app, outcome, ["Ada", "You"], [0, 1])
    assert len(details.pages) >= 2
    for page in details.pages:
        rounds = [[round_of(line["label"]) for line in lines] for _, lines in page]
        assert all(lines for lines in rounds)  # no column left empty beside another
        assert sorted(set(rounds[0])) == sorted(set(rounds[1])), rounds
    seen = {seat: [line for page in details.pages for s, lines in page if s == seat for line in lines]
            for seat in (0, 1)}
    assert seen == {0: list(ada), 1: list(you)}  # every line once, in order


def test_score_details_still_split_a_part_taller_than_a_column(small_app):
    """A seat whose lines have no total to break after (or a part taller than a page) still pages."""
    from game.core.types import Outcome
    from game.ui.results import BreakdownScene

    long = tuple({"label": f"Line {i}", "value": i} for i in range(40))
    outcome = Outcome((1, 2), ((1,), (0,)), (1,), (long, long[:3]), "")
    details = BreakdownScene(small_app, outcome, ["Ann", "Bob"], [1, 0])
    assert len(details.pages) >= 2
    assert [line for page in details.pages for s, lines in page if s == 0 for line in lines] == list(long)


# --- first-game tips: what a tip explains stays in view --------------------------------------------
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
def test_the_chronos_tip_lights_the_discard_pile_it_explains_and_leaves_it_uncovered(data_dir, size):
    """Lost in Time's second tip says the discard pile's top card sets the next round's way, but lit
    only Chronos, and on 1280x720 and 1024x768 its plate lay right of Chronos, over the discard pile.
    The tip lights both, and its plate (narrower and taller where the wide one finds no side) covers
    neither."""
    from game.ui.table_lost_in_time import CHRONOS_POS, DISCARD_POS, PILE_W
    from game.ui.tips import FIRST_GAME_TIPS, SAFE, FirstGameTips

    application = make_app(size)
    try:
        tips = FIRST_GAME_TIPS["lost-in-time"]
        index = next(i for i, tip in enumerate(tips) if tip.text.startswith("Chronos"))
        overlay = FirstGameTips(application, "lost-in-time", tips)
        overlay.index = index
        _, plate = overlay._plate()
        target = pygame.Rect(tips[index].target)
        pile_h = round(PILE_W * 1.4)
        for x, _ in (CHRONOS_POS, DISCARD_POS):
            pile = pygame.Rect(0, 0, PILE_W, pile_h)
            pile.center = (round(x), round(DISCARD_POS[1]))
            assert target.contains(pile)
        assert not plate.colliderect(target) and SAFE.contains(plate)
    finally:
        application.shutdown()


# --- the hint row while a name is typed -------------------------------------------------------------
def test_while_a_name_is_typed_the_hints_say_enter_keeps_it_and_esc_cancels(app):
    """Typing Your name, the hints still read "Enter Edit" and "Esc Save and back", but Enter then
    keeps the name and Esc gives the old one back without leaving the screen. They say so, and go
    back to Edit and Save and back once the name is done; the seat setup's too."""
    import game.ui.chrome as chrome
    from game.ui.settings_scene import SettingsScene
    from game.ui.setup import SeatSetupScene
    from ui_helpers import key, texts_set, widget_labelled

    def words(scene) -> list[str]:
        return [text for text, _ in texts_set(chrome, scene.draw_hints)]

    app.push(SettingsScene(app))
    frames(app, 2)
    settings = app.scenes.top
    settings.group.set_focus(widget_labelled(settings, "Your name"))
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)  # a key was the last device
    assert "Edit" in words(settings) and "Save and back" in words(settings)
    key(app, pygame.K_RETURN)
    assert "Done" in words(settings) and "Cancel" in words(settings) and "Save and back" not in words(settings)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is settings and "Save and back" in words(settings)
    key(app, pygame.K_ESCAPE)
    setup = SeatSetupScene(app, "lost-cities")
    app.push(setup)
    frames(app, 2)
    setup.group.set_focus(widget_labelled(setup, "Seat 1"))
    key(app, pygame.K_RETURN)
    assert "Done" in words(setup) and "Cancel" in words(setup)


def test_window_sizes_run_from_small_to_large_with_the_one_in_use_among_them():
    """Settings' Window size went 1280, 1600, 1920, 2560 and then 1024 × 576; a window dragged to
    1366 × 768 stood first. They run smallest first, the one in use in its place."""
    from game.ui.settings_scene import window_size_choices

    assert window_size_choices((1280, 720)) == [(1024, 576), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440)]
    assert window_size_choices((1366, 768))[2] == (1366, 768)
