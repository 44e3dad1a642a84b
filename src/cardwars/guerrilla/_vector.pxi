# Guerrilla's native vector environment (included by _machine.pyx): N tables of one learner
# seat against built-in opponents at every other seat, every table stepped by the rule
# steps of _steps.pxi in one call, the opponents choosing as the batch loop's agents do
# (_policy.pxi). The Gymnasium face is cardwars.envs.vector; the twin, with every rule of a
# step stated, is vector.py (and cardwars.core_tables.MachineTables).

from libc.stdlib cimport calloc


cdef inline uint64_t _gt_derive(uint64_t seed, uint64_t index) noexcept nogil:
    # derive_seed(seed, index) of the shared core.
    return _mix(seed + (index + 1) * _GAMMA)


cdef enum:
    _GT_LEGAL_BYTES = 371  # a bit per action

if _GT_LEGAL_BYTES * 8 < _GT_NACT:
    raise ImportError("a table's legal-action bits are fewer than the actions")


cdef struct _GtConfig:
    int players
    int seat
    int opponent           # 0 random, 1 greedy
    int opt[_GT_NOPT]
    int size               # the observation's floats


cdef struct _GtTable:
    _GtState g
    uint64_t table_seed    # its games are dealt from derive_seed(table_seed, episode)
    long long episode
    uint64_t rng[4]        # seat s's opponent RNG: derive_seed(game seed, 1 + s)
    bint done              # the last step ended its game: the next step deals the next
    unsigned char legal[_GT_LEGAL_BYTES]  # the learner's legal actions now, a bit each


cdef struct _GtJob:        # one thread's share of a step: tables start .. stop - 1
    const _GtConfig* c
    _GtTable* t
    const int* actions
    float* obs
    signed char* masks
    float* rewards
    signed char* terminated
    signed char* truncated
    signed char* illegal
    Py_ssize_t start, stop


cdef void _gt_table_choose(const _GtConfig* c, _GtTable* t, int* chosen) noexcept nogil:
    # Every polled opponent's action, on the position as it is (-1 elsewhere).
    cdef int s, m
    cdef int legal[_GT_NACT]
    for s in range(4):
        chosen[s] = -1
    for s in range(c.players):
        if s == c.seat or not (t.g.to_act >> s) & 1:
            continue
        m = _gt_legal(&t.g, s, legal)
        if c.opponent:
            chosen[s] = legal[_gt_greedy(&t.g, s, legal, m)]
        else:
            chosen[s] = legal[<int>_rng_below(&t.rng[s], <uint32_t>m)]


cdef void _gt_table_advance(const _GtConfig* c, _GtTable* t) noexcept nogil:
    # The opponents play while they alone are polled.
    cdef int chosen[4]
    while t.g.phase != _GT_OVER and not (t.g.to_act >> c.seat) & 1:
        _gt_table_choose(c, t, chosen)
        _gt_step(&t.g, chosen, NULL)


cdef void _gt_table_deal(const _GtConfig* c, _GtTable* t) noexcept nogil:
    # The table's next game (GT-2), played on by the opponents to the learner's turn.
    cdef uint64_t game_seed = _gt_derive(t.table_seed, <uint64_t>t.episode)
    cdef int s
    _gt_init(&t.g, c.players, <int*>c.opt, game_seed)
    _gt_deal(&t.g, NULL)
    for s in range(c.players):
        t.rng[s] = _gt_derive(game_seed, <uint64_t>(1 + s))
    t.done = 0
    _gt_table_advance(c, t)


cdef bint _gt_table_legal(const _GtConfig* c, _GtTable* t, int action) noexcept nogil:
    # Read from the bits _gt_table_write set: every change of a table is followed by a write.
    if action < 0 or action >= _GT_NACT:
        return 0
    return (t.legal[action >> 3] >> (action & 7)) & 1


cdef void _gt_table_write(const _GtConfig* c, _GtTable* t, float* o, signed char* k) noexcept nogil:
    cdef int i, m
    cdef int legal[_GT_NACT]
    _gt_encode(&t.g, o, c.seat)
    memset(t.legal, 0, sizeof(t.legal))
    if t.done:  # the next action is ignored (the autoreset): any will do
        memset(k, 1, _GT_NACT)
        return
    memset(k, 0, _GT_NACT)
    if t.g.phase != _GT_OVER and (t.g.to_act >> c.seat) & 1:
        m = _gt_legal(&t.g, c.seat, legal)
        for i in range(m):
            k[legal[i]] = 1
            t.legal[legal[i] >> 3] |= 1 << (legal[i] & 7)


cdef void _gt_table_step(const _GtConfig* c, _GtTable* t, int action, float* reward,
                         signed char* terminated, signed char* truncated,
                         signed char* illegal) noexcept nogil:
    # One table's step (the twin's MachineTables.step states it): autoreset, an illegal
    # action, or the learner's action with the opponents' on the same position.
    cdef int i
    cdef int chosen[4]
    reward[0] = 0
    terminated[0] = truncated[0] = illegal[0] = 0
    if t.done:  # the autoreset: the action is ignored
        t.episode += 1
        _gt_table_deal(c, t)
        return
    if not _gt_table_legal(c, t, action):
        reward[0] = -1
        terminated[0] = illegal[0] = 1
        t.done = 1
        return
    _gt_table_choose(c, t, chosen)
    chosen[c.seat] = action
    _gt_step(&t.g, chosen, NULL)
    _gt_table_advance(c, t)
    if t.g.phase == _GT_OVER:
        t.done = 1
        if t.g.result_winners_n:
            reward[0] = -1
            for i in range(t.g.result_winners_n):
                if t.g.result_winners[i] == c.seat:
                    reward[0] = 1
        if t.g.termination == 2:  # max_skirmishes: a cap
            truncated[0] = 1
        else:
            terminated[0] = 1


cdef void _gt_run_job(void* p) noexcept nogil:
    cdef _GtJob* job = <_GtJob*>p
    cdef Py_ssize_t k
    cdef int size = job.c.size
    for k in range(job.start, job.stop):
        if job.actions == NULL:  # a reset: every table's first game
            job.t[k].episode = 0
            _gt_table_deal(job.c, &job.t[k])
        else:
            _gt_table_step(job.c, &job.t[k], job.actions[k], &job.rewards[k],
                           &job.terminated[k], &job.truncated[k], &job.illegal[k])
        _gt_table_write(job.c, &job.t[k], job.obs + size * k, job.masks + _GT_NACT * k)


cdef class GuerrillaTables:
    """N Guerrilla tables, one learner seat each against built-in opponents (compiled).

    The twin, with the full documentation, is ``guerrilla.vector.GuerrillaTables``.
    """

    cdef _GtTable* t
    cdef Py_ssize_t n
    cdef _GtConfig c
    cdef int threads       # how many threads share a step's tables
    cdef bint _ready       # reset() has run
    cdef bint _busy        # a call is running (cardwars.exclusive)

    def __cinit__(self):
        self.t = NULL

    def __dealloc__(self):
        free(self.t)

    def __init__(self, count: object, players: object, seat: object, opponent: object,
                 **options: object) -> None:
        cdef int i
        if type(count) is not int or not 1 <= count <= 1 << 20:
            raise ValueError(f"count must be an int from 1 to {1 << 20}, got {count!r}")
        if type(players) is not int or not 2 <= players <= 4:
            raise ValueError(f"players must be 2..4, got {players!r}")
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"a seat is a plain int 0..{players - 1}")
        if type(opponent) is not int or opponent not in (0, 1):
            raise ValueError("the opponent is an agent code: 0 (random) or 1 (greedy)")
        values = _gt_options(options)
        if values[_GO_TWO_SUIT] and players != 2:
            raise ValueError("two_suit_variant is for 2 players")
        for i in range(_GT_NOPT):
            self.c.opt[i] = values[i]
        free(self.t)
        self.t = <_GtTable*>calloc(count, sizeof(_GtTable))
        if self.t == NULL:
            raise MemoryError()
        self.n = count
        self.c.players = players
        self.c.seat = seat
        self.c.opponent = opponent
        self.c.size = 64 * players + 115
        self.threads = 1
        self._ready = 0

    @property
    def count(self) -> int:
        return self.n

    @property
    def observation_size(self) -> int:
        return self.c.size

    @property
    def num_actions(self) -> int:
        return _GT_NACT

    def set_threads(self, threads: object) -> None:
        """Split every step's tables over ``threads`` threads (1 to 16; the results do not
        depend on it: every table is stepped on its own)."""
        if type(threads) is not int or not 1 <= threads <= CARDWARS_MAX_THREADS:
            raise ValueError(f"threads must be an int from 1 to {CARDWARS_MAX_THREADS}")
        self.threads = threads

    cdef int _enter(self) except -1:
        if self._busy:
            raise _busy_error()
        self._busy = 1
        return 0

    cdef int _check_blocks(self, float[:, ::1] obs, signed char[:, ::1] masks) except -1:
        if obs.shape[0] != self.n or obs.shape[1] != self.c.size:
            raise ValueError(f"the observation block must be ({self.n}, {self.c.size}) float32")
        if masks.shape[0] != self.n or masks.shape[1] != _GT_NACT:
            raise ValueError(f"the mask block must be ({self.n}, {_GT_NACT}) int8")
        return 0

    cdef void _run(self, _GtJob* job) noexcept nogil:
        # The step (or reset) of every table, its tables split over the threads.
        cdef _GtJob jobs[CARDWARS_MAX_THREADS]
        cdef void* args[CARDWARS_MAX_THREADS]
        cdef int i, parts = self.threads
        if parts > self.n:
            parts = <int>self.n
        for i in range(parts):
            jobs[i] = job[0]
            jobs[i].start = self.n * i // parts
            jobs[i].stop = self.n * (i + 1) // parts
            args[i] = &jobs[i]
        if parts == 1:
            _gt_run_job(args[0])
        else:
            cardwars_run_parallel(_gt_run_job, args, parts)

    def reset(self, seeds: object, float[:, ::1] obs, signed char[:, ::1] masks) -> None:
        cdef Py_ssize_t k
        cdef _GtJob job
        self._check_blocks(obs, masks)
        if type(seeds) is not tuple or len(<tuple>seeds) != self.n:
            raise ValueError(f"seeds must be a tuple of {self.n} table seeds")
        for value in <tuple>seeds:  # every seed checked before a table changes
            if type(value) is not int:
                raise ValueError("a table seed is an int in [0, 2**64)")
            _check_u64(value, "a table seed")
        self._enter()
        try:
            for k in range(self.n):
                self.t[k].table_seed = (<tuple>seeds)[k]
            memset(&job, 0, sizeof(job))
            job.c = &self.c
            job.t = self.t
            job.obs = &obs[0, 0]
            job.masks = &masks[0, 0]
            with nogil:
                self._run(&job)
            self._ready = 1
        finally:
            self._busy = 0

    def step(
        self,
        const int[::1] actions,
        float[:, ::1] obs,
        signed char[:, ::1] masks,
        float[::1] rewards,
        signed char[::1] terminated,
        signed char[::1] truncated,
        signed char[::1] illegal,
        bint strict,
    ) -> int:
        cdef Py_ssize_t k
        cdef _GtJob job
        self._check_blocks(obs, masks)
        if (actions.shape[0] != self.n or rewards.shape[0] != self.n
                or terminated.shape[0] != self.n or truncated.shape[0] != self.n
                or illegal.shape[0] != self.n):
            raise ValueError(f"every per-table block must have {self.n} entries")
        if not self._ready:
            raise ValueError("reset() the tables before stepping them")
        self._enter()
        try:
            if strict:  # every table's action checked before any table changes
                for k in range(self.n):
                    if not self.t[k].done and not _gt_table_legal(&self.c, &self.t[k], actions[k]):
                        return k
            job.c = &self.c
            job.t = self.t
            job.actions = &actions[0]
            job.obs = &obs[0, 0]
            job.masks = &masks[0, 0]
            job.rewards = &rewards[0]
            job.terminated = &terminated[0]
            job.truncated = &truncated[0]
            job.illegal = &illegal[0]
            with nogil:
                self._run(&job)
            return -1
        finally:
            self._busy = 0

    def sample(self, seed: object, int[::1] out) -> None:
        """A uniformly random legal action of the learner at every table into ``out``
        (0 at a finished table), table k drawing from ``Rng(derive_seed(seed, k))``."""
        cdef Py_ssize_t k
        cdef int m
        cdef int legal[_GT_NACT]
        cdef uint64_t rng, base = _check_u64(seed, "seed")
        cdef _GtTable* t
        if out.shape[0] != self.n:
            raise ValueError(f"the action block must have {self.n} entries")
        if not self._ready:
            raise ValueError("reset() the tables before sampling their actions")
        with nogil:
            for k in range(self.n):
                t = &self.t[k]
                rng = _gt_derive(base, <uint64_t>k)
                if t.done or t.g.phase == _GT_OVER or not (t.g.to_act >> self.c.seat) & 1:
                    out[k] = 0
                else:
                    m = _gt_legal(&t.g, self.c.seat, legal)
                    out[k] = legal[<int>_rng_below(&rng, <uint32_t>m)]

    def legal_actions(self, table: object) -> tuple:
        """The learner's legal actions at ``table`` now (none when its game is over)."""
        cdef int legal[_GT_NACT]
        cdef int i, m
        cdef _GtTable* t
        if type(table) is not int or not 0 <= table < self.n:
            raise ValueError(f"a table is an int 0..{self.n - 1}")
        t = &self.t[<Py_ssize_t>table]
        if not self._ready or t.done or t.g.phase == _GT_OVER or not (t.g.to_act >> self.c.seat) & 1:
            return ()
        m = _gt_legal(&t.g, self.c.seat, legal)
        return tuple(sorted([legal[i] for i in range(m)]))

    def game_seeds(self) -> tuple:
        """The seed each table's current game was dealt from."""
        cdef Py_ssize_t k
        return tuple([_gt_derive(self.t[k].table_seed, <uint64_t>self.t[k].episode)
                      for k in range(self.n)])

    def __reduce__(self):
        raise TypeError(
            "vector tables do not pickle: make new ones and reset them with the same seeds"
        )

    def episodes(self) -> tuple:
        cdef Py_ssize_t k
        return tuple([self.t[k].episode for k in range(self.n)])
