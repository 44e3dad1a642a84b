"""The face's values the Guerrilla machine builds: the 52 card labels, the event objects
(shared where they have few possible values) and the observation's class, as the
bundles of ``guerrilla/bridge.py`` that the machine reads by field name."""

from __future__ import annotations

from typing import Final

from cardwars.cards import Card, Deck
from cardwars.engine import Event
from cardwars.guerrilla.bridge import GuerrillaFaces, GuerrillaViewFaces
from cardwars.guerrilla.moves import (
    CardPlayed,
    CardsDrawn,
    CardsRecruited,
    DiscardReshuffled,
    FaceDownRevealed,
    ForcesLost,
    GameOver,
    GuerrillaObservation,
    GuerrillaPromoted,
    PlayerEliminated,
    ProposalCancelled,
    ProposalMade,
    SkirmishEvaluated,
    SkirmishStarted,
    SkirmishWon,
    SpoilsTaken,
    SpyFlagSet,
    SupportAdded,
    TieCardsPlaced,
)
from cardwars.guerrilla.rebuild import MACHINE_PHASES
from cardwars.values import builder

__all__ = ["CARDS", "EVENT_FACES", "VIEW_FACES"]

CARDS: Final[tuple[Card, ...]] = tuple(Deck.standard())
"""The 52 cards by id, the labels the machine builds its views of."""

_played = builder(CardPlayed)
_drawn = builder(CardsDrawn)
_placed = builder(TieCardsPlaced)

# Events with few possible values are built once and shared (they are frozen values).
_SUPPORTS: Final = tuple(tuple(SupportAdded(s, c) for c in CARDS) for s in range(4))
_REVEALED: Final = tuple(tuple(FaceDownRevealed(s, c) for c in CARDS) for s in range(4))
_SPY: Final = tuple(SpyFlagSet(s) for s in range(4))
_PLAYED: Final = tuple(
    tuple((_played(s, c, False), _played(s, c, True)) for c in CARDS) for s in range(4)
)
_PLACED: Final = tuple(
    tuple((_placed(s, c, False), _placed(s, c, True)) for c in CARDS) for s in range(4)
)
_DRAWN: Final = tuple(tuple(_drawn(s, count) for count in range(53)) for s in range(4))
_EVALUATED: dict[tuple[tuple[int, ...], bool], Event] = {}
"""The evaluations met so far, by outcomes and ``reevaluated`` (at most 2 * 4**4 of them)."""


# The machine's table of the observations it builds (``observation``; the fields are
# documented in cardwars.guerrilla.bridge).
VIEW_FACES: Final = GuerrillaViewFaces(observation=GuerrillaObservation, phases=MACHINE_PHASES)

# The machine's table of the event objects it builds (``event_objects``; ditto).
EVENT_FACES: Final = GuerrillaFaces(
    cards=CARDS,
    played=_PLAYED,
    drawn=_DRAWN,
    evaluations=_EVALUATED,
    supports=_SUPPORTS,
    placed=_PLACED,
    revealed=_REVEALED,
    spy=_SPY,
    evaluated=SkirmishEvaluated,
    spoils=SpoilsTaken,
    won=SkirmishWon,
    started=SkirmishStarted,
    lost=ForcesLost,
    reshuffled=DiscardReshuffled,
    eliminated=PlayerEliminated,
    proposal=ProposalMade,
    promoted=GuerrillaPromoted,
    cancelled=ProposalCancelled,
    recruited=CardsRecruited,
    over=GameOver,
)
