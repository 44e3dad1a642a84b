"""Where Guerrilla's rules run: its compiled extension, or the pure-Python twins of it.

``_machine.pyx`` (with ``_strength.pxi``, ``_steps.pxi``, ``_policy.pxi``, ``_views.pxi``,
``_restore.pxi`` and ``_vector.pxi``) and the twins ``machine.py``, ``strength.py`` and
``vector.py`` (with
``steps.py``, ``policy.py``, ``views.py`` and ``restore.py``) define the same names, but
for the compiled whole-game loop ``guerrilla_batch``, whose readable statement is the
machine itself; :mod:`cardwars.backend` says which of them this process runs.
"""

from __future__ import annotations

from cardwars.backend import Kernel

__all__ = ["KERNEL"]

KERNEL = Kernel(
    "cardwars.guerrilla._machine",
    "cardwars.guerrilla.machine",
    "cardwars.guerrilla.strength",
    "cardwars.guerrilla.vector",
)
"""Guerrilla's machine module on the current backend: ``KERNEL.module.guerrilla_deal(...)``."""
