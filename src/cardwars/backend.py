"""The one place that decides which implementation runs: the compiled core or its twin.

cardwars is built as extensions, each beside its readable pure-Python twin of the
same names: the shared core (``cardwars/_core.pyx``, twin ``cardwars/core.py``) and
each game's state machine in its own folder (``aliwar/_machine.pyx``, twin
``aliwar/machine.py``; likewise for Clone War and Guerrilla). The compiled backend is
used when the core imports; otherwise the pure-Python twins. Two environment
variables change that, read once at import time:

``CARDWARS_PURE_PYTHON=1``
    always use the pure-Python twins;
``CARDWARS_REQUIRE_EXTENSION=1``
    raise :class:`ImportError` when the compiled core is missing (CI sets it).

:data:`kernels` is the shared core of the chosen backend; a game reaches its machine
module through its :class:`Kernel`, which asks :data:`BACKEND` on each use, so that
:func:`use_backend` switches everything at once.
"""

from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType
from typing import Literal

from cardwars.errors import UsageError, describe

__all__ = ["BACKEND", "Kernel", "kernels", "use_backend"]

_COMPILED_CORE = "cardwars._core"
_TWIN_CORE = "cardwars.core"


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


def _select() -> tuple[ModuleType, Literal["compiled", "python"]]:
    if _flag("CARDWARS_PURE_PYTHON"):
        if _flag("CARDWARS_REQUIRE_EXTENSION"):
            raise ImportError(
                "CARDWARS_PURE_PYTHON and CARDWARS_REQUIRE_EXTENSION are both set; unset one"
            )
        return importlib.import_module(_TWIN_CORE), "python"
    try:
        core = importlib.import_module(_COMPILED_CORE)
    except ImportError as exc:
        if _flag("CARDWARS_REQUIRE_EXTENSION"):
            raise ImportError(
                f"CARDWARS_REQUIRE_EXTENSION is set but the compiled core {_COMPILED_CORE} "
                f"did not import ({exc}); build it with 'pip install .'"
            ) from exc
        return importlib.import_module(_TWIN_CORE), "python"
    return core, "compiled"


_chosen = _select()

#: The shared core of the chosen backend (``cardwars._core``, or its twin ``cardwars.core``).
kernels: ModuleType = _chosen[0]

#: The backend this process runs, ``"compiled"`` or ``"python"``.
BACKEND: Literal["compiled", "python"] = _chosen[1]


def use_backend(name: str) -> None:
    """Switch this process to the ``"compiled"`` or ``"python"`` kernels.

    :func:`cardwars.simulate` calls it in worker processes so they run the same
    backend as the caller.

    Raises:
        UsageError: ``name`` is not exactly one of those two strings (checked before any
            comparison runs a caller's ``__eq__``).
    """
    global kernels, BACKEND
    if type(name) is not str or name not in ("compiled", "python"):
        raise UsageError(f"backend must be 'compiled' or 'python', got {describe(name)}")
    if name == BACKEND:
        return
    if name == "python":
        kernels, BACKEND = importlib.import_module(_TWIN_CORE), "python"
    else:
        kernels, BACKEND = importlib.import_module(_COMPILED_CORE), "compiled"


class Kernel:
    """A game's compiled extension and the twin modules that hold the same names.

    :attr:`module` is the current :data:`BACKEND`'s: the extension itself, or one
    namespace of the twins' public names (each twin module's ``__all__``), imported on
    first use. A game's folder holds its own (``aliwar/kernel.py``), so that the game,
    not this module, names its machine.
    """

    __slots__ = ("_twin", "compiled", "twins")

    def __init__(self, compiled: str, *twins: str) -> None:
        self.compiled = compiled
        self.twins = twins
        self._twin: ModuleType | None = None

    @property
    def module(self) -> ModuleType:
        """The current backend's module (ImportError names the module that is missing)."""
        return self.of(BACKEND)

    def of(self, backend: str) -> ModuleType:
        """The module of ``backend`` (``"compiled"`` or ``"python"``), imported on first use."""
        if backend != "compiled":
            return self._twin if self._twin is not None else self._gather()
        module = sys.modules.get(self.compiled)
        if module is None:
            try:
                module = importlib.import_module(self.compiled)
            except ImportError as exc:
                raise ImportError(
                    f"the compiled module {self.compiled} did not import ({exc}); the "
                    "extensions are built together: rebuild with 'pip install .'"
                ) from exc
        return module

    def _gather(self) -> ModuleType:
        twin = ModuleType(f"{self.compiled} (twin: {', '.join(self.twins)})")
        for name in self.twins:
            module = importlib.import_module(name)
            for attr in module.__all__:
                setattr(twin, attr, getattr(module, attr))
        self._twin = twin
        return twin

    def __repr__(self) -> str:
        return f"Kernel({', '.join(map(repr, (self.compiled, *self.twins)))})"
