# The C signatures of promotion.py (GT-2 to GT-4).

cimport cython
from cardwars.guerrilla.board cimport Board, Events

@cython.locals(s=int, i=int)
cdef void deal(Board* st, Events* ev) noexcept nogil
cdef void start_skirmish(Board* st, Events* ev) noexcept nogil
@cython.locals(n=int, s=int, d=int, count=int, proposer=int, best=int, lead=int)
cdef void on_propose(Board* st, int* chosen, Events* ev) noexcept nogil
@cython.locals(n=int, s=int, d=int, reveals=int, rejecters=int, proposer=int)
cdef void on_respond(Board* st, int* chosen, Events* ev) noexcept nogil
@cython.locals(_i=int, taken=int)
cdef void recruit(Board* st, int s, int source, Events* ev) noexcept nogil
cdef void after_promotion(Board* st, Events* ev) noexcept nogil
