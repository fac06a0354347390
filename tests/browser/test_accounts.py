"""Accounts in the browser: sign up from the deal of the day, win it, find yourself
on the leaderboard and in your statistics; settings that follow the account."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

from patience import Position, can_auto_complete
from patience.solver import Limit, Verdict, solve

from .conftest import DESKTOP, SCREENSHOTS
from .kit import api_play, play_move, state, texts, wait_idle

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-patience-password-7"


def _sign_up(page: Page, name: str) -> None:
    """From a sign-in page: follow its sign-up link and make an account."""
    page.click("main a[href^='/accounts/signup/']")
    _fill_sign_up(page, name)


def _fill_sign_up(page: Page, name: str) -> None:
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("form.account-form button[type=submit]")


def test_sign_up_win_the_deal_of_the_day_and_see_it(page: Page, live_server) -> None:
    page.goto(f"{live_server.url}/bisley/daily")
    assert "/accounts/login/" in page.url  # the day's deal needs an account ...
    _sign_up(page, "winner")
    page.wait_for_url(re.compile(r"/bisley/daily$"))  # ... and comes straight back
    wait_idle(page)
    daily = state(page)
    pos = Position.deal("bisley", daily["deal"])
    result = solve(pos, Limit(nodes=200_000))
    assert result.verdict is Verdict.WINNABLE
    prefix = []
    for move in result.line:  # up to the auto-complete trigger
        if can_auto_complete(pos):
            break
        prefix.append(move)
        pos.push(move)
    pos = Position.deal("bisley", daily["deal"])
    head, tail = prefix[:-2], prefix[-2:]
    api_play(page, live_server.url, daily["id"], daily["version"], texts(pos, head))
    for move in head:
        pos.push(move)
    page.reload()
    wait_idle(page)
    for move in tail:  # the last moves by hand; the page then finishes by itself
        play_move(page, pos, move)
        wait_idle(page)
    page.wait_for_selector("#message[data-status='won']")
    won = state(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "daily-won.png"))

    page.click(".daily-banner a")  # the day's leaderboard
    row = page.locator("tr", has_text="winner")
    assert row.count() == 1
    assert row.locator("td").nth(2).inner_text() == str(won["moves_made"])
    page.screenshot(path=str(SCREENSHOTS / "daily-leaderboard.png"))

    page.click("a[href='/stats/']")
    card = page.locator("#stats-bisley").locator("xpath=..")
    assert card.locator("[data-stat='played']").inner_text() == "1"
    assert card.locator("[data-stat='won']").inner_text() == "1"
    assert card.locator("[data-stat='daily-streak']").inner_text().startswith("1")
    page.screenshot(path=str(SCREENSHOTS / "statistics.png"))


def _sign_in(page: Page, base: str, name: str) -> None:
    page.goto(f"{base}/accounts/login/?next=/gilbert/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.click("form.account-form button[type=submit]")
    page.wait_for_url(re.compile(r"/gilbert/$"))
    wait_idle(page)


def test_settings_follow_the_account(browser: Browser, live_server) -> None:
    phone = browser.new_context(**DESKTOP)
    page = phone.new_page()
    page.goto(f"{live_server.url}/gilbert/")
    page.click("header a[href^='/accounts/signup/']")
    _fill_sign_up(page, "setter")
    page.wait_for_url(re.compile(r"/gilbert/$"))
    wait_idle(page)
    if not page.is_visible("#auto-play"):
        page.click("#settings summary")
    page.uncheck("#auto-play")
    page.wait_for_timeout(300)  # the setting is posted in the background
    phone.close()

    laptop = browser.new_context(**DESKTOP)  # another browser: nothing in its storage
    page = laptop.new_page()
    _sign_in(page, live_server.url, "setter")
    assert not page.is_checked("#auto-play") and page.is_checked("#auto-complete")
    laptop.close()
