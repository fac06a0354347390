"""Find and re-measure the solver fixtures (a script, not a test module).

    .venv/bin/python tests/solver/find_fixtures.py scan GAME FIRST-LAST NODES
        solve each deal with a node budget; print the decided ones as lines of
        ``fixtures/deals.txt`` (GAME DEAL VERDICT NODES-NEEDED)
    .venv/bin/python tests/solver/find_fixtures.py check
        re-solve every deal of ``fixtures/deals.txt`` and every layout fixture and
        print the nodes each needs now (after a solver change, update deals.txt)
    .venv/bin/python tests/solver/find_fixtures.py midgame GAME DEAL MOVES [NODES]
        the position after the first MOVES moves of the deal's winning line (or,
        for a lost deal, of a fixed walk along its first legal moves), in notation

The tests use a budget of 3 x needed + 1000 nodes (``DealFixture.budget``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent))  # tests/: poskit
sys.path.insert(0, str(Path(__file__).parent))  # tests/solver: solverkit

from solverkit import LAYOUT_BUDGET, all_layouts, load_deals

from patience import Position, format_position
from patience.solver import Limit, Verdict, solve


def scan(game: str, deals: str, nodes: int) -> None:
    first, _, last = deals.partition("-")
    for deal in range(int(first), int(last or first) + 1):
        start = time.perf_counter()
        result = solve(Position.deal(game, deal), Limit(nodes=nodes))
        took = time.perf_counter() - start
        mark = "" if result.verdict is not Verdict.UNKNOWN else "# "
        print(
            f"{mark}{game} {deal} {result.verdict.value} {result.nodes}  # {took:.2f} s", flush=True
        )


def check() -> None:
    for fixture in load_deals():
        result = solve(Position.deal(fixture.game, fixture.deal), Limit(nodes=fixture.budget))
        flag = "" if result.verdict.value == fixture.verdict else "  <-- CHANGED"
        print(f"{fixture.game} {fixture.deal} {result.verdict.value} {result.nodes}{flag}")
    for layout in all_layouts():
        result = solve(layout.position(), Limit(nodes=LAYOUT_BUDGET))
        plain = solve(layout.position(), Limit(nodes=LAYOUT_BUDGET), prune=False)
        flag = "" if result.verdict.value == layout.verdict else "  <-- CHANGED"
        print(
            f"{layout}: {result.verdict.value} {result.nodes} "
            f"(plain {plain.verdict.value} {plain.nodes}){flag}"
        )


def midgame(game: str, deal: int, moves: int, nodes: int = 200_000) -> None:
    pos = Position.deal(game, deal)
    result = solve(pos, Limit(nodes=nodes))
    if result.verdict is Verdict.WINNABLE:
        line = list(result.line[:moves])
    else:
        line = []
        probe = pos.copy()
        for _ in range(moves):
            legal = list(probe.legal_moves)
            if not legal:
                break
            probe.push(legal[0])
            line.append(legal[0])
    for move in line:
        pos.play(move)
    print(f"# {game} deal {deal} ({result.verdict.value}) after {len(line)} moves")
    print(format_position(pos), end="")


def main(argv: list[str]) -> None:
    if argv[:1] == ["scan"] and len(argv) == 4:
        scan(argv[1], argv[2], int(argv[3]))
    elif argv == ["check"]:
        check()
    elif argv[:1] == ["midgame"] and len(argv) in (4, 5):
        midgame(argv[1], int(argv[2]), int(argv[3]), *map(int, argv[4:]))
    else:
        print(__doc__)
        raise SystemExit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
