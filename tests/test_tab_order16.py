"""Tab steps through a menu's widgets in the order the screen lists them (Shift+Tab back), so a
keyboard reaches every widget of a seat row from its first: the arrows move by position, and Left /
Right on a "Plays" value changes who plays, which left the side and pad badges reachable only from
"Start the game"."""
from __future__ import annotations

import pygame

from game.ui.input import TAB, InputMapper
from game.ui.settings import Settings
from game.ui.setup import SeatSideButton
from test_table_sides16 import app  # noqa: F401 - the fixture: an app at the title
from test_table_sides16 import two_people_setup as two_people
from ui_helpers import key


def shift_tab(app) -> None:
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)


def test_tab_is_marked_as_the_focus_order_and_its_repeat_too(data_dir):
    pygame.init()
    mapper = InputMapper(Settings())
    (pressed,) = mapper.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t",
                                                 scancode=0)])
    assert (pressed.kind, pressed.text) == ("down", TAB)
    repeated = mapper.update(0.5)
    assert repeated and all((i.kind, i.text, i.repeat) == ("down", TAB, True) for i in repeated)
    (arrow,) = mapper.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="",
                                               scancode=0)])
    assert arrow.text == ""  # an arrow still moves by position


def test_tab_walks_a_seat_row_name_plays_side_in_order_and_shift_tab_walks_back(app):
    setup = two_people(app)
    widgets = setup.group.widgets
    ben_side = next(w for w in widgets if isinstance(w, SeatSideButton) and w.seat == 1)
    order = [w for w in widgets if w.focusable and w.enabled]
    at = order.index(ben_side)
    setup.group.focus = widgets.index(order[at - 2])  # two widgets before Ben's side badge: his name
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert setup.group.focused is ben_side
    key(app, pygame.K_RETURN)
    assert setup.far_seats == {1}  # reached and pressed by keyboard alone, without Start
    widgets = setup.group.widgets  # (the row was laid out again with the badge's new side)
    order = [w for w in widgets if w.focusable and w.enabled]
    assert isinstance(setup.group.focused, SeatSideButton) and setup.group.focused.seat == 1
    shift_tab(app)
    assert setup.group.focused is order[order.index(next(w for w in order if isinstance(w, SeatSideButton)
                                                         and w.seat == 1)) - 1]
    assert setup.who[1] == "human"  # stepping past "Plays" changed nobody's seat


def test_tab_wraps_from_the_last_widget_to_the_first(app):
    setup = two_people(app)
    widgets = setup.group.widgets
    order = [w for w in widgets if w.focusable and w.enabled]
    setup.group.focus = widgets.index(order[-1])
    key(app, pygame.K_TAB)
    assert setup.group.focused is order[0]
    shift_tab(app)
    assert setup.group.focused is order[-1]
