"""A gamepad per person at a TV: a pad takes a seat on the setup screen (with a "Pad N" badge), and
at the table that seat's turns and its "Pass to" curtain take only that pad (or the shared keyboard,
mouse and touch); unbound pads and seats work as before, and an unplugged pad frees its seat."""

from __future__ import annotations

import pygame
import pytest

import highcard  # noqa: F401 - registers the test engine
from game.core import Action, GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.input import InputMapper, Intent
from game.ui.pause import PauseOverlay
from game.ui.settings import Settings
from game.ui.setup import SeatPadButton, SeatSetupScene
from game.ui.tables import register_table, unregister_table
from game.ui.title import TitleScene
from test_ui_table import HighCardTable, run_until
from ui_helpers import frames, key, make_app

A = pygame.CONTROLLER_BUTTON_A
ANN_PAD, BEN_PAD, SPARE_PAD = 21, 22, 23  # SDL instance ids: any ints, not 0/1/2


@pytest.fixture(autouse=True)
def highcard_table(data_dir):
    register_table("highcard", HighCardTable)
    yield HighCardTable
    unregister_table("highcard")


def press(app, button: int, instance: int, settle: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=instance))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=instance))
    frames(app, settle)


def unplug(app, instance: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance))
    frames(app, 2)


def toasts(app) -> list[str]:
    return [toast.text for toast in app.toasts.items]


def pad_buttons(setup: SeatSetupScene) -> list[SeatPadButton]:
    return [w for w in setup.group.widgets if isinstance(w, SeatPadButton)]


def two_person_setup(fake_pads: bool = True):
    app = make_app()
    app.push(TitleScene(app))
    setup = SeatSetupScene(app, "highcard")
    app.push(setup)
    frames(app, 2)
    setup.names[:2] = ["Ann", "Ben"]
    for instance in (ANN_PAD, BEN_PAD) if fake_pads else ():
        app.input.pad_number(instance)  # both pads plugged in (posted presses do not open a device)
    setup.set_who(1, "human")
    return app, setup


def hot_seat_table(pads: dict[int, int]):
    """Ann (seat 0) and Ben (seat 1) at one screen; `pads` seat -> pad instance id."""
    app = make_app()
    app.push(TitleScene(app))
    config = GameConfig.make("highcard", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben")])
    session = LocalSession(config, 4, bot_delay=0)
    table = HighCardTable(app, session)
    for pad in (ANN_PAD, BEN_PAD, SPARE_PAD):
        app.input.pad_number(pad)  # these pads are plugged in: Pad 1, 2, 3
    table.seat_pads = dict(pads)
    app.push(table)
    frames(app, 2)
    return app, table, session


def test_intents_say_which_pad_pressed_even_when_held():
    pygame.init()
    mapper = InputMapper(Settings())
    ev = pygame.event.Event
    out = mapper.feed([ev(pygame.CONTROLLERBUTTONDOWN, button=A, instance_id=ANN_PAD),
                       ev(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_DPAD_DOWN, instance_id=BEN_PAD),
                       ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])
    assert [(i.kind, i.device, i.pad) for i in out] == [("confirm", "gamepad", ANN_PAD), ("down", "gamepad", BEN_PAD),
                                                        ("confirm", "keyboard", None)]
    repeats = [i for _ in range(60) for i in mapper.update(1 / 120)]
    assert repeats and all(i.kind == "down" and i.pad == BEN_PAD for i in repeats)  # a held d-pad is still Ben's
    assert (mapper.pad_label(ANN_PAD), mapper.pad_label(BEN_PAD)) == ("Pad 1", "Pad 2")  # in the order first seen
    mapper.feed([ev(pygame.CONTROLLERDEVICEREMOVED, instance_id=BEN_PAD)])
    assert not mapper.pad_present(BEN_PAD) and mapper.pad_label(SPARE_PAD) == "Pad 2"  # the freed number
    assert Intent("confirm").pad is None  # everything that builds intents without a pad is unchanged


def test_a_pad_takes_a_seat_shows_its_badge_and_lets_it_go():
    app, setup = two_person_setup()
    ann, ben = pad_buttons(setup)
    assert (ann.label, ann.sub) == ("Any pad", "Press A to take")
    setup.group.set_focus(ann)
    press(app, A, ANN_PAD)
    setup.group.set_focus(pad_buttons(setup)[1])
    press(app, A, BEN_PAD)
    assert setup.seat_pads == {0: ANN_PAD, 1: BEN_PAD}
    assert [b.label for b in pad_buttons(setup)] == ["Pad 1", "Pad 2"]  # the badges
    assert "Pad 2 plays Ben's seat." in toasts(app)
    setup.group.set_focus(pad_buttons(setup)[0])
    press(app, A, BEN_PAD)  # Ben's pad cannot take Ann's held seat
    assert setup.seat_pads == {0: ANN_PAD, 1: BEN_PAD}
    assert any("Pad 1 holds Ann's seat" in text for text in toasts(app))
    press(app, A, ANN_PAD)  # Ann's pad lets it go
    assert setup.seat_pads == {1: BEN_PAD} and pad_buttons(setup)[0].label == "Any pad"
    setup.group.set_focus(pad_buttons(setup)[1])
    key(app, pygame.K_RETURN)  # the keyboard frees a seat too
    assert setup.seat_pads == {}
    key(app, pygame.K_RETURN)  # ...and says how to take one
    assert "Press A on the gamepad that will play this seat." in toasts(app)


def test_a_pads_seat_goes_to_the_table_and_a_bot_seat_has_no_badge():
    app, setup = two_person_setup()
    setup.group.set_focus(pad_buttons(setup)[1])
    press(app, A, BEN_PAD)
    setup.set_who(0, "easy")  # Ann's seat becomes a bot: one person left, who needs no badge
    assert pad_buttons(setup) == []
    setup.start()
    table = app.scenes.top
    assert isinstance(table, HighCardTable) and table.seat_pads == {1: BEN_PAD}


def test_only_the_seats_pad_or_the_keyboard_lifts_its_curtain_and_plays_its_turn():
    app, table, session = hot_seat_table({0: ANN_PAD, 1: BEN_PAD})
    assert table.curtain_seat == 0 and table.curtain_how() == "press A on Pad 1"
    press(app, A, BEN_PAD)  # Ben's pad on Ann's curtain: a gentle word, the curtain stays
    assert table.curtain_seat == 0 and "It is Ann's turn." in toasts(app)
    press(app, A, SPARE_PAD)  # a pad nobody took cannot lift a seat's curtain that has its pad
    assert table.curtain_seat == 0 and "It is Ann's turn (Pad 1)." in toasts(app)
    press(app, A, ANN_PAD)
    assert table.curtain_seat is None and table.viewer == 0
    assert not any("turn" in text for text in toasts(app))  # Ann is here: "It is Ann's turn" is gone
    run_until(app, lambda: table.can_act)
    press(app, A, BEN_PAD)  # Ben's pad cannot play Ann's card
    assert session.actions == []
    hand = list(table.hand)
    press(app, A, ANN_PAD)
    assert session.actions == [Action.make(0, "play", card=hand[0])]
    run_until(app, lambda: table.curtain_seat == 1)
    assert table.curtain_how() == "press A on Pad 2"
    press(app, A, ANN_PAD)
    assert table.curtain_seat == 1
    key(app, pygame.K_RETURN)  # the keyboard is the table's own: it lifts any curtain
    assert table.curtain_seat is None and table.viewer == 1


def test_the_pause_menu_opens_for_any_pad():
    app, table, _ = hot_seat_table({0: ANN_PAD, 1: BEN_PAD})
    press(app, A, ANN_PAD)
    run_until(app, lambda: table.can_act)
    press(app, pygame.CONTROLLER_BUTTON_START, BEN_PAD)
    assert isinstance(app.scenes.top, PauseOverlay)


def test_without_bound_pads_every_pad_plays_every_turn_as_before():
    app, table, session = hot_seat_table({})
    press(app, A, BEN_PAD)  # any pad lifts Ann's curtain
    run_until(app, lambda: table.can_act)
    press(app, A, ANN_PAD)
    run_until(app, lambda: table.curtain_seat == 1)
    press(app, A, ANN_PAD)  # and Ben's
    assert table.curtain_seat is None and table.viewer == 1
    assert len(session.actions) == 1 and not any("turn" in text for text in toasts(app))


def test_a_single_player_with_one_pad_needs_nothing_new():
    app = make_app()
    app.push(TitleScene(app))
    config = GameConfig.make("highcard", [SeatConfig("human", "Ann"), SeatConfig("bot", "Ada", "easy")])
    session = LocalSession(config, 4, bot_delay=0)
    table = HighCardTable(app, session)
    app.push(table)
    run_until(app, lambda: table.can_act)
    press(app, A, 0)
    assert session.actions and session.actions[0].seat == 0


def test_an_unplugged_pad_frees_its_seat_with_a_toast():
    app, table, session = hot_seat_table({0: ANN_PAD, 1: BEN_PAD})
    unplug(app, ANN_PAD)
    assert table.seat_pads == {1: BEN_PAD}
    assert any("Ann's gamepad was unplugged" in text for text in toasts(app))
    assert table.curtain_how() != "press A on Pad 1"
    press(app, A, SPARE_PAD)  # any unbound pad now lifts Ann's curtain
    assert table.curtain_seat is None and table.viewer == 0
    app2, setup = two_person_setup()
    setup.group.set_focus(pad_buttons(setup)[0])
    press(app2, A, BEN_PAD)
    unplug(app2, BEN_PAD)
    assert setup.seat_pads == {} and pad_buttons(setup)[0].label == "Any pad"


def test_playing_together_every_pad_acts_for_the_table():
    """Labyrinth played together (ruling LA-7): the move belongs to everyone, so no pad is refused."""
    app, table, session = hot_seat_table({0: ANN_PAD, 1: BEN_PAD})
    table.pads_share_the_turn = lambda: True  # type: ignore[method-assign]  # as LabyrinthTable does, played together
    press(app, A, BEN_PAD)
    assert table.curtain_seat is None and not any("turn" in text for text in toasts(app))


def test_a_long_name_fits_its_box_beside_the_pad_badge():
    from game.ui.widgets import fit_px

    app, setup = two_person_setup()
    entry = next(w for w in setup.group.widgets if w.label == "Seat 1")
    assert fit_px("Alexandrina Long", "ui", 30, entry.rect.width - 140 - 10 - 32) == 30  # as wide as before


def test_two_real_virtual_gamepads_take_two_seats_and_an_unplug_frees_one():
    """SDL's own virtual gamepads (as in test_gamepad_virtual): real instance ids reach the seats."""
    from test_gamepad_virtual import BUTTON_A as SDL_A, SDL_JOYSTICK_TYPE_GAMECONTROLLER, bundled_sdl

    sdl = bundled_sdl()
    app, setup = two_person_setup(fake_pads=False)
    attached = []
    try:
        for _ in range(2):
            index = sdl.SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, 6, 15, 0)
            assert index >= 0, "SDL refused to attach a virtual joystick"
            handle = sdl.SDL_JoystickOpen(index)
            assert handle
            attached.append((index, handle))
        frames(app, 3)
        assert len(app.input.controllers) == 2
        for seat, (_, handle) in enumerate(attached):
            setup.group.set_focus(pad_buttons(setup)[seat])
            sdl.SDL_JoystickSetVirtualButton(handle, SDL_A, 1)
            frames(app, 2)
            sdl.SDL_JoystickSetVirtualButton(handle, SDL_A, 0)
            frames(app, 2)
        assert sorted(setup.seat_pads.values()) == sorted(app.input.controllers)  # one pad per seat
        assert sorted(b.label for b in pad_buttons(setup)) == ["Pad 1", "Pad 2"]
        index, handle = attached.pop()
        sdl.SDL_JoystickClose(handle)
        sdl.SDL_JoystickDetachVirtual(index)
        frames(app, 3)
        assert len(setup.seat_pads) == 1 and any("unplugged" in text for text in toasts(app))
    finally:
        for index, handle in attached:
            sdl.SDL_JoystickClose(handle)
            sdl.SDL_JoystickDetachVirtual(index)
        frames(app, 2)


def test_badges_show_only_for_two_people_with_a_pad_plugged_in():
    app = make_app()
    app.push(TitleScene(app))
    setup = SeatSetupScene(app, "highcard")
    app.push(setup)
    frames(app, 2)
    assert pad_buttons(setup) == []  # one person, no pad: nobody is asked to "press A"
    setup.set_who(1, "human")
    assert pad_buttons(setup) == []  # two people, but no gamepad
    app.input.pad_number(ANN_PAD)  # a pad is plugged in
    frames(app, 2)
    assert [button.seat for button in pad_buttons(setup)] == [0, 1]
