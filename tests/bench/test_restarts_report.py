"""bench/restarts.py: the Luby sequence, its deal list, its summary, one deal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchkit import load

rs = load("restarts")


def test_the_luby_sequence() -> None:
    assert [rs.luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    with pytest.raises(ValueError, match="starts at 1"):
        rs.luby(0)


def test_the_unknown_deals_are_those_of_the_game_the_last_budget_left_open(
    tmp_path: Path,
) -> None:
    rows = [
        {"kind": "meta", "command": "python bench/winnability.py"},
        {"kind": "solve", "game": "gilbert", "deal": 3, "verdict": "unknown"},
        {"kind": "solve", "game": "big-apple", "deal": 5, "verdict": "unknown"},
        {"kind": "solve", "game": "big-apple", "deal": 4, "verdict": "unknown"},
        {"kind": "solve", "game": "big-apple", "deal": 4, "verdict": "winnable"},  # deep
    ]
    raw = tmp_path / "raw.jsonl"
    raw.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert rs.unknown_deals(raw, "big-apple") == [5]
    assert rs.unknown_deals(raw, "gilbert") == [3]


def test_the_summary_names_the_deals_won() -> None:
    rows = [
        {"deal": 1, "verdict": "winnable", "seconds": 0.5},
        {"deal": 2, "verdict": "unknown", "seconds": 3.0},
        {"deal": 3, "verdict": "winnable", "seconds": 1.5},
    ]
    assert rs.summary(rows) == "2 of 3 won, median 1.000 s, max 1.500 s: 1,3"
    assert rs.summary(rows[1:2]) == "0 of 1 won"


def test_the_second_complete_restart_wins_gilbert_deal_7() -> None:
    """As tests/solver/test_restarts.py: the first restart uses its 20,000
    positions, the second wins after 9,480."""
    row = rs.run_one("gilbert", 7, 60.0, 20_000, complete=True, luby_caps=False)
    assert (row["verdict"], row["restarts"], row["nodes"]) == ("winnable", 2, 29_480)


def test_first_starts_at_a_later_restart() -> None:
    """``--first 1``: restart 1 alone is the one that wins deal 7 (above)."""
    row = rs.run_one("gilbert", 7, 60.0, 20_000, complete=True, luby_caps=False, first=1)
    assert (row["verdict"], row["restarts"], row["nodes"]) == ("winnable", 1, 9_480)


def test_noisy_restarts_of_another_seed_stream_win_gilbert_deal_144() -> None:
    """Measured in docs/solver.md ("What is still open", Gilbert's lead): restarts
    100,000 on, 20,000 positions each, win deal 144 (undecided at the deep budget)."""
    row = rs.run_one(
        "gilbert", 144, 60.0, 20_000, complete=False, luby_caps=False, first=100_000, noisy=True
    )
    assert (row["verdict"], row["restarts"], row["nodes"]) == ("winnable", 51, 1_009_028)


@pytest.mark.parametrize(
    ("kind", "message"),
    [("--noisy", "only Gilbert has the noisy"), ("--nrpa", "only Gilbert has NRPA")],
)
def test_noisy_and_nrpa_are_only_for_gilbert(
    kind: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        rs.main(["--game", "big-apple", "--deals", "1", kind])
    assert message in capsys.readouterr().err


def test_nrpa_runs_once_with_the_first_restarts_random_state() -> None:
    """As tests/solver/test_nrpa.py: deal 972 with ``restarts.seed(1)``."""
    row = rs.run_one(
        "gilbert", 972, 60.0, 1_000_000, complete=False, luby_caps=False, first=1, nrpa=True
    )
    assert (row["verdict"], row["restarts"], row["nodes"]) == ("winnable", 1, 17_273)
