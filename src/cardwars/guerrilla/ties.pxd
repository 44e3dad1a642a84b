# The C signatures of ties.py (GT-10).

cimport cython
from cardwars.guerrilla.board cimport Board, Events

@cython.locals(i=int, s=int, out_n=int, left_n=int, mask=int)
cdef void tie_check(Board* st, Events* ev) noexcept nogil
@cython.locals(s=int, a=int, up=int, down=int, best=int, m=int, outcome=int)
cdef void on_tie(Board* st, int* chosen, Events* ev) noexcept nogil
