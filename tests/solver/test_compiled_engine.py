"""The compiled searches (solver/_bisley.c, solver/_gilbert.c) must agree with the
Python engine exactly: same verdict, same node count, same table size, same
winning line."""

from __future__ import annotations

import os
import random

import pytest

from patience import Position, get_game
from patience.position import Move
from patience.solver import Limit, Verdict, fast, nrpa, solve

# scripts/test sets PATIENCE_REQUIRE_NATIVE=1: there the engine must be built
REQUIRED = os.environ.get("PATIENCE_REQUIRE_NATIVE") == "1"
pytestmark = pytest.mark.skipif(
    not REQUIRED and not fast.available(get_game("bisley")),
    reason="compiled engine not built (no C compiler)",
)


def test_compiled_engine_is_built() -> None:
    for game in ("bisley", "gilbert", "big-apple"):
        assert fast.available(get_game(game)), game


LIMIT = Limit(nodes=30_000)


def _same(pos: Position, limit: Limit = LIMIT) -> Verdict:
    native = solve(pos, limit, native=True)
    python = solve(pos, limit, native=False)
    assert (native.verdict, native.nodes, native.peak_table, native.line) == (
        python.verdict,
        python.nodes,
        python.peak_table,
        python.line,
    )
    return native.verdict


def test_deals_agree_with_python_engine() -> None:
    verdicts = [_same(Position.deal("bisley", n)) for n in range(1, 41)]
    assert Verdict.WINNABLE in verdicts and Verdict.LOST in verdicts


def test_mid_game_positions_agree_with_python_engine() -> None:
    rng = random.Random(7)
    for number in range(100, 130):
        pos = Position.deal("bisley", number)
        for _ in range(rng.randrange(1, 25)):
            moves = list(pos.legal_moves)
            if not moves:
                break
            pos.push(rng.choice(moves))
        _same(pos)


def test_node_limit_is_exact() -> None:
    result = solve(Position.deal("bisley", 365), Limit(nodes=5000))
    assert result.verdict is Verdict.UNKNOWN and result.nodes == 5000


def test_each_engine_handles_its_own_game_only() -> None:
    games = [get_game(g) for g in ("bisley", "gilbert", "big-apple")]
    assert [fast.bisley_like(r) for r in games] == [True, False, False]
    assert [fast.gilbert_like(r) for r in games] == [False, True, False]
    assert [fast.big_apple_like(r) for r in games] == [False, False, True]


GILBERT_LIMIT = Limit(nodes=4_000)


@pytest.fixture
def without_nrpa(monkeypatch: pytest.MonkeyPatch) -> None:
    """Gilbert's NRPA phase is compiled only (solver/nrpa.py): the Python engine
    gives its share to the phases after it. Without it both run the same phases."""
    monkeypatch.setattr(nrpa, "applies", lambda rules: False)


@pytest.mark.usefixtures("without_nrpa")
def test_gilbert_deals_agree_with_python_engine() -> None:
    """Both phases (streamlined, then complete: see streamline.py) agree."""
    verdicts = [_same(Position.deal("gilbert", n), GILBERT_LIMIT) for n in range(1, 13)]
    verdicts += [_same(Position.deal("gilbert", n), GILBERT_LIMIT) for n in (36, 81, 564)]
    assert {Verdict.WINNABLE, Verdict.LOST, Verdict.UNKNOWN} <= set(verdicts)


@pytest.mark.usefixtures("without_nrpa")
def test_gilbert_mid_game_positions_agree_with_python_engine() -> None:
    """Positions after random moves: cards on the foundations (played back too),
    columns emptied, the stock dealt part way."""
    rng = random.Random(11)
    for number in range(200, 215):
        pos = Position.deal("gilbert", number)
        for _ in range(rng.randrange(1, 60)):
            moves = list(pos.legal_moves)
            if not moves:
                break
            # prefer moves that change the tableau or foundations
            plain = [m for m in moves if not pos.is_stock_move(m)]
            pos.push(rng.choice(plain if plain and rng.random() < 0.7 else moves))
        _same(pos, GILBERT_LIMIT)


BIG_APPLE_LIMIT = Limit(nodes=5_000)


def test_big_apple_deals_agree_with_python_engine() -> None:
    deals = [1, 2, 3, 4, 5, 6, 35, 65, 270, 677, 681]
    verdicts = [_same(Position.deal("big-apple", n), BIG_APPLE_LIMIT) for n in deals]
    assert {Verdict.WINNABLE, Verdict.LOST, Verdict.UNKNOWN} <= set(verdicts)


def test_big_apple_mid_game_positions_agree_with_python_engine() -> None:
    """Positions after random moves: cards in the cells, on the foundations (played
    back too), piles emptied and refilled from the talon."""
    rng = random.Random(5)
    for number in range(300, 312):
        pos = Position.deal("big-apple", number)
        for _ in range(rng.randrange(1, 80)):
            moves = list(pos.legal_moves)
            if not moves:
                break
            pos.push(rng.choice(moves))
        _same(pos, BIG_APPLE_LIMIT)


def test_big_apple_lines_are_shortened_as_in_python() -> None:
    # Deal 374: the complete search wins it with a line of 90,548 moves, which
    # lines.shorten cuts to 14,961; the compiled search does the same to a won
    # line too long to replay before its deadline.
    from patience.solver import engine, lines

    pos = Position.deal("big-apple", 374)
    line = engine.single_search(pos, Limit(nodes=300_000)).line
    short = fast.shorten_big_apple(pos, line)
    assert short == lines.shorten(pos, line)
    assert len(short) < len(line) // 5
    engine.verify_line(pos, short)
    # a line that is already short stays as it is
    assert fast.shorten_big_apple(pos, short) == short
    # under a deadline (one far off: the nodes bound the work) the search itself
    # shortens a won line of more than 10,000 moves before it is replayed
    timed = engine.single_search(pos, Limit(nodes=300_000, seconds=120.0))
    assert timed.verdict is Verdict.WINNABLE and timed.line == short


def test_big_apple_shortening_refuses_an_illegal_line() -> None:
    pos = Position.deal("big-apple", 374)
    with pytest.raises(ValueError, match="move 0 is not legal"):
        fast.shorten_big_apple(pos, (Move(19, 0, 1),))  # the talon's top is no Ace
