"""The typed face of a state whose rules run in its game's machine (:doc:`/api/engine`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from cardwars import backend
from cardwars.actions import mask_of
from cardwars.engine import Event, GameState, Move
from cardwars.engine.bases import Result
from cardwars.engine.state import PhaseT
from cardwars.errors import CardwarsError, UsageError, _type_name, describe
from cardwars.exclusive import busy_error

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardwars.core_rng import Rng

__all__ = ["Machine", "MachineState"]


class Machine(Protocol):
    """What :class:`MachineState` needs of a game's machine, on either backend.

    A machine is a position as small ints with its rule steps: ``AliwarMachine``,
    ``CloneWarMachine`` and ``GuerrillaMachine``, each defined once in its game's rule
    module ``machine.py`` (compiled or interpreted). mypy checks each against this
    protocol (``tests/typing/machine_contracts.py``).

    >>> import cardwars
    >>> machine = cardwars.load_game("clone-war").new_game(seed=1).machine
    >>> machine.steps, machine.to_act, machine.over
    (0, frozenset(), False)
    """

    @property
    def phase(self) -> int:
        """The phase, as the game's phase index."""

    @property
    def to_act(self) -> frozenset[int]:
        """The seats polled now."""

    @property
    def over(self) -> bool:
        """True once the game has ended."""

    @property
    def steps(self) -> int:
        """Steps applied so far."""

    @property
    def rng_state(self) -> int:
        """The game RNG's state."""

    def legal_actions(self, seat: int) -> tuple[int, ...]:
        """A seat's legal actions (ValueError for a seat that is not a plain int seat)."""

    def legal_moves(self, seat: int, own: tuple[Move, ...]) -> tuple[Move, ...]:
        """``own[a]`` for each legal action ``a`` of ``seat``."""

    def apply_actions(self, actions: object) -> bool:
        """Perform a step given exactly right as ``{seat: action}``; else change nothing."""

    def apply_moves(self, moves: object, keys: object) -> bool:
        """:meth:`apply_actions` from move objects, each found by ``keys`` (the space's
        ``MoveKeys`` of this backend; anything else: False): the face's own objects by
        identity, equal values a caller built by their fields."""

    def apply_keyed(self, actions: object, keys: tuple[object, ...], wait: bool = ...) -> bool:
        """:meth:`apply_actions` with each seat's action found under its key (``wait``: a seat
        not polled may have no entry or the wait action, ``num_actions``)."""

    def history(self) -> tuple[tuple[int, ...], ...]:
        """Every step's actions, -1 for a seat that was not polled."""

    def key(self) -> tuple[object, ...]:
        """Everything that defines the position, as ints: each game's NamedTuple, read by
        field name."""

    def copy(self) -> Self:
        """An independent copy."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling: the machine's restore function and its key, every value checked."""


class MachineState(GameState[PhaseT]):
    """A state over its game's machine ``_m``: a step is one call into it.

    >>> import cardwars
    >>> from cardwars.engine.machine_state import MachineState
    >>> state = cardwars.load_game("clone-war").new_game(seed=1)
    >>> isinstance(state, MachineState), state.machine.steps
    (True, 0)
    >>> _ = state.apply({})  # one call into the machine: one battle
    >>> state.machine.steps, len(state.history)
    (1, 1)
    """

    __slots__ = ("_events", "_hand_built", "_m", "_result", "_seed")

    _m: Machine  # the game's machine (compiled or interpreted); each game narrows the contract
    _events: tuple[int, tuple[Event, ...]] | None  # (the machine's step count, its events)

    _phases: ClassVar[tuple[Any, ...]]
    """The game's ``Phase`` members, by the machine's phase number."""

    _hand_built: bool  # built from a position, not dealt (records read it)

    def __init__(
        self, rules: Any, seed: int, machine: Machine, hand_built: bool, start: Any = None
    ) -> None:
        """Private: each game's constructors build its states."""
        self._m = machine
        self._rules = rules
        self._seed = seed
        self._hand_built = hand_built
        self._result = None
        self._events = None
        self._mark_start(start)

    def copy(self) -> Self:
        """An independent copy, RNG state and history included."""
        other = object.__new__(type(self))
        other._m = self._m.copy()
        other._rules = self._rules
        other._seed = self._seed
        other._hand_built = self._hand_built
        other._result = self._result
        other._events = self._events
        other._start = self._start  # never stepped itself, so safe to share
        other._feed = None
        return other

    def _snapshot(self) -> tuple[Any, ...]:
        return (self._rules, self._seed, self._hand_built, self._m.key())

    def __reduce__(self) -> tuple[Any, ...]:
        # The machine pickles itself; the caches are rebuilt (they hold the action
        # space's own move objects, which a pickle would copy).
        args = (self._rules, self._seed, self._m, self._hand_built, self._start)
        return (type(self), args, *self._past_state())

    def _past_state(self) -> tuple[tuple[None, dict[str, Any]], ...]:
        """The pickle's state of a determinized copy's start: its public past (else nothing)."""
        past = getattr(self, "_past", None)
        return () if past is None else ((None, {"_past": past}),)

    def _make_result(self) -> Result:
        """The result of the game the machine has ended (each game reads its own fields)."""
        raise NotImplementedError

    # --- the face properties every game reads off its machine ---------------------
    @property
    def phase(self) -> PhaseT:
        """The phase the state rests in (the game's ``Phase``; ``OVER`` once it has ended)."""
        phase: PhaseT = self._phases[self._m.phase]
        return phase

    @property
    def to_act(self) -> frozenset[int]:
        """The seats polled now, whose moves :meth:`apply` needs (the game's page says when
        each seat is polled); empty while the step is automatic, and at the end."""
        return self._m.to_act

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._m.over

    @property
    def result(self) -> Result | None:
        """The :class:`~cardwars.engine.Result` once the game is over, else None."""
        if self._result is None and self._m.over:
            self._result = self._make_result()
        return self._result

    @property
    def rng(self) -> Rng:
        """A copy of the game RNG, at its current point (never shown in an observation)."""
        rng: Rng = backend.core.Rng(self._m.rng_state)
        return rng

    @property
    def machine(self) -> Machine:
        """The state's own machine (not a copy) through its typed contract, the fast path of
        integer actions for search (:mod:`cardwars.ismcts`). Stepping it steps this state."""
        return self._m

    def _decode_last_step(self) -> tuple[Event, ...]:
        """The last step's events as objects (``()`` before the first step), ``GameOver``
        last once over: each game's face asks its machine with the game's bundle of event
        classes (its ``bridge`` NamedTuple, whose type is the game's, not the contract's)."""
        raise NotImplementedError

    def legal_actions(self, player: int) -> tuple[int, ...]:
        """The actions of :meth:`~cardwars.engine.GameState.legal_moves`, in their order.

        Raises:
            UsageError: ``player`` is not a seat.
        """
        try:  # the machine takes plain int seats only; the face names a refusal
            actions: tuple[int, ...] = self._m.legal_actions(player)
        except ValueError:
            self._check_seat(player)
            raise
        return actions

    def _actions_of(self, player: int) -> tuple[tuple[Move, ...], tuple[int, ...]]:
        """``(legal_moves(player), legal_actions(player))`` from one read of the machine: two
        reads could straddle another thread's step and disagree (the moves are the action
        space's own, as ``legal_moves`` gives them)."""
        actions = self.legal_actions(player)
        moves = self._action_space.moves
        return tuple([moves[action] for action in actions]), actions

    def action_mask(self, player: int) -> bytes:
        """``num_actions`` bytes: 1 where the action is legal for ``player``, else 0.

        Raises:
            UsageError: ``player`` is not a seat.
        """
        return mask_of(len(self._action_space), self.legal_actions(player))

    def apply_actions(self, actions: Mapping[int, int]) -> None:
        """:meth:`GameState.apply_actions <cardwars.engine.GameState.apply_actions>`; the events
        are built when :attr:`last_events` is first read.

        Raises:
            IllegalMoveError: as for the base method; the state is left unchanged.
        """
        if not self._m.apply_actions(actions):
            self._apply_checked(self._own_step(actions, numbered=True))

    def apply(self, moves: Mapping[int, Move]) -> tuple[Event, ...]:
        """Perform one step (:meth:`GameState.apply <cardwars.engine.GameState.apply>`).

        Raises:
            IllegalMoveError: as for the base method; the state is left unchanged.
        """
        m = self._m
        # One call: the machine finds each move's action in the space's keys (the state's
        # own objects by identity, equal moves a caller built by their fields; no code of
        # the caller's runs) and checks the step at its commit. Anything it refuses (or a
        # space whose keys are not made yet) takes the checked path, which explains.
        if not m.apply_moves(moves, self._action_space._keyer):
            self._apply_checked(self._own_step(moves, numbered=False))
        events = self._decode_last_step()
        self._events = (m.steps, events)
        return events

    def _read_step(self, moves: object, method: str, thing: str) -> dict[int, object]:
        """The base read, holding the machine while a mapping other than a ``dict`` is read:
        its ``items()`` is the caller's code, and a step or undo from it is refused. (The
        machines of cardwars' games have ``claim()`` and ``release()``; a machine without
        them, a plugin's, has the step refused after the read instead.)"""
        if type(moves) is dict:
            return super()._read_step(moves, method, thing)
        m = self._m
        steps = m.steps
        claim = getattr(m, "claim", None)
        if claim is not None:
            claim()
        try:
            given = super()._read_step(moves, method, thing)
        finally:
            if claim is not None:
                m.release()  # type: ignore[attr-defined]
        if self._m is not m or m.steps != steps:  # stepped or undone meanwhile
            raise busy_error()
        return given

    def undo(self) -> None:
        """:meth:`GameState.undo <cardwars.engine.GameState.undo>`, refused while a step
        reads a caller's value (from that value's callbacks) or another thread steps (on a
        machine with ``claim()``, as every game of cardwars has).

        Raises:
            UsageError: as for the base method, or the state is in the middle of a step.
        """
        m = self._m
        claim = getattr(m, "claim", None)
        if claim is None:
            super().undo()
            return
        claim()
        try:
            super().undo()
        finally:
            m.release()  # type: ignore[attr-defined]

    def apply_keyed(self, actions: object, keys: tuple[str, ...], wait: bool = False) -> bool:
        """Perform one step with each polled seat's action found under its key, if it can.

        Seat ``s`` plays ``actions[keys[s]]``; other entries are ignored. Returns True when
        ``actions`` is a ``dict`` giving every polled seat a plain ``int`` among its
        :meth:`legal_actions` and the step was performed; else False, changing nothing (the
        checked :meth:`apply_actions` says what is wrong). The Parallel PettingZoo env's step.
        With ``wait`` (Aliwar, Guerrilla) a seat not polled may have no entry or the wait
        action ``game.num_actions``; any other entry of it gives False too.

        Raises:
            UsageError: ``keys`` is not a tuple of one key per seat, ``wait`` not a bool,
                a key cannot be looked up (its ``__hash__`` or ``__eq__`` raised), or the
                state is in the middle of another step.
        """
        if type(wait) is not bool:
            raise UsageError(f"wait must be True or False, got {describe(wait)}")
        try:
            done: bool = self._m.apply_keyed(actions, keys, wait)
        except CardwarsError:
            raise
        except Exception as exc:  # keys of another kind (checked first), or a key's own code
            n = self.players
            if type(keys) is not tuple or len(keys) != n:
                raise UsageError(
                    f"keys must be a tuple of {n} keys, one per seat, got {describe(keys)}"
                ) from None
            raise UsageError(
                f"apply_keyed() could not look up an action by its key: {_type_name(exc)}"
            ) from exc
        return done

    def _apply(self, moves: dict[int, Move]) -> tuple[Event, ...]:
        self._apply_checked(moves)
        return self.last_events

    def _apply_checked(self, moves: dict[int, Move]) -> None:
        """Step the machine with the state's own legal moves (the engine checked them); the
        machine checks them again at the commit, as a callback of the caller's values or
        another thread may have stepped it since: then UsageError."""
        space = self._action_space
        if not self._m.apply_actions({seat: space.action(m) for seat, m in moves.items()}):
            raise busy_error()

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The events of the last step (``()`` before the first), built on first access."""
        step = self._m.steps
        if step == 0:
            return ()
        cached = self._events
        if cached is None or cached[0] != step:
            cached = self._events = (step, self._decode_last_step())
        return cached[1]

    @property
    def history(self) -> tuple[Mapping[int, Move], ...]:
        """The moves of every step applied to this state so far, in order."""
        moves = self._action_space.moves
        return tuple(
            {seat: moves[action] for seat, action in enumerate(step) if action >= 0}
            for step in self._m.history()
        )
