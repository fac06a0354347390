"""Hints search in a separate process with a hard time limit."""

from __future__ import annotations

import os

import pytest

from patience import Position
from patience.notation import parse_move
from patience.solver import Limit, Verdict, verify_line
from patience_site.play import solving


def test_the_search_runs_in_another_process_and_its_line_wins() -> None:
    verdict, texts = solving.search_line("bisley", 1, [], Limit(nodes=100_000, seconds=30))
    assert verdict is Verdict.WINNABLE
    pos = Position.deal("bisley", 1)
    moves = []
    probe = pos.copy()
    for text in texts:
        moves.append(parse_move(probe, text))
        probe.push(moves[-1])
    verify_line(pos, tuple(moves))
    pool = solving._executor()
    assert all(p.pid != os.getpid() for p in pool._processes.values())  # type: ignore[attr-defined]


def test_an_overstaying_search_is_killed_and_the_next_one_works(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    solving.search_line("bisley", 1, [], Limit(nodes=10))  # the process is up
    process = next(iter(solving._executor()._processes.values()))  # type: ignore[attr-defined]
    monkeypatch.setattr(solving, "GRACE", -10.0)  # a timeout of 0 s: any search overstays
    verdict, line = solving.search_line("gilbert", 1, [], Limit(nodes=10**9, seconds=10.0))
    assert (verdict, line) == (Verdict.UNKNOWN, [])
    process.join(timeout=10)
    assert not process.is_alive()  # killed, not waited for
    monkeypatch.setattr(solving, "GRACE", 2.0)
    assert solving.search_line("bisley", 1, [], Limit(nodes=100_000))[0] is Verdict.WINNABLE
