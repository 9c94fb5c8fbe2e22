"""Time After Time bots: easy, expert and master. Each sees only its own view and its legal actions.

The only real choices in the game are where a drawn hour goes (TT-4) and whether to make the
emergency move (TT-7); the position drawn from a neighbour's hand is blind (the engine keeps card
positions secret), so every level draws a random position.

- `easy` puts each hour where it "naturally" belongs (06H00 far left, 22H00 far right) and shifts
  only when the first emergency move it finds makes the row completable again.
- `expert` sizes the gaps to the hours still possible: within the gap the card falls into, it
  splits the free slots in proportion to the hours still in play on each side (both copies of an
  hour in rows or out of the game no longer count), never choosing a split that leaves the row
  impossible to complete. It takes the emergency move when one makes the row completable. Once per
  turn it may move a random card of its hand to a random position (TT-3b); the choice never depends
  on where its Ghost sits, so the public from/to positions tell the drawer nothing.
- `master` also tracks the cards that may still come its way: hours gone from rows and out of the
  game, copies in its own hand, the cards announced into other hands (kept cards and Ghosts, which
  its right-hand neighbour must hold) and the Ghosts it does not hold. From them it sets a draw
  model (each turn brings hour h with probability p(h), a Ghost wastes the turn) and places each
  hour on the slot that minimises the exact expected turns to fill its row (FillTimeModel, a
  dynamic programme over the row's gaps), the very next draw weighted by what its neighbour is
  known to hold. Its emergency move (TT-7) is the one with the least expected turns.
"""

from __future__ import annotations

import math
from typing import Any, Iterator

from game.core.engine import Engine
from game.core.rng import Rng
from game.core.types import Action
from game.rules.time_after_time import (FIRST_HOUR, GHOSTS, HOURS, LAST_HOUR, LEFT_END_HOUR, RIGHT_END_HOUR,
                                        SLOTS, TIME_CARDS, hour_of, is_ghost)

IMPOSSIBLE = -1.0e6
LOG_COMB = [[math.log(math.comb(m, k)) if k <= m else IMPOSSIBLE for k in range(SLOTS + 1)]
            for m in range(len(HOURS) + 1)]


def hours_row(row: list[str | None]) -> list[int]:
    """A row as hours, 0 for a free slot."""
    return [0 if card is None else hour_of(card) for card in row]


def gap_runs(row: list[int]) -> list[tuple[int, int, int, int]]:
    """Runs of free slots as (first slot, length, hour on the left, hour on the right)."""
    runs = []
    left, start = LEFT_END_HOUR, -1
    for index in range(SLOTS + 1):
        hour = RIGHT_END_HOUR if index == SLOTS else row[index]
        if hour == 0:
            if start < 0:
                start = index
            continue
        if start >= 0:
            runs.append((start, index - start, left, hour))
            start = -1
        left = hour
    return runs


def slots_for(row: list[int], hour: int) -> list[int]:
    """Free slots keeping the row strictly rising (ruling TT-4)."""
    found = []
    below = LEFT_END_HOUR
    for index, value in enumerate(row):
        if value:
            below = value
            continue
        if below < hour:
            above = next((v for v in row[index + 1:] if v), RIGHT_END_HOUR)
            if hour < above:
                found.append(index)
    return found


class Availability:
    """How many copies of each hour may still come to this seat (prefix sums for fast counts)."""

    def __init__(self, copies: dict[int, int]) -> None:
        self.copies = copies
        self.prefix = [0] * (RIGHT_END_HOUR + 1)  # prefix[h] = distinct available hours < h
        running = 0
        for hour in range(RIGHT_END_HOUR + 1):
            self.prefix[hour] = running
            if copies.get(hour, 0) > 0:
                running += 1

    def between(self, low: int, high: int) -> int:
        """Distinct hours strictly between low and high still possible."""
        return self.prefix[high] - self.prefix[low + 1] if high > low + 1 else 0

    @classmethod
    def from_view(cls, view: dict[str, Any], exclude_own_hand: bool) -> "Availability":
        copies = {hour: 2 for hour in HOURS}
        gone = [c for row in view["rows"] for c in row if c is not None] + list(view["out_of_game"])
        if exclude_own_hand:
            gone += [c for c in view["hand"] if not is_ghost(c)]
        for card in gone:
            copies[hour_of(card)] -= 1
        return cls(copies)


def row_value(row: list[int], avail: Availability) -> float:
    """Sum over the gaps of log(ways to choose their hours): how much room the row keeps."""
    total = 0.0
    for _, length, low, high in gap_runs(row):
        total += LOG_COMB[avail.between(low, high)][length]
    return total


def completable(row: list[int], avail: Availability) -> bool:
    return all(avail.between(low, high) >= length for _, length, low, high in gap_runs(row))


def natural_slot(hour: int) -> float:
    return (hour - FIRST_HOUR) / (LAST_HOUR - FIRST_HOUR) * (SLOTS - 1)


def proportional_slot(row: list[int], hour: int, slots: list[int], avail: Availability) -> int:
    """The expert's rule: split the gap's free slots in proportion to the hours still possible on
    each side of `hour`, never leaving a side with more slots than hours."""
    gap = next(g for g in gap_runs(row) if g[0] <= slots[0] < g[0] + g[1])
    start, length, low, high = gap
    left_hours, right_hours = avail.between(low, hour), avail.between(hour, high)
    ideal = (length - 1) * left_hours / max(1, left_hours + right_hours)

    def badness(slot: int) -> tuple[int, float]:
        left_free = slot - start
        right_free = length - 1 - left_free
        infeasible = int(left_free > left_hours) + int(right_free > right_hours)
        return (infeasible, abs(left_free - ideal))

    return min(slots, key=badness)


def repairing_shifts(view: dict[str, Any], seat: int, shifts: list[Action], avail: Availability
                     ) -> Iterator[tuple[Action, list[int]]]:
    """Ruling TT-7: the emergency moves after which `seat`'s row can be completed again, each with
    the row (as hours) it leaves."""
    row = hours_row(view["rows"][seat])
    for action in shifts:
        after = list(row)
        for source, target in action["moves"]:
            after[target], after[source] = after[source], 0
        if completable(after, avail):
            yield action, after


class _BotBase:
    """Shared plumbing: own RNG, a random blind draw, and the emergency move."""

    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        self.engine, self.seat = engine, seat
        self.rng = Rng.from_seed(seed, f"tt-bot{seat}")
        self._reordered_on_turn = -1

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        kinds = {action.kind for action in legal}
        if "place" in kinds:
            places = [a for a in legal if a.kind == "place"]
            slot = self.choose_slot(view, hour_of(view["pending"]), [a["slot"] for a in places])
            return next(a for a in places if a["slot"] == slot)
        if "keep" in kinds:
            return next(a for a in legal if a.kind == "keep")
        if "shift" in kinds:
            shift = self.choose_shift(view, [a for a in legal if a.kind == "shift"])
            if shift is not None:
                return shift
        reorder = self.maybe_reorder(view, legal)
        if reorder is not None:
            return reorder
        draws = [a for a in legal if a.kind == "draw"]
        if draws:
            return self.rng.choice(draws)
        return self.rng.choice(legal)

    def choose_slot(self, view: dict[str, Any], hour: int, slots: list[int]) -> int:
        raise NotImplementedError

    def maybe_reorder(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        return None

    def choose_shift(self, view: dict[str, Any], shifts: list[Action]) -> Action | None:
        """Ruling TT-7: take the emergency move that leaves the most room, if one makes the row
        completable again; otherwise draw."""
        avail = Availability.from_view(view, exclude_own_hand=False)
        best, best_value = None, -math.inf
        for action, after in repairing_shifts(view, self.seat, shifts, avail):
            value = row_value(after, avail)
            if value > best_value:
                best, best_value = action, value
        return best


class EasyBot(_BotBase):
    """Each hour goes to the legal slot nearest to where it belongs on a 06H00-22H00 scale."""

    def choose_slot(self, view: dict[str, Any], hour: int, slots: list[int]) -> int:
        target = natural_slot(hour)
        return min(slots, key=lambda slot: (abs(slot - target), self.rng.random()))

    def choose_shift(self, view: dict[str, Any], shifts: list[Action]) -> Action | None:
        avail = Availability.from_view(view, exclude_own_hand=False)
        return next((action for action, _ in repairing_shifts(view, self.seat, shifts, avail)), None)


class ExpertBot(_BotBase):
    """Gaps sized to the hours still possible; a leak-free shuffle of its hand once in a while."""

    def choose_slot(self, view: dict[str, Any], hour: int, slots: list[int]) -> int:
        avail = Availability.from_view(view, exclude_own_hand=False)
        return proportional_slot(hours_row(view["rows"][self.seat]), hour, slots, avail)

    def maybe_reorder(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """Ruling TT-3b: at most one reorder per turn, of a card chosen without looking at where the
        Ghost is (so the positions everybody sees reveal nothing)."""
        if self._reordered_on_turn == view["turn_number"] or view["phase"] != "draw":
            return None
        self._reordered_on_turn = view["turn_number"]
        size = len(view["hand"])
        if size < 2 or self.rng.below(2) == 0:
            return None
        source = self.rng.below(size)
        target = self.rng.below(size - 1)
        target += target >= source
        action = Action.make(self.seat, "reorder", **{"from": source, "to": target})
        return action if action in legal else None


Gap = tuple[int, int, int]  # (hour on the left, hour on the right, free slots between them)
GapSet = tuple[Gap, ...]  # a row's free runs, left to right: all that its future depends on


def row_gaps(row: list[int]) -> GapSet:
    """The row as its runs of free slots. Filled runs between two gaps do not matter: a gap
    between hours a and b only ever takes hours strictly between a and b (ruling TT-4)."""
    return tuple((low, high, length) for _, length, low, high in gap_runs(row))


class FillTimeModel:
    """Expected turns to fill a row, and the placement that minimises them, exactly for a draw model
    where each turn brings hour h with probability p(h) and anything else (a Ghost, an hour no free
    slot takes) wastes the turn:

        V(full) = 0,  V(row) = (1 + sum over placeable h of p(h) * min over slots V(row + h)) / P(placeable)

    Memoised over the rows reachable from the ones asked about. Only the gaps matter, and a gap
    between hours a and b only takes hours in (a, b), so an empty row reaches about 23,000 gap
    sets and a half-filled one a few hundred. Children that the model's hours can no longer
    complete are never chosen: from a completable gap every hour it takes has a slot that keeps it
    completable (place it at min(its rank among the possible hours, free - 1))."""

    def __init__(self, weights: dict[int, float], waste: float) -> None:
        """`weights[h]`: how many copies of hour h may still come; `waste`: the weight of draws that
        can never be placed (Ghosts). Probabilities are the weights over their total."""
        total = sum(weights.values()) + waste
        self.probability = [0.0] * (RIGHT_END_HOUR + 1)
        for hour, weight in weights.items():
            if weight > 0:
                self.probability[hour] = weight / total
        self.possible_below = [0] * (RIGHT_END_HOUR + 2)  # distinct possible hours < h
        running = 0
        for hour in range(RIGHT_END_HOUR + 2):
            self.possible_below[hour] = running
            if hour <= RIGHT_END_HOUR and self.probability[hour] > 0:
                running += 1
        self.memo: dict[GapSet, float] = {(): 0.0}
        self._moves: dict[Gap, tuple[float, list[tuple[float, list[GapSet]]]]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> "FillTimeModel":
        """A model is a pure function of its probabilities and the memo only caches it, so a copied
        bot may share it (copying 23,000 memo entries per move made bot copies slow)."""
        return self

    def hours_between(self, low: int, high: int) -> int:
        """Distinct hours strictly between low and high that the model can still bring."""
        return self.possible_below[high] - self.possible_below[low + 1] if high > low + 1 else 0

    def feasible(self, gaps: GapSet) -> bool:
        """Each gap has at least as many possible hours as free slots (ruling TT-7's test, with
        this model's hours)."""
        return all(self.hours_between(low, high) >= free for low, high, free in gaps)

    def _gap_moves(self, gap: Gap) -> tuple[float, list[tuple[float, list[GapSet]]]]:
        """For one gap: the probability that a draw lands in it, and for each hour it takes, the
        completable ways to split it (what replaces the gap)."""
        low, high, free = gap
        mass, by_hour = 0.0, []
        for hour in range(low + 1, high):
            chance = self.probability[hour]
            if chance <= 0:
                continue
            mass += chance
            left_hours, right_hours = self.hours_between(low, hour), self.hours_between(hour, high)
            splits: list[GapSet] = []
            for left_free in range(max(0, free - 1 - right_hours), min(free - 1, left_hours) + 1):
                right_free = free - 1 - left_free
                splits.append(((low, hour, left_free),) * (left_free > 0) + ((hour, high, right_free),) * (right_free > 0))
            by_hour.append((chance, splits))
        entry = (mass, by_hour)
        self._moves[gap] = entry
        return entry

    def expected_turns(self, gaps: GapSet) -> float:
        """V of a completable gap set (math.inf if it is not completable)."""
        value = self.memo.get(gaps)
        if value is not None:
            return value
        if not self.feasible(gaps):
            self.memo[gaps] = math.inf
            return math.inf
        return self._solve(gaps)

    def _solve(self, gaps: GapSet) -> float:
        memo, moves = self.memo, self._moves
        total, mass = 1.0, 0.0
        for index, gap in enumerate(gaps):
            gap_mass, by_hour = moves.get(gap) or self._gap_moves(gap)
            mass += gap_mass
            before, after = gaps[:index], gaps[index + 1:]
            for chance, splits in by_hour:
                best = math.inf
                for split in splits:
                    child = before + split + after
                    value = memo.get(child)
                    if value is None:
                        value = self._solve(child)
                    if value < best:
                        best = value
                total += chance * best
        value = total / mass if mass > 0 else math.inf
        memo[gaps] = value
        return value

    def row_turns(self, row: list[int]) -> float:
        return self.expected_turns(row_gaps(row))

    def best_slot(self, row: list[int], hour: int, slots: list[int]) -> tuple[int, float]:
        """The legal slot whose row has the least V, and that V (math.inf if none is completable;
        ties go to the leftmost slot)."""
        best, best_value = slots[0], math.inf
        for slot in slots:
            row[slot] = hour
            value = self.row_turns(row)
            row[slot] = 0
            if value < best_value:
                best, best_value = slot, value
        return best, best_value


class MasterBot(ExpertBot):
    """Exact placement for a blind draw: where a drawn hour goes minimises the expected turns to
    fill the row (FillTimeModel), with p(h) from the copies that may still come its way, and the
    very next draw weighted by what its right-hand neighbour is known to hold."""

    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        super().__init__(engine, seat, seed)
        self._model: FillTimeModel | None = None
        self._model_key: tuple[tuple[float, ...], int] | None = None

    def choose_slot(self, view: dict[str, Any], hour: int, slots: list[int]) -> int:
        row = hours_row(view["rows"][self.seat])
        if len(slots) == 1:
            return slots[0]
        model = self.fill_model(view)
        next_draw = self.next_draw_chances(view)
        best, best_value = slots[0], math.inf
        for slot in slots:
            row[slot] = hour
            value = self.turns_after_next_draw(model, row, next_draw)
            row[slot] = 0
            if value < best_value:
                best, best_value = slot, value
        if best_value == math.inf:  # the row is lost under the model: the expert's rule still keeps room
            return proportional_slot(row, hour, slots, Availability.from_view(view, exclude_own_hand=True))
        return best

    @staticmethod
    def turns_after_next_draw(model: FillTimeModel, row: list[int], next_draw: dict[int, float]) -> float:
        """V of `row` when the next draw follows `next_draw` (hour -> chance, 0 = Ghost) and later
        ones follow the model: 1 + sum q(h) V(best child) + q(no placement) V(row)."""
        stay = model.row_turns(row)
        if stay == math.inf or stay == 0.0:
            return stay
        total, placed = 1.0, 0.0
        for hour, chance in next_draw.items():
            slots = slots_for(row, hour) if hour else []
            if not slots:
                continue
            placed += chance
            total += chance * model.best_slot(row, hour, slots)[1]
        return total + (1.0 - placed) * stay

    def choose_shift(self, view: dict[str, Any], shifts: list[Action]) -> Action | None:
        """Ruling TT-7: among the emergency moves that make the row completable again, the one with
        the least V; if the model rates none finite, the expert's most-room choice."""
        avail = Availability.from_view(view, exclude_own_hand=False)
        model = self.fill_model(view)
        best, best_value = None, math.inf
        for action, after in repairing_shifts(view, self.seat, shifts, avail):
            value = model.row_turns(after)
            if value < best_value:
                best, best_value = action, value
        return best if best is not None else super().choose_shift(view, shifts)

    def fill_model(self, view: dict[str, Any]) -> FillTimeModel:
        """The model for this view; the last one is kept, so the same view never solves twice."""
        pool = self.draw_pools(view)[0]
        weights = {hour: float(pool.count(hour)) for hour in HOURS}
        key = (tuple(weights.values()), pool.count(0))
        if self._model_key != key:
            self._model, self._model_key = FillTimeModel(weights, float(pool.count(0))), key
        return self._model

    def next_draw_chances(self, view: dict[str, Any]) -> dict[int, float]:
        """Chance of each hour (0 = Ghost) on the next draw from the right-hand neighbour: its
        announced cards are there for sure, its other cards are anonymous ones."""
        _, known, anonymous, size = self.draw_pools(view)
        size = max(size, len(known), 1)
        chances: dict[int, float] = {}
        for hour in known:
            chances[hour] = chances.get(hour, 0.0) + 1.0 / size
        if anonymous:
            share = (size - len(known)) / size / len(anonymous)
            for hour in anonymous:
                chances[hour] = chances.get(hour, 0.0) + share
        return chances

    def draw_pools(self, view: dict[str, Any]) -> tuple[list[int], list[int], list[int], int]:
        """What draws may bring, as hours (0 for a Ghost): `pool`, every card not seen in a row, out
        of the game, pending or in this hand, plus the Ghosts held elsewhere; for the next draw (from
        the right-hand neighbour) the cards announced into that hand (`known`), and for the rest of
        that hand the cards not announced anywhere plus the Ghosts nobody has seen (`anonymous`)."""
        seen = {c for row in view["rows"] for c in row if c is not None}
        seen.update(view["out_of_game"])
        seen.update(view["hand"])
        if view["pending"] is not None:
            seen.add(view["pending"])
        unseen = [c for c in TIME_CARDS if c not in seen]
        ghosts_elsewhere = sum(1 for g in GHOSTS[:view["ghosts_in_game"]] if g not in view["hand"])
        pool = [hour_of(c) for c in unseen] + [0] * ghosts_elsewhere
        announced = {c for s, cards in enumerate(view["public_hand_cards"]) if s != self.seat for c in cards}
        anonymous = [hour_of(c) for c in unseen if c not in announced] + [0] * view["ghosts_unseen"]
        neighbour = (self.seat - 1) % view["seats"]
        known = [0 if is_ghost(c) else hour_of(c) for c in view["public_hand_cards"][neighbour]]
        return pool, known, anonymous, view["hand_size"][neighbour]


BOTS = {"easy": EasyBot, "expert": ExpertBot, "master": MasterBot}
