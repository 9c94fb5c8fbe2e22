"""A long evening in one process: does Tabletime stay as small and as fast after many games as in its first?

    .venv/bin/python tools/bench_soak.py            # 50 games (20 took 5 minutes here, 50 with the
                                                    # cores shared by ~15 other jobs 27 minutes)
    .venv/bin/python tools/bench_soak.py --quick    # 4 short games, one of each kind, the last at a LAN
                                                    # table (proves the script runs: 30 s here, 3 minutes on those
                                                    # shared cores)
    .venv/bin/python tools/bench_soak.py --games 20 --json

One headless App plays game after game of all four kinds the way a family does: the title's Play, the
game picker and the seat setup clicked with the mouse, the person's moves chosen by an expert bot and
sent as the table sends a person's, the bots at the other seats; after the results Play again, Change
seats or Back to title in turn, and between games the window resized (1280x720, 1920x1080, 1024x768),
the rules paged through, Settings changed (animation speed, reduced motion) and the pause menu opened
over a table (its rules, Suggest a move); every fifth game is played at a LAN table on loopback (a
host with bots, this screen's person as a guest; no lobby, so no zeroconf). The bots move at once (no pause between their moves) and
each drawn frame runs four 120 Hz updates, so an evening of play takes minutes.

Measured after games 1, 10, 50 (and a few in between): Python's own allocations (tracemalloc, after a
full collection), the process's resident memory (/proc/self/statm), the entries of every cache of
drawn things (each SurfaceLRU, each functools.lru_cache in game/, the asset loader's images, scaled
images and sounds, the music's notes), the table scenes and sessions still alive, the threads and the
toasts. The frame cost (CPU time of the drawing thread, `time.thread_time`) of the same seeded Lost
Cities table and the title screen at 1920x1080 is timed after the first game and again at the end.

Fails (exit 1) when memory at the end passes the most it had by mid-evening by more than an allowance,
a cache holds more than its bound (entries, or bytes for a SurfaceLRU) or an unbounded one grew at
every checkpoint of the second half, a finished table or session is still alive or threads are left
behind at the title, or the late frames' median is much slower than the early ones'. --quick judges
only what must hold after any game (nothing left alive, every cache within its bound).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["TABLETIME_DATA_DIR"] = tempfile.mkdtemp(prefix="tabletime-bench-soak-")
os.environ.setdefault("TABLETIME_LAN_INTERFACES", "127.0.0.1")

import pygame  # noqa: E402

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1920, 1080), (1024, 768))
# (game, seats, options): every kind, several seat counts, the Labyrinth's tutorial (a person and,
# from the second time, a companion bot in turns)
GAMES_PLAYED: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("lost-cities", 2, {"rounds": 1}),
    ("lost-in-time", 3, {}),
    ("time-after-time", 3, {}),
    ("labyrinth", 1, {}),
    ("lost-in-time", 5, {}),
    ("time-after-time", 4, {}),
    ("lost-cities", 2, {"rounds": 2}),
    ("labyrinth", 2, {}),
)
QUICK_GAMES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("lost-cities", 2, {"rounds": 1}), ("time-after-time", 2, {}), ("labyrinth", 1, {}), ("lost-in-time", 2, {}),
)
FRAME = 8 / 120  # eight 120 Hz updates a drawn frame (the most the loop runs for one)
MAX_GAME_FRAMES = 40_000  # a game that has not ended by then is this script's failure
MB = 1024 * 1024
# the allowances of the verdict: memory may settle a little in the second half, never keep climbing
RSS_GROWTH_ALLOWED_MB = 40.0
PYTHON_GROWTH_ALLOWED_MB = 8.0
LATE_FRAME_RATIO_ALLOWED = 1.5  # late median / early median
LATE_FRAME_SLACK_MS = 1.0  # and more than this many ms slower


def rss_mb() -> float:
    """The process's resident memory, from /proc/self/statm (0 where there is none)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / MB


def held_bytes(cached: Any) -> int:
    """The pixels of the surfaces an lru_cache holds (its results, found through the collector)."""
    total = 0
    for inner in gc.get_referents(cached):
        if isinstance(inner, dict):
            for value in inner.values():
                for item in (value if isinstance(value, tuple) else (value,)):
                    if isinstance(item, pygame.Surface):
                        total += item.get_width() * item.get_height() * item.get_bytesize()
    return total


def cache_megabytes(app: Any) -> dict[str, float]:
    """The pixel memory of every cache that holds surfaces: name -> MB (those over 0.5 MB)."""
    from game.ui.look.cache import caches

    found: dict[str, float] = {f"lru {cache.name}": cache.used / MB for cache in caches()}
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("game.") or module is None:
            continue
        for attr, value in sorted(vars(module).items()):
            if callable(getattr(value, "cache_info", None)) and getattr(value, "__module__", None) == module_name \
                    and not hasattr(value, "surfaces"):
                found[f"{module_name.removeprefix('game.')}.{attr}"] = held_bytes(value) / MB
    return {name: mb for name, mb in found.items() if mb >= 0.5}


def sound_names() -> int:
    """How many effects there are to load (the asset loader's dicts are keyed by effect name)."""
    from game.ui.assets import SOUND_DIR

    return len({path.stem for path in SOUND_DIR.glob("*.*")})


def note_count() -> int:
    """How many notes all the moods together may load."""
    from game.ui.music_score import MOODS, needed_pitches

    return sum(len(pitches) for pitches in needed_pitches(list(MOODS)).values())


def cache_census(app: Any) -> dict[str, tuple[int, int | None]]:
    """Every cache of drawn or loaded things: name -> (entries, bound). The bound is a count; a
    SurfaceLRU is bounded by its bytes instead (`byte_census`), its count bound then -1."""
    from game.ui.look.cache import caches

    found: dict[str, tuple[int, int | None]] = {}
    for cache in caches():
        found[f"lru {cache.name}"] = (len(cache), cache.max_items if cache.max_items is not None else -1)
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("game.") or module is None:
            continue
        for attr, value in sorted(vars(module).items()):
            info = getattr(value, "cache_info", None)
            if callable(info) and getattr(value, "__module__", None) == module_name:
                stats = info()
                found[f"{module_name.removeprefix('game.')}.{attr}"] = (stats.currsize, stats.maxsize)
    assets = app.assets
    effects = sound_names()
    for attr in ("_sounds", "_takes", "_started", "_played", "_warned"):
        found[f"assets.{attr}"] = (len(getattr(assets, attr)), effects)
    found["assets._images"] = (len(assets._images), None)
    player = getattr(app.music, "player", None)
    if player is not None:
        found["music notes"] = (len(player.sounds), note_count())
    return found


def byte_census() -> dict[str, tuple[float, float, float]]:
    """Each SurfaceLRU: name -> (MB held, MB peak, MB budget)."""
    from game.ui.look.cache import caches

    return {f"lru {cache.name}": (cache.used / MB, cache.peak / MB, cache.budget / MB) for cache in caches()}


def live_objects() -> dict[str, int]:
    """Objects a finished game must not leave behind: its table scenes, sessions, results."""
    from game.session.base import Session
    from game.ui.scene import Scene

    gc.collect()
    counts: dict[str, int] = {"scenes": 0, "tables": 0, "sessions": 0}
    from game.ui.table_base import TableSceneBase

    for obj in gc.get_objects():
        if isinstance(obj, Scene):
            counts["scenes"] += 1
            if isinstance(obj, TableSceneBase):
                counts["tables"] += 1
        elif isinstance(obj, Session):
            counts["sessions"] += 1
    return counts


@dataclass
class Checkpoint:
    games: int
    seconds: float
    python_mb: float
    python_peak_mb: float
    rss_mb: float
    caches: dict[str, tuple[int, int | None]]
    bytes: dict[str, tuple[float, float, float]]
    live: dict[str, int]
    threads: int
    toasts: int
    scenes_on_stack: int


@dataclass
class Evening:
    """One App, driven by real input where a person would give it, and what was measured."""

    app: Any
    rng: random.Random
    person_level: str = "expert"
    games: int = 0
    frames: int = 0
    checkpoints: list[Checkpoint] = field(default_factory=list)
    frame_ms: dict[str, dict[str, float]] = field(default_factory=dict)
    started: float = field(default_factory=time.monotonic)
    size_index: int = 0
    hurry: bool = True  # Enter over the bots' moves (ten times as fast), as an impatient family does

    # --- input as a person gives it ---------------------------------------------------------------
    def step(self, count: int = 1) -> None:
        for _ in range(count):
            self.app.step(FRAME)
            self.frames += 1

    def window_point(self, canvas: tuple[float, float]) -> tuple[int, int]:
        box = self.app.letterbox
        return (int(canvas[0] * box.scale + box.offset[0]), int(canvas[1] * box.scale + box.offset[1]))

    def key(self, code: int, settle: int = 3) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
        self.step(settle)

    def click(self, canvas: tuple[float, float], settle: int = 3) -> None:
        at = self.window_point(canvas)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
        self.step(settle)

    def point(self, canvas: tuple[float, float]) -> None:
        at = self.window_point(canvas)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0)))

    def click_label(self, label: str, settle: int = 3) -> None:
        """Click the top scene's widget with this label (the last one: the Back button, not a binding row)."""
        scene = self.app.scenes.top
        for widget in reversed(getattr(getattr(scene, "group", None), "widgets", [])):
            if getattr(widget, "label", None) == label:
                self.click(widget.rect.center, settle)
                return
        labels = [getattr(w, "label", None) for w in getattr(getattr(scene, "group", None), "widgets", [])]
        raise RuntimeError(f"no {label!r} on {type(scene).__name__}: {labels}")

    def top_name(self) -> str:
        top = self.app.scenes.top
        return getattr(top, "name", type(top).__name__)

    def wait_for(self, name: str, limit: int = 400) -> None:
        for _ in range(limit):
            if self.top_name() == name:
                return
            self.step()
        raise RuntimeError(f"waited for the {name} screen; the top is {self.top_name()}")

    def resize(self) -> None:
        """The window dragged to the next size: SDL resizes it and says so."""
        self.size_index = (self.size_index + 1) % len(WINDOW_SIZES)
        size = WINDOW_SIZES[self.size_index]
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        self.step(3)

    # --- the evening ------------------------------------------------------------------------------
    def to_title(self) -> None:
        from game.ui.title import TitleScene

        if not isinstance(self.app.scenes.top, TitleScene) or len(self.app.scenes.scenes) > 1:
            self.app.clear_to(TitleScene(self.app))
        self.step(10)

    def read_rules(self) -> None:
        """Title -> Rules: a few pages in, the next game's rules, back."""
        self.click_label("Rules")
        self.wait_for("rules")
        for code in (pygame.K_PAGEDOWN, pygame.K_PAGEDOWN, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.key(code, settle=4)
        self.key(pygame.K_ESCAPE, settle=10)
        self.wait_for("title")

    def change_settings(self) -> None:
        """Title -> Settings: the animation speed stepped on, reduced motion now and then, back."""
        self.click_label("Settings")
        self.wait_for("settings")
        self.click_label("Animation speed")
        if self.rng.random() < 0.3:
            self.click_label("Reduced motion")
        self.key(pygame.K_ESCAPE, settle=10)
        self.wait_for("title")

    def start_game(self, game: str, seats: int, options: dict[str, Any]) -> Any:
        """Title -> Play -> the game's tile -> the seat setup -> Start (a saved game given up)."""
        from game.core.registry import GAMES

        self.click_label("Play")
        self.wait_for("picker")
        title = next(info.title for info in GAMES if info.game_id == game)
        self.click_label(title)
        self.wait_for("setup")
        self.configure_setup(seats, options)
        self.click_label("Start the game")
        if self.top_name() == "confirm":
            self.click_label("Start the new game")
        return self.table_started()

    def configure_setup(self, seats: int, options: dict[str, Any]) -> None:
        setup = self.app.scenes.top
        setup.set_seat_count(seats)
        for seat in range(1, seats):
            setup.set_who(seat, "expert")
        for name, value in options.items():
            setup.set_option(name, value)
        setup.build()
        self.step(2)

    def table_started(self) -> Any:
        from game.ui.table_base import TableSceneBase

        for _ in range(60):
            table = self.app.scenes.find(TableSceneBase)  # the Labyrinth opens under its story's first sheet
            if table is not None:
                table.session.bot_delay = 0.0  # bots move at once (an evening in minutes)
                return table
            self.step()
        raise RuntimeError(f"no table opened; the top is {self.top_name()}")

    def play_to_results(self, table: Any, visit_pause: bool, wrapper: Any = None) -> None:
        """The person's moves (an expert's choice, sent as the table sends a click's) until the results.
        `wrapper`: the scene on the stack when it is not the table itself (a LAN table's)."""
        wrapper = table if wrapper is None else wrapper
        from game.bots.base import make_bot

        from game.core.registry import find_game

        person = make_bot(table.game_id, self.person_level, find_game(table.game_id), table.viewer,
                          self.rng.randrange(1 << 30))
        paused = False
        progress, still_frames = None, 0
        for frame in range(MAX_GAME_FRAMES):
            top = self.app.scenes.top
            if getattr(top, "name", "") in ("results", "breakdown"):
                return
            now = (table.shown.version if table.shown is not None else -1, table.animating,
                   len(self.app.scenes.scenes))
            still_frames = still_frames + 1 if now == progress else 0
            progress = now
            if top is wrapper and table.can_act:
                if visit_pause and not paused and frame > 30:
                    paused = True
                    self.visit_pause_menu()
                    continue
                legal = [a for a in table.legal if a.kind != "reorder"] or list(table.legal)
                table.submit(person.choose(table.view, legal))
                self.point((self.rng.randrange(200, 1700), self.rng.randrange(200, 900)))
            elif top is wrapper and (still_frames > 45 or (self.hurry and table.can_hurry)):
                # a panel read to its end (a round's scores: Next) or, as a person in a hurry does, Enter
                # to hurry what the bots play
                self.key(pygame.K_RETURN, settle=1)
                still_frames = 0
                continue
            elif top is not wrapper and getattr(top, "name", "") in ("tips", "confirm"):
                self.key(pygame.K_ESCAPE)
            elif top is not wrapper and still_frames > 45:  # a sheet over the table waits for a press
                self.key(pygame.K_RETURN if still_frames < 200 else pygame.K_ESCAPE, settle=1)
                continue
            self.step()
        raise RuntimeError(f"{table.game_id} did not end in {MAX_GAME_FRAMES} frames; the top is {self.top_name()}")

    def visit_pause_menu(self) -> None:
        """Escape at the table: Suggest a move, the rules at this step, back, resume."""
        self.key(pygame.K_ESCAPE, settle=8)
        if self.top_name() != "pause":
            return
        pause = self.app.scenes.top
        labels = [getattr(w, "label", "") for w in pause.group.widgets]
        if "Suggest a move" in labels:
            self.click_label("Suggest a move", settle=8)
            if self.top_name() == "pause":
                self.key(pygame.K_ESCAPE, settle=8)
            self.key(pygame.K_ESCAPE, settle=8)
        if self.top_name() == "pause" and "Rules" in labels:
            self.click_label("Rules", settle=8)
            self.key(pygame.K_PAGEDOWN, settle=4)
            self.key(pygame.K_ESCAPE, settle=8)
        if self.top_name() == "pause":
            self.key(pygame.K_ESCAPE, settle=8)

    def play_lan_game(self, game: str, seats: int) -> None:
        """A LAN table on loopback: a host with bots at the other seats, this screen's person as a
        guest, played to the results, then left for the title and the host closed. Nothing here
        starts zeroconf (no lobby, no advertising)."""
        from game.ui.lobby_room import LanTableScene
        from game.ui.tables import table_scene_for
        from net.client import RemoteSession
        from net.host import start_host

        handle = start_host(game, ",".join(["open"] + ["bot:expert"] * (seats - 1)), bot_delay=0.0,
                            seed=self.rng.randrange(1 << 30))
        session = RemoteSession("127.0.0.1", handle.port, name="Guest", seats=[0])
        try:
            for _ in range(400):
                if session.latest(0) is not None:
                    break
                time.sleep(0.01)
            factory = table_scene_for(game)
            assert factory is not None
            table = factory(self.app, session)
            wrapper = LanTableScene(self.app, session, table)
            self.app.push(wrapper)
            self.play_to_results(table, visit_pause=False, wrapper=wrapper)
            del table, wrapper
            self.wait_for("results")
            self.step(40)
            self.click_label("Back to title", settle=10)
        finally:
            session.close()
            handle.stop()

    def after_results(self, how: str) -> None:
        self.wait_for("results")
        self.step(60)  # the confetti, the counting scores
        if how == "again":
            self.click_label("Play again", settle=10)
        elif how == "seats":
            self.click_label("Change seats", settle=10)
        else:
            self.click_label("Back to title", settle=10)

    def checkpoint(self) -> Checkpoint:
        gc.collect()
        current, peak = tracemalloc.get_traced_memory() if tracemalloc.is_tracing() else (0, 0)
        point = Checkpoint(self.games, time.monotonic() - self.started, current / MB, peak / MB, rss_mb(),
                           cache_census(self.app), byte_census(), live_objects(), threading.active_count(),
                           len(self.app.toasts.items), len(self.app.scenes.scenes))
        self.checkpoints.append(point)
        return point

    def time_frames(self, label: str, frames: int) -> None:
        """The frame cost of the same two screens at 1920x1080: a seeded Lost Cities table and the title."""
        import main
        from game.ui.title import TitleScene

        pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
        results: dict[str, float] = {}
        for screen in ("table", "title"):
            scene = main.build_scene(self.app, screen, "lost-cities" if screen == "table" else None, 2, seed=3)
            self.app.clear_to(scene)
            self.app.run_frames(150, 1 / 120)
            costs = []
            for _ in range(frames):
                started = time.thread_time()
                self.app.step(1 / 120)
                costs.append((time.thread_time() - started) * 1000)
            results[screen] = statistics.median(costs)
        self.app.clear_to(TitleScene(self.app))
        self.step(10)
        self.frame_ms[label] = results
        size = WINDOW_SIZES[self.size_index]
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        self.step(3)


def play_evening(games: int, lineup: tuple[tuple[str, int, dict[str, Any]], ...], checkpoints: set[int],
                 timed_frames: int, say: Callable[[str], None], verbose: bool = False,
                 lan_every: int = 5) -> Evening:
    from game.ui.app import App
    from game.ui.music import Music
    from game.ui.settings import Settings
    from game.ui.title import TitleScene

    settings = Settings()
    settings.first_game_tips = False  # the family has seen them; a tip waits for a press
    settings.window_size = WINDOW_SIZES[0]
    app = App(settings, headless=True, size=WINDOW_SIZES[0], windowed=True)
    app.lazy_present = False  # an evening's frames each reach the window, as on a screen
    if app.assets.mixer_ok and app.music.player is None:  # SDL's dummy audio: play the notes anyway
        app.music = Music(app.settings, True, audible=True)
        app.assets.on_effect = app.music.on_effect
    app.push(TitleScene(app))
    evening = Evening(app, random.Random(15))
    evening.step(20)
    evening.checkpoint()
    say(f"{'games':>5} {'min':>5} {'python MB':>9} {'RSS MB':>7} {'tables':>6} {'sessions':>8} {'threads':>7}")
    afterwards = ("again", "title", "seats", "title")
    try:
        table = None
        for number in range(1, games + 1):
            game, seats, options = lineup[(number - 1) % len(lineup)]
            if table is None and number % lan_every == 0:  # now and then a LAN table
                evening.to_title()
                evening.resize()
                began, frames_before = time.monotonic(), evening.frames
                evening.play_lan_game(game, max(2, seats))
                evening.games = number
                if verbose:
                    say(f"  game {number}: {game} ({max(2, seats)} seats) at a LAN table, "
                        f"{evening.frames - frames_before} frames, {time.monotonic() - began:.1f} s")
                evening.to_title()
                if number in checkpoints:
                    point = evening.checkpoint()
                    say(f"{point.games:5d} {point.seconds / 60:5.1f} {point.python_mb:9.1f} {point.rss_mb:7.1f} "
                        f"{point.live['tables']:6d} {point.live['sessions']:8d} {point.threads:7d}")
                continue
            if table is None:
                evening.to_title()
                if number % 3 == 0:
                    evening.read_rules()
                if number % 4 == 1:
                    evening.change_settings()
                evening.resize()
                table = evening.start_game(game, seats, options)
            began, frames_before = time.monotonic(), evening.frames
            evening.play_to_results(table, visit_pause=number % 2 == 1)
            evening.games = number
            if verbose:
                say(f"  game {number}: {game} ({seats} seats), {evening.frames - frames_before} frames, "
                    f"{time.monotonic() - began:.1f} s")
            how = afterwards[number % len(afterwards)]
            next_game = lineup[number % len(lineup)]
            if how == "again" and next_game[0] != game:
                how = "title"
            evening.after_results(how)
            if how == "again":
                table = evening.table_started()
            elif how == "seats":
                evening.wait_for("setup")
                evening.key(pygame.K_ESCAPE, settle=10)  # Back from the setup: the title
                table = None
            else:
                table = None
            if number == 1:
                evening.to_title()
                evening.time_frames("early", timed_frames)
            if number in checkpoints:
                if table is not None:
                    table = None  # a Play again table is left: the next game starts from the title
                    evening.to_title()
                point = evening.checkpoint()
                say(f"{point.games:5d} {point.seconds / 60:5.1f} {point.python_mb:9.1f} {point.rss_mb:7.1f} "
                    f"{point.live['tables']:6d} {point.live['sessions']:8d} {point.threads:7d}")
        evening.to_title()
        evening.time_frames("late", timed_frames)
        evening.checkpoint()
    finally:
        app.shutdown()
    return evening


def verdict(evening: Evening, quick: bool = False) -> list[str]:
    """What grew, stayed alive or slowed down: empty when the evening stayed bounded. A quick run is
    too short to judge growth or speed: it checks only what must hold after any game."""
    problems: list[str] = []
    points = evening.checkpoints
    if len(points) < 3:
        return problems
    last = points[-1]
    # the caches fill towards their bounds in the first half; from mid-evening on memory must stay
    # within an allowance of the most it had reached by then
    middle = next(i for i, p in enumerate(points) if p.games >= last.games / 2)
    first_half = points[:middle + 1]
    half = max(first_half, key=lambda p: p.rss_mb)
    python_half = max(first_half, key=lambda p: p.python_mb)
    if last.threads > points[0].threads + 1:
        problems.append(f"{last.threads} threads at the title (at the start: {points[0].threads})")
    if not quick and last.rss_mb - half.rss_mb > RSS_GROWTH_ALLOWED_MB:
        problems.append(f"resident memory grew {last.rss_mb - half.rss_mb:.1f} MB past the most it had by "
                        f"mid-evening ({half.rss_mb:.1f} MB after {half.games} games -> {last.rss_mb:.1f} MB)")
    if not quick and last.python_mb - python_half.python_mb > PYTHON_GROWTH_ALLOWED_MB:
        problems.append(f"Python's allocations grew {last.python_mb - python_half.python_mb:.1f} MB past the most "
                        f"they had by mid-evening ({python_half.python_mb:.1f} -> {last.python_mb:.1f} MB)")
    for name, (held, peak, budget) in last.bytes.items():
        if held > budget * 1.05:  # the newest entry always stays, however big
            problems.append(f"cache {name} holds {held:.1f} MB, over its budget {budget:.1f} MB")
    for name, (entries, bound) in last.caches.items():
        if bound is not None and bound >= 0 and entries > bound:
            problems.append(f"cache {name} holds {entries} entries, over its bound {bound}")
        series = [p.caches.get(name, (0, None))[0] for p in points[middle:]]
        if not quick and bound is None and len(series) >= 3 and all(b > a for a, b in zip(series, series[1:])):
            problems.append(f"cache {name} grew at every checkpoint of the second half: {series}")
    if last.live["tables"] > 1:
        problems.append(f"{last.live['tables']} table scenes are still alive at the title")
    if last.live["sessions"] > 1:
        problems.append(f"{last.live['sessions']} game sessions are still alive at the title")
    early, late = evening.frame_ms.get("early", {}), evening.frame_ms.get("late", {})
    for screen, before in ({} if quick else early).items():
        after = late.get(screen, before)
        if after > before * LATE_FRAME_RATIO_ALLOWED and after - before > LATE_FRAME_SLACK_MS:
            problems.append(f"{screen} frames: {before:.2f} ms early, {after:.2f} ms late")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50, help="games in the evening (default 50)")
    parser.add_argument("--quick", action="store_true", help="4 short games, one of each kind (proves the script runs)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--verbose", action="store_true", help="a line for every game played")
    parser.add_argument("--no-tracemalloc", action="store_true", help="RSS only (tracemalloc slows Python ~2x)")
    args = parser.parse_args(argv)
    lineup = GAMES_PLAYED
    games = args.games
    timed_frames = 240
    if args.quick:
        games, lineup, timed_frames = 4, QUICK_GAMES, 30
    checkpoints = {n for n in (1, 2, 5, 10, 20, 30, 40, 50, 75, 100) if n <= games} | {games}
    if args.quick:
        checkpoints = {1, 2, 3, 4}
    say: Callable[[str], None] = (lambda line: None) if args.json else (lambda line: print(line, flush=True))
    if not args.no_tracemalloc:
        tracemalloc.start(1)
    evening = play_evening(games, lineup, checkpoints, timed_frames, say, args.verbose,
                           lan_every=4 if args.quick else 5)
    problems = verdict(evening, args.quick)
    if args.json:
        print(json.dumps({"checkpoints": [point.__dict__ for point in evening.checkpoints],
                          "frame_ms": evening.frame_ms, "frames": evening.frames, "problems": problems},
                         indent=2, default=list))
    else:
        first, last = evening.checkpoints[0], evening.checkpoints[-1]
        print(f"\n{evening.frames} frames drawn, {last.seconds / 60:.1f} minutes")
        print("caches (entries at the start -> after each checkpoint; bound):")
        for name in sorted(last.caches):
            series = [p.caches.get(name, (0, None))[0] for p in evening.checkpoints]
            bound = last.caches[name][1]
            if max(series) == 0:
                continue
            if name in last.bytes:
                held, peak, budget = last.bytes[name]
                limit = f"{held:.1f} MB held, peak {peak:.1f} of {budget:.0f} MB"
            else:
                limit = f"bound {bound if bound is not None else '-'}"
            print(f"  {name:52s} {' '.join(f'{n:4d}' for n in series)}   {limit}")
        for label, screens in evening.frame_ms.items():
            print(f"frame ms {label:5s}: " + ", ".join(f"{s} {ms:.2f}" for s, ms in screens.items()))
        print("OK: memory, caches and frames stayed bounded" if not problems else "GROWING:")
        for problem in problems:
            print(f"  {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
