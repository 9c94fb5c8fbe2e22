"""`main.py screenshot` renders every scene to a non-blank PNG (in-process here; test_cli runs one
as a subprocess), and a menu frame stays fast at 1920x1080."""

from __future__ import annotations


import pygame
import pytest

import highcard  # noqa: F401 - registers the test engine
from game.ui.tables import register_table, unregister_table
from main import SceneError, write_screenshot
from ui_helpers import make_app


def assert_not_blank(path, size=(1920, 1080)) -> None:
    image = pygame.image.load(str(path))
    assert image.get_size() == size
    small = pygame.transform.scale(image, (96, 54))
    colours = {small.get_at((x, y))[:3] for x in range(96) for y in range(54)}
    assert len(colours) > 40, f"{path} looks blank ({len(colours)} colours)"


@pytest.fixture(scope="module")
def app():
    return make_app()


@pytest.mark.parametrize("scene,game", [("title", None), ("picker", None), ("setup", "highcard"),
                                        ("settings", None), ("rules", "lost-in-time")])
def test_menu_scene_screenshots_are_not_blank(app, scene, game, tmp_path, data_dir):
    out = tmp_path / f"{scene}.png"
    write_screenshot(scene, str(out), game=game, frames=12, app=app)
    assert_not_blank(out)


def test_table_and_results_screenshots_for_a_game_with_a_table(app, tmp_path, data_dir):
    from test_ui_table import HighCardTable

    register_table("highcard", HighCardTable)
    try:
        for scene in ("table", "results"):
            out = tmp_path / f"{scene}.png"
            write_screenshot(scene, str(out), game="highcard", seats=2, seed=3, frames=70, app=app)
            assert_not_blank(out)
        assert type(app.scenes.top).__name__ == "ResultsScene"
    finally:
        unregister_table("highcard")


def test_screenshot_of_a_table_that_has_not_landed_is_a_clear_error(app, tmp_path, monkeypatch):
    import game.ui.tables

    monkeypatch.setattr(game.ui.tables, "table_scene_for", lambda game_id: None)
    with pytest.raises(SceneError, match="no table scene yet|coming soon"):
        write_screenshot("table", str(tmp_path / "x.png"), game="time-after-time", app=app)
    with pytest.raises(SceneError, match="unknown game"):
        write_screenshot("setup", str(tmp_path / "x.png"), game="chess", app=app)


def test_a_labyrinth_setup_screenshot_with_a_bot_seat_plays_in_turns(tmp_path):
    """`screenshot setup --game labyrinth --seats 2` crashed: the bot's seat ruled out 'together'."""
    import main

    app = make_app()
    scene = main.build_scene(app, "setup", "labyrinth", 2, 1)
    assert scene.seat_count == 2 and scene.options["mode"] == "turns"
    write_screenshot("setup", str(tmp_path / "lab.png"), game="labyrinth", seats=2, frames=2, app=app)
