"""Aliwar's values a front end holds: the phase, the moves, the events and the observation.

Positions of a player's six face-up cards are numbered 0–4 for the stacks and
:data:`PROTECTION` = 5 for the protection card (AW-B9); :data:`ACTIONS` numbers every
move (:ref:`aliwar-actions`). Every event is shown in a game on :ref:`aliwar-events`.

>>> Switch(PROTECTION, 2), Phase.KEEP.value
(Switch(a=2, b=5), 'keep')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar, Final, TypeAlias

from cardwars.cards import Card, Deck
from cardwars.engine import ActionSpace, Event, Move, Observation, Result
from cardwars.errors import IllegalMoveError, describe

__all__ = [
    "ACTIONS",
    "PROTECTION",
    "STACKS",
    "AliwarMove",
    "AliwarObservation",
    "CardKept",
    "CardsDealt",
    "CardsDiscarded",
    "CardsReturned",
    "ConflictResolved",
    "Decline",
    "GameOver",
    "Keep",
    "KeepDeclined",
    "Phase",
    "StackEmptied",
    "Switch",
    "SwitchesRevealed",
    "TopsFlipped",
]

PROTECTION: Final = 5
"""The position id of the protection card in :class:`Switch` (stacks are 0–4)."""

STACKS: Final = 5
"""Stacks per player."""


class Phase(enum.Enum):
    """Where an Aliwar state rests (:ref:`resting-points`).

    >>> Phase("switch")
    <Phase.SWITCH: 'switch'>
    """

    SWITCH = "switch"
    """Both players choose a switch, simultaneously (AW-4)."""
    KEEP = "keep"
    """The players who won a card choose a keep or decline, simultaneously (AW-6.2)."""
    OVER = "over"
    """The game has ended; :attr:`~cardwars.engine.GameState.result` says how."""


# --- moves -----------------------------------------------------------------------------------


def _check_position(value: object, what: str, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise IllegalMoveError(f"{what} must be an int 0..{high}, got {describe(value)}")
    return value


@dataclass(frozen=True, slots=True)
class Switch(Move):
    """Exchange the face-up cards at positions ``a`` and ``b`` (0–4 stacks, 5 protection; AW-4).

    The pair is unordered, so it is stored with ``a <= b`` (AW-T8); ``Switch(p, p)``
    is the null switch, stored as ``Switch(PROTECTION, PROTECTION)`` (AW-B6).

    >>> Switch(2, 1) == Switch(1, 2), Switch(3, 3)
    (True, Switch(a=5, b=5))
    """

    a: int
    b: int
    wire_bounds: ClassVar[dict[str, tuple[int, int]]] = {"a": (0, PROTECTION), "b": (0, PROTECTION)}
    """The range of each int field, for :mod:`cardwars.wire` (its schema and decoder)."""

    def __post_init__(self) -> None:
        a = _check_position(self.a, "Switch position a", PROTECTION)
        b = _check_position(self.b, "Switch position b", PROTECTION)
        if a == b:
            a = b = PROTECTION
        object.__setattr__(self, "a", min(a, b))
        object.__setattr__(self, "b", max(a, b))

    @property
    def is_null(self) -> bool:
        """True for the null switch (only legal with ``allow_null_switch``)."""
        return self.a == self.b


@dataclass(frozen=True, slots=True)
class Keep(Move):
    """Keep the won ``card`` face down at the bottom of own stack ``stack`` (0–4; AW-6.2).

    >>> Keep(Card.parse("7D"), 2)
    Keep(card=Card(rank=Rank.SEVEN, suit=Suit.DIAMONDS), stack=2)
    """

    card: Card
    stack: int
    wire_bounds: ClassVar[dict[str, tuple[int, int]]] = {"stack": (0, STACKS - 1)}
    """The range of each int field, for :mod:`cardwars.wire` (its schema and decoder)."""

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise IllegalMoveError(f"Keep needs a Card, got {describe(self.card)}")
        _check_position(self.stack, "Keep stack", STACKS - 1)


@dataclass(frozen=True, slots=True)
class Decline(Move):
    """Keep none of the won cards; all of them are discarded (AW-6.2, AW-6.3).

    >>> Decline()
    Decline()
    """


AliwarMove: TypeAlias = Switch | Keep | Decline
"""Any Aliwar move, as a type (``aliwar.Move``): what its states offer and its agents return."""


ACTIONS: Final[ActionSpace[Move]] = ActionSpace(
    "aliwar",
    (
        *(Switch(a, b) for a in range(PROTECTION + 1) for b in range(a + 1, PROTECTION + 1)),
        Switch(PROTECTION, PROTECTION),
        *(Keep(card, stack) for card in Deck.standard() for stack in range(STACKS)),
        Decline(),
    ),
)
"""The 277 integer actions of Aliwar (:ref:`aliwar-actions`); the same object is
:attr:`Aliwar.action_space <cardwars.aliwar.Aliwar.action_space>`."""


# --- events ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """The deal or a hand-built start as both see it (AW-2, AW-8.1): ``tops[seat][stack]``,
    the protection cards and the stack sizes; the first event of ``events_for``.

    >>> from cardwars.aliwar import Aliwar
    >>> Aliwar().new_game(seed=42).events_for(0)[0].sizes[0]
    (5, 5, 5, 5, 5)
    """

    tops: tuple[tuple[Card, ...], tuple[Card, ...]]
    protection: tuple[Card, Card]
    sizes: tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class SwitchesRevealed(Event):
    """Both switches, revealed together (AW-4.2) and then performed; ``switches[seat]``.

    >>> SwitchesRevealed((Switch(0, 5), Switch(2, 1)))
    SwitchesRevealed(switches=(Switch(a=0, b=5), Switch(a=1, b=2)))
    """

    switches: tuple[Switch, Switch]


@dataclass(frozen=True, slots=True)
class ConflictResolved(Event):
    """One column's conflict (AW-5): ``cards[seat]``, ``protected[seat]``, the winner or None.

    >>> ConflictResolved(0, (Card.parse("5H"), Card.parse("5D")), (True, False), 0).winner
    0
    """

    column: int
    cards: tuple[Card, Card]
    protected: tuple[bool, bool]
    winner: int | None


@dataclass(frozen=True, slots=True)
class StackEmptied(Event):
    """``seat``'s ``stack`` lost its last card (AW-7.1).

    >>> StackEmptied(1, 0)
    StackEmptied(seat=1, stack=0)
    """

    seat: int
    stack: int


@dataclass(frozen=True, slots=True)
class CardKept(Event):
    """``seat`` kept the won ``card`` at the bottom of its ``stack`` (AW-6.2).

    >>> CardKept(0, Card.parse("5D"), 4)
    CardKept(seat=0, card=Card(rank=Rank.FIVE, suit=Suit.DIAMONDS), stack=4)
    """

    seat: int
    card: Card
    stack: int


@dataclass(frozen=True, slots=True)
class KeepDeclined(Event):
    """``seat`` kept none of the cards it won (AW-6.2).

    >>> KeepDeclined(0)
    KeepDeclined(seat=0)
    """

    seat: int


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """Won cards that were not kept leave the game (AW-6.3), in the order of AW-B8.

    >>> CardsDiscarded((Card.parse("5D"),))
    CardsDiscarded(cards=(Card(rank=Rank.FIVE, suit=Suit.DIAMONDS),))
    """

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardsReturned(Event):
    """``seat``'s winning and tying cards went under their stacks (AW-6.4): (stack, card).

    >>> CardsReturned(1, ((1, Card.parse("3D")),)).returned[0][0]
    1
    """

    seat: int
    returned: tuple[tuple[int, Card], ...]


@dataclass(frozen=True, slots=True)
class TopsFlipped(Event):
    """The new top cards, face up, ``tops[seat][stack]`` (AW-7.5); a new round starts.

    >>> TopsFlipped(((Card.parse("2C"),), (Card.parse("2D"),))).tops[1][0].id
    13
    """

    tops: tuple[tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended (AW-7.4, AW-7.6); ``result`` says how.

    >>> from cardwars.engine import Result
    >>> GameOver(Result(frozenset({0}), "empty_stack", 1, (1, 2))).result.termination
    'empty_stack'
    """

    result: Result


# --- observation -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AliwarObservation(Observation):
    """What one seat may know (AW-8); in Aliwar both seats know the same.

    Attributes:
        seat: whose observation this is.
        phase: the phase the state rests in.
        to_act: the seats polled now.
        rounds: rounds played so far (a round counts from its conflict on).
        no_progress: rounds in a row without a discard.
        stacks: ``stacks[seat][stack]``, top first; ``None`` stands for a face-down card
            never seen (or, with ``view_recall="face_up_only"``, any face-down card).
        face_up: ``face_up[seat][stack]``: whether that stack's top card is face up.
        protection: both protection cards.
        won: the cards each seat won this round, in column order (the middle row; Keep phase).
        discard: the discard pile, in discard order.
        result: the result once the game is over.

    >>> from cardwars.aliwar import Aliwar
    >>> obs = Aliwar().new_game(seed=42).observation(1)
    >>> obs.seat, obs.phase, obs.stacks[0][0]  # only the top of P0's first stack is known
    (1, <Phase.SWITCH: 'switch'>, (Card(rank=Rank.ACE, suit=Suit.HEARTS), None, None, None, None))
    """

    seat: int
    phase: Phase
    to_act: frozenset[int]
    rounds: int
    no_progress: int
    stacks: tuple[tuple[tuple[Card | None, ...], ...], ...]
    face_up: tuple[tuple[bool, ...], ...]
    protection: tuple[Card, Card]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    discard: tuple[Card, ...]
    result: Result | None
