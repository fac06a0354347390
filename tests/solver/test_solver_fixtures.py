"""Fixtures of known verdict: deal numbers (``fixtures/deals.txt``) and layouts
(``fixtures/GAME_VERDICT.txt``: hand-made positions whose answer is argued in their
comments, and mid-game positions of fixture deals). Every winning line the solver
returns is replayed through the rules."""

from __future__ import annotations

from collections import Counter

import pytest
from solverkit import (
    FIXTURES,
    GAMES,
    LAYOUT_BUDGET,
    DealFixture,
    LayoutFixture,
    all_layouts,
    load_deals,
    replay_wins,
)

from patience import Position, parse_positions
from patience.solver import Limit, Verdict, solve

DEALS = load_deals()
LAYOUTS = all_layouts()


def test_every_game_has_five_winnable_and_five_lost_fixtures() -> None:
    deals = Counter((f.game, f.verdict) for f in DEALS)
    layouts = Counter((f.file.split("_")[0], f.verdict) for f in LAYOUTS)
    for game in GAMES:
        for verdict in ("winnable", "lost"):
            assert deals[game, verdict] + layouts[game, verdict] >= 5, (game, verdict)
            assert layouts[game, verdict] >= 2, (game, verdict)
        assert deals[game, "winnable"] >= 2 and deals[game, "lost"] >= 5, game


@pytest.mark.parametrize("fixture", DEALS, ids=str)
def test_deal_fixture(fixture: DealFixture) -> None:
    pos = Position.deal(fixture.game, fixture.deal)
    before = pos.key()
    result = solve(pos, Limit(nodes=fixture.budget))
    assert result.verdict.value == fixture.verdict
    assert pos.key() == before, "solve changed its argument"
    assert result.nodes <= fixture.budget
    if result.verdict is Verdict.WINNABLE:
        assert result.line
        replay_wins(pos, result.line)
    else:
        assert result.line == ()


@pytest.mark.parametrize("fixture", LAYOUTS, ids=str)
def test_layout_fixture(fixture: LayoutFixture) -> None:
    pos = fixture.position()
    result = solve(pos, Limit(nodes=LAYOUT_BUDGET))
    assert result.verdict.value == fixture.verdict
    if result.verdict is Verdict.WINNABLE:
        replay_wins(pos, result.line)
    if "# plain: yes" in fixture.text:
        # small enough for the search without any pruning to decide it too
        plain = solve(pos, Limit(nodes=LAYOUT_BUDGET), prune=False)
        assert plain.verdict.value == fixture.verdict
        if plain.verdict is Verdict.WINNABLE:
            replay_wins(pos, plain.line)


@pytest.mark.parametrize("game", GAMES)
def test_layout_files_parse_as_one_multi_position_text(game: str) -> None:
    """The files are plain notation: ``parse_positions`` reads them (the CLI's
    ``--layout`` does the same) into the positions the tests use."""
    for verdict in ("winnable", "lost"):
        fixtures = [f for f in LAYOUTS if f.file == f"{game}_{verdict}"]
        text = (FIXTURES / f"{game}_{verdict}.txt").read_text(encoding="utf-8")
        parsed = parse_positions(text, game)
        assert [p.key() for p in parsed] == [f.position().key() for f in fixtures]


@pytest.mark.parametrize(
    "fixture", [f for f in DEALS if f.verdict == "lost" and f.needed < 10_000], ids=str
)
def test_every_move_from_a_lost_deal_leads_to_a_lost_position(fixture: DealFixture) -> None:
    """Lost means no move helps: each child of a lost deal is lost too."""
    pos = Position.deal(fixture.game, fixture.deal)
    for move in list(pos.legal_moves)[:6]:
        pos.push(move)
        assert solve(pos, Limit(nodes=fixture.budget)).verdict is Verdict.LOST
        pos.pop()


@pytest.mark.parametrize("deal", [36, 81, 564])
def test_lost_gilbert_deals_agree_with_the_plain_search(deal: int) -> None:
    """Small enough for the search without pruning to exhaust (17, 779 and 53
    nodes), so these lost verdicts do not rest on any pruning rule."""
    pos = Position.deal("gilbert", deal)
    assert solve(pos, Limit(nodes=5_000), prune=False).verdict is Verdict.LOST


@pytest.mark.parametrize("deal", [3, 15])
def test_lost_bisley_deals_agree_with_the_plain_search(deal: int) -> None:
    """Deals 3 and 15 are small enough for the plain search (3155 and 95 nodes)."""
    pos = Position.deal("bisley", deal)
    assert solve(pos, Limit(nodes=20_000), prune=False).verdict is Verdict.LOST
