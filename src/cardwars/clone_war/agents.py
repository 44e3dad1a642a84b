"""Clone War's ``"greedy"`` agent (``"random"`` is :class:`~cardwars.engine.RandomAgent`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardwars.engine import Move
from cardwars.errors import UsageError

if TYPE_CHECKING:
    from cardwars.core_rng import Rng

__all__ = ["GreedyAgent"]


class GreedyAgent:
    """The built-in ``"greedy"`` agent for Clone War.

    Nobody ever decides anything (CW-8), so every agent plays the same games; it exists so
    that each built-in agent name works for every game.

    >>> import cardwars
    >>> a = cardwars.play(cardwars.load_game("clone-war"), ["greedy", "greedy"], seed=3)
    >>> b = cardwars.play(cardwars.load_game("clone-war"), ["random", "random"], seed=3)
    >>> a == b
    True
    """

    name = "greedy"

    def choose(self, observation: object, legal_moves: Sequence[Move], rng: Rng) -> Move:
        """Return the first legal move (never called in Clone War).

        Raises:
            UsageError: ``legal_moves`` is empty.
        """
        if not legal_moves:
            raise UsageError("GreedyAgent.choose() was given no legal moves")
        return legal_moves[0]

    def __repr__(self) -> str:
        return "GreedyAgent()"
