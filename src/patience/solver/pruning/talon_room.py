"""Talon room: a talon card that can find no room proves the position lost.

Applies to games like Big Apple: two decks; foundations of any suit that build up
from Aces (their top card may be played back onto the tableau); a tableau that
builds down by one (any suit; a run moves only if it is itself built down by
one), whose empty piles are filled with single cards; cells; a one-pass talon; no
stock. The rule looks only at positions in which every tableau pile is a *chain*
(ranks base to top ``r, r-1, r-2, ...``), as every pile of a real game is: a card
only ever lands on a card one rank higher or alone in an empty pile.

Chains stay chains. So at any time the tableau is at most ``P`` chains (``P`` the
number of tableau piles, empty piles holding none) and the cells hold at most
``C`` cards. A multiset of ranks with ``m_r`` cards of rank ``r`` needs at least
``sum_r max(0, m_r - m_{r+1})`` chains (``m_14 = 0``): each of its rank-``r`` cards
is the base of a chain or sits on one of the ``m_{r+1}`` cards of rank ``r+1``, at
most one on each.

*Frozen suits.* Let the two foundations of suit ``s`` hold ``a <= b`` cards (an
empty one holds 0) and let ``X`` be the cards in the tableau and the cells plus the
first ``j`` cards of the talon (``t_1``, its top, to ``t_j``). Say ``X`` is frozen
when, for every suit, it holds neither ``a+1`` nor ``b+1`` of that suit. Write
``F(a, b)`` for the multiset of a suit's foundation cards (each rank up to ``a``
twice, up to ``b`` once). Claim: until ``t_j`` leaves the talon, the foundation
cards of each suit form ``F(a', b')`` with ``a' <= a`` and ``b' <= b``, and the
tableau and cells hold exactly ``X'`` (the cards of ``X`` already dealt) plus the
played-back cards ``F(a, b) - F(a', b')`` (two card values are the same card for
the rules, so only multisets matter). By induction on moves: playing a card back
lowers ``a'`` or ``b'``. A card going up onto ``b'`` (``b' <= b``) that would make
the count of its rank exceed ``F(a, b)``'s has rank ``b+1``, so ``b' = b``, and it
is not a played-back card (they all rank at most ``b``): it is ``b+1`` of the suit
in ``X``, which is frozen. The same for ``a'``: a card going onto the lower pile
exceeds ``F(a, b)`` only as ``a+1``, and with ``b' >= a+1`` the played-back cards
hold no ``a+1`` (``F(a, b)`` and ``F(a', b')`` have one each), so it is ``a+1`` of
``X``. Every other move keeps the multisets.

So just after ``t_j`` leaves the talon (onto the tableau, into a cell, or onto a
foundation in place of a played-back card of the same value), the tableau and
cells hold ``X`` plus, for each foundation pile, a top segment of it
(``F(a, b) - F(a', b')`` is the top segments ``(a', a]`` and ``(b', b]``). A
King on a foundation never comes back (no card ranks above it), so such a pile
gives nothing. If *every* choice of segments and of at most ``C`` cells' cards
leaves ranks that need more than ``P`` chains, ``t_j`` can never be placed; a win
places every card, so the position is lost. :func:`fewest_chains` computes that
minimum exactly (dynamic programming over the ranks, from the Kings down: how many
segments are still growing, how many cells are used, the previous rank's count).

The check tries ``j = 1, 2, ...`` while ``X`` stays frozen (a talon card that a
foundation could take ends it). It depends only on the talon, the foundations and
the multiset of the other cards, so its answers are cached.
"""

from __future__ import annotations

from functools import lru_cache

from patience.cards import ACE, KING, RANK, SUIT
from patience.position import Position
from patience.rules import Build, Direction, GameRules, Kind, Unit


def applies(rules: GameRules) -> bool:
    """The conditions in the module doc hold for ``rules``."""
    tab = rules.tableau
    return (
        rules.decks == 2
        and rules.talon
        and rules.stock is None
        and all(
            g.suits is None and g.base == ACE and g.direction is Direction.UP
            for g in rules.foundations
        )
        and tab.direction is Direction.DOWN
        and tab.build is Build.ANY_SUIT
        and tab.unit in (Unit.SINGLE, Unit.SAME_SUIT_RUN)
        and tab.empty_rank is None
        and tab.face_up is None
        and not (tab.empty_from - {Kind.TALON, Kind.CELL})
    )


def is_jammed(pos: Position) -> bool:
    """True when some talon card can never be placed (so ``pos`` is lost); False
    when the rule does not decide (see the module doc)."""
    layout = pos.layout
    piles = pos.piles
    cards: list[int] = []
    for t in layout.tableau:
        pile = piles[t]
        for i in range(1, len(pile)):
            if RANK[pile[i]] != RANK[pile[i - 1]] - 1:
                return False
        cards += pile
    for c in layout.cells:
        cards += piles[c]
    heights = []
    for f in layout.foundations:
        pile = piles[f]
        heights.append((SUIT[pile[0]], len(pile)) if pile else (-1, 0))
    return _jammed(
        tuple(piles[layout.talon]),
        tuple(sorted(heights)),
        tuple(sorted(cards)),
        len(layout.tableau),
        len(layout.cells),
    )


@lru_cache(maxsize=65536)
def _jammed(
    talon: tuple[int, ...],
    heights: tuple[tuple[int, int], ...],
    cards: tuple[int, ...],
    piles: int,
    cells: int,
) -> bool:
    wanted = set()  # the cards that would end the frozen horizon
    for suit in range(4):
        own = sorted(h for s, h in heights if s == suit)
        own = [0] * (2 - len(own)) + own
        for h in own:
            if h < KING:
                wanted.add(suit * 13 + h)  # rank h+1 of the suit
    if _never_room(talon, tuple(sorted(cards + _foundation_cards(heights))), piles, cells):
        return True
    if any(card in wanted for card in cards):
        return False
    counts = [0] * 15
    for card in cards:
        counts[RANK[card]] += 1
    tops = [0] * 15  # foundation piles whose top card has this rank (Kings excluded)
    for _, h in heights:
        if 0 < h < KING:
            tops[h] += 1
    for card in reversed(talon):
        if card in wanted:
            return False
        counts[RANK[card]] += 1
        if fewest_chains(counts, tops, cells, piles) > piles:
            return True
    return False


def fewest_chains(counts: list[int], tops: list[int], cells: int, bound: int) -> int:
    """The fewest chains that hold the cards counted by rank in ``counts`` plus any
    top segments of foundation piles (``tops[r]`` piles have a top card of rank
    ``r``), once at most ``cells`` of these cards are set aside; any answer above
    ``bound`` may be given as ``bound + 1``."""
    # state (segments still growing, cells used, cards of the rank above) -> chains
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
    for rank in range(KING, 0, -1):
        nxt: dict[tuple[int, int, int], int] = {}
        n = counts[rank]
        for (grow, used, above), cost in states.items():
            for keep in range(grow + 1):
                for new in range(tops[rank] + 1):
                    active = keep + new
                    here = n + active
                    for c in range(min(cells - used, here) + 1):
                        m = here - c
                        total = cost + max(0, m - above)
                        if total > bound:
                            continue
                        key = (active, used + c, m)
                        if nxt.get(key, bound + 1) > total:
                            nxt[key] = total
        states = nxt
        if not states:
            return bound + 1
    return min(states.values())


def _foundation_cards(heights: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    return tuple(suit * 13 + r for suit, h in heights for r in range(h))


@lru_cache(maxsize=4096)
def _never_room(talon: tuple[int, ...], out: tuple[int, ...], piles: int, cells: int) -> bool:
    """The second check (module doc): some ``t_j`` finds no room whatever the
    foundations hold. ``out``: the cards off the talon."""
    for k in range(len(talon) - 1, -1, -1):
        if _no_room_at(talon[:k], tuple(sorted(out + talon[k:])), piles, cells):
            return True
    return False


@lru_cache(maxsize=65536)
def _no_room_at(rest: tuple[int, ...], out: tuple[int, ...], piles: int, cells: int) -> bool:
    """No arrangement of the cards ``out`` (all but the talon's ``rest``) on
    foundations, ``piles`` chains and ``cells`` cells exists."""
    avail = [[0] * 15 for _ in range(4)]  # avail[suit][rank]: cards off the talon
    for card in out:
        avail[SUIT[card]][RANK[card]] += 1
    counts = [sum(avail[s][r] for s in range(4)) for r in range(15)]
    ge = [0] * 15  # foundation piles that may be at least this high
    for s in range(4):
        for need in (1, 2):
            h = 0
            while h < KING and avail[s][h + 1] >= need:
                h += 1
            for r in range(1, h + 1):
                ge[r] += 1
    return fewest_chains_any(counts, ge, cells, piles) > piles


def fewest_chains_any(counts: list[int], ge: list[int], cells: int, bound: int) -> int:
    """The fewest chains that hold the cards counted by rank in ``counts`` once
    the foundations hold some of them (``ge[r]`` foundation piles may reach rank
    ``r``; a pile holds every rank up to its height) and at most ``cells`` more
    are set aside; any answer above ``bound`` may be given as ``bound + 1``."""
    # state (foundation piles reaching this rank, cells used, cards of the rank
    # above left) -> chains
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
    for rank in range(KING, 0, -1):
        nxt: dict[tuple[int, int, int], int] = {}
        n = counts[rank]
        for (active, used, above), cost in states.items():
            for new in range(ge[rank] - active + 1):
                here = n - active - new
                for c in range(min(cells - used, here) + 1):
                    m = here - c
                    total = cost + max(0, m - above)
                    if total > bound:
                        continue
                    key = (active + new, used + c, m)
                    if nxt.get(key, bound + 1) > total:
                        nxt[key] = total
        states = nxt
        if not states:
            return bound + 1
    return min(states.values())
