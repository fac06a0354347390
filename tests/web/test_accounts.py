"""Accounts on Django's own auth: sign up, in, out, passwords, throttling, and the
games a browser played anonymously coming along into the account."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail

from patience_site.play.models import Game
from web.conftest import Player

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-patience-password-1"


def _signup(player: Player, name: str, next_url: str = "/", email: str = "") -> object:
    player.get("/accounts/signup/")
    return player.client.post(
        "/accounts/signup/",
        {
            "username": name,
            "email": email,
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": next_url,
        },
        HTTP_X_CSRFTOKEN=player.client.cookies["csrftoken"].value,
    )


def _form_post(player: Player, path: str, data: dict[str, str]) -> object:
    player.get(path)
    data = {**data, "csrfmiddlewaretoken": player.client.cookies["csrftoken"].value}
    return player.client.post(path, data)


def test_sign_up_signs_in_and_keeps_the_browsers_game(player: Player) -> None:
    state = player.page("/bisley/deal/7")
    state = player.move(state, state["movable"][0]["click"]).json()
    response = _signup(player, "alice", "/bisley/")
    assert response.status_code == 302 and response["Location"] == "/bisley/"
    user = User.objects.get(username="alice")
    assert user.password.startswith(("argon2", "md5"))  # hashed, never the password itself
    game = Game.objects.get(pk=state["id"])
    assert game.user == user and game.player == ""
    again = player.page("/bisley/")
    assert again["id"] == state["id"] and again["moves_made"] == 1
    assert "alice" in player.get("/").content.decode()


def test_sign_in_on_another_browser_resumes_the_game(player: Player) -> None:
    state = player.page("/gilbert/deal/3")
    state = player.move(state, "S-W").json()
    _signup(player, "bob")
    other = Player()
    other.page("/gilbert/deal/99")  # an anonymous game there, too
    response = _form_post(other, "/accounts/login/", {"username": "bob", "password": PASSWORD})
    assert response.status_code == 302
    resumed = other.page("/gilbert/deal/3")
    assert resumed["id"] == state["id"] and resumed["moves_made"] == 1
    # the anonymous game of the second browser came along too
    assert Game.objects.filter(user__username="bob", deal=99).exists()


def test_signing_in_rotates_the_session_id(player: Player) -> None:
    player.page("/bisley/")
    before = player.client.cookies["sessionid"].value
    _signup(player, "carol")
    assert player.client.cookies["sessionid"].value != before


def test_sign_out_leaves_the_game_with_the_account(player: Player) -> None:
    state = player.page("/bisley/deal/8")
    _signup(player, "dave")
    response = player.client.post(
        "/accounts/logout/", HTTP_X_CSRFTOKEN=player.client.cookies["csrftoken"].value
    )
    assert response.status_code == 302
    assert player.get(f"/api/games/{state['id']}").status_code in (401, 404)
    assert player.page("/bisley/deal/8")["id"] != state["id"]


def test_bad_sign_up_input_gets_clear_messages(player: Player) -> None:
    User.objects.create_user("erin", password=PASSWORD)
    response = _signup(player, "erin")
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert User.objects.filter(username="erin").count() == 1


def test_login_is_throttled_after_five_failures(player: Player) -> None:
    User.objects.create_user("frank", password=PASSWORD)
    for _ in range(5):
        response = _form_post(player, "/accounts/login/", {"username": "frank", "password": "x"})
        assert response.status_code in (200, 429)
    response = _form_post(player, "/accounts/login/", {"username": "frank", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()


def test_password_change_and_reset(player: Player) -> None:
    _signup(player, "gina", email="gina@example.org")
    response = _form_post(
        player,
        "/accounts/password_change/",
        {
            "old_password": PASSWORD,
            "new_password1": PASSWORD + "x",
            "new_password2": PASSWORD + "x",
        },
    )
    assert response.status_code == 302
    assert User.objects.get(username="gina").check_password(PASSWORD + "x")

    stranger = Player()
    _form_post(stranger, "/accounts/password_reset/", {"email": "gina@example.org"})
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/reset/\S+)", mail.outbox[0].body)
    assert link and "gina" in mail.outbox[0].body
    form_url = stranger.get(link.group(1))["Location"]  # Django swaps the token for a session
    response = _form_post(
        stranger,
        form_url,
        {"new_password1": "brand-new-pass-42", "new_password2": "brand-new-pass-42"},
    )
    assert response.status_code == 302
    assert User.objects.get(username="gina").check_password("brand-new-pass-42")


def test_a_hostile_username_is_shown_as_text(player: Player) -> None:
    response = _signup(player, "<script>x</script>")
    assert response.status_code == 200  # the sign-up form refuses such a name ...
    assert "<script>x</script>" not in response.content.decode()
    hostile = User.objects.create_user("<script>x</script>", password=PASSWORD)  # ... an admin not
    player.client.force_login(hostile)
    html = player.get("/").content.decode()
    assert "<script>x</script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html
