"""Aliwar: two players, five stacks each, a protection card and simultaneous secret switches.

The round, the numbering and the rooms: :ref:`the package <aliwar-package>`;
:data:`Move` is the type of any move (``Switch | Keep | Decline``).

>>> state = Aliwar().new_game(seed=42)
>>> state.phase, sorted(state.to_act), len(state.legal_moves(0))
(<Phase.SWITCH: 'switch'>, [0, 1], 15)
"""

from cardwars.aliwar import text
from cardwars.aliwar.agents import GreedyAgent, IsmctsAgent
from cardwars.aliwar.game import BATCH_AGENTS, Aliwar, run_batch
from cardwars.aliwar.moves import (
    PROTECTION,
    STACKS,
    AliwarMove,
    AliwarObservation,
    CardKept,
    CardsDealt,
    CardsDiscarded,
    CardsReturned,
    ConflictResolved,
    Decline,
    GameOver,
    Keep,
    KeepDeclined,
    Phase,
    StackEmptied,
    Switch,
    SwitchesRevealed,
    TopsFlipped,
)
from cardwars.aliwar.rules import TERMINATIONS, Rules
from cardwars.aliwar.state import State, resolve_conflict

Move = AliwarMove
"""The type of any Aliwar move, the union of its three move classes."""

__all__ = [
    "BATCH_AGENTS",
    "PROTECTION",
    "STACKS",
    "TERMINATIONS",
    "Aliwar",
    "AliwarObservation",
    "CardKept",
    "CardsDealt",
    "CardsDiscarded",
    "CardsReturned",
    "ConflictResolved",
    "Decline",
    "GameOver",
    "GreedyAgent",
    "IsmctsAgent",
    "Keep",
    "KeepDeclined",
    "Move",
    "Phase",
    "Rules",
    "StackEmptied",
    "State",
    "Switch",
    "SwitchesRevealed",
    "TopsFlipped",
    "resolve_conflict",
    "run_batch",
    "text",
]
