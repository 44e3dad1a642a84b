"""Aliwar's native vector environment: N tables, each a game of one learner seat against a
built-in opponent of :mod:`.batch`, every table stepped by the rule steps of :mod:`.round`
in one call (compiled, its tables split over threads). The Gymnasium face is
``cardwars.envs.vector``.

A step of one table: at a table whose game ended on the last step, the action is ignored
and the table deals its next game (the autoreset); an illegal action ends the game with
reward -1 (``illegal``); else the learner's action and the opponent's are played at once,
the opponent keeps alone while the learner is not polled, and a game's end gives reward
+1 or -1 to the learner (0 for a draw). A cap (``no_progress``, ``max_rounds``) is a
truncation. The learner's observation is laid out as :mod:`cardwars.envs.encoding` does
(609 floats; the action mask 277 bytes).
"""

from __future__ import annotations

from array import array
from typing import Any

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars._core import CARDWARS_MAX_THREADS, cardwars_run_parallel
    from cython.cimports.cardwars.aliwar.batch import *  # noqa: F403
    from cython.cimports.cardwars.aliwar.position import *  # noqa: F403
    from cython.cimports.cardwars.aliwar.round import *  # noqa: F403
    from cython.cimports.cardwars.aliwar.views import *  # noqa: F403
    from cython.cimports.cpython.object import PyObject
    from cython.cimports.libc.stdlib import free, malloc
    from cython.cimports.libc.string import memset
else:
    from cardwars.core_envs import _block

    from .batch import agent_keep, agent_switch
    from .position import (
        KEEP,
        NO_PROGRESS,
        NUM_ACTIONS,
        OVER,
        SWITCH,
        Position,
        agent_below,
        deal,
        derive,
        reset,
        start_round,
    )
    from .round import keep_is_legal, keep_step, switch_step
    from .views import encode, mask_row

    CARDWARS_MAX_THREADS = 16

from cardwars.core_rng import _check_u64
from cardwars.exclusive import busy_error

from .position import check_flag, check_limit

__all__ = ["AliwarTables"]

if not cython.compiled:
    OBSERVATION_SIZE = 609


@cython.cclass
class Table(Position):
    """One table: its position, and which game of its seed it plays."""

    table_seed: int
    episode: int
    done: bool

    def __init__(self) -> None:
        super().__init__()
        if not cython.compiled:
            self.table_seed = 0
            self.episode = 0
            self.done = False


# --- one table's rules ------------------------------------------------------------------


def table_advance(c: AliwarTables, t: Table) -> None:
    """The opponent keeps alone until the learner is polled or the game is over."""
    o = 1 - c.seat
    while t.phase == KEEP and t.won_count[c.seat] == 0:
        a = agent_keep(t, o, c.opponent)
        if o == 0:
            keep_step(t, a, -1)
        else:
            keep_step(t, -1, a)


def table_deal(c: AliwarTables, t: Table) -> None:
    """The table's next game (AW-2.1), played on by the opponent to the learner's turn;
    the opponent draws from ``derive_seed(game seed, 1 + its seat)``."""
    game_seed = derive(t.table_seed, t.episode)
    reset(t, c.null_switch, c.kept_below, c.double_loss_most, c.limit, c.cap, c.cap_most)
    deal(t, game_seed)
    t.agent_rng[1 - c.seat] = derive(game_seed, 2 - c.seat)
    start_round(t)
    t.done = False
    table_advance(c, t)


def table_legal(c: AliwarTables, t: Table, action: int) -> bool:
    """Whether ``action`` is one of the learner's legal actions now."""
    if t.phase == SWITCH:
        return 0 <= action < t.n_switches
    return t.phase == KEEP and keep_is_legal(t, c.seat, action)


def table_write(c: AliwarTables, t: Table, o: list[float], k: list[int], at: int) -> None:
    """The learner's observation into ``o[609 at ..]`` and its action mask into
    ``k[277 at ..]``."""
    if cython.compiled:
        memset(o + OBSERVATION_SIZE * at, 0, OBSERVATION_SIZE * cython.sizeof(cython.float))
        memset(k + NUM_ACTIONS * at, 1 if t.done else 0, NUM_ACTIONS)
    else:
        for i in range(OBSERVATION_SIZE):
            o[OBSERVATION_SIZE * at + i] = 0
        for i in range(NUM_ACTIONS):  # when done, the next action is ignored: any will do
            k[NUM_ACTIONS * at + i] = 1 if t.done else 0
    o[OBSERVATION_SIZE * at + c.seat] = 1
    encode(t, o, OBSERVATION_SIZE * at + 2, True, t.seen if c.recall else 0)
    if not t.done:
        mask_row(t, c.seat, k, NUM_ACTIONS * at)


def table_step(
    c: AliwarTables,
    t: Table,
    action: int,
    reward: list[float],
    terminated: list[int],
    truncated: list[int],
    illegal: list[int],
    at: int,
) -> None:
    """One table's step (see the module): the autoreset, an illegal action, or the
    learner's action with the opponent's on the same position."""
    o = 1 - c.seat
    reward[at] = 0
    terminated[at] = 0
    truncated[at] = 0
    illegal[at] = 0
    if t.done:  # the autoreset: the action is ignored
        t.episode += 1
        table_deal(c, t)
        return
    if not table_legal(c, t, action):
        reward[at] = -1
        terminated[at] = 1
        illegal[at] = 1
        t.done = True
        return
    if t.phase == SWITCH:
        b = agent_switch(t, o, c.opponent)
        if o == 1:
            switch_step(t, action, b)
        else:
            switch_step(t, b, action)
    else:
        b = agent_keep(t, o, c.opponent)
        if o == 1:
            keep_step(t, action, b)
        else:
            keep_step(t, b, action)
    table_advance(c, t)
    if t.phase == OVER:
        t.done = True
        if t.winner >= 0:
            reward[at] = 1 if t.winner == c.seat else -1
        if t.termination >= NO_PROGRESS:  # a cap
            truncated[at] = 1
        else:
            terminated[at] = 1


def one_table(
    c: AliwarTables,
    t: Table,
    k: int,
    actions: Any,
    obs: list[float],
    masks: list[int],
    rewards: list[float],
    terminated: list[int],
    truncated: list[int],
    illegal: list[int],
) -> None:
    """Table ``k``'s reset (``actions`` NULL / None: its first game) or step, then its
    observation and mask."""
    if actions == cython.NULL:
        t.episode = 0
        table_deal(c, t)
    else:
        table_step(c, t, actions[k], rewards, terminated, truncated, illegal, k)
    table_write(c, t, obs, masks, k)


def run_job(p: Any) -> None:
    """A thread's share of a step (compiled)."""
    if cython.compiled:
        job = cython.cast(cython.pointer(Job), p)  # noqa: F405
        for k in range(job.start, job.stop):
            one_table(
                cython.cast(AliwarTables, job.tables),
                cython.cast(Table, cython.cast(AliwarTables, job.tables)._t[k]),
                k, job.actions, job.obs, job.masks, job.rewards, job.terminated,
                job.truncated, job.illegal,
            )  # fmt: skip


@cython.cclass
class AliwarTables:
    """``count`` Aliwar tables, the learner at ``seat`` against agent code ``opponent``
    (0 random, 1 greedy), under the machine's int options; ``recall`` is
    ``view_recall == "perfect"`` (the observations show every once-seen card)."""

    _tables: list[Table]
    n: int
    seat: int
    opponent: int
    recall: bool
    null_switch: bool
    kept_below: bool
    double_loss_most: bool
    cap_most: bool
    limit: int
    cap: int
    threads: int
    _ready: bool
    _busy: bool

    def __init__(
        self,
        count: object,
        seat: object,
        opponent: object,
        recall: object,
        allow_null_switch: int = 0,
        kept_card_position: int = 0,
        double_loss_result: int = 0,
        no_progress_limit: int = 100,
        max_rounds: int = 1000,
        cap_result: int = 0,
    ) -> None:
        if type(count) is not int or not 1 <= count <= 1 << 20:
            raise ValueError(f"count must be an int from 1 to {1 << 20}, got {count!r}")
        if type(seat) is not int or not 0 <= seat < 2:
            raise ValueError("a seat is 0 or 1 (a plain int)")
        if type(opponent) is not int or opponent not in (0, 1):
            raise ValueError("the opponent is an agent code: 0 (random) or 1 (greedy)")
        self.recall = check_flag(recall, "recall") != 0
        self.null_switch = check_flag(allow_null_switch, "allow_null_switch") != 0
        self.kept_below = check_flag(kept_card_position, "kept_card_position") != 0
        self.double_loss_most = check_flag(double_loss_result, "double_loss_result") != 0
        self.cap_most = check_flag(cap_result, "cap_result") != 0
        self.limit = check_limit(no_progress_limit, "no_progress_limit")
        self.cap = check_limit(max_rounds, "max_rounds")
        self._tables = [Table() for _ in range(count)]
        if cython.compiled:
            free(self._t)
            self._t = cython.cast(
                cython.pointer(cython.pointer(PyObject)),
                malloc(count * cython.sizeof(cython.pointer(PyObject))),
            )
            if self._t == cython.NULL:
                raise MemoryError()
            for k in range(count):
                self._t[k] = cython.cast(cython.pointer(PyObject), self._tables[k])
        self.n = count
        self.seat = seat
        self.opponent = opponent
        self.threads = 1
        self._ready = False
        self._busy = False

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self._t)

    @property
    def count(self) -> int:
        """How many tables."""
        return self.n

    @property
    def observation_size(self) -> int:
        """The floats of one table's observation."""
        return OBSERVATION_SIZE

    @property
    def num_actions(self) -> int:
        """The entries of one table's action mask."""
        return NUM_ACTIONS

    def set_threads(self, threads: object) -> None:
        """Split every step's tables over ``threads`` threads (1 to 16; the results do not
        depend on it: every table is stepped on its own)."""
        if type(threads) is not int or not 1 <= threads <= CARDWARS_MAX_THREADS:
            raise ValueError(f"threads must be an int from 1 to {CARDWARS_MAX_THREADS}")
        self.threads = threads

    def _enter(self) -> int:
        if self._busy:
            raise busy_error()
        self._busy = True
        return 0

    def _run(self, job: Any) -> int:
        # The step (or reset) of every table, compiled: its tables split over the threads.
        if cython.compiled:
            jobs = cython.declare(Job[16])  # noqa: F405
            args = cython.declare(cython.p_void[16])
            parts = self.threads
            job.tables = cython.cast(cython.pointer(PyObject), self)
            if parts > self.n:
                parts = self.n
            for i in range(parts):
                jobs[i] = job[0]
                jobs[i].start = self.n * i // parts
                jobs[i].stop = self.n * (i + 1) // parts
                args[i] = cython.address(jobs[i])
            with cython.nogil:
                if parts == 1:
                    run_job(args[0])
                else:
                    cardwars_run_parallel(run_job, args, parts)
        return 0

    def _check_blocks(self, obs: Any, masks: Any) -> int:
        n = self.n
        if cython.compiled:  # obs and masks: typed memoryviews (the .pxd)
            if obs.shape[0] != n or obs.shape[1] != OBSERVATION_SIZE:
                raise ValueError(f"the observation block must be ({n}, 609) float32")
            if masks.shape[0] != n or masks.shape[1] != NUM_ACTIONS:
                raise ValueError(f"the mask block must be ({n}, 277) int8")
        else:
            _block(obs, "f", n * OBSERVATION_SIZE, "the observation block")
            _block(masks, "b", n * NUM_ACTIONS, "the mask block")
        return 0

    def reset(self, seeds: object, obs: Any, masks: Any) -> None:
        """Deal every table's first game: table ``k``'s table seed is ``seeds[k]``."""
        if cython.compiled:  # each block taken once, as a typed memoryview
            o = cython.declare(cython.float[:, ::1], obs)
            m = cython.declare(cython.schar[:, ::1], masks)
            self._check_blocks(o, m)
        else:
            self._check_blocks(obs, masks)
        if type(seeds) is not tuple or len(seeds) != self.n:
            raise ValueError(f"seeds must be a tuple of {self.n} table seeds")
        for value in seeds:  # every seed checked before a table changes
            if type(value) is not int:
                raise ValueError("a table seed is an int in [0, 2**64)")
            _check_u64(value, "a table seed")
        self._enter()
        try:
            for k in range(self.n):
                cython.cast(Table, self._tables[k]).table_seed = seeds[k]
            if cython.compiled:
                job = cython.declare(Job)  # noqa: F405
                memset(cython.address(job), 0, cython.sizeof(Job))  # noqa: F405
                job.obs = cython.address(o[0, 0])
                job.masks = cython.address(m[0, 0])
                self._run(cython.address(job))
            else:
                _run_interpreted(self, (obs, masks, None, None, None, None, None), False)
            self._ready = True
        finally:
            self._busy = False

    @cython.locals(k=cython.Py_ssize_t, t=Table, action=cython.int)
    def step(
        self,
        actions: Any,
        obs: Any,
        masks: Any,
        rewards: Any,
        terminated: Any,
        truncated: Any,
        illegal: Any,
        strict: bool,
    ) -> int:
        """Step every table (see the module); -1, or with ``strict`` the first table whose
        action is illegal (then nothing changed)."""
        n = self.n
        if cython.compiled:  # each block taken once, as a typed memoryview
            o = cython.declare(cython.float[:, ::1], obs)
            m = cython.declare(cython.schar[:, ::1], masks)
            a = cython.declare(cython.int[::1], actions)
            r = cython.declare(cython.float[::1], rewards)
            f0 = cython.declare(cython.schar[::1], terminated)
            f1 = cython.declare(cython.schar[::1], truncated)
            f2 = cython.declare(cython.schar[::1], illegal)
            self._check_blocks(o, m)
            if (
                a.shape[0] != n
                or r.shape[0] != n
                or f0.shape[0] != n
                or f1.shape[0] != n
                or f2.shape[0] != n
            ):
                raise ValueError(f"every per-table block must have {n} entries")
        else:
            self._check_blocks(obs, masks)
            chosen = memoryview(actions).cast("B").cast("i").tolist()
            _block(rewards, "f", n, "the reward block")
            for block in (terminated, truncated, illegal):
                _block(block, "b", n, "a flag block")
            if len(chosen) != n:
                raise ValueError(f"every per-table block must have {n} entries")
        if not self._ready:
            raise ValueError("reset() the tables before stepping them")
        self._enter()
        try:
            if strict:  # every table's action checked before any table changes
                for k in range(n):
                    t = cython.cast(Table, self._tables[k])
                    if cython.compiled:  # noqa: SIM108 (a is compiled only)
                        action = a[k]
                    else:
                        action = chosen[k]
                    if not t.done and not table_legal(self, t, action):
                        return k
            if cython.compiled:
                job = cython.declare(Job)  # noqa: F405
                job.actions = cython.address(a[0])
                job.obs = cython.address(o[0, 0])
                job.masks = cython.address(m[0, 0])
                job.rewards = cython.address(r[0])
                job.terminated = cython.address(f0[0])
                job.truncated = cython.address(f1[0])
                job.illegal = cython.address(f2[0])
                self._run(cython.address(job))
            else:
                blocks = (obs, masks, actions, rewards, terminated, truncated, illegal)
                _run_interpreted(self, blocks, True)
            return -1
        finally:
            self._busy = False

    @cython.locals(base=cython.ulonglong, k=cython.Py_ssize_t)
    def sample(self, seed: object, out: Any) -> None:
        """A uniformly random legal action of the learner at every table into ``out``
        (0 at a finished table), table k drawing from ``Rng(derive_seed(seed, k))``
        ``legal[rng.below(len(legal))]`` over its legal actions in canonical order."""
        base = _check_u64(seed, "seed")
        if cython.compiled:
            view = cython.declare(cython.int[::1], out)
            if view.shape[0] != self.n:
                raise ValueError(f"the action block must have {self.n} entries")
        else:
            view = memoryview(out).cast("B").cast("i")
            if len(view) != self.n:
                raise ValueError(f"the action block must have {self.n} entries")
        if not self._ready:
            raise ValueError("reset() the tables before sampling their actions")
        for k in range(self.n):
            view[k] = _sample(cython.cast(Table, self._tables[k]), self.seat, derive(base, k))

    def legal_actions(self, table: object) -> tuple[int, ...]:
        """The learner's legal actions at ``table`` now (none when its game is over)."""
        if type(table) is not int or not 0 <= table < self.n:
            raise ValueError(f"a table is an int 0..{self.n - 1}")
        t = cython.cast(Table, self._tables[table])
        if not self._ready or t.done:
            return ()
        row = [0] * NUM_ACTIONS
        if cython.compiled:
            k = cython.declare(cython.schar[277])
            memset(k, 0, NUM_ACTIONS)
            mask_row(t, self.seat, k, 0)
            for a in range(NUM_ACTIONS):
                row[a] = k[a]
        else:
            mask_row(t, self.seat, row, 0)
        return tuple([a for a in range(NUM_ACTIONS) if row[a]])

    def game_seeds(self) -> tuple[int, ...]:
        """The seed each table's current game was dealt from."""
        return tuple([_game_seed(cython.cast(Table, t)) for t in self._tables])

    def episodes(self) -> tuple[int, ...]:
        """How many games each table has finished and left (its current game's index)."""
        return tuple([_episode(cython.cast(Table, t)) for t in self._tables])

    def __reduce__(self) -> tuple[Any, ...]:
        raise TypeError(
            "vector tables do not pickle: make new ones and reset them with the same seeds"
        )


if not cython.compiled:

    def _run_interpreted(tables: AliwarTables, blocks: tuple[Any, ...], stepping: bool) -> None:
        # The step (or reset) of every table, interpreted: the blocks as lists, then back.
        obs, masks, actions, rewards, terminated, truncated, illegal = blocks
        n = tables.n
        flat_obs = _block(obs, "f", n * OBSERVATION_SIZE, "the observation block")
        flat_masks = _block(masks, "b", n * NUM_ACTIONS, "the mask block")
        o_list = [0.0] * (n * OBSERVATION_SIZE)
        m_list = [0] * (n * NUM_ACTIONS)
        chosen = memoryview(actions).cast("B").cast("i").tolist() if stepping else None
        r_list = [0.0] * n
        flags = [[0] * n, [0] * n, [0] * n]
        for k in range(n):
            one_table(
                tables, tables._tables[k], k, chosen, o_list, m_list, r_list, flags[0],
                flags[1], flags[2],
            )  # fmt: skip
        flat_obs[:] = array("f", o_list)
        flat_masks[:] = bytes([v & 0xFF for v in m_list])
        if stepping:
            _block(rewards, "f", n, "the reward block")[:] = array("f", r_list)
            for block, values in zip((terminated, truncated, illegal), flags, strict=True):
                _block(block, "b", n, "a flag block")[:] = bytes(values)


def _game_seed(t: Table) -> int:
    return derive(t.table_seed, t.episode)


def _episode(t: Table) -> int:
    return t.episode


def _sample(t: Table, seat: int, rng: int) -> int:
    # The random agent's choice at table t, from a fresh RNG: its switch, or its keep
    # (uniform over the canonical order); 0 at a finished table.
    if t.done:
        return 0
    t.agent_rng[seat], rng = rng, t.agent_rng[seat]
    choice = agent_below(t, seat, t.n_switches) if t.phase == SWITCH else agent_keep(t, seat, 0)
    t.agent_rng[seat] = rng
    return choice
