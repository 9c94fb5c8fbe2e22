"""The Time After Time table's rarer moments.

- A table opened part-way through a turn (Continue after leaving with a drawn card still to place)
  logs the game's start once, first (on the first turn the start line came again under the draw).
- The line over the pick fan names who drew the last card, not a bare "09H00 - nine hours".
- Within one move every announcement stays up a reading time, also with reduced motion.
- The log names players as the table does (a LAN table's engine knows the host's names).
"""

from __future__ import annotations

import pytest

from test_ui_table_time_after_time import make_session, table_for
from ui_helpers import recording_app


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        yield application


def draw_that_waits_to_be_placed(humans: int, seats: int):
    """A session whose person to move has drawn a Time card that waits to be placed."""
    for seed in range(1, 80):
        session = make_session(seats, seed, humans=humans)
        session.run_bots_until_human()
        seat = session.state["turn"]
        latest = session.latest(seat)
        draws = [a for a in latest.legal if a.kind == "draw"] if latest is not None else []
        for draw in draws:
            trial = make_session(seats, seed, humans=humans)
            trial.run_bots_until_human()
            trial.submit(draw)
            if trial.state["pending"] is not None:
                session.close()
                return trial
        session.close()
    raise AssertionError("no seed draws a card to place")


@pytest.mark.parametrize("humans, seats", [(2, 2), (1, 3), (4, 4)])
def test_a_table_opened_with_a_drawn_card_to_place_logs_the_start_once_and_the_draw_last(app, humans, seats):
    session = draw_that_waits_to_be_placed(humans, seats)
    scene = table_for(app, session)
    app.run_frames(3, 1 / 15)
    starts = [line for line in scene.log if line.endswith("the game.")]
    assert len(starts) <= 1, scene.log
    if starts:
        assert scene.log[0] == starts[0], scene.log
    assert any(" drew " in line for line in scene.log[-2:]), scene.log


def test_the_line_over_the_pick_fan_says_who_drew_the_last_card_not_a_bare_hour(app):
    """A bot's draw is announced as "09H00 - nine hours": shown alone above the next person's fan of
    face-down cards, it read as the name of the card under the focus."""
    from game.core.types import Event

    session = make_session(3, 4)
    scene = table_for(app, session)
    for _ in range(400):
        app.run_frames(1, 1 / 15)
        if scene.can_act and scene.picking:
            break
    assert scene.picking
    bot, victim = 2, 0
    card = next(c for c in session.state["hands"][victim] if not c.startswith("tt-ghost"))
    hour = int(card.split("-")[1])
    scene._on_draw(Event.make("draw", None, seat=bot, from_seat=victim, position=0, card=card,
                              name=scene.name_of(bot), from_name=scene.name_of(victim)))
    for _ in range(20):
        scene.update_table(1 / 30)
        if scene.heralds:
            break
    assert scene.heralds
    text, _ = scene.fan_line()
    assert text == f"{scene.name_of(bot)} drew {hour:02d}H00 from you.", text
    for _ in range(200):
        scene.update_table(1 / 30)
    assert scene.fan_line()[0].startswith("Pick a card from")


def test_with_reduced_motion_every_announcement_stays_up_long_enough_to_read(app):
    """Reduced motion cuts moves to a blink, and a Ghost, a kept card or the pile's refill came in
    one update: each herald replaced the last within a frame or two ("A GHOST!" for 0.07 s), and the
    draw's own herald, due mid-flip, came after the keep it led to. Reading time is MOTION.wait.
    (Between moves the bots' pause gives the time.)"""
    from game.bots.time_after_time import BOTS
    from game.rules.time_after_time import ENGINE
    from game.ui.table_time_after_time import HERALD_READ_SECONDS

    app.settings.reduced_motion = True
    app.apply_motion()
    app.draw = lambda alpha: None  # only the table's clock matters here
    session = make_session(3, 4)
    scene = table_for(app, session)
    chooser = BOTS["easy"](ENGINE, 0, 5)
    shown: list[list] = []  # [title, seconds on top]
    clock = 0.0
    for _ in range(3000):
        app.run_frames(1, 1 / 30)
        clock += 1 / 30
        top = scene.heralds[-1] if scene.heralds else None
        if top is not None:
            if not shown or shown[-1][0] is not top:
                shown.append([top, 0.0])
            shown[-1][1] += 1 / 30
        if scene.results_shown or len(shown) > 40:
            break
        if scene.can_act:
            scene.submit(chooser.choose(scene.view, list(scene.legal)))
    assert len(shown) > 10
    # within one move (a draw, the card leaving the game, the refill): each stays up to be read
    chained = [(h.title, round(t, 2)) for (h, t), (after, _) in zip(shown, shown[1:]) if h.version == after.version]
    assert len(chained) >= 3, chained
    short = [(title, t) for title, t in chained if t < HERALD_READ_SECONDS - 0.05]
    assert not short, short
    titles = [h.title for h, _ in shown]
    for i, title in enumerate(titles):
        if title.startswith("CAN ANYONE PLACE"):
            hour = title.split()[-1].rstrip("?")
            assert any(hour in t for t in titles[max(0, i - 2):i]), titles[max(0, i - 2): i + 1]  # the draw first


def test_the_log_names_players_as_the_table_does_not_as_the_engine_was_told(app):
    """At a LAN table the engine's names are the host's ("Seat 3", a bot's "Ada"); the panels and
    heralds use the players' names, and the log said "Seat 3 drew 08H00 from Ada" beside them."""
    from game.core.types import Event

    session = make_session(3, 4, humans=2)
    scene = table_for(app, session)
    app.run_frames(2, 1 / 15)
    scene.seat_names = ["Alexandrina Long", "Bot Bea", "Constantinopolis"]
    draw = Event.make("draw", None, seat=2, from_seat=1, position=0, card="tt-08-a", name="Seat 3", from_name="Ada")
    assert scene.describe(draw) == "Constantinopolis drew 08H00 from Bot Bea"
    win = Event.make("game_over", None, winner=None, reason="empty_hand")
    assert scene.describe(win).startswith("The game is over: a tie")
    keep = Event.make("keep", None, seat=2, card="tt-08-a", reason="someone_could_place", name="Seat 3")
    assert scene.describe(keep).startswith("Constantinopolis kept 08H00")
