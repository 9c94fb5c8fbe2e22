"""Lost in Time: build a timeline that ends closest to 2031 (rulebook + RULINGS LT-1…LT-11, G-1).

The deck is our own authored data (`game/content/lost_in_time_deck.toml`, ruling LT-1), loaded with
`tomllib` and checked card by card. The state is plain data; card ids are the secrets the
conformance harness scans for.

A turn has two phases: "action" (pass, VIP steal, Disaster, discard one or two — LT-3) and "travel"
(place one card, or `cannot_travel` when nothing fits — LT-7). Seats that lose their turn to a
Disaster are skipped by the engine itself with a `turn_lost` event (LT-5).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import permutations
from pathlib import Path
from typing import Any, Sequence

from game.core.engine import Engine, Option, wrong_arguments
from game.core.rng import Rng
from game.core.types import Action, Event, GameConfig, Outcome
from game.core.types import others as redacted_audience  # a redacted twin: other seats + spectators
from game.core.view_checks import cards, field, flag, items, mapping, need, one_of, seat_number, text, whole

GAME_ID = "lost-in-time"
TARGET_YEAR = 2031
HAND_SIZE = 5  # ruling LT-2
FINAL_LENGTH = 8  # ruling LT-10
VIP_BONUS = 10
DISASTER_BONUS = 20
CHIP_BONUS = 3  # the payment chip variant
ROUND_CAP = 300
"""Safety cap (not in the rulebook): a game that reaches this many rounds ends as if the round of the
8th card had finished. Only degenerate bot play gets near it; it must never hang a table."""

KINDS = ("event", "vip", "disaster")
ACTION_ARGUMENTS: dict[str, tuple[str, ...]] = {  # ruling LT-3: the action, then the travel
    "pass": (), "vip": ("card", "target"), "disaster": ("card", "target"), "discard": ("cards",),
    "place": ("card",), "cannot_travel": (),
}
ARROWS = ("past", "future")  # red arrow = to the past, blue arrow = to the future
DECK_COUNTS = {"event": 52, "vip": 11, "disaster": 12}  # ruling LT-1
EVENT_ERA_COUNTS = {"antiquity": 8, "middle-ages": 8, "renaissance": 10, "enlightenment": 11, "modern": 15}
PHASES = ("action", "travel")
TOTAL_FIELDS = ("total", "distance", "over", "youngest", "vips", "disasters", "chips", "length")


class DeckError(ValueError):
    """The deck file is malformed; the message names the card and the field."""


@dataclass(frozen=True, slots=True)
class Era:
    id: str
    name: str
    first: int | None  # None: open-ended
    last: int | None

    def contains(self, year: int) -> bool:
        return (self.first is None or year >= self.first) and (self.last is None or year <= self.last)


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    kind: str  # event / vip / disaster
    title: str
    year: int  # negative = BC
    era: str
    arrow: str  # past / future
    chips: int
    caption: str

    def facts(self) -> dict[str, Any]:
        """Everything public about the card, for views (the UI never loads the deck itself)."""
        return {"id": self.id, "kind": self.kind, "title": self.title, "year": self.year, "era": self.era,
                "arrow": self.arrow, "chips": self.chips, "caption": self.caption}


@dataclass(frozen=True, slots=True)
class Deck:
    eras: tuple[Era, ...]
    cards: tuple[Card, ...]
    target_year: int

    def era_of(self, year: int) -> Era:
        for era in self.eras:
            if era.contains(year):
                return era
        raise DeckError(f"no era covers the year {year}")


def _field(table: dict[str, Any], name: str, kind: type, where: str) -> Any:
    if name not in table:
        raise DeckError(f"{where}: missing field '{name}'")
    value = table[name]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise DeckError(f"{where}: field '{name}' must be an integer, not {value!r}")
    if kind is str and (not isinstance(value, str) or not value.strip()):
        raise DeckError(f"{where}: field '{name}' must be a non-empty string, not {value!r}")
    return value


def parse_deck(data: dict[str, Any], source: str = "deck") -> Deck:
    """Build and check a deck from parsed TOML; DeckError names the card and field at fault."""
    target = _field(data, "target_year", int, source)
    raw_eras = data.get("era")
    if not isinstance(raw_eras, list) or not raw_eras:
        raise DeckError(f"{source}: needs a list of [[era]] tables")
    eras: list[Era] = []
    for index, table in enumerate(raw_eras):
        where = f"{source}: era #{index + 1}"
        era_id = _field(table, "id", str, where)
        where = f"{source}: era {era_id!r}"
        first = _field(table, "first", int, where) if "first" in table else None
        last = _field(table, "last", int, where) if "last" in table else None
        eras.append(Era(era_id, _field(table, "name", str, where), first, last))
    for before, after in zip(eras, eras[1:]):
        if before.last is None or after.first != before.last + 1:
            raise DeckError(f"{source}: era {after.id!r} must start the year after {before.id!r} ends")
    era_ids = {era.id for era in eras}
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise DeckError(f"{source}: needs a list of [[card]] tables")
    cards: list[Card] = []
    seen_ids: dict[str, str] = {}
    seen_years: dict[int, str] = {}
    for index, table in enumerate(raw_cards):
        where = f"{source}: card #{index + 1}"
        card_id = _field(table, "id", str, where)
        where = f"{source}: card {card_id}"
        if card_id in seen_ids:
            raise DeckError(f"{where}: field 'id' repeats an earlier card")
        kind = _field(table, "kind", str, where)
        if kind not in KINDS:
            raise DeckError(f"{where}: field 'kind' must be one of {', '.join(KINDS)}, not {kind!r}")
        title = _field(table, "title", str, where)
        year = _field(table, "year", int, where)
        if year == 0 or year > target:
            raise DeckError(f"{where}: field 'year' {year} is not a possible year")
        if year in seen_years:
            raise DeckError(f"{where}: field 'year' {year} is also the year of {seen_years[year]}")
        era = _field(table, "era", str, where)
        if era not in era_ids:
            raise DeckError(f"{where}: field 'era' {era!r} is not a known era")
        actual = next(e for e in eras if e.contains(year)).id if any(e.contains(year) for e in eras) else None
        if era != actual:
            raise DeckError(f"{where}: field 'era' is {era!r} but the year {year} lies in {actual!r}")
        arrow = _field(table, "arrow", str, where)
        if arrow not in ARROWS:
            raise DeckError(f"{where}: field 'arrow' must be 'past' or 'future', not {arrow!r}")
        chips = _field(table, "chips", int, where)
        if not 0 <= chips <= 2:
            raise DeckError(f"{where}: field 'chips' must be 0-2, not {chips}")
        caption = _field(table, "caption", str, where)
        unknown = set(table) - {"id", "kind", "title", "year", "era", "arrow", "chips", "caption"}
        if unknown:
            raise DeckError(f"{where}: unknown field '{sorted(unknown)[0]}'")
        seen_ids[card_id] = card_id
        seen_years[year] = card_id
        cards.append(Card(card_id, kind, title, year, era, arrow, chips, caption))
    return Deck(tuple(eras), tuple(cards), target)


def load_deck(path: str | Path | None = None) -> Deck:
    """Read the deck TOML (default: the shipped deck) with tomllib and check it."""
    if path is None:
        text = resources.files("game.content").joinpath("lost_in_time_deck.toml").read_text("utf-8")
        source = "lost_in_time_deck.toml"
    else:
        text = Path(path).read_text("utf-8")
        source = Path(path).name
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeckError(f"{source}: not valid TOML ({exc})") from None
    return parse_deck(data, source)


@lru_cache(maxsize=1)
def default_deck() -> Deck:
    return load_deck()


DECK = default_deck()
CARDS: dict[str, Card] = {card.id: card for card in DECK.cards}
CARD_IDS: tuple[str, ...] = tuple(card.id for card in DECK.cards)
YEAR: dict[str, int] = {card.id: card.year for card in DECK.cards}
KIND: dict[str, str] = {card.id: card.kind for card in DECK.cards}
ARROW: dict[str, str] = {card.id: card.arrow for card in DECK.cards}
CHIPS: dict[str, int] = {card.id: card.chips for card in DECK.cards}


def format_year(year: int) -> str:
    return f"{-year} BC" if year < 0 else str(year)


def year_value(year: int) -> int | str:
    """A year as a results line shows it: the number itself (it counts up), "44 BC" before Christ
    (a minus sign read as "-44" is no year a player knows)."""
    return year if year > 0 else format_year(year)


def card_label(card_id: str) -> str:
    card = CARDS[card_id]
    return f"{card.title} ({format_year(card.year)})"


# --- pure helpers the engine and the bots share -----------------------------------------------

def held_label(card_id: object) -> str:
    """How a refusal names a card the player does not hold: its title and year, or "that card" for
    an id that is no card of the deck (stale or garbled input never shows its raw id)."""
    return card_label(card_id) if isinstance(card_id, str) and card_id in CARDS else "that card"


def fits(card_id: str, timeline: list[str], direction: str) -> bool:
    """Ruling LT-4: an empty timeline takes anything; else strictly beyond the end in `direction`."""
    if not timeline:
        return True
    if direction == "future":
        return YEAR[card_id] > YEAR[timeline[-1]]
    return YEAR[card_id] < YEAR[timeline[0]]


def can_travel(hand: list[str], timeline: list[str], direction: str) -> bool:
    return any(fits(card, timeline, direction) for card in hand)


def timeline_total(timeline: list[str], chip_variant: bool) -> int | None:
    """Ruling LT-10: youngest year + 10 per VIP + 20 per Disaster (+3 per chip in the variant)."""
    if not timeline:
        return None
    total = YEAR[timeline[-1]]
    for card in timeline:
        kind = KIND[card]
        if kind == "vip":
            total += VIP_BONUS
        elif kind == "disaster":
            total += DISASTER_BONUS
        if chip_variant:
            total += CHIP_BONUS * CHIPS[card]
    return total


def timeline_chips(timeline: list[str]) -> int:
    return sum(CHIPS[card] for card in timeline)


def sort_hand(hand: list[str]) -> None:
    hand.sort(key=lambda card: (YEAR[card], card))


class LostInTime(Engine[dict]):
    game_id = GAME_ID
    title = "Lost in Time"
    min_seats = 2  # ruling LT-2
    max_seats = 6
    action_kinds = tuple(ACTION_ARGUMENTS)
    options = (
        Option("disaster_skip", "A Disaster makes its victim",
               (("turn", "lose the whole turn"), ("action", "skip the action only")),
               "What a Disaster does to the player it is played on.",  # ruling LT-5
               choice_help=(("turn", "They lose their next turn: no action and no travel."),
                            ("action", "They skip only the action of their next turn, then travel."))),
        Option("chips", "Payment chips",
               ((False, "Off"), (True, "On: +3 years per chip")),
               "The payment chip variant: every chip on your timeline adds 3 years."),
    )

    # --- setup ------------------------------------------------------------------------------
    def new_game(self, config: GameConfig, seed: int) -> dict:
        self.check_config(config)
        n = config.seat_count
        rng = Rng.from_seed(seed, GAME_ID)
        dealer = rng.below(n)  # ruling LT-2: first dealer at random
        state: dict[str, Any] = {
            "names": [seat.name for seat in config.seats],
            "options": {"disaster_skip": self.option_value(config, "disaster_skip"),
                        "chips": bool(self.option_value(config, "chips"))},
            "draw": rng.shuffled(list(CARD_IDS)),
            "discard": [], "side": [],
            "hands": [[] for _ in range(n)], "timelines": [[] for _ in range(n)],
            "tilted": [None] * n, "skips": [0] * n,
            "dealer": dealer, "direction": "future",  # Chronos starts blue (LT-2)
            "round": 1, "turn_index": 0, "turn": (dealer + 1) % n, "phase": "action",
            "final_round": False, "ender": None, "over": False, "capped": False,
            "last": None, "rng": rng.state,
        }
        events: list[Event] = []
        self._refill_hands(state, events)
        self._begin_turn(state, events)
        return state

    # --- queries ----------------------------------------------------------------------------
    def active_seats(self, state: dict) -> list[int]:
        return [] if state["over"] else [state["turn"]]

    def is_over(self, state: dict) -> bool:
        return bool(state["over"])

    def legal_actions(self, state: dict, seat: int) -> list[Action]:
        if state["over"] or seat != state["turn"]:
            return []
        hand = state["hands"][seat]
        timeline = state["timelines"][seat]
        direction = state["direction"]
        if state["phase"] == "travel":
            places = [Action.make(seat, "place", card=card) for card in hand if fits(card, timeline, direction)]
            return places or [Action.make(seat, "cannot_travel")]
        n = len(state["hands"])
        actions = [Action.make(seat, "pass")]
        opponents = [(seat + k) % n for k in range(1, n)]
        for card in hand:
            if KIND[card] == "vip":
                actions += [Action.make(seat, "vip", card=card, target=t) for t in opponents if state["hands"][t]]
            elif KIND[card] == "disaster":
                actions += [Action.make(seat, "disaster", card=card, target=t) for t in opponents]
        could_travel = can_travel(hand, timeline, direction)
        for card in hand:
            rest = [c for c in hand if c != card]
            if not could_travel or can_travel(rest, timeline, direction):  # ruling LT-8
                actions.append(Action.make(seat, "discard", cards=[card]))
        for first, second in permutations(hand, 2):  # ruling LT-5b: the order is the player's
            rest = [c for c in hand if c != first and c != second]
            if not could_travel or can_travel(rest, timeline, direction):  # ruling LT-8
                actions.append(Action.make(seat, "discard", cards=[first, second]))
        return actions

    def explain_illegal(self, state: dict, action: Action) -> str:
        if state["over"]:
            return "the game is over"
        if action.seat != state["turn"]:
            return f"it is not your turn: {state['names'][state['turn']]} is playing"
        if action.kind not in ACTION_ARGUMENTS:
            return f"'{action.kind}' is not a Lost in Time action (actions: {', '.join(ACTION_ARGUMENTS)})"
        garbled = wrong_arguments(action, ACTION_ARGUMENTS[action.kind], "action")
        if garbled:
            return garbled
        hand = state["hands"][action.seat]
        timeline = state["timelines"][action.seat]
        direction = state["direction"]
        if state["phase"] == "travel" and action.kind not in ("place", "cannot_travel"):
            return "you have had your action this turn: now place a card on your timeline (ruling LT-3)"
        if state["phase"] == "action" and action.kind in ("place", "cannot_travel"):
            return ("first your action (skip it, play a VIP or a Disaster on an opponent, or discard); "
                    "then travel (ruling LT-3)")
        if action.kind in ("vip", "disaster", "place"):
            card = action.get("card")
            if card not in hand:
                return f"{held_label(card)} is not in your hand"
            if action.kind != "place":
                if KIND[card] != action.kind:
                    return f"{card_label(card)} is not a {'VIP' if action.kind == 'vip' else 'Disaster'} card"
                target = action.get("target")
                if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < len(state["hands"]):
                    return f"there is no seat {target!r} to play it on"
                if target == action.seat:
                    return "VIP and Disaster cards are played on an opponent, not on yourself (ruling LT-5)"
                if action.kind == "vip" and not state["hands"][target]:
                    return f"{state['names'][target]} has no card in hand to steal"
            else:
                where = "later than" if direction == "future" else "earlier than"
                end = (timeline[-1] if direction == "future" else timeline[0]) if timeline else None
                if end is not None and not fits(card, timeline, direction):
                    side = "youngest" if direction == "future" else "oldest"  # the rulebook's names of the ends
                    return (f"{card_label(card)} cannot travel to the {direction}: its year must be {where} "
                            f"{card_label(end)}, the {side} card on your timeline; cards never go in between "
                            "(ruling LT-4)")
        if action.kind == "cannot_travel" and can_travel(hand, timeline, direction):
            return "you can travel: place a card that fits (ruling LT-7)"
        if action.kind == "discard":
            cards = action.get("cards")
            if not isinstance(cards, tuple) or not 1 <= len(cards) <= 2:
                return "discard one or two cards (ruling LT-3)"
            if len(set(cards)) != len(cards):
                return "you cannot discard the same card twice"
            for card in cards:
                if card not in hand:
                    return f"{held_label(card)} is not in your hand"
            rest = [c for c in hand if c not in cards]
            if can_travel(hand, timeline, direction) and not can_travel(rest, timeline, direction):
                keep = [c for c in cards if can_travel([c], timeline, direction)]
                names = " or ".join(card_label(c) for c in keep)
                return (f"keep {names}: that discard would leave you unable to travel when you could "
                        "have, and the rules do not allow it (ruling LT-8: no cheating by discard)")
        return f"{action.kind} is not allowed now"

    # --- applying ---------------------------------------------------------------------------
    def _apply(self, state: dict, action: Action) -> list[Event]:
        seat, kind = action.seat, action.kind
        events: list[Event] = []
        hand = state["hands"][seat]
        n = len(state["hands"])
        if kind == "pass":
            events.append(Event.make("pass", None, seat=seat))
            state["last"] = {"seat": seat, "kind": "pass"}
            state["phase"] = "travel"
        elif kind == "vip":  # ruling LT-5: a blind steal; the VIP goes to the side pile
            card, target = action["card"], action["target"]
            hand.remove(card)
            state["side"].append(card)
            rng = Rng(state["rng"])
            victim_hand = state["hands"][target]
            stolen = victim_hand.pop(rng.below(len(victim_hand)))
            state["rng"] = rng.state
            hand.append(stolen)
            sort_hand(hand)
            others = redacted_audience(n, seat, target)
            events.append(Event.make("vip", None, seat=seat, card=card, target=target, to="side"))
            events.append(Event.make("steal", [seat, target], seat=seat, target=target, card=stolen))
            if others:
                events.append(Event.make("steal", others, seat=seat, target=target))
            state["last"] = {"seat": seat, "kind": "vip", "card": card, "target": target}
            state["phase"] = "travel"
        elif kind == "disaster":  # ruling LT-5: the victim loses their next turn (or its action)
            card, target = action["card"], action["target"]
            hand.remove(card)
            state["side"].append(card)
            state["skips"][target] += 1
            n = len(state["hands"])
            # the last round, and the victim has played it already: the game ends before their next turn
            moot = state["final_round"] and (target - state["dealer"] - 1) % n < state["turn_index"]
            events.append(Event.make("disaster", None, seat=seat, card=card, target=target, to="side",
                                     skips=state["skips"][target], **({"moot": True} if moot else {})))
            state["last"] = {"seat": seat, "kind": "disaster", "card": card, "target": target}
            state["phase"] = "travel"
        elif kind == "discard":  # ruling LT-5b: in the chosen order, the last one on top
            cards = list(action["cards"])
            for card in cards:
                hand.remove(card)
                state["discard"].append(card)
            events.append(Event.make("discard", None, seat=seat, cards=cards, to="discard"))
            state["last"] = {"seat": seat, "kind": "discard", "cards": cards}
            state["phase"] = "travel"
        elif kind == "place":
            self._place(state, seat, action["card"], events)
            self._next_turn(state, events)
        elif kind == "cannot_travel":
            self._fail_to_travel(state, seat, events)
            self._next_turn(state, events)
        else:  # pragma: no cover - apply() has already checked legality
            raise AssertionError(kind)
        return events

    def _place(self, state: dict, seat: int, card: str, events: list[Event]) -> None:
        """Ruling LT-4 placement; a successful travel straightens a tilted card (LT-7)."""
        state["hands"][seat].remove(card)
        timeline = state["timelines"][seat]
        end = "right" if state["direction"] == "future" or not timeline else "left"
        if end == "right":
            timeline.append(card)
        else:
            timeline.insert(0, card)
        events.append(Event.make("place", None, seat=seat, card=card, end=end, to="timeline"))
        state["last"] = {"seat": seat, "kind": "place", "card": card, "end": end}
        straightened = state["tilted"][seat]
        if straightened is not None:
            state["tilted"][seat] = None
            events.append(Event.make("straighten", None, seat=seat, card=straightened))
        if len(timeline) >= FINAL_LENGTH and not state["final_round"]:  # ruling LT-10
            state["final_round"] = True
            state["ender"] = seat
            events.append(Event.make("final_round", None, seat=seat, round=state["round"]))

    def _fail_to_travel(self, state: dict, seat: int, events: list[Event]) -> None:
        """Ruling LT-7 (and LT-11): tilt the outer card, or lose the card tilted last time."""
        timeline = state["timelines"][seat]
        tilted = state["tilted"][seat]
        events.append(Event.make("cannot_travel", None, seat=seat, direction=state["direction"]))
        state["last"] = {"seat": seat, "kind": "cannot_travel"}
        if tilted is not None:
            timeline.remove(tilted)
            state["side"].append(tilted)
            state["tilted"][seat] = None
            events.append(Event.make("card_lost", None, seat=seat, card=tilted, to="side"))
        elif timeline:
            outer = timeline[-1] if state["direction"] == "future" else timeline[0]
            state["tilted"][seat] = outer
            events.append(Event.make("tilt", None, seat=seat, card=outer))

    def _next_turn(self, state: dict, events: list[Event]) -> None:
        state["turn_index"] += 1
        self._begin_turn(state, events)

    def _begin_turn(self, state: dict, events: list[Event]) -> None:
        """Find the next seat that plays, ending rounds and the game on the way (LT-2, LT-5, LT-10)."""
        n = len(state["hands"])
        while True:
            if state["turn_index"] >= n:
                if state["final_round"] or state["round"] >= ROUND_CAP:
                    state["over"] = True
                    state["capped"] = not state["final_round"]
                    outcome = self.result(state)
                    # ruling LT-10: which step of the tie-break decided, so no screen works it out again
                    decided_by, tied_with = self.tie_break(
                        [self.seat_total(state, s) for s in range(len(state["hands"]))],
                        outcome.winners if outcome else ())
                    events.append(Event.make("game_over", None, winners=list(outcome.winners) if outcome else [],
                                             scores=list(outcome.scores) if outcome else [],
                                             decided_by=decided_by, tied_with=tied_with))
                    return
                self._start_round(state, events)
                continue
            seat = (state["dealer"] + 1 + state["turn_index"]) % n
            if state["skips"][seat] > 0:
                state["skips"][seat] -= 1
                if state["options"]["disaster_skip"] == "turn":
                    events.append(Event.make("turn_lost", None, seat=seat, skips=state["skips"][seat]))
                    state["turn_index"] += 1
                    continue
                events.append(Event.make("action_lost", None, seat=seat, skips=state["skips"][seat]))
                state["turn"], state["phase"] = seat, "travel"
            else:
                state["turn"], state["phase"] = seat, "action"
            events.append(Event.make("turn", None, seat=seat, phase=state["phase"], round=state["round"]))
            return

    def _start_round(self, state: dict, events: list[Event]) -> None:
        """Ruling LT-6: pass the Chronos card left, set the direction from the discard top, refill."""
        n = len(state["hands"])
        state["dealer"] = (state["dealer"] + 1) % n
        state["round"] += 1
        state["turn_index"] = 0
        if state["discard"]:
            state["direction"] = ARROW[state["discard"][-1]]
        events.append(Event.make("round_start", None, round=state["round"], dealer=state["dealer"],
                                 direction=state["direction"], card=state["discard"][-1] if state["discard"] else None))
        self._refill_hands(state, events)

    def _refill_hands(self, state: dict, events: list[Event]) -> None:
        n = len(state["hands"])
        for k in range(1, n + 1):
            seat = (state["dealer"] + k) % n
            hand = state["hands"][seat]
            dealt: list[str] = []
            while len(hand) + len(dealt) < HAND_SIZE:
                if not state["draw"] and not self._reshuffle(state, events):
                    break
                dealt.append(state["draw"].pop())
            if dealt:
                hand.extend(dealt)
                sort_hand(hand)
                others = redacted_audience(n, seat)
                events.append(Event.make("deal", [seat], seat=seat, cards=dealt, count=len(dealt), **{"from": "deck"}))
                events.append(Event.make("deal", others, seat=seat, count=len(dealt), **{"from": "deck"}))

    def _reshuffle(self, state: dict, events: list[Event]) -> bool:
        """Ruling LT-9: discard pile (but its top) and side pile become the new draw pile."""
        pool = state["discard"][:-1] + state["side"]
        if not pool:
            return False
        state["discard"] = state["discard"][-1:]
        state["side"] = []
        rng = Rng(state["rng"])
        rng.shuffle(pool)
        state["rng"] = rng.state
        state["draw"] = pool
        events.append(Event.make("reshuffle", None, count=len(pool)))
        return True

    # --- views ------------------------------------------------------------------------------
    def seat_total(self, state: dict, seat: int) -> dict[str, Any]:
        timeline = state["timelines"][seat]
        total = timeline_total(timeline, state["options"]["chips"])
        return {
            "total": total,
            "distance": None if total is None else TARGET_YEAR - total,
            "over": total is not None and total > TARGET_YEAR,
            "youngest": YEAR[timeline[-1]] if timeline else None,
            "vips": sum(1 for c in timeline if KIND[c] == "vip"),
            "disasters": sum(1 for c in timeline if KIND[c] == "disaster"),
            "chips": timeline_chips(timeline),
            "length": len(timeline),
        }

    def view(self, state: dict, seat: int | None) -> dict[str, Any]:
        n = len(state["hands"])
        hand = list(state["hands"][seat]) if seat is not None else []
        timelines = [[{"card": c, "tilted": c == state["tilted"][s]} for c in state["timelines"][s]] for s in range(n)]
        shown = set(hand) | set(state["discard"]) | set(state["side"])
        for timeline in state["timelines"]:
            shown.update(timeline)
        last = state["last"]
        return {
            "game": GAME_ID,
            "seat": seat,
            "players": n,
            "names": list(state["names"]),
            "options": dict(state["options"]),
            "hand": hand,
            "hand_size": [len(h) for h in state["hands"]],
            "timelines": timelines,
            "discard_top": state["discard"][-1] if state["discard"] else None,
            "discard_pile": list(state["discard"]),  # face up: everyone saw each card land
            "side_pile": list(state["side"]),
            "direction": state["direction"],
            "dealer": state["dealer"],
            "turn": state["turn"],
            "phase": state["phase"],
            "skips_pending": list(state["skips"]),
            "running_totals": [self.seat_total(state, s) for s in range(n)],
            "round": state["round"],
            "final_round": state["final_round"],
            "ender": state["ender"],
            "deck_count": len(state["draw"]),
            "target_year": TARGET_YEAR,
            "last": dict(last) if last else None,
            "over": state["over"],
            "cards": {card: CARDS[card].facts() for card in sorted(shown)},
        }

    def check_view(self, view: dict[str, Any], seat: int | None, config: GameConfig) -> None:
        """What `view` promises a table holds, or ViewProblem says what does not: one list per
        seat, cards of this deck in one place at a time and all 75 accounted for, the faces in
        `cards` this deck's, timelines rising (ruling LT-4) and no longer than eight (LT-10), at
        most one card turned sideways and at an end (LT-7), totals that are the timelines'."""
        n = config.seat_count
        need(field(view, "game") == GAME_ID, "its view is not of Lost in Time")
        need(field(view, "seat") == seat, "its view is of another seat than it says")
        need(whole(field(view, "players"), "number of players", self.min_seats, self.max_seats) == n,
             f"its table is not of {n} players")
        for name in items(field(view, "names"), "names", length=n):
            text(name, "player's name", most=200)
        chips = bool(self.option_value(config, "chips"))
        need(field(view, "options") == {"disaster_skip": self.option_value(config, "disaster_skip"), "chips": chips}
             and type(view["options"]["chips"]) is bool, "its options are not this table's")
        known = CARDS
        hand = cards(field(view, "hand"), "hand", known, most=HAND_SIZE)
        sizes = items(field(view, "hand_size"), "hand_size", length=n)
        for size in sizes:
            whole(size, "hand size", 0, HAND_SIZE)
        need(len(hand) == (sizes[seat] if seat is not None else 0), "its hand is not as large as it says")
        placed: list[str] = []
        timelines = items(field(view, "timelines"), "timelines", length=n)
        for timeline in timelines:
            items(timeline, "timeline", most=FINAL_LENGTH)
            row = [mapping(slot, "timeline card", ("card", "tilted"))["card"] for slot in timeline]
            cards(row, "timeline", known)
            need(all(YEAR[a] < YEAR[b] for a, b in zip(row, row[1:])),
                 "its timeline does not run in order (ruling LT-4)")
            tilted = [i for i, slot in enumerate(timeline) if flag(slot["tilted"], "tilted")]
            need(not tilted or len(tilted) == 1 and tilted[0] in (0, len(row) - 1),
                 "its timeline has a card sideways that is not its one end (ruling LT-7)")
            placed += row
        discard = cards(field(view, "discard_pile"), "discard_pile", known)
        side = cards(field(view, "side_pile"), "side_pile", known)
        need(field(view, "discard_top") == (discard[-1] if discard else None), "its discard top is not its pile's")
        shown = hand + placed + discard + side
        need(len(set(shown)) == len(shown), "its view shows one card in two places")
        deck_count = whole(field(view, "deck_count"), "deck_count", 0, len(CARD_IDS))
        hidden = sum(sizes) - len(hand)
        need(len(shown) + hidden + deck_count == len(CARD_IDS),
             f"its cards do not add up to the {len(CARD_IDS)} of the deck")
        faces = mapping(field(view, "cards"), "cards")
        need(len(faces) == len(shown) and all(card in faces for card in shown),
             "its card faces are not those of the cards it shows")
        need(all(faces[card] == CARDS[card].facts() for card in shown), "its card faces are not this deck's")
        one_of(field(view, "direction"), "direction", ARROWS)
        one_of(field(view, "phase"), "phase", PHASES)
        seat_number(field(view, "dealer"), "dealer", n)
        seat_number(field(view, "turn"), "turn", n)
        for skips in items(field(view, "skips_pending"), "skips_pending", length=n):
            whole(skips, "turns to lose", 0, DECK_COUNTS["disaster"])
        whole(field(view, "round"), "round", 1, ROUND_CAP)
        final_round = flag(field(view, "final_round"), "final_round")
        ender = seat_number(field(view, "ender"), "ender", n, none=True)
        need(final_round == (ender is not None), "its last round has no player who ended it")
        need(not final_round or len(timelines[ender]) >= FINAL_LENGTH - 1,  # (a card lost since, LT-7)
             "its last round was ended by a timeline short of eight cards")
        need(field(view, "target_year") == TARGET_YEAR, f"its target year is not {TARGET_YEAR}")
        over = flag(field(view, "over"), "over")
        need(not over or final_round or view["round"] == ROUND_CAP,
             "its game is over before its last round (ruling LT-10)")
        totals = items(field(view, "running_totals"), "running_totals", length=n)
        for timeline, total in zip(timelines, totals):
            row = [slot["card"] for slot in timeline]
            value = timeline_total(row, chips)
            need(mapping(total, "running total", TOTAL_FIELDS) == {
                "total": value, "distance": None if value is None else TARGET_YEAR - value,
                "over": value is not None and value > TARGET_YEAR, "youngest": YEAR[row[-1]] if row else None,
                "vips": sum(1 for c in row if KIND[c] == "vip"),
                "disasters": sum(1 for c in row if KIND[c] == "disaster"),
                "chips": timeline_chips(row), "length": len(row)}, "its running totals are not its timelines'")
        last = field(view, "last")
        if last is not None:
            mapping(last, "last move", ("seat", "kind"))
            seat_number(last["seat"], "last move's seat", n)
            kind = one_of(last["kind"], "last move", ACTION_ARGUMENTS)
            if kind in ("vip", "disaster", "place"):
                need(last.get("card") in known, "its last move names no card of this deck")
            if kind in ("vip", "disaster"):
                seat_number(last.get("target"), "last move's target", n)
            if kind == "discard":
                cards(last.get("cards"), "last discard", known, most=2)
            if kind == "place":
                one_of(last.get("end"), "last move's end", ("left", "right"))

    def check_moves(self, view: dict[str, Any], legal: Sequence[Action], seat: int | None,
                    config: GameConfig) -> None:
        """Each move offered is one `legal_actions` offers beside this view: the action (pass, a
        VIP or Disaster of the hand on an opponent, one or two cards of the hand discarded, LT-3,
        LT-5), then the travel (a card of the hand placed, or cannot_travel, LT-7)."""
        hand, n = view["hand"], config.seat_count
        for action in legal:
            need(action.seat == seat == view["turn"], "it offered a move out of turn")
            kind = action.kind
            need(kind in ACTION_ARGUMENTS, f"it offered a move Lost in Time does not have ({kind[:30]!r})")
            need((kind in ("place", "cannot_travel")) == (view["phase"] == "travel"),
                 "it offered a move of another step of the turn (ruling LT-3)")
            if kind in ("vip", "disaster", "place"):
                card = action.get("card")
                need(isinstance(card, str) and card in hand, "it offered a move with a card not in hand")
            if kind in ("vip", "disaster"):
                need(KIND[action["card"]] == kind, "it offered a card as what it is not (ruling LT-5)")
                need(seat_number(action.get("target"), "move's target", n) != seat, "it offered a move on oneself (LT-5)")
            if kind == "discard":
                chosen = action.get("cards")
                need(isinstance(chosen, tuple) and 1 <= len(chosen) <= 2 and len(set(chosen)) == len(chosen)
                     and all(isinstance(card, str) and card in hand for card in chosen),
                     "it offered a discard of cards not in hand (ruling LT-3)")

    def secrets(self, state: dict, seat: int | None) -> set[str]:
        hidden = set(state["draw"])
        for other, hand in enumerate(state["hands"]):
            if other != seat:
                hidden.update(hand)
        return hidden

    # --- the end ----------------------------------------------------------------------------
    @staticmethod
    def tie_break(totals: list[dict], winners: Sequence[int]) -> tuple[str | None, list[int]]:
        """Ruling LT-10, said once for every screen: which step picked `winners` (the ranking's
        first place, from `seat_total`s) and which seats landed on the winner's year without winning.
        The steps in LT-10's order: "total" (nobody else on that year), "timeline length", "payment
        chips", "shared win" (still tied); None when nobody wins (every timeline beyond 2031 or empty)."""
        if not winners:
            return None, []
        first = totals[winners[0]]
        tied_with = [s for s, t in enumerate(totals)
                     if s not in winners and not t["over"] and t["total"] == first["total"]]
        if len(winners) > 1:
            return "shared win", tied_with
        if not tied_with:
            return "total", []
        if all(totals[s]["length"] < first["length"] for s in tied_with):
            return "timeline length", tied_with
        return "payment chips", tied_with

    def result(self, state: dict) -> Outcome | None:
        """Ruling LT-10: closest to 2031 from below; ties by length, then chips; all over: nobody."""
        if not state["over"]:
            return None
        n = len(state["hands"])
        totals = [self.seat_total(state, s) for s in range(n)]
        scores = tuple(t["total"] for t in totals)
        valid = [s for s in range(n) if totals[s]["total"] is not None and not totals[s]["over"]]
        over = [s for s in range(n) if totals[s]["over"]]
        empty = [s for s in range(n) if totals[s]["total"] is None]

        def key(s: int) -> tuple[int, int, int]:
            return (totals[s]["total"], totals[s]["length"], totals[s]["chips"])

        ranking: list[tuple[int, ...]] = []
        for group_key in sorted({key(s) for s in valid}, reverse=True):
            ranking.append(tuple(s for s in valid if key(s) == group_key))
        for total in sorted({totals[s]["total"] for s in over}):
            ranking.append(tuple(s for s in over if totals[s]["total"] == total))
        if empty:
            ranking.append(tuple(empty))
        winners = ranking[0] if valid else ()
        names = state["names"]
        if not winners and empty:  # ruling LT-10: an empty timeline has no total (it went nowhere, not beyond)
            bare = " and ".join(names[s] for s in empty)
            summary = (f"Nobody wins: {bare} ended with an empty timeline, everybody else beyond 2031."
                       if over else "Nobody wins: every timeline ended empty.")
        elif not winners:
            summary = "Everybody travelled beyond 2031: nobody wins."
        elif len(winners) == 1:
            win = totals[winners[0]]
            summary = f"{names[winners[0]]} wins, landing in {format_year(win['total'])}."  # "776 BC", not "-776"
            _, level = self.tie_break(totals, winners)
            # ruling LT-10's tie-breaks, said for each rival on the same year: a shorter timeline lost
            # on length, one as long on payment chips (three on one year can need both)
            shorter = " and ".join(names[s] for s in level if totals[s]["length"] < win["length"])
            as_long = " and ".join(names[s] for s in level if totals[s]["length"] == win["length"])
            if shorter and as_long:
                summary += (f" {shorter} landed there too with a shorter timeline, {as_long} with as many cards "
                            "but fewer payment chips.")
            elif shorter:
                summary += f" {shorter} landed there too: the longer timeline wins."
            elif as_long:
                summary += f" {as_long} landed there too, with as many cards: more payment chips win."
        else:
            summary = (f"{' and '.join(names[s] for s in winners)} share the win in "
                       f"{format_year(totals[winners[0]]['total'])}.")
        if state["capped"]:
            summary += f" (The game stopped at the {ROUND_CAP}-round safety limit.)"
        breakdown = []
        for s in range(n):
            t = totals[s]
            timeline = state["timelines"][s]
            if not timeline:
                breakdown.append(({"label": "Empty timeline: no total", "value": "-"},))
                continue
            # short labels: six seats' cards share the results screen (the year says which card)
            lines = [{"label": "Youngest card", "value": year_value(t["youngest"])},
                     {"label": f"VIPs ({t['vips']} × {VIP_BONUS})", "value": VIP_BONUS * t["vips"]},
                     {"label": f"Disasters ({t['disasters']} × {DISASTER_BONUS})",
                      "value": DISASTER_BONUS * t["disasters"]}]
            if state["options"]["chips"]:
                lines.append({"label": f"Chip bonus ({t['chips']} × {CHIP_BONUS})", "value": CHIP_BONUS * t["chips"]})
            lines += [{"label": "Total", "value": year_value(t["total"])},
                      {"label": "Beyond 2031?", "value": "yes: lost" if t["over"] else "no"},
                      {"label": "Timeline length", "value": t["length"]},
                      {"label": "Payment chips", "value": t["chips"]}]
            breakdown.append(tuple(lines))
        return Outcome(scores, tuple(ranking), tuple(winners), tuple(breakdown), summary,
                       draw=len(winners) > 1)

    # --- checks and log ---------------------------------------------------------------------
    def check_invariants(self, state: dict) -> None:
        everything = state["draw"] + state["discard"] + state["side"]
        for hand in state["hands"]:
            assert len(hand) <= HAND_SIZE, "a hand holds more than 5 cards"
            everything += hand
        for seat, timeline in enumerate(state["timelines"]):
            everything += timeline
            years = [YEAR[c] for c in timeline]
            assert years == sorted(set(years)), f"timeline of seat {seat} is not strictly in order"
            tilted = state["tilted"][seat]
            assert tilted is None or tilted in (timeline[0], timeline[-1]), "a tilted card is not at an end"
        assert sorted(everything) == sorted(CARD_IDS), "cards not conserved"
        assert all(k >= 0 for k in state["skips"]), "negative skips"

    def describe(self, event: Event, seat: int | None) -> str:
        return describe_event(event, seat, None)


def describe_event(event: Event, seat: int | None, names: list[str] | None, disaster_skip: str = "turn") -> str:
    """A log line in the players' words; cards read "Battle of the Somme (1916)". `seat` is written
    as "You" (None at a shared screen, where everyone is named); `names` are the seat names ("Seat k"
    without them); `disaster_skip` is the table's option (ruling LT-5): a Disaster costs the turn or
    only the action."""

    def who(s: Any) -> str:
        if s is None:
            return "Nobody"
        s = int(s)
        if s == seat:
            return "You"
        return names[s] if names and 0 <= s < len(names) else f"Seat {s + 1}"

    def whom(s: Any) -> str:  # "You" in the middle of a sentence is "you"
        name = who(s)
        return "you" if name == "You" else name

    def whose(s: Any) -> str:
        return "your" if s is not None and int(s) == seat else f"{who(s)}'s"

    def label(card_id: Any) -> str:
        return card_label(str(card_id)) if str(card_id) in CARDS else "a card"

    kind = event.kind
    actor = who(event.get("seat"))
    if kind == "pass":
        return f"{actor} skipped the action."
    if kind == "vip":
        return f"{actor} played a VIP on {whom(event['target'])}, {label(event['card'])}."
    if kind == "steal":
        card = event.get("card")
        if card is None:
            return f"{actor} stole a card from {whom(event['target'])} without looking."
        return f"{actor} stole {label(card)} from {whom(event['target'])}."
    if kind == "disaster":
        victim = event["target"]
        loss = "the next action" if disaster_skip == "action" else "the next turn"
        verb = "lose" if who(victim) == "You" else "loses"
        if event.get("moot"):  # the last round, and the victim has played it: there is no next turn
            plays = "play" if who(victim) == "You" else "plays"
            return (f"{actor} played a Disaster on {whom(victim)}, {label(event['card'])}: the game ends before "
                    f"{whom(victim)} {plays} again.")
        return f"{actor} played a Disaster on {whom(victim)}, {label(event['card'])}: {whom(victim)} {verb} {loss}."
    if kind == "discard":
        cards = [label(c) for c in event["cards"]]
        if len(cards) == 2:
            return f"{actor} discarded {cards[0]}, then {cards[1]} on top."
        return f"{actor} discarded {cards[0]}."
    if kind == "place":
        side = "future" if event["end"] == "right" else "past"
        return f"{actor} travelled to the {side} with {label(event['card'])}."
    if kind == "straighten":
        return f"{label(event['card'])} on {whose(event['seat'])} timeline is straight again."
    if kind == "cannot_travel":
        return f"{actor} could not travel to the {event['direction']}."
    if kind == "tilt":
        return f"{label(event['card'])} on {whose(event['seat'])} timeline is turned sideways."
    if kind == "card_lost":
        return f"{actor} lost {label(event['card'])} from the timeline."
    if kind == "turn_lost":
        return f"{actor} lost this turn to a Disaster."
    if kind == "action_lost":
        return f"{actor} lost this turn's action to a Disaster."
    if kind == "final_round":
        return f"{actor} placed an 8th card: this is the last round."
    if kind == "round_start":
        dealer = who(event["dealer"])
        return (f"Round {event['round']}: {dealer} {'deal' if dealer == 'You' else 'deals'}; "
                f"everyone travels to the {event['direction']}.")
    if kind == "deal":
        cards = [label(c) for c in event.get("cards") or ()]
        if cards:
            return f"{actor} drew " + (cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " and " + cards[-1]) + "."
        return f"{actor} drew {event['count']} card{'s' if event['count'] != 1 else ''}."
    if kind == "reshuffle":
        return f"The draw pile ran out: {event['count']} cards were shuffled into a new one."
    if kind == "turn":
        return f"{actor} to play."
    if kind == "game_over":
        winners = event.get("winners") or ()
        if not winners:
            return "Game over: nobody wins."
        names = " and ".join(who(s) for s in winners)
        decided_by = event.get("decided_by")  # ruling LT-10's tie-breaks, said
        if decided_by == "shared win":
            return f"Game over: {names} share the win (tied on the year, the length and the payment chips)."
        line = f"Game over: {names} " + ("win" if len(winners) > 1 or winners[0] == seat else "wins")
        why = {"timeline length": " on the longer timeline (tied on the year).",
               "payment chips": " on payment chips (tied on the year, timelines as long)."}
        return line + why.get(str(decided_by), ".")
    return kind


ENGINE = LostInTime()
