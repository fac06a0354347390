"""Twin classes (Gilbert): positions one move apart both ways searched as one.

Applies to Gilbert's game: one deck; a tableau that builds down in alternating
colours, where any ordered run of face-up cards moves as a unit. The compiled
engine searches the classes (``_twins.h``, ``fast.search(..., twins=True)``);
this module gives the classes in Python, for the tests and the benchmarks.

**Twins and flexible pairs.** The *twin* of a card is the other card of its rank
and colour (6D and 6H, 5C and 5S); twins take the same cards. A *flexible pair*
is a twin ``X`` with a run ``R`` on it (every card above it, an ordered run
whose first card builds on ``X``: play only makes such piles, a layout may hold
others) while the other twin ``Y`` is a column's top card. Then ``R`` can move
onto ``Y`` (its first card builds on ``Y`` as on ``X``) and back: a *flip*, one
move each way. A flip changes no other pair's flexibility: the top cards change
only by ``X`` and ``Y``, a pair carried inside ``R`` keeps its run and its twin
on top, and a run on a card below ``X`` (or ``Y``) is ordered before the flip
exactly when it is after, since ``R`` builds on both. So a position with ``k``
flexible pairs lies in a *class* of ``2^k`` positions, each pair's run on either
twin, which reach one another: a class is winnable exactly when one of its
positions is. The *canonical* position has every run on the twin with the lower
card number.

**The search over classes.** The table holds canonical positions, and a class's
children are the classes of every move of every position in it; that is a
complete search of the class graph, which has a path to a won class exactly when
the game has one from the root (a won position has no pairs). The other pruning
rules stand: each keeps, of a position's moves, some move of a shortest winning
line (counted without stock moves), so the class of that move's child has a
member nearer the win, and the waste-size dominance compares positions that
differ only in the stock and waste, which flips do not touch.

**Which moves to make.** With ``P`` the canonical position and, for one pair,
``L`` the covered twin, ``H`` the top one and ``t`` the run's top card: let ``M``
be a position of the class with this pair flipped (the run on ``H``, ``L`` on
top). Every move of ``M`` gives a child in the class of a child of the position
``M'`` with the pair back, except three kinds:

* *N1*: ``L`` to a foundation;
* *N2*: a card or run onto ``L`` (in ``M'`` it would go onto ``H``; the children
  differ with both twins covered);
* *N4*: a run ending at ``L`` onto ``t`` (in ``M'`` ``t`` lies above ``L``).

Proof, move by move in ``M``: a move touching neither twin's column is made in
``M'`` alike and the pair stays flexible in both children. A run ending at ``L``
(headed at or below it) to any other place moves, in ``M'``, with ``R`` on top
(an ordered run too); a run of ``H``'s column headed at or below ``H`` moves in
``M'`` without ``R``; a run headed inside ``R`` moves in ``M'`` from ``L``'s
column; a card onto ``t`` goes onto ``t`` in ``M'`` as well. In each case the two
children differ by the pair's orientation only, with the pair flexible in both
(or, where the whole of ``R`` moves, they are equal). Applied to one flipped pair
after another this keeps the other pairs' kinds (a move's top card and target
change only by the pair unflipped), so every move of every position is, up to
its child's class, a move of ``P`` or an N1, N2 or N4 move of a position with a
single pair flipped. Two at once never occur: a move N1 or N2 for one pair and
N1, N2 or N4 for another would need one card on two foundations or targets, and
N4 for one (a run ending at ``L_1``, headed at a rank of at least ``L_1``'s) with
N2 for the other (onto ``L_2``, the top of ``R_1``, below ``H_1``'s rank) asks
its head to be lower than ``L_1``. So a class's children are ``P``'s children and,
per pair, after the flip: ``L`` to the foundations that take it, the moves ``P``
makes onto ``H`` (but the flip itself) made onto ``L``, and the runs of ``L``'s
column onto ``t``. The tests check the search against the plain complete search
on random small positions full of twins.
"""

from __future__ import annotations

from patience.cards import Card
from patience.position import Move, Position

_OTHER_SUIT = (3, 2, 1, 0)  # clubs-spades, diamonds-hearts (cards.SUITS' order)


def twin(card: Card) -> Card:
    """The other card of ``card``'s rank and colour."""
    return _OTHER_SUIT[card // 13] * 13 + card % 13


def _flexible(pos: Position) -> list[tuple[int, int, int]]:
    """(column, index, column of the other twin) of each flexible pair's covered
    twin: a card with an ordered run on it up to the top (``movable_count``: a
    layout may hold face-up cards out of order; play never makes them) whose twin
    is a column's top card."""
    tableau, piles = pos.layout.tableau, pos.piles
    tops = {piles[t][-1]: t for t in tableau if len(piles[t]) > pos.hidden[t]}
    return [
        (a, i, tops[twin(piles[a][i])])
        for a in tableau
        for i in range(len(piles[a]) - pos.movable_count(a), len(piles[a]) - 1)
        if twin(piles[a][i]) in tops
    ]


def covered_twins(pos: Position) -> list[Card]:
    """The covered twin of each flexible pair of ``pos`` (either way round)."""
    return [pos.piles[a][i] for a, i, _ in _flexible(pos)]


def pairs(pos: Position) -> int:
    """How many flexible pairs ``pos`` has."""
    return len(covered_twins(pos))


def canonical(pos: Position) -> Position:
    """A copy of ``pos`` with every flexible pair's run on the lower-numbered twin:
    its class's canonical position (the pairs are found again after each flip,
    since a flip may carry another pair's cards along)."""
    out = pos.copy(stack=False)
    while True:
        piles = out.piles
        flip = next(((a, i, b) for a, i, b in _flexible(out) if piles[b][-1] < piles[a][i]), None)
        if flip is None:
            return out
        a, i, b = flip
        out.push(Move(a, b, len(piles[a]) - 1 - i))  # a legal move: the run builds on both
