"""Guerrilla's rule modules, compiled and interpreted from the same source, step by step.

The rules are written once (``guerrilla/board.py``, ``promotion.py``, ``draw.py``,
``combat.py``, ``ties.py``, ``spoils.py``, ``ending.py``, ``turns.py``, ``greedy.py``,
``views.py``, ``machine.py``, ``vector.py``): here the compiled and the interpreted build
of the very same files (``RuleSource(...).of(...)``) are driven side by side, on the
same deal with the same actions, over many seeds and every option: at every step the
same machine key (the whole position, RNG, history and event ints), legal actions,
greedy choices, views and encodings, and at the end the same result; the batch loop and
the vector env's tables give the same games. The named constants (``Event``, ``Phase``,
``Option``) have the same values in both builds.
"""

from __future__ import annotations

import pickle
from array import array
from types import ModuleType
from typing import Any

import pytest

from cardwars.backend import RuleSource
from cardwars.core_rng import Rng, derive_seed
from cardwars.guerrilla import Guerrilla, Rules
from cardwars.guerrilla.event_faces import EVENT_FACES, VIEW_FACES
from tests import builds
from tests.guerrilla.test_machine_parity import CASES
from tests.sizes import sized

_core = builds.compiled_or_skip()

_NAMES = (
    "board",
    "strength",
    "promotion",
    "draw",
    "combat",
    "ties",
    "spoils",
    "ending",
    "turns",
    "greedy",
    "views",
    "machine",
    "vector",
    "restore",
)
_CARDS = tuple(range(52))


@pytest.fixture(autouse=True)
def backend() -> str:
    """Replaces the suite's two-pass fixture: these tests use both builds at once."""
    return "both"


def _build(kind: str) -> dict[str, ModuleType]:
    return {name: RuleSource(f"cardwars.guerrilla.{name}").of(kind) for name in _NAMES}


def test_both_builds_are_the_same_source() -> None:
    compiled, interpreted = _build("compiled"), _build("python")
    for name in _NAMES:
        assert not str(compiled[name].__file__).endswith(".py"), name
        assert str(interpreted[name].__file__).endswith(f"{name}.py"), name
        assert interpreted[name].__name__ == f"cardwars._interpreted.guerrilla.{name}"


def test_the_named_constants_are_the_same_in_both_builds() -> None:
    compiled, interpreted = _build("compiled")["board"], _build("python")["board"]
    for enum in ("Event", "Phase", "Option"):
        ours = {m.name: int(m) for m in getattr(compiled, enum)}
        theirs = {m.name: int(m) for m in getattr(interpreted, enum)}
        assert ours == theirs, enum
        assert ours  # not empty
    assert compiled.OPTIONS == interpreted.OPTIONS
    assert [name for name, _, _ in compiled.OPTIONS] == list(Rules().machine_options())
    assert len(compiled.Event) == 18 and compiled.Event.SPOILS_TAKEN == 14
    assert compiled.Phase.OVER == 7 and compiled.Option.CAP_MOST == 20


def _encodings(machine: Any, players: int) -> list[bytes]:
    out = []
    for seat in range(-1, players):
        block = array("f", bytes(4 * (243 * players + 66)))
        if seat < 0:
            machine.encode_state(block)
        else:
            machine.encode_observation(seat, block)
        out.append(block.tobytes())
    return out


def _play(options: dict[str, Any], players: int, seed: int, greedy: bool) -> int:
    """The compiled and the interpreted machine of the same source, on the same deal
    with the same actions: at every step the same key (the whole position, RNG, history
    and events), legal actions, greedy choices and encodings; copies and pickles too."""
    rules = Guerrilla(players, Rules(**options)).rules
    ours = _build("compiled")["machine"].guerrilla_deal(
        _CARDS, players, seed, **rules.machine_options()
    )
    theirs = _build("python")["machine"].guerrilla_deal(
        _CARDS, players, seed, **rules.machine_options()
    )
    rng = Rng(derive_seed(seed, 7))
    steps = 0
    while True:
        assert ours.key() == theirs.key()
        assert ours.view() == theirs.view() and ours.table() == theirs.table()
        result = "the result" if ours.over else None
        assert ours.event_objects(EVENT_FACES, result) == theirs.event_objects(EVENT_FACES, result)
        for seat in range(players):
            seen = ours.observation(seat, VIEW_FACES, rules)
            assert seen == theirs.observation(seat, VIEW_FACES, rules)
        for seat in range(players):
            assert ours.legal_actions(seat) == theirs.legal_actions(seat)
            assert ours.greedy_action(seat) == theirs.greedy_action(seat)
        if steps % 7 == 0:
            assert _encodings(ours, players) == _encodings(theirs, players)
            assert pickle.loads(pickle.dumps(theirs)).key() == ours.copy().key()
        if ours.over:
            break
        chosen = {}
        for seat in sorted(ours.to_act):
            legal = ours.legal_actions(seat)
            chosen[seat] = ours.greedy_action(seat) if greedy else legal[rng.below(len(legal))]
        assert ours.apply_actions(chosen) and theirs.apply_actions(dict(chosen))
        steps += 1
    assert ours.winners == theirs.winners and ours.placings == theirs.placings
    assert ours.termination == theirs.termination
    return steps


@pytest.mark.slow
@pytest.mark.parametrize(("options", "players"), CASES)
def test_compiled_and_interpreted_rules_agree_at_every_step(
    options: dict[str, Any], players: int
) -> None:
    options = {"max_skirmishes": 80, **options}
    seeds = range(sized(6, 2))  # a random and a greedy game each
    steps = sum(_play(options, players, seed, greedy=seed % 2 == 1) for seed in seeds)
    assert steps > 0


def test_many_seeds_at_the_defaults() -> None:
    for players in (2, 3, 4):
        for seed in range(40):
            _play({}, players, 1000 + seed, greedy=seed % 3 == 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_batch_loop_is_the_same_on_both_builds(players: int) -> None:
    compiled = _build("compiled")["greedy"].guerrilla_batch
    interpreted = _build("python")["greedy"].guerrilla_batch
    for agents in ([0] * players, [1] * players, [s % 2 for s in range(players)]):
        ours = compiled(11, 5, 12, players, False, agents, 300)
        theirs = interpreted(11, 5, 12, players, False, agents, 300)
        assert ours == theirs
    assert compiled(3, 0, 6, 2, True) == interpreted(3, 0, 6, 2, True)


@pytest.mark.parametrize(("players", "opponent"), [(2, 0), (3, 1), (4, 0), (2, 1)])
def test_the_vector_tables_are_the_same_on_both_builds(players: int, opponent: int) -> None:
    count, size, width = 5, 64 * players + 115, 2968
    both = []
    for kind in ("compiled", "python"):
        tables = _build(kind)["vector"].GuerrillaTables(count, players, 1, opponent)
        obs, masks = array("f", bytes(4 * count * size)), bytearray(count * width)
        obs_view = memoryview(obs).cast("B").cast("f", (count, size))
        mask_view = memoryview(masks).cast("b", (count, width))
        tables.reset(tuple(range(40, 40 + count)), obs_view, mask_view)
        trace: list[tuple[Any, ...]] = [(obs.tobytes(), bytes(masks))]
        for t in range(60):
            actions = array("i", bytes(4 * count))
            tables.sample(t, actions)
            if t % 9 == 4:
                actions[t % count] = 0  # an illegal action now and then
            rewards = array("f", bytes(4 * count))
            flags = [array("b", bytes(count)) for _ in range(3)]
            assert tables.step(actions, obs_view, mask_view, rewards, *flags, False) == -1
            flat = [f.tobytes() for f in flags]
            trace.append((obs.tobytes(), bytes(masks), rewards.tobytes(), *flat))
        trace.append((tables.game_seeds(), tables.episodes(), tables.legal_actions(0)))
        both.append(trace)
    assert both[0] == both[1]
