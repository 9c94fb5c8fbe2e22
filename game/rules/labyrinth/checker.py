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

It never hangs: past `--budget` seconds or `--max-states` states it says "UNPROVEN" with what it
covered. Exit codes: 0 proven, 1 problems found (or the file cannot be loaded), 2 unproven.
"""

from __future__ import annotations

import argparse
import marshal
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from game.rules.labyrinth.engine import Table, initial_state, match_paragraph, rank_for, score_of
from game.rules.labyrinth.scenario import (
    OPPOSITE, Instruction, Scenario, ScenarioError, load_scenario,
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
    and walks onto (or off) a square that a REMOVE SCENERY may send the hero on from."""
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


def search(scenario: Scenario, report: Report, budget: float, max_states: int) -> None:
    started = time.perf_counter()
    start = initial_state(scenario, 1, "together")[0]
    removable = removable_numbers(scenario)
    keys: dict[tuple, int] = {canonical(start, removable): 0}
    parent: list[tuple[int, str]] = [(-1, "")]
    children: list[list[int]] = [[]]
    outcome: list[str | None] = [None]  # ending id, "stalled", or None while open
    scores: list[int] = [score_of(start)]
    def reached(state: dict) -> set[str]:
        """Interactions in play now or resolved on the way here (immediate cards never rest in play)."""
        return set(state["in_play"]) | {e["card"] for e in state["discard"] if e["deck"] == "interaction" and e["read"]}

    ever_in_play: set[str] = reached(start)
    ever_held: set[str] = set()
    ever_found: set[str] = set(start["face_up"])
    ever_fulfilled: set[str] = set()
    if start["ending"] is not None:
        outcome[0] = start["ending"]
    frontier: deque[tuple[int, dict]] = deque([(0, start)]) if start["ending"] is None else deque()
    complete = True
    while frontier:
        if len(keys) >= max_states or time.perf_counter() - started > budget:
            complete = False
            break
        index, state = frontier.popleft()
        state["read"], state["last"], state["discard"] = [], [], []  # irrelevant to what follows
        # (children then hold only this step's discards, which `reached` reads)
        any_child = False
        for label, child in successors(scenario, state):
            any_child = True
            key = canonical(child, removable)
            known = keys.get(key)
            if known is None:
                known = len(parent)
                keys[key] = known
                parent.append((index, label))
                children.append([])
                scores.append(score_of(child))
                ever_in_play.update(reached(child))
                ever_held.update(child["held"])
                ever_found.update(child["face_up"])
                ever_fulfilled.update(p for p, s in child["prophecies"].items() if s == "fulfilled")
                if child["ending"] is not None:
                    outcome.append(child["ending"])
                else:
                    outcome.append(None)
                    frontier.append((known, child))
            children[index].append(known)
        if not any_child:
            outcome[index] = "stalled"
    report.states = len(keys)
    report.seconds = time.perf_counter() - started
    report.complete = complete

    def path_to(index: int) -> list[str]:
        steps: list[str] = []
        while index > 0:
            index, label = parent[index][0], parent[index][1]
            steps.append(label)
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
    for source, targets in enumerate(children):
        for target in targets:
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
        up = parent[index][0]
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
    for card_id in scenario.interactions:
        if card_id not in ever_in_play:
            report.problems.append(f"{file}: {card_id}: number: never comes into play in any reachable game")
    for item_id in scenario.items:
        if item_id not in ever_held:
            report.problems.append(f"{file}: {item_id}: id: can never be taken in any reachable game")
    for card_id in scenario.scenery:
        if card_id not in ever_found:
            report.problems.append(f"{file}: {card_id}: id: can never be discovered in any reachable game")
    for prophecy_id in scenario.prophecies:
        if prophecy_id not in ever_fulfilled:
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
