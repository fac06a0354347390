"""Mid-game benchmark: how often the solver tells a game in progress winnable or lost.

After each move the site asks the solver (quick budget) whether the game can still
be won. Positions in the middle of a game are not deals: a player has made moves,
good and bad. This benchmark makes such positions with a seeded random player
(``play``: from each deal, a given number of steps; each step deals from the stock
with probability one half where it can, otherwise plays a random move that does
not take a card back from a foundation) and solves each one with a budget. The
positions are the same for every run and every commit.

    python bench/midgame.py --game gilbert --deals 1-200 --steps 30,60,120 --budget quick

Writes the raw results (one JSON object per position) and a short Markdown report
(``--out``; bench/README.md describes it).
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from patience import Position
from patience.rules import Kind
from patience.solver import parse_budget, solve
from patience.solver.cli import parse_deals
from winnability import code_version, percentile  # bench/ is this script's folder

ROOT = Path(__file__).resolve().parent.parent


def play(game: str, deal: int, steps: int) -> Position:
    """The position after ``steps`` moves of the seeded random player (module doc)
    from ``deal`` (fewer if it gets stuck or wins)."""
    rng = random.Random(deal * 1000 + steps)
    pos = Position.deal(game, deal)
    kinds = pos.layout.kinds
    for _ in range(steps):
        if pos.is_won():
            break
        moves = list(pos.legal_moves)
        if not moves:
            break
        stock = [m for m in moves if pos.is_stock_move(m)]
        other = [
            m for m in moves if not pos.is_stock_move(m) and kinds[m.src] is not Kind.FOUNDATION
        ]
        if other and (not stock or rng.random() < 0.5):
            pos.push(rng.choice(other))
        else:
            pos.push(stock[0] if stock else rng.choice(moves))
    return pos


def summary(rows: list[dict[str, Any]], budget: float | None = None) -> str:
    """One Markdown table row per step count and one for all: positions, decided
    %, winnable / lost / unknown, median / p95 / max seconds, and with ``budget``
    (the seconds of the solves' limit) how many solves ran past it by more than 10 %
    (a budget is a hard stop: there should be none)."""
    over = budget is not None
    lines = [
        "| steps | positions | decided | winnable | lost | unknown | median s | p95 s | max s |"
        + (" over budget + 10 % |" if over else ""),
        "|---|---|---|---|---|---|---|---|---|" + ("---|" if over else ""),
    ]
    groups = sorted({r["steps"] for r in rows})
    for steps in [*groups, None]:
        part = [r for r in rows if steps is None or r["steps"] == steps]
        if not part:
            continue
        count = Counter(r["verdict"] for r in part)
        seconds = [r["seconds"] for r in part]
        decided = 100 * (count["winnable"] + count["lost"]) / len(part)
        label = "all" if steps is None else str(steps)
        line = (
            f"| {label} | {len(part)} | {decided:.1f} % | {count['winnable']} | {count['lost']} "
            f"| {count['unknown']} | {percentile(seconds, 0.5):.4f} "
            f"| {percentile(seconds, 0.95):.4f} | {max(seconds):.4f} |"
        )
        if budget is not None:
            line += f" {sum(1 for s in seconds if s > 1.1 * budget)} |"
        lines.append(line)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="gilbert")
    parser.add_argument("--deals", default="1-200")
    parser.add_argument("--steps", default="30,60,120")
    parser.add_argument("--budget", default="quick")
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    parser.add_argument("--raw", default=str(ROOT / "bench" / "results" / f"midgame-{stamp}.jsonl"))
    parser.add_argument("--out", default=None, help="also write the report here")
    args = parser.parse_args(argv)
    limit = parse_budget(args.budget)
    steps = [int(s) for s in args.steps.split(",")]
    rows: list[dict[str, Any]] = []
    Path(args.raw).parent.mkdir(parents=True, exist_ok=True)
    with open(args.raw, "w") as raw:
        for deal in parse_deals(args.deals):
            for n in steps:
                pos = play(args.game, deal, n)
                if pos.is_won():
                    continue
                start = time.perf_counter()
                result = solve(pos, limit)
                row = {
                    "game": args.game,
                    "deal": deal,
                    "steps": n,
                    "verdict": result.verdict.value,
                    "nodes": result.nodes,
                    "seconds": round(time.perf_counter() - start, 4),
                }
                rows.append(row)
                raw.write(json.dumps(row) + "\n")
                raw.flush()
    command = "python bench/midgame.py " + shlex.join(sys.argv[1:] if argv is None else argv)
    report = (
        f"`{command}` ({datetime.now(UTC):%Y-%m-%d}, commit {code_version()}, budget {limit}; "
        f"raw `{args.raw}`)\n\n" + summary(rows, limit.seconds) + "\n"
    )
    print(report)
    if args.out:
        Path(args.out).write_text(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
