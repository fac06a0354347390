"""The public view of a position: what a browser may see (never a face-down card).

>>> from patience import Position
>>> view = public_view(Position.deal("gilbert", 1))
>>> view["piles"][-2]["cards"][:2]
[None, None]
"""

from __future__ import annotations

from typing import Any

from patience.cards import format_card
from patience.notation import format_move
from patience.play import can_auto_complete, deal_move, movables, preferred
from patience.position import Position
from patience.rules import Kind

_KIND_NAMES = {
    Kind.FOUNDATION: "foundation",
    Kind.CELL: "cell",
    Kind.TABLEAU: "tableau",
    Kind.TALON: "talon",
    Kind.STOCK: "stock",
    Kind.WASTE: "waste",
}


def _visible(kind: Kind, pile: list[int], down: int) -> list[str | None]:
    if kind is Kind.STOCK:
        return [None] * len(pile)
    if kind is Kind.TALON:
        return [None] * (len(pile) - 1) + [format_card(c) for c in pile[-1:]]
    return [None] * down + [format_card(c) for c in pile[down:]]


def public_view(pos: Position) -> dict[str, Any]:
    """A JSON-ready dict: piles with face-down cards as ``None``, every movable
    card with its targets, its moves and the move a click makes (``click``,
    see :func:`patience.play.click_move`), the stock move, and the status flags."""
    layout = pos.layout
    piles = [
        {
            "id": layout.labels[i],
            "kind": _KIND_NAMES[kind],
            "cards": _visible(kind, pos.piles[i], pos.hidden[i]),
        }
        for i, kind in enumerate(layout.kinds)
    ]
    movable = []
    for m in movables(pos):
        click = preferred(pos, m.moves)
        movable.append(
            {
                "pile": layout.labels[m.pile],
                "index": len(pos.piles[m.pile]) - m.n,
                "card": format_card(m.card),
                "targets": [layout.labels[mv.dst] for mv in m.moves],
                "moves": [format_move(pos, mv) for mv in m.moves],
                "click": format_move(pos, click),
            }
        )
    stock = deal_move(pos)
    return {
        "game": pos.rules.id,
        "piles": piles,
        "movable": movable,
        "stock_move": format_move(pos, stock) if stock else None,
        "won": pos.is_won(),
        "stuck": pos.is_stuck(),
        "auto_complete": can_auto_complete(pos),
        "moves_made": len(pos.move_stack),
    }
