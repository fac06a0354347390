"""bench/twin_pairs_gilbert.py: one class for the positions a twin's run moves
between, the same class only for them, and the engine left as it was found."""

from __future__ import annotations

from benchkit import load

from patience import Position
from patience.cards import parse_card
from patience.games import GILBERT
from patience.notation import parse_position
from patience.solver import engine
from patience.solver.pruning import stock_order

tp = load("twin_pairs_gilbert")

FOUNDATIONS = """F2: AD 2D 3D 4D 5D
F3: AH 2H 3H 4H 5H
F4: AS 2S 3S 4S
F5: KC QC JC TC 9C 8C
F6: KD QD JD TD 9D 8D 7D
F7: KH QH JH TH 9H 8H 7H
F8: KS QS JS TS 9S 8S 7S 6S
"""


def position(col1: str, col2: str, clubs: int = 6) -> Position:
    """Columns 1 and 2 (the others empty) over foundations that hold the other
    cards; the Clubs up to ``clubs`` on F1, the rest of the Clubs up to the Seven
    in the stock."""
    up = " ".join(f"{r}C" for r in "A23456"[:clubs])
    stock = " ".join(f"{r}C" for r in "A23456"[clubs:] if f"{r}C" not in col1 + col2)
    rest = "".join(f"{c}:\n" for c in range(3, 8))
    return parse_position(
        f"Game: gilbert\nF1: {up}\n{FOUNDATIONS}1: {col1}\n2: {col2}\n{rest}S: {stock}\nW:\n"
    )


def class_key(pos: Position) -> bytes:
    return stock_order.key(tp.canonical(pos))


def test_twins_are_the_other_card_of_rank_and_colour() -> None:
    for a, b in (("6D", "6H"), ("5C", "5S"), ("KH", "KD")):
        assert tp.twin(parse_card(a)) == parse_card(b)
        assert tp.twin(parse_card(b)) == parse_card(a)


def test_a_run_on_either_twin_is_one_class() -> None:
    # 5S on 6H with 6D on top elsewhere, and 5S on 6D with 6H on top: one move
    # apart both ways
    on_high, on_low = position("7C 6H 5S", "6D"), position("7C 6H", "6D 5S")
    assert stock_order.key(on_high) != stock_order.key(on_low)
    assert class_key(on_high) == class_key(on_low) == stock_order.key(on_low)
    assert tp.pairs(on_high) == tp.pairs(on_low) == 1


def test_positions_no_move_joins_stay_apart() -> None:
    # both twins covered: 5S and 5C cannot trade places in one move each way
    apart = position("7C 6H 5S", "6D 5C", 4), position("7C 6H 5C", "6D 5S", 4)
    assert tp.pairs(apart[0]) == tp.pairs(apart[1]) == 0
    assert class_key(apart[0]) != class_key(apart[1])


NESTED = """Game: gilbert
F1: AC 2C 3C 4C 5C 6C
F2: AD 2D 3D 4D 5D
F3: AH 2H 3H 4H 5H
F4: AS 2S 3S 4S
F5: KC QC JC TC 9C 8C
F6: KD QD JD TD 9D
F7: KH QH JH TH 9H 8H 7H
F8: KS QS JS TS 9S 8S
1: 8D 7S 6H 5S
2: 7C
3: 6D
4:
5:
6:
7:
S: 6S 7D
W:
"""


def test_a_pair_carried_along_by_another_is_found_again() -> None:
    # 6H 5S goes from 7S onto 7C, taking 6H along; then 5S from 6H onto 6D
    nested = parse_position(NESTED)
    assert tp.pairs(nested) == 2
    rows = tp.canonical(nested).piles
    assert [rows[8], rows[9], rows[10]] == [
        [parse_card(c) for c in cards.split()] for cards in ("8D 7S", "7C 6H", "6D 5S")
    ]


def test_counting_leaves_the_engine_as_it_was() -> None:
    strategy = engine.strategy_of(GILBERT)
    with tp.counting(tp.Tally()):
        assert "children" in vars(strategy)
    assert "children" not in vars(strategy)


def test_a_lost_deal_has_fewer_classes_than_positions() -> None:
    row = tp.measure(236, 100_000)
    assert (row.verdict, row.nodes) == ("lost", 85)
    assert 0 < row.classes < row.keys <= row.nodes + 1


def test_every_member_of_a_class_is_listed_once() -> None:
    nested = tp.canonical(parse_position(NESTED))
    found = tp.members(nested)
    assert len(found) == 4 and found[0] is nested
    assert len({stock_order.key(m) for m in found}) == 4
    assert {stock_order.key(tp.canonical(m)) for m in found} == {stock_order.key(nested)}


def test_the_search_over_classes_keeps_the_verdicts() -> None:
    # the complete search: 236 and 81 lost after 85 and 50 positions, 6 won
    for deal, verdict in ((236, "lost"), (81, "lost"), (6, "winnable")):
        found, classes = tp.class_search(Position.deal("gilbert", deal), 10_000)
        assert found == verdict
        assert 0 < classes < 10_000


def test_the_compiled_searches_prove_a_loss_with_fewer_classes() -> None:
    line = tp.compiled(53, tp.Limit(nodes=100_000))
    assert "plain lost 13,787" in line
    assert "classes lost 7,645" in line
