"""The three card tables, session 18: the Lost Cities kept image composes once per rest (a
count-up or a breathing glow no longer composes it and drops it again a frame later, and a picture
that came to rest is composed at once instead of drawn the long way first), one refusal for every
table (`TableSceneBase.refuse`), and Lost in Time's longest prompts at a readable size."""

from __future__ import annotations

import pygame

from game.ui.table_lost_cities import KEPT_AFTER_FRAMES, DrawStep, LostCitiesTable
from test_frame_cache17 import pixels
from test_ui_table_lost_cities import app, human_turn, key  # noqa: F401

CANVAS = (1920, 1080)


# --- the Lost Cities kept image ----------------------------------------------------------------------
class Picture:
    """Two made-up steps for `LostCitiesTable.draw_kept`: a felt that never changes and a small
    badge whose key the test sets frame by frame; `frame` draws one and says how it went."""

    def __init__(self, table: LostCitiesTable) -> None:
        self.table, self.badge_key = table, 0
        table._kept = None  # a kept image of these steps only

    def steps(self) -> list[DrawStep]:
        def felt(surface: pygame.Surface) -> None:
            surface.fill((20, 60, 40))

        def badge(surface: pygame.Surface) -> None:
            surface.fill((200, 10 * (self.badge_key % 20), 40), pygame.Rect(100, 100, 60, 40))

        return [DrawStep("felt", lambda: "felt", lambda: None, felt),
                DrawStep("badge", lambda: self.badge_key, lambda: [pygame.Rect(100, 100, 60, 40)], badge)]

    def frame(self) -> tuple[bool, bool]:
        """(drawn from the kept image, composed it this frame), the canvas checked against the long way."""
        canvas = self.table.app.canvas
        layer = self.table._kept
        before = None if layer is None else layer.shows
        used = self.table.draw_kept(canvas, self.steps())
        if not used:
            for step in self.steps():
                step.draw(canvas)
        long_way = pygame.Surface(CANVAS)
        for step in self.steps():
            step.draw(long_way)
        assert pixels(canvas) == pixels(long_way)
        layer = self.table._kept
        return used, used and layer is not None and layer.shows is not before


def test_a_count_that_steps_every_other_frame_is_drawn_over_one_kept_image(app):
    """A score counting up holds each number two frames: it used to join the kept image on the
    second and leave it on the next, a frame drawn the long way every other frame. Now it stays
    drawn over one image, composed once."""
    _, table = human_turn(app)
    picture = Picture(table)
    frames = []
    for number in range(12):
        for _ in range(2):
            picture.badge_key = number
            frames.append(picture.frame())
    settled = frames[KEPT_AFTER_FRAMES + 1:]
    assert all(used for used, _ in settled), [used for used, _ in frames]
    assert sum(composed for _, composed in frames) == 1


def test_a_picture_that_came_to_rest_is_composed_at_once_not_drawn_the_long_way_first(app):
    """A card in flight lands: its step joins the kept image on the frame it has held long enough,
    composed at once (one costly frame), not drawn the long way that frame and composed the next."""
    _, table = human_turn(app)
    picture = Picture(table)
    kinds: list[tuple[bool, bool]] = []
    for number in range(8):  # moving: a new key each frame
        picture.badge_key = number
        kinds.append(picture.frame())
    for _ in range(KEPT_AFTER_FRAMES + 4):  # at rest
        kinds.append(picture.frame())
    rest = kinds[8:]
    assert all(used for used, _ in rest), rest
    assert sum(composed for _, composed in rest) == 1
    assert rest[KEPT_AFTER_FRAMES - 1] == (True, True)  # the frame its key has held long enough


def test_the_breathing_glows_never_compose_the_kept_image_over_a_breath(app):
    """A card picked up: its targets breathe. Their alpha holds a few frames at each crest and
    trough; it used to compose the kept image there and drop it a few frames later, twice a breath
    (two costly frames each). Over a whole breath now at most one frame composes."""
    _, table = human_turn(app)
    key(app, pygame.K_RETURN)  # pick the focused card up: its targets light
    for _ in range(30):
        app.step(1 / 120)
    assert table.lit_targets()
    layer = table._kept
    assert layer is not None
    wanted, kinds = layer.wanted, []

    def spy(key: object, settled: bool = False) -> str:
        kinds.append(wanted(key, settled))
        return kinds[-1]

    layer.wanted = spy  # type: ignore[method-assign]
    for _ in range(120):  # a breath is 1 / 1.1 s
        app.step(1 / 120)
    assert kinds.count("compose") <= 1 and kinds.count("keep") >= 118, kinds

