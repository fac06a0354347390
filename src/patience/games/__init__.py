"""The registry of games, by stable id.

>>> sorted(GAMES)
['big-apple', 'bisley', 'gilbert']
>>> get_game("Big Apple").id
'big-apple'
"""

from __future__ import annotations

from importlib.resources import files
from typing import Final

from patience.errors import UnknownGameError, UnknownLanguageError
from patience.games.big_apple import BIG_APPLE
from patience.games.bisley import BISLEY
from patience.games.gilbert import GILBERT
from patience.rules import GameRules

#: Languages of the rules texts.
LANGUAGES: Final = ("en", "de")

GAMES: Final[dict[str, GameRules]] = {g.id: g for g in (BISLEY, BIG_APPLE, GILBERT)}


def _norm(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


_ALIASES: Final = {_norm(g.id): g for g in GAMES.values()} | {
    _norm(g.name): g for g in GAMES.values()
}


def rules_text(game_id: str, language: str = "en") -> str:
    """The rules page of a game in Markdown, in ``language`` (``en`` or ``de``).

    >>> rules_text("bisley").splitlines()[0]
    '# Bisley'
    """
    rules = get_game(game_id)
    if language not in LANGUAGES:
        raise UnknownLanguageError(f"no rules text for {game_id!r} in language {language!r}")
    resource = files("patience.games") / "rules" / f"{rules.id}.{language}.md"
    if not resource.is_file():
        raise UnknownLanguageError(f"no rules text for {game_id!r} in language {language!r}")
    return resource.read_text(encoding="utf-8")


def get_game(game_id: str) -> GameRules:
    """The rules of the game ``game_id`` (case, spaces, ``-`` and ``_`` ignored)."""
    rules = _ALIASES.get(_norm(game_id)) if isinstance(game_id, str) else None
    if rules is None:
        known = ", ".join(sorted(GAMES))
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {known}")
    return rules


__all__ = ["BIG_APPLE", "BISLEY", "GAMES", "GILBERT", "get_game", "rules_text"]
