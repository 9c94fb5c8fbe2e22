"""Labyrinth bots as careful companions (game/bots/labyrinth.py): they read only their view, follow
the clues in what they have read, keep the favours a careful table keeps, and still finish every game.

Small adventures built here each isolate one habit (a clue read before, a two-item card, a trap, a
way out, a warning on the way); the shipped adventures and the held-out fixture
tests/labyrinth_fixtures/clocktower.toml (written apart from the bots' tuning) check whole games."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.bots.labyrinth import BOTS, ExpertBot, MasterBot, Tier, restraint_clauses
from game.core.types import Action, GameConfig, SeatConfig
from game.core.wire import pack, unpack
from game.rules.labyrinth import ENGINE, load_scenario, parse_scenario, score_of, shipped_scenarios

FIXTURES = Path(__file__).parent / "labyrinth_fixtures"
CAREFUL = ("expert", "master")


class NoEngine:
    """Stands in for the engine a bot is given: any use of it fails the test (views only, LA-7)."""

    def __getattr__(self, name: str):
        raise AssertionError(f"a Labyrinth bot reached for engine.{name}: it must read only its view")


def play(scenario, level: str, seats: int = 1, mode: str = "together", seed: int = 1,
         limit: int = 400) -> tuple[dict, list[Action]]:
    """Bots alone play a game of `scenario` to its end; the final state and every action taken."""
    state = ENGINE.start(scenario, seats, mode)
    bots = [BOTS[level](NoEngine(), seat, seed * 10 + seat) for seat in range(seats)]
    actions: list[Action] = []
    while not ENGINE.is_over(state):
        assert len(actions) < limit, f"{level} did not finish within {limit} actions"
        seat = ENGINE.active_seats(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        action = bots[seat].choose(ENGINE.view(state, seat), legal)
        assert action in legal
        state, _ = ENGINE.apply(state, action)
        actions.append(action)
    return state, actions


def tries_on(actions: list[Action], card: str) -> list[tuple[str, ...]]:
    return [tuple(a["items"]) for a in actions if a.kind == "interact" and a["card"] == card]


def adventure(name: str, body: str, **tokens: str):
    """A small adventure from its cards; @TOKEN@ in `body` is replaced by tokens["TOKEN"]."""
    for token, value in tokens.items():
        body = body.replace(f"@{token}@", value)
    head = f'[scenario]\nid = "{name}"\ntitle = "{name}"\nbest_score = 8\n'
    return parse_scenario(head + body, f"{name}.toml")


# A copper door whose keyhole is described when its scenery is discovered: the clue is read
# before any item is tried. The right key is @ANSWER@; anything else bites (-1) and turns back.
COPPER_DOOR = """
[[scenery]]
id = "s-1"
number = 1
title = "The Workshop"
text = "A bench under a window. A passage leads east."
arrows = { east = 2 }

[[scenery]]
id = "s-2"
number = 2
title = "The Copper Door"
text = "A door of green copper fills the passage."
arrows = { west = 1 }

[[item]]
id = "it-A"
letter = "A"
name = "Moon key"
text = "A copper key with a crescent moon on its bow."

[[item]]
id = "it-B"
letter = "B"
name = "Feather duster"
text = "Grey feathers on a stick, for sweeping cobwebs."

[[item]]
id = "it-C"
letter = "C"
name = "Tin cup"
text = "A dented tin cup that rattles."

[[prophecy]]
id = "p-1"
number = 1
title = "The Copper Door"
text = "Open the copper door and go home."
fulfilled = "The door stands open."

[[ending]]
id = "e-1"
title = "Home"
text = "You walk out into the evening."

[[interaction]]
id = "i-001"
number = 1
immediate = true
top = "You wake on the workshop floor."
do = [{ reveal = "p-1" }, { place_scenery = "s-2" }]

[[interaction]]
id = "i-002"
number = 1
top = "On the bench lie three things. You take them all."
do = [{ take = "it-A" }, { take = "it-B" }, { take = "it-C" }]

[[interaction]]
id = "i-003"
number = 2
immediate = true
top = "Its keyhole is shaped like a crescent moon."

[[interaction]]
id = "i-004"
number = 2
needs = 1
top = "The copper door."

[[interaction.paragraph]]
key = "@ANSWER@"
text = "The lock turns."
do = [{ fulfil = "p-1" }, { ending = "e-1" }]

[[interaction.paragraph]]
key = "*"
text = "A spring in the lock bites your thumb."
do = [{ favour = -1 }, { turn_back_over = true }]
"""

# A dry study lamp that wants two things (@SAID@ is what the study's scenery says), the four things
# found on arrival, and next door a hall whose front door is the way home.
STUDY_LAMP = """
[[scenery]]
id = "s-1"
number = 1
title = "The Cold Study"
text = "@SAID@"
arrows = { east = 2 }

[[scenery]]
id = "s-2"
number = 2
title = "The Hall"
text = "A coat stand and the front door: the way home."
arrows = { west = 1 }

[[item]]
id = "it-A"
letter = "A"
name = "Oil can"
text = "Thin oil with a long spout."

[[item]]
id = "it-B"
letter = "B"
name = "Match box"
text = "Three matches and a striking strip."

[[item]]
id = "it-C"
letter = "C"
name = "Silk ribbon"
text = "A blue silk ribbon."

[[item]]
id = "it-D"
letter = "D"
name = "Pebble"
text = "A smooth grey pebble."

[[prophecy]]
id = "p-1"
number = 1
title = "The Study Lamp"
text = "Wake the study lamp again."
fulfilled = "The lamp glows."

[[ending]]
id = "e-1"
title = "Home"
text = "You go home."

[[interaction]]
id = "i-001"
number = 1
immediate = true
top = "The study is cold. Your pockets hold what you brought."
do = [
  { reveal = "p-1" }, { take = "it-A" }, { take = "it-B" }, { take = "it-C" }, { take = "it-D" },
  { place_scenery = "s-2" },
]

[[interaction]]
id = "i-002"
number = 1
needs = 2
top = "The study lamp."

[[interaction.paragraph]]
key = "A+B"
text = "The lamp wakes."
do = [{ fulfil = "p-1" }]

[[interaction.paragraph]]
key = "*"
text = "Something spills and stains the desk."
do = [{ favour = -1 }, { turn_back_over = true }]

[[interaction]]
id = "i-003"
number = 2
top = "You open the front door and go."
do = [{ ending = "e-1" }]
"""


def copper_door(answer: str = "A"):
    return adventure(f"copper-{answer}", COPPER_DOOR, ANSWER=answer)


def study_lamp(said: str):
    return adventure("study", STUDY_LAMP, SAID=said)


# --- clues ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", CAREFUL)
def test_a_clue_read_before_gets_its_item_first(level):
    state, actions = play(copper_door(), level)
    assert tries_on(actions, "i-004") == [("it-A",)]  # the moon key, at once
    assert state["ending"] == "e-1" and state["favours"] == 8 and score_of(state) == 8


@pytest.mark.parametrize("level", CAREFUL)
def test_reading_and_discovering_come_before_spending(level):
    _, actions = play(copper_door(), level)
    first_try = next(i for i, a in enumerate(actions) if a.kind == "interact" and a["items"])
    before = actions[:first_try]
    assert Action.make(0, "move", to=2) in before  # the door's scenery was discovered first
    assert Action.make(0, "interact", card="i-002", items=[]) in before  # and the free card read


@pytest.mark.parametrize("level", CAREFUL)
def test_a_two_item_card_gets_the_pair_its_texts_name(level):
    state, actions = play(study_lamp("A brass lamp on the desk, dry. Oil and a match would wake it."), level)
    assert tries_on(actions, "i-002") == [("it-A", "it-B")]
    assert state["prophecies"]["p-1"] == "fulfilled" and score_of(state) == 8


@pytest.mark.parametrize("level", CAREFUL)
def test_a_two_item_card_without_clues_is_not_brute_forced(level):
    """Six pairs and nothing read about any: the careful table goes home rather than burn favours."""
    state, actions = play(study_lamp("A brass lamp on the desk."), level)
    assert tries_on(actions, "i-002") == []
    assert state["ending"] == "e-1" and state["favours"] == 8


def test_the_easy_bot_still_gambles_on_it():
    """The beginner keeps its blind tries (so the two tests above test the careful levels)."""
    tried = sum(len(tries_on(play(study_lamp("A brass lamp on the desk."), "easy", seed=s)[1], "i-002"))
                for s in range(6))
    assert tried > 0


# --- views only ----------------------------------------------------------------------------------

@pytest.mark.parametrize("level", CAREFUL)
def test_a_bot_chooses_the_same_whatever_the_hidden_cards_say(level):
    """Two adventures alike in every text a player can read, one opening the door to the moon key
    and one to the tin cup: the bots play both alike up to the first try, and try the moon key."""
    right, wrong = play(copper_door("A"), level), play(copper_door("C"), level)
    first = next(i for i, a in enumerate(right[1]) if a.kind == "interact" and a["items"])
    assert right[1][:first + 1] == wrong[1][:first + 1]
    assert right[1][first]["items"] == ("it-A",)
    assert wrong[0]["favours"] < 8  # the hidden answer differed indeed, and the bot could not see it


def test_a_bot_that_joins_late_reads_the_table():
    """A bot made in the middle of Saltmere (a resumed game) rebuilds its notebook from the view:
    the discard pile keeps every card read, so it knows the seal flinches from the lantern."""
    saltmere = load_scenario("saltmere")
    state = ENGINE.start(saltmere)
    for action in (("move", {"to": 2}), ("move", {"to": 3}), ("move", {"to": 4}),
                   ("interact", {"card": "i-008", "items": []})):
        state, _ = ENGINE.apply(state, Action.make(0, action[0], **action[1]))
    view = ENGINE.view(state, 0)
    master, expert = MasterBot(NoEngine(), 0, 1), ExpertBot(NoEngine(), 0, 1)
    for bot in (master, expert):
        bot.choose(view, ENGINE.legal_actions(state, 0))
        assert bot.item_clue(3, "it-A") < 0  # "she flinches from your lantern light"
    assert master.item_clue(3, "it-C") >= master.CLUE  # a knife for a net
    assert master.item_clue(3, "it-C") > master.item_clue(3, "it-F")


# --- traps, warnings, ways out -------------------------------------------------------------------

TRAP = """
[[scenery]]
id = "s-1"
number = 1
title = "The Overgrown Gate"
text = "A garden gate choked with ivy. The ivy wants cutting, the gardener said. A path runs east."
arrows = { east = 2 }

[[scenery]]
id = "s-2"
number = 2
title = "The Path"
text = "The garden path back to the house: the way home."
arrows = { west = 1 }

[[item]]
id = "it-A"
letter = "A"
name = "Garden shears"
text = "Sharp shears for cutting ivy and hedges."

[[item]]
id = "it-B"
letter = "B"
name = "Watering can"
text = "A green can, half full."

[[item]]
id = "it-C"
letter = "C"
name = "Spade"
text = "A heavy spade."

[[ending]]
id = "e-1"
title = "Home"
text = "You go back inside."

[[interaction]]
id = "i-001"
number = 1
immediate = true
top = "You bring shears, a can and a spade from the shed."
do = [{ take = "it-A" }, { take = "it-B" }, { take = "it-C" }, { place_scenery = "s-2" }]

[[interaction]]
id = "i-002"
number = 1
needs = 1
top = "The gate."

[[interaction.paragraph]]
key = "C"
text = "You dig under the gate and it swings free."

[[interaction.paragraph]]
key = "*"
text = "The ivy falls away, the blades slip, and you cut your hand. The gate is as stuck as before."
do = [{ favour = -1 }, { turn_back_over = true }]

[[interaction]]
id = "i-003"
number = 2
top = "You take the path home."
do = [{ ending = "e-1" }]
"""


@pytest.mark.parametrize("level", CAREFUL)
def test_a_card_that_punished_a_try_is_a_trap(level):
    state = ENGINE.start(adventure("trap", TRAP))
    bot = BOTS[level](NoEngine(), 0, 3)
    actions = []
    while not ENGINE.is_over(state):
        action = bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
        state, _ = ENGINE.apply(state, action)
        actions.append(action)
    assert tries_on(actions, "i-002") == [("it-A",)]  # the clue pointed to the shears: tried once
    assert "i-002" in bot.book.traps and ("i-002", ("it-A",)) in bot.book.punished
    assert any("cut your hand" in text for text in bot.book.at[1])  # what came of it is remembered
    assert state["favours"] == 7  # no clueless gamble on the trap before the way home


@pytest.mark.parametrize("level", CAREFUL)
def test_a_try_by_someone_else_that_cost_a_favour_makes_a_trap_too(level):
    """The table's tries are everyone's lesson: seat 2 saw seat 1's shears cost a favour."""
    state = ENGINE.start(adventure("trap", TRAP), 2)
    watcher = BOTS[level](NoEngine(), 1, 3)
    watcher.choose(ENGINE.view(state, 1), ENGINE.legal_actions(state, 1))
    state, _ = ENGINE.apply(state, Action.make(0, "interact", card="i-002", items=["it-A"]))
    watcher.choose(ENGINE.view(state, 1), ENGINE.legal_actions(state, 1))
    assert "i-002" in watcher.book.traps and ("i-002", ("it-A",)) in watcher.book.punished


TWO_KEYS = """
[[scenery]]
id = "s-1"
number = 1
title = "The Strongbox"
text = "A strongbox with a brass keyhole and an iron keyhole, and a clockwork dial that wants oil."
arrows = {}

[[item]]
id = "it-A"
letter = "A"
name = "Oil can"
text = "Thin oil with a long spout."

[[item]]
id = "it-C1"
letter = "C"
number = 1
name = "Brass key"
text = "A small brass key."

[[item]]
id = "it-C2"
letter = "C"
number = 2
name = "Iron key"
text = "A big iron key."

[[ending]]
id = "e-1"
title = "Open"
text = "The box is open."

[[interaction]]
id = "i-001"
number = 1
immediate = true
top = "You open your bag."
do = [{ take = "it-A" }, { take = "it-C1" }, { take = "it-C2" }]

[[interaction]]
id = "i-002"
number = 1
needs = 2
top = "The strongbox."

[[interaction.paragraph]]
key = "A+C1"
text = "Oil, then the brass key: the lid springs open."
do = [{ ending = "e-1" }]

[[interaction.paragraph]]
key = "*"
text = "The dial jams and pinches your finger."
do = [{ favour = -1 }, { turn_back_over = true }]
"""


@pytest.mark.parametrize("level", CAREFUL)
def test_two_items_of_one_letter_are_no_clued_pair(level):
    """Both keys are named by the strongbox, yet two of one letter rarely go on one card: the
    bot's clued pairs are the oil with a key, never the two keys together."""
    state = ENGINE.start(adventure("strongbox", TWO_KEYS))
    bot = BOTS[level](NoEngine(), 0, 1)
    view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
    bot.choose(view, legal)
    cards = {e["card"]: e for group in view["interactions"].values() for e in group}
    tiers = {tuple(a["items"]): bot.tier_of(view, a, cards)[0] for a in legal if a.kind == "interact"}
    assert tiers[("it-C1", "it-C2")] > Tier.CLUED
    assert tiers[("it-A", "it-C1")] == tiers[("it-A", "it-C2")] == Tier.CLUED


WARNED_WAY = """
[[scenery]]
id = "s-1"
number = 1
title = "The Ledge"
text = "A narrow ledge high over a gorge. A cave opens to the south."
arrows = { east = 2, south = 3 }

[[scenery]]
id = "s-2"
number = 2
title = "The Plank Bridge"
text = "Planks on ropes over the gorge."
arrows = { west = 1 }

[[scenery]]
id = "s-3"
number = 3
title = "The Cave"
text = "A dry cave."
arrows = { north = 1 }

[[item]]
id = "it-A"
letter = "A"
name = "Coil of rope"
text = "Thirty feet of good hemp."

[[ending]]
id = "e-1"
title = "Across"
text = "You are across."

[[interaction]]
id = "i-001"
number = 1
immediate = true
top = "To the east a plank bridge sways over the gorge: you will want a rope to cross it."
do = [{ place_scenery = ["s-2", "s-3"] }]

[[interaction]]
id = "i-002"
number = 2
immediate = true
top = "You step onto the bridge."
do = [
  { if = { holding = "A" }, then = [{ say = "You tie on." }], else = [{ say = "You slip." }, { favour = -1 }] },
  { ending = "e-1" },
]

[[interaction]]
id = "i-003"
number = 3
top = "A coil of rope lies in the cave."
do = [{ take = "it-A" }]
"""


@pytest.mark.parametrize("level", CAREFUL)
def test_a_way_a_text_warns_about_waits_for_what_it_needs(level):
    state, actions = play(adventure("ledge", WARNED_WAY), level)
    moves = [a["to"] for a in actions if a.kind == "move"]
    assert moves == [3, 2]  # the cave and its rope first, then the bridge
    assert state["ending"] == "e-1" and state["favours"] == 8


WAY_OUT_FIRST = """
[[scenery]]
id = "s-1"
number = 1
title = "The Cellar"
text = "A damp cellar. A drain in the floor, its grate rusted shut. Steps climb to the street: the way home."
arrows = { east = 2 }

[[scenery]]
id = "s-2"
number = 2
title = "The Coal Hole"
text = "A low hole full of coal dust."
arrows = { west = 1 }

[[item]]
id = "it-A"
letter = "A"
name = "Drain magnet"
text = "A horseshoe magnet on a string, for fishing things out of a drain."

[[prophecy]]
id = "p-1"
number = 1
title = "The Lost Ring"
text = "Grandmother's ring fell down the cellar drain. Fish it out."
fulfilled = "The ring is back on her finger."

[[ending]]
id = "e-1"
title = "Upstairs"
text = "You climb back up."

[[interaction]]
id = "i-001"
number = 1
immediate = true
top = "You creep down into the cellar."
do = [{ reveal = "p-1" }, { place_scenery = "s-2" }]

[[interaction]]
id = "i-002"
number = 1
top = "You climb the steps to the street."
do = [{ ending = "e-1" }]

[[interaction]]
id = "i-003"
number = 2
top = "On a hook hangs a magnet on a string."
do = [{ take = "it-A" }]

[[interaction]]
id = "i-004"
number = 1
needs = 1
top = "The drain."

[[interaction.paragraph]]
key = "A"
text = "Click: the ring comes up on the magnet."
do = [{ fulfil = "p-1" }]
"""


@pytest.mark.parametrize("level", CAREFUL)
@pytest.mark.parametrize("mode", ["together", "turns"])
def test_the_way_out_waits_until_the_rest_is_done(level, mode):
    """The cellar says its steps are the way home, and its free card (first in card order) takes
    them: a careful table keeps it for last and goes home with the ring."""
    state, actions = play(adventure("cellar", WAY_OUT_FIRST), level, 2, mode)
    assert state["prophecies"]["p-1"] == "fulfilled" and score_of(state) == 8
    assert [a for a in actions if a.kind == "interact"][-1]["card"] == "i-002"


def test_half_a_turn_is_not_spent_while_safe_cards_wait():
    """In turns, after discovering the net loft, a careful bot does not try the lantern on its doors
    while the seal pool still waits face down: it hands the turn on."""
    state = ENGINE.start(load_scenario("saltmere"), 2, "turns")
    state, _ = ENGINE.apply(state, Action.make(0, "move", to=2))
    legal = ENGINE.legal_actions(state, 0)
    assert any(a.kind == "interact" for a in legal)
    for level in CAREFUL:
        bot = BOTS[level](NoEngine(), 0, 1)
        assert bot.choose(ENGINE.view(state, 0), legal) == Action.make(0, "end_turn")


# A gem stall beside the hall, a gate that wants a green gem. Prophecy p-2 says @WARNING@; it is
# kept unless the free card i-004 lifts a gem from the tray (it takes the card that fulfils p-2 out
# of the deck). The stall's parcels give the gem up for @PAID@, the paper found in the hall.
GEM_STALL = """
[[scenery]]
id = "s-1"
number = 1
title = "The Hall"
text = "A bare hall with a hook by the door."
arrows = { east = 2, north = 3 }

[[scenery]]
id = "s-2"
number = 2
title = "The Gem Stall"
text = "A market stall under a striped awning. Green gems glitter on a velvet tray."
arrows = { west = 1 }

[[scenery]]
id = "s-3"
number = 3
title = "The Green Gate"
text = "An iron gate with a lock shaped like a cut gem."
arrows = { south = 1, north = 4 }

[[scenery]]
id = "s-4"
number = 4
title = "Home"
text = "Your own street."
arrows = { south = 3 }

[[item]]
id = "it-A"
letter = "A"
name = "Folded paper"
text = "@PAID@"

[[item]]
id = "it-B"
letter = "B"
name = "Lantern"
text = "A tin lantern."

[[item]]
id = "it-C"
letter = "C"
name = "Parcel gem"
text = "A green gem from a parcel, cut to fit a gate."

[[item]]
id = "it-D"
letter = "D"
name = "Tray gem"
text = "A green gem from the velvet tray."

[[prophecy]]
id = "p-1"
number = 1
title = "The Green Gate"
text = "Open the green gate and go home."
fulfilled = "The gate swings open."

[[prophecy]]
id = "p-2"
number = 2
title = "The Stallholder"
text = "@WARNING@"
fulfilled = "The stallholder counts her gems and smiles."

[[ending]]
id = "e-1"
title = "Home"
text = "You walk home."

[[interaction]]
id = "i-001"
number = 1
immediate = true
top = "You wake in the hall. East is a gem stall, north the green gate."
do = [{ reveal = "p-1" }, { reveal = "p-2" }, { place_scenery = ["s-2", "s-3"] }]

[[interaction]]
id = "i-002"
number = 1
top = "On the hook hang a lantern and a folded paper. You take them."
do = [{ take = "it-A" }, { take = "it-B" }]

[[interaction]]
id = "i-003"
number = 2
immediate = true
top = "The stallholder dozes in her chair. Behind the tray, small parcels wait to be collected."

[[interaction]]
id = "i-004"
number = 2
top = "You lift a gem from the tray."
do = [{ take = "it-D" }, { remove_from_deck = "i-008" }]

[[interaction]]
id = "i-005"
number = 2
needs = 1
top = "The parcels behind the tray."

[[interaction.paragraph]]
key = "A"
text = "The stallholder's parcel with your name on it holds a green gem."
do = [{ take = "it-C" }]

[[interaction.paragraph]]
key = "*"
text = "None of these parcels is addressed to you."
do = [{ turn_back_over = true }]

[[interaction]]
id = "i-006"
number = 3
immediate = true
top = "The lock in the green gate is shaped like a cut gem."

[[interaction]]
id = "i-007"
number = 3
needs = 1
top = "The gem-shaped lock."

[[interaction.paragraph]]
key = "C"
text = "The parcel gem clicks into the lock."
do = [{ fulfil = "p-1" }, { place_scenery = "s-4" }, { move_hero = 4 }]

[[interaction.paragraph]]
key = "D"
text = "The tray gem clicks into the lock."
do = [{ fulfil = "p-1" }, { place_scenery = "s-4" }, { move_hero = 4 }]

[[interaction.paragraph]]
key = "*"
text = "That does not fit the lock."
do = [{ turn_back_over = true }]

[[interaction]]
id = "i-008"
number = 4
immediate = true
top = "Far behind you, the stallholder wakes and counts her gems."
do = [{ fulfil = "p-2" }]

[[interaction]]
id = "i-009"
number = 4
immediate = true
top = "You are home."
do = [{ ending = "e-1" }]
"""
HONEST = "Take nothing that is not yours, however easy it looks."
NAMED = "Leave the gems on the velvet tray where they lie."
RECEIPT = "A receipt from the gem stall: one green gem, paid in full."


def tier_at_the_stall(level: str, warning: str, card: str, items: tuple[str, ...] = ()) -> Tier:
    """The tier a careful bot gives an action once the hall is read and the stall discovered."""
    state = ENGINE.start(adventure("stall", GEM_STALL, WARNING=warning, PAID=RECEIPT), 1, "together")
    for action in (Action.make(0, "interact", card="i-002", items=()), Action.make(0, "move", to=2)):
        state, _ = ENGINE.apply(state, action)
    bot = BOTS[level](NoEngine(), 0, 1)
    view = ENGINE.view(state, 0)
    bot.choose(view, ENGINE.legal_actions(state, 0))
    cards = {e["card"]: e for group in view["interactions"].values() for e in group}
    placed = bot.tier_of(view, Action.make(0, "interact", card=card, items=items), cards)
    assert placed is not None
    return placed[0]


@pytest.mark.parametrize("level", CAREFUL)
@pytest.mark.parametrize("warning", [HONEST, NAMED])
def test_a_warned_free_card_waits_while_other_things_can_be_done(level, warning):
    """Under a warning that names no thing (the stall's gems are precious) or one that names the
    tray, lifting a gem is kept for last, after the gate and every clued try; the paid-for way
    is taken instead, so the gem on the tray is never lifted and the prophecy is kept."""
    assert tier_at_the_stall(level, warning, "i-004") == Tier.RESTRAINT
    if warning == HONEST:  # a warning that names no thing holds back the free cards only
        assert tier_at_the_stall(level, warning, "i-005", ("it-A",)) < Tier.RESTRAINT
    for mode in ("together", "turns"):
        state, actions = play(adventure("stall", GEM_STALL, WARNING=warning, PAID=RECEIPT), level, 2, mode)
        assert tries_on(actions, "i-004") == [] and tries_on(actions, "i-007")[-1] == ("it-C",)
        assert state["prophecies"]["p-2"] == "fulfilled" and score_of(state) == 8


@pytest.mark.parametrize("level", CAREFUL)
def test_the_same_card_without_the_warning_is_read_at_once(level):
    """The same free card under a prophecy that warns of nothing is read as soon as it is safe."""
    unwarned = "The stallholder has sold gems at this market for fifty years."
    assert tier_at_the_stall(level, unwarned, "i-004") == Tier.READ
    state, actions = play(adventure("stall", GEM_STALL, WARNING=unwarned, PAID=RECEIPT), level)
    interacts = [a["card"] for a in actions if a.kind == "interact"]
    assert interacts[:2] == ["i-002", "i-004"]  # the hall's card, then the tray at once


@pytest.mark.parametrize("level", CAREFUL)
def test_the_rightful_way_is_taken_over_the_forbidden_one(level):
    """Both gems open the gate. Under "take nothing that is not yours" the gem is fetched from
    the parcels with the paid receipt, and the tray is never touched."""
    state, actions = play(adventure("stall", GEM_STALL, WARNING=HONEST, PAID=RECEIPT), level)
    assert tries_on(actions, "i-005") == [("it-A",)] and tries_on(actions, "i-004") == []
    assert state["ending"] == "e-1" and score_of(state) == 8
    assert tier_at_the_stall(level, HONEST, "i-005", ("it-A",)) < Tier.RESTRAINT <= tier_at_the_stall(
        level, HONEST, "i-004")


def test_warnings_are_read_as_warnings_not_as_narration():
    """What a clause of "leave it alone" names; narration of what you did warns of nothing."""
    assert restraint_clauses("Take nothing that is not yours.") == (frozenset(),)
    assert restraint_clauses("A girl watches the sky. Let her see the whole star bloom.") == (
        frozenset({"star", "bloom"}),)
    assert restraint_clauses("Do not wake the dragon under the hill.") == (frozenset({"dragon", "hill"}),)
    assert restraint_clauses("You leave them be. Give it back its voice, and let the tide ring it.") == ()
    assert restraint_clauses("But if you leave now, the bell stays silent.") == ()


def test_tiers_are_the_documented_order():
    assert [t.name for t in sorted(Tier)] == ["DISCOVER", "READ", "CLUED", "GAMBLE", "RISKY_WAY", "FOR_GOOD",
                                              "RESTRAINT", "WAY_OUT", "LAST_RESORT", "AGAIN"]


# --- whole games ---------------------------------------------------------------------------------

def shipped(scenario_id: str, level: str, mode: str, seed: int,
            stop_after: int | None = None) -> tuple[dict, list[Action]]:
    """Bots of `level` play the adventure to its end (or only its first `stop_after` actions)."""
    config = GameConfig.make("labyrinth", [SeatConfig("bot", "A", level), SeatConfig("bot", "B", level)],
                             scenario=scenario_id, mode=mode)
    state = ENGINE.new_game(config, seed)
    bots = [BOTS[level](NoEngine(), seat, seed * 7919 + seat) for seat in range(2)]
    actions: list[Action] = []
    while not ENGINE.is_over(state) and len(actions) != stop_after:
        assert len(actions) < 5000  # a beginner in the full-size maze wanders: ~900 actions in turns
        seat = ENGINE.active_seats(state)[0]
        action = bots[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))
        state, _ = ENGINE.apply(state, action)
        actions.append(action)
    return state, actions


@pytest.mark.parametrize("mode", ["together", "turns"])
def test_even_a_beginner_does_not_walk_out_of_the_maze_at_its_first_card(mode):
    """The Thornwood Maze's gate card says going back for help means no coming back: the easy bot
    read it at random and ended every game within six actions (score -2). It now stays in while
    anything else is left to do."""
    for seed in (1000, 1001):  # the first 51 actions tell; the whole wander is in the test below
        state, actions = shipped("yewmaze", "easy", mode, seed, stop_after=51)
        assert len(actions) > 50 and not any(a.kind == "interact" and a["card"] == "i-002" for a in actions[:50])


# the lowest score careful companions reach in every game (each adventure's best is 8); on the Tower
# they now leave the star's sparks and the window's rubies alone (200 games each: 8 in every one)
CAREFUL_FLOOR = {"tutorial": 7, "saltmere": 7, "tower": 8}


@pytest.mark.parametrize("scenario_id", [scenario_id for scenario_id, _ in shipped_scenarios()])
@pytest.mark.parametrize("mode", ["together", "turns"])
@pytest.mark.parametrize("level", ["easy", "expert", "master"])
def test_bots_alone_finish_every_game_of_the_shipped_adventures(scenario_id, mode, level):
    scores = []
    for seed in range(1000, 1003):  # three games each (four until session 18: a beginner's wander is long)
        state, _ = shipped(scenario_id, level, mode, seed)
        assert state["ending"] is not None and not state["stalled"], (scenario_id, mode, level, seed)
        scores.append(score_of(state))
    if level != "easy":  # careful companions keep the favours
        assert min(scores) >= CAREFUL_FLOOR.get(scenario_id, 5), scores


@pytest.mark.parametrize("scenario_id", [scenario_id for scenario_id, _ in shipped_scenarios()])
def test_simulate_plays_each_adventure_by_its_option(scenario_id):
    from game.bots.simulate import simulate

    result = simulate("labyrinth", ["expert", "expert"], 2, 3, options={"scenario": scenario_id})
    assert result["games"] == 2 and result["cooperative"] and result["team_wins"] == 2
    assert all(score is not None for score in result["mean_score"])


@pytest.mark.parametrize("level", CAREFUL)
def test_master_and_expert_free_the_seal_and_ring_the_bell_last(level):
    """Saltmere's careful path: the seal is freed with the knife (never the lantern), and the bell
    is rung only once the pearl and the shrine lamp are done (the rising tide drowns them)."""
    state, actions = shipped("saltmere", level, "turns", 1001)
    assert ("it-A",) not in tries_on(actions, "i-006") and ("it-C",) in tries_on(actions, "i-006")
    ring = next(i for i, a in enumerate(actions) if a.get("card") == "i-015" and a["items"] == ("it-D", "it-E"))
    assert all(any(a.get("card") == card for a in actions[:ring]) for card in ("i-017", "i-018", "i-022"))
    assert all(status == "fulfilled" for status in state["prophecies"].values())


@pytest.mark.parametrize("mode", ["together", "turns"])
def test_the_held_out_adventure_is_read_well_too(mode):
    """tests/labyrinth_fixtures/clocktower.toml was written apart from the bots' tuning: the master
    still frees the keys without being scratched, winds the clock and reaches the best ending."""
    clocktower = load_scenario(FIXTURES / "clocktower.toml")
    for seed in range(3):
        state, _ = play(clocktower, "master", 2, mode, seed)
        assert state["ending"] == "e-1" and score_of(state) >= 7


def test_a_view_that_went_over_the_wire_plays_the_same():
    """At a real table every view passes through msgpack (LocalSession, LAN): same game either way."""
    games = []
    for wire in (False, True):
        state = ENGINE.start(load_scenario("saltmere"), 2, "turns")
        bots = [MasterBot(NoEngine(), seat, 5 + seat) for seat in range(2)]
        actions = []
        while not ENGINE.is_over(state):
            seat = ENGINE.active_seats(state)[0]
            view = ENGINE.view(state, seat)
            action = bots[seat].choose(unpack(pack(view)) if wire else view, ENGINE.legal_actions(state, seat))
            state, _ = ENGINE.apply(state, action)
            actions.append(action)
        games.append((actions, score_of(state)))
    assert games[0] == games[1] and games[0][1] == 8


def test_bots_are_deterministic_for_a_seed():
    for level in CAREFUL:
        assert shipped("saltmere", level, "turns", 1002)[1] == shipped("saltmere", level, "turns", 1002)[1]
