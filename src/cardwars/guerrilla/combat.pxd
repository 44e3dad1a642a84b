# The C signatures of combat.py (GT-6 to GT-9).

cimport cython
from cardwars.guerrilla.board cimport Board, Events

@cython.locals(s=int, card=int, others=int)
cdef void on_play(Board* st, int* chosen, bint first, Events* ev) noexcept nogil
@cython.locals(s=int, best=int, leaders=int)
cdef inline void evaluate(Board* st, Events* ev) noexcept nogil
@cython.locals(s=int, mask=int)
cdef inline void open_support(Board* st, Events* ev) noexcept nogil
@cython.locals(s=int, card=int, supported=bint)
cdef void on_support(Board* st, int* chosen, Events* ev) noexcept nogil
@cython.locals(s=int, m=int)
cdef inline void after_support(Board* st, Events* ev) noexcept nogil
