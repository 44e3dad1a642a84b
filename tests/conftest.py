"""Run the whole suite against both backends, and set Hypothesis profiles."""

from __future__ import annotations

import os
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

from cardwars import _kernels
from cardwars._kernels import pure

_core: ModuleType | None
try:
    from cardwars._kernels import _core
except ImportError:  # pragma: no cover - the pure-Python install
    _core = None

# The backend fixture swaps a module attribute once per test, not per example.
_COMMON = {"suppress_health_check": [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]}
settings.register_profile("default", max_examples=60, deadline=None, **_COMMON)  # type: ignore[arg-type]
settings.register_profile("ci", max_examples=150, deadline=None, **_COMMON)  # type: ignore[arg-type]
settings.register_profile("dev", max_examples=15, deadline=None, **_COMMON)  # type: ignore[arg-type]
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(params=["compiled", "python"], autouse=True)
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test runs once on the compiled core and once on the pure-Python twin."""
    name: str = request.param
    if name == "compiled":
        if _core is None:
            pytest.skip("compiled core cardwars._kernels._core is not built")
        module: ModuleType = _core
    else:
        module = pure
    monkeypatch.setattr(_kernels, "kernels", module)
    monkeypatch.setattr(_kernels, "BACKEND", name)
    return name
