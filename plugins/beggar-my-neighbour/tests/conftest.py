"""Every test runs on both builds of the rules: compiled (where the plugin was built) and
interpreted from the same files, by switching cardwars' backend, which the plugin follows."""

from __future__ import annotations

import importlib.util

import pytest
from cardwars import backend as cardwars_backend

COMPILED = all(
    (spec := importlib.util.find_spec(f"beggar_my_neighbour.{name}")) is not None
    and spec.origin is not None
    and not spec.origin.endswith(".py")
    for name in ("tricks", "machine")
)
"""Whether the plugin's rule modules were compiled here."""


@pytest.fixture(params=["compiled", "python"], autouse=True)
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The build this test runs: ``"compiled"`` or ``"python"``."""
    name: str = request.param
    if name == "compiled":
        if not COMPILED or cardwars_backend.BACKEND != "compiled":
            pytest.skip("the plugin's rule modules (or cardwars' core) are not compiled here")
        return name
    monkeypatch.setattr(cardwars_backend, "BACKEND", "python")
    monkeypatch.setattr(cardwars_backend, "core", importlib.import_module("cardwars.core"))
    return name
