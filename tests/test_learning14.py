"""A newcomer learns each game from Tabletime alone: the rules pages read in order, their pictures are
named, their worked examples add up with the engines, every setup option is explained, and every page
is reachable by keyboard, mouse, touch and gamepad (the learning playtest of session 14)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.registry import GAMES, find_game
from game.ui import rules as rules_module
from game.ui.rules import (CAPTION_PX, PANEL, PICTURE_BAND, TEXT_HEIGHT, TEXT_TOP, TEXT_W, RulesScene,
                           keep_together, paginate)
from game.ui.rules_pictures import card_captions, card_pictures, is_picture_page
from game.ui.rules_text import load_rules
from game.ui.look.fonts import text_surface
from ui_helpers import canvas_to_window, click, frames, key, make_app, pad

RULES_DIR = Path(__file__).resolve().parent.parent / "game" / "content" / "rules"
IDS = [info.game_id for info in GAMES]


def page_text(game_id: str) -> str:
    return " ".join((RULES_DIR / f"{game_id}.md").read_text(encoding="utf-8").split())


def section(game_id: str, title: str) -> str:
    text = (RULES_DIR / f"{game_id}.md").read_text(encoding="utf-8")
    return " ".join(text.split(f"## {title}", 1)[1].split("\n## ", 1)[0].split())


WINDOWS = {"1920x1080": 1.0, "1280x720": 0.7 / (720 / 1080), "1024x768": 0.7 / (1024 / 1920)}  # legible_factor


def screens_of(info, factor: float = 1.0):
    from game.ui.rules import BodyType

    pygame.init()
    doc = load_rules(info.game_id, info.title, info.pitch)
    return paginate(doc, TEXT_HEIGHT, PICTURE_BAND, BodyType.for_factor(factor))


@pytest.fixture
def app(data_dir):
    application = make_app()
    yield application
    application.shutdown()


# --- the pages flow as a reader needs them --------------------------------------------------------

@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_no_page_is_a_stray_line_or_two_and_no_list_loses_its_lead_in(info, window):
    """The sweep found pages of one or two lines ("The rank table:" on one page, the ranks overleaf;
    the tie rules of Lost in Time alone on a thirteenth page)."""
    screens = screens_of(info, WINDOWS[window])
    for index, (title, lines) in enumerate(screens):
        text = [(kind, line) for kind, line, _ in lines if kind != "gap"]
        first_of_pictures = is_picture_page(title) and index == next(i for i, (t, _) in enumerate(screens) if t == title)
        assert first_of_pictures or len(text) >= 3, f"{title!r}: a page of {len(text)} line(s)"
        last_kind, last_line = text[-1]
        assert not (last_kind == "para" and last_line.rstrip().endswith(":")), \
            f"{title!r}: a page ends on the lead-in {last_line!r}, its list overleaf"


def test_a_lead_in_keeps_its_list_and_moves_on_with_it_when_the_page_is_half_full():
    pygame.init()
    runs = keep_together([("para", "Intro."), ("para", "The rank table:"), ("bullet", "a"), ("bullet", "b"),
                          ("para", "After.")])
    assert [len(run) for run in runs] == [1, 3, 1]
    from game.ui.rules_text import RulesDoc, RulesPage

    filler = [("para", "Filler line long enough to stand for a paragraph of rules text here.")] * 6
    doc = RulesDoc("T", [RulesPage("S", filler + [("para", "The rank table:")] + [("bullet", "x")] * 4)])
    screens = paginate(doc, TEXT_HEIGHT)
    assert len(screens) == 2
    assert [line for _, line, _ in screens[1][1] if line][0] == "The rank table:"


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_every_page_fits_above_its_page_buttons_and_its_pictures(info, window):
    """Text never runs into the Previous / Next row (nor, on the cards page, into the pictures), nor
    past the text column, in the type of each window size."""
    from game.ui.rules import BodyType

    body = BodyType.for_factor(WINDOWS[window])
    buttons_top = PANEL.height - 100
    screens = screens_of(info, WINDOWS[window])
    for index, (title, lines) in enumerate(screens):
        for kind, line, _ in lines:
            width = text_surface(line, "ui", body.px, (255, 255, 255)).get_width() if line else 0
            assert width <= TEXT_W - (body.indent if kind == "bullet" else 0), line
        bottom = TEXT_TOP + sum(body.line_h if kind != "gap" else body.gap for kind, _, _ in lines) - body.gap
        assert bottom <= buttons_top - 16, f"{title!r} page {index + 1} ends at {bottom}"
        if is_picture_page(title) and index == next(i for i, (t, _) in enumerate(screens) if t == title):
            assert bottom <= TEXT_TOP + TEXT_HEIGHT - PICTURE_BAND, f"{title!r}: text over the pictures"


def test_a_small_window_draws_the_rules_at_least_at_seven_tenths_of_their_size(data_dir):
    """At 1024x768 the canvas shows at 0.53: 28 px body text read as 15 px. The rules now grow their
    type there (as the hints and logs do) and lay their pages out again."""
    from game.ui.rules import BODY_PX

    small = make_app((1024, 768))
    try:
        rules = RulesScene(small, "lost-cities", topic="Scoring")
        small.push(rules)
        frames(small, 3)
        assert rules.body.px * small.letterbox.scale >= 0.7 * BODY_PX - 0.5
        assert rules.doc()[1][rules.page][0] == "Scoring"
    finally:
        small.shutdown()


def test_a_window_resized_live_lays_the_rules_out_again_at_the_same_section(data_dir):
    from game.ui.rules import BODY_PX

    app = make_app((1920, 1080))
    try:
        rules = RulesScene(app, "labyrinth", topic="The end and your rank")
        app.push(rules)
        frames(app, 3)
        assert rules.body.px == BODY_PX
        before = len(rules.doc()[1])
        pygame.display.set_mode((1024, 768), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 768), w=1024, h=768))
        frames(app, 3)
        assert rules.body.px > BODY_PX and len(rules.doc()[1]) > before
        assert rules.doc()[1][rules.page][0] == "The end and your rank"
        assert rules.contents.items[rules.contents.index] == "The end and your rank"
    finally:
        app.shutdown()


# --- the pictures are named -----------------------------------------------------------------------

@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_every_card_picture_is_named_under_it_without_touching_its_neighbours(info):
    """The wager card stood first in the strip while the words that say what it is came a page later."""
    pygame.init()
    pictures, captions = card_pictures(info.game_id), card_captions(info.game_id)
    assert len(captions) == len(pictures) >= 5 and all(captions)
    for picture, caption in zip(pictures, captions):
        assert text_surface(caption, "ui-bold", CAPTION_PX, (255, 255, 255)).get_width() <= picture.get_width() + 20, caption
    tallest = max(p.get_height() for p in pictures)
    assert 14 + tallest + 8 + CAPTION_PX + 8 <= PICTURE_BAND  # picture and name inside the band


def test_the_cards_page_draws_each_name_under_its_picture(app):
    rules = RulesScene(app, "lost-cities", topic="The cards")
    app.push(rules)
    frames(app, 40)
    surface = rules._screen_surface()
    pictures = card_pictures("lost-cities")
    tallest = max(p.get_height() for p in pictures)
    caption_y = TEXT_TOP + TEXT_HEIGHT - PICTURE_BAND + 14 + tallest + 8 + CAPTION_PX // 2
    total = sum(p.get_width() for p in pictures) + 24 * (len(pictures) - 1)
    x = rules_module.TEXT_X + (TEXT_W - total) // 2 + pictures[0].get_width() // 2
    row = [surface.get_at((x + dx, caption_y + dy))[:3] for dx in range(-30, 30) for dy in range(-6, 6)]
    assert any(sum(colour) > 300 for colour in row), "no name drawn under the first picture"


# --- the worked examples add up -------------------------------------------------------------------

def test_the_emergency_move_example_is_what_the_engine_allows():
    """Time After Time's emergency shift, slot by slot: the stuck row, then each shift the page shows,
    is what the engine says (ruling TT-7)."""
    from game.rules.time_after_time import apply_shift, row_completable, shift_sequences

    text = section("time-after-time", "The emergency move")

    def row(words: str) -> list[str | None]:
        return [None if w == "_" else f"tt-{w[:2]}-a" for w in words.split()]

    stuck, right, left = "_ 08H00 _ _ 10H00 11H00 _", "_ _ 08H00 _ 10H00 11H00 _", "_ 08H00 _ 10H00 11H00 _ _"
    for shown in (stuck, right, left):
        assert f"- {shown} :" in (RULES_DIR / "time-after-time.md").read_text(encoding="utf-8")
    assert "08H00 shifted right" in text and "10H00 and then 11H00 shifted left" in text
    assert not row_completable(row(stuck), set())
    reachable = {tuple(apply_shift(row(stuck), moves)) for moves in shift_sequences(row(stuck))}
    for shown in (right, left):
        assert tuple(row(shown)) in reachable and row_completable(row(shown), set()), shown


def test_the_lost_cities_round_total_adds_up_its_own_examples():
    from game.rules.lost_cities import expedition_score

    blue = expedition_score(["lc-b-w1", "lc-b-02", "lc-b-06", "lc-b-07", "lc-b-08"])["score"]
    white = expedition_score(["lc-w-w1", "lc-w-04", "lc-w-06", "lc-w-08", "lc-w-10"])["score"]
    red = expedition_score(["lc-r-w1", "lc-r-w2", "lc-r-03"])["score"]
    assert (blue, white, red) == (6, 16, -51)
    assert f"6 + 16 − 51 = −{-(blue + white + red)}" in section("lost-cities", "Scoring")


def test_the_labyrinth_score_example_names_its_rank():
    from game.rules.labyrinth.engine import rank_for

    assert rank_for(7 - 2)[0] == "Adventurer"  # the rank the results show for that score
    assert "With 7 favours and 2 prophecies unfulfilled, you score 5: Adventurer" in section(
        "labyrinth", "The end and your rank")


# --- words a newcomer understands, and what was missing -------------------------------------------

def test_lost_in_time_says_later_and_earlier_years_not_only_younger_and_older():
    """'Younger than your youngest' asked a newcomer to know that a younger card is a later year."""
    travel = section("lost-in-time", "Travelling in time")
    assert "year must be later than every year on your timeline" in travel
    assert "year must be earlier than every year on your timeline" in travel
    assert "the latest year on your timeline" in section("lost-in-time", "The end and the winner")


def test_lost_cities_names_who_breaks_a_tied_round_in_words_a_player_sees():
    end = section("lost-cities", "End of a round and of the match")
    assert "Seat 1" not in end and "the player in the first seat of the setup" in end


def test_the_labyrinth_tells_a_stuck_party_about_hints_and_why_a_bot_means_turns():
    stuck = section("labyrinth", "When you are stuck")
    assert "Hint" in stuck and "H on a keyboard" in stuck and "Y on a gamepad" in stuck and "Do it plays it" in stuck
    turns = section("labyrinth", "Playing together or in turns")
    assert "With a bot companion you always play in turns" in turns and "the way out, to you" in turns


OPTION_WORDS = {  # each setup option: the words of the rules page that explain it
    ("lost-cities", "rounds"): "you may choose 1 to 5 in the setup",
    ("lost-cities", "colours"): "The long game adds a sixth colour, Purple, for 72 cards",
    ("lost-in-time", "disaster_skip"): "In the setup screen you can choose that a Disaster only costs the action",
    ("lost-in-time", "chips"): "3 years for every payment chip, in the chip variant (Payment chips: On, in the setup)",
    ("time-after-time", "ghost_redraw"): "Option \"ghost redraw\": after drawing a Ghost you draw again",
    ("labyrinth", "scenario"): "Choose one on the setup screen, under Scenario",
    ("labyrinth", "mode"): "In turns: clockwise, each turn one move of the hero and one card used",
}


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_every_option_offered_in_the_setup_has_rules_text(info):
    options = {option.name for option in find_game(info.game_id).options}
    assert options == {name for game, name in OPTION_WORDS if game == info.game_id}, "an option without rules text"
    for name in options:
        assert OPTION_WORDS[(info.game_id, name)] in page_text(info.game_id), name


# --- every page by every device --------------------------------------------------------------------

def swipe_left(app, rules) -> None:
    start, end = (PANEL.right - 200, PANEL.y + 300), (PANEL.x + 300, PANEL.y + 300)
    width, height = app.letterbox.window
    for i, (x, y) in enumerate((start, ((start[0] + end[0]) / 2, start[1]), end)):
        wx, wy = canvas_to_window(app, (x, y))
        kind = pygame.FINGERDOWN if i == 0 else pygame.FINGERMOTION
        pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=1, x=wx / width, y=wy / height,
                                             dx=0.0, dy=0.0, pressure=1.0, window_id=0))
        frames(app, 1)
    wx, wy = canvas_to_window(app, end)
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, touch_id=1, finger_id=1, x=wx / width, y=wy / height,
                                         dx=0.0, dy=0.0, pressure=1.0, window_id=0))
    frames(app, 3)


@pytest.mark.parametrize("device", ["keyboard", "gamepad", "mouse", "touch"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_every_page_of_every_game_is_reached_by_each_device(data_dir, device, size):
    app = make_app(size)
    try:
        for index, info in enumerate(GAMES):
            rules = RulesScene(app, info.game_id)
            app.push(rules)
            frames(app, 3)
            count = len(rules.doc()[1])
            for expected in range(1, count):
                if device == "keyboard":
                    key(app, pygame.K_RIGHT)
                elif device == "gamepad":
                    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
                elif device == "mouse":
                    click(app, rules.next_button.rect.center)
                else:
                    swipe_left(app, rules)
                assert rules.page == expected, (info.game_id, device, expected)
            assert not rules.next_button.enabled and rules.game_index == index
            app.pop()
            frames(app, 3)
    finally:
        app.shutdown()


# --- a later moment's tip comes when it is needed, once ---------------------------------------------

def moves_until(game: str, wanted, seeds=range(1, 60), limit: int = 400):
    """A config, seed and actions that bring seat 0 (Ann, a person) to a moment `wanted` picks from the
    kinds of her legal moves; the other seat is an easy bot playing at random."""
    from test_tips_at_tables import moves_until as moves_with_bots

    return moves_with_bots(game, 1, wanted, seeds, limit)


@pytest.fixture
def tips_app(data_dir, monkeypatch):
    from game.ui import tips
    from ui_helpers import recording_app

    monkeypatch.setattr(tips, "HEADLESS_TIPS", True)
    with recording_app() as application:
        yield application


def table_at_moment(app, game: str, wanted):
    from game.session import LocalSession
    from game.ui.tables import table_scene_for

    config, seed, actions = moves_until(game, wanted)
    session = LocalSession(config, seed, bot_delay=0.0, actions=list(actions))
    table = table_scene_for(game)(app, session)
    app.clear_to(table)
    return table


def tip_over(app, frames_: int = 600):
    from game.ui.tips import FirstGameTips

    for _ in range(frames_):
        app.run_frames(1, 1 / 30)
        if isinstance(app.scenes.top, FirstGameTips):
            return app.scenes.top
    return None


MOMENTS = [
    ("lost-in-time", lambda kinds: kinds == {"cannot_travel"}, "Unable to travel"),
    ("time-after-time", lambda kinds: "shift" in kinds, "The emergency move"),
]


@pytest.mark.parametrize("game, wanted, topic", MOMENTS, ids=[topic for _, _, topic in MOMENTS])
def test_a_later_moment_gets_its_tip_the_first_time_once_beside_what_it_talks_about(tips_app, game, wanted, topic):
    """The first-game tips all came at turn one; being unable to travel or a row that needs the emergency
    move were told only by a prompt line: what to press, never what follows or why."""
    from game.ui.rules import RulesScene
    from game.ui.tips import MOMENT_TIPS, tips_key

    app = tips_app
    app.settings.tips_seen = [tips_key(game, "Ann")]  # the first-game set is behind her
    table = table_at_moment(app, game, wanted)
    overlay = tip_over(app)
    assert overlay is not None and overlay.moment == topic and table.rules_topic() == topic
    assert overlay.tips == (MOMENT_TIPS[game][topic],)
    assert tips_key(game, "Ann", topic) in app.settings.tips_seen
    _, plate = overlay._plate()
    assert not plate.colliderect(pygame.Rect(overlay.tip.target))  # never over what it talks about
    pygame.image.save(app.canvas, f"{data_dir_png(app)}/{game}-{topic.replace(' ', '-')}.png")
    click(app, [w for w in overlay.group.widgets if w.label == "Rules"][0].rect.center)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and rules.doc()[1][rules.page][0] == topic
    key(app, pygame.K_ESCAPE)  # back to the tip
    assert app.scenes.top is overlay
    click(app, [w for w in overlay.group.widgets if w.label == "Got it"][0].rect.center)
    assert app.scenes.top is table
    assert tip_over(app, 120) is None  # once


def data_dir_png(app) -> str:
    import os

    out = os.environ.get("LEARN14_PNG", "")
    return out if out else str(Path(os.environ.get("TABLETIME_DATA_DIR", "/tmp")))


def test_who_skips_the_first_game_tips_gets_no_later_ones(tips_app):
    from game.ui.tips import FirstGameTips, MOMENT_TIPS, tips_key

    app = tips_app
    table = table_at_moment(app, "lost-in-time", lambda kinds: kinds == {"cannot_travel"})
    app.settings.tips_seen = []
    overlay = tip_over(app)
    assert isinstance(overlay, FirstGameTips) and not overlay.moment  # the first-game set comes first
    key(app, pygame.K_ESCAPE)  # Skip tips
    assert app.scenes.top is table
    assert all(tips_key("lost-in-time", "Ann", topic) in app.settings.tips_seen for topic in MOMENT_TIPS["lost-in-time"])
    assert tip_over(app, 240) is None


def test_no_moment_tips_with_the_tips_switched_off(tips_app):
    app = tips_app
    app.settings.first_game_tips = False
    table = table_at_moment(app, "time-after-time", lambda kinds: "shift" in kinds)
    assert tip_over(app, 240) is None and app.scenes.top is table and app.settings.tips_seen == []


# --- the tips read on a small window too -------------------------------------------------------------

@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
def test_every_tip_plate_reads_at_seven_tenths_and_never_covers_its_target(data_dir, size):
    """On 1024x768 the plates' 28 px text read as 15 px; they now grow with the window's legible factor,
    and still sit beside what they talk about, on screen, above the hints footer."""
    from game.ui.tips import FIRST_GAME_TIPS, MOMENT_TIPS, SAFE, TEXT_PX, FirstGameTips

    app = make_app(size)
    try:
        sets = [(game, tips, "") for game, tips in FIRST_GAME_TIPS.items()]
        sets += [(game, (tip,), topic) for game, moments in MOMENT_TIPS.items() for topic, tip in moments.items()]
        for game, tips, moment in sets:
            overlay = FirstGameTips(app, game, tips, moment=moment)
            overlay.build()
            for index in range(len(tips)):
                overlay.index = index
                _, rect = overlay._plate()
                assert SAFE.contains(rect), (game, index, rect)
                assert not rect.colliderect(pygame.Rect(tips[index].target)), (game, index)
            assert round(TEXT_PX * overlay.factor) * app.letterbox.scale >= 0.7 * TEXT_PX - 0.5
    finally:
        app.shutdown()


def test_each_card_game_says_how_its_moves_are_made_at_the_table():
    """Time After Time's page said how to move a card in the hand; Lost Cities and Lost in Time named
    their moves but never how a newcomer makes them on the screen."""
    turn = section("lost-cities", "A turn")
    assert "At the table, pick up a card (drag, click, tap or Enter) and the places it may go light up" in turn
    assert "Back, or Take back in the turn panel, returns the card to your hand" in turn
    yours = section("lost-in-time", "Your turn")
    assert "onto an opponent, or onto the discard pile and press Discard. Skip action skips." in yours
    assert "drop a card on your timeline" in yours
    assert "drag a card along your hand, or tap it and then its new place" in section("time-after-time", "Your hand")
