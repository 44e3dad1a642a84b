"""The cycle rule (CW-7.3, CW-B2 … B4): when the ranks in every pile, with who is still
playing, come back to an earlier arrangement with no shuffle in between, the game is a
draw. No state is hashed: from a position (the start, or the one after an RNG draw,
CW-B4) Brent's algorithm finds how many battles remain until the first repeat.
"""

from __future__ import annotations

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars.clone_war.one_battle import battle
    from cython.cimports.cardwars.clone_war.position import (
        RING_MASK,
        Position,
        copy_position,
        new_position,
        size,
    )
else:
    from .one_battle import battle
    from .position import RING_MASK, Position, copy_position, new_position, size


def same_ranks(x: Position, y: Position) -> bool:
    """Whether two positions have the same ranks in every pile, in order, and the same
    seats still playing (CW-7.3: suits and source decks do not count, CW-A1)."""
    for s in range(x.seats):
        if (x.out[s] < 0) != (y.out[s] < 0) or size(x, s) != size(y, s):
            return False
    for s in range(x.seats):
        for i in range(size(x, s)):
            if (x.cards[s][(x.head[s] + i) & RING_MASK] & 3) != (
                y.cards[s][(y.head[s] + i) & RING_MASK] & 3
            ):
                return False
    return True


def advance(t: Position) -> bool:
    """One battle without the cap; False if it drew from the RNG or ended the game."""
    drew = battle(t, None, False)
    return not drew and t.ending < 0


def cycle_length(start: Position) -> int:
    """Battles from ``start`` until its rank-state first repeats, or -1.

    With ``x0`` the rank-state of ``start`` and ``x1, x2, …`` those after each later
    battle, the least ``j`` with ``x_j`` equal to an earlier ``x_i``, provided no RNG
    draw and no end of the game comes first; -1 if there is no such ``j`` or none below
    the battles left before the cap.
    """
    return search(start, new_position(), new_position())


def search(start: Position, hare: Position, tortoise: Position) -> int:
    """:func:`cycle_length` with two scratch positions (Brent's algorithm)."""
    if start.ending >= 0:
        return -1
    left = start.max_battles - start.played
    hare_cap = 4 * left + 4  # Brent meets any cycle with mu + lam <= left by then
    copy_position(hare, start)
    if not advance(hare):
        return -1
    steps = 1
    copy_position(tortoise, start)
    power = 1
    lam = 1
    while not same_ranks(hare, tortoise):
        if power == lam:
            copy_position(tortoise, hare)
            power *= 2
            lam = 0
        if steps >= hare_cap or not advance(hare):
            return -1
        steps += 1
        lam += 1
    copy_position(tortoise, start)
    copy_position(hare, start)
    for _i in range(lam):
        advance(hare)
    mu = 0
    while not same_ranks(hare, tortoise):
        advance(tortoise)
        advance(hare)
        mu += 1
    return mu + lam
