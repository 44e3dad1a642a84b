"""The checks of a restored Aliwar machine key: a key comes back from a pickle, which may be
tampered with (compiled, as a search that determinizes restores a machine per world).
"""

from __future__ import annotations

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars.aliwar.position import *  # noqa: F403
    from cython.cimports.cpython.long import PyLong_AsLongLongAndOverflow
else:
    from .position import (
        EV_CONFLICT,
        EV_DECLINED,
        EV_DISCARDED,
        EV_EMPTIED,
        EV_FLIPPED,
        EV_KEPT,
        EV_OVER,
        EV_RETURNED,
        EV_REVEALED,
        EVENT_INTS,
        KEEP,
        NUM_ACTIONS,
        OVER,
    )

from cardwars.aliwar.bridge import AliwarKey

_RANGES: dict[int, tuple[tuple[int, int], ...]] = {
    EV_CONFLICT: ((0, 4), (0, 51), (0, 51), (0, 1), (0, 1), (-1, 1)),
    EV_EMPTIED: ((0, 1), (0, 4)),
    EV_KEPT: ((0, 1), (0, 51), (0, 4)),
    EV_DECLINED: ((0, 1),),
    EV_FLIPPED: ((0, 51),) * 10,
    EV_OVER: ((0, 3), (-1, 1)),
}
"""The range of each int after the code of an event of fixed length (the table in
:mod:`cardwars.aliwar.machine`); revealed, discarded and returned vary in length."""

__all__: list[str] = []  # the machine's restore (its __reduce__) is the public name


def _check_events(events: object, n_switches: int) -> tuple[int, ...]:
    """Return ``events`` if it is a step's events as :ref:`aliwar-machine` tables them (every
    event complete, every int in its range), else raise ValueError."""
    if type(events) is not tuple or len(events) > EVENT_INTS:
        raise ValueError(f"a step's events are a tuple of at most {EVENT_INTS} ints")
    ints = cython.cast(tuple, events)
    for v in ints:
        if type(v) is not int:
            raise ValueError("a step's events are plain ints")
    i = 0
    while i < len(ints):
        kind = ints[i]
        if kind == EV_DISCARDED:
            count = ints[i + 1] if i + 1 < len(ints) else 0
            ranges = ((1, 52),) + ((0, 51),) * min(max(count, 0), 52)
        elif kind == EV_RETURNED:
            count = ints[i + 2] if i + 2 < len(ints) else 0
            ranges = ((0, 1), (1, 5)) + ((0, 4), (0, 51)) * min(max(count, 0), 5)
        elif kind == EV_REVEALED:
            ranges = ((0, n_switches - 1),) * 2
        elif kind in _RANGES:
            ranges = _RANGES[kind]
        else:
            raise ValueError(f"an event code is 0 to 8, got {kind}")
        if i + len(ranges) >= len(ints):
            raise ValueError("a step's events end inside an event")
        for k in range(len(ranges)):
            low, high = ranges[k]
            if not low <= ints[i + 1 + k] <= high:
                raise ValueError(f"an int of event code {kind} must be in [{low}, {high}]")
        i += 1 + len(ranges)
    return ints


def _int_in(value: object, low: int, high: int, what: str) -> int:
    """``value`` if it is an int (not a bool) in ``[low, high]``, else ValueError."""
    if cython.compiled and type(value) is int:  # the usual case, read as a C int
        overflow = cython.declare(cython.int, 0)
        v = PyLong_AsLongLongAndOverflow(value, cython.address(overflow))
        if overflow == 0 and low <= v <= high:
            return value
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be an int in [{low}, {high}], got {value!r}")
    return value


def _check_restored(key: AliwarKey, n_switches: int) -> int:
    """Raise ValueError unless ``key`` is a machine key with every value in range."""
    stacks, protection, won, returning = key.stacks, key.protection, key.won, key.returning
    phase, termination = key.phase, key.termination
    _int_in(phase, 0, 2, "phase")
    _int_in(key.rounds, 0, 2**62, "rounds")
    _int_in(key.no_progress, 0, 2**62, "no_progress")
    _int_in(key.longest, 0, 2**62, "longest")
    _int_in(key.seen, 0, 2**52 - 1, "seen")
    _int_in(termination, -1, 3, "termination")
    _int_in(key.winner, -1, 1, "winner")
    if (phase == OVER) != (termination >= 0):
        raise ValueError("a termination is set exactly when the phase is over")
    # every card at most once: its bit in ``cards`` (a repeat is reported after the ranges)
    cards = 0
    repeated = False
    if len(stacks) != 2 or len(protection) != 2 or len(won) != 2 or len(returning) != 2:
        raise ValueError("a machine has 2 seats")
    for s in range(2):
        if len(stacks[s]) != 5 or len(returning[s]) != 5:
            raise ValueError("a seat has 5 stacks")
        if len(won[s]) > 5 or (won[s] and phase != KEEP):
            raise ValueError("a seat wins at most 5 cards, and holds them only in the Keep phase")
        for c in range(5):
            _int_in(returning[s][c], 0, 1 if phase == KEEP else 0, "returning")
            for value in stacks[s][c]:
                card = _int_in(value, 0, 51, "a card")
                repeated = repeated or (cards >> card) & 1 != 0
                cards |= cython.cast(cython.ulonglong, 1) << card
        card = _int_in(protection[s], 0, 51, "a protection card")
        repeated = repeated or (cards >> card) & 1 != 0
        cards |= cython.cast(cython.ulonglong, 1) << card
        for value in won[s]:
            card = _int_in(value, 0, 51, "a won card")
            repeated = repeated or (cards >> card) & 1 != 0
            cards |= cython.cast(cython.ulonglong, 1) << card
    for value in key.discard:
        card = _int_in(value, 0, 51, "a discarded card")
        repeated = repeated or (cards >> card) & 1 != 0
        cards |= cython.cast(cython.ulonglong, 1) << card
    if repeated:
        raise ValueError("a card appears more than once")
    for step in key.history:
        if len(step) != 2:
            raise ValueError("a history step holds 2 actions")
        for action in step:
            _int_in(action, -1, NUM_ACTIONS - 1, "a history action")
    return 0
