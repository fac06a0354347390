"""bench/free_pool.py: its deal list, its summary, one small search."""

from __future__ import annotations

import json
from pathlib import Path

from benchkit import load

fp = load("free_pool")


def test_the_unknown_deals_are_those_the_last_budget_left_open(tmp_path: Path) -> None:
    rows = [
        {"kind": "meta", "command": "python bench/winnability.py"},
        {"kind": "solve", "game": "gilbert", "deal": 3, "verdict": "unknown"},
        {"kind": "solve", "game": "gilbert", "deal": 5, "verdict": "unknown"},
        {"kind": "solve", "game": "big-apple", "deal": 4, "verdict": "unknown"},
        {"kind": "solve", "game": "gilbert", "deal": 3, "verdict": "lost"},  # the deep stage
        {"kind": "memory", "game": "gilbert", "deal": 9, "verdict": "unknown"},
    ]
    raw = tmp_path / "raw.jsonl"
    raw.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert fp.unknown_deals(raw, "gilbert") == [5]


def test_the_summary_counts_each_result() -> None:
    rows = [
        {"deal": 1, "result": "goal", "seconds": 0.5, "rss_mb": 90},
        {"deal": 2, "result": "lost", "seconds": 7.25, "rss_mb": 400},
        {"deal": 3, "result": "lost", "seconds": 1.0, "rss_mb": 120},
        {"deal": 4, "result": "goal", "seconds": 1.5, "rss_mb": 95},
        {"deal": 5, "result": "open", "seconds": 25.0, "rss_mb": 800},
    ]
    assert fp.summary(rows).splitlines() == [
        "lost 2, goal 2, open 1 of 5",
        "lost: 3 (1.0 s), 2 (7.2 s)",
        "goal reached: median 1.00 s, max 1.50 s",
        "peak RSS <= 800 MB",
    ]


def test_one_deal_is_proved_lost() -> None:
    row = fp.run_one((87, 60.0, 100_000, "g"))
    assert (row["result"], row["searched"], row["states"]) == ("lost", 1_451, 2_849)
    row = fp.run_one((87, 60.0, 100_000, "g+"))
    assert (row["result"], row["searched"], row["states"]) == ("lost", 673, 1_137)


def test_both_relaxations_as_a_solve_runs_them() -> None:
    """Deal 186: G+ reaches its goal after 30 states, the first look at the stock
    pool (without its check) reaches its own after 22,637, G proves the loss after 524."""
    row = fp.run_one((186, 60.0, 100_000, "both"))
    assert (row["result"], row["searched"]) == ("lost", 30 + 22_637 + 524)
