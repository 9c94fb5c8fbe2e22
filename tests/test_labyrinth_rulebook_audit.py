"""Lost in Adventure: The Labyrinth — a line-by-line audit of the rulebook and rulings LA-1…LA-7.

Each test pins one rulebook statement, example or FAQ answer (or a ruling) that no other test
pinned, and names its section. Positions are built the way tests/test_labyrinth_rules.py builds
them: the rules laboratory tests/labyrinth_fixtures/lab.toml, or a small inline scenario written
for the one rule under test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.types import Action, GameConfig, IllegalAction
from game.rules.labyrinth import ENGINE, ScenarioError, load_scenario, parse_scenario, rank_for, score_of
from game.rules.labyrinth.checker import EXIT_PROBLEMS, check_scenario

FIXTURES = Path(__file__).parent / "labyrinth_fixtures"
LAB = load_scenario(FIXTURES / "lab.toml")
TUTORIAL = load_scenario("tutorial")

HEAD = """
[scenario]
id = "{id}"
title = "Audit {id}"
best_score = 8
"""


def scenario(name: str, body: str):
    """An inline scenario: the head plus the cards under test."""
    return parse_scenario(HEAD.format(id=name) + body, f"{name}.toml")


def act(state: dict, kind: str, seat: int = 0, **args):
    return ENGINE.apply(state, Action.make(seat, kind, **args))


def use(state: dict, card: str, *items: str, seat: int = 0):
    return act(state, "interact", seat, card=card, items=sorted(items))


def texts(events) -> list[str]:
    return [e["text"] for e in events if e.kind == "text"]


def moves(state: dict, seat: int = 0) -> list[int]:
    return [a["to"] for a in ENGINE.legal_actions(state, seat) if a.kind == "move"]


def supplied() -> dict:
    """The lab after its supply card: items A, B1, B2, D held; #2, #3, #4, #5, #23 placed face down."""
    return use(ENGINE.start(LAB), "i-001")[0]


# --- Setup A-F -------------------------------------------------------------------------------------

def test_setup_a_every_prophecy_starts_face_down_and_unfulfilled():
    """Setup A: the Prophecy cards are laid face down; until the story reveals one, each one
    still counts against the score (End of the Game: revealed or not)."""
    state = ENGINE.start(LAB)
    assert state["prophecies"] == {"p-1": "hidden", "p-2": "hidden"}
    view = ENGINE.view(state, 0)
    assert all("title" not in p and "text" not in p for p in view["prophecies"])
    assert view["score"] == 8 - 2


DECK_ORDER = """
[[scenery]]
id = "s-1"
number = 1
title = "Start"
text = "Here."
[[item]]
id = "it-C"
letter = "C"
name = "Cee"
text = "C."
[[item]]
id = "it-B2"
letter = "B"
number = 2
name = "Bee two"
text = "B2."
[[item]]
id = "it-A"
letter = "A"
name = "Ay"
text = "A."
[[item]]
id = "it-B1"
letter = "B"
number = 1
name = "Bee one"
text = "B1."
[[ending]]
id = "e-1"
title = "End"
text = "Done."
[[interaction]]
id = "i-009"
number = 7
top = "Nine."
[[interaction]]
id = "i-001"
number = 1
top = "One."
do = [{ ending = "e-1" }]
[[interaction]]
id = "i-004"
number = 4
top = "Four."
[[interaction]]
id = "i-002"
number = 2
top = "Two."
"""


def test_setup_b_c_e_decks_are_never_shuffled_but_kept_in_their_printed_order():
    """Setup B, C, E and Playing Again: the Interaction deck in sequence (#1 on top), the Item deck
    by letter then number (A on top), the Scenery deck at hand; no chance at all."""
    sc = scenario("deck-order", DECK_ORDER)
    state = ENGINE.start(sc)
    assert state["interaction_deck"] == ["i-002", "i-004", "i-009"]  # i-001 came into play with #1
    assert state["in_play"] == ["i-001"]
    assert state["item_deck"] == ["it-A", "it-B1", "it-B2", "it-C"]
    assert state["scenery_deck"] == [] and ENGINE.view(state, 0)["decks"] == {"scenery": 0, "items": 4, "interactions": 3}
    again = ENGINE.new_game(GameConfig.make("labyrinth", 1), 1)
    assert ENGINE.state_hash(again) == ENGINE.state_hash(ENGINE.new_game(GameConfig.make("labyrinth", 1), 99))


def test_setup_d_eight_favours_lit_and_e_the_scenery_deck_face_down_at_hand():
    """Setup D: 8 favours, coloured side up. Setup E: every other scenery card waits in its deck."""
    state = ENGINE.start(LAB)
    assert state["favours"] == 8
    view = ENGINE.view(state, 0)
    assert view["favours"] == {"lit": 8, "total": 8, "tokens": [True] * 8}
    assert view["decks"]["scenery"] == len(LAB.scenery) - 1 and state["stacks"] == {"1": ["s-1"]}


@pytest.mark.parametrize("seats", [1, 2, 3, 4, 5, 6])
def test_one_to_six_players_share_one_setup(seats):
    """Goal of the Game: cooperative, one team; the setup is the same for every number of players."""
    state = ENGINE.new_game(GameConfig.make("labyrinth", seats), 0)
    solo = ENGINE.new_game(GameConfig.make("labyrinth", 1), 0)
    assert {k: v for k, v in state.items() if k != "seats"} == {k: v for k, v in solo.items() if k != "seats"}
    assert ENGINE.active_seats(state) == list(range(seats))


@pytest.mark.parametrize("seats", [0, 7])
def test_more_than_six_or_no_player_is_refused_clearly(seats):
    with pytest.raises(IllegalAction, match="takes 1–6 seats"):
        ENGINE.new_game(GameConfig.make("labyrinth", seats), 0)


# --- Scenery cards -----------------------------------------------------------------------------------

HERO_ICON = """
[[scenery]]
id = "s-1"
number = 1
title = "Start"
text = "Here."
arrows = { east = 2, north = 3 }
[[scenery]]
id = "s-2"
number = 2
hero = true
title = "Hero room"
text = "The hero lands here."
arrows = { west = 1 }
[[scenery]]
id = "s-3"
number = 3
title = "North room"
text = "Placed with it."
arrows = { south = 1 }
[[ending]]
id = "e-1"
title = "End"
text = "Done."
[[interaction]]
id = "i-001"
number = 1
top = "Two rooms appear."
do = [{ place_scenery = ["s-2", "s-3"] }]
[[interaction]]
id = "i-002"
number = 2
immediate = true
top = "Arrived by the hero icon."
[[interaction]]
id = "i-003"
number = 3
top = "Leave."
do = [{ ending = "e-1" }]
"""


def test_the_hero_icon_card_is_turned_over_and_stepped_on_after_all_new_scenery_is_placed():
    """Scenery Cards: "if one of the cards that was placed has the Hero icon, turn it over and place
    the Hero meeple on it after adding the new Scenery cards"."""
    state, events = use(ENGINE.start(scenario("hero-icon", HERO_ICON)), "i-001")
    order = [(e.kind, e.get("card") or e.get("to")) for e in events
             if e.kind in ("scenery_placed", "hero_moved", "scenery_discovered")]
    assert order == [("scenery_placed", "s-2"), ("scenery_placed", "s-3"), ("hero_moved", 2),
                     ("scenery_discovered", "s-2")]
    assert state["hero"] == 2 and "s-3" not in state["face_up"]  # the other card stays face down
    assert "Arrived by the hero icon." in texts(events)  # a discovery: its immediate card is read


COVER_KEEPS = """
[[scenery]]
id = "s-1"
number = 1
title = "Old floor"
text = "Before."
[[scenery]]
id = "s-1b"
number = 1
cover = 1
hero = true
title = "New floor"
text = "After."
[[ending]]
id = "e-1"
title = "End"
text = "Done."
[[interaction]]
id = "i-001"
number = 1
top = "The floor is rebuilt."
do = [{ place_scenery = "s-1b" }]
[[interaction]]
id = "i-002"
number = 1
top = "Still here after the cover."
[[interaction]]
id = "i-003"
number = 1
top = "Leave."
do = [{ ending = "e-1" }]
"""


def test_faq_covering_a_scenery_card_keeps_its_interaction_cards_in_play_ruling_la_2c():
    """FAQ: "If I cover one Scenery card with another, should the old Interaction cards be
    discarded? No. ... the new Scenery card shows the same number as the covered card"."""
    state, _ = use(ENGINE.start(scenario("cover-keeps", COVER_KEEPS)), "i-001")
    assert state["stacks"]["1"] == ["s-1", "s-1b"] and "s-1b" in state["face_up"]
    assert state["in_play"] == ["i-002", "i-003"]
    view = ENGINE.view(state, 0)
    assert [e["number"] for e in view["map"]] == [1] and view["map"][0]["top"] == "s-1b"
    assert texts(use(state, "i-002")[1]) == ["Still here after the cover."]


def test_a_card_covering_x_must_show_x_number_ruling_la_1_la_2c():
    """Scenery Cards, "Cover X": the covering card shows the number of the card it covers (LA-1)."""
    with pytest.raises(ScenarioError, match=r"s-1b: cover: a card covering #1 shows number 1, not 2 \(ruling LA-2c\)"):
        scenario("cover-number", COVER_KEEPS.replace("number = 1\ncover = 1", "number = 2\ncover = 1"))


def test_discovered_scenery_shows_its_dots_like_the_interaction_cards():
    """Interaction Cards: the dots (how many cards share a number) are "also present on the
    discovered side of the Scenery cards"; a face-down card does not show them."""
    view = ENGINE.view(ENGINE.start(TUTORIAL), 0)
    first = next(e for e in view["map"] if e["number"] == 1)["stack"][-1]
    second = next(e for e in view["map"] if e["number"] == 2)["stack"][-1]
    assert first["face"] == "up" and first["dots"] == 2
    assert second["face"] == "down" and "dots" not in second


# --- Movement ----------------------------------------------------------------------------------------

def test_the_hero_moves_freely_to_any_discovered_card_no_matter_the_distance_ruling_la_4():
    """Movement: "You can freely move to any previously discovered Scenery card, no matter the
    distance" — here from #23 to #2, two squares and a corner away, in one move."""
    state, _ = act(supplied(), "move", to=2)
    state, _ = act(state, "move", to=1)
    state, _ = act(state, "move", to=23)
    assert state["hero"] == 23 and 2 in moves(state) and 1 in moves(state)
    state, events = act(state, "move", to=2)
    assert state["hero"] == 2 and [e.kind for e in events] == ["hero_moved"]  # nothing is discovered again


def test_a_move_onto_an_undiscovered_card_turns_it_over_and_brings_its_cards_into_play():
    """Movement: "To move onto an undiscovered Scenery card, first turn it face-up, then move the
    Hero meeple onto it" — which is a discovery (Interaction Cards)."""
    state, events = act(supplied(), "move", to=23)
    kinds = [e.kind for e in events]
    assert "s-23" in state["face_up"] and state["hero"] == 23
    assert kinds.count("scenery_discovered") == 1 and kinds.count("interaction_placed") == 2


def _lab_with_favours(favours: int) -> dict:
    """The supplied lab with exactly `favours` lit: i-005 darkens two, i-006 lights one again."""
    state = supplied()
    while state["favours"] > favours:
        state, _ = use(state, "i-005")
    while state["favours"] < favours:
        state, _ = use(state, "i-006")
    assert state["favours"] == favours
    return state


def test_discover_only_with_at_least_x_favours_equal_is_enough_and_none_are_spent():
    """Movement note: "you must have a number of face-up Favors equal to or greater than the number
    indicated. Don't turn these Favors face-down, as they are not consumed" (#3 asks for 7)."""
    state, _ = act(_lab_with_favours(7), "move", to=2)
    assert 3 in moves(state)
    state, events = act(state, "move", to=3)
    assert "s-3" in state["face_up"] and state["hero"] == 3
    assert state["favours"] == 7 and "favour_lost" not in [e.kind for e in events]


def test_a_favour_guarded_card_once_discovered_stays_open_when_favours_drop():
    """Movement note: "Once the Scenery card is discovered, it's always possible to move to that
    card, even if the number of Favors should decrease"."""
    state, _ = act(_lab_with_favours(7), "move", to=2)
    state, _ = act(state, "move", to=3)
    state, _ = use(state, "i-005")  # down to 5, below #3's 7
    state, _ = act(state, "move", to=1)
    assert state["favours"] == 5 and 3 in moves(state)
    state, _ = act(state, "move", to=3)
    assert state["hero"] == 3


def test_the_favour_limit_applies_to_a_guarded_card_however_it_is_approached():
    """Movement note: with fewer lit favours than asked, the guarded card cannot be turned over even
    when it is adjacent and joined by an arrow; the refusal says why."""
    state, _ = act(_lab_with_favours(6), "move", to=2)
    assert 3 not in moves(state)
    with pytest.raises(IllegalAction, match="at least 7 favours"):
        act(state, "move", to=3)


# --- Items and interactions --------------------------------------------------------------------------

def test_an_item_used_in_a_match_comes_back_to_the_players():
    """Item Cards: "using an Item won't consume it and, after you're done using it, it is returned
    to you"; Interacting (perfect match): the card is discarded, the item put back."""
    state, _ = use(supplied(), "i-003", "it-D")
    assert "it-D" in state["held"] and "i-003" not in state["in_play"]
    assert {"card": "i-003", "deck": "interaction", "read": ["i-003#top", "i-003#D"]} in state["discard"]


def test_an_item_not_held_cannot_be_used_and_the_refusal_says_so():
    """Interacting B: "Choose 1 of the available Items you have collected so far"."""
    state = ENGINE.start(LAB)
    state, _ = use(state, "i-001")
    state = dict(state, held=["it-A"])  # only the lamp
    with pytest.raises(IllegalAction, match="you do not hold the Lab rope"):
        use(state, "i-003", "it-D")


def test_an_interaction_card_is_used_only_once_then_it_is_gone():
    """Interacting: "You can usually interact with each Interaction card only once, after which it
    is discarded"."""
    state, _ = use(supplied(), "i-010")
    assert not [a for a in ENGINE.legal_actions(state, 0) if a.kind == "interact" and a["card"] == "i-010"]
    with pytest.raises(IllegalAction, match="card 1 is not in play"):
        use(state, "i-010")


IMMEDIATES = """
[[scenery]]
id = "s-1"
number = 1
title = "Start"
text = "Here."
arrows = { east = 2 }
[[scenery]]
id = "s-2"
number = 2
title = "Busy room"
text = "Three cards wait here."
arrows = { west = 1 }
[[ending]]
id = "e-1"
title = "End"
text = "Done."
[[interaction]]
id = "i-001"
number = 1
immediate = true
top = "A busy room lies east."
do = [{ place_scenery = "s-2" }]
[[interaction]]
id = "i-005"
number = 2
immediate = true
top = "Five, immediate."
[[interaction]]
id = "i-003"
number = 2
immediate = true
top = "Three, immediate."
do = [{ put_into_play = "i-010" }, { say = "Three goes on." }]
[[interaction]]
id = "i-004"
number = 2
top = "Four waits."
do = [{ ending = "e-1" }]
[[interaction]]
id = "i-010"
number = 9
immediate = true
top = "Ten, put into play and turned at once."
"""


def test_several_immediate_cards_resolve_in_id_order_depth_first_ruling_la_2():
    """Interaction Cards + LA-2: all the number's cards are placed first; then every TURN THIS CARD
    OVER IMMEDIATELY card is resolved in id order, each instruction depth-first as written."""
    state, events = act(ENGINE.start(scenario("immediates", IMMEDIATES)), "move", to=2)
    placed = [i for i, e in enumerate(events) if e.kind == "interaction_placed" and e["number"] == 2]
    turned = [i for i, e in enumerate(events) if e.kind == "interaction_turned"]
    assert len(placed) == 3 and max(placed) < min(turned)
    assert texts(events) == ["Three, immediate.", "Ten, put into play and turned at once.", "Three goes on.",
                             "Five, immediate."]
    assert state["in_play"] == ["i-004"]
    assert [e["card"] for e in state["discard"]] == ["i-001", "i-010", "i-003", "i-005"]  # each discarded once resolved


ENDING_ON_TOP = """
[[scenery]]
id = "s-1"
number = 1
title = "Start"
text = "Here."
[[item]]
id = "it-A"
letter = "A"
name = "Ay"
text = "A."
[[ending]]
id = "e-1"
title = "The trap"
text = "It ends before you read on."
[[interaction]]
id = "i-001"
number = 1
top = "Take it."
do = [{ take = "it-A" }]
[[interaction]]
id = "i-002"
number = 1
needs = 1
top = "A trap springs the moment you touch it."
do = [{ ending = "e-1" }]
[[interaction.paragraph]]
key = "*"
text = "Never read: the story already ended."
do = [{ favour = -1 }]
"""


def test_an_ending_in_the_top_text_closes_the_story_before_the_paragraph_ruling_la_2():
    """End of the Game: the game ends when you reach a story ending (LA-2: at once) — so the item
    paragraph under a top text that ends the story is never read nor followed."""
    state, _ = use(ENGINE.start(scenario("ending-top", ENDING_ON_TOP)), "i-001")
    state, events = use(state, "i-002", "it-A")
    assert state["ending"] == "e-1" and ENGINE.is_over(state)
    assert "Never read: the story already ended." not in texts(events)
    assert "i-002#*" not in state["read"] and state["favours"] == 8
    strings = str(ENGINE.view(state, 0))
    assert "Never read" not in strings



def test_an_ending_met_on_a_hero_icon_card_stops_the_next_hero_icon_card_ruling_la_2():
    """LA-2: an ending closes the story at once — two hero-icon cards placed together are turned
    over in turn, and when the first one's immediate card ends the story the second stays down."""
    body = HERO_ICON.replace('title = "North room"', 'hero = true\ntitle = "North room"').replace(
        'top = "Arrived by the hero icon."', 'top = "Arrived by the hero icon."\ndo = [{ ending = "e-1" }]')
    state, events = use(ENGINE.start(scenario("two-hero-icons", body)), "i-001")
    assert state["ending"] == "e-1" and state["hero"] == 2
    assert "s-3" not in state["face_up"] and [e["to"] for e in events if e.kind == "hero_moved"] == [2]

# --- Key instructions --------------------------------------------------------------------------------

def test_discover_scenery_turns_the_card_over_but_leaves_the_hero_where_it_is():
    """Key instructions, DISCOVER SCENERY: "place it face-down on the table, then turn it over and
    put the corresponding Interaction cards into play" — the hero does not move."""
    state, events = use(supplied(), "i-009")
    assert state["hero"] == 1 and "s-6" in state["face_up"]
    assert "hero_moved" not in [e.kind for e in events]
    assert "i-033" in state["in_play"]


REVEAL_TWICE = """
[[scenery]]
id = "s-1"
number = 1
title = "Start"
text = "Here."
[[prophecy]]
id = "p-1"
number = 1
title = "The sign"
text = "It is shown once."
fulfilled = "Done."
[[ending]]
id = "e-1"
title = "End"
text = "Done."
[[interaction]]
id = "i-001"
number = 1
top = "Look twice."
do = [{ reveal = "p-1" }, { reveal = "p-1" }]
[[interaction]]
id = "i-002"
number = 1
top = "Look again."
do = [{ reveal = "p-1" }, { ending = "e-1" }]
"""


def test_reveal_of_a_prophecy_already_revealed_is_ignored():
    """Key instructions, REVEAL: "if it has been discarded or has already been revealed, ignore
    this instruction"."""
    state, events = use(ENGINE.start(scenario("reveal-twice", REVEAL_TWICE)), "i-001")
    assert [e.kind for e in events].count("prophecy_revealed") == 1
    assert texts(events) == ["Look twice.", "The sign", "It is shown once."]
    state, events = use(state, "i-002")
    assert "prophecy_revealed" not in [e.kind for e in events] and state["prophecies"] == {"p-1": "revealed"}
    assert ENGINE.result(state).scores == (8 - 1,)  # revealed but unfulfilled still counts against you


# --- End of the game, score and rank -----------------------------------------------------------------

def test_the_result_breaks_the_score_down_as_the_rulebook_counts_it_ruling_la_6():
    """End of the Game: count the lit favours, subtract the unfulfilled prophecies, compare to the
    table. Here 6 lit (two lost) and one of two prophecies fulfilled: 6 - 1 = 5, Adventurer."""
    state, _ = use(supplied(), "i-005")  # 6 lit
    state, _ = use(state, "i-007")  # p-2 fulfilled (+1 favour back: 7), p-1 revealed
    state, _ = use(state, "i-005")  # 5 lit
    state, events = use(state, "i-014")
    outcome = ENGINE.result(state)
    assert score_of(state) == 5 - 1 == outcome.scores[0]
    lines = {line["label"]: line["value"] for line in outcome.breakdown[0]}
    assert lines["Favours lit"] == 5 and lines["Prophecies unfulfilled"] == -1
    assert lines["Score"] == 4 and lines["Rank"] == "Adventurer" == rank_for(4)[0]
    ending = next(e for e in events if e.kind == "ending_reached")
    assert ending["score"] == 4 and ending["rank"] == "Adventurer"
    assert ENGINE.view(state, 0)["rank"] == "Adventurer"


def test_the_hero_rank_needs_every_favour_and_every_prophecy():
    """Rank table: 8 is Hero, reached only with 8 lit favours and nothing unfulfilled."""
    assert rank_for(8) == ("Hero", rank_for(8)[1]) and "mastered" in rank_for(8)[1]
    assert score_of({"favours": 8, "prophecies": {"p-1": "fulfilled", "p-2": "fulfilled"}}) == 8
    assert score_of({"favours": 8, "prophecies": {"p-1": "fulfilled", "p-2": "hidden"}}) == 7


STALL = """
[[scenery]]
id = "s-1"
number = 1
title = "Start"
text = "Here."
[[item]]
id = "it-A"
letter = "A"
name = "Ay"
text = "A."
[[item]]
id = "it-B"
letter = "B"
name = "Bee"
text = "B."
[[ending]]
id = "e-1"
title = "End"
text = "Done."
[[interaction]]
id = "i-001"
number = 1
top = "You find the wrong thing."
do = [{ take = "it-A" }, { remove_from_deck = "it-B" }]
[[interaction]]
id = "i-002"
number = 1
needs = 1
top = "Only B opens it."
[[interaction.paragraph]]
key = "B"
text = "Open."
do = [{ ending = "e-1" }]
"""


def test_the_adventure_stops_when_only_failing_tries_are_left():
    """End of the Game (engine safety, beside the story endings): when no scenery is left to discover
    and no card in play can turn over (every try fails, LA-3), nothing can change any more, so the
    adventure ends there without an ending instead of hanging the table."""
    state = ENGINE.start(scenario("stall", STALL))
    assert not ENGINE.is_over(state)
    state, events = use(state, "i-001")  # B is gone for good: A matches nothing on i-002
    assert state["stalled"] and ENGINE.is_over(state) and events[-1].kind == "stalled"
    outcome = ENGINE.result(state)
    assert outcome.winners == () and outcome.scores == (8,)
    assert ENGINE.legal_actions(state, 0) == []


def test_a_card_some_held_item_can_still_open_keeps_the_adventure_going():
    state = ENGINE.start(scenario("no-stall", STALL.replace('{ remove_from_deck = "it-B" }', '{ take = "it-B" }')))
    state, _ = use(state, "i-001")
    assert not ENGINE.is_over(state)
    state, _ = use(state, "i-002", "it-B")
    assert state["ending"] == "e-1"


# --- Bad input ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    ({"kind": "move", "to": True}, "move needs a scenery number"),
    ({"kind": "move", "to": 1.0}, "move needs a scenery number"),
    ({"kind": "move", "to": "2"}, "move needs a scenery number"),
    ({"kind": "interact", "card": "i-003", "items": 5}, "interact needs a list of item ids"),
    ({"kind": "interact", "card": "i-003", "items": ["it-D", 3]}, "interact needs a list of item ids"),
    ({"kind": "interact", "card": 3, "items": []}, "interact needs an interaction card id"),
])
def test_malformed_actions_get_a_clear_message_never_a_traceback(args, message):
    """Bad input anywhere gets a clear error: True and 1.0 equal 1 in Python, so a move to True
    once passed the legality check and failed deep in the engine."""
    state, _ = act(supplied(), "move", to=2)  # #1 is a legal move now
    kind = args.pop("kind")
    with pytest.raises(IllegalAction, match=message):
        ENGINE.apply(state, Action.make(0, kind, **args))


# --- check-scenario (the tool that proves a scenario playable) ---------------------------------------

REMOVED_UNDER_HERO = """
[[scenery]]
id = "s-1"
number = 1
title = "Start"
text = "Here."
arrows = { east = 2, north = 4 }
[[scenery]]
id = "s-2"
number = 2
title = "Crumbling floor"
text = "Stand here when it goes."
arrows = { west = 1 }
[[scenery]]
id = "s-4"
number = 4
title = "Lever room"
text = "A lever."
arrows = { south = 1 }
[[scenery]]
id = "s-3"
number = 3
next_to = { number = 2, side = "east" }
title = "Cellar"
text = "Where the floor drops you."
[[ending]]
id = "e-1"
title = "Down"
text = "You fell the right way."
[[interaction]]
id = "i-001"
number = 1
immediate = true
top = "Two ways."
do = [{ place_scenery = ["s-2", "s-4"] }]
[[interaction]]
id = "i-002"
number = 4
top = "You pull the lever."
do = [{ place_scenery = "s-3" }, { remove_scenery = "s-2", hero_to = 3 }]
[[interaction]]
id = "i-003"
number = 3
top = "Out through the cellar."
do = [{ ending = "e-1" }]
"""


def test_check_scenario_follows_the_hero_onto_a_card_that_will_be_removed(tmp_path):
    """LA-2 REMOVE SCENERY FROM PLAY sends the hero on only when it stood on the removed card; the
    checker used to drop the hero's square and skip walks back onto discovered cards, so it called
    this ending unreachable (walk #2, #4, back to #2, pull the lever)."""
    path = tmp_path / "removed.toml"
    path.write_text(HEAD.format(id="removed") + REMOVED_UNDER_HERO)
    report = check_scenario(path, budget=30)
    assert report.complete and report.endings["e-1"].best_score == 8
    assert report.exit_code == EXIT_PROBLEMS and report.dead_end_count  # pulling it elsewhere strands you
    sc = load_scenario(path)
    state, _ = act(ENGINE.start(sc), "move", to=2)
    state, _ = act(state, "move", to=4)
    state, _ = act(state, "move", to=2)
    state, _ = use(state, "i-002")
    assert state["hero"] == 3 and "s-3" in state["face_up"] and "i-003" in state["in_play"]


# --- the rules help page (game/content/rules/labyrinth.md) -------------------------------------------

def test_the_rules_page_tells_players_what_the_audit_found_missing():
    """The in-game rules against the rulebook: cards take precedence (Playing the Game), a card may be
    placed next to the card it refers to and the hero icon is turned over after all new scenery is
    down (Scenery Cards), a failed try is the turn's card in turns (LA-5, as the engine counts it),
    and a game with nothing left to try ends without an ending (as the engine ends it)."""
    page = (Path(__file__).parent.parent / "game/content/rules/labyrinth.md").read_text(encoding="utf-8")
    flat = " ".join(page.split())
    assert "something other than these rules, the card wins" in flat
    assert "or next to the card it names" in flat
    assert "turned over once all the new cards are down" in flat
    assert "a try that matches nothing does" in flat
    assert "the adventure ends there without one" in flat
    # what the page already said and the rulebook insists on
    assert "3 or less, Apprentice" in flat and "8, Hero" in flat and "With 7 favours and 2 prophecies unfulfilled, you score 5" in flat


def test_two_items_may_be_handed_over_in_either_order_ruling_la_3():
    """LA-3: a pair matches "as a whole, in either order" — the action may list the items either way."""
    state = supplied()
    forward, _ = use(state, "i-004", "it-B1", "it-D")
    backward, events = ENGINE.apply(state, Action.make(0, "interact", card="i-004", items=["it-D", "it-B1"]))
    assert ENGINE.state_hash(backward) == ENGINE.state_hash(forward)
    assert "Key and rope." in texts(events)
    with pytest.raises(IllegalAction, match="choose two different items"):
        ENGINE.apply(state, Action.make(0, "interact", card="i-004", items=["it-D", "it-D"]))
