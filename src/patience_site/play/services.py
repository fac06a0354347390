"""What the views call: create, load and change games. The library is the only
rules engine; this module stores moves and asks the solver.

Every change checks the game's ``version`` (a stale request raises
:class:`Stale`) and is committed before the caller answers. The work (replaying
the moves, the solver's status check) is done outside any transaction; the write
is one conditional ``UPDATE ... WHERE version = <the version read>``, so two
requests racing on one game cannot both win (optimistic concurrency), and no
request holds a database lock while the solver thinks.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext as _

from patience import Position
from patience.errors import PatienceError
from patience.games import GAMES
from patience.notation import format_move, parse_move
from patience.play import auto_complete_moves
from patience.position import Move
from patience.solver import Limit
from patience.view import public_view
from patience_site.play import solving
from patience_site.play.models import Game, ProvedDeal
from patience_site.play.verdicts import judge, texts

#: Deal numbers "New cards" picks from (any number up to 2**63-1 can be shared).
NEW_DEAL_MAX = 1_000_000


class GameError(Exception):
    """A request the game refuses; ``str()`` is the message for the player."""

    status = 400


class Stale(GameError):
    """The request was made against an older version of the game."""

    status = 409


class Finished(GameError):
    """The game is won: nothing can move any more."""

    status = 409


class Missing(GameError):
    """No such game, or another player's game (which is as good as missing)."""

    status = 404


#: The session key of an anonymous player's token.
PLAYER_KEY = "player"


@dataclass(frozen=True)
class Owner:
    """Who plays: a signed-in user, else the browser (its player token)."""

    player: str
    user: AbstractBaseUser | AnonymousUser | None

    @property
    def user_id(self) -> Any:
        if self.user is not None and self.user.is_authenticated:
            return self.user.pk
        return None

    def owns(self, game: Game) -> bool:
        if game.user_id is not None:
            return bool(game.user_id == self.user_id)
        return bool(self.player) and game.player == self.player

    def games(self, game_id: str) -> Any:
        """The owner's games of one kind, newest first."""
        if self.user_id is not None:
            return Game.objects.filter(user_id=self.user_id, game=game_id)
        return Game.objects.filter(player=self.player, user=None, game=game_id)


def _limit(prefix: str) -> Limit:
    nodes: int = getattr(settings, f"PATIENCE_{prefix}_NODES", 50_000)
    seconds: float | None = getattr(settings, f"PATIENCE_{prefix}_SECONDS", 0.05)
    return Limit(nodes=nodes, seconds=seconds)


def check_game_id(game_id: str) -> str:
    if game_id not in GAMES:
        names = ", ".join(sorted(GAMES))
        raise GameError(
            _("Unknown game %(game)r: choose one of %(names)s.") % {"game": game_id, "names": names}
        )
    return game_id


# ----------------------------------------------------------------- positions
#: Recent positions of this process by (game id, version): a version names one
#: position for ever, so an entry never goes stale; a miss replays the moves.
_POSITIONS: OrderedDict[tuple[Any, int], Position] = OrderedDict()
_POSITIONS_MAX = 512
_POSITIONS_LOCK = threading.Lock()


def position(game: Game) -> Position:
    """The game's current position: its deal replayed through the moves made
    (a fresh object the caller may change)."""
    with _POSITIONS_LOCK:
        cached = _POSITIONS.get((game.pk, game.version))
        if cached is not None:
            _POSITIONS.move_to_end((game.pk, game.version))
            return cached.copy()
    pos = Position.deal(game.game, game.deal)
    if len(game.codes) == len(game.moves):  # written with the moves, which were checked
        for src, dst, n in game.codes[: game.cursor]:
            pos.push(Move(src, dst, n))
    else:
        for text in game.made:
            pos.push(parse_move(pos, text))
    _remember(game, pos)
    return pos


def _remember(game: Game, pos: Position) -> None:
    with _POSITIONS_LOCK:
        _POSITIONS[(game.pk, game.version)] = pos.copy()
        while len(_POSITIONS) > _POSITIONS_MAX:
            _POSITIONS.popitem(last=False)


def state(game: Game, pos: Position | None = None) -> dict[str, Any]:
    """The JSON the browser gets: the public view plus the game's bookkeeping."""
    pos = position(game) if pos is None else pos
    view = public_view(pos)
    won = view["won"]
    lost = game.verdict == Game.Verdict.LOST
    view.update(
        id=str(game.id),
        deal=game.deal,
        version=game.version,
        solvable=game.solvable,
        can_undo=game.cursor > 0,
        can_redo=game.cursor < len(game.moves),
        undos=game.undos,
        verdict=None if won else (game.verdict or "unknown"),
        checked=game.checked,
        status="won" if won else "stuck" if view["stuck"] else "lost" if lost else "playing",
    )
    return view


# ----------------------------------------------------------------- changes
def new_game(owner: Owner, game_id: str, deal: int | None = None, solvable: bool = False) -> Game:
    """Start a game: deal ``deal``, else a random deal (a proved-winnable one when
    ``solvable``)."""
    check_game_id(game_id)
    if deal is None:
        deal = solvable_deal(owner, game_id) if solvable else secrets.randbelow(NEW_DEAL_MAX) + 1
    elif not 1 <= deal <= 2**63 - 1:
        raise GameError(_("Deal numbers run from 1 to %(max)s.") % {"max": 2**63 - 1})
    game = Game(
        game=game_id,
        deal=deal,
        solvable=solvable,
        player=owner.player if owner.user_id is None else "",
        user_id=owner.user_id,
    )
    judge(game, Position.deal(game_id, deal), _limit("STATUS"))
    if solvable:
        game.verdict = Game.Verdict.WINNABLE  # proved by winnable_deal, line or not
    game.save()
    return game


#: Deals tried (each within the SOLVABLE budget) when the pool has no new deal.
SOLVABLE_TRIES = 10


def solvable_deal(owner: Owner, game_id: str) -> int:
    """A deal proved winnable that the owner has not played: from the pool of
    proved deals when it has one, else searched for now in the solver process (and
    added to the pool), else one the owner has played before."""
    played = owner.games(game_id).values_list("deal", flat=True)
    pool = ProvedDeal.objects.filter(game=game_id, winnable=True)
    pick = pool.exclude(deal__in=played).order_by("?").first()
    if pick is not None:
        return int(pick.deal)
    start = secrets.randbelow(NEW_DEAL_MAX) + 1
    deal = solving.proved_deal(game_id, start, _limit("SOLVABLE"), SOLVABLE_TRIES)
    if deal is not None:
        ProvedDeal.objects.get_or_create(game=game_id, deal=deal, defaults={"winnable": True})
        return deal
    pick = pool.order_by("?").first()
    if pick is None:
        raise GameError(_("No solvable deal is ready yet: please try again in a moment."))
    return int(pick.deal)


def load(owner: Owner, game_id: Any) -> Game:
    """The owner's game ``game_id``; another player's game is as good as missing."""
    try:
        game = Game.objects.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise Missing(_("There is no such game.")) from None
    if not owner.owns(game):
        raise Missing(_("There is no such game."))
    return game


_STALE = "The game was changed elsewhere; it has been reloaded."
_SAVED = [
    "moves",
    "codes",
    "cursor",
    "undos",
    "version",
    "started_at",
    "won_at",
    "win_moves",
    "verdict",
    "line",
    "checked",
    "updated",
]

#: Sent (after the commit) when a game is won for the first time: ``game=Game``.
game_won = Signal()


def _current(owner: Owner, game_id: Any, version: int) -> Game:
    """The owner's game, if it is still at ``version``."""
    game = load(owner, game_id)
    if version != game.version:
        raise Stale(_(_STALE))
    return game


def _save(game: Game, pos: Position) -> dict[str, Any]:
    """Store the changed game if nobody changed it since it was read; commit."""
    read = game.version
    game.version = read + 1
    game.updated = timezone.now()
    if game.started_at is None and game.cursor > 0:
        game.started_at = game.updated
    first_win = pos.is_won() and game.won_at is None
    if first_win:
        game.won_at, game.win_moves = game.updated, game.cursor
    values = {name: getattr(game, name) for name in _SAVED}
    with transaction.atomic():
        if not Game.objects.filter(pk=game.pk, version=read).update(**values):
            raise Stale(_(_STALE))
    _remember(game, pos)
    if first_win:
        game_won.send(sender=Game, game=game)
    return state(game, pos)


def _refuse_if_won(game: Game, pos: Position) -> None:
    if pos.is_won():
        raise Finished(_("The game is won: deal new cards or restart."))


def play(owner: Owner, game_id: Any, version: int, text: str) -> dict[str, Any]:
    """Make the move ``text`` (notation, like ``3-F1``)."""
    game = _current(owner, game_id, version)
    pos = position(game)
    _refuse_if_won(game, pos)
    try:
        move = parse_move(pos, text)
    except PatienceError as error:
        raise GameError(_("That move is not allowed: %(reason)s") % {"reason": error}) from None
    _advance(game, pos, [move])
    return _save(game, pos)


def _advance(game: Game, pos: Position, moves: list[Move]) -> None:
    texts = []
    for move in moves:
        texts.append(format_move(pos, move))
        pos.push(move)
    line = list(game.line)
    if line[: len(texts)] == texts:
        game.line = line[len(texts) :]
    else:
        game.line = []
    aligned = len(game.codes) == len(game.moves)
    redo, redo_codes = game.moves[game.cursor :], game.codes[game.cursor :]
    game.moves = game.made + texts
    game.codes = [list(move) for move in pos.move_stack]  # the same moves, as numbers
    if redo[: len(texts)] == texts:  # playing the redo move keeps the rest of the list
        game.moves += redo[len(texts) :]
        if aligned:
            game.codes += redo_codes[len(texts) :]
    game.cursor += len(texts)
    if game.verdict == Game.Verdict.WINNABLE and not game.line:
        game.verdict = Game.Verdict.UNKNOWN
    judge(game, pos, None)  # the search, if one is needed, waits for check()


def auto_complete(owner: Owner, game_id: Any, version: int) -> dict[str, Any]:
    """Play the foundation moves that finish the game (when it can be finished so)."""
    game = _current(owner, game_id, version)
    pos = position(game)
    _refuse_if_won(game, pos)
    moves = auto_complete_moves(pos)
    if not moves:
        raise GameError(_("The game cannot be finished by foundation moves alone yet."))
    played = texts(pos, moves)
    _advance(game, pos, moves)
    result = _save(game, pos)
    result["played"] = played
    return result


def undo(owner: Owner, game_id: Any, version: int) -> dict[str, Any]:
    game = _current(owner, game_id, version)
    if game.cursor == 0:
        raise GameError(_("There is nothing to undo."))
    pos = position(game)
    undone = game.moves[game.cursor - 1]
    game.cursor -= 1
    game.undos += 1
    was_won = pos.is_won()
    pos.pop()
    if game.verdict == Game.Verdict.WINNABLE and (game.line or was_won):
        game.line = [undone, *game.line]  # the undone move leads back onto the line
        game.checked = True
    else:
        game.verdict, game.line = Game.Verdict.UNKNOWN, []
        judge(game, pos, None)
    return _save(game, pos)


def redo(owner: Owner, game_id: Any, version: int) -> dict[str, Any]:
    game = _current(owner, game_id, version)
    if game.cursor >= len(game.moves):
        raise GameError(_("There is nothing to redo."))
    pos = position(game)
    _advance(game, pos, [parse_move(pos, game.moves[game.cursor])])
    return _save(game, pos)


def restart(owner: Owner, game_id: Any, version: int) -> dict[str, Any]:
    """Back to the deal's start; the moves stay on the redo list."""
    game = _current(owner, game_id, version)
    if game.cursor == 0:
        raise GameError(_("The game is at its start already."))
    pos = Position.deal(game.game, game.deal)
    game.undos += game.cursor
    game.cursor = 0
    game.verdict, game.line = Game.Verdict.UNKNOWN, []
    judge(game, pos, None)
    return _save(game, pos)


def check(owner: Owner, game_id: Any, version: int) -> dict[str, Any]:
    """The status search for the game's position at ``version`` (a move only says
    what it knows for free, so that it is answered at once; the browser asks for
    this after it). Stores the verdict for that version without changing the
    version: a move made meanwhile makes this request stale instead."""
    game = _current(owner, game_id, version)
    pos = position(game)
    if not game.checked:
        judge(game, pos, _limit("STATUS"))
        changed = Game.objects.filter(pk=game.pk, version=version).update(
            verdict=game.verdict, line=game.line, checked=game.checked
        )
        if not changed:
            raise Stale(_(_STALE))
    return state(game, pos)


def give_hint(owner: Owner, game_id: Any) -> dict[str, Any]:
    """The next move of a winning line (a deeper search than the status check),
    or the verdict that there is none. What the search learnt is kept for the
    game's status (unless the game changed meanwhile)."""
    game = load(owner, game_id)
    pos = position(game)
    none: dict[str, Any] = {"move": None, "pile": None, "index": None, "target": None}
    if pos.is_won():
        return {"verdict": "winnable", **none}
    move = judge(game, pos, _limit("HINT"), short=True)
    Game.objects.filter(pk=game.pk, version=game.version).update(
        verdict=game.verdict, line=game.line, checked=True
    )
    if move is None:
        return {"verdict": game.verdict or "unknown", **none}
    labels = pos.layout.labels
    return {
        "verdict": "winnable",
        "move": format_move(pos, move),
        "pile": labels[move.src],
        "index": len(pos.piles[move.src]) - move.n,
        "target": labels[move.dst],
    }
