# The C signatures of turns.py (who is asked what, and the step that routes the answers).

cimport cython
from cardwars.guerrilla.board cimport Board, Events

@cython.locals(phase=int)
cdef void step(Board* st, int* chosen, Events* ev) noexcept nogil
@cython.locals(o=int, v=int, best=int)
cdef int best_other(Board* st, int s) noexcept nogil
@cython.locals(stronger=int, outcome=int, rule=int)
cdef inline bint may_support(Board* st, int s, int card, int best_other) noexcept nogil
@cython.locals(i=int, j=int, m=int, c=int, phase=int, count=int, mode=int, up=int, down=int,
               picked=bint, cards=cython.p_int)
cdef int legal(Board* st, int s, int* out) noexcept nogil
