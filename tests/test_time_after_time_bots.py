"""Time After Time bots: they decide from their own view only, play legal moves to the end,
are deterministic, and each level does what its docstring promises. Win rates live in
tools/bench_time_after_time.py."""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest

from game.bots import time_after_time as bots
from game.bots.simulate import play_one, simulate
from game.core import Action, GameConfig, Rng, pack, unpack
from game.rules import time_after_time as tt
from game.rules.time_after_time import ENGINE, GHOSTS

LEVELS = ("easy", "expert", "master")


def card(hour: int, copy_: str = "a") -> str:
    return f"tt-{hour:02d}-{copy_}"


class StateTrap:
    """Stands in for the engine a bot is built with: any call that carries a real game state
    (only states have a draw pile) fails the test."""

    def __init__(self) -> None:
        self.calls = 0

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)

        def spy(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            for value in (*args, *kwargs.values()):
                assert not (isinstance(value, dict) and "pile" in value), f"bot passed a state to {name}"
            return getattr(ENGINE, name)(*args, **kwargs)
        return spy


def scramble_hidden(state: dict, seat: int, rng: Rng) -> dict:
    """Another state that `seat` cannot tell apart from `state`: the cards it cannot see (the pile
    and the unannounced cards of other hands) dealt again at random, every other hand reordered."""
    other = ENGINE.copy_state(state)
    hidden = list(other["pile"])
    places = []
    for s in range(other["seats"]):
        if s == seat:
            continue
        for i, c in enumerate(other["hands"][s]):
            if c not in other["known"][s] and not tt.is_ghost(c):
                hidden.append(c)
                places.append((s, i))
    rng.shuffle(hidden)
    for s, i in places:
        other["hands"][s][i] = hidden.pop()
    other["pile"] = hidden
    for s in range(other["seats"]):
        if s != seat:
            rng.shuffle(other["hands"][s])
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_bots_decide_from_their_view_only(level):
    """The same view gives the same choice whatever the hidden cards are, and the engine the bot
    holds never sees a state: the bot code never receives one."""
    rng = Rng.from_seed(3, "scramble")
    checked = 0
    for seats in (2, 3, 4):
        state = ENGINE.new_game(GameConfig.make("time-after-time", seats), seats)
        trap = StateTrap()
        players = [bots.BOTS[level](trap, s, 100 + s) for s in range(seats)]
        while not ENGINE.is_over(state):
            seat = ENGINE.active_seats(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            view = unpack(pack(ENGINE.view(state, seat)))
            twin = scramble_hidden(state, seat, rng)
            assert unpack(pack(ENGINE.view(twin, seat))) == view
            twin_bot = copy.deepcopy(players[seat])
            action = players[seat].choose(view, legal)
            assert twin_bot.choose(unpack(pack(ENGINE.view(twin, seat))), ENGINE.legal_actions(twin, seat)) == action
            assert action in legal
            state, _ = ENGINE.apply(state, action)
            checked += 1
    assert checked > 60


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_level_plays_games_to_the_end(seats):
    levels = [LEVELS[i % 3] for i in range(seats)]
    report = simulate("time-after-time", levels, games=4, seed=seats * 17)
    assert report["games"] == 4 and sum(report["wins"]) + report["draws"] >= 4 - 1e-9


def test_bots_are_deterministic():
    a = play_one("time-after-time", ["master", "expert", "easy"], 5)
    b = play_one("time-after-time", ["master", "expert", "easy"], 5)
    assert a[1] == b[1] and a[0] == b[0]


def test_ghost_redraw_option_games_end():
    report = simulate("time-after-time", ["expert", "master", "expert"], games=3, seed=9,
                      options={"ghost_redraw": True})
    assert report["games"] == 3


def test_master_plays_whole_four_seat_games_with_legal_moves():
    """Master finishes whole 4-seat games choosing only legal actions (its time per move is measured
    by tools/bench_time_after_time.py, not here)."""
    for seed in range(3):
        state = ENGINE.new_game(GameConfig.make("time-after-time", 4), seed)
        players = [bots.BOTS["master"](ENGINE, s, seed) for s in range(4)]
        moves = 0
        while not ENGINE.is_over(state):
            seat = ENGINE.active_seats(state)[0]
            view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
            action = players[seat].choose(view, legal)
            assert action in legal
            state, _ = ENGINE.apply(state, action)
            moves += 1
            assert moves < 2000


def _view(seats: int, hand: list[str], rows: list[list[str | None]], **extra: Any) -> dict:
    view = {
        "seat": 0, "seats": seats, "hand": hand, "rows": rows, "out_of_game": [], "pending": None,
        "ghosts_in_game": 2 if seats > 2 else 1, "ghosts_unseen": 0, "turn_number": 5, "phase": "place",
        "public_hand_cards": [[] for _ in range(seats)], "hand_size": [len(hand)] + [3] * (seats - 1),
    }
    view.update(extra)
    return view


def test_easy_puts_hours_where_they_belong():
    bot = bots.EasyBot(ENGINE, 0, 1)
    view = _view(3, [card(9)], [[None] * 7] * 3)
    assert bot.choose_slot(view, 6, list(range(7))) == 0
    assert bot.choose_slot(view, 22, list(range(7))) == 6
    assert bot.choose_slot(view, 14, list(range(7))) == 3


def test_expert_sizes_gaps_to_the_hours_still_possible():
    """08H00 _ _ _ 16H00: a 09H00 goes right next to 08H00; with 10H00-12H00 all gone, an
    incoming 13H00 must leave no more than one free slot on its left (only 09H00 is possible)."""
    bot = bots.ExpertBot(ENGINE, 0, 1)
    row = [None, card(8), None, None, None, card(16), None]
    view = _view(3, [card(20)], [row, [None] * 7, [None] * 7])
    assert bot.choose_slot(view, 9, [2, 3, 4]) == 2
    gone = [card(h, c) for h in (10, 11, 12) for c in "ab"]
    view = _view(3, [card(20)], [row, [None] * 7, [None] * 7], out_of_game=gone)
    assert bot.choose_slot(view, 13, [2, 3, 4]) in (3, 4)
    assert bots.completable(bots.hours_row(row), bots.Availability.from_view(view, exclude_own_hand=False))


def test_expert_takes_the_emergency_move_that_repairs_the_row_tt7():
    stuck = [None, card(8), None, None, card(10), None, None]
    state = ENGINE.new_game(GameConfig.make("time-after-time", 2), 4)
    state["rows"][0] = stuck
    state["hands"] = [[c for c in h if c not in stuck] for h in state["hands"]]
    state["pile"] = [c for c in state["pile"] if c not in stuck]
    state["out"] = [c for c in tt.TIME_CARDS if c not in stuck and c not in state["pile"]
                    and all(c not in h for h in state["hands"])]
    state["turn"] = 0
    ENGINE.check_invariants(state)
    action = bots.ExpertBot(ENGINE, 0, 1).choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
    assert action.kind == "shift"
    after = tt.apply_shift(stuck, tuple(tuple(m) for m in action["moves"]))
    assert tt.row_completable(after, tt.hours_gone(state["out"]))


def test_expert_reorder_ignores_where_its_ghost_is_tt3b():
    """The positions everybody sees when the expert reorders must not depend on its Ghost."""
    base = _view(3, [GHOSTS[0], card(9), card(15)], [[None] * 7] * 3, phase="draw")
    moved = _view(3, [card(9), card(15), GHOSTS[0]], [[None] * 7] * 3, phase="draw")
    legal = [Action.make(0, "reorder", **{"from": i, "to": j}) for i in range(3) for j in range(3) if i != j]
    legal.append(Action.make(0, "draw", position=0))
    for seed in range(20):
        first, second = bots.ExpertBot(ENGINE, 0, seed), bots.ExpertBot(ENGINE, 0, seed)
        assert first.choose(base, legal) == second.choose(moved, legal)
        # and at most one reorder per turn
        assert first.choose(base, legal).kind == "draw"


def test_master_tracks_gone_hours_and_announced_cards():
    bot = bots.MasterBot(ENGINE, 0, 1)
    rows = [[card(6), None, None, None, None, None, None], [card(6, "b")] + [None] * 6, [None] * 7]
    view = _view(3, [card(9)], rows, out_of_game=[card(7)], ghosts_unseen=1,
                 public_hand_cards=[[], [], [card(14), GHOSTS[0]]])
    pool, known, anonymous, size = bot.draw_pools(view)
    assert 6 not in pool and pool.count(7) == 1 and pool.count(9) == 1  # gone, out, in own hand
    assert pool.count(0) == 2  # both Ghosts are elsewhere
    assert sorted(known) == [0, 14] and size == 3  # the right-hand neighbour (seat 2) must hold them
    assert anonymous.count(14) == 1 and anonymous.count(0) == 1  # the other 14H00; the unseen Ghost


# --- master's exact placement: FillTimeModel ------------------------------------------------------

def _uniform_model(gone: tuple[int, ...] = (), waste: float = 0.0) -> bots.FillTimeModel:
    return bots.FillTimeModel({h: 0.0 if h in gone else 2.0 for h in tt.HOURS}, waste)


def test_fill_model_full_row_needs_no_turn():
    model = _uniform_model()
    assert model.row_turns([6, 8, 9, 12, 13, 20, 22]) == 0.0
    assert model.expected_turns(()) == 0.0


def test_fill_model_one_free_slot_is_geometric_ghost_included():
    """One free slot that only 07H00 fits: V = 1/p(07H00), the Ghosts' weight counted in the total
    (every hour 2 copies, two Ghosts: p = 2/36)."""
    model = _uniform_model(waste=2.0)
    row = [6, 0, 8, 9, 10, 11, 12]
    assert model.row_turns(row) == pytest.approx(36 / 2)
    lone = bots.FillTimeModel({7: 1.0, 15: 3.0}, 1.0)  # p(07H00) = 1/5
    assert lone.row_turns(row) == pytest.approx(5.0)


def test_fill_model_two_slot_gap_by_hand():
    """08H00 _ _ 11H00 with 09H00 and 10H00 possible at p = q each: each draw of either has one
    right slot, then one specific hour is needed: V = (1 + 2q * 1/q) / (2q) = 3 / (2q)."""
    model = bots.FillTimeModel({9: 1.0, 10: 1.0, 20: 6.0}, 2.0)  # q = 1/10
    assert model.row_turns([6, 7, 8, 0, 0, 11, 12]) == pytest.approx(15.0)
    assert model.row_turns([6, 7, 8, 0, 0, 11, 12]) == model.expected_turns(((8, 11, 2),))


def test_fill_model_lost_row_is_infinite():
    """TT-7's example: 08H00 _ _ 10H00 cannot be completed."""
    assert _uniform_model().row_turns([0, 8, 0, 0, 10, 0, 0]) == math.inf
    assert _uniform_model(gone=(9,)).row_turns([0, 8, 0, 10, 0, 0, 0]) == math.inf


def test_fill_model_places_the_obvious_slots():
    """06H00 and 22H00 go to the ends; 08H00 _ _ _ 16H00 takes 09H00 right after 08H00 and 12H00 in
    the middle; with 10H00-12H00 gone a 13H00 leaves exactly one slot for 09H00."""
    model = _uniform_model()
    assert model.best_slot([0] * 7, 6, list(range(7)))[0] == 0
    assert model.best_slot([0] * 7, 22, list(range(7)))[0] == 6
    row = [0, 8, 0, 0, 0, 16, 0]
    assert model.best_slot(row, 9, [2, 3, 4])[0] == 2
    assert model.best_slot(row, 12, [2, 3, 4])[0] == 3
    assert _uniform_model(gone=(10, 11, 12)).best_slot(row, 13, [2, 3, 4])[0] == 3


def test_fill_model_beats_the_expert_rule_in_its_own_model():
    """Under uniform draws the optimum (13.92 turns from an empty row) is below what the expert's
    rule gets (14.12, tools/bench_time_after_time.py expert_in_model), and V only falls as slots fill."""
    model = _uniform_model()
    empty = model.row_turns([0] * 7)
    assert empty == pytest.approx(13.917, abs=1e-3)
    assert model.row_turns([0, 0, 0, 14, 0, 0, 0]) < empty


def test_master_plays_the_model_slot_and_repairs_with_it():
    """Master's placement in a game view is FillTimeModel's, and its emergency move (TT-7) leaves
    the row with the least expected turns."""
    bot = bots.MasterBot(ENGINE, 0, 1)
    row = [None, card(8), None, None, None, card(16), None]
    view = _view(3, [card(20)], [row, [None] * 7, [None] * 7], pending=card(9))
    assert bot.choose_slot(view, 9, [2, 3, 4]) == 2
    stuck = [None, card(8), None, None, card(10), None, None]
    view = _view(2, [card(20)], [stuck, [None] * 7], phase="draw", ghosts_in_game=1)
    shifts = [Action.make(0, "shift", moves=m) for m in tt.shift_sequences(stuck)]
    chosen = bot.choose_shift(view, shifts)
    assert chosen is not None
    after = bots.hours_row(tt.apply_shift(stuck, tuple(tuple(m) for m in chosen["moves"])))
    model = bot.fill_model(view)
    repaired = [bots.hours_row(tt.apply_shift(stuck, tuple(tuple(m) for m in a["moves"]))) for a in shifts]
    assert model.row_turns(after) == min(model.row_turns(r) for r in repaired) < math.inf
