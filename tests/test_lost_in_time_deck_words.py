"""The Lost in Time deck's words (ruling LT-1: our own authored captions): each caption is a
sentence that adds to its title instead of repeating it, and units are spelt as in print."""

from __future__ import annotations

from game.rules.lost_in_time import CARDS


def test_captions_are_sentences_that_do_not_open_with_their_titles_words():
    for card in CARDS.values():
        caption = card.caption
        assert caption[:1].isupper() or caption[:1] in "'\"", card.title
        assert caption.rstrip("'\"")[-1:] in ".!?", card.title
        first = caption.split()[0].strip("'\".,").lower()
        title_words = {w.strip("'\".,").lower() for w in card.title.split()} - {"the", "a", "an", "of"}
        assert first not in title_words, (card.title, caption)


def test_light_years_are_hyphenated():
    assert not any("light years" in card.caption for card in CARDS.values())
