"""The driver :func:`play`: one whole game, its agents asked in seat order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cardwars import backend
from cardwars.engine.bases import Event
from cardwars.engine.game import Game, StateT
from cardwars.engine.interfaces import Agent, SomeAgent, action_chooser
from cardwars.errors import UsageError, describe

if TYPE_CHECKING:
    from cardwars.core_rng import Rng

__all__ = ["play", "resolve_agents"]


def _agent_rngs(seed: int, players: int) -> list[Rng]:
    """Each seat's agent's Rng in the game dealt from ``seed`` (see :func:`play`)."""
    core = backend.core
    return [core.Rng(core.derive_seed(seed, 1 + seat)) for seat in range(players)]


def resolve_agents(game: Game[Any, Any], agents: Sequence[SomeAgent | str]) -> list[Agent]:
    """Turn agent names into built-in agents and check there is one agent per seat.

    >>> import cardwars
    >>> from cardwars.engine import resolve_agents
    >>> resolve_agents(cardwars.load_game("aliwar"), ["random", "greedy"])
    [RandomAgent(), GreedyAgent()]
    """
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise UsageError(
            f"agents must be a sequence with one agent per seat, got {describe(agents)}"
        )
    if len(agents) != game.players:
        raise UsageError(
            f"{game.name} with {game.players} players needs {game.players} agents, "
            f"got {len(agents)}"
        )
    resolved: list[Agent] = []
    for seat, agent in enumerate(agents):
        if isinstance(agent, str):
            resolved.append(game.make_agent(agent))
        elif isinstance(agent, Agent):
            resolved.append(agent)
        else:
            raise UsageError(
                f"agent for seat {seat} must be a name or have a choose() method, "
                f"got {describe(agent)}"
            )
    return resolved


def play(
    game: Game[Any, StateT],
    agents: Sequence[SomeAgent | str],
    *,
    seed: int | None = None,
    on_step: Callable[[StateT, tuple[Event, ...]], None] | None = None,
) -> StateT:
    """Play one whole game and return its final state.

    Seat ``s``'s agent draws from ``Rng(derive_seed(state.seed, 1 + s))``; the
    agents of a simultaneous decision are asked in ascending seat order, each
    seeing only what it knows by the rules (:meth:`~cardwars.engine.GameState.information`).

    Args:
        game: the game to play.
        agents: one :class:`Agent` or built-in agent name per seat.
        seed: the deal; None picks a fresh random seed (recorded in the state).
        on_step: called after every step with the state and that step's events.

    >>> import cardwars
    >>> final = cardwars.play(cardwars.load_game("clone-war"), ["random", "random"], seed=7)
    >>> final.is_over
    True
    """
    resolved = resolve_agents(game, agents)
    state = game.new_game(seed)
    rngs = _agent_rngs(state.seed, game.players)
    # Agents that pick from the legal actions alone (RandomAgent) skip the observation,
    # in games that number their moves.
    numbered = getattr(type(state), "_action_space", None) is not None
    choosers = [action_chooser(agent) if numbered else None for agent in resolved]
    while not state.is_over:
        polled = sorted(state.to_act)
        if all(choosers[seat] is not None for seat in polled):
            state.apply_actions(
                {
                    seat: choosers[seat](state.legal_actions(seat), rngs[seat])  # type: ignore[misc]
                    for seat in polled
                }
            )
        else:
            state.apply(
                {
                    seat: resolved[seat].choose(
                        state.information(seat), state.legal_moves(seat), rngs[seat]
                    )
                    for seat in polled
                }
            )
        if on_step is not None:
            on_step(state, state.last_events)
    return state
