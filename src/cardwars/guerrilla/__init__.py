"""WAR: Guerrilla Tactics (GT-1 … GT-15): the readable, executable rules.

Each player owns one suit (two in the 2-player variant) as a draw pile, holds a hand of two, and
every skirmish runs the order of GT-3: promotion window, Draw, Play (spy-first players reveal
first), Evaluate, one Support window, Re-evaluate, tie rounds, Loss of Forces, Spoils, Spy flags and
the End check. :class:`State` rests only where players decide (:ref:`resting-points`);
:meth:`~cardwars.engine.GameState.apply` does everything automatic up to the next poll or the end.

Every name below comes from one module of the package: ``rules`` (the options, the terminations and
each seat's cards), ``moves`` (phases, moves, events, the observation, :class:`Outcome` and the
comparison of combinations), ``state`` (the state: the typed face of the Guerrilla machine, where
the rule steps run; hand-built positions are checked in ``position``), ``game`` (the game and its
batch loop), ``skirmish`` (:func:`resolve_skirmish`: one table evaluated on its own), ``agents`` and
``text`` (terminal text).

>>> import cardwars
>>> game = Guerrilla(players=2)
>>> state = game.new_game(seed=42)
>>> state.phase, sorted(state.to_act)
(<Phase.PLAY: 'play'>, [0, 1])
>>> [str(c) for c in state.hands[0]], [str(c) for c in state.hands[1]]
(['JC', '4C'], ['8D', '9D'])
>>> final = cardwars.play(game, ["random", "random"], seed=42)
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
