"""The Lost in Time rules page against the rulebook and RULINGS: its two end-of-game examples add
up with the deck's own cards (rulebook §9, ruling LT-10), and it says what the rulebook and the
rulings say about keeping a VIP or a Disaster (§7), losing a sideways card (LT-7) and an empty
hand (LT-11)."""

from __future__ import annotations

from pathlib import Path

from game.rules.lost_in_time import CARDS, KIND, timeline_total

TEXT = (Path(__file__).resolve().parent.parent / "game" / "content" / "rules" / "lost-in-time.md").read_text("utf-8")


def card(title: str) -> str:
    return next(c for c, info in CARDS.items() if info.title == title)


def test_the_examples_on_the_page_add_up_with_the_deck():
    """Rulebook §9: 1989 + Vesuvius (79, Disaster) = 2009; a 2001 Disaster + the Somme (1916,
    Disaster) = 2041, beyond 2031."""
    vesuvius, somme = card("Eruption of Vesuvius"), card("Battle of the Somme")
    berlin = next(c for c, info in CARDS.items() if info.year == 1989 and info.kind == "event")
    last = next(c for c, info in CARDS.items() if info.year == 2001 and info.kind == "disaster")
    assert KIND[vesuvius] == KIND[somme] == "disaster"
    assert timeline_total([vesuvius, berlin], chip_variant=False) == 2009
    assert timeline_total([somme, last], chip_variant=False) == 2041
    assert "1989 + 20 = 2009" in TEXT and "2001 + 20 + 20 = 2041" in TEXT


def test_the_second_example_counts_a_card_on_the_timeline_not_in_the_hand():
    """Only cards on the timeline earn a bonus (rulebook §9); the page used to say "hold"."""
    example = next(line for line in TEXT.splitlines() if "2041" in line)
    assert "hold" not in example and "on your timeline" in example


def test_the_page_says_what_a_kept_vip_or_disaster_is_worth():
    """Rulebook §7: a VIP or Disaster may be placed on your own timeline for +10 / +20."""
    turn = TEXT.split("## Your turn", 1)[1].split("## ", 1)[0]
    assert "Keep one instead" in turn and "10 years" in turn and "20" in turn


def test_the_page_says_a_lost_card_tilts_nothing_new_and_an_empty_hand_cannot_travel():
    """Ruling LT-7 (the removal round tilts no new card; the card goes to the side pile) and LT-11."""
    unable = TEXT.split("## Unable to travel", 1)[1].split("## ", 1)[0]
    assert "No new card is turned that turn" in unable and "side pile" in unable
    assert "your hand is empty" in unable
