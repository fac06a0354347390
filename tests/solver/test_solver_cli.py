"""``patience solve``: JSON and human output, layouts, worker processes, bad input.

The tests bound the work by nodes: the ``quick`` preset (the default budget) is
replaced by a node-only limit, so no verdict depends on the machine's speed.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from solverkit import FIXTURES, load_layouts

from patience import Position, parse_move
from patience.cli import main
from patience.solver import Limit, limits, solve

NODES = Limit(nodes=50_000)
KEYS = {"game", "deal", "verdict", "moves", "nodes", "seconds"}


@pytest.fixture(autouse=True)
def node_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(limits.BUDGETS, "quick", NODES)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    status = main(["solve", *args], out=out)
    return status, out.getvalue(), capsys.readouterr().err


def replays_to_a_win(pos: Position, moves: list[str]) -> bool:
    for text in moves:
        pos.play(parse_move(pos, text))
    return pos.is_won()


def test_json_lines_in_input_order(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["bisley", "1-5", "--json"], capsys)
    assert status == 0 and err == ""
    rows = [json.loads(line) for line in out.splitlines()]
    assert [row["deal"] for row in rows] == [1, 2, 3, 4, 5]
    for row in rows:
        assert set(row) == KEYS
        assert row["game"] == "bisley"
        pos = Position.deal("bisley", row["deal"])
        assert row["verdict"] == solve(pos, NODES).verdict.value
        assert isinstance(row["nodes"], int) and isinstance(row["seconds"], float)
        if row["verdict"] == "winnable":
            assert replays_to_a_win(pos, row["moves"])
        else:
            assert row["moves"] == []
    assert [row["verdict"] for row in rows] == [
        "winnable",
        "winnable",
        "lost",
        "winnable",
        "winnable",
    ]


def test_json_moves_of_gilbert_replay_to_a_win(capsys: pytest.CaptureFixture[str]) -> None:
    """Gilbert lines have stock moves (``S-W``, ``W-S``) and runs (``xN``)."""
    status, out, _ = run(["gilbert", "9,54,36", "--json"], capsys)
    assert status == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["deal"], r["verdict"]) for r in rows] == [
        (9, "winnable"),
        (54, "winnable"),
        (36, "lost"),
    ]
    for row in rows[:2]:
        assert replays_to_a_win(Position.deal("gilbert", row["deal"]), row["moves"])


SUMMARY = re.compile(
    r"^(\d+) positions: (\d+) winnable, (\d+) lost, (\d+) unknown; "
    r"seconds median (\d+\.\d{3}), p95 (\d+\.\d{3}), max (\d+\.\d{3})$"
)


def test_human_output_one_line_per_deal_and_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["bisley", "1-6"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 7
    verdicts = []
    for deal, line in zip(range(1, 7), lines, strict=False):
        match = re.match(rf"^bisley deal {deal}: (winnable|lost|unknown)( in \d+ moves)? ", line)
        assert match, line
        assert ("in" in line.split("(")[0]) == (match.group(1) == "winnable")
        assert re.search(r"\(\d+ nodes, \d+\.\d{3} s\)$", line), line
        verdicts.append(match.group(1))
    assert verdicts == ["winnable", "winnable", "lost", "winnable", "winnable", "lost"]
    summary = SUMMARY.match(lines[-1])
    assert summary, lines[-1]
    total, won, lost, unknown = map(int, summary.groups()[:4])
    assert (total, won, lost, unknown) == (6, 4, 2, 0)
    median, p95, top = map(float, summary.groups()[4:])
    assert median <= p95 <= top


def test_summary_counts_unknown(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(limits.BUDGETS, "quick", Limit(nodes=60))
    status, out, _ = run(["bisley", "2,3,11"], capsys)  # 173 / 0 / 592 nodes needed
    assert status == 0
    assert out.splitlines()[-1].startswith("3 positions: 0 winnable, 1 lost, 2 unknown;")


def test_layout_file_with_several_positions(capsys: pytest.CaptureFixture[str]) -> None:
    path = FIXTURES / "bisley_lost.txt"
    fixtures = load_layouts(path)
    status, out, _ = run(["bisley", "--layout", str(path)], capsys)
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == len(fixtures) + 1
    for i, line in enumerate(lines[:-1]):
        assert line.startswith(f"bisley layout {i + 1}: lost ("), line
    assert lines[-1].startswith(f"{len(fixtures)} positions: 0 winnable, {len(fixtures)} lost")


def test_layout_file_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = FIXTURES / "gilbert_winnable.txt"
    fixtures = load_layouts(path)
    status, out, _ = run(["gilbert", "--layout", str(path), "--json"], capsys)
    assert status == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == len(fixtures)
    for row, fixture in zip(rows, fixtures, strict=True):
        assert row["deal"] is None and row["verdict"] == "winnable"
        assert replays_to_a_win(fixture.position(), row["moves"])


def test_jobs_two_same_verdicts_same_order(capsys: pytest.CaptureFixture[str]) -> None:
    _, one, _ = run(["bisley", "1-10", "--json"], capsys)
    status, two, _ = run(["bisley", "1-10", "--json", "--jobs", "2"], capsys)
    assert status == 0

    def strip(text: str) -> list[tuple[int, str, list[str], int]]:
        rows = [json.loads(line) for line in text.splitlines()]
        return [(r["deal"], r["verdict"], r["moves"], r["nodes"]) for r in rows]

    assert strip(two) == strip(one)
    assert [d for d, *_ in strip(two)] == list(range(1, 11))


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (["bisley", "1-x"], "'1-x'"),
        (["bisley", "0"], "'0'"),
        (["bisley", "5-3"], "'5-3'"),
        (["bisley", "1,,2"], "''"),
        (["bisley", "-3"], "'-3'"),
        (["klondike", "1"], "'klondike'"),
        (["bisley", "1", "--budget", "x"], "'x'"),
        (["bisley", "1", "--budget", "fast"], "'fast'"),
        (["bisley", "1", "--jobs", "0"], "0"),
        (["bisley", "--layout", "/nonexistent/file.txt"], "'/nonexistent/file.txt'"),
        (["bisley", "1", "--layout", "/nonexistent/file.txt"], "not both"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(
    args: list[str], token: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(args, capsys)
    assert status == 2
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert err.startswith("patience: error: ")
    assert token in err
    assert "Traceback" not in err


@pytest.mark.parametrize("budget", ["0", "-1"])
def test_non_positive_seconds_budget_is_exit_2(
    budget: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(["bisley", "1", f"--budget={budget}"], capsys)
    assert status == 2 and len(err.splitlines()) == 1 and "budget" in err


def test_bad_layout_file_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("Game: bisley\n1: ZZ\n")
    status, _, err = run(["bisley", "--layout", str(path)], capsys)
    assert status == 2 and len(err.splitlines()) == 1 and "'ZZ'" in err
