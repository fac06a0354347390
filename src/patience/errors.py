"""Errors of the library: all are ``ValueError`` subclasses that quote the bad input."""

from __future__ import annotations


class PatienceError(ValueError):
    """Base class of every error the library raises on bad input."""


class CardError(PatienceError):
    """A token is not a card."""


class UnknownGameError(PatienceError):
    """No game has this id."""


class LayoutError(PatienceError):
    """A position is not valid for its game: wrong count, duplicate or missing card."""


class NotationError(PatienceError):
    """Text is not valid position or move notation."""


class IllegalMoveError(PatienceError):
    """A move that the rules do not allow in this position."""


class DealError(PatienceError):
    """A deal number out of range."""


class UnknownLanguageError(PatienceError):
    """No rules text in this language."""
