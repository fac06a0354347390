"""Symmetry: interchangeable piles.

Tableau piles, cells, and foundations of no fixed suit have rules that do not depend
on their place in the row (see ``Layout.symmetric``). Two positions that differ only
by a permutation of such piles have the same future, move for move under the same
permutation, so one of them is won-reachable exactly when the other is.

Two consequences, both safe by that argument:

* the transposition table is keyed by ``Position.canonical_key`` (the piles of each
  group sorted), so such positions are searched once;
* a move into an empty pile of a group leads to the same canonical position as the
  move of the same cards into any other empty pile of that group, so only the move
  into the first empty pile of the group is kept.
"""

from __future__ import annotations

from patience.position import Move, Position


def first_empty_only(pos: Position, moves: list[Move]) -> list[Move]:
    """Drop moves into an empty pile when the same source already moves the same
    cards into an earlier empty pile of the same symmetric group."""
    piles = pos.piles
    group_of = _group_index(pos)
    kept: list[Move] = []
    seen: set[tuple[int, int, int]] = set()
    for move in moves:
        if not piles[move.dst]:
            group = group_of.get(move.dst)
            if group is not None:
                sig = (move.src, move.n, group)
                if sig in seen:
                    continue
                seen.add(sig)
        kept.append(move)
    return kept


def _group_index(pos: Position) -> dict[int, int]:
    cached = _GROUPS.get(pos.rules.id)
    if cached is None:
        cached = {p: g for g, group in enumerate(pos.layout.symmetric) for p in group}
        _GROUPS[pos.rules.id] = cached
    return cached


_GROUPS: dict[str, dict[int, int]] = {}
