"""Moves, events, phases and the observation of WAR: Guerrilla Tactics; how combinations rank.

All are small frozen values; :mod:`cardwars.guerrilla` re-exports them. Every event is public
(GT-15). The :doc:`/api/guerrilla-events` page shows each in use; :data:`ACTIONS` numbers the
moves as in :ref:`guerrilla-order`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, TypeAlias

from cardwars.backend import RuleSource
from cardwars.cards import Card, CardId, Deck
from cardwars.engine import ActionSpace, Event, Move, Observation, Result
from cardwars.guerrilla.rules import Rules

__all__ = [
    "ACTIONS", "Allow", "Cancel", "CardPlayed", "CardsDrawn", "CardsRecruited", "DiscardReshuffled",
    "FaceDownRevealed", "ForcesLost", "GameOver", "GuerrillaMove", "GuerrillaObservation",
    "GuerrillaPromoted", "Outcome", "Pass", "Phase", "Play", "PlayerEliminated",
    "ProposalCancelled", "ProposalMade", "Propose", "Reject", "Remove", "SkirmishEvaluated",
    "SkirmishStarted", "SkirmishWon", "SpoilsTaken", "SpyFlagSet", "Support", "SupportAdded",
    "TieCards", "TieCardsPlaced", "combination_strength", "compare",
]  # fmt: skip

STRENGTH = RuleSource("cardwars.guerrilla.strength")
"""The strength of a combination (GT-8.4), the rules' own: ``strength.py`` on this backend."""

MACHINE = RuleSource("cardwars.guerrilla.machine")
"""The machine the face steps (``machine.py``: ``GuerrillaMachine``, ``guerrilla_deal``)."""

TABLES = RuleSource("cardwars.guerrilla.vector")
"""The native vector env's tables (``vector.py``: ``GuerrillaTables``)."""

BATCH = RuleSource("cardwars.guerrilla.greedy")
"""Whole games with the built-in agents (``greedy.py``: ``guerrilla_batch``)."""


class Phase(enum.Enum):
    """Where a state rests (:ref:`guerrilla-order`).

    >>> Phase("over")
    <Phase.OVER: 'over'>
    """

    PROPOSE = "propose"
    """The promotion window's first poll; every player still in proposes or passes (GT-4.3)."""
    RESPOND = "respond"
    """The promotion window's second poll; all but the proposer allow or cancel (GT-4.4)."""
    PLAY_FIRST = "play_first"
    """Spy-first players reveal their card before the others (GT-6.1)."""
    PLAY = "play"
    """The other players play, simultaneously (GT-6.2)."""
    SUPPORT = "support"
    """Tied and losing players may add support (GT-8)."""
    TIE = "tie"
    """Tied players put down a face-down and a face-up card (GT-10.4)."""
    REMOVE = "remove"
    """The winner picks the lost cards one by one (``removal_choice="winner_chooses"`` only)."""
    OVER = "over"
    """The game has ended."""


class Outcome(enum.IntEnum):
    """Where a seat stands when the table is evaluated (GT-7, GT-9, GT-10.5).

    ``LOSING < TIED < WINNING``; ``ABSENT``: no combination in that evaluation.

    >>> [Outcome(value).name for value in (2, 0, -1)]
    ['WINNING', 'LOSING', 'ABSENT']
    """

    LOSING = 0
    """Weaker than the strongest combination on the table."""
    TIED = 1
    """Level with the strongest, together with at least one other seat."""
    WINNING = 2
    """Strictly stronger than every other combination."""
    ABSENT = -1
    """Not taking part, with no combination on the table in this evaluation."""

    @classmethod
    def against(cls, strength: int, best_other: int) -> Outcome:
        """The outcome of a combination of ``strength`` against the strongest other one.

        >>> Outcome.against(7, 7)
        <Outcome.TIED: 1>
        """
        if strength > best_other:
            return cls.WINNING
        return cls.TIED if strength == best_other else cls.LOSING


def combination_strength(cards: Sequence[Card], guerrilla_rank: int, rules: Rules) -> int:
    """The strength of a combination of one or two cards under ``rules`` (GT-8.4): higher wins.

    Pairs (equal effective rank; all Guerrillas count alike) beat non-pairs; a
    non-pair is worth its highest card, and its second card only with ``kicker``;
    ``ace_low`` puts the Ace below every card.

    >>> P = Card.parse
    >>> pair, queen = [P("8H"), P("8D")], [P("QC")]
    >>> combination_strength(pair, 2, Rules()) > combination_strength(queen, 2, Rules())
    True
    """
    ids: list[CardId] = [card.id for card in cards]
    strength: int = STRENGTH.module.guerrilla_strength(
        ids, guerrilla_rank, rules.kicker, rules.ace_low
    )
    return strength


def compare(
    a: Sequence[Card],
    b: Sequence[Card],
    guerrilla_rank: int,
    *,
    kicker: bool = False,
    ace_low: bool = False,
) -> int:
    """Compare two combinations of one or two cards (GT-8.4): 1 if ``a`` is stronger, -1, or 0.

    They rank as in :func:`combination_strength`, under these ``kicker`` and ``ace_low``.

    >>> P = Card.parse
    >>> compare([P("8H"), P("8D")], [P("QC")], 2)            # GT-T2: a pair beats a single card
    1
    """
    strength = STRENGTH.module.guerrilla_strength
    ids_a: list[CardId] = [card.id for card in a]
    ids_b: list[CardId] = [card.id for card in b]
    strength_a: int = strength(ids_a, guerrilla_rank, kicker, ace_low)
    strength_b: int = strength(ids_b, guerrilla_rank, kicker, ace_low)
    return (strength_a > strength_b) - (strength_a < strength_b)


# --- moves -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Propose(Move):
    """Propose a promotion (GT-4.2); legal only without a Guerrilla in hand.

    >>> ACTIONS.action(Propose())
    0
    """


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Do not propose (GT-4.3), or do not support (GT-8.3).

    >>> ACTIONS.action(Pass())
    1
    """


@dataclass(frozen=True, slots=True)
class Allow(Move):
    """Let the proposal pass (GT-4.4).

    >>> ACTIONS.action(Allow())
    2
    """


@dataclass(frozen=True, slots=True)
class Reject(Move):
    """Veto the proposal without revealing (GT-A29, ``promotion_acceptance="unanimous_vote"``).

    >>> ACTIONS.action(Reject())
    3
    """


@dataclass(frozen=True, slots=True)
class Cancel(Move):
    """Cancel the proposal by revealing the Guerrilla ``card`` from hand (GT-4.4, GT-4.6).

    >>> ACTIONS.action(Cancel(Card.parse("2C")))
    4
    """

    card: Card


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play ``card`` from hand face up (GT-6).

    >>> ACTIONS.action(Play(Card.parse("JC")))
    65
    """

    card: Card


@dataclass(frozen=True, slots=True)
class Support(Move):
    """Add ``card`` from hand as support (GT-8).

    >>> ACTIONS.action(Support(Card.parse("9C")))
    115
    """

    card: Card


@dataclass(frozen=True, slots=True)
class TieCards(Move):
    """A tie round: ``up`` face up and ``down`` face down (None with a one-card hand; GT-10.4).

    >>> ACTIONS.action(TieCards(Card.parse("3C"), None))
    317
    """

    up: Card
    down: Card | None


@dataclass(frozen=True, slots=True)
class Remove(Move):
    """Send table ``card`` to the removed pile (GT-11, ``removal_choice="winner_chooses"``).

    >>> ACTIONS.action(Remove(Card.parse("2D")))
    173
    """

    card: Card


CARDS: Final[tuple[Card, ...]] = tuple(Deck.standard())
"""The 52 cards by id, the labels the machine builds its views of."""

GuerrillaMove: TypeAlias = (
    Propose | Pass | Allow | Reject | Cancel | Play | Support | TieCards | Remove
)
"""Any Guerrilla move, as a type (``guerrilla.Move``): what states offer, agents return."""


ACTIONS: Final[ActionSpace[Move]] = ActionSpace(
    "guerrilla",
    (
        Propose(),
        Pass(),
        Allow(),
        Reject(),
        *(Cancel(card) for card in CARDS),
        *(Play(card) for card in CARDS),
        *(Support(card) for card in CARDS),
        *(Remove(card) for card in CARDS),
        *(TieCards(up, down) for up in CARDS for down in (*CARDS, None)),
    ),
)
"""The 2968 integer actions of Guerrilla, numbered as in :ref:`guerrilla-order`; the same
object is :attr:`Guerrilla.action_space <cardwars.guerrilla.Guerrilla.action_space>`."""


# --- events ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SkirmishStarted(Event):
    """Skirmish ``index`` (0-based) begins; ``lead_seat`` = index mod seats (GT-3, GT-B4).

    >>> SkirmishStarted(index=3, lead_seat=1).lead_seat
    1
    """

    index: int
    lead_seat: int


@dataclass(frozen=True, slots=True)
class ProposalMade(Event):
    """``proposer`` proposes a promotion; ``proposers`` are all who tried (GT-4.3).

    >>> ProposalMade(proposer=1, proposers=(0, 1)).proposer
    1
    """

    proposer: int
    proposers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GuerrillaPromoted(Event):
    """The Guerrilla rank rose to ``rank`` (GT-4.5).

    >>> GuerrillaPromoted(rank=3)
    GuerrillaPromoted(rank=3)
    """

    rank: int


@dataclass(frozen=True, slots=True)
class ProposalCancelled(Event):
    """The proposal failed (GT-4.4): ``reveals``, (seat, card) cancels; ``rejecters``, vetoes.

    >>> ProposalCancelled(reveals=(), rejecters=(1,)).rejecters
    (1,)
    """

    reveals: tuple[tuple[int, Card], ...]
    rejecters: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class CardsRecruited(Event):
    """``seat`` moved ``count`` unseen cards from ``source``'s draw pile to its discard (GT-4.6).

    >>> CardsRecruited(seat=1, source=0, count=2).count
    2
    """

    seat: int
    source: int
    count: int


@dataclass(frozen=True, slots=True)
class DiscardReshuffled(Event):
    """``seat``'s discard pile of ``count`` cards was shuffled into its draw pile (GT-5.2).

    >>> DiscardReshuffled(seat=0, count=2)
    DiscardReshuffled(seat=0, count=2)
    """

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """``seat`` drew ``count`` cards; which ones is private (GT-5, GT-15).

    >>> CardsDrawn(seat=0, count=2)
    CardsDrawn(seat=0, count=2)
    """

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    """``seat`` is out (GT-5.3, GT-10.1); its ``hand`` went to the removed pile or the spoils.

    >>> PlayerEliminated(seat=1, hand=()).seat
    1
    """

    seat: int
    hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` revealed ``card`` (``first``: as a spy-first player, GT-6.1).

    >>> CardPlayed(0, Card.parse("JC")).first
    False
    """

    seat: int
    card: Card
    first: bool = False


@dataclass(frozen=True, slots=True)
class SupportAdded(Event):
    """``seat`` supported with ``card`` (GT-8.3).

    >>> str(SupportAdded(1, Card.parse("9C")).card)
    '9C'
    """

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class SkirmishEvaluated(Event):
    """Each seat's :class:`Outcome` value (-1: not taking part), and which evaluation it is.

    Attributes:
        outcomes: per seat, its :class:`Outcome` value, or -1 when it takes no part.
        reevaluated: False for the evaluation after Play (GT-7), True for a
            re-evaluation after support (GT-8, GT-9).

    >>> SkirmishEvaluated(outcomes=(2, 0)).reevaluated
    False
    """

    outcomes: tuple[int, ...]
    reevaluated: bool = False


@dataclass(frozen=True, slots=True)
class TieCardsPlaced(Event):
    """``seat`` put down ``up`` face up, and a hidden card when ``face_down`` (GT-10.4).

    >>> TieCardsPlaced(0, Card.parse("5C"), True).face_down
    True
    """

    seat: int
    up: Card
    face_down: bool


@dataclass(frozen=True, slots=True)
class FaceDownRevealed(Event):
    """At the end of the skirmish, ``seat``'s face-down tie ``card`` is shown (GT-10.6).

    >>> str(FaceDownRevealed(0, Card.parse("3C")).card)
    '3C'
    """

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ForcesLost(Event):
    """Loss of Forces removed ``cards`` (GT-11).

    >>> len(ForcesLost((Card.parse("2D"),)).cards)
    1
    """

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SpoilsTaken(Event):
    """``cards`` went to ``seat``'s discard pile, or the removed pile when ``seat`` is -1 (GT-12).

    >>> SpoilsTaken(-1, ()).seat
    -1
    """

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SkirmishWon(Event):
    """Skirmish ``index`` ended; ``winners`` is empty when nobody won (GT-10.2, GT-12).

    >>> SkirmishWon(index=0, winners=()).winners
    ()
    """

    index: int
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SpyFlagSet(Event):
    """``seat`` captured a spy and reveals first next skirmish (GT-13).

    >>> SpyFlagSet(seat=0)
    SpyFlagSet(seat=0)
    """

    seat: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended with ``result`` (GT-14).

    >>> GameOver(Result(frozenset({0}), "last_player", 3, (1, 2))).result.length
    3
    """

    result: Result


# --- observation -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GuerrillaObservation(Observation):
    """What ``seat`` may know (GT-15): its own hand and the public facts of the moment.

    Attributes:
        seat: the observer.
        phase: where the game rests.
        to_act: the seats polled now.
        hand: the observer's hand, in arrival order.
        guerrilla_rank: G.
        skirmish: the skirmish index k.
        in_game: per seat, still in the game.
        played_guerrilla, support_penalty, spy_first: the public flags per seat.
        hand_sizes, draw_sizes, discard_sizes: zone sizes per seat.
        removed: the removed pile (its identities are public, GT-A24).
        played: per seat, the card revealed this skirmish (None if none yet).
        supports: per seat, the support card (None if none).
        tie_rounds: per round, (seat, face-up card, has a face-down card) in seat order.
        proposer: the current proposer during the response poll, else None.
        rules: the options in force (public; agents use them to rank combinations).

    >>> from cardwars.guerrilla import Guerrilla
    >>> obs = Guerrilla(players=2).new_game(seed=42).observation(0)
    >>> [str(card) for card in obs.hand], obs.hand_sizes, obs.draw_sizes, obs.phase
    (['JC', '4C'], (2, 2), (11, 11), <Phase.PLAY: 'play'>)
    """

    seat: int
    phase: Phase
    to_act: frozenset[int]
    hand: tuple[Card, ...]
    guerrilla_rank: int
    skirmish: int
    in_game: tuple[bool, ...]
    played_guerrilla: tuple[bool, ...]
    support_penalty: tuple[bool, ...]
    spy_first: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    draw_sizes: tuple[int, ...]
    discard_sizes: tuple[int, ...]
    removed: tuple[Card, ...]
    played: tuple[Card | None, ...]
    supports: tuple[Card | None, ...]
    tie_rounds: tuple[tuple[tuple[int, Card, bool], ...], ...]
    proposer: int | None
    rules: Rules
