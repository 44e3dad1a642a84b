"""The plumbing every game's native vector tables share (:class:`VectorTables`; what a game's
tables add: the ``vector_tables.py`` row of :doc:`/contributing`)."""

from __future__ import annotations

from typing import Any

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars._core import (
        CARDWARS_MAX_THREADS,
        _check_u64,
        cardwars_run_parallel,
    )
    from cython.cimports.libc.string import memset
else:
    from cardwars.core_envs import _block
    from cardwars.core_rng import _check_u64

    CARDWARS_MAX_THREADS = 16

from cardwars.exclusive import busy_error

__all__ = ["VectorTables"]


class JobLists:
    """The interpreted ``Job``: the blocks of a step (flat memoryviews)."""

    def __init__(self) -> None:
        self.tables: Any = None
        self.config: Any = None
        self.actions: Any = None
        self.obs: Any = None
        self.masks: Any = None
        self.rewards: Any = None
        self.terminated: Any = None
        self.truncated: Any = None
        self.illegal: Any = None
        self.start = self.stop = 0


if not cython.compiled:  # compiled, the C struct of vector_tables.pxd stands
    Job = JobLists


@cython.cclass
class VectorTables:
    """A game's ``count`` tables, stepped together (the base of each game's tables)."""

    n: int
    size: int
    width: int
    threads: int
    _ready: bool
    _busy: bool
    runner: Any
    job_tables: Any
    job_config: Any

    def _setup(self, n: int, size: int, width: int, runner: Any, tables: Any, config: Any) -> int:
        """``n`` tables of observations of ``size`` floats and masks of ``width`` bytes,
        stepped by ``runner`` (the game's ``run_job``) on ``tables`` and ``config``."""
        self.n = n
        self.size = size
        self.width = width
        self.runner = runner
        self.job_tables = tables
        self.job_config = config
        self.threads = 1
        self._ready = False
        self._busy = False
        return 0

    @property
    def count(self) -> int:
        """How many tables."""
        return self.n

    @property
    def observation_size(self) -> int:
        """The floats of one table's observation."""
        return self.size

    @property
    def num_actions(self) -> int:
        """The entries of one table's action mask (the game's actions)."""
        return self.width

    def set_threads(self, threads: object) -> None:
        """Split every step's tables over ``threads`` threads (1 to 16; the results do not
        depend on it: every table is stepped on its own; interpreted, one after another)."""
        if type(threads) is not int or not 1 <= threads <= CARDWARS_MAX_THREADS:
            raise ValueError(f"threads must be an int from 1 to {CARDWARS_MAX_THREADS}")
        self.threads = threads

    def _enter(self) -> int:
        if self._busy:
            raise busy_error()
        self._busy = True
        return 0

    def _seed(self, k: int, seed: int) -> int:
        """Table ``k`` takes table seed ``seed`` (the game's tables say how)."""
        raise NotImplementedError

    def _refuses(self, k: int, action: int) -> bool:
        """Whether table ``k``'s game goes on and ``action`` is not legal there (the game's
        tables say; here, never)."""
        return False

    def _run(self, job: Any) -> int:
        """The step (or reset) of every table: compiled, its tables split over the threads."""
        job.tables = self.job_tables
        job.config = self.job_config
        if cython.compiled:
            jobs = cython.declare(Job[CARDWARS_MAX_THREADS])
            args = cython.declare(cython.p_void[CARDWARS_MAX_THREADS])
            parts = self.threads
            if parts > self.n:
                parts = cython.cast(cython.int, self.n)
            for i in range(parts):
                jobs[i] = job[0]
                jobs[i].start = self.n * i // parts
                jobs[i].stop = self.n * (i + 1) // parts
                args[i] = cython.address(jobs[i])
            with cython.nogil:
                if parts == 1:
                    self.runner(args[0])
                else:
                    cardwars_run_parallel(self.runner, args, parts)
        else:  # one after another
            job.start, job.stop = 0, self.n
            self.runner(job)
        return 0

    def _shapes(self, rows: int, size: int, mask_rows: int, width: int) -> int:
        """Raise ValueError unless the observation block is (count, observation_size) and
        the mask block (count, num_actions)."""
        if rows != self.n or size != self.size:
            raise ValueError(f"the observation block must be ({self.n}, {self.size}) float32")
        if mask_rows != self.n or width != self.width:
            raise ValueError(f"the mask block must be ({self.n}, {self.width}) int8")
        return 0

    def _blocks(self, obs: Any, masks: Any) -> tuple[Any, Any]:
        """The interpreted build's observation and mask blocks: checked, flat."""
        o, k = obs, masks
        if not cython.compiled:  # compiled, step() and reset() take typed memoryviews
            o, k = memoryview(obs), memoryview(masks)
            self._shapes(o.shape[0], o.shape[1], k.shape[0], k.shape[1])  # type: ignore[index]
            o = _block(obs, "f", self.n * self.size, "the observation block")
            k = _block(masks, "b", self.n * self.width, "the mask block")
        return o, k

    @cython.locals(k=cython.Py_ssize_t)
    def reset(self, seeds: object, obs: Any, masks: Any) -> None:
        """Deal every table's first game: table ``k``'s table seed is ``seeds[k]``."""
        if cython.compiled:  # each block taken once, as a typed memoryview
            job = cython.declare(Job)
            ov = cython.declare(cython.float[:, ::1], obs)
            kv = cython.declare(cython.schar[:, ::1], masks)
            self._shapes(ov.shape[0], ov.shape[1], kv.shape[0], kv.shape[1])
        else:
            job = JobLists()
            job.obs, job.masks = self._blocks(obs, masks)
        if type(seeds) is not tuple or len(cython.cast(tuple, seeds)) != self.n:
            raise ValueError(f"seeds must be a tuple of {self.n} table seeds")
        for value in cython.cast(tuple, seeds):  # every seed checked before a table changes
            if type(value) is not int:
                raise ValueError("a table seed is an int in [0, 2**64)")
            _check_u64(value, "a table seed")
        self._enter()
        try:
            for k in range(self.n):
                self._seed(k, cython.cast(tuple, seeds)[k])
            if cython.compiled:
                memset(cython.address(job), 0, cython.sizeof(Job))
                job.obs = cython.address(ov[0, 0])
                job.masks = cython.address(kv[0, 0])
                self._run(cython.address(job))
            else:
                self._run(job)
            self._ready = True
        finally:
            self._busy = False

    @cython.locals(k=cython.Py_ssize_t, wrong=cython.bint)
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
        """Step every table (the game's module states a step): -1, or with ``strict`` the
        first table whose action is illegal (then nothing changed)."""
        n = self.n
        if cython.compiled:  # each block taken once, as a typed memoryview
            job = cython.declare(Job)
            ov = cython.declare(cython.float[:, ::1], obs)
            kv = cython.declare(cython.schar[:, ::1], masks)
            self._shapes(ov.shape[0], ov.shape[1], kv.shape[0], kv.shape[1])
            a = cython.declare(cython.const[cython.int][::1], actions)
            r = cython.declare(cython.float[::1], rewards)
            te = cython.declare(cython.schar[::1], terminated)
            tr = cython.declare(cython.schar[::1], truncated)
            il = cython.declare(cython.schar[::1], illegal)
            wrong = (
                a.shape[0] != n
                or r.shape[0] != n
                or te.shape[0] != n
                or tr.shape[0] != n
                or il.shape[0] != n
            )
        else:
            job = JobLists()
            job.obs, job.masks = self._blocks(obs, masks)
            a = memoryview(actions).cast("B").cast("i")
            r = _block(rewards, "f", 0, "the reward block")
            te = _block(terminated, "b", 0, "a flag block")
            tr = _block(truncated, "b", 0, "a flag block")
            il = _block(illegal, "b", 0, "a flag block")
            wrong = (len(a), len(r), len(te), len(tr), len(il)) != (n, n, n, n, n)
        if wrong:
            raise ValueError(f"every per-table block must have {n} entries")
        if not self._ready:
            raise ValueError("reset() the tables before stepping them")
        self._enter()
        try:
            if strict:  # every table's action checked before any table changes
                for k in range(n):
                    if self._refuses(k, a[k]):
                        return k
            if cython.compiled:
                job.obs = cython.address(ov[0, 0])
                job.masks = cython.address(kv[0, 0])
                job.actions = cython.address(a[0])
                job.rewards = cython.address(r[0])
                job.terminated = cython.address(te[0])
                job.truncated = cython.address(tr[0])
                job.illegal = cython.address(il[0])
                self._run(cython.address(job))
            else:
                job.actions, job.rewards = a, r
                job.terminated, job.truncated, job.illegal = te, tr, il
                self._run(job)
            return -1
        finally:
            self._busy = False

    def _table_index(self, table: object) -> int:
        """``table`` checked: an int 0..count - 1."""
        if type(table) is not int or not 0 <= table < self.n:
            raise ValueError(f"a table is an int 0..{self.n - 1}")
        return table

    def __reduce__(self) -> tuple[Any, ...]:
        raise TypeError(
            "vector tables do not pickle: make new ones and reset them with the same seeds"
        )
