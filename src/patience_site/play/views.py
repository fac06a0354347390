"""The pages. Thin: they find or deal the game and hand the state to the template;
the browser script does the rest through the API."""

from __future__ import annotations

import uuid
from typing import Any

import markdown
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from patience.games import GAMES, rules_text
from patience_site.play import preferences, services
from patience_site.play.models import Game
from patience_site.play.strings import ui_strings


def game_rules(game_id: str) -> Any:
    if game_id not in GAMES:
        raise Http404(_("There is no game called %(game)s.") % {"game": game_id})
    return GAMES[game_id]


def owner_of(request: HttpRequest) -> services.Owner:
    """The request's owner. An anonymous player is known by a token kept in the
    session's data (which survives the rotation of the session id at sign-in)."""
    player = request.session.get(services.PLAYER_KEY)
    if not player:
        player = request.session[services.PLAYER_KEY] = uuid.uuid4().hex
    return services.Owner(player=player, user=getattr(request, "user", None))


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    games = [{"id": gid, "name": rules.name} for gid, rules in GAMES.items()]
    return render(request, "play/home.html", {"games": games})


def game_page(
    request: HttpRequest,
    game: Game,
    template: str = "play/game.html",
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    """The page that plays ``game`` (the browser script takes it from there)."""
    rules = game_rules(game.game)
    context = {
        "game": game,
        "game_name": rules.name,
        "state": services.state(game),
        "ui": ui_strings(),
        "settings": {
            **preferences.player_settings(request.session, getattr(request, "user", None)),
            "account": request.user.is_authenticated,
        },
        "deal_url": reverse("play:deal", args=[game.game, game.deal]),
        **(extra or {}),
    }
    return render(request, template, context)


@require_GET
def play(request: HttpRequest, game_id: str) -> HttpResponse:
    """The player's latest game of this kind, or a new random deal."""
    game_rules(game_id)
    owner = owner_of(request)
    game = owner.games(game_id).first()
    if game is None:
        game = services.new_game(owner, game_id)
    return game_page(request, game)


@require_GET
def deal(request: HttpRequest, game_id: str, number: int) -> HttpResponse:
    """A shareable deal: resumes the player's latest game of it, else deals it."""
    game_rules(game_id)
    if not 1 <= number <= 2**63 - 1:
        raise Http404(_("Deal numbers run from 1 to %(max)s.") % {"max": 2**63 - 1})
    owner = owner_of(request)
    game = owner.games(game_id).filter(deal=number).first()
    if game is None:
        game = services.new_game(owner, game_id, number)
    return game_page(request, game)


@require_GET
def rules(request: HttpRequest, game_id: str) -> HttpResponse:
    info = game_rules(game_id)
    language = "de" if (get_language() or "en").startswith("de") else "en"
    html = markdown.markdown(rules_text(game_id, language), extensions=["extra"])
    return render(
        request, "play/rules.html", {"game_id": game_id, "game_name": info.name, "html": html}
    )
