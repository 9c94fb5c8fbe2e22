"""The LAN lobby's name boxes start an edit with the name selected, like the seat setup's and the
settings' (session 18): typing "Zoe" into "Player" gave "PlayerZoe"."""

from __future__ import annotations

import pygame
import pytest

from game.ui.lobby import LanOptions, LobbyScene, SeatNameEntry
from ui_helpers import frames, key, make_app, widget_labelled


@pytest.fixture
def app(data_dir):
    application = make_app()
    yield application
    application.shutdown()


def test_your_name_in_the_lobby_is_replaced_by_the_first_letter_typed(app):
    lobby = LobbyScene(app, LanOptions(discovery=False, port=0, games=("lost-cities",)))
    app.push(lobby)
    frames(app, 2)
    entry = widget_labelled(lobby, "Your name")
    lobby.group.set_focus(entry)
    key(app, pygame.K_RETURN)
    assert entry.editing and entry.selected and entry.text == "Player"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoe"))
    frames(app, 2)
    key(app, pygame.K_RETURN)
    assert entry.text == "Zoe" and app.settings.player_name == "Zoe"


def test_a_seat_name_box_in_the_lobby_starts_its_edit_with_the_name_selected():
    """The boxes naming the people at a joined table's seats: the first letter replaces "Ben"."""
    names: list[str] = []
    entry = SeatNameEntry((0, 0, 300, 60), "Name for seat 2", "Ben", names.append, max_len=20)
    entry.begin_edit()
    assert entry.selected
    entry.type_text("K")
    assert entry.text == "K" and names == ["K"]
