# The C types of whole_game.py.

cimport cython
from libc.stdint cimport uint64_t

from cardwars.clone_war.position cimport Position

cdef long long NEVER
cdef long long CHECK_AFTER

cdef uint64_t _deal_seed(uint64_t seed, uint64_t k) noexcept nogil
@cython.locals(i=int, s=int, per=int)
cdef void deal(Position t, uint64_t seed) noexcept nogil
@cython.locals(check_at="long long", j="long long", i="long long", drew=int)
cdef void play_to_end(
    Position t, Position base, Position hare, Position tortoise, bint cycle_detection
) noexcept nogil

@cython.locals(t=Position, base=Position, hare=Position, tortoise=Position, k=Py_ssize_t)
cdef void play_games(
    uint64_t seed, uint64_t first, Py_ssize_t count, int players, int collect_order,
    int forfeit_cards_to, int short_war, int split_remainder, int cycle_detection,
    long long max_battles, int cap_result, long long[:] length, long long[:] wars,
    signed char[:] winner, signed char[:] termination,
) noexcept


cdef class CloneWarTable(Position):
    cdef bint _drew
