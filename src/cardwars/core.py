"""The pure-Python twin of the shared compiled core, :mod:`cardwars._core`.

It gathers the Python versions of ``_core.pyx``'s three sections, one module per
subject so each can be read on its own: :mod:`cardwars.core_rng` (the RNG),
:mod:`cardwars.core_values` (building the faces' values, finding a move's action)
and :mod:`cardwars.core_envs` (the RL environments' blocks). Every public name has
the same name, signature and results as its compiled counterpart
(``tests/test_kernel_parity.py`` checks it). Each game's machine and its twin are
in that game's folder (``aliwar/_machine.pyx`` beside ``aliwar/machine.py``).
"""

from __future__ import annotations

from cardwars import core_envs, core_rng, core_values
from cardwars.core_envs import *  # noqa: F403
from cardwars.core_rng import *  # noqa: F403
from cardwars.core_values import *  # noqa: F403

__all__ = [*core_rng.__all__, *core_values.__all__, *core_envs.__all__]
