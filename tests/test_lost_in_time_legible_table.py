"""The Lost in Time table read at every seat count: at six seats on a 1280x720 window the opponents'
card titles were 6.5 px on the 1920x1080 canvas (the hand's 150-px face shrunk to 70 px), 4 px on
the screen. Timeline and pile cards now have a compact face drawn at their own width (the year big,
the title as large as the card allows), the opponents' panels take the height the piles leave, a
short timeline's cards are larger and a long one's never cover each other's titles; and any card on
the table can be read large (a mouse resting on it, a finger held on it, Q/E or LB/RB)."""

from __future__ import annotations

import statistics

import pygame
import pytest

from game.bots.lost_in_time import BOTS
from game.rules.lost_in_time import CARDS, ENGINE, KIND
from game.session import LocalSession
from game.ui.chrome import CANVAS_H, CANVAS_W
from game.ui.input import LONG_PRESS
from game.ui.look import cards_lost_in_time as L
from game.ui.look.draw import card_height
from game.ui.sprites import TRANSFORMS
from game.ui.table_lost_in_time import (CHRONOS_POS, CHRONOS_W, DECK_POS, DISCARD_POS, FACE_W, LOOK_DELAY,
                                        LOOK_W, MENU_RECT, MY_PLATE, MY_ROW_RECT, MY_TOTAL, OPPONENT_CARD_MAX_W,
                                        PANEL_HEADER, PILE_W, ROW_CARD_MIN_W, SIDE_POS, LostInTimeTable,
                                        TableCardSprite, opponent_rects)
from test_spectator_seat import words_drawn
from test_ui_table_lost_in_time import (app, finger, human_action_turn, key, make_session, mine, pad,  # noqa: F401
                                        post, settle, table_for)


def card_facts(card_id: str) -> dict:
    card = CARDS[card_id]
    return {"id": card.id, "title": card.title, "year": card.year, "kind": card.kind, "era": card.era,
            "arrow": card.arrow, "chips": card.chips, "caption": card.caption}


def played_session(seats: int, human_moves: int, seed: int = 4) -> LocalSession:
    """A game where the person at seat 0 (moves chosen by the expert bot) has made `human_moves`
    moves: the timelines have grown."""
    session = make_session(seats, seed)
    chooser = BOTS["expert"](ENGINE, 0, seed)
    for _ in range(human_moves):
        session.run_bots_until_human()
        if session.is_over():
            break
        view = ENGINE.view(session.state, 0)
        session.submit(chooser.choose(view, ENGINE.legal_actions(session.state, 0)))
    session.run_bots_until_human()
    return session


def story_sizes(monkeypatch, draw) -> list[tuple[str, str, int]]:
    """(text, role, px) of the Garamond lines `draw()` writes on a face."""
    seen: list[tuple[str, str, int]] = []
    real = L.text_surface

    def recording(text, role, px, colour):
        if role.startswith("story"):
            seen.append((text, role, px))
        return real(text, role, px, colour)

    monkeypatch.setattr(L, "text_surface", recording)
    draw()
    monkeypatch.setattr(L, "text_surface", real)
    return seen


# --- the compact face --------------------------------------------------------------------------------
ROW_WIDTHS = sorted({*range(ROW_CARD_MIN_W, OPPONENT_CARD_MAX_W + 1, 2), PILE_W, 112})


@pytest.mark.parametrize("width", ROW_WIDTHS)
def test_a_compact_title_fits_its_card_below_the_year(width):
    """Every title of the deck, at every width a row or a pile gives a card: its lines are inside the
    card, under the year's rule, never wider than the card, and a word is never split; a title that
    cannot fit at the smallest size ends in an ellipsis instead of running off the card."""
    pygame.init()
    for card_id in CARDS:
        layout = L.compact_layout(card_facts(card_id), width)
        box = layout.title_box
        assert layout.inner.contains(box) and box.top > layout.rule_y, (card_id, width)
        face = L.font("story", layout.title_px)
        assert all(face.size(line)[0] <= box.width for line in layout.title_lines), (card_id, width)
        assert len(layout.title_lines) * layout.title_line_h <= box.height + layout.title_px * 0.2, (card_id, width)
        shown = " ".join(layout.title_lines)
        if layout.title_px > L.COMPACT_TITLE_MIN_PX:
            assert shown == CARDS[card_id].title, (card_id, width, layout.title_lines)  # whole words, all of them
        elif not shown.endswith("\u2026"):  # at the smallest size a word too long for the card breaks with a hyphen
            assert shown.replace("- ", "") == CARDS[card_id].title, (card_id, width, layout.title_lines)
        assert layout.title_px >= L.COMPACT_TITLE_MIN_PX


def test_compact_titles_are_large_where_the_card_is():
    """At the width of a six-seat panel's cards (94 px) most titles are 19 px; the old face gave 6.6 px."""
    pygame.init()
    sizes = [L.compact_layout(card_facts(c), 94).title_px for c in CARDS]
    assert min(sizes) >= 12 and statistics.median(sizes) >= 18


def test_the_hand_and_a_card_read_large_keep_art_md_sizes(monkeypatch):
    """A hand card's title was 14 px (ART.md: small print >= 20 px at 1080p; a hand card is 150 px
    wide): it is 19 px now. A card read large shows its title at >= 30 px and its whole caption at
    20 px; the face used to stop the caption after two lines ("...Michelangelo's neck never forgave")."""
    pygame.init()
    for card_id in CARDS:
        facts = card_facts(card_id)
        hand = story_sizes(monkeypatch, lambda: L._draw_card(facts, FACE_W))
        assert min(px for _t, _r, px in hand) >= 18, card_id
        large = story_sizes(monkeypatch, lambda: L._draw_card(facts, LOOK_W))
        titles = [(text, px) for text, role, px in large if role == "story"]
        captions = [(text, px) for text, role, px in large if role == "story-italic"]
        assert " ".join(t for t, _ in titles) == facts["title"] and min(px for _, px in titles) >= 30, card_id
        assert " ".join(t for t, _ in captions) == facts["caption"], card_id  # all of it, no ellipsis
        assert min(px for _, px in captions) >= 20, card_id


# --- the table's rows -----------------------------------------------------------------------------------
@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
def test_panels_keep_clear_of_each_other_and_of_the_rest_of_the_table(count):
    """The panels grew into the height the piles leave: they still overlap nothing."""
    panels = [rect for rect, _w in opponent_rects(count)]
    chronos = pygame.Rect(0, 0, CHRONOS_W, card_height(CHRONOS_W))
    chronos.center = (round(CHRONOS_POS[0]), round(CHRONOS_POS[1]))
    piles = [pygame.Rect(0, 0, PILE_W, card_height(PILE_W)) for _ in range(3)]
    for rect, pos in zip(piles, (DECK_POS, DISCARD_POS, SIDE_POS)):
        rect.center = (round(pos[0]), round(pos[1]))
    centre = chronos.unionall(piles)
    centre.height += 40  # the labels under the piles
    top_bar = pygame.Rect(0, 0, CANVAS_W, MENU_RECT.bottom + 6)
    for i, panel in enumerate(panels):
        assert pygame.Rect(0, 0, CANVAS_W, CANVAS_H).contains(panel)
        assert panel.collidelist([MY_ROW_RECT, MY_PLATE, MY_TOTAL, top_bar, centre]) == -1, (count, panel)
        assert panel.collidelist(panels[:i] + panels[i + 1:]) == -1, (count, panel)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_an_opponents_cards_never_cover_each_other_up_to_eight(app, seats):  # noqa: F811
    """With six seats eight 70-px cards were wider than the panel and covered each other's titles;
    a growing row now narrows its cards (down to 56 px) and they stay side by side, below the header
    and inside the panel, a card turned sideways included (ruling LT-7)."""
    scene = table_for(app, make_session(seats, 3))
    settle(app, scene)
    deck = sorted(CARDS, key=lambda c: CARDS[c].year)
    for seat in scene.seat_order():
        geo = scene.geo[seat]
        for count in range(1, 9):
            for tilted in (False, True):
                scene.board.timelines[seat] = deck[:count]
                scene.board.tilted[seat] = deck[0] if tilted else None
                width = scene.row_card_width(seat)
                rects = []
                for _key, (x, y), angle in scene.timeline_layout(seat):
                    w, h = (card_height(width), width) if angle else (width, card_height(width))
                    rect = pygame.Rect(0, 0, w, h)
                    rect.center = (round(x), round(y))
                    rects.append(rect)
                assert all(geo.panel.contains(r) and r.top >= geo.panel.top + PANEL_HEADER - 2 for r in rects), \
                    (seats, seat, count, tilted)
                assert all(not a.colliderect(b) for a, b in zip(rects, rects[1:])), (seats, seat, count, tilted)
                assert width >= ROW_CARD_MIN_W


def test_six_seats_opponent_titles_are_drawn_sharp_and_large(app):  # noqa: F811
    """The reported case: each opponent's timeline card is drawn from a face of its own width (not
    the hand's face shrunk), so its title is as large as that width allows."""
    scene = table_for(app, played_session(6, 6))
    settle(app, scene)
    sizes = []
    for seat in scene.seat_order():
        for card in scene.board.timelines[seat]:
            sprite = scene.sprites[card]
            assert isinstance(sprite, TableCardSprite) and sprite.compact is not None, card
            width = sprite.draw_rect().width
            assert sprite.compact.get_width() == width  # drawn at scale 1: sharp print
            sizes.append(L.compact_layout(scene.fact(card), width).title_px)
    assert len(sizes) >= 10
    # the old face: 14 px * 70 / 150 = 6.5 px
    assert min(sizes) >= 11 and statistics.median(sizes) >= 16, sizes


def test_rows_at_rest_cost_no_new_scaling(app):  # noqa: F811
    """A settled table draws its compact faces as they are: no smoothscale or rotozoom each frame,
    and no face drawn again."""
    scene = table_for(app, played_session(6, 6))
    settle(app, scene)
    app.run_frames(3, 1 / 60)
    misses, faces = TRANSFORMS.misses, len(L._face_cache)
    app.run_frames(5, 1 / 60)
    assert TRANSFORMS.misses == misses and len(L._face_cache) == faces


# --- reading a card large ---------------------------------------------------------------------------------
def first_opponent_card(scene: LostInTimeTable) -> str:
    return next(card for seat in scene.seat_order() for card in scene.board.timelines[seat])


def move_mouse(app, pos) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(1, 1 / 60)


def test_a_mouse_resting_on_an_opponents_card_shows_it_large_beside_it(app):  # noqa: F811
    scene = table_for(app, played_session(6, 6))
    settle(app, scene)
    card = first_opponent_card(scene)
    source = scene.shown_rect(card)
    move_mouse(app, source.center)
    assert scene.look is None  # passing over a card shows nothing
    app.run_frames(round(LOOK_DELAY * 60) + 2, 1 / 60)
    assert scene.look == card and scene.look_how == "pointer"
    large = scene.look_rect(source)
    assert large.width == LOOK_W and not large.colliderect(source)
    assert pygame.Rect(0, 0, CANVAS_W, CANVAS_H).contains(large)
    neighbour = next((c for c in scene.readable_cards() if c != card and scene.shown_rect(c).top == source.top), None)
    if neighbour is not None:  # from one card read large to the next at once
        move_mouse(app, scene.shown_rect(neighbour).center)
        app.run_frames(1, 1 / 60)
        assert scene.look == neighbour
    move_mouse(app, (960, 560))  # the felt between the piles and the viewer's row
    assert scene.look is None


def test_a_finger_held_on_a_card_reads_it_and_the_lift_is_no_tap(app):  # noqa: F811
    """Touch has no hover: a finger held still reads the card; lifting it then plays nothing, even
    with a VIP or Disaster picked up, which a tap on that panel would have played."""
    session = human_action_turn(3, lambda hand, state: any(KIND[c] in ("vip", "disaster") for c in hand)
                                and all(state["timelines"][s] for s in (1, 2)))
    scene = table_for(app, session)
    settle(app, scene)
    special = next(c for c in scene.board.hands[0] if KIND[c] in ("vip", "disaster"))
    target = next(int(a["target"]) for a in scene.legal_of(KIND[special]) if a["card"] == special)
    rect = scene.sprites[special].draw_rect()
    point = (rect.centerx, rect.centery) if special == scene.board.hands[0][-1] else (rect.left + 22, rect.centery + 20)
    post(finger(pygame.FINGERDOWN, *point), finger(pygame.FINGERUP, *point))
    app.run_frames(2, 1 / 60)
    assert scene.selected == special
    card = scene.board.timelines[target][0]
    x, y = scene.shown_rect(card).center
    before = len(mine(session))
    post(finger(pygame.FINGERDOWN, x, y))
    app.run_frames(round(LONG_PRESS * 60) + 3, 1 / 60)
    assert scene.look == card and scene.look_how == "finger"
    post(finger(pygame.FINGERUP, x, y))
    app.run_frames(2, 1 / 60)
    assert scene.look is None and len(mine(session)) == before and scene.selected == special
    post(finger(pygame.FINGERDOWN, x, y), finger(pygame.FINGERUP, x, y))  # a short tap still plays it
    app.run_frames(2, 1 / 60)
    assert len(mine(session)) == before + 1 and mine(session)[-1]["card"] == special


def test_q_and_e_step_through_the_tables_cards_and_escape_closes(app, monkeypatch):  # noqa: F811
    import game.ui.chrome as chrome_module

    scene = table_for(app, played_session(6, 6))
    settle(app, scene)
    cards = scene.readable_cards()
    assert cards[0] == first_opponent_card(scene) and len(cards) > 3
    key(pygame.K_e)
    app.run_frames(1, 1 / 60)
    assert scene.look == cards[0] and scene.look_how == "keys"
    key(pygame.K_e)
    key(pygame.K_e)
    key(pygame.K_q)
    app.run_frames(1, 1 / 60)
    assert scene.look == cards[1]
    hints = words_drawn(app, chrome_module, monkeypatch, 1)
    assert "Next card" in hints and "Close" in hints
    key(pygame.K_ESCAPE)
    app.run_frames(1, 1 / 60)
    assert scene.look is None and app.scenes.top is scene  # Esc closed the card, not opened the menu
    key(pygame.K_q)
    app.run_frames(1, 1 / 60)
    assert scene.look == cards[-1]  # Q starts from the other end (a pile's top card, or the viewer's row)
    focus = scene.focus
    key(pygame.K_LEFT)
    app.run_frames(1, 1 / 60)
    assert scene.look is None and scene.focus == focus  # that press only closed the card


def test_a_gamepads_shoulders_read_cards_too(app):  # noqa: F811
    scene = table_for(app, played_session(4, 5))
    settle(app, scene)
    pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    app.run_frames(2, 1 / 60)
    assert scene.look == scene.readable_cards()[0]
    pad(pygame.CONTROLLER_BUTTON_B)
    app.run_frames(2, 1 / 60)
    assert scene.look is None and app.scenes.top is scene


def test_while_others_play_the_hints_say_how_to_read_cards(app, monkeypatch):  # noqa: F811
    import game.ui.chrome as chrome_module

    session = played_session(6, 4)
    scene = table_for(app, session)
    settle(app, scene)
    scene.submit(next(a for a in scene.legal if a.kind == "pass"))
    for _ in range(200):
        app.run_frames(1, 1 / 30)
        if scene.can_act and scene.phase == "travel":
            break
    scene.submit(next(a for a in scene.legal if a.kind in ("place", "cannot_travel")))
    app.input.last_device = "keyboard"
    for _ in range(60):
        app.run_frames(1, 1 / 30)
        if not scene.can_act:
            break
    assert not scene.can_act
    seen = words_drawn(app, chrome_module, monkeypatch, 1)
    assert "Read cards" in seen and "Q / E" in seen


def test_a_menu_over_the_table_closes_the_card_read_large(app):  # noqa: F811
    scene = table_for(app, played_session(4, 5))
    settle(app, scene)
    key(pygame.K_e)
    app.run_frames(1, 1 / 60)
    assert scene.look is not None
    key(pygame.K_p)
    app.run_frames(2, 1 / 60)
    assert app.scenes.top is not scene and scene.look is None


def test_a_card_read_large_is_drawn_from_one_cached_face(app):  # noqa: F811
    scene = table_for(app, played_session(6, 6))
    settle(app, scene)
    key(pygame.K_e)
    app.run_frames(12, 1 / 60)  # past the fade-in
    misses, faces = TRANSFORMS.misses, len(L._face_cache)
    app.run_frames(5, 1 / 60)
    assert scene.look is not None and TRANSFORMS.misses == misses and len(L._face_cache) == faces
