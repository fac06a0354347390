"""Randomized restarts: a phase that may only find wins, by many short searches.

Not a pruning rule, and never a verdict of lost (unless the streamlined moves are
exhausted, which only ends the win-only phases, as in :mod:`streamline`). The
phase runs the streamlined depth-first search again and again, each time with a
small node budget (``NODES``) and with the children of every position in another
random order: the leading steps to a foundation stay first, the others are
shuffled. Restart ``i`` uses the random state :func:`seed` ``(i)``, so a search is
repeatable (and the compiled engines, ``_rng.h``, shuffle exactly as
:func:`shuffle` does; the tests compare node counts and lines).

Why: the cost of a depth-first search to a win is heavy-tailed. An early move that
leads nowhere keeps the search below it for millions of positions, while another
order of the same moves wins within a few thousand (Gomes, Selman and Kautz,
"Boosting combinatorial search through randomization", 1998). Measured on the
deals the deep budget left undecided (every 7th of Gilbert's 297, every 4th of Big
Apple's 117; `docs/solver.md`, "Randomized restarts"): Gilbert 12 of 43 won, each
within a few thousand positions of one of its first restarts, against none by the
single searches with 5 million; Big Apple 9 of 30 with 2,000 restarts of 2,000
positions. Of the 31 Gilbert deals of that sample no shuffled restart won, the
best-first search with noise on its estimate (``NOISE``), restarted, won 5 more.
The same restarts over the complete moves (``COMPLETE_NODES``) won 31 of the 78
Big Apple deals and 3 of the 98 Gilbert deals that every phase before them left
undecided (docs/solver.md, "Complete restarts"); Big Apple's win every deal its
streamlined restarts won, and sooner, so they replace those there ("Complete
restarts first").
"""

from __future__ import annotations

from patience.position import Move, Position
from patience.rules import GameRules, Kind
from patience.solver.limits import Limit

#: Positions each restart may search, per game kind (see streamline.SHARE).
NODES = {"stock": 2_000, "talon": 2_000}

#: The phase's share of a budget (nodes and seconds), per game kind. Gilbert's
#: restarts stopped winning deals after a few thousand positions (docs/solver.md,
#: "Randomized restarts"); the complete restarts (below) then won more of the deals
#: left, so they took 2 of its 10 %. Big Apple has none: its complete restarts win
#: every deal these won, and more (docs/solver.md, "Complete restarts first").
#: Where NRPA runs (:mod:`nrpa`), it takes this whole share (``nrpa.TAKES``).
SHARE = {"stock": 0.08}

#: Gilbert's second restart phase: the best-first search (:mod:`bestfirst`) with
#: noise on its estimate, restarted: each restart may search ``NOISY_NODES``
#: positions, and a position's priority is ``16 * estimate + r`` with ``r`` random
#: in ``0 .. NOISE - 1`` (up to 30 points of the estimate). The phase's share of a
#: budget is ``NOISY_SHARE``. Big Apple has none (no deal more won, measured).
#: Measured (docs/solver.md, "Shorter noisy restarts"): the wins of restarts of
#: 20,000 positions mostly come within their first 5,000, so restarts of 5,000
#: win the same deals about four times sooner, and more of them. Where NRPA runs
#: (:mod:`nrpa`), it takes part of this share and of others (``nrpa.TAKES``).
NOISY_NODES = 5_000
NOISE = 480
NOISY_SHARE = {"stock": 0.2}
#: The first restart of the noisy restarts in a two-lane solve's proof lane
#: (``phases.PROOF_LANE_COMPLETE``): far past the win lane's (about 2,000 in 10 s),
#: so the lanes search with different seeds.
LANE_FIRST = 200_000

#: The restarts of the complete depth-first search: every move, also the cards
#: played back from the foundations and the moves between piles that the
#: streamlined moves leave out, the children shuffled as above, each restart at
#: most ``COMPLETE_NODES`` positions, on ``COMPLETE_SHARE`` of a budget, per game
#: kind. They win many deals whose lines need such moves (docs/solver.md,
#: "Complete restarts"); Big Apple's come right after its best-first phases and
#: take the rest of its win-only share ("Complete restarts first"). A restart
#: that exhausts the complete moves ends the win-only phases (every other restart
#: would too).
COMPLETE_NODES = {"stock": 20_000, "talon": 5_000}
COMPLETE_SHARE = {"stock": 0.04, "talon": 0.55}
#: The complete restarts of a two-lane solve's proof lane (from ``LANE_FIRST`` on,
#: ``phases._after_guard``), per game kind where they differ from
#: ``COMPLETE_NODES``: Big Apple's proof lane restarts with twice the win lane's
#: positions, so the two lanes' restarts reach different deals (docs/solver.md,
#: "Longer restarts in the proof lane": deal 627 won, no deal fewer decided).
LANE_COMPLETE_NODES = {"talon": 10_000}

_MASK = (1 << 64) - 1


def applies(rules: GameRules) -> bool:
    """The game has a stock (Gilbert) or a talon (Big Apple)."""
    return rules.stock is not None or rules.talon


def _kind(rules: GameRules) -> str:
    return "stock" if rules.stock is not None else "talon"


def restart_nodes(
    rules: GameRules, *, noisy: bool = False, complete: bool = False, lane: bool = False
) -> int:
    """The node budget of one restart (``noisy``: of the best-first phase;
    ``complete``: of the complete depth-first search, ``lane``: in the proof lane)."""
    if complete:
        kind = _kind(rules)
        return LANE_COMPLETE_NODES.get(kind, COMPLETE_NODES[kind]) if lane else COMPLETE_NODES[kind]
    return NOISY_NODES if noisy else NODES[_kind(rules)]


def streamlined_applies(rules: GameRules) -> bool:
    """The game has the restarts of the streamlined search (Gilbert)."""
    return _kind(rules) in SHARE and applies(rules)


def noisy_applies(rules: GameRules) -> bool:
    """The game has the noisy best-first restarts (Gilbert)."""
    return _kind(rules) in NOISY_SHARE and applies(rules)


def complete_applies(rules: GameRules) -> bool:
    """The game has the restarts of the complete search (Gilbert, Big Apple)."""
    return _kind(rules) in COMPLETE_SHARE and applies(rules)


def fraction(rules: GameRules, *, noisy: bool = False, complete: bool = False) -> float:
    """The phase's part of a budget (``noisy``: of the best-first phase;
    ``complete``: of the complete depth-first search)."""
    shares = COMPLETE_SHARE if complete else NOISY_SHARE if noisy else SHARE
    return shares[_kind(rules)]


def share(rules: GameRules, limit: Limit, *, noisy: bool = False, complete: bool = False) -> Limit:
    """The phase's part of ``limit`` (:func:`fraction`)."""
    return limit.part(fraction(rules, noisy=noisy, complete=complete))


def seed(i: int) -> int:
    """The random state of restart ``i`` (never 0): SplitMix64 of ``i + 1``."""
    z = ((i + 1) * 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) or 1


class Rng:
    """xorshift64, as ``_rng.h``."""

    def __init__(self, state: int) -> None:
        if not 0 < state <= _MASK:
            raise ValueError("the random state is a nonzero 64-bit number")
        self.state = state

    def below(self, n: int) -> int:
        """A number in ``0 .. n - 1``."""
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 7
        x ^= (x << 17) & _MASK
        self.state = x
        return x % n


def shuffle(pos: Position, steps: list[tuple[Move, ...]], rng: Rng) -> None:
    """Shuffle ``steps`` (the children of ``pos``, each a tuple of moves) in place,
    the leading steps whose last move goes to a foundation first (Fisher-Yates
    from the end, as ``_rng.h``'s users do)."""
    kinds = pos.layout.kinds
    lead = 0
    while lead < len(steps) and kinds[steps[lead][-1].dst] is Kind.FOUNDATION:
        lead += 1
    for i in range(len(steps) - 1, lead, -1):
        j = lead + rng.below(i - lead + 1)
        steps[i], steps[j] = steps[j], steps[i]
