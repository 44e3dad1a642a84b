"""The :class:`Aliwar` game, what it says of itself, and its whole-game batch loop."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final

from cardwars import backend
from cardwars.aliwar.agents import GreedyAgent, IsmctsAgent
from cardwars.aliwar.encoding import encoding as _encoding
from cardwars.aliwar.moves import ACTIONS, AliwarObservation
from cardwars.aliwar.rules import TERMINATIONS, Rules
from cardwars.aliwar.state import State
from cardwars.aliwar.text import TEXT, AliwarText
from cardwars.engine import ActionSpace, Agent, Game, Move, Observation, RandomAgent
from cardwars.errors import RulesError, UsageError, describe
from cardwars.vectors import Encodable, Encoding

__all__ = ["BATCH_AGENTS", "Aliwar", "run_batch"]

_AGENT_CODES: Final[dict[str, int]] = {"random": 0, "greedy": 1}
"""The agent codes of the batch loop ``aliwar_batch``, by agent name."""

BATCH: Final = backend.RuleSource("cardwars.aliwar.batch")
"""The whole-game batch loop (:mod:`cardwars.aliwar.batch`) on the current backend."""
VECTOR: Final = backend.RuleSource("cardwars.aliwar.vector")
"""The native vector tables (:mod:`cardwars.aliwar.vector`) on the current backend."""

BATCH_AGENTS: Final[frozenset[str]] = frozenset(_AGENT_CODES)
"""The built-in agents the batch loop plays, by name (:attr:`.Aliwar.batch_agents`)."""


class Aliwar(Game[Rules, State], Encodable):
    """The game of Aliwar for exactly two players.

    >>> game = Aliwar(Rules(allow_null_switch=True))
    >>> game.name, game.players, game.rules_file, game.rules.allow_null_switch
    ('aliwar', 2, '000_aliwar.md', True)
    """

    name: ClassVar[str] = "aliwar"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    rules_type: ClassVar[type[Any]] = Rules
    terminations: ClassVar[tuple[str, ...]] = TERMINATIONS
    rules_file: ClassVar[str] = "000_aliwar.md"
    length_unit: ClassVar[str] = "rounds"
    text: ClassVar[AliwarText] = TEXT
    """Aliwar's text interface, :data:`cardwars.aliwar.text.TEXT` (an
    :class:`~cardwars.aliwar.text.AliwarText`): move labels and parsing, boards, event lines."""
    agents: ClassVar[Mapping[str, Callable[[], Agent]]] = {
        "random": RandomAgent,
        "greedy": GreedyAgent,
        "ismcts": IsmctsAgent,
    }
    batch_agents: ClassVar[frozenset[str]] = BATCH_AGENTS
    action_space: ClassVar[ActionSpace[Move]] = ACTIONS
    """The 277 actions of :data:`~cardwars.aliwar.moves.ACTIONS`."""
    observation_type: ClassVar[type[Observation]] = AliwarObservation
    """What :meth:`State.observation` returns: :class:`~cardwars.aliwar.AliwarObservation`."""

    def __init__(self, rules: Rules | None = None) -> None:
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be an aliwar.Rules, got {describe(rules)}")
        self._rules = rules
        self._players = 2  # AW-1.1

    def describe_deal(self, state: State) -> tuple[str, ...]:
        """Each seat's protection card and five stacks (top first), as dealt.

        >>> Aliwar().describe_deal(Aliwar().new_game(seed=1))[0][:20]
        'P0: P=6D  S1[5H 2S K'
        """
        return tuple(
            f"P{seat}: P={state.protection[seat]}  "
            + "  ".join(
                f"S{i + 1}[{' '.join(map(str, stack)) or '-'}]"
                for i, stack in enumerate(state.stacks[seat])
            )
            for seat in range(state.players)
        )

    def _deal(self, seed: int) -> State:
        return State._deal(self._rules, seed)

    def _from_position(self, position: Any, seed: int) -> State:
        if not isinstance(position, dict) or set(position) != {"stacks", "protection"}:
            raise RulesError(
                f"an Aliwar position has 'stacks' and 'protection', got {describe(position)}"
            )
        return State.from_layout(
            position["stacks"], position["protection"], rules=self._rules, rng_seed=seed
        )

    def encoding(self) -> Encoding:
        """The vector encodings of this game's observations and states, for the RL adapters.

        See :mod:`cardwars.aliwar.encoding` (the layout and the reference encoders) and
        :mod:`cardwars.envs.encoding` (the NumPy vectors).
        """
        return _encoding(self)

    def vector_tables(self, count: int, seat: int, opponent: str) -> Any:
        """The core's ``count`` tables of this game for :mod:`cardwars.envs.vector`: the
        learner at ``seat``, the built-in ``opponent`` (``"random"`` or ``"greedy"``,
        exactly :class:`~cardwars.engine.interfaces.RandomAgent` and
        :class:`~cardwars.aliwar.GreedyAgent`) at the other, under every rule option.

        Raises:
            UsageError: an opponent that is not one of :attr:`batch_agents`.
        """
        if type(opponent) is not str or opponent not in _AGENT_CODES:
            raise UsageError(
                f"the vector env's opponent is one of {sorted(_AGENT_CODES)}, "
                f"got {describe(opponent)}"
            )
        return VECTOR.module.AliwarTables(
            count,
            seat,
            _AGENT_CODES[opponent],
            self._rules.view_recall == "perfect",
            **self._rules.machine_options(),
        )

    def new_game(self, seed: int | None = None) -> State:
        """Deal a game from ``seed`` (AW-2.1, :ref:`deals`); it rests at the first Switch."""
        state = super().new_game(seed)
        assert isinstance(state, State)
        return state

    def run_batch(
        self, agents: Sequence[str], seed: int, start: int, count: int
    ) -> dict[str, array[int]]:
        """Play games ``start .. start+count-1`` of a batch in the whole-game batch loop: game
        ``k`` is exactly the game :func:`cardwars.play` plays with the same agents from
        ``derive_seed(seed, k)`` (:ref:`aliwar-agents`), under every option, on both backends.

        Returns:
            ``array.array`` columns ``"length"`` (rounds), ``"winner"`` (seat or -1),
            ``"termination"`` (an index into
            :data:`~cardwars.aliwar.rules.TERMINATIONS`), ``"discards"`` and
            ``"longest_no_progress"``.

        Raises:
            UsageError: an agent that is not in :attr:`batch_agents`, or not 2 agents.

        >>> out = Aliwar().run_batch(["random", "random"], seed=1, start=0, count=5)
        >>> len(out["length"]), all(t < len(TERMINATIONS) for t in out["termination"])
        (5, True)
        """
        self._check_batch(agents)
        codes = tuple(_AGENT_CODES[agent] for agent in agents)
        columns: dict[str, array[int]] = BATCH.module.aliwar_batch(
            seed, start, count, 2, codes, **self._rules.machine_options()
        )
        return columns


def run_batch(
    game: Aliwar, agents: Sequence[str], seed: int, start: int, count: int
) -> dict[str, array[int]]:
    """:meth:`Aliwar.run_batch`, as a function of the game (the older spelling).

    >>> out = run_batch(Aliwar(), ["greedy", "random"], seed=1, start=0, count=3)
    >>> sorted(out)
    ['discards', 'length', 'longest_no_progress', 'termination', 'winner']
    """
    return game.run_batch(agents, seed, start, count)
