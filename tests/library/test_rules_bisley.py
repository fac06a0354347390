"""Bisley, one test per bullet of RULES.md, on small crafted positions.

Auto-complete and stuck (the last two bullets) are in ``test_play.py``.
"""

from __future__ import annotations

from patience import Position, format_card
from patience.rules import Kind

ACE_FOUNDATIONS = ("F1", "F2", "F3", "F4")  # clubs, diamonds, hearts, spades
KING_FOUNDATIONS = ("F5", "F6", "F7", "F8")


def test_layout_aces_on_foundations_thirteen_face_up_columns_of_three_and_four(kit):
    """Layout: the four Aces start on four ace foundations, one per suit. The other
    48 cards are dealt face up into 13 columns: columns 1-4 get 3 cards, columns
    5-13 get 4. Four king foundations, one per suit, start empty. No cells, no
    stock, no waste."""
    for number in range(1, 31):
        pos = Position.deal("bisley", number)
        assert pos.layout.labels == (
            *ACE_FOUNDATIONS,
            *KING_FOUNDATIONS,
            *(str(i) for i in range(1, 14)),
        )
        assert set(pos.layout.kinds) == {Kind.FOUNDATION, Kind.TABLEAU}
        for label, ace in zip(ACE_FOUNDATIONS, ("AC", "AD", "AH", "AS"), strict=True):
            assert kit.cards(pos, label) == [ace]
        for label in KING_FOUNDATIONS:
            assert kit.cards(pos, label) == []
        sizes = [len(kit.cards(pos, str(i))) for i in range(1, 14)]
        assert sizes == [3, 3, 3, 3] + [4] * 9
        assert pos.hidden_count() == 0
        column_cards = [c for i in range(1, 14) for c in kit.cards(pos, str(i))]
        assert not [c for c in column_cards if c[0] == "A"]
        assert len(set(column_cards)) == 48


def test_ace_foundation_builds_up_in_suit(kit):
    """Ace foundations build up in suit (A, 2, 3, ...)."""
    pos = kit.pos(
        "bisley",
        """
        1: 3C
        2: 4C
        3: 3D
        """,
    )
    assert kit.cards(pos, "F1") == ["AC", "2C"]
    assert kit.cards(pos, "F2") == ["AD", "2D"]
    assert kit.legal(pos, "1-F1")
    assert kit.legal(pos, "3-F2")
    assert not kit.legal(pos, "2-F1")  # 4C on 2C: rank gap
    assert not kit.legal(pos, "1-F2")  # 3C on 2D: other suit
    assert not kit.legal(pos, "3-F1")  # 3D on 2C: other suit
    assert not kit.legal(pos, "1-F3")  # 3C on the hearts foundation
    pos.play(kit.mv(pos, "1-F1"))
    assert kit.legal(pos, "2-F1")  # now 4C follows 3C


def test_king_foundation_takes_its_king_first_then_builds_down_in_suit(kit):
    """King foundations take their suit's King first and then build down in suit
    (K, Q, J, ...)."""
    pos = kit.pos(
        "bisley",
        """
        1: QC
        2: KC
        3: JC
        4: KD
        """,
    )
    assert kit.cards(pos, "F5") == [] and kit.cards(pos, "F6") == []
    assert kit.legal(pos, "2-F5")
    assert kit.legal(pos, "4-F6")
    assert not kit.legal(pos, "1-F5")  # a Queen cannot start a king foundation
    assert not kit.legal(pos, "3-F5")
    assert not kit.legal(pos, "2-F6")  # KC on the diamonds king foundation
    assert not kit.legal(pos, "4-F5")  # KD on the clubs king foundation
    assert not kit.legal(pos, "2-F1")  # KC does not start the ace foundation (top TC)
    pos.play(kit.mv(pos, "2-F5"))
    assert kit.legal(pos, "1-F5")  # QC on KC
    assert not kit.legal(pos, "3-F5")  # JC on KC: rank gap
    pos.play(kit.mv(pos, "1-F5"))
    assert kit.legal(pos, "3-F5")  # JC on QC


def test_card_fitting_both_foundations_of_its_suit_may_go_to_either(kit):
    """A card that fits both foundations of its suit may go to either."""
    pos = kit.pos("bisley", "1: 7H")
    assert kit.cards(pos, "F3")[-1] == "6H" and kit.cards(pos, "F7")[-1] == "8H"
    assert kit.legal(pos, "1-F3")
    assert kit.legal(pos, "1-F7")
    for target in ("F3", "F7"):
        pos.play(kit.mv(pos, f"1-{target}"))
        assert pos.is_won()
        pos.pop()


def test_cards_on_a_foundation_never_come_back_into_play(kit):
    """Cards on a foundation never come back into play."""
    # 6C sits between the foundation tops 5C and 7C, which would both build on it
    # (same suit, one rank apart) if foundation cards could move.
    pos = kit.pos("bisley", "1: 6C\n2: 9D\n3: 7D 8D")
    assert kit.cards(pos, "F1")[-1] == "5C" and kit.cards(pos, "F5")[-1] == "7C"
    foundations = set(pos.layout.foundations)
    assert not [m for m in pos.legal_moves if m.src in foundations]
    assert not kit.legal(pos, "F1-1")
    assert not kit.legal(pos, "F5-1")
    # and after a card goes up, it stays there
    pos.play(kit.mv(pos, "1-F1"))
    assert not [m for m in pos.legal_moves if m.src in foundations]
    # random play from real deals never moves a foundation card
    for number in range(1, 6):
        deal = Position.deal("bisley", number)
        for _ in range(40):
            moves = list(deal.legal_moves)
            assert not [m for m in moves if m.src in foundations]
            if not moves:
                break
            deal.push(moves[(number * 7) % len(moves)])


def test_only_the_top_card_of_a_column_moves(kit):
    """Only the top card of a column moves, one card per move."""
    # 4H lies under 9D; it would fit on 5H and on its foundation (top 3H).
    pos = kit.pos("bisley", "1: 4H 9D\n2: 5H")
    assert kit.cards(pos, "F3")[-1] == "3H"
    col1 = pos.layout.by_label["1"]
    from_col1 = [m for m in pos.legal_moves if m.src == col1]
    assert from_col1 and all(m.n == 1 for m in from_col1)
    assert {kit.label(pos, m.dst) for m in from_col1} == {"F2", "F6"}  # 9D fits both
    assert not kit.legal(pos, "1-2")  # that would be 9D on 5H
    assert not kit.legal(pos, "1-2x2")
    assert not kit.legal(pos, "1-F3x2")


def test_one_card_per_move_even_for_a_suited_sequence(kit):
    """Only the top card of a column moves, one card per move."""
    # 8H 7H is a same-suit sequence; it may not move as a unit onto 9H.
    pos = kit.pos("bisley", "1: 8H 7H\n2: 9H\n3: 6H")
    assert not kit.legal(pos, "1-2x2")
    assert not kit.legal(pos, "1-2")  # 7H on 9H: rank gap
    assert kit.legal(pos, "3-1")  # 6H on 7H
    assert all(m.n == 1 for m in pos.legal_moves)


def test_column_builds_in_same_suit_one_rank_higher_or_lower(kit):
    """Only the top card of a column moves ...: to a foundation where it fits, or
    onto the top card of another column of the same suit whose rank is exactly one
    higher or one lower."""
    pos = kit.pos(
        "bisley",
        """
        1: 6H
        2: 7H
        3: 5H
        4: 7D
        5: 5D
        6: 8H
        7: 4H
        8: 6C
        9: 6D
        """,
    )
    assert kit.legal(pos, "1-2")  # 6H on 7H: one lower
    assert kit.legal(pos, "1-3")  # 6H on 5H: one higher
    assert not kit.legal(pos, "1-4")  # 7D: other suit
    assert not kit.legal(pos, "1-5")  # 5D: other suit
    assert not kit.legal(pos, "1-6")  # 8H: two higher
    assert not kit.legal(pos, "1-7")  # 4H: two lower
    assert not kit.legal(pos, "1-8")  # 6C: same rank
    assert not kit.legal(pos, "1-9")  # 6D: same rank
    assert kit.cards(pos, "F3")[-1] == "3H"
    assert kit.legal(pos, "7-F3")  # to a foundation where it fits: 4H on 3H
    assert not kit.legal(pos, "3-F3")  # 5H on 3H does not fit


def test_column_may_change_direction_as_it_grows(kit):
    """A column may change direction as it grows."""
    pos = kit.pos(
        "bisley",
        """
        1: 3D 6S
        2: 5S
        3: 7S
        4: 9C 6C
        5: 7C
        6: 5C
        7: 8C
        """,
    )
    # whatever the order of the cards below the top, both directions are open
    assert kit.legal(pos, "2-1") and kit.legal(pos, "3-1")  # 5S, 7S on 6S
    assert kit.legal(pos, "5-4") and kit.legal(pos, "6-4")  # 7C, 5C on 6C
    # column 1 grows down (5S on 6S), the 5S leaves, then it grows up (7S on 6S)
    pos.play(kit.mv(pos, "2-1"))
    assert kit.cards(pos, "1") == ["3D", "6S", "5S"]
    assert kit.cards(pos, "F4")[-1] == "4S"
    pos.play(kit.mv(pos, "1-F4"))
    assert kit.legal(pos, "3-1")
    pos.play(kit.mv(pos, "3-1"))
    assert kit.cards(pos, "1") == ["3D", "6S", "7S"]
    # column 4 fell from 9C to 6C and now rises: 7C on 6C
    pos.play(kit.mv(pos, "5-4"))
    assert kit.cards(pos, "4") == ["9C", "6C", "7C"]
    assert kit.legal(pos, "7-4")  # 8C on 7C


def test_ranks_do_not_wrap_king_and_ace(kit):
    """Ranks do not wrap (no K-A)."""
    # Not reachable in play (Aces start on the foundations) but a valid position:
    # the clubs Ace lies in a column, its foundation empty.
    pos = kit.pos(
        "bisley",
        """
        F1:
        F5:
        1: AC
        2: KC
        3: 2C
        4: QC
        5: 3C 4C 5C 6C 7C 8C 9C TC JC
        """,
    )
    assert kit.legal(pos, "3-1")  # 2C on AC
    assert kit.legal(pos, "4-2")  # QC on KC
    assert not kit.legal(pos, "2-1")  # KC on AC
    assert not kit.legal(pos, "1-2")  # AC on KC
    assert kit.legal(pos, "1-F1")
    assert kit.legal(pos, "2-F5")
    assert not kit.legal(pos, "1-F5")  # an Ace does not start a king foundation
    assert not kit.legal(pos, "2-F1")  # nor a King an ace foundation


def test_empty_column_stays_empty_for_the_rest_of_the_game(kit):
    """An empty column stays empty for the rest of the game."""
    pos = kit.pos(
        "bisley",
        """
        2: 6H
        3: 7H
        4: KS
        """,
    )
    empty = {pos.layout.by_label[str(i)] for i in (1, *range(5, 14))}
    assert kit.moves_text(pos) == {"2-F3", "2-3", "3-F7", "3-2", "4-F4", "4-F8"}
    assert not [m for m in pos.legal_moves if m.dst in empty]
    pos.play(kit.mv(pos, "2-3"))  # column 2 is now empty too
    empty.add(pos.layout.by_label["2"])
    assert kit.cards(pos, "2") == []
    assert not [m for m in pos.legal_moves if m.dst in empty]
    assert not kit.legal(pos, "4-2")  # not even a King
    assert not kit.legal(pos, "3-2")  # nor the card that just left


def test_won_when_all_52_cards_are_on_the_foundations_however_split(kit):
    """Won when all 52 cards are on the foundations, however they are split between
    the two foundations of each suit."""
    pos = kit.pos(
        "bisley",
        """
        F1: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
        F5:
        F2: AD 2D 3D 4D 5D 6D
        F6: KD QD JD TD 9D 8D 7D
        F3: AH
        F7: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
        F4: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS
        F8: KS
        """,
    )
    assert pos.is_won()
    assert not list(pos.legal_moves)
    # one card short of that is not won; playing it to either foundation wins
    pos = kit.pos("bisley", "1: 9S")
    assert not pos.is_won()
    for target in ("F4", "F8"):
        pos.push(kit.mv(pos, f"1-{target}"))
        assert pos.is_won()
        split = (len(kit.cards(pos, "F4")), len(kit.cards(pos, "F8")))
        assert sum(split) == 13
        pos.pop()
    assert [format_card(c) for c in pos.piles[pos.layout.by_label["1"]]] == ["9S"]
