"""The complete search over twin classes (_twins.h, pruning/twins.py): the verdict
of the plain complete search on hand-made positions, on deals, and on random small
positions full of twins; every line it returns replays to a won position."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from solverkit import replay_wins

from patience import Position, get_game, parse_position
from patience.cards import make_card
from patience.notation import format_position
from patience.piles import layout_of
from patience.solver import Limit, Verdict, fast, phases
from patience.solver.pruning import twins

pytestmark = pytest.mark.skipif(
    not fast.available(get_game("gilbert")), reason="the compiled Gilbert engine is not built"
)

BIG = Limit(nodes=2_000_000)

# 5S lies on 6H, 6D is on top of column 2: a flexible pair, on the higher twin
# (6H: hearts come after diamonds), so the search starts with the flip
PAIR = """Game: gilbert
F1: AC 2C 3C 4C 5C 6C
F2: AD 2D 3D 4D 5D
F3: AH 2H 3H 4H 5H
F4: AS 2S 3S 4S
F5: KC QC JC TC 9C 8C
F6: KD QD JD TD 9D 8D 7D
F7: KH QH JH TH 9H 8H 7H
F8: KS QS JS TS 9S 8S 7S
1: 7C 6H 5S
2: 6D
3:
4:
5:
6:
7:
S: 6S
W:
"""


def test_the_canonical_position_has_each_run_on_the_lower_twin() -> None:
    pos = parse_position(PAIR)
    assert twins.pairs(pos) == 1
    canon = twins.canonical(pos)
    assert [list(canon.piles[8]), list(canon.piles[9])] == [
        [make_card(7, 0), make_card(6, 2)],
        [make_card(6, 1), make_card(5, 3)],
    ]
    assert twins.pairs(canon) == 1


def test_a_win_through_the_covered_twin_is_found() -> None:
    # 6H must reach its foundation (N1 in the search: it is covered in the
    # canonical position, where 5S lies on 6D)
    pos = parse_position(PAIR)
    result = fast.search(pos, BIG, twins=True)
    assert result.verdict is Verdict.WINNABLE
    replay_wins(pos, result.line)


# a layout may hold face-up cards out of order (tests/solver/fixtures/gilbert_lost,
# dead-six-beside-free-spades): 6C on 7C is no run, so 7C and 7S are no pair
OUT_OF_ORDER = """Game: gilbert
F1: AC 2C 3C 4C
F2: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
F3: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
F4: AS 2S 3S 4S 5S
F5: KC QC JC TC 9C 8C
F6:
F7:
F8: KS QS JS TS 9S
1: 5C | 7C 6C
2: 6S | 7S
3:
4:
5:
6:
7:
S: 8S
W:
"""


def test_cards_out_of_order_are_no_run() -> None:
    pos = parse_position(OUT_OF_ORDER)
    assert twins.pairs(pos) == 0
    assert fast.search(pos, BIG, twins=True).verdict is Verdict.LOST


@pytest.mark.parametrize(("deal", "plain", "fewer"), [(2, 258_168, 2), (53, 13_787, 1.2)])
def test_lost_deals_take_fewer_classes_than_positions(deal: int, plain: int, fewer: float) -> None:
    pos = Position.deal("gilbert", deal)
    assert fast.search(pos, BIG).nodes == plain
    result = fast.search(pos, BIG, twins=True)
    assert result.verdict is Verdict.LOST
    assert result.nodes * fewer < plain


def test_the_check_by_g_plus_keeps_the_loss() -> None:
    # the proof lane checks each new class's canonical tableau by G+ (tableau_check)
    pos = Position.deal("gilbert", 53)
    checked = fast.search(pos, BIG, twins=True, check=1_000)
    assert checked.verdict is Verdict.LOST


@pytest.mark.parametrize("deal", [6, 15])
def test_won_deals_replay(deal: int) -> None:
    pos = Position.deal("gilbert", deal)
    result = fast.search(pos, BIG, twins=True)
    assert result.verdict is Verdict.WINNABLE
    replay_wins(pos, result.line)


def _builds(below: int, above: int) -> bool:
    return below % 13 == above % 13 + 1 and (below // 13 in (1, 2)) != (above // 13 in (1, 2))


@st.composite
def twin_rich(draw: st.DrawFn) -> Position:
    """A Gilbert position whose cards off the foundations are a few of each suit
    from a narrow band of ranks (so twins are common), in the stock and waste and in
    columns of face-down cards under an ordered run."""
    rules = get_game("gilbert")
    layout = layout_of(rules)
    low = draw(st.integers(2, 7), label="lowest up foundation")
    piles: dict[str, list[int]] = {}
    pool = []
    for suit in range(4):
        up = draw(st.integers(low, low + 2), label="up foundation")
        off = draw(st.integers(2, 4), label="cards off")
        piles[f"F{suit + 1}"] = [make_card(r, suit) for r in range(1, up + 1)]
        piles[f"F{suit + 5}"] = [make_card(r, suit) for r in range(13, up + off, -1)]
        pool += [make_card(r, suit) for r in range(up + 1, up + off + 1)]
    assume(len(pool) >= 5)
    pool = list(draw(st.permutations(pool)))
    in_stock = draw(st.integers(0, min(2, len(pool) - 1)), label="stock and waste")
    cut = draw(st.integers(0, in_stock), label="stock")
    piles["S"], piles["W"] = pool[:cut], pool[cut:in_stock]
    rest = pool[in_stock:]
    hidden: dict[str, int] = {}
    column = 0
    while rest and column < 7:
        column += 1
        label = str(column)
        down = draw(st.integers(0, min(4, len(rest) - 1)), label="face down")
        cards = [rest.pop(0) for _ in range(down + 1)]
        while True:
            fits = [c for c in rest if _builds(cards[-1], c)]
            if not fits or not draw(st.booleans()):
                break
            card = draw(st.sampled_from(fits))
            rest.remove(card)
            cards.append(card)
        piles[label], hidden[label] = cards, down
    piles["S"] = rest + piles["S"]  # what no column took
    return Position(
        rules,
        [piles.get(label, []) for label in layout.labels],
        [hidden.get(label, 0) for label in layout.labels],
    )


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(twin_rich())
def test_the_class_search_keeps_the_plain_verdict(pos: Position) -> None:
    plain = fast.search(pos, Limit(nodes=300_000))
    assume(plain.verdict is not Verdict.UNKNOWN)
    found = fast.search(pos, Limit(nodes=300_000), twins=True)
    assume(found.verdict is not Verdict.UNKNOWN)  # the searches order children apart
    assert found.verdict is plain.verdict, format_position(pos)
    if found.verdict is Verdict.WINNABLE:
        replay_wins(pos, found.line)


def test_the_proof_lane_searches_classes_from_a_second_on() -> None:
    gilbert, big_apple = Position.deal("gilbert", 1), Position.deal("big-apple", 1)
    assert phases._twins(gilbert, Limit(seconds=phases.TWINS_FROM))
    assert phases._twins(gilbert, Limit(nodes=20_000_000, seconds=10))
    assert not phases._twins(gilbert, Limit(nodes=1_000_000, seconds=0.2))
    assert not phases._twins(gilbert, Limit(nodes=1_000_000))  # node budgets repeat exactly
    assert not phases._twins(big_apple, Limit(seconds=10))
