"""Helpers for the browser tests: read the page, act on cards and piles the
way a player does (click, drag, keys), and compare with the library."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page

from patience import Position, can_auto_complete, click_move, format_move, movables, public_view
from patience.position import Move
from patience.solver import Limit, solve

# ------------------------------------------------------------------ the page


def open_game(page: Page, base: str, game: str, deal: int | None = None) -> dict[str, Any]:
    page.goto(f"{base}/{game}/" if deal is None else f"{base}/{game}/deal/{deal}")
    wait_idle(page)
    return state(page)


def wait_idle(page: Page) -> None:
    page.wait_for_function(
        "() => { const g = document.getElementById('game');"
        " return g && g.dataset.busy === '0' && !document.querySelector('.card.flying'); }"
    )


def state(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("() => window.patience.state")
    return result


def version(page: Page) -> int:
    return int(page.get_attribute("#game", "data-version") or -1)


def dom_piles(page: Page) -> dict[str, list[str | None]]:
    """What the board shows: pile id -> card codes (None = face down)."""
    result: dict[str, list[str | None]] = page.evaluate(
        """() => Object.fromEntries(Array.from(document.querySelectorAll('#board .pile'),
            p => [p.dataset.pile, Array.from(p.querySelectorAll('.card'),
                  c => c.dataset.card || null)]))"""
    )
    return result


def expected_piles(pos: Position) -> dict[str, list[str | None]]:
    return {p["id"]: p["cards"] for p in public_view(pos)["piles"]}


def assert_board(page: Page, pos: Position) -> None:
    assert dom_piles(page) == expected_piles(pos)


def card(page: Page, pile: str, index: int):  # type: ignore[no-untyped-def]
    return page.locator(f'#board .card[data-pile="{pile}"][data-index="{index}"]')


def grip(page: Page, pile: str, index: int) -> tuple[float, float]:
    """A point on the visible top strip of a card."""
    box = card(page, pile, index).bounding_box()
    assert box, f"card {pile}:{index} is not on the board"
    return box["x"] + box["width"] / 2, box["y"] + min(6.0, box["height"] / 4)


def pile_point(page: Page, pile: str) -> tuple[float, float]:
    box = page.locator(f'#board .pile[data-pile="{pile}"]').bounding_box()
    assert box
    return box["x"] + box["width"] / 2, box["y"] + 8


def click_card(page: Page, pile: str, index: int) -> None:
    x, y = grip(page, pile, index)
    page.mouse.click(x, y)
    wait_idle(page)


def click_pile(page: Page, pile: str) -> None:
    x, y = pile_point(page, pile)
    page.mouse.click(x, y)
    wait_idle(page)


def drag_card(
    page: Page, pile: str, index: int, target: str, *, check_highlight: bool = True
) -> None:
    x, y = grip(page, pile, index)
    tx, ty = pile_point(page, target)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 6, y + 8, steps=2)
    page.mouse.move(tx, ty, steps=6)
    if check_highlight:
        assert page.locator(f'.pile.drop-target[data-pile="{target}"]').count() == 1
    page.mouse.up()
    wait_idle(page)


def play_move(page: Page, pos: Position, move: Move, *, prefer_click: bool = True) -> str:
    """Make ``move`` in the page (a click when the click makes it, else a drag);
    push it on ``pos``. Returns "click", "drag" or "stock"."""
    text = format_move(pos, move)
    labels = pos.layout.labels
    how = "drag"
    if pos.is_stock_move(move):
        click_pile(page, labels[move.src])
        how = "stock"
    else:
        src, index = labels[move.src], len(pos.piles[move.src]) - move.n
        entry = next(m for m in state(page)["movable"] if m["pile"] == src and m["index"] == index)
        assert text in entry["moves"], (text, entry)
        if prefer_click and entry["click"] == text:
            click_card(page, src, index)
            how = "click"
        else:
            drag_card(page, src, index, entry["targets"][entry["moves"].index(text)])
    pos.push(move)
    return how


# ------------------------------------------------------------------ deals


def bisley_win_line(deals: range = range(1, 40)) -> tuple[int, list[Move]]:
    """A Bisley deal and the moves of a winning line up to the auto-complete
    trigger (the shortest such prefix among ``deals``; solver bounded by nodes)."""
    best: tuple[int, list[Move]] | None = None
    for deal in deals:
        pos = Position.deal("bisley", deal)
        result = solve(pos, Limit(nodes=20_000))
        if result.verdict.value != "winnable":
            continue
        prefix: list[Move] = []
        for move in result.line:
            if can_auto_complete(pos):
                break
            prefix.append(move)
            pos.push(move)
        if can_auto_complete(pos) and (best is None or len(prefix) < len(best[1])):
            best = (deal, prefix)
    assert best, "no winnable Bisley deal found"
    return best


def stuck_bisley(max_clicks: int = 8) -> tuple[int, list[Move]]:
    """A Bisley deal that is stuck after a few click moves (the first movable card
    clicked each time), and those moves."""
    for deal in range(1, 5000):
        pos = Position.deal("bisley", deal)
        line: list[Move] = []
        for _ in range(max_clicks + 1):
            if pos.is_stuck():
                if line:
                    return deal, line
                break
            found = movables(pos)
            if not found:
                break
            move = click_move(pos, found[0].card, found[0].pile)
            assert move is not None
            line.append(move)
            pos.push(move)
    raise AssertionError("no Bisley deal sticks after a few clicks")


def wait_for(predicate, timeout: float = 5.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        time.sleep(0.05)


def api_play(page: Page, base: str, game_id: str, version: int, moves: list[str]) -> int:
    """Make ``moves`` through the API with the page's session (as another tab
    would), in one go from inside the page; returns the new version."""
    result: int = page.evaluate(
        """async ([url, version, moves]) => {
            const token = document.querySelector('#game input[name=csrfmiddlewaretoken]').value;
            for (const move of moves) {
                const r = await fetch(url, {method: 'POST', credentials: 'same-origin',
                    headers: {'Content-Type': 'application/json', 'X-CSRFToken': token},
                    body: JSON.stringify({move, version})});
                const body = await r.json();
                if (!r.ok) throw new Error(move + ': ' + body.detail);
                version = body.version;
            }
            return version;
        }""",
        [f"{base}/api/games/{game_id}/move", version, moves],
    )
    return result


def texts(pos: Position, moves: list[Move]) -> list[str]:
    probe = pos.copy()
    out = []
    for move in moves:
        out.append(format_move(probe, move))
        probe.push(move)
    return out
