"""schemathesis against the API's own OpenAPI schema: whatever the body, the path
or the version, no 5xx, and every error is JSON with a message."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

from patience_site.wsgi import application
from web.conftest import Player

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", application)


@pytest.fixture
def session(db: None) -> Iterator[dict[str, Any]]:
    player = Player()
    state = player.page("/bisley/deal/1")  # compiled solver: hints stay quick
    cookies = {name: morsel.value for name, morsel in player.client.cookies.items()}
    # The WSGI app would close the test's database connection after each request
    # (Django's test client turns this off the same way).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield {"cookies": cookies, "game": state["id"]}
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_never_fails_and_always_explains(case: Any, session: dict[str, Any]) -> None:
    if "game_id" in (case.path_parameters or {}):
        case.path_parameters["game_id"] = session["game"]  # a real game of this session
    response = case.call(
        cookies=session["cookies"], headers={"X-CSRFToken": session["cookies"]["csrftoken"]}
    )
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert str(response.headers).find("application/json") >= 0, (
            response.status_code,
            response.request.method,
            response.request.url,
            response.text[:300],
        )
        body = json.loads(response.text)
        assert isinstance(body["detail"], str) and body["detail"], body
