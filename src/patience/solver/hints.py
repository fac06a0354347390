"""Hints: the next move of a winning line, reusing a known line when it still fits.

The line of a new search is shortened first (``lines.shorten``; in Big Apple by the
compiled engine where it is built, the same line 8-26 times faster), so that
following the hints wins without the search's detours.

The site keeps the line of the last hint with the game. After the player plays the
hinted move (or any moves along the line), ``hint(pos, line=rest)`` checks the rest
by replaying it, which costs no search, and answers at once. Only when the player has
left the line is a new search made.
"""

from __future__ import annotations

from dataclasses import dataclass

from patience.position import Move, Position
from patience.solver import fast
from patience.solver.engine import SolverError, search, verify_line
from patience.solver.limits import DEEP, Limit, Verdict
from patience.solver.lines import shorten


@dataclass(frozen=True)
class Hint:
    """``move`` is the next move of ``line`` (a winning line from the position)
    when ``verdict`` is winnable; ``nodes`` is the search work it cost (0 when a
    known line was reused)."""

    verdict: Verdict
    move: Move | None
    line: tuple[Move, ...]
    nodes: int


def remaining_line(played: list[Move], line: tuple[Move, ...]) -> tuple[Move, ...] | None:
    """If ``played`` (the moves made since ``line`` was found) is a prefix of
    ``line``, the rest of it; otherwise ``None``."""
    if tuple(played) != line[: len(played)]:
        return None
    return line[len(played) :]


def hint(position: Position, limit: Limit = DEEP, line: tuple[Move, ...] = ()) -> Hint:
    """The next move of a winning line from ``position``, or the verdict that
    there is none (``lost``) or that the budget did not tell (``unknown``).

    ``line``, when given, is a winning line from ``position`` found earlier; it is
    checked by replaying it and reused when it still wins.
    """
    if position.is_won():
        return Hint(Verdict.WINNABLE, None, (), 0)
    if line:
        try:
            verify_line(position, line)
        except SolverError:
            pass
        else:
            return Hint(Verdict.WINNABLE, line[0], line, 0)
    result = search(position, limit)
    if not result.line:
        return Hint(result.verdict, None, (), result.nodes)
    rules = position.rules
    if fast.big_apple_like(rules) and fast.available(rules):
        short = fast.shorten_big_apple(position, result.line)
    else:
        short = shorten(position, result.line)
    verify_line(position, short)
    return Hint(result.verdict, short[0], short, result.nodes)
