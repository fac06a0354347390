"""Gilbert's proof lane alone: what the free pool and the complete search decide, and when.

Runs the proof lane of a two-lane Gilbert solve (``phases._two_lanes``) with the
budget's lane shares, but without the win lane and without the proof lane's late
restarts: the free pool on its share (G+, G, the stock pool), then, unless it
proved the loss, the complete search (with the check by G+, over twin classes
where the lane's is) on all the rest of the lane. One line per deal: the free
pool's outcome (``lost``, ``goal``: it reached its goal, ``open``: out of
budget) and seconds, then the complete search's verdict and seconds.
docs/solver.md, "Wins in the proof lane", has what it showed.

    python bench/proof_lane.py --unknown bench/results/winnability-<UTC>.jsonl --raw F

``--unknown FILE`` takes the Gilbert deals a run of bench/winnability.py left
undecided at its last budget. The deals run one after the other in this process:
run two such commands side by side on a 2-core machine, not more.
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
from patience.solver import DEEP, QUICK, phases
from patience.solver.cli import parse_deals
from patience.solver.engine import single_search
from patience.solver.limits import Limit
from winnability import code_version, unknown_deals  # bench/: this folder

Row = dict[str, Any]
OUTCOME = {True: "lost", False: "goal", None: "open"}


def run_one(deal: int, limit: Limit) -> Row:
    """The proof lane of a two-lane solve of Gilbert ``deal`` within ``limit``
    (with seconds), as before its late restarts."""
    pos = Position.deal("gilbert", deal)
    assert limit.seconds is not None, "a two-lane budget has seconds"
    lane, relaxed_share = phases._proof_lane(limit, phases._win_part(pos.rules, limit))
    start = time.perf_counter()
    relaxed = phases._free_pool(pos, phases._least(relaxed_share, lane), native=True)
    row: Row = {
        "game": "gilbert",
        "deal": deal,
        "free_pool": OUTCOME[relaxed.lost],
        "free_pool_seconds": round(time.perf_counter() - start, 3),
        "free_pool_states": relaxed.nodes,
    }
    rest = phases._rest(lane, start, relaxed.nodes)
    if relaxed.lost or rest is None:
        return row
    middle = time.perf_counter()
    check, twins = phases._check(pos, lane), phases._twins(pos, lane)
    complete = single_search(pos, rest, native=True, check=check, twins=twins)
    row["complete"] = complete.verdict.value
    row["complete_seconds"] = round(time.perf_counter() - middle, 3)
    row["complete_nodes"] = complete.nodes
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--deals", help="deal numbers like 1-1000 or 3,7,9-12")
    which.add_argument("--unknown", type=Path, help="the deals a winnability run left unknown")
    parser.add_argument("--budget", choices=("quick", "deep"), default="deep")
    parser.add_argument("--raw", type=Path, help="raw results, one JSON object per deal")
    args = parser.parse_args(argv)
    deals = parse_deals(args.deals) if args.deals else unknown_deals(args.unknown, "gilbert")
    limit = DEEP if args.budget == "deep" else QUICK
    with contextlib.ExitStack() as files:
        out = files.enter_context(args.raw.open("w")) if args.raw else None
        if out:
            given = sys.argv[1:] if argv is None else argv
            command = shlex.join(["python", "bench/proof_lane.py", *given])
            out.write(json.dumps({"kind": "meta", "command": command, "code": code_version()}))
            out.write("\n")
        for deal in deals:
            row = run_one(deal, limit)
            print(json.dumps(row), flush=True)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
