"""Shortening winning lines.

A depth-first search finds a winning line, not a short one: in Big Apple and
Gilbert it can wander through thousands of shuffles. ``shorten`` cuts the detours:
from each position of the line it jumps to the latest later position of the line
that one legal move reaches. Every position it lands on is on the old line, and the
last one is won, so the new line wins too (``hint`` still replays it).
"""

from __future__ import annotations

from patience.movegen import generate_moves
from patience.position import Move, Position


def shorten(position: Position, line: tuple[Move, ...]) -> tuple[Move, ...]:
    """A line from ``position`` through positions of ``line`` to its won end,
    never longer than ``line``.

    >>> from patience import Position
    >>> from patience.solver import solve, Limit
    >>> start = Position.deal("bisley", 2)
    >>> line = solve(start, Limit(nodes=10_000)).line
    >>> len(shorten(start, line)) <= len(line)
    True
    """
    probe = position.copy(stack=False)
    index = {probe.key(): 0}
    for i, move in enumerate(line, 1):
        probe.push(move)
        index[probe.key()] = i  # a later visit of the same position wins
    pos = position.copy(stack=False)
    out: list[Move] = []
    here = 0
    while here < len(line):
        best, best_move = here + 1, line[here]
        for move in generate_moves(pos):
            pos.push(move)
            reached = index.get(pos.key(), -1)
            pos.pop()
            if reached > best:
                best, best_move = reached, move
        pos.push(best_move)
        out.append(best_move)
        here = best
    return tuple(out)
