"""The public, typed API for writing a game of your own: everything a game needs from
cardwars, in one module. Its names stay: a game written against it keeps working.

A game lives in its own distribution and registers itself under the entry-point group
``cardwars.games`` (``name = "package.module:GameClass"``, :mod:`cardwars.registry`);
:func:`cardwars.load_game`, records, :mod:`cardwars.wire`, :func:`cardwars.simulate`, the
``cardwars`` command, :class:`~cardwars.table.Table`, the agents and (for a game with choices) the
envs then work for it with no change inside cardwars. The guide :doc:`/guides/your-own-game` walks
through one; ``plugins/beggar-my-neighbour/`` in the source tree is the worked example.

What a game must provide
------------------------

* **Its options**: a frozen ``Rules`` dataclass whose fields are the options with their
  defaults, checked in ``__post_init__`` by :func:`~cardwars.options.check_options` (a bad
  value is a :class:`~cardwars.errors.RulesError` naming the field).
* **Its values**: frozen, hashable dataclasses on :class:`~cardwars.engine.Move` (none for a
  game with no choices), :class:`~cardwars.engine.Event` and one
  :class:`~cardwars.engine.Observation`, in one module (its event types are the Event
  subclasses of the module that defines its observation). Their fields are ints, bools,
  strs, :class:`~cardwars.cards.Card`, enums, tuples, frozensets, ``X | None`` and such
  dataclasses, so :mod:`cardwars.wire` and records can write and read them; a class may
  bound its int fields in a ``wire_bounds: ClassVar[dict[str, tuple[int, int]]]`` (the JSON
  Schema and the decoder check them).
* **Its numbering of moves**: an :class:`~cardwars.engine.ActionSpace` of every move (empty
  for a game with no choices).
* **Its state**: a :class:`~cardwars.engine.GameState` subclass with ``__slots__`` for every
  attribute (undo replays into them), which implements the abstract properties and the
  ``_``-prefixed hooks, keeps ``_seed``, ``_result`` and ``_rules``, and calls
  ``_mark_start()`` once built; the base owns the atomic, checked ``apply``. Or a
  :class:`~cardwars.engine.machine_state.MachineState` over a machine
  (:class:`~cardwars.engine.machine_state.Machine`) written as a rule module (below), whose
  every step is one call into C once compiled; its face gives ``_make_result()`` and
  ``_decode_last_step()`` (the machine's events, built from the game's bundle of classes).
* **Its text**: a :class:`~cardwars.engine.GameText` (move notation, boards, event lines)
  for the command line; a move's ``str()`` is its label (set ``_labels`` on the move
  classes to the text's ``label``).
* **Its game**: a :class:`~cardwars.engine.Game` subclass with the class attributes the engine reads
  (``name``, ``min_players``, ``max_players``, ``rules_type``, ``terminations``, ``rules_file``,
  ``text``, ``agents``, ``action_space``, ``observation_type``, ``length_unit``),
  ``__init__(players=, rules=)`` (just ``rules=`` for a fixed player count) and ``_deal(seed)``.
  ``rules_file`` names a Markdown file of its numbered rules, shipped as ``rules/<rules_file>``
  beside the module that defines the class (``cardwars rules GAME`` prints it).

What a game may provide
-----------------------

* **A whole-game batch loop** for :func:`cardwars.simulate`, the *batch driver* protocol:
  :meth:`~cardwars.engine.Game.supports_batch` says whether the loop plays these agents
  under these rules, and :meth:`~cardwars.engine.Game.run_batch` plays games
  ``start .. start+count-1`` (game ``k`` dealt from ``derive_seed(seed, k)``, exactly the
  game :func:`cardwars.play` plays) and returns ``array.array`` columns
  (:data:`BatchColumns`): at least :data:`BATCH_COLUMNS`, ``count`` values each, which
  simulate checks. Without one, simulate plays each game with :func:`cardwars.play`.
* **Its deals in its players' notation** (:meth:`~cardwars.engine.Game.deal_notation`) and the
  figures of a finished game beside its length (:meth:`~cardwars.engine.Game.deal_figures`), for the
  deals ``simulate(keep_longest=K)`` keeps, and the lines ``cardwars demo`` shows of a deal
  (:meth:`~cardwars.engine.Game.describe_deal`).
* **Hand-built positions in records**: a state's ``hand_built`` and ``_position_data()``,
  and the game's ``_from_position()``.
* **Built-in agents**: ``Game.agents`` maps names to factories (every game should offer
  ``"random"``, :class:`~cardwars.engine.RandomAgent`; ``cardwars play`` seats
  ``"greedy"`` where a game has one).
* **Encodings** for the RL envs, where the game has choices: the game an
  :class:`~cardwars.vectors.Encodable` whose ``encoding()`` gives an
  :class:`~cardwars.vectors.Encoding` (its vectors' :func:`~cardwars.vectors.layout`, their Python
  encoders and OpenSpiel's tensor). That is all the PettingZoo AEC and Parallel envs, the Gymnasium
  env and its id ``cardwars/<Name>-v0``, and OpenSpiel (``cardwars_<name>``) need; states that are
  also :class:`~cardwars.vectors.EncodedState` write the vectors faster. The native vector env steps
  the built-in games only (its tables live in the compiled core) and refuses a plugin's game. See
  "What a plugin provides for the envs" in :doc:`/guides/your-own-game`.

What a game may reuse
---------------------

* **The RNG** of every game (:ref:`rng`): :class:`cardwars.Rng` and :func:`cardwars.derive_seed`
  (here as ``Rng`` and ``derive_seed``); in a compiled rule module, ``cimport``-ed from
  ``cardwars/_core.pxd``, which the wheel ships: ``_rng_next(&state)``, ``_rng_below(&state, n)``,
  ``_shuffle_ints(&state, a, n)`` and ``_sample_prefix_ints(&state, a, n, k)`` over one
  ``uint64_t``. Their interpreted counterparts are :func:`rng_next`, :func:`rng_below`,
  :func:`shuffle_ints` and :func:`sample_prefix_ints`, which take and return the state as an int:
  the same draws, bit for bit.
* **Cards**: :class:`~cardwars.cards.Card`, :class:`~cardwars.cards.Deck`,
  :class:`~cardwars.cards.Rank`, :class:`~cardwars.cards.Suit`, :func:`~cardwars.cards.card_from_id`
  (card id ``suit*13 + rank-2``) and :func:`~cardwars.cards.read_card`.
* **Options**: :func:`~cardwars.options.check_options`,
  :func:`~cardwars.options.check_players`, :func:`~cardwars.options.machine_options`.
* **Rule modules**: a game's rules may be Python modules in Cython's pure-Python mode, each with a
  ``.pxd`` beside it that gives its C types. The plugin's own ``setup.py`` compiles them
  (``cythonize`` with :func:`cython_include_path` on its include path, for the ``cimport``-s from
  ``cardwars/_core.pxd``), and a :class:`~cardwars.backend.RuleSource` gives the current backend's
  build of one: the extension, or the same ``.py`` run by the interpreter (installed without a
  compiler, or under ``CARDWARS_PURE_PYTHON=1``). A rule module opens with::

      try:
          import cython
      except ModuleNotFoundError:  # no Cython here: cardwars's stand-in
          from cardwars.authoring import pure_cython as cython

  ``pure_cython`` (:mod:`cardwars._cython`) is that stand-in: ``compiled`` is False, the
  decorators return what they decorate, the C type names convert as Python's do.
* **The driver and the errors**: :func:`cardwars.play`, :func:`~cardwars.engine.resolve_agents`,
  :class:`~cardwars.errors.CardwarsError` and its kinds, :func:`~cardwars.errors.describe` (a
  caller's value for a message, never running its code), ``wrong_type`` (a TypeError that names the
  parameter), :func:`~cardwars.exclusive.busy_error` (the error of an overlapping call, for a
  machine's own step guard) and :func:`current_backend`.

Pile and pot helpers and cycle detection are, so far, each game's own (Clone War's in
``clone_war/battles.py``): a game writes those its rules need in its rule modules.

>>> from cardwars import authoring
>>> authoring.BATCH_COLUMNS
('length', 'winner', 'termination')
>>> state = authoring.derive_seed(7, 0)
>>> items = list(range(5))
>>> after = authoring.shuffle_ints(state, items)
>>> rng = authoring.Rng(state)
>>> again = list(range(5))
>>> rng.shuffle(again)
>>> items == again, after == rng.state
(True, True)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final, TypeVar

from cardwars import _cython as pure_cython
from cardwars import backend as _backend
from cardwars.actions import ActionSpace
from cardwars.backend import RuleSource
from cardwars.cards import Card, CardId, Deck, Rank, Suit, card_from_id, read_card
from cardwars.core_rng import _GAMMA, _mix
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

    >>> from cardwars.authoring import Rng, rng_next
    >>> value, after = rng_next(42)
    >>> rng = Rng(42)
    >>> (value, after) == (rng.next_u64(), rng.state)
    True
    """
    state = (state + _GAMMA) & _MASK64
    return _mix(state), state


def rng_below(state: int, n: int) -> tuple[int, int]:
    """A uniform int in ``[0, n)`` (``1 <= n < 2**32``) and the state after it:
    ``_rng_below(&state, n)`` of ``cardwars/_core.pxd``, interpreted.

    >>> from cardwars.authoring import Rng, rng_below
    >>> value, after = rng_below(42, 52)
    >>> rng = Rng(42)
    >>> (value, after) == (rng.below(52), rng.state)
    True
    """
    rng = Rng(state)
    return rng.below(n), rng.state


def shuffle_ints(state: int, items: list[_T], n: int | None = None) -> int:
    """Shuffle ``items[:n]`` (all of them by default) in place and return the RNG state
    after it: ``_shuffle_ints(&state, a, n)`` of ``cardwars/_core.pxd``, interpreted
    (Fisher-Yates with ascending ``i``, as :meth:`cardwars.Rng.shuffle`).

    >>> from cardwars.authoring import shuffle_ints
    >>> items = [0, 1, 2, 3]
    >>> after = shuffle_ints(5, items)
    >>> sorted(items), after == shuffle_ints(5, [0, 1, 2, 3])
    ([0, 1, 2, 3], True)
    """
    count = len(items) if n is None else n
    return sample_prefix_ints(state, items, count, count)


def sample_prefix_ints(state: int, items: list[_T], n: int, k: int) -> int:
    """Run the first ``k`` steps of :func:`shuffle_ints` on ``items[:n]`` and return the
    RNG state after them: ``_sample_prefix_ints(&state, a, n, k)``, interpreted.

    >>> from cardwars.authoring import sample_prefix_ints, shuffle_ints
    >>> items = list(range(10))
    >>> after = sample_prefix_ints(5, items, 10, 3)
    >>> full = list(range(10))
    >>> _ = shuffle_ints(5, full)
    >>> items[:3] == full[:3]
    True
    """
    rng = Rng(state)
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
