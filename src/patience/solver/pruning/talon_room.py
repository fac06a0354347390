"""Talon room: a talon card that can find no room proves the position lost.

Applies to games like Big Apple: two decks; foundations of any suit that build up
from Aces (their top card may be played back onto the tableau); a tableau that
builds down by one (any suit; a run moves only if it is itself built down by
one), whose empty piles are filled with single cards; cells; a one-pass talon; no
stock. The rule looks only at positions in which every tableau pile is a *chain*
(ranks base to top ``r, r-1, r-2, ...``), as every pile of a real game is: a card
only ever lands on a card one rank higher or alone in an empty pile.

**Room.** Chains stay chains. So at any time the tableau is at most ``P`` chains
(``P`` tableau piles; an empty pile holds none) and the cells hold at most ``C``
cards. A multiset of ranks with ``m_r`` cards of rank ``r`` needs at least
``sum_r max(0, m_r - m_{r+1})`` chains (``m_14 = 0``): each of its rank-``r``
cards is the base of a chain or sits on one of the ``m_{r+1}`` cards of rank
``r+1``, at most one on each. Let ``t_1`` (the talon's top card), ``t_2``, ... be
the talon, and look at the moment just after ``t_j`` has left it: every card that
is not still in the talon is on a foundation, in the tableau or in a cell, and the
last two must fit in ``P`` chains and ``C`` cells. If no possible content of the
foundations leaves cards that fit, ``t_j`` never leaves the talon; a win moves
every card, so the position is lost. (A foundation of suit ``s`` holds the ranks
``1..a`` of one deck and ``1..b`` of the other, so its cards are ``F(a, b)``:
ranks up to ``min(a, b)`` twice, then up to ``max(a, b)`` once.)

**The check.** The foundations of suit ``s`` can only hold ``F(a, b)`` with ``a``
at most the highest rank up to which every rank of the suit is off the talon
twice, and ``b`` at most the one up to which every rank is off it once. These
bounds are all the check uses, so it depends only on the talon (the cards off it
are the others): its answers for a deal hold in every position of the deal, and
many deals are lost at the start.
:func:`fewest_chains_any` computes the minimum over every such content and every
choice of at most ``C`` cells' cards (dynamic programming over the ranks, from the
Kings down: how many foundation piles reach the rank, how many cells are used,
the previous rank's count; a pile that reaches a rank holds every lower one).

**Exposed.** Look closer, at the instant just after ``t_j`` has left the talon.
The move put ``t_j`` on top of where it went, so ``t_j`` is then on top of a
foundation, in a cell, or the top card of a chain (alone in a pile or on a card
one rank higher); the cards before it, ``B`` (all cards but ``t_j`` and the
talon's rest), are arranged as above. So ``t_j`` can leave only if one of these
holds:

- *foundation*: every lower rank of its suit is in ``B`` (a foundation builds up
  from the Ace, so it holds them below ``t_j``); an Ace always may;
- *cell*: ``B`` fits with one cell fewer (``t_j`` takes one);
- *chain*: the cards of ``B`` and ``t_j`` fit with ``t_j`` in a chain and
  uncovered: no foundation holds ``t_j`` (so the foundations' bounds are
  ``B``'s), and of the cards of ``t_j``'s rank ``r`` in chains, ``t_j`` is one and
  holds no card, so at most one fewer cards of rank ``r - 1`` sit on them: with
  ``m`` cards of rank ``r`` in chains (``m >= 1``), ``max(0, m_{r-1} - (m - 1))``
  chains start at rank ``r - 1`` (``fewest_chains_any``'s ``pin``).

If none holds, ``t_j`` never leaves the talon: lost, as above. Where the
foundations cannot take ``t_j``, this is stronger than the room check when the
room is tight: the room check lets ``t_j`` sit under the cards that arrive with
it, which must then wait somewhere else. Measured (docs/solver.md, "An exposed
talon card"): of the 43 Big Apple deals of 1-1000 that the deep budget left
undecided, it proves 29 lost at the start; it names no card in any of the 157
deals known to be winnable.

(A stronger check that also used the foundations' present content, for
stretches of the talon where no card can reach them, was tried: once this one
passed it never fired, in searches or in random play, so it was dropped. So
was an exact foundation case, ``t_j`` on top of a foundation exactly its rank
high: it proved none of the 14 deals the exposed check leaves undecided.)
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
    return stuck_card(pos) is not None


def stuck_card(pos: Position) -> int | None:
    """The ``j`` of a talon card ``t_j`` (1: the top card) that can never leave
    the talon (module doc); ``None`` if none is found or some pile is not a
    chain."""
    layout = pos.layout
    piles = pos.piles
    out: list[int] = []
    for t in layout.tableau:
        pile = piles[t]
        for i in range(1, len(pile)):
            if RANK[pile[i]] != RANK[pile[i - 1]] - 1:
                return None
        out += pile
    for p in (*layout.cells, *layout.foundations):
        out += piles[p]
    talon = tuple(piles[layout.talon])
    return _no_room(talon, tuple(sorted(out)), len(layout.tableau), len(layout.cells))


@lru_cache(maxsize=4096)
def _no_room(talon: tuple[int, ...], out: tuple[int, ...], piles: int, cells: int) -> int | None:
    """The first ``j`` whose ``t_j`` finds no room whatever the foundations
    hold, or cannot be left uncovered (module doc). ``out``: the cards off the
    talon."""
    for j in range(1, len(talon) + 1):
        k = len(talon) - j
        before = tuple(sorted(out + talon[k + 1 :]))
        card = talon[k]
        if _no_room_at(tuple(sorted((*before, card))), piles, cells) or _nowhere(
            before, card, piles, cells
        ):
            return j
    return None


def _by_suit(cards: tuple[int, ...]) -> list[list[int]]:
    """``avail[suit][rank]``: how many of ``cards`` there are."""
    avail = [[0] * 15 for _ in range(4)]
    for card in cards:
        avail[SUIT[card]][RANK[card]] += 1
    return avail


def _bounds(avail: list[list[int]]) -> list[int]:
    """``ge[r]``: the foundation piles that may reach rank ``r`` when the cards
    counted by ``avail`` are all that may be on them (module doc)."""
    ge = [0] * 15
    for s in range(4):
        for need in (1, 2):
            h = 0
            while h < KING and avail[s][h + 1] >= need:
                h += 1
            for r in range(1, h + 1):
                ge[r] += 1
    return ge


def _by_rank(avail: list[list[int]]) -> list[int]:
    return [sum(avail[s][r] for s in range(4)) for r in range(15)]


@lru_cache(maxsize=65536)
def _no_room_at(out: tuple[int, ...], piles: int, cells: int) -> bool:
    """No arrangement of the cards ``out`` (the cards off the talon) on the
    foundations, ``piles`` chains and ``cells`` cells exists."""
    avail = _by_suit(out)
    return fewest_chains_any(_by_rank(avail), _bounds(avail), cells, piles) > piles


@lru_cache(maxsize=65536)
def _nowhere(before: tuple[int, ...], card: int, piles: int, cells: int) -> bool:
    """Just after ``card`` left the talon, with the cards ``before`` off it
    before, no arrangement has ``card`` on top of a foundation, in a cell or
    uncovered in a chain (module doc, "Exposed")."""
    avail = _by_suit(before)
    suit, rank = SUIT[card], RANK[card]
    if all(avail[suit][r] for r in range(ACE, rank)):
        return False
    counts, ge = _by_rank(avail), _bounds(avail)
    if cells and fewest_chains_any(counts, ge, cells - 1, piles) <= piles:
        return False
    counts[rank] += 1
    return fewest_chains_any(counts, ge, cells, piles, pin=rank) > piles


def fewest_chains_any(
    counts: list[int], ge: list[int], cells: int, bound: int, pin: int = 0
) -> int:
    """The fewest chains that hold the cards counted by rank in ``counts`` once
    the foundations hold some of them (``ge[r]`` foundation piles may reach rank
    ``r``; a pile holds every rank up to its height) and at most ``cells`` more
    are set aside; any answer above ``bound`` may be given as ``bound + 1``.
    ``pin``: a rank one of whose cards must be in a chain with no card on it (0:
    none; module doc, "Exposed")."""
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
                    if rank == pin and not m:
                        continue
                    total = cost + max(0, m - above)
                    if total > bound:
                        continue
                    # the pinned card holds no card of the rank below
                    key = (active + new, used + c, m - 1 if rank == pin else m)
                    if nxt.get(key, bound + 1) > total:
                        nxt[key] = total
        states = nxt
        if not states:
            return bound + 1
    return min(states.values())
