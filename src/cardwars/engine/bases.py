"""The base classes of every game's values (:doc:`/api/engine`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

__all__ = ["Event", "Move", "Observation", "Result"]


class Move:
    """Base class of every move. Each game defines frozen, hashable move classes.

    >>> from cardwars import aliwar
    >>> move = aliwar.Switch(3, 1)
    >>> isinstance(move, Move), move == aliwar.Switch(1, 3), str(move)
    (True, True, '1 3')
    """

    __slots__ = ()

    _labels: ClassVar[Callable[[Any], str] | None] = None
    """The game's ``text.label``, which the game's text module sets on its move classes."""

    def __str__(self) -> str:
        """The move's label in its game's notation (:attr:`Game.text`), else its repr."""
        labels = type(self)._labels
        return repr(self) if labels is None else labels(self)


class Event:
    """Base class of every event returned by :meth:`GameState.apply`.

    >>> import cardwars
    >>> state = cardwars.load_game("clone-war").new_game(seed=1)
    >>> events = state.apply({})
    >>> all(isinstance(event, Event) for event in events), type(events[0]).__name__
    (True, 'CardsFlipped')
    """

    __slots__ = ()


class Observation:
    """Base class of what one seat may know; each game defines a frozen dataclass.

    >>> import cardwars
    >>> view = cardwars.load_game("guerrilla").new_game(seed=1).observation(0)
    >>> isinstance(view, Observation), len(view.hand)
    (True, 2)
    """

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended.

    Attributes:
        winners: the winning seats; empty for any draw.
        termination: why the game ended, one of the game's names
            (Aliwar AW-B4, Clone War CW-B3, Guerrilla GT-B7).
        length: rounds (Aliwar), battles (Clone War) or skirmishes (Guerrilla) played.
        placings: the place of each seat, 1 = best; seats that share a place share a number.

    >>> r = Result(frozenset({1}), "empty_stack", 12, (2, 1))
    >>> r.is_draw, r.winner
    (False, 1)
    """

    winners: frozenset[int]
    termination: str
    length: int
    placings: tuple[int, ...]

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners

    @property
    def winner(self) -> int | None:
        """The single winner, or None for a draw (or several winners)."""
        return next(iter(self.winners)) if len(self.winners) == 1 else None
