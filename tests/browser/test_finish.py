"""Winning: a Bisley deal played to its auto-complete trigger, finished by the
page (animated card by card); with Auto-complete off the page waits."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from patience import Position
from patience_site.play.strings import ui_strings

from .conftest import DESKTOP
from .kit import (
    api_play,
    assert_board,
    bisley_win_line,
    open_game,
    play_move,
    state,
    texts,
    wait_idle,
)

pytestmark = pytest.mark.django_db(transaction=True)

LAST = 4  # moves played in the page; the rest of the line goes through the API


@pytest.fixture(scope="module")
def line() -> tuple[int, list]:
    return bisley_win_line()


def _near_the_end(page: Page, base: str, deal: int, moves: list) -> Position:
    s = open_game(page, base, "bisley", deal)
    pos = Position.deal("bisley", deal)
    api_play(page, base, s["id"], s["version"], texts(pos, moves[:-LAST]))
    for move in moves[:-LAST]:
        pos.push(move)
    page.reload()
    wait_idle(page)
    assert_board(page, pos)
    return pos


def test_win_through_auto_complete(browser: Browser, live_server, shot, line) -> None:
    deal, moves = line
    context = browser.new_context(**{**DESKTOP, "reduced_motion": "no-preference"})
    try:
        page = context.new_page()
        pos = _near_the_end(page, live_server.url, deal, moves)
        # count what the foundations hold at every frame while the page finishes
        page.evaluate(
            """() => { window.seen = new Set(); const tick = () => {
                 const up = document.querySelectorAll('.pile[data-kind=foundation] .card');
                 window.seen.add(up.length); requestAnimationFrame(tick); }; tick(); }"""
        )
        for move in moves[-LAST:]:
            play_move(page, pos, move)
        page.wait_for_selector('#game[data-status="won"]')
        wait_idle(page)
        s = state(page)
        assert s["won"] and s["moves_made"] > len(moves)
        on_foundations = page.locator('.pile[data-kind="foundation"] .card').count()
        assert on_foundations == 52
        assert page.locator('.pile[data-kind="tableau"] .card').count() == 0
        # the cards went up one by one, not all at once
        assert page.evaluate("() => window.seen.size") > 5
        ui = ui_strings()
        message = page.locator("#message")
        assert message.get_attribute("data-status") == "won"
        assert ui["won"] in (message.text_content() or "")
        for name in (ui["new_cards"], ui["restart"], ui["undo"]):
            assert message.get_by_role("button", name=name).count() == 1
        shot(page, "won")
        # Undo in the message takes the last foundation move back, and the page
        # does not finish the game again by itself
        message.get_by_role("button", name=ui["undo"]).click()
        wait_idle(page)
        page.wait_for_timeout(200)
        wait_idle(page)
        s = state(page)
        assert s["status"] == "playing" and s["auto_complete"] and s["can_redo"]
        assert page.locator('.pile[data-kind="foundation"] .card').count() == 51
    finally:
        context.close()


def test_auto_complete_off_waits(page: Page, live_server, line) -> None:
    deal, moves = line
    pos = _near_the_end(page, live_server.url, deal, moves)
    page.uncheck("#auto-complete")
    for move in moves[-LAST:]:
        play_move(page, pos, move)
    page.wait_for_timeout(300)
    wait_idle(page)
    s = state(page)
    assert s["auto_complete"] and s["status"] == "playing"
    assert s["moves_made"] == len(moves)
    assert_board(page, pos)
    # the setting is remembered; turning it on finishes the game
    page.reload()
    wait_idle(page)
    assert not page.is_checked("#auto-complete")
    assert state(page)["status"] == "playing"
    page.check("#auto-complete")
    page.wait_for_selector('#game[data-status="won"]')
