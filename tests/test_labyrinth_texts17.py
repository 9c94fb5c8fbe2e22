"""The Labyrinth adventures' texts say what the game does (session 17 read-through).

Ruling LA-4 lets the hero walk to any discovered scenery and LA-4b keeps every card in play usable
from anywhere, so a text may not say a place is never seen again while the map still offers it.
The Thornwood Maze's warnings at the yew arch (i-017), the fountain (i-025, and the stair's own
paragraph i-026) and the great root (i-053) now say what is true: the old places stay walkable,
and what the closing really ends stays undone (the burrows without Hester's map; the bees untold,
who are now told so as the fountain fills). Each warning still says "for ever", the phrase the
companions' bots heed (game/bots/labyrinth.py FOR_GOOD_PHRASES), so they play as they did.

Also pinned: no card names a direction where the map has no square (the Thornwood hare loped off
north of the topiary garden, the Green Ring barred 'the way east'); the four hour stones are told
alike (the midnight stone had no carving); Hester's diary and her locket each told one way; Orla
comes out of her shop as she stood behind her counter (not in a nightcap); the tutorial's sacks are
seen before the card that digs through them; a text that hands over an item says you take it."""

from __future__ import annotations

import re

from game.bots.labyrinth import FOR_GOOD_PHRASES, sentences_of
from game.rules.labyrinth import load_scenario, match_paragraph
from game.rules.labyrinth.scenario import shipped_scenarios
from test_labyrinth_adventure_yewmaze import MAZE, WING_1, WING_2, move, play, texts_of, use

BURROWS = [("move", 5), ("use", "i-009", "it-U"), ("move", 10)]
ARCH, STAIR, BEES = ("use", "i-018", "it-G"), ("use", "i-026"), ("use", "i-024", "it-K")
BEES_UNTOLD = "Nobody told the bees, and now nobody can."


def top(card_id: str) -> str:
    return MAZE.text(f"{card_id}#top")


def every_text(scenario_id: str) -> list[str]:
    """Every text of an adventure a player reads (its intro and every keyed text but the pictures'
    prompts): titles, card tops, paragraphs, what they say, items, prophecies and endings."""
    sc = load_scenario(scenario_id)
    return [sc.intro] + [text for key, text in sc.texts.items() if not key.endswith("#picture")]


def warns_for_good(text: str, *naming: str) -> bool:
    """The bot's reading: a sentence says a FOR_GOOD phrase (and names these words, stemmed)."""
    return any(any(p in sentence for p in FOR_GOOD_PHRASES) and set(naming) <= words
               for words, _, sentence in sentences_of(text))


def test_the_arch_warns_for_ever_but_says_the_old_places_stay_walkable():
    warning = top("i-017")
    assert warns_for_good(warning, "yew", "key")  # the bot still holds the key back until the hedges are done
    assert "walk back to every place you came by" in warning and "stays undone" in warning
    wing_1 = [s for s in WING_1 if s not in BURROWS and s != ("use", "i-016", "it-F")]
    wing_1.insert(wing_1.index(ARCH), ("use", "i-016", "it-D"))  # no coin: the crow pecks, the key is taken
    through = play(wing_1)
    assert through["hero"] == 11 and "s-9b" in through["face_up"]
    back = move(through, 8)  # the scarecrow lawn is still there to walk to (LA-4) ...
    assert back["hero"] == 8
    burrows = move(back, 5)  # ... and so are the burrows, but the map stays pinned to the shut door
    assert "i-009" in burrows["in_play"] and "it-U" not in burrows["held"]
    held = [MAZE.items[i] for i in burrows["held"]]
    assert held and all(match_paragraph(MAZE.interactions["i-009"], [item]).key == "*" for item in held)


def _before_the_stair(tell_the_bees: bool) -> dict:
    steps = WING_1 + [s for s in WING_2 if s != STAIR and (tell_the_bees or s != BEES)]
    return play(steps)


def test_the_fountain_no_longer_says_the_roses_are_never_seen_again_and_they_are_not():
    warning = top("i-025")
    assert "never again see" not in warning and "stays undone" in warning
    assert warns_for_good(warning, "stair")  # still "for ever": the bot reads it as a lasting deed
    told = _before_the_stair(tell_the_bees=True)
    said = texts_of(told, "i-026")
    assert not any("the stair is gone" in line for line in said)
    assert any("every place you came by in the garden" in line for line in said)
    assert not any(BEES_UNTOLD in line for line in said)
    below = use(told, "i-026")
    assert below["hero"] == 20
    assert move(below, 11)["hero"] == 11  # the Rose Walk is a walk away (LA-4), as the text now says


def test_bees_left_untold_are_named_as_the_deed_the_fountain_ends():
    untold = _before_the_stair(tell_the_bees=False)
    assert untold["prophecies"]["p-4"] == "revealed" and "i-024" in untold["in_play"]
    said = texts_of(untold, "i-026")
    assert sum(BEES_UNTOLD in line for line in said) == 1
    below = use(untold, "i-026")
    assert "i-024" not in below["in_play"] and below["prophecies"]["p-4"] == "revealed"  # undone for good


def test_the_root_warning_no_longer_contradicts_the_climb():
    warning = top("i-053")
    assert "no way down again" not in warning and "no climbing down again" in warning
    assert warns_for_good(warning)
    climb = MAZE.text("i-054#C")
    assert "other paths still wind down to every place you came by" in climb


def test_no_adventure_claims_a_place_is_never_seen_again_or_a_way_back_is_gone():
    claims = re.compile(r"never again see|no way back|no way down again|(?:stair|way back|way) is gone for ever", re.I)
    for scenario_id, _ in shipped_scenarios():
        for text in every_text(scenario_id):
            assert not claims.search(text), (scenario_id, text)


# --- directions, names and things the texts point to -----------------------------------------------

DIRECTION_WORD = re.compile(r"\b(north|south|east|west)\b", re.I)


def sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.;:!?])\s+", text)


def test_every_direction_a_card_names_from_its_square_leads_to_a_square_of_the_map():
    """The Thornwood hare 'loped away north' from the topiary garden, where nothing lies north."""
    from game.rules.labyrinth.scenario import DIRECTIONS
    for scenario_id, _ in shipped_scenarios():
        sc = load_scenario(scenario_id)
        occupied = set(sc.positions.values())
        for key, text in sc.texts.items():
            card = key.split("#")[0]
            if not card.startswith("i-") or key.endswith("#picture"):
                continue
            x, y = sc.positions[sc.interactions[card].number]
            for direction in DIRECTION_WORD.findall(text):
                dx, dy = DIRECTIONS[direction.lower()]
                assert (x + dx, y + dy) in occupied, (scenario_id, key, direction, text)


def test_a_scenery_card_names_only_the_ways_its_arrows_show_but_for_a_wall():
    """The Green Ring said it barred 'the way east', where it has no arrow and nothing lies."""
    for scenario_id, _ in shipped_scenarios():
        sc = load_scenario(scenario_id)
        for card in sc.scenery.values():
            for sentence in sentences(sc.text(f"{card.id}#text")):
                if "wall" in sentence.lower():
                    continue
                for direction in DIRECTION_WORD.findall(sentence):
                    assert direction.lower() in card.arrows, (scenario_id, card.id, sentence)
    assert "east" not in MAZE.text("s-32#text") and "east" not in MAZE.text("s-32b#text")


def test_the_four_hour_stones_are_told_alike():
    for item_id, hour in (("it-Y", "SUNSET"), ("it-Z", "DUSK"), ("it-W", "MIDNIGHT"), ("it-V", "DAWN")):
        text = MAZE.text(f"{item_id}#text")
        assert f"Carved on it: {hour}." in text and "four hour stones" in text
    assert "Hester's four hour stones" not in MAZE.text("it-W#text")


def test_hester_gives_one_reason_for_the_seed_and_one_place_for_her_locket():
    said = " ".join(texts_of(play([("move", 2), ("move", 3)]), "i-005", "it-N1"))
    assert "takes nobody else" in said and "green folk go" not in said
    assert "take nobody else" in MAZE.text("p-10#reveal")
    assert "In the coat's pocket you find a silver locket" in MAZE.text("i-015#top")
    heart = MAZE.text("i-066#I")
    assert "hung it on my scarecrow" not in heart and "gave it to my scarecrow to keep" in heart


def test_orla_comes_out_as_she_stood_behind_her_counter():
    tower = load_scenario("tower")
    assert "behind her counter" in tower.text("i-012#top")
    assert "nightcap" not in tower.text("i-028#top") and "still in her apron" in tower.text("i-028#top")


def test_the_tutorials_sacks_are_seen_before_the_card_that_digs_through_them():
    tutorial = load_scenario("tutorial")
    assert "mouldy sacks" in tutorial.text("i-002#top")
    assert "mouldy sacks" in tutorial.text("i-001#top").lower()  # the card read on landing shows them first


def test_a_text_that_hands_over_an_item_says_you_take_it():
    """Five texts laid a thing before the hero and put it among the items without a word of taking."""
    saltmere, tutorial = load_scenario("saltmere"), load_scenario("tutorial")
    handed = [
        (MAZE, "i-003#top", "it-N1", "a key labelled SHED, and you take it."),
        (MAZE, "i-007#E", "it-Y", "warm as an ember, and you take it."),
        (MAZE, "i-024#K", "it-L", "a bottle of honey stands on the bench that was not there before, and you take it"),
        (saltmere, "i-011#A", "it-B2", "hidden where only a wrecker would look. You take it."),
        (tutorial, "i-002#top", "it-A", "perfectly dry. You take it."),
        (tutorial, "i-005#top", "it-C", "a smooth iron key. You take them both."),
    ]
    from game.rules.labyrinth.checker import all_instructions
    for sc, key, item_id, words in handed:
        assert words in sc.text(key), key
        card = key.split("#")[0]
        assert ("take", item_id) in [i for c, i in all_instructions(sc) if c == card], key
