# The C signatures of draw.py (GT-5, GT-6.1).

cimport cython
from cardwars.guerrilla.board cimport Board, Events

@cython.locals(j=int, m=int)
cdef void reshuffle(Board* st, int s, Events* ev) noexcept nogil
# inline: gcc puts it into draw_step; ties.py calls the exported function.
@cython.locals(_i=int, card=int, got=int)
cdef inline int draw_cards(Board* st, int s, int count, Events* ev) noexcept nogil
@cython.locals(s=int, need=int, got=int, out_n=int)
cdef void draw_step(Board* st, Events* ev) noexcept nogil
@cython.locals(i=int, j=int, s=int, card=int)
cdef void eliminate(Board* st, int* seats, int m, Events* ev) noexcept nogil
@cython.locals(s=int, first=int)
cdef void begin_play(Board* st, Events* ev) noexcept nogil
