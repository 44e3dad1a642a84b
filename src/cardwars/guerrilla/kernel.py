"""Where Guerrilla's rules run: its compiled extension, or the pure-Python twins of it.

Transitional (issue 33): the rule steps, the greedy agent and the batch loop are rule
modules already (``board.py``, ``promotion.py``, ``draw.py``, ``combat.py``, ``ties.py``,
``spoils.py``, ``ending.py``, ``turns.py``, ``greedy.py``, ``strength.py``), which the
compiled ``_machine.pyx`` cimports; its class, views, restore and vector env (with
``_views.pxi``, ``_restore.pxi`` and ``_vector.pxi``) still have the twins ``machine.py``
and ``vector.py`` (with ``steps.py``, ``policy.py``, ``views.py`` and ``restore.py``),
which define the same names; :mod:`cardwars.backend` says which of them this process
runs.
"""

from __future__ import annotations

from cardwars.backend import Kernel

__all__ = ["KERNEL"]

KERNEL = Kernel(
    "cardwars.guerrilla._machine",
    "cardwars.guerrilla.machine",
    "cardwars.guerrilla.vector",
)
"""Guerrilla's machine module on the current backend: ``KERNEL.module.guerrilla_deal(...)``."""
