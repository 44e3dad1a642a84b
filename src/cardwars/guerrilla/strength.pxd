# The C signatures of strength.py (GT-1.5, GT-7, GT-8.4).

cimport cython

cdef enum:
    PAIR = 1024  # above every non-pair strength (at most 14 * 32 + 15)

@cython.locals(ea=int, eb=int)
cdef int strength2(int a, int b, int grank, bint kicker, bint ace_low) noexcept nogil

# Inline where it is cimported (board's table of worths); strength.py has the same text.
cdef inline int effective(int card, int grank, bint ace_low) noexcept nogil:
    cdef int rank = card % 13 + 2
    if rank == 14 and ace_low:
        return 0
    if rank <= grank:
        return 1
    return rank
