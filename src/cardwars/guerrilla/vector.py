"""Guerrilla's native vector environment: N tables of one learner seat against built-in opponents at
every other seat, every table stepped by the rule steps in one call.

The Gymnasium face is :mod:`cardwars.envs.vector`. A step of the tables, table by table (compiled,
the tables are split over ``threads`` C threads; the results do not depend on it): a table whose
last step ended its game deals its next game (the autoreset: the action is ignored); an action that
is not one of the learner's legal actions ends the game with reward -1, ``terminated`` and
``illegal``; else the learner's action and the polled opponents' (each chosen on the same position,
as the batch loop's agents do: ``greedy.greedy``, or a uniform draw from the seat's own RNG) make
one step, and the opponents play on while they alone are polled. At the end of a game the reward is
+1 for a winning learner and -1 for a losing one (0 for a game without winners); the end at
``max_skirmishes`` is a truncation. Then the table's observation (the learner's, as
:mod:`cardwars.envs.encoding` lays it out: ``64 * players + 115`` floats) and its mask of legal
actions (2,968 bytes) are written. Table ``k``'s games are dealt from
``derive_seed(seeds[k], episode)``; seat ``s``'s opponent draws from
``derive_seed(game seed, 1 + s)``."""

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
    from cython.cimports.cardwars.guerrilla.board import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.greedy import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.promotion import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.restore import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.turns import legal as legal_of
    from cython.cimports.cardwars.guerrilla.turns import step
    from cython.cimports.cardwars.guerrilla.views import *  # noqa: F403
    from cython.cimports.libc.stdint import uint64_t
    from cython.cimports.libc.stdlib import calloc, free
    from cython.cimports.libc.string import memset

    from cardwars.guerrilla.board import BoardLists  # the interpreted tables' (unused)
else:
    uint64_t = cython.ulonglong  # the RNG states (C: libc uint64_t)
    from cardwars.core_envs import _block
    from cardwars.core_rng import _check_u64

    from .board import (
        MAX_SKIRMISHES,
        NACT,
        NOPT,
        O_TWO_SUIT,
        OVER,
        Board,
        BoardLists,
        below,
        derive,
        init_board,
    )
    from .greedy import greedy
    from .promotion import deal
    from .restore import options_of
    from .turns import legal as legal_of
    from .turns import step
    from .views import encode

    CARDWARS_MAX_THREADS = 16
    LEGAL_BYTES = 371


from cardwars.exclusive import busy_error

__all__ = ["GuerrillaTables"]


class ConfigLists:
    """The interpreted ``Config``: what every table shares."""

    def __init__(self) -> None:
        self.players = self.seat = self.opponent = self.size = 0
        self.opt = [0] * NOPT


class TableLists:
    """The interpreted ``Table``: one table's game and its opponents' RNGs."""

    def __init__(self) -> None:
        self.g = BoardLists()
        self.table_seed = 0
        self.episode = 0
        self.rng = [0] * 4
        self.done = False
        self.legal = [0] * LEGAL_BYTES


class JobLists:
    """The interpreted ``Job``: the blocks of a step (flat memoryviews)."""

    def __init__(self) -> None:
        self.c: Any = None
        self.t: Any = None
        self.actions: Any = None
        self.obs: Any = None
        self.masks: Any = None
        self.rewards: Any = None
        self.terminated: Any = None
        self.truncated: Any = None
        self.illegal: Any = None
        self.start = self.stop = 0


if not cython.compiled:  # compiled, the C structs of vector.pxd stand
    Config = ConfigLists
    Table = TableLists
    Job = JobLists


if LEGAL_BYTES * 8 < NACT:
    raise ImportError("a table's legal-action bits are fewer than the actions")


def _board(t: Table) -> Board:
    """The table's position (compiled: its address)."""
    if cython.compiled:
        return cython.address(t.g)
    return t.g


def _table(tables: Any, k: int) -> Table:
    """Table ``k`` (compiled: its address)."""
    if cython.compiled:
        return cython.address(tables[k])
    return tables[k]  # type: ignore[no-any-return]


def choose(c: Config, t: Table, chosen: Any) -> None:
    """Every polled opponent's action, on the position as it is (-1 elsewhere)."""
    legal = cython.declare(cython.int[NACT])
    g = _board(t)
    for s in range(4):
        chosen[s] = -1
    for s in range(c.players):
        if s == c.seat or not (g.to_act >> s) & 1:
            continue
        m = legal_of(g, s, legal)
        if c.opponent:
            chosen[s] = legal[greedy(g, s, legal, m)]
        else:
            chosen[s] = legal[below(t.rng, s, m)]


def advance(c: Config, t: Table) -> None:
    """The opponents play while they alone are polled."""
    chosen = cython.declare(cython.int[4])
    g = _board(t)
    while g.phase != OVER and not (g.to_act >> c.seat) & 1:
        choose(c, t, chosen)
        step(g, chosen, cython.NULL)


def deal_table(c: Config, t: Table) -> None:
    """The table's next game (GT-2), played on by the opponents to the learner's turn."""
    g = _board(t)
    game_seed = derive(t.table_seed, t.episode)
    init_board(g, c.players, c.opt, game_seed)
    deal(g, cython.NULL)
    for s in range(c.players):
        t.rng[s] = derive(game_seed, 1 + s)
    t.done = False
    advance(c, t)


def is_legal(t: Table, action: int) -> bool:
    """Read from the bits :func:`write` set: every change of a table is followed by a write."""
    if action < 0 or action >= NACT:
        return False
    return ((t.legal[action >> 3] >> (action & 7)) & 1) != 0


def write(c: Config, t: Table, o: Any, obase: int, k: Any, kbase: int) -> None:
    """The table's observation at ``o[obase]`` and its mask at ``k[kbase]``; its legal bits."""
    legal = cython.declare(cython.int[NACT])
    g = _board(t)
    encode(g, o, obase, c.seat)
    fill = 1 if t.done else 0  # done: the next action is ignored (the autoreset): any will do
    if cython.compiled:
        memset(t.legal, 0, LEGAL_BYTES)
        memset(k + kbase, fill, NACT)
    else:
        for i in range(LEGAL_BYTES):
            t.legal[i] = 0
        for i in range(NACT):
            k[kbase + i] = fill
    if t.done:
        return
    if g.phase != OVER and (g.to_act >> c.seat) & 1:
        m = legal_of(g, c.seat, legal)
        for i in range(m):
            k[kbase + legal[i]] = 1
            t.legal[legal[i] >> 3] |= 1 << (legal[i] & 7)


def step_table(
    c: Config,
    t: Table,
    action: int,
    at: int,
    rewards: Any,
    terminated: Any,
    truncated: Any,
    illegal: Any,
) -> None:
    """One table's step (the module's docstring states it), its flags at ``[at]``."""
    chosen = cython.declare(cython.int[4])
    g = _board(t)
    rewards[at] = 0.0
    terminated[at] = truncated[at] = illegal[at] = 0
    if t.done:  # the autoreset: the action is ignored
        t.episode += 1
        deal_table(c, t)
        return
    if not is_legal(t, action):
        rewards[at] = -1.0
        terminated[at] = illegal[at] = 1
        t.done = True
        return
    choose(c, t, chosen)
    chosen[c.seat] = action
    step(g, chosen, cython.NULL)
    advance(c, t)
    if g.phase == OVER:
        t.done = True
        if g.result_winners_n:
            rewards[at] = -1.0
            for i in range(g.result_winners_n):
                if g.result_winners[i] == c.seat:
                    rewards[at] = 1.0
        if g.termination == MAX_SKIRMISHES:  # a cap
            truncated[at] = 1
        else:
            terminated[at] = 1


def run_job(p: Any) -> None:
    """One thread's share of a step (or of a reset: no actions)."""
    if cython.compiled:  # noqa: SIM108 (the compiled branch alone is C)
        job = cython.cast(cython.pointer(Job), p)
    else:
        job = p
    size = job.c.size
    for k in range(job.start, job.stop):
        if job.actions == cython.NULL:  # a reset: every table's first game
            job.t[k].episode = 0
            deal_table(job.c, _table(job.t, k))
        else:
            step_table(
                job.c,
                _table(job.t, k),
                job.actions[k],
                k,
                job.rewards,
                job.terminated,
                job.truncated,
                job.illegal,
            )
        write(job.c, _table(job.t, k), job.obs, size * k, job.masks, NACT * k)


class GuerrillaTables:
    """``count`` Guerrilla tables of ``players`` seats, the learner at ``seat`` against
    agent code ``opponent`` (0 random, 1 greedy) at every other seat, under the machine's
    int options (``guerrilla_deal``'s). The module's docstring states a step.

    Raises:
        ValueError: a count, seat, opponent or option out of range.
        TypeError: an unknown option."""

    t: Any
    n: int
    c: Config
    threads: int
    _ready: bool
    _busy: bool
    _tables: Any

    def __cinit__(self) -> None:
        if cython.compiled:
            self.t = cython.NULL
        else:
            self.c = ConfigLists()
            self.t = []
            self._busy = False

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self.t)

    def __init__(
        self, count: object, players: object, seat: object, opponent: object, **options: object
    ) -> None:
        if not cython.compiled:
            self.__cinit__()
        if type(count) is not int or not 1 <= count <= 1 << 20:
            raise ValueError(f"count must be an int from 1 to {1 << 20}, got {count!r}")
        if type(players) is not int or not 2 <= players <= 4:
            raise ValueError(f"players must be 2..4, got {players!r}")
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"a seat is a plain int 0..{players - 1}")
        if type(opponent) is not int or opponent not in (0, 1):
            raise ValueError("the opponent is an agent code: 0 (random) or 1 (greedy)")
        values = options_of(options)
        if values[O_TWO_SUIT] and players != 2:
            raise ValueError("two_suit_variant is for 2 players")
        for i in range(NOPT):
            self.c.opt[i] = values[i]
        if cython.compiled:
            free(self.t)
            self.t = cython.cast(cython.pointer(Table), calloc(count, cython.sizeof(Table)))
            if self.t == cython.NULL:
                raise MemoryError()
        else:
            self.t = [TableLists() for _ in range(count)]
        self.n = count
        self.c.players = players
        self.c.seat = seat
        self.c.opponent = opponent
        self.c.size = 64 * players + 115
        self.threads = 1
        self._ready = False

    @property
    def count(self) -> int:
        """The number of tables."""
        return self.n

    @property
    def observation_size(self) -> int:
        """The floats of one table's observation row."""
        return self.c.size

    @property
    def num_actions(self) -> int:
        """The bytes of one table's mask row (the game's actions)."""
        return NACT

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

    def _run(self, job: Job) -> None:
        """The step (or reset) of every table, its tables split over the threads."""
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
            if parts == 1:
                run_job(args[0])
            else:
                cardwars_run_parallel(run_job, args, parts)
        else:  # one after another
            job.start, job.stop = 0, self.n
            run_job(job)

    def _shapes(self, rows: int, size: int, mask_rows: int, width: int) -> int:
        """Raise ValueError unless the observation block is (count, observation_size) and
        the mask block (count, num_actions)."""
        if rows != self.n or size != self.c.size:
            raise ValueError(f"the observation block must be ({self.n}, {self.c.size}) float32")
        if mask_rows != self.n or width != NACT:
            raise ValueError(f"the mask block must be ({self.n}, {NACT}) int8")
        return 0

    def _blocks(self, obs: Any, masks: Any) -> tuple[Any, Any]:
        """The interpreted build's observation and mask blocks: checked, flat."""
        o, k = obs, masks
        if not cython.compiled:  # compiled, step() and reset() take typed memoryviews
            o, k = memoryview(obs), memoryview(masks)
            self._shapes(o.shape[0], o.shape[1], k.shape[0], k.shape[1])  # type: ignore[index]
            o = _block(obs, "f", self.n * self.c.size, "the observation block")
            k = _block(masks, "b", self.n * NACT, "the mask block")
        return o, k

    def reset(self, seeds: object, obs: Any, masks: Any) -> None:
        """Deal every table's first game: table ``k``'s table seed is ``seeds[k]``."""
        if cython.compiled:
            job = cython.declare(Job)
        if cython.compiled:
            ov = cython.declare(cython.float[:, ::1], obs)
            kv = cython.declare(cython.schar[:, ::1], masks)
            self._shapes(ov.shape[0], ov.shape[1], kv.shape[0], kv.shape[1])
        else:
            o, k = self._blocks(obs, masks)
        if type(seeds) is not tuple or len(cython.cast(tuple, seeds)) != self.n:
            raise ValueError(f"seeds must be a tuple of {self.n} table seeds")
        for value in cython.cast(tuple, seeds):  # every seed checked before a table changes
            if type(value) is not int:
                raise ValueError("a table seed is an int in [0, 2**64)")
            _check_u64(value, "a table seed")
        self._enter()
        try:
            for i in range(self.n):
                self.t[i].table_seed = cython.cast(tuple, seeds)[i]
            if cython.compiled:
                memset(cython.address(job), 0, cython.sizeof(Job))
                job.obs = cython.address(ov[0, 0])
                job.masks = cython.address(kv[0, 0])
            else:
                job = JobLists()
                job.obs, job.masks = o, k
            if cython.compiled:
                job.c = cython.address(self.c)
            else:
                job.c = self.c
            job.t = self.t
            job.actions = cython.NULL
            if cython.compiled:
                with cython.nogil:
                    self._run(cython.address(job))
            else:
                self._run(job)
            self._ready = True
        finally:
            self._busy = False

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
        """Step every table (the module's docstring states it): -1, or with ``strict`` the
        first table whose action is illegal (then nothing changed)."""
        if cython.compiled:
            job = cython.declare(Job)
        n = self.n
        if cython.compiled:
            ov = cython.declare(cython.float[:, ::1], obs)
            kv = cython.declare(cython.schar[:, ::1], masks)
            self._shapes(ov.shape[0], ov.shape[1], kv.shape[0], kv.shape[1])
            a = cython.declare(cython.const[cython.int][::1], actions)
            r = cython.declare(cython.float[::1], rewards)
            te = cython.declare(cython.schar[::1], terminated)
            tr = cython.declare(cython.schar[::1], truncated)
            il = cython.declare(cython.schar[::1], illegal)
            sizes = (a.shape[0], r.shape[0], te.shape[0], tr.shape[0], il.shape[0])
        else:
            o, k = self._blocks(obs, masks)
            a = memoryview(actions).cast("B").cast("i")
            r = _block(rewards, "f", 0, "the reward block")
            te = _block(terminated, "b", 0, "a flag block")
            tr = _block(truncated, "b", 0, "a flag block")
            il = _block(illegal, "b", 0, "a flag block")
            sizes = (len(a), len(r), len(te), len(tr), len(il))
        if sizes != (n, n, n, n, n):
            raise ValueError(f"every per-table block must have {n} entries")
        if not self._ready:
            raise ValueError("reset() the tables before stepping them")
        self._enter()
        try:
            if strict:  # every table's action checked before any table changes
                for i in range(n):
                    if not self.t[i].done and not is_legal(_table(self.t, i), a[i]):
                        return i
            if cython.compiled:
                job.obs = cython.address(ov[0, 0])
                job.masks = cython.address(kv[0, 0])
                job.actions = cython.address(a[0])
                job.rewards = cython.address(r[0])
                job.terminated = cython.address(te[0])
                job.truncated = cython.address(tr[0])
                job.illegal = cython.address(il[0])
            else:
                job = JobLists()
                job.obs, job.masks, job.actions = o, k, a
                job.rewards, job.terminated, job.truncated, job.illegal = r, te, tr, il
            if cython.compiled:
                job.c = cython.address(self.c)
            else:
                job.c = self.c
            job.t = self.t
            if cython.compiled:
                with cython.nogil:
                    self._run(cython.address(job))
            else:
                self._run(job)
            return -1
        finally:
            self._busy = False

    def sample(self, seed: object, out: Any) -> None:
        """A uniformly random legal action of the learner at every table into ``out``
        (0 at a finished table), table ``k`` drawing from ``Rng(derive_seed(seed, k))``."""
        legal = cython.declare(cython.int[NACT])
        rngs = cython.declare(uint64_t[1])
        base = _check_u64(seed, "seed")
        if cython.compiled:
            o = cython.declare(cython.int[::1], out)
            count = o.shape[0]
        else:
            o = memoryview(out).cast("B").cast("i")
            count = len(o)
        if count != self.n:
            raise ValueError(f"the action block must have {self.n} entries")
        if not self._ready:
            raise ValueError("reset() the tables before sampling their actions")
        with cython.nogil:
            for i in range(self.n):
                t = _table(self.t, i)
                g = _board(t)
                rngs[0] = derive(base, i)
                if t.done or g.phase == OVER or not (g.to_act >> self.c.seat) & 1:
                    o[i] = 0
                else:
                    m = legal_of(g, self.c.seat, legal)
                    o[i] = legal[below(rngs, 0, m)]

    def legal_actions(self, table: object) -> tuple[int, ...]:
        """The learner's legal actions at ``table`` now (none when its game is over)."""
        legal = cython.declare(cython.int[NACT])
        if type(table) is not int or not 0 <= table < self.n:
            raise ValueError(f"a table is an int 0..{self.n - 1}")
        i = cython.declare(cython.Py_ssize_t, table)
        t = _table(self.t, i)
        g = _board(t)
        if not self._ready or t.done or g.phase == OVER or not (g.to_act >> self.c.seat) & 1:
            return ()
        m = legal_of(g, self.c.seat, legal)
        return tuple(sorted([legal[j] for j in range(m)]))

    def game_seeds(self) -> tuple[int, ...]:
        """The seed each table's current game was dealt from."""
        return tuple([derive(self.t[i].table_seed, self.t[i].episode) for i in range(self.n)])

    def episodes(self) -> tuple[int, ...]:
        """How many games each table has finished and left (its current game's index)."""
        return tuple([self.t[i].episode for i in range(self.n)])

    def __reduce__(self) -> tuple[Any, ...]:
        raise TypeError(
            "vector tables do not pickle: make new ones and reset them with the same seeds"
        )
