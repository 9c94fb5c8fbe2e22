"""The Thornwood Maze played through the program (session 14's playtest): alone by mouse, keyboard,
touch and pad, two people together, in turns with bot companions; the Lamplighter's Vault with
companions. What read or played wrong, and what holds now."""

from __future__ import annotations

import copy

import pytest

from game.bots.labyrinth import Advisor, ExpertBot, MasterBot, Tier
from game.core import GameConfig, SeatConfig
from game.core.registry import find_game
from game.ui.tween import MOTION

ENGINE = find_game("labyrinth")


@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def config(*kinds: str, mode: str, scenario: str = "yewmaze") -> GameConfig:
    names = ("Ann", "Ben", "Cleo")
    seats = [SeatConfig("human" if kind == "human" else "bot", names[i], kind if kind != "human" else "expert")
             for i, kind in enumerate(kinds)]
    return GameConfig.make("labyrinth", seats, scenario=scenario, mode=mode)


# --- a companion ranks its moves once ---------------------------------------------------------------

@pytest.mark.parametrize("kind", [ExpertBot, MasterBot])
def test_a_careful_companion_ranks_each_move_once_and_its_pick_says_the_tier(kind, monkeypatch):
    """The way-out manners asked `tier_of` again for the action `pick` had just ranked (a second reading
    of every text it weighs); `pick` now hands back the tier it chose by, and `choose` plays the same
    moves: one ranking per legal action, and the pick's tier is the one `tier_of` gives."""
    cfg = config("expert", "master", mode="turns", scenario="tower")
    state = ENGINE.new_game(cfg, 3)
    bots = [kind(ENGINE, seat, 11 + seat) for seat in range(2)]
    twins = [kind(ENGINE, seat, 11 + seat) for seat in range(2)]  # the same bots, asked for their picks
    calls: list[int] = []
    real = ExpertBot.tier_of

    def counting(bot, view, action, cards):
        calls.append(1)
        return real(bot, view, action, cards)

    monkeypatch.setattr(ExpertBot, "tier_of", counting)
    checked = 0
    for _ in range(40):
        if ENGINE.is_over(state):
            break
        seat = ENGINE.active_seats(state)[0]
        view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
        twin = twins[seat]
        twin.book.absorb(view)
        twin.held = list(view["items"])
        kept = copy.copy(twin.rng)
        picked, tier = twin.pick(view, legal)
        twin.rng = kept
        if picked.kind in ("move", "interact"):
            cards = {e["card"]: e for group in view["interactions"].values() for e in group}
            rng = copy.copy(twin.rng)
            placed = real(twin, view, picked, cards)
            twin.rng = rng
            assert tier == (placed[0] if placed is not None else None)
            checked += 1
        else:
            assert tier is None
        calls.clear()
        action = bots[seat].choose(view, legal)
        ranked = len(calls)
        twin.choose(view, legal)  # keeps the twin's notebook and rng where the bot's are
        assert ranked == len(legal), (ranked, len(legal))  # choose ranked each action once, nothing again
        state, _ = ENGINE.apply(state, action)
    assert checked >= 10


def test_the_advisor_takes_the_tier_from_the_pick():
    """A hint's tier (what decides its caution) comes from the pick itself, as before the refactor."""
    cfg = config("human", mode="together", scenario="yewmaze")
    state = ENGINE.new_game(cfg, 1)
    advisor = Advisor(0, "master", 0)
    tiers = []
    for _ in range(12):
        view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
        advisor.see(view)
        advice = advisor.advise(view, legal)
        assert advice is not None and advice.action is not None
        tiers.append(advice.tier)
        advisor.played(advice.action)
        state, _ = ENGINE.apply(state, advice.action)
    assert Tier.DISCOVER in tiers and all(t is None or isinstance(t, Tier) for t in tiers)


# --- Continue counts the hints on -----------------------------------------------------------------

def open_table(cfg: GameConfig, actions=(), table_state: dict | None = None, seed: int = 7):
    from game.session import LocalSession
    from game.ui.tables import table_scene_for
    from game.ui.title import TitleScene
    from ui_helpers import make_app

    app = make_app()
    app.settings.reduced_motion = True
    app.apply_motion()
    app.push(TitleScene(app))
    session = LocalSession(cfg, seed, bot_delay=0, actions=list(actions))
    if table_state is not None:
        session.table_state = table_state  # what a save's table state gives the session on Continue
    table = table_scene_for("labyrinth")(app, session)
    app.push(table)
    return app, table, session


def finish_by_hints(app, table) -> list[dict]:
    """Ask for the exact move and do it until the adventure ends; the results' lines of the first seat."""
    import pygame

    from game.ui.labyrinth_overlays import StorySheet
    from game.ui.results import ResultsScene
    from test_labyrinth_playtest13 import ready
    from test_labyrinth_table_findings import run_until
    from ui_helpers import key

    for _ in range(40):
        if isinstance(app.scenes.top, (StorySheet, ResultsScene)) or table.game_over:
            break
        key(app, pygame.K_h)
        key(app, pygame.K_h)
        key(app, pygame.K_RETURN)
        run_until(app, lambda: isinstance(app.scenes.top, (StorySheet, ResultsScene))
                  or (table.can_act and not table.animating and app.scenes.top is table), limit=3000)
    run_until(app, lambda: isinstance(app.scenes.top, (StorySheet, ResultsScene)), limit=3000)
    if isinstance(app.scenes.top, StorySheet):
        key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.scenes.top, ResultsScene), limit=3000)
    return list(app.scenes.top.outcome.breakdown[0])


def careful_actions(scenario: str = "tutorial") -> list:
    cfg = config("human", mode="together", scenario=scenario)
    state, bot, actions = ENGINE.new_game(cfg, 7), MasterBot(None, 0, 1), []
    while not ENGINE.is_over(state):
        action = bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
        state, _ = ENGINE.apply(state, action)
        actions.append(action)
    return actions


def test_the_hint_count_is_kept_in_the_table_state_and_continue_counts_on():
    """After Continue the results said "Hints since you resumed": the count lived only in the table.
    It is now kept in the session's table state (key "labyrinth_hints", saved with the game), and a
    table opened on a saved game with a count counts on from it and says plainly "Hints"."""
    import pygame

    from test_labyrinth_playtest13 import ready
    from ui_helpers import key

    cfg = config("human", mode="together", scenario="tutorial")
    actions = careful_actions()
    kept: dict = {}
    app, table, session = open_table(cfg, table_state=kept)
    ready(app, table)
    key(app, pygame.K_h)
    key(app, pygame.K_h)
    assert table.hints_asked == 2 and kept == {"labyrinth_hints": 2}
    app.shutdown()

    app, table, session = open_table(cfg, actions=actions[:-2], table_state={"labyrinth_hints": 5})
    ready(app, table)
    assert table.opened_under_way and table.hints_asked == 5
    lines = finish_by_hints(app, table)
    hints = [line for line in lines if str(line["label"]).startswith("Hints")]
    assert hints == [{"label": "Hints", "value": table.hints_asked}] and table.hints_asked > 5, lines
    app.shutdown()


def test_a_save_without_a_count_still_says_it_counts_only_since_the_resume():
    cfg = config("human", mode="together", scenario="tutorial")
    actions = careful_actions()
    for kept in (None, {}, {"labyrinth_hints": "many"}, {"labyrinth_hints": -3}, {"labyrinth_hints": True}):
        app, table, session = open_table(cfg, actions=actions[:-1], table_state=kept)
        from test_labyrinth_playtest13 import ready

        ready(app, table)
        assert table.hints_asked == 0
        lines = finish_by_hints(app, table)
        assert {"label": "Hints since you resumed", "value": table.hints_asked} in lines, (kept, lines)
        app.shutdown()


# --- the story holds together ------------------------------------------------------------------------

def yewmaze_path(without: tuple = ()) -> dict:
    from labyrinth_adventure import AdventurePlay
    from test_labyrinth_adventure_yewmaze import CAREFUL, MAZE

    play = AdventurePlay(MAZE)
    return play.play([step for step in CAREFUL if step not in without])


def test_home_by_sunrise_does_not_say_a_woken_hester_sleeps_on():
    """Out with Pip but without giving Hester her heart, the ending read "an old woman of yew sleeps
    on" although the robin freed at the start had just woken her (#31 Hester Awake, her eyes open)."""
    state = yewmaze_path(without=(("use", "i-066", "it-I"), ("move", 33), ("use", "i-076", "it-P", "it-T")))
    view = ENGINE.view(state, 0)
    assert view["ending"]["id"] == "e-2"
    top_of_31 = next(e["stack"][-1] for e in view["map"] if e["number"] == 31)
    assert top_of_31["title"] == "Hester Awake"
    text = view["ending"]["text"]
    assert "sleeps on" not in text and "no heart in her" in text


def test_alders_letter_says_he_waited_where_he_stood():
    """Sir Alder stood in the topiary garden (#17, 'waited for Hester in her garden'), but his letter
    said he waited "at the heart of the maze"."""
    from test_labyrinth_adventure_yewmaze import MAZE

    letter = MAZE.text(MAZE.items["it-Q"].text_key)
    assert "heart of the maze" not in letter and "garden" in letter
    assert "in her garden" in MAZE.text(MAZE.prophecies["p-5"].text_key)


def advised_game(level: str = "master") -> list:
    """The Thornwood Maze played by following the hints alone: (action, advice) for each one."""
    cfg = config("human", mode="together", scenario="yewmaze")
    state, advisor, played = ENGINE.new_game(cfg, 1), Advisor(0, level, 0), []
    while not ENGINE.is_over(state) and len(played) < 200:
        view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
        advice = advisor.advise(view, legal)
        played.append((advice.action, advice))
        advisor.played(advice.action)
        state, _ = ENGINE.apply(state, advice.action)
    assert ENGINE.view(state, 0)["ending"]["id"] == "e-1" and ENGINE.view(state, 0)["score"] == 8
    return played


def test_the_hints_through_the_thornwood_maze_point_where_its_texts_point():
    """Following the hints through the maze took 88 of them for a 60-step story: the green folk
    ("each holding something of somebody else's", "That belongs to somebody") read as a warning to
    leave them alone, so the hints sent the Thorn locket, the diary and the midnight stone to each
    of the twelve before the right thing; the seed bed and the moonwell were guesses; and the great
    root ("you will never come back down") was called the way out: "Try the Coil of rope on card
    28 to leave the adventure", halfway through it (a bot companion said it left that step to you
    as the story's end). Now every try a hint gives at the heart is the one its texts point to."""
    played = advised_game("master")
    assert len(played) <= 64, len(played)
    leaving = [advice for action, advice in played if "leave the adventure" in advice.exact]
    assert leaving and all("card 34" in advice.exact for advice in leaving), [a.exact for a in leaving]
    heart = [(action, advice) for action, advice in played
             if action.kind == "interact" and action["card"] in {f"i-0{n}" for n in range(56, 77)}]
    assert heart and all(advice.tier == Tier.CLUED for _, advice in heart), \
        [(action["card"], action["items"], advice.tier) for action, advice in heart if advice.tier != Tier.CLUED]
    root = [advice for action, advice in played if action.kind == "interact" and action["card"] == "i-054"]
    assert [advice.tier for advice in root] == [Tier.FOR_GOOD]  # the rope, once, when the rest is done


def test_after_a_wrong_gift_to_a_green_figure_the_hints_still_read_the_heart():
    """A person who gives a figure the wrong thing reads "That belongs to somebody, but not to this
    one": the hints took it for a warning to leave the heart lawn alone and sent every item the party
    held to every figure of the green ring (56 wrong tries suggested in a row). Whose a thing is not
    is no warning: after the slip the hints go on to the figure each thing belongs to."""
    from game.core.types import Action

    cfg = config("human", mode="together", scenario="yewmaze")
    state, advisor = ENGINE.new_game(cfg, 1), Advisor(0, "master", 0)
    slipped, after = False, []
    while not ENGINE.is_over(state):
        view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
        advice = advisor.advise(view, legal)
        action = advice.action
        if not slipped and action.kind == "interact" and action["card"] == "i-056":
            action, slipped = Action.make(0, "interact", card="i-057", items=["it-X1"]), True
        elif slipped and action.kind == "interact":
            after.append((action["card"], action["items"], advice.tier))
        advisor.played(action)
        state, _ = ENGINE.apply(state, action)
    green_folk = [(card, items, tier) for card, items, tier in after if card in {f"i-0{n}" for n in range(56, 75)}]
    assert len(green_folk) <= 15 and all(tier == Tier.CLUED for _, _, tier in green_folk), green_folk
    assert {items for _, items, _ in green_folk} >= {(f"it-X{n}",) for n in range(1, 13)}
    assert ENGINE.view(state, 0)["score"] == 8


def test_the_hints_name_places_and_things_as_people_say_them():
    """The hints said "at the Hester Awake (#31)", "speaks of a honey", "speaks of a brass" and
    "speaks of a hourglass"."""
    from game.bots.labyrinth import Reasons

    played = advised_game("master")
    words = " ".join(f"{advice.gentle} {advice.exact}" for _, advice in played)
    assert "at Hester Awake (#31)" in words and "the Hester Awake" not in words
    assert "at The Moonwell (#25)" in words  # a place's own "The" stays
    for wrong in ("a honey", "a brass", "a smoke", "a glass", "a hourglass", "a bone"):
        assert f"speaks of {wrong}" not in words, wrong
    assert "speaks of honey" in words and "speaks of an hourglass" in words and "speaks of a rope" in words
    assert Reasons.speaks_of("key") == "speaks of a key" and Reasons.speaks_of("oil") == "speaks of the oil"


HINT_WORDS = """
import hashlib, sys
sys.path.insert(0, "tests")
from test_labyrinth_playtest14 import advised_game
words = "\\n".join(f"{advice.gentle}|{advice.exact}|{advice.caution}" for _, advice in advised_game("master"))
print(hashlib.sha256(words.encode()).hexdigest())
"""


def test_a_hint_reads_the_same_words_every_time_tabletime_runs():
    """Two clue words that weighed the same were put into words in the order of a set, which Python
    shuffles per process: the same hint read 'speaks of a poet' in one run and 'speaks of a scroll'
    in the next. Ties now go by the word."""
    import os
    import subprocess
    import sys

    digests = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", HINT_WORDS], env=env, capture_output=True, text=True,
                              timeout=300, check=True)
        digests.add(done.stdout.strip().splitlines()[-1])
    assert len(digests) == 1, digests


def careful_engine_actions(until_step: tuple) -> list:
    from game.core.types import Action
    from test_labyrinth_adventure_yewmaze import CAREFUL

    steps = CAREFUL[:CAREFUL.index(until_step)]
    return [Action.make(0, "move", to=s[1]) if s[0] == "move" else
            Action.make(0, "interact", card=s[1], items=sorted(s[2:])) for s in steps]


def test_the_hedge_shears_are_discarded_not_is():
    """At the great root the story and the log read "The Hedge shears is discarded."."""
    import pygame

    from test_labyrinth_playtest13 import ready
    from ui_helpers import key

    cfg = config("human", mode="together", scenario="yewmaze")
    app, table, session = open_table(cfg, actions=careful_engine_actions(("use", "i-054", "it-C")), seed=7)
    ready(app, table)
    key(app, pygame.K_h)
    key(app, pygame.K_h)
    assert table.hint.action["card"] == "i-054" and table.hint.action["items"] == ("it-C",)
    key(app, pygame.K_RETURN)
    ready(app, table)
    notes = [block.text for page in table.journal.pages for block in page.blocks if block.kind == "note"]
    assert "The Hedge shears are discarded." in notes and "The Storm lantern is discarded." in notes
    assert "The Hedge shears are discarded." in table.log and "The Hedge shears is discarded." not in table.log
    app.shutdown()


@pytest.mark.parametrize("cut", [12, 30, 40, 52])
def test_hints_after_continue_read_the_maze_as_well_as_from_the_start(cut):
    """A companion made mid-game (Continue, a LAN guest) rebuilds its notebook from the table and
    guesses where each item came from: it took the great root's "nobody climbs it without a stout
    rope" for where the rope was found (so the rope was no clue there) and the moonwell's use of the
    mirror for where the mirror lay, and after Continue the hints sent the silver bell and the mirror
    up the root. Now a hint after Continue takes no more steps than one followed from the start."""
    from labyrinth_adventure import AdventurePlay
    from test_labyrinth_adventure_yewmaze import CAREFUL, MAZE

    state = AdventurePlay(MAZE).play(CAREFUL[:cut])
    advisor, hints, stray = Advisor(0, "master", 0), 0, []
    while not ENGINE.is_over(state):
        advice = advisor.advise(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
        advisor.played(advice.action)
        if advice.action.kind == "interact" and advice.action["card"] == "i-054":
            stray.append(advice.action["items"])
        state, _ = ENGINE.apply(state, advice.action)
        hints += 1
    assert ENGINE.view(state, 0)["score"] == 8
    assert hints <= len(CAREFUL) - cut + 4, hints
    assert stray in ([], [("it-C",)]), stray  # the rope, and only the rope, up the great root


def test_at_the_sunrise_gate_the_hints_pair_the_stones_as_the_gate_says():
    """The gate's two face-down cards each take two stones; the hints' first pair was the midnight
    and the sunset stone ("Try the Midnight stone and the Sunset stone on card 34 to leave the
    adventure"), which fits neither. The gate now says "set two by two: SUNSET with DUSK, MIDNIGHT
    with DAWN", and two items a text names together in one clause are tried together first."""
    played = advised_game("master")
    gate = [tuple(action["items"]) for action, _ in played if action.kind == "interact"
            and action["card"] in ("i-079", "i-080")]
    assert sorted(gate) == [("it-V", "it-W"), ("it-Y", "it-Z")], gate
    assert len(played) == 60  # the careful path's length: not one hint wasted


def test_the_intro_tells_a_finger_where_the_hint_is(monkeypatch):
    """At a touch table the intro said only "Stuck? Hint (H, or Y on a gamepad)": a finger has neither.
    It names the Hint button too."""
    from game.ui.labyrinth_overlays import StorySheet
    from test_labyrinth_hints import story_sheets_said
    from test_labyrinth_table_findings import run_until
    from ui_helpers import frames

    said = story_sheets_said(monkeypatch)
    app, table, _ = open_table(config("human", mode="together"))
    frames(app, 3)
    run_until(app, lambda: isinstance(app.scenes.top, StorySheet))
    note = next(text for text in said if text.startswith("Move the hero"))
    assert "the Hint button" in note and "Hint (H, or Y on a gamepad)" in note
    app.shutdown()


def test_midsummer_morning_never_returns_a_sword_the_knight_never_had():
    """Midsummer Morning ends with the knight giving Pip back his wooden sword. A party that never
    went down the hare's tunnel (where the sword lay) and woke the knight with a picked rose reached
    it too, and read of a sword nobody had found. Pip now remembers where he dropped it first."""
    from labyrinth_adventure import AdventurePlay
    from test_labyrinth_adventure_yewmaze import CAREFUL, MAZE, swap

    play = AdventurePlay(MAZE)
    path = [step for step in CAREFUL if step not in (("use", "i-009", "it-U"), ("move", 10))]
    path = swap(("use", "i-016", "it-F"), ("use", "i-016", "it-A"), path)
    knight = path.index(("use", "i-033", "it-H"))
    path = path[:knight] + [("use", "i-022"), ("use", "i-033", "it-J1")] + path[knight + 1:]
    last = path[-1]
    state = play.play(path[:-1])
    texts = play.texts_of(state, last[1], *last[2:])
    state = play.use(state, last[1], *last[2:])
    assert ENGINE.view(state, 0)["ending"]["id"] == "e-1"
    assert any("Pip remembers his wooden sword" in text for text in texts), texts
    careful = play.play(CAREFUL[:-1])
    assert not any("Pip remembers" in text for text in play.texts_of(careful, CAREFUL[-1][1], *CAREFUL[-1][2:]))
