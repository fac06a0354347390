"""Deal pinning: deal numbers make the same cards forever.

The literal strings below were taken from the generator when it was written. If one
of these tests fails, the deals changed: every stored game, fixture and "deal of the
day" would change meaning. Do not update the strings unless that is intended.
"""

from __future__ import annotations

import hashlib

import oracle
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience import DealError, Position, format_card, format_position
from patience.deal import MAX_DEAL, SplitMix64, fnv1a64, shuffled

# first 3 tableau piles (base first) | first 8 shuffled cards | sha256 of the whole
# format_position text, first 16 hex digits
PINNED = {
    ("bisley", 1): (
        ["5H 5S KH", "TH 2S 8S", "QH 9C 9D"],
        "5H 5S KH TH 2S 8S QH 9C",
        "5cef5272c5f53401",
    ),
    ("bisley", 2): (
        ["5D 7H QS", "8S 9D QC", "2D 8C 3H"],
        "5D 7H QS 8S 9D QC 2D 8C",
        "0d008fb2eb8b7aa3",
    ),
    ("bisley", 1000): (
        ["JS 5S 4D", "5C 7D 3D", "6D 7C 9D"],
        "JS 5S 4D 5C 7D 3D 6D 7C",
        "1c70f0007660ae9c",
    ),
    ("big-apple", 1): (["TD", "8C", "4H"], "TD 8C 4H JC 2H 7H 6C 2C", "6cebf36f9a390eb8"),
    ("big-apple", 2): (["9D", "8H", "6D"], "9D 8H 6D 2H JD KS 3S 2H", "447e68a2bc0fae1e"),
    ("big-apple", 1000): (["KD", "JC", "4H"], "KD JC 4H 5C 3H KC 3H 6D", "ea08eb8c9c4047e2"),
    ("gilbert", 1): (
        ["AC", "6C | 9S", "8S QC | 3S"],
        "AC 6C 9S 8S QC 3S 9C 5H",
        "7bd471596fdaf333",
    ),
    ("gilbert", 2): (
        ["6D", "5C | 7C", "6H 7S | 2H"],
        "6D 5C 7C 6H 7S 2H KS AD",
        "a3556e326905863f",
    ),
    ("gilbert", 1000): (
        ["4S", "KC | 3D", "QD KD | 7S"],
        "4S KC 3D QD KD 7S 4D 5S",
        "77b813d76a31c165",
    ),
}

#: the top card of the talon (Big Apple) or stock (Gilbert) of deal 1: the last card
#: of the shuffle, dealt last.
PINNED_TOP = {"big-apple": "QD", "gilbert": "8H"}

DECKS = {"bisley": (1, True), "big-apple": (2, False), "gilbert": (1, False)}


def tableau_lines(pos: Position) -> list[str]:
    lines = format_position(pos).splitlines()[1:]
    return [ln.partition(": ")[2] for ln in lines if ln.split(":")[0].isdigit()]


@pytest.mark.parametrize(("game", "number"), sorted(PINNED))
def test_pinned_deals(game: str, number: int) -> None:
    piles, first_cards, digest = PINNED[game, number]
    pos = Position.deal(game, number)
    assert tableau_lines(pos)[:3] == piles
    decks, without_aces = DECKS[game]
    cards = shuffled(game, number, decks, without_aces=without_aces)
    assert " ".join(format_card(c) for c in cards[:8]) == first_cards
    text = format_position(pos)
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == digest, text


@pytest.mark.parametrize("game", sorted(PINNED_TOP))
def test_pinned_top_of_talon_or_stock(game: str) -> None:
    pos = Position.deal(game, 1)
    assert format_card(pos.piles[-1 if game == "big-apple" else -2][-1]) == PINNED_TOP[game]


# ----------------------------------------------------------------- the generator
def test_splitmix64_known_answers() -> None:
    # the reference test vector of SplitMix64 (seed 1234567)
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
    ]  # fmt: skip
    assert SplitMix64(-1).state == 2**64 - 1  # seeds are taken modulo 2**64


def test_splitmix64_below() -> None:
    rng = SplitMix64(42)
    assert [rng.below(k) for k in (1, 2, 3, 10, 52, 104, 2**63 + 1)] == [
        0, 1, 0, 4, 46, 46, 4028864712777624925,
    ]  # fmt: skip
    rng = SplitMix64(fnv1a64("bisley:1"))
    assert [rng.below(k) for k in (48, 47, 46, 45, 3, 2)] == [1, 24, 3, 8, 0, 1]


def test_below_rejects_the_biased_tail() -> None:
    class Scripted(SplitMix64):
        def __init__(self, outputs: list[int]) -> None:
            super().__init__(0)
            self.outputs = outputs

        def next(self) -> int:
            return self.outputs.pop(0)

    k = 3  # 2**64 % 3 == 1, so the single top value 2**64 - 1 must be rejected
    assert Scripted([2**64 - 1, 7]).below(k) == 7 % 3
    assert Scripted([2**64 - 2, 7]).below(k) == (2**64 - 2) % 3


def test_fnv1a64_known_answers() -> None:
    assert fnv1a64("") == 0xCBF29CE484222325
    assert fnv1a64("a") == 0xAF63DC4C8601EC8C
    assert fnv1a64("foobar") == 0x85944171F73967E8
    assert fnv1a64("bisley:1") == 0x67F5F804F31827B8


def reference_shuffle(game: str, number: int, decks: int, without_aces: bool) -> list[int]:
    """The documented recipe (deal.py, docs/deals.md), written out again here."""
    mask = 2**64 - 1
    h = 0xCBF29CE484222325
    for byte in f"{game}:{number}".encode():
        h = ((h ^ byte) * 0x100000001B3) & mask
    state = h

    def next64() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    cards = [c for _ in range(decks) for c in range(52) if not (without_aces and c % 13 == 0)]
    for i in range(len(cards) - 1, 0, -1):
        k = i + 1
        while True:
            value = next64()
            if value < 2**64 - 2**64 % k:
                break
        j = value % k
        cards[i], cards[j] = cards[j], cards[i]
    return cards


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(DECKS)), st.integers(1, MAX_DEAL))
def test_deals_follow_the_documented_recipe(game: str, number: int) -> None:
    decks, without_aces = DECKS[game]
    cards = reference_shuffle(game, number, decks, without_aces)
    assert shuffled(game, number, decks, without_aces=without_aces) == cards
    pos = Position.deal(game, number)
    labels = oracle.LABELS[game]
    tableau = [pos.piles[i] for i, label in enumerate(labels) if label.isdigit()]
    dealt = [c for pile in tableau for c in pile]
    assert dealt == cards[: len(dealt)]
    rest = cards[len(dealt) :]
    if game == "big-apple":
        assert pos.piles[labels.index("T")] == rest
    elif game == "gilbert":
        assert pos.piles[labels.index("S")] == rest
    else:
        assert rest == []


# ----------------------------------------------------------------- layouts
def by_label(pos: Position) -> dict[str, list[int]]:
    return oracle.piles_by_label(pos.rules.id, pos.piles)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, MAX_DEAL))
def test_bisley_layout(number: int) -> None:
    pos = Position.deal("bisley", number)
    p = by_label(pos)
    assert [len(p[str(i)]) for i in range(1, 14)] == [3, 3, 3, 3] + [4] * 9
    assert [p[f"F{i}"] for i in range(1, 5)] == [[0], [13], [26], [39]]  # AC AD AH AS
    assert all(p[f"F{i}"] == [] for i in range(5, 9))
    assert not any(oracle.rank(c) == 1 for i in range(1, 14) for c in p[str(i)])
    assert pos.hidden == [0] * 21
    assert oracle.card_counts_ok("bisley", pos.piles)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, MAX_DEAL))
def test_gilbert_layout(number: int) -> None:
    pos = Position.deal("gilbert", number)
    p = by_label(pos)
    assert [len(p[str(i)]) for i in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert pos.hidden == [0] * 8 + [0, 1, 2, 3, 4, 5, 6] + [0, 0]  # one face up each
    assert len(p["S"]) == 24 and p["W"] == []
    assert all(p[f"F{i}"] == [] for i in range(1, 9))
    assert oracle.card_counts_ok("gilbert", pos.piles)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, MAX_DEAL))
def test_big_apple_layout(number: int) -> None:
    pos = Position.deal("big-apple", number)
    p = by_label(pos)
    assert [len(p[str(i)]) for i in range(1, 9)] == [1] * 8
    assert len(p["T"]) == 96
    assert all(p[f"F{i}"] == [] for i in range(1, 9))
    assert all(p[f"C{i}"] == [] for i in range(1, 4))
    assert pos.hidden == [0] * 20
    assert oracle.card_counts_ok("big-apple", pos.piles)


def test_deals_differ_by_number_and_game() -> None:
    assert Position.deal("bisley", 1) != Position.deal("bisley", 2)
    assert Position.deal("bisley", 1) == Position.deal("bisley", 1)
    assert Position.deal("Big Apple", 7) == Position.deal("big-apple", 7)
    assert shuffled("bisley", 5) != shuffled("gilbert", 5)
    starts = {tuple(map(tuple, Position.deal("gilbert", n).piles)) for n in range(1, 201)}
    assert len(starts) == 200


def test_largest_deal_number() -> None:
    assert MAX_DEAL == 2**63 - 1
    pos = Position.deal("gilbert", MAX_DEAL)
    assert oracle.card_counts_ok("gilbert", pos.piles)


@pytest.mark.parametrize("game", sorted(DECKS))
@pytest.mark.parametrize("number", [0, -1, 2**63, 2**64, "3", "1", True, False, 1.0, None, [1]])
def test_bad_deal_numbers(game: str, number: object) -> None:
    with pytest.raises(DealError) as info:
        Position.deal(game, number)  # type: ignore[arg-type]
    assert repr(number) in str(info.value)
    assert isinstance(info.value, ValueError)
