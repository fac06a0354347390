"""The free pool: a relaxed game whose dead end proves a position lost.

Applies to games like Gilbert: one deck; foundations per suit that build up from
the Ace and/or down from the King; a tableau that builds down in alternating
colours, where any face-up ordered run moves as a unit, an empty pile takes only a
run headed by one rank (Gilbert: a Seven), and a face-down card turns up as soon as
it is the top card; no cells. The stock, the waste and the foundations may be
anything: the relaxation forgets them.

**The relaxed game G.** A state is the tableau alone (each pile's face-down and
face-up cards). Every card not in the tableau is in the *pool*. Moves:

* (T) a tableau move exactly as in the game: a run onto a card one rank higher of
  the other colour, or a run headed by the empty-pile rank into an empty pile;
* (F) a pile's top card ``x`` into the pool, when every lower card of ``x``'s suit
  (a suit with an up foundation) or every higher one (a down foundation) is in the
  pool;
* (P) a pool card onto a pile's top card it builds on, or a pool card of the
  empty-pile rank into an empty pile.

A move uncovering a face-down card turns it up. The *goal* is a state with no
face-down card.

**Every line of the game is a line of G.** Map a position to its tableau. A move
between tableau piles is (T); a tableau card to a foundation is (F) (the
foundation holds every lower card of the suit, or every higher one, so none of
them is in the tableau); a waste or foundation card onto the tableau is (P) (it
is not in the tableau); every other move (stock, waste to foundation) leaves the
tableau as it is. A won position has an empty tableau. So if G cannot reach the
goal from a position's tableau, the position is **lost**.

**Macros (P...P T).** Take any line of G to the goal; we rewrite it so that every
(P) is followed by another (P) onto the card it placed or by a (T) move onto it.
For a (P) placing ``y`` on pile ``A``, let ``m`` be the first later move touching
``A``. If there is none, drop the (P): ``y`` stays in the pool, which only makes
later (F) moves easier, and nothing later uses ``y``. Else delay the (P) to just
before ``m`` (the moves between touch neither ``A`` nor ``y``; ``y`` in the pool
longer again only helps (F)). Then ``m`` places a card on ``y`` ((P): a chain; or
(T): done), or takes ``y`` to the pool (drop both), or moves ``y`` alone to pile
``D`` (one (P) straight onto ``D`` instead), or moves a run ``..., b, y`` off
``A`` (move ``..., b`` instead, then place ``y`` on ``b`` by (P)). Each rewrite
shortens the line or moves a (P) later, so the rewriting ends. Hence searching
(T), (F) and the macros "a chain of pool cards onto a pile (or into an empty
pile), then a (T) move onto the chain's last card" reaches the goal whenever G
can.

**Normal form.** A top card ``x`` that sits on a face-up card it builds on (or a
card of the empty-pile rank alone in its pile, nothing face down under it) and
may go to the pool by (F) is *reversible*: (F) and then (P) put it back. Every
state is searched in its normal form, with every reversible card in the pool
(taking one out only makes others easier, so the result does not depend on the
order). This loses no goal: a macro line from the state is matched from its
normal form move for move - a (T) onto ``x`` becomes a macro with the chain
``x``; a (T) of a run ending in ``x`` moves the run without ``x``; a (T) or an
(F) of ``x`` alone is not needed - with the same (T) moves, so by induction on
the number of (T) moves of a shortest such line (and then on its length) the
search from the normal forms reaches the goal whenever G does. The tests check
it against a plain search of G (every (T), (F) and (P)) on small positions.

**Dominance.** A new normal form ``Y`` enters the table but is not searched when
the table holds ``Z``: the normal form of ``Y`` with the top ``k >= 1`` cards of a
pile the move touched (its pile, and the pile a (T) move or macro went to) in the
pool, where (P) can put each of them back in turn (it builds on the card under it,
or it is a card of the empty-pile rank alone in its pile with nothing face down
under it). ``Z`` reaches ``Y`` by (P) moves alone (first the cards its normal form
took, as they came off, then those ``k``), so a line from ``Y`` to the goal is,
after them, a line from ``Z`` with the same (T) and (F) moves.
This loses no goal. Rank a state by ``(t, f, c)``, compared in that order: ``t``
and then ``f`` the fewest (T) and then (F) moves of a line from it to the goal,
``c`` its number of tableau cards. Suppose the search ends without the goal
although some state of its table reaches it, and take the least such state ``X``
(the root is in the table). If ``X`` was not searched, its ``Z`` is in the table,
reaches the goal and is less (its ``t`` and ``f`` are at most ``X``'s, its ``c``
is smaller). If ``X`` was searched: the rewriting above turns its line into
macros from normal forms without more (T) or (F) moves, so one of ``X``'s children,
whose normal form entered the table, has one (T) or one (F) fewer to go, and is
less. Either way a lesser state of the table reaches the goal: a contradiction.
(The rule prunes most where a pile's top cards went to the pool and back by
different ways: deal 309 is proved lost after 236,389 searched states instead of
2,212,469; docs/solver.md, "Dominance in the free pool".)

**Blockade.** A new normal form that is not dominated enters the table but is not
searched when some of its cards can never move, with a face-down card under one of
them: G cannot reach the goal from it. The cards are the largest set ``S`` of
face-up cards such that, with ``fixed`` the cards at or under a card of ``S`` and
``gone`` the cards under one, widened by each pool card (P) can only put onto a
``gone`` card (not of the empty-pile rank, every card it builds on ``gone``: the
Kings first, then rank by rank down), every ``y`` of ``S``

1. cannot go to the pool: some lower card of its suit is ``fixed`` (or there is no
   up foundation), and some higher one (or there is no down foundation);
2. cannot head a move: it is not of the empty-pile rank, and every card it builds
   on is ``gone``;
3. cannot be taken along by a run from further down: it lies on a face-down card,
   or is its pile's base, or does not build on the card under it, or that card is
   in ``S``.

(Each condition only gets easier as ``S`` grows, so ``S`` is found by starting
from every face-up card and dropping the cards that fail, until none does.)
Proof: take any line of G and the first move at which a ``fixed`` card moves or a
``gone`` card becomes a top card. Until then every card of ``fixed`` lies where it
lay and is in the tableau, and no ``gone`` card is a top card. A ``gone`` card
under a card of ``S`` cannot be uncovered without that card moving; one in the
pool can only come out by (P) onto a top card it builds on (``gone``, so not a
top card) or into an empty pile (not its rank). A move that moves a ``fixed``
card moves a run holding the lowest card ``y`` of ``S`` in it: (F) of ``y`` is
barred by 1 (its ``fixed`` lower and higher cards are in the tableau); a (T)
move or macro headed by ``y`` needs a top card it builds on, or an empty pile,
barred by 2; a run headed further down needs ``y`` to build on the card under it,
which by 3 is in ``S`` and lower: a contradiction. So no such move comes, the
face-down card under a card of ``S`` never turns up, and the goal is out of
reach. The least-counterexample proof of "Dominance" stands: a blocked state
reaches no goal, so it is never the least state of the table that does. (Deal
90: 871 searched states instead of 2,243; docs/solver.md, "Blockade in the free
pool".)

**Cleared piles: the game G+.** G plus one move: (D) the top card of a pile with
no face-down card into the pool, when (P) could put it back (it builds on the card
under it, or it is a card of the empty-pile rank alone in its pile). Every line of
G is a line of G+, so a dead end of G+ proves the position lost too. In G+ every
face-up card of a pile with no face-down card but the base (and a base of the
empty-pile rank) is reversible, so its normal form keeps of such a pile at most
its base: the face-up cards of a pile always form one run, and (P) puts them back
one by one. The proofs above stand with (D) beside (F): a macro rewriting that
meets (D) of a card just placed drops both; the normal form lets (D) in as it lets
(F) in, and a (D) of ``x`` alone is not needed either; "Dominance" counts (D)
moves with the (F) moves in ``f``. "Blockade" needs one more condition, since (D)
may take a card of ``S`` once it is on top: no card of ``S`` lies above the base
of a pile with no face-down card. (A pile with a card of ``S`` and a face-down
card keeps the face-down card, which lies under it, so (D) never applies there.)
G+ reaches its goal more often (it forgets that a cleared pile's cards need a
place to go before the cards under them come free), but where it does not, it
is usually proved far sooner: deal 87 after 673 searched states
instead of 1,451, deal 30 after 248 instead of 2,346, deal 204 after 7,030 where
G is open at 700,000 (docs/solver.md, "Cleared piles in the free pool"). So the
solver searches G+ first and G where G+ reaches its goal.

The search is depth-first over normal forms with a table of them (the piles in
any order). Its :class:`Outcome` says lost (G cannot reach the goal: the position
is lost), not lost (G reached it: no proof either way) or unknown (out of budget).
``_gilbert.c`` runs the same search, state for state.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import product
from typing import NamedTuple

from patience.cards import ACE, KING, RANK, SUIT, Card
from patience.position import Position
from patience.rules import Build, Direction, GameRules, Unit
from patience.solver.limits import Limit

#: The relaxation's share of a solve's budget (phases.py runs it after the
#: win-only phases, before the complete search, which gets the rest: 5 % and
#: whatever the phases before it left). Measured (docs/solver.md): at 20 % the
#: complete search's 25 % decided one deal of 1-1000 that no phase before it
#: did, while 13 of the 131 deals it left open the relaxation proves lost within
#: 1.5 million states (1.8-8 s).
SHARE = 0.4
#: Memory guard: the states its table may hold. The compiled engine's state takes
#: about 150 bytes (table and stack; deal 309: 2.2 million states, peak RSS 328 MB),
#: so this stays under 550 MB, beside the other lane's best-first search (at most
#: 300 MB, bestfirst.MAX_POSITIONS). Raised from 2 million: of the deals the deep
#: budget left undecided, the free pool proves 10 lost within 2.2-5 million states
#: (docs/solver.md), and 3 of them within the deep budget at this bound.
MAX_STATES = 3_500_000

Pile = tuple[tuple[Card, ...], tuple[Card, ...]]  # (face-down, face-up), base first
State = tuple[Pile, ...]
Kid = tuple[list[Pile], tuple[int, ...]]  # a child and the piles its move touched

_RED = (False, True, True, False)  # clubs, diamonds, hearts, spades


def applies(rules: GameRules) -> bool:
    """The conditions in the module doc hold for ``rules``."""
    tab = rules.tableau
    return (
        rules.decks == 1
        and rules.cells == 0
        and tab.build is Build.ALTERNATE_COLOUR
        and tab.direction is Direction.DOWN
        and tab.unit is Unit.BUILD_RUN
        and tab.empty_rank is not None
        and all(
            g.suits is not None
            and (g.base, g.direction) in ((ACE, Direction.UP), (KING, Direction.DOWN))
            for g in rules.foundations
        )
    )


def directions(rules: GameRules) -> tuple[bool, bool]:
    """The game has (up from the Ace, down from the King) foundations."""
    ups = any(g.direction is Direction.UP for g in rules.foundations)
    downs = any(g.direction is Direction.DOWN for g in rules.foundations)
    return ups, downs


def _red(card: Card) -> bool:
    return _RED[SUIT[card]]


def _builds(below: Card, above: Card) -> bool:
    return RANK[above] + 1 == RANK[below] and _red(above) != _red(below)


#: the cards each card builds on (one rank higher, the other colour)
_PARENTS = tuple(tuple(p for p in range(52) if _builds(p, c)) for c in range(52))


class _Game:
    """The relaxed game of one rule record (see the module doc)."""

    def __init__(self, rules: GameRules, *, cleared: bool = False) -> None:
        self.up, self.down = directions(rules)
        self.cleared = cleared  # the game G+ ("Cleared piles", module doc)
        rank = rules.tableau.empty_rank
        assert rank is not None
        self.empty_rank = rank

    def to_pool(self, card: Card, tableau: set[Card]) -> bool:
        """(F) may take ``card`` into the pool."""
        base = card - RANK[card] + 1  # the Ace of its suit
        if self.up and all(c not in tableau for c in range(base, card)):
            return True
        return self.down and all(c not in tableau for c in range(card + 1, base + KING))

    def normal(self, state: list[Pile], tableau: set[Card]) -> list[Pile]:
        """``state`` with every reversible card in the pool (``tableau`` is
        updated)."""
        changed = True
        while changed:
            changed = False
            for i, (down, up) in enumerate(state):
                if not up:
                    continue
                x = up[-1]
                if self._put_back(down, up, len(up)) and (
                    (self.cleared and not down) or self.to_pool(x, tableau)
                ):
                    state[i] = (down, up[:-1])
                    tableau.discard(x)
                    changed = True
        return state

    def dominated(self, state: State, seen: set[tuple[Pile, ...]], piles: tuple[int, ...]) -> bool:
        """``seen`` holds ``state`` with the top cards of one of ``piles`` in the
        pool, each of which (P) can put back, in its normal form (the rule
        "Dominance", module doc)."""
        cards = _cards(state)
        for i in piles:
            down, up = state[i]
            tableau = set(cards)
            k = len(up)
            while k and self._put_back(down, up, k):
                k -= 1
                tableau.discard(up[k])
                less = self.normal(_with(state, i, down, up[:k]), set(tableau))
                if _key(tuple(less)) in seen:
                    return True
        return False

    def blocked(self, state: State) -> bool:
        """A card of the set ``S`` of the rule "Blockade" (module doc: face-up cards
        that can never move) lies on a face-down card."""
        if not any(down for down, _ in state):
            return False
        piles = [down + up for down, up in state]
        cards = _cards(state)
        stuck = {c for _, up in state for c in up}
        while True:
            fixed: set[Card] = set()  # at or under a stuck card
            covered: set[Card] = set()  # under one
            for pile in piles:
                top = max((i for i, c in enumerate(pile) if c in stuck), default=None)
                if top is not None:
                    fixed.update(pile[: top + 1])
                    covered.update(pile[:top])
            gone = set(covered)  # never a top card again
            for rank in range(KING, 0, -1):  # and pool cards (P) can only put onto those
                if rank != self.empty_rank:
                    gone.update(
                        p
                        for p in range(rank - 1, 52, 13)
                        if p not in cards and all(q in gone for q in _PARENTS[p])
                    )
            out = {
                y
                for (down, up), pile in zip(state, piles, strict=True)
                for i, y in enumerate(pile)
                if y in stuck
                and (
                    not self._held(y, pile[i - 1] if i > len(down) else None, stuck, fixed, gone)
                    or (self.cleared and not down and i > 0)  # (D) may take it once on top
                )
            }
            if not out:
                break
            stuck -= out
        return any(down and any(c in stuck for c in up) for down, up in state)

    def _held(
        self, y: Card, under: Card | None, stuck: set[Card], fixed: set[Card], gone: set[Card]
    ) -> bool:
        """``y`` cannot move while the cards ``fixed`` stay where they are and no
        card of ``gone`` is a top card (conditions 1-3 of "Blockade"; ``under``: the
        face-up card under it, if any)."""
        base = y - RANK[y] + 1
        if self.up and not any(c in fixed for c in range(base, y)):
            return False  # (F) may take it once its lower cards are gone
        if self.down and not any(c in fixed for c in range(y + 1, base + KING)):
            return False
        if RANK[y] == self.empty_rank:
            return False  # it may go into an empty pile
        if any(p not in gone for p in _PARENTS[y]):
            return False  # a card it builds on may become a top card
        # a run from further down takes it along unless the card under it stays
        return under is None or not _builds(under, y) or under in stuck

    def _put_back(self, down: tuple[Card, ...], up: tuple[Card, ...], k: int) -> bool:
        """(P) can put ``up[k - 1]`` back onto the pile ``down, up[: k - 1]`` (for
        the top card, ``k = len(up)``: it is reversible if (F) may take it)."""
        if k >= 2:
            return _builds(up[k - 2], up[k - 1])
        return not down and RANK[up[0]] == self.empty_rank

    def children(self, state: State, tableau: set[Card]) -> list[Kid]:
        """The states after each (T), (F) and macro move, in a fixed order, each
        with the piles the move touched."""
        kids: list[Kid] = []
        for i, (down, up) in enumerate(state):
            if not up:
                continue
            if self.to_pool(up[-1], tableau):
                kids.append((_with(state, i, down, up[:-1]), (i,)))
            k = len(up) - 1
            while True:
                self._run_moves(state, tableau, i, k, kids)
                if k == 0 or not _builds(up[k - 1], up[k]):
                    break
                k -= 1
        return kids

    def _run_moves(
        self,
        state: State,
        tableau: set[Card],
        i: int,
        k: int,
        kids: list[Kid],
    ) -> None:
        """The (T) moves and macros of pile ``i``'s run from index ``k``."""
        down, up = state[i]
        run, rest = up[k:], up[:k]
        for j, chain in self.targets(state, tableau, up[k], i):
            kid = _with(state, i, down, rest)
            down2, up2 = state[j]
            kid[j] = (down2, up2 + chain + run)
            kids.append((kid, (i, j)))

    def targets(
        self, state: State, tableau: set[Card], head: Card, skip: int
    ) -> Iterator[tuple[int, tuple[Card, ...]]]:
        """Where a run headed by ``head`` (or, in :mod:`stock_pool`, a card leaving
        the stock) may go: each pile but ``skip``, with the chain of pool cards
        placed on it first (empty: the move itself), in the compiled engine's
        order (``pool_targets``)."""
        for j, (down2, up2) in enumerate(state):
            if j == skip:
                continue
            if up2:
                top: Card | None = up2[-1]
                assert top is not None
                direct, high = _builds(top, head), RANK[top] - 1
            elif not down2:
                top, high = None, self.empty_rank
                direct = RANK[head] == self.empty_rank
            else:
                continue
            for chain in ([()] if direct else []) + _chains(top, high, head, tableau):
                yield j, chain


def _chains(top: Card | None, high: int, head: Card, tableau: set[Card]) -> list[tuple[Card, ...]]:
    """Every chain of pool cards from rank ``high`` down to one above ``head``'s,
    built down in alternating colours, onto ``top`` (``None``: an empty pile), that
    ``head`` builds on (in the order of ``itertools.product`` over the suits)."""
    low = RANK[head] + 1
    if high < low:
        return []
    options: list[list[Card]] = []
    for rank in range(high, low - 1, -1):
        red = _red(head) != ((rank - RANK[head]) % 2 == 1)
        cards = [
            suit * 13 + rank - 1
            for suit in range(4)
            if _RED[suit] == red and suit * 13 + rank - 1 not in tableau
        ]
        if not cards:
            return []
        options.append(cards)
    if top is not None and _red(options[0][0]) == _red(top):
        return []
    return list(product(*options))


def _with(state: State, i: int, down: tuple[Card, ...], up: tuple[Card, ...]) -> list[Pile]:
    """``state`` with pile ``i`` set to ``down``/``up`` (a face-down card left on
    top turns up)."""
    if not up and down:
        down, up = down[:-1], down[-1:]
    kid = list(state)
    kid[i] = (down, up)
    return kid


def _cards(state: State | list[Pile]) -> set[Card]:
    cards: set[Card] = set()
    for down, up in state:
        cards.update(down)
        cards.update(up)
    return cards


def _key(state: State) -> tuple[Pile, ...]:
    return tuple(sorted(state))


class Outcome(NamedTuple):
    """A relaxed search's answer: ``lost`` True (the position is lost), False (the
    relaxed game reached its goal: no proof) or None (out of budget); the states
    it expanded and the most its table held."""

    lost: bool | None
    nodes: int
    states: int


def share(limit: Limit) -> Limit:
    """The relaxation's part of a solve's ``limit``."""
    return limit.part(SHARE)


def search(
    pos: Position,
    max_nodes: int | None,
    max_table: int = MAX_STATES,
    deadline: float | None = None,
    *,
    dominance: bool = True,
    blockade: bool = True,
    cleared: bool = False,
) -> Outcome:
    """Search the relaxed game from ``pos``'s tableau (module doc): lost True
    when it proves ``pos`` lost, False when it reached the goal, None after
    ``max_nodes`` states, once its table holds more than ``max_table`` or at
    ``deadline`` (``time.perf_counter``), without either. ``dominance=False``
    leaves the rule "Dominance" out, ``blockade=False`` the rule "Blockade" (the
    tests compare; the compiled search always applies both). ``cleared``: search
    the game G+ instead (module doc, "Cleared piles")."""
    game = _Game(pos.rules, cleared=cleared)
    return search_piles(game, tableau_of(pos), max_nodes, max_table, deadline, dominance, blockade)


def tableau_of(pos: Position) -> list[Pile]:
    """``pos``'s tableau piles, each as its face-down and its face-up cards."""
    return [
        (tuple(pos.piles[t][: pos.hidden[t]]), tuple(pos.piles[t][pos.hidden[t] :]))
        for t in pos.layout.tableau
    ]


def search_piles(
    game: _Game,
    start: list[Pile],
    max_nodes: int | None,
    max_table: int,
    deadline: float | None,
    dominance: bool,
    blockade: bool,
) -> Outcome:
    """:func:`search` from the tableau ``start`` (every other card in the pool)."""
    root = tuple(game.normal(start, _cards(start)))
    seen = {_key(root)}
    stack = [] if blockade and game.blocked(root) else [root]
    nodes = 0
    while stack:
        state = stack.pop()
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            return Outcome(None, max_nodes, len(seen))
        if len(seen) > max_table:
            return Outcome(None, nodes, len(seen))
        if deadline is not None and time.perf_counter() >= deadline:
            return Outcome(None, nodes, len(seen))
        if not any(down for down, _ in state):
            return Outcome(False, nodes, len(seen))
        tableau = _cards(state)
        for kid, touched in game.children(state, tableau):
            child = tuple(game.normal(kid, _cards(kid)))
            key = _key(child)
            if key not in seen:
                seen.add(key)
                if dominance and game.dominated(child, seen, touched):
                    continue
                if not (blockade and game.blocked(child)):
                    stack.append(child)
    return Outcome(True, nodes, len(seen))
