"""Guerrilla's built-in agents: :class:`GreedyAgent` (``"greedy"``) and :class:`IsmctsAgent`.

The compiled batch loop plays the same greedy agent as agent code 1 (``greedy.greedy`` in
``guerrilla/greedy.py``), so both must change together."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from cardwars.cards import Card
from cardwars.engine import Move
from cardwars.errors import UsageError, describe
from cardwars.guerrilla.moves import (
    ACTIONS,
    Cancel,
    GuerrillaObservation,
    Outcome,
    Phase,
    Propose,
    Support,
    TieCards,
    combination_strength,
)
from cardwars.guerrilla.state import State
from cardwars.ismcts import DEFAULT_EXPLORATION, DEFAULT_ITERATIONS, search
from cardwars.ismcts import IsmctsAgent as _Ismcts

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from cardwars.core_rng import Rng
    from cardwars.guerrilla.machine import GuerrillaMachine

__all__ = ["GUERRILLA_ITERATIONS", "ROLLOUTS", "GreedyAgent", "IsmctsAgent"]

# A support key below every Outcome: a support that does not improve on passing.
_NO_BETTER = -2


class GreedyAgent:
    """A deterministic one-step heuristic: win the skirmish in front of you as cheaply as possible.

    It decides from its observation and legal moves only and never draws from ``rng``; its rule
    per phase is the table of "Built-in agents" on :doc:`/games/guerrilla`.

    >>> import cardwars
    >>> from cardwars.guerrilla import Play, State
    >>> state = State.from_position([["9C", "KC", "3C"], ["QD", "5D"]], start="play")
    >>> move = GreedyAgent().choose(state.observation(0), state.legal_moves(0), cardwars.Rng(0))
    >>> move == Play(Card.parse("KC"))
    True
    """

    name = "greedy"

    def choose(
        self, observation: GuerrillaObservation, legal_moves: Sequence[Move], rng: Rng
    ) -> Move:
        """Return the heuristic's move; ``rng`` is not used."""
        if not legal_moves:
            raise UsageError("GreedyAgent.choose() was given no legal moves")
        phase = observation.phase
        if phase is Phase.PROPOSE or phase is Phase.RESPOND:
            return self._promotion(legal_moves)
        if phase is Phase.PLAY or phase is Phase.PLAY_FIRST:
            return self._play(observation, legal_moves)
        if phase is Phase.SUPPORT:
            return self._support(observation, legal_moves)
        if phase is Phase.TIE:
            return self._tie(observation, legal_moves)
        if phase is Phase.REMOVE:
            return max(legal_moves, key=lambda m: -_strength(observation, [_card_of(m)]))
        return legal_moves[0]

    def __repr__(self) -> str:
        return "GreedyAgent()"

    @staticmethod
    def _promotion(legal: Sequence[Move]) -> Move:
        for move in legal:
            if isinstance(move, Propose | Cancel):
                return move  # the first Cancel is the lowest card id
        return legal[0]  # Pass, or Allow

    @staticmethod
    def _play(obs: GuerrillaObservation, legal: Sequence[Move]) -> Move:
        shown = [
            _strength(obs, [card])
            for seat, card in enumerate(obs.played)
            if card is not None and seat != obs.seat
        ]
        if not shown:
            return max(legal, key=lambda m: _strength(obs, [_card_of(m)]))
        best_shown = max(shown)

        def key(move: Move) -> tuple[int, int]:
            mine = _strength(obs, [_card_of(move)])
            return (Outcome.against(mine, best_shown), -mine)

        return max(legal, key=key)  # max keeps the first of equals

    @staticmethod
    def _support(obs: GuerrillaObservation, legal: Sequence[Move]) -> Move:
        played = obs.played[obs.seat]
        if played is None:  # not reachable: only players with a card on the table are polled
            return legal[0]
        best_other = max(
            _strength(obs, _combo(obs, seat))
            for seat in range(len(obs.played))
            if seat != obs.seat and obs.played[seat] is not None
        )
        now = Outcome.against(_strength(obs, _combo(obs, obs.seat)), best_other)

        def key(move: Move) -> tuple[int, int]:
            if not isinstance(move, Support):
                return (now, 0)
            outcome = Outcome.against(_strength(obs, [played, move.card]), best_other)
            if outcome <= now:
                return (_NO_BETTER, 0)  # no better than passing
            return (outcome, -_strength(obs, [move.card]))

        return max(legal, key=key)

    @staticmethod
    def _tie(obs: GuerrillaObservation, legal: Sequence[Move]) -> Move:
        combines = obs.rules.tie_facedown_role == "combines"

        def key(move: Move) -> tuple[int, int]:
            assert isinstance(move, TieCards)
            if move.down is None:
                return (_strength(obs, [move.up]), 0)
            counted = [move.down, move.up] if combines else [move.up]
            return (_strength(obs, counted), -_strength(obs, [move.down]))

        return max(legal, key=key)


def _card_of(move: Move) -> Card:
    card = getattr(move, "card", None)
    if not isinstance(card, Card):
        raise UsageError(f"GreedyAgent expected a move with a card, got {describe(move)}")
    return card


def _combo(obs: GuerrillaObservation, seat: int) -> list[Card]:
    return [c for c in (obs.played[seat], obs.supports[seat]) if c is not None]


def _strength(obs: GuerrillaObservation, cards: Sequence[Card]) -> int:
    return combination_strength(cards, obs.guerrilla_rank, obs.rules)


GUERRILLA_ITERATIONS: Final = DEFAULT_ITERATIONS
"""The ``"ismcts"`` agent's default iterations in Guerrilla: 1000, as in Aliwar."""

ROLLOUTS: Final = ("greedy", "random")
"""The rollout policies of :class:`IsmctsAgent`, default first."""


class IsmctsAgent(_Ismcts):
    """Guerrilla's ``"ismcts"`` agent: ISMCTS (:mod:`cardwars.ismcts`) wherever it can determinize.

    Where it searches and how its rollouts play is in :doc:`/guides/agents`; elsewhere it returns
    :class:`GreedyAgent`'s move. Every draw comes from the ``rng`` given to :meth:`choose`, so the
    same ``rng`` gives the same move.

    Args:
        iterations: determinizations per searched move (default ``GUERRILLA_ITERATIONS``, 1000).
        exploration: the UCB1 constant.
        rollout: ``"greedy"`` (default) or ``"random"``.
        epsilon: the chance of a random move in a greedy rollout, 0 to 1 (default 0; rounded to
            thousandths).

    Raises:
        UsageError: ``iterations``, ``exploration``, ``rollout`` or ``epsilon`` out of range.

    >>> from cardwars import Rng
    >>> from cardwars.guerrilla import Guerrilla
    >>> state = Guerrilla(players=2).new_game(seed=42)
    >>> agent = IsmctsAgent(iterations=50)
    >>> move = agent.choose(state.observation(0), state.legal_moves(0), Rng(1))
    >>> move == agent.choose(state.observation(0), state.legal_moves(0), Rng(1))
    True
    """

    def __init__(
        self,
        iterations: int = GUERRILLA_ITERATIONS,
        exploration: float = DEFAULT_EXPLORATION,
        rollout: str = "greedy",
        epsilon: float = 0.0,
    ) -> None:
        super().__init__(iterations, exploration)
        if rollout not in ROLLOUTS:
            raise UsageError(f"rollout must be one of {ROLLOUTS!r}, got {describe(rollout)}")
        if (
            isinstance(epsilon, bool)
            or not isinstance(epsilon, (int, float))
            or not 0 <= epsilon <= 1
        ):
            raise UsageError(f"epsilon must be a number from 0 to 1, got {describe(epsilon)}")
        self.rollout = rollout
        self.epsilon = float(epsilon)
        self._greedy = GreedyAgent()

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Rng) -> Move:
        """The searched move where the position can be rebuilt, else :class:`GreedyAgent`'s."""
        if not legal_moves:
            raise UsageError("IsmctsAgent.choose() was given no legal moves")
        if not isinstance(observation, GuerrillaObservation):
            raise UsageError(
                f"IsmctsAgent plays Guerrilla, got the observation {describe(observation)}"
            )
        if len(legal_moves) == 1:
            return legal_moves[0]
        if not State.rebuildable(observation):
            return self._greedy.choose(observation, legal_moves, rng)
        actions = [ACTIONS.action(move) for move in legal_moves]
        playout: Callable[[GuerrillaMachine, Rng], None] | None = None
        if self.rollout == "greedy":
            codes = (1,) * len(observation.in_game)
            explore = round(1000 * self.epsilon)

            def playout(machine: GuerrillaMachine, r: Rng) -> None:
                machine.rollout(codes, r.next_u64(), explore)

        try:
            visits = search(
                State.determinizer(observation),
                observation.seat,
                actions,
                rng,
                self.iterations,
                self.exploration,
                playout,
            )
        except UsageError:  # options under which the position cannot be rebuilt
            return self._greedy.choose(observation, legal_moves, rng)
        return legal_moves[visits.index(max(visits))]

    def determinize(self, observation: Any, rng: Rng) -> State:
        """:meth:`~cardwars.guerrilla.State.from_observation`."""
        return State.from_observation(observation, rng)

    def action_of(self, move: Any) -> int:
        """The move's number in the Guerrilla action space."""
        return ACTIONS.action(move)

    def __repr__(self) -> str:
        return (
            f"IsmctsAgent(iterations={self.iterations}, exploration={self.exploration}, "
            f"rollout={self.rollout!r}, epsilon={self.epsilon})"
        )
