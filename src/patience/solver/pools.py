"""Solvable deals: the first deal number, from a start, that the solver proves
winnable."""

from __future__ import annotations

from patience.deal import check_deal_number
from patience.games import get_game
from patience.position import Position
from patience.rules import GameRules
from patience.solver.engine import search
from patience.solver.limits import QUICK, Limit, Verdict


def winnable_deal(
    game: str | GameRules, start: int, limit: Limit = QUICK, max_tries: int = 1000
) -> tuple[int, int]:
    """Try deal numbers ``start``, ``start + 1``, ... until one is proved winnable
    within ``limit``; return ``(deal number, how many were tried)``.

    Raises ``RuntimeError`` if none of ``max_tries`` deals is proved winnable.
    """
    rules = get_game(game) if isinstance(game, str) else game
    check_deal_number(start)
    for tried in range(1, max_tries + 1):
        number = start + tried - 1
        if search(Position.deal(rules, number), limit).verdict is Verdict.WINNABLE:
            return number, tried
    raise RuntimeError(f"no winnable {rules.name} deal in {start}..{start + max_tries - 1}")
