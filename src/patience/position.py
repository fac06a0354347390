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

from patience.cards import RANK, SUIT, Card
from patience.errors import IllegalMoveError
from patience.piles import ANY_SUIT, Layout, layout_of
from patience.rules import Build, Direction, GameRules, Kind, Unit


class Move(NamedTuple):
    """``n`` cards from pile ``src`` to pile ``dst`` (indices into ``piles``).

    A stock deal is ``Move(stock, waste, n)``; a redeal is ``Move(waste, stock, n)``.
    """

    src: int
    dst: int
    n: int = 1


def _build_table(rules: GameRules) -> bytes:
    """``table[below * 52 + above]`` is 1 when ``above`` may be built on ``below``."""
    tab = rules.tableau
    out = bytearray(52 * 52)
    for below in range(52):
        for above in range(52):
            step = RANK[above] - RANK[below]
            if tab.direction is Direction.UP_OR_DOWN:
                rank_ok = step in (1, -1)
            else:
                rank_ok = step == tab.direction.value
            if tab.build is Build.SAME_SUIT:
                suit_ok = SUIT[above] == SUIT[below]
            elif tab.build is Build.ALTERNATE_COLOUR:
                suit_ok = (SUIT[above] in (1, 2)) != (SUIT[below] in (1, 2))
            else:
                suit_ok = True
            out[below * 52 + above] = rank_ok and suit_ok
    return bytes(out)


_BUILD_TABLES: dict[str, bytes] = {}


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
        builds = _BUILD_TABLES.get(rules.id)
        if builds is None:
            builds = _BUILD_TABLES[rules.id] = _build_table(rules)
        self._builds = builds
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
        if not isinstance(other, Position):
            return NotImplemented
        return self.rules.id == other.rules.id and self.key() == other.key()

    def __hash__(self) -> int:
        return hash((self.rules.id, self.key()))

    def __repr__(self) -> str:
        from patience.notation import format_position

        return f"<Position {self.rules.id}\n{format_position(self)}>"

    # ------------------------------------------------------------ moves
    def push(self, move: Move) -> None:
        """Make ``move`` without checking it (see :meth:`play`)."""
        src, dst, n = move
        piles = self.piles
        source = piles[src]
        kinds = self.layout.kinds
        if kinds[src] is Kind.STOCK or kinds[dst] is Kind.STOCK:
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
        if Kind.STOCK in (self.layout.kinds[src], self.layout.kinds[dst]):
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
        return any(m == move for m in self._moves_from(src))

    def generate(self) -> Iterator[Move]:
        """Every legal move, grouped by source pile in pile order."""
        for src in range(len(self.piles)):
            yield from self._moves_from(src)

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

    def _foundation_targets(self, card: Card) -> Iterator[int]:
        layout = self.layout
        piles = self.piles
        for f in layout.foundations:
            pile = piles[f]
            if pile:
                top = pile[-1]
                if SUIT[top] == SUIT[card] and RANK[card] == RANK[top] + layout.found_step[f]:
                    yield f
            elif RANK[card] == layout.found_base[f] and layout.found_suit[f] in (
                ANY_SUIT,
                SUIT[card],
            ):
                yield f

    def _tableau_targets(self, src: int, card: Card, kind: Kind) -> Iterator[int]:
        builds = self._builds
        base = card
        tab = self.rules.tableau
        empty_ok = kind in tab.empty_from and (tab.empty_rank in (None, RANK[card]))
        piles = self.piles
        for t in self.layout.tableau:
            if t == src:
                continue
            pile = piles[t]
            if pile:
                if builds[pile[-1] * 52 + base]:
                    yield t
            elif empty_ok:
                yield t

    def _moves_from(self, src: int) -> Iterator[Move]:
        layout = self.layout
        kind = layout.kinds[src]
        pile = self.piles[src]
        if kind is Kind.STOCK:
            stock = self.rules.stock
            if pile and stock is not None:
                yield Move(src, layout.waste, min(stock.deal_count, len(pile)))
            return
        if kind is Kind.WASTE and not self.piles[layout.stock] and pile:
            stock = self.rules.stock
            if stock is not None and stock.redeal:
                yield Move(src, layout.stock, len(pile))
        if not pile:
            return
        card = pile[-1]
        if kind is Kind.FOUNDATION:
            if layout.play_back[src]:
                for t in self._tableau_targets(src, card, kind):
                    yield Move(src, t)
            return
        for f in self._foundation_targets(card):
            yield Move(src, f)
        if kind is Kind.TABLEAU:
            n = self.movable_count(src)
            for k in range(1, n + 1):
                for t in self._tableau_targets(src, pile[-k], kind):
                    yield Move(src, t, k)
        else:
            for t in self._tableau_targets(src, card, kind):
                yield Move(src, t)
        if kind is not Kind.CELL:
            for c in layout.cells:
                if not self.piles[c]:
                    yield Move(src, c)


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
        return sum(1 for _ in self.position.generate())

    def count(self) -> int:
        return len(self)

    def __bool__(self) -> bool:
        return any(True for _ in self.position.generate())

    def __repr__(self) -> str:
        from patience.notation import format_move

        moves = ", ".join(format_move(self.position, m) for m in self)
        return f"<LegalMoves ({moves})>"
