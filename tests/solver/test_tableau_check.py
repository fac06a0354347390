"""The check by G+ (pruning/tableau_check.py): a position whose tableau G+ cannot
bring to its goal is a dead end of the complete search. It never calls a winnable
position lost; the compiled search equals the Python one, position for position."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from solverkit import gilbert_small

from patience import Position, format_position
from patience.solver import Limit, Verdict, fast, phases
from patience.solver.engine import single_search
from patience.solver.pruning import tableau_check


def test_a_dead_tableau_is_found_once_and_cached() -> None:
    """Deal 87: G+ proves its tableau dead; deal 44's is not. A second question
    about the same tableau (whatever the stock and the foundations) costs nothing."""
    rules = Position.deal("gilbert", 87).rules
    check = tableau_check.Check(rules)
    assert check.position_dead(Position.deal("gilbert", 87))
    spent = check.nodes
    assert 0 < spent <= tableau_check.STATES
    assert check.position_dead(Position.deal("gilbert", 87))
    assert check.nodes == spent
    assert not check.position_dead(Position.deal("gilbert", 44))
    # a check with no states left answers "not dead" and costs nothing
    fresh = tableau_check.Check(rules)
    assert not fresh.position_dead(Position.deal("gilbert", 87), left=0)
    assert fresh.nodes == 0


def test_the_check_shortens_a_lost_proof() -> None:
    """Deal 21 (lost; its root's tableau is not dead): the complete search needs
    330,869 positions, with the check 8,375 (143,960 with the checks' states)."""
    pos = Position.deal("gilbert", 21)
    plain = fast.search(pos, Limit(nodes=1_000_000))
    assert (plain.verdict, plain.nodes) == (Verdict.LOST, 330_869)
    checked = fast.search(pos, Limit(nodes=1_000_000), check=tableau_check.STATES)
    assert (checked.verdict, checked.nodes, checked.peak_table) == (Verdict.LOST, 143_960, 8_375)
    assert not tableau_check.Check(pos.rules).position_dead(pos)  # its root is not dead


def test_an_adaptive_check_is_made_only_while_it_pays() -> None:
    """After ``FREE`` checks with none dead, a tableau not in the cache is checked
    only every ``PERIOD``-th time (unchecked: "not dead", not cached, no cost); each
    dead answer allows ``RATIO`` more checks. The stock pool's check is not
    adaptive."""
    dead, live = Position.deal("gilbert", 87), Position.deal("gilbert", 44)
    check = tableau_check.Check(dead.rules, adaptive=True)
    check.made = tableau_check.FREE
    assert not check.position_dead(dead)
    assert (check.nodes, check.made, check.skipped, check.dead) == (0, tableau_check.FREE, 1, {})
    check.skipped = tableau_check.PERIOD - 1
    assert check.position_dead(dead)  # the PERIOD-th is checked
    assert (check.made, check.deads, check.skipped) == (tableau_check.FREE + 1, 1, 0)
    # one dead answer in FREE + 1 checks: RATIO - 1 more are due
    assert not check.position_dead(live)
    assert (check.made, check.skipped) == (tableau_check.FREE + 2, 0)
    steady = tableau_check.Check(dead.rules)
    steady.made = 10 * tableau_check.FREE
    assert steady.position_dead(dead)


def test_the_checks_stop_where_they_do_not_pay() -> None:
    """Deal 830 (lost): no tableau its complete search meets is dead. Checking
    every one, the search was still open at 10 s; adaptive, the checks stop after
    ``FREE`` and the loss costs about 11,000 states more than without them."""
    pos = Position.deal("gilbert", 830)
    plain = fast.search(pos, Limit(nodes=1_000_000))
    assert (plain.verdict, plain.nodes) == (Verdict.LOST, 90_125)
    checked = fast.search(pos, Limit(nodes=1_000_000), check=tableau_check.STATES)
    assert (checked.verdict, checked.nodes, checked.peak_table) == (Verdict.LOST, 101_419, 90_126)


_SMALL = [(87, 5_000), (166, 3_000), (2, 3_000), (1, 3_000)]


@pytest.mark.parametrize(
    ("deal", "nodes", "streamlined"),
    [(d, n, s) for d, n in _SMALL for s in (False, True)] + [(830, 5_000, False)],
)
def test_the_compiled_check_equals_the_python_one(deal: int, nodes: int, streamlined: bool) -> None:
    """Complete and streamlined searches. Deal 830 at 5,000 nodes: the checks have
    passed ``FREE`` with none dead, so the adaptive rule skips most tableaux."""
    pos = Position.deal("gilbert", deal)
    limit = Limit(nodes=nodes)
    py = single_search(
        pos, limit, native=False, check=tableau_check.STATES, streamlined=streamlined
    )
    compiled = single_search(pos, limit, check=tableau_check.STATES, streamlined=streamlined)
    assert (py.verdict, py.nodes, py.peak_table, py.line) == (
        compiled.verdict,
        compiled.nodes,
        compiled.peak_table,
        compiled.line,
    )
    assert py.nodes <= nodes  # the checks' states count in the bound
    if py.verdict is Verdict.UNKNOWN:
        assert py.nodes == nodes


def test_deal_87_is_lost_at_its_root() -> None:
    out = single_search(Position.deal("gilbert", 87), Limit(nodes=5_000), check=2_000)
    assert out.verdict is Verdict.LOST and out.peak_table == 4


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(gilbert_small(low=6, high=12, max_suits=3, max_columns=3, min_stock=2, max_stock=6))
def test_the_checked_search_never_calls_a_winnable_position_lost(pos: Position) -> None:
    """Soundness against the plain search of the game itself (every legal move, no
    pruning); and the compiled search equals the Python one."""
    checked = single_search(pos, Limit(nodes=20_000), native=False, check=50)
    assert fast.available(pos.rules)
    compiled = single_search(pos, Limit(nodes=20_000), check=50)
    assert (compiled.verdict, compiled.nodes) == (checked.verdict, checked.nodes)
    event(f"checked search: {checked.verdict.value}")
    plain = single_search(pos, Limit(nodes=200_000), prune=False)
    event(f"plain search: {plain.verdict.value}")
    if checked.verdict is Verdict.LOST:
        assert plain.verdict is not Verdict.WINNABLE, format_position(pos)


def test_where_the_solver_checks() -> None:
    """Gilbert with a face-down card, a budget of nodes alone or of at least
    ``FROM`` seconds; never the site's 3 ms status check, nor Bisley."""
    deal = Position.deal("gilbert", 44)
    assert phases._check(deal, Limit(nodes=1_000)) == tableau_check.STATES
    assert phases._check(deal, Limit(seconds=10.0)) == tableau_check.STATES
    assert phases._check(deal, Limit(seconds=0.003)) == 0
    assert phases._check(Position.deal("bisley", 1), Limit(nodes=1_000)) == 0
