"""Hypothesis strategies shared by the property tests: positions reached by random
play from random deals, and random (not necessarily reachable) valid positions."""

from __future__ import annotations

import random

import oracle
from hypothesis import strategies as st

from patience import Move, Position, get_game

GAMES = ("bisley", "big-apple", "gilbert")


def snapshot(pos: Position) -> tuple[bytes, list[int], list[Move], list[list[int]]]:
    """Everything push/pop must restore."""
    return pos.key(), list(pos.hidden), list(pos.move_stack), [list(p) for p in pos.piles]


def play_random(data: st.DataObject, pos: Position, max_moves: int) -> list[Position]:
    """Push up to ``max_moves`` random legal moves (drawn from ``data``) and return
    a copy of every position passed through, the start included."""
    trail = [pos.copy()]
    steps = data.draw(st.integers(0, max_moves), label="moves")
    for _ in range(steps):
        moves = list(pos.legal_moves)
        if not moves:
            break
        pos.push(data.draw(st.sampled_from(moves), label="move"))
        trail.append(pos.copy())
    return trail


def played_position(data: st.DataObject, game: str, max_moves: int = 60) -> Position:
    """A random deal (1 .. 10**6) after a random sequence of legal moves."""
    number = data.draw(st.integers(1, 10**6), label="deal")
    pos = Position.deal(game, number)
    play_random(data, pos, max_moves)
    return pos


def _builds_on(game: str, below: int, above: int) -> bool:
    r = oracle.rank
    if game == "bisley":
        return oracle.suit(below) == oracle.suit(above) and abs(r(below) - r(above)) == 1
    if game == "big-apple":
        return oracle.suit(below) == oracle.suit(above) and r(above) == r(below) - 1
    return r(above) == r(below) - 1 and oracle.red(above) != oracle.red(below)


def _low(rnd: random.Random, top: int) -> int:
    """A number in 0..top: small ones more likely, and 0 and ``top`` often (a full
    foundation is where off-by-one errors hide)."""
    x = rnd.random()
    if x < 0.15:
        return 0
    if x < 0.3:
        return top
    return min(rnd.randint(0, top), rnd.randint(0, top))


def random_piles(game: str, rnd: random.Random) -> tuple[list[list[int]], list[int]]:
    """Piles and face-down counts of a random valid position of ``game`` (in the
    oracle's pile order): random foundation heights, random cells, tableau piles
    that often hold runs, the rest in the talon or stock and waste."""
    labels = oracle.LABELS[game]
    piles: dict[str, list[int]] = {label: [] for label in labels}
    pool: list[int] = []
    if game == "big-apple":
        slots = [f"F{i}" for i in range(1, 9)]
        rnd.shuffle(slots)
        for slot, suit in zip(slots, [0, 1, 2, 3] * 2, strict=True):
            height = _low(rnd, 13)
            piles[slot] = [suit * 13 + r - 1 for r in range(1, height + 1)]
            pool += [suit * 13 + r - 1 for r in range(height + 1, 14)]
    else:
        for suit in range(4):
            up = _low(rnd, 13)
            down = _low(rnd, 13 - up)
            piles[f"F{suit + 1}"] = [suit * 13 + r - 1 for r in range(1, up + 1)]
            piles[f"F{suit + 5}"] = [suit * 13 + r - 1 for r in range(13, 13 - down, -1)]
            pool += [suit * 13 + r - 1 for r in range(up + 1, 14 - down)]
    rnd.shuffle(pool)
    for label in labels:
        if label.startswith("C") and pool and rnd.random() < 0.5:
            piles[label] = [pool.pop()]
    tableau = [label for label in labels if label.isdigit()]
    hidden = dict.fromkeys(labels, 0)
    for label in tableau:
        size = rnd.randint(0, min(len(pool), 8))
        pile = piles[label]
        while len(pile) < size and pool:
            if pile and rnd.random() < 0.7:
                fits = [i for i, c in enumerate(pool) if _builds_on(game, pile[-1], c)]
                if fits:
                    pile.append(pool.pop(rnd.choice(fits)))
                    continue
            pile.append(pool.pop())
        if game == "gilbert" and pile:
            hidden[label] = rnd.randint(0, len(pile) - 1)
    if game == "bisley":
        # no talon: whatever is left goes onto the columns
        for card in pool:
            piles[rnd.choice(tableau)].append(card)
    elif game == "big-apple":
        piles["T"] = pool
    else:
        cut = rnd.randint(0, len(pool))
        piles["S"], piles["W"] = pool[:cut], pool[cut:]
    return [piles[label] for label in labels], [hidden[label] for label in labels]


def random_position(data: st.DataObject, game: str) -> Position:
    """A random valid position (built by :func:`random_piles`), not necessarily
    reachable from a deal."""
    rnd = data.draw(st.randoms(use_true_random=False), label="random")
    piles, hidden = random_piles(game, rnd)
    return Position(get_game(game), piles, hidden)
