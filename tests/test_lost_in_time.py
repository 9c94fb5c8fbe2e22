"""Lost in Time: the deck checker, the rulebook's examples, every LT ruling, conformance playouts."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from game.core import Action, GameConfig, IllegalAction, SeatConfig, events_for, find_game
from game.core.conformance import random_playouts
from game.rules.lost_in_time import (CARD_IDS, CARDS, DECK, DECK_COUNTS, ENGINE, EVENT_ERA_COUNTS, DeckError,
                                     describe_event, load_deck)

DECK_FILE = Path(__file__).resolve().parent.parent / "game" / "content" / "lost_in_time_deck.toml"
BY_YEAR = {card.year: card.id for card in DECK.cards}


def card(year: int) -> str:
    return BY_YEAR[year]


def config(n: int = 3, **options) -> GameConfig:
    return GameConfig.make("lost-in-time", [SeatConfig("human", f"P{i}") for i in range(n)], **options)


def arrange(state: dict, hands=None, timelines=None, discard=(), side=(), draw=None) -> dict:
    """Put chosen cards in place; every other card goes to the draw pile (cards stay conserved)."""
    n = len(state["hands"])
    state["hands"] = [list(h) for h in (hands or [[] for _ in range(n)])]
    state["timelines"] = [list(t) for t in (timelines or [[] for _ in range(n)])]
    state["discard"], state["side"] = list(discard), list(side)
    used = set(state["discard"]) | set(state["side"])
    for group in state["hands"] + state["timelines"]:
        used.update(group)
    rest = [c for c in CARD_IDS if c not in used]
    if draw is not None:
        rest = [c for c in rest if c not in draw] + list(draw)  # the last one is drawn first
    state["draw"] = rest
    state["tilted"] = [None] * n
    ENGINE.check_invariants(state)
    return state


def start(n: int = 3, seed: int = 1, dealer: int | None = None, **options) -> dict:
    state = ENGINE.new_game(config(n, **options), seed)
    if dealer is not None:
        state["dealer"], state["turn_index"], state["turn"] = dealer, 0, (dealer + 1) % n
    return state


def act(state: dict, seat: int, kind: str, **args):
    return ENGINE.apply(state, Action.make(seat, kind, **args))


# --- the deck (ruling LT-1) -------------------------------------------------------------------

def test_deck_counts_eras_arrows_ids_years():
    kinds = Counter(c.kind for c in DECK.cards)
    assert dict(kinds) == DECK_COUNTS and len(DECK.cards) == 75
    assert Counter(c.era for c in DECK.cards if c.kind == "event") == Counter(EVENT_ERA_COUNTS)
    for c in DECK.cards:
        assert DECK.era_of(c.year).id == c.era, c.id  # eras consistent with years
        assert c.arrow in ("past", "future") and 0 <= c.chips <= 2 and c.title and c.caption
    for era in EVENT_ERA_COUNTS:
        arrows = Counter(c.arrow for c in DECK.cards if c.kind == "event" and c.era == era)
        assert abs(arrows["past"] - arrows["future"]) <= 1, era
    for kind in ("vip", "disaster"):
        arrows = Counter(c.arrow for c in DECK.cards if c.kind == kind)
        assert abs(arrows["past"] - arrows["future"]) <= 1, kind
    ids = [c.id for c in DECK.cards]
    assert len(set(ids)) == 75 and all(i.startswith("lt-") and len(i) == 6 for i in ids)
    assert len({c.year for c in DECK.cards}) == 75  # years distinct across the deck
    assert "chronos" not in " ".join(ids).lower()


def test_deck_has_the_rulebook_examples_and_recent_years():
    disasters = {c.year: c.title for c in DECK.cards if c.kind == "disaster"}
    assert "Vesuvius" in disasters[79] and "Somme" in disasters[1916] and 2001 in disasters
    modern = sorted(c.year for c in DECK.cards if c.era == "modern" and c.kind == "event")
    for decade in (1980, 1990, 2000, 2010, 2020):
        assert any(decade <= y < decade + 10 for y in modern), decade
    assert CARDS[card(1989)].title == "Fall of the Berlin Wall"


@pytest.mark.parametrize("old, new, message", [
    ('year = 1989', 'year = "1989"', r"card lt-045: field 'year' must be an integer"),
    ('era = "modern"\narrow = "future"\nchips = 0\ncaption = "A border',
     'era = "renaissance"\narrow = "future"\nchips = 0\ncaption = "A border', r"card lt-045: field 'era'"),
    ('arrow = "future"\nchips = 0\ncaption = "A border', 'arrow = "up"\nchips = 0\ncaption = "A border',
     r"card lt-045: field 'arrow'"),
    ('caption = "A border opens by mistake at a press conference, and stays open."\n', '\n',
     r"card lt-045: missing field 'caption'"),
    ('year = 1989', 'year = 1916', r"card lt-072: field 'year' 1916 is also the year of lt-045"),
])
def test_loader_names_card_and_field(tmp_path, old, new, message):
    text = DECK_FILE.read_text("utf-8")
    assert text.count(old) == 1
    bad = tmp_path / "deck.toml"
    bad.write_text(text.replace(old, new), "utf-8")
    with pytest.raises(DeckError, match=message):
        load_deck(bad)


def test_loader_reports_broken_toml(tmp_path):
    bad = tmp_path / "deck.toml"
    bad.write_text("[[card]\nid = ", "utf-8")
    with pytest.raises(DeckError, match="not valid TOML"):
        load_deck(bad)


# --- golden cases from the rulebook (ruling LT-10) ---------------------------------------------

def finish(state: dict) -> dict:
    state["over"] = True
    return state


def test_rulebook_example_2009_and_2041():
    state = arrange(start(2), timelines=[[card(79), card(1453), card(1989)],
                                         [card(1916), card(1994), card(2001)]])
    outcome = ENGINE.result(finish(state))
    assert outcome.scores == (2009, 2041)  # 1989 + 20 (Vesuvius); 2001 + 20 + 20 (itself and the Somme)
    assert outcome.winners == (0,)
    lines = {line["label"]: line["value"] for line in outcome.breakdown[1]}
    assert lines["Total"] == 2041 and lines["Beyond 2031?"] == "yes: lost"


def test_everybody_beyond_2031_nobody_wins_and_empty_timeline_has_no_total():
    state = arrange(start(3), timelines=[[card(1916), card(2001)], [card(2011), card(2024)], []])
    outcome = ENGINE.result(finish(state))
    assert outcome.scores == (2041, 2044, None) and outcome.winners == ()
    assert outcome.ranking[-1] == (2,)
    assert "nobody" in outcome.summary.lower()


def test_on_2031_counts_and_ties_go_to_the_longer_timeline():
    # 2021 + VIP (1969) = 2031 exactly: landing on 2031 is allowed; 2011 Disaster alone is 2031 too
    state = arrange(start(3), timelines=[[card(1969), card(2021)], [card(2011)], [card(1994)]])
    outcome = ENGINE.result(finish(state))
    assert outcome.scores == (2031, 2031, 1994)
    assert outcome.winners == (0,) and outcome.ranking[:2] == ((0,), (1,))
    names = finish(state)["names"]  # the summary says why the other 2031 lost (it said only who won)
    assert outcome.summary == (f"{names[0]} wins, landing in 2031. {names[1]} landed there too: "
                               "the longer timeline wins.")


def test_ties_then_chips_then_shared_win():
    # Alexander (VIP, -331, 1 chip) + 1512 (2 chips) = 1522; 313 (0) + 1522 (1) = 1522: chips decide
    a = [card(-331), card(1512)]
    by_chips = ENGINE.result(finish(arrange(start(2), timelines=[a, [card(313), card(1522)]])))
    assert by_chips.winners == (0,) and by_chips.summary.endswith("with as many cards: more payment chips win.")
    assert ENGINE.result(finish(arrange(start(2), timelines=[[card(313), card(1522)], a]))).winners == (1,)
    # -447 (2 chips) + 1522 (1 chip): same total, length and chips -> a shared win (RULINGS LT-10)
    outcome = ENGINE.result(finish(arrange(start(2), timelines=[a, [card(-447), card(1522)]])))
    assert outcome.winners == (0, 1) and outcome.draw and outcome.ranking[0] == (0, 1)


def test_chip_variant_adds_three_years_per_chip():
    timeline = [card(-331), card(1512)]  # 3 chips
    plain = ENGINE.result(finish(arrange(start(2), timelines=[timeline, []])))
    variant = ENGINE.result(finish(arrange(start(2, chips=True), timelines=[timeline, []])))
    assert plain.scores[0] == 1522 and variant.scores[0] == 1522 + 9
    assert {"label": "Chip bonus (3 × 3)", "value": 9} in variant.breakdown[0]


# --- setup, turns and rounds (rulings LT-2, LT-3, LT-6, G-1) ----------------------------------

@pytest.mark.parametrize("n", [1, 7])
def test_two_to_six_players_only(n):
    with pytest.raises(IllegalAction, match="2–6 seats"):
        ENGINE.new_game(config(n), 1)


def test_setup_deals_five_left_of_dealer_starts_and_future_first():
    dealers = set()
    for seed in range(12):
        state = ENGINE.new_game(config(4), seed)
        dealers.add(state["dealer"])
        assert [len(h) for h in state["hands"]] == [5, 5, 5, 5] and len(state["draw"]) == 75 - 20
        assert state["direction"] == "future" and state["turn"] == (state["dealer"] + 1) % 4
    assert len(dealers) > 1  # the first dealer is drawn at random


def play_round_passing(state: dict) -> dict:
    """Every seat passes and places its first fitting card (or cannot travel)."""
    start_round = state["round"]
    while state["round"] == start_round and not state["over"]:
        seat = state["turn"]
        if state["phase"] == "action":
            state, _ = act(state, seat, "pass")
        state, _ = ENGINE.apply(state, ENGINE.legal_actions(state, seat)[0])
    return state


def test_dealer_acts_last_and_the_deal_passes_left():
    state = start(3, dealer=2)
    order = []
    while state["round"] == 1:
        order.append(state["turn"])
        seat = state["turn"]
        state, _ = act(state, seat, "pass")
        state, _ = ENGINE.apply(state, ENGINE.legal_actions(state, seat)[0])
    assert order == [0, 1, 2]
    assert state["dealer"] == 0 and state["turn"] == 1  # new dealer 0, seat 1 starts (G-1: left = +1)


def test_turn_is_one_action_then_travel():
    state = start(3, dealer=0)
    with pytest.raises(IllegalAction, match=r"first your action \(skip it, play a VIP or a Disaster on an opponent, or discard\)"):
        act(state, 1, "place", card=state["hands"][1][0])
    with pytest.raises(IllegalAction, match="it is not your turn: .+ is playing"):
        act(state, 2, "pass")
    state, _ = act(state, 1, "pass")
    assert state["phase"] == "travel"
    with pytest.raises(IllegalAction, match="now place a card"):
        act(state, 1, "pass")


def test_direction_follows_the_discard_top_and_refill_starts_left_of_new_dealer():
    # ruling LT-6 and LT-5b: the second discarded card lands on top and sets the next direction
    past_card, future_card = card(1689), card(1682)
    assert CARDS[past_card].arrow == "past" and CARDS[future_card].arrow == "future"
    state = start(2, dealer=1)
    arrange(state, hands=[[card(1453), card(1969)], [past_card, future_card, card(1805)]],
            draw=[card(-776), card(-490), card(-447)])
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 0, "place", card=card(1453))
    state, _ = act(state, 1, "discard", cards=[future_card, past_card])
    assert state["discard"][-1] == past_card
    state, events = act(state, 1, "place", card=card(1805))
    assert state["direction"] == "past" and state["dealer"] == 0 and state["round"] == 2
    rounds = [e for e in events_for(events, None) if e.kind == "round_start"]
    assert rounds[0]["dealer"] == 0 and rounds[0]["direction"] == "past" and rounds[0]["card"] == past_card
    assert [e["seat"] for e in events_for(events, 1) if e.kind == "deal"] == [1, 0]
    assert {card(-447), card(-490), card(-776)} <= set(state["hands"][1])  # seat 1 (left of dealer 0) first


def test_direction_stays_when_nothing_was_ever_discarded():
    state = play_round_passing(start(3, dealer=0))
    assert state["round"] == 2 and state["direction"] == "future"


# --- placement (ruling LT-4) ------------------------------------------------------------------

def test_placement_only_at_the_allowed_end_never_in_between():
    state = start(2, dealer=1)
    arrange(state, hands=[[card(1066), card(1776), card(1994)], []], timelines=[[card(1492), card(1903)], []])
    state, _ = act(state, 0, "pass")
    legal = {a["card"] for a in ENGINE.legal_actions(state, 0)}
    assert legal == {card(1994)}  # future: strictly younger than 1903, at the right end
    with pytest.raises(IllegalAction, match="cards never go in between"):
        act(state, 0, "place", card=card(1776))
    state, events = act(state, 0, "place", card=card(1994))
    assert state["timelines"][0] == [card(1492), card(1903), card(1994)]
    assert events[0].kind == "place" and events[0]["end"] == "right"


def test_past_goes_to_the_left_and_empty_timeline_takes_anything():
    state = start(2, dealer=1)
    state["direction"] = "past"
    arrange(state, hands=[[card(1066), card(1776)], [card(2024)]], timelines=[[card(1492)], []])
    state, _ = act(state, 0, "pass")
    assert [a["card"] for a in ENGINE.legal_actions(state, 0)] == [card(1066)]
    state, _ = act(state, 0, "place", card=card(1066))
    assert state["timelines"][0] == [card(1066), card(1492)]
    state, _ = act(state, 1, "pass")
    assert [a["card"] for a in ENGINE.legal_actions(state, 1)] == [card(2024)]  # any card on empty


# --- VIP and Disaster (ruling LT-5) -----------------------------------------------------------

def test_vip_steals_blindly_and_only_thief_and_victim_see_the_card():
    state = start(3, dealer=2)
    vip = card(1687)
    arrange(state, hands=[[vip, card(1994)], [card(1453), card(1522)], [card(313)]])
    state, events = act(state, 0, "vip", card=vip, target=1)
    stolen = next(c for c in state["hands"][0] if c not in (card(1994),))
    assert stolen in (card(1453), card(1522)) and len(state["hands"][1]) == 1
    assert state["side"] == [vip] and state["discard"] == []  # side pile: never sets the direction
    for seat in (0, 1):
        assert any(e.kind == "steal" and e.get("card") == stolen for e in events_for(events, seat))
    assert all(e.get("card") != stolen for e in events_for(events, 2) + events_for(events, None))
    assert any(e.kind == "steal" and e.get("card") is None for e in events_for(events, 2))
    assert stolen not in str(ENGINE.view(state, 2)) and stolen in ENGINE.view(state, 0)["hand"]


def test_vip_and_disaster_only_on_opponents():
    state = start(3, dealer=2)
    arrange(state, hands=[[card(1687), card(1916)], [], [card(313)]])
    kinds = {(a.kind, a.get("target")) for a in ENGINE.legal_actions(state, 0)}
    assert ("vip", 2) in kinds and ("vip", 1) not in kinds  # nothing to steal from seat 1
    assert ("disaster", 1) in kinds and ("disaster", 2) in kinds and ("disaster", 0) not in kinds
    with pytest.raises(IllegalAction, match="on an opponent"):
        act(state, 0, "disaster", card=card(1916), target=0)


def test_disaster_victim_loses_whole_turn_twice_in_a_row():
    state = start(3, dealer=2)
    arrange(state, hands=[[card(1916), card(1883), card(1994)], [card(1453), card(1492)], [card(313), card(476)]])
    state, _ = act(state, 0, "disaster", card=card(1916), target=1)
    state, events = act(state, 0, "place", card=card(1994))
    assert any(e.kind == "turn_lost" and e["seat"] == 1 for e in events)
    assert state["turn"] == 2 and state["skips"][1] == 0 and state["timelines"][1] == []
    # two more Disasters on seat 1 -> it loses its next two turns, with no penalty for not travelling
    state["skips"][1] = 2
    before = list(state["timelines"][1])
    for _ in range(3):  # the rest of round 1, then rounds 2 and 3
        state = play_round_passing(state)
    assert state["timelines"][1] == before and state["tilted"][1] is None and state["skips"][1] == 0


def test_disaster_option_action_skips_only_the_action():
    state = start(3, dealer=2, disaster_skip="action")
    arrange(state, hands=[[card(1916), card(1994)], [card(1453), card(1492)], [card(313)]])
    state, _ = act(state, 0, "disaster", card=card(1916), target=1)
    state, events = act(state, 0, "place", card=card(1994))
    assert any(e.kind == "action_lost" for e in events)
    assert state["turn"] == 1 and state["phase"] == "travel"
    assert {a.kind for a in ENGINE.legal_actions(state, 1)} == {"place"}


# --- discarding (rulings LT-5b, LT-8) ---------------------------------------------------------

def test_no_cheating_discard_but_vip_and_disaster_are_exempt():
    state = start(2, dealer=1)
    arrange(state, hands=[[card(1994), card(1453), card(1883)], [card(313)]], timelines=[[card(1903)], []])
    legal = ENGINE.legal_actions(state, 0)
    discards = [tuple(a["cards"]) for a in legal if a.kind == "discard"]
    assert (card(1994),) not in discards and (card(1453), card(1994)) not in discards
    assert (card(1453),) in discards and (card(1883), card(1453)) in discards and (card(1453), card(1883)) in discards
    with pytest.raises(IllegalAction, match="cheating") as refusal:
        act(state, 0, "discard", cards=[card(1994)])
    assert str(refusal.value).startswith("keep Channel Tunnel opens (1994):")  # which card to keep
    # a Disaster on an opponent may leave you unable to travel: exempt (ruling LT-8)
    state2 = arrange(start(2, dealer=1), hands=[[card(1883), card(1453)], [card(313)]], timelines=[[card(1903)], []])
    state2, _ = act(state2, 0, "disaster", card=card(1883), target=1)
    assert ENGINE.legal_actions(state2, 0) == [Action.make(0, "cannot_travel")]


def test_discarding_is_free_when_you_could_not_travel_anyway():
    state = arrange(start(2, dealer=1), hands=[[card(1453), card(1066)], [card(313)]], timelines=[[card(1903)], []])
    assert Action.make(0, "discard", cards=[card(1453), card(1066)]) in ENGINE.legal_actions(state, 0)


# --- unable to travel (rulings LT-7, LT-11) ---------------------------------------------------

def test_tilt_then_loss_of_the_tilted_card_next_round():
    state = arrange(start(2, dealer=1), hands=[[card(1453)], [card(313)]], timelines=[[card(1492), card(1989)], []])
    state, _ = act(state, 0, "pass")
    state, events = act(state, 0, "cannot_travel")
    assert state["tilted"][0] == card(1989) and any(e.kind == "tilt" for e in events)
    assert ENGINE.view(state, 1)["timelines"][0][1] == {"card": card(1989), "tilted": True}
    state, _ = act(state, 1, "pass")
    state, _ = act(state, 1, "place", card=card(313))
    # round 2 (still future): unable again -> 1989 goes to the side pile, no new tilt
    state = arrange(state, hands=[[card(1453)], state["hands"][1]], timelines=[[card(1492), card(1989)], state["timelines"][1]])
    state["tilted"][0] = card(1989)
    state["turn"], state["phase"] = 0, "action"
    state["turn_index"] = (0 - state["dealer"] - 1) % 2
    state, _ = act(state, 0, "pass")
    state, events = act(state, 0, "cannot_travel")
    assert state["timelines"][0] == [card(1492)] and card(1989) in state["side"]
    assert state["tilted"][0] is None and any(e.kind == "card_lost" for e in events)
    assert ENGINE.result(state) is None


def test_travelling_straightens_and_a_tilt_survives_a_lost_turn():
    state = arrange(start(2, dealer=1), hands=[[card(2007)], [card(1916), card(313)]],
                    timelines=[[card(1492), card(1989)], []])
    state["tilted"][0] = card(1989)
    state["skips"][0] = 1  # the Disaster-lost turn neither turns nor removes a card
    state["turn_index"] = 0
    ENGINE._begin_turn(state, [])
    assert state["turn"] == 1 and state["tilted"][0] == card(1989)
    state["turn_index"], state["skips"][0] = 0, 0
    ENGINE._begin_turn(state, [])
    state, _ = act(state, 0, "pass")
    state, events = act(state, 0, "place", card=card(2007))
    assert state["tilted"][0] is None and any(e.kind == "straighten" for e in events)


def test_empty_hand_at_placement_is_unable_to_travel():
    state = arrange(start(2, dealer=1), hands=[[card(1687)], [card(313)]], timelines=[[card(1492)], []])
    state, _ = act(state, 0, "vip", card=card(1687), target=1)
    state["hands"][1].append(state["hands"][0].pop())  # give the stolen card back: an empty hand
    assert ENGINE.legal_actions(state, 0) == [Action.make(0, "cannot_travel")]
    state, events = act(state, 0, "cannot_travel")
    assert state["tilted"][0] == card(1492)


# --- draw pile and the end (rulings LT-9, LT-10) ----------------------------------------------

def test_reshuffle_keeps_the_discard_top_out():
    state = start(2, dealer=1)
    top = card(1689)
    rest_cards = [c for c in CARD_IDS if c != top]
    state["hands"] = [[], []]
    state["timelines"] = [rest_cards[:8], []]
    state["timelines"][0].sort(key=lambda c: CARDS[c].year)
    state["discard"] = rest_cards[8:40] + [top]
    state["side"] = rest_cards[40:]
    state["draw"], state["tilted"] = [], [None, None]
    ENGINE.check_invariants(state)
    events: list = []
    ENGINE._refill_hands(state, events)
    assert state["discard"] == [top] and state["side"] == []
    assert [len(h) for h in state["hands"]] == [5, 5] and any(e.kind == "reshuffle" for e in events)
    ENGINE.check_invariants(state)


def test_game_ends_after_the_round_of_the_eighth_card():
    state = start(3, dealer=2)
    line = [card(y) for y in (-776, -490, -447, -221, -44, 122, 313)]
    arrange(state, hands=[[card(1453)], [card(1492)], [card(1498)]], timelines=[line, [], []])
    state, _ = act(state, 0, "pass")
    state, events = act(state, 0, "place", card=card(1453))
    assert state["final_round"] and not state["over"] and any(e.kind == "final_round" for e in events)
    state, _ = act(state, 1, "pass")
    state, _ = act(state, 1, "place", card=card(1492))
    state, _ = act(state, 2, "pass")
    state, events = act(state, 2, "place", card=card(1498))
    assert state["over"] and ENGINE.legal_actions(state, 0) == []
    outcome = ENGINE.result(state)
    assert outcome.winners == (2,) and events[-1].kind == "game_over"


# --- views ------------------------------------------------------------------------------------

def test_view_shows_own_hand_only_and_every_card_it_names():
    state = start(4, seed=3)
    view = ENGINE.view(state, 1)
    assert view["hand"] == state["hands"][1] and view["hand_size"] == [5, 5, 5, 5]
    for other in (0, 2, 3):
        assert not set(state["hands"][other]) & set(map(str, _scalars(view)))
    for key in ("timelines", "discard_top", "side_pile", "direction", "dealer", "turn", "phase",
                "skips_pending", "running_totals", "round", "deck_count", "cards"):
        assert key in view
    named = {c for c in map(str, _scalars(view)) if c.startswith("lt-")}
    assert named <= set(view["cards"]) and set(view["hand"]) <= set(view["cards"])
    assert view["cards"][view["hand"][0]]["kind"] in ("event", "vip", "disaster")
    assert ENGINE.view(state, None)["hand"] == []


def _scalars(data):
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _scalars(value)
    elif isinstance(data, list):
        for item in data:
            yield from _scalars(item)
    else:
        yield data


def test_running_totals_and_describe():
    state = arrange(start(2, dealer=1), timelines=[[card(79), card(1989)], []])
    totals = ENGINE.view(state, 0)["running_totals"]
    assert totals[0]["total"] == 2009 and totals[0]["distance"] == 22 and totals[1]["total"] is None
    state["hands"][0] = []
    arrange(state, hands=[[card(1994)], [card(313)]], timelines=state["timelines"])
    state, events = act(state, 0, "pass")
    state, events = act(state, 0, "place", card=card(1994))
    line = describe_event(events[0], None, ["Ann", "Bob"])
    assert line == "Ann travelled to the future with Channel Tunnel opens (1994)."
    assert ENGINE.describe(events[0], 0).startswith("You travelled")
    assert "490 BC" in describe_event(events[0].__class__.make("place", None, seat=1, card=card(-490), end="left"), 0, None)
    disaster = events[0].__class__.make("disaster", None, seat=1, target=0, card=card(1994))
    assert describe_event(disaster, 0, ["Ann", "Bob"]).endswith(": you lose the next turn.")
    assert describe_event(disaster, None, ["Ann", "Bob"], "action").endswith(": Ann loses the next action.")  # LT-5


# --- conformance (2 to 6 players, both options) -----------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_conformance_playouts(n):
    configs = [config(n), config(n, disaster_skip="action", chips=True)]
    stats = random_playouts(ENGINE, configs, [n * 100 + 1, n * 100 + 2], check_secrets_every=2)
    assert stats.games == 2 and all(len(o.scores) == n for o in stats.outcomes)


def test_registry_finds_the_engine():
    assert find_game("lost-in-time") is ENGINE


def test_in_game_rules_text_has_its_pages_and_examples():
    text = (Path(__file__).resolve().parent.parent / "game" / "content" / "rules" / "lost-in-time.md").read_text("utf-8")
    lines = text.splitlines()
    assert lines[0] == "# Lost in Time"
    pages = [line for line in lines if line.startswith("## ")]
    assert 5 <= len(pages) <= 7
    assert "2009" in text and "2041" in text and "1989" in text


def test_a_disaster_in_the_last_round_on_someone_who_has_played_it_says_there_is_no_next_turn():
    """Ruling LT-10 ends the game with the round in which someone placed an eighth card: a Disaster
    then played on a seat that has already played that round costs nothing, and the log no longer
    promises that it "loses the next turn"."""
    def disaster_on(target: int):
        state = start(3, dealer=0)  # seats play 1, 2, 0
        arrange(state, hands=[[card(313)], [card(1453)], [card(1883), card(1994)]],
                timelines=[[card(1903)], [card(1916)], [card(1989)]])
        state["final_round"], state["turn_index"], state["turn"] = True, 1, 2  # seat 2 plays, seat 1 has
        _, events = act(state, 2, "disaster", card=card(1883), target=target)
        return next(e for e in events if e.kind == "disaster")

    played_already, still_to_play = disaster_on(1), disaster_on(0)
    assert played_already.get("moot") and not still_to_play.get("moot")
    assert ENGINE.describe(played_already, 1).endswith("the game ends before you play again.")
    assert ENGINE.describe(still_to_play, 0).endswith("you lose the next turn.")
