# The C types of one_battle.py.

cimport cython

from cardwars.clone_war.position cimport Log, Position

@cython.locals(s=int, r=int, best=int, top=int)
cdef int highest(int mask, int* last, int n) noexcept nogil
@cython.locals(s=int)
cdef int lowest_seat(int mask) noexcept nogil
@cython.locals(down=int, up=int)
cdef int place_war_cards(
    Position t, int s, int* pot, int* pot_seat, int npot, int* last, Log log
) noexcept nogil
@cython.locals(
    n=int, npot=int, nstages=int, stage=int, s=int, c=int, r=int, best=int, tied=int,
    fighters=int, nshort=int, ntied=int, size_s=int, new=int, winner=int, split_mask=int,
    drew=int, sole=bint,
)
cdef int battle(Position t, Log log, bint use_cap) noexcept nogil
@cython.locals(s=int, i=int, nseats=int, dealt=int)
cdef int split_pot(Position t, int split_mask, int* pot, int npot, Log log) noexcept nogil
@cython.locals(k=int, a=int, b=int, i=int, drew=int)
cdef int collect_pot(
    Position t, int winner, int* pot, int* pot_seat, int npot, int* stage_start, int nstages,
    Log log,
) noexcept nogil
@cython.locals(s=int, eliminated=int, alive=int, last_alive=int, most=int, nmost=int)
cdef void end_checks(Position t, Log log, bint use_cap) noexcept nogil
