"""Aliwar: two players, five stacks each, a protection card and simultaneous secret switches.

This package is the readable, executable statement of ``seeds/000_aliwar.md`` (clauses
AW-1 … AW-8, rulings AW-A1 … AW-A21, edge cases AW-B1 … AW-B9). A round is

1. **Switch** (AW-4): both players, at once, exchange two of their own six
   face-up cards (five stack tops and the protection card ``P``);
2. **Conflict** (AW-5): each column's two top cards fight; a card is
   *protected* when its suit is that of its owner's protection card;
3. **End check** (AW-7.1–7.4): a player with two empty stacks, or one and no
   won card, is dead; the game ends here, before any keep (AW-A20, AW-B1);
4. **Keep** (AW-6.2): every player who won a card may keep one of them at the
   bottom of one of their stacks (and must, into an emptied stack);
5. **Discard and return** (AW-6.3, AW-6.4): the other won cards leave the game;
   winning and tying cards go to the bottom of the stack they fought from;
6. **Flip** (AW-7.5), and the caps of AW-7.6.

Stacks are numbered 0–4 and the protection position is :data:`~cardwars.aliwar.moves.PROTECTION` = 5
(AW-B9); move labels show them as 0–4 and P, as the JSON does. Every pile is top first.

The rooms: :mod:`~cardwars.aliwar.rules` (the options, the terminations),
:mod:`~cardwars.aliwar.moves` (phase, moves, events, observation),
:mod:`~cardwars.aliwar.state` (the state machine and the conflict),
:mod:`~cardwars.aliwar.game` (the game, its metadata and batch loop),
:mod:`~cardwars.aliwar.agents` (the greedy agent) and :mod:`~cardwars.aliwar.text`
(terminal text). Every public name is importable from here, and :data:`Move`
is the type of any move of the game (``Switch | Keep | Decline``), for annotations.

>>> game = Aliwar()
>>> state = game.new_game(seed=42)
>>> state.phase, sorted(state.to_act), len(state.legal_moves(0))
(<Phase.SWITCH: 'switch'>, [0, 1], 15)
>>> str(state.stacks[0][0][0]), str(state.protection[1])
('AH', '3C')
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
