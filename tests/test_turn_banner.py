"""A player's own turn is said once (the banner), not again over the row."""

from __future__ import annotations

import game.ui.table_base as base_module
import game.ui.table_time_after_time as tt_module
from test_spectator_seat import app, watched, words_drawn  # noqa: F401  (app: the fixture)


def test_time_after_time_says_your_turn_once_in_the_banner(app, monkeypatch):  # noqa: F811
    session, scene = watched(app, "time-after-time", tt_module.TimeAfterTimeTable, 2, ["human", "bot"])
    for _ in range(200):
        app.run_frames(1, 1 / 30)
        if scene.can_act:
            break
    assert scene.can_act and scene.view.get("turn") == scene.viewer
    seen = words_drawn(app, tt_module, monkeypatch, 5)
    assert "YOUR ROW" in seen
    assert "YOUR TURN" not in seen and "PLAYING" not in seen
    assert "Your turn" in words_drawn(app, base_module, monkeypatch, 2)  # the banner says it


def test_lost_in_time_hints_are_key_caps_beside_the_menu_button(app, monkeypatch):  # noqa: F811
    """Lost in Time's hints were one line of plain text ('Arrows: choose   Enter: pick up'); they are
    key caps with words, as on every other screen, and end before the turn banner."""
    import game.ui.chrome as chrome_module
    import game.ui.table_lost_in_time as lit_module
    from game.ui.chrome import hint_row_width

    scene = lost_in_time_turn_by_keys(app, lit_module)
    seen = words_drawn(app, chrome_module, monkeypatch, 2)
    assert {"Choose", "Pick up", "Arrows", "Enter"} <= set(seen)
    assert "Read cards" in seen and "Q / E" in seen  # Q/E reads the table's cards on your turn too
    assert not [w for w in words_drawn(app, lit_module, monkeypatch, 2) if ": choose" in w]
    rows = hint_rows_drawn(app, lit_module, monkeypatch)
    banner = scene.turn_banner()
    assert banner is not None and rows
    for hints, right in rows:
        assert right <= banner[1].left - 24  # the row ends before the turn banner
        assert right == lit_module.MENU_RECT.right + 24 + hint_row_width(
            "keyboard", hints, gap=24, label_px=22, key_px=20, key_pad=18, key_gap=8)


def lost_in_time_turn_by_keys(app, lit_module):  # noqa: F811
    """A two-seat Lost in Time table at the person's first turn, played with the keyboard."""
    session, scene = watched(app, "lost-in-time", lit_module.LostInTimeTable, 2, ["human", "bot"])
    for _ in range(300):
        app.run_frames(1, 1 / 30)
        if scene.can_act:
            break
    assert scene.can_act
    app.input.last_device = "keyboard"
    return scene


def hint_rows_drawn(app, module, monkeypatch) -> list[tuple[list, int]]:  # noqa: F811
    """The hint rows `module` draws in one frame, with where each ends on the right."""
    rows: list[tuple[list, int]] = []
    real = module.draw_hint_row

    def spy(surface, device, actions, right, y, **kw):
        rows.append((list(actions), right))
        real(surface, device, actions, right, y, **kw)

    monkeypatch.setattr(module, "draw_hint_row", spy)
    app.run_frames(1, 1 / 60)
    monkeypatch.setattr(module, "draw_hint_row", real)
    return rows


def test_lost_in_time_hints_give_way_to_a_long_turn_banner(app, monkeypatch):  # noqa: F811
    """At a shared screen the banner names the person and their pad ("Bartholomew, your turn ·
    Pad 2"): the hints beside it drop the menu key, then the card reading, never running under it."""
    import game.ui.table_lost_in_time as lit_module

    scene = lost_in_time_turn_by_keys(app, lit_module)
    short = hint_rows_drawn(app, lit_module, monkeypatch)
    monkeypatch.setattr(scene, "local_seats", [scene.viewer, 1 - scene.viewer])
    monkeypatch.setattr(scene, "name_of", lambda seat: "Bartholomew-Maximilian")
    monkeypatch.setattr(scene, "pad_label", lambda seat: "Pad 2")
    long = hint_rows_drawn(app, lit_module, monkeypatch)
    banner = scene.turn_banner()
    assert banner is not None
    assert len(long[0][0]) < len(short[0][0])  # fewer hints beside the longer banner
    assert ("confirm", "Pick up") in long[0][0]  # the turn's own keys stay
    assert long[0][1] <= banner[1].left - 24


def test_a_solo_results_line_speaks_to_you_like_its_headline(app):  # noqa: F811
    """Solo, the results said "YOU WIN!" over "Ann wins, landing in 2019."; the line now says
    "You win, landing in 2019." (at a shared screen everyone stays named)."""
    from game.core.types import Outcome
    from game.ui.results import ResultsScene

    outcome = Outcome((2019, 2044), ((0,), (1,)), (0,), ((), ()), "Ann wins, landing in 2019.")
    solo = ResultsScene(app, outcome, ["Ann", "Ada"], [0], None, engine_names=["Ann", "Ada"])
    assert solo.headline == "You win!" and solo.summary == "You win, landing in 2019."
    shared = ResultsScene(app, outcome, ["Ann", "Ben"], [0, 1], None, engine_names=["Ann", "Ben"])
    assert shared.summary == "Ann wins, landing in 2019."
    lost = Outcome((3, 40), ((1,), (0,)), (1,), ((), ()), "Seat 2 wins 40 to 3.")
    assert ResultsScene(app, lost, ["Ann", "Ada"], [0], None).summary == "Ada wins 40 to 3."


def test_touch_hints_have_no_move_hint():
    """A finger has no focus to move: "Tap Move" beside "Tap Select" is gone."""
    from game.ui.chrome import hint_row_width, shown_hints

    hints = [("move", "Move"), ("confirm", "Select")]
    assert shown_hints("touch", hints) == [("confirm", "Select")]
    assert shown_hints("mouse", hints) == hints
    assert hint_row_width("touch", hints) == hint_row_width("touch", hints[1:])


def test_a_gamepads_x_erases_a_letter_on_the_on_screen_keyboard(data_dir):
    """A pad player had to travel to the Erase key for every letter; X erases, as Backspace does,
    and the keyboard's hints say so. X bound to something else by the player keeps that binding."""
    import pygame

    import game.ui.osk as osk_module
    from game.ui.osk import OnScreenKeyboard
    from game.ui.widgets import TextEntry
    from ui_helpers import frames, make_app, pad

    app = make_app()
    entry = TextEntry((100, 100, 500, 80), "Seat 2", "Ann", lambda text: None, max_len=12)
    osk = OnScreenKeyboard(app, entry)
    app.push(osk)
    frames(app, 2)
    pad(app, pygame.CONTROLLER_BUTTON_X)
    assert entry.text == "An"
    seen: list[str] = []
    real = osk_module.draw_hints
    osk_module.draw_hints = lambda surface, device, hints, **kw: seen.extend(label for _, label in hints)
    try:
        osk.draw_hints(app.canvas)
    finally:
        osk_module.draw_hints = real
    assert "Erase" in seen
    app.settings.pad_bindings["next"] = ["rightshoulder", "x"]
    app.input.rebuild_bindings()
    pad(app, pygame.CONTROLLER_BUTTON_X)
    assert entry.text == "An"
    app.shutdown()


def test_the_labyrinth_darkens_its_bright_parchment_more_under_the_results(data_dir):
    """The story panel's parchment read through "YOU MADE IT OUT!" at the usual dim; the Labyrinth's
    results darken the table more than a card game's do."""
    from game.ui.tables import table_scene_for
    from main import seeded_session
    from ui_helpers import frames, make_app

    dims = {}
    for game in ("labyrinth", "lost-cities"):
        app = make_app()
        app.push(table_scene_for(game)(app, seeded_session(game, 2, 5, finished=True)))
        for _ in range(600):
            frames(app, 1)
            if type(app.scenes.top).__name__ == "ResultsScene":
                break
        dims[game] = app.scenes.top.dim
        app.shutdown()
    assert dims["labyrinth"] >= 215 and dims["lost-cities"] == 165


def test_lost_in_time_shows_no_skipped_turns_once_the_game_is_over(app, monkeypatch):  # noqa: F811
    """Disaster badges ("SKIPS 3 TURNS") stayed on the panels behind the results: a game that ended
    has no turns left to miss."""
    import game.ui.table_lost_in_time as lit_module

    session, scene = watched(app, "lost-in-time", lit_module.LostInTimeTable, 3)
    for _ in range(3000):
        app.run_frames(1, 1 / 15)
        if scene.board is not None and any(scene.board.skips) and not scene.game_over:
            break
    assert scene.board is not None and any(scene.board.skips)
    seen = words_drawn(app, lit_module, monkeypatch, 1)
    assert any("SKIP" in w for w in seen)  # while the game goes on the badge is there
    monkeypatch.setattr(lit_module.LostInTimeTable, "game_over", property(lambda self: True))
    seen = words_drawn(app, lit_module, monkeypatch, 1)
    assert not any("SKIP" in w for w in seen)


def test_no_your_turn_banner_over_the_animation_that_ends_that_turn(app):  # noqa: F811
    """A person's move animating (a Ghost drawn: "Ben's turn is over."): the banner said "Ben, your
    turn · Pad 2" over it. It leaves while that move plays, and the next player's comes after."""
    session, scene = watched(app, "time-after-time", tt_module.TimeAfterTimeTable, 2, ["human", "bot"])
    for _ in range(200):
        app.run_frames(1, 1 / 30)
        if scene.can_act:
            break
    assert scene.turn_banner() is not None  # "Your turn"
    during = []
    for _ in range(400):  # the draw, then the placing (or a Ghost): the move that ends the turn
        if scene.can_act and not during:
            scene.submit(next((a for a in scene.legal if a.kind != "reorder"), scene.legal[0]))
        app.run_frames(1, 1 / 60)
        mine = scene.shown is not None and list(scene.shown.active[:1]) == [scene.viewer]  # the banner would say "your turn"
        if mine and scene._current is not None and scene.viewer not in scene._current.active:
            during.append(scene.turn_banner())
        elif during:
            break
    assert during and all(banner is None for banner in during)
