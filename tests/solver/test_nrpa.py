"""NRPA (solver/nrpa.py, _nrpa.h): a win-only phase of Gilbert's compiled engine.
Node counts are exact: a node is a rollout's step, and the random state fixes
every rollout."""

from __future__ import annotations

import os

import pytest
from solverkit import replay_wins

from patience import Position, get_game
from patience.solver import DEEP, QUICK, Limit, Verdict, fast, nrpa, phases, restarts, solve
from patience.solver.engine import single_search

REQUIRED = os.environ.get("PATIENCE_REQUIRE_NATIVE") == "1"
pytestmark = pytest.mark.skipif(
    not REQUIRED and not fast.available(get_game("gilbert")),
    reason="compiled engine not built (no C compiler)",
)


@pytest.mark.parametrize(
    ("deal", "state", "nodes"),
    [(1, 0, 6_377), (1, 1, 235_239), (640, 0, 15_807), (972, 1, 17_273)],
)
def test_nrpa_wins_and_repeats_exactly(deal: int, state: int, nodes: int) -> None:
    """Deal 1 took the complete search a million positions; 972 no phase won
    within 10 s before NRPA, 640 none with NRPA's first bias (1; nrpa.BIAS). The
    same random state gives the same line."""
    pos = Position.deal("gilbert", deal)
    first = single_search(
        pos, Limit(nodes=1_000_000), nrpa=nrpa.WIN_LANE, seed=restarts.seed(state)
    )
    assert first.verdict is Verdict.WINNABLE and first.nodes == nodes
    replay_wins(pos, first.line)
    again = single_search(
        pos, Limit(nodes=1_000_000), nrpa=nrpa.WIN_LANE, seed=restarts.seed(state)
    )
    assert (again.nodes, again.line) == (first.nodes, first.line)


def test_the_proof_lanes_level_wins_what_the_win_lanes_does_not() -> None:
    """The proof lane's NRPA (``nrpa.PROOF_LANE``: level 3, 20 iterations)
    is another search than the win lane's (level 2, 100 iterations) from the same
    random state: on deal 640 with the lane's state it wins after 254,759 steps,
    where level 2 has not won after 300,000."""
    pos = Position.deal("gilbert", 640)
    state, bound = restarts.seed(nrpa.LANE_SEED), Limit(nodes=300_000)
    lane = single_search(pos, bound, nrpa=nrpa.PROOF_LANE, seed=state)
    assert lane.verdict is Verdict.WINNABLE and lane.nodes == 254_759
    replay_wins(pos, lane.line)
    win_lane = single_search(pos, bound, nrpa=nrpa.WIN_LANE, seed=state)
    assert win_lane.verdict is Verdict.UNKNOWN and win_lane.nodes == 300_000


def test_nrpa_never_says_lost_and_keeps_its_node_bound() -> None:
    """Deal 2 is lost (the free pool proves it): NRPA only runs out of nodes."""
    pos = Position.deal("gilbert", 2)
    result = single_search(pos, Limit(nodes=20_000), nrpa=nrpa.WIN_LANE, seed=restarts.seed(0))
    assert result.verdict is Verdict.UNKNOWN and result.nodes == 20_000
    assert result.line == ()


def test_a_won_position_needs_no_rollout() -> None:
    pos = Position.deal("gilbert", 1)
    line = single_search(pos, Limit(nodes=100_000), nrpa=nrpa.WIN_LANE, seed=restarts.seed(0)).line
    for move in line:
        pos.push(move)
    result = single_search(pos, Limit(nodes=10), nrpa=nrpa.WIN_LANE, seed=restarts.seed(0))
    assert result.verdict is Verdict.WINNABLE and result.nodes == 0 and result.line == ()


@pytest.mark.parametrize("nesting", [(0, 20), (5, 20), (2, 0)])
def test_the_engine_refuses_a_level_or_iterations_out_of_range(
    nesting: tuple[int, int],
) -> None:
    """Levels 1-4 (the engine's NRPA_MAX_LEVEL), at least one iteration."""
    pos = Position.deal("gilbert", 1)
    with pytest.raises(ValueError, match="NRPA: level 1 to 4, at least 1 iteration"):
        fast.search(pos, Limit(nodes=10), nrpa=nesting, seed=restarts.seed(0))


def test_nrpa_is_a_phase_of_gilbert_only() -> None:
    gilbert = [name for _, name, _ in phases._win_shares(get_game("gilbert"), Limit(nodes=100))]
    assert gilbert[:2] == ["best-first", "nrpa"]
    big_apple = [name for _, name, _ in phases._win_shares(get_game("big-apple"), Limit(nodes=1))]
    assert "nrpa" not in big_apple
    assert not nrpa.applies(get_game("bisley"))


def test_the_phases_win_with_nrpa_what_they_leave_without_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Deal 640 (left undecided by the deep benchmark runs before NRPA's bias of
    0.25): within 1.5 million positions the phases win it in NRPA's share (29.5 %,
    442,500: after the best-first search's 82,500, NRPA's first state wins after
    15,807 steps); without NRPA they do not."""
    pos = Position.deal("gilbert", 640)
    bound = Limit(nodes=1_500_000)
    won = solve(pos, bound)
    assert won.verdict is Verdict.WINNABLE
    assert won.nodes == 82_500 + 15_807
    replay_wins(pos, won.line)
    monkeypatch.setattr(nrpa, "applies", lambda rules: False)
    assert solve(pos, bound).verdict is Verdict.UNKNOWN


def test_the_proof_lane_wins_with_nrpa_where_the_free_pool_stops_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Deal 146 (left undecided by the deep benchmark runs before NRPA's bias of
    0.25): the free pool is still open at the end of its share (100,000 states),
    the complete search's part of the lane (over twin classes, as in a lane of a
    second or more: ``PROOF_LANE_CLASSES``, 80 %, 800,000 classes) wins nothing,
    and NRPA with the lane's random state and level wins after 52,587 steps. (A
    free pool that reaches its goal is followed the same way; with less than
    ``stock_pool.FROM`` seconds the lane keeps the noisy restarts, and only after
    a goal: test_lanes.py.) Without NRPA the complete search gets the rest of the
    lane and does not win."""
    pos = Position.deal("gilbert", 146)
    share = Limit(nodes=100_000, seconds=600.0)  # the seconds let NRPA run
    limit = Limit(nodes=1_000_000, seconds=600.0)
    lane = phases._proof_phases(pos, limit, share, native=True, lane=True)
    assert lane.verdict is Verdict.WINNABLE
    assert lane.nodes == 100_000 + 800_000 + 52_587
    replay_wins(pos, lane.line)
    monkeypatch.setattr(nrpa, "applies", lambda rules: False)
    alone = phases._proof_phases(pos, limit, share, native=True, lane=True)
    assert alone.verdict is Verdict.UNKNOWN and alone.nodes == 1_000_000


def test_short_budgets_run_without_nrpa() -> None:
    """Below ``nrpa.FROM`` seconds the other win-only phases keep their whole
    shares; from it on, NRPA takes its parts of them (``nrpa.TAKES``)."""
    gilbert = get_game("gilbert")
    quick = {name: share for share, name, _ in phases._win_shares(gilbert, QUICK)}
    assert "nrpa" not in quick and quick["noisy restarts"] == QUICK.part(0.2)
    assert quick["best-first"] == QUICK.part(0.15) and quick["restarts"] == QUICK.part(0.08)
    deep = {name: share for share, name, _ in phases._win_shares(gilbert, DEEP)}
    assert deep["nrpa"].seconds == pytest.approx(DEEP.part(0.295).seconds)
    assert deep["best-first"] == DEEP.part(0.055)
    assert deep["noisy restarts"] == DEEP.part(0.08)
    assert deep["complete restarts"] == DEEP.part(0.04)
    assert "restarts" not in deep  # taken whole
    # the win-only phases' part of the budget is the same either way
    assert sum(s.seconds or 0 for s in quick.values()) / (QUICK.seconds or 1) == pytest.approx(
        sum(s.seconds or 0 for s in deep.values()) / (DEEP.seconds or 1)
    )
