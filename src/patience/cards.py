"""Cards as small integers.

A :data:`Card` is an ``int`` from 0 to 51: ``suit * 13 + rank - 1``, with suits in
the order clubs, diamonds, hearts, spades and ranks 1 (Ace) to 13 (King). Hot code
works on these integers with the lookup tables below; signatures read as the game's
words through the aliases.

>>> card = parse_card("7H")
>>> rank_of(card), suit_of(card), format_card(card)
(7, 2, '7H')
>>> format_card(parse_card("10d")), format_card(parse_card("Q♠"))
('TD', 'QS')
"""

from __future__ import annotations

from typing import Final, TypeAlias

from patience.errors import CardError

Card: TypeAlias = int
Rank: TypeAlias = int
Suit: TypeAlias = int

CLUBS: Final[Suit] = 0
DIAMONDS: Final[Suit] = 1
HEARTS: Final[Suit] = 2
SPADES: Final[Suit] = 3
SUITS: Final = (CLUBS, DIAMONDS, HEARTS, SPADES)

ACE: Final[Rank] = 1
JACK: Final[Rank] = 11
QUEEN: Final[Rank] = 12
KING: Final[Rank] = 13
RANKS: Final = tuple(range(ACE, KING + 1))

SUIT_CHARS: Final = "CDHS"
RANK_CHARS: Final = "A23456789TJQK"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES: Final = (
    "", "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)  # fmt: skip

#: Every card of one deck, in the order clubs A..K, diamonds, hearts, spades.
DECK: Final = tuple(range(52))

#: Lookup tables indexed by card.
RANK: Final = tuple(c % 13 + 1 for c in DECK)
SUIT: Final = tuple(c // 13 for c in DECK)
RED: Final = tuple(SUIT[c] in (DIAMONDS, HEARTS) for c in DECK)

_SUIT_INPUT: Final = {
    "C": CLUBS, "D": DIAMONDS, "H": HEARTS, "S": SPADES,
    "♣": CLUBS, "♦": DIAMONDS, "♥": HEARTS, "♠": SPADES,
    "♧": CLUBS, "♢": DIAMONDS, "♡": HEARTS, "♤": SPADES,
}  # fmt: skip
_RANK_INPUT: Final = {ch: i + 1 for i, ch in enumerate(RANK_CHARS)} | {"10": 10, "1": 1}


def make_card(rank: Rank, suit: Suit) -> Card:
    """The card of ``rank`` (1..13) and ``suit`` (0..3).

    >>> format_card(make_card(QUEEN, HEARTS))
    'QH'
    """
    if not (ACE <= rank <= KING and CLUBS <= suit <= SPADES):
        raise CardError(f"no card of rank {rank!r} and suit {suit!r}")
    return (suit * 13) + rank - 1


def rank_of(card: Card) -> Rank:
    """Rank 1 (Ace) .. 13 (King) of ``card``."""
    return RANK[card]


def suit_of(card: Card) -> Suit:
    """Suit 0..3 (clubs, diamonds, hearts, spades) of ``card``."""
    return SUIT[card]


def is_red(card: Card) -> bool:
    """True for diamonds and hearts."""
    return RED[card]


def parse_card(text: str) -> Card:
    """Parse ``7H``, ``TD``, ``10D``, ``qs`` or ``Q♠`` into a card.

    Raises :class:`~patience.errors.CardError` (a ``ValueError``) quoting the token.

    >>> format_card(parse_card("as"))
    'AS'
    """
    token = text.strip()
    upper = token.upper()
    if len(upper) >= 2:
        rank = _RANK_INPUT.get(upper[:-1])
        suit = _SUIT_INPUT.get(upper[-1])
        if rank is not None and suit is not None and upper[:-1] != "1":
            return suit * 13 + rank - 1
    raise CardError(f"unknown card {text!r}: write rank then suit, like 7H, TD or 10D")


def format_card(card: Card) -> str:
    """Two-character text of ``card``: rank ``A23456789TJQK`` then suit ``CDHS``."""
    return RANK_CHARS[RANK[card] - 1] + SUIT_CHARS[SUIT[card]] if 0 <= card < 52 else "??"


def card_name(card: Card) -> str:
    """English name of ``card`` for screen readers: ``"seven of hearts"``."""
    return f"{RANK_NAMES[RANK[card]]} of {SUIT_NAMES[SUIT[card]]}"


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by whitespace or commas.

    >>> [format_card(c) for c in parse_cards("7H, 10d  K♣")]
    ['7H', 'TD', 'KC']
    """
    return [parse_card(tok) for tok in text.replace(",", " ").split()]
