"""Moves, events, phases and the observation of WAR: Guerrilla Tactics; how combinations rank.

All are small frozen values; :mod:`cardwars.guerrilla` re-exports them. Every event is public
(GT-15): it never names a card that some player may not know, so the public log can be shown to
everyone. :class:`Outcome` names where a seat stands in an evaluation; :func:`combination_strength`
and :func:`compare` rank combinations of one or two cards (GT-8.4) through the machine, for the
state machine, the agents and your own code alike.

:data:`ACTIONS` numbers every move once and for all, under every option and player count (2968
actions; ``c`` is a card id 0–51, in canonical order):

==========  ==========================================================================
actions     moves
==========  ==========================================================================
0–3         ``Propose()``, ``Pass()``, ``Allow()``, ``Reject()``
4–55        ``Cancel(card)`` = ``4 + c``
56–107      ``Play(card)`` = ``56 + c``
108–159     ``Support(card)`` = ``108 + c``
160–211     ``Remove(card)`` = ``160 + c``
212–2967    ``TieCards(up, down)`` = ``212 + 53 * up + d``, ``d`` the id of ``down``,
            or 52 for ``down=None`` (``up == down`` is never legal)
==========  ==========================================================================

>>> from cardwars.guerrilla.moves import ACTIONS
>>> ACTIONS.move(56 + Card.parse("JC").id), ACTIONS.action(TieCards(Card.parse("3C"), None))
(Play(card=Card(rank=Rank.JACK, suit=Suit.CLUBS)), 317)
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
    """Where a state rests.

    >>> from cardwars.guerrilla import Guerrilla
    >>> Guerrilla(players=2).new_game(seed=42).phase    # a fresh game rests at Play
    <Phase.PLAY: 'play'>
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

    The members order as the rules rank them, ``LOSING < TIED < WINNING``, and they are the values
    in the ``outcomes`` of :class:`SkirmishEvaluated` (plain ints there), where ``ABSENT`` marks a
    seat with no combination in that evaluation: out of the game, or not in the tie round.

    >>> Outcome.LOSING < Outcome.TIED < Outcome.WINNING
    True
    >>> [Outcome(value).name for value in (2, 0, -1)]
    ['WINNING', 'LOSING', 'ABSENT']
    >>> Outcome.against(7, 7)
    <Outcome.TIED: 1>
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

        >>> Outcome.against(5, 3), Outcome.against(3, 5)
        (<Outcome.WINNING: 2>, <Outcome.LOSING: 0>)
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

    Pairs (equal effective rank; all Guerrillas count alike) beat non-pairs; a
    non-pair is worth its highest card; no kicker unless ``kicker``.

    >>> P = Card.parse
    >>> compare([P("8H"), P("8D")], [P("QC")], 2)            # GT-T2: a pair beats a single card
    1
    >>> compare([P("3C"), P("2C")], [P("AD")], 3)            # GT-T3: a Guerrilla pair at G = 3
    1
    >>> compare([P("KC"), P("5C")], [P("KD")], 2)            # no kicker
    0
    >>> compare([P("KC"), P("5C")], [P("KD")], 2, kicker=True)
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

    Seat 1 holds the Guerrilla 2D, so only seat 0 may propose once the window opens:

    >>> from cardwars.guerrilla import State
    >>> flags = [True, True]  # both have played a Guerrilla (GT-4.1)
    >>> state = State.from_position([["KC"], ["2D"]], played_guerrilla=flags)
    >>> state.phase, state.legal_moves(0), state.legal_moves(1)
    (<Phase.PROPOSE: 'propose'>, (Pass(), Propose()), (Pass(),))
    """


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Do not propose (GT-4.3), or do not support (GT-8.3).

    Nobody proposes, so the skirmish goes on to Draw and Play:

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["9D"]], draw_piles=[["5C"], ["4D"]],
    ...                             played_guerrilla=[True, True])
    >>> state.apply({0: Pass(), 1: Pass()})
    (CardsDrawn(seat=0, count=1), CardsDrawn(seat=1, count=1))
    >>> state.phase
    <Phase.PLAY: 'play'>
    """


@dataclass(frozen=True, slots=True)
class Allow(Move):
    """Let the proposal pass (GT-4.4).

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["9D"]], draw_piles=[["5C"], ["4D"]],
    ...                             played_guerrilla=[True, True])
    >>> _ = state.apply({0: Propose(), 1: Pass()})
    >>> state.legal_moves(1)
    (Allow(),)
    >>> state.apply({1: Allow()})[0]
    GuerrillaPromoted(rank=3)
    """


@dataclass(frozen=True, slots=True)
class Reject(Move):
    """Vote against the proposal without revealing (``promotion_acceptance="unanimous_vote"``).

    >>> from cardwars.guerrilla import State
    >>> vote = Rules(promotion_acceptance="unanimous_vote")
    >>> state = State.from_position([["KC"], ["9D"]], draw_piles=[["5C"], ["4D"]],
    ...                             played_guerrilla=[True, True], rules=vote)
    >>> _ = state.apply({0: Propose(), 1: Pass()})
    >>> state.legal_moves(1)
    (Allow(), Reject())
    >>> state.apply({1: Reject()})[0]
    ProposalCancelled(reveals=(), rejecters=(1,))
    """


@dataclass(frozen=True, slots=True)
class Cancel(Move):
    """Cancel the proposal by revealing the Guerrilla ``card`` from hand (GT-4.4, GT-4.6).

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["2D"]], draw_piles=[["5C", "6C", "8C"], ["4D"]],
    ...                             played_guerrilla=[True, True])
    >>> _ = state.apply({0: Propose(), 1: Pass()})
    >>> cancel = Cancel(Card.parse("2D"))
    >>> state.legal_moves(1)[1] == cancel
    True
    >>> [type(event).__name__ for event in state.apply({1: cancel})[:2]]
    ['ProposalCancelled', 'CardsRecruited']
    """

    card: Card


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play ``card`` from hand face up (GT-6).

    >>> from cardwars.guerrilla import Guerrilla
    >>> state = Guerrilla(players=2).new_game(seed=42)
    >>> [str(move.card) for move in state.legal_moves(0)]
    ['4C', 'JC']
    >>> Play(Card.parse("JC")) in state.legal_moves(0)
    True
    """

    card: Card


@dataclass(frozen=True, slots=True)
class Support(Move):
    """Add ``card`` from hand as support (GT-8).

    Seat 1 loses 9D against KC, and 9C makes a winning pair:

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["9D", "9C"]], start="play")
    >>> _ = state.apply({0: Play(Card.parse("KC")), 1: Play(Card.parse("9D"))})
    >>> state.phase, state.legal_moves(1) == (Pass(), Support(Card.parse("9C")))
    (<Phase.SUPPORT: 'support'>, True)
    """

    card: Card


@dataclass(frozen=True, slots=True)
class TieCards(Move):
    """A tie round: ``up`` face up and ``down`` face down (None with a one-card hand; GT-10.4).

    KC ties KD; both draw two cards and pick which to show:

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["KD"]], draw_piles=[["5C", "3C"], ["9D", "4D"]],
    ...                             start="play")
    >>> _ = state.apply({0: Play(Card.parse("KC")), 1: Play(Card.parse("KD"))})
    >>> state.phase, TieCards(up=Card.parse("5C"), down=Card.parse("3C")) in state.legal_moves(0)
    (<Phase.TIE: 'tie'>, True)
    """

    up: Card
    down: Card | None


@dataclass(frozen=True, slots=True)
class Remove(Move):
    """Send ``card`` from the table to the removed pile (``winner_chooses``; one per poll).

    KC beats the Guerrilla 2D; one of the two table cards is lost, and the winner picks it:

    >>> from cardwars.guerrilla import State
    >>> rules = Rules(removal_choice="winner_chooses")
    >>> state = State.from_position([["KC"], ["2D"]], start="play", rules=rules)
    >>> _ = state.apply({0: Play(Card.parse("KC")), 1: Play(Card.parse("2D"))})
    >>> state.phase, [str(move.card) for move in state.legal_moves(0)]
    (<Phase.REMOVE: 'remove'>, ['KC', '2D'])
    >>> state.apply({0: Remove(Card.parse("2D"))})[0] == ForcesLost((Card.parse("2D"),))
    True
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
"""The 2968 integer actions of Guerrilla, numbered as in this module's table; the same
object is :attr:`Guerrilla.action_space <cardwars.guerrilla.Guerrilla.action_space>`."""


# --- events ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SkirmishStarted(Event):
    """Skirmish ``index`` (0-based) begins; ``lead_seat`` = index mod seats (GT-B4).

    >>> from cardwars.guerrilla import State
    >>> State.from_position([["KC"], ["9D"]], skirmish=3, start="play").log
    (SkirmishStarted(index=3, lead_seat=1),)
    """

    index: int
    lead_seat: int


@dataclass(frozen=True, slots=True)
class ProposalMade(Event):
    """``proposer`` proposes a promotion; ``proposers`` are all who tried (GT-4.3).

    Both propose in skirmish 1; the lead seat 1 comes first clockwise:

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["9D"]], draw_piles=[["5C"], ["4D"]],
    ...                             played_guerrilla=[True, True], skirmish=1)
    >>> state.apply({0: Propose(), 1: Propose()})
    (ProposalMade(proposer=1, proposers=(0, 1)),)
    """

    proposer: int
    proposers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GuerrillaPromoted(Event):
    """The Guerrilla rank rose to ``rank`` (GT-4.5).

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["9D"]], draw_piles=[["5C"], ["4D"]],
    ...                             played_guerrilla=[True, True])
    >>> _ = state.apply({0: Propose(), 1: Pass()})
    >>> state.apply({1: Allow()})[0], state.guerrilla_rank
    (GuerrillaPromoted(rank=3), 3)
    """

    rank: int


@dataclass(frozen=True, slots=True)
class ProposalCancelled(Event):
    """The proposal failed: ``reveals`` are (seat, card) cancels, ``rejecters`` plain vetoes.

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["2D"]], draw_piles=[["5C", "6C", "8C"], ["4D"]],
    ...                             played_guerrilla=[True, True])
    >>> _ = state.apply({0: Propose(), 1: Pass()})
    >>> event = state.apply({1: Cancel(Card.parse("2D"))})[0]
    >>> [(seat, str(card)) for seat, card in event.reveals], event.rejecters
    ([(1, '2D')], ())
    """

    reveals: tuple[tuple[int, Card], ...]
    rejecters: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class CardsRecruited(Event):
    """``seat`` moved ``count`` unseen cards from ``source``'s draw pile to its discard (GT-4.6).

    Seat 1 cancels seat 0's proposal and recruits G = 2 cards from seat 0's draw pile:

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["2D"]], draw_piles=[["5C", "6C", "8C"], ["4D"]],
    ...                             played_guerrilla=[True, True])
    >>> _ = state.apply({0: Propose(), 1: Pass()})
    >>> state.apply({1: Cancel(Card.parse("2D"))})[1]
    CardsRecruited(seat=1, source=0, count=2)
    >>> [str(card) for card in state.discard_piles[1]]
    ['5C', '6C']
    """

    seat: int
    source: int
    count: int


@dataclass(frozen=True, slots=True)
class DiscardReshuffled(Event):
    """``seat``'s discard pile of ``count`` cards was shuffled into its draw pile (GT-5.2).

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["9D"]], draw_piles=[[], ["4D"]],
    ...                             discard_piles=[["5C", "6C"], []], start="draw")
    >>> state.log[1:3]
    (DiscardReshuffled(seat=0, count=2), CardsDrawn(seat=0, count=1))
    """

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """``seat`` drew ``count`` cards (their identity is private).

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([[], []], draw_piles=[["5C", "6C"], ["4D", "8D"]], start="draw")
    >>> state.log[1:]
    (CardsDrawn(seat=0, count=2), CardsDrawn(seat=1, count=2))
    """

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    """``seat`` is out (GT-5.3, GT-10.1); its ``hand`` went to the removed pile or the spoils.

    Seat 1 must draw and cannot (GT-5.3):

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["9D"]], draw_piles=[["5C"], []], start="draw")
    >>> event = state.log[2]
    >>> type(event).__name__, event.seat, [str(card) for card in event.hand]
    ('PlayerEliminated', 1, ['9D'])
    """

    seat: int
    hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` revealed ``card`` (``first``: as a spy-first player, GT-6.1).

    >>> from cardwars.guerrilla import Guerrilla
    >>> state = Guerrilla(players=2).new_game(seed=42)
    >>> events = state.apply({0: Play(Card.parse("JC")), 1: Play(Card.parse("9D"))})
    >>> [(e.seat, str(e.card), e.first) for e in events if isinstance(e, CardPlayed)]
    [(0, 'JC', False), (1, '9D', False)]
    """

    seat: int
    card: Card
    first: bool = False


@dataclass(frozen=True, slots=True)
class SupportAdded(Event):
    """``seat`` supported with ``card`` (GT-8.3).

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["9D", "9C"]], start="play")
    >>> _ = state.apply({0: Play(Card.parse("KC")), 1: Play(Card.parse("9D"))})
    >>> events = state.apply({1: Support(Card.parse("9C"))})
    >>> events[0] == SupportAdded(1, Card.parse("9C")), events[1]   # the pair of 9s now wins
    (True, SkirmishEvaluated(outcomes=(0, 2), reevaluated=True))
    """

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class SkirmishEvaluated(Event):
    """Each seat's :class:`Outcome` value (-1: not taking part), and which evaluation it is.

    ``reevaluated`` is False for the evaluation of the cards just played (GT-7) and
    True for a re-evaluation once the Support poll is over (GT-9), or after each
    support with the ``support_cascade`` option (GT-8). A skirmish thus has one
    evaluation and at least one re-evaluation, which may say the same when no
    support was added: a feed may show the re-evaluation only when it differs.

    Attributes:
        outcomes: per seat, its :class:`Outcome` value, or -1 when it takes no part.
        reevaluated: False for the evaluation after Play (GT-7), True for a
            re-evaluation after support (GT-8, GT-9).

    >>> from cardwars.guerrilla import Guerrilla
    >>> state = Guerrilla(players=2).new_game(seed=42)
    >>> state.apply({0: Play(Card.parse("JC")), 1: Play(Card.parse("9D"))})[-1]
    SkirmishEvaluated(outcomes=(2, 0), reevaluated=False)
    >>> state.apply({1: Pass()})[0]
    SkirmishEvaluated(outcomes=(2, 0), reevaluated=True)
    """

    outcomes: tuple[int, ...]
    reevaluated: bool = False


@dataclass(frozen=True, slots=True)
class TieCardsPlaced(Event):
    """``seat`` put down ``up`` face up, and a hidden card when ``face_down`` (GT-10.4).

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["KD"]], draw_piles=[["5C", "3C"], ["9D", "4D"]],
    ...                             start="play")
    >>> _ = state.apply({0: Play(Card.parse("KC")), 1: Play(Card.parse("KD"))})
    >>> P = Card.parse
    >>> events = state.apply({0: TieCards(P("5C"), P("3C")), 1: TieCards(P("9D"), P("4D"))})
    >>> [(e.seat, str(e.up), e.face_down) for e in events if isinstance(e, TieCardsPlaced)]
    [(0, '5C', True), (1, '9D', True)]
    """

    seat: int
    up: Card
    face_down: bool


@dataclass(frozen=True, slots=True)
class FaceDownRevealed(Event):
    """At the end of the skirmish, ``seat``'s face-down tie ``card`` is shown (GT-10.6).

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["KD"]], draw_piles=[["5C", "3C"], ["9D", "4D"]],
    ...                             start="play")
    >>> _ = state.apply({0: Play(Card.parse("KC")), 1: Play(Card.parse("KD"))})
    >>> P = Card.parse
    >>> events = state.apply({0: TieCards(P("5C"), P("3C")), 1: TieCards(P("9D"), P("4D"))})
    >>> [(e.seat, str(e.card)) for e in events if isinstance(e, FaceDownRevealed)]
    [(0, '3C'), (1, '4D')]
    """

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ForcesLost(Event):
    """Loss of Forces removed ``cards`` (GT-11).

    A Guerrilla was on the table, so half of its two cards is lost, drawn by the game RNG:

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["2D"]], start="play", rng_seed=0)
    >>> events = state.apply({0: Play(Card.parse("KC")), 1: Play(Card.parse("2D"))})
    >>> [[str(card) for card in e.cards] for e in events if isinstance(e, ForcesLost)]
    [['2D']]
    """

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SpoilsTaken(Event):
    """``cards`` went to ``seat``'s discard pile, or to the removed pile when ``seat`` is -1.

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["9D"]], draw_piles=[["5C"], ["4D"]], start="play")
    >>> events = state.apply({0: Play(Card.parse("KC")), 1: Play(Card.parse("9D"))})
    >>> [(e.seat, [str(card) for card in e.cards]) for e in events if isinstance(e, SpoilsTaken)]
    [(0, ['KC', '9D'])]
    """

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SkirmishWon(Event):
    """Skirmish ``index`` ended; ``winners`` is empty when nobody won (GT-10.2).

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["9D"]], draw_piles=[["5C"], ["4D"]], start="play")
    >>> events = state.apply({0: Play(Card.parse("KC")), 1: Play(Card.parse("9D"))})
    >>> [e for e in events if isinstance(e, SkirmishWon)]
    [SkirmishWon(index=0, winners=(0,))]
    """

    index: int
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SpyFlagSet(Event):
    """``seat`` captured a spy and reveals first next skirmish (GT-13).

    KC beats the spy 7D, so seat 0 reveals first next skirmish:

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["7D"]], draw_piles=[["5C"], ["4D"]], start="play")
    >>> events = state.apply({0: Play(Card.parse("KC")), 1: Play(Card.parse("7D"))})
    >>> [e for e in events if isinstance(e, SpyFlagSet)], state.phase
    ([SpyFlagSet(seat=0)], <Phase.PLAY_FIRST: 'play_first'>)
    """

    seat: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended with ``result`` (GT-14).

    >>> from cardwars.guerrilla import State
    >>> state = State.from_position([["KC"], ["9D"]], draw_piles=[["5C"], []], start="draw")
    >>> result = state.log[-1].result
    >>> result.termination, sorted(result.winners), result.placings
    ('last_player', [0], (1, 2))
    """

    result: Result


# --- observation -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GuerrillaObservation(Observation):
    """What ``seat`` may know (GT-15): its own hand and the public facts of the moment.

    It holds no history: every event is public, and a front end reads each step's
    events from :attr:`State.last_events <cardwars.engine.GameState.last_events>`
    (or all of them from :attr:`State.log <cardwars.guerrilla.State.log>`).

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
