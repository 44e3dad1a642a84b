"""Clone War: War for two to four players with the J, Q and K of four decks (CW-1 … CW-8).

Nobody decides (CW-8): a :class:`State` rests before each battle with ``to_act`` empty, and
``apply({})`` plays exactly one battle. :doc:`/api/clone_war` maps the package's modules.
"""

from __future__ import annotations

from cardwars.clone_war.agents import GreedyAgent
from cardwars.clone_war.battle import BattleOutcome, War, resolve_battle
from cardwars.clone_war.game import BATCH_AGENTS, CloneWar, run_batch
from cardwars.clone_war.moves import (
    CardsDealt,
    CardsFlipped,
    CloneWarObservation,
    Forfeited,
    GameOver,
    LastCardShown,
    Phase,
    PlayersEliminated,
    PotCollected,
    PotSplit,
    WarCardsPlaced,
    WarStarted,
)
from cardwars.clone_war.rules import TERMINATIONS, Rules
from cardwars.clone_war.state import State

__all__ = [
    "BATCH_AGENTS",
    "TERMINATIONS",
    "BattleOutcome",
    "CardsDealt",
    "CardsFlipped",
    "CloneWar",
    "CloneWarObservation",
    "Forfeited",
    "GameOver",
    "GreedyAgent",
    "LastCardShown",
    "Phase",
    "PlayersEliminated",
    "PotCollected",
    "PotSplit",
    "Rules",
    "State",
    "War",
    "WarCardsPlaced",
    "WarStarted",
    "resolve_battle",
    "run_batch",
]
