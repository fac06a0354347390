"""The two lanes of Gilbert's and Big Apple's solves (solver/phases.py, ``LANES``)
and the compiled engines' stop flag, which ends a search once another thread sets
it."""

from __future__ import annotations

import os
from typing import Any

import pytest
from solverkit import replay_wins

from patience import Position, get_game
from patience.solver import Limit, Result, SolverError, Verdict, fast, phases, solve

REQUIRED = os.environ.get("PATIENCE_REQUIRE_NATIVE") == "1"
pytestmark = pytest.mark.skipif(
    not REQUIRED
    and not (fast.available(get_game("gilbert")) and fast.available(get_game("big-apple"))),
    reason="compiled engine not built (no C compiler)",
)

SET = b"\x01"


KINDS = [{}, {"streamlined": True}, {"streamlined": True, "best_first": True}]


@pytest.mark.parametrize(
    ("game", "deal", "kind"),
    # deals not decided by these searches within 100,000 positions
    [("gilbert", 1, kind) for kind in KINDS] + [("big-apple", 3, kind) for kind in KINDS],
)
def test_a_set_flag_ends_a_compiled_search_within_eight_positions(
    game: str, deal: int, kind: dict[str, bool]
) -> None:
    pos = Position.deal(game, deal)
    stopped = fast.search(pos, Limit(nodes=100_000), stop=bytearray(SET), **kind)
    assert stopped.verdict is Verdict.UNKNOWN
    assert stopped.nodes <= 8
    # a flag that is not set changes nothing
    plain = fast.search(pos, Limit(nodes=5_000), **kind)
    unset = fast.search(pos, Limit(nodes=5_000), stop=bytearray(1), **kind)
    assert (unset.verdict, unset.nodes, unset.peak_table) == (
        plain.verdict,
        plain.nodes,
        plain.peak_table,
    )


def test_a_set_flag_ends_the_free_pool_within_eight_states() -> None:
    pos = Position.deal("gilbert", 18)  # open after 700,000 relaxed states
    outcome = fast.free_pool_search(pos, Limit(nodes=100_000), 1_000_000, bytearray(SET))
    assert outcome.lost is None
    assert outcome.nodes <= 8


def test_an_empty_flag_is_refused() -> None:
    pos = Position.deal("gilbert", 1)
    with pytest.raises(ValueError, match="stop"):
        fast.search(pos, Limit(nodes=10), stop=bytearray())


def test_the_bisley_engine_takes_no_flag() -> None:
    with pytest.raises(AssertionError):
        fast.search(Position.deal("bisley", 1), Limit(nodes=10), stop=bytearray(1))


def _count_lanes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = phases._two_lanes

    def counted(position: Position, limit: Limit, proof_applies: bool) -> Result:
        calls.append(1)
        return real(position, limit, proof_applies)

    monkeypatch.setattr(phases, "_two_lanes", counted)
    return calls


# generous bounds: each deal is decided within a fraction of them; the seconds
# only make the solve eligible for two lanes
BOUND = Limit(nodes=20_000_000, seconds=120.0)
#: won by the best-first phase within 3,000 positions (test_bestfirst.py)
BIG_APPLE_WIN = 374


@pytest.mark.parametrize(
    ("game", "deal", "verdict"),
    [
        ("gilbert", 87, Verdict.LOST),
        ("gilbert", 441, Verdict.LOST),
        ("gilbert", 3, Verdict.WINNABLE),
        ("gilbert", 8, Verdict.WINNABLE),
        ("big-apple", 1, Verdict.LOST),  # talon_room, at once
        ("big-apple", BIG_APPLE_WIN, Verdict.WINNABLE),
    ],
)
def test_two_lanes_decide_as_one_lane(
    monkeypatch: pytest.MonkeyPatch, game: str, deal: int, verdict: Verdict
) -> None:
    calls = _count_lanes(monkeypatch)
    result = solve(Position.deal(game, deal), BOUND)
    assert calls, "the solve ran in two lanes"
    assert result.verdict is verdict
    monkeypatch.setattr(phases, "LANES", False)
    assert solve(Position.deal(game, deal), BOUND).verdict is verdict


def test_the_deciding_lane_stops_the_other(monkeypatch: pytest.MonkeyPatch) -> None:
    # Deal 87: the free pool proves it lost within 5,100 relaxed states, while the
    # win-only lane alone would search 11 million positions (its share of the
    # node bound) before giving up.
    calls = _count_lanes(monkeypatch)
    result = solve(Position.deal("gilbert", 87), BOUND)
    assert calls and result.verdict is Verdict.LOST
    assert result.nodes < 2_000_000


def test_a_win_stops_the_proof_lane(monkeypatch: pytest.MonkeyPatch) -> None:
    # Big Apple deal 374: the best-first phase wins it within 3,000 positions; the
    # complete search alone would win it only after 209,565.
    calls = _count_lanes(monkeypatch)
    result = solve(Position.deal("big-apple", BIG_APPLE_WIN), BOUND)
    assert calls and result.verdict is Verdict.WINNABLE
    assert result.nodes < 100_000


def test_a_node_bound_alone_keeps_one_lane(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _count_lanes(monkeypatch)
    first = solve(Position.deal("gilbert", 1), Limit(nodes=50_000))
    again = solve(Position.deal("gilbert", 1), Limit(nodes=50_000))
    assert not calls
    assert (first.verdict, first.nodes) == (again.verdict, again.nodes)


def test_a_budget_of_milliseconds_keeps_one_lane(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _count_lanes(monkeypatch)
    solve(Position.deal("gilbert", 1), Limit(nodes=20_000, seconds=phases.LANES_FROM / 2))
    assert not calls
    solve(Position.deal("gilbert", 1), Limit(nodes=20_000, seconds=phases.LANES_FROM))
    assert calls


def test_an_error_in_the_win_lane_stops_the_other_and_is_raised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object, **kwargs: object) -> Result:
        raise SolverError("broken on purpose")

    proofs: list[Result] = []
    real = phases._proof_phases

    def recorded(*args: Any, **kwargs: Any) -> Result:
        proofs.append(real(*args, **kwargs))
        return proofs[-1]

    monkeypatch.setattr(phases, "_win_phases", broken)
    monkeypatch.setattr(phases, "_proof_phases", recorded)
    with pytest.raises(SolverError, match="on purpose"):
        solve(Position.deal("gilbert", 1), BOUND)  # deal 1: no lane decides it quickly
    assert proofs[0].verdict is Verdict.UNKNOWN
    assert proofs[0].nodes < 100_000


def test_the_proof_lane_looks_for_wins_once_the_free_pool_reaches_its_goal() -> None:
    """Gilbert deal 644 (left undecided by a deep benchmark run): the free pool
    reaches its goal after 65,316 states (5,309 of them the stock pool's first
    look, which reaches its goal too), so in a lane the complete search gets
    only ``PROOF_LANE_COMPLETE`` of the lane (250,000 positions here) and the
    noisy restarts from ``restarts.LANE_FIRST`` on win the deal in their 97th
    restart (483,042 positions). Outside a lane the complete search gets the rest
    and does not win it within the same million positions."""
    pos = Position.deal("gilbert", 644)
    limit, share = Limit(nodes=1_000_000), Limit(nodes=500_000)
    assert phases.PROOF_LANE_COMPLETE == 0.25
    lane = phases._proof_phases(pos, limit, share, native=True, lane=True)
    assert lane.verdict is Verdict.WINNABLE
    assert lane.nodes == 65_316 + 250_000 + 483_042
    replay_wins(pos, lane.line)
    alone = phases._proof_phases(pos, limit, share, native=True)
    assert alone.verdict is Verdict.UNKNOWN and alone.nodes == 1_000_000


def test_the_proof_lanes_class_search_gets_the_larger_part(monkeypatch: pytest.MonkeyPatch) -> None:
    """Gilbert deal 478 (winnable; left undecided by a deep benchmark run): the free
    pool reaches its goal after 92,735 states; in a lane of ``TWINS_FROM`` seconds or
    more (the seconds here only turn the classes on: the nodes bind) the complete
    search goes over twin classes on ``PROOF_LANE_CLASSES`` of the lane (1.2 million
    of 1.5 million) and wins after 745,393 classes. On the plain search's part,
    ``PROOF_LANE_COMPLETE`` (375,000), it does not, and the lane's NRPA does not win
    it with the rest."""
    pos = Position.deal("gilbert", 478)
    limit, share = Limit(nodes=1_500_000, seconds=600), Limit(nodes=500_000, seconds=500)
    assert phases._twins(pos, limit)
    assert phases.PROOF_LANE_CLASSES == 0.8
    lane = phases._proof_phases(pos, limit, share, native=True, lane=True)
    assert lane.verdict is Verdict.WINNABLE
    assert lane.nodes == 92_735 + 745_393
    replay_wins(pos, lane.line)
    monkeypatch.setattr(phases, "PROOF_LANE_CLASSES", phases.PROOF_LANE_COMPLETE)
    short = phases._proof_phases(pos, limit, share, native=True, lane=True)
    assert short.verdict is Verdict.UNKNOWN and short.nodes == 1_500_000


def test_the_proof_lane_searches_on_when_its_restarts_exhaust_the_moves() -> None:
    """Gilbert deal 236 (lost): with less than a second the free pool skips the
    stock pool and reaches its goal (961 states); the complete search's part
    (2,000 of 8,000 positions) is too small for the proof (3,104 positions; a lane
    this short searches positions, not twin classes: ``phases.TWINS_FROM``); the
    first noisy restart exhausts the streamlined moves (73), which is no verdict;
    so the complete search runs again on what is left and proves the loss. (A
    lane of less than ``stock_pool.FROM`` seconds keeps these restarts: NRPA,
    which longer lanes run instead, never exhausts the moves.)"""
    pos = Position.deal("gilbert", 236)
    share = Limit(nodes=30_000, seconds=0.5)  # the seconds only skip the stock pool
    lane = phases._proof_phases(pos, Limit(nodes=8_000, seconds=0.9), share, native=True, lane=True)
    assert lane.verdict is Verdict.LOST
    assert lane.nodes == 961 + 2_000 + 73 + 3_104


@pytest.mark.parametrize("fill", [False, True])
def test_the_win_lane_hands_its_last_phase_all_that_is_left(
    monkeypatch: pytest.MonkeyPatch, fill: bool
) -> None:
    """In the win lane (``fill``) the last win-only phase runs until the lane's end,
    not only for its share: time an earlier phase left unused is not lost."""
    seen: list[Limit] = []

    def restarts(position: Position, limit: Limit, **_: Any) -> Result:
        seen.append(limit)
        return Result(Verdict.UNKNOWN, (), 0, 0.0, 0)

    monkeypatch.setattr(phases, "_restart_phase", restarts)
    share = Limit(nodes=10, seconds=0.5)
    phases._win_phases(
        Position.deal("big-apple", 1),
        Limit(nodes=1_000, seconds=60.0),
        [(share, "complete restarts", 0)],
        native=True,
        fill=fill,
    )
    assert seen[0].nodes == (1_000 if fill else 10)
    assert (seen[0].seconds or 0) > (50.0 if fill else 0.0)
    assert (seen[0].seconds or 0) <= (60.0 if fill else 0.5)


def test_the_proof_lane_looks_for_wins_after_its_memory_guard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Big Apple's proof lane: a complete search that ends open with time left (at
    its memory guard) hands the rest to the complete restarts from
    ``restarts.LANE_FIRST`` on; their win is the lane's."""
    calls: list[dict[str, Any]] = []

    def restarts(position: Position, limit: Limit, **kw: Any) -> Result:
        calls.append(kw)
        return Result(Verdict.WINNABLE, (), 5, 0.0, 7)

    def guarded(position: Position, limit: Limit, **_: Any) -> Result:
        return Result(Verdict.UNKNOWN, (), 100, 0.0, 100)

    monkeypatch.setattr(phases, "_restart_phase", restarts)
    monkeypatch.setattr(phases, "single_search", guarded)
    position = Position.deal("big-apple", 1)
    lane = phases._proof_phases(
        position, Limit(nodes=1_000, seconds=60.0), None, native=True, stop=bytearray(1), lane=True
    )
    assert lane.verdict is Verdict.WINNABLE and lane.nodes == 105
    assert calls == [
        {
            "native": True,
            "complete": True,
            "first": phases.restarts.LANE_FIRST,
            "lane": True,
            "stop": bytearray(1),
        }
    ]
    alone = phases._proof_phases(position, Limit(nodes=1_000, seconds=60.0), None, native=True)
    assert alone.verdict is Verdict.UNKNOWN and len(calls) == 1


def test_big_apple_proof_lane_cuts_its_complete_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Big Apple's proof lane: its complete search gets at most
    ``PROOF_LANE_NODES`` positions, and the complete restarts from
    ``restarts.LANE_FIRST`` on all that is left of the lane; outside a lane the
    complete search gets the whole budget."""
    searched: list[Limit] = []
    restarted: list[Limit] = []

    def complete(position: Position, limit: Limit, **_: Any) -> Result:
        searched.append(limit)
        return Result(Verdict.UNKNOWN, (), limit.nodes or 0, 0.0, 0)

    def restarts(position: Position, limit: Limit, **kw: Any) -> Result:
        assert kw["first"] == phases.restarts.LANE_FIRST
        restarted.append(limit)
        return Result(Verdict.UNKNOWN, (), limit.nodes or 0, 0.0, 0)

    monkeypatch.setattr(phases, "single_search", complete)
    monkeypatch.setattr(phases, "_restart_phase", restarts)
    position = Position.deal("big-apple", 1)
    budget = Limit(nodes=5_000_000, seconds=60.0)
    lane = phases._proof_phases(position, budget, None, native=True, stop=bytearray(1), lane=True)
    assert lane.verdict is Verdict.UNKNOWN and lane.nodes == 5_000_000
    assert [limit.nodes for limit in searched] == [phases.PROOF_LANE_NODES]
    assert [limit.nodes for limit in restarted] == [5_000_000 - phases.PROOF_LANE_NODES]
    alone = phases._proof_phases(position, budget, None, native=True)
    assert alone.nodes == 5_000_000 and searched[-1].nodes == 5_000_000
    assert len(restarted) == 1


def test_the_proof_lanes_restarts_search_longer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The proof lane's complete restarts (Big Apple) search up to
    ``restarts.LANE_COMPLETE_NODES`` positions each, with the same random states
    as any restarts from ``first`` on; elsewhere, and for Gilbert, each restart
    keeps ``restarts.COMPLETE_NODES``."""
    seen: list[tuple[int | None, int]] = []

    def search(position: Position, limit: Limit, **kw: Any) -> Result:
        seen.append((limit.nodes, kw["seed"]))
        return Result(Verdict.UNKNOWN, (), limit.nodes or 0, 0.0, 0)

    monkeypatch.setattr(phases, "single_search", search)
    restarts = phases.restarts
    lane, win = restarts.LANE_COMPLETE_NODES["talon"], restarts.COMPLETE_NODES["talon"]
    assert lane > win
    pos = Position.deal("big-apple", 1)
    phases._restart_phase(
        pos, Limit(nodes=3 * lane), native=True, complete=True, first=7, lane=True
    )
    assert seen == [(lane, restarts.seed(i)) for i in (7, 8, 9)]
    seen.clear()
    phases._restart_phase(pos, Limit(nodes=3 * win), native=True, complete=True, first=7)
    assert seen == [(win, restarts.seed(i)) for i in (7, 8, 9)]
    gilbert = restarts.restart_nodes(get_game("gilbert"), complete=True, lane=True)
    assert gilbert == restarts.COMPLETE_NODES["stock"]


def test_the_proof_lanes_longer_restarts_win_big_apple_627() -> None:
    """Big Apple deal 627 (undecided at the deep budget while the proof lane's
    restarts had the win lane's size): the lane's restarts win it in restart
    ``LANE_FIRST + 57`` after 579,316 positions; as many positions of restarts of
    the win lane's size, from the same random states, do not."""
    pos = Position.deal("big-apple", 627)
    first = phases.restarts.LANE_FIRST
    budget = Limit(nodes=600_000)
    lane = phases._restart_phase(pos, budget, native=True, complete=True, first=first, lane=True)
    assert lane.verdict is Verdict.WINNABLE and lane.nodes == 579_316
    replay_wins(pos, lane.line)
    short = phases._restart_phase(pos, budget, native=True, complete=True, first=first)
    assert short.verdict is Verdict.UNKNOWN
