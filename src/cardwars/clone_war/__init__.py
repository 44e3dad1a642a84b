"""Clone War: War for two to four players with the J, Q and K of four decks (CW-1 … CW-8).

Nobody makes a decision (CW-8): a :class:`State` rests before each battle with
``to_act`` empty, and ``apply({})`` plays exactly one battle (:ref:`resting-points`).
The rules are written once, as rule modules compiled in the wheel and interpreted from
the same files: ``position`` (the position and the log's ops), ``battles`` (one battle,
the cycle rule, a whole game), ``whole_game`` (a whole game on demand and the batch loop) and
``machine`` (a battle a step); this package turns the machine's log into typed events,
and the machine applies the cycle rule (CW-7.3) without hashing a single battle: at the
start and after every RNG draw it asks how many battles remain until the rank-state
first repeats (Brent's algorithm on a copy).

Every name below comes from one module of the package: ``rules`` (the
options), ``moves`` (phase, events, observation; Clone War has no moves),
``state`` (the state machine), ``game`` (the game and its batch loop),
``battle`` (:func:`resolve_battle`: one battle on its own), ``agents`` and ``text``
(terminal text).

>>> from cardwars.clone_war import CloneWar, State
>>> state = State.from_piles([["KC", "JC"], ["QD", "QH"]])
>>> [type(e).__name__ for e in state.apply({})]
['CardsFlipped', 'PotCollected']
>>> [" ".join(map(str, pile)) for pile in state.piles]
['JC KC QD', 'QH']
>>> final = CloneWar(players=3).new_game(seed=42)
>>> while not final.is_over:
...     _ = final.apply({})
>>> final.result.termination
'last_player'
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
