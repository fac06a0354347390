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

import pytest

from patience import Move, Position, format_card
from poskit import complete, move


class Kit:
    """Builders and small readers used by every rule test."""

    def pos(self, game: str, text: str, park: str | None = "default") -> Position:
        return complete(game, text, park)

    @staticmethod
    def mv(pos: Position, text: str) -> Move:
        """The move ``SRC-DST`` or ``SRC-DSTxN``, *not* checked for legality."""
        return move(pos, text)

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
