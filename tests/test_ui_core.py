"""The loop, the scene stack, tweens, sprites, letterboxing and settings persistence."""

from __future__ import annotations

import json

import pygame
import pytest

from game.ui.app import MAX_CATCH_UP, STEP, FixedStep, Letterbox
from game.ui.scene import Scene, SceneStack
from game.ui.settings import Settings, load_settings, save_settings, settings_path
from game.ui.sprites import TRANSFORMS, CardSprite, fan_layout
from game.ui.tween import MOTION, Animated, Tween, ease_out_cubic, linear


class Recorder(Scene):
    def __init__(self, name: str, log: list[str], transparent: bool = False) -> None:
        super().__init__(None)
        self.name, self.log, self.transparent = name, log, transparent
        self.updates = 0

    def enter(self): self.log.append(f"{self.name}.enter")
    def exit(self): self.log.append(f"{self.name}.exit")
    def pause(self): self.log.append(f"{self.name}.pause")
    def resume(self): self.log.append(f"{self.name}.resume")
    def update(self, dt): self.updates += 1
    def draw(self, surface, alpha): self.log.append(f"{self.name}.draw")


def test_scene_stack_push_pop_replace_and_overlay_drawing():
    log: list[str] = []
    stack = SceneStack()
    table, pause = Recorder("table", log), Recorder("pause", log, transparent=True)
    stack.push(table)
    stack.push(pause)
    assert log == ["table.enter", "table.pause", "pause.enter"]
    assert stack.visible() == [table, pause]  # the table still draws under the overlay
    stack.update(STEP)
    assert pause.updates == 1 and table.updates == 0  # only the top scene updates
    log.clear()
    stack.draw(pygame.Surface((8, 8)), 0.5)
    assert log == ["table.draw", "pause.draw"]
    assert stack.pop() is pause and stack.top is table
    assert log[-2:] == ["pause.exit", "table.resume"]
    title = Recorder("title", log)
    stack.replace(title)
    assert stack.scenes == [title] and "table.exit" in log
    opaque = Recorder("opaque", log)
    stack.push(opaque)
    assert stack.visible() == [opaque]
    stack.clear_to(Recorder("fresh", log))
    assert len(stack) == 1 and log[-3:] == ["opaque.exit", "title.exit", "fresh.enter"]


def test_overlay_fades_in_and_opaque_change_crossfades_within_250ms():
    snap = pygame.Surface((8, 8))
    stack = SceneStack(snapshot=lambda: snap.copy())
    stack.push(Recorder("a", []))
    overlay = Recorder("b", [], transparent=True)
    stack.push(overlay)
    assert overlay.appear == 0.0
    for _ in range(40):
        stack.update(STEP)
    assert overlay.appear == 1.0
    stack.replace(Recorder("c", []))
    assert stack._fade_from is not None
    for _ in range(int(0.25 / STEP) + 1):
        stack.update(STEP)
    assert stack._fade_from is None


def test_fixed_step_under_irregular_frame_times():
    clock = FixedStep()
    frame_times = [0.016, 0.001, 0.040, 0.0083, 0.06, 0.0, 0.033, 0.005, 0.017] * 20
    total_steps = 0
    for frame in frame_times:
        steps, alpha = clock.advance(frame)
        assert 0 <= steps <= MAX_CATCH_UP
        assert 0.0 <= alpha < 1.0
        total_steps += steps
    # every second of wall time became 120 steps (none of these frames hit the catch-up cap)
    assert total_steps == pytest.approx(sum(frame_times) / STEP, abs=1)
    assert clock.dropped == 0


def test_fixed_step_caps_catch_up_after_a_stall():
    clock = FixedStep()
    steps, _ = clock.advance(0.2)  # a 200 ms stall would need 24 steps
    assert steps == MAX_CATCH_UP
    assert clock.dropped > 0
    steps, _ = clock.advance(1 / 120)
    assert steps == 1  # no snowballing afterwards


def test_tween_easing_and_interpolation():
    tween = Tween(0.0, 100.0, 0.2, linear)
    tween.update(0.1)
    assert tween.value == pytest.approx(50.0)
    tween.update(0.2)
    assert tween.done and tween.value == 100.0
    assert ease_out_cubic(0.5) > 0.5
    MOTION.speed, MOTION.reduced = 1.0, False
    pos = Animated((0.0, 0.0))
    pos.to((120.0, 60.0), 0.1, linear)
    pos.update(0.05)
    assert pos.value_at(1.0) == pytest.approx((60.0, 30.0))
    assert pos.value_at(0.5) == pytest.approx((30.0, 15.0))  # halfway between the last two steps
    pos.update(0.05)
    assert pos.current == (120.0, 60.0) and not pos.moving


def test_reduced_motion_and_speed_shorten_tweens():
    MOTION.speed, MOTION.reduced = 2.0, False
    assert MOTION.duration(0.2) == pytest.approx(0.1)
    MOTION.speed, MOTION.reduced = 1.0, True
    assert MOTION.duration(0.4) <= 0.06
    MOTION.reduced = False


def test_card_sprite_flip_swaps_face_midway_and_cache_quantises():
    face, back = pygame.Surface((140, 196)), pygame.Surface((140, 196))
    card = CardSprite("c", face, back, (100, 100), face_up=False)
    card.flip(True, seconds=0.18)
    seen_back_squashed = False
    for _ in range(40):
        card.update(STEP)
        if not card.face_up and card.squash.current < 0.5:
            seen_back_squashed = True
    assert seen_back_squashed and card.face_up and card.squash.current == 1.0
    TRANSFORMS.clear()
    misses = TRANSFORMS.misses
    for angle in (10.0, 10.4, 10.9, 9.6):  # all quantise to 10 degrees
        TRANSFORMS.get(face, angle)
    assert TRANSFORMS.misses - misses == 1 and len(TRANSFORMS.steady) == 1
    assert TRANSFORMS.get(face, 0.0) is face  # the upright, unscaled card is never copied
    layout = fan_layout(5, (960, 900), 140, 800)
    assert len(layout) == 5 and layout[0][1] > 0 > layout[-1][1]


def test_letterbox_maps_pointer_back_to_canvas():
    box = Letterbox.fit((1280, 1024))  # 5:4 window: bars above and below
    assert box.size == (1280, 720) and box.offset == (0, 152)
    assert box.to_canvas((640, 152 + 360)) == pytest.approx((960, 540))
    assert box.to_canvas((640, 20)) is None  # on the bar


def test_settings_round_trip(data_dir):
    settings = Settings(fullscreen=False, window_size=(1600, 900), master_volume=0.5, player_name="Ann",
                        animation_speed=1.5, reduced_motion=True)
    settings.key_bindings["confirm"] = ["x"]
    settings.pad_bindings["back"] = ["y"]
    save_settings(settings)
    warnings: list[str] = []
    loaded = load_settings(warnings.append)
    assert loaded == settings and not warnings


def test_corrupt_settings_warn_and_keep_the_bad_file(data_dir):
    path = settings_path()
    path.write_text("{ this is not json", encoding="utf-8")
    warnings: list[str] = []
    loaded = load_settings(warnings.append)
    assert loaded == Settings()
    assert warnings and "settings.json" in warnings[0] and "kept as" in warnings[0]
    kept = [p for p in data_dir.iterdir() if p.name.startswith("settings.json.bad-")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{ this is not json"
    assert not path.exists()


def test_settings_with_a_bad_value_are_quarantined_too(data_dir):
    settings_path().write_text(json.dumps({"master_volume": 7}), encoding="utf-8")
    warnings: list[str] = []
    assert load_settings(warnings.append) == Settings()
    assert warnings and "master_volume" in warnings[0]


def test_app_shows_the_corrupt_settings_warning_as_a_toast(data_dir):
    from game.ui.app import App

    settings_path().write_text("[]", encoding="utf-8")
    app = App(headless=True, size=(640, 360), windowed=True)
    assert app.toasts.items and app.toasts.items[0].kind == "warning"
    assert app.settings.master_volume == Settings().master_volume


def test_windowed_option_does_not_overwrite_the_saved_fullscreen_setting(data_dir):
    from game.ui.app import App

    save_settings(Settings(fullscreen=True, master_volume=0.3))
    app = App(headless=True, size=(640, 360), windowed=True)
    assert app.fullscreen is False and app.settings.fullscreen is True
    app.settings.master_volume = 0.4
    app.save_settings()
    assert load_settings(print).fullscreen is True
    app.toggle_fullscreen()  # an explicit choice is saved
    assert app.fullscreen is True and load_settings(print).fullscreen is True


def test_settings_that_cannot_be_saved_say_why_in_a_players_words(data_dir, monkeypatch):
    """A full disk while saving settings is a warning toast in words ('the disk is full'), the
    changed settings stay in effect, and the program goes on."""
    import errno

    import game.ui.app as app_module
    from game.ui.app import App

    app = App(headless=True, size=(640, 360), windowed=True)

    def disk_full(_settings):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(app_module, "save_settings", disk_full)
    app.settings.animation_speed = 2.0
    app.save_settings()
    warning = app.toasts.items[-1]
    assert warning.kind == "warning"
    assert warning.text.startswith("Your settings could not be saved: the disk is full.")
    assert app.settings.animation_speed == 2.0
    app.shutdown()


def test_a_window_wider_than_the_canvas_at_scale_one_centres_it_between_bars(data_dir):
    """2560x1080 holds the 1920x1080 canvas unscaled: it was drawn at the left edge with a black band
    on the right, while clicks were mapped as if it were centred (every click 320 px off)."""
    from game.ui.app import App

    app = App(headless=True, size=(2560, 1080), windowed=True)
    assert app.letterbox.scale == 1.0 and app.letterbox.offset == (320, 0)
    app.canvas.fill((200, 40, 40))
    app.canvas.fill((20, 60, 40), pygame.Rect(0, 0, 10, 1080))  # the table's edge
    app.present()
    window = app.window
    assert window.get_at((100, 540))[:3] == (8, 24, 16)  # the left bar, a dark shade of the edge
    assert window.get_at((2460, 540))[:3] == (8, 24, 16)  # the right bar
    assert window.get_at((1280, 540))[:3] == (200, 40, 40)
    assert window.get_at((330, 10))[:3] == (200, 40, 40)
    assert app.letterbox.to_canvas((320, 0)) == (0, 0)
    app.shutdown()


def test_a_long_warning_stays_long_enough_to_read():
    """Warnings are read (a settings file moved aside, a save that cannot be written): a 31-word one
    was gone in the usual 4.5 s; a toast stays three words a second when that is longer."""
    from game.ui.toast import TOAST_SECONDS, reading_seconds

    assert reading_seconds("Saved.") == TOAST_SECONDS
    assert reading_seconds(" ".join(["word"] * 31)) > 10
    from ui_helpers import make_app

    app = make_app()
    app.warn(" ".join(["word"] * 31))
    assert app.toasts.items[-1].seconds > 10 and app.toasts.items[-1].kind == "warning"
    app.shutdown()


def test_a_window_resized_by_dragging_opens_at_that_size_next_time(data_dir):
    """Settings still showed 1280 × 720 after the window was dragged larger, and the next start used
    it: the dragged size is kept and written when Tabletime closes. A --size run keeps its own."""
    from game.ui.app import App
    from game.ui.settings import Settings, load_settings

    pygame.init()
    app = App(Settings(), headless=True, windowed=True)
    app.window = pygame.display.set_mode((1000, 700))
    app.input.system.append("resized")
    app.step(1 / 60)
    assert app.settings.window_size == (1000, 700)
    app.shutdown()
    assert load_settings(lambda m: None).window_size == (1000, 700)
    sized = App(Settings(), headless=True, windowed=True, size=(800, 600))
    sized.input.system.append("resized")
    sized.step(1 / 60)
    sized.shutdown()
    assert load_settings(lambda m: None).window_size == (1000, 700)
