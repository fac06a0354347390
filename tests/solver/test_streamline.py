"""The streamlined search (solver/streamline.py) may only find wins: when it
exhausts its restricted moves, the complete search still decides."""

from __future__ import annotations

from solverkit import replay_wins

from patience import Position, get_game, parse_position
from patience.rules import Kind
from patience.solver import Limit, Verdict, solve, streamline
from patience.solver.engine import single_search

# Won only by playing 7C and 7D back from the foundations into the empty columns
# (to take 6D and then 5D, 4D...), moves the streamlined search never makes.
NEEDS_PLAY_BACK = """
F1: AC 2C 3C 4C 5C 6C 7C
F2: AD 2D
F3: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
F4: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
F5: KC QC JC
F6: KD QD JD TD 9D 8D 7D 6D
1: 8C 9C TC 3D 5D 4D
"""


def test_a_win_the_streamlined_search_misses_is_found_by_the_complete_one() -> None:
    pos = parse_position(NEEDS_PLAY_BACK, "gilbert")
    for native in (True, False):
        first = single_search(pos, Limit(nodes=1_000), native=native, streamlined=True)
        assert first.verdict is Verdict.LOST  # "lost" among its moves only: not a verdict
        result = solve(pos, Limit(nodes=1_000), native=native)
        assert result.verdict is Verdict.WINNABLE
        replay_wins(pos, result.line)
    assert solve(pos, Limit(nodes=5_000), prune=False).verdict is Verdict.WINNABLE


def test_the_streamlined_search_drops_play_back_and_idle_run_moves() -> None:
    pos = parse_position(NEEDS_PLAY_BACK, "gilbert")
    moves = list(pos.legal_moves)
    kept = streamline.restrict(pos, moves)
    kinds = pos.layout.kinds
    assert any(kinds[m.src] is Kind.FOUNDATION for m in moves)  # play-back moves exist
    assert all(kinds[m.src] is not Kind.FOUNDATION for m in kept)


def test_the_budget_bounds_both_phases_together() -> None:
    for deal in (1, 2, 3):
        result = solve(Position.deal("gilbert", deal), Limit(nodes=2_000))
        assert result.nodes <= 2_000
        assert result.verdict is Verdict.UNKNOWN or result.line or result.verdict is Verdict.LOST


def test_streamline_applies_to_gilbert_and_big_apple() -> None:
    assert streamline.applies(get_game("gilbert"))
    assert streamline.applies(get_game("big-apple"))
    assert not streamline.applies(get_game("bisley"))
