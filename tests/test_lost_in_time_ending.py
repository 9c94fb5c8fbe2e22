"""Lost in Time at its end (ruling LT-10): "Last round: finish the round" is announced only when
there is a round left to finish; an opponent who has no card yet reads "No card yet" once."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.types import Event, GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.table_lost_in_time import LostInTimeTable
from ui_helpers import recording_app


@pytest.fixture
def scene(data_dir):
    with recording_app() as app:
        config = GameConfig.make("lost-in-time", [SeatConfig("human", "Ann"), SeatConfig("bot", "Ben", "easy")])
        table = LostInTimeTable(app, LocalSession(config, 3, bot_delay=0.0))
        app.clear_to(table)
        app.run_frames(4, 1 / 15)
        assert table.shown is not None
        yield table


def test_the_last_round_is_announced_when_seats_still_have_to_play(scene):
    final = Event.make("final_round", seat=1)
    scene.animate_event(final, replace(scene.shown, events=(final,)))
    assert scene.heralds and scene.heralds[-1].title == "LAST ROUND"


def test_an_8th_card_that_ends_the_game_at_once_is_not_announced_as_a_last_round(scene):
    """The dealer plays last (LT-2): their 8th card ends the round and the game together."""
    final, over = Event.make("final_round", seat=0), Event.make("game_over", winners=[0])
    update = replace(scene.shown, events=(final, over))
    scene.animate_event(final, update)
    assert not any(h.title == "LAST ROUND" for h in scene.heralds)
    scene.animate_event(over, update)
    assert scene.heralds[-1].title == "YOU WIN"


def test_a_suggested_skip_focuses_the_skip_button(scene):
    """Suggest a move (pause menu): Enter then does what the suggestion says."""
    from game.core.types import Action

    for _ in range(600):
        scene.app.run_frames(1, 1 / 15)
        if scene.can_act and scene.phase == "action":
            break
    assert scene.can_act and scene.phase == "action"
    scene.point_at(Action.make(scene.viewer, "pass"))
    assert scene.focus == ("button", "skip")


def test_the_turned_badge_stays_inside_an_opponents_panel(scene):
    """Ruling LT-7's sideways card: its "TURNED" badge (30 px) is drawn within the owner's panel."""
    import pygame

    from game.ui.table_lost_in_time import opponent_rects

    for count in (1, 2, 3, 4, 5):
        for panel, card_w in opponent_rects(count):
            scene.geo[1].panel, scene.geo[1].card_w = panel, card_w
            card_h = round(card_w * 1.4)
            row_y = panel.bottom - 8 - card_h / 2
            tilted = pygame.Rect(0, 0, card_w, card_h)  # a sprite's draw_rect is the unturned card
            tilted.center = (panel.centerx, round(row_y))
            x, y = scene.tilt_badge_centre(1, tilted)
            assert panel.top < y - 15 and y + 15 <= panel.bottom - 4, (count, panel, y)
