"""A TV game with a pad each, continued: the autosave keeps which numbered pad each seat claimed
("Pad 2"), and Continue gives each person their pad back (a playtest found every pad playing every
seat after Continue). A pad not plugged in leaves its seat shared, and the people are told."""

from __future__ import annotations

import pygame

from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession, read_save, resume
from game.session.saves import SaveGame, saved_pads
from game.session.storage import data_dir
from game.ui.tables import table_scene_for
from game.ui.title import TitleScene
from ui_helpers import frames, make_app

ANN_PAD, BEN_PAD = 71, 72


def test_the_pads_round_trip_through_the_save_and_bad_ones_read_as_none():
    config = GameConfig.make("time-after-time", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben")])
    save = SaveGame(config, 3, [], "h", "s", {0: 1, 1: 2})
    assert SaveGame.from_wire(save.to_wire()).pads == {0: 1, 1: 2}
    assert "pads" not in SaveGame(config, 3, [], "h").to_wire()  # no claims: the save is as before
    for bad in ("x", [[0]], [[0, "1"]], [[True, 1]], [[0, -1]], [[0, 1]] * 65):
        assert saved_pads(bad) == {}


def play_one_move_with_pads(pads: dict[int, int]) -> None:
    """Ann and Ben at one TV, each with a claimed pad; one move is made, so the autosave is written."""
    app = make_app()
    app.push(TitleScene(app))
    for instance in (ANN_PAD, BEN_PAD):
        app.input.pad_number(instance)  # Pad 1, Pad 2
    config = GameConfig.make("time-after-time", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben")])
    session = LocalSession(config, 5, autosave=data_dir() / "autosave.tt", bot_delay=0.0)
    table = table_scene_for("time-after-time")(app, session)
    table.seat_pads = dict(pads)
    app.push(table)
    frames(app, 3)
    seat = session.latest(None).active[0] if session.latest(None) else 0
    view = session.latest(seat)
    session.submit(view.legal[0])
    frames(app, 3)
    app.shutdown()


def test_continue_gives_each_person_their_pad_back(data_dir):
    play_one_move_with_pads({0: ANN_PAD, 1: BEN_PAD})
    path = data_dir / "autosave.tt"
    assert read_save(path).pads == {0: 1, 1: 2}
    app = make_app()
    app.push(TitleScene(app))
    ann_now, ben_now = 90, 91  # the same pads, plugged in again: new instance ids, same numbers
    app.input.pad_number(ann_now)
    app.input.pad_number(ben_now)
    app.scenes.top.continue_game()
    frames(app, 3)
    table = app.scenes.top
    assert table.seat_pads == {0: ann_now, 1: ben_now}
    assert table.pad_label(0) == "Pad 1" and table.pad_label(1) == "Pad 2"  # what each curtain says
    app.shutdown()


def test_a_pad_not_plugged_in_leaves_its_seat_shared_and_says_so(data_dir):
    play_one_move_with_pads({0: ANN_PAD, 1: BEN_PAD})
    app = make_app()
    app.push(TitleScene(app))
    app.input.pad_number(95)  # only one pad today: Pad 1
    app.scenes.top.continue_game()
    frames(app, 3)
    table = app.scenes.top
    assert table.seat_pads == {0: 95}
    assert any("Ben's Pad 2 is not plugged in" in t.text for t in app.toasts.items)
    assert resume(data_dir / "autosave.tt").pad_numbers == {0: 1, 1: 2}  # the save keeps both until a move
    app.shutdown()
