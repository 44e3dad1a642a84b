"""Built-in agents. Every agent draws only from the RNG it is given, never from the game's.

>>> from cardwars import Rng
>>> RandomAgent().choose(None, ("a", "b", "c"), Rng(42))
'c'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from cardwars.errors import UsageError

if TYPE_CHECKING:
    from cardwars._kernels.pure_rng import Rng
    from cardwars.engine import Agent, Game

__all__ = ["RandomAgent", "agent_by_name", "agent_names"]

_M = TypeVar("_M")


class RandomAgent:
    """Picks ``legal_moves[rng.below(len(legal_moves))]``: one draw per decision.

    The compiled batch loops replay exactly this agent (RULINGS §4.5).

    >>> from cardwars import Rng
    >>> agent, rng = RandomAgent(), Rng(42)
    >>> [agent.choose(None, "abcd", rng) for _ in range(4)]
    ['c', 'a', 'b', 'b']
    """

    name = "random"

    def choose(self, observation: Any, legal_moves: Sequence[_M], rng: Rng) -> _M:
        """Return a uniformly random legal move."""
        if not legal_moves:
            raise UsageError("RandomAgent.choose() was given no legal moves")
        return legal_moves[rng.below(len(legal_moves))]

    def __repr__(self) -> str:
        return "RandomAgent()"


def _greedy(game: Game[Any]) -> Agent:
    # Each game defines its own one-step heuristic as ``GreedyAgent`` in its module.
    module = importlib.import_module(type(game).__module__)
    cls = getattr(module, "GreedyAgent", None)
    if cls is None:
        raise UsageError(f"{game.name} has no greedy agent")
    agent: Agent = cls()
    return agent


_FACTORIES: dict[str, Callable[[Game[Any]], Agent]] = {
    "random": lambda game: RandomAgent(),
    "greedy": _greedy,
}


def agent_names() -> tuple[str, ...]:
    """The names of the built-in agents.

    >>> agent_names()
    ('random', 'greedy')
    """
    return tuple(_FACTORIES)


def agent_by_name(name: str, game: Game[Any]) -> Agent:
    """The built-in agent called ``name`` for ``game``.

    Raises:
        UsageError: no built-in agent has that name.

    >>> import cardwars
    >>> agent_by_name("greedy", cardwars.load_game("aliwar")).name
    'greedy'
    """
    factory = _FACTORIES.get(name)
    if factory is None:
        raise UsageError(
            f"unknown agent {name!r}; the built-in agents are: {', '.join(_FACTORIES)}"
        )
    return factory(game)
