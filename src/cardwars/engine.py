"""The game protocol shared by all three games, and the driver :func:`play`.

A game is a :class:`Game` (its rules and player count) that deals
:class:`GameState` objects. A state *rests* in one of three ways (:ref:`resting-points`):

* it is over (:attr:`GameState.is_over`);
* it waits for the moves of the seats in :attr:`GameState.to_act`, all at once
  (a simultaneous decision when several seats are polled);
* it waits for an automatic step (``to_act`` is empty; Clone War only), which
  ``apply({})`` performs.

:meth:`GameState.apply` takes one move per polled seat, validates every one of
them before anything changes, performs them and every automatic consequence up
to the next resting point, and returns the typed :class:`Event` objects of
that step, so a front end can animate without diffing states.

For reinforcement learning and search, every game also numbers all its moves once
and for all (an :class:`ActionSpace`, :attr:`Game.num_actions`):
:meth:`GameState.legal_actions`, :meth:`GameState.action_mask` and
:meth:`GameState.apply_actions` are the same protocol on ints.

The pieces live in one module each — the value bases (``cardwars.bases``), the state
(``cardwars.state_base``), the game (``cardwars.game_base``) — and this module hands
them on under its own name, with the driver :func:`play`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cardwars import backend
from cardwars.actions import ActionSpace
from cardwars.bases import Event, Move, Observation, Result
from cardwars.errors import UsageError, describe
from cardwars.game_base import Game, StateT
from cardwars.interfaces import Agent, GameText, RandomAgent, SomeAgent, action_chooser
from cardwars.state_base import GameState

if TYPE_CHECKING:
    from cardwars.core_rng import Rng

__all__ = [
    "ActionSpace",
    "Agent",
    "Event",
    "Game",
    "GameState",
    "GameText",
    "Move",
    "Observation",
    "RandomAgent",
    "Result",
    "SomeAgent",
    "play",
]


def _agent_rng(seed: int, seat: int) -> Rng:
    kernels = backend.core
    rng: Rng = kernels.Rng(kernels.derive_seed(seed, 1 + seat))
    return rng


def resolve_agents(game: Game[Any, Any], agents: Sequence[SomeAgent | str]) -> list[Agent]:
    """Turn agent names into built-in agents and check there is one agent per seat."""
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
    seeing only its own observation.

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
    rngs = [_agent_rng(state.seed, seat) for seat in range(game.players)]
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
            if on_step is not None:
                on_step(state, state.last_events)
            continue
        moves = {
            seat: resolved[seat].choose(
                state.observation(seat), state.legal_moves(seat), rngs[seat]
            )
            for seat in polled
        }
        events = state.apply(moves)
        if on_step is not None:
            on_step(state, events)
    return state
