"""Gilbert's stock order rule (solver/pruning/stock_order.py): positions that differ
only by how far the stock has been dealt share a key when stock moves take each to
the other, and a position that stock moves reach from a known one is not searched.

Checked by hand on a small stock, and against the plain search (no pruning) and the
compiled engine on random positions with a longer stock than the other Gilbert
tests use (so that waste sizes outside the cycle, 1, 2, 4, 5, 7, ..., occur).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solverkit import complete, gilbert_small, gilbert_stock_cycle
from test_solver_pruning import SETTINGS, compare, engines_agree

from patience import Move, Position
from patience.solver import Limit, Verdict, solve
from patience.solver.engine import strategy_of
from patience.solver.pruning import stock_order

# seven cards in the stock: the cycle of waste sizes is 0, 3, 6, 7
SMALL_STOCK = """
F1: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
F2: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
F3: AH 2H 3H 4H 5H 6H 7H 8H 9H TH
F4: AS 2S 3S 4S 5S 6S
1: KH QH
2: JH
S: KS QS JS TS 9S 8S 7S
"""


def deal(pos: Position) -> None:
    """One stock move (a deal of up to three, or the redeal)."""
    layout = pos.layout
    stock, waste = pos.piles[layout.stock], pos.piles[layout.waste]
    if stock:
        pos.push(Move(layout.stock, layout.waste, min(3, len(stock))))
    else:
        pos.push(Move(layout.waste, layout.stock, len(waste)))


def test_the_cycle() -> None:
    assert [x for x in range(8) if stock_order.in_cycle(x, 7, 3)] == [0, 3, 6, 7]
    assert [x for x in range(7) if stock_order.in_cycle(x, 6, 3)] == [0, 3, 6]
    assert stock_order.in_cycle(0, 0, 3)


def test_waste_sizes_in_the_cycle_share_a_key() -> None:
    pos = complete("gilbert", SMALL_STOCK)
    key = strategy_of(pos.rules).key
    first = key(pos)
    sizes = []
    for _ in range(5):  # 3, 6, 7, redeal: 0, 3
        deal(pos)
        sizes.append(len(pos.piles[pos.layout.waste]))
        assert key(pos) == first
    assert sizes == [3, 6, 7, 0, 3]
    # a different stock order is another position
    other = complete("gilbert", SMALL_STOCK.replace("KS QS", "QS KS"))
    assert key(other) != first


# six cards in the stock and waste, one of them on the waste: size 1 is outside the
# cycle (0, 3, 6); dealing reaches 4 (outside), then 6 (inside)
OFF_CYCLE = """
S: 7S 8S 9S TS JS
W: 6S
"""


def test_a_position_reached_by_dealing_from_a_known_one_is_dominated() -> None:
    strategy = strategy_of(complete("gilbert", OFF_CYCLE).rules)
    one = complete("gilbert", OFF_CYCLE)
    four = one.copy()
    deal(four)
    six = four.copy()
    deal(six)
    sizes = [len(p.piles[p.layout.waste]) for p in (one, four, six)]
    assert sizes == [1, 4, 6]
    keys = [strategy.key(p) for p in (one, four, six)]
    assert len(set(keys)) == 3
    assert strategy.dominated(four, keys[1], {keys[0]})
    assert strategy.dominated(six, keys[2], {keys[0]})
    assert strategy.dominated(six, keys[2], {keys[1]})
    # but not the other way: dealing never brings the waste back to one card
    assert not strategy.dominated(one, keys[0], {keys[1], keys[2]})
    assert not strategy.dominated(four, keys[1], {keys[2]})
    # a redeal from six cards gives the cycle's key, never an off-cycle one
    zero = six.copy()
    deal(zero)
    assert strategy.key(zero) == keys[2]
    assert strategy.dominated(zero, keys[2], {keys[0]})


def test_the_position_itself_is_searched() -> None:
    """The off-cycle position is won by playing 6S at once (the foundations take it
    next); the rule leaves the search its line."""
    pos = complete("gilbert", OFF_CYCLE)
    result = solve(pos, Limit(nodes=1_000))
    assert result.verdict is Verdict.WINNABLE


# the first suit (spades) is stuck: its 8 covers its 2 and its Queen
STUCK = """
F4: AS
F8: KS
F2: AD
F6: KD QD JD TD 9D 8D
1: QS 2S 8S
2: 2D
S: 3D 4S 5D 3S 9S 6D TS 4D 5S JS 7S 6S 7D
"""


def test_a_lost_position_where_the_rule_prunes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Diamonds and spades are played from the stock in many orders: the rule
    prunes, and the verdict is the plain search's."""
    pos = complete("gilbert", STUCK)
    fired = []
    rule = stock_order.dominated

    def counting(p: Position, own: bytes, seen: set[bytes]) -> bool:
        found = rule(p, own, seen)
        fired.append(found)
        return found

    monkeypatch.setattr(stock_order, "dominated", counting)
    pruned = solve(pos, Limit(nodes=50_000), native=False)
    assert pruned.verdict is Verdict.LOST
    assert any(fired)
    monkeypatch.undo()
    native = solve(pos, Limit(nodes=50_000))
    assert (native.verdict, native.nodes) == (pruned.verdict, pruned.nodes)
    plain = solve(pos, Limit(nodes=200_000), prune=False)
    assert plain.verdict is Verdict.LOST
    assert pruned.nodes < plain.nodes


POSITIONS = st.one_of(
    gilbert_stock_cycle(),
    gilbert_small(max_stock=9),
    gilbert_small(low=8, high=13, max_suits=3, max_columns=3, max_stock=12, min_stock=7),
)


@settings(SETTINGS, max_examples=60)
@given(POSITIONS)
def test_stock_order_keeps_the_verdict(pos: Position) -> None:
    """Longer stocks than the other Gilbert tests, and positions where the stock
    goes round many times (``gilbert_stock_cycle``: the rule prunes in about a
    third of them): the pruned search (with the stock order rule) and the plain
    search agree."""
    compare(pos, 20_000)


@settings(SETTINGS, max_examples=60)
@given(POSITIONS)
def test_stock_order_in_both_engines(pos: Position) -> None:
    """The compiled engine applies the rule exactly as the Python engine does."""
    engines_agree(pos, 5_000)
