"""TableSceneBase driven by the test engine: a small High Card table scene, bot-vs-bot games,
a person's move with each device, the hot-seat curtain, error toasts and the results screen."""

from __future__ import annotations

import pygame
import pytest

import highcard  # noqa: F401 - registers the test engine
from game.core import Action, GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.look import palette as P
from game.ui.look.fonts import text_surface
from game.ui.results import ResultsScene
from game.ui.sprites import CardSprite, fan_layout
from game.ui.input import Intent
from game.ui.table_base import TableSceneBase
from game.ui.tables import register_table, table_scene_for, unregister_table
from game.ui.title import TitleScene
from ui_helpers import FRAME, click, frames, key, make_app, pad, tap, widget_labelled

CARD_W = 140


def face(card: str) -> pygame.Surface:
    image = pygame.Surface((CARD_W, 196))
    image.fill(P.IVORY)
    number = text_surface(card.split("-")[1], "display", 96, P.INK)
    image.blit(number, number.get_rect(center=(CARD_W // 2, 98)))
    return image


BACK = pygame.Surface((CARD_W, 196))
BACK.fill(P.FELT_EDGE)


class HighCardTable(TableSceneBase):
    """Hand along the bottom; left/right choose a card, confirm or a tap plays it."""

    base_menu_button = True

    def __init__(self, app, session, viewer=None) -> None:
        super().__init__(app, session, viewer)
        self.sprites: dict[str, CardSprite] = {}
        self.hand: list[str] = []
        self.focus = 0
        self.centre: list[CardSprite] = []

    def sprite(self, card: str) -> CardSprite:
        if card not in self.sprites:
            self.sprites[card] = CardSprite(card, face(card), BACK, (960, 1300))
        return self.sprites[card]

    def on_view(self, update) -> None:
        self.hand = list(update.view.get("hand", []))
        self.focus = min(self.focus, max(0, len(self.hand) - 1))
        for i, ((pos, angle), card) in enumerate(zip(fan_layout(len(self.hand), (960, 900), CARD_W, 700), self.hand)):
            sprite = self.sprite(card)
            sprite.slide_to(pos, angle=angle)
            sprite.set_focus(i == self.focus and self.can_act)

    def animate_event(self, event, update) -> float:
        if event.kind == "play":
            card = event.get("card") or f"hidden-{event['seat']}-{len(self.centre)}"
            sprite = self.sprite(card)
            sprite.set_focus(False)
            sprite.slide_to((860 + 200 * len(self.centre), 480), 0.22, angle=0)
            self.centre.append(sprite)
            return 0.22
        if event.kind == "trick":
            for sprite in self.centre:
                sprite.slide_to((1800, 200), 0.2)
            self.centre = []
            return 0.2
        return 0.0

    def card_at(self, pos) -> int | None:
        for i in reversed(range(len(self.hand))):
            if self.sprite(self.hand[i]).contains(pos):
                return i
        return None

    def handle_table(self, intent) -> None:
        if not self.can_act or not self.hand:
            return
        if intent.kind in ("left", "right"):
            self.focus = (self.focus + (1 if intent.kind == "right" else -1)) % len(self.hand)
            for i, card in enumerate(self.hand):
                self.sprite(card).set_focus(i == self.focus)
        elif intent.kind == "confirm":
            self.submit(Action.make(self.viewer, "play", card=self.hand[self.focus]))
        elif intent.kind == "point" and intent.pos is not None:
            index = self.card_at(intent.pos)
            if index is not None:
                self.submit(Action.make(self.viewer, "play", card=self.hand[index]))

    def update_table(self, dt: float) -> None:
        for sprite in self.sprites.values():
            sprite.update(dt)

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        for sprite in self.sprites.values():
            sprite.draw(surface, alpha)


@pytest.fixture(autouse=True)
def registered(data_dir):
    register_table("highcard", HighCardTable)
    yield
    unregister_table("highcard")


def seats(*kinds: str) -> GameConfig:
    return GameConfig.make("highcard", [SeatConfig(k, f"P{i}", "easy") for i, k in enumerate(kinds)])


def open_table(config: GameConfig, seed: int = 4, spectator: bool = False):
    app = make_app()
    app.push(TitleScene(app))
    session = LocalSession(config, seed, bot_delay=0, spectator=spectator)
    table = table_scene_for("highcard")(app, session)
    app.push(table)
    return app, table, session


def run_until(app, condition, limit: int = 1500) -> None:
    for _ in range(limit):
        if condition():
            return
        app.step(FRAME)
    raise AssertionError("condition not reached")


def test_registry_finds_the_table():
    assert table_scene_for("highcard") is HighCardTable
    assert table_scene_for("no-such-game") is None


def test_bot_vs_bot_game_plays_through_to_the_results_screen():
    app, table, session = open_table(seats("bot", "bot"), spectator=True)
    run_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
    assert session.is_over()
    assert table.animated_events.count("trick") == 3  # every trick was animated, one after another
    results = app.scenes.top
    assert results.outcome == session.outcome()
    frames(app, 90)
    assert results.count == 1.0  # scores counted up
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # past Change seats
    assert results.group.focused.label == "Back to title"
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TitleScene) and len(app.scenes) == 1


def test_events_wait_for_each_animation():
    app, table, session = open_table(seats("bot", "bot"), spectator=True)
    run_until(app, lambda: "trick" in table.animated_events)
    started = len(table.animated_events)
    frames(app, 5)  # 83 ms: the 200 ms trick animation is still running, nothing else started
    assert session.version >= 4  # the bots played on meanwhile; their moves wait their turn
    assert len(table.animated_events) == started
    frames(app, 9)  # 233 ms in all: the next card (0.22 s) has started, the one after it has not
    assert table.animated_events[started:] == ["play"]


def play_with(device: str) -> None:
    app, table, session = open_table(seats("human", "bot"))
    run_until(app, lambda: table.can_act)
    hand = list(table.hand)
    if device == "keyboard":
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
        expected = hand[1]
    elif device == "gamepad":
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        pad(app, pygame.CONTROLLER_BUTTON_A)
        expected = hand[1]
    else:
        frames(app, 40)  # the hand has slid into place
        pos = table.sprite(hand[0]).draw_rect().center
        (click if device == "mouse" else tap)(app, (pos[0] - 20, pos[1] + 40))
        expected = hand[0]
    assert session.actions and session.actions[0] == Action.make(0, "play", card=expected)


@pytest.mark.parametrize("device", ["keyboard", "mouse", "gamepad", "touch"])
def test_a_person_plays_a_card_with_each_device(device):
    play_with(device)


def test_hot_seat_curtain_between_two_people():
    app, table, session = open_table(seats("human", "human"))
    frames(app, 2)
    assert table.curtain_seat == 0  # the first person takes the screen too
    assert not table.can_act
    key(app, pygame.K_RETURN)
    assert table.curtain_seat is None and table.viewer == 0
    run_until(app, lambda: table.can_act)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: table.curtain_seat == 1)
    assert session.version == 1 and table.viewer == 0  # seat 1's hand is not shown yet
    tap(app, (960, 540))
    assert table.curtain_seat is None and table.viewer == 1
    assert table.hand == session.latest(1).view["hand"]


def test_refused_move_gives_an_error_toast_and_changes_nothing():
    app, table, session = open_table(seats("human", "bot"))
    run_until(app, lambda: table.can_act)
    table.submit(Action.make(0, "play", card="hc-99"))
    frames(app, 2)
    assert session.version == 0
    assert app.toasts.items and app.toasts.items[-1].kind == "error"


def test_menu_opens_the_pause_overlay_over_the_table():
    from game.ui.pause import PauseOverlay

    app, table, session = open_table(seats("human", "bot"))
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseOverlay) and app.scenes.scenes[-2] is table  # over the table (kept as one image once drawn)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table
    pad(app, pygame.CONTROLLER_BUTTON_START)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Quit to title
    assert isinstance(app.scenes.top, TitleScene) and len(app.scenes) == 1


def test_results_play_again_starts_a_fresh_table():
    app, table, session = open_table(seats("bot", "bot"), spectator=True)
    run_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
    key(app, pygame.K_RETURN)  # Play again is focused first
    top = app.scenes.top
    assert isinstance(top, HighCardTable) and top is not table
    assert top.session is not session and top.session.config == session.config
    assert not top.session.is_over() or top.session.version > 0  # a new game under way


def test_continue_on_the_title_resumes_the_autosave(data_dir):
    save = data_dir / "autosave.tt"
    session = LocalSession(seats("human", "bot"), 5, autosave=save, bot_delay=0)
    session.poll()
    session.submit(session.latest(0).legal[0])
    session.poll()
    app = make_app()
    title = TitleScene(app)
    app.push(title)
    frames(app, 2)
    assert [w.label for w in title.group.widgets][:3] == ["Play", "LAN play", "Continue"]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    table = app.scenes.top
    assert isinstance(table, HighCardTable)
    assert table.session.actions[:session.version] == session.actions  # where it stood (bots may play on)


def test_a_damaged_autosave_gives_a_warning_and_is_set_aside_not_deleted(data_dir):
    save = data_dir / "autosave.tt"
    save.write_bytes(b"\x00not a save")
    app = make_app()
    title = TitleScene(app)
    app.push(title)
    frames(app, 2)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.scenes.top is title and not save.exists()  # set aside, so the next game cannot overwrite it
    kept = list(data_dir.glob("autosave.tt.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"\x00not a save"
    assert app.toasts.items[-1].kind == "warning" and "cannot be continued" in app.toasts.items[-1].text


def test_a_failing_session_stops_the_table_with_a_toast_not_a_crash():
    app, table, session = open_table(seats("human", "bot"))
    frames(app, 2)

    def broken():
        raise RuntimeError("a bot failed")

    session.poll = broken
    frames(app, 3)
    assert table.session_failed and app.toasts.items[-1].kind == "error"
    key(app, pygame.K_ESCAPE)  # the pause menu still works, so the player can leave
    from game.ui.pause import PauseOverlay

    assert isinstance(app.scenes.top, PauseOverlay)


def test_the_main_loop_recovers_once_from_a_failing_scene(data_dir):
    from game.ui.scene import Scene

    class Broken(Scene):
        def update(self, dt):
            raise ValueError("boom")

    app = make_app()
    app.push(Broken(app))
    tops: list[str] = []
    app.on_frame = lambda a: tops.append(type(a.scenes.top).__name__)
    assert app.run(quit_after_frames=5) == 0
    assert tops[-1] == "TitleScene" and "TitleScene" not in tops[: tops.index("TitleScene")]
    assert any(t.kind == "error" for t in app.toasts.items)


def test_the_base_menu_button_opens_the_pause_overlay_by_touch():
    from game.ui.pause import PauseOverlay
    from game.ui.table_base import BASE_MENU_RECT

    app, table, session = open_table(seats("human", "bot"))
    frames(app, 2)
    tap(app, BASE_MENU_RECT.center)
    assert isinstance(app.scenes.top, PauseOverlay)
    tap(app, widget_labelled(app.scenes.top, "Resume").rect.center)
    assert app.scenes.top is table


# --- the subclass hooks ------------------------------------------------------------------------------
def test_a_table_opened_on_a_backlog_does_not_replay_old_states():
    app = make_app()
    app.push(TitleScene(app))
    session = LocalSession(seats("bot", "bot"), 4, bot_delay=0, spectator=True)
    for _ in range(3):
        session._drive_bots()  # three moves happen before any table looks (e.g. a resumed save)
    assert session.version == 3
    table = table_scene_for("highcard")(app, session)
    animated_versions: list[int] = []
    original = table.animate_event
    table.animate_event = lambda event, update: animated_versions.append(update.version) or original(event, update)
    app.push(table)
    assert table.shown.version == 3  # it opens on where the game stands
    frames(app, 30)
    assert animated_versions and min(animated_versions) > 3  # moves 1-3 are not played again
    assert animated_versions == sorted(animated_versions)


def test_stale_and_repeated_updates_are_dropped():
    app, table, session = open_table(seats("human", "bot"))
    frames(app, 2)
    shown = table.shown
    assert shown is not None
    session._pending.extend([shown, shown])  # the same state again (e.g. a resync) is not re-animated
    frames(app, 1)
    assert table._current is None and not table._queue and table.shown is shown


def test_hold_delays_the_next_event_and_scales_with_animation_speed():
    from game.ui.tween import MOTION

    app, table, session = open_table(seats("bot", "bot"), spectator=True)
    saved = MOTION.speed
    try:
        MOTION.speed = 2.0
        table.hold(1.0)  # 0.5 s at double speed
        before = list(table.animated_events)
        frames(app, 24)  # 0.4 s
        assert table.animated_events == before
        frames(app, 12)
        assert len(table.animated_events) > len(before)
    finally:
        MOTION.speed = saved


def test_event_seconds_follow_the_animation_speed_setting():
    from game.ui.tween import MOTION

    app, table, session = open_table(seats("bot", "bot"), spectator=True)
    saved = MOTION.speed
    try:
        MOTION.speed = 0.5  # slow: the 0.2 s trick animation holds the table for 0.4 s
        run_until(app, lambda: "trick" in table.animated_events)
        assert table._busy == pytest.approx(0.4, abs=1 / 60 + 1e-6)
    finally:
        MOTION.speed = saved


def test_holding_pauses_the_queue_but_not_the_polling():
    app, table, session = open_table(seats("bot", "bot"), spectator=True)
    held = [True]
    table.holding = lambda: held[0]
    frames(app, 30)
    assert table.animated_events == [] and session.version > 0  # bots played on; nothing animated
    held[0] = False
    run_until(app, lambda: table.animated_events)


def test_back_tries_cancel_selection_before_the_pause_menu():
    from game.ui.pause import PauseOverlay

    app, table, session = open_table(seats("human", "bot"))
    frames(app, 2)
    cancelled: list[bool] = []
    table.cancel_selection = lambda: cancelled.append(True) or len(cancelled) == 1
    key(app, pygame.K_ESCAPE)
    assert cancelled == [True] and app.scenes.top is table
    key(app, pygame.K_ESCAPE)  # nothing left to cancel: the pause menu
    assert isinstance(app.scenes.top, PauseOverlay)
    key(app, pygame.K_ESCAPE)
    pad(app, pygame.CONTROLLER_BUTTON_START)  # menu never goes through cancel_selection
    assert len(cancelled) == 2 and isinstance(app.scenes.top, PauseOverlay)


def test_before_results_can_show_something_first():
    app, table, session = open_table(seats("bot", "bot"), spectator=True)
    waiting: list = []
    table.before_results = lambda proceed: waiting.append(proceed) or True
    run_until(app, lambda: waiting)
    frames(app, 30)
    assert not isinstance(app.scenes.top, ResultsScene) and not table.results_shown
    waiting[0]()
    assert isinstance(app.scenes.top, ResultsScene) and table.results_shown


def test_without_on_again_the_results_offer_only_back_to_title():
    app, table, session = open_table(seats("bot", "bot"), spectator=True)
    table.on_again = None
    run_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
    labels = [w.label for w in app.scenes.top.group.widgets]
    assert "Play again" not in labels and "Back to title" in labels


def test_status_anchor_is_a_rect_attribute_and_a_canvas_point():
    from game.ui.tables import table_scene_for as factory

    for game in ("highcard", "lost-cities", "lost-in-time", "time-after-time", "labyrinth"):
        scene_class = factory(game)
        if scene_class is None:
            continue
        attribute, (x, y) = scene_class.status_anchor
        box = pygame.Rect(0, 0, 600, 48)
        setattr(box, attribute, (x, y))
        assert pygame.Rect(0, 0, 1920, 1080).contains(box), game


@pytest.mark.parametrize("reason, shown", [
    ("a card must be higher than that (ruling LC-4)", "A card must be higher than that."),
    ("you keep a card only when you cannot place it but an opponent could (TT-5)",
     "You keep a card only when you cannot place it but an opponent could."),
    ("it must be younger than 1916 (the card on the right end)", "It must be younger than 1916 (the card on the right end)."),
    ("Not your turn!", "Not your turn!"),
    ("  ", "That move is not allowed."),
])
def test_a_refusal_reads_as_a_sentence_without_ruling_ids(reason, shown):
    assert TableSceneBase._error_text(reason) == shown


def test_only_a_press_that_began_on_the_table_reaches_it_with_its_drag_and_release():
    """A pause-menu button acts on the press and closes, and a curtain lifts on the press: the release
    (or drag) that follows must not tap whatever lies under it on the table."""
    app, table, _ = open_table(seats("human", "bot"))
    seen: list[str] = []
    table.handle_table = lambda intent: seen.append(intent.kind)  # type: ignore[method-assign]
    for kind in ("drag_start", "drag_move", "drag_end", "release"):
        table.handle(Intent(kind, "mouse", pos=(900, 900)))
    assert seen == []
    for kind in ("point", "drag_start", "drag_move", "drag_end", "release"):
        table.handle(Intent(kind, "mouse", pos=(900, 900)))
    assert seen == ["point", "drag_start", "drag_move", "drag_end"]  # the drag ended the press
    table.handle(Intent("point", "touch", pos=(900, 900)))
    table.pause()  # an overlay took the press
    table.resume()
    table.handle(Intent("release", "touch", pos=(900, 900)))
    assert seen[-1] == "point"


def test_bots_pace_follows_the_animation_speed():
    from game.ui.tween import MOTION

    app = make_app()
    app.push(TitleScene(app))
    session = LocalSession(seats("human", "bot"), 4)  # paced, as a person's game is
    table = table_scene_for("highcard")(app, session)
    try:
        MOTION.speed = 2.0
        app.push(table)
        assert session.bot_delay == pytest.approx(0.35)
        MOTION.speed = 0.5
        table.resume()
        assert session.bot_delay == pytest.approx(1.4)
    finally:
        MOTION.speed = 1.0
    unpaced = LocalSession(seats("human", "bot"), 4, bot_delay=0)
    table_scene_for("highcard")(app, unpaced).pace_bots()
    assert unpaced.bot_delay == 0  # tests and screenshots stay unpaced


def test_a_failing_autosave_is_told_at_the_table_and_the_game_goes_on(tmp_path, monkeypatch):
    import errno

    import game.session.local as local_module

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    app = make_app()
    app.push(TitleScene(app))
    session = LocalSession(seats("human", "bot"), 4, bot_delay=0, autosave=tmp_path / "autosave.tt")
    table = table_scene_for("highcard")(app, session)
    app.push(table)
    run_until(app, lambda: table.can_act)
    monkeypatch.setattr(local_module, "write_save", disk_full)
    table.submit(table.legal[0])
    run_until(app, lambda: any(t.kind == "warning" for t in app.toasts.items))
    assert "disk is full" in next(t.text for t in app.toasts.items if t.kind == "warning")
    assert not table.session_failed
    monkeypatch.undo()
    run_until(app, lambda: table.can_act or table.results_shown)
    if not table.results_shown:
        table.submit(table.legal[0])
        run_until(app, lambda: any(t.kind == "good" for t in app.toasts.items))
