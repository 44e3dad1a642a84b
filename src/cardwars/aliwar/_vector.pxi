# Aliwar's native vector environment (included by _machine.pyx): N tables of one learner
# seat against a built-in opponent, every table stepped by the rule steps of _steps.pxi in
# one call (its tables split over threads), the opponent choosing as the batch loop's agents
# do (_batch.pxi). The Gymnasium face is cardwars.envs.vector; the twin, with every rule of
# a step stated, is vector.py (and cardwars.core_tables.MachineTables).

from libc.stdlib cimport calloc


cdef inline uint64_t _aw_derive(uint64_t seed, uint64_t index) noexcept nogil:
    # derive_seed(seed, index) of the shared core.
    return _mix(seed + (index + 1) * _GAMMA)


cdef void _aw_mask_row(_AwState* g, int s, signed char* k) noexcept nogil:
    # Seat s's legal actions as 1s in k[0:277] (all 0 when it is not polled).
    cdef int i, stack, base
    memset(k, 0, 277)
    if g.phase == _AW_SWITCH:
        memset(k, 1, g.n_switches)
    elif g.phase == _AW_KEEP and g.won_count[s] > 0:
        if g.empty_stack[s] >= 0:  # AW-7.2: the refill is forced
            for i in range(g.won_count[s]):
                k[_AW_KEEP_BASE + 5 * g.won[s][i] + g.empty_stack[s]] = 1
        else:
            k[_AW_DECLINE] = 1
            for i in range(g.won_count[s]):
                base = _AW_KEEP_BASE + 5 * g.won[s][i]
                for stack in range(5):
                    k[base + stack] = 1


cdef struct _AwConfig:
    int seat
    int opponent           # 0 random, 1 greedy
    bint recall
    bint null_switch, kept_below, double_loss_most, cap_most
    long long limit, cap


cdef struct _AwTable:
    _AwState g
    uint64_t table_seed    # its games are dealt from derive_seed(table_seed, episode)
    long long episode
    uint64_t rng           # the opponent's RNG: derive_seed(game seed, 1 + its seat)
    bint done              # the last step ended its game: the next step deals the next


cdef struct _AwJob:        # one thread's share of a step: tables start .. stop - 1
    const _AwConfig* c
    _AwTable* t
    const int* actions
    float* obs
    signed char* masks
    float* rewards
    signed char* terminated
    signed char* truncated
    signed char* illegal
    Py_ssize_t start, stop


cdef void _aw_table_advance(const _AwConfig* c, _AwTable* t) noexcept nogil:
    # The opponent keeps alone until the learner is polled or the game is over.
    cdef int chosen[2]
    cdef int o = 1 - c.seat
    while t.g.phase == _AW_KEEP and t.g.won_count[c.seat] == 0:
        chosen[c.seat] = -1
        chosen[o] = _aw_agent_keep(&t.g, o, c.opponent, &t.rng)
        _aw_keep_step(&t.g, chosen[0], chosen[1], NULL)


cdef void _aw_table_deal(const _AwConfig* c, _AwTable* t) noexcept nogil:
    # The table's next game (AW-2.1), played on by the opponent to the learner's turn.
    cdef uint64_t game_seed = _aw_derive(t.table_seed, <uint64_t>t.episode)
    cdef uint64_t deal_rng = game_seed
    _aw_init(&t.g, c.null_switch, c.kept_below, c.double_loss_most, c.limit, c.cap, c.cap_most)
    _aw_deal(&t.g, &deal_rng)
    t.rng = _aw_derive(game_seed, <uint64_t>(2 - c.seat))  # 1 + the opponent's seat
    _aw_start_round(&t.g)
    t.done = 0
    _aw_table_advance(c, t)


cdef bint _aw_table_legal(const _AwConfig* c, _AwTable* t, int action) noexcept nogil:
    if t.g.phase == _AW_SWITCH:
        return 0 <= action < t.g.n_switches
    return t.g.phase == _AW_KEEP and _aw_keep_is_legal(&t.g, c.seat, action)


cdef void _aw_table_write(const _AwConfig* c, _AwTable* t, float* o, signed char* k) noexcept nogil:
    memset(o, 0, 609 * sizeof(float))
    o[c.seat] = 1
    _aw_encode(&t.g, o + 2, 1, t.g.seen if c.recall else 0)
    if t.done:  # the next action is ignored (the autoreset): any will do
        memset(k, 1, 277)
    else:
        _aw_mask_row(&t.g, c.seat, k)


cdef void _aw_table_step(const _AwConfig* c, _AwTable* t, int action, float* reward,
                         signed char* terminated, signed char* truncated,
                         signed char* illegal) noexcept nogil:
    # One table's step (the twin's MachineTables.step states it): autoreset, an illegal
    # action, or the learner's action with the opponent's on the same position.
    cdef int o = 1 - c.seat
    cdef int chosen[2]
    reward[0] = 0
    terminated[0] = truncated[0] = illegal[0] = 0
    if t.done:  # the autoreset: the action is ignored
        t.episode += 1
        _aw_table_deal(c, t)
        return
    if not _aw_table_legal(c, t, action):
        reward[0] = -1
        terminated[0] = illegal[0] = 1
        t.done = 1
        return
    chosen[c.seat] = action
    if t.g.phase == _AW_SWITCH:
        if c.opponent == _AW_GREEDY:
            chosen[o] = _aw_greedy_switch(&t.g, o, t.g.n_switches)
        else:
            chosen[o] = <int>_rng_below(&t.rng, <uint32_t>t.g.n_switches)
        _aw_switch_step(&t.g, chosen[0], chosen[1], NULL)
    else:
        chosen[o] = _aw_agent_keep(&t.g, o, c.opponent, &t.rng)
        _aw_keep_step(&t.g, chosen[0], chosen[1], NULL)
    _aw_table_advance(c, t)
    if t.g.phase == _AW_OVER:
        t.done = 1
        if t.g.winner >= 0:
            reward[0] = 1 if t.g.winner == c.seat else -1
        if t.g.termination >= _AW_NO_PROGRESS:  # a cap
            truncated[0] = 1
        else:
            terminated[0] = 1


cdef void _aw_run_job(void* p) noexcept nogil:
    cdef _AwJob* job = <_AwJob*>p
    cdef Py_ssize_t k
    for k in range(job.start, job.stop):
        if job.actions == NULL:  # a reset: every table's first game
            job.t[k].episode = 0
            _aw_table_deal(job.c, &job.t[k])
        else:
            _aw_table_step(job.c, &job.t[k], job.actions[k], &job.rewards[k],
                           &job.terminated[k], &job.truncated[k], &job.illegal[k])
        _aw_table_write(job.c, &job.t[k], job.obs + 609 * k, job.masks + 277 * k)


cdef class AliwarTables:
    """N Aliwar tables, one learner seat each against a built-in opponent (compiled).

    The twin, with the full documentation, is ``aliwar.vector.AliwarTables``.
    """

    cdef _AwTable* t
    cdef Py_ssize_t n
    cdef _AwConfig c
    cdef int threads       # how many threads share a step's tables
    cdef bint _ready       # reset() has run
    cdef bint _busy        # a call is running (cardwars.exclusive)

    def __cinit__(self):
        self.t = NULL

    def __dealloc__(self):
        free(self.t)

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
        self.c.recall = _aw_check_flag(recall, "recall")
        self.c.null_switch = _aw_check_flag(allow_null_switch, "allow_null_switch")
        self.c.kept_below = _aw_check_flag(kept_card_position, "kept_card_position")
        self.c.double_loss_most = _aw_check_flag(double_loss_result, "double_loss_result")
        self.c.cap_most = _aw_check_flag(cap_result, "cap_result")
        _aw_check_limit(no_progress_limit, "no_progress_limit")
        _aw_check_limit(max_rounds, "max_rounds")
        self.c.limit = no_progress_limit
        self.c.cap = max_rounds
        free(self.t)
        self.t = <_AwTable*>calloc(count, sizeof(_AwTable))
        if self.t == NULL:
            raise MemoryError()
        self.n = count
        self.c.seat = seat
        self.c.opponent = opponent
        self.threads = 1
        self._ready = 0

    @property
    def count(self) -> int:
        return self.n

    @property
    def observation_size(self) -> int:
        return 609

    @property
    def num_actions(self) -> int:
        return 277

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
        if obs.shape[0] != self.n or obs.shape[1] != 609:
            raise ValueError(f"the observation block must be ({self.n}, 609) float32")
        if masks.shape[0] != self.n or masks.shape[1] != 277:
            raise ValueError(f"the mask block must be ({self.n}, 277) int8")
        return 0

    cdef void _run(self, _AwJob* job) noexcept nogil:
        # The step (or reset) of every table, its tables split over the threads.
        cdef _AwJob jobs[CARDWARS_MAX_THREADS]
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
            _aw_run_job(args[0])
        else:
            cardwars_run_parallel(_aw_run_job, args, parts)

    def reset(self, seeds: object, float[:, ::1] obs, signed char[:, ::1] masks) -> None:
        cdef Py_ssize_t k
        cdef _AwJob job
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
        cdef _AwJob job
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
                    if not self.t[k].done and not _aw_table_legal(&self.c, &self.t[k], actions[k]):
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
        cdef uint64_t rng, base = _check_u64(seed, "seed")
        cdef _AwTable* t
        if out.shape[0] != self.n:
            raise ValueError(f"the action block must have {self.n} entries")
        if not self._ready:
            raise ValueError("reset() the tables before sampling their actions")
        with nogil:
            for k in range(self.n):
                t = &self.t[k]
                rng = _aw_derive(base, <uint64_t>k)
                if t.done:
                    out[k] = 0
                elif t.g.phase == _AW_SWITCH:
                    out[k] = <int>_rng_below(&rng, <uint32_t>t.g.n_switches)
                else:  # the random agent's keep: uniform over the canonical order
                    out[k] = _aw_agent_keep(&t.g, self.c.seat, _AW_RANDOM, &rng)

    def legal_actions(self, table: object) -> tuple:
        """The learner's legal actions at ``table`` now (none when its game is over)."""
        cdef signed char k[277]
        cdef int a
        if type(table) is not int or not 0 <= table < self.n:
            raise ValueError(f"a table is an int 0..{self.n - 1}")
        if not self._ready or self.t[<Py_ssize_t>table].done:
            return ()
        _aw_mask_row(&self.t[<Py_ssize_t>table].g, self.c.seat, k)
        return tuple([a for a in range(277) if k[a]])

    def game_seeds(self) -> tuple:
        """The seed each table's current game was dealt from."""
        cdef Py_ssize_t k
        return tuple([_aw_derive(self.t[k].table_seed, <uint64_t>self.t[k].episode)
                      for k in range(self.n)])

    def episodes(self) -> tuple:
        cdef Py_ssize_t k
        return tuple([self.t[k].episode for k in range(self.n)])

    def __reduce__(self):
        raise TypeError(
            "vector tables do not pickle: make new ones and reset them with the same seeds"
        )
