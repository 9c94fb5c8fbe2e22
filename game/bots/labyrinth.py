"""Cooperative bots for the Labyrinth. They see only their view and legal actions — never the
scenario file, never other hidden state (ruling LA-7) — so they play like the people beside them:
by reading.

`easy` explores and tries items more or less blindly: a beginner. `expert` and `master` are careful
companions. A bot lives through the whole game and keeps a `Notebook` of every text the table has
shown it (scenery, the discard pile, items, revealed prophecies, the view's last lines, what was tried
on which card and whether a favour went dark), and plays in this order (`Tier`):

1. discover a face-down card that nothing read warns about;
2. read a free card, in the order the cards are numbered;
3. try items on a card only where something read there points to them, most plausible first; on a
   two-item card only pairs where both items have a clue;
4. gamble an untried item (or a pair with one clued item) on a card not known to punish: a careful
   player would too, before anything is changed for good;
5. walk where a text said you would want something you do not hold;
6. do what a text says changes the adventure for good ("then the sea comes back into the caves");
7. leave the adventure ("this is the way home") once the rest is done;
8. clueless gambles: pairs without clues, cards that punished a wrong try, items a text speaks
   against, tries at a place warned to change for good (never at a way out: no leaving by a gamble);
9. again a try the table has already seen come back (nothing else is left).

In turns (ruling LA-5) a half-turn left over is never spent on a gamble, and once the hero has moved
nothing is spent while safe cards still wait to be discovered: the next turn comes soon enough.
`master` reads more closely than `expert` (`KNOWS_THINGS`): it knows what everyday things are for
and what the text that handed an item over says about it.

`Advisor` is the same careful companion asked for a hint by a person at the table: fed every view
the seat sees, it advises exactly what its bot's `choose` would and says why in the game's voice
(`Advice`: a gentle nudge, the exact move, what to light), from the view alone; except that where
the bot would try pair after pair at a card while the seat holds half of a thing ("Half a key"),
the advice is the other half found first, then both halves together (`Advisor.other_half_first`).
"""

from __future__ import annotations

import copy
import math
import re
from dataclasses import dataclass, replace
from enum import IntEnum
from functools import lru_cache
from typing import Any, Iterable

from game.core.engine import Engine
from game.core.rng import Rng
from game.core.types import Action, a_or_an
from game.rules.labyrinth.scenario import DIRECTIONS, OPPOSITE
from game.rules.labyrinth.wording import item_phrase

# --- words ---------------------------------------------------------------------------------------

_LETTERS = re.compile(r"[a-z]+")
_SENTENCES = re.compile(r"[^.!?]+")
_STOP = frozenset("""
a about above after again against all almost along already also am an and any are around as at away
back be been before behind being below beside between both but by came can cannot come comes could did
do does done down each even ever every far few first for from further get gets go goes going gone got
had half has have having he her here hers him his how however if in inside into is it its itself just
last least less let lie lies like long look looks made make many may me more most much must my near
never next no nobody nor not nothing now of off on once one only onto or other our out over own past
per put quite rather really same second see seem seems she should since so some someone something
somewhere still such than that the their them then there these they thing this those though through
to too toward towards under until up upon us very was way we well were what whatever when where which
while who whom whose why will with within without would yet you your yours
""".split())

# Phrases a careful reader heeds: a sentence naming a direction that says what you will want there;
# a way out of the adventure; a deed that changes it for good; a creature shying from a thing; an
# item whose own text sounds false (of two pearls, the one 'strangely perfect').
NEED_MARKERS = ("want", "need", "without", "only with", "careful", "beware", "danger", "sensible", "untied")
EXIT_PHRASES = ("way home", "way out", "climb out", "if you leave", "leave now", "no coming back",
                "no going back", "swim out", "never come back", "escape from")
FOR_GOOD_PHRASES = ("no coming back", "no going back", "for ever", "forever", "too late", "comes back into",
                    "will flood", "will drown", "never again")
AVERSION = frozenset({"flinch", "recoil", "shy", "afraid", "fear", "hate", "dread", "cower", "shrink"})
DUBIOUS = ("strangely", "too perfect", "fake", "false", "imitation", "does not look like", "worthless",
           "counterfeit", "cheap")

# How stories say "leave it alone": a deed forbidden ("do not wake", "never touch", "take nothing",
# "if you break"), a thing to be left as it is ("leave it be", "let them sleep", "keep it whole"),
# hands kept off, or what is not yours. A clause that only tells what you did ("you leave them be")
# is narration, not a warning.
_DEEDS = (r"(?:take|took|taking|touch|steal|stole|disturb|wake|woke|waken|rouse|break|spoil|harm|hurt|pick|"
          r"pluck|rob|loot|pocket|knock|damage|tamper|meddle|pry|poke|prod|grab|snatch|pinch|trespass|"
          r"desecrate|smash|crack|empty|raid|plunder|help yourself)")
RESTRAINT_PATTERNS = tuple(re.compile(pattern) for pattern in (
    r"\b(?:do not|don't|never|must not|mustn't|shall not|should not|may not|dare not|let no one|no one may|"
    r"none may|nobody may|nobody should|no one should)\s+(?:\w+\s+){0,2}?" + _DEEDS + r"\b",
    r"\b" + _DEEDS + r"\s+no\b",
    r"\bif (?:you|anyone|someone|somebody|a thief)\s+(?:\w+\s+)?" + _DEEDS + r"\b",
    r"\b(?:leave|let)\s+(?:\w+\s+){0,6}?(?:alone|be|in peace|undisturbed|untouched|unharmed|whole|intact|"
    r"sleep|slumber|rest|lie|where (?:it|they|he|she) (?:is|are|lies|lie|stands|stand))\b",
    r"\b(?:keep|stay|stays|remain|remains|must be|be left)\s+(?:\w+\s+){0,3}?(?:untouched|undisturbed|unbroken|"
    r"intact|whole|unharmed|asleep)\b",
    r"\b(?:hands off|keep your hands|look,? but|only look|with your eyes only)\b",
))
# ... and the warnings that name no thing: whatever is not yours.
GENERAL_RESTRAINT = re.compile(
    r"\b" + _DEEDS + r"\s+(?:nothing|none|anything)\b|\b(?:not yours|not your own|not for you|not for the taking|"
    r"someone else's|somebody else's|belongs? to (?:another|others|someone|somebody))\b")
_RESTRAINT_TEXT = (
    "take took taking touch steal stole disturb wake woke waken rouse break spoil harm hurt pick pluck rob loot "
    "pocket knock damage tamper meddle pry poke prod grab snatch pinch trespass desecrate smash crack empty "
    "raid plunder help yourself leave let alone peace undisturbed untouched unharmed whole intact sleep "
    "slumber rest lie lies keep stay stays remain remains left hands hand look eyes yours belong belongs "
    "another others someone somebody never dare nobody")
_NARRATION_VERBS = frozenset("must should shall may will need had could would cannot".split())
# Under a warning that names no thing ("take nothing that is not yours"), what plainly belongs to
# somebody: precious things and what a shop keeps. An item that says it was paid for is rightful.
PRECIOUS_TEXT = """
ruby rubies gem gems jewel jewels jeweller jewelry jewellery gold coin coins treasure treasures diamond
emerald sapphire necklace crown purse money riches offering offerings relic relics shop stall wares
merchant hoard alms
"""
RIGHTFUL = ("receipt", "paid", "bought", "ticket", "permit", "permission", "voucher", "given to you",
            "a gift", "yours to", "belongs to you")

# What every reader knows about things: what a common object is for. Each use pairs the words that
# name such a thing with the words of the trouble it answers; a card whose texts name the trouble
# points to an item whose name or text names the thing. Everyday knowledge, not an answer key.
USES_TEXT = (
    ("lantern lamp candle torch glow", "dark darkness blind gloom pitch see"),  # light in the dark
    ("spark flint tinder tinderbox match flame fire ember", "unlit wick dead kindle ignite"),  # a flame
    ("key", "lock locked unlock keyhole padlock door gate hasp bolt latch lid shut"),  # a key opens
    ("knife blade sharp cut saw scissors", "net cord string knot knotted tangled tangle snare thread"),
    ("oil grease", "rust rusted stiff seized winch gear hinge jammed squeak"),  # oil frees
    ("oil fuel", "dry empty fill pour bowl"),  # fuel for a lamp
    ("rope ladder", "climb chasm cliff fall swing haul untied tie hook"),  # a rope holds
    ("logbook book pen ink quill pencil chalk", "write written page sign record"),  # writing
    ("pearl shell coral", "sea"),  # what the sea makes
    ("clapper", "ring toll chime voice silent"),  # a bell's voice
)

NAME_WEIGHT, TEXT_WEIGHT, ORIGIN_WEIGHT = 2.0, 0.6, 0.3  # a shared word counts this much (x rarity)
USE_WEIGHT = 1.5  # a trouble named that an item's use answers
PICTURE_WEIGHT = 0.7  # what a picture shows counts less than what a text says
PROPHECY_WEIGHT, PROPHECY_KINSHIP = 0.5, 0.6  # a prophecy speaks of a place it shares this much with
FOUND_HERE = 0.4  # a thing is rarely the key to the place it lay
SHIES_FROM = -3.0  # a creature flinches from it
SOUNDS_FALSE = -5.0  # of two items with one letter, the one whose text sounds false waits
RESTRAINT_KINSHIP = 0.8  # a "leave it alone" names a place when it shares this much with it (rare words)


def stem(word: str) -> str:
    """A crude English stem, enough to meet 'lanterns' with 'lantern' and 'rusted' with 'rust'."""
    if word.endswith("'s"):
        word = word[:-2]
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "xes", "ches", "shes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[:-len(suffix)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
                word = word[:-1]
            break
    return word


@lru_cache(maxsize=16384)
def words_of(text: str) -> frozenset[str]:
    """The content words of a text, stemmed: what two texts can share."""
    return frozenset(stem(w) for w in _LETTERS.findall(text.lower().replace("'s ", " "))
                     if len(w) >= 3 and w not in _STOP)


@lru_cache(maxsize=16384)
def sentences_of(text: str) -> tuple[tuple[frozenset[str], bool, str], ...]:
    """(words, averse, lowercase text) per sentence; averse when a creature shies from what it names."""
    out = []
    for raw in _SENTENCES.findall(text):
        words = words_of(raw)
        if words:
            out.append((words, bool(words & AVERSION), raw.lower()))
    return tuple(out)


@lru_cache(maxsize=16384)
def handing_words(text: str) -> frozenset[str]:
    """The words of the sentences of `text` that do not say a thing is wanted: a text that hands an
    item over names it, and so does one that says you need it ("nobody climbs it without a rope"),
    which is never where it was found."""
    return frozenset().union(*(words for words, _, sentence in sentences_of(text)
                               if not any(marker in sentence for marker in NEED_MARKERS)))


USES: tuple[tuple[frozenset[str], frozenset[str]], ...] = tuple(
    (frozenset(stem(w) for w in things.split()), frozenset(stem(w) for w in troubles.split()))
    for things, troubles in USES_TEXT)


PRECIOUS = frozenset(stem(w) for w in PRECIOUS_TEXT.split())
_RESTRAINT_WORDS = frozenset(stem(w) for w in _RESTRAINT_TEXT.split())
_CLAUSE_BREAKS = re.compile(r"[.!?;:]|,? (?:and|but) ")
_PAIR_BREAKS = re.compile(r"[.!?;:,]")  # a clause that names two items together ("sunset with dusk, ...")
PAIRED = 1.0  # two items a text names together come before other pairs of the same tier
# "That belongs to somebody, but not to this one": whose a thing is not (what a try that did not fit
# says of the item), no warning to leave a place alone
NOT_THEIRS = re.compile(r"\bbelongs? to (?:someone|somebody)(?: else)?,? but not (?:to )?(?:this|that|him|her|them)\b")


@lru_cache(maxsize=16384)
def restraint_clauses(text: str) -> tuple[frozenset[str], ...]:
    """What each clause of `text` that says "leave it alone" names (its words less the warning's own;
    empty for a warning that names no thing, like "take nothing that is not yours")."""
    out = []
    for raw in _CLAUSE_BREAKS.split(NOT_THEIRS.sub(" ", text.lower().replace("\u2019", "'"))):
        clause = raw.strip(" \"'\n,-")
        words = clause.split()
        if len(words) >= 2 and words[0] == "you" and words[1] not in _NARRATION_VERBS:
            continue  # narration: what you did, not what you should
        if GENERAL_RESTRAINT.search(clause):
            out.append(frozenset())
        elif any(pattern.search(clause) for pattern in RESTRAINT_PATTERNS):
            out.append(words_of(clause) - _RESTRAINT_WORDS)
    return tuple(out)


def uses_of(words: Iterable[str]) -> frozenset[int]:
    """The uses (indices into USES) of a thing described by these words."""
    bag = set(words)
    return frozenset(index for index, (things, _) in enumerate(USES) if bag & things)


def card_order(card_id: str) -> int:
    """Interaction cards carry a sequential id like the printed backs (ruling LA-1): read in order."""
    digits = "".join(ch for ch in card_id if ch.isdigit())
    return int(digits) if digits else 0


# --- the beginner --------------------------------------------------------------------------------

def table_signature(view: dict[str, Any]) -> tuple[Any, ...]:
    """What any move but passing the turn changes: the hero, the map, the cards, items, favours and
    prophecies (a companion waiting at the way out sees whether the others did anything)."""
    return ((view.get("hero") or {}).get("number"), len(view["discard"]), int(view["favours"]["lit"]),
            tuple(str(i["card"]) for i in view["items"]),
            tuple(sorted((str(e["card"]), len(e.get("tried") or [])) for g in view["interactions"].values() for e in g)),
            tuple(sorted((str(p["card"]), str(p["state"])) for p in view["prophecies"])),
            tuple((int(m["number"]), str(m["top"])) for m in view["map"]))


class WayOutManners:
    """A companion's manners at the way out, in turns: it does not end the adventure for the others.
    When its pick would leave (the last step of a story, its climax), it passes the turn once, so
    the next seat may take that step; only if everyone passed too (the table unchanged when its turn
    comes back) does it leave. Bots alone end one round later; a person beside a bot gets the end."""

    waited_at: tuple[Any, ...] | None = None

    def mind_the_way_out(self, view: dict[str, Any], legal: list[Action], action: Action, leaves: bool) -> Action:
        end_turn = [a for a in legal if a.kind == "end_turn"]
        turn = view.get("turn") or {}
        if not leaves or not end_turn or turn.get("moved") or turn.get("interacted"):
            return action
        signature = table_signature(view)
        if self.waited_at == signature:
            return action  # a whole round passed and nobody took it: now the companion leaves
        self.waited_at = signature
        return end_turn[0]


class EasyBot(WayOutManners):
    """Random legal moves, but never undo, never a walk onto a card already discovered and never a
    try the table has already seen come back face down. Even a beginner heeds a way out that the
    table's texts name ("if you go back now … there is no coming back"): a companion who walked out
    of the full-size maze at its first card ended the evening for everyone (The Thornwood Maze: every
    game over in 2-6 actions, score -2). It leaves only when nothing else is left to do."""

    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        self.engine, self.seat, self.rng = engine, seat, Rng.from_seed(seed, f"labyrinth-bot{seat}")
        self._reader: ExpertBot | None = None  # reads the table only to see the ways out

    def useful(self, view: dict[str, Any], legal: list[Action]) -> list[Action]:
        face_down = {entry["number"] for entry in view["map"] if entry["stack"][-1]["face"] == "down"}
        tried = {(entry["card"], tuple(items)) for cards in view["interactions"].values()
                 for entry in cards for items in entry["tried"]}
        keep = [a for a in legal if (a.kind == "interact" and (a["card"], tuple(a["items"])) not in tried)
                or (a.kind == "move" and a["to"] in face_down)]
        return keep or [a for a in legal if a.kind != "undo"] or legal

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        options = self.useful(view, legal)
        staying = self.staying_in(view, options)
        turn = view.get("turn") or {}
        if not staying and (turn.get("moved") or turn.get("interacted")):
            staying = [a for a in legal if a.kind == "end_turn"]  # the rest of this turn is spent staying
        action = self.rng.choice(staying or options)
        return self.mind_the_way_out(view, legal, action, leaves=not staying and action in options)

    def staying_in(self, view: dict[str, Any], options: list[Action]) -> list[Action]:
        """The options that do not leave the adventure by a way out the texts read so far name."""
        if self._reader is None:
            self._reader = ExpertBot(self.engine, self.seat, 0)
        reader = self._reader
        reader.book.absorb(view)
        reader.held = list(view["items"])
        cards = {e["card"]: e for group in view["interactions"].values() for e in group}
        return [a for a in options if (reader.tier_of(view, a, cards) or (None,))[0] != Tier.WAY_OUT]


# --- what a careful bot remembers -----------------------------------------------------------------

Try = tuple[str, tuple[str, ...]]  # (interaction card, item ids)


class Notebook:
    """Everything a bot has read, kept for the whole game and refreshed from every view it is shown.

    Texts are filed under the scenery number they were read at (the map, the discard pile, the
    last lines of its own try on a card that turned back over); revealed prophecies are kept apart.
    All of it comes from views: a bot made mid-game rebuilds most of it from the table, since the
    discard pile keeps the texts of every card read."""

    def __init__(self) -> None:
        self.at: dict[int, dict[str, float]] = {}  # scenery number -> {text: weight}
        self.prophecies: set[str] = set()
        self.scenery: dict[int, set[str]] = {}  # scenery number -> the words its face-up cards describe it by
        self.told: set[str] = set()  # what cards said (the discard pile, the last lines): items come from these
        self.seen: set[str] = set()  # every text read, items' own included
        self.fresh: list[str] = []  # texts first read in the view being absorbed
        self.places: dict[str, set[str]] = {}  # word -> the numbers and prophecies that mention it
        self.place_of: dict[str, str] = {}  # text -> where it was first read
        self.items: dict[str, dict[str, Any]] = {}  # every item ever held, by id
        self.origin: dict[str, str | None] = {}  # item id -> the text that handed it over
        self.tries: set[Try] = set()  # every try the table saw come back face down
        self.punished: set[Try] = set()  # tries that turned a favour dark
        self.traps: set[str] = set()  # cards that punished a wrong try
        self.last: tuple[str, ...] = ()
        self.favours: int | None = None
        self.face_up: set[str] = set()
        self.mine: Action | None = None  # my last action, to file what it showed
        self.version = 0  # grows with every text filed: cached readings go stale
        self._kinship: dict[tuple[str, int], float] = {}
        self._kinship_version = -1

    # --- filing -------------------------------------------------------------------------------
    def note(self, text: str) -> None:
        if text and text not in self.seen:
            self.seen.add(text)
            self.fresh.append(text)
            self.version += 1

    def place(self, where: str, text: str) -> None:
        self.place_of.setdefault(text, where)
        for word in words_of(text):
            self.places.setdefault(word, set()).add(where)

    def file(self, number: int, text: str, weight: float = 1.0) -> None:
        texts = self.at.setdefault(number, {})
        if not text or texts.get(text, 0.0) >= weight:
            return
        self.note(text)
        self.place(str(number), text)
        texts[text] = weight
        self.version += 1

    def absorb(self, view: dict[str, Any]) -> None:
        """Read everything new on the table, and what became of the tries since the last view."""
        self.fresh = []
        for entry in view["map"]:
            for card in entry["stack"]:
                if card["face"] == "up":
                    for key, weight in (("title", 1.0), ("text", 1.0), ("picture", PICTURE_WEIGHT)):
                        self.file(entry["number"], card.get(key, ""), weight)
                        self.scenery.setdefault(entry["number"], set()).update(words_of(card.get(key, "")))
        for entry in view["discard"]:
            if entry["deck"] == "interaction" and entry["face"] == "up":
                for text in entry["texts"]:
                    self.file(entry["number"], text)
                    self.told.add(text)
        for prophecy in view["prophecies"]:
            if prophecy.get("text"):
                told = prophecy["title"] + ". " + prophecy["text"]
                if told not in self.prophecies:
                    self.prophecies.add(told)
                    self.note(told)
                    self.place(f"prophecy {prophecy['number']}", told)
        in_play = {e["card"]: e for cards in view["interactions"].values() for e in cards}
        tried_now = {(card, tuple(items)) for card, e in in_play.items() for items in e["tried"]}
        last = tuple(line["text"] for line in view["last"])
        if last != self.last:
            home = self.home_of_last(view, in_play)
            self.told.update(last)
            for text in last:
                if home is not None:
                    self.file(home, text)
                else:
                    self.note(text)
        for item in view["items"]:
            if item["card"] not in self.items:
                self.items[item["card"]] = item
                self.origin[item["card"]] = self.find_origin(item)
                self.note(item["name"] + ". " + item["text"])
        face_up = {card["card"] for entry in view["map"] for card in entry["stack"] if card["face"] == "up"}
        favours = view["favours"]["lit"]
        new_tries = tried_now - self.tries
        if self.favours is not None and favours < self.favours and new_tries:
            self.blame(new_tries, discovered=bool(face_up - self.face_up))
        self.face_up, self.favours, self.last = face_up, favours, last
        self.tries |= tried_now

    def blame(self, new_tries: set[Try], discovered: bool) -> None:
        """A favour went dark since the last view and the table tried something that came back:
        my own try is to blame, or the only try made when nothing was discovered meanwhile."""
        mine = self.mine
        guilty: set[Try] = set()
        if mine is not None and mine.kind == "interact":
            guilty = {(mine["card"], tuple(mine["items"]))} & new_tries
        if not guilty and len(new_tries) == 1 and not discovered:
            guilty = new_tries
        for card, items in guilty:
            self.punished.add((card, items))
            self.traps.add(card)

    def home_of_last(self, view: dict[str, Any], in_play: dict[str, Any]) -> int | None:
        """The scenery number the view's last lines were read at: those of my own try on a card that
        turned back over, seen before anyone else acted (a discarded card keeps its texts anyway)."""
        mine = self.mine
        if mine is None or mine.kind != "interact" or mine["card"] not in in_play:
            return None
        turn = view["turn"]
        if turn is not None and not (turn["seat"] == mine.seat and turn["interacted"]):
            return None  # the turn went round since: these lines may be anyone's
        return int(in_play[mine["card"]]["number"])

    def find_origin(self, item: dict[str, Any]) -> str | None:
        """The card text that handed this item over: of those new in this view (it came with them),
        the one naming it best; a bot that joins late looks through every card read. Scenery only
        describes a place, it hands nothing over."""
        name, text = words_of(item["name"]), words_of(item["text"])
        for candidates in ([t for t in self.fresh if t in self.told], sorted(self.told)):
            best, best_overlap = None, 0
            for doc in candidates:
                words = handing_words(doc)
                overlap = len(name & words) * 2 + len(text & words)
                if overlap > best_overlap:
                    best, best_overlap = doc, overlap
            if best is not None:
                return best
        return None

    # --- reading -------------------------------------------------------------------------------
    def specificity(self, word: str, origin: str | None = None) -> float:
        """1 for a word read at one place only, 1/n for a word read at n places: the hero's lantern
        is in every other text, a skull on one lock plate. The place an item was found does not
        count against the words that describe it (the den that names the clapper)."""
        places = self.places.get(word, set())
        if origin is not None and word in words_of(origin):
            places = places - {self.place_of.get(origin, "")}
        return 1.0 / max(1, len(places))

    def kinship(self, text: str, number: int) -> float:
        """How much `text` shares with what was read at `number`, rare words counting most."""
        if self._kinship_version != self.version:
            self._kinship, self._kinship_version = {}, self.version
        key = (text, number)
        if key not in self._kinship:
            theirs: set[str] = set()
            for doc in self.at.get(number, {}):
                theirs |= words_of(doc)
            self._kinship[key] = math.fsum(self.specificity(w) for w in words_of(text) & theirs)
        return self._kinship[key]

    def context(self, number: int) -> dict[str, float]:
        """The texts that speak of a card at `number`, with their weight: its scenery and cards, and
        the prophecies that share enough rare words with them."""
        texts = dict(self.at.get(number, {}))
        for prophecy in self.prophecies:
            if self.kinship(prophecy, number) >= PROPHECY_KINSHIP:
                texts[prophecy] = max(texts.get(prophecy, 0.0), PROPHECY_WEIGHT)
        return texts


# --- the careful companions ----------------------------------------------------------------------

class Tier(IntEnum):
    """The order a careful bot plays in (lower first); see the module docstring."""

    DISCOVER = 1
    READ = 2
    CLUED = 3
    GAMBLE = 4
    RISKY_WAY = 5
    FOR_GOOD = 6
    RESTRAINT = 7
    WAY_OUT = 8
    LAST_RESORT = 9
    AGAIN = 10


class ExpertBot(EasyBot):
    """A careful reader (see the module docstring); `master` reads more closely."""

    KNOWS_THINGS = False  # what everyday things are for, and what the place an item lay says of it
    CLUE = 1.0  # how much reading makes a clue

    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        super().__init__(engine, seat, seed)
        self.book = Notebook()
        self.held: list[dict[str, Any]] = []
        self._clues: dict[tuple[int, str], float] = {}
        self._clues_stamp: tuple[Any, ...] = ()
        self._warnings: dict[tuple[int, tuple[str, ...]], list[frozenset[str]]] = {}
        self._warnings_version = -1
        self._restrained: dict[int, bool] = {}
        self._restrained_version = -1

    # --- what the texts say of an item ----------------------------------------------------------
    def item_clue(self, number: int, item_id: str) -> float:
        """How strongly what was read at `number` points to this item (0 or less: nothing does)."""
        stamp = (self.book.version, tuple(i["card"] for i in self.held))
        if stamp != self._clues_stamp:
            self._clues, self._clues_stamp = {}, stamp
        key = (number, item_id)
        if key not in self._clues:
            self._clues[key] = math.fsum(value for _, value in self.clue_parts(number, item_id))
        return self._clues[key]

    def clue_parts(self, number: int, item_id: str) -> list[tuple[str, float]]:
        """The reasons behind `item_clue`, each with its weight (for tests and for tuning).

        A word shared with the card's texts counts by how few places mention it; the item's name
        counts more than its description; the texts of the place an item lay count less for it (a
        thing is rarely the key to where it was found). A creature shying from the thing named is a
        clue against it; of two items with one letter, the one whose text sounds false waits.
        Knowing things, a trouble the item's use answers counts ("a net" for a knife), and so, a
        little, do the words of the text that handed it over."""
        book = self.book
        item = book.items[item_id]
        name, text = words_of(item["name"]), words_of(item["text"])
        origin = book.origin.get(item_id)
        found_here = origin is not None and origin in book.at.get(number, {})
        context = book.context(number)
        context.pop(origin, None)  # the text that gave you a thing does not say where to use it
        weight_of: dict[str, float] = {}
        averse: set[str] = set()
        friendly: set[str] = set()
        for doc, weight in context.items():
            weight *= FOUND_HERE if found_here else 1.0
            for words, shy, _ in sentences_of(doc):
                for word in words:
                    weight_of[word] = max(weight_of.get(word, 0.0), weight)
                    (averse if shy else friendly).add(word)
        shy_words = averse - friendly
        strength: dict[str, float] = {w: TEXT_WEIGHT for w in text}
        strength.update({w: NAME_WEIGHT for w in name})
        if self.KNOWS_THINGS and origin:
            for word in words_of(origin) - name - text:
                strength.setdefault(word, ORIGIN_WEIGHT)
        parts: list[tuple[str, float]] = []
        for word, power in strength.items():
            if word not in weight_of:
                continue
            if word in shy_words:
                if word in name:
                    parts.append((f"shies from {word}", SHIES_FROM))
            else:
                parts.append((word, power * weight_of[word] * book.specificity(word, origin)))
        if self.KNOWS_THINGS:
            own = name | text
            for index in sorted(uses_of(own)):
                troubles = [weight_of[w] * math.sqrt(book.specificity(w, origin))
                            for w in USES[index][1] & weight_of.keys() if w not in own and w not in shy_words]
                if troubles:
                    parts.append((f"use {index}", USE_WEIGHT * max(troubles)))
        if any(phrase in item["text"].lower() for phrase in DUBIOUS):
            if any(other["letter"] == item["letter"] and other["card"] != item_id for other in self.held):
                parts.append(("sounds false", SOUNDS_FALSE))
        return parts

    def paired(self, number: int, items: tuple[str, ...]) -> bool:
        """A text read at `number` names these two items together in one clause ("sunset with dusk,
        midnight with dawn"), each by a word of its name no other item held has."""
        names = {i: words_of(self.book.items[i]["name"]) for i in self.book.items if i in {h["card"] for h in self.held}}
        own = []
        for item in items:
            others = frozenset().union(*(words for other, words in names.items() if other != item))
            own.append(names.get(item, frozenset()) - others)
        if not all(own):
            return False
        for text in self.book.at.get(number, {}):
            for clause in _PAIR_BREAKS.split(text.lower()):
                words = words_of(clause)
                if all(words & mine for mine in own):
                    return True
        return False

    def named_in(self, item_id: str, words: frozenset[str]) -> bool:
        """Words that speak of this item: its name or text, or (knowing things) the trouble it answers."""
        item = self.book.items[item_id]
        own = words_of(item["name"]) | words_of(item["text"])
        if own & words:
            return True
        return self.KNOWS_THINGS and any(words & USES[i][1] for i in uses_of(own))

    # --- what the texts warn of -----------------------------------------------------------------
    def warned(self, number: int, phrases: tuple[str, ...], items: tuple[str, ...]) -> bool:
        """A text read at `number` warns with one of `phrases` (a way out, a change for good). An
        item try counts as the warned deed only when the warning's own sentence points to one of
        its items ("with a rope you could climb out"); a free card there may be the deed itself."""
        warnings = self.warnings(number, phrases)
        if not items:
            return bool(warnings)
        return any(self.named_in(item, words) for words in warnings for item in items)

    def warnings(self, number: int, phrases: tuple[str, ...]) -> list[frozenset[str]]:
        """The words of each sentence read at `number` that says one of `phrases`."""
        if self._warnings_version != self.book.version:
            self._warnings, self._warnings_version = {}, self.book.version
        key = (number, phrases)
        if key not in self._warnings:
            self._warnings[key] = [words for text in self.book.at.get(number, {})
                                   for words, _, sentence in sentences_of(text)
                                   if any(phrase in sentence for phrase in phrases)]
        return self._warnings[key]

    def restrained(self, number: int, items: tuple[str, ...] = ()) -> bool:
        """Something read says to leave alone what lies at `number`: a warning read there, or one that
        names what was read there ("let her see the whole star bloom" where the star hangs), holds
        back every card there; one that names no thing ("take nothing that is not yours") holds back
        the free cards where precious things lie about (a free card takes; an item try gives)."""
        book = self.book
        if self._restrained_version != book.version:
            self._restrained, self._restrained_version = {}, book.version
        if number not in self._restrained:
            level = 0
            for where, text in self.read_texts():
                for named in restraint_clauses(text):
                    level = max(level, self.warns(where, named, number))
            self._restrained[number] = level
        return self._restrained[number] >= (2 if items else 1)

    def read_texts(self) -> list[tuple[str | None, str]]:
        """Every text read, with where it was read (None for an item's own text)."""
        book = self.book
        texts: list[tuple[str | None, str]] = [(str(n), t) for n, docs in book.at.items() for t in docs]
        texts += [(book.place_of.get(p), p) for p in sorted(book.prophecies)]
        texts += [(None, i["name"] + ". " + i["text"]) for i in book.items.values()]
        return texts

    def warns(self, where: str | None, named: frozenset[str], number: int) -> int:
        """How a "leave it alone" clause read at `where`, naming `named`, speaks of `number`: 2 of
        everything there, 1 of its free cards only, 0 not at all. A clause speaks of the place it
        was read at; a prophecy's of the places the prophecy speaks of, when it names a thing read
        there; another card's of a place whose scenery shows what it names (a card may tell of
        other places, a journal of a shop); a clause that names no thing, of every place where
        precious things lie about."""
        book = self.book
        if where == str(number):
            return 2
        if not named:
            here: set[str] = set()
            for doc in book.at.get(number, {}):
                here |= words_of(doc)
            return 1 if here & PRECIOUS else 0
        if where is not None and where.startswith("prophecy"):
            prophecy = next((p for p in book.prophecies if book.place_of.get(p) == where), None)
            if prophecy is None or self.book.kinship(prophecy, number) < PROPHECY_KINSHIP:
                return 0
            here = set()
            for doc in book.at.get(number, {}):
                here |= words_of(doc)
        else:
            here = book.scenery.get(number, set())
        share = math.fsum(1.0 / max(1, len(book.places.get(w, set()) - {where})) for w in named & here)
        return 2 if share >= RESTRAINT_KINSHIP else 0

    def rightful(self, item_id: str) -> bool:
        """An item whose text says it was paid for or given: using it takes nothing that is not yours."""
        text = self.book.items[item_id]["text"].lower()
        return any(phrase in text for phrase in RIGHTFUL)

    def unmet_needs(self, view: dict[str, Any], number: int) -> bool:
        """A text read next door, in a sentence naming the way to `number`, says what you will want
        there ("whatever lies that way, you will want a rope"), and no item held is named in it."""
        spots = {(e["x"], e["y"]): e for e in view["map"]}
        here = next(e for e in view["map"] if e["number"] == number)
        held = set().union(*(words_of(i["name"]) for i in view["items"])) if view["items"] else set()
        for direction, (dx, dy) in DIRECTIONS.items():
            neighbour = spots.get((here["x"] - dx, here["y"] - dy))  # `number` lies `direction` of it
            if neighbour is None or neighbour["stack"][-1]["face"] != "up":
                continue
            for text in self.book.at.get(neighbour["number"], {}):
                for words, _, sentence in sentences_of(text):
                    if direction in sentence and any(m in sentence for m in NEED_MARKERS) and not words & held:
                        return True
        return False

    @staticmethod
    def leads_out(view: dict[str, Any], number: int) -> bool:
        """A face-down card beside scenery that says going on leaves the adventure for good."""
        spots = {(e["x"], e["y"]): e for e in view["map"]}
        here = next(e for e in view["map"] if e["number"] == number)
        for dx, dy in DIRECTIONS.values():
            neighbour = spots.get((here["x"] + dx, here["y"] + dy))
            if neighbour is not None and neighbour["stack"][-1]["face"] == "up":
                top = neighbour["stack"][-1]
                said = (top.get("title", "") + ". " + top.get("text", "")).lower()
                if any(phrase in said for phrase in EXIT_PHRASES):
                    return True
        return False

    @staticmethod
    def open_ways(view: dict[str, Any]) -> list[int]:
        """Face-down scenery the hero could step on (ruling LA-4), read from the map in the view."""
        spots = {(e["x"], e["y"]): e for e in view["map"]}
        lit = view["favours"]["lit"]
        ways = []
        for entry in view["map"]:
            top = entry["stack"][-1]
            if top["face"] != "down" or lit < top["min_favours"]:
                continue
            for direction, (dx, dy) in DIRECTIONS.items():
                other = spots.get((entry["x"] + dx, entry["y"] + dy))
                if other is None or other["stack"][-1]["face"] != "up":
                    continue
                if (top["arrows"].get(direction) == other["number"]
                        or other["stack"][-1]["arrows"].get(OPPOSITE[direction]) == entry["number"]):
                    ways.append(entry["number"])
                    break
        return ways

    def safe_way(self, view: dict[str, Any], number: int) -> bool:
        return not self.leads_out(view, number) and not self.unmet_needs(view, number)

    # --- choosing -------------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.book.absorb(view)
        self.held = list(view["items"])
        action, tier = self.pick(view, legal)
        if action.kind in ("move", "interact"):
            action = self.mind_the_way_out(view, legal, action, leaves=tier == Tier.WAY_OUT)
        self.book.mine = action
        return action

    def tier_of(self, view: dict[str, Any], action: Action, cards: dict[str, Any]) -> tuple[Tier, float] | None:
        """Where an action stands in the order of play, and its rank inside its tier (lower first);
        None for what a careful bot never does (undo, a walk onto a discovered card, a try that
        cost a favour before, leaving the adventure by a gamble)."""
        book = self.book
        if action.kind == "move":
            top = next((e["stack"][-1] for e in view["map"] if e["number"] == action["to"]), None)
            if top is None or top["face"] != "down":
                return None
            if self.leads_out(view, action["to"]):
                return Tier.WAY_OUT, 0.0
            if self.unmet_needs(view, action["to"]):
                return Tier.RISKY_WAY, 0.0
            return Tier.DISCOVER, self.rng.random()
        if action.kind != "interact" or action["card"] not in cards:
            return None
        card, items = action["card"], tuple(action["items"])
        number = int(cards[card]["number"])
        out = self.warned(number, EXIT_PHRASES, items)
        lasting = self.warned(number, FOR_GOOD_PHRASES, items)
        if not items:
            restrained = self.restrained(number)
            tier = (Tier.WAY_OUT if out else Tier.RESTRAINT if restrained else Tier.FOR_GOOD if lasting
                    else Tier.READ)
            return tier, card_order(card) / 1000.0 + (10.0 if tier == Tier.RESTRAINT else 0.0)
        if (card, items) in book.punished:
            return None
        clues = [self.item_clue(number, item) for item in items]
        rank = -(min(clues) + sum(clues) / 10.0) - (PAIRED if len(items) == 2 and self.paired(number, items) else 0.0)
        need = self.CLUE * (2.0 if card in book.traps else 1.0)
        two_of_a_kind = len({book.items[i]["letter"] for i in items}) < len(items)  # rarely go together
        if (card, items) in book.tries:
            return Tier.AGAIN, rank
        clued = all(c >= need for c in clues) and not two_of_a_kind
        if self.restrained(number, items) and not (clued and all(self.rightful(item) for item in items)):
            if not clued and self.warned(number, EXIT_PHRASES, ()):
                return None  # never leave the adventure by a gamble
            return Tier.RESTRAINT, rank + (0.0 if clued else len(items))
        if clued:
            return (Tier.WAY_OUT if out else Tier.FOR_GOOD if lasting else Tier.CLUED), rank
        if self.warned(number, EXIT_PHRASES, ()):
            return None  # never leave the adventure by a gamble
        if (card in book.traps or self.warned(number, FOR_GOOD_PHRASES, ()) or min(clues) < 0
                or (len(items) == 2 and max(clues) < need)):
            return Tier.LAST_RESORT, rank + len(items)
        return Tier.GAMBLE, rank + len(items)

    def pick(self, view: dict[str, Any], legal: list[Action]) -> tuple[Action, Tier | None]:
        """The action to play and its tier (None for passing the turn and for what a careful bot
        never ranks): the way-out manners and the advice need the tier, and ranking again would
        cost a second reading of every text."""
        cards = {e["card"]: e for group in view["interactions"].values() for e in group}
        ranked = []
        tiers: dict[Action, Tier] = {}
        for action in legal:
            placed = self.tier_of(view, action, cards)
            if placed is not None:
                ranked.append((placed[0], placed[1], action.kind, action.args, action))
                tiers[action] = placed[0]
        end_turn = [a for a in legal if a.kind == "end_turn"]
        turn = view["turn"]
        patience = Tier.AGAIN
        if end_turn and (turn["moved"] or turn["interacted"]):
            patience = Tier.CLUED  # half a turn left: no gamble in it, the next turn comes soon enough
            if turn["moved"] and any(self.safe_way(view, n) for n in self.open_ways(view)):
                patience = Tier.READ  # and nothing spent while safe cards wait to be discovered
        best = min(ranked, default=None)
        if best is not None and best[0] <= patience:
            return best[-1], best[0]
        if end_turn:
            return end_turn[0], None
        chosen = self.rng.choice(self.useful(view, legal))
        return chosen, tiers.get(chosen)


class MasterBot(ExpertBot):
    """The expert reading more closely: it knows what everyday things are for and remembers where
    each item was found (see the module docstring)."""

    KNOWS_THINGS = True


BOTS = {"easy": EasyBot, "expert": ExpertBot, "master": MasterBot}


# --- the companion who advises a stuck player ------------------------------------------------------

Target = tuple[str, str]  # what to light on the table: ("tile", "7"), ("inter", card id), ("button", "end_turn")


@dataclass(frozen=True)
class Advice:
    """A careful companion's nudge: `gentle` says where to look and why (one sentence), `exact` the
    move itself; `action` is that move (None when nothing is left to advise), `targets` what the
    table lights (the place first, then any items the exact move uses), `clue` the words that
    decided it, `caution` a card a text says to leave alone for now. Every word comes from the
    seat's view or from the advisor's own phrases (LA-7)."""

    action: Action | None
    gentle: str
    exact: str
    targets: tuple[Target, ...] = ()
    tier: Tier | None = None
    clue: str = ""
    caution: str = ""  # what a text says to leave alone meanwhile ("... leave card 9 for last.")


HALF_OF = re.compile(r"\bhalf an? ([a-z]+)")  # an item that says it is "Half a key" wants its other half


class Advisor:
    """The careful companion a person may ask for a hint. It lives through the game as a bot does:
    `see` every view its seat is shown (its Notebook absorbs each), `played` what the seat did (so a
    try that came back is filed where it was made), and `advise` picks exactly what the same bot's
    `choose` would, with the clue that decided it put into words; but where that is a pair tried at
    a card while an item held is half of a thing whose other half is not (`other_half_first`), it
    points to where the other half lies. It reads only views (LA-7)."""

    def __init__(self, seat: int, level: str = "master", seed: int = 0) -> None:
        kind = ExpertBot if level == "expert" else MasterBot
        self.bot: ExpertBot = kind(None, seat, seed)  # type: ignore[arg-type]  # an advisor has no engine: views only
        # a try that came back -> the scenery on top of its place then: halves clamped at a cold vice
        # are worth clamping again once the forge is lit (`other_half_first`)
        self.tried_beside: dict[tuple[str, tuple[str, ...]], str] = {}
        self.filed_mine = True

    @property
    def seat(self) -> int:
        return self.bot.seat

    def see(self, view: dict[str, Any]) -> None:
        """Read a view the seat was shown (cheap: only what is new is filed)."""
        if view and "map" in view:
            self.bot.book.absorb(view)
            self.bot.held = list(view["items"])
            tops = {int(e["number"]): str(e["stack"][-1].get("card", "")) for e in view["map"] if e["stack"]}
            mine = self.bot.book.mine
            for number, group in view["interactions"].items():
                for entry in group:
                    for items in entry.get("tried") or []:
                        tried = (str(entry["card"]), tuple(sorted(str(i) for i in items)))
                        again = (not self.filed_mine and mine is not None and mine.kind == "interact"
                                 and tried == (str(mine["card"]), tuple(sorted(mine["items"]))))
                        if again or tried not in self.tried_beside:
                            self.tried_beside[tried] = tops.get(int(number), "")
            self.filed_mine = True

    def played(self, action: Action) -> None:
        """The seat acted: what the next view shows of it is its own doing."""
        self.bot.book.mine = action
        self.filed_mine = False

    def advise(self, view: dict[str, Any], legal: list[Action] | tuple[Action, ...]) -> Advice | None:
        """What a careful companion would do now, and why; None when the seat has nothing to do."""
        if view.get("over") or view.get("ending"):
            done = "The adventure has reached its end: there is nothing left to advise. Well played."
            return Advice(None, done, done)
        if not any(a.kind != "undo" for a in legal):
            return None
        self.see(view)
        bot = self.bot
        action, tier = bot.pick(view, list(legal))  # the very list choose() is given: the same pick
        if action.kind == "undo":
            return None  # a careful companion never advises taking back
        cards = {e["card"]: e for group in view["interactions"].values() for e in group}
        reasons = Reasons(bot, view, cards)
        halves = self.other_half_first(view, list(legal), action, cards)
        if halves is not None:
            action, tier = halves.action, halves.tier
            advice = reasons.other_half(halves)
        else:
            advice = reasons.explain(action, tier)
        caution = reasons.caution(action, legal) if tier is None or tier < Tier.RESTRAINT else ""
        return replace(advice, caution=caution) if caution else advice

    def other_half_first(self, view: dict[str, Any], legal: list[Action], action: Action, cards: dict[str, Any]
                         ) -> Halves | None:
        """A pair to try at a two-item card whose place speaks of a thing (or of halves) while the
        seat holds half of that thing ("Half a key"): tries are free, so a careful bot tries pair
        after pair there (the Tower's vice: eight before the key shaft was found, more after), but a
        person asking for the exact move wants the story moved on. Holding both halves, that is
        the two of them together there; holding one, the other half found first, at the place whose
        texts share the rarest words with the half's own description (the key bow "snapped off at
        the shaft"; the winding room reads "its shaft is rusted fast in the winding socket") by the
        bot's own best move there. Never a last resort, nor a try made before there unless the place
        has changed since (halves clamped at a cold vice come back; once the forge is lit, they are
        worth clamping again). None when nothing fits."""
        if action.kind != "interact" or len(action["items"]) != 2 or action["card"] not in cards:
            return None
        book, bot = self.bot.book, self.bot
        tried_at = int(cards[action["card"]]["number"])
        halves: dict[str, list[str]] = {}
        texts = {str(item["card"]): str(item.get("text", "")) for item in view["items"]}
        for item in view["items"]:
            found = HALF_OF.search(str(item.get("text", "")).lower())
            if found:
                halves.setdefault(stem(found.group(1)), []).append(str(item["card"]))
        spoken_here = frozenset().union(*(words_of(text) for text in book.context(tried_at)))
        for thing, held in sorted(halves.items()):
            if len(held) > 2 or not ({thing, "half", "halve"} & spoken_here):
                continue
            if len(held) == 2:
                together = Action.make(action.seat, "interact", card=action["card"], items=sorted(held))
                placed = bot.tier_of(view, together, cards) if together != action and together in legal else None
                top = next((str(e["stack"][-1].get("card", "")) for e in view["map"] if e["number"] == tried_at), "")
                then = self.tried_beside.get((str(action["card"]), tuple(sorted(held))))
                # not again where they came back (a cold vice), unless the place has changed since (the forge lit)
                if placed is not None and (placed[0] < Tier.LAST_RESORT or (placed[0] == Tier.AGAIN and then != top)):
                    return Halves(together, placed[0], held[0], thing, tried_at, "", True)
                continue
            half = held[0]
            own = words_of(texts[half]) - words_of(book.items[half]["name"]) - {thing, "half"}
            shared: dict[int, list[str]] = {}
            for number, read in book.at.items():
                words = own & frozenset().union(*(words_of(text) for text in read)) if number != tried_at else set()
                if words:  # the words that tell that place from the one tried first
                    shared[number] = sorted(words, key=lambda w: (w in spoken_here, -book.specificity(w), w))
            ranked = sorted((-math.fsum(book.specificity(w) for w in words), number) for number, words in shared.items())
            for _, number in ranked[:1]:
                moves = [(placed[0], placed[1], other.args, other) for other in legal
                         if other.kind == "interact" and other["card"] in cards
                         and int(cards[other["card"]]["number"]) == number
                         and (placed := bot.tier_of(view, other, cards)) is not None and placed[0] < Tier.LAST_RESORT]
                if moves:
                    best = min(moves)
                    return Halves(best[-1], best[0], half, thing, number, shared[number][0], False)
        return None

    def reason_for(self, view: dict[str, Any], action: Action) -> str:
        """Why a careful companion makes `action`, told of a move already chosen (a bot companion's,
        shown as it plays), from the notebook and the view the table had before it: one short
        sentence, "" when no careful reason fits."""
        if action.kind not in ("move", "interact") or "map" not in view:
            return ""
        self.see(view)
        bot = self.bot
        cards = {e["card"]: e for group in view["interactions"].values() for e in group}
        kept = copy.copy(bot.rng)  # as in advise: ranking must not change the next pick
        placed = bot.tier_of(view, action, cards)
        bot.rng = kept
        return Reasons(bot, view, cards).why(action, placed[0] if placed is not None else None)


@dataclass(frozen=True)
class Halves:
    """`Advisor.other_half_first`'s finding: the move, its tier, a half held, the thing it is half of,
    the place of the move, the word that tells that place (a lone half), and whether the move puts
    both halves together."""

    action: Action
    tier: Tier | None
    half: str
    thing: str
    number: int
    word: str
    together: bool


# Words a clue names that take no "a" (what things are made of, what is poured or burnt); the words
# whose h is silent ("an hourglass") are game.core.types.SILENT_H
STUFF = frozenset("honey smoke brass glass gold silver iron bronze copper tin wax brandy wine ink sand salt bread "
                  "bone moonlight light blood straw clay wool silk paper".split())


class Reasons:
    """Puts an advised move into the game's voice, from the notebook and the view only."""

    def __init__(self, bot: ExpertBot, view: dict[str, Any], cards: dict[str, Any]) -> None:
        self.bot, self.book, self.view, self.cards = bot, bot.book, view, cards
        self.names = {str(i["card"]): str(i["name"]) for i in view["items"]}

    # --- naming things ----------------------------------------------------------------------------
    def place(self, number: int) -> str:
        """A scenery as the table names it: "the Cellar (#3)", or "#3" while it is face down."""
        entry = next((e for e in self.view["map"] if e["number"] == number), None)
        top = entry["stack"][-1] if entry is not None else {}
        title = str(top.get("title", "")) if top.get("face") == "up" else ""
        if not title:
            return f"#{number}"
        first = title.split()[0].lower()
        article = "" if first in ("the", "a", "an") or first.endswith(("'s", "\u2019s")) \
            or self.is_name(title.split()[0]) else "the "
        return f"{article}{title} (#{number})"

    def is_name(self, word: str) -> bool:
        """A title's first word is somebody's or some place's name when the texts read write it with a
        capital in the middle of a sentence ("Hester Awake": no "the" before it; "Moonlit Well": one)."""
        if not word[:1].isupper():
            return False
        mid_sentence = re.compile(r"[a-z,;] " + re.escape(word) + r"\b")
        return any(mid_sentence.search(text) for text in self.book.seen)

    def item(self, item_id: str) -> str:
        return item_phrase(self.names.get(item_id, item_id))

    def items(self, item_ids: tuple[str, ...]) -> str:
        return " and ".join(self.item(i) for i in item_ids)

    def card_number(self, card: str) -> int:
        return int(self.cards[card]["number"])

    def surface(self, stem_word: str, texts: Iterable[str]) -> tuple[str, str] | None:
        """The word as a text wrote it, and that text: the stem 'lock' met as 'locked'."""
        for text in texts:
            for word in _LETTERS.findall(text.lower()):
                if len(word) >= 3 and stem(word) == stem_word:
                    return word, text
        return None

    def source(self, text: str, number: int) -> str:
        """Who said it: "The Cellar's text", "The prophecy of the Tide", "What was read at #3"."""
        if text in self.book.prophecies:
            return f"The prophecy of {text.split('. ')[0]}" if ". " in text else "A prophecy"
        entry = next((e for e in self.view["map"] if e["number"] == number), None)
        top = entry["stack"][-1] if entry is not None else {}
        if top.get("face") == "up" and text in (top.get("title"), top.get("text"), top.get("picture")):
            return f"The text of {self.place(number)}"
        return f"What was read at {self.place(number)}"

    def clue_for(self, number: int, item_id: str) -> tuple[str, str] | None:
        """(the clue's word as written, who wrote it) behind trying `item_id` at `number`."""
        parts = sorted(self.bot.clue_parts(number, item_id), key=lambda p: (-p[1], p[0]))  # ties: one wording every run
        context = self.book.context(number)
        texts = sorted(context, key=lambda t: -context[t])
        for label, value in parts:
            if value <= 0:
                continue
            if label.startswith("use "):
                troubles = sorted(USES[int(label[4:])][1], key=lambda w: (-self.book.specificity(w), w))
                for trouble in troubles:
                    found = self.surface(trouble, texts)
                    if found:
                        return self.quote(found[0], found[1]), self.source(found[1], number)
                continue
            found = self.surface(label, texts)
            if found:
                named = label in words_of(self.book.items[item_id]["name"]) and found[0] == label
                return (self.speaks_of(label) if named else self.quote(found[0], found[1]),
                        self.source(found[1], number))
        return None

    @staticmethod
    def quote(word: str, text: str) -> str:
        """The few words around `word` in its sentence, as the clue is read out: 'reads "… dead
        lanterns …"'."""
        for sentence in _SENTENCES.findall(text):
            words = sentence.split()
            at = next((i for i, w in enumerate(words) if _LETTERS.findall(w.lower())[:1] == [word]), None)
            if at is None:
                continue
            start, end = max(0, at - 3), min(len(words), at + 4)
            snippet = " ".join(words[start:end]).strip(",;:\"'\u201c\u201d")
            return (f"reads \u201c{'… ' if start > 0 else ''}{snippet}"
                    f"{' …' if end < len(words) else ''}\u201d")
        return f"reads \u201c{word}\u201d"

    def neighbour_of(self, number: int) -> int | None:
        """A discovered scenery beside face-down `number`, along an arrow: where to say it lies."""
        spots = {(e["x"], e["y"]): e for e in self.view["map"]}
        here = next((e for e in self.view["map"] if e["number"] == number), None)
        if here is None:
            return None
        for dx, dy in DIRECTIONS.values():
            other = spots.get((here["x"] + dx, here["y"] + dy))
            if other is not None and other["stack"][-1]["face"] == "up":
                return int(other["number"])
        return None

    def caution(self, advised: Action, legal: Iterable[Action]) -> str:
        """A free card that could be read now but that a text says to leave alone (ruling LA-7: only
        texts read): "The prophecy of the Tide warns against disturbing what lies at #9: leave card 9
        for last." Empty when there is none, or when the move advised is at that place."""
        free = sorted({str(a["card"]) for a in legal if a.kind == "interact" and not a["items"]
                       and str(a["card"]) in self.cards}, key=card_order)
        advised_at = self.card_number(str(advised["card"])) if advised.kind == "interact" else None
        for card in free:
            number = self.card_number(card)
            if number == advised_at or not self.bot.restrained(number):
                continue
            who, there = next(((self.warner(where, text), where == str(number)) for where, text in self.bot.read_texts()
                               for named in restraint_clauses(text) if self.bot.warns(where, named, number) >= 1),
                              ("A text", False))
            place = "there" if there else f"at {self.place(number)}"
            return f"{who} warns against disturbing what lies {place}: leave card {number} for last."
        return ""

    def warner(self, where: str | None, text: str) -> str:
        """Who gave a warning: a prophecy, a place's text, an item's own words."""
        if where is not None and where.startswith("prophecy"):
            return f"The prophecy of {text.split('. ')[0]}" if ". " in text else "A prophecy"
        if where is not None and where.isdigit():
            return f"What was read at {self.place(int(where))}"
        return f"The words of {text.split('. ')[0]}" if ". " in text else "A text"

    # --- the sentences ----------------------------------------------------------------------------
    def explain(self, action: Action, tier: Tier | None) -> Advice:
        if action.kind == "end_turn":
            turn = self.view.get("turn") or {}
            gentle = ("This turn's move and card are both done: pass the turn on." if turn.get("moved")
                      and turn.get("interacted") else
                      "Nothing safe is left for the rest of this turn: the next one comes soon enough.")
            return Advice(action, gentle, "End the turn.", (("button", "end_turn"),), None)
        if action.kind == "move":
            return self.walk(action, tier)
        if action.kind == "interact":
            return self.use(action, tier)
        said = action.kind.replace("_", " ")
        return Advice(action, f"Nothing read points anywhere yet: {said}.", f"{said[:1].upper()}{said[1:]}.", (), tier)

    def walk(self, action: Action, tier: Tier | None) -> Advice:
        number = int(action["to"])
        beside = self.neighbour_of(number)
        where = f" beside {self.place(beside)}" if beside is not None else ""
        target: tuple[Target, ...] = (("tile", str(number)),)
        exact = f"Move the hero to #{number} and discover it."
        if tier == Tier.WAY_OUT:
            gentle = (f"You have done all a careful reader would here. {self.place(beside or number)[:1].upper()}"
                      f"{self.place(beside or number)[1:]} speaks of a way with no coming back: when you are ready, "
                      f"#{number} lies that way.")
            return Advice(action, gentle, exact, target, tier, "way out")
        if tier == Tier.RISKY_WAY:
            gentle = (f"Everything safe is done. A text{where} says you will want something that way, and you "
                      f"lack it; still, #{number} is the only way left to look.")
            return Advice(action, gentle, exact, target, tier, "want")
        gentle = f"Scenery #{number} is still face down{where}: go and look."
        return Advice(action, gentle, exact, target, tier)

    def use(self, action: Action, tier: Tier | None) -> Advice:
        card, item_ids = str(action["card"]), tuple(str(i) for i in action["items"])
        number = self.card_number(card)
        place = self.place(number)
        target: tuple[Target, ...] = (("inter", card),) + tuple(("item", i) for i in item_ids)
        with_items = f" with {self.items(item_ids)}" if item_ids else ""
        exact = f"Try {self.items(item_ids)} on card {number}." if item_ids else f"Read card {number} beside {place}."
        if tier == Tier.WAY_OUT:
            exact = (f"Try {self.items(item_ids)} on card {number}" if item_ids else f"Read card {number}") + \
                " to leave the adventure."
            gentle = (f"You have found all a careful reader would find here. When you are ready, the way out "
                      f"is card {number}{with_items}; nothing else is left to do.")
            return Advice(action, gentle, exact, target, tier, "way out")
        if tier == Tier.FOR_GOOD:
            gentle = (f"The rest is done, and a text at {place} says card {number}{with_items} changes the "
                      f"adventure for good: now is the time for it.")
            return Advice(action, gentle, exact, target, tier, "for good")
        if tier == Tier.RESTRAINT:
            gentle = (f"A text warns against disturbing what lies at {place}; nothing safer is left to do, "
                      f"so card {number}{with_items} is what remains.")
            return Advice(action, gentle, exact, target, tier, "warning")
        if not item_ids:
            if tier == Tier.READ:
                gentle = f"Nothing at {place} has been read yet: card {number} waits there."
                exact = f"Read card {number} beside {place}: nobody has read it yet."
            else:
                gentle = f"Card {number} at {place} is the one thing left to turn over."
            return Advice(action, gentle, exact, target, tier)
        clues = [(i, self.clue_for(number, i)) for i in item_ids]
        named = [(i, c) for i, c in clues if c is not None]
        if tier == Tier.CLUED and named:
            item_id, (word, who) = named[0]
            said = f"{who} {word}"
            gentle = f"{said}: something you carry may answer it at card {number}."
            exact = (f"{said}, and you carry {self.item(item_id)}: "
                     f"try {'it' if len(item_ids) == 1 else self.items(item_ids)} on card {number}.")
            return Advice(action, gentle, exact, target, tier, word)
        if tier == Tier.GAMBLE:
            gentle = (f"Nothing read points anywhere else, and nothing warns against card {number} at {place}: "
                      f"an item of yours is worth a try there.")
            exact = f"Try {self.items(item_ids)} on card {number}: no text warns against it."
            return Advice(action, gentle, exact, target, tier)
        gentle = (f"Nothing read points anywhere any more: only a guess is left, at card {number} by {place}, "
                  f"and it may cost a favour.")
        exact = f"Try {self.items(item_ids)} on card {number}; it is a guess, and it may cost a favour."
        return Advice(action, gentle, exact, target, tier)

    def other_half(self, halves: Halves) -> Advice:
        """Both halves of a thing together, or where the other half lies (`Advisor.other_half_first`)."""
        action, number = halves.action, halves.number
        card, item_ids = str(action["card"]), tuple(str(i) for i in action["items"])
        at = self.card_number(card)
        target: tuple[Target, ...] = (("inter", card),) + tuple(("item", i) for i in item_ids)
        if halves.together:
            gentle = f"You hold both halves of the {halves.thing} now: card {at} at {self.place(at)} wants them together."
            exact = f"Try {self.items(item_ids)} on card {at}: two halves of one {halves.thing}."
            return Advice(action, gentle, exact, target, halves.tier, halves.thing)
        texts = sorted(self.book.at.get(number, {}), key=lambda t: -self.book.at[number][t])
        found = self.surface(halves.word, texts)
        said = (f"{self.source(found[1], number)} {self.quote(found[0], found[1])}" if found
                else f"What was read at {self.place(number)} speaks of it")
        name = self.item(halves.half)
        gentle = (f"{name[:1].upper()}{name[1:]} is only half a {halves.thing}, and its other half is not in your "
                  f"hands. {said}: look there, at card {at}, first.")
        move = f"try {self.items(item_ids)} on card {at}" if item_ids else f"read card {at}"
        return Advice(action, gentle, f"Find the other half first. {said}: {move}.", target, halves.tier, halves.word)

    def why(self, action: Action, tier: Tier | None) -> str:
        """The reason behind a move already made, as a sentence about it (not advice to "you")."""
        if action.kind == "move":
            number = int(action["to"])
            return {Tier.WAY_OUT: f"Everything else was done, and a text says #{number} leads out of the adventure.",
                    Tier.RISKY_WAY: f"Everything safe was done, and #{number} was the only way left to look.",
                    Tier.DISCOVER: f"#{number} was still face down."}.get(tier, "") if tier is not None else ""
        card, item_ids = str(action["card"]), tuple(str(i) for i in action["items"])
        number = self.card_number(card)
        if tier == Tier.WAY_OUT:
            return "Everything a careful reader would do was done: this is the way out of the adventure."
        if tier == Tier.FOR_GOOD:
            return f"The rest was done, and a text says card {number} changes the adventure for good."
        if tier == Tier.RESTRAINT:
            return "A text warns against it, but nothing safer was left to do."
        if not item_ids:
            return f"Nobody had read card {number} yet." if tier == Tier.READ else ""
        if tier == Tier.CLUED:
            named = [clue for clue in (self.clue_for(number, i) for i in item_ids) if clue is not None]
            if named:
                word, who = named[0]
                return f"{who} {word}."
        if tier == Tier.GAMBLE:
            return f"Nothing read pointed anywhere else, and no text warns against card {number}: worth a try."
        if tier in (Tier.LAST_RESORT, Tier.AGAIN):
            return "Nothing read pointed anywhere any more: a guess, and it may cost a favour."
        return ""

    @staticmethod
    def speaks_of(word: str) -> str:
        """'speaks of a lock' for a thing named as it is; 'says "locked"' for any other form."""
        if word in ("dark", "darkness", "gloom", "sea", "tide", "water", "fire", "rust", "oil"):
            return f"speaks of the {word}"
        if word in STUFF:
            return f"speaks of {word}"  # honey, brass, smoke: no "a"
        return f"speaks of {a_or_an(word)} {word}"
