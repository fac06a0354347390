"""Big Apple's dead-end rules (solver/pruning/talon_room.py, talon_wait.py).

Each claim of a rule is checked against something that does not use it: the
dynamic programs against brute force, ``talon_wait`` against an exhaustive search
of the moves that leave the talon alone, ``talon_room`` against random play from
real deals (the talon card it names must never leave the talon) and against the
deals known to be winnable; the card just off the talon left uncovered (its
"Exposed" check) against brute force too.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from functools import partial

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from solverkit import big_apple_tight, load_deals

from patience import Position
from patience.cards import CLUBS, DIAMONDS, HEARTS, RANK, SPADES, make_card
from patience.solver import Limit, Verdict, solve
from patience.solver.pruning import frozen, talon_room, talon_wait

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ----------------------------------------------------------------- counting
def chains_needed(counts: list[int], pin: int = 0) -> int:
    """The lower bound of the module doc: sum of max(0, m_r - m_{r+1}); with a
    card of rank ``pin`` that holds none, ``m_pin - 1`` cards can hold the rank
    below."""
    holders = [counts[r] - (r == pin) for r in range(15)]
    return sum(max(0, counts[r] - (holders[r + 1] if r < 13 else 0)) for r in range(1, 14))


def fewest_partition(ranks: list[int], pin: int = 0) -> int:
    """The fewest chains (runs r, r-1, ...) a multiset of ranks splits into, by
    brute force: each card in turn either starts a chain or extends one whose
    lowest card is one rank higher. ``pin``: one card of this rank (one of
    ``ranks``) must end its chain, no card on it."""
    best = len(ranks)
    closed = 100  # the end of a chain that takes no card

    def go(rest: list[int], ends: list[int], pinned: bool) -> None:
        nonlocal best
        if len(ends) >= best:
            return
        if not rest:
            if pinned:
                best = len(ends)
            return
        card, tail = rest[0], rest[1:]
        for new_end in [card, closed] if card == pin and not pinned else [card]:
            done = pinned or new_end == closed
            for i, end in enumerate(ends):
                if end == card + 1:
                    go(tail, [*ends[:i], new_end, *ends[i + 1 :]], done)
            go(tail, [*ends, new_end], done)

    go(sorted(ranks, reverse=True), [], not pin)
    return best


@SETTINGS
@given(st.lists(st.integers(1, 13), max_size=9))
def test_the_chain_count_is_exact(ranks: list[int]) -> None:
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    assert chains_needed(counts) == fewest_partition(ranks)


def _least_after_cells(counts: list[int], cells: int) -> int:
    """Brute force: the fewest chains once at most ``cells`` cards are set aside."""
    ranks = [r for r in range(1, 14) for _ in range(counts[r])]
    best = chains_needed(counts)
    for k in range(1, cells + 1):
        for aside in set(itertools.combinations(ranks, k)):
            left = counts.copy()
            for r in aside:
                left[r] -= 1
            best = min(best, chains_needed(left))
    return best


@SETTINGS
@given(st.lists(st.integers(1, 13), min_size=1, max_size=9), st.data())
def test_the_chain_count_with_a_card_left_uncovered_is_exact(
    ranks: list[int], data: st.DataObject
) -> None:
    """With one card of rank ``pin`` ending its chain, at most one fewer cards of
    the rank below sit on that rank's cards (talon_room's doc, "Exposed")."""
    pin = data.draw(st.sampled_from(ranks))
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    assert chains_needed(counts, pin) == fewest_partition(ranks, pin)


def _least_after_cells(counts: list[int], cells: int, pin: int = 0) -> int:
    """Brute force: the fewest chains once at most ``cells`` cards are set aside
    (never the pinned card: one card of rank ``pin`` stays in the chains)."""
    ranks = [r for r in range(1, 14) for _ in range(counts[r])]
    best = chains_needed(counts, pin) if counts[pin] or not pin else 99
    for k in range(1, cells + 1):
        for aside in set(itertools.combinations(ranks, k)):
            left = counts.copy()
            for r in aside:
                left[r] -= 1
            if not pin or left[pin]:
                best = min(best, chains_needed(left, pin))
    return best


@SETTINGS
@given(
    st.lists(st.integers(0, 3), min_size=13, max_size=13),
    st.lists(st.integers(0, 5), max_size=3),
    st.integers(0, 3),
    st.integers(0, 13),
)
def test_fewest_chains_any_equals_brute_force(
    rows: list[int], bounds: list[int], cells: int, pin: int
) -> None:
    """Foundation piles of any height up to their bounds (each holds every rank
    up to its height), any cards in the cells; with ``pin``, one card of that
    rank neither on a foundation nor in a cell, with no card on it."""
    ge = [0] * 15
    for b in bounds:
        for r in range(1, b + 1):
            ge[r] += 1
    counts = [0] + [max(n, g) for n, g in zip(rows, ge[1:14], strict=True)] + [0]
    counts[pin] += 1 if pin else 0  # the pinned card, on top of what may be founded
    best = 99
    for heights in itertools.product(*(range(b + 1) for b in bounds)):
        left = counts.copy()
        for h in heights:
            for r in range(1, h + 1):
                left[r] -= 1
        best = min(best, _least_after_cells(left, cells, pin))
    assert talon_room.fewest_chains_any(counts, ge, cells, 99, pin=pin) == best


# ----------------------------------------------------------------- talon_wait
def talon_card_can_leave(pos: Position, budget: int = 20_000) -> bool | None:
    """Exhaustive search of the moves that leave the talon alone: can a position
    be reached where the talon's top card has a legal move? ``None``: the search
    did not finish within ``budget`` positions."""
    talon = pos.layout.talon
    probe = pos.copy(stack=False)
    seen = {probe.key()}
    moves = list(probe.legal_moves)
    if any(m.src == talon for m in moves):
        return True
    stack = [iter([m for m in moves if m.src != talon])]
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                probe.pop()
            continue
        probe.push(move)
        key = probe.key()
        if key in seen:
            probe.pop()
            continue
        seen.add(key)
        if len(seen) > budget:
            return None
        moves = list(probe.legal_moves)
        if any(m.src == talon for m in moves):
            return True
        stack.append(iter([m for m in moves if m.src != talon]))
    return False


def _walk(deal: int, seed: int, steps: int) -> list[Position]:
    """Positions of a random walk from a deal that prefers talon moves."""
    rng = random.Random(seed)
    pos = Position.deal("big-apple", deal)
    talon = pos.layout.talon
    out = []
    for _ in range(steps):
        moves = list(pos.legal_moves)
        if not moves:
            break
        from_talon = [m for m in moves if m.src == talon]
        pos.push(rng.choice(from_talon if from_talon and rng.random() < 0.6 else moves))
        out.append(pos.copy(stack=False))
    return out


def test_talon_wait_agrees_with_exhaustive_search_in_played_positions() -> None:
    """Positions of random play from deals 1-8 where the talon card cannot move
    at once: each one the rule calls stuck is stuck, and it finds some."""
    seen: Counter[str] = Counter()
    for deal in range(1, 9):
        for pos in _walk(deal, deal, 120)[::4]:
            if not pos.piles[pos.layout.talon] or any(
                m.src == pos.layout.talon for m in pos.legal_moves
            ):
                continue
            stuck = talon_wait.is_stuck(pos)
            truth = talon_card_can_leave(pos, 1_500)
            if truth is None:
                continue
            assert not (stuck and truth), pos
            seen[f"stuck={stuck} can leave={truth}"] += 1
    assert seen["stuck=True can leave=False"] >= 5, seen
    assert seen["stuck=False can leave=True"] >= 5, seen


@SETTINGS
@given(big_apple_tight())
def test_talon_wait_agrees_with_exhaustive_search_in_tight_positions(pos: Position) -> None:
    stuck = talon_wait.is_stuck(pos)
    event(f"stuck: {stuck}")
    if stuck:
        assert talon_card_can_leave(pos, 50_000) is not True


# ----------------------------------------------------------------- talon_room
def test_talon_room_names_a_card_that_never_leaves_in_random_play() -> None:
    """From each played position where the rule names ``t_j``, the rest of the
    walk never takes ``t_j`` off the talon (deals 1-40, the rule names a card in
    most of them)."""
    fired = 0
    for deal in range(1, 41):
        for seed in range(3):
            walk = _walk(deal, 100 * deal + seed, 300)
            for i, pos in enumerate(walk[:50]):
                j = talon_room.stuck_card(pos)
                if j is None:
                    continue
                fired += 1
                floor = len(pos.piles[pos.layout.talon]) - j
                assert all(len(p.piles[p.layout.talon]) > floor for p in walk[i:])
    assert fired >= 100


def test_talon_room_never_fires_on_winnable_deals() -> None:
    winnable = [f.deal for f in load_deals() if f.game == "big-apple" and f.verdict == "winnable"]
    # and deals the benchmark's deep budget won (docs/winnability-big-apple.md),
    # each line replayed to a won position
    won = [5, 135, 177, 203, 211, 241, 263, 374, 493, 532, 533, 576, 657, 749, 790, 862]
    for deal in [*winnable, 19, 37, 54, 57, 63, 72, 90, 98, *won, 878, 969, 980]:
        assert talon_room.stuck_card(Position.deal("big-apple", deal)) is None, deal


def test_a_deal_lost_at_the_start() -> None:
    """Deal 1: after 22 talon cards, 30 cards are off the talon, of which at most
    AS and 2S fit on the foundations; ranks Q Q Q J J J J T T 9 8 7 7 7 7 6 6 5 5
    4 4 4 4 4 3 2 2 2 need 12 chains, 9 with three cells: more than 8 piles."""
    pos = Position.deal("big-apple", 1)
    assert talon_room.stuck_card(pos) == 22
    result = solve(pos, Limit(nodes=10))
    assert (result.verdict, result.nodes) == (Verdict.LOST, 0)
    counts = [0] * 15
    for card in [
        *pos.piles[pos.layout.talon][-22:],
        *(c for t in pos.layout.tableau for c in pos.piles[t]),
    ]:
        counts[RANK[card]] += 1
    counts[1] -= 1  # AS
    counts[2] -= 1  # 2S
    assert chains_needed(counts) == 12


def test_a_talon_card_that_cannot_arrive_uncovered() -> None:
    """Deal 180: after 19 talon cards no Ace is off the talon, so the 27 cards
    off it stay off the foundations; their ranks Q J J J J T T T 9 9 9 8 7 7 7 6
    6 6 5 5 3 3 2 2 2 2 2 need 11 chains (a Q, three J, two 7, two 3, three 2), 8
    with three cells: they have room. But the 19th, 3D, has just left the talon:
    in a cell, the other 26 need 11 chains (a lone 3 takes one 2), 9 with the two
    other cells; on top of a chain, at most one 2 sits on a 3, so 12 chains, 9
    with three cells. Either way more than 8 piles: 3D never leaves the talon."""
    pos = Position.deal("big-apple", 180)
    talon = pos.piles[pos.layout.talon]
    out = sorted(c for t in pos.layout.tableau for c in pos.piles[t])
    off = tuple(sorted([*out, *talon[-19:]]))
    assert not talon_room._no_room_at(off, 8, 3)  # the room check alone passes
    assert talon_room.stuck_card(pos) == 19
    counts = [0] * 15
    for card in off:
        counts[RANK[card]] += 1
    assert chains_needed(counts) == 11
    assert chains_needed(counts, pin=3) == 12
    result = solve(pos, Limit(nodes=10))
    assert (result.verdict, result.nodes) == (Verdict.LOST, 0)


# ----------------------------------------------------------------- frozen
def _no_pile_empty(pos: Position) -> bool:
    return all(pos.piles[t] for t in pos.layout.tableau)


def _pile_emptied(pos: Position, budget: int) -> bool | None:
    """Exhaustive search of every move from ``pos`` while no pile is empty: can
    a position with an empty pile be reached? ``None``: not finished within
    ``budget`` positions."""
    seen = {pos.key()}
    stack = [pos.copy(stack=False)]
    while stack:
        here = stack.pop()
        for move in here.legal_moves:
            there = here.copy(stack=False)
            there.push(move)
            if not _no_pile_empty(there):
                return True
            key = there.key()
            if key not in seen:
                if len(seen) > budget:
                    return None
                seen.add(key)
                stack.append(there)
    return False


def _full_positions(deals: range) -> list[Position]:
    """Positions of random play with no empty pile."""
    return [p for d in deals for p in _walk(d, 7 * d, 250) if _no_pile_empty(p)]


def test_positions_called_frozen_never_empty_a_pile() -> None:
    """From each position of random play the rule calls lost (deals 1-60), an
    exhaustive search of the moves empties no pile (a win empties them all); and
    the rule calls some lost and leaves others."""
    dead = alive = checked = 0
    for pos in _full_positions(range(1, 61)):
        if not frozen.is_dead(pos):
            alive += 1
            continue
        dead += 1
        if dead % 3 == 0:
            emptied = _pile_emptied(pos, 4_000)
            assert emptied is not True, pos
            checked += emptied is False
    assert dead >= 30 and alive >= 30 and checked >= 10, (dead, alive, checked)


def test_both_engines_agree_on_frozen_positions() -> None:
    """The compiled engine's rule is the same as frozen.py: the same verdicts,
    node counts and lines from positions it calls lost and ones it does not."""
    positions = _full_positions(range(61, 81))
    dead = [p for p in positions if frozen.is_dead(p)][:6]
    alive = [p for p in positions if not frozen.is_dead(p)][:6]
    assert len(dead) == len(alive) == 6
    for pos in dead + alive:
        native = solve(pos, Limit(nodes=3_000), native=True)
        python = solve(pos, Limit(nodes=3_000), native=False)
        assert (native.verdict, native.nodes, native.line) == (
            python.verdict,
            python.nodes,
            python.line,
        )
    for pos in dead:
        assert solve(pos, Limit(nodes=10)).verdict is Verdict.LOST


def test_a_closure_past_its_deadline_proves_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A closure that runs past its search's deadline ends with no answer: the
    position is not called lost, and that is not cached, so with time the same
    position is called lost again; the deadline is this block's only."""
    dead = next(p for p in _full_positions(range(61, 71)) if frozen.is_dead(p))
    monkeypatch.setattr(frozen, "CLOCK_EVERY", 1)  # the clock at every state
    frozen._closed.cache_clear()
    with frozen.deadline(time.perf_counter() - 1):
        assert not frozen.is_dead(dead)
    assert frozen._CLOCK.at is None
    with frozen.deadline(time.perf_counter() + 600):
        assert frozen.is_dead(dead)


def test_a_base_under_a_break_that_cannot_leave() -> None:
    """By hand: seven piles K-Q-J-10 of one suit (their Kings can go nowhere),
    one pile 9S-8H, the cells full of Fives, no foundation started, talon empty.
    Nothing can move. A Ten is on top, but the 9S cannot leave onto it: the 8H on
    it (another suit) would have to leave first, onto a Nine, and no top is one.
    Without the break the rule would take the Ten as a way out."""
    runs = [(s, [make_card(r, s) for r in (13, 12, 11, 10)]) for s in (3, 2, 1, 0, 3, 2, 1)]
    nine_eight = [make_card(9, SPADES), make_card(8, HEARTS)]
    piles = [pile for _, pile in runs] + [nine_eight]
    cells = tuple(sorted(make_card(5, s) for s in (CLUBS, DIAMONDS, HEARTS)))
    closed = partial(
        frozen._closed,
        (),
        tuple(sorted(RANK[p[-1]] for p in piles)),
        cells=cells,
        room=3,
        found=((0, 0),) * 4,
        upper=tuple(sorted(c for p in piles for c in p[1:])),
    )
    with_break = tuple(sorted((p[0], frozen._break(p)) for p in piles))
    assert frozen._break(nine_eight) == make_card(8, HEARTS)
    assert closed(with_break)
    # the same piles with the 8H taken for a Spade: the 9S-8S run may leave
    unbroken = tuple(sorted((p[0], frozen.NO_BREAK) for p in piles))
    assert not closed(unbroken)
