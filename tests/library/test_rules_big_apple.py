"""Big Apple, one test per bullet of RULES.md, on small crafted positions.

Unnamed cards are completed onto the foundations and the rest parked at the base of
the talon (see ``conftest.py``); "stuck" is in ``test_play.py``.
"""

from __future__ import annotations

from collections import Counter

from patience import Position, deal_move
from patience.rules import Kind

FOUNDATIONS = tuple(f"F{i}" for i in range(1, 9))
CELLS = ("C1", "C2", "C3")
TABLEAU = tuple(str(i) for i in range(1, 9))


def foundation_with_top(kit, pos, card):
    """The label of the foundation whose top card is ``card``."""
    found = [f for f in FOUNDATIONS if kit.cards(pos, f)[-1:] == [card]]
    assert found, f"no foundation has {card} on top"
    return found[0]


def test_layout_eight_foundations_three_cells_eight_piles_and_a_talon(kit):
    """Layout: 8 foundations, all empty; 3 cells, empty; 8 tableau piles of one
    face-up card each; the other 96 cards form the talon, whose top card is face
    up. No waste pile."""
    for number in range(1, 21):
        pos = Position.deal("big-apple", number)
        assert pos.layout.labels == (*FOUNDATIONS, *CELLS, *TABLEAU, "T")
        assert Kind.WASTE not in pos.layout.kinds and Kind.STOCK not in pos.layout.kinds
        assert all(kit.cards(pos, f) == [] for f in (*FOUNDATIONS, *CELLS))
        assert [len(kit.cards(pos, t)) for t in TABLEAU] == [1] * 8
        assert len(kit.cards(pos, "T")) == 96
        assert pos.hidden_count() == 0
        counts = Counter(c for pile in pos.piles for c in pile)
        assert set(counts) == set(range(52)) and set(counts.values()) == {2}
        # only the talon's top card is in play
        talon = pos.layout.by_label["T"]
        assert all(m.n == 1 for m in pos.legal_moves if m.src == talon)


def test_any_ace_starts_an_empty_foundation(kit):
    """Foundations: any Ace starts an empty foundation."""
    pos = kit.pos("big-apple", "1: AH\n2: AS\n3: 2C")
    assert kit.cards(pos, "F7") == [] and kit.cards(pos, "F8") == []
    assert kit.cards(pos, "F2") == ["AC"]
    for ace in ("1", "2"):
        for target in ("F7", "F8"):
            assert kit.legal(pos, f"{ace}-{target}")
    assert not kit.legal(pos, "3-F7")  # a Two does not start a foundation
    assert not kit.legal(pos, "T-F7")  # nor does the talon's King
    assert not kit.legal(pos, "1-F2")  # an Ace does not go on an Ace
    pos.play(kit.mv(pos, "1-F8"))
    assert kit.legal(pos, "2-F7")  # the next Ace starts another one, any suit


def test_foundation_builds_up_in_suit_to_the_king(kit):
    """Foundations: ... then build up in suit to the King (13 cards at most)."""
    pos = kit.pos(
        "big-apple",
        """
        F1: AD 2D 3D
        F2: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
        1: 4D
        2: 5D
        3: 4H
        4: AH
        """,
    )
    assert kit.cards(pos, "F8") == []
    assert kit.legal(pos, "1-F1")  # 4D on 3D
    assert not kit.legal(pos, "2-F1")  # 5D on 3D: rank gap
    assert not kit.legal(pos, "3-F1")  # 4H on 3D: other suit
    assert not kit.legal(pos, "4-F2")  # nothing on a King: no wrap to the Ace
    assert kit.legal(pos, "4-F8")
    f2 = pos.layout.by_label["F2"]
    assert not [m for m in pos.legal_moves if m.dst == f2]
    pos.play(kit.mv(pos, "1-F1"))
    assert kit.legal(pos, "2-F1")


def test_foundation_top_card_may_be_played_back_onto_a_tableau_pile(kit):
    """Foundations: The top card of a foundation may be played back onto a tableau
    pile that accepts it."""
    pos = kit.pos(
        "big-apple",
        """
        F1: AC 2C 3C 4C 5C 6C 7C
        1: 8H
        2: 8C
        3: 9H
        4: 6D
        """,
    )
    f1 = pos.layout.by_label["F1"]
    assert {kit.label(pos, m.dst) for m in pos.legal_moves if m.src == f1} == {"1", "2"}
    assert not kit.legal(pos, "F1-3")  # 7C on 9H: rank gap
    assert not kit.legal(pos, "F1-4")  # 7C on 6D: up, not down
    assert not kit.legal(pos, "F1-5")  # an empty pile: only from talon or cell
    assert not kit.legal(pos, "F1-C1")  # not into a cell
    pos.play(kit.mv(pos, "F1-1"))
    assert kit.cards(pos, "1") == ["8H", "7C"] and kit.cards(pos, "F1")[-1] == "6C"
    assert kit.legal(pos, "1-F1")  # and it may go up again


def test_cell_holds_one_card_from_a_tableau_top_or_the_talon_top(kit):
    """Cells: each holds one card. Any available card — a tableau pile's top card or
    the talon's top card — may go into an empty cell."""
    pos = kit.pos(
        "big-apple",
        """
        C1: 5C
        1: 9S 8S
        T: 5H
        """,
    )
    assert kit.legal(pos, "1-C2") and kit.legal(pos, "1-C3")
    assert kit.legal(pos, "T-C2") and kit.legal(pos, "T-C3")
    assert not kit.legal(pos, "1-C1")  # the cell is taken
    assert not kit.legal(pos, "T-C1")
    assert not kit.legal(pos, "1-C2x2")  # one card, not a run
    assert not kit.legal(pos, "C1-C2")  # a cell card is not a tableau or talon top
    top = kit.cards(pos, "F1")[-1]
    assert top == "KC"
    assert not kit.legal(pos, "F1-C2")  # nor is a foundation card
    cells = {pos.layout.by_label[c] for c in CELLS}
    assert all(m.n == 1 for m in pos.legal_moves if m.dst in cells)
    pos.play(kit.mv(pos, "1-C2"))
    assert kit.cards(pos, "C2") == ["8S"]
    assert not kit.legal(pos, "T-C2")  # one card per cell
    assert not kit.legal(pos, "1-C2")
    assert kit.legal(pos, "T-C3")


def test_cell_card_goes_to_foundation_onto_a_pile_or_into_an_empty_pile(kit):
    """Cells: A cell's card may go to a foundation, onto a tableau pile that accepts
    it, or into an empty tableau pile."""
    pos = kit.pos(
        "big-apple",
        """
        C1: 7H
        1: 8C
        2: 9C
        T: KD
        """,
    )
    f_6h = foundation_with_top(kit, pos, "6H")
    assert kit.legal(pos, f"C1-{f_6h}")
    assert kit.legal(pos, "C1-1")  # 7H on 8C
    assert not kit.legal(pos, "C1-2")  # 7H on 9C: rank gap
    for empty in ("3", "4", "5", "6", "7", "8"):
        assert kit.legal(pos, f"C1-{empty}")
    assert not kit.legal(pos, "C1-C2")
    assert not kit.legal(pos, "C1-T")


def test_tableau_builds_down_by_one_regardless_of_suit(kit):
    """Tableau: build down by one regardless of suit (any 7 on any 8)."""
    pos = kit.pos(
        "big-apple",
        """
        1: 7H
        2: 8C
        3: 8H
        4: 8D
        5: 9C
        6: 6C
        7: 7S
        8: 8S
        T: KD
        """,
    )
    for target in ("2", "3", "4", "8"):
        assert kit.legal(pos, f"1-{target}")  # 7H on any 8
    assert not kit.legal(pos, "1-5")  # on a 9: rank gap
    assert not kit.legal(pos, "1-6")  # on a 6: up
    assert not kit.legal(pos, "1-7")  # on a 7: same rank
    assert kit.legal(pos, "6-1")  # 6C on 7H
    assert kit.legal(pos, "7-2")  # 7S on 8C


def test_tableau_top_card_goes_to_foundation_cell_or_another_pile(kit):
    """Tableau: A pile's top card may go to a foundation, into an empty cell, or onto
    another tableau pile."""
    pos = kit.pos("big-apple", "1: 8S 7H\n2: 8C\nT: KD")
    f_6h = foundation_with_top(kit, pos, "6H")
    assert kit.legal(pos, f"1-{f_6h}")
    assert kit.legal(pos, "1-C1")
    assert kit.legal(pos, "1-2")
    assert not kit.legal(pos, "1-T")  # never onto the talon
    assert not kit.legal(pos, "1-C1x2")


def test_descending_run_moves_as_a_group_only_if_all_one_suit(kit):
    """Tableau: A descending run moves as a group only if all its cards are of one
    suit."""
    pos = kit.pos(
        "big-apple",
        """
        1: 9S 8S 7S
        2: TH
        3: 9D
        4: 8C
        5: 9S 8H 7S
        6: 9H 8D 7D
        T: KD
        """,
    )
    # a one-suit run: any top part of it moves
    assert kit.legal(pos, "1-2x3")  # 9S 8S 7S on TH
    assert kit.legal(pos, "1-3x2")  # 8S 7S on 9D
    assert kit.legal(pos, "1-4")  # 7S on 8C
    assert not kit.legal(pos, "1-2x2")  # 8S on TH: rank gap
    assert not kit.legal(pos, "1-3x3")
    # a mixed run: only its one-suit top part
    assert kit.legal(pos, "5-4")  # 7S alone
    assert not kit.legal(pos, "5-3x2")  # 8H 7S: two suits
    assert not kit.legal(pos, "5-2x3")  # 9S 8H 7S: two suits
    assert kit.legal(pos, "6-3x2")  # 8D 7D on 9D
    assert not kit.legal(pos, "6-2x3")  # 9H 8D 7D: two suits
    # a run never goes into an empty pile (only talon or cell cards do)
    assert not kit.legal(pos, "1-7x3") and not kit.legal(pos, "1-7x2")
    pos.play(kit.mv(pos, "1-2x3"))
    assert kit.cards(pos, "2") == ["TH", "9S", "8S", "7S"]
    assert kit.cards(pos, "1") == []


def test_empty_tableau_pile_filled_only_from_talon_or_cell(kit):
    """An empty tableau pile may be filled only from the talon or from a cell, never
    from another tableau pile (nor a foundation)."""
    pos = kit.pos(
        "big-apple",
        """
        C1: 5D
        2: 8S 7S
        3: KC
        4: QD
        5: 4H
        6: 9C
        7: 9D
        8: JS
        T: 9H
        """,
    )
    assert kit.cards(pos, "1") == []
    assert kit.legal(pos, "T-1")
    assert kit.legal(pos, "C1-1")
    assert not kit.legal(pos, "2-1")
    assert not kit.legal(pos, "2-1x2")
    assert not kit.legal(pos, "3-1")  # not even a King
    tops = [f for f in FOUNDATIONS if kit.cards(pos, f)]
    assert tops
    for f in tops:
        assert not kit.legal(pos, f"{f}-1")
    empty = pos.layout.by_label["1"]
    sources = {pos.layout.kinds[m.src] for m in pos.legal_moves if m.dst == empty}
    assert sources == {Kind.TALON, Kind.CELL}
    # a pile emptied during play follows the same rule
    pos.play(kit.mv(pos, "5-C2"))  # 4H into a cell empties pile 5
    assert not kit.legal(pos, "2-5") and not kit.legal(pos, "3-5")
    assert kit.legal(pos, "C2-5") and kit.legal(pos, "T-5")


def test_talon_top_goes_onto_a_pile_an_empty_pile_a_cell_or_a_foundation(kit):
    """Talon: its top card may go onto a tableau pile, into an empty tableau pile,
    into an empty cell, or to a foundation."""
    pos = kit.pos("big-apple", "1: 7C\n2: 8C\nT: 6H")
    f_5h = foundation_with_top(kit, pos, "5H")
    assert kit.legal(pos, "T-1")  # 6H on 7C
    assert kit.legal(pos, "T-3")  # an empty pile
    assert kit.legal(pos, "T-C1")
    assert kit.legal(pos, f"T-{f_5h}")
    assert not kit.legal(pos, "T-2")  # 6H on 8C: rank gap
    talon = pos.layout.by_label["T"]
    assert {m.n for m in pos.legal_moves if m.src == talon} == {1}


def test_talon_one_pass_only_no_redeal(kit):
    """Talon: One pass only, no redeal."""
    pos = kit.pos("big-apple", "T:\n1: 9H", park="2")
    talon = pos.layout.by_label["T"]
    assert kit.cards(pos, "T") == []
    assert not [m for m in pos.legal_moves if talon in (m.src, m.dst)]
    assert deal_move(pos) is None
    # in play, no move ever puts a card back on the talon
    for number in range(1, 6):
        deal = Position.deal("big-apple", number)
        size = len(deal.piles[talon])
        for step in range(300):
            moves = list(deal.legal_moves)
            assert not [m for m in moves if m.dst == talon]
            if not moves:
                break
            talon_moves = [m for m in moves if m.src == talon]
            deal.push(talon_moves[0] if talon_moves and step % 2 else moves[step % len(moves)])
            assert len(deal.piles[talon]) <= size
            size = len(deal.piles[talon])
        assert deal_move(deal) is None


def test_talon_next_card_shows_only_when_the_top_is_placed(kit):
    """Talon: ... the next card shows only when the current one has been placed."""
    pos = kit.pos("big-apple", "T: 4H 9C")
    f_3h = foundation_with_top(kit, pos, "3H")
    f_8c = foundation_with_top(kit, pos, "8C")
    talon = pos.layout.by_label["T"]
    assert not kit.legal(pos, f"T-{f_3h}")  # 4H is under the 9C
    assert all(m.n == 1 for m in pos.legal_moves if m.src == talon)
    pos.play(kit.mv(pos, f"T-{f_8c}"))
    assert kit.cards(pos, "T")[-1] == "4H"
    assert kit.legal(pos, f"T-{f_3h}")
    pos.pop()
    assert kit.cards(pos, "T")[-2:] == ["4H", "9C"]
    assert not kit.legal(pos, f"T-{f_3h}")


def test_won_when_all_104_cards_are_on_the_foundations(kit):
    """Won when all 104 cards are on the foundations."""
    pos = kit.pos("big-apple", "")
    assert all(len(kit.cards(pos, f)) == 13 for f in FOUNDATIONS)
    assert pos.is_won()
    pos = kit.pos("big-apple", "1: KC")
    assert not pos.is_won()  # 103 cards up
    f_qc = foundation_with_top(kit, pos, "QC")
    pos.play(kit.mv(pos, f"1-{f_qc}"))
    assert pos.is_won()
    pos = kit.pos("big-apple", "C1: KS")
    assert not pos.is_won()
