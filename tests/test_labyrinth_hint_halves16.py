"""The exact hint in The Tower of Stopped Hours' Lit Forge: holding the key bow ("Half a key") before the
key shaft was freed, the careful companion's exact move was a pair to try at the soldering vice (card
3, two items), then another, eight of them (tries there are free, so the bot makes them); after the
shaft, still pairs with the lamp before the two halves. A player asking for the exact move wants the
story moved on: the hint now says to find the other half first, where what was read speaks of it (the
winding room: "its shaft is rusted fast"), then to put the two halves together at the vice."""

from __future__ import annotations

import copy

import pygame
import pytest

from game.bots.labyrinth import Advisor, MasterBot, Tier
from game.core.types import Action, GameConfig, SeatConfig
from game.rules.labyrinth import ENGINE
from game.session import LocalSession
from game.ui.tables import table_scene_for
from game.ui.title import TitleScene
from game.ui.tween import MOTION
from ui_helpers import frames, key, make_app

TOWER = GameConfig.make("labyrinth", [SeatConfig("human", "Ann", "master")], scenario="tower", mode="together")
# to the workshop, the journal read, the brazier lit with the lamp (the Lit Forge), three scenery found:
# the key bow in hand, the shaft still rusted in the winding socket (card 1 wants the oil)
TO_THE_FORGE = [Action.make(0, "move", to=3), Action.make(0, "interact", card="i-007", items=[]),
                Action.make(0, "interact", card="i-008", items=["it-A"]), Action.make(0, "move", to=7),
                Action.make(0, "move", to=2), Action.make(0, "move", to=5)]


@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def at_the_forge() -> tuple[dict, Advisor]:
    state, advisor = ENGINE.new_game(TOWER, 7), Advisor(0, "master", 0)
    for action in TO_THE_FORGE:
        advisor.see(ENGINE.view(state, 0))
        advisor.played(action)
        state, _ = ENGINE.apply(state, action)
    return state, advisor


def held(state: dict) -> set[str]:
    return {i["card"] for i in ENGINE.view(state, 0)["items"]}


def test_with_half_a_key_the_hint_sends_you_for_the_other_half_not_to_another_pair():
    state, advisor = at_the_forge()
    view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
    assert "it-B1" in held(state) and "it-B2" not in held(state)
    advisor.see(view)  # the companion's own pick: a pair at the vice (card 3)
    kept = copy.copy(advisor.bot.rng)
    picked, _ = advisor.bot.pick(view, legal)
    advisor.bot.rng = kept
    assert picked.kind == "interact" and picked["card"] == "i-009" and len(picked["items"]) == 2
    advice = advisor.advise(view, legal)
    assert advice.action == Action.make(0, "interact", card="i-002", items=["it-C"])  # oil for the rusted shaft
    assert advice.exact.startswith("Find the other half first.") and "shaft" in advice.exact
    assert "card 1" in advice.exact and "Oil flask" in advice.exact
    assert "Key bow is only half a key" in advice.gentle and "card 1" in advice.gentle
    assert advice.targets[0] == ("inter", "i-002") and advice.tier == Tier.CLUED


def test_following_the_hint_the_key_is_whole_after_one_try_at_the_vice():
    state, advisor = at_the_forge()
    tries_at_the_vice = 0
    for _ in range(3):
        view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
        advice = advisor.advise(view, legal)
        tries_at_the_vice += advice.action.kind == "interact" and advice.action["card"] == "i-009"
        if {"it-B1", "it-B2"} <= held(state):
            assert advice.action == Action.make(0, "interact", card="i-009", items=["it-B1", "it-B2"])
            assert "both halves of the key" in advice.gentle and "two halves of one key" in advice.exact
        advisor.played(advice.action)
        state, _ = ENGINE.apply(state, advice.action)
        if "it-B3" in held(state):
            break
    assert "it-B3" in held(state) and tries_at_the_vice == 1  # was eight pairs before the shaft, more after


def test_without_a_lone_half_the_hint_is_the_companions_own_pick():
    """Nothing changes where no half is held: the tutorial's careful path advises what choose picks."""
    config = GameConfig.make("labyrinth", [SeatConfig("human", "Ann", "master")], scenario="tutorial", mode="together")
    state, advisor, bot = ENGINE.new_game(config, 3), Advisor(0, "master", 9), MasterBot(None, 0, 9)
    steps = 0
    while not ENGINE.is_over(state) and steps < 40:
        view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
        advice, chosen = advisor.advise(view, legal), bot.choose(view, legal)
        assert advice is not None and advice.action == chosen and "other half" not in advice.exact
        advisor.played(chosen)
        state, _ = ENGINE.apply(state, chosen)
        steps += 1
    assert steps > 10


def test_at_the_table_h_twice_says_it_and_do_it_frees_the_shaft(data_dir):
    app = make_app((1024, 768))
    try:
        app.settings.reduced_motion = True
        app.apply_motion()
        app.push(TitleScene(app))
        session = LocalSession(TOWER, 7, bot_delay=0, actions=TO_THE_FORGE)
        table = table_scene_for("labyrinth")(app, session)
        app.push(table)
        frames(app, 20)
        while app.scenes.top is not table:
            key(app, pygame.K_RETURN, settle=10)
        frames(app, 40)
        key(app, pygame.K_h, settle=20)
        assert table.hint is not None and ("inter", "i-002") in table.hint_glow_targets()
        key(app, pygame.K_h, settle=20)
        assert table.hint_words().startswith("Find the other half first.")
        note = table.note_rect()
        px, head_h, step = table.note_type()
        assert note is not None and note.y + head_h + step * (len(table.note_lines()) + len(table.caution_lines())) <= note.bottom
        key(app, pygame.K_RETURN, settle=60)  # Do it
        assert session.actions[-1] == Action.make(0, "interact", card="i-002", items=["it-C"])
        assert "it-B2" in {i["card"] for i in table.view["items"]}
    finally:
        app.shutdown()


def follow(scenario: str, seed: int, hints: bool) -> tuple[int, int]:
    """A solo game played by the exact hint (or by the master companion's own choices): its length
    and score."""
    config = GameConfig.make("labyrinth", [SeatConfig("human", "Ann", "master")], scenario=scenario, mode="together")
    state, advisor, bot, steps = ENGINE.new_game(config, seed), Advisor(0, "master", seed), MasterBot(None, 0, seed), 0
    while not ENGINE.is_over(state):
        assert steps < 200, (scenario, steps)  # a hint that comes back again and again would loop here
        view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
        if hints:
            action = advisor.advise(view, legal).action
            advisor.played(action)
        else:
            action = bot.choose(view, legal)
        state, _ = ENGINE.apply(state, action)
        steps += 1
    return steps, ENGINE.result(state).scores[0]


@pytest.mark.parametrize("scenario", ["tutorial", "saltmere", "tower", "yewmaze"])
def test_following_the_hints_ends_every_adventure_at_its_best_and_the_tower_sooner(scenario):
    """The halves clamped at a cold vice come back; the hint says so once, then lights the forge
    and clamps them again once it burns (never the same try in a loop). The Tower by the hints:
    34 moves (the companion's own 52); the others as the companion plays them."""
    hinted, played = follow(scenario, 7, True), follow(scenario, 7, False)
    assert hinted[1] == played[1] == 8
    if scenario == "tower":
        assert hinted[0] < played[0] - 10
    else:
        assert hinted == played
