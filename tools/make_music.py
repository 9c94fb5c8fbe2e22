"""Synthesise the soundtrack's instrument notes into sounds/music/*.wav, and render moods to listen to.

The music is generative (game/ui/music.py plays the notes game/ui/music_score.py composes), so only
single notes are stored: 22.05 kHz, 16-bit, mono, one file a pitch, only the pitches the moods use
(`music_score.needed_pitches`). Plucked notes (felt piano, marimba, harpsichord, music box, the
clock's tick) are one-shots with their tails faded to silence; the pad and the drone are seamless
loops: every partial makes a whole number of cycles in the loop, and the loop length is chosen so
the fundamental stays within a twentieth of a cent of its pitch. Pure standard library and seeded:
running it twice writes the same bytes.

    python tools/make_music.py [--out DIR]              # write the notes (about 3 MB)
    python tools/make_music.py --render MOOD [--seconds 30] [--wav FILE]
                                                        # mix a mood as the game plays it, with levels
    python tools/make_music.py --levels                 # every mood's levels against the effects'
"""

from __future__ import annotations

import argparse
import array
import importlib.util
import math
import random
import sys
import wave
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ui.music_score import (CLOCK_TICK, INSTRUMENTS, MOODS, Conductor,  # noqa: E402
                                 needed_pitches, note_file)

RATE = 22050
NYQUIST_GUARD = 0.45 * RATE  # no partial above this (no aliasing)
Signal = list[float]
MUSIC_DIR = ROOT / "sounds" / "music"
# Levels: a sustained note's loudness is its RMS, a plucked one's its peak; the moods' part gains
# balance them. Default music volume (master 0.8 x music 0.5) puts a mood ~10-14 dB under the effects.
SUSTAIN_RMS = 0.22
PLUCK_PEAK = 0.8
PEAK_CEILING = 0.89  # -1 dBFS


def frequency(pitch: int) -> float:
    return 440.0 * 2 ** ((pitch - 69) / 12)


def partial(n: int, freq: float, amp: float, decay: float, phase: float = 0.0, start: int = 0) -> Signal:
    """A sine that dies away exponentially (`decay` per second), from sample `start`."""
    out = [0.0] * n
    if freq >= NYQUIST_GUARD or amp == 0:
        return out
    step = 2 * math.pi * freq / RATE
    fall = math.exp(-decay / RATE)
    env = amp
    for i in range(start, n):
        out[i] = env * math.sin(phase + step * (i - start))
        env *= fall
    return out


def add(dest: Signal, src: Signal, gain: float = 1.0) -> None:
    for i, v in enumerate(src):
        dest[i] += v * gain


def attack_and_tail(sig: Signal, attack: float, tail: float) -> Signal:
    """A raised-cosine attack of `attack` seconds and a fade to silence over the last `tail` seconds."""
    a, t, n = max(1, int(attack * RATE)), max(1, int(tail * RATE)), len(sig)
    out = list(sig)
    for i in range(min(a, n)):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / a)
    for i in range(min(t, n)):
        out[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / t)
    return out


def scaled_to_peak(sig: Signal, peak: float) -> Signal:
    top = max((abs(v) for v in sig), default=0.0) or 1.0
    return [v * peak / top for v in sig]


def scaled_to_rms(sig: Signal, rms: float) -> Signal:
    now = math.sqrt(sum(v * v for v in sig) / max(1, len(sig))) or 1.0
    gain = rms / now
    top = max(abs(v) for v in sig) * gain
    if top > PEAK_CEILING:
        gain *= PEAK_CEILING / top
    return [v * gain for v in sig]


# --- the instruments ------------------------------------------------------------------------------

def loop_note(pitch: int, seconds: float, partials: list[tuple[int, float]], detune: float,
              rng: random.Random) -> Signal:
    """A seamless loop near `seconds`: partial k of the fundamental makes k*m cycles, a detuned twin
    k*m + 1 (a slow chorus), so the loop's end meets its start exactly."""
    f = frequency(pitch)
    cycles = max(1, round(f * seconds))
    n = round(cycles * RATE / f)
    out = [0.0] * n
    for k, amp in partials:
        for twin, gain in ((k * cycles, 1.0), (k * cycles + 1, detune)):
            if gain == 0 or twin * RATE / n >= NYQUIST_GUARD:
                continue
            step = 2 * math.pi * twin / n
            phase = rng.uniform(0, 2 * math.pi)
            for i in range(n):
                out[i] += amp * gain * math.sin(phase + step * i)
    swell = 2 * math.pi / n  # one slow breath per loop
    return [v * (1 + 0.06 * math.sin(swell * i)) for i, v in enumerate(out)]


def make_pad(pitch: int, rng: random.Random) -> Signal:
    """Warm: soft sawtooth-like partials rolling off fast, two detuned voices."""
    parts = [(k, 1 / k ** 1.7) for k in range(1, 9)]
    return scaled_to_rms(loop_note(pitch, INSTRUMENTS["pad"].length, parts, 0.7, rng), SUSTAIN_RMS)


def make_drone(pitch: int, rng: random.Random) -> Signal:
    """Low and round: few partials, a gentle shimmer above the fundamental."""
    parts = [(1, 1.0), (2, 0.5), (3, 0.28), (4, 0.14), (5, 0.07), (6, 0.04)]
    return scaled_to_rms(loop_note(pitch, INSTRUMENTS["drone"].length, parts, 0.35, rng), SUSTAIN_RMS)


def _length(instrument: str) -> int:
    return int(INSTRUMENTS[instrument].length * RATE)


def make_piano(pitch: int, rng: random.Random) -> Signal:
    """A felt piano: slightly stretched partials, soft highs, two strings a hair apart, a quick first
    decay into a slower one."""
    n, f = _length("piano"), frequency(pitch)
    out = [0.0] * n
    for k in range(1, 9):
        fk = k * f * math.sqrt(1 + 0.0003 * k * k)
        amp = math.exp(-k * f / 1800) / k ** 1.1
        for detune, gain in ((1.0, 1.0), (1.0005, 0.6)):
            phase = rng.uniform(0, 2 * math.pi)
            add(out, partial(n, fk * detune, amp * gain * 0.7, 3.0 + 1.1 * k, phase))
            add(out, partial(n, fk * detune, amp * gain * 0.3, 0.9 + 0.4 * k, phase))
    thump = [rng.uniform(-1, 1) * math.exp(-i / (0.004 * RATE)) for i in range(int(0.02 * RATE))]
    smooth, y = [], 0.0
    for v in thump:  # the felt hammer: a dull knock
        y += 0.08 * (v - y)
        smooth.append(y)
    add(out, smooth + [0.0] * (n - len(smooth)), 0.6)
    return scaled_to_peak(attack_and_tail(out, 0.006, 0.25), PLUCK_PEAK)


def make_marimba(pitch: int, rng: random.Random) -> Signal:
    """A wooden bar: the fundamental, the bar's tuned fourth partial and a faint ninth, dying fast."""
    n, f = _length("marimba"), frequency(pitch)
    out = [0.0] * n
    for ratio, amp, decay in ((1.0, 1.0, 5.5), (3.93, 0.16, 15.0), (9.2, 0.04, 32.0)):
        add(out, partial(n, f * ratio, amp, decay, rng.uniform(0, 2 * math.pi)))
    return scaled_to_peak(attack_and_tail(out, 0.003, 0.12), PLUCK_PEAK)


def make_harpsichord(pitch: int, rng: random.Random) -> Signal:
    """A plucked string: many harmonics shaped by where the quill plucks, the high ones fading first."""
    n, f = _length("harpsichord"), frequency(pitch)
    out = [0.0] * n
    for k in range(1, 17):
        amp = abs(math.sin(math.pi * k * 0.17)) / k ** 0.95 * math.exp(-k * f / 5000)
        for detune, gain in ((1.0, 1.0), (1.0008, 0.45)):
            add(out, partial(n, k * f * detune, amp * gain, 3.2 + 0.45 * k, rng.uniform(0, 2 * math.pi)))
    return scaled_to_peak(attack_and_tail(out, 0.0015, 0.12), PLUCK_PEAK)


def make_musicbox(pitch: int, rng: random.Random) -> Signal:
    """A comb tine: a pure fundamental, its bending mode high above, the box's faint octave."""
    n, f = _length("musicbox"), frequency(pitch)
    out = [0.0] * n
    for ratio, amp, decay in ((1.0, 1.0, 2.8), (2.0, 0.07, 6.0), (6.27, 0.12, 18.0)):
        add(out, partial(n, f * ratio, amp, decay, rng.uniform(0, 2 * math.pi)))
    return scaled_to_peak(attack_and_tail(out, 0.001, 0.15), PLUCK_PEAK)


def make_clock(pitch: int, rng: random.Random) -> Signal:
    """A clock's escapement: a dry wooden tick (the tock a little lower and rounder)."""
    n = _length("clock")
    tick = pitch == CLOCK_TICK
    out = [0.0] * n
    for freq, amp, decay in ((2600, 1.0, 110), (4100, 0.5, 170)) if tick else ((1900, 1.0, 80), (3000, 0.45, 130)):
        add(out, partial(n, freq, amp, decay, rng.uniform(0, 2 * math.pi)))
    for i in range(int(0.003 * RATE)):
        out[i] += rng.uniform(-0.5, 0.5)
    return scaled_to_peak(attack_and_tail(out, 0.0005, 0.01), PLUCK_PEAK)


MAKERS = {"pad": make_pad, "drone": make_drone, "piano": make_piano, "marimba": make_marimba,
          "harpsichord": make_harpsichord, "musicbox": make_musicbox, "clock": make_clock}


def make_note(instrument: str, pitch: int) -> Signal:
    return MAKERS[instrument](pitch, random.Random(f"{instrument}-{pitch}"))


def effects_tool() -> ModuleType:
    """tools/make_sounds.py (a script beside this one, not a package): its WAV writer and its loudness
    measure serve the music too."""
    global _EFFECTS
    if _EFFECTS is None:
        spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
        assert spec is not None and spec.loader is not None
        _EFFECTS = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(_EFFECTS)
    return _EFFECTS


_EFFECTS: ModuleType | None = None


def write_wav(path: Path, sig: Signal, rate: int = RATE) -> None:
    effects_tool().write_wav(path, sig, rate)


def read_wav(path: Path) -> Signal:
    with wave.open(str(path), "rb") as wav:
        data = array.array("h", wav.readframes(wav.getnframes()))
        rate = wav.getframerate()
    sig = [v / 32767 for v in data]
    if rate == 2 * RATE:
        sig = sig[::2]
    return sig


def write_notes(out_dir: Path, only: dict[str, list[int]] | None = None, quiet: bool = False) -> int:
    """Write every needed note (or `only` these); returns the bytes written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    total = 0
    for instrument, pitches in (only or needed_pitches()).items():
        for pitch in pitches:
            path = out_dir / note_file(instrument, pitch)
            write_wav(path, make_note(instrument, pitch))
            total += path.stat().st_size
        if not quiet:
            print(f"{instrument:12s} {len(pitches):2d} notes  {INSTRUMENTS[instrument].length:4.2f} s")
    return total


# --- listening ---------------------------------------------------------------------------------------

def render(mood: str, seconds: float, level: float = 0.4, seed: int = 1, notes_dir: Path = MUSIC_DIR,
           fps: int = 60) -> Signal:
    """The mood as the game plays it: the Conductor driven frame by frame at `level` (master 0.8 x
    music 0.5), its commands mixed as the mixer does (volumes in 128 steps, loops looping)."""
    conductor = Conductor(seed)
    conductor.set_level(level)
    conductor.set_mood(mood)
    cache: dict[tuple[str, int], Signal] = {}
    channels: dict[int, list] = {}  # channel -> [samples, position, loops, volume]
    out: Signal = []
    frames = int(seconds * fps)
    for frame in range(frames):
        for command in conductor.update(1 / fps):
            if command[0] == "start":
                _, channel, instrument, pitch, volume = command
                key = (instrument, pitch)
                if key not in cache:
                    cache[key] = read_wav(notes_dir / note_file(instrument, pitch))
                channels[channel] = [cache[key], 0, INSTRUMENTS[instrument].sustained, volume]
            elif command[0] == "volume" and command[1] in channels:
                channels[command[1]][3] = command[2]
            elif command[0] == "stop":
                channels.pop(command[1], None)
        begin, end = round(frame * RATE / fps), round((frame + 1) * RATE / fps)
        block = [0.0] * (end - begin)
        for channel, state in list(channels.items()):
            samples, pos, loops, volume = state
            volume = round(volume * 128) / 128
            for i in range(len(block)):
                if pos >= len(samples):
                    if not loops:
                        break
                    pos = 0
                block[i] += samples[pos] * volume
                pos += 1
            state[1] = pos
            if pos >= len(samples) and not loops:
                del channels[channel]
        out.extend(max(-1.0, min(1.0, v)) for v in block)
    return out


def upsampled(sig: Signal) -> Signal:
    out = []
    for a, b in zip(sig, sig[1:] + [0.0]):
        out.extend((a, (a + b) / 2))
    return out


def levels(sig: Signal) -> dict[str, float]:
    """Peak and RMS in dBFS, and K-weighted loudness (as tools/make_sounds.py measures the effects):
    over the whole render and its loudest 100 ms."""
    effects = effects_tool()
    wide = upsampled(sig)
    weighted = effects.k_weighted(wide)
    mean = sum(v * v for v in weighted) / max(1, len(weighted))
    db = lambda x: 20 * math.log10(max(x, 1e-9))  # noqa: E731
    return {"peak": db(max(abs(v) for v in sig)), "rms": db(math.sqrt(sum(v * v for v in sig) / len(sig))),
            "loudness": -0.691 + 10 * math.log10(max(mean, 1e-12)), "loudest_100ms": effects.loudness(wide)}


def effect_levels(effects_gain: float = 0.64) -> dict[str, float]:
    """The effects' loudness as heard at the default volumes (master 0.8 x effects 0.8)."""
    effects = effects_tool()
    shift = 20 * math.log10(effects_gain)
    return {name: value + shift for name, value in effects.LOUDNESS.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=MUSIC_DIR)
    parser.add_argument("--render", choices=sorted(MOODS))
    parser.add_argument("--levels", action="store_true")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wav", type=Path)
    args = parser.parse_args(argv)
    if not args.render and not args.levels:
        total = write_notes(args.out)
        print(f"{total / 1e6:.2f} MB in {args.out}")
        return 0
    heard = effect_levels()
    cards = sorted(heard[n] for n in ("flip", "deal", "slide", "shuffle", "place", "page"))
    card_level = cards[len(cards) // 2]
    print(f"effects at the default volumes: card sounds {card_level:.1f} dB, win {heard['win']:.1f}, "
          f"focus {heard['focus']:.1f} (loudest 100 ms, K-weighted)")
    for mood in [args.render] if args.render else list(MOODS):
        sig = render(mood, args.seconds, seed=args.seed)
        if args.wav or args.render:
            path = args.wav or Path(f"/tmp/music-{mood}.wav")
            write_wav(path, sig)
        got = levels(sig)
        print(f"{mood:16s} peak {got['peak']:6.1f} dBFS  rms {got['rms']:6.1f}  loudness {got['loudness']:6.1f}  "
              f"loudest 100 ms {got['loudest_100ms']:6.1f}  -> {card_level - got['loudness']:4.1f} dB under the "
              f"card sounds")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
