"""The check by G+: a position whose tableau the free pool's game G+ cannot bring
to its goal is lost.

Applies where the free pool does (Gilbert). **Proof.** :mod:`free_pool` shows that
every line of the game, mapped to its tableau, is a line of G, and every line of G
is one of G+ ("Cleared piles"): the stock, the waste and the foundations only
ever give the tableau cards that G+'s pool holds, and take cards that G+'s (F)
lets go. So if G+, started from a position's tableau with every other card in the
pool, cannot turn every face-down card up, no line of the game does either, and
the position is lost. A search that treats such a position as a dead end (it
enters the table, its children are not searched) proves nothing it should not:
its "lost" still means every line ends in a lost position, and no winnable
position is ever skipped. The other rules' proofs stand, for they compare a
position with others of the table only by the lines that reach a win, and a dead
position reaches none (``stock_order``'s least counterexample is never one).

A check runs G+ with at most ``states`` states (and at most what is left of the
caller's node bound): "dead" only when G+ proved the dead end within them; a check
that runs out answers "not dead". The answers are cached by G+'s normal form of
the tableau, since G+ searches from that form anyway; positions that differ only
in the stock, the waste or the foundations share it (most of a complete search's
new positions: a card played back, a stock move).

Where it pays: Gilbert's searches spend most of their positions below tableaux
that are already dead. Deal 21 (lost): the complete search needs 330,869
positions without the check, 8,375 with it (143,960 states with the checks');
deal 166: 5.8 million, with it 46,975 (docs/solver.md, "The check by G+ in the
searches"). Where nothing is dead it only costs: deal 830's complete search,
lost after 90,125 positions alone, was still open at 10 s checking every new
tableau. So the depth-first searches' check is *adaptive* (:data:`FREE`): it is
made while it keeps finding dead tableaux. The complete and the streamlined
depth-first searches take it (``engine.single_search``'s ``check``; where, in
``phases._check``), and so does the stock pool (:mod:`stock_pool`) for each of
its states, always. ``_gilbert.c`` runs the same check (``check_dead``), state
for state.
"""

from __future__ import annotations

from patience.position import Position
from patience.rules import GameRules
from patience.solver.pruning import free_pool
from patience.solver.pruning.free_pool import Pile, _cards, _Game

#: The states of each check by G+ (its table: 64 times as many). Deal 106 under
#: the stock pool: lost after 0.5 s with 2,000, 3.4 s with 1,000, 0.6 s with
#: 5,000 (docs/solver.md).
STATES = 2000
#: The least budget (seconds) of a solve whose searches check (a budget of nodes
#: alone always does): a check can take a few milliseconds, the whole of the site's
#: status check after a move (3 ms).
FROM = 0.1
#: An adaptive check (the depth-first searches'; the stock pool checks every
#: state, as measured there) is made only while it pays: while fewer than
#: ``FREE + RATIO * d`` checks were made, ``d`` of them dead, and past that only
#: every ``PERIOD``-th tableau not in the cache, so that a dead region found later
#: turns it on again. A check not made answers "not dead": it proves nothing, so
#: skipping one is always sound. A check of a live tableau costs as much as several
#: hundred positions of the search (G+ reaches its goal in about 25 states of some
#: 70 children each: 2.5 ms against 4 us a position, deal 830), and in some deals
#: no tableau is dead: deal 830's complete search proves the loss in 0.3 s alone,
#: and checking every new tableau was still open at 10 s (none of 5,000 dead);
#: adaptive, 0.6 s. Where the check pays it finds many: deals 21, 166, 614, 681 and
#: 756 (lost), 397, 604 and 932 (won) find 18-75 % of their checks dead and are
#: decided as before (docs/solver.md, "Checks only while they pay").
FREE = 64
RATIO = 16
PERIOD = 1024


def applies(rules: GameRules) -> bool:
    return free_pool.applies(rules)


class Check:
    """Checks by G+ of ``rules``'s tableaux, ``states`` states each, cached;
    ``adaptive``: made only while they pay (:data:`FREE`)."""

    def __init__(self, rules: GameRules, states: int = STATES, *, adaptive: bool = False) -> None:
        self.game = _Game(rules, cleared=True)
        self.states = states
        self.adaptive = adaptive
        self.dead: dict[tuple[Pile, ...], bool] = {}
        self.nodes = 0  # the states the checks expanded
        self.made = 0  # checks made (a search each) ...
        self.deads = 0  # ... of them dead
        self.skipped = 0  # tableaux not in the cache, not checked since the last check

    def _due(self) -> bool:
        """Whether a tableau not in the cache is checked (see :data:`FREE`)."""
        if self.adaptive and self.made >= FREE + RATIO * self.deads:
            self.skipped += 1
            if self.skipped < PERIOD:
                return False
        self.skipped = 0
        self.made += 1
        return True

    def piles_dead(self, piles: tuple[Pile, ...] | list[Pile], left: int | None = None) -> bool:
        """G+ from this tableau cannot turn every face-down card up within
        ``states`` states, nor within ``left`` (the caller's node bound's rest;
        ``None``: no bound). False, not cached, where an adaptive check is not
        made."""
        start = self.game.normal(list(piles), _cards(piles))
        key = tuple(sorted(start))
        known = self.dead.get(key)
        if known is None:
            if not self._due():
                return False
            budget = self.states if left is None else min(self.states, left)
            if budget <= 0:
                known = False
            else:
                out = free_pool.search_piles(
                    self.game, start, budget, 64 * budget, None, True, True
                )
                self.nodes += out.nodes
                known = out.lost is True
            self.deads += known
            self.dead[key] = known
        return known

    def position_dead(self, pos: Position, left: int | None = None) -> bool:
        """:meth:`piles_dead` of ``pos``'s tableau."""
        return self.piles_dead(free_pool.tableau_of(pos), left)
