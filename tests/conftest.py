"""Run the whole suite against both backends, set Hypothesis profiles, and size the slow tests.

The ``slow`` marker and the ``--full`` option are declared here, not in
pyproject.toml: CI also runs a copy of ``tests/`` from outside the source tree.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

from cardwars import backend as _backend
from tests import sizes

_core: ModuleType | None
try:
    import cardwars._core as _core
except ImportError:  # pragma: no cover - the pure-Python install
    _core = None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--full",
        action="store_true",
        default=False,
        help="run the slow differential and statistical tests at their full counts",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "slow: a differential or statistical run over thousands of seeds; the default run "
        "plays a smaller count where that saves time, on the compiled backend only, --full "
        "the whole one on both backends (select: -m slow)",
    )
    config.addinivalue_line(
        "markers",
        "compiled_pass: the test compares the two builds itself, checks the compiled one, or "
        "drives a front end whose rule calls other tests check on both builds, so it runs once, "
        "under the compiled backend, instead of once per backend",
    )
    sizes.FULL = bool(config.getoption("--full"))


@pytest.hookimpl(tryfirst=True)  # before pytest reads the parametrize marks
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # A parametrize mark of the autouse ``backend`` fixture takes precedence over its params.
    # A slow test's interpreted pass waits for --full (CI's slow step), which keeps the
    # default command quick; an install without the compiled core keeps that pass.
    definition = metafunc.definition
    once = definition.get_closest_marker("compiled_pass") is not None or (
        definition.get_closest_marker("slow") is not None and not sizes.FULL and _core is not None
    )
    if once and "backend" in metafunc.fixturenames:
        definition.add_marker(pytest.mark.parametrize("backend", ["compiled"], indirect=True))


# The backend fixture swaps a module attribute once per test, not per example.
_COMMON = {"suppress_health_check": [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]}
settings.register_profile("default", max_examples=60, deadline=None, **_COMMON)  # type: ignore[arg-type]
settings.register_profile("ci", max_examples=150, deadline=None, **_COMMON)  # type: ignore[arg-type]
settings.register_profile("dev", max_examples=15, deadline=None, **_COMMON)  # type: ignore[arg-type]
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(params=["compiled", "python"], autouse=True)
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test runs once on the compiled core and once on the pure-Python interpreted build."""
    name: str = request.param
    if name == "compiled":
        if _core is None:
            pytest.skip("compiled core cardwars._core is not built")
        module: ModuleType = _core
    else:
        module = importlib.import_module("cardwars.core")
    monkeypatch.setattr(_backend, "core", module)
    monkeypatch.setattr(_backend, "BACKEND", name)
    return name
