"""Time After Time: fill seven slots with hours that rise left to right, drawing blind from your
right-hand neighbour's hand, and never be caught holding a Ghost.

Rules: `shared/rulebooks/time-after-time.txt` settled by RULINGS TT-1...TT-8 and G-1.

What is secret, and how the engine keeps it so:
- The ids of the cards in another seat's hand are secret, except the cards that became public
  there (a kept card, TT-5, and a drawn Ghost, TT-3, are announced): those are listed in
  `known`, never with their position.
- Where a card sits in a hand is secret to everyone but the owner: a card entering a hand goes to
  a random position (drawn from the state's RNG) and only the owner learns which. Views carry no
  per-position information about other hands, only their sizes; reorders show others only the
  positions moved.
- The draw pile's contents and order are secret to all.

The one addition to the rulings (call it the safety cap): a game that reaches `SAFETY_TURN_CAP`
turns ends in a tie. Only deliberately endless play gets there (two players passing one Ghost to
each other, or a player who keeps shifting an unfinishable row); it must never hang a table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Sequence

from game.core.engine import Engine, Option
from game.core.rng import Rng
from game.core.types import Action, Event, GameConfig, Outcome
from game.core.types import others as redacted_audience  # a redacted twin: other seats + spectators
from game.core.view_checks import ViewProblem, cards, field, items, mapping, need, one_of, seat_number, text, whole

SLOTS = 7
FIRST_HOUR = 6
LAST_HOUR = 22
LEFT_END_HOUR = 5  # ruling TT-7: the row's ends count as 05H and 23H
RIGHT_END_HOUR = 23
HOURS = tuple(range(FIRST_HOUR, LAST_HOUR + 1))
TIME_CARDS = tuple(f"tt-{hour:02d}-{copy}" for hour in HOURS for copy in ("a", "b"))
GHOSTS = ("tt-ghost-1", "tt-ghost-2")
TIME_CARDS_DEALT = {2: 13, 3: 19, 4: 26}  # ruling TT-1
GHOSTS_IN_PLAY = {2: 1, 3: 2, 4: 2}
TIME_CARD_SET = frozenset(TIME_CARDS)
DECK_OF_SEATS = {seats: frozenset(TIME_CARDS + GHOSTS[:ghosts]) for seats, ghosts in GHOSTS_IN_PLAY.items()}
SAFETY_TURN_CAP = 1000

PHASE_DRAW = "draw"
PHASE_PLACE = "place"
PHASE_REDRAW = "redraw"  # option ghost_redraw: the second draw after a Ghost (ruling TT-3)
PHASE_OVER = "over"
PHASES = (PHASE_DRAW, PHASE_PLACE, PHASE_REDRAW, PHASE_OVER)
END_REASONS = ("row_complete", "empty_hand", "safety_cap")
KEEP_REASONS = ("full_row", "someone_could_place")


def is_ghost(card: str) -> bool:
    return card.startswith("tt-ghost")


HOUR_BY_CARD: dict[str, int] = {card: int(card[3:5]) for card in TIME_CARDS}
"""The deck's Time cards and their hours, read once: hour_of was the top line of the suite's profile."""


def hour_of(card: str) -> int:
    """The hour a Time card shows (ValueError for a Ghost). A card of the deck is looked up; any
    other string is read as before (tests/test_rules_second_look18_time_after_time.py pins both)."""
    try:
        return HOUR_BY_CARD[card]
    except (KeyError, TypeError):
        pass
    if is_ghost(card):
        raise ValueError(f"{card} is a Ghost, it shows no hour")
    return int(card[3:5])


def card_label(card: str) -> str:
    """What a player reads on the card: "14H00" or "a Ghost"."""
    return "a Ghost" if is_ghost(card) else f"{hour_of(card):02d}H00"


def slot_list(slots: list[int]) -> str:
    """Slots as the log numbers them (1-7): "slot 3", "slots 4, 5, 6 or 7"."""
    numbers = [str(slot + 1) for slot in slots]
    if len(numbers) == 1:
        return f"slot {numbers[0]}"
    return f"slots {', '.join(numbers[:-1])} or {numbers[-1]}"


def right_neighbour(seat: int, seats: int) -> int:
    """Ruling G-1: the right-hand neighbour is the previous seat."""
    return (seat - 1) % seats


def left_neighbour(seat: int, seats: int) -> int:
    return (seat + 1) % seats


def legal_slots(row: list[str | None], hour: int) -> list[int]:
    """Free slots where `hour` keeps the filled slots strictly increasing (ruling TT-4)."""
    slots = []
    below = LEFT_END_HOUR
    for index, card in enumerate(row):
        if card is not None:
            below = hour_of(card)
            continue
        if below >= hour:
            continue
        above = next((hour_of(c) for c in row[index + 1:] if c is not None), RIGHT_END_HOUR)
        if hour < above:
            slots.append(index)
    return slots


def gaps(row: list[str | None]) -> list[tuple[int, int, int, int]]:
    """Runs of free slots as (first slot, length, hour on the left, hour on the right), the row's
    ends counting as 05H and 23H (ruling TT-7)."""
    found = []
    left_hour = LEFT_END_HOUR
    start = None
    for index, card in enumerate(row + ["end"]):
        if card is None:
            if start is None:
                start = index
            continue
        right_hour = RIGHT_END_HOUR if card == "end" else hour_of(card)
        if start is not None:
            found.append((start, index - start, left_hour, right_hour))
            start = None
        left_hour = right_hour
    return found


def hours_gone(cards_gone: list[str]) -> set[int]:
    """Hours whose both copies are in rows or out of the game (ruling TT-7's "no longer in play")."""
    seen: set[int] = set()
    gone: set[int] = set()
    for card in cards_gone:
        hour = HOUR_BY_CARD.get(card)
        if hour is None:
            if is_ghost(card):
                continue
            hour = hour_of(card)
        if hour in seen:
            gone.add(hour)
        else:
            seen.add(hour)
    return gone


def stuck_gap(row: list[str | None], gone: set[int]) -> tuple[int, int, int, int, int] | None:
    """The first run of free slots with more slots than hours still in play between its neighbours
    (ruling TT-7), as (first slot, length, hour on the left, hour on the right, hours left), or None
    when the row can still be completed: why a row is stuck, for the table to say."""
    for start, length, low, high in gaps(row):
        available = sum(1 for hour in range(low + 1, high) if hour not in gone)
        if available < length:
            return start, length, low, high, available
    return None


def row_completable(row: list[str | None], gone: set[int]) -> bool:
    """Ruling TT-7: every run of k free slots between hours a and b has at least k distinct hours
    strictly between a and b that are still in play."""
    return stuck_gap(row, gone) is None


def emergency_open(phase: str, turn: int, seat: int, row: list[str | None], completable: Callable[[], bool]) -> bool:
    """Ruling TT-7: the emergency move is open to `seat` on its turn, before drawing, when its row
    cannot be completed and holds a placed card beside a free slot. A row with no card placed has
    nothing to shift (it can be stuck when most hours are gone), so no move is said to be open;
    any other row with a free slot has a card beside one. `completable` is asked last (it costs)."""
    return (phase == PHASE_DRAW and seat == turn and None in row and any(card is not None for card in row)
            and not completable())


def shift_sequences(row: list[str | None]) -> list[tuple[tuple[int, int], ...]]:
    """Every emergency move of ruling TT-7: one placed card, or two different ones one after the
    other, each moved by one slot into an adjacent free slot (order is kept automatically)."""
    def single_moves(current: list[str | None]) -> list[tuple[int, int]]:
        moves = []
        for index, card in enumerate(current):
            if card is None:
                continue
            for target in (index - 1, index + 1):
                if 0 <= target < SLOTS and current[target] is None:
                    moves.append((index, target))
        return moves

    sequences: list[tuple[tuple[int, int], ...]] = []
    for first in single_moves(row):
        sequences.append((first,))
        after = list(row)
        after[first[1]], after[first[0]] = after[first[0]], None
        for second in single_moves(after):
            if second[0] != first[1]:  # a different card, not the same one again
                sequences.append((first, second))
    return sequences


def apply_shift(row: list[str | None], moves: tuple[tuple[int, int], ...]) -> list[str | None]:
    after = list(row)
    for source, target in moves:
        after[target], after[source] = after[source], None
    return after


@lru_cache(maxsize=None)
def draw_actions(seat: int, hand_size: int) -> tuple[Action, ...]:
    """Ruling TT-2: a draw of each position of the neighbour's hand. Made once per seat and size
    (Actions are frozen values): legal_actions is asked for every seat after every move."""
    return tuple(Action.make(seat, "draw", position=i) for i in range(hand_size))


@lru_cache(maxsize=None)
def reorder_actions(seat: int, hand_size: int) -> tuple[Action, ...]:
    """Ruling TT-3b: every "move the card at i to j" of a hand this size, made once per seat and
    size (seven cards are 42 moves, offered to every seat after every move)."""
    return tuple(Action.make(seat, "reorder", **{"from": i, "to": j})
                 for i in range(hand_size) for j in range(hand_size) if i != j)


@dataclass(frozen=True, slots=True)
class TurnFacts:
    """Public facts a table scene or a bot reads about the card being placed."""

    legal_slots: list[int]
    who_could_place: list[int]


class TimeAfterTime(Engine[dict]):
    game_id = "time-after-time"
    title = "Time After Time"
    min_seats = 2
    max_seats = 4
    action_kinds = ("draw", "place", "keep", "shift", "reorder")
    options = (
        Option("ghost_redraw", "Ghost redraw", ((False, "Off: a Ghost ends the turn"),
                                                (True, "On: draw again after a Ghost")),
               "What a Ghost drawn from your neighbour does.",  # ruling TT-3
               choice_help=((False, "It goes into your hand and your turn is over."),
                            (True, "It goes into your hand and you draw a second card from the same "
                                   "neighbour."))),
    )

    # --- setup --------------------------------------------------------------------------------
    def new_game(self, config: GameConfig, seed: int) -> dict:
        """Deal as ruling TT-1 says: a share of the Time cards plus the Ghosts, 7 each; the
        remaining Time cards are the draw pile; the starting seat is random (ruling TT-2)."""
        self.check_config(config)
        seats = config.seat_count
        rng = Rng.from_seed(seed, "time-after-time")
        time_cards = rng.shuffled(TIME_CARDS)
        dealt_count = TIME_CARDS_DEALT[seats]
        to_deal = rng.shuffled(time_cards[:dealt_count] + list(GHOSTS[:GHOSTS_IN_PLAY[seats]]))
        hands = [to_deal[i * SLOTS:(i + 1) * SLOTS] for i in range(seats)]
        return {
            "seats": seats,
            "names": [seat.name for seat in config.seats],
            "ghost_redraw": bool(self.option_value(config, "ghost_redraw")),
            "ghosts": list(GHOSTS[:GHOSTS_IN_PLAY[seats]]),
            "hands": hands,
            "known": [[] for _ in range(seats)],
            "rows": [[None] * SLOTS for _ in range(seats)],
            "pile": time_cards[dealt_count:],
            "out": [],
            "turn": rng.below(seats),
            "turn_number": 1,
            "phase": PHASE_DRAW,
            "pending": None,
            "winner": None,
            "end_reason": None,
            "last": None,
            "rng": rng.state,
        }

    # --- queries ------------------------------------------------------------------------------
    def is_over(self, state: dict) -> bool:
        return state["phase"] == PHASE_OVER

    def active_seats(self, state: dict) -> list[int]:
        return [] if self.is_over(state) else [state["turn"]]

    def cards_gone(self, state: dict) -> list[str]:
        return [card for row in state["rows"] for card in row if card is not None] + state["out"]

    def completable(self, state: dict, seat: int) -> bool:
        return row_completable(state["rows"][seat], hours_gone(self.cards_gone(state)))

    def emergency_available(self, state: dict, seat: int) -> bool:
        """Ruling TT-7: on your turn, before drawing, with a row that can no longer be completed and
        a placed card to shift."""
        return emergency_open(state["phase"], state["turn"], seat, state["rows"][seat],
                              lambda: self.completable(state, seat))

    def turn_facts(self, state: dict) -> TurnFacts:
        """Where the pending card may go, and who else could place it (ruling TT-5's question,
        answered by the engine and only asked when the drawer has no legal slot)."""
        card = state["pending"]
        if card is None:
            return TurnFacts([], [])
        seat = state["turn"]
        slots = legal_slots(state["rows"][seat], hour_of(card))
        if slots:
            return TurnFacts(slots, [])
        others = [other for other in range(state["seats"])
                  if other != seat and legal_slots(state["rows"][other], hour_of(card))]
        return TurnFacts([], others)

    def legal_actions(self, state: dict, seat: int) -> list[Action]:
        if self.is_over(state) or not 0 <= seat < state["seats"]:
            return []
        actions: list[Action] = []
        if seat == state["turn"]:
            phase = state["phase"]
            if phase in (PHASE_DRAW, PHASE_REDRAW):
                victim = right_neighbour(seat, state["seats"])
                actions += draw_actions(seat, len(state["hands"][victim]))
                if phase == PHASE_DRAW and self.emergency_available(state, seat):
                    actions += [Action.make(seat, "shift", moves=moves)
                                for moves in shift_sequences(state["rows"][seat])]
            elif phase == PHASE_PLACE:
                facts = self.turn_facts(state)
                if facts.legal_slots:
                    actions += [Action.make(seat, "place", slot=slot) for slot in facts.legal_slots]
                else:
                    actions.append(Action.make(seat, "keep"))
        # ruling TT-3b: reordering your own hand, at any time, one move at a time
        actions += reorder_actions(seat, len(state["hands"][seat]))
        return actions

    def explain_illegal(self, state: dict, action: Action) -> str:
        if self.is_over(state):
            return "the game is over"
        seat, kind = action.seat, action.kind
        if not 0 <= seat < state["seats"]:
            return f"there is no seat {seat}"
        if kind == "reorder":
            size = len(state["hands"][seat])
            return f"a reorder moves a card between two different positions 0-{size - 1} of your own hand"
        if kind not in self.action_kinds:
            return f"{kind!r} is not a Time After Time move"
        if seat != state["turn"]:
            return (f"it is not your turn: {state['names'][state['turn']]} is playing (only reordering "
                    "your hand is allowed out of turn)")
        phase = state["phase"]
        if kind == "draw":
            if phase == PHASE_PLACE:
                return "you already drew this turn: place or keep the card first"
            neighbour = right_neighbour(seat, state["seats"])
            size, name = len(state["hands"][neighbour]), state["names"][neighbour]
            if size == 0:
                return f"{name} has no card in hand to draw"
            return f"pick one of the {size} card{'s' if size != 1 else ''} in {name}'s hand"
        if kind == "shift":
            if phase != PHASE_DRAW:
                return "the emergency move replaces the draw: it is only allowed before drawing"
            if not self.emergency_available(state, seat):
                if not any(state["rows"][seat]) and not self.completable(state, seat):
                    # stuck with nothing placed (most hours gone): nothing for the move to shift
                    return "the emergency move shifts cards already placed, and your row has none yet (TT-7)"
                return "the emergency move is only allowed when your row can no longer be completed (TT-7)"
            return "each shift moves a different placed card by one slot into a free neighbouring slot"
        if phase != PHASE_PLACE:
            return "draw a card first"
        facts = self.turn_facts(state)
        if kind == "keep":
            return "you keep a card only when you cannot place it but an opponent could (TT-5)"
        if not facts.legal_slots:
            return "no slot can take this card: keep it (an opponent could place it)"
        return (f"{card_label(state['pending'])} must go on a free slot that keeps the row rising: "
                f"{slot_list(facts.legal_slots)}")

    # --- applying -----------------------------------------------------------------------------
    def _apply(self, state: dict, action: Action) -> list[Event]:
        seat, kind = action.seat, action.kind
        if kind == "reorder":
            events = self._reorder(state, seat, action["from"], action["to"])
            return [self._with_names(state, event) for event in events]
        if kind == "draw":
            events = self._draw(state, seat, action["position"])
        elif kind == "place":
            events = self._place(state, seat, action["slot"])
        elif kind == "keep":
            events = self._keep(state, seat)
        elif kind == "shift":
            events = self._shift(state, seat, tuple(tuple(m) for m in action["moves"]))
        else:  # pragma: no cover - apply() checked legality
            raise AssertionError(kind)
        events += self._settle(state)
        return [self._with_names(state, event) for event in events]

    @staticmethod
    def _with_names(state: dict, event: Event) -> Event:
        """Seat names ride along so `describe` can write "You drew 14H00 from Ann"."""
        extra = {}
        for key, name_key in (("seat", "name"), ("from_seat", "from_name"), ("winner", "winner_name")):
            value = event.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                extra[name_key] = state["names"][value]
        if not extra:
            return event
        return Event.make(event.kind, event.audience, **dict(event.args), **extra)

    def _insert_secretly(self, state: dict, seat: int, card: str) -> int:
        """Put `card` at a random position of `seat`'s hand; only the owner learns which."""
        rng = Rng(state["rng"])
        position = rng.below(len(state["hands"][seat]) + 1)
        state["rng"] = rng.state
        state["hands"][seat].insert(position, card)
        return position

    def _make_known(self, state: dict, seat: int, card: str) -> None:
        state["known"][seat].append(card)
        state["known"][seat].sort()

    def _reorder(self, state: dict, seat: int, source: int, target: int) -> list[Event]:
        hand = state["hands"][seat]
        card = hand.pop(source)
        hand.insert(target, card)
        others = redacted_audience(state["seats"], seat)
        return [Event.make("reorder", [seat], seat=seat, card=card, **{"from": source, "to": target}),
                Event.make("reorder", others, seat=seat, **{"from": source, "to": target})]

    def _draw(self, state: dict, seat: int, position: int) -> list[Event]:
        """Rulings TT-2/TT-3/TT-5/TT-6b: draw by position; a Time card is shown and announced,
        a Ghost is shown and goes into the hand."""
        victim = right_neighbour(seat, state["seats"])
        card = state["hands"][victim].pop(position)
        if card in state["known"][victim]:
            state["known"][victim].remove(card)
        draw = {"seat": seat, "from_seat": victim, "position": position, "card": card}
        state["last"] = {"kind": "draw", **draw}
        if is_ghost(card):
            hand_position = self._insert_secretly(state, seat, card)
            self._make_known(state, seat, card)
            others = redacted_audience(state["seats"], seat)
            # ruling TT-3, option "ghost redraw": the event says the turn goes on, so the log line
            # does not say the Ghost ended it (the state's "last" keeps its layout)
            again = {"again": True} if state["ghost_redraw"] else {}
            events = [Event.make("draw", [seat], hand_position=hand_position, **draw, **again),
                      Event.make("draw", others, **draw, **again)]
            if state["ghost_redraw"]:
                state["phase"] = PHASE_REDRAW  # ruling TT-3, option: draw again from the same hand
            else:
                events += self._end_turn(state)
            return events
        events = [Event.make("draw", None, **draw)]
        # ruling TT-6: a neighbour left with no Time card draws from the pile at once, before this
        # turn goes on ("a player whose last card is taken therefore takes the top card of the
        # draw pile"), so it comes before the pile card of a TT-5 discard below
        events += self._refill_if_needed(state, victim)
        if None not in state["rows"][seat]:
            # ruling TT-6b: a full row keeps what it draws, no question asked
            events += self._keep_card(state, seat, card, "full_row")
            return events + self._end_turn(state)
        state["pending"] = card
        state["phase"] = PHASE_PLACE
        facts = self.turn_facts(state)
        if facts.legal_slots or facts.who_could_place:
            return events
        # ruling TT-5: nobody could place it - out of the game, then a card from the pile
        state["pending"] = None
        state["out"].append(card)
        # draw_count: what the pile holds now, after any refill of the neighbour (TT-6) came first
        events.append(Event.make("discard_out", None, seat=seat, card=card, draw_count=len(state["pile"])))
        events += self._draw_from_pile(state, seat, "discard_out")
        return events + self._end_turn(state)

    def _place(self, state: dict, seat: int, slot: int) -> list[Event]:
        card = state["pending"]
        state["rows"][seat][slot] = card
        state["pending"] = None
        state["last"] = {"kind": "place", "seat": seat, "card": card, "slot": slot}
        return [Event.make("place", None, seat=seat, card=card, slot=slot)] + self._end_turn(state)

    def _keep(self, state: dict, seat: int) -> list[Event]:
        """Ruling TT-5: no legal slot, but an opponent could place it: it stays in play."""
        card = state["pending"]
        state["pending"] = None
        return self._keep_card(state, seat, card, "someone_could_place") + self._end_turn(state)

    def _keep_card(self, state: dict, seat: int, card: str, reason: str) -> list[Event]:
        hand_position = self._insert_secretly(state, seat, card)
        self._make_known(state, seat, card)
        state["last"] = {"kind": "keep", "seat": seat, "card": card, "reason": reason}
        others = redacted_audience(state["seats"], seat)
        return [Event.make("keep", [seat], seat=seat, card=card, reason=reason, hand_position=hand_position),
                Event.make("keep", others, seat=seat, card=card, reason=reason)]

    def _shift(self, state: dict, seat: int, moves: tuple[tuple[int, int], ...]) -> list[Event]:
        """Ruling TT-7: the emergency move replaces the draw."""
        row = state["rows"][seat]
        cards = [row[source] for source, _ in moves]
        state["rows"][seat] = apply_shift(row, moves)
        state["last"] = {"kind": "shift", "seat": seat, "moves": [list(m) for m in moves]}
        return ([Event.make("shift", None, seat=seat, moves=moves, cards=cards)]
                + self._end_turn(state))

    def _draw_from_pile(self, state: dict, seat: int, reason: str, **announced: Any) -> list[Event]:
        """A face-down card from the pile into a hand: announced, the card itself secret (TT-6);
        `announced`: what everyone hears besides (how many Ghosts a hand of only Ghosts holds)."""
        if not state["pile"]:
            return []
        card = state["pile"].pop()
        hand_position = self._insert_secretly(state, seat, card)
        others = redacted_audience(state["seats"], seat)
        return [Event.make("refill", [seat], seat=seat, reason=reason, card=card, hand_position=hand_position,
                           draw_count=len(state["pile"]), **announced),
                Event.make("refill", others, seat=seat, reason=reason, draw_count=len(state["pile"]), **announced)]

    def _refill_if_needed(self, state: dict, seat: int) -> list[Event]:
        """Ruling TT-6: a hand holding no Time card (empty, or only Ghosts) takes the pile's top card
        while the pile lasts (the pile holds no Ghost, so one card is always enough)."""
        hand = state["hands"][seat]
        if any(not is_ghost(c) for c in hand) or not state["pile"]:
            return []
        # "a player who has only one (or two) Ghost(s) left in their hand must announce this": what
        # the hand holds is public from now on (its size was), not where in it each Ghost sits
        for ghost in hand:
            if ghost not in state["known"][seat]:
                self._make_known(state, seat, ghost)
        return self._draw_from_pile(state, seat, "no_time_card", ghosts=len(hand))

    def _end_turn(self, state: dict) -> list[Event]:
        state["phase"] = PHASE_DRAW
        state["turn"] = left_neighbour(state["turn"], state["seats"])
        state["turn_number"] += 1
        return []

    def _settle(self, state: dict) -> list[Event]:
        """The automatic parts after every move: the immediate win (TT-8), refills (TT-6), the
        exhausted-pile end (TT-8) and the safety cap."""
        events: list[Event] = []
        seats = state["seats"]
        order = [(state["turn"] + i) % seats for i in range(seats)]
        for seat in order:  # ruling TT-8: the win ends the game at once, before any refill
            if None not in state["rows"][seat] and not any(is_ghost(c) for c in state["hands"][seat]):
                return self._finish(state, seat, "row_complete")
        for seat in order:
            events += self._refill_if_needed(state, seat)
        if not state["pile"] and any(not hand for hand in state["hands"]):
            return events + self._finish(state, None, "empty_hand")
        if state["turn_number"] > SAFETY_TURN_CAP and state["phase"] == PHASE_DRAW:
            return events + self._finish(state, None, "safety_cap")
        return events

    def _finish(self, state: dict, winner: int | None, reason: str) -> list[Event]:
        state["phase"] = PHASE_OVER
        state["winner"] = winner
        state["end_reason"] = reason
        events = []
        if winner is not None:
            events.append(Event.make("win", None, seat=winner, row=state["rows"][winner]))
        events.append(Event.make("game_over", None, winner=winner, tie=winner is None, reason=reason))
        return events

    # --- what a seat may see ------------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict[str, Any]:
        seats = state["seats"]
        facts = self.turn_facts(state)
        gone = hours_gone(self.cards_gone(state))  # once for every row, not once a row
        completable = [row_completable(row, gone) for row in state["rows"]]
        own_hand = list(state["hands"][seat]) if seat is not None else []
        public_ghosts = [sum(1 for c in state["known"][s] if is_ghost(c)) for s in range(seats)]
        unseen_ghosts = len(state["ghosts"]) - sum(public_ghosts)
        if seat is not None:
            own_ghosts = sum(1 for c in own_hand if is_ghost(c))
            unseen_ghosts -= own_ghosts - public_ghosts[seat]
        return {
            "game": self.game_id,
            "seat": seat,
            "seats": seats,
            "names": list(state["names"]),
            "options": {"ghost_redraw": state["ghost_redraw"]},
            "hand": own_hand,
            "hand_size": [len(hand) for hand in state["hands"]],
            # cards announced into a hand (kept, TT-5; drawn Ghosts, TT-3), sorted: never positions
            "public_hand_cards": [list(state["known"][s]) for s in range(seats)],
            "rows": [list(row) for row in state["rows"]],
            "draw_count": len(state["pile"]),
            "out_of_game": list(state["out"]),
            "ghosts_in_game": len(state["ghosts"]),
            "ghost_holders": public_ghosts,
            "ghosts_unseen": unseen_ghosts,
            "turn": state["turn"],
            "turn_number": state["turn_number"],
            "turn_cap": SAFETY_TURN_CAP,
            "phase": state["phase"],
            "draw_from": right_neighbour(state["turn"], seats),
            "pending": state["pending"],
            "legal_slots": facts.legal_slots,
            "who_could_place": facts.who_could_place,
            "completable": completable,
            "emergency_available": seat is not None and emergency_open(
                state["phase"], state["turn"], seat, state["rows"][seat], lambda: completable[seat]),
            "last": state["last"],
            "winner": state["winner"],
            "tie": self.is_over(state) and state["winner"] is None,
            "end_reason": state["end_reason"],
        }

    def check_view(self, view: dict[str, Any], seat: int | None, config: GameConfig) -> None:
        """What `view` promises a table holds, or ViewProblem says what does not: one entry per
        seat, rows of seven rising hours (ruling TT-4), cards of this deal in one place at a time
        and all accounted for (TT-1), the Ghosts counted right (TT-3), and what the engine works out
        (where the card may go, who could place it, which rows can still be completed) worked out
        the same here."""
        n = config.seat_count
        need(field(view, "game") == self.game_id, "its view is not of Time After Time")
        need(field(view, "seat") == seat, "its view is of another seat than it says")
        need(whole(field(view, "seats"), "seats", self.min_seats, self.max_seats) == n,
             f"its table is not of {n} seats")
        for name in items(field(view, "names"), "names", length=n):
            text(name, "player's name", most=200)
        need(field(view, "options") == {"ghost_redraw": bool(self.option_value(config, "ghost_redraw"))}
             and type(view["options"]["ghost_redraw"]) is bool, "its options are not this table's")
        ghosts = GHOSTS[:GHOSTS_IN_PLAY[n]]
        need(field(view, "ghosts_in_game") == len(ghosts),
             f"its table plays {len(ghosts)} Ghost(s), not another number")
        deck = DECK_OF_SEATS[n]
        time_cards = TIME_CARD_SET
        hand = cards(field(view, "hand"), "hand", deck)
        sizes = items(field(view, "hand_size"), "hand_size", length=n)
        for size in sizes:
            whole(size, "hand size", 0, len(deck))
        need(len(hand) == (sizes[seat] if seat is not None else 0), "its hand is not as large as it says")
        public = items(field(view, "public_hand_cards"), "public_hand_cards", length=n)
        for owner, announced in enumerate(public):
            cards(announced, "public hand cards", deck, most=sizes[owner])
        if seat is not None:
            need(set(public[seat]) <= set(hand), "it says this seat holds a card not in its hand")
        rows = items(field(view, "rows"), "rows", length=n)
        placed: list[str] = []
        for row in rows:
            items(row, "row", length=SLOTS)
            filled = [card for card in row if card is not None]
            cards(filled, "row", time_cards, kind="Time card")
            hours = [HOUR_BY_CARD[card] for card in filled]  # Time cards of the deck: checked just above
            need(all(a < b for a, b in zip(hours, hours[1:])), "its row does not rise (ruling TT-4)")
            placed += filled
        out = cards(field(view, "out_of_game"), "out_of_game", time_cards, kind="Time card")
        phase = one_of(field(view, "phase"), "phase", PHASES)
        over = phase == PHASE_OVER
        pending = field(view, "pending")
        need(pending is None or isinstance(pending, str) and pending in time_cards, "its card to place is no Time card")
        need(over or (pending is not None) == (phase == PHASE_PLACE), "its card to place is not of the turn's step")
        others_public = [card for owner in range(n) if owner != seat for card in public[owner]]
        shown = hand + others_public + placed + out + ([pending] if pending else [])
        need(len(set(shown)) == len(shown), "its view shows one card in two places")
        draw_count = whole(field(view, "draw_count"), "draw_count", 0, len(TIME_CARDS))
        hidden = sum(sizes) - len(hand) - len(others_public)
        need(len(shown) + hidden + draw_count == len(deck), f"its cards do not add up to the {len(deck)} of the deal")
        holders = items(field(view, "ghost_holders"), "ghost_holders", length=n)
        # the cards are of the deck (checked above), so a Ghost is one of GHOSTS
        need(holders == [sum(1 for card in announced if card in GHOSTS) for announced in public],
             "its Ghost holders are not the Ghosts it shows")
        unseen = len(ghosts) - sum(holders)
        if seat is not None:
            unseen -= sum(1 for card in hand if card in GHOSTS) - holders[seat]
        need(field(view, "ghosts_unseen") == unseen, "its unseen Ghosts do not add up")
        turn = seat_number(field(view, "turn"), "turn", n)
        need(field(view, "turn_cap") == SAFETY_TURN_CAP, "its safety cap is not this game's")
        whole(field(view, "turn_number"), "turn_number", 1, SAFETY_TURN_CAP + 2)
        need(field(view, "draw_from") == right_neighbour(turn, n), "it draws from another seat than the turn's right")
        if pending is None:
            slots, could = [], []
        else:
            slots = legal_slots(rows[turn], hour_of(pending))
            could = [] if slots else [s for s in range(n) if s != turn and legal_slots(rows[s], hour_of(pending))]
        need(field(view, "legal_slots") == slots and field(view, "who_could_place") == could,
             "its slots for the card are not where the card fits (ruling TT-4, TT-5)")
        gone = hours_gone(placed + out)
        completable = [row_completable(row, gone) for row in rows]
        need(field(view, "completable") == completable,
             "it says a row can or cannot be completed when it cannot or can")
        emergency = seat is not None and emergency_open(phase, turn, seat, rows[seat], lambda: completable[seat])
        need(field(view, "emergency_available") is emergency,
             "its emergency move is offered when it is not open (TT-7)")
        winner = seat_number(field(view, "winner"), "winner", n, none=True)
        reason = field(view, "end_reason")
        need(over == (reason is not None), "its game is over without a reason, or has one while in play")
        if reason is not None:
            one_of(reason, "end_reason", END_REASONS)
        need((winner is not None) == (reason == "row_complete"), "its winner does not match why the game ended")
        need(winner is None or None not in rows[winner], "its winner's row is not full")
        need(field(view, "tie") is (over and winner is None), "its tie is not a game over without a winner")
        last = field(view, "last")
        if last is not None:
            mapping(last, "last move", ("kind", "seat"))
            seat_number(last["seat"], "last move's seat", n)
            kind = one_of(last["kind"], "last move", ("draw", "place", "keep", "shift"))
            if kind in ("draw", "place", "keep"):
                need(last.get("card") in deck, "its last move names no card of this deal")
            if kind == "draw":
                seat_number(last.get("from_seat"), "last draw's neighbour", n)
                whole(last.get("position"), "last draw's position", 0, len(deck))
            elif kind == "place":
                whole(last.get("slot"), "last move's slot", 0, SLOTS - 1)
            elif kind == "keep":
                one_of(last.get("reason"), "last keep's reason", KEEP_REASONS)
            else:
                for move in items(last.get("moves"), "last shift", most=2):
                    for slot in items(move, "shift move", length=2):
                        whole(slot, "shift slot", 0, SLOTS - 1)

    def check_moves(self, view: dict[str, Any], legal: Sequence[Action], seat: int | None,
                    config: GameConfig) -> None:
        """Each move offered is one `legal_actions` offers beside this view: a reorder within the
        hand (TT-3b), a draw from a position of the neighbour's hand, a placing on a slot the card
        fits (TT-4), a keep only when it fits nowhere (TT-5), an emergency shift only when open (TT-7)."""
        turn, phase = view["turn"], view["phase"]
        for action in legal:
            need(action.seat == seat, "it offered this screen a move of another seat")
            kind = action.kind
            if kind == "reorder":
                size = len(view["hand"])
                need(whole(action.get("from"), "reorder's card", 0, size - 1)
                     != whole(action.get("to"), "reorder's place", 0, size - 1), "it offered to move a card onto itself")
                continue
            need(seat == turn, "it offered a move out of turn")
            if kind == "draw":
                need(phase in (PHASE_DRAW, PHASE_REDRAW), "it offered a draw at another step of the turn")
                whole(action.get("position"), "draw's position", 0, view["hand_size"][view["draw_from"]] - 1)
            elif kind == "place":
                need(phase == PHASE_PLACE and action.get("slot") in view["legal_slots"]
                     and not isinstance(action.get("slot"), bool), "it offered a slot the card does not fit (TT-4)")
            elif kind == "keep":
                need(phase == PHASE_PLACE and not view["legal_slots"], "it offered to keep a card that fits (TT-5)")
            elif kind == "shift":
                need(view["emergency_available"] is True, "it offered the emergency move when it is not open (TT-7)")
                moves = action.get("moves")
                need(isinstance(moves, tuple) and 1 <= len(moves) <= 2, "its emergency move is not one or two shifts")
                for move in moves:
                    need(isinstance(move, tuple) and len(move) == 2, "its emergency move is not a shift")
                    need(abs(whole(move[0], "shift's slot", 0, SLOTS - 1) - whole(move[1], "shift's slot", 0, SLOTS - 1))
                         == 1, "its emergency move is not by one slot (TT-7)")
            else:
                raise ViewProblem(f"it offered a move Time After Time does not have ({kind[:30]!r})")

    def secrets(self, state: dict, seat: int | None) -> set[str]:
        hidden = set(state["pile"])
        for other in range(state["seats"]):
            if other != seat:
                hidden.update(c for c in state["hands"][other] if c not in state["known"][other])
        return hidden

    def check_invariants(self, state: dict) -> None:
        cards = [c for hand in state["hands"] for c in hand] + state["pile"] + state["out"]
        cards += [c for row in state["rows"] for c in row if c is not None]
        if state["pending"] is not None:
            cards.append(state["pending"])
        assert sorted(cards) == sorted(TIME_CARDS + tuple(state["ghosts"])), "cards not conserved"
        assert not any(is_ghost(c) for c in state["pile"] + state["out"]), "a Ghost left the hands"
        for seat, row in enumerate(state["rows"]):
            hours = [hour_of(c) for c in row if c is not None]
            assert hours == sorted(set(hours)), f"row of seat {seat} is not strictly increasing"
            assert all(c in state["hands"][seat] for c in state["known"][seat]), "known card not in hand"
        assert (state["pending"] is not None) == (state["phase"] == PHASE_PLACE) or self.is_over(state)
        if not self.is_over(state) and state["pile"]:
            for hand in state["hands"]:
                assert any(not is_ghost(c) for c in hand), "a hand without a Time card was not refilled"

    # --- the end ------------------------------------------------------------------------------
    def result(self, state: dict) -> Outcome | None:
        if not self.is_over(state):
            return None
        seats = state["seats"]
        winner = state["winner"]
        # the score shown is each row's progress; who won is the ranking (rulings TT-8)
        scores = tuple(sum(1 for c in state["rows"][s] if c is not None) for s in range(seats))
        if winner is None:
            ranking: tuple[tuple[int, ...], ...] = (tuple(range(seats)),)
        else:
            ranking = ((winner,), tuple(s for s in range(seats) if s != winner))
        breakdown = tuple(
            (
                {"label": "Ghosts held", "value": sum(1 for c in state["hands"][s] if is_ghost(c))},
                {"label": "Cards in hand", "value": len(state["hands"][s])},
                {"label": "Row",  # "Row can be completed · full" read oddly for a row already full
                 "value": "full" if None not in state["rows"][s] else ("completable" if self.completable(state, s)
                                                                      else "blocked")},
            )
            for s in range(seats)
        )
        reason = state["end_reason"]
        if winner is not None:
            summary = f"{state['names'][winner]} filled seven rising hours with no Ghost in hand."
        elif reason == "empty_hand":
            summary = "The draw pile ran out and a hand emptied: the game is a tie."
        else:
            summary = f"The game reached the {SAFETY_TURN_CAP}-turn safety cap: a tie."
        return Outcome(scores, ranking, () if winner is None else (winner,), breakdown, summary,
                       draw=winner is None, score_unit=f"of {SLOTS} slots filled")

    # --- the log ------------------------------------------------------------------------------
    def describe(self, event: Event, seat: int | None) -> str:
        def names(s: int) -> str:
            if s == event.get("seat"):
                return str(event.get("name", f"Seat {s + 1}"))
            if s == event.get("from_seat"):
                return str(event.get("from_name", f"Seat {s + 1}"))
            return f"Seat {s + 1}"

        def who(s: int) -> str:
            return "You" if s == seat else names(s)

        def whom(s: int) -> str:
            return "you" if s == seat else names(s)

        kind = event.kind
        if kind == "draw":
            card = event.get("card")
            what = card_label(card) if card else "a card"
            line = f"{who(event['seat'])} drew {what} from {whom(event['from_seat'])}"
            if not (card and is_ghost(card)):
                return line
            if event.get("again"):  # ruling TT-3, option "ghost redraw"
                return line + (" and draw again" if event["seat"] == seat else " and draws again")
            return line + " and it ends the turn"
        if kind == "place":
            return f"{who(event['seat'])} placed {card_label(event['card'])} on slot {event['slot'] + 1}"
        if kind == "keep":
            why = ("a full row keeps it" if event["reason"] == "full_row"
                   else "someone else could still place it")
            return f"{who(event['seat'])} kept {card_label(event['card'])} ({why})"
        if kind == "discard_out":
            return f"Nobody could place {card_label(event['card'])}: it leaves the game"
        if kind == "refill":
            card = event.get("card")
            what = card_label(card) if card else "a card"
            ghosts = int(event.get("ghosts") or 0)
            why = ("" if event["reason"] != "no_time_card" else
                   f" had only {'a Ghost' if ghosts == 1 else f'{ghosts} Ghosts'} left and" if ghosts else
                   " had no Time card left and")
            return f"{who(event['seat'])}{why} drew {what} from the pile"
        if kind == "shift":
            count = len(event["moves"])
            return f"{who(event['seat'])} made the emergency move, shifting {count} card{'s' if count > 1 else ''}"
        if kind == "reorder":
            return f"{who(event['seat'])} rearranged {'your' if event['seat'] == seat else 'their'} hand"
        if kind == "win":
            return f"{who(event['seat'])} completed the row and won!"
        if kind == "game_over":
            if event["winner"] is not None:
                return f"The game is over: {event.get('winner_name', 'a player')} won"
            why = {"empty_hand": " (the draw pile is empty and a hand emptied)",
                   "safety_cap": f" (the {SAFETY_TURN_CAP}-turn safety cap)"}.get(str(event.get("reason")), "")
            return "The game is over: a tie" + why
        return kind


ENGINE = TimeAfterTime()
