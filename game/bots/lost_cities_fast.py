"""The Lost Cities expert's evaluation, reimplemented for speed (issue 3), with its constants as data.

`fast_play` / `fast_draw` return exactly what `expert_play` / `expert_draw` return (game.bots.lost_cities)
for every Table of a real deal, and `fast_play_options` / `fast_draw_options` return the same option
lists as `Judge.play_options` / `Judge.draw_options`, value for value, bit for bit: every float is
computed by the same operations in the same order as there. What is faster is the work around them:

- the unseen number cards of each colour are a bit mask (each number exists once per colour,
  ruling LC-1), and the sum and count of the unseen numbers above a floor are table look-ups
  instead of a list built per colour per option;
- the plan of a colour is evaluated once per distinct variant (a dead card's discard reuses the
  colour's own plan, a play or discard only re-plans the colour it touches);
- the other colours' values and needs are gathered once per decision, and the "smallest needs go
  unplayed" step sorts only when there are more needs than turns.

The constants the expert was tuned with are `ExpertParams` (`EXPERT` is the expert's own), so a
tuned variant can be tried without touching the expert.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce as chain
from itertools import accumulate
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


EXPERT = ExpertParams()

_BITS = 11  # bit v of a colour's mask stands for the number card v (2..10); wagers have no bit
_FULL = (1 << _BITS) - 1
_BIT = [0, 0] + [1 << v for v in range(2, 11)]
# _ABOVE_SUM[floor][mask], _ABOVE_COUNT[floor][mask]: the unseen numbers of a colour above a floor
_ABOVE_SUM: list[list[int]] = [[sum(v for v in range(floor + 1, 11) if mask >> v & 1) for mask in range(1 << _BITS)]
                               for floor in range(11)]
_ABOVE_COUNT: list[list[int]] = [[sum(1 for v in range(floor + 1, 11) if mask >> v & 1) for mask in range(1 << _BITS)]
                                 for floor in range(11)]
_MAX_COLOURS = 10
_CARD_BIT = {(c, v): (1 << (_BITS * c + v)) if v else 0 for c in range(_MAX_COLOURS) for v in range(11)}
_NO_NEEDS: list[float] = []


class _DeckMasks:
    """The union of the number cards of a deck, for every prefix of the last deck read.

    A playout draws from the end of one deck list, and the master plays many turns on the same
    deal: a deck equal to a prefix of the last one read costs one list comparison, not a pass over
    its cards. Content is compared, never identity: any other deck is read afresh."""

    __slots__ = ("cards", "prefix")

    def __init__(self) -> None:
        self.cards: list[tuple[int, int]] = []
        self.prefix: list[int] = [0]

    def union(self, deck: list[tuple[int, int]]) -> int:
        size = len(deck)
        cards = self.cards
        if size > len(cards) or deck != cards[:size]:
            cards = list(deck)
            self.prefix = [0, *accumulate(map(_CARD_BIT.__getitem__, cards))]
            self.cards = cards
        return self.prefix[size]


_DECK_MASKS = _DeckMasks()


def _unseen_masks(table: Table, seat: int) -> tuple[list[int], int]:
    """Per colour, the bit mask of the number cards `seat` cannot see; and how many cards it cannot
    see. The same knowledge as `Table.unseen_for`. Number cards are distinct (ruling LC-1), so a sum
    of their bits is their union."""
    unseen = table.unseen
    bit = _BIT.__getitem__
    if unseen is not None:
        return [sum(map(bit, lane)) for lane in unseen], table.unknown_count
    deck = table.deck
    whole = _DECK_MASKS.union(deck)
    count = len(deck)
    masks = []
    for c, lane in enumerate(table.hands[1 - seat]):
        mask = (whole >> (_BITS * c)) & _FULL
        if lane:
            count += len(lane)
            mask |= sum(map(bit, lane))
        masks.append(mask)
    return masks, count


def _plan(nsum: int, nlen: int, hand_wagers: int, cnt: int, total: int, wagers: int, above_sum: int,
          above_count: int, reach: float, params: ExpertParams) -> tuple[float, int, float]:
    """`plan_colour` and `Judge.colour` from the numbers they read: the sum and count of the hand's
    numbers above the floor, the hand's usable wagers, the expedition, and the sum and count of the
    unseen numbers above the floor. Returns (value, wagers the plan plays, `base + extra - 20`); the
    wagers are -1 for a colour left unstarted (value 0, no needs). The needs are left to `_needs`:
    most decisions never look at them."""
    extra = reach * above_sum
    expected = cnt + nlen + reach * above_count
    x = total + nsum + extra - 20
    bonus_from = params.bonus_from
    if not hand_wagers:
        n = expected + 0
        if n >= 8:
            bonus = 20.0
        elif n > bonus_from:
            bonus = params.bonus_slope * (n - bonus_from)
            if bonus > 20.0:
                bonus = 20.0
        else:
            bonus = 0.0
        value = x * (1 + wagers) + bonus
        if not cnt and value <= 0:
            return 0.0, -1, x
        return value, 0, x
    best_value, best_k = -1e9, 0
    for k in range(hand_wagers + 1):
        n = expected + k
        if n >= 8:
            bonus = 20.0
        elif n > bonus_from:
            bonus = params.bonus_slope * (n - bonus_from)
            if bonus > 20.0:
                bonus = 20.0
        else:
            bonus = 0.0
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


class _Position:
    """One seat's evaluation of a Table: the state of a `Judge`, kept as numbers per colour.

    `colours[c]` is (value, count of needs, wagers the plan plays or -1, `base + extra - 20`, floor,
    sum and count of the hand's numbers above the floor, usable wagers in hand); the needs
    themselves are built only when there are more needs than turns (`unplayed`)."""

    __slots__ = ("table", "seat", "params", "n", "masks", "reach", "deck_count", "turns_after", "colours",
                 "values", "need_count", "others_needs")

    def __init__(self, table: Table, seat: int, params: ExpertParams) -> None:
        self.table, self.seat, self.params = table, seat, params
        n = table.n
        self.n = n
        masks, unknown = _unseen_masks(table, seat)
        self.masks = masks
        deck_count = len(table.deck) if table.unseen is None else table._deck_count
        self.deck_count = deck_count
        self.reach = reach = params.reach * (deck_count // 2) / unknown if unknown else 0.0
        self.turns_after = (deck_count + 1) // 2 - 1
        tops, cnts, sums, wags = table.top[seat], table.cnt[seat], table.sum[seat], table.wag[seat]
        bit, above_sum, above_count = _BIT, _ABOVE_SUM, _ABOVE_COUNT
        colours: list[tuple[float, int, int, float, int, int, int, int]] = []
        values: list[float] = []
        need_count = 0
        for c, lane in enumerate(table.hands[seat]):
            top = tops[c]
            floor = top if top > 1 else 1
            hand_mask = 0
            for v in lane:
                hand_mask |= bit[v]
            nsum, nlen = above_sum[floor][hand_mask], above_count[floor][hand_mask]
            hand_wagers = lane.count(0) if top <= 0 else 0
            mask = masks[c]
            value, k, x = _plan(nsum, nlen, hand_wagers, cnts[c], sums[c], wags[c], above_sum[floor][mask],
                                above_count[floor][mask], reach, params)
            count = nlen + k if k >= 0 else 0
            need_count += count
            values.append(value)
            colours.append((value, count, k, x, floor, nsum, nlen, hand_wagers))
        self.colours, self.values, self.need_count = colours, values, need_count
        # per changed colour (the last entry for none), the other colours' needs sorted; on demand
        self.others_needs: list[list[float] | None] = [None] * (n + 1)

    def needs(self, c: int) -> list[float]:
        """Colour c's needs as it stands (`Judge.needs[c]`)."""
        k, x, floor = self.colours[c][2:5]
        nums = [v for v in self.table.hands[self.seat][c] if v > floor]
        return _needs(nums, self.table.wag[self.seat][c], k, x)

    def unplayed(self, changed: int, needs: list[float], excess: int) -> float:
        """What `Judge.total` takes off: the `excess` smallest needs, summed smallest first."""
        others = self.others_needs[changed]
        if others is None:
            others = []
            for c in range(self.n):
                if c != changed:
                    others += self.needs(c)
            others.sort()
            self.others_needs[changed] = others
        pending = others + needs
        pending.sort()
        return sum(pending[:excess])

    def opponent_use(self, c: int, v: int) -> float:
        """`Judge.opponent_use`: what the opponent gains if it gets card (c, v)."""
        t, params = self.table, self.params
        opp = 1 - self.seat
        top = t.top[opp][c]
        if t.cnt[opp][c]:
            if (v == 0 and top <= 0) or (v > top and v > 0):
                return (v if v else params.opp_wager_v) * (1 + t.wag[opp][c]) * params.opp_play
            return 0.0
        return params.opp_early * v if self.deck_count > params.opp_deck else params.opp_late * v

    def play_options(self) -> list[tuple[float, int, int, int]]:
        """`Judge.play_options`, in the same order. Each option re-plans only its own colour; its
        `Judge.total` is the option's value plus the other colours' values in colour order, less the
        smallest needs only when there are more needs than turns."""
        t, seat, params = self.table, self.seat, self.params
        reach, masks, values = self.reach, self.masks, self.values
        above_sum, above_count = _ABOVE_SUM, _ABOVE_COUNT
        turns = self.turns_after if self.turns_after > 0 else 0
        play_bonus = params.play_bonus
        opp = 1 - seat
        opp_tops, opp_cnts, opp_wags = t.top[opp], t.cnt[opp], t.wag[opp]
        unstarted_feed = params.opp_early if self.deck_count > params.opp_deck else params.opp_late
        opp_play, opp_wager_v = params.opp_play, params.opp_wager_v
        tops, cnts, sums, wags = t.top[seat], t.cnt[seat], t.sum[seat], t.wag[seat]
        options: list[tuple[float, int, int, int]] = []
        for c, lane in enumerate(t.hands[seat]):
            if not lane:
                continue
            top, cnt, total, wagers = tops[c], cnts[c], sums[c], wags[c]
            _, count, _, _, floor, nsum, nlen, hand_wagers = self.colours[c]
            mask = masks[c]
            others = values[:c] + values[c + 1:]
            others_count = self.need_count - count
            floor_sum, floor_count = above_sum[floor][mask], above_count[floor][mask]
            opp_top, opp_started, opp_mult = opp_tops[c], opp_cnts[c], 1 + opp_wags[c]
            kept: float | None = None  # the colour as it is: the discard of a card its plan cannot use
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
                    # play: the numbers above v stay in the plan, on v's floor
                    value, k, x = _plan(nsum - below, nlen - index - 1, 0, cnt + 1, total + v, wagers,
                                        above_sum[v][mask], above_count[v][mask], reach, params)
                    score = chain(add, others, value)
                    excess = others_count + nlen - index - 1 + k - turns
                    if excess > 0:
                        nums = [u for u in lane if u > v]
                        score -= self.unplayed(c, _needs(nums, wagers, k, x), excess)
                    options.append((score + play_bonus, PLAY, c, v))
                    # discard: v leaves the plan
                    value, k, x = _plan(nsum - v, nlen - 1, hand_wagers, cnt, total, wagers, floor_sum,
                                        floor_count, reach, params)
                    score = chain(add, others, value)
                    excess = others_count + (nlen - 1 + k if k >= 0 else 0) - turns
                    if excess > 0:
                        nums = [u for u in lane if u > floor and u != v]
                        score -= self.unplayed(c, _needs(nums, wagers, k, x), excess)
                elif v == 0 and top <= 0:
                    # play: one wager more on the expedition, one fewer in hand
                    value, k, x = _plan(nsum, nlen, hand_wagers - 1, cnt + 1, total, wagers + 1, floor_sum,
                                        floor_count, reach, params)
                    score = chain(add, others, value)
                    excess = others_count + nlen + k - turns
                    if excess > 0:
                        nums = [u for u in lane if u > floor]
                        score -= self.unplayed(c, _needs(nums, wagers + 1, k, x), excess)
                    options.append((score + play_bonus, PLAY, c, v))
                    # discard: one wager fewer in hand
                    value, k, x = _plan(nsum, nlen, hand_wagers - 1, cnt, total, wagers, floor_sum, floor_count,
                                        reach, params)
                    score = chain(add, others, value)
                    excess = others_count + (nlen + k if k >= 0 else 0) - turns
                    if excess > 0:
                        nums = [u for u in lane if u > floor]
                        score -= self.unplayed(c, _needs(nums, wagers, k, x), excess)
                else:
                    # a card the plan cannot use: the colour stays as it is
                    if kept is None:
                        kept = chain(add, others, values[c])
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
                options.append((score - feed, DISCARD, c, v))
        return options

    def draw_options(self, banned: int) -> list[tuple[float, int]]:
        """`Judge.draw_options`, in the same order."""
        t, seat, params = self.table, self.seat, self.params
        deck_count = self.deck_count
        turns = self.turns_after + 1
        values = self.values
        base_total = chain(add, values, 0.0)
        excess = self.need_count - (turns if turns > 0 else 0)
        if excess > 0:
            base_total -= self.unplayed(-1, [], excess)
        options: list[tuple[float, int]] = []
        if deck_count:
            ahead = (t.totals[seat] + _estimate(t, seat)) - (t.totals[1 - seat] + _estimate(t, 1 - seat))
            hurry = params.hurry if ahead > 0 and deck_count <= params.hurry_deck else 0.0
            options.append((base_total + params.deck_bonus + hurry, DECK))
        stretch = params.stretch if self.need_count > turns and deck_count <= params.stretch_deck else 0.0
        reach = self.reach
        later = turns + 1 if turns + 1 > 0 else 0
        for c, pile in enumerate(t.piles):
            if not pile or c == banned:
                continue
            v = pile[-1]
            value, count, k, x, floor, nsum, nlen, hand_wagers = self.colours[c]
            wagers = t.wag[seat][c]
            taken = v > floor or (v == 0 and t.top[seat][c] <= 0)
            if taken:
                mask = self.masks[c]
                if v:
                    nsum, nlen = nsum + v, nlen + 1
                else:
                    hand_wagers += 1
                value, k, x = _plan(nsum, nlen, hand_wagers, t.cnt[seat][c], t.sum[seat][c], wagers,
                                    _ABOVE_SUM[floor][mask], _ABOVE_COUNT[floor][mask], reach, params)
                count = nlen + k if k >= 0 else 0
            score = chain(add, values[:c] + values[c + 1:], value)
            excess = self.need_count - self.colours[c][1] + count - later
            if excess > 0:
                if taken:
                    nums = sorted([u for u in t.hands[seat][c] if u > floor] + ([v] if v else []))
                    needs = _needs(nums, wagers, k, x)
                else:
                    needs = self.needs(c)
                score -= self.unplayed(c, needs, excess)
            gain = score - base_total
            options.append((base_total + gain + params.deny * self.opponent_use(c, v) + stretch, c))
        return options


def _estimate(t: Table, seat: int) -> float:
    """`Judge.estimate`: the round score a seat's expeditions stand at now."""
    score = 0.0
    for c in range(t.n):
        if t.cnt[seat][c]:
            score += (t.sum[seat][c] - 20) * (1 + t.wag[seat][c])
    return score


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


# --- decisions from real playouts, for checking and timing ---------------------------------------

def _dealt_table(rng: Rng, colours: int) -> Table:
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
        table = _dealt_table(rng, colours)
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
            view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
            if len(legal) > 1:
                yield "view", str(view["phase"]), Table.from_view(view), seat
            state, _ = ENGINE.apply(state, bots[seat].choose(view, list(legal)))
