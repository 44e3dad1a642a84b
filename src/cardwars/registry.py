"""The one list of the games: :func:`load_game`, :func:`game_class`, :func:`game_names`.

Everything that needs a game by name (records, :func:`cardwars.simulate`, the
command line, the rules texts) asks here; everything it then needs to know of a
game it reads from the :class:`~cardwars.engine.Game` subclass itself
(terminations, move types, text, agents, batch loop, rules file). A game's
module is imported only when the game is first asked for, so ``import cardwars``
stays light.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, overload

from cardwars.engine import Game
from cardwars.errors import UsageError, describe

if TYPE_CHECKING:
    from cardwars.aliwar import Aliwar
    from cardwars.clone_war import CloneWar
    from cardwars.guerrilla import Guerrilla

__all__ = ["game_class", "game_names", "games", "load_game"]


def _aliwar() -> type[Game[Any, Any]]:
    from cardwars.aliwar import Aliwar

    return Aliwar


def _clone_war() -> type[Game[Any, Any]]:
    from cardwars.clone_war import CloneWar

    return CloneWar


def _guerrilla() -> type[Game[Any, Any]]:
    from cardwars.guerrilla import Guerrilla

    return Guerrilla


_GAMES: dict[str, Callable[[], type[Game[Any, Any]]]] = {
    "aliwar": _aliwar,
    "clone-war": _clone_war,
    "guerrilla": _guerrilla,
}


def game_names() -> tuple[str, ...]:
    """The names :func:`load_game` accepts.

    >>> game_names()
    ('aliwar', 'clone-war', 'guerrilla')
    """
    return tuple(_GAMES)


def game_class(name: str) -> type[Game[Any, Any]]:
    """The :class:`~cardwars.engine.Game` subclass registered under ``name``.

    Raises:
        UsageError: an unknown game name.

    >>> game_class("clone-war").__name__
    'CloneWar'
    """
    loader = _GAMES.get(name) if isinstance(name, str) else None
    if loader is None:
        raise UsageError(f"unknown game {describe(name)}; the games are: {', '.join(_GAMES)}")
    return loader()


def games() -> tuple[type[Game[Any, Any]], ...]:
    """Every game class, in the order of :func:`game_names`.

    >>> [cls.name for cls in games()]
    ['aliwar', 'clone-war', 'guerrilla']
    """
    return tuple(loader() for loader in _GAMES.values())


@overload
def load_game(name: Literal["aliwar"], **options: Any) -> Aliwar: ...
@overload
def load_game(name: Literal["clone-war"], **options: Any) -> CloneWar: ...
@overload
def load_game(name: Literal["guerrilla"], **options: Any) -> Guerrilla: ...
@overload
def load_game(name: str, **options: Any) -> Game[Any, Any]: ...


def load_game(name: str, **options: Any) -> Game[Any, Any]:
    """Build a game by name: ``"aliwar"``, ``"clone-war"`` or ``"guerrilla"``.

    To a type checker the literal name gives the game's own class
    (``load_game("aliwar")`` is an :class:`~cardwars.aliwar.Aliwar`), so its
    states, observations and moves are typed all the way down.

    ``options`` are ``players=`` and the fields of the game's ``Rules``.

    Raises:
        UsageError: an unknown game name.
        RulesError: an unknown option, a bad value or a bad player count.

    >>> game = load_game("guerrilla", players=2, two_suit_variant=True)
    >>> game.rules.two_suit_variant, game.players
    (True, 2)
    """
    return game_class(name).from_options(**options)
