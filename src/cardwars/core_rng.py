"""The RNG where nothing is compiled: :class:`Rng` and :func:`derive_seed`.

The RNG is the one :ref:`rng` specifies, to the bit: SplitMix64 with
Lemire's multiply-shift for bounded draws, all arithmetic modulo 2**64.
"""

from __future__ import annotations

from typing import Any, TypeVar

from cardwars.errors import ArgumentTypeError, UsageError, describe, plain_int

__all__ = ["Rng", "derive_seed"]

_T = TypeVar("_T")

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _check_u64(value: object, what: str) -> int:
    # By its value (an int subclass's methods never run), else a CardwarsError naming it.
    if type(value) is not int:  # (the common case skips the subclass's reading)
        if type(value) is bool or not issubclass(type(value), int):  # type(): no __class__ read
            raise ArgumentTypeError(f"{what} must be an int in [0, 2**64), got {describe(value)}")
        value = plain_int(value)
    assert isinstance(value, int)  # a plain int now
    if not 0 <= value <= _MASK64:
        raise UsageError(f"{what} must be an int in [0, 2**64), got {describe(value)}")
    return value


def _check_count(value: object, what: str, low: int, high: int, shown: str) -> int:
    if type(value) is not int:  # (the common case skips the subclass's reading)
        if type(value) is bool or not issubclass(type(value), int):  # type(): no __class__ read
            raise ArgumentTypeError(f"{what} must be an int, got {describe(value)}")
        value = plain_int(value)
    assert isinstance(value, int)  # a plain int now
    if not low <= value <= high:
        raise UsageError(f"{what} must be an int in {shown}, got {describe(value)}")
    return value


def _check_list(items: object) -> list[Any]:
    if type(items) is not list:
        raise ArgumentTypeError(f"items must be a list, got {describe(items)}")
    return items


def derive_seed(seed: int, k: int) -> int:
    """Return the ``k``-th (0-based) output of SplitMix64 seeded with ``seed``.

    Game ``k`` of a batch started from ``seed`` is dealt from ``derive_seed(seed, k)``.

    >>> hex(derive_seed(42, 0))
    '0xbdd732262feb6e95'
    """
    seed = _check_u64(seed, "seed")
    k = _check_u64(k, "k")
    return _mix((seed + (k + 1) * _GAMMA) & _MASK64)


class Rng:
    """SplitMix64 with Lemire bounded draws (:ref:`rng`).

    >>> rng = Rng(42)
    >>> [rng.below(52) for _ in range(5)]
    [38, 8, 14, 17, 1]
    >>> other = rng.copy(); rng.next_u64() == other.next_u64()
    True
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = _check_u64(seed, "seed")

    @property
    def state(self) -> int:
        """The whole generator state (an int in [0, 2**64)); assignable."""
        return self._state

    @state.setter
    def state(self, value: int) -> None:
        self._state = _check_u64(value, "state")

    def copy(self) -> Rng:
        """Return an independent generator at the same point of the stream."""
        return Rng(self._state)

    def next_u64(self) -> int:
        """Advance and return the next 64-bit output."""
        self._state = (self._state + _GAMMA) & _MASK64
        return _mix(self._state)

    def below(self, n: int) -> int:
        """Return a uniform int in ``[0, n)`` for ``1 <= n < 2**32``; always draws once at least."""
        n = _check_count(n, "n", 1, _MASK32, "[1, 2**32)")
        m = (self.next_u64() >> 32) * n
        if (m & _MASK32) < n:
            t = ((1 << 32) - n) % n
            while (m & _MASK32) < t:
                m = (self.next_u64() >> 32) * n
        return m >> 32

    def shuffle(self, items: list[_T]) -> None:
        """Shuffle ``items`` (a list) in place: Fisher-Yates with ascending ``i``."""
        self.sample_prefix(items, len(_check_list(items)))

    def sample_prefix(self, items: list[_T], k: int) -> None:
        """Run the first ``k`` steps of :meth:`shuffle`: ``items[:k]`` is then a uniform sample."""
        items = _check_list(items)
        k = _check_count(k, "k", 0, 1 << 62, "[0, 2**62]")
        n = len(items)
        for i in range(min(k, n - 1)):
            j = i + self.below(n - i)
            items[i], items[j] = items[j], items[i]

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Rng) and other._state == self._state

    def __hash__(self) -> int:
        return hash(("Rng", self._state))

    def __repr__(self) -> str:
        return f"Rng(state={self._state:#018x})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rng_from_state, (self._state,))


def _rng_from_state(state: int) -> Rng:
    return Rng(state)
