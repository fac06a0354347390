"""The pile vocabulary and the typed rule record of a game.

A game is one :class:`GameRules` value: which piles it has, how each kind of pile
builds and what may fill an empty pile. The engine (:mod:`patience.position`) reads
only this record, so adding a game means writing a new record in ``games/``, never
editing the engine. The words follow PySolFC: same suit / alternate colour / any
suit; up / down / up-or-down; base rank; what moves as a unit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TYPE_CHECKING

from patience.cards import ACE, KING, Rank, Suit

if TYPE_CHECKING:
    from patience.position import Position


class Kind(IntEnum):
    """What a pile is. The order is the order of piles in a position."""

    FOUNDATION = 0
    CELL = 1
    TABLEAU = 2
    TALON = 3  # one pass, top card face up (Big Apple)
    STOCK = 4  # face down, deals onto the waste (Gilbert)
    WASTE = 5


class Build(IntEnum):
    """Which suit a card must have to go on a tableau pile's top card."""

    SAME_SUIT = 0
    ALTERNATE_COLOUR = 1
    ANY_SUIT = 2


class Direction(IntEnum):
    """Rank step from the card below to the card placed on it."""

    UP = 1
    DOWN = -1
    UP_OR_DOWN = 0


class Unit(IntEnum):
    """What may move from a tableau pile in one move."""

    SINGLE = 0  # only the top card
    SAME_SUIT_RUN = 1  # a run built by the tableau rule whose cards share one suit
    BUILD_RUN = 2  # any face-up run built by the tableau rule


@dataclass(frozen=True)
class Foundations:
    """A group of foundation piles that share one rule.

    ``suits`` fixes the suit of each pile (one entry per pile); ``None`` lets any
    card of rank ``base`` start an empty pile, whose suit it then decides.
    """

    count: int
    base: Rank = ACE
    direction: Direction = Direction.UP
    suits: tuple[Suit, ...] | None = None
    play_back: bool = False  # the top card may go back onto the tableau
    name: str = "foundation"

    def __post_init__(self) -> None:
        if self.direction is Direction.UP_OR_DOWN:
            raise ValueError("a foundation builds up or down, not both")
        if self.suits is not None and len(self.suits) != self.count:
            raise ValueError("one suit per foundation pile")
        if self.base not in (ACE, KING):
            raise ValueError("a foundation starts with an Ace or a King")


@dataclass(frozen=True)
class Tableau:
    """The tableau piles: how they build, what moves, what fills an empty pile.

    ``deal`` is the number of cards dealt to each pile and ``face_up`` how many of
    them are face up (``None``: all).
    """

    deal: tuple[int, ...]
    build: Build
    direction: Direction = Direction.DOWN
    unit: Unit = Unit.SINGLE
    empty_from: frozenset[Kind] = frozenset()  # kinds of pile that may fill an empty pile
    empty_rank: Rank | None = None  # only this rank may fill an empty pile
    face_up: tuple[int, ...] | None = None

    @property
    def count(self) -> int:
        return len(self.deal)


@dataclass(frozen=True)
class Stock:
    """A face-down stock that deals ``deal_count`` cards onto a waste pile."""

    deal_count: int = 3
    redeal: bool = True  # unlimited redeals when the stock is empty


@dataclass(frozen=True)
class GameRules:
    """The complete rule record of one game.

    ``auto_complete`` is an optional hook: a predicate that replaces the default
    trigger ("foundation moves alone win the game") for games whose rules define
    their own.
    """

    id: str
    name: str
    decks: int
    foundations: tuple[Foundations, ...]
    tableau: Tableau
    cells: int = 0
    talon: bool = False  # the undealt cards form a one-pass talon with its top face up
    stock: Stock | None = None
    aces_dealt_to_foundations: bool = False
    auto_complete: Callable[[Position], bool] | None = field(default=None, compare=False)
    summary: str = ""

    def __post_init__(self) -> None:
        if self.talon and self.stock is not None:
            raise ValueError("a game has a talon or a stock, not both")
        dealt = sum(self.tableau.deal) + (4 * self.decks if self.aces_dealt_to_foundations else 0)
        if dealt > 52 * self.decks:
            raise ValueError("the tableau deal needs more cards than the deck has")
        if dealt < 52 * self.decks and not (self.talon or self.stock):
            raise ValueError("cards left over after the deal need a talon or a stock")

    @property
    def card_count(self) -> int:
        return 52 * self.decks
