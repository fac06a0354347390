"""The free pool alone: which deals its relaxation proves lost, and how fast.

The free pool (``patience.solver.pruning.free_pool``) is Gilbert's lost proof: in a
deep solve it gets most of one lane (docs/solver.md, "Phases"). This runs it alone,
in the compiled engine (``fast.free_pool_search``), on given deals with a bound on
time and on the states of its table, each deal in a process of its own (so each
peak RSS is the search's own), and prints one line per deal and a summary: how
many it proved lost, on how many the relaxed game reached its goal (no proof
either way) and how many were left open at the bound.

    python bench/free_pool.py --deals 225,309,436 --seconds 25 --states 30000000
    python bench/free_pool.py --unknown bench/results/winnability-<UTC time>.jsonl

``--unknown FILE`` takes the Gilbert deals that a run of bench/winnability.py left
undecided at its last budget. ``--relaxation`` picks the relaxed game: ``g`` (the
game G of the module doc), ``g+`` (G+, "Cleared piles"), or ``both``, as a solve
runs them: G+ first, then, where it reaches its goal, G on the time left; or
``stock``, the stock pool (``patience.solver.pruning.stock_pool``: the stock and
the waste kept exact, with its check by G+, alone). Raw
results (one JSON object per deal) go to ``--raw``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import shlex
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from patience import Position
from patience.solver import fast, phases
from patience.solver.cli import parse_deals
from patience.solver.limits import Limit
from winnability import code_version, percentile, unknown_deals  # bench/: this folder

ROOT = Path(__file__).resolve().parent.parent
Row = dict[str, Any]
RESULTS = ("lost", "goal", "open")


def run_one(args: tuple[int, float, int, str]) -> Row:
    """The free pool alone on Gilbert deal ``deal``, within ``seconds`` and ``states``,
    with the ``relaxation`` (module doc)."""
    deal, seconds, states, relaxation = args
    start = time.perf_counter()
    pos = Position.deal("gilbert", deal)
    limit = Limit(seconds=seconds)
    if relaxation == "both":  # the solver's phase itself
        out = phases._free_pool(pos, limit, native=True, max_table=states)
    elif relaxation == "stock":
        out = fast.stock_pool_search(pos, limit, states)
    else:
        out = fast.free_pool_search(pos, limit, states, cleared=relaxation == "g+")
    return {
        "deal": deal,
        "result": {True: "lost", False: "goal", None: "open"}[out.lost],
        "searched": out.nodes,
        "states": out.states,
        "seconds": round(time.perf_counter() - start, 3),
        "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    }


def summary(rows: list[Row]) -> str:
    """Counts per result, the lost deals with their times, the time to the goal."""
    count = Counter(r["result"] for r in rows)
    lines = [", ".join(f"{name} {count[name]}" for name in RESULTS) + f" of {len(rows)}"]
    lost = sorted((r for r in rows if r["result"] == "lost"), key=lambda r: r["seconds"])
    if lost:
        lines.append("lost: " + ", ".join(f"{r['deal']} ({r['seconds']:.1f} s)" for r in lost))
    goal = [r["seconds"] for r in rows if r["result"] == "goal"]
    if goal:
        lines.append(f"goal reached: median {percentile(goal, 0.5):.2f} s, max {max(goal):.2f} s")
    if rows:
        lines.append(f"peak RSS <= {max(r['rss_mb'] for r in rows)} MB")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--deals", help="Gilbert deal numbers like 1-1000 or 3,7,9-12")
    source.add_argument(
        "--unknown",
        type=Path,
        metavar="FILE",
        help="the Gilbert deals a bench/winnability.py run left unknown",
    )
    parser.add_argument("--seconds", type=float, default=25.0, help="time per deal (25)")
    parser.add_argument(
        "--states",
        type=int,
        default=30_000_000,
        help="the most states in the table (30,000,000: about 6 GB)",
    )
    parser.add_argument(
        "--relaxation",
        choices=("g", "g+", "both", "stock"),
        default="g",
        help="G, G+ (cleared piles), G+ then G as in a solve, or the stock pool (g)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes side by side (1)")
    parser.add_argument("--raw", type=Path, help="raw results (one JSON object per deal)")
    args = parser.parse_args(argv)
    deals = parse_deals(args.deals) if args.deals else unknown_deals(args.unknown, "gilbert")
    meta = {
        "kind": "meta",
        "code": code_version(),
        "command": shlex.join(["python", "bench/free_pool.py", *(argv or sys.argv[1:])]),
    }
    raw = args.raw.open("w") if args.raw else None
    if raw:
        raw.write(json.dumps(meta) + "\n")
    rows = []
    with multiprocessing.get_context("spawn").Pool(args.jobs, maxtasksperchild=1) as pool:
        jobs = [(d, args.seconds, args.states, args.relaxation) for d in deals]
        for row in pool.imap(run_one, jobs):
            rows.append(row)
            print(
                f"{row['deal']:>5} {row['result']:<5} {row['searched']:>11,} searched "
                f"{row['states']:>11,} states {row['seconds']:>7.2f} s "
                f"{row['rss_mb']:>5} MB",
                flush=True,
            )
            if raw:
                raw.write(json.dumps(row) + "\n")
                raw.flush()
    print(summary(rows))


if __name__ == "__main__":
    main()
