"""What happens at sign-in: the games the browser played anonymously become the
account's (and with them the statistics), and so do its settings if the account has
none yet, so nothing is lost by signing up or in."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from patience_site.play.models import Game, PlayerSettings
from patience_site.play.preferences import SETTINGS_KEY, save_settings
from patience_site.play.services import PLAYER_KEY


@receiver(user_logged_in)
def claim_anonymous_games(
    sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any
) -> None:
    if request is None:
        return
    player = request.session.get(PLAYER_KEY)
    if player:
        Game.objects.filter(player=player, user=None).update(user=user, player="")
    browser = request.session.get(SETTINGS_KEY)
    if browser and not PlayerSettings.objects.filter(user=user).exists():
        save_settings(request.session, user, browser)  # the browser's settings, kept
