"""What the site (and the terminal game) call: click, drag targets, auto-complete,
stuck.

Click rule (``click_move``), documented and deterministic: the clicked card (with
the cards on top of it, when they move as a unit) goes

1. to a foundation, if one takes it (the first in pile order: Bisley's and
   Gilbert's Ace/up foundations come before their King/down foundations);
2. otherwise onto the first non-empty tableau pile, left to right, that takes it;
3. otherwise into the first empty tableau pile that may take it;
4. otherwise into the first empty cell (Big Apple).

>>> from patience import Position, parse_card
>>> pos = Position.deal("bisley", 1)
>>> move = click_move(pos, pos.piles[pos.layout.tableau[0]][-1])
"""

from __future__ import annotations

from typing import NamedTuple

from patience.cards import Card
from patience.position import Move, Position
from patience.rules import Kind


class Movable(NamedTuple):
    """A card that can move now: it lies in ``pile`` with ``n - 1`` cards on
    top of it that move with it, and ``moves`` are its legal moves."""

    pile: int
    n: int
    card: Card
    moves: list[Move]


def movables(pos: Position) -> list[Movable]:
    """Every card that has a legal move, with its moves (for drag highlighting).

    Stock deals and redeals are not card moves and are left out (see
    :func:`deal_move`).
    """
    grouped: dict[tuple[int, int], list[Move]] = {}
    for move in pos.legal_moves:
        if pos.is_stock_move(move):
            continue
        grouped.setdefault((move.src, move.n), []).append(move)
    return [Movable(src, n, pos.piles[src][-n], moves) for (src, n), moves in grouped.items()]


def _preference(pos: Position, move: Move) -> tuple[int, int]:
    kind = pos.layout.kinds[move.dst]
    if kind is Kind.FOUNDATION:
        return (0, move.dst)
    if kind is Kind.TABLEAU:
        return (1 if pos.piles[move.dst] else 2, move.dst)
    return (3, move.dst)


def click_move(pos: Position, card: Card, pile: int | None = None) -> Move | None:
    """The move a click on ``card`` makes (see the module doc), or ``None``.

    With two decks the same card can lie in two places; ``pile`` says which
    (otherwise the first place in pile order that has a move is used).
    """
    for movable in movables(pos):
        if movable.card == card and (pile is None or pile == movable.pile):
            return preferred(pos, movable.moves)
    return None


def preferred(pos: Position, moves: list[Move]) -> Move:
    """Of one card's legal ``moves`` (a :class:`Movable`'s), the one a click makes."""
    return min(moves, key=lambda m: _preference(pos, m))


def deal_move(pos: Position) -> Move | None:
    """The stock move (deal, or redeal when the stock is empty), or ``None``."""
    layout = pos.layout
    if layout.stock < 0:
        return None
    for move in pos.legal_moves:
        if pos.is_stock_move(move):
            return move
    return None


def is_stuck(pos: Position) -> bool:
    """No progress is possible (RULES.md): no legal move; or only stock moves,
    and a whole pass through the stock turns up no playable card."""
    if pos.is_won():
        return False
    probe = pos.copy(stack=False)
    seen: set[bytes] = set()
    while True:
        key = probe.key()
        if key in seen:
            return True  # the stock cycle repeats without a playable card
        seen.add(key)
        stock_move = None
        for move in probe.legal_moves:
            if not probe.is_stock_move(move):
                return False
            stock_move = move
        if stock_move is None:
            return True
        probe.push(stock_move)


def _foundation_moves(pos: Position) -> list[Move]:
    """Greedy foundation moves from ``pos`` until none is left (on a copy)."""
    probe = pos.copy(stack=False)
    kinds = probe.layout.kinds
    line = []
    while True:
        for move in probe.legal_moves:
            if kinds[move.dst] is Kind.FOUNDATION and kinds[move.src] is not Kind.FOUNDATION:
                probe.push(move)
                line.append(move)
                break
        else:
            return line


def can_auto_complete(pos: Position) -> bool:
    """True when auto-complete may finish the game now.

    Bisley: its own trigger (every column descending). Other games: every card
    is known to the player (no face-down tableau card, at most the talon's top
    card left, an empty stock) and foundation moves alone win. Requiring no
    hidden card keeps auto-complete from telling anything about them.
    """
    if pos.is_won():
        return False
    hook = pos.rules.auto_complete
    if hook is not None:
        return hook(pos)
    layout = pos.layout
    if pos.hidden_count():
        return False
    if layout.talon >= 0 and len(pos.piles[layout.talon]) > 1:
        return False
    if layout.stock >= 0 and pos.piles[layout.stock]:
        return False
    probe = pos.copy(stack=False)
    for move in _foundation_moves(pos):
        probe.push(move)
    return probe.is_won()


def auto_complete_moves(pos: Position) -> list[Move]:
    """The foundation moves that finish the game, or ``[]`` when
    :func:`can_auto_complete` is false."""
    if not can_auto_complete(pos):
        return []
    return _foundation_moves(pos)
