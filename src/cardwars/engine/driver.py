"""The driver :func:`play`: one whole game, its agents asked in seat order."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from cardwars import backend
from cardwars.engine.bases import Event
from cardwars.engine.game import Game, StateT
from cardwars.engine.interfaces import Agent, SomeAgent, action_chooser
from cardwars.errors import UsageError, _type_name, describe, wrong_type

if TYPE_CHECKING:
    from cardwars.core_rng import Rng

__all__ = ["play", "resolve_agents"]


def _agent_rngs(seed: int, players: int) -> list[Rng]:
    """Each seat's agent's Rng in the game dealt from ``seed`` (see :func:`play`)."""
    core = backend.core
    return [core.Rng(core.derive_seed(seed, 1 + seat)) for seat in range(players)]


def resolve_agents(game: Game[Any, Any], agents: Sequence[SomeAgent | str]) -> list[Agent]:
    """Turn agent names into built-in agents and check there is one agent per seat.

    ``agents`` is read once (at most one item past the seats); its items are judged by their
    type, none of their own code run: a ``str`` (a subclass as the plain str it holds) is a
    built-in agent's name, an object whose class has ``choose()`` an agent.

    Raises:
        UsageError: ``agents`` is no sequence, cannot be read, has not one agent per seat, or
            holds an unknown name or an object without ``choose()``.

    >>> import cardwars
    >>> from cardwars.engine import resolve_agents
    >>> resolve_agents(cardwars.load_game("aliwar"), ["random", "greedy"])
    [RandomAgent(), GreedyAgent()]
    """
    # By type(): isinstance() would ask the caller's own __class__, which may raise.
    kind = type(agents)
    if issubclass(kind, (str, bytes)) or not issubclass(kind, Sequence):
        raise UsageError(
            f"agents must be a sequence with one agent per seat, got {describe(agents)}"
        )
    players = game.players
    try:  # once, by iterating: a sequence's own __len__ may lie
        items = list(itertools.islice(agents, players + 1))
    except Exception as exc:
        raise UsageError(f"agents could not be read ({_type_name(exc)} while reading it)") from exc
    if len(items) != players:
        got = f"more than {players}" if len(items) > players else str(len(items))
        raise UsageError(f"{game.name} with {players} players needs {players} agents, got {got}")
    resolved: list[Agent] = []
    for seat, agent in enumerate(items):
        if issubclass(type(agent), str):
            # A plain copy: a subclass's own __hash__ and __eq__ never run in the lookup.
            resolved.append(game.make_agent(str.__str__(cast("str", agent))))
        elif _has_choose(agent):
            resolved.append(cast("Agent", agent))
        else:
            raise UsageError(
                f"agent for seat {seat} must be a name or have a choose() method, "
                f"got {describe(agent)}"
            )
    return resolved


def _has_choose(agent: object) -> bool:
    """``agent`` has a callable ``choose``: on its class, else (a forwarding proxy) its own."""
    if callable(getattr(type(agent), "choose", None)):
        return True
    try:
        return callable(getattr(agent, "choose", None))
    except Exception:  # a __getattr__ that raises: no agent
        return False


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
        game: the game to play (:func:`cardwars.load_game` builds one from its name).
        agents: one :class:`Agent` or built-in agent name per seat (read once, as
            :func:`~cardwars.engine.resolve_agents` reads them).
        seed: the deal; None picks a fresh random seed (recorded in the state).
        on_step: called after every step with the state and that step's events.

    Raises:
        UsageError: a bad argument (an unknown agent name, not one agent per seat, a bad
            seed), before anything is played.
        ArgumentTypeError: ``game`` is not a :class:`Game` (a game name included: the engine
            is below the registry) or ``on_step`` is not callable, before anything is played.

    >>> import cardwars
    >>> final = cardwars.play(cardwars.load_game("clone-war"), ["random", "random"], seed=7)
    >>> final.is_over
    True
    """
    if not issubclass(type(game), Game):  # by type(): isinstance() runs a __class__
        wanted = "a cardwars Game (cardwars.load_game(name) builds one from a game name)"
        raise wrong_type("game", wanted, game)
    if on_step is not None and not callable(on_step):
        raise wrong_type("on_step", "a callable or None", on_step)
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
