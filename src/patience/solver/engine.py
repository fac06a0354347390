"""The search: depth-first over positions, with a transposition table of canonical
keys, safe moves, symmetry pruning, dead-card detection and move ordering.

It sees the library only through ``Position``: ``legal_moves``, ``push``/``pop``,
``canonical_key`` and ``is_won`` (plus the rule record, to decide which pruning
rules apply). ``lost`` is returned only when the search has exhausted every
position reachable under the pruning rules, each of which is proved safe in its
module.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from patience.movegen import generate_moves
from patience.position import Move, Position
from patience.rules import GameRules
from patience.solver import bestfirst, fast, ordering, restarts, streamline
from patience.solver.limits import MAX_TABLE, Limit, Result, Verdict
from patience.solver.pruning import (
    dead_cards,
    frozen,
    safe_moves,
    stock_macros,
    stock_order,
    stubborn,
    symmetry,
    tableau_check,
    talon_room,
    talon_wait,
)

#: Time to replay one move of a winning line through the rules, as the searches
#: reckon it when they find a win (measured on the AMD EPYC host: 19 microseconds a
#: move in Big Apple and in Gilbert, 15 in Bisley; the Intel Xeon host takes about
#: twice as long). The replay itself stops at the deadline (:func:`verify_line`),
#: so an estimate that is too low costs a win, never the budget.
VERIFY_SECONDS = 5e-5


class SolverError(RuntimeError):
    """The solver found a line the rules do not accept (a bug, never user input)."""


Step = tuple[Move, ...]


class Plain:
    """No pruning at all: every legal move, exact keys. Only for checking the
    pruning rules against (it is far slower)."""

    def children(self, pos: Position) -> list[Step]:
        return [(move,) for move in generate_moves(pos)]

    def key(self, pos: Position) -> bytes:
        return pos.key()

    def dominated(self, pos: Position, key: bytes, seen: set[bytes]) -> bool:
        """A position of ``seen`` makes ``pos`` (whose key is ``key``) needless."""
        return False


class Strategy(Plain):
    """The pruning rules that apply to one game, chosen from its rule record.
    ``streamlined``: the restricted moves of :mod:`streamline` only (a search
    that may only find wins, never prove a loss)."""

    def __init__(self, rules: GameRules, *, streamlined: bool = False) -> None:
        self.streamlined = streamlined
        self.every_foundation_move = safe_moves.rule_all_foundation_moves(rules)
        self.aces = safe_moves.rule_aces(rules)
        self.dead: Callable[[Position], bool] | None = None
        if dead_cards.applies(rules):
            self.dead = dead_cards.has_dead_card
        elif talon_room.applies(rules):
            self.dead = _talon_dead
        self.stubborn = stubborn.applies(rules)
        self.stock = stock_macros.applies(rules)
        self.stock_order = stock_order.applies(rules)

    def children(self, pos: Position) -> list[Step]:
        """The steps (one move, or a stock macro) to search from ``pos``, best
        first; ``[]`` for a dead end."""
        moves = generate_moves(pos)
        if self.aces:
            moves = safe_moves.without_ace_play_back(pos, moves)
        if not moves:
            return []
        if self.streamlined:
            moves = streamline.restrict(pos, moves)
            if not moves:
                return []
        safe = safe_moves.safe_move(pos, moves, self.every_foundation_move, self.aces)
        if safe is not None:
            return [(safe,)]
        if self.dead is not None and self.dead(pos):
            return []
        moves = symmetry.first_empty_only(pos, moves)
        if self.stubborn:
            moves = stubborn.reduce(pos, moves)
        moves = ordering.ordered(pos, moves)
        if self.stock:
            return stock_macros.steps(pos, moves)
        return [(move,) for move in moves]

    def key(self, pos: Position) -> bytes:
        if self.stock_order:
            return stock_order.key(pos)
        return pos.canonical_key()

    def dominated(self, pos: Position, key: bytes, seen: set[bytes]) -> bool:
        return self.stock_order and stock_order.dominated(pos, key, seen)


def _talon_dead(pos: Position) -> bool:
    """Big Apple's dead ends: :mod:`talon_wait` (checked first),
    :mod:`talon_room` or :mod:`frozen`."""
    return talon_wait.is_stuck(pos) or talon_room.is_jammed(pos) or frozen.is_dead(pos)


_STRATEGIES: dict[tuple[str, bool], Strategy] = {}


def strategy_of(rules: GameRules, *, streamlined: bool = False) -> Strategy:
    strategy = _STRATEGIES.get((rules.id, streamlined))
    if strategy is None:
        strategy = _STRATEGIES[rules.id, streamlined] = Strategy(rules, streamlined=streamlined)
    return strategy


def search(position: Position, limit: Limit, *, prune: bool = True, native: bool = True) -> Result:
    """Search from ``position`` (left unchanged) within ``limit``.

    ``prune=False`` searches every legal move with exact keys (for tests that
    check the pruning rules never change a verdict). With ``native`` (the default)
    the compiled engine is used where it is built and applies (``fast.py``).

    Where :mod:`streamline` applies (Gilbert, Big Apple), searches that may only
    find wins come first, each on its share of the budget: the best-first search
    (:mod:`bestfirst`), the randomized restarts (:mod:`restarts`), then the
    streamlined depth-first search. Unless one wins, where :mod:`free_pool`
    applies (Gilbert) its relaxed game gets its share and may prove the position
    lost; else the complete search gets the rest. ``nodes`` and ``seconds``
    of the result count every phase, and the budget bounds them all together.
    With a budget of seconds, the win-only phases run beside the others, in a
    second thread (:data:`patience.solver.phases.LANES`)."""
    if prune and streamline.applies(position.rules):
        from patience.solver import phases  # it runs single_search: imported late

        return phases.run(position, limit, native=native)
    return single_search(position, limit, prune=prune, native=native)


def single_search(
    position: Position,
    limit: Limit,
    *,
    prune: bool = True,
    native: bool = True,
    streamlined: bool = False,
    best_first: bool = False,
    variant: int = 0,
    seed: int = 0,
    stop: bytearray | None = None,
    check: int = 0,
    nrpa: tuple[int, int] | None = None,
    twins: bool = False,
) -> Result:
    """One search: depth-first (the complete one, or the streamlined one), or with
    ``best_first`` the best-first search of :mod:`bestfirst` (streamlined moves)
    with its estimate ``variant``. With ``seed`` (a random state, :mod:`restarts`)
    the depth-first search shuffles every position's children, the best-first
    search adds noise to its estimate. The compiled Gilbert and Big Apple engines
    also end, unknown, once another thread sets ``stop[0]`` (:mod:`phases`); the
    others ignore ``stop``. With ``check`` (Gilbert, depth-first) each new
    position's tableau is first checked by G+ with at most that many states
    while the checks pay (:mod:`tableau_check`, adaptive), and a dead one is a
    dead end; ``nodes`` counts the checks' states too, and the node bound bounds
    both together. ``nrpa``: the phase of :mod:`nrpa` with the random state
    ``seed`` at this level and with this many iterations a level
    (:data:`nrpa.WIN_LANE`, :data:`nrpa.PROOF_LANE`; the compiled Gilbert engine
    only). ``twins`` (Gilbert, the complete search): the compiled engine searches
    over twin classes (:mod:`patience.solver.pruning.twins`); the Python engine
    searches positions as without it."""
    assert not (seed and not prune), "only the pruned searches take a random state"
    assert not check or (prune and not best_first and tableau_check.applies(position.rules))
    assert not twins or (prune and not (streamlined or best_first or seed)), "twins: complete"
    start = time.perf_counter()
    if nrpa is not None:
        assert native and prune and fast.available(position.rules), "NRPA is compiled only"
        result = fast.search(position, limit, nrpa=nrpa, seed=seed, stop=stop)
        return _verified(position, result, limit, start)
    if prune and native and fast.available(position.rules):
        cap = fast.table_cap(position.rules)
        result = fast.search(
            position,
            _guarded(limit, min(cap, bestfirst.MAX_POSITIONS) if best_first else cap),
            streamlined=streamlined,
            best_first=best_first,
            variant=variant,
            seed=seed,
            stop=None if fast.bisley_like(position.rules) else stop,
            check=check,
            twins=twins and fast.gilbert_like(position.rules),
        )
        return _verified(position, result, limit, start)
    # Big Apple's frozen closures look at the clock (a large one takes a second here)
    with frozen.deadline(None if limit.seconds is None else start + limit.seconds):
        return _python_search(
            position, limit, start, prune, streamlined, best_first, variant, seed, check
        )


def _python_search(
    position: Position,
    limit: Limit,
    start: float,
    prune: bool,
    streamlined: bool,
    best_first: bool,
    variant: int,
    seed: int,
    check: int,
) -> Result:
    """:func:`single_search` in the Python engine (started at ``start``)."""
    if best_first:
        assert prune and streamlined, "the best-first search is over the streamlined moves"
        streamlined_moves = strategy_of(position.rules, streamlined=True)
        result = bestfirst.search(
            position,
            _guarded(limit, MAX_TABLE["python"]),
            streamlined_moves.children,
            streamlined_moves.key,
            _time_to_verify,
            streamlined_moves.dominated,
            variant,
            seed,
        )
        return _verified(position, result, limit, start)
    pos = position.copy(stack=False)
    if pos.is_won():
        return Result(Verdict.WINNABLE, (), 0, 0.0, 0)
    strategy: Plain = strategy_of(pos.rules, streamlined=streamlined) if prune else Plain()
    children = strategy.children
    if seed:
        rng = restarts.Rng(seed)

        def children(pos: Position) -> list[Step]:
            steps = strategy.children(pos)
            restarts.shuffle(pos, steps, rng)
            return steps

    key_of = strategy.key
    dominated = strategy.dominated
    checker = tableau_check.Check(pos.rules, check, adaptive=True) if check else None
    max_nodes = _guarded(limit, MAX_TABLE["python"]).nodes
    deadline = None if limit.seconds is None else start + limit.seconds
    seen = {key_of(pos)}
    stack = [iter(children(pos))]
    path: list[Step] = []
    nodes = 0
    verdict = Verdict.LOST
    depth = 0  # moves on the current path
    while stack:
        if deadline is not None and time.perf_counter() >= deadline:
            verdict = Verdict.UNKNOWN
            break
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if path:
                for _ in path.pop():
                    pos.pop()
                    depth -= 1
            continue
        for move in step:
            pos.push(move)
        key = key_of(pos)
        if key in seen or dominated(pos, key, seen):
            for _ in step:
                pos.pop()
            continue
        seen.add(key)
        nodes += 1
        path.append(step)
        depth += len(step)
        if pos.is_won():
            verdict = Verdict.WINNABLE
            if not _time_to_verify(deadline, depth):
                verdict = Verdict.UNKNOWN
            break
        spent = nodes + (checker.nodes if checker else 0)
        if max_nodes is not None and spent >= max_nodes:
            verdict = Verdict.UNKNOWN
            break
        if checker and checker.position_dead(pos, None if max_nodes is None else max_nodes - spent):
            stack.append(iter(()))  # a dead end: no children
            continue
        stack.append(iter(children(pos)))
    if checker:
        nodes += checker.nodes
    if max_nodes is not None:
        nodes = min(nodes, max_nodes)
    line = tuple(m for step in path for m in step) if verdict is Verdict.WINNABLE else ()
    result = Result(verdict, line, nodes, time.perf_counter() - start, len(seen))
    return _verified(position, result, limit, start)


def _verified(position: Position, result: Result, limit: Limit, start: float) -> Result:
    """``result`` of a search started at ``start`` within ``limit``, once its line
    (if any) is replayed (:func:`verify_line`); unknown if the replay ran into the
    deadline: the budget is a hard stop, and an unchecked line is never returned."""
    deadline = None if limit.seconds is None else start + limit.seconds
    if not result.line or verify_line(position, result.line, deadline=deadline):
        return result
    elapsed = time.perf_counter() - start
    return Result(Verdict.UNKNOWN, (), result.nodes, elapsed, result.peak_table)


def _time_to_verify(deadline: float | None, moves: int) -> bool:
    """A winning line of ``moves`` moves can still be replayed (about
    VERIFY_SECONDS a move) before ``deadline``: the budget is a hard stop, so a
    win found too late to check its line is given up (unknown), as is one whose
    replay runs into the deadline all the same (:func:`_verified`). The search itself
    runs to the deadline, so that a lost proof gets the whole budget. (The compiled
    Big Apple engine first shortens such a line, :func:`fast.shorten_big_apple`,
    and gives up only if the short line is still too long: so a time-bound solve
    of it may win where this engine gives up.)"""
    return deadline is None or time.perf_counter() + moves * VERIFY_SECONDS < deadline


def _guarded(limit: Limit, cap: int) -> Limit:
    """``limit`` with its node bound lowered to the memory guard ``cap``."""
    if limit.nodes is not None and limit.nodes <= cap:
        return limit
    return Limit(nodes=cap, seconds=limit.seconds)


def verify_line(
    position: Position, line: tuple[Move, ...], *, deadline: float | None = None
) -> bool:
    """Replay ``line`` from ``position`` through the rules (each move checked);
    raise :class:`SolverError` unless it ends in a won position. With ``deadline``
    (a :func:`time.perf_counter` time) the replay stops once it has passed, and
    the answer is False (the line is not checked); else True."""
    probe = position.copy(stack=False)
    for i, move in enumerate(line):
        if deadline is not None and i % 32 == 31 and time.perf_counter() >= deadline:
            return False
        if not probe.is_legal(move):
            raise SolverError(f"solver line has an illegal move {move!r}")
        probe.push(move)
    if not probe.is_won():
        raise SolverError("solver line does not win")
    return True
