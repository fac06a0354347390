"""Text notation of positions and moves, and JSON (see ``docs/notation.md``).

A position is written one pile per line, ``LABEL: cards``, base card first, after a
``Game:`` line. Labels: foundations ``F1``.., cells ``C1``.., tableau piles ``1``..,
talon ``T``, stock ``S``, waste ``W``. In a tableau pile the face-down cards come
before a ``|``. Empty piles may be left out. Lines starting with ``#`` are comments.
Several positions in one text are separated by a line ``---``.

Bisley (any game without talon or stock whose tableau is all face up) also takes a
short start form: one line of cards per tableau pile and nothing else; Aces that
start on the foundations are implied.

>>> from patience import Position
>>> pos = Position.deal("gilbert", 7)
>>> parse_position(format_position(pos)) == pos
True
>>> format_move(pos, parse_move(pos, "S-W"))
'S-W'
"""

from __future__ import annotations

import re
from typing import Any

from patience.cards import RANK, Card, format_card, parse_card
from patience.errors import CardError, IllegalMoveError, NotationError, PatienceError
from patience.games import get_game
from patience.piles import ANY_SUIT, layout_of
from patience.position import Move, Position
from patience.rules import GameRules, Kind

SEPARATOR = "---"
_MOVE_RE = re.compile(r"^\s*([A-Za-z]?\d*)\s*-\s*([A-Za-z]?\d*)\s*(?:[xX]([0-9]{1,3}))?\s*$")


# ----------------------------------------------------------------- positions
def format_position(pos: Position) -> str:
    """The text notation of ``pos`` (every pile listed, empty ones too)."""
    lines = [f"Game: {pos.rules.id}"]
    for label, pile, down in zip(pos.layout.labels, pos.piles, pos.hidden, strict=True):
        cards = [format_card(c) for c in pile]
        if down:
            cards.insert(down, "|")
        lines.append(f"{label}: {' '.join(cards)}".rstrip())
    return "\n".join(lines) + "\n"


def parse_position(text: str, game: str | GameRules | None = None) -> Position:
    """Parse one position. ``game`` is needed when the text has no ``Game:`` line.

    Raises :class:`~patience.errors.NotationError` (bad text),
    :class:`~patience.errors.CardError` (bad card) or
    :class:`~patience.errors.LayoutError` (impossible position).
    """
    rules = _resolve(game)
    rows: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line == SEPARATOR:
            raise NotationError(
                f"line {number}: {SEPARATOR!r} separates positions; use parse_positions"
            )
        head, sep, rest = line.partition(":")
        if sep and head.strip().lower() == "game":
            named = get_game(rest.strip())
            if rules is not None and named is not rules:
                raise NotationError(f"line {number}: game {rest.strip()!r} is not {rules.id!r}")
            rules = named
            continue
        rows.append((number, line))
    if rules is None:
        raise NotationError("no 'Game:' line and no game given")
    if not rows:
        raise NotationError("no piles in the position text")
    labelled = [":" in line for _, line in rows]
    if all(labelled):
        return _parse_labelled(rules, rows)
    if not any(labelled):
        return _parse_short(rules, rows)
    number, line = rows[labelled.index(False)] if labelled[0] else rows[labelled.index(True)]
    raise NotationError(f"line {number}: {line!r} mixes labelled and unlabelled pile lines")


def parse_positions(text: str, game: str | GameRules | None = None) -> list[Position]:
    """Parse positions separated by lines ``---``; a ``Game:`` line carries over."""
    chunks: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip() == SEPARATOR:
            chunks.append([])
        else:
            chunks[-1].append(line)
    rules = _resolve(game)
    out = []
    for chunk in chunks:
        body = "\n".join(chunk)
        if not body.strip() or all(ln.strip().startswith("#") for ln in chunk if ln.strip()):
            continue
        for ln in chunk:
            head, sep, rest = ln.partition(":")
            if sep and head.strip().lower() == "game":
                rules = get_game(rest.strip())
        out.append(parse_position(body, rules))
    if not out:
        raise NotationError("no position in the text")
    return out


def _resolve(game: str | GameRules | None) -> GameRules | None:
    return get_game(game) if isinstance(game, str) else game


def _cards(tokens: list[str], number: int) -> list[Card]:
    cards = []
    for token in tokens:
        try:
            cards.append(parse_card(token))
        except CardError as err:
            raise CardError(f"line {number}: {err}") from None
    return cards


def _parse_labelled(rules: GameRules, rows: list[tuple[int, str]]) -> Position:
    layout = layout_of(rules)
    piles: list[list[Card]] = [[] for _ in range(layout.count)]
    hidden = [0] * layout.count
    seen: set[int] = set()
    for number, line in rows:
        head, _, rest = line.partition(":")
        label = head.strip().upper()
        pile = layout.by_label.get(label)
        if pile is None:
            known = " ".join(layout.labels)
            raise NotationError(
                f"line {number}: unknown pile {head.strip()!r}; {rules.name} has {known}"
            )
        if pile in seen:
            raise NotationError(f"line {number}: pile {label!r} appears twice")
        seen.add(pile)
        tokens = rest.replace(",", " ").split()
        if tokens.count("|") > 1:
            raise NotationError(f"line {number}: more than one '|' in pile {label!r}")
        if "|" in tokens:
            if layout.kinds[pile] is not Kind.TABLEAU:
                raise NotationError(f"line {number}: only tableau piles have face-down cards ('|')")
            hidden[pile] = tokens.index("|")
            tokens.remove("|")
        piles[pile] = _cards(tokens, number)
    return Position(rules, piles, hidden)


def _parse_short(rules: GameRules, rows: list[tuple[int, str]]) -> Position:
    tab = rules.tableau
    if rules.talon or rules.stock is not None or tab.face_up is not None:
        raise NotationError(
            f"{rules.name} positions need labelled lines like '1: 7H 8H'; "
            f"the short form is for games whose cards are all in the tableau"
        )
    if len(rows) != tab.count:
        raise NotationError(
            f"a {rules.name} start position has {tab.count} lines of cards, not {len(rows)}"
        )
    layout = layout_of(rules)
    piles: list[list[Card]] = [[] for _ in range(layout.count)]
    for t, (number, line) in zip(layout.tableau, rows, strict=True):
        piles[t] = _cards(line.replace(",", " ").split(), number)
        for card in piles[t]:
            if rules.aces_dealt_to_foundations and RANK[card] == 1:
                raise NotationError(
                    f"line {number}: {format_card(card)!r} starts on its foundation; "
                    "leave the Aces out of the columns"
                )
    if rules.aces_dealt_to_foundations:
        for suit in range(4):
            f = next(
                f
                for f in layout.foundations
                if layout.found_base[f] == 1
                and layout.found_suit[f] in (ANY_SUIT, suit)
                and not piles[f]
            )
            piles[f] = [suit * 13]
    return Position(rules, piles)


# ----------------------------------------------------------------- moves
def format_move(pos: Position, move: Move) -> str:
    """``SRC-DST``, with ``xN`` when a tableau run of N > 1 cards moves.

    >>> from patience import Position
    >>> pos = Position.deal("bisley", 1)
    >>> format_move(pos, Move(8, 12))
    '1-5'
    """
    labels = pos.layout.labels
    text = f"{labels[move.src]}-{labels[move.dst]}"
    if move.n > 1 and not pos.is_stock_move(move):
        text += f"x{move.n}"
    return text


def parse_move(pos: Position, text: str) -> Move:
    """Parse ``SRC-DST`` or ``SRC-DSTxN`` into a legal move of ``pos``.

    Without ``xN`` the move must be the only legal one from SRC to DST.
    Raises :class:`~patience.errors.NotationError` for bad text and
    :class:`~patience.errors.IllegalMoveError` when no legal move matches.
    """
    match = _MOVE_RE.match(text)
    if not match:
        raise NotationError(f"bad move {text!r}: write SRC-DST like '3-F1', '4-7x2' or 'S-W'")
    src_text, dst_text, count_text = match.groups()
    by_label = pos.layout.by_label
    src = by_label.get(src_text.upper())
    dst = by_label.get(dst_text.upper())
    for label, index in ((src_text, src), (dst_text, dst)):
        if index is None:
            raise NotationError(f"bad move {text!r}: no pile {label!r} in {pos.rules.name}")
    assert src is not None and dst is not None
    candidates = [m for m in pos.legal_moves if m.src == src and m.dst == dst]
    if count_text is not None and not pos.is_stock_move(Move(src, dst)):
        candidates = [m for m in candidates if m.n == int(count_text)]
    if not candidates:
        raise IllegalMoveError(f"illegal move {text.strip()!r} in this position")
    if len(candidates) > 1:
        options = ", ".join(format_move(pos, m) for m in candidates)
        raise NotationError(f"ambiguous move {text.strip()!r}: say which of {options}")
    return candidates[0]


# ----------------------------------------------------------------- JSON
def to_json(pos: Position) -> dict[str, Any]:
    """A JSON-ready dict: the start position and the moves made from it.

    Face-down cards are included: this is for the server's storage, not for
    browsers (see :func:`patience.view.public_view`).
    """
    start = pos.root()
    labels = start.layout.labels
    return {
        "game": pos.rules.id,
        "start": {
            "piles": {labels[i]: [format_card(c) for c in p] for i, p in enumerate(start.piles)},
            "hidden": {labels[i]: d for i, d in enumerate(start.hidden) if d},
        },
        "moves": _move_texts(start, pos.move_stack),
    }


def _move_texts(start: Position, moves: list[Move]) -> list[str]:
    out = []
    for move in moves:
        out.append(format_move(start, move))
        start.push(move)
    return out


def from_json(data: Any) -> Position:
    """Rebuild a position from :func:`to_json` output: the start position, then
    every move replayed and checked, so undo works after loading.

    Raises only :class:`~patience.errors.PatienceError` subclasses.
    """
    try:
        rules = get_game(str(data["game"]))
        start = data["start"]
        rows = [f"{k}: {' '.join(str(c) for c in v)}" for k, v in start["piles"].items()]
        pos = parse_position("\n".join(rows) or "# empty", rules) if rows else None
        if pos is None:
            raise NotationError("bad position JSON: no piles")
        for label, down in start.get("hidden", {}).items():
            index = pos.layout.by_label.get(str(label).strip().upper())
            if index is None or type(down) is not int:
                raise NotationError(f"bad face-down count {label!r}: {down!r}")
            pos.hidden[index] = down
        moves = list(data.get("moves", []))
    except PatienceError:
        raise
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise NotationError(f"bad position JSON: {err!r}") from None
    from patience.validate import check_position

    check_position(pos)
    for text in moves:
        pos.push(parse_move(pos, str(text)))
    return pos
