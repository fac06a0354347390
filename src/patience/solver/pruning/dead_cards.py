"""Dead cards: a tableau card that can never move proves the position lost.

Applies to games like Bisley: every card is on a foundation or in the tableau (no
cells, talon or stock), the tableau builds in the same suit up or down by one, an
empty pile is never filled, foundation cards never come back, and every foundation
has a fixed suit.

The check computes the least set M of tableau cards that *could possibly* move at
some time, by these conditions on a card y (rank r, suit s) in column C:

1. every card above y in C is in M (y must be uncovered first), and
2. one of
   a. every suit-s card still in the tableau with a rank between the up
      foundation's top and r is in M (y to the up foundation),
   b. every suit-s card still in the tableau with a rank between r and the down
      foundation's top is in M (y to the down foundation),
   c. a neighbour n (rank r-1 or r+1, suit s) is in the tableau, not below y in
      C, and every card above n is in M (y onto n).

Why it is sound: look at the first time any card y moves in some line of play.
Before that, each card above y has moved, and (a) every lower card of the suit has
reached the up foundation, (b) every higher one the down foundation, or (c) y goes
onto n, which is then a top card: every card above n has moved or n itself has moved
(and then every card above it had moved). A card below y in C cannot be a top before
y moves. By induction on time, every card that ever moves is in M. A tableau card
outside M therefore never reaches a foundation, and the position is lost.
"""

from __future__ import annotations

from patience.cards import RANK, SUIT
from patience.piles import ANY_SUIT
from patience.position import Position
from patience.rules import Build, Direction, GameRules


def applies(rules: GameRules) -> bool:
    """The conditions in the module doc hold for ``rules``."""
    tab = rules.tableau
    return (
        tab.build is Build.SAME_SUIT
        and tab.direction is Direction.UP_OR_DOWN
        and not tab.empty_from
        and rules.cells == 0
        and not rules.talon
        and rules.stock is None
        and all(g.suits is not None and not g.play_back for g in rules.foundations)
    )


def has_dead_card(pos: Position) -> bool:
    """True when some tableau card can never move (so ``pos`` is lost)."""
    layout = pos.layout
    piles = pos.piles
    has_up = [False] * 4
    has_down = [False] * 4
    for f in layout.foundations:
        suit = layout.found_suit[f]
        if suit == ANY_SUIT:
            return False
        if layout.found_step[f] == 1:
            has_up[suit] = True
        else:
            has_down[suit] = True
    columns = [piles[t] for t in layout.tableau if piles[t]]
    col_of = [-1] * 52
    idx_of = [0] * 52
    for c, col in enumerate(columns):
        for i, card in enumerate(col):
            col_of[card] = c
            idx_of[card] = i
    # frontier[c]: the cards of column c from this index up are known movable
    frontier = [len(col) for col in columns]
    changed = True
    while changed:
        changed = False
        # lowest and highest rank per suit among cards not yet known movable
        low = [14] * 4
        high = [0] * 4
        for c, col in enumerate(columns):
            for card in col[: frontier[c]]:
                suit = SUIT[card]
                rank = RANK[card]
                if rank < low[suit]:
                    low[suit] = rank
                if rank > high[suit]:
                    high[suit] = rank
        for c, col in enumerate(columns):
            i = frontier[c] - 1
            while i >= 0:
                y = col[i]
                suit = SUIT[y]
                rank = RANK[y]
                # (a)/(b): every card of the suit still in the tableau lies between
                # the two foundations, so "all lower ones movable" means y is the
                # lowest card of its suit not yet known movable
                ok = (has_up[suit] and low[suit] >= rank) or (has_down[suit] and high[suit] <= rank)
                if not ok:
                    for r in (rank - 1, rank + 1):
                        if 1 <= r <= 13:
                            n = suit * 13 + r - 1
                            cn = col_of[n]
                            below_y = cn == c and idx_of[n] < i
                            if cn >= 0 and not below_y and frontier[cn] <= idx_of[n] + 1:
                                ok = True
                                break
                if not ok:
                    break
                i -= 1
            if i + 1 != frontier[c]:
                frontier[c] = i + 1
                changed = True
    return any(frontier)
