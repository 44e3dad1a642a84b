"""The native vector environment: N tables of one game stepped in one call into the core."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from cardwars import backend, exclusive
from cardwars.engine import Game
from cardwars.envs.encoding import _check_choice, _check_seat, encoder, resolve_game
from cardwars.errors import IllegalMoveError, UsageError, describe, listed
from cardwars.vectors import Encodable, has_vector_tables, no_vector_tables

__all__ = [
    "MAX_BYTES",
    "MAX_ENVS",
    "MAX_THREADS",
    "TABLE_STATE_BYTES",
    "CardwarsVectorEnv",
    "table_bytes",
]

MAX_ENVS = 1 << 20
"""The most tables one vector env holds (and :data:`MAX_BYTES` bounds their memory)."""

MAX_BYTES = 4 << 30
"""Default bound on a vector env's tables' memory, 4 GiB (:func:`table_bytes`; ``max_bytes=``)."""

TABLE_STATE_BYTES = 4096
"""What one table's own game takes in the core, at most, on either backend (its position,
its agents' RNGs and the step's scratch: about 3.5 KiB measured for every game)."""


def table_bytes(game: Game[Any, Any]) -> int:
    """The memory one table of ``game`` takes in a vector env, in bytes, once it is reset
    (:doc:`/api/envs` itemizes it).

    >>> import cardwars
    >>> from cardwars.envs.vector import table_bytes
    >>> table_bytes(cardwars.load_game("aliwar"))  # 609 values, 277 actions
    13176
    """
    size = len(encoder(game).high)
    return 14 * size + 2 * game.num_actions + TABLE_STATE_BYTES


MAX_THREADS = 16
"""The most threads that share a step's tables."""


def _usable_cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def _size(count: int) -> str:
    """A number of bytes for a message: ``"13.2 GiB"``."""
    return f"{count / 2**30:.1f} GiB" if count >= 2**30 else f"{count / 2**20:.1f} MiB"


Block = npt.NDArray[Any]
Observations = npt.NDArray[np.float32]


class CardwarsVectorEnv(VectorEnv[Observations, Block, Block]):
    """``num_envs`` tables of one game, each a learner seat against built-in opponents.

    Args:
        num_envs: how many tables (1 to :data:`MAX_ENVS`).
        game: a game name (``"aliwar"``, ``"guerrilla"``) or a :class:`~cardwars.engine.Game`.
        opponent: the agent of every other seat, ``"greedy"`` (default) or ``"random"``: the
            batch loop's agents, inside the core (the game's ``vector_tables`` says under which
            rules).
        seat: the learner's seat at every table.
        illegal_action: ``"terminate"`` (an illegal action ends that table's game with reward -1
            and ``info["illegal_action"]`` set) or ``"raise"``
            (:class:`~cardwars.errors.IllegalMoveError` naming the first such table; no table
            changes).
        threads: how many threads share each step's tables (1 to 16; default: the CPUs this
            process may use, at most 16 and one per 256 tables). The results never depend on it.
        copy: True (default): every call returns new arrays (blocks made for that call); False:
            the env's own blocks, made once, which the next call overwrites (the fastest loop).
        max_bytes: the most memory the tables may take, in bytes (:data:`MAX_BYTES`, 4 GiB, by
            default): ``num_envs * table_bytes(game)`` (:func:`table_bytes`) must not exceed it.
        options: the game's options, with a game name (``players=`` for Guerrilla).

    After ``close()`` every call but ``close`` raises :class:`~cardwars.errors.UsageError`.

    Raises:
        UsageError: Clone War (no decisions), a plugin's game (no native tables), a bad count, seat,
            opponent or mode; ``num_envs`` tables that would take more than ``max_bytes`` (the
            message says how much they would need).
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int = 1,
        game: str | Game[Any, Any] = "aliwar",
        opponent: str = "greedy",
        seat: int = 0,
        illegal_action: str = "terminate",
        copy: bool = True,
        threads: int | None = None,
        max_bytes: int = MAX_BYTES,
        **options: Any,
    ) -> None:
        if type(num_envs) is not int or not 1 <= num_envs <= MAX_ENVS:
            raise UsageError(
                f"num_envs must be an int from 1 to {MAX_ENVS}, got {describe(num_envs)}"
            )
        _check_choice("illegal_action", illegal_action, ("terminate", "raise"))
        if type(copy) is not bool:
            raise UsageError(f"copy must be True or False, got {describe(copy)}")
        if threads is None:
            threads = max(1, min(_usable_cpus(), num_envs // 256, MAX_THREADS))
        if type(threads) is not int or not 1 <= threads <= MAX_THREADS:
            raise UsageError(
                f"threads must be None or an int from 1 to {MAX_THREADS}, got {describe(threads)}"
            )
        render_mode = options.pop("render_mode", None)  # gymnasium.make_vec may pass it
        if render_mode is not None:
            raise UsageError(
                "the vector env renders nothing: render_mode must be None, got "
                f"{describe(render_mode)} (render one table with the single-table env)"
            )
        self.game = resolve_game(game, options)
        players = self.game.players
        _check_seat(seat, players)
        if not has_vector_tables(self.game):  # a plugin's game: refused before any work
            raise UsageError(no_vector_tables(self.game.name))
        assert isinstance(self.game, Encodable)
        if type(max_bytes) is not int or max_bytes < 1:
            raise UsageError(f"max_bytes must be an int >= 1, got {describe(max_bytes)}")
        each = table_bytes(self.game)
        if num_envs * each > max_bytes:  # checked before anything of that size is made
            raise UsageError(
                f"{num_envs:,} tables of {self.game.name} would take about "
                f"{_size(num_envs * each)} ({each:,} bytes each: their rows of the spaces "
                f"and blocks, and their games), more than max_bytes={max_bytes:,} "
                f"({_size(max_bytes)}); use at most {max_bytes // each:,} tables, or pass "
                "a larger max_bytes"
            )
        self.seat = seat
        self.opponent = opponent
        self.illegal_action = illegal_action
        self.copy = copy
        self.num_envs = num_envs
        self._tables = self.game.vector_tables(num_envs, seat, opponent)
        self._tables.set_threads(threads)
        self.threads = threads
        self._backend = backend.BACKEND
        enc = encoder(self.game)
        n_actions = self.game.num_actions
        self.single_observation_space = spaces.Box(0, enc.high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(n_actions)
        self.observation_space = spaces.Box(
            0, np.broadcast_to(enc.high, (num_envs, enc.size)), dtype=np.float32
        )
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, n_actions, dtype=np.int64))
        # The blocks the core writes into: made once (copy=False) or for every call.
        self._obs_shape = (num_envs, enc.size)
        self._mask_shape = (num_envs, n_actions)
        self._blocks = self._new_blocks()
        self._illegal = np.zeros(num_envs, dtype=np.bool_)
        self._actions = np.zeros(num_envs, dtype=np.int32)
        self._every = np.ones(num_envs, dtype=np.bool_)
        self._num_actions = n_actions
        self._ready = False

    def game_seeds(self) -> tuple[int, ...]:
        """The seed each table's current game was dealt from (seeds: :doc:`/api/envs`)."""
        self._check_ready()
        seeds: tuple[int, ...] = self._tables.game_seeds()
        return seeds

    def _check_ready(self) -> None:
        self._check_open()
        if not self._ready:
            raise UsageError("call reset() before using the environment")
        if self._backend != backend.BACKEND:
            raise UsageError(
                f"this env's tables run on the {self._backend} backend, but the process now "
                f"uses {backend.BACKEND}: make a new env"
            )

    def _check_open(self) -> None:
        if self.closed:
            raise UsageError("this vector env is closed: make a new one")

    def _table_seeds(self, seed: object) -> tuple[int, ...]:
        n = self.num_envs
        derive = backend.core.derive_seed
        if seed is None:
            seed = int(self.np_random.integers(2**63))
        if type(seed) is int:
            if not 0 <= seed < 2**64:
                raise UsageError(f"seed must be an int in [0, 2**64), got {describe(seed)}")
            return tuple(derive(seed, k) for k in range(n))
        if type(seed) in (list, tuple):
            assert isinstance(seed, (list, tuple))
            given = tuple(seed)  # a copy: a list another thread changes is read once
            if len(given) == n and all(type(s) is int and 0 <= s < 2**64 for s in given):
                return given
            raise UsageError(
                f"seed as a sequence must hold {n} ints in [0, 2**64), one table seed per table"
            )
        raise UsageError(
            f"seed must be None, an int in [0, 2**64) or {n} table seeds, got {describe(seed)}"
        )

    def _new_blocks(self) -> tuple[Observations, Block, Block, Block, Block]:
        """Observations, masks, rewards, terminations, truncations."""
        n = self.num_envs
        return (
            np.empty(self._obs_shape, dtype=np.float32),
            np.empty(self._mask_shape, dtype=np.int8),
            np.empty(n, dtype=np.float32),
            np.empty(n, dtype=np.bool_),
            np.empty(n, dtype=np.bool_),
        )

    def _next_blocks(self) -> tuple[Observations, Block, Block, Block, Block]:
        return self._new_blocks() if self.copy else self._blocks

    def _info(self, masks: Block) -> dict[str, Any]:
        return {"action_mask": masks, "_action_mask": self._every.copy()}

    @exclusive.step
    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Deal every table's first game (seeds: :doc:`/api/envs`).

        Raises:
            UsageError: a bad ``seed``, or ``options`` (none are taken); after ``close()``.
        """
        self._check_open()
        if options is not None and (type(options) is not dict or options):
            raise UsageError(f"reset() takes no options, got {describe(options)}")
        seeds = self._table_seeds(seed)
        if self._backend != backend.BACKEND:
            self._check_ready()
        obs, masks, *_ = self._next_blocks()
        self._tables.reset(seeds, obs, masks)
        self._ready = True
        return obs, self._info(masks)

    def _read_actions(self, actions: object) -> None:
        """``actions`` into the env's own int32 block: one int per table, any value out of
        range as -1 (an illegal action). Converting a caller's sequence may run its code,
        which is why this happens before the tables are touched."""
        n = self.num_envs
        if type(actions) is np.ndarray:
            array: Block = actions
        elif type(actions) in (list, tuple):
            try:
                array = np.array(actions)
            except Exception as exc:
                raise UsageError(
                    f"step() could not read the actions ({type(actions).__name__}): "
                    f"{type(exc).__name__}"
                ) from exc
        else:
            raise UsageError(
                f"step() takes {n} integer actions (a NumPy array or a list), "
                f"got {describe(actions)}"
            )
        if array.shape != (n,) or array.dtype.kind not in "iu":
            raise UsageError(
                f"step() takes {n} integer actions, shape ({n},); got shape {array.shape} "
                f"of dtype {array.dtype.name}"
            )
        inside = (array >= 0) & (array < self._num_actions)
        np.copyto(self._actions, np.where(inside, array, -1), casting="unsafe")

    @exclusive.step
    def step(self, actions: Any) -> tuple[Observations, Block, Block, Block, dict[str, Any]]:
        """One action per table; every table steps (autoreset: :doc:`/api/envs`).

        Raises:
            UsageError: before :meth:`reset` or after ``close()``, or ``actions`` that
                are not ``num_envs`` integers.
            IllegalMoveError: an illegal action with ``illegal_action="raise"`` (no
                table changed).
        """
        self._check_ready()
        self._read_actions(actions)
        obs, masks, rewards, terminated, truncated = self._next_blocks()
        first = self._tables.step(
            self._actions,
            obs,
            masks,
            rewards,
            terminated.view(np.int8),
            truncated.view(np.int8),
            self._illegal.view(np.int8),
            self.illegal_action == "raise",
        )
        if first >= 0:
            raise self._illegal_error(first)
        info = self._info(masks)
        if self._illegal.any():
            info["illegal_action"] = self._illegal.copy()
            info["_illegal_action"] = self._illegal.copy()
        return obs, rewards, terminated, truncated, info

    def sample_actions(self, rng: np.random.Generator | None = None) -> npt.NDArray[np.int32]:
        """One uniformly random legal action per table (``int32``, shape ``(num_envs,)``),
        drawn inside the core: the bulk random policy, without a pass over the masks.

        ``rng`` (default: the env's ``np_random``) gives one 64-bit seed per call; table ``k`` draws
        from ``Rng(derive_seed(that seed, k))``, uniformly over its legal actions in canonical
        order. A finished table gets 0 (ignored by the next step's autoreset).

        Raises:
            UsageError: before :meth:`reset` or after ``close()``, or ``rng`` is no NumPy Generator.
        """
        if rng is None:
            rng = self.np_random
        elif not isinstance(rng, np.random.Generator):
            raise UsageError(f"rng must be a numpy.random.Generator, got {describe(rng)}")
        self._check_ready()
        seed = int(rng.integers(2**64, dtype=np.uint64))
        out = np.empty(self.num_envs, dtype=np.int32)
        self._tables.sample(seed, out)
        return out

    def _illegal_error(self, table: int) -> IllegalMoveError:
        action = int(self._actions[table])
        legal: tuple[int, ...] = self._tables.legal_actions(table)
        labels = tuple(str(self.game.action_to_move(a)) for a in legal)
        tried = f"action {action}" if action >= 0 else "an action out of range"
        return IllegalMoveError(
            f"table {table} (seat {self.seat}) cannot play {tried}; legal actions: "
            f"{listed(tuple(str(a) for a in legal))}",
            seat=self.seat,
            action=action if action >= 0 else None,
            legal=labels,
            legal_actions=legal,
        )

    @exclusive.step
    def close_extras(self, /, **kwargs: Any) -> None:
        """Release the tables (``close()`` calls it once); the env takes no call after it."""
        self._ready = False
        self._tables = None
