# Guerrilla's native vector environment (included by _machine.pyx): N tables of one learner
# seat against built-in opponents at every other seat, every table stepped by the rule
# steps of _steps.pxi in one call, the opponents choosing as the batch loop's agents do
# (_policy.pxi). The Gymnasium face is cardwars.envs.vector; the twin, with every rule of a
# step stated, is vector.py (and cardwars.core_envs.MachineTables).

from libc.stdlib cimport calloc


cdef inline uint64_t _gt_derive(uint64_t seed, uint64_t index) noexcept nogil:
    # derive_seed(seed, index) of the shared core.
    return _mix(seed + (index + 1) * _GAMMA)


cdef struct _GtTable:
    _GtState g
    uint64_t table_seed    # its games are dealt from derive_seed(table_seed, episode)
    long long episode
    uint64_t rng[4]        # seat s's opponent RNG: derive_seed(game seed, 1 + s)
    bint done              # the last step ended its game: the next step deals the next


cdef class GuerrillaTables:
    """N Guerrilla tables, one learner seat each against built-in opponents (compiled).

    The twin, with the full documentation, is ``guerrilla.vector.GuerrillaTables``.
    """

    cdef _GtTable* t
    cdef Py_ssize_t n
    cdef int players
    cdef int seat
    cdef int opponent      # 0 random, 1 greedy
    cdef int opt[_GT_NOPT]
    cdef int size          # the observation's floats
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
            self.opt[i] = values[i]
        free(self.t)
        self.t = <_GtTable*>calloc(count, sizeof(_GtTable))
        if self.t == NULL:
            raise MemoryError()
        self.n = count
        self.players = players
        self.seat = seat
        self.opponent = opponent
        self.size = 64 * players + 115
        self._ready = 0

    @property
    def count(self) -> int:
        return self.n

    @property
    def observation_size(self) -> int:
        return self.size

    @property
    def num_actions(self) -> int:
        return _GT_NACT

    cdef int _enter(self) except -1:
        if self._busy:
            raise _busy_error()
        self._busy = 1
        return 0

    cdef int _check_blocks(self, float[:, ::1] obs, signed char[:, ::1] masks) except -1:
        if obs.shape[0] != self.n or obs.shape[1] != self.size:
            raise ValueError(f"the observation block must be ({self.n}, {self.size}) float32")
        if masks.shape[0] != self.n or masks.shape[1] != _GT_NACT:
            raise ValueError(f"the mask block must be ({self.n}, {_GT_NACT}) int8")
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

    cdef void _deal(self, _GtTable* t) noexcept nogil:
        # The table's next game (GT-2), played on by the opponents to the learner's turn.
        cdef uint64_t game_seed = _gt_derive(t.table_seed, <uint64_t>t.episode)
        cdef int s
        _gt_init(&t.g, self.players, self.opt, game_seed)
        _gt_deal(&t.g, NULL)
        for s in range(self.players):
            t.rng[s] = _gt_derive(game_seed, <uint64_t>(1 + s))
        t.done = 0
        self._advance(t)

    cdef void _choose(self, _GtTable* t, int* chosen) noexcept nogil:
        # Every polled opponent's action, on the position as it is (-1 elsewhere).
        cdef int s, m
        cdef int legal[_GT_NACT]
        for s in range(4):
            chosen[s] = -1
        for s in range(self.players):
            if s == self.seat or not (t.g.to_act >> s) & 1:
                continue
            m = _gt_legal(&t.g, s, legal)
            if self.opponent:
                chosen[s] = legal[_gt_greedy(&t.g, s, legal, m)]
            else:
                chosen[s] = legal[<int>_rng_below(&t.rng[s], <uint32_t>m)]

    cdef void _advance(self, _GtTable* t) noexcept nogil:
        # The opponents play while they alone are polled.
        cdef int chosen[4]
        while t.g.phase != _GT_OVER and not (t.g.to_act >> self.seat) & 1:
            self._choose(t, chosen)
            _gt_step(&t.g, chosen, NULL)

    cdef bint _legal(self, _GtTable* t, int action) noexcept nogil:
        cdef int i, m
        cdef int legal[_GT_NACT]
        if t.g.phase == _GT_OVER or not (t.g.to_act >> self.seat) & 1:
            return 0
        m = _gt_legal(&t.g, self.seat, legal)
        for i in range(m):
            if legal[i] == action:
                return 1
        return 0

    cdef void _write(self, _GtTable* t, float* o, signed char* k) noexcept nogil:
        cdef int i, m
        cdef int legal[_GT_NACT]
        _gt_encode(&t.g, o, self.seat)
        if t.done:  # the next action is ignored (the autoreset): any will do
            memset(k, 1, _GT_NACT)
            return
        memset(k, 0, _GT_NACT)
        if t.g.phase != _GT_OVER and (t.g.to_act >> self.seat) & 1:
            m = _gt_legal(&t.g, self.seat, legal)
            for i in range(m):
                k[legal[i]] = 1

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
        cdef _GtTable* t
        cdef int i
        cdef int chosen[4]
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
                    if t.done:  # the autoreset: the action is ignored
                        t.episode += 1
                        self._deal(t)
                    elif not self._legal(t, actions[k]):
                        rewards[k] = -1
                        terminated[k] = illegal[k] = 1
                        t.done = 1
                    else:
                        self._choose(t, chosen)
                        chosen[self.seat] = actions[k]
                        _gt_step(&t.g, chosen, NULL)
                        self._advance(t)
                        if t.g.phase == _GT_OVER:
                            t.done = 1
                            if t.g.result_winners_n:
                                rewards[k] = -1
                                for i in range(t.g.result_winners_n):
                                    if t.g.result_winners[i] == self.seat:
                                        rewards[k] = 1
                            if t.g.termination == 2:  # max_skirmishes: a cap
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
        return tuple([_gt_derive(self.t[k].table_seed, <uint64_t>self.t[k].episode)
                      for k in range(self.n)])

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
                if t.done or t.g.phase == _GT_OVER or not (t.g.to_act >> self.seat) & 1:
                    out[k] = 0
                else:
                    m = _gt_legal(&t.g, self.seat, legal)
                    out[k] = legal[<int>_rng_below(&rng, <uint32_t>m)]

    def legal_actions(self, table: object) -> tuple:
        """The learner's legal actions at ``table`` now (none when its game is over)."""
        cdef int legal[_GT_NACT]
        cdef int i, m
        cdef _GtTable* t
        if type(table) is not int or not 0 <= table < self.n:
            raise ValueError(f"a table is an int 0..{self.n - 1}")
        t = &self.t[<Py_ssize_t>table]
        if not self._ready or t.done or t.g.phase == _GT_OVER or not (t.g.to_act >> self.seat) & 1:
            return ()
        m = _gt_legal(&t.g, self.seat, legal)
        return tuple(sorted([legal[i] for i in range(m)]))

    def __reduce__(self):
        raise TypeError(
            "vector tables do not pickle: make new ones and reset them with the same seeds"
        )

    def episodes(self) -> tuple:
        cdef Py_ssize_t k
        return tuple([self.t[k].episode for k in range(self.n)])
