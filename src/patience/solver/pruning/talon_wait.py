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
        or any((not p and r == 1) or (p and p[-1] + 1 == card and r > 1) for p in founds)
    ):
        return False  # it can leave at once
    # A pile's moved cards are always those from some index up (a card leaves with
    # every card above it still there): gone[t] is that index (len: none moved).
    # back[f]: the foundation's cards from this height up are played back.
    gone = [len(p) for p in tab]
    back = [len(p) for p in founds]
    cell_moved = [False] * len(cells)
    while True:
        changed = False
        top = [False] * 15
        height = [[False] * 14 for _ in range(4)]
        takeable = [[False] * 14 for _ in range(4)]
        pile_empty = not all(gone)
        cell_free = any(not cell or cell_moved[i] for i, cell in enumerate(cells))
        for t, pile in enumerate(tab):
            for c in pile[max(0, gone[t] - 1) :]:  # tops of the pile at some time, or moved
                top[RANK[c]] = True
                takeable[SUIT[c]][RANK[c]] = True
        for i, cell in enumerate(cells):
            for c in cell:
                takeable[SUIT[c]][RANK[c]] = True
                if cell_moved[i]:
                    top[RANK[c]] = True
        for f, pile in enumerate(founds):
            if not back[f]:
                for s in range(4):
                    height[s][0] = True
            for c in pile[back[f] :]:
                top[RANK[c]] = True
                takeable[SUIT[c]][RANK[c]] = True
            for q in range(max(1, back[f]), len(pile) + 1):
                height[SUIT[pile[0]]][q] = True
        for s in range(4):
            for q in range(1, 14):
                if height[s][q - 1] and takeable[s][q]:
                    height[s][q] = True
        # the sets only grow: once the card may leave, it may
        if height[SUIT[card]][r - 1] or (r < 13 and top[r + 1]) or cell_free or pile_empty:
            return False
        # rule 1: the lowest card that may leave, with the same-suit run above it
        for t, pile in enumerate(tab):
            g = gone[t]
            if not g:
                continue
            best = g
            c = pile[g - 1]
            if cell_free or height[SUIT[c]][RANK[c] - 1] or (RANK[c] < 13 and top[RANK[c] + 1]):
                best = g - 1
            for b in range(g - 2, -1, -1):
                below, above = pile[b], pile[b + 1]
                if SUIT[above] != SUIT[below] or RANK[above] + 1 != RANK[below]:
                    break
                if RANK[below] < 13 and top[RANK[below] + 1]:
                    best = b
            if best < g:
                gone[t] = best
                changed = True
        # rule 2: cell cards
        for i, cell in enumerate(cells):
            if cell and not cell_moved[i]:
                rc = RANK[cell[0]]
                if (rc < 13 and top[rc + 1]) or height[SUIT[cell[0]]][rc - 1] or pile_empty:
                    cell_moved[i] = True
                    changed = True
        # rule 3: play-back, from the top of each foundation
        for f in range(len(founds)):
            i = back[f] - 1  # the highest card not played back (rank i + 1)
            if i >= 0 and i + 1 < 13 and top[i + 2]:
                back[f] = i
                changed = True
        if not changed:
            return True
