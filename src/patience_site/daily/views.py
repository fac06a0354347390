"""Deal-of-the-day pages: play today's deal (signed in), the leaderboards."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from patience.games import GAMES
from patience_site.daily import services
from patience_site.daily.models import DailyDeal
from patience_site.play.views import game_page, game_rules


@require_GET
def overview(request: HttpRequest) -> HttpResponse:
    """Today's deals of the three games with their leaderboards so far."""
    date = services.today()
    days = []
    for gid, rules in GAMES.items():
        daily = DailyDeal.objects.filter(game=gid, date=date).first()
        board = services.leaderboard(daily)[:3] if daily else []
        days.append({"id": gid, "name": rules.name, "board": board})
    return render(request, "daily/overview.html", {"date": date, "days": days})


@login_required
@require_GET
def play_today(request: HttpRequest, game_id: str) -> HttpResponse:
    """Today's deal: everyone plays the same; signed-in players only (the sign-in
    page sends an anonymous player straight back here)."""
    game_rules(game_id)
    daily = services.daily_deal(game_id)
    game = services.daily_game(request.user, daily)  # type: ignore[arg-type]
    return game_page(request, game, "daily/game.html", {"daily": daily})


@require_GET
def board(request: HttpRequest, game_id: str, date: str | None = None) -> HttpResponse:
    """The leaderboard of a day (today by default); past days stay viewable."""
    info = game_rules(game_id)
    try:
        day = dt.date.fromisoformat(date) if date else services.today()
    except ValueError:
        raise Http404(_("No such day: %(date)s.") % {"date": date}) from None
    if day > services.today():
        raise Http404(_("That day has not come yet."))
    daily = DailyDeal.objects.filter(game=game_id, date=day).first()
    context = {
        "game_id": game_id,
        "game_name": info.name,
        "date": day,
        "is_today": day == services.today(),
        "daily": daily,
        "results": services.leaderboard(daily) if daily else [],
        "previous": day - dt.timedelta(days=1),
        "next": day + dt.timedelta(days=1) if day < services.today() else None,
    }
    return render(request, "daily/board.html", context)
