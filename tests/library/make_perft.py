"""Move-count fixtures ("perft") of the three games, and the script that makes them.

For a deal and a depth ``d``, the count at depth ``k`` (1..d) is the number of
distinct positions (by ``Position.key()``) reached by some sequence of exactly
``k`` legal moves from the start position. Per first move, the same count for the
sequences that begin with that move (their union gives the total).

Regenerate ``perft_data.json`` after a deliberate rule change (and only then)::

    .venv/bin/python tests/library/make_perft.py

``--check-oracle`` also recomputes every count with the independent rule oracle
(``oracle.py``) instead of the library's move generator, and refuses to write if
they differ (slow for Big Apple).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from patience import Move, Position, format_move

DATA = Path(__file__).with_name("perft_data.json")

#: (game, deal, depth). Big Apple has ~30 first moves (8 foundations, 3 cells, the
#: talon and 8 piles give many cell and pile moves): depth 4 costs ~2 s per deal,
#: so its third deal stops at depth 3. Gilbert is cheap (few moves, stock deals),
#: so it goes to depth 6.
CASES: tuple[tuple[str, int, int], ...] = (
    ("bisley", 1, 4),
    ("bisley", 2, 4),
    ("bisley", 1000, 4),
    ("big-apple", 1, 4),
    ("big-apple", 2, 4),
    ("big-apple", 1000, 3),
    ("gilbert", 1, 6),
    ("gilbert", 2, 6),
    ("gilbert", 1000, 6),
)

MoveSource = Callable[[Position], Iterable[Move]]


def library_moves(pos: Position) -> Iterable[Move]:
    return list(pos.legal_moves)


def oracle_moves(pos: Position) -> Iterable[Move]:
    import oracle

    return sorted(Move(*m) for m in oracle.legal_moves(pos.rules.id, pos.piles, pos.hidden))


def perft(
    start: Position, depth: int, moves: MoveSource = library_moves
) -> tuple[list[int], dict[str, list[int]]]:
    """Total distinct positions at depth 1..``depth`` and the same per first move."""
    pos = start.copy(stack=False)
    totals: list[set[bytes]] = [set() for _ in range(depth)]
    by_first: dict[str, list[int]] = {}
    for first in moves(pos):
        name = format_move(pos, first)
        assert name not in by_first, f"two first moves written {name!r}"
        pos.push(first)
        frontier = {pos.key(): pos.copy(stack=False)}
        counts = [1]
        totals[0].add(pos.key())
        for level in range(1, depth):
            following: dict[bytes, Position] = {}
            for node in frontier.values():
                for move in moves(node):
                    node.push(move)
                    key = node.key()
                    if key not in following:
                        following[key] = node.copy(stack=False)
                    node.pop()
            frontier = following
            counts.append(len(frontier))
            totals[level] |= frontier.keys()
        by_first[name] = counts
        pos.pop()
    return [len(level) for level in totals], by_first


def compute(moves: MoveSource = library_moves) -> dict[str, object]:
    cases = []
    for game, deal, depth in CASES:
        total, by_first = perft(Position.deal(game, deal), depth, moves)
        cases.append(
            {"game": game, "deal": deal, "depth": depth, "total": total, "by_first_move": by_first}
        )
    return {
        "about": (
            "Perft counts made by tests/library/make_perft.py: total[k-1] = distinct "
            "positions (Position.key) after exactly k legal moves from the deal; "
            "by_first_move = the same per first move. Big Apple deal 1000 stops at "
            "depth 3 and Gilbert goes to depth 6 (see CASES in make_perft.py)."
        ),
        "cases": cases,
    }


def main(argv: list[str]) -> int:
    data = compute()
    if "--check-oracle" in argv:
        sys.path.insert(0, str(Path(__file__).parent))
        if compute(oracle_moves) != data:
            print("the oracle's counts differ from the library's; nothing written")
            return 1
    text = json.dumps(data, indent=1)
    # one line per list of counts
    text = re.sub(r"\[[\d,\s]*\]", lambda m: json.dumps(json.loads(m.group())), text)
    DATA.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {DATA}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
