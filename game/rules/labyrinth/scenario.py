"""The Labyrinth scenario format: TOML in, a typed, validated `Scenario` out.

A scenario is everything the cards say (ruling LA-1): scenery, items, interactions, prophecies and
endings, each card with a unique id apart from the number it shows. Instructions are the rulebook's
key words (ruling LA-2) written as small TOML tables, e.g. `{ take = "it-A" }`, and are compiled into
tuples here so the engine never re-reads TOML. Every piece of hidden text gets a *text key*
(`"i-003#A"`, `"p-1#reveal"`...) so the engine can track what has been read and never put an unread
text in a view (ruling LA-7).

Every load error names the file, the card and the field (`ScenarioError.problems`).
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCENARIO_DIR = Path(__file__).resolve().parent.parent.parent / "content" / "labyrinth"

DIRECTIONS: dict[str, tuple[int, int]] = {
    "north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0),
}
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
FAVOUR_TOKENS = 8  # ruling LA-1: 8 favours
PROPHECY_STATES = ("hidden", "revealed", "fulfilled")
ITEM_CODE = re.compile(r"^([A-Z])([0-9]*)$")

Instruction = tuple  # ("take", "it-A"), ("if", cond, then, else), ...
Condition = tuple  # (("holding", "B"), ("favours_at_least", 5), ...)

# The scenario schema: every field each kind of table may have, classed as RULES (what the engine
# decides from: ids, numbers, keys, items, conditions, instructions, structure) or PROSE (what a
# player reads: titles, texts, names, descriptions). A saved game insists only that the rules are
# unchanged (`rules_digest`), so a reworded card never costs a save. A new field must be put in one
# of the two (tests/test_labyrinth_saves18.py fails otherwise); when in doubt, it is rules.
RULES_FIELDS: dict[str, frozenset[str]] = {
    "scenario": frozenset({"id", "best_score", "sizes"}),
    "scenery": frozenset({"id", "number", "arrows", "cover", "min_favours", "hero", "next_to"}),
    "item": frozenset({"id", "letter", "number"}),
    "prophecy": frozenset({"id", "number", "on_fulfil"}),
    "ending": frozenset({"id"}),
    "interaction": frozenset({"id", "number", "immediate", "needs", "do", "paragraph"}),
    "paragraph": frozenset({"key", "do"}),  # [[interaction.paragraph]]
}
PROSE_FIELDS: dict[str, frozenset[str]] = {
    "scenario": frozenset({"title", "intro", "pitch"}),
    "scenery": frozenset({"title", "text", "picture"}),
    "item": frozenset({"name", "text"}),
    "prophecy": frozenset({"title", "text", "fulfilled"}),
    "ending": frozenset({"title", "text"}),
    "interaction": frozenset({"top"}),
    "paragraph": frozenset({"text"}),
}
SCHEMA: dict[str, frozenset[str]] = {kind: RULES_FIELDS[kind] | PROSE_FIELDS[kind] for kind in RULES_FIELDS}
# Instructions whose argument is words to read: the instruction itself is rules (it is shown, then
# remembered as read, which ends undo), its words are prose.
PROSE_INSTRUCTIONS = frozenset({"say"})


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a scenario: where (file, card, field) and what."""

    file: str
    card: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.card}: {self.field}: {self.message}"


class ScenarioError(ValueError):
    """A scenario file that cannot be played; `problems` lists every fault found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class ScenarioChanged(ValueError):
    """A save refers to a scenario whose file no longer has the content it was played with."""


@dataclass(frozen=True, slots=True)
class SceneryCard:
    id: str
    number: int
    title_key: str
    text_key: str
    picture_key: str
    arrows: dict[str, int]  # direction -> number it leads to
    cover: int | None  # ruling LA-2c: lies on top of card X, shows X's number
    min_favours: int
    hero: bool
    next_to: tuple[int, str] | None  # placed on that side of that number


@dataclass(frozen=True, slots=True)
class ItemCard:
    id: str
    letter: str
    number: int | None
    name_key: str
    text_key: str

    @property
    def code(self) -> str:
        return self.letter + (str(self.number) if self.number is not None else "")


@dataclass(frozen=True, slots=True)
class Paragraph:
    key: str  # normalised: "B", "B2", "*", "B+D" (parts sorted), "B+*"
    parts: tuple[str, ...]
    text_key: str
    instructions: tuple[Instruction, ...]


@dataclass(frozen=True, slots=True)
class InteractionCard:
    id: str
    number: int
    immediate: bool
    needs: int  # 0, 1 or 2 items
    top_key: str
    top_instructions: tuple[Instruction, ...]
    paragraphs: tuple[Paragraph, ...]


@dataclass(frozen=True, slots=True)
class ProphecyCard:
    id: str
    number: int
    title_key: str
    text_key: str
    fulfilled_key: str
    on_fulfil: tuple[Instruction, ...]


@dataclass(frozen=True, slots=True)
class EndingCard:
    id: str
    title_key: str
    text_key: str


@dataclass
class Scenario:
    """A loaded scenario. Not part of any game state: states refer to it by id, path and `hash`, its
    rules digest (so a state still finds it after its words are edited)."""

    id: str
    title: str
    intro: str
    best_score: int
    sizes: dict[str, int]
    path: str
    hash: str
    scenery: dict[str, SceneryCard] = field(default_factory=dict)
    items: dict[str, ItemCard] = field(default_factory=dict)
    interactions: dict[str, InteractionCard] = field(default_factory=dict)
    prophecies: dict[str, ProphecyCard] = field(default_factory=dict)
    endings: dict[str, EndingCard] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    pitch: str = ""  # one line for the setup screen: how long, what it is like
    positions: dict[int, tuple[int, int]] = field(default_factory=dict)  # grid square per number

    def text(self, key: str) -> str:
        return self.texts[key]

    def dots(self, number: int) -> int:
        """How many interaction cards show this number (the dots on the cards and the scenery)."""
        return sum(1 for card in self.interactions.values() if card.number == number)

    def item_by_code(self, code: str) -> ItemCard | None:
        for item in self.items.values():
            if item.code == code:
                return item
        return None

    def start_card(self) -> SceneryCard:
        """Scenery #1 that setup F places (the first card showing 1 that covers nothing)."""
        for card in self.scenery.values():
            if card.number == 1 and card.cover is None:
                return card
        raise KeyError("no scenery #1")

    def card_ids(self) -> set[str]:
        return set(self.scenery) | set(self.items) | set(self.interactions) | set(self.prophecies) | set(self.endings)


# --- loading ---------------------------------------------------------------------------------------

class _Collector:
    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []

    def add(self, card: str, field_name: str, message: str) -> None:
        problem = Problem(self.file, card, field_name, message)
        if problem not in self.problems:
            self.problems.append(problem)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Loader:
    """Builds a Scenario from parsed TOML, collecting every problem instead of stopping at the first."""

    def __init__(self, data: dict[str, Any], file: str, path: str, digest: str) -> None:
        self.data, self.out = data, _Collector(file)
        self.path, self.digest = path, digest
        self.texts: dict[str, str] = {}
        self.say_count: dict[str, int] = {}
        self.pending_refs: list[tuple[str, str, str, str]] = []  # (card, field, kind, value)

    # small typed readers -------------------------------------------------------------------------
    def _text(self, card: str, table: dict, name: str, key: str, required: bool = True) -> str:
        value = table.get(name, None)
        if value is None:
            if required:
                self.out.add(card, name, "missing text")
            value = ""
        elif not isinstance(value, str):
            self.out.add(card, name, f"must be a string, not {type(value).__name__}")
            value = ""
        elif required and not value.strip():
            self.out.add(card, name, "must not be empty")
        self.texts[key] = value
        return key

    def _int(self, card: str, table: dict, name: str, default: int | None = None,
             low: int | None = None, high: int | None = None) -> int | None:
        value = table.get(name, default)
        if value is None:
            if default is None:
                self.out.add(card, name, "missing whole number")
            return default
        if not _is_int(value):
            self.out.add(card, name, f"must be a whole number, not {value!r}")
            return default
        if (low is not None and value < low) or (high is not None and value > high):
            self.out.add(card, name, f"{value} is out of range {low}..{high}")
            return default
        return value

    def _bool(self, card: str, table: dict, name: str) -> bool:
        value = table.get(name, False)
        if not isinstance(value, bool):
            self.out.add(card, name, f"must be true or false, not {value!r}")
            return False
        return value

    def _known_fields(self, card: str, table: dict, allowed: frozenset[str] | set[str], where: str = "") -> None:
        for name in table:
            if name not in allowed:
                self.out.add(card, where + name, f"unknown field (known: {', '.join(sorted(allowed))})")

    def _tables(self, name: str) -> list[tuple[str, dict]]:
        raw = self.data.get(name, [])
        if not isinstance(raw, list):
            self.out.add("-", name, "must be an array of tables ([[" + name + "]])")
            return []
        tables: list[tuple[str, dict]] = []
        for index, table in enumerate(raw):
            if not isinstance(table, dict):
                self.out.add(f"{name}[{index}]", name, "must be a table")
                continue
            card_id = table.get("id")
            if not isinstance(card_id, str) or not card_id:
                self.out.add(f"{name}[{index}]", "id", "missing card id")
                card_id = f"{name}[{index}]"
            tables.append((card_id, table))
        return tables

    # the scenario -------------------------------------------------------------------------------
    def load(self) -> Scenario:
        head = self.data.get("scenario")
        if not isinstance(head, dict):
            self.out.add("scenario", "[scenario]", "missing the [scenario] table")
            head = {}
        self._known_fields("scenario", head, SCHEMA["scenario"])
        scenario_id = head.get("id") if isinstance(head.get("id"), str) else ""
        if not scenario_id:
            self.out.add("scenario", "id", "missing scenario id")
        title = head.get("title") if isinstance(head.get("title"), str) else ""
        if not title:
            self.out.add("scenario", "title", "missing scenario title")
        intro = head.get("intro", "") if isinstance(head.get("intro", ""), str) else ""
        pitch = head.get("pitch", "")
        if not isinstance(pitch, str):
            self.out.add("scenario", "pitch", f"must be a line of text, not {pitch!r}")
            pitch = ""
        best = self._int("scenario", head, "best_score", None, -20, FAVOUR_TOKENS)
        sizes_raw = head.get("sizes", {})
        sizes: dict[str, int] = {}
        if not isinstance(sizes_raw, dict):
            self.out.add("scenario", "sizes", "must be a table like { scenery = 8, items = 4 }")
        else:
            for name, value in sizes_raw.items():
                if name not in ("scenery", "items", "interactions", "prophecies", "endings"):
                    self.out.add("scenario", f"sizes.{name}", "unknown deck")
                elif not _is_int(value) or value < 0:
                    self.out.add("scenario", f"sizes.{name}", f"must be a whole number, not {value!r}")
                else:
                    sizes[name] = value
        for name in self.data:
            if name not in ("scenario", "scenery", "item", "interaction", "prophecy", "ending"):
                self.out.add("-", name, "unknown section")
        scenario = Scenario(scenario_id, title, intro, best if best is not None else 0, sizes,
                            self.path, self.digest, pitch=pitch)
        seen: set[str] = set()

        def unique(card_id: str) -> bool:
            if card_id in seen:
                self.out.add(card_id, "id", "duplicate card id")
                return False
            seen.add(card_id)
            return True

        for card_id, table in self._tables("scenery"):
            card = self._scenery(card_id, table)
            if card and unique(card_id):
                scenario.scenery[card_id] = card
        for card_id, table in self._tables("item"):
            item = self._item(card_id, table)
            if item and unique(card_id):
                scenario.items[card_id] = item
        for card_id, table in self._tables("prophecy"):
            prophecy = self._prophecy(card_id, table)
            if prophecy and unique(card_id):
                scenario.prophecies[card_id] = prophecy
        for card_id, table in self._tables("ending"):
            self._known_fields(card_id, table, SCHEMA["ending"])
            ending = EndingCard(card_id, self._text(card_id, table, "title", f"{card_id}#title"),
                                self._text(card_id, table, "text", f"{card_id}#text"))
            if unique(card_id):
                scenario.endings[card_id] = ending
        for card_id, table in self._tables("interaction"):
            interaction = self._interaction(card_id, table)
            if interaction and unique(card_id):
                scenario.interactions[card_id] = interaction
        scenario.texts = self.texts
        # decks are kept in the order players find them in the box
        scenario.scenery = dict(sorted(scenario.scenery.items(), key=lambda kv: (kv[1].number, kv[1].cover is not None, kv[0])))
        scenario.items = dict(sorted(scenario.items.items(), key=lambda kv: (kv[1].letter, kv[1].number or 0, kv[0])))
        scenario.interactions = dict(sorted(scenario.interactions.items(), key=lambda kv: kv[0]))
        scenario.prophecies = dict(sorted(scenario.prophecies.items(), key=lambda kv: (kv[1].number, kv[0])))
        self._check_items(scenario)
        self._check_references(scenario)
        self._check_paragraph_codes(scenario)
        self._place_numbers(scenario)
        if self.out.problems:
            raise ScenarioError(self.out.problems)
        return scenario

    def _scenery(self, card_id: str, table: dict) -> SceneryCard | None:
        self._known_fields(card_id, table, SCHEMA["scenery"])
        cover = self._int(card_id, table, "cover", 0, 0, 999) or None
        number = self._int(card_id, table, "number", cover, 1, 999)
        if number is None:
            return None
        if cover is not None and number != cover:
            self.out.add(card_id, "cover", f"a card covering #{cover} shows number {cover}, not {number} (ruling LA-2c)")
        arrows: dict[str, int] = {}
        raw = table.get("arrows", {})
        if not isinstance(raw, dict):
            self.out.add(card_id, "arrows", "must be a table like { north = 2 }")
            raw = {}
        for direction, target in raw.items():
            if direction not in DIRECTIONS:
                self.out.add(card_id, f"arrows.{direction}", "direction must be north, east, south or west")
            elif not _is_int(target) or target < 1:
                self.out.add(card_id, f"arrows.{direction}", f"must be a scenery number, not {target!r}")
            else:
                arrows[direction] = target
        next_to = None
        raw_next = table.get("next_to")
        if raw_next is not None:
            if (not isinstance(raw_next, dict) or not _is_int(raw_next.get("number"))
                    or raw_next.get("side") not in DIRECTIONS or set(raw_next) - {"number", "side"}):
                self.out.add(card_id, "next_to", 'must be { number = N, side = "north"|"east"|"south"|"west" }')
            else:
                next_to = (raw_next["number"], raw_next["side"])
        return SceneryCard(
            card_id, number,
            self._text(card_id, table, "title", f"{card_id}#title"),
            self._text(card_id, table, "text", f"{card_id}#text"),
            self._text(card_id, table, "picture", f"{card_id}#picture", required=False),
            arrows, cover,
            self._int(card_id, table, "min_favours", 0, 0, FAVOUR_TOKENS) or 0,
            self._bool(card_id, table, "hero"), next_to,
        )

    def _item(self, card_id: str, table: dict) -> ItemCard | None:
        self._known_fields(card_id, table, SCHEMA["item"])
        letter = table.get("letter")
        if not isinstance(letter, str) or not re.fullmatch(r"[A-Z]", letter):
            self.out.add(card_id, "letter", f"must be one capital letter, not {letter!r}")
            return None
        number = self._int(card_id, table, "number", 0, 0, 99) or None
        return ItemCard(card_id, letter, number, self._text(card_id, table, "name", f"{card_id}#name"),
                        self._text(card_id, table, "text", f"{card_id}#text"))

    def _prophecy(self, card_id: str, table: dict) -> ProphecyCard | None:
        self._known_fields(card_id, table, SCHEMA["prophecy"])
        number = self._int(card_id, table, "number", None, 1, 99)
        fulfilled_key = self._text(card_id, table, "fulfilled", f"{card_id}#fulfilled")
        return ProphecyCard(
            card_id, number or 0,
            self._text(card_id, table, "title", f"{card_id}#title"),
            self._text(card_id, table, "text", f"{card_id}#reveal"),
            fulfilled_key,
            self._instructions(card_id, table.get("on_fulfil", []), "on_fulfil", fulfilled_key),
        )

    def _interaction(self, card_id: str, table: dict) -> InteractionCard | None:
        self._known_fields(card_id, table, SCHEMA["interaction"])
        number = self._int(card_id, table, "number", None, 1, 999)
        needs = self._int(card_id, table, "needs", 0, 0, 2)
        immediate = self._bool(card_id, table, "immediate")
        if number is None or needs is None:
            return None
        if immediate and needs:
            self.out.add(card_id, "immediate", "a turn-over-immediately card cannot need items")
        top_key = self._text(card_id, table, "top", f"{card_id}#top")
        top_do = self._instructions(card_id, table.get("do", []), "do", top_key)
        raw_paragraphs = table.get("paragraph", [])
        if not isinstance(raw_paragraphs, list):
            self.out.add(card_id, "paragraph", "must be an array of tables ([[interaction.paragraph]])")
            raw_paragraphs = []
        if needs == 0 and raw_paragraphs:
            self.out.add(card_id, "paragraph", "a card that needs no item has no item paragraphs (use `if` in `do`)")
        if needs and not raw_paragraphs:
            self.out.add(card_id, "paragraph", f"a card that needs {needs} item(s) needs at least one paragraph")
        paragraphs: list[Paragraph] = []
        seen_keys: set[str] = set()
        for index, raw in enumerate(raw_paragraphs):
            where = f"paragraph[{index}]"
            if not isinstance(raw, dict):
                self.out.add(card_id, where, "must be a table")
                continue
            self._known_fields(card_id, raw, SCHEMA["paragraph"], where + ".")
            parsed = _parse_key(raw.get("key"), needs)
            if isinstance(parsed, str):
                self.out.add(card_id, where + ".key", parsed)
                continue
            key, parts = parsed
            if key in seen_keys:
                self.out.add(card_id, where + ".key", f"duplicate paragraph key {key!r} (ruling LA-3)")
                continue
            seen_keys.add(key)
            text_key = self._text(card_id, raw, "text", f"{card_id}#{key}")
            paragraphs.append(Paragraph(key, parts, text_key,
                                        self._instructions(card_id, raw.get("do", []), where + ".do", text_key)))
        return InteractionCard(card_id, number, immediate, needs, top_key, top_do, tuple(paragraphs))

    # instructions (ruling LA-2) -------------------------------------------------------------------
    SIMPLE = {
        "take": "item", "put_into_play": "interaction", "discover_scenery": "scenery",
        "discard": "interaction|item", "remove_from_deck": "scenery|item|interaction",
        "reveal": "prophecy", "fulfil": "prophecy", "ending": "ending",
    }

    def _instructions(self, card: str, raw: Any, where: str, owner_key: str) -> tuple[Instruction, ...]:
        if not isinstance(raw, list):
            self.out.add(card, where, "must be a list of instructions like [{ take = \"it-A\" }]")
            return ()
        compiled: list[Instruction] = []
        for index, step in enumerate(raw):
            result = self._instruction(card, step, f"{where}[{index}]", owner_key)
            if result is not None:
                compiled.append(result)
        return tuple(compiled)

    def _instruction(self, card: str, step: Any, where: str, owner_key: str) -> Instruction | None:
        if not isinstance(step, dict) or not step:
            self.out.add(card, where, "an instruction is a table like { take = \"it-A\" }")
            return None
        if "if" in step:
            self._known_fields(card, step, {"if", "then", "else"}, where + ".")
            condition = self._condition(card, step["if"], where + ".if")
            then = self._instructions(card, step.get("then", []), where + ".then", owner_key)
            otherwise = self._instructions(card, step.get("else", []), where + ".else", owner_key)
            return ("if", condition, then, otherwise)
        if "remove_scenery" in step:
            self._known_fields(card, step, {"remove_scenery", "hero_to"}, where + ".")
            target = step["remove_scenery"]
            hero_to = step.get("hero_to")
            if hero_to is not None and (not _is_int(hero_to) or hero_to < 1):
                self.out.add(card, where + ".hero_to", f"must be a scenery number, not {hero_to!r}")
                hero_to = None
            if hero_to is not None:
                self.pending_refs.append((card, where + ".hero_to", "number", hero_to))
            self._ref(card, where + ".remove_scenery", "scenery", target)
            return ("remove_scenery", target, hero_to)
        if len(step) != 1:
            self.out.add(card, where, f"one instruction per table, found {', '.join(sorted(step))}")
            return None
        (op, arg), = step.items()
        if op in self.SIMPLE:
            self._ref(card, f"{where}.{op}", self.SIMPLE[op], arg)
            return (op, arg)
        if op == "place_scenery":
            targets = [arg] if isinstance(arg, str) else arg
            if not isinstance(targets, list) or not targets:
                self.out.add(card, f"{where}.place_scenery", "must be a scenery id or a list of them")
                return None
            for target in targets:
                self._ref(card, f"{where}.place_scenery", "scenery", target)
            return ("place_scenery", tuple(targets))
        if op == "turn_back_over":
            if arg is not True:
                self.out.add(card, f"{where}.turn_back_over", "write turn_back_over = true")
            return ("turn_back_over",)
        if op == "favour":
            if not _is_int(arg) or arg == 0 or abs(arg) > FAVOUR_TOKENS:
                self.out.add(card, f"{where}.favour", f"must be a whole number like -1 or 1, not {arg!r}")
                return None
            return ("favour", arg)
        if op == "move_hero":
            if not _is_int(arg):
                self.out.add(card, f"{where}.move_hero", f"must be a scenery number, not {arg!r}")
                return None
            self.pending_refs.append((card, f"{where}.move_hero", "number", arg))
            return ("move_hero", arg)
        if op == "say":
            if not isinstance(arg, str) or not arg.strip():
                self.out.add(card, f"{where}.say", "must be a non-empty text")
                return None
            count = self.say_count.get(owner_key, 0) + 1
            self.say_count[owner_key] = count
            key = f"{owner_key}~{count}"
            self.texts[key] = arg
            return ("say", key)
        self.out.add(card, f"{where}.{op}", "unknown instruction (ruling LA-2 lists them)")
        return None

    def _condition(self, card: str, raw: Any, where: str) -> Condition:
        if not isinstance(raw, dict) or not raw:
            self.out.add(card, where, 'a condition is a table like { holding = "B" }')
            return ()
        tests: list[tuple] = []
        for name, value in raw.items():
            if name == "holding":
                if not isinstance(value, str) or not ITEM_CODE.match(value):
                    self.out.add(card, f"{where}.holding", f"must be an item letter or letter+number, not {value!r}")
                else:
                    self.pending_refs.append((card, f"{where}.holding", "code", value))
                    tests.append(("holding", value))
            elif name == "favours_at_least":
                if not _is_int(value) or not 0 <= value <= FAVOUR_TOKENS:
                    self.out.add(card, f"{where}.favours_at_least", f"must be 0..{FAVOUR_TOKENS}, not {value!r}")
                else:
                    tests.append(("favours_at_least", value))
            elif name == "prophecy":
                state = raw.get("is", "fulfilled")
                if state not in PROPHECY_STATES:
                    self.out.add(card, f"{where}.is", f"must be one of {', '.join(PROPHECY_STATES)}")
                self._ref(card, f"{where}.prophecy", "prophecy", value)
                tests.append(("prophecy", value, state))
            elif name == "is":
                if "prophecy" not in raw:
                    self.out.add(card, f"{where}.is", "`is` goes with `prophecy`")
            elif name == "discovered":
                self._ref(card, f"{where}.discovered", "scenery", value)
                tests.append(("discovered", value))
            else:
                self.out.add(card, f"{where}.{name}", "unknown condition (holding, favours_at_least, prophecy, discovered)")
        return tuple(tests)

    def _ref(self, card: str, where: str, kind: str, value: Any) -> None:
        if not isinstance(value, str) or not value:
            self.out.add(card, where, f"must be a card id, not {value!r}")
        else:
            self.pending_refs.append((card, where, kind, value))

    # whole-scenario checks ------------------------------------------------------------------------
    def _check_items(self, scenario: Scenario) -> None:
        codes: dict[str, str] = {}
        for item in scenario.items.values():
            if item.code in codes:
                self.out.add(item.id, "letter", f"item {item.code} is also {codes[item.code]}")
            codes[item.code] = item.id
            if item.number is not None and any(o.letter == item.letter and o.number is None for o in scenario.items.values()):
                self.out.add(item.id, "number", f"letter {item.letter} is used both with and without a number")

    def _check_references(self, scenario: Scenario) -> None:
        decks = {"scenery": scenario.scenery, "item": scenario.items, "interaction": scenario.interactions,
                 "prophecy": scenario.prophecies, "ending": scenario.endings}
        numbers = {card.number for card in scenario.scenery.values()}
        for card, where, kind, value in self.pending_refs:
            if kind == "number":
                if value not in numbers:
                    self.out.add(card, where, f"no scenery card shows number {value}")
            elif kind == "code":
                letter, digits = ITEM_CODE.match(value).groups()  # type: ignore[union-attr]
                if digits and scenario.item_by_code(value) is None:
                    self.out.add(card, where, f"no item {value}")
                elif not digits and not any(i.letter == letter for i in scenario.items.values()):
                    self.out.add(card, where, f"no item with letter {letter}")
            elif not any(value in decks[k] for k in kind.split("|")):
                self.out.add(card, where, f"{value!r} is not the id of any {kind.replace('|', ' or ')} card")
        if not any(card.number == 1 and card.cover is None for card in scenario.scenery.values()):
            self.out.add("scenery", "number", "setup F needs a scenery card #1 that covers nothing")

    def _check_paragraph_codes(self, scenario: Scenario) -> None:
        for card in scenario.interactions.values():
            for index, paragraph in enumerate(card.paragraphs):
                for part in paragraph.parts:
                    if part == "*":
                        continue
                    letter, digits = ITEM_CODE.match(part).groups()  # type: ignore[union-attr]
                    if digits and scenario.item_by_code(part) is None:
                        self.out.add(card.id, f"paragraph[{index}].key", f"no item {part} exists to match it")
                    elif not digits and not any(i.letter == letter for i in scenario.items.values()):
                        self.out.add(card.id, f"paragraph[{index}].key", f"no item with letter {letter} exists to match it")

    def _place_numbers(self, scenario: Scenario) -> None:
        """Give every scenery number its grid square: #1 at (0, 0), the rest through arrows and
        `next_to` (a covering card shares its number's square, ruling LA-2c)."""
        cards = list(scenario.scenery.values())
        if not cards:
            return
        positions: dict[int, tuple[int, int]] = {1: (0, 0)}
        source: dict[int, str] = {1: "setup F"}

        def settle(number: int, square: tuple[int, int], why: str, card: str, field_name: str) -> bool:
            if number not in positions:
                positions[number] = square
                source[number] = why
                return True
            if positions[number] != square:
                self.out.add(card, field_name, f"puts #{number} at {square} but {source[number]} puts it at {positions[number]}")
            return False

        changed = True
        while changed:
            changed = False
            for card in cards:
                for direction, target in card.arrows.items():
                    dx, dy = DIRECTIONS[direction]
                    if card.number in positions:
                        x, y = positions[card.number]
                        changed |= settle(target, (x + dx, y + dy), f"{card.id} arrows.{direction}", card.id, f"arrows.{direction}")
                    elif target in positions:
                        x, y = positions[target]
                        changed |= settle(card.number, (x - dx, y - dy), f"{card.id} arrows.{direction}", card.id, f"arrows.{direction}")
                if card.next_to and card.next_to[0] in positions:
                    dx, dy = DIRECTIONS[card.next_to[1]]
                    x, y = positions[card.next_to[0]]
                    changed |= settle(card.number, (x + dx, y + dy), f"{card.id} next_to", card.id, "next_to")
        numbers = {card.number for card in cards}
        uncovered: dict[int, str] = {}
        for card in cards:
            if card.cover is None:
                if card.number in uncovered:
                    self.out.add(card.id, "number", f"#{card.number} is already {uncovered[card.number]}; "
                                 "a second card with that number must say cover")
                uncovered[card.number] = card.id
        for card in cards:
            if card.cover is not None and card.cover not in uncovered:
                self.out.add(card.id, "cover", f"there is no scenery #{card.cover} to cover")
        for card in cards:
            if card.number not in positions:
                self.out.add(card.id, "arrows", f"#{card.number} cannot be placed: no arrow or next_to links it to the map")
        by_square: dict[tuple[int, int], int] = {}
        for number in sorted(positions):
            if number not in numbers:
                continue
            square = positions[number]
            if square in by_square:
                holder = next(c.id for c in cards if c.number == number)
                self.out.add(holder, "arrows", f"#{number} lands on {square}, where #{by_square[square]} lies "
                             "(only Cover X may share a square)")
            else:
                by_square[square] = number
        scenario.positions = {n: p for n, p in positions.items() if n in numbers}


def _parse_key(raw: Any, needs: int) -> tuple[str, tuple[str, ...]] | str:
    """A paragraph key as (normalised key, parts), or an error message (ruling LA-3)."""
    if not isinstance(raw, str) or not raw:
        return "missing paragraph key (a letter, letter+number, * or a pair like B+D)"
    if raw == "*":
        return "*", ("*",) * max(needs, 1)
    parts = raw.split("+")
    if len(parts) != needs:
        return f"key {raw!r} names {len(parts)} item(s) but the card needs {needs}"
    for part in parts:
        if part != "*" and not ITEM_CODE.match(part):
            return f"{part!r} is not an item letter, letter+number or *"
    if needs == 2:
        if parts == ["*", "*"]:
            return "write * instead of *+*"
        ordered = sorted(parts, key=lambda p: (p == "*", p))
        return "+".join(ordered), tuple(ordered)
    return parts[0], (parts[0],)


def file_digest(data: bytes) -> str:
    """What a saved game insists is unchanged before it resumes: the rules of the scenario
    (`rules_digest`); the raw bytes when the file does not parse (it then fails to load, saying why)."""
    try:
        return rules_digest(tomllib.loads(data.decode("utf-8")))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError):
        return hashlib.sha256(data).hexdigest()


def rules_digest(parsed: dict[str, Any]) -> str:
    """The digest of a parsed scenario less its prose (PROSE_FIELDS, the words of PROSE_INSTRUCTIONS):
    comments, spacing, key order and every word a player reads may change under a saved game."""
    return _sha256_json(rules_part(parsed))


def rules_part(parsed: dict[str, Any]) -> dict[str, Any]:
    """A parsed scenario with its prose left out (a copy; anything malformed is kept as it is)."""
    trimmed: dict[str, Any] = {}
    for section, value in parsed.items():
        if section not in PROSE_FIELDS or section == "paragraph":  # sections are named as their kind
            trimmed[section] = value
        elif isinstance(value, list):
            trimmed[section] = [_rules_of_table(section, table) for table in value]
        else:
            trimmed[section] = _rules_of_table(section, value)
    return trimmed


def _rules_of_table(kind: str, table: Any) -> Any:
    if not isinstance(table, dict):
        return table
    kept: dict[str, Any] = {}
    for name, value in table.items():
        if name in PROSE_FIELDS[kind]:
            continue
        if name in ("do", "on_fulfil"):
            value = _rules_of_instructions(value)
        elif kind == "interaction" and name == "paragraph" and isinstance(value, list):
            value = [_rules_of_table("paragraph", paragraph) for paragraph in value]
        kept[name] = value
    return kept


def _rules_of_instructions(steps: Any) -> Any:
    """Instructions with the words of each `say` left out (the `say` itself kept), through `if`s."""
    if not isinstance(steps, list):
        return steps
    kept: list[Any] = []
    for step in steps:
        if isinstance(step, dict):
            step = {op: ("" if op in PROSE_INSTRUCTIONS and isinstance(arg, str)
                         else _rules_of_instructions(arg) if op in ("then", "else") else arg)
                    for op, arg in step.items()}
        kept.append(step)
    return kept


def _sha256_json(value: Any) -> str:
    canonical = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


# What Tabletime stored as a scenario's hash before session 18 (the whole content as parsed, less
# these fields; before that, the file's raw bytes): saves carrying one are recognised through
# game/rules/labyrinth/legacy_digests.py.
LEGACY_PRESENTATION_ONLY = {"scenario": ("pitch",), "scenery": ("picture",)}


def legacy_content_digest(parsed: dict[str, Any]) -> str:
    """The content hash saves stored before the rules digest (kept only to recognise them)."""
    trimmed = dict(parsed)
    for section, fields in LEGACY_PRESENTATION_ONLY.items():
        tables = parsed.get(section)
        if isinstance(tables, dict):
            trimmed[section] = {k: v for k, v in tables.items() if k not in fields}
        elif isinstance(tables, list):
            trimmed[section] = [{k: v for k, v in t.items() if k not in fields} if isinstance(t, dict) else t
                                for t in tables]
    return _sha256_json(trimmed)


def accepted_legacy_digests(path: str, rules: str) -> list[str]:
    """The hashes older Tabletimes stored for the scenario file `path` (as a state stores it) in a
    version whose rules a save may resume under today's `rules`: the file as it is now, if its rules
    are these (any file, a player's own too); and, for a shipped file, each past version with the same
    rules or with rules reviewed as compatible (legacy_digests.COMPATIBLE_RULES; the replay must still
    reach the saved position, which the save check proves)."""
    from game.rules.labyrinth.legacy_digests import COMPATIBLE_RULES, LEGACY_DIGESTS

    compatible = COMPATIBLE_RULES.get(path, {}).get(rules, {})
    found = [old for old, its_rules in LEGACY_DIGESTS.get(path, {}).items()
             if its_rules == rules or its_rules in compatible]
    try:
        data = read_scenario_bytes(resolve_path(path))
        parsed = tomllib.loads(data.decode("utf-8"))
    except (OSError, ScenarioError, tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError):
        return found
    if rules_digest(parsed) == rules:
        found += [old for old in (hashlib.sha256(data).hexdigest(), legacy_content_digest(parsed)) if old not in found]
    return found


def display_path(path: Path) -> str:
    """The path a state stores: relative to the content folder for shipped scenarios (portable saves)."""
    resolved = path.resolve()
    try:
        return resolved.relative_to(SCENARIO_DIR).as_posix()
    except ValueError:
        return str(resolved)


def resolve_path(stored: str) -> Path:
    path = Path(stored)
    return path if path.is_absolute() else SCENARIO_DIR / path


def parse_scenario(text: str | bytes, file: str = "<scenario>", path: str = "") -> Scenario:
    """Build a Scenario from TOML text; raises ScenarioError naming file, card and field."""
    data = text.encode() if isinstance(text, str) else text
    if len(data) > MAX_SCENARIO_BYTES:
        raise ScenarioError([Problem(file, "-", "file", too_large(len(data)))])
    try:
        parsed = tomllib.loads(data.decode("utf-8"))
        digest = rules_digest(parsed)
    except UnicodeDecodeError as exc:
        raise ScenarioError([Problem(file, "-", "file", f"it is not UTF-8 text (byte {exc.object[exc.start]:#04x} "
                                     f"at position {exc.start}); save it as UTF-8")]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError([Problem(file, "-", "toml", str(exc))]) from None
    except RecursionError:
        raise ScenarioError([Problem(file, "-", "toml", "arrays or tables are nested too deeply")]) from None
    return _Loader(parsed, file, path or file, digest).load()


MAX_SCENARIO_BYTES = 8 * 1024 * 1024  # the evening-long Thornwood Maze is about 200 KB


def too_large(size: int) -> str:
    return f"it is too large to be a scenario ({size // (1024 * 1024)} MB; at most {MAX_SCENARIO_BYTES // (1024 * 1024)} MB)"


def read_scenario_bytes(path: Path) -> bytes:
    """A scenario file's bytes; ScenarioError for what is no scenario file at all (a folder, a device
    such as /dev/zero that never ends, a file too large), OSError when it cannot be read."""
    if path.is_dir():
        raise ScenarioError([Problem(path.name, "-", "file", "it is a folder, not a scenario file")])
    if not path.is_file():
        raise ScenarioError([Problem(path.name, "-", "file", "it is not a regular file")])
    size = path.stat().st_size
    if size > MAX_SCENARIO_BYTES:
        raise ScenarioError([Problem(path.name, "-", "file", too_large(size))])
    return path.read_bytes()


_CACHE: dict[tuple[str, str], Scenario] = {}  # (stored path, sha256 of the file's bytes) -> loaded
_BY_REF: dict[tuple[str, str], Scenario] = {}  # (stored path, rules hash) -> the latest loaded with them


def load_scenario(path: str | Path) -> Scenario:
    """Load a scenario file (absolute, relative to the working directory, or a shipped id such as
    "tutorial"). Raises ScenarioError (every fault, with file, card and field) or FileNotFoundError."""
    candidate = Path(path)
    if not candidate.exists():
        shipped = SCENARIO_DIR / f"{path}.toml"
        if shipped.exists():
            candidate = shipped
        else:
            raise FileNotFoundError(f"no scenario file {path}")
    data = read_scenario_bytes(candidate)
    stored = display_path(candidate)
    key = (stored, hashlib.sha256(data).hexdigest())
    if key not in _CACHE:
        _CACHE[key] = parse_scenario(data, candidate.name, stored)
    scenario = _CACHE[key]
    _BY_REF[(scenario.path, scenario.hash)] = scenario  # a state's reference finds today's words
    return scenario


def verify_scenario_file(ref: dict[str, str]) -> Scenario:
    """Re-read a saved game's scenario from disk (never the cache) and insist its rules are unchanged
    (its words may have changed: the game goes on with the new ones). A save from before the rules
    digest carries an older hash: it is accepted when it is one a shipped version with these rules had
    (`accepted_legacy_digests`)."""
    path = resolve_path(ref["path"])
    if not path.exists():
        raise ScenarioChanged(f"this game was played with scenario {ref['id']!r} from {ref['path']}, "
                              "which is no longer there")
    try:
        digest = file_digest(read_scenario_bytes(path))
    except ScenarioError as exc:
        raise ScenarioChanged(f"this game was played with scenario {ref['id']!r} from {ref['path']}, "
                              f"which cannot be read now ({exc.problems[0].message})") from None
    if digest != ref["hash"] and ref["hash"] not in accepted_legacy_digests(ref["path"], digest):
        raise ScenarioChanged(f"this game was played with scenario {ref['id']!r} ({ref['hash'][:12]}), "
                              f"but the rules in {ref['path']} have changed since ({digest[:12]}): its cards "
                              "now do something else, so it cannot be resumed")
    scenario = load_scenario(path)
    _BY_REF[(ref["path"], ref["hash"])] = scenario  # an older save's hash finds it too from now on
    return scenario


def scenario_for(ref: dict[str, str]) -> Scenario:
    """The scenario a game state refers to; ScenarioChanged if its file no longer matches the save."""
    key = (ref["path"], ref["hash"])
    if key in _BY_REF:
        return _BY_REF[key]
    return verify_scenario_file(ref)


def register_scenario(scenario: Scenario) -> None:
    """Make a scenario built in memory (tests) resolvable from a state's reference."""
    _BY_REF[(scenario.path, scenario.hash)] = scenario


def shipped_scenarios() -> list[tuple[str, str]]:
    """(id, title) of every scenario file shipped in game/content/labyrinth, the tutorial first."""
    return shipped_scenario_choices()[0]


def shipped_scenario_pitches() -> list[tuple[str, str]]:
    """(id, what the setup screen says of it) of every shipped scenario: its pitch, or else how many
    scenery cards and endings it declares."""
    return shipped_scenario_choices()[1]


def shipped_scenario_choices() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """`shipped_scenarios()` and `shipped_scenario_pitches()` from one reading of the files."""
    heads = _shipped_heads()
    return [(i, title) for i, title, _ in heads], [(i, pitch) for i, _, pitch in heads]


def _shipped_heads() -> list[tuple[str, str, str]]:
    """(id, title, pitch) from the [scenario] table of each shipped file (a file that cannot be read
    keeps its file name as title: loading it says what is wrong)."""
    found: list[tuple[str, str, str]] = []
    for path in sorted(SCENARIO_DIR.glob("*.toml")):
        title, pitch = path.stem, ""
        try:
            head = tomllib.loads(path.read_text("utf-8")).get("scenario", {})
            title = str(head.get("title", title))
            pitch = head.get("pitch", "")
            if not isinstance(pitch, str) or not pitch:
                sizes = head.get("sizes", {})
                counts = [f"{sizes[name]} {word}" for name, word in (("scenery", "scenery cards"), ("endings", "endings"))
                          if isinstance(sizes, dict) and _is_int(sizes.get(name))]
                pitch = ", ".join(counts) + "." if counts else ""
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError):
            pass
        if path.stem == "tutorial":
            title += " (tutorial)"  # the setup says which adventure teaches the game
        found.append((path.stem, title, pitch))
    found.sort(key=lambda item: (item[0] != "tutorial", item[0]))
    return found
