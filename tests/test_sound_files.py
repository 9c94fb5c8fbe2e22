"""The sound effects as a player hears them: the committed sounds/*.wav are exactly what
tools/make_sounds.py writes, each is levelled to its loudness (the card landing audible over the
table's cues, losing never louder than winning), and none clips or clicks."""

from __future__ import annotations

import array
import importlib.util
import wave
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "sounds"


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GEN = load_generator()


def samples(name: str) -> list[float]:
    with wave.open(str(SOUNDS / f"{name}.wav"), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 44100)
        data = array.array("h", wav.readframes(wav.getnframes()))
    return [v / 32767 for v in data]


def test_committed_sounds_are_what_the_generator_writes(tmp_path):
    """A sound edited by hand or a generator change not regenerated would drift apart silently."""
    assert GEN.main(["--out", str(tmp_path)]) == 0
    written = sorted(p.name for p in tmp_path.glob("*.wav"))
    assert written == sorted(f"{name}.wav" for name in GEN.EFFECTS)
    for name in written:
        assert (tmp_path / name).read_bytes() == (SOUNDS / name).read_bytes(), f"sounds/{name} is stale"


@pytest.mark.parametrize("name", sorted(GEN.LOUDNESS))
def test_each_sound_has_its_loudness_without_clipping(name):
    sig = samples(name)
    assert abs(GEN.loudness(sig) - GEN.LOUDNESS[name]) <= 0.5, "the peak ceiling kept it from its loudness"
    assert max(abs(v) for v in sig) <= GEN.PEAK_CEILING + 1e-3
    assert abs(sig[0]) < 0.02 and abs(sig[-1]) < 0.02  # faded in and out: no click


def test_the_mix_is_balanced():
    level = {name: GEN.loudness(samples(name)) for name in GEN.LOUDNESS}
    assert level["lose"] < level["win"]  # a loss is not shouted at the player
    for card in ("slide", "flip", "deal", "shuffle"):
        assert level["place"] >= level[card]  # playing a card is not quieter than discarding one
    assert level["page"] < level["chime"] < level["disaster"]  # a page turn is no event
    assert min(level, key=level.__getitem__) == "focus"  # it plays on every focus move
    for stinger in ("win", "disaster", "ghost"):
        assert level[stinger] - level["place"] <= 7.0  # no cue jumps far out of the table's level


def test_short_sounds_stay_short():
    """What plays on every move must end before the next move can start."""
    for name, most in (("focus", 0.05), ("click", 0.05), ("score", 0.1), ("place", 0.15), ("flip", 0.15),
                       ("deal", 0.15), ("slide", 0.25), ("knock", 0.35)):
        assert len(samples(name)) / 44100 <= most, name
