"""The checks of what a caller hands a Guerrilla machine: an int in its range, the options, and a
machine key restored from a pickle (which may be tampered with: the machine is rebuilt from it only
once every value is in range and every card is in one place). The machine and the vector tables call
:func:`check_int` and :func:`options_of` in C (``restore.pxd``)."""

from __future__ import annotations

from collections.abc import Mapping

from cardwars.guerrilla.bridge import GuerrillaKey

from .board import OPTIONS

__all__: list[str] = []  # the machine's restore (its __reduce__) is the public name

DEFAULTS: dict[str, int] = {name: 0 for name, _, _ in OPTIONS}
DEFAULTS["all_cancellers_recruit"] = 1
DEFAULTS["max_skirmishes"] = 5000


def check_int(value: object, low: int, high: int, what: str) -> int:
    """``value`` if it is an int (no bool) in ``[low, high]``, else ValueError."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be an int in [{low}, {high}], got {value!r}")
    return value


def options_of(given: Mapping[str, object]) -> list[int]:
    """The option slots (``board.Option``) of the options given by name, each checked
    (a bool counts as 0 or 1); an option not given has its default.

    Raises:
        TypeError: an unknown option.
        ValueError: a value out of its range."""
    unknown = sorted(set(given) - set(DEFAULTS))
    if unknown:
        raise TypeError(f"unknown option(s) {unknown}")
    out = []
    for name, low, high in OPTIONS:
        value = given.get(name, DEFAULTS[name])
        if isinstance(value, bool):
            value = int(value)
        if not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{name} must be an int {low}..{high}, got {value!r}")
        out.append(value)
    return out


def check_restored(n: int, key: GuerrillaKey) -> None:
    """Raise ValueError unless ``key`` is a machine key of ``n`` seats with sane values."""
    every: list[int] = []
    for piles in (key.hands, key.draw, key.discard):
        if len(piles) != n:
            raise ValueError("a machine key has one pile per seat")
        for pile in piles:
            every.extend(check_int(c, 0, 51, "a card") for c in pile)
    every.extend(check_int(c, 0, 51, "a card") for c in key.removed)
    table = [c for c in (*key.played, *key.supports) if check_int(c, -1, 51, "a table card") >= 0]
    if len(key.tie_rounds) > 26:
        raise ValueError("a skirmish has at most 26 tie rounds")
    for flat in key.tie_rounds:
        if len(flat) % 3:
            raise ValueError("a tie placement is (seat, down, up)")
        for i in range(0, len(flat), 3):
            check_int(flat[i], 0, n - 1, "a seat")
            if check_int(flat[i + 1], -1, 51, "a card") >= 0:
                table.append(flat[i + 1])
            table.append(check_int(flat[i + 2], 0, 51, "a card"))
    every += table + [check_int(c, 0, 51, "a card") for c in key.forfeited]
    if len(set(every)) != len(every):
        raise ValueError("a card appears more than once")
    g, k, phase, to_act, proposer, needed = key.stage
    check_int(g, 2, 6, "guerrilla_rank")
    check_int(k, 0, 10**9, "skirmish")
    check_int(phase, 0, 7, "phase")
    check_int(to_act, 0, (1 << n) - 1, "to_act")
    check_int(proposer, -1, n - 1, "proposer")
    check_int(needed, 0, 52, "needed")
    clock, dealt, termination = key.counters
    check_int(clock, 0, 2**30, "clock")
    check_int(dealt, 0, 52, "cards_dealt")
    check_int(termination, -1, 2, "termination")
    for values in (
        key.in_game, key.played_g, key.penalty, key.spy, key.played, key.supports,
        key.outcomes, key.eliminated_at, key.eliminated_hand,
    ):  # fmt: skip
        if len(values) != n:
            raise ValueError("a machine key has one value per seat")
        for v in values:
            check_int(v, -1, 2**30, "a value per seat")
    for seats in (key.first_tied, key.tied, key.winners, key.result_winners):
        if len(seats) > n:
            raise ValueError("a machine key lists each seat at most once")
        for s in seats:
            check_int(s, 0, n - 1, "a seat")
    if len(key.placings) not in (0, n):
        raise ValueError("a machine key has a place per seat, or none")
    for v in key.placings:
        check_int(v, 1, n, "a place")
    if len(key.drawn) != n:
        raise ValueError("a machine key has one drawn list per seat")
    for seat, drawn in enumerate(key.drawn):
        # The cards drawn in this step are still in the hand (see _legal_tie).
        if len(set(drawn)) != len(drawn) or not set(drawn) <= set(key.hands[seat]):
            raise ValueError("a seat's cards drawn this step are distinct cards of its hand")
    if len(set(key.picks)) != len(key.picks) or not set(key.picks) <= set(table):
        raise ValueError("the picked cards are distinct cards of the table")
    for step in key.history:
        if len(step) != n:
            raise ValueError("a history step holds one action per seat")
        for action in step:
            check_int(action, -1, 2967, "a history action")
    if len(key.events) > 1024:
        raise ValueError("a step has at most 1024 event ints")
    for v in key.events:
        check_int(v, -(2**31), 2**31 - 1, "an event int")
