"""The shared core where nothing is compiled: the Python stand-in for :mod:`cardwars._core`.

It gathers the Python versions of ``_core.pyx``'s three sections, one module per subject so each can
be read on its own: :mod:`cardwars.core_rng` (the RNG), :mod:`cardwars.core_values` (building the
faces' values, finding a move's action) and :mod:`cardwars.core_envs` (the RL environments' blocks).
Every public name has the same name, signature and results as its compiled counterpart
(``tests/test_core_parity.py`` checks it). Each game's rules are not here: they are
its rule modules, one source for both backends, in the game's folder.
"""

from __future__ import annotations

from cardwars import core_envs, core_rng, core_values
from cardwars.core_envs import *  # noqa: F403
from cardwars.core_rng import *  # noqa: F403
from cardwars.core_values import *  # noqa: F403

__all__ = [*core_rng.__all__, *core_values.__all__, *core_envs.__all__]
