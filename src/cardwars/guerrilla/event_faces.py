"""The face's values the Guerrilla machine builds: the 52 card labels, the event objects
(shared where they have few possible values) and the observation's class, as the
bundles of ``guerrilla/bridge.py`` that the machine reads by field name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

import cardwars.guerrilla.moves as gt
from cardwars.cards import Card
from cardwars.engine import Event
from cardwars.guerrilla.bridge import GuerrillaFaces, GuerrillaViewFaces
from cardwars.guerrilla.moves import CARDS
from cardwars.guerrilla.rebuild import MACHINE_PHASES
from cardwars.values import builder

__all__ = ["CARDS", "EVENT_FACES", "VIEW_FACES"]

_T = TypeVar("_T")


_played = builder(gt.CardPlayed)
_drawn = builder(gt.CardsDrawn)
_placed = builder(gt.TieCardsPlaced)


# Events with few possible values are built once and shared (they are frozen values).
def _by_seat_card(make: Callable[[int, Card], _T]) -> tuple[tuple[_T, ...], ...]:
    return tuple(tuple(make(s, c) for c in CARDS) for s in range(4))


_SUPPORTS: Final = _by_seat_card(gt.SupportAdded)
_REVEALED: Final = _by_seat_card(gt.FaceDownRevealed)
_SPY: Final = tuple(gt.SpyFlagSet(s) for s in range(4))
_PLAYED: Final = _by_seat_card(lambda s, c: (_played(s, c, False), _played(s, c, True)))
_PLACED: Final = _by_seat_card(lambda s, c: (_placed(s, c, False), _placed(s, c, True)))
_DRAWN: Final = tuple(tuple(_drawn(s, count) for count in range(53)) for s in range(4))
_EVALUATED: dict[tuple[tuple[int, ...], bool], Event] = {}
"""The evaluations met so far, by outcomes and ``reevaluated`` (at most 2 * 4**4 of them)."""


# The machine's table of the observations it builds (``observation``; the fields are
# documented in cardwars.guerrilla.bridge).
VIEW_FACES: Final = GuerrillaViewFaces(observation=gt.GuerrillaObservation, phases=MACHINE_PHASES)

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
    evaluated=gt.SkirmishEvaluated,
    spoils=gt.SpoilsTaken,
    won=gt.SkirmishWon,
    started=gt.SkirmishStarted,
    lost=gt.ForcesLost,
    reshuffled=gt.DiscardReshuffled,
    eliminated=gt.PlayerEliminated,
    proposal=gt.ProposalMade,
    promoted=gt.GuerrillaPromoted,
    cancelled=gt.ProposalCancelled,
    recruited=gt.CardsRecruited,
    over=gt.GameOver,
)
