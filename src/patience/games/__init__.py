"""The registry of games, by stable id.

>>> sorted(GAMES)
['big-apple', 'bisley', 'gilbert']
>>> get_game("Big Apple").id
'big-apple'
"""

from __future__ import annotations

from typing import Final

from patience.errors import UnknownGameError
from patience.games.big_apple import BIG_APPLE
from patience.games.bisley import BISLEY
from patience.games.gilbert import GILBERT
from patience.rules import GameRules

GAMES: Final[dict[str, GameRules]] = {g.id: g for g in (BISLEY, BIG_APPLE, GILBERT)}


def _norm(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


_ALIASES: Final = {_norm(g.id): g for g in GAMES.values()} | {
    _norm(g.name): g for g in GAMES.values()
}


def get_game(game_id: str) -> GameRules:
    """The rules of the game ``game_id`` (case, spaces, ``-`` and ``_`` ignored)."""
    rules = _ALIASES.get(_norm(game_id))
    if rules is None:
        known = ", ".join(sorted(GAMES))
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {known}")
    return rules


__all__ = ["BIG_APPLE", "BISLEY", "GAMES", "GILBERT", "get_game"]
