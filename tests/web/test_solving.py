"""Hints search in a separate process with a hard time limit."""

from __future__ import annotations

import os
import sys
import time

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


def _dead(pid: int) -> bool:
    """The process is gone, or a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/status") as status:
            return any(line.startswith("State:") and "Z" in line for line in status)
    except OSError:  # gone (or going: ESRCH while it is torn down)
        return True


def test_an_overstaying_search_is_killed_and_the_next_one_works(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pid = solving._executor().submit(os.getpid).result(timeout=60)  # the solver process
    assert pid != os.getpid()
    monkeypatch.setattr(solving, "GRACE", -10.0)  # a timeout of 0 s: any search overstays
    verdict, line = solving.search_line("gilbert", 1, [], Limit(nodes=10**9, seconds=10.0))
    assert (verdict, line) == (Verdict.UNKNOWN, [])
    deadline = time.monotonic() + 10
    while not _dead(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _dead(pid), "the overstaying solver process was not killed"
    monkeypatch.setattr(solving, "GRACE", 2.0)
    assert solving.search_line("bisley", 1, [], Limit(nodes=100_000))[0] is Verdict.WINNABLE


def test_the_solver_process_runs_niced() -> None:
    pid = solving._executor().submit(os.getpid).result(timeout=60)
    own = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, own + solving.NICE)
    if sys.platform == "linux":
        assert os.sched_getscheduler(pid) == os.SCHED_IDLE


def test_a_request_waiting_for_the_solver_gives_up_without_killing_the_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pid = solving._executor().submit(os.getpid).result(timeout=60)
    monkeypatch.setattr(solving, "WAIT", 0.1)
    with solving._turn:  # another request's search is running
        verdict = solving.search_line("bisley", 1, [], Limit(nodes=100_000))
    assert verdict == (Verdict.UNKNOWN, [])
    assert solving._executor().submit(os.getpid).result(timeout=60) == pid  # not killed
    assert solving.search_line("bisley", 1, [], Limit(nodes=100_000))[0] is Verdict.WINNABLE
