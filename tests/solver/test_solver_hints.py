"""Hints: the first move of a winning line; a known line is reused while it still
fits (no search); leaving it starts a new search; lost and won positions."""

from __future__ import annotations

import pytest
from solverkit import complete, replay_wins

from patience import Position
from patience.solver import Limit, SolverError, Verdict, hint, solve, verify_line

LIMIT = Limit(nodes=50_000)


@pytest.mark.parametrize(("game", "deal"), [("bisley", 1), ("bisley", 11), ("gilbert", 9)])
def test_hint_is_the_first_move_of_a_winning_line(game: str, deal: int) -> None:
    pos = Position.deal(game, deal)
    found = hint(pos, LIMIT)
    assert found.verdict is Verdict.WINNABLE
    assert found.nodes > 0
    assert found.line and found.move == found.line[0]
    assert found.move in pos.legal_moves
    replay_wins(pos, found.line)


@pytest.mark.parametrize(("game", "deal"), [("bisley", 2), ("gilbert", 54)])
def test_following_the_line_costs_no_search(game: str, deal: int) -> None:
    pos = Position.deal(game, deal)
    found = hint(pos, LIMIT)
    line = found.line
    for i in range(min(len(line), 12)):
        again = hint(pos, LIMIT, line=line[i:])
        assert again.nodes == 0
        assert again.verdict is Verdict.WINNABLE
        assert again.move == line[i] and again.line == line[i:]
        pos.play(line[i])


def test_leaving_the_line_starts_a_new_search() -> None:
    pos = Position.deal("bisley", 1)
    found = hint(pos, LIMIT)
    # the player plays some other move, after which the rest of the line no
    # longer wins from where the game is
    for other in pos.legal_moves:
        if other == found.move:
            continue
        probe = pos.copy()
        probe.play(other)
        try:
            verify_line(probe, found.line[1:])
        except SolverError:
            break
    else:  # pragma: no cover - deal 1 has such a move
        pytest.fail("every other first move keeps the old line valid")
    fresh = hint(probe, LIMIT, line=found.line[1:])
    assert fresh.nodes > 0
    assert fresh.verdict is solve(probe, LIMIT).verdict
    if fresh.verdict is Verdict.WINNABLE:
        assert fresh.move == fresh.line[0]
        replay_wins(probe, fresh.line)
    # a line that is not even legal here is not reused either
    stranger = hint(probe, LIMIT, line=hint(Position.deal("bisley", 2), LIMIT).line)
    assert stranger.nodes > 0 and stranger.verdict is fresh.verdict


def test_an_unfinished_line_is_not_reused() -> None:
    """A line that is legal but stops short of the win is searched again."""
    pos = Position.deal("bisley", 2)
    line = hint(pos, LIMIT).line
    again = hint(pos, LIMIT, line=line[:-1])
    assert again.nodes > 0 and again.verdict is Verdict.WINNABLE
    replay_wins(pos, again.line)


@pytest.mark.parametrize(("game", "deal"), [("bisley", 3), ("bisley", 9), ("gilbert", 36)])
def test_lost_position_gives_no_move(game: str, deal: int) -> None:
    found = hint(Position.deal(game, deal), LIMIT)
    assert found.verdict is Verdict.LOST
    assert found.move is None and found.line == ()


def test_lost_hand_made_position_gives_no_move() -> None:
    pos = complete("bisley", "F1: AC\n1: 2C 4C 3C")
    found = hint(pos, LIMIT)
    assert (found.verdict, found.move, found.line) == (Verdict.LOST, None, ())


def test_unknown_when_the_budget_runs_out() -> None:
    found = hint(Position.deal("big-apple", 3), Limit(nodes=30))
    assert found.verdict is Verdict.UNKNOWN
    assert found.move is None and found.line == () and found.nodes == 30


@pytest.mark.parametrize("game", ["bisley", "big-apple", "gilbert"])
def test_won_position_gives_no_move(game: str) -> None:
    pos = complete(game, "")
    assert pos.is_won()
    found = hint(pos, LIMIT)
    assert (found.verdict, found.move, found.line, found.nodes) == (Verdict.WINNABLE, None, (), 0)
    result = solve(pos, LIMIT)
    assert (result.verdict, result.line, result.nodes) == (Verdict.WINNABLE, (), 0)


def test_one_move_from_the_win() -> None:
    pos = complete("gilbert", "F1: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC\nF5:\n1: KC")
    found = hint(pos, LIMIT)
    assert found.verdict is Verdict.WINNABLE and len(found.line) == 1
    pos.play(found.move)
    assert pos.is_won()
