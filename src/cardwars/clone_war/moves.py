"""Where a Clone War state rests (:class:`Phase`), its events and its observation.

Clone War has no moves: nobody decides anything (CW-8), so every battle plays
itself and :meth:`~cardwars.engine.GameState.apply` takes ``{}``. A battle
reports what happened as the events below, in order.

Its action space :data:`ACTIONS` is empty (``num_actions`` is 0), and the
automatic step on integer actions is ``apply_actions({})``.

>>> len(ACTIONS)
0
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from cardwars.cards import Card
from cardwars.engine import ActionSpace, Event, Move, Observation, Result

__all__ = [
    "ACTIONS",
    "CardsDealt",
    "CardsFlipped",
    "CloneWarObservation",
    "Forfeited",
    "GameOver",
    "LastCardShown",
    "Phase",
    "PlayersEliminated",
    "PotCollected",
    "PotSplit",
    "WarCardsPlaced",
    "WarStarted",
]


class Phase(enum.Enum):
    """Where a Clone War state rests.

    >>> from cardwars.clone_war import CloneWar, Phase
    >>> CloneWar().new_game(seed=1).phase
    <Phase.BATTLE: 'battle'>
    """

    BATTLE = "battle"
    """The state waits for the next battle, which ``apply({})`` plays."""
    OVER = "over"
    """The game has ended, and :attr:`~cardwars.engine.GameState.result` says how."""


ACTIONS: Final[ActionSpace[Move]] = ActionSpace("clone-war", ())
"""The action space of Clone War, empty, as nobody decides anything (CW-8)."""


# --- events ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """The deal, or a hand-built start (CW-2): how many cards each seat holds, face down,
    and how many lie in the dead pile. The first event of
    :meth:`~cardwars.engine.GameState.events_for`.

    >>> from cardwars.clone_war import CloneWar
    >>> CloneWar(players=3).new_game(seed=7).events_for(2)[0]
    CardsDealt(pile_sizes=(16, 16, 16), dead=0)
    """

    pile_sizes: tuple[int, ...]
    dead: int


@dataclass(frozen=True, slots=True)
class CardsFlipped(Event):
    """CW-3.1: battle ``battle`` starts; every player in turns their top card face up.

    >>> from cardwars.clone_war import State
    >>> flipped = State.from_piles([["KC", "JC"], ["QD", "QH"]]).apply({})[0]
    >>> flipped.battle, [(seat, str(card)) for seat, card in flipped.cards]
    (1, [(0, 'KC'), (1, 'QD')])
    """

    battle: int
    cards: tuple[tuple[int, Card], ...]
    """``(seat, card)`` in seat order."""


@dataclass(frozen=True, slots=True)
class WarStarted(Event):
    """CW-4: war stage ``stage`` (1, 2, …) of this battle begins among ``seats``.

    >>> from cardwars.clone_war import State
    >>> State.from_piles([["KC", "JC", "QC"], ["KD", "JD", "JH"]]).apply({})[1]  # K = K
    WarStarted(stage=1, seats=(0, 1))
    """

    stage: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Forfeited(Event):
    """CW-5.2: ``seat`` is short and forfeits its ``cards`` (0 or 1) face-down cards.

    They go to the pot, or to the dead pile when ``to_dead`` (``forfeit_cards_to="dead"``).

    >>> from cardwars.clone_war import State
    >>> events = State.from_piles([["KC", "JC"], ["KD", "QD", "JD"]]).apply({})
    >>> events[2]  # P0 has one card left, not the two a war needs
    Forfeited(seat=0, cards=1, to_dead=False)
    """

    seat: int
    cards: int
    to_dead: bool


@dataclass(frozen=True, slots=True)
class WarCardsPlaced(Event):
    """CW-4.2: ``seat`` places one card face down and ``face_up`` face up.

    >>> from cardwars.clone_war import State, WarCardsPlaced
    >>> events = State.from_piles([["KC", "JC", "QC"], ["KD", "JD", "JH"]]).apply({})
    >>> [(e.seat, str(e.face_up)) for e in events if isinstance(e, WarCardsPlaced)]
    [(0, 'QC'), (1, 'JH')]
    """

    seat: int
    face_up: Card


@dataclass(frozen=True, slots=True)
class LastCardShown(Event):
    """CW-5.3 (or ``short_war="play_what_you_can"``): ``seat`` fights with ``card``.

    ``played`` is True when the card was just played from the pile, False when
    the seat has no cards and stands on its previous face-up card (CW-B6).

    >>> from cardwars.clone_war import LastCardShown, State
    >>> events = State.from_piles([["KC", "JC"], ["KD"]]).apply({})  # both short
    >>> [(e.seat, str(e.card), e.played) for e in events if isinstance(e, LastCardShown)]
    [(0, 'JC', True), (1, 'KD', False)]
    """

    seat: int
    card: Card
    played: bool


@dataclass(frozen=True, slots=True)
class PotSplit(Event):
    """CW-5.3: the pot is shuffled and dealt to ``seats``, ``cards_each`` each at least.

    ``to_dead`` cards are left over and go to the dead pile (``split_remainder="dead"``);
    with ``"round_robin"`` they are dealt on, so ``to_dead`` is 0.

    >>> from cardwars.clone_war import State
    >>> events = State.from_piles([["KC"], ["KD"], ["QD"]]).apply({})  # a tie, nobody can war
    >>> events[4]  # three cards in the pot: one each for P0 and P1, one dead
    PotSplit(seats=(0, 1), cards_each=1, to_dead=1)
    """

    seats: tuple[int, ...]
    cards_each: int
    to_dead: int


@dataclass(frozen=True, slots=True)
class PotCollected(Event):
    """CW-6: ``seat`` puts the ``cards`` of the pot under its pile (``shuffled`` first or not).

    >>> from cardwars.clone_war import State
    >>> State.from_piles([["KC", "JC"], ["QD", "QH"]]).apply({})[1]  # K beats Q
    PotCollected(seat=0, cards=2, shuffled=False)
    """

    seat: int
    cards: int
    shuffled: bool


@dataclass(frozen=True, slots=True)
class PlayersEliminated(Event):
    """CW-7.1: ``seats`` have no cards left; they share ``place``.

    >>> from cardwars.clone_war import State
    >>> State.from_piles([["KC"], ["KD"], ["QD"]]).apply({})[5]  # P2 lost its only card
    PlayersEliminated(seats=(2,), place=3)
    """

    seats: tuple[int, ...]
    place: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """CW-7.2, CW-7.3: the game has ended.

    >>> from cardwars.clone_war import State
    >>> over = State.from_piles([["KC"], ["QD"]]).apply({})[-1]
    >>> over.result.winner, over.result.termination, over.result.length
    (0, 'last_player', 1)
    """

    result: Result


@dataclass(frozen=True, slots=True)
class CloneWarObservation(Observation):
    """What every seat may know (CW-8); all seats know the same.

    Pile contents are never shown, only sizes. ``face_up`` holds the face-up
    cards of the latest battle as ``(seat, card)`` in the order they were shown.
    The pot is empty whenever a state rests, so ``pot_size`` is 0 then.

    >>> from cardwars.clone_war import State
    >>> state = State.from_piles([["KC", "JC"], ["QD", "QH"]])
    >>> _ = state.apply({})
    >>> obs = state.observation(1)
    >>> obs.pile_sizes, [(seat, str(card)) for seat, card in obs.face_up], obs.battles
    ((3, 1), [(0, 'KC'), (1, 'QD')], 1)
    """

    seat: int
    pile_sizes: tuple[int, ...]
    pot_size: int
    dead_size: int
    face_up: tuple[tuple[int, Card], ...]
    eliminated: frozenset[int]
    battles: int
    wars: int
    is_over: bool
