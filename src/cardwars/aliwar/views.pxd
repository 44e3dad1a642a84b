# The C types of views.py: what the players may know (AW-8), as objects and as codes.
cimport cython
from libc.stdint cimport uint64_t
from cardwars.aliwar.position cimport Position

@cython.locals(s=int, c=int, i=int, size=int, head=int, base=int, up=bint, card=int,
               shown=uint64_t)
cdef void encode(Position g, float* o, int at, bint hide, uint64_t known) noexcept nogil
@cython.locals(i=int, stack=int, base=int)
cdef void mask_row(Position g, int s, signed char* k, int at) noexcept nogil
@cython.locals(i=int, k=int, kind=int, count=int)
cpdef tuple event_objects(Position g, object faces, object result)
