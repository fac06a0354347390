"""Notation: the Bisley short form, several positions in one text, labelled-form and
move-notation errors, and the JSON form."""

from __future__ import annotations

import json

import oracle
import pytest

from patience import (
    CardError,
    IllegalMoveError,
    LayoutError,
    Move,
    NotationError,
    PatienceError,
    Position,
    UnknownGameError,
    format_move,
    format_position,
    from_json,
    parse_move,
    parse_position,
    parse_positions,
    to_json,
)

#: Bisley deal 1 in the short form: 13 lines of cards, base first, Aces implied.
BISLEY_1 = """\
5H 5S KH
TH 2S 8S
QH 9C 9D
7H 9S 7S
KC 9H 6S 2C
3D 4H 8H 2D
4D 3S 4S QS
7D 8D JH KD
4C QC TS 6D
5D 6C QD TD
JD JS 3H KS
8C 7C 6H JC
TC 5C 2H 3C
"""

BISLEY_2 = """\
5D 7H QS
8S 9D QC
2D 8C 3H
4D QD TH
TC KH JC 7D
5C KC 5S TS
JS TD 8H 2H
8D 2C JD 6C
2S 3C KD 9S
5H 6H 3D 4C
6D 6S 9H JH
4H 9C 4S 7S
QH KS 3S 7C
"""


def with_line(text: str, index: int, line: str | None) -> str:
    """``text`` with line ``index`` replaced (or dropped when ``line`` is None)."""
    lines = text.splitlines()
    if line is None:
        del lines[index]
    else:
        lines[index] = line
    return "\n".join(lines) + "\n"


def fill(game: str, piles: dict[str, str], hidden: dict[str, int] | None = None) -> str:
    """Labelled text of a position with the given piles; every other card goes to
    the talon (Big Apple) or the stock (Gilbert)."""
    counts = [oracle.DECKS[game]] * 52
    lines = [f"Game: {game}"]
    for label, cards in piles.items():
        tokens = cards.split()
        for token in tokens:
            counts["A23456789TJQK".index(token[0]) + 13 * "CDHS".index(token[1])] -= 1
        down = (hidden or {}).get(label, 0)
        if down:
            tokens.insert(down, "|")
        lines.append(f"{label}: {' '.join(tokens)}")
    rest = [oracle.text(c) for c in range(52) for _ in range(counts[c])]
    lines.append(("T: " if game == "big-apple" else "S: ") + " ".join(rest))
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------- Bisley short form
def test_short_form_is_the_start_position() -> None:
    start = Position.deal("bisley", 1)
    assert parse_position(BISLEY_1, "bisley") == start
    assert parse_position("Game: bisley\n" + BISLEY_1) == start
    assert parse_position("# deal 1\n\n" + BISLEY_1.replace(" ", ", ") + "\n\n", "bisley") == start
    assert parse_position(BISLEY_1.lower(), "Bisley") == start
    pos = parse_position(BISLEY_2, "bisley")
    assert pos == Position.deal("bisley", 2)
    assert [oracle.text(pos.piles[f][0]) for f in range(4)] == ["AC", "AD", "AH", "AS"]


@pytest.mark.parametrize("lines", [12, 14])
def test_short_form_needs_13_lines(lines: int) -> None:
    text = with_line(BISLEY_1, 12, None) if lines == 12 else BISLEY_1 + "KS\n"
    with pytest.raises(NotationError, match=f"13 lines of cards, not {lines}"):
        parse_position(text, "bisley")


def test_short_form_duplicated_card() -> None:
    with pytest.raises(LayoutError, match="duplicate card '5S'"):
        parse_position(with_line(BISLEY_1, 0, "5H 5S 5S"), "bisley")


def test_short_form_missing_card() -> None:
    with pytest.raises(LayoutError, match="missing card 'KH'"):
        parse_position(with_line(BISLEY_1, 0, "5H 5S"), "bisley")


def test_short_form_ace_in_a_column() -> None:
    with pytest.raises(NotationError, match="line 4: 'AH' starts on its foundation"):
        parse_position(with_line(BISLEY_1, 3, "7H 9S AH 7S"), "bisley")


@pytest.mark.parametrize("token", ["KX", "1H", "11S", "|", "K"])
def test_short_form_bad_token(token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_position(with_line(BISLEY_1, 1, f"TH 2S {token}"), "bisley")
    assert repr(token) in str(info.value) and "line 2" in str(info.value)


@pytest.mark.parametrize("game", ["gilbert", "big-apple"])
def test_short_form_only_for_bisley(game: str) -> None:
    with pytest.raises(NotationError, match="labelled lines"):
        parse_position(BISLEY_1, game)


# ----------------------------------------------------------------- several positions
def test_parse_positions() -> None:
    gilbert = format_position(Position.deal("gilbert", 7))
    text = (
        "Game: bisley\n" + BISLEY_1
        + "---\n# the Game line carries over\n" + BISLEY_2
        + "---\n" + gilbert
        + "  ---  \n# a chunk of comments only is skipped\n---\n\n---\n"
        + format_position(Position.deal("gilbert", 8)).replace("Game: gilbert\n", "")
    )  # fmt: skip
    assert parse_positions(text) == [
        Position.deal("bisley", 1),
        Position.deal("bisley", 2),
        Position.deal("gilbert", 7),
        Position.deal("gilbert", 8),
    ]
    assert parse_positions(BISLEY_1 + "---\n" + BISLEY_2, "bisley") == [
        Position.deal("bisley", 1),
        Position.deal("bisley", 2),
    ]


@pytest.mark.parametrize("text", ["", "---", "# nothing\n---\n# here\n", "\n\n"])
def test_parse_positions_needs_a_position(text: str) -> None:
    with pytest.raises(NotationError, match="no position"):
        parse_positions(text, "bisley")


def test_parse_positions_reports_the_bad_chunk() -> None:
    with pytest.raises(LayoutError, match="missing card 'KH'"):
        parse_positions(BISLEY_2 + "---\n" + with_line(BISLEY_1, 0, "5H 5S"), "bisley")


def test_parse_position_refuses_a_separator() -> None:
    with pytest.raises(NotationError, match="parse_positions"):
        parse_position(BISLEY_1 + "---\n" + BISLEY_2, "bisley")


# ----------------------------------------------------------------- labelled form
def test_labelled_form_options() -> None:
    pos = Position.deal("gilbert", 3)
    text = format_position(pos)
    # empty piles may be left out, labels are case-insensitive, commas separate
    short = "\n".join(
        ln.lower().replace(" ", ", ").replace(":,", ":") for ln in text.splitlines()
        if not ln.endswith(":")
    )  # fmt: skip
    assert parse_position(short) == pos
    assert parse_position("# comment\n" + text.replace("Game: gilbert\n", ""), "Gilbert") == pos


@pytest.mark.parametrize(
    ("game", "line", "quoted"),
    [("bisley", "F9: 2C", "'F9'"), ("bisley", "14:", "'14'"), ("bisley", "C1: 2C", "'C1'"),
     ("gilbert", "T: 2C", "'T'"), ("big-apple", "S:", "'S'"), ("big-apple", "0: 2C", "'0'"),
     ("gilbert", "stock: 2C", "'stock'")],
)  # fmt: skip
def test_unknown_label(game: str, line: str, quoted: str) -> None:
    text = format_position(Position.deal(game, 1)) + line + "\n"
    with pytest.raises(NotationError, match=f"unknown pile {quoted}"):
        parse_position(text)


@pytest.mark.parametrize("label", ["1", "F1", "W"])
def test_repeated_label(label: str) -> None:
    text = format_position(Position.deal("gilbert", 1)) + f"{label.lower()}:\n"
    with pytest.raises(NotationError, match=f"pile '{label}' appears twice"):
        parse_position(text)


def test_two_bars() -> None:
    text = format_position(Position.deal("gilbert", 1)).replace("2: 6C | 9S", "2: 6C | | 9S")
    with pytest.raises(NotationError, match=r"more than one '\|' in pile '2'"):
        parse_position(text)


def test_bar_outside_the_tableau() -> None:
    text = format_position(Position.deal("gilbert", 1)).replace("S: 9D", "S: | 9D")
    with pytest.raises(NotationError, match="only tableau piles"):
        parse_position(text)


def test_bar_after_the_top_card() -> None:
    text = format_position(Position.deal("gilbert", 1)).replace("2: 6C | 9S", "2: 6C 9S |")
    with pytest.raises(LayoutError, match="top card of pile '2' must be face up"):
        parse_position(text)


def test_bar_in_a_game_without_face_down_cards() -> None:
    text = format_position(Position.deal("bisley", 1)).replace("1: 5H 5S KH", "1: 5H | 5S KH")
    with pytest.raises(LayoutError, match="cannot have 1 face-down"):
        parse_position(text)


def test_labelled_form_bad_card_quotes_token_and_line() -> None:
    text = format_position(Position.deal("gilbert", 1)).replace("1: AC", "1: AX")
    with pytest.raises(CardError, match="line 10: unknown card 'AX'"):
        parse_position(text)


def test_game_line_errors() -> None:
    text = format_position(Position.deal("gilbert", 1))
    with pytest.raises(NotationError, match="game 'gilbert' is not 'bisley'"):
        parse_position(text, "bisley")
    with pytest.raises(UnknownGameError, match="'chess'"):
        parse_position(text.replace("gilbert", "chess"))
    with pytest.raises(NotationError, match="no 'Game:' line"):
        parse_position(text.replace("Game: gilbert\n", ""))
    with pytest.raises(NotationError, match="no piles"):
        parse_position("Game: gilbert\n# nothing else\n")
    with pytest.raises(NotationError, match="mixes labelled and unlabelled"):
        parse_position(text + "7H 8H\n")
    with pytest.raises(NotationError, match="mixes labelled and unlabelled"):
        parse_position("Game: bisley\n" + BISLEY_1 + "F1: AC\n")


def test_impossible_positions() -> None:
    text = format_position(Position.deal("gilbert", 1))
    with pytest.raises(LayoutError, match="foundation 'F1' cannot start with '2C'"):
        parse_position(fill("gilbert", {"F1": "2C"}))
    with pytest.raises(LayoutError, match="'F5' cannot hold 'JC' on 'KC'"):
        parse_position(fill("gilbert", {"F5": "KC JC"}))
    with pytest.raises(LayoutError, match="cell 'C1' holds 2 cards"):
        parse_position(fill("big-apple", {"C1": "7H 8H"}))
    with pytest.raises(LayoutError, match="duplicate card 'AC'"):
        parse_position(text.replace("W:", "W: AC"))
    with pytest.raises(LayoutError, match="appears 3 times"):
        parse_position(fill("big-apple", {}).replace("T: ", "T: 7H "))


# ----------------------------------------------------------------- moves
def big_apple_runs() -> Position:
    """Pile 1 holds the run 9S 8S 7S; 2, 3 and 4 take 3, 2 and 1 cards of it."""
    return parse_position(fill("big-apple", {"1": "9S 8S 7S", "2": "TH", "3": "9D", "4": "8C"}))


def test_run_moves() -> None:
    pos = big_apple_runs()
    assert {format_move(pos, m) for m in pos.legal_moves if m.src == 11 and m.dst > 11} == {
        "1-2x3", "1-3x2", "1-4",
    }  # fmt: skip
    assert parse_move(pos, "1-2") == Move(11, 12, 3)
    assert parse_move(pos, "1-3") == parse_move(pos, " 1 - 3 x2 ") == Move(11, 13, 2)
    assert parse_move(pos, "1-4x1") == Move(11, 14, 1)
    with pytest.raises(IllegalMoveError, match="'1-3x1'"):
        parse_move(pos, "1-3x1")
    pos.play(parse_move(pos, "1-2X3"))
    assert [oracle.text(c) for c in pos.piles[12]] == ["TH", "9S", "8S", "7S"]


def test_stock_moves() -> None:
    pos = Position.deal("gilbert", 1)
    assert format_move(pos, parse_move(pos, "S-W")) == "S-W"
    assert parse_move(pos, "s-w") == parse_move(pos, "S-Wx3") == Move(15, 16, 3)
    for _ in range(8):
        pos.play(parse_move(pos, "S-W"))
    assert pos.piles[15] == []
    redeal = parse_move(pos, "W-S")
    assert redeal == Move(16, 15, 24) and format_move(pos, redeal) == "W-S"
    pos.play(redeal)
    assert pos == Position.deal("gilbert", 1).copy()


@pytest.mark.parametrize(
    ("text", "error", "quoted"),
    [("junk", NotationError, "'junk'"), ("", NotationError, "''"), ("1-", NotationError, "''"),
     ("1-99", NotationError, "'99'"), ("Z-1", NotationError, "'Z'"), ("1_F1", NotationError, None),
     ("1-F1-F2", NotationError, None), ("1-5x", NotationError, None),
     ("1-F1", IllegalMoveError, "'1-F1'"), ("1-F7x2", IllegalMoveError, "'1-F7x2'"),
     ("F1-2", IllegalMoveError, None), ("1-1", IllegalMoveError, None),
     ("1-F7x" + "9" * 5000, PatienceError, None)],
)  # fmt: skip
def test_move_errors(text: str, error: type[Exception], quoted: str | None) -> None:
    pos = Position.deal("bisley", 1)  # 1-F7 is legal there (KH to the hearts King pile)
    assert parse_move(pos, "1-F7") == Move(8, 6, 1)
    with pytest.raises(error) as info:
        parse_move(pos, text)
    if quoted is not None:
        assert quoted in str(info.value)


def test_play_rejects_illegal_moves() -> None:
    pos = Position.deal("bisley", 1)
    with pytest.raises(IllegalMoveError, match="'1-2'"):
        pos.play(Move(8, 9, 1))
    for junk in [(8, 9), (8, 99, 1), (-1, 0, 1), ("1", "2", 1), (8, 6, True), None]:
        assert junk not in pos.legal_moves
    assert pos.move_stack == []


# ----------------------------------------------------------------- JSON
def test_json_form() -> None:
    pos = Position.deal("gilbert", 2)
    texts = []
    for _ in range(3):
        move = max(pos.legal_moves)  # a card move when there is one, else the deal
        texts.append(format_move(pos, move))
        pos.play(move)
    data = to_json(pos)
    assert data["game"] == "gilbert"
    assert data["start"]["hidden"] == {str(i): i - 1 for i in range(2, 8)}
    assert data["start"]["piles"]["1"] == ["6D"] and data["start"]["piles"]["W"] == []
    assert data["moves"] == texts
    loaded = from_json(json.loads(json.dumps(data)))
    assert loaded == pos and loaded.move_stack == pos.move_stack
    while loaded.move_stack:
        loaded.pop()
    assert loaded == Position.deal("gilbert", 2)


@pytest.mark.parametrize(
    ("change", "error", "pattern"),
    [(lambda d: d.pop("game"), NotationError, "bad position JSON"),
     (lambda d: d.update(game="chess"), UnknownGameError, "'chess'"),
     (lambda d: d.update(moves=["W-1"]), IllegalMoveError, "'W-1'"),
     (lambda d: d.update(moves=["nonsense"]), NotationError, "'nonsense'"),
     (lambda d: d["start"].update(hidden={"S": 2}), LayoutError, "'S'"),
     (lambda d: d["start"].update(hidden={"2": "1"}), NotationError, "face-down count"),
     (lambda d: d["start"].update(hidden={"9": 1}), NotationError, "'9'"),
     (lambda d: d["start"].update(hidden={"2": 5}), LayoutError, "'2'"),
     (lambda d: d["start"].update(piles={}), NotationError, "no piles"),
     (lambda d: d["start"]["piles"].update({"1": ["XX"]}), CardError, "'XX'"),
     (lambda d: d["start"]["piles"].update({"Q": []}), NotationError, "'Q'"),
     (lambda d: d["start"].pop("piles"), NotationError, "bad position JSON"),
     (lambda d: d.update(start=[]), NotationError, "bad position JSON")],
)  # fmt: skip
def test_json_errors(change, error, pattern) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(json.dumps(to_json(Position.deal("gilbert", 1))))
    change(data)
    with pytest.raises(error, match=pattern):
        from_json(data)


@pytest.mark.parametrize("junk", [None, 3, "text", [], {}, {"game": None}, {"game": "bisley"}])
def test_json_junk(junk: object) -> None:
    with pytest.raises(PatienceError):
        from_json(junk)
