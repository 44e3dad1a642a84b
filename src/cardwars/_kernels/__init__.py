"""The one place that decides which implementation of the kernels is used.

The compiled core (:mod:`cardwars._kernels._core`) is used when it imports; otherwise
the pure-Python twin (:mod:`cardwars._kernels.pure`). Two environment variables
change that, read once at import time:

``CARDWARS_PURE_PYTHON=1``
    always use the pure-Python twin;
``CARDWARS_REQUIRE_EXTENSION=1``
    raise :class:`ImportError` when the compiled core is missing (CI sets it).

Everything else imports kernels from here, never from ``_core`` directly.
"""

from __future__ import annotations

import os
from types import ModuleType
from typing import Literal

__all__ = ["BACKEND", "kernels", "use_backend"]


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


def _select() -> tuple[ModuleType, Literal["compiled", "python"]]:
    if _flag("CARDWARS_PURE_PYTHON"):
        if _flag("CARDWARS_REQUIRE_EXTENSION"):
            raise ImportError(
                "CARDWARS_PURE_PYTHON and CARDWARS_REQUIRE_EXTENSION are both set; unset one"
            )
        from cardwars._kernels import pure

        return pure, "python"
    try:
        from cardwars._kernels import _core
    except ImportError as exc:
        if _flag("CARDWARS_REQUIRE_EXTENSION"):
            raise ImportError(
                "CARDWARS_REQUIRE_EXTENSION is set but the compiled core cardwars._kernels._core "
                f"did not import ({exc}); build it with 'pip install .'"
            ) from exc
        from cardwars._kernels import pure

        return pure, "python"
    return _core, "compiled"


kernels, BACKEND = _select()


def use_backend(name: str) -> None:
    """Switch this process to the ``"compiled"`` or ``"python"`` kernels.

    :func:`cardwars.simulate` calls it in worker processes so they run the same
    backend as the caller.
    """
    global kernels, BACKEND
    if name == BACKEND:
        return
    if name == "python":
        from cardwars._kernels import pure

        kernels, BACKEND = pure, "python"
    elif name == "compiled":
        from cardwars._kernels import _core

        kernels, BACKEND = _core, "compiled"
    else:
        raise ValueError(f"backend must be 'compiled' or 'python', got {name!r}")
