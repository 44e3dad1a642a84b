"""The two backends of one rule source: the interpreted loader, and the stand-in for ``cython``.

Each game's rules are pure-mode ``.py`` modules with a ``.pxd`` beside each. The build
compiles them; :mod:`cardwars.backend` loads the same files interpreted under
``cardwars._interpreted`` (beside the extension) and :mod:`cardwars._cython` stands in for
Cython where it is not installed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardwars
from cardwars import _cython, backend

SRC = Path(cardwars.__file__).resolve().parent


def _rule_modules() -> list[str]:
    return sorted(
        ".".join(path.relative_to(SRC.parent).with_suffix("").parts)
        for path in SRC.rglob("*.py")
        if backend.is_rule_module(path)
    )


@pytest.mark.compiled_pass
def test_every_rule_module_has_an_interpreted_build(backend: str) -> None:
    for name in _rule_modules():
        source = cardwars.backend.RuleSource(name)
        interpreted = source.of("python")
        assert interpreted.__file__ is not None and interpreted.__file__.endswith(".py"), name
        if cardwars.BACKEND == "compiled":
            compiled = source.of("compiled")
            assert compiled is not interpreted
            assert not (compiled.__file__ or "").endswith(".py"), name


def test_the_interpreted_build_shares_every_other_module() -> None:
    import importlib

    errors = importlib.import_module(backend.INTERPRETED + ".errors")
    assert errors is cardwars.errors
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(backend.INTERPRETED + ".no_such_module")


def test_use_backend_names_what_is_allowed() -> None:
    with pytest.raises(cardwars.UsageError, match="'compiled' or 'python'"):
        backend.use_backend("fast")


def test_the_stand_in_has_the_names_the_rules_use() -> None:
    assert _cython.compiled is False
    assert _cython.declare(_cython.int[3]) == [0, 0, 0]
    assert _cython.declare(_cython.int, 5) == 5
    assert _cython.cast(_cython.int, True) == 1 and type(_cython.cast(_cython.int, True)) is int
    with _cython.nogil:
        pass

    @_cython.cfunc
    @_cython.locals(x=_cython.int)
    @_cython.exceptval(-1, check=False)
    def twice(x: int) -> int:
        return 2 * x

    assert twice(4) == 8


GAMES: tuple[tuple[str, dict[str, int]], ...] = (
    ("aliwar", {}),
    ("clone-war", {"players": 3}),
    ("guerrilla", {"players": 3}),
)

_CHILD = """
import json, sys
sys.modules["cython"] = None  # as where Cython is not installed: cardwars._cython stands in
import cardwars
from cardwars import backend
assert backend.BACKEND == "python", backend.BACKEND
out = {}
for name, options in %r:
    game = cardwars.load_game(name, **options)
    out[name] = [
        cardwars.records.dumps(cardwars.play(game, ["random"] * game.players, seed=seed))
        for seed in range(4)
    ]
print(json.dumps(out))
"""


@pytest.mark.compiled_pass
def test_the_rules_run_without_cython_as_compiled(backend: str) -> None:
    env = {**os.environ, "CARDWARS_PURE_PYTHON": "1"}
    env.pop("CARDWARS_REQUIRE_EXTENSION", None)
    env["PYTHONPATH"] = os.pathsep.join([str(SRC.parent), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", _CHILD % (GAMES,)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    interpreted = json.loads(done.stdout)
    for name, options in GAMES:
        game = cardwars.load_game(name, **options)
        here = [
            cardwars.records.dumps(cardwars.play(game, ["random"] * game.players, seed=seed))
            for seed in range(4)
        ]
        assert interpreted[name] == here, name


@pytest.mark.parametrize("name", _rule_modules())
def test_the_rule_modules_examples_run_on_this_backend(backend: str, name: str) -> None:
    # pytest --doctest-modules cannot collect a rule module's .py beside its extension (the
    # installed package's doctest run leaves them out): their examples run here, per backend.
    import doctest

    module = cardwars.backend.RuleSource(name).of(backend)
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests = finder.find(module, name, globs=dict(vars(module)))
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test)
    assert runner.failures == 0, f"{name}: {runner.failures} of {runner.tries} examples failed"
