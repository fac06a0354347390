"""The player's settings (Auto-play, Auto-complete): an account's in the database,
a browser's in its session (and in the browser's own storage)."""

from __future__ import annotations

from typing import Any

from patience_site.play.models import PlayerSettings

SETTINGS_KEY = "settings"
DEFAULT_SETTINGS = {"auto_play": True, "auto_complete": True}


def player_settings(session: Any, user: Any) -> dict[str, bool]:
    """Auto-play and Auto-complete: the account's when signed in, else the session's."""
    if user is not None and user.is_authenticated:
        found = PlayerSettings.objects.filter(user=user).first()
        if found is not None:
            return {"auto_play": found.auto_play, "auto_complete": found.auto_complete}
    return {**DEFAULT_SETTINGS, **session.get(SETTINGS_KEY, {})}


def save_settings(session: Any, user: Any, changes: dict[str, bool]) -> dict[str, bool]:
    values = {**player_settings(session, user), **changes}
    session[SETTINGS_KEY] = values
    if user is not None and user.is_authenticated:
        PlayerSettings.objects.update_or_create(user=user, defaults=values)
    return values
