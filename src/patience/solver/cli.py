"""``patience solve GAME [DEALS] [--layout FILE] [--budget ...] [--jobs N] [--json]``."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from patience.cli import read_layout_file
from patience.errors import PatienceError
from patience.games import get_game
from patience.notation import format_move, format_position, parse_position
from patience.position import Position
from patience.solver.engine import search
from patience.solver.limits import Limit, parse_budget

MAX_DEALS = 10_000_000


class DealsError(PatienceError):
    """A deal list that is not like ``1-1000`` or ``3,7,9-12``."""


def parse_deals(text: str) -> list[int]:
    """``"3,7,9-12"`` -> ``[3, 7, 9, 10, 11, 12]``.

    >>> parse_deals("3,7,9-12")
    [3, 7, 9, 10, 11, 12]
    """
    out: list[int] = []
    for token in text.split(","):
        part = token.strip()
        low, dash, high = part.partition("-")
        try:
            a = int(low)
            b = int(high) if dash else a
        except ValueError:
            raise DealsError(
                f"bad deals {part!r}: write numbers and ranges like 3,7,9-12"
            ) from None
        if a < 1 or b < a:
            raise DealsError(f"bad deal range {part!r}: numbers from 1, low to high")
        if len(out) + b - a + 1 > MAX_DEALS:
            raise DealsError(f"too many deals in {text!r} (at most {MAX_DEALS})")
        out.extend(range(a, b + 1))
    return out


def _solve_one(job: tuple[str, int | None, str, Limit]) -> dict[str, Any]:
    game, deal, text, limit = job
    pos = Position.deal(game, deal) if deal is not None else parse_position(text, game)
    result = search(pos, limit)
    moves = []
    probe = pos.copy(stack=False)
    for move in result.line:
        moves.append(format_move(probe, move))
        probe.push(move)
    return {
        "game": game,
        "deal": deal,
        "verdict": result.verdict.value,
        "moves": moves,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 4),
        "peak_table": result.peak_table,
    }


def _results(
    jobs: list[tuple[str, int | None, str, Limit]], workers: int
) -> Iterator[dict[str, Any]]:
    if workers <= 1 or len(jobs) <= 1:
        yield from map(_solve_one, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_solve_one, jobs, chunksize=1)


def _progress(done: int, total: int, err: TextIO) -> None:
    width = 30
    filled = width * done // total
    err.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        err.write("\n")
    err.flush()


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    rules = get_game(args.game)
    limit = parse_budget(args.budget)
    if args.jobs < 1:
        raise DealsError(f"bad --jobs {args.jobs!r}: at least 1")
    jobs: list[tuple[str, int | None, str, Limit]]
    if args.layout is not None:
        if args.deals is not None:
            raise DealsError("give deals or --layout, not both")
        positions = read_layout_file(args.layout, rules)
        jobs = [(rules.id, None, format_position(p), limit) for p in positions]
    else:
        deals = parse_deals(args.deals if args.deals is not None else "1")
        jobs = [(rules.id, d, "", limit) for d in deals]
    stderr = sys.stderr
    show_progress = len(jobs) > 1 and (args.progress or (args.progress is None and stderr.isatty()))
    seconds: list[float] = []
    counts = {"winnable": 0, "lost": 0, "unknown": 0}
    for i, row in enumerate(_results(jobs, args.jobs)):
        counts[row["verdict"]] += 1
        seconds.append(row["seconds"])
        if args.json:
            row = {k: row[k] for k in ("game", "deal", "verdict", "moves", "nodes", "seconds")}
            out.write(json.dumps(row) + "\n")
        else:
            name = f"deal {row['deal']}" if row["deal"] is not None else f"layout {i + 1}"
            length = f" in {len(row['moves'])} moves" if row["verdict"] == "winnable" else ""
            out.write(
                f"{rules.id} {name}: {row['verdict']}{length} "
                f"({row['nodes']} nodes, {row['seconds']:.3f} s)\n"
            )
        out.flush()
        if show_progress:
            _progress(i + 1, len(jobs), stderr)
    if not args.json:
        out.write(
            f"{len(jobs)} positions: {counts['winnable']} winnable, {counts['lost']} lost, "
            f"{counts['unknown']} unknown; seconds median {statistics.median(seconds):.3f}, "
            f"p95 {_percentile(seconds, 0.95):.3f}, max {max(seconds):.3f}\n"
        )
    return 0


def add_solve_command(sub: Any) -> None:
    """Add ``solve`` to the ``patience`` command's subparsers."""
    solve = sub.add_parser("solve", help="prove deals or positions winnable or lost")
    solve.add_argument("game", help="game id")
    solve.add_argument("deals", nargs="?", help="deal numbers like 1-1000 or 3,7,9-12 (default 1)")
    solve.add_argument("--layout", metavar="FILE", help="positions in notation, split by ---")
    solve.add_argument(
        "--budget", default="quick", help="quick (deal time), deep (hint) or SECONDS"
    )
    solve.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    solve.add_argument("--json", action="store_true", help="one JSON object per line")
    solve.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: when stderr is a terminal)",
    )
    solve.set_defaults(func=cmd_solve)
