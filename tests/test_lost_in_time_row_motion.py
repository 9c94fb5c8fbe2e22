"""Lost in Time's compact row faces in motion. A card leaving the hand swapped from the hand's face
(year in the middle, title at the foot, era pill) to the compact one (big year at the top, large
title, chips in the top row) between two frames once it had shrunk to 130 px; a row that narrowed as
it grew swapped every card's face the same way, and past 90 px its cards lost their shadows at once.
Now the old face fades into the new one while the card changes size, and every card on the felt keeps
its shadow. A card read large closes when its card flies to another place (it jumped across the
table after it) and when the turn comes to the person who read it with the keys; mouse and touch
players are told how to read a card too."""

from __future__ import annotations

import pygame
import pytest

from game.core.types import Event
from game.rules.lost_in_time import CARDS
from game.ui.sprites import CardSprite
from game.ui.table_lost_in_time import LOOK_DELAY, LostInTimeTable, TableCardSprite
from test_lost_in_time_legible_table import card_facts, move_mouse, played_session
from test_spectator_seat import words_drawn
from test_ui_table_lost_in_time import app, key, settle, table_for  # noqa: F401

MAX_STEP = 0.45  # the most the new face's share may grow in one 60 Hz frame (a swap is 1.0)


Shot = tuple[pygame.Surface | None, tuple | None, int, bool]


def shot(sprite: TableCardSprite) -> Shot:
    """What the sprite hands to draw() now: its face and the face laid over it (with its share of the
    opacity), its drawn width and whether it casts a shadow."""
    scale = float(sprite.scale.current)
    return sprite.shown_image(scale)[0], sprite.cover_image(scale), sprite.draw_rect().width, sprite.shadow is not None


def follow(app, scene: LostInTimeTable, keys: list[str], start: dict[str, Shot], frames: int = 50
           ) -> dict[str, list[tuple[float, int, bool]]]:
    """From the shots `start` taken before the move, frame by frame: (share of the card's final face
    in what is drawn, drawn width, has a shadow)."""
    raw: dict[str, list[Shot]] = {k: [start[k]] for k in keys}
    for _ in range(frames):
        app.run_frames(1, 1 / 60)
        for k in keys:
            raw[k].append(shot(scene.sprites[k]))
    out: dict[str, list[tuple[float, int, bool]]] = {}
    for k in keys:
        final = scene.sprites[k].compact
        assert final is not None
        rows = []
        for image, cover, width, shadow in raw[k]:
            share = 1.0 if image is final else 0.0
            if cover is not None:
                over = min(1.0, cover[2])
                share = share * (1 - over) + (over if cover[0] is final else 0.0)
            rows.append((share, width, shadow))
        out[k] = rows
    return out


def assert_smooth(track: list[tuple[float, int, bool]], what: str) -> None:
    shares = [share for share, _w, _s in track]
    assert shares[-1] == 1.0, what  # it ends on its own face alone (sharp, at scale 1)
    steps = [b - a for a, b in zip(shares, shares[1:])]
    assert max(abs(s) for s in steps) <= MAX_STEP, (what, [round(s, 2) for s in shares])


def learn(scene: LostInTimeTable, card: str) -> None:
    scene.facts[card] = card_facts(card)


def free_events(scene: LostInTimeTable) -> list[str]:
    board = scene.board
    used = {k for rows in (board.timelines, board.hands) for row in rows for k in row}
    used |= set(board.discard) | set(board.side)
    return sorted((c for c in CARDS if c not in used and CARDS[c].kind == "event"), key=lambda c: CARDS[c].year)


def hand_a_disaster(app, scene: LostInTimeTable) -> str:  # noqa: F811
    """Put a Disaster no one holds into the viewer's hand, in place of its first card."""
    card = next(c for c in CARDS if CARDS[c].kind == "disaster" and c not in scene.board.side
                and all(c not in row for row in scene.board.timelines) and c not in scene.board.discard)
    learn(scene, card)
    hand = scene.board.hands[0]
    scene.sprites.pop(hand[0])
    hand[0] = card
    scene.relayout(instant=True)
    app.run_frames(2, 1 / 60)
    return card


@pytest.fixture
def table(app):  # noqa: F811
    def make(seats: int, moves: int = 3) -> LostInTimeTable:
        scene = table_for(app, played_session(seats, moves))
        settle(app, scene)
        scene.session.bot_delay = 1000.0  # the bots wait: the test moves the cards
        return scene
    return make


# --- faces ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [3, 6])
@pytest.mark.parametrize("where", ["timeline", "discard"])
def test_a_card_leaving_the_hand_fades_into_its_row_face(app, table, seats, where):  # noqa: F811
    """The hand's face gives way to the compact face a little each frame as the card shrinks to its
    row or pile size (it swapped in one frame at 130 px before), and ends on the compact face alone."""
    scene = table(seats)
    card = scene.board.hands[0][0]
    sprite = scene.sprites[card]
    assert isinstance(sprite, TableCardSprite) and sprite.compact is None
    start = {card: shot(sprite)}
    if where == "timeline":
        scene._on_place(Event.make("place", seat=0, card=card, end="right", to="timeline"))
    else:
        scene._on_discard(Event.make("discard", seat=0, cards=[card]))
    track = follow(app, scene, [card], start)[card]
    assert track[0][0] == 0.0 and track[1][0] < 0.5  # it leaves the hand with the hand's face
    assert any(0.2 < share < 0.8 for share, _w, _s in track)  # both faces show on the way
    assert_smooth(track, card)
    assert sprite._fade is None and sprite.shown_image(float(sprite.scale.current)) == (sprite.compact, 1.0)


def test_a_played_disaster_fades_into_its_side_pile_face(app, table):  # noqa: F811
    """Thrown at its victim with the hand's face, the Disaster shrinks onto the side pile."""
    scene = table(3)
    card = hand_a_disaster(app, scene)
    start = {card: shot(scene.sprites[card])}
    scene._on_disaster(Event.make("disaster", seat=0, target=scene.seat_order()[0], card=card, skips=1, to="side"))
    track = follow(app, scene, [card], start, 90)[card]  # the throw, the landing, the pause, the side pile
    assert card == scene.board.side[-1]
    assert any(0.2 < share < 0.8 for share, _w, _s in track)
    assert_smooth(track, card)


@pytest.mark.parametrize("seats,panel", [(6, 0), (3, -1)])
def test_a_narrowing_row_fades_every_card_and_keeps_its_shadow(app, table, seats, panel):  # noqa: F811
    """A card added to a full row narrows all its cards (an opponent's from 96 to 86 px at six seats,
    the viewer's from 112 px to 100 when a ninth would not fit): each card's drawing fades into the
    face of its new width as it shrinks, its width never jumps, and it keeps its shadow (cards under
    90 px dropped it at once)."""
    scene = table(seats)
    seat = 0 if panel < 0 else scene.seat_order()[panel]
    row = scene.board.timelines[seat]
    free = free_events(scene)
    while scene.row_card_width(seat, len(row) + 1) == scene.row_card_width(seat, len(row)):
        row.append(free.pop(0))
        learn(scene, row[-1])
    scene.relayout(instant=True)
    app.run_frames(3, 1 / 60)
    before = {k: scene.sprites[k].draw_rect().width for k in row}
    assert all(scene.sprites[k].shadow is not None for k in row)
    card = free.pop()
    learn(scene, card)
    if seat == 0:
        scene.board.hands[0].append(card)
        scene.relayout(instant=True)
        app.run_frames(2, 1 / 60)
    narrower = scene.row_card_width(seat, len(row) + 1)
    start = {k: shot(scene.sprites[k]) for k in row}
    scene._on_place(Event.make("place", seat=seat, card=card, end="right", to="timeline"))
    tracks = follow(app, scene, list(before), start)
    for k, track in tracks.items():
        assert_smooth(track, k)
        widths = [w for _s, w, _h in track]
        assert max(abs(b - a) for a, b in zip(widths, widths[1:])) <= 4, (k, widths)  # a glide, not a jump
        assert widths[-1] == narrower
        assert all(shadow for _s, _w, shadow in track), k
    if seats == 6:
        assert narrower < 90


def test_a_face_change_at_the_same_size_or_from_the_back_is_at_once():
    """Nothing to fade: a card turned face up is hidden by its flip, and a face drawn again at the same
    width (the face cache was emptied) is the same picture."""
    pygame.init()
    facts = card_facts(next(iter(CARDS)))
    from game.ui.look.cards_lost_in_time import card_back, card_face, compact_face

    sprite = TableCardSprite("x", card_face(facts, 150), card_back(150), scale=96 / 150)
    sprite.set_compact(compact_face(facts, 96))
    again = compact_face(facts, 96).copy()
    sprite.set_compact(again)
    assert sprite._fade is None and sprite.shown_image(96 / 150)[0] is again
    hidden = TableCardSprite("y", card_face(facts, 150), card_back(150), face_up=False)
    hidden.set_compact(compact_face(facts, 96))
    assert hidden._fade is None and hidden.cover_image(1.0) is None
    assert CardSprite("z", None, None).cover_image(1.0) is None


# --- the card read large ---------------------------------------------------------------------------------
def lose_turned_card(app, scene: LostInTimeTable, seat: int) -> str:  # noqa: F811
    card = scene.board.timelines[seat][-1]
    scene._on_tilt(Event.make("tilt", seat=seat, card=card))
    app.run_frames(30, 1 / 60)
    return card


@pytest.mark.parametrize("how", ["keys", "pointer"])
def test_a_card_read_large_closes_when_it_flies_to_another_place(app, table, how):  # noqa: F811
    """A turned card lost from the viewer's row flies to the side pile: the card read large beside it
    jumped from above the row to below the pile after it. It closes, and a mouse resting where the
    card was does not open it again on the pile."""
    scene = table(3, 5)
    card = lose_turned_card(app, scene, 0)
    if how == "keys":
        for _ in range(len(scene.readable_cards())):
            if scene.look == card:
                break
            key(pygame.K_e)
            app.run_frames(1, 1 / 60)
    else:
        move_mouse(app, scene.shown_rect(card).center)
        app.run_frames(round(LOOK_DELAY * 60) + 3, 1 / 60)
    assert scene.look == card and scene.look_how == how
    scene._on_card_lost(Event.make("card_lost", seat=0, card=card))
    app.run_frames(1, 1 / 60)
    assert scene.look is None
    app.run_frames(round(LOOK_DELAY * 60) * 3, 1 / 60)
    assert scene.look is None and card == scene.board.side[-1]


def test_a_card_read_large_follows_its_card_along_a_narrowing_row(app, table):  # noqa: F811
    """A card read large in a row that reflows stays beside its card, never over it."""
    scene = table(6)
    seat = scene.seat_order()[1]
    card = scene.board.timelines[seat][0]
    key(pygame.K_e)
    app.run_frames(1, 1 / 60)
    while scene.look != card:
        key(pygame.K_e)
        app.run_frames(1, 1 / 60)
    row = scene.board.timelines[seat]
    for extra in free_events(scene)[:3]:
        learn(scene, extra)
        scene._on_place(Event.make("place", seat=seat, card=extra, end="right", to="timeline"))
        for _ in range(30):
            app.run_frames(1, 1 / 60)
            source = scene.shown_rect(card, 1.0)
            assert scene.look == card and not scene.look_rect(source).colliderect(source)
    assert len(row) >= 4


def test_the_turn_coming_round_closes_a_card_read_with_the_keys(app, table, monkeypatch):  # noqa: F811
    """Read with Q/E while the others played, a card stayed open over the table into the person's turn
    and the first arrow press only closed it. The turn closes it and the hints are the turn's again."""
    import game.ui.chrome as chrome_module

    scene = table(4, 3)
    scene.session.bot_delay = 0.0
    app.input.last_device = "keyboard"
    for _ in range(400):  # the person ends the turn (skips the action, travels); the bots play
        if scene.can_act:
            kinds = ("pass",) if scene.phase == "action" else ("place", "cannot_travel")
            scene.submit(next(a for a in scene.legal if a.kind in kinds))
        app.run_frames(1, 1 / 30)
        if not scene.can_act and scene.phase == "action" and scene.view.get("turn") != 0:
            break
    assert not scene.can_act
    key(pygame.K_e)
    app.run_frames(1, 1 / 60)
    assert scene.look is not None and scene.look_how == "keys"
    for _ in range(3000):
        app.run_frames(1, 1 / 30)
        if scene.can_act:
            break
    assert scene.can_act
    app.run_frames(1, 1 / 60)
    assert scene.look is None
    seen = words_drawn(app, chrome_module, monkeypatch, 1)
    assert "Choose" in seen and "Next card" not in seen
    key(pygame.K_e)  # read again in the turn: it stays open while the person reads
    app.run_frames(10, 1 / 60)
    assert scene.look is not None


@pytest.mark.parametrize("device,words", [("mouse", "Rest the pointer on a card"), ("touch", "Hold a card")])
def test_mouse_and_touch_players_are_told_how_to_read_a_card(app, table, monkeypatch, device, words):  # noqa: F811
    """Only keyboard and gamepad players had a hint (Q/E, LB/RB); a mouse rests on a card and a
    finger holds it, and nothing said so."""
    import game.ui.chrome as chrome_module

    scene = table(3)
    app.input.last_device = device
    seen = words_drawn(app, chrome_module, monkeypatch, 1)
    assert words in seen and "Read it large" in seen
    assert scene.readable_cards()


def test_the_side_pile_counts_a_played_card_when_it_lands(app, table, monkeypatch):  # noqa: F811
    """The side pile's count went up as a VIP or Disaster set off on its last flight to the pile;
    it now goes up as the card lands there."""
    import game.ui.table_lost_in_time as T

    scene = table(3)
    card = hand_a_disaster(app, scene)
    before = len(scene.board.side)
    scene._on_disaster(Event.make("disaster", seat=0, target=scene.seat_order()[0], card=card, skips=1, to="side"))
    seen: list[tuple[int, bool, bool]] = []  # (count shown, on the side pile, landed)
    for _ in range(150):
        labels = [w for w in words_drawn(app, T, monkeypatch, 1) if w.startswith("SIDE PILE")]
        sprite = scene.sprites[card]
        seen.append((int(labels[-1].rsplit(" ", 1)[-1]), card in scene.board.side,
                     card in scene.board.side and not sprite.moving))
    assert seen[-1] == (before + 1, True, True)
    assert any(on and not landed for _n, on, landed in seen)  # its flight to the pile was watched
    for count, _on, landed in seen:
        assert count == (before + 1 if landed else before)
