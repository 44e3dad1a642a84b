"""Guerrilla's rule modules, compiled and interpreted from the same source, step by step.

The rule steps are written once (``guerrilla/board.py``, ``promotion.py``, ``draw.py``,
``combat.py``, ``ties.py``, ``spoils.py``, ``ending.py``, ``turns.py``): the compiled
machine plays their extensions; here the interpreted build of the very same files
(``RuleSource(...).of("python")``) is driven directly, on the same deal with the same
actions, over many seeds and every option: at every step the same legal actions, the
same event ints and the same position (the machine key's parts), and at the end the
same result. The named constants (``Event``, ``Phase``, ``Option``) have the same
values in both builds.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from cardwars.backend import RuleSource
from cardwars.core_rng import Rng, derive_seed
from cardwars.guerrilla import Guerrilla, Rules
from tests import kernels
from tests.guerrilla.test_machine_parity import CASES

_core = kernels.compiled_or_skip()
_machine = pytest.importorskip("cardwars.guerrilla._machine")

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
    assert [name for name, _, _ in compiled.OPTIONS] == list(Rules().kernel_options())
    assert len(compiled.Event) == 18 and compiled.Event.SPOILS_TAKEN == 14
    assert compiled.Phase.OVER == 7 and compiled.Option.CAP_MOST == 20


def _position(st: Any, n: int) -> tuple[Any, ...]:
    """The interpreted board's position as the machine key's parts hold it."""

    def ints(values: list[int], m: int) -> tuple[int, ...]:
        return tuple(values[:m])

    return (
        tuple(ints(st.hand[s], st.hand_n[s]) for s in range(n)),
        tuple(tuple(st.draw[s][st.draw_top[s] : st.draw_top[s] + st.draw_n[s]]) for s in range(n)),
        tuple(ints(st.disc[s], st.disc_n[s]) for s in range(n)),
        ints(st.removed, st.removed_n),
        (st.g, st.k, st.phase, st.to_act, st.proposer, st.needed),
        (st.clock, st.cards_dealt, st.termination),
        ints(st.in_game, n),
        ints(st.played_g, n),
        ints(st.penalty, n),
        ints(st.spy, n),
        ints(st.played, n),
        ints(st.support, n),
        ints(st.outcomes, n),
        ints(st.eliminated_at, n),
        ints(st.eliminated_hand, n),
        st.rng,
    )


def _key_position(key: Any) -> tuple[Any, ...]:
    return (
        key.hands,
        key.draw,
        key.discard,
        key.removed,
        key.stage,
        key.counters,
        key.in_game,
        key.played_g,
        key.penalty,
        key.spy,
        key.played,
        key.supports,
        key.outcomes,
        key.eliminated_at,
        key.eliminated_hand,
        key.rng_state,
    )


def _play(options: dict[str, Any], players: int, seed: int, greedy: bool) -> int:
    rules = Guerrilla(players, Rules(**options)).rules
    machine = _machine.guerrilla_deal(_CARDS, players, seed, **rules.kernel_options())
    py = _build("python")
    board = py["board"]
    st = board.BoardLists()
    ev = board.EventLists()
    board.init_board(st, players, list(machine.key().options), seed)
    py["promotion"].deal(st, ev)
    rng = Rng(derive_seed(seed, 7))
    steps = 0
    while True:
        assert tuple(ev.data[: ev.n]) == machine.events()
        assert _position(st, players) == _key_position(machine.key())
        out = [0] * 2968
        for seat in range(players):
            m = py["turns"].legal(st, seat, out)
            assert tuple(out[:m]) == machine.legal_actions(seat)
            if m:  # the greedy agent's choice, the same source on both builds
                assert out[py["greedy"].greedy(st, seat, out, m)] == machine.greedy_action(seat)
        if machine.over:
            break
        chosen = [-1, -1, -1, -1]
        for seat in sorted(machine.to_act):
            legal = machine.legal_actions(seat)
            chosen[seat] = machine.greedy_action(seat) if greedy else legal[rng.below(len(legal))]
        assert machine.apply_actions({s: a for s, a in enumerate(chosen) if a >= 0})
        ev.n = 0
        py["turns"].step(st, chosen, ev)
        steps += 1
    assert st.phase == 7 and st.termination == machine.termination
    assert tuple(st.result_winners[: st.result_winners_n]) == machine.winners
    assert tuple(st.placings[:players]) == machine.placings
    return steps


@pytest.mark.parametrize(("options", "players"), CASES)
def test_compiled_and_interpreted_rules_agree_at_every_step(
    options: dict[str, Any], players: int
) -> None:
    options = {"max_skirmishes": 80, **options}
    steps = sum(_play(options, players, seed, greedy=seed % 2 == 1) for seed in range(6))
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
