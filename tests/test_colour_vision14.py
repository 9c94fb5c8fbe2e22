"""Colour-vision audit: nothing that means something is told apart by colour alone. Each test draws
the real screen and checks the second cue (a shape, a word) that a red-green colour-blind player
needs, in a copy of the frame seen as protanopia or deuteranopia (Machado et al. 2009) or in
greyscale."""

from __future__ import annotations

import pygame
import pytest

from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.table_time_after_time import TimeAfterTimeTable
from ui_helpers import recording_app

# Machado, Oliveira & Fernandes (2009), severity 1, on linear RGB
MACHADO = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
}


def seen_as(colour: tuple[int, ...], kind: str) -> tuple[int, int, int]:
    """`colour` as a person with protanopia ("protan") or deuteranopia ("deutan") sees it."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    def srgb(v: float) -> int:
        v = min(1.0, max(0.0, v))
        return round(255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))

    r, g, b = (linear(c) for c in colour[:3])
    return tuple(srgb(m[0] * r + m[1] * g + m[2] * b) for m in MACHADO[kind])  # type: ignore[return-value]


def luminance(colour: tuple[int, ...]) -> float:
    return 0.2126 * colour[0] + 0.7152 * colour[1] + 0.0722 * colour[2]


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        yield application


def placing_table(app) -> TimeAfterTimeTable:
    """A Time After Time table where the person (seat 0) drew a card that fits three or more empty
    slots, the focus on one of them."""
    for seed in range(1, 80):
        config = GameConfig.make("time-after-time", [SeatConfig("human", "Ann"), SeatConfig("bot", "Ben", "expert")])
        session = LocalSession(config, seed, bot_delay=0.0)
        session.run_bots_until_human()
        if session.state["turn"] != 0 or session.state["phase"] != "draw":
            continue
        scene = TimeAfterTimeTable(app, session)
        app.clear_to(scene)
        for _ in range(600):
            app.run_frames(1, 1 / 15)
            if scene.can_act:
                break
        for code in (pygame.K_RIGHT, pygame.K_RETURN):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
            app.run_frames(2)
        for _ in range(600):
            app.run_frames(1, 1 / 15)
            if scene.placing and not scene.animating_pending():
                break
        lit = [slot for seat, slot, _ in scene.slot_lights() if seat == scene.viewer]
        if scene.placing and len(lit) >= 3 and scene.focus is not None and scene.focus[0] == "row" \
                and scene.focus[1] in lit:
            return scene
    raise AssertionError("no seed where the drawn card fits three slots")


def marker_fill(frame: pygame.Surface, rect: pygame.Rect, kind: str) -> int:
    """How many pixels of the mark low in a well (chevron or pointer) are bright, as `kind` sees it."""
    box = pygame.Rect(0, 0, rect.width // 3 + 8, rect.width // 6 + 12)
    box.center = (rect.centerx, rect.bottom - rect.height // 5)
    bright = 0
    for x in range(box.left, box.right):
        for y in range(box.top, box.bottom):
            if luminance(seen_as(tuple(frame.get_at((x, y))), kind)) > 120:
                bright += 1
    return bright


def test_the_focused_well_among_lit_wells_is_told_by_its_shape_as_a_colour_blind_player_sees_it(app):
    """Time After Time, placing a drawn card: the lit wells are green with an open chevron, the
    focused one brass. Seen with protanopia or deuteranopia both are the same yellow, so the focused
    well carries a filled pointer (several times the bright pixels of a chevron) and a double
    outline."""
    scene = placing_table(app)
    app.run_frames(2)
    frame = app.canvas.copy()
    geo = scene.geometry[scene.viewer]
    focused = scene.focus[1]
    lit = [slot for seat, slot, _ in scene.slot_lights() if seat == scene.viewer and slot != focused]
    for kind in MACHADO:
        pointer = marker_fill(frame, geo.slots[focused], kind)
        chevrons = [marker_fill(frame, geo.slots[slot], kind) for slot in lit]
        assert pointer > 1.8 * max(chevrons), (kind, pointer, chevrons)
    # the double outline: inside the focused well, 7 px in from its outer ring, a second brass line
    rect = geo.slots[focused]
    inner_ring = [luminance(frame.get_at((rect.x + 4, y))) for y in range(rect.centery - 10, rect.centery + 10)]
    lit_rect = geo.slots[lit[0]]
    lit_inside = [luminance(frame.get_at((lit_rect.x + 4, y))) for y in range(lit_rect.centery - 10, lit_rect.centery + 10)]
    assert min(inner_ring) > 120 and max(lit_inside) < 80


def mark_mask(image: pygame.Surface, centre: tuple[int, int], radius: int) -> set[tuple[int, int]]:
    """The pixels of a toast's mark plate (bright, wherever its colour), relative to its centre."""
    reach = round(radius * 1.3)
    bright = set()
    for dx in range(-reach, reach + 1):
        for dy in range(-reach, reach + 1):
            if luminance(image.get_at((centre[0] + dx, centre[1] + dy))) > 90:
                bright.add((dx, dy))
    return bright


@pytest.mark.parametrize("width, radius, mark_x", [(980, 20, 46), (460, 16, 34)])
def test_each_kind_of_toast_has_a_mark_of_its_own_shape_not_only_its_own_colour(app, width, radius, mark_x):
    """An error toast (red) and a good one (green) are one olive to a red-green colour-blind eye,
    a warning (orange) and a note (brass) one yellow: their marks differ in outline (octagon, square,
    triangle, circle), not in a small glyph alone: any two kinds' marks differ in at least a fifth of
    their pixels."""
    from game.ui.toast import KIND_COLOURS, Toast

    masks = {}
    for kind in KIND_COLOURS:
        image = app.toasts._render(Toast("Something happened.", kind), width, 24)
        masks[kind] = mark_mask(image, (mark_x, image.get_height() // 2), radius)
    kinds = list(masks)
    for i, first in enumerate(kinds):
        for second in kinds[i + 1:]:
            a, b = masks[first], masks[second]
            assert len(a ^ b) > 0.2 * len(a | b), (first, second, len(a ^ b), len(a | b))


def test_toasts_stacked_over_a_tables_log_leave_no_log_line_showing_between_them(app):
    """Over a table's log the toasts stack 12 px apart; the gap is filled with their ink, so a log
    line is never seen cut in half between two toasts (it read as part of a toast)."""
    from types import SimpleNamespace

    from game.ui.toast import Toasts

    area = pygame.Rect(40, 300, 420, 500)
    toasts = Toasts()
    toasts.scenes = SimpleNamespace(top=SimpleNamespace(toast_area=lambda: area))
    for text, kind in (("That card is lower than the last one.", "error"), ("Saved.", "good")):
        toasts.show(text, kind).age = 1.0  # fully in
    canvas = pygame.Surface((1920, 1080))
    canvas.fill((240, 240, 240))  # a bright log under them
    toasts.draw(canvas)
    (_, _, upper), (_, _, lower) = toasts.placements(canvas.get_size())
    assert lower.top - upper.bottom == 12
    for x in (upper.x + 2, upper.centerx, upper.right - 3):
        for y in range(upper.bottom, lower.top):
            assert luminance(canvas.get_at((x, y))) < 60, (x, y, canvas.get_at((x, y)))
