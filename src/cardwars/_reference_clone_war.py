"""Pure-Python twins of this game's kernels in cardwars._core, re-exported by _reference."""

from __future__ import annotations

__all__: list[str] = []
