"""Typed stub of the compiled core; checked against the built module by mypy.stubtest."""

from array import array
from collections.abc import Sequence
from typing import Any, TypeVar

_T = TypeVar("_T")

def derive_seed(seed: int, k: int) -> int: ...

class Rng:
    def __init__(self, seed: int) -> None: ...
    @property
    def state(self) -> int: ...
    @state.setter
    def state(self, value: int) -> None: ...
    def copy(self) -> Rng: ...
    def next_u64(self) -> int: ...
    def below(self, n: int) -> int: ...
    def shuffle(self, items: list[_T]) -> None: ...
    def sample_prefix(self, items: list[_T], k: int) -> None: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

def _rng_from_state(state: int) -> Rng: ...

# --- clone_war kernels ---

# --- end clone_war kernels ---

# --- aliwar kernels ---

# --- end aliwar kernels ---

# --- guerrilla kernels ---

def guerrilla_strength(
    cards: Sequence[int], guerrilla_rank: int, kicker: bool = False, ace_low: bool = False
) -> int: ...
def guerrilla_evaluate(
    combos: Sequence[Sequence[int]],
    guerrilla_rank: int,
    kicker: bool = False,
    ace_low: bool = False,
) -> tuple[int, ...]: ...
def guerrilla_batch(
    seed: int,
    start: int,
    count: int,
    players: int = 2,
    two_suit_variant: bool = False,
    agents: Sequence[int] | None = None,
    max_skirmishes: int = 5000,
) -> dict[str, array[int]]: ...

# --- end guerrilla kernels ---
