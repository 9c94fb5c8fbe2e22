"""The soundtrack: game/ui/music_score.py's conductor played on reserved mixer channels.

`Music.follow(scenes)` picks the mood from the scene stack each frame (menus, a game's table, the
results' gentle close; the pause menu ducks), `update(frame_seconds)` runs the conductor and plays its
commands. The first RESERVED channels are kept for the music (`pygame.mixer.set_reserved`): effects
never cut a note, and the music never takes an effect's channel (the effects keep their 24).

Silent and harmless without sound: with no mixer, SDL's dummy audio driver (tests, screenshots) or
the music volume at 0 it starts no note and loads no file, yet still follows the scenes, so the mood
the app asks for can be checked anywhere. A missing or broken note file is reported once and that
note stays silent.

Cost, measured with the notes really playing (the dummy driver forced audible, 2 cores): the update
takes about 5 us a frame on its own and 20 us median inside the app's frame; a frame that reads a note
ahead of need (one a frame, about 1 ms) is the only bump, and a game's notes are read while its setup
shows.
"""

from __future__ import annotations

import logging
import random
import wave
from pathlib import Path
from typing import Any, Sequence

import pygame

from game.ui.assets import read_wav, wav_sound
from game.ui.music_score import BANKS, INSTRUMENTS, MOODS, VOICES, Command, Conductor, needed_pitches, note_file
from game.ui.settings import Settings

log = logging.getLogger(__name__)

MUSIC_DIR = Path(__file__).resolve().parents[2] / "sounds" / "music"
RESERVED = VOICES * BANKS
EFFECT_CHANNELS = 24  # what Assets.init_mixer gives the effects; the music's channels come on top
STINGERS = ("win", "lose", "draw")  # the results' cues: the music ducks well under them
MENU_MOOD = "menu"
RESULTS_MOOD = "close"
TABLE_SCENES = ("table", "lan-table")
RESULTS_SCENES = ("results", "breakdown")
PAUSE_SCENES = ("pause",)
GAME_MOODS = tuple(mood for mood in MOODS if mood not in (MENU_MOOD, RESULTS_MOOD))


def scene_game_id(scene: Any) -> str | None:
    """The game a table scene shows (a LAN table wraps the game's own table)."""
    game_id = getattr(scene, "game_id", None) or getattr(getattr(scene, "table", None), "game_id", None)
    return game_id if isinstance(game_id, str) else None


def mood_for(scenes: Sequence[Any]) -> tuple[str, bool]:
    """(mood, paused) for a scene stack, bottom first. The topmost table or results decides: results
    close gently, a table plays its game's mood (also under its pause menu, its rules, its settings),
    and with neither (title, picker, setup, settings, lobby) the menus' mood plays."""
    paused = False
    for scene in reversed(scenes):
        name = getattr(scene, "name", "")
        if name in PAUSE_SCENES:
            paused = True
        if name in RESULTS_SCENES:
            return RESULTS_MOOD, paused
        if name in TABLE_SCENES:
            game_id = scene_game_id(scene)
            return (game_id if game_id in MOODS else MENU_MOOD), paused
    return MENU_MOOD, paused


def next_mood(scenes: Sequence[Any], mood: str) -> str:
    """The mood the player is likely to hear next: a game's setup or lobby leads to its table, a table
    to its results' close, anything else back to the menus."""
    if mood in GAME_MOODS:
        return RESULTS_MOOD
    for scene in reversed(scenes):
        game_id = scene_game_id(scene)
        if game_id in GAME_MOODS:
            return game_id
    return MENU_MOOD


def audio_is_real() -> bool:
    """False for SDL's dummy driver: nothing would be heard, so nothing is loaded or played."""
    try:
        driver = pygame.mixer.get_driver() if hasattr(pygame.mixer, "get_driver") else ""
    except pygame.error:
        return False
    return driver != "dummy"


LOOP_MARGIN = 1024  # frames of the loop's own end put before it and of its start after it (46 ms)


def seamless_loop(path: Path) -> pygame.mixer.Sound:
    """A sustained note's loop in the mixer's own format, with its seam intact.

    The note files are 22.05 kHz and the mixer runs at 44.1 kHz (or the device's rate): SDL resamples
    a file as one finite stream, so the converted loop's last samples lean towards the silence after
    it, and `loops=-1` then jumps at every wrap (up to an eighth of full scale on pad-62: a tick every
    1.4 s under the menus). Converted with its own end before it and its own start after it, the loop
    sees around it what it will hear when it wraps; the margins are cut off again on whole frames."""
    params, frames = read_wav(path)
    frame_in = params.sampwidth * params.nchannels
    count = len(frames) // frame_in
    margin = min(LOOP_MARGIN, count)
    wrapped = frames[(count - margin) * frame_in:] + frames + frames[:margin * frame_in]
    converted = wav_sound(params, wrapped).get_raw()
    init = pygame.mixer.get_init()
    frame_out = (abs(init[1]) // 8) * init[2] if init else 4
    scale = len(converted) // frame_out / (count + 2 * margin)  # converted frames per file frame
    first, last = round(margin * scale), round((margin + count) * scale)
    return pygame.mixer.Sound(buffer=converted[first * frame_out:last * frame_out])


class ChannelPlayer:
    """Runs the conductor's commands on the reserved channels, loading each note on first use."""

    def __init__(self, music_dir: Path = MUSIC_DIR) -> None:
        self.music_dir = music_dir
        self.sounds: dict[tuple[str, int], pygame.mixer.Sound | None] = {}
        self.missing_reported = False
        if pygame.mixer.get_num_channels() < EFFECT_CHANNELS + RESERVED:
            pygame.mixer.set_num_channels(EFFECT_CHANNELS + RESERVED)
        pygame.mixer.set_reserved(RESERVED)
        self.channels = [pygame.mixer.Channel(i) for i in range(RESERVED)]
        self.to_load: list[tuple[str, int]] = []

    def prefetch(self, moods: Sequence[str]) -> None:
        """Queue the notes of `moods` (the one playing, then the one likely next): `load_one` reads one
        a frame (about a millisecond each), so a mood change rarely has a note left to read."""
        wanted = [(instrument, pitch) for mood in moods
                  for instrument, pitches in needed_pitches([mood]).items() for pitch in pitches]
        self.to_load = [key for key in dict.fromkeys(wanted) if key not in self.sounds]

    def load_one(self) -> None:
        while self.to_load:
            key = self.to_load.pop(0)
            if key not in self.sounds:
                self.sound(*key)
                return

    def sound(self, instrument: str, pitch: int) -> pygame.mixer.Sound | None:
        key = (instrument, pitch)
        if key not in self.sounds:
            path = self.music_dir / note_file(instrument, pitch)
            found: pygame.mixer.Sound | None = None
            try:
                found = seamless_loop(path) if INSTRUMENTS[instrument].sustained else pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError, OSError, EOFError, wave.Error) as exc:
                if not self.missing_reported:
                    self.missing_reported = True
                    log.warning("music note %s could not be loaded (%s); such notes stay silent "
                                "(python tools/make_music.py writes them)", path.name, exc)
            self.sounds[key] = found
        return self.sounds[key]

    def run(self, command: Command) -> None:
        kind, channel = command[0], self.channels[command[1]]
        if kind == "volume":
            channel.set_volume(command[2])
        elif kind == "start":
            _, _, instrument, pitch, volume = command
            note = self.sound(instrument, pitch)
            if note is not None:
                channel.play(note, loops=-1 if INSTRUMENTS[instrument].sustained else 0)
                channel.set_volume(volume)
        elif kind == "stop":
            channel.stop()

    def stop(self) -> None:
        """Silence the music and give its channels back (another App in this process, as in the
        tests, starts with the effects' 24 and reserves its own)."""
        for channel in self.channels:
            channel.stop()
        pygame.mixer.set_reserved(0)


class Music:
    """The app's soundtrack: one per App; `player` is None where nothing can be heard."""

    def __init__(self, settings: Settings, mixer_ok: bool, *, seed: int | None = None,
                 music_dir: Path = MUSIC_DIR, audible: bool | None = None) -> None:
        self.settings = settings
        self.conductor = Conductor(random.randrange(1 << 30) if seed is None else seed)
        self.player: ChannelPlayer | None = None
        self.likely_next = MENU_MOOD  # the mood the scenes shown lead to (a setup: its game's)
        self.prefetched: tuple[str, ...] = ()  # the moods whose notes were queued for reading
        if audible is None:
            audible = mixer_ok and audio_is_real()
        if audible and mixer_ok:
            try:
                self.player = ChannelPlayer(music_dir)
            except pygame.error as exc:
                log.warning("music is off: its mixer channels could not be set up (%s)", exc)

    @property
    def mood(self) -> str | None:
        return self.conductor.mood

    @property
    def level(self) -> float:
        """The music's gain: master x music volume (0 where nothing can be heard)."""
        return 0.0 if self.player is None else self.settings.music_gain

    def follow(self, scenes: Sequence[Any]) -> None:
        mood, paused = mood_for(scenes)
        self.conductor.set_mood(mood)
        self.conductor.set_paused(paused)
        self.likely_next = next_mood(scenes, mood)

    def on_effect(self, name: str, seconds: float) -> None:
        """An effect started (Assets.play): the music steps back under a stinger."""
        if name in STINGERS:
            self.conductor.duck_for(seconds)

    def update(self, frame_seconds: float) -> None:
        self.conductor.set_level(self.level)
        commands = self.conductor.update(frame_seconds)
        if self.player is None:
            return
        try:
            moods = tuple(dict.fromkeys(m for m in (self.conductor.mood, self.likely_next) if m is not None))
            if self.level > 0 and moods != self.prefetched:
                self.prefetched = moods
                self.player.prefetch(moods)
            started = False
            for command in commands:
                self.player.run(command)
                started = started or command[0] == "start"
            if not started and self.level > 0:
                self.player.load_one()  # a frame that started no note reads the next one ahead of need
        except pygame.error as exc:  # a device lost mid-game: music off, the game goes on
            log.warning("music is off: %s", exc)
            self.player = None

    def stop(self) -> None:
        if self.player is not None:
            try:
                self.player.stop()
            except pygame.error:
                pass  # the mixer is already closed: nothing sounds
            self.player = None
