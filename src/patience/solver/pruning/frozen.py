"""Frozen piles: no tableau pile can ever be emptied, so the position is lost.

Applies where :mod:`talon_room` does (Big Apple). The rule looks at positions in
which no tableau pile is empty. Their piles are chains (``talon_room``), and
``M``, the multiset of the ranks of their top cards, is what it follows.

**The invariant.** A move between two tableau piles that does not empty the pile
it leaves does not change ``M``: it takes a run whose lowest card has rank ``w``
off a card of rank ``w + 1`` and puts it on a top of rank ``w + 1`` (the pile it
leaves shows a ``w + 1``, the one it joins the run's top where it showed a
``w + 1``: the two piles swap their tops' ranks). Which card of a rank is on top
may change; which ranks are on top changes only when a card goes to or comes from
a foundation or a cell, or a talon card is put on a top.

**Escape.** A win empties every pile. While no pile is empty, no card can go to
an empty pile, and a pile is emptied only when its base card leaves: onto a top
of its rank + 1 in another pile (with the same-suit run on it, or alone), or
alone (then on top, so its rank is in ``M``) into a free cell or onto a
foundation.

**The closure.** States ``(i, M, F, C)``: ``i`` talon cards placed since the
position, ``M`` as above, ``F`` each suit's foundation heights (two decks: at
most two foundations a suit), ``C`` the cells' cards. The bases cannot change
before an escape, so the tableau cards that are not bases are known from ``i``,
``F`` and ``C``: the position's non-base, foundation and cell cards and the ``i``
talon cards placed, less those now on ``F`` or in ``C``. From a state:

- the talon's next card (rank ``r``) onto a top: ``r + 1`` in ``M`` becomes
  ``r``; onto a foundation of its suit at ``r - 1`` (an Ace: a suit with fewer
  than two foundations); or into a free cell;
- a cell's card onto a top (``M`` as for the talon's) or a foundation;
- a tableau card ``(s, q)`` that is not a base onto a foundation of ``s`` at
  ``q - 1`` or into a free cell: it must be a top, so ``q`` is in ``M``, and the
  card under it has rank ``q + 1``: ``q`` becomes ``q + 1`` (a base leaving is an
  escape);
- a foundation's top ``(s, h)`` back onto a top of rank ``h + 1``: ``h + 1``
  becomes ``h``.

**A pile's break.** A pile's *break* is its lowest card ``k`` whose suit differs
from the card under it (none: the pile is one suit). Its base leaves with the
same-suit run on it, or alone, so ``k`` must have left the pile before: as the
lowest card of a run onto a top of ``k``'s rank + 1 in another pile (its own top
is lower), or alone, on top, into a cell or onto a foundation (the card under a
break has another suit, so no run holds both). States carry a flag per pile:
``k`` may have left. It is set at the start where there is no break, in every
state with a top of ``k``'s rank + 1 in ``M`` (such a move leaves ``M`` as it
is), and by a tableau card equal to ``k`` going into a cell or onto a foundation
(the twin of ``k`` from another pile too: that only sets more flags). A flag
set only lets a base leave, so a state with more flags set covers the same
state with fewer.

A state *escapes* when some pile whose flag is set has its base ``b`` with a top
of rank ``b + 1`` in ``M``, or ``b``'s rank is in ``M`` and a free cell or a
foundation takes it. Every line of play from the position maps, move by move
until its first empty pile, to a path of states (``M``, ``F`` and ``C`` are
exact; which card of a rank is on top, and the flags, are over-approximated),
and the move that empties a pile to an escaping state. So if no state of the
closure escapes, the position is lost. The closure is searched up to ``CAP``
states; a larger one proves nothing.

Why: Big Apple's complete search wanders through millions of arrangements of the
piles at one talon card (docs/solver.md, "Frozen piles"), most of them with every
cell full and no pile empty. A first version looked only at those and took a cell
card that can leave as an escape; following the cells too (this version) wins
593 within 1.5 million positions, the breaks 924 and 926 too (docs/solver.md,
"A pile's break").
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from itertools import pairwise

from patience.cards import ACE, KING, RANK, SUIT, make_card
from patience.position import Position

#: The closure's states at most (``_bigapple.c``'s ``FROZEN_CAP``). Measured
#: (docs/solver.md, "A larger and cheaper frozen closure"): the closures dead with
#: 2,049-32,768 states cut Big Apple's restarts, which then need fewer closures
#: (deal 942's restarts 3.5 times faster than at 8,192, 25's won sooner). Both
#: engines' closures look at the search's clock (:func:`deadline`), so that one
#: this large keeps a budget's hard stop.
CAP = 32768

#: Closure states expanded between two looks at the clock: about 13 ms here (50
#: microseconds a state; the compiled engine looks every 4,096, about 1 ms there).
CLOCK_EVERY = 256


class _Clock(threading.local):
    """This thread's search's deadline (a :func:`time.perf_counter` time; None:
    none), for :func:`deadline`."""

    at: float | None = None


_CLOCK = _Clock()


class _OutOfTime(Exception):
    """The search's deadline passed during a closure: it has no answer."""


def _out_of_time() -> bool:
    return _CLOCK.at is not None and time.perf_counter() >= _CLOCK.at


@contextmanager
def deadline(at: float | None) -> Iterator[None]:
    """Within it, this thread's closures end unproved once :func:`time.perf_counter`
    reaches ``at`` (None: never): :func:`is_dead` is then False and nothing is
    cached. Sound, since "not dead" only keeps a position in the search (as a
    closure past ``CAP`` does), and a search out of time stops anyway. Measured: a
    closure of up to ``CAP`` states takes up to 1.7 s here (deal 25), far past a
    budget of 0.2 s."""
    before = _CLOCK.at
    _CLOCK.at = at
    try:
        yield
    finally:
        _CLOCK.at = before


#: A pile: its base and its break (``NO_BREAK``: none).
NO_BREAK = -1

Heights = tuple[tuple[int, int], ...]
Pile = tuple[int, int]
State = tuple[int, tuple[int, ...], Heights, tuple[int, ...], tuple[bool, ...]]


def is_dead(pos: Position) -> bool:
    """True when no tableau pile of ``pos`` is empty and none can ever be
    emptied (so ``pos`` is lost)."""
    layout = pos.layout
    piles = pos.piles
    tab = [piles[t] for t in layout.tableau]
    if any(not p for p in tab):
        return False
    heights: list[list[int]] = [[], [], [], []]
    for f in layout.foundations:
        if piles[f]:
            heights[SUIT[piles[f][0]]].append(len(piles[f]))
    try:
        return _closed(
            tuple(piles[layout.talon]),
            tuple(sorted(RANK[p[-1]] for p in tab)),
            tuple(sorted((p[0], _break(p)) for p in tab)),
            tuple(sorted(piles[c][-1] for c in layout.cells if piles[c])),
            len(layout.cells),
            tuple(_pair(h) for h in heights),
            tuple(sorted(c for p in tab for c in p[1:])),
        )
    except _OutOfTime:
        return False


def _break(pile: list[int]) -> int:
    """The pile's lowest card of another suit than the card under it
    (``NO_BREAK``: none)."""
    for under, card in pairwise(pile):
        if SUIT[under] != SUIT[card]:
            return card
    return NO_BREAK


def _unbroken(
    piles: tuple[Pile, ...], tops: tuple[int, ...], gone: tuple[bool, ...]
) -> tuple[bool, ...]:
    """The flags with each pile's break that a top one rank higher takes set."""
    return tuple(g or RANK[k] + 1 in tops for (_, k), g in zip(piles, gone, strict=True))


def _taken(piles: tuple[Pile, ...], gone: tuple[bool, ...], card: int) -> tuple[bool, ...]:
    """The flags after ``card`` went from a top into a cell or onto a foundation."""
    return tuple(g or k == card for (_, k), g in zip(piles, gone, strict=True))


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
    piles: tuple[Pile, ...],
    cells: tuple[int, ...],
    room: int,
    found: Heights,
    upper: tuple[int, ...],
) -> bool:
    """No state of the closure (module doc) escapes, and it has at most ``CAP``
    states (:class:`_OutOfTime` past this thread's :func:`deadline`). ``talon``:
    bottom card first; ``piles``: each pile's base and break; ``cells``: the
    cells' cards (``room`` cells); ``upper``: the tableau cards that are not
    bases."""
    rest = Counter((SUIT[c], RANK[c]) for c in (*upper, *cells))
    for suit in range(4):
        for h in found[suit]:
            for r in range(1, h + 1):
                rest[suit, r] += 1
    flags = _unbroken(piles, tops, tuple(k == NO_BREAK for _, k in piles))
    start: State = (0, tops, found, cells, flags)
    seen = {start}
    stack = [start]
    expanded = 0
    while stack:
        expanded += 1
        if expanded % CLOCK_EVERY == 0 and _out_of_time():
            raise _OutOfTime
        i, m, f, c, g = stack.pop()
        if _escapes(m, f, piles, g, len(c) < room):
            return False
        kids: list[State] = []
        if i < len(talon):
            card = talon[-1 - i]
            suit, rank = SUIT[card], RANK[card]
            if rank < KING and rank + 1 in m:
                kids.append((i + 1, _retop(m, rank + 1, rank), f, c, g))
            if _accepts(f[suit], rank):
                kids.append((i + 1, m, _raised(f, suit, rank - 1, rank), c, g))
            if len(c) < room:
                kids.append((i + 1, m, f, tuple(sorted((*c, card))), g))
        for card in sorted(set(c)):
            suit, rank = SUIT[card], RANK[card]
            left = list(c)
            left.remove(card)
            if rank < KING and rank + 1 in m:
                kids.append((i, _retop(m, rank + 1, rank), f, tuple(left), g))
            if _accepts(f[suit], rank):
                kids.append((i, m, _raised(f, suit, rank - 1, rank), tuple(left), g))
        placed = Counter((SUIT[x], RANK[x]) for x in talon[len(talon) - i :])
        held = Counter((SUIT[x], RANK[x]) for x in c)
        for q in sorted(set(m)):
            if q == KING:
                continue
            for suit in range(4):
                on = sum(h >= q for h in f[suit])
                if rest[suit, q] + placed[suit, q] - on - held[suit, q] <= 0:
                    continue
                card = make_card(q, suit)
                up = _retop(m, q, q + 1)
                if _accepts(f[suit], q):
                    kids.append((i, up, _raised(f, suit, q - 1, q), c, _taken(piles, g, card)))
                if len(c) < room:
                    kids.append((i, up, f, tuple(sorted((*c, card))), _taken(piles, g, card)))
        for suit in range(4):
            for h in sorted(set(f[suit])):
                if h and h < KING and h + 1 in m:
                    kids.append((i, _retop(m, h + 1, h), _raised(f, suit, h, h - 1), c, g))
        for ki, km, kf, kc, kg in kids:
            kid = (ki, km, kf, kc, _unbroken(piles, km, kg))
            if kid not in seen:
                if len(seen) == CAP:
                    return False
                seen.add(kid)
                stack.append(kid)
    return True


def _escapes(
    tops: tuple[int, ...],
    found: Heights,
    piles: tuple[Pile, ...],
    gone: tuple[bool, ...],
    free_cell: bool,
) -> bool:
    """A pile's base may leave (module doc): its break gone, onto a top one rank
    higher, or on top, into a free cell or onto a foundation."""
    for (card, _), ready in zip(piles, gone, strict=True):
        if not ready:
            continue
        rank = RANK[card]
        if rank < KING and rank + 1 in tops:
            return True
        if rank in tops and (free_cell or _accepts(found[SUIT[card]], rank)):
            return True
    return False
