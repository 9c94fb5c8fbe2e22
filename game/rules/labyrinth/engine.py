"""Lost in Adventure: The Labyrinth — the rules engine.

The state is plain data and refers to its scenario by id, path and rules digest (the scenario
itself is data in game/content, loaded once and cached). All resolution happens in `Table`, a
short-lived helper around (scenario, state) that the engine and the scenario checker share.
There is no chance in this game: the state holds no RNG.
"""

from __future__ import annotations

import marshal
from itertools import combinations
from typing import Any, Sequence

from game.core.engine import Engine, Option
from game.core.types import Action, Event, GameConfig, IllegalAction, Outcome, a_or_an
from game.core.view_checks import ViewProblem, field, flag, items, mapping, need, one_of, seat_number, whole
from game.core.wire import pack, unpack

from game.rules.labyrinth.scenario import (
    DIRECTIONS, FAVOUR_TOKENS, ITEM_CODE, OPPOSITE, InteractionCard, ItemCard, Paragraph, Scenario,
    ScenarioChanged, accepted_legacy_digests, load_scenario, register_scenario, scenario_for,
    shipped_scenario_choices, verify_scenario_file,
)
from game.rules.labyrinth.wording import discarded_sentence, item_phrase, items_phrase

RANKS: tuple[tuple[int, str, str], ...] = (  # (lowest score, rank, result) — rulebook table, ruling LA-6
    (8, "Hero", "Amazing! You did not just complete the adventure, you mastered it."),
    (6, "Explorer", "A fine adventure, but some of the story still hides in the dark. Try again?"),
    (4, "Adventurer", "Good job! Curiosity found most of the secrets, but not all of them."),
    (-999, "Apprentice", "You finished the story, but the labyrinth still hides many secrets."),
)


def rank_for(score: int) -> tuple[str, str]:
    """Rank name and result line for a score; below 0 is still Apprentice (ruling LA-6)."""
    for lowest, rank, line in RANKS:
        if score >= lowest:
            return rank, line
    return RANKS[-1][1], RANKS[-1][2]


def score_of(state: dict) -> int:
    """Face-up favours minus prophecies not fulfilled, revealed or not (ruling LA-6)."""
    unfulfilled = sum(1 for status in state["prophecies"].values() if status != "fulfilled")
    return state["favours"] - unfulfilled


def item_part_score(part: str, item: ItemCard) -> int | None:
    """How well one key part matches an item: letter+number 2, bare letter 1, `*` 0 (ruling LA-3)."""
    if part == "*":
        return 0
    letter, digits = ITEM_CODE.match(part).groups()  # type: ignore[union-attr]
    if letter != item.letter:
        return None
    if not digits:
        return 1
    return 2 if item.number == int(digits) else None


def match_paragraph(card: InteractionCard, items: list[ItemCard]) -> Paragraph | None:
    """The paragraph these items reveal, or None (no match: the card goes back unread, LA-3).
    A pair matches a key as a whole in either order; the most specific key wins, then the first."""
    best: tuple[int, Paragraph] | None = None
    for paragraph in card.paragraphs:
        if paragraph.key == "*":
            score: int | None = 0
        elif len(items) == 1:
            score = item_part_score(paragraph.parts[0], items[0])
        else:
            a, b = items
            first, second = paragraph.parts
            options = []
            for x, y in ((a, b), (b, a)):
                s1, s2 = item_part_score(first, x), item_part_score(second, y)
                if s1 is not None and s2 is not None:
                    options.append(s1 + s2)
            score = max(options) if options else None
        if score is not None and (best is None or score > best[0]):
            best = (score, paragraph)
    return best[1] if best else None


def squares(scenario: Scenario) -> dict[tuple[int, int], int]:
    cached = getattr(scenario, "_squares", None)
    if cached is None:
        cached = {pos: number for number, pos in scenario.positions.items()}
        scenario._squares = cached  # type: ignore[attr-defined]
    return cached


class Table:
    """Resolves actions and instructions on one state in place, collecting events (ruling LA-2:
    depth-first, in written order; an impossible instruction is ignored)."""

    def __init__(self, scenario: Scenario, state: dict) -> None:
        self.sc, self.st = scenario, state
        self.events: list[Event] = []
        self.revealed = False
        self.action_read: list[str] = []
        self.records: list[list[str] | None] = []  # what the card being resolved has shown (LA-7)
        self.cards: list[dict | None] = []  # the interaction being resolved, for TURN BACK OVER

    # --- reading --------------------------------------------------------------------------------
    def mark_read(self, key: str) -> None:
        self.revealed = True
        if key not in self.st["read"]:
            self.st["read"].append(key)

    def read(self, key: str, source: str) -> None:
        """Show a text to the players now: it becomes part of the last text and of the card's record."""
        self.mark_read(key)
        self.action_read.append(key)
        if self.records and self.records[-1] is not None:
            self.records[-1].append(key)
        self.events.append(Event.make("text", source=source, key=key, text=self.sc.text(key)))

    # --- queries --------------------------------------------------------------------------------
    def top(self, number: int) -> str | None:
        stack = self.st["stacks"].get(str(number))
        return stack[-1] if stack else None

    def is_face_up(self, card_id: str) -> bool:
        return card_id in self.st["face_up"]

    def holding(self, code: str) -> bool:
        letter, digits = ITEM_CODE.match(code).groups()  # type: ignore[union-attr]
        for item_id in self.st["held"]:
            item = self.sc.items[item_id]
            if item.letter == letter and (not digits or item.number == int(digits)):
                return True
        return False

    def condition_holds(self, condition: tuple) -> bool:
        for test in condition:
            kind = test[0]
            if kind == "holding" and not self.holding(test[1]):
                return False
            if kind == "favours_at_least" and self.st["favours"] < test[1]:
                return False
            if kind == "prophecy" and self.st["prophecies"][test[1]] != test[2]:
                return False
            if kind == "discovered" and test[1] not in self.st["face_up"]:
                return False
        return True

    def move_targets(self) -> list[int]:
        """Numbers the hero may move to (ruling LA-4): any face-up top card, or a face-down one next
        to a face-up one and joined to it by an arrow, with enough lit favours."""
        st, sc = self.st, self.sc
        by_square = squares(sc)
        targets: list[int] = []
        for key, stack in st["stacks"].items():
            number = int(key)
            top = stack[-1]
            if top in st["face_up"]:
                if number != st["hero"]:
                    targets.append(number)
                continue
            card = sc.scenery[top]
            if st["favours"] < card.min_favours:
                continue
            x, y = sc.positions[number]
            for direction, (dx, dy) in DIRECTIONS.items():
                neighbour = by_square.get((x + dx, y + dy))
                if neighbour is None:
                    continue
                other = self.top(neighbour)
                if other is None or other not in st["face_up"]:
                    continue
                if card.arrows.get(direction) == neighbour or sc.scenery[other].arrows.get(OPPOSITE[direction]) == number:
                    targets.append(number)
                    break
        return sorted(targets)

    def interaction_options(self) -> list[tuple[str, tuple[str, ...]]]:
        """(card, items) for every interaction in play, with every item choice it could take."""
        held = sorted(self.st["held"])
        options: list[tuple[str, tuple[str, ...]]] = []
        for card_id in self.st["in_play"]:
            needs = self.sc.interactions[card_id].needs
            if needs == 0:
                options.append((card_id, ()))
            else:
                options.extend((card_id, combo) for combo in combinations(held, needs))
        return options

    def stalled(self) -> bool:
        """Nothing can ever happen again: no face-down scenery the hero may step on, and no card in
        play that would turn over (one needing no item, or one some held items match). Walks between
        discovered cards and failed tries change nothing (LA-3, LA-4b), so without this check a game
        left with only those would never end."""
        if any(self.top(n) not in self.st["face_up"] for n in self.move_targets()):
            return False
        needing: list[InteractionCard] = []
        for card_id in self.st["in_play"]:
            card = self.sc.interactions[card_id]
            if card.needs == 0:
                return False
            needing.append(card)
        held = [self.sc.items[i] for i in sorted(self.st["held"])]
        for card in needing:
            for combo in combinations(held, card.needs):
                if match_paragraph(card, list(combo)) is not None:
                    return False
        return True

    # --- actions --------------------------------------------------------------------------------
    def move(self, number: int) -> None:
        top = self.top(number)
        assert top is not None
        self.set_hero(number)  # the hero arrives, then the card's immediate texts may send it on (LA-4)
        if top not in self.st["face_up"]:
            self.discover(top)

    def interact(self, card_id: str, item_ids: tuple[str, ...], seat: int | None = None) -> bool:
        """Use a card with items; False (and nothing read) when the items match no paragraph. `seat`,
        who used it, is told in the card's event (a table of several says who tried what, also in
        the log of a table opened later on the game)."""
        who = {} if seat is None else {"seat": seat}
        card = self.sc.interactions[card_id]
        paragraph = None
        if card.needs:
            paragraph = match_paragraph(card, [self.sc.items[i] for i in item_ids])
            if paragraph is None:
                self.note_try(card_id, item_ids)
                self.events.append(Event.make("no_match", card=card_id, number=card.number, items=list(item_ids),
                                              item_names=self.item_names(item_ids), **who))
                return False
        self.resolve_interaction(card_id, paragraph, item_ids, seat)
        return True

    def item_name(self, item_id: str) -> str:
        """An item's name as the players read it (events carry it for the log, `describe`)."""
        return self.sc.text(self.sc.items[item_id].name_key)

    def item_names(self, item_ids: tuple[str, ...]) -> list[str]:
        return [self.item_name(i) for i in item_ids]

    def note_try(self, card_id: str, item_ids: tuple[str, ...]) -> None:
        """Remember, for everyone at the table, items a card sent back face down."""
        tries = self.st["tried"].setdefault(card_id, [])
        if list(item_ids) not in tries:
            tries.append(list(item_ids))

    # --- resolution -----------------------------------------------------------------------------
    def resolve_interaction(self, card_id: str, paragraph: Paragraph | None, item_ids: tuple[str, ...] = (),
                            seat: int | None = None) -> None:
        card = self.sc.interactions[card_id]
        self.st["in_play"].remove(card_id)
        context = {"card": card_id, "back": False}
        record: list[str] = []
        self.cards.append(context)
        self.records.append(record)
        self.events.append(Event.make("interaction_turned", card=card_id, number=card.number,
                                      items=list(item_ids), item_names=self.item_names(item_ids),
                                      paragraph=paragraph.key if paragraph else "",
                                      **({} if seat is None else {"seat": seat})))
        self.read(card.top_key, card_id)
        self.run(card.top_instructions, card_id)
        if paragraph is not None and self.st["ending"] is None:  # an ending in the top text closes the story
            self.read(paragraph.text_key, card_id)
            self.run(paragraph.instructions, card_id)
        self.cards.pop()
        self.records.pop()
        if context["back"]:
            self.st["in_play"].append(card_id)
            self.note_try(card_id, item_ids)
            self.events.append(Event.make("interaction_returned", card=card_id, number=card.number))
        else:
            self.st["tried"].pop(card_id, None)
            self.st["discard"].append({"card": card_id, "deck": "interaction", "read": record})
            self.events.append(Event.make("interaction_discarded", card=card_id, number=card.number, read=True))

    def run(self, instructions: tuple, source: str) -> None:
        for instruction in instructions:
            if self.st["ending"] is not None:
                return  # an ending closes the story at once
            getattr(self, "op_" + instruction[0])(source, *instruction[1:])

    def op_if(self, source: str, condition: tuple, then: tuple, otherwise: tuple) -> None:
        self.run(then if self.condition_holds(condition) else otherwise, source)

    def op_say(self, source: str, key: str) -> None:
        self.read(key, source)

    def op_take(self, source: str, item_id: str) -> None:
        if item_id not in self.st["item_deck"]:
            return
        self.st["item_deck"].remove(item_id)
        self.st["held"].append(item_id)
        item = self.sc.items[item_id]
        self.mark_read(item.name_key)
        self.mark_read(item.text_key)
        self.events.append(Event.make("item_taken", card=item_id, letter=item.letter, number=item.number or 0,
                                      name=self.item_name(item_id), text=self.sc.text(item.text_key)))

    def op_put_into_play(self, source: str, card_id: str) -> None:
        if card_id not in self.st["interaction_deck"]:
            return
        self.st["interaction_deck"].remove(card_id)
        self.place_interaction(card_id)
        if self.sc.interactions[card_id].immediate:
            self.resolve_interaction(card_id, None)

    def place_interaction(self, card_id: str) -> None:
        card = self.sc.interactions[card_id]
        self.st["in_play"].append(card_id)
        self.events.append(Event.make("interaction_placed", card=card_id, number=card.number,
                                      dots=self.sc.dots(card.number), needs=card.needs, immediate=card.immediate))

    def op_place_scenery(self, source: str, card_ids: tuple[str, ...]) -> None:
        placed = [card_id for card_id in card_ids if self.place(card_id)]
        for card_id in placed:  # the hero icon: turn it over and step on it after placing all
            if self.st["ending"] is not None:
                return  # an ending reached on the way closes the story at once
            if self.sc.scenery[card_id].hero and self.top(self.sc.scenery[card_id].number) == card_id:
                self.set_hero(self.sc.scenery[card_id].number)
                self.discover(card_id)

    def op_discover_scenery(self, source: str, card_id: str) -> None:
        self.op_place_scenery(source, (card_id,))
        card = self.sc.scenery[card_id]
        if self.top(card.number) == card_id and self.st["ending"] is None:
            self.discover(card_id)

    def place(self, card_id: str) -> bool:
        """Put a scenery card face down on the map (on top of its number's stack: Cover X, LA-2c)."""
        if card_id not in self.st["scenery_deck"]:
            return False
        card = self.sc.scenery[card_id]
        self.st["scenery_deck"].remove(card_id)
        stack = self.st["stacks"].setdefault(str(card.number), [])
        covers = stack[-1] if stack else ""
        stack.append(card_id)
        x, y = self.sc.positions[card.number]
        self.events.append(Event.make("scenery_placed", card=card_id, number=card.number, x=x, y=y, covers=covers,
                                      arrows=[[d, n] for d, n in card.arrows.items()],
                                      min_favours=card.min_favours, hero=card.hero))
        self.revealed = True
        return True

    def discover(self, card_id: str) -> None:
        """Turn a placed scenery card face up and bring its number's interactions into play, then
        resolve the turn-over-immediately ones in id order (LA-2, LA-2b)."""
        if card_id in self.st["face_up"]:
            return
        card = self.sc.scenery[card_id]
        self.st["face_up"].append(card_id)
        for key in (card.title_key, card.text_key, card.picture_key):
            self.mark_read(key)
        self.events.append(Event.make("scenery_discovered", card=card_id, number=card.number,
                                      title=self.sc.text(card.title_key), text=self.sc.text(card.text_key),
                                      picture=self.sc.text(card.picture_key), dots=self.sc.dots(card.number)))
        taken = [i for i in self.st["interaction_deck"] if self.sc.interactions[i].number == card.number]
        for interaction_id in taken:
            self.st["interaction_deck"].remove(interaction_id)
            self.place_interaction(interaction_id)
        for interaction_id in taken:
            if self.sc.interactions[interaction_id].immediate and interaction_id in self.st["in_play"]:
                if self.st["ending"] is not None:
                    return
                self.resolve_interaction(interaction_id, None)

    def set_hero(self, number: int | None) -> None:
        before = self.st["hero"]
        if before == number:
            return
        self.st["hero"] = number
        x, y = self.sc.positions[number] if number is not None else (0, 0)
        self.events.append(Event.make("hero_moved", start=before, to=number, x=x, y=y))

    def op_discard(self, source: str, card_id: str) -> None:
        if card_id in self.st["in_play"]:
            self.st["in_play"].remove(card_id)
            self.st["discard"].append({"card": card_id, "deck": "interaction", "read": []})
            self.events.append(Event.make("interaction_discarded", card=card_id,
                                          number=self.sc.interactions[card_id].number, read=False))
        elif card_id in self.st["held"]:
            self.st["held"].remove(card_id)
            self.st["discard"].append({"card": card_id, "deck": "item", "read": []})
            self.events.append(Event.make("item_discarded", card=card_id, name=self.item_name(card_id)))
        else:
            for context in self.cards:
                if context is not None and context["card"] == card_id:
                    context["back"] = False

    def op_remove_from_deck(self, source: str, card_id: str) -> None:
        for deck, name in (("scenery_deck", "scenery"), ("item_deck", "item"), ("interaction_deck", "interaction")):
            if card_id in self.st[deck]:
                self.st[deck].remove(card_id)
                self.st["discard"].append({"card": card_id, "deck": name, "read": []})
                self.events.append(Event.make("removed_from_deck", card=card_id, deck=name))
                self.revealed = True
                return

    def op_reveal(self, source: str, prophecy_id: str) -> None:
        if self.st["prophecies"][prophecy_id] != "hidden":
            return  # already revealed or fulfilled: ignore (rulebook REVEAL, FAQ)
        prophecy = self.sc.prophecies[prophecy_id]
        self.st["prophecies"][prophecy_id] = "revealed"
        self.records.append(None)
        self.read(prophecy.title_key, prophecy_id)
        self.read(prophecy.text_key, prophecy_id)
        self.records.pop()
        self.events.append(Event.make("prophecy_revealed", card=prophecy_id, number=prophecy.number,
                                      title=self.sc.text(prophecy.title_key), text=self.sc.text(prophecy.text_key)))

    def op_fulfil(self, source: str, prophecy_id: str) -> None:
        if self.st["prophecies"][prophecy_id] == "fulfilled":
            return
        self.op_reveal(source, prophecy_id)  # ahead of your time: reveal, then fulfil (FAQ)
        prophecy = self.sc.prophecies[prophecy_id]
        self.st["prophecies"][prophecy_id] = "fulfilled"
        self.records.append(None)
        self.cards.append(None)
        self.read(prophecy.fulfilled_key, prophecy_id)
        self.events.append(Event.make("prophecy_fulfilled", card=prophecy_id, number=prophecy.number,
                                      text=self.sc.text(prophecy.fulfilled_key)))
        self.run(prophecy.on_fulfil, prophecy_id)
        self.cards.pop()
        self.records.pop()

    def op_turn_back_over(self, source: str) -> None:
        if self.cards and self.cards[-1] is not None:
            self.cards[-1]["back"] = True

    def op_favour(self, source: str, amount: int) -> None:
        for _ in range(abs(amount)):
            if amount < 0 and self.st["favours"] > 0:
                self.st["favours"] -= 1
                self.events.append(Event.make("favour_lost", index=self.st["favours"], lit=self.st["favours"]))
            elif amount > 0 and self.st["favours"] < FAVOUR_TOKENS:
                self.events.append(Event.make("favour_regained", index=self.st["favours"], lit=self.st["favours"] + 1))
                self.st["favours"] += 1
        self.revealed = True

    def op_remove_scenery(self, source: str, card_id: str, hero_to: int | None) -> None:
        card = self.sc.scenery[card_id]
        stack = self.st["stacks"].get(str(card.number))
        if not stack or card_id not in stack:
            return
        was_top = stack[-1] == card_id
        stack.remove(card_id)
        if not stack:
            del self.st["stacks"][str(card.number)]
        shown = [card.title_key] if card_id in self.st["face_up"] else []
        self.st["discard"].append({"card": card_id, "deck": "scenery", "read": shown})
        self.events.append(Event.make("scenery_removed", card=card_id, number=card.number))
        self.revealed = True
        if self.st["hero"] == card.number and was_top:
            if hero_to is not None and self.top(hero_to) is not None:
                self.op_move_hero(source, hero_to)
            elif not stack:
                self.set_hero(None)

    def op_move_hero(self, source: str, number: int) -> None:
        top = self.top(number)
        if top is None:
            return
        self.set_hero(number)
        if top not in self.st["face_up"]:
            self.discover(top)

    def op_ending(self, source: str, ending_id: str) -> None:
        ending = self.sc.endings[ending_id]
        self.records.append(None)
        self.read(ending.title_key, ending_id)
        self.read(ending.text_key, ending_id)
        self.records.pop()
        self.st["ending"] = ending_id
        score = score_of(self.st)
        self.events.append(Event.make("ending_reached", ending=ending_id, title=self.sc.text(ending.title_key),
                                      score=score, rank=rank_for(score)[0]))


def initial_state(scenario: Scenario, seats: int, mode: str) -> tuple[dict, list[Event]]:
    """Setup A-F, then turning over scenery #1 as a discovery (ruling LA-2b)."""
    start = scenario.start_card()
    state: dict[str, Any] = {
        "scenario": {"id": scenario.id, "path": scenario.path, "hash": scenario.hash},
        "seats": seats,
        "mode": mode,
        "prophecies": {p: "hidden" for p in scenario.prophecies},  # A
        "interaction_deck": list(scenario.interactions),  # B
        "item_deck": list(scenario.items),  # C
        "favours": FAVOUR_TOKENS,  # D
        "scenery_deck": list(scenario.scenery),  # E
        "stacks": {}, "face_up": [], "hero": None,
        "in_play": [], "held": [], "discard": [], "read": [], "last": [], "tried": {},
        "ending": None, "stalled": False,
        "turn": {"seat": 0, "moved": False, "interacted": False},
        "checkpoint": None,
    }
    table = Table(scenario, state)
    table.place(start.id)  # F
    table.set_hero(start.number)
    table.discover(start.id)
    state["last"] = table.action_read
    state["stalled"] = state["ending"] is None and table.stalled()
    return state, table.events


_SHIPPED = shipped_scenario_choices()  # (id, title) and (id, pitch) of each adventure, read once
PROPHECY_STATES = ("hidden", "revealed", "fulfilled")
DISCARD_DECKS = ("scenery", "item", "interaction")


class ViewFacts:
    """What every view of one scenario shows of each card, worked out once (through the wire, as
    a guest receives it), so checking a view is comparing, not rebuilding: a face-down and a
    face-up scenery entry, an interaction's entry (but its tries), a held item's, each prophecy's
    entry in each state, each ending's, each text."""

    def __init__(self, sc: Scenario) -> None:
        text = sc.text
        dots: dict[int, int] = {}
        for card in sc.interactions.values():
            dots[card.number] = dots.get(card.number, 0) + 1
        self.sc = sc
        self.heading = {"id": sc.id, "title": sc.title, "intro": sc.intro}
        down: dict[str, Any] = {}
        up: dict[str, Any] = {}
        for card_id, card in sc.scenery.items():
            down[card_id] = {"card": card_id, "number": card.number, "face": "down", "arrows": dict(card.arrows),
                             "cover": card.cover, "next_to": list(card.next_to) if card.next_to else None,
                             "min_favours": card.min_favours, "hero": card.hero}
            up[card_id] = dict(down[card_id], face="up", title=text(card.title_key), text=text(card.text_key),
                               picture=text(card.picture_key), dots=dots.get(card.number, 0))
        self.scenery_down, self.scenery_up = unpack(pack(down)), unpack(pack(up))
        self.interactions = unpack(pack({
            card_id: {"card": card_id, "number": card.number, "dots": dots.get(card.number, 0), "needs": card.needs,
                      "immediate": card.immediate} for card_id, card in sc.interactions.items()}))
        self.items = unpack(pack({
            item_id: {"card": item_id, "letter": item.letter, "number": item.number or 0, "name": text(item.name_key),
                      "text": text(item.text_key)} for item_id, item in sc.items.items()}))
        prophecies: dict[tuple[str, str], Any] = {}
        for prophecy_id, prophecy in sc.prophecies.items():
            hidden = {"card": prophecy_id, "number": prophecy.number, "state": "hidden"}
            revealed = dict(hidden, state="revealed", title=text(prophecy.title_key), text=text(prophecy.text_key))
            prophecies[(prophecy_id, "hidden")] = hidden
            prophecies[(prophecy_id, "revealed")] = revealed
            prophecies[(prophecy_id, "fulfilled")] = dict(revealed, state="fulfilled",
                                                          fulfilled=text(prophecy.fulfilled_key))
        self.prophecies = {key: unpack(pack(entry)) for key, entry in prophecies.items()}
        self.endings = {ending_id: {"id": ending.id, "title": text(ending.title_key), "text": text(ending.text_key)}
                        for ending_id, ending in sc.endings.items()}
        self.item_names = {item_id: text(item.name_key) for item_id, item in sc.items.items()}
        self.texts = set(sc.texts.values())


_VIEW_FACTS: dict[str, ViewFacts] = {}


def view_facts(scenario_id: str) -> ViewFacts:
    """The ViewFacts of a shipped scenario (loaded once per program: a guest's table checks every view)."""
    if scenario_id not in _VIEW_FACTS:
        _VIEW_FACTS[scenario_id] = ViewFacts(load_scenario(scenario_id))
    return _VIEW_FACTS[scenario_id]


def _with_scenario_hash(state: dict, digest: str) -> dict:
    """The state (and the undo snapshot it keeps, which holds the same reference) naming its scenario
    by another hash; the rest shared, not copied."""
    out = {**state, "scenario": {**state["scenario"], "hash": digest}}
    if isinstance(state.get("checkpoint"), dict):
        out["checkpoint"] = _with_scenario_hash(state["checkpoint"], digest)
    return out


class LabyrinthEngine(Engine[dict]):
    game_id = "labyrinth"
    title = "Lost in Adventure: The Labyrinth"
    min_seats = 1
    max_seats = 6
    action_kinds = ("move", "interact", "end_turn", "undo")
    options = (
        Option("scenario", "Scenario", tuple(_SHIPPED[0]) or (("tutorial", "Tutorial"),),
               "Which adventure to play.", choice_help=tuple(_SHIPPED[1])),
        Option("mode", "Play mode", (("together", "Together"), ("turns", "In turns")),
               "Together: anyone may act. In turns: clockwise, one move and one interaction each.",
               people_only=("together",),
               people_only_reason="With a bot at the table the adventure is played in turns: together, "
                                  "the bot would play it for the people."),
    )

    # --- setup ----------------------------------------------------------------------------------
    def new_game(self, config: GameConfig, seed: int) -> dict:
        self.check_config(config)
        scenario = load_scenario(self.option_value(config, "scenario"))
        return self.start(scenario, config.seat_count, self.option_value(config, "mode"))

    def start(self, scenario: Scenario, seats: int = 1, mode: str = "together") -> dict:
        """A new game of any loaded scenario (tests, the checker, a scenario picked from a file)."""
        if mode not in ("together", "turns"):
            raise IllegalAction(f"mode must be together or turns, not {mode!r}")
        register_scenario(scenario)
        return initial_state(scenario, seats, mode)[0]

    def scenario(self, state: dict) -> Scenario:
        """The scenario of a state; ScenarioChanged if its file changed since (saves)."""
        return scenario_for(state["scenario"])

    def from_plain(self, data: Any) -> dict:
        """Load a save: refuse it clearly if the scenario file changed on disk (ScenarioChanged)."""
        if not isinstance(data, dict) or not isinstance(data.get("scenario"), dict):
            raise ScenarioChanged("this is not a saved Labyrinth game")
        verify_scenario_file(data["scenario"])
        return data

    def past_state_hashes(self, state: dict) -> frozenset[str]:
        """The hashes Tabletimes before the rules digest wrote for this same position: the state as it
        was then, holding the old content hash of a shipped version whose rules a save may resume
        under (scenario.accepted_legacy_digests). The save check (game/session/saves.py, net/host.py)
        is to take these as this position too; the next autosave then writes today's hashes."""
        ref = state["scenario"]
        return frozenset(self.state_hash(_with_scenario_hash(state, old))
                         for old in accepted_legacy_digests(ref["path"], ref["hash"]))

    # --- queries --------------------------------------------------------------------------------
    def is_over(self, state: dict) -> bool:
        return state["ending"] is not None or state["stalled"]

    def active_seats(self, state: dict) -> list[int]:
        if self.is_over(state):
            return []
        if state["mode"] == "turns":
            return [state["turn"]["seat"]]
        return list(range(state["seats"]))  # ruling LA-5: anyone may act together

    def legal_actions(self, state: dict, seat: int) -> list[Action]:
        if seat not in self.active_seats(state):
            return []
        table = Table(self.scenario(state), state)
        turns = state["mode"] == "turns"
        actions: list[Action] = []
        if not (turns and state["turn"]["moved"]):
            actions.extend(Action.make(seat, "move", to=number) for number in table.move_targets())
        if not (turns and state["turn"]["interacted"]):
            actions.extend(Action.make(seat, "interact", card=card, items=list(items))
                           for card, items in table.interaction_options())
        if turns:
            actions.append(Action.make(seat, "end_turn"))
        if state["checkpoint"] is not None:
            actions.append(Action.make(seat, "undo"))
        return actions

    def apply(self, state: dict, action: Action) -> tuple[dict, list[Event]]:
        """Check the action's argument shapes first: `True` and `1.0` equal `1` in Python, so a
        malformed move would pass the legality test and then fail deep inside (bad input must get
        a clear message, never a traceback)."""
        if isinstance(action, Action):
            problem = self.shape_problem(action)
            if problem:
                raise IllegalAction(problem)
            items = action.get("items", ())
            if action.kind == "interact" and list(items) != sorted(items):
                # two items lie on a card in no order (LA-3: either order): take them as listed legally
                action = Action(action.seat, action.kind,
                                tuple((k, tuple(sorted(v)) if k == "items" else v) for k, v in action.args))
        return super().apply(state, action)

    @staticmethod
    def shape_problem(action: Action) -> str:
        """Why this action's arguments have the wrong type, or "" when they are well-formed."""
        if action.kind == "move":
            target = action.get("to")
            if isinstance(target, bool) or not isinstance(target, int):
                return f"move needs a scenery number (to=N), not {target!r}"
        elif action.kind == "interact":
            card, items = action.get("card"), action.get("items", ())
            if not isinstance(card, str):
                return f"interact needs an interaction card id (card=...), not {card!r}"
            if not isinstance(items, tuple) or not all(isinstance(item, str) for item in items):
                return f"interact needs a list of item ids (items=[...]), not {items!r}"
        return ""

    def explain_illegal(self, state: dict, action: Action) -> str:
        if self.is_over(state):
            return "the adventure is over"
        if action.seat not in self.active_seats(state):
            if state["mode"] == "turns" and 0 <= action.seat < state["seats"]:
                return "it is not your turn: the party plays in turns"
            return f"there is no seat {action.seat} at this table"
        scenario = self.scenario(state)
        table = Table(scenario, state)
        if action.kind == "move":
            number = action.get("to")
            if state["mode"] == "turns" and state["turn"]["moved"]:
                return "you have already moved the hero this turn"
            if number == state["hero"]:
                return "the hero already stands there"
            if not isinstance(number, int) or table.top(number) is None:
                return f"there is no scenery #{number} on the map"
            top = scenario.scenery[table.top(number)]  # type: ignore[index]
            if state["favours"] < top.min_favours:
                return f"scenery #{number} can only be discovered with at least {top.min_favours} favours"
            return f"scenery #{number} is not next to a discovered card and joined to it by an arrow"
        if action.kind == "interact":
            card_id, items = action.get("card"), action.get("items") or ()
            if state["mode"] == "turns" and state["turn"]["interacted"]:
                return "you have already interacted this turn"
            known = isinstance(card_id, str) and card_id in scenario.interactions
            which = f"card {scenario.interactions[card_id].number}" if known else "that card"
            if card_id not in state["in_play"]:
                return f"{which} is not in play"
            needs = scenario.interactions[card_id].needs
            if len(items) != needs:
                wanted = "no item" if needs == 0 else "one item" if needs == 1 else "two items"
                return f"{which} takes {wanted}, not {len(items)}"
            for item in items:
                if item not in state["held"]:
                    if isinstance(item, str) and item in scenario.items:
                        return f"you do not hold {item_phrase(table.item_name(item))}"
                    return "you do not hold that item"
            return "choose two different items, listed in order"
        if action.kind == "undo":
            return "nothing to undo: something new was revealed since the last checkpoint"
        if action.kind == "end_turn":
            return "end_turn is only used when playing in turns"
        return f"{action.kind} is not an action of this game"

    # --- applying -------------------------------------------------------------------------------
    def _apply(self, state: dict, action: Action) -> list[Event]:
        if action.kind == "undo":
            checkpoint = state["checkpoint"]
            state.clear()
            state.update(checkpoint)
            state["checkpoint"] = None
            return [Event.make("undo", seat=action.seat)]
        snapshot = None
        if state["checkpoint"] is None:
            snapshot = marshal.loads(marshal.dumps({k: v for k, v in state.items() if k != "checkpoint"}))
        table = Table(self.scenario(state), state)
        events = table.events
        turn = state["turn"]
        if action.kind == "move":
            table.move(action["to"])
            turn["moved"] = True
        elif action.kind == "interact":
            table.interact(action["card"], tuple(action["items"]), action.seat)
            turn["interacted"] = True
        if table.revealed:
            state["last"] = table.action_read
            state["checkpoint"] = None  # something new is known: no undo past this point
        elif state["checkpoint"] is None:
            state["checkpoint"] = snapshot
        if state["ending"] is None and table.stalled():
            state["stalled"] = True
            events.append(Event.make("stalled"))
        if state["mode"] == "turns" and not self.is_over(state):
            if action.kind == "end_turn" or (turn["moved"] and turn["interacted"]):
                seat = (turn["seat"] + 1) % state["seats"]  # clockwise, ruling G-1
                state["turn"] = {"seat": seat, "moved": False, "interacted": False}
                if seat != turn["seat"]:
                    state["checkpoint"] = None  # a turn handed on is played: the next seat cannot undo it
                events.append(Event.make("turn", seat=seat))
        return events

    # --- views ----------------------------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict[str, Any]:
        """Everything on the table; the game is cooperative so every seat sees the same (LA-7)."""
        sc = self.scenario(state)
        read = set(state["read"])
        text = sc.text
        scenery_map = []
        for key, stack in sorted(state["stacks"].items(), key=lambda kv: int(kv[0])):
            number = int(key)
            x, y = sc.positions[number]
            cards = []
            for card_id in stack:
                card = sc.scenery[card_id]
                entry: dict[str, Any] = {"card": card_id, "number": number, "face": "down",
                                         "arrows": dict(card.arrows), "cover": card.cover,
                                         "next_to": list(card.next_to) if card.next_to else None,
                                         "min_favours": card.min_favours, "hero": card.hero}
                if card_id in state["face_up"]:
                    entry.update(face="up", title=text(card.title_key), text=text(card.text_key),
                                 picture=text(card.picture_key), dots=sc.dots(number))
                cards.append(entry)
            scenery_map.append({"number": number, "x": x, "y": y, "top": cards[-1]["card"], "stack": cards})
        interactions: dict[str, list[dict[str, Any]]] = {}
        for card_id in state["in_play"]:
            card = sc.interactions[card_id]
            entry = {"card": card_id, "number": card.number, "dots": sc.dots(card.number),
                     "needs": card.needs, "immediate": card.immediate,
                     "tried": [list(t) for t in state["tried"].get(card_id, [])]}
            interactions.setdefault(str(card.number), []).append(entry)
        items = [{"card": i, "letter": sc.items[i].letter, "number": sc.items[i].number or 0,
                  "name": text(sc.items[i].name_key), "text": text(sc.items[i].text_key)} for i in state["held"]]
        prophecies = []
        for prophecy_id, status in state["prophecies"].items():
            prophecy = sc.prophecies[prophecy_id]
            entry = {"card": prophecy_id, "number": prophecy.number, "state": status}
            if status != "hidden":
                entry.update(title=text(prophecy.title_key), text=text(prophecy.text_key))
            if status == "fulfilled":
                entry["fulfilled"] = text(prophecy.fulfilled_key)
            prophecies.append(entry)
        discard = []
        for entry in state["discard"]:
            shown = [k for k in entry["read"] if k in read]
            if entry["deck"] == "item" and sc.items[entry["card"]].name_key in read:
                shown = [sc.items[entry["card"]].name_key]  # a discarded item was held, face up
            item = {"card": entry["card"], "deck": entry["deck"], "face": "up" if shown else "down",
                    "texts": [text(k) for k in shown]}
            if entry["deck"] == "interaction":
                item["number"] = sc.interactions[entry["card"]].number  # printed on its back: public (LA-7)
            discard.append(item)
        score = score_of(state)
        ending = None
        if state["ending"] is not None:
            ending_card = sc.endings[state["ending"]]
            ending = {"id": ending_card.id, "title": text(ending_card.title_key), "text": text(ending_card.text_key)}
        hero = state["hero"]
        return {
            "scenario": {"id": sc.id, "title": sc.title, "intro": sc.intro},
            "mode": state["mode"],
            "turn": dict(state["turn"]) if state["mode"] == "turns" else None,
            "map": scenery_map,
            "hero": {"number": hero, "x": sc.positions[hero][0], "y": sc.positions[hero][1]} if hero is not None else None,
            "interactions": interactions,
            "items": items,
            "favours": {"lit": state["favours"], "total": FAVOUR_TOKENS,
                        "tokens": [i < state["favours"] for i in range(FAVOUR_TOKENS)]},
            "prophecies": prophecies,
            "discard": discard,
            "last": [{"key": k, "text": text(k)} for k in state["last"]],
            "decks": {"scenery": len(state["scenery_deck"]), "items": len(state["item_deck"]),
                      "interactions": len(state["interaction_deck"])},
            "score": score,
            "rank": rank_for(score)[0],
            "ending": ending,
            "stalled": state["stalled"],
            "can_undo": state["checkpoint"] is not None,
            "over": self.is_over(state),
        }

    def check_view(self, view: dict[str, Any], seat: int | None, config: GameConfig) -> None:
        """What `view` promises a table holds, or ViewProblem says what does not: the adventure
        of this table, every card one of its cards where its number says (on the map, beside its
        scenery, in hand, discarded) and each in one place, all counted with the decks, the hero on
        a scenery of the map, the turn a seat of the table, the favours, score and rank as the
        rulebook counts them (ruling LA-6), the texts its own."""
        facts = view_facts(self.option_value(config, "scenario"))
        sc = facts.sc
        need(field(view, "scenario") == facts.heading, "its adventure is not this table's")
        mode = one_of(field(view, "mode"), "mode", ("together", "turns"))
        need(mode == self.option_value(config, "mode"), "its play mode is not this table's")
        turn = field(view, "turn")
        if mode == "turns":
            mapping(turn, "turn", ("seat", "moved", "interacted"))
            need(len(turn) == 3, "its turn holds more than a seat and what it did")
            seat_number(turn["seat"], "turn's seat", config.seat_count)
            flag(turn["moved"], "turn's move")
            flag(turn["interacted"], "turn's interaction")
        else:
            need(turn is None, "its table plays together yet names a turn")
        seen: list[str] = []
        numbers: list[int] = []
        for square in items(field(view, "map"), "map", most=len(sc.scenery)):
            mapping(square, "map square", ("number", "x", "y", "top", "stack"))
            number = square["number"]
            need(isinstance(number, int) and not isinstance(number, bool) and number in sc.positions,
                 "its map has a square of no number here")
            need(square["x"] == sc.positions[number][0] and square["y"] == sc.positions[number][1],
                 f"its scenery #{number} lies elsewhere than its square")
            stack = items(square["stack"], "map stack", most=len(sc.scenery))
            need(bool(stack), f"its scenery #{number} is an empty stack")
            for entry in stack:
                card_id = mapping(entry, "scenery card", ("card", "face"))["card"]
                need(isinstance(card_id, str) and card_id in sc.scenery and sc.scenery[card_id].number == number,
                     f"its scenery #{number} holds a card that is no scenery #{number}")
                face = one_of(entry["face"], "scenery card's face", ("up", "down"))
                need(entry == (facts.scenery_up if face == "up" else facts.scenery_down)[card_id],
                     f"its scenery #{number} is not as the adventure's card shows it")
                seen.append(card_id)
            need(square["top"] == stack[-1]["card"], f"its scenery #{number} has another card on top than its stack")
            numbers.append(number)
        need(numbers == sorted(set(numbers)), "its map lists a square twice or out of order")
        hero = field(view, "hero")
        if hero is not None:
            mapping(hero, "hero", ("number", "x", "y"))
            need(isinstance(hero["number"], int) and not isinstance(hero["number"], bool) and hero["number"] in numbers,
                 "its hero stands off the map")
            need([hero["x"], hero["y"]] == list(sc.positions[hero["number"]]),
                 "its hero stands elsewhere than its square")
        in_play: list[str] = []
        for key, entries in mapping(field(view, "interactions"), "interactions").items():
            for entry in items(entries, "interactions beside a scenery", most=len(sc.interactions)):
                card_id = mapping(entry, "interaction card", ("card", "tried"))["card"]
                need(isinstance(card_id, str) and card_id in sc.interactions and
                     str(sc.interactions[card_id].number) == key,
                     f"its cards beside #{str(key)[:8]} are not of that number")
                card = sc.interactions[card_id]
                for tried in items(entry["tried"], "items tried", most=len(sc.items) ** 2):
                    need(isinstance(tried, list) and len(tried) == card.needs and all(
                        isinstance(item, str) and item in sc.items for item in tried), "its tried items are no items")
                need({k: v for k, v in entry.items() if k != "tried"} == facts.interactions[card_id],
                     f"its card {card.number} is not as the adventure's card shows it")
                in_play.append(card_id)
        held: list[str] = []
        for entry in items(field(view, "items"), "items", most=len(sc.items)):
            card_id = mapping(entry, "item", ("card",))["card"]
            need(isinstance(card_id, str) and card_id in sc.items and entry == facts.items[card_id],
                 "its items are not the adventure's")
            held.append(card_id)
        favours = mapping(field(view, "favours"), "favours", ("lit", "total", "tokens"))
        lit = whole(favours["lit"], "favours lit", 0, FAVOUR_TOKENS)
        need(favours == {"lit": lit, "total": FAVOUR_TOKENS, "tokens": [i < lit for i in range(FAVOUR_TOKENS)]},
             "its favours do not add up (ruling LA-1)")
        prophecies = items(field(view, "prophecies"), "prophecies", length=len(sc.prophecies))
        unfulfilled = 0
        for entry in prophecies:
            mapping(entry, "prophecy", ("card", "state"))
            status = one_of(entry["state"], "prophecy's state", PROPHECY_STATES)
            need(isinstance(entry["card"], str) and entry == facts.prophecies.get((entry["card"], status)),
                 "its prophecies are not the adventure's")
            unfulfilled += status != "fulfilled"
        need(len({entry["card"] for entry in prophecies}) == len(prophecies), "its prophecies repeat one")
        discarded = {deck: 0 for deck in DISCARD_DECKS}
        for entry in items(field(view, "discard"), "discard", most=len(sc.card_ids())):
            mapping(entry, "discarded card", ("card", "deck", "face", "texts"))
            deck = one_of(entry["deck"], "discarded card's deck", DISCARD_DECKS)
            card_id = entry["card"]
            cards_of = {"scenery": sc.scenery, "item": sc.items, "interaction": sc.interactions}[deck]
            need(isinstance(card_id, str) and card_id in cards_of, "its discard holds a card of no deck")
            texts = items(entry["texts"], "discarded card's texts", most=len(sc.texts))
            need(all(isinstance(t, str) and t in facts.texts for t in texts),
                 "its discarded card shows texts not its own")
            need(entry["face"] == ("up" if texts else "down"), "its discarded card is face up without a text")
            if deck == "interaction":
                need(entry.get("number") == sc.interactions[card_id].number, "its discarded card shows another number")
            discarded[deck] += 1
            seen.append(card_id)
        placed = len(seen) - sum(discarded.values())  # (the map's cards, then the discard's)
        seen += in_play + held
        need(len(set(seen)) == len(seen), "its view shows one card in two places")
        decks = mapping(field(view, "decks"), "decks", ("scenery", "items", "interactions"))
        need(whole(decks["scenery"], "scenery deck", 0, len(sc.scenery)) + placed + discarded["scenery"]
             == len(sc.scenery), "its scenery cards do not add up")
        need(whole(decks["interactions"], "interaction deck", 0, len(sc.interactions)) + len(in_play)
             + discarded["interaction"] == len(sc.interactions), "its interaction cards do not add up")
        need(whole(decks["items"], "item deck", 0, len(sc.items)) + len(held) + discarded["item"] == len(sc.items),
             "its item cards do not add up")
        score = lit - unfulfilled
        need(field(view, "score") == score and field(view, "rank") == rank_for(score)[0],
             "its score is not its favours less its unfulfilled prophecies (ruling LA-6)")
        for entry in items(field(view, "last"), "last texts", most=len(sc.texts)):
            need(isinstance(entry, dict) and isinstance(entry.get("key"), str) and entry["key"] in sc.texts
                 and entry == {"key": entry["key"], "text": sc.texts[entry["key"]]},
                 "its last texts are not the adventure's")
        ending = field(view, "ending")
        if ending is not None:
            need(isinstance(ending, dict) and ending == facts.endings.get(ending.get("id")),
                 "its ending is not the adventure's")
        stalled = flag(field(view, "stalled"), "stalled")
        flag(field(view, "can_undo"), "can_undo")
        need(flag(field(view, "over"), "over") == (ending is not None or stalled),
             "its adventure is over without an end")

    def check_moves(self, view: dict[str, Any], legal: Sequence[Action], seat: int | None,
                    config: GameConfig) -> None:
        """Each move offered is one `legal_actions` offers beside this view: a step to a scenery
        of the map (LA-4), a card beside a scenery tried with as many held items as it takes
        (LA-3), the end of a turn when playing in turns, an undo when one is open."""
        numbers = {square["number"] for square in view["map"]}
        in_play = {entry["card"]: entry["needs"] for entries in view["interactions"].values() for entry in entries}
        held = {entry["card"] for entry in view["items"]}
        for action in legal:
            need(action.seat == seat, "it offered this screen a move of another seat")
            kind = action.kind
            if kind == "move":
                target = action.get("to")
                need(isinstance(target, int) and not isinstance(target, bool) and target in numbers,
                     "it offered a step to a scenery not on the map (ruling LA-4)")
            elif kind == "interact":
                card, chosen = action.get("card"), action.get("items")
                need(isinstance(card, str) and card in in_play, "it offered a card that is not in play")
                need(isinstance(chosen, tuple) and len(chosen) == in_play[card]
                     and all(isinstance(item, str) and item in held for item in chosen),
                     "it offered a card with items not held, or not as many as it takes (ruling LA-3)")
            elif kind == "end_turn":
                need(view["mode"] == "turns", "it offered to end a turn at a table playing together")
            elif kind == "undo":
                need(view["can_undo"] is True, "it offered an undo when none is open")
            else:
                raise ViewProblem(f"it offered a move the Labyrinth does not have ({kind[:30]!r})")

    def secrets(self, state: dict, seat: int | None) -> set[str]:
        """Every text not yet read: top texts, paragraphs, prophecy and ending texts, undiscovered
        scenery and untaken items (LA-7). A text also read elsewhere is no longer secret."""
        sc = self.scenario(state)
        read = set(state["read"])
        shown = {sc.texts[k] for k in read}
        return {t for k, t in sc.texts.items() if t and k not in read} - shown

    def check_invariants(self, state: dict) -> None:
        sc = self.scenario(state)
        placed = [c for stack in state["stacks"].values() for c in stack]
        discarded = [e["card"] for e in state["discard"]]
        scenery = state["scenery_deck"] + placed + [c for c in discarded if c in sc.scenery]
        assert sorted(scenery) == sorted(sc.scenery), "scenery cards not conserved"
        interactions = state["interaction_deck"] + state["in_play"] + [c for c in discarded if c in sc.interactions]
        assert sorted(interactions) == sorted(sc.interactions), "interaction cards not conserved"
        items = state["item_deck"] + state["held"] + [c for c in discarded if c in sc.items]
        assert sorted(items) == sorted(sc.items), "item cards not conserved"
        assert 0 <= state["favours"] <= FAVOUR_TOKENS, "favours out of range"
        for key, stack in state["stacks"].items():
            assert all(sc.scenery[c].number == int(key) for c in stack), "a stack mixes numbers"
        assert state["hero"] is None or str(state["hero"]) in state["stacks"], "the hero stands off the map"

    # --- results and log ------------------------------------------------------------------------
    def result(self, state: dict) -> Outcome | None:
        if not self.is_over(state):
            return None
        sc = self.scenario(state)
        score = score_of(state)
        rank, line = rank_for(score)
        unfulfilled = sum(1 for s in state["prophecies"].values() if s != "fulfilled")
        if state["ending"] is not None:
            title = sc.text(sc.endings[state["ending"]].title_key)
            summary = f"{title}: score {score}, rank {rank}. {line}"
            winners = tuple(range(state["seats"]))
        else:
            title = "Lost in the labyrinth"
            summary = "Nothing is left to explore or try: the adventure ends without an ending."
            winners = ()
        lines = ({"label": "Ending", "value": title}, {"label": "Favours lit", "value": state["favours"]},
                 {"label": "Prophecies unfulfilled", "value": -unfulfilled}, {"label": "Score", "value": score},
                 {"label": "Rank", "value": rank})
        seats = state["seats"]
        return Outcome(tuple([score] * seats), (tuple(range(seats)),), winners,
                       tuple(lines for _ in range(seats)), summary, cooperative=True)

    def describe(self, event: Event, seat: int | None) -> str:
        kind = event.kind
        if kind == "scenery_placed":
            covers = f", covering the old #{event['number']}" if event.get("covers") else ""  # never a card id
            return f"Scenery #{event['number']} is placed face down{covers}."
        if kind == "scenery_discovered":
            return f"Scenery #{event['number']} discovered: {event['title']}."
        if kind == "scenery_removed":
            return f"Scenery #{event['number']} is removed from play."
        if kind == "interaction_placed":
            return f"A card comes into play beside scenery #{event['number']}."
        if kind == "interaction_turned":
            names = [str(n) for n in event.get("item_names") or []]
            return f"Card {event['number']} is turned over" + (f" with {items_phrase(names)}." if names else ".")
        if kind == "interaction_returned":
            return f"Card {event['number']} is turned back over and stays in play."
        if kind == "interaction_discarded":
            return f"Card {event['number']} is discarded" + ("." if event.get("read") else " unread.")
        if kind == "no_match":
            names = [str(n) for n in event.get("item_names") or []]
            return f"No match: card {event['number']} goes back face down; you keep {items_phrase(names)}."
        if kind == "item_taken":
            return f"You take item {event['letter']}{event['number'] or ''}: {event['name']}."
        if kind == "item_discarded":
            return discarded_sentence(str(event["name"]))
        if kind == "removed_from_deck":
            deck = str(event["deck"])
            return f"{a_or_an(deck).capitalize()} {deck} card is removed from its deck unseen."
        if kind == "favour_lost":
            return f"A favour goes dark ({event['lit']} lit)."
        if kind == "favour_regained":
            return f"A favour is lit again ({event['lit']} lit)."
        if kind == "prophecy_revealed":
            return f"Prophecy {event['number']} revealed: {event['title']}."
        if kind == "prophecy_fulfilled":
            return f"Prophecy {event['number']} fulfilled."
        if kind == "hero_moved":
            return f"The hero moves to scenery #{event['to']}." if event.get("to") is not None else "The hero is lost."
        if kind == "ending_reached":
            return f"The end: {event['title']} \u2013 score {event['score']}, {event['rank']}."
        if kind == "text":
            return str(event["text"])
        if kind == "undo":
            return "Back to the last checkpoint."
        if kind == "turn":
            return f"Seat {event['seat'] + 1}'s turn."
        if kind == "stalled":
            return "Nothing is left to try: the adventure has stalled."
        return kind


ENGINE = LabyrinthEngine()
