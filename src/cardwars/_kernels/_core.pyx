# The compiled core of cardwars. Compiler directives are set once, in setup.py.
#
# Cards are small ints here, piles are C arrays, and the RNG is three inline C
# functions over a uint64_t, so the game kernels (included at the end, one file
# per game) never touch a Python object in their inner loops. Every public name
# has a twin of the same signature in pure_rng.py.

from libc.stdint cimport uint32_t, uint64_t

# A step refused while its machine is in the middle of another (cardwars.exclusive).
from cardwars.exclusive import busy_error as _busy_error

cdef extern from *:
    """
    #define CW_MASK32 0xFFFFFFFFull
    """
    unsigned long long CW_MASK32

cdef uint64_t _GAMMA = 0x9E3779B97F4A7C15ULL
cdef object _MAX_U64 = (1 << 64) - 1


cdef inline uint64_t _mix(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t _rng_next(uint64_t* state) noexcept nogil:
    state[0] += _GAMMA
    return _mix(state[0])


cdef inline uint32_t _rng_below(uint64_t* state, uint32_t n) noexcept nogil:
    # Lemire's multiply-shift on the high 32 bits; rejection only in the biased zone.
    cdef uint64_t m = (_rng_next(state) >> 32) * <uint64_t>n
    cdef uint32_t t
    if <uint32_t>m < n:
        t = (<uint32_t>(0 - n)) % n
        while <uint32_t>m < t:
            m = (_rng_next(state) >> 32) * <uint64_t>n
    return <uint32_t>(m >> 32)


cdef inline void _shuffle_ints(uint64_t* state, int* a, int n) noexcept nogil:
    cdef int i, j, tmp
    for i in range(n - 1):
        j = i + <int>_rng_below(state, <uint32_t>(n - i))
        tmp = a[i]
        a[i] = a[j]
        a[j] = tmp


cdef inline void _sample_prefix_ints(uint64_t* state, int* a, int n, int k) noexcept nogil:
    cdef int i, j, tmp
    cdef int steps = k if k < n - 1 else n - 1
    for i in range(steps):
        j = i + <int>_rng_below(state, <uint32_t>(n - i))
        tmp = a[i]
        a[i] = a[j]
        a[j] = tmp


cdef uint64_t _check_u64(object value, str what) except? 0:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int in [0, 2**64), not {type(value).__name__}")
    if not 0 <= value <= _MAX_U64:
        raise ValueError(f"{what} must be in [0, 2**64), got {value!r}")
    return <uint64_t>value


def derive_seed(seed: object, k: object) -> int:
    """Return the ``k``-th (0-based) output of SplitMix64 seeded with ``seed``.

    Game ``k`` of a batch started from ``seed`` is dealt from ``derive_seed(seed, k)``.

    >>> hex(derive_seed(42, 0))
    '0xbdd732262feb6e95'
    """
    cdef uint64_t s = _check_u64(seed, "seed")
    cdef uint64_t kk = _check_u64(k, "k")
    return _mix(s + (kk + 1) * _GAMMA)


cdef class Rng:
    """SplitMix64 with Lemire bounded draws (the RNG of docs/engine.rst), compiled.

    >>> rng = Rng(42)
    >>> [rng.below(52) for _ in range(5)]
    [38, 8, 14, 17, 1]
    >>> twin = rng.copy(); rng.next_u64() == twin.next_u64()
    True
    """

    cdef uint64_t _state

    def __init__(self, seed: object) -> None:
        self._state = _check_u64(seed, "seed")

    @property
    def state(self) -> int:
        """The whole generator state (an int in [0, 2**64)); assignable."""
        return self._state

    @state.setter
    def state(self, value: object) -> None:
        self._state = _check_u64(value, "state")

    def copy(self) -> Rng:
        """Return an independent generator at the same point of the stream."""
        cdef Rng other = Rng.__new__(Rng)
        other._state = self._state
        return other

    def next_u64(self) -> int:
        """Advance and return the next 64-bit output."""
        return _rng_next(&self._state)

    def below(self, n: object) -> int:
        """Return a uniform int in ``[0, n)`` for ``1 <= n < 2**32``; always draws once at least."""
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"n must be an int, not {type(n).__name__}")
        if not 1 <= n <= 0xFFFFFFFF:
            raise ValueError(f"n must be in [1, 2**32), got {n!r}")
        return _rng_below(&self._state, <uint32_t>n)

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place: Fisher-Yates with ascending ``i``."""
        cdef Py_ssize_t n = len(items)
        cdef Py_ssize_t i, j
        for i in range(n - 1):
            j = i + <Py_ssize_t>_rng_below(&self._state, <uint32_t>(n - i))
            items[i], items[j] = items[j], items[i]

    def sample_prefix(self, items: list, k: int) -> None:
        """Run the first ``k`` steps of :meth:`shuffle`: ``items[:k]`` is then a uniform sample."""
        if k < 0:
            raise ValueError(f"k must be >= 0, got {k!r}")
        cdef Py_ssize_t n = len(items)
        cdef Py_ssize_t i, j
        cdef Py_ssize_t steps = min(k, n - 1)
        for i in range(steps):
            j = i + <Py_ssize_t>_rng_below(&self._state, <uint32_t>(n - i))
            items[i], items[j] = items[j], items[i]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (<Rng>other)._state == self._state

    def __hash__(self) -> int:
        return hash(("Rng", self._state))

    def __repr__(self) -> str:
        return f"Rng(state={self._state:#018x})"

    def __reduce__(self):
        return (_rng_from_state, (self._state,))


def _rng_from_state(state: int) -> Rng:
    return Rng(state)


# The faces' value objects, built by the kernels that hand them out.
include "_core_values.pxi"

# Game kernels, one file per game (kept apart so they can be read on their own).
include "_core_envs.pxi"
include "_core_clone_war.pxi"
include "_core_clone_war_state.pxi"
include "_core_aliwar.pxi"
include "_core_aliwar_views.pxi"
include "_core_aliwar_state.pxi"
include "_core_aliwar_restore.pxi"
include "_core_guerrilla.pxi"
include "_core_guerrilla_steps.pxi"
include "_core_guerrilla_batch.pxi"
include "_core_guerrilla_views.pxi"
include "_core_guerrilla_state.pxi"
include "_core_guerrilla_restore.pxi"
