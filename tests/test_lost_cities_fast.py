"""The fast expert (game/bots/lost_cities_fast.py) decides exactly as the expert does.

Decisions come from real playouts (`playout_decisions`): full simulation tables (`unseen` None),
the same decisions from one seat's knowledge (`unseen` set), and `Table.from_view` on engine views.
The 200,000-decision check and the timing live in tools/bench_lost_cities_fast.py."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from game.bots.lost_cities import DECK, DISCARD, PLAY, Judge, Table, expert_draw, expert_play
from game.bots.lost_cities_fast import (EXPERT, OWN_TURNS, ExpertParams, fast_draw, fast_draw_options, fast_play,
                                        fast_play_options, fast_turn, playout_decisions)


# --- a reference that takes the constants: the expert's code (Judge, plan_colour) with each literal
# --- replaced by its ExpertParams field, in the same order of operations --------------------------

def reference_plan_colour(hand: list[int], cnt: int, total: int, wagers: int, top: int, unseen: list[int],
                          reach: float, p: ExpertParams) -> tuple[float, float, list[float]]:
    floor = top if top > 1 else 1
    numbers = [v for v in hand if v > floor]
    hand_wagers = hand.count(0) if top <= 0 else 0
    base = total + sum(numbers)
    future = [u for u in unseen if u > floor]
    extra = reach * sum(future)
    expected_cards = cnt + len(numbers) + reach * len(future)
    best_value, best_k = -1e9, 0
    for k in range(hand_wagers + 1):
        mult = 1 + wagers + k
        n = expected_cards + k
        bonus = 20.0 if n >= 8 else (p.bonus_slope * (n - p.bonus_from) if n > p.bonus_from else 0.0)
        bonus = min(bonus, 20.0)
        value = (base + extra - 20) * mult + bonus
        if k:
            value -= p.wager_cost * k
        if value > best_value:
            best_value, best_k = value, k
    mult = 1 + wagers + best_k
    needs = [float(v * mult) for v in numbers]
    if best_k:
        needs += [max(0.0, base + extra - 20)] * best_k
    free = best_value if cnt else max(0.0, best_value)
    return best_value, free, needs


class ReferenceJudge(Judge):
    """`Judge` with the constants of an `ExpertParams`."""

    __slots__ = ("p",)

    def __init__(self, table: Table, seat: int, p: ExpertParams) -> None:  # Judge.__init__ with p.reach
        self.p = p
        self.table, self.seat = table, seat
        unseen, unknown = table.unseen_for(seat)
        self.unseen = unseen
        deck_count = table.deck_count()
        self.deck_count = deck_count
        my_draws = deck_count // 2
        self.reach = p.reach * my_draws / unknown if unknown else 0.0
        self.turns_after = (deck_count + 1) // 2 - 1
        self.values, self.needs = [], []
        for c in range(table.n):
            value, needs = self.colour(c, table.hands[seat][c], table.top[seat][c], table.cnt[seat][c],
                                       table.sum[seat][c], table.wag[seat][c])
            self.values.append(value)
            self.needs.append(needs)

    def colour(self, c: int, hand: list[int], top: int, cnt: int, total: int, wagers: int
               ) -> tuple[float, list[float]]:
        reach = self.reach
        if self.p.contested_reach != 1.0 and self.table.cnt[1 - self.seat][c]:
            reach = self.p.contested_reach * reach  # the opponent has started the colour
        _, free, needs = reference_plan_colour(hand, cnt, total, wagers, top, self.unseen[c], reach, self.p)
        if not cnt and free <= 0:
            return 0.0, []
        return free, needs

    def opponent_use(self, c: int, v: int) -> float:
        t, p = self.table, self.p
        opp = 1 - self.seat
        top = t.top[opp][c]
        if t.cnt[opp][c]:
            if (v == 0 and top <= 0) or (v > top and v > 0):
                return (v if v else p.opp_wager_v) * (1 + t.wag[opp][c]) * p.opp_play
            return 0.0
        return p.opp_early * v if self.deck_count > p.opp_deck else p.opp_late * v

    def play_options(self) -> list[tuple[float, int, int, int]]:
        t, seat = self.table, self.seat
        options: list[tuple[float, int, int, int]] = []
        for c in range(t.n):
            hand = t.hands[seat][c]
            top, cnt, total, wagers = t.top[seat][c], t.cnt[seat][c], t.sum[seat][c], t.wag[seat][c]
            for v in sorted(set(hand)):
                rest = list(hand)
                rest.remove(v)
                if (top <= 0) if v == 0 else (v > top):
                    if v == 0:
                        value, needs = self.colour(c, rest, 0, cnt + 1, total, wagers + 1)
                    else:
                        value, needs = self.colour(c, rest, v, cnt + 1, total + v, wagers)
                    played = self.total(c, value, needs, self.turns_after) + self.p.play_bonus
                    price = self.p.open_cost + self.p.open_cost_late * max(0, 12 * t.n - 16 - self.deck_count)
                    if t.cnt[1 - seat][c]:
                        price += self.p.open_cost_contested
                    if not cnt and price:  # starting the colour
                        played -= price
                    options.append((played, PLAY, c, v))
                value, needs = self.colour(c, rest, top, cnt, total, wagers)
                feed = self.opponent_use(c, v)
                options.append((self.total(c, value, needs, self.turns_after) - feed, DISCARD, c, v))
        return options

    def draw_options(self, banned: int) -> list[tuple[float, int]]:
        t, seat, p = self.table, self.seat, self.p
        turns = self.turns_after + 1
        base_total = self.total(-1, 0.0, [], turns)
        options: list[tuple[float, int]] = []
        if self.deck_count:
            ahead = (t.totals[seat] + self.estimate(seat)) - (t.totals[1 - seat] + self.estimate(1 - seat))
            hurry = p.hurry if ahead > 0 and self.deck_count <= p.hurry_deck else 0.0
            options.append((base_total + p.deck_bonus + hurry, DECK))
        for c in range(t.n):
            pile = t.piles[c]
            if not pile or c == banned:
                continue
            v = pile[-1]
            hand = t.hands[seat][c] + [v]
            hand.sort()
            value, needs = self.colour(c, hand, t.top[seat][c], t.cnt[seat][c], t.sum[seat][c], t.wag[seat][c])
            gain = self.total(c, value, needs, turns + 1) - base_total
            pending = sum(len(x) for x in self.needs)
            stretch = p.stretch if pending > turns and self.deck_count <= p.stretch_deck else 0.0
            options.append((base_total + gain + p.deny * self.opponent_use(c, v) + stretch, c))
        return options


def reference_options(phase: str, table: Table, seat: int, p: ExpertParams) -> list:
    judge = ReferenceJudge(table, seat, p)
    return judge.play_options() if phase == "play" else judge.draw_options(table.banned)


def fast_options(phase: str, table: Table, seat: int, p: ExpertParams = EXPERT) -> list:
    return fast_play_options(table, seat, p) if phase == "play" else fast_draw_options(table, seat, p)


def decisions(seed: int, rounds: int, colours: int = 5) -> list[tuple[str, str, Table, int]]:
    return list(playout_decisions(seed, rounds, colours))


# --- the expert's own constants ---------------------------------------------------------------------

@pytest.mark.parametrize("seed,rounds,colours", [(101, 24, 5), (202, 8, 6)])
def test_decisions_and_options_are_the_experts(seed, rounds, colours):
    seen: Counter[str] = Counter()
    for source, phase, table, seat in decisions(seed, rounds, colours):
        if phase == "play":
            assert fast_play(table, seat) == expert_play(table, seat), (source, seed)
            assert fast_play_options(table, seat) == Judge(table, seat).play_options(), (source, seed)
        else:
            assert fast_draw(table, seat) == expert_draw(table, seat), (source, seed)
            assert fast_draw_options(table, seat) == Judge(table, seat).draw_options(table.banned), (source, seed)
        seen[f"{source} {phase}"] += 1
    assert len(seen) == 6 and min(seen.values()) >= 30 * rounds, seen


def test_whole_rounds_on_one_table_follow_the_expert():
    """Calls on one Table object as a playout makes them (play, then the draw on the same table),
    round after round with decks of the same size (one reversed in place): the deck masks kept
    between calls must never go stale."""
    for seed in range(4):
        _, _, start, _ = next(iter(playout_decisions(seed, 1)))
        expert_table, fast_table = start.copy(), start.copy()
        if seed % 2:  # same deck length, other content: the deck masks must be read afresh
            fast_table.deck.reverse()
            expert_table.deck.reverse()
        for table, play, draw in ((expert_table, expert_play, expert_draw), (fast_table, fast_play, fast_draw)):
            ended, turns = False, []
            while not ended:
                seat = table.turn
                kind, c, v = play(table, seat)
                (table.play if kind == PLAY else table.discard)(seat, c, v)
                source = draw(table, seat)
                ended = table.draw(seat, source)
                turns.append((kind, c, v, source))
            if table is expert_table:
                expert_turns = turns
        assert turns == expert_turns and len(turns) >= 30


def copy_with_knowledge(table: Table) -> Table:
    other = table.copy()
    other.unseen, other.unknown_count, other._deck_count = table.unseen, table.unknown_count, table._deck_count
    return other


@pytest.mark.parametrize("colours", [5, 6])
def test_fast_turn_is_the_experts_play_then_draw(colours):
    seen: Counter[str] = Counter()
    for source, phase, table, seat in decisions(808, 6, colours):
        if phase != "play":
            continue
        expert_table, fast_table = copy_with_knowledge(table), copy_with_knowledge(table)
        kind, c, v = expert_play(expert_table, seat)
        (expert_table.play if kind == PLAY else expert_table.discard)(seat, c, v)
        assert fast_turn(fast_table, seat) == (kind, c, v, expert_draw(expert_table, seat)), source
        assert fast_table.hands == expert_table.hands and fast_table.piles == expert_table.piles
        assert fast_table.top == expert_table.top and fast_table.banned == expert_table.banned
        seen[source] += 1
    assert len(seen) == 3 and min(seen.values()) >= 100, seen


def test_a_changed_deck_of_the_same_size_is_read_afresh():
    _, _, table, seat = next(d for d in playout_decisions(5, 1)
                             if d[:2] == ("simulation", "play") and len(d[2].deck) == 30)
    assert fast_play(table, seat) == expert_play(table, seat)
    other = table.copy()
    # move the opponent's cards into the deck and deck cards into its hand: same sizes, other unseen
    opp_cards = [(c, v) for c, lane in enumerate(other.hands[1 - seat]) for v in lane]
    other.hands[1 - seat] = [[] for _ in range(other.n)]
    swapped = other.deck[:len(opp_cards)]
    other.deck[:len(opp_cards)] = opp_cards
    for c, v in swapped:
        other.hands[1 - seat][c].append(v)
    for lane in other.hands[1 - seat]:
        lane.sort()
    for _ in range(2):  # the second call finds the deck's prefix cache filled by the first
        assert fast_play_options(other, seat) == Judge(other, seat).play_options()
        assert fast_play_options(table, seat) == Judge(table, seat).play_options()


# --- other constants ------------------------------------------------------------------------------

TUNED = [
    ExpertParams(reach=0.85, wager_cost=5.0, bonus_slope=15.0, bonus_from=5),  # the bonus cap matters
    ExpertParams(play_bonus=1.5, opp_play=1.0, opp_wager_v=8.0, opp_early=0.4, opp_late=0.2, opp_deck=14),
    ExpertParams(deck_bonus=1.0, hurry=4.0, hurry_deck=16, stretch=5.0, stretch_deck=20, deny=0.8),
    ExpertParams(reach=0.5, wager_cost=9.0, bonus_slope=8.0, bonus_from=7, play_bonus=0.0, deny=0.2),
    OWN_TURNS,  # the master's own turns: a price for starting a colour
    ExpertParams(open_cost=-1.0, open_cost_late=0.3, reach=0.6, open_cost_contested=2.0, contested_reach=1.2),
]


def test_the_reference_with_the_experts_constants_is_the_expert():
    for source, phase, table, seat in decisions(303, 3):
        judge = Judge(table, seat)
        expected = judge.play_options() if phase == "play" else judge.draw_options(table.banned)
        assert reference_options(phase, table, seat, EXPERT) == expected, source


@pytest.mark.parametrize("params", TUNED)
def test_other_constants_match_the_reference(params):
    sample = decisions(404, 5)
    for source, phase, table, seat in sample:
        assert fast_options(phase, table, seat, params) == reference_options(phase, table, seat, params), source
    for source, phase, table, seat in decisions(505, 2, colours=6):
        assert fast_options(phase, table, seat, params) == reference_options(phase, table, seat, params), source


def test_constants_change_decisions():
    sample = [d for d in decisions(606, 2) if d[0] != "single-seat"]
    for params in TUNED:
        changed = 0
        for _, phase, table, seat in sample:
            if phase == "play":
                changed += fast_play(table, seat, params) != fast_play(table, seat)
            else:
                changed += fast_draw(table, seat, params) != fast_draw(table, seat)
        assert changed > 0, params


@pytest.mark.parametrize("field", [f.name for f in dataclasses.fields(ExpertParams)])
def test_every_constant_reaches_the_evaluation(field):
    """Each constant, moved, moves some option's value (a constant left unread would not). The deck
    sizes move down: "more needs than turns" (stretch_deck) only happens with a short deck."""
    default = getattr(EXPERT, field)
    moved = dataclasses.replace(EXPERT, **{field: default // 3 if isinstance(default, int) else default * 1.5 + 1.0})
    for _, phase, table, seat in decisions(707, 1):
        if fast_options(phase, table, seat, moved) != fast_options(phase, table, seat):
            return
    pytest.fail(f"{field} changed no option value")


def test_params_are_the_experts_literals_and_frozen():
    assert EXPERT == ExpertParams(reach=0.7, wager_cost=7.0, bonus_slope=10.0, bonus_from=6, play_bonus=0.5,
                                  opp_play=0.8, opp_wager_v=6.0, opp_early=0.25, opp_late=0.1, opp_deck=10,
                                  deck_bonus=2.0, hurry=2.0, hurry_deck=12, stretch=3.0, stretch_deck=16,
                                  deny=0.5, open_cost=0.0, open_cost_late=0.0, open_cost_contested=0.0,
                                  contested_reach=1.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        EXPERT.reach = 0.8  # type: ignore[misc]


def test_more_than_six_colours_is_refused():
    with pytest.raises(ValueError):
        fast_play(Table(7), 0)


def test_the_masters_own_turns_change_only_starts_and_contested_colours():
    """OWN_TURNS is the expert but for two things: starting a colour has a price (1.5 plus 0.1 per
    card gone from the deck, 1.5 less where the opponent has started it), and an unseen card of a
    colour the opponent has started is less likely to come (its reach x 0.7). With the opponent's
    expeditions empty, every option but a start keeps the expert's value exactly."""
    assert dataclasses.replace(OWN_TURNS, open_cost=0.0, open_cost_late=0.0, open_cost_contested=0.0,
                               contested_reach=1.0) == EXPERT
    starts = 0
    for _, phase, table, seat in decisions(808, 4):
        own, expert = fast_options(phase, table, seat, OWN_TURNS), fast_options(phase, table, seat)
        assert own == reference_options(phase, table, seat, OWN_TURNS)
        if any(table.cnt[1 - seat]):
            continue
        if phase == "draw":
            assert own == expert
            continue
        for (mine, kind, c, v), (theirs, *same) in zip(own, expert):
            assert same == [kind, c, v]
            if kind == PLAY and not table.cnt[seat][c]:
                starts += 1
                assert mine == pytest.approx(theirs - 1.5 - 0.1 * (44 - table.deck_count()))
            else:
                assert mine == theirs
    assert starts > 20


def test_the_duel_plays_every_deal_both_ways():
    """tools/duel_lost_cities.py: the expert against itself on deals played both ways ties exactly
    (each deal's two rounds are the same game with the seats' names swapped); the master's own
    turns come out ahead on the same deals; a constant that is not one is refused."""
    import argparse
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "tools" / "duel_lost_cities.py"
    spec = importlib.util.spec_from_file_location("duel_lost_cities", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    constant, duel = tool.constant, tool.duel

    mirror = duel(EXPERT, 60, seed=3, workers=1)
    assert mirror["rounds"] == 120 and mirror["win_rate"] == 0.5 and mirror["mean_difference"] == 0.0
    own = duel(OWN_TURNS, 150, seed=3, workers=1)
    assert own["win_rate"] > 0.5 and own["mean_difference"] > 0.0
    assert constant("open_cost=2") == ("open_cost", 2.0) and constant("bonus_from=7") == ("bonus_from", 7)
    with pytest.raises(argparse.ArgumentTypeError):
        constant("courage=3")
    with pytest.raises(argparse.ArgumentTypeError):
        constant("reach=lots")
