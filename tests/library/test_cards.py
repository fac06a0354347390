"""Cards: parse and format every card, the accepted spellings, junk tokens, names."""

from __future__ import annotations

import oracle
import pytest

from patience import CardError, PatienceError, card_name, format_card, parse_card, parse_cards
from patience.cards import RED, is_red, make_card, rank_of, suit_of

ALL_TEXTS = [r + s for s in "CDHS" for r in "A23456789TJQK"]


def test_all_52_cards_round_trip() -> None:
    assert [format_card(c) for c in range(52)] == ALL_TEXTS
    for card, text in enumerate(ALL_TEXTS):
        assert parse_card(text) == card
        assert format_card(parse_card(text)) == text
        assert oracle.text(card) == text
        assert rank_of(card) == oracle.rank(card) and suit_of(card) == oracle.suit(card)
        assert is_red(card) is oracle.red(card) is RED[card]
        assert make_card(rank_of(card), suit_of(card)) == card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10D", "TD"), ("10d", "TD"), ("td", "TD"), ("7h", "7H"), ("as", "AS"), ("Kc", "KC"),
        ("qS", "QS"), (" 7H ", "7H"), ("\t9c\n", "9C"),
        ("Q♠", "QS"), ("10♥", "TH"), ("A♣", "AC"), ("7♦", "7D"), ("k♠", "KS"),
        ("J♤", "JS"), ("2♡", "2H"), ("3♢", "3D"), ("4♧", "4C"),
    ],
)  # fmt: skip
def test_accepted_spellings(text: str, expected: str) -> None:
    assert format_card(parse_card(text)) == expected


@pytest.mark.parametrize(
    "token",
    ["1H", "11S", "XX", "", "7", "HH", "1", "10", "T", "0C", "01H", "AHH", "H7", "7X", "♠Q",
     "ZS", "1♠", "100D", "7 H", "7H8H", " ", "K", "ace"],
)  # fmt: skip
def test_junk_tokens_raise_card_error_quoting_the_token(token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert repr(token) in str(info.value)
    assert isinstance(info.value, PatienceError) and isinstance(info.value, ValueError)


def test_parse_cards() -> None:
    assert [format_card(c) for c in parse_cards("7H, 10d  K♣")] == ["7H", "TD", "KC"]
    assert [format_card(c) for c in parse_cards("AS,2S,,3S\n4S")] == ["AS", "2S", "3S", "4S"]
    assert parse_cards("") == [] and parse_cards(" , ") == []
    with pytest.raises(CardError, match="'XX'"):
        parse_cards("7H XX 8H")


def test_card_names() -> None:
    assert card_name(parse_card("7H")) == "seven of hearts"
    assert card_name(parse_card("AS")) == "ace of spades"
    assert card_name(parse_card("TD")) == "ten of diamonds"
    assert card_name(parse_card("KC")) == "king of clubs"
    assert card_name(parse_card("QH")) == "queen of hearts"
    assert card_name(parse_card("JS")) == "jack of spades"
    assert card_name(parse_card("2D")) == "two of diamonds"
    names = [card_name(c) for c in range(52)]
    assert len(set(names)) == 52
    suits = ("clubs", "diamonds", "hearts", "spades")
    for card, name in enumerate(names):
        assert name.endswith(" of " + suits[oracle.suit(card)])


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (14, 0), (1, -1), (1, 4)])
def test_make_card_rejects_bad_rank_or_suit(rank: int, suit: int) -> None:
    with pytest.raises(CardError):
        make_card(rank, suit)
