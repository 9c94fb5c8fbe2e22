"""Hurrying a long chain of effects (playtest finding 3): a press of Confirm, a click, a tap or the
pad's A while a sequence plays runs the rest of it fast. Checked on the Thornwood Maze's longest
chain (the yew key on card 9, about 37 animated effects) and on Lost Cities: the table ends in the
same state with every log line and every text of the reading panel, in far fewer frames; the press
is no move; the hint shows only while a long sequence plays; a curtain and a move that arrives after
the press are never hurried. Also the drawn-surface caches (finding 8): each stays within its byte
cap through a long live run and is empty once the table closes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame
import pytest

from game.core import Action, GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.app import App
from game.ui.labyrinth_overlays import StorySheet
from game.ui.look import cards_labyrinth, fonts
from game.ui.look.cache import caches
from game.ui.scene import Scene
from game.ui.sprites import TRANSFORMS
from game.ui.table_base import HURRY_HINT_AFTER, TableSceneBase
from game.ui.tables import table_scene_for
from test_labyrinth_adventure_yewmaze import CAREFUL
from ui_helpers import click, frames, key, make_app, pad, tap
from waits16 import HeldClock, wait_for

YEW_KEY = ("use", "i-018", "it-G")  # card 9: the longest chain of the careful path
YEW_AT = CAREFUL.index(YEW_KEY)
LIMIT = 3000  # frames (50 s at 60 Hz): the chain takes about 550


def to_action(step: tuple, seat: int = 0) -> Action:
    if step[0] == "move":
        return Action.make(seat, "move", to=step[1])
    return Action.make(seat, "interact", card=step[1], items=sorted(step[2:]))


def settle(app: App, table: TableSceneBase) -> int:
    """Run frames until a person may act again (closing any story sheet); returns the frames run."""
    for n in range(1, LIMIT + 1):
        frames(app, 1)
        if isinstance(app.scenes.top, StorySheet):
            key(app, pygame.K_RETURN, settle=1)
            continue
        if app.scenes.top is table and table.can_act and not table.animating:
            return n
    raise AssertionError("the table never came back to the person")


@dataclass
class Played:
    """What a table showed at the end of a sequence."""

    version: int
    log: list[str]
    pages: list[tuple[str, list[str]]]
    events: list[str]
    frames: int
    hurries: int


def maze_at_the_yew_key(app: App) -> TableSceneBase:
    config = GameConfig.make("labyrinth", [SeatConfig("human", "You", "expert")], scenario="yewmaze", mode="together")
    session = LocalSession(config, 7, bot_delay=0, actions=[to_action(s) for s in CAREFUL[:YEW_AT]])
    table = table_scene_for("labyrinth")(app, session)
    app.push(table)
    settle(app, table)
    return table


def play_the_yew_key(press: Callable[[App], None] | None, watch: Callable[[TableSceneBase], None] | None = None) -> Played:
    """The yew key used on card 9 at a fresh table; `press` (if any) after 20 frames of the chain."""
    app = make_app()
    try:
        table = maze_at_the_yew_key(app)
        table.submit(to_action(YEW_KEY))
        count = 0
        for _ in range(20):
            frames(app, 1)
            count += 1
            if watch is not None:
                watch(table)
        assert table.animating, "the chain is still playing when the press comes"
        if press is not None:
            press(app)
        count += settle(app, table)
        assert table.shown is not None
        journal: Any = table.journal  # type: ignore[attr-defined]
        pages = [(page.title, [block.text for block in page.blocks]) for page in journal.pages]
        return Played(table.shown.version, list(table.log), pages, list(table.animated_events), count,  # type: ignore[attr-defined]
                      table.hurries)
    finally:
        app.shutdown()


@pytest.fixture(scope="module")
def unhurried() -> Played:
    return play_the_yew_key(None)


PRESSES: dict[str, Callable[[App], None]] = {
    "key": lambda app: key(app, pygame.K_RETURN, settle=0),
    "click": lambda app: click(app, (700, 540), settle=0),
    "tap": lambda app: tap(app, (700, 540), settle=0),
    "pad": lambda app: pad(app, pygame.CONTROLLER_BUTTON_A, settle=0),
}


@pytest.mark.parametrize("device", sorted(PRESSES))
def test_a_press_hurries_the_yew_keys_chain_to_the_same_end(device, unhurried, data_dir):
    hurried = play_the_yew_key(PRESSES[device])
    assert hurried.hurries == 1
    assert unhurried.frames > 400  # the chain the playtest timed at 9.2 s
    assert hurried.frames < unhurried.frames / 4
    assert hurried.version == unhurried.version
    assert hurried.events == unhurried.events  # every effect still animated, none skipped
    assert hurried.log == unhurried.log and len(hurried.log) > 10
    assert hurried.pages == unhurried.pages  # every text landed in the reading panel
    assert sum(len(texts) for _, texts in hurried.pages) > 20


def test_the_hurry_hint_shows_only_once_a_sequence_has_played_a_while(data_dir):
    seen: list[bool] = []
    offered_at: list[float] = []

    def watch(table: TableSceneBase) -> None:
        seen.append(table.hurry_offered())
        if table.hurry_offered():
            offered_at.append(table._sequence_seconds)

    def press(app: App) -> None:
        for _ in range(60):  # a second more of the chain: the hint is up now, and drawn
            frames(app, 1)
        table = app.scenes.top
        assert isinstance(table, TableSceneBase) and table.hurry_offered()
        key(app, pygame.K_RETURN, settle=1)
        assert table.hurrying and not table.hurry_offered()  # hurried: the hint has done its work

    play_the_yew_key(press, watch)
    assert seen and not any(seen)  # 20 frames (0.33 s) in: not yet
    assert not offered_at or min(offered_at) >= HURRY_HINT_AFTER


# --- Lost Cities: another table ----------------------------------------------------------------------
def lost_cities_turn(app: App, seats: list[SeatConfig], bot_delay: float = 0.0) -> TableSceneBase:
    session = LocalSession(GameConfig.make("lost-cities", seats), 2, bot_delay=bot_delay)
    table = table_scene_for("lost-cities")(app, session)
    app.clear_to(table)

    def my_turn() -> bool:  # a paced bot may move first, thinking on its own thread at the machine's speed
        frames(app, 1)
        if table.curtain_seat is not None:
            key(app, pygame.K_RETURN, settle=1)
        return table.can_act and getattr(table, "phase", "") == "play" and not table.animating

    wait_for(my_turn, pause=0, what="the person's turn")
    return table


def play_and_draw(table: TableSceneBase) -> None:
    viewer = table.viewer
    play = next(a for a in table.legal if a.kind in ("play", "discard") and a.seat == viewer)
    table.submit(play)


HUMAN, BOT = SeatConfig("human", "You"), SeatConfig("bot", "Ada", "expert")


def lost_cities_round_trip(press: Callable[[App], None] | None) -> Played:
    """A person plays and draws; the bot answers; `press` while the draw and the answer play."""
    app = make_app()
    try:
        table = lost_cities_turn(app, [HUMAN, BOT])
        play_and_draw(table)
        for _ in range(60):
            frames(app, 1)
        table.submit(next(a for a in table.legal if a.kind == "draw"))
        frames(app, 2)
        assert table.animating
        if press is not None:
            press(app)
        count = 0
        while not (table.can_act and not any(s.moving for s in table.sprites.values())):  # type: ignore[attr-defined]
            frames(app, 1)
            count += 1
            assert count < LIMIT
        assert table.shown is not None
        return Played(table.shown.version, list(table.log), [], list(table.animated_events), count,  # type: ignore[attr-defined]
                      table.hurries)
    finally:
        app.shutdown()


@pytest.mark.parametrize("device", sorted(PRESSES))
def test_a_press_hurries_a_lost_cities_turn_and_the_bots_answer(device, data_dir):
    unhurried = lost_cities_round_trip(None)
    hurried = lost_cities_round_trip(PRESSES[device])
    assert hurried.hurries == 1
    assert hurried.frames < unhurried.frames / 3
    assert (hurried.version, hurried.log, hurried.events) == (unhurried.version, unhurried.log, unhurried.events)
    assert any(line.startswith("Ada ") for line in hurried.log)  # the bot's answer is in the log


def bots_answer(game: str, press: Callable[[App], None] | None) -> Played:
    """A person and three expert bots: the person makes their first move (its first legal steps);
    `press` whenever a bot's move is playing and not hurried; until the person's turn comes again."""
    app = make_app()
    try:
        seats = [SeatConfig("human", "Ann")] + [SeatConfig("bot", f"Bot {n}", "expert") for n in (1, 2, 3)]
        table = table_scene_for(game)(app, LocalSession(GameConfig.make(game, seats), 5, bot_delay=0.0))
        app.clear_to(table)
        acted_at: int | None = None
        bots_played = False
        for count in range(1, LIMIT + 1):
            frames(app, 1)
            shown = table.shown
            if shown is None:
                continue
            if table.can_act and not bots_played:
                if acted_at != shown.version:
                    acted_at = shown.version
                    table.submit(table.legal[0])
                continue
            if shown.active and shown.active[0] != 0:
                bots_played = True
                if press is not None and table.can_hurry and table._sequence_seconds > 0.05:
                    press(app)
            if bots_played and table.can_act:
                return Played(shown.version, list(table.log), [], list(table.animated_events), count,  # type: ignore[attr-defined]
                              table.hurries)
        raise AssertionError("the person's turn never came back")
    finally:
        app.shutdown()


@pytest.mark.parametrize("game", ["lost-in-time", "time-after-time"])
def test_the_bots_moves_hurry_to_the_same_end_on_the_other_tables(game, data_dir):
    unhurried = bots_answer(game, None)
    hurried = bots_answer(game, PRESSES["key"])
    assert hurried.hurries >= 1 and unhurried.hurries == 0
    assert hurried.frames < unhurried.frames * 0.6
    assert (hurried.version, hurried.log, hurried.events) == (unhurried.version, unhurried.log, unhurried.events)
    assert sum(line.startswith("Bot ") for line in hurried.log) >= 3  # all three bots' moves are in the log


def test_a_press_that_hurries_plays_no_card(data_dir):
    """The click spent on the hurry is no tap on the table: the person's hand is untouched after it."""
    app = make_app()
    try:
        table = lost_cities_turn(app, [HUMAN, BOT])
        play_and_draw(table)
        frames(app, 2)
        hand = [s.key for s in table.sprites.values()]  # type: ignore[attr-defined]
        card = table.sprites[table.board.hands[table.bottom_seat][0]]  # type: ignore[attr-defined]
        click(app, card.draw_rect().center, settle=1)
        assert table.hurries == 1 and getattr(table, "selected", None) is None
        assert [s.key for s in table.sprites.values()] == hand  # type: ignore[attr-defined]
    finally:
        app.shutdown()


def test_no_hurry_across_a_curtain(data_dir):
    """Time After Time, Ann and Ben at one screen with a bot between them: Ann hurries the bot's move;
    the curtain for Ben stops the hurry, the press at the curtain lifts it (it hurries nothing), and
    Ben's screen plays at its own pace."""
    app = make_app()
    try:
        seats = [SeatConfig("human", "Ann"), SeatConfig("bot", "Ada", "expert"), SeatConfig("human", "Ben")]
        table = table_scene_for("time-after-time")(app, LocalSession(GameConfig.make("time-after-time", seats), 3,
                                                                     bot_delay=0.0))
        app.clear_to(table)
        curtain_after_hurry = None
        for _ in range(2400):
            frames(app, 1)
            if table.hurries and table.curtain_seat is not None:
                curtain_after_hurry = table.curtain_seat
                break
            if table.curtain_seat is not None:
                key(app, pygame.K_RETURN, settle=1)
            elif table.can_act:
                table.submit(table.legal[0])
            elif (not table.hurries and table.shown is not None and table.shown.active == (1,)
                  and table.animating and table._sequence_seconds > 0.1):
                key(app, pygame.K_RETURN, settle=1)  # the bot's move plays: Ann hurries it
                assert table.hurries == 1 and table.hurrying
        assert curtain_after_hurry == 2  # Ben's curtain, after Ann hurried the bot's move
        assert not table.hurrying and table.hurry_speed() == 1.0 and not table.can_hurry
        key(app, pygame.K_RETURN, settle=1)  # lifts the curtain
        assert table.curtain_seat is None and table.viewer == 2
        assert table.hurries == 1 and not table.hurrying
    finally:
        app.shutdown()


def test_a_move_that_arrives_after_the_press_is_not_hurried(data_dir, monkeypatch):
    """As a LAN table's next player's move: the bot answers a second after the press; its move plays
    at its own pace (the person sees how their turn begins). The session's clock is held until the
    press, so that second cannot run out before it on a loaded machine."""
    import game.session.local as local

    clock = HeldClock()
    monkeypatch.setattr(local, "time", clock)
    app = make_app()
    try:
        table = lost_cities_turn(app, [HUMAN, BOT], bot_delay=1.0)
        play_and_draw(table)
        for _ in range(60):
            frames(app, 1)
        clock.hold()
        table.session._next_bot_time = clock.monotonic() + 1.0  # Ada's pace: a second from now, on the held clock
        table.submit(next(a for a in table.legal if a.kind == "draw"))
        frames(app, 2)
        mine = table.newest_version()
        key(app, pygame.K_RETURN, settle=1)
        assert table.hurries == 1
        clock.release(skip=1.0)  # the second after the press has passed: Ada answers
        speeds_during_bot_move: list[float] = []

        def bot_move_played() -> bool:  # the expert thinks on its own thread, as slowly as the machine lets it
            frames(app, 1)
            current = table._current
            if current is not None and mine is not None and current.version > mine:
                speeds_during_bot_move.append(table.hurry_speed())
            return table.can_act and len(speeds_during_bot_move) > 0 and not table.animating

        wait_for(bot_move_played, pause=0, what="the bot's answer played")
        assert speeds_during_bot_move and set(speeds_during_bot_move) == {1.0}
    finally:
        app.shutdown()


# --- drawn-surface caches ----------------------------------------------------------------------------
def test_the_caches_keep_within_their_caps_through_a_long_live_run_and_empty_when_the_table_closes(data_dir):
    """The maze's first wing played live, with the caps made small so that they are reached many
    times over: no cache ever holds more than its cap; closing the table empties them."""
    small = {cards_labyrinth._cache: 3 * 2**20, fonts._text_cache: 2**20}
    saved = {cache: cache.budget for cache in small}
    saved_transforms = (TRANSFORMS.steady.budget, TRANSFORMS.passing.budget)
    try:
        for cache, budget in small.items():
            cache.budget = budget
            cache.clear()
            cache.peak = 0
        TRANSFORMS.steady.budget, TRANSFORMS.passing.budget = 6 * 2**20, 2**20
        TRANSFORMS.clear()
        TRANSFORMS.steady.peak = TRANSFORMS.passing.peak = 0
        misses = {cache: cache.misses for cache in small}
        app = make_app()
        config = GameConfig.make("labyrinth", [SeatConfig("human", "You", "expert")], scenario="yewmaze")
        table = table_scene_for("labyrinth")(app, LocalSession(config, 7, bot_delay=0))
        app.push(table)
        settle(app, table)
        for step in CAREFUL[:12]:
            table.submit(to_action(step))
            frames(app, 3)
            key(app, pygame.K_RETURN, settle=0)  # hurried: the same faces, flips and texts, fewer frames
            settle(app, table)
            for cache, budget in small.items():
                assert cache.used <= budget
        for cache, budget in small.items():
            assert 0 < cache.peak <= budget, cache.name
            assert cache.misses - misses[cache] > len(cache)  # it did drop surfaces and draw them again
        assert 0 < TRANSFORMS.steady.peak <= TRANSFORMS.steady.budget and 0 < TRANSFORMS.passing.peak <= TRANSFORMS.passing.budget
        app.clear_to(_Blank(app))  # the table closes, as when the title replaces it
        # every cache a table fills empties (scaled art and the like stay for the menus: released_with_tables off)
        assert len(TRANSFORMS) == 0 and all(len(cache) == 0 for cache in caches() if cache.released_with_tables)
        app.shutdown()
    finally:
        for cache, budget in saved.items():
            cache.budget = budget
        TRANSFORMS.steady.budget, TRANSFORMS.passing.budget = saved_transforms


class _Blank(Scene):
    """An empty scene the table is replaced by (as the title replaces it)."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill((0, 0, 0))


@pytest.mark.parametrize("game", ["lost-in-time", "time-after-time"])
def test_the_hurry_plate_sits_beside_the_bots_banner_on_the_top_row(game, data_dir):
    """'Enter Hurry' beside "Ada is playing…" on the top row, where nothing else is: it went under
    the banner (a limit meant for the Labyrinth's flames) onto the edge of the opponent's panel."""
    app = make_app()
    try:
        seats = [SeatConfig("human", "Ann"), SeatConfig("bot", "Ada", "expert")]
        table = table_scene_for(game)(app, LocalSession(GameConfig.make(game, seats), 4, bot_delay=0.0))
        app.clear_to(table)
        for _ in range(900):
            frames(app, 1)
            shown = table.shown
            if shown is not None and shown.active and shown.active[0] == 1 and table.turn_banner_rect() is not None:
                break
        banner = table.turn_banner_rect()
        assert banner is not None
        plate = table.hurry_hint_rect((190, 52))
        assert plate.left > banner.right and abs(plate.centery - banner.centery) <= 1
        assert plate.bottom <= 90  # the top row: the panels below begin under it
    finally:
        app.shutdown()


@pytest.mark.parametrize("game", ["lost-cities", "lost-in-time"])
@pytest.mark.parametrize("device", ["mouse", "touch"])
def test_one_press_on_menu_opens_the_pause_menu_while_the_bots_play(game, device, data_dir):
    """The Menu button is a mouse's or finger's only way to the pause menu: while the bots' moves
    played, its press hurried them and the menu needed a second press (Time After Time's playtest
    found it; every table now names its button to the base, which opens the menu first)."""
    from game.ui.pause import PauseOverlay

    app = make_app()
    try:
        seats = [SeatConfig("human", "Ann"), SeatConfig("bot", "Ada", "easy")]
        table = table_scene_for(game)(app, LocalSession(GameConfig.make(game, seats), 3, bot_delay=0.0))
        app.clear_to(table)
        for _ in range(3000):
            frames(app, 1)
            if table.can_act and table.legal:
                table.submit(next((a for a in table.legal if a.kind not in ("undo",)), table.legal[0]))
            elif table.can_hurry and table.shown is not None and table.shown.active and table.shown.active[0] == 1:
                break
        assert table.can_hurry and table.menu_button_rect is not None
        if device == "mouse":
            click(app, table.menu_button_rect.center)
        else:
            tap(app, table.menu_button_rect.center)
        assert isinstance(app.scenes.top, PauseOverlay) and table.hurries == 0
    finally:
        app.shutdown()
