"""What the site knows about a game's fate: the solver's verdict and a winning
line, kept on the game and reused without search while the player follows it."""

from __future__ import annotations

from patience import Position
from patience.notation import format_move, parse_move
from patience.position import Move
from patience.solver import Limit, Verdict, fast, solve
from patience.solver.lines import shorten
from patience_site.play import solving
from patience_site.play.models import Game


def texts(pos: Position, moves: tuple[Move, ...] | list[Move]) -> list[str]:
    probe = pos.copy(stack=False)
    texts = []
    for move in moves:
        texts.append(format_move(probe, move))
        probe.push(move)
    return texts


#: Winning lines longer than this are shortened before they are stored.
_LONG_LINE = 200


def judge(game: Game, pos: Position, limit: Limit | None, *, short: bool = False) -> Move | None:
    """Update ``game.verdict``, ``game.line`` and ``game.checked`` for ``pos``; return
    the next move of the winning line (``short``: the hint's search, in the solver
    process, whose line is shortened, as hints want).

    ``limit=None`` makes no search: what is known for free is kept (won, lost, a
    line the player follows), and otherwise ``game.checked`` turns false, for a
    later :func:`judge` with a budget (``POST .../check``, off the move's path).

    Invariant: a stored ``line`` wins from the game's current position. It was
    verified by the solver from the position it was found at, and the callers
    only ever drop its first moves after playing exactly them (or put an undone
    move back in front), so a known line is reused without any search.
    """
    game.checked = True
    if pos.is_won():
        game.verdict, game.line = Game.Verdict.WINNABLE, []
        return None
    if game.verdict == Game.Verdict.LOST:
        return None  # no move ever makes a lost position winnable
    if game.line:
        return parse_move(pos, game.line[0])
    if not short and not fast.available(pos.rules):
        return None  # the status check is too short for the Python engine to tell anything
    if limit is None:
        game.checked = False
        return None
    if short:  # a hint: the deeper search runs in the solver process (solving.py)
        verdict, found_line = solving.search_line(game.game, game.deal, game.made, limit)
    else:
        found = solve(pos, limit)
        verdict, line = found.verdict, found.line
        if len(line) > _LONG_LINE:
            line = shorten(pos, line)
        found_line = texts(pos, line)
    if verdict is Verdict.WINNABLE and found_line:
        game.verdict, game.line = Game.Verdict.WINNABLE, found_line
        return parse_move(pos, found_line[0])
    if verdict is Verdict.LOST:
        game.verdict, game.line = Game.Verdict.LOST, []
    elif game.verdict != Game.Verdict.WINNABLE:
        game.line = []  # unknown now; a proved-winnable deal stays winnable
    return None
