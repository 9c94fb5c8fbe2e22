"""Images and sounds by logical name from art/ and sounds/, loaded once and cached.

A missing or broken file is logged once and never crashes the game: `image()` returns None (the
caller draws a fallback) and `play()` stays silent. Volumes come from the settings.

Fast play (bots at speed x2, reduced motion, a six-seat deal) can ask for the same effect many times
within a blink; `play()` keeps that from turning into a roar: an effect does not start again sooner
than a share of its own length after it last started, and never sounds on more than MAX_VOICES
channels at once.

The card sounds come back hundreds of times a game (one Lost Cities round played 96 card sounds and 25
turn chimes): the same sample each time turns into a machine-gun tick over an hour. Each effect in
VARIED gets two more takes built in code from its own file, a little lower and a little higher
(PITCH_TAKES, under a semitone), and `play()` never plays the same take twice in a row.
"""

from __future__ import annotations

import io
import logging
import time
import wave
from pathlib import Path
from typing import Callable

import pygame

from game.ui.look.cache import SurfaceLRU
from game.ui.settings import Settings

log = logging.getLogger(__name__)

REPO_ROOT = Path(__file__).resolve().parents[2]
ART_DIR = REPO_ROOT / "art"
SOUND_DIR = REPO_ROOT / "sounds"
SOUND_EXTENSIONS = (".wav", ".ogg")
MAX_VOICES = 3  # one effect on more channels than this is only louder, not clearer
REPEAT_SHARE = 0.25  # an effect may start again after this share of its length ...
REPEAT_MIN_SECONDS = 0.03  # ... but never sooner than this (two card ticks in a frame are one tick)
REPEAT_MAX_SECONDS = 0.35  # ... and a long cue (a ghost, a disaster) may come back after this
SCALED_ART_BYTES = 16 * 1024 * 1024  # art scaled to the sizes screens ask for (a tile, a logo, a card back)
VARIED = ("place", "slide", "flip", "deal", "knock")  # the card sounds heard on every move
PITCH_TAKES = (1.0, 0.955, 1.045)  # the file, then about 0.8 semitone lower (longer) and higher (shorter)
# the order the takes play in: every take once per round, never the same take twice in a row
TAKE_ORDER = (0, 1, 2, 0, 2, 1)


def read_wav(path: Path) -> tuple["wave._wave_params", bytes]:
    """A WAV file's format and sample frames."""
    with wave.open(str(path), "rb") as source:
        return source.getparams(), source.readframes(source.getnframes())


def wav_sound(params: "wave._wave_params", frames: bytes) -> pygame.mixer.Sound:
    """Sample frames in `params`' format as a Sound, through an in-memory WAV: SDL converts them to
    the mixer's rate and format (its resampler is C and band-limited)."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setparams(params)
        out.writeframes(frames)
    buffer.seek(0)
    return pygame.mixer.Sound(file=buffer)


def pitched(path: Path, ratio: float) -> pygame.mixer.Sound:
    """The WAV at `path` played `ratio` times as fast (higher and shorter above 1): its samples are
    declared at `ratio` times their rate, and SDL's resampler brings them to the mixer's rate as it
    loads them; a few hundred microseconds for a card sound."""
    params, frames = read_wav(path)
    return wav_sound(params._replace(framerate=max(1, round(params.framerate * ratio))), frames)


class Assets:
    def __init__(self, settings: Settings, art_dir: Path = ART_DIR, sound_dir: Path = SOUND_DIR,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.clock = clock
        self._started: dict[str, float] = {}  # effect name -> when it last started
        self.art_dir = art_dir
        self.sound_dir = sound_dir
        self._images: dict[str, pygame.Surface | None] = {}
        # keyed by size: a screen whose layout follows the window or its options asks for new sizes, so
        # the copies are bounded by their bytes (a dict kept every size ever asked for)
        self._scaled = SurfaceLRU("scaled art", SCALED_ART_BYTES, released_with_tables=False)
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._takes: dict[str, list[pygame.mixer.Sound]] = {}  # a VARIED effect's takes, the file first
        self._played: dict[str, int] = {}  # effect name -> how many times it started (picks the take)
        self._warned: set[str] = set()
        self.mixer_ok = False
        # told of every effect that starts, with its length (the music ducks under the stingers)
        self.on_effect: Callable[[str, float], None] | None = None

    def _warn_once(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message)

    # --- images ----------------------------------------------------------------------------------
    def image(self, name: str) -> pygame.Surface | None:
        """`image("logo")`, `image("tiles/lost-cities")`: art/<name>.png, or None if missing."""
        if name in self._images:
            return self._images[name]
        path = self.art_dir / f"{name}.png"
        surface: pygame.Surface | None = None
        if not path.exists():
            self._warn_once(name, f"art/{name}.png is missing; drawing a fallback")
        else:
            try:
                surface = pygame.image.load(str(path))
                if pygame.display.get_surface() is not None:
                    surface = surface.convert_alpha()
            except (pygame.error, OSError) as exc:
                self._warn_once(name, f"art/{name}.png could not be loaded ({exc}); drawing a fallback")
                surface = None
        self._images[name] = surface
        return surface

    def image_scaled(self, name: str, size: tuple[int, int]) -> pygame.Surface | None:
        """The image smooth-scaled to `size`, cached (never scale per frame); None if it is missing."""
        width, height = max(1, int(size[0])), max(1, int(size[1]))
        base = self.image(name)
        if base is None:
            return None
        if base.get_size() == (width, height):
            return base
        return self._scaled.get_or_build((name, width, height),
                                         lambda: pygame.transform.smoothscale(base, (width, height)))

    # --- sounds ----------------------------------------------------------------------------------
    def init_mixer(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(24)
            self.mixer_ok = True
        except pygame.error as exc:
            self.mixer_ok = False
            log.warning("sound is off: the audio device could not be opened (%s)", exc)

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        found: pygame.mixer.Sound | None = None
        if self.mixer_ok:
            for ext in SOUND_EXTENSIONS:
                path = self.sound_dir / f"{name}{ext}"
                if path.exists():
                    try:
                        found = pygame.mixer.Sound(str(path))
                    except pygame.error as exc:
                        self._warn_once("sound:" + name, f"sounds/{path.name} could not be loaded ({exc})")
                    break
            else:
                self._warn_once("sound:" + name, f"sounds/{name}.wav is missing; that effect stays silent")
        self._sounds[name] = found
        return found

    def takes(self, name: str) -> list[pygame.mixer.Sound]:
        """The takes `play(name)` chooses from: the file alone, or for a VARIED effect the file and
        its PITCH_TAKES built from it (once, on first use)."""
        if name in self._takes:
            return self._takes[name]
        effect = self.sound(name)
        found: list = [] if effect is None else [effect]
        path = self.sound_dir / f"{name}.wav"
        if effect is not None and name in VARIED and isinstance(effect, pygame.mixer.Sound) and path.exists():
            try:
                found += [pitched(path, ratio) for ratio in PITCH_TAKES[1:]]
            except (pygame.error, OSError, EOFError, wave.Error) as exc:
                self._warn_once("takes:" + name, f"{name} plays one take only ({exc})")
        self._takes[name] = found
        return found

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play an effect at `volume` x master x effects volume; silent if unavailable."""
        gain = self.settings.effects_gain * volume
        if not self.mixer_ok or gain <= 0:
            return
        takes = self.takes(name)
        if not takes:
            return
        effect = takes[TAKE_ORDER[self._played.get(name, 0) % len(TAKE_ORDER)] % len(takes)]
        if not self._may_start(name, takes):
            return
        self._played[name] = self._played.get(name, 0) + 1
        try:
            channel = effect.play()
            if channel is not None:
                channel.set_volume(min(1.0, gain))
                if self.on_effect is not None:
                    self.on_effect(name, effect.get_length())
        except pygame.error as exc:
            self._warn_once("play:" + name, f"could not play {name}: {exc}")

    def _may_start(self, name: str, takes: list[pygame.mixer.Sound]) -> bool:
        """False when `name` started a moment ago or already sounds on MAX_VOICES channels (its takes
        together)."""
        now = self.clock()
        gap = min(REPEAT_MAX_SECONDS, max(REPEAT_MIN_SECONDS, REPEAT_SHARE * takes[0].get_length()))
        last = self._started.get(name)
        if last is not None and now - last < gap:
            return False
        if sum(take.get_num_channels() for take in takes) >= MAX_VOICES:
            return False
        self._started[name] = now
        return True
