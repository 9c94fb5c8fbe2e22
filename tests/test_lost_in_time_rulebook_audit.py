"""Lost in Time, line by line against the rulebook (`rulebooks/lost-in-time.txt`, §1-§9) and the
LT rulings: one golden case for every rule statement that no other test pinned (the audit's
checklist). Positions are built as in test_lost_in_time.py: a real deal, then chosen cards put in
place with every other card left in the draw pile, so cards stay conserved."""

from __future__ import annotations

import pytest

from game.core import Action, IllegalAction, events_for
from game.rules.lost_in_time import ARROW, CARD_IDS, CARDS, ENGINE, KIND
from test_lost_in_time import act, arrange, card, config, finish, play_round_passing, start


def at_turn(state: dict, seat: int, phase: str = "action") -> dict:
    """Make it `seat`'s turn in the current round (turn order: left of the dealer first, G-1)."""
    n = len(state["hands"])
    state["turn"], state["phase"] = seat, phase
    state["turn_index"] = (seat - state["dealer"] - 1) % n
    return state


def travel(state: dict, seat: int) -> dict:
    """Pass, then place the first card that fits (or be unable to travel)."""
    state, _ = act(state, seat, "pass")
    state, _ = ENGINE.apply(state, ENGINE.legal_actions(state, seat)[0])
    return state


# --- §2 The cards and §3 Set-up (rulings LT-1, LT-2) ------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_s3_setup_for_every_player_count(n):
    """§3 / LT-2: 5 cards each, the rest is the draw pile, Chronos blue (future), the player left of
    the dealer starts with an action; nothing lies on the table yet."""
    state = ENGINE.new_game(config(n), 7 * n)
    assert [len(hand) for hand in state["hands"]] == [5] * n
    assert len(state["draw"]) == 75 - 5 * n
    assert state["direction"] == "future" and state["round"] == 1
    assert state["turn"] == (state["dealer"] + 1) % n and state["phase"] == "action"
    assert state["discard"] == [] and state["side"] == [] and state["timelines"] == [[]] * n
    assert state["skips"] == [0] * n and not state["final_round"] and not state["over"]
    assert ENGINE.active_seats(state) == [state["turn"]]
    ENGINE.check_invariants(state)


def test_s3_the_deal_goes_round_from_the_dealers_left():
    """§3 / LT-2 / LT-6: cards are dealt starting with the player left of the dealer (G-1: +1)."""
    state = start(4, dealer=2)
    top = [card(y) for y in (2024, 2021, 2019, 2012, 2011)]  # drawn first: the end of the pile
    arrange(state, draw=list(reversed(top)))
    events: list = []
    ENGINE._refill_hands(state, events)
    assert sorted(state["hands"][3]) == sorted(top)
    assert [e["seat"] for e in events_for(events, None) if e.kind == "deal"] == [3, 0, 1, 2]


# --- §4 Game sequence (ruling LT-3) -----------------------------------------------------------

def test_s4_the_action_menu_is_exactly_skip_vip_disaster_or_discard_up_to_two():
    """§4 / LT-3 / LT-5b: one of skip, VIP or Disaster on an opponent, or discard one or two cards
    in either order; nothing else (no third card, nothing on yourself)."""
    state = at_turn(start(3, dealer=2), 0)
    vip, disaster, early, late = card(1687), card(1883), card(1453), card(1994)
    arrange(state, hands=[[vip, disaster, early, late], [card(313)], [card(476)]])
    hand = state["hands"][0]
    expected = {Action.make(0, "pass")}
    expected |= {Action.make(0, "vip", card=vip, target=t) for t in (1, 2)}
    expected |= {Action.make(0, "disaster", card=disaster, target=t) for t in (1, 2)}
    expected |= {Action.make(0, "discard", cards=[c]) for c in hand}
    expected |= {Action.make(0, "discard", cards=[a, b]) for a in hand for b in hand if a != b}
    legal = ENGINE.legal_actions(state, 0)
    assert len(legal) == len(set(legal)) and set(legal) == expected
    with pytest.raises(IllegalAction, match="one or two"):
        act(state, 0, "discard", cards=[early, late, vip])


def test_s4_after_any_action_the_player_must_travel_and_only_travel():
    """§4 / LT-3: once the action is done the player MUST play a card on the timeline."""
    state = at_turn(start(2, dealer=1), 0)
    arrange(state, hands=[[card(1453), card(1994)], [card(313)]])
    state, _ = act(state, 0, "discard", cards=[card(1453)])
    assert state["turn"] == 0 and state["phase"] == "travel"
    assert ENGINE.legal_actions(state, 0) == [Action.make(0, "place", card=card(1994))]
    for kind, args in (("pass", {}), ("discard", {"cards": [card(1994)]})):
        with pytest.raises(IllegalAction, match="now place a card"):
            act(state, 0, kind, **args)
    state, _ = act(state, 0, "place", card=card(1994))
    assert state["timelines"][0] == [card(1994)] and state["turn"] == 1 and state["phase"] == "action"


# --- §5 Travelling in time (ruling LT-4) ------------------------------------------------------

def test_s5_vip_and_disaster_cards_travel_by_their_year():
    """§7 / LT-4: a VIP or Disaster placed on your own timeline obeys the direction by its year."""
    hand = [card(1687), card(79), card(1916), card(1453)]  # VIP 1687, Disasters 79 and 1916, event
    state = at_turn(start(2, dealer=1), 0, "travel")
    arrange(state, hands=[hand, [card(313)]], timelines=[[card(1492)], []])
    assert {a["card"] for a in ENGINE.legal_actions(state, 0)} == {card(1687), card(1916)}
    state["direction"] = "past"
    assert {a["card"] for a in ENGINE.legal_actions(state, 0)} == {card(79), card(1453)}
    state, events = act(state, 0, "place", card=card(79))
    assert state["timelines"][0] == [card(79), card(1492)] and events[0]["end"] == "left"


def test_s5_in_between_is_refused_towards_the_past_too():
    """§5 BEWARE / LT-4: never between two cards; to the past only older than the oldest."""
    state = at_turn(start(2, dealer=1), 0, "travel")
    state["direction"] = "past"
    arrange(state, hands=[[card(1776), card(2024)], [card(313)]], timelines=[[card(1492), card(1903)], []])
    assert ENGINE.legal_actions(state, 0) == [Action.make(0, "cannot_travel")]
    for year in (1776, 2024):
        with pytest.raises(IllegalAction, match=r"its year must be earlier than .+ \(1492\), the oldest card on your timeline"):
            act(state, 0, "place", card=card(year))


# --- §6 The direction of play (rulings LT-5b, LT-6) -------------------------------------------

def test_s6_a_discard_mid_round_does_not_change_this_rounds_direction():
    """§6 / LT-6: the direction is set from the discard top at the end of the previous round, so a
    red arrow discarded now changes nothing until the next round."""
    state = at_turn(start(2, dealer=1), 0)
    red = card(1689)
    assert ARROW[red] == "past"
    arrange(state, hands=[[red, card(1994)], [card(313), card(2007)]], timelines=[[], [card(1903)]])
    state, _ = act(state, 0, "discard", cards=[red])
    state, _ = act(state, 0, "place", card=card(1994))
    assert state["direction"] == "future" and state["round"] == 1
    state, _ = act(state, 1, "pass")
    assert ENGINE.legal_actions(state, 1) == [Action.make(1, "place", card=card(2007))]
    state, events = act(state, 1, "place", card=card(2007))
    assert state["round"] == 2 and state["direction"] == "past"


def test_s6_the_top_card_keeps_ruling_rounds_in_which_nobody_discards():
    """§6 / LT-6: each round takes the arrow of the top card as it lies at the end of the previous
    round, even when that card was discarded rounds ago (not 'stays as it was')."""
    state = start(3, dealer=0)
    red = card(1689)
    arrange(state, hands=[[card(1453)], [card(1522)], [card(1600)]], discard=[red])
    state["direction"] = "future"  # as if an earlier round's top had been blue
    state = play_round_passing(state)
    assert state["round"] == 2 and state["direction"] == "past"
    state = play_round_passing(state)
    assert state["round"] == 3 and state["direction"] == "past" and state["discard"] == [red]


def test_s6_cards_on_the_side_pile_never_set_the_direction():
    """§7 / LT-5 / LT-6: VIPs and Disasters played on an opponent go to the side pile and never
    set the direction, even when they are the last card played in the round."""
    state = at_turn(start(2, dealer=1), 1)
    blue, red_vip, red_disaster = card(1682), card(800), card(1755)
    assert ARROW[blue] == "future" and ARROW[red_vip] == ARROW[red_disaster] == "past"
    arrange(state, hands=[[card(313)], [red_vip, red_disaster, card(1994)]], discard=[blue])
    state["direction"] = "past"
    state, _ = act(state, 1, "vip", card=red_vip, target=0)
    assert state["side"] == [red_vip] and state["discard"] == [blue]
    state, _ = act(state, 1, "place", card=card(1994))
    assert state["round"] == 2 and state["direction"] == "future"  # the blue top, not the red VIP


def test_s6_the_dealer_turns_the_chronos_before_the_cards_are_replenished():
    """§6 / LT-6: 'this before the replenishing of the cards': the round_start comes before the deal
    and names the card that set the direction."""
    state = at_turn(start(2, dealer=1), 1)
    red = card(1689)
    arrange(state, hands=[[card(313)], [red, card(1994)]], timelines=[[card(122)], []])
    state, _ = act(state, 1, "discard", cards=[red])
    state, events = act(state, 1, "place", card=card(1994))
    kinds = [e.kind for e in events_for(events, None)]
    assert kinds.index("round_start") < kinds.index("deal")
    round_start = next(e for e in events if e.kind == "round_start")
    assert round_start["direction"] == "past" and round_start["card"] == red and round_start["dealer"] == 0


# --- §7 VIP and Disaster cards (ruling LT-5) --------------------------------------------------

def test_s7_a_disaster_played_goes_to_the_side_pile_and_costs_the_victims_next_turn():
    """§7 / LT-5: the Disaster leaves the hand for the side pile, not the discard pile; the victim
    who has already played this round loses its turn in the next round."""
    state = at_turn(start(3, dealer=2), 1)
    disaster = card(1916)
    arrange(state, hands=[[card(313), card(1066)], [disaster, card(1994)], [card(476), card(1522)]],
            timelines=[[card(122)], [], []])
    state, events = act(state, 1, "disaster", card=disaster, target=0)
    assert state["side"] == [disaster] and state["discard"] == [] and state["skips"][0] == 1
    assert next(e for e in events if e.kind == "disaster")["to"] == "side"
    state, _ = act(state, 1, "place", card=card(1994))
    state = travel(state, 2)  # end of round 1; dealer 0 in round 2: seat 1 starts, seat 0 plays last
    assert state["round"] == 2 and state["turn"] == 1
    state = travel(state, 1)
    state = travel(state, 2)
    assert state["round"] == 3 and state["timelines"][0] == [card(122)] and state["skips"][0] == 0


def test_s7_a_victim_who_only_loses_the_action_still_has_to_travel_and_can_tilt():
    """§8 / option of LT-5 'skip the action only': the victim still travels, so if nothing fits the
    outer card is turned (LT-7), unlike a whole lost turn."""
    state = at_turn(start(2, dealer=1, disaster_skip="action"), 0)
    arrange(state, hands=[[card(1916), card(1994)], [card(313)]], timelines=[[], [card(1492), card(1989)]])
    state, _ = act(state, 0, "disaster", card=card(1916), target=1)
    state, events = act(state, 0, "place", card=card(1994))
    assert state["turn"] == 1 and state["phase"] == "travel"
    assert ENGINE.legal_actions(state, 1) == [Action.make(1, "cannot_travel")]
    state, events = act(state, 1, "cannot_travel")
    assert state["tilted"][1] == card(1989)


def test_s7_a_vip_steals_one_card_and_both_hands_keep_their_sizes_but_the_victims():
    """§7 / LT-5: the VIP leaves the thief's hand (side pile), one blind card comes in; the victim
    has one card fewer. The steal is drawn from the state's seeded RNG: replaying gives the same."""
    state = at_turn(start(3, dealer=2), 0)
    vip = card(1687)
    arrange(state, hands=[[vip, card(1994)], [card(1453), card(1522), card(1600)], [card(313)]])
    first, _ = act(state, 0, "vip", card=vip, target=1)
    again, _ = act(state, 0, "vip", card=vip, target=1)
    assert first == again
    assert len(first["hands"][0]) == 2 and len(first["hands"][1]) == 2 and first["side"] == [vip]
    stolen = (set(first["hands"][0]) - {card(1994)}).pop()
    assert stolen in (card(1453), card(1522), card(1600)) and stolen not in first["hands"][1]


# --- §8 Unable to time travel (rulings LT-7, LT-8, LT-9) --------------------------------------

def test_s8_unable_to_travel_to_the_past_turns_the_oldest_card():
    """§8 / LT-7: 'according to the current direction of play' - to the past, the left end."""
    state = at_turn(start(2, dealer=1), 0, "travel")
    state["direction"] = "past"
    arrange(state, hands=[[card(1994)], [card(313)]], timelines=[[card(1492), card(1989)], []])
    state, events = act(state, 0, "cannot_travel")
    assert state["tilted"][0] == card(1492) and state["timelines"][0] == [card(1492), card(1989)]
    assert next(e for e in events if e.kind == "tilt")["card"] == card(1492)


def test_s8_the_turned_card_is_lost_when_the_next_failure_goes_the_other_way():
    """§8 example / LT-7: 'no matter which direction' - 1989 was turned travelling to the future; a
    failure to the past next round removes 1989 (not the oldest card) to the side pile."""
    state = at_turn(start(2, dealer=1), 0, "travel")
    arrange(state, hands=[[card(1453)], [card(313)]], timelines=[[card(1492), card(1989)], []])
    state, _ = act(state, 0, "cannot_travel")
    assert state["tilted"][0] == card(1989)
    state["direction"] = "past"
    arrange(state, hands=[[card(1994)], [card(313)]], timelines=[[card(1492), card(1989)], []])
    state["tilted"][0] = card(1989)
    at_turn(state, 0, "travel")
    state, events = act(state, 0, "cannot_travel")
    assert state["timelines"][0] == [card(1492)] and state["side"] == [card(1989)]
    assert state["tilted"][0] is None and not any(e.kind == "tilt" for e in events)


def test_s8_after_a_loss_a_later_failure_turns_a_card_again():
    """LT-7: the round in which the turned card is removed turns no new card; the next failure does."""
    state = at_turn(start(2, dealer=1), 0, "travel")
    arrange(state, hands=[[card(1453)], [card(313)]], timelines=[[card(1492), card(1989)], []])
    state["tilted"][0] = card(1989)
    state, _ = act(state, 0, "cannot_travel")
    assert state["timelines"][0] == [card(1492)] and state["tilted"][0] is None
    at_turn(state, 0, "travel")
    state, events = act(state, 0, "cannot_travel")
    assert state["tilted"][0] == card(1492) and state["timelines"][0] == [card(1492)]
    assert any(e.kind == "tilt" for e in events) and not any(e.kind == "card_lost" for e in events)


def test_s8_with_an_empty_timeline_there_is_nothing_to_turn():
    """§8 / LT-7 / LT-11: an empty hand and an empty timeline: unable to travel, nothing turns."""
    state = at_turn(start(2, dealer=1), 0, "travel")
    arrange(state, hands=[[], [card(313)]])
    assert ENGINE.legal_actions(state, 0) == [Action.make(0, "cannot_travel")]
    state, events = act(state, 0, "cannot_travel")
    assert state["tilted"][0] is None and state["timelines"][0] == []
    assert [e.kind for e in events][:1] == ["cannot_travel"] and not any(e.kind == "tilt" for e in events)


def test_s8_a_turned_card_still_counts_at_the_end():
    """LT-7: a card turned sideways stays on the timeline and counts (youngest year and bonus)."""
    state = arrange(start(2), timelines=[[card(1492), card(1916)], [card(1994)]])
    state["tilted"][0] = card(1916)
    outcome = ENGINE.result(finish(state))
    assert outcome.scores == (1936, 1994) and outcome.winners == (1,)


def test_s8_the_cheat_rule_watches_pairs_and_vip_or_disaster_cards_that_fit():
    """§8 BEWARE / LT-8: each card alone may go, but not the pair that holds every card that fits;
    a VIP that fits counts as a way to travel like any card (LT-4)."""
    state = at_turn(start(2, dealer=1), 0)
    arrange(state, hands=[[card(1994), card(2007), card(1453)], [card(313)]], timelines=[[card(1903)], []])
    discards = {tuple(a["cards"]) for a in ENGINE.legal_actions(state, 0) if a.kind == "discard"}
    assert (card(1994),) in discards and (card(2007),) in discards
    assert (card(1994), card(2007)) not in discards and (card(2007), card(1994)) not in discards
    with pytest.raises(IllegalAction, match="cheating"):
        act(state, 0, "discard", cards=[card(2007), card(1994)])
    state = at_turn(start(2, dealer=1), 0)
    arrange(state, hands=[[card(1969), card(1453)], [card(313)]], timelines=[[card(1903)], []])
    assert KIND[card(1969)] == "vip"
    discards = {tuple(a["cards"]) for a in ENGINE.legal_actions(state, 0) if a.kind == "discard"}
    assert discards == {(card(1453),)}
    # the VIP itself may still be played on an opponent, even though it leaves you stuck (exempt)
    state, _ = act(state, 0, "vip", card=card(1969), target=1)
    assert ENGINE.legal_actions(state, 0) == [Action.make(0, "cannot_travel")]


def test_s8_the_reshuffled_pile_leaves_the_top_card_setting_the_direction():
    """§8 / LT-9: discard pile and side pile (with played VIPs and Disasters) become the new draw
    pile; the top card stays and still sets the next direction."""
    state = at_turn(start(2, dealer=1), 1)
    red = card(1689)
    others = [c for c in CARD_IDS if c not in (red, card(1994), card(313))]
    state["hands"], state["timelines"] = [[card(313)], [card(1994)]], [[], []]
    state["discard"], state["side"], state["draw"] = others[:40] + [red], others[40:], []
    state["tilted"] = [None, None]
    ENGINE.check_invariants(state)
    state = travel(state, 1)
    assert state["round"] == 2 and state["direction"] == "past" and state["discard"] == [red]
    assert state["side"] == [] and [len(h) for h in state["hands"]] == [5, 5]
    assert len(state["draw"]) == len(others) - 9
    ENGINE.check_invariants(state)


def test_s8_a_reshuffle_in_the_middle_of_a_deal_tops_up_the_hand():
    """LT-9: the pile runs out while a hand is refilled: the rest comes from the reshuffled pile."""
    state = start(2, dealer=1)
    red = card(1689)
    arrange(state, hands=[[card(313), card(476)], [card(1453), card(1522), card(1600), card(1620), card(1648)]],
            discard=[card(122), card(537), red], side=[card(1916)])
    spare = [c for c in state["draw"] if c not in (card(2024), card(2021))]
    state["draw"], state["side"] = [card(2021), card(2024)], state["side"] + spare
    ENGINE.check_invariants(state)
    events: list = []
    ENGINE._refill_hands(state, events)
    assert len(state["hands"][0]) == 5 and {card(2021), card(2024)} <= set(state["hands"][0])
    assert state["discard"] == [red] and state["side"] == []
    kinds = [e.kind for e in events_for(events, None)]
    assert kinds.count("reshuffle") == 1
    ENGINE.check_invariants(state)


def test_s8_with_nothing_left_to_reshuffle_hands_stay_short():
    """LT-9: no draw pile, only the discard top, no side pile: hands are not refilled, play goes on."""
    state = start(2, dealer=1)
    red = card(1689)
    everything = [c for c in CARD_IDS if c not in (red, card(313), card(1994))]
    state["hands"], state["discard"], state["side"], state["draw"] = [[card(313)], [card(1994)]], [red], [], []
    line = sorted(everything, key=lambda c: CARDS[c].year)
    state["timelines"], state["tilted"] = [line[:36], line[36:]], [None, None]
    ENGINE.check_invariants(state)
    events: list = []
    ENGINE._refill_hands(state, events)
    assert [len(h) for h in state["hands"]] == [1, 1] and events == []


# --- §9 End of game and the winner (ruling LT-10) ---------------------------------------------

def eight_card_line() -> list[str]:
    return [card(y) for y in (-776, -490, -447, -221, -44, 122, 313)]  # 7 cards, add an 8th


def test_s9_a_second_eighth_card_in_the_last_round_does_not_prolong_it():
    """§9 / LT-10: the first 8th card starts the last round; another in it changes nothing."""
    state = at_turn(start(3, dealer=2), 0)
    arrange(state, hands=[[card(1453)], [card(1492)], [card(1498)]],
            timelines=[eight_card_line(), [card(y) for y in (476, 526, 537, 732, 800, 868, 1066)], []])
    at_turn(state, 0)
    state = travel(state, 0)
    assert state["final_round"] and state["ender"] == 0
    state = travel(state, 1)
    assert len(state["timelines"][1]) == 8 and state["ender"] == 0 and not state["over"]
    state = travel(state, 2)
    assert state["over"] and state["round"] == 1


def test_s9_the_dealers_eighth_card_ends_the_game_at_once():
    """§9 / LT-2 / LT-10: the dealer plays last, so its 8th card ends the round and the game."""
    state = at_turn(start(2, dealer=1), 1)
    arrange(state, hands=[[card(476)], [card(1453)]], timelines=[[], eight_card_line()])
    at_turn(state, 1)
    state, _ = act(state, 1, "pass")
    state, events = act(state, 1, "place", card=card(1453))
    kinds = [e.kind for e in events]
    assert state["over"] and "final_round" in kinds and kinds[-1] == "game_over" and "round_start" not in kinds
    assert ENGINE.legal_actions(state, 0) == [] and ENGINE.active_seats(state) == []


def test_s9_the_last_round_is_played_out_with_lost_turns_and_losses():
    """§9 / LT-10 with LT-5 and LT-7: after the 8th card every seat still to act plays its turn as
    usual - a Disaster victim loses it, a stuck player loses a turned card - then the game ends."""
    state = at_turn(start(4, dealer=3), 0)
    arrange(state, hands=[[card(1453)], [card(537)], [card(1066)], [card(2024)]],
            timelines=[eight_card_line(), [], [card(1492), card(1989)], []])
    state["skips"][1] = 1
    state["tilted"][2] = card(1989)
    at_turn(state, 0)
    state, _ = act(state, 0, "pass")
    state, events = act(state, 0, "place", card=card(1453))
    assert any(e.kind == "turn_lost" and e["seat"] == 1 for e in events) and state["turn"] == 2
    state, _ = act(state, 2, "pass")
    state, events = act(state, 2, "cannot_travel")
    assert any(e.kind == "card_lost" and e["card"] == card(1989) for e in events)
    state = travel(state, 3)
    assert state["over"]
    outcome = ENGINE.result(state)
    assert outcome.scores == (1453, None, 1492, 2024) and outcome.winners == (3,)


def test_s9_any_total_on_or_before_2031_beats_one_beyond_it():
    """§1 / §9: beyond 2031 loses, however close (2024 + the Titanic's 20 = 2044); below wins."""
    state = arrange(start(3), timelines=[[card(-776)], [card(1912), card(2024)], [card(1522)]])
    outcome = ENGINE.result(finish(state))
    assert outcome.scores == (-776, 2044, 1522) and outcome.winners == (2,)
    assert outcome.ranking == ((2,), (0,), (1,))


def test_s9_an_empty_timeline_cannot_win_even_alone_under_2031():
    """LT-10: an empty timeline has no total; a timeline far in the past beats it."""
    state = arrange(start(2), timelines=[[], [card(-776)]])
    outcome = ENGINE.result(finish(state))
    assert outcome.scores == (None, -776) and outcome.winners == (1,) and outcome.ranking == ((1,), (0,))


def test_s9_chip_variant_totals_meet_then_the_longer_timeline_wins():
    """§8 'payment chip' variant / §9: +3 years per chip makes the date; a tie on that date goes to
    the longest timeline. 2019 (0) + 2024 (1 chip): 2027; 2021 (2 chips): 2027."""
    longer, shorter = [card(2019), card(2024)], [card(2021)]
    plain = ENGINE.result(finish(arrange(start(2), timelines=[longer, shorter])))
    assert plain.scores == (2024, 2021) and plain.winners == (0,)
    variant = ENGINE.result(finish(arrange(start(2, chips=True), timelines=[shorter, longer])))
    assert variant.scores == (2027, 2027) and variant.winners == (1,) and not variant.draw


def test_s9_chips_can_carry_a_timeline_beyond_2031():
    """§8 variant / §9: the chip bonus is part of the total, so it can carry a timeline past 2031,
    which then loses."""
    line = [card(2012), card(2024)]  # chips 1 + 1: 2024 plain, 2030 with chips
    assert ENGINE.result(finish(arrange(start(2, chips=True), timelines=[line, []]))).scores[0] == 2030
    line = [card(1994), card(2021), card(2024)]  # chips 2 + 2 + 1: 2024 + 15 = 2039
    outcome = ENGINE.result(finish(arrange(start(2, chips=True), timelines=[line, [card(313)]])))
    assert outcome.scores == (2039, 313) and outcome.winners == (1,)


# --- bad input (engine contract: a clear message, never a traceback) ---------------------------

@pytest.mark.parametrize("direction", ["future", "past"])
def test_a_placement_with_unknown_arguments_is_refused_in_words(direction):
    """A place action carrying a stray argument, on an empty timeline, raised IndexError."""
    state = at_turn(start(2, dealer=1), 0, "travel")
    state["direction"] = direction
    arrange(state, hands=[[card(1453)], [card(313)]])
    with pytest.raises(IllegalAction, match="extra"):
        act(state, 0, "place", card=card(1453), extra=1)
    with pytest.raises(IllegalAction, match="target"):
        act(state, 0, "pass", target=1)


# --- the rules page (game/content/rules/lost-in-time.md) against the rulebook ------------------

def test_the_rules_page_says_what_the_audit_found_missing():
    """§2 (no item cards), LT-5 (a VIP needs a card to steal), §6 / LT-6 (a discard counts from the
    next round; the side pile never sets the way), §8 (to the past the oldest card turns) and §9 /
    LT-10 (the last round is played out as usual)."""
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "game" / "content" / "rules" / "lost-in-time.md").read_text("utf-8")
    assert "12 item cards are not used" in text
    assert "VIP on an opponent who holds a card" in text
    assert "changes nothing until the next round" in text and "side pile never set it" in text
    assert "your oldest when travelling to the past" in text
    assert "everyone still to play takes their turn as usual" in text
