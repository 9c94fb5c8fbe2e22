"""The Time After Time table after the event order of rulings TT-5/TT-6 changed (c2da2c1): when a
player draws the LAST Time card of their right-hand neighbour and nobody can place it, the emptied
neighbour takes the pile's top card at once (a refill), and only then does the drawer's card leave
the game and the drawer take a replacement from the pile; with one pile card left the neighbour
gets it and the drawer none; a win ends the game before any refill.

Each case is an arranged position (three seats: Ann, Ben, Cat; every Time card not named is out of
the game, so the pile holds exactly the cards chosen) played through a real session and the table
frame by frame, for a viewer in every role (the drawer, the emptied neighbour, the third player, a
shared screen whose hand lies veiled while a bot plays, a spectator), at normal and reduced motion.
What is watched: which hand each card flies into and from where, the pile's count and its
DRAW PILE / PILE EMPTY label at each step, the announcements, the log, the panels' card counts."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

import game.ui.table_time_after_time as table_module
from game.core.types import Action, GameConfig, SeatConfig
from game.rules.time_after_time import GHOSTS
from game.session import LocalSession
from game.ui.table_time_after_time import OUT_POS, PICK_CENTRE, PILE_POS, TimeAfterTimeTable
from game.ui.tween import MOTION
from test_time_after_time import arrange, card, row
from ui_helpers import recording_app

NAMES = ["Ann", "Ben", "Cat"]
NINE = card(9, "b")  # the card drawn: nobody can place it (RULING TT-5)
PILE = [card(22), card(18, "b"), card(21, "b")]  # the top is the last: 21H00, then 18H00, then 22H00
PNG_DIR_VARIABLE = "TT_REFILL_ORDER_PNGS"  # set it to a folder to keep the rendered frames and look at them


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        yield application


def last_card_position(drawer: int, pile_left: int) -> dict:
    """`drawer` is about to draw the only card of its right-hand neighbour, 09H00, which fits no
    row: the drawer's (06 07 08 09 10 _ _), the neighbour's (07 08 10 11 12 13 _) and the third
    player's (14 15 16 17 18 _ _) all rise past it. Every row can still be completed (no emergency
    move is offered) and nobody has won. The pile holds the top `pile_left` cards of PILE."""
    victim, third = (drawer - 1) % 3, (drawer + 1) % 3
    rows: list = [None] * 3
    hands: list = [None] * 3
    rows[drawer], hands[drawer] = row(6, 7, 8, 9, 10, None, None), [card(20)]
    rows[victim], hands[victim] = row(7, 8, 10, 11, 12, 13, None, copy="b"), [NINE]
    rows[third], hands[third] = row(14, 15, 16, 17, 18, None, None), [card(19), card(21)]
    return arrange(3, hands, rows=rows, pile_top=PILE[len(PILE) - pile_left:], turn=drawer, names=NAMES,
                   pile_empty=True)


def last_ghost_position(drawer: int, pile_left: int) -> dict:
    """The neighbour's row is full and its hand is one Ghost: drawing it wins the game for the
    neighbour (RULING TT-8), before the refill its empty hand would otherwise get (TT-6).

    With the pile empty this is a position of real play (the exhausted pile: a win, not the tie of
    an emptied hand). With cards in the pile it is not reachable - a hand holding only a Ghost is
    refilled while the pile lasts - so that position is built past the engine's invariant check, to
    show the ruling's order (the win first, no refill at all) end to end at the table."""
    victim, third = (drawer - 1) % 3, (drawer + 1) % 3
    rows: list = [None] * 3
    hands: list = [None] * 3
    rows[drawer], hands[drawer] = row(7, 9, None, None, None, None, None), [card(20)]
    rows[victim], hands[victim] = row(6, 8, 10, 12, 14, 16, 18), [GHOSTS[0]]
    rows[third], hands[third] = row(11, 13, 15, None, None, None, None), [card(19), card(21)]
    state = arrange(3, hands, rows=rows, turn=drawer, names=NAMES, pile_empty=True)
    pile = PILE[len(PILE) - pile_left:]
    state["out"] = [c for c in state["out"] if c not in pile]
    state["pile"] = list(pile)
    return state


def session_on(state: dict, humans: tuple[int, ...], spectator: bool = False) -> LocalSession:
    config = GameConfig.make("time-after-time", [SeatConfig("human" if s in humans else "bot", NAMES[s], "expert")
                                                 for s in range(3)])
    session = LocalSession(config, 1, bot_delay=0.0, spectator=spectator)
    session.state = state
    session.close()  # no bot plays on its own: the test makes the one move it watches
    session._queue_updates([], None)
    return session


@dataclass
class Role:
    """Who watches: `viewer` (None: a spectator) at a table whose people sit at `humans`."""

    name: str
    drawer: int
    viewer: int | None
    humans: tuple[int, ...]
    spectator: bool = False

    @property
    def victim(self) -> int:
        return (self.drawer - 1) % 3

    @property
    def shared(self) -> bool:
        return len(self.humans) != 1

    def you(self, seat: int, object_case: bool = False) -> str:
        """How the log and the heralds name `seat` to this viewer."""
        if seat == self.viewer and not self.shared:
            return "you" if object_case else "You"
        return NAMES[seat]


ROLES = {
    "drawer": Role("drawer", drawer=0, viewer=0, humans=(0,)),
    "neighbour": Role("neighbour", drawer=1, viewer=0, humans=(0,)),
    "third": Role("third", drawer=2, viewer=0, humans=(0,)),
    # two people at one screen, a bot draws the last card of the one looking: that hand lies veiled
    "shared-veiled": Role("shared-veiled", drawer=2, viewer=1, humans=(0, 1)),
    "spectator": Role("spectator", drawer=0, viewer=None, humans=(), spectator=True),
}


@dataclass
class Watch:
    """What the table showed, frame by frame, while one move played."""

    frames: int = 0
    # (frame, seat, sprite id, where it was made, whether it flies into that seat's hand, the event playing)
    entries: list[tuple[int, int, int, tuple[float, float], bool, str]] = field(default_factory=list)
    exits: list[tuple[int, int, int]] = field(default_factory=list)  # (frame, seat, sprite id)
    piles: list[tuple[int, str, str]] = field(default_factory=list)  # (frame, count drawn, label drawn)
    heralds: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    out_started: int | None = None  # the frame the card leaving the game set off for the box
    sprites: dict[int, object] = field(default_factory=dict)
    born: dict[int, tuple[float, float]] = field(default_factory=dict)  # where each new sprite was made
    shown_face: set[int] = field(default_factory=set)  # new sprites seen face up while the move played

    def pile_steps(self) -> list[tuple[str, str]]:
        steps: list[tuple[str, str]] = []
        for _, number, label in self.piles:
            if not steps or steps[-1] != (number, label):
                steps.append((number, label))
        return steps

    def pile_at(self, frame: int) -> tuple[str, str]:
        return next((number, label) for f, number, label in self.piles if f == frame)

    def entries_of(self, seat: int) -> list[tuple[int, int, int, tuple[float, float], bool, str]]:
        return [e for e in self.entries if e[1] == seat]


def pile_drawn(scene: TimeAfterTimeTable, monkeypatch) -> list[str]:
    """Every text the pile's corner is drawn with now: the count, DRAW PILE or PILE EMPTY, then
    OUT OF THE GAME and its hours."""
    seen: list[str] = []
    real = table_module.text_surface
    monkeypatch.setattr(table_module, "text_surface", lambda text, *a, **k: seen.append(text) or real(text, *a, **k))
    try:
        scene.draw_pile(pygame.Surface((1920, 1080), pygame.SRCALPHA))
    finally:
        monkeypatch.setattr(table_module, "text_surface", real)
    return seen


def pile_texts(scene: TimeAfterTimeTable, monkeypatch) -> tuple[str, str]:
    """The count and the label the pile is drawn with now."""
    seen = pile_drawn(scene, monkeypatch)
    number = next(t for t in seen if t.isdigit())
    label = next(t for t in seen if t in ("DRAW PILE", "PILE EMPTY"))
    return number, label


def out_hours_drawn(scene: TimeAfterTimeTable, monkeypatch) -> list[str]:
    """The hours listed OUT OF THE GAME beside the pile ("09", "18\u00d72")."""
    seen = pile_drawn(scene, monkeypatch)
    return seen[seen.index("OUT OF THE GAME") + 1:] if "OUT OF THE GAME" in seen else []


def panel_count_text(scene: TimeAfterTimeTable, seat: int, monkeypatch) -> str:
    seen: list[str] = []
    real = table_module.text_surface
    monkeypatch.setattr(table_module, "text_surface", lambda text, *a, **k: seen.append(text) or real(text, *a, **k))
    try:
        scene.draw_panel(pygame.Surface((1920, 1080), pygame.SRCALPHA), seat, scene.geometry[seat])
    finally:
        monkeypatch.setattr(table_module, "text_surface", real)
    return next(t for t in seen if t.endswith(" card") or t.endswith(" cards"))


def table_on(app, role: Role, state: dict, reduced: bool) -> tuple[TimeAfterTimeTable, LocalSession]:
    if reduced:
        app.settings.reduced_motion = True
        app.apply_motion()
    app.draw = lambda alpha: None  # frames are drawn only where a test looks at them
    session = session_on(state, role.humans, role.spectator)
    scene = TimeAfterTimeTable(app, session, viewer=role.viewer)
    app.clear_to(scene)
    app.run_frames(4, 1 / 30)
    assert scene.shown is not None and not scene.animating
    return scene, session


def watch_move(app, scene: TimeAfterTimeTable, session: LocalSession, action: Action, monkeypatch,
               snapshots: dict[str, int] | None = None, png_dir: Path | None = None) -> Watch:
    """Make `action` in the session and run the table's frames until the move has played and
    settled, recording every frame. `snapshots` (name -> frame) are drawn to `png_dir` as PNGs."""
    watch = Watch()
    log_before = len(scene.log)
    hands_before = {seat: [id(s) for s in hand] for seat, hand in scene.hands.items()}
    for hand in scene.hands.values():
        for sprite in hand:
            watch.sprites[id(sprite)] = sprite
    real_make = scene.make_sprite

    def make_sprite(card, pos, *args, **kwargs):
        sprite = real_make(card, pos, *args, **kwargs)
        watch.born[id(sprite)] = tuple(pos)
        return sprite
    monkeypatch.setattr(scene, "make_sprite", make_sprite)
    assert session._apply(action)
    quiet = 0
    for frame in range(1, 900):
        app.run_frames(1, 1 / 30)
        kind = scene.animated_events[-1] if scene.animated_events else ""
        for seat, hand in scene.hands.items():
            now = [id(s) for s in hand]
            for sprite in hand:
                if id(sprite) not in hands_before.get(seat, []):
                    watch.sprites[id(sprite)] = sprite
                    start = watch.born.get(id(sprite), tuple(sprite.pos.current))
                    # where it goes, judged by the layout of that moment (a fan may open later)
                    lands = in_hand_area(scene, seat, tuple(sprite.pos.target))
                    watch.entries.append((frame, seat, id(sprite), start, lands, kind))
            for gone in hands_before.get(seat, []):
                if gone not in now:
                    watch.exits.append((frame, seat, gone))
            hands_before[seat] = now
        if scene.shown.version < session.version:
            watch.shown_face |= {key for key in watch.born if watch.sprites.get(key) is not None
                                 and watch.sprites[key].face_up}
        for sprite in scene.leaving:
            target = sprite.pos.target
            if watch.out_started is None and math.dist(target, OUT_POS) < 1:
                watch.out_started = frame
        number, label = pile_texts(scene, monkeypatch)
        watch.piles.append((frame, number, label))
        top = scene.heralds[-1] if scene.heralds else None
        if top is not None and (not watch.heralds or watch.heralds[-1] != (top.title, tuple(top.lines))):
            watch.heralds.append((top.title, tuple(top.lines)))
        for name, at in (snapshots or {}).items():
            if at == frame and png_dir is not None:
                canvas = pygame.Surface((1920, 1080))
                scene.draw(canvas, 1.0)
                pygame.image.save(canvas, str(png_dir / f"{name}.png"))
        settled = not scene.animating and not scene.timeline and scene.shown.version == session.version
        quiet = quiet + 1 if settled else 0
        if quiet > 45:
            break
    watch.frames = frame
    watch.log = scene.log[log_before:]
    return watch


def in_hand_area(scene: TimeAfterTimeTable, seat: int, pos: tuple[float, float]) -> bool:
    """`pos` lies where `seat`'s hand is shown (its panel, or the bottom hand)."""
    geo = scene.geometry[seat]
    if seat == scene.victim and scene.fanned:  # the viewer's turn: fanned in the centre to draw from
        return abs(pos[0] - PICK_CENTRE[0]) <= 560 and abs(pos[1] - PICK_CENTRE[1]) <= 120
    if geo.panel is not None:
        return geo.panel.collidepoint(pos)
    cx, cy = geo.hand_centre
    return abs(pos[0] - cx) <= geo.hand_max_w / 2 + geo.hand_card_w and abs(pos[1] - cy) <= 80


def assert_table_at_rest_matches_the_view(scene: TimeAfterTimeTable, monkeypatch) -> None:
    view = scene.view
    for seat in range(3):
        hand = scene.hands[seat]
        assert len(hand) == view["hand_size"][seat], (seat, len(hand), view["hand_size"])
        for sprite in hand:
            assert in_hand_area(scene, seat, tuple(sprite.pos.current)), (seat, sprite.pos.current)
            assert not sprite.pos.moving
        if scene.geometry[seat].panel is not None:
            size = view["hand_size"][seat]
            assert panel_count_text(scene, seat, monkeypatch) == f"{size} card{'s' if size != 1 else ''}"
    if scene.viewer is not None and not scene.hand_veiled():
        assert [s.key for s in scene.hands[scene.viewer]] == view["hand"]
    count = view["draw_count"]
    assert pile_texts(scene, monkeypatch) == (str(count), "DRAW PILE" if count else "PILE EMPTY")
    assert out_hours_drawn(scene, monkeypatch) == [image_text for image_text in expected_out_hours(view["out_of_game"])]
    assert scene.pending is None and not scene.leaving


def expected_out_hours(out: list[str]) -> list[str]:
    copies: dict[int, int] = {}
    for gone in out:
        copies[int(gone[3:5])] = copies.get(int(gone[3:5]), 0) + 1
    return [f"{hour:02d}\u00d72" if n > 1 else f"{hour:02d}" for hour, n in sorted(copies.items())]


def motion_id(reduced: bool) -> str:
    return "reduced" if reduced else "normal"


# --- the last card of the neighbour leaves the game: refill first, then the drawer's card ------------------
@pytest.mark.parametrize("reduced", [False, True], ids=motion_id)
@pytest.mark.parametrize("pile_left", [3, 2, 1, 0])
@pytest.mark.parametrize("role", list(ROLES))
def test_the_emptied_neighbour_is_refilled_before_the_drawers_card_leaves_and_is_replaced(app, monkeypatch, role,
                                                                                         pile_left, reduced):
    role = ROLES[role]
    drawer, victim = role.drawer, role.victim
    third = (drawer + 1) % 3
    scene, session = table_on(app, role, last_card_position(drawer, pile_left), reduced)
    before = {seat: len(scene.hands[seat]) for seat in range(3)}
    assert pile_texts(scene, monkeypatch) == (
        str(pile_left), "DRAW PILE" if pile_left else "PILE EMPTY")
    victims_cards = [id(s) for s in scene.hands[victim]]

    watch = watch_move(app, scene, session, Action.make(drawer, "draw", position=0), monkeypatch)

    state = session.state
    refills = [e for e in scene.animated_events if e == "refill"]
    # the engine's order (the ruling) reached the table as it is
    neighbour_gets, drawer_gets = pile_left >= 1, pile_left >= 2
    assert len(refills) == int(neighbour_gets) + int(drawer_gets)

    # -- every card flies into the right hand, once, from the right place --------------------------------
    assert [(seat, sprite) for _, seat, sprite in watch.exits] == [(victim, victims_cards[0])], \
        "only the neighbour's one card leaves a hand"
    assert not watch.entries_of(third), "nothing flies to the third player"
    into_victim, into_drawer = watch.entries_of(victim), watch.entries_of(drawer)
    assert len(into_victim) == int(neighbour_gets), into_victim
    assert len(into_drawer) == int(drawer_gets), into_drawer
    for frame, seat, _, start, lands, kind in into_victim + into_drawer:
        assert kind == "refill"
        assert math.dist(start, PILE_POS) < 2, "a refill card sets off from the pile"
        assert lands, f"the card for seat {seat} flies into that seat's hand"
    # -- in the ruling's order: the neighbour's card, then the drawer's card leaves, then its replacement --
    assert watch.out_started is not None, "the card nobody can place leaves the game"
    if neighbour_gets:
        assert into_victim[0][0] < watch.out_started
    if drawer_gets:
        assert watch.out_started < into_drawer[0][0]

    # -- the pile counts down at each card it gives, and says PILE EMPTY the moment it is --------------------
    expected = [(str(n), "DRAW PILE" if n else "PILE EMPTY")
                for n in range(pile_left, pile_left - 1 - int(neighbour_gets) - int(drawer_gets), -1)]
    assert watch.pile_steps() == expected
    if neighbour_gets:
        n = pile_left - 1
        assert watch.pile_at(into_victim[0][0]) == (str(n), "DRAW PILE" if n else "PILE EMPTY")
    if drawer_gets:
        n = pile_left - 2
        assert watch.pile_at(into_drawer[0][0]) == (str(n), "DRAW PILE" if n else "PILE EMPTY")

    # -- the announcements, in order, with the right names -------------------------------------------------
    drawer_name, victim_name = role.you(drawer), role.you(victim)
    titles = [title for title, _ in watch.heralds]
    assert titles[0] == "09H00" and watch.heralds[0][1][-1] == f"{drawer_name} drew it from {role.you(victim, True)}."
    expect_titles = ["09H00"]
    if neighbour_gets:
        expect_titles.append("THE PILE'S LAST CARD" if pile_left == 1 else "FROM THE PILE")
        refill_lines = watch.heralds[1][1]
        assert refill_lines == (("You have no Time card left and draw from the pile." if victim_name == "You"
                                 else f"{victim_name} has no Time card left and draws from the pile."),)
    expect_titles.append("CAN ANYONE PLACE 09H00?")
    if pile_left == 0:
        expect_titles.append("A TIE")
    assert titles == expect_titles, watch.heralds
    out_lines = dict(watch.heralds)["CAN ANYONE PLACE 09H00?"]
    draws = f"{drawer_name} draw{'' if drawer_name == 'You' else 's'}"
    then = {3: f"{draws} from the pile instead.", 2: f"{draws} the pile's last card.",
            1: f"{victim_name} took the pile's last card: none for {role.you(drawer, True)}.",
            0: "The pile is empty: no card to draw."}[pile_left]
    assert out_lines == ("Nobody can: it leaves the game.", then)

    # -- the log, in the new order --------------------------------------------------------------------------
    secret = role.viewer == victim and not role.shared  # only the neighbour itself learns its pile card
    last = ": it was the last one, the pile is empty"
    lines = [f"{drawer_name} drew 09H00 from {role.you(victim, True)}"]
    if neighbour_gets:
        what = "21H00" if secret else "a card"
        lines.append(f"{victim_name} had no Time card left and drew {what} from the pile"
                     + (last if pile_left == 1 else ""))
    lines.append("Nobody could place 09H00: it leaves the game"
                 + (f"; the pile is empty: no card for {role.you(drawer, True)}" if pile_left <= 1 else ""))
    if drawer_gets:
        what = "18H00" if role.viewer == drawer and not role.shared else "a card"
        lines.append(f"{drawer_name} drew {what} from the pile" + (last if pile_left == 2 else ""))
    if pile_left == 0:
        lines.append("The game is over: a tie (the draw pile is empty and a hand emptied)")
    assert watch.log == lines

    # -- at rest: the engine's view, on every panel --------------------------------------------------------------
    assert state["hands"][victim] == ([card(21, "b")] if neighbour_gets else [])
    assert len(state["hands"][drawer]) == 1 + int(drawer_gets)
    assert_table_at_rest_matches_the_view(scene, monkeypatch)
    assert scene.view["hand_size"][third] == before[third] == 2
    assert NINE in scene.view["out_of_game"]
    assert (scene.game_over is (pile_left == 0)) and scene.winner_seat is None


@pytest.mark.parametrize("reduced", [False, True], ids=motion_id)
def test_a_veiled_hand_at_a_shared_screen_gets_its_refill_face_down(app, monkeypatch, reduced):
    """Two people at one screen and a bot draws Ben's last card while Ben's hand lies veiled: the
    refill card flies in face down and stays so (nobody else at the screen may see it)."""
    role = ROLES["shared-veiled"]
    scene, session = table_on(app, role, last_card_position(role.drawer, 2), reduced)
    assert scene.hand_veiled()
    watch = watch_move(app, scene, session, Action.make(role.drawer, "draw", position=0), monkeypatch)
    (entry,) = watch.entries_of(role.victim)
    assert entry[2] not in watch.shown_face, "the veiled hand's refill card showed its face"
    assert not any("21H00" in line for line in scene.log)


def test_the_pile_and_the_out_of_game_hours_follow_the_move_not_the_view_before_it(app, monkeypatch):
    """The view shown while a move plays is the one before it: the pile read 2 while both its cards
    flew to the two hands, then jumped to 0; the hour leaving the game was listed only at the end."""
    role = ROLES["drawer"]
    scene, session = table_on(app, role, last_card_position(role.drawer, 2), False)
    watch = watch_move(app, scene, session, Action.make(0, "draw", position=0), monkeypatch)
    (into_drawer,) = watch.entries_of(0)
    assert watch.pile_at(into_drawer[0]) == ("0", "PILE EMPTY")
    assert scene.view["draw_count"] == 0


@pytest.mark.parametrize("role", ["drawer", "neighbour", "third"])
def test_with_one_pile_card_the_announcement_says_the_neighbour_took_it_and_the_drawer_gets_none(app, monkeypatch,
                                                                                             role):
    """The herald of the card leaving the game read the pile's count from the view before the move:
    with one card it said "You draw the pile's last card." - but the emptied neighbour had just
    taken it (RULING TT-6 first), and the drawer got nothing."""
    role = ROLES[role]
    scene, session = table_on(app, role, last_card_position(role.drawer, 1), False)
    watch = watch_move(app, scene, session, Action.make(role.drawer, "draw", position=0), monkeypatch)
    lines = dict(watch.heralds)["CAN ANYONE PLACE 09H00?"]
    assert lines[1] == f"{role.you(role.victim)} took the pile's last card: none for {role.you(role.drawer, True)}."
    assert not any("draw the pile's last card" in line or "draws the pile's last card" in line
                   for _, herald in watch.heralds for line in herald)


@pytest.mark.parametrize("pile_left", [1, 0])
def test_the_log_says_the_drawer_gets_no_card_when_the_pile_is_empty_at_the_discard(app, monkeypatch, pile_left):
    """"Nobody could place 09H00: it leaves the game" and then nothing: the log did not say that
    the drawer took no card instead (RULING TT-5 with the pile emptied, maybe by the neighbour)."""
    role = ROLES["neighbour"]
    scene, session = table_on(app, role, last_card_position(role.drawer, pile_left), False)
    watch = watch_move(app, scene, session, Action.make(role.drawer, "draw", position=0), monkeypatch)
    assert "Nobody could place 09H00: it leaves the game; the pile is empty: no card for Ben" in watch.log
    hot = ROLES["shared-veiled"]
    scene, session = table_on(app, hot, last_card_position(hot.drawer, pile_left), False)
    watch = watch_move(app, scene, session, Action.make(hot.drawer, "draw", position=0), monkeypatch)
    assert "Nobody could place 09H00: it leaves the game; the pile is empty: no card for Cat" in watch.log


def test_the_hour_out_of_the_game_is_listed_when_the_card_gets_there_before_the_move_ends(app, monkeypatch):
    role = ROLES["drawer"]
    scene, session = table_on(app, role, last_card_position(role.drawer, 3), False)
    listed: list[int] = []
    real_update = scene.update_table

    def update_table(dt: float) -> None:
        real_update(dt)
        if "09" in out_hours_drawn(scene, monkeypatch) and scene.shown.version < session.version:
            listed.append(len(scene.animated_events))
    monkeypatch.setattr(scene, "update_table", update_table)
    watch_move(app, scene, session, Action.make(0, "draw", position=0), monkeypatch)
    assert listed, "09H00 is listed out of the game while the move still plays"
    assert min(listed) == scene.animated_events.index("discard_out") + 1  # as it leaves, before the replacement


# --- a win ends the game before any refill ---------------------------------------------------------------
@pytest.mark.parametrize("reduced", [False, True], ids=motion_id)
@pytest.mark.parametrize("pile_left", [0, 2])
@pytest.mark.parametrize("role", ["drawer", "neighbour", "third", "spectator"])
def test_drawing_the_last_ghost_of_a_full_row_wins_for_its_owner_and_nobody_refills(app, monkeypatch, role, pile_left,
                                                                                  reduced):
    role = ROLES[role]
    drawer, victim = role.drawer, role.victim
    scene, session = table_on(app, role, last_ghost_position(drawer, pile_left), reduced)
    watch = watch_move(app, scene, session, Action.make(drawer, "draw", position=0), monkeypatch)
    assert session.state["winner"] == victim
    assert "refill" not in scene.animated_events
    assert scene.animated_events[-3:] == ["draw", "win", "game_over"]
    assert not watch.entries_of(victim), "no card flies to the winner's emptied hand"
    assert [e[1] for e in watch.entries] == [drawer], "the Ghost goes to the drawer, nothing else moves"
    assert watch.pile_steps() == [(str(pile_left), "DRAW PILE" if pile_left else "PILE EMPTY")]
    winner = "YOU WIN!" if victim == role.viewer else f"{NAMES[victim]} WINS!"
    titles = [title for title, _ in watch.heralds]
    assert titles == ["A GHOST!", winner], watch.heralds
    owner = "your" if victim == role.viewer else f"{NAMES[victim]}'s"
    assert dict(watch.heralds)[winner][0] == f"{role.you(drawer)} drew {owner} last Ghost."
    name = role.you(victim)
    taker = role.you(drawer, True)
    assert watch.log[-1] == (f"You won: {taker} drew the last Ghost from your full row" if name == "You"
                             else f"{name} won: {taker} drew the last Ghost from {name}'s full row")
    assert not any("from the pile" in line for line in watch.log)
    assert_table_at_rest_matches_the_view(scene, monkeypatch)
    assert scene.view["hand_size"][victim] == 0


# --- frames to look at -------------------------------------------------------------------------------------
def test_render_the_one_card_left_and_the_win_before_refill_moments(app, monkeypatch, tmp_path):
    """Frames for a person to look at (set TT_REFILL_ORDER_PNGS to a folder to keep them): the
    neighbour takes the pile's last card, the drawer's card leaves with PILE EMPTY and none comes,
    the table at rest; a win with the pile empty and one with cards left in it (the count stays).
    It checks that each frame was drawn, not its looks (the other tests check what it shows)."""
    png_dir = Path(os.environ.get(PNG_DIR_VARIABLE) or tmp_path)
    png_dir.mkdir(parents=True, exist_ok=True)
    scene, session = table_on(app, ROLES["drawer"], last_card_position(0, 1), False)
    names = {"one-left-1-drawn": 20, "one-left-2-neighbour-refill": 40, "one-left-3-leaves": 75}
    watch_move(app, scene, session, Action.make(0, "draw", position=0), monkeypatch, names, png_dir)
    canvas = pygame.Surface((1920, 1080))
    scene.draw(canvas, 1.0)
    pygame.image.save(canvas, str(png_dir / "one-left-4-settled.png"))
    written = list(names) + ["one-left-4-settled"]
    for pile_left in (0, 2):
        scene, session = table_on(app, ROLES["third"], last_ghost_position(2, pile_left), False)
        shots = {f"win-pile-{pile_left}-ghost": 25, f"win-pile-{pile_left}-wins": 70}
        watch_move(app, scene, session, Action.make(2, "draw", position=0), monkeypatch, shots, png_dir)
        written += list(shots)
    for name in written:
        image = pygame.image.load(str(png_dir / f"{name}.png"))
        assert image.get_size() == (1920, 1080), name
