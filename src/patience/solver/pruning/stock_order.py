"""Stock order: positions that differ only by how far the stock has been dealt.

Applies to games with a stock and waste that deal ``k`` cards at a time with
unlimited redeals (Gilbert: three).

Between plays of a waste card, the text ``waste + reversed(stock)`` never changes:
a deal moves the stock's top card(s) onto the waste, a redeal turns the whole waste
over into the stock. So a position's stock and waste are fixed by that text (``N``
cards) and the waste's size ``x``. Stock moves alone take size ``x`` to
``min(x + k, N)`` while the stock is not empty, and ``N`` (stock empty) to ``0``
(a redeal). Hence from size ``d`` they reach exactly ``d, d + k, d + 2k, ...``
(below ``N``), then ``N`` and the **cycle** ``C(N) = {0, k, 2k, ...} | {N}``.

Two rules, for positions ``X`` (waste size ``x``) and ``D`` (waste size ``d``) that
are the same but for the waste's size (same text, same tableau and foundations):

1. **Merge.** When ``x`` and ``d`` are both in the cycle, ``X`` and ``D`` reach each
   other by stock moves alone; so they share one table key (the waste size is
   written as "in the cycle").
2. **Dominance.** When ``X`` can be reached from ``D`` by stock moves alone (``x``
   in the cycle, ``d`` not; or neither in the cycle, ``d < x`` and ``d = x``
   modulo ``k``), a new position ``X`` is not searched if ``D`` is already in the
   table.

Why no win is lost (the search may only say lost after exhausting its table ``S``).
Count a line's length in moves other than stock moves, and let ``dist(P)`` be the
shortest winning line from ``P`` in that count (a won position: 0; every card on the
foundations, so the stock and waste are empty and no stock move is possible, so
``dist(P) = 0`` only for won positions). If ``X`` is reached from ``D`` by stock
moves then ``dist(D) <= dist(X)``: play them, then ``X``'s line. The other rules
keep the same property: a position ``Y`` that is searched and winnable has an
offered step to a position ``C`` with ``dist(C) < dist(Y)`` (stock macros: take the
first non-stock move of a shortest line, with the stock moves before it, which
commute with it if it is not a waste move, see :mod:`stock_macros`; the safe Ace
move: its proof's replay skips the Ace's own moves, one of them not a stock move;
symmetry: the same position up to the order of the columns). Suppose the root is
winnable and the search exhausted ``S`` without a win. Take ``Y`` in ``S``, winnable,
with ``dist(Y)`` least. ``Y`` is not won (the search checks every new position), so
it has an offered child ``C`` with ``dist(C) < dist(Y)``. When ``C`` was made, it was
won (found), or its key was in the table (a position of ``S`` with the same
``dist``: same position up to the order of the columns, or rule 1's mutual
reachability), or a position ``D`` of the table reached it by stock moves
(``dist(D) <= dist(C)``) - a position of ``S`` more winnable than ``Y``'s least,
a contradiction. Every entry of the table is searched in the end (depth-first:
each new entry is expanded; best-first: never says lost).
"""

from __future__ import annotations

from patience.position import Position
from patience.rules import GameRules


def applies(rules: GameRules) -> bool:
    """The game has a stock with unlimited redeals."""
    return rules.stock is not None and rules.stock.redeal


def in_cycle(x: int, total: int, k: int) -> bool:
    """Waste size ``x`` (of ``total`` cards in the stock and waste) is in the cycle
    of sizes that stock moves go round (dealing ``k`` at a time)."""
    return x % k == 0 or x == total


def _code(x: int, total: int, k: int) -> int:
    """The last byte of a key: the waste's size, or 255 for "in the cycle"."""
    return 255 if in_cycle(x, total, k) else 128 + x


def key(pos: Position) -> bytes:
    """``pos.canonical_key()`` with the stock and waste written as their text and
    the waste's size (rule 1)."""
    layout = pos.layout
    stock = pos.piles[layout.stock]
    waste = pos.piles[layout.waste]
    total = len(stock) + len(waste)
    full = pos.canonical_key()
    head = full[: len(full) - 2 - total]  # without the stock and waste parts
    k = pos.rules.stock.deal_count if pos.rules.stock else 1
    return head + bytes((128, *waste, *reversed(stock), _code(len(waste), total, k)))


def dominated(pos: Position, own: bytes, seen: set[bytes]) -> bool:
    """Rule 2: ``seen`` holds a position from which stock moves alone reach ``pos``
    (whose key is ``own``), with a waste of another size."""
    layout = pos.layout
    x = len(pos.piles[layout.waste])
    total = x + len(pos.piles[layout.stock])
    k = pos.rules.stock.deal_count if pos.rules.stock else 1
    head = own[:-1]
    return any(head + bytes((128 + d,)) in seen for d in dominating_sizes(x, total, k))


def dominating_sizes(x: int, total: int, k: int) -> list[int]:
    """The waste sizes outside the cycle from which stock moves alone reach size
    ``x`` (rule 2): every one if ``x`` is in the cycle, else ``x - k, x - 2k, ...``."""
    if in_cycle(x, total, k):
        return [d for d in range(1, total) if d % k]
    return list(range(x - k, 0, -k))
