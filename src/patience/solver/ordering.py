"""Move ordering: try first the moves that bring the cards the foundations want
next closer to the top. Ordering never changes a verdict, only how soon a win is
found, so it may be any cheap estimate."""

from __future__ import annotations

from patience.cards import RANK
from patience.piles import ANY_SUIT
from patience.position import Move, Position
from patience.rules import Kind

_EXPOSE_WANTED = -8  # the move uncovers a card a foundation takes at once
_EXPOSE_HIDDEN = -4  # the move turns up a face-down card
_COVER_WANTED = 3  # per wanted card the move buries one deeper


def wanted_cards(pos: Position) -> set[int]:
    """The cards the foundations take next."""
    layout = pos.layout
    piles = pos.piles
    want: set[int] = set()
    for f in layout.foundations:
        pile = piles[f]
        step = layout.found_step[f]
        if pile:
            top = pile[-1]
            if 1 <= RANK[top] + step <= 13:
                want.add(top + step)
        else:
            base = layout.found_base[f] - 1
            suit = layout.found_suit[f]
            if suit == ANY_SUIT:
                want.update(s * 13 + base for s in range(4))
            else:
                want.add(suit * 13 + base)
    return want


def score(pos: Position, move: Move, want: set[int]) -> int:
    """Estimate of a move's worth; lower is better."""
    piles = pos.piles
    kinds = pos.layout.kinds
    src, dst, n = move
    kind = kinds[src]
    dst_kind = kinds[dst]
    if dst_kind is Kind.FOUNDATION:
        return -20
    value = 0
    if kind is Kind.TABLEAU:
        pile = piles[src]
        rest = len(pile) - n
        if rest:
            if pile[rest - 1] in want:
                value += _EXPOSE_WANTED
            if pos.hidden[src] == rest:
                value += _EXPOSE_HIDDEN
            value -= n * sum(1 for c in pile[:rest] if c in want)
        elif dst_kind is Kind.TABLEAU and not piles[dst]:
            value += 10  # a whole pile into an empty one gains nothing
    elif kind is Kind.FOUNDATION:
        value += 6  # taking a card back from a foundation is rarely progress
    elif kind is Kind.WASTE or kind is Kind.TALON:
        value -= 1  # a card out of the stock or talon is progress
    if dst_kind is Kind.TABLEAU:
        value += _COVER_WANTED * n * sum(1 for c in piles[dst] if c in want)
    elif dst_kind is Kind.CELL:
        value += 2
    return value


def ordered(pos: Position, moves: list[Move]) -> list[Move]:
    """``moves`` sorted by :func:`score` (stable: equal scores keep the
    generator's order)."""
    if len(moves) < 2:
        return moves
    want = wanted_cards(pos)
    scored = sorted((score(pos, move, want), i, move) for i, move in enumerate(moves))
    return [move for _, _, move in scored]
