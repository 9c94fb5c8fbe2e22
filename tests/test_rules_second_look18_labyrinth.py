"""Lost in Adventure: The Labyrinth — a second look at the rulebook by fresh eyes (session 18).

Each test pins a rulebook sentence, FAQ answer or ruling (LA-1…LA-7) that the earlier golden tests
(test_labyrinth_rules.py, test_labyrinth_rulebook_audit.py) and the independent referee
(test_labyrinth_referee.py) left unpinned, on a position built through the engine's public API:
numbered keys against other numbers and unnumbered items, an immediate card discarded before its
turn, a prophecy revealed or fulfilled once it is already fulfilled, a step onto an undiscovered card
far from the hero, turns round three seats, a failed try in turns (the engine's reading, pending a
ruling), and illegal actions of every kind refused with a reason and the state untouched.

Also two Thornwood Maze texts that were false in the state they showed: the Fountain Stair's card
("The lid is off", still on the map once the fountain has filled over the stair; the box has no
spare scenery card to cover it, LA-1) and the ending reached without Pip ("Alone at Sunrise", while
the green folk walk out with you).
"""

from __future__ import annotations

import copy

import pytest

from game.core.types import Action, IllegalAction
from game.rules.labyrinth import ENGINE, score_of
from test_labyrinth_adventure_yewmaze import CAREFUL, MAZE, WING_1, WING_2, move, play
# the audit's helpers: an inline scenario under a test head, and acting, using and reading through the engine
from test_labyrinth_rulebook_audit import LAB, act, moves, scenario, texts, use


def supplied(seats: int = 1, mode: str = "together") -> dict:
    """The lab after its supply card: items A, B1, B2, D held; #2, #3, #4, #5, #23 placed face down."""
    return use(ENGINE.start(LAB, seats, mode), "i-001")[0]


# --- Interactions with similar Items -----------------------------------------------------------------

SIMILAR = """
[[scenery]]
id = "s-1"
number = 1
title = "Key room"
text = "Two keys of one kind."
[[item]]
id = "it-B1"
letter = "B"
number = 1
name = "First key"
text = "B1."
[[item]]
id = "it-B2"
letter = "B"
number = 2
name = "Second key"
text = "B2."
[[ending]]
id = "e-1"
title = "End"
text = "Done."
[[interaction]]
id = "i-001"
number = 1
top = "Two keys on a ring."
do = [{ take = "it-B1" }, { take = "it-B2" }]
[[interaction]]
id = "i-002"
number = 1
needs = 1
top = "A lock for the second key only."
[[interaction.paragraph]]
key = "B2"
text = "Exactly the second key."
do = [{ ending = "e-1" }]
[[interaction]]
id = "i-003"
number = 1
needs = 1
top = "A lock for the second key, or for anything at a push."
[[interaction.paragraph]]
key = "B2"
text = "The second key again."
[[interaction.paragraph]]
key = "*"
text = "Anything else, at a push."
"""


def test_a_numbered_key_wants_that_exact_item_not_its_sibling():
    """Interactions with similar Items: "a number is specified next to the letter. In this case,
    you must have used the specific Item with that exact letter and number in order to read the
    matching paragraph" — B1 is no match for a B2-only card (back unread, LA-3), and reads the `*`
    paragraph of a card that has one (a generic match), never the B2 paragraph."""
    state, _ = use(ENGINE.start(scenario("similar", SIMILAR)), "i-001")
    assert state["held"] == ["it-B1", "it-B2"]
    after, events = use(state, "i-002", "it-B1")
    assert [e.kind for e in events] == ["no_match"] and texts(events) == []
    assert "i-002" in after["in_play"] and "it-B1" in after["held"] and after["read"] == state["read"]
    assert texts(use(state, "i-003", "it-B1")[1]) == ["A lock for the second key, or for anything at a push.",
                                                     "Anything else, at a push."]
    assert texts(use(state, "i-003", "it-B2")[1])[1] == "The second key again."
    done, _ = use(state, "i-002", "it-B2")
    assert done["ending"] == "e-1"


TWO_ITEMS = """
[[scenery]]
id = "s-1"
number = 1
title = "Pillar"
text = "Two hollows."
[[item]]
id = "it-A"
letter = "A"
name = "Red stone"
text = "A."
[[item]]
id = "it-C"
letter = "C"
name = "Blue stone"
text = "C."
[[ending]]
id = "e-1"
title = "End"
text = "Done."
[[interaction]]
id = "i-001"
number = 1
top = "A red stone."
do = [{ take = "it-A" }]
[[interaction]]
id = "i-002"
number = 1
top = "A blue stone."
do = [{ take = "it-C" }]
[[interaction]]
id = "i-003"
number = 1
needs = 2
top = "Two hollows in a pillar."
[[interaction.paragraph]]
key = "A+C"
text = "Both stones glow."
do = [{ ending = "e-1" }]
"""


def test_a_card_with_two_question_marks_waits_for_two_items():
    """Interacting B: "If an Interaction card bears a triangle with 2 "?", choose 2 Item cards
    instead of 1" — with one item held the card is not offered, and a try with one is refused
    with the reason, nothing changed; with the second item it turns over."""
    state, _ = use(ENGINE.start(scenario("two-items", TWO_ITEMS)), "i-001")
    assert state["held"] == ["it-A"]
    assert not [a for a in ENGINE.legal_actions(state, 0) if a.kind == "interact" and a["card"] == "i-003"]
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="card 1 takes two items, not 1"):
        use(state, "i-003", "it-A")
    assert state == before
    state, _ = use(state, "i-002")
    offered = [a["items"] for a in ENGINE.legal_actions(state, 0) if a.kind == "interact" and a["card"] == "i-003"]
    assert offered == [("it-A", "it-C")]
    assert use(state, "i-003", "it-C", "it-A")[0]["ending"] == "e-1"


# --- Immediate cards and DISCARD ---------------------------------------------------------------------

NET = """
[[scenery]]
id = "s-1"
number = 1
title = "Start"
text = "Here."
arrows = { east = 2 }
[[scenery]]
id = "s-2"
number = 2
title = "Netted room"
text = "Two cards turn over at once here."
arrows = { west = 1 }
[[ending]]
id = "e-1"
title = "End"
text = "Done."
[[interaction]]
id = "i-001"
number = 1
immediate = true
top = "A room lies east."
do = [{ place_scenery = "s-2" }]
[[interaction]]
id = "i-002"
number = 2
immediate = true
top = "A net drops over the other card."
do = [{ discard = "i-003" }]
[[interaction]]
id = "i-003"
number = 2
immediate = true
top = "Never read: discarded before its turn came."
do = [{ favour = -1 }]
[[interaction]]
id = "i-004"
number = 2
top = "Leave."
do = [{ ending = "e-1" }]
"""


def test_an_immediate_card_discarded_by_the_one_before_it_is_never_turned_over():
    """Interaction Cards: every card of the number is placed, then each TURN THIS CARD OVER
    IMMEDIATELY card is resolved (in id order, LA-2); DISCARD: "In case of an Interaction card,
    do not reveal it" — so the second immediate card, discarded by the first, is never read nor
    followed, and the discard pile shows it face down."""
    state, events = act(ENGINE.start(scenario("net", NET)), "move", to=2)
    assert texts(events) == ["A net drops over the other card."]
    assert state["favours"] == 8 and state["in_play"] == ["i-004"]
    assert {"card": "i-003", "deck": "interaction", "read": []} in state["discard"]
    assert [(e.kind, e.get("card")) for e in events if e.kind == "interaction_turned"] == [("interaction_turned", "i-002")]
    discard = {entry["card"]: entry for entry in ENGINE.view(state, 0)["discard"]}
    assert discard["i-003"]["face"] == "down" and discard["i-003"]["texts"] == []
    assert "Never read" not in str(ENGINE.view(state, 0))


# --- REVEAL and FULFILL once a prophecy is fulfilled -------------------------------------------------

ONCE = """
[[scenery]]
id = "s-1"
number = 1
title = "Start"
text = "Here."
[[prophecy]]
id = "p-1"
number = 1
title = "The gift"
text = "Keep it once."
fulfilled = "Kept: a favour comes back."
on_fulfil = [{ favour = 1 }]
[[prophecy]]
id = "p-2"
number = 2
title = "Never kept"
text = "Left undone."
fulfilled = "Never read."
[[ending]]
id = "e-1"
title = "End"
text = "Done."
[[interaction]]
id = "i-001"
number = 1
top = "Two favours go dark, then the prophecy is kept."
do = [{ favour = -2 }, { fulfil = "p-1" }]
[[interaction]]
id = "i-002"
number = 1
top = "A card tells you to reveal it after all."
do = [{ reveal = "p-1" }]
[[interaction]]
id = "i-003"
number = 1
top = "A card tells you to keep it again."
do = [{ fulfil = "p-1" }]
[[interaction]]
id = "i-004"
number = 1
top = "Leave."
do = [{ ending = "e-1" }]
"""


def test_a_fulfilled_prophecy_is_out_of_play_reveal_and_fulfil_again_are_ignored():
    """FULFILL: follow "When fulfilled", "then discard it"; REVEAL: "if it has been discarded ...
    ignore this instruction"; FAQ: "If later on you find a card that tells you to reveal that
    Prophecy, ignore it"; an impossible instruction is ignored (LA-2) — so fulfilling it again
    neither reads it nor runs its gift twice, and the score counts it once (LA-6)."""
    state, events = use(ENGINE.start(scenario("once", ONCE)), "i-001")
    assert state["prophecies"]["p-1"] == "fulfilled" and state["favours"] == 8 - 2 + 1
    assert [e.kind for e in events].count("prophecy_fulfilled") == 1
    state, events = use(state, "i-002")
    assert texts(events) == ["A card tells you to reveal it after all."]
    assert "prophecy_revealed" not in [e.kind for e in events] and state["prophecies"]["p-1"] == "fulfilled"
    state, events = use(state, "i-003")
    assert texts(events) == ["A card tells you to keep it again."]
    assert "prophecy_fulfilled" not in [e.kind for e in events] and state["favours"] == 7
    state, _ = use(state, "i-004")
    assert score_of(state) == 7 - 1 and ENGINE.result(state).scores == (6,)  # p-2, never revealed, still counts


# --- Movement ----------------------------------------------------------------------------------------

def test_an_undiscovered_card_may_be_entered_from_a_discovered_card_far_from_the_hero():
    """Movement: "You can also move to an undiscovered Scenery card, but only if it is adjacent to a
    previously discovered Scenery card and connected to it by an arrow" — any discovered card, not
    the hero's: from #23 the hero walks to #3, which only #2 (two squares away) touches (LA-4)."""
    state, _ = act(supplied(), "move", to=2)
    state, _ = act(state, "move", to=1)
    state, _ = act(state, "move", to=23)
    assert state["hero"] == 23 and "s-3" not in state["face_up"] and 3 in moves(state)
    state, events = act(state, "move", to=3)
    assert state["hero"] == 3 and "s-3" in state["face_up"]
    assert [e.kind for e in events][:2] == ["hero_moved", "scenery_discovered"]


# --- Playing in turns (FAQ "Help!", LA-5) ------------------------------------------------------------

def test_in_turns_either_order_and_round_three_seats_clockwise():
    """FAQ: "You can always play in turns, in a clockwise direction: each player can move the Hero
    and interact with 1 card" — the interaction may come first; once both are done the turn goes on
    by itself; a turn may also be ended early; after the last seat comes the first again."""
    state = ENGINE.start(LAB, 3, "turns")
    state, _ = use(state, "i-001")  # interact first ...
    assert state["turn"] == {"seat": 0, "moved": False, "interacted": True}
    assert not [a for a in ENGINE.legal_actions(state, 0) if a.kind == "interact"]
    state, events = act(state, "move", to=2)  # ... then move: the turn is over
    assert state["turn"] == {"seat": 1, "moved": False, "interacted": False} and events[-1]["seat"] == 1
    with pytest.raises(IllegalAction, match="not your turn"):
        act(state, "move", seat=2, to=1)
    state, _ = act(state, "end_turn", seat=1)
    assert ENGINE.active_seats(state) == [2]
    state, events = act(state, "end_turn", seat=2)
    assert ENGINE.active_seats(state) == [0] and events[-1].kind == "turn" and events[-1]["seat"] == 0
    with pytest.raises(IllegalAction, match="there is no seat 3"):
        act(state, "end_turn", seat=3)


def test_in_turns_a_try_that_matches_nothing_is_the_turns_interaction_engine_reading():
    """The engine's reading where LA-5 is silent (reported to the lead to settle): a try that
    matches nothing uses the turn's interaction, though the card goes back "as if you had not
    interacted with it" (Interacting B, no match). While the turn is still the seat's own, the try
    can be taken back (undo: nothing was revealed) to try another item; once the move is made too,
    the turn goes on and the try stands."""
    state = supplied(seats=2, mode="turns")  # seat 0 used the supply card
    state, _ = act(state, "end_turn")
    state, events = use(state, "i-003", "it-A", seat=1)
    assert [e.kind for e in events] == ["no_match"]
    assert state["turn"] == {"seat": 1, "moved": False, "interacted": True}
    assert not [a for a in ENGINE.legal_actions(state, 1) if a.kind == "interact"]
    assert Action.make(1, "undo") in ENGINE.legal_actions(state, 1)
    undone, _ = act(state, "undo", seat=1)
    assert undone["turn"]["interacted"] is False and "i-003" not in undone["tried"]
    state, _ = act(state, "move", seat=1, to=2)  # a discovery: the turn is handed on
    assert state["turn"]["seat"] == 0 and state["tried"]["i-003"] == [["it-A"]]
    assert "i-003" in state["in_play"]


# --- Illegal actions ---------------------------------------------------------------------------------

@pytest.mark.parametrize("seat, kind, args, reason", [
    (0, "move", {"to": 5}, "scenery #5 is not next to a discovered card and joined to it by an arrow"),
    (0, "move", {"to": 99}, "there is no scenery #99 on the map"),
    (0, "move", {"to": 6}, "there is no scenery #6 on the map"),  # still in the scenery deck
    (0, "move", {"to": 1}, "the hero already stands there"),
    (0, "interact", {"card": "i-030", "items": []}, "card 6 is not in play"),  # still in the interaction deck
    (0, "interact", {"card": "i-nope", "items": []}, "that card is not in play"),
    (0, "interact", {"card": "i-003", "items": []}, "card 1 takes one item, not 0"),
    (0, "interact", {"card": "i-010", "items": ["it-A"]}, "card 1 takes no item, not 1"),
    (0, "interact", {"card": "i-003", "items": ["it-E"]}, "you do not hold the Lab gem"),
    (0, "undo", {}, "nothing to undo: something new was revealed since the last checkpoint"),
    (0, "end_turn", {}, "end_turn is only used when playing in turns"),
    (0, "pass", {}, "pass is not an action of this game"),
    (4, "move", {"to": 2}, "there is no seat 4 at this table"),
])
def test_an_illegal_action_is_refused_with_its_reason_and_nothing_changes(seat, kind, args, reason):
    """Engine contract (DESIGN.md): `apply` raises IllegalAction with a clear message and on error
    nothing changes — checked on the lab after its supply card, for every way a move can be wrong."""
    state = supplied()
    before, digest = copy.deepcopy(state), ENGINE.state_hash(state)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, Action.make(seat, kind, **args))
    assert str(refused.value) == reason
    assert state == before and ENGINE.state_hash(state) == digest


def test_after_an_ending_every_action_is_refused_and_the_table_stays_as_it_ended():
    """End of the Game: "The game ends when you have reached one of the story endings"."""
    state, _ = use(supplied(), "i-014")
    assert ENGINE.is_over(state) and ENGINE.active_seats(state) == []
    digest = ENGINE.state_hash(state)
    for action in (Action.make(0, "move", to=2), Action.make(0, "interact", card="i-003", items=["it-D"]),
                   Action.make(0, "undo")):
        with pytest.raises(IllegalAction, match="the adventure is over"):
            ENGINE.apply(state, action)
    assert ENGINE.state_hash(state) == digest


# --- The Thornwood Maze: texts true in every state they show ------------------------------------------

def test_the_fountain_stair_card_stays_true_once_the_fountain_has_filled():
    """The Fountain Stair (s-14b) covers the dry fountain when Sir Alder lifts the lid and stays on
    the map once the party has gone down and the water has closed over the stair; the box has no
    spare card to cover it again (LA-1: 44 scenery). It said "The lid is off" with an open stair;
    its text is now true in both states: the stair is there until the water closes over it."""
    card = MAZE.text("s-14b#text")
    assert card == "The lid lies aside. A stair spirals down under the maze, till water closes over it."
    assert "lid is off" not in card and "dry" not in MAZE.text("s-14b#picture")
    knight_awake = play(WING_1 + WING_2[:-1])
    assert "s-14b" in knight_awake["face_up"] and "i-026" in knight_awake["in_play"]  # the stair still open
    below = play(WING_1 + WING_2)
    assert "i-026" not in below["in_play"] and any("closes over the stair" in MAZE.text(k) for k in below["last"])
    back = move(below, 14)
    top = next(e for e in ENGINE.view(back, 0)["map"] if e["number"] == 14)["stack"][-1]
    assert back["hero"] == 14 and top["card"] == "s-14b" and top["text"] == card  # the card the players read


def _enders(instructions, ending: str) -> bool:
    """Whether a list of compiled instructions can reach `ending` (through any branch)."""
    for instruction in instructions:
        if instruction[0] == "ending" and instruction[1] == ending:
            return True
        if instruction[0] == "if" and (_enders(instruction[2], ending) or _enders(instruction[3], ending)):
            return True
    return False


def test_the_ending_without_pip_is_named_for_what_happened():
    """The gate's ending for a party that leaves Pip asleep was "Alone at Sunrise": "You come out
    through the sunrise gate alone". But the gate opens only with the dawn stone, which Jacob Green
    gives as the last of the green folk wakes (p-9 fulfilled), so they always walk out with you, and
    Hester too when her heart was given back. It is now "Sunrise Without Pip"."""
    ending = MAZE.endings["e-3"]
    title, text = MAZE.text(ending.title_key), MAZE.text(ending.text_key)
    assert title == "Sunrise Without Pip" and "alone" not in (title + text).lower()
    assert text.startswith("You come out through the sunrise gate with the green folk you woke, but without Pip.")
    # e-3 is written only on the gate's two cards, and only the paragraph that wakes the green folk gives the dawn stone
    reaching = {card.id for card in MAZE.interactions.values()
                if _enders(card.top_instructions, "e-3") or any(_enders(p.instructions, "e-3") for p in card.paragraphs)}
    assert reaching == {"i-079", "i-080"}
    givers = [(card.id, p.key) for card in MAZE.interactions.values() for p in card.paragraphs
              if ("take", "it-V") in p.instructions]
    assert givers == [("i-074", "X12")]
    assert ("fulfil", "p-9") in next(p for p in MAZE.interactions["i-074"].paragraphs if p.key == "X12").instructions
    state = play([step for step in CAREFUL if step != ("use", "i-063", "it-S")])  # Pip left asleep
    assert state["ending"] == "e-3" and state["prophecies"]["p-1"] == "revealed"
    assert state["prophecies"]["p-9"] == "fulfilled" and state["prophecies"]["p-8"] == "fulfilled"
    assert ENGINE.view(state, 0)["ending"]["title"] == "Sunrise Without Pip"
    assert ENGINE.result(state).breakdown[0][0] == {"label": "Ending", "value": "Sunrise Without Pip"}


# --- The log -----------------------------------------------------------------------------------------

def test_the_log_says_an_item_card_and_an_interaction_card_leave_their_decks():
    """Key instructions, REMOVE FROM THE SCENERY / ITEM / INTERACTION DECK: "place it face-down on
    the discard pile, without revealing it". The log said "A item card ..." and "A interaction card
    ..."; each deck now takes its own article."""
    _, events = use(supplied(), "i-010")  # removes the Lab gem from the item deck, i-032 from the interaction deck
    said = [ENGINE.describe(e, 0) for e in events if e.kind == "removed_from_deck"]
    assert said == ["An item card is removed from its deck unseen.",
                    "An interaction card is removed from its deck unseen."]
    scenery = ENGINE.describe(type(events[0]).make("removed_from_deck", card="s-9", deck="scenery"), 0)
    assert scenery == "A scenery card is removed from its deck unseen."


def test_a_party_that_opened_the_door_of_roots_but_never_went_in_is_told_the_cave_still_waits():
    """The great root's paragraph (i-054) says the old paths below are cleared and "whatever was left
    undone down there stays undone", and names the door of roots when the bone key is still held. A
    party that opened the door (the hoard placed face down) and climbed without going in could
    still walk down for the mason's chisel, the first of the green folk's lost things (LA-4): the
    story now says that one cave still waits, and it does. Random play found it (seed 1 of an ad-hoc
    run: door opened at step 298, root climbed at 300, the hoard discovered at 304)."""
    from test_labyrinth_adventure_yewmaze import WING_3, texts_of

    root, hoard = ("use", "i-054", "it-C"), ("move", 27)
    foot = play(WING_1 + WING_2 + [s for s in WING_3 if s not in (root, hoard)])
    assert "it-N3" not in foot["held"] and "27" in foot["stacks"] and "s-27" not in foot["face_up"]
    said = texts_of(foot, "i-054", "it-C")
    waits = [line for line in said if "the cave of lost things is still to be searched" in line]
    assert len(waits) == 1 and not any("door of roots is still shut" in line for line in said)
    climbed = play([root], foot)
    assert climbed["hero"] == 29
    down = move(climbed, 27)
    assert down["hero"] == 27 and "it-X1" in down["held"]  # the chisel the story says still waits
    visited = play(WING_1 + WING_2 + [s for s in WING_3 if s != root])  # the careful party went in
    assert not any("still waits" in line for line in texts_of(visited, "i-054", "it-C"))


# What the story changes at a place that keeps its card on the map (the box has no spare scenery card to
# cover it, LA-1): each card's text now reads true before and after, as the Fountain Stair's does.
# (card, its text, the step of the careful path that changes the place, what the card used to say)
SAME_CARD_AFTER = [
    ("s-4", "A round court of gravel. On a stone pillar, a sundial with a slot for its pointer.",
     ("use", "i-007", "it-E"), "a sundial with no pointer"),
    ("s-7", "An old well with no bucket and no water, deep enough to lose things in.",
     ("use", "i-013", "it-C"), "Something glints far below"),
    ("s-13", "Straw hives on a bench, loud with bees until someone calms them.",
     ("use", "i-024", "it-K"), "The bees are loud and restless"),
    ("s-22", "Willow roots have grown into a cage for a small brown bird.",
     ("use", "i-041", "it-B"), "A small brown bird sits inside"),
    ("s-29", "A round lawn under the moon. Green figures of yew stand round it until they wake.",
     ("use", "i-061", "it-X6"), "Green figures stand all round it"),
    ("s-14b", "The lid lies aside. A stair spirals down under the maze, till water closes over it.",
     ("use", "i-026"), "The lid is off"),
    ("s-3", "A tarred shed with a padlock on its door. Tools hang in rows inside.",
     ("use", "i-005", "it-N1"), "with a padlocked door"),
    ("s-6", "Brambles fill the corner, thick with thorns. The path north runs through them.",
     ("use", "i-011", "it-B"), "Something small flutters in them"),
    ("s-15", "A glasshouse of cracked panes, with a brass padlock on its door.",
     ("use", "i-028", "it-N2"), "Its door is padlocked"),
    ("s-23", "Hester's cellar: shelves of jars, and a nail where her mirror hung.",
     ("move", 23), "a mirror on a nail"),  # the cellar's own immediate card takes the mirror as it is found
    ("s-31b", "Hester Thorn sits awake on her bench, half yew till her heart comes back.",
     ("use", "i-066", "it-I"), "half woman and half yew"),
]


@pytest.mark.parametrize("card, text, change, stale", SAME_CARD_AFTER, ids=[c[0] for c in SAME_CARD_AFTER])
def test_a_place_the_story_changes_keeps_a_card_that_is_still_true(card, text, change, stale):
    """The sundial gets its pointer, the well gives up its glint, the bees are calmed, the nightingale
    flies, the green folk of the heart lawn wake, the fountain fills over its stair, the shed and the
    glasshouse are unlocked, a path is cut through the brambles, the cellar's mirror is taken the moment
    the cellar is found, Hester gets her heart back: the card of each place stays on top of its square
    (no cover follows), so its text was false afterwards ("a sundial with no pointer"). Each is now
    written so it holds in both states (the cellar's from its first sight)."""
    number = MAZE.scenery[card].number
    assert MAZE.text(f"{card}#text") == text and stale not in text
    shown = lambda state: next(e for e in ENGINE.view(state, 0)["map"] if e["number"] == number)["stack"][-1]
    before, after = play(CAREFUL[:CAREFUL.index(change)]), play(CAREFUL[:CAREFUL.index(change) + 1])
    assert shown(after) == dict(shown(after), card=card, face="up", text=text)
    if change[0] == "use":  # the place was seen, as its card said, before the change
        assert shown(before) == dict(shown(before), card=card, face="up", text=text)


def test_saltmere_places_the_tide_comes_back_to_keep_cards_that_are_still_true():
    """The Bell Beneath Saltmere: ringing the Tide Bell brings the sea back through the caves, and the
    water rises over the shrine's altar, while the Smugglers' Stair (#1) and the Drowned Shrine (#8)
    keep their cards (the hero may walk back, LA-4). They said "The tide has gone out" and "Half of
    the shrine is under water"; both now read true at low water and at high."""
    from test_labyrinth_adventure_saltmere import SALTMERE, play as saltmere_play, until as saltmere_until

    bell = ("use", "i-015", "it-D", "it-E")
    stair = "The foot of a worn stair. Between tides the floor shines with pools."
    shrine = "A shrine the sea comes and goes in. The Sea Mother waits on her altar."
    assert SALTMERE.text("s-1#text") == stair and SALTMERE.text("s-8#text") == shrine
    low = saltmere_play(saltmere_until(bell))
    high = saltmere_play([bell], low)
    assert any("the water rises over the altar" in SALTMERE.text(k) for k in high["last"])
    for state in (low, high):
        shown = {e["number"]: e["stack"][-1] for e in ENGINE.view(state, 0)["map"]}
        assert (shown[1]["card"], shown[1]["face"], shown[1]["text"]) == ("s-1", "up", stair)
        assert (shown[8]["card"], shown[8]["face"], shown[8]["text"]) == ("s-8", "up", shrine)
    assert saltmere_play([("move", 8)], high)["hero"] == 8
