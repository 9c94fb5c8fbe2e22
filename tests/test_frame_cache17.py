"""Frame cost without a visible change (session 17).

The App presents a far-side person's picture turned 180 degrees by copying the canvas's pixels in
reverse order into the window (no new 1080p surface a frame): the window must show exactly what
`pygame.transform.flip` of the canvas showed, at 1080p, in a letterbox, scaled down, and on a
window of another pixel format.

The Labyrinth table keeps what stands still as one composed image (everything round the map, then
that plus the map under the hero) and blits it: every frame must still be pixel for pixel the
frame the table draws the long way, and a hover, the focus, a zoom, an animation step or a toast
must show at once.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui.app import same_pixel_format
from ui_helpers import make_app

CANVAS = (1920, 1080)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def same_picture(drawn: pygame.Surface, expected: pygame.Surface) -> bool:
    """Whether two pictures show the same colours pixel for pixel, as `pixels` compares them. Why not
    `pixels` itself: turning two 1080p pictures into RGB bytes costs about 14 ms of every checked
    frame; equal raw pixel buffers of one format (a plain copy each) are the same colours, and only
    buffers that differ (the unused fourth byte may) are compared colour by colour."""
    if drawn.get_size() != expected.get_size():
        return False
    if same_pixel_format(drawn, expected) and drawn.get_buffer().raw == expected.get_buffer().raw:
        return True
    return pixels(drawn) == pixels(expected)


def speckled_canvas(app) -> None:
    """A canvas no turn can map onto itself: random coloured blocks of every size."""
    chance = random.Random(17)
    app.canvas.fill((30, 40, 50))
    for _ in range(600):
        colour = (chance.randrange(256), chance.randrange(256), chance.randrange(256))
        app.canvas.fill(colour, (chance.randrange(1920), chance.randrange(1080), chance.randrange(1, 90),
                                 chance.randrange(1, 90)))
    app.canvas.set_at((0, 0), (255, 0, 0))  # the corners tell a turn from a mirror
    app.canvas.set_at((1919, 0), (0, 255, 0))


def flipped_the_old_way(app) -> pygame.Surface:
    """What the window showed before session 17: the (scaled) canvas flipped, blitted in its letterbox."""
    expected = pygame.Surface(app.window.get_size(), 0, app.window)
    expected.blit(app.window, (0, 0))  # the bars round a letterbox stay as present() filled them
    if app._scaled is not None:
        scaled = pygame.Surface(app._scaled.size, 0, app.window)
        pygame.transform.scale(app.canvas, app._scaled.size, scaled)
        expected.blit(pygame.transform.flip(scaled, True, True), app._scaled.topleft)
    else:
        expected.blit(pygame.transform.flip(app.canvas, True, True), app.letterbox.offset)
    return expected


@pytest.mark.parametrize("size", [(1920, 1080), (1920, 1200), (1280, 720), (1366, 1024)])
def test_the_turned_picture_is_the_canvas_flipped_pixel_for_pixel(data_dir, size):
    app = make_app(size)
    try:
        speckled_canvas(app)
        app.turned = True
        app.present()
        assert pixels(app.window) == pixels(flipped_the_old_way(app))
        app.turned = False
        app.present()
        if size == CANVAS:
            assert pixels(app.window) == pixels(app.canvas)  # the near side: the canvas as drawn
    finally:
        app.shutdown()


def test_a_window_of_another_pixel_format_gets_the_turned_colours_right(data_dir):
    """A raw reverse copy into a window whose red and blue lie the other way round would swap
    colours: such a window gets the turned picture through a buffer of the canvas's own format."""
    app = make_app()
    try:
        speckled_canvas(app)
        app.window = pygame.Surface(CANVAS, 0, 32, (0xFF, 0xFF00, 0xFF0000, 0))
        assert not same_pixel_format(app.window, app.canvas)
        app._layout()
        app.turned = True
        app.present()
        turned = pygame.transform.flip(app.canvas, True, True)
        assert pixels(app.window) == pixels(turned)
        assert tuple(app.window.get_at((1919, 1079)))[:3] == (255, 0, 0)  # the top left corner, turned
    finally:
        app.shutdown()


def test_same_picture_tells_one_changed_pixel_and_ignores_the_unused_byte(data_dir):
    """The frame checks below lean on `same_picture`: one pixel off by one shade is a different
    picture; the same colours with another unused fourth byte, or in another pixel format, are not."""
    app = make_app()
    try:
        speckled_canvas(app)
        same = app.canvas.copy()
        assert same_picture(same, app.canvas)
        shade = same.get_at((777, 333))
        same.set_at((777, 333), ((shade.r + 1) % 256, shade.g, shade.b))
        assert not same_picture(same, app.canvas)
        padded = app.canvas.copy()
        assert padded.get_masks()[3] == 0 and padded.get_bytesize() == 4  # a fourth byte nobody reads
        unused = next(byte for byte in range(4)  # the byte no colour mask covers
                      if all((mask >> (8 * byte)) & 0xFF == 0 for mask in padded.get_masks()[:3]))
        raw = bytearray(padded.get_buffer().raw)
        raw[unused::4] = bytes(b ^ 0xFF for b in raw[unused::4])
        padded.get_buffer().write(bytes(raw), 0)
        assert padded.get_buffer().raw != app.canvas.get_buffer().raw and same_picture(padded, app.canvas)
        other_format = pygame.Surface(CANVAS, 0, 32, (0xFF, 0xFF00, 0xFF0000, 0))
        other_format.blit(app.canvas, (0, 0))
        assert same_picture(other_format, app.canvas)
        other_format.set_at((5, 5), (1, 2, 3))
        assert not same_picture(other_format, app.canvas)
        assert not same_picture(pygame.Surface((1280, 720)), app.canvas)
    finally:
        app.shutdown()


# --- the Labyrinth table's kept images ------------------------------------------------------------
from contextlib import contextmanager  # noqa: E402

from game.ui.labyrinth_layout import FIT_RECT, MAP_RECT  # noqa: E402
from game.ui.table_labyrinth import LabyrinthTable  # noqa: E402
from game.ui.tween import MOTION  # noqa: E402
from test_ui_table_labyrinth import OPENING, config, open_table, ready  # noqa: E402
from ui_helpers import canvas_to_window, click, frames, key  # noqa: E402


class LongWay:
    """Every frame the App draws is drawn again the long way (`frame_cache` off, the same
    interpolation, the toasts over it) and compared pixel for pixel; counts the frames the table
    blitted a kept image."""

    def __init__(self, app, table: LabyrinthTable) -> None:
        self.app, self.table = app, table
        self.scratch = pygame.Surface(CANVAS)
        self.frames = 0
        self.differing: list[int] = []
        self.kept = 0  # frames that blitted the whole still picture
        self.composed = 0
        self.around = 0  # frames that blitted the kept picture round the map (the map drawn over it or kept too)
        self._draw = app.draw
        app.draw = self.draw

    def draw(self, alpha: float) -> None:
        table = self.table
        before = table._whole.shows if table._whole is not None else None
        self._draw(alpha)
        around = table._around
        if around is not None and around.last is not None and around.shows == around.last:
            self.around += 1
        whole = table._whole
        if whole is not None and whole.shows is not None:
            if whole.shows is before:
                self.kept += 1
            else:
                self.composed += 1
        table.frame_cache = False
        try:
            self.app.scenes.draw(self.scratch, alpha)
            self.app.toasts.draw(self.scratch)
        finally:
            del table.frame_cache  # back to the class's switch
        self.frames += 1
        if not same_picture(self.scratch, self.app.canvas):
            self.differing.append(self.frames)

    def close(self) -> None:
        self.app.draw = self._draw


@contextmanager
def every_frame_checked(app, table):
    check = LongWay(app, table)
    try:
        yield check
    finally:
        check.close()
    assert check.differing == [], f"frames {check.differing[:10]} differ from the long way"


def point(app, pos) -> None:
    at = tuple(int(v) for v in canvas_to_window(app, pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))


def wheel(app, pos, notches: int) -> None:
    point(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0,
                                         precise_y=float(notches)))


def canvas_now(app) -> bytes:
    return pixels(app.canvas)


@pytest.fixture
def played(data_dir):
    """A person's turn at the tutorial, a few moves in (items, a face-down card in reach)."""
    app, table, session = open_table(config("human"), actions=OPENING)
    ready(app, table)
    yield app, table
    app.shutdown()
    MOTION.reduced, MOTION.speed = False, 1.0


def test_a_still_table_is_composed_once_and_blitted_unchanged(data_dir):
    """The benchmark's Labyrinth (no face-down card in reach pulses) with reduced motion: nothing
    moves, so thirty frames are one picture, blitted from the kept image, never composed again."""
    import main

    app = make_app()
    try:
        app.settings.reduced_motion = True  # the hero does not bob
        app.apply_motion()
        table = main.build_scene(app, "table", "labyrinth", 1, seed=3)
        app.clear_to(table)
        point(app, (1500, 1060))  # the pointer rests on the log box's edge, over nothing that lights
        frames(app, 150)
        with every_frame_checked(app, table) as check:
            shown = canvas_now(app)
            frames(app, 30)
            assert canvas_now(app) == shown
        assert check.composed == 0 and check.kept == 30
    finally:
        app.shutdown()
        MOTION.reduced = False


def test_hover_focus_zoom_animation_and_a_toast_show_at_once(played):
    app, table = played
    with every_frame_checked(app, table) as check:
        frames(app, 10)
        # a hover: the pointer over a card lights its edge and the caption names it
        card = next(iter(table.inters.values())).screen_rect(table.camera).center
        before = canvas_now(app)
        point(app, card)
        frames(app, 2)
        assert table.hover is not None and canvas_now(app) != before
        # the focus: arrow keys move the brass ring and the caption follows
        focus = table.focus
        before = canvas_now(app)
        key(app, pygame.K_RIGHT)
        assert table.focus != focus and canvas_now(app) != before
        # a zoom: the wheel zooms the map in, each step of it shown; Fit map brings it back
        scale = table.camera.now()[0]
        wheel(app, MAP_RECT.center, 1)
        seen = set()
        for _ in range(12):
            frames(app, 1)
            seen.add(canvas_now(app))
        assert table.camera.now()[0] > scale and len(seen) > 3
        click(app, FIT_RECT.center)
        frames(app, 40)
        # an animation step: the hero walks to a card, frame after frame
        move = next(a for a in table.legal if a.kind == "move")
        table.submit(move)
        seen = set()
        for _ in range(20):
            frames(app, 1)
            seen.add(canvas_now(app))
        assert len(seen) > 5
        frames(app, 120)
        # a toast over the kept picture shows, and goes
        before = canvas_now(app)
        app.toast("A toast over the table")
        frames(app, 3)
        assert canvas_now(app) != before
    assert check.kept > 20  # the kept picture served while things stood still


def test_every_frame_of_a_turn_played_by_pointer_and_keys_is_the_long_way_frame(played):
    """A turn played by real inputs, from hovering and zooming to trying an item on a card (it flies
    to the stage and is read, the story fades in, a scenery turns): each frame as drawn the long way."""
    app, table = played
    events = len(table.animated_events)
    with every_frame_checked(app, table) as check:
        for target in list(table.tiles.values())[:3]:
            point(app, target.screen_rect(table.camera).center)
            frames(app, 45)  # a peek shows the scenery full size after a moment
        wheel(app, MAP_RECT.center, -1)
        frames(app, 20)
        for code in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            key(app, code, settle=6)
        click(app, table.inters["i-003"].hit_rect(table.camera).center, settle=10)  # it wants an item:
        click(app, table.item_sprites["it-A"].draw_rect().center, settle=20)  # the tinderbox, lifted
        click(app, table.button_rects()["use"].center)  # Use: the card flies to the stage and is read
        frames(app, 240)
    assert check.around > 100 and check.frames > 300  # a card to discover pulses: the map is drawn each frame
    assert "interaction_turned" in table.animated_events[events:]


def test_a_small_window_with_its_caption_over_the_map_draws_the_same(data_dir):
    """At 1024x768 the caption grows up over the map's foot: it is drawn over the hero, as always."""
    app, table, session = open_table(config("human"), actions=OPENING)
    try:
        app.window = pygame.display.set_mode((1024, 768))
        app._layout()
        ready(app, table)
        assert table.info_rect().top < MAP_RECT.bottom
        with every_frame_checked(app, table) as check:
            frames(app, 30)
            key(app, pygame.K_LEFT, settle=30)
            point(app, next(iter(table.tiles.values())).screen_rect(table.camera).center)
            frames(app, 30)
        assert check.around > 0
    finally:
        app.shutdown()


def test_an_open_stack_of_six_and_its_tries_draw_the_same(data_dir):
    """The Thornwood Maze's heart: a stack of six fanned out over the map (drawn over the kept
    image), hovered card by card, an item tried on the wrong one (it shakes, a badge counts the
    try), closed again: each frame as the long way draws it."""
    from test_labyrinth_map_stacks import FOLK, HEART, open_fan_by_click, open_maze, try_item

    app, table, session = open_maze(HEART)
    try:
        with every_frame_checked(app, table) as check:
            frames(app, 20)
            cards = open_fan_by_click(app, table)
            for card in cards:
                point(app, table.target_rect(("inter", card)).center)
                frames(app, 8)
            answer, item = FOLK[0]
            wrong = next(c for c in cards if c != answer)
            try_item(app, table, wrong, item)
            assert table.inters[wrong].entry.get("tried")  # tried: its badge says so on the fan
            frames(app, 60)
            key(app, pygame.K_ESCAPE, settle=30)
        assert check.kept > 0 and check.frames > 200
    finally:
        app.shutdown()


def test_every_frame_of_bots_playing_the_labyrinth_draws_the_same(data_dir):
    """Bots playing the tutorial at the normal pace, watched: cards turned and read on the stage,
    flights, flips, the story fading in, favours going out, the camera refitting; until the fourth
    page is read (about 280 frames; 420 at most), and the half second after it."""
    app, table, session = open_table(config("bot", "bot"), spectator=True)

    def four_pages_read() -> bool:
        return len(table.journal.pages) >= 4 and {"interaction_turned", "text"} <= set(table.animated_events)

    try:
        with every_frame_checked(app, table) as check:
            for _ in range(420):
                frames(app, 1)
                if four_pages_read():
                    break
            frames(app, 30)
        assert four_pages_read() and check.frames > 200
    finally:
        app.shutdown()
