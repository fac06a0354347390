"""bench/stubborn_gilbert.py: the prototype keeps the verdicts it was measured on,
cuts positions, and leaves the engine as it found it."""

from __future__ import annotations

from benchkit import load

from patience import Position
from patience.games import GILBERT
from patience.solver import engine
from patience.solver.limits import Limit, Verdict
from patience.solver.pruning import stubborn

sg = load("stubborn_gilbert")


def test_lost_deals_stay_lost_with_fewer_positions() -> None:
    # the complete search proves 81 lost after 50 positions and 236 after 85
    for deal, plain in ((81, 50), (236, 85)):
        row = sg.measure(deal, 100_000)
        assert row["plain"][:2] == ("lost", plain)
        assert row["stubborn"][0] == "lost"
        assert row["stubborn"][1] < plain
        assert 0 < row["kept"] < 1


def test_a_winnable_deal_is_still_won_and_its_line_replays() -> None:
    tally = sg.Tally()
    with sg.patched(tally):
        result = engine.single_search(
            Position.deal("gilbert", 5), Limit(nodes=100_000), native=False
        )
    assert result.verdict is Verdict.WINNABLE
    assert tally.positions > 0 and tally.kept < tally.moves
    pos = Position.deal("gilbert", 5)
    for move in result.line:
        pos.play(move)  # play() checks each move
    assert pos.is_won()


def test_the_patch_is_undone() -> None:
    strategy = engine.strategy_of(GILBERT)
    original = stubborn.reduce
    with sg.patched(sg.Tally()):
        assert strategy.stubborn and stubborn.reduce is not original
    assert not strategy.stubborn and stubborn.reduce is original


def test_moves_are_named_by_cards() -> None:
    pos = Position.deal("gilbert", 5)
    view = sg._View(pos)
    for move in pos.legal_moves:
        code = view.code(move)
        if pos.is_stock_move(move):
            assert code == sg.DEAL
        else:
            assert divmod(code, 64)[0] == pos.piles[move.src][-move.n]
