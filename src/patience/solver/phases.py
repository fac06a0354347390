"""The phases of a solve of Gilbert and Big Apple (see :func:`engine.search`):
searches that may only find wins, each on its share of the budget, then the free
pool (Gilbert) and the complete search, which may prove a loss; in two lanes at
once (:data:`LANES`), where Gilbert's proof lane also looks for wins once the
free pool has reached its goal (:data:`PROOF_LANE_COMPLETE`). docs/solver.md,
"Phases", has the shares and the measurements behind them."""

from __future__ import annotations

import threading
import time

from patience.position import Position
from patience.rules import GameRules
from patience.solver import bestfirst, fast, nrpa, restarts, streamline
from patience.solver.engine import SolverError, single_search
from patience.solver.limits import MAX_TABLE, Limit, Result, Verdict
from patience.solver.pruning import free_pool, stock_pool, tableau_check

#: Gilbert's and Big Apple's solves run in two lanes (threads, each on its own
#: core), where the compiled engine is built and the budget has seconds: the
#: win-only phases in one, the free pool (Gilbert) and the complete search in the
#: other, each for the whole time, the node bound split between them. The first
#: lane to decide stops the other. (A budget of nodes alone keeps one lane, so
#: node-bounded solves repeat exactly.)
LANES = True
#: Budgets of fewer seconds keep one lane: for a few milliseconds (the site's
#: status check after a move) a thread and a second core are not worth it.
LANES_FROM = 0.1

#: The proof lane of a two-lane Gilbert solve, where the free pool reaches its
#: goal (it cannot prove the loss): the complete search on at most
#: ``PROOF_LANE_COMPLETE`` of the lane's budget, then a win-only search for the
#: rest (:func:`_lane_wins`: NRPA with a random state of its own, or in short
#: lanes the noisy best-first restarts from ``restarts.LANE_FIRST`` on).
#: Measured (docs/solver.md, "Wins in the proof lane"): after the free pool
#: reached its goal, the complete search proved the loss within 2 s or not at
#: all, and a third of those deals are won by noisy restarts within 60 s. Where
#: the lane runs NRPA, a free pool that stops open (at its share or its memory
#: guard) is followed the same way: after it, the complete search proved one
#: loss in a sample of 64 deals, within 0.5 s ("NRPA after an open free pool").
PROOF_LANE_COMPLETE = 0.25
#: The same part where that complete search goes over twin classes (lanes of
#: ``TWINS_FROM`` seconds or more: the deep budget and hints), which proves
#: losses and finds wins there that NRPA does not. Measured (docs/solver.md, "A
#: larger part for the class search"), on the 70 deals a deep run left
#: undecided and the 29 it decided after 2.5 s: 60 % decides 465, 478 and 874
#: too, 80 % also 105 (lost after 7.8 s: the edge, a benchmark run left it open),
#: 100 % loses 978 (the lane's NRPA wins it within a second of starting); none
#: loses another verdict. The benchmark: 93.0 % -> 93.4-93.5 % deep (two runs).
PROOF_LANE_CLASSES = 0.8

#: The proof lane of a two-lane solve of a game with a talon (Big Apple): its
#: complete search for at most ``PROOF_LANE_NODES`` positions, then the complete
#: restarts from ``restarts.LANE_FIRST`` on for the rest of the lane
#: (:func:`_after_guard`).
#: Measured (docs/solver.md, "A faster closure, and the proof lane's restarts"): in
#: the deep budget's solves of deals 1-1000 that complete search decided nothing
#: after 912,677 positions, and it reached its memory guard (3.5 million) only
#: after 9 s of 10, leaving the restarts nothing; with the cut, deals 1001-2000
#: lose no verdict and win 3 more.
PROOF_LANE_NODES = 1_000_000

#: Gilbert's complete search after the free pool goes over twin classes
#: (:mod:`patience.solver.pruning.twins`: 1.4-2.5 times fewer states to a loss)
#: where the budget has at least this many seconds: the deep budget and hints.
#: The short budgets keep the plain search, whose order finds their wins, as
#: before: measured (docs/solver.md, "The search over twin classes"), classes in
#: every proof lane gained nothing at the quick budget (0.2 s) beyond the
#: run-to-run noise, which is larger than any loss proof they could add there.
TWINS_FROM = 1.0

#: (share of the budget, phase, estimate variant) of a win-only phase
_Phase = tuple[Limit, str, int]


def run(position: Position, limit: Limit, *, native: bool) -> Result:
    """The phases (module doc) within ``limit``; ``native``: the compiled engine
    where it is built."""
    start = time.perf_counter()
    rules = position.rules
    proof_applies = free_pool.applies(rules) and any(position.hidden)
    # (with no face-down card the relaxed game's goal is reached at once)
    if (
        LANES
        and native
        and limit.seconds is not None
        and limit.seconds >= LANES_FROM
        and (fast.gilbert_like(rules) or fast.big_apple_like(rules))
        and fast.available(rules)
    ):
        return _two_lanes(position, limit, proof_applies)
    # The memory guard bounds each search's own table (single_search), not the
    # phases together: the win-only phases' tables are small or freed before the
    # complete search starts.
    won = _win_phases(position, limit, _win_shares(rules, limit), native=native)
    nodes, peak = won.nodes, won.peak_table
    if won.verdict is Verdict.WINNABLE:
        return Result(won.verdict, won.line, nodes, time.perf_counter() - start, peak)
    rest = _rest(limit, start, nodes)
    if rest is None:
        return Result(Verdict.UNKNOWN, (), nodes, time.perf_counter() - start, peak)
    share = free_pool.share(limit) if proof_applies else None
    return _then(start, nodes, peak, _proof_phases(position, rest, share, native=native))


def _then(start: float, nodes: int, peak: int, last: Result) -> Result:
    """``last``'s verdict and line, after earlier phases (since ``start``) that
    searched ``nodes`` positions with tables of at most ``peak``."""
    return Result(
        last.verdict,
        last.line,
        nodes + last.nodes,
        time.perf_counter() - start,
        max(peak, last.peak_table),
    )


def _win_shares(rules: GameRules, limit: Limit) -> list[_Phase]:
    """The win-only phases of ``rules`` in order, each with its part of ``limit``:
    where NRPA runs, less what it takes (``nrpa.TAKES``), without a phase left
    with none."""
    first: list[tuple[float, str, int]] = []
    if bestfirst.applies(rules):
        for variant in range(bestfirst.variants(rules)):
            first.append((bestfirst.fraction(rules), "best-first", variant))
    with_nrpa = nrpa.applies(rules) and nrpa.within(limit)
    if with_nrpa:
        first.append((nrpa.SHARE["stock"], "nrpa", 0))
    if restarts.streamlined_applies(rules):
        first.append((restarts.fraction(rules), "restarts", 0))
    if restarts.complete_applies(rules):
        first.append((restarts.fraction(rules, complete=True), "complete restarts", 0))
    if restarts.noisy_applies(rules):
        first.append((restarts.fraction(rules, noisy=True), "noisy restarts", 0))
    if streamline.phase_applies(rules):
        first.append((streamline.first_fraction(rules), "depth-first", 0))
    shares: list[_Phase] = []
    for fraction, phase, variant in first:
        # (rounded: what NRPA takes whole leaves exactly none, 0.15 - 0.095 0.055)
        left = round(fraction - nrpa.taken(phase), 9) if with_nrpa else fraction
        if left > 0:
            shares.append((limit.part(left), phase, variant))
    return shares


def _win_phases(
    position: Position,
    limit: Limit,
    phases: list[_Phase],
    *,
    native: bool,
    stop: bytearray | None = None,
    fill: bool = False,
) -> Result:
    """The win-only ``phases`` in order, each within its share and what is left of
    ``limit`` (``fill``: the last one within all that is left, so that the time a
    phase before it did not use is not lost; the win lane of a two-lane solve,
    where nothing runs after them): winnable with the first win, else unknown. A
    phase that exhausted the streamlined moves skips the later phases over them
    (they would repeat it), not the complete restarts; these exhausting the
    complete moves end the phases. They do not check tableaux by G+
    (:func:`_check`): measured, the checks' time cost them more wins than they
    brought (docs/solver.md, "The check by G+ in the searches")."""
    start = time.perf_counter()
    nodes, peak = 0, 0
    exhausted = False  # the streamlined moves, by an earlier phase
    for at, (share, phase, variant) in enumerate(phases):
        complete = phase == "complete restarts"
        if exhausted and not complete:
            continue
        rest = _rest(limit, start, nodes)
        if rest is None or (stop is not None and stop[0]):
            break
        last = fill and at == len(phases) - 1
        within = rest if last else _least(share, rest)
        if phase == "nrpa":
            if not native:
                continue
            part = single_search(
                position,
                within,
                nrpa=nrpa.WIN_LANE,
                seed=restarts.seed(0),
                stop=stop,
            )
        elif phase.endswith("restarts"):
            part = _restart_phase(
                position,
                within,
                native=native,
                noisy=phase == "noisy restarts",
                complete=complete,
                stop=stop,
            )
        else:
            part = single_search(
                position,
                within,
                native=native,
                streamlined=True,
                best_first=phase == "best-first",
                variant=variant,
                stop=stop,
            )
        nodes += part.nodes
        peak = max(peak, part.peak_table)
        if part.verdict is Verdict.WINNABLE:
            return Result(part.verdict, part.line, nodes, time.perf_counter() - start, peak)
        if part.verdict is Verdict.LOST:
            if complete:
                break
            exhausted = True
    return Result(Verdict.UNKNOWN, (), nodes, time.perf_counter() - start, peak)


def _proof_phases(
    position: Position,
    limit: Limit,
    relaxed_share: Limit | None,
    *,
    native: bool,
    stop: bytearray | None = None,
    lane: bool = False,
) -> Result:
    """The searches that may prove a loss, within ``limit``: the free pool on
    ``relaxed_share`` (``None``: it does not apply), then the complete search on
    the rest, where the free pool applies with the check by G+ of each new
    position's tableau (:mod:`tableau_check`). ``lane``: the proof lane of a
    two-lane solve, where a free pool that reached its goal (or, where the lane
    runs NRPA, stopped open at its share or its memory guard) leaves the complete
    search only :data:`PROOF_LANE_COMPLETE` of ``limit`` (over twin classes:
    :data:`PROOF_LANE_CLASSES`) and :func:`_lane_wins` the rest."""
    start = time.perf_counter()
    nodes, peak, rest = 0, 0, limit
    lane_wins = False  # the complete search for a while, then the lane's wins
    if relaxed_share is not None:
        relaxed = _free_pool(position, _least(relaxed_share, limit), native=native, stop=stop)
        nodes, peak = relaxed.nodes, relaxed.states
        if relaxed.lost:
            return Result(Verdict.LOST, (), nodes, time.perf_counter() - start, peak)
        # it reached its goal or (where the lane runs NRPA) stopped open
        lane_wins = lane and (relaxed.lost is False or _lane_nrpa(position, limit, native=native))
        left = _rest(limit, start, nodes)
        if left is None or (stop is not None and stop[0]):
            return Result(Verdict.UNKNOWN, (), nodes, time.perf_counter() - start, peak)
        rest = left
    check = _check(position, limit)
    twins = _twins(position, limit)
    if not lane_wins:
        if lane and position.rules.talon:
            rest = _least(Limit(nodes=PROOF_LANE_NODES), rest)
        last = single_search(position, rest, native=native, stop=stop, check=check, twins=twins)
        if lane and last.verdict is Verdict.UNKNOWN:
            last = _after_guard(position, limit, start, nodes, last, stop)
        return _then(start, nodes, peak, last)
    # The free pool did not prove the loss: the complete search for a while, then wins.
    part = PROOF_LANE_CLASSES if twins else PROOF_LANE_COMPLETE
    first = _least(limit.part(part), rest)
    complete = single_search(position, first, native=native, stop=stop, check=check, twins=twins)
    nodes, peak = nodes + complete.nodes, max(peak, complete.peak_table)
    left = _rest(limit, start, nodes)
    if complete.verdict is not Verdict.UNKNOWN or left is None or (stop is not None and stop[0]):
        return Result(complete.verdict, complete.line, nodes, time.perf_counter() - start, peak)
    wins = _lane_wins(position, limit, left, native=native, stop=stop)
    nodes, peak = nodes + wins.nodes, max(peak, wins.peak_table)
    if wins.verdict is Verdict.WINNABLE:
        return Result(wins.verdict, wins.line, nodes, time.perf_counter() - start, peak)
    left = _rest(limit, start, nodes)
    if wins.verdict is Verdict.UNKNOWN or left is None or (stop is not None and stop[0]):
        return Result(Verdict.UNKNOWN, (), nodes, time.perf_counter() - start, peak)
    # A restart exhausted the streamlined moves (every one would: no verdict); the
    # complete search again, on all that is left.
    last = single_search(position, left, native=native, stop=stop, check=check, twins=twins)
    return _then(start, nodes, peak, last)


def _twins(position: Position, limit: Limit) -> bool:
    """Whether the proof lane's complete search within ``limit`` goes over twin
    classes (:mod:`patience.solver.pruning.twins`): Gilbert's, from
    :data:`TWINS_FROM` seconds."""
    return (
        fast.gilbert_like(position.rules)
        and limit.seconds is not None
        and limit.seconds >= TWINS_FROM
    )


def _after_guard(
    position: Position,
    limit: Limit,
    start: float,
    nodes: int,
    complete: Result,
    stop: bytearray | None,
) -> Result:
    """The proof lane's ``complete`` search (after ``nodes`` positions since
    ``start``) ended open with time left in ``limit``: it stopped at
    :data:`PROOF_LANE_NODES` (Big Apple) or at its memory guard. The lane spends
    the rest on the complete restarts from ``restarts.LANE_FIRST`` on (where the
    game has them), the win lane's with other random states and
    ``restarts.LANE_COMPLETE_NODES`` positions each: winnable with their first
    win, else unknown."""
    left = _rest(limit, start, nodes + complete.nodes)
    if left is None or (stop is not None and stop[0]):
        return complete
    if not restarts.complete_applies(position.rules):
        return complete
    wins = _restart_phase(
        position, left, native=True, complete=True, first=restarts.LANE_FIRST, lane=True, stop=stop
    )
    verdict = Verdict.WINNABLE if wins.verdict is Verdict.WINNABLE else Verdict.UNKNOWN
    return Result(
        verdict,
        wins.line,
        complete.nodes + wins.nodes,
        complete.seconds + wins.seconds,
        max(complete.peak_table, wins.peak_table),
    )


def _lane_wins(
    position: Position, limit: Limit, left: Limit, *, native: bool, stop: bytearray | None
) -> Result:
    """The win-only search of the proof lane (within ``limit``) on ``left``, once
    the free pool did not prove the loss and the complete search had its part: NRPA
    (:mod:`nrpa`, with a random state and a level of its own) where it applies and the lane
    has at least ``stock_pool.FROM`` and ``nrpa.FROM`` seconds, else the noisy restarts from
    restart ``restarts.LANE_FIRST`` on. (Below that the free pool leaves out the
    stock pool and so reaches its goal on lost deals too, where the restarts'
    exhausting the streamlined moves hands the time back to the complete search;
    NRPA never exhausts them.)"""
    if _lane_nrpa(position, limit, native=native):
        seed = restarts.seed(nrpa.LANE_SEED)
        return single_search(position, left, nrpa=nrpa.PROOF_LANE, seed=seed, stop=stop)
    return _restart_phase(
        position, left, native=native, noisy=True, first=restarts.LANE_FIRST, stop=stop
    )


def _lane_nrpa(position: Position, limit: Limit, *, native: bool) -> bool:
    """Whether the proof lane within ``limit`` looks for wins with NRPA: where it
    applies and the lane has at least ``stock_pool.FROM`` and ``nrpa.FROM``
    seconds."""
    seconds = limit.seconds or 0.0
    return native and nrpa.applies(position.rules) and seconds >= max(nrpa.FROM, stock_pool.FROM)


def _check(position: Position, limit: Limit) -> int:
    """The states of the check by G+ (:mod:`tableau_check`) in the complete search
    of a solve within ``limit``: where the free pool applies and a card lies face
    down (else no tableau is ever dead), with a budget of nodes alone or of at
    least ``tableau_check.FROM`` seconds; else 0, no check."""
    if not (tableau_check.applies(position.rules) and any(position.hidden)):
        return 0
    if limit.seconds is not None and limit.seconds < tableau_check.FROM:
        return 0
    return tableau_check.STATES


def _win_part(rules: GameRules, limit: Limit) -> float:
    """The win-only phases' part of a sequential solve within ``limit`` (with
    seconds): in two lanes, the win lane's part of the node bound."""
    assert limit.seconds is not None
    win = sum(share.seconds or 0.0 for share, _, _ in _win_shares(rules, limit)) / limit.seconds
    assert 0 < win < 1, "the win-only phases leave the proofs a share"
    return win


def _lane(limit: Limit, part: float) -> Limit:
    """A lane of a two-lane solve within ``limit``: all its seconds, ``part`` of
    its nodes."""
    nodes = None if limit.nodes is None else max(1, int(limit.nodes * part))
    return Limit(nodes=nodes, seconds=limit.seconds)


def _proof_lane(limit: Limit, win: float) -> tuple[Limit, Limit]:
    """The proof lane of a two-lane solve within ``limit`` whose win lane has
    ``win`` of it (:func:`_win_part`), and the free pool's share in that lane (its
    sequential share, stretched as the lane is)."""
    assert limit.seconds is not None
    stretched = Limit(nodes=limit.nodes, seconds=limit.seconds / (1 - win))
    return _lane(limit, 1 - win), free_pool.share(stretched)


def _two_lanes(position: Position, limit: Limit, proof_applies: bool) -> Result:
    """:data:`LANES`: the win-only phases in a thread, the free pool (where
    ``proof_applies``) and the complete search in this one, both until
    ``limit.seconds``, with the shares of the sequential solve stretched to the
    whole time; ``limit.nodes`` is split as the sequential solve's shares split
    it."""
    start = time.perf_counter()
    rules = position.rules
    seconds = limit.seconds
    assert seconds is not None
    win = _win_part(rules, limit)
    win_phases = _win_shares(rules, Limit(nodes=limit.nodes, seconds=seconds / win))
    proof_lane, free_pool_share = _proof_lane(limit, win)
    relaxed_share = free_pool_share if proof_applies else None
    stop = bytearray(1)
    found: list[Result | BaseException] = []

    def win_lane() -> None:
        try:
            result = _win_phases(
                position, _lane(limit, win), win_phases, native=True, stop=stop, fill=True
            )
        except BaseException as error:  # re-raised in the caller's thread
            found.append(error)
            stop[0] = 1
            return
        found.append(result)
        if result.verdict is Verdict.WINNABLE:
            stop[0] = 1

    thread = threading.Thread(target=win_lane, name="patience-win-lane", daemon=True)
    thread.start()
    try:
        proof = _proof_phases(
            position, proof_lane, relaxed_share, native=True, stop=stop, lane=True
        )
    except BaseException:
        stop[0] = 1
        thread.join()
        raise
    if proof.verdict is not Verdict.UNKNOWN:
        stop[0] = 1
    thread.join()
    won = found[0]
    if isinstance(won, BaseException):
        raise won
    nodes = won.nodes + proof.nodes
    peak = max(won.peak_table, proof.peak_table)
    elapsed = time.perf_counter() - start
    if won.verdict is Verdict.WINNABLE:
        if proof.verdict is Verdict.LOST:
            raise SolverError("a lane proved a winnable position lost")
        return Result(won.verdict, won.line, nodes, elapsed, peak)
    return Result(proof.verdict, proof.line, nodes, elapsed, peak)


def _free_pool(
    position: Position,
    limit: Limit,
    *,
    native: bool,
    stop: bytearray | None = None,
    max_table: int = free_pool.MAX_STATES,
) -> free_pool.Outcome:
    """The free-pool relaxations (:mod:`free_pool`) within ``limit``: first the
    game G+ ("Cleared piles" there), which proves most losses in far fewer states
    than G; where it reaches its goal (mostly within a fraction of a second), a
    first look at the stock pool (:mod:`stock_pool`) without its check, on at
    most ``stock_pool.PEEK_NODES`` states and ``stock_pool.PEEK_PART`` of what is
    left, then the game G on what is left (docs/solver.md, "Cleared piles in the
    free pool", "A first look at the stock pool");
    where G reaches its goal too, the stock pool with its check on its share of
    what is left. The stock pool runs only where the position has a stock or a
    waste and ``limit`` at least ``stock_pool.FROM`` seconds (or none at all).
    ``max_table``: the compiled searches' memory guard (bench/free_pool.py sets
    its own)."""
    start = time.perf_counter()
    first = _relaxed(position, limit, native=native, stop=stop, cleared=True, max_table=max_table)
    if first.lost is not False:  # lost, or out of budget
        return first
    nodes, states = first.nodes, first.states
    with_stock = _stock_pool_applies(position, limit)
    rest = _rest(limit, start, nodes)
    if with_stock and rest is not None and not (stop is not None and stop[0]):
        peek_limit = _least(Limit(nodes=stock_pool.PEEK_NODES), rest.part(stock_pool.PEEK_PART))
        peek = _stock_pool(
            position, peek_limit, native=native, stop=stop, max_table=max_table, check=0
        )
        nodes, states = nodes + peek.nodes, max(states, peek.states)
        if peek.lost:
            return free_pool.Outcome(True, nodes, states)
        rest = _rest(limit, start, nodes)
    if rest is None or (stop is not None and stop[0]):
        return free_pool.Outcome(None, nodes, states)
    second = _relaxed(position, rest, native=native, stop=stop, cleared=False, max_table=max_table)
    nodes, states = nodes + second.nodes, max(states, second.states)
    if second.lost is not False or not with_stock:
        return free_pool.Outcome(second.lost, nodes, states)
    rest = _rest(limit, start, nodes)
    if rest is None or (stop is not None and stop[0]):
        return free_pool.Outcome(False, nodes, states)
    third = _stock_pool(
        position, rest.part(stock_pool.SHARE), native=native, stop=stop, max_table=max_table
    )
    return free_pool.Outcome(third.lost, nodes + third.nodes, max(states, third.states))


def _stock_pool_applies(position: Position, limit: Limit) -> bool:
    """The free-pool phase runs the stock pool on ``position`` within ``limit``: it
    applies, the position has a stock or a waste, and ``limit`` has at least
    ``stock_pool.FROM`` seconds (or no bound of seconds)."""
    layout = position.layout
    return (
        (limit.seconds is None or limit.seconds >= stock_pool.FROM)
        and stock_pool.applies(position)
        and bool(position.piles[layout.stock] or position.piles[layout.waste])
    )


def _stock_pool(
    position: Position,
    limit: Limit,
    *,
    native: bool,
    stop: bytearray | None,
    max_table: int,
    check: int = stock_pool.CHECK,
) -> free_pool.Outcome:
    """The stock pool within ``limit`` (``check``: the states of each check by G+,
    0: none), as :func:`_relaxed` runs the free pool."""
    rules = position.rules
    if native and fast.gilbert_like(rules) and fast.available(rules):
        return fast.stock_pool_search(position, limit, max_table, stop, check=check)
    deadline = None if limit.seconds is None else time.perf_counter() + limit.seconds
    return stock_pool.search(
        position, limit.nodes, max_table=MAX_TABLE["python"] // 2, deadline=deadline, check=check
    )


def _relaxed(
    position: Position,
    limit: Limit,
    *,
    native: bool,
    stop: bytearray | None,
    cleared: bool,
    max_table: int,
) -> free_pool.Outcome:
    """One relaxed search within ``limit``: compiled where it is built (``stop``
    as in :func:`single_search`), else in Python with a smaller memory guard (a
    state takes about 1.5 KB there)."""
    rules = position.rules
    if native and fast.gilbert_like(rules) and fast.available(rules):
        return fast.free_pool_search(position, limit, max_table, stop, cleared=cleared)
    deadline = None if limit.seconds is None else time.perf_counter() + limit.seconds
    guard = MAX_TABLE["python"] // 2
    return free_pool.search(
        position, limit.nodes, max_table=guard, deadline=deadline, cleared=cleared
    )


def _restart_phase(
    position: Position,
    limit: Limit,
    *,
    native: bool,
    noisy: bool = False,
    complete: bool = False,
    stop: bytearray | None = None,
    first: int = 0,
    lane: bool = False,
) -> Result:
    """The randomized restarts (:mod:`restarts`) ``first``, ``first + 1``, ...
    within ``limit``, of the
    streamlined depth-first search, (``noisy``) of the best-first search or
    (``complete``) of the complete depth-first search, each of
    ``restarts.restart_nodes`` positions (``lane``: the proof lane's): winnable with the first
    restart's win; lost when a restart exhausted its moves (every other one would
    too: the phase ends; a verdict of the win-only phases, not a proof); else
    unknown."""
    assert not (noisy and complete), "the noisy restarts are best-first"
    start = time.perf_counter()
    each = restarts.restart_nodes(position.rules, noisy=noisy, complete=complete, lane=lane)
    nodes, peak, i = 0, 0, first
    while (rest := _rest(limit, start, nodes)) is not None and not (stop and stop[0]):
        part = single_search(
            position,
            _least(Limit(nodes=each), rest),
            native=native,
            streamlined=not complete,
            best_first=noisy,
            seed=restarts.seed(i),
            stop=stop,
        )
        nodes += part.nodes
        peak = max(peak, part.peak_table)
        if part.verdict is not Verdict.UNKNOWN:
            return Result(part.verdict, part.line, nodes, time.perf_counter() - start, peak)
        i += 1
    return Result(Verdict.UNKNOWN, (), nodes, time.perf_counter() - start, peak)


def _rest(limit: Limit, start: float, used: int) -> Limit | None:
    """What is left of ``limit`` after ``used`` nodes since ``start`` (``None``:
    nothing)."""
    nodes = None if limit.nodes is None else limit.nodes - used
    seconds = None if limit.seconds is None else limit.seconds - (time.perf_counter() - start)
    if (nodes is not None and nodes < 1) or (seconds is not None and seconds <= 0):
        return None
    return Limit(nodes=nodes, seconds=seconds)


def _least(a: Limit, b: Limit) -> Limit:
    """The smaller bound of each kind."""

    def low(x: float | None, y: float | None) -> float | None:
        return y if x is None else x if y is None else min(x, y)

    nodes = low(a.nodes, b.nodes)
    return Limit(nodes=None if nodes is None else int(nodes), seconds=low(a.seconds, b.seconds))
