"""The Lost Cities table: the log over a whole round stays readable (whole entries,
never a stray "(0 left)" cut from the one above), and a table opened on a game whose round has just
ended (Continue after leaving during the scoring panel) shows that round's scores first."""

from __future__ import annotations

import pygame

from game.core.types import SeatConfig
from game.ui.table_lost_cities import LOG_ROWS, LostCitiesTable
from test_lost_cities_table_findings import app, lay_and_draw_from_deck, my_turn, open_table, run, short_session  # noqa: F401


def test_the_log_shows_whole_entries_with_the_newest_two_bright(app):
    session = short_session([SeatConfig("human", "Alexandrina Long"), SeatConfig("bot", "Bartholomew Kent", "easy")], 5)
    table = open_table(app, session)
    run(app, 3)
    table.log[:] = [f"Bartholomew Kent drew from the deck ({n} left)" for n in range(20, 0, -1)]
    table.add_log("Round 2: Ada starts")  # one line: eight lines would start inside the entry above
    width = 260
    rows = table.log_rows(width)
    assert len(rows) <= LOG_ROWS
    texts = [line for line, _ in rows]
    # each entry wraps to two lines here: only whole pairs are kept, the top one starts an entry
    assert texts[0].startswith("Bartholomew Kent"), texts
    assert "(0 left)" not in texts[0] and not texts[0].startswith("(")
    assert len(rows) == 7
    assert [lit for _, lit in rows] == [False] * 4 + [True] * 3, rows  # the newest two entries, all their lines


def test_a_table_opened_just_after_a_round_ended_shows_its_scores(app):
    session = short_session([SeatConfig("human", "You"), SeatConfig("bot", "Ada", "easy")], 5, deck_left=1)
    table = open_table(app, session)
    for _ in range(3):
        if table.scoring is not None:
            break
        my_turn(app, table)
        lay_and_draw_from_deck(app, table)
        for _ in range(200):
            run(app)
            if table.scoring is not None or table.can_act:
                break
    assert table.scoring is not None and table.scoring.round == 1
    scores = list(table.scoring.scores)
    run(app, 30)  # the bot may already have played on in round 2 behind the panel
    # the player leaves here; Continue opens a fresh table on the same game
    again = LostCitiesTable(app, session)
    app.scenes.scenes[-1] = again
    again.app = app
    again.enter()
    assert again.scoring is not None and again.scoring.round == 1 and again.scoring.scores == scores
    assert again.board is not None and again.board.round == 2
    run(app, 400)
    assert again.scoring is not None and again.scoring.counted  # it waits for the person, as live
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    run(app, 3)
    assert again.scoring is None


def test_once_the_person_played_on_a_reopened_table_shows_no_old_scores(app):
    session = short_session([SeatConfig("human", "You"), SeatConfig("bot", "Ada", "easy")], 5, deck_left=1)
    table = open_table(app, session)
    for _ in range(400):
        run(app)
        if table.scoring is not None and table.scoring.counted:
            table.close_scoring()
        if table.board is not None and table.board.round == 2 and table.can_act:
            break
        if table.can_act:
            my_turn(app, table)
            lay_and_draw_from_deck(app, table)
    assert table.board.round == 2
    my_turn(app, table)
    lay_and_draw_from_deck(app, table)
    run(app, 10)
    again = LostCitiesTable(app, session)
    app.scenes.scenes[-1] = again
    again.app = app
    again.enter()
    assert again.scoring is None
