"""'Suggest a move' in the pause menu: offered on your move only, it closes the menu and says what
the game's expert bot would do from your seat's own view, in words, never with a card id."""

from __future__ import annotations

import re

import pygame
import pytest

import main
from game.ui.pause import PauseOverlay
from game.ui.tween import MOTION
from ui_helpers import key, recording_app

CARD_ID = re.compile(r"\b(lc|tt|lt|it|i|s)-[0-9a-z]")


def table_waiting_for_the_person(app, game: str, seed: int):
    scene = main.build_scene(app, "table", game, 3, seed)
    app.clear_to(scene)
    for _ in range(600):
        app.run_frames(1, 1 / 15)
        if scene.can_act and app.scenes.top is scene:
            return scene
        if app.scenes.top is not scene:
            key(app, pygame.K_RETURN)  # a sheet over the table (the Labyrinth's intro) is read
    raise AssertionError("the person never got a move")


@pytest.mark.parametrize("game", ["lost-cities", "lost-in-time", "time-after-time", "labyrinth"])
def test_every_move_of_the_seat_reads_as_words_and_the_suggestion_is_one_of_them(data_dir, game, monkeypatch):
    kinds: set[str] = set()
    monkeypatch.setattr(MOTION, "speed", 10.0)  # the table plays as hurried: what moves is not what this reads
    with recording_app() as app:
        for seed in (1, 2, 3):
            scene = table_waiting_for_the_person(app, game, seed)
            for _ in range(3):  # three decisions in a row: the kinds of move differ from one to the next
                moves = [a for a in scene.legal if a.kind not in ("reorder", "undo")]
                texts = [scene.describe_move(a) for a in moves]
                for text, action in zip(texts, moves):  # a sentence of its own, not the bare kind, no ids
                    assert text and text != action.kind.replace("_", " ") and not CARD_ID.search(text), (action, text)
                kinds.update(a.kind for a in moves)
                suggestion = scene.suggestion()
                assert suggestion.startswith("Suggestion: ") and suggestion.endswith(".")
                assert suggestion[len("Suggestion: "):-1] in texts
                scene.submit(moves[-1])
                for _ in range(600):
                    app.run_frames(1, 1 / 15)
                    if scene.can_act or scene.results_shown:
                        break
                if not scene.can_act:
                    break
    assert len(kinds) >= 2, kinds


def test_the_pause_menu_suggests_on_your_move_and_shows_it_over_the_table(data_dir):
    with recording_app() as app:
        scene = table_waiting_for_the_person(app, "lost-cities", 2)
        key(app, pygame.K_p)
        pause = app.scenes.top
        assert isinstance(pause, PauseOverlay)
        labels = [w.label for w in pause.group.widgets]
        assert labels == ["Resume", "Suggest a move", "Rules", "Settings", "Quit to title"]
        expected = scene.suggestion()
        key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)
        assert app.scenes.top is scene
        assert [t.text for t in app.toasts.items][-1] == expected
        assert "chime" in app.played
        move = scene.suggested  # the focus now rests on what the suggestion names
        if move.kind == "draw":
            source = str(move["source"])
            assert scene.focus == ("target", ("deck", "") if source == "deck" else ("pile", source))
        else:
            assert scene.focus == ("hand", str(move["card"]))
        before = list(scene.session.actions)
        app.run_frames(5, 1 / 60)
        assert scene.session.actions == before  # a suggestion plays nothing


def test_no_suggestion_is_offered_while_another_player_moves(data_dir):
    with recording_app() as app:
        scene = table_waiting_for_the_person(app, "time-after-time", 1)
        legal = [a for a in scene.legal if a.kind == "draw"]
        scene.submit(legal[0])
        app.run_frames(1, 1 / 60)
        assert not scene.can_act
        key(app, pygame.K_p)
        pause = app.scenes.top
        assert isinstance(pause, PauseOverlay)
        assert "Suggest a move" not in [w.label for w in pause.group.widgets]
        assert scene.suggestion() == "Nothing to suggest: it is not your move."


@pytest.mark.parametrize("game", ["lost-in-time", "time-after-time"])
def test_a_suggestion_slides_out_once_its_move_is_made_at_every_table(data_dir, game):
    """The suggestion names a move of one step: once a move is made it slides out (it lingered for
    seven seconds into the next step), at every table, not only Lost Cities'."""
    with recording_app() as app:
        scene = table_waiting_for_the_person(app, game, 1)
        scene.show_suggestion()
        toast = app.toasts.items[-1]
        assert toast.text.startswith("Suggestion") and toast.seconds - toast.age > 6
        scene.submit(scene.suggested or scene.legal[0])
        app.run_frames(150, 1 / 60)  # the move is shown (2.5 s, far less than the toast's 7 s)
        assert toast not in app.toasts.items


def test_what_a_table_said_leaves_with_it_but_a_warning_stays(data_dir):
    """Quitting a table: its refusals and notes slide out instead of following the people onto the
    title; a warning (the autosave failing) and a toast that was up before the table stay."""
    with recording_app() as app:
        earlier = app.toasts.show("Saving works again.", "good", seconds=30.0)
        scene = table_waiting_for_the_person(app, "lost-cities", 1)
        refusal = app.toast("That card cannot go there.", "error")
        warning = app.toasts.show("Cannot save the game.", "warning", seconds=30.0)
        scene.exit()
        app.run_frames(20, 1 / 60)
        assert refusal not in app.toasts.items
        assert warning in app.toasts.items and earlier in app.toasts.items


def test_a_suggestion_leaves_when_the_menu_opens_over_the_table(data_dir):
    """Opening the pause menu (on the way to the rules) retires the suggestion: it lay over the rules'
    page for its seven seconds."""
    with recording_app() as app:
        scene = table_waiting_for_the_person(app, "lost-in-time", 1)
        scene.show_suggestion()
        toast = app.toasts.items[-1]
        key(app, pygame.K_p)
        assert isinstance(app.scenes.top, PauseOverlay)
        app.run_frames(20, 1 / 60)
        assert toast not in app.toasts.items


def test_a_setup_note_does_not_follow_the_people_onto_the_table(data_dir):
    """"Play mode: In turns. With a bot at the table…" (a note of the seat setup) stayed over a
    together game's table, where no curtain clears it; a warning (the autosave) stays."""
    with recording_app() as app:
        note = app.toast("Play mode: In turns. With a bot at the table the adventure is played in turns.")
        warning = app.toasts.show("Cannot save the game.", "warning", seconds=30.0)
        table_waiting_for_the_person(app, "lost-cities", 1)
        app.run_frames(20, 1 / 60)
        assert note not in app.toasts.items and warning in app.toasts.items
