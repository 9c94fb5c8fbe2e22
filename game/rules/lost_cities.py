"""Lost Cities for two: expeditions, wagers, a shared row of discard piles, and a match of rounds.

The state is plain data (dicts, lists, ints, strs) so `copy_state`, `state_hash` and saves are cheap.
The top of the draw pile is the *last* element of `state["deck"]`; every discard pile keeps its top
last too. Rulings LC-1 ... LC-8 of RULINGS.md are cited where they act.
"""

from __future__ import annotations

from typing import Any, Sequence

from game.core.engine import Engine, Option, wrong_arguments
from game.core.rng import Rng
from game.core.types import Action, Event, GameConfig, Outcome, others, rank_by_score
from game.core.view_checks import ViewProblem, cards, field, flag, items, mapping, need, one_of, seat_number, whole

ALL_COLOURS = ("y", "b", "w", "g", "r", "p")
COLOUR_NAMES = {"y": "Yellow", "b": "Blue", "w": "White", "g": "Green", "r": "Red", "p": "Purple"}
WAGER_RANKS = ("w1", "w2", "w3")
NUMBER_RANKS = tuple(f"{n:02d}" for n in range(2, 11))
RANKS = WAGER_RANKS + NUMBER_RANKS
HAND_SIZE = 8
EXPEDITION_COST = 20
BONUS_CARDS = 8
BONUS_POINTS = 20
ROUND_ACTION_CAP = 10_000  # ruling LC-8
ROUND_END_REASONS = ("deck", "cap")  # ruling LC-5: the last card drawn; ruling LC-8: the action cap
ROUND_SCORE_RANGE = (-80 * len(ALL_COLOURS), 156 * len(ALL_COLOURS))  # three wagers alone .. every card
ACTION_ARGUMENTS: dict[str, tuple[str, ...]] = {  # ruling LC-2: lay a card, then draw; undo before the draw
    "play": ("card",), "discard": ("card",), "draw": ("source",), "undo": (),
}
MINUS = "\u2212"
TIMES = "\u00d7"


# --- cards -------------------------------------------------------------------------------------

def card_id(colour: str, rank: str) -> str:
    """`card_id("b", "07") == "lc-b-07"`; wagers are ranks "w1"..."w3"."""
    return f"lc-{colour}-{rank}"


def card_colour(card: str) -> str:
    return card[3]


def is_wager(card: str) -> bool:
    return card[5] == "w"


def card_value(card: str) -> int:
    """The number on a card; 0 for a wager."""
    return 0 if card[5] == "w" else int(card[5:])


def deck_for(colours: list[str] | tuple[str, ...]) -> list[str]:
    """Every card of the given colours in lane order (ruling LC-1: 12 per colour)."""
    return [card_id(c, r) for c in colours for r in RANKS]


def lane_sort_key(card: str) -> tuple[int, int, str]:
    """Lane order y, b, w, g, r, p; inside a lane wagers first, then numbers ascending."""
    return (ALL_COLOURS.index(card[3]), card_value(card), card)


def card_name(card: str) -> str:
    """"Blue 7" or "Blue wager"."""
    colour = COLOUR_NAMES[card_colour(card)]
    return f"{colour} wager" if is_wager(card) else f"{colour} {card_value(card)}"


def held_name(card: object) -> str:
    """How a refusal names a card the player does not hold: "the Blue 7", or "that card" for an id
    that is no card of the game (stale or garbled input never shows its raw id)."""
    if isinstance(card, str) and card in deck_for(ALL_COLOURS):
        return f"the {card_name(card)}"
    return "that card"


def can_extend(expedition: list[str], card: str) -> bool:
    """Ruling LC-4: wagers only before the first number; numbers strictly increasing."""
    if not expedition:
        return True
    top = expedition[-1]
    if is_wager(card):
        return is_wager(top)
    return is_wager(top) or card_value(card) > card_value(top)


# --- scoring -----------------------------------------------------------------------------------

def expedition_score(cards: list[str]) -> dict[str, int]:
    """Ruling LC-6: (sum − 20) × (1 + wagers), negatives too; +20 unmultiplied for 8+ cards.
    An unstarted expedition scores 0."""
    if not cards:
        return {"started": 0, "sum": 0, "wagers": 0, "cards": 0, "bonus": 0, "score": 0}
    total = sum(card_value(c) for c in cards)
    wagers = sum(1 for c in cards if is_wager(c))
    bonus = BONUS_POINTS if len(cards) >= BONUS_CARDS else 0
    score = (total - EXPEDITION_COST) * (1 + wagers) + bonus
    return {"started": 1, "sum": total, "wagers": wagers, "cards": len(cards), "bonus": bonus, "score": score}


def expedition_label(colour: str, detail: dict[str, int]) -> str:
    """The rulebook's way of writing a line: "Blue: (23 − 20) × 2"."""
    name = COLOUR_NAMES[colour]
    if not detail["started"]:
        return f"{name}: not started"
    text = f"{name}: ({detail['sum']} {MINUS} {EXPEDITION_COST})"
    if detail["wagers"]:
        text += f" {TIMES} {1 + detail['wagers']}"
    if detail["bonus"]:
        text += f" + {detail['bonus']}"
    return text


def round_score(expeditions: dict[str, list[str]]) -> int:
    return sum(expedition_score(cards)["score"] for cards in expeditions.values())


# --- the engine --------------------------------------------------------------------------------

class LostCities(Engine[dict]):
    game_id = "lost-cities"
    title = "Lost Cities"
    min_seats = 2
    max_seats = 2
    action_kinds = ("play", "discard", "draw", "undo")
    options = (
        Option("rounds", "Rounds", ((3, "3 rounds"), (1, "1 round"), (2, "2 rounds"), (4, "4 rounds"),
                                    (5, "5 rounds")),
               "A match adds up the scores of its rounds; the rulebook plays three."),  # ruling LC-7
        Option("colours", "Colours", ((5, "5 colours (60 cards)"), (6, "6 colours, long game (72 cards)")),
               "The long game adds a sixth expedition, purple, with its 12 cards."),  # ruling LC-1
    )

    # --- setup ---------------------------------------------------------------------------------
    def new_game(self, config: GameConfig, seed: int) -> dict:
        self.check_config(config)
        colours = list(ALL_COLOURS[: self.option_value(config, "colours")])
        rng = Rng.from_seed(seed, "lost-cities")
        state: dict[str, Any] = {
            "colours": colours,
            "rounds": self.option_value(config, "rounds"),
            "round": 0,
            "totals": [0, 0],
            "history": [],
            "over": False,
            "rng": rng.state,
        }
        self._deal_round(state, starter=rng.below(2))  # ruling LC-7: round 1 starter at random
        return state

    def _deal_round(self, state: dict, starter: int) -> list[Event]:
        """Shuffle every card, deal 8 each (ruling LC-1) and hand the turn to `starter`."""
        rng = Rng(state["rng"])
        deck = rng.shuffled(deck_for(state["colours"]))
        state["rng"] = rng.state
        hands = [sorted(deck[-HAND_SIZE:], key=lane_sort_key),
                 sorted(deck[-2 * HAND_SIZE:-HAND_SIZE], key=lane_sort_key)]
        del deck[-2 * HAND_SIZE:]
        state.update({
            "round": state["round"] + 1,
            "deck": deck,
            "hands": hands,
            "known": [[], []],
            "expeditions": [{c: [] for c in state["colours"]} for _ in range(2)],
            "discards": {c: [] for c in state["colours"]},
            "starter": starter,
            "turn": starter,
            "phase": "play",
            "last_discard": None,
            "laid": None,  # the card played or discarded this turn, until the draw (undo)
            "round_actions": 0,
        })
        # Each seat gets its own hand; spectators get a twin of each deal without the cards. The other
        # seat does not get the twin: its own deal already carries every public fact of the new round.
        events: list[Event] = []
        for seat in range(2):
            public = {"seat": seat, "round": state["round"], "starter": starter, "deck_count": len(deck),
                      "hand_sizes": [HAND_SIZE, HAND_SIZE]}
            events.append(Event.make("deal", [seat], cards=list(hands[seat]), **public))
            events.append(Event.make("deal", others(2, 0, 1), **public))
        return events

    # --- whose turn, what is legal -------------------------------------------------------------
    def is_over(self, state: dict) -> bool:
        return bool(state["over"])

    def active_seats(self, state: dict) -> list[int]:
        return [] if state["over"] else [state["turn"]]

    def legal_actions(self, state: dict, seat: int) -> list[Action]:
        if state["over"] or seat != state["turn"]:
            return []
        if state["phase"] == "play":
            expeditions = state["expeditions"][seat]
            plays = [Action.make(seat, "play", card=card) for card in state["hands"][seat]
                     if can_extend(expeditions[card_colour(card)], card)]
            discards = [Action.make(seat, "discard", card=card) for card in state["hands"][seat]]
            return plays + discards
        actions = [Action.make(seat, "draw", source="deck")] if state["deck"] else []
        for colour in state["colours"]:
            pile = state["discards"][colour]
            if pile and pile[-1] != state["last_discard"]:  # ruling LC-3
                actions.append(Action.make(seat, "draw", source=colour))
        if state.get("laid") is not None:
            actions.append(Action.make(seat, "undo"))  # nothing hidden was seen since the card was laid
        return actions

    def explain_illegal(self, state: dict, action: Action) -> str:
        if state["over"]:
            return "the match is over"
        if action.seat not in (0, 1):
            return f"Lost Cities has seats 0 and 1, not {action.seat}"
        if action.seat != state["turn"]:
            return "it is not your turn"
        if action.kind not in self.action_kinds:
            return f"Lost Cities has no {action.kind!r} action (play, discard, draw or undo)"
        # a move with missing or extra arguments (a garbled guest's) is named as such, before any
        # reading of its card or pile: it matches no legal move even when its card would fit
        garbled = wrong_arguments(action, ACTION_ARGUMENTS[action.kind])
        if garbled:
            return garbled
        phase = state["phase"]
        if action.kind == "undo":
            return "there is nothing to take back: undo takes back this turn's card until you draw"
        if action.kind == "draw" and phase == "play":
            return "first play or discard a card, then draw"
        if action.kind != "draw" and phase == "draw":
            return "you have played this turn: now draw a card from the deck or a discard pile"
        if action.kind == "draw":
            source = action.get("source")
            if source == "deck":
                return "the draw pile is empty"
            if source not in state["colours"]:
                return f"there is no draw source {source!r} (deck or a colour letter)"
            pile = state["discards"][source]
            if not pile:
                return f"the {COLOUR_NAMES[source]} discard pile is empty"
            if pile[-1] == state["last_discard"]:
                return f"you may not draw back the {card_name(pile[-1])} you just discarded (ruling LC-3)"
            return "that draw is not allowed now"
        card = action.get("card")
        if not isinstance(card, str) or card not in state["hands"][action.seat]:
            return f"you do not hold {held_name(card)}"
        if action.kind == "play":
            expedition = state["expeditions"][action.seat][card_colour(card)]
            top = expedition[-1]
            name = COLOUR_NAMES[card_colour(card)]
            if is_wager(card):
                return f"wagers go only before the first number card; your {name} expedition has numbers (ruling LC-4)"
            return (f"your {name} expedition is at {card_value(top)}: the next card must be higher "
                    f"than that (ruling LC-4)")
        return f"{action.kind} is not allowed now"

    # --- applying ------------------------------------------------------------------------------
    def _apply(self, state: dict, action: Action) -> list[Event]:
        seat = action.seat
        round_before = state["round"]
        state["round_actions"] += 1
        events: list[Event]
        if action.kind == "draw":
            events = self._draw(state, seat, str(action["source"]))
        elif action.kind == "undo":
            events = self._take_back(state, seat)
        else:
            card = str(action["card"])
            colour = card_colour(card)
            state["hands"][seat].remove(card)
            if card in state["known"][seat]:
                state["known"][seat].remove(card)
            if action.kind == "play":
                expedition = state["expeditions"][seat][colour]
                opened = not expedition
                expedition.append(card)
                state["last_discard"] = None
                wagers = sum(1 for c in expedition if is_wager(c))
                events = [Event.make("play", None, seat=seat, card=card, colour=colour, opened=opened,
                                     wagers=wagers, **{"from": "hand", "to": "expedition"})]
            else:
                state["discards"][colour].append(card)
                state["last_discard"] = card
                events = [Event.make("discard", None, seat=seat, card=card, colour=colour,
                                     **{"from": "hand", "to": "discard"})]
            state["phase"] = "draw"
            state["laid"] = card
        still_same_round = state["round"] == round_before and not state["over"]
        if still_same_round and state["round_actions"] >= ROUND_ACTION_CAP:  # ruling LC-8
            events += self._end_round(state, reason="cap")
        return events

    def _take_back(self, state: dict, seat: int) -> list[Event]:
        """Undo this turn's play or discard before the draw: the card was seen by all, so it goes
        back into the hand as a known card. The round's action count still counts the undo, so
        ruling LC-8's cap holds even for a seat that never stops taking back."""
        card = str(state["laid"])
        colour = card_colour(card)
        discarded = state["last_discard"] == card
        where = state["discards"][colour] if discarded else state["expeditions"][seat][colour]
        assert where and where[-1] == card, "the card to take back is not on top of where it went"
        where.pop()
        state["hands"][seat].append(card)
        state["hands"][seat].sort(key=lane_sort_key)
        state["known"][seat].append(card)
        state["phase"] = "play"
        state["last_discard"] = None
        state["laid"] = None
        return [Event.make("undo", None, seat=seat, card=card, colour=colour,
                           **{"from": "discard" if discarded else "expedition", "to": "hand"})]

    def _draw(self, state: dict, seat: int, source: str) -> list[Event]:
        other = 1 - seat
        if source == "deck":
            card = state["deck"].pop()
            state["hands"][seat].append(card)
            count = len(state["deck"])
            events = [Event.make("draw", [seat], seat=seat, source="deck", card=card, deck_count=count,
                                 **{"from": "deck", "to": "hand"}),
                      Event.make("draw", others(2, seat), seat=seat, source="deck", deck_count=count,
                                 **{"from": "deck", "to": "hand"})]
        else:
            card = state["discards"][source].pop()
            state["hands"][seat].append(card)
            state["known"][seat].append(card)
            events = [Event.make("draw", None, seat=seat, source=source, card=card,
                                 deck_count=len(state["deck"]), **{"from": "discard", "to": "hand"})]
        state["hands"][seat].sort(key=lane_sort_key)
        state["phase"] = "play"
        state["last_discard"] = None
        state["laid"] = None
        state["turn"] = other
        if not state["deck"]:  # ruling LC-5: the round ends the instant the last card is drawn
            events += self._end_round(state, reason="deck")
        return events

    def _end_round(self, state: dict, reason: str) -> list[Event]:
        """Score the round (ruling LC-6), carry totals (LC-7), then deal again or end the match."""
        details = [[expedition_score(state["expeditions"][seat][c]) for c in state["colours"]]
                   for seat in range(2)]
        scores = [sum(d["score"] for d in details[seat]) for seat in range(2)]
        for seat in range(2):
            state["totals"][seat] += scores[seat]
        state["history"].append({
            "round": state["round"],
            "starter": state["starter"],
            "reason": reason,
            "scores": list(scores),
            "expeditions": [[dict(d, colour=c) for c, d in zip(state["colours"], details[seat])]
                            for seat in range(2)],
        })
        breakdown = [[[c, d["cards"], d["sum"], d["wagers"], d["bonus"], d["score"]]
                      for c, d in zip(state["colours"], details[seat])] for seat in range(2)]
        labels = [[f"{expedition_label(c, d)} = {d['score']}" for c, d in zip(state["colours"], details[seat])
                   if d["started"]] for seat in range(2)]
        events = [Event.make("round_end", None, round=state["round"], reason=reason, scores=scores,
                             totals=list(state["totals"]), breakdown=breakdown, labels=labels,
                             last_round=state["round"] >= state["rounds"])]
        if state["round"] >= state["rounds"]:
            state["over"] = True
            state["phase"] = "over"
            winners = self._winners(state)
            events.append(Event.make("match_end", None, totals=list(state["totals"]), winners=winners,
                                     draw=len(winners) == 2, rounds=state["round"]))
            return events
        # ruling LC-7: the loser of the round starts the next; seat 0 breaks a tied round
        starter = 0 if scores[0] == scores[1] else (0 if scores[0] < scores[1] else 1)
        return events + self._deal_round(state, starter)

    def _winners(self, state: dict) -> list[int]:
        a, b = state["totals"]
        return [0, 1] if a == b else ([0] if a > b else [1])

    # --- what a seat sees ----------------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict[str, Any]:
        colours = list(state["colours"])
        hand_sizes = [len(state["hands"][0]), len(state["hands"][1])]
        so_far = [{c: expedition_score(state["expeditions"][s][c])["score"] for c in colours}
                  for s in range(2)]
        return {
            "game": self.game_id,
            "seat": seat,
            "colours": colours,
            "hand": list(state["hands"][seat]) if seat is not None else [],
            "hand_size": hand_sizes[1 - seat] if seat is not None else None,
            "hand_sizes": hand_sizes,
            # cards each seat took from a discard pile in full view and still holds: public memory
            "known_in_hand": [list(state["known"][0]), list(state["known"][1])],
            "expeditions": [{c: list(state["expeditions"][s][c]) for c in colours} for s in range(2)],
            "discards": {c: list(state["discards"][c]) for c in colours},
            "deck_count": len(state["deck"]),
            "turn": state["turn"],
            "phase": state["phase"],
            "round": state["round"],
            "rounds": state["rounds"],
            "starter": state["starter"],
            "totals": list(state["totals"]),
            "round_scores_so_far": so_far,
            "round_totals_so_far": [sum(so_far[s].values()) for s in range(2)],
            "round_history": [{"round": h["round"], "scores": list(h["scores"]), "reason": h["reason"]}
                              for h in state["history"]],
            "last_discard": state["last_discard"] if state["phase"] == "draw" else None,
            "laid": state.get("laid"),  # this turn's card, on the table for all to see, until the draw
            "over": bool(state["over"]),
        }

    def check_view(self, view: dict[str, Any], seat: int | None, config: GameConfig) -> None:
        """What `view` promises a table (every card a card of this match's colours, in one place
        at a time, all 12 per colour accounted for; expeditions rising, ruling LC-4; two seats of
        eight cards at most; scores that add up) holds, or ViewProblem says what does not."""
        need(field(view, "game") == self.game_id, "its view is not of Lost Cities")
        need(field(view, "seat") == seat, "its view is of another seat than it says")
        colours = list(ALL_COLOURS[: self.option_value(config, "colours")])
        need(field(view, "colours") == colours, "its colours are not this match's expeditions")
        deck = deck_for(colours)
        known = frozenset(deck)
        phase = one_of(field(view, "phase"), "phase", ("play", "draw", "over"))
        over = flag(field(view, "over"), "over")
        need(over == (phase == "over"), "its view is over in one field and playing in another")
        turn = seat_number(field(view, "turn"), "turn", 2)
        seat_number(field(view, "starter"), "starter", 2)
        rounds = whole(field(view, "rounds"), "rounds", 1, 5)
        need(rounds == self.option_value(config, "rounds"), "its match has another number of rounds")
        round_number = whole(field(view, "round"), "round", 1, rounds)
        hand = cards(field(view, "hand"), "hand", known, most=HAND_SIZE)
        sizes = items(field(view, "hand_sizes"), "hand_sizes", length=2)
        for size in sizes:
            whole(size, "hand size", 0, HAND_SIZE)
        if seat is None:
            need(hand == [] and field(view, "hand_size") is None, "its spectator is shown a hand")
        else:
            need(len(hand) == sizes[seat], "its hand is not as large as it says")
            need(whole(field(view, "hand_size"), "hand_size", 0, HAND_SIZE) == sizes[1 - seat],
                 "its opponent's hand is two sizes at once")
        if not over:
            need(sizes[turn] == (HAND_SIZE if phase == "play" else HAND_SIZE - 1) and sizes[1 - turn] == HAND_SIZE,
                 "its hands are not of the sizes of a turn in play")
        expeditions = items(field(view, "expeditions"), "expeditions", length=2)
        laid_out: list[list[str]] = [hand]
        for side in expeditions:
            mapping(side, "expedition", colours)
            need(len(side) == len(colours), "its expeditions are not the match's colours")
            for colour in colours:
                row = cards(side[colour], "expedition", known, most=len(RANKS))
                need(all(card_colour(card) == colour for card in row), "its expedition holds a card of another colour")
                need(all(can_extend(row[:i], row[i]) for i in range(1, len(row))),
                     "its expedition does not rise (ruling LC-4)")
                laid_out.append(row)
        discards = mapping(field(view, "discards"), "discards", colours)
        need(len(discards) == len(colours), "its discard piles are not the match's colours")
        for colour in colours:
            pile = cards(discards[colour], "discard pile", known, most=len(RANKS))
            need(all(card_colour(card) == colour for card in pile), "its discard pile holds a card of another colour")
            laid_out.append(pile)
        known_in_hand = items(field(view, "known_in_hand"), "known_in_hand", length=2)
        for side, cards_known in enumerate(known_in_hand):
            cards(cards_known, "known_in_hand", known, most=sizes[side])
        if seat is not None:
            need(set(known_in_hand[seat]) <= set(hand), "it says this seat holds a card not in its hand")
        laid_out.append(known_in_hand[1 - seat] if seat is not None else known_in_hand[0] + known_in_hand[1])
        shown = [card for group in laid_out for card in group]
        need(len(set(shown)) == len(shown), "its view shows one card in two places")
        deck_count = whole(field(view, "deck_count"), "deck_count", 0 if over else 1, len(deck))
        hidden_hands = sizes[1 - seat] if seat is not None else sizes[0] + sizes[1]
        in_view = len(hand) + sum(len(group) for group in laid_out[1:-1])
        need(in_view + hidden_hands + deck_count == len(deck),
             f"its cards do not add up to the {len(deck)} of the match")
        laid = field(view, "laid")
        last_discard = field(view, "last_discard")
        if phase == "draw":
            need(isinstance(laid, str) and laid in known, "its turn to draw has no card laid")
            own = expeditions[turn][card_colour(laid)]
            pile = discards[card_colour(laid)]
            need(last_discard in (None, laid) and (pile[-1:] == [laid] if last_discard else own[-1:] == [laid]),
                 "its card laid this turn is not where it went")
        else:
            need(last_discard is None, "it names a card just discarded outside a turn's draw")
            need(laid is None or over and isinstance(laid, str) and laid in known,
                 "it names a card laid outside a turn's draw")
        so_far = items(field(view, "round_scores_so_far"), "round_scores_so_far", length=2)
        totals_so_far = items(field(view, "round_totals_so_far"), "round_totals_so_far", length=2)
        for side in range(2):
            expected = {c: expedition_score(expeditions[side][c])["score"] for c in colours}
            need(so_far[side] == expected and totals_so_far[side] == sum(expected.values()),
                 "its scores so far are not its expeditions'")
        history = items(field(view, "round_history"), "round_history",
                        length=round_number if over else round_number - 1)
        sums = [0, 0]
        for index, record in enumerate(history):
            mapping(record, "round record", ("round", "scores", "reason"))
            need(record["round"] == index + 1, "its rounds are not numbered in order")
            one_of(record["reason"], "round's end", ROUND_END_REASONS)
            for side, score in enumerate(items(record["scores"], "round's scores", length=2)):
                sums[side] += whole(score, "round score", *ROUND_SCORE_RANGE)
        need(field(view, "totals") == sums, "its match totals are not the sum of its rounds")

    def check_moves(self, view: dict[str, Any], legal: Sequence[Action], seat: int | None,
                    config: GameConfig) -> None:
        """Each move offered is one `legal_actions` offers beside this view: a card of the hand
        played where it rises (ruling LC-4) or discarded, then a draw from the deck or a pile that
        is not the card just discarded (LC-3), or taking this turn's card back before the draw."""
        for action in legal:
            need(action.seat == seat == view["turn"], "it offered a move out of turn")
            kind = action.kind
            if kind in ("play", "discard"):
                card = action.get("card")
                need(view["phase"] == "play" and isinstance(card, str) and card in view["hand"],
                     "it offered to lay a card not in hand, or after laying one")
                need(kind == "discard" or can_extend(view["expeditions"][seat][card_colour(card)], card),
                     "it offered a play that does not rise (ruling LC-4)")
            elif kind == "draw":
                source = action.get("source")
                need(view["phase"] == "draw", "it offered a draw before a card was laid")
                if source == "deck":
                    need(view["deck_count"] > 0, "it offered a draw from an empty deck")
                else:
                    need(isinstance(source, str) and source in view["colours"], "it offered a draw from a pile the match lacks")
                    pile = view["discards"][source]
                    need(bool(pile) and pile[-1] != view["last_discard"], "it offered a draw no pile allows (ruling LC-3)")
            elif kind == "undo":
                need(view["laid"] is not None and view["phase"] == "draw", "it offered to take back no card")
            else:
                raise ViewProblem(f"it offered a move Lost Cities does not have ({kind[:30]!r})")

    def secrets(self, state: dict, seat: int | None) -> set[str]:
        hidden = set(state["deck"])
        for other in range(2):
            if other != seat:
                hidden.update(c for c in state["hands"][other] if c not in state["known"][other])
        return hidden

    # --- the end -------------------------------------------------------------------------------
    def result(self, state: dict) -> Outcome | None:
        if not state["over"]:
            return None
        totals = list(state["totals"])
        winners = self._winners(state)
        breakdown = []
        for seat in range(2):
            lines: list[dict[str, Any]] = []
            for record in state["history"]:
                prefix = f"Round {record['round']} \u00b7 "
                for detail in record["expeditions"][seat]:
                    if detail["started"]:
                        lines.append({"label": prefix + expedition_label(detail["colour"], detail),
                                      "value": detail["score"]})
                lines.append({"label": f"Round {record['round']} total", "value": record["scores"][seat]})
            lines.append({"label": "Match total", "value": totals[seat]})
            breakdown.append(tuple(lines))
        if len(winners) == 2:
            summary = f"A draw at {totals[0]} points each."
        else:
            win = winners[0]
            summary = f"Seat {win + 1} wins {totals[win]} to {totals[1 - win]}."
        return Outcome(tuple(totals), rank_by_score(totals), tuple(winners), tuple(breakdown), summary,
                       draw=len(winners) == 2)

    def check_invariants(self, state: dict) -> None:
        everything = list(state["deck"]) + state["hands"][0] + state["hands"][1]
        for colour in state["colours"]:
            everything += state["discards"][colour]
            for seat in range(2):
                expedition = state["expeditions"][seat][colour]
                everything += expedition
                for i in range(1, len(expedition)):
                    assert can_extend(expedition[:i], expedition[i]), f"expedition out of order: {expedition}"
                assert all(card_colour(c) == colour for c in expedition), "card in the wrong expedition"
            assert all(card_colour(c) == colour for c in state["discards"][colour]), "card on the wrong pile"
        assert sorted(everything) == sorted(deck_for(state["colours"])), "cards not conserved (ruling LC-1)"
        for seat in range(2):
            assert set(state["known"][seat]) <= set(state["hands"][seat]), "known card not in hand"
        if not state["over"]:
            active = state["turn"]
            expected = HAND_SIZE if state["phase"] == "play" else HAND_SIZE - 1
            assert len(state["hands"][active]) == expected, "wrong hand size for the active seat"
            assert len(state["hands"][1 - active]) == HAND_SIZE, "wrong hand size for the waiting seat"
            assert state["deck"], "a round in play has an empty draw pile (ruling LC-5)"

    # --- the log -------------------------------------------------------------------------------
    def describe(self, event: Event, seat: int | None) -> str:
        def who(s: Any) -> str:
            if seat is None:
                return f"Player {int(s) + 1}"
            return "You" if s == seat else "Opponent"

        kind = event.kind
        if kind == "play":
            card, actor = str(event["card"]), who(event["seat"])
            name = COLOUR_NAMES[card_colour(card)]
            if is_wager(card):
                multiplier = 1 + int(event.get("wagers", 1))
                if event.get("opened"):
                    return f"{actor} opened {name} with a {TIMES}2 wager"
                return f"{actor} raised the {name} wager to {TIMES}{multiplier}"
            if event.get("opened"):
                value = card_value(card)
                return f"{actor} opened {name} with {'an' if value == 8 else 'a'} {value}"
            return f"{actor} played {card_name(card)}"
        if kind == "discard":
            return f"{who(event['seat'])} discarded {card_name(str(event['card']))}"
        if kind == "undo":
            return f"{who(event['seat'])} took back {card_name(str(event['card']))}"
        if kind == "draw":
            actor, source = who(event["seat"]), event["source"]
            if source == "deck":
                card = event.get("card")
                suffix = f" ({event['deck_count']} left)"
                if card:
                    return f"{actor} drew {card_name(str(card))} from the deck{suffix}"
                return f"{actor} drew from the deck{suffix}"
            return f"{actor} took {card_name(str(event['card']))} from the discards"
        if kind == "round_end":
            scores = list(event["scores"])
            head = f"Round {event['round']} ends"
            if event.get("reason") == "cap":
                head += " (safety cap)"
            if seat is None:
                return f"{head}: {scores[0]} to {scores[1]}"
            return f"{head}: you {scores[seat]}, opponent {scores[1 - seat]}"
        if kind == "deal":
            starter = event["starter"]
            if seat is None:
                return f"Round {event['round']}: Player {int(starter) + 1} starts"
            return f"Round {event['round']}: {'you start' if starter == seat else 'opponent starts'}"
        if kind == "match_end":
            totals, winners = list(event["totals"]), list(event["winners"])
            if len(winners) == 2:
                return f"The match is a draw at {totals[0]}"
            if seat is None:
                return f"Player {winners[0] + 1} wins {totals[winners[0]]} to {totals[1 - winners[0]]}"
            if winners[0] == seat:
                return f"You win {totals[seat]} to {totals[1 - seat]}"
            return f"Opponent wins {totals[1 - seat]} to {totals[seat]}"
        return kind


ENGINE = LostCities()
