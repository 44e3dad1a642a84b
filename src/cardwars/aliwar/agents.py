"""Aliwar's built-in ``"greedy"`` agent (a one-step heuristic) and its ``"ismcts"`` agent."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardwars import backend
from cardwars.aliwar.moves import ACTIONS, STACKS, AliwarObservation, Keep, Phase, Switch
from cardwars.aliwar.rules import Rules
from cardwars.aliwar.state import State
from cardwars.engine import Move
from cardwars.errors import UsageError, describe
from cardwars.ismcts import DEFAULT_EXPLORATION, DEFAULT_ITERATIONS
from cardwars.ismcts import IsmctsAgent as _Ismcts

if TYPE_CHECKING:
    from cardwars.core_rng import Rng

__all__ = ["GreedyAgent", "IsmctsAgent"]

_BATCH = backend.RuleSource("cardwars.aliwar.batch")  # the greedy agent's arithmetic on ids


def _tops(observation: AliwarObservation, seat: int) -> list[int]:
    """``seat``'s five face-up top card ids (AW-4.3)."""
    tops = [stack[0].id for stack in observation.stacks[seat] if stack[0] is not None]
    if len(tops) != STACKS:
        raise UsageError("switch scores need a Switch-phase observation (every top face up)")
    return tops


class GreedyAgent:
    """A one-step greedy Aliwar player, ``"greedy"`` (:ref:`aliwar-agents`); it never uses ``rng``.

    The arithmetic on card ids is ``switch_scores`` and ``keep_index`` of
    ``cardwars.aliwar.batch``, whose batch loop plays this agent as agent code 1.

    >>> from cardwars import Rng
    >>> from cardwars.aliwar import Aliwar
    >>> state = Aliwar().new_game(seed=42)
    >>> GreedyAgent().choose(state.observation(0), state.legal_moves(0), Rng(0))
    Switch(a=2, b=3)
    """

    name = "greedy"

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Rng) -> Move:
        """The greedy move for ``observation`` among ``legal_moves`` (``rng`` is not used)."""
        if not legal_moves:
            raise UsageError("GreedyAgent.choose() was given no legal moves")
        if not isinstance(observation, AliwarObservation):
            raise UsageError(
                f"GreedyAgent plays Aliwar, got the observation {describe(observation)}"
            )
        if observation.phase is Phase.SWITCH:
            scores = self.switch_scores(observation, legal_moves)
            return legal_moves[scores.index(max(scores))]  # index(): the first best
        keeps = [move for move in legal_moves if isinstance(move, Keep)]
        if not keeps:
            raise UsageError(f"GreedyAgent found no Keep among {describe(legal_moves)}")
        sizes = [len(stack) for stack in observation.stacks[observation.seat]]
        index: int = _BATCH.module.keep_index([(keep.card.id, keep.stack) for keep in keeps], sizes)
        return keeps[index]

    @staticmethod
    def switch_scores(observation: AliwarObservation, switches: Sequence[Move]) -> list[int]:
        """The Switch-phase score of each of ``switches`` (:ref:`aliwar-agents`).

        Raises:
            UsageError: a move that is not a :class:`Switch`.
        """
        if not all(isinstance(move, Switch) for move in switches):
            raise UsageError(f"switch scores need Switch moves, got {describe(switches)}")
        pairs = [(move.a, move.b) for move in switches if isinstance(move, Switch)]
        tops = [_tops(observation, seat) for seat in range(2)]
        protection = [card.id for card in observation.protection]
        scores: list[int] = _BATCH.module.switch_scores(tops, protection, observation.seat, pairs)
        return scores

    def __repr__(self) -> str:
        return "GreedyAgent()"


class IsmctsAgent(_Ismcts):
    """Aliwar's ``"ismcts"`` agent (:ref:`how it searches <aliwar-ismcts>`):
    :class:`cardwars.ismcts.IsmctsAgent` over :meth:`State.from_observation
    <cardwars.aliwar.State.from_observation>`.

    ``iterations`` and ``exploration`` are the base class's; ``rules`` are the rules the game
    is played with (:meth:`bind_rules`; default :class:`Rules`).

    Raises:
        UsageError: ``iterations`` or ``exploration`` out of range, or ``rules`` not
            Aliwar's.

    >>> from cardwars import Rng
    >>> from cardwars.aliwar import Aliwar
    >>> state = Aliwar().new_game(seed=42)
    >>> agent, obs, legal = IsmctsAgent(iterations=50), state.observation(0), state.legal_moves(0)
    >>> agent.choose(obs, legal, Rng(1)) == agent.choose(obs, legal, Rng(1))
    True
    """

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        exploration: float = DEFAULT_EXPLORATION,
        rules: Rules | None = None,
    ) -> None:
        super().__init__(iterations, exploration)
        self.rules = Rules()
        self.bind_rules(Rules() if rules is None else rules)

    def bind_rules(self, rules: Rules) -> None:
        """Search under ``rules`` from now on.

        Raises:
            UsageError: ``rules`` is not an :class:`~cardwars.aliwar.Rules`.
        """
        if not isinstance(rules, Rules):
            raise UsageError(f"rules must be an aliwar.Rules, got {describe(rules)}")
        self.rules = rules

    def determinize(self, observation: Any, rng: Rng) -> State:
        """:meth:`~cardwars.aliwar.State.from_observation` under :attr:`rules`."""
        return State.from_observation(observation, self.rules, rng)

    def action_of(self, move: Any) -> int:
        """The move's number in :data:`~cardwars.aliwar.moves.ACTIONS`."""
        return ACTIONS.action(move)
