"""bench/stubborn_gilbert.py: the prototype keeps the verdicts it was measured on,
cuts positions, and leaves the engine as it found it; its first construction (one
set, a deal in it keeping every macro) loses a win, the sound one does not."""

from __future__ import annotations

from benchkit import load

from patience import Position
from patience.games import GILBERT
from patience.notation import parse_position
from patience.solver import engine
from patience.solver.limits import Limit, Verdict
from patience.solver.pruning import stubborn

sg = load("stubborn_gilbert")


def test_lost_deals_stay_lost_with_fewer_positions() -> None:
    # the complete search proves 81 lost after 50 positions and 236 after 85
    for deal, plain in ((81, 50), (236, 85)):
        for members in (True, False):
            row = sg.measure(deal, 100_000, members)
            assert row["plain"][:2] == ("lost", plain)
            assert row["stubborn"][0] == "lost"
            assert row["stubborn"][1] < plain
            assert 0 < row["kept"] < 1


# Found by Hypothesis (random small positions, the shortcut against the plain
# search). With the waste empty the deal alone is a stubborn set (it conflicts with
# nothing), so the shortcut keeps only the stock's macros; but no waste card can go
# anywhere until 4D and 3D are on their down foundation, and the table's waste
# sizes make the deal's own position the one already searched.
WITNESS = """Game: gilbert
F1: AC
F2:
F3: AH
F4: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
F5: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C
F6: KD QD JD TD 9D 8D 7D 6D 5D
F7: KH QH JH TH 9H 8H 7H 6H 5H
F8:
1: 4D
2: 3D
3:
4:
5:
6:
7:
S: 2C 3H 2H 2D AD 4H
W:
"""


def test_the_shortcut_loses_a_win_the_sound_sets_keep() -> None:
    pos = parse_position(WITNESS)
    assert engine.single_search(pos, Limit(nodes=1_000), native=False).verdict is Verdict.WINNABLE
    moves = pos.legal_moves
    assert sg.stubborn(pos, list(moves), sg.Tally(), members=False) == [
        m for m in moves if pos.is_stock_move(m)
    ]
    for members, verdict in ((False, Verdict.LOST), (True, Verdict.WINNABLE)):
        with sg.patched(sg.Tally(), members):
            result = engine.single_search(pos, Limit(nodes=1_000), native=False)
        assert result.verdict is verdict


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
