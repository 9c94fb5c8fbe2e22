"""Lost Cities bots: views only, legal and deterministic, sound judgement, a master that searches.

The long win-rate runs live in tools/bench_lost_cities.py; here only a short smoke."""

from __future__ import annotations

import pytest

from game.bots.base import make_bot
from game.bots.lost_cities import BOTS, Departure, MasterBot, OpponentTurn, Table, determinize, seat_turns
from game.bots.lost_cities_fast import (EXPERT, OWN_TURNS, deal_table, fast_draw, fast_play, fast_turn,
                                        playout_decisions)
from game.core.rng import Rng
from game.bots.simulate import simulate
from game.core import Action, GameConfig, SeatConfig
from game.core.wire import pack, unpack
from game.rules.lost_cities import ENGINE, card_id, card_value, lane_sort_key


class NoEngine:
    """Handed to bots instead of the engine: any use of it (and so of a state) fails the test."""

    def __getattr__(self, name: str):
        raise AssertionError(f"a bot reached for engine.{name}: bots decide from views only")


def config(**options) -> GameConfig:
    return GameConfig.make("lost-cities", [SeatConfig("bot", "A"), SeatConfig("bot", "B")], **options)


def play_round(levels: list[str], seed: int, wire: bool = True, **options) -> tuple[dict, list[Action]]:
    """One game where each bot only ever gets its seat's view (through the wire) and legal actions."""
    state = ENGINE.new_game(config(rounds=1, **options), seed)
    bots = [BOTS[level](NoEngine(), seat, seed + seat) for seat, level in enumerate(levels)]
    actions: list[Action] = []
    while not ENGINE.is_over(state):
        seat = ENGINE.active_seats(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        if wire:
            view = unpack(pack(view))
        action = bots[seat].choose(view, list(legal))
        assert action in legal, (levels[seat], action)
        state, _ = ENGINE.apply(state, action)
        actions.append(action)
    return state, actions


@pytest.mark.parametrize("levels", [["easy", "expert"], ["expert", "easy"]])
def test_bots_play_legal_rounds_from_views_only(levels):
    state, actions = play_round(levels, 11)
    assert ENGINE.result(state) is not None and len(actions) >= 88


def test_six_colour_game_and_known_cards():
    state, _ = play_round(["expert", "expert"], 4, colours=6)
    assert state["over"] and len(state["colours"]) == 6


def test_bots_are_deterministic_given_their_seed():
    _, first = play_round(["expert", "easy"], 21)
    _, second = play_round(["expert", "easy"], 21)
    assert first == second


def _expert_game_until(seed: int, deck_left: int) -> dict:
    """A round played by two experts until `deck_left` cards remain, stopped at seat 0's play."""
    state = ENGINE.new_game(config(rounds=1), seed)
    experts = [BOTS["expert"](NoEngine(), seat, seed) for seat in range(2)]
    while len(state["deck"]) > deck_left or state["turn"] != 0 or state["phase"] != "play":
        seat = state["turn"]
        state, _ = ENGINE.apply(state, experts[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)))
    return state


def _two_states_with_the_same_view(seed: int, deck_left: int = 44) -> tuple[dict, dict]:
    """The same table, but the opponent's hand swapped with cards of the deck: seat 0's view of both
    is identical, so anything seat 0 decides must be identical too."""
    if deck_left < 44:
        state = _expert_game_until(seed, deck_left)
        state["known"][1] = []  # every card of seat 1's hand may be swapped
    else:
        state = ENGINE.new_game(config(rounds=1), seed)
        state["turn"] = 0
    other = ENGINE.copy_state(state)
    hand, deck = other["hands"][1], other["deck"]
    for i in range(len(hand)):
        hand[i], deck[i] = deck[i], hand[i]
    other["hands"][1] = sorted(hand, key=lane_sort_key)
    assert ENGINE.view(state, 0) == ENGINE.view(other, 0)
    assert state["hands"][1] != other["hands"][1]
    return state, other


@pytest.mark.parametrize("level,deck_left", [("easy", 44), ("expert", 44), ("expert", 12), ("master", 44),
                                             ("master", 12)])
def test_hidden_cards_cannot_change_a_decision(level, deck_left):
    state, other = _two_states_with_the_same_view(5, deck_left)
    choices = []
    for table in (state, other):
        bot = BOTS[level](NoEngine(), 0, 77)
        choices.append(bot.choose(ENGINE.view(table, 0), ENGINE.legal_actions(table, 0)))
    assert choices[0] == choices[1]


def test_make_bot_builds_every_level():
    for level in ("easy", "expert", "master"):
        bot = make_bot("lost-cities", level, ENGINE, 1, 3)
        assert bot.seat == 1 and type(bot) is BOTS[level]


def _arranged_view(hand: list[str], mine: dict[str, list[str]], theirs: dict[str, list[str]],
                   deck_count: int = 30, discards: dict[str, list[str]] | None = None) -> dict:
    """A seat-0 view of a hand-built table (a view is all a bot needs)."""
    colours = ["y", "b", "w", "g", "r"]
    return {
        "seat": 0, "colours": colours, "hand": sorted(hand, key=lane_sort_key), "hand_size": 8,
        "known_in_hand": [[], []], "phase": "play", "turn": 0, "round": 1, "rounds": 1, "totals": [0, 0],
        "expeditions": [{c: list(mine.get(c, [])) for c in colours}, {c: list(theirs.get(c, [])) for c in colours}],
        "discards": {c: list((discards or {}).get(c, [])) for c in colours},
        "deck_count": deck_count, "last_discard": None,
    }


def _legal_for(view: dict) -> list[Action]:
    acts = []
    for card in view["hand"]:
        lane = view["expeditions"][0][card[3]]
        acts.append(Action.make(0, "discard", card=card))
        if not lane or Table.from_view(view).can_play(0, view["colours"].index(card[3]),
                                                      0 if card[5] == "w" else int(card[5:])):
            acts.append(Action.make(0, "play", card=card))
    return acts


def test_expert_extends_its_expedition_in_order():
    hand = [card_id("b", "04"), card_id("b", "05"), card_id("b", "09"), card_id("y", "02"),
            card_id("w", "03"), card_id("g", "02"), card_id("r", "02"), card_id("r", "03")]
    view = _arranged_view(hand, {"b": [card_id("b", "w1"), card_id("b", "03")]}, {})
    action = BOTS["expert"](NoEngine(), 0, 1).choose(view, _legal_for(view))
    assert action == Action.make(0, "play", card="lc-b-04")


def test_expert_does_not_feed_the_opponent():
    hand = [card_id("r", "09"), card_id("y", "02"), card_id("y", "03"), card_id("w", "02"),
            card_id("w", "03"), card_id("g", "03"), card_id("g", "02"), card_id("b", "02")]
    theirs = {"r": [card_id("r", "w1"), card_id("r", "w2"), card_id("r", "05")]}
    view = _arranged_view(hand, {}, theirs, deck_count=25)
    action = BOTS["expert"](NoEngine(), 0, 1).choose(view, _legal_for(view))
    assert action != Action.make(0, "discard", card="lc-r-09")


def test_expert_does_not_open_a_hopeless_expedition_late():
    hand = [card_id("y", "02"), card_id("b", "03"), card_id("w", "04"), card_id("g", "02"),
            card_id("r", "03"), card_id("r", "02"), card_id("w", "02"), card_id("y", "03")]
    view = _arranged_view(hand, {}, {}, deck_count=4)
    action = BOTS["expert"](NoEngine(), 0, 1).choose(view, _legal_for(view))
    assert action.kind == "discard"


def test_expert_beats_easy_in_a_short_smoke():
    report = simulate("lost-cities", ["expert", "easy"], 16, 300, options={"rounds": 1})
    assert report["wins"][0] >= 13


def test_master_searches_late_and_plays_legally():
    """Master against expert for a whole round: every move legal, and its search really runs once
    the deck is low: some late turns differ from the expert's. (Its time per move is measured by
    `make bench`, tools/bench_lost_cities.py, not here.)"""
    state = ENGINE.new_game(config(rounds=1), 8)
    master = MasterBot(NoEngine(), 0, 8)
    expert = BOTS["expert"](NoEngine(), 1, 9)
    shadow = BOTS["expert"](NoEngine(), 0, 8)
    searched, differ = 0, 0
    while not ENGINE.is_over(state):
        seat = state["turn"]
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        action = (master if seat == 0 else expert).choose(view, legal)
        if seat == 0 and view["phase"] == "play" and view["deck_count"] <= MasterBot.search_below_deck:
            searched += 1
            differ += action != shadow.choose(view, legal)
        assert action in legal
        state, _ = ENGINE.apply(state, action)
    assert searched >= 5 and differ >= 1


def test_master_candidates_start_with_its_own_turn():
    """The first candidate is the master's own turn: the expert's, where the expert does not start
    a colour (OWN_TURNS only prices the start of one)."""
    state = _expert_game_until(3, 10)
    view = ENGINE.view(state, 0)
    table = Table.from_view(view)
    master = MasterBot(NoEngine(), 0, 1)
    assert master.own_policy == OWN_TURNS
    pairs = master.candidate_turns(table)
    expert_action = BOTS["expert"](NoEngine(), 0, 1).choose(view, ENGINE.legal_actions(state, 0))
    kind, c, v, _ = pairs[0]
    assert table.cnt[0][c] > 0 or kind == 1  # this position: no colour started, so the expert's turn
    assert ("play" if kind == 0 else "discard") == expert_action.kind
    assert (view["colours"][c], v) == (expert_action["card"][3], card_value(expert_action["card"]))
    assert len(pairs) == len(set(pairs)) > 1
    # everywhere: the first candidate is OWN_TURNS' play and that play's draw
    for source, phase, position, seat in playout_decisions(77, 3):
        if source == "single-seat" and phase == "play":
            master.seat = seat
            first = master.candidate_turns(position)[0]
            kind, c, v = fast_play(position, seat, OWN_TURNS)
            assert first == (kind, c, v, fast_draw(master._after(position, kind, c, v), seat, OWN_TURNS))
    world = determinize(table, 0, None, 1, master.rng)
    assert len(world.deck) == view["deck_count"]
    assert sum(len(lane) for lane in world.hands[1]) == 8


def test_master_leaves_the_expert_turn_only_for_a_clear_edge():
    """`pick`: a departure must stand 0.5 standard errors clear of the expert's turn; of two that
    qualify, the larger edge (mean less the caution) wins."""
    state = _expert_game_until(3, 10)
    table = Table.from_view(ENGINE.view(state, 0))
    master = MasterBot(NoEngine(), 0, 1)
    z_08 = Departure(3, mean=0.08, spread=1.0, deals=100)  # 0.8 standard errors above the expert's turn
    z_03 = Departure(2, mean=0.03, spread=1.0, deals=100)
    below = Departure(1, mean=-0.01, spread=0.1, deals=100)
    assert master.pick(table, [below, z_03, z_08]) == 3
    assert master.pick(table, [below, z_03]) == 0  # 0.3 SE: keep the expert's turn
    assert master.pick(table, [z_08, Departure(5, mean=0.12, spread=2.0, deals=100)]) == 3  # larger mean, noisier
    assert master.pick(table, [Departure(5, mean=0.15, spread=1.0, deals=100), z_08]) == 5
    assert master.pick(table, []) == 0


def test_the_departure_audit_runs_a_round_and_sums_what_it_measured():
    """tools/audit_lost_cities.py (development: it reads the true hand to measure the master's
    departures): one short round, and its report adds up the records it kept."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "tools" / "audit_lost_cities.py"
    spec = importlib.util.spec_from_file_location("audit_lost_cities", path)
    audit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(audit)
    records = audit.audit_round((40001, 24, 4))  # searches audited from 24 cards, played from 20
    assert records and all(1 <= r["deck"] <= 24 for r in records)
    assert any(r["deck"] > 20 for r in records) and not any(r["taken"] for r in records if r["deck"] > 20)
    assert any(r["taken"] for r in records)
    result = audit.report([records])
    taken_sum, _, taken = result["taken"]
    assert taken == sum(r["taken"] for r in records)
    assert abs(taken_sum - sum(r["edge"] for r in records if r["taken"])) < 1e-9
    everything = sum(row["all"][0] for row in result["bands"].values())
    assert abs(everything - sum(r["edge"] for r in records)) < 1e-9
    table = Table.from_view(ENGINE.view(_expert_game_until(3, 10), 0))
    known = [(c, v) for c, lane in enumerate(table.hands[1]) for v in lane]  # taken from piles
    hand = known + [(c, v) for c, lane in enumerate(table.unseen) for v in lane][: 8 - len(known)]
    world = audit.world_with_hand(table, 0, hand, MasterBot(NoEngine(), 0, 5).rng)
    assert sorted((c, v) for c, lane in enumerate(world.hands[1]) for v in lane) == sorted(hand)
    assert len(world.deck) == table.deck_count()


def test_master_reads_the_opponents_last_turn_and_the_true_hand_explains_it():
    """The inference of the master: the opponent's turn read from two views is the turn it made, and
    its real hand (with the card it took from a pile) passes the test that sampled hands must pass."""
    state = ENGINE.new_game(config(rounds=1), 6)
    master = MasterBot(NoEngine(), 0, 17)
    master.search_below_deck = -1  # only the bookkeeping is under test here
    expert = BOTS["expert"](NoEngine(), 1, 18)
    laid: Action | None = None
    read, pile_draws = 0, 0
    while not ENGINE.is_over(state):
        seat = state["turn"]
        view = ENGINE.view(state, seat)
        if seat == 0 and view["phase"] == "play" and master.after_my_turn is not None:
            turn = OpponentTurn.read(view, master.after_my_turn)
            assert turn is not None
            read += 1
            assert laid is not None
            assert (view["colours"][turn.colour], turn.value) == (laid["card"][3], card_value(laid["card"]))
            assert turn.kind == (0 if laid.kind == "play" else 1)
            if turn.drawn is not None:
                pile_draws += 1
                world = Table.from_view(view)
                index = {c: i for i, c in enumerate(view["colours"])}
                world.hands[1] = [sorted(card_value(c) for c in state["hands"][1] if c[3] == colour)
                                  for colour in view["colours"]]
                world.deck = [(index[c[3]], card_value(c)) for c in state["deck"]]
                world.unseen = None
                assert turn.fits(world, master.rng)
        action = (master if seat == 0 else expert).choose(view, ENGINE.legal_actions(state, seat))
        if seat == 1 and action.kind != "draw":
            laid = action
        state, _ = ENGINE.apply(state, action)
    assert read >= 15 and pile_draws >= 1


def test_master_waits_to_start_a_colour_the_expert_would_start_now():
    """Early in a round with a thin yellow (2, 4, 5): the expert starts it, the master keeps the
    colour open for better cards and discards instead (the price of starting, OWN_TURNS)."""
    hand = [card_id("y", "02"), card_id("y", "04"), card_id("y", "05"), card_id("b", "07"),
            card_id("w", "03"), card_id("g", "02"), card_id("r", "03"), card_id("r", "04")]
    view = _arranged_view(hand, {}, {}, deck_count=40)
    table = Table.from_view(view)
    expert = BOTS["expert"](NoEngine(), 0, 1).choose(view, _legal_for(view))
    master = MasterBot(NoEngine(), 0, 1).choose(view, _legal_for(view))
    assert expert.kind == "play" and expert["card"] == card_id("y", "02")
    assert master.kind == "discard", master
    assert table.deck_count() > MasterBot.search_below_deck  # no search: the master's own turn


def test_master_playouts_play_its_own_turns_and_model_the_opponent_as_the_expert():
    """In the master's playouts its own seat plays OWN_TURNS and the opponent the expert, exactly;
    the two differ on some turns of these rounds, so the test sees which one played."""
    rng = Rng.from_seed(5, "playout-turns")
    turn = seat_turns(1, OWN_TURNS)
    assert seat_turns(1, None) is fast_turn and seat_turns(0, EXPERT) is fast_turn
    own_differs = 0
    for _ in range(12):
        table = deal_table(rng, 5)
        ended = False
        while not ended:
            seat = table.turn
            expected = fast_turn(table.copy(), seat, OWN_TURNS if seat == 1 else EXPERT)
            if seat == 1:
                own_differs += expected != fast_turn(table.copy(), seat, EXPERT)
            assert turn(table, seat) == expected
            ended = table.draw(seat, expected[3])
    assert own_differs > 0
