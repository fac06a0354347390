"""Load on the site: many players dealing, moving, undoing and asking for hints.

Starts ``patience serve`` (gunicorn, SQLite in a fresh data folder unless
``DATABASE_URL`` is set) and runs ``--players`` simulated players, each in its own
thread with its own session, for ``--seconds``. A player opens a game page, then
plays random legal moves (the targets the server sends), undoes now and then, asks
for a hint now and then, and deals new cards when the game is won or stuck. Also
measures the first render of a game page in Chromium (when Playwright and
/usr/bin/chromium are there) and the size of the site's JS + CSS.

Prints a table per endpoint (count, errors, p50/p95/p99/max in ms) and writes it to
``--out`` (default docs/site-performance.md).

    .venv/bin/python bench/site_load.py --players 50 --seconds 30
"""

from __future__ import annotations

import argparse
import http.client
import http.cookiejar
import json
import os
import platform
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "src" / "patience_site" / "static"
BLOB = re.compile(r'<script id="initial-state" type="application/json">(.*?)</script>', re.S)
GAMES = ("bisley", "big-apple", "gilbert")


class Browser:
    """One player's HTTP connection with its cookies (session, CSRF)."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, bytes]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        payload = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, payload


class Stats:
    def __init__(self) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.lock = threading.Lock()

    def add(self, name: str, seconds: float, ok: bool) -> None:
        with self.lock:
            self.times[name].append(seconds)
            if not ok:
                self.errors[name] += 1


def timed(
    stats: Stats,
    name: str,
    browser: Browser,
    method: str,
    path: str,
    body: Any = None,
    ok: tuple[int, ...] = (200, 201),
) -> tuple[int, bytes]:
    start = time.perf_counter()
    try:
        status, payload = browser.request(method, path, body)
    except (OSError, http.client.HTTPException):
        stats.add(name, time.perf_counter() - start, False)
        return 0, b""
    stats.add(name, time.perf_counter() - start, status in ok)
    return status, payload


def player(port: int, stats: Stats, until: float, seed: int, hint_every: int, think: float) -> None:
    rng = random.Random(seed)
    time.sleep(rng.uniform(0, 2 * think))  # players arrive over a few seconds, not at once
    browser = Browser(port)
    game = GAMES[seed % len(GAMES)]
    status, page = timed(stats, "GET game page", browser, "GET", f"/{game}/deal/{seed + 1}")
    match = BLOB.search(page.decode()) if status == 200 else None
    if not match:
        return
    state = json.loads(match.group(1))
    actions = 0
    while time.perf_counter() < until:
        time.sleep(think * rng.uniform(0.5, 1.5))
        actions += 1
        gid = state["id"]
        if state["won"] or state["stuck"]:
            status, body = timed(
                stats, "POST /games (new)", browser, "POST", "/api/games", {"game": game}
            )
        elif hint_every and actions % hint_every == 0:
            timed(stats, "POST hint", browser, "POST", f"/api/games/{gid}/hint", {})
            continue
        elif state["can_undo"] and rng.random() < 0.1:
            status, body = timed(
                stats,
                "POST undo",
                browser,
                "POST",
                f"/api/games/{gid}/undo",
                {"version": state["version"]},
            )
        else:
            moves = [m for entry in state["movable"] for m in entry["moves"]]
            if state["stock_move"]:
                moves.append(state["stock_move"])
            status, body = timed(
                stats,
                "POST move",
                browser,
                "POST",
                f"/api/games/{gid}/move",
                {"move": rng.choice(moves), "version": state["version"]},
            )
        if status in (200, 201):
            state = json.loads(body)
        else:
            status, body = browser.request("GET", f"/api/games/{gid}")
            if status == 200:
                state = json.loads(body)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(workers: int, data: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = dict(os.environ, PATIENCE_DATA_DIR=data)
    cmd = [
        str(ROOT / ".venv" / "bin" / "patience"),
        "serve",
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--no-background",
    ]
    log = open(Path(data) / "server.log", "wb")  # noqa: SIM115 - lives as long as the server
    server = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(300):
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


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[50])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="a player's mean pause between actions, seconds (0 = none)",
    )
    parser.add_argument("--hint-every", type=int, default=40, help="a hint every N actions")
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
        f"{database}, `patience serve --workers {args.workers}` (gunicorn gthread, 4 threads); "
        "the simulated players run on the same machine.",
        "",
        f"Command: `{' '.join([Path(sys.argv[0]).as_posix(), *sys.argv[1:]])}`",
        "",
        f"JS + CSS: {asset_bytes:,} bytes uncompressed in {len(assets)} files (target <= 100 KB).",
        "",
    ]
    with tempfile.TemporaryDirectory(prefix="patience-load-") as data:
        server, port = start_server(args.workers, data)
        try:
            render = None if args.no_browser else first_render(port)
            if render is not None:
                lines += [
                    f"First render of a game page in Chromium (slowest of 3): "
                    f"{render * 1000:.0f} ms (target <= 1 s).",
                    "",
                ]
            for players in args.players:
                stats = Stats()
                until = time.perf_counter() + args.seconds
                threads = [
                    threading.Thread(
                        target=player, args=(port, stats, until, i, args.hint_every, args.think)
                    )
                    for i in range(players)
                ]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                lines += [
                    f"## {players} concurrent players, {args.seconds:.0f} s",
                    "",
                    "| endpoint | requests | errors | p50 ms | p95 ms | p99 ms | max ms |",
                    "|---|---:|---:|---:|---:|---:|---:|",
                ]
                for name, times in sorted(stats.times.items()):
                    ms = [t * 1000 for t in times]
                    lines.append(
                        f"| {name} | {len(ms)} | {stats.errors[name]} | "
                        f"{statistics.median(ms):.1f} | {pct(ms, 0.95):.1f} | "
                        f"{pct(ms, 0.99):.1f} | {max(ms):.1f} |"
                    )
                lines.append("")
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
            server_ms = [
                float(m.group(1))
                for line in log_lines
                if "/move " in line and (m := re.search(r" (\d+)ms$", line))
            ]
            if server_ms:
                lines += [
                    "Server-side time of move requests (gunicorn's access log, all runs): "
                    f"p50 {statistics.median(server_ms):.0f} ms, "
                    f"p99 {pct(server_ms, 0.99):.0f} ms.",
                    "",
                ]
            lines += [f"Server log: {len(errors)} error lines.", ""]
    report = "\n".join(lines)
    print(report)
    Path(args.out).write_text(report)


if __name__ == "__main__":
    main()
