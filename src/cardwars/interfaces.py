"""What users of the engine implement: an :class:`Agent`, and a game's :class:`GameText`.

:class:`RandomAgent` is the simplest agent, the ``"random"`` of every game. The
engine (:mod:`cardwars.engine`) hands these names on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from cardwars.errors import UsageError

if TYPE_CHECKING:
    from cardwars._kernels.pure_rng import Rng

__all__ = ["Agent", "GameText", "RandomAgent"]


@runtime_checkable
class Agent(Protocol):
    """Anything that picks a move: built-in agents and your own.

    >>> class FirstMove:
    ...     def choose(self, observation, legal_moves, rng):
    ...         return legal_moves[0]
    >>> isinstance(FirstMove(), Agent)
    True
    """

    def choose(self, observation: Any, legal_moves: Sequence[Any], rng: Rng) -> Any:
        """Return one of ``legal_moves`` seeing only ``observation``; draw chance from ``rng``."""
        ...


_M = TypeVar("_M")


class RandomAgent:
    """Picks ``legal_moves[rng.below(len(legal_moves))]``: one draw per decision.

    Every game offers it as ``"random"``; the compiled batch loops replay exactly
    this agent.

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


class GameText(Protocol):
    """What each game's ``text`` module offers a terminal front end.

    Each game names its module as :attr:`cardwars.engine.Game.text`.

    >>> import cardwars
    >>> game = cardwars.load_game("aliwar")
    >>> state = game.new_game(seed=42)
    >>> game.text.format_move(state.legal_moves(0)[0])
    '1 2'
    """

    NOTATION: str
    """How moves are typed, for help screens."""

    def format_move(self, move: Any) -> str:
        """A move as the short text :meth:`parse_move` reads back."""
        ...

    def parse_move(self, text: str, legal: Sequence[Any]) -> Any:
        """The legal move that ``text`` names (raises IllegalMoveError otherwise)."""
        ...

    def describe_event(self, event: Any) -> str | None:
        """A one-line description of an event, or None for events not worth a line."""
        ...

    def render_observation(self, observation: Any) -> str:
        """One seat's view as a text board."""
        ...

    def render_state(self, state: Any) -> str:
        """The whole (god's-eye) state as a text board."""
        ...
