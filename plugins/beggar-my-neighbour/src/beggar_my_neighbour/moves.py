"""Where a state rests (:class:`Phase`), the events of a step and the observation.

Nobody decides anything in Beggar-my-neighbour (BMN-1): :data:`ACTIONS` is empty, and
``apply({})`` plays one trick, reported as the events below, in order.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar, Final

from cardwars.authoring import ActionSpace, Card, Event, Move, Observation, Result

__all__ = [
    "ACTIONS",
    "BeggarObservation",
    "CardPlayed",
    "CardsDealt",
    "CycleReached",
    "GameOver",
    "OutOfCards",
    "Phase",
    "PileTaken",
]


class Phase(enum.Enum):
    """Where a state rests."""

    TRICK = "trick"
    """The next trick waits to be played: ``apply({})`` plays it."""
    OVER = "over"
    """The game has ended (BMN-7)."""


ACTIONS: Final[ActionSpace[Move]] = ActionSpace("beggar-my-neighbour", ())
"""The empty action space: nobody decides anything (BMN-1)."""

_SEAT = {"seat": (0, 1)}


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """BMN-2: the deal, or a hand-built start: how many cards each hand holds."""

    hand_sizes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """BMN-4, BMN-5: ``seat`` turns ``card`` onto the pile; it demands ``demand`` cards
    of the other player (0: a plain card)."""

    seat: int
    card: Card
    demand: int
    wire_bounds: ClassVar[dict[str, tuple[int, int]]] = {**_SEAT, "demand": (0, 9)}


@dataclass(frozen=True, slots=True)
class OutOfCards(Event):
    """BMN-7: ``seat`` must play and has no card: it loses."""

    seat: int
    wire_bounds: ClassVar[dict[str, tuple[int, int]]] = _SEAT


@dataclass(frozen=True, slots=True)
class PileTaken(Event):
    """BMN-6: ``seat`` puts the pile's ``cards`` under its hand; ``trick`` is False for the
    last pile of a game, taken because the other player ran out (BMN-7), which is no
    trick (BMN-8)."""

    seat: int
    cards: int
    trick: bool
    wire_bounds: ClassVar[dict[str, tuple[int, int]]] = {**_SEAT, "cards": (0, 52)}


@dataclass(frozen=True, slots=True)
class CycleReached(Event):
    """BMN-7: the position at the start of the next trick is the one after trick ``since``
    again: the game would repeat every ``length`` tricks forever, and ends."""

    length: int
    since: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game has ended (BMN-7)."""

    result: Result


@dataclass(frozen=True, slots=True)
class BeggarObservation(Observation):
    """What every seat may know (everyone knows the same): the size of each hand (never
    its order), who leads the next trick, the cards the last step turned up (``(seat,
    card)`` in order) and the counts (BMN-8)."""

    seat: int
    hand_sizes: tuple[int, ...]
    leader: int
    pile: tuple[tuple[int, Card], ...]
    tricks: int
    cards: int
    is_over: bool
