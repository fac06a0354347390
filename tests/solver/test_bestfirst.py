"""The best-first phase (solver/bestfirst.py): it may only find wins, the compiled
engine runs exactly its algorithm, and it finds wins the depth-first search misses."""

from __future__ import annotations

import pytest
from solverkit import complete, move, replay_wins, searches_agree
from test_streamline import NEEDS_PLAY_BACK

from patience import Position, get_game, parse_position
from patience.solver import Limit, Verdict, bestfirst, fast, restarts, solve
from patience.solver.engine import single_search

NATIVE = fast.available(get_game("gilbert"))


def _best_first(pos: Position, nodes: int, *, native: bool) -> object:
    return single_search(pos, Limit(nodes=nodes), native=native, streamlined=True, best_first=True)


@pytest.mark.skipif(not NATIVE, reason="compiled engine not built")
@pytest.mark.parametrize("deal", [4, 6, 8, 9, 10, 34, 36, 81, 1, 5])
def test_compiled_best_first_equals_the_python_one(deal: int) -> None:
    searches_agree(
        Position.deal("gilbert", deal), Limit(nodes=3_000), streamlined=True, best_first=True
    )


@pytest.mark.parametrize("native", [True, False])
def test_best_first_finds_a_win_the_depth_first_phase_misses(native: bool) -> None:
    """Deal 8: the streamlined depth-first search does not win it within 100,000
    positions (nor did both depth-first phases within a million); the best-first
    search wins it within 400."""
    pos = Position.deal("gilbert", 8)
    found = single_search(pos, Limit(nodes=400), native=native, streamlined=True, best_first=True)
    assert found.verdict is Verdict.WINNABLE and found.nodes <= 400
    replay_wins(pos, found.line)
    if native:  # 100,000 positions: too slow for the Python engine
        dfs = single_search(pos, Limit(nodes=100_000), streamlined=True)
        assert dfs.verdict is Verdict.UNKNOWN


@pytest.mark.parametrize("native", [True, False])
def test_an_exhausted_best_first_phase_is_not_a_verdict(native: bool) -> None:
    """Won only by playing cards back from the foundations, which the best-first
    phase (streamlined moves) never does: it exhausts its moves, and the later
    phases over those moves are skipped (they would search the same positions
    again); the first complete restart (over every move) then wins, as the
    complete search would."""
    pos = parse_position(NEEDS_PLAY_BACK, "gilbert")
    limit = Limit(nodes=1_000)
    first = single_search(pos, limit, native=native, streamlined=True, best_first=True)
    assert first.verdict is Verdict.LOST  # its moves are exhausted: not a verdict
    assert not any(pos.hidden)  # the free pool is skipped: its goal is reached
    assert single_search(pos, limit, native=native).verdict is Verdict.WINNABLE
    share = restarts.share(pos.rules, limit, complete=True)  # 40 positions
    restart = single_search(pos, share, native=native, seed=restarts.seed(0))
    assert restart.verdict is Verdict.WINNABLE
    result = solve(pos, limit, native=native)
    assert result.verdict is Verdict.WINNABLE and result.line == restart.line
    assert result.nodes == first.nodes + restart.nodes
    replay_wins(pos, result.line)


def test_lost_deals_are_still_proved_by_the_complete_search() -> None:
    for deal in (36, 81):
        result = solve(Position.deal("gilbert", deal), Limit(nodes=5_000))
        assert result.verdict is Verdict.LOST and result.line == ()


def test_the_estimate_counts_what_is_left_to_do() -> None:
    """10 a face-down card, 3 a card off the foundations, 1 a card in the stock or
    waste, 1 a card on top of a card a foundation takes next."""
    pos = complete(
        "gilbert",
        """
        F1: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
        F2: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
        F3: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
        F4: AS 2S 3S 4S 5S 6S 7S
        F8: KS QS JS TS
        1: 8S | 9S
        """,
    )
    # 8S (wanted by F4) lies face down under 9S (wanted by F8): 1 face-down card,
    # 2 cards off the foundations, 1 card on top of a wanted card
    assert bestfirst.estimate(pos) == 10 + 2 * 3 + 1
    pos.play(move(pos, "1-F8"))  # 9S to F8: 8S turns up
    assert bestfirst.estimate(pos) == 3


def test_the_phases_share_the_budget() -> None:
    for deal in (1, 2, 3, 5):
        result = solve(Position.deal("gilbert", deal), Limit(nodes=3_000))
        assert result.nodes <= 3_000


def test_best_first_applies_to_gilbert_and_big_apple() -> None:
    assert bestfirst.applies(get_game("gilbert"))
    assert bestfirst.applies(get_game("big-apple"))
    assert not bestfirst.applies(get_game("bisley"))


# ----------------------------------------------------------------- Big Apple
BIG_APPLE_NATIVE = fast.available(get_game("big-apple"))


@pytest.mark.skipif(not BIG_APPLE_NATIVE, reason="compiled engine not built")
@pytest.mark.parametrize("variant", [0, 1])
@pytest.mark.parametrize("deal", [1, 3, 5, 35, 374, 942])
def test_compiled_big_apple_best_first_equals_the_python_one(deal: int, variant: int) -> None:
    """Won, lost (talon_room at the start) and undecided deals; 942 exhausts its
    streamlined moves (and is not lost for that). Both estimates."""
    pos = Position.deal("big-apple", deal)
    searches_agree(pos, Limit(nodes=2_000), streamlined=True, best_first=True, variant=variant)


@pytest.mark.skipif(not BIG_APPLE_NATIVE, reason="compiled engine not built")
def test_big_apple_best_first_wins_a_deal_the_depth_first_phases_miss() -> None:
    """Deal 374: undecided by the depth-first phases at the deep budget (2-3
    million positions), and the streamlined depth-first search alone finds nothing
    within 100,000; the best-first search wins it within 3,000."""
    pos = Position.deal("big-apple", 374)
    found = single_search(pos, Limit(nodes=3_000), streamlined=True, best_first=True)
    assert found.verdict is Verdict.WINNABLE
    replay_wins(pos, found.line)
    assert single_search(pos, Limit(nodes=100_000), streamlined=True).verdict is Verdict.UNKNOWN
    assert solve(pos, Limit(nodes=30_000)).verdict is Verdict.WINNABLE


@pytest.mark.skipif(not BIG_APPLE_NATIVE, reason="compiled engine not built")
def test_the_second_big_apple_estimate_wins_what_the_first_misses() -> None:
    """Deal 203 (undecided by the depth-first phases at the deep budget): the
    first estimate finds nothing within 100,000 positions, the second (talon cards
    weigh more, cells nothing) wins within 7,000; so the phases run both."""
    pos = Position.deal("big-apple", 203)
    first = single_search(pos, Limit(nodes=100_000), streamlined=True, best_first=True)
    assert first.verdict is Verdict.UNKNOWN
    second = single_search(pos, Limit(nodes=7_000), streamlined=True, best_first=True, variant=1)
    assert second.verdict is Verdict.WINNABLE
    replay_wins(pos, second.line)
    result = solve(pos, Limit(nodes=80_000))  # 8,000 for each best-first phase
    assert result.verdict is Verdict.WINNABLE and result.line == second.line


@pytest.mark.skipif(not BIG_APPLE_NATIVE, reason="compiled engine not built")
def test_an_exhausted_big_apple_best_first_phase_is_not_a_verdict() -> None:
    """Deal 942: the best-first search exhausts the streamlined moves (no play-back
    from the foundations, no idle moves between piles) after about 21,000
    positions; that says nothing: the streamlined depth-first phase is skipped and
    the complete search goes on (and does not prove it lost)."""
    pos = Position.deal("big-apple", 942)
    first = single_search(pos, Limit(nodes=30_000), streamlined=True, best_first=True)
    assert first.verdict is Verdict.LOST and first.nodes < 30_000  # not a verdict
    result = solve(pos, Limit(nodes=200_000))
    assert result.verdict is Verdict.UNKNOWN and result.nodes == 200_000
    rest = single_search(pos, Limit(nodes=200_000 - first.nodes))
    assert rest.verdict is Verdict.UNKNOWN


def test_big_apple_lost_deals_are_still_proved_at_once() -> None:
    """talon_room ends the best-first phase at once (no children), then the
    complete search proves the loss."""
    for deal in (1, 2):
        result = solve(Position.deal("big-apple", deal), Limit(nodes=1_000))
        assert result.verdict is Verdict.LOST and result.nodes <= 10


def test_the_big_apple_estimates_count_what_is_left_to_do() -> None:
    """2 a card in the talon, 1 a card off the foundations, 1 a card on top of a
    card a foundation takes next, 2 a card in a cell (the second estimate: 4, 1,
    1, 0)."""
    pos = complete(
        "big-apple",
        """
        F1: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
        F2: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
        F3: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
        F4: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
        F5: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
        F6: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
        F7: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
        F8: AS 2S 3S 4S 5S 6S 7S 8S 9S
        1: JS TS
        C1: QS
        T: KS
        """,
    )
    # 1 card in the talon, 4 off the foundations, 1 in a cell; TS (wanted) on top
    assert bestfirst.estimate(pos) == 2 * 1 + 4 + 0 + 2
    assert bestfirst.estimate(pos, 1) == 4 * 1 + 4
    pos.play(move(pos, "1-F8"))  # TS to F8: JS is now wanted, nothing lies on it
    assert bestfirst.estimate(pos) == 2 + 3 + 2
    assert bestfirst.variants(get_game("big-apple")) == 2
    assert bestfirst.variants(get_game("gilbert")) == 1
