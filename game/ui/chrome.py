"""What every menu screen shares: the lamp-lit felt, the headline, the control hints for the
device in use, and MenuScene (a FocusGroup plus sounds and Back handling)."""

from __future__ import annotations

from typing import Callable, Hashable, Sequence

import pygame

from game.ui.hint_glyphs import DEFAULT_GLYPHS, hint_glyphs
from game.ui.input import Intent
from game.ui.look import palette as P
from game.ui.look.fonts import CANVAS_SIZE, font, legible_factor, text_surface
from game.ui.look.table import felt
from game.ui.scene import Scene
from game.ui.widgets import FocusGroup, panel_surface

CANVAS_W, CANVAS_H = CANVAS_SIZE
MARGIN = 120

# The caps with the default bindings; hint rows draw `hint_glyphs(device)`, which follows the
# player's bindings (game/ui/hint_glyphs.py).
HINT_GLYPHS = DEFAULT_GLYPHS


def draw_background(surface: pygame.Surface, tone: str = "green") -> None:
    surface.blit(felt((CANVAS_W, CANVAS_H), tone), (0, 0))


DIM_COLOUR = (6, 8, 10)  # the ink overlays darken the screen under them with
def dim_screen(surface: pygame.Surface, alpha: float) -> None:
    """Darken `surface` as an ink layer of `DIM_COLOUR` at `alpha` would (overlays), in two fills:
    each channel multiplied by what shows through, then the ink's share added. Within 1.5 levels of
    the blend, and a full 1080p canvas in ≈ 0.7 ms where blitting a layer with surface alpha took
    ≈ 1.7 ms (per-pixel alpha ≈ 3.5 ms; docs/BENCHMARKS.md)."""
    level = max(0, min(255, int(alpha)))
    if level == 0:
        return
    through = 255 - level
    surface.fill((through, through, through), special_flags=pygame.BLEND_RGB_MULT)
    ink = tuple((channel * level + 127) // 255 for channel in DIM_COLOUR)
    if any(ink):
        surface.fill(ink, special_flags=pygame.BLEND_RGB_ADD)


def still_key(scene: Scene) -> Hashable | None:
    """What a scene's picture depends on while an overlay covers it: its own `still_key()` when it
    has one; () when nothing runs it then (a scene under an overlay is neither updated nor, unless
    it overrides `tick_background`, ticked: a finished or paused table stands still); None when it
    may change any frame (it is ticked under the overlay and does not say how)."""
    hook = getattr(scene, "still_key", None)
    if callable(hook):
        return hook()
    if type(scene).tick_background is Scene.tick_background:
        return ()
    return None


def keep_image(kept: pygame.Surface | None, surface: pygame.Surface) -> pygame.Surface:
    """A copy of `surface`, into `kept` when it is the same size."""
    if kept is None or kept.get_size() != surface.get_size():
        return surface.copy()
    kept.blit(surface, (0, 0))
    return kept


class KeptBackdrop:
    """The dimmed screen under a transparent overlay (the pause menu, a question, the results), kept
    as one image instead of drawing the scenes below and dimming them every frame.

    The scenes below stand still while the overlay is up (only the top scene is updated): the first
    frame they draw is kept, and `covers()` then tells the scene stack not to draw them again while
    nothing they depend on changes (what each says in `still_key`, the device in use, and what the
    overlay itself changes under it: `depends`). A scene ticked under the overlay that does not say
    what its picture depends on (a LAN table) is drawn every frame, dimmed the long way. While the
    overlay fades in, the kept picture is dimmed afresh each frame; once in, that dimmed picture is kept
    too. `lit` leaves a rectangle undimmed (a tip's target)."""

    def __init__(self, scene: Scene, depends: Callable[[], Hashable] | None = None) -> None:
        self.scene = scene
        self.depends = depends
        self._under: pygame.Surface | None = None  # what the scenes below drew
        self._key: Hashable | None = None  # what that picture depended on
        self._dimmed: pygame.Surface | None = None  # it settled-dimmed (and maybe the overlay's still parts)
        self._dimmed_as: Hashable | None = None  # the dim and the lit rectangle it was made with
        self.holds_more = False  # `keep_more` put the overlay's own still parts into it

    def below_key(self) -> Hashable | None:
        """What the picture under the overlay depends on, or None when it cannot be kept (a scene
        below changes under it, or the overlay is not on the stack): the scenes drawn under it and
        what each says it depends on, the device in use (a table words its hints and rings for it)
        and what `depends` says."""
        app = self.scene.app
        if app is None:
            return None
        stack = app.scenes.scenes
        index = next((i for i, scene in enumerate(stack) if scene is self.scene), None)
        if index is None:
            return None
        below: list[tuple[Scene, Hashable]] = []
        for scene in reversed(stack[:index]):
            key = still_key(scene)
            if key is None:
                return None
            below.append((scene, key))
            if not scene.transparent:
                break
        extra = self.depends() if self.depends is not None else None
        return app.input.last_device, extra, tuple(below)

    def covers(self) -> bool:
        """The picture of the scenes below is kept and still right: they need not draw this frame."""
        if self._under is None:
            return False
        key = self.below_key()
        return key is not None and self._key == key

    def forget(self) -> None:
        """Let the images go (the overlay left the stack, or what is under it may have changed)."""
        self._under = self._dimmed = self._key = self._dimmed_as = None
        self.holds_more = False

    def draw(self, surface: pygame.Surface, level: float, lit: pygame.Rect | None = None) -> bool:
        """Dim what is under the overlay to `level` as it fades in (`level` times its `appear`), but
        `lit`. Kept:
        the picture below, and once settled that picture dimmed (True when it holds what `keep_more`
        put there too). Else dim what the scenes below just drew, and keep it when it may be kept.
        Drawn onto another surface than the app's canvas (a test's own), it dims what is there."""
        alpha, settled = level * self.scene.appear, self.scene.appear >= 1.0
        app = self.scene.app
        if app is None or surface is not app.canvas:
            _dim(surface, alpha, lit)
            return False
        key = self.below_key()
        if key is None:
            self.forget()
            _dim(surface, alpha, lit)
            return False
        level = (max(0, min(255, int(alpha))), None if lit is None else tuple(lit))
        if self._under is None or self._key != key:  # (`covers` was False: the scenes below drew)
            self._under = keep_image(self._under, surface)
            self._key, self._dimmed, self.holds_more = key, None, False
        elif settled and self._dimmed is not None and self._dimmed_as == level:
            surface.blit(self._dimmed, (0, 0))
            return self.holds_more
        else:
            surface.blit(self._under, (0, 0))
        _dim(surface, alpha, lit)
        if settled:
            self._dimmed, self._dimmed_as, self.holds_more = keep_image(self._dimmed, surface), level, False
        return False

    def keep_more(self, surface: pygame.Surface) -> None:
        """The overlay drew parts of its own that stay as they are over the settled dim (a headline,
        a panel): keep them in the dimmed picture too, and skip them while `draw` says True."""
        if self._dimmed is not None and self.scene.app is not None and surface is self.scene.app.canvas:
            self._dimmed, self.holds_more = keep_image(self._dimmed, surface), True

    def drop_more(self) -> None:
        """The overlay's still parts must not be in the kept picture now (confetti falls behind them)."""
        if self.holds_more:
            self._dimmed, self._dimmed_as, self.holds_more = None, None, False


def _dim(surface: pygame.Surface, alpha: float, lit: pygame.Rect | None) -> None:
    """`dim_screen` over all of `surface` but the rectangle `lit`."""
    area = None if lit is None else pygame.Rect(lit).clip(surface.get_rect())
    saved = surface.subsurface(area).copy() if area else None
    dim_screen(surface, alpha)
    if saved is not None:
        surface.blit(saved, area)


def draw_heading(surface: pygame.Surface, title: str, subtitle: str = "") -> None:
    shadow = text_surface(title, "display", 112, (0, 0, 0))
    surface.blit(shadow, (MARGIN + 4, 52 + 5))
    head = text_surface(title, "display", 112, P.IVORY)
    surface.blit(head, (MARGIN, 52))
    pygame.draw.rect(surface, P.BRASS, (MARGIN, 52 + head.get_height() - 4, 120, 6), border_radius=3)
    if subtitle:
        surface.blit(text_surface(subtitle, "ui", 28, P.IVORY_DIM), (MARGIN, 52 + head.get_height() + 18))


def draw_hints(surface: pygame.Surface, device: str, actions: Sequence[tuple[str, str]],
               backed: bool = False) -> None:
    """Bottom-right hints like "[Enter] Select  [Esc] Back" in the words of the current device;
    `backed` puts them on an ink footer across the whole screen (overlays: the hints of the screen
    below, which may be longer, do not show past its ends)."""
    y = CANVAS_H - 46
    if backed:
        footer = pygame.Rect(0, y - 34, CANVAS_W, CANVAS_H - (y - 34))
        surface.blit(panel_surface(footer.size, 0, (14, 14, 19, 255)), footer.topleft)  # no hint shows through
        pygame.draw.line(surface, (70, 66, 58), footer.topleft, (footer.right, footer.top), 2)
    draw_hint_row(surface, device, actions, CANVAS_W - MARGIN, y)


def shown_hints(device: str, actions: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """The hints a device has a use for: a finger has no focus to move ("Tap Move" beside "Tap
    Select" said nothing), so touch drops the move hint."""
    return [hint for hint in actions if not (device == "touch" and hint[0] == "move")]


def hint_row_width(device: str, actions: Sequence[tuple[str, str]], gap: int = 36, label_px: int = 24,
                   key_px: int = 22, key_pad: int = 22, key_gap: int = 10) -> int:
    """How wide `draw_hint_row` draws `actions` with the same sizes (key caps and words), on this
    window (a small one draws them larger: `hint_sizes`)."""
    gap, label_px, key_px, key_pad, _, key_gap = hint_sizes(gap, label_px, key_px, key_pad, 0, key_gap)
    glyphs = hint_glyphs(device)
    actions = shown_hints(device, actions)
    total = sum(font("ui", label_px).size(label)[0] + key_gap + font("ui-bold", key_px).size(glyphs.get(action, action))[0]
                + key_pad + gap for action, label in actions)
    return total - gap if actions else 0


def hint_sizes(*sizes: int) -> tuple[int, ...]:
    """A hint row's sizes (gaps, type, caps) as drawn on this window: as given from 0.7 scale up
    (1366x768 and larger), grown below it so the caps stay readable (1024x768 showed 22 px caps as
    12 px; now 15): `legible_factor`."""
    factor = legible_factor()
    return sizes if factor == 1.0 else tuple(round(size * factor) for size in sizes)


def draw_hint_row(surface: pygame.Surface, device: str, actions: Sequence[tuple[str, str]], right: int, y: int,
                  gap: int = 36, label_px: int = 24, key_px: int = 22, key_pad: int = 22, key_h: int = 38,
                  key_gap: int = 10, left_limit: int | None = None) -> None:
    """Hints as key caps with their words, right-aligned at `right` on the line `y`; tables place
    them (and size them smaller) where their own cards leave room. With `left_limit`, the row stops
    once it has reached further left than that. On a small window the row is drawn larger
    (`hint_sizes`), and `hint_row_width` says how wide."""
    gap, label_px, key_px, key_pad, key_h, key_gap = hint_sizes(gap, label_px, key_px, key_pad, key_h, key_gap)
    glyphs = hint_glyphs(device)
    x = right
    for action, label in reversed(shown_hints(device, actions)):
        word = text_surface(label, "ui", label_px, P.IVORY_DIM)
        x -= word.get_width()
        surface.blit(word, (x, y - word.get_height() // 2))
        key = text_surface(glyphs.get(action, action), "ui-bold", key_px, P.INK)
        box = pygame.Rect(0, 0, key.get_width() + key_pad, key_h)
        box.midright = (x - key_gap, y)
        surface.blit(panel_surface(box.size, 8, P.IVORY), box.topleft)
        surface.blit(key, key.get_rect(center=box.center))
        x = box.left - gap
        if left_limit is not None and x < left_limit:
            break


def draw_menu_label(surface: pygame.Surface, rect: pygame.Rect, word_x: int = 62) -> None:
    """Three bars and the word "Menu" on a table's touch Menu button `rect` (the table draws the
    plate under them); `word_x` is where the word starts, from the button's left edge."""
    for i in range(3):
        pygame.draw.rect(surface, P.IVORY, (rect.x + 20, rect.centery - 13 + i * 11, 28, 4), border_radius=2)
    word = text_surface("Menu", "ui-bold", 26, P.IVORY)
    surface.blit(word, word.get_rect(midleft=(rect.x + word_x, rect.centery)))


class MenuScene(Scene):
    """A screen of widgets. Subclasses build `self.group` in `build()` and draw around it."""

    hints: Sequence[tuple[str, str]] = (("move", "Move"), ("confirm", "Select"), ("back", "Back"))
    tone = "green"

    def __init__(self, app=None) -> None:
        super().__init__(app)
        self.group = FocusGroup()
        self.group.on_move = self._focus_sound

    def _focus_sound(self) -> None:
        if self.app is not None:
            self.app.assets.play("focus", 0.5)

    def enter(self) -> None:
        self.build()

    def build(self) -> None:
        """Create the widgets (called on enter; call again to rebuild after a change)."""

    def on_back(self) -> None:
        if self.app is not None:
            self.app.assets.play("click", 0.6)
            self.app.pop()

    def handle(self, intent: Intent) -> None:
        focused = self.group.focused
        editing = bool(getattr(focused, "editing", False))
        if intent.kind in ("confirm",) and focused is not None and not editing and self.app is not None:
            self.app.assets.play("click", 0.7)
        if self.group.handle(intent):
            if intent.kind == "point" and self.app is not None and not editing:
                self.app.assets.play("click", 0.7)
            return
        if intent.kind == "back" and not editing:
            self.on_back()
        else:
            self.unhandled(intent)

    def unhandled(self, intent: Intent) -> None:
        """Intents no widget used (page turns, menu)."""

    def device(self) -> str:
        return self.app.input.last_device if self.app is not None else "keyboard"

    def draw_hints(self, surface: pygame.Surface) -> None:
        device = self.device()
        hints = self.hints
        if device == "touch" and not any(widget.label == "Back" for widget in self.group.widgets):
            # "Back button" names a button this screen does not have (the pause menu's Resume, a
            # question's Cancel): a finger uses the buttons it sees
            hints = [hint for hint in hints if hint[0] != "back"]
        draw_hints(surface, device, hints, backed=self.transparent)


def back_button(on_press: Callable[[], None]):
    """The touch-sized Back button every screen has in its top-right corner."""
    from game.ui.widgets import Button

    return Button((CANVAS_W - MARGIN - 220, 64, 220, 80), "Back", on_press)
