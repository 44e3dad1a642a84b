"""Which build of the plugin's rule modules runs: the compiled one, or the same files run by
the interpreter.

The plugin follows cardwars (:func:`cardwars.authoring.current_backend`): when cardwars
runs interpreted (``CARDWARS_PURE_PYTHON=1``, or no compiled core), so do the rules here;
when it runs compiled, the rules run compiled if the plugin was built with a compiler, and
interpreted otherwise. The interpreted build of ``beggar_my_neighbour.X`` is the module
``beggar_my_neighbour._interpreted.X``, loaded from ``X.py`` even where ``X``'s extension
exists, so both builds can live in one process (the parity tests compare them).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from cardwars.authoring import current_backend, pure_cython

__all__ = ["RULE_MODULES", "rules"]

_PACKAGE = __name__.rpartition(".")[0]
_INTERPRETED = _PACKAGE + "._interpreted"
RULE_MODULES = ("tricks", "machine")
"""The rule modules: a ``.py`` in Cython's pure-Python mode with its ``.pxd`` beside it."""
_HERE = Path(__file__).resolve().parent


class _RuleLoader(importlib.machinery.SourceFileLoader):
    """Runs a rule module's source with cardwars' stand-in as its ``cython``."""

    def exec_module(self, module: ModuleType) -> None:
        saved = sys.modules.get("cython")
        sys.modules["cython"] = pure_cython
        try:
            super().exec_module(module)
        finally:
            if saved is None:
                del sys.modules["cython"]
            else:
                sys.modules["cython"] = saved


class _PackageLoader(importlib.abc.Loader):
    """The empty package the interpreted builds live in."""

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        module.__path__ = []


class _Finder(importlib.abc.MetaPathFinder):
    """Finds ``beggar_my_neighbour._interpreted.X`` (a pickle of an interpreted machine
    names it) as the source of rule module ``X``."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname == _INTERPRETED:
            return importlib.machinery.ModuleSpec(fullname, _PackageLoader(), is_package=True)
        head, _, name = fullname.rpartition(".")
        if head != _INTERPRETED or name not in RULE_MODULES:
            return None
        source = str(_HERE / f"{name}.py")
        return importlib.util.spec_from_file_location(
            fullname, source, loader=_RuleLoader(fullname, source)
        )


if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
    sys.meta_path.insert(0, _Finder())

_COMPILED: dict[str, ModuleType | None] = {}


def _compiled(name: str) -> ModuleType | None:
    """The extension of rule module ``name``, or None where the plugin was not compiled
    (or it does not import: built against another cardwars)."""
    if name not in _COMPILED:
        full = f"{_PACKAGE}.{name}"
        spec = importlib.util.find_spec(full)
        module = None
        if spec is not None and spec.origin is not None and not spec.origin.endswith(".py"):
            try:
                module = importlib.import_module(full)
            except ImportError:
                module = None
        _COMPILED[name] = module
    return _COMPILED[name]


def rules(name: str, backend: str | None = None) -> ModuleType:
    """Rule module ``name`` (``"tricks"`` or ``"machine"``) on ``backend`` (``"compiled"``
    or ``"python"``; None: cardwars' current one). Compiled where it was built, else
    interpreted."""
    if (backend or current_backend()) == "compiled":
        module = _compiled(name)
        if module is not None:
            return module
    return importlib.import_module(f"{_INTERPRETED}.{name}")
