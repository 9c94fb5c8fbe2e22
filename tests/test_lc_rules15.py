"""Lost Cities against its rulebook once more (session 15): golden cases for the rule statements no
earlier test pinned, and a referee of my own over random seeded matches.

The referee re-derives the rules from `rulebooks/lost-cities.txt` and RULINGS LC-1…LC-8 without
the engine's scoring or legality helpers: it keeps its own table and asks the engine nothing but the
moves it offers, the table it shows and the outcomes of chance (each round's shuffle and round 1's
starter). `TABLETIME_LC15_GAMES=2000` plays thousands of matches by hand.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from game.core import Action, GameConfig, SeatConfig, events_for
from game.rules.lost_cities import ENGINE
from test_lost_cities import arranged, cards

COLOUR_LETTERS = "ybwgrp"  # the five colours of the box, then the long game's sixth (LC-1)
RANKS = ["w1", "w2", "w3"] + [f"{v:02d}" for v in range(2, 11)]  # "45 expedition cards, 15 multipliers"
HAND = 8           # "Each player has eight cards in their hand."
COST = 20          # "It costs 20 points to start each expedition"
BONUS_AT, BONUS = 8, 20  # "Each row, which has at least eight cards, also gets a bonus of 20 points."
ACTION_CAP = 10_000  # LC-8
GAMES = int(os.environ.get("TABLETIME_LC15_GAMES", "0"))


def colour_of(card: str) -> str:
    return card.split("-")[1]


def number_of(card: str) -> int | None:
    """The number on an expedition card; None for a multiplier (wager) card."""
    rank = card.split("-")[2]
    return None if rank.startswith("w") else int(rank)


def row_score(row: list[str]) -> int:
    """Playing and Scoring: values added, 20 subtracted for a started row, times 2/3/4 for 1/2/3
    multipliers (negative too), +20 for at least eight cards (LC-6: not multiplied; wagers count)."""
    if not row:
        return 0  # "Rows with no cards score zero."
    numbers = [number_of(c) for c in row if number_of(c) is not None]
    multipliers = len(row) - len(numbers)
    return (sum(numbers) - COST) * (1 + multipliers) + (BONUS if len(row) >= BONUS_AT else 0)


def may_add(row: list[str], card: str) -> bool:
    """Flow of the game / LC-4: a multiplier only before any number; a number above the row's last."""
    numbers = [number_of(c) for c in row if number_of(c) is not None]
    if number_of(card) is None:
        return not numbers
    return not numbers or number_of(card) > numbers[-1]


class LcReferee:
    """A match kept by the rulebook alone, beside the engine: whose turn, play-or-discard then draw,
    the card discarded this turn (LC-3), the take-back until the draw, the round's end (LC-5, LC-8),
    its score (LC-6), the next starter and the match's end (LC-7)."""

    def __init__(self, state: dict, colours: int, rounds: int) -> None:
        self.colours, self.rounds = COLOUR_LETTERS[:colours], rounds
        self.round, self.totals, self.over = 0, [0, 0], False
        self.round_scores: list[list[int]] = []
        self.long_rows = 0  # rows that earned the 8-card bonus: the random games must reach that rule
        assert state["starter"] in (0, 1)  # LC-7: round 1's starter is chance
        self.deal(state, state["starter"])

    def deal(self, state: dict, starter: int) -> None:
        """LC-1: every card, 8 to each hand, the rest the draw pile (44 or 56); an empty table."""
        every = sorted(f"lc-{c}-{r}" for c in self.colours for r in RANKS)
        assert sorted(state["deck"] + state["hands"][0] + state["hands"][1]) == every
        assert [len(h) for h in state["hands"]] == [HAND, HAND]
        assert len(state["deck"]) == len(every) - 2 * HAND
        self.deck = list(state["deck"])  # chance: the shuffle (the top is the end of the list)
        self.hands = [sorted(h) for h in state["hands"]]
        self.rows: list[dict[str, list[str]]] = [{c: [] for c in self.colours} for _ in range(2)]
        self.piles: dict[str, list[str]] = {c: [] for c in self.colours}
        self.turn, self.step, self.laid, self.discarded = starter, "play", None, None
        self.round += 1
        self.actions = 0

    def legal(self, seat: int) -> set[Action]:
        if self.over or seat != self.turn:
            return set()
        hand = self.hands[seat]
        if self.step == "play":  # place a card first: on its own colour's row, or discard it
            moves = {Action.make(seat, "play", card=c) for c in hand if may_add(self.rows[seat][colour_of(c)], c)}
            return moves | {Action.make(seat, "discard", card=c) for c in hand}
        moves = {Action.make(seat, "draw", source="deck")} if self.deck else set()
        for colour, pile in self.piles.items():
            if pile and pile[-1] != self.discarded:  # LC-3
                moves.add(Action.make(seat, "draw", source=colour))
        if self.laid is not None:
            moves.add(Action.make(seat, "undo"))  # the program's take-back, before the draw
        return moves

    def apply(self, action: Action, after: dict, events: list) -> None:
        seat = action.seat
        self.actions += 1
        if action.kind in ("play", "discard"):
            c = action["card"]
            self.hands[seat].remove(c)
            (self.rows[seat] if action.kind == "play" else self.piles)[colour_of(c)].append(c)
            self.laid, self.discarded = c, (c if action.kind == "discard" else None)
            self.step = "draw"
        elif action.kind == "undo":
            c = self.laid
            where = self.piles if self.discarded == c else self.rows[seat]
            assert where[colour_of(c)][-1] == c
            where[colour_of(c)].pop()
            self.hands[seat] = sorted(self.hands[seat] + [c])
            self.laid, self.discarded, self.step = None, None, "play"
        else:
            source = action["source"]
            c = self.deck.pop() if source == "deck" else self.piles[source].pop()
            self.hands[seat] = sorted(self.hands[seat] + [c])
            self.laid, self.discarded, self.step, self.turn = None, None, "play", 1 - seat
            if not self.deck:  # LC-5: the round ends as soon as the last card is taken
                self.end_round(after, events)
                return
        if self.actions >= ACTION_CAP:  # LC-8: scored as if the deck had run out
            self.end_round(after, events)

    def end_round(self, after: dict, events: list) -> None:
        scores = [sum(row_score(row) for row in self.rows[s].values()) for s in range(2)]
        self.long_rows += sum(len(row) >= BONUS_AT for s in range(2) for row in self.rows[s].values())
        self.round_scores.append(scores)
        self.totals = [self.totals[s] + scores[s] for s in range(2)]  # "cont": carried over
        ends = [e for e in events_for(events, None) if e.kind == "round_end"]
        assert len(ends) == 1 and list(ends[0]["scores"]) == scores and list(ends[0]["totals"]) == self.totals
        if self.round >= self.rounds:
            self.over = True
            return
        # LC-7: the loser of the round starts the next; seat 0 breaks a tied round
        starter = 0 if scores[0] <= scores[1] else 1
        self.deal(after, starter)

    def winners(self) -> list[int]:
        a, b = self.totals
        return [0, 1] if a == b else [0 if a > b else 1]

    def compare(self, state: dict, tag: str) -> None:
        assert bool(state["over"]) == self.over, f"{tag}: over"
        assert state["totals"] == self.totals and state["round"] == self.round, f"{tag}: totals/round"
        if self.over:
            return
        assert [sorted(h) for h in state["hands"]] == self.hands, f"{tag}: hands"
        assert state["expeditions"] == self.rows and state["discards"] == self.piles, f"{tag}: table"
        assert state["deck"] == self.deck, f"{tag}: draw pile"
        assert (state["turn"], state["phase"]) == (self.turn, self.step), f"{tag}: turn"


def referee_match(colours: int, rounds: int, seed: int) -> Counter:
    """One seeded random match beside the referee; returns the kinds of move played."""
    config = GameConfig.make("lost-cities", [SeatConfig("bot", "A"), SeatConfig("bot", "B")],
                             colours=colours, rounds=rounds)
    state = ENGINE.new_game(config, seed)
    referee = LcReferee(state, colours, rounds)
    rng = random.Random(seed)
    seen: Counter = Counter()
    took_back = False
    while not state["over"]:
        mine = referee.legal(referee.turn)
        for seat in (0, 1):
            offered = ENGINE.legal_actions(state, seat)
            assert len(offered) == len(set(offered)), f"seed {seed}: a move offered twice"
            expected = mine if seat == referee.turn else referee.legal(seat)
            assert set(offered) == expected, f"seed {seed} step {sum(seen.values())} seat {seat}"
        legal = sorted(mine, key=repr)
        undo = [m for m in legal if m.kind == "undo"]
        draws = [m for m in legal if m.kind == "draw"]
        if undo and not took_back and rng.random() < 0.1:
            move, took_back = undo[0], True  # at most one take-back a turn, so the match goes on
        elif draws:
            deck = [m for m in draws if m["source"] == "deck"]
            move = deck[0] if deck and rng.random() < 0.75 else rng.choice(draws)
            took_back = False
        else:
            plays = [m for m in legal if m.kind == "play"]
            if plays and rng.random() < 0.6:  # the lowest card up, so long rows (the 8-card bonus) come up
                move = min(plays, key=lambda m: (number_of(m["card"]) or 0, rng.random()))
            else:
                move = rng.choice(legal)
        state, events = ENGINE.apply(state, move)
        referee.apply(move, state, events)
        referee.compare(state, f"seed {seed} after {move!r}")
        seen[move.kind] += 1
        if move.kind == "draw" and move["source"] != "deck":
            seen["draw from a pile"] += 1
    outcome = ENGINE.result(state)
    assert list(outcome.scores) == referee.totals and list(outcome.winners) == referee.winners()
    assert outcome.draw == (len(referee.winners()) == 2)  # LC-7: a tied match stays a draw
    assert [h["scores"] for h in state["history"]] == referee.round_scores
    seen["matches"] += 1
    seen["rounds"] += rounds
    seen["drawn matches"] += outcome.draw
    seen["rows of 8 or more"] += referee.long_rows
    return seen


@pytest.mark.parametrize("colours", [5, 6])
def test_the_engine_agrees_with_my_referee_over_random_matches(colours):
    """Every LC ruling at every step of seeded random matches of 1 to 5 rounds: the moves offered,
    the table after each move, each round's score, the totals and the winner."""
    games = GAMES or 20
    seen: Counter = Counter()
    for seed in range(games):
        seen += referee_match(colours, 1 + seed % 5, 15_000 + 31 * colours + seed)
    print(f"{games} matches with {colours} colours: {dict(seen)}")
    for kind in ("play", "discard", "undo", "draw from a pile", "rows of 8 or more"):
        assert seen[kind] > 0, f"no {kind} in {games} matches"


# --- golden cases for rule statements no earlier test pinned -----------------------------------

def test_lc5_a_discard_then_the_last_deck_card_ends_the_round_and_the_discard_scores_nothing():
    """LC-5 / Playing and Scoring: 'The game ends as soon as a player takes the last card from the
    draw pile' — also on a turn that discarded: the discarded card stays on its pile, unscored, and
    the taker does not play the card drawn."""
    blue_ten, red_two = cards("b", 10)[0], cards("r", 2)[0]
    state = arranged([[blue_ten], []], expeditions=[{"b": cards("b", 5)}, {}], deck_top=[red_two],
                     deck_size=0)  # the draw pile is the Red 2 alone
    state, _ = ENGINE.apply(state, Action.make(0, "discard", card=blue_ten))
    state, events = ENGINE.apply(state, Action.make(0, "draw", source="deck"))
    end = next(e for e in events_for(events, None) if e.kind == "round_end")
    assert list(end["scores"])[0] == 5 - 20  # the Blue 10 on the pile adds nothing to Blue
    assert state["history"][0]["scores"][0] == -15


def test_lc6_the_long_games_purple_row_scores_like_the_others_and_the_bonus_is_not_multiplied():
    """LC-1 option + LC-6: in the 6-colour game the purple row is a sixth expedition: wagers
    multiply (sum − 20), eight cards add 20 once, unmultiplied."""
    purple = cards("p", "w1", "w2", 2, 3, 4, 5, 6, 7)  # 8 cards: (27 − 20) × 3 + 20 = 41
    state = arranged([[], []], expeditions=[{"p": purple}, {"p": cards("p", 8, 9)}], deck_size=1,
                     colours=6)
    state, _ = ENGINE.apply(state, ENGINE.legal_actions(state, 0)[-1])  # a discard
    state, events = ENGINE.apply(state, Action.make(0, "draw", source="deck"))
    end = next(e for e in events_for(events, None) if e.kind == "round_end")
    assert list(end["scores"]) == [41, (17 - 20)]
    assert [line[0] for line in end["breakdown"][0]] == list("ybwgrp")


def test_lc8_playing_and_taking_back_forever_ends_the_round_at_the_cap():
    """LC-8: 'a round that has lasted 10,000 actions ends as if the deck ran out' — reached through
    the public API by a seat that plays a card and takes it back again and again."""
    state = ENGINE.new_game(GameConfig.make("lost-cities", [SeatConfig("human", "A"), SeatConfig("human", "B")],
                                            rounds=2), 4)
    seat = state["turn"]
    move = next(a for a in ENGINE.legal_actions(state, seat) if a.kind == "play")
    events: list = []
    for count in range(1, ACTION_CAP + 1):
        state, events = ENGINE.apply(state, move if count % 2 else Action.make(seat, "undo"))
        if state["round"] == 2:
            break
    assert count == ACTION_CAP and state["round"] == 2
    end = next(e for e in events_for(events, None) if e.kind == "round_end")
    assert end["reason"] == "cap" and list(end["scores"]) == [0, 0]  # the taken-back card left no row
    assert state["starter"] == 0  # LC-7: a tied round is started by seat 0


def test_lc3_the_opponent_may_take_the_card_just_discarded_on_the_next_turn():
    """LC-3 forbids only the discarder, this turn: the opponent may take it at once."""
    blue_nine = cards("b", 9)[0]
    state = arranged([[blue_nine], []])
    state, _ = ENGINE.apply(state, Action.make(0, "discard", card=blue_nine))
    assert Action.make(0, "draw", source="b") not in ENGINE.legal_actions(state, 0)
    state, _ = ENGINE.apply(state, Action.make(0, "draw", source="deck"))
    state, _ = ENGINE.apply(state, next(a for a in ENGINE.legal_actions(state, 1) if a.kind == "discard"
                                        and a["card"][3] != "b"))
    assert Action.make(1, "draw", source="b") in ENGINE.legal_actions(state, 1)


def test_lc4_a_number_lower_than_the_rows_last_is_refused_even_when_a_lower_one_was_skipped():
    """Flow of the game: 'Each card placed on a stack must have a higher value than the previous
    card' — compared with the last card, so after 4 and 7 neither 5 nor 6 nor a multiplier fits."""
    hand = cards("g", 5, 6, "w3") + cards("g", 8)
    state = arranged([hand, []], expeditions=[{"g": cards("g", "w1", 4, 7)}, {}])
    plays = {a["card"] for a in ENGINE.legal_actions(state, 0) if a.kind == "play" and a["card"][3] == "g"}
    assert plays == set(cards("g", 8))
