"""Session 15 lead's checks: one reader of seconds for every subcommand."""

from __future__ import annotations

import argparse

import pytest

import main
from game.core.arguments import seconds_type
from net import serve


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "-1", "soon", ""])
def test_both_seconds_types_refuse_what_is_not_a_finite_time(text: str) -> None:
    for reader in (main.positive_seconds, serve.seconds):
        with pytest.raises(argparse.ArgumentTypeError, match="expected a number of seconds"):
            reader(text)


def test_zero_is_a_grace_but_not_a_budget() -> None:
    assert serve.seconds("0") == 0.0
    with pytest.raises(argparse.ArgumentTypeError, match="above 0, not 0"):
        main.positive_seconds("0")
    assert main.positive_seconds("2.5") == seconds_type(zero_allowed=True)("2.5") == 2.5


def test_a_seat_token_file_that_is_a_pipe_or_too_deep_is_ignored_not_waited_on(tmp_path) -> None:
    """A FIFO named lan-tokens.json hung the LAN lobby for ever; a deeply nested one raised
    RecursionError out of the seat picker."""
    import os

    from net.seat_tokens import SeatTokens

    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    assert SeatTokens(pipe).all() == []  # returns at once (a read would block: no writer)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert SeatTokens(deep).all() == []
    assert SeatTokens(tmp_path / "missing.json").all() == []


def test_read_json_file_refuses_what_is_not_a_small_regular_file(tmp_path) -> None:
    import os

    from game.session.storage import MAX_JSON_BYTES, read_json_file

    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(ValueError, match="not a regular file"):
        read_json_file(tmp_path / "fifo")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_JSON_BYTES + 1))
    with pytest.raises(ValueError, match="too large"):
        read_json_file(big)
    with pytest.raises(OSError):
        read_json_file(tmp_path)  # a folder
    (tmp_path / "ok.json").write_text('{"a": 1}')
    assert read_json_file(tmp_path / "ok.json") == {"a": 1}


def test_the_lan_host_setup_gives_a_long_option_value_two_rows_on_a_small_window(data_dir) -> None:
    """The host's options were fixed 104 px boxes: at 1024x768 a long value ("The Lamplighter's
    Vault (tutorial)") shrank to about 11 px. They take the seat setup's height now."""
    from game.ui.lobby_host import HostSetupScene
    from game.ui.setup import OPTION_H, option_height
    from game.ui.title import TitleScene
    from ui_helpers import frames, make_app

    app = make_app((1024, 768))
    try:
        app.push(TitleScene(app))
        scene = HostSetupScene(app)
        app.push(scene)
        for game_id in scene.games:
            scene.set_game(game_id)
            frames(app, 2)
            options = [w for w in scene.group.widgets if type(w).__name__ == "OptionCycler" and w.rect.left >= 1300]
            start = next(w for w in scene.group.widgets if getattr(w, "label", "") == "Open the table")
            assert options and all(w.rect.height == option_height() > OPTION_H for w in options), game_id
            assert max(w.rect.bottom for w in options) < start.rect.top, game_id
    finally:
        app.shutdown()


def test_three_on_2031_the_winners_herald_names_the_rival_the_deciding_tie_break_beat(data_dir) -> None:
    """Ben (one card), Cat (two, no chips) and Dan (two, two chips) all land on 2031: Dan wins on
    payment chips against Cat (ruling LT-10). The herald said 'Tied on 2031 with Ben: the longer
    timeline wins' (the first seat on the year), while the log said chips; it now reads the engine's
    game_over decided_by / tied_with."""
    from game.core import Action
    from test_lost_in_time import arrange, card
    from test_ui_table_lost_in_time import make_session, table_for
    from ui_helpers import recording_app

    with recording_app() as app:
        session = make_session(4, 5)
        state = session.state
        state["dealer"], state["final_round"], state["direction"] = 0, True, "past"
        arrange(state, hands=[[card(-776)], [], [], []],
                timelines=[[card(1492), card(1776)], [card(2011)], [card(800), card(2001)],
                           [card(1517), card(2021)]])
        state["turn"], state["phase"], state["turn_index"] = 0, "action", 3
        scene = table_for(app, session)
        app.run_frames(60, 1 / 15)
        session.submit(Action.make(0, "pass"))
        app.run_frames(30, 1 / 15)
        session.submit(Action.make(0, "place", card=card(-776)))
        for _ in range(200):
            app.run_frames(1, 1 / 15)
            if scene.heralds and scene.heralds[-1].title.endswith("WINS"):
                break
        herald = scene.heralds[-1]
        assert herald.title == "DAN WINS"
        assert herald.line == "Tied on 2031 with Cat, timelines as long: more payment chips win (2 to 0)."


def test_nobody_wins_says_when_a_timeline_ended_empty() -> None:
    """Ruling LT-10: an empty timeline has no total and cannot win; 'Every timeline went beyond 2031'
    was wrong for it."""
    from game.ui.table_lost_in_time import LostInTimeTable

    assert LostInTimeTable.nobody_reason([2100, 2050]) == "Every timeline went beyond 2031."
    assert LostInTimeTable.nobody_reason([2100, None]) == "Every timeline went beyond 2031 or ended empty."
    assert LostInTimeTable.nobody_reason([None, None]) == "Every timeline ended empty."
    assert LostInTimeTable.nobody_reason(None) == "Every timeline went beyond 2031."


def test_the_labyrinths_slides_to_the_discard_pile_take_a_moves_time(data_dir, monkeypatch) -> None:
    """ART.md: moves take 180-260 ms. A read card and a spent item slid to the discard pile in 300 ms."""
    from game.bots.labyrinth import Advisor
    from game.rules.labyrinth import ENGINE
    from game.ui.labyrinth_layout import DISCARD_POS
    from game.ui.sprites import CardSprite
    from game.ui.tween import MOTION
    from test_labyrinth_hints import open_table, ready, solo

    slides: list[float] = []
    real = CardSprite.slide_to

    def recording(self, pos, seconds=0.24, *args, **kwargs):
        if tuple(pos) == tuple(DISCARD_POS):
            slides.append(seconds)
        return real(self, pos, seconds, *args, **kwargs)

    monkeypatch.setattr(CardSprite, "slide_to", recording)
    app, table, session = open_table(solo())
    try:
        app.settings.reduced_motion = False
        app.apply_motion()
        ready(app, table)
        advisor = Advisor(0, "master", 1)
        for _ in range(40):
            state = session.state
            if ENGINE.is_over(state) or len(slides) >= 2:
                break
            advice = advisor.advise(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
            advisor.played(advice.action)
            session.submit(advice.action)
            for _ in range(240):
                app.step(1 / 60)
                if not table.animating:
                    break
        assert slides, "no card went to the discard pile in the tutorial"
        assert all(0.18 <= seconds <= 0.26 for seconds in slides), slides
    finally:
        MOTION.reduced = False
        app.shutdown()


def test_toasts_in_the_lan_waiting_room_keep_off_its_heading_and_buttons(data_dir) -> None:
    """The waiting room's toasts sat at the top centre over the table's name; across the whole footer
    two of them covered the foot of "Leave the table". They rise under the seats now."""
    from game.ui.lobby_room import WaitingRoomScene
    from game.ui.title import TitleScene
    from net.client import RemoteSession
    from net.host import start_host
    from ui_helpers import frames, make_app, step_until

    handle = start_host("labyrinth", "open,open,open", address="127.0.0.1", port=0, bot_delay=0.0,
                        table_name="Grandma's big kitchen table upstairs")
    app = make_app((1024, 768))
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    try:
        app.push(TitleScene(app))
        frames(app, 2)
        room = WaitingRoomScene(app, ann)
        app.push(room)
        step_until(app, lambda: ann.ready and ann.table is not None)
        app.toast("Virtual Controller connected: Pad 2")
        app.toast("Sam joined the table and sits in seat 2.", "good")
        frames(app, 30)
        plates = [rect for _, _, rect in app.toasts.placements(app.canvas.get_size())]
        assert len(plates) == 2
        for plate in plates:
            assert plate.top > 240  # below the heading and its subtitle
            for widget in room.group.widgets:
                assert not plate.colliderect(widget.rect), getattr(widget, "label", widget)
    finally:
        ann.close()
        app.shutdown()
        handle.stop()


def test_a_reshuffle_at_a_rounds_deal_is_told_in_the_rounds_herald_not_over_it(data_dir) -> None:
    """Ruling LT-9: the pile runs out as a new round is dealt. "THE DRAW PILE IS RESHUFFLED" floated
    over the "ROUND 14" herald, itself over the piles; the herald now says it in its line."""
    from game.core.types import Event
    from game.ui import table_lost_in_time as lit
    from test_ui_table_lost_in_time import make_session, settle, table_for
    from ui_helpers import recording_app

    with recording_app() as app:
        scene = table_for(app, make_session(3, 5))
        settle(app, scene)
        scene.herald("ROUND 14", "To the past  \u00b7  You deal", lit.P.IVORY)
        scene.bubbles = []
        scene._on_reshuffle(Event.make("reshuffle", None, count=40))
        assert scene.heralds[-1].line.endswith("Pile reshuffled")
        assert not [b for b in scene.bubbles if "RESHUFFLED" in b.text]
        scene.heralds = []  # mid-round, with no herald up: the bubble over the piles as before
        scene._on_reshuffle(Event.make("reshuffle", None, count=12))
        assert [b.text for b in scene.bubbles if b.seat == -1] == ["THE DRAW PILE IS RESHUFFLED"]

