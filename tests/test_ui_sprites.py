"""Card sprites: a fade must not spoil the shared cached face for later, opaque draws."""

from __future__ import annotations

import pygame

from game.ui.sprites import CardSprite
from ui_helpers import make_app

BLUE = (0, 0, 255)


def rounded_card() -> pygame.Surface:
    """A red card with clear (alpha 0) corners, as every card face has."""
    card = pygame.Surface((60, 84), pygame.SRCALPHA)
    card.fill((0, 0, 0, 0))
    pygame.draw.rect(card, (200, 0, 0, 255), card.get_rect(), border_radius=12)
    return card


def draw_once(sprite: CardSprite) -> pygame.Surface:
    target = pygame.Surface((200, 200))
    target.fill(BLUE)
    sprite.draw(target)
    return target


def test_a_faded_card_keeps_its_clear_corners_afterwards():
    make_app()
    face = rounded_card()
    sprite = CardSprite("c", face, None, pos=(100, 100))
    corner = (100 - 30, 100 - 42)  # the card's top-left pixel on the target
    assert draw_once(sprite).get_at(corner)[:3] == BLUE
    sprite.fade_to(100, 0.1)
    sprite.update(0.05)
    faded = draw_once(sprite)
    assert faded.get_at((100, 100))[:3] != (200, 0, 0)  # really drawn translucent
    sprite.fade_to(255, 0.01)
    sprite.update(0.05)
    again = draw_once(sprite)
    assert again.get_at(corner)[:3] == BLUE, "the corner turned opaque after the fade"
    assert again.get_at((100, 100))[:3] == (200, 0, 0)
    assert face.get_alpha() in (None, 255)


def test_a_rotated_cached_face_keeps_its_clear_corners_after_a_fade():
    make_app()
    sprite = CardSprite("c", rounded_card(), None, pos=(100, 100), angle=30.0)
    sprite.alpha.set(120.0)
    draw_once(sprite)
    sprite.alpha.set(255.0)
    again = draw_once(sprite)
    assert again.get_at((2, 2))[:3] == BLUE  # outside the rotated card: still the table
    rect = sprite.draw_rect()
    assert again.get_at(rect.topleft)[:3] == BLUE  # the rotated image's clear corner
