"""Gilbert, one test per bullet of RULES.md, on small crafted positions.

Unnamed cards are completed onto the foundations (up from the Aces first, then down
from the Kings) and the rest parked at the base of the stock (see ``conftest.py``);
"stuck" is in ``test_play.py``.
"""

from __future__ import annotations

from collections import Counter

from patience import Position, deal_move, parse_move
from patience.rules import Kind

UP = ("F1", "F2", "F3", "F4")  # clubs, diamonds, hearts, spades
DOWN = ("F5", "F6", "F7", "F8")
TABLEAU = tuple(str(i) for i in range(1, 8))


def test_one_deck_and_at_most_thirteen_cards_per_foundation(kit):
    """One deck (seed 004 says so; its line "each pile ends with thirteen cards"
    cannot hold with one deck and is read as "at most thirteen")."""
    for number in range(1, 21):
        pos = Position.deal("gilbert", number)
        counts = Counter(c for pile in pos.piles for c in pile)
        assert set(counts) == set(range(52)) and set(counts.values()) == {1}
    # a full up foundation takes nothing more; a suit split between its two
    # foundations leaves both short of thirteen, and the game is still won
    pos = kit.pos("gilbert", "F5:\n1: KC")
    assert kit.cards(pos, "F1")[-1] == "QC"
    pos.play(kit.mv(pos, "1-F1"))
    assert len(kit.cards(pos, "F1")) == 13 and pos.is_won()
    pos = kit.pos("gilbert", "1: 7C")
    pos.play(kit.mv(pos, "1-F1"))
    assert (len(kit.cards(pos, "F1")), len(kit.cards(pos, "F5"))) == (7, 6)
    assert pos.is_won()


def test_layout_klondike_style_columns_and_a_stock_of_24(kit):
    """Layout: 7 tableau columns dealt Klondike-style with 1, 2, ..., 7 cards; only
    the top card of each is face up. The other 24 cards form the stock. Waste
    empty."""
    for number in range(1, 21):
        pos = Position.deal("gilbert", number)
        assert pos.layout.labels == (*UP, *DOWN, *TABLEAU, "S", "W")
        assert Kind.CELL not in pos.layout.kinds and Kind.TALON not in pos.layout.kinds
        assert [len(kit.cards(pos, t)) for t in TABLEAU] == [1, 2, 3, 4, 5, 6, 7]
        assert [kit.hidden(pos, t) for t in TABLEAU] == [0, 1, 2, 3, 4, 5, 6]
        assert len(kit.cards(pos, "S")) == 24
        assert kit.cards(pos, "W") == []
        assert all(kit.cards(pos, f) == [] for f in (*UP, *DOWN))
        # only face-up cards move: one per column, the top
        tableau = {pos.layout.by_label[t] for t in TABLEAU}
        assert all(m.n == 1 for m in pos.legal_moves if m.src in tableau)


def test_up_foundations_start_with_an_ace_and_build_up_in_suit(kit):
    """Foundations: 4 up (each starts with an Ace, builds up in suit)."""
    pos = kit.pos(
        "gilbert",
        """
        1: AC
        2: 2C
        3: 3D
        4: 2H
        """,
    )
    assert kit.cards(pos, "F1") == []
    assert kit.cards(pos, "F2") == ["AD", "2D"]
    assert kit.cards(pos, "F3") == ["AH"]
    assert kit.legal(pos, "1-F1")
    assert not kit.legal(pos, "1-F2")  # the diamonds foundation
    assert not kit.legal(pos, "2-F1")  # a Two does not start one
    assert kit.legal(pos, "3-F2")  # 3D on 2D
    assert kit.legal(pos, "4-F3")  # 2H on AH
    assert not kit.legal(pos, "3-F3")  # 3D on AH
    assert not kit.legal(pos, "2-F3")  # 2C on AH: other suit
    pos.play(kit.mv(pos, "1-F1"))
    assert kit.legal(pos, "2-F1")
    assert not kit.legal(pos, "3-F1")


def test_down_foundations_start_with_a_king_and_build_down_in_suit(kit):
    """Foundations: ... and 4 down (each starts with a King, builds down in suit)."""
    pos = kit.pos(
        "gilbert",
        """
        1: KH
        2: QH
        3: JH
        """,
    )
    assert kit.cards(pos, "F7") == [] and kit.cards(pos, "F3")[-1] == "TH"
    assert kit.legal(pos, "1-F7")
    assert not kit.legal(pos, "1-F8")  # the spades down foundation
    assert not kit.legal(pos, "2-F7")  # a Queen does not start one
    assert not kit.legal(pos, "1-F3")  # nor does a King go up onto the Ten
    pos.play(kit.mv(pos, "1-F7"))
    assert kit.legal(pos, "2-F7")  # QH on KH
    assert not kit.legal(pos, "3-F7")  # JH on KH: rank gap
    pos.play(kit.mv(pos, "2-F7"))
    assert kit.legal(pos, "3-F7")
    assert kit.legal(pos, "3-F3")


def test_card_fitting_both_foundations_of_its_suit_may_go_to_either(kit):
    """A card that fits both foundations of its suit may go to either."""
    pos = kit.pos("gilbert", "1: 7S")
    assert kit.cards(pos, "F4")[-1] == "6S" and kit.cards(pos, "F8")[-1] == "8S"
    for target in ("F4", "F8"):
        assert kit.legal(pos, f"1-{target}")
        pos.play(kit.mv(pos, f"1-{target}"))
        assert pos.is_won()
        pos.pop()


def test_foundation_top_card_may_be_played_back_onto_the_tableau(kit):
    """The top card of any foundation may be played back onto a tableau column that
    accepts it."""
    pos = kit.pos(
        "gilbert",
        """
        1: 6H
        2: 6D
        3: 6S
        4: 7H
        5: 6C
        6: 8D
        7: 7D
        """,
    )
    assert kit.cards(pos, "F1")[-1] == "5C" and kit.cards(pos, "F5")[-1] == "7C"
    assert kit.legal(pos, "F1-1")  # 5C on 6H (up foundation)
    assert kit.legal(pos, "F1-2")  # 5C on 6D
    assert not kit.legal(pos, "F1-3")  # 5C on 6S: same colour
    assert not kit.legal(pos, "F1-4")  # 5C on 7H: rank gap
    assert not kit.legal(pos, "F1-5")
    assert kit.legal(pos, "F5-6")  # 7C on 8D (down foundation)
    assert not kit.legal(pos, "F5-1")
    assert not kit.legal(pos, "F1-F5")  # not from foundation to foundation
    pos.play(kit.mv(pos, "F5-6"))
    assert kit.cards(pos, "6") == ["8D", "7C"] and kit.cards(pos, "F5")[-1] == "8C"


def test_tableau_builds_down_by_one_in_alternating_colours(kit):
    """Tableau: build down by one in alternating colours."""
    pos = kit.pos(
        "gilbert",
        """
        1: 6H
        2: 7C
        3: 7S
        4: 7D
        5: 8C
        6: 5C
        7: 6C
        """,
    )
    assert kit.legal(pos, "1-2")  # 6H on 7C
    assert kit.legal(pos, "1-3")  # 6H on 7S
    assert not kit.legal(pos, "1-4")  # 6H on 7D: same colour
    assert not kit.legal(pos, "1-5")  # 6H on 8C: rank gap
    assert not kit.legal(pos, "1-6")  # 6H on 5C: up
    assert not kit.legal(pos, "1-7")  # 6H on 6C: same rank
    assert kit.legal(pos, "6-1")  # 5C on 6H
    assert kit.legal(pos, "7-4")  # 6C on 7D
    assert not kit.legal(pos, "7-2")  # 6C on 7C: same colour


def test_face_down_card_turns_face_up_as_soon_as_it_is_the_top(kit):
    """Tableau: A face-down card that becomes the top card is turned face up at
    once."""
    pos = kit.pos("gilbert", "1: 4C 9D | 5H\n2: 6S")
    assert kit.hidden(pos, "1") == 2
    col1 = pos.layout.by_label["1"]
    assert {kit.label(pos, m.dst) for m in pos.legal_moves if m.src == col1} == {"2", "F3", "F7"}
    assert not kit.legal(pos, "1-F2")  # the face-down 9D cannot move
    pos.play(kit.mv(pos, "1-2"))
    assert kit.hidden(pos, "1") == 1
    assert kit.cards(pos, "1")[-1] == "9D"
    assert kit.legal(pos, "1-F2") and kit.legal(pos, "1-F6")  # 9D is in play now
    pos.play(kit.mv(pos, "1-F2"))
    assert kit.hidden(pos, "1") == 0 and kit.cards(pos, "1") == ["4C"]
    # undo turns the cards back down
    pos.pop()
    assert kit.hidden(pos, "1") == 1
    pos.pop()
    assert kit.hidden(pos, "1") == 2 and kit.cards(pos, "1") == ["4C", "9D", "5H"]
    # a move to a foundation exposes the card just the same
    pos.play(kit.mv(pos, "1-F3"))
    assert kit.hidden(pos, "1") == 1


def test_face_up_ordered_run_moves_as_a_unit(kit):
    """Tableau: Any face-up ordered run (down by one, alternating colours) moves as a
    unit."""
    pos = kit.pos(
        "gilbert",
        """
        1: KD | 9C 8H 7S
        2: TD
        3: 9S
        4: 8D
        """,
    )
    assert kit.legal(pos, "1-2x3")  # 9C 8H 7S on TD
    assert kit.legal(pos, "1-3x2")  # 8H 7S on 9S
    assert kit.legal(pos, "1-4")  # 7S on 8D
    assert not kit.legal(pos, "1-2x2")  # 8H on TD: rank gap
    assert not kit.legal(pos, "1-3x3")  # 9C on 9S
    assert not kit.legal(pos, "1-2x4")  # the face-down King is not part of it
    pos.play(kit.mv(pos, "1-2x3"))
    assert kit.cards(pos, "2") == ["TD", "9C", "8H", "7S"]
    assert kit.cards(pos, "1") == ["KD"] and kit.hidden(pos, "1") == 0
    assert kit.legal(pos, "2-3x2")  # part of the moved run moves on


def test_broken_run_moves_one_card_at_a_time(kit):
    """Tableau: ... otherwise one card per move."""
    pos = kit.pos(
        "gilbert",
        """
        1: 9C 8H 7H
        2: TD
        3: 9S
        4: 8S
        5: 8D | 7C
        """,
    )
    assert kit.legal(pos, "1-4")  # 7H on 8S, alone
    assert not kit.legal(pos, "1-3x2")  # 8H 7H: same colour, not a run
    assert not kit.legal(pos, "1-2x3")
    assert not kit.legal(pos, "5-3x2")  # 8D 7C would be a run, but 8D is face down
    col1 = pos.layout.by_label["1"]
    assert {m.n for m in pos.legal_moves if m.src == col1} == {1}


def test_empty_column_filled_only_with_a_seven_or_a_run_headed_by_a_seven(kit):
    """An empty column may be filled only with a Seven (a single Seven, or a run
    headed by a Seven)."""
    pos = kit.pos(
        "gilbert",
        """
        F7: KH QH JH TH 9H 8H 7H
        1: 8D 7S 6H
        2: 7C
        3: KD
        W: 7D
        """,
    )
    assert kit.cards(pos, "F1")[-1] == "6C" and kit.cards(pos, "F5")[-1] == "8C"
    assert kit.cards(pos, "F2")[-1] == "6D"
    for empty in ("4", "5", "6", "7"):
        assert kit.legal(pos, f"1-{empty}x2")  # run 7S 6H
        assert kit.legal(pos, f"2-{empty}")  # a single Seven
        assert kit.legal(pos, f"W-{empty}")  # a Seven from the waste
        assert kit.legal(pos, f"F7-{empty}")  # a Seven from a foundation
        assert not kit.legal(pos, f"1-{empty}")  # 6H
        assert not kit.legal(pos, f"1-{empty}x3")  # run headed by 8D
        assert not kit.legal(pos, f"3-{empty}")  # not a King
        for f in ("F1", "F2", "F5"):
            assert not kit.legal(pos, f"{f}-{empty}")  # 6C, 6D, 8C
    pos = kit.pos("gilbert", "W: 8C\n1: 9D")
    assert kit.legal(pos, "W-1")
    assert not kit.legal(pos, "W-2")  # not an Eight from the waste


def test_stock_deals_three_cards_or_fewer_onto_the_waste(kit):
    """Stock: a click deals three cards (or fewer, if fewer remain) onto the
    waste."""
    pos = kit.pos("gilbert", "S: 5H 6H 7H 8H 9H")
    move = parse_move(pos, "S-W")
    assert move.n == 3 and deal_move(pos) == move
    assert kit.mv(pos, "S-Wx3") in pos.legal_moves
    assert kit.mv(pos, "S-W") not in pos.legal_moves  # not one card
    pos.play(move)
    assert kit.cards(pos, "W") == ["9H", "8H", "7H"]  # turned over: 9H first
    assert kit.cards(pos, "S") == ["5H", "6H"]
    move = parse_move(pos, "S-W")
    assert move.n == 2
    pos.play(move)
    assert kit.cards(pos, "W") == ["9H", "8H", "7H", "6H", "5H"]
    assert kit.cards(pos, "S") == []
    pos.pop()
    pos.pop()
    assert kit.cards(pos, "S") == ["5H", "6H", "7H", "8H", "9H"] and kit.cards(pos, "W") == []
    pos = kit.pos("gilbert", "S: 5H")
    assert parse_move(pos, "S-W").n == 1


def test_stock_redeals_the_waste_when_empty_without_limit(kit):
    """Stock: when the stock is empty, a click turns the waste back into the stock.
    Unlimited redeals."""
    pos = kit.pos("gilbert", "S: 5H 6H 7H 8H 9H")
    start = pos.key()
    for _ in range(5):
        assert not kit.legal(pos, "W-Sx5")  # the stock is not empty yet
        pos.play(parse_move(pos, "S-W"))
        assert not [m for m in pos.legal_moves if kit.label(pos, m.dst) == "S"]
        pos.play(parse_move(pos, "S-W"))
        assert kit.cards(pos, "S") == []
        assert kit.moves_text(pos) >= {"W-Sx5"}
        assert not [m for m in pos.legal_moves if kit.label(pos, m.src) == "S"]
        redeal = deal_move(pos)
        assert redeal is not None and kit.label(pos, redeal.src) == "W"
        pos.play(redeal)
        assert kit.cards(pos, "W") == []
        assert kit.cards(pos, "S") == ["5H", "6H", "7H", "8H", "9H"]  # same order again
        assert pos.key() == start
    # with stock and waste both empty there is nothing to deal
    pos = kit.pos("gilbert", "1: 9H")
    assert deal_move(pos) is None


def test_waste_top_card_goes_onto_the_tableau_or_a_foundation(kit):
    """Stock: ... The waste's top card may go onto the tableau or a foundation."""
    pos = kit.pos("gilbert", "W: KS 5C\n1: 6H")
    assert kit.legal(pos, "W-1")  # 5C on 6H
    assert kit.legal(pos, "W-F1") and kit.legal(pos, "W-F5")  # 5C fits both
    assert not kit.legal(pos, "W-F8")  # the KS is under the 5C
    assert not kit.legal(pos, "W-2")  # an empty column takes only a Seven
    waste, stock = pos.layout.by_label["W"], pos.layout.by_label["S"]
    assert {m.n for m in pos.legal_moves if m.src == waste and m.dst != stock} == {1}
    assert kit.legal(pos, "W-Sx2")  # (the stock is empty: the other waste move is a redeal)
    pos.play(kit.mv(pos, "W-1"))
    assert kit.legal(pos, "W-F8") and kit.legal(pos, "W-F4")  # KS: down start or on QS


def test_won_when_all_52_cards_are_on_the_foundations(kit):
    """Won when all 52 cards are on the foundations."""
    pos = kit.pos("gilbert", "")
    assert pos.is_won() and not list(pos.legal_moves)
    pos = kit.pos(
        "gilbert",
        """
        F1: AC 2C 3C
        F5: KC QC JC TC 9C 8C 7C 6C 5C 4C
        F3:
        F7: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH
        """,
    )
    assert pos.is_won()
    pos = kit.pos("gilbert", "2: 4D")
    assert not pos.is_won()
    pos.play(kit.mv(pos, "2-F2"))
    assert pos.is_won()
