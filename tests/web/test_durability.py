"""No acknowledged move is lost when the server is killed (SIGKILL) mid-game."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from web.test_serve import _free_port

BLOB = re.compile(r'<script id="initial-state" type="application/json">(.*?)</script>', re.S)


def _start(data: Path, port: int) -> subprocess.Popen[bytes]:
    env = {"PATIENCE_DATA_DIR": str(data), "PATH": "/usr/bin:/bin"}
    cmd = [
        sys.executable,
        "-m",
        "patience.cli",
        "serve",
        "--port",
        str(port),
        "--workers",
        "2",
        "--no-background",
    ]
    proc = subprocess.Popen(
        cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    for _ in range(1200):  # up to 2 min: migrations and collectstatic first, on a busy host
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
            return proc
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the server did not start")


class Browser:
    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def page(self, path: str) -> dict[str, Any]:
        html = self.opener.open(self.base + path, timeout=30).read().decode()
        match = BLOB.search(html)
        assert match
        state: dict[str, Any] = json.loads(match.group(1))
        return state

    def move(self, state: dict[str, Any], move: str) -> dict[str, Any]:
        token = next(c.value for c in self.jar if c.name == "csrftoken")
        request = urllib.request.Request(
            f"{self.base}/api/games/{state['id']}/move",
            data=json.dumps({"move": move, "version": state["version"]}).encode(),
            headers={"Content-Type": "application/json", "X-CSRFToken": token},
        )
        answer: dict[str, Any] = json.loads(self.opener.open(request, timeout=30).read())
        return answer


def test_a_killed_server_loses_no_acknowledged_move(tmp_path: Path) -> None:
    port = _free_port()
    server = _start(tmp_path, port)
    browser = Browser(port)
    try:
        state = browser.page("/gilbert/deal/2")
        for _ in range(12):  # every reply is an acknowledgement
            state = browser.move(state, state["stock_move"])
        acknowledged = state["moves_made"]
    finally:
        os.killpg(server.pid, signal.SIGKILL)  # no shutdown, no flush: the whole group
        server.wait(timeout=30)
    server = _start(tmp_path, port)
    try:
        again = browser.page("/gilbert/deal/2")
        assert again["id"] == state["id"]
        assert again["moves_made"] == acknowledged == 12
        assert again["piles"] == state["piles"]
        assert browser.move(again, again["stock_move"])["moves_made"] == 13  # and it goes on
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
