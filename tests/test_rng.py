"""The RNG to the bit (docs/engine.rst, the random number generator), on both backends.

Its names and signatures on the two backends are checked in ``tests/test_core_parity.py``.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwars.errors import ArgumentTypeError, CardwarsError, UsageError
from tests import builds
from tests.builds import pure

try:
    from tests.builds import compiled as _core
except ImportError:  # pragma: no cover
    _core = None

needs_core = pytest.mark.skipif(_core is None, reason="compiled core not built")
u64 = st.integers(min_value=0, max_value=2**64 - 1)


def test_rng_4_1_vectors_seed_0() -> None:
    rng = builds.current.Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_rng_4_1_vectors_seed_42_below() -> None:
    rng = builds.current.Rng(42)
    assert [rng.below(52) for _ in range(5)] == [38, 8, 14, 17, 1]


def test_rng_4_1_derive_seed_vector() -> None:
    assert builds.current.derive_seed(42, 0) == 0xBDD732262FEB6E95


@pytest.mark.parametrize("bad", [-1, 2**64, 2**70])
def test_rng_seed_out_of_range_raises(bad: int) -> None:
    with pytest.raises(UsageError, match=r"seed must be an int in \[0, 2\*\*64\)"):
        builds.current.Rng(bad)
    with pytest.raises(UsageError, match=r"seed must be an int in \[0, 2\*\*64\)"):
        builds.current.derive_seed(bad, 0)


def test_rng_seed_wrong_type_raises() -> None:
    with pytest.raises(ArgumentTypeError, match="seed must be an int"):
        builds.current.Rng("1")
    with pytest.raises(ArgumentTypeError, match="seed must be an int"):
        builds.current.Rng(True)


@pytest.mark.parametrize("bad", [0, -3, 2**32])
def test_rng_below_out_of_range_raises(bad: int) -> None:
    with pytest.raises(UsageError, match=r"n must be an int in \[1, 2\*\*32\)"):
        builds.current.Rng(1).below(bad)


def test_rng_state_copy_and_restore() -> None:
    rng = builds.current.Rng(5)
    rng.next_u64()
    interpreted = rng.copy()
    saved = rng.state
    first = [rng.below(10) for _ in range(20)]
    assert [interpreted.below(10) for _ in range(20)] == first
    rng.state = saved
    assert [rng.below(10) for _ in range(20)] == first
    assert interpreted == rng


def test_rng_shuffle_is_fisher_yates_ascending() -> None:
    items = list(range(6))
    rng = builds.current.Rng(11)
    draws = pure.Rng(11)
    expected = list(range(6))
    for i in range(5):
        j = i + draws.below(6 - i)
        expected[i], expected[j] = expected[j], expected[i]
    rng.shuffle(items)
    assert items == expected


def test_rng_sample_prefix_is_a_shuffle_prefix() -> None:
    full, part = list(range(10)), list(range(10))
    builds.current.Rng(3).shuffle(full)
    rng = builds.current.Rng(3)
    rng.sample_prefix(part, 4)
    assert part[:4] == full[:4]
    assert sorted(part) == list(range(10))


def test_rng_pickles() -> None:
    import pickle

    rng = builds.current.Rng(9)
    rng.next_u64()
    clone = pickle.loads(pickle.dumps(rng))
    assert clone.next_u64() == rng.next_u64()


@needs_core
@given(seed=u64, bounds=st.lists(st.integers(1, 2**32 - 1), max_size=20))
def test_backends_agree_on_streams(seed: int, bounds: list[int]) -> None:
    assert _core is not None
    a, b = _core.Rng(seed), pure.Rng(seed)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    assert [a.below(n) for n in bounds] == [b.below(n) for n in bounds]
    assert a.state == b.state


@needs_core
@given(seed=u64, items=st.lists(st.integers()), k=st.integers(0, 60))
def test_backends_agree_on_shuffles(seed: int, items: list[int], k: int) -> None:
    assert _core is not None
    x, y = list(items), list(items)
    _core.Rng(seed).shuffle(x)
    pure.Rng(seed).shuffle(y)
    assert x == y
    x, y = list(items), list(items)
    _core.Rng(seed).sample_prefix(x, k)
    pure.Rng(seed).sample_prefix(y, k)
    assert x == y


@needs_core
@given(seed=u64, k=u64)
def test_backends_agree_on_derive_seed(seed: int, k: int) -> None:
    assert _core is not None
    assert _core.derive_seed(seed, k) == pure.derive_seed(seed, k)


class _Lying(int):
    """An int whose own methods lie: the RNG must read its value, never call them."""

    def __le__(self, other: object) -> bool:
        return True

    def __ge__(self, other: object) -> bool:
        return True

    def __add__(self, other: object) -> int:
        raise AssertionError("the caller's __add__ ran")

    def __repr__(self) -> str:
        raise AssertionError("the caller's __repr__ ran")


def test_rng_reads_int_subclasses_by_value() -> None:
    rng = builds.current.Rng(_Lying(7))
    assert rng == builds.current.Rng(7)
    assert builds.current.derive_seed(_Lying(7), _Lying(1)) == builds.current.derive_seed(7, 1)
    assert rng.below(_Lying(10)) == builds.current.Rng(7).below(10)
    with pytest.raises(UsageError, match=r"seed must be an int in \[0, 2\*\*64\), got -1"):
        builds.current.Rng(_Lying(-1))
    with pytest.raises(UsageError, match=r"n must be an int in \[1, 2\*\*32\)"):
        rng.below(_Lying(0))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda rng: rng.shuffle((1, 2, 3)), "items must be a list"),
        (lambda rng: rng.shuffle(None), "items must be a list"),
        (lambda rng: rng.sample_prefix([1, 2, 3], -1), r"k must be an int in \[0, 2\*\*62\]"),
        (lambda rng: rng.sample_prefix([1, 2, 3], 1.5), "k must be an int"),
        (lambda rng: rng.below(2.0), "n must be an int"),
        (lambda rng: setattr(rng, "state", "x"), "state must be an int"),
    ],
)
def test_rng_refuses_with_cardwars_errors(call: object, message: str) -> None:
    rng = builds.current.Rng(3)
    before = rng.copy()
    with pytest.raises(CardwarsError, match=message):
        call(rng)  # type: ignore[operator]
    assert rng == before  # nothing drawn
