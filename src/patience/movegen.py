"""Legal move generation: one pass over the piles with per-game lookup tables.

This is the engine's hot path (the solver calls it for every node), so it works on
plain ints and lists. The order of the moves it returns is part of the interface:
grouped by source pile in pile order; for one source, foundations first, then
tableau piles (for tableau runs: shortest run first), then cells, each in pile order.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from patience.cards import RANK, SUIT
from patience.piles import ANY_SUIT, layout_of
from patience.rules import Build, Direction, GameRules, Kind, Unit

if TYPE_CHECKING:
    from patience.position import Move, Position


class MoveTables:
    """Per-game tables: ``builds_on[y]`` = the cards that may be built on ``y``."""

    def __init__(self, rules: GameRules) -> None:
        tab = rules.tableau
        table = bytearray(52 * 52)
        for below in range(52):
            for above in range(52):
                step = RANK[above] - RANK[below]
                if tab.direction is Direction.UP_OR_DOWN:
                    rank_ok = step in (1, -1)
                else:
                    rank_ok = step == tab.direction.value
                if tab.build is Build.SAME_SUIT:
                    suit_ok = SUIT[above] == SUIT[below]
                elif tab.build is Build.ALTERNATE_COLOUR:
                    suit_ok = (SUIT[above] in (1, 2)) != (SUIT[below] in (1, 2))
                else:
                    suit_ok = True
                table[below * 52 + above] = rank_ok and suit_ok
        #: ``builds[below * 52 + above]`` is 1 when ``above`` may go on ``below``.
        self.builds = bytes(table)
        self.builds_on: tuple[tuple[int, ...], ...] = tuple(
            tuple(a for a in range(52) if table[b * 52 + a]) for b in range(52)
        )
        layout = layout_of(rules)
        self.layout = layout
        self.unit = tab.unit
        self.empty_rank = tab.empty_rank
        self.empty_from = tab.empty_from
        self.deal_count = rules.stock.deal_count if rules.stock else 0
        self.redeal = bool(rules.stock and rules.stock.redeal)
        # foundation piles with their fixed suit, base card and step
        self.found = tuple(
            (f, layout.found_suit[f], layout.found_base[f], layout.found_step[f])
            for f in layout.foundations
        )


@cache
def tables_of(rules: GameRules) -> MoveTables:
    return MoveTables(rules)


def generate_moves(pos: Position) -> list[Move]:
    """Every legal move of ``pos`` (see the module doc for the order)."""
    from patience.position import Move

    tables = tables_of(pos.rules)
    layout = tables.layout
    piles = pos.piles
    kinds = layout.kinds

    # cards the foundations want now: card -> foundation piles
    want_f: dict[int, list[int]] = {}
    any_base: list[int] = []  # empty any-suit foundations
    any_rank = 0
    for f, suit, base, step in tables.found:
        pile = piles[f]
        if pile:
            top = pile[-1]
            rank = RANK[top] + step
            if 1 <= rank <= 13:
                want_f.setdefault(top + step, []).append(f)
        elif suit == ANY_SUIT:
            any_base.append(f)
            any_rank = base
        else:
            want_f.setdefault(suit * 13 + base - 1, []).append(f)
    if any_base:
        for suit in range(4):
            want_f.setdefault(suit * 13 + any_rank - 1, []).extend(any_base)

    # cards the tableau piles take now: card -> tableau piles; and the empty piles
    builds_on = tables.builds_on
    want_t: dict[int, list[int]] = {}
    empty_t: list[int] = []
    for t in layout.tableau:
        pile = piles[t]
        if pile:
            for card in builds_on[pile[-1]]:
                if card in want_t:
                    want_t[card].append(t)
                else:
                    want_t[card] = [t]
        else:
            empty_t.append(t)
    empty_cells = [c for c in layout.cells if not piles[c]]
    empty_from = tables.empty_from
    empty_rank = tables.empty_rank

    moves: list[Move] = []
    append = moves.append
    for src, kind in enumerate(kinds):
        pile = piles[src]
        if kind is Kind.STOCK:
            if pile:
                append(Move(src, layout.waste, min(tables.deal_count, len(pile))))
            continue
        if kind is Kind.WASTE and pile and tables.redeal and not piles[layout.stock]:
            append(Move(src, layout.stock, len(pile)))
        if not pile:
            continue
        card = pile[-1]
        fill = empty_t if empty_t and kind in empty_from else ()
        if kind is Kind.FOUNDATION:
            if layout.play_back[src]:
                for t in want_t.get(card, ()):
                    append(Move(src, t, 1))
                if fill and empty_rank in (None, RANK[card]):
                    for t in fill:
                        append(Move(src, t, 1))
            continue
        for f in want_f.get(card, ()):
            append(Move(src, f, 1))
        if kind is Kind.TABLEAU:
            n = 1 if tables.unit is Unit.SINGLE else pos.movable_count(src)
            for k in range(1, n + 1):
                head = pile[-k]
                for t in want_t.get(head, ()):
                    if t != src:
                        append(Move(src, t, k))
                if fill and empty_rank in (None, RANK[head]):
                    for t in fill:
                        append(Move(src, t, k))
        else:
            for t in want_t.get(card, ()):
                append(Move(src, t, 1))
            if fill and empty_rank in (None, RANK[card]):
                for t in fill:
                    append(Move(src, t, 1))
        if kind is not Kind.CELL:
            for c in empty_cells:
                append(Move(src, c, 1))
    return moves
