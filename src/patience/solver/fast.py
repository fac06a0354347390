"""The compiled searches, when they are built: ``_bisley.c`` for Bisley-like games,
``_gilbert.c`` for Gilbert and ``_bigapple.c`` for Big Apple.

Each runs the same algorithm as :mod:`patience.solver.engine` with the rules that
apply to its game (Bisley: safe foundation moves, dead cards, stubborn sets;
Gilbert: the safe Ace rule, symmetry, the stock macros and the stock order
rule, and the best-first search of ``bestfirst.py``; Big Apple: the safe Ace rule,
symmetry, the dead ends of ``talon_wait`` and ``talon_room``, and the best-first
search; all: the same
move order and a canonical transposition table),
about a hundred times faster. They are
accelerators, not second rules engines of record: their winning lines are replayed
through the Python rules before they are returned, and the tests check that their
verdicts, node counts and lines equal the Python engine's.

Without a C compiler the package still works: ``available`` is then false and the
Python engine is used.
"""

from __future__ import annotations

import importlib
import time
from typing import Any

from patience.cards import ACE, KING, RANK, SUITS
from patience.position import Move, Position
from patience.rules import Build, Direction, Foundations, GameRules, Kind, Stock, Unit
from patience.solver.limits import MAX_TABLE, Limit, Result, Verdict
from patience.solver.pruning import free_pool, stock_pool, stubborn


def _load(name: str) -> Any:
    try:
        return importlib.import_module(f"patience.solver.{name}")
    except ImportError:  # pragma: no cover - no compiler where it was installed
        return None


_native: Any = _load("_bisley")
_gilbert: Any = _load("_gilbert")
_bigapple: Any = _load("_bigapple")

_VERDICTS = (Verdict.WINNABLE, Verdict.LOST, Verdict.UNKNOWN)


def bisley_like(rules: GameRules) -> bool:
    """``_bisley.c`` handles ``rules``: stubborn sets apply, 13 columns, foundations
    up from Aces or down from Kings."""
    if not stubborn.applies(rules) or rules.tableau.count != 13:
        return False
    return all(
        (g.base == ACE and g.direction is Direction.UP)
        or (g.base == KING and g.direction is Direction.DOWN)
        for g in rules.foundations
    )


_GILBERT_FOUNDATIONS = (
    (4, ACE, Direction.UP, SUITS, True),
    (4, KING, Direction.DOWN, SUITS, True),
)


def _foundation_shape(g: Foundations) -> tuple[object, ...]:
    return (g.count, g.base, g.direction, g.suits, g.play_back)


def gilbert_like(rules: GameRules) -> bool:
    """``_gilbert.c`` handles ``rules``: Gilbert's piles and rules (the deal itself
    may differ: the search starts from any position)."""
    tab = rules.tableau
    return (
        rules.decks == 1
        and tuple(_foundation_shape(g) for g in rules.foundations) == _GILBERT_FOUNDATIONS
        and rules.cells == 0
        and not rules.talon
        and rules.stock == Stock(deal_count=3, redeal=True)
        and tab.count == 7
        and tab.build is Build.ALTERNATE_COLOUR
        and tab.direction is Direction.DOWN
        and tab.unit is Unit.BUILD_RUN
        and tab.empty_from == frozenset({Kind.TABLEAU, Kind.WASTE, Kind.FOUNDATION})
        and tab.empty_rank == 7
    )


def big_apple_like(rules: GameRules) -> bool:
    """``_bigapple.c`` handles ``rules``: Big Apple's piles and rules."""
    tab = rules.tableau
    return (
        rules.decks == 2
        and tuple(_foundation_shape(g) for g in rules.foundations)
        == ((8, ACE, Direction.UP, None, True),)
        and rules.cells == 3
        and rules.talon
        and rules.stock is None
        and tab.count == 8
        and tab.build is Build.ANY_SUIT
        and tab.direction is Direction.DOWN
        and tab.unit is Unit.SAME_SUIT_RUN
        and tab.empty_from == frozenset({Kind.TALON, Kind.CELL})
        and tab.empty_rank is None
        and tab.face_up is None
    )


def available(rules: GameRules) -> bool:
    """A compiled search is built and handles ``rules``."""
    if bisley_like(rules):
        return _native is not None
    if big_apple_like(rules):
        return _bigapple is not None
    return gilbert_like(rules) and _gilbert is not None


def table_cap(rules: GameRules) -> int:
    """The memory guard (positions in the table) of the compiled search of
    ``rules``: Big Apple's keys are longer (128 bytes against 72 and 80)."""
    return MAX_TABLE["compiled-big-apple" if big_apple_like(rules) else "compiled"]


def search(
    position: Position,
    limit: Limit,
    *,
    streamlined: bool = False,
    best_first: bool = False,
    variant: int = 0,
    seed: int = 0,
    stop: bytearray | None = None,
    check: int = 0,
    nrpa: tuple[int, int] | None = None,
    twins: bool = False,
) -> Result:
    """Search ``position`` with the compiled engine (see the module doc);
    ``streamlined``: the streamlined search of :mod:`patience.solver.streamline`
    (Gilbert and Big Apple); ``best_first``: the best-first search of
    :mod:`patience.solver.bestfirst` over those moves (Gilbert and Big Apple) with
    its estimate ``variant`` (Big Apple has two); ``seed``: the depth-first search
    shuffles the children with this random state (:mod:`restarts`; 0: never), and
    Gilbert's best-first search adds noise to its estimate; ``stop`` (Gilbert, Big
    Apple): the search ends, unknown, once another thread sets ``stop[0]``
    (phases.py's lanes); ``check`` (Gilbert, depth-first): each new position's
    tableau is checked by G+ with at most this many states while the checks pay
    (adaptive), a dead one not searched
    (:mod:`patience.solver.pruning.tableau_check`; 0: never); ``nrpa``
    (Gilbert): the phase of :mod:`patience.solver.nrpa` instead, with the random
    state ``seed``, at this level with this many iterations a level
    (:data:`patience.solver.nrpa.WIN_LANE` or ``PROOF_LANE``); ``twins``
    (Gilbert, depth-first, not streamlined): the complete search over twin classes
    (:mod:`patience.solver.pruning.twins`), whose line holds the flips too."""
    assert not (check and best_first), "the check is the depth-first searches'"
    if gilbert_like(position.rules):
        assert nrpa is None or (seed and not (check or best_first)), "NRPA takes a seed alone"
        assert not variant, "one estimate for Gilbert"
        assert not twins or not (streamlined or best_first or nrpa), "twins: the complete search"
        mode = int(streamlined) | 2 * int(best_first) | 4 * int(nrpa is not None) | 8 * int(twins)
        return _search_gilbert(position, limit, mode, seed, stop, check, nrpa or (0, 0))
    assert not check, "the check by G+ is Gilbert's"
    assert nrpa is None, "NRPA is Gilbert's"
    assert not twins, "twin classes are Gilbert's"
    if big_apple_like(position.rules):
        assert not (seed and best_first), "no noisy best-first search for Big Apple"
        mode = int(streamlined) | 2 * int(best_first) | 4 * variant
        return _search_big_apple(position, limit, mode, seed, stop)
    assert stop is None, "the Bisley engine takes no stop flag"
    assert not streamlined and not best_first, "no streamlined or best-first search for Bisley"
    assert not seed, "no randomized restarts for Bisley"
    assert not variant, "one estimate for Bisley"
    return _search_bisley(position, limit)


def _seconds_left(start: float, limit: Limit) -> float:
    """What is left of the budget's seconds (0.0: no time bound)."""
    if limit.seconds is None:
        return 0.0
    return max(1e-6, start + limit.seconds - time.perf_counter())


def _search_gilbert(
    position: Position,
    limit: Limit,
    mode: int,
    seed: int,
    stop: bytearray | None,
    check: int,
    nrpa: tuple[int, int],
) -> Result:
    """``mode``: 1 streamlined, 2 best-first, 4 NRPA at the level and with the
    iterations a level ``nrpa``, 8 over twin classes (the engine's ``mode``,
    ``level`` and ``iterations`` arguments);
    ``seed``: the random state of the shuffled children (0: none); ``stop`` and
    ``check``: see :func:`search`."""
    start = time.perf_counter()
    layout = position.layout
    piles = position.piles
    # the library's pile numbering is the compiled engine's (see _gilbert.c)
    assert layout.foundations == tuple(range(8)) and layout.tableau == tuple(range(8, 15))
    assert (layout.stock, layout.waste) == (15, 16)
    up = [len(piles[f]) for f in range(4)]
    down = [14 - len(piles[f]) for f in range(4, 8)]
    columns = [list(piles[t]) for t in layout.tableau]
    hidden = [position.hidden[t] for t in layout.tableau]
    code, raw_line, nodes, peak = _gilbert.solve(
        columns,
        hidden,
        up,
        down,
        list(piles[layout.stock]),
        list(piles[layout.waste]),
        limit.nodes or 0,
        _seconds_left(start, limit),
        mode,
        seed,
        stop,
        check,
        *nrpa,
    )
    line = tuple(Move(src, dst, n) for src, dst, n in raw_line)
    return Result(_VERDICTS[code], line, nodes, time.perf_counter() - start, peak)


def free_pool_search(
    position: Position,
    limit: Limit,
    max_table: int,
    stop: bytearray | None = None,
    *,
    cleared: bool = False,
) -> free_pool.Outcome:
    """The free-pool relaxation (:mod:`patience.solver.pruning.free_pool`) of a
    Gilbert-like position in the compiled engine: the same outcome as
    ``free_pool.search`` with the same ``cleared`` (node counts too, but where the
    clock or ``stop``, as in :func:`search`, stops it)."""
    assert gilbert_like(position.rules)
    return _pool(position, limit, max_table, stop, int(cleared))


def stock_pool_search(
    position: Position,
    limit: Limit,
    max_table: int,
    stop: bytearray | None = None,
    *,
    check: int = stock_pool.CHECK,
) -> free_pool.Outcome:
    """The stock pool (:mod:`patience.solver.pruning.stock_pool`) in the compiled
    engine: the same outcome as ``stock_pool.search`` with the same ``check``
    (node counts too, but where the clock or ``stop`` stops it)."""
    assert stock_pool.applies(position)
    layout = position.layout
    stock = [list(position.piles[layout.stock]), list(position.piles[layout.waste]), check]
    return _pool(position, limit, max_table, stop, 1, *stock)


def _pool(
    position: Position, limit: Limit, max_table: int, stop: bytearray | None, *args: Any
) -> free_pool.Outcome:
    """``_gilbert.free_pool`` on ``position``'s tableau, then ``args`` (cleared, and
    for the stock pool the stock, the waste and the check's states)."""
    start = time.perf_counter()
    assert _gilbert is not None
    up, down = free_pool.directions(position.rules)
    code, nodes, states = _gilbert.free_pool(
        [list(position.piles[t]) for t in position.layout.tableau],
        [position.hidden[t] for t in position.layout.tableau],
        int(up),
        int(down),
        position.rules.tableau.empty_rank,
        limit.nodes or 0,
        max_table,
        _seconds_left(start, limit),
        stop,
        *args,
    )
    return free_pool.Outcome((False, True, None)[code], nodes, states)


def _big_apple_piles(position: Position) -> list[Any]:
    """The compiled Big Apple engine's first four arguments: foundations, cells,
    tableau piles, talon."""
    layout = position.layout
    piles = position.piles
    # the library's pile numbering is the compiled engine's (see _bigapple.c)
    assert layout.foundations == tuple(range(8)) and layout.cells == (8, 9, 10)
    assert layout.tableau == tuple(range(11, 19)) and layout.talon == 19
    return [
        [list(piles[f]) for f in layout.foundations],
        [list(piles[c]) for c in layout.cells],
        [list(piles[t]) for t in layout.tableau],
        list(piles[layout.talon]),
    ]


def shorten_big_apple(position: Position, line: tuple[Move, ...]) -> tuple[Move, ...]:
    """:func:`patience.solver.lines.shorten` in the compiled Big Apple engine (the
    same line; ``ValueError`` for a move that is not legal where it is made). The
    compiled search shortens the same way a won line too long to replay before its
    deadline; :mod:`hints` uses this for a new search's line."""
    assert big_apple_like(position.rules) and _bigapple is not None
    short = _bigapple.shorten(*_big_apple_piles(position), [tuple(m) for m in line])
    return tuple(Move(src, dst, n) for src, dst, n in short)


def _search_big_apple(
    position: Position, limit: Limit, mode: int, seed: int, stop: bytearray | None
) -> Result:
    """``mode``: 1 streamlined, 2 best-first, 4 its second estimate (the engine's
    ``mode`` argument); ``seed`` and ``stop`` as for Gilbert."""
    start = time.perf_counter()
    code, raw_line, nodes, peak = _bigapple.solve(
        *_big_apple_piles(position),
        limit.nodes or 0,
        _seconds_left(start, limit),
        mode,
        seed,
        stop,
    )
    line = tuple(Move(src, dst, n) for src, dst, n in raw_line)
    return Result(_VERDICTS[code], line, nodes, time.perf_counter() - start, peak)


def _search_bisley(position: Position, limit: Limit) -> Result:
    start = time.perf_counter()
    layout = position.layout
    piles = position.piles
    up, down = [0] * 4, [14] * 4
    has_up, has_down = [False] * 4, [False] * 4
    up_pile, down_pile = [0] * 4, [0] * 4
    for f in layout.foundations:
        suit = layout.found_suit[f]
        pile = piles[f]
        if layout.found_step[f] == 1:
            has_up[suit], up_pile[suit] = True, f
            up[suit] = RANK[pile[-1]] if pile else 0
        else:
            has_down[suit], down_pile[suit] = True, f
            down[suit] = RANK[pile[-1]] if pile else 14
    columns = [list(piles[t]) for t in layout.tableau]
    # the clock started above: the compiled search gets what is left of the budget
    seconds = _seconds_left(start, limit)
    code, raw_line, nodes, peak = _native.solve(
        columns, up, down, has_up, has_down, limit.nodes or 0, seconds
    )
    verdict = _VERDICTS[code]
    tableau = layout.tableau
    line: list[Move] = []
    for src, dst in raw_line:
        if dst < 13:
            target = tableau[dst]
        elif dst < 17:
            target = up_pile[dst - 13]
        else:
            target = down_pile[dst - 17]
        line.append(Move(tableau[src], target, 1))
    return Result(verdict, tuple(line), nodes, time.perf_counter() - start, peak)
