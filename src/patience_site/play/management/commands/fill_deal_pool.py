"""``manage.py fill_deal_pool GAME --count N``: prove deals and keep them, so that
the Solvable toggle serves a deal at once."""

from __future__ import annotations

import secrets
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from patience import Position
from patience.errors import PatienceError
from patience.games import GAMES
from patience.solver import Verdict, parse_budget, solve
from patience_site.play.models import ProvedDeal
from patience_site.play.services import NEW_DEAL_MAX


class Command(BaseCommand):
    help = "Prove random deals of a game and store them in the pool of proved deals."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", choices=sorted(GAMES))
        parser.add_argument("--count", type=int, default=20, help="winnable deals to add (20)")
        parser.add_argument("--budget", default="quick", help="quick, deep or seconds (quick)")
        parser.add_argument("--max-tries", type=int, default=10_000)

    def handle(self, *args: Any, **options: Any) -> None:
        game, count = options["game"], options["count"]
        try:
            limit = parse_budget(options["budget"])
        except PatienceError as error:
            raise CommandError(str(error)) from None
        added = tried = 0
        while added < count and tried < options["max_tries"]:
            deal = secrets.randbelow(NEW_DEAL_MAX) + 1
            if ProvedDeal.objects.filter(game=game, deal=deal).exists():
                continue
            tried += 1
            result = solve(Position.deal(game, deal), limit)
            if result.verdict is Verdict.UNKNOWN:
                continue
            winnable = result.verdict is Verdict.WINNABLE
            ProvedDeal.objects.create(game=game, deal=deal, winnable=winnable, nodes=result.nodes)
            added += winnable
        pool = ProvedDeal.objects.filter(game=game, winnable=True).count()
        self.stdout.write(f"{game}: {added} winnable deals added in {tried} tries; pool {pool}")
