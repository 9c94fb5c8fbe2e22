"""Synthesise Tabletime's sound effects into sounds/*.wav (44.1 kHz, 16-bit, mono).

Pure standard library (array, wave, math, random), seeded: running it twice writes the same bytes.
Card sounds are shaped noise (paper on felt); cues are short musical stingers with soft envelopes.
Every effect is levelled to a loudness of its own (LOUDNESS, K-weighted like ITU BS.1770, loudest
100 ms), so a card landing is not drowned by a page turn and losing never sounds louder than
winning; nothing goes above PEAK_CEILING (-1 dBFS), between the samples either (the true peak, which a
48 kHz device's resampler and the game's pitched takes of a card sound reach).
    python tools/make_sounds.py [--out DIR]
"""

from __future__ import annotations

import argparse
import array
import math
import random
import wave
from pathlib import Path
from typing import Callable

RATE = 44100
Signal = list[float]


def silence(seconds: float) -> Signal:
    return [0.0] * int(RATE * seconds)


def mix_into(dest: Signal, src: Signal, at: float = 0.0, gain: float = 1.0) -> Signal:
    """Add `src` into `dest` starting at `at` seconds (dest grows if needed)."""
    start = int(at * RATE)
    if start + len(src) > len(dest):
        dest.extend([0.0] * (start + len(src) - len(dest)))
    for i, v in enumerate(src):
        dest[start + i] += v * gain
    return dest


def envelope(n: int, attack: float, decay: float, curve: float = 4.0) -> list[float]:
    """Linear attack then exponential-like decay over n samples (times in seconds)."""
    a = max(1, int(attack * RATE))
    out = []
    for i in range(n):
        if i < a:
            out.append(i / a)
        else:
            t = (i - a) / max(1, n - a)
            out.append(math.exp(-curve * t) * (1 - t) ** 0.5 if decay > 0 else 1.0)
    return out


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1, 1) for _ in range(int(RATE * seconds))]


def lowpass(sig: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """One-pole low-pass; cutoff may vary with time (a function of seconds)."""
    out, y = [], 0.0
    for i, x in enumerate(sig):
        fc = cutoff(i / RATE) if callable(cutoff) else cutoff
        a = 1 - math.exp(-2 * math.pi * fc / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(sig: Signal, cutoff: float) -> Signal:
    low = lowpass(sig, cutoff)
    return [x - l for x, l in zip(sig, low)]


def bandpass(sig: Signal, low: float, high: float) -> Signal:
    return highpass(lowpass(lowpass(sig, high), high), low)


def tone(freq: float | Callable[[float], float], seconds: float, harmonics: tuple[float, ...] = (1.0,),
         attack: float = 0.005, curve: float = 4.0, vibrato: float = 0.0) -> Signal:
    """A pitched note: sum of harmonics with an attack/decay envelope; freq may glide."""
    n = int(RATE * seconds)
    env = envelope(n, attack, seconds, curve)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        f = freq(t) if callable(freq) else freq
        if vibrato:
            f *= 1 + vibrato * math.sin(2 * math.pi * 5.5 * t)
        phase += 2 * math.pi * f / RATE
        v = sum(amp * math.sin(phase * (k + 1)) for k, amp in enumerate(harmonics))
        out.append(v * env[i])
    return out


def bell(freq: float, seconds: float) -> Signal:
    """A soft bell: inharmonic partials that die away at different speeds."""
    out = [0.0] * int(RATE * seconds)
    for ratio, amp, curve in ((1.0, 1.0, 4.0), (2.01, 0.45, 6.0), (3.0, 0.2, 8.0), (4.17, 0.12, 11.0)):
        mix_into(out, tone(freq * ratio, seconds, attack=0.003, curve=curve), 0, amp)
    return out


def shaped(sig: Signal, attack: float, curve: float) -> Signal:
    env = envelope(len(sig), attack, 1, curve)
    return [x * e for x, e in zip(sig, env)]


def finish(sig: Signal, peak: float = 0.7) -> Signal:
    """Remove DC, fade 4 ms at both ends (no clicks), normalise to `peak`."""
    if not sig:
        return sig
    mean = sum(sig) / len(sig)
    sig = [x - mean for x in sig]
    fade = int(0.004 * RATE)
    for i in range(min(fade, len(sig))):
        sig[i] *= i / fade
        sig[-1 - i] *= i / fade
    top = max(abs(x) for x in sig) or 1.0
    return [x / top * peak for x in sig]


# --- loudness ---------------------------------------------------------------------------------

PEAK_CEILING = 0.89  # -1 dBFS
LOUDNESS_WINDOW = 0.1  # s: short effects are judged by their loudest tenth of a second

# Target loudness of each file (dB, K-weighted, loudest 100 ms) before the game's own volume per call.
# Quiet ticks for what happens often (focus, click, score), card sounds in the middle with the card
# landing ("place") the loudest of them, cues above them, stingers on top; "lose" under "win".
# The focus tick is the quietest, yet not under the music: at its calls' volumes (0.35-0.5) it was
# -40 dB against the menus' music at -35 (both at the default volumes); now 3 dB nearer.
LOUDNESS: dict[str, float] = {
    "focus": -27.0, "click": -23.0, "score": -24.0, "knock": -21.0,
    "flip": -20.5, "deal": -20.0, "slide": -19.0, "shuffle": -19.0, "place": -18.0,
    "page": -18.0, "steal": -17.0, "invalid": -17.0, "chime": -17.0, "chronos": -15.0,
    "ghost": -13.5, "disaster": -12.5, "lose": -14.0, "win": -12.0,
    # cues that had none of their own (the bell served eight meanings, the refusal buzzer a friend
    # leaving): your turn softer than the bell it replaces, a drawn game between losing and winning
    "turn": -20.0, "hour": -18.0, "leave": -21.0, "draw": -13.0,
}


def _biquad(sig: Signal, b: tuple[float, float, float], a: tuple[float, float, float]) -> Signal:
    out, x1, x2, y1, y2 = [], 0.0, 0.0, 0.0, 0.0
    b0, b1, b2 = (v / a[0] for v in b)
    a1, a2 = a[1] / a[0], a[2] / a[0]
    for x in sig:
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def k_weighted(sig: Signal) -> Signal:
    """BS.1770's ear curve: a +4 dB shelf above 1.5 kHz, then a high-pass at 38 Hz."""
    gain, w = 10 ** (4 / 40), 2 * math.pi * 1500 / RATE
    alpha, cos_w = math.sin(w) / 2 * math.sqrt((gain + 1 / gain) * (1 / 0.7071 - 1) + 2), math.cos(w)
    root = 2 * math.sqrt(gain) * alpha
    sig = _biquad(sig, (gain * ((gain + 1) + (gain - 1) * cos_w + root), -2 * gain * ((gain - 1) + (gain + 1) * cos_w),
                        gain * ((gain + 1) + (gain - 1) * cos_w - root)),
                  ((gain + 1) - (gain - 1) * cos_w + root, 2 * ((gain - 1) - (gain + 1) * cos_w),
                   (gain + 1) - (gain - 1) * cos_w - root))
    w = 2 * math.pi * 38 / RATE
    alpha, cos_w = math.sin(w), math.cos(w)
    return _biquad(sig, ((1 + cos_w) / 2, -(1 + cos_w), (1 + cos_w) / 2), (1 + alpha, -2 * cos_w, 1 - alpha))


def loudness(sig: Signal) -> float:
    """Loudness in dB (LUFS-like) of the loudest LOUDNESS_WINDOW of `sig`."""
    window = int(LOUDNESS_WINDOW * RATE)
    power = [v * v for v in k_weighted(sig)] + [0.0] * max(0, window - len(sig))
    running = best = sum(power[:window])
    for i in range(window, len(power)):
        running += power[i] - power[i - window]
        best = max(best, running)
    return -0.691 + 10 * math.log10(max(best / window, 1e-12))


OVERSAMPLE = 4  # the true peak is looked for at three points between every two samples
SINC_TAPS = 8  # samples each side that shape a point between them (a Hann-windowed sinc)


def _between_kernels() -> list[list[tuple[int, float]]]:
    kernels = []
    for phase in range(1, OVERSAMPLE):
        t = phase / OVERSAMPLE
        kernel = []
        for k in range(-SINC_TAPS + 1, SINC_TAPS + 1):
            x = t - k
            window = 0.5 + 0.5 * math.cos(math.pi * x / SINC_TAPS)
            kernel.append((k, math.sin(math.pi * x) / (math.pi * x) * window))
        kernels.append(kernel)
    return kernels


def true_peak(sig: Signal) -> float:
    """The highest level of `sig` between its samples too (BS.1770's true peak, 4x oversampled): a
    noise burst's waveform overshoots its samples by up to 1 dB once resampled. Only the stretches
    near the top are interpolated (a point between two small samples cannot reach it)."""
    top = max((abs(x) for x in sig), default=0.0)
    best, n = top, len(sig)
    kernels = _between_kernels()
    for i in range(n - 1):
        if abs(sig[i]) < 0.5 * top and abs(sig[i + 1]) < 0.5 * top:
            continue
        for kernel in kernels:
            value = sum(sig[i + k] * weight for k, weight in kernel if 0 <= i + k < n)
            best = max(best, abs(value))
    return best


def levelled(sig: Signal, target: float) -> Signal:
    """`sig` scaled to the loudness `target`, but its true peak never above PEAK_CEILING."""
    gain = 10 ** ((target - loudness(sig)) / 20)
    top = true_peak(sig) * gain
    if top > PEAK_CEILING:
        gain *= PEAK_CEILING / top
    return [x * gain for x in sig]


def note(name: str) -> float:
    """"A4" -> 440.0 (sharps as "C#5")."""
    names = {"C": -9, "C#": -8, "D": -7, "D#": -6, "E": -5, "F": -4, "F#": -3, "G": -2, "G#": -1, "A": 0, "A#": 1, "B": 2}
    pitch, octave = name[:-1], int(name[-1])
    return 440.0 * 2 ** ((names[pitch] + 12 * (octave - 4)) / 12)


# --- the effects ------------------------------------------------------------------------------

def make_slide(rng: random.Random) -> Signal:
    n = noise(0.22, rng)
    return finish(shaped(bandpass(n, 900, 4200), 0.05, 5), 0.55)


def make_flip(rng: random.Random) -> Signal:
    out = silence(0.12)
    for at, gain in ((0.0, 0.7), (0.035, 1.0)):
        burst = shaped(bandpass(noise(0.03, rng), 1500, 7000), 0.002, 7)
        mix_into(out, burst, at, gain)
    mix_into(out, tone(180, 0.06, curve=8), 0.035, 0.25)
    return finish(out, 0.6)


def make_place(rng: random.Random) -> Signal:
    """A card laid on felt: a papery slap with a soft thump under it (the game's main move, so it
    has body enough to be heard over the table's cues)."""
    out = shaped(bandpass(noise(0.12, rng), 450, 4000), 0.003, 5)
    mix_into(out, tone(lambda t: 150 - 500 * t, 0.08, curve=8), 0, 0.25)
    return finish(out, 0.65)


def make_knock(rng: random.Random) -> Signal:
    """Two knuckle taps on the table: a player passing ("skip", "cannot travel")."""
    out = silence(0.3)
    for at, gain in ((0.0, 1.0), (0.13, 0.8)):
        tap = tone(lambda t: 210 - 200 * t, 0.09, harmonics=(1, 0.0, 0.35, 0.0, 0.15), attack=0.001, curve=12)
        mix_into(tap, shaped(bandpass(noise(0.02, rng), 900, 4000), 0.0005, 10), 0, 0.35)
        mix_into(out, lowpass(tap, 2600), at, gain)
    return finish(out, 0.6)


def make_shuffle(rng: random.Random) -> Signal:
    out = silence(0.75)
    t = 0.0
    gap = 0.055
    while t < 0.66:
        tick = shaped(bandpass(noise(0.025, rng), 1800, 6500), 0.001, 8)
        mix_into(out, tick, t, rng.uniform(0.5, 1.0))
        t += gap * rng.uniform(0.7, 1.1)
        gap = max(0.018, gap * 0.93)
    mix_into(out, make_place(rng), 0.66, 0.5)
    return finish(out, 0.6)


def make_deal(rng: random.Random) -> Signal:
    whoosh = shaped(bandpass(noise(0.1, rng), 1200, 5000), 0.03, 4)
    out = silence(0.14)
    mix_into(out, whoosh, 0, 0.6)
    mix_into(out, shaped(bandpass(noise(0.02, rng), 2000, 8000), 0.001, 8), 0.09, 0.8)
    return finish(out, 0.55)


def make_invalid(rng: random.Random) -> Signal:
    out = silence(0.3)
    for at, f in ((0.0, 233.1), (0.12, 196.0)):
        mix_into(out, lowpass(tone(f, 0.16, harmonics=(1, 0.5, 0.33, 0.25), attack=0.006, curve=3), 1800), at)
    return finish(out, 0.55)


def make_chime(rng: random.Random) -> Signal:
    out = silence(0.9)
    mix_into(out, bell(note("E5"), 0.8), 0)
    mix_into(out, bell(note("B5"), 0.75), 0.11, 0.8)
    return finish(out, 0.6)


def make_win(rng: random.Random) -> Signal:
    out = silence(1.5)
    for i, n in enumerate(("C5", "E5", "G5", "C6")):
        mix_into(out, tone(note(n), 0.3, harmonics=(1, 0.4, 0.25, 0.1), attack=0.01, curve=3), i * 0.1, 0.6)
    for n in ("C5", "E5", "G5", "C6"):
        mix_into(out, tone(note(n), 1.0, harmonics=(1, 0.35, 0.2), attack=0.02, curve=2.5, vibrato=0.004), 0.42, 0.35)
    mix_into(out, bell(note("C7"), 0.9), 0.42, 0.25)
    return finish(out, 0.7)


def make_lose(rng: random.Random) -> Signal:
    out = silence(1.3)
    for i, n in enumerate(("G4", "D#4", "C4")):
        mix_into(out, lowpass(tone(note(n), 0.5 if i < 2 else 0.9, harmonics=(1, 0.3, 0.15), attack=0.02, curve=2.5,
                                   vibrato=0.006), 2500), i * 0.22, 0.7)
    return finish(out, 0.6)


def make_click(rng: random.Random) -> Signal:
    out = shaped(bandpass(noise(0.025, rng), 2000, 9000), 0.0008, 10)
    mix_into(out, tone(1600, 0.02, curve=10), 0, 0.4)
    return finish(out, 0.45)


def make_focus(rng: random.Random) -> Signal:
    out = tone(2400, 0.03, harmonics=(1, 0.2), attack=0.002, curve=9)
    return finish(out, 0.18)  # very soft: it plays on every focus move


def make_score(rng: random.Random) -> Signal:
    out = tone(1318.5, 0.06, harmonics=(1, 0.3), attack=0.002, curve=7)
    mix_into(out, tone(2637, 0.04, attack=0.002, curve=9), 0, 0.2)
    return finish(out, 0.35)


def make_ghost(rng: random.Random) -> Signal:
    out = silence(1.4)
    glide = lambda t: 330 + 140 * math.sin(t * 2.2) - 60 * t  # noqa: E731  a wavering theremin
    mix_into(out, tone(glide, 1.3, harmonics=(1, 0.15), attack=0.25, curve=2.2, vibrato=0.02), 0.0, 0.6)
    mix_into(out, tone(lambda t: glide(t) * 1.5, 1.2, attack=0.3, curve=2.5, vibrato=0.025), 0.12, 0.25)
    wind = shaped(bandpass(noise(1.4, rng), 300, 1200), 0.4, 2.5)
    mix_into(out, wind, 0, 0.5)
    return finish(out, 0.6)


def make_chronos(rng: random.Random) -> Signal:
    out = silence(0.7)
    for i in range(6):  # the dial ratchets round
        mix_into(out, shaped(bandpass(noise(0.015, rng), 2500, 9000), 0.0005, 9), i * 0.045, 0.5 + i * 0.08)
    mix_into(out, make_place(rng), 0.28, 0.8)
    mix_into(out, bell(note("A5"), 0.4), 0.3, 0.4)
    return finish(out, 0.6)


def make_page(rng: random.Random) -> Signal:
    n = noise(0.4, rng)
    swept = lowpass(highpass(n, 500), lambda t: 1200 + 9000 * math.sin(math.pi * min(1.0, t / 0.4)))
    env = [math.sin(math.pi * i / len(swept)) ** 2 for i in range(len(swept))]
    return finish([x * e for x, e in zip(swept, env)], 0.5)


def make_steal(rng: random.Random) -> Signal:
    out = silence(0.45)
    whoosh = lowpass(highpass(noise(0.18, rng), 800), lambda t: 1500 + 30000 * t)
    mix_into(out, shaped(whoosh, 0.12, 3), 0, 0.5)
    for at, n in ((0.18, "E5"), (0.27, "B5")):  # a sly two-note pluck
        mix_into(out, tone(note(n), 0.16, harmonics=(1, 0.5, 0.2), attack=0.002, curve=8), at, 0.6)
    return finish(out, 0.6)


def make_disaster(rng: random.Random) -> Signal:
    out = silence(1.2)
    boom = lowpass(noise(1.1, rng), lambda t: 600 * math.exp(-3 * t) + 80)
    mix_into(out, shaped(boom, 0.005, 3), 0, 1.0)
    mix_into(out, tone(lambda t: 70 - 30 * t, 1.0, harmonics=(1, 0.3), attack=0.004, curve=3), 0, 0.8)
    for n in ("C4", "F#4"):  # a tritone stinger
        mix_into(out, lowpass(tone(note(n), 0.7, harmonics=(1, 0.5, 0.3), attack=0.01, curve=3), 2200), 0.05, 0.25)
    return finish(out, 0.7)


def make_turn(rng: random.Random) -> Signal:
    """Your turn: two soft wooden notes stepping up a fourth (a tap on the shoulder, not a bell), short
    enough to come every turn of a two-player game without wearing."""
    out = silence(0.42)
    for at, n, gain in ((0.0, "E5", 0.8), (0.09, "A5", 1.0)):
        bar = tone(note(n), 0.3, harmonics=(1, 0.0, 0.0, 0.12), attack=0.002, curve=9)
        mix_into(out, lowpass(bar, 3500), at, gain)
    return finish(out, 0.6)


def make_hour(rng: random.Random) -> Signal:
    """Time After Time's hour drawn: a mantel clock's escapement click, then one warm strike."""
    out = silence(0.85)
    mix_into(out, shaped(bandpass(noise(0.012, rng), 2000, 6000), 0.0005, 10), 0.0, 0.35)
    strike = bell(note("G5"), 0.8)
    mix_into(strike, bell(note("G4"), 0.8), 0, 0.35)  # the case resonates an octave under
    mix_into(out, lowpass(strike, 5000), 0.045)
    return finish(out, 0.6)


def make_leave(rng: random.Random) -> Signal:
    """A player left or lost the link: two mellow notes stepping down, a door closing softly (the
    refusal buzzer said 'you did something wrong')."""
    out = silence(0.55)
    for at, n, gain in ((0.0, "B4", 0.9), (0.14, "E4", 1.0)):
        mix_into(out, lowpass(tone(note(n), 0.36, harmonics=(1, 0.3, 0.1), attack=0.01, curve=4), 2200), at, gain)
    return finish(out, 0.55)


def make_draw(rng: random.Random) -> Signal:
    """A drawn game: a suspended chord that settles on its major third, warm and even (no fanfare for
    one side, no falling line for the other)."""
    out = silence(1.35)
    for n in ("C5", "F5", "G4"):  # the suspension
        mix_into(out, tone(note(n), 0.5, harmonics=(1, 0.35, 0.15), attack=0.02, curve=3.5), 0.0, 0.45)
    for n in ("C5", "E5", "G4", "C4"):  # and its resolution
        mix_into(out, tone(note(n), 0.9, harmonics=(1, 0.3, 0.12), attack=0.03, curve=2.8, vibrato=0.003), 0.36, 0.4)
    return finish(out, 0.65)


EFFECTS: dict[str, Callable[[random.Random], Signal]] = {
    "slide": make_slide, "flip": make_flip, "place": make_place, "shuffle": make_shuffle, "deal": make_deal,
    "invalid": make_invalid, "chime": make_chime, "win": make_win, "lose": make_lose, "click": make_click,
    "focus": make_focus, "score": make_score, "ghost": make_ghost, "chronos": make_chronos, "page": make_page,
    "steal": make_steal, "disaster": make_disaster, "knock": make_knock,
    "turn": make_turn, "hour": make_hour, "leave": make_leave, "draw": make_draw,
}


def write_wav(path: Path, sig: Signal, rate: int = RATE) -> None:
    """16-bit mono WAV (tools/make_music.py writes its notes with it too, at its own rate)."""
    samples = array.array("h", (max(-32767, min(32767, round(x * 32767))) for x in sig))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.tobytes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "sounds")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for index, (name, make) in enumerate(EFFECTS.items()):
        sig = levelled(make(random.Random(1000 + index)), LOUDNESS[name])
        write_wav(args.out / f"{name}.wav", sig)
        print(f"{name:9s} {len(sig) / RATE:5.2f} s  peak {max(abs(x) for x in sig):.2f}  "
              f"loudness {loudness(sig):6.1f} dB (target {LOUDNESS[name]:6.1f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
