"""The stock pool: the free pool with the stock and the waste kept exact.

Applies where :mod:`free_pool` does and the game has a stock with unlimited
redeals (Gilbert: dealing three at a time). The free pool's games G and G+ give
every stock card at any time; a deal whose tableau they can clear, but whose
stock's order holds a card back, is out of their reach (deal 166: G reaches its
goal after 41 states, the complete search proves the loss after 5.8 million
positions). This game keeps the stock's order.

**The game S.** A state is the tableau, the text of the stock and the waste (the
waste from its bottom, then the stock from its top: :mod:`stock_order`) and the
waste's size ``x``. The pool holds the cards in neither. Moves: those of G+
(:mod:`free_pool`; ``(F)`` now asks every lower card of the suit, or every
higher one, to be in neither the tableau nor the text), and

* (W) a card ``c`` that stock moves can bring to the waste's top - the text's
  card ``q - 1`` for a size ``q`` that stock moves reach from ``x`` (``x, x + k,
  ...`` below the text's length ``N``, then ``N`` and the cycle ``k, 2k, ...``) -
  leaves the text, the waste keeping its ``q - 1`` cards below it: into the pool
  by ``(F)``, onto a pile's top card it builds on (or into an empty pile if it is
  of the empty-pile rank), or onto a chain of pool cards placed there first (the
  macros of :mod:`free_pool`).

The *goal* is a state with no face-down card and an empty text.

**Every line of the game is a line of S.** Map a position to its tableau, text
and waste size. A move between piles is ``(T)``; a tableau card to a foundation is
``(F)`` (the foundation holds every lower card of the suit, or every higher one, so
none of them is in the tableau or the text); a foundation card onto the tableau is
``(P)``; a waste card onto the tableau or a foundation is (W) from ``q = x``; a
deal or redeal only changes ``x`` within the sizes (W) may start from. A won
position has an empty tableau and text. So if S cannot reach the goal, the
position is lost. The proofs of the macros, the normal form and "Dominance" in
:mod:`free_pool` stand: a (W) touches one pile as a ``(T)`` onto it does (a macro
line that places a chain for it keeps it), leaves the other piles and the pool
as they are, and counts with the ``(F)`` moves in "Dominance"'s ``f``; its
candidate ``Z`` has the same text and waste size.

**Waste sizes** (:mod:`stock_order`): two states that differ only by waste sizes
in the cycle share a table entry; a new state is not searched when the table
holds one from whose waste size stock moves alone reach its own. In the
least-counterexample proof of "Dominance" such a state ``D`` reaches the new one
with the same ``(T)``, ``(F)`` and (W) moves still to go and the same tableau, so
it is no greater.

**Blockade** of G (:mod:`free_pool`), on the tableau alone, with the text's cards
taken as pool cards, as G takes them: every line of S is, on the tableau, a line
of G+, so a state whose tableau G+ cannot bring to its goal cannot reach S's goal.

**The check by G+.** For the same reason a new state is not searched when G+,
from its tableau (the text's cards in the pool), cannot turn every face-down card
up within :data:`CHECK` states (a search of its own, once per tableau in G+'s
normal form). Without it
S searches the ways to play the stock beside every tableau G+ would already have
given up: deal 166 is open after 1.4 million states, and with it proved lost
after 23,305 (46,897 states expanded with the checks').

The search is depth-first over normal forms (those of G+, with the text's cards
out of the pool) with a table of them, in :mod:`free_pool`'s order of children,
then the (W) moves by ``q``. ``_gilbert.c`` runs the same search, state for state.
A solve runs it where G+ and G both reach their goal (``phases._free_pool``).
"""

from __future__ import annotations

import time

from patience.cards import Card
from patience.position import Position
from patience.solver.pruning import free_pool, tableau_check
from patience.solver.pruning.free_pool import Outcome, Pile, _cards, _Game
from patience.solver.pruning.stock_order import dominating_sizes, in_cycle

#: The states of each check by G+ (:mod:`tableau_check`).
CHECK = tableau_check.STATES
#: Its share of what the free pool's share has left once G reached its goal (the
#: complete search gets the rest): the losses it proves on the deals the deep
#: budget left undecided take at most 1 s (docs/solver.md, "The stock pool over
#: G+"), while the complete search proves some deals whose S is open (830).
SHARE = 0.5
#: The states of the solver's first look at the stock pool without the check
#: (``phases._free_pool``, right after G+ reached its goal, before G): where the
#: checks find dead tableaux the search would soon leave anyway they only cost.
#: Deal 307: G is still open after 20 s and the stock pool with its checks
#: needs 704,052 states (4.8 s, AMD EPYC), without them 31,142 (0.06 s). Of the
#: 117 deals the deep budget proved lost (raw
#: ``bench/results/winnability-20261207-062103.jsonl``) it proves 35 within
#: 75,000 states, but of the 67 it left undecided only 307 (docs/solver.md, "A
#: first look at the stock pool").
PEEK_NODES = 100_000
#: ... and at most this part of what G+ left of the phase's budget (so that a
#: small budget still leaves G nearly all of it).
PEEK_PART = 0.05
#: The least free-pool share (seconds) it runs in: at the quick budget (0.2 s) the
#: complete search's time wins deals no other phase does, 35 of them at 0.1 s less
#: (docs/solver.md, "The stock pool over G+"). A budget of nodes alone runs it.
FROM = 1.0

Text = tuple[Card, ...]
#: a state: the tableau, the text, the waste's size
State = tuple[tuple[Pile, ...], Text, int]

_CYCLE = 63  # the mask bit of the waste sizes in the cycle (_gilbert.c's waste_bit)


def applies(pos: Position) -> bool:
    """The free pool applies and the game has a stock with unlimited redeals."""
    stock = pos.rules.stock
    return free_pool.applies(pos.rules) and stock is not None and stock.redeal


def _bit(x: int, n: int, k: int) -> int:
    return 1 << _CYCLE if in_cycle(x, n, k) else 1 << x


def _dominators(x: int, n: int, k: int) -> int:
    """The bits of the waste sizes from which stock moves alone reach ``x``."""
    return sum(1 << d for d in dominating_sizes(x, n, k))


def reach(x: int, n: int, k: int) -> list[int]:
    """The waste sizes ``q >= 1`` that stock moves reach from ``x`` (of ``n``
    cards), in order."""
    sizes = set(range(x, n, k)) if not in_cycle(x, n, k) else set()
    sizes.update(range(k, n, k))
    sizes.add(n)
    return sorted(q for q in sizes if q >= 1)


class _Search:
    """One search of S (module doc)."""

    def __init__(self, pos: Position, max_nodes: int | None, check: int) -> None:
        stock = pos.rules.stock
        assert stock is not None
        self.k = stock.deal_count
        self.game = _Game(pos.rules, cleared=True)
        self.check = tableau_check.Check(pos.rules, check) if check else None
        self.seen: dict[tuple[tuple[Pile, ...], Text], int] = {}
        self.positions = 0
        self.max_nodes = max_nodes
        self.nodes = 0  # states expanded, without the checks'

    @property
    def check_nodes(self) -> int:
        return self.check.nodes if self.check else 0

    def insert(self, state: State) -> bool:
        """Enter ``state`` (in normal form) in the table: False when it or a state
        whose waste size reaches its own is there."""
        piles, text, x = state
        key = (tuple(sorted(piles)), text)
        n = len(text)
        bit = _bit(x, n, self.k)
        mask = self.seen.get(key, 0)
        if mask & (bit | _dominators(x, n, self.k)):
            return False
        self.seen[key] = mask | bit
        self.positions += 1
        return True

    def dominated(self, state: State, touched: tuple[int, ...]) -> bool:
        """free_pool's "Dominance", with the same text and waste size."""
        piles, text, x = state
        n = len(text)
        want = _bit(x, n, self.k) | _dominators(x, n, self.k)
        cards = _cards(piles) | set(text)
        for i in touched:
            down, up = piles[i]
            blocking = set(cards)
            k = len(up)
            while k and self.game._put_back(down, up, k):
                k -= 1
                blocking.discard(up[k])
                less = self.game.normal(free_pool._with(piles, i, down, up[:k]), set(blocking))
                if self.seen.get((tuple(sorted(less)), text), 0) & want:
                    return True
        return False

    def is_dead(self, piles: tuple[Pile, ...]) -> bool:
        """The check by G+ of this tableau (:mod:`tableau_check`); the checks
        count in the search's bound, each gets at most what is left of it."""
        assert self.check is not None
        left = None if self.max_nodes is None else self.max_nodes - self.nodes - self.check_nodes
        return self.check.piles_dead(piles, left)

    def children(self, state: State) -> list[tuple[list[Pile], Text, int, tuple[int, ...]]]:
        """The children in ``_gilbert.c``'s order: G+'s, then the (W) moves."""
        piles, text, x = state
        blocking = _cards(piles) | set(text)
        kids = [(kid, text, x, touched) for kid, touched in self.game.children(piles, blocking)]
        n = len(text)
        for q in reach(x, n, self.k):
            c = text[q - 1]
            rest = text[: q - 1] + text[q:]
            without = blocking - {c}
            if self.game.to_pool(c, without):
                kids.append((list(piles), rest, q - 1, ()))
            for j, chain in self.game.targets(piles, without, c, -1):
                kid = list(piles)
                down, up = piles[j]
                kid[j] = (down, up + chain + (c,))
                kids.append((kid, rest, q - 1, (j,)))
        return kids

    def admit(self, state: State, touched: tuple[int, ...]) -> bool:
        """Enter a new normal form; True if it is to be searched."""
        if not self.insert(state):
            return False
        if self.dominated(state, touched) or self.game.blocked(state[0]):
            return False
        return not (self.check is not None and self.is_dead(state[0]))

    def normal(self, piles: list[Pile], text: Text) -> tuple[Pile, ...]:
        return tuple(self.game.normal(piles, _cards(piles) | set(text)))


def search(
    pos: Position,
    max_nodes: int | None,
    max_table: int = free_pool.MAX_STATES,
    deadline: float | None = None,
    *,
    check: int = CHECK,
) -> Outcome:
    """Search S from ``pos`` (module doc): lost True when it proves ``pos`` lost,
    False when it reached the goal, None after ``max_nodes`` states (the checks'
    count too: the search and its checks together never expand more), once its
    table holds more than ``max_table`` or at ``deadline``
    (``time.perf_counter``), without either. ``check``: the states of each check
    by G+ (0: no check)."""
    assert applies(pos)
    layout = pos.layout
    s = _Search(pos, max_nodes, check)
    text = tuple(pos.piles[layout.waste]) + tuple(reversed(pos.piles[layout.stock]))
    root: State = (
        s.normal(free_pool.tableau_of(pos), text),
        text,
        len(pos.piles[layout.waste]),
    )
    stack = [root] if s.admit(root, ()) else []

    def out(lost: bool | None) -> Outcome:
        return Outcome(lost, s.nodes + s.check_nodes, s.positions)

    while stack:
        state = stack.pop()
        s.nodes += 1
        if max_nodes is not None and s.nodes + s.check_nodes > max_nodes:
            return Outcome(None, max_nodes, s.positions)
        if len(s.seen) > max_table:
            return out(None)
        if deadline is not None and time.perf_counter() >= deadline:
            return out(None)
        if not state[1] and not any(down for down, _ in state[0]):
            return out(False)
        for kid, text, x, touched in s.children(state):
            child: State = (s.normal(kid, text), text, x)
            if s.admit(child, touched):
                stack.append(child)
    return out(True)
