"""The public, typed API for writing a game of your own: everything a game needs from
cardwars, in one module. Its names stay: a game written against it keeps working.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final, TypeVar

from cardwars import _cython as pure_cython
from cardwars import backend as _backend
from cardwars.actions import ActionSpace
from cardwars.backend import RuleSource
from cardwars.cards import Card, CardId, Deck, Rank, Suit, card_from_id, read_card
from cardwars.core_rng import _GAMMA, _check_count, _check_list, _check_u64, _mix
from cardwars.engine import (
    Agent,
    Event,
    Game,
    GameState,
    GameText,
    Move,
    Observation,
    RandomAgent,
    Result,
    SomeAgent,
    play,
    resolve_agents,
)
from cardwars.engine.game import BATCH_COLUMNS, BatchColumns, StateT
from cardwars.engine.machine_state import Machine, MachineState
from cardwars.engine.state import PhaseT
from cardwars.errors import (
    CardParseError,
    CardwarsError,
    IllegalMoveError,
    RulesError,
    UsageError,
    describe,
    wrong_type,
)
from cardwars.exclusive import busy_error
from cardwars.options import check_options, check_players, machine_options
from cardwars.vectors import Encodable, EncodedState, Encoding, Field, layout

if TYPE_CHECKING:  # both backends have the same Rng; the type checker reads the Python one's
    from cardwars.core_rng import Rng, derive_seed
else:
    Rng = _backend.core.Rng
    derive_seed = _backend.core.derive_seed

__all__ = [
    "BATCH_COLUMNS",
    "ActionSpace",
    "Agent",
    "BatchColumns",
    "Card",
    "CardId",
    "CardParseError",
    "CardwarsError",
    "Deck",
    "Encodable",
    "EncodedState",
    "Encoding",
    "Event",
    "Field",
    "Game",
    "GameState",
    "GameText",
    "IllegalMoveError",
    "Machine",
    "MachineState",
    "Move",
    "Observation",
    "PhaseT",
    "RandomAgent",
    "Rank",
    "Result",
    "Rng",
    "RuleSource",
    "RulesError",
    "SomeAgent",
    "StateT",
    "Suit",
    "UsageError",
    "busy_error",
    "card_from_id",
    "check_options",
    "check_players",
    "current_backend",
    "cython_include_path",
    "derive_seed",
    "describe",
    "layout",
    "machine_options",
    "play",
    "pure_cython",
    "read_card",
    "resolve_agents",
    "rng_below",
    "rng_next",
    "sample_prefix_ints",
    "shuffle_ints",
    "wrong_type",
]

_T = TypeVar("_T")


def current_backend() -> str:
    """The backend cardwars runs now, ``"compiled"`` or ``"python"``: a plugin runs its
    own rule modules on the same one (``CARDWARS_PURE_PYTHON=1`` makes it ``"python"``).

    >>> from cardwars.authoring import current_backend
    >>> current_backend() in ("compiled", "python")
    True
    """
    return _backend.BACKEND


_MASK64: Final = (1 << 64) - 1


def rng_next(state: int) -> tuple[int, int]:
    """The RNG's next 64-bit output and its state after it: ``_rng_next(&state)`` of
    ``cardwars/_core.pxd``, interpreted (``state`` is the ``uint64_t`` as an int).

    Raises:
        ArgumentTypeError: ``state`` is no int.
        UsageError: ``state`` is not in [0, 2**64).

    >>> from cardwars.authoring import Rng, rng_next
    >>> rng_next(42)[0] == Rng(42).next_u64()
    True
    """
    state = (_check_u64(state, "state") + _GAMMA) & _MASK64
    return _mix(state), state


def rng_below(state: int, n: int) -> tuple[int, int]:
    """A uniform int in ``[0, n)`` (``1 <= n < 2**32``) and the state after it:
    ``_rng_below(&state, n)`` of ``cardwars/_core.pxd``, interpreted.

    Raises:
        ArgumentTypeError: ``state`` or ``n`` is no int.
        UsageError: ``state`` is not in [0, 2**64), or ``n`` not in [1, 2**32).

    >>> from cardwars.authoring import Rng, rng_below
    >>> rng_below(42, 52)[0] == Rng(42).below(52)
    True
    """
    rng = Rng(_check_u64(state, "state"))
    return rng.below(n), rng.state


def shuffle_ints(state: int, items: list[_T], n: int | None = None) -> int:
    """Shuffle ``items[:n]`` (all of them by default) in place and return the RNG state
    after it: ``_shuffle_ints(&state, a, n)`` of ``cardwars/_core.pxd``, interpreted
    (Fisher-Yates with ascending ``i``, as :meth:`cardwars.Rng.shuffle`).

    Raises:
        ArgumentTypeError: ``state`` or ``n`` is no int, or ``items`` no list.
        UsageError: ``state`` is not in [0, 2**64), or ``n`` not in [0, len(items)].

    >>> from cardwars.authoring import shuffle_ints
    >>> shuffle_ints(5, [0, 1, 2, 3]) == shuffle_ints(5, [0, 1, 2, 3])
    True
    """
    count = len(_check_list(items)) if n is None else n
    return sample_prefix_ints(state, items, count, count)


def sample_prefix_ints(state: int, items: list[_T], n: int, k: int) -> int:
    """Run the first ``k`` steps of :func:`shuffle_ints` on ``items[:n]`` and return the
    RNG state after them: ``_sample_prefix_ints(&state, a, n, k)``, interpreted.

    Raises:
        ArgumentTypeError: ``state``, ``n`` or ``k`` is no int, or ``items`` no list.
        UsageError: ``state`` is not in [0, 2**64), ``n`` not in [0, len(items)], or ``k``
            not in [0, 2**62]; nothing is shuffled.

    >>> from cardwars.authoring import sample_prefix_ints, shuffle_ints
    >>> sample_prefix_ints(5, [0, 1, 2], 3, 3) == shuffle_ints(5, [0, 1, 2])
    True
    """
    # Checked as cardwars.Rng checks its arguments: the C helpers trust theirs.
    rng = Rng(_check_u64(state, "state"))
    items = _check_list(items)
    n = _check_count(n, "n", 0, len(items), f"[0, len(items)] = [0, {len(items)}]")
    k = _check_count(k, "k", 0, 1 << 62, "[0, 2**62]")
    for i in range(min(k, n - 1)):
        j = i + rng.below(n - i)
        items[i], items[j] = items[j], items[i]
    return int(rng.state)


def cython_include_path() -> str:
    """The directory that holds the installed ``cardwars`` package: the include path a
    plugin's ``setup.py`` gives ``cythonize`` so that its rule modules can ``cimport``
    from ``cardwars/_core.pxd`` (the wheel ships the ``.pxd`` files).

    >>> import os
    >>> from cardwars.authoring import cython_include_path
    >>> os.path.isfile(os.path.join(cython_include_path(), "cardwars", "_core.pxd"))
    True
    """
    return str(Path(__file__).resolve().parent.parent)
