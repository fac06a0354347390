"""bench/proof_lane.py: the proof lane alone, part by part."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchkit import load

from patience.solver import Limit

pl = load("proof_lane")

#: A budget bounded by its nodes: the seconds only set the lanes' shares.
BOUND = Limit(nodes=2_000_000, seconds=600.0)


def test_a_loss_the_free_pool_proves_ends_the_lane() -> None:
    """Gilbert deal 166 (lost): the free pool proves it, no complete search runs."""
    row = pl.run_one(166, BOUND)
    assert row["free_pool"] == "lost"
    assert "complete" not in row


def test_where_the_free_pool_reaches_its_goal_the_complete_search_runs() -> None:
    """Gilbert deal 756 (lost): the free pool reaches its goal, the complete
    search with the check by G+ proves the loss (docs/solver.md, "Wins in the
    proof lane")."""
    row = pl.run_one(756, BOUND)
    assert row["free_pool"] == "goal"
    assert row["complete"] == "lost"
    assert 0 < row["complete_nodes"] < 100_000


def test_the_raw_file_starts_with_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = tmp_path / "raw.jsonl"
    assert pl.main(["--deals", "166", "--raw", str(raw)]) == 0
    meta, row = (json.loads(line) for line in raw.read_text().splitlines())
    assert meta["kind"] == "meta" and "--deals 166" in meta["command"]
    assert row["deal"] == 166 and row["free_pool"] == "lost"
    assert json.loads(capsys.readouterr().out) == row
