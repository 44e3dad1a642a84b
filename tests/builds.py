"""Every machine name of one backend in one namespace, for tests that call machines directly.

``pure`` holds the builds' names (the shared core's and each game's), ``compiled`` the
compiled extensions' (an ImportError on ``from tests.builds import compiled`` when they
are not built), and ``current`` reads the names of the backend the test runs on (the
suite's ``backend`` fixture switches :mod:`cardwars.backend`).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from types import SimpleNamespace
from typing import Any

from cardwars import backend


class RuleModules:
    """A game's rule modules (one source each) as one namespace of their public names
    (each module's ``__all__``) on a backend."""

    def __init__(self, *names: str) -> None:
        self.sources = tuple(backend.RuleSource(name) for name in names)

    def of(self, name: str) -> SimpleNamespace:
        merged = SimpleNamespace()
        for source in self.sources:
            module = source.of(name)
            for attr in module.__all__:
                setattr(merged, attr, getattr(module, attr))
        return merged


ALIWAR = RuleModules(
    "cardwars.aliwar.machine",
    "cardwars.aliwar.round",
    "cardwars.aliwar.batch",
    "cardwars.aliwar.vector",
)
"""Aliwar's rule modules (the same source on both backends)."""

KERNELS = (ALIWAR,)
"""The namespaces the name-parity tests compare across the two builds: Aliwar's rule
modules (one source, by their ``__all__``)."""

RULES = tuple(
    backend.RuleSource(f"cardwars.{game}.{name}")
    for game, names in (
        ("clone_war", ("position", "battles", "whole_game", "machine")),
        (
            "guerrilla",
            (
                *("board", "strength", "promotion", "draw", "combat", "ties", "spoils"),
                *("ending", "turns", "greedy", "views", "machine", "vector", "restore"),
            ),
        ),
    )
    for name in names
)
"""The rule modules of Clone War and Guerrilla (each a RuleSource; Aliwar's are ALIWAR)."""

_CORES = {"compiled": "cardwars._core", "python": "cardwars.core"}


def of(name: str) -> SimpleNamespace:
    """The shared core's and every game's public names on backend ``name``."""
    merged = SimpleNamespace()
    modules = (
        importlib.import_module(_CORES[name]),
        *(k.of(name) for k in KERNELS),
        *(rules.of(name) for rules in RULES),
    )
    for module in modules:
        for attr, value in vars(module).items():
            if not attr.startswith("__"):
                setattr(merged, attr, value)
    return merged


def backend_name() -> str:
    """The backend the running test uses."""
    return backend.BACKEND


class _Current:
    """The names of the backend the running test uses, looked up on each access."""

    def __getattr__(self, name: str) -> Any:
        return getattr(_BY_BACKEND[backend.BACKEND], name)


pure = of("python")
_BY_BACKEND: dict[str, SimpleNamespace] = {"python": pure}
with suppress(ImportError):  # the pure-Python install has no compiled names
    _BY_BACKEND["compiled"] = of("compiled")
current: Any = _Current()


def __getattr__(name: str) -> Any:
    if name == "compiled" and "compiled" in _BY_BACKEND:
        return _BY_BACKEND["compiled"]
    raise AttributeError(name)


@contextmanager
def on(name: str) -> Iterator[None]:
    """Run the body on backend ``name`` (states made inside keep their machine for good)."""
    saved = backend.core, backend.BACKEND
    backend.core = importlib.import_module(_CORES[name])
    backend.BACKEND = "compiled" if name == "compiled" else "python"
    try:
        yield
    finally:
        backend.core, backend.BACKEND = saved


def compiled_or_skip() -> Any:
    """The compiled names, or skip the calling module when the extensions are not built."""
    import pytest

    if "compiled" not in _BY_BACKEND:
        pytest.skip("the compiled extensions are not built", allow_module_level=True)
    return _BY_BACKEND["compiled"]
