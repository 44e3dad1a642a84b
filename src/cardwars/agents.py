"""Built-in agents, which draw only from the RNG they are given (:doc:`/guides/agents`).

A game lists its own (:attr:`cardwars.engine.Game.agents`); this module only names them.

>>> from cardwars import Rng
>>> RandomAgent().choose(None, ("a", "b", "c"), Rng(42))
'c'
"""

from __future__ import annotations

from typing import Any

from cardwars.engine import Agent, Game, RandomAgent
from cardwars.errors import CardwarsError, wrong_type
from cardwars.registry import game_class, game_names

__all__ = ["RandomAgent", "agent_by_name", "agent_names"]


def agent_names() -> tuple[str, ...]:
    """The names of the built-in agents, over every game (each game lists its own in
    :attr:`~cardwars.engine.Game.agents`; a plugin's game that cannot be used lists none).

    >>> agent_names()[:3]
    ('random', 'greedy', 'ismcts')
    """
    names: dict[str, None] = {}
    for name in game_names():
        try:
            cls = game_class(name)
        except CardwarsError:  # a broken plugin never hides the other games' agents
            continue
        names.update(dict.fromkeys(cls.agents))
    return tuple(names)


def agent_by_name(name: str, game: Game[Any, Any]) -> Agent:
    """The built-in agent called ``name`` for ``game`` (:meth:`~cardwars.engine.Game.make_agent`).

    Raises:
        ArgumentTypeError: ``name`` is no str or ``game`` no :class:`~cardwars.engine.Game`.
        UsageError: no built-in agent has that name.

    >>> import cardwars
    >>> agent_by_name("greedy", cardwars.load_game("aliwar")).name
    'greedy'
    """
    if not issubclass(type(name), str):  # by type(): no caller's __class__ runs
        raise wrong_type("name", "a str, a built-in agent's name", name)
    if not issubclass(type(game), Game):
        raise wrong_type("game", "a cardwars Game (cardwars.load_game(name))", game)
    return game.make_agent(name)
