"""An independent rule oracle, written from /work/shared/RULES.md and nothing else.

It decides whether one move ``(src, dst, n)`` (pile indices, ``n`` cards) is legal
in a position, for each game, reading only the pile contents and the face-down
counts. It does not use the library's move generator, its rule record
(``GameRules``), its build tables or its ``Layout``: the piles of each game are
named here by hand, in the order the text notation lists them (a test checks that
order against ``format_position``), and a card is decoded from its documented
integer form ``suit * 13 + rank - 1`` (suits C, D, H, S).

Move conventions of the library that are representation, not rules: a stock deal
is ``(S, W, k)`` with ``k`` the number of cards dealt, a redeal is ``(W, S, k)``
with ``k`` the whole waste, and a tableau run of ``n`` cards is ``(src, dst, n)``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "CDHS"


def rank(card: int) -> int:
    """1 (Ace) .. 13 (King)."""
    return card % 13 + 1


def suit(card: int) -> int:
    """0..3 = clubs, diamonds, hearts, spades."""
    return card // 13


def red(card: int) -> bool:
    return suit(card) in (1, 2)


def text(card: int) -> str:
    return RANK_CHARS[rank(card) - 1] + SUIT_CHARS[suit(card)]


def _f(count: int) -> list[str]:
    return [f"F{i}" for i in range(1, count + 1)]


#: Pile labels of each game, in pile order (foundations, cells, tableau, talon or
#: stock and waste), as RULES.md describes the layouts.
LABELS: dict[str, tuple[str, ...]] = {
    # 4 ace foundations (clubs, diamonds, hearts, spades), 4 king foundations
    # (same suit order), 13 columns.
    "bisley": tuple(_f(8) + [str(i) for i in range(1, 14)]),
    # 8 foundations, 3 cells, 8 tableau piles, the talon.
    "big-apple": tuple(_f(8) + ["C1", "C2", "C3"] + [str(i) for i in range(1, 9)] + ["T"]),
    # 4 up foundations (C, D, H, S), 4 down foundations (C, D, H, S), 7 columns,
    # stock, waste.
    "gilbert": tuple(_f(8) + [str(i) for i in range(1, 8)] + ["S", "W"]),
}

DECKS = {"bisley": 1, "big-apple": 2, "gilbert": 1}


def _is_tableau(label: str) -> bool:
    return label.isdigit()


def _is_foundation(label: str) -> bool:
    return label.startswith("F")


def _is_cell(label: str) -> bool:
    return label.startswith("C")


def _fits_suited_foundation(label: str, pile: Sequence[int], card: int) -> bool:
    """Bisley and Gilbert: F1-F4 build up from the Ace of clubs, diamonds, hearts,
    spades; F5-F8 build down from the King of the same suits."""
    number = int(label[1:])
    up = number <= 4
    own_suit = (number - 1) % 4
    if suit(card) != own_suit:
        return False
    if not pile:
        return rank(card) == (1 if up else 13)
    top = pile[-1]
    return suit(top) == own_suit and rank(card) == rank(top) + (1 if up else -1)


# ----------------------------------------------------------------- Bisley
def bisley_legal(p: dict[str, list[int]], src: str, dst: str, n: int) -> bool:
    """Only a column's top card moves, one card per move: to a foundation of its
    suit where it fits, or onto another non-empty column's top card of the same
    suit whose rank is one higher or one lower. Foundation cards never move; an
    empty column stays empty."""
    if n != 1 or src == dst or not _is_tableau(src) or not p[src]:
        return False
    card = p[src][-1]
    if _is_foundation(dst):
        return _fits_suited_foundation(dst, p[dst], card)
    if _is_tableau(dst):
        if not p[dst]:
            return False
        top = p[dst][-1]
        return suit(top) == suit(card) and abs(rank(top) - rank(card)) == 1
    return False


# ----------------------------------------------------------------- Big Apple
def _big_apple_foundation_fits(pile: Sequence[int], card: int) -> bool:
    if not pile:
        return rank(card) == 1
    top = pile[-1]
    return len(pile) < 13 and suit(top) == suit(card) and rank(card) == rank(top) + 1


def big_apple_legal(p: dict[str, list[int]], src: str, dst: str, n: int) -> bool:
    """Foundations: any Ace starts one, then up in suit; the top card may go back
    onto a tableau pile that takes it. Cells hold one card; tableau tops and the
    talon top may go into an empty cell; a cell's card goes to a foundation, onto
    a tableau pile or into an empty tableau pile. Tableau builds down by one in any
    suit; a run moves as a group only if its cards share one suit; an empty pile
    is filled only from the talon or a cell. The talon's top card goes to the
    tableau (empty piles too), an empty cell or a foundation."""
    pile = p[src]
    if src == dst or n < 1 or n > len(pile) or dst == "T":
        return False
    if n > 1:
        if not (_is_tableau(src) and _is_tableau(dst) and p[dst]):
            return False
        run = pile[-n:]
        for below, above in itertools.pairwise(run):
            if suit(above) != suit(below) or rank(above) != rank(below) - 1:
                return False
    head = pile[-n]
    if _is_foundation(dst):
        return not _is_foundation(src) and _big_apple_foundation_fits(p[dst], head)
    if _is_cell(dst):
        return (_is_tableau(src) or src == "T") and not p[dst]
    # dst is a tableau pile
    if not p[dst]:
        return src == "T" or _is_cell(src)
    return rank(p[dst][-1]) == rank(head) + 1


# ----------------------------------------------------------------- Gilbert
def _gilbert_tableau_takes(pile: Sequence[int], head: int) -> bool:
    if not pile:
        return rank(head) == 7
    top = pile[-1]
    return rank(top) == rank(head) + 1 and red(top) != red(head)


def gilbert_legal(
    p: dict[str, list[int]], down: dict[str, int], src: str, dst: str, n: int
) -> bool:
    """Stock deals three (or fewer) onto the waste; an empty stock takes the whole
    waste back (unlimited redeals). The waste's top card and a foundation's top
    card go onto a column that takes them; the waste's top card and a column's top
    card go to a foundation where they fit. Columns build down by one in
    alternating colours; any face-up ordered run moves as a unit; an empty column
    takes only a Seven or a run headed by a Seven."""
    pile = p[src]
    if src == dst or n < 1 or n > len(pile):
        return False
    if src == "S":
        return dst == "W" and n == min(3, len(pile))
    if dst == "S":
        return src == "W" and not p["S"] and n == len(pile)
    if dst == "W":
        return False
    if n > 1:
        if not (_is_tableau(src) and _is_tableau(dst)) or n > len(pile) - down[src]:
            return False
        run = pile[-n:]
        for below, above in itertools.pairwise(run):
            if rank(above) != rank(below) - 1 or red(above) == red(below):
                return False
    head = pile[-n]
    if _is_foundation(dst):
        from_ok = src == "W" or _is_tableau(src)
        return from_ok and _fits_suited_foundation(dst, p[dst], head)
    # dst is a column
    return _gilbert_tableau_takes(p[dst], head)


# ----------------------------------------------------------------- all games
def piles_by_label(game: str, piles: Sequence[Sequence[int]]) -> dict[str, list[int]]:
    labels = LABELS[game]
    if len(labels) != len(piles):
        raise AssertionError(f"{game}: oracle knows {len(labels)} piles, position has {len(piles)}")
    return {label: list(pile) for label, pile in zip(labels, piles, strict=True)}


def is_legal(
    game: str, piles: Sequence[Sequence[int]], hidden: Sequence[int], move: tuple[int, int, int]
) -> bool:
    """Whether RULES.md allows ``move`` = (src index, dst index, n cards)."""
    labels = LABELS[game]
    src, dst, n = move
    p = piles_by_label(game, piles)
    down = dict(zip(labels, hidden, strict=True))
    return _legal(game, p, down, labels[src], labels[dst], n)


def _legal(
    game: str, p: dict[str, list[int]], down: dict[str, int], s: str, d: str, n: int
) -> bool:
    if game == "bisley":
        return bisley_legal(p, s, d, n)
    if game == "big-apple":
        return big_apple_legal(p, s, d, n)
    if game == "gilbert":
        return gilbert_legal(p, down, s, d, n)
    raise AssertionError(f"oracle does not know {game!r}")


def legal_moves(
    game: str, piles: Sequence[Sequence[int]], hidden: Sequence[int]
) -> set[tuple[int, int, int]]:
    """Every (src, dst, n) the oracle accepts: all pile pairs, all n from 1 to the
    source pile's size."""
    labels = LABELS[game]
    p = piles_by_label(game, piles)
    down = dict(zip(labels, hidden, strict=True))
    out = set()
    for i, s in enumerate(labels):
        for j, d in enumerate(labels):
            for n in range(1, len(p[s]) + 1):
                if _legal(game, p, down, s, d, n):
                    out.add((i, j, n))
    return out


def card_counts_ok(game: str, piles: Sequence[Sequence[int]]) -> bool:
    """Every card of the game's decks present exactly ``decks`` times."""
    seen = [0] * 52
    for pile in piles:
        for card in pile:
            seen[card] += 1
    return seen == [DECKS[game]] * 52


def apply(
    game: str, piles: Sequence[Sequence[int]], hidden: Sequence[int], move: tuple[int, int, int]
) -> tuple[list[list[int]], list[int]]:
    """Piles and face-down counts after ``move``: the top ``n`` cards of the source
    go onto the destination in the same order, except that dealing from the stock
    (one card after the other onto the waste) and turning the waste back over
    reverse their order; a column whose face-up cards are all gone turns its new
    top card face up."""
    labels = LABELS[game]
    src, dst, n = move
    new = [list(p) for p in piles]
    down = list(hidden)
    moved = new[src][len(new[src]) - n :]
    del new[src][len(new[src]) - n :]
    if "S" in (labels[src], labels[dst]):
        moved.reverse()
    new[dst] += moved
    if down[src] and down[src] == len(new[src]):
        down[src] -= 1
    return new, down
