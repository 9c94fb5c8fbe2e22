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
  its right-hand neighbour must hold) and the Ghosts it does not hold. For each legal slot it plays
  the rest of its row forward many times (Monte Carlo, the same random draws for every slot), with
  draws sampled from those cards, and keeps the slot that completes the row in the fewest turns.
"""

from __future__ import annotations

import math
from typing import Any

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


def greedy_slot(row: list[int], slots: list[int], hour: int, avail: Availability) -> int:
    """The slot that keeps the most room (row_value), used in master's rollouts."""
    best, best_value = slots[0], -math.inf
    for slot in slots:
        row[slot] = hour
        value = row_value(row, avail)
        row[slot] = 0
        if value > best_value:
            best, best_value = slot, value
    return best


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
        row = hours_row(view["rows"][self.seat])
        best, best_value = None, -math.inf
        for action in shifts:
            after = list(row)
            for source, target in action["moves"]:
                after[target], after[source] = after[source], 0
            if not completable(after, avail):
                continue
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
        row = hours_row(view["rows"][self.seat])
        for action in shifts:
            after = list(row)
            for source, target in action["moves"]:
                after[target], after[source] = after[source], 0
            if completable(after, avail):
                return action
        return None


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


class MasterBot(ExpertBot):
    """Monte Carlo over its own future draws, from the cards it knows may still come."""

    rollouts = 60
    horizon = 28
    ghost_cost = 2  # turns a drawn Ghost costs: the lost turn, and waiting to be rid of it

    def choose_slot(self, view: dict[str, Any], hour: int, slots: list[int]) -> int:
        avail = Availability.from_view(view, exclude_own_hand=True)
        row = hours_row(view["rows"][self.seat])
        if len(slots) == 1:
            return slots[0]
        row_copy = list(row)
        candidates = []
        for slot in slots:
            row_copy[slot] = hour
            candidates.append((slot, list(row_copy)))
            row_copy[slot] = 0
        feasible = [(slot, after) for slot, after in candidates if completable(after, avail)]
        if not feasible:
            return proportional_slot(row, hour, slots, avail)
        if len(feasible) == 1:
            return feasible[0][0]
        pools = self.draw_pools(view)
        sequences = [self.sample_draws(*pools) for _ in range(self.rollouts)]
        best, best_score = feasible[0][0], -math.inf
        for slot, after in feasible:
            turns = [self.turns_to_finish(after, draws, avail) for draws in sequences]
            score = -sum(turns) / len(turns) + 1e-3 * row_value(after, avail)  # ties: keep the most room
            if score > best_score:
                best, best_score = slot, score
        return best

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

    def sample_draws(self, pool: list[int], known: list[int], anonymous: list[int], size: int) -> list[int]:
        """One possible future: the next draw from the neighbour's hand, then draws from the pool."""
        if known and self.rng.below(max(size, len(known))) < len(known):
            first = self.rng.choice(known)
        elif anonymous:
            first = self.rng.choice(anonymous)
        else:
            first = self.rng.choice(pool) if pool else 0
        rest = list(pool)
        if first in rest:
            rest.remove(first)
        draws = [first]
        for _ in range(min(self.horizon, len(rest))):
            index = self.rng.below(len(rest))
            rest[index], rest[-1] = rest[-1], rest[index]
            draws.append(rest.pop())
        return draws

    def turns_to_finish(self, row: list[int], draws: list[int], avail: Availability) -> float:
        """Turns this row needs to fill with these draws, placing greedily (a cap if it never does)."""
        work = list(row)
        free = work.count(0)
        turns = 0
        for hour in draws:
            if free == 0:
                return turns
            turns += 1
            if hour == 0:
                turns += self.ghost_cost - 1
                continue
            slots = slots_for(work, hour)
            if not slots:
                continue
            work[greedy_slot(work, slots, hour, avail) if len(slots) > 1 else slots[0]] = hour
            free -= 1
        return turns + (self.horizon + 2 * free if free else 0)


BOTS = {"easy": EasyBot, "expert": ExpertBot, "master": MasterBot}
