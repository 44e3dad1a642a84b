"""A Clone War position, as the rules read and change it (CW-1, CW-2.3, CW-B7), and the
battle log's ops: its layout and the log's table are in :ref:`clone-war-machine`.
"""

from __future__ import annotations

from enum import IntEnum

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

__all__ = ["Collect", "LogOp", "Termination"]

if not cython.compiled:  # compiled, the C enums of position.pxd stand
    RING = 64  # ring capacity per seat: a power of two above 48 cards
    RING_MASK = 63
    LOG_MAX = 1024  # ints; a battle logs far fewer (at most ~25 stages of 5 entries)
    OP_FLIP = 0
    OP_WAR = 1
    OP_FORFEIT = 2
    OP_PLACE = 3
    OP_LAST = 4
    OP_SPLIT = 5
    OP_COLLECT = 6
    OP_ELIMINATED = 7
    OP_END = 8
    LAST_PLAYER = 0
    CYCLE = 1
    CAP = 2
    COLLECT_WINNER_FIRST = 0
    COLLECT_SEAT_ORDER = 1
    COLLECT_SHUFFLED = 2


class LogOp(IntEnum):
    """The ops of a battle's log entries (:ref:`clone-war-machine` says what each holds)."""

    FLIP = OP_FLIP
    WAR = OP_WAR
    FORFEIT = OP_FORFEIT
    PLACE = OP_PLACE
    LAST = OP_LAST
    SPLIT = OP_SPLIT
    COLLECT = OP_COLLECT
    ELIMINATED = OP_ELIMINATED
    END = OP_END


_ENDINGS = (LAST_PLAYER, CYCLE, CAP)  # a class body's LAST_PLAYER would be its own


class Termination(IntEnum):
    """How a game ended: indices into ``clone_war.TERMINATIONS``."""

    LAST_PLAYER = _ENDINGS[0]
    CYCLE = _ENDINGS[1]
    CAP = _ENDINGS[2]


class Collect(IntEnum):
    """The ``collect_order`` option as an int (CW-6, CW-A6)."""

    WINNER_FIRST = COLLECT_WINNER_FIRST
    SEAT_ORDER = COLLECT_SEAT_ORDER
    SHUFFLED = COLLECT_SHUFFLED


class Position:
    """The whole position as small ints (the C types are in position.pxd)."""

    cards: list[list[int]]  # per seat, a ring of RING cards; the pile is head .. tail - 1
    head: list[int]  # cards taken from the top so far (mod 2**32)
    tail: list[int]  # cards put at the bottom so far; the pile holds tail - head
    out: list[int]  # -1 still in, else the battle after which the seat went out
    dead_cards: list[int]  # the dead pile, top first: dead_cards[0:ndead]
    ndead: int
    seats: int
    rng: int
    collect_order: int  # Collect
    forfeit_to_dead: int  # 1: forfeits go to the dead pile (CW-A12)
    play_what_you_can: int  # 1: short_war="play_what_you_can" (CW-A14)
    split_round_robin: int  # 1: a split's remainder is dealt on (CW-A17)
    cap_most_cards: int  # 1: the cap is a win for the unique largest pile
    max_battles: int
    played: int  # battles played (CW-B2)
    war_stages: int  # war stages begun (CW-B2)
    ending: int  # -1 while the game runs, else a Termination
    winning_seat: int  # -1 while running or for a draw

    # --- what both classes over a position read (CloneWarMachine, WholeGame) ---------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self.seats

    @property
    def rng_state(self) -> int:
        """The game RNG's state."""
        return self.rng

    @property
    def battles(self) -> int:
        """Battles played (CW-B2)."""
        return self.played

    @property
    def wars(self) -> int:
        """War stages begun (CW-B2); a double war counts 2."""
        return self.war_stages

    @property
    def termination(self) -> int:
        """-1 while the game runs, else an index into ``clone_war.TERMINATIONS``."""
        return self.ending

    @property
    def winner(self) -> int:
        """The winning seat, -1 while running or for a draw."""
        return self.winning_seat


class Log:
    """A battle's log: ``entries[0:n]``, four ints an entry."""

    n: int
    entries: list[int]


def new_position() -> Position:
    """A blank position, for :func:`reset` or :func:`copy_position` to fill."""
    return Position()


def new_log() -> Log:
    """An empty log."""
    log = Log()
    if not cython.compiled:
        log.n = 0
        log.entries = [0] * LOG_MAX
    return log


def reset(
    t: Position,
    players: int,
    rng_state: int,
    collect_order: int,
    forfeit_to_dead: int,
    play_what_you_can: int,
    split_round_robin: int,
    max_battles: int,
    cap_most_cards: int,
) -> None:
    """Empty piles and no battle yet, with these options and RNG state."""
    if not cython.compiled:
        t.cards = [[0] * RING for _ in range(4)]
        t.head, t.tail, t.out = [0] * 4, [0] * 4, [-1] * 4
        t.dead_cards = [0] * RING
    t.seats = players
    t.rng = rng_state
    t.collect_order = collect_order
    t.forfeit_to_dead = forfeit_to_dead
    t.play_what_you_can = play_what_you_can
    t.split_round_robin = split_round_robin
    t.max_battles = max_battles
    t.cap_most_cards = cap_most_cards
    t.ending = -1
    t.winning_seat = -1
    t.played = 0
    t.war_stages = 0
    t.ndead = 0
    for s in range(4):
        t.out[s] = -1
        t.head[s] = 0
        t.tail[s] = 0


def copy_position(target: Position, source: Position) -> None:
    """Make ``target`` the same position as ``source`` (no object is shared)."""
    if cython.compiled:
        target.cards = source.cards
        target.head = source.head
        target.tail = source.tail
        target.out = source.out
        target.dead_cards = source.dead_cards
    else:
        target.cards = [list(ring) for ring in source.cards]
        target.head, target.tail = list(source.head), list(source.tail)
        target.out, target.dead_cards = list(source.out), list(source.dead_cards)
    target.ndead = source.ndead
    target.seats = source.seats
    target.rng = source.rng
    target.collect_order = source.collect_order
    target.forfeit_to_dead = source.forfeit_to_dead
    target.play_what_you_can = source.play_what_you_can
    target.split_round_robin = source.split_round_robin
    target.cap_most_cards = source.cap_most_cards
    target.max_battles = source.max_battles
    target.played = source.played
    target.war_stages = source.war_stages
    target.ending = source.ending
    target.winning_seat = source.winning_seat


def check_int(name: str, value: object, low: object, high: object) -> int:
    """Refuse ``value`` unless it is an int (not a bool) in ``[low, high]``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:  # type: ignore[operator]
        raise ValueError(f"{name} must be an int in [{low}, {high}], got {value!r}")
    return 0
