"""How many seeds, games or examples the slow tests run: in full, or at a smaller count.

The differential and statistical tests that play thousands of games are marked
``slow``. The default command (``pytest -q -n auto``) runs them at the ``quick``
count, on the compiled backend only; ``pytest --full`` (CI: ``pytest -n auto -m slow
--full``) runs them at the ``full`` one, on both backends.
:func:`tests.conftest.pytest_configure` sets :data:`FULL` before any test module is
imported, so module-level counts (parametrize lists) see it too. A test that calls
:func:`sized` must be marked ``slow``: otherwise no run selects it at its full count.
"""

from __future__ import annotations

FULL = False
"""True under ``--full``."""


def sized(full: int, quick: int) -> int:
    """``full`` under ``--full``, else ``quick``.

    Pick ``quick`` so that the test still fails on a wrong result: a differential
    still compares game by game, and a statistical check still passes reliably
    with its bounds (or bounds that widen with the count, such as Wilson intervals).
    """
    if not 0 < quick <= full:
        raise ValueError(f"need 0 < quick <= full, got quick={quick!r}, full={full!r}")
    return full if FULL else quick
