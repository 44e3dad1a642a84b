# The C types of position.py: Aliwar's position (AW-2) as C arrays, its named constants.
cimport cython
from libc.stdint cimport uint64_t
from cardwars._core cimport _GAMMA, _mix, _rng_below

cdef extern from *:
    """
    /* Switch(a, b) for a < b over positions 0..5, lexicographic (the canonical order of
       the switch actions 0..14), and 15 the null switch (5, 5). */
    static const int AW_PAIR_A[16] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5};
    static const int AW_PAIR_B[16] = {1, 2, 3, 4, 5, 2, 3, 4, 5, 3, 4, 5, 4, 5, 5, 5};
    """
    const int PAIR_A "AW_PAIR_A"[16]
    const int PAIR_B "AW_PAIR_B"[16]

cdef enum:
    RING = 64            # a stack is a ring of 64 slots (it never holds more than 52 cards)
    RING_MASK = 63
    TIE = -1             # a conflict's outcome when nobody wins the column
    # the phases
    SWITCH = 0
    KEEP = 1
    OVER = 2
    # the terminations (AW-7.4, AW-7.6), in the order of aliwar.TERMINATIONS
    EMPTY_STACK = 0
    DOUBLE_LOSS = 1
    NO_PROGRESS = 2
    MAX_ROUNDS = 3
    # the actions: 0..14 Switch(a, b), 15 the null switch, 16 + 5 card + stack a Keep,
    # 276 Decline
    NULL_SWITCH = 15
    KEEP_BASE = 16
    DECLINE = 276
    NUM_ACTIONS = 277
    # the event kinds (the table in machine.py) and the most ints a step writes
    EV_REVEALED = 0
    EV_CONFLICT = 1
    EV_EMPTIED = 2
    EV_DISCARDED = 3
    EV_RETURNED = 4
    EV_KEPT = 5
    EV_DECLINED = 6
    EV_FLIPPED = 7
    EV_OVER = 8
    EVENT_INTS = 512
    # the built-in agents' codes
    AGENT_RANDOM = 0
    AGENT_GREEDY = 1


cdef class Position:
    cdef unsigned char ring[640] # stack (seat s, column c) is ring[64 (5 s + c) ..], top at head
    cdef int head[10]
    cdef int size[10]
    cdef int protection[2]
    cdef int phase
    cdef int won[10]           # seat s's won cards at won[5 s ..] (Keep phase)
    cdef int won_count[2]
    cdef int returning[10]     # 1: the top won or tied and lies face up until it returns
    cdef int empty_stack[2]    # Keep phase: the one emptied stack a keep must refill, or -1
    cdef int discard[52]
    cdef int n_discard
    cdef long long rounds
    cdef long long no_progress
    cdef long long longest     # the longest run of rounds without a discard
    cdef uint64_t seen         # bit card set once that card has been face up (AW-8.3)
    cdef int termination       # -1 until the game is over
    cdef int winner            # the winning seat, or -1
    cdef int n_switches        # the options
    cdef bint kept_below
    cdef bint double_loss_most
    cdef bint cap_most
    cdef long long no_progress_limit
    cdef long long max_rounds
    cdef bint log              # the steps write their events to ev
    cdef int ev[512]
    cdef int n_ev
    cdef uint64_t rng          # the game RNG (the deal)
    cdef uint64_t agent_rng[2] # the built-in agents' RNGs (batch loop, vector tables)

    cdef void copy_into(self, Position o) noexcept


@cython.locals(i=int)
cdef void reset(Position g, bint null_switch, bint kept_below, bint double_loss_most,
                long long no_progress_limit, long long max_rounds, bint cap_most) noexcept nogil
@cython.locals(i=int, s=int, c=int)
cdef void deal(Position g, uint64_t seed) noexcept nogil

# The shared RNG's two steps the built-in agents and the tables take (position.py has them
# interpreted): inline here, so that each module's loops inline them.
cdef inline uint64_t derive(uint64_t seed, uint64_t index) noexcept nogil:
    # derive_seed(seed, index): the seed of game or agent ``index``
    return _mix(seed + (index + 1) * _GAMMA)

cdef inline int agent_below(Position g, int s, int n) noexcept nogil:
    # a draw in [0, n) from the RNG of the built-in agent at seat s
    return _rng_below(&g.agent_rng[s], n)

@cython.locals(i=int, s=int, c=int)
cdef void start_round(Position g) noexcept nogil
cpdef int check_flag(object value, str name) except -1
cpdef long long check_limit(object value, str name) except -1
cpdef int check_card(object value, str what) except -1
