"""Aliwar's rules, one source, compiled and interpreted, agree step by step (differential).

The same rule modules (``cardwars.aliwar.machine`` and the modules it cimports) are run
twice in one process: their compiled build and the interpreter's
(``RuleSource(...).of("compiled")`` and ``.of("python")``). Two faces, one over each
build's machine, are dealt the same game under every option and driven by the same
random actions; after every step they must show the same events, phase, polled seats,
legal moves and actions, observations of both seats, readable state, machine key and
result. The keys are also exchanged: each build rebuilds the other's position exactly.
The batch loop and the vector tables are compared the same way, and the named
constants' compiled values with the interpreted ones.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardwars.aliwar import Rules, State
from cardwars.aliwar.state import _CARDS
from cardwars.backend import RuleSource
from cardwars.core_rng import Rng, derive_seed
from tests.sizes import sized

SOURCES = {
    name: RuleSource(f"cardwars.aliwar.{name}")
    for name in ("position", "round", "views", "machine", "batch", "vector")
}
pure = SOURCES["machine"].of("python")
try:
    _core: Any = SOURCES["machine"].of("compiled")
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
    Rules(
        allow_null_switch=True,
        kept_card_position="below_returning",
        double_loss_result="most_cards",
        cap_result="most_cards",
        view_recall="face_up_only",
        no_progress_limit=3,
        max_rounds=40,
    ),
]


def _faces(rules: Rules, seed: int) -> tuple[State, State]:
    assert _core is not None
    options = rules.machine_options()
    compiled = State(rules, seed, _core.aliwar_deal(_CARDS, seed, **options), False)
    interpreted = State(rules, seed, pure.aliwar_deal(_CARDS, seed, **options), False)
    return compiled, interpreted


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
    compiled, interpreted = _faces(rules, seed)
    rng = Rng(derive_seed(seed, 99))
    steps = 0
    assert _picture(compiled) == _picture(interpreted)
    while not compiled.is_over:
        picks = {}
        for seat in sorted(compiled.to_act):
            legal = compiled.legal_actions(seat)
            picks[seat] = legal[rng.below(len(legal))]
        compiled.apply_actions(picks)
        interpreted.apply_actions(dict(picks))
        steps += 1
        assert _picture(compiled) == _picture(interpreted), (seed, steps)
    assert interpreted.is_over
    return steps


@pytest.mark.slow
@pytest.mark.parametrize("rules", SETTINGS, ids=repr)
@pytest.mark.compiled_pass
def test_machines_agree_step_by_step(backend: str, rules: Rules) -> None:
    games = sized(600, 60)
    total = sum(_play_both(rules, derive_seed(7, k)) for k in range(games))
    assert total > games  # every game took steps


@pytest.mark.compiled_pass
def test_keys_cross_backends(backend: str) -> None:
    for k in range(40):
        compiled, interpreted = _faces(Rules(allow_null_switch=k % 2 == 1), derive_seed(3, k))
        rng = Rng(k)
        for _ in range(rng.below(20)):
            if compiled.is_over:
                break
            picks = {
                s: compiled.legal_actions(s)[rng.below(len(compiled.legal_actions(s)))]
                for s in sorted(compiled.to_act)
            }
            compiled.apply_actions(picks)
            interpreted.apply_actions(picks)
        key = compiled._m.key()
        from_compiled = pure._aliwar_machine_from_key(_CARDS, key)
        from_interpreted = _core._aliwar_machine_from_key(_CARDS, interpreted._m.key())
        assert from_compiled.key() == key == from_interpreted.key()
        rebuilt = State(compiled.rules, compiled.seed, from_interpreted, False)
        assert list(_picture(rebuilt)) == list(_picture(interpreted))  # the last events included
        assert rebuilt.last_events == interpreted.last_events
        assert type(from_compiled).__module__ == "cardwars._interpreted.aliwar.machine"
        assert type(from_interpreted).__module__ == "cardwars.aliwar.machine"


@pytest.mark.parametrize("bad", [2**80, -(2**80), 2**63, True, 1.0, 277, -2])
def test_a_key_value_out_of_range_is_refused_by_both_builds(backend: str, bad: object) -> None:
    # The compiled check reads an exact int as a C long long first: a value too large for
    # one, a bool or a float must still be refused with the range in the message.
    builds = [pure] if backend == "python" or _core is None else [pure, _core]
    for build in builds:
        machine = build.aliwar_deal(_CARDS, 7)
        machine.apply_actions({0: 0, 1: 0})
        key = machine.key()
        assert build._aliwar_machine_from_key(_CARDS, key).key() == key
        with pytest.raises(ValueError, match=r"phase must be an int in \[0, 2\]"):
            build._aliwar_machine_from_key(_CARDS, key._replace(phase=bad))
        history = ((bad, 0), *key.history[1:])
        with pytest.raises(ValueError, match="a history action must be an int in"):
            build._aliwar_machine_from_key(_CARDS, key._replace(history=history))


@pytest.mark.compiled_pass
def test_the_comparison_sees_a_difference(backend: str) -> None:
    compiled, interpreted = _faces(Rules(), 5)
    compiled.apply_actions({0: 0, 1: 0})
    interpreted.apply_actions({0: 0, 1: 1})
    assert _picture(compiled) != _picture(interpreted)


@pytest.mark.compiled_pass
def test_the_named_constants_are_the_same_in_both_builds(backend: str) -> None:
    compiled = SOURCES["position"].of("compiled")
    interpreted = SOURCES["position"].of("python")
    assert compiled is not interpreted
    assert compiled.CONSTANTS == interpreted.CONSTANTS
    assert len(compiled.CONSTANTS) > 20
    for name in ("PhaseCode", "TerminationCode", "Action", "EventKind", "AgentCode"):
        ours, theirs = getattr(compiled, name), getattr(interpreted, name)
        assert [(m.name, m.value) for m in ours] == [(m.name, m.value) for m in theirs]
    assert SOURCES["round"].of("compiled").PAIRS == SOURCES["round"].of("python").PAIRS


BATCH_OPTIONS = [
    {},
    {"allow_null_switch": 1, "kept_card_position": 1},
    {"no_progress_limit": 2, "max_rounds": 9, "double_loss_result": 1, "cap_result": 1},
    {"double_loss_result": 1, "cap_result": 1, "no_progress_limit": 4, "allow_null_switch": 1},
]


@pytest.mark.slow
@pytest.mark.parametrize("options", BATCH_OPTIONS, ids=repr)
@pytest.mark.parametrize("agents", [(0, 0), (1, 0), (0, 1), (1, 1)], ids=repr)
@pytest.mark.compiled_pass
def test_batch_builds_agree(backend: str, options: dict[str, int], agents: tuple[int, int]) -> None:
    games = sized(150, 40)
    compiled = SOURCES["batch"].of("compiled").aliwar_batch(11, 5, games, 2, agents, **options)
    interpreted = SOURCES["batch"].of("python").aliwar_batch(11, 5, games, 2, agents, **options)
    for name in compiled:
        assert list(compiled[name]) == list(interpreted[name]), name


@pytest.mark.slow
@pytest.mark.parametrize("options", BATCH_OPTIONS[:3], ids=repr)
@pytest.mark.parametrize(("seat", "opponent", "recall"), [(0, 0, 1), (1, 1, 0), (0, 1, 1)])
@pytest.mark.compiled_pass
def test_vector_builds_agree(
    backend: str, options: dict[str, int], seat: int, opponent: int, recall: int
) -> None:
    np = pytest.importorskip("numpy")
    n = 6
    builds = [SOURCES["vector"].of(name) for name in ("compiled", "python")]
    tables = [build.AliwarTables(n, seat, opponent, recall, **options) for build in builds]
    outs = []
    for t in tables:
        obs, masks = np.zeros((n, 609), np.float32), np.zeros((n, 277), np.int8)
        t.reset(tuple(range(40, 40 + n)), obs, masks)
        outs.append((obs, masks))
    for a, b in zip(outs[0], outs[1], strict=True):
        assert (a == b).all()
    rng = Rng(seed := 17)
    for step in range(sized(150, 40)):
        actions = np.zeros(n, np.int32)
        tables[0].sample(derive_seed(seed, step), actions)
        other = np.zeros(n, np.int32)
        tables[1].sample(derive_seed(seed, step), other)
        assert (actions == other).all()
        if rng.below(10) == 0:
            actions[rng.below(n)] = rng.below(277)  # now and then an illegal action
        results: list[Any] = []
        for t in tables:
            blocks = (
                np.zeros((n, 609), np.float32),
                np.zeros((n, 277), np.int8),
                np.zeros(n, np.float32),
                np.zeros(n, np.int8),
                np.zeros(n, np.int8),
                np.zeros(n, np.int8),
            )
            first = t.step(actions, *blocks, step % 2 == 0)
            results.append((first, blocks, t.game_seeds(), t.episodes()))
            results[-1] += (tuple(t.legal_actions(k) for k in range(n)),)
        (f0, b0, s0, e0, l0), (f1, b1, s1, e1, l1) = results
        assert (f0, s0, e0, l0) == (f1, s1, e1, l1)
        for x, y in zip(b0, b1, strict=True):
            assert (x == y).all(), step
