"""The solver: proves positions winnable or lost, from any position.

>>> from patience import Position
>>> from patience.solver import solve, Limit
>>> result = solve(Position.deal("bisley", 2), Limit(nodes=50_000))
>>> result.verdict.value, len(result.line) > 0
('winnable', True)

Gilbert is solved with full knowledge of its face-down cards (as other solitaire
solvers do); a hint names only a move, so it never shows a face-down card.
"""

from __future__ import annotations

from patience.position import Position
from patience.solver.engine import SolverError, search, verify_line
from patience.solver.hints import Hint, hint
from patience.solver.limits import DEEP, QUICK, BudgetError, Limit, Result, Verdict, parse_budget
from patience.solver.pools import winnable_deal


def solve(
    position: Position, limit: Limit = QUICK, *, prune: bool = True, native: bool = True
) -> Result:
    """Decide ``position``: winnable (with a verified winning line), lost (after an
    exhaustive search modulo provably safe pruning) or unknown (budget spent).
    ``position`` is left unchanged. ``prune=False`` turns every pruning rule off
    (for checking them; far slower); ``native=False`` uses the Python engine even
    where the compiled one applies (for checking it)."""
    return search(position, limit, prune=prune, native=native)


__all__ = [
    "DEEP",
    "QUICK",
    "BudgetError",
    "Hint",
    "Limit",
    "Result",
    "SolverError",
    "Verdict",
    "hint",
    "parse_budget",
    "solve",
    "verify_line",
    "winnable_deal",
]
