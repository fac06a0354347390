"""A game in progress: which deal, the moves made, and who may play it.

The position is never stored as such: it is the deal replayed through the moves
(``moves[:cursor]``; the moves after the cursor are the redo list). So a stored
game can never hold a position the rules do not allow.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class Game(models.Model):
    class Verdict(models.TextChoices):
        UNKNOWN = "", "unknown"
        WINNABLE = "winnable", "winnable"
        LOST = "lost", "lost"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game = models.CharField(max_length=20)
    deal = models.PositiveBigIntegerField()
    solvable = models.BooleanField(default=False, help_text="dealt by the Solvable toggle")
    moves = models.JSONField(default=list, help_text="moves in notation, redo list included")
    codes = models.JSONField(
        default=list, blank=True, help_text="the moves as [src, dst, n], for a fast replay"
    )
    cursor = models.PositiveIntegerField(default=0, help_text="how many of the moves are made")
    undos = models.PositiveIntegerField(default=0)
    version = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True, help_text="the first move")
    won_at = models.DateTimeField(null=True, blank=True, help_text="the first win")
    win_moves = models.PositiveIntegerField(null=True, blank=True, help_text="moves of the win")
    verdict = models.CharField(max_length=10, choices=Verdict.choices, blank=True, default="")
    line = models.JSONField(
        default=list, blank=True, help_text="a winning line from the current position"
    )
    checked = models.BooleanField(
        default=True, help_text="the status search has run for the current position"
    )
    player = models.CharField(
        max_length=32, blank=True, default="", db_index=True, help_text="the browser's player token"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        indexes = [models.Index(fields=["user", "game", "-updated"])]

    def __str__(self) -> str:
        return f"{self.game} deal {self.deal} ({self.cursor} moves)"

    @property
    def win_seconds(self) -> float | None:
        """Seconds from the first move to the first win."""
        if self.won_at is None or self.started_at is None:
            return None
        return (self.won_at - self.started_at).total_seconds()

    @property
    def made(self) -> list[str]:
        """The moves made (without the redo list)."""
        return list(self.moves[: self.cursor])


class ProvedDeal(models.Model):
    """A deal the solver has decided, kept so that a Solvable deal can be served at
    once. Filled by ``manage.py fill_deal_pool`` and by every search the site makes
    for a Solvable deal."""

    game = models.CharField(max_length=20)
    deal = models.PositiveBigIntegerField()
    winnable = models.BooleanField()
    nodes = models.PositiveBigIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "deal"], name="one_proof_per_deal")]
        indexes = [models.Index(fields=["game", "winnable"])]

    def __str__(self) -> str:
        return f"{self.game} deal {self.deal}: {'winnable' if self.winnable else 'lost'}"


class PlayerSettings(models.Model):
    """A signed-in player's settings (an anonymous player's live in the session)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="patience_settings"
    )
    auto_play = models.BooleanField(default=True)
    auto_complete = models.BooleanField(default=True)
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"settings of {self.user}"
