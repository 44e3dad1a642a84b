"""The game :class:`CloneWar`: what it says of itself, its deal and its whole-game batch loop."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from cardwars import backend
from cardwars.clone_war.agents import GreedyAgent
from cardwars.clone_war.moves import ACTIONS, CloneWarObservation
from cardwars.clone_war.rules import TERMINATIONS, Rules
from cardwars.clone_war.state import State
from cardwars.clone_war.text import TEXT, CloneWarText
from cardwars.engine import ActionSpace, Agent, Game, Move, Observation, RandomAgent
from cardwars.errors import RulesError, describe
from cardwars.options import check_players

WHOLE_GAME = backend.RuleSource("cardwars.clone_war.whole_game")
"""The whole-game batch loop (``whole_game.py``) on the current backend."""

__all__ = ["BATCH_AGENTS", "TERMINATIONS", "CloneWar", "run_batch"]


class CloneWar(Game[Rules, State]):
    """Clone War for 2–4 players (CW-1.1).

    Raises:
        RulesError: ``players`` is not 2, 3 or 4, or ``rules`` is not a :class:`Rules`.

    >>> from cardwars.clone_war import CloneWar
    >>> game = CloneWar(players=4)
    >>> state = game.new_game(seed=1)
    >>> [len(pile) for pile in state.piles]
    [12, 12, 12, 12]
    """

    name: ClassVar[str] = "clone-war"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    rules_type: ClassVar[type[Rules]] = Rules
    terminations: ClassVar[tuple[str, ...]] = TERMINATIONS
    rules_file: ClassVar[str] = "001_clone_war.md"
    length_unit: ClassVar[str] = "battles"
    text: ClassVar[CloneWarText] = TEXT
    """Clone War's text interface, :data:`cardwars.clone_war.text.TEXT` (a
    :class:`~cardwars.clone_war.text.CloneWarText`): event lines and boards; there are no moves."""
    agents: ClassVar[Mapping[str, Callable[[], Agent]]] = {
        "random": RandomAgent,
        "greedy": GreedyAgent,
    }
    batch_agents: ClassVar[frozenset[str]] = frozenset({"random", "greedy"})
    """Nobody decides anything in Clone War (CW-8), so every agent plays the same games."""
    action_space: ClassVar[ActionSpace[Move]] = ACTIONS
    """Empty (:data:`~cardwars.clone_war.moves.ACTIONS`): the step is ``apply_actions({})``."""
    observation_type: ClassVar[type[Observation]] = CloneWarObservation
    """What :meth:`State.observation` returns: :class:`~cardwars.clone_war.CloneWarObservation`."""

    def __init__(self, players: int = 2, rules: Rules | None = None) -> None:
        self._players = check_players(self.name, players, self.min_players, self.max_players)
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a clone_war.Rules, got {describe(rules)}")
        self._rules = rules

    def _from_position(self, position: Any, seed: int) -> State:
        if not isinstance(position, dict) or set(position) != {"piles"}:
            raise RulesError(f"a Clone War position has 'piles', got {describe(position)}")
        piles = position["piles"]
        if not isinstance(piles, list) or len(piles) != self._players:
            raise RulesError(
                f"a Clone War position has {self._players} piles, got {describe(piles)}"
            )
        return State.from_piles(piles, rules=self._rules, rng_seed=seed)

    def new_game(self, seed: int | None = None) -> State:
        """Deal a game from ``seed`` (CW-2, :ref:`deals`); None picks a fresh random seed."""
        state = super().new_game(seed)
        assert isinstance(state, State)
        return state

    def describe_deal(self, state: State) -> tuple[str, ...]:
        """Each seat's pile: its size and its top six cards.

        >>> CloneWar().describe_deal(CloneWar().new_game(seed=1))[0]
        'P0: 24 cards, top JD2 QS3 KS1 JH3 QH1 QC2 …'
        """
        return tuple(
            f"P{seat}: {len(pile)} cards, top {' '.join(map(str, pile[:6])) or '-'} …"
            for seat, pile in enumerate(state.piles)
        )

    def _deal(self, seed: int) -> State:
        return State._deal(self._players, self._rules, seed)

    def run_batch(
        self, agents: Sequence[str], seed: int, start: int, count: int
    ) -> dict[str, array[int]]:
        """Play games ``start .. start+count-1`` in the rules' batch loop (``clone_war_batch``).

        Game ``k`` is the game the state machine plays from ``derive_seed(seed, k)``; every
        built-in agent plays the same games (no decisions).

        Returns:
            ``array.array`` columns: ``"length"`` (battles), ``"wars"``, ``"winner"``
            (seat, -1 for a draw) and ``"termination"`` (index into :attr:`terminations`).

        Raises:
            UsageError: ``agents`` is not one built-in agent name per seat.
        """
        self._check_batch(agents)
        columns: dict[str, array[int]] = WHOLE_GAME.module.clone_war_batch(
            seed, start, count, self.players, **self.rules.machine_options()
        )
        return columns


BATCH_AGENTS: frozenset[str] = CloneWar.batch_agents
"""Built-in agents :func:`~cardwars.clone_war.run_batch` stands in for
(:attr:`CloneWar.batch_agents <cardwars.clone_war.CloneWar.batch_agents>`).
Nobody decides anything in Clone War (CW-8), so every agent plays the same games."""


def run_batch(
    game: CloneWar, agents: tuple[str, ...], seed: int, start: int, count: int
) -> dict[str, array[int]]:
    """Play games ``start .. start+count-1`` of ``game``: :meth:`CloneWar.run_batch`.

    >>> from cardwars.clone_war import CloneWar, run_batch
    >>> cols = run_batch(CloneWar(players=3), ("random",) * 3, seed=0, start=0, count=4)
    >>> len(cols["length"]), set(cols["termination"])
    (4, {0})
    """
    return game.run_batch(agents, seed, start, count)
