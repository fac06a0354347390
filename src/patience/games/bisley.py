"""Bisley: one deck, Aces start on the foundations, 13 face-up columns built in suit
up or down; Kings start a second foundation per suit that builds down."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from patience.cards import ACE, KING, RANK, SUITS
from patience.rules import Build, Direction, Foundations, GameRules, Tableau

if TYPE_CHECKING:
    from patience.position import Position


def columns_descending(position: Position) -> bool:
    """Bisley's auto-complete trigger: in every column the rank never increases
    from base to top (empty columns count as ordered)."""
    piles = position.piles
    for t in position.layout.tableau:
        pile = piles[t]
        for below, above in itertools.pairwise(pile):
            if RANK[above] > RANK[below]:
                return False
    return True


BISLEY = GameRules(
    id="bisley",
    name="Bisley",
    decks=1,
    foundations=(
        Foundations(4, base=ACE, direction=Direction.UP, suits=SUITS, name="ace foundation"),
        Foundations(4, base=KING, direction=Direction.DOWN, suits=SUITS, name="king foundation"),
    ),
    tableau=Tableau(
        deal=(3, 3, 3, 3) + (4,) * 9,
        build=Build.SAME_SUIT,
        direction=Direction.UP_OR_DOWN,
    ),
    aces_dealt_to_foundations=True,
    auto_complete=columns_descending,
    summary="Build each suit up from its Ace and down from its King; columns build in suit.",
)
