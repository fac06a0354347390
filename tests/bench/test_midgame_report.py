"""bench/midgame.py without solving: its positions are repeatable, its table adds up."""

from __future__ import annotations

from benchkit import load

from patience import format_position

mg = load("midgame")


def test_the_random_player_is_repeatable_and_moves() -> None:
    first, again = mg.play("gilbert", 7, 30), mg.play("gilbert", 7, 30)
    assert format_position(first) == format_position(again)
    assert len(first.move_stack) == 30
    assert format_position(mg.play("gilbert", 7, 60)) != format_position(first)


def test_the_table_counts_each_verdict() -> None:
    rows = [
        {"steps": 30, "verdict": "winnable", "seconds": 0.1},
        {"steps": 30, "verdict": "lost", "seconds": 0.2},
        {"steps": 60, "verdict": "unknown", "seconds": 0.3},
    ]
    lines = mg.summary(rows).splitlines()
    assert lines[2] == "| 30 | 2 | 100.0 % | 1 | 1 | 0 | 0.1500 | 0.1950 | 0.2000 |"
    assert lines[3] == "| 60 | 1 | 0.0 % | 0 | 0 | 1 | 0.3000 | 0.3000 | 0.3000 |"
    assert lines[4].startswith("| all | 3 | 66.7 % | 1 | 1 | 1 | 0.2000 |")


def test_the_table_counts_solves_past_their_budget() -> None:
    rows = [
        {"steps": 30, "verdict": "unknown", "seconds": 0.0032},  # within 10 %
        {"steps": 30, "verdict": "unknown", "seconds": 0.0034},  # past it
        {"steps": 60, "verdict": "lost", "seconds": 0.0055},  # past it
    ]
    lines = mg.summary(rows, budget=0.003).splitlines()
    assert lines[0].endswith("| max s | over budget + 10 % |")
    assert lines[2].endswith("| 0.0034 | 1 |")
    assert lines[3].endswith("| 0.0055 | 1 |")
    assert lines[4].endswith("| 2 |")
