"""Talon wait: the talon's top card can never leave, so the position is lost.

Applies where :mod:`talon_room` does (Big Apple). Until the talon's top card ``t``
leaves the talon, the only cards off the talon are the tableau's, the cells' and
the foundations' cards of the position ``P`` (the next talon card is not seen).
The check computes over-approximations, as a least fixpoint, of these events
before ``t`` leaves:

* ``moved[x]`` - the tableau or cell card ``x`` of ``P`` leaves its place;
* ``back[y]`` - the foundation card ``y`` is played back;
* ``top(r)`` - some card of rank ``r`` is a tableau pile's top card at some time;
* ``cell_free``, ``pile_empty`` - some cell, some tableau pile is empty at some
  time;
* ``height(s, q)`` - some foundation of suit ``s`` holds exactly ``q`` cards at
  some time (``q = 0``: some foundation is empty; foundations take any suit).

by these rules, each a *necessary* condition of its event:

1. a tableau card ``b`` leaves with the cards above it that are still there (the
   move takes the top ``n`` cards): those left earlier (``moved``) or form a
   same-suit run on ``b`` in ``P`` (cards below a card cannot move before it).
   It needs a place: a top card of rank ``rank(b) + 1`` (``top``); alone, also an
   empty cell or a foundation at ``height(suit(b), rank(b) - 1)``. Never an empty
   pile (only the talon and the cells fill those).
2. a cell's card needs a top of rank + 1, a foundation, or an empty pile.
3. a foundation card is played back only after the cards above it on its pile,
   onto a top of rank + 1.
4. ``top(r)``: a tableau card of ``P`` whose cards above all moved, any moved or
   played-back card (it may have landed on a pile);
   ``cell_free``: an empty cell of ``P`` or a moved cell card;
   ``pile_empty``: an empty pile of ``P`` or a pile whose cards all moved;
   ``height(s, q)``: a foundation of ``P`` of suit ``s`` with ``q`` cards, or more
   and its card ``q + 1`` played back (``q = 0``: an empty foundation, or an Ace
   played back); or ``height(s, q - 1)`` and a card of suit ``s`` and rank ``q``
   that can be taken: a tableau card whose cards above all moved, a cell card or a
   played-back card.

Why it is sound: take any line of play from ``P``, up to the move that takes ``t``
off the talon. The first time each event happens, its necessary condition held
(rule 1 looks at the one move in which a group of cards first leaves its pile, so
every card of the group is covered at once), and that condition is made of events
that happened before, hence (by induction on time) are in the fixpoint. So every
event of the line is in the fixpoint. ``t`` leaves only onto a foundation at
``height(suit(t), rank(t) - 1)``, a top of rank + 1, an empty cell or an empty
pile; if none of these is in the fixpoint, no line ever moves ``t``. A win moves
every card, so ``P`` is lost.
"""

from __future__ import annotations

from patience.cards import RANK, SUIT
from patience.position import Position


def is_stuck(pos: Position) -> bool:
    """True when the talon's top card can never leave (so ``pos`` is lost)."""
    layout = pos.layout
    piles = pos.piles
    talon = piles[layout.talon]
    if not talon:
        return False
    tab = [piles[t] for t in layout.tableau]
    cells = [piles[c] for c in layout.cells]
    founds = [piles[f] for f in layout.foundations]
    card = talon[-1]
    r = RANK[card]
    if (
        any(not c for c in cells)
        or any(not p or RANK[p[-1]] == r + 1 for p in tab)
        or any(
            (not p and r == 1) or (p and p[-1] + 1 == card and r > 1) for p in founds
        )
    ):
        return False  # it can leave at once
    moved = [[False] * len(p) for p in tab]
    cell_moved = [False] * len(cells)
    back = [[False] * len(p) for p in founds]
    while True:
        changed = False
        top = [False] * 15
        cell_free = False
        pile_empty = False
        height = [[False] * 14 for _ in range(4)]
        for t, pile in enumerate(tab):
            gone = moved[t]
            if all(gone):
                pile_empty = True
            for i, c in enumerate(pile):
                if gone[i] or all(gone[i + 1 :]):
                    top[RANK[c]] = True
        for i, cell in enumerate(cells):
            if not cell or cell_moved[i]:
                cell_free = True
            if cell and cell_moved[i]:
                top[RANK[cell[0]]] = True
        for f, pile in enumerate(founds):
            if not pile or back[f][0]:
                for s in range(4):
                    height[s][0] = True
            for i, c in enumerate(pile):
                if back[f][i]:
                    top[RANK[c]] = True
            if pile:
                suit = SUIT[pile[0]]
                for q in range(1, len(pile) + 1):
                    if q == len(pile) or back[f][q]:
                        height[suit][q] = True
        # cards that can be taken: tops of P's piles once the cards above moved,
        # the cells' cards, played-back cards
        takeable = [[False] * 14 for _ in range(4)]
        for t, pile in enumerate(tab):
            for i, c in enumerate(pile):
                if all(moved[t][i + 1 :]):
                    takeable[SUIT[c]][RANK[c]] = True
        for cell in cells:
            for c in cell:
                takeable[SUIT[c]][RANK[c]] = True
        for f, pile in enumerate(founds):
            for i, c in enumerate(pile):
                if back[f][i]:
                    takeable[SUIT[c]][RANK[c]] = True
        for s in range(4):
            for q in range(1, 14):
                if height[s][q - 1] and takeable[s][q]:
                    height[s][q] = True
        # rule 1: groups leaving tableau piles
        for t, pile in enumerate(tab):
            n = len(pile)
            for b in range(n):
                if moved[t][b]:
                    continue
                c = pile[b]
                alone = all(moved[t][b + 1 :]) and (
                    cell_free or height[SUIT[c]][RANK[c] - 1]
                )
                ok = alone or (RANK[c] < 13 and top[RANK[c] + 1] and _run_can_go(pile, moved[t], b))
                if ok:
                    # b leaves with the cards above it that are still there
                    for i in range(b, n):
                        if not moved[t][i]:
                            moved[t][i] = True
                    changed = True
        # rule 2: cell cards
        for i, cell in enumerate(cells):
            if cell and not cell_moved[i]:
                c = cell[0]
                r = RANK[c]
                if (r < 13 and top[r + 1]) or height[SUIT[c]][r - 1] or pile_empty:
                    cell_moved[i] = True
                    changed = True
        # rule 3: play-back
        for f, pile in enumerate(founds):
            for i in range(len(pile) - 1, -1, -1):
                if back[f][i]:
                    continue
                r = RANK[pile[i]]
                if all(back[f][i + 1 :]) and r < 13 and top[r + 1]:
                    back[f][i] = True
                    changed = True
                break
        if not changed:
            break
    return not (height[SUIT[card]][r - 1] or (r < 13 and top[r + 1]) or cell_free or pile_empty)


def _run_can_go(pile: list[int], gone: list[bool], b: int) -> bool:
    """The cards above ``b`` in ``pile`` that are still there (not ``gone``) may
    all be the same-suit run on ``b`` that moves with it: the cards from ``b`` up
    to the highest one still there form such a run in ``pile``."""
    last = b
    for i in range(b + 1, len(pile)):
        if not gone[i]:
            last = i
    for i in range(b + 1, last + 1):
        below, above = pile[i - 1], pile[i]
        if SUIT[above] != SUIT[below] or RANK[above] + 1 != RANK[below]:
            return False
    return True
