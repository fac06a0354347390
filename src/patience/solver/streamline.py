"""The streamlined search: a first, incomplete search that may only find wins.

Not a pruning rule. It searches a restricted set of moves, so it may miss every
win; it can therefore only ever answer *winnable* (with a line that is replayed
through the rules like any other) or give up. A position it exhausts is **not**
lost: the engine then runs the complete search (with the provably safe pruning
rules only) on what is left of the budget, and only that search may say lost.

Applies to games with a stock and runs that move as a unit (Gilbert, like
Klondike). There a depth-first search easily spends its whole budget shuffling
runs between columns and cards back and forth from the foundations below one early
bad move; the restricted moves are those that make progress:

* no card comes back from a foundation;
* a move between columns must either take every face-up card of its column (so a
  face-down card turns up, or the column empties, and not into an empty column) or
  uncover a card that a foundation takes.

Stock and waste moves, foundation moves and moves into an empty column from the
waste are all kept. Measured on Gilbert deals 1-100: of the 61 deals the complete
search left undecided after 10 s (2.5 million positions), the streamlined search
won 19 within 500,000 positions, 11 of them within 60,000.
"""

from __future__ import annotations

from patience.position import Move, Position
from patience.rules import GameRules, Kind, Unit
from patience.solver.limits import Limit
from patience.solver.ordering import wanted_cards

#: The streamlined search's share of a budget (nodes and seconds).
SHARE = 0.25


def applies(rules: GameRules) -> bool:
    """The game has a stock and moves runs as a unit."""
    return rules.stock is not None and rules.tableau.unit is Unit.BUILD_RUN


def restrict(pos: Position, moves: list[Move]) -> list[Move]:
    """``moves`` without the ones the streamlined search leaves out (module doc)."""
    kinds = pos.layout.kinds
    piles = pos.piles
    want: set[int] | None = None
    kept = []
    for move in moves:
        src, dst, n = move
        kind = kinds[src]
        if kind is Kind.FOUNDATION:
            continue
        if kind is Kind.TABLEAU and kinds[dst] is Kind.TABLEAU:
            pile = piles[src]
            rest = len(pile) - n
            if rest == pos.hidden[src]:
                if not rest and not piles[dst]:
                    continue
            else:
                if want is None:
                    want = wanted_cards(pos)
                if pile[rest - 1] not in want:
                    continue
        kept.append(move)
    return kept


def first_share(limit: Limit) -> Limit:
    """The streamlined search's part of ``limit``."""
    nodes = None if limit.nodes is None else max(1, int(limit.nodes * SHARE))
    seconds = None if limit.seconds is None else limit.seconds * SHARE
    return Limit(nodes=nodes, seconds=seconds)
