"""Stubborn sets (partial-order reduction) for Bisley-like games.

Applies where :mod:`dead_cards` applies and only single cards move. There the only
moves are "card x onto card y" (y a same-suit neighbour of x, both top cards) and
"card x to its suit's up/down foundation". The search calls this only where no
foundation move is possible (those are taken first as safe moves).

A *transition* is named by its cards: ``x onto y``, ``x to up``, ``x to down``. It
is enabled when its cards are top cards (and the foundation wants x). From the
enabled transition t0 we build a set T closed under:

* for an enabled t in T: every transition whose mover or target is one of t's cards
  (x or y) joins T;
* for a disabled t in T: a *necessary enabling set* joins T - the moves of the card
  directly on top of x (if x is covered), else of the card on top of y (if y is
  covered), else (a foundation transition) the foundation transition of the card
  the foundation wants first. A transition whose card is already on a foundation
  can never be enabled and needs nothing.

Then T is a stubborn set (Valmari): (D1) a sequence u of transitions outside T
touches neither x nor y of an enabled t in T, so u cannot cover, move or uncover
them, and ``t u`` is possible whenever ``u t`` is, reaching the same position (u
never touches the card below x either: x covers it throughout u); (D2) every enabled
t in T stays enabled through any such u. Valmari's theorem: if a *deadlock* (a
position with no move) is reachable, it is reachable by first taking some enabled
transition of T, by a path of the same length. A won position is a deadlock (every
card is on a foundation). So searching only the enabled transitions of T keeps every
win reachable; with the other reductions (each shortens a shortest win by at least
one move, so an induction on its length goes through) ``lost`` stays exact.

Among the enabled transitions we start T from each in turn and keep the smallest.
"""

from __future__ import annotations

from patience.cards import RANK, SUIT
from patience.position import Move, Position
from patience.rules import GameRules, Unit
from patience.solver.pruning import dead_cards

_UP = 60  # transition code x * 64 + _UP: x to its up foundation
_DOWN = 61  # x * 64 + _DOWN: x to its down foundation


def applies(rules: GameRules) -> bool:
    """The conditions in the module doc hold for ``rules``."""
    return dead_cards.applies(rules) and rules.tableau.unit is Unit.SINGLE


def reduce(pos: Position, moves: list[Move]) -> list[Move]:
    """The moves of a smallest stubborn set found (see the module doc)."""
    if len(moves) < 2:
        return moves
    layout = pos.layout
    piles = pos.piles
    where = [-1] * 52  # column of each tableau card
    above = [-1] * 52  # card directly on top of it (-1: it is a top card)
    for t in layout.tableau:
        col = piles[t]
        for i, card in enumerate(col):
            where[card] = t
            above[card] = col[i + 1] if i + 1 < len(col) else -1
    up_top = [0] * 4
    down_top = [14] * 4
    for f in layout.foundations:
        pile = piles[f]
        if pile:
            suit = SUIT[pile[0]]
            if layout.found_step[f] == 1:
                up_top[suit] = RANK[pile[-1]]
            else:
                down_top[suit] = RANK[pile[-1]]

    def closure(start: int, enabled: set[int], bound: int) -> set[int] | None:
        """The closure of ``start``, or ``None`` once it holds ``bound`` enabled
        transitions (it cannot beat the best set found so far)."""
        stubborn: set[int] = set()
        work = [start]
        count = 0
        while work:
            code = work.pop()
            if code in stubborn:
                continue
            stubborn.add(code)
            x, y = divmod(code, 64)
            if code in enabled:
                count += 1
                if count >= bound:
                    return None
                work += _TOUCHING[x]
                if y < 52:
                    work += _TOUCHING[y]
                continue
            if where[x] < 0:
                continue  # x is on a foundation: never enabled again
            if above[x] >= 0:
                work += _MOVING[above[x]]
            elif y < 52:
                if where[y] >= 0 and above[y] >= 0:
                    work += _MOVING[above[y]]
            elif y == _UP:
                if RANK[x] - 1 > up_top[SUIT[x]]:
                    work.append((x - 1) * 64 + _UP)
            elif RANK[x] + 1 < down_top[SUIT[x]]:
                work.append((x + 1) * 64 + _DOWN)
        return stubborn

    codes = []
    for move in moves:
        x = piles[move.src][-1]
        if move.dst in layout.tableau:
            codes.append(x * 64 + piles[move.dst][-1])
        else:
            codes.append(x * 64 + (_UP if layout.found_step[move.dst] == 1 else _DOWN))
    enabled = set(codes)
    best: set[int] = enabled
    best_size = len(enabled)
    for code in codes:
        stubborn = closure(code, enabled, best_size)
        if stubborn is not None:
            best = stubborn
            best_size = len(enabled & stubborn)
            if best_size == 1:
                break
    return [m for m, code in zip(moves, codes, strict=True) if code in best]


def _moving(card: int) -> tuple[int, ...]:
    """Every transition that moves ``card``."""
    rank = RANK[card]
    out = [card * 64 + _UP, card * 64 + _DOWN]
    if rank > 1:
        out.append(card * 64 + card - 1)
    if rank < 13:
        out.append(card * 64 + card + 1)
    return tuple(out)


def _touching(card: int) -> tuple[int, ...]:
    """Every transition that moves ``card`` or puts a card on it."""
    rank = RANK[card]
    out = list(_moving(card))
    if rank > 1:
        out.append((card - 1) * 64 + card)
    if rank < 13:
        out.append((card + 1) * 64 + card)
    return tuple(out)


_MOVING = tuple(_moving(card) for card in range(52))
_TOUCHING = tuple(_touching(card) for card in range(52))
