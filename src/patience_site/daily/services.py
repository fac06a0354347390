"""Choosing, storing and playing the deal of the day; recording first wins."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from patience import Position
from patience.deal import fnv1a64
from patience.errors import PatienceError
from patience.notation import parse_move
from patience.solver import Limit, winnable_deal
from patience_site.daily.models import DailyDeal, DailyGame, DailyResult
from patience_site.play import services as play
from patience_site.play.models import Game


def today() -> dt.date:
    """The calendar day in the site's time zone (``PATIENCE_TIME_ZONE``)."""
    return timezone.localdate()


def choose_deal(game_id: str, date: dt.date) -> int:
    """The day's deal, a pure function of the game, the date and the solver: the
    first deal proved winnable from a start number hashed from the date, each
    tried with a budget of nodes only (no clock), so every host chooses alike."""
    start = fnv1a64(f"daily:{game_id}:{date.isoformat()}") % play.NEW_DEAL_MAX + 1
    limit = Limit(nodes=settings.PATIENCE_DAILY_NODES)
    deal, _tried = winnable_deal(game_id, start, limit, max_tries=10_000)
    return deal


def daily_deal(game_id: str, date: dt.date | None = None) -> DailyDeal:
    """The stored deal of the day (chosen and stored when first asked for)."""
    play.check_game_id(game_id)
    date = date or today()
    found = DailyDeal.objects.filter(game=game_id, date=date).first()
    if found is not None:
        return found
    deal = choose_deal(game_id, date)
    try:
        with transaction.atomic():
            return DailyDeal.objects.create(game=game_id, date=date, deal=deal)
    except IntegrityError:  # another request stored it first
        return DailyDeal.objects.get(game=game_id, date=date)


def daily_game(user: User, daily: DailyDeal) -> Game:
    """The player's game of the day's deal: resumed if it exists, else dealt."""
    entry = DailyGame.objects.filter(daily=daily, user=user).select_related("game").first()
    if entry is not None:
        return entry.game
    owner = play.Owner(player="", user=user)
    game = play.new_game(owner, daily.game, daily.deal)
    try:
        with transaction.atomic():
            DailyGame.objects.create(daily=daily, user=user, game=game)
    except IntegrityError:  # a second tab dealt it at the same moment
        game.delete()
        return DailyGame.objects.get(daily=daily, user=user).game
    return game


def replays_to_a_win(game: Game) -> bool:
    """The whole stored move list, replayed through the library, wins the deal."""
    pos = Position.deal(game.game, game.deal)
    try:
        for text in game.moves[: game.win_moves]:
            pos.play(parse_move(pos, text))
    except PatienceError:
        return False
    return pos.is_won()


def record_win(game: Game) -> DailyResult | None:
    """Record the first win of a daily game (after replaying it); ``None`` when
    the game is not a daily game, is not a real win, or was recorded already."""
    entry = DailyGame.objects.filter(game=game).select_related("daily").first()
    if entry is None or game.win_moves is None or not replays_to_a_win(game):
        return None
    try:
        with transaction.atomic():
            return DailyResult.objects.create(
                daily=entry.daily,
                user=entry.user,
                moves=game.win_moves,
                seconds=game.win_seconds or 0.0,
                undos=game.undos,
            )
    except IntegrityError:
        return None


def leaderboard(daily: DailyDeal) -> list[DailyResult]:
    """The day's winners: fewest moves, then least time, then who was first."""
    return list(daily.results.select_related("user").order_by("moves", "seconds", "recorded"))


def _on_win(sender: Any, game: Game, **kwargs: Any) -> None:
    record_win(game)


def connect() -> None:
    play.game_won.connect(_on_win, dispatch_uid="daily.record_win")
