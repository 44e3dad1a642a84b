"""Fixed-size NumPy encodings of observations and states, for the RL adapters.

:func:`encoder` gives a game's :class:`Encoder`; its :meth:`~Encoder.observation`
turns ``state.observation(seat)`` into a flat ``float32`` vector holding exactly
what that observation holds, and :meth:`~Encoder.state` turns the god's-eye state
into another. ``Encoder.fields`` lists every field, in order, with its offset
and length; the guide :doc:`/guides/rl` documents each one.

Cards are coded as *card codes*: ``0`` for "no card", ``card.id + 1`` (1--52) for a
known card, and, in Aliwar's stacks only, ``53`` for a face-down card the seat has
never seen. Seats are absolute (seat 0 is ``player_0``); flags are 0 or 1.

>>> import cardwars
>>> from cardwars.envs.encoding import encoder
>>> game = cardwars.load_game("aliwar")
>>> enc = encoder(game)
>>> state = game.new_game(seed=42)
>>> vector = enc.observation(state.observation(0))
>>> vector.shape, vector.dtype.name, enc.size, enc.fields[0]
((609,), 'float32', 609, Field(name='seat', offset=0, length=2))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from cardwars.cards import Card
from cardwars.engine import Game, GameState, Observation, Result
from cardwars.errors import UsageError, describe
from cardwars.registry import load_game

__all__ = ["CAPS", "Encoder", "Field", "check_decisions", "encoder", "resolve_game"]

CAPS = frozenset({"no_progress", "max_rounds", "max_skirmishes"})
"""Terminations at a cap, which the adapters report as truncation, not termination."""
UNKNOWN = 53
"""The card code of a face-down card never seen (Aliwar's stacks)."""
DEPTH = 52
"""Slots per Aliwar stack: no stack holds more than the deck."""
TIE_ROUNDS = 26
"""Guerrilla tie rounds encoded: each round takes at least two cards."""

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Field:
    """One field of an encoding: ``vector[offset:offset + length]``."""

    name: str
    offset: int
    length: int


def _layout(spec: Sequence[tuple[str, int, float]]) -> tuple[tuple[Field, ...], Vector]:
    """The fields and the per-element upper bounds of a ``(name, length, high)`` list."""
    fields: list[Field] = []
    highs: list[float] = []
    offset = 0
    for name, length, high in spec:
        fields.append(Field(name, offset, length))
        highs.extend([high] * length)
        offset += length
    return tuple(fields), np.asarray(highs, dtype=np.float32)


def _code(card: Card | None) -> int:
    return 0 if card is None else card.id + 1


def _codes(cards: Sequence[Card | None], length: int) -> list[int]:
    """Card codes of ``cards`` in order, padded with 0 to ``length``."""
    out = [0 if card is None else card.id + 1 for card in cards]
    return out + [0] * (length - len(out))


def _one_hot(index: int, length: int) -> list[int]:
    out = [0] * length
    out[index] = 1
    return out


def _flags(seats: Sequence[bool] | frozenset[int], players: int) -> list[int]:
    if isinstance(seats, frozenset):
        return [1 if seat in seats else 0 for seat in range(players)]
    return [1 if flag else 0 for flag in seats]


def _result(result: Result | None, players: int, terminations: Sequence[str]) -> list[int]:
    if result is None:
        return [0] * (players + len(terminations))
    winners = [1 if seat in result.winners else 0 for seat in range(players)]
    return winners + _one_hot(terminations.index(result.termination), len(terminations))


class Encoder:
    """A game's encodings: :meth:`observation` (one seat) and :meth:`state` (god's-eye).

    Every element lies in ``[0, high]`` (``high``, ``state_high``: NumPy vectors);
    ``fields`` and ``state_fields`` (:class:`Field` tuples) name the slices.
    """

    def __init__(
        self,
        fields: tuple[Field, ...],
        high: Vector,
        observe: Callable[[Any], list[int]],
        state_fields: tuple[Field, ...],
        state_high: Vector,
        state: Callable[[Any], list[int]],
        big: tuple[str, ...] = (),
        shared_seat: bool = False,
        machine: Callable[[Any, int, Vector], None] | None = None,
        seats: Callable[[Any], Callable[[Any, Any], None]] | None = None,
    ) -> None:
        self.fields = fields
        self.high = high
        self.size = len(high)
        self.state_fields = state_fields
        self.state_high = state_high
        self.state_size = len(state_high)
        self._observe = observe
        self._state = state
        # The fields that may exceed a byte (counters): the rest converts through bytes.
        self._big = tuple(f.offset for f in fields if f.name in big)
        self._state_big = tuple(f.offset for f in state_fields if f.name in big)
        # Aliwar: both seats know the same (AW-8.4), so one encoding serves every seat.
        self._shared_seat = shared_seat
        self._seat = next((f for f in fields if f.name == "seat"), None)
        # The machine's own encoder (``machine(state, seat, out)``; seat -1: the state), which
        # writes the same codes straight from the kernels' arrays; the Python encoders
        # above stay the readable reference (``reference_*``) that the tests compare with.
        self._machine = machine
        self._seats = seats

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
        """The vector of one seat's observation (``state.observation(seat)``)."""
        return self._vector(self._observe(observation), self._big)

    def observation_of(self, state: GameState[Any], seat: int) -> Vector:
        """``observation(state.observation(seat))``, written by the state's machine when it
        has an encoder (no observation object is built)."""
        if self._machine is None or not hasattr(state, "_m"):
            return self.observation(state.observation(seat))
        if type(seat) is not int or not 0 <= seat < state.players:
            state._check_seat(seat)  # never seat -1, the machine's word for the state
        out = np.empty(self.size, dtype=np.float32)
        self._machine(state, seat, out)
        return out

    def observations(self, state: GameState[Any]) -> list[Vector]:
        """``[observation(state.observation(seat)) for seat in range(players)]``, faster.

        The vectors are rows of one new array, written by the state's machine when it
        has an encoder.
        """
        machine = self._machine
        if machine is None or not hasattr(state, "_m"):
            return self.reference_observations(state)
        players = state.players
        block = np.empty((players, self.size), dtype=np.float32)
        for seat in range(players):
            machine(state, seat, block[seat])
        return list(block)

    def seats_writer(self, state: GameState[Any]) -> Callable[[Any, Any], None] | None:
        """A function ``write(obs, masks)`` that fills two blocks from ``state`` in one call
        into its machine, or None when the state has no machine.

        ``obs`` is a ``float32`` array of shape ``(players, size)`` and ``masks`` an
        ``int8`` array of shape ``(players, game.num_actions)``: row ``s`` becomes
        ``observation(state.observation(s))`` and the bytes of ``state.action_mask(s)``
        (all 0 for a seat not polled). The function follows the state as it is stepped
        (it is bound to the state's machine, which steps in place).
        """
        if self._seats is None or not hasattr(state, "_m"):
            return None
        return self._seats(state)

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
        if self._machine is None or not hasattr(state, "_m"):
            return self.reference_state(state)
        out = np.empty(self.state_size, dtype=np.float32)
        self._machine(state, -1, out)
        return out

    def reference_state(self, state: GameState[Any]) -> Vector:
        """:meth:`state` by the Python encoder (the reference)."""
        return self._vector(self._state(state), self._state_big)


_NUMPY_INTS: frozenset[type] = frozenset(np.dtype(code).type for code in np.typecodes["AllInteger"])
"""NumPy's own integer scalar types (their ``int()`` is NumPy's, never a caller's)."""


def action_value(value: object) -> int | None:
    """``value`` as an action number: a plain ``int`` or a NumPy integer scalar of NumPy's
    own types, read without running any caller's code; None for anything else (a bool,
    an int subclass, a float, ...)."""
    if type(value) is int:
        assert isinstance(value, int)
        return value
    if type(value) in _NUMPY_INTS:
        assert isinstance(value, np.integer)
        return int(value)
    return None


# --- Aliwar -------------------------------------------------------------------------------------
_ALIWAR_PHASES = ("switch", "keep", "over")


def _aliwar(game: Game[Any, Any]) -> Encoder:
    rules = game.rules
    terminations = game.terminations
    stacks = 5
    public: list[tuple[str, int, float]] = [
        ("phase", 3, 1),
        ("to_act", 2, 1),
        ("rounds", 1, rules.max_rounds),
        ("no_progress", 1, rules.no_progress_limit),
    ]
    tail: list[tuple[str, int, float]] = [
        ("face_up", 2 * stacks, 1),
        ("protection", 2, 52),
        ("won", 2 * stacks, 52),
        ("discard", 52, 52),
        ("winners", 2, 1),
        ("termination", len(terminations), 1),
    ]
    fields, high = _layout(
        [("seat", 2, 1), *public, ("stacks", 2 * stacks * DEPTH, UNKNOWN), *tail]
    )
    state_fields, state_high = _layout([*public, ("stacks", 2 * stacks * DEPTH, 52), *tail])

    def head(obs: Any) -> list[int]:
        return [
            *_one_hot(_ALIWAR_PHASES.index(obs.phase.value), 3),
            *_flags(obs.to_act, 2),
            obs.rounds,
            obs.no_progress,
        ]

    def rest(obs: Any) -> list[int]:
        out = [1 if up else 0 for side in obs.face_up for up in side]
        out += [_code(card) for card in obs.protection]
        for side in obs.won:
            out += _codes(side, stacks)
        out += _codes(obs.discard, 52)
        return out + _result(obs.result, 2, terminations)

    def piles(sides: Sequence[Sequence[Sequence[Card | None]]]) -> list[int]:
        out: list[int] = []
        for side in sides:
            for pile in side:
                codes = [UNKNOWN if card is None else card.id + 1 for card in pile]
                out += codes
                out += [0] * (DEPTH - len(codes))
        return out

    def observe(obs: Any) -> list[int]:
        return [*_one_hot(obs.seat, 2), *head(obs), *piles(obs.stacks), *rest(obs)]

    def god(state: Any) -> list[int]:
        obs = state.observation(0)
        return [*head(obs), *piles(state.stacks), *rest(obs)]

    def machine(state: Any, seat: int, out: Vector) -> None:
        if seat < 0:
            state._m.encode_state(out)
        else:  # the state's own rules say what a seat recalls
            state._m.encode_observation(seat, state._recall, out)

    def seats(state: Any) -> Callable[[Any, Any], None]:
        return partial(state._m.encode_seats, state._recall)

    big = ("rounds", "no_progress")
    return Encoder(
        fields,
        high,
        observe,
        state_fields,
        state_high,
        god,
        big,
        shared_seat=True,
        machine=machine,
        seats=seats,
    )


# --- Guerrilla ----------------------------------------------------------------------------------
_GUERRILLA_PHASES = ("propose", "respond", "play_first", "play", "support", "tie", "remove", "over")


def _guerrilla(game: Game[Any, Any]) -> Encoder:
    players = game.players
    terminations = game.terminations
    max_skirmishes = game.rules.max_skirmishes
    flags: list[tuple[str, int, float]] = [
        ("guerrilla_rank", 1, 6),
        ("skirmish", 1, max_skirmishes),
        ("in_game", players, 1),
        ("played_guerrilla", players, 1),
        ("support_penalty", players, 1),
        ("spy_first", players, 1),
    ]
    public: list[tuple[str, int, float]] = [
        ("removed", 52, 52),
        ("played", players, 52),
        ("supports", players, 52),
    ]
    end: list[tuple[str, int, float]] = [("proposer", players + 1, 1)]
    result: list[tuple[str, int, float]] = [
        ("winners", players, 1),
        ("termination", len(terminations), 1),
    ]
    fields, high = _layout(
        [
            ("seat", players, 1),
            ("phase", 8, 1),
            ("to_act", players, 1),
            ("hand", 52, 52),
            *flags,
            ("hand_sizes", players, 52),
            ("draw_sizes", players, 52),
            ("discard_sizes", players, 52),
            *public,
            ("tie_rounds", TIE_ROUNDS * players * 2, 52),
            *end,
        ]
    )
    state_fields, state_high = _layout(
        [
            ("phase", 8, 1),
            ("to_act", players, 1),
            ("hands", players * 52, 52),
            *flags,
            ("draw_piles", players * 52, 52),
            ("discard_piles", players * 52, 52),
            *public,
            ("tie_rounds", TIE_ROUNDS * players * 3, 52),
            *end,
            *result,
        ]
    )

    def head(obs: Any) -> list[int]:
        return [
            *_one_hot(_GUERRILLA_PHASES.index(obs.phase.value), 8),
            *_flags(obs.to_act, players),
        ]

    def middle(obs: Any) -> list[int]:
        return [
            obs.guerrilla_rank,
            obs.skirmish,
            *_flags(obs.in_game, players),
            *_flags(obs.played_guerrilla, players),
            *_flags(obs.support_penalty, players),
            *_flags(obs.spy_first, players),
        ]

    def shown(obs: Any) -> list[int]:
        return [
            *_codes(obs.removed, 52),
            *[_code(card) for card in obs.played],
            *[_code(card) for card in obs.supports],
        ]

    def last(obs: Any) -> list[int]:
        proposer = players if obs.proposer is None else obs.proposer
        return _one_hot(proposer, players + 1)

    def ties(rounds: Sequence[Sequence[tuple[int, Card, Any]]], width: int) -> list[int]:
        out = [0] * (TIE_ROUNDS * players * width)
        for index, entries in enumerate(rounds):
            for seat, up, down in entries:
                at = (index * players + seat) * width
                out[at] = up.id + 1
                if width == 2:  # the observation: whether a face-down card lies there
                    out[at + 1] = 1 if down else 0
                else:  # the state: the face-down card itself (0: none), then its presence
                    out[at + 1] = _code(down)
                    out[at + 2] = 0 if down is None else 1
        return out

    def observe(obs: Any) -> list[int]:
        return [
            *_one_hot(obs.seat, players),
            *head(obs),
            *_codes(obs.hand, 52),
            *middle(obs),
            *obs.hand_sizes,
            *obs.draw_sizes,
            *obs.discard_sizes,
            *shown(obs),
            *ties(obs.tie_rounds, 2),
            *last(obs),
        ]

    def god(state: Any) -> list[int]:
        obs = state.observation(0)
        out = head(obs)
        for hand in state.hands:
            out += _codes(hand, 52)
        out += middle(obs)
        for pile in (*state.draw_piles, *state.discard_piles):
            out += _codes(pile, 52)
        out += [*shown(obs), *ties(state.tie_rounds, 3), *last(obs)]
        return out + _result(state.result, players, terminations)

    def machine(state: Any, seat: int, out: Vector) -> None:
        if seat < 0:
            state._m.encode_state(out)
        else:
            state._m.encode_observation(seat, out)

    def seats(state: Any) -> Callable[[Any, Any], None]:
        write: Callable[[Any, Any], None] = state._m.encode_seats
        return write

    return Encoder(
        fields,
        high,
        observe,
        state_fields,
        state_high,
        god,
        ("skirmish",),
        machine=machine,
        seats=seats,
    )


def encoder(game: Game[Any, Any]) -> Encoder:
    """The :class:`Encoder` of ``game`` (Aliwar or Guerrilla, under its rules and player count).

    Raises:
        UsageError: the game has no decisions to encode (Clone War) or is unknown.

    >>> import cardwars
    >>> from cardwars.envs.encoding import encoder
    >>> enc = encoder(cardwars.load_game("guerrilla", players=3))
    >>> enc.size, [f.name for f in enc.fields][:4]
    (307, ['seat', 'phase', 'to_act', 'hand'])

    Returns:
        The game's encoder.
    """
    check_decisions(game)
    if game.name == "aliwar":
        return _aliwar(game)
    if game.name == "guerrilla":
        return _guerrilla(game)
    raise UsageError(f"no encoding for the game {describe(game.name)}")


def check_decisions(game: Game[Any, Any]) -> None:
    """Raise when ``game`` has no decisions for an agent (Clone War).

    Raises:
        UsageError: ``game.num_actions`` is 0.
    """
    if game.num_actions == 0:
        raise UsageError(
            f"{game.name} has no decisions: every step is automatic (no seat is ever polled "
            "and it has no actions), so there is nothing for an agent to choose or learn; "
            "use cardwars.play or cardwars.simulate to run it"
        )


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
