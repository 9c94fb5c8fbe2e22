"""Hot seat with a bot between two people: once a person's turn is over and a bot
plays, that person's hand lies face down (before, it stayed face up while the next person, already
at the screen, watched the bot play); it is face up again for its owner's turn."""

from __future__ import annotations

import pytest

from game.bots.base import make_bot
from game.core.registry import find_game
from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.table_lost_in_time import LostInTimeTable
from game.ui.table_time_after_time import TimeAfterTimeTable
from ui_helpers import recording_app


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        application.settings.animation_speed = 4.0
        application.apply_motion()
        application.draw = lambda alpha: None  # what is face up is read from the sprites
        yield application


def hand_of(scene) -> list:
    if isinstance(scene, TimeAfterTimeTable):
        return list(scene.hands.get(scene.viewer, []))
    keys = scene.board.hands[scene.viewer] if scene.board is not None else []
    return [scene.sprites[k] for k in keys if k in scene.sprites and not k.startswith("back-")]


@pytest.mark.parametrize("game, factory", [("time-after-time", TimeAfterTimeTable),
                                           ("lost-in-time", LostInTimeTable)])
def test_a_hand_lies_face_down_while_a_bot_plays_between_two_people(app, game, factory):
    config = GameConfig.make(game, [SeatConfig("human", "Ann"), SeatConfig("bot", "Bea", "easy"),
                                    SeatConfig("human", "Cat")])
    session = LocalSession(config, 6, bot_delay=0.0)
    scene = factory(app, session)
    app.clear_to(scene)
    people = {seat: make_bot(game, "easy", find_game(game), seat, 3) for seat in (0, 2)}
    veiled_checks = open_checks = 0
    bot_frames = 0
    for _ in range(3000):
        app.run_frames(1, 1 / 30)
        if scene.curtain_seat is not None:
            scene.lift_curtain()
            continue
        if scene.results_shown or (veiled_checks >= 3 and open_checks >= 3):
            break
        shown = scene.shown
        if shown is not None and shown.outcome is None and shown.active == (1,) and scene.viewer in (0, 2):
            bot_frames += 1
            if bot_frames % 6 == 0 and not any(s._flip_pending for s in hand_of(scene)):
                assert hand_of(scene) and not any(s.face_up for s in hand_of(scene)), scene.name_of(scene.viewer)
                veiled_checks += 1
        if scene.can_act:
            app.run_frames(6, 1 / 30)
            if scene.can_act:
                assert all(s.face_up for s in hand_of(scene)), scene.name_of(scene.viewer)
                open_checks += 1
                scene.submit(people[scene.viewer].choose(scene.view, list(scene.legal)))
    assert veiled_checks >= 3 and open_checks >= 3, (veiled_checks, open_checks)


def test_a_solo_hand_stays_face_up_while_the_bots_play(app):
    config = GameConfig.make("time-after-time", [SeatConfig("human", "Ann"), SeatConfig("bot", "Bea", "easy"),
                                                 SeatConfig("bot", "Cy", "easy")])
    scene = TimeAfterTimeTable(app, LocalSession(config, 6, bot_delay=0.0))
    app.clear_to(scene)
    app.run_frames(10, 1 / 30)
    assert not scene.hand_veiled()


def test_a_card_a_bot_steals_from_a_face_down_hand_does_not_turn_up_on_its_way(app):
    from game.core.types import Event

    config = GameConfig.make("lost-in-time", [SeatConfig("human", "Ann"), SeatConfig("bot", "Bea", "easy"),
                                              SeatConfig("human", "Cat")])
    scene = LostInTimeTable(app, LocalSession(config, 6, bot_delay=0.0))
    app.clear_to(scene)
    people = {seat: make_bot("lost-in-time", "easy", find_game("lost-in-time"), seat, 3) for seat in (0, 2)}
    for _ in range(2000):
        app.run_frames(1, 1 / 30)
        if scene.curtain_seat is not None:
            scene.lift_curtain()
        elif scene.hand_veiled():
            break
        elif scene.can_act:
            scene.submit(people[scene.viewer].choose(scene.view, list(scene.legal)))
    assert scene.hand_veiled()
    victim = scene.viewer
    card = next(k for k in scene.board.hands[victim] if not k.startswith("back-"))
    scene._on_steal(Event.make("steal", None, seat=1, target=victim, card=card))
    stolen = scene.board.hands[1][-1]
    assert stolen.startswith("back-") and not scene.sprites[stolen].face_up


def test_the_first_person_gets_a_curtain_even_when_a_bot_moves_first(app):
    """Two people and a bot at one screen, the bot first: the first person's turn came with no
    "Pass to …" curtain (only a game that began on a person's turn raised one), so everyone at the
    screen saw that hand. The first person takes the screen behind a curtain either way."""
    engine = find_game("lost-in-time")
    for seed in range(1, 60):
        config = GameConfig.make("lost-in-time", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben"),
                                                  SeatConfig("bot", "Cat", "easy")])
        if engine.active_seats(engine.new_game(config, seed)) == [2]:
            break
    session = LocalSession(config, seed, bot_delay=0.0)
    scene = LostInTimeTable(app, session)
    app.clear_to(scene)
    for _ in range(600):
        app.run_frames(1, 1 / 15)
        if scene.curtain_seat is not None or scene.can_act:
            break
    assert scene.curtain_seat in (0, 1) and not scene.can_act
