"""Where Aliwar's rules run: its compiled extension, or the pure-Python twins of it.

``_machine.pyx`` (with ``_steps.pxi``, ``_batch.pxi``, ``_views.pxi``, ``_restore.pxi``
and ``_vector.pxi``) and the twins ``machine.py``, ``steps.py``, ``batch.py`` and
``vector.py`` (with ``views.py`` and ``restore.py``) define the same names;
:mod:`cardwars.backend` says which of them this process runs.
"""

from __future__ import annotations

from cardwars.backend import Kernel

__all__ = ["KERNEL"]

KERNEL = Kernel(
    "cardwars.aliwar._machine",
    "cardwars.aliwar.machine",
    "cardwars.aliwar.steps",
    "cardwars.aliwar.batch",
    "cardwars.aliwar.vector",
)
"""Aliwar's machine module on the current backend: ``KERNEL.module.aliwar_deal(...)``."""
