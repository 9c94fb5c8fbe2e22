"""Monkey tests: seeded random input of every device (keys, mouse clicks, drags, wheel, right clicks,
touch in normalised coordinates, gamepad buttons and sticks of several pads, window resizes, typed
text) into a headless App from each kind of screen. Each run must end without an exception, without
an ERROR in the log and without scenes piling up. A failing seed replays exactly.

Nothing here reaches the network: LAN discovery and announcing are off (they raise if tried), and a
typed address is always dialled on 127.0.0.1 at a closed port.
"""

from __future__ import annotations

import logging
import random

import pygame
import pytest

from game.core.engine import fit_options
from game.core.registry import find_game
from game.core.types import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.app import App
from game.ui.settings import Settings
from game.ui.table_base import TableSceneBase
from game.ui.tables import table_scene_for
from game.ui.tween import MOTION
from ui_helpers import frames, key

FRAME = 1 / 60
KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_q, pygame.K_e, pygame.K_PAGEUP,
        pygame.K_PAGEDOWN, pygame.K_F11, pygame.K_p, pygame.K_F10, pygame.K_a, pygame.K_d, pygame.K_x)
# Enter and the arrows most often, so a run gets past menus and into moves
WEIGHTED_KEYS = KEYS + (pygame.K_RETURN,) * 6 + (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_UP) * 3
WINDOW_SIZES = ((1920, 1080), (1280, 720), (1024, 768), (800, 600), (2560, 1080))


class Monkey:
    """Posts a frame's worth of random events; presses, drags and held buttons end on later frames."""

    def __init__(self, rng: random.Random, app: App, escape_odds: float = 0.3) -> None:
        self.rng = rng
        self.app = app
        self.escape_odds = escape_odds  # lower: fewer Escapes/B presses, so tables are played, not left
        self.later: list[list[pygame.event.Event]] = []

    def _at(self, frame: int, *events: pygame.event.Event) -> None:
        while len(self.later) <= frame:
            self.later.append([])
        self.later[frame].extend(events)

    def _window_pos(self) -> tuple[int, int]:
        width, height = self.app.letterbox.window
        return self.rng.randrange(-20, width + 20), self.rng.randrange(-20, height + 20)

    def post(self) -> None:
        for event in self.later.pop(0) if self.later else []:
            pygame.event.post(event)
        r = self.rng
        if r.random() < 0.45:
            return
        E = pygame.event.Event
        roll = r.random()
        if roll < 0.40:
            code = r.choice(WEIGHTED_KEYS)
            if code == pygame.K_ESCAPE and r.random() > self.escape_odds:
                code = pygame.K_RETURN
            mod = r.choice((0,) * 12 + (pygame.KMOD_SHIFT, pygame.KMOD_ALT))
            pygame.event.post(E(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
            self._at(r.randrange(0, 30), E(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))
        elif roll < 0.45:
            pygame.event.post(E(pygame.TEXTINPUT, text=r.choice("aZ 7-.é漢🙂")))
        elif roll < 0.65:
            start, end = self._window_pos(), self._window_pos()
            what = r.random()
            if what < 0.3:
                pygame.event.post(E(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
            elif what < 0.75:
                pygame.event.post(E(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
                steps = r.choice((0, 0, 3, 12))
                for i in range(1, steps + 1):
                    point = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
                    self._at(i, E(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1, 0, 0)))
                self._at(steps + 1, E(pygame.MOUSEBUTTONUP, pos=end if steps else start, button=1))
            elif what < 0.88:
                pygame.event.post(E(pygame.MOUSEWHEEL, x=0, y=r.choice((-2, -1, 1, 3)), flipped=False))
            else:
                button = r.choice((2, 3, 3))
                pygame.event.post(E(pygame.MOUSEBUTTONDOWN, pos=start, button=button))
                pygame.event.post(E(pygame.MOUSEBUTTONUP, pos=start, button=button))
        elif roll < 0.80:
            common = dict(touch_id=1, finger_id=r.choice((0, 1, 2)), dx=0.0, dy=0.0, pressure=1.0, window_id=0)
            x, y = r.uniform(-0.05, 1.05), r.uniform(-0.05, 1.05)
            x2, y2 = r.random(), r.random()
            pygame.event.post(E(pygame.FINGERDOWN, x=x, y=y, **common))
            steps = r.choice((0, 0, 4, 10))
            for i in range(1, steps + 1):
                self._at(i, E(pygame.FINGERMOTION, x=x + (x2 - x) * i / steps, y=y + (y2 - y) * i / steps, **common))
            self._at(steps + 1, E(pygame.FINGERUP, x=x2 if steps else x, y=y2 if steps else y, **common))
        elif roll < 0.97:
            pad = r.choice((0, 0, 1, 2, 5))
            if r.random() < 0.7:
                button = r.choice((0, 0, 0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14))
                if button == 1 and r.random() > self.escape_odds:
                    button = 0
                pygame.event.post(E(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=pad))
                self._at(r.randrange(0, 40), E(pygame.CONTROLLERBUTTONUP, button=button, instance_id=pad))
            else:
                axis = r.choice((0, 1, 0, 1, 2, 4))
                pygame.event.post(E(pygame.CONTROLLERAXISMOTION, axis=axis, value=r.choice((-32768, -9000, 20000, 32767)),
                                    instance_id=pad))
                self._at(r.randrange(1, 40), E(pygame.CONTROLLERAXISMOTION, axis=axis, value=0, instance_id=pad))
        elif roll < 0.985:
            pygame.event.post(E(pygame.CONTROLLERDEVICEREMOVED, instance_id=r.choice((0, 1, 5))))
        else:
            size = r.choice(WINDOW_SIZES)
            pygame.display.set_mode(size)
            pygame.event.post(E(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


class ErrorLog(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def offline(data_dir, monkeypatch):
    """No zeroconf, no address but loopback, bots in this process; settings saved to a temp dir."""
    import game.ui.lobby as lobby
    import game.ui.lobby_host as lobby_host

    monkeypatch.setenv("TABLETIME_SEARCH_PROCESSES", "0")

    def no_discovery(*_args, **_kwargs):
        raise OSError("monkey test: discovery stays off")

    monkeypatch.setattr(lobby, "default_browser", no_discovery)
    monkeypatch.setattr(lobby_host, "TableAdvertiser", no_discovery)
    real_lobby_init = lobby.LobbyScene.__init__

    def lobby_offline(self, app=None, lan=None, browser_factory=None):
        quiet = lobby_host.LanOptions(discovery=False, port=0, interfaces=["127.0.0.1"], reconnect_window=0.5,
                                      connect_timeout=0.5, bot_delay=0.0)
        real_lobby_init(self, app, quiet, browser_factory)

    monkeypatch.setattr(lobby.LobbyScene, "__init__", lobby_offline)
    real_remote = lobby.RemoteSession

    def loopback_only(_address, _port, **kwargs):
        return real_remote("127.0.0.1", 9, **kwargs)  # the discard port: nobody listens, so it fails fast

    monkeypatch.setattr(lobby, "RemoteSession", loopback_only)
    handler = ErrorLog()
    logging.getLogger().addHandler(handler)
    yield handler
    logging.getLogger().removeHandler(handler)
    MOTION.speed, MOTION.reduced = 1.0, False


def new_app() -> App:
    pygame.init()
    pygame.event.clear()
    MOTION.speed, MOTION.reduced = 1.0, False
    return App(Settings(), headless=True, size=(1920, 1080), windowed=True)


def table(app: App, game: str, kinds: str, seed: int) -> TableSceneBase:
    """`kinds`: one letter a seat, "h" a person here, "b" an easy bot."""
    engine = find_game(game)
    seats = [SeatConfig("human", f"P{i + 1}") if k == "h" else SeatConfig("bot", f"Bot {i + 1}", "easy")
             for i, k in enumerate(kinds)]
    options, _ = fit_options(engine.options, [s.kind for s in seats], {o.name: o.default for o in engine.options})
    session = LocalSession(GameConfig.make(game, seats, **options), seed, bot_delay=0.0,
                           spectator=all(s.kind == "bot" for s in seats))
    return table_scene_for(game)(app, session)


def start(app: App, kind: str, game: str, seed: int) -> None:
    """Put the screen `kind` on top of a title screen."""
    from game.ui.lobby import LobbyScene
    from game.ui.picker import GamePickerScene
    from game.ui.rules import RulesScene
    from game.ui.settings_scene import BindingRow, SettingsScene
    from game.ui.setup import SeatSetupScene
    from game.ui.title import TitleScene
    from game.ui.widgets import TextEntry

    app.clear_to(TitleScene(app))
    if kind == "picker":
        app.push(GamePickerScene(app))
    elif kind in ("setup", "osk"):
        setup = SeatSetupScene(app, game)
        app.push(setup)
        if kind == "osk":
            setup.open_keyboard(next(w for w in setup.group.widgets if isinstance(w, TextEntry)))
    elif kind in ("settings", "rebind"):
        settings = SettingsScene(app)
        app.push(settings)
        if kind == "rebind":
            rows = [w for w in settings.group.widgets if isinstance(w, BindingRow)]
            settings.capture(rows[seed % len(rows)], "key" if seed % 2 else "pad")
    elif kind == "rules":
        app.push(RulesScene(app, game))
    elif kind in ("lobby", "address"):
        lobby = LobbyScene(app)
        app.push(lobby)
        if kind == "address":
            lobby.ask_address()
    elif kind in ("table", "curtain", "pause", "watch"):
        kinds = {"table": "hb", "curtain": "hhb", "pause": "hb", "watch": "bb"}[kind]
        engine = find_game(game)
        kinds = kinds[:engine.max_seats] if len(kinds) >= engine.min_seats else kinds + "b"
        scene = table(app, game, kinds, seed)
        app.push(scene)
        if kind == "pause":
            frames(app, 2)
            scene._pause()
    elif kind == "results":
        from main import seeded_session

        app.push(table_scene_for(game)(app, seeded_session(game, 2, seed, finished=True)))
        for _ in range(400):
            frames(app, 1)
            if type(app.scenes.top).__name__ == "ResultsScene":
                break
        assert type(app.scenes.top).__name__ == "ResultsScene"


def monkey_run(kind: str, game: str, seed: int, steps: int, errors: ErrorLog) -> None:
    rng = random.Random(f"{kind}/{game}/{seed}")
    app = new_app()
    start(app, kind, game, seed)
    monkey = Monkey(rng, app, escape_odds=0.1 if kind in ("table", "curtain", "watch") else 0.3)
    draw = app.draw
    try:
        for frame in range(steps):
            monkey.post()
            app.draw = draw if frame % 4 == 0 else (lambda _alpha: None)  # every 4th frame drawn: quick
            app.step(FRAME)
            where = f"{kind}/{game} seed {seed}, frame {frame}"
            assert not errors.records, f"{where}: {errors.records[0].getMessage()}"
            assert len(app.scenes) <= 7, f"{where}: {[type(s).__name__ for s in app.scenes.scenes]}"
            if not app.scenes.scenes or not app.running:  # Quit on the title: start over
                app.running = True
                start(app, kind, game, seed)
    finally:
        app.shutdown()


CARD_GAMES = ("lost-cities", "lost-in-time", "time-after-time", "labyrinth")


@pytest.mark.parametrize("kind,game", [
    ("title", "lost-cities"), ("picker", "lost-cities"), ("setup", "lost-in-time"), ("setup", "labyrinth"),
    ("settings", "lost-cities"), ("rebind", "lost-cities"), ("rules", "time-after-time"), ("osk", "lost-cities"),
    ("lobby", "lost-cities"), ("address", "lost-cities"), ("results", "labyrinth"),
    *[("table", g) for g in CARD_GAMES], *[("curtain", g) for g in CARD_GAMES], ("pause", "lost-cities"),
    ("watch", "time-after-time"),
])
def test_monkey_keeps_every_screen_alive(kind: str, game: str, offline: ErrorLog) -> None:
    """A few hundred frames of random input of every device end without an exception, an ERROR in the
    log or scenes piling up (a few seeds of the long runs made in session 7, kept short)."""
    monkey_run(kind, game, seed=7, steps=160, errors=offline)


def test_typing_ends_when_the_name_field_goes_away(offline: ErrorLog) -> None:
    """Typing a seat's name, a gamepad wakes (the setup screen rebuilds for its pad badges): the field
    being typed into is gone, and typing mode must go with it. Before, the arrow keys, Q/E, the page
    keys and P stayed swallowed on every later screen, tables included (found by the monkey)."""
    from game.ui.setup import SeatNameEntry, SeatSetupScene

    app = new_app()
    setup = SeatSetupScene(app, "lost-cities")
    app.push(setup)
    frames(app, 2)
    setup.set_who(1, "human")
    setup.group.focus = next(i for i, w in enumerate(setup.group.widgets) if isinstance(w, SeatNameEntry))
    key(app, pygame.K_RETURN)
    assert setup.group.focused.editing and app.input.text_mode
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_GUIDE,
                                         instance_id=3))
    frames(app, 2)
    assert not any(getattr(w, "editing", False) for w in setup.group.widgets)  # rebuilt with the badges
    assert not app.input.text_mode
    right = app.input.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)])
    assert [i.kind for i in right] == ["right"]
    app.shutdown()


def test_typing_an_address_keeps_typing_mode(offline: ErrorLog) -> None:
    """The address screen types without a name field: its typing mode is its own until it closes."""
    from game.ui.lobby import LobbyScene

    app = new_app()
    lobby = LobbyScene(app)
    app.push(lobby)
    lobby.ask_address()
    frames(app, 3)
    assert app.input.text_mode
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is lobby and not app.input.text_mode
    app.shutdown()


def test_escape_gives_up_waiting_for_a_gamepad_button(offline: ErrorLog) -> None:
    """A binding row waiting for a gamepad button (its pad then unplugged) took no key at all: Esc did
    nothing and a keyboard player could not leave the settings. Esc cancels now,
    and the next Esc leaves the screen as usual."""
    from game.ui.settings_scene import BindingRow, SettingsScene
    from game.ui.title import TitleScene

    app = new_app()
    app.push(TitleScene(app))
    settings = SettingsScene(app)
    app.push(settings)
    frames(app, 2)
    row = next(w for w in settings.group.widgets if isinstance(w, BindingRow) and w.intent == "confirm")
    before = dict(app.settings.pad_bindings)
    settings.capture(row, "pad")
    key(app, pygame.K_ESCAPE)
    assert settings.capturing is None and app.input.capture is None and row.waiting is None
    assert app.settings.pad_bindings == before and app.scenes.top is settings
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TitleScene)
    app.shutdown()


def test_a_press_after_a_lost_release_is_a_tap_again() -> None:
    """A drag whose finger-up never arrived left the finger 'dragging': its next press sent drag_move
    and drag_end without a drag_start, so a tap was a drop (and a table got a drop it never lifted)."""
    from game.ui.input import InputMapper

    pygame.init()
    mapper = InputMapper(Settings())
    common = dict(touch_id=1, finger_id=4, dx=0.0, dy=0.0, pressure=1.0, window_id=0)
    E = pygame.event.Event
    mapper.feed([E(pygame.FINGERDOWN, x=0.2, y=0.2, **common), E(pygame.FINGERMOTION, x=0.5, y=0.5, **common)])
    taps = mapper.feed([E(pygame.FINGERDOWN, x=0.7, y=0.7, **common), E(pygame.FINGERUP, x=0.7, y=0.7, **common)])
    assert [i.kind for i in taps] == ["point", "release"]


def test_recovering_from_a_failed_screen_stops_waiting_for_a_binding(offline: ErrorLog) -> None:
    """A screen that failed while its binding row waited for a key: the title it falls back to must
    get the next key (before, that key went to the vanished row and was lost)."""
    from game.ui.settings_scene import SettingsScene
    from game.ui.title import TitleScene

    app = new_app()
    app.push(SettingsScene(app))
    app.input.capture = "key"
    app._recover()
    assert isinstance(app.scenes.top, TitleScene) and app.input.capture is None and not app.input.text_mode
    app.toasts.items.clear()
    app.shutdown()


def test_lost_in_time_arrows_after_a_card_went_to_the_discard_target(offline: ErrorLog) -> None:
    """A card staged on the discard leaves the focus on the one-element target ("discard",); an arrow
    then read its second element and the table crashed (found by the monkey, seed 804406700)."""
    app = new_app()
    scene = table(app, "lost-in-time", "hb", 804406700)
    app.push(scene)
    for _ in range(600):
        frames(app, 1)
        if scene.can_act:
            break
    assert scene.can_act
    for direction in ("up", "left", "right", "down"):
        scene.selected, scene.focus = None, ("discard",)
        scene.move_focus(direction)
        assert not offline.records
    hand = scene.board.hands[scene.me]
    scene.selected, scene.focus = None, ("discard",)
    scene.move_focus("right")
    assert scene.focus == ("hand", hand[min(len(hand) - 1, len(hand) // 2 + 1)])
    app.shutdown()
