"""The application: window, fixed-timestep loop, letterboxed 1920x1080 canvas, scenes, toasts.

Updates run at a constant 120 Hz from an accumulator (at most MAX_CATCH_UP steps per frame, so a
stall never snowballs); drawing happens once per display frame with the interpolation fraction
and never changes state (Arcade's clock, Tuxemon's state stack).

At a touch table lying flat the picture turns to whoever is playing: while the scenes say a far-side
person has the screen (`screen_side`, asked from the top of the stack down) the canvas is presented
turned 180 degrees and pointers are mapped back (keys, pads and sticks are held or used facing that
person, who sees the picture upright, so they mean what they say); the turn itself dips
the picture to dark and back in TURN_SECONDS (a cut with reduced motion). Scenes draw as always.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Callable

import pygame

from game.ui.assets import Assets
from game.ui.input import InputMapper, Intent
from game.ui.look.draw import same_pixel_format
from game.ui.look.fonts import CANVAS_SIZE, canvas_scale
from game.ui.music import Music
from game.ui.scene import Scene, SceneStack
from game.ui.settings import Settings, load_settings, save_settings
from game.session.storage import write_problem
from game.ui.toast import Toast, Toasts, reading_seconds
from game.ui.tween import MOTION

log = logging.getLogger(__name__)

UPDATE_HZ = 120
STEP = 1.0 / UPDATE_HZ
MAX_CATCH_UP = 8  # update steps per frame at most; the rest of a long stall is dropped
MAX_FRAME_SECONDS = 0.25
TURN_SECONDS = 0.22  # the picture turning to the other side of the table: dark and back (ART.md <= 250 ms)


class FixedStep:
    """Accumulator clock: `advance(frame_seconds)` -> (steps to run, interpolation fraction)."""

    def __init__(self, step: float = STEP, max_steps: int = MAX_CATCH_UP) -> None:
        self.step = step
        self.max_steps = max_steps
        self.accumulator = 0.0
        self.dropped = 0.0  # seconds of simulation skipped because of the catch-up cap

    def advance(self, frame_seconds: float) -> tuple[int, float]:
        self.accumulator += max(0.0, min(frame_seconds, MAX_FRAME_SECONDS))
        steps = int(self.accumulator / self.step + 1e-9)
        if steps > self.max_steps:
            self.dropped += (steps - self.max_steps) * self.step
            self.accumulator -= (steps - self.max_steps) * self.step
            steps = self.max_steps
        self.accumulator -= steps * self.step
        if self.accumulator < 0:
            self.accumulator = 0.0
        return steps, self.accumulator / self.step


@dataclass(frozen=True)
class Letterbox:
    """Where the canvas sits in the window: `scale` and the top-left `offset` of the scaled image."""

    window: tuple[int, int]
    scale: float
    offset: tuple[int, int]
    size: tuple[int, int]

    @classmethod
    def fit(cls, window: tuple[int, int], canvas: tuple[int, int] = CANVAS_SIZE) -> "Letterbox":
        scale = canvas_scale(window, canvas)
        size = (max(1, round(canvas[0] * scale)), max(1, round(canvas[1] * scale)))
        offset = ((window[0] - size[0]) // 2, (window[1] - size[1]) // 2)
        return cls(window, scale, offset, size)

    def to_canvas(self, pos: tuple[float, float]) -> tuple[float, float] | None:
        """A window position in canvas coordinates; None on the black bars."""
        x = (pos[0] - self.offset[0]) / self.scale
        y = (pos[1] - self.offset[1]) / self.scale
        if 0 <= x < CANVAS_SIZE[0] and 0 <= y < CANVAS_SIZE[1]:
            return (x, y)
        return None


def turned_point(point: tuple[float, float]) -> tuple[float, float]:
    """Where a point of the picture turned 180 degrees lies on the canvas (pixel x shows canvas pixel
    W-1-x): the same map both ways."""
    return (max(0.0, CANVAS_SIZE[0] - 1 - point[0]), max(0.0, CANVAS_SIZE[1] - 1 - point[1]))


def bars_around(window: pygame.Rect, picture: pygame.Rect) -> list[pygame.Rect]:
    """The parts of the window the letterboxed picture leaves uncovered (none on a 16:9 window)."""
    bars = [pygame.Rect(window.x, window.y, window.width, picture.top - window.top),
            pygame.Rect(window.x, picture.bottom, window.width, window.bottom - picture.bottom),
            pygame.Rect(window.x, picture.top, picture.left - window.left, picture.height),
            pygame.Rect(picture.right, picture.top, window.right - picture.right, picture.height)]
    return [bar for bar in bars if bar.width > 0 and bar.height > 0]


class App:
    """Owns the window, the loop and the shared services scenes use (`app.assets.play("click")`)."""

    def __init__(self, settings: Settings | None = None, *, windowed: bool | None = None,
                 size: tuple[int, int] | None = None, headless: bool = False,
                 lan_interfaces: list[str] | None = None) -> None:
        pygame.init()
        self.toasts = Toasts()
        self.settings = settings if settings is not None else load_settings(self.warn)
        self.headless = headless
        self.lan_interfaces = lan_interfaces or []
        # The window mode of this run: --windowed overrides it without changing the saved setting;
        # F11, Alt+Enter and the settings screen change both.
        self.fullscreen = self.settings.fullscreen if windowed is None else not windowed
        self.requested_size = size
        self._window_size_unsaved = False  # a window resized by dragging: its size is saved at shutdown
        self._window: pygame.Surface | None = None
        # headless, a frame's picture reaches the window only when something reads the window
        # (a screenshot, a test): the last frame's, exactly as it would have been put there
        self._unshown: tuple[pygame.Surface, bool, int] | None = None
        self.lazy_present = headless  # False: every frame is put into the window (a benchmark's frames)
        self.canvas = pygame.Surface(CANVAS_SIZE)
        self._scaled: pygame.Rect | None = None
        self._scaled_turned: pygame.Surface | None = None  # the scaled frame before it is turned (reused)
        self._turned_buffer: pygame.Surface | None = None  # the turned frame, for a window of another pixel format
        # the picture faces the far side of the table (a far-side person has the screen); the turn
        # dips from `_turn_from` (the last frame as it was shown) to dark and up to the new side
        self.turned = False
        self._turn_from: pygame.Surface | None = None
        self._turn_left = 0.0
        self._turn_total = TURN_SECONDS
        self._bars: list[pygame.Rect] = []
        self.letterbox = Letterbox.fit(CANVAS_SIZE)
        self.input = InputMapper(self.settings, self._window_to_canvas)
        self.input.window_size = lambda: self.letterbox.window
        self.input.current_scene = lambda: self.scenes.top
        self.assets = Assets(self.settings)
        self.scenes = SceneStack(snapshot=self._snapshot)
        self.toasts.scenes = self.scenes  # toasts go where the top scene says (its toast_area), from the first frame
        self.clock = FixedStep()
        self.running = False
        self.frames = 0
        self.frame_ms = 0.0  # last frame's update+draw time, for the performance check
        self.on_frame: Callable[["App"], None] | None = None
        self.apply_motion()
        self.open_window()
        self.assets.init_mixer()
        self.music = Music(self.settings, self.assets.mixer_ok)
        self.assets.on_effect = self.music.on_effect
        self.input.open_existing_controllers()

    # --- services ----------------------------------------------------------------------------------
    def warn(self, message: str) -> None:
        """A warning stays long enough to be read (a 31-word note about settings.json was gone in 4.5 s)."""
        log.warning(message)
        self.toasts.show(message, "warning", seconds=reading_seconds(message))

    def toast(self, message: str, kind: str = "info") -> Toast:
        return self.toasts.show(message, kind)

    def apply_motion(self) -> None:
        MOTION.speed = self.settings.animation_speed
        MOTION.reduced = self.settings.reduced_motion

    def save_settings(self) -> None:
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.warn(f"Your settings could not be saved: {write_problem(exc)}. They hold until you close Tabletime.")
        self.input.rebuild_bindings()
        self.apply_motion()

    # --- window --------------------------------------------------------------------------------
    def open_window(self) -> None:
        flags = 0
        if self.headless:
            size = self.requested_size or CANVAS_SIZE
        elif self.fullscreen:
            flags = pygame.FULLSCREEN
            desktops = pygame.display.get_desktop_sizes() if hasattr(pygame.display, "get_desktop_sizes") else []
            size = desktops[0] if desktops else (0, 0)
        else:
            flags = pygame.RESIZABLE
            size = self.requested_size or self.settings.window_size
        try:
            self.window = pygame.display.set_mode(size, flags)
        except pygame.error as exc:
            log.warning("could not open a %sx%s window (%s); trying 1280x720 windowed", *size, exc)
            self.window = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
        pygame.display.set_caption("Tabletime")
        self._layout()

    def _layout(self) -> None:
        assert self.window is not None
        self.letterbox = Letterbox.fit(self.window.get_size())
        box = pygame.Rect(self.letterbox.offset, self.letterbox.size)
        # a scaled frame goes straight into the window's own pixels there (no copy through a buffer)
        self._scaled = box.clip(self.window.get_rect()) if self.letterbox.size != CANVAS_SIZE else None
        self._bars = bars_around(self.window.get_rect(), box)

    def toggle_mute(self) -> None:
        """M: every sound off at once (music and effects), or back at the volumes it had; kept in
        the settings file, and said, since silence itself says nothing."""
        self.settings.muted = not self.settings.muted
        self.save_settings()
        if self.settings.muted:
            self.toast("Sound off. Press M to turn it back on.", "info")
        else:
            self.toast("Sound on.", "info")
            self.assets.play("click", 0.7)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen
        self.open_window()
        self.save_settings()

    def _window_to_canvas(self, pos: tuple[float, float]) -> tuple[float, float] | None:
        """A window position on the canvas: through the letterbox, and turned back while the picture
        is turned (a tap where a far-side person sees a card lands on that card)."""
        point = self.letterbox.to_canvas(pos)
        if point is None or not self.turned:
            return point
        return turned_point(point)

    # --- the side of the table the picture faces -----------------------------------------------
    def wanted_side(self) -> str:
        """The side the scenes want the picture to face: the first answer of `screen_side()` from
        the top of the stack down (a pause menu or the rules say nothing and follow the table under
        them), "near" when none answers (menus, the title)."""
        for scene in reversed(self.scenes.scenes):
            side = getattr(scene, "screen_side", None)
            said = side() if callable(side) else None
            if said in ("near", "far"):
                return str(said)
        return "near"

    def follow_side(self) -> None:
        """Turn the picture when the side wanted changed: at once for the pointers (the next tap
        lands where the new picture shows things), and for the eye through a short dip to dark from
        the last frame shown (a cut with reduced motion or before any frame)."""
        turned = self.wanted_side() == "far"
        if turned == self.turned:
            return
        if self.frames and not MOTION.reduced:
            self._turn_from = pygame.transform.flip(self.canvas, True, True) if self.turned else self.canvas.copy()
            self._turn_total = min(TURN_SECONDS, max(0.08, MOTION.duration(TURN_SECONDS)))
            self._turn_left = self._turn_total
            # the dip is this change's transition: a cross-fade of the stack under it (a table opened
            # from the seat setup) showed the menu it left upside down in the dip's second half
            self.scenes.end_fade()
        self.turned = turned

    @property
    def turning(self) -> bool:
        """The picture is on its way to the other side (the dip to dark plays)."""
        return self._turn_from is not None

    def _advance_turn(self, seconds: float) -> None:
        if self._turn_from is None:
            return
        self._turn_left -= seconds
        if self._turn_left <= 0:
            self._turn_from = None
            self._turn_left = 0.0

    def _turn_shade(self) -> tuple[pygame.Surface | None, int]:
        """What the dip shows now: the old frame (first half) or None for the new one, and how
        bright (255 = as drawn): down to dark at the middle, then up again."""
        if self._turn_from is None:
            return None, 255
        done = 1.0 - self._turn_left / self._turn_total
        if done < 0.5:
            return self._turn_from, round(255 * (1.0 - done * 2))
        return None, round(255 * (done * 2 - 1.0))

    def _snapshot(self) -> pygame.Surface | None:
        return self.canvas.copy() if self.frames else None

    # --- scenes --------------------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        scene.app = self
        self.scenes.push(scene)

    def pop(self) -> None:
        self.scenes.pop()
        if not self.scenes.scenes:
            self.running = False

    def pop_to(self, scene: Scene) -> None:
        """Close whatever lies over `scene` (a menu, the rules, the results), keeping the bottom one."""
        while self.scenes.top is not scene and len(self.scenes.scenes) > 1:
            self.pop()

    def replace(self, scene: Scene) -> None:
        scene.app = self
        self.scenes.replace(scene)

    def clear_to(self, scene: Scene) -> None:
        scene.app = self
        self.scenes.clear_to(scene)

    def quit(self) -> None:
        self.running = False

    # --- loop ----------------------------------------------------------------------------------
    def dispatch(self, intents: list[Intent]) -> None:
        for intent in intents:
            if intent.kind == "device":
                self.toast(intent.text, "info")
                continue
            if intent.kind == "mute":
                self.toggle_mute()
                continue
            self.scenes.handle(intent)

    def step(self, frame_seconds: float) -> None:
        """One display frame: read input, run the fixed updates it is owed, draw once."""
        started = time.perf_counter()
        self.dispatch(self.input.poll())
        for request in self.input.system:
            if request == "fullscreen":
                self.toggle_fullscreen()
            elif request == "resized" and self.window is not None:
                self.window = pygame.display.get_surface()
                self._layout()
                self.remember_window_size()
        self.input.system.clear()
        if self.input.quit_requested:
            self.running = False
        steps, alpha = self.clock.advance(frame_seconds)
        for _ in range(steps):
            self.dispatch(self.input.update(STEP))
            self.scenes.update(STEP)
            self.toasts.update(STEP)
        self.end_orphaned_text_input()
        self.music.follow(self.scenes.scenes)
        self.music.update(frame_seconds)
        self._advance_turn(frame_seconds)
        self.draw(alpha)
        self.frames += 1
        self.frame_ms = (time.perf_counter() - started) * 1000
        if self.on_frame is not None:
            self.on_frame(self)

    def end_orphaned_text_input(self) -> None:
        """Typing mode swallows the arrow, Q/E, page and menu keys, so it must end with the name field
        that started it. A field can go without finishing: its screen rebuilt while a name was being
        typed (a gamepad plugged in or out at the seat setup) or closed under it. Then the keys would
        stay dead on every later screen, tables included; here typing ends with it."""
        source = self.input
        if not source.text_mode:
            return
        owner = source.text_owner
        if owner is None or owner not in self.scenes.scenes:
            source.stop_text()
            return
        if owner is not self.scenes.top:
            return  # an overlay above it (its own screen ends typing when it must)
        fields = [w for w in getattr(getattr(owner, "group", None), "widgets", []) if hasattr(w, "editing")]
        if fields and not any(getattr(w, "editing", False) for w in fields):
            source.stop_text()  # the screen has name fields and none of them is being typed into

    def draw(self, alpha: float) -> None:
        self.follow_side()  # before drawing: the canvas still holds the frame the dip starts from
        self.scenes.draw(self.canvas, alpha)
        self.toasts.draw(self.canvas)
        self.present()

    @property
    def window(self) -> pygame.Surface | None:
        """The window's surface, holding the last frame presented (see `present`)."""
        if self._unshown is not None:
            picture, turned, brightness = self._unshown
            self._unshown = None
            self._show(picture, turned, brightness)
        return self._window

    @window.setter
    def window(self, surface: pygame.Surface | None) -> None:
        self._window = surface

    def present(self) -> None:
        """The canvas into the window (turned, letterboxed, dimmed by a turn's dip). Headless, no one
        sees the window: the copy waits until the window is read (`window`), so a test's thousands
        of frames do not each pay for a picture only the last of which is ever looked at."""
        if self._window is None:
            return
        if self._window.get_size() != self.letterbox.window:  # resized before its event was read
            self._layout()
        old, brightness = self._turn_shade()
        # the last frame as it was shown, turned or not, while the dip's first half shows it
        picture, turned = (old, False) if old is not None else (self.canvas, self.turned)
        if self.lazy_present:
            self._unshown = (picture, turned, brightness)
            return
        self._show(picture, turned, brightness)

    def _show(self, picture: pygame.Surface, turned: bool, brightness: int) -> None:
        window = self._window
        if window is None:
            return
        if window.get_size() != self.letterbox.window:  # resized before its event was read
            self._layout()
        self._put_picture(window, picture, turned)
        if brightness < 255:
            shown = self._scaled if self._scaled is not None else pygame.Rect(self.letterbox.offset, CANVAS_SIZE)
            window.fill((brightness,) * 3, shown, special_flags=pygame.BLEND_RGB_MULT)
        if self._bars:  # a 4:3 or ultrawide window: a frame in a dark shade of the table's edge, not black
            r, g, b, _ = self.canvas.get_at((0, CANVAS_SIZE[1] // 2))
            edge = (r * 2 // 5, g * 2 // 5, b * 2 // 5)
            for bar in self._bars:
                window.fill(edge, bar)
        if not self.headless:
            pygame.display.flip()

    def _put_picture(self, window: pygame.Surface, picture: pygame.Surface, turned: bool) -> None:
        """`picture` (canvas-sized) into the window's letterbox, turned 180 degrees when `turned`:
        scaled first where the window is smaller, so the turn moves the fewer pixels."""
        if self._scaled is not None:
            if not turned:
                # a subsurface made now, never kept: the window's pixels move when it is resized
                pygame.transform.scale(picture, self._scaled.size, window.subsurface(self._scaled))
                return
            if self._scaled_turned is None or self._scaled_turned.get_size() != self._scaled.size:
                self._scaled_turned = pygame.Surface(self._scaled.size, 0, window)
            pygame.transform.scale(picture, self._scaled.size, self._scaled_turned)
            self._put_turned(window, self._scaled_turned, self._scaled.topleft)
        elif turned:
            self._put_turned(window, picture, self.letterbox.offset)
        else:
            window.blit(picture, self.letterbox.offset)

    def _put_turned(self, window: pygame.Surface, picture: pygame.Surface, at: tuple[int, int]) -> None:
        """`picture` turned 180 degrees into the window at `at`, pixel for pixel as
        `pygame.transform.flip(picture, True, True)` blitted there, without a new 1080p surface a
        frame: its pixels are copied in reverse order straight into the window (0.9 ms where the flip
        and its blit took 2.2 ms at 1920x1080). A copy moves raw pixel values, so a window of another
        pixel format gets the turned picture through a kept surface of the picture's format, blitted."""
        width, height = picture.get_size()
        target, x, y = window, at[0], at[1]
        if not same_pixel_format(window, picture):
            buffer = self._turned_buffer
            if buffer is None or buffer.get_size() != (width, height) or not same_pixel_format(buffer, picture):
                buffer = self._turned_buffer = pygame.Surface((width, height), 0, picture)
            target, x, y = buffer, 0, 0
        source_pixels, target_pixels = pygame.PixelArray(picture), pygame.PixelArray(target)
        try:
            target_pixels[x:x + width, y:y + height] = source_pixels[::-1, ::-1]
        finally:
            source_pixels.close()
            target_pixels.close()
        if target is not window:
            window.blit(target, at)

    def run(self, quit_after_frames: int | None = None) -> int:
        """The main loop. Returns the process exit code."""
        self.running = True
        last = time.perf_counter()
        last_crash = -1e9
        while self.running and self.scenes.top is not None:
            now = time.perf_counter()
            frame = now - last
            last = now
            try:
                self.step(frame)
            except Exception:
                # One failure sends the player back to the title with a note; a second one soon
                # after is a real bug and ends the program with its traceback.
                if now - last_crash < 10.0:
                    raise
                last_crash = now
                log.exception("a scene failed; returning to the title")
                self._recover()
            if quit_after_frames is not None and self.frames >= quit_after_frames:
                break
            spare = 1 / 144 - (time.perf_counter() - now)
            if spare > 0.001:
                time.sleep(spare)  # vsync is not guaranteed; do not spin a core
        self.shutdown()
        return 0

    def _recover(self) -> None:
        from game.ui.title import TitleScene

        try:
            for scene in list(self.scenes.scenes):
                scene.exit()
        except Exception:
            log.exception("a scene failed while closing")
        self.scenes.scenes.clear()
        self.input.capture = None  # a binding row that was waiting for a key went with its screen
        self.input.stop_text()
        self.push(TitleScene(self))
        self.toast("Something went wrong and that screen was closed. An autosaved game can be continued.",
                   "error")

    def run_frames(self, frames: int, frame_seconds: float = 1 / 60) -> None:
        """Advance a fixed number of frames with a fixed frame time (screenshots and tests)."""
        self.running = True
        for _ in range(frames):
            self.step(frame_seconds)

    def remember_window_size(self) -> None:
        """A window resized by dragging its edge opens at that size next time (Settings shows it):
        kept in the settings, written when Tabletime closes (a drag sends many sizes). A size given
        on the command line (--size) is that run's only."""
        if self.fullscreen or self.requested_size is not None or self.window is None:
            return
        width, height = self.window.get_size()
        if 320 <= width <= 16384 and 320 <= height <= 16384 and (width, height) != tuple(self.settings.window_size):
            self.settings.window_size = (width, height)
            self._window_size_unsaved = True

    def shutdown(self) -> None:
        if self._window_size_unsaved:
            self._window_size_unsaved = False
            self.save_settings()
        for scene in list(self.scenes.scenes):
            scene.exit()
        self.scenes.scenes.clear()
        self.music.stop()
