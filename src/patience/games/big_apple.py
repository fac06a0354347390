"""Big Apple: two decks, 8 foundations, 3 cells, 8 tableau piles built down regardless
of suit, and a one-pass talon whose top card is face up."""

from __future__ import annotations

from patience.cards import ACE
from patience.rules import Build, Direction, Foundations, GameRules, Kind, Tableau, Unit

BIG_APPLE = GameRules(
    id="big-apple",
    name="Big Apple",
    decks=2,
    foundations=(Foundations(8, base=ACE, direction=Direction.UP, play_back=True),),
    tableau=Tableau(
        deal=(1,) * 8,
        build=Build.ANY_SUIT,
        direction=Direction.DOWN,
        unit=Unit.SAME_SUIT_RUN,
        empty_from=frozenset({Kind.TALON, Kind.CELL}),
    ),
    cells=3,
    talon=True,
    summary="Two decks, one pass through the talon; build down regardless of suit.",
)
