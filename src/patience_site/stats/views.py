"""The statistics page: per game, with a small chart of recent results (SVG drawn
by the template, no script)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from patience.games import GAMES
from patience_site.daily.models import DailyResult
from patience_site.daily.services import today
from patience_site.play.views import owner_of
from patience_site.stats.services import RECENT, day_streaks, player_stats

BAR = 10  # px per result in the chart


@require_GET
def stats(request: HttpRequest) -> HttpResponse:
    owner = owner_of(request)
    rows: list[dict[str, Any]] = []
    for game_id, rules in GAMES.items():
        numbers = player_stats(owner, game_id)
        row: dict[str, Any] = {
            "id": game_id,
            "name": rules.name,
            "stats": numbers,
            "win_percent": None if numbers.win_rate is None else round(100 * numbers.win_rate),
            "bars": [
                {
                    "x": i * BAR,
                    "y": 32 - (30 if won else 12),
                    "won": won,
                    "height": 30 if won else 12,
                }
                for i, won in enumerate(numbers.recent)
            ],
        }
        if request.user.is_authenticated:
            days = set(
                DailyResult.objects.filter(user=request.user, daily__game=game_id).values_list(
                    "daily__date", flat=True
                )
            )
            row["daily_current"], row["daily_longest"] = day_streaks(days, today())
        rows.append(row)
    context = {
        "rows": rows,
        "chart_width": RECENT * BAR,
        "signed_in": request.user.is_authenticated,
    }
    return render(request, "stats/stats.html", context)
