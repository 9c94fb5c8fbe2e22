"""A table that opens on a game already under way (Continue on the title, a screenshot) starts its
log with the recent past, written exactly as a table that watched those moves live wrote it, and
from the same per-seat events, so nothing another seat keeps secret reaches it."""

from __future__ import annotations

import pygame
import pytest

from game.bots.base import make_bot
from game.core.engine import fit_options
from game.core.registry import find_game
from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession
from game.rules.time_after_time import ENGINE as ENGINE_TT
from game.session.local import HISTORY_ACTIONS
from game.ui.tables import table_scene_for
from game.ui.tween import MOTION
from ui_helpers import key, recording_app

NAMES = ["You", "Ada", "Basil", "Clio"]


def new_session(game: str, seats: int, seed: int) -> LocalSession:
    people_and_bots = [SeatConfig("human", NAMES[0])] + [SeatConfig("bot", NAMES[i], "expert") for i in range(1, seats)]
    options = {option.name: option.default for option in find_game(game).options}
    options, _ = fit_options(find_game(game).options, [seat.kind for seat in people_and_bots], options)
    config = GameConfig.make(game, people_and_bots, **options)  # the Labyrinth with a bot: in turns
    return LocalSession(config, seed, bot_delay=0.0)


def play_on(session: LocalSession, human_moves: int, seed: int) -> None:
    """The person at seat 0 plays like an expert (no hand reorders); bots answer inline."""
    engine = session.engine
    player = make_bot(session.game_id, "expert", engine, 0, seed)
    for _ in range(human_moves):
        for _ in range(500):
            if session.is_over() or 0 in engine.active_seats(session.state):
                break
            session.run_bots_until_human(1)
        if session.is_over():
            return
        legal = [a for a in engine.legal_actions(session.state, 0) if a.kind != "reorder"]
        if not legal:
            return
        session.submit(player.choose(engine.view(session.state, 0), legal))


def test_recent_moves_are_the_events_each_seat_was_sent_for_the_last_actions():
    session = new_session("time-after-time", 3, 11)
    sent: list[tuple[int, tuple]] = []
    for _ in range(12):
        play_on(session, 1, 11)
        sent += [(u.version, u.events) for u in session.poll() if u.seat == 0 and u.events]
    version = session.version
    assert version > HISTORY_ACTIONS
    resumed = LocalSession(session.config, 11, bot_delay=0.0, actions=list(session.actions))
    recent = [(v, events) for v, events in sent if v > version - HISTORY_ACTIONS]
    assert resumed.recent_moves(0, version + 1) == tuple(recent)
    # the live session remembers the same, and "before a version" leaves that version out
    assert session.recent_moves(0, version + 1) == resumed.recent_moves(0, version + 1)
    assert resumed.recent_moves(0, version) == tuple((v, events) for v, events in recent if v < version)
    assert resumed.recent_moves(1, version + 1) != resumed.recent_moves(0, version + 1)  # per seat


@pytest.mark.parametrize("game,seats", [("lost-cities", 2), ("lost-in-time", 3), ("time-after-time", 3),
                                        ("labyrinth", 2)])
def test_a_table_opened_on_a_game_under_way_logs_what_a_live_table_logged(data_dir, game, seats):
    seed = 3
    with recording_app() as app:
        MOTION.speed = 8.0
        session = new_session(game, seats, seed)
        factory = table_scene_for(game)
        live = factory(app, session)
        app.clear_to(live)
        play_on(session, 14, seed)
        for _ in range(6000):
            app.run_frames(1, 1 / 15)
            if app.scenes.top is not live:
                key(app, pygame.K_RETURN)  # a sheet over the table (the Labyrinth's intro) is read
            if not live.animating and live.shown is not None and live.shown.version == session.version:
                break
        assert live.shown.version == session.version, "the live table never caught up"
        live_log = list(live.log)

        resumed = LocalSession(session.config, seed, bot_delay=0.0, actions=list(session.actions))
        opened = factory(app, resumed)
        app.clear_to(opened)
        app.run_frames(2, 1 / 60)
        resumed_log = list(opened.log)
        # where the moves end, these two tables say where the game stands
        if game == "labyrinth":
            assert resumed_log[-1] == "The adventure goes on where you left it."
            resumed_log = resumed_log[:-1]
        if game == "time-after-time":
            assert resumed_log[-1] == f"Turn {ENGINE_TT.view(resumed.state, 0)['turn_number']}: your turn."
            resumed_log = resumed_log[:-1]
        assert len(resumed_log) >= 5
        assert live_log[-len(resumed_log):] == resumed_log


def test_a_companion_that_leaves_the_way_out_to_you_says_so_in_the_story(data_dir):
    """In turns with a bot companion, at the story's way out the bot passes its turn once so the
    person takes the last step; the story (not the log, which a table opened later could not
    rebuild) tells the person why Ada did nothing."""
    seed = 3
    with recording_app() as app:
        MOTION.speed = 8.0
        session = new_session("labyrinth", 2, seed)
        live = table_scene_for("labyrinth")(app, session)
        app.clear_to(live)
        play_on(session, 14, seed)
        for _ in range(6000):
            app.run_frames(1, 1 / 15)
            if app.scenes.top is not live:
                key(app, pygame.K_RETURN)
            if not live.animating and live.shown is not None and live.shown.version == session.version:
                break
        told = [block.text for page in live.journal.pages for block in page.blocks
                if block.text.startswith("Ada leaves the way out to you")]
        assert told == ["Ada leaves the way out to you: taking it ends the adventure."]
        assert not any("leaves the way out" in line for line in live.log)
