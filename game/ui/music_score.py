"""The soundtrack's score, pure: moods, a seeded composer and the conductor that turns its notes into
channel commands. No pygame here, so the schedule is testable to the note and tools/make_music.py
can ask which pitches each instrument needs without a mixer.

A mood is a key, a tempo, a chord vocabulary with Markov weights (the progression drifts slowly and
never jumps) and a few parts: a pad and a drone that sustain (looped notes whose attack and release
are volume ramps), and plucked parts (one-shot notes with their own tails): a bass, broken chords, a
sparse melody, a clock's tick. The composer writes a phrase of a few chords at a time from one
random stream, so a seed gives the same music every time, and a phrase that came out identical to
the one before is written again (never the same phrase twice in a row).

The conductor owns two banks of VOICES channels. A mood change starts the new mood on the other bank
and fades both ways over FADE_SECONDS (equal power), so there is never a cut; a pause ducks the music
a little and a stinger (the results' win or lose) ducks it well under for the stinger's length.
"""

from __future__ import annotations

import heapq
import math
import random
from dataclasses import dataclass, field, replace
from typing import Iterator, Sequence

VOICES = 12  # notes one mood may sound at once (a pad chord changing under a quick melody is eleven)
BANKS = 2  # the mood playing and the one fading out
GAIN_CAP = 0.5  # no single note louder than this share of the music volume
FADE_SECONDS = 1.6  # a mood change: the old mood fades out while the new one fades in
HUSH_SECONDS = 0.3  # a third mood within a fade: the oldest is ramped out this fast to free its bank
LEVEL_SECONDS = 0.12  # a volume change ramps this long (at once, without a click)
DUCK_DOWN_SECONDS = 0.2
DUCK_UP_SECONDS = 1.2
PAUSE_DUCK = 0.55  # about -5 dB under the pause menu
STINGER_DUCK = 0.25  # -12 dB under the results' win or lose stinger
LATE_SECONDS = 0.25  # a plucked note more late than this (a stalled frame) is skipped, not bunched
VOLUME_STEP = 1 / 256  # smaller volume changes are not sent (the mixer has 128 steps)

Chord = tuple[int, ...]  # pitch classes relative to the mood's tonic, root first


@dataclass(frozen=True)
class Instrument:
    """One synthesised voice. `length` is a one-shot note's whole file, or a sustained note's loop."""

    name: str
    length: float
    sustained: bool = False
    attack: float = 0.0  # sustained: seconds of the volume ramp in
    release: float = 0.0  # sustained: seconds of the volume ramp out


INSTRUMENTS: dict[str, Instrument] = {
    "pad": Instrument("pad", 1.4, sustained=True, attack=1.4, release=1.6),
    "drone": Instrument("drone", 1.25, sustained=True, attack=2.0, release=2.2),
    "piano": Instrument("piano", 1.2),
    "marimba": Instrument("marimba", 0.75),
    "harpsichord": Instrument("harpsichord", 0.8),
    "musicbox": Instrument("musicbox", 0.95),
    "clock": Instrument("clock", 0.07),
}
CLOCK_TICK, CLOCK_TOCK = 96, 91  # the clock's two "pitches": a tick and a lower tock


@dataclass(frozen=True)
class Part:
    """One line of a mood. Roles: pad, drone (sustained); bass, arp, melody, tick (plucked)."""

    role: str
    instrument: str
    low: int = 0  # MIDI window the part's notes are voiced into, [low, high)
    high: int = 128
    gain: float = 0.3
    pedal: bool = False  # drone: hold the tonic (and its fifth) under every chord
    fifth: float = 0.0  # drone: gain share of the fifth above the pedal (0: none)
    patterns: tuple[tuple[int | None, ...], ...] = ()  # arp: chord-tone indexes per step, None rests
    step: float = 0.5  # arp: beats per pattern step
    rhythms: tuple[tuple[float, ...], ...] = ()  # melody: onsets (beats) in one bar, one chosen a bar
    scale: tuple[int, ...] = ()  # melody: its own scale (a pentatonic), else the mood's


@dataclass(frozen=True)
class Mood:
    name: str
    tonic: int  # MIDI pitch class base (60 = C)
    scale: tuple[int, ...]
    tempo: float  # beats per minute
    beats_per_bar: int
    bars_per_chord: tuple[int, ...]
    chords: dict[str, Chord]
    moves: dict[str, dict[str, float]]  # chord -> next chord -> weight
    parts: tuple[Part, ...]
    phrase_chords: int = 4
    home: str = "I"

    @property
    def beat(self) -> float:
        return 60.0 / self.tempo


MAJOR = (0, 2, 4, 5, 7, 9, 11)
MINOR = (0, 2, 3, 5, 7, 8, 10)
DORIAN = (0, 2, 3, 5, 7, 9, 10)
PHRYGIAN = (0, 1, 3, 5, 7, 8, 10)
PAD_WINDOW = (55, 67)  # G3..F#4: every chord is voiced inside one octave, so the pad needs few notes
DRONE_WINDOW = (40, 52)  # E2..D#3

# Warm, inviting: C major with sevenths, a felt piano over a pad and a soft drone on the root.
_MENU_CHORDS: dict[str, Chord] = {
    "I": (0, 4, 7, 11), "vi": (9, 0, 4, 7), "IV": (5, 9, 0, 4), "V": (7, 11, 2, 9), "ii": (2, 5, 9, 0),
    "iii": (4, 7, 11, 2),
}
_MENU_MOVES = {
    "I": {"vi": 3, "IV": 4, "ii": 2, "iii": 1}, "vi": {"IV": 3, "ii": 3, "V": 1, "iii": 1},
    "IV": {"I": 3, "V": 2, "ii": 1, "vi": 2}, "V": {"I": 4, "vi": 2, "IV": 1}, "ii": {"V": 3, "IV": 1, "I": 1},
    "iii": {"vi": 3, "IV": 2},
}
_PIANO_RHYTHMS = ((0, 2), (0, 1.5, 2), (0,), (1, 2, 3), (0, 3), (), (0, 2.5, 3), (0, 1, 2))
MENU = Mood(
    "menu", 60, MAJOR, 68, 4, (2,), _MENU_CHORDS, _MENU_MOVES,
    (Part("pad", "pad", *PAD_WINDOW, gain=0.15),
     Part("drone", "drone", *DRONE_WINDOW, gain=0.15),
     Part("melody", "piano", 60, 80, gain=0.22, rhythms=_PIANO_RHYTHMS)),
)
# A gentle close after a game: the menu's key, slower, plagal, the piano only now and then.
CLOSE = Mood(
    "close", 60, MAJOR, 56, 4, (2,), _MENU_CHORDS,
    {"I": {"IV": 4, "vi": 2, "ii": 1}, "IV": {"I": 5, "ii": 1}, "vi": {"IV": 3, "ii": 1},
     "ii": {"I": 2, "IV": 2}, "V": {"I": 1}, "iii": {"IV": 1}},
    (Part("pad", "pad", *PAD_WINDOW, gain=0.15),
     Part("drone", "drone", *DRONE_WINDOW, gain=0.14),
     Part("melody", "piano", 60, 80, gain=0.20, rhythms=((0,), (), (0, 2), (), (2,), (0, 3)))),
    phrase_chords=3,
)
# Open, adventurous: D dorian, open fifths and added ninths over a pedal, a pentatonic marimba.
LOST_CITIES = Mood(
    "lost-cities", 62, DORIAN, 84, 4, (2,),
    {"i": (0, 7, 2), "VII": (10, 5, 0), "IV": (5, 9, 0), "III": (3, 7, 10), "v": (7, 10, 2)},
    {"i": {"VII": 3, "IV": 3, "III": 2, "v": 1}, "VII": {"i": 3, "IV": 2, "III": 1}, "IV": {"i": 4, "VII": 2},
     "III": {"VII": 2, "IV": 2, "i": 1}, "v": {"i": 2, "VII": 2}},
    (Part("drone", "drone", *DRONE_WINDOW, gain=0.15, pedal=True, fifth=0.6),
     Part("pad", "pad", *PAD_WINDOW, gain=0.13),
     Part("melody", "marimba", 62, 82, gain=0.23, scale=(0, 2, 5, 7, 10),
          rhythms=((0, 0.5, 1.5, 2, 3), (0, 1, 2.5, 3), (0, 2, 2.5), (0.5, 1, 2, 3), (0, 1.5, 3), (), (0, 3)))),
    home="i",
)
# Stately, harpsichord-ish: A minor in three, a bass on the bar and broken chords in quarters and
# eighths (with rests: never a busy run), the dominant's raised seventh.
LOST_IN_TIME = Mood(
    "lost-in-time", 57, MINOR, 72, 3, (1, 2),
    {"i": (0, 3, 7), "iv": (5, 8, 0), "V": (7, 11, 2), "VI": (8, 0, 3), "III": (3, 7, 10), "VII": (10, 2, 5)},
    {"i": {"iv": 3, "VI": 2, "V": 2, "III": 1, "VII": 1}, "iv": {"V": 3, "i": 2, "VII": 1},
     "V": {"i": 4, "VI": 2}, "VI": {"iv": 2, "V": 2, "III": 1}, "III": {"VI": 2, "iv": 2, "VII": 1},
     "VII": {"III": 3, "i": 1}},
    (Part("bass", "harpsichord", 45, 57, gain=0.36),
     Part("arp", "harpsichord", 57, 72, gain=0.30, step=0.5,
          patterns=((None, None, 1, None, 2, None), (None, None, 1, 2, 3, None), (None, 2, 1, None, 2, 3),
                    (None, None, 2, 1, 0, None), (None, None, 3, None, 2, 1)))),
    home="i",
)
# Music box and a ticking clock: G major, a tick-tock on every beat at sixty a minute, the comb's low
# teeth on the strong beats and a slow tune above.
TIME_AFTER_TIME = Mood(
    "time-after-time", 67, MAJOR, 60, 4, (1, 2),
    {"I": (0, 4, 7), "IV": (5, 9, 0), "V": (7, 11, 2), "vi": (9, 0, 4), "ii": (2, 5, 9), "iii": (4, 7, 11)},
    {"I": {"IV": 3, "V": 2, "vi": 2, "ii": 1}, "IV": {"V": 3, "I": 2, "ii": 1}, "V": {"I": 4, "vi": 2},
     "vi": {"IV": 2, "ii": 2, "V": 1}, "ii": {"V": 4}, "iii": {"vi": 2, "IV": 1}},
    (Part("tick", "clock", gain=0.10),
     Part("arp", "musicbox", 62, 74, gain=0.22, step=1.0, patterns=((0, None, 1, None), (0, None, 2, None),
                                                                       (0, 1, None, None))),
     Part("melody", "musicbox", 74, 87, gain=0.24,
          rhythms=((0, 1.5), (0.5, 1, 2), (0, 2, 3), (), (1, 1.5, 3), (0,), (2, 2.5)))),
    phrase_chords=4,
)
# Low, mysterious, sparse: E phrygian over a drone on E and B, a dark pad, a piano note now and then.
LABYRINTH = Mood(
    "labyrinth", 52, PHRYGIAN, 48, 4, (2, 3),
    {"i": (0, 3, 7), "II": (1, 5, 8), "iv": (5, 8, 0), "VI": (8, 0, 3), "vii": (10, 1, 5)},
    {"i": {"II": 3, "iv": 2, "VI": 2, "vii": 1}, "II": {"i": 4, "vii": 1}, "iv": {"i": 2, "II": 2, "VI": 1},
     "VI": {"II": 2, "i": 2, "iv": 1}, "vii": {"i": 2, "II": 2}},
    (Part("drone", "drone", *DRONE_WINDOW, gain=0.19, pedal=True, fifth=0.5),
     Part("pad", "pad", *PAD_WINDOW, gain=0.10),
     Part("melody", "piano", 60, 73, gain=0.18, rhythms=((0,), (), (2,), (), (1, 3), (), (0, 1.5)))),
    phrase_chords=3, home="i",
)
MOODS: dict[str, Mood] = {m.name: m for m in (MENU, CLOSE, LOST_CITIES, LOST_IN_TIME, TIME_AFTER_TIME, LABYRINTH)}


@dataclass(frozen=True)
class NoteEvent:
    """One note: when it starts (seconds from the mood's start), what, how loud (0..GAIN_CAP, before
    the music volume), how long it holds before its release (sustained) or its whole length."""

    start: float
    instrument: str
    pitch: int
    gain: float
    hold: float
    part: str

    @property
    def end(self) -> float:
        spec = INSTRUMENTS[self.instrument]
        return self.start + self.hold + (spec.release if spec.sustained else 0.0)


def note_file(instrument: str, pitch: int) -> str:
    """The note's file name in sounds/music/."""
    return f"{instrument}-{pitch}.wav"


def _in_window(pitch_class: int, low: int) -> int:
    return low + (pitch_class - low) % 12


def _window_pitches(pitch_classes: Sequence[int], low: int, high: int) -> list[int]:
    wanted = {pc % 12 for pc in pitch_classes}
    return [p for p in range(low, high) if p % 12 in wanted]


def _chord_pcs(mood: Mood, chord: Chord) -> list[int]:
    return [(mood.tonic + pc) % 12 for pc in chord]


def _melody_scale(mood: Mood, part: Part, chord: Chord) -> list[int]:
    """The melody's pitch classes under `chord`: its scale, with a scale tone a semitone from a chord
    tone outside the scale bent onto it (A minor's G becomes G# under E major)."""
    chord_pcs = _chord_pcs(mood, chord)
    out = []
    for degree in part.scale or mood.scale:
        pc = (mood.tonic + degree) % 12
        bent = next((c for c in chord_pcs if (c - pc) % 12 in (1, 11) and c not in
                     {(mood.tonic + d) % 12 for d in mood.scale}), None)
        out.append(bent if bent is not None else pc)
    return out


class Composer:
    """An endless, seeded stream of NoteEvents for one mood, in start order, never more than VOICES
    sounding at once."""

    def __init__(self, mood: Mood, seed: int) -> None:
        self.mood = mood
        self.rng = random.Random(f"{mood.name}:{seed}")
        self.chord = mood.home
        self.melody_pitch: int | None = None
        self.last_signature: tuple | None = None
        self.phrases = 0

    def events(self) -> Iterator[NoteEvent]:
        ends: list[float] = []
        start = 0.0
        while True:
            phrase, length = self.phrase(start)
            for event in phrase:
                while ends and ends[0] <= event.start + 1e-9:
                    heapq.heappop(ends)
                if len(ends) >= VOICES:
                    continue  # a crowded moment: this note is left out rather than cutting another
                heapq.heappush(ends, event.end)
                yield event
            start += length

    # --- one phrase --------------------------------------------------------------------------------
    def phrase(self, start: float) -> tuple[list[NoteEvent], float]:
        """The next phrase from `start`: its notes in start order and its length in seconds."""
        kept = (self.chord, self.melody_pitch)
        for attempt in range(8):
            self.chord, self.melody_pitch = kept
            chords = self._progression(force_change=attempt >= 4)
            events, length = self._voice(chords, start)
            signature = self._signature(chords, events, start)
            if signature != self.last_signature:
                break
        self.last_signature = signature
        self.phrases += 1
        return events, length

    def _progression(self, force_change: bool) -> list[tuple[str, int]]:
        mood, rng = self.mood, self.rng
        chords = []
        for index in range(mood.phrase_chords):
            if self.phrases == 0 and index == 0:
                name = mood.home  # the mood opens on its home chord
            else:
                moves = mood.moves[self.chord]
                if force_change and index == 0 and len(moves) > 1:
                    moves = {k: w for k, w in moves.items() if k != self.chord}
                name = rng.choices(list(moves), weights=list(moves.values()))[0]
            self.chord = name
            chords.append((name, rng.choice(mood.bars_per_chord)))
        return chords

    def _signature(self, chords: list[tuple[str, int]], events: list[NoteEvent], start: float) -> tuple:
        return (tuple(chords), tuple((round(e.start - start, 3), e.instrument, e.pitch) for e in events
                                     if e.part in ("melody", "arp")))

    def _voice(self, chords: list[tuple[str, int]], start: float) -> tuple[list[NoteEvent], float]:
        mood, rng = self.mood, self.rng
        bar = mood.beat * mood.beats_per_bar
        length = sum(bars for _, bars in chords) * bar
        events: list[NoteEvent] = []
        held: dict[tuple[str, int], NoteEvent] = {}  # sustained notes carried into the next chord
        t = start
        for index, (name, bars) in enumerate(chords):
            chord = mood.chords[name]
            span = bars * bar
            last_chord = index == len(chords) - 1
            for part in mood.parts:
                if part.role in ("pad", "drone"):
                    self._sustain(part, chord, t, span, start, length, events, held)
                elif part.role == "bass":
                    for b in range(bars):
                        events.append(self._pluck(part, t + b * bar, _in_window(_chord_pcs(mood, chord)[0], part.low),
                                                  part.gain * (1.0 if b == 0 else 0.8)))
                elif part.role == "arp":
                    self._arp(part, chord, t, bars, events)
                elif part.role == "melody":
                    self._melody(part, chord, t, bars, last_chord, events)
                elif part.role == "tick":
                    beats = bars * mood.beats_per_bar
                    for b in range(beats):
                        tick = b % 2 == 0
                        events.append(self._pluck(part, t + b * mood.beat, CLOCK_TICK if tick else CLOCK_TOCK,
                                                  part.gain * (1.0 if tick else 0.85), vary=False))
            t += span
        events.sort(key=lambda e: (e.start, e.part))
        return events, length

    def _sustain(self, part: Part, chord: Chord, t: float, span: float, start: float, length: float,
                 events: list[NoteEvent], held: dict[tuple[str, int], NoteEvent]) -> None:
        mood = self.mood
        if part.role == "drone":
            if part.pedal:
                if t > start:
                    return  # one pedal for the whole phrase
                tonic = _in_window(mood.tonic % 12, part.low)
                events.append(NoteEvent(t, part.instrument, tonic, min(GAIN_CAP, part.gain), length, part.role))
                if part.fifth:
                    fifth = _in_window((mood.tonic + 7) % 12, part.low)
                    events.append(NoteEvent(t, part.instrument, fifth, min(GAIN_CAP, part.gain * part.fifth),
                                            length, part.role))
                return
            pitches = [_in_window(_chord_pcs(mood, chord)[0], part.low)]
            gain = part.gain
        else:
            tones = chord[1:] if len(chord) >= 4 else chord  # a seventh chord leaves its root to the drone
            pitches = sorted(_in_window((mood.tonic + pc) % 12, part.low) for pc in tones)
            gain = part.gain / math.sqrt(len(pitches))
        for pitch in pitches:
            key = (part.role, pitch)
            before = held.get(key)
            if before is not None and abs(before.start + before.hold - t) < 1e-6:
                index = events.index(before)  # the same note goes on: hold it longer instead
                events[index] = held[key] = replace(before, hold=before.hold + span)
                continue
            held[key] = note = NoteEvent(t, part.instrument, pitch, min(GAIN_CAP, gain), span, part.role)
            events.append(note)

    def _pluck(self, part: Part, at: float, pitch: int, gain: float, vary: bool = True) -> NoteEvent:
        if vary:
            gain *= self.rng.uniform(0.88, 1.04)
        return NoteEvent(round(at, 6), part.instrument, pitch, min(GAIN_CAP, gain),
                         INSTRUMENTS[part.instrument].length, part.role)

    def _arp(self, part: Part, chord: Chord, t: float, bars: int, events: list[NoteEvent]) -> None:
        mood = self.mood
        tones = _window_pitches(_chord_pcs(mood, chord), part.low, part.high)
        bar = mood.beat * mood.beats_per_bar
        for b in range(bars):
            pattern = self.rng.choice(part.patterns)
            for step, index in enumerate(pattern):
                if index is None:
                    continue
                accent = 1.0 if step == 0 or (b == 0 and step == 2) else 0.82
                events.append(self._pluck(part, t + b * bar + step * part.step * mood.beat,
                                          tones[index % len(tones)], part.gain * accent))

    def _melody(self, part: Part, chord: Chord, t: float, bars: int, closes: bool,
                events: list[NoteEvent]) -> None:
        mood, rng = self.mood, self.rng
        scale = _window_pitches(_melody_scale(mood, part, chord), part.low, part.high)
        chord_tones = [p for p in scale if p % 12 in _chord_pcs(mood, chord)] or scale
        if self.melody_pitch is None:
            self.melody_pitch = chord_tones[len(chord_tones) // 2]
        bar = mood.beat * mood.beats_per_bar
        for b in range(bars):
            onsets = (0.0,) if closes and b == bars - 1 else rng.choice(part.rhythms)
            for onset in onsets:
                here = min(range(len(scale)), key=lambda i: abs(scale[i] - (self.melody_pitch or 0)))
                move = rng.choices((-3, -2, -1, 0, 1, 2, 3), weights=(0.4, 1.2, 3, 0.6, 3, 1.2, 0.4))[0]
                if here + move < 0 or here + move >= len(scale):
                    move = -move  # turn back at the edge of the range
                centre = len(scale) // 2  # and lean gently back towards the middle
                if abs(here - centre) > len(scale) // 3 and (here - centre) * move > 0:
                    move = -move
                pitch = scale[max(0, min(len(scale) - 1, here + move))]
                strong = onset == 0 or (mood.beats_per_bar == 4 and onset == 2)
                if strong:  # strong beats land on the harmony
                    pitch = min(chord_tones, key=lambda p: (abs(p - pitch), p))
                self.melody_pitch = pitch
                gain = part.gain * (1.0 if onset == 0 else 0.85 if strong else 0.75)
                events.append(self._pluck(part, t + b * bar + onset * mood.beat, pitch, gain))


def schedule(mood: str, seed: int, until: float, since: float = 0.0) -> list[NoteEvent]:
    """Every note of `mood` with `seed` that starts in [since, until) seconds from the mood's start."""
    out = []
    for event in Composer(MOODS[mood], seed).events():
        if event.start >= until:
            break
        if event.start >= since:
            out.append(event)
    return out


def needed_pitches(moods: Sequence[str] | None = None) -> dict[str, list[int]]:
    """Which notes each instrument needs: every pitch its parts can voice (the windows, chords and
    scales of every mood, or of `moods`); the generator writes exactly these."""
    found: dict[str, set[int]] = {name: set() for name in INSTRUMENTS}
    for mood in (MOODS[name] for name in (moods or MOODS)):
        for part in mood.parts:
            if part.role == "tick":
                found[part.instrument] |= {CLOCK_TICK, CLOCK_TOCK}
                continue
            for chord in mood.chords.values():
                pcs = _chord_pcs(mood, chord)
                if part.role == "melody":
                    found[part.instrument].update(_window_pitches(_melody_scale(mood, part, chord), part.low, part.high))
                elif part.role == "arp":
                    found[part.instrument].update(_window_pitches(pcs, part.low, part.high))
                elif part.role == "bass" or (part.role == "drone" and not part.pedal):
                    found[part.instrument].add(_in_window(pcs[0], part.low))
                elif part.role == "drone":
                    found[part.instrument].add(_in_window(mood.tonic % 12, part.low))
                    if part.fifth:
                        found[part.instrument].add(_in_window((mood.tonic + 7) % 12, part.low))
                else:  # pad
                    tones = chord[1:] if len(chord) >= 4 else chord
                    found[part.instrument].update(_in_window((mood.tonic + pc) % 12, part.low) for pc in tones)
    return {name: sorted(pitches) for name, pitches in found.items() if pitches}


# --- the conductor -----------------------------------------------------------------------------------

@dataclass
class Voice:
    """A note sounding on a channel."""

    channel: int
    event: NoteEvent
    layer: "Layer"
    start: float  # conductor time the note was due (its envelope counts from here)
    volume: float = 0.0  # last volume sent
    hush_from: float | None = None

    def envelope(self, now: float) -> float:
        spec = INSTRUMENTS[self.event.instrument]
        age = now - self.start
        env = 1.0
        if spec.sustained:
            if spec.attack > 0:
                env = min(1.0, age / spec.attack)
            if age > self.event.hold:
                env *= max(0.0, 1.0 - (age - self.event.hold) / spec.release)
        if self.hush_from is not None:
            env *= max(0.0, 1.0 - (now - self.hush_from) / HUSH_SECONDS)
        return max(0.0, env)

    def over(self, now: float) -> bool:
        if self.hush_from is not None and now - self.hush_from >= HUSH_SECONDS:
            return True
        return now >= self.start + (self.event.end - self.event.start) - 1e-9


@dataclass
class Layer:
    """One mood playing on one bank of channels, fading in from `start` and out from `leaving`."""

    mood: str
    bank: int
    start: float
    fade_in: bool
    stream: Iterator[NoteEvent]
    pending: NoteEvent | None = None
    leaving: float | None = None
    hushed: bool = False
    voices: list[Voice] = field(default_factory=list)

    def fade(self, now: float) -> float:
        gain = 1.0
        if self.fade_in:
            gain *= math.sin(math.pi / 2 * max(0.0, min(1.0, (now - self.start) / FADE_SECONDS)))
        if self.leaving is not None:
            out = max(0.0, (now - self.leaving) / FADE_SECONDS)
            gain *= math.cos(math.pi / 2 * out) if out < 1 else 0.0
        return gain

    def gone(self, now: float) -> bool:
        return self.leaving is not None and now - self.leaving >= FADE_SECONDS and not self.voices


# Commands for the player: ("start", channel, instrument, pitch, volume), ("volume", channel, volume),
# ("stop", channel).
Command = tuple


def _ramp(value: float, target: float, seconds: float, dt: float) -> float:
    if seconds <= 0:
        return target
    step = dt / seconds
    return min(target, value + step) if target > value else max(target, value - step)


class Conductor:
    """Mood changes, volume, ducking and channel allocation over time; `update(dt)` returns what the
    mixer must do this frame. Time is its own clock (the frames' seconds), so tests drive it exactly."""

    def __init__(self, seed: int = 0, fade_in_first: bool = True) -> None:
        self.seed = seed
        self.now = 0.0
        self.layers: list[Layer] = []
        self.level_target = 0.0
        self.level = 0.0
        self.paused = False
        self.stinger_until = -1.0
        self.duck = 1.0
        self.moods_started = 0
        self.fade_in_first = fade_in_first

    @property
    def mood(self) -> str | None:
        """The mood playing (or fading in); None before the first."""
        live = [layer for layer in self.layers if layer.leaving is None]
        return live[-1].mood if live else None

    def set_mood(self, mood: str) -> None:
        if mood not in MOODS:
            raise ValueError(f"unknown mood {mood}")
        if mood == self.mood:
            return
        start = self.now
        for layer in self.layers:
            if layer.leaving is None:
                layer.leaving = self.now
        banks_used = {layer.bank for layer in self.layers}
        free = [b for b in range(BANKS) if b not in banks_used]
        if free:
            bank = free[0]
        else:  # a third mood inside a fade: hush the oldest and take its bank when it is quiet
            oldest = self.layers[0]
            for voice in oldest.voices:
                if voice.hush_from is None:
                    voice.hush_from = self.now
            oldest.hushed = True
            bank = oldest.bank
            start = self.now + HUSH_SECONDS
        fade_in = bool(self.layers) or self.fade_in_first
        stream = Composer(MOODS[mood], self.seed * 1000 + self.moods_started).events()
        self.moods_started += 1
        self.layers.append(Layer(mood, bank, start, fade_in, stream, next(stream)))

    def set_level(self, level: float) -> None:
        """The music volume (master x music), 0..1."""
        self.level_target = max(0.0, min(1.0, level))

    def set_paused(self, paused: bool) -> None:
        self.paused = paused

    def duck_for(self, seconds: float) -> None:
        """A stinger is playing for `seconds`: the music steps well back under it."""
        self.stinger_until = max(self.stinger_until, self.now + seconds)

    def duck_target(self) -> float:
        target = PAUSE_DUCK if self.paused else 1.0
        if self.now < self.stinger_until:
            target = min(target, STINGER_DUCK)
        return target

    def update(self, dt: float) -> list[Command]:
        dt = max(0.0, min(dt, 0.25))
        self.now += dt
        now = self.now
        self.level = _ramp(self.level, self.level_target, LEVEL_SECONDS, dt)
        target = self.duck_target()
        self.duck = _ramp(self.duck, target, DUCK_DOWN_SECONDS if target < self.duck else DUCK_UP_SECONDS, dt)
        commands: list[Command] = []
        master = self.level * self.duck
        for layer in self.layers:
            fade = layer.fade(now)
            faded = layer.leaving is not None and now - layer.leaving >= FADE_SECONDS
            kept = []
            for voice in layer.voices:
                if voice.over(now) or faded or (self.level_target == 0 and self.level == 0):
                    commands.append(("stop", voice.channel))
                    continue
                volume = voice.event.gain * voice.envelope(now) * fade * master
                if abs(volume - voice.volume) >= VOLUME_STEP or (volume == 0 and voice.volume):
                    voice.volume = volume
                    commands.append(("volume", voice.channel, volume))
                kept.append(voice)
            layer.voices = kept
        for layer in self.layers:
            self._start_due(layer, commands)
        self.layers = [layer for layer in self.layers if not layer.gone(now) and not (layer.hushed and not layer.voices)]
        return commands

    def _start_due(self, layer: Layer, commands: list[Command]) -> None:
        now = self.now
        while layer.pending is not None and layer.start + layer.pending.start <= now:
            event, layer.pending = layer.pending, next(layer.stream)
            if layer.hushed or self.level_target <= 0:
                continue
            if layer.leaving is not None and now - layer.leaving >= FADE_SECONDS:
                continue
            due = layer.start + event.start
            spec = INSTRUMENTS[event.instrument]
            if spec.sustained and self._tie(layer, event, due):
                continue
            if now - due > (event.hold if spec.sustained else LATE_SECONDS):
                continue
            busy = {voice.channel for other in self.layers for voice in other.voices}
            channel = next((c for c in range(layer.bank * VOICES, (layer.bank + 1) * VOICES) if c not in busy), None)
            if channel is None:
                continue
            voice = Voice(channel, event, layer, due)
            voice.volume = event.gain * voice.envelope(now) * layer.fade(now) * self.level * self.duck
            layer.voices.append(voice)
            commands.append(("start", channel, event.instrument, event.pitch, voice.volume))

    @staticmethod
    def _tie(layer: Layer, event: NoteEvent, due: float) -> bool:
        """A sustained note that goes on where the same note of the phrase before ends holds that voice
        longer instead of starting again: no release and attack at every phrase's seam (a pedal drone
        sounds unbroken). The voice keeps its level, as a tie within a phrase does."""
        for voice in layer.voices:
            held = voice.event
            if (voice.hush_from is None and held.instrument == event.instrument and held.pitch == event.pitch
                    and held.part == event.part and abs(voice.start + held.hold - due) < 1e-6):
                voice.event = replace(held, hold=held.hold + event.hold)
                return True
        return False

    def voices(self) -> int:
        return sum(len(layer.voices) for layer in self.layers)
