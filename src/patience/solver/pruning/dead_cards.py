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
    up = [0] * 4  # rank on top of the suit's up foundation (0: empty)
    down = [14] * 4  # rank on top of the suit's down foundation (14: empty)
    has_up = [False] * 4
    has_down = [False] * 4
    for f in layout.foundations:
        suit = layout.found_suit[f]
        if suit == ANY_SUIT:
            return False
        pile = piles[f]
        if layout.found_step[f] == 1:
            has_up[suit] = True
            if pile:
                up[suit] = RANK[pile[-1]]
        else:
            has_down[suit] = True
            if pile:
                down[suit] = RANK[pile[-1]]
    place: dict[int, tuple[int, int]] = {}
    columns = [piles[t] for t in layout.tableau if piles[t]]
    for c, col in enumerate(columns):
        for i, card in enumerate(col):
            place[card] = (c, i)
    movable: set[int] = set()
    changed = True
    while changed:
        changed = False
        for c, col in enumerate(columns):
            for i in range(len(col) - 1, -1, -1):
                y = col[i]
                if y in movable:
                    continue
                if i + 1 < len(col) and col[i + 1] not in movable:
                    break
                if not _can_move(y, c, i, (up, down, has_up, has_down), place, columns, movable):
                    break
                movable.add(y)
                changed = True
    return len(movable) < len(place)


def _can_move(
    y: int,
    c: int,
    i: int,
    found: tuple[list[int], list[int], list[bool], list[bool]],
    place: dict[int, tuple[int, int]],
    columns: list[list[int]],
    movable: set[int],
) -> bool:
    up, down, has_up, has_down = found
    suit = SUIT[y]
    rank = RANK[y]
    base = suit * 13 - 1  # base + rank is the card of that rank in this suit
    if has_up[suit] and all(base + r in movable for r in range(up[suit] + 1, rank)):
        return True
    if has_down[suit] and all(base + r in movable for r in range(rank + 1, down[suit])):
        return True
    for r in (rank - 1, rank + 1):
        if not 1 <= r <= 13:
            continue
        spot = place.get(base + r)
        if spot is None:
            continue
        cn, jn = spot
        if cn == c and jn < i:
            continue
        if all(card in movable for card in columns[cn][jn + 1 :]):
            return True
    return False
