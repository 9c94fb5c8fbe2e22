"""The Time After Time rules page (game/content/rules/time-after-time.md) against the rulebook and
RULINGS TT-1...TT-8: every rule a player needs is there, and the pages flow without a page that
holds a single stray line (the sweep found three: the Chloé example, "who starts", the safety cap)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.rules import PANEL, PICTURE_BAND, paginate
from game.ui.rules_text import load_rules

TEXT = (Path(__file__).parent.parent / "game/content/rules/time-after-time.md").read_text(encoding="utf-8")


def test_no_page_of_the_rules_holds_only_a_stray_line_or_two():
    pygame.init()
    screens = paginate(load_rules("time-after-time", "Time After Time", ""), PANEL.height - 300, PICTURE_BAND)
    for title, lines in screens:
        text_lines = [line for kind, line, _ in lines if kind != "gap"]
        assert len(text_lines) >= 3, f"{title!r} has a page of {len(text_lines)} line(s): {text_lines}"
    assert len(screens) <= 10


def test_the_rules_page_says_what_the_rulebook_and_the_rulings_say():
    flat = " ".join(TEXT.split())
    for fact in (
        "34 Time cards, 06H00 to 22H00, two of each hour",  # TT-1
        "2 players: 13 Time cards and the Ghost", "3 players: 19 Time cards and both Ghosts",
        "4 players: 26 Time cards and both Ghosts", "never a Ghost",
        "Who starts is chosen at random",  # TT-2
        "right-hand neighbour (the player who played just before you)",  # G-1
        "Your turn ends without placing anything",  # TT-3
        "Option \"ghost redraw\"",
        "at any time, even when it is not your turn",  # TT-3b
        "the row still rises left to right",  # TT-4
        "If at least one opponent could place it, you keep it",  # TT-5
        "If nobody could, the card leaves the game",
        "Whenever your hand is empty or holds only Ghosts",  # TT-6
        "only you see which",
        "already full keeps every Time card they draw; the question is not asked",  # TT-6b
        "The row's ends count as 05H and 23H",  # TT-7
        "08H00 _ _ 10H00 cannot be completed",
        "shift one or two of your placed cards by one slot each",
        "Seven rising hours and no Ghost in hand win at once",  # TT-8
        "draws your last Ghost",
        "a hand that empties ends the game at once",
        "a tie, unless that player has won",
        "1,000 turns is a tie",
        "Q or E (LB or RB on a gamepad)",  # how to rearrange here
    ):
        assert fact in flat, fact
