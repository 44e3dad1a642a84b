# The C types of tricks.py: a Beggar-my-neighbour position as one C object, and the C
# signatures of the rules. Nothing here states a rule: tricks.py does.

cimport cython
from libc.stdint cimport uint64_t

cdef enum:
    RING = 64          # ring capacity per hand: a power of two above the 52 cards
    RING_MASK = 63
    DECK_MAX = 52
    OUT_OF_CARDS = 0   # the terminations, indices into TERMINATIONS
    CYCLE = 1
    CHECK_AFTER = 1024 # tricks a batch game plays before it first looks for a cycle


cdef class Position:
    cdef unsigned char hand[2][64]
    cdef unsigned int head[2]
    cdef unsigned int tail[2]
    cdef unsigned char demand[64]
    cdef unsigned char pile[64]
    cdef unsigned char pile_seat[64]
    cdef int npile
    cdef int ncards
    cdef int reverse
    cdef int leader
    cdef long long tricks
    cdef long long cards
    cdef long long cycle
    cdef int ending
    cdef int winning_seat
    cdef uint64_t rng


cdef int size(Position t, int s) noexcept nogil
cdef void push(Position t, int s, int c) noexcept nogil
@cython.locals(i=int)
cdef void reset(Position t, int ncards, int reverse) noexcept nogil
cdef void copy_position(Position target, Position source) noexcept nogil
@cython.locals(i=int)
cdef void take_pile(Position t, int s, int n) noexcept nogil
@cython.locals(p=int, n=int, owed=int, c=int, d=int, ring="unsigned char*", head="unsigned int")
cdef int trick(Position t) noexcept nogil
@cython.locals(s=int, i=int, n=int)
cdef bint same(Position x, Position y) noexcept nogil
@cython.locals(power="long long", lam="long long")
cdef long long cycle_length(Position start, Position hare, Position tortoise) noexcept nogil
@cython.locals(_i="long long")
cdef void cycle_start(Position start, Position hare, Position tortoise, long long lam) noexcept nogil
@cython.locals(lam="long long")
cdef void play_to_end(Position t, Position base, Position hare, Position tortoise) noexcept nogil
cdef uint64_t _deal_seed(uint64_t seed, uint64_t k) noexcept nogil
@cython.locals(i=int)
cdef void deal(Position t, uint64_t seed) noexcept nogil
@cython.locals(t=Position, base=Position, hare=Position, tortoise=Position, k=Py_ssize_t, i=int)
cdef void play_games(
    uint64_t seed, uint64_t first, Py_ssize_t count, object demands, int ncards, int reverse,
    long long[:] tricks, long long[:] cards, long long[:] cycle, signed char[:] winner,
    signed char[:] termination,
)
cpdef int check_int(str name, object value, object low, object high) except -1
