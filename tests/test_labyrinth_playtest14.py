"""The Thornwood Maze played through the program (session 14's playtest): alone by mouse, keyboard,
touch and pad, two people together, in turns with bot companions; the Lamplighter's Vault with
companions. What read or played wrong, and what holds now."""

from __future__ import annotations

import copy

import pytest

from game.bots.labyrinth import Advisor, ExpertBot, MasterBot, Tier
from game.core import GameConfig, SeatConfig
from game.core.registry import find_game
from game.ui.tween import MOTION

ENGINE = find_game("labyrinth")


@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def config(*kinds: str, mode: str, scenario: str = "yewmaze") -> GameConfig:
    names = ("Ann", "Ben", "Cleo")
    seats = [SeatConfig("human" if kind == "human" else "bot", names[i], kind if kind != "human" else "expert")
             for i, kind in enumerate(kinds)]
    return GameConfig.make("labyrinth", seats, scenario=scenario, mode=mode)


# --- a companion ranks its moves once ---------------------------------------------------------------

@pytest.mark.parametrize("kind", [ExpertBot, MasterBot])
def test_a_careful_companion_ranks_each_move_once_and_its_pick_says_the_tier(kind, monkeypatch):
    """The way-out manners asked `tier_of` again for the action `pick` had just ranked (a second reading
    of every text it weighs); `pick` now hands back the tier it chose by, and `choose` plays the same
    moves: one ranking per legal action, and the pick's tier is the one `tier_of` gives."""
    cfg = config("expert", "master", mode="turns", scenario="tower")
    state = ENGINE.new_game(cfg, 3)
    bots = [kind(ENGINE, seat, 11 + seat) for seat in range(2)]
    twins = [kind(ENGINE, seat, 11 + seat) for seat in range(2)]  # the same bots, asked for their picks
    calls: list[int] = []
    real = ExpertBot.tier_of

    def counting(bot, view, action, cards):
        calls.append(1)
        return real(bot, view, action, cards)

    monkeypatch.setattr(ExpertBot, "tier_of", counting)
    checked = 0
    for _ in range(40):
        if ENGINE.is_over(state):
            break
        seat = ENGINE.active_seats(state)[0]
        view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
        twin = twins[seat]
        twin.book.absorb(view)
        twin.held = list(view["items"])
        kept = copy.copy(twin.rng)
        picked, tier = twin.pick(view, legal)
        twin.rng = kept
        if picked.kind in ("move", "interact"):
            cards = {e["card"]: e for group in view["interactions"].values() for e in group}
            rng = copy.copy(twin.rng)
            placed = real(twin, view, picked, cards)
            twin.rng = rng
            assert tier == (placed[0] if placed is not None else None)
            checked += 1
        else:
            assert tier is None
        calls.clear()
        action = bots[seat].choose(view, legal)
        ranked = len(calls)
        twin.choose(view, legal)  # keeps the twin's notebook and rng where the bot's are
        assert ranked == len(legal), (ranked, len(legal))  # choose ranked each action once, nothing again
        state, _ = ENGINE.apply(state, action)
    assert checked >= 10


def test_the_advisor_takes_the_tier_from_the_pick():
    """A hint's tier (what decides its caution) comes from the pick itself, as before the refactor."""
    cfg = config("human", mode="together", scenario="yewmaze")
    state = ENGINE.new_game(cfg, 1)
    advisor = Advisor(0, "master", 0)
    tiers = []
    for _ in range(12):
        view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
        advisor.see(view)
        advice = advisor.advise(view, legal)
        assert advice is not None and advice.action is not None
        tiers.append(advice.tier)
        advisor.played(advice.action)
        state, _ = ENGINE.apply(state, advice.action)
    assert Tier.DISCOVER in tiers and all(t is None or isinstance(t, Tier) for t in tiers)
