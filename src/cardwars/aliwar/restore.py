"""The checks of a restored Aliwar machine key, every value: a key comes back from a
pickle, which may be tampered with, so anything out of range is a ValueError before it
goes into a machine (:mod:`cardwars.aliwar.machine`, either build, restores through it).
"""

from __future__ import annotations

from cardwars.aliwar.position import CONSTANTS, Action, EventKind, PhaseCode
from cardwars.aliwar.tables import AliwarKey

EVENT_INTS = CONSTANTS["EVENT_INTS"]
KEEP, OVER = PhaseCode.KEEP, PhaseCode.OVER
NUM_ACTIONS = Action.NUM_ACTIONS
_RANGES: dict[int, list[tuple[int, int]]] = {
    EventKind.CONFLICT: [(0, 4), (0, 51), (0, 51), (0, 1), (0, 1), (-1, 1)],
    EventKind.EMPTIED: [(0, 1), (0, 4)],
    EventKind.KEPT: [(0, 1), (0, 51), (0, 4)],
    EventKind.DECLINED: [(0, 1)],
    EventKind.FLIPPED: [(0, 51)] * 10,
    EventKind.OVER: [(0, 3), (-1, 1)],
}
"""The range of each int after the code of an event of fixed length (the table in
:mod:`cardwars.aliwar.machine`); revealed, discarded and returned vary in length."""

__all__: list[str] = []  # the machine's restore (its __reduce__) is the public name


def _check_events(events: object, n_switches: int) -> tuple[int, ...]:
    """Return ``events`` if it is a step's events as the table of the module docstring
    reads them (every event complete, every int in its range), else raise ValueError."""
    if type(events) is not tuple or len(events) > EVENT_INTS:
        raise ValueError(f"a step's events are a tuple of at most {EVENT_INTS} ints")
    if any(type(v) is not int for v in events):
        raise ValueError("a step's events are plain ints")
    i = 0
    while i < len(events):
        kind = events[i]
        if kind == EventKind.DISCARDED:
            count = events[i + 1] if i + 1 < len(events) else 0
            ranges = [(1, 52)] + [(0, 51)] * min(max(count, 0), 52)
        elif kind == EventKind.RETURNED:
            count = events[i + 2] if i + 2 < len(events) else 0
            ranges = [(0, 1), (1, 5)] + [(0, 4), (0, 51)] * min(max(count, 0), 5)
        elif kind == EventKind.REVEALED:
            ranges = [(0, n_switches - 1)] * 2
        elif kind in _RANGES:
            ranges = _RANGES[kind]
        else:
            raise ValueError(f"an event code is 0 to 8, got {kind}")
        if i + len(ranges) >= len(events):
            raise ValueError("a step's events end inside an event")
        for k, (low, high) in enumerate(ranges, i + 1):
            if not low <= events[k] <= high:
                raise ValueError(f"an int of event code {kind} must be in [{low}, {high}]")
        i += 1 + len(ranges)
    return events


def _check_restored(key: AliwarKey, n_switches: int) -> None:
    """Raise ValueError unless ``key`` is a machine key with every value in range."""
    stacks, protection, won, returning = key.stacks, key.protection, key.won, key.returning
    phase, termination, winner = key.phase, key.termination, key.winner

    def ints(value: object, low: int, high: int, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{what} must be an int in [{low}, {high}], got {value!r}")
        return value

    ints(phase, 0, 2, "phase")
    for value, what in (
        (key.rounds, "rounds"),
        (key.no_progress, "no_progress"),
        (key.longest, "longest"),
    ):
        ints(value, 0, 2**62, what)
    ints(key.seen, 0, 2**52 - 1, "seen")
    ints(termination, -1, 3, "termination")
    ints(winner, -1, 1, "winner")
    if (phase == OVER) != (termination >= 0):
        raise ValueError("a termination is set exactly when the phase is over")
    every: list[int] = []
    if len(stacks) != 2 or len(protection) != 2 or len(won) != 2 or len(returning) != 2:
        raise ValueError("a machine has 2 seats")
    for s in range(2):
        if len(stacks[s]) != 5 or len(returning[s]) != 5:
            raise ValueError("a seat has 5 stacks")
        if len(won[s]) > 5 or (won[s] and phase != KEEP):
            raise ValueError("a seat wins at most 5 cards, and holds them only in the Keep phase")
        for c in range(5):
            ints(returning[s][c], 0, 1 if phase == KEEP else 0, "returning")
            every.extend(ints(card, 0, 51, "a card") for card in stacks[s][c])
        every.append(ints(protection[s], 0, 51, "a protection card"))
        every.extend(ints(card, 0, 51, "a won card") for card in won[s])
    every.extend(ints(card, 0, 51, "a discarded card") for card in key.discard)
    if len(set(every)) != len(every):
        raise ValueError("a card appears more than once")
    for step in key.history:
        if len(step) != 2:
            raise ValueError("a history step holds 2 actions")
        for action in step:
            ints(action, -1, NUM_ACTIONS - 1, "a history action")
