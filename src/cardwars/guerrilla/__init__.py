"""WAR: Guerrilla Tactics (GT-1 … GT-15): the readable, executable rules.

:class:`State` rests only where players decide (:ref:`resting-points`);
:meth:`~cardwars.engine.GameState.apply` does everything automatic up to the next poll or the end.

>>> import cardwars
>>> final = cardwars.play(Guerrilla(players=2), ["random", "random"], seed=42)
>>> final.result.termination in TERMINATIONS
True
"""

from __future__ import annotations

from cardwars.guerrilla.agents import GreedyAgent, IsmctsAgent
from cardwars.guerrilla.game import BATCH_AGENTS, Guerrilla, batch_supports, run_batch
from cardwars.guerrilla.moves import (
    Allow,
    Cancel,
    CardPlayed,
    CardsDrawn,
    CardsRecruited,
    DiscardReshuffled,
    FaceDownRevealed,
    ForcesLost,
    GameOver,
    GuerrillaMove,
    GuerrillaObservation,
    GuerrillaPromoted,
    Outcome,
    Pass,
    Phase,
    Play,
    PlayerEliminated,
    ProposalCancelled,
    ProposalMade,
    Propose,
    Reject,
    Remove,
    SkirmishEvaluated,
    SkirmishStarted,
    SkirmishWon,
    SpoilsTaken,
    SpyFlagSet,
    Support,
    SupportAdded,
    TieCards,
    TieCardsPlaced,
    combination_strength,
    compare,
)
from cardwars.guerrilla.rules import MAX_GUERRILLA_RANK, TERMINATIONS, Rules, seat_cards
from cardwars.guerrilla.skirmish import SkirmishStanding, resolve_skirmish
from cardwars.guerrilla.state import State

Move = GuerrillaMove
"""The type of any Guerrilla move, the union of its nine move classes."""

__all__ = [
    "BATCH_AGENTS", "MAX_GUERRILLA_RANK", "TERMINATIONS", "Allow", "Cancel", "CardPlayed",
    "CardsDrawn", "CardsRecruited", "DiscardReshuffled", "FaceDownRevealed", "ForcesLost",
    "GameOver", "GreedyAgent", "Guerrilla", "GuerrillaObservation", "GuerrillaPromoted",
    "IsmctsAgent", "Move", "Outcome", "Pass", "Phase", "Play", "PlayerEliminated",
    "ProposalCancelled", "ProposalMade", "Propose", "Reject", "Remove", "Rules",
    "SkirmishEvaluated", "SkirmishStanding", "SkirmishStarted", "SkirmishWon", "SpoilsTaken",
    "SpyFlagSet", "State", "Support", "SupportAdded", "TieCards", "TieCardsPlaced",
    "batch_supports", "combination_strength", "compare", "resolve_skirmish", "run_batch",
    "seat_cards",
]  # fmt: skip
