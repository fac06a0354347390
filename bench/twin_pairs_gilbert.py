"""Twin pairs in Gilbert's complete search: how many positions one move apart both ways.

Two cards of one rank and colour (twins, like 6D and 6H) take the same cards. When
a run lies on one of them and the other is a column's top card, the run can move
onto the other and back, one move each way: the two positions reach each other,
so they have one verdict. This counts, among the positions the complete search
expands (the Python engine, the solver's pruning rules), how many classes they
fall into when each such run is put on the twin with the lower card number, to
size what a search over those classes could save:

    python bench/twin_pairs_gilbert.py --deals 2,21,53 --nodes 400000

It prints per deal the verdict and states of the search, its distinct table keys
(``stock_order.key``), the classes, their ratio, and the flexible pairs a position
has on average. ``--classes`` runs instead a complete search over the classes
(:func:`class_search`: from each class the steps of every position in it, listed
one by one) and prints its verdict and the classes it searched:

    python bench/twin_pairs_gilbert.py --deals 2,21 --classes

``--compiled`` runs instead the compiled complete search alone, plain and over
the classes (``fast.search(..., twins=True)``, pruning/twins.py), each within
``--nodes`` and ``--seconds``, and prints both verdicts, states and seconds:

    python bench/twin_pairs_gilbert.py --deals 2,21,238 --compiled --seconds 10

(docs/solver.md, "Twin pairs (Gilbert), measured: a lead" and "The search over
twin classes (Gilbert)").
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Iterator
from typing import NamedTuple

from patience import Position
from patience.cards import Card
from patience.games import GILBERT
from patience.solver import engine, fast
from patience.solver.cli import parse_deals
from patience.solver.engine import Step
from patience.solver.limits import Limit
from patience.solver.pruning import stock_order
from patience.solver.pruning.twins import canonical, covered_twins, pairs, twin


def members(pos: Position) -> list[Position]:
    """Every position of ``pos``'s class: each flexible pair's run on either twin
    (copies; ``pos`` is canonical)."""
    tableau = pos.layout.tableau
    out = [pos]
    found = covered_twins(pos)
    for card in found:
        more = []
        for member in out:
            piles = [list(p) for p in member.piles]
            a, i = _find(piles, tableau, card)
            b = next(t for t in tableau if piles[t] and piles[t][-1] == twin(card))
            piles[b].extend(piles[a][i + 1 :])
            del piles[a][i + 1 :]
            more.append(Position(pos.rules, piles, pos.hidden, validate=False))
        out += more
    return out


def _find(piles: list[list[Card]], tableau: tuple[int, ...], card: Card) -> tuple[int, int]:
    for t in tableau:
        if card in piles[t]:
            return t, piles[t].index(card)
    raise ValueError(card)


def class_search(pos: Position, nodes: int) -> tuple[str, int]:
    """The complete search over classes (depth-first, the solver's pruning rules
    and table): from each class the steps of every member, each child taken to its
    class's canonical position. Returns the verdict and the classes searched."""
    strategy = engine.strategy_of(GILBERT)
    root = canonical(pos)
    seen = {stock_order.key(root)}
    stack = [root]
    count = 0
    while stack:
        node = stack.pop()
        if node.is_won():
            return "winnable", count
        children = []
        for member in members(node):
            for step in strategy.children(member):
                for move in step:
                    member.push(move)
                child = canonical(member)
                for _ in step:
                    member.pop()
                key = stock_order.key(child)
                if key in seen or strategy.dominated(child, key, seen):
                    continue
                seen.add(key)
                count += 1
                if count >= nodes:
                    return "unknown", count
                children.append(child)
        stack += reversed(children)  # the first child is searched first
    return "lost", count


class Tally:
    """The expanded positions' table keys and class keys, and the pairs counted."""

    def __init__(self) -> None:
        self.keys: set[bytes] = set()
        self.classes: set[bytes] = set()
        self.pairs = 0


@contextlib.contextmanager
def counting(tally: Tally) -> Iterator[None]:
    """The Python engine's Gilbert strategy records each position it expands."""
    strategy = engine.strategy_of(GILBERT)
    children = strategy.children

    def recording(pos: Position) -> list[Step]:
        tally.keys.add(stock_order.key(pos))
        tally.classes.add(stock_order.key(canonical(pos)))
        tally.pairs += pairs(pos)
        return children(pos)

    strategy.children = recording  # type: ignore[method-assign]
    try:
        yield
    finally:
        del strategy.children  # the class's method again


class Row(NamedTuple):
    """One deal's measurement."""

    deal: int
    verdict: str
    nodes: int
    keys: int
    classes: int
    pairs: float  # flexible pairs a position, on average
    seconds: float


def measure(deal: int, nodes: int) -> Row:
    """One deal's complete search (Python engine), its keys and classes."""
    tally = Tally()
    start = time.perf_counter()
    with counting(tally):
        result = engine.single_search(
            Position.deal("gilbert", deal), Limit(nodes=nodes), native=False
        )
    return Row(
        deal,
        str(result.verdict),
        result.nodes,
        len(tally.keys),
        len(tally.classes),
        tally.pairs / max(len(tally.keys), 1),
        round(time.perf_counter() - start, 1),
    )


def compiled(deal: int, limit: Limit) -> str:
    """One deal's compiled complete search, plain and over classes: a line."""
    out = [f"{deal:5d}"]
    for twins in (False, True):
        result = fast.search(Position.deal("gilbert", deal), limit, twins=twins)
        out.append(
            f"{'classes' if twins else 'plain'} {result.verdict.value} {result.nodes:,}"
            f" {result.seconds:.2f} s"
        )
    return "  ".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", required=True, help="Gilbert deals, like 2,21,53-60")
    parser.add_argument("--nodes", type=int, default=400_000, help="states a search")
    parser.add_argument("--classes", action="store_true", help="the search over classes")
    parser.add_argument(
        "--compiled", action="store_true", help="the compiled searches, plain and over classes"
    )
    parser.add_argument("--seconds", type=float, default=None, help="seconds a search")
    args = parser.parse_args(argv)
    for deal in parse_deals(args.deals):
        if args.compiled:
            print(compiled(deal, Limit(nodes=args.nodes, seconds=args.seconds)), flush=True)
            continue
        if args.classes:
            start = time.perf_counter()
            verdict, classes = class_search(Position.deal("gilbert", deal), args.nodes)
            seconds = time.perf_counter() - start
            print(f"{deal:5d}  {verdict} after {classes:,} classes  {seconds:.1f} s", flush=True)
            continue
        row = measure(deal, args.nodes)
        print(
            f"{row.deal:5d}  {row.verdict} after {row.nodes:,} states  keys {row.keys:,}"
            f"  classes {row.classes:,}  ratio {row.keys / max(row.classes, 1):.2f}"
            f"  pairs a position {row.pairs:.2f}  {row.seconds} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
