"""A player of the site: a Django test client with a session, CSRF checks on,
that reads the state blob of a game page and calls the API."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from patience import Position
from patience.notation import format_move, parse_move
from patience.solver import Limit, Verdict, solve

_BLOB = re.compile(r'<script id="initial-state" type="application/json">(.*?)</script>', re.S)


class Player:
    def __init__(self, language: str = "en") -> None:
        self.client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE=language)

    def page(self, path: str) -> dict[str, Any]:
        """GET a game page; return its state blob."""
        response = self.client.get(path)
        assert response.status_code == 200, response.status_code
        match = _BLOB.search(response.content.decode())
        assert match, "no state blob on the page"
        state: dict[str, Any] = json.loads(match.group(1))
        return state

    def post(self, path: str, body: Any = None, *, csrf: bool = True) -> Any:
        headers = {"HTTP_X_CSRFTOKEN": self.client.cookies["csrftoken"].value} if csrf else {}
        data = body if isinstance(body, str | bytes) else json.dumps(body or {})
        return self.client.post(path, data, content_type="application/json", **headers)

    def get(self, path: str) -> Any:
        return self.client.get(path)

    def move(self, state: dict[str, Any], move: str) -> Any:
        return self.post(
            f"/api/games/{state['id']}/move", {"move": move, "version": state["version"]}
        )

    def act(self, state: dict[str, Any], action: str) -> Any:
        return self.post(f"/api/games/{state['id']}/{action}", {"version": state["version"]})


@pytest.fixture
def player(db: None) -> Player:
    return Player()


def replay(state: dict[str, Any], moves: list[str]) -> Position:
    """The library's own position after ``moves`` from the state's deal."""
    pos = Position.deal(state["game"], state["deal"])
    for text in moves:
        pos.push(parse_move(pos, text))
    return pos


def winning_line(game: str, deal: int, nodes: int) -> list[str]:
    """A winning line of the deal, in notation (the solver bounded by ``nodes``)."""
    pos = Position.deal(game, deal)
    result = solve(pos, Limit(nodes=nodes))
    assert result.verdict is Verdict.WINNABLE
    texts = []
    for move in result.line:
        texts.append(format_move(pos, move))
        pos.push(move)
    return texts
