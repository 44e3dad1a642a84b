"""The typed contract between a game and the RL adapters: its encodings and fast methods."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardwars.cards import Card
from cardwars.engine import Observation, Result
from cardwars.errors import UsageError, describe

__all__ = [
    "Encodable",
    "EncodedState",
    "Encoding",
    "Field",
    "check_vector",
    "has_vector_tables",
    "layout",
]


@dataclass(frozen=True)
class Field:
    """One field of an encoding: ``vector[offset:offset + length]``.

    >>> import cardwars
    >>> cardwars.load_game("aliwar").encoding().fields[1]
    Field(name='phase', offset=2, length=3)
    """

    name: str
    offset: int
    length: int


def layout(spec: Sequence[tuple[str, int, float]]) -> tuple[tuple[Field, ...], tuple[float, ...]]:
    """The fields and the per-element upper bounds of a ``(name, length, high)`` list.

    >>> from cardwars.vectors import layout
    >>> fields, highs = layout([("seat", 2, 1), ("rounds", 1, 500)])
    >>> fields[1], highs
    (Field(name='rounds', offset=2, length=1), (1, 1, 500))
    """
    fields: list[Field] = []
    highs: list[float] = []
    offset = 0
    for name, length, high in spec:
        fields.append(Field(name, offset, length))
        highs.extend([high] * length)
        offset += length
    return tuple(fields), tuple(highs)


@dataclass(frozen=True)
class Encoding:
    """What the RL adapters need of one game (under its rules and player count); each field is
    explained in :doc:`/guides/your-own-game`. ``observe`` and ``state`` are the readable
    reference encoders: the states' machines write the same vectors
    (:meth:`EncodedState.encode_into`). ``shared_seat`` says every seat's observation vector
    differs only in the ``seat`` field; ``public`` returns the same object when ``private`` is
    False.

    >>> import cardwars
    >>> encoding = cardwars.load_game("guerrilla", players=3).encoding()
    >>> encoding.size == len(encoding.high), encoding.private
    (True, True)
    """

    fields: tuple[Field, ...]
    high: tuple[float, ...]
    observe: Callable[[Any], list[int]]
    state_fields: tuple[Field, ...]
    state_high: tuple[float, ...]
    state: Callable[[Any], list[int]]
    big: tuple[str, ...]
    shared_seat: bool
    tensor_pieces: tuple[tuple[str, tuple[int, ...]], ...]
    tensor_fill: Callable[[Mapping[str, Any], Any], None]
    public: Callable[[Any], Observation]
    private: bool
    max_steps: int

    @property
    def size(self) -> int:
        """The length of the observation vector."""
        return len(self.high)

    @property
    def state_size(self) -> int:
        """The length of the god's-eye state vector."""
        return len(self.state_high)


class Encodable:
    """A game with an :class:`Encoding` (mixed into Aliwar's and Guerrilla's game classes).

    >>> import cardwars
    >>> from cardwars.vectors import Encodable
    >>> isinstance(cardwars.load_game("clone-war"), Encodable)  # no decisions to learn
    False
    """

    __slots__ = ()

    def encoding(self) -> Encoding:
        """The game's :class:`Encoding` (see :mod:`cardwars.vectors`)."""
        raise NotImplementedError  # pragma: no cover

    def vector_tables(self, count: int, seat: int, opponent: str) -> Any:
        """The core's ``count`` tables of this game for the native vector env
        (:mod:`cardwars.envs.vector`): the learner at ``seat``, a built-in agent (``"random"`` or
        ``"greedy"``) at every other seat. Only the built-in games have them
        (:func:`has_vector_tables`).

        Raises:
            UsageError: an opponent these tables do not play under these rules; a game with no
                such tables (this default).
        """
        name = getattr(self, "name", type(self).__name__)
        raise UsageError(no_vector_tables(name))


def has_vector_tables(game: object) -> bool:
    """Whether ``game``'s class overrides :meth:`Encodable.vector_tables` (the built-in games with
    decisions).

    >>> import cardwars
    >>> from cardwars.vectors import has_vector_tables
    >>> [has_vector_tables(cardwars.load_game(name)) for name in ("aliwar", "clone-war")]
    [True, False]
    """
    method = getattr(type(game), "vector_tables", None)
    return isinstance(game, Encodable) and method is not Encodable.vector_tables


def no_vector_tables(name: str) -> str:
    """The message of a game without native vector tables (``name`` is its game name)."""
    return (
        f"the native vector env has no tables of the game {describe(name)}: its tables step "
        "inside cardwars's core, which holds the built-in games only; step several tables "
        "of this game with gymnasium.vector.SyncVectorEnv or AsyncVectorEnv over "
        "cardwars.envs.gymnasium.CardwarsEnv (gymnasium.make_vec(id, num_envs=N, "
        'vectorization_mode="sync"))'
    )


class EncodedState:
    """A state that writes its encodings from its machine. Every method checks its arguments
    first and raises :class:`~cardwars.errors.UsageError` with nothing changed.

    >>> import cardwars
    >>> from cardwars.vectors import EncodedState
    >>> isinstance(cardwars.load_game("aliwar").new_game(seed=1), EncodedState)
    True
    """

    __slots__ = ()

    def encode_into(self, seat: int, out: Any) -> None:
        """Write ``seat``'s observation vector into the ``float32`` buffer ``out``."""
        raise NotImplementedError  # pragma: no cover

    def encode_state_into(self, out: Any) -> None:
        """Write the god's-eye state vector into the ``float32`` buffer ``out``."""
        raise NotImplementedError  # pragma: no cover

    def encode_seats_into(self, obs: Any, masks: Any, wait: bool = False) -> bool:
        """Write every seat's observation vector and action mask into two blocks; return whether
        the game is over. With ``wait`` the masks are one column wider: the wait action
        ``num_actions``, 1 exactly for a seat not polled."""
        raise NotImplementedError  # pragma: no cover

    def apply_keyed(self, actions: object, keys: tuple[str, ...], wait: bool = False) -> bool:
        """Perform a step from ``actions[keys[seat]]``, or change nothing and return False (with
        ``wait``, also when a seat not polled has an entry other than the wait action)."""
        raise NotImplementedError  # pragma: no cover


def check_vector(out: object, size: int, what: str) -> None:
    """Raise UsageError unless ``out`` is a writable, C-contiguous, one-dimensional ``float32``
    buffer of exactly ``size`` elements (``numpy.empty(size, numpy.float32)``) named ``what``.

    >>> from array import array
    >>> from cardwars.vectors import check_vector
    >>> check_vector(array("f", bytes(8)), 2, "a pair")
    """
    try:
        view = memoryview(out)  # type: ignore[arg-type]
    except Exception:  # no buffer, a released one, or an exporter's own error
        view = None
    if view is not None:
        with view:
            if (
                view.format == "f"
                and view.ndim == 1
                and view.shape == (size,)
                and view.c_contiguous
                and not view.readonly
            ):
                return
    raise UsageError(
        f"{what} needs a writable float32 buffer of {size} elements "
        f"(numpy.empty({size}, numpy.float32)), got {describe(out)}"
    )


# --- the reference encoders' pieces (the games' encoding modules share them) ---------------


def code(card: Card | None) -> int:
    """A card's code: 0 for no card, ``card.id + 1`` (1--52) for a card."""
    return 0 if card is None else card.id + 1


def codes(cards: Sequence[Card | None], length: int) -> list[int]:
    """Card codes of ``cards`` in order, padded with 0 to ``length``."""
    out = [0 if card is None else card.id + 1 for card in cards]
    return out + [0] * (length - len(out))


def one_hot(index: int, length: int) -> list[int]:
    """``length`` zeros with a 1 at ``index``."""
    out = [0] * length
    out[index] = 1
    return out


def flags(seats: Sequence[bool] | frozenset[int], players: int) -> list[int]:
    """One 0/1 per seat: a set of seats, or a flag per seat."""
    if isinstance(seats, frozenset):
        return [1 if seat in seats else 0 for seat in range(players)]
    return [1 if flag else 0 for flag in seats]


def result_codes(result: Result | None, players: int, terminations: Sequence[str]) -> list[int]:
    """The winners (a flag per seat) and the termination (one-hot); all 0 while it runs."""
    if result is None:
        return [0] * (players + len(terminations))
    winners = [1 if seat in result.winners else 0 for seat in range(players)]
    return winners + one_hot(terminations.index(result.termination), len(terminations))
