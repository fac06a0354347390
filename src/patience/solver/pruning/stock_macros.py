"""Stock macros: deal only in order to play the card that dealing turns up.

Applies to games with a stock and waste (Gilbert). The search never stops at a
position reached by dealing alone; instead, for every waste top that some number
k >= 1 of deals (and redeals) would show, it offers the step "k stock moves, then a
move of that waste card". Moves that do not involve the stock or waste are offered
as usual.

Why no win is lost: stock moves touch only the stock and the waste, so they commute
with every move that touches neither (tableau and foundation moves). In any winning
line, move each run of stock moves forward until it stands directly before the next
move of a waste card; stock moves after the last waste move can be dropped (a won
position has an empty stock and waste, so there are none). The line now consists of
ordinary moves and steps "stock moves, then a waste move". Each such step ends in a
position the macros offer: between redeals the text ``waste + reversed(stock)``
never changes (dealing moves cards from the stock's top onto the waste's top, a
redeal turns the waste over into the stock), so a position reached by stock moves
alone is fixed by the waste's size, and the macros enumerate every waste size that
stock moves reach (until a size repeats).
"""

from __future__ import annotations

from patience.movegen import generate_moves
from patience.position import Move, Position
from patience.rules import GameRules, Kind

Step = tuple[Move, ...]


def applies(rules: GameRules) -> bool:
    """The game has a stock."""
    return rules.stock is not None


def steps(pos: Position, moves: list[Move]) -> list[Step]:
    """``moves`` without stock moves (in their order), then the stock macros (see
    the module doc): plays to a foundation first, then fewer deals first."""
    layout = pos.layout
    stock, waste = layout.stock, layout.waste
    kinds = layout.kinds
    plain: list[Step] = []
    stock_move: Move | None = None
    for move in moves:
        if pos.is_stock_move(move):
            stock_move = move
        else:
            plain.append((move,))
    piles = pos.piles
    made: list[Move] = []
    macros: list[tuple[bool, int, Step]] = []
    seen = {len(piles[waste])}
    while stock_move is not None:
        pos.push(stock_move)
        made.append(stock_move)
        size = len(piles[waste])
        if size in seen:
            break
        seen.add(size)
        stock_move = None
        prefix = tuple(made)
        for move in generate_moves(pos):
            if move.src == stock or move.dst == stock:
                stock_move = move
            elif move.src == waste:
                to_base = kinds[move.dst] is Kind.FOUNDATION
                macros.append((not to_base, len(made), (*prefix, move)))
    for _ in made:
        pos.pop()
    macros.sort(key=lambda item: item[:2])
    return plain + [step for _, _, step in macros]
