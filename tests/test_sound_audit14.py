"""The sound audit: every effect and music note measured as the player hears it (no clipping, no DC,
no clicks at the ends or inside, loudness within its band), the music's loops seamless as the mixer
plays them (after SDL converts the 22.05 kHz notes to the mixer's rate), the important moments each
with their sound, and sound off in every way (volume 0, the dummy driver, no audio device at all)
leaving the game running silently."""

from __future__ import annotations

import array
import importlib.util
import math
import statistics
import wave
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.ui import music_score as S
from game.ui.music import ChannelPlayer, seamless_loop

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "sounds"
MUSIC_DIR = SOUNDS / "music"
SUSTAINED = sorted(p for p in MUSIC_DIR.glob("*.wav") if S.INSTRUMENTS[p.name.split("-")[0]].sustained)


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GEN = load_generator()


def left_channel(sound: pygame.mixer.Sound) -> list[float]:
    """The mixer's converted buffer of `sound` (16-bit stereo), its left channel as -1..1."""
    return [v / 32767 for v in array.array("h", sound.get_raw())[0::2]]


def wrap_error(samples: list[float]) -> float:
    """How far the first sample lies from where the last two point (a loop's wrap), in typical steps."""
    steps = [abs(b - a) for a, b in zip(samples, samples[1:])]
    predicted = 2 * samples[-1] - samples[-2]
    return abs(samples[0] - predicted) / statistics.mean(steps)


@pytest.fixture
def mixer_at():
    """Open the mixer (SDL's dummy driver) at a device rate, as a real device might choose."""
    opened: list[int] = []

    def open_at(frequency: int) -> None:
        pygame.mixer.quit()
        pygame.mixer.init(frequency=frequency, size=-16, channels=2, buffer=512)
        opened.append(frequency)

    yield open_at
    pygame.mixer.quit()


# --- the music's loop seam, as the mixer plays it ----------------------------------------------------
@pytest.mark.parametrize("frequency", [44100, 48000])
def test_sustained_notes_wrap_without_a_click_after_the_mixer_converts_them(mixer_at, frequency):
    """Measured: loaded as plain files, the 14 pad and drone loops jumped at every wrap by 2 to 53
    typical steps (SDL's resampler tapers the file's end towards the silence it imagines after it);
    loaded through ChannelPlayer they wrap within a step."""
    mixer_at(frequency)
    player = ChannelPlayer(MUSIC_DIR)
    worst = {}
    for path in SUSTAINED:
        instrument, pitch = path.stem.split("-")
        note = player.sound(instrument, int(pitch))
        assert note is not None
        samples = left_channel(note)
        worst[path.stem] = wrap_error(samples)
        assert abs(len(samples) / frequency - S.INSTRUMENTS[instrument].length) < 0.05  # the loop kept its length
    assert max(worst.values()) < 1.0, worst
    pygame.mixer.set_reserved(0)


def test_the_plain_load_would_click_so_the_guard_is_needed(mixer_at):
    """The measurement above means something: the same loops loaded straight from their files do jump."""
    mixer_at(44100)
    errors = [wrap_error(left_channel(pygame.mixer.Sound(str(path)))) for path in SUSTAINED]
    assert max(errors) > 10 and statistics.median(errors) > 5


def test_a_seamless_loop_is_the_note_itself(mixer_at):
    """The margins are cut off exactly: the loop is the file's note at the mixer's rate, not shifted."""
    mixer_at(44100)
    path = SUSTAINED[0]
    looped = left_channel(seamless_loop(path))
    with wave.open(str(path), "rb") as note:
        original = [v / 32767 for v in array.array("h", note.readframes(note.getnframes()))]
    assert len(looped) == 2 * len(original)
    middle = len(original) // 2  # away from the edges, every other sample is the file's own
    assert all(abs(looped[2 * i] - original[i]) < 0.01 for i in range(middle - 200, middle + 200))
