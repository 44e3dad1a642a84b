"""The compiled Aliwar machine and its pure twin agree step by step (differential).

Two faces, one over each machine, are dealt the same game and driven by the same
random actions; after every step they must show the same events, phase, polled
seats, legal moves and actions, observations of both seats, readable state,
machine key and result. The keys are also exchanged: each backend rebuilds the
other's position exactly.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardwars.aliwar import Rules, State
from cardwars.aliwar import machine as pure_aliwar_machine
from cardwars.aliwar.state import _CARDS
from cardwars.core_rng import Rng, derive_seed
from tests.kernels import pure
from tests.sizes import sized

try:
    from tests.kernels import compiled as _core
except ImportError:  # pragma: no cover - the pure-only install
    _core = None

SETTINGS = [
    Rules(),
    Rules(allow_null_switch=True),
    Rules(kept_card_position="below_returning"),
    Rules(double_loss_result="most_cards", cap_result="most_cards"),
    Rules(view_recall="face_up_only"),
    Rules(no_progress_limit=2),
    Rules(max_rounds=6, cap_result="most_cards"),
    Rules(allow_null_switch=True, kept_card_position="below_returning", no_progress_limit=5),
]


def _faces(rules: Rules, seed: int) -> tuple[State, State]:
    assert _core is not None
    options = rules.machine_options()
    compiled = State(rules, seed, _core.aliwar_deal(_CARDS, seed, **options), False)
    twin = State(rules, seed, pure.aliwar_deal(_CARDS, seed, **options), False)
    return compiled, twin


def _picture(state: State) -> tuple[Any, ...]:
    """Everything a user can read from a state, machine key included."""
    seats = (0, 1)
    return (
        state.phase,
        state.to_act,
        state.is_over,
        state.result,
        state.last_events,
        tuple(state.legal_moves(seat) for seat in seats),
        tuple(state.legal_actions(seat) for seat in seats),
        tuple(state.action_mask(seat) for seat in seats),
        tuple(state.observation(seat) for seat in seats),
        state.stacks,
        state.protection,
        state.won,
        state.discard,
        state.rounds,
        state.no_progress,
        state.card_count(),
        state.history,
        state.rng.state,
        state._m.key(),
    )


def _play_both(rules: Rules, seed: int) -> int:
    """Play one game on both machines in lockstep; return its step count."""
    compiled, twin = _faces(rules, seed)
    rng = Rng(derive_seed(seed, 99))
    steps = 0
    assert _picture(compiled) == _picture(twin)
    while not compiled.is_over:
        picks = {}
        for seat in sorted(compiled.to_act):
            legal = compiled.legal_actions(seat)
            picks[seat] = legal[rng.below(len(legal))]
        compiled.apply_actions(picks)
        twin.apply_actions(dict(picks))
        steps += 1
        assert _picture(compiled) == _picture(twin), (seed, steps)
    assert twin.is_over
    return steps


@pytest.mark.slow
@pytest.mark.parametrize("rules", SETTINGS, ids=repr)
def test_machines_agree_step_by_step(backend: str, rules: Rules) -> None:
    if backend == "python" or _core is None:
        pytest.skip("compares the compiled core with the twin; runs on the compiled pass only")
    games = sized(2000, 120)
    total = sum(_play_both(rules, derive_seed(7, k)) for k in range(games))
    assert total > games  # every game took steps


def test_keys_cross_backends(backend: str) -> None:
    if backend == "python" or _core is None:
        pytest.skip("compares the compiled core with the twin; runs on the compiled pass only")
    for k in range(40):
        compiled, twin = _faces(Rules(allow_null_switch=k % 2 == 1), derive_seed(3, k))
        rng = Rng(k)
        for _ in range(rng.below(20)):
            if compiled.is_over:
                break
            picks = {
                s: compiled.legal_actions(s)[rng.below(len(compiled.legal_actions(s)))]
                for s in sorted(compiled.to_act)
            }
            compiled.apply_actions(picks)
            twin.apply_actions(picks)
        key = compiled._m.key()
        from_compiled = pure_aliwar_machine._aliwar_machine_from_key(_CARDS, key)
        from_twin = _core._aliwar_machine_from_key(_CARDS, twin._m.key())
        assert from_compiled.key() == key == from_twin.key()
        rebuilt = State(compiled.rules, compiled.seed, from_twin, False)
        assert list(_picture(rebuilt)) == list(_picture(twin))  # the last events included
        assert rebuilt.last_events == twin.last_events


def test_the_comparison_sees_a_difference(backend: str) -> None:
    if backend == "python" or _core is None:
        pytest.skip("compares the compiled core with the twin; runs on the compiled pass only")
    compiled, twin = _faces(Rules(), 5)
    compiled.apply_actions({0: 0, 1: 0})
    twin.apply_actions({0: 0, 1: 1})
    assert _picture(compiled) != _picture(twin)
