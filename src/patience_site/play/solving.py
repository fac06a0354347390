"""Long solver searches (hints, a Solvable deal when the pool has none) off the
request path: they run in a separate process with a hard time limit, so a slow
search never holds the web worker's interpreter, and a search that overstays is
killed, not waited for.

One search at a time per web process: a request waits for the solver (at most
``WAIT`` seconds, else it gets ``unknown`` at once), so that its time limit counts
its own search only and a kill only ever stops the search that overstayed. The
solver process runs niced (``NICE``) and, on Linux, as ``SCHED_IDLE``: the kernel
gives page and move requests the CPU first, and hints what they leave over.

This module imports no Django: the solver process only needs the library.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from patience import Position
from patience.notation import format_move, parse_move
from patience.solver import Limit, Verdict, hint, winnable_deal

#: Seconds a search may overstay its own budget before its process is killed.
GRACE = 2.0
#: Seconds a request waits for the solver while another request's search runs.
WAIT = 5.0
#: The solver process's niceness (added to the web worker's).
NICE = 10

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_turn = threading.Lock()  # held while this process's search runs


def _nice() -> None:  # pragma: no cover - runs in the solver process
    """Lowest priority: niced, and (Linux) ``SCHED_IDLE``, so that the solver gets a
    core only while no page or move request wants one."""
    os.nice(NICE)
    with contextlib.suppress(AttributeError, OSError):  # not Linux or not allowed: niced
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def _search(game: str, deal: int, moves: list[str], limit: Limit) -> tuple[str, list[str]]:
    """In the solver process: the verdict and a (shortened) winning line, as text."""
    pos = Position.deal(game, deal)
    for text in moves:
        pos.push(parse_move(pos, text))
    found = hint(pos, limit)
    texts = []
    for move in found.line:
        texts.append(format_move(pos, move))
        pos.push(move)
    return found.verdict.value, texts


def _winnable(game: str, start: int, limit: Limit, tries: int) -> int | None:
    """In the solver process: the first of ``tries`` deals from ``start`` proved winnable."""
    try:
        return winnable_deal(game, start, limit, max_tries=tries)[0]
    except RuntimeError:
        return None


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            # spawn: never fork a threaded web worker
            context = multiprocessing.get_context("spawn")
            _pool = ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=_nice)
        return _pool


def _kill() -> None:
    """Stop the solver process now (it overstayed) and start afresh next time."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is None:
        return
    for process in list(getattr(pool, "_processes", {}).values()):
        process.kill()
    pool.shutdown(wait=False, cancel_futures=True)


def _call(timeout: float, fn: Any, *args: Any) -> Any | None:
    """``fn(*args)`` in the solver process; ``None`` when the solver stays busy for
    ``WAIT`` seconds or the call overstays ``timeout`` (its process is then killed)."""
    if not _turn.acquire(timeout=WAIT):
        return None
    try:
        return _executor().submit(fn, *args).result(timeout=timeout)
    except (FutureTimeout, BrokenProcessPool):
        _kill()
        return None
    finally:
        _turn.release()


def _timeout(limit: Limit, searches: int = 1) -> float:
    return (limit.seconds if limit.seconds is not None else 600.0) * searches + GRACE


def search_line(game: str, deal: int, moves: list[str], limit: Limit) -> tuple[Verdict, list[str]]:
    """Decide the position after ``moves`` of the deal within ``limit`` in the
    solver process; ``unknown`` when the process overstays (it is then killed) or
    stays busy with other requests' searches for ``WAIT`` seconds."""
    found = _call(_timeout(limit), _search, game, deal, moves, limit)
    if found is None:
        return Verdict.UNKNOWN, []
    verdict, line = found
    return Verdict(verdict), line


def proved_deal(game: str, start: int, limit: Limit, tries: int) -> int | None:
    """The first deal from ``start`` (of ``tries``) proved winnable within ``limit``
    each, searched in the solver process; ``None`` if none is (or the solver is busy)."""
    deal: int | None = _call(_timeout(limit, tries), _winnable, game, start, limit, tries)
    return deal
