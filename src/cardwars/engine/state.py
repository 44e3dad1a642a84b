"""The god's-eye :class:`GameState` every game's ``State`` derives from (:doc:`/api/engine`)."""

from __future__ import annotations

import abc
import enum
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from cardwars import backend
from cardwars.actions import (
    ActionSpace,
    illegal_move,
    legal_documents,
    matching_move,
    shown,
    type_name,
)
from cardwars.engine.bases import Event, Move, Observation, Result
from cardwars.engine.timeline import Timeline
from cardwars.errors import IllegalMoveError, UsageError, describe

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardwars.core_rng import Rng

__all__ = ["GameState", "PhaseT"]

PhaseT = TypeVar("PhaseT", bound=enum.Enum)


class GameState(Timeline, abc.ABC, Generic[PhaseT]):
    """A position of a game: god's-eye, mutable through :meth:`apply` only.

    Subclasses implement the ``_``-prefixed hooks; :meth:`apply` here owns the
    validation that makes every step atomic. Not thread-safe: give each thread its own
    :meth:`copy` (:doc:`/reliability`).

    >>> import cardwars
    >>> state = cardwars.load_game("aliwar").new_game(seed=42)
    >>> state.phase.name, sorted(state.to_act), state.is_over
    ('SWITCH', [0, 1], False)
    >>> copy = state.copy()
    >>> _ = state.apply({0: state.legal_moves(0)[0], 1: state.legal_moves(1)[0]})
    >>> state == copy, len(state.history)
    (False, 1)
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
        """Give ``other`` (a copy being built) this state's history and last events: for a
        game whose state is plain Python (:mod:`cardwars.authoring`), in its ``copy()``."""
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
        """The seats whose moves :meth:`apply` needs now; none while automatic, or at the end."""

    @abc.abstractmethod
    def legal_moves(self, player: int) -> tuple[Move, ...]:
        """The legal moves of ``player``, canonically ordered (empty if not polled)."""

    @abc.abstractmethod
    def observation(self, player: int) -> Observation:
        """Exactly what ``player`` may know now, as a frozen value."""

    def information(self, player: int) -> Observation:
        """What ``player`` knows by the rules: the observation the engine gives agents.

        :func:`~cardwars.engine.play`, :class:`~cardwars.table.Table` and the Gymnasium env's
        opponents ask an agent's :meth:`~cardwars.engine.Agent.choose` with this. It is
        :meth:`observation` itself unless a game's rules let the views show less than
        a player remembers (Aliwar's ``view_recall="face_up_only"``, for front ends
        whose players remember for themselves): an agent plays with the rules'
        information whatever the views display.
        """
        return self.observation(player)

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
    # Every game keeps its deal's seed, its result and its rules in these attributes.
    _seed: int
    _result: Result | None
    _rules: Any

    @property
    def rules(self) -> Any:
        """The rules options this state is played under (its game's ``Rules``; records
        write them). A game's state may narrow the type.

        >>> import cardwars
        >>> cardwars.load_game("clone-war", max_battles=50).new_game(seed=1).rules.max_battles
        50
        """
        return self._rules

    @property
    def hand_built(self) -> bool:
        """True for a hand-built start (a record then writes its position, from
        :meth:`_position_data`), False for a deal from a seed."""
        return False

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
        """The events of the last step, by :meth:`apply` or :meth:`apply_actions` (``()`` before);
        a copy has those of its original."""
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

        Validated and atomic exactly like :meth:`apply`; every action must be an ``int`` (not a
        bool) among the seat's :meth:`legal_actions`. The events are not returned: read
        :attr:`last_events`. Clone War's automatic step is ``apply_actions({})``.

        Raises:
            IllegalMoveError: as :meth:`apply`, for an action that is not an int, out of range or
                not legal too; the message names the action and the move it stands for.

        >>> import cardwars
        >>> state = cardwars.load_game("aliwar").new_game(seed=42)
        >>> state.apply_actions({0: 0, 1: 276})
        Traceback (most recent call last):
        ...
        cardwars.errors.IllegalMoveError: seat 1 cannot play action 276 (decline) in phase ...; ...
        >>> state.apply_actions({0: 0, 1: 14})
        >>> state.history[-1]
        {0: Switch(a=0, b=1), 1: Switch(a=4, b=5)}
        """
        ordered = self._own_step(actions, numbered=True)
        self._last_events = self._apply(ordered)
        self._history.append(ordered)

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
            # The fields: the first seat at fault, and its legal moves if it is polled.
            seat = missing[0] if missing else extra[0]
            legal: tuple[Move, ...] = ()
            actions: tuple[int, ...] = ()
            if missing and thing == "action":  # one read: another thread may step between two
                legal, actions = self._actions_of(seat)
            elif missing:
                legal = self.legal_moves(seat)
            raise IllegalMoveError(
                f"{'; '.join(parts)} in phase {self.phase.name}: {method}() needs exactly one "
                f"{thing} for each seat of to_act = {sorted(polled)}",
                seat=seat,
                legal=tuple(str(move) for move in legal),
                legal_wire=legal_documents(legal),
                legal_actions=actions,
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
                seat has one, or a move is not legal. The message names the seat,
                the move and the legal moves by their labels; the error's fields
                say the same (:class:`~cardwars.errors.IllegalMoveError`). The
                state is left exactly as it was.
        """
        ordered = self._own_step(moves, numbered=False)
        events = self._apply(ordered)
        self._history.append(ordered)
        self._last_events = events
        return events

    def _own_step(self, step: object, numbered: bool) -> dict[int, Move]:
        """The state's own legal move object for each seat's given action (``numbered``, as
        :meth:`apply_actions` reads it) or move (:meth:`apply`), in seat order; or raise
        :class:`IllegalMoveError` as those methods document, changing nothing."""
        thing = "action" if numbered else "move"
        given = self._read_step(step, "apply_actions" if numbered else "apply", thing)
        ordered: dict[int, Move] = {}
        for seat in sorted(given):
            value = given[seat]
            actions: tuple[int, ...] | None = None
            if numbered:
                legal, actions = self._actions_of(seat)
                own = (
                    legal[actions.index(value)] if type(value) is int and value in actions else None
                )
            else:
                legal = self.legal_moves(seat)
                own = matching_move(value, legal)
            if own is None:
                space = getattr(type(self), "_action_space", None)  # a caller's game may lack one
                phase = self.phase.name
                raise illegal_move(seat, value, legal, space, phase=phase, legal_actions=actions)
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
        if type(rng) is not backend.core.Rng and type(rng) not in _rng_types():  # (fast first)
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


def _rng_types() -> tuple[type, ...]:
    """The Rng classes of both backends (a state may be asked with either)."""
    from cardwars import core

    compiled = sys.modules.get("cardwars._core")
    return (core.Rng, backend.core.Rng, *(() if compiled is None else (compiled.Rng,)))
