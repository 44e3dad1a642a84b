"""Compiled against interpreted, from the same source: the batch loop over many seeds and
every option, the machines step by step, and the environment switch in a fresh process."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from beggar_my_neighbour import Rules, _backend
from beggar_my_neighbour.state import _FACES
from tests.conftest import COMPILED
from tests.test_reference import OPTIONS

pytestmark = pytest.mark.skipif(not COMPILED, reason="the plugin is not compiled here")


def once(backend: str) -> None:
    """These tests compare both builds themselves: they run once."""
    if backend != "compiled":
        pytest.skip("compares the compiled and the interpreted build: runs once")


def test_interpreted_build_is_the_source_file(backend: str) -> None:
    once(backend)
    for name in _backend.RULE_MODULES:
        compiled, interpreted = _backend.rules(name, "compiled"), _backend.rules(name, "python")
        assert not str(compiled.__file__).endswith(".py")
        assert interpreted.__file__ == str(Path(str(compiled.__file__)).with_name(f"{name}.py"))


@pytest.mark.parametrize("rules", OPTIONS, ids=lambda r: repr(r)[6:-1] or "default")
def test_batch_loops_play_the_same_games(rules: Rules, backend: str) -> None:
    once(backend)
    options = rules.machine_options()
    for seed in (0, 1, 2**64 - 1):
        columns = [
            _backend.rules("tricks", build).bmn_batch(
                seed, 1000 * seed % 7, 300, options["demands"], options["reverse"]
            )
            for build in ("compiled", "python")
        ]
        assert columns[0] == columns[1]


@pytest.mark.parametrize("rules", OPTIONS, ids=lambda r: repr(r)[6:-1] or "default")
def test_machines_step_alike(rules: Rules, backend: str) -> None:
    once(backend)
    options = rules.machine_options()
    for seed in range(30):
        hands_and_rng = [
            _backend.rules("tricks", build).dealt_hands(seed, len(rules.cards))
            for build in ("compiled", "python")
        ]
        assert hands_and_rng[0] == hands_and_rng[1]
        hand0, hand1, rng = hands_and_rng[0]
        machines = [
            _backend.rules("machine", build).BeggarMachine(
                rules.cards, (hand0, hand1), options["demands"], options["reverse"], rng
            )
            for build in ("compiled", "python")
        ]
        while not machines[0].over:
            assert machines[0].key() == machines[1].key()
            assert all(m.apply_actions({}) for m in machines)
            events = [m.event_objects(_FACES, None) for m in machines]
            assert events[0] == events[1]
        assert machines[1].over and machines[0].key() == machines[1].key()


DIGEST = """
import hashlib
from beggar_my_neighbour import BeggarMyNeighbour, Rules, _backend
cols = BeggarMyNeighbour(rules=Rules(king=0)).run_batch(("random",) * 2, 7, 0, 3000)
print(_backend.rules("tricks").__file__.endswith(".py"))
print(hashlib.sha256(repr(sorted(cols.items())).encode()).hexdigest())
"""


def test_the_environment_switch_runs_the_same_games_interpreted(backend: str) -> None:
    once(backend)
    runs = {}
    for pure in ("0", "1"):
        env = {**os.environ, "CARDWARS_PURE_PYTHON": pure}
        env.pop("CARDWARS_REQUIRE_EXTENSION", None)
        out = subprocess.run(
            [sys.executable, "-c", DIGEST], env=env, capture_output=True, text=True, check=True
        ).stdout.split()
        runs[pure] = out
    assert runs["0"][0] == "False" and runs["1"][0] == "True"
    assert runs["0"][1] == runs["1"][1]
    assert len(runs["0"][1]) == len(hashlib.sha256().hexdigest())
