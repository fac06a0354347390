"""Statistics per player and game, computed from the games themselves (so they are
never lost and need no bookkeeping of their own). An anonymous player's games
belong to the browser's player token; at sign-in they become the account's, and
with them the statistics.

A game counts as played once its first move is made. It is won when it reaches the
won position; a game left unfinished for a new deal counts as lost; the latest
unfinished game is still in progress.

>>> streaks([True, True, False, True])
(1, 2)
>>> import datetime as dt
>>> day_streaks({dt.date(2026, 1, d) for d in (1, 2, 3, 5, 6)}, today=dt.date(2026, 1, 7))
(2, 3)
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field

from patience_site.play.services import Owner

#: How many recent results the chart shows.
RECENT = 30


@dataclass
class Stats:
    played: int = 0
    won: int = 0
    lost: int = 0
    in_progress: bool = False
    current_streak: int = 0
    longest_streak: int = 0
    best_seconds: float | None = None
    fewest_moves: int | None = None
    recent: list[bool] = field(default_factory=list)

    @property
    def win_rate(self) -> float | None:
        """Won / played (``None`` before the first game)."""
        return self.won / self.played if self.played else None


def streaks(results: Iterable[bool]) -> tuple[int, int]:
    """(current, longest) run of wins in results oldest first."""
    current = longest = 0
    for won in results:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return current, longest


def day_streaks(days: set[dt.date], today: dt.date) -> tuple[int, int]:
    """(current, longest) run of consecutive days in ``days``; the current run
    may end today or yesterday (today's game may still be ahead)."""
    longest = 0
    for day in days:
        if day - dt.timedelta(days=1) not in days:  # a run starts here
            length = 1
            while day + dt.timedelta(days=length) in days:
                length += 1
            longest = max(longest, length)
    end = today if today in days else today - dt.timedelta(days=1)
    current = 0
    while end - dt.timedelta(days=current) in days:
        current += 1
    return current, longest


def player_stats(owner: Owner, game_id: str) -> Stats:
    """The statistics of one player (account or browser) for one game."""
    games = list(
        owner.games(game_id)
        .filter(started_at__isnull=False)
        .order_by("started_at")
        .only("started_at", "won_at", "win_moves", "updated")
    )
    stats = Stats(played=len(games))
    if not games:
        return stats
    latest = max(games, key=lambda g: g.updated)
    results: list[bool] = []
    for game in games:
        if game.won_at is not None:
            results.append(True)
        elif game.pk == latest.pk:
            stats.in_progress = True
        else:
            results.append(False)
    stats.won = results.count(True)
    stats.lost = results.count(False)
    stats.current_streak, stats.longest_streak = streaks(results)
    times = [g.win_seconds for g in games if g.win_seconds is not None]
    stats.best_seconds = min(times) if times else None
    moves = [g.win_moves for g in games if g.win_moves is not None]
    stats.fewest_moves = min(moves) if moves else None
    stats.recent = results[-RECENT:]
    return stats
