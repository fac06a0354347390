"""patience: exact rules of Bisley, Big Apple and Gilbert.

>>> from patience import Position, parse_move
>>> pos = Position.deal("bisley", 1)
>>> pos.is_won(), pos.is_stuck()
(False, False)
"""

from __future__ import annotations

from patience.cards import Card, card_name, format_card, parse_card, parse_cards
from patience.errors import (
    CardError,
    DealError,
    IllegalMoveError,
    LayoutError,
    NotationError,
    PatienceError,
    UnknownGameError,
    UnknownLanguageError,
)
from patience.games import GAMES, get_game
from patience.notation import (
    format_move,
    format_position,
    from_json,
    parse_move,
    parse_position,
    parse_positions,
    to_json,
)
from patience.play import (
    Movable,
    auto_complete_moves,
    can_auto_complete,
    click_move,
    deal_move,
    movables,
)
from patience.position import LegalMoves, Move, Position
from patience.rules import GameRules
from patience.view import public_view

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "Card",
    "CardError",
    "DealError",
    "GameRules",
    "IllegalMoveError",
    "LayoutError",
    "LegalMoves",
    "Movable",
    "Move",
    "NotationError",
    "PatienceError",
    "Position",
    "UnknownGameError",
    "UnknownLanguageError",
    "auto_complete_moves",
    "can_auto_complete",
    "card_name",
    "click_move",
    "deal_move",
    "format_card",
    "format_move",
    "format_position",
    "from_json",
    "get_game",
    "movables",
    "parse_card",
    "parse_cards",
    "parse_move",
    "parse_position",
    "parse_positions",
    "public_view",
    "to_json",
]
