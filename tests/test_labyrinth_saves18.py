"""A saved Labyrinth game survives a reworded scenario (session 18).

A save insists only that its scenario's RULES are unchanged (scenario.rules_digest): ids, numbers,
keys, items, conditions, instructions and structure. The words a player reads (PROSE_FIELDS and the
words of a `say`) may change under it: the game goes on with the new ones. Saves written before the
rules digest carry an older content hash; a shipped version with the same (or reviewed compatible)
rules is recognised through game/rules/labyrinth/legacy_digests.py."""

from __future__ import annotations

import copy
import gzip
import hashlib
import random
import re
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

import game.rules.labyrinth.scenario as scn
from game.core.types import Action, GameConfig, SeatConfig
from game.core.wire import pack, unpack
from game.rules.labyrinth import ENGINE, ScenarioChanged, ScenarioError, load_scenario, parse_scenario
from game.rules.labyrinth.legacy_digests import COMPATIBLE_RULES, LEGACY_DIGESTS
from game.rules.labyrinth.scenario import (
    PROSE_FIELDS, PROSE_INSTRUCTIONS, RULES_FIELDS, SCENARIO_DIR, legacy_content_digest, rules_digest,
)
from game.session import LocalSession, SaveError, resume

FIXTURES = Path(__file__).parent / "labyrinth_fixtures"
SHIPPED = sorted(SCENARIO_DIR.glob("*.toml"))
SECTIONS = {"scenario": "scenario", "scenery": "scenery", "item": "item", "prophecy": "prophecy",
            "ending": "ending", "interaction": "interaction"}


def parsed(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def tables(data: dict[str, Any]):
    """(kind, table) of every table of a parsed scenario, paragraphs included."""
    for section, kind in SECTIONS.items():
        value = data.get(section)
        for table in value if isinstance(value, list) else [value] if isinstance(value, dict) else []:
            yield kind, table
            if kind == "interaction":
                for paragraph in table.get("paragraph", []):
                    yield "paragraph", paragraph


def instruction_lists(data: dict[str, Any]):
    """Every list of instructions in a parsed scenario, through `if`s."""
    def walk(steps):
        yield steps
        for step in steps:
            for branch in ("then", "else"):
                if isinstance(step.get(branch), list):
                    yield from walk(step[branch])
    for kind, table in tables(data):
        for name in ("do", "on_fulfil"):
            if isinstance(table.get(name), list):
                yield from walk(table[name])


def reword(data: dict[str, Any], rng: random.Random, share: float = 1.0) -> int:
    """Change the words of (a share of) every prose field and `say`, in place; how many changed."""
    changed = 0
    for kind, table in tables(data):
        for name in PROSE_FIELDS[kind]:
            if isinstance(table.get(name), str) and rng.random() < share:
                table[name] = rng.choice(["", "Reworded: ", "¿"]) + table[name][::-1] + str(rng.random())
                changed += 1
    for steps in instruction_lists(data):
        for step in steps:
            for op in PROSE_INSTRUCTIONS & set(step):
                if rng.random() < share:
                    step[op] = "Now it says this instead " + str(rng.random())
                    changed += 1
    return changed


# --- the schema: every field classed ---------------------------------------------------------------

def test_every_field_the_loader_accepts_is_classed_as_rules_or_prose_once():
    """Each kind of table's known fields, as the loader itself lists them when it meets an unknown one,
    are exactly RULES_FIELDS | PROSE_FIELDS: a field added to the loader and to neither list fails."""
    source = (
        '[scenario]\nid = "x"\ntitle = "X"\nbest_score = 8\nzz = 1\n'
        '[[scenery]]\nid = "s-1"\nnumber = 1\ntitle = "A"\ntext = "a"\nzz = 1\n'
        '[[item]]\nid = "it-A"\nletter = "A"\nname = "A"\ntext = "a"\nzz = 1\n'
        '[[prophecy]]\nid = "p-1"\nnumber = 1\ntitle = "P"\ntext = "p"\nfulfilled = "f"\nzz = 1\n'
        '[[ending]]\nid = "e-1"\ntitle = "E"\ntext = "e"\nzz = 1\n'
        '[[interaction]]\nid = "i-1"\nnumber = 1\nneeds = 1\ntop = "t"\nzz = 1\n'
        '[[interaction.paragraph]]\nkey = "A"\ntext = "p"\nzz = 1\n'
    )
    with pytest.raises(ScenarioError) as error:
        parse_scenario(source, "classes.toml")
    known: dict[str, set[str]] = {}
    for problem in error.value.problems:
        found = re.fullmatch(r"unknown field \(known: (.*)\)", problem.message)
        if found:
            kind = {"scenario": "scenario", "s-1": "scenery", "it-A": "item", "p-1": "prophecy",
                    "e-1": "ending"}.get(problem.card, "paragraph" if "paragraph" in problem.field else "interaction")
            known[kind] = set(found.group(1).split(", "))
    assert set(known) == set(RULES_FIELDS) == set(PROSE_FIELDS)
    for kind, fields in known.items():
        assert not RULES_FIELDS[kind] & PROSE_FIELDS[kind], kind
        assert fields == RULES_FIELDS[kind] | PROSE_FIELDS[kind], kind


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_word_a_player_reads_is_prose(path):
    """Rewording every prose field and `say` of a shipped scenario changes every text it holds (so no
    text comes from a field classed as rules), and its rules digest not at all."""
    data = parsed(path)
    before = parse_scenario(path.read_bytes(), path.name, path.name)
    edited = copy.deepcopy(data)
    assert reword(edited, random.Random(1)) > 50
    after = parse_scenario(tomllib_dumps(edited), path.name, path.name)
    assert after.hash == before.hash == rules_digest(data)
    unchanged = [key for key, text in before.texts.items() if text and after.texts[key] == text]
    assert unchanged == []
    assert after.title != before.title and before.texts.keys() == after.texts.keys()


def test_a_fuzz_of_prose_only_edits_never_changes_the_rules_digest():
    rng = random.Random(18)
    for path in SHIPPED:
        data = parsed(path)
        digest = rules_digest(data)
        for _ in range(12):
            edited = copy.deepcopy(data)
            assert reword(edited, rng, share=rng.choice([0.1, 0.4, 0.9])) > 0
            assert rules_digest(edited) == digest
            assert legacy_content_digest(edited) != legacy_content_digest(data)  # the old hash refused these


def _first(data: dict[str, Any], kind: str, name: str) -> dict[str, Any]:
    return next(table for k, table in tables(data) if k == kind and name in table)


def _other(value: Any) -> Any:
    """A value of the same shape that means something else."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, dict):
        return {**value, "extra": 1} if not value else {k: _other(v) for k, v in value.items()}
    if isinstance(value, list):
        return value[:-1] if value else [{"favour": 1}]
    raise AssertionError(value)


def test_an_edit_of_each_rules_field_changes_the_rules_digest():
    data = parsed(SCENARIO_DIR / "yewmaze.toml")
    digest = rules_digest(data)
    edited_fields = 0
    for kind, fields in RULES_FIELDS.items():
        for name in fields:
            if not any(k == kind and name in table for k, table in tables(data)):
                continue  # not used in this file (cover, next_to...): below, on a file that has it
            edited = copy.deepcopy(data)
            table = _first(edited, kind, name)
            table[name] = _other(table[name])
            assert rules_digest(edited) != digest, f"{kind}.{name}"
            edited_fields += 1
    assert edited_fields >= 16
    for kind, name in (("scenery", "cover"), ("scenery", "next_to"), ("scenery", "min_favours")):
        owner = next((p for p in SHIPPED + sorted(FIXTURES.glob("*.toml"))
                      if any(k == kind and name in t for k, t in tables(parsed(p)))), None)
        assert owner is not None, f"no scenario uses {kind}.{name}"
        data2 = parsed(owner)
        edited = copy.deepcopy(data2)
        table = _first(edited, kind, name)
        table[name] = _other(table[name])
        assert rules_digest(edited) != rules_digest(data2), f"{kind}.{name}"


def test_an_edit_of_any_instruction_changes_the_rules_digest():
    """Each instruction's op and argument, a condition, and a `say` added or removed (it is read, which
    ends undo) are rules; only a say's words are prose."""
    data = parsed(SCENARIO_DIR / "yewmaze.toml")
    digest = rules_digest(data)
    lists = list(instruction_lists(data))
    steps = [(li, i) for li in range(len(lists)) for i in range(len(lists[li]))]
    rng = random.Random(5)
    kinds_seen: set[str] = set()
    for li, i in rng.sample(steps, 60) + [(li, i) for li, i in steps if "if" in lists[li][i]][:5]:
        edited = copy.deepcopy(data)
        step = list(instruction_lists(edited))[li][i]
        op = next(iter(step))
        kinds_seen.add(op)
        if op == "say":
            del list(instruction_lists(edited))[li][i]  # the say itself gone
        elif op == "if":
            step["if"] = {**step["if"], "favours_at_least": 3} if "favours_at_least" not in step["if"] else {}
        else:
            step[op] = _other(step[op])
        assert rules_digest(edited) != digest, step
        added = copy.deepcopy(data)
        list(instruction_lists(added))[li].insert(i, {"say": "A new line."})
        assert rules_digest(added) != digest
    assert {"say", "if", "take", "discard"} <= kinds_seen


def tomllib_dumps(data: dict[str, Any]) -> bytes:
    """TOML text for a parsed scenario (tests only: strings, numbers, booleans, tables, arrays)."""
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f'"{k}" = {value(x)}' for k, x in v.items()) + " }"
        raise AssertionError(v)
    lines: list[str] = []
    for section, content in data.items():
        for table in content if isinstance(content, list) else [content]:
            lines.append(f"[[{section}]]" if isinstance(content, list) else f"[{section}]")
            lines += [f'"{k}" = {value(v)}' for k, v in table.items()]
    return "\n".join(lines).encode("utf-8")


# --- saves written before the rules digest ----------------------------------------------------------

def _old_save(name: str, moves: int, seed: int, seats: int = 2):
    """A game of the shipped file `name` as it was at commit dfd8b6f, hashed as that Tabletime hashed
    it (its content hash in the state): the actions, the start and end hashes a save kept, the state."""
    data = gzip.decompress((FIXTURES / f"{Path(name).stem}-dfd8b6f.toml.gz").read_bytes())
    old = parse_scenario(data, name, name)
    legacy = legacy_content_digest(tomllib.loads(data.decode("utf-8")))
    assert legacy in LEGACY_DIGESTS[name]  # the table knows what that Tabletime stored
    old.hash = legacy
    state = ENGINE.start(old, seats, "together")
    start_hash = ENGINE.state_hash(state)
    rng, actions = random.Random(seed), []
    for _ in range(moves):
        legal = [a for a in ENGINE.legal_actions(state, 0) if a.kind != "undo"]
        rng.shuffle(legal)
        for action in legal:  # a wandering party that does not end the adventure yet
            after, _ = ENGINE.apply(state, action)
            if not ENGINE.is_over(after):
                state = after
                actions.append(action)
                break
        else:
            break
    return old, actions, start_hash, ENGINE.state_hash(state), state


@pytest.mark.parametrize("name", ["yewmaze.toml", "saltmere.toml"])
def test_a_game_saved_before_the_rewording_resumes_under_todays_file(monkeypatch, name):
    """A Thornwood or Saltmere game saved at dfd8b6f: today's file (reworded cards and ending titles;
    Thornwood's one added line at the great root is a reviewed compatible rule) starts at and replays
    to the very positions the save names, and the game goes on in today's words."""
    monkeypatch.setattr(scn, "_BY_REF", {})
    old, actions, start_hash, end_hash, old_state = _old_save(name, 40, 7)
    assert len(actions) == 40
    scn._BY_REF.clear()  # the old scenario was only in memory in that Tabletime
    today = load_scenario(Path(name).stem)
    assert today.hash != old.hash and today.texts != old.texts
    state = ENGINE.start(today, 2, "together")
    assert ENGINE.state_hash(state) != start_hash
    assert start_hash in ENGINE.past_state_hashes(state), (
        f"{name}'s rules changed since dfd8b6f: decide whether saves from then may still resume "
        "(legacy_digests.COMPATIBLE_RULES, through tools/labyrinth_legacy_digests.py) and say so")
    for action in actions:
        state, _ = ENGINE.apply(state, action)
    assert end_hash in ENGINE.past_state_hashes(state)
    # the state itself, as a save of the whole state would hold it, loads and reads today's words
    resumed = ENGINE.from_plain(unpack(pack(old_state)))
    assert ENGINE.scenario(resumed).texts == today.texts
    shown = [entry["text"] for entry in ENGINE.view(resumed, 0)["last"]]
    assert shown == [today.text(key) for key in resumed["last"]]
    assert ENGINE.legal_actions(resumed, 0) == ENGINE.legal_actions(state, 0)


def _old_thornwood(steps: list[tuple]) -> tuple[list, list[str]]:
    """The careful party's ("move", n) / ("use", card, *items) steps played on the Thornwood Maze as it
    was at dfd8b6f, hashed as that Tabletime did: the actions and the hash after each (the start first)."""
    data = gzip.decompress((FIXTURES / "yewmaze-dfd8b6f.toml.gz").read_bytes())
    old = parse_scenario(data, "yewmaze.toml", "yewmaze.toml")
    old.hash = legacy_content_digest(tomllib.loads(data.decode("utf-8")))
    state = ENGINE.start(old, 1, "together")
    actions, hashes = [], [ENGINE.state_hash(state)]
    for step in steps:
        action = (Action.make(0, "move", to=step[1]) if step[0] == "move"
                  else Action.make(0, "interact", card=step[1], items=sorted(step[2:])))
        state, _ = ENGINE.apply(state, action)
        actions.append(action)
        hashes.append(ENGINE.state_hash(state))
    return actions, hashes


def _replayed_matches(actions: list, hashes: list[str]) -> list[bool]:
    """Whether each saved hash names today's replay of the same moves on today's Thornwood Maze."""
    state = ENGINE.start(load_scenario("yewmaze"), 1, "together")
    found = [hashes[0] in ENGINE.past_state_hashes(state)]
    for action, saved in zip(actions, hashes[1:]):
        state, _ = ENGINE.apply(state, action)
        found.append(saved in ENGINE.past_state_hashes(state))
    return found


def test_a_whole_careful_thornwood_game_saved_at_dfd8b6f_resumes_at_any_step(monkeypatch):
    """The careful party's whole adventure (the door of roots opened and the cave searched before the
    root is climbed): every position a save made at dfd8b6f could name is found again today."""
    from test_labyrinth_adventure_yewmaze import CAREFUL

    monkeypatch.setattr(scn, "_BY_REF", {})
    actions, hashes = _old_thornwood(CAREFUL)
    scn._BY_REF.clear()
    assert len(actions) == len(CAREFUL) == 60
    assert all(_replayed_matches(actions, hashes))


def test_an_old_thornwood_game_that_meets_the_reviewed_rule_change_is_refused_from_there(monkeypatch):
    """5d3803b's one new line (the great root says the cave of lost things still waits) is the only
    rules change COMPATIBLE_RULES lets an old save past, and only while the save's own moves never met
    it: a party that opened the door of roots and climbed without going in replays to another position
    today (the line is read), so a save made after that climb is refused; one made before resumes."""
    from test_labyrinth_adventure_yewmaze import WING_1, WING_2, WING_3

    root, hoard = ("use", "i-054", "it-C"), ("move", 27)
    steps = WING_1 + WING_2 + [s for s in WING_3 if s not in (root, hoard)] + [root]
    monkeypatch.setattr(scn, "_BY_REF", {})
    actions, hashes = _old_thornwood(steps)
    scn._BY_REF.clear()
    found = _replayed_matches(actions, hashes)
    assert found == [True] * len(steps) + [False]


def test_an_old_save_of_a_players_own_unchanged_scenario_file_still_resumes(tmp_path, monkeypatch):
    """A scenario file of one's own (not shipped, so in no table) that did not change: the hash an
    older Tabletime stored for it (its content, or its bytes before 938c3aa) is taken from the file
    itself; once its rules change, neither is."""
    monkeypatch.setattr(scn, "_BY_REF", {})
    own = tmp_path / "mine.toml"
    shutil.copy(SCENARIO_DIR / "tutorial.toml", own)
    data = own.read_bytes()
    today = load_scenario(own)
    stored = today.path  # absolute: the state names it so
    assert stored == str(own.resolve()) and stored not in LEGACY_DIGESTS
    state = ENGINE.start(today, 1, "together")
    for old in (legacy_content_digest(tomllib.loads(data.decode("utf-8"))), hashlib.sha256(data).hexdigest()):
        old_state = {**state, "scenario": {**state["scenario"], "hash": old}}
        assert ENGINE.state_hash(old_state) in ENGINE.past_state_hashes(state)
        assert ENGINE.scenario(ENGINE.from_plain(unpack(pack(old_state)))) is today
    own.write_text(data.decode("utf-8").replace("do = [{ favour = -1 }", "do = [{ favour = -2 }", 1), encoding="utf-8")
    assert ENGINE.past_state_hashes(state) == frozenset()
    scn._BY_REF.clear()
    with pytest.raises(ScenarioChanged, match="rules in .*mine.toml have changed"):
        ENGINE.from_plain(unpack(pack({**state, "scenario": {**state["scenario"], "hash": old}})))


def test_an_old_save_from_rules_nobody_reviewed_is_refused():
    """Thornwood's first rules (ffa30d7) differ from today's in more than the reviewed line: its old
    hashes are not accepted, so such a save is refused as before (by the save check, in words)."""
    first = next(iter(LEGACY_DIGESTS["yewmaze.toml"]))
    today = scn.file_digest((SCENARIO_DIR / "yewmaze.toml").read_bytes())
    assert first not in scn.accepted_legacy_digests("yewmaze.toml", today)
    with pytest.raises(ScenarioChanged, match="rules in yewmaze.toml have changed since"):
        ENGINE.from_plain({"scenario": {"id": "yewmaze", "path": "yewmaze.toml", "hash": first}})
    assert set(COMPATIBLE_RULES) == {"yewmaze.toml"} and set(COMPATIBLE_RULES["yewmaze.toml"]) == {today}


def test_the_legacy_table_knows_every_shipped_file_and_what_each_old_version_stored():
    """Each shipped scenario has its old hashes, both kinds an old Tabletime stored (raw bytes before
    938c3aa, the parsed content after) for the file at dfd8b6f, each mapped to that version's rules."""
    assert set(LEGACY_DIGESTS) == {path.name for path in SHIPPED}
    for name in ("yewmaze.toml", "saltmere.toml"):
        data = gzip.decompress((FIXTURES / f"{Path(name).stem}-dfd8b6f.toml.gz").read_bytes())
        rules = rules_digest(tomllib.loads(data.decode("utf-8")))
        assert LEGACY_DIGESTS[name][legacy_content_digest(tomllib.loads(data.decode("utf-8")))] == rules
        assert LEGACY_DIGESTS[name][hashlib.sha256(data).hexdigest()] == rules


# --- saves written with the rules digest: through Continue ------------------------------------------

@pytest.fixture
def own_tutorial(tmp_path, monkeypatch):
    folder = tmp_path / "content"
    folder.mkdir()
    shutil.copy(SCENARIO_DIR / "tutorial.toml", folder / "tutorial.toml")
    monkeypatch.setattr(scn, "SCENARIO_DIR", folder)
    return folder / "tutorial.toml"


def _played(tmp_path: Path, moves: int) -> LocalSession:
    config = GameConfig.make("labyrinth", [SeatConfig("bot", "Bot 1", "easy")])
    session = LocalSession(config, 3, autosave=tmp_path / "autosave.tt", bot_delay=0.0, spectator=True)
    for _ in range(moves):
        session._drive_bots()
    assert len(session.actions) == moves
    return session


def test_continue_after_a_reworded_card_shows_the_new_words(tmp_path, own_tutorial):
    session = _played(tmp_path, 3)
    text = own_tutorial.read_text(encoding="utf-8")
    reworded = (text.replace("You land hard on wet flagstones", "You land badly on the wet flags", 1)
                .replace('title = "The Fallen Grating"', 'title = "The Broken Grating"'))
    assert reworded.count("You land badly") == 1 and "The Broken Grating" in reworded
    own_tutorial.write_text(reworded, encoding="utf-8")
    resumed = resume(session.autosave_path, bot_delay=0.0)
    assert resumed.actions == session.actions
    scenario = ENGINE.scenario(resumed.state)
    assert any(t.startswith("You land badly") for t in scenario.texts.values())
    assert not any(t.startswith("You land hard") for t in scenario.texts.values())
    assert "The Broken Grating" in scenario.texts.values()
    assert resumed.state["scenario"]["hash"] == session.state["scenario"]["hash"]


def test_continue_after_one_instruction_changed_is_refused_in_words_and_the_save_kept(tmp_path, own_tutorial):
    session = _played(tmp_path, 3)
    text = own_tutorial.read_text(encoding="utf-8")
    changed = text.replace("do = [{ favour = -1 }, { turn_back_over = true }]",
                           "do = [{ favour = -2 }, { turn_back_over = true }]", 1)
    assert changed != text
    own_tutorial.write_text(changed, encoding="utf-8")
    with pytest.raises(SaveError, match="its scenario file has changed since it was saved"):
        resume(session.autosave_path, bot_delay=0.0)
    assert session.autosave_path.exists()
    with pytest.raises(ScenarioChanged, match=r"the rules in .*tutorial.toml have changed since .*cannot be resumed"):
        ENGINE.from_plain(unpack(pack(session.state)))
