"""Lost in Time played end to end as a customer (session 13): what the playtest found at the table and
what was fixed. A person must always understand why they gain or lose a card, and at one screen
nobody reads another person's hand."""

from __future__ import annotations

import pygame
import pytest

from game.bots.lost_in_time import BOTS
from game.core.types import Action, Event, GameConfig, SeatConfig
from game.rules.lost_in_time import CARDS, ENGINE, KIND, YEAR
from game.session import LocalSession
from game.ui.look.cards_lost_in_time import year_label
from game.ui.table_lost_in_time import LostInTimeTable, card_words
from test_ui_table_lost_in_time import card_point, make_session, mouse_drag, settle, table_for
from ui_helpers import key, recording_app, tap


@pytest.fixture
def app(data_dir):
    with recording_app() as application:
        yield application


def stuck_turn(seats: int, tilted: bool, seeds=range(1, 400)) -> LocalSession:
    """A seeded game where seat 0 (a person who skips every action and travels with its first fitting
    card) is in its travel step with no card that fits (ruling LT-7), with or without a card turned
    sideways last time."""
    for seed in seeds:
        session = make_session(seats, seed)
        for _ in range(40):
            session.run_bots_until_human()
            state = session.state
            if state["over"]:
                break
            legal = ENGINE.legal_actions(state, 0)
            if state["phase"] == "action":
                session.submit(next(a for a in legal if a.kind == "pass"))
                continue
            if legal[0].kind == "cannot_travel" and state["timelines"][0] \
                    and (state["tilted"][0] is not None) == tilted:
                return session
            session.submit(legal[0])
    raise AssertionError("no seed found")


# --- at one screen -------------------------------------------------------------------------------
def test_the_log_hides_a_face_down_hands_cards_while_a_bot_plays_between_two_people(app):
    """Ann and Ben at one screen with a bot between them: while the bot played, Ann's hand lay face
    down (the next person is already watching) but the log went on showing 'Ann drew <card>' and
    'Ann stole <card> from Cat'. Those lines hide with the hand and come back with her curtain."""
    config = GameConfig.make("lost-in-time", [SeatConfig("human", "Ann"), SeatConfig("bot", "Cat", "expert"),
                                              SeatConfig("human", "Ben")])
    session = LocalSession(config, 1, bot_delay=0.0)
    scene = LostInTimeTable(app, session)
    app.clear_to(scene)
    veiled_moments = hidden_private_lines = 0
    for _ in range(3000):
        app.run_frames(1, 1 / 15)
        if scene.results_shown:
            break
        if scene.curtain_seat is not None:
            key(app, pygame.K_RETURN)
            continue
        if scene.hand_veiled():
            veiled_moments += 1
            me = scene.viewer
            for card in session.state["hands"][me]:
                for line in scene.log:
                    assert card_words(card) not in line, (line, "read while the hand lay face down")
            hidden_private_lines += sum(1 for readers, _line in scene._log_entries
                                        if readers is not None and me in readers)
        elif scene.can_act:
            # once the screen is the person's own again, their private lines are back
            me = scene.viewer
            private = [line for readers, line in scene._log_entries if readers is not None and me in readers]
            assert all(line in scene.log for line in private[-3:]), (private[-3:], scene.log[-6:])
            scene.submit(BOTS["expert"](ENGINE, me, 1).choose(scene.view, list(scene.legal)))
    assert veiled_moments > 20 and hidden_private_lines > 0  # the case was met, often


def test_a_person_at_one_screen_reads_and_sees_what_they_drew_while_away(app):
    """Ann and Ben alone at one screen: the round's refill of whoever was not at the screen played as
    a count only, so a person never read 'drew' for it, and the new cards were simply there. Now
    each card new in a hand is in a line that person reads ('Ann drew ...'), and flies in from the
    draw pile once the curtain lifts."""
    config = GameConfig.make("lost-in-time", [SeatConfig("human", "Ann"), SeatConfig("human", "Ben")])
    session = LocalSession(config, 4, bot_delay=0.0)
    scene = LostInTimeTable(app, session)
    app.clear_to(scene)
    left_with: dict[int, set[str]] = {}
    flew_in = checked = 0
    for _ in range(4000):
        app.run_frames(1, 1 / 15)
        if scene.results_shown:
            break
        if scene.curtain_seat is not None:
            key(app, pygame.K_RETURN)
            me = scene.viewer
            hand = set(session.state["hands"][me])
            new = hand - left_with.get(me, hand)
            for card in new:
                assert any(" drew " in line and card_words(card) in line for line in scene.log), card
                checked += 1
            if new and any(scene.sprites[c].moving for c in new):
                flew_in += 1
                assert any(scene.sprites[c].pos.current != scene.placements()[c].pos for c in new)
            continue
        if scene.can_act:
            move = BOTS["expert"](ENGINE, scene.viewer, 2).choose(scene.view, list(scene.legal))
            if move.kind in ("place", "cannot_travel"):
                left_with[scene.viewer] = set(session.state["hands"][scene.viewer]) - {move.get("card")}
            scene.submit(move)
    assert checked >= 3 and flew_in >= 1


# --- unable to travel: what happens is said before it happens ------------------------------------
def test_the_travel_prompt_names_the_card_that_cannot_travel_will_turn(app):
    """'No card can travel to the future: press Cannot travel.' and then a card of the timeline
    turned sideways without a word of warning. The prompt names it, and it is the card that turns."""
    session = stuck_turn(3, tilted=False)
    scene = table_for(app, session)
    settle(app, scene)
    row, direction = scene.board.timelines[0], scene.board.direction
    outer = row[-1] if direction == "future" else row[0]
    prompt = scene.prompt()
    assert prompt.startswith(f"No card can travel to the {direction}: press Cannot travel.")
    assert f"Your {year_label(YEAR[outer])} turns sideways." in prompt
    scene.press("stuck")
    settle(app, scene)
    assert session.state["tilted"][0] == outer  # the very card the prompt named


def test_the_travel_prompt_warns_that_the_turned_card_will_be_lost(app):
    """A second failure loses the card turned last time (ruling LT-7): the prompt says which one
    before the person presses Cannot travel, and that card is the one that leaves the timeline."""
    session = stuck_turn(3, tilted=True)
    scene = table_for(app, session)
    settle(app, scene)
    turned = scene.board.tilted[0]
    assert turned is not None
    assert scene.prompt().endswith(f"Your turned {year_label(YEAR[turned])} is lost.")
    scene.press("stuck")
    settle(app, scene)
    assert turned not in session.state["timelines"][0] and turned in session.state["side"]


def test_a_turned_card_that_can_still_be_saved_is_named_in_the_travel_prompt(app):
    """With a card turned sideways and a card that fits, the prompt says travelling saves it."""
    for seed in range(1, 300):
        session = make_session(3, seed)
        found = False
        for _ in range(40):
            session.run_bots_until_human()
            state = session.state
            if state["over"]:
                break
            legal = ENGINE.legal_actions(state, 0)
            if state["phase"] == "action":
                session.submit(next(a for a in legal if a.kind == "pass"))
            elif state["tilted"][0] is not None and legal[0].kind == "place":
                found = True
                break
            else:
                session.submit(legal[0])
        if found:
            break
    else:
        raise AssertionError("no seed found")
    scene = table_for(app, session)
    settle(app, scene)
    turned = scene.board.tilted[0]
    assert scene.prompt().endswith(f"saves your turned {year_label(YEAR[turned])}.")
    card = next(c for c in scene.board.hands[0] if scene.fits(c))
    scene.pick_up(card)
    scene.confirm()
    settle(app, scene)
    assert session.state["tilted"][0] is None  # travelling straightened it, as the prompt said


@pytest.mark.parametrize("device", ["mouse", "touch"])
def test_a_card_offered_to_the_timeline_when_none_can_travel_points_at_cannot_travel(app, device):
    """Dragging (or tapping) a card when none fits read the engine's 'X cannot travel to the future:
    it must be younger than ...', about one card, and never said what to do. It says to press
    Cannot travel (and what that does), the focus goes to that button, and nothing is sent."""
    session = stuck_turn(3, tilted=False)
    scene = table_for(app, session)
    settle(app, scene)
    before = len(session.actions)
    card = scene.board.hands[0][0]
    if device == "mouse":
        mouse_drag(app, card_point(scene, card), scene.geo[0].panel.center)
    else:
        tap(app, card_point(scene, card))
    errors = [t.text for t in app.toasts.items if t.kind == "error"]
    assert errors and "press Cannot travel" in errors[-1] and "turns sideways" in errors[-1]
    assert scene.focus == ("button", "stuck") and scene.selected is None and scene.drag is None
    assert len(session.actions) == before
    key(app, pygame.K_RETURN)
    assert [a for a in session.actions if a.seat == 0][-1] == Action.make(0, "cannot_travel")


# --- bubbles: who, and which card ----------------------------------------------------------------
def test_a_steal_names_the_card_for_the_victim_and_the_thief(app):
    """'VIP: A CARD IS STOLEN' was all the table said, and the stolen card turned away within half a
    second. The victim reads which card went and to whom; the thief reads which card came."""
    session = make_session(3, 5)
    scene = table_for(app, session)
    settle(app, scene)
    mine, theirs = scene.board.hands[0][0], next(c for c in KIND if c not in scene.board.hands[0])
    scene.learn({"cards": {theirs: CARDS[theirs].facts()}})  # (a real update's view teaches the table it)
    scene._on_steal(Event.make("steal", None, seat=1, target=0, card=mine))
    assert [b.text for b in scene.bubbles if b.seat == 0] == [f"BEN TOOK YOUR {year_label(YEAR[mine])}"]
    app.run_frames(30, 1 / 30)
    scene.board.hands[2].append(scene._new_back_key(2))
    scene._on_steal(Event.make("steal", None, seat=0, target=2, card=theirs))
    assert [b.text for b in scene.bubbles if b.seat == 2] == [f"YOU TOOK {year_label(YEAR[theirs])}"]
    # a steal between two others names no card (nobody here knows which it was)
    scene.bubbles.clear()
    scene.board.hands[2].append(scene._new_back_key(2))
    scene._on_steal(Event.make("steal", None, seat=1, target=2))
    assert scene.bubbles == []


def test_bubbles_say_whose_turn_or_card_is_lost(app):
    """'LOSES THIS TURN' floated over the person's own row when a Disaster cost them their turn, and
    'LOSES THE TURNED CARD' said neither whose nor which; their own pass read 'SKIPS THE ACTION'.
    They read 'YOU LOSE THIS TURN', 'BEN LOSES THE TURNED 1969', 'YOU SKIP THE ACTION'."""
    session = make_session(3, 5)
    scene = table_for(app, session)
    settle(app, scene)
    scene._on_turn_lost(Event.make("turn_lost", None, seat=0, skips=0))
    scene._on_action_lost(Event.make("action_lost", None, seat=1, skips=0))
    texts = {b.seat: b.text for b in scene.bubbles}
    assert texts[0] == "YOU LOSE THIS TURN" and texts[1] == f"{scene.name_of(1).upper()} LOSES THE ACTION"
    scene._on_pass(Event.make("pass", None, seat=0))
    scene._on_pass(Event.make("pass", None, seat=2))
    texts = {b.seat: b.text for b in scene.bubbles}
    assert texts[0] == "YOU SKIP THE ACTION" and texts[2] == f"{scene.name_of(2).upper()} SKIPS THE ACTION"
    card = next(c for c in KIND if YEAR[c] == 1969)
    scene.learn({"cards": {card: CARDS[card].facts()}})
    scene.board.timelines[1].append(card)
    scene.board.tilted[1] = card
    scene._on_card_lost(Event.make("card_lost", None, seat=1, card=card, to="side"))
    assert {b.seat: b.text for b in scene.bubbles}[1] == f"{scene.name_of(1).upper()} LOSES THE TURNED 1969"


def test_a_long_bubble_stays_inside_its_opponents_panel(app, monkeypatch):
    """Bubbles now carry names; with a 16-letter name in a six-seat panel the text shrinks to fit the
    panel instead of running over the next one (never under 24 px)."""
    import game.ui.table_lost_in_time as table

    config = GameConfig.make("lost-in-time", [SeatConfig("human", "Ann")] +
                             [SeatConfig("bot", "Maximilianus Rex"[:16], "expert") for _ in range(5)])
    scene = table_for(app, LocalSession(config, 2, bot_delay=0.0))
    settle(app, scene)
    drawn: list[tuple[str, int]] = []
    real = table.text_surface

    def recording(text, role, px, colour):
        drawn.append((text, px))
        return real(text, role, px, colour)

    monkeypatch.setattr(table, "text_surface", recording)
    seat = scene.seat_order()[0]
    words = "MAXIMILIANUS REX'S DISASTER: MAXIMILIANUS REX LOSES AN ACTION"
    scene.bubble(seat, words, (200, 60, 60))
    scene.draw_bubbles(pygame.Surface((1920, 1080)))
    (text, px), = [(t, p) for t, p in drawn if t.startswith("MAXIMILIANUS")]
    assert 24 <= px < 34
    assert real(text, "display", px, (0, 0, 0)).get_width() + 36 <= scene.geo[seat].panel.width


def test_a_bubble_naming_a_stolen_card_is_not_shown_to_the_next_person_at_the_screen(app):
    """Ann steals from Cat at one screen, travels at once, and Ben lifts his curtain within the
    bubble's 1.8 s: 'ANN TOOK 1648' would still float over Cat's panel for Ben to read. A bubble
    naming a stolen card shows only to the thief and the victim."""
    names = [SeatConfig("human", name) for name in ("Ann", "Ben", "Cat")]
    config = GameConfig.make("lost-in-time", names)
    for seed in range(1, 200):
        session = LocalSession(config, seed, bot_delay=0.0)
        for _ in range(30):
            state = session.state
            legal = ENGINE.legal_actions(state, state["turn"])
            if state["turn"] == 0 and any(a.kind == "vip" and a["target"] == 2 for a in legal):
                break
            session.submit(BOTS["easy"](ENGINE, state["turn"], 1).choose(ENGINE.view(state, state["turn"]), legal))
        else:
            continue
        break
    else:
        raise AssertionError("no seed found")
    scene = LostInTimeTable(app, LocalSession(config, seed, bot_delay=0.0, actions=list(session.actions)))
    app.clear_to(scene)
    for _ in range(200):
        app.run_frames(1, 1 / 30)
        if scene.curtain_seat is not None:
            key(app, pygame.K_RETURN)
        if scene.can_act:
            break
    assert scene.viewer == 0 and scene.phase == "action"
    vip = next(a for a in scene.legal if a.kind == "vip" and a["target"] == 2)
    scene.submit(vip)
    for _ in range(100):
        app.run_frames(1, 1 / 30)
        if scene.can_act:
            break
    took = [b for b in scene.bubbles if b.text.startswith("ANN TOOK")]
    assert took and scene.readable(took[0])  # Ann reads which card she took
    scene.submit(scene.legal[0])  # she travels at once
    for _ in range(40):
        app.run_frames(1, 1 / 60)
        if scene.curtain_seat is not None:
            key(app, pygame.K_RETURN, settle=1)
            break
    assert scene.viewer == 1 and took[0] in scene.bubbles  # still within its 1.8 s
    assert not scene.readable(took[0])
    drawn: list[str] = []
    import game.ui.table_lost_in_time as table
    real = table.text_surface
    table.text_surface = lambda text, *args: drawn.append(text) or real(text, *args)  # type: ignore[assignment]
    try:
        scene.draw_bubbles(pygame.Surface((1920, 1080)))
    finally:
        table.text_surface = real
    assert not any(text.startswith("ANN TOOK") for text in drawn)


def test_the_action_step_says_when_no_card_of_the_hand_can_travel_yet(app):
    """In the action step nothing said that no card of the hand could travel this round: the person
    found out only after spending the action (a VIP might have stolen a card that fits). The prompt
    says so up front, and only when it is true."""
    from game.rules.lost_in_time import can_travel

    seen = {True: False, False: False}
    for seed in range(1, 60):
        session = make_session(3, seed)
        for _ in range(12):
            session.run_bots_until_human()
            state = session.state
            if state["over"]:
                break
            legal = ENGINE.legal_actions(state, 0)
            if state["phase"] == "action" and state["timelines"][0]:
                able = can_travel(state["hands"][0], state["timelines"][0], state["direction"])
                if not seen[able]:
                    copy = LocalSession(session.config, seed, bot_delay=0.0, actions=list(session.actions))
                    scene = table_for(app, copy)
                    settle(app, scene)
                    stuck_words = f"No card of yours can travel to the {state['direction']} yet."
                    assert (stuck_words in scene.prompt()) == (not able), scene.prompt()
                    seen[able] = True
            session.submit(next(a for a in legal if a.kind == "pass") if state["phase"] == "action" else legal[0])
        if all(seen.values()):
            break
    assert all(seen.values())


def test_the_winners_herald_says_which_tie_break_decided_a_shared_year(app):
    """Ada and Dorian both landed on 2031; the herald said 'ADA WINS - Closest to 2031 without going
    beyond.' and Dorian's 2031 came second with no word why. When another seat has the winner's
    total the line names the tie-break that decided it (ruling LT-10: the longer timeline, then the
    more payment chips)."""
    from game.rules.lost_in_time import CHIPS

    scene = table_for(app, make_session(3, 5))
    settle(app, scene)
    vip, event = next((v, e) for v in KIND if KIND[v] == "vip" for e in KIND
                      if KIND[e] == "event" and YEAR[e] == YEAR[v] + 10 and CHIPS[e] != CHIPS[v])
    early = min((c for c in KIND if KIND[c] == "event"), key=lambda c: YEAR[c])
    scene.learn({"cards": {c: CARDS[c].facts() for c in (vip, event, early)}})
    board = scene.board
    board.timelines = [[early, event], [vip], []]
    board.tilted = [None, None, None]
    year = year_label(YEAR[event])
    assert scene.total_of(0)["total"] == scene.total_of(1)["total"]
    scene._on_game_over(Event.make("game_over", None, winners=(0,), decided_by="timeline length", tied_with=(1,)))
    assert scene.heralds[-1].line == f"Tied on {year} with Ben: the longer timeline wins (2 cards to 1)."
    board.timelines = [[event], [vip], []]
    winner, loser = (0, 1) if CHIPS[event] > CHIPS[vip] else (1, 0)
    scene._on_game_over(Event.make("game_over", None, winners=(winner,), decided_by="payment chips",
                                   tied_with=(loser,)))
    chips = {0: CHIPS[event], 1: CHIPS[vip]}
    rival = "Ben" if loser == 1 else "you"
    assert scene.heralds[-1].line == (f"Tied on {year} with {rival}, timelines as long: more payment chips win "
                                      f"({chips[winner]} to {chips[loser]}).")
    board.timelines = [[event], [early], []]  # no tie: the plain reason
    scene._on_game_over(Event.make("game_over", None, winners=(0,), decided_by="total", tied_with=()))
    assert scene.heralds[-1].line == "Closest to 2031 without going beyond."


def test_whose_move_it_is_is_said_in_the_banner_not_a_third_time_over_the_hand(app):
    """While a bot plays, "Ada is playing…" stood in the top banner, in the turn panel and a third
    time over the person's hand; the hand's prompt now stays empty until there is something to do."""
    scene = table_for(app, make_session(3, 2))
    settle(app, scene)
    scene.submit(next(a for a in scene.legal if a.kind == "pass"))
    settle(app, scene)
    scene.submit(scene.legal[0])  # travel: the bots play next
    seen_bot_turn = False
    for _ in range(1500):
        app.run_frames(1, 1 / 15)
        if scene.shown is not None and scene.shown.active and scene.shown.active[0] != 0:
            seen_bot_turn = True
            assert scene.prompt() == ""
            banner = scene.turn_banner()
            assert banner is not None  # the top banner still names who plays
        if seen_bot_turn and scene.can_act:
            break
    assert seen_bot_turn and scene.can_act and scene.prompt()


def test_a_disaster_that_comes_too_late_to_bite_says_so_in_its_bubble(app):
    """In the last round, on a seat that has already played it, a Disaster costs nothing (the log
    says the game ends first): its bubble no longer says 'LOSES A TURN'."""
    scene = table_for(app, make_session(3, 2))
    settle(app, scene)
    card = next(c for c, kind in KIND.items() if kind == "disaster")
    scene._on_disaster(Event.make("disaster", None, seat=1, target=0, card=card, skips=1, moot=True))
    app.run_frames(40, 1 / 30)
    assert [b.text for b in scene.bubbles] == ["DISASTER! THE GAME ENDS FIRST"]


def test_in_the_last_round_a_seat_that_has_played_shows_no_turn_to_skip(app):
    """A Disaster too late to bite still counts a skip in the rules' state; the badge no longer
    promises 'SKIPS A TURN' to a seat that has played the last round (the game ends first)."""
    scene = table_for(app, make_session(3, 2))
    settle(app, scene)
    board = scene.board
    turn = int(scene.view.get("turn", 0))
    others = [seat for seat in range(3) if seat != turn]
    board.skips = [1, 1, 1]
    board.final_round = True
    board.dealer = turn  # the seat on the move plays last this round: both others have played
    assert [scene.skips_shown(seat) for seat in others] == [0, 0]
    board.dealer = (turn - 1) % 3  # the seat on the move plays first: nobody else has played yet
    assert [scene.skips_shown(seat) for seat in others] == [1, 1]
    board.dealer = turn
    board.final_round = False
    assert [scene.skips_shown(seat) for seat in others] == [1, 1]
