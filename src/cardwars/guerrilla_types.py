"""Moves, events, phases and the observation of WAR: Guerrilla Tactics.

All are small frozen values; :mod:`cardwars.guerrilla` re-exports them.
Every event is public (GT-15): it never names a card that some player may not
know, so the public log can be shown to everyone.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from cardwars.cards import Card
from cardwars.engine import Event, Move, Observation, Result
from cardwars.guerrilla_rules import Rules

__all__ = [
    "Allow",
    "Cancel",
    "CardPlayed",
    "CardsDrawn",
    "CardsRecruited",
    "DiscardReshuffled",
    "FaceDownRevealed",
    "ForcesLost",
    "GameOver",
    "GuerrillaObservation",
    "GuerrillaPromoted",
    "Pass",
    "Phase",
    "Play",
    "PlayerEliminated",
    "ProposalCancelled",
    "ProposalMade",
    "Propose",
    "Reject",
    "Remove",
    "SkirmishEvaluated",
    "SkirmishStarted",
    "SkirmishWon",
    "SpoilsTaken",
    "SpyFlagSet",
    "Support",
    "SupportAdded",
    "TieCards",
    "TieCardsPlaced",
]


class Phase(enum.Enum):
    """Where a state rests."""

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


# --- moves -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Propose(Move):
    """Propose a promotion (GT-4.2); legal only without a Guerrilla in hand."""


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Do not propose (GT-4.3), or do not support (GT-8.3)."""


@dataclass(frozen=True, slots=True)
class Allow(Move):
    """Let the proposal pass (GT-4.4)."""


@dataclass(frozen=True, slots=True)
class Reject(Move):
    """Vote against the proposal without revealing (``promotion_acceptance="unanimous_vote"``)."""


@dataclass(frozen=True, slots=True)
class Cancel(Move):
    """Cancel the proposal by revealing the Guerrilla ``card`` from hand (GT-4.4, GT-4.6)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play ``card`` from hand face up (GT-6)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Support(Move):
    """Add ``card`` from hand as support (GT-8)."""

    card: Card


@dataclass(frozen=True, slots=True)
class TieCards(Move):
    """A tie round: ``up`` face up and ``down`` face down (None with a one-card hand; GT-10.4)."""

    up: Card
    down: Card | None


@dataclass(frozen=True, slots=True)
class Remove(Move):
    """Send ``card`` from the table to the removed pile (``winner_chooses``; one per poll)."""

    card: Card


# --- events ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SkirmishStarted(Event):
    """Skirmish ``index`` (0-based) begins; ``lead_seat`` = index mod seats (GT-B4)."""

    index: int
    lead_seat: int


@dataclass(frozen=True, slots=True)
class ProposalMade(Event):
    """``proposer`` proposes a promotion; ``proposers`` are all who tried (GT-4.3)."""

    proposer: int
    proposers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GuerrillaPromoted(Event):
    """The Guerrilla rank rose to ``rank`` (GT-4.5)."""

    rank: int


@dataclass(frozen=True, slots=True)
class ProposalCancelled(Event):
    """The proposal failed: ``reveals`` are (seat, card) cancels, ``rejecters`` plain vetoes."""

    reveals: tuple[tuple[int, Card], ...]
    rejecters: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class CardsRecruited(Event):
    """``seat`` moved ``count`` unseen cards from ``source``'s draw pile to its discard (GT-4.6)."""

    seat: int
    source: int
    count: int


@dataclass(frozen=True, slots=True)
class DiscardReshuffled(Event):
    """``seat``'s discard pile of ``count`` cards was shuffled into its draw pile (GT-5.2)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """``seat`` drew ``count`` cards (their identity is private)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    """``seat`` is out (GT-5.3, GT-10.1); its ``hand`` went to the removed pile or the spoils."""

    seat: int
    hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` revealed ``card`` (``first``: as a spy-first player, GT-6.1)."""

    seat: int
    card: Card
    first: bool = False


@dataclass(frozen=True, slots=True)
class SupportAdded(Event):
    """``seat`` supported with ``card`` (GT-8.3)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class SkirmishEvaluated(Event):
    """Outcome per seat after play / support / a tie round: 2 win, 1 tied, 0 lose, -1 not in."""

    outcomes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TieCardsPlaced(Event):
    """``seat`` put down ``up`` face up, and a hidden card when ``face_down`` (GT-10.4)."""

    seat: int
    up: Card
    face_down: bool


@dataclass(frozen=True, slots=True)
class FaceDownRevealed(Event):
    """At the end of the skirmish, ``seat``'s face-down tie ``card`` is shown (GT-10.6)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ForcesLost(Event):
    """Loss of Forces removed ``cards`` (GT-11)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SpoilsTaken(Event):
    """``cards`` went to ``seat``'s discard pile, or to the removed pile when ``seat`` is -1."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SkirmishWon(Event):
    """Skirmish ``index`` ended; ``winners`` is empty when nobody won (GT-10.2)."""

    index: int
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SpyFlagSet(Event):
    """``seat`` captured a spy and reveals first next skirmish (GT-13)."""

    seat: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended with ``result`` (GT-14)."""

    result: Result


# --- observation -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GuerrillaObservation(Observation):
    """What ``seat`` may know (GT-15): its own hand and the public facts.

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
        log: every event so far (all events are public).
        rules: the options in force (public; agents use them to rank combinations).
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
    log: tuple[Event, ...]
    rules: Rules
