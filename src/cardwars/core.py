"""The shared core where nothing is compiled: the Python stand-in for :mod:`cardwars._core`
(:doc:`/layout`), gathered from ``core_rng``, ``core_values`` and ``core_envs``."""

from __future__ import annotations

from cardwars import core_envs, core_rng, core_values
from cardwars.core_envs import *  # noqa: F403
from cardwars.core_rng import *  # noqa: F403
from cardwars.core_values import *  # noqa: F403

__all__ = [*core_rng.__all__, *core_values.__all__, *core_envs.__all__]
