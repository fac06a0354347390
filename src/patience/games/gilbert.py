"""Gilbert: Klondike's tableau with four foundations up from the Aces and four down
from the Kings; only a Seven fills an empty column; the stock deals three, with
unlimited redeals."""

from __future__ import annotations

from patience.cards import ACE, KING, SUITS
from patience.rules import Build, Direction, Foundations, GameRules, Kind, Stock, Tableau, Unit

GILBERT = GameRules(
    id="gilbert",
    name="Gilbert",
    decks=1,
    foundations=(
        Foundations(
            4, base=ACE, direction=Direction.UP, suits=SUITS, play_back=True, name="up foundation"
        ),
        Foundations(
            4,
            base=KING,
            direction=Direction.DOWN,
            suits=SUITS,
            play_back=True,
            name="down foundation",
        ),
    ),
    tableau=Tableau(
        deal=(1, 2, 3, 4, 5, 6, 7),
        face_up=(1,) * 7,
        build=Build.ALTERNATE_COLOUR,
        direction=Direction.DOWN,
        unit=Unit.BUILD_RUN,
        empty_from=frozenset({Kind.TABLEAU, Kind.WASTE, Kind.FOUNDATION}),
        empty_rank=7,
    ),
    stock=Stock(deal_count=3, redeal=True),
    summary="Four foundations up from the Aces, four down from the Kings; only a Seven "
    "fills an empty column.",
)
