"""Shortened winning lines still win and are never longer."""

from __future__ import annotations

import pytest

from patience import Position
from patience.position import Move
from patience.solver import Limit, Verdict, hint, solve, verify_line
from patience.solver.lines import shorten


@pytest.mark.parametrize(("game", "deal"), [("bisley", 11), ("bisley", 2), ("gilbert", 6)])
def test_shortened_line_wins_and_is_not_longer(game: str, deal: int) -> None:
    start = Position.deal(game, deal)
    result = solve(start, Limit(nodes=20_000), native=False)
    assert result.verdict is Verdict.WINNABLE
    short = shorten(start, result.line)
    verify_line(start, short)  # raises unless it wins
    assert len(short) <= len(result.line)


def _stock_cycle(start: Position) -> tuple[Move, ...]:
    """A detour: every deal of the stock and the redeal, back to ``start``."""
    probe = start.copy(stack=False)
    detour = []
    stock = probe.layout.stock
    while True:
        move = next(m for m in probe.legal_moves if stock in (m.src, m.dst))
        probe.push(move)
        detour.append(move)
        if probe.key() == start.key():
            return tuple(detour)


def test_detours_are_cut() -> None:
    start = Position.deal("gilbert", 6)
    line = solve(start, Limit(nodes=20_000)).line
    long_line = _stock_cycle(start) + line
    verify_line(start, long_line)
    assert len(shorten(start, long_line)) <= len(line)


def test_hint_gives_the_first_move_of_a_short_line() -> None:
    start = Position.deal("gilbert", 6)
    found = hint(start, Limit(nodes=20_000))
    assert found.verdict is Verdict.WINNABLE
    assert found.move == found.line[0]
    assert len(found.line) <= len(solve(start, Limit(nodes=20_000)).line)


def test_a_replay_stops_at_its_deadline_and_the_win_is_given_up() -> None:
    import time

    from patience.solver import engine

    start = Position.deal("gilbert", 6)
    result = solve(start, Limit(nodes=20_000))
    # long enough for the replay to look at the clock (every 32 moves)
    assert result.verdict is Verdict.WINNABLE and len(result.line) >= 32
    past = time.perf_counter() - 1.0
    assert verify_line(start, result.line) is True
    assert verify_line(start, result.line, deadline=past) is False
    # a search's win whose replay runs into the budget's end is not returned
    limit = Limit(nodes=20_000, seconds=0.5)
    given_up = engine._verified(start, result, limit, past - 0.5)
    assert given_up.verdict is Verdict.UNKNOWN and given_up.line == ()
    assert given_up.nodes == result.nodes and given_up.seconds >= 1.5
    assert engine._verified(start, result, limit, time.perf_counter()) == result
