"""Readable without perfect eyes: the palette pairs used for text keep WCAG 4.5:1, the Lost in Time
direction words read on the burgundy felt, and a Lost Cities wager on a pile tells its expedition by
its symbol in greyscale (ART.md: playable without colour)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui.look import cards_lost_cities as LC
from game.ui.look import palette as P
from game.ui.look.cards_lost_in_time import arrow_badge_colour, arrow_colour

TABLE_LANE_W = 87  # Lost Cities piles and expeditions: the 150-px face at LANE_SCALE 0.58


def luminance(rgb: tuple[int, ...]) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2])


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def over(top: tuple[int, ...], alpha: int, bottom: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(round(t * alpha / 255 + b * (1 - alpha / 255)) for t, b in zip(top, bottom))


INK_PANELS = {tone: over(P.INK, P.INK_ALPHA[3], centre) for tone, (centre, _edge) in P.TABLE_TONES.items()}
TEXT_ON_INK = {"IVORY": P.IVORY, "IVORY_DIM": P.IVORY_DIM, "BRASS": P.BRASS, "BRASS_LIGHT": P.BRASS_LIGHT,
               "GOOD": P.GOOD, "WARNING": P.WARNING, "ERROR": P.ERROR}


@pytest.mark.parametrize("name", sorted(TEXT_ON_INK))
def test_text_colours_read_on_every_ink_panel(name):
    for tone, plate in INK_PANELS.items():
        assert contrast(TEXT_ON_INK[name], plate) >= 4.5, f"{name} on the ink panel over the {tone} table"


def test_badge_text_reads_on_its_plate():
    for plate in (P.ERROR, P.GOOD, P.WARNING, P.BRASS):  # Lost Cities badges and toast marks: ink text
        assert contrast(P.INK, plate) >= 4.5, plate
    assert contrast(P.IVORY, P.LT_DISASTER_RED) >= 4.5  # Lost in Time "SKIPS A TURN" badges
    assert contrast(P.LT_DISASTER_RED, P.LT_PAPER) >= 4.5  # a Disaster's title on its card
    assert contrast(P.LT_VIP_GREEN, P.LT_PAPER) >= 4.5  # a VIP's title on its card (story text)


def test_direction_words_read_on_the_lost_in_time_felt():
    """"TO THE PAST" / "NEXT: TO THE FUTURE" under the piles are written in arrow_colour."""
    felt = P.TABLE_TONES[P.GAME_TABLE_TONE["lost-in-time"]][0]
    for direction in ("past", "future"):
        assert contrast(arrow_colour(direction), felt) >= 4.5, direction
        assert contrast(arrow_colour(direction), INK_PANELS["burgundy"]) >= 4.5, direction
        assert contrast(P.IVORY, arrow_badge_colour(direction)) >= 3.0  # the ivory arrow on a card badge
    red, blue = arrow_colour("past"), arrow_colour("future")
    assert red[0] > red[2] and blue[2] > blue[0]  # still red to the past, blue to the future


def _coin_in_grey(letter: str) -> list[int]:
    face = LC.card_face(f"lc-{letter}-w1", TABLE_LANE_W)
    radius = TABLE_LANE_W * 0.22
    box = pygame.Rect(0, 0, int(radius * 1.4), int(radius * 1.4))
    box.center = (int(TABLE_LANE_W * 0.47), int(face.get_height() * 0.47))
    grey = pygame.transform.grayscale(face.subsurface(box))
    return [grey.get_at((x, y)).r for y in range(box.h) for x in range(box.w)]


def test_wagers_on_a_pile_differ_in_greyscale():
    """Before: the sun and the peak were 13-px dark-brass marks on brass and two wagers differed by
    3.6 grey levels on average over the coin; the struck symbol now makes it more than twice that."""
    pygame.init()
    coins = {letter: _coin_in_grey(letter) for letter in P.LC_COLOUR_ORDER}
    for a, b in itertools.combinations(P.LC_COLOUR_ORDER, 2):
        diff = sum(abs(x - y) for x, y in zip(coins[a], coins[b])) / len(coins[a])
        assert diff >= 7.0, f"the {P.LC_NAMES[a]} and {P.LC_NAMES[b]} wagers look alike without colour"


def test_wager_symbol_stands_out_of_its_coin():
    for letter in P.LC_COLOUR_ORDER:
        assert contrast(LC._ink_for(letter), P.BRASS) >= 3.0, letter  # non-text contrast (WCAG 1.4.11)


def test_corner_symbols_are_big_enough_at_the_table(monkeypatch):
    sizes: list[int] = []
    real_paint = LC.paint

    def spy(target, name, centre, size, colour):
        sizes.append(size)
        real_paint(target, name, centre, size, colour)

    monkeypatch.setattr(LC, "paint", spy)
    pygame.init()
    LC.card_face.__wrapped__("lc-y-05", 150)  # the hand size every sprite carries
    corner = min(sizes)
    assert corner * TABLE_LANE_W / 150 >= 16, "the corner symbol under the number shrinks below 16 px on a pile"
