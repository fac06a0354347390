"""The best-first search: a phase that may only find wins, ordered by an estimate.

Not a pruning rule, and never a verdict of lost: like :mod:`streamline` it
searches the streamlined moves only, so a position it exhausts may still be won
(the complete search then decides). Its winning lines are replayed through the
rules like any other.

A depth-first search commits to its first moves; this search instead always
expands the most promising position found so far, by :func:`estimate` (face-down
cards weigh most, then cards off the foundations, then cards in the stock and
waste and cards that cover a card a foundation takes next). Ties go to the
position found last (so it dives like a depth-first search while the estimate stays
level). Children are the steps of ``Strategy.children``
(safe moves, symmetry, stock macros) in their order; each new position counts as a
node when it enters the table, and a won one ends the search at once.

Applies to Gilbert (a stock): measured on the 103 of Gilbert deals 1-200 that the
two-phase search left undecided at a million positions, it won 28 within 500,000
positions (9 of them within 500), where the streamlined depth-first search had
lost its way. And to Big Apple (a talon, no face-down cards), with its own
estimate: cards still in the talon weigh most, so the search dives to place talon
cards instead of wandering through rearrangements of the piles at one talon card
(docs/solver.md has the measurements). The compiled engines (``_gilbert.c`` and
``_bigapple.c``, ``best_first``) run exactly this algorithm; the tests compare node
counts and lines.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable

from patience.position import Move, Position
from patience.rules import GameRules
from patience.solver import restarts
from patience.solver.limits import Limit, Result, Verdict
from patience.solver.ordering import wanted_cards

#: Weights of the estimate (lower is better): a face-down card, a card off the
#: foundations, a card in the stock or the waste, a card lying on top of a card
#: that a foundation takes next.
HIDDEN, OFF, STOCK, BURIED = 10, 3, 1, 1

#: The same for a game with a talon (Big Apple, no face-down cards): a card still in
#: the talon, a card off the foundations, a card lying on a card a foundation takes
#: next, a card in a cell. Big Apple runs one best-first phase with each of these
#: estimates in turn (they win different deals, docs/solver.md).
TALON_WEIGHTS = ((2, 1, 1, 2), (4, 1, 1, 0))

#: Each best-first phase's share of a budget (nodes and seconds), taken first, per
#: game kind (see streamline.SHARE).
#: Big Apple: every win of its two phases on the 129 deals of 1-1000 left undecided
#: at the deep budget came within 170,000 positions, so a tenth of the budget each
#: (1 s of the deep budget) leaves the other phases more.
#: Gilbert: where NRPA runs (:mod:`nrpa`), it takes most of this (``nrpa.TAKES``).
SHARE = {"stock": 0.15, "talon": 0.1}

#: Memory guard of one compiled best-first search, whatever its share: it keeps
#: each open position beside its table entry (about 200 bytes a position for
#: Gilbert, 300 for Big Apple), so it stops (unknown) after this many positions,
#: under 300 MB for Gilbert, which may run it beside the free pool (phases.LANES);
#: Big Apple's (at most 1.3 s each of the deep budget in two lanes) stop sooner.
MAX_POSITIONS = 1_500_000


def applies(rules: GameRules) -> bool:
    """The game has a stock (Gilbert) or a talon (Big Apple)."""
    return rules.stock is not None or rules.talon


def variants(rules: GameRules) -> int:
    """How many estimates (best-first phases) the game has: the ``variant`` of
    :func:`estimate` runs from 0 to this minus 1."""
    return 1 if rules.stock is not None else len(TALON_WEIGHTS)


def estimate(pos: Position, variant: int = 0) -> int:
    """How far ``pos`` looks from a win (lower is better); ``variant``: which of a
    talon game's estimates (``TALON_WEIGHTS``)."""
    layout = pos.layout
    piles = pos.piles
    found = sum(len(piles[f]) for f in layout.foundations)
    want = wanted_cards(pos)
    buried = 0
    for t in layout.tableau:
        pile = piles[t]
        for i, card in enumerate(pile):
            if card in want:
                buried += len(pile) - 1 - i
    off = pos.rules.card_count - found
    if layout.talon >= 0:
        cells = sum(1 for c in layout.cells if piles[c])
        talon, off_weight, buried_weight, cell = TALON_WEIGHTS[variant]
        return (
            talon * len(piles[layout.talon])
            + off_weight * off
            + buried_weight * buried
            + cell * cells
        )
    hidden = sum(pos.hidden[t] for t in layout.tableau)
    stock = len(piles[layout.stock]) + len(piles[layout.waste])
    return HIDDEN * hidden + OFF * off + STOCK * stock + BURIED * buried


def fraction(rules: GameRules) -> float:
    """Each best-first phase's part of a budget (``SHARE``)."""
    return SHARE["stock" if rules.stock is not None else "talon"]


Step = tuple[Move, ...]


def search(
    position: Position,
    limit: Limit,
    children: Callable[[Position], list[Step]],
    key_of: Callable[[Position], bytes],
    time_to_verify: Callable[[float | None, int], bool],
    dominated: Callable[[Position, bytes, set[bytes]], bool],
    variant: int = 0,
    seed: int = 0,
) -> Result:
    """Best-first search from ``position`` (left unchanged) within ``limit`` (whose
    node bound the caller has already lowered to the memory guard). ``lost`` here
    only means the moves ``children`` offers are exhausted. A new position that
    ``dominated`` says a known one makes needless is skipped like a known one.
    With ``seed`` (Gilbert's noisy restarts, :mod:`restarts`) a position's priority
    is 16 times its estimate plus a random number below ``restarts.NOISE``."""
    start = time.perf_counter()
    root = position.copy(stack=False)
    if root.is_won():
        return Result(Verdict.WINNABLE, (), 0, 0.0, 0)
    max_nodes = limit.nodes
    deadline = None if limit.seconds is None else start + limit.seconds
    seen = {key_of(root)}
    # node i: (parent, step, moves from the root); open positions are kept whole
    parent: list[int] = [0]
    step_of: list[Step] = [()]
    depth: list[int] = [0]
    state: dict[int, Position] = {0: root}
    rng = restarts.Rng(seed) if seed else None

    def priority(pos: Position) -> int:
        if rng is None:
            return estimate(pos, variant)
        return 16 * estimate(pos, variant) + rng.below(restarts.NOISE)

    first = estimate(root, variant) * (16 if rng else 1)  # the root's priority, no noise
    heap: list[tuple[int, int]] = [(first, 0)]  # (priority, -node)
    nodes = 0
    verdict = Verdict.LOST
    won = 0
    while heap and verdict is Verdict.LOST:
        _, neg = heapq.heappop(heap)
        node = -neg
        pos = state.pop(node)
        for step in children(pos):
            for move in step:
                pos.push(move)
            key = key_of(pos)
            if key in seen or dominated(pos, key, seen):
                for _ in step:
                    pos.pop()
                if deadline is not None and time.perf_counter() >= deadline:
                    verdict = Verdict.UNKNOWN
                    break
                continue
            seen.add(key)
            nodes += 1
            parent.append(node)
            step_of.append(step)
            depth.append(depth[node] + len(step))
            if pos.is_won():
                won = nodes
                verdict = Verdict.WINNABLE
                if not time_to_verify(deadline, depth[nodes]):
                    verdict = Verdict.UNKNOWN
                break
            if (max_nodes is not None and nodes >= max_nodes) or (
                deadline is not None and time.perf_counter() >= deadline
            ):
                verdict = Verdict.UNKNOWN
                break
            heapq.heappush(heap, (priority(pos), -nodes))
            state[nodes] = pos.copy(stack=False)
            for _ in step:
                pos.pop()
    line: tuple[Move, ...] = ()
    if verdict is Verdict.WINNABLE:
        steps: list[Step] = []
        node = won
        while node:
            steps.append(step_of[node])
            node = parent[node]
        line = tuple(m for step in reversed(steps) for m in step)
    return Result(verdict, line, nodes, time.perf_counter() - start, len(seen))
