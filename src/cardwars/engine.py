"""The game protocol shared by all three games, and the driver :func:`play`.

A game is a :class:`Game` (its rules and player count) that deals
:class:`GameState` objects. A state *rests* in one of three ways (:ref:`resting-points`):

* it is over (:attr:`GameState.is_over`);
* it waits for the moves of the seats in :attr:`GameState.to_act`, all at once
  (a simultaneous decision when several seats are polled);
* it waits for an automatic step (``to_act`` is empty; Clone War only), which
  ``apply({})`` performs.

:meth:`GameState.apply` takes one move per polled seat, validates every one of
them before anything changes, performs them and every automatic consequence up
to the next resting point, and returns the typed :class:`Event` objects of
that step, so a front end can animate without diffing states.

For reinforcement learning and search, every game also numbers all its moves once
and for all (an :class:`ActionSpace`, :attr:`Game.num_actions`):
:meth:`GameState.legal_actions`, :meth:`GameState.action_mask` and
:meth:`GameState.apply_actions` are the same protocol on ints.
"""

from __future__ import annotations

import abc
import enum
import sys
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    TypeVar,
    cast,
)

from cardwars import _kernels
from cardwars.actions import ActionSpace, matching_move, shown, type_name
from cardwars.errors import IllegalMoveError, RulesError, UsageError, describe
from cardwars.interfaces import Agent, GameText, RandomAgent, action_chooser
from cardwars.timeline import Timeline

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardwars._kernels.pure_rng import Rng

__all__ = [
    "ActionSpace",
    "Agent",
    "Event",
    "Game",
    "GameState",
    "GameText",
    "Move",
    "Observation",
    "RandomAgent",
    "Result",
    "play",
]


class Move:
    """Base class of every move. Each game defines frozen, hashable move classes.

    >>> from cardwars import aliwar
    >>> move = aliwar.Switch(3, 1)
    >>> isinstance(move, Move), move == aliwar.Switch(1, 3), str(move)
    (True, True, '1 3')
    """

    __slots__ = ()

    _labels: ClassVar[Callable[[Any], str] | None] = None
    """The game's ``text.label``, which the game's text module sets on its move classes."""

    def __str__(self) -> str:
        """The move's label in its game's notation (:attr:`Game.text`), else its repr."""
        labels = type(self)._labels
        return repr(self) if labels is None else labels(self)


class Event:
    """Base class of every event returned by :meth:`GameState.apply`.

    >>> import cardwars
    >>> state = cardwars.load_game("clone-war").new_game(seed=1)
    >>> events = state.apply({})
    >>> all(isinstance(event, Event) for event in events), type(events[0]).__name__
    (True, 'CardsFlipped')
    """

    __slots__ = ()


class Observation:
    """Base class of what one seat may know; each game defines a frozen dataclass.

    >>> import cardwars
    >>> view = cardwars.load_game("guerrilla").new_game(seed=1).observation(0)
    >>> isinstance(view, Observation), len(view.hand)
    (True, 2)
    """

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended.

    Attributes:
        winners: the winning seats; empty for any draw.
        termination: why the game ended, one of the game's names
            (Aliwar AW-B4, Clone War CW-B3, Guerrilla GT-B7).
        length: rounds (Aliwar), battles (Clone War) or skirmishes (Guerrilla) played.
        placings: the place of each seat, 1 = best; seats that share a place share a number.

    >>> r = Result(frozenset({1}), "empty_stack", 12, (2, 1))
    >>> r.is_draw, r.winner
    (False, 1)
    """

    winners: frozenset[int]
    termination: str
    length: int
    placings: tuple[int, ...]

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners

    @property
    def winner(self) -> int | None:
        """The single winner, or None for a draw (or several winners)."""
        return next(iter(self.winners)) if len(self.winners) == 1 else None


PhaseT = TypeVar("PhaseT", bound=enum.Enum)


class GameState(Timeline, abc.ABC, Generic[PhaseT]):
    """A position of a game: god's-eye, mutable through :meth:`apply` only.

    Subclasses implement the ``_``-prefixed hooks; :meth:`apply` here owns the
    validation that makes every step atomic.

    A state is not thread-safe: use it from one thread at a time, and give each thread
    its own :meth:`copy`. Overlapping use (a second thread, or a callback of a value
    handed to a step that steps the same state) raises
    :class:`~cardwars.errors.UsageError` and never corrupts the state (the
    Reliability page of the docs).

    >>> import cardwars
    >>> state = cardwars.load_game("aliwar").new_game(seed=42)
    >>> state.phase.name, sorted(state.to_act), state.is_over
    ('SWITCH', [0, 1], False)
    >>> copy = state.copy()
    >>> _ = state.apply({0: state.legal_moves(0)[0], 1: state.legal_moves(1)[0]})
    >>> state == copy, len(state.history)
    (False, 1)

    The same step on integer actions (:meth:`apply_actions`), with the events on demand:

    >>> again = cardwars.load_game("aliwar").new_game(seed=42)
    >>> again.legal_actions(0)[:3], len(again.action_mask(0)), sum(again.action_mask(0))
    ((0, 1, 2), 277, 15)
    >>> again.apply_actions({0: 0, 1: 0})  # action 0 is Switch(0, 1), legal_moves(0)[0]
    >>> again == state, type(again.last_events[0]).__name__
    (True, 'SwitchesRevealed')
    """

    __slots__ = ("_action_cache", "_history", "_last_events")

    game_name: ClassVar[str]
    _action_space: ClassVar[ActionSpace[Move]]
    """The game's fixed numbering of its moves (each game's ``moves.ACTIONS``)."""

    def __init__(self) -> None:
        self._history: list[dict[int, Move]] = []
        self._last_events: tuple[Event, ...] = ()
        # seat -> (legal_moves(seat), their actions), built for the tuple legal_moves(seat)
        # returned then: valid for as long as legal_moves(seat) returns that very tuple.
        self._action_cache: dict[int, tuple[tuple[Move, ...], tuple[int, ...]]] = {}

    def _copy_base_into(self, other: GameState[Any]) -> None:
        """Give ``other`` (a copy being built) this state's history and last events."""
        other._history = list(map(dict, self._history))  # each step its own dict, not shared
        other._last_events = self._last_events
        other._action_cache = dict(self._action_cache)

    # --- what every game provides -------------------------------------------------
    @property
    @abc.abstractmethod
    def players(self) -> int:
        """The number of seats."""

    @property
    @abc.abstractmethod
    def phase(self) -> PhaseT:
        """The game-specific phase the state rests in."""

    @property
    @abc.abstractmethod
    def to_act(self) -> frozenset[int]:
        """The seats whose moves :meth:`apply` needs now (empty: an automatic step or the end)."""

    @abc.abstractmethod
    def legal_moves(self, player: int) -> tuple[Move, ...]:
        """The legal moves of ``player``, canonically ordered (empty if not polled)."""

    @abc.abstractmethod
    def observation(self, player: int) -> Observation:
        """Exactly what ``player`` may know now, as a frozen value."""

    @abc.abstractmethod
    def copy(self) -> Self:
        """An independent deep copy, RNG state included."""

    @property
    @abc.abstractmethod
    def rng(self) -> Rng:
        """A copy of the game RNG (never shown in any observation)."""

    @abc.abstractmethod
    def _apply(self, moves: dict[int, Move]) -> tuple[Event, ...]:
        """Perform already-validated moves; must not raise."""

    @abc.abstractmethod
    def _snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the state, for equality."""

    def _position_data(self) -> dict[str, Any]:
        """This position as JSON data for its game's hand-built constructor (records)."""
        raise NotImplementedError(f"{type(self).__name__} cannot write its position")

    # --- shared behaviour ----------------------------------------------------------
    # Every game keeps its deal's seed and its result in these two attributes.
    _seed: int
    _result: Result | None

    @property
    def result(self) -> Result | None:
        """The :class:`Result` once the game is over, else None."""
        return self._result

    @property
    def seed(self) -> int:
        """The seed the game was dealt from (``rng_seed`` for a hand-built position)."""
        return self._seed

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.result is not None

    @property
    def history(self) -> tuple[Mapping[int, Move], ...]:
        """The moves of every step applied to this state so far, in order."""
        return tuple(dict(step) for step in self._history)

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The events of the last step, by :meth:`apply` or :meth:`apply_actions` (``()`` before).

        A copy has the events of the step its original made last.

        >>> import cardwars
        >>> state = cardwars.load_game("clone-war").new_game(seed=1)
        >>> state.last_events
        ()
        >>> state.apply_actions({})  # Clone War's automatic step: one battle
        >>> type(state.last_events[0]).__name__
        'CardsFlipped'
        """
        return self._last_events

    # --- integer actions ------------------------------------------------------------------
    def _actions_of(self, player: int) -> tuple[tuple[Move, ...], tuple[int, ...]]:
        """``(legal_moves(player), their actions)``, cached while the legal moves stay."""
        legal = self.legal_moves(player)  # checks the seat
        cached = self._action_cache.get(player)
        if cached is not None and cached[0] is legal:
            return cached
        space = self._action_space
        found = tuple(map(space._by_id.get, map(id, legal)))
        if None in found:  # not all of them the space's own objects: look them up by value
            actions = tuple([space.action(move) for move in legal])
        else:
            actions = cast("tuple[int, ...]", found)
        entry = (legal, actions)
        self._action_cache[player] = entry
        return entry

    def legal_actions(self, player: int) -> tuple[int, ...]:
        """The actions of :meth:`legal_moves`, in the same canonical order (empty if not polled).

        Exactly ``tuple(game.move_to_action(m) for m in state.legal_moves(player))``.

        Raises:
            UsageError: ``player`` is not a seat.

        >>> import cardwars
        >>> state = cardwars.load_game("guerrilla").new_game(seed=42)
        >>> [str(move.card) for move in state.legal_moves(0)], state.legal_actions(0)
        (['4C', 'JC'], (58, 65))
        """
        return self._actions_of(player)[1]

    def action_mask(self, player: int) -> bytes:
        """``num_actions`` bytes: 1 where the action is legal for ``player``, else 0.

        Any buffer reader takes it, e.g. ``numpy.frombuffer(mask, dtype=numpy.uint8)``.

        Raises:
            UsageError: ``player`` is not a seat.

        >>> import cardwars
        >>> state = cardwars.load_game("aliwar", allow_null_switch=True).new_game(seed=42)
        >>> mask = state.action_mask(1)
        >>> len(mask), [a for a, legal in enumerate(mask) if legal] == list(range(16))
        (277, True)
        """
        mask = bytearray(len(self._action_space))
        for action in self._actions_of(player)[1]:
            mask[action] = 1
        return bytes(mask)

    def apply_actions(self, actions: Mapping[int, int]) -> None:
        """Perform one step from an action (an int) per polled seat: :meth:`apply` on ints.

        Validated and atomic exactly like :meth:`apply`: the mapping is read once,
        every action must be an ``int`` (not a bool) among the seat's
        :meth:`legal_actions`, and the state performs and records in :attr:`history`
        its own legal move objects. The events are not returned; read them from
        :attr:`last_events`. Clone War's automatic step is ``apply_actions({})``.

        Raises:
            IllegalMoveError: the game is over, ``actions`` cannot be read as a
                mapping of int seats, a polled seat has no action, an unpolled
                seat has one, or an action is not an int, out of range or not
                legal. The message names the seat, the action (and the move it
                stands for) and the legal actions. The state is left exactly as
                it was.

        >>> import cardwars
        >>> state = cardwars.load_game("aliwar").new_game(seed=42)
        >>> state.apply_actions({0: 0, 1: 276})
        Traceback (most recent call last):
        ...
        cardwars.errors.IllegalMoveError: seat 1 may not play action 276 (Decline()) in phase ...
        >>> state.apply_actions({0: 0, 1: 14})
        >>> state.history[-1]
        {0: Switch(a=0, b=1), 1: Switch(a=4, b=5)}
        """
        ordered = self._own_actions(actions)
        self._last_events = self._apply(ordered)
        self._history.append(ordered)

    def _own_actions(self, actions: object) -> dict[int, Move]:
        """The state's own legal move object for each seat's given action, in seat order; or
        raise :class:`IllegalMoveError` as :meth:`apply_actions` documents, changing nothing."""
        given = self._read_step(actions, "apply_actions", "action")
        ordered: dict[int, Move] = {}
        for seat in sorted(given):
            action = given[seat]
            legal, legal_actions = self._actions_of(seat)
            try:
                if type(action) is not int:
                    raise ValueError
                ordered[seat] = legal[legal_actions.index(action)]
            except ValueError:
                raise IllegalMoveError(self._illegal_action(seat, action, legal_actions)) from None
        return ordered

    def _illegal_action(self, seat: int, action: object, legal: tuple[int, ...]) -> str:
        """The message of an action ``seat`` may not play; never raises."""
        space = self._action_space
        if type(action) is not int:
            what = (
                f"{shown(action)} ({type_name(action)}, not a plain int action; "
                "int() converts a NumPy integer)"
            )
        elif not 0 <= action < len(space):
            what = f"action {action}, outside {space._range_text()}"
        else:
            what = f"action {action} ({space.move(action)!r})"
        listed = ", ".join(map(str, legal))
        return (
            f"seat {seat} may not play {what} in phase {self.phase.name}; legal actions: [{listed}]"
        )

    def _read_step(self, moves: object, method: str, thing: str) -> dict[int, object]:
        """Read a step's mapping once: int seats, exactly the polled ones; or raise."""
        if type(moves) is dict:
            is_mapping = True  # the common case, and a dict's items() runs no caller code
        else:
            try:
                is_mapping = isinstance(moves, Mapping)
            except Exception:
                is_mapping = False
        if not is_mapping:
            raise IllegalMoveError(
                f"{method}() takes a mapping of seat -> {thing}, got {type_name(moves)}"
            )
        if self.is_over:
            raise IllegalMoveError(f"the game is over ({self.result}); no {thing} is accepted")
        assert isinstance(moves, Mapping)
        try:
            items = [(seat, move) for seat, move in moves.items()]
        except Exception as exc:
            raise IllegalMoveError(
                f"{method}() could not read the mapping of seat -> {thing} "
                f"({type_name(moves)}): {type_name(exc)}"
            ) from exc
        for seat, _ in items:
            if type(seat) is not int:
                raise IllegalMoveError(
                    f"{method}() takes int seats 0..{self.players - 1} as keys, "
                    f"got the key {shown(seat)} ({type_name(seat)})"
                )
        given = dict(items)
        if len(given) != len(items):
            raise IllegalMoveError(
                f"{method}() got the same seat twice from the mapping's items(); "
                f"it needs exactly one {thing} per seat"
            )
        polled = self.to_act
        if given.keys() != polled:
            missing = sorted(polled - given.keys())
            extra = sorted(given.keys() - polled)
            parts = []
            if missing:
                parts.append(f"no {thing} for polled seat(s) {missing}")
            if extra:  # described: a key may be an int too long for str()
                listed = ", ".join(describe(seat) for seat in extra[:8])
                parts.append(f"{thing}(s) for seat(s) [{listed}] that are not polled")
            raise IllegalMoveError(
                f"{'; '.join(parts)} in phase {self.phase.name}: {method}() needs exactly one "
                f"{thing} for each seat of to_act = {sorted(polled)}"
            )
        return given

    def apply(self, moves: Mapping[int, Move]) -> tuple[Event, ...]:
        """Perform one step: a move for every seat in :attr:`to_act`, all at once.

        The mapping is read once. Each given move must be of exactly the type of
        one of the seat's :meth:`legal_moves` and hold the same field values; the
        state then performs (and records in :attr:`history`) its own legal move
        object, never the caller's.

        Raises:
            IllegalMoveError: the game is over, ``moves`` cannot be read as a
                mapping of int seats, a polled seat has no move, an unpolled
                seat has one, or a move is not legal. The state is left exactly
                as it was.
        """
        ordered = self._own_moves(moves)
        events = self._apply(ordered)
        self._history.append(ordered)
        self._last_events = events
        return events

    def _own_moves(self, moves: object) -> dict[int, Move]:
        """The state's own legal move object for each seat's given move, in seat order; or
        raise :class:`IllegalMoveError` as :meth:`apply` documents, changing nothing."""
        given = self._read_step(moves, "apply", "move")
        ordered: dict[int, Move] = {}
        for seat in sorted(given):
            move = given[seat]
            legal = self.legal_moves(seat)
            own = matching_move(move, legal)
            if own is None:
                listed = ", ".join(map(repr, legal))
                raise IllegalMoveError(
                    f"seat {seat} may not play {shown(move)} in phase {self.phase.name}; "
                    f"legal moves: {listed}"
                )
            ordered[seat] = own
        return ordered

    def _check_seat(self, player: int) -> None:
        """Raise UsageError unless ``player`` is a seat: a plain ``int`` (not a bool, not an
        int subclass, whose methods are never called) from 0 to ``players - 1``."""
        if type(player) is not int:
            raise UsageError(
                f"a seat is an int 0..{self.players - 1} (a plain int, not a bool or an int "
                f"subclass), got {describe(player)} ({type_name(player)})"
            )
        if not 0 <= player < self.players:
            raise UsageError(f"seat must be 0..{self.players - 1}, got {describe(player)}")

    @staticmethod
    def _check_rng(rng: object) -> None:
        """Raise UsageError unless ``rng`` is a :class:`cardwars.Rng` (of either backend)."""
        if type(rng) not in _rng_types():
            raise UsageError(f"rng must be a cardwars.Rng, got {describe(rng)}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, GameState)
        return self._snapshot() == other._snapshot()

    __hash__ = None  # type: ignore[assignment]  # mutable

    # --- the copy module -----------------------------------------------------------
    def __copy__(self) -> Self:
        """``copy.copy(state)`` is :meth:`copy`: a shallow copy would share piles and hands."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """``copy.deepcopy(state)`` is :meth:`copy` as well (the RNG is copied, never shared)."""
        return self.copy()


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
        factory = self.agents.get(name) if isinstance(name, str) else None
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
        return len(agents) == self.players and all(
            isinstance(agent, str) and agent in self.batch_agents for agent in agents
        )

    def run_batch(
        self, agents: Sequence[str], seed: int, start: int, count: int
    ) -> dict[str, array[int]]:
        """Play games ``start .. start+count-1`` in the whole-game loop (:meth:`supports_batch`).

        Game ``k`` is dealt from ``derive_seed(seed, k)`` and is exactly the game
        :func:`play` plays with the same built-in agents from that seed.

        Returns:
            ``array.array`` columns, at least ``"length"``, ``"winner"`` (seat or -1)
            and ``"termination"`` (an index into :attr:`terminations`).

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


def _rng_types() -> tuple[type, ...]:
    """The Rng classes of both backends (a state may be asked with either)."""
    from cardwars._kernels import pure

    compiled = sys.modules.get("cardwars._kernels._core")
    return (pure.Rng, _kernels.kernels.Rng, *(() if compiled is None else (compiled.Rng,)))


def _agent_rng(seed: int, seat: int) -> Rng:
    kernels = _kernels.kernels
    rng: Rng = kernels.Rng(kernels.derive_seed(seed, 1 + seat))
    return rng


def resolve_agents(game: Game[Any, Any], agents: Sequence[Agent | str]) -> list[Agent]:
    """Turn agent names into built-in agents and check there is one agent per seat."""
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise UsageError(
            f"agents must be a sequence with one agent per seat, got {describe(agents)}"
        )
    if len(agents) != game.players:
        raise UsageError(
            f"{game.name} with {game.players} players needs {game.players} agents, "
            f"got {len(agents)}"
        )
    resolved: list[Agent] = []
    for seat, agent in enumerate(agents):
        if isinstance(agent, str):
            resolved.append(game.make_agent(agent))
        elif isinstance(agent, Agent):
            resolved.append(agent)
        else:
            raise UsageError(
                f"agent for seat {seat} must be a name or have a choose() method, "
                f"got {describe(agent)}"
            )
    return resolved


def play(
    game: Game[Any, StateT],
    agents: Sequence[Agent | str],
    *,
    seed: int | None = None,
    on_step: Callable[[StateT, tuple[Event, ...]], None] | None = None,
) -> StateT:
    """Play one whole game and return its final state.

    Seat ``s``'s agent draws from ``Rng(derive_seed(state.seed, 1 + s))``; the
    agents of a simultaneous decision are asked in ascending seat order, each
    seeing only its own observation.

    Args:
        game: the game to play.
        agents: one :class:`Agent` or built-in agent name per seat.
        seed: the deal; None picks a fresh random seed (recorded in the state).
        on_step: called after every step with the state and that step's events.

    >>> import cardwars
    >>> final = cardwars.play(cardwars.load_game("clone-war"), ["random", "random"], seed=7)
    >>> final.is_over
    True
    """
    resolved = resolve_agents(game, agents)
    state = game.new_game(seed)
    rngs = [_agent_rng(state.seed, seat) for seat in range(game.players)]
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
            if on_step is not None:
                on_step(state, state.last_events)
            continue
        moves = {
            seat: resolved[seat].choose(
                state.observation(seat), state.legal_moves(seat), rngs[seat]
            )
            for seat in polled
        }
        events = state.apply(moves)
        if on_step is not None:
            on_step(state, events)
    return state
