"""The :class:`Game` every game derives from (:doc:`/api/engine`)."""

from __future__ import annotations

import abc
import sys
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeAlias, TypeVar

from cardwars.actions import ActionSpace
from cardwars.engine.bases import Event, Move, Observation
from cardwars.engine.interfaces import Agent, GameText
from cardwars.engine.state import GameState
from cardwars.errors import RulesError, UsageError, describe

if TYPE_CHECKING:
    from typing_extensions import Self


__all__ = ["BATCH_COLUMNS", "BatchColumns", "Game", "RulesT", "StateT"]

BatchColumns: TypeAlias = "dict[str, array[int]]"
"""What :meth:`Game.run_batch` returns: ``array.array`` columns by name, one value per game."""

BATCH_COLUMNS: tuple[str, ...] = ("length", "winner", "termination")
"""The columns every :meth:`Game.run_batch` returns: :attr:`Result.length
<cardwars.engine.Result.length>`, the winning seat (-1 for none) and the index of the
termination in :attr:`Game.terminations`, for each game of the chunk."""


RulesT = TypeVar("RulesT")

if TYPE_CHECKING:  # a default for type checkers only: Python 3.11's TypeVar has none
    from typing_extensions import TypeVar as _DefaultTypeVar

    StateT = _DefaultTypeVar("StateT", bound="GameState[Any]", default="GameState[Any]")
else:
    StateT = TypeVar("StateT", bound="GameState[Any]")


class Game(abc.ABC, Generic[RulesT, StateT]):
    """A game with fixed rules and player count; deals states.

    >>> import cardwars
    >>> game = cardwars.load_game("clone-war", players=3)
    >>> game.players, game.name, game.new_game(seed=5).seed
    (3, 'clone-war', 5)
    """

    # --- what each game says of itself (read by simulate, records, the CLI, docs) ---
    name: ClassVar[str]
    """The name :func:`cardwars.load_game` knows the game by."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_type: ClassVar[type[Any]]
    """The game's frozen ``Rules`` dataclass; its fields are the options."""
    terminations: ClassVar[tuple[str, ...]]
    """Why a game can end, in the order of the batch loops' ``termination`` codes."""
    move_types: ClassVar[tuple[type[Move], ...]]
    """Every move class of the game, for records and front ends (from :attr:`action_space`)."""
    rules_file: ClassVar[str]
    """The file of the game's numbered clauses (``seeds/`` in the source tree)."""
    text: ClassVar[GameText]
    """The game's terminal text (move notation, boards, event lines), a :class:`GameText`."""
    agents: ClassVar[Mapping[str, Callable[[], Agent]]]
    """The built-in agents by name (``"random"``, ``"greedy"``), as factories."""
    batch_agents: ClassVar[frozenset[str]] = frozenset()
    """The built-in agents the compiled whole-game loop plays (by name)."""
    action_space: ClassVar[ActionSpace[Move]]
    """The game's fixed numbering of its moves, an :class:`ActionSpace` (its ``moves.ACTIONS``)."""
    num_actions: ClassVar[int]
    """``len(action_space)``, the same under every rules option and player count."""
    observation_type: ClassVar[type[Observation]]
    """The game's observation class (what :meth:`GameState.observation` returns)."""
    length_unit: ClassVar[str] = "steps"
    """What :attr:`Result.length <cardwars.engine.Result.length>` counts, as a plural noun
    (``"rounds"``, ``"battles"``, ``"skirmishes"``): the word the command line prints
    after a game's length and :func:`cardwars.simulate`'s longest deals are ranked by."""
    event_types: ClassVar[tuple[type[Event], ...]]
    """Every event class of the game, in the order its module defines them. Derived, as
    the :class:`Event` subclasses of the module that defines :attr:`observation_type`."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Derive what the action space and the observation's module already say."""
        super().__init_subclass__(**kwargs)
        space: ActionSpace[Move] | None = cls.__dict__.get("action_space")
        if space is not None:
            cls.move_types = tuple(dict.fromkeys(type(move) for move in space.moves))
            cls.num_actions = len(space)
        observation: type[Observation] | None = cls.__dict__.get("observation_type")
        if observation is not None:
            module = sys.modules[observation.__module__]
            cls.event_types = tuple(
                value
                for value in vars(module).values()
                if isinstance(value, type)
                and issubclass(value, Event)
                and value.__module__ == module.__name__
            )

    # Every game keeps its seat count and rules in these two attributes.
    _players: int
    _rules: RulesT

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._players

    @property
    def rules(self) -> RulesT:
        """The rules options."""
        return self._rules

    @abc.abstractmethod
    def _deal(self, seed: int) -> StateT:
        """The state at its first resting point, dealt from ``seed``."""

    def new_game(self, seed: int | None = None) -> StateT:
        """Deal a new game from ``seed`` (an int in [0, 2**64)); None picks a fresh random seed.

        Raises:
            UsageError: the seed is not a plain int in [0, 2**64) (a ValueError too).
        """
        if seed is None:
            import secrets  # here, not at the top: it costs a few ms of every import cardwars

            seed = secrets.randbits(64)
        if type(seed) is not int or not 0 <= seed < 2**64:
            raise UsageError(f"seed must be an int in [0, 2**64), got {describe(seed)}")
        return self._deal(seed)

    @classmethod
    def from_options(cls, **options: Any) -> Self:
        """Build the game from ``players=`` and the fields of its ``Rules``.

        Raises:
            RulesError: an unknown option or a bad value.
        """
        players = options.pop("players", None)
        names = [f.name for f in fields(cls.rules_type)]
        unknown = sorted(set(options) - set(names))
        if unknown:
            raise RulesError(
                f"unknown option(s) {unknown} for {cls.name}; the options are: {', '.join(names)}"
                + (", players" if cls.max_players > cls.min_players else "")
            )
        rules = cls.rules_type(**options)
        if cls.min_players == cls.max_players:
            if players is not None and (
                isinstance(players, bool)
                or not isinstance(players, int)
                or players != cls.min_players
            ):
                raise RulesError(
                    f"{cls.name} is for exactly {cls.min_players} players, got {describe(players)}"
                )
            return cls(rules=rules)  # type: ignore[call-arg]
        if players is None:
            players = cls.min_players
        return cls(players=players, rules=rules)  # type: ignore[call-arg]

    def action_to_move(self, action: int) -> Move:
        """The move that ``action`` (an int in ``range(num_actions)``) stands for.

        Raises:
            IllegalMoveError: ``action`` is not an int (a bool is not) or is out of range.

        >>> import cardwars
        >>> game = cardwars.load_game("aliwar")
        >>> game.num_actions, game.action_to_move(0), game.action_to_move(276)
        (277, Switch(a=0, b=1), Decline())
        """
        return self.action_space.move(action)

    def move_to_action(self, move: Move) -> int:
        """The action of ``move``, a move of this game (of exactly one of its move types).

        Raises:
            IllegalMoveError: ``move`` is no move of this game: another game's move, a
                move subclass, a value such as ``unittest.mock.ANY``, or field values
                no move of the game has.

        >>> import cardwars
        >>> from cardwars import aliwar
        >>> game = cardwars.load_game("aliwar")
        >>> game.move_to_action(aliwar.Switch(5, 4)), game.move_to_action(aliwar.Decline())
        (14, 276)
        """
        return self.action_space.action(move)

    def make_agent(self, name: str) -> Agent:
        """A fresh built-in agent of this game, by name.

        Raises:
            UsageError: no built-in agent has that name.

        >>> import cardwars
        >>> cardwars.load_game("aliwar").make_agent("greedy")
        GreedyAgent()
        """
        # A str subclass as the plain str it holds: its own __hash__ and __eq__ never run.
        name = str.__str__(name) if issubclass(type(name), str) else name
        factory = self.agents.get(name) if type(name) is str else None
        if factory is None:
            raise UsageError(
                f"unknown agent {describe(name)} for {self.name}; "
                f"the built-in agents are: {', '.join(self.agents)}"
            )
        agent = factory()
        bind = getattr(agent, "bind_rules", None)
        if callable(bind):  # an agent that searches the game (``"ismcts"``) needs its rules
            bind(self.rules)
        return agent

    def supports_batch(self, agents: Sequence[object]) -> bool:
        """True when the whole-game batch loop can play these agents under these rules.

        The loop stands in for :func:`play` with built-in agents named in
        :attr:`batch_agents`; a game narrows this further when its loop
        implements only some options or exists only in the compiled core.
        """
        # By type(), a str subclass as its plain str: none of an agent's own code runs.
        return len(agents) == self.players and all(
            issubclass(type(agent), str) and str.__str__(agent) in self.batch_agents
            for agent in agents
        )

    def run_batch(self, agents: Sequence[str], seed: int, start: int, count: int) -> BatchColumns:
        """Play games ``start .. start+count-1`` in the whole-game loop (:meth:`supports_batch`).

        Game ``k`` is exactly the game :func:`play` plays from ``derive_seed(seed, k)`` with the
        same built-in agents. With :meth:`supports_batch`, the *batch driver* protocol that
        :func:`cardwars.simulate` drives (:doc:`/guides/your-own-game`).

        Returns:
            ``array.array`` columns of ``count`` values each, at least
            :data:`~cardwars.authoring.BATCH_COLUMNS`: ``"length"``, ``"winner"`` (seat or -1) and
            ``"termination"`` (an index into :attr:`terminations`).

        Raises:
            UsageError: :meth:`supports_batch` is False for these agents.
        """
        raise UsageError(f"{self.name} has no whole-game batch loop")

    def _check_batch(self, agents: Sequence[str]) -> None:
        """The guard every :meth:`run_batch` starts with."""
        if isinstance(agents, str) or not self.supports_batch(agents):
            raise UsageError(
                f"the {self.name} batch loop plays {self.players} agents from "
                f"{sorted(self.batch_agents)} under the rules it implements; "
                f"got {describe(agents)} for {self!r}"
            )

    def deal_notation(self, state: StateT) -> str:
        """The deal that ``state`` (a start: fresh from :meth:`new_game`, or a record's
        hand-built start) was dealt, in the game's own notation; by default its seed.

        :func:`cardwars.simulate` with ``keep_longest=`` shows each kept deal so.

        >>> import cardwars
        >>> game = cardwars.load_game("clone-war")
        >>> game.deal_notation(game.new_game(seed=42))
        'seed 42'
        """
        return f"seed {state.seed}"

    def describe_deal(self, state: StateT) -> tuple[str, ...]:
        """A few lines that show the deal of ``state`` (``cardwars demo`` prints them).

        By default the game's whole-state board (:meth:`GameText.render_state
        <cardwars.engine.GameText.render_state>`).

        >>> import cardwars
        >>> game = cardwars.load_game("clone-war")  # Clone War shows less: the base's lines
        >>> Game.describe_deal(game, game.new_game(seed=1))[0][:28]
        'P0 (24): JD2 QS3 KS1 JH3 QH1'
        """
        return tuple(self.text.render_state(state).splitlines())

    def deal_figures(self, state: StateT) -> dict[str, int]:
        """Figures of a finished game that :func:`cardwars.simulate` reports beside its
        :attr:`~cardwars.engine.Result.length` for each of the longest deals it keeps
        (``keep_longest=``): for example the cards played. None by default.

        >>> import cardwars
        >>> final = cardwars.play(cardwars.load_game("aliwar"), ["random"] * 2, seed=1)
        >>> final.result.length > 0, cardwars.load_game("aliwar").deal_figures(final)
        (True, {})
        """
        return {}

    def _from_position(self, position: Any, seed: int) -> GameState[Any]:
        """The hand-built start of a record (:meth:`GameState._position_data`'s output).

        Raises:
            RulesError, CardParseError, TypeError: data that is no start position of
                this game (records report it as a RecordError).
        """
        raise RulesError(f"{self.name} records hold no hand-built positions")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.players}, rules={self.rules!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Game)
        return bool(self.players == other.players and self.rules == other.rules)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.players, self.rules))
