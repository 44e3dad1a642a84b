# The C signatures of strength.py (GT-1.5, GT-7, GT-8.4).

cimport cython

cdef enum:
    PAIR = 1024  # above every non-pair strength (at most 14 * 32 + 15)

@cython.locals(rank=int)
cdef int effective(int card, int grank, bint ace_low) noexcept nogil
@cython.locals(ea=int, eb=int)
cdef int strength2(int a, int b, int grank, bint kicker, bint ace_low) noexcept nogil
