"""The ints of Aliwar's machine: its phases, terminations, actions and event sizes.

Shared by the twins in this folder (``steps.py``, ``machine.py``, ``restore.py``); the
compiled machine has the same numbers in ``_machine.pxd``. The event table is in
:mod:`cardwars.aliwar.machine`'s docstring.
"""

from __future__ import annotations

SWITCH, KEEP, OVER = 0, 1, 2
"""The phases."""

EMPTY_STACK, DOUBLE_LOSS, NO_PROGRESS, MAX_ROUNDS = 0, 1, 2, 3
"""The terminations, in the order of ``cardwars.aliwar.TERMINATIONS``."""

NULL_SWITCH, KEEP_BASE, DECLINE, NUM_ACTIONS = 15, 16, 276, 277
PAIRS = tuple((a, b) for a in range(6) for b in range(a + 1, 6))
"""The positions ``(a, b)`` swapped by switch action ``k``."""


EVENT_INTS = 512
"""The most event ints a step has (the compiled machine's buffer)."""
_EVENT_RANGES: tuple[list[tuple[int, int]], ...] = (
    [],  # 0 revealed: the switch actions, which depend on the options
    [(0, 4), (0, 51), (0, 51), (0, 1), (0, 1), (-1, 1)],
    [(0, 1), (0, 4)],
    [],  # 3 discarded and 4 returned: a count, then that many cards or pairs
    [],
    [(0, 1), (0, 51), (0, 4)],
    [(0, 1)],
    [(0, 51)] * 10,
    [(0, 3), (-1, 1)],
)
"""The range of each int after the code of an event of fixed length (the table above)."""
