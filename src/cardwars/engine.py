"""The game protocol shared by all three games, and the driver :func:`play`.

A game is a :class:`Game` (its rules and player count) that deals
:class:`GameState` objects. A state *rests* in one of three ways (RULINGS §4.5):

* it is over (:attr:`GameState.is_over`);
* it waits for the moves of the seats in :attr:`GameState.to_act`, all at once
  (a simultaneous decision when several seats are polled);
* it waits for an automatic step (``to_act`` is empty; Clone War only), which
  ``apply({})`` performs.

:meth:`GameState.apply` takes one move per polled seat, validates every one of
them before anything changes, performs them and every automatic consequence up
to the next resting point, and returns the typed :class:`Event` objects of
that step, so a front end can animate without diffing states.
"""

from __future__ import annotations

import abc
import enum
import secrets
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from cardwars import _kernels
from cardwars.errors import IllegalMoveError, RulesError, UsageError

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardwars._kernels.pure_rng import Rng

__all__ = [
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
    >>> isinstance(move, Move), move == aliwar.Switch(1, 3)
    (True, True)
    """

    __slots__ = ()


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
        termination: why the game ended, one of the names in RULINGS
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


class GameState(abc.ABC, Generic[PhaseT]):
    """A position of a game: god's-eye, mutable through :meth:`apply` only.

    Subclasses implement the ``_``-prefixed hooks; :meth:`apply` here owns the
    validation that makes every step atomic.

    >>> import cardwars
    >>> state = cardwars.load_game("aliwar").new_game(seed=42)
    >>> state.phase.name, sorted(state.to_act), state.is_over
    ('SWITCH', [0, 1], False)
    >>> copy = state.copy()
    >>> _ = state.apply({0: state.legal_moves(0)[0], 1: state.legal_moves(1)[0]})
    >>> state == copy, len(state.history)
    (False, 1)
    """

    __slots__ = ("_history",)

    game_name: ClassVar[str]

    def __init__(self) -> None:
        self._history: list[dict[int, Move]] = []

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
        try:
            is_mapping = isinstance(moves, Mapping)
        except Exception:
            is_mapping = False
        if not is_mapping:
            raise IllegalMoveError(
                f"apply() takes a mapping of seat -> move, got {_type_name(moves)}"
            )
        if self.is_over:
            raise IllegalMoveError(f"the game is over ({self.result}); no move is accepted")
        try:
            items = [(seat, move) for seat, move in moves.items()]
        except Exception as exc:
            raise IllegalMoveError(
                f"apply() could not read the mapping of seat -> move ({_type_name(moves)}): "
                f"{_type_name(exc)}"
            ) from exc
        for seat, _ in items:
            if type(seat) is not int:
                raise IllegalMoveError(
                    f"apply() takes int seats 0..{self.players - 1} as keys, "
                    f"got the key {_shown(seat)} ({_type_name(seat)})"
                )
        given = dict(items)
        if len(given) != len(items):
            raise IllegalMoveError(
                "apply() got the same seat twice from the mapping's items(); "
                "it needs exactly one move per seat"
            )
        polled = self.to_act
        missing = sorted(polled - given.keys())
        extra = sorted(given.keys() - polled)
        if missing or extra:
            parts = []
            if missing:
                parts.append(f"no move for polled seat(s) {missing}")
            if extra:
                parts.append(f"move(s) for seat(s) {extra} that are not polled")
            raise IllegalMoveError(
                f"{'; '.join(parts)} in phase {self.phase.name}: apply() needs exactly one move "
                f"for each seat of to_act = {sorted(polled)}"
            )
        ordered: dict[int, Move] = {}
        for seat in sorted(given):
            move = given[seat]
            legal = self.legal_moves(seat)
            own = _matching_move(move, legal)
            if own is None:
                shown = ", ".join(map(repr, legal))
                raise IllegalMoveError(
                    f"seat {seat} may not play {_shown(move)} in phase {self.phase.name}; "
                    f"legal moves: {shown}"
                )
            ordered[seat] = own
        events = self._apply(ordered)
        self._history.append(ordered)
        return events

    def _check_seat(self, player: int) -> None:
        if isinstance(player, bool) or not isinstance(player, int):
            raise UsageError(f"a seat is an int 0..{self.players - 1}, got {player!r}")
        if not 0 <= player < self.players:
            raise UsageError(f"seat must be 0..{self.players - 1}, got {player!r}")

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


# --- matching a caller's move against the legal ones, without running caller code ---------
_PLAIN_TYPES: frozenset[type] = frozenset({int, bool, float, complex, str, bytes})
_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def _type_name(obj: object) -> str:
    """The name of ``obj``'s type, for messages; never raises."""
    try:
        name = type(obj).__name__
    except Exception:
        return "object"
    return name if type(name) is str else "object"


def _shown(obj: object) -> str:
    """``repr(obj)`` for a message, or its type name when that repr fails; never raises."""
    try:
        return repr(obj)
    except Exception:
        return f"<{_type_name(obj)} object>"


def _field_names(cls: type) -> tuple[str, ...] | None:
    """The dataclass field names of ``cls`` (an engine type), or None if it is no dataclass."""
    try:
        return _FIELD_NAMES[cls]
    except KeyError:
        pass
    try:
        names: tuple[str, ...] | None = tuple(f.name for f in fields(cls))
    except TypeError:
        names = None
    _FIELD_NAMES[cls] = names
    return names


def _same_value(own: object, given: object) -> bool:
    """True if ``given`` is exactly ``own``'s type and holds the same values, recursively.

    ``own`` comes from the engine and is trusted; ``given`` comes from the caller,
    and none of its methods is called (its fields are read through the engine
    type's own slots), so a hostile ``__eq__``, ``__hash__`` or attribute can neither
    make a match nor raise.
    """
    if own is given:
        return True
    cls = type(own)
    if type(given) is not cls:
        return False
    if cls in _PLAIN_TYPES:
        return bool(own == given)
    if isinstance(own, enum.Enum):
        return False  # members are singletons: only ``own`` itself is equal
    if cls is tuple:
        assert isinstance(own, tuple) and isinstance(given, tuple)
        return len(own) == len(given) and all(map(_same_value, own, given))
    names = _field_names(cls)
    if names is None:  # a game's own non-dataclass type: its (engine) __eq__ decides
        try:
            return (own == given) is True
        except Exception:
            return False
    for name in names:
        try:
            mine = object.__getattribute__(own, name)
            theirs = object.__getattribute__(given, name)
        except Exception:
            return False
        if not _same_value(mine, theirs):
            return False
    return True


def _matching_move(given: object, legal: tuple[Move, ...]) -> Move | None:
    """The engine's own move in ``legal`` that ``given`` stands for, or None."""
    for own in legal:
        if own is given:
            return own
    for own in legal:
        if _same_value(own, given):
            return own
    return None


RulesT = TypeVar("RulesT")


class Game(abc.ABC, Generic[RulesT]):
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
    """Every move class of the game, for records and front ends."""
    rules_file: ClassVar[str]
    """The file of the game's numbered clauses (``seeds/`` in the source tree)."""
    text: ClassVar[GameText]
    """The game's terminal text (move notation, boards, event lines), a :class:`GameText`."""
    agents: ClassVar[Mapping[str, Callable[[], Agent]]]
    """The built-in agents by name (``"random"``, ``"greedy"``), as factories."""
    batch_agents: ClassVar[frozenset[str]] = frozenset()
    """The built-in agents the compiled whole-game loop plays (by name)."""

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
    def _deal(self, seed: int) -> GameState[Any]:
        """The state at its first resting point, dealt from ``seed``."""

    def new_game(self, seed: int | None = None) -> GameState[Any]:
        """Deal a new game from ``seed`` (an int in [0, 2**64)); None picks a fresh random seed.

        Raises:
            ValueError: the seed is out of range.
        """
        if seed is None:
            seed = secrets.randbits(64)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise ValueError(f"seed must be an int in [0, 2**64), got {seed!r}")
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
                    f"{cls.name} is for exactly {cls.min_players} players, got {players!r}"
                )
            return cls(rules=rules)  # type: ignore[call-arg]
        if players is None:
            players = cls.min_players
        return cls(players=players, rules=rules)  # type: ignore[call-arg]

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
                f"unknown agent {name!r} for {self.name}; "
                f"the built-in agents are: {', '.join(self.agents)}"
            )
        return factory()

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
                f"{sorted(self.batch_agents)} under the rules it implements; got {agents!r} "
                f"for {self!r}"
            )

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.players}, rules={self.rules!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Game)
        return bool(self.players == other.players and self.rules == other.rules)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.players, self.rules))


def check_players(game: str, players: object, low: int, high: int) -> int:
    """Validate a player count, raising :class:`RulesError` that names the allowed range."""
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise RulesError(f"{game} is for {low} to {high} players, got players={players!r}")
    return players


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
    """What each game's ``text`` module offers a terminal front end (:attr:`Game.text`).

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


def _agent_rng(seed: int, seat: int) -> Rng:
    kernels = _kernels.kernels
    rng: Rng = kernels.Rng(kernels.derive_seed(seed, 1 + seat))
    return rng


def resolve_agents(game: Game[Any], agents: Sequence[Agent | str]) -> list[Agent]:
    """Turn agent names into built-in agents and check there is one agent per seat."""
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise UsageError(f"agents must be a sequence with one agent per seat, got {agents!r}")
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
                f"agent for seat {seat} must be a name or have a choose() method, got {agent!r}"
            )
    return resolved


def play(
    game: Game[Any],
    agents: Sequence[Agent | str],
    *,
    seed: int | None = None,
    on_step: Callable[[GameState[Any], tuple[Event, ...]], None] | None = None,
) -> GameState[Any]:
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
    while not state.is_over:
        moves = {
            seat: resolved[seat].choose(
                state.observation(seat), state.legal_moves(seat), rngs[seat]
            )
            for seat in sorted(state.to_act)
        }
        events = state.apply(moves)
        if on_step is not None:
            on_step(state, events)
    return state
