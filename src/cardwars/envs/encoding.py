"""Fixed-size NumPy encodings of observations and states, for the RL adapters.

:func:`encoder` gives a game's :class:`Encoder`; the layout is the game's own (``game.encoding()``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from cardwars.engine import Game, GameState, Observation
from cardwars.errors import CardwarsError, UsageError, _type_name, describe
from cardwars.registry import load_game
from cardwars.vectors import Encodable, EncodedState, Encoding, Field

__all__ = ["CAPS", "Encoder", "Field", "check_decisions", "encoder", "encoding_of", "resolve_game"]

CAPS = frozenset({"no_progress", "max_rounds", "max_skirmishes"})
"""Terminations at a cap, which the adapters report as truncation, not termination."""

Vector = npt.NDArray[np.float32]


class Encoder:
    """A game's encodings: :meth:`observation` (one seat) and :meth:`state` (god's-eye).

    Built from the game's own :class:`~cardwars.vectors.Encoding` (``game.encoding()``).
    Every element lies in ``[0, high]`` (``high``, ``state_high``: NumPy vectors);
    ``fields`` and ``state_fields`` (:class:`Field` tuples) name the slices.
    """

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self.fields = encoding.fields
        self.high: Vector = np.asarray(encoding.high, dtype=np.float32)
        self.size = len(self.high)
        self.state_fields = encoding.state_fields
        self.state_high: Vector = np.asarray(encoding.state_high, dtype=np.float32)
        self.state_size = len(self.state_high)
        self._observe = encoding.observe
        self._state = encoding.state
        # The fields that may exceed a byte (counters): the rest converts through bytes.
        self._big = tuple(f.offset for f in self.fields if f.name in encoding.big)
        self._state_big = tuple(f.offset for f in self.state_fields if f.name in encoding.big)
        # Every seat's vector differing only in the seat (Aliwar: both seats know the same).
        self._shared_seat = encoding.shared_seat
        self._seat = next((f for f in self.fields if f.name == "seat"), None)

    @staticmethod
    def _vector(values: list[int], big: tuple[int, ...]) -> Vector:
        saved = [values[at] for at in big]
        for at in big:
            values[at] = 0
        vector = np.frombuffer(bytes(values), dtype=np.uint8).astype(np.float32)
        for at, value in zip(big, saved, strict=True):
            vector[at] = value
        return vector

    def observation(self, observation: Observation) -> Vector:
        """The vector of one seat's observation (``state.observation(seat)``).

        Raises:
            UsageError: ``observation`` is not an observation of this encoding's game.
        """
        try:
            values = self._observe(observation)
        except CardwarsError:
            raise
        except Exception as exc:  # not an observation: its fields are not there
            raise UsageError(
                f"observation() takes an observation of the encoding's game, got "
                f"{describe(observation)} ({_type_name(exc)} reading it)"
            ) from None
        return self._vector(values, self._big)

    def observation_of(self, state: GameState[Any], seat: int) -> Vector:
        """``observation(state.observation(seat))``, written by the state's machine when it has one
        (:meth:`~cardwars.vectors.EncodedState.encode_into`: no observation object is built).

        Raises:
            UsageError: ``seat`` is not a seat of ``state``.
        """
        if not isinstance(state, EncodedState):
            return self.observation(state.observation(seat))
        out = np.empty(self.size, dtype=np.float32)
        state.encode_into(seat, out)
        return out

    def observations(self, state: GameState[Any]) -> list[Vector]:
        """``[observation(state.observation(seat)) for seat in range(players)]``, faster: rows of
        one new array, written by the state's machine when it has one."""
        if not isinstance(state, EncodedState):
            return self.reference_observations(state)
        block = np.empty((state.players, self.size), dtype=np.float32)
        for seat, row in enumerate(block):
            state.encode_into(seat, row)
        return list(block)

    def seats_writer(
        self, state: GameState[Any], wait: bool = False
    ) -> Callable[[Any, Any], bool] | None:
        """A function ``write(obs, masks)`` that fills two blocks from ``state`` in one call into
        its machine (:meth:`~cardwars.vectors.EncodedState.encode_seats_into`), or None when the
        state has no machine; it follows the state as it is stepped.

        ``obs`` is a ``float32`` array of shape ``(players, size)`` and ``masks`` an ``int8``
        array of shape ``(players, game.num_actions)``: row ``s`` becomes
        ``observation(state.observation(s))`` and the bytes of ``state.action_mask(s)`` (all 0
        for a seat not polled); it returns whether the game is over. With ``wait`` the masks have
        one more column, the Parallel PettingZoo env's wait action: 1 exactly in the row of a
        seat not polled, so that no row is all 0.
        """
        if not isinstance(state, EncodedState):
            return None
        if wait:
            return functools.partial(state.encode_seats_into, wait=True)
        return state.encode_seats_into

    def reference_observations(self, state: GameState[Any]) -> list[Vector]:
        """:meth:`observations` by the Python encoder (the reference)."""
        if not self._shared_seat or self._seat is None:
            return [self.observation(state.observation(seat)) for seat in range(state.players)]
        first = self.observation(state.observation(0))
        out = [first]
        at = self._seat.offset
        for seat in range(1, state.players):
            other = first.copy()
            other[at : at + self._seat.length] = 0
            other[at + seat] = 1
            out.append(other)
        return out

    def state(self, state: GameState[Any]) -> Vector:
        """The god's-eye vector of ``state`` (every card where it lies; not the RNG)."""
        if not isinstance(state, EncodedState):
            return self.reference_state(state)
        out = np.empty(self.state_size, dtype=np.float32)
        state.encode_state_into(out)
        return out

    def reference_state(self, state: GameState[Any]) -> Vector:
        """:meth:`state` by the Python encoder (the reference)."""
        return self._vector(self._state(state), self._state_big)


_NUMPY_INTS: frozenset[type] = frozenset(np.dtype(code).type for code in np.typecodes["AllInteger"])
"""NumPy's own integer scalar types (their ``int()`` is NumPy's, never a caller's)."""


def action_value(value: object) -> int | None:
    """``value`` as an action number: a plain ``int`` or a NumPy integer scalar of NumPy's own
    types, read without running any caller's code; None for anything else (a bool, an int
    subclass, a float, ...)."""
    if type(value) is int:
        assert isinstance(value, int)
        return value
    if type(value) in _NUMPY_INTS:
        assert isinstance(value, np.integer)
        return int(value)
    return None


def encoder(game: Game[Any, Any]) -> Encoder:
    """The :class:`Encoder` of ``game`` (Aliwar or Guerrilla, under its rules and player count).

    Raises:
        UsageError: the game has no decisions to encode (Clone War) or is unknown.

    >>> import cardwars
    >>> from cardwars.envs.encoding import encoder
    >>> enc = encoder(cardwars.load_game("guerrilla", players=3))
    >>> enc.size, [f.name for f in enc.fields][:4]
    (307, ['seat', 'phase', 'to_act', 'hand'])
    """
    check_decisions(game)
    return Encoder(encoding_of(game))


def encoding_of(game: Game[Any, Any]) -> Encoding:
    """``game.encoding()``: the game's own :class:`~cardwars.vectors.Encoding`.

    Raises:
        UsageError: the game has none (it is no :class:`~cardwars.vectors.Encodable`).
    """
    if not isinstance(game, Encodable):
        raise UsageError(
            f"{game.name} has no encodings (it is no cardwars.vectors.Encodable), so no RL "
            "env can observe it: see 'What a plugin provides for the envs' in the guide "
            "Write your own game"
        )
    return game.encoding()


def check_decisions(game: Game[Any, Any]) -> None:
    """Raise :class:`~cardwars.errors.UsageError` when ``game`` has no decisions for an agent
    (``game.num_actions`` is 0: Clone War)."""
    if game.num_actions == 0:
        raise UsageError(
            f"{game.name} has no decisions: every step is automatic (no seat is ever polled "
            "and it has no actions), so there is nothing for an agent to choose or learn; "
            "use cardwars.play or cardwars.simulate to run it"
        )


def _check_choice(name: str, value: object, allowed: tuple[str | None, ...]) -> None:
    """UsageError unless ``value`` is one of ``allowed`` (an env's ``render_mode=``...)."""
    # Exact types first: a str subclass's own __eq__ never runs.
    if (value is not None and type(value) is not str) or value not in allowed:
        raise UsageError(f"{name} must be {' or '.join(map(repr, allowed))}, got {describe(value)}")


def _check_seat(seat: object, players: int) -> None:
    """UsageError unless ``seat`` is a plain int seat (an env's learner seat)."""
    if type(seat) is not int or not 0 <= seat < players:
        raise UsageError(f"seat must be 0..{players - 1}, got {describe(seat)}")


def resolve_game(game: str | Game[Any, Any], options: dict[str, Any]) -> Game[Any, Any]:
    """The game a name with options (or a :class:`~cardwars.engine.Game`) stands for.

    Raises:
        UsageError: options with a Game, neither a name nor a Game, or no decisions.
    """
    if isinstance(game, Game):
        if options:
            raise UsageError("pass options with a game name, not with a Game")
        resolved = game
    elif isinstance(game, str):
        resolved = load_game(game, **options)
    else:
        raise UsageError(f"game must be a game name or a Game, got {describe(game)}")
    check_decisions(resolved)
    return resolved
