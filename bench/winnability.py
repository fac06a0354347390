"""Winnability benchmark: solve fixed deal ranges of each game, write docs/winnability.md.

    python bench/winnability.py --bisley 1-50 --big-apple 1-3 --gilbert 1-5 --budget quick,deep
    python bench/winnability.py --from-raw bench/results/winnability-....jsonl

Options and the report are described in bench/README.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import platform
import resource
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, wait
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from patience import PatienceError, Position
from patience.games import get_game
from patience.solver import DEEP, QUICK, Limit, fast, parse_budget, phases, solve
from patience.solver.cli import parse_deals

ROOT = Path(__file__).resolve().parent.parent
RANGES = {"bisley": "1-10000", "big-apple": "1-1000", "gilbert": "1-1000"}  # the issue's
NAMES = {"bisley": "Bisley", "big-apple": "Big Apple", "gilbert": "Gilbert"}
Row = dict[str, Any]

# --- the core: statistics and tables (tests/bench/test_winnability_report.py) ---------------


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) for no trials."""
    if trials == 0:
        return 0.0, 1.0
    p, zz = successes / trials, z * z
    centre = (p + zz / (2 * trials)) / (1 + zz / trials)
    half = z / (1 + zz / trials) * math.sqrt(p * (1 - p) / trials + zz / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Iterable[float], q: float) -> float:
    """The ``q`` quantile (0..1), linear between the closest ranks (numpy's default)."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("percentile of no values")
    pos = q * (len(ordered) - 1)
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def markdown_table(headers: list[str], rows: list[list[str]], right: Iterable[int] = ()) -> str:
    """A Markdown table; the columns numbered in ``right`` are right-aligned."""
    rule = ["---:" if i in set(right) else "---" for i in range(len(headers))]
    return "".join("| " + " | ".join(cells) + " |\n" for cells in [headers, rule, *rows])


def summarize(rows: list[Row], stage: int) -> Row:
    """One game after budgets 0..``stage``: ``final`` holds each deal's last solve up to
    ``stage`` (its verdict and time under that budget), ``run`` the solves made at ``stage``."""
    final = {r["deal"]: r for r in sorted(rows, key=lambda r: r["stage"]) if r["stage"] <= stage}
    won = sum(r["verdict"] == "winnable" for r in final.values())
    lost = sum(r["verdict"] == "lost" for r in final.values())
    return {"deals": len(final), "winnable": won, "lost": lost, "decided": won + lost,
            "final": list(final.values()), "run": [r for r in rows if r["stage"] == stage]}


def within(s: Row, seconds: float) -> float:
    """Percent of the deals decided by a solve of at most ``seconds``."""
    ok = sum(bool(r["verdict"] != "unknown" and r["seconds"] <= seconds) for r in s["final"])
    return 100 * ok / max(1, int(s["deals"]))


def deal_seconds(s: Row, q: float) -> float:
    """The ``q`` quantile of the deals' times."""
    return percentile([float(r["seconds"]) for r in s["final"]], q)


HEADERS = ["budget", "deals", "solves", "decided", "winnable", "lost", "unknown",
           "winnable % of decided [95% CI]", "median s", "p95 s", "max s", "max nodes",
           "max peak table", "peak RSS of a solve, MB"]


def summary_cells(budget: str, s: Row, measured: list[Row]) -> list[str]:
    run, (low, high) = s["run"], wilson(s["winnable"], s["decided"])
    share = f"{100 * s['winnable'] / max(1, s['decided']):.1f} [{100 * low:.1f}, {100 * high:.1f}]"
    secs = [r["seconds"] for r in run]
    timing = [f"{percentile(secs, q):.4f}" for q in (0.5, 0.95, 1.0)] if secs else ["-"] * 3
    most = [f"{max(r[k] for r in run):,}" if run else "-" for k in ("nodes", "peak_table")]
    memory = f"<= {max(r['maxrss_kb'] for r in run) / 1024:.0f} (workers)" if run else "-"
    if measured:
        memory += f"; {max(r['rss_kb'] for r in measured) / 1024:.0f} ({len(measured)} alone)"
    return [budget, str(s["deals"]), str(len(run)),
            f"{100 * s['decided'] / max(1, s['deals']):.1f} %", str(s["winnable"]),
            str(s["lost"]), str(s["deals"] - s["decided"]), share if s["decided"] else "-",
            *timing, *most, memory]


def engine_text(game: str) -> str:
    """How ``game``'s solves run: compiled or Python, in one lane or two (threads)."""
    rules = get_game(game)
    if not fast.available(rules):
        return "Python"
    lanes = phases.LANES and (fast.gilbert_like(rules) or fast.big_apple_like(rules))
    return "compiled (C), two lanes (threads) a solve" if lanes else "compiled (C)"


# game, budget ("last": the run's last), target, measure, goal: % of deals (at least) or s (most)
TARGETS: list[tuple[str, str, str, Callable[[Row], float], float, str]] = [
    ("bisley", "deep", "100% decided", lambda s: within(s, math.inf), 100, "%"),
    ("bisley", "quick", ">= 99.5% decided within 0.2 s each", lambda s: within(s, 0.2), 99.5, "%"),
    ("bisley", "quick", "p95 <= 0.2 s", lambda s: deal_seconds(s, 0.95), 0.2, "s"),
    ("big-apple", "last", ">= 99% decided, each within 10 s", lambda s: within(s, 10), 99, "%"),
    ("big-apple", "last", "median <= 1 s", lambda s: deal_seconds(s, 0.5), 1, "s"),
    ("gilbert", "last", ">= 99% decided, each within 10 s", lambda s: within(s, 10), 99, "%"),
]


def target_rows(meta: Row, summaries: dict[str, dict[str, Row]], rss_kb: int) -> list[list[str]]:
    out = []
    for game, budget, text, measure, goal, unit in TARGETS:
        budget = meta["budgets"][-1] if budget == "last" else budget
        s, deals = summaries.get(game, {}).get(budget), meta["ranges"].get(game, "-")
        if s is None or not s["deals"]:
            out.append([NAMES[game], text, budget, deals, "-", "not run"])
            continue
        value = measure(s)
        status = "met" if (value >= goal if unit == "%" else value <= goal) else "**not met**"
        if deals != RANGES[game]:
            status += f" (on deals {deals}, not {RANGES[game]})"
        out.append([NAMES[game], text, budget, deals, f"{value:.{2 if unit == '%' else 4}f} {unit}",
                    status])
    status = "met" if rss_kb <= 1 << 20 else "**not met**"
    return [*out, ["all", "peak memory of one solve <= 1 GB", "all", "all",
                   f"<= {rss_kb / 1024:.0f} MB RSS", status]]


# --- solving (in worker processes) ------------------------------------------------------------


def warm_up() -> None:
    """Build each game's tables once per worker, so that no timed solve pays for it."""
    for game in RANGES:
        solve(Position.deal(game, 1), Limit(nodes=10))


def solve_one(job: tuple[str, int, str, int]) -> Row:
    game, deal, budget, stage = job
    result = solve(Position.deal(game, deal), parse_budget(budget))
    return {"kind": "solve", "game": game, "deal": deal, "budget": budget, "stage": stage,
            "verdict": result.verdict.value, "nodes": result.nodes,
            "seconds": round(result.seconds, 5), "peak_table": result.peak_table,
            "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}  # KB on Linux


def measure_one(job: tuple[str, int, str, int, int, int]) -> Row:
    """Repeat a timed solve's search, bounded by its node count instead of time, in a child
    forked from this worker: the child's peak RSS (``os.wait4``) is that one solve's."""
    game, deal, budget, stage, nodes, every = job
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: solve, report, exit without returning into the pool's loop
        code = 1
        try:
            result = solve(Position.deal(game, deal), Limit(nodes=nodes))
            os.write(write, json.dumps([result.verdict.value, result.peak_table]).encode())
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    with os.fdopen(read) as pipe:
        reply = pipe.read()
    status, usage = os.wait4(pid, 0)[1:]
    if status != 0:
        raise RuntimeError(f"the child solving {game} {deal} failed (status {status})")
    verdict, table = json.loads(reply)
    return {"kind": "memory", "game": game, "deal": deal, "budget": budget, "stage": stage,
            "verdict": verdict, "peak_table": table, "rss_kb": usage.ru_maxrss, "every": every}


def run_pool(fn: Callable[[Any], Row], jobs: list[Any], workers: int, label: str,
             err: TextIO = sys.stderr) -> Iterator[Row]:
    """``fn`` over ``jobs`` in new worker processes (so each worker's memory high-water mark is
    that of these jobs), results in order, a progress line on ``err`` about every second."""
    start = last = time.monotonic()
    pool = ProcessPoolExecutor(workers, initializer=warm_up)
    futures = [pool.submit(fn, job) for job in jobs]

    def show(end: str = "") -> float:
        now, done = time.monotonic(), sum(f.done() for f in futures)
        eta = f"{(now - start) / done * (len(jobs) - done):.0f}" if done else "?"
        err.write(f"\r{label}: {done}/{len(jobs)} done, {now - start:.0f} s elapsed, "
                  f"~{eta} s to go  {end}")
        err.flush()
        return now

    for future in futures:
        while not wait([future], timeout=max(0.0, last + 1 - time.monotonic())).done:
            last = show()
        yield future.result()
    pool.shutdown()
    show("\n")


def run_solves(deals: dict[str, list[int]], budgets: list[str], workers: int,
               raw: TextIO) -> list[Row]:
    """Per game: the first budget on every deal, each later one on the deals left unknown."""
    rows: list[Row] = []
    for game, todo in deals.items():
        for stage, budget in enumerate(budgets):
            jobs = [(game, deal, budget, stage) for deal in todo]
            for row in run_pool(solve_one, jobs, workers, f"{game} {budget}"):
                raw.write(json.dumps(row) + "\n")
                rows.append(row)
            raw.flush()
            todo = [r["deal"] for r in rows if r["stage"] == stage and r["game"] == game
                    and r["verdict"] == "unknown"]
    return rows


def run_memory(solves: list[Row], every: int, workers: int, raw: TextIO) -> list[Row]:
    """Every ``every``-th solve of each game and budget, and the one with the largest table."""
    picked: dict[tuple[str, int, int], Row] = {}
    for key in sorted({(r["game"], r["stage"]) for r in solves}):
        rows = [r for r in solves if (r["game"], r["stage"]) == key]
        for r in [*rows[::every], max(rows, key=lambda r: r["peak_table"])]:
            picked[(r["game"], r["stage"], r["deal"])] = r
    jobs = [(r["game"], r["deal"], r["budget"], r["stage"],
             max(1, r["nodes"] + (r["verdict"] != "unknown")), every) for r in picked.values()]
    out, code = list(run_pool(measure_one, jobs, workers, "memory")), code_version()
    for row in out:
        timed = picked[(row["game"], row["stage"], row["deal"])]
        row["code"] = code
        row["same_search"] = timed["verdict"] == "unknown" or [row[k] for k in (
            "verdict", "peak_table")] == [timed[k] for k in ("verdict", "peak_table")]
        raw.write(json.dumps(row) + "\n")
    return out


# --- the report -------------------------------------------------------------------------------


def machine() -> Row:
    with open("/proc/cpuinfo", encoding="utf-8") as info:
        cpu = next((ln.split(":", 1)[1].strip() for ln in info if ln.startswith("model name")), "?")
    return {"cpu": cpu, "nproc": len(os.sched_getaffinity(0)), "python": platform.python_version(),
            "platform": platform.platform(), "load": os.getloadavg()[0]}


def code_version() -> str:
    """The commit checked out and a fingerprint of src/ (its tree and uncommitted changes)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout
    commit, tree = (git("rev-parse", "--short", ref).strip() for ref in ("HEAD", "HEAD:src"))
    diff = git("diff", "HEAD", "--", "src")
    changes = f" + uncommitted changes {hashlib.sha1(diff.encode()).hexdigest()[:7]}" * bool(diff)
    return f"{commit or 'unknown'} (src/ tree {tree}{changes})"


def unknown_deals(raw: Path, game: str) -> list[int]:
    """The deals of ``game`` that ``raw`` (this script's results) left unknown at the
    last budget it ran them with (for the scripts that study those deals)."""
    last: dict[int, str] = {}
    for line in raw.read_text().splitlines():
        row = json.loads(line)
        if row.get("kind") == "solve" and row["game"] == game:
            last[row["deal"]] = row["verdict"]
    return sorted(deal for deal, verdict in last.items() if verdict == "unknown")


def limit_text(limit: Row) -> str:
    nodes = [f"{limit['nodes']:,} nodes"] if limit["nodes"] else []
    return " or ".join(nodes + ([f"{limit['seconds']:g} s"] if limit["seconds"] else []))


def render_report(meta: Row, solves: list[Row], memory: list[Row], regen: str | None) -> str:
    m, budgets, limits = meta["machine"], meta["budgets"], meta["limits"]
    out = [
        "# Winnability benchmark\n",
        "Written by `bench/winnability.py` (see `bench/README.md`); do not edit by hand.\n",
        f"- Command: `{meta['command']}`",
        *([f"- Regenerated from the raw results by: `{regen}`"] if regen else []),
        f"- Raw results: `{meta['raw']}`", f"- Date: {meta['date']}",
        f"- Machine: {m['cpu']}, nproc {m['nproc']}, Python {m['python']} ({m['platform']}); "
        f"{meta['jobs']} worker processes; load average at start {m['load']:.2f}",
        f"- Code: commit {meta['code']}; engine: " + ", ".join(
            f"{NAMES[g]} {e}" for g, e in meta["engines"].items()) + "\n",
        "## Budgets\n",
        "A solve stops at whichever bound of its budget comes first: nodes (new positions "
        "searched) or wall-clock seconds. `quick` (`patience.solver.QUICK`, deal time) is "
        f"{limit_text(limits['QUICK'])}; `deep` (`patience.solver.DEEP`, hint time) is "
        f"{limit_text(limits['DEEP'])}; a number is that many seconds, no node bound. With "
        "several budgets (`--budget quick,deep`) the first runs on every deal and each later "
        "one, from scratch, only on the deals still unknown: its row counts the deals decided "
        "with it or an earlier budget, while its solves and its seconds, nodes, table and "
        "memory columns are those of the solves made with it. The search is deterministic, so "
        "a larger budget repeats a smaller one's search; the targets therefore take each "
        "deal's time from its last solve (the one that decided it). Budgets are wall clock, so "
        "verdicts near a limit depend on the machine and its load.\n",
        "## Results\n",
        "`winnable % of decided` leaves the unknown deals out; they tend to be the hard ones, "
        "so it estimates the winnable share of all deals only when nearly all are decided.\n",
    ]
    summaries: dict[str, dict[str, Row]] = {}
    for game, deals in meta["ranges"].items():
        rows = [r for r in solves if r["game"] == game]
        summaries[game] = {b: summarize(rows, i) for i, b in enumerate(budgets)}
        table = [summary_cells(b, summaries[game][b], [t for t in memory if t["game"] == game
                                                      and t["stage"] == i])
                 for i, b in enumerate(budgets)]
        out += [f"### {NAMES[game]}, deals {deals}\n", markdown_table(HEADERS, table, range(1, 14))]
    rss = [r["maxrss_kb"] for r in solves]
    peak = max(rss + [r["rss_kb"] for r in memory], default=0)
    out += ["## Targets (from the issue)\n",
            markdown_table(["game", "target", "budget", "deals", "measured", "status"],
                           target_rows(meta, summaries, peak), [4]),
            "## Memory\n",
            "Peak memory is resident set size (RSS) in MB, interpreter and library included. "
            "`<= N (workers)`: each budget of each game runs in new worker processes; after "
            "each solve a worker reads its RSS high-water mark (`getrusage(RUSAGE_SELF)."
            "ru_maxrss`), which never decreases, so the largest value is an upper bound of any "
            "one solve's peak (the smallest value read, about a worker's baseline, was "
            f"{min(rss, default=0) / 1024:.0f} MB)."]
    if memory:
        same = sum(r["same_search"] for r in memory)
        out[-1] += (
            f" `M (k alone)`: the largest peak of k solves measured one at a time (`--memory "
            f"{memory[0]['every']}`: every such solve of each game and budget, and the one with "
            "the largest table). Each is repeated in a fresh process forked from an idle worker, "
            "its peak read with `os.wait4`, under a node budget equal to the timed solve's "
            "nodes, so that it makes the same search whatever the speed. "
            f"{same} of {len(memory)} repeats reached the timed solve's verdict and table size "
            "(trivially so for unknown ones).")
        if any(r["code"].partition(" ")[2] != meta["code"].partition(" ")[2] for r in memory):
            out[-1] += (" **The repeats ran on other code than the timed solves** ("
                        f"{memory[-1]['code']}), so they may not make the same search.")
    else:
        out[-1] += " Run with `--memory` to also measure single solves, each in its own process."
    return "\n".join(out) + "\n"


# --- the command ------------------------------------------------------------------------------


def shown(path: Path) -> str:
    """``path`` relative to the repository when inside it."""
    full = path.resolve()
    return str(full.relative_to(ROOT)) if full.is_relative_to(ROOT) else str(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(RANGES), help="comma-separated game ids")
    for game, default in RANGES.items():
        parser.add_argument(f"--{game}", default=default, metavar="DEALS",
                            help=f"like 3,7,9-12 (default {default})")
    parser.add_argument("--budget", default="quick", help="quick, deep, SECONDS or a list like "
                        "quick,deep (later budgets only on the deals left unknown)")
    parser.add_argument("--jobs", type=int, default=2,
                        help="worker processes (default 2; Gilbert's and Big Apple's solves run "
                        "in two threads each, so measure them with --jobs 1)")
    parser.add_argument("--memory", type=int, nargs="?", const=50, metavar="EVERY",
                        help="repeat every EVERY-th solve in its own process (default 50) "
                        "to measure its memory")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "winnability.md",
                        help="the report (default docs/winnability.md)")
    parser.add_argument("--raw", type=Path, help="raw results (default bench/results/...)")
    parser.add_argument("--from-raw", type=Path, metavar="FILE",
                        help="no solving: the report from FILE (--memory appends to FILE)")
    args = parser.parse_args()
    command = shlex.join(["python", *sys.argv])
    games, budgets = ([t.strip() for t in a.split(",")] for a in (args.games, args.budget))
    if args.jobs < 1 or (args.memory is not None and args.memory < 1):
        parser.error("--jobs and --memory take a number >= 1")
    if set(games) - set(RANGES):
        parser.error(f"--games: some of {', '.join(RANGES)}, not {args.games!r}")
    if len(set(budgets)) < len(budgets):
        parser.error(f"--budget: a budget twice in {args.budget!r}")
    if args.from_raw:
        raw_path, regen = args.from_raw, command
        lines = raw_path.read_text(encoding="utf-8").splitlines()
        records = [json.loads(ln) for ln in lines if ln.strip()]
        meta = next(r for r in records if r["kind"] == "meta")
        solves, memory = ([r for r in records if r["kind"] == k] for k in ("solve", "memory"))
    else:
        ranges = {g: getattr(args, g.replace("-", "_")) for g in games}
        try:
            deals = {g: parse_deals(text) for g, text in ranges.items()}
            for budget in budgets:
                parse_budget(budget)
        except PatienceError as exc:
            parser.error(str(exc))
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        raw_path = args.raw or ROOT / "bench" / "results" / f"winnability-{stamp}.jsonl"
        raw_path.parent.mkdir(parents=True, exist_ok=True)
        meta = {"kind": "meta", "command": command, "raw": shown(raw_path), "jobs": args.jobs,
                "date": datetime.now(UTC).isoformat(timespec="seconds"), "machine": machine(),
                "budgets": budgets, "ranges": ranges, "code": code_version(),
                "limits": {name: {"nodes": limit.nodes, "seconds": limit.seconds}
                           for name, limit in (("QUICK", QUICK), ("DEEP", DEEP))},
                "engines": {g: engine_text(g) for g in games}}
        regen, memory = None, []
        with raw_path.open("w", encoding="utf-8") as raw:
            raw.write(json.dumps(meta) + "\n")
            solves = run_solves(deals, budgets, args.jobs, raw)
    if args.memory:
        with raw_path.open("a", encoding="utf-8") as raw:
            memory += run_memory(solves, args.memory, args.jobs, raw)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(render_report(meta, solves, memory, regen), encoding="utf-8")
    print(f"wrote {shown(args.out)} and {shown(raw_path)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
