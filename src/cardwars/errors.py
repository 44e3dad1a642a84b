"""Every exception cardwars raises, in one place, shared by both backends.

All of them derive from :class:`CardwarsError`; the ones caused by a bad value
also derive from :class:`ValueError`, so ``except ValueError`` keeps working.
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "CardwarsError",
    "IllegalMoveError",
    "RecordError",
    "RulesError",
    "UsageError",
]


class CardwarsError(Exception):
    """Base class of every error raised by cardwars.

    >>> issubclass(IllegalMoveError, CardwarsError)
    True
    """


class CardParseError(CardwarsError, ValueError):
    """A card or deck could not be read from text.

    >>> from cardwars import Card
    >>> Card.parse("ZZ")
    Traceback (most recent call last):
    ...
    cardwars.errors.CardParseError: cannot read a card from 'ZZ': ...
    """


class IllegalMoveError(CardwarsError, ValueError):
    """A move (or a set of simultaneous moves) is not legal in the current state.

    The message names the seat, the move and the legal moves. The state is
    unchanged when this is raised.
    """


class RulesError(CardwarsError, ValueError):
    """A rules option, a player count or a hand-built position is invalid.

    The message names the field and the allowed values.
    """


class RecordError(CardwarsError, ValueError):
    """A game record is corrupt, inconsistent or of an unknown version.

    The message says what is wrong and where. Nothing is half-built.
    """


class UsageError(CardwarsError, ValueError):
    """An argument to a cardwars function is invalid (an unknown game or agent name,
    the wrong number of agents, a seat out of range)."""
