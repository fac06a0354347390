"""Playing through the page: clicks and drags in each game, undo/redo, hints,
the stuck message, new cards. Expectations come from the library."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from playwright.sync_api import Page

from patience import Position, click_move, format_move, movables
from patience.play import deal_move
from patience.solver import Limit, Verdict, hint
from patience_site.play.strings import ui_strings
from poskit import losing_first_move

from .kit import (
    api_play,
    assert_board,
    card,
    click_card,
    click_pile,
    drag_card,
    grip,
    open_game,
    play_move,
    state,
    stuck_bisley,
    version,
    wait_idle,
)

pytestmark = pytest.mark.django_db(transaction=True)


def _some_moves(pos: Position, count: int) -> list[tuple[str, object]]:
    """Plan ``count`` moves from ``pos`` (on a copy): a stock deal where there is
    one, clicks, and drags to a target other than the click's when possible."""
    probe = pos.copy()
    plan = []
    for step in range(count):
        found = movables(probe)
        stock = deal_move(probe)
        if stock is not None and (step == 0 or not found):
            plan.append(("stock", stock))
            probe.push(stock)
            continue
        assert found, "the deal ran out of moves"
        if step % 2 == 0:
            m = found[0]
            move = click_move(probe, m.card, m.pile)
            plan.append(("click", move))
        else:
            m = max(found, key=lambda x: len(x.moves))
            click = click_move(probe, m.card, m.pile)
            move = next((mv for mv in m.moves if mv != click), m.moves[0])
            plan.append(("drag", move))
        probe.push(move)
    return plan


@pytest.mark.parametrize(("game", "deal"), [("bisley", 5), ("big-apple", 5), ("gilbert", 5)])
def test_play_by_clicks_and_drags(page: Page, live_server, shot, game: str, deal: int) -> None:
    start = open_game(page, live_server.url, game, deal)
    assert start["game"] == game and start["deal"] == deal
    pos = Position.deal(game, deal)
    assert_board(page, pos)
    # every card and pile has its accessible name
    ui = ui_strings()
    top = next(
        p for p in start["piles"] if p["kind"] == "tableau" and p["cards"] and p["cards"][-1]
    )
    code = top["cards"][-1]
    label = card(page, top["id"], len(top["cards"]) - 1).get_attribute("aria-label")
    assert label == ui["card"] % {"rank": ui["ranks"][code[0]], "suit": ui["suits"][code[1]]}
    assert page.get_attribute('.pile[data-pile="3"]', "aria-label") == f"{ui['column']} 3"
    assert page.get_attribute('.pile[data-pile="F2"]', "aria-label") == f"{ui['foundation']} 2"
    if game == "gilbert":
        assert page.locator(".card.down").first.get_attribute("aria-label") == ui["face_down"]
    hows = set()
    for how, move in _some_moves(pos, 4):
        before = version(page)
        if how == "stock":
            click_pile(page, pos.layout.labels[move.src])
            pos.push(move)
        else:
            assert play_move(page, pos, move, prefer_click=how == "click") in (how, "click")
        hows.add(how)
        assert version(page) == before + 1
        assert_board(page, pos)
        assert int(page.text_content("#move-count") or -1) == len(pos.move_stack)
    assert "drag" in hows or "click" in hows
    shot(page, game)


def test_undo_redo_and_hint(page: Page, live_server) -> None:
    open_game(page, live_server.url, "bisley", 2)
    pos = Position.deal("bisley", 2)
    assert page.is_disabled("#undo") and page.is_disabled("#redo")
    m = movables(pos)[0]
    play_move(page, pos, click_move(pos, m.card, m.pile))
    assert_board(page, pos)
    page.click("#undo")
    wait_idle(page)
    assert_board(page, Position.deal("bisley", 2))
    assert page.is_enabled("#redo")
    page.click("#redo")
    wait_idle(page)
    assert_board(page, pos)
    page.click("#restart")
    wait_idle(page)
    assert_board(page, Position.deal("bisley", 2))

    # the hint marks a movable card and one of its targets
    page.click("#hint")
    page.wait_for_selector(".card.hint-source")
    wait_idle(page)
    source = page.locator(".card.hint-source")
    target = page.get_attribute(".pile.hint-target", "data-pile")
    entry = next(
        e
        for e in state(page)["movable"]
        if e["pile"] == source.get_attribute("data-pile")
        and e["index"] == int(source.get_attribute("data-index") or -1)
    )
    assert target in entry["targets"]
    # playing on clears the marks
    drag_card(page, entry["pile"], entry["index"], target)
    assert page.locator(".hint-source, .hint-target").count() == 0


def test_the_lost_message_follows_a_losing_move(page: Page, live_server) -> None:
    """The move is answered at once; the status search comes after it, and says lost."""
    deal, text = losing_first_move(settings.PATIENCE_STATUS_NODES)
    open_game(page, live_server.url, "bisley", deal)
    pos = Position.deal("bisley", deal)
    move = next(m for m in pos.legal_moves if format_move(pos, m) == text)
    play_move(page, pos, move, prefer_click=False)  # pushes it on pos
    assert_board(page, pos)
    page.wait_for_selector("#message[data-status='lost']")
    assert page.get_attribute("#game", "data-checked") == "1"
    assert state(page)["verdict"] == "lost"
    assert ui_strings()["lost"] in (page.text_content("#message") or "")


def test_stuck_message(page: Page, live_server, shot) -> None:
    ui = ui_strings()
    deal, line = stuck_bisley()
    open_game(page, live_server.url, "bisley", deal)
    pos = Position.deal("bisley", deal)
    for i, move in enumerate(line):
        if i == len(line) - 1:
            # one move before it sticks: the hint proves the game lost, or
            # names a move of a winning line
            page.click("#hint")
            wait_idle(page)
            proof = hint(pos, Limit(nodes=settings.PATIENCE_HINT_NODES))
            if proof.verdict is Verdict.LOST:
                assert state(page)["verdict"] == "lost"
                assert ui["lost"] in (page.text_content("#message") or "")
                assert page.get_attribute("#message", "data-status") == "lost"
            else:
                assert page.locator(".card.hint-source").count() == 1
        src = pos.layout.labels[move.src]
        click_card(page, src, len(pos.piles[move.src]) - move.n)
        pos.push(move)
        assert_board(page, pos)
    assert pos.is_stuck()
    message = page.locator("#message")
    assert message.get_attribute("data-status") == "stuck"
    assert page.get_attribute("#game", "data-status") == "stuck"
    assert message.get_attribute("role") == "status"
    assert ui["stuck"] in (message.text_content() or "")
    shot(page, "stuck")
    # the message's own Undo button takes the last move back
    message.get_by_role("button", name=ui["undo"]).click()
    wait_idle(page)
    pos.pop()
    assert_board(page, pos)
    assert page.get_attribute("#message", "data-status") != "stuck"


def test_new_cards_solvable_and_url(page: Page, live_server) -> None:
    open_game(page, live_server.url, "bisley", 7)
    assert page.is_checked("#solvable")
    page.click("#new-cards")
    wait_idle(page)
    s = state(page)
    assert s["solvable"] is True and s["moves_made"] == 0
    assert page.title().endswith(f" {s['deal']}")
    assert re.search(rf"/bisley/deal/{s['deal']}$", page.url)
    assert page.text_content("#deal-number") == str(s["deal"])
    assert (page.get_attribute("#deal-number", "href") or "").endswith(f"/bisley/deal/{s['deal']}")
    assert_board(page, Position.deal("bisley", s["deal"]))
    page.uncheck("#solvable")
    page.keyboard.press("n")
    wait_idle(page)
    s2 = state(page)
    assert s2["solvable"] is False and s2["id"] != s["id"]
    assert page.url.endswith(f"/bisley/deal/{s2['deal']}")
    # the toggle is remembered
    page.reload()
    wait_idle(page)
    assert not page.is_checked("#solvable")


def test_stale_version_reloads(page: Page, live_server) -> None:
    """A move made elsewhere (another tab): the page's next move gets 409 and the
    board shows the server's state."""
    s = open_game(page, live_server.url, "bisley", 2)
    pos = Position.deal("bisley", 2)
    m = movables(pos)[0]
    move = click_move(pos, m.card, m.pile)
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    reply = page.request.post(
        f"{live_server.url}/api/games/{s['id']}/move",
        data={"move": format_move(pos, move), "version": s["version"]},
        headers={"X-CSRFToken": token, "Referer": live_server.url + "/"},
    )
    assert reply.ok, reply.text()
    src, index = pos.layout.labels[move.src], len(pos.piles[move.src]) - move.n
    pos.push(move)
    click_card(page, src, index)  # the page still shows the card there: its move is stale
    assert version(page) == s["version"] + 1
    assert_board(page, pos)
    assert page.get_attribute("#message", "data-tone") == "error"


def test_works_under_a_strict_content_security_policy(page: Page, live_server) -> None:
    """No inline script or style: the page plays under a CSP that forbids them
    (added here to the response; the page fixture fails on any console error,
    which is where the browser reports CSP violations)."""
    csp = (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    )

    def add_csp(route) -> None:  # type: ignore[no-untyped-def]
        response = route.fetch()
        route.fulfill(
            response=response, headers={**response.headers, "content-security-policy": csp}
        )

    page.route("**/gilbert/deal/*", add_csp)
    violations: list[str] = []
    page.on(
        "console",
        lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    s = open_game(page, live_server.url, "gilbert", 4)
    pos = Position.deal("gilbert", 4)
    assert_board(page, pos)
    # a click on the stock deals; on the empty stock it turns the waste over
    # (the first deals but two go through the API, to save time)
    stock = pos.layout.stock
    deals = []
    while len(pos.piles[stock]) > 6:
        move = deal_move(pos)
        assert move is not None
        deals.append(format_move(pos, move))
        pos.push(move)
    api_play(page, live_server.url, s["id"], s["version"], deals)
    page.reload()
    wait_idle(page)
    assert_board(page, pos)
    turned = False
    for _ in range(4):
        move = deal_move(pos)
        assert move is not None
        turned = turned or not pos.piles[stock]
        assert page.get_attribute('.pile[data-pile="S"]', "class").count("redeal") == (
            not pos.piles[stock]
        )
        click_pile(page, "S")
        pos.push(move)
        assert_board(page, pos)
        if turned:
            break
    assert turned and pos.piles[stock]
    assert violations == []


def test_errors_keep_the_board(page: Page, live_server) -> None:
    """A refused move shows the server's message; an unreachable server shows
    the offline message; the board stays as it was and play goes on."""
    ui = ui_strings()
    open_game(page, live_server.url, "bisley", 2)
    pos = Position.deal("bisley", 2)
    m = movables(pos)[0]
    src, index = pos.layout.labels[m.pile], len(pos.piles[m.pile]) - m.n
    page.route(
        "**/api/games/*/move",
        lambda route: route.fulfill(
            status=400, content_type="application/json", body='{"detail": "refused here"}'
        ),
    )
    click_card(page, src, index)
    assert "refused here" in (page.text_content("#message") or "")
    assert page.get_attribute("#message", "data-tone") == "error"
    assert_board(page, pos)
    page.unroute("**/api/games/*/move")
    page.route("**/api/games/*/move", lambda route: route.abort())
    drag_card(page, src, index, pos.layout.labels[m.moves[0].dst])
    assert ui["offline"] in (page.text_content("#message") or "")
    assert_board(page, pos)
    page.unroute("**/api/games/*/move")
    click_card(page, src, index)
    pos.push(click_move(pos, m.card, m.pile))
    assert_board(page, pos)
    assert page.is_hidden("#message")


def test_quick_clicks_are_played_in_turn(page: Page, live_server) -> None:
    """A second click while the first move is in flight is played after it (or
    dropped if its card has moved): the board always ends as the server's."""
    open_game(page, live_server.url, "bisley", 5)
    pos = Position.deal("bisley", 5)
    labels = pos.layout.labels
    first = movables(pos)[0]
    a = (labels[first.pile], len(pos.piles[first.pile]) - 1)
    move = click_move(pos, first.card, first.pile)
    assert move is not None
    after = pos.copy()
    after.push(move)
    # a card that can move after the first move and lies where it lay before
    second = next(
        m
        for m in movables(after)
        if m.pile not in (move.src, move.dst) and after.piles[m.pile] == pos.piles[m.pile]
    )
    b = (labels[second.pile], len(after.piles[second.pile]) - 1)
    xa, ya = grip(page, *a)
    xb, yb = grip(page, *b)
    page.mouse.click(xa, ya)
    page.mouse.click(xb, yb)
    page.wait_for_function("() => document.querySelector('#game').dataset.version === '2'")
    wait_idle(page)
    after.push(click_move(after, second.card, second.pile))
    assert_board(page, after)
