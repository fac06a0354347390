"""Stubborn sets in Gilbert's complete search: a prototype, measured, not a rule.

Bisley's complete search takes a stubborn set (``patience.solver.pruning.stubborn``,
partial-order reduction) of each position's moves. This carries the construction
over to Gilbert's moves and measures what it saves: each deal's complete search
alone (no phases), first as the solver runs it (the compiled engine,
``fast.search``), then in the Python engine with the sets taken right after the
symmetry rule (Gilbert's strategy told to take them there, as Bisley's does, for
the run). It prints the states to the verdict of both and the part of the moves
the sets kept.

    python bench/stubborn_gilbert.py --deals 53,131,245 --nodes 3000000

Transitions are named by cards (a move code ``x * 64 + t``): ``x`` onto the
card ``t``; ``x`` to its up (``UP``) or down (``DOWN``) foundation; a Seven
``x`` into an empty pile (``EMPTY``); and the deal or redeal (``DEAL``). From
each enabled transition (but a card played back into an empty pile, which may
stay enabled up to the won position) a set is closed under: an enabled
transition brings in those it does not commute with (the other moves of its
card, the moves onto its target card and that card's moves to a foundation, the
deal when its card is the waste's top, and the foundation's next card when it
plays one back; a run moved under ``x`` or over it commutes with a move of
``x``); a disabled one brings in a set of transitions one of which any line that
enables it makes (the moves of the card on top of the one it needs, of a
column's lowest face-up card over a face-down one, the deal, or the move of the
foundation's next card). Ace play-backs are left out of the transitions (rule 3
of the safe moves: no winning line needs one). The smallest set found, as in
Bisley, is the position's set.

The search makes the stock's moves as macros (deal until a card is on the
waste's top, then play it) and its table takes the waste's sizes in the stock's
cycle as one (``pruning/stock_order.py``), so stock moves are free: a winning
line's measure is the number of its other moves. A set is therefore taken at
each *member*: each waste size the stock moves reach from the position's (the
deal a transition there). Kept: the plain moves in any member's set, the
waste's top's moves in the position's own set, and the stock's macros when a
member's set holds its waste's top's play. Why that is sound: take a member with
a shortest line (in the measure); its set holds the first of its moves that is
in the set, which can be made first (the stubborn-set argument). A plain move or
a waste play is a kept child, one move nearer; a deal leads to the next member
with the same line one stock move shorter, so the walk ends at a kept child.

``--shortcut`` runs the first construction instead (one set, at the position,
a deal in it keeping every macro): it is not sound. With the waste empty the
deal alone is a stubborn set, so only the macros are kept, but a winning line
may need a column's move before any waste card can go anywhere (the test
``test_the_shortcut_loses_a_win_the_sound_sets_keep`` has such a position, found
by Hypothesis). Its numbers are therefore not a lead (docs/solver.md, "Stubborn
sets for Gilbert, sound").
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import time
from collections.abc import Iterator

from patience import Position
from patience.cards import RANK, RED, SUIT, make_card
from patience.games import GILBERT
from patience.movegen import generate_moves, tables_of
from patience.position import Move
from patience.solver import engine, fast
from patience.solver.cli import parse_deals
from patience.solver.limits import Limit
from patience.solver.pruning import safe_moves
from patience.solver.pruning import stubborn as bisley_stubborn

UP, DOWN, EMPTY = 52, 53, 54
DEAL = 52 * 64


def _parents(c: int) -> tuple[int, ...]:
    """The two cards ``c`` builds on (one rank higher, the other colour)."""
    if RANK[c] == 13:
        return ()
    higher = (make_card(RANK[c] + 1, s) for s in range(4))
    return tuple(p for p in higher if RED[p] != RED[c])


def _moving(c: int) -> tuple[int, ...]:
    out = [c * 64 + p for p in _parents(c)] + [c * 64 + UP, c * 64 + DOWN]
    if RANK[c] == 7:
        out.append(c * 64 + EMPTY)
    return tuple(out)


MOVING = tuple(_moving(c) for c in range(52))
ONTO = tuple(tuple(b * 64 + c for b in range(52) if c in _parents(b)) for c in range(52))
BUILDS = tables_of(GILBERT).builds  # BUILDS[below * 52 + above]: above goes on below
SEVENS = tuple(make_card(7, s) * 64 + EMPTY for s in range(4))


class Tally:
    """How many moves the sets were taken from, and how many they kept."""

    def __init__(self) -> None:
        self.positions = 0
        self.moves = 0
        self.kept = 0


class _View:
    """Where each card of a position lies, and what its foundations hold."""

    def __init__(self, pos: Position) -> None:
        layout = pos.layout
        self.pos = pos
        self.piles = pos.piles
        self.tab = set(layout.tableau)
        self.where = [-1] * 52
        self.index = [0] * 52
        for p, pile in enumerate(pos.piles):
            for i, c in enumerate(pile):
                self.where[c] = p
                self.index[c] = i
        self.up_top, self.down_top = [0] * 4, [14] * 4
        self.up_pile, self.down_pile = [0] * 4, [0] * 4
        for f in layout.foundations:
            s, pile = layout.found_suit[f], pos.piles[f]
            if layout.found_step[f] == 1:
                self.up_pile[s] = f
                self.up_top[s] = RANK[pile[-1]] if pile else 0
            else:
                self.down_pile[s] = f
                self.down_top[s] = RANK[pile[-1]] if pile else 14
        waste = pos.piles[layout.waste]
        self.waste_top = waste[-1] if waste else -1
        self.stock, self.waste = layout.stock, layout.waste

    def lowest_face_up(self, p: int) -> int:
        return self.piles[p][self.pos.hidden[p]]

    def face_down(self, c: int) -> bool:
        p = self.where[c]
        return p in self.tab and self.index[c] < self.pos.hidden[p]

    def on_foundation(self, c: int) -> bool:
        p = self.where[c]
        return p not in self.tab and p not in (self.stock, self.waste)

    def to_free(self, c: int) -> list[int] | None:
        """None when ``c`` can head a move (face up in a column, the waste's top,
        a foundation's top); else transitions one of which must come first."""
        p = self.where[c]
        if p in self.tab:
            if self.face_down(c):
                return list(MOVING[self.lowest_face_up(p)])
            above = self.piles[p][self.index[c] :]
            if all(BUILDS[a * 52 + b] for a, b in itertools.pairwise(above)):
                return None
            return [m for b in above[1:] for m in MOVING[b]]  # (not in a dealt game)
        if p == self.stock:
            return [DEAL]
        if p == self.waste:
            return None if c == self.waste_top else [DEAL, *MOVING[self.waste_top]]
        top = self.piles[p][-1]
        return None if top == c else list(MOVING[top])

    def to_top(self, c: int) -> list[int] | None:
        """None when ``c`` is a column's top card; else as :meth:`to_free`."""
        p = self.where[c]
        if p not in self.tab:
            return [c * 64 + q for q in _parents(c)] + ([c * 64 + EMPTY] if RANK[c] == 7 else [])
        if self.index[c] == len(self.piles[p]) - 1:
            return None
        if self.face_down(c):
            return list(MOVING[self.lowest_face_up(p)])
        return list(MOVING[self.piles[p][self.index[c] + 1]])

    def to_foundation_ready(self, c: int) -> list[int] | None:
        """None when ``c`` is a column's top or the waste's top."""
        p = self.where[c]
        if p in self.tab:
            return self.to_top(c)
        if p == self.waste and c == self.waste_top:
            return None
        if self.on_foundation(c) and self.piles[p][-1] == c:
            return [m for m in MOVING[c] if m % 64 < 52 or m % 64 == EMPTY]  # back first
        return self.to_free(c)

    def conflicts(self, code: int) -> list[int]:
        if code == DEAL:
            return [DEAL, *MOVING[self.waste_top]] if self.waste_top >= 0 else [DEAL]
        x, t = divmod(code, 64)
        out = list(MOVING[x])
        if self.where[x] == self.waste:
            out.append(DEAL)
        elif self.on_foundation(x):
            up = self.where[x] == self.up_pile[SUIT[x]]
            if up and RANK[x] < 13:
                out.append((x + 1) * 64 + UP)
            elif not up and RANK[x] > 1:
                out.append((x - 1) * 64 + DOWN)
        if t < 52:
            out += [*ONTO[t], t * 64 + UP, t * 64 + DOWN]
        elif t == UP:
            out += ONTO[x]
            if RANK[x] > 1:
                out += MOVING[x - 1]
        elif t == DOWN:
            out += ONTO[x]
            if RANK[x] < 13:
                out += MOVING[x + 1]
        else:
            out += SEVENS
        return out

    def enablers(self, code: int) -> list[int] | None:
        if code == DEAL:
            return []  # stock and waste empty: never again
        x, t = divmod(code, 64)
        if RANK[x] == 1 and self.on_foundation(x) and t not in (UP, DOWN):
            return []  # an Ace played back: left out (rule 3)
        options: list[list[int] | None] = []
        if t < 52:
            options = [self.to_free(x), self.to_top(t)]
        elif t in (UP, DOWN):
            s, r = SUIT[x], RANK[x]
            if t == UP and self.up_top[s] < r - 1:
                options.append([(x - 1) * 64 + UP])
            elif t == UP and self.up_top[s] >= r:
                options.append(list(MOVING[self.piles[self.up_pile[s]][-1]]))
            elif t == DOWN and self.down_top[s] > r + 1:
                options.append([(x + 1) * 64 + DOWN])
            elif t == DOWN and self.down_top[s] <= r:
                options.append(list(MOVING[self.piles[self.down_pile[s]][-1]]))
            options.append(self.to_foundation_ready(x))
        elif RANK[x] == 7:
            options.append(self.to_free(x))
            if all(self.piles[q] for q in self.tab):
                options.append([m for q in self.tab for m in MOVING[self.lowest_face_up(q)]])
        else:
            return []  # only a Seven goes into an empty pile
        found = [o for o in options if o is not None]
        return min(found, key=len) if found else None  # None: no reason found, give up

    def codes(self, moves: list[Move]) -> list[int]:
        return [self.code(m) for m in moves]

    def code(self, move: Move) -> int:
        layout = self.pos.layout
        if self.pos.is_stock_move(move):
            return DEAL
        x = self.piles[move.src][-move.n]
        if move.dst in self.tab:
            dst = self.piles[move.dst]
            return x * 64 + (dst[-1] if dst else EMPTY)
        return x * 64 + (UP if layout.found_step[move.dst] == 1 else DOWN)


def smallest_set(pos: Position, moves: list[Move]) -> tuple[set[int] | None, list[int]]:
    """The smallest stubborn set found at ``pos`` (codes; None when no start gives
    one smaller than all of ``moves``), and the codes of ``moves``. A start is an
    enabled transition other than a card played back into an empty pile (which may
    stay enabled up to the won position: a set must hold a move of every winning
    line)."""
    view = _View(pos)
    codes = view.codes(moves)
    enabled = set(codes)

    def closure(start: int, bound: int) -> set[int] | None:
        found: set[int] = set()
        work, count = [start], 0
        while work:
            code = work.pop()
            if code in found:
                continue
            found.add(code)
            if code in enabled:
                count += 1
                if count >= bound:
                    return None
                work += view.conflicts(code)
            else:
                need = view.enablers(code)
                if need is None:
                    return None
                work += need
        return found

    best: set[int] | None = None
    size = len(enabled)
    for code in dict.fromkeys(codes):
        x, t = divmod(code, 64)
        if code != DEAL and t == EMPTY and view.on_foundation(x):
            continue
        found = closure(code, size)
        if found is not None:
            best, size = found, len(enabled & found)
            if size == 1:
                break
    return best, codes


def member_sets(
    pos: Position, moves: list[Move]
) -> tuple[set[int], list[int], set[int], bool] | None:
    """The sets at each waste size the stock moves reach from ``pos``'s (the
    members; ``moves`` are ``pos``'s): ``pos``'s own set and the codes of
    ``moves``, the union of all sets, and whether a member's set holds its waste's
    top's play. None when a member has no set smaller than all its moves."""
    waste = pos.layout.waste
    own, own_codes = smallest_set(pos, moves)
    best: set[int] | None = own
    codes = own_codes
    union: set[int] = set()
    plays = False
    made: list[Move] = []
    sizes = {len(pos.piles[waste])}
    while best is not None:
        union |= best
        plays = plays or any(c in best for m, c in zip(moves, codes, strict=True) if m.src == waste)
        deal = next((m for m in moves if pos.is_stock_move(m)), None)
        if deal is None:
            break
        pos.push(deal)
        made.append(deal)
        if len(pos.piles[waste]) in sizes:
            break
        sizes.add(len(pos.piles[waste]))
        moves = safe_moves.without_ace_play_back(pos, generate_moves(pos))
        best, codes = smallest_set(pos, moves)
    for _ in made:
        pos.pop()
    if own is None or best is None:
        return None
    return own, own_codes, union, plays


def stubborn(pos: Position, moves: list[Move], tally: Tally, members: bool = True) -> list[Move]:
    """``moves`` cut by stubborn sets (see the module doc). ``members``: one set at
    each waste size the stock moves reach (sound); else the shortcut measured first,
    one set at ``pos`` where a deal in it keeps every macro (not sound)."""
    waste = pos.layout.waste
    kept = moves
    if not members:
        own, codes = smallest_set(pos, moves)
        if own is not None:
            kept = [m for m, c in zip(moves, codes, strict=True) if c in own]
    else:
        sets = member_sets(pos, moves)
        if sets is not None:
            own, codes, union, plays = sets
            kept = [
                m
                for m, c in zip(moves, codes, strict=True)
                if (plays if pos.is_stock_move(m) else c in (own if m.src == waste else union))
            ]
    tally.positions += 1
    tally.moves += len(moves)
    tally.kept += len(kept)
    return kept


@contextlib.contextmanager
def patched(tally: Tally, members: bool = True) -> Iterator[None]:
    """The Python engine's complete search of Gilbert with the stubborn sets, for a
    while: its strategy takes a stubborn set where Bisley's does (right after the
    symmetry rule), by this module's construction (``members``: see
    :func:`stubborn`)."""
    strategy = engine.strategy_of(GILBERT)
    was, reduce = strategy.stubborn, bisley_stubborn.reduce

    def gilbert_or_bisley(pos: Position, moves: list[Move]) -> list[Move]:
        if pos.rules is GILBERT:
            return stubborn(pos, moves, tally, members)
        return reduce(pos, moves)

    strategy.stubborn = True
    bisley_stubborn.reduce = gilbert_or_bisley
    try:
        yield
    finally:
        strategy.stubborn, bisley_stubborn.reduce = was, reduce


def measure(deal: int, nodes: int, members: bool = True) -> dict[str, object]:
    """One deal's complete search without and with the sets."""
    pos = Position.deal("gilbert", deal)
    start = time.perf_counter()
    plain = fast.search(pos, Limit(nodes=nodes))
    plain_s = time.perf_counter() - start
    tally = Tally()
    with patched(tally, members):
        start = time.perf_counter()
        cut = engine.single_search(pos, Limit(nodes=nodes), native=False)
    return {
        "deal": deal,
        "plain": (str(plain.verdict), plain.nodes, round(plain_s, 2)),
        "stubborn": (str(cut.verdict), cut.nodes, round(time.perf_counter() - start, 2)),
        "kept": round(tally.kept / max(tally.moves, 1), 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", required=True, help="Gilbert deals, like 2,21,53-60")
    parser.add_argument("--nodes", type=int, default=3_000_000, help="states a search")
    parser.add_argument(
        "--shortcut", action="store_true", help="the first, unsound construction (one set)"
    )
    args = parser.parse_args(argv)
    for deal in parse_deals(args.deals):
        row = measure(deal, args.nodes, members=not args.shortcut)
        print(
            f"{row['deal']:5d}  plain {row['plain']}  stubborn {row['stubborn']}"
            f"  moves kept {row['kept']:.0%}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
