"""Checks that a position is possible for its game; raises LayoutError otherwise."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import TYPE_CHECKING

from patience.cards import RANK, SUIT, format_card
from patience.errors import LayoutError
from patience.piles import ANY_SUIT
from patience.rules import Kind

if TYPE_CHECKING:
    from patience.position import Position


def check_position(pos: Position) -> None:
    """Raise :class:`LayoutError` unless ``pos`` is a possible position.

    Checks the number of piles, that every card of the game's decks is present
    exactly as often as the decks hold it, foundation sequences, one card per cell,
    and face-down counts (tableau only; the top card of a pile is face up).
    """
    layout = pos.layout
    rules = pos.rules
    if len(pos.piles) != layout.count or len(pos.hidden) != layout.count:
        raise LayoutError(f"{rules.name} has {layout.count} piles, not {len(pos.piles)}")
    counts: Counter[int] = Counter()
    for label, pile in zip(layout.labels, pos.piles, strict=True):
        for card in pile:
            if type(card) is not int or not 0 <= card < 52:
                raise LayoutError(f"pile {label!r} holds {card!r}, which is not a card")
        counts.update(pile)
    for card in range(52):
        if counts[card] > rules.decks:
            raise LayoutError(
                f"duplicate card {format_card(card)!r}: it appears {counts[card]} times, "
                f"{rules.name} has {rules.decks}"
            )
    for card in range(52):
        if counts[card] < rules.decks:
            raise LayoutError(f"missing card {format_card(card)!r}")
    for i, (kind, pile, down) in enumerate(zip(layout.kinds, pos.piles, pos.hidden, strict=True)):
        label = layout.labels[i]
        if kind is Kind.FOUNDATION:
            _check_foundation(pos, i)
        if kind is Kind.CELL and len(pile) > 1:
            raise LayoutError(f"cell {label!r} holds {len(pile)} cards; a cell holds one")
        if down < 0 or (down and (kind is not Kind.TABLEAU or rules.tableau.face_up is None)):
            raise LayoutError(f"pile {label!r} cannot have {down} face-down cards")
        if (pile and down >= len(pile)) or (not pile and down):
            raise LayoutError(f"the top card of pile {label!r} must be face up")


def _check_foundation(pos: Position, f: int) -> None:
    layout = pos.layout
    pile = pos.piles[f]
    label = layout.labels[f]
    if not pile:
        return
    base = pile[0]
    suit = layout.found_suit[f]
    if RANK[base] != layout.found_base[f] or suit not in (ANY_SUIT, SUIT[base]):
        raise LayoutError(f"foundation {label!r} cannot start with {format_card(base)!r}")
    step = layout.found_step[f]
    for below, above in itertools.pairwise(pile):
        if SUIT[above] != SUIT[base] or RANK[above] != RANK[below] + step:
            raise LayoutError(
                f"foundation {label!r} cannot hold {format_card(above)!r} on {format_card(below)!r}"
            )
