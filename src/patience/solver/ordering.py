"""Move ordering: try first the moves that bring the cards the foundations want
next closer to the top. Ordering never changes a verdict, only how soon a win is
found."""

from __future__ import annotations

from patience.cards import RANK
from patience.piles import ANY_SUIT
from patience.position import Move, Position
from patience.rules import Kind

_BURIED = 30  # weight of a wanted card in the stock or under the talon's top


def wanted_depth(pos: Position) -> int:
    """Sum over the foundations of how deep the card each one wants next lies
    (cards above it; 0 when it can move now). Lower is better."""
    layout = pos.layout
    piles = pos.piles
    depth: dict[int, int] = {}
    kinds = layout.kinds
    for p, kind in enumerate(kinds):
        pile = piles[p]
        n = len(pile)
        if kind is Kind.TABLEAU:
            for i, card in enumerate(pile):
                d = n - 1 - i
                if depth.get(card, 99) > d:
                    depth[card] = d
        elif kind is Kind.CELL or kind is Kind.WASTE:
            for i, card in enumerate(pile):
                d = n - 1 - i
                if depth.get(card, 99) > d:
                    depth[card] = d
        elif kind is Kind.TALON or kind is Kind.STOCK:
            for i, card in enumerate(pile):
                d = 0 if (kind is Kind.TALON and i == n - 1) else _BURIED
                if depth.get(card, 99) > d:
                    depth[card] = d
    total = 0
    for f in layout.foundations:
        pile = piles[f]
        if pile:
            top = pile[-1]
            rank = RANK[top] + layout.found_step[f]
            if not 1 <= rank <= 13:
                continue
            total += depth.get(top + layout.found_step[f], 0)
        else:
            suit = layout.found_suit[f]
            base = layout.found_base[f]
            if suit == ANY_SUIT:
                total += min(depth.get(s * 13 + base - 1, 99) for s in range(4))
            else:
                total += depth.get(suit * 13 + base - 1, 0)
    return total


def ordered(pos: Position, moves: list[Move]) -> list[Move]:
    """``moves`` sorted by :func:`wanted_depth` after each (stable)."""
    if len(moves) < 2:
        return moves
    scored = []
    for i, move in enumerate(moves):
        pos.push(move)
        scored.append((wanted_depth(pos), i, move))
        pos.pop()
    scored.sort()
    return [move for _, _, move in scored]
