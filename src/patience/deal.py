"""Deal numbers to cards: our own documented generator, the same forever.

Deal ``n`` of game ``g`` is made like this (see ``docs/deals.md``):

1. The deck is ``decks`` copies of the 52 cards in the order clubs A..K, diamonds,
   hearts, spades. In a game whose Aces start on the foundations, the Aces are taken
   out first (in that order).
2. A SplitMix64 generator is seeded with the 64-bit FNV-1a hash of the text
   ``"<game id>:<n>"``, e.g. ``"bisley:1"``.
3. The cards are shuffled by Fisher-Yates from the last position down: for
   ``i = len - 1 .. 1`` swap position ``i`` with ``j = below(i + 1)``, where
   ``below(k)`` draws 64-bit outputs until one is under ``2**64 - 2**64 % k`` (so
   every ``j`` is equally likely) and returns it modulo ``k``.
4. The shuffled cards are dealt in order: each tableau pile in turn, left to right,
   gets its cards base first; what is left forms the talon or stock, the last card
   on top.

Python's ``random`` module is not used: it does not promise to keep its sequence.

>>> shuffled("bisley", 1)[:3] == shuffled("bisley", 1)[:3]
True
"""

from __future__ import annotations

from typing import Final

from patience.cards import ACE, RANK, Card
from patience.errors import DealError
from patience.piles import ANY_SUIT, layout_of
from patience.rules import GameRules

_MASK: Final = (1 << 64) - 1
MAX_DEAL: Final = 2**63 - 1


def fnv1a64(text: str) -> int:
    """64-bit FNV-1a hash of the UTF-8 bytes of ``text``."""
    h = 0xCBF29CE484222325
    for byte in text.encode():
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    return h


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea, Flood 2014), 64-bit outputs."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, k: int) -> int:
        """A uniform integer in ``0 .. k-1`` (rejection sampling, no modulo bias)."""
        limit = (1 << 64) - (1 << 64) % k
        while True:
            value = self.next()
            if value < limit:
                return value % k


def check_deal_number(number: int) -> int:
    """Return ``number`` if it is a valid deal number (1 .. 2**63-1), else raise."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_DEAL:
        raise DealError(f"deal number {number!r} is out of range 1..{MAX_DEAL}")
    return number


def shuffled(game_id: str, number: int, decks: int = 1, without_aces: bool = False) -> list[Card]:
    """The shuffled cards of deal ``number`` of game ``game_id`` (steps 1-3 above)."""
    check_deal_number(number)
    cards = [c for _ in range(decks) for c in range(52) if not (without_aces and RANK[c] == ACE)]
    rng = SplitMix64(fnv1a64(f"{game_id}:{number}"))
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def deal_piles(rules: GameRules, number: int) -> tuple[list[list[Card]], list[int]]:
    """Piles and face-down counts of the start position of deal ``number`` (step 4)."""
    layout = layout_of(rules)
    aces_out = rules.aces_dealt_to_foundations
    cards = shuffled(rules.id, number, rules.decks, without_aces=aces_out)
    piles: list[list[Card]] = [[] for _ in range(layout.count)]
    hidden = [0] * layout.count
    if aces_out:
        for suit in range(4):
            ace = suit * 13
            target = next(
                f
                for f in layout.foundations
                if layout.found_base[f] == ACE
                and layout.found_suit[f] in (ANY_SUIT, suit)
                and not piles[f]
            )
            piles[target].append(ace)
    tab = rules.tableau
    pos = 0
    for i, (pile, count) in enumerate(zip(layout.tableau, tab.deal, strict=True)):
        piles[pile] = cards[pos : pos + count]
        pos += count
        if tab.face_up is not None:
            hidden[pile] = count - tab.face_up[i]
    rest = cards[pos:]
    if layout.talon >= 0:
        piles[layout.talon] = rest
    elif layout.stock >= 0:
        piles[layout.stock] = rest
    return piles, hidden
