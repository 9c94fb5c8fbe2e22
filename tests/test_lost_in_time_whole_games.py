"""QA of the Lost in Time table played through whole games: what players saw and what was fixed."""

from __future__ import annotations

import pygame
import pytest

from game.rules.lost_in_time import ENGINE, KIND
from game.ui.table_lost_in_time import DISCARD_POS, STAGED_LIFT
from test_ui_table_lost_in_time import card_point, human_action_turn, mouse_drag, settle, table_for
from ui_helpers import recording_app


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        yield application


def two_spare(hand, state):
    return any(a.kind == "discard" and len(a["cards"]) == 2 for a in ENGINE.legal_actions(state, 0))


def test_a_card_dragged_onto_the_discard_pile_waits_in_the_fan_lifted_and_numbered(app):
    """Dropped on the discard pile with the mouse, a staged card stayed hovering over the pile, its
    year under the 'N TO DISCARD' badge (a second one covered it). It goes back to its place in the
    fan, lifted and numbered, as a card staged with keys or taps does (ruling LT-5b)."""
    session = human_action_turn(3, two_spare)
    scene = table_for(app, session)
    settle(app, scene)
    pair = next(tuple(a["cards"]) for a in scene.legal_of("discard") if len(a["cards"]) == 2)
    for card in pair:
        mouse_drag(app, card_point(scene, card), (int(DISCARD_POS[0]), int(DISCARD_POS[1])))
        app.run_frames(20, 1 / 30)
    assert scene.staged == list(pair)
    places = scene.placements()
    for card in pair:
        sprite = scene.sprites[card]
        assert sprite.pos.current == pytest.approx(places[card].pos, abs=1.0), card
        assert sprite.lift.current == pytest.approx(STAGED_LIFT)
        assert not scene.pile_rect(DISCARD_POS).colliderect(sprite.draw_rect())


def test_a_third_discard_is_refused_in_a_players_words(app):
    """The refusal of a third card read 'You discard at most two cards (ruling LT-3)'."""
    session = human_action_turn(3, two_spare)
    scene = table_for(app, session)
    settle(app, scene)
    pair = next(tuple(a["cards"]) for a in scene.legal_of("discard") if len(a["cards"]) == 2)
    scene.staged = list(pair)
    third = next(c for c in scene.board.hands[0] if c not in pair)
    mouse_drag(app, card_point(scene, third), (int(DISCARD_POS[0]), int(DISCARD_POS[1])))
    texts = [t.text for t in app.toasts.items if t.kind == "error"]
    assert texts and all("LT-" not in t and "ruling" not in t for t in texts), texts
    assert any("at most two cards" in t for t in texts)


def test_cards_that_leave_the_hand_lifted_lie_flat_where_they_land(app):
    """Two cards staged for the discard kept their lift after the Discard button: the pile showed a
    card standing 60 px above the top one. A card placed with Enter kept its lift on the timeline."""
    session = human_action_turn(3, two_spare)
    scene = table_for(app, session)
    settle(app, scene)
    pair = next(tuple(a["cards"]) for a in scene.legal_of("discard") if len(a["cards"]) == 2)
    for card in pair:
        scene.pick_up(card)
        scene.focus = ("discard",)
        scene.confirm()
    assert scene.staged == list(pair)
    app.run_frames(10, 1 / 30)
    assert all(scene.sprites[c].lift.current > 20 for c in pair)
    scene.press("discard")
    settle(app, scene)
    app.run_frames(10, 1 / 30)
    for card in pair:
        assert scene.sprites[card].lift.current == pytest.approx(0.0), card
    if scene.phase == "travel" and any(scene.fits(c) for c in scene.board.hands[0]):
        card = next(c for c in scene.board.hands[0] if scene.fits(c))
        scene.pick_up(card)
        app.run_frames(10, 1 / 30)
        scene.confirm()
        settle(app, scene)
        app.run_frames(10, 1 / 30)
        assert card in scene.board.timelines[0]
        assert scene.sprites[card].lift.current == pytest.approx(0.0)


def test_the_running_totals_breakdown_stays_readable(app, monkeypatch):
    """With a VIP, a Disaster and chips the line under the running total was squeezed into one line
    at 14 px (9 px on a 1280x720 screen). It wraps onto two lines at 20 px or more and says plurals."""
    import game.ui.table_lost_in_time as table

    session = human_action_turn(6, lambda hand, state: True)
    scene = table_for(app, session)
    settle(app, scene)
    full = {"total": 1946, "youngest": 1869, "vips": 2, "disasters": 2, "chips": 11, "chip_on": True,
            "distance": 85, "over": False}
    monkeypatch.setattr(scene, "total_of", lambda seat: full)
    drawn: list[tuple[str, int, pygame.Rect]] = []
    real = table.text_surface

    def recording(text, role, px, colour):
        drawn.append((text, px))
        return real(text, role, px, colour)

    monkeypatch.setattr(table, "text_surface", recording)
    scene.draw_my_total(pygame.Surface((1920, 1080)))
    small = [(text, px) for text, px in drawn if "youngest" in text or "chips" in text or "VIP" in text]
    assert small and all(px >= 20 for _text, px in small), small
    words = " ".join(text for text, _px in small)
    for part in ("youngest 1869", "2 VIPs +20", "2 Disasters +40", "11 chips +33"):
        assert part in words
    for text, px in small:
        assert real(text, "ui", px, (0, 0, 0)).get_width() <= table.MY_TOTAL.width - 40


def test_a_round_banner_clears_off_the_piles_once_the_person_plays(app):
    """'ROUND 6 - To the past' stayed about a second into the person's turn, over the Chronos and the
    discard pile they were dragging to; a key, a tap or a drag now fades it at once."""
    from game.ui.table_lost_in_time import HERALD_FADE_OUT

    session = human_action_turn(3, lambda hand, state: True)
    scene = table_for(app, session)
    settle(app, scene)
    for press in (lambda: pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0,
                                                               unicode="", scancode=0)),
                  lambda: mouse_drag(app, card_point(scene, scene.board.hands[0][0]), (960, 1000))):
        scene.herald("ROUND 2", "To the past", (200, 80, 80))
        app.run_frames(3, 1 / 30)
        assert scene.heralds
        press()
        app.run_frames(round((HERALD_FADE_OUT + 0.1) * 30), 1 / 30)
        assert not scene.heralds


def test_cards_staged_for_the_discard_say_where_the_next_round_would_go(app, monkeypatch):
    """The label under the discard pile went on naming the pile's top card's arrow while the person
    chose the cards that would cover it (the last one sets the next direction, ruling LT-5b)."""
    import game.ui.table_lost_in_time as table

    def spare_of_each_arrow(hand, state):
        return any(a.kind == "discard" and len(a["cards"]) == 1 for a in ENGINE.legal_actions(state, 0))

    session = human_action_turn(3, spare_of_each_arrow)
    scene = table_for(app, session)
    settle(app, scene)
    card = next(a["cards"][0] for a in scene.legal_of("discard") if len(a["cards"]) == 1)
    arrow = str(scene.fact(card)["arrow"])
    scene.board.discard.append("x-top")  # a pile whose top points the other way
    scene.facts["x-top"] = {**scene.fact(card), "arrow": "past" if arrow == "future" else "future"}
    labels: list[str] = []
    monkeypatch.setattr(scene, "pile_label", lambda surface, rect, text, colour=None: labels.append(text))
    scene.draw_centre(pygame.Surface((1920, 1080)), [])
    assert f"NEXT: TO THE {'PAST' if arrow == 'future' else 'FUTURE'}" in labels
    labels.clear()
    scene.staged = [card]
    scene.draw_centre(pygame.Surface((1920, 1080)), [])
    assert f"NEXT: TO THE {arrow.upper()}" in labels


def test_with_disasters_costing_the_action_the_table_does_not_say_a_turn_is_lost(app, monkeypatch):
    """Option 'a Disaster skips the action only' (ruling LT-5): the badge said 'YOU SKIP A TURN' and
    the bubble 'DISASTER! LOSES A TURN' while the log said 'you lose the next action'."""
    from game.core.types import Event, GameConfig, SeatConfig
    from game.session import LocalSession

    config = GameConfig.make("lost-in-time", [SeatConfig("human", "Ann"), SeatConfig("bot", "Ben", "expert"),
                                              SeatConfig("bot", "Cat", "expert")], disaster_skip="action")
    session = LocalSession(config, 3, bot_delay=0.0)
    scene = table_for(app, session)
    settle(app, scene)
    badges: list[str] = []
    monkeypatch.setattr(scene, "badge", lambda surface, text, *args, **kwargs: badges.append(text))
    scene.board.skips = [1, 2, 0]
    scene.draw_table(pygame.Surface((1920, 1080)), 1.0)
    assert "YOU SKIP AN ACTION" in badges and "SKIPS 2 ACTIONS" in badges
    assert not any("TURN" in text for text in badges)
    card = next(c for c, kind in KIND.items() if kind == "disaster")
    scene._on_disaster(Event.make("disaster", None, seat=1, target=0, card=card, skips=2))
    app.run_frames(40, 1 / 30)
    assert [b.text for b in scene.bubbles] == ["DISASTER! LOSES AN ACTION"]
