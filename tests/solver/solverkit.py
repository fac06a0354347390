"""Shared helpers of the solver tests: fixture files, replaying lines, crafted and
random small positions.

Importable as a top-level module from ``tests/solver`` (pytest puts this folder on
``sys.path``). Nothing here runs a search on import.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from patience import Move, Position, get_game, parse_position
from patience.cards import make_card
from patience.piles import layout_of
from patience.solver import Limit, Result, Verdict
from patience.solver.engine import single_search
from poskit import complete, move  # noqa: F401  (re-exported for the solver tests)

GAMES = ("bisley", "big-apple", "gilbert")
FIXTURES = Path(__file__).parent / "fixtures"


# ----------------------------------------------------------------- fixtures
@dataclass(frozen=True)
class DealFixture:
    """A deal number whose verdict the solver proves within ``needed`` nodes."""

    game: str
    deal: int
    verdict: str
    needed: int

    @property
    def budget(self) -> int:
        """A node budget comfortably above what the proof needs."""
        return 3 * self.needed + 1000

    def __str__(self) -> str:
        return f"{self.game}-{self.deal}-{self.verdict}"


def load_deals() -> list[DealFixture]:
    """``fixtures/deals.txt``: lines ``GAME DEAL VERDICT NODES`` (``#`` comments)."""
    out = []
    for raw in (FIXTURES / "deals.txt").read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            game, deal, verdict, needed = line.split()
            out.append(DealFixture(game, int(deal), verdict, int(needed)))
    return out


@dataclass(frozen=True)
class LayoutFixture:
    """One position of a layout file; ``name`` is its ``# name:`` comment."""

    file: str
    name: str
    verdict: str
    text: str

    def position(self) -> Position:
        return parse_position(self.text, self.file.split("_")[0])

    def __str__(self) -> str:
        return f"{self.file}:{self.name}"


def layout_files() -> list[Path]:
    """Every ``fixtures/GAME_VERDICT.txt``."""
    return sorted(p for p in FIXTURES.glob("*_*.txt"))


def load_layouts(path: Path) -> list[LayoutFixture]:
    """The positions of one layout file, split on lines ``---``. The verdict is the
    part of the file name after ``_`` (``bisley_lost.txt``)."""
    verdict = path.stem.split("_")[1]
    out = []
    for chunk in path.read_text(encoding="utf-8").split("\n---\n"):
        names = [
            ln.split(":", 1)[1].strip()
            for ln in chunk.splitlines()
            if ln.strip().startswith("# name:")
        ]
        if not any(ln.strip() and not ln.strip().startswith("#") for ln in chunk.splitlines()):
            continue
        assert len(names) == 1, f"{path.name}: each position needs one '# name:' line"
        out.append(LayoutFixture(path.stem, names[0], verdict, chunk))
    return out


def all_layouts() -> list[LayoutFixture]:
    return [fixture for path in layout_files() for fixture in load_layouts(path)]


#: Node budget of every layout fixture (the hand-made ones need a few hundred at
#: most, the mid-game ones what their deal needs; see ``find_fixtures.py``).
LAYOUT_BUDGET = 20_000


# ----------------------------------------------------------------- replay
def replay_wins(position: Position, line: tuple[Move, ...] | list[Move]) -> Position:
    """Play ``line`` from a copy of ``position`` through the rules (each move
    checked by ``Position.play``) and assert that it ends in a won position."""
    probe = position.copy(stack=False)
    for step in line:
        probe.play(step)
    assert probe.is_won(), "the winning line does not win"
    return probe


def searches_agree(position: Position, limit: Limit, **options: Any) -> Result:
    """``single_search(position, limit, **options)`` with the compiled engine and
    with the Python one: assert the same verdict, node count, table size and line
    (a winning one replays to a win); return the compiled engine's result."""
    native = single_search(position, limit, **options)
    python = single_search(position, limit, native=False, **options)
    assert (native.verdict, native.nodes, native.peak_table, native.line) == (
        python.verdict,
        python.nodes,
        python.peak_table,
        python.line,
    )
    if native.verdict is Verdict.WINNABLE:
        replay_wins(position, native.line)
    return native


# ----------------------------------------------------------------- crafting
def _split(draw: st.DrawFn, total: int, slots: int, cap: int) -> list[int]:
    """``total`` cards spread over ``slots`` chains of at most ``cap`` cards each."""
    counts = [0] * slots
    for _ in range(total):
        free = [i for i in range(slots) if counts[i] < cap]
        counts[draw(st.sampled_from(free))] += 1
    return counts


def _deal_to_piles(
    draw: st.DrawFn, cards: list[int], labels: list[str], max_piles: int
) -> dict[str, list[int]]:
    """``cards`` (already shuffled) dealt onto 1..``max_piles`` of ``labels``."""
    if not cards:
        return {}
    count = draw(st.integers(1, min(max_piles, len(cards), len(labels))))
    used = draw(st.permutations(labels))[:count]
    piles: dict[str, list[int]] = {label: [] for label in used}
    for i, card in enumerate(cards):
        label = used[i] if i < count else draw(st.sampled_from(used))
        piles[label].append(card)
    return piles


@st.composite
def bisley_small(draw: st.DrawFn, low: int = 6, high: int = 16) -> Position:
    """A Bisley position with ``low``..``high`` cards in the columns: per suit the
    foundations hold the rest, split in any legal way between the ace foundation
    (never empty: the Aces start there) and the king foundation; the cards are dealt
    at random onto some of the 13 columns (at most about half as many columns as
    cards, so piles are often deep and a good share of positions are lost)."""
    rules = get_game("bisley")
    layout = layout_of(rules)
    total = draw(st.integers(low, high), label="cards")
    counts = _split(draw, total, 4, 12)
    piles: dict[str, list[int]] = {}
    pool = []
    for suit, k in enumerate(counts):
        up = draw(st.integers(1, 13 - k), label="ace foundation height")
        down = 13 - k - up
        piles[f"F{suit + 1}"] = [make_card(r, suit) for r in range(1, up + 1)]
        piles[f"F{suit + 5}"] = [make_card(r, suit) for r in range(13, 13 - down, -1)]
        pool += [make_card(r, suit) for r in range(up + 1, 14 - down)]
    pool = draw(st.permutations(pool))
    columns = [str(i) for i in range(1, 14)]
    piles.update(_deal_to_piles(draw, pool, columns, max(1, total // 2)))
    return Position(rules, [piles.get(label, []) for label in layout.labels])


@st.composite
def gilbert_small(
    draw: st.DrawFn,
    low: int = 3,
    high: int = 9,
    max_suits: int = 2,
    max_columns: int = 7,
    max_stock: int = 6,
    min_stock: int = 0,
    min_suits: int = 1,
) -> Position:
    """A Gilbert position with ``low``..``high`` cards off the foundations, all of
    ``min_suits``..``max_suits`` suits (at most 13 cards each); every other suit
    lies complete on its up foundation (its King on top can never come back, which
    keeps the plain search small). Some cards sit in a short stock and waste
    (``min_stock``..``max_stock`` cards, as many as there are), the rest in a few
    columns, some of them face down."""
    rules = get_game("gilbert")
    layout = layout_of(rules)
    total = draw(st.integers(low, high), label="cards")
    n_suits = draw(st.integers(min_suits, max_suits), label="suits")
    suits = draw(st.permutations(range(4)))[:n_suits]
    split = _split(draw, total, len(suits), 13)
    counts = [0] * 4
    for suit, k in zip(suits, split, strict=True):
        counts[suit] = k
    piles: dict[str, list[int]] = {}
    hidden: dict[str, int] = {}
    pool = []
    for suit, k in enumerate(counts):
        up = draw(st.integers(0, 13 - k), label="up foundation height") if k else 13
        down = 13 - k - up
        piles[f"F{suit + 1}"] = [make_card(r, suit) for r in range(1, up + 1)]
        piles[f"F{suit + 5}"] = [make_card(r, suit) for r in range(13, 13 - down, -1)]
        pool += [make_card(r, suit) for r in range(up + 1, 14 - down)]
    pool = draw(st.permutations(pool))
    in_stock = draw(
        st.integers(min(len(pool), min_stock), min(len(pool), max_stock)), label="stock and waste"
    )
    cut = draw(st.integers(0, in_stock), label="stock")
    piles["S"], piles["W"] = pool[:cut], pool[cut:in_stock]
    columns = _deal_to_piles(draw, pool[in_stock:], [str(i) for i in range(1, 8)], max_columns)
    for label, cards in columns.items():
        piles[label] = cards
        hidden[label] = draw(st.integers(0, len(cards) - 1), label="face down")
    return Position(
        rules,
        [piles.get(label, []) for label in layout.labels],
        [hidden.get(label, 0) for label in layout.labels],
    )


@st.composite
def gilbert_stock_cycle(draw: st.DrawFn) -> Position:
    """A Gilbert position where the stock goes round many times: two suits are off
    the foundations but for their Aces (up), the first one's King and the second
    one's K-8 (down). The first suit's 2, 8 and Queen lie in one column in any order,
    some face down; the second suit's 2 in another; both suits' 3-7 and the first's
    9-J are shuffled into the stock and waste. The other suits are complete on their
    up foundations. Often lost (the 8 is stuck when it covers the 2 or the Queen),
    and then the search plays the stock's cards to the foundations in many orders:
    positions that differ only by the waste's size (the stock order rule) are
    common."""
    rules = get_game("gilbert")
    layout = layout_of(rules)
    first, second = draw(st.permutations(range(4)))[:2]
    piles: dict[str, list[int]] = {}
    for suit in range(4):
        top = 1 if suit in (first, second) else 13
        piles[f"F{suit + 1}"] = [make_card(r, suit) for r in range(1, top + 1)]
    piles[f"F{first + 5}"] = [make_card(13, first)]
    piles[f"F{second + 5}"] = [make_card(r, second) for r in range(13, 7, -1)]
    column = draw(st.permutations([make_card(r, first) for r in (2, 8, 12)]))
    hidden = draw(st.integers(0, 2), label="face down")
    stock = [make_card(r, first) for r in (3, 4, 5, 6, 7, 9, 10, 11)]
    stock += [make_card(r, second) for r in (3, 4, 5, 6, 7)]
    pool = draw(st.permutations(stock))
    cut = draw(st.integers(0, len(pool)), label="stock")
    piles["S"], piles["W"] = pool[:cut], pool[cut:]
    piles["1"] = column
    piles["2"] = [make_card(2, second)]
    return Position(
        rules,
        [piles.get(label, []) for label in layout.labels],
        [hidden if label == "1" else 0 for label in layout.labels],
    )


def _big_apple_foundations(
    draw: st.DrawFn, low: int, high: int, chains: tuple[int, int]
) -> tuple[dict[str, list[int]], list[int]]:
    """Big Apple's eight foundations as complete suit chains but for ``low``..``high``
    cards taken off ``chains[0]``..``chains[1]`` of them: the foundations by label,
    and the cards taken off, shuffled."""
    total = draw(st.integers(low, high), label="cards")
    picked = draw(st.permutations(range(8)))[: draw(st.integers(*chains), label="chains")]
    split = _split(draw, total, len(picked), 13)
    counts = [0] * 8
    for chain, k in zip(picked, split, strict=True):
        counts[chain] = k
    slots = draw(st.permutations([f"F{i}" for i in range(1, 9)]))
    piles: dict[str, list[int]] = {}
    pool = []
    for chain, slot in enumerate(slots):
        suit = chain % 4
        height = 13 - counts[chain]
        piles[slot] = [make_card(r, suit) for r in range(1, height + 1)]
        pool += [make_card(r, suit) for r in range(height + 1, 14)]
    return piles, draw(st.permutations(pool))


@st.composite
def big_apple_small(draw: st.DrawFn, low: int = 1, high: int = 3) -> Position:
    """A Big Apple position with ``low``..``high`` cards off the foundations, from
    one or two of the eight suit chains (the other chains are complete: a King on
    top never comes back); some in the cells, a short talon, the rest in a few
    tableau piles."""
    rules = get_game("big-apple")
    layout = layout_of(rules)
    piles, pool = _big_apple_foundations(draw, low, high, (1, 2))
    for cell in ("C1", "C2", "C3"):
        if pool and draw(st.booleans(), label=f"{cell} full"):
            piles[cell] = [pool.pop()]
    in_talon = draw(st.integers(0, min(len(pool), 4)), label="talon")
    piles["T"] = pool[:in_talon]
    piles.update(_deal_to_piles(draw, pool[in_talon:], [str(i) for i in range(1, 9)], 8))
    return Position(rules, [piles.get(label, []) for label in layout.labels])


SMALL = {"bisley": bisley_small, "gilbert": gilbert_small, "big-apple": big_apple_small}


@st.composite
def big_apple_jam(draw: st.DrawFn) -> Position:
    """A jammed Big Apple position (the ``jammed`` fixtures, shuffled): every
    foundation at 7; each pile holds an 8 and a Ten under a Queen, a Jack of
    another suit and a King; Nines fill the cells (one may be free) and the talon.
    At most one move (into the free cell) is ever possible, so the plain search
    exhausts it at once; it is lost."""
    rules = get_game("big-apple")
    layout = layout_of(rules)
    chains = [0, 0, 1, 1, 2, 2, 3, 3]
    piles: dict[str, list[int]] = {
        f"F{i + 1}": [make_card(r, suit) for r in range(1, 8)] for i, suit in enumerate(chains)
    }
    eights = draw(st.permutations(chains))
    tens = draw(st.permutations(chains))
    kings = draw(st.permutations(chains))
    queens = draw(st.permutations(chains))
    shift = draw(st.integers(1, 3), label="jack suit shift")
    jacks = [(q + shift) % 4 for q in queens]  # never the suit of the Queen below
    for i in range(8):
        piles[str(i + 1)] = [
            make_card(8, eights[i]),
            make_card(10, tens[i]),
            make_card(12, queens[i]),
            make_card(11, jacks[i]),
            make_card(13, kings[i]),
        ]
    nines = [make_card(9, suit) for suit in draw(st.permutations(chains))]
    free = draw(st.integers(0, 1), label="free cells")
    for i in range(3 - free):
        piles[f"C{i + 1}"] = [nines.pop()]
    piles["T"] = nines
    return Position(rules, [piles.get(label, []) for label in layout.labels])


@st.composite
def big_apple_tight(draw: st.DrawFn, low: int = 12, high: int = 15) -> Position:
    """A cramped Big Apple position: ``low``..``high`` cards off the foundations
    (from some of the eight suit chains, the rest complete), three of them in the
    cells, one to three in the talon, the rest on all eight tableau piles, which
    are often chains (each card one rank below the one it covers) and sometimes
    not. The talon's top card often has nowhere to go, so the dead-end rules
    (``talon_wait``, ``talon_room``) get tried; few moves are possible, so the
    plain search can often exhaust them."""
    rules = get_game("big-apple")
    layout = layout_of(rules)
    piles, pool = _big_apple_foundations(draw, low, high, (2, 8))
    for cell in ("C1", "C2", "C3"):
        piles[cell] = [pool.pop()]
    in_talon = draw(st.integers(1, min(3, len(pool) - 8)), label="talon")
    piles["T"] = [pool.pop() for _ in range(in_talon)]
    if draw(st.booleans(), label="high talon card"):
        # a high card on top of the talon: rarely a place for it
        high = max(range(len(pool)), key=lambda i: pool[i] % 13)
        piles["T"][-1], pool[high] = pool[high], piles["T"][-1]
    # the rest onto the eight piles: as chains where the ranks allow it
    pool.sort(key=lambda c: -(c % 13))
    columns: list[list[int]] = [[] for _ in range(8)]
    for i, card in enumerate(pool):
        if i < 8:
            columns[i].append(card)
            continue
        chained = [col for col in columns if col[-1] % 13 == card % 13 + 1]
        if chained and draw(st.booleans(), label="chain"):
            draw(st.sampled_from(chained)).append(card)
        else:
            draw(st.sampled_from(columns)).append(card)
    for i, col in enumerate(columns):
        piles[str(i + 1)] = col
    return Position(rules, [piles.get(label, []) for label in layout.labels])
