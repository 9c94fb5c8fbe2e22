"""Session 16: each engine checks a view the way a LAN guest needs it (`Engine.check_view`, said in
words by `view_problem`) and declares the kinds of move it offers (`Engine.action_kinds`).

A guest draws what its host sends. Session 15's `net.client.update_problem` refused views of the
wrong shape; a view of the right shape holding nonsense (a Labyrinth `mode` of "zz", a card of a
colour the match does not have, a timeline running backwards, a seat the table lacks) still
reached the table. Now the game's own rules say what an honest view of the table can be, and the
guest refuses anything else. These tests prove the check never refuses an honest view (every
game, every seat count, every seat's view and the spectator's, at every step of random games),
names each kind of nonsense, stays cheap, and that the declared move kinds are exactly the ones
the rules offer."""

from __future__ import annotations

import copy
import random
import statistics
import time
from typing import Any, Callable

import pytest

from game.core.conformance import ConformanceError, random_playouts
from game.core.engine import Engine
from game.core.registry import GAMES, find_game
from game.core.types import Action, GameConfig, SeatConfig
from game.core.view_checks import ViewProblem
from game.core.wire import pack, unpack
from lying_host15 import honest_update, with_view
from game.rules.lost_cities import ALL_COLOURS, deck_for
from net.client import action_kinds, update_problem

# every game at every seat count it takes, with each option that changes what a view holds
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("lost-cities", 2, {}), ("lost-cities", 2, {"colours": 6, "rounds": 1}), ("lost-cities", 2, {"rounds": 5}),
    *[("lost-in-time", n, {}) for n in range(2, 7)],
    ("lost-in-time", 4, {"chips": True, "disaster_skip": "action"}),
    *[("time-after-time", n, {}) for n in range(2, 5)], ("time-after-time", 3, {"ghost_redraw": True}),
    *[("labyrinth", n, {}) for n in range(1, 7)], ("labyrinth", 3, {"mode": "turns"}),
    ("labyrinth", 2, {"scenario": "saltmere"}), ("labyrinth", 4, {"scenario": "tower", "mode": "turns"}),
    ("labyrinth", 1, {"scenario": "yewmaze"}),
]
# Random games per table, every view of each at every step. Each game's conformance playouts
# (`random_playouts`, in its own test file) run the same two checks on every view of many more games,
# so these are the seat counts and options those leave aside, not the bulk (session 18: halved).
GAMES_PER_TABLE = {"lost-cities": 2, "lost-in-time": 3, "time-after-time": 2, "labyrinth": 6}


def config_for(game: str, seats: int, **options: Any) -> GameConfig:
    return GameConfig.make(game, [SeatConfig("human", f"P{i + 1}") for i in range(seats)], **options)


def honest_views(game: str, seats: int, options: dict[str, Any], seed: int, max_steps: int = 2500,
                 moves: list | None = None):
    """(seat, view as a guest receives it) for every seat and the spectator at every step of one
    random game; with `moves`, the seat's legal moves as the guest receives them are appended to
    it beside each view."""
    engine = find_game(game)
    config = config_for(game, seats, **options)
    state = engine.new_game(config, seed)
    rng = random.Random(seed)
    for step in range(max_steps):
        for seat in [*range(seats), None]:
            if moves is not None:
                legal = [] if seat is None or engine.is_over(state) else engine.legal_actions(state, seat)
                moves.append([Action.from_wire(unpack(pack(action.to_wire()))) for action in legal])
            yield seat, unpack(pack(engine.view(state, seat)))
        if engine.is_over(state):
            return
        legal = engine.legal_actions(state, rng.choice(engine.active_seats(state)))
        state, _ = engine.apply(state, rng.choice(legal))


# --- never a false alarm ----------------------------------------------------------------------------
@pytest.mark.parametrize("game, seats, options", TABLES, ids=lambda v: str(v))
def test_no_honest_view_is_ever_refused(game, seats, options):
    """Random games to their end: every view of every seat and of a spectator, at every step, as it
    arrives over the wire, passes the engine's check, and so do the seat's legal moves beside it (a
    guest refusing either would leave an honest table at the 'Table cannot be shown' card)."""
    engine = find_game(game)
    config = config_for(game, seats, **options)
    checked = 0
    for seed in range(GAMES_PER_TABLE[game]):
        moves: list = []
        for seat, view in honest_views(game, seats, options, seed, moves=moves):
            assert engine.view_problem(view, seat, config) is None, (seed, seat, engine.view_problem(view, seat, config))
            assert engine.moves_problem(view, moves[-1], seat, config) is None, \
                (seed, seat, engine.moves_problem(view, moves[-1], seat, config))
            checked += 1
    assert checked > 50


def test_the_conformance_playouts_check_every_view_too():
    """`random_playouts` (every game's conformance test) now runs `check_view` on every view: an
    engine whose check refuses an honest view fails it, naming the seat and the reason."""
    from game.rules.lost_cities import LostCities

    class Suspicious(LostCities):
        def check_view(self, view, seat, config):
            if view["deck_count"] < 30:
                raise ViewProblem("its deck is suspiciously small")

    config = config_for("lost-cities", 2, rounds=1)
    with pytest.raises(ConformanceError, match="fails check_view: its deck is suspiciously small"):
        random_playouts(Suspicious(), [config], [1])
    assert random_playouts(find_game("lost-cities"), [config], [1]).games == 1


# --- what each check refuses -----------------------------------------------------------------------
def lc_card_of_no_colour(view):
    view["expeditions"][0]["y"].append("lc-x-05")


def lc_purple_in_five_colours(view):
    view["discards"]["y"].append("lc-p-05")


def lc_expedition_falling(view):
    view["expeditions"][1]["b"] += ["lc-b-09", "lc-b-04"]


def lc_hand_twice(view):
    view["hand"][1] = view["hand"][0]


def first_ids(view: dict[str, Any], key: str) -> list[str]:
    return [entry["card"] for entry in view[key]]


Mutation = Callable[[dict[str, Any]], Any]
LIES: dict[str, list[tuple[str, Mutation, str]]] = {
    "lost-cities": [
        ("a card of a colour that does not exist", lc_card_of_no_colour, "no card of this game"),
        ("a purple card in a five-colour match", lc_purple_in_five_colours, "no card of this game"),
        ("an expedition that falls", lc_expedition_falling, "does not rise"),
        ("one card twice in the hand", lc_hand_twice, "holds a card twice"),
        ("a negative deck", lambda v: v.update(deck_count=-1), "deck_count is -1"),
        ("a deck that does not add up", lambda v: v.update(deck_count=v["deck_count"] - 1), "do not add up"),
        ("three hand sizes", lambda v: v.update(hand_sizes=[8, 8, 8]), "3 entries, not 2"),
        ("the turn of seat 3", lambda v: v.update(turn=2), "not a seat of a 2-seat table"),
        ("a phase of nonsense", lambda v: v.update(phase="zz"), "which this game does not have"),
        ("a fourth round of three", lambda v: v.update(round=4), "round is 4"),
        ("totals that are not the rounds'", lambda v: v.update(totals=[5, 0]), "not the sum of its rounds"),
        ("another number of colours", lambda v: v.update(colours=["y", "b", "w", "g", "r", "p"]), "colours"),
        ("a discard pile of another colour", lambda v: v["discards"]["y"].append("lc-b-05"), "another colour"),
        ("a score so far it has not", lambda v: v["round_scores_so_far"][0].update(y=99), "scores so far"),
    ],
    "lost-in-time": [
        ("a card face with an impossible year", lambda v: next(iter(v["cards"].values())).update(year=9999),
         "faces are not this deck's"),
        ("a timeline card that is no card", lambda v: v["timelines"][1].append({"card": "lt-999", "tilted": False}),
         "no card of this game"),
        ("a timeline running backwards", lambda v: v["timelines"][0].reverse(), "does not run in order"),
        ("hand sizes for two of three", lambda v: v.update(hand_size=v["hand_size"][:2]), "2 entries, not 3"),
        ("seven players at three seats", lambda v: v.update(players=7), "number of players is 7"),
        ("negative skips", lambda v: v.update(skips_pending=[-1, 0, 0]), "turns to lose is -1"),
        ("a direction of nonsense", lambda v: v.update(direction="sideways"), "direction"),
        ("a dealer the table lacks", lambda v: v.update(dealer=5), "not a seat of a 3-seat table"),
        ("a target year of 3000", lambda v: v.update(target_year=3000), "target year"),
        ("running totals that are not the timelines'",
         lambda v: v["running_totals"][0].update(total=1), "running totals"),
        ("a round of its own", lambda v: v.update(round=0), "round is 0"),
        ("a last move on a seat the table lacks",
         lambda v: v.update(last={"seat": 0, "kind": "vip", "card": "lt-001", "target": 9}), "target"),
    ],
    "time-after-time": [
        ("rows for two of three seats", lambda v: v.update(rows=v["rows"][:2]), "2 entries, not 3"),
        ("a row of six slots", lambda v: v["rows"][0].pop(), "6 entries, not 7"),
        ("hand sizes of four seats", lambda v: v.update(hand_size=v["hand_size"] + [3]), "4 entries, not 3"),
        ("a row of falling hours", lambda v: v["rows"][2].__setitem__(slice(0, 2), ["tt-20-a", "tt-08-a"]),
         "does not rise"),
        ("a Ghost on a row", lambda v: v["rows"][2].__setitem__(0, "tt-ghost-1"), "'tt-ghost-1', no Time card"),
        ("unseen Ghosts below zero", lambda v: v.update(ghosts_unseen=-1), "unseen Ghosts"),
        ("a draw pile below zero", lambda v: v.update(draw_count=-2), "draw_count is -2"),
        ("drawing from the left", lambda v: v.update(draw_from=(v["turn"] + 1) % 3), "right"),
        ("a winner the table lacks", lambda v: v.update(winner=7), "not a seat of a 3-seat table"),
        ("a phase of nonsense", lambda v: v.update(phase="zz"), "which this game does not have"),
        ("a slot the card does not fit", lambda v: v.update(legal_slots=[9]), "slots for the card"),
        ("an hour that does not exist", lambda v: v["hand"].__setitem__(0, "tt-25-a"), "no card of this game"),
    ],
    "labyrinth": [
        ("a mode of nonsense", lambda v: v.update(mode="zz"), "mode"),
        ("a hero off the map", lambda v: v.update(hero={"number": 999, "x": 0, "y": 0}), "off the map"),
        ("nine favours of eight", lambda v: v["favours"].update(lit=9), "favours lit is 9"),
        ("a prophecy of nonsense", lambda v: v["prophecies"][0].update(state="zz"), "prophecy's state"),
        ("a scenery card on another number's square",
         lambda v: v["map"][0]["stack"][0].update(card=v["map"][-1]["stack"][0]["card"]) if len(v["map"]) > 1
         else v["map"][0].update(number=999), "holds a card that is no scenery #"),
        ("a negative deck", lambda v: v["decks"].update(items=-1), "item deck is -1"),
        ("a score that is not its favours'", lambda v: v.update(score=v["score"] + 3), "score"),
        ("an adventure of another name", lambda v: v["scenario"].update(title="Elsewhere"), "adventure"),
        ("a text the adventure does not have", lambda v: v.update(last=[{"key": "x", "text": "made up"}]),
         "last texts"),
        ("a turn while playing together", lambda v: v.update(turn={"seat": 0, "moved": False, "interacted": False}),
         "together"),
        ("an item the adventure does not have", lambda v: v.update(items=[{"card": "zz-99"}]), "items"),
    ],
}
SEATS = {"lost-cities": 2, "lost-in-time": 3, "time-after-time": 3, "labyrinth": 2}
CASES = [(game, what, mutate, said) for game, lies in LIES.items() for what, mutate, said in lies]


@pytest.mark.parametrize("game, what, mutate, said", CASES, ids=[f"{c[0]}: {c[1]}" for c in CASES])
def test_each_kind_of_nonsense_is_refused_with_its_reason(game, what, mutate, said):
    """A true update a few moves in, one thing in its view made nonsense: the engine's check says
    what (in words), and the guest's `update_problem` refuses the update."""
    seats = SEATS[game]
    config = config_for(game, seats)
    base = honest_update(game, seats, moves=12)
    engine = find_game(game)
    assert engine.view_problem(base.view, 0, config) is None
    view = copy.deepcopy(base.view)
    mutate(view)
    problem = engine.view_problem(view, 0, config)
    assert problem is not None and said in problem, (what, problem)
    assert update_problem(config, (0,), False, with_view(base, view)) is not None


def test_the_labyrinth_in_turns_refuses_a_turn_of_a_seat_the_table_lacks():
    config = config_for("labyrinth", 2, mode="turns")
    base = honest_update("labyrinth", 2, moves=3, mode="turns")
    view = copy.deepcopy(base.view)
    view["turn"]["seat"] = 4
    assert "not a seat of a 2-seat table" in find_game("labyrinth").view_problem(view, 0, config)


def test_a_spectator_is_held_to_the_spectators_view():
    """A spectator's view holds no hand: one with a hand, or with a seat's number, is refused."""
    config = config_for("lost-cities", 2)
    spectator = honest_update("lost-cities", 2, moves=4, seat=None)
    engine = find_game("lost-cities")
    assert engine.view_problem(spectator.view, None, config) is None
    seat_view = honest_update("lost-cities", 2, moves=4, seat=0).view
    assert engine.view_problem(seat_view, None, config) == "its view is of another seat than it says"
    assert engine.view_problem({**spectator.view, "hand": seat_view["hand"]}, None, config) is not None


@pytest.mark.parametrize("garbage", [None, [], "view", 7, {"game": "lost-cities"}, {"seat": [0]}])
def test_a_view_that_is_no_map_or_nearly_empty_is_a_reason_never_an_exception(garbage):
    config = config_for("lost-cities", 2)
    problem = find_game("lost-cities").view_problem(garbage, 0, config)
    assert isinstance(problem, str) and problem


def test_an_exception_inside_a_check_is_a_reason_too():
    """Whatever a check trips on (a list where a card id goes, a map where a number goes) is said,
    never raised into the guest's network thread."""
    config = config_for("lost-in-time", 3)
    base = honest_update("lost-in-time", 3, moves=6)
    view = copy.deepcopy(base.view)
    view["last"] = {"seat": 0, "kind": "place", "card": ["lt-001"], "end": "left"}
    problem = find_game("lost-in-time").view_problem(view, 0, config)
    assert problem is not None and problem.startswith("its ")


# --- the moves offered beside a view -----------------------------------------------------------------
def with_move(update, kind: str, **args: Any):
    """`update` with one more move offered to its seat."""
    return with_view(update, update.view, legal=tuple(update.legal) + (Action.make(update.seat, kind, **args),))


def first_update(game: str, seats: int, wanted: Callable[[Any], bool], **options: Any):
    for moves in range(60):
        update = honest_update(game, seats, moves=moves, **options)
        if wanted(update):
            return update
    raise AssertionError(f"no {game} position found")


def to_move(kind: str) -> Callable[[Any], bool]:
    return lambda update: any(action.kind == kind for action in update.legal)


MOVE_LIES: list[tuple[str, str, Callable[[], Any], str]] = [
    ("time-after-time", "a slot beyond the row (it broke the table: IndexError)",
     lambda: with_view(u := first_update("time-after-time", 3, to_move("place")), u.view,
                       legal=(Action.make(0, "place", slot=9),)), "slot the card does not fit"),
    ("time-after-time", "a draw from beyond the neighbour's hand",
     lambda: with_move(u := first_update("time-after-time", 3, to_move("draw")), "draw",
                       position=u.view["hand_size"][u.view["draw_from"]] + 2), "draw's position"),
    ("time-after-time", "a reorder of a card the hand does not have",
     lambda: with_move(first_update("time-after-time", 3, to_move("reorder")), "reorder", **{"from": 40, "to": 0}),
     "reorder's card"),
    ("time-after-time", "an emergency move of two slots",
     lambda: with_move(first_update("time-after-time", 3, to_move("draw")), "shift", moves=((0, 2),)),
     "emergency move"),
    ("lost-cities", "a draw from a purple pile in five colours",
     lambda: with_move(first_update("lost-cities", 2, to_move("draw")), "draw", source="p"), "pile the match lacks"),
    ("lost-cities", "a play of a card not in hand",
     lambda: with_move(u := first_update("lost-cities", 2, to_move("play")), "play",
                       card=next(card for card in deck_for(ALL_COLOURS[:5]) if card not in u.view["hand"])),
     "not in hand"),
    ("lost-in-time", "a VIP on its own player",
     lambda: with_move(u := first_update("lost-in-time", 3, to_move("vip")), "vip",
                       card=next(action["card"] for action in u.legal if action.kind == "vip"), target=0),
     "a move on oneself"),
    ("labyrinth", "a step to a scenery not on the map",
     lambda: with_move(first_update("labyrinth", 2, to_move("move")), "move", to=99), "not on the map"),
    ("labyrinth", "a card tried with an item not held",
     lambda: with_move(first_update("labyrinth", 2, to_move("move")), "interact", card="zz", items=("zz",)),
     "not in play"),
]


@pytest.mark.parametrize("game, what, build, said", MOVE_LIES, ids=[f"{c[0]}: {c[1]}" for c in MOVE_LIES])
def test_moves_no_table_of_that_view_offers_are_refused(game, what, build, said):
    """The view is true, a move offered beside it is not one its rules could offer: the engine's
    `moves_problem` says so and the guest refuses the update (a Time After Time slot beyond the
    row used to break the table with an IndexError)."""
    update = build()
    seats = SEATS[game]
    config = config_for(game, seats)
    engine = find_game(game)
    assert engine.view_problem(update.view, 0, config) is None
    problem = engine.moves_problem(update.view, update.legal, 0, config)
    assert problem is not None and said in problem, (what, problem)
    assert update_problem(config, (0,), False, update) is not None


# --- cheap -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game, seats, options", [
    ("lost-cities", 2, {"colours": 6}), ("lost-in-time", 6, {}), ("time-after-time", 4, {}),
    ("labyrinth", 2, {"scenario": "tower"}), ("labyrinth", 2, {"scenario": "saltmere"}),
])
def test_checking_a_view_takes_well_under_a_millisecond(game, seats, options):
    """Every update a guest receives is checked on its network thread: measured on real views
    (processor time, so other work on the machine does not count), the middle one and the mean
    take well under a millisecond."""
    engine = find_game(game)
    config = config_for(game, seats, **options)
    views = [(seat, view) for seed in range(2) for seat, view in honest_views(game, seats, options, seed, 400)]
    engine.view_problem(views[0][1], views[0][0], config)  # (the Labyrinth reads its adventure once)
    spent = []
    for seat, view in views:
        start = time.thread_time_ns()
        engine.view_problem(view, seat, config)
        spent.append(time.thread_time_ns() - start)
    assert statistics.median(spent) < 1_000_000 and statistics.fmean(spent) < 1_000_000, \
        (statistics.median(spent), statistics.fmean(spent))


# --- the kinds of move each engine declares ----------------------------------------------------------
KIND_TABLES = [("lost-cities", 2, {}), ("lost-in-time", 3, {}), ("time-after-time", 2, {}),
               ("time-after-time", 4, {"ghost_redraw": True}), ("labyrinth", 2, {"mode": "turns"}),
               ("labyrinth", 1, {})]


def kinds_offered(game: str, seats: int, options: dict[str, Any], games: int) -> set[str]:
    engine = find_game(game)
    config = config_for(game, seats, **options)
    offered: set[str] = set()
    for seed in range(games):
        state = engine.new_game(config, seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if engine.is_over(state):
                break
            for seat in range(seats):
                offered.update(action.kind for action in engine.legal_actions(state, seat))
            state, _ = engine.apply(state, rng.choice(engine.legal_actions(state, rng.choice(engine.active_seats(state)))))
    return offered


def test_every_kind_the_rules_offer_is_declared_and_every_declared_kind_is_offered():
    """Random games of each game: each move the rules offer is of a declared kind, and each
    declared kind is offered somewhere (Lost Cities' undo after a card is laid, Lost in Time's
    cannot_travel, Time After Time's emergency shift and keep, the Labyrinth's end_turn in turns
    and undo after a step that reveals nothing)."""
    offered: dict[str, set[str]] = {info.game_id: set() for info in GAMES}
    for game, seats, options in KIND_TABLES:
        offered[game] |= kinds_offered(game, seats, options, games=3)
    for info in GAMES:
        declared = find_game(info.game_id).action_kinds
        assert len(set(declared)) == len(declared) and all(isinstance(kind, str) and kind for kind in declared)
        assert offered[info.game_id] == set(declared), info.game_id


def test_the_guest_reads_the_kinds_from_the_engines(monkeypatch):
    """net.client holds no list of its own: a kind an engine stops declaring is refused from a
    host at once: what it reads for each game is that engine's declaration."""
    assert {info.game_id: action_kinds(info.game_id) for info in GAMES} == \
        {info.game_id: frozenset(find_game(info.game_id).action_kinds) for info in GAMES}
    assert action_kinds("no-such-game") is None
    config = config_for("lost-cities", 2)
    update = next(u for u in (honest_update("lost-cities", 2, moves=m) for m in range(1, 8))
                  if any(a.kind == "undo" for a in u.legal))
    assert update_problem(config, (0,), False, update) is None
    engine = find_game("lost-cities")
    monkeypatch.setattr(engine, "action_kinds", ("play", "discard", "draw"), raising=False)
    assert update_problem(config, (0,), False, update) == "it offered a move Lost Cities does not have ('undo')"


def test_the_engines_refuse_an_undeclared_kind_in_the_words_of_their_declaration():
    """Lost Cities and Time After Time name a move of no declared kind as such."""
    lc = find_game("lost-cities")
    state = lc.new_game(config_for("lost-cities", 2), 1)
    turn = lc.active_seats(state)[0]
    assert "has no 'fly' action" in lc.explain_illegal(state, Action.make(turn, "fly"))
    tat = find_game("time-after-time")
    state = tat.new_game(config_for("time-after-time", 3), 1)
    turn = tat.active_seats(state)[0]
    assert tat.explain_illegal(state, Action.make(turn, "fly")) == "'fly' is not a Time After Time move"


def test_an_engine_that_declares_nothing_leaves_the_guest_checking_nothing_of_its_kinds():
    """The contract's default: no declaration (a test engine), no refusal on kinds."""
    assert Engine.action_kinds == ()
    assert Engine().view_problem({}, 0, config_for("lost-cities", 2)) is None
