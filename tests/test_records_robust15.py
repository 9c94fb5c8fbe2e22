"""The record against a LAN host's result: what the record cannot read back is never written."""

from __future__ import annotations


def test_a_best_score_no_game_makes_is_not_kept_so_the_record_still_reads(data_dir):
    """A LAN host's result of 5000 in a Labyrinth adventure (scored -20 to 8) went into records.json
    as a best; at the next start the whole file read as damaged and the record began again."""
    from game.session.records import load_records, save_records

    records = load_records(lambda message: None)
    records.add("labyrinth", "people", True, False, "tutorial", 6)
    records.add("labyrinth", "people", True, False, "tutorial", 5000)
    records.add("labyrinth", "people", False, False, "x" * 200, 3)
    save_records(records)
    told: list[str] = []
    again = load_records(told.append)
    assert told == []
    assert again.games["labyrinth"].total.played == 3  # every game counts
    assert again.best("labyrinth", "tutorial") == 6 and len(again.games["labyrinth"].best) == 1
