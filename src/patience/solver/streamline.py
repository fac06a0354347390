"""The streamlined search: a first, incomplete search that may only find wins.

Not a pruning rule. It searches a restricted set of moves, so it may miss every
win; it can therefore only ever answer *winnable* (with a line that is replayed
through the rules like any other) or give up. A position it exhausts is **not**
lost: the engine then runs the complete search (with the provably safe pruning
rules only) on what is left of the budget, and only that search may say lost.

Applies to games with a stock or a talon (Gilbert, like Klondike; Big Apple).
There a depth-first search easily spends its whole budget shuffling cards between
columns, cells and the foundations below one early bad move; the restricted moves
are those that make progress:

* no card comes back from a foundation;
* a move off a tableau pile onto another pile or into a cell must take every
  face-up card of its pile (so a face-down card turns up, or the pile empties, and
  not into an empty pile), or uncover a card that a foundation takes, or one that
  takes the talon's top card or a cell's card.

Stock, waste and talon moves, moves out of cells and foundation moves are all kept.
Measured on Gilbert deals 1-100: of the 61 deals the complete search left
undecided after 10 s (2.5 million positions), the streamlined search won 19 within
500,000 positions, 11 of them within 60,000. On Big Apple deals 1-40 it won 2
within a million positions (one the complete search had not won in 10 s), with
lines of 300-450 moves where the complete search's run to thousands.
"""

from __future__ import annotations

from patience.movegen import tables_of
from patience.position import Move, Position
from patience.rules import GameRules, Kind
from patience.solver.ordering import wanted_cards

#: The streamlined depth-first phase's share of a budget (nodes and seconds), per
#: game kind: with a stock (Gilbert) most undecided deals are winnable, so the
#: searches that find wins get most of it: the best-first search (bestfirst.SHARE)
#: first, then this one at the end of the win-only phases. With a talon (Big Apple)
#: the phase has none: the complete restarts (restarts.COMPLETE_SHARE) win every
#: deal it and the streamlined restarts won, and more (docs/solver.md, "Complete
#: restarts first").
SHARE = {"stock": 0.08}


def applies(rules: GameRules) -> bool:
    """The game has a stock or a talon."""
    return rules.stock is not None or rules.talon


def restrict(pos: Position, moves: list[Move]) -> list[Move]:
    """``moves`` without the ones the streamlined search leaves out (module doc)."""
    layout = pos.layout
    kinds = layout.kinds
    piles = pos.piles
    builds = tables_of(pos.rules).builds
    want: set[int] | None = None
    feeders: list[int] = []  # the talon's top card and the cells' cards
    kept = []
    for move in moves:
        src, dst, n = move
        kind = kinds[src]
        if kind is Kind.FOUNDATION:
            continue
        dst_kind = kinds[dst]
        if kind is Kind.TABLEAU and (dst_kind is Kind.TABLEAU or dst_kind is Kind.CELL):
            pile = piles[src]
            rest = len(pile) - n
            if rest == pos.hidden[src]:
                if not rest and dst_kind is Kind.TABLEAU and not piles[dst]:
                    continue
            else:
                if want is None:
                    want = wanted_cards(pos)
                    sources = [layout.talon] if layout.talon >= 0 else []
                    feeders = [piles[p][-1] for p in (*sources, *layout.cells) if piles[p]]
                under = pile[rest - 1] * 52
                if pile[rest - 1] not in want and not any(builds[under + c] for c in feeders):
                    continue
        kept.append(move)
    return kept


def phase_applies(rules: GameRules) -> bool:
    """The game has the streamlined depth-first phase (Gilbert)."""
    return applies(rules) and rules.stock is not None


def first_fraction(rules: GameRules) -> float:
    """The streamlined depth-first phase's part of a budget (``SHARE``)."""
    assert phase_applies(rules), "Big Apple has no streamlined depth-first phase"
    return SHARE["stock"]
