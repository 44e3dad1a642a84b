# Aliwar's native vector environment (included by _machine.pyx): N tables of one learner
# seat against a built-in opponent, every table stepped by the rule steps of _steps.pxi in
# one call, the opponent choosing as the batch loop's agents do (_batch.pxi). The Gymnasium
# face is cardwars.envs.vector; the twin, with every rule of a step stated, is vector.py.

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


cdef struct _AwTable:
    _AwState g
    uint64_t table_seed    # its games are dealt from derive_seed(table_seed, episode)
    long long episode
    uint64_t rng           # the opponent's RNG: derive_seed(game seed, 1 + its seat)
    bint done              # the last step ended its game: the next step deals the next


cdef class AliwarTables:
    """N Aliwar tables, one learner seat each against a built-in opponent (compiled).

    The twin, with the full documentation, is ``aliwar.vector.AliwarTables``.
    """

    cdef _AwTable* t
    cdef Py_ssize_t n
    cdef int seat
    cdef int opponent      # 0 random, 1 greedy
    cdef bint recall
    cdef bint null_switch, kept_below, double_loss_most, cap_most
    cdef long long limit, cap
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
        self.recall = _aw_check_flag(recall, "recall")
        self.null_switch = _aw_check_flag(allow_null_switch, "allow_null_switch")
        self.kept_below = _aw_check_flag(kept_card_position, "kept_card_position")
        self.double_loss_most = _aw_check_flag(double_loss_result, "double_loss_result")
        self.cap_most = _aw_check_flag(cap_result, "cap_result")
        _aw_check_limit(no_progress_limit, "no_progress_limit")
        _aw_check_limit(max_rounds, "max_rounds")
        self.limit = no_progress_limit
        self.cap = max_rounds
        free(self.t)
        self.t = <_AwTable*>calloc(count, sizeof(_AwTable))
        if self.t == NULL:
            raise MemoryError()
        self.n = count
        self.seat = seat
        self.opponent = opponent
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

    def reset(self, seeds: object, float[:, ::1] obs, signed char[:, ::1] masks) -> None:
        cdef Py_ssize_t k
        cdef uint64_t* given
        self._check_blocks(obs, masks)
        if type(seeds) is not tuple or len(<tuple>seeds) != self.n:
            raise ValueError(f"seeds must be a tuple of {self.n} table seeds")
        given = <uint64_t*>calloc(self.n, sizeof(uint64_t))
        if given == NULL:
            raise MemoryError()
        self._enter()
        try:
            for k in range(self.n):  # every seed read and checked before a table changes
                value = (<tuple>seeds)[k]
                if type(value) is not int:
                    raise ValueError("a table seed is an int in [0, 2**64)")
                given[k] = _check_u64(value, "a table seed")
            with nogil:
                for k in range(self.n):
                    self.t[k].table_seed = given[k]
                    self.t[k].episode = 0
                    self._deal(&self.t[k])
                    self._write(&self.t[k], &obs[k, 0], &masks[k, 0])
            self._ready = 1
        finally:
            free(given)
            self._busy = 0

    cdef void _deal(self, _AwTable* t) noexcept nogil:
        # The table's next game (AW-2.1), played on by the opponent to the learner's turn.
        cdef uint64_t game_seed = _aw_derive(t.table_seed, <uint64_t>t.episode)
        cdef uint64_t deal_rng = game_seed
        _aw_init(&t.g, self.null_switch, self.kept_below, self.double_loss_most,
                 self.limit, self.cap, self.cap_most)
        _aw_deal(&t.g, &deal_rng)
        t.rng = _aw_derive(game_seed, <uint64_t>(2 - self.seat))  # 1 + the opponent's seat
        _aw_start_round(&t.g)
        t.done = 0
        self._advance(t)

    cdef void _advance(self, _AwTable* t) noexcept nogil:
        # The opponent keeps alone until the learner is polled or the game is over.
        cdef int o = 1 - self.seat
        cdef int chosen[2]
        while t.g.phase == _AW_KEEP and t.g.won_count[self.seat] == 0:
            chosen[self.seat] = -1
            chosen[o] = _aw_agent_keep(&t.g, o, self.opponent, &t.rng)
            _aw_keep_step(&t.g, chosen[0], chosen[1], NULL)

    cdef bint _legal(self, _AwTable* t, int action) noexcept nogil:
        if t.g.phase == _AW_SWITCH:
            return 0 <= action < t.g.n_switches
        return t.g.phase == _AW_KEEP and _aw_keep_is_legal(&t.g, self.seat, action)

    cdef void _write(self, _AwTable* t, float* o, signed char* k) noexcept nogil:
        memset(o, 0, 609 * sizeof(float))
        o[self.seat] = 1
        _aw_encode(&t.g, o + 2, 1, t.g.seen if self.recall else 0)
        if t.done:  # the next action is ignored (the autoreset): any will do
            memset(k, 1, 277)
        else:
            _aw_mask_row(&t.g, self.seat, k)

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
        cdef _AwTable* t
        cdef int o = 1 - self.seat, action
        cdef int chosen[2]
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
                    if not self.t[k].done and not self._legal(&self.t[k], actions[k]):
                        return k
            with nogil:
                for k in range(self.n):
                    t = &self.t[k]
                    rewards[k] = 0
                    terminated[k] = truncated[k] = illegal[k] = 0
                    action = actions[k]
                    if t.done:  # the autoreset: the action is ignored
                        t.episode += 1
                        self._deal(t)
                    elif not self._legal(t, action):
                        rewards[k] = -1
                        terminated[k] = illegal[k] = 1
                        t.done = 1
                    else:
                        chosen[self.seat] = action
                        if t.g.phase == _AW_SWITCH:
                            if self.opponent == _AW_GREEDY:
                                chosen[o] = _aw_greedy_switch(&t.g, o, t.g.n_switches)
                            else:
                                chosen[o] = <int>_rng_below(&t.rng, <uint32_t>t.g.n_switches)
                            _aw_switch_step(&t.g, chosen[0], chosen[1], NULL)
                        else:
                            chosen[o] = _aw_agent_keep(&t.g, o, self.opponent, &t.rng)
                            _aw_keep_step(&t.g, chosen[0], chosen[1], NULL)
                        self._advance(t)
                        if t.g.phase == _AW_OVER:
                            t.done = 1
                            if t.g.winner >= 0:
                                rewards[k] = 1 if t.g.winner == self.seat else -1
                            if t.g.termination >= _AW_NO_PROGRESS:  # a cap
                                truncated[k] = 1
                            else:
                                terminated[k] = 1
                    self._write(t, &obs[k, 0], &masks[k, 0])
            return -1
        finally:
            self._busy = 0

    def game_seeds(self) -> tuple:
        """The seed each table's current game was dealt from."""
        cdef Py_ssize_t k
        return tuple([_aw_derive(self.t[k].table_seed, <uint64_t>self.t[k].episode)
                      for k in range(self.n)])

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
                    out[k] = _aw_agent_keep(&t.g, self.seat, _AW_RANDOM, &rng)

    def legal_actions(self, table: object) -> tuple:
        """The learner's legal actions at ``table`` now (none when its game is over)."""
        cdef signed char k[277]
        cdef int a
        if type(table) is not int or not 0 <= table < self.n:
            raise ValueError(f"a table is an int 0..{self.n - 1}")
        if not self._ready or self.t[<Py_ssize_t>table].done:
            return ()
        _aw_mask_row(&self.t[<Py_ssize_t>table].g, self.seat, k)
        return tuple([a for a in range(277) if k[a]])

    def __reduce__(self):
        raise TypeError(
            "vector tables do not pickle: make new ones and reset them with the same seeds"
        )

    def episodes(self) -> tuple:
        cdef Py_ssize_t k
        return tuple([self.t[k].episode for k in range(self.n)])
