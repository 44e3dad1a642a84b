"""The one place that decides which backend runs the rules: compiled or interpreted."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Literal

from cardwars.errors import UsageError, describe

__all__ = [
    "BACKEND",
    "INTERPRETED",
    "PLUGINS",
    "RuleSource",
    "core",
    "interpreted_name",
    "use_backend",
]

_COMPILED_CORE = "cardwars._core"
_PYTHON_CORE = "cardwars.core"

INTERPRETED = "cardwars._interpreted"
"""The package under which the interpreted build of each rule module is loaded."""

PLUGINS = INTERPRETED + "._plugins"
"""The package under which the interpreted build of another package's rule module
(``beggar.rules``: a plugin game's) is loaded, under its full name."""


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


def _select() -> tuple[ModuleType, Literal["compiled", "python"]]:
    if _flag("CARDWARS_PURE_PYTHON"):
        if _flag("CARDWARS_REQUIRE_EXTENSION"):
            raise ImportError(
                "CARDWARS_PURE_PYTHON and CARDWARS_REQUIRE_EXTENSION are both set; unset one"
            )
        return importlib.import_module(_PYTHON_CORE), "python"
    try:
        compiled = importlib.import_module(_COMPILED_CORE)
    except ImportError as exc:
        if _flag("CARDWARS_REQUIRE_EXTENSION"):
            raise ImportError(
                f"CARDWARS_REQUIRE_EXTENSION is set but the compiled core {_COMPILED_CORE} "
                f"did not import ({exc}); build it with 'pip install .'"
            ) from exc
        return importlib.import_module(_PYTHON_CORE), "python"
    return compiled, "compiled"


_chosen = _select()

#: The shared core of the chosen backend (``cardwars._core``, or ``cardwars.core``).
#:
#: :meta hide-value:
core: ModuleType = _chosen[0]

#: The backend this process runs, ``"compiled"`` or ``"python"``.
BACKEND: Literal["compiled", "python"] = _chosen[1]


def use_backend(name: str) -> None:
    """Switch this process to the ``"compiled"`` or ``"python"`` backend (:func:`cardwars.simulate`
    calls it in worker processes, which run the caller's backend).

    Raises:
        UsageError: ``name`` is not exactly one of those two strings (checked before any
            comparison runs a caller's ``__eq__``).
    """
    global core, BACKEND
    if type(name) is not str or name not in ("compiled", "python"):
        raise UsageError(f"backend must be 'compiled' or 'python', got {describe(name)}")
    if name == BACKEND:
        return
    core = importlib.import_module(_PYTHON_CORE if name == "python" else _COMPILED_CORE)
    BACKEND = "python" if name == "python" else "compiled"


def is_rule_module(path: Path) -> bool:
    """Whether ``path`` is a rule module: a ``.py`` with the ``.pxd`` of its C types beside it."""
    return path.suffix == ".py" and path.with_suffix(".pxd").is_file()


class _AliasLoader(importlib.abc.Loader):
    """Loads a name under :data:`INTERPRETED` as the shared module it mirrors."""

    def __init__(self, canonical: str) -> None:
        self.canonical = canonical

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module(self.canonical)

    def exec_module(self, module: ModuleType) -> None:
        return None


class _PackageLoader(importlib.abc.Loader):
    """An empty package that holds interpreted rule modules (its ``__init__`` is not run)."""

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        module.__path__ = []


_NOT_LOADED = object()


class _RuleLoader(importlib.machinery.SourceFileLoader):
    """Runs a rule module's source as where Cython is not installed: its ``import cython``
    gets :mod:`cardwars._cython` (plain lists for C arrays, as the pure-Python backend
    runs everywhere), not Cython's own Shadow module."""

    def exec_module(self, module: ModuleType) -> None:
        from cardwars import _cython

        saved = sys.modules.get("cython", _NOT_LOADED)
        sys.modules["cython"] = _cython
        try:
            super().exec_module(module)
        finally:
            if saved is _NOT_LOADED:
                del sys.modules["cython"]
            else:
                sys.modules["cython"] = saved  # type: ignore[assignment]


class _InterpretedFinder(importlib.abc.MetaPathFinder):
    """Finds ``cardwars._interpreted.X``: the source of rule module ``cardwars.X``, run
    by the interpreter; any other module, the shared ``cardwars.X`` itself. The same for
    ``cardwars._interpreted._plugins.P.X`` and another package's module ``P.X``."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != INTERPRETED and not fullname.startswith(INTERPRETED + "."):
            return None
        if fullname in (INTERPRETED, PLUGINS):
            return importlib.machinery.ModuleSpec(fullname, _PackageLoader(), is_package=True)
        if fullname.startswith(PLUGINS + "."):
            canonical = fullname[len(PLUGINS) + 1 :]  # another package's module, by its name
        else:
            canonical = "cardwars" + fullname[len(INTERPRETED) :]
        spec = importlib.util.find_spec(canonical)
        if spec is None:
            return None
        if spec.submodule_search_locations is not None:
            return importlib.machinery.ModuleSpec(fullname, _PackageLoader(), is_package=True)
        if spec.origin is not None:
            source = Path(spec.origin).with_name(canonical.rpartition(".")[2] + ".py")
            if is_rule_module(source):
                loader = _RuleLoader(fullname, str(source))
                return importlib.util.spec_from_file_location(fullname, source, loader=loader)
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(canonical))


if not any(isinstance(finder, _InterpretedFinder) for finder in sys.meta_path):
    sys.meta_path.insert(0, _InterpretedFinder())


def _is_compiled(module: ModuleType) -> bool:
    origin = getattr(module, "__file__", None) or ""
    return not origin.endswith(".py")


class RuleSource:
    """A game's rule module (a pure-mode ``.py`` with its ``.pxd``) on either backend.

    :attr:`module` is the current :data:`BACKEND`'s build of it; :meth:`of` names the backend.
    ``name`` is the module's full name, in cardwars or any other package (a plugin game's rules).
    A missing cardwars extension is an ImportError; another package's rule module installed
    without a compiler runs interpreted on either backend.

    >>> from cardwars.backend import RuleSource
    >>> source = RuleSource("cardwars.clone_war.whole_game")
    >>> source.of("python").__name__  # the same .py, run by the interpreter
    'cardwars._interpreted.clone_war.whole_game'
    >>> callable(source.module.clone_war_batch)  # the current backend's build
    True
    """

    __slots__ = ("_compiled", "_interpreted", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self._interpreted: ModuleType | None = None
        self._compiled: ModuleType | None = None  # once found (a game asks at every deal)

    @property
    def module(self) -> ModuleType:
        """The current backend's build (ImportError names the module that is missing)."""
        return self.of(BACKEND)

    def of(self, backend: str) -> ModuleType:
        """The build of ``backend`` (``"compiled"`` or ``"python"``), imported on first use."""
        if backend != "compiled":
            module = self._interpreted
            if module is None:
                module = self._interpreted = _load_interpreted(self.name)
            return module
        module = self._compiled
        if module is None:
            module = self._compiled = self._find_compiled()
        return module

    def _find_compiled(self) -> ModuleType:
        module = sys.modules.get(self.name)
        if module is None:
            module = importlib.import_module(self.name)
        if not _is_compiled(module) and self.name.startswith("cardwars."):
            raise ImportError(
                f"the compiled build of {self.name} is missing ({module.__file__} was "
                "found); the extensions are built together: rebuild with 'pip install .'"
            )
        return module  # or a plugin's source, installed where nothing compiled it

    def __repr__(self) -> str:
        return f"RuleSource({self.name!r})"


def interpreted_name(name: str) -> str:
    """The name under which the interpreted build of the rule module ``name`` is loaded.

    >>> from cardwars.backend import interpreted_name
    >>> interpreted_name("cardwars.clone_war.machine"), interpreted_name("beggar.rules")
    ('cardwars._interpreted.clone_war.machine', 'cardwars._interpreted._plugins.beggar.rules')
    """
    if name.startswith("cardwars."):
        return INTERPRETED + name[len("cardwars") :]
    return f"{PLUGINS}.{name}"


def _load_interpreted(name: str) -> ModuleType:
    canonical = importlib.import_module(name)
    if not _is_compiled(canonical):
        return canonical  # no compiled build here: the canonical module is the source run
    return importlib.import_module(interpreted_name(name))
