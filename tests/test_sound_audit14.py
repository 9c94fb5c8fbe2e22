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


# --- the card sounds vary: three takes, never the same twice in a row ---------------------------------
from game.ui import assets as A  # noqa: E402
from game.ui.settings import Settings  # noqa: E402


def real_assets(mixer_at, **volumes: float) -> tuple[A.Assets, list[float]]:
    """Assets on the real mixer (SDL's dummy driver) with a clock the test moves."""
    mixer_at(44100)
    now = [100.0]
    settings = Settings()
    for name, value in volumes.items():
        setattr(settings, name, value)
    assets = A.Assets(settings, clock=lambda: now[0])
    assets.init_mixer()
    assert assets.mixer_ok
    return assets, now


def k_loudness(sound: pygame.mixer.Sound) -> float:
    return GEN.loudness(left_channel(sound))


@pytest.mark.parametrize("name", A.VARIED)
def test_each_card_sound_has_three_takes_a_little_apart_and_equally_loud(mixer_at, name):
    assets, _ = real_assets(mixer_at)
    takes = assets.takes(name)
    assert len(takes) == len(A.PITCH_TAKES) == 3
    lengths = [take.get_length() for take in takes]
    for ratio, length in zip(A.PITCH_TAKES, lengths):  # a take's pitch shows in its length
        assert abs(length - lengths[0] / ratio) < 0.002
    base = k_loudness(takes[0])
    for take in takes[1:]:
        assert abs(k_loudness(take) - base) <= 1.0  # a take is a variation, not a louder card
        samples = left_channel(take)
        assert max(abs(v) for v in samples) <= GEN.PEAK_CEILING + 0.02  # no clipping from the resampler
        assert abs(samples[0]) < 0.02 and abs(samples[-1]) < 0.02  # no click at either end


def test_a_card_sound_never_plays_the_same_take_twice_in_a_row(mixer_at):
    assets, now = real_assets(mixer_at)
    takes = assets.takes("place")
    heard = []
    for _ in range(12):
        assets.play("place")
        playing = [pygame.mixer.Channel(i).get_sound() for i in range(pygame.mixer.get_num_channels())
                   if pygame.mixer.Channel(i).get_busy()]
        assert len(playing) == 1
        heard.append(next(i for i, take in enumerate(takes) if take is playing[0]))
        pygame.mixer.stop()
        now[0] += 1.0
    assert all(a != b for a, b in zip(heard, heard[1:])), heard
    assert set(heard) == {0, 1, 2}


def test_the_takes_share_one_repeat_gap_and_one_voice_cap(mixer_at):
    """A six-seat deal in one frame is still one tick, whichever take it would have been."""
    assets, now = real_assets(mixer_at)
    for _ in range(6):
        assets.play("deal")
    assert sum(take.get_num_channels() for take in assets.takes("deal")) == 1
    for _ in range(10):  # well apart, but all still sounding: never more than MAX_VOICES together
        now[0] += 0.2
        assets.play("deal")
    assert sum(take.get_num_channels() for take in assets.takes("deal")) <= A.MAX_VOICES
    pygame.mixer.stop()


def test_a_cue_keeps_its_one_take(mixer_at):
    """A chime or a fanfare is a signal: it is the same every time, so it is recognised."""
    assets, _ = real_assets(mixer_at)
    for name in ("chime", "invalid", "win", "lose", "ghost", "disaster", "click", "focus"):
        assert len(assets.takes(name)) == 1, name


# --- every effect, measured as the mixer plays it ---------------------------------------------------
import io  # noqa: E402

EFFECT_FILES = sorted(SOUNDS.glob("*.wav"))
DESIGNED_TRANSIENTS = {"chronos": 6}  # the dial's ratchet: its clicks are the sound


def file_samples(path: Path) -> list[float]:
    with wave.open(str(path), "rb") as wav:
        return [v / 32767 for v in array.array("h", wav.readframes(wav.getnframes()))]


def upsampled_four_times(path: Path) -> list[float]:
    """The file as SDL's resampler draws it between its samples: declared at a quarter of its rate
    and converted to the mixer's 44.1 kHz."""
    with wave.open(str(path), "rb") as source:
        params, frames = source.getparams(), source.readframes(source.getnframes())
    slow = io.BytesIO()
    with wave.open(slow, "wb") as out:
        out.setparams(params)
        out.setframerate(params.framerate // 4)
        out.writeframes(frames)
    slow.seek(0)
    return left_channel(pygame.mixer.Sound(file=slow))


def click_spots(samples: list[float], rate: int = 44100) -> int:
    """Steps far bigger (8x) than the 2 ms around them: what the ear hears as a click."""
    steps = [abs(b - a) for a, b in zip(samples, samples[1:])]
    running = [0.0]
    for step in steps:
        running.append(running[-1] + step)
    half = int(0.002 * rate)
    spots = 0
    for i, step in enumerate(steps):
        lo, hi = max(0, i - half), min(len(steps), i + half + 1)
        around = (running[hi] - running[lo] - step) / max(1, hi - lo - 1)
        spots += step > 0.02 and step > 8 * max(around, 1e-4)
    return spots


@pytest.mark.parametrize("path", EFFECT_FILES, ids=lambda p: p.stem)
def test_no_effect_clips_clicks_or_carries_dc(mixer_at, path):
    mixer_at(44100)
    samples = file_samples(path)
    assert max(abs(v) for v in upsampled_four_times(path)) <= GEN.PEAK_CEILING + 0.01  # true peak <= -1 dBTP
    assert abs(sum(samples) / len(samples)) < 0.003  # no DC: a speaker cone is not pushed off centre
    assert abs(samples[0]) < 0.002 and abs(samples[-1]) < 0.002  # starts and ends in silence
    assert click_spots(samples) <= DESIGNED_TRANSIENTS.get(path.stem, 0)


def test_the_loudness_bands_hold_as_measured():
    """Measured (K-weighted, loudest 100 ms): focus -30, click/score -23/-24, card sounds -21 to -18,
    cues -17 to -15, stingers -14 to -12. As heard at their calls' volumes a refusal or a stinger
    stands over a card, and nothing is more than 18 dB over the quietest common tick (the focus)."""
    level = {path.stem: GEN.loudness(file_samples(path)) for path in EFFECT_FILES}
    bands = {"focus": (-31, -29), "click": (-24, -22), "score": (-25, -23), "knock": (-22, -20),
             "flip": (-21, -19.5), "deal": (-21, -19), "slide": (-20, -18), "shuffle": (-20, -18),
             "place": (-19, -17), "page": (-19, -17), "steal": (-18, -16), "invalid": (-18, -16),
             "chime": (-18, -16), "chronos": (-16, -14), "ghost": (-14.5, -12.5), "lose": (-15, -13),
             "disaster": (-13.5, -11.5), "win": (-13, -11)}
    assert set(bands) <= set(level)
    for name, (low, high) in bands.items():
        assert low <= level[name] <= high, (name, level[name])
    assert max(level.values()) - level["focus"] <= 18.5
