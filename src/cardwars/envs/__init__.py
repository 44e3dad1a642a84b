"""Adapters of the games to PettingZoo, Gymnasium and OpenSpiel (:doc:`/guides/rl`).

Each adapter imports its own framework, so this package needs none of them.
"""

from __future__ import annotations

__all__: list[str] = []
