"""The Lost Cities expert's evaluation, reimplemented for speed (issue 3), with its constants as data.

`fast_play` / `fast_draw` return exactly what `expert_play` / `expert_draw` return (game.bots.lost_cities)
for every Table of a real deal (5 or 6 colours, each number card once: ruling LC-1), and
`fast_play_options` / `fast_draw_options` return the same option lists as `Judge.play_options` /
`Judge.draw_options`, in the same order, value for value, bit for bit. Every float is computed by the
same operations in the same order as there; the only rewrites are exact ones: integer parts summed
in another order (integers are exact), the other colours' values padded with trailing 0.0 (adding
0.0 changes no float but -0.0, and no value here is -0.0), and the draw's estimate of who is ahead
summed as integers (the expert sums the same integers as floats, exactly). No decision depends on
anything kept between calls but the deck masks below, and those are checked by content.

What is faster is the work around the floats:

- the unseen number cards of each colour are a bit mask (from the deck's cards once per deal: a
  playout's deck only shrinks, `_DeckMasks`), and the sum and count of the numbers of a mask above
  a floor are table look-ups, instead of lists built per colour per option;
- a plan is a handful of numbers (`_plan`, inlined where there is no wager in hand); an option
  re-plans only the colour it touches, and a discard the plan has no use for reuses the colour's
  own plan;
- the needs (what `Judge.total` leaves unplayed when there are more needs than turns) are built
  and sorted only when there are more needs than turns, once per decision for the other colours.

`fast_turn` decides a whole turn (play, then draw) for playouts: the draw reuses the play's
evaluation with one colour planned again.

Measured (tools/bench_lost_cities_fast.py, CPU time, machine shared, load 3-4 on 2 cores): in
playouts of the expert against itself, 2.6x faster per decision with `fast_play` + `fast_draw`,
3.0x with `fast_turn` (5 colours; 2.7x and 3.2x with 6); on single decisions out of context,
2.3-2.6x for plays and 1.5-2.1x for draws (the draw is the expert's cheaper half).

The expert's constants are `ExpertParams` (`EXPERT` is the expert's own), so that a tuned variant can
be tried without touching the expert; `OWN_TURNS` is the master's (four constants the expert leaves
at 0 / 1.0, below; tools/duel_lost_cities.py measures a variant against the expert).
`playout_decisions` yields decisions from real playouts and `deal_table` a fresh full table, to
check a variant or time one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce as chain
from operator import add
from typing import Iterator

from game.bots.lost_cities import DECK, DISCARD, PLAY, ExpertBot, Table
from game.core import GameConfig, SeatConfig
from game.core.rng import Rng
from game.rules.lost_cities import ENGINE, HAND_SIZE


@dataclass(frozen=True, slots=True)
class ExpertParams:
    """The expert's constants (defaults: the literals of `Judge` and `plan_colour`)."""

    reach: float = 0.7  # share of the seat's draws that bring an unseen card in time (Judge.__init__)
    wager_cost: float = 7.0  # a wager's price in the plan (plan_colour)
    bonus_slope: float = 10.0  # length bonus per expected card past `bonus_from` (plan_colour) ...
    bonus_from: int = 6  # ... 20 from 8 cards on, and never above 20
    play_bonus: float = 0.5  # a play is preferred to a discard of equal value (play_options)
    opp_play: float = 0.8  # a card the opponent can play next feeds it this share of its worth
    opp_wager_v: float = 6.0  # what a wager is worth to an opponent who can still play it
    opp_early: float = 0.25  # per point of card value: an unstarted colour of the opponent, early ...
    opp_late: float = 0.1  # ... and late
    opp_deck: int = 10  # "early" means more cards than this in the deck (opponent_use)
    deck_bonus: float = 2.0  # the deck draw: an average card (draw_options)
    hurry: float = 2.0  # the deck draw when ahead and the deck is short: bring the end nearer ...
    hurry_deck: int = 12  # ... at or below this many cards
    stretch: float = 3.0  # a pile draw when more needs than turns and the deck is short ...
    stretch_deck: int = 16  # ... at or below this many cards
    deny: float = 0.5  # share of a pile card's worth to the opponent that taking it denies
    # not the expert's: what starting an expedition costs beyond its plan (the option of leaving
    # the colour unstarted, which the plan values at nothing), and how much more per card gone
    # from the deck; 0 for the expert, whose plays stay exactly `Judge.play_options`
    open_cost: float = 0.0
    open_cost_late: float = 0.0
    open_cost_contested: float = 0.0  # added to the price when the opponent has started the colour
    # the reach of a colour the opponent has started (its cards there go to its expedition, not to
    # the discard piles), as a share of the reach of the others; 1.0 for the expert
    contested_reach: float = 1.0


EXPERT = ExpertParams()
# The master's own turns: the expert's judgement with two things the expert's plan leaves out.
# - Starting a colour has a price: 1.5 plus 0.1 per card gone from the deck (1.5 on the first turn,
#   3.9 with 20 cards left). The plan values an unstarted colour at max(0, plan), as if leaving it
#   unstarted were worth nothing more; it is worth the chance to start it later with better cards.
#   Where the opponent has started the colour the price is 1.5 lower: a card there is one the
#   opponent wants, and played it can never feed them.
# - An unseen card of a colour the opponent has started is less likely to come to this seat (its
#   reach x 0.7): the opponent plays it rather than discarding it.
# Against the expert (tools/duel_lost_cities.py, 20,000 rounds, both seats on every deal): the
# start price alone 52.7 % and 53.0 % on two sets of deals; all four constants 55.9 % and 56.0 %.
OWN_TURNS = ExpertParams(open_cost=1.5, open_cost_late=0.1, open_cost_contested=-1.5, contested_reach=0.7)

_BITS = 11  # bit v of a colour's mask stands for the number card v (2..10); wagers have no bit
_BIT = [0, 0] + [1 << v for v in range(2, 11)]
# _ABOVE_SUM[mask][floor], _ABOVE_COUNT[mask][floor]: the sum and count of the numbers of a mask
# above a floor (the unseen numbers of a colour, or the hand's)
_ABOVE_SUM: list[list[int]] = [[sum(v for v in range(floor + 1, 11) if mask >> v & 1) for floor in range(11)]
                               for mask in range(1 << _BITS)]
_ABOVE_COUNT: list[list[int]] = [[sum(1 for v in range(floor + 1, 11) if mask >> v & 1) for floor in range(11)]
                                 for mask in range(1 << _BITS)]
# the same as pairs, _ABOVE[mask][floor] = (sum, count)
_ABOVE: list[list[tuple[int, int]]] = [list(zip(sums, counts)) for sums, counts in zip(_ABOVE_SUM, _ABOVE_COUNT)]
_NO_NEEDS: list[float] = []
_NO_LANES: tuple[tuple[int, ...], ...] = ((),) * 6


class _DeckMasks:
    """Per colour, the bit mask of the number cards in each prefix of the last deck read.

    A playout draws from the end of one deck list, and the master plays many turns on the same
    deal: a deck equal to a prefix of the last one read costs one list comparison, not a pass over
    its cards. Content is compared, never identity: any other deck is read afresh. The state is one
    tuple, replaced whole, so that threads deciding at once never see half of one."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: tuple[list[tuple[int, int]], int, list[list[int]]] = ([], 0, [[]])

    def masks(self, deck: list[tuple[int, int]], colours: int) -> list[int]:
        """Per colour, the numbers in `deck` (a list kept here: not to be changed)."""
        size = len(deck)
        cards, read_colours, prefix = self.last
        if colours != read_colours or size > len(cards) or deck != cards[:size]:
            cards = list(deck)
            running = [0] * colours
            prefix = [running]
            for c, v in cards:
                running = list(running)
                running[c] |= _BIT[v]
                prefix.append(running)
            self.last = (cards, colours, prefix)
        return prefix[size]


_DECK_MASKS = _DeckMasks()


def _length_bonus(n: float, bonus_from: int, bonus_slope: float) -> float:
    """`plan_colour`'s bonus for an expedition expected to reach `n` cards: 20 from 8 cards on,
    `bonus_slope` per card past `bonus_from` below that, never above 20."""
    if n >= 8:
        return 20.0
    if n > bonus_from:
        bonus = bonus_slope * (n - bonus_from)
        return 20.0 if bonus > 20.0 else bonus
    return 0.0


def _plan(nsum: int, nlen: int, hand_wagers: int, cnt: int, total: int, wagers: int, above_sum: int,
          above_count: int, reach: float, params: ExpertParams) -> tuple[float, int, float]:
    """`plan_colour` and `Judge.colour` from the numbers they read: the sum and count of the hand's
    numbers above the floor, the hand's usable wagers, the expedition, and the sum and count of the
    unseen numbers above the floor. Returns (value, wagers the plan plays, `base + extra - 20`); the
    wagers are -1 for a colour left unstarted (value 0, no needs). The needs are left to `_needs`:
    most decisions never look at them. (The hot paths inline the case without wagers in hand.)"""
    expected = cnt + nlen + reach * above_count
    x = total + nsum + reach * above_sum - 20
    bonus_from, bonus_slope = params.bonus_from, params.bonus_slope
    best_value, best_k = -1e9, 0
    for k in range(hand_wagers + 1):
        n = expected + k
        bonus = _length_bonus(n, bonus_from, bonus_slope)
        value = x * (1 + wagers + k) + bonus
        if k:
            value -= params.wager_cost * k
        if value > best_value:
            best_value, best_k = value, k
    if not cnt and best_value <= 0:
        return 0.0, -1, x
    return best_value, best_k, x


def _needs(nums: list[int], wagers: int, k: int, x: float) -> list[float]:
    """`plan_colour`'s needs: each number card's worth at the plan's multiplier, and each wager it
    plays at the expedition's worth (none for a colour left unstarted, k = -1)."""
    if k < 0:
        return []
    mult = 1 + wagers + k
    needs = [float(v * mult) for v in nums]
    if k:
        needs += [max(0.0, x)] * k
    return needs


def _colour(lane: list[int], top: int, cnt: int, total: int, wagers: int, mask: int, reach: float,
            params: ExpertParams) -> tuple[float, int, int, float, int, int, int, int]:
    """A colour as it stands (`_Position.colours[c]`). `_Position.__init__` inlines this loop body."""
    floor = top if top > 1 else 1
    hand_mask = 0
    for v in lane:
        hand_mask |= _BIT[v]
    nsum, nlen = _ABOVE[hand_mask][floor]
    hand_wagers = lane.count(0) if top <= 0 else 0
    unseen_sum, unseen_count = _ABOVE[mask][floor]
    value, k, x = _plan(nsum, nlen, hand_wagers, cnt, total, wagers, unseen_sum, unseen_count, reach, params)
    return value, (nlen + k if k >= 0 else 0), k, x, floor, nsum, nlen, hand_wagers


class _Position:
    """One seat's evaluation of a Table: the state of a `Judge`, kept as numbers per colour.

    `colours[c]` is the colour as it stands: (value, count of needs, wagers the plan plays or -1
    for a colour left unstarted, `base + extra - 20`, floor, sum and count of the hand's numbers
    above the floor, usable wagers in hand). The needs themselves are built only when there are
    more needs than turns (`needs`, `others_sorted`)."""

    __slots__ = ("table", "seat", "params", "n", "masks", "reaches", "deck_count", "turns_after", "colours",
                 "values", "need_count", "colour_needs", "others_needs")

    def __init__(self, table: Table, seat: int, params: ExpertParams) -> None:
        self.table, self.seat, self.params = table, seat, params
        n = table.n
        if n > 6:
            raise ValueError("Lost Cities is played with 5 or 6 colours (ruling LC-1)")
        self.n = n
        self.others_needs: list[list[float] | None] | None = None
        self.colour_needs: list[list[float] | None] = [None] * n
        # what the seat cannot see, as `Table.unseen_for` gives it: per colour the bit mask of the
        # unseen numbers (the deck's and the opponent's hand's, or the view's), and how many cards
        unseen = table.unseen
        bit = _BIT
        if unseen is None:
            deck = table.deck
            deck_count = len(deck)
            deck_masks = _DECK_MASKS.masks(deck, n)
            opponent_lanes = table.hands[1 - seat]
            unknown = deck_count + sum(map(len, opponent_lanes))
        else:
            deck_count, unknown = table._deck_count, table.unknown_count
            # numbers are distinct (ruling LC-1): the sum of their bits is their union
            deck_masks = [sum(map(bit.__getitem__, lane)) for lane in unseen]
            opponent_lanes = _NO_LANES[:n]
        self.deck_count = deck_count
        masks: list[int] = []
        add_mask = masks.append
        self.masks = masks
        tops, cnts, sums, wags = table.top[seat], table.cnt[seat], table.sum[seat], table.wag[seat]
        lanes = table.hands[seat]
        reach = params.reach * (deck_count // 2) / unknown if unknown else 0.0
        if params.contested_reach != 1.0:
            contested = params.contested_reach * reach
            reaches = [contested if started else reach for started in table.cnt[1 - seat]]
        else:
            reaches = [reach] * n
        self.reaches = reaches
        self.turns_after = (deck_count + 1) // 2 - 1
        above = _ABOVE
        bonus_from, bonus_slope = params.bonus_from, params.bonus_slope
        colours: list[tuple[float, int, int, float, int, int, int, int]] = []
        values: list[float] = []
        add_colour, add_value = colours.append, values.append
        need_count = 0
        for lane, top, cnt, total, wagers, mask, opponent_lane, reach in zip(lanes, tops, cnts, sums, wags,
                                                                             deck_masks, opponent_lanes, reaches):
            for v in opponent_lane:
                mask |= bit[v]
            add_mask(mask)
            # _colour, inlined
            floor = top if top > 1 else 1
            if lane:
                hand_mask = 0
                for v in lane:
                    hand_mask |= bit[v]
                nsum, nlen = above[hand_mask][floor]
                hand_wagers = lane.count(0) if top <= 0 else 0
            else:
                nsum = nlen = hand_wagers = 0
            unseen_sum, unseen_count = above[mask][floor]
            if hand_wagers:
                value, k, x = _plan(nsum, nlen, hand_wagers, cnt, total, wagers, unseen_sum, unseen_count, reach,
                                    params)
                count = nlen + k if k >= 0 else 0
            else:
                n_expected = cnt + nlen + reach * unseen_count
                x = total + nsum + reach * unseen_sum - 20
                bonus = _length_bonus(n_expected, bonus_from, bonus_slope)
                value = x * (1 + wagers) + bonus
                if not cnt and value <= 0:
                    value, count, k = 0.0, 0, -1
                else:
                    count, k = nlen, 0
            need_count += count
            add_value(value)
            add_colour((value, count, k, x, floor, nsum, nlen, hand_wagers))
        self.colours, self.values, self.need_count = colours, values, need_count

    def after_play(self, c: int) -> _Position:
        """This position once the seat has played or discarded a card of colour `c` on the table:
        what the seat cannot see is the same, so only colour c is planned again."""
        table, seat = self.table, self.seat
        after = _Position.__new__(_Position)
        after.table, after.seat, after.params, after.n = table, seat, self.params, self.n
        after.masks, after.reaches, after.deck_count, after.turns_after = (self.masks, self.reaches,
                                                                           self.deck_count, self.turns_after)
        colours, values = list(self.colours), list(self.values)
        colour = _colour(table.hands[seat][c], table.top[seat][c], table.cnt[seat][c], table.sum[seat][c],
                         table.wag[seat][c], self.masks[c], self.reaches[c], self.params)
        colours[c], values[c] = colour, colour[0]
        after.colours, after.values = colours, values
        after.need_count = self.need_count - self.colours[c][1] + colour[1]
        after.colour_needs = list(self.colour_needs)
        after.colour_needs[c] = None
        after.others_needs = None
        return after

    def needs(self, c: int) -> list[float]:
        """Colour c's needs as it stands (`Judge.needs[c]`)."""
        needs = self.colour_needs[c]
        if needs is None:
            _, count, k, x, floor = self.colours[c][:5]
            if count:
                mult = 1 + self.table.wag[self.seat][c] + k
                needs = [float(v * mult) for v in self.table.hands[self.seat][c] if v > floor]
                if k:
                    needs += [max(0.0, x)] * k
            else:
                needs = []
            self.colour_needs[c] = needs
        return needs

    def others_sorted(self, changed: int) -> list[float]:
        """The needs of every colour but `changed` (-1: of all colours), sorted; kept for reuse."""
        if self.others_needs is None:
            self.others_needs = [None] * (self.n + 1)
            every: list[float] = []
            needs = self.needs
            for c in range(self.n):
                every += needs(c)
            every.sort()
            self.others_needs[-1] = every
        others = self.others_needs[changed]
        if others is None:
            others = list(self.others_needs[-1])
            for need in self.needs(changed):
                others.remove(need)  # the same multiset, still sorted
            self.others_needs[changed] = others
        return others

    def unplayed(self, changed: int, needs: list[float], excess: int) -> float:
        """What `Judge.total` takes off: the `excess` smallest needs, summed smallest first."""
        pending = self.others_sorted(changed) + needs
        pending.sort()
        return sum(pending[:excess])

    def play_options(self) -> list[tuple[float, int, int, int]]:
        """`Judge.play_options`, in the same order. Each option re-plans only its own colour (the
        plan without wagers in hand is inlined); its `Judge.total` is the option's value plus the
        other colours' values in colour order (`o0 ... o4`, padded with zeros at the end: adding 0.0
        leaves any sum that is not -0.0 as it is, and no value here is -0.0), less the smallest needs
        only when there are more needs than turns."""
        t, seat, params = self.table, self.seat, self.params
        reaches, masks, values = self.reaches, self.masks, self.values
        above_sum, above_count = _ABOVE_SUM, _ABOVE_COUNT
        turns = self.turns_after if self.turns_after > 0 else 0
        play_bonus, bonus_from, bonus_slope = params.play_bonus, params.bonus_from, params.bonus_slope
        opp = 1 - seat
        opp_tops, opp_cnts, opp_wags = t.top[opp], t.cnt[opp], t.wag[opp]
        unstarted_feed = params.opp_early if self.deck_count > params.opp_deck else params.opp_late
        opp_play, opp_wager_v = params.opp_play, params.opp_wager_v
        tops, cnts, sums, wags = t.top[seat], t.cnt[seat], t.sum[seat], t.wag[seat]
        padding = [0.0] * (6 - self.n)
        play, discard = PLAY, DISCARD
        # the price of starting a colour (0.0 for the expert: then no play is changed at all)
        opening = params.open_cost + params.open_cost_late * max(0, 12 * self.n - 16 - self.deck_count)
        options: list[tuple[float, int, int, int]] = []
        append = options.append
        for c, lane in enumerate(t.hands[seat]):
            if not lane:
                continue
            top, cnt, total, wagers = tops[c], cnts[c], sums[c], wags[c]
            _, count, _, _, floor, nsum, nlen, hand_wagers = self.colours[c]
            mask, reach = masks[c], reaches[c]
            o0, o1, o2, o3, o4 = values[:c] + values[c + 1:] + padding
            others_count = self.need_count - count
            sums_above, counts_above = above_sum[mask], above_count[mask]
            floor_sum, floor_count = sums_above[floor], counts_above[floor]
            mult = 1 + wagers
            # integers (exact in any order): the expected cards and the plan's base before the
            # card's own terms, and the needs beyond the turns left for a play of the lowest number
            expected_cards, base, play_excess = cnt + nlen, total + nsum, others_count + nlen - 1 - turns
            if nlen and not hand_wagers:
                # every discard of a number leaves the same expected length, so the same bonus
                n = cnt + nlen - 1 + reach * floor_count
                discard_bonus = _length_bonus(n, bonus_from, bonus_slope)
                discard_extra = reach * floor_sum
            opp_top, opp_started, opp_mult = opp_tops[c], opp_cnts[c], 1 + opp_wags[c]
            start_price = (opening + params.open_cost_contested if opp_started else opening) if not cnt else 0.0
            kept: float | None = None  # the colour as it is: the discard of a card its plan cannot use
            # when there are more needs than turns: the needs of this colour's numbers (no wager
            # played by the plan) and the other colours' needs, sorted
            number_needs: list[float] | None = None
            others_sorted: list[float] = _NO_NEEDS
            index = -1  # of v among the hand's numbers above the floor
            below = 0  # their sum up to v
            previous = -1
            for v in lane:
                if v == previous:
                    continue
                previous = v
                if v > floor:
                    index += 1
                    below += v
                    # play: the numbers above v stay in the plan, on v's floor, and no wager can
                    # follow (`_plan` inlined)
                    n = expected_cards - index + reach * counts_above[v]
                    x = base + v - below + reach * sums_above[v] - 20
                    bonus = _length_bonus(n, bonus_from, bonus_slope)
                    score = x * mult + bonus + o0 + o1 + o2 + o3 + o4
                    excess = play_excess - index
                    if excess > 0:
                        if number_needs is None:
                            number_needs = [float(u * mult) for u in lane if u > floor]
                            others_sorted = self.others_sorted(c)
                        pending = others_sorted + number_needs[index + 1:]
                        pending.sort()
                        score -= sum(pending[:excess])
                    append((score + play_bonus - start_price if start_price else score + play_bonus, play, c, v))
                    # discard: v leaves the plan
                    if hand_wagers:
                        value, k, x = _plan(nsum - v, nlen - 1, hand_wagers, cnt, total, wagers, floor_sum,
                                            floor_count, reach, params)
                    else:
                        x = base - v + discard_extra - 20
                        value, k = x * mult + discard_bonus, 0
                        if not cnt and value <= 0:
                            value, k = 0.0, -1
                    score = value + o0 + o1 + o2 + o3 + o4
                    excess = others_count + (nlen - 1 + k if k >= 0 else 0) - turns
                    if excess > 0:
                        if k == 0:
                            if number_needs is None:
                                number_needs = [float(u * mult) for u in lane if u > floor]
                                others_sorted = self.others_sorted(c)
                            pending = others_sorted + number_needs[:index] + number_needs[index + 1:]
                            pending.sort()
                            score -= sum(pending[:excess])
                        else:
                            nums = [u for u in lane if u > floor and u != v]
                            score -= self.unplayed(c, _needs(nums, wagers, k, x), excess)
                elif v == 0 and top <= 0:
                    # play: one wager more on the expedition, one fewer in hand
                    value, k, x = _plan(nsum, nlen, hand_wagers - 1, cnt + 1, total, wagers + 1, floor_sum,
                                        floor_count, reach, params)
                    score = value + o0 + o1 + o2 + o3 + o4
                    excess = others_count + nlen + k - turns
                    if excess > 0:
                        nums = [u for u in lane if u > floor]
                        score -= self.unplayed(c, _needs(nums, wagers + 1, k, x), excess)
                    append((score + play_bonus - start_price if start_price else score + play_bonus, play, c, v))
                    # discard: one wager fewer in hand
                    value, k, x = _plan(nsum, nlen, hand_wagers - 1, cnt, total, wagers, floor_sum, floor_count,
                                        reach, params)
                    score = value + o0 + o1 + o2 + o3 + o4
                    excess = others_count + (nlen + k if k >= 0 else 0) - turns
                    if excess > 0:
                        nums = [u for u in lane if u > floor]
                        score -= self.unplayed(c, _needs(nums, wagers, k, x), excess)
                else:
                    # a card the plan cannot use: the colour stays as it is
                    if kept is None:
                        kept = values[c] + o0 + o1 + o2 + o3 + o4
                        excess = self.need_count - turns
                        if excess > 0:
                            kept -= self.unplayed(c, self.needs(c), excess)
                    score = kept
                # what the discard feeds the opponent (`Judge.opponent_use`)
                if opp_started:
                    if (v > opp_top and v > 0) or (v == 0 and opp_top <= 0):
                        feed = (v if v else opp_wager_v) * opp_mult * opp_play
                    else:
                        feed = 0.0
                else:
                    feed = unstarted_feed * v
                append((score - feed, discard, c, v))
        return options

    def draw_options(self, banned: int) -> list[tuple[float, int]]:
        """`Judge.draw_options`, in the same order (the estimates of both seats, integers there
        summed as floats, are summed as integers here: the same numbers exactly)."""
        t, seat, params = self.table, self.seat, self.params
        deck_count = self.deck_count
        turns = self.turns_after + 1
        values = self.values
        base_total = chain(add, values, 0.0)
        need_count = self.need_count
        excess = need_count - (turns if turns > 0 else 0)
        if excess > 0:
            base_total -= self.unplayed(-1, [], excess)
        options: list[tuple[float, int]] = []
        opp = 1 - seat
        if deck_count:
            hurry = 0.0
            if deck_count <= params.hurry_deck:  # else no hurry, whoever is ahead
                ahead = t.totals[seat] - t.totals[opp]
                for mine, theirs, my_wagers, their_wagers, my_count, their_count in zip(
                        t.sum[seat], t.sum[opp], t.wag[seat], t.wag[opp], t.cnt[seat], t.cnt[opp]):
                    if my_count:
                        ahead += (mine - 20) * (1 + my_wagers)
                    if their_count:
                        ahead -= (theirs - 20) * (1 + their_wagers)
                if ahead > 0:
                    hurry = params.hurry
            options.append((base_total + params.deck_bonus + hurry, DECK))
        stretch = params.stretch if need_count > turns and deck_count <= params.stretch_deck else 0.0
        reaches, deny = self.reaches, params.deny
        bonus_from, bonus_slope = params.bonus_from, params.bonus_slope
        unstarted_feed = params.opp_early if deck_count > params.opp_deck else params.opp_late
        opp_tops, opp_cnts, opp_wags = t.top[opp], t.cnt[opp], t.wag[opp]
        later = turns + 1 if turns + 1 > 0 else 0
        padding = [0.0] * (6 - self.n)
        for c, pile in enumerate(t.piles):
            if not pile or c == banned:
                continue
            v = pile[-1]
            value, count, k, x, floor, nsum, nlen, hand_wagers = self.colours[c]
            excess = need_count - count
            wagers = t.wag[seat][c]
            taken = v > floor or (v == 0 and t.top[seat][c] <= 0)
            if taken:
                mask, reach = self.masks[c], reaches[c]
                cnt, total = t.cnt[seat][c], t.sum[seat][c]
                if v:
                    nsum, nlen = nsum + v, nlen + 1
                else:
                    hand_wagers += 1
                if hand_wagers:
                    value, k, x = _plan(nsum, nlen, hand_wagers, cnt, total, wagers, _ABOVE_SUM[mask][floor],
                                        _ABOVE_COUNT[mask][floor], reach, params)
                else:
                    # _plan without wagers in hand, inlined
                    n = cnt + nlen + reach * _ABOVE_COUNT[mask][floor]
                    x = total + nsum + reach * _ABOVE_SUM[mask][floor] - 20
                    bonus = _length_bonus(n, bonus_from, bonus_slope)
                    value, k = x * (1 + wagers) + bonus, 0
                    if not cnt and value <= 0:
                        value, k = 0.0, -1
                count = nlen + k if k >= 0 else 0
            o0, o1, o2, o3, o4 = values[:c] + values[c + 1:] + padding
            score = value + o0 + o1 + o2 + o3 + o4
            excess += count - later
            if excess > 0:
                if taken:
                    nums = sorted([u for u in t.hands[seat][c] if u > floor] + ([v] if v else []))
                    needs = _needs(nums, wagers, k, x)
                else:
                    needs = self.needs(c)
                score -= self.unplayed(c, needs, excess)
            # what the card is worth to the opponent (`Judge.opponent_use`)
            if opp_cnts[c]:
                opp_top = opp_tops[c]
                if (v > opp_top and v > 0) or (v == 0 and opp_top <= 0):
                    feed = (v if v else params.opp_wager_v) * (1 + opp_wags[c]) * params.opp_play
                else:
                    feed = 0.0
            else:
                feed = unstarted_feed * v
            options.append((base_total + (score - base_total) + deny * feed + stretch, c))
        return options


def fast_play_options(table: Table, seat: int, params: ExpertParams = EXPERT) -> list[tuple[float, int, int, int]]:
    """(value, kind, colour, card value) for every play and discard: `Judge(table, seat).play_options()`."""
    return _Position(table, seat, params).play_options()


def fast_draw_options(table: Table, seat: int, params: ExpertParams = EXPERT) -> list[tuple[float, int]]:
    """(value, source) for every draw: `Judge(table, seat).draw_options(table.banned)`."""
    return _Position(table, seat, params).draw_options(table.banned)


def fast_play(table: Table, seat: int, params: ExpertParams = EXPERT) -> tuple[int, int, int]:
    """The expert's play or discard (kind, colour, value): `expert_play` with these constants."""
    best = max(_Position(table, seat, params).play_options())
    return best[1], best[2], best[3]


def fast_draw(table: Table, seat: int, params: ExpertParams = EXPERT) -> int:
    """The expert's draw source (DECK or a colour): `expert_draw` with these constants."""
    return max(_Position(table, seat, params).draw_options(table.banned))[1]


def fast_turn(table: Table, seat: int, params: ExpertParams = EXPERT) -> tuple[int, int, int, int]:
    """The expert's whole turn, for playouts: makes its play or discard on `table` (the one
    `fast_play` gives) and returns (kind, colour, value, source), the source being the draw
    `fast_draw` gives on the table after that play. The caller draws: `table.draw(seat, source)`.

    Faster than the two calls: the draw's evaluation is the play's, with one colour planned again."""
    position = _Position(table, seat, params)
    _, kind, c, v = max(position.play_options())
    (table.play if kind == PLAY else table.discard)(seat, c, v)
    return kind, c, v, max(position.after_play(c).draw_options(table.banned))[1]


# --- decisions from real playouts, for checking and timing ---------------------------------------

def deal_table(rng: Rng, colours: int) -> Table:
    """A full table (both hands and the deck, `unseen` None) as a fresh round deals it (ruling LC-1)."""
    deck = [(c, v) for c in range(colours) for v in (0, 0, 0, *range(2, 11))]
    rng.shuffle(deck)
    table = Table(colours)
    for seat in range(2):
        for _ in range(HAND_SIZE):
            c, v = deck.pop()
            table.hands[seat][c].append(v)
        for lane in table.hands[seat]:
            lane.sort()
    table.deck = deck
    table.turn = rng.below(2)
    return table


def _single_seat(table: Table, seat: int) -> Table:
    """The table with `seat`'s knowledge only, as `OpponentTurn.fits` builds it (`unseen` set)."""
    known = table.copy()
    unseen, count = table.unseen_for(seat)
    known.unseen, known.unknown_count, known._deck_count = unseen, count, len(table.deck)
    return known


def playout_decisions(seed: int, rounds: int, colours: int = 5) -> Iterator[tuple[str, str, Table, int]]:
    """(source, "play" or "draw", table, seat) for every decision of `rounds` rounds of each source,
    each table a snapshot: "simulation" (a full table as the master's playouts use it, `unseen`
    None), "single-seat" (the same decisions from the deciding seat's knowledge, `unseen` set from
    the deck and the opponent's hand) and "view" (`Table.from_view` on the engine's views of a round
    played by two ExpertBots)."""
    from game.bots.lost_cities import expert_draw, expert_play

    rng = Rng.from_seed(seed, "lost-cities-fast-decisions")
    for _ in range(rounds):
        table = deal_table(rng, colours)
        ended = False
        while not ended:
            seat = table.turn
            yield "simulation", "play", table.copy(), seat
            yield "single-seat", "play", _single_seat(table, seat), seat
            kind, c, v = expert_play(table, seat)
            (table.play if kind == PLAY else table.discard)(seat, c, v)
            yield "simulation", "draw", table.copy(), seat
            yield "single-seat", "draw", _single_seat(table, seat), seat
            ended = table.draw(seat, expert_draw(table, seat))
    for r in range(rounds):
        config = GameConfig.make("lost-cities", [SeatConfig("bot", "A"), SeatConfig("bot", "B")], rounds=1,
                                 colours=colours)
        round_seed = rng.below(1 << 30)
        state = ENGINE.new_game(config, round_seed)
        bots = [ExpertBot(ENGINE, seat, round_seed + seat) for seat in range(2)]
        while not ENGINE.is_over(state):
            seat = ENGINE.active_seats(state)[0]
            view = ENGINE.view(state, seat)
            legal = [a for a in ENGINE.legal_actions(state, seat) if a.kind != "undo"]
            if len(legal) > 1:
                yield "view", str(view["phase"]), Table.from_view(view), seat
            state, _ = ENGINE.apply(state, bots[seat].choose(view, list(legal)))
