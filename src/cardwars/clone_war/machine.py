"""Clone War's machine: the pure-Python twin of ``_machine.pyx``.

The table, its battle and the batch loop are in :mod:`cardwars.clone_war.table`.
"""

from __future__ import annotations

__all__: list[str] = []
