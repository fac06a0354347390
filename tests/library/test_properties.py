"""Property-based tests of the three games: card conservation, push/pop, notation
round trips, the move generator against the independent oracle (both ways),
parsers that raise only PatienceError, and a public view that hides face-down
cards."""

from __future__ import annotations

import contextlib
import itertools
import json

import oracle
import pytest
from helpers import GAMES, play_random, played_position, random_position, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience import (
    PatienceError,
    Position,
    format_move,
    format_position,
    from_json,
    parse_move,
    parse_position,
    public_view,
    to_json,
)

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAME = pytest.mark.parametrize("game", GAMES)


def moves_of(pos: Position) -> set[tuple[int, int, int]]:
    moves = list(pos.legal_moves)
    assert len(moves) == len(set(moves)), "the generator repeats a move"
    assert len(pos.legal_moves) == len(moves)
    assert bool(pos.legal_moves) == bool(moves)
    return {tuple(m) for m in moves}


def assert_oracle_agrees(game: str, pos: Position) -> None:
    generated = moves_of(pos)
    expected = oracle.legal_moves(game, pos.piles, pos.hidden)
    if generated != expected:
        labels = oracle.LABELS[game]

        def names(moves: set[tuple[int, int, int]]) -> list[str]:
            return sorted(f"{labels[s]}-{labels[d]}x{n}" for s, d, n in moves)

        raise AssertionError(
            f"generator and oracle differ in\n{format_position(pos)}"
            f"generator only: {names(generated - expected)}\n"
            f"oracle only: {names(expected - generated)}"
        )


@GAME
def test_oracle_pile_order_is_the_notation_order(game: str) -> None:
    """The oracle names piles by hand; they must be the labels the notation prints."""
    lines = format_position(Position.deal(game, 1)).splitlines()
    assert lines[0] == f"Game: {game}"
    assert tuple(line.split(":")[0] for line in lines[1:]) == oracle.LABELS[game]


# ----------------------------------------------------------------- conservation
@GAME
@SETTINGS
@given(data=st.data())
def test_every_card_present_after_any_legal_moves(game: str, data: st.DataObject) -> None:
    pos = Position.deal(game, data.draw(st.integers(1, 10**6), label="deal"))
    for step in play_random(data, pos, 150):
        assert oracle.card_counts_ok(game, step.piles)
        assert sum(len(p) for p in step.piles) == 52 * oracle.DECKS[game]
        for pile, down in zip(step.piles, step.hidden, strict=True):
            assert down >= 0 and (down < len(pile) or down == 0)


# ----------------------------------------------------------------- push / pop
@GAME
@SETTINGS
@given(data=st.data())
def test_push_then_pop_restores_the_position(game: str, data: st.DataObject) -> None:
    number = data.draw(st.integers(1, 10**6), label="deal")
    pos = Position.deal(game, number)
    trail = play_random(data, pos, 80)
    before = snapshot(pos)
    for move in list(pos.legal_moves):
        pos.push(move)
        assert len(pos.move_stack) == len(before[2]) + 1
        assert pos.pop() == move
        assert snapshot(pos) == before
    # undo the whole game, checking every position on the way back
    for expected in reversed(trail[:-1]):
        pos.pop()
        assert snapshot(pos) == snapshot(expected)
    assert pos == Position.deal(game, number)
    assert pos.move_stack == []
    with pytest.raises(IndexError):
        pos.pop()


@GAME
@SETTINGS
@given(data=st.data())
def test_copy_and_root_are_independent(game: str, data: st.DataObject) -> None:
    pos = played_position(data, game, 40)
    before = snapshot(pos)
    twin = pos.copy()
    root = pos.root()
    for move in list(twin.legal_moves)[:3]:
        twin.push(move)
    assert snapshot(pos) == before
    assert root.move_stack == []
    for move in pos.move_stack:
        root.push(move)
    assert root == pos


# ----------------------------------------------------------------- notation
@GAME
@SETTINGS
@given(data=st.data())
def test_notation_round_trips(game: str, data: st.DataObject) -> None:
    pos = played_position(data, game, 80)
    text = format_position(pos)
    again = parse_position(text)
    assert again == pos and again.hidden == pos.hidden and again.key() == pos.key()
    assert format_position(again) == text
    assert parse_position(text, game) == pos
    for move in pos.legal_moves:
        assert parse_move(pos, format_move(pos, move)) == move
    data_json = json.loads(json.dumps(to_json(pos)))
    loaded = from_json(data_json)
    assert loaded.key() == pos.key() and loaded.hidden == pos.hidden
    assert loaded.move_stack == pos.move_stack
    assert loaded.root() == pos.root()
    assert to_json(loaded) == data_json


@GAME
@SETTINGS
@given(data=st.data())
def test_notation_round_trips_on_random_positions(game: str, data: st.DataObject) -> None:
    pos = random_position(data, game)
    text = format_position(pos)
    assert parse_position(text) == pos
    assert format_position(parse_position(text)) == text
    for move in pos.legal_moves:
        assert parse_move(pos, format_move(pos, move)) == move
    assert from_json(json.loads(json.dumps(to_json(pos)))) == pos


# ----------------------------------------------------------------- generator == oracle
@GAME
@SETTINGS
@given(data=st.data())
def test_generator_and_push_match_oracle_along_random_play(game: str, data: st.DataObject) -> None:
    pos = Position.deal(game, data.draw(st.integers(1, 10**6), label="deal"))
    trail = play_random(data, pos, 60)
    for before, after in itertools.pairwise(trail):
        assert_oracle_agrees(game, before)
        move = after.move_stack[-1]
        assert oracle.apply(game, before.piles, before.hidden, move) == (after.piles, after.hidden)
    assert_oracle_agrees(game, trail[-1])


@GAME
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_generator_matches_oracle_on_random_positions(game: str, data: st.DataObject) -> None:
    assert_oracle_agrees(game, random_position(data, game))


@GAME
@SETTINGS
@given(data=st.data())
def test_is_legal_matches_oracle_on_every_triple(game: str, data: st.DataObject) -> None:
    if data.draw(st.booleans(), label="reachable"):
        pos = played_position(data, game, 60)
    else:
        pos = random_position(data, game)
    count = len(pos.piles)
    for src in range(count):
        for dst in range(count):
            for n in range(len(pos.piles[src]) + 2):
                expected = n >= 1 and oracle.is_legal(game, pos.piles, pos.hidden, (src, dst, n))
                assert ((src, dst, n) in pos.legal_moves) is expected, (src, dst, n)


# ----------------------------------------------------------------- public view
def face_down(game: str, label: str, index: int, size: int, down: int) -> bool:
    """Which cards RULES.md keeps face down: Gilbert's covered column cards and
    its whole stock; Big Apple's talon below its top card."""
    if game == "gilbert":
        return label == "S" or (label.isdigit() and index < down)
    if game == "big-apple":
        return label == "T" and index < size - 1
    return False


@GAME
@SETTINGS
@given(data=st.data())
def test_public_view_never_reveals_a_face_down_card(game: str, data: st.DataObject) -> None:
    pos = played_position(data, game, 80)
    view = public_view(pos)
    dump = json.dumps(view)
    labels = oracle.LABELS[game]
    hidden_texts = set()
    for pile_view, label, pile, down in zip(
        view["piles"], labels, pos.piles, pos.hidden, strict=True
    ):
        assert pile_view["id"] == label
        assert len(pile_view["cards"]) == len(pile)
        for i, (shown, card) in enumerate(zip(pile_view["cards"], pile, strict=True)):
            if face_down(game, label, i, len(pile), down):
                assert shown is None, (label, i)
                hidden_texts.add(oracle.text(card))
            else:
                assert shown == oracle.text(card), (label, i)
    for entry in view["movable"]:
        shown = view["piles"][labels.index(entry["pile"])]["cards"]
        assert shown[entry["index"]] == entry["card"]
    if game == "gilbert":  # one deck: a face-down card's text must not appear at all
        for card_text in hidden_texts:
            assert card_text not in dump, card_text


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_gilbert_deal_shows_one_card_per_column(data: st.DataObject) -> None:
    pos = Position.deal("gilbert", data.draw(st.integers(1, 10**6)))
    view = public_view(pos)
    for pile_view in view["piles"]:
        cards = pile_view["cards"]
        if pile_view["kind"] == "tableau":
            assert cards[:-1] == [None] * (len(cards) - 1) and cards[-1] is not None
        if pile_view["kind"] == "stock":
            assert cards == [None] * 24
    texts = {oracle.text(c) for c in pos.piles[oracle.LABELS["gilbert"].index("S")]}
    texts |= {oracle.text(c) for t in range(8, 15) for c in pos.piles[t][:-1]}
    assert len(texts) == 45
    dump = json.dumps(view)
    assert not [t for t in texts if t in dump]


# ----------------------------------------------------------------- parsers on junk
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=15,
)
# fmt: off
NOTATION_TOKENS = st.sampled_from([
    "Game:", "Game: bisley", "game: Gilbert", "Game: big apple", "Game: chess", "F1:", "f9:",
    "1:", "13:", "0:", "C1:", "T:", "S:", "W:", "|", "||", "7H", "AS", "10D", "KC", "q♠", "XX",
    "1H", "\n", "\n---\n", "---", "#", ":", ",", " ", "x2", "-", "\t", "\r", "\u2028",
])
MOVE_TOKENS = st.sampled_from([
    "1", "7", "13", "14", "F1", "F8", "f2", "C1", "T", "S", "W", "-", "x", "X", "2", "0", " ",
    "x99", "\u0663", "\n",
])
# fmt: on
NOTATION_LIKE = st.lists(NOTATION_TOKENS | st.text(max_size=4), max_size=60).map("".join)
MOVE_LIKE = st.lists(MOVE_TOKENS | st.text(max_size=3), max_size=8).map("".join)
GAME_OR_NONE = st.sampled_from([None, *GAMES])


def assert_valid(pos: Position) -> None:
    assert oracle.card_counts_ok(pos.rules.id, pos.piles)


@settings(max_examples=300, deadline=None)
@given(st.text() | NOTATION_LIKE)
def test_card_parsers_raise_only_card_errors(junk: str) -> None:
    from patience import CardError, parse_card, parse_cards

    try:
        card = parse_card(junk)
    except CardError as err:
        assert repr(junk) in str(err)
    else:
        assert 0 <= card < 52
    try:
        cards = parse_cards(junk)
    except CardError:
        pass
    else:
        assert all(0 <= c < 52 for c in cards)


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_get_game_raises_only_unknown_game(junk: str) -> None:
    from patience import UnknownGameError, get_game

    try:
        rules = get_game(junk)
    except UnknownGameError as err:
        assert repr(junk) in str(err)
    else:
        assert rules.id in GAMES


@settings(max_examples=300, deadline=None)
@given(st.text() | NOTATION_LIKE, GAME_OR_NONE)
def test_position_parsers_raise_only_patience_errors(junk: str, game: str | None) -> None:
    from patience import parse_positions

    with contextlib.suppress(PatienceError):
        assert_valid(parse_position(junk, game))
    try:
        for pos in parse_positions(junk, game):
            assert_valid(pos)
    except PatienceError:
        pass


@GAME
@SETTINGS
@given(data=st.data())
def test_parse_move_raises_only_patience_errors(game: str, data: st.DataObject) -> None:
    pos = played_position(data, game, 30)
    for _ in range(20):
        junk = data.draw(st.text(max_size=12) | MOVE_LIKE, label="move text")
        try:
            move = parse_move(pos, junk)
        except PatienceError:
            continue
        assert move in pos.legal_moves


def mutate_tokens(data: st.DataObject, tokens: list[str]) -> list[str]:
    """Drop, duplicate, swap or replace a few tokens."""
    tokens = list(tokens)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        if not tokens:
            break
        i = data.draw(st.integers(0, len(tokens) - 1), label="at")
        j = data.draw(st.integers(0, len(tokens) - 1), label="other")
        op = data.draw(st.sampled_from(["drop", "duplicate", "swap", "replace"]), label="op")
        if op == "drop":
            del tokens[i]
        elif op == "duplicate":
            tokens.insert(j, tokens[i])
        elif op == "swap":
            tokens[i], tokens[j] = tokens[j], tokens[i]
        else:
            tokens[i] = data.draw(NOTATION_TOKENS | st.text(max_size=3), label="token")
    return tokens


def text_tokens(text: str) -> list[str]:
    out: list[str] = []
    for line in text.splitlines():
        out += [*line.split(), "\n"]
    return out


def join_tokens(tokens: list[str]) -> str:
    return " ".join(tokens).replace(" \n ", "\n")


@GAME
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_mutated_position_text_raises_only_patience_errors(game: str, data: st.DataObject) -> None:
    pos = played_position(data, game, 40)
    text = format_position(pos)
    if game == "bisley" and data.draw(st.booleans(), label="short form"):
        text = "\n".join(" ".join(oracle.text(c) for c in pile) for pile in pos.piles[8:]) + "\n"
        game_arg: str | None = game
    else:
        game_arg = data.draw(GAME_OR_NONE, label="game argument")
    mutated = join_tokens(mutate_tokens(data, text_tokens(text)))
    with contextlib.suppress(PatienceError):
        assert_valid(parse_position(mutated, game_arg))


@GAME
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_mutated_move_text_raises_only_patience_errors(game: str, data: st.DataObject) -> None:
    pos = played_position(data, game, 40)
    for move in list(pos.legal_moves)[:10]:
        chars = list(format_move(pos, move))
        mutated = "".join(mutate_tokens(data, chars))
        with contextlib.suppress(PatienceError):
            assert parse_move(pos, mutated) in pos.legal_moves


@settings(max_examples=200, deadline=None)
@given(JSON_VALUES)
def test_from_json_raises_only_patience_errors_on_junk(junk: object) -> None:
    with contextlib.suppress(PatienceError):
        assert_valid(from_json(junk))


def mutate_json(data: st.DataObject, value: object) -> object:
    """Replace, delete, duplicate or swap something at a random place in ``value``."""
    if isinstance(value, dict) and value and data.draw(st.booleans(), label="descend"):
        key = data.draw(st.sampled_from(sorted(value)), label="key")
        op = data.draw(st.sampled_from(["descend", "delete", "rename"]), label="dict op")
        out = dict(value)
        if op == "descend":
            out[key] = mutate_json(data, value[key])
        elif op == "delete":
            del out[key]
        else:
            out[data.draw(st.text(max_size=4) | st.sampled_from(["1", "F1", "S", "W", "T"]))] = (
                out.pop(key)
            )
        return out
    if isinstance(value, list) and value and data.draw(st.booleans(), label="descend"):
        out_list = list(value)
        i = data.draw(st.integers(0, len(value) - 1), label="index")
        j = data.draw(st.integers(0, len(value) - 1), label="other index")
        op = data.draw(st.sampled_from(["descend", "delete", "duplicate", "swap"]), label="op")
        if op == "descend":
            out_list[i] = mutate_json(data, value[i])
        elif op == "delete":
            del out_list[i]
        elif op == "duplicate":
            out_list.insert(j, value[i])
        else:
            out_list[i], out_list[j] = out_list[j], out_list[i]
        return out_list
    return data.draw(JSON_VALUES, label="replacement")


@GAME
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_mutated_json_raises_only_patience_errors(game: str, data: st.DataObject) -> None:
    pos = played_position(data, game, 30)
    mutated = mutate_json(data, to_json(pos))
    with contextlib.suppress(PatienceError):
        assert_valid(from_json(mutated))


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(GAMES),
    st.integers(max_value=0)
    | st.integers(min_value=2**63)
    | st.text()
    | st.floats()
    | st.booleans()
    | st.none()
    | st.just(b"1"),
)
def test_deal_numbers_out_of_range_raise_deal_error(game: str, number: object) -> None:
    from patience import DealError

    with pytest.raises(DealError) as info:
        Position.deal(game, number)  # type: ignore[arg-type]
    assert repr(number) in str(info.value)


@settings(max_examples=30, deadline=None)
@given(st.text())
def test_deal_of_an_unknown_game_raises_unknown_game(game: str) -> None:
    from patience import UnknownGameError

    with contextlib.suppress(UnknownGameError):
        Position.deal(game, 1)
