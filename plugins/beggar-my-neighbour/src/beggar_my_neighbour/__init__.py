"""Beggar-my-neighbour for cardwars: the War-family game of the long-game records, built
outside the package on its public authoring API (:mod:`cardwars.authoring`).

Installed, it registers itself under the entry-point group ``cardwars.games`` as
``"beggar-my-neighbour"``. The rules (``README.md``, clauses BMN-1 … BMN-9 and options
BMN-O1 … O3) are written once, as the rule modules ``tricks`` and ``machine``: compiled
where the plugin was built with a C compiler, interpreted from the same files elsewhere.

>>> from beggar_my_neighbour import BeggarMyNeighbour
>>> BeggarMyNeighbour().play_hands("-J-", "--Q")
Outcome(winner=1, tricks=1, cards=6, cycle=None)
"""

from __future__ import annotations

from beggar_my_neighbour.game import BeggarMyNeighbour, Outcome
from beggar_my_neighbour.moves import (
    ACTIONS,
    BeggarObservation,
    CardPlayed,
    CardsDealt,
    CycleReached,
    GameOver,
    OutOfCards,
    Phase,
    PileTaken,
)
from beggar_my_neighbour.rules import TERMINATIONS, Rules
from beggar_my_neighbour.state import State

__all__ = [
    "ACTIONS",
    "TERMINATIONS",
    "BeggarMyNeighbour",
    "BeggarObservation",
    "CardPlayed",
    "CardsDealt",
    "CycleReached",
    "GameOver",
    "OutOfCards",
    "Outcome",
    "Phase",
    "PileTaken",
    "Rules",
    "State",
]
