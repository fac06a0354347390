"""Frozen: every cell full, no tableau pile empty, and no way out of that.

Applies where :mod:`talon_room` does (Big Apple). Call a position *frozen* when
all its cells hold a card and none of its tableau piles is empty. Its tableau
piles are chains (``talon_room``), and ``M``, the multiset of the ranks of their
top cards, is what this rule follows.

**The invariant.** While a position stays frozen, a move between two tableau
piles leaves ``M`` as it is, as long as the pile it leaves is not emptied: it
takes a run whose lowest card has rank ``w`` off a card of rank ``w + 1`` and
puts it on a top of rank ``w + 1`` (the pile it leaves shows a ``w + 1``, the one
it joins a ``w`` where it showed a ``w + 1``). So the ranks of the tops change
only when a card goes to or comes back from a foundation, when a talon card is
put on a top, or when the position stops being frozen. Which card of a rank is
on top may change; which ranks are on top does not.

**Escapes.** A frozen position stops being frozen only when a cell's card
leaves (onto a top of its rank + 1, or onto a foundation) or a pile is emptied:
its base card (with the same-suit run on it, or alone) goes onto a top of its
rank + 1 in another pile, or alone onto a foundation, and then it is a top
card, so its rank is in ``M``. A win empties every pile, so a position from
which no line of play ever escapes is lost. (A talon card can only go onto a
top of its rank + 1 or a foundation: the cells are full and no pile is empty.)

**The closure.** States ``(i, M, F)``: ``i`` talon cards placed since the
position, ``M`` as above, ``F`` each suit's foundation heights (two decks: at
most two foundations a suit). The cells and the bases cannot change before an
escape, so the cards of the tableau that are not bases are known from ``i`` and
``F``: the position's, the ``i`` talon cards placed, less those now on ``F``.
From a state:

- the talon's next card (rank ``r``) onto a top: ``r + 1`` in ``M`` becomes
  ``r``; or onto a foundation of its suit at ``r - 1`` (an Ace: a suit with
  fewer than two foundations);
- a tableau card ``(s, q)`` that is not a base onto a foundation of ``s`` at
  ``q - 1``: it must be a top, so ``q`` is in ``M``, and the card under it has
  rank ``q + 1``: ``q`` becomes ``q + 1`` (a base going is an escape);
- a foundation's top ``(s, h)`` back onto a top of rank ``h + 1``: ``h + 1``
  becomes ``h``.

A state *escapes* when a cell's card has a top of its rank + 1 in ``M`` or a
foundation that takes it, or a pile's base ``b`` has a top of rank ``b + 1`` in
``M``, or its rank is in ``M`` and a foundation takes it. Every line of play from
the position that has not escaped yet maps, move by move, to a path of states
(the rank multiset and the heights are exact; only which card of a rank can be
taken is over-approximated), and its escape to an escaping state. So if no state
of the closure escapes, the position is lost. The closure is searched up to
``CAP`` states; a larger one proves nothing.

Why: in Big Apple's complete search most positions are frozen (on deals 610, 627
and 942, 72 %, 72 % and 99.9 % of the first three million), and the search
wanders through their tableaux. Measured (docs/solver.md, "Frozen positions"):
in random play from deals 1-199, it calls 10,113 of 49,930 frozen positions lost,
and an exhaustive search of the moves from 1,969 of them found no escape in
any.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from patience.cards import ACE, KING, RANK, SUIT
from patience.position import Position

#: The closure's states at most (``_bigapple.c``'s ``FROZEN_CAP``).
CAP = 2048

Heights = tuple[tuple[int, int], ...]
State = tuple[int, tuple[int, ...], Heights]


def is_dead(pos: Position) -> bool:
    """True when ``pos`` is frozen and no line of play escapes (so it is lost)."""
    layout = pos.layout
    piles = pos.piles
    tab = [piles[t] for t in layout.tableau]
    cells = [piles[c] for c in layout.cells]
    if any(not c for c in cells) or any(not p for p in tab):
        return False
    heights: list[list[int]] = [[], [], [], []]
    for f in layout.foundations:
        if piles[f]:
            heights[SUIT[piles[f][0]]].append(len(piles[f]))
    found = tuple(_pair(h) for h in heights)
    return _closed(
        tuple(piles[layout.talon]),
        tuple(sorted(RANK[p[-1]] for p in tab)),
        tuple(sorted(p[0] for p in tab)),
        tuple(sorted(c[-1] for c in cells)),
        found,
        tuple(sorted(c for p in tab for c in p[1:])),
    )


def _pair(heights: list[int]) -> tuple[int, int]:
    h = sorted([*heights, 0, 0])[-2:]
    return (h[0], h[1])


def _accepts(heights: tuple[int, int], rank: int) -> bool:
    """A foundation of this suit takes a card of ``rank``."""
    if rank == ACE:
        return 0 in heights
    return rank - 1 in heights


def _raised(found: Heights, suit: int, old: int, new: int) -> Heights:
    h = list(found[suit])
    h[h.index(old)] = new
    return (*found[:suit], _pair(h), *found[suit + 1 :])


def _retop(tops: tuple[int, ...], old: int, new: int) -> tuple[int, ...]:
    t = list(tops)
    t.remove(old)
    return tuple(sorted([*t, new]))


@lru_cache(maxsize=16384)
def _closed(
    talon: tuple[int, ...],
    tops: tuple[int, ...],
    bases: tuple[int, ...],
    cells: tuple[int, ...],
    found: Heights,
    upper: tuple[int, ...],
) -> bool:
    """No state of the closure (module doc) escapes, and it has at most ``CAP``
    states. ``talon``: bottom card first; ``upper``: the tableau cards that are
    not bases."""
    rest = Counter((SUIT[c], RANK[c]) for c in upper)
    for suit in range(4):
        for h in found[suit]:
            for r in range(1, h + 1):
                rest[suit, r] += 1
    start: State = (0, tops, found)
    seen = {start}
    stack = [start]
    while stack:
        i, m, f = stack.pop()
        if _escapes(m, f, bases, cells):
            return False
        kids: list[State] = []
        if i < len(talon):
            card = talon[-1 - i]
            suit, rank = SUIT[card], RANK[card]
            if rank < KING and rank + 1 in m:
                kids.append((i + 1, _retop(m, rank + 1, rank), f))
            if _accepts(f[suit], rank):
                kids.append((i + 1, m, _raised(f, suit, rank - 1, rank)))
        placed = Counter((SUIT[c], RANK[c]) for c in talon[len(talon) - i :])
        for q in sorted(set(m)):
            if q == KING:
                continue
            for suit in range(4):
                on = sum(h >= q for h in f[suit])
                if _accepts(f[suit], q) and rest[suit, q] + placed[suit, q] - on > 0:
                    kids.append((i, _retop(m, q, q + 1), _raised(f, suit, q - 1, q)))
        for suit in range(4):
            for h in sorted(set(f[suit])):
                if h and h < KING and h + 1 in m:
                    kids.append((i, _retop(m, h + 1, h), _raised(f, suit, h, h - 1)))
        for kid in kids:
            if kid not in seen:
                if len(seen) == CAP:
                    return False
                seen.add(kid)
                stack.append(kid)
    return True


def _escapes(
    tops: tuple[int, ...], found: Heights, bases: tuple[int, ...], cells: tuple[int, ...]
) -> bool:
    """A cell's card or a pile's base may leave (module doc)."""
    for card in cells:
        rank = RANK[card]
        if (rank < KING and rank + 1 in tops) or _accepts(found[SUIT[card]], rank):
            return True
    for card in bases:
        rank = RANK[card]
        if rank < KING and rank + 1 in tops:
            return True
        if rank in tops and _accepts(found[SUIT[card]], rank):
            return True
    return False
