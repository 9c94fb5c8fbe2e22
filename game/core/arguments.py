"""Argument types shared by the command line's subcommands (main.py and net/serve.py).

One reader of "a number of seconds" so `check-scenario --budget` and `serve --grace` refuse the same
bad input ("nan", "inf", words) with the same sentence; they differ only in whether 0 is allowed.
"""

from __future__ import annotations

import argparse
import math
from typing import Callable


def seconds_type(*, zero_allowed: bool) -> Callable[[str], float]:
    """An argparse type for a finite number of seconds: 0 or more, or above 0 when `zero_allowed` is off."""
    bound = "0 or more" if zero_allowed else "above 0"

    def seconds(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
        if not math.isfinite(value) or value < 0 or (value == 0 and not zero_allowed):
            raise argparse.ArgumentTypeError(f"expected a number of seconds, {bound}, not {text}")
        return value

    seconds.__name__ = "seconds" if zero_allowed else "positive_seconds"
    return seconds
