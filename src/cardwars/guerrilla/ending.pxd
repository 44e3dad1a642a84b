# The C signatures of ending.py (GT-14).

cimport cython
from cardwars.guerrilla.board cimport Board, Events

@cython.locals(i=int, best=int, top=int, seat=int)
cdef int unique_max(int* seats, int m, int* values) noexcept nogil
@cython.locals(s=int, i=int, left=int, m=int, w=int, termination=int)
cdef void end_by_elimination(Board* st, Events* ev) noexcept nogil
@cython.locals(s=int, m=int, w=int)
cdef void end_at_cap(Board* st, Events* ev) noexcept nogil
@cython.locals(s=int, o=int, place=int)
cdef void end_game(Board* st, int termination, int winner, Events* ev) noexcept nogil
