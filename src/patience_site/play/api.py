"""The JSON API (django-ninja; schema at ``/api/openapi.json``, docs at ``/api/docs``).

Every request is made by the owner of a browser session (the session cookie is
the credential, so every state-changing request must carry the CSRF token in the
``X-CSRFToken`` header). Errors are JSON: ``{"detail": "message"}``; a stale
``version`` gets 409 with the current ``state`` beside the message.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Schema
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.security import APIKeyCookie
from pydantic import Field

from patience_site.play import preferences, services
from patience_site.play.services import PLAYER_KEY, GameError, Owner


class SessionOwner(APIKeyCookie):
    """The session cookie is the key; the owner is the session (or its user).
    CSRF is checked for unsafe methods (APIKeyCookie's ``csrf=True``)."""

    param_name = "sessionid"

    def authenticate(self, request: HttpRequest, key: str | None) -> Owner | None:
        player = request.session.get(PLAYER_KEY, "")
        user = getattr(request, "user", None)
        if not key or not (player or (user is not None and user.is_authenticated)):
            return None
        return Owner(player=player, user=user)


api = NinjaAPI(
    title="patience",
    version="1",
    description="Play Bisley, Big Apple and Gilbert: the server holds the rules.",
    auth=SessionOwner(),
    urls_namespace="api",
)


class ErrorOut(Schema):
    detail: str


class PileOut(Schema):
    id: str
    kind: str
    cards: list[str | None]


class MovableOut(Schema):
    pile: str
    index: int
    card: str
    targets: list[str]
    moves: list[str]
    click: str | None


class StateOut(Schema):
    id: str
    game: str
    deal: int
    version: int
    solvable: bool
    piles: list[PileOut]
    movable: list[MovableOut]
    stock_move: str | None
    won: bool
    stuck: bool
    auto_complete: bool
    moves_made: int
    can_undo: bool
    can_redo: bool
    undos: int
    verdict: str | None = Field(description="winnable, lost or unknown (null once won)")
    checked: bool = Field(
        description="false: a move left the verdict unknown and the status search has not "
        "run yet; POST .../check runs it"
    )
    status: str = Field(description="playing, won, stuck or lost")
    played: list[str] = Field(default=[], description="moves auto-complete made")


class ConflictOut(Schema):
    detail: str
    state: StateOut


class HintOut(Schema):
    verdict: str
    move: str | None
    pile: str | None
    index: int | None
    target: str | None


class NewGameIn(Schema):
    game: str = Field(max_length=20, examples=["bisley"])
    deal: int | None = Field(default=None, ge=1, le=2**63 - 1)
    solvable: bool = False


class VersionIn(Schema):
    version: int = Field(ge=0)


class MoveIn(VersionIn):
    move: str = Field(max_length=20, examples=["3-F1"])


ERRORS: dict[int, Any] = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut}
CHANGE: dict[int, Any] = {200: StateOut, 409: ConflictOut, **ERRORS}


@api.exception_handler(GameError)
def game_error(request: HttpRequest, exc: GameError) -> HttpResponse:
    body: dict[str, Any] = {"detail": str(exc)}
    if isinstance(exc, services.Stale | services.Finished):
        owner = getattr(request, "auth", None)
        game_id = request.resolver_match.kwargs.get("game_id") if request.resolver_match else None
        if isinstance(owner, Owner) and game_id is not None:
            body["state"] = services.state(services.load(owner, game_id))
    return api.create_response(request, body, status=exc.status)


@api.exception_handler(ValidationError)
def validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    parts = []
    for error in exc.errors:
        where = ".".join(str(p) for p in error.get("loc", ()) if p not in ("body", "payload"))
        parts.append(f"{where}: {error.get('msg', 'invalid')}" if where else error.get("msg", ""))
    message = _("Bad request: %(errors)s") % {"errors": "; ".join(parts) or _("invalid body")}
    return api.create_response(request, {"detail": message}, status=400)


@api.exception_handler(MultiPartParserError)
@api.exception_handler(RequestDataTooBig)
def unreadable_body(request: HttpRequest, exc: Exception) -> HttpResponse:
    message = _("Bad request: %(errors)s") % {"errors": _("invalid body")}
    return api.create_response(request, {"detail": message}, status=400)


@api.exception_handler(AuthenticationError)
def no_session(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    message = _("No session: open a game page first (cookies must be allowed).")
    return api.create_response(request, {"detail": message}, status=401)


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    return api.create_response(request, {"detail": exc.message}, status=exc.status_code)


def _state(state: dict[str, Any], status: int = 200) -> HttpResponse:
    """``state`` as the JSON body, past ninja's response validation: that costs about a
    millisecond a request on the busiest endpoints, and the state is built by
    ``services.state`` alone (tests/web/test_api.py checks it against ``StateOut``)."""
    state.setdefault("played", [])
    body = json.dumps(state, separators=(",", ":"))
    return HttpResponse(body, status=status, content_type="application/json")


def _owner(request: HttpRequest) -> Owner:
    owner = request.auth  # type: ignore[attr-defined]
    assert isinstance(owner, Owner)
    return owner


@api.post("/games", response={201: StateOut, **ERRORS}, summary="Deal a new game")
def create_game(request: HttpRequest, data: NewGameIn) -> HttpResponse:
    game = services.new_game(_owner(request), data.game, data.deal, data.solvable)
    return _state(services.state(game), 201)


@api.get("/games/{game_id}", response={200: StateOut, **ERRORS}, summary="A game's state")
def get_game(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return _state(services.state(services.load(_owner(request), game_id)))


@api.post("/games/{game_id}/move", response=CHANGE, summary="Make a move")
def move(request: HttpRequest, game_id: UUID, data: MoveIn) -> HttpResponse:
    return _state(services.play(_owner(request), game_id, data.version, data.move))


@api.post("/games/{game_id}/undo", response=CHANGE, summary="Take back the last move")
def undo(request: HttpRequest, game_id: UUID, data: VersionIn) -> HttpResponse:
    return _state(services.undo(_owner(request), game_id, data.version))


@api.post("/games/{game_id}/redo", response=CHANGE, summary="Make the undone move again")
def redo(request: HttpRequest, game_id: UUID, data: VersionIn) -> HttpResponse:
    return _state(services.redo(_owner(request), game_id, data.version))


@api.post("/games/{game_id}/restart", response=CHANGE, summary="Back to the deal's start")
def restart(request: HttpRequest, game_id: UUID, data: VersionIn) -> HttpResponse:
    return _state(services.restart(_owner(request), game_id, data.version))


@api.post("/games/{game_id}/auto-complete", response=CHANGE, summary="Finish the game")
def auto_complete(request: HttpRequest, game_id: UUID, data: VersionIn) -> HttpResponse:
    return _state(services.auto_complete(_owner(request), game_id, data.version))


@api.post("/games/{game_id}/check", response=CHANGE, summary="Search the game's status")
def check(request: HttpRequest, game_id: UUID, data: VersionIn) -> HttpResponse:
    """The solver's short status search for the position at ``version`` (moves are
    answered without it): the state with its verdict, the version unchanged."""
    return _state(services.check(_owner(request), game_id, data.version))


@api.post("/games/{game_id}/hint", response={200: HintOut, **ERRORS}, summary="A hint")
def hint(request: HttpRequest, game_id: UUID) -> dict[str, Any]:
    return services.give_hint(_owner(request), game_id)


class SettingsOut(Schema):
    auto_play: bool
    auto_complete: bool


class SettingsIn(Schema):
    auto_play: bool | None = None
    auto_complete: bool | None = None


@api.get("/settings", response={200: SettingsOut, **ERRORS}, summary="The player's settings")
def get_settings(request: HttpRequest) -> dict[str, bool]:
    return preferences.player_settings(request.session, getattr(request, "user", None))


@api.post("/settings", response={200: SettingsOut, **ERRORS}, summary="Change settings")
def change_settings(request: HttpRequest, data: SettingsIn) -> dict[str, bool]:
    changes = {k: v for k, v in data.dict().items() if v is not None}
    return preferences.save_settings(request.session, getattr(request, "user", None), changes)
