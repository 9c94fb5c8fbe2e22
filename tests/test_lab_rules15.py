"""Lost in Adventure: The Labyrinth against its rulebook once more (session 15): every shipped
adventure's items, cards and prophecies played at random over many seeds, with the rulebook's
general rules checked as invariants after every action, and the cards checked for what the
general rules need of them.

Rule statements of shared/rulebooks/lost-in-adventure-the-labyrinth.txt (and LA-1...LA-7) and the
tests that fail when the engine breaks them (a = tests/test_labyrinth_rulebook_audit.py,
r = tests/test_labyrinth_rules.py, ref = tests/test_labyrinth_referee.py, here = this file):

Setup A-F ............................................. a::test_setup_a..., a::test_setup_b_c_e..., a::test_setup_d...,
                                                        r::test_setup_turns_over_scenery_1_as_a_discovery_ruling_la_2b
Playing: cards take precedence; no turns, anyone acts (LA-5) ... r::test_together_every_seat_may_act, here::test_random_play...
Scenery: placed face down; Cover X (LA-2c); next to; hero icon after all are placed
                                                        r::test_cover_x_and_the_hero_icon_ruling_la_2c, a::test_the_hero_icon_card...,
                                                        a::test_faq_covering..., here::test_every_arrow_and_next_to_lands_where_the_map_puts_it
Movement: any discovered card; an undiscovered one adjacent + arrow; never diagonal; turn it over first
                                                        r::test_movement_needs_adjacency..., a::test_the_hero_moves_freely..., here::test_random_play... (own adjacency)
  "Discover only with at least X favours", not spent, open for good once discovered
                                                        a::test_discover_only_with_at_least_x..., a::test_a_favour_guarded_card_once...
Items: taken face up, shared, not consumed, no limit, similar items ..... a::test_an_item_used_in_a_match..., here::test_random_play...
Interaction cards: all cards of a discovered number come into play; immediate ones resolved at once
                                                        r::test_rulebook_example_discovering_23..., a::test_several_immediate_cards...,
                                                        here::test_random_play... (no card of a discovered number left in the deck; no
                                                        immediate card waiting unread)
Interacting: A without items; B perfect / generic / no match; two "?"; similar items (LA-3)
                                                        r::test_letter_and_number_beats_letter_beats_star, r::test_no_match_puts...,
                                                        r::test_two_item_cards_match..., here::test_random_play... (own matcher at every try)
  once, then discarded; the discard may be consulted (LA-7) ... a::test_an_interaction_card_is_used_only_once..., r::test_views_never_show...
End: an ending; score = lit favours - unfulfilled prophecies; the rank table (LA-6)
                                                        r::test_score_example..., r::test_rank_table, here::test_random_play... (every step, every ending)
Save and resume ........................................ r::test_save_and_resume_anywhere...
Key words: TAKE, PUT INTO PLAY, PLACE SCENERY, DISCOVER SCENERY, DISCARD, REMOVE FROM DECK, REVEAL,
FULFILL, TURN BACK OVER, -1 (LA-2) ....................... r::test_put_into_play_discard_remove..., r::test_reveal_and_fulfilling...,
                                                        r::test_favour_loss_stops_at_zero..., here::test_random_play... (favours in 0..8,
                                                        prophecies only move forward, every card in exactly one place)
FAQ: a card not in its deck: ignore; fulfil before reveal; covered cards keep their interactions
                                                        r::test_put_into_play_discard_remove..., r::test_reveal_and_fulfilling..., a::test_faq_covering...
In turns (FAQ, LA-5): clockwise, one move and one interaction each; immediate cards do not count;
  a try that matches nothing counts (the rules page) ..... here::test_in_turns_a_try_that_matches_nothing...
                                                        r::test_in_turns_each_seat_moves_once..., here::test_random_play... (turns mode)
The whole game against a second model ..................... ref::test_the_labyrinth_engine_agrees_with_an_independent_referee

`TABLETIME_LAB15_GAMES=3000` plays that many random games per adventure (the test plays a few dozen).
"""

from __future__ import annotations

import os
from collections import Counter
from itertools import combinations
from math import comb
from pathlib import Path

import pytest

from game.core import Action, GameConfig, Rng
from game.rules.labyrinth import ENGINE, load_scenario
from game.rules.labyrinth.scenario import DIRECTIONS, Scenario

GAMES = int(os.environ.get("TABLETIME_LAB15_GAMES", "0"))
ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(p.stem for p in (ROOT / "game/content/labyrinth").glob("*.toml"))
TOKENS = 8  # Setup D
STATUS_ORDER = {"hidden": 0, "revealed": 1, "fulfilled": 2}
RANKS = {8: "Hero", 7: "Explorer", 6: "Explorer", 5: "Adventurer", 4: "Adventurer"}  # below 4: Apprentice


def rank(score: int) -> str:
    """The rulebook's table: 0-3 Apprentice, 4-5 Adventurer, 6-7 Explorer, 8 Hero (LA-6: below 0 too)."""
    return RANKS.get(score, "Apprentice")


def all_instructions(sc: Scenario):
    """Every instruction printed anywhere in the adventure, nested branches included."""
    def walk(instructions):
        for ins in instructions:
            yield ins
            if ins[0] == "if":
                yield from walk(ins[2])
                yield from walk(ins[3])
    for card in sc.interactions.values():
        yield from walk(card.top_instructions)
        for paragraph in card.paragraphs:
            yield from walk(paragraph.instructions)
    for prophecy in sc.prophecies.values():
        yield from walk(prophecy.on_fulfil)


def fits(part: str, letter: str, number: int | None) -> int | None:
    """How one key part fits an item (Interactions with similar Items): `*` 0, the bare letter 1,
    letter and number 2 (the exact item only); None when it does not fit."""
    if part == "*":
        return 0
    key_letter, digits = part[0], part[1:]
    if key_letter != letter:
        return None
    if not digits:
        return 1
    return 2 if number == int(digits) else None


def best_key(card, items: list[tuple[str, int | None]]) -> str | None:
    """The paragraph key these items read (perfect match before generic, LA-3), or None: no match."""
    best: tuple[int, str] | None = None
    for paragraph in card.paragraphs:
        parts = paragraph.parts
        if paragraph.key == "*":
            score = 0
        elif len(items) == 1:
            score = fits(parts[0], *items[0])
        else:
            tries = [(fits(parts[0], *x), fits(parts[1], *y)) for x, y in ((items[0], items[1]), (items[1], items[0]))]
            fitting = [a + b for a, b in tries if a is not None and b is not None]
            score = max(fitting) if fitting else None
        if score is not None and (best is None or score > best[0]):
            best = (score, paragraph.key)
    return best[1] if best else None


# --- the cards, against what the general rules need of them -------------------------------------

@pytest.mark.parametrize("name", SHIPPED)
def test_every_card_can_come_into_play_and_every_prophecy_can_be_fulfilled(name):
    """Interaction Cards: a card comes into play when its number's scenery is discovered (or PUT
    INTO PLAY); Item Cards: items come by TAKE; Goal: "fulfill all the Prophecies" - so every card
    must have a way in, and every prophecy a FULFILL somewhere, or the Hero rank cannot be reached.
    A TURN THIS CARD OVER IMMEDIATELY card is turned without items, so it asks for none."""
    sc = load_scenario(name)
    ops = list(all_instructions(sc))
    numbers = {card.number for card in sc.scenery.values()}
    put = {ins[1] for ins in ops if ins[0] == "put_into_play"}
    taken = {ins[1] for ins in ops if ins[0] == "take"}
    fulfilled = {ins[1] for ins in ops if ins[0] == "fulfil"}
    assert not [c.id for c in sc.interactions.values() if c.number not in numbers and c.id not in put]
    assert not sorted(set(sc.items) - taken), "an item no card ever hands over"
    assert not sorted(set(sc.prophecies) - fulfilled), "a prophecy nothing fulfils"
    assert not [c.id for c in sc.interactions.values() if c.immediate and c.needs]
    assert sc.best_score <= TOKENS, "the best score is the lit favours less unfulfilled prophecies: 8 at most"


@pytest.mark.parametrize("name", SHIPPED)
def test_every_arrow_and_next_to_lands_where_the_map_puts_it(name):
    """Scenery Cards: "Connect each card to another by matching all the arrows"; FAQ: "You should
    never be in a situation where an arrow is connected to a card other than the indicated card
    (or to nothing)": every arrow of every card points at the square of the number it names, and
    no card's side faces a different number's card with an arrow naming another."""
    sc = load_scenario(name)
    square_of = sc.positions
    number_at = {pos: n for n, pos in square_of.items()}
    for card in sc.scenery.values():
        x, y = square_of[card.number]
        for direction, target in card.arrows.items():
            dx, dy = DIRECTIONS[direction]
            assert square_of[target] == (x + dx, y + dy), f"{card.id}: its {direction} arrow names #{target}"
        for direction, (dx, dy) in DIRECTIONS.items():
            neighbour = number_at.get((x + dx, y + dy))
            if neighbour is not None and direction in card.arrows:
                assert card.arrows[direction] == neighbour, f"{card.id}: its {direction} arrow skips #{neighbour}"
        if card.next_to:
            dx, dy = DIRECTIONS[card.next_to[1]]
            bx, by = square_of[card.next_to[0]]
            assert (bx + dx, by + dy) == (x, y), f"{card.id}: not next to #{card.next_to[0]}"


@pytest.mark.parametrize("name", SHIPPED)
def test_nothing_is_printed_after_an_ending_where_it_could_never_be_followed(name):
    """End of the Game: "The game ends when you have reached one of the story endings" (LA-2: an
    ending closes the story at once), so an instruction written after an ending - a FULFILL that
    would count in the score, a favour - would silently never happen; and a card whose top text
    ends the story never gets to its paragraphs."""
    sc = load_scenario(name)

    def lists(instructions, where):
        yield instructions, where
        for ins in instructions:
            if ins[0] == "if":
                yield from lists(ins[2], where + ".then")
                yield from lists(ins[3], where + ".else")
    found = []
    for card in sc.interactions.values():
        blocks = [(card.top_instructions, f"{card.id} top")]
        blocks += [(p.instructions, f"{card.id} #{p.key}") for p in card.paragraphs]
        for instructions, where in blocks:
            for block, at in lists(instructions, where):
                ops = [ins[0] for ins in block]
                if "ending" in ops[:-1]:
                    found.append(at)
        if card.paragraphs and any(ins[0] == "ending" for ins in card.top_instructions):
            found.append(f"{card.id}: the top text ends the story before any paragraph")
    for prophecy in sc.prophecies.values():
        for block, at in lists(prophecy.on_fulfil, prophecy.id):
            if "ending" in [ins[0] for ins in block][:-1]:
                found.append(at)
    assert not found


# --- random play, the general rules as invariants -------------------------------------------------

class Watch:
    """What the rulebook promises after every action, read from the state and the scenario only."""

    def __init__(self, sc: Scenario, state: dict, seats: int, mode: str) -> None:
        self.sc, self.seats, self.mode = sc, seats, mode
        self.status = dict(state["prophecies"])
        self.face_up = set(state["face_up"])
        self.tally: Counter = Counter()
        self.check(state, "setup")

    def where(self, state: dict) -> Counter:
        """How many places hold each card: decks, map, cards in play, items held, the discard."""
        places: Counter = Counter()
        for key in ("scenery_deck", "item_deck", "interaction_deck", "in_play", "held"):
            places.update(state[key])
        for stack in state["stacks"].values():
            places.update(stack)
        places.update(entry["card"] for entry in state["discard"])
        return places

    def check(self, state: dict, tag: str) -> None:
        sc = self.sc
        assert 0 <= state["favours"] <= TOKENS, f"{tag}: favours {state['favours']}"
        places = self.where(state)
        every = list(sc.scenery) + list(sc.items) + list(sc.interactions)
        assert set(places) == set(every) and set(places.values()) == {1}, \
            f"{tag}: cards not in exactly one place: {sorted(c for c in every if places[c] != 1)}"
        for p, status in state["prophecies"].items():  # REVEAL / FULFILL only move forward
            assert STATUS_ORDER[status] >= STATUS_ORDER[self.status[p]], f"{tag}: prophecy {p} went back"
        self.status = dict(state["prophecies"])
        unfulfilled = sum(1 for s in state["prophecies"].values() if s != "fulfilled")
        score = state["favours"] - unfulfilled
        view = ENGINE.view(state, 0)
        assert (view["score"], view["rank"]) == (score, rank(score)), f"{tag}: score or rank"
        assert view["favours"]["lit"] == state["favours"] and sum(view["favours"]["tokens"]) == state["favours"]
        on_map = {c for stack in state["stacks"].values() for c in stack}
        face_up = set(state["face_up"])
        assert self.face_up <= face_up, f"{tag}: a discovered card turned back face down"
        assert face_up <= {c for c in sc.scenery}, tag
        self.face_up = face_up
        for card in face_up & on_map:  # Interaction Cards: "take all the cards ... with the same number"
            number = sc.scenery[card].number
            left = [i for i in state["interaction_deck"] if sc.interactions[i].number == number]
            assert not left, f"{tag}: #{number} is discovered but {left} stayed in the deck"
        read = set(state["read"])
        for item in state["held"]:  # TAKE: "reveal it in front of you"
            assert sc.items[item].name_key in read, f"{tag}: item {item} held unseen"
        if not ENGINE.is_over(state):
            for card in state["in_play"]:  # TURN THIS CARD OVER IMMEDIATELY: never left waiting
                if sc.interactions[card].immediate:
                    assert sc.interactions[card].top_key in read, f"{tag}: immediate {card} waits unread"
        for entry in state["discard"]:  # DISCARD / REMOVE FROM DECK: face down, unread
            if entry["deck"] == "interaction" and not entry["read"]:
                assert next(d for d in view["discard"] if d["card"] == entry["card"])["face"] == "down"
        assert state["hero"] is None or str(state["hero"]) in state["stacks"], f"{tag}: hero off the map"
        assert view["over"] == (state["ending"] is not None or state["stalled"])

    def own_targets(self, state: dict) -> set[int]:
        """Movement, read straight from the rulebook: any discovered card but the hero's own; an
        undiscovered one orthogonally next to a discovered one, joined by an arrow, favours enough."""
        sc, stacks = self.sc, state["stacks"]
        top = {int(n): s[-1] for n, s in stacks.items()}
        up = set(state["face_up"])
        number_at = {sc.positions[n]: n for n in top}
        found = {n for n, card in top.items() if card in up and n != state["hero"]}
        for n, card in top.items():
            if card in up or state["favours"] < sc.scenery[card].min_favours:
                continue
            x, y = sc.positions[n]
            for direction, (dx, dy) in DIRECTIONS.items():
                m = number_at.get((x + dx, y + dy))
                if m is None or top[m] not in up:
                    continue
                back = {"north": "south", "south": "north", "east": "west", "west": "east"}[direction]
                if sc.scenery[card].arrows.get(direction) == m or sc.scenery[top[m]].arrows.get(back) == n:
                    found.add(n)
        return found

    def legal_check(self, state: dict, seat: int, legal: list[Action], tag: str) -> None:
        turns = self.mode == "turns"
        moves = {a["to"] for a in legal if a.kind == "move"}
        if not (turns and state["turn"]["moved"]):
            assert moves == self.own_targets(state), f"{tag}: moves {sorted(moves)} vs {sorted(self.own_targets(state))}"
        else:
            assert not moves, f"{tag}: a second move in one turn"
        tries = Counter(a["card"] for a in legal if a.kind == "interact")
        if turns and state["turn"]["interacted"]:
            assert not tries, f"{tag}: a second interaction in one turn"
            return
        held = len(state["held"])
        for card in state["in_play"]:  # Interacting B: any of the items "you have collected so far"
            needs = self.sc.interactions[card].needs
            assert tries[card] == (1 if needs == 0 else comb(held, needs)), f"{tag}: item choices for {card}"
        assert set(tries) <= set(state["in_play"]), f"{tag}: a card not in play offered"

    def step(self, before: dict, action: Action, after: dict, events: list, tag: str) -> None:
        sc = self.sc
        kinds = [e.kind for e in events]
        if action.kind == "interact":
            card = sc.interactions[action["card"]]
            items = [(sc.items[i].letter, sc.items[i].number) for i in action["items"]]
            if card.needs:
                key = best_key(card, items)
                if key is None:  # no match: back face down, nothing read, the items kept
                    self.tally["no match"] += 1
                    assert kinds == ["no_match"] or kinds[:1] == ["no_match"], f"{tag}: {kinds}"
                    assert action["card"] in after["in_play"] and after["held"] == before["held"], tag
                    assert after["read"] == before["read"] and after["favours"] == before["favours"], tag
                    assert after["prophecies"] == before["prophecies"] and after["discard"] == before["discard"], tag
                else:
                    self.tally["item matches" if key != "*" else "generic matches"] += 1
                    turned = next(e for e in events if e.kind == "interaction_turned")
                    assert turned["paragraph"] == key, f"{tag}: read {turned['paragraph']}, the rulebook says {key}"
            else:
                self.tally["no-item cards"] += 1
            dropped = {e["card"] for e in events if e.kind == "item_discarded"}
            for item in action["items"]:  # "put the Item back in front of you, if not instructed otherwise"
                assert item in after["held"] or item in dropped, f"{tag}: item {item} was used up"
        if action.kind == "move":
            hero_moves = [e for e in events if e.kind == "hero_moved"]
            assert hero_moves and hero_moves[0]["to"] == action["to"], f"{tag}: the hero did not step there first"
            self.tally["moves"] += 1
        for e in events:
            self.tally[e.kind] += 1
            if e.kind == "favour_lost":
                assert e["lit"] >= 0
        lost = kinds.count("favour_lost")
        regained = kinds.count("favour_regained")
        assert after["favours"] == before["favours"] - lost + regained or action.kind == "undo", f"{tag}: favours jumped"
        if self.mode == "turns" and action.kind != "undo":
            seat = before["turn"]["seat"]
            assert action.seat == seat, f"{tag}: not the turn's seat"
            handed_on = after["turn"]["seat"] != seat or self.seats == 1 and not (after["turn"]["moved"] or after["turn"]["interacted"])
            if handed_on and not ENGINE.is_over(after):
                assert after["turn"]["seat"] == (seat + 1) % self.seats, f"{tag}: not clockwise"
        self.check(after, tag)


def choose(legal: list[Action], rng: Rng, state: dict, sc: Scenario) -> Action:
    """Curious random play: mostly new things (a card to turn, a card to step onto), sometimes a
    walk, a try already made or an undo; a move that would end the story is taken only now and then (the adventures
    offer early ways out), so that games reach deep into the story before one of its endings."""
    roll = rng.below(100)
    undo = [a for a in legal if a.kind == "undo"]
    if undo and roll < 3:
        return undo[0]
    fresh = [a for a in legal if a.kind == "interact" and list(a["items"]) not in state["tried"].get(a["card"], [])
             or a.kind == "move" and state["stacks"][str(a["to"])][-1] not in state["face_up"]]
    pool = fresh if fresh and roll < 85 else [a for a in legal if a.kind != "undo"] or legal
    while True:
        action = rng.choice(pool)
        if len(pool) == 1 or rng.below(25) == 0 or ENGINE.apply(state, action)[0]["ending"] is None:
            return action
        pool = [a for a in pool if a != action]


def random_games(name: str, games: int, first_seed: int = 0, cap: int = 3000) -> Counter:
    sc = load_scenario(name)
    tally: Counter = Counter()
    for seed in range(first_seed, first_seed + games):
        rng = Rng.from_seed(seed, "lab15")
        seats = 1 + rng.below(4)
        mode = ("together", "turns")[rng.below(2)]
        state = ENGINE.new_game(GameConfig.make("labyrinth", seats, scenario=name, mode=mode), seed)
        watch = Watch(sc, state, seats, mode)
        steps = 0
        while not ENGINE.is_over(state) and steps < cap:
            steps += 1
            tag = f"{name} seed {seed} ({seats} seats, {mode}) step {steps}"
            active = ENGINE.active_seats(state)
            assert active == ([state["turn"]["seat"]] if mode == "turns" else list(range(seats))), tag
            seat = rng.choice(active)
            legal = ENGINE.legal_actions(state, seat)
            watch.legal_check(state, seat, legal, tag)
            action = choose(legal, rng, state, sc)
            before = state
            state, events = ENGINE.apply(state, action)
            watch.step(before, action, state, events, f"{tag} {action!r}")
            ENGINE.check_invariants(state)
        if ENGINE.is_over(state):
            outcome = ENGINE.result(state)
            score = state["favours"] - sum(1 for s in state["prophecies"].values() if s != "fulfilled")
            lines = {line["label"]: line["value"] for line in outcome.breakdown[0]}
            assert outcome.scores == (score,) * seats and (lines["Score"], lines["Rank"]) == (score, rank(score))
            tally["endings" if state["ending"] else "stalled"] += 1
            if state["ending"]:
                tally[f"ending {state['ending']} rank {rank(score)}"] += 1
        else:
            tally["unfinished"] += 1
        tally["games"] += 1
        tally["actions"] += steps
        tally["prophecies fulfilled"] += sum(1 for s in state["prophecies"].values() if s == "fulfilled")
        tally += watch.tally
    return tally


@pytest.mark.parametrize("name", SHIPPED)
def test_random_play_keeps_every_general_rule_of_the_rulebook(name):
    """1-4 seats, together or in turns, random curious play: favours in 0..8, every card in exactly
    one place, prophecies only forward, discovered numbers' cards all in play, immediate cards
    resolved, items never used up, matches as the rulebook reads them, the hero's moves as the
    rulebook allows, and the score and rank by the rulebook's formula at every step."""
    games = GAMES or {"yewmaze": 5, "tower": 10, "saltmere": 15}.get(name, 20)
    tally = random_games(name, games)
    assert tally["games"] == games
    if GAMES:
        print(f"\n{name}: {dict(sorted(tally.items()))}")
    else:
        assert tally["no match"] > 0 and tally["item matches"] > 0 and tally["favour_lost"] > 0
        assert tally["endings"] + tally["stalled"] > 0


def test_the_watch_itself_knows_the_rulebook_cases():
    """The checker's own rules, pinned to the rulebook so it cannot drift with the engine."""
    assert [rank(s) for s in (-2, 0, 3, 4, 5, 6, 7, 8)] == [
        "Apprentice", "Apprentice", "Apprentice", "Adventurer", "Adventurer", "Explorer", "Explorer", "Hero"]
    assert fits("B2", "B", 2) == 2 and fits("B2", "B", 1) is None and fits("B", "B", 1) == 1
    assert fits("*", "Q", None) == 0 and fits("B", "D", None) is None


def test_in_turns_a_try_that_matches_nothing_is_the_turns_one_interaction():
    """FAQ "you can always play in turns ... each player can move the Hero and interact with 1 card"
    (LA-5), as the rules page settles it: "a try that matches nothing does" count. The card goes
    back face down (Interacting B, no match) and may be tried again - on a later turn."""
    lab = load_scenario(ROOT / "tests/labyrinth_fixtures/lab.toml")
    state = ENGINE.start(lab, 2, "turns")
    state, _ = ENGINE.apply(state, Action.make(0, "interact", card="i-001", items=[]))
    state, _ = ENGINE.apply(state, Action.make(0, "move", to=2))
    assert state["turn"] == {"seat": 1, "moved": False, "interacted": False}
    state, events = ENGINE.apply(state, Action.make(1, "interact", card="i-003", items=["it-A"]))
    assert [e.kind for e in events] == ["no_match"] and "i-003" in state["in_play"]
    assert state["turn"] == {"seat": 1, "moved": False, "interacted": True}
    assert {a.kind for a in ENGINE.legal_actions(state, 1)} == {"move", "end_turn", "undo"}
    state, _ = ENGINE.apply(state, Action.make(1, "move", to=1))
    assert state["turn"] == {"seat": 0, "moved": False, "interacted": False}
    assert Action.make(0, "interact", card="i-003", items=("it-D",)) in ENGINE.legal_actions(state, 0)
