"""Restarts alone: which deals a kind of randomized restart wins, and how fast.

Runs one restart phase (``patience.solver.restarts``) alone, in the compiled
engine, on given deals of Gilbert or Big Apple, for a fixed time a deal: restart
``i`` searches with the random state ``restarts.seed(i)`` and at most ``--nodes``
positions (or ``--nodes`` times the ``i``-th number of the Luby sequence, with
``--luby``), over the streamlined moves, (``--complete``) over every move,
or (``--noisy``, Gilbert) the best-first search with noise on its estimate;
``--first N`` starts at restart ``N`` (another stream of seeds than the phase's).
``--nrpa`` (Gilbert) runs the NRPA phase (``patience.solver.nrpa``) instead, one
search with the random state ``restarts.seed(first)`` until it wins or the
seconds end, ``--nodes`` bounding its steps.
One line per deal and a summary: how many it won, within how many restarts.

    python bench/restarts.py --game big-apple --unknown bench/results/winnability-<UTC>.jsonl \\
        --complete --nodes 5000 --seconds 3
    python bench/restarts.py --game gilbert --deals 7,39,158 --complete --nodes 20000

``--unknown FILE`` takes the deals of ``--game`` that a run of bench/winnability.py
left undecided at its last budget. Raw results (one JSON object per deal) go to
``--raw``. The deals run one after the other in this process: run two such
commands side by side on a 2-core machine, not more.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from patience import Position
from patience.solver import fast, restarts
from patience.solver import nrpa as nrpa_phase
from patience.solver.cli import parse_deals
from patience.solver.limits import Limit, Verdict
from winnability import code_version, percentile, unknown_deals  # bench/: this folder

Row = dict[str, Any]


def luby(i: int) -> int:
    """The ``i``-th number (from 1) of the Luby sequence: 1 1 2 1 1 2 4 1 1 2 ..."""
    if i < 1:
        raise ValueError("the Luby sequence starts at 1")
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


def run_one(
    game: str,
    deal: int,
    seconds: float,
    nodes: int,
    *,
    complete: bool,
    luby_caps: bool,
    first: int = 0,
    noisy: bool = False,
    nrpa: bool = False,
) -> Row:
    """Restarts ``first``, ``first + 1``, ... on ``deal`` of ``game`` until one
    wins or ``seconds`` are spent (``nrpa``: NRPA once, with restart ``first``'s
    random state and at most ``nodes`` steps)."""
    pos = Position.deal(game, deal)
    start = time.perf_counter()
    i, searched = first, 0
    verdict = Verdict.UNKNOWN
    if nrpa:
        limit = Limit(nodes=nodes or None, seconds=seconds)
        result = fast.search(pos, limit, nrpa=nrpa_phase.WIN_LANE, seed=restarts.seed(first))
        i, searched, verdict = first + 1, result.nodes, result.verdict
    while not nrpa and (left := seconds - (time.perf_counter() - start)) > 0:
        cap = nodes * luby(i - first + 1) if luby_caps else nodes
        result = fast.search(
            pos,
            Limit(nodes=cap, seconds=left),
            streamlined=not complete,
            best_first=noisy,
            seed=restarts.seed(i),
        )
        searched += result.nodes
        i += 1
        if result.verdict is not Verdict.UNKNOWN:
            verdict = result.verdict
            break
    return {
        "game": game,
        "deal": deal,
        "verdict": verdict.value,
        "restarts": i - first,
        "nodes": searched,
        "seconds": round(time.perf_counter() - start, 3),
    }


def summary(rows: list[Row]) -> str:
    won = [row for row in rows if row["verdict"] == "winnable"]
    times = sorted(row["seconds"] for row in won)
    text = f"{len(won)} of {len(rows)} won"
    if not won:
        return text
    text += f", median {percentile(times, 0.5):.3f} s, max {times[-1]:.3f} s"
    return text + ": " + ",".join(str(row["deal"]) for row in won)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("gilbert", "big-apple"), required=True)
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--deals", help="deal numbers like 1-1000 or 3,7,9-12")
    which.add_argument("--unknown", type=Path, help="the deals a winnability run left unknown")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per deal (3)")
    parser.add_argument("--nodes", type=int, default=2_000, help="positions a restart (2,000)")
    parser.add_argument("--luby", action="store_true", help="--nodes times the Luby sequence")
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument("--complete", action="store_true", help="every move, not the streamlined")
    kind.add_argument(
        "--noisy", action="store_true", help="the best-first search with noise (Gilbert)"
    )
    kind.add_argument("--nrpa", action="store_true", help="NRPA, one search (Gilbert)")
    parser.add_argument(
        "--first", type=int, default=0, help="the first restart's number (0; the seeds' stream)"
    )
    parser.add_argument("--raw", type=Path, help="raw results, one JSON object per deal")
    args = parser.parse_args(argv)
    if args.noisy and args.game != "gilbert":
        parser.error("--noisy: only Gilbert has the noisy best-first restarts")
    if args.nrpa and args.game != "gilbert":
        parser.error("--nrpa: only Gilbert has NRPA")
    deals = parse_deals(args.deals) if args.deals else unknown_deals(args.unknown, args.game)
    rows: list[Row] = []
    with contextlib.ExitStack() as files:
        out = files.enter_context(args.raw.open("w")) if args.raw else None
        if out:
            command = shlex.join(["python", *sys.argv])
            out.write(json.dumps({"kind": "meta", "command": command, "code": code_version()}))
            out.write("\n")
        for deal in deals:
            row = run_one(
                args.game,
                deal,
                args.seconds,
                args.nodes,
                complete=args.complete,
                luby_caps=args.luby,
                first=args.first,
                noisy=args.noisy,
                nrpa=args.nrpa,
            )
            rows.append(row)
            print(
                f"{args.game} {deal}: {row['verdict']} after {row['restarts']} restarts, "
                f"{row['nodes']} positions, {row['seconds']} s",
                flush=True,
            )
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
    print(summary(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
