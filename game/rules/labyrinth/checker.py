"""`check-scenario FILE [--budget SECONDS]`: prove a Labyrinth scenario sound and solvable.

Static checks read the cards: every reference resolves (the loader), arrows agree both ways, grid
squares never collide except by Cover X (the loader), counts match the declared sizes, every item
is used and taken somewhere, every interaction, scenery card, prophecy and ending can be reached.

The dynamic check searches the game's states breadth-first with memoisation on a *canonical* state:
the hero's square is dropped (under ruling LA-4b it never changes what can happen) unless a REMOVE
SCENERY names it and where the hero goes from there (the hero standing on the removed card is sent
on), moves onto already discovered cards are skipped but for those squares, failed matches are
skipped (they change nothing), and item choices on one card are grouped by the paragraph they reveal
(symmetry: two items that open the same paragraph lead to the same state). Then a backward pass
marks every state that can still reach an ending; any other state is a dead end, reported with the
actions that lead into it.

The search runs on `SearchModel`, the engine's rules compiled for one scenario over bitmasks (a state
is one int); `successors`, over the engine's own `Table`, is the reference it is tested against on
every transition of every shipped scenario (tests/test_labyrinth_checker_model.py).

It never hangs: past `--budget` seconds or `--max-states` states it says "UNPROVEN" with what it
covered. Exit codes: 0 proven, 1 problems found (or the file cannot be loaded), 2 unproven.
"""

from __future__ import annotations

import argparse
import marshal
import sys
import time
from array import array
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from game.rules.labyrinth.engine import Table, initial_state, match_paragraph, rank_for, score_of
from game.rules.labyrinth.scenario import (
    DIRECTIONS, FAVOUR_TOKENS, ITEM_CODE, OPPOSITE, Instruction, Scenario, ScenarioError, load_scenario,
)

EXIT_PROVEN, EXIT_PROBLEMS, EXIT_UNPROVEN = 0, 1, 2


@dataclass
class EndingReport:
    ending: str
    title: str
    best_score: int | None = None
    best_path: list[str] = field(default_factory=list)


@dataclass
class DeadEnd:
    path: list[str]  # the actions from the start that lead into the dead end
    why: str


@dataclass
class Report:
    file: str
    counts: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # static and dynamic faults
    states: int = 0
    seconds: float = 0.0
    complete: bool = False
    endings: dict[str, EndingReport] = field(default_factory=dict)
    dead_ends: list[DeadEnd] = field(default_factory=list)
    dead_end_count: int = 0
    declared_best: int | None = None

    @property
    def exit_code(self) -> int:
        if self.problems or self.dead_end_count:
            return EXIT_PROBLEMS
        return EXIT_PROVEN if self.complete else EXIT_UNPROVEN


# --- static checks ---------------------------------------------------------------------------------

def _walk(instructions: tuple[Instruction, ...]) -> Iterator[Instruction]:
    for instruction in instructions:
        yield instruction
        if instruction[0] == "if":
            yield from _walk(instruction[2])
            yield from _walk(instruction[3])


def all_instructions(scenario: Scenario) -> Iterator[tuple[str, Instruction]]:
    """Every instruction in the scenario with the id of the card that carries it."""
    for card in scenario.interactions.values():
        for instruction in _walk(card.top_instructions):
            yield card.id, instruction
        for paragraph in card.paragraphs:
            for instruction in _walk(paragraph.instructions):
                yield card.id, instruction
    for prophecy in scenario.prophecies.values():
        for instruction in _walk(prophecy.on_fulfil):
            yield prophecy.id, instruction


def static_problems(scenario: Scenario) -> list[str]:
    """Faults the loader lets through because a game could still be played around them."""
    file = Path(scenario.path).name
    problems: list[str] = []
    numbers = {card.number for card in scenario.scenery.values()}
    for card in scenario.scenery.values():
        for direction, target in card.arrows.items():
            if target not in numbers:
                problems.append(f"{file}: {card.id}: arrows.{direction}: leads to #{target} but no scenery card shows it")
                continue
            back = OPPOSITE[direction]
            if not any(other.number == target and other.arrows.get(back) == card.number
                       for other in scenario.scenery.values()):
                problems.append(f"{file}: {card.id}: arrows.{direction}: leads to #{target}, but no card #{target} "
                                f"has a {back} arrow back to #{card.number}")
    actual = {"scenery": len(scenario.scenery), "items": len(scenario.items),
              "interactions": len(scenario.interactions), "prophecies": len(scenario.prophecies),
              "endings": len(scenario.endings)}
    for deck, declared in scenario.sizes.items():
        if actual[deck] != declared:
            problems.append(f"{file}: scenario: sizes.{deck}: declares {declared} but the file has {actual[deck]}")
    taken: set[str] = set()
    put: set[str] = set()
    placed: set[str] = {scenario.start_card().id}
    revealed: set[str] = set()
    ended: set[str] = set()
    for _, instruction in all_instructions(scenario):
        op = instruction[0]
        if op == "take":
            taken.add(instruction[1])
        elif op == "put_into_play":
            put.add(instruction[1])
        elif op == "place_scenery":
            placed.update(instruction[1])
        elif op == "discover_scenery":
            placed.add(instruction[1])
        elif op in ("reveal", "fulfil"):
            revealed.add(instruction[1])
        elif op == "ending":
            ended.add(instruction[1])
    keyed_parts = {part for card in scenario.interactions.values() for p in card.paragraphs for part in p.parts}
    for item in scenario.items.values():
        if item.code not in keyed_parts and item.letter not in keyed_parts:
            problems.append(f"{file}: {item.id}: letter: item {item.code} is never used: no paragraph key names it")
        if item.id not in taken:
            problems.append(f"{file}: {item.id}: id: no instruction ever takes this item")
    for card in scenario.interactions.values():
        if card.id not in put and not any(s.number == card.number for s in scenario.scenery.values() if s.id in placed):
            problems.append(f"{file}: {card.id}: number: can never come into play: no placed scenery shows "
                            f"#{card.number} and no instruction puts it into play")
    for card in scenario.scenery.values():
        if card.id not in placed:
            problems.append(f"{file}: {card.id}: id: no instruction ever places or discovers this scenery card")
    for prophecy in scenario.prophecies.values():
        if prophecy.id not in revealed:
            problems.append(f"{file}: {prophecy.id}: id: no instruction reveals or fulfils this prophecy")
    for ending in scenario.endings.values():
        if ending.id not in ended:
            problems.append(f"{file}: {ending.id}: id: no instruction leads to this ending")
    if not scenario.endings:
        problems.append(f"{file}: scenario: ending: the scenario has no ending")
    return problems


# --- the search ------------------------------------------------------------------------------------

def removable_numbers(scenario: Scenario) -> frozenset[int]:
    """Numbers some REMOVE SCENERY FROM PLAY names together with where the hero goes (`hero_to`):
    the only squares where the hero's standing changes what happens (the hero standing there is
    sent on, and may discover the card it is sent to, LA-2). A removal without `hero_to` leaves a
    hero standing there on the card beneath, or on no card at all, and neither changes what can
    happen (LA-4b)."""
    cached = getattr(scenario, "_removable", None)
    if cached is None:
        cached = frozenset(scenario.scenery[i[1]].number for _, i in all_instructions(scenario)
                           if i[0] == "remove_scenery" and i[2] is not None)
        scenario._removable = cached  # type: ignore[attr-defined]
    return cached


def canonical(state: dict, removable: frozenset[int] = frozenset()) -> tuple:
    """What decides the rest of the game: the texts read and the turn do not, and the hero's square
    only when a REMOVE SCENERY may send it on from there (elsewhere, under LA-4b, it never matters)."""
    return (
        tuple(sorted((k, tuple(v)) for k, v in state["stacks"].items())),
        tuple(sorted(state["face_up"])), tuple(sorted(state["in_play"])), tuple(sorted(state["held"])),
        tuple(state["interaction_deck"]), tuple(state["item_deck"]), tuple(state["scenery_deck"]),
        state["favours"], tuple(sorted(state["prophecies"].items())), state["ending"],
        state["hero"] if state["hero"] in removable else None,
    )


def successors(scenario: Scenario, state: dict) -> Iterator[tuple[str, dict]]:
    """(action label, next state) for every action that can change the canonical state: discoveries,
    and walks onto (or off) a square that a REMOVE SCENERY may send the hero on from. Played through
    the engine itself: the reference `SearchModel.successors` must agree with (about 20x slower)."""
    probe = Table(scenario, state)
    removable = removable_numbers(scenario)
    stepped_off = False
    for number in probe.move_targets():
        if probe.top(number) in state["face_up"]:
            if number in removable:
                pass  # standing here when the card is removed sends the hero on
            elif state["hero"] in removable and not stepped_off:
                stepped_off = True  # one walk away stands for all of them
            else:
                continue
        child = marshal.loads(marshal.dumps(state))
        Table(scenario, child).move(number)
        yield f"move to #{number}", child
    held = sorted(state["held"])
    for card_id in sorted(state["in_play"]):
        card = scenario.interactions[card_id]
        if card.needs == 0:
            choices: list[tuple[str, ...]] = [()]
        else:
            seen: set[str] = set()
            choices = []
            for combo in _combos(held, card.needs):
                paragraph = match_paragraph(card, [scenario.items[i] for i in combo])
                if paragraph is not None and paragraph.key not in seen:  # symmetry: one choice per paragraph
                    seen.add(paragraph.key)
                    choices.append(combo)
        for combo in choices:
            child = marshal.loads(marshal.dumps(state))
            Table(scenario, child).interact(card_id, combo)
            label = f"use {card_id}" + (f" with {' + '.join(combo)}" if combo else "")
            yield label, child


def _combos(held: list[str], size: int) -> Iterator[tuple[str, ...]]:
    if size == 1:
        for item in held:
            yield (item,)
    else:
        for i, first in enumerate(held):
            for second in held[i + 1:]:
                yield (first, second)


# --- the search's own model of the rules ------------------------------------------------------------

_NO_CARD = -1  # no ending (yet)
_FAVOUR_BITS = FAVOUR_TOKENS.bit_length()  # 0..8 lit favours
# (action label, whole state, memo key, interactions reached, ending index or -1, score,
#  held items, face-up scenery, fulfilled prophecies): one child of a state, for the search
Child = tuple[str, int, int, int, int, int, int, int, int]


class SearchModel:
    """The engine's rules for one scenario over small ints and bitmasks, for the search only.

    Why: the engine resolves an action on a dict of lists of strings, records events and texts the
    search never reads, and the search copied the whole dict for every child. Here a state is one
    int (every deck, hand and mask packed side by side, the map's stacks by an interned id), so a
    child costs a few bit operations and the memo holds small ints. `successors` above (the engine
    itself) stays the reference: tests/test_labyrinth_checker_model.py checks that this model agrees
    with it on every transition of every shipped scenario and fixture.

    Indices: scenery and interactions in the scenario's order (the deck order, which decides the order
    of a discovery's immediate cards), items in id order (the order the search tries them in).
    """

    def __init__(self, scenario: Scenario) -> None:
        sc = scenario
        self.scenario = sc
        self.scenery_ids = list(sc.scenery)
        self.interaction_ids = list(sc.interactions)
        self.item_ids = sorted(sc.items)
        self.prophecy_ids = list(sc.prophecies)
        self.ending_ids = list(sc.endings)
        scenery_index = {card_id: i for i, card_id in enumerate(self.scenery_ids)}
        interaction_index = {card_id: i for i, card_id in enumerate(self.interaction_ids)}
        item_index = {card_id: i for i, card_id in enumerate(self.item_ids)}
        prophecy_index = {card_id: i for i, card_id in enumerate(self.prophecy_ids)}
        self.numbers = sorted(sc.positions)  # one map slot per number, in ascending order
        self.slot_of = {number: slot for slot, number in enumerate(self.numbers)}
        self.removable = removable_numbers(sc)
        # scenery
        cards = [sc.scenery[c] for c in self.scenery_ids]
        self.card_slot = [self.slot_of[c.number] for c in cards]
        self.card_number = [c.number for c in cards]
        self.min_favours = [c.min_favours for c in cards]
        self.hero_icon = [c.hero for c in cards]
        by_square = {pos: number for number, pos in sc.positions.items()}
        links: list[tuple[tuple[int, bool, int], ...]] = []
        for card in cards:
            x, y = sc.positions[card.number]
            found = []
            for direction, (dx, dy) in DIRECTIONS.items():
                neighbour = by_square.get((x + dx, y + dy))
                if neighbour is None:
                    continue
                back = OPPOSITE[direction]
                pointing_back = sum(1 << i for i, other in enumerate(cards) if other.arrows.get(back) == card.number)
                found.append((self.slot_of[neighbour], card.arrows.get(direction) == neighbour, pointing_back))
            links.append(tuple(found))
        self.links = links
        # interactions
        interactions = [sc.interactions[c] for c in self.interaction_ids]
        self.immediate = [c.immediate for c in interactions]
        self.needs = [c.needs for c in interactions]
        self.arriving: dict[int, tuple[int, ...]] = {}  # number -> its interactions, in deck order
        for i, card in enumerate(interactions):
            self.arriving[card.number] = self.arriving.get(card.number, ()) + (i,)
        self.by_id_order = sorted(range(len(interactions)), key=lambda i: self.interaction_ids[i])
        # how many bits each packed field takes
        self.scenery_bits, self.interaction_bits = len(cards), len(interactions)
        self.item_bits, self.prophecy_bits = len(self.item_ids), len(self.prophecy_ids)
        self.hero_bits = max(1, (len(self.numbers) + 1).bit_length())
        self.ending_bits = max(1, (len(self.ending_ids) + 1).bit_length())
        self.stack_ids: dict[tuple, int] = {}
        self.stack_list: list[tuple] = []
        self.move_labels = {number: f"move to #{number}" for number in self.numbers}
        self.choice_memo: dict[tuple[int, int], list[tuple[tuple | None, str]]] = {}
        # compiled instructions: (handler, argument) pairs; texts (say) change no state and are dropped
        self._indices = (scenery_index, interaction_index, item_index, prophecy_index)
        self._bits = tuple({card_id: 1 << i for card_id, i in index.items()}
                           for index in (scenery_index, interaction_index, item_index))
        self.top_program = [self._compile(c.top_instructions) for c in interactions]
        self.paragraph_program = {p: self._compile(p.instructions) for c in interactions for p in c.paragraphs}
        self.fulfil_program = [self._compile(sc.prophecies[p].on_fulfil) for p in self.prophecy_ids]
        # registers of the state being changed
        self.stacks: list[tuple[int, ...]] = []
        self.face_up = self.in_play = self.held = 0
        self.interaction_deck = self.item_deck = self.scenery_deck = 0
        self.favours = self.revealed = self.fulfilled = 0
        self.ending = _NO_CARD
        self.hero: int | None = None
        self.resolved = 0  # interactions read and discarded during this action (`reached`)
        self.resolving: list[list | None] = []  # [card, turned back over] per card being resolved

    # --- compiling ------------------------------------------------------------------------------
    def _compile(self, instructions: tuple[Instruction, ...]) -> tuple:
        scenery_index, interaction_index, item_index, prophecy_index = self._indices
        out: list[tuple] = []
        for instruction in instructions:
            op, args = instruction[0], instruction[1:]
            if op == "say":
                continue
            if op == "if":
                tests = []
                for test in args[0]:
                    if test[0] == "holding":
                        letter, digits = ITEM_CODE.match(test[1]).groups()  # type: ignore[union-attr]
                        mask = sum(1 << i for i, item_id in enumerate(self.item_ids)
                                   if self.scenario.items[item_id].letter == letter
                                   and (not digits or self.scenario.items[item_id].number == int(digits)))
                        tests.append((0, mask))
                    elif test[0] == "favours_at_least":
                        tests.append((1, test[1]))
                    elif test[0] == "prophecy":
                        tests.append((2, 1 << prophecy_index[test[1]], test[2]))
                    else:  # discovered
                        tests.append((3, 1 << scenery_index[test[1]]))
                out.append((self._op_if, (tuple(tests), self._compile(args[1]), self._compile(args[2]))))
            elif op == "take":
                out.append((self._op_take, 1 << item_index[args[0]]))
            elif op == "put_into_play":
                out.append((self._op_put_into_play, interaction_index[args[0]]))
            elif op == "place_scenery":
                out.append((self._op_place_scenery, tuple(scenery_index[c] for c in args[0])))
            elif op == "discover_scenery":
                out.append((self._op_discover_scenery, scenery_index[args[0]]))
            elif op == "discard":
                if args[0] in interaction_index:
                    out.append((self._op_discard_interaction, interaction_index[args[0]]))
                else:
                    out.append((self._op_discard_item, 1 << item_index[args[0]]))
            elif op == "remove_from_deck":
                card_id = args[0]
                if card_id in scenery_index:
                    out.append((self._op_remove_scenery_from_deck, 1 << scenery_index[card_id]))
                elif card_id in item_index:
                    out.append((self._op_remove_item_from_deck, 1 << item_index[card_id]))
                else:
                    out.append((self._op_remove_interaction_from_deck, 1 << interaction_index[card_id]))
            elif op == "reveal":
                out.append((self._op_reveal, 1 << prophecy_index[args[0]]))
            elif op == "fulfil":
                out.append((self._op_fulfil, prophecy_index[args[0]]))
            elif op == "turn_back_over":
                out.append((self._op_turn_back_over, None))
            elif op == "favour":
                out.append((self._op_favour, args[0]))
            elif op == "remove_scenery":
                out.append((self._op_remove_scenery, (scenery_index[args[0]], args[1])))
            elif op == "move_hero":
                out.append((self._op_move_hero, args[0]))
            elif op == "ending":
                out.append((self._op_ending, self.ending_ids.index(args[0])))
            else:
                raise ValueError(f"the search does not know the instruction {op!r}")
        return tuple(out)

    # --- packing --------------------------------------------------------------------------------
    def pack(self) -> tuple[int, int]:
        """(the whole state, its memo key) as ints. The key drops the hero's square unless a REMOVE
        SCENERY may send the hero on from there (`canonical`)."""
        stacks = tuple(self.stacks)
        stack_id = self.stack_ids.get(stacks)
        if stack_id is None:
            stack_id = self.stack_ids[stacks] = len(self.stack_list)
            self.stack_list.append(stacks)
        body = stack_id
        body = (body << self.item_bits) | self.item_deck
        body = (body << self.item_bits) | self.held
        body = (body << self.interaction_bits) | self.interaction_deck
        body = (body << self.interaction_bits) | self.in_play
        body = (body << self.scenery_bits) | self.scenery_deck
        body = (body << self.scenery_bits) | self.face_up
        body = (body << self.prophecy_bits) | self.fulfilled
        body = (body << self.prophecy_bits) | self.revealed
        body = (body << _FAVOUR_BITS) | self.favours
        body = ((body << self.ending_bits) | (self.ending + 1)) << self.hero_bits
        hero = self.hero
        if hero is None:
            return body, body
        whole = body | (self.slot_of[hero] + 1)
        return whole, (whole if hero in self.removable else body)

    def unpack(self, whole: int) -> tuple:
        """The registers of a packed state, as a tuple `load` takes."""
        hero_code = whole & ((1 << self.hero_bits) - 1)
        whole >>= self.hero_bits
        ending = (whole & ((1 << self.ending_bits) - 1)) - 1
        whole >>= self.ending_bits
        favours = whole & ((1 << _FAVOUR_BITS) - 1)
        whole >>= _FAVOUR_BITS
        fields = []
        for bits in (self.prophecy_bits, self.prophecy_bits, self.scenery_bits, self.scenery_bits,
                     self.interaction_bits, self.interaction_bits, self.item_bits, self.item_bits):
            fields.append(whole & ((1 << bits) - 1))
            whole >>= bits
        revealed, fulfilled, face_up, scenery_deck, in_play, interaction_deck, held, item_deck = fields
        hero = self.numbers[hero_code - 1] if hero_code else None
        return (self.stack_list[whole], face_up, in_play, held, interaction_deck, item_deck, scenery_deck,
                favours, revealed, fulfilled, ending, hero)

    def load(self, registers: tuple) -> None:
        (stacks, self.face_up, self.in_play, self.held, self.interaction_deck, self.item_deck, self.scenery_deck,
         self.favours, self.revealed, self.fulfilled, self.ending, self.hero) = registers
        self.stacks = list(stacks)
        self.resolved = 0

    def from_state(self, state: dict) -> int:
        """Pack an engine state (the start, and the agreement test); leaves its registers loaded."""
        scenery_bit, interaction_bit, item_bit = self._bits

        def mask(ids: list[str], bits: dict[str, int]) -> int:
            total = 0
            for card_id in ids:
                total |= bits[card_id]
            return total

        stacks = [()] * len(self.numbers)
        scenery_index = self._indices[0]
        for key, stack in state["stacks"].items():
            stacks[self.slot_of[int(key)]] = tuple(scenery_index[c] for c in stack)
        prophecies = state["prophecies"]
        ending = state["ending"]
        self.load((tuple(stacks), mask(state["face_up"], scenery_bit), mask(state["in_play"], interaction_bit),
                   mask(state["held"], item_bit), mask(state["interaction_deck"], interaction_bit),
                   mask(state["item_deck"], item_bit), mask(state["scenery_deck"], scenery_bit),
                   state["favours"],
                   sum(1 << i for i, p in enumerate(self.prophecy_ids) if prophecies[p] != "hidden"),
                   sum(1 << i for i, p in enumerate(self.prophecy_ids) if prophecies[p] == "fulfilled"),
                   _NO_CARD if ending is None else self.ending_ids.index(ending), state["hero"]))
        return self.pack()[0]

    def to_state(self, whole: int, template: dict) -> dict:
        """An engine state for a packed one (the agreement test): `template` gives what the search
        does not track (seats, mode, the scenario's reference); texts read, discards, tries are empty."""
        (stacks, face_up, in_play, held, interaction_deck, item_deck, scenery_deck,
         favours, revealed, fulfilled, ending, hero) = self.unpack(whole)
        state = marshal.loads(marshal.dumps(template))
        ids = self.ids
        state.update(
            stacks={str(self.numbers[slot]): [self.scenery_ids[c] for c in stack]
                    for slot, stack in enumerate(stacks) if stack},
            face_up=ids(face_up, self.scenery_ids), in_play=ids(in_play, self.interaction_ids),
            held=ids(held, self.item_ids), interaction_deck=ids(interaction_deck, self.interaction_ids),
            item_deck=ids(item_deck, self.item_ids), scenery_deck=ids(scenery_deck, self.scenery_ids),
            favours=favours, hero=hero, ending=None if ending == _NO_CARD else self.ending_ids[ending],
            prophecies={p: "fulfilled" if fulfilled >> i & 1 else "revealed" if revealed >> i & 1 else "hidden"
                        for i, p in enumerate(self.prophecy_ids)},
            discard=[], read=[], last=[], tried={})
        return state

    # --- what the search reads of a state -------------------------------------------------------
    def score(self) -> int:
        """`score_of`: favours less the prophecies not fulfilled."""
        return self.favours - (self.prophecy_bits - self.fulfilled.bit_count())

    @staticmethod
    def ids(mask: int, names: list[str]) -> list[str]:
        """The ids a mask holds, in the order of `names`."""
        return [name for i, name in enumerate(names) if mask >> i & 1]

    # --- the actions ----------------------------------------------------------------------------
    def successors(self, whole: int) -> list[Child]:
        """A `Child` for every action that can change the canonical state, in the order of the
        engine-based `successors`."""
        registers = self.unpack(whole)
        self.load(registers)
        out: list[Child] = []
        face_up, hero, removable = self.face_up, self.hero, self.removable
        stepped_off = False
        for number, top in self.move_targets():
            if face_up >> top & 1:
                if number in removable:
                    pass  # standing here when the card is removed sends the hero on
                elif hero in removable and not stepped_off:
                    stepped_off = True  # one walk away stands for all of them
                else:
                    continue
            self.load(registers)
            self.hero = number
            if not face_up >> top & 1:
                self.discover(top)
            out.append(self.child(self.move_labels[number]))
        in_play, held = registers[2], registers[3]
        for card in self.by_id_order:
            if not in_play >> card & 1:
                continue
            for paragraph, label in self.choices(card, held):
                self.load(registers)
                self.resolve(card, paragraph)
                out.append(self.child(label))
        return out

    def child(self, label: str) -> Child:
        whole, key = self.pack()
        return (label, whole, key, self.in_play | self.resolved, self.ending, self.score(),
                self.held, self.face_up, self.fulfilled)

    def move_targets(self) -> list[tuple[int, int]]:
        """(number, top card) for `Table.move_targets`, ascending."""
        targets = []
        stacks, face_up, favours, hero = self.stacks, self.face_up, self.favours, self.hero
        numbers, min_favours, links = self.numbers, self.min_favours, self.links
        for slot, stack in enumerate(stacks):
            if not stack:
                continue
            top = stack[-1]
            if face_up >> top & 1:
                if numbers[slot] != hero:
                    targets.append((numbers[slot], top))
                continue
            if favours < min_favours[top]:
                continue
            for neighbour, points_there, pointing_back in links[top]:
                other = stacks[neighbour]
                if other and face_up >> other[-1] & 1 and (points_there or pointing_back >> other[-1] & 1):
                    targets.append((numbers[slot], top))
                    break
        return targets

    def choices(self, card: int, held: int) -> list[tuple[tuple | None, str]]:
        """The item choices worth trying on a card: one per paragraph they reveal (a failed match
        changes nothing), as (compiled paragraph, label)."""
        memo = self.choice_memo.get((card, held))
        if memo is not None:
            return memo
        card_id = self.interaction_ids[card]
        needs = self.needs[card]
        if needs == 0:
            memo = [(None, f"use {card_id}")]
        else:
            scenario = self.scenario
            interaction = scenario.interactions[card_id]
            seen: set[str] = set()
            memo = []
            for combo in _combos(self.ids(held, self.item_ids), needs):
                paragraph = match_paragraph(interaction, [scenario.items[i] for i in combo])
                if paragraph is not None and paragraph.key not in seen:
                    seen.add(paragraph.key)
                    memo.append((self.paragraph_program[paragraph], f"use {card_id} with {' + '.join(combo)}"))
        self.choice_memo[(card, held)] = memo
        return memo

    # --- resolution (Table's, step for step) ----------------------------------------------------
    def top(self, number: int) -> int | None:
        slot = self.slot_of.get(number)
        stack = self.stacks[slot] if slot is not None else ()
        return stack[-1] if stack else None

    def discover(self, card: int) -> None:
        if self.face_up >> card & 1:
            return
        self.face_up |= 1 << card
        taken = [i for i in self.arriving.get(self.card_number[card], ()) if self.interaction_deck >> i & 1]
        for i in taken:
            self.interaction_deck &= ~(1 << i)
            self.in_play |= 1 << i
        for i in taken:
            if self.immediate[i] and self.in_play >> i & 1:
                if self.ending != _NO_CARD:
                    return
                self.resolve(i, None)

    def resolve(self, card: int, paragraph: tuple | None) -> None:
        self.in_play &= ~(1 << card)
        context = [card, False]
        self.resolving.append(context)
        self.run(self.top_program[card])
        if paragraph is not None and self.ending == _NO_CARD:
            self.run(paragraph)
        self.resolving.pop()
        if context[1]:
            self.in_play |= 1 << card
        else:
            self.resolved |= 1 << card

    def run(self, program: tuple) -> None:
        for handler, argument in program:
            if self.ending != _NO_CARD:
                return
            handler(argument)

    def _op_if(self, argument: tuple) -> None:
        tests, then, otherwise = argument
        holds = True
        for test in tests:
            kind = test[0]
            if kind == 0:
                holds = bool(self.held & test[1])
            elif kind == 1:
                holds = self.favours >= test[1]
            elif kind == 2:
                bit = test[1]
                status = ("fulfilled" if self.fulfilled & bit else "revealed" if self.revealed & bit else "hidden")
                holds = status == test[2]
            else:
                holds = bool(self.face_up & test[1])
            if not holds:
                break
        self.run(then if holds else otherwise)

    def _op_take(self, bit: int) -> None:
        if self.item_deck & bit:
            self.item_deck &= ~bit
            self.held |= bit

    def _op_put_into_play(self, card: int) -> None:
        if self.interaction_deck >> card & 1:
            self.interaction_deck &= ~(1 << card)
            self.in_play |= 1 << card
            if self.immediate[card]:
                self.resolve(card, None)

    def _place(self, card: int) -> bool:
        if not self.scenery_deck >> card & 1:
            return False
        self.scenery_deck &= ~(1 << card)
        slot = self.card_slot[card]
        self.stacks[slot] = self.stacks[slot] + (card,)
        return True

    def _op_place_scenery(self, cards: tuple[int, ...]) -> None:
        placed = [card for card in cards if self._place(card)]
        for card in placed:  # the hero icon: turn it over and step on it after placing all
            if self.ending != _NO_CARD:
                return
            stack = self.stacks[self.card_slot[card]]
            if self.hero_icon[card] and stack and stack[-1] == card:
                self.hero = self.card_number[card]
                self.discover(card)

    def _op_discover_scenery(self, card: int) -> None:
        self._op_place_scenery((card,))
        stack = self.stacks[self.card_slot[card]]
        if stack and stack[-1] == card and self.ending == _NO_CARD:
            self.discover(card)

    def _op_discard_interaction(self, card: int) -> None:
        if self.in_play >> card & 1:
            self.in_play &= ~(1 << card)  # discarded unread: not `reached`
            return
        for context in self.resolving:
            if context is not None and context[0] == card:
                context[1] = False

    def _op_discard_item(self, bit: int) -> None:
        self.held &= ~bit

    def _op_remove_scenery_from_deck(self, bit: int) -> None:
        self.scenery_deck &= ~bit

    def _op_remove_item_from_deck(self, bit: int) -> None:
        self.item_deck &= ~bit

    def _op_remove_interaction_from_deck(self, bit: int) -> None:
        self.interaction_deck &= ~bit

    def _op_reveal(self, bit: int) -> None:
        self.revealed |= bit

    def _op_fulfil(self, prophecy: int) -> None:
        bit = 1 << prophecy
        if self.fulfilled & bit:
            return
        self.revealed |= bit
        self.fulfilled |= bit
        self.resolving.append(None)
        self.run(self.fulfil_program[prophecy])
        self.resolving.pop()

    def _op_turn_back_over(self, _: None) -> None:
        if self.resolving and self.resolving[-1] is not None:
            self.resolving[-1][1] = True

    def _op_favour(self, amount: int) -> None:
        self.favours = max(0, min(FAVOUR_TOKENS, self.favours + amount))

    def _op_remove_scenery(self, argument: tuple[int, int | None]) -> None:
        card, hero_to = argument
        slot = self.card_slot[card]
        stack = self.stacks[slot]
        if card not in stack:
            return
        was_top = stack[-1] == card
        stack = tuple(c for c in stack if c != card)
        self.stacks[slot] = stack
        if self.hero == self.card_number[card] and was_top:
            if hero_to is not None and self.top(hero_to) is not None:
                self._op_move_hero(hero_to)
            elif not stack:
                self.hero = None

    def _op_move_hero(self, number: int) -> None:
        top = self.top(number)
        if top is None:
            return
        self.hero = number
        if not self.face_up >> top & 1:
            self.discover(top)

    def _op_ending(self, ending: int) -> None:
        self.ending = ending


def search(scenario: Scenario, report: Report, budget: float, max_states: int) -> None:
    started = time.perf_counter()
    start = initial_state(scenario, 1, "together")[0]
    model = SearchModel(scenario)
    start_whole = model.from_state(start)
    keys: dict[int, int] = {model.pack()[1]: 0}
    parent = array("i", [-1])  # the state each state was first reached from
    labels: list[str] = [""]  # and by which action (labels are shared strings)
    edge_from, edge_to = array("i"), array("i")
    outcome: list[str | None] = [None]  # ending id, "stalled", or None while open
    scores: list[int] = [score_of(start)]
    interaction_bit = {card_id: 1 << i for i, card_id in enumerate(model.interaction_ids)}
    # interactions in play now or resolved on the way here (immediate cards never rest in play)
    ever_in_play = sum(interaction_bit[c] for c in set(start["in_play"]) | {
        e["card"] for e in start["discard"] if e["deck"] == "interaction" and e["read"]})
    ever_held = ever_fulfilled = 0
    ever_found = model.unpack(start_whole)[1]
    if start["ending"] is not None:
        outcome[0] = start["ending"]
    frontier: deque[tuple[int, int]] = deque([(0, start_whole)]) if start["ending"] is None else deque()
    ending_ids = model.ending_ids
    successors_of = model.successors
    complete = True
    while frontier:
        if len(keys) >= max_states or time.perf_counter() - started > budget:
            complete = False
            break
        index, whole = frontier.popleft()
        children = successors_of(whole)
        if not children:
            outcome[index] = "stalled"
        for label, child, key, reached, ending, score, held, face_up, fulfilled in children:
            known = keys.get(key)
            if known is None:
                known = len(labels)
                keys[key] = known
                parent.append(index)
                labels.append(label)
                scores.append(score)
                ever_in_play |= reached
                ever_held |= held
                ever_found |= face_up
                ever_fulfilled |= fulfilled
                if ending != _NO_CARD:
                    outcome.append(ending_ids[ending])
                else:
                    outcome.append(None)
                    frontier.append((known, child))
            edge_from.append(index)
            edge_to.append(known)
    report.states = len(keys)
    report.seconds = time.perf_counter() - started
    report.complete = complete
    del keys, frontier

    def path_to(index: int) -> list[str]:
        steps: list[str] = []
        while index > 0:
            steps.append(labels[index])
            index = parent[index]
        return steps[::-1]

    for index, ending in enumerate(outcome):
        if ending is None or ending == "stalled":
            continue
        entry = report.endings[ending]
        if entry.best_score is None or scores[index] > entry.best_score:
            entry.best_score, entry.best_path = scores[index], path_to(index)
    if not complete:
        return
    file = Path(scenario.path).name
    # backward pass: which states can still reach an ending?
    alive = [o is not None and o != "stalled" for o in outcome]
    reverse: list[list[int]] = [[] for _ in outcome]
    for source, target in zip(edge_from, edge_to):
        reverse[target].append(source)
    queue = deque(i for i, ok in enumerate(alive) if ok)
    while queue:
        node = queue.popleft()
        for source in reverse[node]:
            if not alive[source]:
                alive[source] = True
                queue.append(source)
    dead = [i for i, ok in enumerate(alive) if not ok]
    report.dead_end_count = len(dead)
    for index in dead:
        up = parent[index]
        if up >= 0 and not alive[up]:
            continue  # report only the first step into each dead region
        why = "nothing left to do" if outcome[index] == "stalled" else "no ending can be reached from here"
        report.dead_ends.append(DeadEnd(path_to(index), why))
    for ending in report.endings.values():
        if ending.best_score is None:
            report.problems.append(f"{file}: {ending.ending}: reachable: this ending can never be reached")
    best = max((e.best_score for e in report.endings.values() if e.best_score is not None), default=None)
    if best is not None and best != scenario.best_score:
        report.problems.append(f"{file}: scenario: best_score: declares {scenario.best_score} but the best "
                               f"reachable score is {best}")
    in_play_ids = set(model.ids(ever_in_play, model.interaction_ids))
    for card_id in scenario.interactions:
        if card_id not in in_play_ids:
            report.problems.append(f"{file}: {card_id}: number: never comes into play in any reachable game")
    held_ids = set(model.ids(ever_held, model.item_ids))
    for item_id in scenario.items:
        if item_id not in held_ids:
            report.problems.append(f"{file}: {item_id}: id: can never be taken in any reachable game")
    found_ids = set(model.ids(ever_found, model.scenery_ids))
    for card_id in scenario.scenery:
        if card_id not in found_ids:
            report.problems.append(f"{file}: {card_id}: id: can never be discovered in any reachable game")
    fulfilled_ids = set(model.ids(ever_fulfilled, model.prophecy_ids))
    for prophecy_id in scenario.prophecies:
        if prophecy_id not in fulfilled_ids:
            report.problems.append(f"{file}: {prophecy_id}: id: can never be fulfilled in any reachable game")


def check_scenario(path: str | Path, budget: float = 120.0, max_states: int = 500_000) -> Report:
    """Run every check on one scenario file and return the report (nothing printed)."""
    report = Report(str(path))
    try:
        scenario = load_scenario(path)
    except ScenarioError as exc:
        report.problems.extend(str(p) for p in exc.problems)
        return report
    except (FileNotFoundError, OSError) as exc:
        report.problems.append(f"{path}: cannot read the file ({exc})")
        return report
    report.counts = {"scenery": len(scenario.scenery), "items": len(scenario.items),
                     "interactions": len(scenario.interactions), "prophecies": len(scenario.prophecies),
                     "endings": len(scenario.endings)}
    report.declared_best = scenario.best_score
    report.endings = {e.id: EndingReport(e.id, scenario.text(e.title_key)) for e in scenario.endings.values()}
    report.problems.extend(static_problems(scenario))
    search(scenario, report, budget, max_states)
    return report


def format_report(report: Report, budget: float, show_paths: bool = False) -> str:
    lines = [f"check-scenario {report.file}"]
    if report.counts:
        c = report.counts
        lines.append(f"cards: {c['scenery']} scenery, {c['items']} items, {c['interactions']} interactions, "
                     f"{c['prophecies']} prophecies, {c['endings']} endings")
        lines.append(f"search: {report.states} states explored in {report.seconds:.2f} s"
                     + ("" if report.complete else f" - stopped by the budget ({budget:g} s) before the end"))
        for ending in report.endings.values():
            if ending.best_score is None:
                state = "not reached" + ("" if report.complete else " yet")
                lines.append(f"ending {ending.ending} \"{ending.title}\": {state}")
            else:
                lines.append(f"ending {ending.ending} \"{ending.title}\": reachable, best score "
                             f"{ending.best_score} ({rank_for(ending.best_score)[0]}) in {len(ending.best_path)} actions")
                if show_paths:
                    lines.append("  best play: " + ", ".join(ending.best_path))
        if report.declared_best is not None:
            lines.append(f"declared best score: {report.declared_best} ({rank_for(report.declared_best)[0]})")
        if report.complete:
            lines.append("dead ends: none" if not report.dead_end_count else
                         f"dead ends: {report.dead_end_count} states, entered by {len(report.dead_ends)} paths")
            for dead in report.dead_ends[:10]:
                lines.append(f"  dead end ({dead.why}) after: " + ", ".join(dead.path))
            if len(report.dead_ends) > 10:
                lines.append(f"  ... and {len(report.dead_ends) - 10} more")
    if report.problems:
        lines.append(f"problems: {len(report.problems)}")
        lines.extend("  " + p for p in report.problems)
    verdict = {EXIT_PROVEN: "PROVEN: every ending reachable, declared best reached, no dead end",
               EXIT_PROBLEMS: "FAILED", EXIT_UNPROVEN: "UNPROVEN: the search did not finish"}[report.exit_code]
    lines.append(verdict)
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """`check-scenario FILE [--budget SECONDS] [--max-states N]`; prints the report, returns the exit code."""
    parser = argparse.ArgumentParser(prog="check-scenario", description="Prove a Labyrinth scenario solvable.")
    parser.add_argument("file", help="a scenario TOML file (or the id of a shipped one, e.g. tutorial)")
    parser.add_argument("--budget", type=float, default=120.0, help="seconds of search before giving up (default 120)")
    parser.add_argument("--max-states", type=int, default=500_000, help="states kept before giving up (memory cap)")
    parser.add_argument("--show-paths", action="store_true", help="print the best play found for each ending")
    args = parser.parse_args(argv)
    report = check_scenario(args.file, args.budget, args.max_states)
    print(format_report(report, args.budget, args.show_paths))
    return report.exit_code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
