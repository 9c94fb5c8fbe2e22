"""The three card tables, session 18: the Lost Cities kept image composes once per rest (a
count-up or a breathing glow no longer composes it and drops it again a frame later, and a picture
that came to rest is composed at once instead of drawn the long way first), one refusal for every
table (`TableSceneBase.refuse`), and Lost in Time's longest prompts at a readable size."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from game.ui.table_lost_cities import KEPT_AFTER_FRAMES, DrawStep, LostCitiesTable
from test_frame_cache17 import pixels
from test_ui_table_lost_cities import HUMAN, app, config, human_turn, key, open_table  # noqa: F401
from ui_helpers import frames, make_app, recording_app

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


def plain_table(app) -> LostCitiesTable:
    """A Lost Cities table on the App's canvas, two people, nothing played: the made-up steps need
    only its kept image."""
    from game.core.types import SeatConfig
    from game.session import LocalSession

    table = open_table(app, LocalSession(config(HUMAN, SeatConfig("human", "Ben")), 1, bot_delay=0.0))
    app.step(1 / 60)
    return table


def test_a_count_that_steps_every_other_frame_is_drawn_over_one_kept_image(app):
    """A score counting up holds each number two frames: it used to join the kept image on the
    second and leave it on the next, a frame drawn the long way every other frame. Now it stays
    drawn over one image, composed once."""
    table = plain_table(app)
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
    table = plain_table(app)
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



# --- one refusal for every table -----------------------------------------------------------------------
def test_one_refusal_serves_the_three_card_tables():
    """Lost Cities' `_refuse`, Lost in Time's `refuse` and Time After Time's refusals written out
    where they happened were the same sound and toast: each table now refuses through the base."""
    from game.ui.table_base import TableSceneBase
    from game.ui.table_lost_in_time import LostInTimeTable
    from game.ui.table_time_after_time import TimeAfterTimeTable

    for table in (LostCitiesTable, LostInTimeTable, TimeAfterTimeTable):
        assert table.refuse is TableSceneBase.refuse, table
        assert not hasattr(table, "_refuse"), table


@pytest.mark.parametrize("game,seats", [("lost-cities", 2), ("lost-in-time", 3), ("time-after-time", 3)])
def test_a_refusal_sounds_and_says_why_even_while_the_table_hurries(game, seats, data_dir):
    """A person's refused move always answers with the invalid sound and a toast of its kind: the
    hurried sequence's sound gap (one sound every so often) does not swallow it."""
    import main
    from game.ui.table_base import TableSceneBase

    with recording_app() as app:
        table = main.build_scene(app, "table", game, seats, seed=2)
        app.clear_to(table)
        frames(app, 2)
        table.refuse("Put it on a lit slot.")
        table.refuse("Wait a moment: a card is moving in your hand.", "info", 0.5)
        table._sound_quiet = 10.0  # a hurried sequence just sounded
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(TableSceneBase, "hurrying", property(lambda self: True))
            table.refuse("First draw a card; then place it.", "info", 0.6)
        assert app.played.count("invalid") == 3
        toasts = [(toast.text, toast.kind) for toast in app.toasts.items]
        assert toasts[-3:] == [("Put it on a lit slot.", "error"),
                               ("Wait a moment: a card is moving in your hand.", "info"),
                               ("First draw a card; then place it.", "info")]


# --- Lost in Time's prompt at a readable size ----------------------------------------------------------
LONG_PROMPTS = [
    f"Action: VIP, Disaster, discard or skip. No card of yours can travel to the {d} yet." for d in ("past", "future")
] + [
    f"No card can travel to the {d}: press Cannot travel. Your turned {y} is lost." for d in ("past", "future")
    for y in ("1969", "2776 BC")
] + [
    "No card can travel to the future: press Cannot travel. Your 2776 BC turns sideways.",
    "Action: play a VIP or Disaster on an opponent, discard up to two cards, or skip.",
    "Travel to the future: a card with a later year than your youngest (right end) saves your turned 2776 BC.",
]


@pytest.mark.parametrize("text", LONG_PROMPTS)
def test_a_long_prompt_takes_two_lines_rather_than_shrink_below_14_px_at_1024x768(text):
    """The prompt over the hand was fitted to one line of the timeline's width: its longest
    sentences showed at 13.3 px on a 1024x768 screen. Now one that would shrink below 14 px there
    takes two lines (after a sentence where it can), each at 14 px or more, each within the width."""
    from game.ui.look.fonts import font
    from game.ui.table_lost_in_time import MY_ROW_RECT, prompt_lines

    scale = 1024 / 1920
    least = math.ceil(14 / scale)
    lines, px = prompt_lines(text, MY_ROW_RECT.width, least)
    assert px * scale >= 14 and 1 <= len(lines) <= 2, (lines, px)
    assert " ".join(lines) == text
    assert all(font("ui-bold", px).size(line)[0] <= MY_ROW_RECT.width for line in lines)
    if "Cannot travel." in text:
        assert lines[0].endswith("Cannot travel."), lines  # split where the sentence ends


def prompt_drawn(table: Any, module: Any) -> list[tuple[str, int]]:
    """The (text, px) of each line `draw_prompt` sets, drawn on a scratch canvas."""
    drawn: list[tuple[str, int]] = []
    real = module.text_surface

    def spy(text: str, role: str, px: int, colour: Any) -> pygame.Surface:
        drawn.append((text, px))
        return real(text, role, px, colour)

    module.text_surface = spy
    try:
        table.draw_prompt(pygame.Surface(CANVAS))
    finally:
        module.text_surface = real
    return drawn


@pytest.mark.parametrize("size,rows", [((1024, 768), 2), ((1920, 1080), 1)])
def test_the_prompt_of_a_real_table_reads_at_14_px_on_a_small_screen(size, rows, data_dir):
    """The seeded 4-seat Lost in Time of the screenshot command: the person cannot travel, and the
    prompt says so in two lines of 14 px or more on a 1024x768 screen (it showed at 13.3 px on
    one), on one line where the window is large enough for it."""
    import main
    from game.ui import table_lost_in_time as LIT

    app = make_app(size)
    try:
        table = main.build_scene(app, "table", "lost-in-time", 4, seed=4)
        app.clear_to(table)
        frames(app, 60)
        prompt = table.prompt()
        assert prompt.startswith("No card can travel"), prompt
        drawn = prompt_drawn(table, LIT)
        assert " ".join(text for text, _ in drawn) == prompt and len(drawn) == rows, drawn
        assert all(px * app.letterbox.scale >= 14 for _, px in drawn), (drawn, app.letterbox.scale)
    finally:
        app.shutdown()


class BlitRecorder(pygame.Surface):
    """A scratch canvas that keeps where each image was blitted."""

    def __init__(self) -> None:
        super().__init__(CANVAS)
        self.placed: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
        topleft = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        self.placed.append((source, source.get_rect(topleft=topleft)))
        return super().blit(source, dest, *args, **kwargs)


def test_the_running_totals_two_detail_lines_clear_its_big_number_at_1024x768(data_dir):
    """At 1024x768 the running total's details ("youngest 1912", "1 Disaster +20") take two lines of
    the window's larger type, and the first ran into the big number's digits. The number now
    shrinks as far as it must: its digits end above the first line."""
    import main
    from game.ui import table_lost_in_time as LIT

    app = make_app((1024, 768))
    try:
        table = main.build_scene(app, "table", "lost-in-time", 4, seed=7)
        app.clear_to(table)
        frames(app, 30)
        said: dict[int, str] = {}
        real = LIT.text_surface

        def spy(text: str, role: str, px: int, colour: Any) -> pygame.Surface:
            image = real(text, role, px, colour)
            said[id(image)] = text
            return image

        LIT.text_surface = spy
        try:
            canvas = BlitRecorder()
            table.draw_my_total(canvas)
        finally:
            LIT.text_surface = real
        placed = [(said.get(id(image), ""), image, rect) for image, rect in canvas.placed]
        total = table.shown_total(table.me)
        number = next((image, rect) for text, image, rect in placed if text == str(total["total"]))
        details = [rect for text, _, rect in placed if text.startswith(("youngest", "1 ", "2 ", "3 "))]
        assert len(details) == 2, [text for text, _, _ in placed]  # the case that overlapped
        digits_end = number[1].y + number[0].get_bounding_rect().bottom
        first_line_ink = details[0].y + min(image.get_bounding_rect().top for text, image, rect in placed
                                            if rect in details)
        assert digits_end < first_line_ink, (digits_end, first_line_ink)
    finally:
        app.shutdown()


# --- Time After Time's emergency move says why a press did nothing ------------------------------------
def test_a_wrong_press_while_planning_the_emergency_move_says_what_to_press(data_dir):
    """RULING TT-7, 08H00 _ _ 10H00: planning the shift, a press on an empty slot, then on a slot the
    chosen card cannot reach, only buzzed. Each now says what to press (the lit cards, then the lit
    free slot beside it), and nothing is shifted."""
    from test_ui_table_time_after_time import _stuck_session, table_for

    with recording_app() as app:
        scene = table_for(app, _stuck_session())
        for _ in range(600):
            app.run_frames(1, 1 / 15)
            if scene.can_act and not scene.animating:
                break
        scene.start_shift()
        scene.shift_pick(5)  # an empty slot, no card chosen yet
        scene.shift_pick(0)  # 08H00
        scene.shift_pick(6)  # not beside it
        assert scene.shift is not None and scene.shift.moves == [] and scene.shift.source == 0
        toasts = [(toast.text, toast.kind) for toast in app.toasts.items]
        assert toasts[-2:] == [("First choose a lit card of your row, then the free slot beside it.", "info"),
                               ("Move it to a lit free slot beside it, or choose another lit card of your row.",
                                "info")]
        assert app.played.count("invalid") == 2
