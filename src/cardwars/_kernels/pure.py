"""The pure-Python twin of :mod:`cardwars._kernels._core`: readable, and the executable spec.

Every function and class here has the same name, signature and results as its
compiled counterpart (``tests/test_kernel_parity.py`` checks it). The twin is a
leaf: its modules import nothing from the rest of cardwars. One module per
subject, so each can be read on its own; this module hands their names on, so
it mirrors the compiled core name for name.
"""

from __future__ import annotations

from cardwars._kernels import (
    pure_aliwar,
    pure_aliwar_machine,
    pure_clone_war,
    pure_clone_war_machine,
    pure_envs,
    pure_guerrilla,
    pure_guerrilla_machine,
    pure_rng,
    pure_values,
)
from cardwars._kernels.pure_aliwar import *  # noqa: F403
from cardwars._kernels.pure_aliwar_machine import *  # noqa: F403
from cardwars._kernels.pure_clone_war import *  # noqa: F403
from cardwars._kernels.pure_clone_war_machine import *  # noqa: F403
from cardwars._kernels.pure_envs import *  # noqa: F403
from cardwars._kernels.pure_guerrilla import *  # noqa: F403
from cardwars._kernels.pure_guerrilla_machine import *  # noqa: F403
from cardwars._kernels.pure_rng import *  # noqa: F403
from cardwars._kernels.pure_values import *  # noqa: F403

__all__ = [
    *pure_rng.__all__,
    *pure_clone_war.__all__,
    *pure_clone_war_machine.__all__,
    *pure_aliwar.__all__,
    *pure_aliwar_machine.__all__,
    *pure_guerrilla.__all__,
    *pure_guerrilla_machine.__all__,
    *pure_values.__all__,
    *pure_envs.__all__,
]
