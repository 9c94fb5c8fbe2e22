"""Lost in Time, a second look (session 18): rulebook cases and edges no earlier test pinned.

Each test cites the rulebook section (/work/shared/rulebooks/lost-in-time.txt, §1-§9) or the LT
ruling of RULINGS.md it holds the engine to. Positions are built as the other Lost in Time tests
build them: a real deal, then chosen cards put in place with every other card in the draw pile."""

from __future__ import annotations

import pytest

from game.core import Action, GameConfig, IllegalAction, events_for
from game.core.wire import pack, unpack
from game.rules.lost_in_time import ARROW, CARDS, ENGINE, KIND, ROUND_CAP
from test_lit_rules15 import at_turn, ending, game_over_event
from test_lost_in_time import act, arrange, card, config, play_round_passing, start


def kinds_of(events: list, seat: int | None = None) -> list[str]:
    return [e.kind for e in events_for(events, seat)]


# --- illegal moves submitted anyway: refused in words, the state untouched (engine contract) ------

def _action_step() -> dict:
    """Three seats, seat 0 to act: a VIP, a Disaster and two events in hand; seat 1 holds nothing
    (a VIP cannot steal from it), seat 2 one card; seat 0's timeline ends at 1903, direction future."""
    state = at_turn(start(3, dealer=2), 0)
    return arrange(state, hands=[[card(1687), card(1883), card(1453), card(1994)], [], [card(313)]],
                   timelines=[[card(1903)], [], []])


@pytest.mark.parametrize("action,reason", [
    (Action.make(0, "vip", card=card(1453), target=2), r"Fall of Constantinople \(1453\) is not a VIP card"),
    (Action.make(0, "disaster", card=card(1687), target=2), r"Newton's Principia \(1687\) is not a Disaster card"),
    (Action.make(0, "vip", card=card(1687), target=1), "has no card in hand to steal"),
    (Action.make(0, "vip", card=card(1687), target=0), "played on an opponent, not on yourself"),
    (Action.make(0, "disaster", card=card(1883), target=3), "there is no seat 3"),
    (Action.make(0, "disaster", card=card(1883), target=True), "whole numbers"),  # True == 1, seat 1
    (Action.make(0, "vip", card=card(1969), target=2), r"Neil Armstrong walks on the Moon \(1969\) is not in your hand"),
    (Action.make(0, "discard", cards=[card(1453), card(1453)]), "the same card twice"),
    (Action.make(0, "discard", cards=[card(1453), card(1883), card(1687)]), "one or two"),
    (Action.make(0, "discard", cards=[]), "one or two"),
    (Action.make(0, "discard", cards=[card(1994)]), "keep Channel Tunnel opens"),  # LT-8
    (Action.make(0, "place", card=card(1994)), "first your action"),  # LT-3
    (Action.make(0, "pass", now=1), "a 'pass' action takes nothing: not now"),
    (Action.make(0, "vip", card=card(1687)), "target is missing"),
    (Action.make(1, "pass"), "it is not your turn"),
    (Action.make(0, "steal", card=card(1687)), "'steal' is not a Lost in Time action"),
])
def test_an_illegal_or_garbled_action_is_refused_with_a_reason_and_changes_nothing(action, reason):
    """Engine contract (DESIGN.md): apply raises IllegalAction with a clear sentence and nothing
    changes. LT-3: one action, then travel; LT-5: VIP and Disaster cards are played as what they are,
    on an opponent, and a VIP needs a hand to steal from; LT-8: no cheating by discard."""
    state = _action_step()
    before = ENGINE.state_hash(state)
    with pytest.raises(IllegalAction, match=reason):
        ENGINE.apply(state, action)
    assert ENGINE.state_hash(state) == before


def test_travel_step_refusals_and_the_game_over_refusal():
    """LT-7: 'cannot travel' is refused to a seat holding a card that fits; LT-4: a card that does
    not fit is refused naming the end card; once the game is over every move is refused."""
    state = _action_step()
    state, _ = act(state, 0, "pass")
    before = ENGINE.state_hash(state)
    with pytest.raises(IllegalAction, match="you can travel: place a card that fits"):
        act(state, 0, "cannot_travel")
    with pytest.raises(IllegalAction, match=r"its year must be later than First powered flight \(1903\)"):
        act(state, 0, "place", card=card(1453))
    assert ENGINE.state_hash(state) == before
    over, _ = ending([[1945, 1989], [1453, 2007], [1492, 1776]])
    with pytest.raises(IllegalAction, match="the game is over"):
        act(over, over["dealer"], "pass")


# --- §7 VIP and Disaster cards kept or discarded, not played on an opponent (LT-5, LT-6) -----------

def test_s6_a_vip_discarded_rather_than_played_lies_on_the_discard_pile_and_sets_the_direction():
    """§7 / LT-5: only VIPs and Disasters *played on an opponent* go to the side pile; one discarded
    lands on the discard pile like any card, and §6 / LT-6: its arrow (Charlemagne, 800: red) sets
    the next round's direction."""
    vip = card(800)
    assert KIND[vip] == "vip" and ARROW[vip] == "past"
    state = at_turn(start(2, dealer=1), 1)
    arrange(state, hands=[[card(313)], [vip, card(1994)]], discard=[card(1682)])  # a blue top so far
    state["direction"] = "future"
    state, _ = act(state, 1, "discard", cards=[vip])
    assert state["discard"][-1] == vip and vip not in state["side"]
    state, events = act(state, 1, "place", card=card(1994))
    assert state["round"] == 2 and state["direction"] == "past"
    start_event = next(e for e in events if e.kind == "round_start")
    assert start_event["card"] == vip and start_event["direction"] == "past"


def test_s7_a_card_stolen_with_a_vip_is_the_one_that_lets_the_thief_travel():
    """§7 / LT-5 then §5 / LT-4: the steal happens in the action, before the travel, so a card taken
    from the victim may be the one placed. The victim, robbed of its only card, can only skip its
    action and then cannot travel (LT-11), so its outer card turns (LT-7)."""
    state = at_turn(start(2, dealer=1), 0)
    arrange(state, hands=[[card(1687), card(1453)], [card(1994)]],
            timelines=[[card(1903)], [card(1066), card(1492)]])
    assert not any(a.kind == "place" for a in ENGINE.legal_actions(act(state, 0, "pass")[0], 0))
    state, events = act(state, 0, "vip", card=card(1687), target=1)
    assert state["hands"] == [[card(1453), card(1994)], []] and state["side"] == [card(1687)]
    assert ENGINE.legal_actions(state, 0) == [Action.make(0, "place", card=card(1994))]
    state, _ = act(state, 0, "place", card=card(1994))
    assert state["turn"] == 1 and ENGINE.legal_actions(state, 1) == [Action.make(1, "pass")]
    state, _ = act(state, 1, "pass")
    assert ENGINE.legal_actions(state, 1) == [Action.make(1, "cannot_travel")]
    state, events = act(state, 1, "cannot_travel")
    assert any(e.kind == "tilt" and e["card"] == card(1492) for e in events)
    assert state["round"] == 2 and state["tilted"] == [None, card(1492)]


@pytest.mark.parametrize("skip,lost", [("action", True), ("turn", False)])
def test_lt5_lt7_a_disasters_victim_holding_a_turned_card(skip, lost):
    """LT-5 option 'skip the action only': the victim still has to travel, and failing again loses
    the card turned last round (LT-7). Default 'lose the whole turn': no travel, so the turned card
    survives the lost turn (LT-7: 'A tilt survives a turn lost to a Disaster')."""
    state = at_turn(start(2, dealer=1, disaster_skip=skip), 0)
    arrange(state, hands=[[card(1883), card(1994)], [card(1453)]],
            timelines=[[], [card(1066), card(1492)]])
    state["tilted"][1] = card(1492)
    state, _ = act(state, 0, "disaster", card=card(1883), target=1)
    state, events = act(state, 0, "place", card=card(1994))
    if lost:
        assert "action_lost" in kinds_of(events) and state["turn"] == 1 and state["phase"] == "travel"
        assert ENGINE.legal_actions(state, 1) == [Action.make(1, "cannot_travel")]
        state, events = act(state, 1, "cannot_travel")
        assert state["timelines"][1] == [card(1066)] and state["side"] == [card(1883), card(1492)]
        assert state["tilted"][1] is None and "tilt" not in kinds_of(events)
    else:
        assert "turn_lost" in kinds_of(events) and state["round"] == 2
        assert state["timelines"][1] == [card(1066), card(1492)] and state["tilted"][1] == card(1492)


# --- the dealer rotation meets lost turns (LT-2, LT-5, LT-6) ---------------------------------------

def test_lt6_the_dealers_disaster_on_its_left_neighbour_costs_the_new_dealers_last_turn():
    """§4 / LT-6: the Chronos card passes left, so the seat left of the dealer is the next dealer and
    plays last; a Disaster the dealer plays on it (it has played this round) costs it that last turn
    of the next round (LT-5), after everybody else has played; its hand is refilled all the same."""
    state = at_turn(start(3, dealer=2), 2)
    arrange(state, hands=[[card(1453)], [card(1492)], [card(1916), card(313)]])
    state, _ = act(state, 2, "disaster", card=card(1916), target=0)
    state, events = act(state, 2, "place", card=card(313))
    assert state["round"] == 2 and state["dealer"] == 0 and state["turn"] == 1
    assert len(state["hands"][0]) == 5 and state["skips"][0] == 1
    order = []
    while state["round"] == 2:
        seat = state["turn"]
        order.append(seat)
        state, _ = act(state, seat, "pass")
        state, events = ENGINE.apply(state, ENGINE.legal_actions(state, seat)[0])
    assert order == [1, 2]
    assert [e["seat"] for e in events if e.kind == "turn_lost"] == [0]
    assert state["round"] == 3 and state["dealer"] == 1 and state["turn"] == 2 and state["skips"][0] == 0


def test_lt5_a_round_in_which_every_seat_loses_its_turn_still_ends_and_passes_the_deal():
    """§4: 'Once all the players have done the same the game round ends' — also when each of them
    lost the turn to a Disaster (LT-5): nobody travels or tilts, the Chronos passes on and takes the
    arrow of the discard top as it lies (LT-6)."""
    state = at_turn(start(3, dealer=2), 2)
    red = card(1689)
    arrange(state, hands=[[card(1453)], [card(1492)], [card(313)]], discard=[red],
            timelines=[[card(122)], [card(476)], []])
    state["skips"] = [1, 1, 1]  # three Disasters, each played after its victim's turn this round
    state, _ = act(state, 2, "pass")
    state, events = act(state, 2, "place", card=card(313))
    public = events_for(events, None)
    assert [e["seat"] for e in public if e.kind == "turn_lost"] == [1, 2, 0]
    assert [e["round"] for e in public if e.kind == "round_start"] == [2, 3]
    assert state["round"] == 3 and state["dealer"] == 1 and state["turn"] == 2
    assert state["direction"] == ARROW[red] == "past" and state["skips"] == [0, 0, 0]
    assert state["timelines"] == [[card(122)], [card(476)], [card(313)]] and state["tilted"] == [None] * 3


def test_lt7_a_turned_card_survives_two_lost_turns_and_goes_at_the_next_failure():
    """LT-7 with LT-5: a card turned in round 1 survives two turns lost to two Disasters (rounds 2
    and 3) and is removed at the victim's next failure, in round 4. Nothing younger than 2024 exists
    and nobody discards, so the victim can never travel to the future."""
    state = at_turn(start(2, dealer=1), 0)
    arrange(state, hands=[[card(1453)], [card(1916), card(1883), card(313), card(476), card(537)]],
            timelines=[[card(1492), card(2024)], []])
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 0, "cannot_travel")
    assert state["tilted"][0] == card(2024)
    state, _ = act(state, 1, "disaster", card=card(1916), target=0)
    state, _ = act(state, 1, "place", card=card(313))
    assert state["round"] == 2 and state["turn"] == 1  # dealer 0: seat 1 first
    state, _ = act(state, 1, "disaster", card=card(1883), target=0)
    state, events = act(state, 1, "place", card=card(476))
    # seat 0 lost its turn at the end of round 2 and again first thing in round 3 (dealer 1)
    assert [e["seat"] for e in events if e.kind == "turn_lost"] == [0, 0]
    assert state["round"] == 3 and state["turn"] == 1 and state["skips"][0] == 0
    assert state["tilted"][0] == card(2024) and state["timelines"][0] == [card(1492), card(2024)]
    state = play_round_passing(state)  # the rest of round 3: seat 1 travels or not
    assert state["round"] == 4 and state["turn"] == 1 and state["direction"] == "future"
    state, _ = act(state, 1, "pass")
    state, _ = ENGINE.apply(state, ENGINE.legal_actions(state, 1)[0])
    state, _ = act(state, 0, "pass")
    assert ENGINE.legal_actions(state, 0) == [Action.make(0, "cannot_travel")]
    state, events = act(state, 0, "cannot_travel")
    assert "card_lost" in kinds_of(events) and state["timelines"][0] == [card(1492)]
    assert state["tilted"][0] is None and card(2024) in state["side"]


# --- §9 the end and 2031 (LT-10) -------------------------------------------------------------------

def test_s9_one_year_beyond_2031_loses_to_any_year_on_or_before_it():
    """§1 / §9: 2031 is allowed, 2032 is beyond: the Gujarat earthquake (2001, a Disaster) with the
    Charlemagne VIP is 2031 and wins; 2012 with the Vesuvius Disaster is 2032 and ranks below even
    the First Olympic Games (-776)."""
    state, events = ending([[800, 2001], [79, 2012], [1492]])
    event = game_over_event(events)
    assert event["scores"] == [2031, 2032, 1492] and event["winners"] == [0]
    assert ENGINE.result(state).ranking == ((0,), (2,), (1,))


def test_s8_chip_variant_moves_the_2031_line_both_ways():
    """§8 'payment chip' variant / §9: [Marco Polo 1271 VIP (2 chips), 2012 (1 chip)] is 2022 in the
    basic game and exactly 2031 with chips; [Alexander -331 VIP (1 chip), 2019] is 2029 basic and
    2032 with chips: the chips turn the winner into the loser."""
    rising, falling = [1271, 2012], [-331, 2019]
    plain = game_over_event(ending([rising, falling, [1492]])[1])
    assert plain["scores"] == [2022, 2029, 1492] and plain["winners"] == [1]
    chips = game_over_event(ending([rising, falling, [1492]], chips=True)[1])
    assert chips["scores"][:2] == [2031, 2032] and chips["winners"] == [0]


def test_s9_a_timeline_of_vip_and_disaster_cards_alone_counts_its_youngest_year_and_every_bonus():
    """§7 / §9: VIPs and Disasters placed on one's own timeline count by their own year as the
    youngest card, plus +10 per VIP and +20 per Disaster, the youngest one's own bonus included:
    [Charlemagne 800 VIP, Titanic 1912 Disaster] is 1912 + 10 + 20 = 1942."""
    state, events = ending([[800, 1912], [1969], [1492]])
    event = game_over_event(events)
    assert event["scores"] == [1942, 1979, 1492] and event["winners"] == [1]  # Armstrong: 1969 + 10
    lines = {line["label"]: line["value"] for line in ENGINE.result(state).breakdown[0]}
    assert lines["Youngest card"] == 1912 and lines["VIPs (1 × 10)"] == 10 and lines["Disasters (1 × 20)"] == 20


def test_the_round_cap_ends_a_game_that_never_reaches_eight_cards():
    """The safety cap (not in the rulebook, lost_in_time.ROUND_CAP): a game still short of an 8th card
    ends after round 300 is played out; the winner is found by LT-10 as ever and the summary says
    the game stopped at the limit. Every seat's view of it is one an honest host can send."""
    state = start(2, dealer=1)
    arrange(state, hands=[[card(1453)], [card(1492)]], timelines=[[card(122)], [card(313)]])
    state["round"] = ROUND_CAP - 1
    state = play_round_passing(state)
    assert state["round"] == ROUND_CAP and not state["over"]
    state = play_round_passing(state)
    assert state["over"] and state["capped"] and not state["final_round"]
    outcome = ENGINE.result(state)
    assert outcome.summary.endswith(f"(The game stopped at the {ROUND_CAP}-round safety limit.)")
    totals = list(outcome.scores)
    best = max(t for t in totals if t is not None and t <= 2031)
    assert [totals[s] for s in outcome.winners] == [best]
    for seat in (0, 1, None):
        assert ENGINE.view_problem(ENGINE.view(state, seat), seat, config(2)) is None


def test_an_eighth_card_in_the_capped_round_ends_the_game_by_the_rules_not_by_the_cap():
    """Two ends at once: the 8th card (LT-10) is placed in round 300, the round the safety cap would
    end anyway. The game ends as LT-10 says, and the summary does not blame the cap."""
    state = at_turn(start(2, dealer=1), 0)
    line = [card(y) for y in (-776, -490, -447, -221, -44, 122, 313)]
    arrange(state, hands=[[card(1453)], [card(1492)]], timelines=[line, []])
    state["round"] = ROUND_CAP
    state = play_round_passing(state)
    assert state["over"] and state["final_round"] and state["ender"] == 0 and not state["capped"]
    assert "safety limit" not in ENGINE.result(state).summary


# --- saving mid-game and determinism (G-2, LT-2) ---------------------------------------------------

def test_a_state_saved_mid_game_plays_on_exactly_as_the_original():
    """G-2: a state packed as plain data and read back mid-game (a Disaster pending, a card turned,
    the travel step of a turn) has the same hash, offers the same moves and plays on identically —
    the VIP's blind steal too, which draws on the state's own random number."""
    game = config(4, disaster_skip="action", chips=True)
    state = ENGINE.new_game(game, 2026)
    moves: list[Action] = []
    step = 0
    while not state["over"] and (step < 60 or state["phase"] != "travel"):
        seat = state["turn"]
        legal = ENGINE.legal_actions(state, seat)
        action = legal[(step * 7) % len(legal)]
        state, _ = ENGINE.apply(state, action)
        moves.append(action)
        step += 1
    assert not state["over"]
    copy = ENGINE.from_plain(unpack(pack(ENGINE.to_plain(state))))
    assert ENGINE.state_hash(copy) == ENGINE.state_hash(state)
    assert ENGINE.state_hash(ENGINE.replay(game, 2026, moves)) == ENGINE.state_hash(state)
    stolen = 0
    while not state["over"]:
        seat = state["turn"]
        legal = ENGINE.legal_actions(state, seat)
        assert ENGINE.legal_actions(copy, seat) == legal
        action = next((a for a in legal if a.kind == "vip"), legal[-1])
        stolen += action.kind == "vip"
        state, events = ENGINE.apply(state, action)
        copy, copied = ENGINE.apply(copy, action)
        assert copied == events and ENGINE.state_hash(copy) == ENGINE.state_hash(state)
    assert stolen > 0


def test_lt2_the_first_dealer_is_drawn_by_the_seed():
    """LT-2: the first dealer is chosen at random — every seat of a four-seat table deals first for
    some seed — and the same seed always deals the same game (G-2)."""
    dealers = {ENGINE.new_game(config(4), seed)["dealer"] for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert ENGINE.state_hash(ENGINE.new_game(config(4), 9)) == ENGINE.state_hash(ENGINE.new_game(config(4), 9))
    assert all(CARDS[c].id == c for hand in ENGINE.new_game(config(4), 9)["hands"] for c in hand)


def test_s9_a_winner_landing_before_christ_is_said_in_years_bc():
    """§9 / LT-10: the closest to 2031 wins even far in the past when every other timeline went
    beyond it; the summary and the breakdown say the year as the table writes it ("44 BC"), not
    "-44". (The score stays the number -44, which ranks and counts.)"""
    state, events = ending([[-490, -44], [1916, 2024], [1986, 2021]])
    event = game_over_event(events)
    assert event["winners"] == [0] and event["scores"] == [-44, 2044, 2041]
    outcome = ENGINE.result(state)
    assert outcome.summary == f"{state['names'][0]} wins, landing in 44 BC."
    lines = {line["label"]: line["value"] for line in outcome.breakdown[0]}
    assert lines["Youngest card"] == "44 BC" and lines["Total"] == "44 BC"
    after = {line["label"]: line["value"] for line in outcome.breakdown[1]}
    assert after["Youngest card"] == 2024 and after["Total"] == 2044  # years after Christ stay numbers
