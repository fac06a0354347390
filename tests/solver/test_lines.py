"""Shortened winning lines still win and are never longer."""

from __future__ import annotations

import pytest

from patience import Position
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


def test_detours_are_cut() -> None:
    start = Position.deal("gilbert", 6)
    line = solve(start, Limit(nodes=20_000)).line
    # a detour: deal once and take the card back... as a full stock cycle
    probe = start.copy(stack=False)
    detour = []
    stock = probe.layout.stock
    while True:
        move = next(m for m in probe.legal_moves if stock in (m.src, m.dst))
        probe.push(move)
        detour.append(move)
        if probe.key() == start.key():
            break
    long_line = tuple(detour) + line
    verify_line(start, long_line)
    assert len(shorten(start, long_line)) <= len(line)


def test_hint_gives_the_first_move_of_a_short_line() -> None:
    start = Position.deal("gilbert", 6)
    found = hint(start, Limit(nodes=20_000))
    assert found.verdict is Verdict.WINNABLE
    assert found.move == found.line[0]
    assert len(found.line) <= len(solve(start, Limit(nodes=20_000)).line)
