"""Where Clone War's rules run: its compiled extension, or the pure-Python twin of it.

``_machine.pyx`` (with ``_table.pxi``) and its twins ``machine.py`` and ``table.py``
define the same names;
:mod:`cardwars.backend` says which of them this process runs.
"""

from __future__ import annotations

from cardwars.backend import Kernel

__all__ = ["KERNEL"]

KERNEL = Kernel(
    "cardwars.clone_war._machine", "cardwars.clone_war.machine", "cardwars.clone_war.table"
)
"""Clone War's machine module on the current backend: ``KERNEL.module.clone_war_batch(...)``."""
