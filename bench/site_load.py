"""Load on the site: many players dealing, moving, undoing and asking for hints.

Starts ``patience serve`` (gunicorn, SQLite in a fresh data folder unless
``DATABASE_URL`` is set) and runs locust (``bench/locustfile.py``: each player opens a
game page, then plays random legal moves, undoes now and then, asks for a hint now
and then, and deals new cards when the game is won or stuck) with ``--players``
players for ``--seconds``, one run per number of players. Also measures the first
render of a game page in Chromium (when Playwright and /usr/bin/chromium are there)
and the size of the site's JS + CSS.

Prints two tables per run and writes them to ``--out`` (default
docs/site-performance.md): per endpoint, count, errors and p50/p95/p99/max in ms as
the players see them, from locust's statistics once all players have arrived (the
steady state: locust's ``--reset-stats``), and the server's own times over the whole
run, the players' arrival included (gunicorn's access log). Needs locust:
``.venv/bin/pip install -e '.[bench]'``.

    .venv/bin/python bench/site_load.py --players 50 200 --seconds 30
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "src" / "patience_site" / "static"
BIN = ROOT / ".venv" / "bin"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(workers: int, threads: int, data: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = dict(os.environ, PATIENCE_DATA_DIR=data)
    cmd = [
        str(BIN / "patience"),
        "serve",
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--threads",
        str(threads),
        "--no-background",
    ]
    log = open(Path(data) / "server.log", "wb")  # noqa: SIM115 - lives as long as the server
    server = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(1800):  # migrations and collectstatic first: up to a minute on a busy host
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server, port
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start: " + (Path(data) / "server.log").read_text())


def first_render(port: int) -> float | None:
    """Seconds from navigation to the board drawn (``#game[data-busy="0"] .card``)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if not Path("/usr/bin/chromium").exists():
        return None
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--headless=new", "--no-sandbox", "--disable-gpu"],
        )
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/bisley/deal/1")  # warm: session and static files
        times = []
        for deal in (2, 3, 4):
            start = time.perf_counter()
            page.goto(f"http://127.0.0.1:{port}/gilbert/deal/{deal}")
            page.wait_for_selector('#game[data-busy="0"] .card')
            times.append(time.perf_counter() - start)
        browser.close()
    return max(times)


def locust_table(port: int, players: int, seconds: float, data: str) -> list[str]:
    """Run locust headless with ``players`` players; its statistics as table rows."""
    prefix = Path(data) / f"locust-{players}"
    cmd = [
        str(BIN / "locust"),
        "-f",
        str(ROOT / "bench" / "locustfile.py"),
        "--headless",
        "--users",
        str(players),
        "--spawn-rate",
        str(max(1, players // 4)),  # all players there after 4 s
        "--run-time",
        f"{seconds:.0f}s",
        "--host",
        f"http://127.0.0.1:{port}",
        "--csv",
        str(prefix),
        "--only-summary",
        "--reset-stats",  # the steady state: statistics from when all players are there
        "--loglevel",
        "WARNING",
    ]
    subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rows = [
        "| endpoint | requests | errors | p50 ms | p95 ms | p99 ms | max ms |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    with open(f"{prefix}_stats.csv", newline="") as stats:
        for row in sorted(csv.DictReader(stats), key=lambda r: r["Name"]):
            if row["Name"] == "Aggregated":
                continue
            top = float(row["Max Response Time"])
            rows.append(
                f"| {row['Name']} | {row['Request Count']} | {row['Failure Count']} | "
                f"{row['50%']} | {row['95%']} | {row['99%']} | {top:.0f} |"
            )
    failures = Path(f"{prefix}_failures.csv").read_text().splitlines()[1:]
    rows += ["", f"Failures: {len(failures)} kinds." if failures else "Failures: none."]
    rows += [f"- {line}" for line in failures[:5]]
    return rows


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


ACCESS = re.compile(r'"(GET|POST) (\S+) HTTP/[\d.]+" (\d+) \S+ (\d+)ms$')
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def server_table(log_lines: list[str]) -> list[str]:
    """Per endpoint, the server's own time (gunicorn's access log) of ``log_lines``."""
    times: dict[str, list[float]] = {}
    errors: dict[str, int] = {}
    for line in log_lines:
        m = ACCESS.search(line)
        if m is None:
            continue
        path = re.sub(r"/deal/\d+$", "/deal/N", UUID.sub("ID", m.group(2)))
        name = f"{m.group(1)} {path}"
        times.setdefault(name, []).append(float(m.group(4)))
        errors[name] = errors.get(name, 0) + (m.group(3).startswith("5"))
    rows = [
        "| endpoint | requests | 5xx | p50 ms | p99 ms | max ms |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, values in sorted(times.items()):
        rows.append(
            f"| {name} | {len(values)} | {errors[name]} | {statistics.median(values):.0f} | "
            f"{pct(values, 0.99):.0f} | {max(values):.0f} |"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[50])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8, help="threads per worker")
    parser.add_argument(
        "--hint-every", type=int, default=60, help="a hint every N actions of a player (0: none)"
    )
    parser.add_argument("--no-browser", action="store_true", help="skip the first-render check")
    parser.add_argument("--out", default=str(ROOT / "docs" / "site-performance.md"))
    args = parser.parse_args()

    assets = sorted(p for p in STATIC.rglob("*") if p.suffix in (".js", ".css"))
    asset_bytes = sum(p.stat().st_size for p in assets)
    database = "PostgreSQL" if "postgres" in os.environ.get("DATABASE_URL", "") else "SQLite"
    lines = [
        "# Site performance",
        "",
        f"Measured by `bench/site_load.py` on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, "
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{database}, `patience serve --workers {args.workers} --threads {args.threads}` "
        f"(gunicorn gthread); a hint every {args.hint_every} actions of a player; "
        "the simulated players (locust, one process) run on the same machine, and pause 0.5-1.5 s "
        "between actions.",
        "",
        f"Command: `{' '.join([Path(sys.argv[0]).as_posix(), *sys.argv[1:]])}`",
        "",
        f"JS + CSS: {asset_bytes:,} bytes uncompressed in {len(assets)} files (target <= 100 KB).",
        "",
    ]
    with tempfile.TemporaryDirectory(prefix="patience-load-") as data:
        os.environ["PATIENCE_LOAD_HINT_EVERY"] = str(args.hint_every)
        server, port = start_server(args.workers, args.threads, data)
        try:
            render = None if args.no_browser else first_render(port)
            if render is not None:
                lines += [
                    f"First render of a game page in Chromium (slowest of 3): "
                    f"{render * 1000:.0f} ms (target <= 1 s).",
                    "",
                ]
            log = Path(data) / "server.log"
            for players in args.players:
                seen = len(log.read_text().splitlines())
                table = locust_table(port, players, args.seconds, data)
                time.sleep(1)  # the last access log lines
                run_log = log.read_text().splitlines()[seen:]
                lines += [
                    f"## {players} concurrent players, {args.seconds:.0f} s",
                    "",
                    "As the players see it, once all have arrived (locust):",
                    "",
                    *table,
                    "",
                    "The server's own time, the whole run (players arriving included):",
                    "",
                    *server_table(run_log),
                    "",
                ]
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
            log_lines = (Path(data) / "server.log").read_text().splitlines()
            errors = [
                line
                for line in log_lines
                if "Traceback" in line or "ERROR" in line or '" 500 ' in line
            ]
            lines += [f"Server log: {len(errors)} error lines.", ""]
    report = "\n".join(lines)
    print(report)
    Path(args.out).write_text(report)


if __name__ == "__main__":
    main()
