"""Budgets of a solve: nodes and/or seconds, with the presets ``QUICK`` and ``DEEP``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from patience.errors import PatienceError
from patience.position import Move


class BudgetError(PatienceError):
    """A budget that is not a positive number of nodes or seconds."""


@dataclass(frozen=True)
class Limit:
    """Stop a search after ``nodes`` new positions or ``seconds`` of wall time,
    whichever comes first (``None``: no bound of that kind). A limit is a hard
    stop: the clock is read at every node (every 8 in the compiled engine).

    >>> Limit(nodes=1000).nodes
    1000
    """

    nodes: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.nodes is not None and (not isinstance(self.nodes, int) or self.nodes < 1):
            raise BudgetError(f"bad node budget {self.nodes!r}: a whole number >= 1")
        if self.seconds is not None and not self.seconds > 0:
            raise BudgetError(f"bad time budget {self.seconds!r}: seconds > 0")

    def part(self, share: float) -> Limit:
        """``share`` (0 < share <= 1) of this limit: of its nodes (at least one)
        and of its seconds.

        >>> Limit(nodes=1000, seconds=2.0).part(0.1)
        Limit(nodes=100, seconds=0.2)
        """
        nodes = None if self.nodes is None else max(1, int(self.nodes * share))
        seconds = None if self.seconds is None else self.seconds * share
        return Limit(nodes=nodes, seconds=seconds)


#: Deal time: the budget of a Solvable deal and of the status after each move.
QUICK = Limit(nodes=1_000_000, seconds=0.2)
#: Hint time: a longer search. Its node bound is no memory guard (``MAX_TABLE``
#: bounds each search's table): on this project's machine 10 s ends a solve first,
#: also a Gilbert or Big Apple solve in two lanes (phases.LANES), which counts the
#: positions of both (at 10 million, a third of the deals it left undecided stopped at 6-9 s).
DEEP = Limit(nodes=20_000_000, seconds=10.0)

#: Memory guard, whatever the budget: a solve stops (unknown) once its table holds
#: this many positions. The compiled engines need about 100 bytes a position (Big
#: Apple's about 160), the Python engine about 1 KB, so each stays under 1 GB.
MAX_TABLE = {"compiled": 5_000_000, "compiled-big-apple": 3_500_000, "python": 800_000}
BUDGETS = {"quick": QUICK, "deep": DEEP}


def parse_budget(text: str) -> Limit:
    """``quick``, ``deep`` or a number of seconds (``2.5``) without a node bound."""
    preset = BUDGETS.get(text.strip().lower())
    if preset is not None:
        return preset
    try:
        return Limit(seconds=float(text))
    except ValueError:
        raise BudgetError(f"bad budget {text!r}: write quick, deep or seconds like 2.5") from None


class Verdict(StrEnum):
    """What a search proved about a position."""

    WINNABLE = "winnable"
    LOST = "lost"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Result:
    """The answer of :func:`patience.solver.solve`.

    ``line`` is a winning line (when ``verdict`` is winnable), already replayed
    through the rules to a won position. ``nodes`` counts new positions searched,
    ``peak_table`` the size the transposition table reached.
    """

    verdict: Verdict
    line: tuple[Move, ...]
    nodes: int
    seconds: float
    peak_table: int
