"""``patience manage prepare_daily --days 3``: choose and store the deals of the
day ahead of time (proving a deal winnable can take minutes for some games, and
nobody should wait for it at midnight)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from patience.games import GAMES
from patience_site.daily import services


class Command(BaseCommand):
    help = "Choose and store the deals of the day from today on."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=3, help="days from today (3)")
        parser.add_argument("--game", choices=sorted(GAMES), action="append")

    def handle(self, *args: Any, **options: Any) -> None:
        start = services.today()
        for offset in range(options["days"]):
            date = start + dt.timedelta(days=offset)
            for game_id in options["game"] or list(GAMES):
                daily = services.daily_deal(game_id, date)
                self.stdout.write(f"{date} {game_id}: deal {daily.deal}")
