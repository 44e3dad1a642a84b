# The C types of battles.py.
# (An inline declaration here makes Cython warn "Declarations should not be declared
# inline" but it is honoured: those steps are inlined into the battle and its loops.)

cimport cython
from libc.stdint cimport uint64_t

from cardwars.clone_war.position cimport Log, Position

cdef int size(Position t, int s) noexcept nogil
cdef inline int pop(Position t, int s) noexcept nogil
cdef void push(Position t, int s, int c) noexcept nogil
@cython.locals(ring="unsigned char*", tail="unsigned int", i=int)
cdef inline void push_run(Position t, int s, int* cards, int a, int b) noexcept nogil
cdef void bury(Position t, int c) noexcept nogil
@cython.locals(i=int)
cdef list pile_ids(Position t, int s)
@cython.locals(s=int)
cdef int fill(Position t, object piles, object dead) except -1
cdef inline void note(Log log, int op, int a, int b, int c) noexcept nogil
@cython.locals(i=int)
cdef void shuffle_cards(Position t, int* pot, int n) noexcept nogil
@cython.locals(s=int, n=int)
cdef int seats_in(Position t) noexcept nogil
@cython.locals(s=int, alive=int, last_alive=int)
cdef void finish_setup(Position t) noexcept nogil
@cython.locals(s=int, r=int, best=int, top=int)
cdef inline int highest(int mask, int* last, int n) noexcept nogil
@cython.locals(s=int)
cdef inline int lowest_seat(int mask) noexcept nogil
@cython.locals(down=int, up=int)
cdef inline int place_war_cards(
    Position t, int s, int* pot, int* pot_seat, int npot, int* last, Log log
) noexcept nogil
@cython.locals(
    n=int, npot=int, nstages=int, stage=int, s=int, c=int, r=int, best=int, tied=int,
    fighters=int, nshort=int, ntied=int, size_s=int, new=int, winner=int, split_mask=int,
    drew=int, sole=bint,
)
cdef int battle(Position t, Log log, bint use_cap) noexcept nogil
@cython.locals(s=int, i=int, nseats=int, dealt=int)
cdef inline int split_pot(Position t, int split_mask, int* pot, int npot, Log log) noexcept nogil
@cython.locals(k=int, a=int, b=int, i=int, first=int, drew=int)
cdef inline int collect_pot(
    Position t, int winner, int* pot, int* pot_seat, int npot, int* stage_start, int nstages,
    Log log,
) noexcept nogil
@cython.locals(s=int, eliminated=int, alive=int, last_alive=int, most=int, nmost=int)
cdef inline void end_checks(Position t, Log log, bint use_cap) noexcept nogil
@cython.locals(s=int, i=int)
cdef inline bint same_ranks(Position x, Position y) noexcept nogil
cdef inline bint advance(Position t) noexcept nogil
@cython.locals(
    left="long long", hare_cap="long long", steps="long long", power="long long",
    lam="long long", mu="long long", _i="long long",
)
cdef long long search(Position start, Position hare, Position tortoise) noexcept nogil
cdef long long cycle_length(Position start) except? -2
cdef long long NEVER
cdef long long CHECK_AFTER

cdef inline uint64_t _deal_seed(uint64_t seed, uint64_t k) noexcept nogil
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
