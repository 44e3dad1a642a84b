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
    "SimulationError",
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

    >>> import cardwars
    >>> from cardwars import aliwar
    >>> state = aliwar.Aliwar().new_game(seed=1)
    >>> state.apply({0: aliwar.Switch(0, 1)})
    Traceback (most recent call last):
    ...
    cardwars.errors.IllegalMoveError: no move for polled seat(s) [1] in phase SWITCH: ...
    """


class RulesError(CardwarsError, ValueError):
    """A rules option, a player count or a hand-built position is invalid.

    The message names the field and the allowed values.

    >>> import cardwars
    >>> cardwars.load_game("aliwar", kept_card_position="sideways")
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: kept_card_position must be one of ... got 'sideways'
    """


class RecordError(CardwarsError, ValueError):
    """A game record is corrupt, inconsistent or of an unknown version.

    The message says what is wrong and where. Nothing is half-built.

    >>> from cardwars import records
    >>> records.loads('{"format": "cardwars-record", "version": 9}')
    Traceback (most recent call last):
    ...
    cardwars.errors.RecordError: the record lacks the field(s) ['game', 'players', ...]
    """


class SimulationError(CardwarsError):
    """A game of :func:`cardwars.simulate` failed: an agent (or the game) raised.

    The message names the games of the failed chunk and the error; the error
    itself is chained as ``__cause__``. The other chunks were cancelled and an
    own worker pool was ended first.

    >>> import cardwars
    >>> class Fails:
    ...     def choose(self, observation, legal_moves, rng):
    ...         raise RuntimeError("no idea")
    >>> cardwars.simulate("aliwar", [Fails(), "random"], games=3)
    Traceback (most recent call last):
    ...
    cardwars.errors.SimulationError: games 0..2 failed: RuntimeError: no idea
    """


class UsageError(CardwarsError, ValueError):
    """An argument to a cardwars function is invalid (an unknown game or agent name,
    the wrong number of agents, a seat out of range).

    >>> import cardwars
    >>> cardwars.load_game("chess")
    Traceback (most recent call last):
    ...
    cardwars.errors.UsageError: unknown game 'chess'; the games are: aliwar, clone-war, guerrilla
    """
