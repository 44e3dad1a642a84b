"""Aliwar's position (AW-2) as C arrays, the deal, the flip and its named constants; the
layout: :ref:`aliwar-machine`.
"""

from __future__ import annotations

from enum import IntEnum

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars._core import _shuffle_ints
else:
    from cardwars.core_rng import _GAMMA, Rng, _mix

    RING, RING_MASK, TIE = 64, 63, -1
    SWITCH, KEEP, OVER = 0, 1, 2
    EMPTY_STACK, DOUBLE_LOSS, NO_PROGRESS, MAX_ROUNDS = 0, 1, 2, 3
    NULL_SWITCH, KEEP_BASE, DECLINE, NUM_ACTIONS = 15, 16, 276, 277
    EV_REVEALED, EV_CONFLICT, EV_EMPTIED, EV_DISCARDED, EV_RETURNED = 0, 1, 2, 3, 4
    EV_KEPT, EV_DECLINED, EV_FLIPPED, EV_OVER = 5, 6, 7, 8
    EVENT_INTS = 512
    AGENT_RANDOM, AGENT_GREEDY = 0, 1
    # Switch(a, b) for a < b over the positions 0..5 (5 = protection), lexicographic: the
    # canonical order of the switch actions 0..14; 15 is the null switch (AW-4.4).
    PAIR_A = [0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5]
    PAIR_B = [1, 2, 3, 4, 5, 2, 3, 4, 5, 3, 4, 5, 4, 5, 5, 5]

__all__ = ["Action", "AgentCode", "EventKind", "PhaseCode", "Position", "TerminationCode"]


# The constants for Python consumers, made from the C enum (compiled) or the names above.
PhaseCode = IntEnum("PhaseCode", [("SWITCH", SWITCH), ("KEEP", KEEP), ("OVER", OVER)])
"""The phases of a round: switch (AW-4), keep (AW-6.2), and the end (AW-7.4)."""
TerminationCode = IntEnum(
    "TerminationCode",
    [
        ("EMPTY_STACK", EMPTY_STACK),
        ("DOUBLE_LOSS", DOUBLE_LOSS),
        ("NO_PROGRESS", NO_PROGRESS),
        ("MAX_ROUNDS", MAX_ROUNDS),
    ],
)
"""How a game ended (AW-7.4, AW-7.6), in the order of ``aliwar.TERMINATIONS``."""
Action = IntEnum(
    "Action",
    [
        ("NULL_SWITCH", NULL_SWITCH),
        ("KEEP_BASE", KEEP_BASE),
        ("DECLINE", DECLINE),
        ("NUM_ACTIONS", NUM_ACTIONS),
    ],
)
"""The action codes past the 15 switches: ``KEEP_BASE + 5 card + stack`` is a Keep."""
EventKind = IntEnum(
    "EventKind",
    [
        ("REVEALED", EV_REVEALED),
        ("CONFLICT", EV_CONFLICT),
        ("EMPTIED", EV_EMPTIED),
        ("DISCARDED", EV_DISCARDED),
        ("RETURNED", EV_RETURNED),
        ("KEPT", EV_KEPT),
        ("DECLINED", EV_DECLINED),
        ("FLIPPED", EV_FLIPPED),
        ("OVER", EV_OVER),
    ],
)
"""The code that opens each event of a step (the table in :mod:`.machine`)."""
AgentCode = IntEnum("AgentCode", [("RANDOM", AGENT_RANDOM), ("GREEDY", AGENT_GREEDY)])
"""The built-in agents of the batch loop and the vector tables."""


CONSTANTS: dict[str, int] = {
    "RING": RING,
    "RING_MASK": RING_MASK,
    "TIE": TIE,
    "EVENT_INTS": EVENT_INTS,
    **{f"PhaseCode.{m.name}": m.value for m in PhaseCode},
    **{f"TerminationCode.{m.name}": m.value for m in TerminationCode},
    **{f"Action.{m.name}": m.value for m in Action},
    **{f"EventKind.{m.name}": m.value for m in EventKind},
    **{f"AgentCode.{m.name}": m.value for m in AgentCode},
}
"""Every named constant by name, as this build holds it (a test compares the builds)."""


# --- checks of the values a position is made of -----------------------------------------


def check_flag(value: object, name: str) -> int:
    """An option that is 0 or 1 (a bool counts as its int)."""
    if isinstance(value, bool):
        value = int(value)
    if not isinstance(value, int) or value not in (0, 1):
        raise ValueError(f"{name} must be 0 or 1, got {value!r}")
    return int(value)


def check_limit(value: object, name: str) -> int:
    """A round count option: an int from 1 (AW-7.6)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value < 2**62:
        raise ValueError(f"{name} must be an int >= 1, got {value!r}")
    return value


def check_card(value: object, what: str) -> int:
    """A card id 0..51 (AW-1.2)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 52:
        raise ValueError(f"{what} must be a card id 0..51, got {value!r}")
    return value


@cython.cclass
class Position:
    """An Aliwar position as C arrays (:ref:`aliwar-machine`); empty until dealt."""

    def __init__(self) -> None:
        if not cython.compiled:  # compiled, the arrays start zeroed
            self.ring = [0] * 640
            self.head = [0] * 10
            self.size = [0] * 10
            self.protection = [0, 0]
            self.won = [0] * 10
            self.won_count = [0, 0]
            self.returning = [0] * 10
            self.empty_stack = [-1, -1]
            self.discard = [0] * 52
            self.ev = [0] * EVENT_INTS
            self.agent_rng = [0, 0]
            self.phase = self.n_discard = self.n_ev = 0
            self.rounds = self.no_progress = self.longest = self.seen = 0
            self.termination = self.winner = -1
            self.n_switches, self.kept_below, self.double_loss_most = 15, False, False
            self.cap_most, self.no_progress_limit, self.max_rounds = False, 100, 1000
            self.log, self.rng = False, 0

    def copy_into(self, o: Position) -> None:
        """Copy every field into ``o`` (compiled: no allocation, so no other thread runs
        in between)."""
        if cython.compiled:  # C arrays assign by value
            o.ring = self.ring
            o.head = self.head
            o.size = self.size
            o.protection = self.protection
            o.won = self.won
            o.won_count = self.won_count
            o.returning = self.returning
            o.empty_stack = self.empty_stack
            o.discard = self.discard
            o.ev = self.ev
            o.agent_rng = self.agent_rng
        else:
            o.ring, o.head, o.size = list(self.ring), list(self.head), list(self.size)
            o.protection, o.won = list(self.protection), list(self.won)
            o.won_count, o.returning = list(self.won_count), list(self.returning)
            o.empty_stack, o.discard = list(self.empty_stack), list(self.discard)
            o.ev, o.agent_rng = list(self.ev), list(self.agent_rng)
        o.phase = self.phase
        o.n_discard = self.n_discard
        o.rounds = self.rounds
        o.no_progress = self.no_progress
        o.longest = self.longest
        o.seen = self.seen
        o.termination = self.termination
        o.winner = self.winner
        o.n_switches = self.n_switches
        o.kept_below = self.kept_below
        o.double_loss_most = self.double_loss_most
        o.cap_most = self.cap_most
        o.no_progress_limit = self.no_progress_limit
        o.max_rounds = self.max_rounds
        o.log = self.log
        o.n_ev = self.n_ev
        o.rng = self.rng


def reset(
    g: Position,
    null_switch: int,
    kept_below: int,
    double_loss_most: int,
    no_progress_limit: int,
    max_rounds: int,
    cap_most: int,
) -> None:
    """An empty position with these options (AW-4.4, AW-6.6, AW-7.4, AW-7.6)."""
    for i in range(10):
        g.head[i] = 0
        g.size[i] = 0
    g.n_discard = 0
    g.rounds = 0
    g.no_progress = 0
    g.longest = 0
    g.seen = 0
    g.termination = -1
    g.winner = -1
    g.n_ev = 0
    g.n_switches = 16 if null_switch else 15
    g.kept_below = kept_below != 0
    g.double_loss_most = double_loss_most != 0
    g.cap_most = cap_most != 0
    g.no_progress_limit = no_progress_limit
    g.max_rounds = max_rounds


def deal(g: Position, seed: int) -> None:
    """AW-2.1: one shuffle of the 52 ids, seat ``s`` stack ``c`` is ``deck[25 s + 5 c ..][:5]``
    (top first), the protection cards ``deck[50]`` and ``deck[51]``; ``g.rng`` is the game
    RNG after it."""
    deck = cython.declare(cython.int[52])
    for i in range(52):
        deck[i] = i
    if cython.compiled:
        g.rng = seed
        _shuffle_ints(cython.address(g.rng), deck, 52)
    else:
        g.rng = _shuffled(deck, seed)
    for s in range(2):
        for c in range(5):
            g.head[5 * s + c] = 0
            g.size[5 * s + c] = 5
            for i in range(5):
                g.ring[RING * (5 * s + c) + i] = deck[25 * s + 5 * c + i]
    g.protection[0] = deck[50]
    g.protection[1] = deck[51]


if not cython.compiled:  # the RNG interpreted: cardwars.core_rng's (compiled: inline C,
    # the same two steps, in position.pxd, so the agents' and tables' loops inline them)

    def derive(seed: int, index: int) -> int:
        """``derive_seed(seed, index)`` of the shared RNG: the seed of game or agent
        ``index``."""
        return _mix((seed + (index + 1) * _GAMMA) % 18446744073709551616)

    def agent_below(g: Position, s: int, n: int) -> int:
        """A draw in ``[0, n)`` from the RNG of the built-in agent at seat ``s``."""
        return _below(g, s, n)

    def _shuffled(deck: list[int], seed: int) -> int:
        items = [deck[i] for i in range(52)]
        rng = Rng(seed)
        rng.shuffle(items)
        for i in range(52):
            deck[i] = items[i]
        return rng.state

    def _below(g: Position, s: int, n: int) -> int:
        rng = Rng(g.agent_rng[s])
        value = rng.below(n)
        g.agent_rng[s] = rng.state
        return value


def start_round(g: Position) -> None:
    """AW-7.5: every top is face up (so seen by both, AW-8.3), and both players must
    switch (AW-4)."""
    for s in range(2):
        for c in range(5):
            i = 5 * s + c
            g.seen |= cython.cast(cython.ulonglong, 1) << g.ring[RING * i + g.head[i]]
            g.returning[i] = 0
        g.seen |= cython.cast(cython.ulonglong, 1) << g.protection[s]
        g.won_count[s] = 0
        g.empty_stack[s] = -1
    g.phase = SWITCH
