"""Auto-play and Auto-complete: per browser (session), and per account once signed in."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from web.conftest import Player

pytestmark = pytest.mark.django_db


def test_settings_default_on_and_are_kept_per_browser(player: Player) -> None:
    player.page("/bisley/")
    assert player.get("/api/settings").json() == {"auto_play": True, "auto_complete": True}
    changed = player.post("/api/settings", {"auto_play": False}).json()
    assert changed == {"auto_play": False, "auto_complete": True}
    assert player.get("/api/settings").json() == changed
    assert Player().get("/bisley/").status_code == 200  # another browser: its own defaults
    assert player.post("/api/settings", {"auto_play": "sometimes"}).status_code == 400


def test_settings_follow_the_account_to_another_browser(player: Player) -> None:
    player.page("/bisley/")
    player.post("/api/settings", {"auto_complete": False})
    user = User.objects.create_user("jo", password="pw-123456789")
    player.get("/accounts/login/")
    player.client.post(
        "/accounts/login/",
        {
            "username": "jo",
            "password": "pw-123456789",
            "csrfmiddlewaretoken": player.client.cookies["csrftoken"].value,
        },
    )
    laptop = Player()
    laptop.client.force_login(user)
    laptop.page("/gilbert/")
    assert laptop.get("/api/settings").json() == {"auto_play": True, "auto_complete": False}
    laptop.post("/api/settings", {"auto_play": False})
    assert player.get("/api/settings").json() == {"auto_play": False, "auto_complete": False}
