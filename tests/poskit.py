"""Building crafted positions for tests (shared by tests/library, tests/solver and
the site's tests).

``complete(game, text)`` takes labelled pile lines that name only the cards that
matter and fills in the rest: every foundation not named gets, in pile order, the
longest legal run of the missing cards (Bisley/Gilbert: each up foundation from the
Ace, then each down foundation from the King; Big Apple: each empty foundation takes
the next suit whose Ace is missing); cards still missing go to the base of pile
``park`` (default: Big Apple the talon, Gilbert the stock, Bisley none). A foundation
line with no cards (``F5:``) keeps that foundation empty.
"""

from __future__ import annotations

from collections import Counter

from patience import Move, Position, format_card, format_move, get_game, parse_card, parse_position
from patience.cards import make_card
from patience.piles import ANY_SUIT, layout_of
from patience.solver import Limit, Verdict, solve

_DEFAULT_PARK = {"bisley": None, "big-apple": "T", "gilbert": "S"}


def complete(game: str, text: str, park: str | None = "default") -> Position:
    rules = get_game(game)
    layout = layout_of(rules)
    given: dict[str, tuple[list[int], int]] = {}
    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, sep, rest = line.partition(":")
        label = head.strip().upper()
        assert sep, f"not a labelled pile line: {line!r}"
        if label == "GAME":
            continue
        assert label in layout.by_label, f"{rules.name} has no pile {label!r}"
        tokens = rest.split()
        down = tokens.index("|") if "|" in tokens else 0
        given[label] = ([parse_card(t) for t in tokens if t != "|"], down)

    present = Counter(c for cards, _ in given.values() for c in cards)
    missing = Counter({c: rules.decks - present[c] for c in range(52)})
    assert all(v >= 0 for v in missing.values()), "a card is given too often"
    piles: dict[str, tuple[list[int], int]] = dict(given)
    for f in layout.foundations:
        label = layout.labels[f]
        if label in given:
            continue
        base, step, suit = layout.found_base[f], layout.found_step[f], layout.found_suit[f]
        if suit == ANY_SUIT:
            suits = [s for s in range(4) if missing[make_card(base, s)] > 0]
            if not suits:
                continue
            suit = suits[0]
        chain = []
        rank = base
        while 1 <= rank <= 13 and missing[make_card(rank, suit)] > 0:
            card = make_card(rank, suit)
            chain.append(card)
            missing[card] -= 1
            rank += step
        piles[label] = (chain, 0)

    left = sorted(missing.elements())
    if left:
        if park == "default":
            park = _DEFAULT_PARK[rules.id]
        if park is None:
            names = " ".join(format_card(c) for c in left)
            raise AssertionError(f"cards {names} fit no foundation; name them or park them")
        cards, down = piles.get(park, ([], 0))
        hides = rules.tableau.face_up is not None and park in {
            layout.labels[t] for t in layout.tableau
        }
        piles[park] = (left + cards, down + len(left) if hides else down)

    lines = [f"Game: {rules.id}"]
    for label in layout.labels:
        cards, down = piles.get(label, ([], 0))
        tokens = [format_card(c) for c in cards]
        if down:
            tokens.insert(down, "|")
        lines.append(f"{label}: {' '.join(tokens)}")
    return parse_position("\n".join(lines))


def move(pos: Position, text: str) -> Move:
    """The move ``SRC-DST`` or ``SRC-DSTxN``, *not* checked for legality."""
    src_dst, _, count = text.partition("x")
    src, dst = src_dst.split("-")
    by_label = pos.layout.by_label
    return Move(by_label[src.strip().upper()], by_label[dst.strip().upper()], int(count or 1))


def losing_first_move(nodes: int, deals: range = range(1, 40)) -> tuple[int, str]:
    """A Bisley deal that a search of ``nodes`` proves winnable, and a first move
    after which such a search proves it lost (in notation)."""
    limit = Limit(nodes=nodes)
    for deal in deals:
        pos = Position.deal("bisley", deal)
        if solve(pos, limit).verdict is not Verdict.WINNABLE:
            continue
        for first in list(pos.legal_moves):
            pos.push(first)
            lost = solve(pos, limit).verdict is Verdict.LOST
            pos.pop()
            if lost:
                return deal, format_move(pos, first)
    raise AssertionError("no deal with a losing first move")
