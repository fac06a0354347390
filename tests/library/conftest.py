"""Shared fixture of the rule tests: ``kit``, a builder of small crafted positions.

``kit.pos(game, text)`` takes labelled pile lines (``F1: AC 2C``, ``3: 4C 9D | 5H``,
``T: ...``) naming only the cards a test cares about and completes the position:

* every foundation not named in ``text`` is filled, in pile order, with the longest
  legal run of the missing cards (Bisley/Gilbert: each ace or up foundation from
  the Ace up, then each king or down foundation from the King down; Big Apple: each
  empty foundation takes the next suit whose Ace is missing, from the Ace up);
* cards still missing after that are parked at the base of pile ``park`` (Big Apple:
  the talon, under the cards ``text`` gives it; Gilbert: the stock; Bisley: none
  unless asked). Parked cards in a Gilbert tableau pile lie face down.

A foundation line with no cards (``F5:``) keeps that foundation empty.
The position goes through :func:`patience.parse_position`, so it is validated.
"""

from __future__ import annotations

from collections import Counter

import pytest

from patience import Move, Position, format_card, get_game, parse_card, parse_position
from patience.cards import make_card
from patience.piles import ANY_SUIT, layout_of

_DEFAULT_PARK = {"bisley": None, "big-apple": "T", "gilbert": "S"}


class Kit:
    """Builders and small readers used by every rule test."""

    def pos(self, game: str, text: str, park: str | None = "default") -> Position:
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

    @staticmethod
    def mv(pos: Position, text: str) -> Move:
        """The move ``SRC-DST`` or ``SRC-DSTxN``, *not* checked for legality."""
        src_dst, _, count = text.partition("x")
        src, dst = src_dst.split("-")
        by_label = pos.layout.by_label
        return Move(by_label[src.strip().upper()], by_label[dst.strip().upper()], int(count or 1))

    def legal(self, pos: Position, text: str) -> bool:
        """Whether the move ``text`` (as :meth:`mv` reads it) is legal in ``pos``."""
        move = self.mv(pos, text)
        in_list = move in list(pos.legal_moves)
        assert in_list == (move in pos.legal_moves), "`in` and iteration disagree"
        return in_list

    @staticmethod
    def cards(pos: Position, label: str) -> list[str]:
        """The cards of pile ``label``, base first, as text."""
        return [format_card(c) for c in pos.piles[pos.layout.by_label[label]]]

    @staticmethod
    def hidden(pos: Position, label: str) -> int:
        return pos.hidden[pos.layout.by_label[label]]

    @staticmethod
    def moves_text(pos: Position) -> set[str]:
        """Every legal move as ``SRC-DST`` with ``xN`` for N > 1 (stock moves too)."""
        labels = pos.layout.labels
        return {
            f"{labels[m.src]}-{labels[m.dst]}" + (f"x{m.n}" if m.n > 1 else "")
            for m in pos.legal_moves
        }

    @staticmethod
    def label(pos: Position, pile: int) -> str:
        return pos.layout.labels[pile]


@pytest.fixture
def kit() -> Kit:
    return Kit()
