"""Settings, the keyboard, touch, and the language switch."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from patience import Position, click_move, movables
from patience_site.play.strings import ui_strings

from .kit import (
    assert_board,
    card,
    dom_piles,
    drag_card,
    grip,
    open_game,
    pile_point,
    state,
    version,
    wait_idle,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_auto_play_off_needs_a_drag(page: Page, live_server) -> None:
    open_game(page, live_server.url, "bisley", 5)
    pos = Position.deal("bisley", 5)
    page.uncheck("#auto-play")
    m = movables(pos)[0]
    src, index = pos.layout.labels[m.pile], len(pos.piles[m.pile]) - m.n
    before = version(page)
    x, y = grip(page, src, index)
    page.mouse.click(x, y)
    page.wait_for_timeout(300)
    wait_idle(page)
    assert version(page) == before
    assert_board(page, pos)
    move = m.moves[0]
    drag_card(page, src, index, pos.layout.labels[move.dst])
    pos.push(move)
    assert_board(page, pos)
    page.reload()
    wait_idle(page)
    assert not page.is_checked("#auto-play") and page.is_checked("#auto-complete")


def _focused(page: Page) -> str | None:
    result: str | None = page.evaluate(
        "() => document.activeElement && document.activeElement.dataset"
        " && document.activeElement.dataset.pile || null"
    )
    return result


def _tab_to(page: Page, pile: str) -> None:
    for _ in range(40):
        if _focused(page) == pile:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached pile {pile}")


def test_keyboard_only(page: Page, live_server) -> None:
    open_game(page, live_server.url, "bisley", 5)
    pos = Position.deal("bisley", 5)
    start = Position.deal("bisley", 5)
    # Tab from the top of the page reaches the board: one pile is tabbable
    for _ in range(40):
        page.keyboard.press("Tab")
        if _focused(page):
            break
    assert _focused(page) == "1"
    page.keyboard.press("ArrowRight")
    assert _focused(page) == "2"
    page.keyboard.press("ArrowLeft")
    assert _focused(page) == "1"
    page.keyboard.press("ArrowUp")
    assert _focused(page) == "F1"
    page.keyboard.press("ArrowDown")
    assert _focused(page) == "1"

    # Enter plays the pile's top card like a click
    m = movables(pos)[0]
    _tab_to(page, pos.layout.labels[m.pile])
    page.keyboard.press("Enter")
    wait_idle(page)
    move = click_move(pos, m.card, m.pile)
    assert move is not None
    pos.push(move)
    assert_board(page, pos)
    # screen readers hear the move: "<card> → <pile>"
    target = page.get_attribute(f'.pile[data-pile="{pos.layout.labels[move.dst]}"]', "aria-label")
    assert (page.text_content("#announce") or "").endswith(f" → {target}")

    # m picks a card up, the arrows choose the target, Enter puts it down
    m = max(movables(pos), key=lambda x: len(x.moves))
    src = pos.layout.labels[m.pile]
    _tab_to(page, src)
    page.keyboard.press("m")
    entry = next(e for e in state(page)["movable"] if e["pile"] == src)
    assert page.get_attribute(".pile.kbd-target", "data-pile") == entry["targets"][0]
    assert page.locator(".pile.drop-target").count() == len(entry["targets"])
    k = 0
    if len(entry["targets"]) > 1:
        page.keyboard.press("ArrowRight")
        k = 1
    assert page.get_attribute(".pile.kbd-target", "data-pile") == entry["targets"][k]
    # Escape cancels, nothing moves
    page.keyboard.press("Escape")
    assert page.locator(".kbd-target, .drop-target, .picked").count() == 0
    assert _focused(page) == src
    page.keyboard.press("Shift+Enter")
    for _ in range(k):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_idle(page)
    move = next(mv for mv in m.moves if pos.layout.labels[mv.dst] == entry["targets"][k])
    pos.push(move)
    assert_board(page, pos)

    # u / Ctrl+Z undo, y / Ctrl+Y redo, h hint, n new cards
    page.keyboard.press("u")
    wait_idle(page)
    pos.pop()
    assert_board(page, pos)
    page.keyboard.press("Control+z")
    wait_idle(page)
    assert_board(page, start)
    page.keyboard.press("y")
    wait_idle(page)
    page.keyboard.press("Control+y")
    wait_idle(page)
    pos.push(move)
    assert_board(page, pos)
    page.keyboard.press("h")
    page.wait_for_selector(".card.hint-source")
    wait_idle(page)
    deal = state(page)["deal"]
    page.keyboard.press("n")
    wait_idle(page)
    assert state(page)["moves_made"] == 0 and page.url.endswith(f"/deal/{state(page)['deal']}")
    assert state(page)["id"] and deal is not None


def _touch_drag(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger drag: real touch events (Chromium turns them into pointer
    events of type touch)."""
    cdp = page.context.new_cdp_session(page)
    x0, y0 = start
    x1, y1 = end
    cdp.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}
    )
    for i in range(1, 9):
        x, y = x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_touch_on_a_phone(phone: Page, live_server, shot) -> None:
    page = phone
    open_game(page, live_server.url, "gilbert", 5)
    pos = Position.deal("gilbert", 5)
    assert_board(page, pos)
    # the whole board fits the phone's width
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390
    # tap: the card's click move
    m = movables(pos)[0]
    src, index = pos.layout.labels[m.pile], len(pos.piles[m.pile]) - m.n
    page.touchscreen.tap(*grip(page, src, index))
    wait_idle(page)
    pos.push(click_move(pos, m.card, m.pile))
    assert_board(page, pos)
    # tap the stock: a deal
    page.touchscreen.tap(*pile_point(page, "S"))
    wait_idle(page)
    pos.push(next(mv for mv in pos.legal_moves if pos.is_stock_move(mv)))
    assert_board(page, pos)
    # a touch drag to a target of the dragged card's own choosing
    found = movables(pos)
    assert found, "no card to drag"
    m = found[-1]
    move = m.moves[-1]
    src, index = pos.layout.labels[m.pile], len(pos.piles[m.pile]) - m.n
    before = version(page)
    _touch_drag(page, grip(page, src, index), pile_point(page, pos.layout.labels[move.dst]))
    wait_idle(page)
    assert version(page) == before + 1
    pos.push(move)
    assert_board(page, pos)
    # a short drag elsewhere puts the card back
    m = movables(pos)[0]
    src, index = pos.layout.labels[m.pile], len(pos.piles[m.pile]) - m.n
    x, y = grip(page, src, index)
    _touch_drag(page, (x, y), (x + 4, y + 200))
    wait_idle(page)
    assert version(page) == before + 1
    assert card(page, src, index).evaluate("e => e.style.transform") == ""
    assert page.locator(".card.dragging, .pile.drop-target").count() == 0
    assert_board(page, pos)
    shot(page, "gilbert-phone")


def test_language_switch(page: Page, live_server) -> None:
    open_game(page, live_server.url, "bisley", 5)
    ui = ui_strings()
    assert page.text_content("#new-cards") == ui["new_cards"]
    piles = dom_piles(page)
    with page.expect_navigation():
        page.click('.language button[value="de"]')
    wait_idle(page)
    assert page.get_attribute("html", "lang") == "de"
    assert page.text_content("#new-cards") == "Neue Karten"
    assert dom_piles(page) == piles  # the same game, in German
    with page.expect_navigation():
        page.click('.language button[value="en"]')
    wait_idle(page)
    assert page.text_content("#new-cards") == ui["new_cards"]
