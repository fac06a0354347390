"""The pages: home, game pages (resume, shareable deals), rules, languages."""

from __future__ import annotations

import json
import re

import polib
import pytest
from django.conf import settings

from web.conftest import Player

pytestmark = pytest.mark.django_db


def test_home_lists_the_three_games(player: Player) -> None:
    html = player.get("/").content.decode()
    for name, url in [
        ("Bisley", "/bisley/"),
        ("Big Apple", "/big-apple/"),
        ("Gilbert", "/gilbert/"),
    ]:
        assert name in html and f'href="{url}"' in html


def test_a_game_page_resumes_the_players_game(player: Player) -> None:
    first = player.page("/gilbert/")
    state = player.move(first, first["stock_move"]).json()
    again = player.page("/gilbert/")
    assert again["id"] == first["id"] and again["version"] == state["version"]
    assert player.page(f"/gilbert/deal/{first['deal']}")["id"] == first["id"]


def test_a_shared_deal_url_deals_that_deal(player: Player) -> None:
    state = player.page("/big-apple/deal/123456789")
    assert state["deal"] == 123456789 and state["game"] == "big-apple"
    assert Player().page("/big-apple/deal/123456789")["id"] != state["id"]  # everyone their own


@pytest.mark.parametrize("path", ["/chess/", "/bisley/deal/0", "/chess/rules", "/bisley/nothing"])
def test_unknown_pages_are_404(player: Player, path: str) -> None:
    assert player.get(path).status_code == 404


def test_rules_pages_in_both_languages(db: None) -> None:
    english = Player("en").get("/bisley/rules").content.decode()
    german = Player("de").get("/bisley/rules").content.decode()
    assert "foundation" in english.lower() and "Zielstapel" in german
    assert '<html lang="de">' in german


def test_german_words_on_the_game_page(db: None) -> None:
    html = Player("de").get("/bisley/deal/5").content.decode()
    blob = re.search(r'<script id="ui-strings" type="application/json">(.*?)</script>', html)
    assert blob
    words = json.loads(blob.group(1))
    assert words["new_cards"] == "Neue Karten" and words["solvable"] == "Lösbar"
    assert words["hint"] == "Hinweis" and words["auto_play"] == "Automatisch spielen"
    assert words["card"] % {"rank": words["ranks"]["7"], "suit": words["suits"]["H"]} == (
        "Herz-Sieben"
    )


def test_the_language_switch(player: Player) -> None:
    player.page("/bisley/deal/5")
    response = player.client.post(
        "/i18n/setlang/",
        {"language": "de", "next": "/bisley/deal/5"},
        HTTP_X_CSRFTOKEN=player.client.cookies["csrftoken"].value,
    )
    assert response.status_code == 302 and response["Location"] == "/bisley/deal/5"
    assert "Neue Karten" in player.get("/bisley/deal/5").content.decode()


def test_api_errors_speak_the_players_language(db: None) -> None:
    german = Player("de")
    state = german.page("/bisley/deal/1")
    assert "nichts rückgängig" in german.act(state, "undo").json()["detail"]


def test_the_compiled_catalogue_matches_the_po_file() -> None:
    """The .mo shipped beside the .po says the same: no stale translations."""
    for code, _name in settings.LANGUAGES:
        if code == "en":
            continue
        po_path = settings.LOCALE_PATHS[0] / code / "LC_MESSAGES" / "django.po"
        po = polib.pofile(str(po_path))
        mo = polib.mofile(str(po_path.with_suffix(".mo")))
        assert not po.untranslated_entries() and not po.fuzzy_entries()
        wanted = {(e.msgctxt, e.msgid): e.msgstr for e in po.translated_entries()}
        shipped = {(e.msgctxt, e.msgid): e.msgstr for e in mo if e.msgid}
        assert shipped == wanted


def test_the_admin_lists_every_model(db: None) -> None:
    from django.contrib.auth.models import User

    admin = Player()
    admin.client.force_login(User.objects.create_superuser("root", password="pw-123456789"))
    for path in (
        "play/game",
        "play/proveddeal",
        "daily/dailydeal",
        "daily/dailygame",
        "daily/dailyresult",
        "auth/user",
    ):
        assert admin.get(f"/admin/{path}/").status_code == 200, path


def test_every_page_has_a_content_security_policy_without_inline_script(player: Player) -> None:
    for path in ("/", "/bisley/deal/1", "/stats/", "/accounts/login/", "/daily/"):
        policy = player.get(path)["Content-Security-Policy"]
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
        assert directives["script-src"] == "'self'", path
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert directives["frame-ancestors"] == "'none'"
