"""The compiled search for Bisley-like games (``_bisley.c``), when it is built.

``_bisley.c`` runs the same algorithm as :mod:`patience.solver.engine` with the
rules that apply to Bisley-like games (safe foundation moves, dead cards, stubborn
sets, the same move order, a canonical transposition table), about a hundred times
faster. It is an accelerator, not a second rules engine of record: its winning lines
are replayed through the Python rules before they are returned, and the tests check
that its verdicts and node counts equal the Python engine's.

Without a C compiler the package still works: ``available`` is then false and the
Python engine is used.
"""

from __future__ import annotations

import importlib
import time
from typing import Any

from patience.cards import ACE, KING, RANK
from patience.position import Move, Position
from patience.rules import Direction, GameRules
from patience.solver.limits import Limit, Result, Verdict
from patience.solver.pruning import stubborn

_native: Any
try:
    _native = importlib.import_module("patience.solver._bisley")
except ImportError:  # pragma: no cover - no compiler where it was installed
    _native = None

_VERDICTS = (Verdict.WINNABLE, Verdict.LOST, Verdict.UNKNOWN)


def available(rules: GameRules) -> bool:
    """The compiled search is built and handles ``rules``."""
    if _native is None or not stubborn.applies(rules) or rules.tableau.count != 13:
        return False
    return all(
        (g.base == ACE and g.direction is Direction.UP)
        or (g.base == KING and g.direction is Direction.DOWN)
        for g in rules.foundations
    )


def search(position: Position, limit: Limit) -> Result:
    """Search ``position`` with the compiled engine (see the module doc)."""
    start = time.perf_counter()
    layout = position.layout
    piles = position.piles
    up, down = [0] * 4, [14] * 4
    has_up, has_down = [False] * 4, [False] * 4
    up_pile, down_pile = [0] * 4, [0] * 4
    for f in layout.foundations:
        suit = layout.found_suit[f]
        pile = piles[f]
        if layout.found_step[f] == 1:
            has_up[suit], up_pile[suit] = True, f
            up[suit] = RANK[pile[-1]] if pile else 0
        else:
            has_down[suit], down_pile[suit] = True, f
            down[suit] = RANK[pile[-1]] if pile else 14
    columns = [list(piles[t]) for t in layout.tableau]
    # the clock started above: the compiled search gets what is left of the budget
    seconds = (
        0.0 if limit.seconds is None else max(1e-6, start + limit.seconds - time.perf_counter())
    )
    code, raw_line, nodes, peak = _native.solve(
        columns, up, down, has_up, has_down, limit.nodes or 0, seconds
    )
    verdict = _VERDICTS[code]
    tableau = layout.tableau
    line: list[Move] = []
    for src, dst in raw_line:
        if dst < 13:
            target = tableau[dst]
        elif dst < 17:
            target = up_pile[dst - 13]
        else:
            target = down_pile[dst - 17]
        line.append(Move(tableau[src], target, 1))
    return Result(verdict, tuple(line), nodes, time.perf_counter() - start, peak)
