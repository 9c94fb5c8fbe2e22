"""What stands still on a table, kept as one composed image: a table that draws the same picture
frame after frame composes it once, while the key it was drawn from holds, and blits it (the
Labyrinth and Lost Cities tables). Only the mechanism lives here; each table says what its keys
are and what it draws over the kept image."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.look.draw import same_pixel_format
from game.ui.sprites import CardSprite
from game.ui.tween import bob


class StillLayer:
    """One still part of the table's picture, kept as a canvas-sized image while the key it was
    composed for holds (see `LabyrinthPainter.draw_kept`, `LostCitiesTable.draw_kept`)."""

    def __init__(self) -> None:
        self.image: pygame.Surface | None = None
        self.shows: Any = None  # the key the image was composed for
        self.last: Any = None  # the key of the frame before

    def wanted(self, key: Any, settled: bool = False) -> str:
        """"keep" (the image shows `key`), "compose" (`key` held since the frame before) or "draw".
        `settled`: the key changed only because parts of the picture came to rest (nothing began to
        move), so it will likely hold and is composed at once: drawn the long way now and composed
        the frame after would cost two full frames in a row instead of one."""
        if key is None:
            self.last = None
            return "draw"
        if self.image is not None and self.shows is not None and key == self.shows:
            self.last = key
            return "keep"
        steady = self.last is not None and key == self.last
        self.last = key
        return "compose" if steady or settled else "draw"

    def image_like(self, surface: pygame.Surface) -> pygame.Surface:
        """The image to compose into: of `surface`'s size and pixel format, so it blits back exact."""
        image = self.image
        if image is None or image.get_size() != surface.get_size() or not same_pixel_format(image, surface):
            image = self.image = pygame.Surface(surface.get_size(), 0, surface)
        self.shows = None
        return image

    def composed(self, key: Any) -> None:
        self.shows = key


def sprite_key(sprite: CardSprite | None, alpha: float) -> tuple[Any, ...] | None:
    """Everything `CardSprite.draw` draws a sprite from."""
    if sprite is None:
        return None
    scale = float(sprite.scale.value_at(alpha))  # type: ignore[arg-type]
    return (sprite.visible, sprite.shown_image(scale), sprite.cover_image(scale), sprite.shadow, scale,
            sprite.pos.value_at(alpha), sprite.lift.value_at(alpha), bob(sprite._time, 4.0) if sprite.focused else None,
            sprite.angle.value_at(alpha), sprite.squash.value_at(alpha), sprite.alpha.value_at(alpha))
