"""Fast play never stacks one effect into a roar: Assets.play lets an effect start again only after a
share of its length, and on at most MAX_VOICES channels (bots at speed x2, reduced motion, a
six-seat deal all ask for the same sound many times within a blink)."""

from __future__ import annotations

import pygame

from game.ui import assets as A
from game.ui.settings import Settings


class FakeChannel:
    def set_volume(self, volume: float) -> None:
        self.volume = volume


class FakeSound:
    """A mixer Sound's surface as Assets uses it; `voices` is how many channels it sounds on."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.voices = 0
        self.starts = 0

    def get_length(self) -> float:
        return self.seconds

    def get_num_channels(self) -> int:
        return self.voices

    def play(self) -> FakeChannel:
        self.starts += 1
        self.voices += 1
        return FakeChannel()


def assets_with(sounds: dict[str, FakeSound]) -> tuple[A.Assets, list[float]]:
    now = [100.0]
    assets = A.Assets(Settings(), clock=lambda: now[0])
    assets.mixer_ok = True
    assets._sounds.update(sounds)  # type: ignore[arg-type]
    return assets, now


def test_the_same_card_sound_twice_in_one_frame_is_one_sound():
    deal = FakeSound(0.14)
    assets, now = assets_with({"deal": deal})
    for _ in range(6):  # a six-seat deal under reduced motion: six events in one frame
        assets.play("deal", 0.8)
    assert deal.starts == 1
    now[0] += 1 / 60 + A.REPEAT_MIN_SECONDS  # the next frames: the next card may tick again
    assets.play("deal")
    assert deal.starts == 2


def test_a_long_cue_does_not_restart_on_top_of_itself():
    ghost = FakeSound(1.4)
    assets, now = assets_with({"ghost": ghost})
    assets.play("ghost")
    now[0] += 0.1  # three ghosts revealed 60 ms apart (reduced motion, bots without delay)
    assets.play("ghost")
    now[0] += 0.1
    assets.play("ghost")
    assert ghost.starts == 1
    now[0] += A.REPEAT_MAX_SECONDS  # a later ghost is its own event and is heard
    assets.play("ghost")
    assert ghost.starts == 2


def test_never_more_voices_than_the_cap_and_other_effects_are_untouched():
    place, chime = FakeSound(0.12), FakeSound(0.9)
    assets, now = assets_with({"place": place, "chime": chime})
    for _ in range(10):
        assets.play("place")
        assets.play("chime", 0.7)  # another effect is never held back by this one
        now[0] += 0.4
    assert place.starts == A.MAX_VOICES  # the fake never ends a voice: the cap holds
    assert chime.starts == A.MAX_VOICES


def test_with_the_real_mixer_a_burst_plays_once():
    pygame.init()
    assets = A.Assets(Settings())
    assets.init_mixer()
    if not assets.mixer_ok:
        return  # no audio device at all: play() is silent anyway
    effect = assets.sound("place")
    assert effect is not None
    for _ in range(8):
        assets.play("place")
    assert effect.get_num_channels() <= 1
    effect.stop()
