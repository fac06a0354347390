"""Pile layout of a game: the order, kind and label of every pile in a position.

Piles are numbered in this order: foundations (groups in order), cells, tableau,
then the talon, or the stock and its waste. Labels are what notation and the CLI
show: foundations ``F1``.., cells ``C1``.., tableau piles ``1``.., talon ``T``,
stock ``S``, waste ``W``.
"""

from __future__ import annotations

from functools import cache

from patience.rules import Direction, GameRules, Kind

ANY_SUIT = -1


class Layout:
    """Index tables derived once from a :class:`GameRules` (the engine's hot data)."""

    def __init__(self, rules: GameRules) -> None:
        kinds: list[Kind] = []
        labels: list[str] = []
        self.found_base: list[int] = []
        self.found_step: list[int] = []
        self.found_suit: list[int] = []
        self.play_back: list[bool] = []
        symmetric: list[tuple[int, ...]] = []
        for group in rules.foundations:
            start = len(kinds)
            for i in range(group.count):
                kinds.append(Kind.FOUNDATION)
                labels.append(f"F{len(labels) + 1}")
                self.found_base.append(group.base)
                self.found_step.append(1 if group.direction is Direction.UP else -1)
                self.found_suit.append(ANY_SUIT if group.suits is None else group.suits[i])
                self.play_back.append(group.play_back)
            if group.suits is None and group.count > 1:
                symmetric.append(tuple(range(start, len(kinds))))
        self.foundations = tuple(range(len(kinds)))
        self.cells = tuple(range(len(kinds), len(kinds) + rules.cells))
        kinds += [Kind.CELL] * rules.cells
        labels += [f"C{i + 1}" for i in range(rules.cells)]
        self.tableau = tuple(range(len(kinds), len(kinds) + rules.tableau.count))
        kinds += [Kind.TABLEAU] * rules.tableau.count
        labels += [str(i + 1) for i in range(rules.tableau.count)]
        self.talon = self.stock = self.waste = -1
        if rules.talon:
            self.talon = len(kinds)
            kinds.append(Kind.TALON)
            labels.append("T")
        if rules.stock is not None:
            self.stock, self.waste = len(kinds), len(kinds) + 1
            kinds += [Kind.STOCK, Kind.WASTE]
            labels += ["S", "W"]
        n = len(kinds)
        pad = n - len(self.found_base)
        self.found_base += [0] * pad
        self.found_step += [0] * pad
        self.found_suit += [ANY_SUIT] * pad
        self.play_back += [False] * pad
        if len(self.cells) > 1:
            symmetric.append(self.cells)
        if len(self.tableau) > 1:
            symmetric.append(self.tableau)
        self.kinds: tuple[Kind, ...] = tuple(kinds)
        self.labels: tuple[str, ...] = tuple(labels)
        self.by_label: dict[str, int] = {label: i for i, label in enumerate(labels)}
        #: Groups of piles whose rules do not depend on their place: swapping two
        #: of them gives an equivalent position (used by the canonical key).
        self.symmetric: tuple[tuple[int, ...], ...] = tuple(symmetric)
        self.count = n


@cache
def layout_of(rules: GameRules) -> Layout:
    """The :class:`Layout` of ``rules`` (computed once per game)."""
    return Layout(rules)
