"""The players of the load test (locust): each opens a game page, then plays random
legal moves (the moves the server lists), undoes now and then, asks for a hint now
and then, and deals new cards when the game is won or stuck. Like the browser, a
player asks for the status search (``POST .../check``) a moment after an answer that
left it undone.

Run by ``bench/site_load.py`` (which starts the server and writes the report), or by
hand against a running site::

    .venv/bin/locust -f bench/locustfile.py --headless -u 50 -r 25 -t 30s \\
        --host http://127.0.0.1:8000
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
from typing import Any

import gevent
from locust import FastHttpUser, between, task

BLOB = re.compile(r'<script id="initial-state" type="application/json">(.*?)</script>', re.S)
GAMES = ("bisley", "big-apple", "gilbert")
#: A hint every this many actions (about one a minute per player at the default pace;
#: 0: none). ``site_load.py --hint-every`` sets it.
HINT_EVERY = int(os.environ.get("PATIENCE_LOAD_HINT_EVERY", "60"))
#: Seconds the browser waits after an answer before it asks for the status search
#: (app.js ``CHECK_DELAY``).
CHECK_DELAY = 0.25
_numbers = itertools.count()


class Player(FastHttpUser):
    wait_time = between(0.5, 1.5)  # a player's pause between actions: 1 s on average

    def on_start(self) -> None:
        number = next(_numbers)
        self.rng = random.Random(number)
        self.game = GAMES[number % len(GAMES)]
        self.actions = self.rng.randrange(max(1, HINT_EVERY))  # hints spread over the run
        self.state: dict[str, Any] | None = None
        with self.client.get(
            f"/{self.game}/deal/{number + 1}", name="GET game page", catch_response=True
        ) as response:
            match = BLOB.search(response.text or "") if response.status_code == 200 else None
            if match is None:
                response.failure(f"no game on the page ({response.status_code})")
                return
            self.state = json.loads(match.group(1))

    def _csrf(self) -> dict[str, str]:
        token = next((c.value for c in self.client.cookiejar if c.name == "csrftoken"), "")
        return {"X-CSRFToken": token or ""}

    def _post(self, name: str, path: str, body: dict[str, Any]) -> dict[str, Any] | None:
        with self.client.post(
            path, json=body, headers=self._csrf(), name=name, catch_response=True
        ) as response:
            if response.status_code not in (200, 201):
                response.failure(f"{response.status_code}: {(response.text or '')[:200]}")
                return None
            reply: dict[str, Any] = json.loads(response.text or "{}")
            return reply

    @task
    def act(self) -> None:
        state = self.state
        if state is None:
            return
        self.actions += 1
        gid = state["id"]
        if state["won"] or state["stuck"]:
            reply = self._post("POST /games (new)", "/api/games", {"game": self.game})
        elif HINT_EVERY and self.actions % HINT_EVERY == 0:
            self._post("POST hint", f"/api/games/{gid}/hint", {})
            return
        elif state["can_undo"] and self.rng.random() < 0.1:
            body = {"version": state["version"]}
            reply = self._post("POST undo", f"/api/games/{gid}/undo", body)
        else:
            moves = [m for entry in state["movable"] for m in entry["moves"]]
            if state["stock_move"]:
                moves.append(state["stock_move"])
            body = {"move": self.rng.choice(moves), "version": state["version"]}
            reply = self._post("POST move", f"/api/games/{gid}/move", body)
        if reply is None:  # refused: carry on from the server's state
            response = self.client.get(f"/api/games/{gid}", name="GET state (after an error)")
            reply = json.loads(response.text) if response.status_code == 200 else state
        if reply.get("checked") is False and reply.get("status") == "playing":
            gevent.sleep(CHECK_DELAY)
            body = {"version": reply["version"]}
            reply = self._post("POST check", f"/api/games/{reply['id']}/check", body) or reply
        self.state = reply
