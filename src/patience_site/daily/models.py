"""The deal of the day: one per game and calendar day, the same for everyone,
stored when first needed so that a later solver or generator never changes a past
day; each player's daily game; the first win of each player per day."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from patience_site.play.models import Game


class DailyDeal(models.Model):
    game = models.CharField(max_length=20)
    date = models.DateField()
    deal = models.PositiveBigIntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "date"], name="one_deal_a_day")]
        ordering = ["-date", "game"]

    def __str__(self) -> str:
        return f"{self.game} {self.date}: deal {self.deal}"


class DailyGame(models.Model):
    """A player's game of a day's deal (one per player and day)."""

    daily = models.ForeignKey(DailyDeal, on_delete=models.CASCADE, related_name="games")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="daily_entry")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["daily", "user"], name="one_game_a_day")]

    def __str__(self) -> str:
        return f"{self.daily} — {self.user}"


class DailyResult(models.Model):
    """A player's first win of a day's deal, recorded after the server replayed it."""

    daily = models.ForeignKey(DailyDeal, on_delete=models.CASCADE, related_name="results")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    moves = models.PositiveIntegerField()
    seconds = models.FloatField()
    undos = models.PositiveIntegerField()
    recorded = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["daily", "user"], name="one_result_a_day")]
        ordering = ["moves", "seconds", "recorded"]

    def __str__(self) -> str:
        return f"{self.daily} — {self.user}: {self.moves} moves"
