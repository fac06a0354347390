"""The stock pool (pruning/stock_pool.py): the free pool with the stock and the
waste kept exact. Its dead end proves a position lost; it never calls a winnable
position lost; the compiled search equals the Python one, state for state."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from solverkit import gilbert_small

from patience import Position, format_position
from patience.solver import Limit, Verdict, fast, phases
from patience.solver.engine import single_search
from patience.solver.pruning import free_pool, stock_pool
from patience.solver.pruning.free_pool import Outcome


def test_the_waste_sizes_stock_moves_reach() -> None:
    """Dealing three at a time from waste size x of 7 cards: x, x + 3, ... below 7,
    then 7 (the stock empty) and, after the redeal, 3 and 6 (size 0 has no card)."""
    assert stock_pool.reach(0, 7, 3) == [3, 6, 7]
    assert stock_pool.reach(1, 7, 3) == [1, 3, 4, 6, 7]
    assert stock_pool.reach(5, 7, 3) == [3, 5, 6, 7]
    assert stock_pool.reach(7, 7, 3) == [3, 6, 7]
    assert stock_pool.reach(0, 2, 3) == [2]


def test_the_stock_order_proves_a_loss_the_free_pool_cannot() -> None:
    """Deal 166: G and G+ reach their goal (every face-down card turned up) within
    a few dozen states; with the stock exact the goal is out of reach. The complete
    search needs 5.8 million positions for it (docs/solver.md, "The stock pool")."""
    pos = Position.deal("gilbert", 166)
    assert free_pool.search(pos, 1_000).lost is False
    assert free_pool.search(pos, 1_000, cleared=True).lost is False
    out = fast.stock_pool_search(pos, Limit(nodes=500_000), free_pool.MAX_STATES)
    assert out == Outcome(True, 46_897, 23_305)


def test_the_phase_searches_the_stock_pool_where_g_reaches_its_goal() -> None:
    """Deal 166 in the solver's free-pool phase: G+ and G reach their goal (70
    states), the first look at the stock pool without its check is open after
    its states (its table the largest), then the stock pool with the check proves
    the loss on its share of the rest."""
    pos = Position.deal("gilbert", 166)
    out = phases._free_pool(pos, Limit(nodes=3_000_000), native=True)
    assert out == Outcome(True, 70 + stock_pool.PEEK_NODES + 46_897, 129_618)
    # with less than stock_pool.FROM seconds (the quick budget) the complete
    # search keeps the time: the phase ends where G reached its goal
    short = Limit(nodes=3_000_000, seconds=stock_pool.FROM / 2)
    assert phases._free_pool(pos, short, native=True).lost is False


def test_the_first_look_without_the_check_proves_a_loss_g_leaves_open() -> None:
    """Deal 307: G+ reaches its goal (3,975 states), and G is still open far past
    that; the stock pool without its checks proves the loss in 31,142 states
    (with them it needs 704,052), so the phase's first look decides it."""
    pos = Position.deal("gilbert", 307)
    assert fast.free_pool_search(pos, Limit(nodes=200_000), 3_500_000).lost is None
    unchecked = fast.stock_pool_search(pos, Limit(nodes=100_000), 3_500_000, check=0)
    assert unchecked == Outcome(True, 31_142, 46_851)
    out = phases._free_pool(pos, Limit(nodes=2_000_000), native=True)
    assert out == Outcome(True, 3_975 + 31_142, 46_851)


def test_the_check_by_g_plus_prunes_the_stock_pool() -> None:
    """Deal 255: G+ proves its tableau lost, so the root is not searched."""
    pos = Position.deal("gilbert", 255)
    assert stock_pool.search(pos, 10_000) == Outcome(True, 112, 1)
    unchecked = stock_pool.search(pos, 3_000, check=0)
    assert unchecked.lost is None  # the ways to play the stock, beside a lost tableau


def test_the_goal_is_reached_where_the_stock_is_no_obstacle() -> None:
    out = fast.stock_pool_search(Position.deal("gilbert", 44), Limit(nodes=500_000), 100_000)
    assert out == Outcome(False, 48_535, 887)


@pytest.mark.parametrize("deal", [2, 87, 166])
@pytest.mark.parametrize("check", [0, 50])
def test_the_compiled_stock_pool_equals_the_python_one(deal: int, check: int) -> None:
    pos = Position.deal("gilbert", deal)
    py = stock_pool.search(pos, 2_000, check=check)
    assert py == fast.stock_pool_search(pos, Limit(nodes=2_000), 3_500_000, check=check)
    assert py.lost is None and py.nodes == 2_000  # the checks' states count in the bound


def test_the_memory_guard_stops_the_stock_pool() -> None:
    pos = Position.deal("gilbert", 166)
    out = fast.stock_pool_search(pos, Limit(nodes=500_000), 1_000)
    assert out.lost is None and out.states < 2_000  # entries, each with a waste size or a few
    assert stock_pool.search(pos, 500_000, 1_000, check=0).lost is None


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(gilbert_small(low=6, high=12, max_suits=3, max_columns=3, min_stock=2, max_stock=6))
def test_a_stock_pool_dead_end_is_never_a_winnable_position(pos: Position) -> None:
    """Soundness against the plain search of the game itself (every legal move, no
    pruning), with and without the check by G+; and the compiled search equals
    the Python one."""
    for check in (0, stock_pool.CHECK):
        outcome = stock_pool.search(pos, 20_000, check=check)
        compiled = fast.stock_pool_search(pos, Limit(nodes=20_000), 3_500_000, check=check)
        assert compiled == outcome
        event(f"stock pool (check={check}): {outcome.lost}")
        if outcome.lost:
            plain = single_search(pos, Limit(nodes=200_000), prune=False)
            event(f"plain search: {plain.verdict.value}")
            assert plain.verdict is not Verdict.WINNABLE, format_position(pos)
