# The C types of cycle_rule.py.

cimport cython

from cardwars.clone_war.position cimport Position

@cython.locals(s=int, i=int)
cdef bint same_ranks(Position x, Position y) noexcept nogil
cdef bint advance(Position t) noexcept nogil
@cython.locals(
    left="long long", hare_cap="long long", steps="long long", power="long long",
    lam="long long", mu="long long", _i="long long",
)
cdef long long search(Position start, Position hare, Position tortoise) noexcept nogil
cdef long long cycle_length(Position start) except? -2
