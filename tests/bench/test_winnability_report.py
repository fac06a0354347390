"""The report core of bench/winnability.py: statistics and tables, no solving."""

from __future__ import annotations

import math
from typing import Any

import pytest
from benchkit import load

wb = load("winnability")


def test_wilson_known_values() -> None:
    low, high = wb.wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wb.wilson(10, 10) == pytest.approx((10 / (10 + 1.959964**2), 1.0))
    assert wb.wilson(0, 10) == pytest.approx((0.0, 1 - 10 / (10 + 1.959964**2)))
    assert wb.wilson(0, 0) == (0.0, 1.0)


def test_wilson_narrows_with_more_trials() -> None:
    small, large = wb.wilson(90, 100), wb.wilson(9000, 10000)
    assert small[0] < large[0] < 0.9 < large[1] < small[1]


def test_percentile() -> None:
    assert wb.percentile([4, 1, 3, 2], 0.5) == 2.5
    assert wb.percentile([1, 2, 3, 4], 0) == 1 and wb.percentile([1, 2, 3, 4], 1) == 4
    assert wb.percentile([1, 2, 3, 4], 0.95) == pytest.approx(3.85)
    assert wb.percentile([7.0], 0.95) == 7.0
    with pytest.raises(ValueError):
        wb.percentile([], 0.5)


def test_markdown_table() -> None:
    text = wb.markdown_table(["a", "b", "c"], [["x", "1", "2"]], [2])
    assert text == "| a | b | c |\n| --- | --- | ---: |\n| x | 1 | 2 |\n"


def _row(game: str, deal: int, stage: int, verdict: str, seconds: float) -> dict[str, Any]:
    return {"kind": "solve", "game": game, "deal": deal, "budget": ["quick", "deep"][stage],
            "stage": stage, "verdict": verdict, "nodes": 10 * deal, "seconds": seconds,
            "peak_table": 10 * deal + 1, "maxrss_kb": 20480}


ROWS = [
    _row("bisley", 1, 0, "winnable", 0.01),
    _row("bisley", 2, 0, "lost", 0.02),
    _row("bisley", 3, 0, "unknown", 0.2),
    _row("bisley", 4, 0, "winnable", 0.03),
    _row("bisley", 3, 1, "winnable", 1.5),
]


def test_summarize_counts_earlier_budgets() -> None:
    quick, deep = wb.summarize(ROWS, 0), wb.summarize(ROWS, 1)
    assert (quick["deals"], quick["winnable"], quick["lost"], quick["decided"]) == (4, 2, 1, 3)
    assert (deep["deals"], deep["winnable"], deep["lost"], deep["decided"]) == (4, 3, 1, 4)
    assert len(quick["run"]) == 4 and len(deep["run"]) == 1
    assert wb.within(quick, 0.2) == 75.0 and wb.within(deep, 0.2) == 75.0
    assert wb.within(deep, math.inf) == 100.0


def test_summary_cells() -> None:
    cells = wb.summary_cells("quick", wb.summarize(ROWS, 0), [])
    assert cells[:7] == ["quick", "4", "4", "75.0 %", "2", "1", "1"]
    assert cells[7] == "66.7 [20.8, 93.9]"
    assert cells[8:11] == ["0.0250", "0.1745", "0.2000"]
    assert cells[-1] == "<= 20 (workers)"


META: dict[str, Any] = {
    "command": "python bench/winnability.py --bisley 1-4", "raw": "r.jsonl", "jobs": 2,
    "date": "2024-01-01T00:00:00+00:00", "budgets": ["quick", "deep"],
    "ranges": {"bisley": "1-4"}, "code": "abc1234", "engines": {"bisley": "Python"},
    "machine": {"cpu": "CPU", "nproc": 2, "python": "3.11.7", "platform": "Linux", "load": 0.5},
    "limits": {"QUICK": {"nodes": 1000, "seconds": 0.2}, "DEEP": {"nodes": None, "seconds": 9}},
}


def test_targets_and_report() -> None:
    text = wb.render_report(META, ROWS, [], None)
    assert "`quick` (`patience.solver.QUICK`, deal time) is 1,000 nodes or 0.2 s" in text
    assert "`deep` (`patience.solver.DEEP`, hint time) is 9 s" in text
    assert "| Bisley | 100% decided | deep | 1-4 | 100.00 % | met (on deals 1-4, not 1-10" in text
    assert "| >= 99.5% decided within 0.2 s each | quick | 1-4 | 75.00 % | **not met**" in text
    assert "| Big Apple | median <= 1 s | deep | - | - | not run |" in text
    assert "| all | peak memory of one solve <= 1 GB | all | all | <= 20 MB RSS | met |" in text
