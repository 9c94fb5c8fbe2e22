"""The soundtrack: a seeded, endless, quiet score (game/ui/music_score.py) played on reserved mixer
channels (game/ui/music.py), its mood following the scenes, its own volume in the settings, and the
notes tools/make_music.py writes."""

from __future__ import annotations

import importlib.util
import json
import logging
import wave
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.ui import music_score as S
from game.ui.music import RESERVED, Music, mood_for
from game.ui.settings import Settings, load_settings, save_settings, settings_path
from ui_helpers import frames, key, make_app, pad

ROOT = Path(__file__).resolve().parent.parent
MUSIC_DIR = ROOT / "sounds" / "music"
GAMES = ("lost-cities", "lost-in-time", "time-after-time", "labyrinth")
FPS = 60


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_music", ROOT / "tools" / "make_music.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def most_at_once(events: list[S.NoteEvent]) -> int:
    edges = sorted([(e.start, 1) for e in events] + [(e.end, -1) for e in events], key=lambda x: (x[0], x[1]))
    now = best = 0
    for _, change in edges:
        now += change
        best = max(best, now)
    return best


# --- the schedule ------------------------------------------------------------------------------------
@pytest.mark.parametrize("mood", sorted(S.MOODS))
def test_a_seed_gives_the_same_music_and_another_seed_other_music(mood):
    first = S.schedule(mood, 7, 90)
    assert first == S.schedule(mood, 7, 90)
    assert first != S.schedule(mood, 8, 90)
    assert first and all(a.start <= b.start for a, b in zip(first, first[1:]))


def test_the_moods_differ_in_instruments_pitches_and_pace():
    heard = {}
    for mood in S.MOODS:
        events = S.schedule(mood, 3, 120)
        heard[mood] = (frozenset(e.instrument for e in events), frozenset(e.pitch for e in events))
    assert len({instruments for instruments, _ in heard.values()} | {heard["close"][1]}) >= 5
    for a in S.MOODS:
        for b in S.MOODS:
            if a < b:
                assert heard[a] != heard[b] or S.MOODS[a].tempo != S.MOODS[b].tempo, (a, b)
    assert "harpsichord" in heard["lost-in-time"][0] and "marimba" in heard["lost-cities"][0]
    assert {"musicbox", "clock"} <= heard["time-after-time"][0]
    # the Labyrinth is the lowest and the sparsest; the clock ticks once a second
    lows = {mood: min(pitches) for mood, (_, pitches) in heard.items()}
    assert lows["labyrinth"] == min(lows.values())
    rates = {mood: sum(1 for e in S.schedule(mood, 3, 120) if e.part in ("melody", "arp", "bass")) / 120
             for mood in S.MOODS}
    assert rates["labyrinth"] == min(rates.values())
    ticks = [e.start for e in S.schedule("time-after-time", 3, 20) if e.part == "tick"]
    assert [round(b - a, 6) for a, b in zip(ticks, ticks[1:])] == [1.0] * (len(ticks) - 1)


@pytest.mark.parametrize("mood", sorted(S.MOODS))
def test_never_loud_never_crowded_never_busy(mood):
    events = S.schedule(mood, 11, 300)
    assert all(0 < e.gain <= S.GAIN_CAP for e in events)
    assert most_at_once(events) <= S.VOICES
    plucked = [e for e in events if e.part in ("melody", "arp")]
    assert len(plucked) / 300 <= 2.5  # notes a second, on average
    spec = S.MOODS[mood]
    bar = spec.beat * spec.beats_per_bar
    per_bar: dict[int, int] = defaultdict(int)
    for e in plucked:
        per_bar[int(e.start / bar + 1e-9)] += 1
    assert max(per_bar.values()) <= 6


def test_a_crowded_score_is_thinned_to_the_voice_limit():
    """Three plucked lines in eighths over a pad: more notes than channels; the latest are left out."""
    busy = replace(S.MENU, name="busy", parts=S.MENU.parts + tuple(
        S.Part("arp", "piano", 60, 80, gain=0.2, step=0.5, patterns=((0, 1, 2, 1, 0, 1, 2, 1),)) for _ in range(3)))
    events: list[S.NoteEvent] = []
    for event in S.Composer(busy, 1).events():
        if event.start >= 60:
            break
        events.append(event)
    assert most_at_once(events) == S.VOICES
    assert any(e.part == "pad" for e in events) and any(e.part == "arp" for e in events)


@pytest.mark.parametrize("mood", sorted(S.MOODS))
def test_no_phrase_comes_twice_in_a_row(mood):
    composer = S.Composer(S.MOODS[mood], 5)
    start, signatures = 0.0, []
    for _ in range(150):
        events, length = composer.phrase(start)
        signatures.append(composer.last_signature)
        start += length
    assert all(a != b for a, b in zip(signatures, signatures[1:]))


def test_a_mood_that_would_repeat_itself_is_made_to_vary():
    """A mood built to repeat (a sticky chord, one note a bar) still never plays a phrase twice in a
    row: the composer writes it again."""
    sticky = replace(S.MENU, name="sticky", chords={"I": (0, 4, 7), "IV": (5, 9, 0)},
                     moves={"I": {"I": 20, "IV": 1}, "IV": {"I": 1}}, phrase_chords=1,
                     parts=(S.Part("melody", "piano", 60, 65, gain=0.2, rhythms=((0,),)),))
    composer = S.Composer(sticky, 1)
    raw = S.Composer(sticky, 1)
    raw_signatures = []
    for _ in range(60):
        chords = raw._progression(force_change=False)
        events, _ = raw._voice(chords, 0.0)
        raw_signatures.append(raw._signature(chords, events, 0.0))
    assert any(a == b for a, b in zip(raw_signatures, raw_signatures[1:]))  # left alone, it would repeat
    signatures = []
    for _ in range(60):
        composer.phrase(0.0)
        signatures.append(composer.last_signature)
    assert all(a != b for a, b in zip(signatures, signatures[1:]))


def test_the_generator_writes_every_note_the_moods_use_and_only_those():
    needed = S.needed_pitches()
    for mood in S.MOODS:
        for e in S.schedule(mood, 2, 240):
            assert e.pitch in needed[e.instrument], (mood, e)
    files = {p.name for p in MUSIC_DIR.glob("*.wav")}
    assert files == {S.note_file(i, p) for i, pitches in needed.items() for p in pitches}
    assert sum(p.stat().st_size for p in MUSIC_DIR.glob("*.wav")) < 3.1e6


# --- the conductor -----------------------------------------------------------------------------------
def run(conductor: S.Conductor, seconds: float) -> list[tuple[float, tuple]]:
    out = []
    for _ in range(round(seconds * FPS)):
        for command in conductor.update(1 / FPS):
            out.append((conductor.now, command))
    return out


class Channels:
    """What the mixer would do with the commands: each channel's note, volume and volume history."""

    def __init__(self) -> None:
        self.note: dict[int, tuple[str, int]] = {}
        self.volume: dict[int, float] = {}
        self.largest_drop = 0.0
        self.loud_stops: list[tuple] = []

    def apply(self, commands: list[tuple[float, tuple]]) -> None:
        for _, command in commands:
            channel = command[1]
            if command[0] == "start":
                assert channel not in self.note, "a note started on a busy channel"
                self.note[channel] = (command[2], command[3])
                self.volume[channel] = command[4]
            elif command[0] == "volume":
                self.largest_drop = max(self.largest_drop, self.volume[channel] - command[2])
                self.volume[channel] = command[2]
            else:
                instrument = self.note.pop(channel)[0]
                if S.INSTRUMENTS[instrument].sustained and self.volume[channel] > 0.004:
                    self.loud_stops.append(command)


def test_a_mood_change_crossfades_with_no_cut():
    conductor = S.Conductor(seed=4)
    conductor.set_level(0.4)
    conductor.set_mood("menu")
    channels = Channels()
    channels.apply(run(conductor, 20))
    old_bank = {c for c in channels.note}
    assert old_bank and max(old_bank) < S.VOICES  # the first mood plays on the first bank
    leaving = conductor.layers[0]
    conductor.set_mood("lost-cities")
    coming = conductor.layers[1]
    old, new = [], []
    for _ in range(round(2.5 * FPS)):
        commands = conductor.update(1 / FPS)
        channels.apply([(conductor.now, c) for c in commands])
        old.append(leaving.fade(conductor.now))
        new.append(coming.fade(conductor.now))
    assert conductor.mood == "lost-cities" and conductor.layers == [coming]
    assert all(a >= b for a, b in zip(old, old[1:])) and old[0] > 0.95 and old[-1] == 0
    assert all(a <= b for a, b in zip(new, new[1:])) and new[0] < 0.1 and new[-1] == 1
    frames_to_fade = sum(1 for v in old if 0 < v < 1)
    assert 1.0 * FPS <= frames_to_fade <= 2.0 * FPS
    assert not channels.loud_stops  # a sustained note only ever stops once it is silent
    assert channels.largest_drop < 0.02  # per frame: ramps, not cuts
    assert all(c >= S.VOICES for c in channels.note)  # the old bank is empty, the new mood on the other


def test_a_third_mood_inside_a_fade_hushes_the_oldest_without_a_cut():
    conductor = S.Conductor(seed=9)
    conductor.set_level(0.5)
    channels = Channels()
    for mood in ("menu", "labyrinth", "close", "lost-in-time"):
        conductor.set_mood(mood)
        channels.apply(run(conductor, 0.5))
    channels.apply(run(conductor, 6))
    assert conductor.mood == "lost-in-time" and len(conductor.layers) == 1
    assert not channels.loud_stops and channels.largest_drop < 0.04


def test_volume_zero_schedules_nothing_and_comes_back():
    conductor = S.Conductor(seed=2)
    conductor.set_level(0.0)
    conductor.set_mood("menu")
    assert not [c for _, c in run(conductor, 60) if c[0] == "start"]
    conductor.set_level(0.4)
    assert [c for _, c in run(conductor, 20) if c[0] == "start"]
    conductor.set_level(0.0)  # turned down while playing: ramped out, then stopped, nothing new
    channels = Channels()
    channels.note = {v.channel: (v.event.instrument, v.event.pitch) for layer in conductor.layers for v in layer.voices}
    channels.volume = {v.channel: v.volume for layer in conductor.layers for v in layer.voices}
    commands = run(conductor, 10)
    channels.apply(commands)
    assert not [c for _, c in commands if c[0] == "start"] and conductor.voices() == 0
    assert channels.largest_drop < 0.1


def test_pause_ducks_a_little_and_a_stinger_much_more():
    conductor = S.Conductor(seed=1)
    conductor.set_level(0.5)
    conductor.set_mood("menu")
    run(conductor, 10)
    assert conductor.duck == 1.0
    conductor.set_paused(True)
    run(conductor, 1)
    assert conductor.duck == pytest.approx(S.PAUSE_DUCK)
    voices = [v for layer in conductor.layers for v in layer.voices]
    assert voices and all(v.volume <= v.event.gain * 0.5 * S.PAUSE_DUCK + S.VOLUME_STEP for v in voices)
    conductor.set_paused(False)
    conductor.duck_for(1.5)
    run(conductor, 0.5)
    assert conductor.duck == pytest.approx(S.STINGER_DUCK)  # about -12 dB under the win or lose
    run(conductor, 1.0 + S.DUCK_UP_SECONDS + 0.1)
    assert conductor.duck == 1.0


# --- the app ----------------------------------------------------------------------------------------
def test_the_app_picks_the_mood_for_each_scene(data_dir):
    import main
    from game.ui.pause import PauseOverlay

    app = make_app()
    for scene in ("title", "picker", "settings"):
        app.clear_to(main.build_scene(app, scene))
        frames(app, 2)
        assert app.music.mood == "menu" and not app.music.conductor.paused, scene
    app.clear_to(main.build_scene(app, "setup", "labyrinth"))
    frames(app, 2)
    assert app.music.mood == "menu"
    for game in GAMES:
        app.clear_to(main.build_scene(app, "table", game, None, seed=3))
        frames(app, 2)
        assert app.music.mood == game
        app.push(PauseOverlay(app, game))
        frames(app, 2)
        assert app.music.mood == game and app.music.conductor.paused
    app.clear_to(main.build_scene(app, "results", "lost-cities", 2, seed=3))
    for _ in range(600):
        frames(app, 1)
        if app.scenes.top is not None and app.scenes.top.name == "results":
            break
    assert app.scenes.top.name == "results"
    frames(app, 2)
    assert app.music.mood == "close"
    app.shutdown()


def test_a_lan_table_plays_its_games_mood_and_rules_over_a_table_keep_it():
    class Scene:
        def __init__(self, name, **kw):
            self.name = name
            self.__dict__.update(kw)

    table = Scene("table", game_id="labyrinth")
    assert mood_for([Scene("title"), Scene("lan-table", table=table)]) == ("labyrinth", False)
    assert mood_for([table, Scene("pause"), Scene("rules", game_id="labyrinth")]) == ("labyrinth", True)
    assert mood_for([table, Scene("results"), Scene("breakdown")]) == ("close", False)
    assert mood_for([Scene("setup", game_id="labyrinth")]) == ("menu", False)


def test_a_games_notes_are_read_ahead_while_its_setup_shows(data_dir):
    """Reading a note takes about a millisecond: the setup screen reads its game's notes one a frame,
    so the table's first chord finds them ready."""
    import main

    app = make_app()
    app.music = Music(app.settings, True, seed=1, audible=True)
    app.clear_to(main.build_scene(app, "setup", "labyrinth"))
    frames(app, 240)
    assert app.music.mood == "menu" and app.music.likely_next == "labyrinth"
    labyrinth = {(i, p) for i, pitches in S.needed_pitches(["labyrinth"]).items() for p in pitches}
    assert labyrinth <= {key for key, sound in app.music.player.sounds.items() if sound is not None}
    app.music.stop()
    app.shutdown()


def test_the_results_stingers_duck_the_music(data_dir):
    app = make_app()
    app.music = Music(app.settings, app.assets.mixer_ok, seed=1, audible=app.assets.mixer_ok)
    app.assets.on_effect = app.music.on_effect
    if not app.assets.mixer_ok:
        pytest.fail("the dummy audio driver opens a mixer here")
    app.assets.play("win")
    assert app.music.conductor.stinger_until > app.music.conductor.now + 1.0
    app.shutdown()


def test_silent_without_a_mixer_or_on_the_dummy_driver():
    settings = Settings()
    off = Music(settings, mixer_ok=False, seed=1)
    dummy = Music(settings, mixer_ok=True, seed=1)  # the tests' SDL_AUDIODRIVER=dummy
    for music in (off, dummy):
        assert music.player is None and music.level == 0
        music.follow([])
        for _ in range(600):
            music.update(1 / 60)
        assert music.mood == "menu" and music.conductor.voices() == 0
        music.stop()


def test_missing_note_files_warn_once_and_stay_silent(tmp_path, caplog):
    pygame.init()
    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
    music = Music(Settings(), mixer_ok=True, seed=1, music_dir=tmp_path, audible=True)
    music.follow([])
    with caplog.at_level(logging.WARNING):
        for _ in range(20 * 60):
            music.update(1 / 60)
    warnings = [r for r in caplog.records if "music note" in r.getMessage()]
    assert len(warnings) == 1
    assert not any(channel.get_busy() for channel in music.player.channels)
    music.stop()


def test_music_plays_on_reserved_channels_that_effects_never_take(data_dir):
    app = make_app()
    assert app.assets.mixer_ok
    app.music = Music(app.settings, True, seed=1, audible=True)
    assert pygame.mixer.get_num_channels() >= 24 + RESERVED
    effect = app.assets.sound("place")
    assert effect is not None
    for _ in range(pygame.mixer.get_num_channels()):
        effect.play()
    assert not any(channel.get_busy() for channel in app.music.player.channels)
    pygame.mixer.stop()
    app.music.follow([])
    for _ in range(3 * 60):
        app.music.update(1 / 60)
    playing = [i for i, channel in enumerate(app.music.player.channels) if channel.get_busy()]
    assert playing and all(i < RESERVED for i in playing)
    assert app.music.conductor.voices() == len(playing)
    app.shutdown()  # the music stops and gives its channels back
    assert not any(pygame.mixer.Channel(i).get_busy() for i in range(RESERVED))
    channels = pygame.mixer.get_num_channels()
    assert sum(effect.play() is not None for _ in range(channels)) == channels  # none held back any more
    pygame.mixer.stop()


# --- settings ---------------------------------------------------------------------------------------
def test_music_volume_round_trips_and_bad_values_are_refused(data_dir):
    assert Settings().music_volume == 0.5
    save_settings(Settings(music_volume=0.25, master_volume=0.8))
    loaded = load_settings(print)
    assert loaded.music_volume == 0.25 and loaded.music_gain == pytest.approx(0.2)
    for bad in (1.5, -0.1, "loud", True, None):
        with pytest.raises(ValueError, match="music_volume"):
            Settings.from_json({"music_volume": bad})
    settings_path().write_text(json.dumps({"music_volume": 3}), encoding="utf-8")
    warnings: list[str] = []
    assert load_settings(warnings.append) == Settings()
    assert warnings and "music_volume" in warnings[0]
    assert [p for p in data_dir.iterdir() if p.name.startswith("settings.json.bad-")]


def _music_row(app):
    from game.ui.settings_scene import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    frames(app, 2)
    row = next(w for w in scene.group.widgets if w.label == "Music volume")
    effects = next(w for w in scene.group.widgets if w.label == "Effects volume")
    return scene, row, effects


@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_the_settings_music_row_changes_the_music_at_once(device, data_dir):
    app = make_app()
    app.music = Music(app.settings, True, seed=1, audible=True)
    scene, row, effects = _music_row(app)
    widgets = scene.group.widgets
    assert widgets.index(row) == widgets.index(effects) + 1  # next to the effects row
    press = {"keyboard": {"down": lambda: key(app, pygame.K_DOWN), "left": lambda: key(app, pygame.K_LEFT),
                          "right": lambda: key(app, pygame.K_RIGHT), "back": lambda: key(app, pygame.K_ESCAPE)},
             "gamepad": {"down": lambda: pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN),
                         "left": lambda: pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT),
                         "right": lambda: pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT),
                         "back": lambda: pad(app, pygame.CONTROLLER_BUTTON_B)}}[device]
    while widgets[scene.group.focus] is not row:
        press["down"]()
    press["left"]()
    assert app.settings.music_volume == pytest.approx(0.4)
    assert app.music.conductor.level_target == pytest.approx(0.8 * 0.4)  # the very next frame
    for _ in range(5):
        press["left"]()
    assert app.settings.music_volume == 0
    frames(app, 30)
    assert app.music.conductor.voices() == 0 and app.music.conductor.level_target == 0
    press["right"]()
    assert app.settings.music_volume == pytest.approx(0.1)
    press["back"]()
    assert load_settings(print).music_volume == pytest.approx(0.1)
    app.music.stop()
    app.shutdown()


def test_the_music_row_follows_a_pointer_and_a_finger(data_dir):
    from ui_helpers import click

    app = make_app()
    scene, row, _ = _music_row(app)
    track = row.track
    click(app, (track.left + track.width * 0.25, track.centery))
    assert app.settings.music_volume == pytest.approx(0.25, abs=0.01)
    window = tuple(int(v) for v in (track.right, track.centery))
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=window[0] / 1920, y=window[1] / 1080, finger_id=1,
                                         touch_id=1, dx=0, dy=0, pressure=1))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=window[0] / 1920, y=window[1] / 1080, finger_id=1,
                                         touch_id=1, dx=0, dy=0, pressure=0))
    frames(app, 3)
    assert app.settings.music_volume == pytest.approx(1.0, abs=0.01)
    app.shutdown()


# --- the notes ------------------------------------------------------------------------------------
def _frames_of(path: Path) -> tuple[tuple[int, int, int], bytes]:
    with wave.open(str(path), "rb") as wav:
        return (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()), wav.readframes(wav.getnframes())


def test_the_committed_notes_are_what_the_generator_writes(tmp_path):
    generator = load_generator()
    few = {"pad": [55], "drone": [40], "piano": [72], "harpsichord": [68], "musicbox": [86], "clock": [96],
           "marimba": [62]}
    generator.write_notes(tmp_path / "a", few, quiet=True)
    generator.write_notes(tmp_path / "b", few, quiet=True)
    for instrument, pitches in few.items():
        name = S.note_file(instrument, pitches[0])
        a, b = (tmp_path / "a" / name).read_bytes(), (tmp_path / "b" / name).read_bytes()
        assert a == b == (MUSIC_DIR / name).read_bytes(), name


@pytest.mark.parametrize("path", sorted(MUSIC_DIR.glob("*.wav")), ids=lambda p: p.name)
def test_every_note_is_small_unclipped_and_loops_seamlessly(path):
    import array

    fmt, data = _frames_of(path)
    assert fmt == (1, 2, 22050)
    samples = array.array("h", data)
    instrument = path.name.split("-")[0]
    spec = S.INSTRUMENTS[instrument]
    assert max(abs(v) for v in samples) <= 0.9 * 32767
    if spec.sustained:  # the loop's end runs into its start like any two neighbouring samples
        steps = [abs(b - a) for a, b in zip(samples, samples[1:])]
        assert abs(samples[0] - samples[-1]) <= max(steps) and abs(len(samples) / 22050 - spec.length) < 0.05
    else:  # a one-shot is as long as the score counts it and ends in silence (no click)
        assert len(samples) == int(spec.length * 22050)
        assert max(abs(v) for v in samples[-20:]) < 60


@pytest.mark.parametrize("mood", ["lost-cities", "labyrinth"])
def test_a_pedal_drone_sounds_unbroken_across_phrases(mood):
    """The pedal (tonic and fifth) is written once a phrase; at each seam the conductor holds the same
    voice on instead of releasing it and attacking again (a dip and swell every 20-30 s)."""
    conductor = S.Conductor(1)
    conductor.set_level(0.4)
    conductor.set_mood(mood)
    drone_starts = 0
    for _ in range(120 * 60):
        drone_starts += sum(1 for command in conductor.update(1 / 60)
                            if command[0] == "start" and command[2] == "drone")
    assert drone_starts == 2  # the tonic and its fifth, once each, over two minutes of many phrases
