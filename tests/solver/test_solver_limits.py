"""Budgets (``Limit``, ``parse_budget``), the node limit as a hard stop, and
``winnable_deal``."""

from __future__ import annotations

import pytest

from patience import DealError, PatienceError, Position
from patience.solver import (
    DEEP,
    QUICK,
    BudgetError,
    Limit,
    Verdict,
    parse_budget,
    solve,
    winnable_deal,
)


@pytest.mark.parametrize(
    ("game", "deal", "nodes"),
    [
        ("bisley", 16, 100),  # needs 1912 nodes (compiled engine)
        ("bisley", 11, 50),  # winnable, needs 592
        ("gilbert", 1, 40),
        ("big-apple", 3, 40),
    ],
)
def test_node_limit_stops_with_unknown_after_exactly_that_many_nodes(
    game: str, deal: int, nodes: int
) -> None:
    result = solve(Position.deal(game, deal), Limit(nodes=nodes))
    assert result.verdict is Verdict.UNKNOWN
    assert result.nodes == nodes
    assert result.line == ()


def test_node_limit_of_the_python_engine_on_bisley() -> None:
    result = solve(Position.deal("bisley", 16), Limit(nodes=100), native=False)
    assert (result.verdict, result.nodes) == (Verdict.UNKNOWN, 100)


@pytest.mark.parametrize(("game", "deal"), [("bisley", 16), ("bisley", 11)])
def test_a_budget_just_big_enough_decides(game: str, deal: int) -> None:
    """``nodes`` of a decided search is the work it needed: a budget one node
    larger decides the same way, a budget one node smaller does not. (A lost
    verdict after N nodes needs a budget of N + 1: at the N-th node the limit
    stops the search before it has looked at that node's children.)"""
    pos = Position.deal(game, deal)
    full = solve(pos, Limit(nodes=50_000))
    assert full.verdict is not Verdict.UNKNOWN
    again = solve(pos, Limit(nodes=full.nodes + 1))
    assert (again.verdict, again.nodes, again.line) == (full.verdict, full.nodes, full.line)
    short = solve(pos, Limit(nodes=full.nodes - 1))
    assert (short.verdict, short.nodes) == (Verdict.UNKNOWN, full.nodes - 1)


@pytest.mark.parametrize(("deal", "budget"), [(81, 2_000_000), (629, 50_000)])
def test_a_larger_budget_decides_a_lost_gilbert_deal_with_the_same_work(
    deal: int, budget: int
) -> None:
    """Gilbert's search has phases (engine.py): the free pool, the best-first and the
    streamlined ones each get a share of the budget, so the total work depends on
    the budget. Once the budget is large enough for the free pool to end (deal 81:
    its relaxed game reaches its goal after 161,639 states; 629: after 46) and for
    the best-first phase to exhaust the streamlined moves within its share (then the
    streamlined depth-first phase is skipped), a larger budget decides a lost deal
    again with exactly the same work. (Just above that work it may not: the shares
    then cut the first phases short, and they repeat each other's positions.)"""
    pos = Position.deal("gilbert", deal)
    full = solve(pos, Limit(nodes=budget))
    assert full.verdict is Verdict.LOST
    for nodes in (budget + 1, 2 * budget, 20 * budget):
        again = solve(pos, Limit(nodes=nodes))
        assert (again.verdict, again.nodes) == (Verdict.LOST, full.nodes)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"nodes": 0},
        {"nodes": -1},
        {"nodes": -1000},
        {"nodes": 2.5},
        {"seconds": 0},
        {"seconds": -1.0},
        {"seconds": float("nan")},
        {"nodes": 10, "seconds": 0},
    ],
)
def test_bad_limits_raise_budget_error(kwargs: dict[str, float]) -> None:
    with pytest.raises(BudgetError) as caught:
        Limit(**kwargs)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, PatienceError)


def test_good_limits() -> None:
    assert Limit(nodes=1).nodes == 1
    assert Limit(seconds=0.001).seconds == 0.001
    assert Limit() == Limit(nodes=None, seconds=None)
    assert QUICK.nodes is not None and DEEP.nodes is not None
    assert QUICK.nodes < DEEP.nodes


def test_parse_budget_presets_and_seconds() -> None:
    assert parse_budget("quick") == QUICK
    assert parse_budget("deep") == DEEP
    assert parse_budget(" Deep ") == DEEP
    assert parse_budget("2.5") == Limit(seconds=2.5)
    assert parse_budget("2.5").nodes is None
    assert parse_budget("10") == Limit(seconds=10.0)


@pytest.mark.parametrize("text", ["x", "", "fast", "1s", "quick!"])
def test_parse_budget_rejects_words_quoting_them(text: str) -> None:
    with pytest.raises(BudgetError, match=repr(text)):
        parse_budget(text)


@pytest.mark.parametrize("text", ["0", "-1", "nan"])
def test_parse_budget_rejects_non_positive_seconds(text: str) -> None:
    with pytest.raises(BudgetError):
        parse_budget(text)


LIMIT = Limit(nodes=20_000)


@pytest.mark.parametrize(("start", "expected"), [(1, 1), (3, 4), (6, 7), (15, 17)])
def test_winnable_deal_is_the_first_proved_winnable_from_start(start: int, expected: int) -> None:
    deal, tried = winnable_deal("bisley", start, LIMIT)
    assert (deal, tried) == (expected, expected - start + 1)
    for number in range(start, deal):
        assert solve(Position.deal("bisley", number), LIMIT).verdict is not Verdict.WINNABLE
    assert solve(Position.deal("bisley", deal), LIMIT).verdict is Verdict.WINNABLE


def test_winnable_deal_skips_undecided_deals() -> None:
    """With a tiny budget deals 7 and 8 of Gilbert are undecided, not winnable."""
    limit = Limit(nodes=1_000)
    deal, tried = winnable_deal("gilbert", 7, limit)
    assert tried == deal - 6
    for number in range(7, deal):
        assert solve(Position.deal("gilbert", number), limit).verdict is not Verdict.WINNABLE
    assert solve(Position.deal("gilbert", deal), limit).verdict is Verdict.WINNABLE


def test_winnable_deal_takes_rules_too() -> None:
    from patience import get_game

    assert winnable_deal(get_game("bisley"), 3, LIMIT) == (4, 2)


def test_winnable_deal_gives_up_after_max_tries() -> None:
    with pytest.raises(RuntimeError, match=r"15\.\.16"):
        winnable_deal("bisley", 15, LIMIT, max_tries=2)  # 15 and 16 are lost


def test_winnable_deal_rejects_a_bad_start() -> None:
    with pytest.raises(DealError):
        winnable_deal("bisley", 0, LIMIT)
