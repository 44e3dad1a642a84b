"""Typed stub of the compiled core; checked against the built module by mypy.stubtest."""

from array import array
from collections.abc import Sequence
from typing import Any, TypeVar

from typing_extensions import disjoint_base

_T = TypeVar("_T")

def derive_seed(seed: int, k: int) -> int: ...

@disjoint_base
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
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

def _rng_from_state(state: int) -> Rng: ...

# --- clone_war kernels ---

import array as _cw_array  # noqa: E402  (kept inside this game's section)

@disjoint_base
class CloneWarTable:
    def __init__(
        self,
        piles: object,
        dead: object,
        rng_state: object,
        collect_order: int,
        forfeit_to_dead: int,
        play_what_you_can: int,
        split_round_robin: int,
        max_battles: int,
        cap_most_cards: int,
    ) -> None: ...
    @property
    def players(self) -> int: ...
    def pile(self, seat: int) -> tuple[int, ...]: ...
    def pile_size(self, seat: int) -> int: ...
    def eliminated_after(self, seat: int) -> int: ...
    @property
    def dead(self) -> tuple[int, ...]: ...
    @property
    def rng_state(self) -> int: ...
    @property
    def battles(self) -> int: ...
    @property
    def wars(self) -> int: ...
    @property
    def termination(self) -> int: ...
    @property
    def winner(self) -> int: ...
    def copy(self) -> CloneWarTable: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    def end_in_cycle(self) -> None: ...
    def battle(self) -> list[int]: ...
    def cycle_length(self) -> int: ...
    def play_out(self, cycle_detection: int) -> None: ...

def _clone_war_table_from_state(state: object) -> CloneWarTable: ...
def clone_war_batch(
    seed: object,
    start: object,
    count: object,
    players: object,
    collect_order: object = 0,
    forfeit_cards_to: object = 0,
    short_war: object = 0,
    split_remainder: object = 0,
    cycle_detection: object = 1,
    max_battles: object = 10000,
    cap_result: object = 0,
) -> dict[str, _cw_array.array[int]]: ...

# --- end clone_war kernels ---

# --- aliwar kernels ---
import array as _aw_array  # noqa: E402
from collections.abc import Sequence as _AwSequence  # noqa: E402

def aliwar_conflict(a: int, b: int, suit_a: int, suit_b: int) -> int: ...
def aliwar_resolve_columns(
    tops_0: _AwSequence[int], tops_1: _AwSequence[int], suit_0: int, suit_1: int
) -> tuple[int, ...]: ...
def aliwar_batch(
    seed: int,
    start: int,
    count: int,
    players: int = 2,
    agents: _AwSequence[int] = (0, 0),
    allow_null_switch: int = 0,
    kept_card_position: int = 0,
    double_loss_result: int = 0,
    no_progress_limit: int = 100,
    max_rounds: int = 1000,
    cap_result: int = 0,
) -> dict[str, _aw_array.array[int]]: ...

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
