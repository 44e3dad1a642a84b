# The C types of round.py: the rule steps of a round (AW-4 to AW-7).
cimport cython
from cardwars.aliwar.position cimport Position


cdef int top(Position g, int s, int c) noexcept nogil
@cython.locals(i=int, card=int)
cdef inline int _pop(Position g, int s, int c) noexcept nogil
@cython.locals(i=int)
cdef inline void _push(Position g, int s, int c, int card) noexcept nogil
@cython.locals(i=int, card=int)
cdef inline int _to_bottom(Position g, int s, int c) noexcept nogil
cdef void put(Position g, int value) noexcept nogil
@cython.locals(rank_a=int, rank_b=int, protected_a=bint, protected_b=bint)
cdef int conflict(int a, int b, int suit_a, int suit_b) noexcept nogil
@cython.locals(s=int, c=int, a=int, b=int, tmp=int, outcome=int, loser=int, empty=int, i=int)
cdef void switch_step(Position g, int choice_0, int choice_1) noexcept nogil
@cython.locals(s=int, c=int)
cdef int most_cards(Position g) noexcept nogil
cdef void end(Position g, int termination, bint most, int winner) noexcept nogil
@cython.locals(s=int, c=int, i=int, card=int, back=int, count_at=int, start=int, pos=int)
cdef int return_cards(Position g, int* kept_card, int* kept_stack) noexcept nogil
@cython.locals(s=int, c=int, discarded=int)
cdef void finish_round(Position g, int* kept_card, int* kept_stack) noexcept nogil
@cython.locals(s=int, action=int)
cdef void keep_step(Position g, int action_0, int action_1) noexcept nogil
@cython.locals(card=int, stack=int, i=int)
cdef bint keep_is_legal(Position g, int s, int action) noexcept nogil
