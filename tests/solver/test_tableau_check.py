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


@pytest.mark.parametrize(("deal", "nodes"), [(87, 5_000), (166, 3_000), (2, 3_000), (1, 3_000)])
@pytest.mark.parametrize("search", ["complete", "streamlined", "best-first"])
def test_the_compiled_check_equals_the_python_one(deal: int, nodes: int, search: str) -> None:
    pos = Position.deal("gilbert", deal)
    limit = Limit(nodes=nodes)
    kind = {"streamlined": search != "complete", "best_first": search == "best-first"}
    py = single_search(pos, limit, native=False, check=tableau_check.STATES, **kind)
    compiled = single_search(pos, limit, check=tableau_check.STATES, **kind)
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
