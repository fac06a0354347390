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


def ordered(pos: Position, moves: list[Move]) -> list[Move]:
    """``moves`` sorted by an estimate of how much each brings wanted cards up
    (stable: equal estimates keep the generator's order)."""
    if len(moves) < 2:
        return moves
    want = wanted_cards(pos)
    piles = pos.piles
    kinds = pos.layout.kinds
    hidden = pos.hidden
    scored = []
    for i, move in enumerate(moves):
        src, dst, n = move
        score = 0
        kind = kinds[src]
        if kinds[dst] is Kind.FOUNDATION:
            score = -20
        elif kind is Kind.TABLEAU:
            pile = piles[src]
            rest = len(pile) - n
            if rest:
                if pile[rest - 1] in want:
                    score += _EXPOSE_WANTED
                if hidden[src] == rest:
                    score += _EXPOSE_HIDDEN
                score -= n * sum(1 for c in pile[:rest] if c in want)
            elif kinds[dst] is Kind.TABLEAU and not piles[dst]:
                score += 10  # a whole pile into an empty one gains nothing
        if kinds[dst] is Kind.TABLEAU:
            score += _COVER_WANTED * n * sum(1 for c in piles[dst] if c in want)
        elif kinds[dst] is Kind.CELL:
            score += 2
        scored.append((score, i, move))
    scored.sort()
    return [move for _, _, move in scored]
