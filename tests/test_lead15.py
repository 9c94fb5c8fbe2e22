"""Session 15 lead's checks: one reader of seconds for every subcommand."""

from __future__ import annotations

import argparse

import pytest

import main
from game.core.arguments import seconds_type
from net import serve


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "-1", "soon", ""])
def test_both_seconds_types_refuse_what_is_not_a_finite_time(text: str) -> None:
    for reader in (main.positive_seconds, serve.seconds):
        with pytest.raises(argparse.ArgumentTypeError, match="expected a number of seconds"):
            reader(text)


def test_zero_is_a_grace_but_not_a_budget() -> None:
    assert serve.seconds("0") == 0.0
    with pytest.raises(argparse.ArgumentTypeError, match="above 0, not 0"):
        main.positive_seconds("0")
    assert main.positive_seconds("2.5") == seconds_type(zero_allowed=True)("2.5") == 2.5
