"""Position: the piles of a game in play, its legal moves and its undo stack.

>>> from patience import Position
>>> pos = Position.deal("bisley", 1)
>>> move = next(iter(pos.legal_moves))
>>> pos.push(move)
>>> pos.pop() == move
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from patience.cards import SUIT, Card
from patience.errors import IllegalMoveError
from patience.movegen import generate_moves, tables_of
from patience.piles import Layout, layout_of
from patience.rules import GameRules, Kind, Unit


class Move(NamedTuple):
    """``n`` cards from pile ``src`` to pile ``dst`` (indices into ``piles``).

    A stock deal is ``Move(stock, waste, n)``; a redeal is ``Move(waste, stock, n)``.
    """

    src: int
    dst: int
    n: int = 1


class Position:
    """A position of one game: ``piles`` (each a list of cards, base first, top
    last), ``hidden`` (how many cards at the base of each tableau pile are face
    down) and the stack of moves pushed so far.

    ``push`` does not check legality (it is the fast path the solver uses); ``play``
    does. ``pop`` undoes the last push exactly, face-down cards included.
    """

    __slots__ = ("_builds", "_stack", "hidden", "layout", "piles", "rules")

    def __init__(
        self,
        rules: GameRules,
        piles: Sequence[Sequence[Card]],
        hidden: Sequence[int] | None = None,
        *,
        validate: bool = True,
    ) -> None:
        self.rules = rules
        self.layout: Layout = layout_of(rules)
        self.piles: list[list[Card]] = [list(p) for p in piles]
        self.hidden: list[int] = list(hidden) if hidden is not None else [0] * len(self.piles)
        self._stack: list[tuple[Move, bool]] = []
        self._builds = tables_of(rules).builds
        if validate:
            from patience.validate import check_position

            check_position(self)

    # ----------------------------------------------------------------- creation
    @classmethod
    def deal(cls, game: str | GameRules, number: int) -> Position:
        """The start position of deal ``number`` of ``game`` (an id or rules).

        >>> len(Position.deal("bisley", 1).piles)
        21
        """
        from patience.deal import deal_piles
        from patience.games import get_game

        rules = get_game(game) if isinstance(game, str) else game
        piles, hidden = deal_piles(rules, number)
        return cls(rules, piles, hidden, validate=False)

    def copy(self, *, stack: bool = True) -> Position:
        """An independent copy (with the move stack unless ``stack=False``)."""
        new = Position.__new__(Position)
        new.rules = self.rules
        new.layout = self.layout
        new._builds = self._builds
        new.piles = [p[:] for p in self.piles]
        new.hidden = self.hidden[:]
        new._stack = self._stack[:] if stack else []
        return new

    def root(self) -> Position:
        """A copy of the position before the first move on the stack."""
        pos = self.copy()
        while pos._stack:
            pos.pop()
        return pos

    # ------------------------------------------------------------ properties
    @property
    def legal_moves(self) -> LegalMoves:
        """A lazy view of the legal moves: iterate it, count it, test ``in``."""
        return LegalMoves(self)

    @property
    def move_stack(self) -> list[Move]:
        """The moves pushed so far, first move first."""
        return [m for m, _ in self._stack]

    def is_won(self) -> bool:
        """True when every card is on a foundation."""
        piles = self.piles
        return sum(len(piles[f]) for f in self.layout.foundations) == self.rules.card_count

    def is_stuck(self) -> bool:
        """True when the game can make no more progress (RULES.md, per game).

        No legal move at all; or, with a stock, no move but dealing and redealing
        and a whole pass through the stock turns up no card that can be played.
        A won game is not stuck.
        """
        from patience.play import is_stuck

        return is_stuck(self)

    def hidden_count(self) -> int:
        """Number of face-down tableau cards (talon and stock not counted)."""
        return sum(self.hidden)

    # ------------------------------------------------------------ keys
    def key(self) -> bytes:
        """Exact key: equal keys mean equal piles and equal face-down counts."""
        out = bytearray()
        for pile, down in zip(self.piles, self.hidden, strict=True):
            out.append(128 + down)
            out += bytes(pile)
        return bytes(out)

    def canonical_key(self) -> bytes:
        """Key equal for positions that differ only by the order of
        interchangeable piles (tableau piles, cells, foundations of no fixed suit).
        Such positions have the same future: the rules do not depend on a pile's
        place within these groups.
        """
        parts = [bytes((128 + d, *p)) for p, d in zip(self.piles, self.hidden, strict=True)]
        for group in self.layout.symmetric:
            ordered = sorted(parts[i] for i in group)
            for i, part in zip(group, ordered, strict=True):
                parts[i] = part
        return b"".join(parts)

    def __eq__(self, other: object) -> bool:
        """Same game, same piles, same face-down counts (the move stack is not
        compared). Positions change, so they are not hashable: use ``key()``."""
        if not isinstance(other, Position):
            return NotImplemented
        return self.rules.id == other.rules.id and self.key() == other.key()

    def __repr__(self) -> str:
        from patience.notation import format_position

        return f"<Position {self.rules.id}\n{format_position(self)}>"

    # ------------------------------------------------------------ moves
    def is_stock_move(self, move: Move) -> bool:
        """True for a deal (stock to waste) or a redeal (waste to stock)."""
        kinds = self.layout.kinds
        return kinds[move.src] is Kind.STOCK or kinds[move.dst] is Kind.STOCK

    def push(self, move: Move) -> None:
        """Make ``move`` without checking it (see :meth:`play`)."""
        src, dst, n = move
        piles = self.piles
        source = piles[src]
        kinds = self.layout.kinds
        if kinds[src] is Kind.STOCK or kinds[dst] is Kind.STOCK:  # is_stock_move, inlined
            # dealing and redealing turn the cards over: their order reverses
            moved = source[-n:]
            moved.reverse()
            del source[-n:]
            piles[dst] += moved
        else:
            piles[dst] += source[-n:]
            del source[-n:]
        flipped = False
        down = self.hidden[src]
        if down and len(source) == down:
            self.hidden[src] = down - 1
            flipped = True
        self._stack.append((move, flipped))

    def pop(self) -> Move:
        """Undo the last move and return it. Raises ``IndexError`` when none."""
        move, flipped = self._stack.pop()
        src, dst, n = move
        if flipped:
            self.hidden[src] += 1
        piles = self.piles
        dest = piles[dst]
        moved = dest[-n:]
        del dest[-n:]
        if self.is_stock_move(move):
            moved.reverse()
        piles[src] += moved
        return move

    def play(self, move: Move) -> None:
        """Make ``move`` after checking that it is legal.

        Raises :class:`~patience.errors.IllegalMoveError` naming the move.
        """
        if not self.is_legal(move):
            from patience.notation import format_move

            raise IllegalMoveError(f"illegal move {format_move(self, move)!r} in this position")
        self.push(move)

    def is_legal(self, move: object) -> bool:
        """True when ``move`` is one of the legal moves."""
        if not isinstance(move, tuple) or len(move) != 3:
            return False
        src, dst, _n = move
        count = len(self.piles)
        if not all(type(v) is int for v in move) or not (0 <= src < count and 0 <= dst < count):
            return False
        return move in generate_moves(self)

    def generate(self) -> Iterator[Move]:
        """Every legal move, grouped by source pile in pile order."""
        return iter(generate_moves(self))

    # ------------------------------------------------------------ generation
    def movable_count(self, pile: int) -> int:
        """How many cards at the top of tableau pile ``pile`` form a unit that
        the rules let move together (0 for an empty pile)."""
        cards = self.piles[pile]
        if not cards:
            return 0
        unit = self.rules.tableau.unit
        if unit is Unit.SINGLE:
            return 1
        builds = self._builds
        same_suit = unit is Unit.SAME_SUIT_RUN
        low = self.hidden[pile]
        n = 1
        i = len(cards) - 1
        while i > low:
            below, above = cards[i - 1], cards[i]
            if not builds[below * 52 + above] or (same_suit and SUIT[below] != SUIT[above]):
                break
            n += 1
            i -= 1
        return n


class LegalMoves:
    """Lazy view of a position's legal moves (like python-chess's)."""

    __slots__ = ("position",)

    def __init__(self, position: Position) -> None:
        self.position = position

    def __iter__(self) -> Iterator[Move]:
        return self.position.generate()

    def __contains__(self, move: object) -> bool:
        return self.position.is_legal(move)

    def __len__(self) -> int:
        return len(generate_moves(self.position))

    def count(self) -> int:
        return len(self)

    def __bool__(self) -> bool:
        return bool(generate_moves(self.position))

    def __repr__(self) -> str:
        from patience.notation import format_move

        moves = ", ".join(format_move(self.position, m) for m in self)
        return f"<LegalMoves ({moves})>"
