"""The results screen: compact seat cards (totals when a breakdown is long), labels never under
20 px, seat names instead of "Seat N", and the full breakdown page by page with every device."""

from __future__ import annotations

import pygame
import pytest

from game.core.types import Outcome
from game.ui.results import (
    MIN_LINE_PX, BreakdownScene, ResultsScene, label_rows, minus_signs, named_summary, rows_of, summary_lines,
    value_text,
)
from game.ui.title import TitleScene
from ui_helpers import click, frames, key, make_app, pad, tap, widget_labelled

COLOURS = ("Yellow", "Blue", "White", "Green", "Red")


def long_match(rounds: int = 3) -> tuple[tuple[dict, ...], ...]:
    """A Lost Cities-shaped breakdown: five colours and a total per round, then the match total."""
    seats = []
    for seat in range(2):
        lines = []
        for r in range(1, rounds + 1):
            lines += [{"label": f"Round {r} · {c}: ({20 + i + seat} − 20) × 2", "value": 2 * (i + seat)}
                      for i, c in enumerate(COLOURS)]
            lines.append({"label": f"Round {r} total", "value": 10 * r + seat})
        lines.append({"label": "Match total", "value": 99 + seat})
        seats.append(tuple(lines))
    return tuple(seats)


def outcome(breakdown, summary: str = "Seat 2 wins 100 to 99.") -> Outcome:
    n = len(breakdown)
    return Outcome(tuple(range(n)), tuple((s,) for s in reversed(range(n))), (n - 1,), breakdown, summary)


def open_results(result: Outcome, names: list[str]) -> tuple:
    app = make_app()
    app.push(TitleScene(app))
    scene = ResultsScene(app, result, names, [0], lambda: None, "lost-cities")
    app.push(scene)
    frames(app, 2)
    return app, scene


def test_summaries_name_seats_instead_of_numbering_them():
    assert named_summary("Seat 2 wins 409 to -292.", ["You", "Ada"]) == "Ada wins 409 to −292."
    assert named_summary("Seat 1 wins 409 to -292.", ["You", "Ada"]) == "You win 409 to −292."
    assert named_summary("Seat 7 wins.", ["You", "Ada"]) == "Seat 7 wins."  # no such seat: left alone
    assert named_summary("Clio wins, landing in 2031.", ["You", "Clio"]) == "Clio wins, landing in 2031."


def test_a_long_breakdown_shows_its_totals_and_offers_details():
    app, scene = open_results(outcome(long_match()), ["You", "Ada"])
    assert scene.summary == "Ada wins 100 to 99."
    for seat, card in scene.card_rects():
        shown, hidden, _ = scene.compact(seat, card)
        assert [line["label"] for line in shown] == ["Round 1 total", "Round 2 total", "Round 3 total", "Match total"]
        assert hidden == 15
    labels = [w.label for w in scene.group.widgets]
    assert labels == ["Play again", "Details", "Back to title"]


def test_a_short_breakdown_shows_every_line_and_no_details_button():
    lines = ({"label": "Slots filled", "value": 7}, {"label": "Ghosts held", "value": 0})
    app, scene = open_results(outcome((lines, lines)), ["You", "Ada"])
    for seat, card in scene.card_rects():
        assert scene.compact(seat, card)[:2] == (list(lines), 0)
    assert "Details" not in [w.label for w in scene.group.widgets]


def test_lost_in_time_labels_fit_six_seats_at_twenty_px_or_more(data_dir):
    import main

    session = main.seeded_session("lost-in-time", 6, 1, finished=True)
    result = session.outcome()
    app, scene = open_results(result, ["You", "Ada", "Basil", "Clio", "Dorian", "Esme"])
    for seat, card in scene.card_rects():
        shown, hidden, inner = scene.compact(seat, card)
        assert hidden == 0, f"seat {seat} lost lines: {result.breakdown[seat]}"
        for line in shown:
            px, rows = rows_of(line, inner)
            assert px >= MIN_LINE_PX and not rows[-1].endswith("…"), line
        assert card.bottom < widget_labelled(scene, "Back to title").rect.top
    assert "Details" not in [w.label for w in scene.group.widgets]


def test_a_label_too_long_for_its_column_wraps_at_twenty_px():
    text = "Disasters on the timeline, counted twice for the sake of a long label"
    px, rows = label_rows(text, 180)
    assert px == MIN_LINE_PX and 1 < len(rows) <= 2 and rows[-1].endswith("…")
    px, rows = label_rows("Total", 180)
    assert px > MIN_LINE_PX and rows == ("Total",)


def test_summary_lines_keep_order_and_fall_back_to_the_last_lines():
    plain = [{"label": f"Line {i}", "value": i} for i in range(30)]
    shown, hidden = summary_lines(plain, 300, 200)
    assert shown == plain[-len(shown):] and hidden == 30 - len(shown) and shown


def every_line_once(details: BreakdownScene) -> None:
    seen: dict[int, list[dict]] = {}
    for page in details.pages:
        for seat, lines in page:
            seen.setdefault(seat, []).extend(lines)
    for seat in details.order:
        assert seen[seat] == list(details.lines_of(seat))


@pytest.mark.parametrize("device", ["keyboard", "gamepad", "mouse", "touch"])
def test_details_pages_through_the_whole_breakdown_with_each_device(device):
    app, scene = open_results(outcome(long_match(rounds=5)), ["You", "Ada"])
    if device in ("mouse", "touch"):
        tap(app, widget_labelled(scene, "Details").rect.center)
    else:
        key(app, pygame.K_RIGHT) if device == "keyboard" else pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        key(app, pygame.K_RETURN) if device == "keyboard" else pad(app, pygame.CONTROLLER_BUTTON_A)
    details = app.scenes.top
    assert isinstance(details, BreakdownScene)
    assert len(details.pages) >= 2
    every_line_once(details)
    for expected in range(1, len(details.pages)):
        if device == "keyboard":
            key(app, pygame.K_e)  # next page
        elif device == "gamepad":
            pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
        elif device == "mouse":
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                                 precise_y=-1.0, touch=False, which=0))
            frames(app, 2)
        else:
            tap(app, widget_labelled(details, "Next ›").rect.center)
        assert details.page == expected
    if device == "keyboard":
        key(app, pygame.K_LEFT)
        assert details.page == len(details.pages) - 2
        key(app, pygame.K_ESCAPE)
    elif device == "gamepad":
        pad(app, pygame.CONTROLLER_BUTTON_B)
    else:
        tap(app, widget_labelled(details, "Close").rect.center)
    assert app.scenes.top is scene


def test_detail_pages_end_after_a_total():
    app, scene = open_results(outcome(long_match(rounds=5)), ["You", "Ada"])
    details = BreakdownScene(app, scene.outcome, scene.names, scene.seat_order())
    for page in details.pages[:-1]:
        for _, lines in page:
            assert not lines or "total" in lines[-1]["label"].lower()


def test_a_cooperative_game_with_one_shared_result_shows_one_card_for_everybody():
    lines = ({"label": "Ending", "value": "Dawn"}, {"label": "Score", "value": 8})
    shared = Outcome((8, 8, 8), ((0, 1, 2),), (0, 1, 2), (lines, lines, lines), "Dawn: score 8.", cooperative=True)
    app, scene = open_results(shared, ["You", "Ada", "Basil"])
    assert [seat for seat, _ in scene.card_rects()] == [0]
    assert scene.card_name(0) == "You, Ada & Basil"
    assert scene.headline == "You made it out!"


def test_without_play_again_back_to_title_is_the_main_button():
    app = make_app()
    app.push(TitleScene(app))
    scene = ResultsScene(app, outcome(long_match()), ["You", "Ada"], [0], None, "lost-cities")
    app.push(scene)
    frames(app, 2)
    assert [w.label for w in scene.group.widgets] == ["Details", "Back to title"]
    assert scene.group.focused.label == "Back to title" and scene.group.focused.primary


def test_places_count_the_seats_ahead_and_say_tied_when_shared():
    """Places count the seats ahead; seats sharing a place on equal scores say "TIED". Time After
    Time ranks only its winner: the others, on different scores, are not "TIED #2" (a 5 beside a 2)
    but "NOT THIS TIME"; on equal scores they are tied."""
    lines = tuple(({"label": "Ghosts held", "value": 0},) for _ in range(3))
    race = Outcome((2, 7, 5), ((1,), (0, 2)), (1,), lines, "Ada filled seven rising hours.")
    _, scene = open_results(race, ["You", "Ada", "Basil"])
    assert [scene.place_word(s) for s in range(3)] == ["NOT THIS TIME", "#1", "NOT THIS TIME"]
    even = Outcome((5, 7, 5), ((1,), (0, 2)), (1,), lines, "Ada filled seven rising hours.")
    _, scene = open_results(even, ["You", "Ada", "Basil"])
    assert [scene.place_word(s) for s in range(3)] == ["TIED #2", "#1", "TIED #2"]
    podium = Outcome((9, 5, 5, 1), ((0,), (1, 2), (3,)), (0,), lines + lines[:1], "You win.")
    _, scene = open_results(podium, ["You", "Ada", "Basil", "Clio"])
    assert [scene.place_word(s) for s in range(4)] == ["#1", "TIED #2", "TIED #2", "#4"]


def test_negative_numbers_take_a_minus_sign_not_a_hyphen():
    assert minus_signs("Ada wins -8 to -157.") == "Ada wins −8 to −157."
    assert minus_signs("(20 - 28) x 2 = -16, 2-6 seats") == "(20 - 28) x 2 = −16, 2-6 seats"
    assert value_text({"label": "Round 1 total", "value": -75}) == "−75"


@pytest.mark.parametrize("local_seats, winners, confetti", [([0], (1,), False), ([0], (0,), True),
                                                            ([], (1,), True), ([0], (), False)])
def test_confetti_only_falls_for_a_win_at_this_screen(local_seats, winners, confetti):
    app = make_app()
    app.push(TitleScene(app))
    result = Outcome((1, 2), ((1,), (0,)), winners, ((), ()), "Seat 2 wins 2 to 1.")
    scene = ResultsScene(app, result, ["You", "Ada"], local_seats, lambda: None, "lost-cities")
    app.push(scene)
    frames(app, 70)  # past the second burst
    assert bool(scene.particles) is confetti


def test_the_results_buttons_are_opaque_over_the_table():
    """Table text showed through 'Details' and 'Back to title' (see-through ink)."""
    app, scene = open_results(outcome(long_match()), ["You", "Ada"])
    button = next(w for w in scene.group.widgets if w.label == "Back to title")
    surface = pygame.Surface((1920, 1080), pygame.SRCALPHA)
    surface.fill((255, 0, 0, 255))
    button.draw(surface, focused=False)
    assert surface.get_at(button.rect.move(30, 0).midleft)[:3] != (255, 0, 0)
    inside = surface.get_at((button.rect.x + 24, button.rect.y + 10))
    assert inside[0] < 40  # no red through the ink (see-through ink let ~60 through)


def test_a_competitive_game_every_seat_won_is_a_draw_not_a_shared_win():
    """A Lost Cities match level on points: "A draw!" over two cards that say DRAW (it said
    "Shared win: Player & Ada" over two WINNERs). Two of three sharing a win is still a shared win."""
    lines = ({"label": "Match total", "value": 40},)
    level = Outcome((40, 40), ((0, 1),), (0, 1), (lines, lines), "A draw at 40.", draw=True)
    app, scene = open_results(level, ["Ann", "Ada"])
    assert scene.headline == "A draw!"
    assert [scene.card_word(s) for s in range(2)] == ["DRAW", "DRAW"]
    shared = Outcome((7, 7, 3), ((0, 1), (2,)), (0, 1), (lines, lines, lines), "Ann and Ada share the win.")
    _, scene = open_results(shared, ["Ann", "Ada", "Basil"])
    assert scene.headline == "Shared win: Ann & Ada" and not scene.is_draw
    assert [scene.card_word(s) for s in range(3)] == ["WINNER", "WINNER", "#3"]


def test_one_person_here_is_you_on_the_cards_and_in_details():
    """Solo, the table and the headline say "You": so do the cards and the Details pages (they said
    the settings name, "Player"); two people at one screen keep their names."""
    app, scene = open_results(outcome(long_match()), ["Player", "Ada"])
    assert scene.card_name(0) == "You" and scene.card_name(1) == "Ada"
    scene.open_details()
    assert app.scenes.top.names == ["You", "Ada"]
    app2 = make_app()
    app2.push(TitleScene(app2))
    both = ResultsScene(app2, outcome(long_match()), ["Ann", "Ben"], [0, 1], lambda: None, "lost-cities")
    assert both.card_name(0) == "Ann"


def test_a_compact_card_keeps_the_lines_after_its_total_when_they_fit():
    """Lost in Time with payment chips: eight lines do not fit, so the card keeps its total, and
    under it what breaks a tie ("Beyond 2031?", the timeline's length) as far as room allows (it
    showed the total alone over "+ 7 more lines")."""
    from game.ui.results import MORE_NOTE_H, line_height

    labels = ["Youngest card", "VIPs (1 × 5)", "Disasters (0 × 10)", "Chip bonus (2 × 1)", "Total",
              "Beyond 2031?", "Timeline length", "Payment chips"]
    lines = [{"label": label, "value": i} for i, label in enumerate(labels)]
    height = MORE_NOTE_H + 3 * line_height(1) + 2  # the total and two lines under it
    shown, hidden = summary_lines(lines, 400, height)
    assert [line["label"] for line in shown] == ["Total", "Beyond 2031?", "Timeline length"]
    assert hidden == 5


def test_years_count_up_from_under_the_lowest_not_from_zero():
    """Lost in Time's totals are years: half-way through the count-up a card read 1705 over its
    'Total 2029' line. Points (Lost Cities) still count from 0."""
    lines = ({"label": "Total", "value": 2029},)
    years = Outcome((2029, 1990), ((0,), (1,)), (0,), (lines, lines), "Ann wins, landing in 2029.")
    _, scene = open_results(years, ["Ann", "Ada"])
    scene.count = 0.0
    assert int(scene._score_text(0)) >= 1900 and int(scene._score_text(1)) >= 1900
    scene.count = 1.0
    assert scene._score_text(0) == "2029"
    _, points = open_results(outcome(long_match()), ["You", "Ada"])
    points.count = 0.0
    assert points._score_text(1) == "0"


def test_a_local_games_results_offer_change_seats_which_opens_its_setup(data_dir):
    """Besides Play again (the same seats), the results of a game at this screen offer Change seats:
    the game's seat setup, to play with other people or bot levels; Back there goes to the title."""
    from game.core.types import GameConfig, SeatConfig
    from game.session import LocalSession
    from game.ui.setup import SeatSetupScene
    from game.ui.tables import table_scene_for

    app = make_app()
    app.push(TitleScene(app))
    config = GameConfig.make("time-after-time", [SeatConfig("bot", "Ada", "easy"), SeatConfig("bot", "Bo", "easy")])
    table = table_scene_for("time-after-time")(app, LocalSession(config, 3, bot_delay=0.0, spectator=True))
    app.push(table)
    for _ in range(6000):
        app.run_frames(1, 1 / 15)
        if isinstance(app.scenes.top, ResultsScene):
            break
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    assert [w.label for w in results.group.widgets] == ["Play again", "Change seats", "Back to title"]
    click(app, results.group.widgets[1].rect.center)
    frames(app, 3)
    assert isinstance(app.scenes.top, SeatSetupScene) and app.scenes.top.game_id == "time-after-time"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TitleScene) and len(app.scenes) == 1
    app.shutdown()


def test_a_story_reached_with_an_apprentices_score_is_told_plainly():
    """The Labyrinth reached "A Silent Storm" at −4 with every favour gone: "You made it out!",
    confetti and ESCAPED TOGETHER. The rulebook calls any ending a completed story, but under 4 (an
    Apprentice's) the screen says "The story is over", THE END, and plays no cheer; 4 and up cheer."""
    lines = ({"label": "Ending", "value": "A Silent Storm"}, {"label": "Score", "value": -4})
    faint = Outcome((-4, -4), ((0, 1),), (0, 1), (lines, lines), "A Silent Storm: score −4.", cooperative=True)
    _, scene = open_results(faint, ["Player", "Ada"])
    assert scene.headline == "The story is over" and scene.card_word(0) == "THE END"
    assert not scene.happy and not scene.celebrating
    assert scene.card_name(0) == "You & Ada"  # one person here with a bot companion
    good = Outcome((6, 6), ((0, 1),), (0, 1), (lines, lines), "Dawn: score 6.", cooperative=True)
    _, scene = open_results(good, ["Player", "Ada"])
    assert scene.headline == "You made it out!" and scene.card_word(0) == "ESCAPED TOGETHER" and scene.happy
