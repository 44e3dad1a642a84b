# The C signatures of spoils.py (GT-11 to GT-13).

cimport cython
from cardwars.guerrilla.board cimport Board, Events

# inline: gcc puts it into decided and forces_lost; turns.py and views.py call it exported.
@cython.locals(s=int, i=int, m=int)
cdef inline int table_cards(Board* st, int* card, int* owner, int* up) noexcept nogil
@cython.locals(i=int, u_n=int, lost=int, has_g=bint)
cdef void decided(Board* st, int* winners, int wn, Events* ev) noexcept nogil
@cython.locals(i=int)
cdef void on_remove(Board* st, int* chosen, Events* ev) noexcept nogil
@cython.locals(i=int, j=int, s=int, w=int, u_n=int, rest_n=int, r_n=int, count=int)
cdef void forces_lost(Board* st, int* lost, int lost_n, Events* ev) noexcept nogil
@cython.locals(s=int, i=int, best=int, m=int, tied=bint)
cdef int next_best(Board* st, int* out) noexcept nogil
