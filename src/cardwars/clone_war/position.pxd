# The C types of position.py: a Clone War position as one C object, its named constants.

cimport cython
from libc.stdint cimport uint64_t

cdef enum:
    RING = 64        # ring capacity per seat: a power of two above 48 cards
    RING_MASK = 63
    LOG_MAX = 1024   # ints; a battle logs far fewer (at most ~25 stages of 5 entries)

# Log entries [op, a, b, c] (docs/api/clone_war.rst says what a, b and c are).
cdef enum:
    OP_FLIP = 0
    OP_WAR = 1
    OP_FORFEIT = 2
    OP_PLACE = 3
    OP_LAST = 4
    OP_SPLIT = 5
    OP_COLLECT = 6
    OP_ELIMINATED = 7
    OP_END = 8

cdef enum:
    LAST_PLAYER = 0
    CYCLE = 1
    CAP = 2
    COLLECT_WINNER_FIRST = 0
    COLLECT_SEAT_ORDER = 1
    COLLECT_SHUFFLED = 2


cdef class Position:
    cdef unsigned char cards[4][64]  # v = id * 4 + rank <= 190
    cdef unsigned int head[4]
    cdef unsigned int tail[4]
    cdef long long out[4]
    cdef unsigned char dead_cards[64]
    cdef int ndead
    cdef int seats
    cdef uint64_t rng
    cdef int collect_order
    cdef int forfeit_to_dead
    cdef int play_what_you_can
    cdef int split_round_robin
    cdef int cap_most_cards
    cdef long long max_battles
    cdef long long played
    cdef long long war_stages
    cdef int ending
    cdef int winning_seat


cdef class Log:
    cdef int n
    cdef int entries[1024]


@cython.locals(s=int)
cdef void reset(
    Position t, int players, uint64_t rng_state, int collect_order, int forfeit_to_dead,
    int play_what_you_can, int split_round_robin, long long max_battles, int cap_most_cards,
) noexcept nogil
cdef void copy_position(Position target, Position source) noexcept nogil
cdef Position new_position()
cdef Log new_log()
cpdef int check_int(str name, object value, object low, object high) except -1
