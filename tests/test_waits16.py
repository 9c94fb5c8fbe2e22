"""The waits the real-time tests lean on (tests/waits16.py): they return at once when the event has
come, fail when it never comes, and a held clock keeps a window of real time from running out
while a loaded machine steps a test slowly."""

from __future__ import annotations

import threading
import time

import pytest

import ui_helpers
from waits16 import CEILING, HeldClock, wait_for


def test_a_wait_returns_the_first_truthy_value_without_sleeping_out_the_ceiling():
    calls = []

    def third_time() -> str | None:
        calls.append(1)
        return "there" if len(calls) == 3 else None

    started = time.monotonic()
    assert wait_for(third_time, ceiling=CEILING) == "there"
    assert len(calls) == 3 and time.monotonic() - started < CEILING / 2  # polled, not slept out


def test_a_wait_for_what_never_comes_fails_and_says_what_it_waited_for():
    with pytest.raises(AssertionError, match="the host's word did not hold within 0 s"):
        wait_for(lambda: False, ceiling=0.05, what="the host's word")


def test_a_wait_sees_what_another_thread_does_later():
    done = threading.Event()
    threading.Timer(0.05, done.set).start()
    assert wait_for(done.is_set)


def test_a_held_clock_stands_still_then_runs_on_from_where_the_test_moved_it():
    clock = HeldClock()
    assert abs(clock.monotonic() - time.monotonic()) < 1.0  # runs with the real clock
    clock.hold()
    at = clock.monotonic()
    time.sleep(0.02)
    assert clock.held and clock.monotonic() == at  # however long the machine takes
    clock.release(skip=5.0)
    assert not clock.held and at + 5.0 <= clock.monotonic() < at + 6.0
    later = clock.monotonic()
    time.sleep(0.01)
    assert clock.monotonic() > later  # and runs on
    assert clock.sleep is time.sleep and clock.time is time.time  # the rest is the real module


def test_a_window_measured_by_a_held_clock_ends_only_when_the_test_moves_it():
    """As RemoteSession measures its reconnect window: `now - lost_at > window`."""
    clock = HeldClock()
    clock.hold()
    lost_at, window = clock.monotonic(), 0.05
    time.sleep(0.1)  # twice the window in real time: a loaded machine's stall
    assert not clock.monotonic() - lost_at > window
    clock.release(skip=window + 0.01)
    assert clock.monotonic() - lost_at > window


def test_frame_waits_default_to_the_ceiling():
    """`step_until` is for the network's threads: only something broken may reach its ceiling."""
    import inspect

    assert inspect.signature(ui_helpers.step_until).parameters["timeout"].default == CEILING


def test_the_ceiling_stays_well_under_the_per_test_timeout():
    """pytest-timeout (pyproject) ends a test; a wait inside it must give up first, with its message."""
    import tomllib
    from pathlib import Path

    config = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text("utf-8"))
    assert config["tool"]["pytest"]["ini_options"]["timeout"] >= 4 * CEILING


def test_a_held_clock_can_be_moved_part_way_and_counts_each_threads_looks():
    clock = HeldClock()
    clock.hold()
    at = clock.monotonic()
    clock.advance(0.3)
    assert clock.held and clock.monotonic() == at + 0.3  # still held, later

    def look_twice() -> None:
        clock.monotonic()
        clock.monotonic()

    other = threading.Thread(target=look_twice)
    other.start()
    other.join()
    assert clock.reads_by(other) == 2 and clock.reads_by(threading.current_thread()) == 3
    clock.release()
    with pytest.raises(AssertionError):
        clock.advance(1.0)  # only a held clock is moved by hand
