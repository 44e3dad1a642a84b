"""Single-observer information set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012):
UCB1 with availability counts, decoupled simultaneous steps (:doc:`/api/agents`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Final

from cardwars.errors import UsageError, describe

__all__ = ["DEFAULT_EXPLORATION", "DEFAULT_ITERATIONS", "IsmctsAgent", "search"]

DEFAULT_ITERATIONS: Final = 1000
"""Iterations per move of the built-in ``"ismcts"`` agents (a move in well under 100 ms)."""

DEFAULT_EXPLORATION: Final = 0.7
"""The UCB1 exploration constant ``c`` of ``mean + c * sqrt(ln(available) / visits)``."""


class _Node:
    """One information set of the observer: per seat, per action ``[visits, available, reward]``."""

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.stats: dict[int, dict[int, list[float]]] = {}
        self.children: dict[tuple[int, ...], _Node] = {}


def _rewards(result: Any, players: int) -> list[float]:
    """1 for each winner (shared among none: a draw is 1/2 for all), 0 for the others."""
    winners = result.winners
    if not winners:
        return [0.5] * players
    share = 1.0 if len(winners) == 1 else 0.5
    return [share if seat in winners else 0.0 for seat in range(players)]


def search(
    determinize: Callable[[Any], Any],
    seat: int,
    root_actions: Sequence[int],
    rng: Any,
    iterations: int,
    exploration: float,
    rollout: Callable[[Any, Any], None] | None = None,
) -> list[int]:
    """Run the search; return the observer's root visit count of each of ``root_actions``.

    ``determinize(rng)`` returns a fresh full state (a :class:`~cardwars.engine.GameState` with
    integer actions) in which ``seat`` is polled with ``root_actions``. ``rollout(machine, rng)``,
    if given, plays the machine on from the new leaf, drawing only from ``rng`` (uniformly random
    actions finish what it leaves); by default the whole rollout is uniformly random.
    """
    root = _Node()
    log = math.log
    sqrt = math.sqrt
    for _ in range(iterations):
        state = determinize(rng)
        m = state.machine  # the game's machine: the fast path of integer actions
        players = state.players
        node = root
        path: list[tuple[_Node, dict[int, int]]] = []
        while not m.over:
            polled = sorted(m.to_act)
            joint: dict[int, int] = {}
            expand = False
            for s in polled:
                legal = m.legal_actions(s)
                stats = node.stats.get(s)
                if stats is None:
                    stats = node.stats[s] = {}
                untried = []
                for a in legal:
                    entry = stats.get(a)
                    if entry is None:
                        entry = stats[a] = [0, 0, 0.0]
                    entry[1] += 1
                    if entry[0] == 0:
                        untried.append(a)
                if untried:
                    joint[s] = untried[rng.below(len(untried))]
                    expand = True
                    continue
                best = -1.0
                choice = legal[0]
                for a in legal:
                    visits, available, reward = stats[a]
                    value = reward / visits + exploration * sqrt(log(available) / visits)
                    if value > best:
                        best, choice = value, a
                joint[s] = choice
            m.apply_actions(joint)
            path.append((node, joint))
            key = tuple(joint[s] for s in polled)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                node = child
                break
            node = child
            if expand:
                break
        if rollout is not None:
            rollout(m, rng)
        while not m.over:  # the rollout: uniformly random legal actions
            step = {}
            for s in m.to_act:
                legal = m.legal_actions(s)
                step[s] = legal[rng.below(len(legal))]
            m.apply_actions(step)
        rewards = _rewards(state.result, players)
        for visited, joint in path:
            for s, a in joint.items():
                entry = visited.stats[s][a]
                entry[0] += 1
                entry[2] += rewards[s]
    stats = root.stats.get(seat, {})
    return [int(stats[a][0]) if a in stats else 0 for a in root_actions]


class IsmctsAgent:
    """The ``"ismcts"`` agent: single-observer ISMCTS with decoupled simultaneous steps.

    A game's agent class (``cardwars.aliwar.IsmctsAgent``) overrides :meth:`determinize` and
    :meth:`action_of`, or passes them as arguments.

    Args:
        iterations: determinizations (and rollouts) per move, at least 1.
        exploration: the UCB1 constant, at least 0.
        determinizer: ``determinizer(observation, rng)`` returns a full state consistent with
            ``observation``; default :meth:`determinize`.
        action_of: maps a legal move to its integer action; default :meth:`action_of`.

    Raises:
        UsageError: ``iterations`` or ``exploration`` out of range.
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        exploration: float = DEFAULT_EXPLORATION,
        determinizer: Callable[[Any, Any], Any] | None = None,
        action_of: Callable[[Any], int] | None = None,
    ) -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise UsageError(f"iterations must be an int >= 1, got {describe(iterations)}")
        if (
            isinstance(exploration, bool)
            or not isinstance(exploration, (int, float))
            or not exploration >= 0
        ):
            raise UsageError(f"exploration must be a number >= 0, got {describe(exploration)}")
        self._determinizer = determinizer
        self._action_of = action_of
        self.iterations = iterations
        self.exploration = float(exploration)

    def determinize(self, observation: Any, rng: Any) -> Any:
        """A full state consistent with ``observation``, drawn from ``rng``.

        Raises:
            UsageError: no determinizer was given and the class defines none.
        """
        raise UsageError(f"{type(self).__name__} has no determinizer")

    def action_of(self, move: Any) -> int:
        """The integer action of ``move``.

        Raises:
            UsageError: no action map was given and the class defines none.
        """
        raise UsageError(f"{type(self).__name__} has no action map")

    def choose(self, observation: Any, legal_moves: Sequence[Any], rng: Any) -> Any:
        """The most visited of ``legal_moves`` after ``iterations`` iterations from ``rng``."""
        if not legal_moves:
            raise UsageError("IsmctsAgent.choose() was given no legal moves")
        if len(legal_moves) == 1:
            return legal_moves[0]
        action_of = self._action_of or self.action_of
        actions = [action_of(move) for move in legal_moves]
        determinizer = self._determinizer or self.determinize
        visits = search(
            lambda r: determinizer(observation, r),
            observation.seat,
            actions,
            rng,
            self.iterations,
            self.exploration,
        )
        return legal_moves[visits.index(max(visits))]

    def __repr__(self) -> str:
        return f"IsmctsAgent(iterations={self.iterations}, exploration={self.exploration})"
