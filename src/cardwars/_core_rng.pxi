# The RNG of the rules (SplitMix64 with Lemire bounded draws) as Python sees it (included by
# _core.pyx). Its inline C steps, which every game's machine inlines, are in _core.pxd.
# Twin: core_rng.py.

cdef object _MAX_U64 = (1 << 64) - 1


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
