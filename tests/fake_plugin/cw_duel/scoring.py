"""Duel's one rule module: who wins a showdown (DU-2), in Cython's pure-Python mode."""

from __future__ import annotations

try:
    import cython
except ModuleNotFoundError:  # no Cython here: cardwars's stand-in
    from cardwars.authoring import pure_cython as cython  # type: ignore[no-redef]

__all__ = ["showdown"]


@cython.ccall
def showdown(a: int, b: int) -> int:
    """The seat whose card (a card id ``suit*13 + rank-2``) ranks higher, or -1 on a tie."""
    if a % 13 > b % 13:
        return 0
    if b % 13 > a % 13:
        return 1
    return -1
